//! Hidden information (217.2, 217.4, 504.3; issue 16 defect 4): what
//! `view()` shows and `determinized()` keeps.

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, DecisionKind, Game, Rng, Target, Zone};

/// 217.2: the top card of a library is the last of its list. "Play with
/// the top card of your library revealed" (Goblin Spy) shows that card,
/// never the bottom one, and a determinized copy keeps that card on top.
#[test]
fn r217_2_revealed_top_card_is_the_real_top() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    g.create_card(card("Goblin Spy"), P1, Zone::InPlay);
    // Bottom first: the Island is created last, so it is on top.
    for name in [
        "Forest",
        "Grizzly Bears",
        "Giant Growth",
        "Mountain",
        "Island",
    ] {
        g.create_card(card(name), P1, Zone::Library(P1));
    }
    for _ in 0..5 {
        g.create_card(card("Swamp"), P2, Zone::Library(P2));
    }
    g.begin_at(3, P1, Step::PrecombatMain);
    let top = *g.player(P1).library.last().unwrap();
    assert_eq!(g.objects[top.slot as usize].card, card("Island"));
    for viewer in [P1, P2] {
        let v = g.view(viewer);
        let shown = v.players[P1.index()]
            .library_top
            .as_ref()
            .expect("revealed");
        assert_eq!(shown.id, top);
        assert_eq!(shown.card, Some(card("Island")));
    }
    let mut rng = Rng::new(7);
    let mut bottom_moved = false;
    for _ in 0..16 {
        let d = g.determinized(P2, &mut rng);
        assert_eq!(d.objects[top.slot as usize].card, card("Island"));
        let bottom = g.player(P1).library[0].slot as usize;
        bottom_moved |= d.objects[bottom].card != card("Forest");
    }
    assert!(
        bottom_moved,
        "the unseen cards, the bottom one too, are re-dealt"
    );
}

/// 504.3 / 217.2: an object's id must not tell which card of the deck list
/// it is: the slots of a new game's cards are not in deck-list order, so a
/// face-down permanent's (or a hidden hand card's) id reveals nothing to a
/// player who knows the list.
#[test]
fn r504_3_ids_do_not_reveal_deck_list_positions() {
    let mut deck = vec![card("Forest"); 20];
    deck.extend(vec![card("Grizzly Bears"); 20]);
    let g = Game::new_game(&[("A", deck.clone()), ("B", deck)], 3);
    for base in [0usize, 40] {
        let first_half = &g.objects[base..base + 20];
        assert!(
            first_half.iter().any(|o| o.card == card("Grizzly Bears")),
            "the first 20 ids of a player are the first 20 cards of the list"
        );
    }
}

/// The same deck lists and seed give the same library order as before the
/// ids were scrambled (the slots change, not the shuffle): determinism.
#[test]
fn r101_1_same_seed_same_library_order() {
    let mut deck = vec![card("Forest"); 20];
    deck.extend(vec![card("Grizzly Bears"); 20]);
    let a = Game::new_game(&[("A", deck.clone()), ("B", deck.clone())], 9);
    let b = Game::new_game(&[("A", deck.clone()), ("B", deck)], 9);
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
}

/// 217.4: Coercion ("Target opponent reveals his or her hand. You choose a
/// card from it."): the chooser's view names the cards offered, which
/// the hand's ids alone don't; the other player's view isn't changed.
#[test]
fn r217_4_a_choice_among_seen_cards_names_them() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let coercion = g.create_card(card("Coercion"), P1, Zone::Hand(P1));
    for _ in 0..3 {
        g.create_card(card("Swamp"), P1, Zone::InPlay);
    }
    let bears = g.create_card(card("Grizzly Bears"), P2, Zone::Hand(P2));
    let growth = g.create_card(card("Giant Growth"), P2, Zone::Hand(P2));
    libraries(&mut g, "Swamp", 5);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(coercion)).unwrap();
    if g.legal_actions()
        .contains(&Action::ChooseTarget(Target::Player(P2)))
    {
        g.apply(Action::ChooseTarget(Target::Player(P2))).unwrap();
    }
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert!(matches!(
        g.decision.as_ref().map(|d| &d.kind),
        Some(DecisionKind::ChooseCard { .. })
    ));
    let v = g.view(P1);
    assert!(v.players[P2.index()].hand.is_none() || v.choice_cards.len() == 2);
    let named: Vec<_> = v.choice_cards.iter().map(|c| (c.id, c.card)).collect();
    assert!(
        named.contains(&(bears, Some(card("Grizzly Bears")))),
        "{named:?}"
    );
    assert!(
        named.contains(&(growth, Some(card("Giant Growth")))),
        "{named:?}"
    );
    assert!(g.view(P2).choice_cards.is_empty());
    // The determinized copy of the chooser keeps the offered cards.
    let mut rng = Rng::new(1);
    for _ in 0..8 {
        let d = g.determinized(P1, &mut rng);
        assert_eq!(d.objects[bears.slot as usize].card, card("Grizzly Bears"));
        assert_eq!(d.objects[growth.slot as usize].card, card("Giant Growth"));
    }
}

/// 217.7b, 217.7d: a card Shared Fate's replacement removed face down
/// (419.1a) is shown by `view` only to the player who removed it, not to
/// its owner, and only while Shared Fate is in play ("Each player may look
/// at … cards he or she removed from the game with Shared Fate"); a
/// determinized copy keeps it for that player only.
#[test]
fn r217_7b_shared_fate_shows_a_removed_card_only_to_its_remover() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let fate = g.create_card(card("Shared Fate"), P1, Zone::InPlay);
    for _ in 0..5 {
        g.create_card(card("Swamp"), P1, Zone::Library(P1));
        g.create_card(card("Forest"), P2, Zone::Library(P2));
    }
    g.create_card(card("Grizzly Bears"), P1, Zone::Library(P1));
    // P2's draw step: the draw is replaced.
    g.begin_at(4, P2, Step::Draw);
    assert!(g.player(P2).hand.is_empty(), "P2 drew nothing");
    let removed = g.removed.clone();
    assert_eq!(removed.len(), 1);
    let bears = removed[0];
    assert_eq!(g.objects[bears.slot as usize].card, card("Grizzly Bears"));
    let shown = |g: &Game, viewer| {
        g.view(viewer)
            .removed
            .iter()
            .find(|c| c.id == bears)
            .expect("listed")
            .card
    };
    assert_eq!(shown(&g, P2), Some(card("Grizzly Bears")), "its remover");
    assert_eq!(shown(&g, P1), None, "its owner may not look at it");
    let mut rng = Rng::new(5);
    let d = g.determinized(P2, &mut rng);
    assert_eq!(d.objects[bears.slot as usize].card, card("Grizzly Bears"));
    // Shared Fate leaves play: its permission ends with it.
    g.move_to(fate, Zone::Graveyard(P1), tolaria_rules::MoveReason::Effect);
    assert_eq!(shown(&g, P2), None, "no longer with Shared Fate gone");
    assert_eq!(shown(&g, P1), None);
}
