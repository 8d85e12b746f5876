//! The costs of activated abilities and the additional costs of spells
//! (409.1b, 409.1f), and the abilities that have them: activated abilities
//! (403) and mana abilities (406) with what they add.

use super::*;
use crate::{Color, ColorSet, ManaCost};
use serde::{Deserialize, Serialize};

/// The cost of an activated ability or an additional cost (409.1f).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    pub mana: ManaCost,
    /// "… unless you pay its mana cost" (Pendrell Flux's granted upkeep
    /// ability): the mana is the source's mana cost as the effect resolves
    /// (X is 0), not `mana`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_mana_cost: bool,
    /// {T} (the tap symbol, 104.4): tapping this permanent.
    pub tap: bool,
    /// {Q}: untapping this permanent.
    pub untap: bool,
    /// "Tap enchanted creature / land" (Krovikan Plague, Earthlore): the
    /// untapped permanent this Aura is attached to becomes tapped (not its
    /// {T}: no summoning sickness applies, 212.3f).
    #[serde(default, skip_serializing_if = "is_false")]
    pub tap_attached: bool,
    /// "Sacrifice [this]".
    pub sacrifice_self: bool,
    /// "Sacrifice enchanted creature" (Betrothed of Fire, Bloodfire
    /// Infusion): the creature this Aura is attached to, only while the
    /// Aura's controller controls it (the ruling); "the sacrificed
    /// creature" is that creature.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sacrifice_attached: bool,
    /// "Remove [this] from the game" (Oracle "Exile CARDNAME", Ring of
    /// Ma'rûf): the permanent with the ability, from play.
    #[serde(default, skip_serializing_if = "is_false")]
    pub remove_self: bool,
    /// "Return [this] to its owner's hand" (Broken Fall, Recurring
    /// Nightmare): the permanent with the ability, from play.
    #[serde(default, skip_serializing_if = "is_false")]
    pub return_self: bool,
    /// "Unattach [the Equipment that grants this ability]" (Leonin Bola's
    /// "{T}, Unattach Leonin Bola: …" in quotes): the granting Equipment
    /// becomes unattached from the creature with the ability.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unattach_grantor: bool,
    /// "Sacrifice a [filter]".
    pub sacrifice: Option<ObjectFilter>,
    /// "Sacrifice two lands": how many permanents matching `sacrifice`
    /// (0 means one).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub sacrifice_count: u8,
    /// "Discard a card" (number of cards).
    pub discard: u8,
    /// "Discard a land card": what the discarded cards must be (Seismic Assault).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard_filter: Option<ObjectFilter>,
    pub pay_life: u32,
    /// "you may have an opponent gain 3 life" (Invigorate's alternative
    /// cost): an opponent its player chooses (601.5a) gains that much life
    /// as the cost is paid (409.1h).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub opponent_gains_life: u32,
    /// "you may have each other player gain 6 life" (Reverent Silence's
    /// alternative cost): every other player in the game gains it.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub others_gain_life: u32,
    /// "Pay half your life, rounded up" (Lurking Evil; "any player may pay
    /// half their life, rounded up", Temporal Extortion): half the payer's
    /// life total as the cost is paid, rounded up; none from 0 or less
    /// life (the rulings), so it can always be paid (215.4).
    #[serde(default, skip_serializing_if = "is_false")]
    pub pay_half_life: bool,
    /// "… unless that player pays {1} or 1 life" (Erosion): life the payer
    /// may pay instead of the whole mana (only in "unless [player] pays"
    /// costs, 413.2c; 215.4: only from a life total at least that high).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub life_instead: u32,
    /// "Remove N [kind] counters from [this]".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove_counters: Option<(CounterKind, u8)>,
    /// "Put N [kind] counters on [this]" as a cost (Wall of Roots' -0/-1
    /// counter, 409.1h): payable whatever the permanent's toughness.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub put_counters: Option<(CounterKind, u8)>,
    /// "Remove any number of charge counters from [this]" (the Mana
    /// Batteries): the player chooses how many as the cost is paid
    /// (409.1h, 411.1); only a mana ability's cost, whose mana counts them
    /// (`ManaProduce::PlusPerRemoved`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove_counters_any: Option<CounterKind>,
    /// "Discard this card" (502.18a cycling): the card with the ability,
    /// from its owner's hand.
    #[serde(default, skip_serializing_if = "is_false")]
    pub discard_self: bool,
    /// "Remove a red card in your hand from the game" (Alliances' pitch
    /// spells; Oracle "exile … from your hand"): how many such cards; with
    /// `exile_from_graveyard`, "Remove two cards in your graveyard from the
    /// game" (Grim Lavamancer; Oracle "exile … from your graveyard").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exile_cards: Option<(ObjectFilter, u8)>,
    /// `exile_cards` come from the player's graveyard, not the hand.
    #[serde(default, skip_serializing_if = "is_false")]
    pub exile_from_graveyard: bool,
    /// "As an additional cost to play Chill Haunting, remove X creature
    /// cards in your graveyard from the game": `exile_cards` removes X
    /// cards (409.1b: X announced, at most the matching cards there), not
    /// its fixed number.
    #[serde(default, skip_serializing_if = "is_false")]
    pub exile_x: bool,
    /// "Reveal X red cards from your hand" (the Martyrs of Coldsnap): X
    /// cards in the hand matching the filter, chosen one at a time and
    /// revealed as the cost is paid (409.1b: X announced, at most the
    /// matching cards in hand; 409.1h).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal_x: Option<ObjectFilter>,
    /// "Put a card from your hand on top of your library" (Leashling,
    /// Penance): how many cards of the hand, chosen one at a time as the
    /// cost is paid (409.1h), each put on top of its owner's library.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub hand_to_library_top: u8,
    /// "Tap an untapped creature you control" (Mercadian Masques): how many
    /// untapped permanents of the player's matching the filter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tap_untapped: Option<(ObjectFilter, u8)>,
    /// "Sacrifice all creatures you control" (Soulblast): every permanent
    /// of the player's matching the filter, no choice (409.1h).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sacrifice_all: Option<ObjectFilter>,
    /// "Reveal your hand" (Sasaya, Orochi Ascendant): the player reveals
    /// the cards in their hand as the cost is paid (409.1h).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reveal_hand: bool,
    /// "Discard your hand" (Kyren Archive): every card in the player's
    /// hand, no choice (409.1h; payable with an empty hand).
    #[serde(default, skip_serializing_if = "is_false")]
    pub discard_hand: bool,
    /// "Exile the top N cards of your library" (Arc-Slogger, Royal
    /// Herbalist): that many cards removed from the game from the top of
    /// the player's library (409.1h: all of them, or the cost can't be paid).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub remove_top_of_library: u8,
    /// "Exile the top card of your graveyard" (Alms, Nature's Kiss): the
    /// card last put there (217.4: a graveyard's order is kept).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub remove_top_of_graveyard: u8,
    /// "Return an Island you control to its owner's hand" (Daze's
    /// alternative cost): how many of the player's permanents matching the
    /// filter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_to_hand: Option<(ObjectFilter, u8)>,
    /// "Discard a card at random" (Sonic Burst): the cards discarded are
    /// chosen at random, not by the player.
    #[serde(default, skip_serializing_if = "is_false")]
    pub discard_random: bool,
    /// "As an additional cost to play this spell, discard X cards" (the
    /// Dreams): X cards are discarded, X announced as the spell is played
    /// (409.1b).
    #[serde(default, skip_serializing_if = "is_false")]
    pub discard_x: bool,
    /// "… pay X life" (Hatred, Bond of Agony).
    #[serde(default, skip_serializing_if = "is_false")]
    pub pay_life_x: bool,
    /// "Remove X ki counters from [this]" (the Bakus, the storage-counter
    /// abilities): X is announced as the ability is played (409.1b), at
    /// most the counters of that kind on the source, and that many are
    /// removed as the cost is paid (409.1h).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove_counters_x: Option<CounterKind>,
    /// "Remove all +1/+1 counters from [this]" (Molten Hydra, Essence
    /// Bottle): every counter of that kind (none is payable, 409.1h). The
    /// number removed is the ability's X once paid (no X is announced,
    /// 409.1b; "the number of counters removed this way" reads it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove_counters_all: Option<CounterKind>,
    /// 217.7d: "Put a card removed from the game with CARDNAME into its
    /// owner's graveyard" (Jester's Scepter): one of the cards the source's
    /// linked ability removed, chosen by the player (409.1h); "that card"
    /// in the effect is `ObjectRef::Sacrificed`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub removed_to_graveyard: bool,
    /// "Discard the last card you drew this turn" (Jandor's Ring): that
    /// card, while it is still in the player's hand (the rulings: else the
    /// cost can't be paid; after a multiple draw, the last one drawn).
    #[serde(default, skip_serializing_if = "is_false")]
    pub discard_last_drawn: bool,
    /// "Spend only black mana on X." (Crypt Rats): the colour the X of the
    /// mana cost must be paid in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x_color: Option<crate::Color>,
    /// "X can't be 0." (Aladdin's Lamp): X is announced as 1 or more
    /// (409.1b).
    #[serde(default, skip_serializing_if = "is_false")]
    pub x_not_zero: bool,
}

impl Cost {
    /// How many cards the cost discards, X being `x` (409.1b).
    pub fn discards(&self, x: u32) -> u8 {
        if self.discard_x {
            x.min(u8::MAX as u32) as u8
        } else {
            self.discard
        }
    }
    /// The life "half your life, rounded up" is for a life total of
    /// `life` (none from 0 or less).
    pub fn half_life(life: i32) -> u32 {
        if life > 0 {
            (life as u32).div_ceil(2)
        } else {
            0
        }
    }
    /// How much life the cost pays, X being `x`.
    pub fn life(&self, x: u32) -> u32 {
        if self.pay_life_x {
            x
        } else {
            self.pay_life
        }
    }
    /// The cost has a part whose size is X ("discard X cards", "pay X
    /// life"), so X is announced even without {X} in the mana cost.
    pub fn has_x(&self) -> bool {
        self.discard_x
            || self.pay_life_x
            || self.remove_counters_x.is_some()
            || self.exile_x
            || self.reveal_x.is_some()
    }
    /// How many cards `exile_cards` removes, X being `x` (409.1b).
    pub fn exiles(&self, x: u32) -> Option<u8> {
        self.exile_cards.as_ref().map(|(_, n)| {
            if self.exile_x {
                x.min(u8::MAX as u32) as u8
            } else {
                *n
            }
        })
    }
    /// The cost is mana alone (502.52a: a replicate cost paid many times
    /// adds only to the mana of the total cost, 409.1f).
    pub fn is_mana_only(&self) -> bool {
        *self
            == Cost {
                mana: self.mana.clone(),
                ..Cost::default()
            }
    }
    /// How many permanents the cost sacrifices (besides the source itself).
    pub fn sacrifices(&self) -> u8 {
        match self.sacrifice {
            Some(_) => self.sacrifice_count.max(1),
            None => 0,
        }
    }
}

/// Kinds of mana (104.3): the five colours and colourless.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ManaKind {
    Color(Color),
    Colorless,
}

impl ManaKind {
    /// Index in a six-slot mana pool: WUBRG then colourless.
    pub fn index(self) -> usize {
        match self {
            ManaKind::Color(c) => c as usize,
            ManaKind::Colorless => 5,
        }
    }
    pub fn from_index(i: usize) -> ManaKind {
        if i < 5 {
            ManaKind::Color(Color::ALL[i])
        } else {
            ManaKind::Colorless
        }
    }
    pub fn symbol(self) -> char {
        match self {
            ManaKind::Color(c) => c.symbol(),
            ManaKind::Colorless => 'C',
        }
    }
}

/// What a mana ability adds (406.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ManaProduce {
    /// Exactly these mana, e.g. {G} or {C}{C}.
    Fixed(Vec<ManaKind>),
    /// "one mana of any color" (n times the same chosen colour).
    AnyColor(u8),
    /// "{W} or {U}": one mana of one of these colours.
    OneOf(ColorSet),
    /// "one mana of the chosen color" (Quirion Elves): the colour chosen as
    /// the permanent came into play (419.1b). A copy that never chose one
    /// has an undefined choice and the ability adds nothing (503.7, 503.8).
    ChosenColor,
    /// "Double the amount of each type of mana in your mana pool."
    /// (Doubling Cube; Oracle "… of each type of unspent mana you have"):
    /// adds as much of each type (each colour, and colourless) as the pool
    /// holds once the ability's cost is paid (406.1: a mana ability).
    DoublePool,
    /// "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's
    /// Tower, add {C}{C} instead." (the Urza's lands): `then` if every
    /// condition holds as the ability is played, else `otherwise`.
    IfAll {
        conditions: Vec<Condition>,
        then: Box<ManaProduce>,
        otherwise: Box<ManaProduce>,
    },
    /// "Add {B}, then add an additional {B} for each charge counter
    /// removed this way." (the Mana Batteries): one mana of the kind, and
    /// one more per counter removed to pay `Cost::remove_counters_any`.
    PlusPerRemoved(ManaKind),
    /// "Add {B} for each storage counter removed this way." (the storage
    /// lands): one mana of the kind per counter removed to pay
    /// `Cost::remove_counters_any` (none removed, none added).
    PerRemoved(ManaKind),
    /// "Add {G} for each creature you control." (Gaea's Cradle, Cabal
    /// Coffers): one mana of the kind per thing counted, counted as the
    /// ability is played (406.1: it resolves at once).
    Count {
        kind: ManaKind,
        /// Boxed: keeps `ManaProduce` small.
        amount: Box<Amount>,
    },
    /// "Add one mana of any color that a land an opponent controls could
    /// produce" (Fellwar Stone; `opponents`), "… a [basic] land you
    /// control could produce" (Harvester Druid, Star Compass): the colours
    /// the mana abilities of those lands could add now (none, no mana).
    LandColors { opponents: bool, basic: bool },
    /// "Add three mana in any combination of {R} and/or {G}" (Goblin
    /// Clearcutter), "two mana in any combination of colors" (Terrarion),
    /// "Add X mana in any combination of {W} and/or {U}" after "Remove X
    /// storage counters" (the TSP storage lands; `amount: None`, one mana
    /// per counter removed): each mana is one of `colors`, the player
    /// choosing how many of each as the ability resolves (406.1, 411.1).
    Combination {
        colors: ColorSet,
        amount: Option<u8>,
    },
    /// "Add X mana of any one color" after "Remove X ki counters"
    /// (Petalmane Baku): one mana per counter removed, of the colour named.
    AnyColorPerRemoved,
    /// "Add X mana of any one color, where X is the number of petal
    /// counters on CARDNAME" (Lotus Blossom), "… the number of Elves in
    /// play" (Wirewood Channeler): that many mana of the colour named,
    /// counted as the ability is played (before a cost that sacrifices the
    /// source, whose counters are read as it last existed in play).
    AnyColorCount(Box<Amount>),
    /// "Add {B}{B} or {G}{G}" (Cadaverous Bloom): `n` mana of one of these
    /// colours, the colour named as it is played.
    OneOfTimes(ColorSet, u8),
}

impl ManaProduce {
    /// What it adds when `holds` judges its conditions (the Urza's lands'
    /// "instead"); any other is itself.
    pub fn now<'a>(&'a self, holds: &dyn Fn(&Condition) -> bool) -> &'a ManaProduce {
        match self {
            ManaProduce::IfAll {
                conditions,
                then,
                otherwise,
            } => {
                if conditions.iter().all(holds) {
                    then.now(holds)
                } else {
                    otherwise.now(holds)
                }
            }
            m => m,
        }
    }
}

/// "Spend this mana only to …" (2007 glossary, "Mana": the spell or
/// ability that adds mana may restrict how it can be used): what the mana
/// of such an ability may pay for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpendOnly {
    /// "… to play artifact spells" (Mishra's Workshop).
    ArtifactSpells,
    /// "… to play legendary spells" (Untaidake, the Cloud Keeper).
    LegendarySpells,
    /// "… to play a multicolored spell" (Pillar of the Paruns).
    MulticoloredSpells,
    /// "… to activate abilities of artifacts" (Soldevi Machinist).
    ArtifactAbilities,
    /// "… to play artifact spells or activate abilities of artifacts"
    /// (Vedalken Engineer).
    ArtifactSpellsOrAbilities,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ManaAbility {
    pub cost: Cost,
    pub produce: ManaProduce,
    /// "Spend this mana only to play artifact spells." (Mishra's
    /// Workshop): the mana it adds is kept apart in the pool, spent only
    /// on what the restriction allows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spend_only: Option<SpendOnly>,
    /// Any other effect the ability has ("deals 1 damage to you", 408.2e).
    pub also: Vec<Effect>,
    /// "Activate only once each turn." (Wall of Roots): a restriction on
    /// activating it (408.1), kept with the other activated abilities' by
    /// ability index (`Object::activated_this_turn`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub once_per_turn: bool,
    /// "Play this ability only if you control a Swamp." (Tainted Field),
    /// "… only if you control five or more lands" (Temple of the False
    /// God): judged for its controller as it would be played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<Condition>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActivatedAbility {
    pub cost: Cost,
    pub targets: Vec<TargetSpec>,
    pub effects: Vec<Effect>,
    /// "Activate only as a sorcery" / "Play this ability only any time you could play a sorcery."
    pub sorcery_speed: bool,
    /// "Activate only once each turn."
    pub once_per_turn: bool,
    /// "Play this ability no more than twice each turn." (Vampire Bats)
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub twice_per_turn: bool,
    /// "Play this ability no more than three times each turn." (Sewer
    /// Rats, Soul Kiss): at most this many activations each turn (0: no
    /// such limit), counted as the ability is played (409.1i).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub max_per_turn: u8,
    /// "Play this ability no more times each turn than the number of snow
    /// Swamps you control." (Withering Wisps): the limit counted each time
    /// the ability could be played (its ruling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_per_turn_count: Option<crate::Amount>,
    /// 409.1b: "[Cost]: Choose one —" (Pyramids, Balm of Restoration): the
    /// modes, one announced as the ability is played; when present,
    /// `targets` and `effects` are empty and the chosen mode's are used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<crate::SpellMode>,
    /// "Play this ability only during your upkeep." (Colossus of Sardia),
    /// "… only during your turn, before attackers are declared" (Wu
    /// Longbowman): a timing restriction besides 408.1's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<crate::Timing>,
    /// 502.43a ninjutsu: the ability functions only while the card is in
    /// its owner's hand, and its cost also reveals the card and returns an
    /// unblocked attacking creature its controller controls to its owner's
    /// hand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ninjutsu: bool,
    /// 502.18a: the ability functions only while its card is in a player's
    /// hand (cycling, typecycling); it exists in every zone (502.18b) but
    /// can be played only from the hand, by that hand's owner.
    #[serde(default, skip_serializing_if = "is_false")]
    pub from_hand: bool,
    /// 402.8h: the ability functions only while its card is in its owner's
    /// graveyard ("{2}{R}{R}{R}: Return Hammer of Bogardan from your
    /// graveyard to your hand"): played from there, by that graveyard's
    /// owner.
    #[serde(default, skip_serializing_if = "is_false")]
    pub from_graveyard: bool,
    /// 502.18c / 502.18e: a cycling or typecycling ability: discarding the
    /// card to pay its cost is cycling it ("When you cycle [this]",
    /// "Whenever a player cycles a card").
    #[serde(default, skip_serializing_if = "is_false")]
    pub cycling: bool,
    /// "Play this ability only if seven or more cards are in your
    /// graveyard." (threshold): judged as the ability is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<Condition>,
    /// Who may play it: its controller (403.1), unless it says "Only
    /// [this]'s owner may activate this ability" (Personal Incarnation) or
    /// "Any player may activate this ability" (Samite Sanctuary). The
    /// player who plays it controls it.
    #[serde(default, skip_serializing_if = "Activator::is_controller")]
    pub activator: Activator,
}

impl ActivatedAbility {
    /// The targets of the ability in mode `mode` (ignored without modes;
    /// none before a mode is chosen, 409.1b).
    pub fn targets_for(&self, mode: Option<u8>) -> &[TargetSpec] {
        match (self.modes.is_empty(), mode) {
            (true, _) => &self.targets,
            (false, Some(m)) => self.modes.get(m as usize).map_or(&[][..], |x| &x.targets),
            (false, None) => &[],
        }
    }
    /// The effects of the ability in mode `mode`.
    pub fn effects_for(&self, mode: Option<u8>) -> &[Effect] {
        match (self.modes.is_empty(), mode) {
            (true, _) => &self.effects,
            (false, Some(m)) => self.modes.get(m as usize).map_or(&[][..], |x| &x.effects),
            (false, None) => &[],
        }
    }
    /// 502.33a: an equip ability ("[Cost]: Attach this to target creature
    /// you control. Play this ability only any time you could play a
    /// sorcery.").
    pub fn is_equip(&self) -> bool {
        self.sorcery_speed
            && matches!(
                self.effects.as_slice(),
                [Effect::Attach {
                    what: ObjectRef::This,
                    to: ObjectRef::Target(0),
                }]
            )
            && matches!(self.targets.as_slice(), [t]
                if matches!(&t.kind, TargetKind::Permanent(f)
                    if f.types_any.contains(crate::CardType::Creature)
                        || f.types_all.contains(crate::CardType::Creature)))
    }
    /// Every effect list of the ability: its effects, then each mode's.
    pub fn effect_lists(&self) -> impl Iterator<Item = &[Effect]> {
        std::iter::once(&self.effects[..]).chain(self.modes.iter().map(|m| &m.effects[..]))
    }
}

/// Who may play an activated ability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Activator {
    #[default]
    Controller,
    Owner,
    AnyPlayer,
    /// "Only your opponents may activate this ability" (Knight of the Holy
    /// Nimbus): each opponent of its controller.
    Opponents,
}

impl Activator {
    fn is_controller(&self) -> bool {
        *self == Activator::Controller
    }
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}
