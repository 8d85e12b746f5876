//! `tolaria bench`: the benchmark of `shared/bench/README.md`: complete
//! games per second, RG vs WW, random agents, a new seed per game.

use crate::args::Args;
use crate::decks;
use crate::sim::{self, Caps, Entry};
use crate::{CliError, CliResult};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;
use tolaria_rules::{Game, Object, Player, StackItem};

const HELP: &str = "\
tolaria bench: the speed benchmark (shared/bench/README.md)

Usage: tolaria bench [--games N] [--seed S] [--threads T] [--clones C]

Plays N complete games of RG Beats vs White Weenie (the embedded
decks/bench/*.dck) between the benchmark's random agents (keep every hand;
at priority pass with probability 0.3, else a uniform choice among the other
actions; uniform at every other decision), with a new seed per game and no
turn cap below 1,000 turns; first on one thread, then on all cores.

Reports games/s (one thread and all cores), average turns per game (both
players' turns), actions/s, the time to clone a mid-game state (turn 8), the
size of a game state, the start-up time to the first decision of a new
game, and peak memory (VmHWM).

Options:
  --games N    games per run (default 1000)
  --seed S     base seed (default 1)
  --threads T  threads for the all-cores run (default: all cores)
  --clones C   clones to time (default 100000)

Examples:
  tolaria bench
  cargo run --release -p tolaria -- bench --games 2000
";

pub fn main(argv: Vec<String>) -> CliResult {
    let args = Args::parse("bench", argv, &["games", "seed", "threads", "clones"], &[])?;
    if args.help {
        print!("{HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    args.no_positional()?;
    let games: u64 = args.number_in("games", 1000, 0, sim::MAX_GAMES)?;
    let seed: u64 = args.number("seed", 1)?;
    let threads: usize = args.number_in("threads", sim::default_threads(), 0, sim::MAX_THREADS)?;
    let clones: u64 = args.number_in("clones", 100_000, 1, 1_000_000_000)?;
    if games == 0 || threads == 0 {
        return Err(CliError::usage(
            "bench: --games and --threads must be at least 1",
        ));
    }
    // Start-up: from here (nothing has touched the card database yet) to
    // the first decision of a new game: the card index, both decks, the
    // cards they use compiled, the game set up, its legal actions.
    let t0 = Instant::now();
    let rg = decks::builtin("rg_beats_old")
        .ok_or_else(|| CliError::failure("bench: the built-in RG deck does not parse"))?;
    let ww = decks::builtin("white_weenie_old")
        .ok_or_else(|| CliError::failure("bench: the built-in WW deck does not parse"))?;
    let entries = [
        Entry {
            deck: rg,
            agent: "random".into(),
        },
        Entry {
            deck: ww,
            agent: "random".into(),
        },
    ];
    // No turn cap below 1,000 turns (README); the action cap only guards
    // against an engine loop and is reported.
    let caps = Caps {
        max_actions: 50_000_000,
        max_turns: 1000,
    };
    let startup = {
        let decks: Vec<(&str, Vec<tolaria_cards::CardId>)> = entries
            .iter()
            .map(|e| (e.deck.name.as_str(), e.deck.cards.clone()))
            .collect();
        let g = Game::new_game(&decks, seed);
        black_box(g.legal_actions());
        t0.elapsed()
    };
    println!(
        "Benchmark: {} vs {}, random agents, {games} games, seed {seed}",
        entries[0].deck.name, entries[1].deck.name
    );

    // One thread, keeping the first state reached at turn 8.
    let mut mid: Option<Game> = None;
    let start = Instant::now();
    let mut outcomes = Vec::with_capacity(games as usize);
    for i in 0..games {
        let o = sim::play_game_with(&entries, seed, i, caps, |g, _| {
            if mid.is_none()
                && g.turn >= 8
                && g.stack.is_empty()
                && g.decision
                    .as_ref()
                    .is_some_and(|d| d.kind == tolaria_rules::DecisionKind::Priority)
            {
                // Without the events of the last action (and their
                // capacity), as the state between actions.
                let mut m = g.clone();
                m.events = Vec::new();
                mid = Some(m);
            }
        });
        outcomes.push(o);
    }
    let one = start.elapsed().as_secs_f64();
    let s = sim::Summary::of(&outcomes);
    println!(
        "one thread:    {:>10.1} games/s  ({games} games in {one:.2}s, {:.0} actions/s)",
        games as f64 / one,
        s.total_actions as f64 / one
    );

    let start = Instant::now();
    let par = sim::run_games(&entries, seed, games, threads, caps);
    let all = start.elapsed().as_secs_f64();
    let sp = sim::Summary::of(&par);
    println!(
        "{threads} threads:    {:>10.1} games/s  ({games} games in {all:.2}s, {:.0} actions/s)",
        games as f64 / all,
        sp.total_actions as f64 / all
    );
    if sp.total_turns != s.total_turns || sp.wins != s.wins {
        println!("warning: the parallel run's results differ from the single-thread run");
    }
    println!(
        "average turns per game: {:.2} (both players' turns: game.turn at the end)",
        s.avg_turns
    );
    println!(
        "average actions per game: {:.1}; results: {} {} wins, {} {} wins, {} draws ({} hit the cap)",
        s.avg_actions, s.wins[0], entries[0].deck.name, s.wins[1], entries[1].deck.name, s.draws, s.capped
    );

    match mid {
        Some(m) => {
            let t = Instant::now();
            let mut keep = 0usize;
            for _ in 0..clones {
                let c = black_box(&m).clone();
                keep = keep.wrapping_add(black_box(&c).objects.len());
            }
            black_box(keep);
            let ns = t.elapsed().as_nanos() as f64 / clones.max(1) as f64;
            println!(
                "clone of a turn-{} state: {ns:.0} ns per clone ({clones} clones, {} objects)",
                m.turn,
                m.objects.len()
            );
            // 418.5: the layered characteristics of the permanents in play,
            // recomputed after a change, and a query on the cached board.
            let reps = clones.max(1);
            let t = Instant::now();
            for _ in 0..reps {
                black_box(tolaria_rules::continuous::layers::compute_board(black_box(
                    &m,
                )));
            }
            let board_ns = t.elapsed().as_nanos() as f64 / reps as f64;
            let ids: Vec<_> = m.in_play.clone();
            let t = Instant::now();
            let mut acc = 0i64;
            for i in 0..reps {
                let id = ids[i as usize % ids.len().max(1)];
                acc += tolaria_rules::continuous::characteristics::compute(black_box(&m), id).power
                    as i64;
            }
            black_box(acc);
            let query_ns = t.elapsed().as_nanos() as f64 / reps as f64;
            println!(
                "characteristics (418.5): {board_ns:.0} ns to compute the board of {} permanents, {query_ns:.1} ns per query on the cached board",
                m.in_play.len()
            );
            let (inline, heap) = state_size(&m);
            let json = serde_json::to_string(&m).map_or(0, |j| j.len());
            println!(
                "game state size: {} bytes ({inline} inline + {heap} heap, counted from the vectors' capacities; taken at priority with an empty stack, so no rewind snapshot is held); {json} bytes as JSON",
                inline + heap
            );
        }
        None => println!("clone: no game reached turn 8"),
    }
    println!(
        "start-up to the first decision: {:.2} ms (card index, both decks, their cards compiled, a new game, its legal actions)",
        startup.as_secs_f64() * 1e3
    );
    match peak_memory() {
        Some(kb) => println!("peak memory (VmHWM): {kb} kB"),
        None => println!("peak memory: unavailable (no /proc/self/status)"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `size_of::<Game>()` and the heap the state owns (vector capacities).
fn state_size(g: &Game) -> (usize, usize) {
    use std::mem::size_of;
    let ids = size_of::<tolaria_rules::ObjId>();
    let mut heap = g.objects.capacity() * size_of::<Object>();
    heap += g.players.capacity() * size_of::<Player>();
    for p in &g.players {
        heap += p.name.capacity();
        heap += (p.library.capacity() + p.hand.capacity() + p.graveyard.capacity()) * ids;
    }
    heap += (g.in_play.capacity() + g.removed.capacity()) * ids;
    heap += g.stack.capacity() * size_of::<StackItem>();
    for s in &g.stack {
        heap += s.targets.capacity() * size_of::<tolaria_rules::Target>();
        if let tolaria_rules::StackKind::CombatDamage(v) = &s.kind {
            heap += v.capacity() * size_of::<tolaria_rules::DamageAssignment>();
        }
    }
    heap +=
        g.effects.capacity() * size_of::<tolaria_rules::continuous::effects::ContinuousEffect>();
    heap +=
        g.pending_triggers.capacity() * size_of::<tolaria_rules::state::stack::PendingTrigger>();
    heap += g.combat.attackers.capacity() * size_of::<tolaria_rules::turn::combat::Attacker>();
    heap += g.combat.blocks.capacity() * 2 * ids;
    heap += g.combat.dealt_first.capacity() * ids;
    heap += g.combat.assigning.capacity() * size_of::<tolaria_rules::DamageAssignment>();
    heap += g.lki.capacity() * size_of::<tolaria_rules::LastKnown>();
    heap += g.turn_control_next.capacity() * 2;
    heap += g.events.capacity() * size_of::<tolaria_rules::Event>();
    (size_of::<Game>(), heap)
}

/// Peak resident memory in kB, from /proc/self/status.
fn peak_memory() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    s.lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
