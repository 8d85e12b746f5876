//! What is being played (409.1a–c): the modes of a modal spell or
//! ability that may be announced (409.1b, 502.32a entwine), the target
//! requirements and source of the spell or ability being played, and the
//! activated ability on the stack; split from `play.rs`.

use crate::continuous::source::SourceInfo;
use crate::state::progress::{Casting, Playing};
use crate::state::stack::StackKind;
use crate::{Game, ObjId, PlayerId};
use tolaria_cards::{Ability, TargetSpec};

impl Game {
    /// The modes of a modal spell that could be chosen now (those whose
    /// targets can be chosen, 409.1c).
    pub(crate) fn playable_modes(
        &self,
        spell: ObjId,
        player: PlayerId,
    ) -> impl Iterator<Item = u8> + '_ {
        let face = &self.objects[spell.slot as usize].spell_face();
        let src = SourceInfo {
            obj: Some(spell),
            colors: face.colors,
            types: face.types,
            subtypes: face.subtypes,
            controller: player,
            trigger_player: None,
            ability: None,
        };
        face.spell
            .modes
            .iter()
            .enumerate()
            .filter(move |(_, m)| {
                crate::playing::targeting::targets_available(self, &m.targets, &src)
            })
            .map(|(i, _)| i as u8)
    }

    /// 409.1b: the modes the player of the spell being played may announce:
    /// the playable modes and, 502.32a, all of them entwined (numbered
    /// after them) if every mode's targets can be chosen together and the
    /// total cost with the entwine cost can be paid (409.1h).
    pub(crate) fn announceable_modes<'a>(
        &'a self,
        c: &'a Casting,
    ) -> impl Iterator<Item = u8> + 'a {
        let obj = match c.what {
            Playing::Spell { obj } => Some(obj),
            _ => None,
        };
        let spell = obj.into_iter().flat_map(move |obj| {
            self.playable_modes(obj, c.player)
                .chain(self.entwine_mode(c, obj))
        });
        spell
            .chain(self.trigger_modes(c))
            .chain(self.ability_modes(c))
    }

    /// 409.1b: the modes of a modal activated ability being played whose
    /// targets can be chosen ("[Cost]: Choose one —", Pyramids).
    pub(crate) fn ability_modes<'a>(&'a self, c: &'a Casting) -> impl Iterator<Item = u8> + 'a {
        let modes = match self.casting_activated(c) {
            Some(a) => &a.modes[..],
            None => &[][..],
        };
        let src = (!modes.is_empty()).then(|| self.casting_source(c));
        modes
            .iter()
            .enumerate()
            .filter(move |(_, m)| {
                src.as_ref().is_some_and(|src| {
                    crate::playing::targeting::targets_available(self, &m.targets, src)
                })
            })
            .map(|(i, _)| i as u8)
    }

    /// The activated ability being played, if any (on the stack since its
    /// announcement, 409.1a).
    pub(crate) fn casting_activated(
        &self,
        c: &Casting,
    ) -> Option<&'static tolaria_cards::ActivatedAbility> {
        if !matches!(c.what, Playing::Ability { .. }) {
            return None;
        }
        match self.stack.last().map(|s| &s.kind) {
            Some(StackKind::Ability { ability, .. }) => match ability.get() {
                Ability::Activated(a) => Some(a),
                _ => None,
            },
            _ => None,
        }
    }

    /// 410.4, 409.1b: the modes of a modal triggered ability being put on
    /// the stack whose targets can be chosen.
    pub(crate) fn trigger_modes<'a>(&'a self, c: &'a Casting) -> impl Iterator<Item = u8> + 'a {
        let (modes, src) = match &c.what {
            Playing::Trigger(t) => (t.modes(), Some(self.casting_source(c))),
            _ => (&[][..], None),
        };
        modes
            .iter()
            .enumerate()
            .filter(move |(_, m)| {
                src.as_ref().is_some_and(|src| {
                    crate::playing::targeting::targets_available(self, &m.targets, src)
                })
            })
            .map(|(i, _)| i as u8)
    }

    /// 502.32a: the entwined mode, if it may be announced now.
    pub(crate) fn entwine_mode(&self, c: &Casting, obj: ObjId) -> Option<u8> {
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        let e = spell.entwine.as_ref()?;
        let src = SourceInfo::of(self, obj, c.player);
        if !crate::playing::targeting::targets_available(self, &e.all.targets, &src) {
            return None;
        }
        let mut with = c.clone();
        with.mode = Some(spell.modes.len() as u8);
        self.total_cost_payable(&with, &e.cost)
            .then_some(spell.modes.len() as u8)
    }

    /// The target requirements of what is being played (502.40d: those of
    /// the spliced card whose targets are being chosen, after the main
    /// spell's).
    pub(crate) fn casting_specs(&self, c: &Casting) -> &'static [TargetSpec] {
        if let (_, Some(specs)) = self.casting_part(c) {
            return specs;
        }
        match &c.what {
            Playing::Spell { obj } => self.objects[obj.slot as usize]
                .spell_face()
                .spell
                .targets_for(c.mode),
            Playing::Ability { .. } => match self.stack.last().map(|s| &s.kind) {
                Some(StackKind::Ability { ability, .. }) => match ability.get() {
                    Ability::Activated(a) => a.targets_for(c.mode),
                    _ => &[],
                },
                _ => &[],
            },
            Playing::Trigger(t) => t.targets(c.mode),
            Playing::FaceDown { .. }
            | Playing::TurnFaceUp { .. }
            | Playing::Suspend { .. }
            | Playing::EndEffect { .. }
            | Playing::Granted { .. } => &[],
        }
    }

    pub(crate) fn casting_source(&self, c: &Casting) -> SourceInfo {
        match &c.what {
            Playing::Spell { obj }
            | Playing::FaceDown { obj }
            | Playing::TurnFaceUp { obj }
            | Playing::Suspend { obj }
            | Playing::EndEffect { obj }
            | Playing::Granted { obj, .. } => SourceInfo::of(self, *obj, c.player),
            // 415.6: the ability being played is on top of the stack.
            Playing::Ability { source, .. } => SourceInfo {
                ability: self.stack.last().map(|s| s.id),
                ..SourceInfo::of(self, *source, c.player)
            },
            Playing::Trigger(t) => SourceInfo {
                trigger_player: t.ctx.player,
                ..SourceInfo::of(self, t.source, c.player)
            },
        }
    }

    /// The activated ability being played (on top of the stack).
    pub(crate) fn casting_ability(&self) -> Option<&'static tolaria_cards::ActivatedAbility> {
        match self.stack.last().map(|s| &s.kind) {
            Some(StackKind::Ability { ability, .. }) => match ability.get() {
                Ability::Activated(a) => Some(a),
                _ => None,
            },
            _ => None,
        }
    }
}
