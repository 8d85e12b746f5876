//! Every card of the seed card groups (`crates/cards/data/groups.json`, a
//! copy of `../shared/cards/groups.json`: morph 502.26, other face-down
//! cards 504 and 217.7b, split cards 505, flip cards 508, phasing 502.15,
//! cards from outside the game, the cards the rules name) compiles completely
//! and is named in a scenario file under `tests/scenarios/`, which plays it
//! and checks what it did.
//!
//! `NOT_YET` lists the cards still refused and `NO_SCENARIO_YET` the cards
//! no scenario plays yet. Both must match exactly: a card that starts to
//! compile or gets its scenario has to leave its list.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tolaria_cards::{db, Layout};

const GROUPS: &str = include_str!("../../cards/data/groups.json");

/// Group cards that don't compile yet, each with what it still needs.
const NOT_YET: &[&str] = &[];

/// Group cards that compile but no scenario plays yet.
const NO_SCENARIO_YET: &[&str] = &[];

fn scenario_text(dir: &Path, out: &mut String) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/scenarios is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            scenario_text(&p, out);
        } else if p.extension().is_some_and(|e| e == "scn") {
            out.push_str(&std::fs::read_to_string(&p).expect("a readable scenario"));
            out.push('\n');
        }
    }
}

fn group_cards() -> Vec<(String, Vec<String>)> {
    let v: serde_json::Value = serde_json::from_str(GROUPS).expect("groups.json parses");
    let groups = v["groups"].as_object().expect("groups.json has groups");
    groups
        .iter()
        .map(|(g, cards)| {
            let names = cards
                .as_array()
                .expect("a group is a list of names")
                .iter()
                .map(|n| n.as_str().expect("a card name").to_string())
                .collect();
            (g.clone(), names)
        })
        .collect()
}

/// 502.26, 504, 505, 508, 502.15: each seed group card compiles and is played
/// by a scenario (a split card is named whole, "Fire // Ice"; a flip card by
/// its unflipped face, as scenarios set it up).
#[test]
fn every_seed_group_card_compiles_and_is_in_a_scenario() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let mut text = String::new();
    scenario_text(&root, &mut text);
    let not_yet: BTreeSet<&str> = NOT_YET.iter().copied().collect();
    let no_scenario: BTreeSet<&str> = NO_SCENARIO_YET.iter().copied().collect();
    let mut refused = BTreeSet::new();
    let mut problems = Vec::new();
    for (group, names) in group_cards() {
        for name in names {
            let Some(card) = db().by_name(&name) else {
                problems.push(format!("{group}: {name} is not in the card database"));
                continue;
            };
            if !card.is_supported() {
                refused.insert(card.name.clone());
                if !not_yet.contains(card.name.as_str()) {
                    problems.push(format!("{group}: {name} is refused"));
                }
                continue;
            }
            let named = match card.layout {
                Layout::Flip => text.contains(card.faces[0].name.as_str()),
                _ => text.contains(card.name.as_str()),
            };
            if named && no_scenario.contains(card.name.as_str()) {
                problems.push(format!(
                    "{name} is in a scenario now: take it off NO_SCENARIO_YET"
                ));
            } else if !named && !no_scenario.contains(card.name.as_str()) {
                problems.push(format!("{group}: {name} is in no scenario"));
            }
        }
    }
    for name in not_yet {
        if !refused.contains(name) {
            problems.push(format!("{name} compiles now: take it off NOT_YET"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
