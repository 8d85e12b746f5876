//! 506: subgames (Shahrazad). The engine's top level is a stack of games:
//! while a subgame is played, the `Game` value *is* the subgame, and the
//! suspended main game is boxed inside it (`Game::main`). Every decision,
//! legal action, `apply` and `view` is the subgame's; when it ends, its
//! cards go back (506.6), the main game takes its place again and the
//! resolving spell that created it goes on (506.1). A subgame may create
//! its own subgame (506.7): the stack is as deep as the games are nested.

use crate::state::event::MoveReason;
use crate::state::progress::Flow;
use crate::{Event, Game, GameResult, ObjId, PlayerId, Zone};
use serde::{Deserialize, Serialize};

/// A card brought into a subgame (506.6: it goes back when the subgame
/// ends): the subgame object's slot, and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Brought {
    pub slot: u16,
    /// Its id in the main game, where it is removed from the game meanwhile
    /// (506.3, 506.5a); `None` for a card from outside the main game too.
    pub from: Option<ObjId>,
}

impl Game {
    /// 506.3, 506.4: each player removes their library from the game face
    /// down; it becomes their deck in a new game, which begins as a game
    /// does (101: shuffle, a random starting player, hands of seven,
    /// mulligans). The subgame is entered once the current effect's work
    /// is done (`enter_or_leave_subgames`), so that nothing of the main
    /// game runs inside it.
    pub(crate) fn begin_subgame(&mut self) {
        let players: Vec<PlayerId> = self.player_ids().collect();
        let mut origin = Vec::new();
        let mut decks: Vec<Vec<tolaria_cards::CardId>> = Vec::new();
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
                    origin.push(Brought {
                        slot: origin.len() as u16,
                        from: Some(new),
                    });
                    cards.push(card);
                }
            }
            decks.push(cards);
        }
        let depth = self.subgame_depth() as u8 + 1;
        self.emit(Event::SubgameBegins { depth });
        let seed = self.rng.next_u64();
        let named: Vec<(&str, Vec<tolaria_cards::CardId>)> = players
            .iter()
            .map(|&p| self.player(p).name.as_str())
            .zip(decks)
            .collect();
        // `new_game` creates each player's cards one slot each, in the
        // order `deck_slot_order` gives (504.3): the origin of a deck's
        // k-th card is at the slot holding it.
        let mut slot_of = Vec::with_capacity(origin.len());
        let mut base = 0usize;
        for (i, (_, deck)) in named.iter().enumerate() {
            let order = Game::deck_slot_order(seed, i, deck.len());
            let mut at = vec![0usize; deck.len()];
            for (j, &k) in order.iter().enumerate() {
                at[k] = base + j;
            }
            slot_of.extend(at);
            base += deck.len();
        }
        for b in &mut origin {
            b.slot = slot_of[b.slot as usize] as u16;
        }
        let mut sub = Game::new_game(&named, seed);
        sub.subgame_origin = origin;
        // 605.2: the options chosen before the main game began hold in it.
        sub.options = self.options;
        // 609.1, 607.2: so do the teams (the same players play it).
        for &p in &players {
            sub.players[p.index()].team = self.players[p.index()].team;
            sub.players[p.index()].emperor = self.players[p.index()].emperor;
        }
        // 606.4a, 606.6a: a Two-Headed Giant subgame: the teams' shared
        // life totals, and the starting team's primary player starts (its
        // team takes the first mulligans).
        if sub.two_headed() {
            sub.start_team_life();
            let first = sub.turn_taker(sub.starting_player);
            sub.starting_player = first;
            sub.active = first;
            sub.turn_controller = first;
            if let Some(d) = sub.decision.as_mut() {
                d.player = first;
            }
        }
        // 506.5: the cards outside the main game are outside the subgame
        // too (a Wish there can bring one in); they come back at the end.
        for &p in &players {
            sub.players[p.index()].outside = std::mem::take(&mut self.players[p.index()].outside);
        }
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
    #[inline]
    pub(crate) fn enter_or_leave_subgames(&mut self) {
        // No subgame about to begin and none being played: nothing to do
        // (tested inline after every action).
        if self.subgame_pending.is_none() && self.main.is_none() {
            return;
        }
        self.enter_or_leave_subgames_now();
    }

    /// [`Game::enter_or_leave_subgames`] when a subgame begins or is played.
    #[inline(never)]
    fn enter_or_leave_subgames_now(&mut self) {
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
        let mut sub = std::mem::replace(self, *main);
        let mut events = std::mem::take(&mut self.events);
        events.append(&mut sub.events);
        self.events = events;
        for b in &sub.subgame_origin {
            let Some(o) = sub.objects.get(b.slot as usize) else {
                continue;
            };
            let removed = o.zone == Zone::RemovedFromGame;
            match b.from {
                // "Instead they remain removed from the game in the main
                // game", face up or face down as they are in the subgame.
                Some(from) if removed => {
                    if o.flags & crate::state::object::flags::FACE_DOWN != 0 {
                        self.face_down_seen = true;
                    }
                    if let Some(m) = self.obj_mut(from) {
                        m.flags = (m.flags & !crate::state::object::flags::FACE_DOWN)
                            | (o.flags & crate::state::object::flags::FACE_DOWN);
                        m.mark_board_input();
                    }
                }
                Some(from) => {
                    let owner = self.objects[from.slot as usize].owner;
                    self.move_to(from, Zone::Library(owner), MoveReason::SubgameEnded);
                }
                // A card from outside the main game (506.6's example) joins
                // the main game now.
                None => {
                    let zone = if removed {
                        Zone::RemovedFromGame
                    } else {
                        Zone::Library(o.owner)
                    };
                    let id = self.create_card(o.card, o.owner, zone);
                    self.emit(Event::ZoneChange {
                        card: o.card,
                        old: id,
                        new: id,
                        from: Zone::Nowhere,
                        to: zone,
                        reason: MoveReason::SubgameEnded,
                    });
                }
            }
        }
        // The cards still outside the subgame are outside the main game again.
        for p in self.player_ids().collect::<Vec<_>>() {
            let left = &sub.players[p.index()].outside;
            self.players[p.index()].outside.extend_from_slice(left);
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
        let result = self.subgame_result.unwrap_or(GameResult::Draw);
        self.apnap_from(self.active)
            .filter(|&p| !result.won(self, p))
            .collect()
    }

    /// The cards brought into this subgame (506.6), for tests and views.
    pub fn subgame_origin(&self) -> &[Brought] {
        &self.subgame_origin
    }

    /// Whether `id` is a main-game card brought into this subgame.
    pub(crate) fn brought_from_main(&self, id: ObjId) -> bool {
        self.subgame_origin.iter().any(|b| b.from == Some(id))
    }

    /// 506.5: in a subgame, the cards `p` owns in the main game are outside
    /// the subgame, for a Wish: in play, in a hand or graveyard, or removed
    /// from the game face up (217.1e). The cards already brought in (the
    /// libraries) are in the subgame, and a spell on the main game's stack
    /// (the resolving Shahrazad) is left where it is: a known limit.
    pub(crate) fn main_game_wish_options(
        &self,
        p: PlayerId,
        filter: &tolaria_cards::ObjectFilter,
        out: &mut Vec<crate::Action>,
    ) {
        let Some(main) = self.main.as_deref() else {
            return;
        };
        let pl = main.player(p);
        let zones = main
            .in_play
            .iter()
            .chain(&pl.hand)
            .chain(&pl.graveyard)
            .chain(&main.removed);
        for &o in zones {
            let obj = &main.objects[o.slot as usize];
            if obj.owner == p
                && !obj.token
                && obj.spell_copy.is_none()
                && !obj.is_face_down()
                && !self.brought_from_main(o)
                && crate::continuous::filter::matches_card(filter, obj.card)
            {
                out.push(crate::Action::ChooseFromMainGame(o));
            }
        }
    }

    /// 506.5a: a Wish in a subgame brings a card in from the main game: it
    /// is removed from the main game (which may trigger abilities there,
    /// waiting until it resumes, 506.2) and goes to `p`'s subgame hand.
    pub(crate) fn bring_from_main_game(&mut self, p: PlayerId, o: ObjId, to: Zone) {
        let Some(main) = self.main.as_deref_mut() else {
            return;
        };
        let card = main.objects[o.slot as usize].card;
        let Some(now) = main.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame) else {
            return;
        };
        // The main game's events join the stream in order.
        let mut events = std::mem::take(&mut main.events);
        self.events.append(&mut events);
        let id = self.create_card(card, p, to);
        self.subgame_origin.push(Brought {
            slot: id.slot,
            from: Some(now),
        });
        self.emit(Event::FromMainGame { player: p, card });
    }

    /// A card from outside the game brought into a subgame by a Wish: it
    /// joins the main game when the subgame ends (506.6's example).
    pub(crate) fn note_brought_from_outside(&mut self, id: ObjId) {
        if self.main.is_some() {
            self.subgame_origin.push(Brought {
                slot: id.slot,
                from: None,
            });
        }
    }
}
