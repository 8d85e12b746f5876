//! `tolaria play`, `sim` and `replay` at a multiplayer table: the flags,
//! their errors, a simulation per variant and saved games of every variant.

mod common;
use common::text;
use std::process::{Command, Output};

fn tolaria() -> Command {
    let mut c = common::binary();
    c.env("NO_COLOR", "1");
    c
}

fn run(args: &[&str]) -> Output {
    common::run_command(tolaria(), args)
}

fn run_with_input(args: &[&str], input: String) -> Output {
    common::run_command_with_input(tolaria(), args, input)
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "failed: {}\n{}",
        text(&o.stderr),
        text(&o.stdout)
    );
    text(&o.stdout)
}

fn temp_file(name: &str) -> String {
    common::temp_file("mp", name)
}

#[test]
fn help_documents_the_table_flags() {
    for cmd in ["play", "sim"] {
        let out = ok(&run(&[cmd, "--help"]));
        for flag in [
            "--players",
            "--variant",
            "--teams",
            "--attack",
            "--random-seating",
            "--agents",
            "--decks",
            "--variant emperor",
        ] {
            assert!(out.contains(flag), "{cmd} --help lacks {flag}");
        }
    }
    assert!(ok(&run(&["play", "--help"])).contains("--seat K"));
}

/// Every bad table is a usage error (exit status 2) naming the problem.
#[test]
fn bad_tables_are_clear_errors() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["sim", "--players", "1"],
            "--players must be between 2 and 16",
        ),
        (
            &["sim", "--players", "17"],
            "--players must be between 2 and 16",
        ),
        (&["sim", "--players", "x"], "--players expects"),
        (
            &["sim", "--variant", "chaos"],
            "unknown --variant \"chaos\"",
        ),
        (
            &["sim", "--players", "3", "--attack", "up"],
            "unknown --attack \"up\"",
        ),
        (
            &["sim", "--players", "5", "--variant", "teams"],
            "5 players can't make 2 teams",
        ),
        (
            &[
                "sim",
                "--players",
                "6",
                "--variant",
                "teams",
                "--teams",
                "6",
            ],
            "one player per team",
        ),
        (
            &["sim", "--players", "4", "--teams", "2"],
            "--teams goes with --variant teams or emperor",
        ),
        (
            &["sim", "--players", "3", "--agents", "greedy,random"],
            "--agents expects one entry or 3",
        ),
        (
            &["sim", "--players", "3", "--agents", "greedy,alphago,random"],
            "unknown agent \"alphago\"",
        ),
        (
            &["sim", "--players", "3", "--decks", "a,b,c,d"],
            "--decks expects one entry or 3",
        ),
        (&["sim", "--players", "3", "--range", "0"], "--range"),
        (&["sim", "--players", "3", "--range", "many"], "--range"),
        (
            &["play", "--players", "3", "--seat", "4"],
            "--seat must be between 1 and 3",
        ),
        (
            &["play", "--seat", "2"],
            "--seat goes with a multiplayer table",
        ),
        (
            &["play", "--players", "3", "--agents", "human,human,greedy"],
            "names `human` exactly once",
        ),
        (
            &[
                "play",
                "--players",
                "3",
                "--seat",
                "1",
                "--agents",
                "greedy,human,greedy",
            ],
            "puts `human` in seat 2 but --seat is 1",
        ),
        (
            &["play", "--players", "4", "--agents", "greedy,greedy"],
            "--agents expects one agent, 3",
        ),
        (
            &["play", "--players", "3", "--agents", "human"],
            "can't be `human`",
        ),
        (
            &["play", "--both-heads"],
            "--both-heads goes with --variant 2hg",
        ),
        (
            &[
                "play",
                "--players",
                "4",
                "--variant",
                "teams",
                "--both-heads",
            ],
            "--both-heads goes with --variant 2hg",
        ),
    ];
    for (args, want) in cases {
        let o = run(args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err:?} lacks {want:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A deck that doesn't load is named.
    let o = run(&[
        "sim",
        "--players",
        "3",
        "--decks",
        "red_green,no_such_deck.txt,red_green",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("no_such_deck.txt"),
        "{}",
        text(&o.stderr)
    );
}

fn sim_json(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["sim", "--json", "--seed", "3"];
    a.extend_from_slice(args);
    serde_json::from_str(&ok(&run(&a))).expect("sim --json is JSON")
}

/// A few games of each variant: every game ends with a winner (a player,
/// or a whole team) or a draw, counted per player and per team.
#[test]
fn sim_plays_every_variant() {
    let tables: &[&[&str]] = &[
        &["--players", "3"],
        &["--players", "4", "--attack", "multiple", "--random-seating"],
        &["--players", "5", "--attack", "right", "--agents", "random"],
        &["--players", "4", "--variant", "teams"],
        &[
            "--players",
            "6",
            "--variant",
            "teams",
            "--teams",
            "3",
            "--attack",
            "left",
        ],
        &["--players", "6", "--variant", "emperor"],
        &["--players", "9", "--variant", "emperor", "--random-seating"],
        // 601: range of influence 1; 603: deploy creatures.
        &["--players", "5", "--attack", "multiple", "--range", "1"],
        &["--players", "4", "--variant", "teams", "--deploy"],
    ];
    for t in tables {
        let mut args = vec!["--games", "3", "--threads", "2"];
        args.extend_from_slice(t);
        let v = sim_json(&args);
        let games = v["games"].as_u64().unwrap();
        let draws = v["draws"].as_u64().unwrap();
        let entries = v["entries"].as_array().unwrap();
        assert_eq!(
            entries.len() as u64,
            v["players"].as_u64().unwrap(),
            "{t:?}"
        );
        let teams = v["teams"].as_array().unwrap();
        if teams.is_empty() {
            let wins: u64 = entries.iter().map(|e| e["wins"].as_u64().unwrap()).sum();
            assert_eq!(wins + draws, games, "{t:?}: {v}");
        } else {
            let team_wins: u64 = teams.iter().map(|e| e["wins"].as_u64().unwrap()).sum();
            assert_eq!(team_wins + draws, games, "{t:?}: {v}");
            // Every player of a winning team is counted as winning.
            for team in teams {
                for p in team["players"].as_array().unwrap() {
                    let k = p.as_u64().unwrap() as usize - 1;
                    assert_eq!(entries[k]["wins"], team["wins"], "{t:?}: {v}");
                }
            }
        }
        assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
    }
    // The text report has a line per player and per team.
    let out = ok(&run(&[
        "sim",
        "--players",
        "6",
        "--variant",
        "emperor",
        "--games",
        "2",
    ]));
    assert!(
        out.contains("6 players, emperor (2 teams of 3), attack multiple"),
        "{out}"
    );
    assert!(out.contains("emperor") && out.contains("general"), "{out}");
    assert!(out.contains("4, 5, 6"), "{out}");
    assert!(out.contains("games/s"), "{out}");
}

/// The same results for any thread count.
#[test]
fn multiplayer_sim_does_not_depend_on_threads() {
    let strip = |mut v: serde_json::Value| {
        for k in ["seconds", "games_per_second", "threads"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    let args = ["--players", "4", "--attack", "multiple", "--games", "4"];
    let mut one = vec!["--threads", "1"];
    one.extend_from_slice(&args);
    let mut two = vec!["--threads", "2"];
    two.extend_from_slice(&args);
    assert_eq!(strip(sim_json(&one)), strip(sim_json(&two)));
}

/// An Emperor game saved by `sim` replays byte for byte: the replay's log
/// is the saved one (its hash and line count are checked), two replays
/// print the same bytes, and the file records the set-up.
#[test]
fn emperor_game_saved_by_sim_replays_byte_for_byte() {
    let file = temp_file("emperor.json");
    let o = run(&[
        "sim",
        "--players",
        "6",
        "--variant",
        "emperor",
        "--random-seating",
        "--games",
        "3",
        "--seed",
        "5",
        "--save",
        &file,
        "--save-game",
        "1",
    ]);
    ok(&o);
    let saved = std::fs::read_to_string(&file).unwrap();
    let v: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(v["version"], 2);
    assert_eq!(v["setup"]["options"]["variant"], "Emperor");
    assert_eq!(v["setup"]["random_seating"], true);
    assert_eq!(v["setup"]["teams"].as_array().unwrap().len(), 6);
    assert_eq!(v["players"].as_array().unwrap().len(), 6);
    let a = run(&["replay", &file]);
    let b = run(&["replay", &file]);
    let out = ok(&a);
    assert_eq!(a.stdout, b.stdout, "two replays print the same bytes");
    assert!(out.contains("the log matches the saved game"), "{out}");
    assert!(out.contains("team "), "{out}");
    let lines = out.lines().count() - 1;
    assert_eq!(lines as u64, v["outcome"]["log_lines"].as_u64().unwrap());

    // Another seating (the teams swapped) is not the saved game.
    let edited = saved.replacen("\"random_seating\": true", "\"random_seating\": false", 1);
    let bad = temp_file("emperor_edited.json");
    std::fs::write(&bad, edited).unwrap();
    let o = run(&["replay", &bad, "--quiet"]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains(&bad) && !err.contains("panicked"), "{err}");
    // Teams that don't match the players are named.
    let edited = saved.replacen("\"teams\": [", "\"teams\": [\n      0,", 1);
    std::fs::write(&bad, edited).unwrap();
    let err = text(&run(&["replay", &bad]).stderr);
    assert!(err.contains("7 teams listed for 6 players"), "{err}");
}

/// 601, 603: a game with range of influence and deploy saves its options
/// and replays byte for byte.
#[test]
fn range_of_influence_game_saved_by_sim_replays() {
    let file = temp_file("range.json");
    ok(&run(&[
        "sim",
        "--players",
        "5",
        "--attack",
        "multiple",
        "--range",
        "1",
        "--deploy",
        "--games",
        "2",
        "--seed",
        "9",
        "--save",
        &file,
        "--save-game",
        "1",
    ]));
    let saved = std::fs::read_to_string(&file).unwrap();
    let v: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(v["setup"]["options"]["range"], 1, "{saved}");
    assert_eq!(v["setup"]["options"]["deploy"], true, "{saved}");
    let a = run(&["replay", &file]);
    let b = run(&["replay", &file]);
    let out = ok(&a);
    assert_eq!(a.stdout, b.stdout, "two replays print the same bytes");
    assert!(out.contains("the log matches the saved game"), "{out}");
}

/// A human in seat 2 of a Teams game saves and replays it; a two-player
/// save keeps format version 1 and no set-up.
#[test]
fn play_a_team_game_in_seat_two_then_replay_it() {
    let file = temp_file("teams.json");
    let o = run_with_input(
        &[
            "play",
            "--players",
            "4",
            "--variant",
            "teams",
            "--seat",
            "2",
            "--seed",
            "9",
            "--agents",
            "greedy,random,greedy",
            "--save",
            &file,
        ],
        "1\n".repeat(150),
    );
    let out = ok(&o);
    assert!(out.contains("you are P2"), "{out}");
    assert!(out.contains("team 2"), "{out}");
    assert!(out.contains("P3   random 3"), "{out}");
    assert!(out.contains("Game over after"), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["players"][1]["agent"], "human");
    assert_eq!(v["setup"]["options"]["variant"], "Teams");
    let r = ok(&run(&["replay", &file, "--quiet"]));
    assert!(r.contains("the log matches the saved game"), "{r}");

    let two = temp_file("two.json");
    let o = run_with_input(&["play", "--seed", "3", "--save", &two], "concede\n".into());
    ok(&o);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&two).unwrap()).unwrap();
    assert_eq!(v["version"], 1);
    assert!(v.get("setup").is_none());
}

/// An Emperor game in the terminal: the table names the emperors and
/// generals, and the human sees the hands of their teammates only (607.7).
#[test]
fn play_emperor_shows_the_table_and_teammates_hands() {
    let o = run_with_input(
        &[
            "play",
            "--players",
            "6",
            "--variant",
            "emperor",
            "--seat",
            "2",
            "--seed",
            "4",
        ],
        "1\nboard\nconcede\n".into(),
    );
    let out = ok(&o);
    assert!(out.contains("the emperor of team 1"), "{out}");
    assert!(out.contains("Emperor (607), 2 teams"), "{out}");
    assert!(out.contains("team 1 general"), "{out}");
    assert!(
        out.contains("hand (your teammate's, rules 606.5, 607.7, 609.6)"),
        "{out}"
    );
    // Two teammates' hands are shown; no opponent's.
    let shown = out
        .split("=== Turn")
        .last()
        .unwrap()
        .matches("hand (your teammate's")
        .count();
    assert_eq!(shown, 2, "{out}");
}

/// 601.2a, 601.2c, 603: the table shows the option's range, each
/// player's range and who is within it this turn, and the deploy option.
#[test]
fn play_shows_ranges_and_deploy_at_the_table() {
    let o = run_with_input(
        &["play", "--players", "5", "--range", "1", "--seed", "3"],
        "1\nboard\nconcede\n".into(),
    );
    let out = ok(&o);
    assert!(out.contains("range of influence 1 (601)"), "{out}");
    assert!(
        out.contains("range of influence 1 (601.2a): within it P1, P2, P5 (601.2c)"),
        "{out}"
    );
    let o = run_with_input(
        &[
            "play",
            "--players",
            "6",
            "--variant",
            "emperor",
            "--seat",
            "2",
            "--seed",
            "4",
        ],
        "1\nboard\nconcede\n".into(),
    );
    let out = ok(&o);
    assert!(out.contains("deploy creatures (603)"), "{out}");
    // 607.3a: the emperor's range 2, a general's 1.
    assert!(out.contains("range of influence 2 (601.2a)"), "{out}");
    assert!(out.contains("range of influence 1 (601.2a)"), "{out}");
}

/// mcts and random agents play at a multiplayer table.
#[test]
fn sim_with_mcts_at_a_multiplayer_table() {
    let v = sim_json(&[
        "--players",
        "3",
        "--attack",
        "multiple",
        "--agents",
        "mcts:2,greedy,random",
        "--games",
        "1",
        "--max-actions",
        "3000",
    ]);
    assert_eq!(v["entries"][0]["agent"], "mcts:2");
    assert_eq!(v["games"], 1);
}

/// 606 and 608: mcts (determinizing every hidden hand) plays a Two-Headed
/// Giant team and a Grand Melee seat; every game ends with a result per
/// team or player.
#[test]
fn sim_with_mcts_in_two_headed_giant_and_grand_melee() {
    let v = sim_json(&[
        "--players",
        "4",
        "--variant",
        "2hg",
        "--agents",
        "mcts:2,greedy,greedy,random",
        "--games",
        "2",
        "--max-actions",
        "5000",
    ]);
    assert_eq!(v["entries"][0]["agent"], "mcts:2");
    assert_eq!(v["games"], 2);
    let teams = v["teams"].as_array().unwrap();
    let team_wins: u64 = teams.iter().map(|t| t["wins"].as_u64().unwrap()).sum();
    assert_eq!(team_wins + v["draws"].as_u64().unwrap(), 2, "{v}");
    let v = sim_json(&[
        "--players",
        "10",
        "--variant",
        "grand-melee",
        "--agents",
        "mcts:2,greedy,greedy,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
        "--games",
        "1",
        "--max-actions",
        "8000",
    ]);
    assert_eq!(v["entries"][0]["agent"], "mcts:2");
    assert_eq!(v["games"], 1);
}
