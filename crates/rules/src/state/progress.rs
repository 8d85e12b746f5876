//! Where the game stands in the engine loop between decisions
//! (DEVELOPERS.md, decision 2): the pending flow (priority, resolving,
//! combat damage), a spell or ability being played (409) with its unpaid
//! mana and optional costs, and a resolution paused for a choice. Plain
//! data kept in the `Game`; the loop that acts on it is `engine::game_loop`.

use crate::state::stack::PendingTrigger;
use crate::{ObjId, PlayerId, StackItem, Target};
use serde::{Deserialize, Serialize};
use tolaria_cards::{CardId, ManaCost};

/// Where the engine is between decisions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Flow {
    /// 101.4: mulligan decisions in turn order from the starting player.
    Mulligans,
    /// Perform the current step's turn-based actions.
    BeginStep,
    /// 408.1b: check state-based effects, put triggers on the stack, then give this player priority.
    Priority(PlayerId),
    /// Waiting for the priority decision.
    AwaitPriority,
    /// All players passed with a non-empty stack: resolve the top object.
    Resolve,
    /// The current step or phase ends.
    EndStep,
    /// Declaring attackers or blockers.
    Declaring,
    /// 310.1: announcing combat damage assignments.
    AssigningDamage(Box<DamageCursor>),
    /// 314.1: discarding to hand size.
    CleanupDiscard,
    /// Playing a spell or ability, or putting a trigger on the stack (`Game::casting`).
    Casting,
    /// Resolving a spell or ability that paused for a choice (`Game::resolving`).
    Resolving,
    /// 410.3: the player is ordering their triggers.
    OrderingTriggers {
        then: PlayerId,
    },
    GameOver,
}

/// Progress through 310.1's announcements.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DamageCursor {
    /// Creatures still to assign, in order (attackers first, 310.1).
    pub queue: Vec<ObjId>,
    /// The creature assigning now and its recipients.
    pub source: Option<ObjId>,
    pub recipients: Vec<Target>,
    pub next: usize,
    pub remaining: u32,
    pub trample: bool,
    pub all_lethal: bool,
}

/// What is being played (409) or put on the stack (410.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Playing {
    Spell {
        obj: ObjId,
    },
    /// 502.26b: a card played face down (becomes `Spell` once on the stack).
    FaceDown {
        obj: ObjId,
    },
    /// 502.26d: turning a face-down permanent face up (no stack object).
    TurnFaceUp {
        obj: ObjId,
    },
    /// 502.59a, 408.2k: removing a card with suspend in the hand from the
    /// game (no stack object).
    Suspend {
        obj: ObjId,
    },
    /// Paying for an action a resolved spell granted (Guardian Angel's
    /// "pay {1}": `Game::granted_actions[index]`; no stack object). `obj`:
    /// the spell as it resolved.
    Granted {
        index: u8,
        obj: ObjId,
    },
    /// 408.2i: paying to end a continuous effect on `obj` ("You may pay
    /// {W} to end this effect.", a Licid's; no stack object).
    EndEffect {
        obj: ObjId,
    },
    Ability {
        source: ObjId,
        index: u8,
    },
    Trigger(PendingTrigger),
}

/// A spell or ability between announcement and being played (409.1a–i).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Casting {
    pub player: PlayerId,
    pub what: Playing,
    pub targets: Vec<Target>,
    pub x: Option<u32>,
    /// The unpaid part of the total cost (409.1f), once determined.
    pub unpaid: Option<Unpaid>,
    /// Who gets priority afterwards (409.1i).
    pub then: PlayerId,
    /// 409.1b: the chosen mode of a modal spell.
    pub mode: Option<u8>,
    /// Non-mana costs paid so far (409.1h): permanents sacrificed and
    /// cards discarded for the cost being paid.
    pub sacrificed: u8,
    pub discarded: u8,
    /// 502.43a: the unblocked attacker a ninjutsu cost returns to its
    /// owner's hand (chosen as the ability is announced).
    pub returning: Option<ObjId>,
    /// 502.37a: the colours of mana spent so far (`ColorSet` bits).
    pub spent: u8,
    /// 406: the mana spent so far, by kind (kept for an ability's
    /// resolution: Illusionary Mask's "the mana you spent on {X}").
    #[serde(
        default,
        skip_serializing_if = "crate::state::player::ManaPool::is_empty"
    )]
    pub mana_spent: crate::state::player::ManaPool,
    /// 504.1: played face down by Illusionary Mask's ability (without
    /// paying its mana cost; the creature it becomes is `flags::MASKED`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub masked: bool,
    /// Cards removed from the game from the hand, permanents tapped.
    pub exiled: u8,
    /// The cards of the hand revealed for a "Reveal X red cards from your
    /// hand" cost so far (409.1h; the Martyrs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed: Vec<ObjId>,
    /// Cards of the hand put on top of the library for the cost so far
    /// (409.1h; Leashling).
    #[serde(default)]
    pub topped: u8,
    pub tapped: u8,
    /// 409.1b: how many of the spell's optional costs (kickers, then
    /// buyback) have been announced or declined.
    pub announced: u8,
    /// 502.21: the kicker costs announced (bit 0 the first listed, bit 1
    /// the second); 502.16a: buyback announced (bit 2).
    pub optional: u8,
    /// 409.1h: which of the spell's non-mana costs is being paid
    /// (`Game::spell_costs`).
    pub cost_at: u8,
    /// The first permanent sacrificed for the cost ("the sacrificed creature").
    pub sacrificed_obj: Option<ObjId>,
    /// The total power of the permanents sacrificed for the cost, each as
    /// it last existed in play (413.2f; Soulblast).
    pub sacrificed_power: i32,
    /// 409.1c: the player chose no more targets for an "up to" requirement.
    pub targets_done: bool,
    /// 502.22a: the spell is played from the graveyard with flashback: its
    /// flashback cost is paid rather than its mana cost.
    pub flashback: bool,
    /// 502.22a with Yawgmoth's Will: a card with flashback played from the
    /// graveyard either way; the player is asked first whether to pay the
    /// flashback cost (`OptionalCost::Flashback`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flashback_optional: bool,
    /// Permanents returned to their owner's hand for the cost (409.1h).
    #[serde(default)]
    pub returned: u8,
    /// 217.7d: cards removed with the source put into their owner's
    /// graveyard for the cost (Jester's Scepter).
    #[serde(default)]
    pub removed_paid: u8,
    /// 502.59a: the spell is played by its suspend ability: without paying
    /// its mana cost (502.59c), and it gains haste.
    #[serde(default)]
    pub suspend: bool,
    /// 502.56a: played from the library by ripple: without paying its mana
    /// cost like a suspended card (`suspend` is set too), but no haste.
    #[serde(default)]
    pub ripple: bool,
    /// Played from the removed-from-the-game zone without paying its mana
    /// cost (Intet, the Dreamer); unlike `suspend`, the player may still
    /// abandon it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub free: bool,
    /// 502.24a: played by its madness ability (the card's id in the
    /// removed-from-the-game zone): the madness cost is paid rather than
    /// the mana cost; cancelled, the card goes to the graveyard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub madness: Option<ObjId>,
    /// 409.1e: the shares of a divided amount announced so far, one per
    /// target from the first divided one on.
    #[serde(default)]
    pub division: Vec<u32>,
    /// 502.52a: how many times the replicate cost has been announced.
    #[serde(default)]
    pub replicate: u8,
    /// 601.5b: the opponent who chooses the mode of an "An opponent
    /// chooses one —" spell, once the controller has chosen them (601.5a,
    /// 601.5c; 600.4d: cleared if they leave the game before choosing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent_chooser: Option<PlayerId>,
    /// 502.40a: the cards revealed from the hand to splice onto the spell,
    /// in the order their instructions will be followed (502.40b), with
    /// their cards: a revealed card may leave the hand while the costs are
    /// paid (discarded for a cost, 502.40a's example).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub splice: Vec<(ObjId, CardId)>,
    /// 409.1b: the player is done revealing cards to splice.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub splice_done: bool,
    /// 502.40d: where the targets of each spliced card begin in `targets`,
    /// for the spliced cards whose targets are being or have been chosen
    /// (the main spell's come first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub splice_starts: Vec<u8>,
}

impl Casting {
    /// `player` begins playing `what` (409.1a); `then` gets priority
    /// afterwards. Nothing chosen or paid yet.
    pub(crate) fn new(player: PlayerId, what: Playing, then: PlayerId) -> Self {
        Casting {
            player,
            what,
            targets: Vec::new(),
            x: None,
            unpaid: None,
            then,
            mode: None,
            sacrificed: 0,
            discarded: 0,
            returning: None,
            spent: 0,
            mana_spent: Default::default(),
            masked: false,
            exiled: 0,
            revealed: Vec::new(),
            topped: 0,
            tapped: 0,
            announced: 0,
            optional: 0,
            cost_at: 0,
            sacrificed_obj: None,
            sacrificed_power: 0,
            targets_done: false,
            flashback: false,
            flashback_optional: false,
            returned: 0,
            removed_paid: 0,
            free: false,
            suspend: false,
            ripple: false,
            madness: None,
            division: Vec::new(),
            replicate: 0,
            opponent_chooser: None,
            splice: Vec::new(),
            splice_done: false,
            splice_starts: Vec::new(),
        }
    }
}

/// The mana still owed during payment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unpaid {
    pub generic: u32,
    pub colored: [u32; 5],
    pub hybrid: Vec<(tolaria_cards::Color, tolaria_cards::Color)>,
}

impl Unpaid {
    pub fn from_cost(c: &ManaCost, x: u32) -> Unpaid {
        let mut u = Unpaid {
            generic: c.generic + x * c.x as u32,
            ..Default::default()
        };
        for i in 0..5 {
            u.colored[i] = c.colored[i] as u32;
        }
        for h in &c.hybrid {
            match *h {
                tolaria_cards::Hybrid::TwoColors(a, b) => u.hybrid.push((a, b)),
                tolaria_cards::Hybrid::GenericOr(n, _) => u.generic += n as u32,
            }
        }
        u.generic += c.snow as u32;
        u
    }
    /// "Spend only [colour] mana on X": the X part is owed in that colour.
    pub fn x_in_color(
        mut self,
        c: &ManaCost,
        x: u32,
        color: Option<tolaria_cards::Color>,
    ) -> Unpaid {
        if let Some(color) = color {
            let n = x * c.x as u32;
            self.generic -= n;
            self.colored[color as usize] += n;
        }
        self
    }
    /// 409.1f: adds another cost's mana to the total (an additional cost).
    pub fn add(&mut self, other: &Unpaid) {
        self.generic += other.generic;
        for i in 0..5 {
            self.colored[i] += other.colored[i];
        }
        self.hybrid.extend_from_slice(&other.hybrid);
    }
    pub fn is_paid(&self) -> bool {
        self.generic == 0 && self.colored.iter().all(|&c| c == 0) && self.hybrid.is_empty()
    }
    pub fn total(&self) -> u32 {
        self.generic + self.colored.iter().sum::<u32>() + self.hybrid.len() as u32
    }
}

/// A resolution paused for a choice (413.2c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Resolving {
    pub item: StackItem,
    pub ctx: crate::state::stack::ResolveCtx,
    /// Index of the effect to run next.
    pub pc: usize,
    /// Progress inside a multi-choice effect (cards still to discard, …).
    pub sub: u32,
    /// The player making the pending choice.
    pub chooser: Option<PlayerId>,
    /// 418.6: the words chosen so far for a text-changing effect.
    pub words: [Option<tolaria_cards::TextWord>; 2],
    /// 503: the object chosen to copy as the permanent comes into play
    /// (`Some(None)`: chose not to copy).
    pub copy_choice: Option<Option<ObjId>>,
    /// 419.1b: the colour chosen as the permanent comes into play.
    #[serde(default)]
    pub color_choice: Option<tolaria_cards::Color>,
    /// 419.1b: the creature type chosen as the permanent comes into play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_choice: Option<tolaria_cards::Subtype>,
    /// 212.6c: the land types chosen so far as an effect is created
    /// ("choose a land type and a basic land type", Vision Charm).
    #[serde(default, skip_serializing_if = "no_land_types")]
    pub land_types: [Option<tolaria_cards::Subtype>; 2],
    /// 419.1b: the card named as the permanent comes into play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_choice: Option<tolaria_cards::CardName>,
    /// 419.1b: the opponent chosen as the permanent comes into play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_choice: Option<PlayerId>,
    /// Position inside the nested effects of the current effect (a coin
    /// flip's "if you win" branch, …).
    #[serde(default)]
    pub inner: u32,
    /// Coin flips in progress (511).
    #[serde(default)]
    pub flip: FlipState,
    /// "… unless you discard a card": `Some(true)` once a card was
    /// discarded, `Some(false)` once the player declined (or couldn't).
    #[serde(default)]
    pub paid: Option<bool>,
    /// "You may pay [cost]. If you do, …": the cost was paid and the
    /// effects that follow it are running (`inner` is the position in them).
    #[serde(default)]
    pub paid_branch: bool,
    /// "You may pay {X}" (Decree of Justice): the X the payer chose as
    /// the cost was offered (it is also the resolution's X).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pay_x: Option<u32>,
    /// 419.6, 419.1b: how the resolving permanent spell comes into play,
    /// once chosen: (it comes into play, tapped) (`resolution/enters_instead.rs`).
    #[serde(default)]
    pub entry: Option<(bool, bool)>,
    /// A search, a look at a library or a hand in progress.
    #[serde(default)]
    pub cards: crate::state::progress::CardsState,
    /// 503.10b: the targets of the spell copy being made, as chosen so far.
    #[serde(default)]
    pub copy_targets: Vec<Target>,
    /// 502.59a: the suspended card to play once the ability has resolved.
    #[serde(default)]
    pub play_after: Option<ObjId>,
    /// 502.27a: the cards revealed so far for amplify as the permanent
    /// comes into play, and whether the player is done revealing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amplify_revealed: Vec<ObjId>,
    #[serde(default)]
    pub amplify_done: bool,
    /// 502.24a: `play_after` is a madness card (played for its madness cost).
    #[serde(default)]
    pub madness: bool,
    /// 419.8a: the source chosen for the effect being created.
    #[serde(default)]
    pub source_choice: Option<ObjId>,
    /// 419.1b: the power and toughness chosen as the permanent comes into
    /// play (an index among the options of Aquamorph Entity's ability);
    /// `pt_asked` while the choice is pending.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pt_choice: Option<u8>,
    #[serde(default)]
    pub pt_asked: bool,
    /// `Effect::IfElse`: the branch taken (the condition as it was first
    /// judged), kept while the branch pauses for choices, so that its own
    /// instructions can't switch it (Kirtar's Wrath's destroyed creatures
    /// filling the graveyard).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branch: Option<bool>,
    /// `Condition::YouDid`: the last instruction that finished did
    /// something (it emitted an event, or paused for a choice: `asked`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub did: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub asked: bool,
    /// 413.2d: the players who have finished an instruction that each
    /// player follows in turn ("each other player discards a card").
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub players_done: u8,
    /// 502.40a: the part of a spliced spell whose instructions run now (0
    /// the main spell's, k the k-th spliced card's), whose targets `ctx`
    /// holds; and 413.2a's legal bits over all the spell's targets.
    #[serde(default)]
    pub splice_part: u8,
    #[serde(default)]
    pub splice_legal: u64,
    /// 502.40a: the cards that were spliced onto the spell this resolution
    /// countered ("a card spliced onto that spell", Minamo's Meddling).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub countered_spliced: Vec<CardId>,
    /// 413.2d: `Effect::ForEachPlayer` in progress (`resolution/each_player.rs`).
    #[serde(default, skip_serializing_if = "EachPlayerState::is_idle")]
    pub each: EachPlayerState,
}

/// 413.2d: the state of an instruction followed by each player in turn
/// (`Effect::ForEachPlayer`): the players (fixed as it begins), the one
/// following it now, the instruction of theirs running, their answer to
/// its "may", and "that player" of the resolution before it began.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct EachPlayerState {
    pub started: bool,
    pub players: Vec<PlayerId>,
    pub index: u8,
    pub pc: u8,
    pub may: Option<bool>,
    pub saved: Option<PlayerId>,
}

impl EachPlayerState {
    pub(crate) fn is_idle(&self) -> bool {
        !self.started
    }
}

/// 511: the state of coin flips during one resolution.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlipState {
    /// 511.1: the call for the next flip, once made (true: heads).
    pub call: Option<bool>,
    /// The outcome of the current called flip (true: won), while its branch runs.
    pub outcome: Option<bool>,
    /// A flip of this resolution was lost.
    pub lost: bool,
    /// "or choose to stop flipping": asked / chosen.
    pub asking_again: bool,
    pub stopped: bool,
    /// "decides whether to flip again" (Game of Chaos): asked, and the flip
    /// is to be repeated.
    pub again_asked: bool,
    pub repeat: bool,
    /// 511.2: this round's results of a flip by several players, in order,
    /// and the player whose result's effects are being applied.
    pub round: Vec<bool>,
    pub applying: u32,
    /// This round's results as flipped, in flipping order (`FlipEach`):
    /// the players without Krark's Thumb first, so that a Thumb's
    /// controller keeps a coin after seeing the others' (the Thumb's
    /// ruling); `round` is filled from it in turn order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flipped: Vec<bool>,
    /// 419.1 (Krark's Thumb): coins flipped for one flip, a choice pending, the result kept.
    pub coins: u8,
    pub choosing: bool,
    pub kept: Option<bool>,
}

/// What is being played right now, for agents and clients (read-only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastingView {
    pub player: PlayerId,
    /// The card of the spell, or the source of the ability.
    pub object: ObjId,
    pub triggered: bool,
    pub targets: Vec<Target>,
    pub x: Option<u32>,
    /// The mana still owed, once the total cost is determined (409.1f).
    pub unpaid: Option<Unpaid>,
}

/// 409.1b: an optional cost announced as a spell is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OptionalCost {
    /// 502.21a: the kicker cost with this index (502.21d: 0 the first listed).
    Kicker(u8),
    /// 502.16a: the buyback cost.
    Buyback,
    /// 409.1b: the spell's alternative cost, rather than its mana cost.
    Alternative,
    /// 502.22a: the flashback cost of a card played from a graveyard that
    /// another effect lets its controller play too (Yawgmoth's Will).
    Flashback,
    /// 502.32a: the entwine cost, announced by choosing every mode (the
    /// mode numbered after the spell's modes), not asked separately.
    Entwine,
    /// 502.52a: the replicate cost, announced once more each time the
    /// player answers yes (paid any number of times).
    Replicate,
}

impl OptionalCost {
    /// Its bit in `Casting::optional` (none for entwine: the mode says it).
    pub fn bit(self) -> u8 {
        match self {
            OptionalCost::Kicker(i) => 1 << i,
            OptionalCost::Buyback => 4,
            OptionalCost::Alternative => 16,
            OptionalCost::Flashback => 8,
            OptionalCost::Entwine | OptionalCost::Replicate => 0,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            OptionalCost::Kicker(0) => "kicker cost",
            OptionalCost::Kicker(_) => "second kicker cost",
            OptionalCost::Buyback => "buyback cost",
            OptionalCost::Alternative => "alternative cost",
            OptionalCost::Flashback => "flashback cost",
            OptionalCost::Entwine => "entwine cost",
            OptionalCost::Replicate => "replicate cost",
        }
    }
}

/// The progress of one card-moving effect during a resolution.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardsState {
    /// The effect has begun (the cards looked at are known).
    pub started: bool,
    /// The cards looked at and not yet placed (top of the library first).
    pub cards: Vec<ObjId>,
    /// `LookAtTop`: 0 choosing the card for the hand, 1 the cards back on
    /// top, 2 the cards for the bottom.
    pub stage: u8,
    /// Cards put back on top / on the bottom so far.
    pub on_top: u32,
    pub on_bottom: u32,
    /// Cards chosen so far, or players done (`PutFromHand`), or the search answered.
    pub done: u32,
    /// How many cards a search is for ("that many", Head Games).
    pub count: u32,
    /// 502.56a: the revealed cards chosen to be played (ripple), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<ObjId>,
}

fn no_land_types(t: &[Option<tolaria_cards::Subtype>; 2]) -> bool {
    t[0].is_none() && t[1].is_none()
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}
