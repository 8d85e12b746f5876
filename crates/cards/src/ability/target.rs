//! Targets (415) and references: the target requirements of a spell or
//! ability (415.1), the player and object filters they use, and the
//! references to objects and players that effects name.

use super::*;
use crate::{CardType, ColorSet, Keyword, Subtype, Supertype, TypeSet};
use serde::{Deserialize, Serialize};

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
    /// "… target creature or player of an opponent's choice" (Cuombajj
    /// Witches): an opponent the controller chooses picks this target
    /// (601.5a: within both their ranges of influence).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent_chooses: bool,
    /// "target opponent who had more life than you did as you activated
    /// this ability" (Keeper of the Flame): a player with at least `by`
    /// more of the quantity than the controller, judged as the target is
    /// chosen only (the wording fixes that moment; 413.2a checks the rest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub more_than_you: Option<Box<MoreThanYou>>,
}

/// `TargetSpec::more_than_you`: how much more of what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoreThanYou {
    pub quantity: PlayerQuantity,
    pub by: u32,
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
            opponent_chooses: false,
            more_than_you: None,
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
    /// "target spell or permanent" (Illusion): a spell on the stack or a
    /// permanent in play.
    SpellOrPermanent,
    /// "target spell or ability [with a single target]" (Willbender): a
    /// spell, or an activated or triggered ability, on the stack (the
    /// filter's `single_target` applies to both).
    SpellOrAbility(ObjectFilter),
    /// "target activated ability [from an artifact source] [with a single
    /// target]" (Stifle's kin, Rust, Interdict, Reroute): an activated
    /// ability on the stack (not a mana ability, which never uses it,
    /// 406.1), whose source matches the filter's types (`types_any`; the
    /// source as it last existed if it has left play, 413.2f) and, with
    /// `single_target`, which has exactly one target (415.7).
    ActivatedAbility(ObjectFilter),
    /// "target permanent [with a time counter on it] or suspended card"
    /// (Timebender): a permanent in play matching the filter (with a
    /// counter of that kind on it), or a suspended card (502.59b: removed
    /// from the game, with suspend and a time counter on it).
    PermanentOrSuspended {
        filter: ObjectFilter,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with_counter: Option<CounterKind>,
    },
    /// "target [filter] card in [your / an opponent's / a] graveyard":
    /// `whose` is the graveyard's owner relative to the controller.
    CardInGraveyard {
        filter: ObjectFilter,
        whose: PlayerFilter,
        /// "… target cards from a single graveyard" (Decompose): every
        /// target of this instance of "target" is in the same graveyard.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        single: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerFilter {
    Any,
    Opponent,
    You,
    /// 603.2: "target teammate": a player on the same team, not you.
    Teammate,
    /// "target creature card from that player's graveyard" (Ink-Eyes):
    /// the player of the triggered ability's event.
    TriggeringPlayer,
    /// "Target player shuffles up to three target cards from their
    /// graveyard into their library" (Gaea's Blessing): the graveyard of
    /// the player chosen for the spell's earlier "target player" (409.1c:
    /// targets are chosen in order, so that player is known).
    TargetedPlayer,
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
    /// spell's n-th target. Only a group an effect resolves uses it. With
    /// a spell as the n-th target, that spell's controller ("lands … they
    /// control" after "counter target spell unless its controller pays":
    /// Power Sink).
    TargetPlayer(u8),
    /// "creatures the active player controls" (Siren's Call, Nettling
    /// Imp): the player whose turn it is (102.1) when the filter is read.
    Active,
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
    /// "instant or Aura spell" (Avoid Fate): one of `types_any` or one of
    /// `subtypes_any` is enough, not both.
    #[serde(default, skip_serializing_if = "is_false")]
    pub types_or_subtypes: bool,
    pub supertypes_all: Vec<Supertype>,
    /// None of these supertypes ("nonbasic land").
    #[serde(default, skip_serializing_if = "no_supertypes")]
    pub supertypes_none: crate::SupertypeSet,
    /// At least one of these colours (empty: any).
    pub colors_any: ColorSet,
    /// None of these colours.
    pub colors_none: ColorSet,
    pub controller: ControllerFilter,
    /// "with toughness less than CARDNAME's power" (Stone Giant): compared
    /// with the power of the object with the ability, as it is now.
    #[serde(default, skip_serializing_if = "is_false")]
    pub toughness_below_source_power: bool,
    /// "with power less than CARDNAME's power" (Battering Wurm): compared
    /// with the power of the object with the ability, as it is now.
    #[serde(default, skip_serializing_if = "is_false")]
    pub power_below_source_power: bool,
    /// "you own" / "you both own and control" (Obelisk of Undoing): the
    /// object's owner (217.1d) is the player the filter is judged for.
    #[serde(default, skip_serializing_if = "is_false")]
    pub owned_by_you: bool,
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
    /// "with toughness N or less" (Errant Doomsayers); one byte keeps the
    /// filter small.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toughness_at_most: Option<i8>,
    /// "that's attacking you" (Ice Floe): an attacking creature whose
    /// defending player is the filter's "you" (606.7a: or that player's
    /// team in Two-Headed Giant).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attacking_you: bool,
    /// "blocked creature": an attacking creature that became blocked (309.2f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked: Option<bool>,
    /// "spell with a single target" (Shunt, 415.7): exactly one target,
    /// so not one object or player targeted twice (Willbender's ruling).
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
    /// "creature it's blocking" (Goblin Snowman, Tinder Wall): an attacker
    /// the object with the ability blocks (309).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blocked_by_this: bool,
    /// "creature blocking or blocked by [this]" (Cromat, Kjeldoran
    /// Frostbeast, Abu Ja'far): blocking the object with the ability or
    /// blocked by it (309); with that object gone from play, as it last
    /// was in combat (404.4c).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blocking_or_blocked_by_this: bool,
    /// "creature other than enchanted creature" (Kjeldoran Pride): not the
    /// permanent the object with the ability is attached to.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_attached_host: bool,
    /// "with a morph ability" (502.26): has morph now (a face-down
    /// permanent has no abilities, 504.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub with_morph: bool,
    /// "face-down creature" (504, 510.1c: a status).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face_down: Option<bool>,
    /// "with converted mana cost N or less" (502.39a soulshift).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmc_at_most: Option<i8>,
    /// "with converted mana cost N or greater" (Dragon Breath); one byte
    /// keeps the filter small.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmc_at_least: Option<i8>,
    /// "with the same converted mana cost as [this card]" (502.48a
    /// transmute): the card's own, fixed as the card is compiled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmc_exactly: Option<i32>,
    /// "with converted mana cost X" (Punishment, Spell Blast, Detonate):
    /// equal to the X of the spell whose filter it is (announced before
    /// targets, 409.1b; kept on the stack, 203.3b).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cmc_is_x: bool,
    /// "with converted mana cost X or less" (Forced March, Meltdown): at
    /// most the X of the spell or ability whose filter it is.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cmc_at_most_x: bool,
    /// "with a +1/+1 counter on it" (Sporeback Troll, Vigean Graftmage):
    /// at least one counter of that kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with_counter: Option<crate::CounterKind>,
    /// "attached to a creature" (an Aura or Equipment, 212.4).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached_to_creature: bool,
    /// "attached to a land" (Savaen Elves).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached_to_land: bool,
    /// "Equipment attached to it" (Loxodon Punisher): attached to the
    /// filter's source object.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached_to_source: bool,
    /// "attached to a creature you control" (Miracle Worker): the
    /// permanent it is attached to is controlled by the filter's "you".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached_host_yours: bool,
    /// "multicolored" (203.2: two or more colours; 505.3 for split cards).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub multicolored: bool,
    /// "nontoken" (Genesis Chamber): not a token (216.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub nontoken: bool,
    /// "target permanent that isn't enchanted" (Time Elemental,
    /// Brainspoil): whether an Aura is attached to it (212.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enchanted: Option<bool>,
    /// "Serf tokens", "all tokens" (Sengir Autocrat): a token (216.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub token: bool,
    /// "Aura that's attached to a permanent" (Aura Graft).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached_to_permanent: bool,
    /// "creatures that attacked this turn" (Relentless Assault).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attacked_this_turn: bool,
    /// "creatures … that didn't attack this turn" (Siren's Call): not
    /// declared as an attacker this turn (308).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub didnt_attack_this_turn: bool,
    /// "creature the active player has controlled continuously since the
    /// beginning of the turn" (Nettling Imp): its controller has
    /// controlled it since their most recent turn began (212.3f: not
    /// "summoning sick"; with `ControllerFilter::Active`, since this turn
    /// began).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub controlled_since_turn_began: bool,
    /// "lands with mana abilities" (Power Sink): it has a mana ability
    /// now (406; layers 4 and 5 decide which abilities it has).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub with_mana_ability: bool,
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
    /// "1/1 creature" (Pendelhaven): exactly this power and toughness.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pt_exactly: Option<(i32, i32)>,
    /// "spell that targets a creature / you / CARDNAME", "spell that
    /// targets only a single creature" (Confound, Dawn Charm, Torchling):
    /// what the spell's current targets include (415.1, 413.2a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell_targets: Option<Box<SpellTargets>>,
}

/// What a spell's targets must include for "spell that targets …"
/// (`ObjectFilter::spell_targets`): judged on the spell's targets now (its
/// mode's, 409.1b), so as the spell with the filter is targeted and again
/// as it resolves (413.2a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellTargets {
    pub what: Targeted,
    /// "targets only …": every target of the spell is that one object or
    /// player (Torchling's ruling: Seeds of Strength targeting it three
    /// times); without, at least one target is (Dawn Charm's ruling).
    pub only: bool,
}

/// An object or player a spell targets (`SpellTargets`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Targeted {
    /// A permanent still in play that matches the filter now ("a creature":
    /// Confound's ruling, not one that has left play or stopped being a
    /// creature); "CARDNAME" is the filter's `this`.
    Permanent(ObjectFilter),
    /// A player ("you", "a player").
    Player(PlayerFilter),
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

/// Which side of this turn's blocks an `ObjectRef::InBlocksThisTurn`
/// names, seen from the object found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlockSide {
    /// It blocked the other creature ("creatures that blocked CARDNAME").
    Blocked,
    /// It was blocked by the other creature ("creatures it blocked",
    /// "creatures that were blocked by that creature").
    WasBlocked,
    /// Either ("creatures that blocked or were blocked by it").
    Either,
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
    /// "Enchanted creature and other creatures that share a creature type
    /// with it" (the Crowns of Onslaught): the enchanted creature and each
    /// other creature in play sharing a creature type with it (205.3b) as
    /// the effect applies.
    AttachedAndEachSharingCreatureType,
    /// The spell or ability whose targeting triggered the ability ("counter
    /// that spell or ability": the Glasskites), on the stack (409.1c).
    TargetingSpellOrAbility,
    /// Every permanent matching a filter at resolution ("each creature").
    Each(ObjectFilter),
    /// 409.1h: the permanent sacrificed to pay the spell's cost ("the
    /// sacrificed creature", Fling), as it last existed in play (413.2f).
    Sacrificed,
    /// Every target from the n-th on (flattened, as `Target`): the targets
    /// of a spec with a variable number ("X target creature cards").
    Targets(u8),
    /// "each of those creatures with flying" (Winter Blast): the targets
    /// from the n-th on that match the filter as the effect applies.
    TargetsMatching { from: u8, filter: ObjectFilter },
    /// "all creatures blocking or blocked by target creature" (Trial): the
    /// creatures in a block with the n-th target as the effect resolves (309).
    BlockingOrBlockedBy(u8),
    /// "all creatures that blocked or were blocked by it this turn" (Gaze
    /// of the Gorgon), "each creature that blocked or was blocked this
    /// turn" (Heat Stroke, `with: None`): the permanents in play matching
    /// `filter` that were in a block (309.2e) with `with` (with any
    /// creature) at any time this turn, on the side `side` names.
    InBlocksThisTurn {
        filter: ObjectFilter,
        with: Option<Box<ObjectRef>>,
        side: BlockSide,
    },
    /// Radiance: "target creature and each other creature that shares a
    /// color with it" (Wojek Siren), "target enchantment and each other
    /// enchantment …" (Leave No Trace): the n-th target and each other
    /// permanent matching `other` that shares a colour with it as the
    /// effect resolves (419.7d).
    TargetAndEachSharingColor { target: u8, other: ObjectFilter },
    /// "Destroy target artifact and all other artifacts with the same name
    /// as that artifact" (Echoing Ruin, Echoing Truth): the n-th target and
    /// each other permanent matching `other` with its name as the effect
    /// resolves (a nameless face-down permanent shares none, 504.2).
    TargetAndEachSharingName { target: u8, other: ObjectFilter },
    /// The card or permanent chosen for the resolution's latest discard or
    /// sacrifice ("target player discards a card … that card's converted
    /// mana cost", Hellhole Rats; "sacrifices an artifact or creature …
    /// that permanent's", Hit), as it last existed (413.2f).
    Chosen,
    /// "Other creatures they control" after "Target opponent chooses a
    /// creature they control." (Goblin War Cry): every permanent matching
    /// the filter but the one chosen (`Chosen`).
    EachOtherThanChosen(ObjectFilter),
    /// The tokens created by the spell or ability ("Create a … token.
    /// Destroy it at the beginning of the next end step", Hornet Cannon);
    /// in a delayed triggered ability, those created by the ability that
    /// created it (404.4).
    Created,
    /// 217.7d: cards in the removed-from-the-game zone removed by this
    /// spell or ability ("those cards", "each card they exiled this way";
    /// in a delayed triggered ability, by the ability that created it) or,
    /// `linked`, by the linked ability of this object ("all cards exiled
    /// with CARDNAME").
    Removed(RemovedCards),
}

/// 217.7d: which removed cards an `ObjectRef::Removed` names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemovedCards {
    /// Removed by the source's linked ability at any time ("exiled with
    /// CARDNAME"), not only by this resolution.
    pub linked: bool,
    /// "cards you own": only those the controller owns.
    pub yours: bool,
    /// "all other cards": not those this resolution removed.
    pub other: bool,
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
    /// "each other player" (Syphon Soul): every player but the controller,
    /// teammates included (200.3a: opponents are only the players not on
    /// the controller's team).
    EachOtherPlayer,
    /// The player involved in the triggering event ("that player").
    Triggering,
    /// 511.2: the player whose coin this is ("each player whose coin comes up tails").
    Flipper,
    /// 506: "each player who doesn't win the subgame" (Shahrazad), after
    /// the subgame this resolution played has ended.
    NotWinningSubgame,
    /// "defending player" in a one-shot effect (306.3; 602.2a: the player
    /// the creature with the ability attacks). 606.7a: in a Two-Headed
    /// Giant game one specific defending player, chosen by the controller
    /// (`Effect::Combat(CombatEffect::ChooseDefendingPlayer)`, compiled before the first effect
    /// that names it).
    Defending,
    /// "the player with the most life", "the player who controls the most
    /// creatures" (Ghazbán Ogre, Wild Mammoth): the one player with more of
    /// it than each other player; none on a tie.
    Most(super::PlayerQuantity),
    /// "that player" in a leaves-play ability (Laquatus's Champion: "When
    /// [this] leaves play, that player gains 6 life"): the player the same
    /// permanent's comes-into-play ability targeted, which that ability
    /// remembers on it (`Effect::LinkTargetPlayer`; the card's ruling).
    Linked,
}
