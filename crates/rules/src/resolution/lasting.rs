//! The lasting results of one-shot effects: counters put or removed
//! (121; sunburst, 502.37), and the continuous effects a resolving spell or
//! ability creates (418.3), kept apart from the instructions that call
//! them (`effect.rs`).

use crate::state::stack::ResolveCtx;
use crate::{Event, Game, ObjId, Zone};
use tolaria_cards::{db, Ability, Duration, ObjectRef};

impl Game {
    /// 502.37a: a permanent with sunburst coming into play from the stack
    /// gets a counter for each colour of mana spent on it: +1/+1 counters
    /// if it comes into play as a creature, charge counters otherwise
    /// (502.37d: each instance separately).
    pub(crate) fn sunburst(&mut self, new: ObjId, colors_spent: u8) {
        let instances = self.obj(new).map_or(0, |o| {
            db().get(o.card).faces[0]
                .abilities
                .iter()
                .filter(|a| matches!(a, Ability::Static(tolaria_cards::StaticAbility::Sunburst)))
                .count()
        });
        let n = (colors_spent & 0x1f).count_ones();
        if instances == 0 || n == 0 {
            return;
        }
        let kind = if crate::continuous::characteristics::compute(self, new).is_creature() {
            tolaria_cards::CounterKind::PlusOnePlusOne
        } else {
            tolaria_cards::CounterKind::Charge
        };
        for _ in 0..instances {
            let Some(o) = self.obj_mut(new) else { return };
            let amount = o.add_counters(kind, n as i32);
            let card = o.card;
            self.emit(Event::CountersPut {
                obj: new,
                card,
                kind,
                amount,
            });
        }
    }

    /// Puts (`delta` > 0) or removes counters of one kind on the objects,
    /// with an event for each object whose counters changed.
    pub(crate) fn change_counters(
        &mut self,
        ctx: &ResolveCtx,
        what: &ObjectRef,
        kind: tolaria_cards::CounterKind,
        delta: i32,
    ) {
        for o in self.objects_of(ctx, what) {
            let Some(obj) = self.obj_mut(o) else { continue };
            let amount = obj.add_counters(kind, delta);
            let card = obj.card;
            if amount == 0 {
                continue;
            }
            self.emit(if delta > 0 {
                Event::CountersPut {
                    obj: o,
                    card,
                    kind,
                    amount,
                }
            } else {
                Event::CountersRemoved {
                    obj: o,
                    card,
                    kind,
                    amount,
                }
            });
        }
    }

    /// 418.3: a continuous effect from a resolving spell or ability.
    /// 418.3b: the affected objects are locked in now; 418.5g: one
    /// timestamp for the whole effect.
    pub(crate) fn create_continuous(
        &mut self,
        ctx: &ResolveCtx,
        what: &ObjectRef,
        effect: tolaria_cards::LayerEffect,
        duration: Duration,
    ) {
        let mut effect = effect;
        // 413.2f: X is fixed as the effect is created.
        if effect.set_pt == Some(tolaria_cards::SetPt::X) {
            let x = ctx.x as i32;
            effect.set_pt = Some(tolaria_cards::SetPt::Fixed {
                power: x,
                toughness: x,
            });
        }
        let ts = self.stamp();
        let until_end_of_turn = duration == Duration::EndOfTurn;
        let until_end_of_combat = duration == Duration::EndOfCombat;
        // 418.3d: "as long as [the source] remains tapped": if that
        // duration is already over, the effect does nothing.
        let while_tapped = matches!(
            duration,
            Duration::WhileSourceTapped | Duration::WhileYouControlSourceTapped
        )
        .then_some(ctx.source);
        if while_tapped.is_some_and(|s| {
            !self
                .obj(s)
                .is_some_and(|o| o.is_tapped() && o.zone == Zone::InPlay)
        }) {
            return;
        }
        // "until CARDNAME leaves play": if it already has, the effect
        // does nothing, as 418.3d says of "as long as" (ARCHITECTURE.md).
        let to_attached = duration == Duration::ToWhatThisEnchants;
        let until_leaves =
            (duration == Duration::UntilSourceLeaves || to_attached).then_some(ctx.source);
        if until_leaves.is_some_and(|s| !self.is_in_play(s)) {
            return;
        }
        // "for as long as you control CARDNAME": if the source is gone or
        // another player controls it, already over (as 418.3d).
        let while_controls = matches!(
            duration,
            Duration::WhileYouControlSource | Duration::WhileYouControlSourceTapped
        )
        .then_some(ctx.source);
        if while_controls.is_some_and(|s| {
            !self
                .obj(s)
                .is_some_and(|o| o.zone == Zone::InPlay && o.controller == ctx.controller)
        }) {
            return;
        }
        let while_enchanted = duration == Duration::WhileEnchanted;
        // A colour-setting effect may apply to a spell on the stack
        // ("Target spell or permanent becomes the color of your choice",
        // Illusion): `characteristics::compute` applies it there.
        let colour_only = effect
            == tolaria_cards::LayerEffect {
                set_colors: effect.set_colors,
                ..Default::default()
            }
            && effect.set_colors.is_some();
        // 418.6: a text change applies to a spell too (Sleight of Mind:
        // "target spell or permanent").
        let colour_only = colour_only
            || (effect.text.is_some()
                && effect
                    == tolaria_cards::LayerEffect {
                        text: effect.text,
                        ..Default::default()
                    });
        for o in self.objects_of(ctx, what) {
            let spell = colour_only && self.obj(o).is_some_and(|x| x.zone == Zone::Stack);
            if !self.is_present(o) && !spell {
                continue;
            }
            // "For as long as that creature is enchanted": already over.
            if while_enchanted && !self.is_enchanted(o) {
                continue;
            }
            // An earlier identical effect on the same object, lasting as
            // long, is wholly overridden by this one when applying it twice
            // is applying it once (it sets values, adds types or
            // abilities): drop it, so repeated activations (Chimeric Staff
            // for X = 0) don't pile up effects.
            if effect.is_idempotent() {
                let controller = ctx.controller;
                self.effects.retain(|x| {
                    !(x.affected == o
                        && x.copy.is_none()
                        && x.effect == effect
                        && x.until_end_of_turn == until_end_of_turn
                        && x.until_end_of_combat == until_end_of_combat
                        && x.while_tapped == while_tapped
                        && x.until_leaves == until_leaves
                        && x.while_controls == while_controls
                        && x.controller == controller)
                });
            }
            self.effects
                .push(crate::continuous::effects::ContinuousEffect {
                    timestamp: ts,
                    source_card: ctx.source_card,
                    controller: ctx.controller,
                    affected: o,
                    effect,
                    copy: None,
                    until_end_of_turn,
                    until_end_of_combat,
                    while_tapped,
                    while_enchanted,
                    while_controlled: false,
                    while_controls,
                    until_upkeep_of: (duration == Duration::UntilYourNextUpkeep)
                        .then_some(ctx.controller),
                    until_leaves,
                    to_attached,
                });
            let card = self.objects[o.slot as usize].card;
            if effect.is_pump() {
                self.emit(Event::Pumped {
                    obj: o,
                    card,
                    power: effect.power,
                    toughness: effect.toughness,
                });
            } else {
                self.emit(Event::EffectCreated {
                    obj: o,
                    card,
                    what: effect.describe(),
                });
            }
        }
    }
}
