//! The typed ability model (rule 402): what a card does, as data the engine
//! interprets. Oracle text compiles into these types (see `compile`), and
//! nothing here is looked up by string at run time.

use crate::{
    CardType, Color, ColorSet, Keyword, KeywordSet, LayerEffect, ManaCost, Step, Subtype,
    Supertype, TypeSet,
};
use serde::{Deserialize, Serialize};

/// One ability of an object (402.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ability {
    /// A keyword with no parameter (502), e.g. flying.
    Keyword(Keyword),
    /// 502.7: protection from a quality.
    Protection(Protection),
    /// 502.45: "Enchant [object or player]" on an Aura.
    Enchant(ObjectFilter),
    /// 406: a mana ability.
    Mana(ManaAbility),
    /// 403: an activated ability that is not a mana ability.
    Activated(ActivatedAbility),
    /// 404: a triggered ability.
    Triggered(TriggeredAbility),
    /// 405: a static ability.
    Static(StaticAbility),
}

/// 502.7: what protection is from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Protection {
    Color(Color),
    /// "protection from creatures", "from artifacts", …
    CardType(CardType),
    AllColors,
}

/// The cost of an activated ability or an additional cost (409.1f).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    pub mana: ManaCost,
    /// {T} (the tap symbol, 104.4): tapping this permanent.
    pub tap: bool,
    /// {Q}: untapping this permanent.
    pub untap: bool,
    /// "Sacrifice [this]".
    pub sacrifice_self: bool,
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
    /// "Remove N [kind] counters from [this]".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove_counters: Option<(CounterKind, u8)>,
    /// "Discard this card" (502.18a cycling): the card with the ability,
    /// from its owner's hand.
    #[serde(default, skip_serializing_if = "is_false")]
    pub discard_self: bool,
    /// "Remove a red card in your hand from the game" (Alliances' pitch
    /// spells; Oracle "exile … from your hand"): how many such cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exile_from_hand: Option<(ObjectFilter, u8)>,
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
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
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
        self.discard_x || self.pay_life_x
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
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ManaAbility {
    pub cost: Cost,
    pub produce: ManaProduce,
    /// Any other effect the ability has ("deals 1 damage to you", 408.2e).
    pub also: Vec<Effect>,
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
    /// 502.18c / 502.18e: a cycling or typecycling ability: discarding the
    /// card to pay its cost is cycling it ("When you cycle [this]",
    /// "Whenever a player cycles a card").
    #[serde(default, skip_serializing_if = "is_false")]
    pub cycling: bool,
    /// "Play this ability only if seven or more cards are in your
    /// graveyard." (threshold): judged as the ability is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<Condition>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TriggeredAbility {
    pub trigger: Trigger,
    /// "you may": the controller chooses on resolution whether to do it.
    pub optional: bool,
    pub targets: Vec<TargetSpec>,
    pub effects: Vec<Effect>,
    /// 404.3 intervening "if" clause: checked as the event occurs (else the
    /// ability doesn't trigger) and again on resolution (else it does nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
}

/// A condition of an intervening "if" clause (404.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    /// "if [this] has N or more [kind] counters on it" (Chance Encounter).
    CountersOnThis { kind: CounterKind, at_least: u32 },
    /// "if you have N or more cards in hand" (Jushi Apprentice).
    CardsInHand { who: PlayerRef, at_least: u32 },
    /// "if N or more creatures were put into graveyards from play this turn" (Kuon).
    CreaturesDiedThisTurn { at_least: u32 },
    /// "if [this] is enchanted by N or more Auras" (Kitsune Mystic).
    EnchantedByAuras { at_least: u32 },
    /// "if that player has no cards in hand" (Nezumi Shortfang).
    NoCardsInHand { who: PlayerRef },
    /// "if no cards are in that graveyard" (Nezumi Graverobber): the
    /// graveyard of `who` is empty.
    NoCardsInGraveyard { who: PlayerRef },
    /// "if you control N or more [filter]" (Orochi Eggwatcher, Budoka Gardener);
    /// the filter's controller is the ability's controller.
    ControlsAtLeast { filter: ObjectFilter, at_least: u32 },
    /// "if you didn't play it from your hand" (Phage the Untouchable): the
    /// permanent didn't come into play as a spell played from the hand.
    NotPlayedFromHand,
    /// "if [this] is untapped" (Howling Mine).
    ThisUntapped,
    /// "if that player has N or fewer cards in hand" (Lavaborn Muse): the
    /// player of the trigger event.
    TriggeringPlayerHandAtMost(u32),
    /// "if N or more [filter] cards are in your graveyard" (Mortal Combat).
    YourGraveyardHas { filter: ObjectFilter, at_least: u32 },
    /// 502.19a (echo): "if this permanent came under your control since the
    /// beginning of your last upkeep".
    ControlledSinceLastUpkeep,
    /// 502.21: "if [it / this spell] was kicked" (`which: None`: any kicker
    /// cost was paid), "if it was kicked with its [A]/[B] kicker"
    /// (502.21d: `Some(0)` the first kicker cost listed, `Some(1)` the
    /// second); `paid: false` is "if it wasn't kicked".
    Kicked { which: Option<u8>, paid: bool },
    /// "as long as it's your turn" (the controller's turn).
    YourTurn,
    /// "if you have seven or more land cards in your hand" (Sasaya, Orochi
    /// Ascendant): the cards in `who`'s hand matching the filter (their
    /// printed characteristics, 416.2).
    CardsInHandMatching {
        who: PlayerRef,
        /// Boxed: a filter is large and this variant rare.
        filter: Box<ObjectFilter>,
        at_least: u32,
    },
    /// "if you control no untapped lands", "if no creatures are in play",
    /// "if there are four or more creatures in play": how many permanents
    /// in play match the filter (its controller part read from the
    /// ability's controller), between the bounds.
    Permanents {
        /// Boxed: keeps `Condition` small.
        filter: Box<ObjectFilter>,
        at_least: u32,
        at_most: Option<u32>,
        /// "if that player controls a Plains": only the permanents of
        /// that player.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        controlled_by: Option<PlayerRef>,
    },
    /// "if you have 10 or less life", "if that player has 5 or less life".
    LifeAtMost { who: PlayerRef, at_most: i32 },
    /// "if [this] is tapped" (the storage lands).
    ThisTapped,
}

impl Condition {
    /// Is it judged without reading any permanent's characteristics (the
    /// zones' contents, hand sizes, whose turn it is)? Only such a
    /// condition can switch a static ability on and off inside the layer
    /// system (it is judged while the characteristics are being computed).
    pub fn reads_no_characteristics(&self) -> bool {
        matches!(
            self,
            Condition::CardsInHand { .. }
                | Condition::CardsInHandMatching { .. }
                | Condition::NoCardsInHand { .. }
                | Condition::YourGraveyardHas { .. }
                | Condition::YourTurn
        )
    }
}

/// The event that triggers a triggered ability (404.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Trigger {
    /// "When [this] comes into play" (404.4a) or "Whenever a [filter] comes into play".
    ComesIntoPlay(ObjectFilter),
    /// "When [this] is put into a graveyard from play" (dies); a leaves-play trigger (404.4c).
    PutIntoGraveyardFromPlay(ObjectFilter),
    /// "At the beginning of [whose] [step]".
    BeginningOf { step: Step, whose: Whose },
    /// "Whenever [this] attacks".
    Attacks,
    /// "Whenever a [filter] attacks" (Teferi's Veil: "a creature you
    /// control"): any permanent's, once per attacker; the attacker is the
    /// triggering object.
    CreatureAttacks(ObjectFilter),
    /// "Whenever [this] blocks".
    Blocks,
    /// "Whenever [this] becomes blocked".
    BecomesBlocked,
    /// "Whenever a [filter] blocks [this]" (one trigger per blocker; 502.3 flanking).
    BlockedBy(ObjectFilter),
    /// "Whenever [this] deals (combat) damage to a player/an opponent".
    DealsDamageToPlayer {
        combat_only: bool,
        opponent_only: bool,
    },
    /// "Whenever [this] deals damage (to a creature)": 502.63a deathtouch and
    /// 502.68a lifelink are such triggered abilities in the 2007 rules.
    DealsDamage { to_creature_only: bool },
    /// "Whenever [player] plays a [filter] spell".
    SpellPlayed { by: Whose, filter: ObjectFilter },
    /// 511.1: "Whenever you win a coin flip" (Chance Encounter).
    WinsCoinFlip,
    /// 410.11: a state trigger: it triggers as soon as the game state
    /// matches, and not again while its ability is pending or on the stack.
    State(StateTrigger),
    /// "Whenever the Nth spell of a turn is played" (Erayo): counted over
    /// all players (`Player::spells_this_turn`).
    NthSpellOfTurn(u32),
    /// "Whenever [player] plays their first spell each turn" (Erayo's Essence).
    FirstSpellEachTurn { by: Whose },
    /// 502.15d: "Whenever [this] phases out" (Teferi's Imp).
    PhasesOut,
    /// 502.26d, 504.5: "When [this] is turned face up", "Whenever a
    /// permanent is turned face up" (it triggers on the permanent turning
    /// face up, not on coming into play).
    TurnedFaceUp(ObjectFilter),
    /// 502.15d: "Whenever [this] phases in" (Teferi's Imp, Shimmering Efreet).
    PhasesIn,
    /// 404.4c: "When [this] leaves play" (Ertai's Familiar), whatever zone
    /// it goes to; a leaves-play ability that looks back in time.
    LeavesPlay,
    /// "Whenever [this] deals combat damage to a creature" (Phage the
    /// Untouchable); "that creature" is the creature dealt damage.
    DealsCombatDamageToCreature,
    /// "Whenever one or more creatures block" (Tide of War): once as
    /// blockers have been declared (309), if any were.
    CreaturesBlock,
    /// "Whenever [player] draws a card" (Underworld Dreams): once per card
    /// drawn (423.1); "that player" is the drawing player.
    Draws(Whose),
    /// "Whenever [player] discards a card" (Megrim): once per card
    /// discarded (217.4a).
    Discards(Whose),
    /// "Whenever a player taps a land for mana" (Manabarbs): the land's
    /// mana ability was played (406) with {T} in its cost.
    TapsLandForMana(Whose),
    /// "Whenever enchanted creature attacks" (an Aura's ability).
    AttachedAttacks,
    /// "Whenever enchanted creature blocks".
    AttachedBlocks,
    /// "Whenever enchanted creature deals damage" (Spirit Link): "that much"
    /// is the damage dealt.
    AttachedDealsDamage,
    /// "When a spell or ability an opponent controls causes you to discard
    /// [this]" (Guerrilla Tactics): the discarded card's own ability,
    /// triggering as it is put into the graveyard from the hand.
    DiscardedByOpponent,
    /// "Whenever a creature dealt damage by [this] this turn is put into a
    /// graveyard from play" (Sengir Vampire): "that creature" is the card
    /// in the graveyard.
    DamagedByThisDies,
    /// 406.1b: "Whenever enchanted land is tapped for mana" (Overgrowth): a
    /// triggered mana ability when its effects add mana (it doesn't use
    /// the stack, 406.4).
    AttachedTappedForMana,
    /// 406.1b: "Whenever a [filter] is tapped for mana" (Sasaya's Essence:
    /// "a land you control"): a triggered mana ability of any permanent,
    /// resolving at once in the mana ability (406.4); "that land" and "it"
    /// are the permanent tapped.
    TappedForMana(ObjectFilter),
    /// "At the beginning of [whose] [step]" of a card in its owner's
    /// graveyard whose effect returns it from there (402.8h: the ability
    /// functions only in the graveyard; Squee, Goblin Nabob).
    BeginningOfFromGraveyard { step: Step, whose: Whose },
    /// 502.55a (recover): "When a creature is put into your graveyard from
    /// play" of a card in that graveyard (the ability functions only there).
    CreatureToYourGraveyard,
    /// "When [this] is put into your hand from your graveyard" (Golgari
    /// Brownscale): the card's ability triggers from its new zone, the
    /// hand, whatever moved it there (dredge, 502.47a, or an effect).
    PutIntoHandFromGraveyard,
    /// 502.24a: "When this card is removed from the game this way [by its
    /// madness ability]": put on the stack by the discard itself
    /// (`rules/src/madness.rs`), never looked for in events.
    MadnessRemoved,
    /// 502.60a: "When the last [kind] counter is removed from this
    /// permanent" (vanishing).
    LastCounterRemoved(CounterKind),
    /// "At the beginning of the upkeep of enchanted creature's controller"
    /// (Unstable Mutation, Parasitic Bond): an Aura's ability, as that step
    /// of the player who controls the enchanted creature begins.
    BeginningOfAttachedControllers(Step),
    /// 502.18c: "When you cycle [this]": when the card is discarded to pay
    /// a cycling cost; it triggers from the graveyard.
    CycleThis,
    /// 502.18e: "Whenever [player] cycles a card" (Lightning Rift): "that
    /// player" is the cycling player.
    Cycles(Whose),
    /// "When you play this spell": an ability that functions on the stack
    /// (502.30a storm), triggered by the spell's own 409.1i.
    PlayedThis,
    /// 502.59a: "At the beginning of your upkeep, if this card is
    /// suspended, remove a time counter from it": functions only in the
    /// removed-from-the-game zone (502.59b: "suspended").
    SuspendedUpkeep,
    /// 502.59a: "When the last time counter is removed from this card, if
    /// it's removed from the game, …": functions only in that zone.
    SuspendedLastTimeCounter,
}

/// The game state a state trigger watches (410.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StateTrigger {
    /// "When [this] has [keyword]" (Student of Elements).
    ThisHasKeyword(Keyword),
    /// "When you have N or more life" (Rune-Tail, Kitsune Ascendant).
    LifeAtLeast(u32),
}

/// Whose turn or which player a trigger watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Whose {
    You,
    Opponent,
    Each,
}

/// A static ability (405) and the continuous effect it generates (418.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StaticAbility {
    /// A continuous effect on the affected objects, applied layer by layer
    /// (418.5a): Glorious Anthem (6d), an Aura's "Enchanted creature gets
    /// +1/+2" (6d), Control Magic (2), Opalescence (4, 6b), Humility (5, 6b).
    Continuous {
        affected: Affected,
        effect: LayerEffect,
    },
    /// "As long as [condition], [continuous effect]" (threshold: "as long
    /// as seven or more cards are in your graveyard", hellbent: "as long
    /// as you have no cards in hand"): the effect exists only while the
    /// condition holds. The condition reads no characteristics
    /// (`Condition::reads_no_characteristics`).
    ContinuousIf {
        condition: Condition,
        affected: Affected,
        effect: LayerEffect,
    },
    /// 419: a replacement or prevention effect on damage, from a static
    /// ability of a permanent in play.
    DamageReplacement(DamageReplacement),
    /// 419.1a: "If [what] would be put into a graveyard, [instead]."
    GraveyardReplacement {
        what: GraveyardWhat,
        instead: GraveyardInstead,
    },
    /// 419.1c: "[Filter] come into play tapped." (Root Maze, Orb of
    /// Dreams): a replacement on other permanents coming into play.
    OthersComeIntoPlayTapped(ObjectFilter),
    /// 419.1b: "[This] comes into play with N [kind] counters on it."
    ComesIntoPlayWithCounters {
        kind: CounterKind,
        amount: u8,
    },
    /// 418.5k: "You have no maximum hand size." (Spellbook)
    NoMaximumHandSize,
    /// 419.1b: "As [this] comes into play, choose a color." (Voice of All)
    AsComesIntoPlayChooseColor,
    /// 419.1b: "As [this] comes into play, choose a creature type." (Caller
    /// of the Hunt, whose 2007 wording 503.8 quotes; the type is remembered
    /// by the object, 503.8, and not copied, 503.6).
    AsComesIntoPlayChooseCreatureType,
    /// 419.1b: "As [this] comes into play, name a [nonland] card." (Pithing
    /// Needle, Meddling Mage; Oracle "choose a [nonland] card name"): the
    /// name is remembered by the object like a chosen colour (503.6–503.8).
    AsComesIntoPlayNameCard {
        nonland: bool,
    },
    /// "Activated abilities of sources with the chosen name can't be played
    /// [unless they're mana abilities]." (Pithing Needle, Voidstone
    /// Gargoyle): the activated abilities of objects matching `filter`, in
    /// any zone (the Needle's 2005 ruling: cycling from the hand too), can't
    /// be played; `except_mana` leaves their mana abilities (406) alone.
    CantPlayAbilities {
        filter: ObjectFilter,
        except_mana: bool,
    },
    /// "[This] has protection from the chosen color." (502.7, 503.7: none
    /// if no colour was chosen.)
    ProtectionFromChosenColor,
    /// 502.26a: "Morph [cost]": the card may be played face down as a 2/2
    /// creature for {3}, and a face-down permanent with it may be turned
    /// face up for the cost (502.26d). Generates no continuous effect.
    Morph(ManaCost),
    /// 502.47a: "Dredge N": functions only while the card is in a
    /// graveyard: "As long as you have at least N cards in your library, if
    /// you would draw a card, you may instead put N cards from the top of
    /// your library into your graveyard and return this card from your
    /// graveyard to your hand." (`rules/src/draw_replacement.rs`).
    /// Generates no continuous effect.
    Dredge(u8),
    /// 502.27a: "Amplify N": "As this object comes into play, reveal any
    /// number of cards from your hand that share a creature type with it.
    /// This permanent comes into play with N +1/+1 counters on it for each
    /// card revealed this way." (`rules/src/amplify.rs`). Generates no
    /// continuous effect.
    Amplify(u8),
    /// 503 / 419.1b: "As [this] comes into play, you may choose a [filter]
    /// in play. If you do, [this] comes into play as a copy of that
    /// [object]." (Clone)
    ComesIntoPlayAsCopy(ObjectFilter),
    /// 503.9: the exceptions of this permanent's "comes into play as a copy"
    /// (Vesuvan Doppelganger: "… except it doesn't copy that creature's
    /// color and it has \"[ability]\""): with `keeps_color` the copy keeps
    /// this card's colour; `has` is the ability in quotes it gains (its index
    /// in the face's `granted` list). Both become copiable values.
    CopyExceptions {
        keeps_color: bool,
        has: Option<u8>,
    },
    /// "Enchanted creature can't attack or block" (500 restrictions).
    CantAttack(Affected),
    CantBlock(Affected),
    /// "[This] can't be blocked."
    Unblockable,
    /// "[This] attacks each turn (combat) if able." (500 requirements)
    AttacksEachTurn,
    /// "[This] can block only creatures with flying."
    CanBlockOnlyFlyers,
    /// "[This] can't be blocked except by [filter]" (Elven Riders: Walls and/or flyers).
    BlockableOnlyBy(ObjectFilter),
    /// "[This] can't be blocked except by [A] and/or [B]" (Elven Riders: Walls
    /// and/or creatures with flying): a blocker of either kind may block.
    BlockableOnlyByEither(ObjectFilter, ObjectFilter),
    /// "[This] can't be blocked by more than one creature."
    CantBeBlockedByMoreThanOne,
    /// 405.2 characteristic-defining ability: power and toughness each equal to
    /// a count (Scion of the Wild).
    PowerToughnessFromCount(ObjectFilter),
    /// 405.2, 418.5a 6a: "[this]'s power and toughness are each equal to
    /// the number of creature cards in all graveyards" (Mortivore); cards
    /// outside play have their printed characteristics (416.2).
    /// `toughness_plus`: "and toughness equal to that number plus 1"
    /// (Lhurgoyf).
    PowerToughnessFromCards {
        filter: ObjectFilter,
        only_yours: bool,
        toughness_plus: i32,
    },
    /// "[This / enchanted creature] gets +1/+1 for each [filter]" (Yavimaya
    /// Enchantress, Blanchwood Armor): layer 6d, counted from the point of
    /// view of the ability's source.
    PlusPerCount {
        affected: Affected,
        filter: ObjectFilter,
        power: i32,
        toughness: i32,
    },
    /// "You have shroud" (True Believer).
    ControllerHasShroud,
    /// 419 replacement: "[This] comes into play tapped."
    ComesIntoPlayTapped,
    /// "This spell can't be countered." (functions on the stack)
    CantBeCountered,
    /// "[Affected] doesn't untap during its controller's untap step." (302.2)
    DoesntUntap(Affected),
    /// "You may choose not to untap [this] during your untap step." (302.2)
    MayChooseNotToUntap,
    /// 418.5j: "You can't lose the game and your opponents can't win the
    /// game." (Platinum Angel)
    CantLoseGame,
    /// "Each creature gets +1/+1 for each other creature in play that
    /// shares at least one creature type with it." (Coat of Arms; 6d,
    /// counted for each affected creature.)
    PlusPerSharedCreatureType {
        affected: Affected,
        power: i32,
        toughness: i32,
    },
    /// 100.2: "A deck can have any number of cards named [this]"
    /// (Relentless Rats): a deck-construction rule, no effect in a game.
    AnyNumberInDeck,
    /// 418.5k: "Players don't lose unspent mana as steps and phases end."
    /// (Upwelling)
    PlayersKeepUnspentMana,
    /// 419.1a: "If you would draw a card, [you may] instead …": a
    /// replacement effect on each draw of the controller's (Abundance,
    /// Obstinate Familiar); with `optional` the controller decides as the
    /// draw would happen (419.9a: the affected player's choice).
    DrawReplacement {
        optional: bool,
        instead: DrawInstead,
    },
    /// "Cards in graveyards lose all abilities." (Yixlid Jailer): no
    /// ability of a card in a graveyard functions there (402.8h). It doesn't
    /// change how a card comes into play from a graveyard: that looks at
    /// the card as it would exist in play (419.6i).
    GraveyardCardsLoseAbilities,
    /// 419.1 replacement (Krark's Thumb): "If you would flip a coin, instead
    /// flip two coins and ignore one."
    FlipTwoIgnoreOne,
    /// "You may play lands from your graveyard." (Crucible of Worlds): a
    /// land play (305.2) may be a land card in the controller's graveyard.
    PlayLandsFromGraveyard,
    /// "Your opponents play with their hands revealed." (Telepathy:
    /// `Opponent`), "Play with your hand revealed" (Enduring Renewal:
    /// `You`), "Players play with their hands revealed" (Revelation:
    /// `Each`): whose hands every player sees (`Game::view`).
    HandsRevealed(Whose),
    /// "Play with the top card of your library revealed" (Future Sight:
    /// `You`), "Players play with the top card of their libraries revealed"
    /// (Lantern of Insight: `Each`).
    TopCardRevealed(Whose),
    /// 419.6e: "Skip your draw step." (Necropotence): a replacement effect
    /// on the controller's draw steps.
    SkipDrawStep,
    /// 500.1 / 500.3a: a restriction on what may block the affected
    /// attacking creatures (Juggernaut "can't be blocked by Walls", Treetop
    /// Bracers, Whispersilk Cloak, Viashino Runner's 2007 wording).
    BlockRestriction {
        affected: Affected,
        rule: BlockRule,
    },
    /// 500.1 requirement: "[Affected] attacks each combat if able."
    /// (Uncontrollable Anger's enchanted creature.)
    MustAttack(Affected),
    /// 500.1 restriction: "[This] can't attack unless defending player
    /// controls a [filter]." (Sea Monster)
    CantAttackUnlessDefenderControls(ObjectFilter),
    /// 500.1 requirement: "All creatures able to block [affected] do so."
    /// (Lure)
    MustBeBlockedByAll(Affected),
    /// "[Affected] can block an additional creature each combat." (High
    /// Ground): each can block one more attacker.
    CanBlockAdditional(Affected),
    /// 415 / 502.36-like: "[Affected] can't be the target of [colour]
    /// spells" (Karplusan Strider) or "… of spells or abilities your
    /// opponents control" (Troll Ascetic's 2007 wording of hexproof).
    CantBeTargetedBy {
        affected: Affected,
        /// Only spells (not abilities).
        spells_only: bool,
        /// Only sources with one of these colours (empty: any colour).
        colors: ColorSet,
        /// Only spells and abilities controlled by the affected object's
        /// controller's opponents.
        opponents: bool,
    },
    /// 414: "[Filter] spells can't be countered." (Gaea's Herald)
    SpellsCantBeCountered(ObjectFilter),
    /// 409.1f: "[Filter] spells [whose] cost {N} more / less to play."
    /// (Aura of Silence): changes the total cost of those spells.
    SpellCostChange {
        filter: ObjectFilter,
        whose: Whose,
        /// Generic mana added (negative: reduced, never below zero).
        generic: i32,
    },
    /// 409.1f: "If an opponent controls at least N more creatures than
    /// you, this spell costs {M} less to play." (Avatar of Might):
    /// functions while the card is a spell.
    CostsLessIfOpponentHasMoreCreatures {
        more: u32,
        generic: u32,
    },
    /// 502.31a: "Affinity for [filter]": "This spell costs you {1} less to
    /// play for each [filter] you control." (502.31b: generic mana only;
    /// 502.31c: each instance applies.)
    AffinityFor(ObjectFilter),
    /// "You can't play [filter] spells." (Steel Golem)
    CantPlaySpells {
        whose: Whose,
        filter: ObjectFilter,
    },
    /// "Each player can't play more than one spell each turn." (Rule of Law)
    OneSpellEachTurn,
    /// 302.2 modified: "Untap all permanents you control during each other
    /// player's untap step." (Seedborn Muse)
    UntapDuringOthersUntapStep,
    /// 310.2e: "You may have [this] assign its combat damage as though it
    /// weren't blocked." (Rhox)
    MayAssignAsThoughUnblocked,
    /// 502.21b: "If [this] was kicked [with its A/B kicker], it comes into
    /// play with N +1/+1 counters on it [and with KEYWORD]." (419.1b: how
    /// it comes into play; the keywords stay while it is in play).
    KickedComesIntoPlayWith {
        which: Option<u8>,
        counters: u8,
        keywords: KeywordSet,
    },
    /// 308.2d: "Creatures can't attack you unless their controller pays
    /// {N} for each creature they control that's attacking you." (Windborn
    /// Muse): a cost to attack the ability's controller.
    AttackCostPerCreature {
        generic: u32,
    },
    /// 502.50a: "Bloodthirst N": "If an opponent was dealt damage this
    /// turn, this permanent comes into play with N +1/+1 counters on it."
    Bloodthirst(u8),
    /// 502.37a: "Sunburst": coming into play from the stack, a +1/+1
    /// counter (as a creature) or a charge counter (otherwise) for each
    /// colour of mana spent to pay its costs.
    Sunburst,
}

/// 500.1 restrictions on blocking an attacking creature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BlockRule {
    /// "can't be blocked".
    Unblockable,
    /// "can't be blocked by [filter]" (Juggernaut: Walls).
    NotBy(ObjectFilter),
    /// "can't be blocked except by [filter]" (Treetop Bracers: creatures
    /// with flying).
    OnlyBy(ObjectFilter),
    /// "can't be blocked except by two or more creatures" (Viashino
    /// Runner; Oracle's menace): a restriction on the whole set of blocks.
    TwoOrMore,
}

/// 419: what a static replacement or prevention effect does to damage
/// that would be dealt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DamageReplacement {
    /// 419.6c: "All damage that would be dealt to you is dealt to
    /// [enchanted/equipped creature] instead." (Pariah, Pariah's Shield)
    RedirectFromYou(Affected),
    /// 419.1a: "If a source would deal damage to a permanent or player, it
    /// deals double that damage to that permanent or player instead."
    /// (Furnace of Rath)
    Double,
    /// 419.1a: "If a [color] source would deal damage to a player, it deals
    /// that much damage plus N to that player instead." (Tok-Tok, Volcano Born)
    PlusToPlayer { color: crate::Color, plus: u32 },
    /// 419.1d: "Prevent all damage that would be dealt to [affected]"
    /// (Cho-Manno), and with `by`, "… to and dealt by enchanted creature"
    /// (Heart of Light).
    PreventAll { to: Affected, by: bool },
}

/// What a graveyard replacement watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraveyardWhat {
    /// "If [this card] would be put into a graveyard from anywhere": the
    /// ability works from every zone (Legacy Weapon, Darksteel Colossus).
    ThisFromAnywhere,
    /// "If a permanent would be put into a graveyard" (Samurai of the Pale
    /// Curtain): a permanent leaving play.
    AnyPermanent,
}

/// Where the object goes instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraveyardInstead {
    /// "reveal it and shuffle it into its owner's library".
    ShuffleIntoLibrary,
    /// "exile it" (2007: remove it from the game).
    RemoveFromGame,
}

/// Which objects a static ability affects (418.2: determined continuously).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Affected {
    /// The object with the ability.
    This,
    /// The object the Aura or Equipment is attached to.
    Attached,
    /// Every permanent matching a filter ("Creatures you control", "Other Goblins").
    Each(ObjectFilter),
}

/// What happens instead of a draw (`StaticAbility::DrawReplacement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawInstead {
    /// "choose land or nonland and reveal cards from the top of your
    /// library until you reveal a card of the chosen kind. Put that card
    /// into your hand and put all other cards revealed this way on the
    /// bottom of your library in any order." (Abundance)
    RevealUntilLandOrNonland,
    /// "skip that draw" (Obstinate Familiar).
    Skip,
}

/// A requirement on the targets of a spell or ability (415.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TargetSpec {
    pub kind: TargetKind,
    /// How many targets for this instance of "target" (1 unless "two target …").
    pub count: u8,
    /// "up to N": fewer may be chosen.
    pub up_to: bool,
    /// "another target": may not be the object with the ability.
    pub other: bool,
    /// "… to another target, and … to a third target" (Cone of Flame): a
    /// different object or player from the spell's earlier targets.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub distinct: bool,
    /// "X target creatures" (409.1c: the number is the X announced, 409.1b)
    /// or "up to that many target permanents" (the amount of the trigger
    /// event, fixed as the ability is put on the stack, 410.4): `count` is
    /// then 0 and the number comes from the spell or ability. Only the
    /// last spec of a spell or ability may have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_by: Option<TargetCount>,
    /// With `up_to`: at least this many targets ("one, two, or three
    /// target creatures" is up to three with at least one, 409.1c).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub min: u8,
}

/// Where a variable number of targets comes from (`TargetSpec::count_by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetCount {
    /// The value of X announced (409.1b, before targets, 409.1c).
    X,
    /// The amount of the trigger event ("that many": damage dealt).
    Triggered,
    /// 409.1c: "any number of target creatures": the player announces how
    /// many (`up_to` is set; at most as many as there are legal targets,
    /// and, for an amount divided among them, as the amount, 409.1e).
    AnyNumber,
}

impl TargetSpec {
    pub fn one(kind: TargetKind) -> Self {
        TargetSpec {
            kind,
            count: 1,
            up_to: false,
            other: false,
            distinct: false,
            count_by: None,
            min: 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TargetKind {
    /// "target creature or player" (2007 wording of "any target").
    CreatureOrPlayer,
    /// "target player" / "target opponent".
    Player(PlayerFilter),
    /// "target [permanent filter]" in play.
    Permanent(ObjectFilter),
    /// "target [filter] spell" on the stack.
    Spell(ObjectFilter),
    /// "target [filter] card in [your / an opponent's / a] graveyard":
    /// `whose` is the graveyard's owner relative to the controller.
    CardInGraveyard {
        filter: ObjectFilter,
        whose: PlayerFilter,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerFilter {
    Any,
    Opponent,
    You,
}

/// Whose objects a filter accepts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ControllerFilter {
    #[default]
    Any,
    You,
    Opponent,
    /// "defending player controls" (306.3: the defending player of this combat).
    Defending,
    /// "that player controls" in a target of a triggered ability: the
    /// player of the trigger event (Cephalid Constable). Only target
    /// requirements use it; targeting judges it with the trigger's player.
    TriggeringPlayer,
    /// "creatures target player controls" (Day): the player who is the
    /// spell's n-th target. Only a group an effect resolves uses it.
    TargetPlayer(u8),
}

/// A description of objects: "nonartifact, nonblack creature", "tapped creature",
/// "Goblin", "other creature you control" (all conditions must hold).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectFilter {
    /// At least one of these types (empty: any).
    pub types_any: TypeSet,
    /// All of these types ("artifact creature": an artifact, and a creature
    /// by `types_any`).
    #[serde(default, skip_serializing_if = "no_types")]
    pub types_all: TypeSet,
    /// None of these types.
    pub types_none: TypeSet,
    /// None of these subtypes ("non-Aura").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subtypes_none: Vec<Subtype>,
    /// At least one of these subtypes (empty: any).
    pub subtypes_any: Vec<Subtype>,
    pub supertypes_all: Vec<Supertype>,
    /// At least one of these colours (empty: any).
    pub colors_any: ColorSet,
    /// None of these colours.
    pub colors_none: ColorSet,
    pub controller: ControllerFilter,
    pub tapped: Option<bool>,
    pub attacking: Option<bool>,
    pub blocking: Option<bool>,
    /// Must have this keyword.
    pub with_keyword: Option<Keyword>,
    /// Must not have this keyword.
    pub without_keyword: Option<Keyword>,
    /// "other": not the object with the ability.
    pub other: bool,
    /// "with power N or less".
    pub power_at_most: Option<i32>,
    /// "blocked creature": an attacking creature that became blocked (309.2f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked: Option<bool>,
    /// "spell with a single target" (Shunt, 415.7).
    #[serde(default, skip_serializing_if = "is_false")]
    pub single_target: bool,
    /// "named NAME" (Wirefly Hive's tokens).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub named: Option<String>,
    /// "with power N or greater" (Puppet's Verdict).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_at_least: Option<i32>,
    /// Only the object with the ability itself ("When [this] comes into play").
    pub this: bool,
    /// "attacking or blocking creature": in combat either way (306).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_combat: Option<bool>,
    /// "creature blocking [this]": blocking the object with the ability (309).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blocking_this: bool,
    /// "with a morph ability" (502.26): has morph now (a face-down
    /// permanent has no abilities, 504.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub with_morph: bool,
    /// "face-down creature" (504, 510.1c: a status).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face_down: Option<bool>,
    /// "with converted mana cost N or less" (502.39a soulshift).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmc_at_most: Option<i32>,
    /// "with the same converted mana cost as [this card]" (502.48a
    /// transmute): the card's own, fixed as the card is compiled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmc_exactly: Option<i32>,
    /// "with converted mana cost X" (Punishment, Spell Blast, Detonate):
    /// equal to the X of the spell whose filter it is (announced before
    /// targets, 409.1b; kept on the stack, 203.3b).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cmc_is_x: bool,
    /// "attached to a creature" (an Aura or Equipment, 212.4).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached_to_creature: bool,
    /// "multicolored" (203.2: two or more colours; 505.3 for split cards).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub multicolored: bool,
    /// "Aura that's attached to a permanent" (Aura Graft).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached_to_permanent: bool,
    /// "creatures that attacked this turn" (Relentless Assault).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attacked_this_turn: bool,
    /// "of the chosen color": of the colour chosen for the object with the
    /// ability as it came into play (419.1b); with none chosen the choice is
    /// undefined and nothing matches (503.7, 503.8).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chosen_color: bool,
    /// "of the chosen type": of the creature type chosen for the object
    /// with the ability as it came into play (Caller of the Hunt; 503.8).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chosen_type: bool,
    /// "with the chosen name": with the card name named for the object with
    /// the ability as it came into play (Pithing Needle, Meddling Mage;
    /// 419.1b); an undefined choice matches nothing (503.7).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chosen_name: bool,
    /// "creature that was dealt damage this turn" (Initiate of Blood, Goka
    /// the Unjust): any damage dealt to it this turn, even if it has since
    /// been removed (regeneration, 501.5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dealt_damage_this_turn: bool,
}

impl ObjectFilter {
    pub fn this() -> Self {
        ObjectFilter {
            this: true,
            ..Default::default()
        }
    }
    pub fn of_type(t: CardType) -> Self {
        ObjectFilter {
            types_any: TypeSet::single(t),
            ..Default::default()
        }
    }
    pub fn creature() -> Self {
        Self::of_type(CardType::Creature)
    }
    pub fn any() -> Self {
        Self::default()
    }
}

/// An object an effect refers to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ObjectRef {
    /// The object with the ability, or the spell itself.
    This,
    /// The n-th target (in order of the spell's target specs, flattened).
    Target(u8),
    /// The permanent this Aura/Equipment is attached to.
    Attached,
    /// The object that caused the trigger ("that creature").
    Triggering,
    /// Every permanent matching a filter at resolution ("each creature").
    Each(ObjectFilter),
    /// 409.1h: the permanent sacrificed to pay the spell's cost ("the
    /// sacrificed creature", Fling), as it last existed in play (413.2f).
    Sacrificed,
    /// Every target from the n-th on (flattened, as `Target`): the targets
    /// of a spec with a variable number ("X target creature cards").
    Targets(u8),
    /// "all creatures blocking or blocked by target creature" (Trial): the
    /// creatures in a block with the n-th target as the effect resolves (309).
    BlockingOrBlockedBy(u8),
}

/// A player or players an effect refers to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerRef {
    /// The controller of the spell or ability.
    You,
    /// The n-th target, which is a player.
    Target(u8),
    /// The controller of an object (for a target that left play, its last known controller).
    ControllerOf(ObjectRef),
    OwnerOf(ObjectRef),
    EachPlayer,
    EachOpponent,
    /// The player involved in the triggering event ("that player").
    Triggering,
    /// 511.2: the player whose coin this is ("each player whose coin comes up tails").
    Flipper,
    /// 506: "each player who doesn't win the subgame" (Shahrazad), after
    /// the subgame this resolution played has ended.
    NotWinningSubgame,
}

/// A number an effect uses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Amount {
    Fixed(i32),
    /// The value of X announced for the spell (409.1b).
    X,
    /// The power of an object (last known information if it left play).
    PowerOf(ObjectRef),
    ToughnessOf(ObjectRef),
    /// The number of permanents matching a filter.
    CountOf(ObjectFilter),
    CardsInHand(PlayerRef),
    CardsInGraveyard(PlayerRef),
    /// "the number of creature cards in your graveyard" / "… in all
    /// graveyards" (`who: None`): the cards there matching a card filter.
    GraveyardCardsMatching {
        who: Option<PlayerRef>,
        filter: ObjectFilter,
    },
    /// "its converted mana cost" / "that creature's converted mana cost"
    /// (203.3; last known information once it has left its zone, 413.2f).
    ConvertedManaCostOf(ObjectRef),
    /// The amount in the triggering event ("that much").
    Triggered,
    /// 511.1: the number of coin flips won so far in this resolution
    /// ("for each flip you won").
    FlipsWon,
    /// "half your life, rounded up" (Death Wish): of the player's life total.
    HalfLifeRoundedUp(PlayerRef),
    /// "loses half their life, rounded up" after "each player …": of each
    /// affected player's own life total in turn (Shahrazad).
    HalfTheirLifeRoundedUp,
    /// "Double the life stakes with each flip" (Game of Chaos): N for the
    /// first flip of the resolution, 2N for the second, 4N for the third, …
    DoubledEachFlip(i32),
    /// "for each [filter] they control" after "each player": counted for
    /// each player in turn (Stronghold Discipline).
    CountTheyControl(ObjectFilter),
    /// "for each creature blocking it" (309): the creatures blocking the object.
    CreaturesBlocking(ObjectRef),
    /// A player's life total ("double target player's life total": gain
    /// life equal to it).
    LifeTotal(PlayerRef),
    /// "half their library, rounded down" (Traumatize).
    HalfLibraryRoundedDown(PlayerRef),
    /// "for each card fewer than N in [player's] hand" (Stabwhisker the
    /// Odious): N minus the cards in that hand, at least 0.
    CardsFewerThanInHand {
        who: PlayerRef,
        than: i32,
    },
    /// 502.12a: "for each creature blocking it beyond the first".
    BlockersBeyondFirst(ObjectRef),
    /// "the total power of the sacrificed creatures" (Soulblast): the
    /// permanents sacrificed for the spell's cost, each as it last existed
    /// in play (413.2f), added up as they were sacrificed (409.1h).
    SacrificedPower,
    /// "For each creature card exiled this way": the targets from the n-th
    /// on that were still legal as the spell resolved (413.2a: an illegal
    /// one is not affected; the legal ones were all moved).
    LegalTargets(u8),
    /// "for each other land you control with the same name as it"
    /// (Sasaya's Essence): the permanents matching the filter (from the
    /// point of view of the ability's controller) other than `what` that
    /// have the same name as `what`.
    OthersWithSameName {
        what: ObjectRef,
        filter: ObjectFilter,
    },
    /// "for each +1/+1 counter on [object]" (502.35a modular), "the number
    /// of verse counters on [object]": last known information if it left
    /// play (413.2f: Lotus Blossom sacrificed as a cost).
    CountersOn(CounterKind, ObjectRef),
    /// Domain: "for each basic land type among lands [player] controls"
    /// (0 to 5, 205.3h).
    BasicLandTypes(PlayerRef),
    /// "2 life for each creature you control": a multiple of a count.
    Times(i32, Box<Amount>),
    /// "the number of Swamps they control": permanents matching the filter
    /// controlled by the player (the first if several).
    CountControlledBy(PlayerRef, ObjectFilter),
    /// "3 minus the number of cards in their hand", "the number of cards in
    /// their hand minus 4": the difference, never below 0.
    Minus(Box<Amount>, Box<Amount>),
}

fn amount_x() -> Amount {
    Amount::X
}

fn is_amount_x(a: &Amount) -> bool {
    *a == Amount::X
}

/// How long a continuous effect from a resolved spell or ability lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    EndOfTurn,
    Permanent,
    /// 418.3d: "as long as [this] remains tapped" (Endoskeleton).
    WhileSourceTapped,
    /// "for as long as that creature is enchanted" (Rootwater Matriarch):
    /// ends once the affected permanent has no Aura attached.
    WhileEnchanted,
}

/// A one-shot or continuous effect produced when a spell or ability resolves
/// (416, 417, 418).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// "[source] deals N damage to …". The source is the spell or the
    /// ability's source.
    DealDamage {
        amount: Amount,
        to: Recipient,
    },
    /// 409.1e: "[source] deals N damage divided as you choose among [the
    /// targets from the `from`-th on]": the amount and its division are
    /// announced as the spell or ability is played (413.2f), each target
    /// getting at least 1; the division is kept on the stack object, and a
    /// target illegal on resolution is dealt nothing, the others keeping
    /// their share (413.2a).
    DealDamageDivided {
        amount: Amount,
        from: u8,
    },
    GainLife {
        who: PlayerRef,
        amount: Amount,
    },
    LoseLife {
        who: PlayerRef,
        amount: Amount,
    },
    DrawCards {
        who: PlayerRef,
        amount: Amount,
    },
    /// "discards N cards" (chosen by the discarding player unless `random`).
    Discard {
        who: PlayerRef,
        amount: Amount,
        random: bool,
    },
    /// 501.4 destroy; `no_regen`: "It can't be regenerated."
    Destroy {
        what: ObjectRef,
        no_regen: bool,
    },
    /// Remove from the game (2007 term for exile).
    RemoveFromGame {
        what: ObjectRef,
    },
    /// Return to its owner's hand.
    ReturnToHand {
        what: ObjectRef,
    },
    Tap {
        what: ObjectRef,
    },
    Untap {
        what: ObjectRef,
    },
    /// 500.1 requirement (502.29a provoke): "[blocker] blocks [attacker]
    /// this combat if able".
    BlocksThisCombatIfAble {
        blocker: ObjectRef,
        attacker: ObjectRef,
    },
    /// "Turn [what] face up" (Break Open): an effect turns a face-down
    /// permanent face up, whatever its morph cost (503.3's example).
    TurnFaceUp {
        what: ObjectRef,
    },
    /// 502.26e: "Turn [what] face down" (Backslide): it becomes a 2/2
    /// face-down creature with no text, name, subtypes or mana cost.
    TurnFaceDown {
        what: ObjectRef,
    },
    /// A continuous effect on the objects (locked in as it resolves,
    /// 418.3b): "gets +P/+T and gains [keywords] until end of turn" (layers
    /// 6b and 5), "switch its power and toughness" (6e), "gain control of" (2).
    Continuous {
        what: ObjectRef,
        effect: LayerEffect,
        duration: Duration,
    },
    /// "get +X/-X until end of turn" (Flowstone Slide): `power` and
    /// `toughness` are multiples of X (1, 0 or -1), fixed as the effect is
    /// created (413.2f); layer 6b.
    PumpX {
        what: ObjectRef,
        power: i32,
        toughness: i32,
        /// What X is: the announced X, or what "where X is …" defines
        /// ("where X is the number of lands you control").
        #[serde(default = "amount_x", skip_serializing_if = "is_amount_x")]
        x: Amount,
    },
    /// As `Continuous`, and the objects also become the colour the
    /// controller chooses as it resolves (layer 5): "becomes the color of
    /// your choice until end of turn" (Wild Mongrel, Tidal Visionary).
    ContinuousChosenColor {
        what: ObjectRef,
        effect: LayerEffect,
        duration: Duration,
    },
    /// 418.6: "Change the text of [what] by replacing all instances of one
    /// color word with another or one basic land type with another" (Mind
    /// Bend); the words are chosen as it resolves.
    ChangeText {
        what: ObjectRef,
        colors: bool,
        land_types: bool,
        duration: Duration,
    },
    /// "[what] can't block this turn".
    CantBlockThisTurn {
        what: ObjectRef,
    },
    /// 414: counter target spell; `to`: where the countered card goes
    /// ("If that spell is countered this way, exile it instead of putting
    /// it into its owner's graveyard", Dissipate; a replacement, 419.6a).
    Counter {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "CounteredTo::is_graveyard")]
        to: CounteredTo,
    },
    /// Layer 2: "target opponent gains control of [it]" (Sleeper Agent):
    /// control goes to the player named, not to the effect's controller.
    GiveControl {
        who: PlayerRef,
        what: ObjectRef,
        duration: Duration,
    },
    /// 415.7: "Change the target of target spell with a single target"
    /// (Shunt): to another legal target, if there is one (415.7a).
    ChangeTarget {
        what: ObjectRef,
    },
    /// 503.10: "Copy target instant or sorcery spell" — a copy of the spell
    /// onto the stack, with the original's mode, targets and X.
    /// `new_targets`: "You may choose new targets for the copy" (503.10b);
    /// `color`: "except that the copy is red" (Fork).
    CopySpell {
        what: ObjectRef,
        new_targets: bool,
        color: Option<Color>,
    },
    /// 501.5 regenerate: creates a regeneration shield.
    Regenerate {
        what: ObjectRef,
    },
    /// "[player] sacrifices a [filter]" (the player chooses on resolution).
    Sacrifice {
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// "Put N +1/+1 counters on …".
    PutCounters {
        what: ObjectRef,
        kind: CounterKind,
        amount: Amount,
    },
    /// 502.59a: "play it without paying its mana cost if able. If you
    /// can't, it remains removed from the game. If you play a creature
    /// spell this way, it gains haste until you lose control of the spell
    /// or the permanent it becomes." (the source card, still removed from
    /// the game; 502.59c: an alternative cost, 409.1b).
    PlaySuspended,
    /// "Remove N [kind] counters from …" (as many as there are, at most).
    RemoveCounters {
        what: ObjectRef,
        kind: CounterKind,
        amount: Amount,
    },
    /// Create N tokens (216).
    CreateTokens {
        who: PlayerRef,
        amount: Amount,
        token: TokenSpec,
    },
    /// 419.1a prevention shield: "Prevent the next N damage that would be
    /// dealt to [recipient] this turn."
    PreventNextDamage {
        to: Recipient,
        amount: Amount,
    },
    /// 409.1e: "Distribute N +1/+1 counters among one, two, or three
    /// target creatures." (Elven Rite, Wurmskin Forger): each target from
    /// the `from`-th on gets its share of the division announced as it was
    /// played.
    PutCountersDivided {
        kind: CounterKind,
        amount: Amount,
        from: u8,
    },
    /// 409.1e, 419.7b: "Prevent the next N damage that would be dealt this
    /// turn to any number of targets, divided as you choose." (Remedy): a
    /// shield on each target from the `from`-th on, of its share of the
    /// division announced as it was played.
    PreventDamageDivided {
        amount: Amount,
        from: u8,
    },
    /// 419.8a: "The next time a [red] source of your choice would deal
    /// damage to [you] this turn, prevent that damage." (the Circles of
    /// Protection, Story Circle): the source is chosen as the effect is
    /// created, on resolution, among those with the properties of
    /// `sources` (its colours and types; `chosen_color`: the colour chosen
    /// for the object with the ability, 419.1b); the shield then prevents
    /// the next damage that source would deal to `to` this turn. Without
    /// `next_only`: "Prevent all damage a source of your choice would deal
    /// this turn." (Pay No Heed): all of it, to anything (`to: None`), all
    /// turn.
    PreventDamageFromChosenSource {
        sources: ObjectFilter,
        to: Option<Recipient>,
        next_only: bool,
    },
    /// 419.1d: "Prevent all damage that would be dealt to [recipient] this
    /// turn." (Kaiso, Memory of Loyalty): a shield that never runs out.
    PreventAllDamageThisTurn {
        to: Recipient,
    },
    /// "Prevent all combat damage that would be dealt this turn." (Holy Day)
    PreventAllCombatDamage,
    /// 419.6c: "All combat damage that would be dealt to you by unblocked
    /// creatures this turn is dealt to [this] instead." (Kjeldoran Royal
    /// Guard)
    RedirectUnblockedDamageToThis,
    /// 419.1a: "Until end of turn, if target player would draw a card,
    /// instead that player skips that draw and you draw a card."
    /// (Plagiarize.)
    DrawsInsteadThisTurn {
        who: PlayerRef,
    },
    /// "Prevent all damage that black sources and red sources would deal
    /// this turn" (Luminesce), "… that creatures would deal to players
    /// this turn" (Chameleon Blur). 418.3b: it changes the rules of the
    /// game, not objects, so it applies to every source matching `sources`
    /// when the damage would be dealt, even one that wasn't in play (or
    /// wasn't a creature, or black) as the effect began.
    PreventDamageBySources {
        sources: ObjectFilter,
        to_players_only: bool,
    },
    /// 502.33 Equip: attach `what` (an Equipment) to `to`.
    Attach {
        what: ObjectRef,
        to: ObjectRef,
    },
    /// 507.1: "You control target player during that player's next turn" (Mindslaver).
    ControlNextTurn {
        who: PlayerRef,
    },
    /// 419.6e: "[Player] skips their next turn." (Meditate, Chronatog)
    SkipNextTurn {
        who: PlayerRef,
    },
    /// 509.1: "End the turn." (Time Stop).
    EndTheTurn,
    /// "[Each …] is sacrificed by its controller" (501.3): no choice is made.
    SacrificeThese {
        what: ObjectRef,
    },
    /// "Remove [it] from combat." (306.2, Mijae Djinn)
    RemoveFromCombat {
        what: ObjectRef,
    },
    /// 102.2b: "[Player] wins the game."
    WinGame {
        who: PlayerRef,
    },
    /// 300.7: "After this main phase, there is an additional combat phase
    /// followed by an additional main phase." (Relentless Assault)
    AdditionalCombatPhase,
    /// "[Player] takes an extra turn after this one."
    ExtraTurn {
        who: PlayerRef,
    },
    /// 511.1: `who` (the controller, or "that player") flips a coin,
    /// calling it; the effects of that player winning or losing follow.
    FlipCoin {
        who: PlayerRef,
        won: Vec<Effect>,
        lost: Vec<Effect>,
    },
    /// 511.1: "Flip a coin until you lose a flip [or choose to stop
    /// flipping]." Each flip is called; the flips won are counted
    /// (`Amount::FlipsWon`); with `may_stop` the player chooses after each
    /// won flip whether to flip again.
    FlipUntilLose {
        may_stop: bool,
    },
    /// "If you lose a flip, [this] has no effect.": the rest of the
    /// resolution does nothing if any flip of it was lost.
    NoEffectIfFlipLost,
    /// The Wishes: "You may reveal a [filter] card you own from outside the
    /// game and put it into your hand." (217.1e: outside the game is the
    /// player's cards not in the game and their cards removed from the game.)
    WishFromOutside {
        filter: ObjectFilter,
    },
    /// 506: "Players play a Magic subgame, using their libraries as their
    /// decks." The main game waits while the subgame is played.
    PlaySubgame,
    /// "[Player] decides whether to flip again" (Game of Chaos): inside a
    /// flip's branch; if the player chooses to, the flip is repeated.
    OfferFlipAgain {
        who: PlayerRef,
    },
    /// "If you win N or more flips, …".
    IfFlipsWon {
        at_least: u32,
        effects: Vec<Effect>,
    },
    /// "[Player] loses the game." (Phage the Untouchable, 102.2b-like)
    LoseGame {
        who: PlayerRef,
    },
    /// "A creature dealt damage this way can't be regenerated this turn."
    /// (Incinerate): the creatures dealt damage by this resolution's damage.
    CantBeRegeneratedThisTurn,
    /// 511.2: each of these players flips a coin without a call; `on_tails`
    /// and `on_heads` happen to each player whose coin came up that way
    /// (`PlayerRef::Flipper`). With `until_all_heads` the process repeats
    /// until every coin comes up heads on the same flip (Mana Clash).
    FlipEach {
        who: Vec<PlayerRef>,
        on_heads: Vec<Effect>,
        on_tails: Vec<Effect>,
        until_all_heads: bool,
    },
    /// "[what] can't be blocked this turn" (Crafty Pathmage).
    CantBeBlockedThisTurn {
        what: ObjectRef,
    },
    /// "[effects] unless you discard a [filter] card" (Razormane Masticore,
    /// Hidden Horror): the controller chooses on resolution whether to
    /// discard such a card; if they don't (or can't), the effects happen.
    UnlessDiscard {
        filter: ObjectFilter,
        effects: Vec<Effect>,
    },
    /// "If you can't, [effects]" after "sacrifice a [filter]" (Lord of the
    /// Pit): the effects happen if the controller controls no such
    /// permanent (so can't sacrifice one).
    IfControlsNone {
        filter: ObjectFilter,
        effects: Vec<Effect>,
    },
    /// "[player] returns a [filter] they control to its owner's hand": the
    /// player chooses one on resolution (Stampeding Wildebeests, Sunken Hope).
    ReturnChosen {
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// "You may tap or untap [what]" (Twitch, Puppeteer): chosen on resolution.
    TapOrUntap {
        what: ObjectRef,
    },
    /// 406.1b: "add an additional one mana of any type that land produced
    /// for each [count]" (Sasaya's Essence): in a triggered mana ability,
    /// `amount` more mana, each of a type the triggering mana ability
    /// produced (the type the player chose as it was activated, when it
    /// produced several).
    AddManaProduced {
        amount: Amount,
    },
    /// 406.1: "[player] adds [mana]" (Overgrowth's additional {G}{G}).
    AddMana {
        who: PlayerRef,
        mana: Vec<ManaKind>,
    },
    /// "[what] can't block [this] this turn" (Duct Crawler).
    CantBlockThisThisTurn {
        what: ObjectRef,
    },
    /// 502.43a ninjutsu: "Put this card into play tapped and attacking"
    /// (only the card still in the hand, 217.1c).
    PutSelfIntoPlayAttacking,
    /// 502.55a (recover): "you may pay [cost]. If you do, return this card
    /// from your graveyard to your hand. Otherwise, remove this card from
    /// the game." (nothing if the card has left the graveyard)
    Recover {
        cost: ManaCost,
    },
    /// "Counter [spell] unless its controller pays {N}" (Spiketail
    /// Hatchling), "{X}" (Condescend), "{1} for each card in your hand"
    /// (Oppressive Will): the spell's controller may play mana abilities
    /// and pay that much generic mana as it resolves; `to`: where the
    /// countered card goes (Syncopate).
    CounterUnlessPays {
        what: ObjectRef,
        generic: Amount,
        #[serde(default, skip_serializing_if = "CounteredTo::is_graveyard")]
        to: CounteredTo,
    },
    /// 404.4: "[effects] at the beginning of the next turn's upkeep": a
    /// delayed triggered ability that triggers once, as the next upkeep
    /// step begins (Carrier Pigeons, the cantrips of Ice Age and
    /// Alliances); with `yours`, "at the beginning of your next upkeep"
    /// (the Pacts): the next upkeep of the effect's controller.
    AtNextUpkeep {
        effects: Vec<Effect>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        yours: bool,
    },
    /// 404.4: "[effects] at the beginning of the next end step" (Crazed
    /// Armodon, 503.11): a delayed triggered ability that triggers as the
    /// next end of turn step begins. "Destroy CARDNAME" still means the
    /// same object even if it changed names or became a copy (503.11).
    AtNextEndStep {
        effects: Vec<Effect>,
    },
    /// 404.4: "When [what] is put into a graveyard from play this turn,
    /// [effects]." (Initiate of Blood): a delayed triggered ability that
    /// watches that object, triggers once if it dies this turn, and ends
    /// with the turn. Its source is the source of the creating ability.
    WhenDiesThisTurn {
        what: ObjectRef,
        effects: Vec<Effect>,
    },
    /// 404.4: "[effects] at end of combat" (Fog Elemental): creates a
    /// delayed triggered ability that triggers at the beginning of the
    /// next end of combat step (311) and then does the effects.
    AtEndOfCombat {
        effects: Vec<Effect>,
    },
    /// "[what] gets +P/+T until end of turn for each [count]" (Elvish
    /// Berserker): the count is taken as it resolves (413.2f).
    PumpPerCount {
        what: ObjectRef,
        power: i32,
        toughness: i32,
        count: Amount,
    },
    /// "Search your library for a [filter] card, [reveal it,] put it into
    /// your hand / into play [tapped], then shuffle." The searching player
    /// chooses among the matching cards (a hidden zone: may find nothing
    /// when the card has a stated quality, 217.1a).
    SearchLibrary {
        filter: ObjectFilter,
        /// "with converted mana cost X or less" (Citanul Flute).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cmc_at_most: Option<Amount>,
        dest: CardDest,
        reveal: bool,
    },
    /// "[Player] puts the top N cards of their library into their
    /// graveyard" (modern "mills N").
    Mill {
        who: PlayerRef,
        amount: Amount,
    },
    /// "Look at the top N cards of your library": up to one card matching
    /// `to_hand` goes to the hand (`may`: the player may take none), then
    /// `on_top` of the rest go back on top in any order and the others on
    /// the bottom in any order (Sage Owl, Telling Time, Commune with Nature).
    LookAtTop {
        amount: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_hand: Option<ObjectFilter>,
        may: bool,
        /// How many of the rest go back on top (the others go to the bottom);
        /// `None`: all of them.
        on_top: Option<u8>,
        /// How many cards matching `to_hand` go to the hand ("Put two of
        /// them into your hand", Ancestral Memories); 0 is read as 1.
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        to_hand_count: u8,
        /// "… and the rest into your graveyard" (Strategic Planning): the
        /// cards not put into the hand go to the graveyard, not back.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rest_to_graveyard: bool,
        /// 501.8a scry: any number of the cards go to the bottom in any
        /// order and the rest on top in any order: each choice of the next
        /// card on top may be declined, which sends the rest to the bottom.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        scry: bool,
    },
    /// "Look at / [player] reveals [player's] hand. You choose N [filter]
    /// card(s) from it": the chosen cards are discarded or put on top of
    /// their owner's library in any order (Distress, Agonizing Memories).
    ChooseFromHand {
        who: PlayerRef,
        filter: ObjectFilter,
        amount: u8,
        then: HandChoice,
    },
    /// "[Player] discards their hand" (Wit's End): every card in it, with
    /// no choice.
    DiscardHand {
        who: PlayerRef,
    },
    /// "Name a [nonland] card." (Cabal Therapy; Oracle "Choose a [nonland]
    /// card name"): the spell's controller names a card as the instruction
    /// resolves; the spell remembers it, and its filters "with that name"
    /// (`ObjectFilter::chosen_name`) read it (505.7, 508.2).
    NameCard {
        nonland: bool,
    },
    /// "Target player reveals their hand and discards all cards with that
    /// name." (Cabal Therapy; `all`) / "Target player reveals their hand.
    /// That player discards a card with that name. If they can't, you draw
    /// a card." (Brain Pry; `else_draw` 1): the hand is revealed, then the
    /// cards in it matching `filter` (all, or one) are discarded; if none
    /// was, the controller draws `else_draw` cards.
    RevealHandDiscard {
        who: PlayerRef,
        filter: ObjectFilter,
        all: bool,
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        else_draw: u8,
    },
    /// "Search target player's graveyard, hand, and library for all cards
    /// with that name and remove them from the game. That player then
    /// shuffles their library." (Cranial Extraction)
    RemoveAllFromGraveyardHandLibrary {
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// "Look at [player]'s hand." (Peek): the hand is revealed to the
    /// controller only.
    LookAtHand {
        who: PlayerRef,
    },
    /// "[Player] reveals the top card of their library." (Aven Windreader)
    RevealTop {
        who: PlayerRef,
    },
    /// "Put [card] into play [under your control]": a card in a graveyard
    /// (Doomed Necromancer, Beacon of Unrest).
    PutIntoPlay {
        what: ObjectRef,
        /// "return it to play flipped" (Homura, Human Ascendant): the
        /// permanent comes into play flipped (510.3: a spell or ability
        /// may say so).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        flipped: bool,
    },
    /// "Put target Aura card from a graveyard into play under your control
    /// attached to a [filter] you control." (Nomad Mythmaker): the
    /// permanent is chosen on resolution among those the Aura could
    /// enchant (212.4); with none, the card stays where it is.
    PutAuraIntoPlayAttached {
        what: ObjectRef,
        to: ObjectFilter,
    },
    /// 502.15: "Simultaneously, all phased-out [phase_in] phase in and all
    /// [phase_out] phase out." (Time and Tide): both sets are fixed first.
    PhaseInAndOut {
        phase_in: ObjectFilter,
        phase_out: ObjectFilter,
    },
    /// "Attach [Aura in play] to another [filter]" (Autumn-Tail, Kitsune
    /// Sage): the controller chooses, on resolution, a permanent other than
    /// the one it is attached to that the Aura could enchant (212.4); the
    /// Aura doesn't change zones.
    MoveAura {
        what: ObjectRef,
        to: ObjectFilter,
    },
    /// "[Player] may put a [filter] card from their hand into play."
    /// (Elvish Piper, Skyshroud Ranger, Hunted Wumpus)
    PutFromHand {
        who: PlayerRef,
        filter: ObjectFilter,
        /// "… attached to [this]" (Academy Researchers): an Aura that
        /// could enchant the object with the ability (212.4).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        attach_to_this: bool,
    },
    /// "Shuffle [this] into its owner's library." (the Beacons)
    ShuffleIntoLibrary {
        what: ObjectRef,
    },
    /// "[Player] shuffles their graveyard into their library." (Reminisce)
    ShuffleGraveyardIntoLibrary {
        who: PlayerRef,
    },
    /// "Put [object] on the bottom / top of its owner's library." (Condemn)
    PutOnLibrary {
        what: ObjectRef,
        bottom: bool,
    },
    /// "[Player] removes the top N cards of their library from the game"
    /// (modern "exiles"); with `repeat_if_same_name`, "If two or more of
    /// those cards have the same name, repeat this process." (Scalpelexis)
    RemoveTopCards {
        who: PlayerRef,
        amount: Amount,
        repeat_if_same_name: bool,
    },
    /// "[Player] puts the cards from their hand on top of their library.
    /// Search that player's library for that many cards. The player puts
    /// those cards into their hand, then shuffles." (Head Games): the
    /// controller searches; the cards found go to that player's hand.
    HandOnLibraryThenSearch {
        who: PlayerRef,
    },
    /// "Return to your hand all [filter] cards in your graveyard that were
    /// put there from play this turn." (No Rest for the Wicked)
    ReturnFromGraveyardThisTurn {
        filter: ObjectFilter,
    },
    /// "Return [this] from your graveyard to your hand" (402.8h: the
    /// ability functions only while the card is in the graveyard).
    ReturnSelfFromGraveyard,
    /// "Return all [filter] [player] owns to their hand." (Hurkyl's Recall)
    ReturnOwnedToHand {
        filter: ObjectFilter,
        owner: PlayerRef,
    },
    /// 508: "flip [it]": a flip permanent in play becomes flipped (510.1b);
    /// one way only (508.4), and only a permanent has status (510.5).
    Flip {
        what: ObjectRef,
    },
    /// 502.21b: "If this spell was kicked, [then]." and "… [then] instead."
    /// (`otherwise`: the instructions the kicked ones replace): the branch
    /// is chosen by whether the kicker cost (`which`, as in
    /// `Condition::Kicked`) was paid, and runs pausably.
    IfKicked {
        which: Option<u8>,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// "If [condition], [effects]." checked as this effect resolves
    /// ("… If you have nine or more cards in hand, flip Jushi Apprentice.").
    IfCondition {
        condition: Condition,
        effects: Vec<Effect>,
    },
    /// 503.1, 503.4: "[this] becomes a copy of [what]" while it stays in
    /// play; with `gains_this_ability` the copy also has the ability doing
    /// this (503.9, Dimir Doppelganger: "… except it has this ability").
    BecomeCopy {
        what: ObjectRef,
        gains_this_ability: bool,
        /// 503.9: "except it doesn't copy that creature's color": the
        /// permanent keeps the colour of its copiable values.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        keeps_color: bool,
    },
    /// 502.15: "[what] phases out" (Rainbow Efreet, Vanishing): out of play
    /// into the phased-out zone (217.8) until its controller's next untap step.
    PhaseOut {
        what: ObjectRef,
    },
    /// 502.15: "[what] phases out until [this] leaves play. Tap that
    /// creature as it phases in this way." (Oubliette): it doesn't phase
    /// in during its controller's untap step (302.1) but as the source
    /// leaves play, tapped if `tap`. Nothing happens if the source has
    /// already left play.
    PhaseOutUntilSourceLeaves {
        what: ObjectRef,
        tap: bool,
    },
    /// 502.15: "[player] chooses artifact, creature, land, or non-Aura
    /// enchantment. All nontoken permanents of that type phase out."
    /// (Teferi's Realm): the player chooses one of `options` as it
    /// resolves; every nontoken permanent matching it phases out.
    PhaseOutChosenKind {
        who: PlayerRef,
        options: Vec<ObjectFilter>,
    },
    /// "Until your next upkeep, [what] can't phase out." (Ertai's
    /// Familiar, Spatial Binding): neither by phasing (502.15b) nor by an
    /// effect, until the controller's next upkeep step begins.
    CantPhaseOutUntilYourNextUpkeep {
        what: ObjectRef,
    },
    /// "[effects] unless you pay [cost]" (502.19a echo, 502.13a cumulative
    /// upkeep, "sacrifice CARDNAME unless you pay {2}", "… unless you
    /// sacrifice a land"; "you may pay [cost]. If you do, [if_paid]. If you
    /// don't, [effects]."): on resolution the controller may pay the cost
    /// (its mana, life and sacrifice parts), else the
    /// effects happen. With `per_counter`, the cost is paid once for each
    /// counter of that kind on the source (502.13a: "for each age counter
    /// on it"); all of it or none (no partial payment).
    UnlessPays {
        /// Boxed: a `Cost` is large and this variant rare.
        cost: Box<Cost>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        per_counter: Option<CounterKind>,
        effects: Vec<Effect>,
        /// How many permanents matching `cost.sacrifice` the cost
        /// sacrifices ("unless you sacrifice two lands"; 502.13a: distinct
        /// ones, once per counter).
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        sacrifice_count: u8,
        /// "You may pay {3}. If you do, untap target permanent.": the
        /// effects that happen only if the cost was paid (after it is).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        if_paid: Vec<Effect>,
    },
    /// 502.20a (fading): "remove a [kind] counter from [what]. If you can't,
    /// [effects]."
    RemoveCounterElse {
        what: ObjectRef,
        kind: CounterKind,
        effects: Vec<Effect>,
    },
    /// 502.30a: "put a copy of [this spell] onto the stack for each other
    /// spell that was played before it this turn. If the spell has any
    /// targets, you may choose new targets for any of the copies." The
    /// count is taken as the ability triggers (the trigger's amount).
    StormCopies,
    /// 502.56a (ripple N): "reveal the top N cards of your library (all of
    /// them if fewer). You may play any of those cards with the same name
    /// as this spell without paying their mana costs, then put all revealed
    /// cards not played this way on the bottom of your library in any
    /// order." (The "you may reveal" is the ability's optional resolution.)
    Ripple(u8),
    /// 502.24a: "its owner may play it by paying [cost] rather than paying
    /// its mana cost. If that player doesn't, he or she puts this card into
    /// his or her graveyard." (played as the ability finishes resolving).
    PlayMadness,
    /// "Each player shuffles all permanents they own into their library,
    /// then reveals that many cards from the top of their library. Each
    /// player puts all artifact, creature, and land cards revealed this way
    /// into play, then does the same for enchantment cards, then puts all
    /// cards revealed this way that weren't put into play on the bottom of
    /// their library." (Warp World; 212.4j: each Aura's owner chooses what
    /// it enchants; 217.2d: each owner orders the cards on the bottom.)
    ShufflePermanentsAndRedeal,
    /// 502.54a: "move a [kind] counter from [from] onto [to]": nothing
    /// happens unless `from` has such a counter and `to` is in play.
    MoveCounter {
        from: ObjectRef,
        to: ObjectRef,
        kind: CounterKind,
    },
}

/// Where a card found in a library goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardDest {
    Hand,
    InPlay { tapped: bool },
}

/// What happens to the cards chosen from a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandChoice {
    /// "That player discards that card."
    Discard,
    /// "Put them on top of that player's library in any order."
    LibraryTop,
    /// "… and exile that card" (Castigate): removed from the game.
    RemoveFromGame,
}

/// Where a spell countered by a counter effect goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CounteredTo {
    /// Its owner's graveyard (414).
    #[default]
    Graveyard,
    /// Removed from the game (Dissipate).
    RemovedFromGame,
    /// Its owner's hand (Remand).
    Hand,
    /// On top of its owner's library (Memory Lapse).
    LibraryTop,
}

impl CounteredTo {
    pub fn is_graveyard(&self) -> bool {
        *self == CounteredTo::Graveyard
    }
}

/// Where damage goes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Recipient {
    /// A target object or player (by target index).
    Target(u8),
    /// An object.
    Object(ObjectRef),
    Player(PlayerRef),
    /// "each creature [filter] and each player".
    EachCreatureAndPlayer(ObjectFilter),
    /// Radiance: "target creature and each other creature that shares a
    /// color with it". The other creatures are those in play that share a
    /// colour with the target as the spell or ability resolves (419.7d).
    TargetAndEachSharingColor(u8),
}

/// A kind of counter (200.3: a counter is a marker placed on an object that
/// modifies its characteristics or interacts with a rule or ability). The
/// kinds the rules or several mechanisms read are variants; every other kind
/// named by a card ("verse", "petal", "page", …) is `Named`, an index into
/// [`NAMED_COUNTERS`]: open to any kind the card data uses, but typed and
/// checked as the cards are compiled (a name not in the list leaves the card
/// unsupported), so no string is compared at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CounterKind {
    PlusOnePlusOne,
    MinusOneMinusOne,
    /// Goblin Bomb's fuse counters.
    Fuse,
    /// Chance Encounter's luck counters.
    Luck,
    /// The ki counters of the Kamigawa flip cards (Callow Jushi, …).
    Ki,
    /// 502.13a: the age counters of cumulative upkeep.
    Age,
    /// 502.20a: the fade counters of fading.
    Fade,
    /// 502.60a, 502.59a: the time counters of vanishing and suspend.
    Time,
    /// The spore counters of the Thallids.
    Spore,
    /// Charge counters (502.37a: sunburst on a noncreature permanent).
    Charge,
    /// Any other kind: an index into [`NAMED_COUNTERS`].
    Named(NamedCounter),
}

/// A counter kind with no meaning to the rules beyond its name, as an index
/// into [`NAMED_COUNTERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NamedCounter(pub u8);

/// The names of the counter kinds the cards use that no mechanism of the
/// rules reads (they only count for the card that names them). Counters that
/// change power and toughness other than +1/+1 and -1/-1 are not here: they
/// need layer 6d (418.5a) and stay unsupported.
pub const NAMED_COUNTERS: &[&str] = &[
    "arrow",
    "arrowhead",
    "blood",
    "bounty",
    "carrion",
    "corpse",
    "credit",
    "cube",
    "currency",
    "death",
    "delay",
    "depletion",
    "devotion",
    "divinity",
    "doom",
    "dream",
    "echo",
    "elixir",
    "fate",
    "feather",
    "flood",
    "fungus",
    "glyph",
    "gold",
    "growth",
    "hatchling",
    "healing",
    "hourglass",
    "hunger",
    "ice",
    "infection",
    "intervention",
    "javelin",
    "magnet",
    "matrix",
    "mine",
    "mining",
    "mire",
    "music",
    "net",
    "omen",
    "ore",
    "page",
    "pain",
    "paralyzation",
    "petal",
    "pin",
    "plague",
    "polyp",
    "pressure",
    "pupa",
    "rust",
    "scream",
    "shell",
    "shield",
    "shred",
    "sleep",
    "sleight",
    "soot",
    "storage",
    "study",
    "theft",
    "tide",
    "training",
    "trap",
    "treasure",
    "velocity",
    "verse",
    "vitality",
    "vortex",
    "wage",
    "winch",
    "wind",
];

impl CounterKind {
    pub const ALL: [CounterKind; 10] = [
        CounterKind::PlusOnePlusOne,
        CounterKind::MinusOneMinusOne,
        CounterKind::Fuse,
        CounterKind::Luck,
        CounterKind::Ki,
        CounterKind::Age,
        CounterKind::Fade,
        CounterKind::Time,
        CounterKind::Spore,
        CounterKind::Charge,
    ];
    /// The kind by its name in card text ("+1/+1", "fuse", "verse", …);
    /// `None` for a name no card in the data uses as a counter kind.
    pub fn from_name(s: &str) -> Option<CounterKind> {
        Self::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .or_else(|| {
                NAMED_COUNTERS
                    .iter()
                    .position(|n| n.eq_ignore_ascii_case(s))
                    .map(|i| CounterKind::Named(NamedCounter(i as u8)))
            })
    }
    pub fn name(self) -> &'static str {
        match self {
            CounterKind::PlusOnePlusOne => "+1/+1",
            CounterKind::MinusOneMinusOne => "-1/-1",
            CounterKind::Fuse => "fuse",
            CounterKind::Luck => "luck",
            CounterKind::Ki => "ki",
            CounterKind::Age => "age",
            CounterKind::Fade => "fade",
            CounterKind::Time => "time",
            CounterKind::Spore => "spore",
            CounterKind::Charge => "charge",
            CounterKind::Named(NamedCounter(i)) => NAMED_COUNTERS.get(i as usize).unwrap_or(&"?"),
        }
    }
    /// The kinds other than +1/+1 and -1/-1 as one small number (1..), the
    /// key an object's counter slots are kept by; `None` for +1/+1 and -1/-1.
    pub fn slot_key(self) -> Option<u8> {
        Some(match self {
            CounterKind::PlusOnePlusOne | CounterKind::MinusOneMinusOne => return None,
            CounterKind::Fuse => 1,
            CounterKind::Luck => 2,
            CounterKind::Ki => 3,
            CounterKind::Age => 4,
            CounterKind::Fade => 5,
            CounterKind::Time => 6,
            CounterKind::Spore => 7,
            CounterKind::Charge => 8,
            CounterKind::Named(NamedCounter(i)) => 9 + i,
        })
    }
}

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
    /// 502.24a: "Madness [cost]": a card discarded may be removed from the
    /// game instead of put into the graveyard; then (a triggered ability
    /// among the face's abilities, `Trigger::MadnessRemoved`) its owner
    /// may play it by paying this cost rather than its mana cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub madness: Option<Cost>,
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
    pub cost: Cost,
}

/// One mode of a modal spell.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpellMode {
    pub targets: Vec<TargetSpec>,
    pub effects: Vec<Effect>,
}

impl SpellAbility {
    /// The targets of the spell in mode `mode` (ignored for a spell without modes).
    pub fn targets_for(&self, mode: Option<u8>) -> &[TargetSpec] {
        match (self.modes.is_empty(), mode) {
            (true, _) => &self.targets,
            (false, Some(m)) => self.modes.get(m as usize).map_or(&[][..], |x| &x.targets),
            (false, None) => &[],
        }
    }
    /// The effects of the spell in mode `mode`.
    pub fn effects_for(&self, mode: Option<u8>) -> &[Effect] {
        match (self.modes.is_empty(), mode) {
            (true, _) => &self.effects,
            (false, Some(m)) => self.modes.get(m as usize).map_or(&[][..], |x| &x.effects),
            (false, None) => &[],
        }
    }
}

fn no_types(t: &TypeSet) -> bool {
    t.is_empty()
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Effect {
    /// 409.1e: the amount this effect divides among the targets from the
    /// returned index on, announced as it is played.
    pub fn divided(&self) -> Option<(&Amount, u8)> {
        match self {
            Effect::DealDamageDivided { amount, from }
            | Effect::PreventDamageDivided { amount, from }
            | Effect::PutCountersDivided { amount, from, .. } => Some((amount, *from)),
            _ => None,
        }
    }
}

/// 409.1e: the first effect of a list that divides an amount among targets.
pub fn divided_effect(effects: &[Effect]) -> Option<(&Amount, u8)> {
    effects.iter().find_map(Effect::divided)
}
