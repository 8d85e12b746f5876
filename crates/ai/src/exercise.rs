//! The card exerciser (issue 23): every supported card played through the
//! engine's legal actions, never around them.
//!
//! For each card it builds boards where the card can be played (a scenario,
//! docs/scenarios.md, so a person can replay any of them with
//! `tolaria scenario`): six untapped basic lands of every type and
//! permanents of many kinds on each side, cards in every
//! hand, library and graveyard. The card is put in its owner's hand at the
//! start of a main phase (409.1a timing), in play, and in the graveyard, and
//! (for what needs a spell or a combat to answer) in the hand while an
//! opponent's spell is on the stack (408.1), while the opponent attacks,
//! after its own side's attacker was blocked (309), and after that combat's
//! damage (310). In each, every legal
//! action that plays the card or one of its abilities (a spell, a land, a
//! face-down spell (502.26a), suspend (502.59a), an activated or mana
//! ability (409, 411), turning it face up (502.26d), splicing it onto an
//! Arcane spell of the same hand (502.40a)) is applied to a copy,
//! its choices made at random among the legal ones, and the game is played
//! until the stack is empty again. After every action the zones are checked
//! (217.1: every card in exactly one zone, none lost or duplicated) and the
//! game must offer a decider a legal action; a refused listed action or a
//! panic is a failure. A play whose costs the random choices couldn't
//! complete is tried again with other choices.
//!
//! The report says, per card, what was played and, for a card none of whose
//! plays completed, why: nothing offered a way to play it on any of the
//! boards (its condition needs something the boards don't have), or every
//! try had to be abandoned (422). `tolaria cards exercise` prints it;
//! `crates/ai/tests/every_card.rs` runs it over the whole supported pool.

use crate::fuzz::checks;
use std::panic::{catch_unwind, AssertUnwindSafe};
use tolaria_cards::{db, Ability, CardId, CardType, Step, Subtype};
use tolaria_rules::{Action, DecisionKind, Game, ObjId, PlayerId, Rng, Zone};
use tolaria_scenario::Scenario;

/// The most actions one play may take before it counts as unsettled.
const CAP: usize = 400;
/// How many times a play abandoned for its costs is tried again.
const TRIES: u64 = 8;
const ME: PlayerId = PlayerId(0);
const OPPONENT: PlayerId = PlayerId(1);

/// Where the card is when it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    /// In the hand, the owner's main phase, the stack empty.
    Main,
    /// In play under its owner's control since the turn began (so abilities
    /// with {T} in their cost may be played, 212.3f), the owner's main phase.
    InPlay,
    /// In the owner's graveyard, the owner's main phase (502.22 flashback,
    /// graveyard abilities).
    Graveyard,
    /// In the hand while the opponent's spell `RESPONSES[i]` is on the
    /// stack (408.1: counterspells, copies, changed targets).
    Response(u8),
    /// In the hand while the opponent's Grizzly Bears attacks (308).
    OpponentAttacks,
    /// In the hand while the owner's Grizzly Bears attacks, in the declare
    /// attackers step ("only during your declare attackers step",
    /// Camouflage).
    Attacking,
    /// In the hand after the owner's attacker was blocked (309).
    Blocked,
    /// In the hand at the end of that combat, its damage dealt (310, 311:
    /// "a creature dealt damage this turn").
    AfterDamage,
    /// In play while its side's attacker is blocked (abilities played
    /// "only during combat", or that target attacking or blocking creatures).
    InPlayAttacking,
    /// In play while the opponent's Grizzly Bears attacks.
    InPlayDefending,
    /// In the hand in the owner's end of turn step (313: "Play this spell
    /// only during your end step", Necrologia).
    EndStep,
    /// In the hand after the owner's Wall of Wood blocked the opponent's
    /// attacker (309: "target blocking Wall you control", Glyph of
    /// Destruction); tried only for a card no other board played.
    Blocking,
    /// In the hand while the opponent's Rod of Ruin's activated ability
    /// (an artifact source, one target) is on the stack (Squelch, Rust,
    /// Reroute).
    AbilityResponse,
    /// In the hand while the opponent's Lightning Bolt aimed at the owner's
    /// Grizzly Bears is on the stack ("spell that targets a creature you
    /// control", Rebuff the Wicked); tried only for a card no other board
    /// played.
    CreatureTargeted,
    /// In the hand in the owner's main phase after the owner played Lava
    /// Spike this turn ("Cast this spell only if you've played another
    /// spell this turn", Skyshroud Condor); tried only for a card no other
    /// board played.
    AfterSpell,
    /// In the hand in the opponent's upkeep ("Play Festival only during an
    /// opponent's upkeep", 303); tried only for a card no other board
    /// played.
    OpponentUpkeep,
    /// In the hand after the opponent's Grizzly Bears attacked and wasn't
    /// blocked (309.2f: "target unblocked attacking creature", Curtain of
    /// Light); tried only for a card no other board played.
    OpponentUnblocked,
}

/// The spells the opponent plays for the card to answer: an instant and a
/// sorcery (Arcane) with one target each, a green and a blue creature, an
/// artifact, an enchantment.
pub const RESPONSES: [&str; 6] = [
    "Lightning Bolt",
    "Lava Spike",
    "Grizzly Bears",
    "Wind Drake",
    "Ornithopter",
    "Glorious Anthem",
];

impl Situation {
    pub const ALL: [Situation; 22] = [
        Situation::Main,
        Situation::InPlay,
        Situation::Graveyard,
        Situation::OpponentAttacks,
        Situation::Attacking,
        Situation::Blocked,
        Situation::AfterDamage,
        Situation::InPlayAttacking,
        Situation::InPlayDefending,
        Situation::Response(0),
        Situation::Response(1),
        Situation::Response(2),
        Situation::Response(3),
        Situation::Response(4),
        Situation::Response(5),
        Situation::EndStep,
        Situation::Blocking,
        Situation::AbilityResponse,
        Situation::CreatureTargeted,
        Situation::AfterSpell,
        Situation::OpponentUpkeep,
        Situation::OpponentUnblocked,
    ];

    pub fn name(self) -> &'static str {
        const RESPONDING: [&str; 6] = [
            "in response to Lightning Bolt",
            "in response to Lava Spike",
            "in response to Grizzly Bears",
            "in response to Wind Drake",
            "in response to Ornithopter",
            "in response to Glorious Anthem",
        ];
        match self {
            Situation::Main => "main phase",
            Situation::InPlay => "in play",
            Situation::Graveyard => "in the graveyard",
            Situation::Response(i) => RESPONDING[i as usize],
            Situation::OpponentAttacks => "while the opponent attacks",
            Situation::Attacking => "while its side attacks",
            Situation::Blocked => "after its side's attacker was blocked",
            Situation::AfterDamage => "after combat damage",
            Situation::InPlayAttacking => "in play, its side attacking",
            Situation::InPlayDefending => "in play, the opponent attacking",
            Situation::EndStep => "in its owner's end of turn step",
            Situation::Blocking => "after its side's Wall blocked",
            Situation::AbilityResponse => "in response to Rod of Ruin's ability",
            Situation::CreatureTargeted => {
                "in response to Lightning Bolt aimed at its side's creature"
            }
            Situation::AfterSpell => "after its owner played a spell this turn",
            Situation::OpponentUpkeep => "in the opponent's upkeep",
            Situation::OpponentUnblocked => "after the opponent's attacker wasn't blocked",
        }
    }
}

/// What became of one way of playing the card in one situation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Played, and the stack emptied again (or the game ended).
    Done,
    /// Every try had to be abandoned (409.1 costs that couldn't be paid).
    Abandoned,
    /// The stack wasn't empty after `CAP` actions.
    Unsettled,
    /// A panic, a refused listed action, or a broken invariant.
    Failed(String),
}

/// One way of playing the card (a label such as `play`, `ability 2`) in
/// one situation, and its outcome.
#[derive(Clone, Debug)]
pub struct Play {
    pub situation: Situation,
    pub label: String,
    pub outcome: Outcome,
}

#[derive(Clone, Debug)]
pub struct CardReport {
    pub card: CardId,
    pub plays: Vec<Play>,
    /// The indexes of the card's activated and mana abilities that no
    /// situation offered.
    pub abilities_not_offered: Vec<u8>,
    /// A board that could not be built (a defect of the exerciser).
    pub setup_error: Option<String>,
}

impl CardReport {
    pub fn name(&self) -> &'static str {
        &db().get(self.card).name
    }
    /// The card was played (a spell, a land, or, for a card that only
    /// has abilities to play, one of them) and its play completed.
    pub fn exercised(&self) -> bool {
        self.plays.iter().any(|p| p.outcome == Outcome::Done)
    }
    pub fn failures(&self) -> impl Iterator<Item = &Play> {
        self.plays
            .iter()
            .filter(|p| matches!(p.outcome, Outcome::Failed(_)))
    }
    /// Why the card wasn't exercised, in a few words (`None` if it was).
    pub fn why_not(&self) -> Option<String> {
        if self.exercised() {
            return None;
        }
        if let Some(e) = &self.setup_error {
            return Some(format!("no board could be built: {e}"));
        }
        if self.plays.is_empty() {
            return Some("no board offered a way to play it".into());
        }
        let worst = self
            .plays
            .iter()
            .map(|p| match &p.outcome {
                Outcome::Failed(m) => format!("failed: {m}"),
                Outcome::Unsettled => "the stack never emptied".into(),
                Outcome::Abandoned => "every try was abandoned (costs or targets)".into(),
                Outcome::Done => unreachable!(),
            })
            .max_by_key(|s| s.starts_with("failed"))
            .unwrap_or_default();
        Some(worst)
    }
}

/// Exercises one card in every situation.
pub fn exercise(card: CardId) -> CardReport {
    let mut report = CardReport {
        card,
        plays: Vec::new(),
        abilities_not_offered: Vec::new(),
        setup_error: None,
    };
    let def = db().get(card);
    let face = def.front();
    let is_aura = face.subtypes.contains(Subtype::AURA);
    let permanent = !face.is_type(CardType::Instant) && !face.is_type(CardType::Sorcery);
    let abilities: Vec<u8> = face
        .abilities
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Ability::Activated(_) | Ability::Mana(_)))
        .map(|(i, _)| i as u8)
        .collect();
    for s in Situation::ALL {
        // Answers to spells and combat are looked for only when the main
        // phase offered no way to play the card from the hand; the combat
        // boards with the card in play only for abilities not yet offered.
        let from_hand_done = report
            .plays
            .iter()
            .any(|p| p.situation == Situation::Main && p.outcome == Outcome::Done);
        let in_play = !permanent || is_aura;
        match s {
            Situation::InPlay if in_play => continue,
            Situation::InPlayAttacking | Situation::InPlayDefending
                if in_play || not_offered(&report.plays, &abilities).is_empty() =>
            {
                continue
            }
            Situation::Response(_)
            | Situation::AbilityResponse
            | Situation::OpponentAttacks
            | Situation::Attacking
            | Situation::Blocked
            | Situation::AfterDamage
            | Situation::EndStep
                if from_hand_done =>
            {
                continue
            }
            Situation::Blocking
            | Situation::CreatureTargeted
            | Situation::AfterSpell
            | Situation::OpponentUpkeep
            | Situation::OpponentUnblocked
                if report.exercised() =>
            {
                continue
            }
            _ => {}
        }
        let start = match board(card, s) {
            Ok(g) => g,
            Err(e) => {
                report.setup_error = Some(format!("{}: {e}", s.name()));
                continue;
            }
        };
        let Some(obj) = find(&start, card, s) else {
            report.setup_error = Some(format!("{}: the card is not where it was put", s.name()));
            continue;
        };
        let seed = card.0 as u64;
        exercise_from(&start, obj, s, seed, &mut report.plays, 0);
        if s == Situation::InPlay && !not_offered(&report.plays, &abilities).is_empty() {
            // 411.1: a mana ability with a mana cost (a Signet's {1}) is
            // offered only while the pool can pay it: float one mana of
            // each kind the lands make, and look again.
            with_floating_mana(&start, obj, seed, &mut report.plays);
        }
    }
    report.abilities_not_offered = not_offered(&report.plays, &abilities);
    report
}

/// The indexes among `abilities` that no play tried.
fn not_offered(plays: &[Play], abilities: &[u8]) -> Vec<u8> {
    let offered = |i: u8| {
        plays.iter().any(|p| {
            let n = p
                .label
                .strip_prefix("ability ")
                .or_else(|| p.label.strip_prefix("mana ability "));
            n.and_then(|n| n.parse().ok()) == Some(i)
        })
    };
    abilities.iter().copied().filter(|&i| !offered(i)).collect()
}

/// For each kind of mana a land of the owner makes: that mana floated in
/// the pool, then the card's plays tried again.
fn with_floating_mana(start: &Game, obj: ObjId, seed: u64, plays: &mut Vec<Play>) {
    let mut legal = Vec::new();
    start.legal_actions_into(&mut legal);
    let mut kinds = Vec::new();
    for a in legal {
        let Action::ActivateMana { source, kind, .. } = a else {
            continue;
        };
        let land = start
            .obj(source)
            .is_some_and(|o| o.def().front().is_type(CardType::Land));
        if source == obj || !land || kinds.contains(&kind) {
            continue;
        }
        kinds.push(kind);
        let mut g = start.clone();
        if g.apply(a).is_ok() {
            g.events.clear();
            exercise_from(&g, obj, Situation::InPlay, seed, plays, 1);
        }
    }
}

/// Tries every way of playing `obj` that `start` lists for its owner; after
/// a completed play, the ways the card offers next (an ability of the
/// permanent it became, turning it face up) are tried once more.
fn exercise_from(
    start: &Game,
    obj: ObjId,
    s: Situation,
    seed: u64,
    plays: &mut Vec<Play>,
    depth: u8,
) {
    let mut legal = Vec::new();
    start.legal_actions_into(&mut legal);
    let mut seen: Vec<String> = plays
        .iter()
        .filter(|p| p.situation == s)
        .map(|p| p.label.clone())
        .collect();
    // 502.40a: a card with splice is also played by splicing it onto an
    // Arcane spell its owner plays from the same hand.
    let splices = start
        .obj(obj)
        .is_some_and(|o| o.zone == Zone::Hand(ME) && o.def().front().spell.splice.is_some());
    let arcane = Subtype::intern("Arcane");
    for action in legal {
        let spliced_onto = match &action {
            Action::PlaySpell(o) if splices && *o != obj => start
                .obj(*o)
                .filter(|x| x.def().front().subtypes.contains(arcane))
                .map(|x| format!("spliced onto {}", x.def().name)),
            _ => None,
        };
        let Some(label) = spliced_onto.clone().or_else(|| label(&action, obj)) else {
            continue;
        };
        if seen.contains(&label) {
            continue;
        }
        seen.push(label.clone());
        let mut outcome = Outcome::Abandoned;
        let mut after = None;
        let prefer = spliced_onto.is_some().then_some(Action::ChooseObject(obj));
        for t in 0..TRIES {
            match attempt(
                start,
                &action,
                prefer.as_ref(),
                seed.wrapping_mul(31).wrapping_add(t),
            ) {
                Attempt::Done(g) => {
                    outcome = Outcome::Done;
                    after = Some(g);
                    break;
                }
                Attempt::Abandoned => continue,
                Attempt::Unsettled => {
                    outcome = Outcome::Unsettled;
                    break;
                }
                Attempt::Failed(m) => {
                    outcome = Outcome::Failed(m);
                    break;
                }
            }
        }
        plays.push(Play {
            situation: s,
            label,
            outcome,
        });
        if let Some(g) = after {
            if depth == 0 && !g.is_over() && g.decider() == Some(ME) {
                // 217.1c: a spell that became a permanent is a new object
                // (the same arena slot, a new generation).
                if let Some(next) = find_in(&g, obj, Zone::InPlay) {
                    exercise_from(&g, next, s, seed + 1, plays, 1);
                }
            }
        }
    }
}

/// The label of an action that plays `obj` or one of its abilities.
fn label(a: &Action, obj: ObjId) -> Option<String> {
    if a.objects().0 != Some(obj) {
        return None;
    }
    Some(match a {
        Action::PlayLand(_) | Action::PlaySpell(_) => "play".into(),
        Action::PlaySplit { half, .. } => format!("play half {half}"),
        Action::PlayFaceDown(_) => "play face down".into(),
        Action::TurnFaceUp(_) => "turn face up".into(),
        Action::Suspend(_) => "suspend".into(),
        Action::EndEffect(_) => "end effect".into(),
        Action::Granted(i) => format!("granted action {i}"),
        Action::Activate { index, .. } => format!("ability {index}"),
        Action::ActivateMana { index, .. } => format!("mana ability {index}"),
        _ => return None,
    })
}

enum Attempt {
    Done(Box<Game>),
    Abandoned,
    Unsettled,
    Failed(String),
}

/// Applies `first` to a copy of `start`, then makes every choice at random
/// among the legal actions (never abandoning a play that can still be
/// completed) and passes priority until the stack is empty.
/// With `prefer` (a card to splice, 502.40a), that action is taken
/// whenever it is legal, and the play counts only if it was.
fn attempt(start: &Game, first: &Action, prefer: Option<&Action>, seed: u64) -> Attempt {
    let r = catch_unwind(AssertUnwindSafe(|| {
        attempt_inner(start, first, prefer, seed)
    }));
    r.unwrap_or_else(|p| {
        let m = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into());
        Attempt::Failed(format!("panic: {m}"))
    })
}

fn attempt_inner(start: &Game, first: &Action, prefer: Option<&Action>, seed: u64) -> Attempt {
    let census = checks::census(start);
    let mut preferred = prefer.is_none();
    let mut g = start.clone();
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    let mut next = first.clone();
    for _ in 0..CAP {
        if let Err(e) = g.apply(next.clone()) {
            return Attempt::Failed(format!("listed action {next:?} refused: {e}"));
        }
        g.events.clear();
        if let Err((_, m)) = checks::zones(&g, &census) {
            return Attempt::Failed(m);
        }
        if g.is_over() {
            return Attempt::Done(Box::new(g));
        }
        g.legal_actions_into(&mut legal);
        if let Err((_, m)) = checks::decider(&g, &legal) {
            return Attempt::Failed(m);
        }
        let priority = matches!(
            g.decision.as_ref().map(|d| &d.kind),
            Some(DecisionKind::Priority)
        );
        if priority && g.stack.is_empty() {
            // 217.1c: a card played (a spell, a land, face down, suspended)
            // has left its zone, so its old id is gone (turning a permanent
            // face up is no move, 504.4). A card still there was played
            // with choices that left it no legal target and the play was
            // undone (409.1c, 422): another try makes other choices.
            let played = !matches!(
                first,
                Action::Activate { .. } | Action::ActivateMana { .. } | Action::TurnFaceUp(_)
            );
            if played && first.objects().0.is_some_and(|o| g.obj(o).is_some()) || !preferred {
                return Attempt::Abandoned;
            }
            return Attempt::Done(Box::new(g));
        }
        if priority {
            next = Action::Pass;
            continue;
        }
        let choices: Vec<&Action> = legal
            .iter()
            .filter(|a| !matches!(a, Action::CancelPlay | Action::Concede(_)))
            .collect();
        if choices.is_empty() {
            return Attempt::Abandoned;
        }
        if let Some(p) = prefer.filter(|p| !preferred && choices.contains(p)) {
            preferred = true;
            next = p.clone();
            continue;
        }
        next = choices[rng.below(choices.len())].clone();
    }
    Attempt::Unsettled
}

/// The card's object in the zone the situation put it in.
fn find(g: &Game, card: CardId, s: Situation) -> Option<ObjId> {
    let zone = match s {
        Situation::InPlay | Situation::InPlayAttacking | Situation::InPlayDefending => Zone::InPlay,
        Situation::Graveyard => Zone::Graveyard(ME),
        _ => Zone::Hand(ME),
    };
    // The boards' own cards are never the card's first copy: the card is
    // listed first in its zone.
    (0..g.objects.len())
        .map(|slot| g.current_id(slot))
        .find(|&id| {
            g.obj(id)
                .is_some_and(|o| o.card == card && o.owner == ME && o.zone == zone)
        })
}

/// The object `obj` became in `zone` (217.1c: a spell that resolved into a
/// permanent is a new object in the same arena slot).
fn find_in(g: &Game, obj: ObjId, zone: Zone) -> Option<ObjId> {
    let id = g.current_id(obj.slot as usize);
    g.obj(id).filter(|o| o.zone == zone).map(|_| id)
}

/// The board for `card` in situation `s`, as a scenario: on each side
/// thirty untapped basic lands (and a nonbasic one for the opponent, for
/// "Enchant nonbasic land") and permanents of many kinds (white, blue,
/// multicoloured, black, legendary, tapped, damaged, face-down creatures, a snow land, a Wall,
/// a Goblin, a Spirit, horsemanship, an Aura, an Equipment), and cards of
/// each type in the hands and graveyards.
pub fn scenario_text(card: CardId, s: Situation) -> String {
    let name = &db().get(card).name;
    let card = format!("\"{name}\"");
    let (turn, hand, in_play, graveyard) = match s {
        Situation::Main | Situation::AfterSpell => ("3 P1 main1", card.as_str(), "", ""),
        Situation::InPlay => ("3 P1 main1", "", card.as_str(), ""),
        Situation::Graveyard => ("3 P1 main1", "", "", card.as_str()),
        Situation::Response(_) | Situation::AbilityResponse | Situation::CreatureTargeted => {
            ("3 P2 main1", card.as_str(), "", "")
        }
        Situation::OpponentAttacks => ("3 P2 beginning_of_combat", card.as_str(), "", ""),
        Situation::Attacking | Situation::Blocked | Situation::AfterDamage => {
            ("3 P1 beginning_of_combat", card.as_str(), "", "")
        }
        Situation::InPlayAttacking => ("3 P1 beginning_of_combat", "", card.as_str(), ""),
        Situation::InPlayDefending => ("3 P2 beginning_of_combat", "", card.as_str(), ""),
        Situation::EndStep => ("3 P1 main2", card.as_str(), "", ""),
        Situation::Blocking => ("3 P2 beginning_of_combat", card.as_str(), "", ""),
        Situation::OpponentUpkeep => ("3 P2 upkeep", card.as_str(), "", ""),
        Situation::OpponentUnblocked => ("3 P2 beginning_of_combat", card.as_str(), "", ""),
    };
    // The blocker of `Blocking`, only on its board.
    let wall = if s == Situation::Blocking {
        ", Wall of Wood"
    } else {
        ""
    };
    // The opponent's artifact of `AbilityResponse`, only on its board.
    let rod = if s == Situation::AbilityResponse {
        ", Rod of Ruin"
    } else {
        ""
    };
    let sep = |s: &str| {
        if s.is_empty() {
            String::new()
        } else {
            format!("{s}, ")
        }
    };
    format!(
        "name: exercise {name} ({situation})\n\
         seed: 7\n\
         turn: {turn}\n\
         P1 hand: {hand}Forest, Grizzly Bears, Lightning Bolt, Ornithopter, Lava Spike\n\
         P1 in_play: {in_play}{LANDS}, Snow-Covered Forest, Grizzly Bears, Ornithopter, Glorious Anthem, Wind Drake, \
         Savannah Lions x3, Goblin Piker{wall}\n\
         P1 graveyard: {graveyard}Grizzly Bears, Lightning Bolt, Lava Axe, Forest, Ornithopter, \
         Glorious Anthem, Scathe Zombies, \"Kamahl, Pit Fighter\"\n\
         P1 library: {LIBRARY}\n\
         P2 hand: Lightning Bolt, Lava Spike, Grizzly Bears, Wind Drake, Ornithopter, \
         Glorious Anthem, Island\n\
         P2 in_play: {LANDS}, Tundra, Grizzly Bears (damage 1), Wind Drake, Ornithopter (tapped), \
         Serra Angel, Holy Strength (attached to Serra Angel), Wall of Wood, \
         \"Kamahl, Pit Fighter\", Kami of the Hunt, Watchwolf, Shu Cavalry, \
         Exalted Angel (face down), Bonesplitter, Glorious Anthem, Scathe Zombies{rod}\n\
         P2 graveyard: Grizzly Bears, Lightning Bolt, Lava Axe, Island, Ornithopter\n\
         P2 library: {LIBRARY}\n",
        situation = s.name(),
        hand = sep(hand),
        in_play = sep(in_play),
        graveyard = sep(graveyard),
    )
}

const LANDS: &str = "Plains x6, Island x6, Swamp x6, Mountain x6, Forest x6";
const LIBRARY: &str =
    "Forest x4, Island x4, Grizzly Bears x4, Lightning Bolt x3, Ornithopter x3, Swamp x2";

/// Builds the board and brings it to the moment the card may be played:
/// the opponent's spell on the stack, or the combat under way.
fn board(card: CardId, s: Situation) -> Result<Game, String> {
    let text = scenario_text(card, s);
    let sc = Scenario::parse(&text, "exercise").map_err(|e| e.to_string())?;
    let mut g = sc
        .build()
        .map_err(|(line, e)| format!("line {line}: {e}"))?;
    g.events.clear();
    let mut legal = Vec::new();
    let (mut attacked, mut blocked, mut cast) = (false, false, false);
    for _ in 0..60 {
        g.legal_actions_into(&mut legal);
        let Some(d) = g.decision.as_ref() else {
            return Err("no decision".into());
        };
        let ready = d.player == ME
            && d.kind == DecisionKind::Priority
            && match s {
                Situation::Response(_)
                | Situation::AbilityResponse
                | Situation::CreatureTargeted => !g.stack.is_empty(),
                Situation::OpponentAttacks | Situation::Attacking => {
                    g.step == Step::DeclareAttackers
                }
                Situation::Blocked
                | Situation::InPlayAttacking
                | Situation::Blocking
                | Situation::OpponentUnblocked => g.step == Step::DeclareBlockers,
                Situation::InPlayDefending => g.step == Step::DeclareAttackers,
                Situation::AfterDamage => g.step == Step::EndOfCombat,
                Situation::EndStep => g.step == Step::EndOfTurn,
                Situation::AfterSpell => cast && g.stack.is_empty(),
                Situation::OpponentUpkeep => g.step == Step::Upkeep,
                _ => true,
            };
        if ready {
            return Ok(g);
        }
        let pick = match &d.kind {
            DecisionKind::Priority if !cast && d.player == OPPONENT => match s {
                Situation::Response(_) | Situation::CreatureTargeted => {
                    cast = true;
                    let spell = match s {
                        Situation::Response(i) => RESPONSES[i as usize],
                        _ => "Lightning Bolt",
                    };
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::PlaySpell(o) if g.obj(*o).is_some_and(|o| o.def().name == spell)))
                        .cloned()
                }
                Situation::AbilityResponse => {
                    cast = true;
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::Activate { source, .. } if g.obj(*source).is_some_and(|o| o.def().name == "Rod of Ruin")))
                        .cloned()
                }
                _ => Some(Action::Pass),
            },
            // The owner's Lava Spike, played first (AfterSpell).
            DecisionKind::Priority if !cast && s == Situation::AfterSpell => {
                cast = true;
                legal
                    .iter()
                    .find(|a| matches!(a, Action::PlaySpell(o) if g.obj(*o).is_some_and(|o| o.def().name == "Lava Spike")))
                    .cloned()
            }
            DecisionKind::DeclareAttackers if !attacked => {
                attacked = true;
                legal.iter().find(|a| is_bears_attack(&g, a)).cloned()
            }
            DecisionKind::DeclareBlockers if !blocked && s != Situation::OpponentUnblocked => {
                blocked = true;
                // The Wall survives the block, so both creatures are left
                // dealt damage (AfterDamage).
                let wall = |a: &&Action| matches!(a, Action::Block { blocker, .. } if g.obj(*blocker).is_some_and(|o| o.def().name == "Wall of Wood"));
                legal
                    .iter()
                    .find(wall)
                    .or_else(|| legal.iter().find(|a| matches!(a, Action::Block { .. })))
                    .cloned()
            }
            DecisionKind::DeclareAttackers | DecisionKind::DeclareBlockers => Some(Action::Done),
            // The Bolt aimed at the card's side's Grizzly Bears.
            DecisionKind::ChooseTarget { .. } if s == Situation::CreatureTargeted => legal
                .iter()
                .find(|a| matches!(a, Action::ChooseTarget(tolaria_rules::Target::Object(o)) if g.obj(*o).is_some_and(|x| x.controller == ME && x.def().name == "Grizzly Bears")))
                .cloned(),
            DecisionKind::Priority => Some(Action::Pass),
            _ => legal
                .iter()
                .find(|a| !matches!(a, Action::CancelPlay | Action::Concede(_)))
                .cloned(),
        };
        let a =
            pick.ok_or_else(|| format!("no action to prepare the board at {:?}", g.decision))?;
        g.apply(a).map_err(|e| e.to_string())?;
        g.events.clear();
    }
    Err("the board never reached its moment".into())
}

/// An attack by a Grizzly Bears (the boards' attacker, not the card).
fn is_bears_attack(g: &Game, a: &Action) -> bool {
    matches!(a, Action::Attack(o) if g.obj(*o).is_some_and(|o| o.def().name == "Grizzly Bears"))
}

/// Exercises `cards` on `threads` threads; the reports in the cards' order.
pub fn exercise_all(cards: &[CardId], threads: usize) -> Vec<CardReport> {
    let threads = threads.clamp(1, 64);
    let chunk = cards.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = cards
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|&c| exercise(c)).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("exercise catches the engine's panics"))
            .collect()
    })
}
