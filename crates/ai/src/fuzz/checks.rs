//! The fuzz driver's checks, run after every action (or a sample of
//! actions, `Checks`): zones and card conservation through subgames, every
//! listed action applies, unlisted and malformed actions are refused with
//! the state byte-identical, `view(p)` shows nothing hidden, the kept
//! board equals a fresh computation (`Game::check_board`, in the driver), and the
//! classification of a game that reached the action cap.

use super::FailureKind;
use tolaria_cards::CardId;
use tolaria_rules::{Action, DecisionKind, Game, ObjId, PlayerId, Rng, Target};

/// A check that failed: what kind, and a description.
pub type CheckError = (FailureKind, String);

/// Every card of the original game, by arena slot: (card, owner).
pub fn census(g: &Game) -> Vec<(CardId, PlayerId)> {
    outermost(g)
        .objects
        .iter()
        .filter(|o| !o.token && o.spell_copy.is_none())
        .map(|o| (o.card, o.owner))
        .collect()
}

/// The game that began first: a subgame holds its main game (506.1).
fn outermost(g: &Game) -> &Game {
    let mut g = g;
    while let Some(m) = g.main_game() {
        g = m;
    }
    g
}

/// 217.1: every card in exactly one zone, in this game and every suspended
/// main game, and the original game's cards are the cards it began with
/// (none lost, none duplicated, none changed identity).
pub fn zones(g: &Game, census: &[(CardId, PlayerId)]) -> Result<(), CheckError> {
    let mut level = Some(g);
    let mut depth = 0;
    while let Some(x) = level {
        x.check_zones()
            .map_err(|e| (FailureKind::Zones, format!("game depth {depth}: {e}")))?;
        level = x.main_game();
        depth += 1;
    }
    let first = outermost(g);
    for (slot, &(card, owner)) in census.iter().enumerate() {
        match first.objects.get(slot) {
            Some(o) if o.card == card && o.owner == owner && !o.token => {}
            Some(o) => {
                return Err((
                    FailureKind::Zones,
                    format!(
                        "card #{slot} was {} of {owner}, is {} of {}",
                        tolaria_cards::db().get(card).name,
                        o.def().name,
                        o.owner
                    ),
                ))
            }
            None => return Err((FailureKind::Zones, format!("card #{slot} is gone"))),
        }
    }
    Ok(())
}

/// While the game isn't over someone decides, and has something to do.
pub fn decider(g: &Game, legal: &[Action]) -> Result<(), CheckError> {
    if g.is_over() {
        return Ok(());
    }
    if g.decider().is_none() {
        return Err((
            FailureKind::NoDecision,
            "the game runs but nobody decides".into(),
        ));
    }
    if legal.is_empty() {
        return Err((
            FailureKind::NoLegalAction,
            format!("no legal action for {:?}", g.decision),
        ));
    }
    Ok(())
}

/// Up to `sample` listed actions (other than `chosen`, which the game
/// itself applies) each apply to a copy, leaving consistent zones.
pub fn listed_apply(
    g: &Game,
    legal: &[Action],
    chosen: &Action,
    sample: usize,
    rng: &mut Rng,
    census: &[(CardId, PlayerId)],
) -> Result<(), CheckError> {
    if legal.len() <= 1 || sample == 0 {
        return Ok(());
    }
    let picks: Vec<usize> = if legal.len() <= sample + 1 {
        (0..legal.len()).collect()
    } else {
        (0..sample).map(|_| rng.below(legal.len())).collect()
    };
    for i in picks {
        let a = &legal[i];
        if a == chosen {
            continue;
        }
        let mut c = g.clone();
        if let Err(e) = c.apply(a.clone()) {
            return Err((
                FailureKind::ListedRefused,
                format!("{a:?} is listed for {:?} but refused: {e}", g.decision),
            ));
        }
        zones(&c, census).map_err(|(k, m)| (k, format!("after listed {a:?}: {m}")))?;
    }
    Ok(())
}

/// Actions that may be accepted without being listed, by design: a
/// player's own concession (never listed) and naming any card (419.1b).
pub fn accepted_unlisted(g: &Game, a: &Action) -> bool {
    match a {
        Action::Concede(p) => p.index() < g.num_players(),
        Action::NameCard(_) => true,
        _ => false,
    }
}

/// Malformed and unlisted actions: ids past the arena, stale generations,
/// players who don't exist, huge numbers, listed actions with a part
/// changed, and listed actions sent by someone who doesn't decide.
fn candidates(g: &Game, legal: &[Action], rng: &mut Rng) -> Vec<(Option<PlayerId>, Action)> {
    let n = g.objects.len();
    let bogus = ObjId {
        slot: u16::try_from(n).unwrap_or(u16::MAX),
        gen: 0,
    };
    let real = if n == 0 {
        bogus
    } else {
        let s = rng.below(n);
        g.current_id(s)
    };
    let stale = ObjId {
        slot: real.slot,
        gen: real.gen.wrapping_add(1),
    };
    let nobody = PlayerId(g.num_players() as u8 + rng.below(200) as u8);
    let mut v: Vec<Action> = vec![
        Action::Concede(nobody),
        Action::Concede(PlayerId(u8::MAX)),
        Action::PlaySpell(bogus),
        Action::PlayLand(stale),
        Action::Activate {
            source: real,
            index: u8::MAX,
        },
        Action::ActivateMana {
            source: bogus,
            index: 0,
            kind: tolaria_cards::ManaKind::Colorless,
        },
        Action::ChooseObject(stale),
        Action::ChooseObject(bogus),
        Action::ChooseTarget(Target::Player(nobody)),
        Action::ChooseTarget(Target::Object(bogus)),
        Action::ChooseX(u32::MAX),
        Action::AssignDamage(u32::MAX),
        Action::ChooseMode(u8::MAX),
        Action::ChooseTrigger(u8::MAX),
        Action::ChooseReplacement(u8::MAX),
        Action::ChooseOutside(u16::MAX),
        Action::ChooseFromMainGame(bogus),
        Action::Attack(real),
        Action::AttackPlayer {
            attacker: real,
            player: nobody,
        },
        Action::Block {
            blocker: real,
            attacker: bogus,
        },
        Action::Band {
            creature: bogus,
            with: real,
        },
        Action::PutInPile {
            creature: real,
            pile: u8::MAX,
        },
        Action::PlaySplit {
            card: real,
            half: u8::MAX,
        },
        Action::Ninjutsu {
            card: real,
            attacker: stale,
        },
        Action::TurnFaceUp(real),
        Action::Suspend(real),
        Action::EndEffect(real),
        Action::PlayFaceDown(real),
        Action::Keep,
        Action::Mulligan,
        Action::Pass,
        Action::Done,
        Action::CancelPlay,
        Action::Yes,
        Action::No,
        Action::CallHeads,
        Action::KeepCoin(true),
    ];
    // Listed actions with one part changed.
    for _ in 0..4 {
        if legal.is_empty() {
            break;
        }
        let mut a = legal[rng.below(legal.len())].clone();
        match &mut a {
            Action::PlaySpell(o)
            | Action::PlayLand(o)
            | Action::ChooseObject(o)
            | Action::Attack(o)
            | Action::TurnFaceUp(o) => *o = real,
            Action::Activate { index, .. } | Action::ActivateMana { index, .. } => {
                *index = index.wrapping_add(1 + rng.below(3) as u8)
            }
            Action::ChooseX(x) | Action::AssignDamage(x) => *x = x.saturating_add(1),
            Action::ChooseTarget(t) => *t = Target::Object(real),
            Action::ChooseMode(m) | Action::ChooseTrigger(m) | Action::ChooseReplacement(m) => {
                *m = m.wrapping_add(1)
            }
            Action::Block { attacker, .. } => *attacker = real,
            Action::AttackPlayer { player, .. } => *player = PlayerId(rng.below(8) as u8),
            _ => {}
        }
        v.push(a);
    }
    let mut out: Vec<(Option<PlayerId>, Action)> = v.into_iter().map(|a| (None, a)).collect();
    // A listed action sent by a player who doesn't decide (408.1, 507.3).
    if let (Some(d), Some(a)) = (g.decider(), legal.first()) {
        let other = PlayerId(
            ((d.0 as usize + 1 + rng.below(g.num_players().max(2) - 1)) % g.num_players()) as u8,
        );
        if other != d {
            out.push((Some(other), a.clone()));
        }
    }
    out
}

/// Up to `sample` malformed or unlisted actions: each is refused with a
/// typed error and leaves the game byte-identical (its JSON).
pub fn unlisted_refused(
    g: &Game,
    legal: &[Action],
    sample: usize,
    rng: &mut Rng,
) -> Result<(), CheckError> {
    let all = candidates(g, legal, rng);
    let before = serde_json::to_string(g).map_err(|e| (FailureKind::Serde, e.to_string()))?;
    for _ in 0..sample {
        let (sender, a) = all[rng.below(all.len())].clone();
        let listed = legal.contains(&a);
        if sender.is_none() && (listed || accepted_unlisted(g, &a)) {
            continue;
        }
        if sender.is_some() && matches!(a, Action::Concede(_)) {
            continue;
        }
        let mut c = g.clone();
        let r = match sender {
            Some(s) => c.apply_as(s, a.clone()),
            None => c.apply(a.clone()),
        };
        if r.is_ok() {
            return Err((
                FailureKind::UnlistedAccepted,
                format!(
                    "{a:?}{} accepted though not legal for {:?}",
                    sender.map_or(String::new(), |s| format!(" sent by {s}")),
                    g.decision
                ),
            ));
        }
        let after = serde_json::to_string(&c).map_err(|e| (FailureKind::Serde, e.to_string()))?;
        if after != before {
            return Err((
                FailureKind::RefusalChangedState,
                format!(
                    "refusing {a:?} changed the game: {}",
                    first_difference(&before, &after)
                ),
            ));
        }
    }
    Ok(())
}

/// Where two strings first differ, with some context.
pub fn first_difference(a: &str, b: &str) -> String {
    let i = a
        .bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let mut lo = i.saturating_sub(80);
    while !a.is_char_boundary(lo) || !b.is_char_boundary(lo) {
        lo -= 1;
    }
    let cut = |s: &str| {
        let mut hi = (i + 80).min(s.len());
        while !s.is_char_boundary(hi) {
            hi -= 1;
        }
        s[lo..hi].to_string()
    };
    format!("at byte {i}: {:?} vs {:?}", cut(a), cut(b))
}

/// A copy of `g` with the cards `viewer` may not identify exchanged among
/// their places (per owner: library cards below the top, and the hand
/// cards the viewer doesn't see and that weren't revealed): a game that
/// differs from `g` only in hidden information. `None` if nothing changed.
fn hidden_permuted(g: &Game, viewer: PlayerId, rng: &mut Rng) -> Option<Game> {
    let mut h = g.clone();
    let mut changed = false;
    for q in g.player_ids() {
        let pl = g.player(q);
        let mut slots: Vec<usize> = pl
            .library
            .iter()
            .take(pl.library.len().saturating_sub(1))
            .map(|id| id.slot as usize)
            .collect();
        if !g.sees_hand_of(viewer, q) && !g.hand_revealed_to(viewer, q) {
            slots.extend(
                pl.hand
                    .iter()
                    .filter(|id| {
                        g.objects[id.slot as usize].flags
                            & tolaria_rules::state::object::flags::REVEALED
                            == 0
                    })
                    .map(|id| id.slot as usize),
            );
        }
        if slots.len() < 2 {
            continue;
        }
        let mut cards: Vec<CardId> = slots.iter().map(|&s| g.objects[s].card).collect();
        rng.shuffle(&mut cards);
        for (&s, &c) in slots.iter().zip(&cards) {
            if h.objects[s].card != c {
                h.objects[s].card = c;
                changed = true;
            }
        }
    }
    changed.then_some(h)
}

/// `view(viewer)` shows nothing hidden: a game that differs only in cards
/// the viewer may not identify gives the same view, and so does the
/// viewer's determinized copy. Skipped while the viewer is making a choice
/// other than priority (a search or a look at cards may show them).
pub fn view_hides(g: &Game, viewer: PlayerId, rng: &mut Rng) -> Result<(), CheckError> {
    if g.decider() == Some(viewer)
        && !matches!(
            g.decision.as_ref().map(|d| &d.kind),
            Some(DecisionKind::Priority | DecisionKind::Mulligan)
        )
    {
        return Ok(());
    }
    let v = g.view(viewer);
    let json = |v: &tolaria_rules::PlayerView| serde_json::to_string(v).unwrap_or_default();
    if let Some(h) = hidden_permuted(g, viewer, rng) {
        let w = h.view(viewer);
        if w != v {
            return Err((
                FailureKind::ViewLeak,
                format!(
                    "view({viewer}) changes with hidden cards: {}",
                    first_difference(&json(&v), &json(&w))
                ),
            ));
        }
    }
    let d = g.determinized(viewer, rng);
    let w = d.view(viewer);
    if w != v {
        return Err((
            FailureKind::ViewLeak,
            format!(
                "view({viewer}) of the determinized copy differs: {}",
                first_difference(&json(&v), &json(&w))
            ),
        ));
    }
    Ok(())
}

/// What keeps a game that reached the action cap going: from a copy, every
/// player passes (the first listed answer to other decisions) for up to
/// `budget` actions; if the turn then moves on or the game ends, the agents
/// were repeating free actions, otherwise the engine loops by itself.
pub fn engine_loops(g: &Game, budget: u32) -> Option<String> {
    let mut c = g.clone();
    let turn = c.turn;
    let mut buf = Vec::new();
    // The last actions and log lines of the play-on, to show what loops.
    let mut tail: std::collections::VecDeque<String> = std::collections::VecDeque::new();
    let mut note = |line: String| {
        if tail.len() == 16 {
            tail.pop_front();
        }
        tail.push_back(line);
    };
    // Resolving what the agents stacked up (thousands of activations of a
    // free ability) takes a round of passes per item: that is progress,
    // not a loop, so the budget grows with the stack.
    let budget = u64::from(budget) + c.stack.len() as u64 * (c.num_players() as u64 + 2) * 2;
    for _ in 0..budget {
        if c.is_over() || c.turn != turn || c.main_game().is_some() != g.main_game().is_some() {
            return None;
        }
        c.legal_actions_into(&mut buf);
        let a = if buf.contains(&Action::Pass) {
            Action::Pass
        } else if buf.contains(&Action::Done) {
            Action::Done
        } else if buf.contains(&Action::No) {
            Action::No
        } else if let Some(a) = buf.iter().find(|a| !matches!(a, Action::CancelPlay)) {
            a.clone()
        } else if let Some(a) = buf.first() {
            a.clone()
        } else {
            note(format!("no legal action at {:?}", c.decision));
            break;
        };
        note(format!(
            "{:?} answers {:?} with {a:?} (stack: {} items, top {:?})",
            c.decider(),
            c.decision.as_ref().map(|d| &d.kind),
            c.stack.len(),
            c.stack.last().map(|s| (&s.kind, s.controller))
        ));
        if let Err(e) = c.apply(a) {
            note(format!("refused: {e}"));
            break;
        }
        for e in c.events.drain(..) {
            note(e.render());
        }
    }
    if c.is_over() || c.turn != turn {
        return None;
    }
    Some(tail.into_iter().collect::<Vec<_>>().join("\n    "))
}
