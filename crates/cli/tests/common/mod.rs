//! What the tests that drive the real `tolaria` binary share: running it
//! with arguments (and input), reading its output, temporary files. Each
//! test file makes its own `Command` (its directory and colour setting)
//! and hands it here.
#![allow(dead_code)] // each test file uses a part

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary, run from a directory without deck files (the defaults are
/// embedded).
pub fn binary() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tolaria"));
    c.current_dir(std::env::temp_dir());
    c
}

/// Runs `c` with `args` and no input.
pub fn run_command(mut c: Command, args: &[&str]) -> Output {
    c.args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run tolaria")
}

/// Runs `c` with `args` and `input` on stdin (written from a thread; the
/// binary may stop reading before the end).
pub fn run_command_with_input(mut c: Command, args: &[&str], input: String) -> Output {
    let mut child = c
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tolaria");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("wait for tolaria");
    let _ = writer.join();
    out
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A path for `name` in this test process's own temporary directory
/// (`tag` names the test file).
pub fn temp_file(tag: &str, name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tolaria-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}
