//! Objects chosen as a spell resolves and moved together once chosen
//! (413.2c): "Sacrifice any number of Mountains" (Landslide,
//! `Effect::SacrificeAnyNumber`), Lich's "sacrifice that many nontoken
//! permanents. If you can't, you lose the game" (`Effect::SacrificeOrLose`),
//! and Balance.
//!
//! Balance (`Effect::DownToFewest`): "Each player chooses a number of
//! lands they control equal to the number of lands controlled by the player
//! who controls the fewest, then sacrifices the rest. Players discard cards
//! and sacrifice creatures the same way." (413.2c: choices made as the
//! spell resolves.)
//!
//! The fewest is counted over the players the effect reaches (601.11:
//! those within its controller's range) as each part begins (the card's
//! ruling: cards in hand are counted after the lands are sacrificed). Each
//! player with more, in APNAP order, chooses one object at a time until
//! what they have left is as many (they see the earlier players' choices);
//! then every chosen object is sacrificed or discarded together (the
//! ruling: simultaneously, the discarded cards revealed only then).

use crate::engine::decision::{Decision, DecisionKind};
use crate::state::stack::ResolveCtx;
use crate::{Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::Fewest;

impl Game {
    /// The permanents `p` controls that `f` matches, from the point of view
    /// of the resolving spell or ability's `source`.
    fn own_matching<'a>(
        &'a self,
        p: PlayerId,
        f: &'a tolaria_cards::ObjectFilter,
        source: ObjId,
    ) -> impl Iterator<Item = ObjId> + 'a {
        self.controlled_by(p)
            .filter(move |&o| crate::continuous::filter::matches(self, f, o, Some(source), p))
    }

    /// How many of `what` player `p` has now.
    fn fewest_count(&self, ctx: &ResolveCtx, what: &Fewest, p: PlayerId) -> usize {
        match what {
            Fewest::Permanents(f) => self.own_matching(p, f, ctx.source).count(),
            Fewest::Hand => self.player(p).hand.len(),
        }
    }

    /// How many objects player `p` has chosen so far.
    fn fewest_chosen(&self, p: PlayerId) -> usize {
        self.resolving.as_deref().map_or(0, |r| {
            r.cards
                .chosen
                .iter()
                .filter(|&&o| {
                    let x = &self.objects[o.slot as usize];
                    x.controller == p || (x.zone == Zone::Hand(p))
                })
                .count()
        })
    }

    /// The next choice the effect asks for; once every player has chosen
    /// down to the fewest, the chosen objects are sacrificed or discarded
    /// together (the cards' ruling: simultaneously, and cards to discard
    /// are revealed only then) and `None` ends the effect.
    pub(crate) fn down_to_fewest(&mut self, ctx: &ResolveCtx, what: &Fewest) -> Option<Decision> {
        let r = self.resolving.as_mut()?;
        if r.sub == 0 {
            // The effect begins: nothing is chosen yet.
            r.sub = 1;
            r.cards.chosen.clear();
        }
        let each = self.players_of(ctx, &tolaria_cards::PlayerRef::EachPlayer);
        let players: Vec<PlayerId> = self
            .apnap_from(self.active)
            .filter(|q| each.contains(q))
            .collect();
        let fewest = players
            .iter()
            .map(|&q| self.fewest_count(ctx, what, q))
            .min()?;
        for &q in &players {
            let left = self
                .fewest_count(ctx, what, q)
                .saturating_sub(self.fewest_chosen(q));
            if left > fewest {
                return Some(Decision {
                    player: q,
                    kind: match what {
                        Fewest::Permanents(_) => DecisionKind::Sacrifice,
                        Fewest::Hand => DecisionKind::Discard {
                            remaining: (left - fewest) as u32,
                        },
                    },
                });
            }
        }
        let chosen = std::mem::take(&mut self.resolving.as_mut()?.cards.chosen);
        match what {
            Fewest::Permanents(_) => {
                self.sacrifice_chosen(chosen);
            }
            Fewest::Hand => {
                for o in chosen {
                    let moved = self.discard_card(o);
                    self.discarded_this_way(moved);
                }
            }
        }
        None
    }

    /// The objects player `p` may choose now: a permanent of theirs the
    /// filter matches, or a card in their hand, not chosen already.
    pub(crate) fn down_to_fewest_options(&self, p: PlayerId, what: &Fewest) -> Vec<ObjId> {
        let Some(r) = self.resolving.as_deref() else {
            return Vec::new();
        };
        let all: Vec<ObjId> = match what {
            Fewest::Permanents(f) => self.own_matching(p, f, r.ctx.source).collect(),
            Fewest::Hand => self.player(p).hand.clone(),
        };
        all.into_iter()
            .filter(|o| !r.cards.chosen.contains(o))
            .collect()
    }

    /// One more object chosen; they move once every player has chosen.
    pub(crate) fn on_down_to_fewest(&mut self, o: ObjId) {
        if let Some(r) = self.resolving.as_mut() {
            r.cards.chosen.push(o);
        }
    }

    /// "Sacrifice any number of [filter]": the controller chooses one at a
    /// time, `Done` stops; then the chosen are sacrificed together and
    /// counted (`Amount::SacrificedThisWay`).
    pub(crate) fn sacrifice_any(&mut self, ctx: &ResolveCtx) -> Option<Decision> {
        // Lich: exactly `amount`, or all of them and the game lost.
        let exact = match self.current_effect() {
            Some(tolaria_cards::Effect::SacrificeOrLose { filter, amount }) => {
                let n = u32::try_from(self.amount(ctx, amount)).unwrap_or(0);
                let have = self
                    .own_matching(ctx.controller, filter, ctx.source)
                    .count();
                Some((n, have))
            }
            _ => None,
        };
        let r = self.resolving.as_mut()?;
        if r.sub == 0 {
            r.sub = 1;
            r.cards.chosen.clear();
            r.cards.done = 0;
        }
        if let Some((n, have)) = exact {
            let chosen = r.cards.chosen.len();
            if (have as u64) < u64::from(n) {
                // "If you can't, you lose the game": what there is is
                // sacrificed, and the player loses.
                let all: Vec<ObjId> = self.sacrifice_any_options(ctx.controller);
                self.sacrifice_chosen(all);
                self.player_loses(ctx.controller, crate::LossReason::Effect);
                return None;
            }
            if (chosen as u64) < u64::from(n) {
                return Some(Decision {
                    player: ctx.controller,
                    kind: DecisionKind::SacrificeAnyNumber,
                });
            }
            let chosen = std::mem::take(&mut self.resolving.as_mut()?.cards.chosen);
            self.sacrifice_chosen(chosen);
            return None;
        }
        // Sweep: returned to their owners' hands instead.
        let to_hand = matches!(
            self.current_effect(),
            Some(tolaria_cards::Effect::SacrificeAnyNumber { to_hand: true, .. })
        );
        let r = self.resolving.as_mut()?;
        let stopped = r.cards.done != 0;
        if !stopped && !self.sacrifice_any_options(ctx.controller).is_empty() {
            return Some(Decision {
                player: ctx.controller,
                kind: if to_hand {
                    DecisionKind::ReturnAnyNumber
                } else {
                    DecisionKind::SacrificeAnyNumber
                },
            });
        }
        let chosen = std::mem::take(&mut self.resolving.as_mut()?.cards.chosen);
        let n = if to_hand {
            self.return_chosen(chosen)
        } else {
            self.sacrifice_chosen(chosen)
        };
        if let Some(r) = self.resolving.as_mut() {
            r.ctx.sacrificed_this_way += n;
        }
        None
    }

    /// Sweep: the chosen permanents returned to their owners' hands
    /// together (413.2d); how many went there.
    fn return_chosen(&mut self, chosen: Vec<ObjId>) -> u32 {
        let mut n = 0;
        for o in chosen {
            let owner = self.objects[o.slot as usize].owner;
            if self
                .move_to(o, Zone::Hand(owner), MoveReason::ReturnToHand)
                .is_some()
            {
                n += 1;
            }
        }
        n
    }

    /// The chosen permanents sacrificed together (413.2d); how many went
    /// to a graveyard.
    fn sacrifice_chosen(&mut self, chosen: Vec<ObjId>) -> u32 {
        let mut n = 0;
        for o in chosen {
            let owner = self.objects[o.slot as usize].owner;
            if self
                .move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice)
                .is_some()
            {
                n += 1;
            }
        }
        n
    }

    /// The permanents the controller may still choose to sacrifice.
    pub(crate) fn sacrifice_any_options(&self, p: PlayerId) -> Vec<ObjId> {
        let Some(r) = self.resolving.as_deref() else {
            return Vec::new();
        };
        let (Some(tolaria_cards::Effect::SacrificeAnyNumber { filter, .. })
        | Some(tolaria_cards::Effect::SacrificeOrLose { filter, .. })) = self.current_effect()
        else {
            return Vec::new();
        };
        self.own_matching(p, filter, r.ctx.source)
            .filter(|o| !r.cards.chosen.contains(o))
            .collect()
    }

    /// "Done": no more permanents are chosen.
    pub(crate) fn sacrifice_any_done(&mut self) {
        if let Some(r) = self.resolving.as_mut() {
            r.cards.done = 1;
        }
    }
}
