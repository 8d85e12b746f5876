//! What a continuous effect does to the objects it affects, split by the
//! layer each part applies in (418.5a). A static ability (412) or a resolved
//! spell or ability (418.3) carries one [`LayerEffect`]; the engine applies
//! each part in its own layer, to the set of objects the effect began
//! applying to in its first layer (418.5b).

use crate::{BasicLandType, Color, ColorSet, KeywordSet, SubtypeSet, TypeSet};
use serde::{Deserialize, Serialize};

/// The parts of one continuous effect, by layer (418.5a).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerEffect {
    /// Layer 2: the affected objects come under the control of the effect's
    /// controller ("You control enchanted creature").
    #[serde(default, skip_serializing_if = "is_false")]
    pub gain_control: bool,
    /// Layer 3: a text-changing effect (418.6), with the words chosen as
    /// the spell or ability resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<TextChange>,
    /// Layer 4: card types added ("is a creature in addition to its other types").
    #[serde(default, skip_serializing_if = "no_types")]
    pub add_types: TypeSet,
    /// Layer 4: supertypes added ("All nonland permanents are legendary",
    /// Leyline of Singularity).
    #[serde(default, skip_serializing_if = "no_supertypes")]
    pub add_supertypes: crate::SupertypeSet,
    /// Layer 4: subtypes added ("becomes a 3/3 Ape creature").
    #[serde(default, skip_serializing_if = "SubtypeSet::is_empty")]
    pub add_subtypes: SubtypeSet,
    /// Layer 4: the creature types in `add_subtypes` replace the object's
    /// creature types ("becomes the creature type of your choice").
    #[serde(default, skip_serializing_if = "is_false")]
    pub set_creature_type: bool,
    /// Layer 4: `add_types` and `add_subtypes` replace the object's card
    /// types and subtypes (212.1c and the glossary's "Type": "becomes a 3/2
    /// Hound creature" without "still a …" or "in addition to its other
    /// types"; Lurking Jackals is no longer an enchantment).
    #[serde(default, skip_serializing_if = "is_false")]
    pub set_types: bool,
    /// Layer 4 (212.6e): a land's land types become this basic land type
    /// ("Nonbasic lands are Mountains", "becomes a Swamp"): it loses its
    /// other land types and the abilities of its rules text and old land
    /// types, and has the new type's intrinsic mana ability (212.6d).
    /// "In addition to its other land types" is `add_subtypes` instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_land_type: Option<BasicLandType>,
    /// Layer 4 (212.6e): as `set_land_type`, with the basic land type its
    /// source chose as it came into play ("Enchanted land is the chosen
    /// type", Phantasmal Terrain); the engine fills `set_land_type` in
    /// from the source as it lists the effect.
    #[serde(default, skip_serializing_if = "is_false")]
    pub set_land_type_chosen: bool,
    /// Layer 5: the colours become exactly these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_colors: Option<ColorSet>,
    /// Layer 5: "loses all abilities" (mana abilities included).
    #[serde(default, skip_serializing_if = "is_false")]
    pub lose_all_abilities: bool,
    /// Layer 5: keyword abilities gained.
    #[serde(default, skip_serializing_if = "no_keywords")]
    pub add_keywords: KeywordSet,
    /// Layer 5: an ability granted in quotes ("has \"{T}: …\""): its index
    /// in the granting face's `granted` list (`AbilityRef::Granted`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grant: Option<u8>,
    /// Layer 5: how many more granted abilities follow `grant` (a keyword
    /// that stands for several, "gains vanishing", 502.60).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub grant_more: u8,
    /// Layer 5: protection from these colours gained (502.7: "gains
    /// protection from the color of your choice").
    #[serde(default, skip_serializing_if = "no_colors")]
    pub add_protection: ColorSet,
    /// Layer 5: protection from these card types gained ("gains
    /// protection from artifacts", Tower of the Magistrate; "has
    /// protection from creatures", Unquestioned Authority; 502.7).
    #[serde(default, skip_serializing_if = "no_types")]
    pub add_protection_types: TypeSet,
    /// Layer 5: "has protection from the chosen color" (Cho-Manno's
    /// Blessing): the colour its source chose as it came into play
    /// (419.1b); the engine fills `add_protection` in from the source as
    /// it lists the effect (none while nothing was chosen, 503.7).
    #[serde(default, skip_serializing_if = "is_false")]
    pub add_protection_chosen: bool,
    /// Layer 5: keyword abilities lost.
    #[serde(default, skip_serializing_if = "no_keywords")]
    pub remove_keywords: KeywordSet,
    /// Layer 5: "loses all \"bands with other\" abilities" (Shelkin
    /// Brownie; 502.11a: losing banding loses them too).
    #[serde(default, skip_serializing_if = "is_false")]
    pub remove_bands_with_other: bool,
    /// Layer 5: "loses all landwalk abilities" (Hammerheim; 502.6c: snow
    /// landwalk too).
    #[serde(default, skip_serializing_if = "is_false")]
    pub remove_landwalks: bool,
    /// Layer 5: a Licid's "loses this ability and becomes an Aura
    /// enchantment with enchant creature": the ability whose instruction
    /// this is (`Effect::BecomeAuraUntilPaid`) is lost and "enchant
    /// [its filter]" gained (212.4).
    #[serde(default, skip_serializing_if = "is_false")]
    pub licid: bool,
    /// Layer 6b: power and toughness set to a value ("is 1/1").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_pt: Option<SetPt>,
    /// Layer 6 (6b from a spell or ability, 6d from a static ability):
    /// "+P/+T".
    #[serde(default, skip_serializing_if = "is_zero")]
    pub power: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub toughness: i32,
    /// Layer 6e: "switch its power and toughness" (418.5i).
    #[serde(default, skip_serializing_if = "is_false")]
    pub switch_pt: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}
fn is_zero(n: &i32) -> bool {
    *n == 0
}
fn no_types(t: &TypeSet) -> bool {
    t.is_empty()
}
fn no_supertypes(t: &crate::SupertypeSet) -> bool {
    t.0 == 0
}
fn no_colors(c: &ColorSet) -> bool {
    c.0 == 0
}
fn no_keywords(k: &KeywordSet) -> bool {
    k.is_empty()
}

/// 418.6a: a word a text-changing effect can change: a colour word or a
/// basic land type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TextWord {
    Color(Color),
    LandType(BasicLandType),
}

/// "Replace all instances of `from` with `to`" (Mind Bend, Sleight of Mind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TextChange {
    pub from: TextWord,
    pub to: TextWord,
}

impl TextWord {
    pub fn name(self) -> &'static str {
        match self {
            TextWord::Color(c) => c.name(),
            TextWord::LandType(l) => l.name(),
        }
    }
}

impl TextChange {
    /// The colours after the change (a colour word used as a colour word).
    pub fn colors(self, c: ColorSet) -> ColorSet {
        match (self.from, self.to) {
            (TextWord::Color(f), TextWord::Color(t)) if c.contains(f) => {
                let mut out = ColorSet(c.0 & !ColorSet::single(f).0);
                out.insert(t);
                out
            }
            _ => c,
        }
    }
    /// One colour word after the change.
    pub fn color(self, c: crate::Color) -> crate::Color {
        match (self.from, self.to) {
            (TextWord::Color(f), TextWord::Color(t)) if f == c => t,
            _ => c,
        }
    }
    /// A basic land type after the change.
    pub fn land_type(self, l: BasicLandType) -> BasicLandType {
        match (self.from, self.to) {
            (TextWord::LandType(f), TextWord::LandType(t)) if f == l => t,
            _ => l,
        }
    }
}

/// A value that power and toughness are set to (layer 6b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetPt {
    /// "is N/M".
    Fixed { power: i32, toughness: i32 },
    /// "power and toughness each equal to its converted mana cost" (Opalescence).
    ConvertedManaCost,
    /// "becomes an X/X …": X as announced; a resolving effect fixes it
    /// (413.2f), so only card data holds this.
    X,
}

/// The layers of 418.5a, with the sublayers of layer 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Layer {
    /// 1: copy effects (503).
    Copy,
    /// 2: control-changing effects.
    Control,
    /// 3: text-changing effects (418.6).
    Text,
    /// 4: type-, subtype- and supertype-changing effects.
    Type,
    /// 5: all other effects except those on power and toughness.
    Other,
    /// 6a: characteristic-setting (characteristic-defining) abilities.
    PtDefining,
    /// 6b: all other power/toughness effects not in 6c–6e.
    PtSet,
    /// 6c: counters.
    PtCounters,
    /// 6d: static abilities that modify (don't set) power and toughness.
    PtStaticModify,
    /// 6e: switching power and toughness.
    PtSwitch,
}

impl LayerEffect {
    /// "+P/+T and gains K" (a pump or an anthem).
    pub fn pump(power: i32, toughness: i32, keywords: KeywordSet) -> Self {
        LayerEffect {
            power,
            toughness,
            add_keywords: keywords,
            ..Default::default()
        }
    }

    /// Applying the effect twice gives what applying it once gives: it
    /// sets values and adds types or abilities, but doesn't add to power
    /// and toughness or switch them.
    pub fn is_idempotent(&self) -> bool {
        self.power == 0 && self.toughness == 0 && !self.switch_pt
    }

    /// Only "+P/+T and gains K" (logged as a pump).
    pub fn is_pump(&self) -> bool {
        *self
            == LayerEffect {
                power: self.power,
                toughness: self.toughness,
                add_keywords: self.add_keywords,
                ..Default::default()
            }
    }

    /// What the effect does, for the log ("gets +1/+1", "switches its
    /// power and toughness").
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if self.gain_control {
            parts.push("comes under the effect's controller's control".into());
        }
        if let Some(t) = self.text {
            parts.push(format!(
                "has its text changed ({} to {})",
                t.from.name(),
                t.to.name()
            ));
        }
        for ty in self.add_types.iter() {
            if self.set_types {
                // 212.1c: the new types replace the old ones.
                parts.push(format!("is a {} (its only card type)", ty.name()));
            } else {
                parts.push(format!("is also a {}", ty.name()));
            }
        }
        if let Some(b) = self.set_land_type {
            parts.push(format!("is a {} (its only land type)", b.name()));
        }
        for st in self.add_subtypes.iter() {
            if self.set_creature_type {
                parts.push(format!("is a {} (its only creature type)", st.name()));
            } else if self.set_types {
                parts.push(format!("is a {} (its only subtype)", st.name()));
            } else {
                parts.push(format!("is also a {}", st.name()));
            }
        }
        if let Some(c) = self.set_colors {
            let names: Vec<&str> = c.iter().map(|c| c.name()).collect();
            parts.push(format!(
                "is {}",
                if names.is_empty() {
                    "colourless".to_string()
                } else {
                    names.join(" and ")
                }
            ));
        }
        if self.lose_all_abilities {
            parts.push("loses all abilities".into());
        }
        for k in self.add_keywords.iter() {
            parts.push(format!("gains {}", k.name()));
        }
        for c in self.add_protection.iter() {
            parts.push(format!("gains protection from {}", c.name()));
        }
        for t in crate::CardType::ALL
            .into_iter()
            .filter(|t| self.add_protection_types.contains(*t))
        {
            parts.push(format!("gains protection from {}", t.name()));
        }
        for k in self.remove_keywords.iter() {
            parts.push(format!("loses {}", k.name()));
        }
        if self.remove_landwalks {
            parts.push("loses all landwalk abilities".into());
        }
        if self.remove_bands_with_other {
            parts.push("loses all \"bands with other\" abilities".into());
        }
        if self.grant.is_some() {
            parts.push("gains an ability in quotes".into());
        }
        if self.licid {
            parts.push("loses this ability and gains enchant creature".into());
        }
        match self.set_pt {
            Some(SetPt::Fixed { power, toughness }) => {
                parts.push(format!("is {power}/{toughness}"))
            }
            Some(SetPt::ConvertedManaCost) => {
                parts.push("has power and toughness equal to its converted mana cost".into())
            }
            Some(SetPt::X) => parts.push("is X/X".into()),
            None => {}
        }
        if self.power != 0 || self.toughness != 0 {
            parts.push(format!("gets {:+}/{:+}", self.power, self.toughness));
        }
        if self.switch_pt {
            parts.push("switches its power and toughness".into());
        }
        if parts.is_empty() {
            return "is unchanged".into();
        }
        parts.join(", ")
    }

    /// Does the effect have a part in `layer`? `from_static`: the effect
    /// comes from a static ability, whose P/T modifications are 6d; from a
    /// resolved spell or ability they are 6b (418.5a).
    pub fn in_layer(&self, layer: Layer, from_static: bool) -> bool {
        let modifies = self.power != 0 || self.toughness != 0;
        match layer {
            Layer::Copy | Layer::PtDefining | Layer::PtCounters => false,
            Layer::Text => self.text.is_some(),
            Layer::Control => self.gain_control,
            Layer::Type => {
                !self.add_types.is_empty()
                    || !self.add_subtypes.is_empty()
                    || self.add_supertypes.0 != 0
                    || self.set_land_type.is_some()
            }
            Layer::Other => {
                self.set_colors.is_some()
                    || self.lose_all_abilities
                    || !self.add_keywords.is_empty()
                    || !self.remove_keywords.is_empty()
                    || self.remove_bands_with_other
                    || self.remove_landwalks
                    || self.grant.is_some()
                    || self.licid
                    || self.add_protection.0 != 0
                    || self.add_protection_types.0 != 0
            }
            Layer::PtSet => self.set_pt.is_some() || (modifies && !from_static),
            Layer::PtStaticModify => modifies && from_static,
            Layer::PtSwitch => self.switch_pt,
        }
    }

    /// The first layer the effect applies in: the one whose objects it goes
    /// on affecting in the later layers (418.5b).
    pub fn first_layer(&self, from_static: bool) -> Option<Layer> {
        Layer::ALL
            .into_iter()
            .find(|&l| self.in_layer(l, from_static))
    }
}

impl Layer {
    pub const ALL: [Layer; 10] = [
        Layer::Copy,
        Layer::Control,
        Layer::Text,
        Layer::Type,
        Layer::Other,
        Layer::PtDefining,
        Layer::PtSet,
        Layer::PtCounters,
        Layer::PtStaticModify,
        Layer::PtSwitch,
    ];

    /// The rule number of the layer, for logs and errors.
    pub fn rule(self) -> &'static str {
        match self {
            Layer::Copy => "418.5a layer 1",
            Layer::Control => "418.5a layer 2",
            Layer::Text => "418.5a layer 3",
            Layer::Type => "418.5a layer 4",
            Layer::Other => "418.5a layer 5",
            Layer::PtDefining => "418.5a layer 6a",
            Layer::PtSet => "418.5a layer 6b",
            Layer::PtCounters => "418.5a layer 6c",
            Layer::PtStaticModify => "418.5a layer 6d",
            Layer::PtSwitch => "418.5a layer 6e",
        }
    }
}
