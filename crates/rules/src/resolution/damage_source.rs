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
//!
//! Every shield of a resolving spell or ability (`Effect::DamageShield`,
//! `continuous/shield.rs`) is created here: its recipients and source
//! found, the source chosen if it is "of your choice".

use crate::continuous::replacement::ChosenSource;
use crate::continuous::shield::{Shield, ShieldAct};
use crate::continuous::source::SourceInfo;
use crate::continuous::source::SourceProps;
use crate::state::stack::ResolveCtx;
use crate::state::stack::StackKind;
use crate::{Action, Decision, DecisionKind, Event, Game, ObjId, PlayerId, Target};
use tolaria_cards::{ColorSet, Recipient, ShieldAmount, ShieldFrom, ShieldSpec, ShieldThen};

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
                && self.unblocked_fits(props, o)
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
    /// The creatures and players a shield's recipient names now (an
    /// illegal target, none: 413.2a).
    fn shield_recipients(&self, ctx: &ResolveCtx, r: &Recipient) -> Vec<Target> {
        match r {
            Recipient::Target(i) => ctx.target(*i).into_iter().collect(),
            Recipient::Player(p) => self
                .players_of(ctx, p)
                .into_iter()
                .map(Target::Player)
                .collect(),
            Recipient::Object(o) => self
                .objects_of(ctx, o)
                .into_iter()
                .filter(|&o| self.is_in_play(o))
                .map(Target::Object)
                .collect(),
            // "each creature and each player" (Kitsune Palliator).
            Recipient::EachCreatureAndPlayer(_) => self.damage_recipients(ctx, r),
            Recipient::TargetAndEachSharingColor(_) => Vec::new(),
        }
    }

    /// 419.6c, 419.7b, 419.8a: creates the shields of `spec`, one for each
    /// recipient named (419.7d); "of your choice" asks for the source first
    /// (a decision, `ChooseSource`). Nothing is created for a recipient
    /// that is gone or an illegal target, nor when the damage would be
    /// redirected to one (419.6c).
    pub(crate) fn create_damage_shield(
        &mut self,
        ctx: &ResolveCtx,
        spec: &ShieldSpec,
    ) -> Option<Decision> {
        let tos: Vec<Option<Target>> = match &spec.to {
            None => vec![None],
            Some(r) => self
                .shield_recipients(ctx, r)
                .into_iter()
                .map(Some)
                .collect(),
        };
        if tos.is_empty() {
            return None;
        }
        let then = match &spec.then {
            ShieldThen::Prevent => ShieldAct::Prevent,
            ShieldThen::PreventAllBut(n) => ShieldAct::PreventAllBut(*n),
            ShieldThen::Redirect(r) => {
                ShieldAct::Redirect(*self.shield_recipients(ctx, r).first()?)
            }
            ShieldThen::ToSourceController => ShieldAct::ToSourceController,
            ShieldThen::AlsoToSourceController => ShieldAct::AlsoToSourceController,
        };
        let (left, once) = match &spec.amount {
            ShieldAmount::All => (u32::MAX, false),
            ShieldAmount::Next(a) => (u32::try_from(self.amount(ctx, a)).unwrap_or(0), false),
            ShieldAmount::NextTime => (u32::MAX, true),
        };
        if left == 0 {
            return None;
        }
        let mut shield = Shield {
            left,
            once,
            combat_only: spec.combat_only,
            then,
            gain_life: spec.gain_life,
            counters: spec.counters,
            card: Some(ctx.source_card),
            controller: ctx.controller,
            maker: Some(ctx.source),
            to_each: spec.to_each.clone().map(Box::new),
            ..Default::default()
        };
        match &spec.from {
            ShieldFrom::Any => {}
            ShieldFrom::Object(r) => shield.by = Some(*self.objects_of(ctx, r).first()?),
            ShieldFrom::Each(f) => shield.by_each = Some(Box::new(f.clone())),
            ShieldFrom::Chosen(f) => {
                let mut props = SourceProps {
                    colors: f.colors_any,
                    types: f.types_any,
                    unblocked: f.blocked == Some(false),
                };
                // "of the chosen color": the colour chosen for the object
                // with the ability (419.1b); none chosen, no source has it
                // (503.7).
                if f.chosen_color {
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
                shield.from = Some(self.chosen_source(o, props));
                self.emit(Event::SourceChosen {
                    player: ctx.controller,
                    card: ctx.source_card,
                    source_card: self.objects[o.slot as usize].card,
                });
            }
        }
        for to in tos {
            self.shields.push(Shield {
                to,
                ..shield.clone()
            });
        }
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
