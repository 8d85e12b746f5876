//! "A source of your choice" (419.8a): choosing a source of damage, and the
//! one-shot prevention shield against it ("The next time a red source of
//! your choice would deal damage to you this turn, prevent that damage.":
//! the Circles of Protection, Story Circle).
//!
//! 419.8a: the player may choose a permanent, a spell on the stack, or any
//! card or permanent referred to by an object on the stack (an ability's
//! source, even one no longer in play; a creature whose combat damage is on
//! the stack; a target). The source is chosen as the effect is created (on
//! resolution). A chosen spell stands also for the permanent it becomes.
//! 419.8b: when the source would deal damage, its properties ("red",
//! "artifact") are checked again; a shield that prevents nothing isn't used
//! up.

use crate::continuous::replacement::ChosenSource;
use crate::continuous::source::SourceInfo;
use crate::continuous::source::SourceProps;
use crate::state::stack::ResolveCtx;
use crate::state::stack::StackKind;
use crate::{Action, Decision, DecisionKind, Event, Game, ObjId, PlayerId, Target};
use tolaria_cards::{ColorSet, ObjectFilter, Recipient};

impl ChosenSource {
    /// Is damage from `source` (with characteristics `src`) damage from
    /// the chosen source, still with the properties asked for?
    pub fn matches(&self, source: ObjId, src: &SourceInfo) -> bool {
        let same = source == self.obj
            || (self.spell
                && source.slot == self.obj.slot
                && source.gen == self.obj.gen.wrapping_add(1));
        same && self.props.fit(src)
    }
}

impl Game {
    /// 419.8a: the sources `player` may choose now with the properties
    /// `props`: permanents, spells on the stack, then the objects the
    /// stack's objects refer to (abilities' sources, creatures with combat
    /// damage on the stack, targets), each once.
    pub(crate) fn damage_sources(&self, player: PlayerId, props: SourceProps) -> Vec<ObjId> {
        let mut v: Vec<ObjId> = Vec::new();
        let add = |v: &mut Vec<ObjId>, o: ObjId| {
            // 601.5a: a chosen object is within the chooser's range.
            if !v.contains(&o)
                && self.object_within_range(player, o)
                && props.fit(&SourceInfo::of(self, o, player))
            {
                v.push(o);
            }
        };
        for &o in &self.in_play {
            if !self.objects[o.slot as usize].is_phased_out() {
                add(&mut v, o);
            }
        }
        for item in self.stack.iter().rev() {
            match &item.kind {
                StackKind::Spell { obj } => add(&mut v, *obj),
                StackKind::Ability { source, .. } => add(&mut v, *source),
                StackKind::CombatDamage(list) => {
                    for a in list {
                        add(&mut v, a.source);
                    }
                }
            }
            for t in &item.targets {
                if let Target::Object(o) = t {
                    add(&mut v, *o);
                }
            }
        }
        v
    }

    /// 419.8a: `o` chosen as the source: a spell on the stack also stands
    /// for the permanent it becomes.
    pub(crate) fn chosen_source(&self, o: ObjId, props: SourceProps) -> ChosenSource {
        let spell = self
            .stack
            .iter()
            .any(|s| matches!(s.kind, StackKind::Spell { obj } if obj == o));
        ChosenSource {
            obj: o,
            spell,
            props,
        }
    }
}

impl Game {
    /// 419.8a: "The next time a [red] source of your choice would deal
    /// damage to [you] this turn, prevent that damage." (`next_only`), or
    /// "Prevent all damage a source of your choice would deal this turn.": the recipient is
    /// found (an illegal target gets nothing, 413.2a), the controller
    /// chooses the source (a decision, `ChooseSource`), and the shield is
    /// created. With no source to choose, nothing happens.
    pub(crate) fn shield_from_chosen_source(
        &mut self,
        ctx: &ResolveCtx,
        sources: &ObjectFilter,
        to: Option<&Recipient>,
        next_only: bool,
    ) -> Option<Decision> {
        let to = match to {
            None => None,
            Some(Recipient::Target(i)) => Some(ctx.target(*i)?),
            Some(Recipient::Player(p)) => Some(Target::Player(*self.players_of(ctx, p).first()?)),
            Some(_) => return None,
        };
        let mut props = SourceProps {
            colors: sources.colors_any,
            types: sources.types_any,
        };
        // "of the chosen color": the colour chosen for the object with the
        // ability (419.1b); none chosen, no source has it (503.7).
        if sources.chosen_color {
            let c = self.obj(ctx.source).and_then(|o| o.chosen_color)?;
            props.colors = ColorSet::single(c);
        }
        let Some(o) = self.resolving.as_mut()?.source_choice.take() else {
            if self.damage_sources(ctx.controller, props).is_empty() {
                return None;
            }
            return Some(Decision {
                player: ctx.controller,
                kind: DecisionKind::ChooseSource { props },
            });
        };
        let chosen = self.chosen_source(o, props);
        self.emit(Event::SourceChosen {
            player: ctx.controller,
            card: ctx.source_card,
            source_card: self.objects[o.slot as usize].card,
        });
        self.shields.push(crate::continuous::replacement::Shield {
            to,
            left: u32::MAX,
            from: Some(chosen),
            once: next_only,
        });
        None
    }

    /// 419.8a: the answer to `ChooseSource`; the effect is created.
    pub(crate) fn on_source_choice(&mut self, action: Action) {
        if let (Some(r), Action::ChooseObject(o)) = (self.resolving.as_mut(), action) {
            r.source_choice = Some(o);
        }
        self.run_resolution();
    }
}
