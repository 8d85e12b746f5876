//! Issue 16, defects 6 and 7 at the command line: limits on input with
//! usage errors (never a panic or an allocation abort), failures reported
//! on stderr with a failing exit status, input echoed only in part, and
//! no hidden card written out while a game is on.

mod common;
use common::{binary as tolaria, text};
use std::io::Write;
use std::process::{Output, Stdio};

fn run(args: &[&str]) -> Output {
    common::run_command(tolaria(), args)
}

fn temp_file(name: &str) -> String {
    common::temp_file("limits-test", name)
}

fn usage_error(o: &Output) -> String {
    let err = text(&o.stderr);
    assert!(!err.contains("panicked"), "panic: {err}");
    assert_eq!(o.status.code(), Some(2), "{err}");
    err
}

fn play_saved(file: &str) {
    let mut child = tolaria()
        .args(["play", "--seed", "3", "--save", file])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let w = std::thread::spawn(move || {
        let _ = stdin.write_all("1\n".repeat(5_000).as_bytes());
    });
    assert!(child.wait().unwrap().success());
    let _ = w.join();
}

#[test]
fn games_and_threads_are_limited() {
    let e = usage_error(&run(&["sim", "--games", "18446744073709551615"]));
    assert!(e.contains("--games must be between"), "{e}");
    let e = usage_error(&run(&["sim", "--games", "4000000000", "--threads", "1"]));
    assert!(e.contains("--games"), "{e}");
    let e = usage_error(&run(&["sim", "--games", "1", "--threads", "5000"]));
    assert!(e.contains("--threads must be between"), "{e}");
    let e = usage_error(&run(&["bench", "--games", "18446744073709551615"]));
    assert!(e.contains("--games"), "{e}");
}

#[test]
fn a_single_dash_is_not_a_long_option() {
    let e = usage_error(&run(&["sim", "-games", "3"]));
    assert!(e.contains("two dashes"), "{e}");
}

#[test]
fn long_input_is_clipped_in_errors() {
    // (An argument is at most 128 KiB on Linux; a deck line has no limit.)
    let o = run(&["sim", "--games", &"9".repeat(100_000)]);
    let e = usage_error(&o);
    assert!(e.len() < 1_000, "{} bytes of error", e.len());
    let deck = temp_file("long-line.txt");
    std::fs::write(&deck, format!("4 {}\n", "x".repeat(10_000_000))).unwrap();
    let o = run(&["sim", "--games", "1", "--decks", &format!("{deck},{deck}")]);
    let e = text(&o.stderr);
    assert!(!o.status.success() && !e.contains("panicked"));
    assert!(e.len() < 1_000, "{} bytes of error", e.len());
}

#[test]
fn huge_decks_are_refused() {
    for line in [
        "70000 Forest",
        "4294967295 Forest",
        "4294967295 Forest\n4294967295 Island",
    ] {
        let deck = temp_file("huge.txt");
        std::fs::write(&deck, line).unwrap();
        let o = run(&["sim", "--games", "1", "--decks", &format!("{deck},{deck}")]);
        let e = text(&o.stderr);
        assert!(!e.contains("panicked"), "{e}");
        assert_eq!(o.status.code(), Some(1), "{line}: {e}");
        assert!(e.contains("more than 10000 cards"), "{e}");
    }
}

#[test]
fn play_save_to_an_unwritable_path_fails_on_stderr() {
    let o = {
        let mut child = tolaria()
            .args([
                "play",
                "--seed",
                "3",
                "--save",
                "/nonexistent-dir/x/game.json",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let w = std::thread::spawn(move || {
            let _ = stdin.write_all("1\n".repeat(5_000).as_bytes());
        });
        let o = child.wait_with_output().unwrap();
        let _ = w.join();
        o
    };
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("game.json"), "{}", text(&o.stderr));
}

#[test]
fn replay_accepts_a_byte_order_mark_and_refuses_a_bad_concession() {
    let file = temp_file("bom.json");
    play_saved(&file);
    let saved = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("\u{feff}{saved}")).unwrap();
    let o = run(&["replay", &file]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // A concession of a player who doesn't exist: an error, not a panic.
    let mut v: serde_json::Value = serde_json::from_str(&saved).unwrap();
    v["actions"][1] = serde_json::json!({ "Concede": 9 });
    std::fs::write(&file, v.to_string()).unwrap();
    let o = run(&["replay", &file]);
    let e = text(&o.stderr);
    assert!(!e.contains("panicked"), "{e}");
    assert_eq!(o.status.code(), Some(1), "{e}");
}

#[test]
fn the_event_file_shows_nothing_while_the_game_is_on() {
    let path = temp_file("events.jsonl");
    let mut child = tolaria()
        .args(["play", "--seed", "1", "--events", &path])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Some turns played, the game still on (stdin open).
    stdin.write_all("1\n".repeat(5).as_bytes()).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_secs(3));
    let during = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(child.try_wait().unwrap().is_none(), "the game is still on");
    drop(stdin);
    child.wait().unwrap();
    assert!(
        !during.contains("\"Drew\""),
        "draws written during the game: {} bytes",
        during.len()
    );
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(
        after.contains("\"Drew\""),
        "the events are written at the end"
    );
}
