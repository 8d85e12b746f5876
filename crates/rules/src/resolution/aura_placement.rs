//! Where an Aura put into play or moved by an effect may go (212.4: its
//! Enchant quality; 212.4j: an Aura put into play other than by resolving
//! is attached to something it could enchant, chosen as it enters; 502.7c:
//! not to a permanent with protection from it).

use crate::state::stack::ResolveCtx;
use crate::{Game, ObjId, PlayerId};
use tolaria_cards::{Effect, ObjectFilter};

impl Game {
    /// The permanents matching `to` (from the point of view of the ability)
    /// that the Aura card `aura` could enchant (its Enchant quality, 212.4).
    pub(crate) fn attach_options(
        &self,
        ctx: &ResolveCtx,
        aura: ObjId,
        to: &ObjectFilter,
    ) -> Vec<ObjId> {
        if self.obj(aura).is_none() {
            return Vec::new();
        }
        self.in_play
            .iter()
            .copied()
            .filter(|&o| {
                crate::continuous::filter::matches(self, to, o, Some(ctx.source), ctx.controller)
                    && self.aura_could_enchant(aura, o, ctx.controller)
            })
            .collect()
    }

    /// Could the Aura card `aura` enchant permanent `o` as it is put into
    /// play other than by resolving (212.4): `o` is in play and matches
    /// every Enchant quality (from `p`'s point of view), and has no
    /// protection from the Aura (502.7c).
    pub(crate) fn aura_could_enchant(&self, aura: ObjId, o: ObjId, p: PlayerId) -> bool {
        let face = self.objects[aura.slot as usize].def().front();
        let mut enchant = face.abilities.iter().filter_map(|x| match x {
            tolaria_cards::Ability::Enchant(e) => Some(e),
            _ => None,
        });
        let mut any = false;
        let mut all = enchant.all(|e| {
            any = true;
            crate::continuous::filter::matches(self, e, o, None, p)
        });
        // A Licid in play that became an Aura: "enchant creature"
        // (mechanics/licid.rs).
        if !any {
            let ch = crate::continuous::characteristics::compute(self, aura);
            if let Some(e) = Game::licid_enchant(&ch) {
                any = true;
                all = crate::continuous::filter::matches(self, e, o, None, p);
            }
        }
        any && all
            && self.is_present(o)
            && !self.cant_be_enchanted_by(o, aura)
            && !crate::continuous::characteristics::compute(self, o).protected_from(
                face.colors,
                face.types,
                &face.subtypes,
            )
    }

    /// 212.4d: may `host` not be enchanted by the Aura `aura` ("can't be
    /// enchanted by other Auras", Consecrate Land: any Aura but the one
    /// with the ability)?
    pub(crate) fn cant_be_enchanted_by(&self, host: ObjId, aura: ObjId) -> bool {
        self.any_static_on(host, |s, src| {
            matches!(s, tolaria_cards::StaticAbility::CantBeEnchantedByOthers(_)) && src != aura
        })
    }

    /// Is the card `what` names (outside play) an Aura (`PutIntoPlay`, 212.4j)?
    pub(crate) fn aura_card_of(&self, ctx: &ResolveCtx, what: &tolaria_cards::ObjectRef) -> bool {
        self.objects_of(ctx, what).first().is_some_and(|&o| {
            let f = self.objects[o.slot as usize].def().front();
            crate::playing::targeting::is_aura(f.types, &f.subtypes)
        })
    }

    /// What the Aura of a `PutAuraIntoPlayAttached` or `MoveAura` effect
    /// could be attached to (212.4).
    pub(crate) fn aura_destinations(&self, ctx: &ResolveCtx, e: &Effect) -> Vec<ObjId> {
        match e {
            Effect::PutAuraIntoPlayAttached { what, to } => {
                match self.objects_of(ctx, what).first() {
                    Some(&a) => self.attach_options(ctx, a, to),
                    None => Vec::new(),
                }
            }
            Effect::MoveAura { what, to } | Effect::MayMoveAura { what, to, .. } => {
                match self.objects_of(ctx, what).first() {
                    Some(&a) => self.move_aura_options(ctx, a, to),
                    None => Vec::new(),
                }
            }
            // 212.4j: the Aura card a search found for play (held in
            // `CardsState::chosen` until this choice).
            Effect::SearchLibrary { .. } => match self.cards_state().chosen.first() {
                Some(&a) => self.attach_options(ctx, a, &ObjectFilter::any()),
                None => Vec::new(),
            },
            // 212.4j: anything its enchant ability allows.
            Effect::PutIntoPlay { what, .. } => match self.objects_of(ctx, what).first() {
                Some(&a) => self.attach_options(ctx, a, &ObjectFilter::any()),
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// "Attach [Aura] to another [filter]": the permanents it could be
    /// moved to, other than the one it is attached to now.
    pub(crate) fn move_aura_options(
        &self,
        ctx: &ResolveCtx,
        aura: ObjId,
        to: &ObjectFilter,
    ) -> Vec<ObjId> {
        let now = self.obj(aura).and_then(|a| a.attached_to);
        let mut v = self.attach_options(ctx, aura, to);
        v.retain(|&o| now != Some(crate::Target::Object(o)));
        v
    }
}
