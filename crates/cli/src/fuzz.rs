//! `tolaria fuzz`: the fuzz driver of `tolaria_ai::fuzz` from the command
//! line: random whole-pool games with 2–6 players and checks after every
//! action; prints the figures and every failure with the command that
//! reproduces it. Exit status 1 if a failure that isn't a known defect
//! was found.

use crate::args::Args;
use crate::{CliError, CliResult};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tolaria_ai::fuzz::{self, Checks, Config};

const HELP: &str = "\
tolaria fuzz: random games from the whole card pool, checked after every action

Usage: tolaria fuzz [--games N] [--seed S] [--players A-B] [--start I]
                    [--threads T] [--max-actions M] [--checks full|sampled]
                    [--shrink SECONDS]

Options:
  --games N        number of games (default 100, at most 100000000)
  --seed S         the run's seed (default 1); game I's decks, players,
                   attack option, agents and seeds derive from S and I
  --players A-B    players per game, between 2 and 6 (default 2-6)
  --start I        the first game's index (default 0): with --games 1,
                   plays one game of a run again
  --threads T      worker threads (default: all cores, at most 256)
  --max-actions M  stop a game at M actions and tell an engine loop from
                   agents repeating free actions (default 20000)
  --checks C       full: every check after every action; sampled (default):
                   views, malformed actions and JSON round trips sampled;
                   light: zones and decider every action, the rest rarely
  --shrink S       seconds spent shrinking each of the first failures to
                   the cards that cause it (default 30; 0: no shrinking)

Checks: zones and card conservation (through subgames), a decider with a
legal action while the game runs, listed actions apply (on a copy),
unlisted and malformed actions are refused with the game unchanged (its
JSON), views hide hidden cards, a game saved and loaded plays the same.

Examples:
  tolaria fuzz --games 1000 --seed 7
  tolaria fuzz --games 1 --seed 7 --players 2-6 --start 123 --checks full
";

pub fn main(argv: Vec<String>) -> CliResult {
    let args = Args::parse(
        "fuzz",
        argv,
        &[
            "games",
            "seed",
            "players",
            "start",
            "threads",
            "max-actions",
            "checks",
            "shrink",
        ],
        &[],
    )?;
    if args.help {
        print!("{HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    args.no_positional()?;
    let (lo, hi) = match args.value("players") {
        None => (fuzz::MIN_PLAYERS, fuzz::MAX_PLAYERS),
        Some(v) => {
            let (a, b) = v.split_once('-').unwrap_or((v, v));
            match (a.trim().parse::<u8>(), b.trim().parse::<u8>()) {
                (Ok(a), Ok(b)) if fuzz::MIN_PLAYERS <= a && a <= b && b <= fuzz::MAX_PLAYERS => {
                    (a, b)
                }
                _ => {
                    return Err(CliError::usage(format!(
                        "fuzz: --players expects A-B with 2 <= A <= B <= 6, got {:?}",
                        crate::args::clip(v)
                    )))
                }
            }
        }
    };
    let checks = match args.value("checks").unwrap_or("sampled") {
        "full" => Checks::FULL,
        "sampled" => Checks::SAMPLED,
        "light" => Checks::LIGHT,
        other => {
            return Err(CliError::usage(format!(
                "fuzz: --checks expects full, sampled or light, got {:?}",
                crate::args::clip(other)
            )))
        }
    };
    let cfg = Config {
        seed: args.number("seed", 1)?,
        start: args.number_in("start", 0, 0, u64::MAX - fuzz::MAX_GAMES)?,
        games: args.number_in("games", 100, 0, fuzz::MAX_GAMES)?,
        min_players: lo,
        max_players: hi,
        max_actions: args.number_in("max-actions", 20_000, 1, 10_000_000)?,
        threads: args
            .number_in(
                "threads",
                crate::sim::default_threads(),
                0,
                fuzz::MAX_THREADS,
            )?
            .max(1),
        checks,
        shrink_time: Duration::from_secs(args.number_in("shrink", 30, 0, 3_600)?),
        shrink_failures: 5,
    };
    // Panics of the engine are caught and reported as failures; the
    // default hook would print each one as well.
    std::panic::set_hook(Box::new(|_| {}));
    let done = AtomicU64::new(0);
    let t0 = Instant::now();
    let report = fuzz::run(&cfg, &|o| {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(f) = &o.failure {
            eprint!("{}", f.describe());
        }
        if n.is_multiple_of(500) {
            eprintln!(
                "fuzz: {n}/{} games, {:.0}s",
                cfg.games,
                t0.elapsed().as_secs_f64()
            );
        }
    });
    let _ = std::panic::take_hook();
    print!("{}", report.summary());
    Ok(if report.unknown_failures().next().is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
