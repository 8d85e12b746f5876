//! The compiler's grammar for the upkeep keywords (cumulative upkeep
//! 502.13, echo 502.19, fading 502.20, vanishing 502.60), "unless you pay"
//! costs and delayed triggered abilities at the next upkeep (404.4).

use tolaria_cards::*;

/// Compiles `text` as the Oracle text of a plain creature.
fn compile(text: &str) -> Result<compile::Compiled, compile::Unsupported> {
    compile::compile_face(
        "Test Card",
        &CardFace {
            oracle_text: text.into(),
            ..db().by_name("Grizzly Bears").unwrap().front().clone()
        },
    )
}

fn triggered(text: &str) -> Vec<TriggeredAbility> {
    compile(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .abilities
        .into_iter()
        .filter_map(|a| match a {
            Ability::Triggered(t) => Some(t),
            _ => None,
        })
        .collect()
}

fn unless_cost(t: &TriggeredAbility) -> (&Cost, Option<CounterKind>) {
    t.effects
        .iter()
        .find_map(|e| match e {
            Effect::UnlessPays {
                cost, per_counter, ..
            } => Some((&**cost, *per_counter)),
            _ => None,
        })
        .expect("an unless-pays effect")
}

#[test]
fn r502_13a_cumulative_upkeep_or_is_one_choice_per_age_counter() {
    // "{W} or {U}": each choice is made separately for each age counter:
    // one hybrid symbol per counter.
    let t = triggered("Cumulative upkeep {W} or {U}");
    assert_eq!(t.len(), 1);
    assert_eq!(
        t[0].trigger,
        Trigger::BeginningOf {
            step: Step::Upkeep,
            whose: Whose::You
        }
    );
    assert!(matches!(
        t[0].effects[0],
        Effect::PutCounters {
            kind: CounterKind::Age,
            ..
        }
    ));
    let (cost, per) = unless_cost(&t[0]);
    assert_eq!(per, Some(CounterKind::Age));
    assert_eq!(
        cost.mana.hybrid,
        vec![Hybrid::TwoColors(Color::White, Color::Blue)]
    );
}

#[test]
fn r502_13a_cumulative_upkeep_life_and_mana() {
    let t = triggered("Cumulative upkeep—Pay {B} and 1 life.");
    let (cost, _) = unless_cost(&t[0]);
    assert_eq!(cost.pay_life, 1);
    assert_eq!(cost.mana.colored[Color::Black as usize], 1);
}

#[test]
fn r502_13a_cumulative_upkeep_costs_the_grammar_doesnt_know_stay_unsupported() {
    // Snow mana must come from a snow source, which the payment does not
    // track: not half-played.
    assert!(compile("Cumulative upkeep {S}").is_err());
}

#[test]
fn r502_13a_cumulative_upkeep_discard_a_card_per_age_counter() {
    // "Cumulative upkeep—Discard a card." (Vexing Sphinx): a card for each
    // age counter, all or none.
    let t = triggered("Cumulative upkeep—Discard a card.");
    assert!(matches!(
        t[0].effects.get(1),
        Some(Effect::UnlessDiscard {
            count: 1,
            per_counter: Some(CounterKind::Age),
            ..
        })
    ));
}

#[test]
fn r502_13a_cumulative_upkeep_of_instructions_is_followed_per_age_counter() {
    // "Cumulative upkeep—Draw a card." (Psychic Vortex): no mana, the
    // instruction is the cost.
    let t = triggered("Cumulative upkeep—Draw a card.");
    let Some(Effect::UnlessPays {
        actions,
        per_counter,
        ..
    }) = t[0].effects.get(1)
    else {
        panic!("{:?}", t[0].effects)
    };
    assert_eq!(*per_counter, Some(CounterKind::Age));
    assert!(matches!(actions.as_slice(), [Effect::DrawCards { .. }]));
}

#[test]
fn r502_13a_cumulative_upkeep_sacrifice_is_a_sacrifice_per_age_counter() {
    let t = triggered("Cumulative upkeep—Sacrifice a land.");
    let Some(Effect::UnlessPays {
        cost,
        per_counter,
        sacrifice_count,
        ..
    }) = t[0].effects.get(1)
    else {
        panic!("{:?}", t[0].effects);
    };
    assert_eq!(*per_counter, Some(CounterKind::Age));
    assert_eq!(*sacrifice_count, 1);
    assert_eq!(
        cost.sacrifice.as_ref().map(|f| f.types_any),
        Some(TypeSet::single(CardType::Land))
    );
}

#[test]
fn r502_19a_echo_has_an_intervening_if() {
    let t = triggered("Echo {2}{R}");
    assert_eq!(t[0].condition, Some(Condition::ControlledSinceLastUpkeep));
    let (cost, per) = unless_cost(&t[0]);
    assert_eq!(per, None);
    assert_eq!(cost.mana.converted(), 3);
}

#[test]
fn r502_20a_fading_is_two_abilities() {
    let c = compile("Fading 3").unwrap();
    assert!(c
        .abilities
        .contains(&Ability::Static(StaticAbility::ComesIntoPlayWithCounters {
            kind: CounterKind::Fade,
            amount: 3,
            from_hand: None,
        })));
    let t = triggered("Fading 3");
    assert!(matches!(
        t[0].effects[0],
        Effect::RemoveCounterElse {
            kind: CounterKind::Fade,
            ..
        }
    ));
}

#[test]
fn r502_60a_vanishing_is_three_abilities_and_502_60b_without_a_number_two() {
    let c = compile("Vanishing 2").unwrap();
    assert_eq!(c.abilities.len(), 3);
    let t = triggered("Vanishing 2");
    assert_eq!(t[1].trigger, Trigger::LastCounterRemoved(CounterKind::Time));
    assert_eq!(compile("Vanishing").unwrap().abilities.len(), 2);
}

#[test]
fn r404_4_next_upkeep_delays_are_kept_with_a_spell() {
    let c = db().by_name("Blessed Wine").unwrap();
    assert!(c.is_supported());
    assert!(c.front().spell.effects.iter().any(|e| matches!(
        e,
        Effect::Delayed(DelayedEffect::AtNextUpkeep { yours: false, .. })
    )));
    let pact = db().by_name("Slaughter Pact").unwrap();
    assert!(pact.front().spell.effects.iter().any(|e| matches!(
        e,
        Effect::Delayed(DelayedEffect::AtNextUpkeep { yours: true, effects }) if matches!(effects[0], Effect::UnlessPays { .. })
    )));
}

/// 413.2c: "unless that player pays {1} or 1 life" (Erosion): the life
/// may be paid instead of the mana.
#[test]
fn unless_pays_mana_or_life() {
    for text in [
        "At the beginning of the upkeep of enchanted land's controller, destroy that land unless that player pays {1}.",
        "At the beginning of the upkeep of enchanted land's controller, destroy that land unless that player pays {1} or 1 life.",
    ] {
        let t = triggered(text);
        let (cost, _) = unless_cost(&t[0]);
        assert_eq!(cost.mana.generic, 1, "{text}");
    }
    let t = triggered("At the beginning of the upkeep of enchanted land's controller, destroy that land unless that player pays {1} or 1 life.");
    assert_eq!(unless_cost(&t[0]).0.life_instead, 1);
}

#[test]
fn zz_debug() {
    for text in [
        "When CARDNAME comes into play, if enchanted creature has flying, CARDNAME deals 2 damage to that creature and CARDNAME gains \"Enchanted creature loses flying.\"",
        "When CARDNAME comes into play, CARDNAME gains \"Enchanted creature loses flying.\"",
        "When CARDNAME comes into play, CARDNAME gains \"Enchanted creature gets +1/+1.\"",
        "When CARDNAME comes into play, CARDNAME gains \"{T}: Draw a card.\"",
        "{T}: CARDNAME gains \"{T}: Draw a card.\"",
    ] {
        eprintln!("{text} => {:?}", compile(text).map(|c| c.abilities));
    }
}
