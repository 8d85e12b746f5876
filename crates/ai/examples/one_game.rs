use tolaria_ai::{Agent, RandomAgent};
use tolaria_cards::db;
use tolaria_rules::Game;
fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let names = [
        "Mountain",
        "Forest",
        "Raging Goblin",
        "Grizzly Bears",
        "Gray Ogre",
        "Trained Armodon",
        "Hill Giant",
        "Craw Wurm",
        "Giant Spider",
        "Lightning Bolt",
        "Shock",
        "Giant Growth",
        "Plains",
        "Savannah Lions",
        "Eager Cadet",
        "White Knight",
        "Glory Seeker",
        "Pearled Unicorn",
        "Wild Griffin",
        "Standing Troops",
        "Serra Angel",
        "Swords to Plowshares",
    ];
    for n in names {
        let c = db().by_name(n).unwrap();
        if let Some(u) = c.unsupported() {
            println!("UNSUPPORTED {n}: {u}");
        }
    }
    let rg: Vec<_> = [
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
    ]
    .iter()
    .flat_map(|&(n, c)| std::iter::repeat_n(db().by_name(c).unwrap().id, n))
    .collect();
    let ww: Vec<_> = [
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
    ]
    .iter()
    .flat_map(|&(n, c)| std::iter::repeat_n(db().by_name(c).unwrap().id, n))
    .collect();
    let mut g = Game::new_game(&[("RG", rg), ("WW", ww)], seed);
    let mut agents = [
        RandomAgent::new(seed * 2 + 1),
        RandomAgent::new(seed * 2 + 2),
    ];
    let mut buf = Vec::new();
    while !g.is_over() {
        for e in g.take_events() {
            println!("{}", e.render());
        }
        let d = g.decider().unwrap();
        g.legal_actions_into(&mut buf);
        let a = agents[d.index()].choose(&g, d, &buf);
        println!("  > {d} {}", g.describe(&a));
        g.apply(a).unwrap();
    }
    for e in g.take_events() {
        println!("{}", e.render());
    }
    println!("turns {}", g.turn);
}
