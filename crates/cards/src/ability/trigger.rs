//! Triggered abilities (404): the trigger events (404.1), state triggers
//! (410.11), whose event it is, and the conditions of intervening "if"
//! clauses (404.3) and of conditional effects.

use super::*;
use crate::{Keyword, Step};
use serde::{Deserialize, Serialize};

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
    /// 409.1b, 410.4: "…, choose one —": the modes of a modal triggered
    /// ability, one chosen as it is put on the stack (Timebender); when
    /// present, `targets` and `effects` are empty and the chosen mode's
    /// are used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<SpellMode>,
    /// "that creature's controller may draw a card" (Fecundity), "its
    /// controller may …" (Synapse Sliver): an optional ability whose
    /// "may" another player than its controller chooses (410.5) as it
    /// resolves; `None`: the controller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooser: Option<PlayerRef>,
}

impl TriggeredAbility {
    /// The targets of the ability in mode `mode` (ignored without modes;
    /// none before a mode is chosen).
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
    /// Every effect list of the ability: its effects, then each mode's.
    pub fn effect_lists(&self) -> impl Iterator<Item = &[Effect]> {
        std::iter::once(&self.effects[..]).chain(self.modes.iter().map(|m| &m.effects[..]))
    }
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
    /// "only if you've played another spell this turn" (Skyshroud Condor):
    /// the player played at least this many spells this turn (judged
    /// before the spell being played counts, 409.1).
    SpellsPlayedThisTurn { who: PlayerRef, at_least: u32 },
    /// "If you do" after "put a [filter] card from your hand into play"
    /// (Dermoplasm): a card was put into play by the instruction before.
    /// Judged only as the effect resolves.
    PutFromHand,
    /// "If you do" after an instruction that may not happen ("you may
    /// exile it. If you do, …", Academy Rector; "remove a +1/+1 counter
    /// from it. If you do, …", Clockwork Hydra): the instruction before did
    /// something (it emitted an event or asked for a choice). Judged only
    /// as the effect resolves.
    YouDid,
    /// "if no cards are in that graveyard" (Nezumi Graverobber): the
    /// graveyard of `who` is empty.
    NoCardsInGraveyard { who: PlayerRef },
    /// "if you control N or more [filter]" (Orochi Eggwatcher, Budoka Gardener);
    /// the filter's controller is the ability's controller.
    ControlsAtLeast { filter: ObjectFilter, at_least: u32 },
    /// "if you didn't play it from your hand" (Phage the Untouchable): the
    /// permanent didn't come into play as a spell played from the hand.
    NotPlayedFromHand,
    /// "if you played it from your hand" (Coal Stoker, Reiver Demon): the
    /// permanent came into play as a spell played from the hand.
    PlayedFromHand,
    /// "if [this] is untapped" (Howling Mine).
    ThisUntapped,
    /// "If you played this spell during your main phase, … instead"
    /// (Sulfurous Blast, Haunting Hymn, Might of Old Krosa): the spell was
    /// played by its controller during their own main phase (409.1).
    PlayedDuringMainPhase,
    /// "as long as black is the most common color among all permanents or
    /// is tied for most common" (Goham Djinn): the colours of the
    /// permanents in play, each counted once per colour it has.
    MostCommonColor(crate::Color),
    /// 402.8h, 404.3: "if [this] is in your graveyard" (Ghastly Remains):
    /// the ability's source is still the card in its owner's graveyard;
    /// with at least `creatures_above` creature cards above it ("with
    /// three or more creature cards above it", Nether Shadow), or, if
    /// `directly`, a creature card directly above it (Krovikan Horror).
    ThisInYourGraveyard {
        creatures_above: u32,
        directly: bool,
    },
    /// "Sacrifice [this]. If you do, …" (Knowledge Vault): the controller
    /// of the ability controls its source in play, so the sacrifice can
    /// happen (checked before it, as the instructions resolve).
    YouControlThis,
    /// "if that player has N or fewer cards in hand" (Lavaborn Muse): the
    /// player of the trigger event.
    TriggeringPlayerHandAtMost(u32),
    /// "if N or more [filter] cards are in your graveyard" (Mortal Combat).
    YourGraveyardHas { filter: ObjectFilter, at_least: u32 },
    /// "if there are ten or more creature cards total in all graveyards"
    /// (Avatar of Woe).
    AllGraveyardsHave { filter: ObjectFilter, at_least: u32 },
    /// 502.19a (echo): "if this permanent came under your control since the
    /// beginning of your last upkeep".
    ControlledSinceLastUpkeep,
    /// 502.21: "if [it / this spell] was kicked" (`which: None`: any kicker
    /// cost was paid), "if it was kicked with its [A]/[B] kicker"
    /// (502.21d: `Some(0)` the first kicker cost listed, `Some(1)` the
    /// second); `paid: false` is "if it wasn't kicked".
    Kicked { which: Option<u8>, paid: bool },
    /// 406: "if {U} was spent to play it / this spell" (Ogre Savant,
    /// Rolling Spoil), "unless {G} was spent to play it" (Plaxmanta): mana
    /// of that colour paid part of the spell's total cost; kept with the
    /// permanent it became.
    ManaSpent(crate::Color),
    /// 406: "if no mana was spent to play it" (Nix): the object, a spell,
    /// had no mana of any kind spent on its total cost. Judged only as the
    /// effect resolves.
    NoManaSpent(ObjectRef),
    /// "if you have three or fewer cards in hand" (Scalding Tongs).
    CardsInHandAtMost { who: PlayerRef, at_most: u32 },
    /// "if you control a red permanent and a green permanent" (the
    /// Sanctuaries): both hold. Judged as the ability triggers or resolves,
    /// not by the layer system.
    Both(Box<Condition>, Box<Condition>),
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
    /// "if you have 50 or more life" (Test of Endurance; 606.9a: an
    /// individual life total).
    LifeAtLeast { who: PlayerRef, at_least: i32 },
    /// "if [this] is tapped" (the storage lands).
    ThisTapped,
    /// "as long as [this] is enchanted / equipped" (Thran Golem, Auriok
    /// Glaivemaster): an Aura (`equipped`: an Equipment) is attached to
    /// it, judged by the printed subtypes of what is attached (a status
    /// of the permanent, 212.4, 212.2h).
    ThisAttachedBy { equipment: bool },
    /// "as long as [this] is attacking / blocking" (Purraj of Urborg):
    /// its combat status (306).
    ThisInCombat { attacking: bool },
    /// "as long as it's white / a Zombie" (Favorable Destiny, Clutch of
    /// Undeath), "as long as it's a Wall" (Mistform Wall): the source
    /// (`attached`: the object it is attached to) matches the filter, on
    /// the characteristics computed so far as the effect begins to apply
    /// (418.5b, like the counts of `ControlsAtLeast`).
    Matches {
        attached: bool,
        filter: Box<ObjectFilter>,
    },
    /// "Enchanted creature has shroud as long as it's untapped." (Spectral
    /// Cloak): the condition judged for the object the source is attached
    /// to (none: it doesn't hold).
    OfAttached(Box<Condition>),
    /// "if [this] is an enchantment" (Lurking Jackals, the Opals): the
    /// source's computed card types include it.
    ThisIs(crate::CardType),
    /// "as long as it's attacking alone" (Dream Prowler): it is the only
    /// attacking creature (306.4, as "attacks alone" reads it).
    AttackingAlone,
    /// "if it has the same name as that card" (Jester's Scepter): the
    /// first target has a name of the card put into a graveyard for the
    /// ability's cost (`ObjectRef::Sacrificed`; 505.6: a split card has
    /// both halves' names). Judged only as the effect resolves.
    TargetSharesNameWithPaid,
    /// "Counter target spell if it's red." (Hydroblast, Pyroblast): the
    /// object matches the filter as the instruction is reached (its
    /// computed characteristics; only on resolution).
    /// "if it wasn't the first land you played this turn" (Fastbond):
    /// the controller has played two or more lands this turn.
    NotFirstLandThisTurn,
    /// "if there are no arrowhead counters on [this]" (Serrated Arrows,
    /// Gemstone Mine).
    NoCountersOnThis(CounterKind),
    /// "if you've controlled [this] continuously since the beginning of
    /// your most recent turn" (Rocket Launcher): the permanent has no
    /// summoning sickness (212.3f's test, whatever its types).
    ControlledSinceYourTurnBegan,
    ObjectIs {
        what: crate::ObjectRef,
        filter: Box<ObjectFilter>,
    },
    /// "If that land was nonbasic / legendary / a snow land" (Molten Rain,
    /// Feast of Worms, Icequake): the object has (`is`) or lacks the
    /// supertype, as it is in play or as it last existed there (413.2f).
    /// Judged only as the instruction is reached.
    WasSupertype {
        what: crate::ObjectRef,
        supertype: crate::Supertype,
        is: bool,
    },
    /// "as long as it's not your turn" (Vibrating Sphere): the condition
    /// doesn't hold.
    Not(Box<Condition>),
    /// "If CARDNAME deals damage to you this way" (Mishra's War Machine):
    /// the instructions of this resolution before it dealt damage (after
    /// prevention; `Amount::DamageDealtThisWay` above 0). Only on
    /// resolution.
    DealtDamageThisWay,
    /// "if an opponent controls more lands than you" (Land Tax), "if a
    /// player has more life than each other player" (Ghazbán Ogre), "if
    /// that player controls more lands than each other player" (Rivalry),
    /// "if you have more cards in hand than each opponent": some player of
    /// `who` has more of `quantity` than every player `than` names.
    Exceeds {
        who: PlayerRef,
        quantity: PlayerQuantity,
        than: Compared,
    },
    /// What the source did this turn: "if CARDNAME didn't attack this
    /// turn" (Erg Raiders), "if CARDNAME dealt damage to an opponent this
    /// turn" (Whirling Dervish), "unless it came under your control this
    /// turn"; `did: false` is the negation.
    ThisTurn { fact: ThisTurnFact, did: bool },
    /// What an object the instruction names did this turn: "Destroy it at
    /// the beginning of the next end step if it didn't attack this turn."
    /// (Nettling Imp: "it" is the ability's target, remembered by the
    /// delayed ability, 404.4). Judged only as the instruction is reached.
    ObjectThisTurn {
        what: ObjectRef,
        fact: ThisTurnFact,
        did: bool,
    },
    /// "If this ability has been played N or more times this turn"
    /// (Dragon Whelp, Farrelite Priest): the activations this turn of the
    /// activated or mana ability whose instruction this is, counted as each
    /// activation is paid for (409.1i), the one resolving included. Judged
    /// only as the instruction is reached.
    ThisAbilityActivated { at_least: u32 },
    /// "if an opponent controls seven or more lands" (Avatar of Fury),
    /// "… two or more creatures" (Walking Dream): some one opponent of the
    /// ability's controller has at least that much (in a multiplayer game
    /// each opponent is counted alone, not all of them together).
    AnOpponentHasAtLeast {
        quantity: PlayerQuantity,
        at_least: u32,
    },
    /// "if an opponent was dealt damage this turn" (War Elemental, Skarrgan
    /// Firebird; 502.50a bloodthirst's condition): some opponent of the
    /// ability's controller was dealt damage this turn.
    OpponentDealtDamageThisTurn,
}

/// Something a permanent did or underwent this turn (`Condition::ThisTurn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThisTurnFact {
    /// It was declared as an attacker (308).
    Attacked,
    /// It dealt damage to an opponent of its controller.
    DealtDamageToOpponent,
    /// It came under its controller's control this turn (212.3f: the
    /// controller hasn't controlled it continuously since their most
    /// recent turn began).
    CameUnderControl,
    /// "if CARDNAME attacked or blocked this combat" (Clockwork Beast): it
    /// was declared as an attacker (308.2) or a blocker (309.2) in this
    /// combat phase, even if it was removed from combat since (306.2).
    AttackedOrBlockedThisCombat,
    /// "if it attacked during your last turn" (Goblin Rock Sled): it was
    /// declared as an attacker (308.2) during its controller's most recent
    /// turn before this one, under that player's control since.
    AttackedYourLastTurn,
    /// "if CARDNAME was dealt damage this turn" (Wall of Resistance): any
    /// damage dealt to it this turn, even if since removed (501.5).
    WasDealtDamage,
}

/// What players are compared by (404.3 conditions, "the player with the
/// most life").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerQuantity {
    /// The life total (606.9a: an individual life total).
    Life,
    CardsInHand,
    /// The permanents the player controls matching the filter ("lands",
    /// "creatures", "Wizards").
    Permanents(Box<ObjectFilter>),
}

/// The players a `Condition::Exceeds` compares with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Compared {
    /// "than you": the ability's controller.
    You,
    /// "than each other player": every player but the one compared.
    EachOther,
    /// "than each opponent": each opponent of the player compared.
    EachOpponent,
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
                | Condition::CardsInHandAtMost { .. }
                | Condition::CardsInHandMatching { .. }
                | Condition::NoCardsInHand { .. }
                | Condition::YourGraveyardHas { .. }
                | Condition::AllGraveyardsHave { .. }
                | Condition::YourTurn
                | Condition::OpponentDealtDamageThisTurn
                // "as long as you have more cards in hand than each
                // opponent" (Secretkeeper): hand sizes and life totals.
                | Condition::Exceeds {
                    quantity: PlayerQuantity::CardsInHand | PlayerQuantity::Life,
                    ..
                }
        ) || matches!(self, Condition::Not(c) if c.reads_no_characteristics())
    }

    /// Can the layer system judge it for "as long as [condition]" (405,
    /// 418.5)? A condition that reads no characteristics; the source's
    /// tapped status (510.1, Giant Tortoise); or how many permanents match
    /// a filter (Kird Ape: "as long as you control a Forest"), counted on
    /// the characteristics computed so far as the effect begins to apply
    /// (418.5b: in its first layer, after the control, type and colour
    /// layers when it changes power and toughness).
    pub fn judged_in_layers(&self) -> bool {
        self.reads_no_characteristics()
            || matches!(self, Condition::OfAttached(c) if c.judged_in_layers())
            || matches!(
                self,
                Condition::ThisUntapped
                    | Condition::ThisTapped
                    | Condition::ThisAttachedBy { .. }
                    | Condition::ThisInCombat { .. }
                    | Condition::AttackingAlone
                    // Counters are status on the permanent, not
                    // characteristics (Roc Hatchling).
                    | Condition::NoCountersOnThis(_)
                    | Condition::CountersOnThis { .. }
                    | Condition::ControlsAtLeast { .. }
                    | Condition::Matches { .. }
                    | Condition::Permanents {
                        controlled_by: None,
                        ..
                    }
                    | Condition::MostCommonColor(_)
            )
    }

    /// Is it about the ability's own source ("as long as CARDNAME is
    /// untapped", "… has no shell counters on it"), so that a following
    /// "it" names the source?
    pub fn about_this(&self) -> bool {
        matches!(
            self,
            Condition::ThisUntapped
                | Condition::ThisTapped
                | Condition::ThisAttachedBy { .. }
                | Condition::ThisInCombat { .. }
                | Condition::NoCountersOnThis(_)
                | Condition::CountersOnThis { .. }
                | Condition::ThisIs(_)
                | Condition::Matches {
                    attached: false,
                    ..
                }
        )
    }

    /// Does judging it read the characteristics of permanents (a count of
    /// permanents matching a filter)?
    pub fn counts_permanents(&self) -> bool {
        matches!(
            self,
            Condition::ControlsAtLeast { .. }
                | Condition::Permanents { .. }
                | Condition::MostCommonColor(_)
                | Condition::Matches { .. }
                | Condition::AnOpponentHasAtLeast {
                    quantity: PlayerQuantity::Permanents(_),
                    ..
                }
        ) || matches!(self, Condition::Not(c) if c.counts_permanents())
    }
}

/// The event that triggers a triggered ability (404.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Trigger {
    /// "When [this] comes into play" (404.4a) or "Whenever a [filter] comes into play".
    ComesIntoPlay(ObjectFilter),
    /// "When [this] is put into a graveyard from play" (dies); a leaves-play trigger (404.4c).
    PutIntoGraveyardFromPlay(ObjectFilter),
    /// "Whenever a creature is put into your graveyard from play" (Field
    /// of Souls), "… an opponent's graveyard …" (Grim Feast), "… a
    /// player's graveyard …" (Liability): as `PutIntoGraveyardFromPlay`,
    /// for cards whose owner (whose graveyard it is) is that player;
    /// "that card" is the card, "that player" its owner.
    PutIntoGraveyardOfFromPlay(ObjectFilter, Whose),
    /// "Whenever a spell or ability an opponent controls causes a land to
    /// be put into your graveyard from play" (Sacred Ground): as
    /// `PutIntoGraveyardOfFromPlay(_, Whose::You)`, only while a spell or
    /// ability an opponent controls resolves (the cause); "that card" is
    /// the card in the graveyard.
    PutIntoYourGraveyardByOpponent(ObjectFilter),
    /// "At the beginning of [whose] [step]".
    BeginningOf {
        step: Step,
        whose: Whose,
    },
    /// "Whenever [this] attacks".
    Attacks,
    /// "Whenever [this] attacks alone" (Reckless Ogre): it is the only
    /// creature declared as an attacker (306.4).
    AttacksAlone,
    /// "Whenever a [filter] attacks" (Teferi's Veil: "a creature you
    /// control"): any permanent's, once per attacker; the attacker is the
    /// triggering object.
    CreatureAttacks(ObjectFilter),
    /// "Whenever [this] blocks one or more black creatures" (Rashka the
    /// Slayer): once, as blockers are declared, if any attacker it blocks
    /// matches (410.9e).
    BlocksOneOrMore(ObjectFilter),
    /// "Whenever [this] becomes blocked by one or more Orcs" (Dwarven
    /// Soldier): once, as blockers are declared, if any of its blockers
    /// matches (410.9e).
    BlockedByOneOrMore(ObjectFilter),
    /// "Whenever a [filter] becomes blocked" (Berserk Murlodont): any
    /// permanent's, once per attacker as it becomes blocked (309.4), the
    /// attacker being the triggering object.
    CreatureBecomesBlocked(ObjectFilter),
    /// "Whenever a [filter] blocks" (Battle Strain, Noble Stand): any
    /// permanent's, once per blocker (309.2, 410.9d), the blocker being the
    /// triggering object.
    CreatureBlocks(ObjectFilter),
    /// "Whenever [this] attacks and isn't blocked" (Ophidian, Guiltfeeder):
    /// it becomes an unblocked attacking creature as blockers are declared
    /// (309.2f; the glossary's "attacks and isn't blocked").
    AttacksUnblocked,
    /// "Whenever enchanted creature attacks and isn't blocked" (Cloak of
    /// Confusion).
    AttachedAttacksUnblocked,
    /// "Whenever [this] blocks".
    Blocks,
    /// "Whenever [this] becomes blocked".
    BecomesBlocked,
    /// "Whenever [this] blocks a [filter]" (Woolly Spider: a creature with
    /// flying; Cockatrice: "blocks or becomes blocked by a non-Wall
    /// creature"): once per attacker it blocks that matches; "that
    /// creature" is the attacker.
    BlocksA(ObjectFilter),
    /// "Whenever a [filter] blocks [this]" (one trigger per blocker; 502.3 flanking).
    BlockedBy(ObjectFilter),
    /// "Whenever [this] deals (combat) damage to a player/an opponent".
    DealsDamageToPlayer {
        combat_only: bool,
        opponent_only: bool,
    },
    /// "Whenever [this] deals combat damage" (Drinker of Sorrow, Sunhome
    /// Enforcer): once for all the combat damage it deals at once (310.4,
    /// the Drinker's ruling); "that much" is that damage in all.
    DealsCombatDamage,
    /// "Whenever equipped creature deals combat damage" (Umezawa's
    /// Jitte): as `DealsCombatDamage`, for the permanent it's attached to.
    AttachedDealsCombatDamage,
    /// "Whenever a creature you control deals combat damage" (Noble
    /// Purpose): as `DealsCombatDamage`, once for each creature matching
    /// the filter; "that much" is the damage it dealt.
    CreatureDealsCombatDamage(ObjectFilter),
    /// "Whenever a Sliver deals combat damage to a creature" (Toxin
    /// Sliver): once per creature dealt combat damage by a permanent
    /// matching the filter; "that creature" is the creature dealt damage.
    CreatureDealsCombatDamageToCreature(ObjectFilter),
    /// "Whenever [this] deals damage (to a creature)": 502.63a deathtouch and
    /// 502.68a lifelink are such triggered abilities in the 2007 rules.
    DealsDamage {
        to_creature_only: bool,
    },
    /// "Whenever [this] becomes the target of a spell or ability"
    /// (Skulking Ghost), "… of an Aura spell" (Fugitive Druid), "… of a
    /// spell or ability an opponent controls" (Mossdog): as a spell or
    /// ability with it as a target is played or put on the stack (409.1c,
    /// 410.4), or a spell or ability's target is changed to it (415.7).
    /// The triggering player is the controller of that spell or ability.
    BecomesTarget {
        spells_only: bool,
        aura_spells: bool,
        opponents: bool,
        /// "… for the first time each turn" (the Glasskites, Kira's
        /// creatures): only as it becomes a target the first time this turn.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        first_each_turn: bool,
    },
    /// "Whenever a [filter] becomes the target of a spell or ability [an
    /// opponent controls]" (Cowardice, Horobi, Daru Spiritualist, Cloud
    /// Cover); `filter` `None`: "Whenever enchanted creature becomes the
    /// target of a spell or ability" (Sleeping Potion, Spinal Graft,
    /// Fractured Loyalty). Once for each permanent targeted (409.1c,
    /// 410.4, 415.7); "that creature" is that permanent, "that spell or
    /// ability's controller" the targeting player.
    PermanentBecomesTarget {
        filter: Option<ObjectFilter>,
        opponents: bool,
    },
    /// "Whenever [player] plays a [filter] spell".
    SpellPlayed {
        by: Whose,
        filter: ObjectFilter,
    },
    /// 402.8h: "Whenever you play a multicolored spell, you may return
    /// CARDNAME from your graveyard to your hand." (the Dissension
    /// Eidolons): as `SpellPlayed`, of a card in its owner's graveyard; the
    /// ability functions only there.
    SpellPlayedFromGraveyard {
        by: Whose,
        filter: ObjectFilter,
    },
    /// 511.1: "Whenever you win a coin flip" (Chance Encounter).
    WinsCoinFlip,
    /// "Whenever you / an opponent / a player play(s) a land" (Fastbond,
    /// Dirtcowl Wurm, Horn of Greed): a land played as the special action
    /// of 408.2d, not one put into play by an effect; "that player" is the
    /// player who played it.
    PlaysLand(Whose),
    /// 410.11: a state trigger: it triggers as soon as the game state
    /// matches, and not again while its ability is pending or on the stack.
    State(StateTrigger),
    /// "Whenever the Nth spell of a turn is played" (Erayo): counted over
    /// all players (`Player::spells_this_turn`).
    NthSpellOfTurn(u32),
    /// "Whenever [player] plays their first spell each turn" (Erayo's Essence).
    FirstSpellEachTurn {
        by: Whose,
    },
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
    /// "When you lose control of [this]" (Duplicity, Gustha's Scepter):
    /// its controller changes (418.5a layer 2); compiled with
    /// `LeavesPlay`, since leaving play also loses control of it.
    ControlLost,
    /// "Whenever [this] deals combat damage to a creature" (Phage the
    /// Untouchable); "that creature" is the creature dealt damage.
    DealsCombatDamageToCreature,
    /// "Whenever [this] is dealt damage" (Thrashing Mudspawn): once per
    /// damage event; "that much" is the damage dealt.
    IsDealtDamage,
    /// "Whenever [this] is dealt combat damage" (Wall of Essence): as
    /// `IsDealtDamage`, combat damage only (310).
    IsDealtCombatDamage,
    /// "Whenever one or more creatures block" (Tide of War): once as
    /// blockers have been declared (309), if any were.
    CreaturesBlock,
    /// "Whenever one or more creatures attack you" (Orim's Prayer): once
    /// as attackers have been declared (308), if any attack the
    /// controller (606.7a: or the controller's team).
    CreaturesAttackYou,
    /// "Whenever [player] draws a card" (Underworld Dreams): once per card
    /// drawn (423.1); "that player" is the drawing player.
    Draws(Whose),
    /// "Whenever [player] discards a card" (Megrim): once per card
    /// discarded (217.4a).
    Discards(Whose),
    /// "Whenever a player taps a land for mana" (Manabarbs): the land's
    /// mana ability was played (406) with {T} in its cost.
    TapsLandForMana(Whose),
    /// "Whenever you lose life" (Transcendence): any loss of life of the
    /// controller (damage, mana burn, an effect); "that much" / "1 life you
    /// lost" is the amount (606.9: a Two-Headed Giant player's own loss).
    LosesLife,
    /// "Whenever you gain life" (Ageless Entity): each gain of life of the
    /// controller; "that many" is the life gained.
    GainsLife,
    /// "Whenever an opponent gains life" (Kavu Predator): each gain of life
    /// of an opponent of the controller; "that many" is the life gained.
    OpponentGainsLife,
    /// "Whenever enchanted creature attacks" (an Aura's ability).
    AttachedAttacks,
    /// "Whenever enchanted creature blocks".
    AttachedBlocks,
    /// "Whenever enchanted creature is dealt damage" (Soul Link, Binding
    /// Agony): once per damage event; "that much" is the damage dealt.
    AttachedIsDealtDamage,
    /// "Whenever a [filter] is dealt damage" (Repercussion: a creature;
    /// Rite of Passage: a creature you control): "it" / "that creature" is
    /// the permanent dealt damage, "that much" the damage.
    PermanentIsDealtDamage(ObjectFilter),
    /// "Whenever you're dealt damage" (Living Artifact, Sun Droplet): "that
    /// much" is the damage.
    YouAreDealtDamage,
    /// "Whenever an opponent is dealt damage" (War Elemental): "that much"
    /// is the damage, "that player" the opponent.
    OpponentIsDealtDamage,
    /// "Whenever [enchanted creature / a creature you control] deals
    /// [combat] damage to [you / an opponent / a player]" (Backfire,
    /// Curiosity, Larceny, No Mercy): "that player" is the player dealt
    /// damage (`to`: the player the ability watches, relative to its
    /// controller), "it" the creature that dealt it, "that much" the damage.
    CreatureDealsDamageToPlayer {
        dealer: Dealer,
        combat_only: bool,
        to: Whose,
    },
    /// "When enchanted creature is put into a graveyard from play"
    /// (Creature Bond, Bequeathal): the permanent the source is attached
    /// to; "that creature" / "that card" is the card in the graveyard, "its
    /// controller" the player who controlled it (404.4c looks back in time).
    AttachedDies,
    /// "Whenever enchanted creature blocks or becomes blocked by a
    /// [filter]" (Mammoth Harness: a creature; Venom: a non-Wall
    /// creature): once per creature matching the filter it blocks
    /// (`AttachedBlocksCreature`) or that blocks it
    /// (`AttachedBlockedByCreature`); "the other creature" is that one.
    AttachedBlocksCreature(ObjectFilter),
    AttachedBlockedByCreature(ObjectFilter),
    /// "Whenever fortified land becomes tapped" (Darksteel Garrison): the
    /// permanent the source is attached to becomes tapped, for any reason.
    AttachedBecomesTapped,
    /// "Whenever [this] becomes tapped" (City of Brass: `ObjectFilter::this`),
    /// "Whenever a Forest an opponent controls becomes tapped" (Lifetap): a
    /// permanent matching the filter becomes tapped, for any reason (for
    /// mana, as a cost, by an effect, attacking); "it" is that permanent.
    BecomesTapped(ObjectFilter),
    /// "Whenever enchanted creature becomes blocked" (Pretender's Claim):
    /// once, as it becomes blocked (309.4).
    AttachedBecomesBlocked,
    /// "Whenever enchanted creature deals damage" (Spirit Link): "that much"
    /// is the damage dealt.
    AttachedDealsDamage,
    /// "Whenever equipped / enchanted creature deals damage to a
    /// creature" (Sword of Kaldra, Venomous Fangs): once per creature dealt
    /// damage; "that creature" / "the other creature" is that creature.
    AttachedDealsDamageToCreature,
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
    BeginningOfFromGraveyard {
        step: Step,
        whose: Whose,
    },
    /// 502.55a (recover): "When a creature is put into your graveyard from
    /// play" of a card in that graveyard (the ability functions only there).
    CreatureToYourGraveyard,
    /// "When a creature with converted mana cost 6 or greater comes into
    /// play, you may return CARDNAME from your graveyard to play attached
    /// to that creature." (the Dragon Auras of Scourge): a comes-into-play
    /// trigger of a card in its owner's graveyard (402.8h: the ability
    /// functions only there); "that creature" is the permanent.
    ComesIntoPlayFromGraveyard(ObjectFilter),
    /// "Whenever a black card is put into an opponent's graveyard from
    /// anywhere" (Compost), "Whenever another card is put into a graveyard
    /// from anywhere" (Planar Void), "… into your graveyard from your
    /// library" (Pedantic Learning, `from_library`): a card (not a token,
    /// 216.1) going to its owner's graveyard (217.3); "that card" is the
    /// card there, "that player" its owner.
    CardPutIntoGraveyard {
        filter: ObjectFilter,
        whose: Whose,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_library: bool,
    },
    /// "When [this] is put into your hand from your graveyard" (Golgari
    /// Brownscale): the card's ability triggers from its new zone, the
    /// hand, whatever moved it there (dredge, 502.47a, or an effect).
    PutIntoHandFromGraveyard,
    /// "When [this] is put into your graveyard from your library" (Gaea's
    /// Blessing, Narcomoeba): the card's ability triggers from its new
    /// zone, the graveyard, whatever moved it there (a mill, a discard
    /// from the library, an effect); "it" is the card there.
    PutIntoGraveyardFromLibrary,
    /// 502.24a: "When this card is removed from the game this way [by its
    /// madness ability]": put on the stack by the discard itself
    /// (`rules/src/mechanics/madness.rs`), never looked for in events.
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
    /// 502.51a: "When this spell is put into a graveyard during its
    /// resolution" (haunt on an instant or sorcery): the card's ability,
    /// triggered as it goes to the graveyard at 413.2i.
    ResolvedIntoGraveyard,
    /// 502.51b–c: "When the creature [this] haunts is put into a graveyard
    /// from play": an ability of a card in the removed-from-the-game zone
    /// haunting that creature.
    HauntedDies,
    /// 502.52a: "When you play this spell, if a replicate cost was paid
    /// for it": triggered by the spell's own 409.1i, with the number of
    /// payments as its amount (it doesn't trigger with none, 404.3).
    Replicated,
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
    /// "When you control no Islands" (Slipstream Serpent): no permanent of
    /// the controller has the subtype.
    ControlsNo(crate::Subtype),
    /// "When you have N or less life" (Opal Avenger; 606.9a: an individual
    /// life total).
    LifeAtMost(i32),
    /// "When an opponent has N or less life" (Lurking Jackals, 606.9a's
    /// example): some opponent's individual life total is N or less.
    OpponentLifeAtMost(i32),
    /// "When there are N or more [kind] counters on [this]" (Force Bubble).
    CountersOnThisAtLeast(CounterKind, u32),
    /// "When you control no artifacts," (Covetous Dragon), "When you
    /// control a creature with toughness 2 or less," (Endangered Armodon):
    /// the state is the ability's own condition (`TriggeredAbility::condition`,
    /// a condition of the "If …" grammar judged continuously).
    Condition,
}

/// The creature a `Trigger::CreatureDealsDamageToPlayer` watches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Dealer {
    /// The permanent the source is attached to ("enchanted creature").
    Attached,
    /// Any permanent matching the filter ("a creature you control").
    Matching(ObjectFilter),
}

/// Whose turn or which player a trigger watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Whose {
    You,
    Opponent,
    Each,
    /// The opponent chosen as the permanent came into play (419.1b: "At the
    /// beginning of the chosen player's upkeep", Black Vise); only in
    /// `Trigger::BeginningOf`.
    Chosen,
}
