//! Every file of the committed cargo-fuzz corpora (`fuzz/corpus/TARGET/`,
//! docs/fuzzing.md) through its target's entry point
//! (`tolaria_ai::fuzz::inputs`), on stable Rust: the inputs libFuzzer
//! found interesting, and the crashes it found (now fixed), stay checked
//! in CI without cargo-fuzz or a nightly toolchain.

use std::path::Path;
use tolaria_ai::fuzz::inputs::TARGETS;

fn corpus(target: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn run(target: &str) {
    let (_, entry) = TARGETS
        .iter()
        .find(|(n, _)| *n == target)
        .expect("a target");
    let files = corpus(target);
    assert!(!files.is_empty(), "the {target} corpus is empty");
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let r = std::panic::catch_unwind(|| entry(&data));
        assert!(r.is_ok(), "{target}: {} fails", f.display());
    }
}

#[test]
fn deck_file_corpus() {
    run("deck_file");
}

#[test]
fn scenario_file_corpus() {
    run("scenario_file");
}

#[test]
fn replay_file_corpus() {
    run("replay_file");
}

#[test]
fn action_json_corpus() {
    run("action_json");
}

#[test]
fn game_json_corpus() {
    run("game_json");
}
