//! Fuzzing the cards of the layer system (418.5), copies (503) and
//! replacement effects (419) together, with random and greedy agents:
//! every game ends cleanly, every card in one zone, only legal actions, and
//! each kind of effect and choice comes up.

mod common;

use tolaria_rules::{DecisionKind, Event};

const CARDS: &[&str] = &[
    "Humility",
    "Opalescence",
    "Glorious Anthem",
    "Goblin King",
    "Control Magic",
    "Threaten",
    "Clone",
    "Mind Bend",
    "Crusade",
    "About Face",
    "Giant Growth",
    "Overrun",
    "Sorceress Queen",
    "Treetop Village",
    "Chimeric Staff",
    "March of the Machines",
    "Blanchwood Armor",
    "Pariah",
    "Furnace of Rath",
    "Heart of Light",
    "Healing Salve",
    "Holy Day",
    "Legacy Weapon",
    "Samurai of the Pale Curtain",
    "Root Maze",
    "Voice of All",
    "Triskelion",
    "Spellbook",
    "Shock",
    "Lightning Bolt",
    "Naturalize",
    "Grizzly Bears",
    "Hill Giant",
    "Mind Stone",
];

#[test]
fn layer_copy_and_replacement_cards_play_out() {
    let pool = common::supported(CARDS);
    // Choices that came up: copies, colours, words, replacement orders;
    // control changes and replaced damage or moves.
    let mut seen = [0u32; 6];
    common::fuzz(&pool, 418, 100, |g, events| {
        match g.decision.as_ref().map(|d| &d.kind) {
            Some(DecisionKind::ChooseCopy) => seen[0] += 1,
            Some(DecisionKind::ChooseColor) => seen[1] += 1,
            Some(DecisionKind::ChooseWord { .. }) => seen[2] += 1,
            Some(DecisionKind::ChooseReplacement { .. }) => seen[3] += 1,
            _ => {}
        }
        for e in events {
            match e {
                Event::ControlChanged { .. } => seen[4] += 1,
                Event::DamageReplaced { .. } | Event::MoveReplaced { .. } => seen[5] += 1,
                _ => {}
            }
        }
    });
    eprintln!(
        "copy choices {}, colours {}, words {}, replacement orders {}, control changes {}, replaced {}",
        seen[0], seen[1], seen[2], seen[3], seen[4], seen[5]
    );
    assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
}
