//! Rule 511: flipping a coin (511.1: the player calls; only that player wins
//! or loses the flip), from the game's seeded generator.

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, DecisionKind, Event, Game, Zone};

fn with(permanent: &str, seed: u64) -> (Game, tolaria_rules::ObjId) {
    let mut g = Game::empty(&["Alice", "Bob"], seed);
    let o = g.create_card(card(permanent), P1, Zone::InPlay);
    for p in [P1, P2] {
        for _ in 0..5 {
            g.create_card(card("Plains"), p, Zone::Library(p));
        }
    }
    g.begin_at(3, P1, Step::Upkeep);
    (g, o)
}

/// Resolves the upkeep trigger with the given call; returns whether the flip was won.
fn resolve_flip(g: &mut Game, heads: bool) -> bool {
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    // 511.1: the player calls before the flip.
    assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::CallCoin);
    assert_eq!(g.decider(), Some(P1));
    g.apply(if heads {
        Action::CallHeads
    } else {
        Action::CallTails
    })
    .unwrap();
    let events = g.take_events();
    let flip = events.iter().find_map(|e| match e {
        Event::CoinFlipped {
            player,
            call: Some(called_heads),
            heads: h,
            won: Some(won),
        } => Some((*player, *called_heads, *h, *won)),
        _ => None,
    });
    let (player, called, came_heads, won) = flip.expect("a coin was flipped");
    assert_eq!(player, P1, "only the flipping player wins or loses");
    assert_eq!(called, heads);
    assert_eq!(
        won,
        came_heads == called,
        "511.1: the call matching the result wins"
    );
    assert!(events
        .iter()
        .any(|e| e.render().starts_with("511.1 P1 calls")));
    won
}

#[test]
fn r511_1_scoria_wurm_returns_to_hand_only_when_the_flip_is_lost() {
    let (mut wins, mut losses) = (0, 0);
    for seed in 0..40 {
        let (mut g, wurm) = with("Scoria Wurm", seed);
        let won = resolve_flip(&mut g, seed % 2 == 0);
        if won {
            wins += 1;
            assert_eq!(g.zone_of(wurm), Some(Zone::InPlay));
        } else {
            losses += 1;
            assert_eq!(g.zone_of(wurm), None);
            assert_eq!(g.player(P1).hand.len(), 1);
        }
    }
    // The generator gives both outcomes.
    assert!(wins > 5 && losses > 5, "{wins} wins, {losses} losses");
}

#[test]
fn r511_1_same_seed_same_flip() {
    let run = |seed| {
        let (mut g, _) = with("Mana Crypt", seed);
        resolve_flip(&mut g, true)
    };
    for seed in 0..10 {
        assert_eq!(run(seed), run(seed));
    }
}

#[test]
fn r511_1_mana_crypt_deals_3_damage_when_the_flip_is_lost() {
    for seed in 0..20 {
        let (mut g, _) = with("Mana Crypt", seed);
        let won = resolve_flip(&mut g, false);
        assert_eq!(g.life(P1), if won { 20 } else { 17 });
    }
}

#[test]
fn stitch_in_time_winner_takes_an_extra_turn() {
    for seed in 0..20 {
        let mut g = Game::empty(&["Alice", "Bob"], seed);
        // Stitch in Time costs {1}{U}{R}.
        for land in ["Island", "Island", "Mountain"] {
            g.create_card(card(land), P1, Zone::InPlay);
        }
        let stitch = g.create_card(card("Stitch in Time"), P1, Zone::Hand(P1));
        for p in [P1, P2] {
            for _ in 0..5 {
                g.create_card(card("Island"), p, Zone::Library(p));
            }
        }
        g.begin_at(3, P1, Step::PrecombatMain);
        g.apply(Action::PlaySpell(stitch)).unwrap();
        while g.decision.as_ref().unwrap().kind == DecisionKind::PayMana {
            let a = g
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::ActivateMana { .. }))
                .unwrap();
            g.apply(a).unwrap();
        }
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Pass).unwrap();
        g.apply(Action::CallHeads).unwrap();
        let won = g.take_events().iter().any(|e| {
            matches!(
                e,
                Event::CoinFlipped {
                    won: Some(true),
                    ..
                }
            )
        });
        while g.turn == 3 {
            let d = g.decider().unwrap();
            g.apply_as(d, Action::Pass).unwrap();
        }
        assert_eq!(g.active, if won { P1 } else { P2 }, "seed {seed}");
    }
}
