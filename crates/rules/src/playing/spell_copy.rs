//! Copies of spells (503.10): a copy is a spell with no card, put onto the
//! stack with the original's mode, targets and X (409.1b decisions are
//! copied, 503.10), controlled by the player who put it there; it isn't
//! played (no 409.1i event, so nothing triggers on "whenever a player plays
//! a spell"). 503.10b: "you may choose new targets for the copy" asks, for
//! each target in order, to keep it (even if now illegal) or to pick a new
//! legal one. 503.10a / 420.5j: a copy anywhere but the stack ceases to
//! exist (`turn/sba.rs`).

use crate::continuous::source::SourceInfo;
use crate::playing::targeting::legal_targets;
use crate::state::stack::ResolveCtx;
use crate::state::stack::SpellCopy;
use crate::state::stack::StackKind;
use crate::{Decision, DecisionKind, Event, Game, ObjId, Object, StackItem, Target, Zone};
use tolaria_cards::{Color, ObjectRef};

/// The storm spell itself: the source of its own trigger (502.30a).
static THIS: ObjectRef = ObjectRef::This;

impl Game {
    /// The stack entry of the spell `what` names, if it is still a spell.
    fn spell_on_stack(&self, ctx: &ResolveCtx, what: &ObjectRef) -> Option<StackItem> {
        self.objects_of(ctx, what).into_iter().find_map(|o| {
            self.stack
                .iter()
                .find(|s| matches!(s.kind, StackKind::Spell { obj } if obj == o))
                .cloned()
        })
    }

    /// 503.10: `Effect::CopySpell`. Pauses for each 503.10b target choice.
    pub(crate) fn copy_spell(
        &mut self,
        ctx: &ResolveCtx,
        what: &ObjectRef,
        new_targets: bool,
        color: Option<Color>,
    ) -> Option<Decision> {
        // 413.2a: an illegal (gone) target means no copy.
        let original = self.spell_on_stack(ctx, what)?;
        let r = self.resolving.as_mut()?;
        if new_targets && (r.sub as usize) < original.targets.len() {
            if r.sub == 0 {
                r.copy_targets = original.targets.clone();
            }
            return Some(Decision {
                player: ctx.controller,
                kind: DecisionKind::ChooseNewTarget { index: r.sub as u8 },
            });
        }
        let targets = if new_targets {
            std::mem::take(&mut r.copy_targets)
        } else {
            original.targets.clone()
        };
        let StackKind::Spell { obj: of } = original.kind else {
            return None;
        };
        if self.objects.len() >= crate::state::limits::MAX_OBJECTS {
            // The arena's limit (state/limits.rs): no copy.
            return None;
        }
        let card = self.objects[of.slot as usize].card;
        let slot = self.objects.len();
        // 503.10: controlled (and, having no card, owned) by the player
        // who put it on the stack.
        let mut o = Object::new(card, ctx.controller, Zone::Stack);
        o.spell_copy = Some(SpellCopy { color });
        // 503.10, 505.2: the copy of a split card's half is that half.
        o.flags |= self.objects[of.slot as usize].flags & crate::state::object::flags::SPLIT_SECOND;
        o.timestamp = self.stamp();
        self.objects.push(o);
        let copy = self.objects[slot].id(slot);
        let named = self.named_targets(&targets);
        self.stack.push(StackItem {
            kind: StackKind::Spell { obj: copy },
            controller: ctx.controller,
            targets,
            x: original.x,
            mode: original.mode,
            colors_spent: 0,
            replicated: 0,
            mana_spent: Default::default(),
            sacrificed: original.sacrificed,
            sacrificed_power: original.sacrificed_power,
            // Pyrotechnics' ruling: a copy's division can't be changed.
            division: original.division.clone(),
            // 502.40a, 503.10: the text spliced onto the original (and
            // the targets its instructions have) is copied too.
            spliced: original.spliced.clone(),
            id: 0,
        });
        // 503.10: optional additional costs paid for the original (kicker,
        // buyback) are copied.
        let paid = self.objects[of.slot as usize].flags
            & (crate::state::object::flags::KICKED | crate::state::object::flags::BOUGHT_BACK);
        self.objects[slot].flags |= paid;
        self.emit(Event::SpellCopied {
            player: ctx.controller,
            obj: copy,
            card,
            targets: named,
        });
        None
    }

    /// 502.30a: storm's copies, one per spell played before the storm
    /// spell this turn (`TriggerContext::amount`), each with its own
    /// choice of new targets (503.10b); `Resolving::inner` counts the
    /// copies made. With the spell gone from the stack, no copy is made
    /// (a known limit: the copy would need the spell's last known
    /// targets, X and mode).
    pub(crate) fn storm_copies(&mut self, ctx: &ResolveCtx) -> Option<Decision> {
        loop {
            let made = self.resolving.as_ref()?.inner;
            if made >= ctx.trigger.amount || self.spell_on_stack(ctx, &THIS).is_none() {
                self.resolving.as_mut()?.inner = 0;
                return None;
            }
            if let Some(d) = self.copy_spell(ctx, &THIS, true, None) {
                return Some(d);
            }
            let r = self.resolving.as_mut()?;
            r.inner += 1;
            r.sub = 0;
        }
    }

    /// The spell or ability on the stack whose target an effect changes
    /// (415.7): a spell `what` names, or the ability on the stack that is
    /// its (still legal, 413.2a) target (Willbender).
    fn changed_item(&self, ctx: &ResolveCtx, what: &ObjectRef) -> Option<StackItem> {
        if let ObjectRef::Target(i) = what {
            if let Some(&Target::Ability(id)) = ctx.targets.get(*i as usize) {
                return (ctx.legal & (1 << i) != 0)
                    .then(|| self.stack_ability(id).cloned())
                    .flatten();
            }
        }
        self.spell_on_stack(ctx, what)
    }

    /// The legal answers to a 503.10b choice: keep the target (listed
    /// first, legal or not), or any other legal target for that slot.
    pub(crate) fn new_target_options(&self, index: u8, out: &mut Vec<crate::Action>) {
        let Some(r) = self.resolving.as_deref() else {
            return;
        };
        let (what, color, must_change, only, to_player) = match self.current_effect() {
            Some(tolaria_cards::Effect::CopySpell { what, color, .. }) => {
                (what, *color, false, None, false)
            }
            Some(tolaria_cards::Effect::CopiesOfThis) => (&THIS, None, false, None, false),
            Some(tolaria_cards::Effect::ChangeTarget {
                what,
                to,
                to_player,
                ..
            }) => (what, None, true, to.as_ref(), *to_player),
            _ => return,
        };
        let item = if must_change {
            self.changed_item(&r.ctx, what)
        } else {
            self.spell_on_stack(&r.ctx, what)
        };
        let Some(original) = item else {
            return;
        };
        let i = index as usize;
        let Some(&current) = r.copy_targets.get(i) else {
            return;
        };
        // 503.10b: a copy's target may stay; 415.7a: a changed target
        // must be another one.
        if !must_change {
            out.push(crate::Action::ChooseTarget(current));
        }
        // 502.40d: a spliced card's target by that card's requirement.
        let (specs, start) = crate::playing::splice::part_of_slot(self, &original, i);
        let (source, trigger_player) = match &original.kind {
            StackKind::Spell { obj } => (*obj, None),
            StackKind::Ability {
                source, trigger, ..
            } => (*source, trigger.player),
            StackKind::CombatDamage(_) => return,
        };
        // The copy is the source: controlled by the copier, with the
        // "except" colour. A changed target is judged for the spell or
        // ability itself (415.6: never itself).
        let src = if must_change {
            SourceInfo {
                trigger_player,
                ability: (original.id != 0).then_some(original.id),
                ..SourceInfo::of(self, source, original.controller)
            }
        } else {
            let mut src = SourceInfo::of(self, source, r.ctx.controller);
            src.obj = None;
            if let Some(c) = color {
                src.colors = tolaria_cards::ColorSet::single(c);
            }
            src
        };
        let mut ts = Vec::new();
        legal_targets(
            self,
            specs,
            i - start,
            &r.copy_targets[start..i],
            &src,
            &mut ts,
        );
        // A changed target that is the spell's target several times (Seeds
        // of Strength on Torchling, its ruling) changes everywhere: the new
        // one must be legal for each of those requirements.
        let also: Vec<usize> = if must_change {
            (0..r.copy_targets.len())
                .filter(|&j| j != i && r.copy_targets[j] == current)
                .collect()
        } else {
            Vec::new()
        };
        out.extend(
            ts.into_iter()
                .filter(|&t| t != current)
                // "The new target must be a player." (Rebound)
                .filter(|&t| !to_player || matches!(t, Target::Player(_)))
                .filter(|&t| {
                    also.iter().all(|&j| {
                        let (specs, start) =
                            crate::playing::splice::part_of_slot(self, &original, j);
                        crate::playing::targeting::slot_spec(specs, j - start).is_some_and(
                            |(_, spec)| {
                                crate::playing::targeting::is_legal_target(self, spec, t, &src)
                            },
                        )
                    })
                })
                // "change that spell's target to another creature"
                // (Quicksilver Dragon): only such a new target.
                .filter(|&t| {
                    only.is_none_or(|f| match t {
                        Target::Object(o) => {
                            self.is_present(o)
                                && crate::continuous::filter::matches(
                                    self,
                                    f,
                                    o,
                                    Some(r.ctx.source),
                                    r.ctx.controller,
                                )
                        }
                        _ => false,
                    })
                })
                .map(crate::Action::ChooseTarget),
        );
    }

    /// 415.7: `Effect::ChangeTarget`. The legal alternatives for the spell
    /// or ability (as its controller would choose them) are offered to the
    /// effect's controller; with none, the target is unchanged (415.7a).
    pub(crate) fn change_target(
        &mut self,
        ctx: &ResolveCtx,
        what: &ObjectRef,
        from_this: bool,
    ) -> Option<Decision> {
        let original = self.changed_item(ctx, what)?;
        // "If [it] has only one target and that target is [this]".
        if from_this && original.targets[..] != [Target::Object(ctx.source)] {
            return None;
        }
        let r = self.resolving.as_mut()?;
        if r.sub == 0 {
            r.copy_targets = original.targets.clone();
            let mut options = Vec::new();
            self.new_target_options(0, &mut options);
            if options.is_empty() {
                return None;
            }
            return Some(Decision {
                player: ctx.controller,
                kind: DecisionKind::ChooseNewTarget { index: 0 },
            });
        }
        let mut new = std::mem::take(&mut r.copy_targets);
        // Every slot that held the changed target holds the new one.
        if let (Some(&old), Some(&chosen)) = (original.targets.first(), new.first()) {
            for (slot, was) in new.iter_mut().zip(&original.targets) {
                if *was == old {
                    *slot = chosen;
                }
            }
        }
        let card = original.card(self)?;
        if let Some(item) = self
            .stack
            .iter_mut()
            .find(|s| match (&s.kind, &original.kind) {
                (StackKind::Spell { obj }, StackKind::Spell { obj: of }) => obj == of,
                _ => original.id != 0 && s.id == original.id,
            })
        {
            item.targets = new.clone();
        }
        let named = self.named_targets(&new);
        self.emit(Event::TargetChanged {
            card,
            targets: named,
            ability: original.id != 0,
        });
        None
    }

    /// 503.10b: one target of the copy decided.
    pub(crate) fn on_new_target(&mut self, action: crate::Action) {
        if let (Some(r), crate::Action::ChooseTarget(t)) = (self.resolving.as_mut(), action) {
            if let Some(slot) = r.copy_targets.get_mut(r.sub as usize) {
                *slot = t;
            }
            r.sub += 1;
        }
        self.run_resolution();
    }

    /// Is this object a copy of a spell (503.10)?
    pub fn is_spell_copy(&self, id: ObjId) -> bool {
        self.obj(id).is_some_and(|o| o.spell_copy.is_some())
    }
}
