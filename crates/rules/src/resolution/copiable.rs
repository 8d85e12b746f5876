//! Copiable values (503.2): what a copy effect copies of an object, and
//! the exceptions a copy effect makes ("except it's an artifact").

use crate::state::stack::StackKind;
use crate::{Game, ObjId, StackItem};
use tolaria_cards::{db, Ability};

/// 503: the filter of a permanent spell's "as [this] comes into play, you
/// may choose a [filter] … to copy" ability, if it has one.
pub(crate) fn copy_filter(
    game: &Game,
    item: &StackItem,
) -> Option<&'static tolaria_cards::ObjectFilter> {
    let StackKind::Spell { obj } = item.kind else {
        return None;
    };
    game.objects[obj.slot as usize]
        .spell_face()
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Static(tolaria_cards::StaticAbility::ComesIntoPlayAsCopy(f)) => Some(f),
            _ => None,
        })
}

/// 503.9: the copiable values a permanent coming into play as a copy of
/// `values` gets, with its own copy exceptions (Vesuvan Doppelganger: it
/// keeps its colour and has the ability in quotes).
pub(crate) fn copy_with_exceptions(
    card: tolaria_cards::CardId,
    mut values: crate::continuous::effects::Copiable,
) -> crate::continuous::effects::Copiable {
    let face = &db().get(card).faces[0];
    for a in &face.abilities {
        if let Ability::Static(tolaria_cards::StaticAbility::CopyExceptions { keeps_color, has }) =
            a
        {
            if *keeps_color {
                values.colors = Some(face.colors);
            }
            if let Some(index) = *has {
                values.gains = Some(tolaria_cards::AbilityRef::Granted {
                    card,
                    face: 0,
                    index,
                });
            }
        }
    }
    values
}

impl Game {
    /// 503.2: the copiable values of a permanent: its own printed values,
    /// or those of the latest copy effect on it (a later copy effect
    /// overwrites an earlier one; a copy of a copy copies the original).
    pub fn copiable_values(&self, o: ObjId) -> crate::continuous::effects::Copiable {
        // 504.2, 503.2: a face-down object's copiable values are those the
        // rules that turned it face down list (Clone copying a face-down
        // creature is a nameless 2/2, 503.2's example).
        if self.objects[o.slot as usize].is_face_down() {
            return crate::continuous::effects::Copiable {
                card: db().face_down,
                token: None,
                gains: None,
                colors: None,
                pt: None,
            };
        }
        self.underlying_copiable_values(o)
    }

    /// 504.7: the copiable values a face-down permanent would have if it
    /// were face up (its own, or those of the latest copy effect on it).
    pub fn underlying_copiable_values(&self, o: ObjId) -> crate::continuous::effects::Copiable {
        let latest = self
            .effects
            .iter()
            .filter(|e| e.affected == o)
            .filter_map(|e| e.copy.map(|c| (e.timestamp, c)))
            .max_by_key(|&(ts, _)| ts)
            .map(|(_, c)| c);
        latest.unwrap_or_else(|| {
            let obj = &self.objects[o.slot as usize];
            crate::continuous::effects::Copiable {
                card: obj.card,
                token: obj.token_src,
                gains: None,
                colors: None,
                pt: None,
            }
        })
    }
}
