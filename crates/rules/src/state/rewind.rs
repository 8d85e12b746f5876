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

use crate::state::object::Object;
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

impl RewindPoint {
    /// The rewind point of `g` now (its own rewind point, if any, is dropped).
    pub(crate) fn of(g: &mut Game) -> RewindPoint {
        g.rewind = None;
        let objects = std::mem::take(&mut g.objects);
        let events = std::mem::take(&mut g.events);
        // A valid board (derived data) isn't copied: the restored game
        // recomputes it (`Board::rewound`).
        let board = g.board.valid.then(|| std::mem::take(&mut g.board));
        // Nor the kept priority listings (derived data, kept_listing.rs).
        let listings = g.listing.take_kept();
        let mut game = g.clone();
        g.objects = objects;
        g.events = events;
        g.listing.restore_kept(listings);
        if let Some(board) = board {
            g.board = board;
            game.board.rewound = true;
        }
        let in_libraries: usize = g.players.iter().map(|p| p.library.len()).sum();
        let mut saved = Vec::with_capacity(g.objects.len().saturating_sub(in_libraries));
        for (i, o) in g.objects.iter().enumerate() {
            if !matches!(o.zone, Zone::Library(_)) {
                saved.push((i as u32, *o));
            }
        }
        RewindPoint {
            game,
            len: g.objects.len(),
            saved,
            #[cfg(debug_assertions)]
            full: g.objects.clone(),
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
