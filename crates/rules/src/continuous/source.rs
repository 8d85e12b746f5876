//! The source of a spell, ability or damage as protection (502.7), shroud
//! (502.36) and prevention (419) see it: its controller, colours and types.

use crate::continuous::characteristics::compute;
use crate::{Game, ObjId, PlayerId};
use serde::{Deserialize, Serialize};
use tolaria_cards::{ColorSet, SubtypeSet, TypeSet};

/// The qualities of a spell or an ability's source that protection looks at.
#[derive(Clone, Copy, Debug)]
pub struct SourceInfo {
    pub obj: Option<ObjId>,
    pub colors: ColorSet,
    pub types: TypeSet,
    /// Its subtypes (502.7: protection from a creature type).
    pub subtypes: SubtypeSet,
    pub controller: PlayerId,
    /// The player of a triggered ability's event ("target permanent that
    /// player controls", `ControllerFilter::TriggeringPlayer`).
    pub trigger_player: Option<PlayerId>,
    /// The ability itself on the stack, by `StackItem::id` (415.6: it
    /// can't target itself): an activated ability being played, or one
    /// whose target is changed (415.7).
    pub ability: Option<u32>,
}

impl SourceInfo {
    /// Its supertypes (502.7: protection from snow, from legendary
    /// creatures): the object's now, or its printed card's (413.2a).
    pub fn supertypes(&self, game: &Game) -> tolaria_cards::SupertypeSet {
        match self.obj {
            Some(o) if game.obj(o).is_some() => compute(game, o).supertypes,
            Some(o) => {
                let card = game.objects[o.slot as usize].card;
                tolaria_cards::db().get(card).front().supertypes
            }
            None => tolaria_cards::SupertypeSet::default(),
        }
    }
    pub fn of(game: &Game, obj: ObjId, controller: PlayerId) -> SourceInfo {
        if game.obj(obj).is_some() {
            let ch = compute(game, obj);
            SourceInfo {
                obj: Some(obj),
                colors: ch.colors,
                types: ch.types,
                subtypes: ch.subtypes,
                controller,
                trigger_player: None,
                ability: None,
            }
        } else {
            // Last known information (413.2a): the printed card.
            let card = game.objects[obj.slot as usize].card;
            let f = tolaria_cards::db().get(card).front();
            SourceInfo {
                obj: Some(obj),
                colors: f.colors,
                types: f.types,
                subtypes: f.subtypes,
                controller,
                trigger_player: None,
                ability: None,
            }
        }
    }
}

/// The properties a chosen source must have ("a red source", "an artifact
/// source", "a source of the chosen color"): any of the colours and any of
/// the types (empty: any).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceProps {
    pub colors: ColorSet,
    pub types: TypeSet,
    /// "an unblocked creature of your choice" (Forcefield): an attacking
    /// creature that wasn't blocked (309.2f), judged by the game
    /// (`Game::unblocked_fits`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unblocked: bool,
}

impl SourceProps {
    /// Does a source with these characteristics (as it is now, or as it
    /// last existed: `SourceInfo`) have the properties?
    pub fn fit(&self, src: &SourceInfo) -> bool {
        (self.colors.is_empty() || src.colors.intersects(self.colors))
            && (self.types.is_empty() || src.types.intersects(self.types))
    }
}
