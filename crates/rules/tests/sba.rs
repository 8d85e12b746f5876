//! State-based effects (420.5), one test each, checked as a player would
//! receive priority (420.3).

mod common;
use common::*;
use tolaria_cards::{db, Step};
use tolaria_rules::{Event, Game, GameResult, LossReason, Target, Zone};

fn game() -> Game {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    for p in [P1, P2] {
        for _ in 0..3 {
            g.create_card(card("Plains"), p, Zone::Library(p));
        }
    }
    g
}

fn start(g: &mut Game) -> Vec<String> {
    g.begin_at(3, P1, Step::PrecombatMain);
    g.take_events().iter().map(|e| e.render()).collect()
}

#[test]
fn r420_5a_a_player_with_0_or_less_life_loses() {
    let mut g = game();
    g.set_life(P2, 0);
    let log = start(&mut g);
    assert_eq!(g.result, Some(GameResult::Win(P1)));
    assert!(
        log.iter()
            .any(|l| l == "420.5a P2 loses the game (0 or less life)"),
        "{log:?}"
    );
}

#[test]
fn r420_5b_a_creature_with_toughness_0_is_put_into_the_graveyard_without_regeneration() {
    let mut g = game();
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    g.objects[bears.slot as usize].minus_counters = 2;
    g.objects[bears.slot as usize].regen_shields = 1;
    let log = start(&mut g);
    assert_eq!(g.player(P1).graveyard.len(), 1);
    assert!(
        log.iter()
            .any(|l| l.starts_with("420.5b Grizzly Bears is put into its owner's graveyard")),
        "{log:?}"
    );
}

#[test]
fn r420_5c_lethal_damage_destroys_and_regeneration_can_replace_it() {
    let mut g = game();
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    let other = g.create_card(card("Grizzly Bears"), P2, Zone::InPlay);
    g.objects[bears.slot as usize].damage = 2;
    g.objects[other.slot as usize].damage = 2;
    g.objects[other.slot as usize].regen_shields = 1;
    let log = start(&mut g);
    assert_eq!(g.zone_of(bears), None);
    assert!(log
        .iter()
        .any(|l| l == "420.5c Grizzly Bears is put into its owner's graveyard (lethal damage)"));
    // 501.5a: the regenerated one is tapped, its damage removed.
    let o = g.obj(other).expect("regenerated");
    assert!(o.is_tapped());
    assert_eq!(o.damage, 0);
    assert!(log.iter().any(|l| l == "501.5a Grizzly Bears regenerates"));
}

#[test]
fn r420_5d_an_aura_attached_to_nothing_goes_to_the_graveyard() {
    let mut g = game();
    let aura = g.create_card(card("Pacifism"), P1, Zone::InPlay);
    let land = g.create_card(card("Plains"), P2, Zone::InPlay);
    // Attached to a land: "Enchant creature" makes that illegal.
    g.objects[aura.slot as usize].attached_to = Some(Target::Object(land));
    let lone = g.create_card(card("Holy Strength"), P1, Zone::InPlay);
    let log = start(&mut g);
    assert_eq!(g.zone_of(aura), None);
    assert_eq!(g.zone_of(lone), None);
    assert!(
        log.iter().filter(|l| l.starts_with("420.5d")).count() == 2,
        "{log:?}"
    );
}

#[test]
fn r420_5d_with_502_7c_an_aura_on_a_creature_with_protection_from_its_colour() {
    let mut g = game();
    let knight = g.create_card(card("White Knight"), P2, Zone::InPlay);
    let aura = g.create_card(card("Unholy Strength"), P1, Zone::InPlay);
    g.objects[aura.slot as usize].attached_to = Some(Target::Object(knight));
    start(&mut g);
    assert_eq!(g.zone_of(aura), None);
}

#[test]
fn r420_5e_the_2007_legend_rule_puts_all_same_named_legends_into_graveyards() {
    let mut g = game();
    let name = db()
        .iter()
        .find(|c| {
            c.is_supported()
                && c.front()
                    .supertypes
                    .contains(tolaria_cards::Supertype::Legendary)
                && c.front().is_type(tolaria_cards::CardType::Creature)
        })
        .expect("a supported legendary creature")
        .id;
    let a = g.create_card(name, P1, Zone::InPlay);
    let b = g.create_card(name, P2, Zone::InPlay);
    let log = start(&mut g);
    assert_eq!(g.zone_of(a), None);
    assert_eq!(
        g.zone_of(b),
        None,
        "both go, even under different controllers"
    );
    assert!(log.iter().any(|l| l.starts_with("420.5e")));
}

#[test]
fn r420_5f_a_token_outside_play_ceases_to_exist() {
    let mut g = game();
    let force = db().by_name("Verdant Force").unwrap();
    let src = tolaria_rules::state::object::TokenSource {
        card: force.id,
        face: 0,
        ability: 0,
        effect: 0,
        x: 0,
    };
    assert!(src.spec().is_some(), "Verdant Force makes a Saproling");
    let token = g.create_token(P1, src);
    let log_before = start(&mut g);
    assert!(g.is_in_play(token));
    let _ = log_before;
    // Bounce it: it goes to the hand, then ceases to exist (420.5f).
    let hand = g
        .move_to(
            token,
            Zone::Hand(P1),
            tolaria_rules::MoveReason::ReturnToHand,
        )
        .unwrap();
    assert_eq!(g.zone_of(hand), Some(Zone::Hand(P1)));
    g.apply(tolaria_rules::Action::Pass).unwrap();
    assert_eq!(g.zone_of(hand), None);
    assert!(g.player(P1).hand.is_empty());
    g.check_zones().unwrap();
}

#[test]
fn r420_5g_drawing_from_an_empty_library_loses_at_the_next_check() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    g.create_card(card("Plains"), P2, Zone::Library(P2));
    g.begin_at(3, P1, Step::Draw);
    assert_eq!(g.result, Some(GameResult::Win(P2)));
    let events = g.take_events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PlayerLost {
            player: P1,
            reason: LossReason::EmptyLibrary
        }
    )));
}

#[test]
fn r420_5h_ten_poison_counters_lose() {
    let mut g = game();
    g.players[1].poison = 10;
    start(&mut g);
    assert_eq!(g.result, Some(GameResult::Win(P1)));
}

#[test]
fn r420_5i_the_world_rule_keeps_the_newest_world_permanent() {
    let mut g = game();
    let old = g.create_card(card("Concordant Crossroads"), P1, Zone::InPlay);
    let new = g.create_card(card("Concordant Crossroads"), P2, Zone::InPlay);
    let log = start(&mut g);
    assert_eq!(g.zone_of(old), None);
    assert!(g.is_in_play(new));
    assert!(
        log.iter()
            .any(|l| l.starts_with("420.5i Concordant Crossroads")),
        "{log:?}"
    );
}

#[test]
fn r420_5i_a_tie_puts_all_world_permanents_into_graveyards() {
    let mut g = game();
    let a = g.create_card(card("Concordant Crossroads"), P1, Zone::InPlay);
    let b = g.create_card(card("Concordant Crossroads"), P2, Zone::InPlay);
    let t = g.objects[a.slot as usize].timestamp;
    g.objects[b.slot as usize].timestamp = t;
    start(&mut g);
    assert_eq!(g.zone_of(a), None);
    assert_eq!(g.zone_of(b), None);
}

#[test]
fn r420_5m_a_non_aura_non_equipment_attached_becomes_unattached() {
    let mut g = game();
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    let other = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    g.objects[bears.slot as usize].attached_to = Some(Target::Object(other));
    start(&mut g);
    assert_eq!(g.obj(bears).unwrap().attached_to, None);
    assert!(g.is_in_play(bears));
}

#[test]
fn r420_5n_plus_and_minus_counters_annihilate() {
    let mut g = game();
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    g.objects[bears.slot as usize].plus_counters = 3;
    g.objects[bears.slot as usize].minus_counters = 1;
    start(&mut g);
    let o = g.obj(bears).unwrap();
    assert_eq!((o.plus_counters, o.minus_counters), (2, 0));
}
