//! The compiler's grammar for restrictions and requirements on attacking
//! and blocking (500), targeting, playing and countering spells, and cost
//! changes (409.1f), on Tenth Edition cards.

use tolaria_cards::*;

fn statics(name: &str) -> Vec<StaticAbility> {
    let c = db()
        .by_name(name)
        .unwrap_or_else(|| panic!("no card {name:?}"));
    assert!(c.is_supported(), "{name}: {:?}", c.unsupported());
    c.front()
        .abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Static(s) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn r500_1_menace_is_the_2007_two_or_more_blockers_restriction() {
    assert_eq!(
        statics("Viashino Runner"),
        vec![StaticAbility::BlockRestriction {
            affected: Affected::This,
            rule: BlockRule::AtLeast(2),
        }]
    );
}

#[test]
fn r500_1_cant_be_blocked_by_walls() {
    let s = statics("Juggernaut");
    assert!(s.contains(&StaticAbility::AttacksEachTurn));
    let wall = Subtype::lookup("Wall").expect("Wall is a subtype");
    assert!(s.iter().any(|x| matches!(
        x,
        StaticAbility::BlockRestriction {
            affected: Affected::This,
            rule: BlockRule::NotBy(f),
        } if f.subtypes_any == vec![wall]
    )));
}

#[test]
fn r500_1_aura_restrictions_and_requirements() {
    assert!(statics("Treetop Bracers").iter().any(|x| matches!(
        x,
        StaticAbility::BlockRestriction {
            affected: Affected::Attached,
            rule: BlockRule::OnlyBy(f),
        } if f.with_keyword == Some(Keyword::Flying)
    )));
    assert!(
        statics("Uncontrollable Anger").contains(&StaticAbility::MustAttack(Affected::Attached))
    );
    assert_eq!(
        statics("Lure"),
        vec![StaticAbility::MustBeBlockedByAll(Affected::Attached)]
    );
}

#[test]
fn hexproof_and_colored_spells_targeting_restrictions() {
    assert_eq!(
        statics("Troll Ascetic"),
        vec![StaticAbility::CantBeTargetedBy {
            affected: Affected::This,
            spells_only: false,
            colors: ColorSet::EMPTY,
            opponents: true,
            auras: false,
        }]
    );
    let mut ub = ColorSet::EMPTY;
    ub.insert(Color::Blue);
    ub.insert(Color::Black);
    assert_eq!(
        statics("Karplusan Strider"),
        vec![StaticAbility::CantBeTargetedBy {
            affected: Affected::This,
            spells_only: true,
            colors: ub,
            opponents: false,
            auras: false,
        }]
    );
}

#[test]
fn r409_1f_cost_increase_and_reduction() {
    assert!(statics("Aura of Silence").iter().any(|x| matches!(
        x,
        StaticAbility::SpellCostChange {
            whose: Whose::Opponent,
            generic: 2,
            filter,
            off_turn_only: false,
            ..
        } if filter.types_any.contains(CardType::Artifact)
            && filter.types_any.contains(CardType::Enchantment)
    )));
    assert_eq!(
        statics("Avatar of Might"),
        vec![StaticAbility::CostsLessIfOpponentHasMoreCreatures {
            more: 4,
            generic: 6
        }]
    );
}

#[test]
fn rules_changing_statics() {
    assert_eq!(
        statics("Rule of Law"),
        vec![StaticAbility::OneSpellEachTurn]
    );
    assert_eq!(
        statics("Seedborn Muse"),
        vec![StaticAbility::UntapDuringOthersUntapStep]
    );
    assert!(matches!(
        statics("Steel Golem")[..],
        [StaticAbility::CantPlaySpells {
            whose: Whose::You,
            ..
        }]
    ));
    assert!(matches!(
        statics("Gaea's Herald")[..],
        [StaticAbility::SpellsCantBeCountered(_)]
    ));
    assert_eq!(
        statics("Windborn Muse"),
        vec![StaticAbility::AttackCostPerCreature { generic: 2 }]
    );
    assert_eq!(
        statics("High Ground"),
        vec![StaticAbility::CanBlockAdditional(Affected::Each(
            ObjectFilter {
                controller: ControllerFilter::You,
                ..ObjectFilter::creature()
            }
        ))]
    );
}

#[test]
fn a_restriction_the_grammar_doesnt_know_stays_unsupported() {
    // "can't be the target of" needs "spells": a half-understood sentence
    // is reported, never half-played.
    let c = tolaria_cards::compile::compile_face(
        "Test Card",
        &CardFace {
            oracle_text: "Test Card can't be the target of blue abilities.".into(),
            ..db().by_name("Karplusan Strider").unwrap().front().clone()
        },
    );
    assert!(c.is_err());
}
