//! The rewind point of a play (422): the state a spell, ability, special
//! action or payment started from, restored if the play is abandoned.
//!
//! Not a whole copy of the game (issue 22): everything but the object
//! arena is copied; of the arena, only the objects outside the libraries
//! are, with the arena's length. A card in a library changes only by
//! leaving it (a zone change, 217.1c), and every zone change goes through
//! `Game::relocate`, which saves such a card first
//! (`Game::note_rewind_library_move`); objects created since (only ever
//! added at the end of the arena) are dropped. Debug builds also keep the
//! whole arena and check that the rebuilt one equals it.
//!
//! A finished point's allocations are kept for the next one
//! (`RewindSpare`): the players' lists, the arena's saved objects and the
//! box are refilled rather than allocated again (issue 22).

use crate::state::object::Object;
use crate::state::player::Player;
use crate::{Game, Zone};
use serde::{Deserialize, Serialize};

/// 422: what rewinding restores (`Game::rewind`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RewindPoint {
    /// The game at the rewind point, its `objects` and `events` left empty
    /// (and its board, when it was valid: `Board::rewound`).
    pub(crate) game: Game,
    /// How many objects the arena had.
    pub(crate) len: usize,
    /// The objects outside the libraries then, and each library card that
    /// left its library since, as they were (the first entry of a slot is
    /// its value at the rewind point).
    pub(crate) saved: Vec<(u32, Object)>,
    /// Debug builds: the whole arena, to check the rebuilt one.
    #[cfg(debug_assertions)]
    #[serde(skip)]
    pub(crate) full: Vec<Object>,
}

/// The allocations of the last finished rewind point, refilled by the
/// next one (`Game::rewind_spare`, issue 22). Scratch storage, not game
/// state: its contents are never read, only overwritten; a copy of the
/// game starts without it (so `Game` stays plain `Clone` data whose copies
/// hold the same game) and a save doesn't hold it.
#[derive(Default)]
pub struct RewindSpare(Option<Box<RewindPoint>>);

impl Clone for RewindSpare {
    fn clone(&self) -> Self {
        RewindSpare(None)
    }
}

impl std::fmt::Debug for RewindSpare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RewindSpare")
    }
}

/// `dst` made equal to `src` (the players of a rewind point), reusing the
/// allocations of `dst`'s names and zone lists. Each list of `src` is taken
/// out while the rest of the player is cloned, so that clone allocates
/// nothing for them, and put back.
fn clone_players_into(dst: &mut Vec<Player>, src: &mut [Player]) {
    dst.truncate(src.len());
    for (i, s) in src.iter_mut().enumerate() {
        let name = std::mem::take(&mut s.name);
        let library = std::mem::take(&mut s.library);
        let hand = std::mem::take(&mut s.hand);
        let graveyard = std::mem::take(&mut s.graveyard);
        let mut c = s.clone();
        s.name = name;
        s.library = library;
        s.hand = hand;
        s.graveyard = graveyard;
        if let Some(d) = dst.get_mut(i) {
            c.name = std::mem::take(&mut d.name);
            c.library = std::mem::take(&mut d.library);
            c.hand = std::mem::take(&mut d.hand);
            c.graveyard = std::mem::take(&mut d.graveyard);
        }
        c.name.clone_from(&s.name);
        c.library.clone_from(&s.library);
        c.hand.clone_from(&s.hand);
        c.graveyard.clone_from(&s.graveyard);
        match dst.get_mut(i) {
            Some(d) => *d = c,
            None => dst.push(c),
        }
    }
}

impl RewindPoint {
    /// The rewind point of `g` now (its own rewind point, if any, is
    /// retired first), built in the spare allocations when there are some.
    pub(crate) fn of(g: &mut Game) -> Box<RewindPoint> {
        g.retire_rewind();
        let spare = g.rewind_spare.0.take();
        let objects = std::mem::take(&mut g.objects);
        let events = std::mem::take(&mut g.events);
        // A valid board (derived data) isn't copied: the restored game
        // recomputes it (`Board::rewound`).
        let board = g.board.valid.then(|| std::mem::take(&mut g.board));
        // The players and `in_play` are copied into the spare's lists.
        let players = std::mem::take(&mut g.players);
        let in_play = std::mem::take(&mut g.in_play);
        let mut game = g.clone();
        g.objects = objects;
        g.events = events;
        g.players = players;
        g.in_play = in_play;
        if let Some(board) = board {
            g.board = board;
            game.board.rewound = true;
        }
        let (point, mut saved) = match spare {
            Some(mut point) => {
                game.players = std::mem::take(&mut point.game.players);
                game.in_play = std::mem::take(&mut point.game.in_play);
                let saved = std::mem::take(&mut point.saved);
                (Some(point), saved)
            }
            None => (None, Vec::new()),
        };
        clone_players_into(&mut game.players, &mut g.players);
        game.in_play.clone_from(&g.in_play);
        saved.clear();
        saved.extend(
            g.objects
                .iter()
                .enumerate()
                .filter(|(_, o)| !matches!(o.zone, Zone::Library(_)))
                .map(|(i, o)| (i as u32, *o)),
        );
        match point {
            Some(mut p) => {
                p.game = game;
                p.len = g.objects.len();
                p.saved = saved;
                #[cfg(debug_assertions)]
                p.full.clone_from(&g.objects);
                p
            }
            None => Box::new(RewindPoint {
                game,
                len: g.objects.len(),
                saved,
                #[cfg(debug_assertions)]
                full: g.objects.clone(),
            }),
        }
    }

    /// The arena at the rewind point, rebuilt from `objects` (the arena now).
    pub(crate) fn rebuild(&self, mut objects: Vec<Object>) -> Vec<Object> {
        objects.truncate(self.len);
        // The first entry of a slot wins: applied last.
        for (s, o) in self.saved.iter().rev() {
            objects[*s as usize] = *o;
        }
        #[cfg(debug_assertions)]
        if !self.full.is_empty() {
            debug_assert!(
                objects == self.full,
                "a library object changed during a play without a zone change (422)"
            );
        }
        objects
    }

    /// The game at the rewind point, whose arena now is `objects`.
    pub(crate) fn into_game(self, objects: Vec<Object>) -> Game {
        let objects = self.rebuild(objects);
        let mut g = self.game;
        g.objects = objects;
        g
    }

    /// A copy of the game at the rewind point (to validate it).
    pub(crate) fn game_from(&self, objects: &[Object]) -> Game {
        let mut g = self.game.clone();
        g.objects = self.rebuild(objects.to_vec());
        g
    }

    /// A hidden card re-dealt in a determinized copy (the objects the
    /// rewind point keeps its own copy of).
    pub(crate) fn set_card(&mut self, slot: usize, card: tolaria_cards::CardId) {
        for (s, o) in &mut self.saved {
            if *s as usize == slot {
                o.card = card;
            }
        }
        #[cfg(debug_assertions)]
        if let Some(o) = self.full.get_mut(slot) {
            o.card = card;
        }
    }
}

impl Game {
    /// The play is finished: its rewind point is no longer held, and its
    /// allocations are kept for the next one (`RewindSpare`).
    #[inline]
    pub(crate) fn retire_rewind(&mut self) {
        if let Some(point) = self.rewind.take() {
            self.rewind_spare.0 = Some(point);
        }
    }

    /// A card leaves its library while a rewind point is held: it is saved
    /// as it was (see `RewindPoint`).
    #[inline]
    pub(crate) fn note_rewind_library_move(&mut self, slot: u16) {
        if let Some(r) = self.rewind.as_mut() {
            if (slot as usize) < r.len {
                r.saved.push((u32::from(slot), self.objects[slot as usize]));
            }
        }
    }
}
