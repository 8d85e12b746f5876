//! Scenario files that the `scenario_file` cargo-fuzz target found
//! crashing the engine (docs/fuzzing.md): each now gets a typed error.
//! Their minimised inputs are in `fuzz/corpus/scenario_file/`.

use tolaria_scenario::Scenario;

/// A `players:` line after lines naming a player (here P3) would leave
/// that player's cards without a seat; it is refused with its line.
#[test]
fn players_line_after_a_line_naming_a_player_is_refused() {
    let text = "players: A, B, C\nP3 library: Forest\nplayers: A, B\nturn: 1 P1 main1\n";
    let e = Scenario::parse(text, "t.scn").unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.to_string().contains("`players:` must come before"), "{e}");
}
