//! A fingerprint of many complete games, for checking that a speed change
//! leaves every game the same: hashes each decision's legal actions, each
//! chosen action, every rendered event and each result, for the benchmark
//! decks (random agents) and for random decks from the whole supported pool
//! (random and greedy agents).
//!
//! `cargo run --release -p tolaria-ai --example fingerprint [bench_games] [pool_games]`

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use tolaria_ai::{agent_by_name, Agent, RandomAgent};
use tolaria_cards::{db, CardId, CardType};
use tolaria_rules::{Game, Rng};

fn play(g: &mut Game, agents: &mut [Box<dyn Agent>], h: &mut DefaultHasher, cap: u32) {
    let mut n = 0u32;
    while !g.is_over() && n < cap {
        let Some(d) = g.decider() else { break };
        // The kept listing (issue 22): the lists hashed are the ones
        // the benchmark and the simulations use.
        g.keep_listing();
        let buf = g.kept_listing();
        format!("{buf:?}").hash(h);
        if buf.is_empty() {
            break;
        }
        let a = agents[d.index()].choose(g, d, buf);
        format!("{a:?}").hash(h);
        g.apply(a).expect("legal");
        for e in g.take_events() {
            e.render().hash(h);
        }
        n += 1;
    }
    format!("{:?} {} {}", g.result, g.turn, n).hash(h);
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let bench_games = args.first().copied().unwrap_or(200);
    let pool_games = args.get(1).copied().unwrap_or(60);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let load = |p: &str| tolaria_cards::Deck::load(root.join(p)).unwrap().cards();
    let rg = load("decks/bench/rg_beats_old.dck");
    let ww = load("decks/bench/white_weenie_old.dck");
    let mut total = DefaultHasher::new();
    let mut h = DefaultHasher::new();
    for seed in 0..bench_games {
        let mut g = Game::new_game(&[("RG", rg.clone()), ("WW", ww.clone())], seed);
        let mut agents: Vec<Box<dyn Agent>> = vec![
            Box::new(RandomAgent::new(seed * 2 + 1)),
            Box::new(RandomAgent::new(seed * 2 + 2)),
        ];
        play(&mut g, &mut agents, &mut h, 1_000_000);
    }
    let bench = h.finish();
    bench.hash(&mut total);
    println!("bench decks, {bench_games} games: {bench:016x}");

    let pool: Vec<CardId> = db()
        .iter()
        .filter(|c| c.is_supported() && !c.ante_only() && !c.front().types.contains(CardType::Land))
        .map(|c| c.id)
        .collect();
    let lands: Vec<CardId> = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
        .iter()
        .map(|n| db().by_name(n).unwrap().id)
        .collect();
    let mut rng = Rng::new(2007);
    let mut h = DefaultHasher::new();
    for game in 0..pool_games {
        let mut deck = || {
            let mut d: Vec<CardId> = (0..36).map(|_| pool[rng.below(pool.len())]).collect();
            for i in 0..24 {
                d.push(lands[i % lands.len()]);
            }
            d
        };
        let (a, b) = (deck(), deck());
        let mut g = Game::new_game(&[("A", a), ("B", b)], game);
        let kinds = ["random", "greedy"];
        let mut agents: Vec<Box<dyn Agent>> = (0..2u64)
            .map(|s| -> Box<dyn Agent> {
                agent_by_name(kinds[((game + s) % 2) as usize], game * 2 + s + 1).unwrap()
            })
            .collect();
        play(&mut g, &mut agents, &mut h, 20_000);
    }
    let poolh = h.finish();
    poolh.hash(&mut total);
    println!("pool decks, {pool_games} games: {poolh:016x}");
    println!("total: {:016x}", total.finish());
}
