//! The spell ability of an instant or sorcery and the parts of playing a
//! spell (409): tokens it creates, suspend (502.59), alternative costs
//! (409.1b), splice (502.40) and modes.

use super::*;
use crate::{Color, ColorSet, KeywordSet, ManaCost, Subtype, TypeSet};
use serde::{Deserialize, Serialize};

/// The characteristics of a token an effect creates (216.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TokenSpec {
    pub name: String,
    pub colors: ColorSet,
    pub types: TypeSet,
    pub subtypes: Vec<Subtype>,
    pub power: i32,
    pub toughness: i32,
    pub keywords: KeywordSet,
    /// "an X/X … token, where X is [amount]" (Dokai, Weaver of Life): the
    /// token's power and toughness are each this amount, taken as the
    /// effect creates it (216.2: the creating effect defines them, and they
    /// don't change afterwards). `power` and `toughness` are then unused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Boxed: an amount is large and tokens rarely have one.
    pub pt_x: Option<Box<Amount>>,
    /// 216.2: "… token. It has \"{T}: Add {G}.\"" (Llanowar Mentor): the
    /// ability in quotes the creating effect gives it, by its index in the
    /// creating face's `granted` list; part of the token's own
    /// characteristics (and so of its copiable values, 503.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub granted: Option<u8>,
}

/// The instructions of an instant or sorcery (or, for an Aura, its target
/// comes from its Enchant ability instead).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpellAbility {
    pub targets: Vec<TargetSpec>,
    pub effects: Vec<Effect>,
    /// 409.1b: "Choose one —": the modes; when present, `targets` and
    /// `effects` are empty and the chosen mode's are used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<SpellMode>,
    /// 601.5b: "An opponent chooses one —": the mode is chosen by an
    /// opponent of the spell's controller (chosen by the controller, within
    /// their range of influence, 601.5a, 601.5c), not by the controller.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent_chooses_mode: bool,
    /// 409.1f: "As an additional cost to play this spell, discard a card."
    /// (Waste Away)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional_cost: Option<Cost>,
    /// "Play this spell only during combat after blockers are declared."
    /// (Chaotic Strike), "… only during the declare attackers step and only
    /// if you've been attacked this step" (Ambush): a timing restriction
    /// besides 408.1's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<crate::Timing>,
    /// "Cast this spell only if you control a snow land." (Blizzard),
    /// "… only if no permanents named [this] are in play" (Tidal
    /// Influence): a condition on playing it, judged for the player who
    /// would play it (like `ActivatedAbility::only_if`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<crate::Condition>,
    /// 502.21a: "Kicker [cost]" / "Kicker [A] and/or [B]": optional
    /// additional costs announced as the spell is played (409.1b). Also on
    /// permanent cards, whose kicked status follows them into play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kicker: Vec<Cost>,
    /// 502.16a: "Buyback [cost]": an optional additional cost; if paid, the
    /// spell goes to its owner's hand instead of the graveyard as it resolves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buyback: Option<Cost>,
    /// 502.22a: "Flashback [cost]": the card may be played from its
    /// owner's graveyard by paying this cost rather than its mana cost; it
    /// is then removed from the game whenever it would leave the stack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flashback: Option<Cost>,
    /// 502.46a: "Convoke": untapped creatures the player controls may be
    /// tapped as the cost is paid, each paying {1} or one mana of one of
    /// its colours.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub convoke: bool,
    /// 409.1b: "[If you control a Plains,] you may [cost] rather than pay
    /// this spell's mana cost.": an alternative cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternative: Option<AlternativeCost>,
    /// "Spend only black mana on X." (Consume Spirit): X is paid with mana
    /// of this colour only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x_color: Option<Color>,
    /// 502.59a: "Suspend N—[cost]": the card may be removed from the game
    /// from its owner's hand with N time counters on it (a special action,
    /// 408.2k); the two triggered abilities that work in the
    /// removed-from-the-game zone are among the face's abilities
    /// (`Trigger::SuspendedUpkeep`, `Trigger::SuspendedLastTimeCounter`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspend: Option<Suspend>,
    /// 502.64a: "Delve": as the spell is paid for, each card its player
    /// removes from their graveyard from the game pays for {1}.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub delve: bool,
    /// "You may play CARDNAME as though it had flash. If you play it any
    /// time a sorcery couldn't have been played, the controller of the
    /// permanent it becomes sacrifices it at the beginning of the next
    /// cleanup step." (Armor of Thorns): instant speed for this card, and
    /// `StaticAbility::FlashSacrificed` among its abilities.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub as_though_flash: bool,
    /// 502.24a: "Madness [cost]": a card discarded may be removed from the
    /// game instead of put into the graveyard; then (a triggered ability
    /// among the face's abilities, `Trigger::MadnessRemoved`) its owner
    /// may play it by paying this cost rather than its mana cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub madness: Option<Cost>,
    /// 502.32a: "Entwine [cost]": all the modes may be chosen by paying
    /// this additional cost. Chosen as the mode numbered `modes.len()`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entwine: Option<Box<Entwine>>,
    /// 502.52a: "Replicate [cost]": an additional cost that may be paid any
    /// number of times as the spell is played; its triggered ability
    /// (`Trigger::Replicated`) copies the spell once per payment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicate: Option<Cost>,
    /// 502.40a: "Splice onto [subtype] [cost]": while the card is in its
    /// owner's hand, it may be revealed as a spell of that subtype is
    /// played, paying this cost as an additional cost, to copy the card's
    /// text box (`targets` and `effects`) onto that spell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub splice: Option<Box<Splice>>,
}

/// 502.40a: "Splice onto [subtype] [cost]" (only "Splice onto Arcane" is
/// printed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Splice {
    pub onto: Subtype,
    pub cost: Cost,
}

/// 502.32a: the entwine cost and the spell with all its modes chosen: the
/// targets of every mode in the order written (409.1c) and, 502.32b, the
/// instructions of every mode in that order, compiled together so each
/// mode's target references count the earlier modes' targets.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Entwine {
    pub cost: Cost,
    pub all: SpellMode,
}

/// 502.59a: the number of time counters and the cost of "Suspend N—[cost]".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Suspend {
    pub time: u8,
    pub cost: ManaCost,
}

/// 409.1b: an alternative cost printed on a spell.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AlternativeCost {
    /// "If you control a [filter]," (Mercadian Masques): the cost may be
    /// paid only then.
    pub if_you_control: Option<ObjectFilter>,
    /// "If an opponent controls a Swamp and you control a Plains," (the
    /// Mercadian Legates): an opponent must control a permanent matching
    /// it too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub if_opponent_controls: Option<ObjectFilter>,
    pub cost: Cost,
}

/// One mode of a modal spell.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpellMode {
    pub targets: Vec<TargetSpec>,
    pub effects: Vec<Effect>,
}

impl SpellAbility {
    /// The mode `m`: one of the modes, or, numbered after them, all of
    /// them entwined (502.32a).
    pub fn mode(&self, m: u8) -> Option<&SpellMode> {
        self.modes.get(m as usize).or_else(|| {
            self.entwine
                .as_ref()
                .filter(|_| m as usize == self.modes.len())
                .map(|e| &e.all)
        })
    }
    /// Whether mode `m` is every mode, entwined (502.32a).
    pub fn is_entwined(&self, mode: Option<u8>) -> bool {
        self.entwine.is_some() && mode.is_some_and(|m| m as usize == self.modes.len())
    }
    /// The targets of the spell in mode `mode` (ignored for a spell without modes).
    pub fn targets_for(&self, mode: Option<u8>) -> &[TargetSpec] {
        match (self.modes.is_empty(), mode) {
            (true, _) => &self.targets,
            (false, Some(m)) => self.mode(m).map_or(&[][..], |x| &x.targets),
            (false, None) => &[],
        }
    }
    /// The effects of the spell in mode `mode`.
    pub fn effects_for(&self, mode: Option<u8>) -> &[Effect] {
        match (self.modes.is_empty(), mode) {
            (true, _) => &self.effects,
            (false, Some(m)) => self.mode(m).map_or(&[][..], |x| &x.effects),
            (false, None) => &[],
        }
    }
}
