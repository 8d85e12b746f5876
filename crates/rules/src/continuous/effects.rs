//! Continuous effects from resolved spells and abilities (418.3): each
//! affects objects locked in as it resolved (418.3b) — one entry per
//! affected object, sharing the timestamp — and lasts as long as its
//! duration says.

use crate::state::object::TokenSource;
use crate::{ObjId, PlayerId};
use serde::{Deserialize, Serialize};
use tolaria_cards::{CardId, LayerEffect};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContinuousEffect {
    /// 418.5g: when the effect was created.
    pub timestamp: u32,
    pub source_card: CardId,
    /// The controller of the spell or ability that created it (layer 2:
    /// who gains control).
    pub controller: PlayerId,
    /// The affected object; when it leaves play the effect has nothing left
    /// to affect and is dropped (217.1c).
    pub affected: ObjId,
    pub effect: LayerEffect,
    /// Layer 1 (503): the affected object is a copy of these values.
    pub copy: Option<Copiable>,
    /// 314.2: ends in the cleanup step.
    pub until_end_of_turn: bool,
    /// 300.4: "until end of combat": ends as the combat phase ends.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub until_end_of_combat: bool,
    /// 418.3d: ends when this object (the effect's source) untaps or
    /// leaves play.
    #[serde(default)]
    pub while_tapped: Option<ObjId>,
    /// Ends once the affected permanent is no longer enchanted (Rootwater
    /// Matriarch); checked as the board is brought up to date.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub while_enchanted: bool,
    /// Ends once the effect's controller no longer controls the affected
    /// permanent (502.59a: suspend's haste "until you lose control of …");
    /// checked as the board is brought up to date.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub while_controlled: bool,
    /// "for as long as you control CARDNAME" (Aladdin): ends once this
    /// object (the effect's source) leaves play or is no longer controlled
    /// by the effect's controller; checked as control changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub while_controls: Option<ObjId>,
    /// "until your next upkeep" (Erhnam Djinn): ends as that player's
    /// next upkeep step begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_upkeep_of: Option<PlayerId>,
    /// "until CARDNAME leaves play" (Gaea's Liege): ends as this object
    /// (the effect's source) leaves play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_leaves: Option<ObjId>,
    /// "[this Aura] gains \"Enchanted creature loses flying.\"" (Earthbind):
    /// the effect applies to what `affected` (the Aura) enchants, whichever
    /// permanent that is as the layers are applied.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub to_attached: bool,
}

/// 503.2: the copiable values of an object: its printed values (the card's
/// face, or a token's defining effect), as modified by other copy effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Copiable {
    pub card: CardId,
    pub token: Option<TokenSource>,
    /// 503.9: an ability the copy effect gave the copy ("… becomes a copy of
    /// that card and gains this ability", Dimir Doppelganger; Vesuvan
    /// Doppelganger's ability in quotes): where its text is. Part of the
    /// copiable values.
    #[serde(default)]
    pub gains: Option<tolaria_cards::AbilityRef>,
    /// 503.9: a copy effect that doesn't copy the colour ("except it doesn't
    /// copy that creature's color", Vesuvan Doppelganger): the colour the
    /// copy keeps instead. Part of the copiable values, so a copy of the
    /// copy has it too (503.3's example: a blue Grizzly Bears).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<tolaria_cards::ColorSet>,
    /// 503.2, 504.8: the power and toughness an "as [this] comes into play
    /// or is turned face up" ability set (Aquamorph Entity's 5/1 or 1/5).
    /// Part of the copiable values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pt: Option<(i32, i32)>,
    /// 503.9: keywords the copy effect gives ("except it has haste",
    /// Kiki-Jiki, Mirror Breaker). Part of the copiable values.
    #[serde(default, skip_serializing_if = "no_keywords")]
    pub keywords: tolaria_cards::KeywordSet,
    /// 503.2, 419.1b: creature types the form chosen as it came into play
    /// adds (Primal Clay's Wall). Part of the copiable values.
    #[serde(default, skip_serializing_if = "tolaria_cards::SubtypeSet::is_empty")]
    pub subtypes: tolaria_cards::SubtypeSet,
    /// 503.9: card types the copy effect adds ("except it's an enchantment
    /// in addition to its other types", Copy Artifact). Part of the
    /// copiable values.
    #[serde(default, skip_serializing_if = "no_types")]
    pub types: tolaria_cards::TypeSet,
}

fn no_keywords(k: &tolaria_cards::KeywordSet) -> bool {
    k.is_empty()
}

impl Copiable {
    /// The printed values of a card, or of a token's defining effect
    /// (`token`), with no copy effect.
    pub fn printed(card: CardId, token: Option<TokenSource>) -> Self {
        Copiable {
            card,
            token,
            gains: None,
            colors: None,
            pt: None,
            keywords: tolaria_cards::KeywordSet::EMPTY,
            subtypes: tolaria_cards::SubtypeSet::new(),
            types: tolaria_cards::TypeSet::EMPTY,
        }
    }
}

fn no_types(t: &tolaria_cards::TypeSet) -> bool {
    t.is_empty()
}
