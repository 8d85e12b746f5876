//! Objects on the stack (217.6, 401): spells, activated and triggered
//! abilities, and combat damage (310.1).

use crate::Game;
use crate::{ObjId, PlayerId, Target};
use serde::{Deserialize, Serialize};
use tolaria_cards::{Ability, AbilityRef, CardId, Color};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackItem {
    pub kind: StackKind,
    pub controller: PlayerId,
    pub targets: Vec<Target>,
    /// 409.1b: the announced X.
    pub x: u32,
    /// 409.1b: the chosen mode of a modal spell.
    #[serde(default)]
    pub mode: Option<u8>,
    /// 502.37a: the colours of mana spent to pay the spell's costs, as
    /// `ColorSet` bits (sunburst); 0 for abilities and copies.
    #[serde(default)]
    pub colors_spent: u8,
    /// 502.52a: how many times the spell's replicate cost was paid (its
    /// replicate ability copies it that many times); 0 for copies.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub replicated: u8,
    /// 406: the mana spent to pay an activated ability's costs, by kind
    /// (Illusionary Mask: "the mana you spent on {X}"); empty for spells.
    #[serde(
        default,
        skip_serializing_if = "crate::state::player::ManaPool::is_empty"
    )]
    pub mana_spent: crate::state::player::ManaPool,
    /// 409.1h: the permanent sacrificed to pay a spell's additional cost
    /// (Fling), kept for "the sacrificed creature" (503.10: a copy uses the
    /// original's).
    #[serde(default)]
    pub sacrificed: Option<ObjId>,
    /// 409.1h: the total power of the permanents sacrificed for the cost,
    /// each as it last existed in play (Soulblast, `Amount::SacrificedPower`).
    #[serde(default)]
    pub sacrificed_power: i32,
    /// 409.1e: how the amount of a "divided as you choose" effect was
    /// divided as it was played: one share per target from the effect's
    /// first divided target on, in target order (413.2f: not changed on
    /// resolution; a copy keeps it, 503.10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub division: Vec<u32>,
    /// 502.40a: the cards spliced onto the spell, in the order their
    /// instructions are followed (502.40b, after the main spell's); their
    /// targets follow the main spell's in `targets` (502.40d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spliced: Vec<Spliced>,
    /// An activated or triggered ability's identity on the stack
    /// (`Target::Ability`, Willbender's "target spell or ability"), from
    /// `Game::next_stack_id`; 0 for spells and combat damage, which are
    /// named otherwise.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub id: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StackKind {
    /// A spell: the card object on the stack.
    Spell { obj: ObjId },
    /// An activated or triggered ability of `source`, named by where its
    /// text lives (`AbilityRef`: printed, a keyword's, or granted in quotes
    /// by another card), so the text survives the source leaving play
    /// (413.2f); `card` is the source's card, for the log.
    Ability {
        source: ObjId,
        card: CardId,
        ability: AbilityRef,
        triggered: bool,
        trigger: TriggerContext,
    },
    /// 310.1: all combat damage assignments, one object.
    CombatDamage(Vec<DamageAssignment>),
}

/// 502.40a: a card spliced onto a spell: its text box is copied onto the
/// spell (502.40c: nothing else of it), with `targets` targets of the
/// spell's for its instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spliced {
    pub card: CardId,
    pub targets: u8,
}

/// What a triggered ability remembers of its trigger event ("that creature", "that player").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerContext {
    pub object: Option<ObjId>,
    pub player: Option<PlayerId>,
    /// 409.1c: the spell or ability whose targeting triggered the ability
    /// ("counter that spell or ability", Jetting Glasskite).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<crate::Target>,
    pub amount: u32,
    /// 404.4: a delayed triggered ability created by the ability's
    /// `AtEndOfCombat` effect: it does that effect's effects.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub delayed: bool,
    /// 404.4: the tokens created by the ability that created this delayed
    /// triggered ability (`ObjectRef::Created`: "destroy it").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<Created>,
    /// The X of the event that triggered it (502.26d: the X paid to turn
    /// a permanent face up), the ability's X as it resolves.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub x: u32,
    /// 217.7d: in a delayed triggered ability, the cards removed from the
    /// game by the resolution that created it ("return those cards"): its
    /// `ResolveCtx::removal` batch (0: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub removal: u32,
    /// 404.4: the card the ability that created this delayed triggered
    /// ability referred to as `ObjectRef::Chosen` ("return that card",
    /// Astral Slide: the card it removed from the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen: Option<ObjId>,
    /// 404.4: in a delayed triggered ability a spell created, the object
    /// the spell's first target was as the spell created it (the
    /// permanent a returned card became): the delayed instructions' "it"
    /// (Goryo's Vengeance's "Remove it from the game at end of turn").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell_target: Option<ObjId>,
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Tokens created by one resolution: `count` objects from `first` on
/// (a token is always a new object at the end of the arena, so those of
/// one resolution are consecutive slots, each created with `first.gen`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    pub first: ObjId,
    pub count: u16,
}

impl Created {
    /// Counts one more token `id` among those of one resolution (the first
    /// one starts the record).
    pub fn note(created: &mut Option<Created>, id: ObjId) {
        match created {
            Some(c) => c.count += 1,
            None => {
                *created = Some(Created {
                    first: id,
                    count: 1,
                })
            }
        }
    }
    /// The ids of the tokens, as they were created.
    pub fn ids(self) -> impl Iterator<Item = ObjId> {
        (0..self.count).map(move |k| ObjId {
            slot: self.first.slot + k,
            gen: self.first.gen,
        })
    }
}

/// 310.2: one creature's damage to one recipient.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageAssignment {
    pub source: ObjId,
    pub to: Target,
    pub amount: u32,
}

impl StackItem {
    /// The ability on the stack with this `id` (`Target::Ability`).
    pub fn is_ability(&self, id: u32) -> bool {
        id != 0 && self.id == id && matches!(self.kind, StackKind::Ability { .. })
    }

    pub fn card(&self, game: &crate::Game) -> Option<CardId> {
        match &self.kind {
            StackKind::Spell { obj } => game.obj(*obj).map(|_| game.shown_card(*obj)),
            StackKind::Ability { card, .. } => Some(*card),
            StackKind::CombatDamage(_) => None,
        }
    }
}

/// A triggered ability waiting to be put on the stack (410.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingTrigger {
    pub controller: PlayerId,
    pub source: ObjId,
    /// The source's card (for the log).
    pub card: CardId,
    pub ability: AbilityRef,
    pub ctx: TriggerContext,
}

impl PendingTrigger {
    /// The targets it needs as it is put on the stack (410.4), in the mode
    /// chosen for a modal ability (409.1b); a delayed triggered ability
    /// (404.4) has none of its own.
    pub fn targets(&self, mode: Option<u8>) -> &'static [tolaria_cards::TargetSpec] {
        if self.ctx.delayed {
            &[]
        } else {
            self.ability().targets_for(mode)
        }
    }
    /// 409.1b, 410.4: the modes of a modal triggered ability (none for a
    /// delayed one, 404.4).
    pub fn modes(&self) -> &'static [tolaria_cards::SpellMode] {
        if self.ctx.delayed {
            &[]
        } else {
            &self.ability().modes
        }
    }
    pub fn ability(&self) -> &'static tolaria_cards::TriggeredAbility {
        match self.ability.get() {
            Ability::Triggered(t) => t,
            _ => unreachable!("pending trigger points at a triggered ability"),
        }
    }
}

/// What an effect needs to know about the spell or ability producing it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResolveCtx {
    pub controller: PlayerId,
    /// The spell itself, or the ability's source.
    pub source: ObjId,
    pub source_card: CardId,
    pub targets: Vec<Target>,
    /// Bit i set: target i is still legal (413.2a).
    pub legal: u64,
    pub x: u32,
    pub trigger: TriggerContext,
    pub optional: bool,
    /// 511.1: coin flips won so far in this resolution (`Amount::FlipsWon`).
    #[serde(default)]
    pub flips_won: u32,
    /// Called coin flips made so far in this resolution (`Amount::DoubledEachFlip`).
    #[serde(default)]
    pub flips: u32,
    /// 511.2: the player whose coin an effect refers to (`PlayerRef::Flipper`).
    #[serde(default)]
    pub flipper: Option<PlayerId>,
    /// 409.1h: the permanent sacrificed for the spell's cost (`ObjectRef::Sacrificed`).
    #[serde(default)]
    pub sacrificed: Option<ObjId>,
    /// 409.1h: the total power of the permanents sacrificed for the cost.
    #[serde(default)]
    pub sacrificed_power: i32,
    /// The card or permanent chosen for the latest discard or sacrifice of
    /// this resolution (`ObjectRef::Chosen`): the discarded card where it
    /// went, the sacrificed permanent's id in play (its last known
    /// information, 413.2f).
    #[serde(default)]
    pub chosen: Option<ObjId>,
    /// The damage this resolution's instructions dealt so far, after
    /// prevention and replacement (`Amount::DamageDealtThisWay`: Corrupt).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage_dealt: u32,
    /// The permanents this resolution's destroy instructions put into a
    /// graveyard so far (`Amount::DestroyedThisWay`: Decree of Pain).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub destroyed: u32,
    /// The permanents "Sacrifice any number of …" sacrificed
    /// (`Amount::SacrificedThisWay`: Landslide).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sacrificed_this_way: u32,
    /// The life this resolution's life-loss instructions made players lose
    /// so far (`Amount::LifeLostThisWay`: Kokusho).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub life_lost: u32,
    /// The creatures this resolution's damage instructions dealt damage to
    /// so far ("a creature dealt damage this way", Yamabushi's Flame).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damaged: Vec<ObjId>,
    /// The cards this resolution's discard instructions discarded so far,
    /// where they went (`Amount::DiscardedThisWay`: Forget).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discarded: Vec<ObjId>,
    /// The cards revealed from the hand by this resolution's "Reveal any
    /// number of [filter] cards in your hand" (`Amount::RevealedThisWay`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub revealed: u32,
    /// The cards this resolution's `RevealUntil` or `RevealHand` revealed
    /// (`Amount::Revealed`, `Effect::PutRevealed`), by their ids then.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed_cards: Vec<ObjId>,
    /// The tokens this resolution created (`ObjectRef::Created`).
    #[serde(default)]
    pub created: Option<Created>,
    /// 409.1e: the division announced (`StackItem::division`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub division: Vec<u32>,
    /// 217.7d: the batch of the cards this resolution removed from the game
    /// face down (`object::Removal::batch`; 0: none yet).
    #[serde(default)]
    pub removal: u32,
    /// 606.7a: the defending player this resolution's "defending player"
    /// refers to, once chosen (`Effect::Combat(CombatEffect::ChooseDefendingPlayer)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defending: Option<PlayerId>,
    /// 406: the mana spent on the ability's costs (`StackItem::mana_spent`).
    #[serde(
        default,
        skip_serializing_if = "crate::state::player::ManaPool::is_empty"
    )]
    pub mana_spent: crate::state::player::ManaPool,
}

impl ResolveCtx {
    pub fn for_source(game: &Game, controller: PlayerId, source: ObjId) -> ResolveCtx {
        ResolveCtx {
            controller,
            source,
            source_card: game.objects[source.slot as usize].card,
            targets: Vec::new(),
            legal: 0,
            x: 0,
            trigger: TriggerContext::default(),
            optional: false,
            flips_won: 0,
            flips: 0,
            flipper: None,
            sacrificed: None,
            sacrificed_power: 0,
            chosen: None,
            damage_dealt: 0,
            destroyed: 0,
            sacrificed_this_way: 0,
            discarded: Vec::new(),
            revealed: 0,
            life_lost: 0,
            damaged: Vec::new(),
            revealed_cards: Vec::new(),
            created: None,
            division: Vec::new(),
            removal: 0,
            defending: None,
            mana_spent: Default::default(),
        }
    }
    pub(crate) fn target(&self, i: u8) -> Option<Target> {
        if self.legal & (1 << i) != 0 {
            self.targets.get(i as usize).copied()
        } else {
            None
        }
    }
}

/// What makes an object a copy of a spell (503.10): it has no card, and
/// the "except" of the effect that copied it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellCopy {
    /// "except that the copy is red" (Fork): the copy's colour.
    pub color: Option<Color>,
}
