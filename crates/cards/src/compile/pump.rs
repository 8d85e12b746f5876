//! The continuous effects of verbs on objects (418.3, layers 4–6): "gets
//! +P/+T", "gains [keyword]", "loses all abilities", "becomes a 3/3 Ape
//! creature" (animation, 212.1c), "gains your choice of …", with their
//! durations. Split from `verbs.rs`, which reads the other verbs.

use super::*;
use crate::{
    Ability, CardType, Color, ColorSet, Duration, Effect, KeywordSet, LayerEffect, ObjectRef,
    StaticAbility, Subtype, TypeSet,
};

/// "a 3/3 green Ape creature with trample" / "2/2 creatures" / "an X/X
/// Construct artifact creature": what an animated permanent becomes. Types
/// and subtypes replace the object's (212.1c: `set_types`) unless they are
/// kept: "artifact creature", "that's still a land", "in addition to its
/// other types", or a following "It's still a land." sentence; colours
/// set, keywords gained, P/T set (6b).
pub(super) fn animation(p: &mut P) -> Option<LayerEffect> {
    let mut e = LayerEffect::default();
    p.eat_any(&["a", "an"]);
    // "becomes a legendary 8/12 Spirit creature" (Genju of the Realm):
    // the supertype added (layer 4).
    if p.eat("legendary") {
        e.add_supertypes.insert(crate::Supertype::Legendary);
    }
    // Svogthos: "becomes a black and green Plant Zombie creature with
    // \"This creature's power and toughness are each equal to …\"": no
    // P/T of its own; the ability in quotes must then set them.
    let mut no_pt = p.peek() != "x/x" && pt_set(p.peek()).is_none();
    if !no_pt {
        e.set_pt = Some(if p.peek() == "x/x" {
            crate::SetPt::X
        } else {
            let (power, toughness) = pt_set(p.peek())?;
            crate::SetPt::Fixed { power, toughness }
        });
        p.bump();
    }
    let mut colors = ColorSet::EMPTY;
    while let Some(c) = Color::from_name(p.peek()) {
        p.bump();
        colors.insert(c);
        p.eat("and");
    }
    if !colors.is_empty() {
        e.set_colors = Some(colors);
    }
    while let Some(st) = subtype_word(p.raw()) {
        p.bump();
        e.add_subtypes.insert(Subtype::intern(st));
    }
    // 212.1c: "becomes an artifact creature" keeps the prior types.
    let mut keeps = false;
    if p.eat("artifact") {
        e.add_types.insert(CardType::Artifact);
        keeps = true;
    }
    p.eat_any(&["creature", "creatures"])?;
    e.add_types.insert(CardType::Creature);
    // Animate Land: "becomes a 3/3 creature that's still a land" (types
    // are added, layer 4).
    keeps |= p.eat_all("that's still a land") || p.eat_all("that are still lands");
    // "becomes an artifact creature with power and toughness each equal
    // to its converted mana cost" (Karn, Silver Golem; layer 6b).
    if no_pt && p.eat_all("with power and toughness each equal to its converted mana cost") {
        e.set_pt = Some(crate::SetPt::ConvertedManaCost);
        no_pt = false;
    }
    if p.eat("with") {
        // Spawning Pool: "… creature with \"{B}: Regenerate this creature\"".
        if p.at("\"") {
            e.grant = Some(p.quoted_ability()?);
        } else {
            e.add_keywords = keyword_list(p)?;
        }
    }
    // 418.5b (its Svogthos example): without a P/T of its own, the
    // animation must grant a characteristic-setting ability in quotes.
    if no_pt {
        let g = e.grant? as usize;
        let a = p.granted.get(g.checked_sub(p.grant_base)?)?;
        if !matches!(
            a,
            Ability::Static(StaticAbility::PowerToughnessFromCards { .. })
        ) {
            return None;
        }
    }
    keeps |= p.eat_all("in addition to its other types");
    e.set_types = !keeps;
    Some(e)
}

/// "flying, first strike, or haste" after "gains your choice of", each a
/// keyword or "protection from [colour]": one option each.
fn keyword_choices(p: &mut P) -> Option<Vec<LayerEffect>> {
    let mut out = Vec::new();
    loop {
        let mut o = LayerEffect::default();
        if let Some(c) = super::keywords::protection_colors(p) {
            o.add_protection = c;
        } else {
            o.add_keywords.insert(super::keywords::keyword(p)?);
        }
        out.push(o);
        let i = p.i;
        let comma = p.eat(",");
        if p.eat("or") {
            continue;
        }
        if comma && p.at("or") {
            continue;
        }
        if comma {
            let j = p.i;
            let more = super::keywords::keyword(p).is_some() || p.at_all("protection from");
            p.i = j;
            if more {
                continue;
            }
        }
        p.i = i;
        return (out.len() >= 2).then_some(out);
    }
}

/// Past the joint to the next clause of a pump: "and", ", and", or a
/// comma before another verb ("becomes black, gets +1/-1, and gains …",
/// Defiling Tears). False (and nothing eaten that matters) otherwise.
fn next_pump_clause(p: &mut P) -> bool {
    let comma = p.eat(",");
    p.eat("and")
        || comma
            && p.at_any_of(&[
                "get", "gets", "gain", "gains", "become", "becomes", "lose", "loses",
            ])
}

/// A continuous effect on an object until end of turn (418.3): any of
/// "gets +P/+T", "gains K", "loses all abilities", "has base power and
/// toughness N/M", joined by "and", then "until end of turn" (or after a
/// leading "Until end of turn,").
pub(super) fn pump(
    p: &mut P,
    what: ObjectRef,
    eot_prefix: bool,
    color_chosen: bool,
    type_chosen: Option<bool>,
) -> Option<Effect> {
    // "CARDNAME gains \"Enchanted creature loses flying.\"" (Earthbind):
    // the Aura gains a static ability about what it enchants.
    if what == ObjectRef::This && !eot_prefix && p.at_all("gains \" enchanted creature") {
        let start = p.i;
        for _ in 0..4 {
            p.bump();
        }
        return match pump(p, ObjectRef::Attached, false, false, None) {
            Some(Effect::Continuous {
                effect,
                duration: Duration::Permanent,
                ..
            }) if p.eat(".") && p.eat("\"") => Some(Effect::Continuous {
                what: ObjectRef::This,
                effect,
                duration: Duration::ToWhatThisEnchants,
            }),
            _ => {
                p.i = start;
                None
            }
        };
    }
    let mut e = LayerEffect::default();
    let mut any = false;
    let mut chosen_color = false;
    let mut chosen: Option<crate::ChosenFor> = None;
    // "gets +2/-2 or -2/+2" (Shaper Parasite): chosen as it resolves.
    let mut either: Option<(i32, i32)> = None;
    let mut before_and: Option<usize> = None;
    let mut either_land: Option<crate::BasicLandType> = None;
    // "gains your choice of banding, flying, first strike, or trample"
    // (Urza's Avenger): the keywords (or protections) one of which the
    // controller chooses as it resolves.
    let mut choice_of: Vec<LayerEffect> = Vec::new();
    // The clause before was "gain(s) [keywords]": a following "and
    // \"…\"" is another ability gained.
    let mut gained_last = false;
    loop {
        // This clause is "gain(s) [keywords]".
        let mut gained = false;
        if p.eat_any(&["get", "gets"]).is_some() {
            (e.power, e.toughness) = pt_mod(p.peek())?;
            p.bump();
            if !any && p.at("or") && pt_mod(p.peek_at(1)).is_some() {
                p.bump();
                either = pt_mod(p.bump());
                any = true;
                break;
            }
        } else if p.at_any_of(&["gain", "gains"])
            && p.at_all_from(1, "your choice of")
            && choice_of.is_empty()
        {
            p.bump();
            p.eat_all("your choice of");
            choice_of = keyword_choices(p)?;
        } else if p.at_any_of(&["gain", "gains"])
            && p.at_all_from(
                1,
                "protection from artifacts or from the color of your choice",
            )
            && choice_of.is_empty()
        {
            // 502.7: "gains protection from artifacts or from the color of
            // your choice" (Jeweled Spirit, Razor Barrier): six options,
            // one chosen as the effect is created (layer 5).
            p.bump();
            p.eat_all("protection from artifacts or from the color of your choice");
            choice_of.push(LayerEffect {
                add_protection_types: TypeSet::single(CardType::Artifact),
                ..Default::default()
            });
            choice_of.extend(Color::ALL.map(|c| LayerEffect {
                add_protection: ColorSet::single(c),
                ..Default::default()
            }));
        } else if p.at_any_of(&["gain", "gains"])
            && p.at_all_from(1, "protection from the color of your choice")
            && chosen.is_none()
        {
            // 502.7: the colour is chosen as the effect is created.
            p.bump();
            p.eat_all("protection from the color of your choice");
            chosen = Some(crate::ChosenFor::ProtectionColor);
        } else if color_chosen
            && p.at_any_of(&["gain", "gains"])
            && p.at_all_from(1, "protection from the chosen color")
            && chosen.is_none()
        {
            // "Choose a color. … gain protection from the chosen color"
            // (Akroma's Blessing): the same choice, made as the effect is
            // created (502.7).
            p.bump();
            p.eat_all("protection from the chosen color");
            chosen = Some(crate::ChosenFor::ProtectionColor);
        } else if p.at_any_of(&["become", "becomes"])
            && p.at_all_from(1, "the creature type of your choice")
            && chosen.is_none()
        {
            // Layer 4: the creature type is chosen as the effect is created.
            p.bump();
            p.eat_all("the creature type of your choice");
            chosen = Some(crate::ChosenFor::CreatureType);
        } else if p.at_any_of(&["become", "becomes"])
            && p.at_all_from(1, "that type")
            && chosen.is_none()
        {
            // "Choose a creature type [other than Wall]. … becomes that
            // type" (Standardize, Mistform Mutant): the same, layer 4.
            let not_wall = type_chosen?;
            p.bump();
            p.eat_all("that type");
            chosen = Some(if not_wall {
                crate::ChosenFor::CreatureTypeOtherThanWall
            } else {
                crate::ChosenFor::CreatureType
            });
        } else if p.at_any_of(&["become", "becomes"])
            && p.at_all_from(1, "an artifact in addition to its other types")
        {
            // Layer 4 (212.1c): "becomes an artifact in addition to its
            // other types" (Memnarch, Ashnod's Transmogrant, Thran Forge).
            p.bump();
            p.eat_all("an artifact in addition to its other types");
            e.add_types.insert(CardType::Artifact);
        } else if p.at_any_of(&["become", "becomes"])
            && p.at_all_from(1, "the basic land type of your choice")
            && chosen.is_none()
        {
            // Layer 4 (212.6e): the land type is chosen as the effect is
            // created (Reef Shaman).
            p.bump();
            p.eat_all("the basic land type of your choice");
            chosen = Some(crate::ChosenFor::BasicLandType);
        } else if p.at_any_of(&["become", "becomes"])
            && e.set_land_type.is_none()
            && (0..2).any(|k| {
                (k == 0 || matches!(p.peek_at(1), "a" | "an"))
                    && super::statics_clauses::basic_land_noun(p.peek_at(1 + k)).is_some()
                    && matches!(p.peek_at(2 + k), "until" | "." | "" | "or")
            })
        {
            // Layer 4 (212.6e): "Target land becomes a Swamp until end of
            // turn." (Slimy Kavu), "all lands become Swamps" (Nightcreep),
            // "becomes a Plains or an Island" (Tundra Kavu: chosen as it
            // resolves).
            p.bump();
            p.eat_any(&["a", "an"]);
            e.set_land_type = super::statics_clauses::basic_land_noun(p.bump());
            if p.at("or") && matches!(p.peek_at(1), "a" | "an") {
                p.bump();
                p.bump();
                either_land = Some(super::statics_clauses::basic_land_noun(p.bump())?);
            }
        } else if p.at_any_of(&["gain", "gains"])
            && p.peek_at(1) == "vanishing"
            && e.grant.is_none()
        {
            // 502.60: "it gains vanishing" (Maelstrom Djinn): the
            // keyword's triggered abilities, granted (layer 5).
            p.bump();
            let abilities = super::upkeep::keyword(p)?;
            let n = u8::try_from(abilities.len()).ok()?;
            e.grant = Some(p.grant(abilities)?);
            e.grant_more = n - 1;
        } else if let Some((types, colors)) = super::keywords::gains_protection_types(p) {
            // 502.7: "gains protection from artifacts" (layer 5).
            e.add_protection_types = TypeSet(e.add_protection_types.0 | types.0);
            e.add_protection = ColorSet(e.add_protection.0 | colors.0);
        } else if p.at_any_of(&["gain", "gains"])
            && p.at_all_from(1, "protection from")
            && crate::Color::from_name(p.peek_at(3)).is_some()
        {
            // 502.7: "gains protection from red" (layer 5).
            p.bump();
            let colors = super::keywords::protection_colors(p)?;
            e.add_protection = ColorSet(e.add_protection.0 | colors.0);
        } else if e.grant.is_none()
            && (p.at_any_of(&["gain", "gains"]) && p.peek_at(1) == "\""
                || p.at("\"") && gained_last)
        {
            // Layer 5: an ability in quotes, "gains \"{T}: Tap target
            // creature.\"" (Shoving Match), "gains trample and \"{G}:
            // Regenerate this creature.\"" (Run Wild).
            p.eat_any(&["gain", "gains"]);
            e.grant = Some(p.quoted_ability()?);
        } else if p.eat_any(&["gain", "gains"]).is_some()
            // "gets +2/+2 and has trample for as long as CARDNAME remains
            // tapped" (Everglove Courier): the older wording of "gains".
            || (p.at_any_of(&["has", "have"])
                && !matches!(p.peek_at(1), "\"" | "base")
                && {
                p.bump();
                true
            })
        {
            e.add_keywords = e.add_keywords.union(keyword_list(p)?);
            gained = true;
        } else if p.eat_all("loses all landwalk abilities") {
            // 502.6c (Hammerheim): snow landwalk too.
            e.remove_landwalks = true;
        } else if p.eat_all("loses all \" bands with other \" abilities") {
            // 502.11a (Shelkin Brownie).
            e.remove_bands_with_other = true;
        } else if p.eat_all("loses banding and all \" bands with other \" abilities") {
            // 502.11a (Tolaria): losing banding loses them anyway.
            e.remove_keywords = e
                .remove_keywords
                .union(KeywordSet::single(crate::Keyword::Banding));
            e.remove_bands_with_other = true;
        } else if p.at_any_of(&["lose", "loses"]) && p.peek_at(1) == "all" {
            p.bump();
            p.eat_all("all abilities").then_some(())?;
            e.lose_all_abilities = true;
        } else if p.eat_any(&["lose", "loses"]).is_some() {
            // 418.5a layer 5: "loses flying".
            e.remove_keywords = e.remove_keywords.union(keyword_list(p)?);
        } else if p.at_any_of(&["become", "becomes"])
            && color_adjective(p.peek_at(1)).is_some_and(|(_, neg)| !neg)
        {
            // Layer 5: "becomes white".
            p.bump();
            let (c, _) = color_adjective(p.bump())?;
            e.set_colors = Some(ColorSet::single(c));
        } else if p.at_any_of(&["become", "becomes"]) && p.peek_at(1) == "colorless" {
            // Layer 5: "becomes colorless until end of turn" (Ancient Kavu).
            p.bump();
            p.bump();
            e.set_colors = Some(ColorSet::EMPTY);
        } else if p.at_any_of(&["become", "becomes"]) && p.peek_at(1) == "the" {
            p.bump();
            p.eat_all("the color of your choice").then_some(())?;
            chosen_color = true;
        } else if p.at_any_of(&["has", "have"]) && p.peek_at(1) == "base" {
            p.bump();
            p.eat_all("base power and toughness").then_some(())?;
            let (power, toughness) = pt_set(p.peek())?;
            p.bump();
            e.set_pt = Some(crate::SetPt::Fixed { power, toughness });
        } else {
            // "… become black and all lands become Swamps" (Nightcreep):
            // the "and" joins another clause, left to the caller.
            if let Some(i) = before_and {
                p.i = i;
            }
            break;
        }
        gained_last = gained;
        any = true;
        let i = p.i;
        if next_pump_clause(p) {
            before_and = Some(i);
            continue;
        }
        p.i = i;
        break;
    }
    if !any {
        return None;
    }
    // 418.3d: "for as long as CARDNAME remains tapped".
    let duration = if !eot_prefix
        && (p.eat_all("as long as cardname remains tapped")
            || p.eat_all("for as long as cardname remains tapped"))
    {
        Duration::WhileSourceTapped
    } else if eot_prefix || p.eat_all("until end of turn") {
        Duration::EndOfTurn
    } else if p.eat_all("until end of combat") {
        Duration::EndOfCombat
    } else if p.eat_all("until your next upkeep") {
        Duration::UntilYourNextUpkeep
    } else if p.eat_all("until cardname leaves play") {
        Duration::UntilSourceLeaves
    } else if (p.at(".") || p.at_end() && e.grant.is_some())
        && e.power == 0
        && e.toughness == 0
        && e.set_pt.is_none()
    {
        // (A quoted ability ends the sentence with its own period:
        // "Earthbind gains \"Enchanted creature loses flying.\"")
        // "{0}: Mist Dragon gains flying." (reminder: "This effect lasts
        // indefinitely."): an effect with no stated duration lasts as long
        // as its object stays in play (418.3b).
        Duration::Permanent
    } else {
        return None;
    };
    if !choice_of.is_empty() {
        if either.is_some() || either_land.is_some() || chosen.is_some() || chosen_color {
            return None;
        }
        let options = choice_of
            .into_iter()
            .map(|k| LayerEffect {
                add_keywords: e.add_keywords.union(k.add_keywords),
                add_protection: ColorSet(e.add_protection.0 | k.add_protection.0),
                add_protection_types: TypeSet(e.add_protection_types.0 | k.add_protection_types.0),
                ..e
            })
            .collect();
        return Some(Effect::ContinuousEither {
            what,
            options,
            duration,
        });
    }
    if let Some(b) = either_land {
        if duration != Duration::EndOfTurn || either.is_some() || chosen.is_some() {
            return None;
        }
        let other = LayerEffect {
            set_land_type: Some(b),
            ..e
        };
        return Some(Effect::ContinuousEither {
            what,
            options: vec![e, other],
            duration,
        });
    }
    if let Some((power, toughness)) = either {
        if duration != Duration::EndOfTurn {
            return None;
        }
        let other = LayerEffect {
            power,
            toughness,
            ..e
        };
        return Some(Effect::ContinuousEither {
            what,
            options: vec![e, other],
            duration,
        });
    }
    if let Some(choice) = chosen {
        if chosen_color {
            return None;
        }
        return Some(Effect::ContinuousChosen {
            what,
            effect: e,
            duration,
            choice,
        });
    }
    Some(if chosen_color {
        Effect::ContinuousChosenColor {
            what,
            effect: e,
            duration,
        }
    } else {
        Effect::Continuous {
            what,
            effect: e,
            duration,
        }
    })
}
