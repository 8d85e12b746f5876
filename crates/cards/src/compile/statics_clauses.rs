//! Clauses static abilities share (405, 418): basic land types named as
//! nouns and "[land] is a [type]" (212.6e), untap limits (302.2), "two or
//! more creatures", the groups of "either", "prevent all damage" statics
//! (419.1a), generic mana amounts and the colours of "can't be the target
//! of [colour] spells". Split from `statics.rs`, whose `static_line` reads
//! the sentences.

use super::*;
use crate::{Affected, CardType, Color, ColorSet, LayerEffect, ObjectFilter, StaticAbility};

/// Skips "a"/"an" before a group ("for each Forest" / "for each other creature").
/// A basic land type named as a noun, singular or plural ("Mountain",
/// "Mountains", "Plains").
pub(super) fn basic_land_noun(w: &str) -> Option<crate::BasicLandType> {
    crate::BasicLandType::from_name(w).or_else(|| {
        crate::BasicLandType::from_name(w.strip_suffix('s')?)
            .filter(|&b| b != crate::BasicLandType::Plains)
    })
}

/// Layer 4 (212.6e): "is a Swamp" / "are Mountains" (the land type set),
/// "… in addition to its other land types" (gained), "are 1/1 [black]
/// creatures that are still lands" (Kormus Bell: types 4, colour 5, P/T
/// 6b). Leaves the cursor where it was if the words don't match.
pub(super) fn land_type_clause(p: &mut P) -> Option<LayerEffect> {
    let start = p.i;
    let r = (|| {
        p.eat_any(&["is", "are"])?;
        let _ = p.eat("a") || p.eat("an");
        let mut e = LayerEffect::default();
        // "Enchanted land is the chosen type." (Phantasmal Terrain)
        if p.eat_all("the chosen type") {
            e.set_land_type_chosen = true;
            return Some(e);
        }
        if let Some(b) = basic_land_noun(p.peek()) {
            p.bump();
            if p.eat_all("in addition to its other land types")
                || p.eat_all("in addition to their other land types")
            {
                e.add_subtypes.insert(crate::Subtype::of_basic(b));
            } else {
                e.set_land_type = Some(b);
            }
            return Some(e);
        }
        let (power, toughness) = pt_set(p.peek())?;
        p.bump();
        if let Some((c, false)) = color_adjective(p.peek()) {
            p.bump();
            e.set_colors = Some(ColorSet::single(c));
        }
        // "a 5/6 green Treefolk creature" (Living Terrain), "1/1 green Elf
        // creatures" (Ambush Commander): creature types added (layer 4).
        while let Some(st) = subtype_word(p.raw()) {
            p.bump();
            e.add_subtypes.insert(crate::Subtype::intern(st));
        }
        p.eat_any(&["creature", "creatures"])?;
        // "are 2/2 creatures with first strike. They're still lands."
        // (Natural Emergence).
        let with = p.eat("with");
        if with {
            e.add_keywords = keyword_list(p)?;
        }
        (p.eat_all("that are still lands")
            || p.eat_all("that's still a land")
            || (with && p.eat_all(". they're still lands")))
        .then_some(())?;
        e.add_types.insert(CardType::Creature);
        e.set_pt = Some(crate::SetPt::Fixed { power, toughness });
        Some(e)
    })();
    if r.is_none() {
        p.i = start;
    }
    r
}

pub(super) fn attempt_skip_article<'p, 'a>(p: &'p mut P<'a>) -> &'p mut P<'a> {
    p.eat_any(&["a", "an"]);
    p
}

/// 302.2: "[As long as CARDNAME is untapped,] players can't untap more than
/// one land during their untap steps." (Winter Orb, Smoke, Static Orb's
/// "two permanents"), "You can't untap more than one land during your
/// untap step." (Mungha Wurm).
pub(super) fn untap_limit(p: &mut P) -> Option<StaticAbility> {
    let while_untapped = p.eat_all("as long as cardname is untapped ,");
    let only_you = if p.eat_all("players can't untap more than") {
        false
    } else if p.eat_all("you can't untap more than") {
        true
    } else {
        return None;
    };
    let max = u8::try_from(number_word(p.bump())?).ok()?;
    let filter = if p.eat("permanents") || p.eat("permanent") {
        ObjectFilter::default()
    } else {
        ObjectFilter::of_type(type_noun(p.bump())?)
    };
    let tail = if only_you {
        "during your untap step"
    } else {
        "during their untap steps"
    };
    (p.eat_all(tail) && p.eat_end() && p.at_end()).then_some(StaticAbility::UntapLimit {
        filter,
        max,
        only_you,
        while_untapped,
    })
}

/// "two or more creatures", "three or more creatures": the least number of
/// blockers (500.1).
pub(super) fn or_more_creatures(p: &mut P) -> Option<u8> {
    let n = u8::try_from(number_word(p.peek())?)
        .ok()
        .filter(|&n| n >= 2)?;
    p.bump();
    p.eat_all("or more creatures").then_some(n)
}

/// ", and its activated abilities can't be activated [unless they're mana
/// abilities]" after a restriction on the enchanted permanent (Arrest,
/// Gelid Shackles, Faith's Fetters): `StaticAbility::CantPlayAbilities`
/// for the same permanent. Leaves the cursor alone when the clause isn't
/// there.
pub(super) fn its_abilities_cant_be_played(
    p: &mut P,
    affected: &Affected,
    out: &mut Vec<StaticAbility>,
) {
    if p.eat_all(", and its activated abilities can't be activated") {
        let except_mana = p.eat_all("unless they're mana abilities");
        out.push(StaticAbility::CantPlayAbilities {
            affected: affected.clone(),
            except_mana,
            tap_only: false,
        });
    }
}

/// "Walls and/or creatures with flying": each side of "and/or" is its own
/// group (a Wall without flying may block too); a single group otherwise.
pub(super) fn either_groups(p: &mut P) -> Option<(ObjectFilter, Option<ObjectFilter>)> {
    let Some(k) = (p.i..p.t.len()).find(|&k| p.t[k].low == "and/or") else {
        return Some((group(p)?, None));
    };
    let mut left = P::new(&p.t[..k]);
    left.i = p.i;
    let a = group(&mut left)?;
    if !left.at_end() {
        return None;
    }
    p.i = k;
    p.bump();
    Some((a, Some(group(p)?)))
}

/// 419.1d: "Prevent all [combat] damage that would be dealt [to [and dealt
/// by]] X [by SOURCES]", "… dealt by X", "… dealt to you".
pub(super) fn prevent_all_static(p: &mut P) -> Option<crate::DamageReplacement> {
    use crate::DamageReplacement;
    p.eat("prevent").then_some(())?;
    p.eat("all").then_some(())?;
    let combat = p.eat("combat");
    // "Prevent all damage that CARDNAME would deal to snow creatures"
    // (Goblin Furrier, Indentured Oaf): a shaped prevention (419.1d).
    if p.eat_all("damage that cardname would deal to") {
        let to = group(p)?;
        return Some(DamageReplacement::Shaped(Box::new(crate::DamageShape {
            from: crate::DamageParty::This,
            to: crate::DamageParty::Permanents(to),
            at_least: 0,
            at_most: None,
            combat,
            instead: crate::DamageInstead::Prevent,
        })));
    }
    p.eat_all("damage that would be dealt").then_some(())?;
    let affected = |p: &mut P| -> Option<Affected> {
        if p.eat("cardname") {
            Some(Affected::This)
        } else if p.eat_all("enchanted creature")
            || p.eat_all("equipped creature")
            || p.eat_all("fortified land")
        {
            Some(Affected::Attached)
        } else {
            None
        }
    };
    // "… by creatures", "… by sources you don't control".
    let sources = |p: &mut P| -> Option<Option<Box<crate::ObjectFilter>>> {
        if !p.eat("by") {
            return Some(None);
        }
        // "… by enchanted creatures" (Wall of Putrid Flesh): creatures an
        // Aura is attached to (212.4).
        if p.eat_all("enchanted creatures") {
            return Some(Some(Box::new(crate::ObjectFilter {
                enchanted: Some(true),
                ..crate::ObjectFilter::creature()
            })));
        }
        // "… by artifact sources" (Argothian Treefolk), "… by sources you
        // control" (Light of Sanction): spells as well as permanents.
        if let Some(f) = super::prevention::source_noun(p) {
            return Some(Some(Box::new(f)));
        }
        let start = p.i;
        let (f, noun) = filter(p)?;
        if noun != Noun::Permanent {
            return fail_at(p, start);
        }
        Some(Some(Box::new(f)))
    };
    if p.eat("by") {
        let by = affected(p)?;
        return Some(DamageReplacement::PreventAllBy { by, combat });
    }
    p.eat("to").then_some(())?;
    if p.eat("you") {
        let from = sources(p)?;
        (!combat).then_some(())?;
        return Some(DamageReplacement::PreventAllToYou { from });
    }
    let by = p.eat_all("and dealt by");
    let to = match affected(p) {
        Some(a) => a,
        // "… to creatures you control" (Rune-Tail's Essence).
        None if !by => Affected::Each(group(p)?),
        None => return None,
    };
    let from = sources(p)?;
    (!(by && from.is_some())).then_some(())?;
    Some(DamageReplacement::PreventAll {
        to,
        by,
        combat,
        from,
    })
}

/// A generic mana symbol "{N}".
pub(super) fn generic_mana(p: &mut P) -> Option<u32> {
    let n = p
        .peek()
        .strip_prefix('{')?
        .strip_suffix('}')?
        .parse::<u32>()
        .ok()?;
    p.bump();
    Some(n)
}

/// The colours of "can't be the target of [blue or black] spells": colour
/// words joined by commas and "or" (none: any colour).
pub(super) fn target_colors(p: &mut P) -> ColorSet {
    let mut colors = ColorSet::EMPTY;
    while let Some(c) = Color::from_name(p.peek()) {
        p.bump();
        colors.insert(c);
        p.eat(",");
        p.eat("or");
    }
    colors
}
