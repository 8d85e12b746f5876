//! Drives the real `tolaria play` in a pseudo-terminal, as a person at a
//! terminal would: it answers each prompt as it appears, with short
//! commands and option numbers, until the game-over screen.
#![cfg(unix)]

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A pseudo-terminal pair (master, slave) from openpty(3).
fn open_pty() -> (OwnedFd, OwnedFd) {
    let (mut master, mut slave) = (-1, -1);
    let mut size = libc::winsize {
        ws_row: 60,
        ws_col: 140,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two new descriptors into the two ints; the
    // name and termios pointers may be null.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::addr_of_mut!(size),
        )
    };
    assert_eq!(r, 0, "openpty failed: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned by no one else.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

/// A `tolaria` process on a pseudo-terminal, its output collected by a thread.
struct Session {
    child: Child,
    input: std::fs::File,
    output: Arc<Mutex<Vec<u8>>>,
}

fn start(args: &[&str], no_color: bool) -> Session {
    let (master, slave) = open_pty();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tolaria"));
    cmd.args(args)
        .current_dir(std::env::temp_dir())
        .env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave));
    if no_color {
        cmd.env("NO_COLOR", "1");
    }
    let child = cmd.spawn().expect("spawn tolaria");
    // The slave's descriptors went with `cmd`: only the child holds them.
    drop(cmd);
    let mut reader = std::fs::File::from(master.try_clone().unwrap());
    let output = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&output);
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        // Ends with EIO once the child has exited and closed the slave.
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    Session {
        child,
        input: std::fs::File::from(master),
        output,
    }
}

impl Session {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    /// Answers every prompt (`prompt` marks one) with the next command of
    /// `commands` (the last repeats) until the process exits; panics after
    /// `limit`.
    fn drive(&mut self, prompt: &str, commands: &[&str], limit: Duration) -> String {
        let start = Instant::now();
        let mut answered = 0usize;
        let mut scanned = 0usize;
        let mut prompts = 0usize;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the reader drain what is left.
                std::thread::sleep(Duration::from_millis(100));
                let out = self.text();
                assert!(
                    status.success(),
                    "tolaria failed ({status}):\n{}",
                    tail(&out)
                );
                return out;
            }
            {
                // Count the prompts that end past what was scanned before.
                let buf = self.output.lock().unwrap();
                let p = prompt.as_bytes();
                let from = scanned.saturating_sub(p.len());
                for i in from..buf.len().saturating_sub(p.len() - 1) {
                    if i + p.len() > scanned && &buf[i..i + p.len()] == p {
                        prompts += 1;
                    }
                }
                scanned = buf.len();
            }
            if prompts > answered {
                let cmd = commands[answered.min(commands.len() - 1)];
                let _ = writeln!(self.input, "{cmd}");
                answered += 1;
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                let out = self.text();
                panic!(
                    "no game over after {limit:?} ({answered} answers):\n{}",
                    tail(&out)
                );
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

/// A whole game typed at a terminal: a few commands (help, board, log,
/// pass), then always the first option, to the game-over screen; in
/// colour, because stdout is a terminal and NO_COLOR is unset.
#[test]
fn play_a_whole_game_in_a_pseudo_terminal() {
    let mut s = start(&["play", "--seed", "5"], false);
    // The prompt is bold on a colour terminal.
    let out = s.drive(
        "\x1b[1m> \x1b[0m",
        &["help", "board", "log 5", "pass", "1"],
        Duration::from_secs(50),
    );
    assert!(out.contains("Game over after"), "{}", tail(&out));
    assert!(
        out.contains("Winner: ") || out.contains("draw"),
        "{}",
        tail(&out)
    );
    assert!(out.contains("Commands: N (option number)"), "help answered");
    assert!(out.contains("=== Turn "), "the board is shown");
    assert!(out.contains("  1) "), "options are numbered");
    assert!(out.contains("\x1b["), "colour on a terminal");
}

/// NO_COLOR turns colour off even on a terminal; `concede` ends the game.
#[test]
fn play_in_a_pseudo_terminal_without_colour() {
    let mut s = start(&["play", "--seed", "5"], true);
    // `concede` asks first; `no` plays on, then `yes` concedes.
    let out = s.drive(
        "> ",
        &["concede", "no", "q", "yes"],
        Duration::from_secs(50),
    );
    assert!(out.contains("Playing on."), "{}", tail(&out));
    assert!(out.contains("Game over after"), "{}", tail(&out));
    assert!(out.contains("You lose the game"), "{}", tail(&out));
    assert!(!out.contains("\x1b["), "no colour with NO_COLOR");
}

/// A three-player Free-for-All typed at a terminal, the human in seat 2:
/// the table shows the seats in turn order with the human's seat, the
/// human plays the first option for several turns, then concedes; the
/// two agents play on to the end (600.4).
#[test]
fn play_a_three_player_game_in_seat_two() {
    let mut s = start(
        &["play", "--players", "3", "--seat", "2", "--seed", "11"],
        true,
    );
    let mut commands = vec!["board"];
    commands.extend(std::iter::repeat_n("1", 60));
    commands.push("concede yes");
    let out = s.drive("> ", &commands, Duration::from_secs(120));
    assert!(out.contains("you are P2"), "{}", tail(&out));
    assert!(
        out.contains("Table, in turn order") && out.contains("  P2   You "),
        "the table shows the human in seat 2:\n{}",
        tail(&out)
    );
    assert!(
        out.contains("=== Turn 6 · P2's turn (You)"),
        "several of the human's turns:\n{}",
        tail(&out)
    );
    assert!(out.contains("Game over after"), "{}", tail(&out));
    // The human sees only their own hand: no agent's hand is listed.
    assert!(!out.contains("hand (you control"), "{}", tail(&out));
}

impl Session {
    /// Answers each prompt with `answer(screen since the last answer)`
    /// until the process exits; panics after `limit`.
    fn converse(
        &mut self,
        prompt: &str,
        limit: Duration,
        mut answer: impl FnMut(&str) -> String,
    ) -> String {
        let start = Instant::now();
        let mut from = 0usize;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(100));
                let out = self.text();
                assert!(
                    status.success() || status.code() == Some(130),
                    "tolaria failed ({status}):\n{}",
                    tail(&out)
                );
                return out;
            }
            let screen = {
                let buf = self.output.lock().unwrap();
                String::from_utf8_lossy(&buf[from..]).into_owned()
            };
            if screen.ends_with(prompt) {
                let cmd = answer(&screen);
                from += screen.len();
                let _ = writeln!(self.input, "{cmd}");
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                panic!("no game over after {limit:?}:\n{}", tail(&self.text()));
            }
            std::thread::sleep(Duration::from_millis(3));
        }
    }
}

/// The numbered options on a screen: (number, text).
fn options(screen: &str) -> Vec<(usize, String)> {
    screen
        .lines()
        .filter_map(|l| {
            let (n, rest) = l.trim_start().split_once(") ")?;
            Some((n.parse().ok()?, rest.to_string()))
        })
        .collect()
}

/// A newcomer's game on the default decks, through the real terminal: a
/// `p` at the attack prompt is refused (never "no attackers"), then they
/// attack with one creature at a time; they read a card, set stops and
/// pass with `pass turn`; blocks name the attacker by #id, and of two
/// attacking Standing Troops they block the one they chose (309.2a). The
/// human wins. (Seed 22 is a game where two same-named creatures attack.)
#[test]
fn a_newcomer_wins_on_the_default_decks() {
    let seed = std::env::var("PTY_SEED").unwrap_or(SEED.into());
    let mut s = start(&["play", "--seed", &seed, "--agent", "random"], true);
    let mut tried_p = false;
    let mut read_card = false;
    let mut stops_set = false;
    let mut attacks = 0;
    let mut declared_one = false;
    let mut same_name_block: Option<String> = None;
    let out = s.converse("> ", Duration::from_secs(120), |screen| {
        let opts = options(screen);
        let find =
            |pred: &dyn Fn(&str) -> bool| opts.iter().find(|(_, t)| pred(t)).map(|(n, _)| *n);
        if screen.contains("keep your opening hand") {
            return "1".into();
        }
        if !stops_set {
            stops_set = true;
            return "stop end mine".into();
        }
        if screen.contains("declare attackers (308.2a)") {
            if !tried_p {
                tried_p = true;
                return "p".into();
            }
            let all: Vec<String> = opts
                .iter()
                .filter(|(_, t)| t.starts_with("attack with"))
                .map(|(n, _)| n.to_string())
                .collect();
            if all.is_empty() {
                let finish = std::mem::take(&mut declared_one);
                return if finish {
                    "done".into()
                } else {
                    "no attack".into()
                };
            }
            attacks += 1;
            if attacks == 1 {
                // One creature first, then `done` finishes the declaration.
                declared_one = true;
                return all[0].clone();
            }
            declared_one = false;
            return format!("attack {}", all.join(" "));
        }
        if screen.contains("declare attackers (308.2a)") {
            return "done".into();
        }
        if screen.contains("declare blockers (309.2a)") {
            // 309.2a: of two attackers with the same name, block the
            // second one, chosen by its number (its #id tells them apart).
            let blocks: Vec<&(usize, String)> = opts
                .iter()
                .filter(|(_, t)| t.starts_with("block "))
                .collect();
            let attacker = |t: &str| {
                let rest = t.trim_start_matches("block ");
                let name = rest.split(" #").next().unwrap_or("").to_string();
                let id = rest.split(" with ").next().unwrap_or("").to_string();
                (name, id)
            };
            for (i, (_, a)) in blocks.iter().enumerate() {
                for (n, b) in blocks.iter().skip(i + 1) {
                    let (an, aid) = attacker(a);
                    let (bn, bid) = attacker(b);
                    if an == bn && aid != bid && same_name_block.is_none() {
                        same_name_block = Some(bid);
                        return format!("block {n}");
                    }
                }
            }
            return match blocks.first() {
                Some((n, _)) => format!("block {n}"),
                None => "no blocks".into(),
            };
        }
        if !read_card {
            if let Some((n, _)) = opts
                .iter()
                .find(|(_, t)| t.starts_with("play ") && !t.starts_with("play land"))
            {
                read_card = true;
                return format!("card {n}");
            }
        }
        let theirs = screen
            .rsplit("=== Turn ")
            .next()
            .is_some_and(|h| h.contains("· P2's turn"));
        if screen.contains("you have priority") && theirs {
            // A stop on the opponent's turn: pass until ours.
            return "pass turn".into();
        }
        if screen.contains("choose target") {
            if let Some(n) = find(&|t| t.contains("(P2)")) {
                return n.to_string();
            }
            return "1".into();
        }
        if screen.contains("pay the mana cost") {
            return "pay".into();
        }
        if let Some(n) = find(&|t| t.starts_with("play land")) {
            return n.to_string();
        }
        if let Some(n) = find(&|t| t.starts_with("play ") && !t.contains("face down")) {
            return n.to_string();
        }
        if screen.contains("you have priority") {
            return if screen.contains("main phase") && !screen.contains("P2's turn") {
                "p".into()
            } else {
                "pass turn".into()
            };
        }
        "1".into()
    });
    if let Ok(f) = std::env::var("PTY_DUMP") {
        let _ = std::fs::write(f, &out);
    }
    assert!(
        out.contains("You are declaring attackers (308.2a)"),
        "the `p` was refused"
    );
    assert!(out.contains("Plays in Tolaria"), "a card was read");
    assert!(out.contains("Stops on your turn"), "stops set");
    assert!(
        out.contains("Passing until your next turn"),
        "pass turn used"
    );
    assert!(attacks > 0);
    let blocked = same_name_block.expect("two same-named attackers to choose from");
    assert!(
        out.contains(&format!(" blocks {blocked}")),
        "the chosen one of two same-named attackers ({blocked}) was blocked"
    );
    assert!(out.contains("You win the game!"), "{}", tail(&out));
}

/// 309.2a through the terminal: the greedy agent attacks with two Grizzly
/// Bears; the human blocks the second one by its #id (not the first of the
/// same name), and the log says which bear was blocked and which dealt
/// damage to the human.
#[test]
fn blocking_a_chosen_one_of_two_same_named_attackers() {
    let mut s = start(
        &[
            "play",
            "--scenario",
            "two_bears_attack",
            "--agent",
            "greedy",
        ],
        true,
    );
    let mut chosen: Option<(String, String)> = None;
    let mut answers = 0;
    let out = s.converse("> ", Duration::from_secs(60), |screen| {
        answers += 1;
        if answers > 40 {
            return "concede yes".into();
        }
        if chosen.is_none() && screen.contains("declare blockers (309.2a)") {
            let blocks: Vec<(usize, String)> = options(screen)
                .into_iter()
                .filter(|(_, t)| t.starts_with("block Grizzly Bears #"))
                .collect();
            assert_eq!(blocks.len(), 2, "two attackers to choose from:\n{screen}");
            let (n, text) = &blocks[1];
            let other = blocks[0].1.split(' ').nth(3).unwrap().to_string();
            chosen = Some((text.split(' ').nth(3).unwrap().to_string(), other));
            return format!("block {n}");
        }
        if chosen.is_some() && screen.contains("Turn 5") {
            return "concede yes".into();
        }
        "p".into()
    });
    let (blocked, unblocked) = chosen.expect("a blockers prompt");
    assert!(
        out.contains(&format!("Wall of Wood #2 blocks Grizzly Bears {blocked}")),
        "{}",
        tail(&out)
    );
    assert!(
        out.contains(&format!(
            "Grizzly Bears {blocked} deals 2 combat damage to Wall of Wood #2"
        )),
        "{}",
        tail(&out)
    );
    assert!(
        out.contains(&format!(
            "Grizzly Bears {unblocked} deals 2 combat damage to P1"
        )),
        "{}",
        tail(&out)
    );
}

/// 606 with `--both-heads`: the human answers the decisions of both
/// players of their Two-Headed Giant team (seats 1 and 2), the session
/// switching to the head who decides.
#[test]
fn playing_both_heads_of_a_two_headed_giant_team() {
    let mut s = start(
        &[
            "play",
            "--players",
            "4",
            "--variant",
            "2hg",
            "--both-heads",
            "--seed",
            "3",
        ],
        true,
    );
    let mut answers = 0;
    let out = s.converse("> ", Duration::from_secs(120), |screen| {
        answers += 1;
        if answers > 150 || screen.contains("your other head") && answers > 20 {
            return "concede yes".into();
        }
        "1".into()
    });
    assert!(
        out.contains("You now play P2, your other head"),
        "{}",
        tail(&out)
    );
    assert!(out.contains("Game over after"), "{}", tail(&out));
}

const SEED: &str = "22";

/// Waits until the output contains `what`; panics after 30 s.
fn wait_for(s: &Session, what: &str) {
    let start = Instant::now();
    while !s.text().contains(what) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no {what:?} in:\n{}",
            tail(&s.text())
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Ctrl-D asks before conceding; Ctrl-C saves the game and the events so
/// far (written at the interrupt), and `play --resume` goes on with it.
#[test]
fn ctrl_d_asks_and_ctrl_c_saves_the_game() {
    let dir = std::env::temp_dir().join(format!("tolaria-pty-int-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.json");
    let events = dir.join("events.jsonl");
    let mut s = start(
        &[
            "play",
            "--seed",
            "5",
            "--save",
            save.to_str().unwrap(),
            "--events",
            events.to_str().unwrap(),
        ],
        true,
    );
    wait_for(&s, "keep hand");
    writeln!(s.input, "1").unwrap();
    wait_for(&s, "you have priority");
    // Ctrl-D at the start of a line: end of input, which asks first.
    s.input.write_all(b"\x04").unwrap();
    wait_for(&s, "Concede the game?");
    writeln!(s.input, "no").unwrap();
    wait_for(&s, "Playing on.");
    // SAFETY: signals the child this test started.
    unsafe {
        libc::kill(s.child.id() as i32, libc::SIGINT);
    }
    let status = s.child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(status.code(), Some(130), "{}", tail(&s.text()));
    assert!(s.text().contains("Interrupted (Ctrl-C)"));
    let ev = std::fs::read_to_string(&events).unwrap();
    assert!(
        ev.lines().count() > 10 && ev.contains("\"rule\""),
        "events flushed"
    );
    assert!(save.exists(), "game saved");
    let mut r = start(&["play", "--resume", save.to_str().unwrap()], true);
    let out = r.drive("> ", &["concede yes"], Duration::from_secs(30));
    assert!(out.contains("resuming"), "{}", tail(&out));
    assert!(out.contains("You lose the game"), "{}", tail(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Passing with mana in the pool warns once (300.3), then passes.
#[test]
fn passing_with_floating_mana_warns_once() {
    let mut s = start(&["play", "--seed", "12", "--agent", "random"], true);
    let mut step = 0;
    let out = s.converse("> ", Duration::from_secs(60), |screen| {
        let opts = options(screen);
        if screen.contains("keep your opening hand") {
            return "1".into();
        }
        match step {
            0 => match opts.iter().find(|(_, t)| t.starts_with("play land")) {
                Some((n, _)) => n.to_string(),
                None => "p".into(),
            },
            _ if step < 4 => match opts.iter().find(|(_, t)| t.starts_with("tap ")) {
                Some((n, _)) if step == 1 => {
                    step = 2;
                    n.to_string()
                }
                _ => {
                    step += 1;
                    "p".into()
                }
            },
            _ => "concede yes".into(),
        }
        .tap(|_| {
            if step == 0 && screen.contains("you have priority") {
                step = 1;
            }
        })
    });
    assert_eq!(out.matches("mana burn, 300.3").count(), 1, "{}", tail(&out));
}

trait Tap: Sized {
    fn tap(self, f: impl FnOnce(&Self)) -> Self {
        f(&self);
        self
    }
}
impl Tap for String {}
