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
    let out = s.drive("> ", &["concede"], Duration::from_secs(50));
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
    commands.push("concede");
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
