//! "… remove it from the game instead" for creatures that would be put into
//! a graveyard from play (419.1a): those a resolved spell or ability named
//! for the turn ("If a creature dealt damage this way would be put into a
//! graveyard this turn", Yamabushi's Flame; "If that creature would …",
//! Nine-Ringed Bo; `Game::exile_if_dies`), and those dealt damage this turn
//! by a permanent whose static ability says so, or by the creature an Aura
//! with it enchants (Frostwielder, Kumano's Blessing; noted in
//! `Game::damaged_by` as the damage is dealt, and only while that
//! permanent is in play, the cards' rulings).
//!
//! `replacement.rs::graveyard_replacement` offers the result beside the
//! other graveyard replacements (419.9a).

use crate::{Game, ObjId, Target};
use tolaria_cards::{Ability, Affected, CardId, StaticAbility};

/// Does permanent `id` have "If a creature dealt damage by [what] this turn
/// would be put into a graveyard, remove it from the game instead"?
fn has_exile_static(game: &Game, id: ObjId, what: Option<&Affected>) -> bool {
    let o = &game.objects[id.slot as usize];
    if o.flags & crate::state::object::flags::STATICS == 0 || !game.is_in_play(id) {
        return false;
    }
    game.chars(id).abilities().iter().any(|a| match a {
        Ability::Static(StaticAbility::ExileIfDamagedByDies(a)) => what.is_none_or(|w| a == w),
        _ => false,
    })
}

impl Game {
    /// Notes that `source` dealt damage to creature `victim`, for each
    /// permanent whose ability watches it: the source itself, or an Aura
    /// or Equipment attached to it.
    pub(crate) fn note_damage_for_exile(&mut self, source: ObjId, victim: ObjId) {
        if !self.chars(victim).is_creature() {
            return;
        }
        let mut holders = Vec::new();
        if has_exile_static(self, source, Some(&Affected::This)) {
            holders.push(source);
        }
        for &p in &self.in_play {
            if self.objects[p.slot as usize].attached_to == Some(Target::Object(source))
                && has_exile_static(self, p, Some(&Affected::Attached))
            {
                holders.push(p);
            }
        }
        for h in holders {
            if !self.damaged_by.contains(&(h, victim)) {
                self.damaged_by.push((h, victim));
            }
        }
    }

    /// The card whose effect removes `id` from the game instead of putting
    /// it into a graveyard from play, if any.
    pub(crate) fn exile_if_it_dies(&self, id: ObjId) -> Option<CardId> {
        if let Some(&(_, card)) = self.exile_if_dies.iter().find(|(o, _)| *o == id) {
            return Some(card);
        }
        if !self.exile_damaged_statics {
            return None;
        }
        self.damaged_by
            .iter()
            .filter(|&&(_, v)| v == id)
            .find(|&&(h, _)| has_exile_static(self, h, None))
            .map(|&(h, _)| self.objects[h.slot as usize].card)
    }
}
