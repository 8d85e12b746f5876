//! Runs every rules scenario under tests/scenarios, and checks that bad
//! scenario files give errors naming the line.

use std::path::PathBuf;
use tolaria_scenario::{run_files, Scenario};

#[test]
fn every_rules_scenario_passes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let mut files = Vec::new();
    scenario_files(&dir, &mut files);
    files.sort();
    assert!(files.len() >= 10, "scenario files found: {}", files.len());
    let (passed, failed, report) = run_files(&files);
    assert_eq!(failed, 0, "\n{}", report.join("\n"));
    assert_eq!(passed, files.len());
}

/// Every `.scn` file under `dir`, subfolders included (`tests/scenarios/cards/`
/// holds one folder of card tests per set).
fn scenario_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "scn") {
            out.push(path);
        }
    }
}

fn parse_err(text: &str) -> String {
    Scenario::parse(text, "t.scn").unwrap_err().to_string()
}

#[test]
fn malformed_lines_are_errors_naming_the_line() {
    assert_eq!(
        parse_err("turn: 3 P1 main1\nP1 hand: No Such Card"),
        "t.scn:2: unknown card \"No Such Card\""
    );
    assert!(parse_err("turn: 3 P9 main1").starts_with("t.scn:1: unknown player"));
    assert!(parse_err("turn: 3 P1 lunch").starts_with("t.scn:1: unknown step"));
    assert!(parse_err("turn: 3 P1 main1\nwhat is this").starts_with("t.scn:2: unknown line"));
    assert!(parse_err("turn: 3 P1 main1\nP1 hand: Shock (upside down)")
        .starts_with("t.scn:2: unknown status"));
    assert!(parse_err("P1 hand: Shock").contains("missing `turn:"));
    assert!(
        parse_err("turn: 3 P1 main1\ncontrol: P9 controls P1's next turn")
            .starts_with("t.scn:2: unknown player")
    );
    assert!(parse_err("turn: 3 P1 main1\ncontrol: P2 takes P1's turn")
        .starts_with("t.scn:2: expected `control:"));
}

#[test]
fn an_illegal_action_fails_the_scenario_with_its_line() {
    let sc = Scenario::parse("turn: 3 P1 main1\nP1 hand: Shock\nP1 library: Mountain\nP2 library: Forest\n> P1: play Shock\n", "t.scn").unwrap();
    let r = sc.run();
    assert_eq!(r.failures.len(), 1);
    assert!(
        r.failures[0]
            .to_string()
            .starts_with("t.scn:5: no legal `play` for \"Shock\""),
        "{}",
        r.failures[0]
    );
    // The wrong player acting is reported too.
    let sc = Scenario::parse(
        "turn: 3 P1 main1\nP1 library: Mountain\nP2 library: Forest\n> P2: pass\n",
        "t.scn",
    )
    .unwrap();
    assert!(sc.run().failures[0]
        .message
        .contains("P1 decides now, not P2"));
}

#[test]
fn a_failed_expectation_is_reported_with_the_state() {
    let sc = Scenario::parse(
        "turn: 3 P1 main1\nP1 library: Mountain\nP2 library: Forest\nexpect: P2 life 7\n",
        "t.scn",
    )
    .unwrap();
    let r = sc.run();
    assert!(
        r.failures[0]
            .to_string()
            .starts_with("t.scn:4: expect \"P2 life 7\": it is 20"),
        "{}",
        r.failures[0]
    );
    assert!(r.failures[0].state.contains("state: turn 3"));
    assert_eq!(r.failures[0].line, 4);
}

#[test]
fn set_up_errors_name_the_line() {
    assert!(
        parse_err("start: new game\nturn: 3 P1 main1\nP1 deck: Forest").contains("start: new game")
    );
    assert!(parse_err("turn: 3 P1 main1\nP1 deck: Forest").contains("need `start: new game`"));
    assert!(parse_err("start: a new hope").starts_with("t.scn:1: unknown start"));
    assert!(parse_err("turn: 3 P1 main1\n> P7: pass").starts_with("t.scn:2: unknown player"));
    assert!(parse_err("turn: 3 P1 main1\nP1 attic: Forest").starts_with("t.scn:2: unknown zone"));
    // A status off the in-play zone, or an attachment to nothing, fails the run at its line.
    let sc = Scenario::parse("turn: 3 P1 main1\nP1 hand: Shock (tapped)\n", "t.scn").unwrap();
    assert_eq!(
        sc.run().failures[0].to_string(),
        "t.scn:2: only cards in play can have a status"
    );
    let sc = Scenario::parse(
        "turn: 3 P1 main1\nP1 in_play: Pacifism (attached to Grizzly Bears)\n",
        "t.scn",
    )
    .unwrap();
    assert_eq!(
        sc.run().failures[0].to_string(),
        "t.scn:2: nothing in play named \"Grizzly Bears\" to attach to"
    );
}

#[test]
fn a_name_with_a_comma_is_quoted() {
    // Unquoted, a comma separates two cards unless together they name one;
    // a part that names no card is an error.
    assert!(Scenario::parse(
        "turn: 3 P1 main1\nP1 hand: Kamahl, Pit Fighter, Shock",
        "t.scn"
    )
    .is_ok());
    assert_eq!(
        parse_err("turn: 3 P1 main1\nP1 hand: Kamahl, Shock"),
        "t.scn:2: unknown card \"Kamahl\""
    );
    assert!(
        parse_err("turn: 3 P1 main1\nP1 hand: \"Kamahl, Pit Fighter")
            .starts_with("t.scn:2: unterminated quote")
    );
    let sc = Scenario::parse(
        "turn: 3 P1 main1\nP1 in_play: \"Kamahl, Pit Fighter\", Grizzly Bears\n\
         P1 library: Mountain\nP2 library: Forest\n\
         expect: P1 in_play count 2\n\
         expect: Kamahl, Pit Fighter power 6 toughness 1 has_keyword haste\n\
         expect: Grizzly Bears lacks_keyword first_strike\n",
        "t.scn",
    )
    .unwrap();
    assert!(sc.run().failures.is_empty());
    // A keyword of two words is written with `_`; its absence is reported by name.
    let sc = Scenario::parse(
        "turn: 3 P1 main1\nP1 in_play: Grizzly Bears\nP1 library: Mountain\nP2 library: Forest\n\
         expect: Grizzly Bears has_keyword first_strike\n",
        "t.scn",
    )
    .unwrap();
    assert!(sc.run().failures[0].message.contains("lacks first strike"));
}

#[test]
fn a_new_game_starts_at_the_mulligans() {
    let sc = Scenario::parse(
        "start: new game\nseed: 3\nP1 deck: Forest x30\nP2 deck: Island x30\n\
         expect: P1 hand count 7\nexpect: P2 library count 23\nexpect: turn 1\n",
        "t.scn",
    )
    .unwrap();
    let r = sc.run();
    assert!(r.passed(), "{:?}", r.failures);
}

#[test]
fn ordered_log_expectations() {
    let sc = Scenario::parse(
        "turn: 3 P1 main1\nP1 library: Forest\nP2 library: Forest\n\
         expect: log has \"Turn 3\" then \"main phase begins\"\n\
         expect: log has \"main phase begins\" then \"Turn 3\"\n",
        "t.scn",
    )
    .unwrap();
    let r = sc.run();
    assert_eq!(r.failures.len(), 1, "{:?}", r.failures);
    assert_eq!(r.failures[0].line, 5);
}

#[test]
fn a_card_name_with_a_comma_is_one_card() {
    // "Mirri, Cat Warrior" is one card, with or without a status or a count;
    // the comma between two cards still separates them.
    let sc = Scenario::parse(
        "turn: 3 P1 main1\nP1 in_play: Mirri, Cat Warrior (tapped), Forest x2\n\
         P2 hand: Molimo, Maro-Sorcerer x2\nP1 library: Forest\nP2 library: Forest\n\
         expect: P1 in_play count 3\nexpect: Mirri, Cat Warrior tapped\n\
         expect: P2 hand count 2\n",
        "t.scn",
    )
    .unwrap();
    let r = sc.run();
    assert!(r.passed(), "{:?}", r.failures);
    // A first part that names no card, followed by nothing that completes it,
    // is still an unknown card.
    assert_eq!(
        parse_err("turn: 3 P1 main1\nP1 hand: Mirri, Forest"),
        "t.scn:2: unknown card \"Mirri\""
    );
}

#[test]
fn a_two_word_keyword_is_written_with_an_underscore() {
    let sc = Scenario::parse(
        "turn: 3 P1 main1\nP1 in_play: Tundra Wolves\nP1 library: Forest\nP2 library: Forest\n\
         expect: Tundra Wolves has_keyword first_strike lacks_keyword double_strike\n\
         expect: Tundra Wolves has_keyword double_strike\n",
        "t.scn",
    )
    .unwrap();
    let r = sc.run();
    assert_eq!(r.failures.len(), 1, "{:?}", r.failures);
    assert_eq!(r.failures[0].line, 6);
}
