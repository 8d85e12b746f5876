//! Playing spells and activated abilities (409), mana abilities (406, 411)
//! and paying mana costs; illegal or abandoned plays rewind the game (422).

use crate::playing::mana::take_from_pool;
use crate::playing::targeting::slot_count;
use crate::state::progress::{Casting, Flow, Playing, Unpaid};
use crate::state::stack::{StackKind, TriggerContext};
use crate::{
    Action, Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, StackItem, Zone,
};
use tolaria_cards::Cost;

/// How a spell is played besides paying its mana cost: by its suspend
/// ability (502.59a, without paying it; also ripple's free plays, 502.56a)
/// or by its madness ability (502.24a, the madness cost rather than it;
/// the card's id in the removed-from-the-game zone).
#[derive(Clone, Copy, PartialEq, Eq)]
enum PlayedBy {
    Normal,
    Suspend,
    Madness(ObjId),
    /// 504.1: face down from the hand by Illusionary Mask's ability,
    /// without paying its mana cost (no haste).
    Masked,
}

impl Game {
    /// 409.1a: announce a spell or ability; the game can rewind to here (422).
    /// `half`: which half of a split card is played (505.2; 0 otherwise);
    /// `returning`: the unblocked attacker a ninjutsu ability returns (502.43a).
    pub(crate) fn begin_casting(
        &mut self,
        p: PlayerId,
        what: Playing,
        half: u8,
        returning: Option<ObjId>,
    ) {
        self.begin_casting_full(p, what, half, returning, PlayedBy::Normal, p);
    }

    /// 502.59a: play a spell as its suspend ability resolves, without
    /// paying its mana cost (502.59c); `then` gets priority afterwards.
    pub(crate) fn begin_casting_as(
        &mut self,
        p: PlayerId,
        what: Playing,
        suspend: bool,
        then: PlayerId,
    ) {
        let how = if suspend {
            PlayedBy::Suspend
        } else {
            PlayedBy::Normal
        };
        self.begin_casting_full(p, what, 0, None, how, then);
    }

    /// 504.1: play the card `obj` from the hand face down as a 2/2
    /// creature spell without paying its mana cost (Illusionary Mask).
    pub(crate) fn begin_casting_masked(&mut self, p: PlayerId, obj: ObjId, then: PlayerId) {
        self.begin_casting_full(
            p,
            Playing::FaceDown { obj },
            0,
            None,
            PlayedBy::Masked,
            then,
        );
    }

    /// 502.24a: play the card `obj` (removed from the game by its madness
    /// ability) paying its madness cost rather than its mana cost.
    pub(crate) fn begin_casting_madness(&mut self, p: PlayerId, obj: ObjId, then: PlayerId) {
        self.begin_casting_full(
            p,
            Playing::Spell { obj },
            0,
            None,
            PlayedBy::Madness(obj),
            then,
        );
    }

    /// 422: the state a play, special action or payment started from, to
    /// rewind to if it is abandoned (events emitted since are dropped).
    pub(crate) fn set_rewind_point(&mut self) {
        self.forget_lki_if_idle();
        self.rewind = Some(crate::state::rewind::RewindPoint::of(self));
    }

    /// A special action paid like a spell's costs (502.26d turning face
    /// up, 408.2k suspending): rewindable if the payment is abandoned.
    pub(crate) fn begin_special_payment(&mut self, p: PlayerId, what: Playing) {
        self.set_rewind_point();
        self.rewind_events = self.events.len();
        self.casting = Some(Box::new(Casting::new(p, what, p)));
        self.continue_casting();
    }

    fn begin_casting_full(
        &mut self,
        p: PlayerId,
        what: Playing,
        half: u8,
        returning: Option<ObjId>,
        how: PlayedBy,
        then: PlayerId,
    ) {
        // Without paying the mana cost (502.59c, 502.56a, 504.1).
        let suspend = matches!(how, PlayedBy::Suspend | PlayedBy::Masked);
        let masked = how == PlayedBy::Masked;
        let madness = match how {
            PlayedBy::Madness(o) => Some(o),
            _ => None,
        };
        self.set_rewind_point();
        let rewind_events = self.events.len();
        // 502.22a: a card played from a graveyard is played with flashback
        // (or, with Yawgmoth's Will, asked: `graveyard_plays.rs`).
        let (flashback, flashback_optional) = match &what {
            Playing::Spell { obj } => self.graveyard_cost_choice(p, *obj),
            _ => (false, false),
        };
        // 502.56a: a card played for free from the library is ripple's.
        let ripple = suspend
            && matches!(&what, Playing::Spell { obj }
                if matches!(self.objects[obj.slot as usize].zone, Zone::Library(_)));
        // Intet, the Dreamer: without paying its mana cost.
        let free = matches!(&what, Playing::Spell { obj } if self.plays_free(*obj));
        // "You may play CARDNAME as though it had flash. If you play it any
        // time a sorcery couldn't have been played, …" (Armor of Thorns):
        // only when its own ability let it be played now (its rulings).
        // Played when another effect allows it too (Vedalken Orrery), it is
        // played by that one (ARCHITECTURE.md).
        let flash_sacrificed = how == PlayedBy::Normal
            && !(self.is_active(p) && self.step.is_main() && self.stack.is_empty())
            && matches!(&what, Playing::Spell { obj }
                if self.objects[obj.slot as usize].def().front().spell.as_though_flash
                    && !self.flash_granted(p, *obj));
        let item = match &what {
            Playing::Spell { obj } | Playing::FaceDown { obj } => {
                // 502.26b: a card played face down is turned face down
                // before it is put onto the stack.
                let new = if matches!(what, Playing::FaceDown { .. }) {
                    self.move_face_down(*obj, Zone::Stack, MoveReason::Cast)
                } else {
                    self.move_to(*obj, Zone::Stack, MoveReason::Cast)
                }
                .expect("legal spell exists");
                self.objects[new.slot as usize].set_base_controller(p);
                if masked {
                    self.objects[new.slot as usize].flags |= crate::state::object::flags::MASKED;
                }
                if flash_sacrificed {
                    self.objects[new.slot as usize].control_marks |=
                        crate::state::object::marks::FLASH_SACRIFICED;
                }
                // 505.2: on the stack only the half being played exists.
                if half == 1 {
                    self.objects[new.slot as usize].flags |=
                        crate::state::object::flags::SPLIT_SECOND;
                }
                StackItem {
                    kind: StackKind::Spell { obj: new },
                    controller: p,
                    targets: Vec::new(),
                    x: 0,
                    mode: None,
                    colors_spent: 0,
                    replicated: 0,
                    mana_spent: Default::default(),
                    sacrificed: None,
                    sacrificed_power: 0,
                    division: Vec::new(),
                    spliced: Vec::new(),
                    id: 0,
                }
            }
            Playing::Ability { source, index } => {
                let ch = crate::continuous::characteristics::compute(self, *source);
                // The ability's text may live on another card (503.9, or
                // granted in quotes): named by `AbilityRef`.
                let ability = ch.ability_at(*index).map_or(
                    tolaria_cards::AbilityRef::Printed {
                        card: ch.card,
                        face: ch.face,
                        index: *index,
                    },
                    |(_, r)| r,
                );
                StackItem {
                    kind: StackKind::Ability {
                        source: *source,
                        card: ch.ability_card(ability),
                        ability,
                        triggered: false,
                        trigger: TriggerContext::default(),
                    },
                    controller: p,
                    targets: Vec::new(),
                    x: 0,
                    mode: None,
                    colors_spent: 0,
                    replicated: 0,
                    mana_spent: Default::default(),
                    sacrificed: None,
                    sacrificed_power: 0,
                    division: Vec::new(),
                    spliced: Vec::new(),
                    id: self.new_stack_id(),
                }
            }
            Playing::Trigger(_) => unreachable!("triggers use begin_trigger"),
            Playing::TurnFaceUp { .. } => unreachable!("uses begin_turning_face_up"),
            Playing::Suspend { .. } => unreachable!("uses begin_suspending"),
            Playing::EndEffect { .. } => unreachable!("uses begin_ending_effect"),
            Playing::Granted { .. } => unreachable!("uses take_granted_action"),
        };
        let what = match (what, &item.kind) {
            (Playing::Spell { .. } | Playing::FaceDown { .. }, StackKind::Spell { obj }) => {
                Playing::Spell { obj: *obj }
            }
            (w, _) => w,
        };
        self.stack.push(item);
        self.casting = Some(Box::new(Casting {
            flashback,
            flashback_optional,
            returning,
            suspend,
            ripple,
            free,
            madness,
            masked,
            ..Casting::new(p, what, then)
        }));
        self.rewind_events = rewind_events;
        self.continue_casting();
    }

    /// Moves the play forward: targets (409.1c), X (409.1b), cost (409.1f),
    /// payment (409.1g–h), then the spell or ability becomes played (409.1i).
    pub(crate) fn continue_casting(&mut self) {
        let Some(c) = self.casting.as_deref().cloned() else {
            return;
        };
        // 409.1b: a modal spell's mode is chosen first.
        if let Playing::Spell { obj } = c.what {
            let spell = &self.objects[obj.slot as usize].spell_face().spell;
            if !spell.modes.is_empty() && c.mode.is_none() {
                if self.playable_modes(obj, c.player).next().is_none() {
                    self.cancel_play();
                    return;
                }
                // 601.5b: "An opponent chooses one —": an opponent the
                // controller chooses chooses the mode.
                let mut chooser = c.player;
                if spell.opponent_chooses_mode {
                    match self.opponent_chooser(&c) {
                        Some(q) => chooser = q,
                        None => return,
                    }
                }
                self.decision = Some(Decision {
                    player: chooser,
                    kind: DecisionKind::ChooseMode,
                });
                self.flow = Flow::Casting;
                return;
            }
        }
        // 410.4, 409.1b: a modal triggered ability's mode is chosen as it
        // is put on the stack, before its targets; with no mode whose
        // targets can be chosen, it is removed from the stack.
        if let Playing::Trigger(t) = &c.what {
            if !t.modes().is_empty() && c.mode.is_none() {
                if self.trigger_modes(&c).next().is_none() {
                    self.remove_trigger(t.source, t.card, c.then);
                    return;
                }
                self.decision = Some(Decision {
                    player: c.player,
                    kind: DecisionKind::ChooseMode,
                });
                self.flow = Flow::Casting;
                return;
            }
        }
        // 409.1b: a modal activated ability's mode is announced first; with
        // no mode whose targets can be chosen, the play is abandoned (422).
        if self
            .casting_activated(&c)
            .is_some_and(|a| !a.modes.is_empty())
            && c.mode.is_none()
        {
            if self.ability_modes(&c).next().is_none() {
                self.cancel_play();
                return;
            }
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::ChooseMode,
            });
            self.flow = Flow::Casting;
            return;
        }
        // 409.1b, 502.40a: the cards to splice are revealed after the
        // mode, before X.
        if self.splice_pending(&c) {
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::AnnounceSplice,
            });
            self.flow = Flow::Casting;
            return;
        }
        // 409.1b: the value of X is announced with the mode, before targets (409.1c).
        let mana_cost = match &c.what {
            // 502.26a: {3} rather than the mana cost of a face-down spell.
            Playing::Spell { obj } if self.objects[obj.slot as usize].is_face_down() => {
                crate::mechanics::morph::face_down_cost()
            }
            Playing::Spell { obj } => self.objects[obj.slot as usize]
                .spell_face()
                .mana_cost
                .clone()
                .unwrap_or_default(),
            // 502.26d: the morph cost.
            // 502.26d: "All morph costs cost {2} more." (Exiled Doomsayer)
            Playing::TurnFaceUp { obj } => {
                let mut m = self
                    .morph_cost(*obj)
                    .map(|k| k.mana.clone())
                    .unwrap_or_default();
                m.generic += self.morph_cost_increase();
                m
            }
            // 502.59a: the suspend cost.
            Playing::Suspend { obj } => crate::mechanics::suspend::suspend_of(self, *obj)
                .map(|s| s.cost.clone())
                .unwrap_or_default(),
            // 408.2i: the cost to end the effect.
            Playing::EndEffect { obj } => self.licid_end_cost(*obj).cloned().unwrap_or_default(),
            Playing::Granted { index, .. } => self.granted_cost(*index),
            // 409.1f: with the cost increases (Gloom).
            Playing::Ability { source, .. } => {
                let mut m = self
                    .casting_cost(&c)
                    .map(|k| k.mana.clone())
                    .unwrap_or_default();
                m.generic += self.ability_cost_increase(*source);
                m
            }
            _ => self
                .casting_cost(&c)
                .map(|k| k.mana.clone())
                .unwrap_or_default(),
        };
        // 409.1b: X in an additional cost ("discard X cards", "pay X
        // life"): announced too, at most what can be paid.
        let cost_x = self.additional_x_max(&c);
        // 502.59c: without paying the mana cost, X is 0.
        let no_mana_cost = c.flashback || c.suspend || c.free;
        if (mana_cost.x > 0 && !no_mana_cost || cost_x.is_some()) && c.x.is_none() {
            let mut max = if mana_cost.x > 0 && !no_mana_cost {
                self.max_x(
                    c.player,
                    &mana_cost,
                    self.tap_excluded(&c),
                    self.spell_x_color(&c),
                )
            } else {
                u32::MAX
            };
            if let Some(m) = cost_x {
                max = max.min(m);
            }
            // 409.1c: "X target creatures": an X with too few legal targets
            // could only be rewound (409.1c), so it is not offered.
            let specs = self.casting_specs(&c);
            if let Some(s) = specs
                .last()
                .filter(|s| s.count_by == Some(tolaria_cards::TargetCount::X) && !s.up_to)
            {
                let src = self.casting_source(&c);
                let room = 64 - slot_count(specs).min(64);
                let n = crate::playing::targeting::count_legal_targets(self, s, &src, room);
                max = max.min(n as u32);
            }
            // "X can't be 0" (Aladdin's Lamp): the play was offered only
            // if X = 1 can be paid (legal.rs); should it not be, the play
            // is rewound (422).
            let min = u32::from(self.casting_cost(&c).is_some_and(|k| k.x_not_zero));
            if min > max {
                self.cancel_play();
                return;
            }
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::ChooseX { max, min },
            });
            self.flow = Flow::Casting;
            return;
        }
        // 409.1b: the intentions to pay optional additional costs (kicker,
        // buyback) are announced after X, before targets (409.1d).
        if let Some(cost) = self.next_optional_cost(&c) {
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::AnnounceCost { cost },
            });
            self.flow = Flow::Casting;
            return;
        }
        let specs = self.casting_specs(&c);
        let slots = self.casting_slots(&c, specs);
        // 502.40d: the slot within the part being targeted.
        let slot = c.targets.len() - self.casting_part(&c).0;
        if slot < slots && !c.targets_done {
            // 601.5a: a target "of an opponent's choice" is chosen by an
            // opponent the controller chooses, within both their ranges.
            let mut chooser = c.player;
            if crate::playing::targeting::slot_spec(specs, slot)
                .is_some_and(|(_, s)| s.opponent_chooses)
            {
                match self.opponent_chooser(&c) {
                    Some(q) => chooser = q,
                    None => return,
                }
            }
            let opts = self.legal_targets_for(chooser);
            let up_to = crate::playing::targeting::may_stop(specs, slot);
            if opts.is_empty() && up_to {
                // 409.1c: "up to N": no more targets is a legal choice.
                if let Some(cm) = self.casting.as_mut() {
                    cm.targets_done = true;
                }
                self.continue_casting();
                return;
            }
            if opts.is_empty() {
                match c.what {
                    Playing::Trigger(t) => self.remove_trigger(t.source, t.card, c.then),
                    _ => self.cancel_play(),
                }
                return;
            }
            self.decision = Some(Decision {
                player: chooser,
                kind: DecisionKind::ChooseTarget {
                    index: c.targets.len() as u8,
                },
            });
            self.flow = Flow::Casting;
            return;
        }
        // 409.1e: the division of a divided amount among the targets,
        // one target at a time; each gets at least 1, the last the rest.
        if let Some((total, from)) = self.casting_division(&c) {
            // The main spell's targets (502.40d: the spliced cards' follow).
            let main = c
                .splice_starts
                .first()
                .map_or(c.targets.len(), |&s| s as usize);
            let n = main.saturating_sub(from);
            if c.division.len() < n {
                let left = total.saturating_sub(c.division.iter().sum());
                let after = (n - c.division.len() - 1) as u32;
                if left < after + 1 {
                    // Fewer than one each (the target count is capped by
                    // the amount, so only a changed amount gets here).
                    self.cancel_play();
                    return;
                }
                // The last target gets the rest; a target that can only
                // get 1 gets it: no choice either way.
                let max = left - after;
                if after == 0 || max == 1 {
                    let share = if after == 0 { left } else { 1 };
                    if let Some(cm) = self.casting.as_mut() {
                        cm.division.push(share);
                    }
                    self.continue_casting();
                    return;
                }
                self.decision = Some(Decision {
                    player: c.player,
                    kind: DecisionKind::AnnounceDivision {
                        index: (from + c.division.len()) as u8,
                        min: 1,
                        max,
                    },
                });
                self.flow = Flow::Casting;
                return;
            }
        }
        // 502.40d: then the targets of each spliced card in turn.
        if self.next_splice_part(&c) {
            self.continue_casting();
            return;
        }
        if let Playing::Trigger(t) = &c.what {
            // 410.4: a triggered ability goes on the stack with its choices made.
            let t = t.clone();
            self.casting = None;
            let id = self.new_stack_id();
            self.stack.push(StackItem {
                kind: StackKind::Ability {
                    source: t.source,
                    card: t.card,
                    ability: t.ability,
                    triggered: true,
                    trigger: t.ctx,
                },
                controller: c.player,
                targets: c.targets.clone(),
                x: t.ctx.x,
                mode: c.mode,
                colors_spent: 0,
                replicated: 0,
                mana_spent: Default::default(),
                sacrificed: None,
                sacrificed_power: 0,
                division: c.division.clone(),
                spliced: Vec::new(),
                id,
            });
            let targets = self.named_targets(&c.targets);
            self.emit(Event::TriggerPutOnStack {
                player: c.player,
                source: t.source,
                card: t.card,
                ability: t.ability,
                targets,
            });
            self.flow = Flow::Priority(c.then);
            return;
        }
        if c.unpaid.is_none() {
            // 409.1f: the total cost, with additional costs, increases and
            // reductions.
            let u = self.total_mana(&c, &mana_cost);
            if let Some(cc) = self.casting.as_mut() {
                cc.unpaid = Some(u);
            }
        }
        self.pay_from_pool();
        let paid = self
            .casting
            .as_ref()
            .and_then(|c| c.unpaid.as_ref())
            .is_none_or(Unpaid::is_paid);
        if paid {
            // 409.1h: the rest of the cost, in any order: each of the
            // spell's additional costs in turn (one cost for an ability).
            loop {
                let cc = self.casting.as_deref().expect("casting").clone();
                let Some(cost) = self.casting_cost(&cc) else {
                    break;
                };
                if cost.sacrifices() > cc.sacrificed {
                    self.decision = Some(Decision {
                        player: c.player,
                        kind: DecisionKind::SacrificeCost,
                    });
                    self.flow = Flow::Casting;
                    return;
                }
                if let Some(f) = cost.sacrifice_all.as_ref().filter(|_| cc.sacrificed == 0) {
                    self.sacrifice_all_for_cost(c.player, f);
                    continue;
                }
                let discards = cost.discards(cc.x.unwrap_or(0));
                if discards > cc.discarded && cost.discard_random {
                    // "Discard a card at random": no choice to make.
                    for _ in cc.discarded..discards {
                        let len = self.player(c.player).hand.len();
                        if len == 0 {
                            break;
                        }
                        let i = self.rng.below(len);
                        let card = self.player(c.player).hand[i];
                        self.discard(card);
                        // 409.1h: "the discarded card" (Pyromancy).
                        if let Some(cm) = self.casting.as_mut() {
                            cm.sacrificed_obj.get_or_insert(card);
                        }
                    }
                    if let Some(cm) = self.casting.as_mut() {
                        cm.discarded = discards;
                    }
                    continue;
                }
                if discards > cc.discarded {
                    let remaining = (discards - cc.discarded) as u32;
                    self.decision = Some(Decision {
                        player: c.player,
                        kind: DecisionKind::DiscardCost { remaining },
                    });
                    self.flow = Flow::Casting;
                    return;
                }
                // 409.1h: "Put a card from your hand on top of your
                // library" (Leashling).
                if cost.hand_to_library_top > cc.topped {
                    self.decision = Some(Decision {
                        player: c.player,
                        kind: DecisionKind::LibraryTopCost {
                            remaining: u32::from(cost.hand_to_library_top - cc.topped),
                        },
                    });
                    self.flow = Flow::Casting;
                    return;
                }
                // 409.1h: "Reveal X red cards from your hand" (the Martyrs).
                let x = cc.x.unwrap_or(0);
                if cost.reveal_x.is_some() && (cc.revealed.len() as u32) < x {
                    self.decision = Some(Decision {
                        player: c.player,
                        kind: DecisionKind::RevealCost {
                            remaining: x - cc.revealed.len() as u32,
                        },
                    });
                    self.flow = Flow::Casting;
                    return;
                }
                // 409.1h: cards removed from the hand, permanents tapped or
                // returned, one decision each until the number is reached.
                // (number the cost names, number done, the decision asking for the rest)
                type Counted = (Option<u8>, u8, fn(u32) -> DecisionKind);
                let counted: [Counted; 4] = [
                    (cost.exiles(cc.x.unwrap_or(0)), cc.exiled, |remaining| {
                        DecisionKind::ExileCost { remaining }
                    }),
                    (
                        cost.tap_untapped.as_ref().map(|t| t.1),
                        cc.tapped,
                        |remaining| DecisionKind::TapCost { remaining },
                    ),
                    (
                        cost.return_to_hand.as_ref().map(|r| r.1),
                        cc.returned,
                        |remaining| DecisionKind::ReturnCost { remaining },
                    ),
                    (
                        cost.removed_to_graveyard.then_some(1),
                        cc.removed_paid,
                        |_| DecisionKind::RemovedCardCost,
                    ),
                ];
                for (need, done, kind) in counted {
                    if let Some(n) = need.filter(|&n| n > done) {
                        self.decision = Some(Decision {
                            player: c.player,
                            kind: kind(u32::from(n - done)),
                        });
                        self.flow = Flow::Casting;
                        return;
                    }
                }
                if !matches!(cc.what, Playing::Spell { .. }) {
                    break;
                }
                let cm = self.casting.as_mut().expect("casting");
                cm.cost_at += 1;
                cm.sacrificed = 0;
                cm.discarded = 0;
                cm.exiled = 0;
                cm.tapped = 0;
                cm.returned = 0;
                cm.removed_paid = 0;
            }
            // 409.1h, 601.5a: "have an opponent gain 3 life" (Invigorate):
            // the opponent is chosen as the cost is paid.
            if self.spell_costs(&c).any(|k| k.opponent_gains_life > 0)
                && self.opponent_chooser(&c).is_none()
            {
                return;
            }
            self.finish_casting();
        } else {
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::PayMana,
            });
            self.flow = Flow::Casting;
        }
    }

    /// 410.4: a triggered ability with no legal choice of mode or targets
    /// is removed from the stack; `then` gets priority.
    fn remove_trigger(&mut self, source: ObjId, card: tolaria_cards::CardId, then: PlayerId) {
        self.casting = None;
        self.emit(Event::TriggerRemoved { source, card });
        self.flow = Flow::Priority(then);
    }

    /// 409.1h: "sacrifice all creatures you control" (Soulblast): every
    /// such permanent at once, no choice; their powers as they last existed
    /// in play are added up for `Amount::SacrificedPower`.
    fn sacrifice_all_for_cost(&mut self, p: PlayerId, f: &tolaria_cards::ObjectFilter) {
        let source = self.casting.as_deref().map(|c| self.casting_source(c).obj);
        let all: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .filter(|&o| {
                self.is_present(o)
                    && self.objects[o.slot as usize].controller == p
                    && crate::continuous::filter::matches(self, f, o, source.flatten(), p)
            })
            .collect();
        let mut power = 0;
        for &o in &all {
            power += crate::continuous::characteristics::compute(self, o).power;
        }
        for o in all {
            let owner = self.objects[o.slot as usize].owner;
            self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
        }
        if let Some(c) = self.casting.as_mut() {
            // Marks the part paid (`cost_at` moving on resets it).
            c.sacrificed = 1;
            c.sacrificed_power += power;
        }
    }

    /// How many targets the spell or ability being played has in all: the
    /// fixed counts, and a variable one from the X announced or the trigger
    /// event's amount (`TargetSpec::count_by`), at most 64 in all (one bit
    /// each for 413.2a).
    pub(crate) fn casting_slots(&self, c: &Casting, specs: &[tolaria_cards::TargetSpec]) -> usize {
        let fixed = slot_count(specs);
        let variable = match specs.last().and_then(|s| s.count_by) {
            Some(tolaria_cards::TargetCount::X) => c.x.unwrap_or(0) as usize,
            Some(tolaria_cards::TargetCount::Triggered) => match &c.what {
                Playing::Trigger(t) => t.ctx.amount as usize,
                _ => 0,
            },
            // 409.1c: as many as the player chooses (`Done` stops).
            Some(tolaria_cards::TargetCount::AnyNumber) => 64,
            None => 0,
        };
        let all = (fixed + variable).min(64);
        // 409.1e: each target of a divided amount gets at least 1 of it
        // (the main spell's amount, 502.40d).
        match self.casting_division(c) {
            Some((total, from)) if c.splice_starts.is_empty() => all.min(from + total as usize),
            _ => all,
        }
    }

    /// The effects of what is being played (its mode's, for a modal spell).
    pub(crate) fn casting_effects(&self, c: &Casting) -> &'static [tolaria_cards::Effect] {
        match &c.what {
            Playing::Spell { obj } => self.objects[obj.slot as usize]
                .spell_face()
                .spell
                .effects_for(c.mode),
            Playing::Ability { .. } => self.casting_ability().map_or(&[], |a| &a.effects),
            Playing::Trigger(t) if !t.ctx.delayed => t.ability().effects_for(c.mode),
            _ => &[],
        }
    }

    /// 409.1e, 413.2f: the amount a "divided as you choose" effect divides
    /// (determined as it is played) and the first target slot it divides
    /// among.
    pub(crate) fn casting_division(&self, c: &Casting) -> Option<(u32, usize)> {
        let (amount, from) = tolaria_cards::divided_effect(self.casting_effects(c))?;
        let source = self.casting_source(c).obj?;
        let mut ctx = crate::state::stack::ResolveCtx::for_source(self, c.player, source);
        ctx.x = c.x.unwrap_or(0);
        if let Playing::Trigger(t) = &c.what {
            ctx.trigger = t.ctx;
        }
        Some((self.amount(&ctx, amount).max(0) as u32, from as usize))
    }

    /// 409.1b: the largest X the spell's additional cost lets its player
    /// pay ("discard X cards": the cards in hand that may be discarded;
    /// "pay X life": the life total), if it has such a part.
    fn additional_x_max(&self, c: &Casting) -> Option<u32> {
        // 409.1b: "Remove X ki counters from [this]": at most the counters
        // of that kind on the source.
        if let Playing::Ability { source, .. } = c.what {
            let k = self.casting_cost(c).filter(|k| k.has_x())?;
            let mut max = u32::MAX;
            if let Some(kind) = k.remove_counters_x {
                max = max.min(self.objects[source.slot as usize].counters_of(kind));
            }
            // "Reveal X red cards from your hand": at most those there.
            if let Some(f) = &k.reveal_x {
                max = max.min(self.matching_cards(c.player, f, false));
            }
            return Some(max);
        }
        let Playing::Spell { obj } = c.what else {
            return None;
        };
        let k = self.objects[obj.slot as usize]
            .spell_face()
            .spell
            .additional_cost
            .as_ref()
            .filter(|k| k.has_x())?;
        let mut max = u32::MAX;
        if k.discard_x {
            let n = self
                .player(c.player)
                .hand
                .iter()
                .filter(|&&o| {
                    k.discard_filter.as_ref().is_none_or(|f| {
                        crate::continuous::filter::matches_card(
                            f,
                            self.objects[o.slot as usize].card,
                        )
                    })
                })
                .count();
            max = max.min(n as u32);
        }
        if k.pay_life_x {
            max = max.min(self.life(c.player).max(0) as u32);
        }
        // "remove X creature cards in your graveyard from the game": at
        // most those there.
        if let (true, Some((f, _))) = (k.exile_x, &k.exile_cards) {
            max = max.min(self.matching_cards(c.player, f, k.exile_from_graveyard));
        }
        Some(max)
    }

    /// How many cards of `p`'s hand (or graveyard) match `f`.
    fn matching_cards(&self, p: PlayerId, f: &tolaria_cards::ObjectFilter, graveyard: bool) -> u32 {
        let pl = self.player(p);
        let zone = if graveyard { &pl.graveyard } else { &pl.hand };
        zone.iter()
            .filter(|&&o| {
                crate::continuous::filter::matches_card(f, self.objects[o.slot as usize].card)
            })
            .count() as u32
    }

    /// The source whose own {T} is part of the cost cannot also tap for mana.
    fn tap_excluded(&self, c: &Casting) -> Option<ObjId> {
        match (&c.what, self.casting_cost(c)) {
            (Playing::Ability { source, .. }, Some(cost)) if cost.tap => Some(*source),
            _ => None,
        }
    }

    /// 409.1h: mana in the pool pays the cost: coloured symbols first, then
    /// hybrid, then generic (spending colourless first).
    fn pay_from_pool(&mut self) {
        let Some(c) = self.casting.as_mut() else {
            return;
        };
        let p = c.player;
        // Restricted mana it may use first ("Spend this mana only to play
        // artifact spells", `mana_restricted.rs`).
        if !self.players[p.index()].restricted.is_empty() {
            let Some(c) = self.casting.as_deref() else {
                return;
            };
            if let (Some(f), Some(mut u)) = (self.spend_for(c), c.unpaid.clone()) {
                let (spent, used) = self.pay_from_restricted(p, f, &mut u);
                if let Some(c) = self.casting.as_mut() {
                    c.unpaid = Some(u);
                    c.spent |= spent;
                    for k in 0..6 {
                        c.mana_spent.0[k] += used.0[k];
                    }
                }
            }
        }
        let Some(c) = self.casting.as_mut() else {
            return;
        };
        let Some(u) = c.unpaid.as_mut() else { return };
        let before = self.players[p.index()].pool;
        let spent = take_from_pool(&mut self.players[p.index()].pool, u);
        c.spent |= spent;
        // 406: what was spent, by kind (the pool's difference).
        let after = self.players[p.index()].pool;
        for (k, (b, a)) in before.0.iter().zip(after.0).enumerate() {
            c.mana_spent.0[k] += b - a;
        }
    }

    /// 409.1i: pay the non-mana costs; the spell or ability becomes played.
    fn finish_casting(&mut self) {
        let Some(mut c) = self.casting.take() else {
            return;
        };
        if let Playing::TurnFaceUp { obj } = c.what {
            // 502.26d: a special action: no stack object; the player keeps
            // priority. Life paid for the morph cost is paid now (409.1h).
            self.retire_rewind();
            self.passes = 0;
            if let Some(life) = self.morph_cost(obj).map(|k| k.pay_life).filter(|&n| n > 0) {
                self.lose_life(c.player, life);
            }
            self.finish_turning_face_up(c.player, obj, c.x.unwrap_or(0), c.then);
            return;
        }
        if let Playing::Granted { index, .. } = c.what {
            // Guardian Angel's action: no stack object; the player keeps priority.
            self.rewind = None;
            self.passes = 0;
            self.finish_granted_action(c.player, index);
            self.flow = Flow::Priority(c.then);
            return;
        }
        if let Playing::EndEffect { obj } = c.what {
            // 408.2i: a special action: no stack object; the player keeps priority.
            self.rewind = None;
            self.passes = 0;
            self.end_licid_effect(c.player, obj);
            self.flow = Flow::Priority(c.then);
            return;
        }
        if let Playing::Suspend { obj } = c.what {
            // 408.2k: a special action: no stack object; the player keeps priority.
            self.retire_rewind();
            self.passes = 0;
            self.suspend_card(c.player, obj);
            self.flow = Flow::Priority(c.then);
            return;
        }
        if let Some(cost) = self.casting_cost(&c) {
            if let Playing::Ability { source, index } = c.what {
                let cycling = matches!(self.casting_ability(), Some(a) if a.cycling);
                // 409.1h: "Sacrifice enchanted creature" (Betrothed of
                // Fire): "the sacrificed creature" is that one.
                if cost.sacrifice_attached {
                    if let Some(crate::Target::Object(h)) =
                        self.objects[source.slot as usize].attached_to
                    {
                        if self.is_in_play(h) {
                            let owner = self.objects[h.slot as usize].owner;
                            self.move_to(h, Zone::Graveyard(owner), MoveReason::Sacrifice);
                            c.sacrificed_obj.get_or_insert(h);
                        }
                    }
                }
                self.pay_other_costs(cost, source, cycling);
                // 409.1h: "Remove X ki counters from [this]", X as announced.
                if let Some(kind) = cost.remove_counters_x {
                    self.remove_counters_for_cost(source, kind, c.x.unwrap_or(0));
                }
                // 409.1h: "Remove all +1/+1 counters from [this]" (Molten
                // Hydra): every counter of that kind, how many is the
                // ability's X ("the number of counters removed this way").
                if let Some(kind) = cost.remove_counters_all {
                    let n = self.objects[source.slot as usize].counters_of(kind);
                    self.remove_counters_for_cost(source, kind, n);
                    c.x = Some(n);
                }
                if cost.unattach_grantor {
                    self.unattach_grantor_for_cost(source, index);
                }
            }
        }
        // 502.43a: the ninjutsu cost returns the unblocked attacker.
        if let Some(a) = c.returning {
            self.pay_ninjutsu_return(a);
        }
        if let Playing::Spell { obj } = c.what {
            // 409.1h: the life of the spell's additional costs (Snuff
            // Out-style "pay N life").
            let life: u32 = self.spell_costs(&c).map(|k| k.life(c.x.unwrap_or(0))).sum();
            if life > 0 {
                self.lose_life(c.player, life);
            }
            // "have an opponent gain 3 life" (Invigorate), "have each other
            // player gain 6 life" (Reverent Silence): life others gain.
            let (one, each): (u32, u32) = self.spell_costs(&c).fold((0, 0), |(a, b), k| {
                (a + k.opponent_gains_life, b + k.others_gain_life)
            });
            if one > 0 {
                if let Some(q) = c
                    .opponent_chooser
                    .or_else(|| self.opponent_choosers(c.player).first().copied())
                {
                    self.gain_life(q, one);
                }
            }
            if each > 0 {
                let others: Vec<PlayerId> = self
                    .apnap_from(c.player)
                    .skip(1)
                    .filter(|&q| !self.player(q).lost)
                    .collect();
                for q in others {
                    self.gain_life(q, each);
                }
            }
            // 502.21, 502.16a: how the spell was played stays with it.
            use crate::state::object::flags;
            let o = &mut self.objects[obj.slot as usize];
            // 502.59a: a spell played by its suspend ability gains haste
            // (kept with its controller, `marks::SUSPEND_HASTE`).
            if c.suspend && !c.ripple && !c.masked {
                o.control_marks |= crate::state::object::marks::SUSPEND_HASTE;
            }
            // 406: the colours of mana spent on its total cost.
            for color in tolaria_cards::Color::ALL {
                if c.mana_spent.0[tolaria_cards::ManaKind::Color(color).index()] > 0 {
                    o.flags |= flags::spent_bit(color);
                }
            }
            if c.mana_spent.0[tolaria_cards::ManaKind::Colorless.index()] > 0 {
                o.flags |= flags::SPENT_C;
            }
            for (bit, flag) in [
                (1, flags::KICKED_A),
                (2, flags::KICKED_B),
                (4, flags::BOUGHT_BACK),
                (8, flags::FLASHBACK),
            ] {
                if (c.optional | u8::from(c.flashback) << 3) & bit != 0 {
                    o.flags |= flag;
                }
            }
        }
        let card = self.stack.last().and_then(|s| s.card(self));
        if let Some(top) = self.stack.last_mut() {
            top.targets = c.targets.clone();
            top.x = c.x.unwrap_or(0);
            top.mode = c.mode;
            if matches!(c.what, Playing::Spell { .. }) {
                top.colors_spent = c.spent;
                top.replicated = c.replicate;
            } else {
                top.mana_spent = c.mana_spent;
            }
            top.sacrificed = c.sacrificed_obj;
            top.sacrificed_power = c.sacrificed_power;
            top.division = c.division.clone();
            top.spliced = Game::spliced_record(&c);
        }
        self.retire_rewind();
        self.passes = 0;
        if let Some(card) = card {
            let targets = self.named_targets(&c.targets);
            self.emit(Event::CostPaid {
                player: c.player,
                card,
            });
            match c.what {
                Playing::Spell { obj } => {
                    self.players[c.player.index()].spells_this_turn += 1;
                    // "If you played this spell during your main phase"
                    // (Sulfurous Blast): 606.4b, a team's turn is each
                    // teammate's.
                    if self.is_active(c.player) && self.step.is_main() {
                        self.objects[obj.slot as usize].flags |=
                            crate::state::object::flags::PLAYED_IN_MAIN_PHASE;
                    }
                    self.emit(Event::SpellPlayed {
                        player: c.player,
                        obj,
                        card,
                        half: self.objects[obj.slot as usize].spell_face_index(),
                        targets,
                    })
                }
                Playing::Ability { source, index } => {
                    if let Some(o) = self.obj_mut(source) {
                        let bit = 1 << index.min(15);
                        // "no more than twice each turn": the second activation.
                        if o.activated_this_turn & bit != 0 {
                            o.activated_twice_this_turn |= bit;
                        }
                        o.activated_this_turn |= bit;
                    }
                    self.count_activation(source, card, index);
                    self.emit(Event::AbilityPlayed {
                        player: c.player,
                        source,
                        card,
                        index,
                        targets,
                    })
                }
                Playing::Trigger(_)
                | Playing::FaceDown { .. }
                | Playing::TurnFaceUp { .. }
                | Playing::Suspend { .. }
                | Playing::EndEffect { .. }
                | Playing::Granted { .. } => {}
            }
        }
        self.flow = Flow::Priority(c.then);
    }

    /// 409.1h: removes `n` counters of `kind` from `source` to pay a cost.
    pub(crate) fn remove_counters_for_cost(
        &mut self,
        source: ObjId,
        kind: tolaria_cards::CounterKind,
        n: u32,
    ) {
        if let Some(o) = self.obj_mut(source) {
            let n = o.add_counters(kind, -(n as i32));
            let card = o.card;
            self.emit(Event::CountersRemoved {
                obj: source,
                card,
                kind,
                amount: n,
            });
        }
    }

    /// The card `p` drew last this turn, if it is still in their hand
    /// (Jandor's Ring: a card that left the hand is another object,
    /// 217.1c).
    pub(crate) fn last_drawn_in_hand(&self, p: crate::PlayerId) -> Option<ObjId> {
        self.players[p.index()]
            .last_drawn
            .filter(|o| self.players[p.index()].hand.contains(o))
    }

    pub(crate) fn pay_other_costs(&mut self, cost: &Cost, source: ObjId, cycling: bool) {
        // 409.1h: "Reveal your hand" (Sasaya, Orochi Ascendant).
        if cost.reveal_hand {
            let player = self.objects[source.slot as usize].controller;
            let cards = self
                .player(player)
                .hand
                .iter()
                .map(|&o| self.objects[o.slot as usize].card)
                .collect();
            self.emit(Event::Revealed { player, cards });
        }
        // 409.1h: "Discard the last card you drew this turn" (Jandor's Ring).
        if cost.discard_last_drawn {
            let player = self.objects[source.slot as usize].controller;
            if let Some(o) = self.last_drawn_in_hand(player) {
                self.discard(o);
            }
        }
        // 409.1h: "Discard your hand" (Kyren Archive).
        if cost.discard_hand {
            let player = self.objects[source.slot as usize].controller;
            for o in self.player(player).hand.clone() {
                self.discard(o);
            }
        }
        if cost.tap {
            self.tap(source);
        }
        if cost.untap {
            self.untap(source);
        }
        // "Tap enchanted creature" (Krovikan Plague).
        if cost.tap_attached {
            if let Some(crate::Target::Object(host)) =
                self.objects[source.slot as usize].attached_to
            {
                self.tap(host);
            }
        }
        // "Pay half your life, rounded up" (Lurking Evil): of the life
        // total as the cost is paid.
        if cost.pay_half_life {
            let p = self.objects[source.slot as usize].controller;
            let half = Cost::half_life(self.life(p));
            if half > 0 {
                self.lose_life(p, half);
            }
        }
        if cost.pay_life > 0 {
            let p = self.objects[source.slot as usize].controller;
            self.lose_life(p, cost.pay_life);
        }
        // 409.1h: "Exile the top N cards of your library / graveyard"
        // (217.2: the top card of a library or graveyard is the last).
        if cost.remove_top_of_library > 0 || cost.remove_top_of_graveyard > 0 {
            let p = self.objects[source.slot as usize].controller;
            for _ in 0..cost.remove_top_of_library {
                if let Some(&o) = self.player(p).library.last() {
                    self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                }
            }
            for _ in 0..cost.remove_top_of_graveyard {
                if let Some(&o) = self.player(p).graveyard.last() {
                    self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                }
            }
        }
        if let Some((kind, n)) = cost.remove_counters {
            self.remove_counters_for_cost(source, kind, n as u32);
        }
        // 409.1h: "Put a -0/-1 counter on [this]" (Wall of Roots).
        if let Some((kind, n)) = cost.put_counters {
            if let Some(o) = self.obj_mut(source) {
                let amount = o.add_counters(kind, n as i32);
                let card = o.card;
                self.emit(Event::CountersPut {
                    obj: source,
                    card,
                    kind,
                    amount,
                });
            }
        }
        if cost.sacrifice_self {
            let owner = self.objects[source.slot as usize].owner;
            self.move_to(source, Zone::Graveyard(owner), MoveReason::Sacrifice);
        }
        // "Remove [this] from the game" (Ring of Ma'rûf).
        if cost.remove_self {
            self.move_to(source, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
        }
        // "Return [this] to its owner's hand" (Broken Fall).
        if cost.return_self {
            let owner = self.objects[source.slot as usize].owner;
            self.move_to(source, Zone::Hand(owner), MoveReason::ReturnToHand);
        }
        // 502.18a: "Discard this card" (cycling).
        if cost.discard_self {
            let o = &self.objects[source.slot as usize];
            let (owner, card) = (o.owner, o.card);
            // 502.24a: a card with madness may be removed from the game.
            if let Some(new) = self.discard_card(source) {
                if cycling {
                    // 502.18c: discarded to pay a cycling cost: cycled.
                    self.emit(Event::Cycled {
                        player: owner,
                        obj: new,
                        card,
                    });
                }
            }
        }
    }

    /// 422: the play is abandoned and the game returns to the moment before it.
    pub(crate) fn cancel_play(&mut self) {
        // Special actions put nothing on the stack.
        let turning_face_up = self.casting.as_ref().is_some_and(|c| {
            matches!(
                c.what,
                Playing::TurnFaceUp { .. }
                    | Playing::Suspend { .. }
                    | Playing::EndEffect { .. }
                    | Playing::Granted { .. }
            )
        });
        let card = if turning_face_up {
            None
        } else {
            self.stack.last().and_then(|s| s.card(self))
        };
        let player = self
            .casting
            .as_ref()
            .map(|c| c.player)
            .unwrap_or(self.active);
        let madness = self.casting.as_ref().and_then(|c| c.madness);
        if let Some(snap) = self.rewind.take() {
            let mut events = std::mem::take(&mut self.events);
            events.truncate(self.rewind_events);
            let actions = self.action_count;
            let objects = std::mem::take(&mut self.objects);
            *self = snap.into_game(objects);
            self.events = events;
            self.action_count = actions;
        }
        if let Some(card) = card {
            self.emit(Event::PlayCancelled { player, card });
        }
        // 502.24a: a madness card not played goes to the graveyard.
        if let Some(o) = madness.filter(|&o| self.obj(o).is_some()) {
            let owner = self.objects[o.slot as usize].owner;
            self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect);
        }
        self.flow = Flow::Priority(player);
        self.decision = None;
    }

    pub(crate) fn on_casting(&mut self, action: Action) {
        match action {
            Action::CancelPlay => self.cancel_play(),
            Action::ChooseTarget(t) => {
                if let Some(c) = self.casting.as_mut() {
                    c.targets.push(t);
                }
                self.continue_casting();
            }
            Action::Done => {
                // 409.1c: no more targets for an "up to N" requirement.
                if let Some(c) = self.casting.as_mut() {
                    c.targets_done = true;
                }
                self.continue_casting();
            }
            Action::Yes | Action::No => {
                // 409.1b: announce (or not) the optional cost asked.
                let Some(c) = self.casting.as_deref() else {
                    return;
                };
                let cost = self.next_optional_cost(c);
                let (player, card) = (c.player, self.stack.last().and_then(|s| s.card(self)));
                if let Some(c) = self.casting.as_mut() {
                    c.announced += 1;
                    if action == Action::Yes {
                        c.optional |= cost.map_or(0, crate::OptionalCost::bit);
                        c.flashback |= cost == Some(crate::OptionalCost::Flashback);
                        if cost == Some(crate::OptionalCost::Replicate) {
                            c.replicate += 1;
                        }
                    }
                }
                if let (Action::Yes, Some(cost), Some(card)) = (&action, cost, card) {
                    self.emit(Event::CostAnnounced { player, card, cost });
                }
                self.continue_casting();
            }
            Action::ChooseObject(o) => {
                // 409.1h: the part of the cost being paid, in the order
                // `continue_casting` asks for them.
                let Some(c) = self.casting.as_deref() else {
                    return;
                };
                let Some(cost) = self.casting_cost(c) else {
                    return;
                };
                if cost.sacrifices() > c.sacrificed {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
                    if let Some(c) = self.casting.as_mut() {
                        c.sacrificed += 1;
                        c.sacrificed_obj.get_or_insert(o);
                    }
                } else if cost.discards(c.x.unwrap_or(0)) > c.discarded {
                    self.discard(o);
                    if let Some(c) = self.casting.as_mut() {
                        c.discarded += 1;
                        // 409.1h: "the discarded card" (Volrath the Fallen):
                        // the card paid with, followed by its slot.
                        c.sacrificed_obj.get_or_insert(o);
                    }
                } else if cost.hand_to_library_top > c.topped {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to_pos(o, Zone::Library(owner), MoveReason::Effect, false);
                    if let Some(c) = self.casting.as_mut() {
                        c.topped += 1;
                    }
                } else if cost.reveal_x.is_some() && (c.revealed.len() as u32) < c.x.unwrap_or(0) {
                    // 409.1h: the card is revealed (seen by every player).
                    let player = c.player;
                    let card = self.objects[o.slot as usize].card;
                    if let Some(c) = self.casting.as_mut() {
                        c.revealed.push(o);
                    }
                    self.emit(Event::Revealed {
                        player,
                        cards: vec![card],
                    });
                } else if cost.exiles(c.x.unwrap_or(0)).is_some_and(|n| n > c.exiled) {
                    self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                    if let Some(c) = self.casting.as_mut() {
                        c.exiled += 1;
                        // 409.1h: "the exiled card" (Necropolis).
                        c.sacrificed_obj.get_or_insert(o);
                    }
                } else if cost
                    .tap_untapped
                    .as_ref()
                    .is_some_and(|(_, n)| *n > c.tapped)
                {
                    self.tap(o);
                    if let Some(c) = self.casting.as_mut() {
                        c.tapped += 1;
                    }
                } else if cost
                    .return_to_hand
                    .as_ref()
                    .is_some_and(|(_, n)| *n > c.returned)
                {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to(o, Zone::Hand(owner), MoveReason::ReturnToHand);
                    if let Some(c) = self.casting.as_mut() {
                        c.returned += 1;
                    }
                } else {
                    // 217.7d: a card removed with the source, to its
                    // owner's graveyard; "that card" is the one in the
                    // graveyard (Jester's Scepter).
                    let owner = self.objects[o.slot as usize].owner;
                    let new = self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect);
                    if let Some(c) = self.casting.as_mut() {
                        c.removed_paid += 1;
                        c.sacrificed_obj = new.or(Some(o));
                    }
                }
                self.continue_casting();
            }
            Action::ChooseMode(m) => {
                if let Some(c) = self.casting.as_mut() {
                    c.mode = Some(m);
                }
                // 502.32a: choosing every mode announces the entwine cost.
                if let Some(c) = self.casting.as_deref() {
                    if let Playing::Spell { obj } = c.what {
                        let spell = &self.objects[obj.slot as usize].spell_face().spell;
                        if spell.is_entwined(c.mode) {
                            let (player, card) = (c.player, self.objects[obj.slot as usize].card);
                            self.emit(Event::CostAnnounced {
                                player,
                                card,
                                cost: crate::OptionalCost::Entwine,
                            });
                        }
                    }
                }
                self.continue_casting();
            }
            Action::ChooseX(x) => {
                if let Some(c) = self.casting.as_mut() {
                    c.x = Some(x);
                }
                self.continue_casting();
            }
            Action::AssignDamage(n) => {
                // 409.1e: the share of the next target.
                if let Some(c) = self.casting.as_mut() {
                    c.division.push(n);
                }
                self.continue_casting();
            }
            // Channel's "pay 1 life: add {1}" while paying (411.1).
            Action::Granted(i) => {
                let p = self
                    .casting
                    .as_ref()
                    .map(|c| c.player)
                    .unwrap_or(self.active);
                self.life_for_mana(p, i);
                self.continue_casting();
            }
            Action::ActivateMana {
                source,
                index,
                kind,
            } => {
                let p = self
                    .casting
                    .as_ref()
                    .map(|c| c.player)
                    .unwrap_or(self.active);
                // 409.1g: the payment goes on once the mana is made.
                self.play_mana_ability(
                    p,
                    source,
                    index,
                    kind,
                    crate::playing::mana_choice_cost::ManaThen::Casting,
                );
            }
            _ => {}
        }
    }
}
