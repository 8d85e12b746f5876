//! How a permanent comes into play when its own text says so: the
//! replacement "If [this] would come into play, sacrifice a Forest
//! instead. If you do, put [this] into play. If you don't, put it into its
//! owner's graveyard." (419.6; Heart of Yavimaya, Lotus Vale, Mox
//! Diamond's "you may discard a land card instead", Sheltered Valley) and
//! the choice "As [this] comes into play, you may pay 2 life. If you
//! don't, it comes into play tapped." (419.1b; the shock lands).
//!
//! A land played (408.2d) and a permanent spell resolving (413.2i) ask
//! their controller (`DecisionKind::AsItEnters`, one object at a time,
//! then the whole cost is paid at once); a permanent put into play by
//! another effect is judged without asking (see ARCHITECTURE.md, "How a
//! permanent comes into play (issue 23, stop 33)").

use crate::state::progress::Flow;
use crate::{Action, Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{db, Ability, CardId, Cost, StaticAbility};

/// The choice a card makes as it would come into play.
#[derive(Clone, Copy, Debug)]
pub(crate) enum EntryChoice {
    /// 419.6: a cost paid instead of coming into play, or else the card
    /// goes to its owner's graveyard (`optional`: "you may").
    Instead { cost: &'static Cost, optional: bool },
    /// 419.1b: "you may pay N life. If you don't, it comes into play tapped."
    PayLife(u32),
}

/// How a permanent put into play by an effect comes into play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    Normal,
    Tapped,
    /// It never comes into play: it goes to its owner's graveyard.
    Graveyard,
}

/// The entry choice of the card's front face, if it has one.
pub(crate) fn entry_choice(card: CardId) -> Option<EntryChoice> {
    db().get(card)
        .front()
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Static(StaticAbility::EntersInstead { cost, optional }) => {
                Some(EntryChoice::Instead {
                    cost,
                    optional: *optional,
                })
            }
            Ability::Static(StaticAbility::AsComesIntoPlayPayLifeOrTapped(n)) => {
                Some(EntryChoice::PayLife(*n))
            }
            _ => None,
        })
}

/// How many objects the cost chooses (0: none, it takes them all).
fn needed(cost: &Cost) -> usize {
    if cost.sacrifice.is_some() {
        usize::from(cost.sacrifice_count.max(1))
    } else {
        usize::from(cost.discard)
    }
}

impl Game {
    /// The objects `p` may choose for the cost of `entering` (not itself):
    /// permanents of theirs to sacrifice, or cards in their hand to
    /// discard, matching the cost's filter.
    fn entry_candidates(&self, p: PlayerId, entering: ObjId, cost: &Cost) -> Vec<ObjId> {
        if let Some(f) = cost.sacrifice.as_ref().or(cost.sacrifice_all.as_ref()) {
            return self
                .controlled_by(p)
                .filter(|&o| {
                    o != entering
                        && crate::continuous::filter::matches(self, f, o, Some(entering), p)
                })
                .collect();
        }
        self.player(p)
            .hand
            .iter()
            .copied()
            .filter(|&o| {
                o != entering
                    && cost.discard_filter.as_ref().is_none_or(|f| {
                        crate::continuous::filter::matches_card(
                            f,
                            self.objects[o.slot as usize].card,
                        )
                    })
            })
            .collect()
    }

    /// Pays the cost with the chosen objects: sacrificed, or discarded.
    fn pay_entry_cost(&mut self, cost: &Cost, chosen: &[ObjId]) {
        for &o in chosen {
            if self.obj(o).is_none() {
                continue;
            }
            if cost.discard > 0 {
                self.discard_card(o);
            } else if self.is_present(o) {
                let owner = self.objects[o.slot as usize].owner;
                self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
            }
        }
    }

    /// 419.6: the decision as `obj` would come into play under `p`'s
    /// control, or the outcome when there is nothing to choose: `Err`
    /// holds (comes into play, tapped), the cost paid if it had to be.
    pub(crate) fn entry_decision(
        &mut self,
        p: PlayerId,
        obj: ObjId,
        choice: EntryChoice,
    ) -> Result<Decision, (bool, bool)> {
        let ask = Decision {
            player: p,
            kind: DecisionKind::AsItEnters {
                card: obj,
                chosen: Vec::new(),
            },
        };
        match choice {
            EntryChoice::PayLife(_) => Ok(ask),
            EntryChoice::Instead { cost, .. } => {
                let candidates = self.entry_candidates(p, obj, cost);
                if cost.sacrifice_all.is_some() {
                    // "Sacrifice each other permanent named [this]": no choice.
                    self.pay_entry_cost(cost, &candidates);
                    return Err((true, false));
                }
                if candidates.len() < needed(cost) {
                    // The cost can't be paid: it goes to the graveyard.
                    return Err((false, false));
                }
                Ok(ask)
            }
        }
    }

    /// 419.6: a permanent put into play by an effect (not a land played,
    /// nor a spell resolving): the first objects that pay the cost in
    /// order of entry (or in the hand's order) are chosen, and the life is
    /// not paid (ARCHITECTURE.md, stop 33).
    pub(crate) fn enter_without_asking(
        &mut self,
        obj: ObjId,
        entering: CardId,
        p: PlayerId,
    ) -> Entry {
        let Some(choice) = entry_choice(entering) else {
            return Entry::Normal;
        };
        match self.entry_decision(p, obj, choice) {
            Err((true, tapped)) => {
                if tapped {
                    Entry::Tapped
                } else {
                    Entry::Normal
                }
            }
            Err((false, _)) => Entry::Graveyard,
            Ok(_) => match choice {
                EntryChoice::PayLife(_) => Entry::Tapped,
                EntryChoice::Instead { cost, .. } => {
                    let mut chosen = self.entry_candidates(p, obj, cost);
                    chosen.truncate(needed(cost));
                    self.pay_entry_cost(cost, &chosen);
                    Entry::Normal
                }
            },
        }
    }

    /// The legal answers to `DecisionKind::AsItEnters`.
    pub(crate) fn entry_options(
        &self,
        p: PlayerId,
        card: ObjId,
        chosen: &[ObjId],
        out: &mut Vec<Action>,
    ) {
        let Some(choice) = self.obj(card).and_then(|o| entry_choice(o.card)) else {
            // (A copy for a search agent whose card was re-dealt.)
            out.push(Action::No);
            return;
        };
        match choice {
            EntryChoice::PayLife(n) => {
                // 215.4: life is paid only from a total at least as large.
                if self.life(p) >= i32::try_from(n).unwrap_or(i32::MAX) {
                    out.push(Action::Yes);
                }
                out.push(Action::No);
            }
            EntryChoice::Instead { cost, optional } => {
                out.extend(
                    self.entry_candidates(p, card, cost)
                        .into_iter()
                        .filter(|o| !chosen.contains(o))
                        .map(Action::ChooseObject),
                );
                if optional && chosen.is_empty() {
                    out.push(Action::No);
                }
            }
        }
    }

    /// The answer to `DecisionKind::AsItEnters`.
    pub(crate) fn on_entry_choice(
        &mut self,
        p: PlayerId,
        card: ObjId,
        mut chosen: Vec<ObjId>,
        action: Action,
    ) {
        let Some(choice) = self.obj(card).and_then(|o| entry_choice(o.card)) else {
            return self.finish_entry(p, card, (true, false));
        };
        let outcome = match (choice, action) {
            (EntryChoice::PayLife(n), Action::Yes) => {
                self.lose_life(p, n);
                (true, false)
            }
            (EntryChoice::PayLife(_), _) => (true, true),
            (EntryChoice::Instead { cost, .. }, Action::ChooseObject(o)) => {
                chosen.push(o);
                if chosen.len() < needed(cost) {
                    self.decision = Some(Decision {
                        player: p,
                        kind: DecisionKind::AsItEnters { card, chosen },
                    });
                    return;
                }
                self.pay_entry_cost(cost, &chosen);
                (true, false)
            }
            (EntryChoice::Instead { .. }, _) => (false, false),
        };
        self.finish_entry(p, card, outcome);
    }

    /// The land play or the resolution goes on once the choice is made:
    /// the permanent comes into play (tapped or not), or goes to its
    /// owner's graveyard instead.
    pub(crate) fn finish_entry(
        &mut self,
        p: PlayerId,
        card: ObjId,
        (enters, tapped): (bool, bool),
    ) {
        match self.zone_of(card) {
            Some(Zone::Stack) => {
                if let Some(r) = self.resolving.as_mut() {
                    r.entry = Some((enters, tapped));
                }
                self.finish_resolution();
            }
            Some(_) => {
                let owner = self.objects[card.slot as usize].owner;
                let name = self.objects[card.slot as usize].card;
                if enters {
                    if let Some(new) = self.put_land_played_into_play(card, p, tapped) {
                        self.emit(Event::LandPlayed {
                            player: p,
                            obj: new,
                            card: name,
                        });
                    }
                } else {
                    // Played (305.2), it never comes into play.
                    self.emit(Event::LandPlayed {
                        player: p,
                        obj: card,
                        card: name,
                    });
                    self.move_to(card, Zone::Graveyard(owner), MoveReason::InsteadOfPlay);
                }
                self.flow = Flow::Priority(p);
            }
            None => {}
        }
    }
}
