//! Rule 511 with the coin-flip cards of the pool: 511.1 (a call: the
//! flipping player wins or loses), 511.2 (no call, no winner), 511.3 (the
//! game's seeded generator gives two outcomes of equal likelihood), and
//! Krark's Thumb, a replacement effect on flipping (419.1).

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, DecisionKind, Event, Game, ObjId, PlayerId, Target, Zone};

/// (player, call, heads, won) of every flip in the events.
fn flips(events: &[Event]) -> Vec<(PlayerId, Option<bool>, bool, Option<bool>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CoinFlipped {
                player,
                call,
                heads,
                won,
            } => Some((*player, *call, *heads, *won)),
            _ => None,
        })
        .collect()
}

/// Answers the pending decisions of a resolution: calls `call`, flips again
/// while `again(wins so far)`, keeps heads if `keep_heads`; passes priority
/// until the stack is empty.
fn finish(g: &mut Game, call: bool, again: impl Fn(u32) -> bool, keep_heads: bool) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..1000 {
        if g.stack.is_empty()
            && g.decision
                .as_ref()
                .is_some_and(|d| d.kind == DecisionKind::Priority)
        {
            break;
        }
        let d = g.decision.clone().expect("a decision");
        let won = flips(&events).iter().filter(|f| f.3 == Some(true)).count() as u32;
        let a = match d.kind {
            DecisionKind::CallCoin => {
                if call {
                    Action::CallHeads
                } else {
                    Action::CallTails
                }
            }
            DecisionKind::FlipAgain => {
                if again(won) {
                    Action::Yes
                } else {
                    Action::No
                }
            }
            DecisionKind::KeepCoin => Action::KeepCoin(keep_heads),
            DecisionKind::Priority => Action::Pass,
            k => panic!("unexpected decision {k:?}"),
        };
        let who = g.decider().unwrap();
        g.apply_as(who, a).unwrap();
        events.extend(g.take_events());
    }
    events
}

fn game(seed: u64) -> Game {
    let mut g = Game::empty(&["Alice", "Bob"], seed);
    for p in [P1, P2] {
        for _ in 0..12 {
            g.create_card(card("Island"), p, Zone::Library(p));
        }
    }
    g
}

fn lands(g: &mut Game, p: PlayerId, land: &str, n: usize) {
    for _ in 0..n {
        g.create_card(card(land), p, Zone::InPlay);
    }
}

fn play(g: &mut Game, obj: ObjId, targets: &[Target]) {
    g.apply(Action::PlaySpell(obj)).unwrap();
    for &t in targets {
        g.apply(Action::ChooseTarget(t)).unwrap();
    }
    pay(g);
}

/// 511.2: Mana Clash: "You and target opponent each flip a coin. Mana Clash
/// deals 1 damage to each player whose coin comes up tails. Repeat this
/// process until both players' coins come up heads on the same flip." No
/// call is made and no one wins or loses (its ruling).
#[test]
fn r511_2_mana_clash_flips_without_a_call_until_both_coins_are_heads() {
    let mut rounds_seen = 0;
    for seed in 0..30 {
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 1);
        let clash = g.create_card(card("Mana Clash"), P1, Zone::Hand(P1));
        g.begin_at(3, P1, Step::PrecombatMain);
        play(&mut g, clash, &[Target::Player(P2)]);
        g.take_events();
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Pass).unwrap();
        // No call decision: the flips happened on resolution.
        let events = g.take_events();
        let f = flips(&events);
        assert!(!f.is_empty() && f.len().is_multiple_of(2), "{f:?}");
        assert!(f.iter().all(|x| x.1.is_none() && x.3.is_none()), "511.2");
        let rounds: Vec<_> = f.chunks(2).collect();
        for (i, r) in rounds.iter().enumerate() {
            assert_eq!((r[0].0, r[1].0), (P1, P2));
            let both_heads = r[0].2 && r[1].2;
            assert_eq!(both_heads, i == rounds.len() - 1, "seed {seed}: {f:?}");
        }
        rounds_seen += rounds.len();
        let tails = |p: PlayerId| f.iter().filter(|x| x.0 == p && !x.2).count() as i32;
        assert_eq!(g.life(P1), 20 - tails(P1));
        assert_eq!(g.life(P2), 20 - tails(P2));
        assert!(events.iter().any(|e| e
            .render()
            .starts_with("511.2 P2 flips a coin without a call")));
    }
    assert!(
        rounds_seen > 40,
        "the process repeats: {rounds_seen} rounds"
    );
}

/// 511.1: Crazed Firecat: "When Crazed Firecat comes into play, flip a coin
/// until you lose a flip. Put a +1/+1 counter on Crazed Firecat for each
/// flip you won." Every flip is called; the last one is the only one lost.
#[test]
fn r511_1_crazed_firecat_flips_until_it_loses() {
    let mut most = 0;
    for seed in 0..30 {
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 7);
        let cat = g.create_card(card("Crazed Firecat"), P1, Zone::Hand(P1));
        g.begin_at(3, P1, Step::PrecombatMain);
        play(&mut g, cat, &[]);
        let events = finish(&mut g, seed.is_multiple_of(2), |_| true, true);
        let f = flips(&events);
        let (last, rest) = f.split_last().expect("at least one flip");
        assert_eq!(last.3, Some(false), "stops at the first lost flip");
        assert!(rest.iter().all(|x| x.3 == Some(true) && x.0 == P1));
        assert!(f
            .iter()
            .all(|x| x.1 == Some(seed.is_multiple_of(2)) && x.3 == Some(x.2 == x.1.unwrap())));
        let cat = g
            .in_play
            .iter()
            .copied()
            .find(|&o| g.obj(o).unwrap().def().name == "Crazed Firecat")
            .unwrap();
        assert_eq!(g.obj(cat).unwrap().plus_counters as usize, rest.len());
        most = most.max(rest.len());
    }
    assert!(most >= 2, "some seed wins several flips");
}

/// Fiery Gambit: "Flip a coin until you lose a flip or choose to stop
/// flipping. If you lose a flip, Fiery Gambit has no effect. If you win one
/// or more flips, 3 damage to target creature; two or more, 6 damage to each
/// opponent; three or more, draw nine cards and untap all lands you
/// control." Rulings: after each flip you choose whether to continue; any
/// lost flip means no effect.
#[test]
fn r511_1_fiery_gambit_stop_or_lose() {
    let (mut stopped, mut lost) = (0, 0);
    for seed in 0..40 {
        let stop_at = 1 + (seed % 3) as u32;
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 3);
        let giant = g.create_card(card("Hill Giant"), P2, Zone::InPlay);
        let gambit = g.create_card(card("Fiery Gambit"), P1, Zone::Hand(P1));
        g.begin_at(3, P1, Step::PrecombatMain);
        play(&mut g, gambit, &[Target::Object(giant)]);
        let hand = g.player(P1).hand.len();
        let events = finish(&mut g, true, |won| won < stop_at, true);
        let f = flips(&events);
        let won = f.iter().filter(|x| x.3 == Some(true)).count() as u32;
        let any_lost = f.iter().any(|x| x.3 == Some(false));
        let damaged = g.obj(giant).is_none(); // 3 damage destroys the 3/3
        if any_lost {
            lost += 1;
            assert!(!damaged, "seed {seed}: no effect after a lost flip");
            assert_eq!(g.life(P2), 20);
            assert_eq!(g.player(P1).hand.len(), hand);
        } else {
            stopped += 1;
            assert_eq!(won, stop_at, "stopped by choice after {stop_at} wins");
            assert!(damaged);
            assert_eq!(g.life(P2), if won >= 2 { 14 } else { 20 });
            assert_eq!(g.player(P1).hand.len(), hand + if won >= 3 { 9 } else { 0 });
            if won >= 3 {
                assert!(g.controlled_by(P1).all(|o| !g.obj(o).unwrap().is_tapped()));
            }
        }
    }
    assert!(stopped > 3 && lost > 3, "{stopped} stopped, {lost} lost");
}

/// Chaotic Strike: "Play Chaotic Strike only during combat after blockers
/// are declared. Flip a coin. If you win the flip, target creature gets
/// +1/+1 until end of turn. Draw a card."
#[test]
fn r511_1_chaotic_strike_only_after_blockers_and_its_flip() {
    let mut outcomes = [0, 0];
    for seed in 0..20 {
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 2);
        let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
        let strike = g.create_card(card("Chaotic Strike"), P1, Zone::Hand(P1));
        g.begin_at(3, P1, Step::PrecombatMain);
        assert!(
            !g.legal_actions().contains(&Action::PlaySpell(strike)),
            "main phase"
        );
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Pass).unwrap();
        assert_eq!(g.step, Step::BeginningOfCombat);
        assert!(!g.legal_actions().contains(&Action::PlaySpell(strike)));
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Attack(bears)).unwrap();
        g.apply(Action::Done).unwrap();
        assert!(
            !g.legal_actions().contains(&Action::PlaySpell(strike)),
            "before blockers"
        );
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Pass).unwrap();
        // P2 has no creatures: no blockers to declare.
        assert_eq!(g.step, Step::DeclareBlockers);
        play(&mut g, strike, &[Target::Object(bears)]);
        let hand = g.player(P1).hand.len();
        let events = finish(&mut g, true, |_| false, true);
        let won = flips(&events)[0].3.unwrap();
        outcomes[won as usize] += 1;
        let power = tolaria_rules::continuous::characteristics::compute(&g, bears).power;
        assert_eq!(power, if won { 3 } else { 2 });
        assert_eq!(g.player(P1).hand.len(), hand + 1, "draws a card either way");
    }
    assert!(outcomes[0] > 2 && outcomes[1] > 2, "{outcomes:?}");
}

/// Krark's Thumb: "If you would flip a coin, instead flip two coins and
/// ignore one." (419.1 replacement). When the coins differ the player
/// chooses which to keep; with the same call a Thumb's controller wins far
/// more often. The opponent's flips are unaffected.
#[test]
fn r419_1_krarks_thumb_flips_two_coins_and_keeps_one() {
    let (mut choices, mut wins, mut plain) = (0, 0, 0);
    for seed in 0..40 {
        let mut g = game(seed);
        g.create_card(card("Krark's Thumb"), P1, Zone::InPlay);
        g.create_card(card("Mana Crypt"), P1, Zone::InPlay);
        g.begin_at(3, P1, Step::Upkeep);
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Pass).unwrap();
        assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::CallCoin);
        g.apply(Action::CallHeads).unwrap();
        let mut events = g.take_events();
        if g.decision.as_ref().unwrap().kind == DecisionKind::KeepCoin {
            choices += 1;
            assert_eq!(g.decider(), Some(P1));
            assert_eq!(
                g.legal_actions(),
                vec![Action::KeepCoin(true), Action::KeepCoin(false)]
            );
            g.apply(Action::KeepCoin(true)).unwrap();
            events.extend(g.take_events());
        }
        let kept = events.iter().find_map(|e| match e {
            Event::CoinKept { flipped, heads, .. } => Some((*flipped, *heads)),
            _ => None,
        });
        let (flipped, heads) = kept.expect("the Thumb replaced the flip");
        assert_eq!(flipped, 2);
        let f = flips(&events);
        assert_eq!(f.len(), 1, "one flip, won or lost");
        assert_eq!(f[0].2, heads);
        if f[0].3 == Some(true) {
            wins += 1;
        }
        assert_eq!(g.life(P1), if f[0].3 == Some(true) { 20 } else { 17 });
    }
    // Without the Thumb, the same seeds:
    for seed in 0..40 {
        let mut g = game(seed);
        g.create_card(card("Mana Crypt"), P1, Zone::InPlay);
        g.begin_at(3, P1, Step::Upkeep);
        let events = finish(&mut g, true, |_| false, true);
        plain += flips(&events).iter().filter(|f| f.3 == Some(true)).count();
    }
    assert!(choices > 5, "{choices} choices");
    assert!(
        wins > plain + 5,
        "{wins} wins with the Thumb, {plain} without"
    );
}

/// 511.3: the game's generator stands in for the coin: two outcomes of equal
/// likelihood, the same for the same seed.
#[test]
fn r511_3_the_seeded_generator_is_a_fair_coin() {
    let mut heads = 0;
    let n = 400;
    for seed in 0..n {
        let mut g = game(seed);
        g.create_card(card("Mana Crypt"), P1, Zone::InPlay);
        g.begin_at(3, P1, Step::Upkeep);
        let mut again = g.clone();
        let a = flips(&finish(&mut g, true, |_| false, true));
        let b = flips(&finish(&mut again, true, |_| false, true));
        assert_eq!(a, b, "same seed, same flip");
        heads += a.iter().filter(|f| f.2).count();
    }
    assert!((160..=240).contains(&heads), "{heads} heads in {n}");
}

/// More coin-flip cards of the pool: each does what its flip says.
#[test]
fn r511_1_other_coin_flip_cards() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..20 {
        // Winter Sky: win: 1 damage to each creature and each player; lose: each player draws.
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 1);
        let bears = g.create_card(card("Grizzly Bears"), P2, Zone::InPlay);
        let sky = g.create_card(card("Winter Sky"), P1, Zone::Hand(P1));
        g.begin_at(3, P1, Step::PrecombatMain);
        play(&mut g, sky, &[]);
        let hands = (g.player(P1).hand.len(), g.player(P2).hand.len());
        let won = flips(&finish(&mut g, true, |_| false, true))[0].3.unwrap();
        seen.insert(("Winter Sky", won));
        if won {
            assert_eq!((g.life(P1), g.life(P2)), (19, 19));
            assert_eq!(g.obj(bears).unwrap().damage, 1);
        } else {
            assert_eq!(g.player(P1).hand.len(), hands.0 + 1);
            assert_eq!(g.player(P2).hand.len(), hands.1 + 1);
        }

        // Orcish Captain: win: target Orc gets +2/+0; lose: it gets -0/-2.
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 1);
        let captain = g.create_card(card("Orcish Captain"), P1, Zone::InPlay);
        g.begin_at(3, P1, Step::PrecombatMain);
        g.apply(Action::Activate {
            source: captain,
            index: 0,
        })
        .unwrap();
        g.apply(Action::ChooseTarget(Target::Object(captain)))
            .unwrap();
        pay(&mut g);
        let won = flips(&finish(&mut g, true, |_| false, true))[0].3.unwrap();
        seen.insert(("Orcish Captain", won));
        if won {
            let ch = tolaria_rules::continuous::characteristics::compute(&g, captain);
            assert_eq!((ch.power, ch.toughness), (3, 1));
        } else {
            // 1/1 with -0/-2: 420.5b.
            assert!(g.obj(captain).is_none());
        }

        // Viashino Sandswimmer: win: return it to its owner's hand; lose: sacrifice it.
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 1);
        let v = g.create_card(card("Viashino Sandswimmer"), P1, Zone::InPlay);
        g.begin_at(3, P1, Step::PrecombatMain);
        g.apply(Action::Activate {
            source: v,
            index: 0,
        })
        .unwrap();
        pay(&mut g);
        let mut events = Vec::new();
        for _ in 0..10 {
            match g.decision.as_ref().unwrap().kind {
                DecisionKind::Sacrifice => {
                    let a = g.legal_actions()[0].clone();
                    g.apply(a).unwrap();
                }
                DecisionKind::CallCoin => g.apply(Action::CallHeads).unwrap(),
                _ if g.stack.is_empty() => break,
                _ => g.apply(Action::Pass).unwrap(),
            }
            events.extend(g.take_events());
        }
        let won = flips(&events)[0].3.unwrap();
        seen.insert(("Viashino Sandswimmer", won));
        let name = |g: &Game, o: ObjId| g.obj(o).unwrap().def().name.clone();
        if won {
            assert!(g
                .player(P1)
                .hand
                .iter()
                .any(|&o| name(&g, o) == "Viashino Sandswimmer"));
        } else {
            assert!(g
                .player(P1)
                .graveyard
                .iter()
                .any(|&o| name(&g, o) == "Viashino Sandswimmer"));
        }
    }
    for card in ["Winter Sky", "Orcish Captain", "Viashino Sandswimmer"] {
        assert!(
            seen.contains(&(card, true)) && seen.contains(&(card, false)),
            "{card}: {seen:?}"
        );
    }
}

/// Resolves whatever is on the stack: calls heads, sacrifices the first
/// choice, passes priority; returns the events.
fn settle(g: &mut Game) -> Vec<Event> {
    let mut events = g.take_events();
    for _ in 0..100 {
        let Some(d) = g.decision.clone() else { break };
        let a = match d.kind {
            DecisionKind::CallCoin => Action::CallHeads,
            DecisionKind::Sacrifice | DecisionKind::MayAbility => g.legal_actions()[0].clone(),
            DecisionKind::Priority if g.stack.is_empty() => break,
            DecisionKind::Priority => Action::Pass,
            k => panic!("unexpected {k:?}"),
        };
        let who = g.decider().unwrap();
        g.apply_as(who, a).unwrap();
        events.extend(g.take_events());
    }
    events
}

fn named(g: &Game, ids: &[ObjId], name: &str) -> bool {
    ids.iter()
        .any(|&o| g.obj(o).is_some_and(|x| x.def().name == name))
}

/// Puppet's Verdict, Bottle of Suleiman, Goblin Archaeologist, Wild Wurm and
/// Mijae Djinn: each does what its won or lost flip says, and both outcomes
/// occur over the seeds.
#[test]
fn r511_1_more_coin_flip_cards() {
    let mut seen = std::collections::HashSet::new();
    let unsick = |g: &mut Game, o: ObjId| {
        g.objects[o.slot as usize].flags &= !tolaria_rules::state::object::flags::SICK;
    };
    for seed in 0..24 {
        // Puppet's Verdict: win: destroy all creatures with power 2 or less;
        // lose: destroy all creatures with power 3 or greater.
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 3);
        let bears = g.create_card(card("Grizzly Bears"), P2, Zone::InPlay);
        let giant = g.create_card(card("Hill Giant"), P2, Zone::InPlay);
        let verdict = g.create_card(card("Puppet's Verdict"), P1, Zone::Hand(P1));
        g.begin_at(3, P1, Step::PrecombatMain);
        play(&mut g, verdict, &[]);
        let won = flips(&settle(&mut g))[0].3.unwrap();
        seen.insert(("Puppet's Verdict", won));
        assert_eq!(
            (g.obj(bears).is_none(), g.obj(giant).is_none()),
            (won, !won)
        );

        // Bottle of Suleiman: win: a 5/5 flying Djinn token; lose: 5 damage to you.
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 1);
        let bottle = g.create_card(card("Bottle of Suleiman"), P1, Zone::InPlay);
        g.begin_at(3, P1, Step::PrecombatMain);
        g.apply(Action::Activate {
            source: bottle,
            index: 0,
        })
        .unwrap();
        pay(&mut g);
        assert!(g.obj(bottle).is_none(), "sacrificed as a cost");
        let won = flips(&settle(&mut g))[0].3.unwrap();
        seen.insert(("Bottle of Suleiman", won));
        let tokens: Vec<ObjId> = g
            .controlled_by(P1)
            .filter(|&o| g.obj(o).unwrap().token)
            .collect();
        if won {
            assert_eq!(tokens.len(), 1);
            let ch = tolaria_rules::continuous::characteristics::compute(&g, tokens[0]);
            assert_eq!((ch.power, ch.toughness), (5, 5));
            assert!(ch.has(tolaria_cards::Keyword::Flying));
            assert_eq!(g.life(P1), 20);
        } else {
            assert!(tokens.is_empty());
            assert_eq!(g.life(P1), 15);
        }

        // Goblin Archaeologist: win: destroy target artifact and untap it; lose: sacrifice it.
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 1);
        let arch = g.create_card(card("Goblin Archaeologist"), P1, Zone::InPlay);
        let crypt = g.create_card(card("Mana Crypt"), P2, Zone::InPlay);
        g.begin_at(3, P1, Step::PrecombatMain);
        unsick(&mut g, arch);
        g.apply(Action::Activate {
            source: arch,
            index: 0,
        })
        .unwrap();
        g.apply(Action::ChooseTarget(Target::Object(crypt)))
            .unwrap();
        pay(&mut g);
        let won = flips(&settle(&mut g))[0].3.unwrap();
        seen.insert(("Goblin Archaeologist", won));
        if won {
            assert!(g.obj(crypt).is_none());
            assert!(!g.obj(arch).unwrap().is_tapped(), "untapped");
        } else {
            assert!(g.obj(crypt).is_some());
            assert!(named(&g, &g.player(P1).graveyard, "Goblin Archaeologist"));
        }

        // Wild Wurm: "When Wild Wurm comes into play, flip a coin. If you lose
        // the flip, return Wild Wurm to its owner's hand."
        let mut g = game(seed);
        lands(&mut g, P1, "Mountain", 4);
        let wurm = g.create_card(card("Wild Wurm"), P1, Zone::Hand(P1));
        g.begin_at(3, P1, Step::PrecombatMain);
        play(&mut g, wurm, &[]);
        let won = flips(&settle(&mut g))[0].3.unwrap();
        seen.insert(("Wild Wurm", won));
        assert_eq!(named(&g, &g.in_play, "Wild Wurm"), won);
        assert_eq!(named(&g, &g.player(P1).hand, "Wild Wurm"), !won);

        // Mijae Djinn: "Whenever Mijae Djinn attacks, flip a coin. If you lose
        // the flip, remove Mijae Djinn from combat and tap it."
        let mut g = game(seed);
        let djinn = g.create_card(card("Mijae Djinn"), P1, Zone::InPlay);
        g.begin_at(3, P1, Step::DeclareAttackers);
        unsick(&mut g, djinn);
        g.apply(Action::Attack(djinn)).unwrap();
        g.apply(Action::Done).unwrap();
        let won = flips(&settle(&mut g))[0].3.unwrap();
        seen.insert(("Mijae Djinn", won));
        assert_eq!(g.combat.is_attacking(djinn), won);
        while g.turn == 3 {
            let who = g.decider().unwrap();
            let a = if g.legal_actions().contains(&Action::Done) {
                Action::Done
            } else {
                Action::Pass
            };
            g.apply_as(who, a).unwrap();
        }
        assert_eq!(g.life(P2), if won { 14 } else { 20 });
    }
    for c in [
        "Puppet's Verdict",
        "Bottle of Suleiman",
        "Goblin Archaeologist",
        "Wild Wurm",
        "Mijae Djinn",
    ] {
        assert!(
            seen.contains(&(c, true)) && seen.contains(&(c, false)),
            "{c}: {seen:?}"
        );
    }
}

/// Wirefly Hive: "{3}, {T}: Flip a coin. If you win the flip, create a 2/2
/// colorless Insect artifact creature token with flying named Wirefly. If
/// you lose the flip, destroy all permanents named Wirefly."
#[test]
fn r511_1_wirefly_hive() {
    let (mut wins, mut losses) = (0, 0);
    for seed in 0..16 {
        let mut g = game(seed);
        lands(&mut g, P1, "Island", 6);
        let hives = [
            g.create_card(card("Wirefly Hive"), P1, Zone::InPlay),
            g.create_card(card("Wirefly Hive"), P1, Zone::InPlay),
        ];
        g.begin_at(3, P1, Step::PrecombatMain);
        let mut flies = 0;
        for hive in hives {
            g.apply(Action::Activate {
                source: hive,
                index: 0,
            })
            .unwrap();
            pay(&mut g);
            let won = flips(&settle(&mut g))[0].3.unwrap();
            if won {
                wins += 1;
                flies += 1;
            } else {
                losses += 1;
                flies = 0;
            }
            let now: Vec<ObjId> = g
                .in_play
                .iter()
                .copied()
                .filter(|&o| {
                    tolaria_rules::continuous::characteristics::compute(&g, o).name() == "Wirefly"
                })
                .collect();
            assert_eq!(now.len(), flies, "seed {seed}");
            for o in now {
                let ch = tolaria_rules::continuous::characteristics::compute(&g, o);
                assert!(ch.has(tolaria_cards::Keyword::Flying) && ch.power == 2);
            }
        }
    }
    assert!(wins > 3 && losses > 3, "{wins} wins, {losses} losses");
}

/// Chance Encounter's upkeep ability has an intervening "if" (404.3): with
/// ten luck counters it triggers; if the counters are gone by the time it
/// resolves, it does nothing. Losing a flip puts no luck counter on it.
#[test]
fn r404_3_chance_encounter_condition_checked_again_on_resolution() {
    let mut g = game(1);
    let ce = g.create_card(card("Chance Encounter"), P1, Zone::InPlay);
    g.objects[ce.slot as usize].add_counters(tolaria_cards::CounterKind::Luck, 10);
    g.begin_at(3, P1, Step::Upkeep);
    assert_eq!(g.stack.len(), 1, "ten counters: it triggers");
    g.objects[ce.slot as usize].add_counters(tolaria_cards::CounterKind::Luck, -1);
    g.take_events();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert!(g.result.is_none());
    assert!(g.take_events().iter().any(|e| e
        .render()
        .starts_with("404.3 Chance Encounter's triggered ability does nothing")));
    // Seed 1: Mana Crypt's flip (called heads) is lost: no luck counter.
    let mut g = game(1);
    let ce = g.create_card(card("Chance Encounter"), P1, Zone::InPlay);
    g.create_card(card("Mana Crypt"), P1, Zone::InPlay);
    g.begin_at(3, P1, Step::Upkeep);
    let f = flips(&finish(&mut g, true, |_| false, true));
    assert_eq!(f[0].3, Some(false));
    assert_eq!(
        g.obj(ce)
            .unwrap()
            .counters_of(tolaria_cards::CounterKind::Luck),
        0
    );
    assert_eq!(g.life(P1), 17);
}
