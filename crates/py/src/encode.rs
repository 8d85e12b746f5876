//! The fixed-shape encoding of what one player may see (`Game::view`), for
//! learning: every number is read from the `PlayerView` alone, so hidden
//! cards never reach it (an opponent's hand and library, face-down cards of
//! others). docs/python.md names every feature; `LAYOUT` is the table the
//! Python side splits the flat vector with.
//!
//! Actions are encoded as positions in the legal-action list (the engine's
//! deterministic order), at most `MAX_ACTIONS`; each position also has a
//! feature row (`actions`) naming its kind, numbers and the observation
//! slot of the object it refers to, so a policy can score actions by what
//! they do, and a mask of the positions in use.

use std::collections::HashMap;
use tolaria_cards::{db, CardId, CardType, Color, Keyword, Step};
use tolaria_rules::engine::view::PlayerView;
use tolaria_rules::{Action, DecisionKind, Game, ObjId, PlayerId, Target};

pub const MAX_PLAYERS: usize = 4;
pub const HAND: usize = 16;
pub const IN_PLAY: usize = 48;
pub const GRAVE: usize = 16;
pub const STACK: usize = 8;
pub const REMOVED: usize = 16;
pub const MAX_ACTIONS: usize = 64;

/// Features of a card from the database.
pub const CARD_F: usize = 53;
pub const PERM_F: usize = CARD_F + 19;
pub const GRAVE_F: usize = CARD_F + MAX_PLAYERS;
/// A card removed from the game: its features, its owner's relative seat,
/// `hidden` (removed face down, 217.7b), time counters `/10` (502.59).
pub const REMOVED_F: usize = CARD_F + MAX_PLAYERS + 2;
pub const STACK_F: usize = 14 + CARD_F;
pub const PLAYER_F: usize = 16;
pub const GLOBAL_F: usize = 1 + 12 + DECISION_KINDS.len() + 1 + 3;
pub const ACTION_F: usize = ACTION_KINDS.len() + 1 + 6 + 6 + 6 + MAX_PLAYERS;

/// The decision kinds in one-hot order (`DecisionKind::name`).
pub const DECISION_KINDS: &[&str] = &[
    "mulligan",
    "priority",
    "choose target",
    "choose new targets",
    "choose what stays tapped",
    "choose a mode",
    "choose X",
    "announce division",
    "pay mana",
    "announce a cost",
    "sacrifice as a cost",
    "remove from the game as a cost",
    "tap as a cost",
    "return to hand as a cost",
    "discard as a cost",
    "declare attackers",
    "declare blockers",
    "assign combat damage",
    "order triggers",
    "discard",
    "sacrifice",
    "may",
    "call the coin flip",
    "choose a word to replace",
    "choose the new word",
    "choose what to copy",
    "choose a color",
    "choose a source",
    "choose a creature type",
    "choose a land type",
    "choose a basic land type",
    "name a card",
    "choose a replacement effect",
    "choose an option",
    "flip again",
    "keep a coin",
    "choose a card from outside the game",
    "discard or decline",
    "return to hand",
    "tap or untap",
    "choose a kind of permanent",
    "pay or decline",
    "pay or else",
    "choose a card",
    "assign as though unblocked",
    "pay attack cost",
    "choose an opponent",
    "choose defending player",
    "put a removed card into a graveyard as a cost",
    "divide piles",
    "choose what untaps",
    "announce splice",
    "opening_hand",
    "phase out",
    "untap up to",
    "as it comes into play",
    "sacrifice any number",
];

/// The action kinds in one-hot order (the `Action` variants).
pub const ACTION_KINDS: &[&str] = &[
    "Keep",
    "Mulligan",
    "Pass",
    "PlayLand",
    "PlaySpell",
    "PlayFaceDown",
    "TurnFaceUp",
    "Suspend",
    "PlaySplit",
    "Activate",
    "ActivateMana",
    "Ninjutsu",
    "ChooseTarget",
    "ChooseMode",
    "ChooseX",
    "CancelPlay",
    "Attack",
    "AttackPlayer",
    "Band",
    "Block",
    "PutInPile",
    "Done",
    "AssignDamage",
    "ChooseObject",
    "ChooseTrigger",
    "CallHeads",
    "CallTails",
    "ChooseReplacement",
    "ChooseColor",
    "ChooseCreatureType",
    "ChooseLandType",
    "NameCard",
    "ChooseWord",
    "KeepCoin",
    "ChooseOutside",
    "ChooseFromMainGame",
    "Yes",
    "No",
    "Concede",
    "EndEffect",
    "Granted",
];

/// One part of the flat observation: its name and shape.
pub struct Part {
    pub name: &'static str,
    pub rows: usize,
    pub cols: usize,
}

/// The parts in order; the flat vector is their concatenation.
pub const LAYOUT: &[Part] = &[
    Part {
        name: "global",
        rows: 1,
        cols: GLOBAL_F,
    },
    Part {
        name: "players",
        rows: MAX_PLAYERS,
        cols: PLAYER_F,
    },
    Part {
        name: "hand",
        rows: HAND,
        cols: CARD_F,
    },
    Part {
        name: "hand_ids",
        rows: 1,
        cols: HAND,
    },
    Part {
        name: "in_play",
        rows: IN_PLAY,
        cols: PERM_F,
    },
    Part {
        name: "in_play_ids",
        rows: 1,
        cols: IN_PLAY,
    },
    Part {
        name: "graveyard",
        rows: GRAVE,
        cols: GRAVE_F,
    },
    Part {
        name: "graveyard_ids",
        rows: 1,
        cols: GRAVE,
    },
    Part {
        name: "removed",
        rows: REMOVED,
        cols: REMOVED_F,
    },
    Part {
        name: "removed_ids",
        rows: 1,
        cols: REMOVED,
    },
    Part {
        name: "stack",
        rows: STACK,
        cols: STACK_F,
    },
    Part {
        name: "stack_ids",
        rows: 1,
        cols: STACK,
    },
    Part {
        name: "actions",
        rows: MAX_ACTIONS,
        cols: ACTION_F,
    },
    Part {
        name: "action_ids",
        rows: 1,
        cols: MAX_ACTIONS,
    },
];

pub const fn obs_len() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < LAYOUT.len() {
        n += LAYOUT[i].rows * LAYOUT[i].cols;
        i += 1;
    }
    n
}

pub const OBS_LEN: usize = obs_len();

/// The names of the card features, in order (for the docs and tests).
pub fn card_feature_names() -> Vec<String> {
    let mut v: Vec<String> = vec!["present".into(), "known".into(), "cmc/10".into()];
    for c in "WUBRG".chars() {
        v.push(format!("pips_{c}/3"));
    }
    v.push("generic/10".into());
    for c in "WUBRG".chars() {
        v.push(format!("color_{c}"));
    }
    for t in CardType::ALL {
        v.push(format!("type_{}", t.name()));
    }
    v.push("power/10".into());
    v.push("toughness/10".into());
    for k in Keyword::ALL {
        v.push(format!("kw_{k:?}"));
    }
    for k in ["static", "mana", "activated", "triggered"] {
        v.push(format!("has_{k}_ability"));
    }
    debug_assert_eq!(v.len(), CARD_F);
    v
}

/// Card id as a float for the `*_ids` parts: 0 for none or hidden, id + 1 otherwise.
fn id_f(c: Option<CardId>) -> f32 {
    c.map_or(0.0, |c| c.0 as f32 + 1.0)
}

/// Writes the features of a card (`None`: a slot holding an unseen card).
fn card_features(out: &mut [f32], card: Option<CardId>) {
    out[0] = 1.0;
    let Some(card) = card else { return };
    let face = db().get(card).front();
    out[1] = 1.0;
    if let Some(cost) = &face.mana_cost {
        out[2] = cost.converted() as f32 / 10.0;
        for i in 0..5 {
            out[3 + i] = cost.colored[i] as f32 / 3.0;
        }
        out[8] = cost.generic as f32 / 10.0;
    }
    for (i, c) in [
        Color::White,
        Color::Blue,
        Color::Black,
        Color::Red,
        Color::Green,
    ]
    .into_iter()
    .enumerate()
    {
        out[9 + i] = face.colors.contains(c) as u8 as f32;
    }
    for (i, t) in CardType::ALL.into_iter().enumerate() {
        out[14 + i] = face.types.contains(t) as u8 as f32;
    }
    out[21] = face.power.map_or(0, |p| p.base()) as f32 / 10.0;
    out[22] = face.toughness.map_or(0, |p| p.base()) as f32 / 10.0;
    for (i, k) in Keyword::ALL.into_iter().enumerate() {
        out[23 + i] = face.keywords.has(k) as u8 as f32;
    }
    for i in 0..4 {
        out[49 + i] = (face.ability_kinds >> i & 1) as f32;
    }
}

/// A player's seat relative to the viewer (0 = the viewer, then turn order).
fn rel(p: PlayerId, viewer: PlayerId, n: usize) -> usize {
    (p.index() + n - viewer.index()) % n.max(1)
}

#[derive(Clone, Copy)]
struct Slot {
    /// 0 hand, 1 in play, 2 graveyard, 3 stack, 4 elsewhere (removed from
    /// the game: `index` into `removed`; else 0)
    zone: usize,
    index: usize,
    card: Option<CardId>,
}

fn kind_index(kind: &DecisionKind) -> usize {
    let name = kind.name();
    DECISION_KINDS.iter().position(|&k| k == name).unwrap_or(0)
}

fn action_kind(a: &Action) -> (usize, f32) {
    use Action::*;
    let (name, n): (&str, f32) = match a {
        Keep => ("Keep", 0.0),
        Mulligan => ("Mulligan", 0.0),
        Pass => ("Pass", 0.0),
        PlayLand(_) => ("PlayLand", 0.0),
        PlaySpell(_) => ("PlaySpell", 0.0),
        PlayFaceDown(_) => ("PlayFaceDown", 0.0),
        TurnFaceUp(_) => ("TurnFaceUp", 0.0),
        Suspend(_) => ("Suspend", 0.0),
        EndEffect(_) => ("EndEffect", 0.0),
        Granted(i) => ("Granted", *i as f32),
        PlaySplit { half, .. } => ("PlaySplit", *half as f32),
        Activate { index, .. } => ("Activate", *index as f32),
        ActivateMana { index, .. } => ("ActivateMana", *index as f32),
        Ninjutsu { .. } => ("Ninjutsu", 0.0),
        ChooseTarget(_) => ("ChooseTarget", 0.0),
        ChooseMode(m) => ("ChooseMode", *m as f32),
        ChooseX(x) => ("ChooseX", *x as f32),
        CancelPlay => ("CancelPlay", 0.0),
        Attack(_) => ("Attack", 0.0),
        AttackPlayer { .. } => ("AttackPlayer", 0.0),
        Band { .. } => ("Band", 0.0),
        Block { .. } => ("Block", 0.0),
        PutInPile { pile, .. } => ("PutInPile", *pile as f32),
        Done => ("Done", 0.0),
        AssignDamage(n) => ("AssignDamage", *n as f32),
        ChooseObject(_) => ("ChooseObject", 0.0),
        ChooseTrigger(i) => ("ChooseTrigger", *i as f32),
        CallHeads => ("CallHeads", 0.0),
        CallTails => ("CallTails", 0.0),
        ChooseReplacement(i) => ("ChooseReplacement", *i as f32),
        ChooseColor(c) => ("ChooseColor", *c as u8 as f32),
        ChooseCreatureType(_) => ("ChooseCreatureType", 0.0),
        ChooseLandType(t) => ("ChooseLandType", t.0 as f32),
        NameCard(_) => ("NameCard", 0.0),
        ChooseWord(_) => ("ChooseWord", 0.0),
        KeepCoin(b) => ("KeepCoin", *b as u8 as f32),
        ChooseOutside(i) => ("ChooseOutside", *i as f32),
        ChooseFromMainGame(_) => ("ChooseFromMainGame", 0.0),
        Yes => ("Yes", 0.0),
        No => ("No", 0.0),
        Concede(_) => ("Concede", 0.0),
    };
    (
        ACTION_KINDS.iter().position(|&k| k == name).unwrap_or(0),
        n / 10.0,
    )
}

/// The objects an action refers to (first, second) and a player it names.
fn slot_features(out: &mut [f32], s: Option<&Slot>) {
    if let Some(s) = s {
        out[s.zone] = 1.0;
        let size = [HAND, IN_PLAY, GRAVE, STACK, REMOVED][s.zone];
        out[5] = s.index as f32 / size as f32;
    }
}

/// Encodes `view` (for `view.viewer`) into `obs` (`OBS_LEN` floats) and
/// `mask` (`MAX_ACTIONS` bytes, 1 for the legal positions). Returns the
/// number of legal actions (which may exceed `MAX_ACTIONS`).
pub fn encode(view: &PlayerView, obs: &mut [f32], mask: &mut [u8]) -> usize {
    obs.fill(0.0);
    mask.fill(0);
    let viewer = view.viewer;
    let n = view.players.len();
    let mut parts: Vec<&mut [f32]> = Vec::with_capacity(LAYOUT.len());
    let mut rest = obs;
    for p in LAYOUT {
        let (a, b) = rest.split_at_mut(p.rows * p.cols);
        parts.push(a);
        rest = b;
    }
    let [global, players, hand, hand_ids, in_play, in_play_ids, grave, grave_ids, removed, removed_ids, stack, stack_ids, actions, action_ids] =
        parts.as_mut_slice()
    else {
        unreachable!()
    };
    let mut slots: HashMap<ObjId, Slot> = HashMap::new();

    // global
    global[0] = view.turn as f32 / 50.0;
    if let Some(i) = Step::ORDER.iter().position(|&s| s == view.step) {
        global[1 + i] = 1.0;
    }
    let g = 13;
    if let Some(d) = &view.decision {
        global[g + kind_index(&d.kind)] = 1.0;
        let (a, b, c) = match &d.kind {
            DecisionKind::ChooseX { max, .. } => (0, *max, 0),
            DecisionKind::AnnounceDivision { min, max, .. }
            | DecisionKind::AssignCombatDamage { min, max, .. } => (*min, *max, 0),
            DecisionKind::ExileCost { remaining }
            | DecisionKind::RevealCost { remaining }
            | DecisionKind::LibraryTopCost { remaining }
            | DecisionKind::TapCost { remaining }
            | DecisionKind::ReturnCost { remaining }
            | DecisionKind::DiscardCost { remaining }
            | DecisionKind::Discard { remaining }
            | DecisionKind::PayAttackCost { remaining } => (0, 0, *remaining),
            _ => (0, 0, 0),
        };
        let base = g + DECISION_KINDS.len();
        global[base] = (!view.legal_actions.is_empty()) as u8 as f32;
        global[base + 1] = a as f32 / 10.0;
        global[base + 2] = b as f32 / 10.0;
        global[base + 3] = c as f32 / 10.0;
    }

    // players, by seat relative to the viewer
    for p in &view.players {
        let r = rel(p.id, viewer, n);
        if r >= MAX_PLAYERS {
            continue;
        }
        let row = &mut players[r * PLAYER_F..(r + 1) * PLAYER_F];
        row[0] = 1.0;
        row[1] = p.life as f32 / 20.0;
        row[2] = p.poison as f32 / 10.0;
        row[3] = p.library_size as f32 / 60.0;
        row[4] = p.hand_size as f32 / 10.0;
        row[5] = p.graveyard.len() as f32 / 60.0;
        for sym in p.pool.split('{').filter_map(|s| s.strip_suffix('}')) {
            let i = match sym {
                "W" => 0,
                "U" => 1,
                "B" => 2,
                "R" => 3,
                "G" => 4,
                _ => 5,
            };
            row[6 + i] += 0.1;
        }
        row[12] = p.lost as u8 as f32;
        row[13] = (p.id == view.active) as u8 as f32;
        row[14] = (p.id == view.turn_controller) as u8 as f32;
        row[15] = view.decision.as_ref().is_some_and(|d| d.player == p.id) as u8 as f32;
    }

    // the viewer's hand (only the viewer's own, even where 507.2 shows more)
    if let Some(me) = view.players.iter().find(|p| p.id == viewer) {
        if let Some(cards) = &me.hand {
            for (i, c) in cards.iter().take(HAND).enumerate() {
                card_features(&mut hand[i * CARD_F..(i + 1) * CARD_F], c.card);
                hand_ids[i] = id_f(c.card);
                slots.insert(
                    c.id,
                    Slot {
                        zone: 0,
                        index: i,
                        card: c.card,
                    },
                );
            }
        }
    }

    // permanents
    for (i, pm) in view.in_play.iter().take(IN_PLAY).enumerate() {
        let row = &mut in_play[i * PERM_F..(i + 1) * PERM_F];
        card_features(&mut row[..CARD_F], pm.card);
        in_play_ids[i] = id_f(pm.card);
        let x = &mut row[CARD_F..];
        let r = rel(pm.controller, viewer, n);
        if r < MAX_PLAYERS {
            x[r] = 1.0;
        }
        let b = MAX_PLAYERS;
        x[b] = pm.tapped as u8 as f32;
        x[b + 1] = pm.sick as u8 as f32;
        x[b + 2] = pm.face_down as u8 as f32;
        x[b + 3] = pm.attacking as u8 as f32;
        x[b + 4] = pm.blocking as u8 as f32;
        x[b + 5] = pm.phased_out as u8 as f32;
        x[b + 6] = pm.flipped as u8 as f32;
        x[b + 7] = pm.attached_to.is_some() as u8 as f32;
        x[b + 8] = pm.power.is_some() as u8 as f32;
        x[b + 9] = pm.power.unwrap_or(0) as f32 / 10.0;
        x[b + 10] = pm.toughness.unwrap_or(0) as f32 / 10.0;
        x[b + 11] = pm.damage as f32 / 10.0;
        x[b + 12] = pm.plus_counters as f32 / 10.0;
        x[b + 13] = pm.minus_counters as f32 / 10.0;
        x[b + 14] = (pm.owner == viewer) as u8 as f32;
        slots.insert(
            pm.id,
            Slot {
                zone: 1,
                index: i,
                card: pm.card,
            },
        );
    }

    // graveyards: the most recent cards first, the viewer's first
    let mut gi = 0;
    let mut order: Vec<_> = view.players.iter().collect();
    order.sort_by_key(|p| rel(p.id, viewer, n));
    'outer: for p in order {
        for c in p.graveyard.iter().rev() {
            if gi >= GRAVE {
                break 'outer;
            }
            let row = &mut grave[gi * GRAVE_F..(gi + 1) * GRAVE_F];
            card_features(&mut row[..CARD_F], c.card);
            let r = rel(p.id, viewer, n);
            if r < MAX_PLAYERS {
                row[CARD_F + r] = 1.0;
            }
            grave_ids[gi] = id_f(c.card);
            slots.insert(
                c.id,
                Slot {
                    zone: 2,
                    index: gi,
                    card: c.card,
                },
            );
            gi += 1;
        }
    }

    // removed from the game (406), the most recent first: public cards,
    // and face-down ones as unknown cards (217.7b)
    for (i, c) in view.removed.iter().rev().take(REMOVED).enumerate() {
        let row = &mut removed[i * REMOVED_F..(i + 1) * REMOVED_F];
        card_features(&mut row[..CARD_F], c.card);
        let r = rel(c.owner, viewer, n);
        if r < MAX_PLAYERS {
            row[CARD_F + r] = 1.0;
        }
        row[CARD_F + MAX_PLAYERS] = c.card.is_none() as u8 as f32;
        row[CARD_F + MAX_PLAYERS + 1] = c.time_counters as f32 / 10.0;
        removed_ids[i] = id_f(c.card);
        slots.insert(
            c.id,
            Slot {
                zone: 4,
                index: i,
                card: c.card,
            },
        );
    }

    // the stack, top first
    for (i, s) in view.stack.iter().rev().take(STACK).enumerate() {
        let row = &mut stack[i * STACK_F..(i + 1) * STACK_F];
        row[0] = 1.0;
        let r = rel(s.controller, viewer, n);
        if r < MAX_PLAYERS {
            row[1 + r] = 1.0;
        }
        let d = s.description.as_str();
        let (kind, name) = if let Some(nm) = d.strip_suffix(" triggered ability") {
            (1, Some(nm))
        } else if let Some(nm) = d.strip_suffix(" activated ability") {
            (2, Some(nm))
        } else if d.starts_with("combat damage") {
            (3, None)
        } else if d.starts_with("face-down creature spell") {
            // The name only in parentheses, for the controller who may see it.
            (
                0,
                d.strip_prefix("face-down creature spell (")
                    .and_then(|x| x.strip_suffix(')')),
            )
        } else {
            (0, Some(d))
        };
        row[5 + kind] = 1.0;
        row[9] = s.targets.len() as f32 / 4.0;
        for t in &s.targets {
            match t {
                Target::Player(p) => {
                    let r = rel(*p, viewer, n);
                    if r < MAX_PLAYERS {
                        row[10 + r] = 1.0;
                    }
                }
                Target::Object(_) | Target::Ability(_) => {}
            }
        }
        let card = name.and_then(|nm| db().by_name(nm)).map(|c| c.id);
        card_features(&mut row[14..], card);
        stack_ids[i] = id_f(card);
    }

    // actions
    let legal = &view.legal_actions;
    for (i, a) in legal.iter().take(MAX_ACTIONS).enumerate() {
        mask[i] = 1;
        let row = &mut actions[i * ACTION_F..(i + 1) * ACTION_F];
        let (k, num) = action_kind(a);
        row[k] = 1.0;
        let b = ACTION_KINDS.len();
        row[b] = num;
        if let Action::ActivateMana { kind, .. } = a {
            row[b + 1 + kind.index()] = 1.0;
        }
        let (o1, o2) = a.objects();
        let p = a.player();
        let s1 = o1.map(|o| {
            slots.get(&o).copied().unwrap_or(Slot {
                zone: 4,
                index: 0,
                card: None,
            })
        });
        slot_features(&mut row[b + 7..b + 13], s1.as_ref());
        let s2 = o2.map(|o| {
            slots.get(&o).copied().unwrap_or(Slot {
                zone: 4,
                index: 0,
                card: None,
            })
        });
        slot_features(&mut row[b + 13..b + 19], s2.as_ref());
        if let Some(p) = p {
            let r = rel(p, viewer, n);
            if r < MAX_PLAYERS {
                row[b + 19 + r] = 1.0;
            }
        }
        action_ids[i] = id_f(s1.and_then(|s| s.card));
    }
    legal.len()
}

/// Encodes what `player` may see of `game`.
pub fn encode_game(game: &Game, player: PlayerId, obs: &mut [f32], mask: &mut [u8]) -> usize {
    encode(&game.view(player), obs, mask)
}

#[cfg(test)]
mod decision_kind_names {
    /// Every decision kind has its own one-hot index: a kind missing from
    /// `DECISION_KINDS` would be encoded as the first ("mulligan").
    #[test]
    fn every_decision_kind_is_listed() {
        let src = include_str!("../../rules/src/engine/decision.rs");
        let body = &src[src.find("pub fn name(&self)").expect("DecisionKind::name")..];
        let body = &body[..body.find("\n    }\n").expect("end of name")];
        let missing: Vec<&str> = body
            .split("=> \"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter(|name| !super::DECISION_KINDS.contains(name))
            .collect();
        assert!(missing.is_empty(), "not in DECISION_KINDS: {missing:?}");
    }
}
