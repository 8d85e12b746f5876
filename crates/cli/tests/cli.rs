//! Drives the real `tolaria` binary.

mod common;
use common::text;
use std::process::{Command, Output};

fn tolaria() -> Command {
    let mut c = common::binary();
    c.env_remove("NO_COLOR");
    c
}

fn run(args: &[&str]) -> Output {
    common::run_command(tolaria(), args)
}

fn run_with_input(args: &[&str], input: String) -> Output {
    common::run_command_with_input(tolaria(), args, input)
}

fn assert_no_panic(o: &Output) {
    let err = text(&o.stderr);
    assert!(!err.contains("panicked"), "panic: {err}");
}

#[test]
fn play_first_option_until_the_game_ends() {
    let input = "1\n".repeat(30_000);
    let o = run_with_input(&["play", "--seed", "1"], input);
    assert_no_panic(&o);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("Winner: "), "no winner line:\n{}", tail(&out));
    assert!(!out.contains("end of input"), "ran out of input");
    // Plain output on a pipe: no ANSI escapes.
    assert!(!out.contains('\x1b'));
    // The board, the options and rule-numbered log lines are shown.
    assert!(out.contains("Your hand"));
    assert!(out.contains("1) keep hand"));
    assert!(out.contains("101.4 P1 keeps 7 cards"));
    assert!(out.contains("102.1 P"));
}

#[test]
fn play_with_pass_commands_and_plays() {
    // Mix commands: pass, out-of-range numbers and nonsense (which must be
    // rejected without ending the game), then pass until the end.
    let mut input = String::from("keep\n99\nfoo\nhelp\nboard\nlog 5\n");
    input.push_str(&"pass\n".repeat(30_000));
    let o = run_with_input(&["play", "--seed", "3", "--agent", "random"], input);
    assert_no_panic(&o);
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert!(out.contains("there is no option 99"), "{}", tail(&out));
    assert!(out.contains("Unknown command"));
    assert!(out.contains("Game over after"), "{}", tail(&out));
}

#[test]
fn play_concedes_at_end_of_input() {
    let o = run_with_input(&["play", "--seed", "2"], "1\n1\n".into());
    assert_no_panic(&o);
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert!(out.contains("end of input: you concede"), "{}", tail(&out));
    assert!(out.contains("102.3 P1 loses the game (conceded)"));
    assert!(out.contains("Winner: P2"));
}

// The pseudo-terminal tests are in tests/pty.rs.

fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

fn without_timing(s: &str) -> String {
    s.lines()
        .filter(|l| !l.starts_with("time:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn sim_results_do_not_depend_on_threads() {
    let one = run(&["sim", "--games", "20", "--seed", "7", "--threads", "1"]);
    let two = run(&["sim", "--games", "20", "--seed", "7", "--threads", "2"]);
    assert!(one.status.success() && two.status.success());
    let (a, b) = (text(&one.stdout), text(&two.stdout));
    assert!(a.contains("wins"), "{a}");
    assert!(a.contains("games/s"));
    assert_eq!(without_timing(&a), without_timing(&b));
    // JSON too.
    let j = run(&[
        "sim",
        "--games",
        "6",
        "--seed",
        "7",
        "--threads",
        "2",
        "--json",
        "--agents",
        "random,random",
    ]);
    assert!(j.status.success());
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).expect("valid JSON");
    let wins =
        v["entries"][0]["wins"].as_u64().unwrap() + v["entries"][1]["wins"].as_u64().unwrap();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 6);
}

#[test]
fn bench_prints_games_per_second() {
    let o = run(&["bench", "--games", "20", "--clones", "2000"]);
    assert_no_panic(&o);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("games/s"), "{out}");
    assert!(out.contains("average turns per game"));
    assert!(out.contains("ns per clone"));
    assert!(out.contains("peak memory"));
}

#[test]
fn bad_deck_file_names_the_line() {
    let dir = std::env::temp_dir().join(format!("tolaria-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deck = dir.join("bad.txt");
    std::fs::write(&deck, "20 Mountain\n4 Shock\n4 Lightning Boltt\n").unwrap();
    let path = deck.to_str().unwrap();
    for args in [
        vec!["play", "--deck", path, "--seed", "1"],
        vec![
            "sim",
            "--games",
            "2",
            "--decks",
            &format!("{path},red_green"),
        ],
    ] {
        let o = run(&args);
        assert_no_panic(&o);
        assert!(!o.status.success());
        let err = text(&o.stderr);
        assert!(err.contains("bad.txt:3:"), "{err}");
        assert!(err.contains("Lightning Boltt"), "{err}");
    }
    let missing = run(&["play", "--deck", "/nonexistent/deck.txt"]);
    assert!(!missing.status.success());
    assert!(text(&missing.stderr).contains("/nonexistent/deck.txt"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cards_show() {
    let o = run(&["cards", "show", "Lightning Bolt"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("Lightning Bolt"));
    assert!(out.contains("{R}"));
    assert!(out.contains("Instant"));
    assert!(out.contains("3 damage"));
    assert!(out.contains("Plays in Tolaria: yes"));
    // 2007 wording, not the modern "any target".
    assert!(out.contains("target creature or player"), "{out}");
    assert!(!out.contains("SpellAbility"), "the model only with --debug");
    let o = run(&["cards", "show", "Lightning Bolt", "--debug"]);
    assert!(text(&o.stdout).contains("SpellAbility"));

    let o = run(&["cards", "show", "No Such Card"]);
    assert_no_panic(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("no card named \"No Such Card\""));
}

/// `cards show "Fire // Ice"` reads like a card and fits on one screen.
#[test]
fn cards_show_a_split_card_fits_on_one_screen() {
    let o = run(&["cards", "show", "Fire // Ice"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.lines().count() <= 40, "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    assert!(
        out.contains("Fire  {1}{R}") && out.contains("Ice  {1}{U}"),
        "{out}"
    );
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("one or two target creatures and/or players"),
        "{out}"
    );
    assert!(out.contains("Rulings"), "{out}");
}

#[test]
fn cards_coverage() {
    let o = run(&["cards", "coverage"]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert!(out.contains("cards supported"));
    assert!(out.contains("By first set"));
    assert!(out.contains("Top 20 blocking phrases"));
}

#[test]
fn r409_cards_exercise_plays_a_card_and_each_of_its_abilities() {
    let o = run(&["cards", "exercise", "Prodigal Sorcerer"]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert!(out.contains("play (main phase): done"), "{out}");
    assert!(out.contains("ability 0 (in play): done"), "{out}");
    assert!(out.trim_end().ends_with("exercised"), "{out}");
    // An unsupported card is refused by name, with a usage error (Chaos
    // Orb: a dexterity card, refused for good).
    let o = run(&["cards", "exercise", "Chaos Orb"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("Chaos Orb is not supported"));
}

#[test]
fn cards_unsupported_lists_each_blocked_card_with_its_phrase() {
    let o = run(&["cards", "unsupported"]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    // Every line is name, set and phrase; supported cards never appear.
    assert!(out.lines().count() > 10);
    for line in out.lines() {
        assert_eq!(line.split('\t').count(), 3, "{line}");
    }
    assert!(!out.lines().any(|l| l.starts_with("Lightning Bolt\t")));

    // --why adds where the grammar stopped, for clustering by shape.
    let o = run(&["cards", "unsupported", "--why"]);
    assert!(o.status.success());
    let why = text(&o.stdout);
    assert_eq!(why.lines().count(), out.lines().count());
    for line in why.lines() {
        assert_eq!(line.split('\t').count(), 4, "{line}");
    }
}

#[test]
fn help_and_usage_errors() {
    for cmd in ["play", "sim", "bench", "scenario", "cards"] {
        let o = run(&[cmd, "--help"]);
        assert!(o.status.success(), "{cmd}");
        assert!(text(&o.stdout).contains("Examples:"), "{cmd}");
    }
    let o = run(&["sim", "--games", "many"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--games"));
    let o = run(&["sim", "--bogus"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["play", "--agent", "genius"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["scenario", "/nonexistent.scn"]);
    assert!(!o.status.success());
    assert_no_panic(&o);
}

/// 507: `tolaria play --scenario decks/mindslaver.scn`: the human activates
/// Mindslaver at the agent and plays the agent's next turn in the
/// terminal, seeing its hand (507.2) and answering its decisions (507.3).
#[test]
fn play_a_scenario_with_mindslaver_shows_the_controlled_turn() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../decks/mindslaver.scn");
    let file = file.to_str().unwrap();
    // Option 4 is Mindslaver's ability; 2 targets P2; `pay` taps the Islands;
    // then pass until P2's turn, where the human answers for P2.
    let mut input = String::from("4\n2\npay\n");
    input.push_str(&"p\n".repeat(12));
    input.push_str(&"1\n".repeat(60));
    let o = run_with_input(&["play", "--scenario", file], input);
    assert_no_panic(&o);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    for want in [
        "507.1 P1 will control P2's next turn",
        "300.1 Turn 4: P2's turn, controlled by P1",
        "=== Turn 4 · P2's turn (P2, controlled by P1)",
        "hand (you control this turn, rule 507.2): Grizzly Bears",
        "(for P2, whose turn you control)",
    ] {
        assert!(out.contains(want), "missing {want:?} in:\n{}", tail(&out));
    }
    let bad = run(&["play", "--scenario", "/nonexistent/x.scn"]);
    assert!(!bad.status.success());
    assert!(text(&bad.stderr).contains("x.scn"), "{}", text(&bad.stderr));
}

/// 507.3 in the terminal the other way round: the agent controls the
/// human's turn (decks/agent_mindslaver.scn) and plays it; the human sees
/// each choice made for them.
#[test]
fn play_a_scenario_where_the_agent_controls_the_humans_turn() {
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../decks/agent_mindslaver.scn");
    let o = run_with_input(
        &["play", "--scenario", file.to_str().unwrap()],
        // `p` passes priority; declaring no blockers takes `no blocks`.
        "no blocks\np\n".repeat(40),
    );
    assert_no_panic(&o);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    for want in [
        "300.1 Turn 3: P1's turn, controlled by P2",
        "P2 decides for you (it controls your turn, 507.3):",
        "300.1 Turn 5: P1's turn",
    ] {
        assert!(out.contains(want), "missing {want:?} in:\n{}", tail(&out));
    }
    assert!(!out.contains("Turn 5: P1's turn, controlled by"));
}

#[test]
fn play_writes_every_event_as_a_json_line() {
    let path = std::env::temp_dir().join(format!("tolaria-events-{}.jsonl", std::process::id()));
    let p = path.to_str().unwrap();
    let o = run_with_input(
        &["play", "--seed", "1", "--events", p],
        "1\n".repeat(30_000),
    );
    assert_no_panic(&o);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines = std::fs::read_to_string(&path).expect("the event file is written");
    let _ = std::fs::remove_file(&path);
    let mut n = 0;
    let mut last = serde_json::Value::Null;
    for l in lines.lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("each line is JSON");
        let rule = v["rule"].as_str().expect("a rule number");
        let text = v["text"].as_str().expect("a text");
        assert!(v["event"].is_object() || v["event"].is_string(), "{l}");
        // The printed log shows the same line (draws and land moves are
        // only in the event stream).
        if rule == "102.1" || rule == "420.5a" {
            assert!(out.contains(&format!("{rule} {text}")), "{rule} {text}");
        }
        // The terminal names an attacker by its #id too.
        if rule == "308.2" {
            let name = text.trim_end_matches(" attacks");
            assert!(out.contains(&format!("{rule} {name} #")), "{rule} {text}");
        }
        n += 1;
        last = v;
    }
    assert!(n > 100, "only {n} events");
    // 102.1: the game ends with the game-over event.
    assert_eq!(last["rule"], "102.1", "{last}");
}

#[test]
fn play_events_file_that_cannot_be_written_is_an_error() {
    let o = run(&[
        "play",
        "--seed",
        "1",
        "--events",
        "/nonexistent-dir/x.jsonl",
    ]);
    assert_no_panic(&o);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("/nonexistent-dir/x.jsonl"),
        "{}",
        text(&o.stderr)
    );
}

fn temp_file(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tolaria-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

/// A game saved by `play --save` replays: every action is legal again and
/// the replayed log is the saved one (its hash is checked), twice alike.
#[test]
fn play_save_then_replay_reproduces_the_game() {
    let file = temp_file("played.json");
    let o = run_with_input(
        &["play", "--seed", "3", "--save", &file],
        "1\n".repeat(5_000),
    );
    assert_no_panic(&o);
    assert!(
        text(&o.stdout).contains("Game saved to"),
        "{}",
        tail(&text(&o.stdout))
    );
    let a = run(&["replay", &file]);
    let b = run(&["replay", &file]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    assert_eq!(
        a.stdout, b.stdout,
        "a replay prints the same bytes each time"
    );
    let out = text(&a.stdout);
    assert!(
        out.starts_with("101.1 "),
        "the log starts with the set-up: {out:.200}"
    );
    assert!(
        out.contains("the log matches the saved game"),
        "{}",
        tail(&out)
    );
}

/// A saved simulation game replays; an edited action, other card data and
/// a broken file fail with the file and the problem named.
#[test]
fn replay_refuses_edited_or_foreign_files() {
    let file = temp_file("sim.json");
    let o = run(&[
        "sim",
        "--games",
        "4",
        "--seed",
        "7",
        "--save",
        &file,
        "--save-game",
        "3",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let ok = run(&["replay", &file, "--quiet"]);
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    assert!(text(&ok.stdout).contains("the log matches the saved game"));

    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // An action replaced by one that is not legal at its point.
    let mut edited = saved.clone();
    edited["actions"][40] = serde_json::json!({"PlayLand": {"slot": 3, "gen": 9}});
    let bad = temp_file("edited.json");
    std::fs::write(&bad, edited.to_string()).unwrap();
    let e = run(&["replay", &bad]);
    assert_eq!(e.status.code(), Some(1));
    let err = text(&e.stderr);
    assert!(
        err.contains(&format!("{bad}: action 41 (")) && err.contains("is not legal"),
        "{err}"
    );
    // Another card-data version.
    let mut foreign = saved.clone();
    foreign["card_data"] = serde_json::json!("0123456789abcdef");
    let bad = temp_file("foreign.json");
    std::fs::write(&bad, foreign.to_string()).unwrap();
    let e = run(&["replay", &bad]);
    assert_eq!(e.status.code(), Some(1));
    let err = text(&e.stderr);
    assert!(
        err.contains(&bad) && err.contains("card data 0123456789abcdef"),
        "{err}"
    );
    // A truncated file: its line and column.
    let bad = temp_file("truncated.json");
    std::fs::write(&bad, "{\"format\": \"tolaria-replay\",\n\"version\": 1,").unwrap();
    let e = run(&["replay", &bad]);
    assert_eq!(e.status.code(), Some(1));
    assert!(
        text(&e.stderr).contains(&format!("{bad}:2:")),
        "{}",
        text(&e.stderr)
    );
    // Another format version.
    let mut newer = saved;
    newer["version"] = serde_json::json!(99);
    let bad = temp_file("newer.json");
    std::fs::write(&bad, newer.to_string()).unwrap();
    let e = run(&["replay", &bad]);
    assert!(
        text(&e.stderr).contains("format version 99"),
        "{}",
        text(&e.stderr)
    );
}

/// The mcts agent plays whole games in `sim`, with the same results on one
/// and two threads.
#[test]
fn sim_with_mcts_does_not_depend_on_threads() {
    let args = |t: &'static str| {
        vec![
            "sim",
            "--games",
            "2",
            "--seed",
            "3",
            "--agents",
            "mcts:4,greedy",
            "--threads",
            t,
        ]
    };
    let one = run(&args("1"));
    let two = run(&args("2"));
    assert!(one.status.success(), "{}", text(&one.stderr));
    assert_eq!(
        without_timing(&text(&one.stdout)),
        without_timing(&text(&two.stdout))
    );
    assert!(text(&one.stdout).contains("mcts:4"));
}

/// `play --deck` reads an Arena export and an MTGO `.dec` with a sideboard;
/// a deck under 60 cards is refused (2007 constructed) unless --any-deck.
#[test]
fn play_reads_arena_and_mtgo_decks() {
    let dir = std::env::temp_dir().join(format!("tolaria-decks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let arena = dir.join("arena.txt");
    std::fs::write(
        &arena,
        "Deck\n12 Forest (10E) 380\n12 Mountain (10E) 376\n4 Llanowar Elves (10E) 274\n4 Grizzly Bears (10E) 268\n4 Raging Goblin (10E) 222\n4 Giant Spider (10E) 267\n4 Hill Giant (10E) 209\n4 Spined Wurm (10E) 300\n4 Shock (10E) 236\n4 Giant Growth (10E) 266\n4 Rock Badger (10E) 227\n\nSideboard\n2 Pincher Beetles (10E) 284\n",
    )
    .unwrap();
    let dec = dir.join("old.dec");
    std::fs::write(
        &dec,
        "// NAME : Skies\n// from MTGO\n24 Plains\n4 Wild Griffin\n4 Serra Angel\n4 Pacifism\n4 Youthful Knight\n4 Steadfast Guard\n4 Pearled Unicorn\n4 Ghost Warden\n4 Suntail Hawk\n4 Angelic Blessing\nSB: 4 Wrath of God\n",
    )
    .unwrap();
    let o = run_with_input(
        &[
            "play",
            "--deck",
            arena.to_str().unwrap(),
            "--opponent-deck",
            dec.to_str().unwrap(),
            "--seed",
            "3",
        ],
        "concede yes\n".into(),
    );
    assert_no_panic(&o);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("(P1, arena)"), "{}", tail(&out));
    assert!(out.contains("(P2, Skies)"), "{}", tail(&out));

    let small = dir.join("small.txt");
    std::fs::write(&small, "20 Mountain\n5 Shock\n").unwrap();
    let o = run(&["play", "--deck", small.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("at least 60")
            && err.contains("5 copies of Shock")
            && err.contains("--any-deck"),
        "{err}"
    );
    let o = run_with_input(
        &[
            "play",
            "--deck",
            small.to_str().unwrap(),
            "--any-deck",
            "--seed",
            "1",
        ],
        "concede yes\n".into(),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("warning"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tolaria rules` reads the 2007 rules shipped in the binary; small slips
/// of the command line are errors, not nonsense.
#[test]
fn rules_and_small_slips() {
    let o = run(&["rules", "409.1g"]);
    assert!(o.status.success());
    assert!(text(&o.stdout).starts_with("409.1g If the total cost includes a mana payment"));
    let o = run(&["rules", "trample"]);
    assert!(text(&o.stdout).starts_with("Trample\n"));
    let o = run(&["rules", "999.9"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(run(&["help", "foo"]).status.code(), Some(2));
    let o = run(&["bench", "--clones", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    let o = run(&["sim", "--games", "2", "--save-game", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--save FILE"));
    // The built-in scenarios are found from any directory.
    let o = run_with_input(
        &["play", "--scenario", "decks/mindslaver.scn"],
        "concede yes\n".into(),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    // A long line is not echoed back whole.
    let o = run_with_input(
        &["play", "--seed", "1"],
        format!("{}\nconcede yes\n", "x".repeat(5000)),
    );
    assert!(o.status.success());
    assert!(!text(&o.stdout).contains(&"x".repeat(200)));
}
