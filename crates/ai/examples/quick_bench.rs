use std::time::Instant;
use tolaria_ai::{Agent, RandomAgent};
use tolaria_cards::{db, CardId};
use tolaria_rules::Game;
fn deck(list: &[(usize, &str)]) -> Vec<CardId> {
    list.iter()
        .flat_map(|&(n, name)| std::iter::repeat_n(db().by_name(name).expect(name).id, n))
        .collect()
}
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let rg = deck(&[
        (11, "Mountain"),
        (11, "Forest"),
        (4, "Raging Goblin"),
        (4, "Grizzly Bears"),
        (4, "Gray Ogre"),
        (4, "Trained Armodon"),
        (4, "Hill Giant"),
        (2, "Craw Wurm"),
        (4, "Giant Spider"),
        (4, "Lightning Bolt"),
        (4, "Shock"),
        (4, "Giant Growth"),
    ]);
    let ww = deck(&[
        (24, "Plains"),
        (4, "Savannah Lions"),
        (4, "Eager Cadet"),
        (4, "White Knight"),
        (4, "Glory Seeker"),
        (4, "Pearled Unicorn"),
        (4, "Wild Griffin"),
        (4, "Standing Troops"),
        (4, "Serra Angel"),
        (4, "Swords to Plowshares"),
    ]);
    let _ = db();
    let t = Instant::now();
    let (mut turns, mut actions) = (0u64, 0u64);
    let mut buf = Vec::new();
    let mut mid: Option<Game> = None;
    for seed in 0..n {
        let mut g = Game::new_game(&[("RG", rg.clone()), ("WW", ww.clone())], seed);
        let mut agents = [
            RandomAgent::new(seed * 2 + 1),
            RandomAgent::new(seed * 2 + 2),
        ];
        while !g.is_over() {
            let d = g.decider().unwrap();
            g.legal_actions_into(&mut buf);
            let a = agents[d.index()].choose(&g, d, &buf);
            g.apply(a).unwrap();
            g.events.clear();
            actions += 1;
            if mid.is_none() && g.turn == 8 {
                mid = Some(g.clone());
            }
        }
        turns += g.turn as u64;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{n} games in {s:.2}s: {:.0} games/s, {:.1} turns/game, {:.0} actions/s",
        n as f64 / s,
        turns as f64 / n as f64,
        actions as f64 / s
    );
    let m = mid.unwrap();
    let t = Instant::now();
    let mut keep = 0usize;
    for _ in 0..100_000 {
        let c = m.clone();
        keep += c.objects.len();
    }
    println!(
        "clone: {:.0} ns ({keep})",
        t.elapsed().as_nanos() as f64 / 100_000.0
    );
}
