//! 506: subgames (Shahrazad). The engine's top level is a stack of games:
//! while a subgame is played, the `Game` value *is* the subgame, and the
//! suspended main game is boxed inside it (`Game::main`). Every decision,
//! legal action, `apply` and `view` is the subgame's; when it ends, its
//! cards go back (506.6), the main game takes its place again and the
//! resolving spell that created it goes on (506.1). A subgame may create
//! its own subgame (506.7): the stack is as deep as the games are nested.

use crate::engine::Flow;
use crate::event::MoveReason;
use crate::resolve::ResolveCtx;
use crate::{Event, Game, GameResult, ObjId, PlayerId, Zone};

impl Game {
    /// 506.3, 506.4: each player removes their library from the game face
    /// down; it becomes their deck in a new game, which begins as a game
    /// does (101: shuffle, a random starting player, hands of seven,
    /// mulligans). The subgame is entered once the current effect's work
    /// is done (`enter_or_leave_subgames`), so that nothing of the main
    /// game runs inside it.
    pub(crate) fn begin_subgame(&mut self, _ctx: &ResolveCtx) {
        let players: Vec<PlayerId> = self.player_ids().collect();
        let mut origin = Vec::new();
        let mut decks: Vec<(String, Vec<tolaria_cards::CardId>)> = Vec::new();
        for &p in &players {
            // Bottom to top, so the deck lists the library in order
            // (the subgame shuffles it anyway, 101.1).
            let library = self.player(p).library.clone();
            let mut cards = Vec::with_capacity(library.len());
            for id in library {
                let card = self.objects[id.slot as usize].card;
                // 506.3: "Abilities that trigger on cards being removed
                // from the main game face down will trigger" (and wait,
                // 506.2): an ordinary zone change of the main game.
                if let Some(new) =
                    self.move_face_down(id, Zone::RemovedFromGame, MoveReason::Subgame)
                {
                    origin.push(new);
                    cards.push(card);
                }
            }
            decks.push((self.player(p).name.clone(), cards));
        }
        let depth = self.subgame_depth() as u8 + 1;
        self.emit(Event::SubgameBegins { depth });
        let seed = self.rng.next_u64();
        let named: Vec<(&str, Vec<tolaria_cards::CardId>)> =
            decks.iter().map(|(n, c)| (n.as_str(), c.clone())).collect();
        let mut sub = Game::new_game(&named, seed);
        // `new_game` creates the cards in deck order, one slot each.
        sub.subgame_origin = origin;
        self.subgame_pending = Some(Box::new(sub));
    }

    /// How many games this one is nested in (0 for the first game).
    pub fn subgame_depth(&self) -> usize {
        let mut n = 0;
        let mut g = self;
        while let Some(m) = g.main.as_deref() {
            n += 1;
            g = m;
        }
        n
    }

    /// The main game this subgame suspended (506.1), if this is a subgame.
    pub fn main_game(&self) -> Option<&Game> {
        self.main.as_deref()
    }

    /// Called when an action's work stops: a subgame created by an effect
    /// begins (the main game is put inside it), and a subgame that is over
    /// ends (the main game takes its place and resumes). Repeats, since a
    /// resumed main game may go straight on into another subgame or end.
    pub(crate) fn enter_or_leave_subgames(&mut self) {
        loop {
            if let Some(sub) = self.subgame_pending.take() {
                let mut main = std::mem::replace(self, *sub);
                // The event stream goes on in order: the main game's events
                // up to now, then the subgame's opening (shuffles, hands).
                let mut events = std::mem::take(&mut main.events);
                events.append(&mut self.events);
                self.events = events;
                self.main = Some(Box::new(main));
                continue;
            }
            if self.is_over() && self.main.is_some() {
                self.leave_subgame();
                continue;
            }
            return;
        }
    }

    /// 506.6: the subgame is over. Each card brought in from the main game
    /// goes back into its owner's main-game library, except the cards
    /// removed from the game in the subgame, which stay removed from the
    /// main game; tokens and copies simply cease to exist with the
    /// subgame. Then each library is shuffled, and the main game resumes
    /// the resolution that created the subgame.
    fn leave_subgame(&mut self) {
        let depth = self.subgame_depth() as u8;
        let Some(main) = self.main.take() else {
            return;
        };
        let winner = match self.result {
            Some(GameResult::Win(p)) => Some(p),
            _ => None,
        };
        let result = self.result.unwrap_or(GameResult::Draw);
        let sub = std::mem::replace(self, *main);
        let mut events = std::mem::take(&mut self.events);
        events.extend(sub.events.iter().cloned());
        self.events = events;
        for (slot, &from) in sub.subgame_origin.iter().enumerate() {
            let Some(o) = sub.objects.get(slot) else {
                continue;
            };
            if o.zone == Zone::RemovedFromGame {
                // "Instead they remain removed from the game in the main
                // game", face up or face down as they are in the subgame.
                if let Some(m) = self.obj_mut(from) {
                    m.flags = (m.flags & !crate::object::flags::FACE_DOWN)
                        | (o.flags & crate::object::flags::FACE_DOWN);
                }
                continue;
            }
            let owner = self.objects[from.slot as usize].owner;
            self.move_to(from, Zone::Library(owner), MoveReason::SubgameEnded);
        }
        for p in self.player_ids().collect::<Vec<_>>() {
            self.shuffle_library(p);
        }
        self.subgame_result = Some(result);
        self.emit(Event::SubgameEnded { depth, winner });
        self.touched();
        // 506.1: the main game resumes where it stopped: the rest of the
        // resolving spell (Shahrazad's life loss), then on as usual.
        self.flow = Flow::Resolving;
        self.run_resolution();
        self.advance();
    }

    /// Shahrazad's "each player who doesn't win the subgame": every player
    /// but the subgame's winner (all of them after a draw), in APNAP order.
    pub(crate) fn not_winning_subgame(&self) -> Vec<PlayerId> {
        let winner = match self.subgame_result {
            Some(GameResult::Win(p)) => Some(p),
            _ => None,
        };
        self.apnap_from(self.active)
            .filter(|&p| Some(p) != winner)
            .collect()
    }

    /// The main-game ids of the cards a subgame was played with, for tests
    /// and views.
    pub fn subgame_origin(&self) -> &[ObjId] {
        &self.subgame_origin
    }
}
