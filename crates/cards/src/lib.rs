//! Tolaria's card layer: card definitions, the typed ability model that the
//! rules engine interprets, the card database and the Oracle-text compiler.

pub mod ability;
pub mod ability_ref;
pub mod compile;
pub mod continuous;
pub mod data;
pub mod data_version;
pub mod db;
pub mod deck;
pub mod keyword;
pub mod mana;
pub mod printed_symbols;
pub mod subtype;
pub mod text_change;
pub mod turn;
pub mod types;

pub use ability::*;
pub use ability_ref::{
    deploy_ability, keyword_ability, land_type_ability, AbilityRef, DEPLOY_TEXT, TRIGGERED_KEYWORDS,
};
pub use continuous::{Layer, LayerEffect, SetPt, TextChange, TextWord};
pub use data_version::card_data_hash;
pub use db::{
    ability_kinds, db, AbilityKinds, CardDb, CardDef, CardFace, CardId, CardName, Layout, PtValue,
};
pub use deck::{Deck, DeckError};
pub use keyword::{Keyword, KeywordSet};
pub use mana::{Color, ColorSet, Hybrid, ManaCost};
pub use subtype::{Subtype, SubtypeSet};
pub use text_change::bent_face;
pub use turn::{Phase, Step, Timing, TurnOf, Window};
pub use types::{BasicLandType, CardType, Supertype, SupertypeSet, TypeSet};
