//! The grammar of the verbs of effects (416, 417): what a player does
//! (draws, discards, loses life, …), what happens to an object (is
//! destroyed, tapped, returned, …), damage ("deals N damage to …"), tokens,
//! animation (layers 4 and 6, 418.5a) and power/toughness changes (layer 6c).

use super::*;
use crate::{
    Ability, Amount, CardType, Color, ColorSet, Duration, Effect, KeywordSet, LayerEffect,
    ManaProduce, ObjectFilter, ObjectRef, PlayerRef, Recipient, StaticAbility, Subtype, TokenSpec,
    TypeSet,
};
use crate::{CombatEffect, TurnEffect};

/// "N damage to R[, and M damage to R']" after "deals".
pub(super) fn damage(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let mut v = Vec::new();
    loop {
        if p.eat_all("damage to") {
            let to = recipient(p, cx)?;
            if !p.eat_all("equal to") {
                return None;
            }
            let amount = equal_amount(p, cx)?;
            v.push(Effect::DealDamage { amount, to });
        } else if p.eat_all("damage equal to") {
            // "deals damage equal to the sacrificed creature's power to …"
            let amount = equal_amount(p, cx)?;
            if !p.eat("to") {
                return None;
            }
            let to = recipient(p, cx)?;
            v.push(Effect::DealDamage { amount, to });
        } else {
            // "deals that much damage to …": the trigger event's amount
            // (Jackal Pup, Backfire).
            let amount = if cx.trig_amount && p.eat_all("that much") {
                Amount::Triggered
            } else if super::amounts::sacrificed_before(cx) && p.eat_all("that much") {
                // "Sacrifice any number of Mountains. Landslide deals that
                // much damage …"
                Amount::SacrificedThisWay
            } else {
                amount(p)?
            };
            // 409.1e: "N damage divided as you choose among any number of
            // target creatures" / "… among one, two, or three targets".
            if p.eat_all("damage divided as you choose among") {
                let (from, player) = target_n(p, cx, true)?;
                if player || !is_multi(&cx.targets[from as usize]) {
                    return None;
                }
                v.push(Effect::DealDamageDivided { amount, from });
                return Some(v);
            }
            // "X damage divided evenly, rounded down, among any number of
            // targets" (Fireball).
            if p.eat_all("damage divided evenly , rounded down , among") {
                let (from, player) = target_n(p, cx, true)?;
                if player || !is_multi(&cx.targets[from as usize]) {
                    return None;
                }
                v.push(Effect::DealDamageEvenly { amount, from });
                return Some(v);
            }
            if !p.eat_all("damage to") {
                return None;
            }
            // "CARDNAME deals 1 damage to it": "it" is never the source
            // itself (that would be "itself") but the triggering object
            // (Caltrops: "Whenever a creature attacks, …").
            let it_word = p.at("it");
            // "… and 3 damage to itself" (Psionic Entity): the source, which
            // is always the object with the ability here.
            let mut to = if p.eat("itself") {
                Recipient::Object(ObjectRef::This)
            } else {
                recipient(p, cx)?
            };
            if it_word && to == Recipient::Object(ObjectRef::This) {
                if !cx.trig_obj {
                    return None;
                }
                to = Recipient::Object(ObjectRef::Triggering);
            }
            // "1 damage to you and each creature you control" (Hail
            // Storm): the same damage to both, dealt at once.
            if to == Recipient::Player(PlayerRef::You) && p.at_all("and each") {
                let i = p.i;
                p.eat("and");
                match recipient(p, cx) {
                    Some(each @ Recipient::Object(ObjectRef::Each(_))) => {
                        v.push(Effect::DealDamage {
                            amount: amount.clone(),
                            to: each,
                        });
                    }
                    _ => p.i = i,
                }
            }
            v.push(Effect::DealDamage { amount, to });
        }
        // "and 3 damage to you", ", 2 damage to another target"
        let i = p.i;
        let comma = p.eat(",");
        if (p.eat("and") || comma)
            && (number_word(p.peek()).is_some() || p.at("x"))
            && p.peek_at(1) == "damage"
        {
            continue;
        }
        p.i = i;
        return Some(v);
    }
}

/// "a 3/3 green Ape creature with trample" / "2/2 creatures" / "an X/X
/// Construct artifact creature": what an animated permanent becomes. Types
/// and subtypes replace the object's (212.1c: `set_types`) unless they are
/// kept: "artifact creature", "that's still a land", "in addition to its
/// other types", or a following "It's still a land." sentence; colours
/// set, keywords gained, P/T set (6b).
fn animation(p: &mut P) -> Option<LayerEffect> {
    let mut e = LayerEffect::default();
    p.eat_any(&["a", "an"]);
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
    keeps |= p.eat_all("that's still a land");
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
                    && super::statics::basic_land_noun(p.peek_at(1 + k)).is_some()
                    && matches!(p.peek_at(2 + k), "until" | "." | "" | "or")
            })
        {
            // Layer 4 (212.6e): "Target land becomes a Swamp until end of
            // turn." (Slimy Kavu), "all lands become Swamps" (Nightcreep),
            // "becomes a Plains or an Island" (Tundra Kavu: chosen as it
            // resolves).
            p.bump();
            p.eat_any(&["a", "an"]);
            e.set_land_type = super::statics::basic_land_noun(p.bump());
            if p.at("or") && matches!(p.peek_at(1), "a" | "an") {
                p.bump();
                p.bump();
                either_land = Some(super::statics::basic_land_noun(p.bump())?);
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

/// Verbs whose subject is a player.
pub(super) fn player_verb(p: &mut P, cx: &mut Cx, who: PlayerRef) -> Option<Vec<Effect>> {
    let w = p.bump();
    // "… and you decide whether to flip again" (Game of Chaos).
    if matches!(w, "decide" | "decides") {
        p.eat_all("whether to flip again").then_some(())?;
        return Some(vec![Effect::OfferFlipAgain { who }]);
    }
    let e = match w {
        // "Target player can't play lands this turn." (Solfatara), "… can't
        // play creature spells this turn" (Cease-Fire).
        "can't" if p.at("play") => {
            p.eat("play");
            if p.eat_all("lands this turn") {
                Effect::CantPlayThisTurn {
                    who,
                    lands: true,
                    spells: None,
                }
            } else {
                let spells = if p.eat("spells") {
                    crate::ObjectFilter::any()
                } else {
                    match filter(p)? {
                        (f, Noun::Spell) => f,
                        _ => return None,
                    }
                };
                p.eat_all("this turn").then_some(())?;
                Effect::CantPlayThisTurn {
                    who,
                    lands: false,
                    spells: Some(spells),
                }
            }
        }
        // 419.6e: "that player skips their next combat phase" (Blinding
        // Angel).
        "skip" | "skips" if p.at_all("their next combat phase .") => {
            p.eat_all("their next combat phase");
            Effect::Turn(TurnEffect::SkipNextCombatPhase { who })
        }
        // 419.6e: "Target player skips all combat phases of their next
        // turn." (False Peace, Empty City Ruse).
        "skip" | "skips" if p.at_all("all combat phases of their next turn") => {
            p.eat_all("all combat phases of their next turn");
            Effect::Turn(TurnEffect::SkipCombatPhasesNextTurn { who })
        }
        // 419.6e: "each opponent skips their next untap step" (Brine Elemental).
        "skip" | "skips"
            if p.at_all("their next untap step") || p.at_all("your next untap step") =>
        {
            p.eat_all("their next untap step");
            p.eat_all("your next untap step");
            Effect::Turn(TurnEffect::SkipNextUntapStep { who })
        }
        // "Target player untaps all basic lands they control." (Early
        // Harvest): every permanent of the group that player controls.
        // "You untap up to six lands." (Time Spiral)
        "untap" | "untaps" if who == PlayerRef::You && p.at_all("up to") => untap_up_to(p)?,
        "lose" | "loses" if p.eat_all("all unspent mana") => Effect::EmptyManaPool { who },
        "untap" | "untaps" if p.at("all") => {
            p.eat("all");
            let mut f = group(p)?;
            (f.controller == crate::ControllerFilter::Any).then_some(())?;
            f.controller = match who {
                PlayerRef::You if p.eat_all("you control") => crate::ControllerFilter::You,
                PlayerRef::Target(i) if p.eat_all("they control") => {
                    crate::ControllerFilter::TargetPlayer(i)
                }
                _ => return None,
            };
            Effect::Untap {
                what: ObjectRef::Each(f),
            }
        }
        // "[Player] loses the game." (Phage the Untouchable)
        "lose" | "loses" if p.at_all("the game") => {
            p.eat_all("the game");
            Effect::LoseGame { who }
        }
        // Layer 2: "you gain control of target creature" (the imperative's
        // effect).
        "gain" if who == PlayerRef::You && p.at_all("control of") => gain_control(p, cx)?,
        // Layer 2: "target opponent gains control of it".
        "gain" | "gains" if who != PlayerRef::You && p.at_all("control of") => {
            p.eat_all("control of");
            let what = object_phrase(p, cx)?;
            let duration = if p.eat_all("until end of turn") {
                Duration::EndOfTurn
            } else {
                Duration::Permanent
            };
            Effect::GiveControl {
                who,
                what,
                duration,
            }
        }
        "gain" | "gains" => Effect::GainLife {
            who,
            amount: life_amount(p, cx)?,
        },
        // "that player loses half their life, rounded up" (Ebonblade
        // Reaper): half of that player's life total.
        "lose" | "loses"
            if p.at_all("half their life , rounded up")
                || p.at_all("half your life , rounded up") =>
        {
            p.eat_all("half");
            p.bump();
            p.eat_all("life , rounded up");
            Effect::LoseLife {
                amount: Amount::HalfLifeRoundedUp(who.clone()),
                who,
            }
        }
        "lose" | "loses" => Effect::LoseLife {
            who,
            amount: life_amount(p, cx)?,
        },
        // "then draws as many cards as they discarded this way" (Forget).
        "draw" | "draws"
            if p.at_all("as many cards as they discarded this way")
                || p.at_all("as many cards as you discarded this way") =>
        {
            for _ in 0..8 {
                p.bump();
            }
            Effect::DrawCards {
                who,
                amount: Amount::DiscardedThisWay(crate::ObjectFilter::default()),
            }
        }
        // "draw cards equal to the number of cards named CARDNAME in all
        // graveyards" (Accumulated Knowledge), "… equal to that creature's
        // power" (Twisted Justice).
        "draw" | "draws" if p.at_all("cards equal to") => {
            p.eat_all("cards equal to");
            Effect::DrawCards {
                who,
                amount: super::equal_amount(p, cx)?,
            }
        }
        "draw" | "draws" => {
            let amount = amount(p)?;
            // "draws an additional card" (Howling Mine).
            p.eat("additional");
            p.eat_any(&["card", "cards"])?;
            let amount = for_each(p, cx, amount)?;
            Effect::DrawCards { who, amount }
        }
        // 102.3d: "that player gets two poison counters" / "a poison counter".
        "get" | "gets" if p.at_all_from(1, "poison") => {
            let amount = if p.eat("a") {
                Amount::Fixed(1)
            } else {
                amount(p)?
            };
            p.eat("poison").then_some(())?;
            p.eat_any(&["counter", "counters"])?;
            Effect::GivePoison { who, amount }
        }
        "discard" | "discards" if p.at_all("their hand") || p.at_all("your hand") => {
            p.bump();
            p.bump();
            Effect::DiscardHand { who }
        }
        "discard" | "discards" => {
            let amount = amount(p)?;
            p.eat_any(&["card", "cards"])?;
            // "discards a card for each Swamp you control" (Mind Sludge).
            let amount = for_each(p, cx, amount)?;
            let random = p.eat_all("at random");
            Effect::Discard {
                who,
                amount,
                random,
            }
        }
        "return" | "returns" if matches!(p.peek(), "a" | "an") => {
            // "that player returns a creature they control to its owner's
            // hand" (Sunken Hope): the player chooses on resolution.
            p.bump();
            let mut filter = group(p)?;
            if p.eat_all("they control") {
                filter.controller = crate::ControllerFilter::You;
            }
            p.eat_all("to its owner's hand").then_some(())?;
            Effect::ReturnChosen { who, filter }
        }
        "add" | "adds" => {
            // "its controller adds an additional {G}{G}" (Overgrowth).
            let _ = p.eat_all("an additional") || p.eat("additional");
            // 406.1b: "its controller adds an additional one mana of any
            // color" (Fertile Ground), "… two mana in any combination of
            // colors" (Dawn's Reflection): a triggered mana ability's
            // choice; "add one mana of any color" (Quirion Sentinel), "…
            // for each charge counter removed this way" (Coalition Relic),
            // "Add X mana in any combination of {B} and/or {R}, where X is
            // …" (Burnt Offering): chosen as it resolves.
            {
                let i = p.i;
                let all = crate::ColorSet(0x1f);
                let found = match produce(p) {
                    Some(ManaProduce::AnyColor(1)) if p.at_all("for each") => {
                        super::amounts::for_each(p, cx, Amount::Fixed(1))
                            .filter(|a| *a != Amount::Fixed(1))
                            .map(|a| (a, all))
                    }
                    Some(ManaProduce::AnyColor(1)) => Some((Amount::Fixed(1), all)),
                    Some(ManaProduce::Combination {
                        colors,
                        amount: Some(n),
                    }) => Some((Amount::Fixed(i32::from(n)), colors)),
                    // X defined by the sentence's ", where X is …"
                    // (`define_x`), or the spell's X.
                    Some(ManaProduce::Combination {
                        colors,
                        amount: None,
                    }) => Some((Amount::X, colors)),
                    _ => None,
                };
                match found {
                    Some((amount, colors)) => {
                        return Some(vec![Effect::AddManaCombination {
                            who,
                            amount,
                            colors,
                        }]);
                    }
                    None => p.i = i,
                }
            }
            // 406.1b: "… one mana of any type that land produced for each
            // other land you control with the same name as it" (Sasaya's
            // Essence), in a "tapped for mana" triggered mana ability.
            if cx.trig_obj && p.eat_all("one mana of any type that land produced") {
                // "that player adds one mana of any type that land
                // produced" (Mana Flare, Heartbeat of Spring): one more.
                if who == PlayerRef::Triggering && !p.at_all("for each") {
                    return Some(vec![Effect::AddManaProduced {
                        amount: Amount::Fixed(1),
                        who,
                    }]);
                }
                p.eat_all("for each other").then_some(())?;
                let filter = group(p)?;
                p.eat_all("with the same name as it").then_some(())?;
                if who != PlayerRef::You {
                    return None;
                }
                return Some(vec![Effect::AddManaProduced {
                    amount: Amount::OthersWithSameName {
                        what: ObjectRef::Triggering,
                        filter,
                    },
                    who,
                }]);
            }
            // "Sacrifice any number of lands, then add that much {C}."
            // (Mana Seism)
            if super::amounts::sacrificed_before(cx) && p.eat_all("that much") {
                let Some(ManaProduce::Fixed(mana)) = produce(p) else {
                    return None;
                };
                let [kind] = mana[..] else {
                    return None;
                };
                return Some(vec![Effect::AddManaAmount {
                    who,
                    kind,
                    amount: Amount::SacrificedThisWay,
                }]);
            }
            // "Add an amount of {B} equal to the sacrificed creature's
            // converted mana cost." (Sacrifice)
            if p.eat_all("an amount of") {
                let Some(ManaProduce::Fixed(mana)) = produce(p) else {
                    return None;
                };
                let [kind] = mana[..] else {
                    return None;
                };
                p.eat_all("equal to").then_some(())?;
                let amount = super::equal_amount(p, cx)?;
                return Some(vec![Effect::AddManaAmount { who, kind, amount }]);
            }
            let Some(ManaProduce::Fixed(mana)) = produce(p) else {
                return None;
            };
            // "Add {R} for each Goblin in play." (Brightstone Ritual)
            if let ([kind], true) = (&mana[..], p.at_all("for each")) {
                let amount = super::amounts::for_each(p, cx, Amount::Fixed(1))?;
                return Some(vec![Effect::AddManaAmount {
                    who,
                    kind: *kind,
                    amount,
                }]);
            }
            Effect::AddMana { who, mana }
        }
        // "Then they create X 1/1 black Minion creature tokens" (Infernal
        // Genesis): the tokens come into play under that player's control.
        "create" | "creates" if who != PlayerRef::You => {
            if let Some(e) = attempt(p, cx, |p, cx| token_copies(p, cx, who.clone())) {
                return Some(vec![e]);
            }
            let (amount, token) = token(p)?;
            cx.last_obj = Some(ObjectRef::Created);
            Effect::CreateTokens { who, amount, token }
        }
        "sacrifice" | "sacrifices" => {
            if p.eat("cardname") || (p.at("it") && cx.it() == ObjectRef::This && p.eat("it")) {
                if who != PlayerRef::You {
                    return None;
                }
                Effect::Sacrifice {
                    who,
                    filter: ObjectFilter::this(),
                }
            } else if who == PlayerRef::You
                && cx.it() == ObjectRef::Created
                && (p.eat("it") || p.eat("them"))
            {
                // "Create a … token. Sacrifice it at the beginning of the
                // next end step" (Tidal Wave): no choice is made.
                Effect::SacrificeThese {
                    what: ObjectRef::Created,
                }
            } else if who == PlayerRef::You
                && matches!(cx.it(), ObjectRef::Target(0))
                && cx.targets.len() == 1
                && (p.at("it") && p.peek_at(1) == "at"
                    || p.at_all("that creature at the beginning of the next end step"))
            {
                // "Target creature you control gains flying until end of
                // turn. Sacrifice it at the beginning of the next end step."
                // (Krovikan Elementalist), "Return target creature card from
                // your graveyard to play. Sacrifice that creature at the
                // beginning of the next end step." (Footsteps of the Goryo):
                // the target (the permanent it became), if you still
                // control it then (404.4: the delayed ability remembers it).
                if !p.eat("it") {
                    p.eat_all("that creature");
                }
                Effect::SacrificeThese {
                    what: ObjectRef::Target(0),
                }
            } else if who == PlayerRef::You
                && cx.it() == ObjectRef::Chosen
                && cx
                    .effects
                    .iter()
                    .any(|e| matches!(e, Effect::PutFromHand { .. }))
                && (p.at("it") || p.at_all("that creature") || p.at_all("the creature"))
            {
                // "You may put a creature card from your hand into play.
                // That creature gains haste. Sacrifice the creature at the
                // beginning of the next end step." (Sneak Attack): the
                // permanent put, if you still control it then.
                if !p.eat("it") {
                    p.bump();
                    p.bump();
                }
                Effect::SacrificeThese {
                    what: ObjectRef::Chosen,
                }
            } else if let Some(n) = number_word(p.peek()).filter(|n| (2..=9).contains(n)) {
                // "Target player sacrifices two attacking creatures." (Ends),
                // "Each player sacrifices four lands." (Wildfire): one
                // chosen, then another, as "each player sacrifices" chooses
                // in turn (a known simplification: not one event).
                p.bump();
                let f = group(p)?;
                let one = Effect::Sacrifice { who, filter: f };
                return Some(vec![one; n as usize]);
            } else {
                // "another land" (Feast of Worms): one other than the
                // source (the filter's `other`).
                if !p.at("another") {
                    p.eat_any(&["a", "an"])?;
                }
                let f = group(p)?;
                Effect::Sacrifice { who, filter: f }
            }
        }
        _ => return None,
    };
    Some(vec![e])
}

/// Verbs whose subject is an object.
pub(super) fn object_verb(p: &mut P, cx: &mut Cx, what: ObjectRef) -> Option<Vec<Effect>> {
    // "Target creature can't be regenerated this turn." (Hurr Jackal).
    if p.eat_all("can't be regenerated this turn") {
        // 419.1a: "… , and if it would die this turn, exile it instead."
        // (Disintegrate, Carbonize; kicked Scorching Lava): both effects
        // of the spell, not of its damage (the rulings).
        let i = p.i;
        p.eat(",");
        if p.eat_all("and if it would die this turn , exile it instead") {
            return Some(vec![
                Effect::ObjectCantBeRegeneratedThisTurn { what: what.clone() },
                Effect::ExileIfDiesThisTurn(Some(what)),
            ]);
        }
        p.i = i;
        return Some(vec![Effect::ObjectCantBeRegeneratedThisTurn { what }]);
    }
    // "gains trample and gets +X/+0 until end of turn, where X is its
    // power" (Berserk): the keywords granted until end of turn (layer 6)
    // and the pump with X fixed as it resolves (413.2f); "where X is"
    // is read by the sentence after.
    if p.at_any_of(&["gain", "gains"]) {
        let i = p.i;
        p.bump();
        if let Some(kw) = keyword_list(p) {
            if p.eat("and") && p.at_any_of(&["get", "gets"]) {
                if let Some((power, toughness)) = pt_mod_x(p.peek_at(1)) {
                    p.bump();
                    p.bump();
                    if cx.until_eot || p.eat_all("until end of turn") {
                        return Some(vec![
                            Effect::Continuous {
                                what: what.clone(),
                                effect: LayerEffect {
                                    add_keywords: kw,
                                    ..LayerEffect::default()
                                },
                                duration: Duration::EndOfTurn,
                            },
                            Effect::PumpX {
                                what,
                                power,
                                toughness,
                                x: Amount::X,
                            },
                        ]);
                    }
                }
            }
        }
        p.i = i;
    }
    // "get +X/-X until end of turn" (413.2f: X fixed as it resolves).
    if p.at_any_of(&["get", "gets"]) {
        if let Some((power, toughness)) = pt_mod_x(p.peek_at(1)) {
            p.bump();
            p.bump();
            return (cx.until_eot || p.eat_all("until end of turn")).then(|| {
                vec![Effect::PumpX {
                    what,
                    power,
                    toughness,
                    x: Amount::X,
                }]
            });
        }
    }
    if p.eat_any(&["deal", "deals"]).is_some() {
        // "That creature deals damage equal to its power to its
        // controller" (Backlash): a target of the spell or ability deals
        // the damage.
        if matches!(what, ObjectRef::Target(_)) && p.eat_all("damage equal to its power to") {
            cx.last_obj = Some(what.clone());
            let another = p.at("another");
            let to = super::targets::recipient(p, cx)?;
            // "… to another target creature" (Deadshot): not the first.
            if another {
                if let Recipient::Target(i) = to {
                    cx.targets[i as usize].distinct = true;
                }
            }
            return Some(vec![Effect::DealsDamageFrom {
                source: what.clone(),
                amount: Amount::PowerOf(what),
                to,
            }]);
        }
        // "Target creature deals damage to itself equal to its power"
        // (Repentance), "Each creature deals …" (Wave of Reckoning): each
        // object is the source of the damage to itself (419.8).
        if p.eat_all("damage to itself equal to its power") {
            return Some(vec![Effect::DealsDamageToItself { what }]);
        }
        // "Enchanted creature deals 1 damage to target creature with
        // flying" (Dizzying Gaze), "… to its owner" (Enslave): the
        // enchanted creature is the source of a fixed amount (419.8).
        if what == ObjectRef::Attached {
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            if n <= 0 || !p.eat_all("damage to") {
                return None;
            }
            let to = if p.eat_all("its owner") {
                Recipient::Player(PlayerRef::OwnerOf(ObjectRef::Attached))
            } else {
                super::targets::recipient(p, cx)?
            };
            return Some(vec![Effect::DealsDamageFrom {
                source: what,
                amount: Amount::Fixed(n),
                to,
            }]);
        }
        // Otherwise the source of the damage is the spell or the ability's
        // source.
        if what != ObjectRef::This {
            return None;
        }
        return damage(p, cx);
    }
    if p.eat_all("can't block this turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantBlockThisTurn {
            what,
        })]);
    }
    // "that creature can't attack during its controller's next turn"
    // (Wall of Dust).
    if p.eat_all("can't attack during its controller's next turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantAttackNextTurn {
            what,
        })]);
    }
    // 500.1: "Target creature can't attack this turn." (Change of Heart),
    // "… can't attack or block this turn." (Off Balance).
    if p.eat_all("can't attack this turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantAttackThisTurn {
            what,
        })]);
    }
    if p.eat_all("can't attack or block this turn") {
        return Some(vec![
            Effect::Combat(CombatEffect::CantAttackThisTurn { what: what.clone() }),
            Effect::Combat(CombatEffect::CantBlockThisTurn { what }),
        ]);
    }
    // "CARDNAME can block an additional creature this turn." (Mounted
    // Archers), "Target creature can block any number of creatures this
    // turn." (Valor Made Real).
    if p.eat_all("can block an additional creature this turn") {
        return Some(vec![Effect::Combat(
            CombatEffect::CanBlockAdditionalThisTurn {
                what,
                any_number: false,
            },
        )]);
    }
    if p.eat_all("can block any number of creatures this turn") {
        return Some(vec![Effect::Combat(
            CombatEffect::CanBlockAdditionalThisTurn {
                what,
                any_number: true,
            },
        )]);
    }
    // 309.4, 410.9c: "Target unblocked attacking creature becomes
    // blocked." (Curtain of Light, Trap Runner).
    if p.eat_all("becomes blocked") {
        return Some(vec![Effect::Combat(CombatEffect::BecomesBlocked { what })]);
    }
    // 310.1: "… assigns no combat damage this turn" (Ophidian).
    if p.eat_all("assigns no combat damage this turn") {
        return Some(vec![Effect::Combat(CombatEffect::AssignsNoCombatDamage {
            what,
        })]);
    }
    // 302.2, 418.3d: "… doesn't untap during its controller's untap step
    // for as long as CARDNAME remains tapped" (Mole Worms, Kill Switch).
    if p.eat_all(
        "doesn't untap during its controller's untap step for as long as cardname remains tapped",
    ) || p.eat_all(
        "don't untap during their controllers' untap steps for as long as cardname remains tapped",
    ) {
        return Some(vec![Effect::Turn(
            TurnEffect::DoesntUntapWhileSourceTapped { what },
        )]);
    }
    // 302.2: "… doesn't untap during its controller's next untap step"
    // (Barl's Cage, Tangle); "… during your next untap step" (Reveka).
    if p.eat_all("doesn't untap during its controller's next untap step")
        || p.eat_all("don't untap during their controller's next untap step")
        || p.eat_all("don't untap during their controllers' next untap steps")
    {
        return Some(vec![Effect::Turn(TurnEffect::DoesntUntapNext {
            what,
            yours: false,
        })]);
    }
    if p.eat_all("doesn't untap during your next untap step") {
        return Some(vec![Effect::Turn(TurnEffect::DoesntUntapNext {
            what,
            yours: true,
        })]);
    }
    // "Lands target player controls don't untap during their next untap
    // step." (Mana Vapors): that player's permanents at that step.
    if let ObjectRef::Each(f) = &what {
        if let crate::ControllerFilter::TargetPlayer(i) = f.controller {
            if p.eat_all("don't untap during their next untap step") {
                let mut filter = f.clone();
                filter.controller = crate::ControllerFilter::Any;
                return Some(vec![Effect::Turn(TurnEffect::PermanentsDontUntapNext {
                    who: PlayerRef::Target(i),
                    filter,
                })]);
            }
        }
    }
    // 502.40: Mirror Wall, Wakestone Gargoyle.
    if p.eat_all("can attack this turn as though it didn't have defender")
        || p.eat_all("can attack this turn as though they didn't have defender")
    {
        return Some(vec![Effect::Combat(
            CombatEffect::AttacksDespiteDefenderThisTurn { what },
        )]);
    }
    // 500.1: an attack requirement for the turn (Boiling Blood).
    // "Creatures the active player controls attack this turn if able."
    // (Siren's Call): each of them, as the effect resolves.
    if p.eat_all("attacks this turn if able") || p.eat_all("attack this turn if able") {
        return Some(vec![Effect::Combat(CombatEffect::AttacksThisTurnIfAble {
            what,
        })]);
    }
    // 500.1: "target creature blocks CARDNAME this turn if able" (Rampant
    // Elephant).
    if p.eat_all("blocks cardname this turn if able") {
        return Some(vec![Effect::Combat(CombatEffect::BlocksThisTurnIfAble {
            blocker: what,
            attacker: ObjectRef::This,
        })]);
    }
    // "Target creature blocks target creature this turn if able."
    // (Rimehorn Aurochs)
    if p.at_all("blocks target") {
        p.eat("blocks");
        let attacker = object_phrase(p, cx)?;
        p.eat_all("this turn if able").then_some(())?;
        return Some(vec![Effect::Combat(CombatEffect::BlocksThisTurnIfAble {
            blocker: what,
            attacker,
        })]);
    }
    // "That creature blocks this turn if able." (Provoke)
    if p.eat_all("blocks this turn if able") {
        return Some(vec![Effect::Combat(
            CombatEffect::BlocksAnyThisTurnIfAble { what, each: false },
        )]);
    }
    // "It blocks each attacking creature this turn if able." (Blaze of
    // Glory)
    if p.eat_all("blocks each attacking creature this turn if able") {
        return Some(vec![Effect::Combat(
            CombatEffect::BlocksAnyThisTurnIfAble { what, each: true },
        )]);
    }
    // 502.15: "target creature phases out until CARDNAME leaves play" (Oubliette).
    if p.eat_all("phases out until cardname leaves play") {
        return Some(vec![Effect::PhaseOutUntilSourceLeaves { what, tap: false }]);
    }
    // 502.15: "[It] phases out."
    if p.eat_all("phases out") || p.eat_all("phase out") {
        return Some(vec![Effect::PhaseOut { what }]);
    }
    // 503.4: "CARDNAME becomes a copy of that card, except it has this
    // ability." (Dimir Doppelganger; 503.9). "you may have CARDNAME become
    // a copy of target creature, …" (Vesuvan Doppelganger's ability in
    // quotes) is the same effect under the trigger's "you may".
    if what == ObjectRef::This && (p.eat_all("becomes a copy of") || p.eat_all("become a copy of"))
    {
        // "that card": the card the ability targets.
        let copied = if p.eat_all("that card") {
            ObjectRef::Target((cx.targets.len() as u8).checked_sub(1)?)
        } else {
            object_phrase(p, cx)?
        };
        return copy_exceptions(p, copied);
    }
    // 500.1: "can't be blocked this turn except by Walls" (Varchild's
    // Crusader), "can't be blocked by Walls this turn" (Tower of Coireall).
    if p.at_all("can't be blocked this turn except by") {
        let start = p.i;
        p.eat_all("can't be blocked this turn except by");
        if let Some(f) = group(p) {
            return Some(vec![Effect::Combat(CombatEffect::BlockRuleThisTurn {
                what,
                rule: crate::BlockRule::OnlyBy(f),
            })]);
        }
        p.i = start;
    }
    if p.at_all("can't be blocked by") {
        let start = p.i;
        p.eat_all("can't be blocked by");
        if let Some(f) = group(p).filter(|_| p.eat_all("this turn")) {
            return Some(vec![Effect::Combat(CombatEffect::BlockRuleThisTurn {
                what,
                rule: crate::BlockRule::NotBy(f),
            })]);
        }
        p.i = start;
    }
    if p.eat_all("can't be blocked this turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantBeBlockedThisTurn {
            what,
        })]);
    }
    if p.eat_all("can't be blocked this combat") {
        return Some(vec![Effect::Combat(
            CombatEffect::CantBeBlockedThisCombat { what },
        )]);
    }
    // "[what] gain(s) menace until end of turn" (not a 2007 keyword: "can't
    // be blocked except by two or more creatures", 500.1), for the turn.
    if p.at_any_of(&["gain", "gains"]) && p.peek_at(1) == "menace" {
        let start = p.i;
        p.bump();
        p.bump();
        if cx.until_eot || p.eat_all("until end of turn") {
            return Some(vec![Effect::Combat(CombatEffect::MenaceThisTurn { what })]);
        }
        p.i = start;
    }
    if p.eat_all("can't block cardname this turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantBlockThisThisTurn {
            what,
        })]);
    }
    // "… becomes a 3/3 green Ape creature with trample until end of turn"
    // (layers 4, 5, 6b).
    if p.at_any_of(&["become", "becomes"])
        && p.peek_at(1) != "the"
        && !(cx.type_chosen.is_some() && p.at_all_from(1, "that type"))
        && color_adjective(p.peek_at(1)).is_none()
        && p.peek_at(1) != "colorless"
        && super::statics::basic_land_noun(p.peek_at(1)).is_none()
        && super::statics::basic_land_noun(p.peek_at(2)).is_none()
        && !p.at_all_from(1, "an artifact in addition")
    {
        p.bump();
        let effect = animation(p)?;
        // "it becomes a 3/2 Hound creature" with no duration (Lurking
        // Jackals, the Opals): for as long as it is in play.
        let duration = if cx.until_eot || p.eat_all("until end of turn") {
            Duration::EndOfTurn
        } else if cx.until_upkeep {
            Duration::UntilYourNextUpkeep
        } else if p.eat_all("until end of combat") {
            // 300.4: "becomes a 3/6 Golem artifact creature until end of
            // combat" (Jade Statue).
            Duration::EndOfCombat
        } else if what == ObjectRef::This {
            Duration::Permanent
        } else {
            return None;
        };
        return Some(vec![Effect::Continuous {
            what,
            effect,
            duration,
        }]);
    }
    // 501.3: "Each blocking creature is sacrificed by its controller."
    if matches!(what, ObjectRef::Each(_)) && p.eat_all("is sacrificed by its controller") {
        return Some(vec![Effect::SacrificeThese { what }]);
    }
    let e = pump(p, what, cx.until_eot, cx.color_chosen, cx.type_chosen)?;
    // An effect on a spell applies while it is on the stack and goes on
    // applying to the permanent it becomes (217.1c exception 1, 213.5:
    // Chaoslace, Vodalian Mystic, Ersatz Gnomes).
    // "it gets +1/+1 until end of turn for each creature blocking it"
    // (Elvish Berserker); "… for each artifact you control" (Hunger of the
    // Nim): counted as it resolves (413.2f).
    if p.at_all("for each") {
        let Effect::Continuous { what, effect, .. } = e else {
            return None;
        };
        let only_pt = LayerEffect {
            power: effect.power,
            toughness: effect.toughness,
            ..Default::default()
        };
        if effect != only_pt {
            return None;
        }
        // 502.12a: "… for each creature blocking it beyond the first"
        // (Jungle Wurm), the count of rampage.
        let count = if p.eat_all("for each creature blocking it beyond the first") {
            Amount::BlockersBeyondFirst(what.clone())
        } else if p.eat_all("for each creature blocking it") {
            Amount::CreaturesBlocking(what.clone())
        } else {
            for_each(p, cx, Amount::Fixed(1))?
        };
        return Some(vec![Effect::PumpPerCount {
            what,
            power: effect.power,
            toughness: effect.toughness,
            count,
        }]);
    }
    Some(vec![e])
}

/// 503.1: "a token that's a copy of [object][, except it has haste]",
/// "two tokens that are copies of [object]" (2007: "put a token into play
/// that's a copy of …"), after "create". "It" / "them" then name the
/// tokens (404.4: "Sacrifice it at the beginning of the next end step").
pub(super) fn token_copies(p: &mut P, cx: &mut Cx, who: PlayerRef) -> Option<Effect> {
    let amount = if p.eat_all("a token that's a copy of") {
        Amount::Fixed(1)
    } else {
        let a = amount(p)?;
        p.eat_all("tokens that are copies of").then_some(())?;
        a
    };
    let of = object_phrase(p, cx)?;
    // 503.9: the exceptions the effect states.
    let keywords = if p.eat_all(", except it has") || p.eat_all(", except they have") {
        keyword_list(p)?
    } else {
        KeywordSet::EMPTY
    };
    cx.last_obj = Some(ObjectRef::Created);
    Some(Effect::CreateTokenCopies {
        who,
        amount,
        of,
        keywords,
    })
}

/// "N 2/2 green Bear creature token(s) [with flying]".
pub(super) fn token(p: &mut P) -> Option<(Amount, TokenSpec)> {
    // "that many 1/1 green Insect creature tokens" (Broodhatch Nantuko):
    // the amount of the trigger event, like "that much life".
    let amount = if p.eat_all("that many") {
        Amount::Triggered
    } else {
        amount(p)?
    };
    // "an X/X green Elemental creature token, where X is …" (Dokai): the
    // amount is defined by the sentence's "where X is" clause (`define_x`).
    let (power, toughness, pt_x) = if p.peek() == "x/x" {
        (0, 0, Some(Box::new(Amount::X)))
    } else {
        let (a, b) = p.peek().split_once('/')?;
        (a.parse().ok()?, b.parse().ok()?, None)
    };
    p.bump();
    let mut colors = ColorSet::EMPTY;
    loop {
        if let Some(c) = Color::from_name(p.peek()) {
            p.bump();
            colors.insert(c);
        } else if p.eat("colorless") || p.eat("and") {
        } else {
            break;
        }
    }
    let mut subtypes = Vec::new();
    let mut names = Vec::new();
    // Any capitalised word before "creature" is a creature type of the token.
    while p.raw().chars().next().is_some_and(char::is_uppercase) && p.raw() != SELF {
        let st = subtype_word(p.raw()).map_or_else(|| p.raw().to_string(), str::to_string);
        p.bump();
        subtypes.push(Subtype::intern(&st));
        names.push(st);
    }
    let mut types = TypeSet::EMPTY;
    if p.eat("artifact") {
        types.insert(CardType::Artifact);
    }
    if !p.eat("creature") || p.eat_any(&["token", "tokens"]).is_none() || subtypes.is_empty() {
        return None;
    }
    types.insert(CardType::Creature);
    let mut keywords = KeywordSet::EMPTY;
    if p.eat("with") {
        keywords = keyword_list(p)?;
    }
    let mut name = names.join(" ");
    // "named Metallic Sliver", "named Wolves of the Hunt": the words up to
    // the end of the phrase.
    if p.eat("named") {
        // Capitalised words, joined by "of" / "the" ("Wolves of the Hunt").
        let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
        let mut words = Vec::new();
        loop {
            let w = p.raw();
            let joins = matches!(w, "of" | "the")
                && !words.is_empty()
                && (capital(p.t.get(p.i + 1).map_or("", |t| t.raw.as_str()))
                    || (p.peek_at(1) == "the"
                        && capital(p.t.get(p.i + 2).map_or("", |t| t.raw.as_str()))));
            if !(capital(w) || joins) {
                break;
            }
            words.push(w.to_string());
            p.bump();
        }
        // A name holding the card's own ("Kobolds of Kher Keep") would need
        // the self-reference undone: not read.
        if words.is_empty() || words.iter().any(|w| w == SELF) {
            return None;
        }
        name = words.join(" ");
    }
    // 216.2: "… token. It has \"…\"" (Goldmeadow Lookout): the token's
    // own ability, compiled like an ability in quotes.
    let mut granted = None;
    if p.at_all(". it has \"") {
        let start = p.i;
        p.eat_all(". it has");
        granted = p.quoted_ability();
        if granted.is_none() {
            p.i = start;
        }
    } else if p.at_all(". it has") && name != names.join(" ") {
        // "… named Spark Elemental. It has trample, haste, and \"At the
        // beginning of the end step, sacrifice Spark Elemental.\""
        // (Sparkspitter): keywords, then an ability in quotes whose own
        // name is the token's (the token itself, 201.4).
        let (start, before) = (p.i, keywords);
        p.eat_all(". it has");
        let ok = keyword_list(p).and_then(|k| {
            keywords = keywords.union(k);
            p.eat(",");
            p.eat("and").then_some(())?;
            p.at("\"").then_some(())?;
            let close = p.i + 1 + p.t[p.i + 1..].iter().position(|t| t.low == "\"")?;
            let words: Vec<&str> = name.split(' ').collect();
            let mut toks = Vec::new();
            let mut k = p.i;
            while k <= close {
                let here = p.t[k..].iter().take(words.len()).map(|t| t.raw.as_str());
                if here.eq(words.iter().copied()) {
                    toks.push(super::lex::Tok {
                        raw: SELF.into(),
                        low: SELF.to_lowercase(),
                    });
                    k += words.len();
                } else {
                    toks.push(p.t[k].clone());
                    k += 1;
                }
            }
            let mut q = P::new(&toks);
            q.grant_base = p.grant_base + p.granted.len();
            let g = q.quoted_ability()?;
            q.at_end().then_some(())?;
            p.granted.append(&mut q.granted);
            p.i = close + 1;
            Some(g)
        });
        match ok {
            Some(g) => granted = Some(g),
            None => (p.i, keywords) = (start, before),
        }
    }
    Some((
        amount,
        TokenSpec {
            name,
            colors,
            types,
            subtypes,
            power,
            toughness,
            keywords,
            pt_x,
            granted,
        },
    ))
}

/// "up to N lands" after "untap" (Rewind): chosen as it resolves.
pub(super) fn untap_up_to(p: &mut P) -> Option<Effect> {
    p.eat_all("up to").then_some(())?;
    let count = number_word(p.peek()).or_else(|| p.peek().parse().ok())?;
    p.bump();
    let filter = group(p)?;
    (count > 0 && filter.controller == crate::ControllerFilter::Any).then_some(Effect::UntapUpTo {
        count: count as u32,
        filter,
    })
}
