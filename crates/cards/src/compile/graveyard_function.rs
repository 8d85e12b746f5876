//! Abilities that function from the graveyard (402.8h): triggered
//! abilities whose effect returns their card from the graveyard ("At the
//! beginning of your upkeep, if CARDNAME is in your graveyard …"), the
//! conditions "if CARDNAME is in your graveyard [with …]" of triggered and
//! activated abilities (217.3's order of the graveyard), and the check that
//! refuses a face whose "return [this] from your graveyard" is in an ability
//! that doesn't function there. Split from `library.rs`.

use super::P;
use crate::{Amount, Effect};

/// 402.8h: a triggered ability whose effect returns its card from the
/// graveyard functions only there: "At the beginning of …" becomes
/// [`crate::Trigger::BeginningOfFromGraveyard`].
pub(super) fn graveyard_triggers(
    triggers: Vec<crate::Trigger>,
    effects: &[Effect],
) -> Vec<crate::Trigger> {
    if !effects.iter().any(Effect::returns_self_from_graveyard) {
        return triggers;
    }
    triggers
        .into_iter()
        .map(|t| match t {
            crate::Trigger::BeginningOf { step, whose } => {
                crate::Trigger::BeginningOfFromGraveyard { step, whose }
            }
            // "Whenever another creature is put into your graveyard from
            // play, … return [this] from your graveyard to play" (Nether
            // Traitor): the other card is put there while this one is
            // (502.55a's recover trigger).
            crate::Trigger::PutIntoGraveyardOfFromPlay(f, crate::Whose::You)
                if any_creature(&f) =>
            {
                crate::Trigger::CreatureToYourGraveyard
            }
            // "Whenever you play a multicolored spell, you may return
            // CARDNAME from your graveyard to your hand." (Enigma Eidolon)
            crate::Trigger::SpellPlayed { by, filter } => {
                crate::Trigger::SpellPlayedFromGraveyard { by, filter }
            }
            // "When a creature with converted mana cost 6 or greater comes
            // into play, you may return CARDNAME from your graveyard to
            // play attached to that creature." (Dragon Breath)
            crate::Trigger::ComesIntoPlay(f) if !f.this => {
                crate::Trigger::ComesIntoPlayFromGraveyard(f)
            }
            t => t,
        })
        .collect()
}

/// "a creature" or "another creature", nothing more.
fn any_creature(f: &crate::ObjectFilter) -> bool {
    let mut plain = crate::ObjectFilter {
        types_any: crate::TypeSet::EMPTY,
        ..Default::default()
    };
    plain.types_any.insert(crate::CardType::Creature);
    let g = crate::ObjectFilter {
        other: false,
        ..f.clone()
    };
    g == plain
}

/// 402.8h: what follows "if CARDNAME is in your graveyard": nothing, "with
/// a creature card directly above it" (Krovikan Horror, Death Spark) or
/// "with N or more creature cards above it" (Nether Shadow), 217.3's
/// order of the graveyard.
pub(super) fn in_graveyard_with(p: &mut P) -> Option<crate::Condition> {
    let (creatures_above, directly) = if p.eat_all("with a creature card directly above it") {
        (1, true)
    } else if p.eat("with") {
        let Some(Amount::Fixed(n)) = super::amount(p) else {
            return None;
        };
        p.eat_all("or more creature cards above it").then_some(())?;
        (u32::try_from(n).ok().filter(|&n| n > 0)?, false)
    } else {
        (0, false)
    };
    Some(crate::Condition::ThisInYourGraveyard {
        creatures_above,
        directly,
    })
}

/// 402.8h: an activated ability's restriction that it functions in the
/// graveyard: "if CARDNAME is in your graveyard" (Glory), "if N or more
/// creature cards are above CARDNAME" (Ashen Ghoul, 217.3).
pub(super) fn graveyard_restriction(p: &mut P) -> Option<crate::Condition> {
    let start = p.i;
    if p.eat_all("if cardname is in your graveyard") {
        return in_graveyard_with(p);
    }
    if p.eat("if") {
        if let Some(Amount::Fixed(n)) = super::amount(p) {
            if n > 0 && p.eat_all("or more creature cards are above cardname") {
                return Some(crate::Condition::ThisInYourGraveyard {
                    creatures_above: n as u32,
                    directly: false,
                });
            }
        }
    }
    p.i = start;
    None
}

/// 402.8h: the triggers of an ability that says it functions in the
/// graveyard ("At the beginning of your upkeep, if CARDNAME is in your
/// graveyard, …"): only "At the beginning of …" ones are looked for there.
pub(super) fn from_graveyard(triggers: Vec<crate::Trigger>) -> Option<Vec<crate::Trigger>> {
    triggers
        .into_iter()
        .map(|t| match t {
            crate::Trigger::BeginningOf { step, whose } => {
                Some(crate::Trigger::BeginningOfFromGraveyard { step, whose })
            }
            _ => None,
        })
        .collect()
}

/// 402.8h: "return [this] from your graveyard" is supported only in an
/// ability that functions in the graveyard (a graveyard upkeep trigger, an
/// activated ability played from the graveyard);
/// elsewhere the face is unsupported rather than half-played.
pub(super) fn check_zone_of_function(out: &super::Compiled) -> Result<(), String> {
    for a in &out.abilities {
        let (ok, effects) = match a {
            crate::Ability::Triggered(t) => (
                matches!(
                    t.trigger,
                    crate::Trigger::BeginningOfFromGraveyard { .. }
                        | crate::Trigger::CreatureToYourGraveyard
                        | crate::Trigger::SpellPlayedFromGraveyard { .. }
                        | crate::Trigger::ComesIntoPlayFromGraveyard(_)
                        // Narcomoeba: the card in the graveyard triggers.
                        | crate::Trigger::PutIntoGraveyardFromLibrary
                        // Genju of the Cedars: the Aura follows the
                        // enchanted land to the graveyard.
                        | crate::Trigger::AttachedDies
                ) || matches!(
                    &t.trigger,
                    // "When CARDNAME is put into your graveyard from play,
                    // return it to your hand" (Zodiac Dragon): the card
                    // followed to its owner's graveyard (217.1c).
                    crate::Trigger::PutIntoGraveyardFromPlay(f) if f.this && f.owned_by_you
                ),
                &t.effects,
            ),
            crate::Ability::Activated(a) => (a.from_graveyard, &a.effects),
            _ => continue,
        };
        if !ok && effects.iter().any(Effect::returns_self_from_graveyard) {
            return Err(
                "an ability that returns its card from the graveyard, other than an upkeep trigger or an activated ability"
                    .into(),
            );
        }
    }
    if out
        .spell
        .effects
        .iter()
        .any(Effect::returns_self_from_graveyard)
    {
        return Err("a spell that returns itself from the graveyard".into());
    }
    Ok(())
}
