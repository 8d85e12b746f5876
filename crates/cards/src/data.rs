//! The shape of the project's own card data file (`data/cards.json`),
//! generated from `../shared/cards/cards-2007.json` by `gen-card-data`.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RawCardFile {
    /// Where the data came from (MTGJSON meta) and its version stamp.
    pub source: String,
    pub version: String,
    pub cards: Vec<RawCard>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RawCard {
    pub name: String,
    /// "normal", "split" or "flip".
    pub layout: String,
    pub faces: Vec<RawFace>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<RawRuling>,
    pub first_set: String,
    pub release_date: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RawFace {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana_cost: Option<String>,
    /// Colour letters, e.g. ["R"].
    #[serde(default)]
    pub colors: Vec<String>,
    #[serde(default)]
    pub supertypes: Vec<String>,
    #[serde(default)]
    pub types: Vec<String>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toughness: Option<String>,
    /// Oracle text (modern wording; translated to 2007 terms by the compiler).
    #[serde(default)]
    pub text: String,
    /// The type line and text as printed on the latest pre-M10 printing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed_text: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RawRuling {
    pub date: String,
    pub text: String,
}
