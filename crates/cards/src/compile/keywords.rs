//! The grammar of keyword lines (502): keywords without a parameter, lists
//! of them, protection (502.7), and the keywords with a parameter or a cost —
//! cycling (502.18), forecast (502.53), transmute (502.48), …

use super::*;
use crate::CombatEffect;
use crate::{
    Ability, ActivatedAbility, Affected, Amount, CardType, Color, ColorSet, ControllerFilter, Cost,
    CounterKind, Duration, Effect, Keyword, KeywordSet, LayerEffect, ManaCost, ObjectFilter,
    ObjectRef, PlayerFilter, PlayerRef, Protection, StaticAbility, Step, Subtype, TargetKind,
    TargetSpec, Trigger, TriggeredAbility, TypeSet,
};

/// One parameterless keyword (one or two words).
pub(super) fn keyword(p: &mut P) -> Option<Keyword> {
    let two = format!("{} {}", p.peek(), p.peek_at(1));
    if let Some(k) = Keyword::from_name(&two) {
        p.bump();
        p.bump();
        return Some(k);
    }
    let k = Keyword::from_name(p.peek())?;
    p.bump();
    Some(k)
}

/// "flying", "flying and vigilance", "first strike, flying, and trample".
pub(super) fn keyword_list(p: &mut P) -> Option<KeywordSet> {
    let mut set = KeywordSet::EMPTY;
    set.insert(keyword(p)?);
    loop {
        let i = p.i;
        p.eat(",");
        p.eat("and");
        match keyword(p) {
            Some(k) => set.insert(k),
            None => {
                p.i = i;
                return Some(set);
            }
        }
    }
}

/// "protection from white [and from red]" gained through a continuous
/// effect (layer 5, 502.7): the colours; nothing eaten if it isn't that.
pub(super) fn protection_colors(p: &mut P) -> Option<ColorSet> {
    let start = p.i;
    p.eat_all("protection from").then_some(())?;
    let mut set = ColorSet::EMPTY;
    loop {
        let Some(c) = Color::from_name(p.peek()) else {
            p.i = start;
            return None;
        };
        p.bump();
        set.insert(c);
        if p.at_all("and from") && Color::from_name(p.peek_at(2)).is_some() {
            p.bump();
            p.bump();
            continue;
        }
        return Some(set);
    }
}

/// "protection from artifacts and from all colors" (Pristine Angel),
/// "protection from instant spells and from sorcery spells" (Devoted
/// Caretaker): the colours and card types a gained protection is from
/// (502.7), at least one card type (colours alone are
/// `protection_colors`).
pub(super) fn protection_types_and_colors(p: &mut P) -> Option<(TypeSet, ColorSet)> {
    let start = p.i;
    p.eat_all("protection from").then_some(())?;
    let (mut types, mut colors) = (TypeSet::EMPTY, ColorSet::EMPTY);
    loop {
        if p.eat_all("all colors") {
            colors = ColorSet(0x1f);
        } else if let Some(c) = Color::from_name(p.peek()) {
            p.bump();
            colors.insert(c);
        } else if let Some(t) = super::targets::type_noun(p.peek()) {
            p.bump();
            if matches!(t, CardType::Instant | CardType::Sorcery) {
                p.eat("spells");
            }
            types.insert(t);
        } else {
            p.i = start;
            return None;
        }
        if !p.eat_all("and from") {
            break;
        }
    }
    if types.is_empty() {
        p.i = start;
        return None;
    }
    Some((types, colors))
}

/// "gain(s) protection from artifacts [and from …]": as
/// [`protection_types_and_colors`] after the verb (nothing eaten if not).
pub(super) fn gains_protection_types(p: &mut P) -> Option<(TypeSet, ColorSet)> {
    if !(p.at_any_of(&["gain", "gains"]) && p.at_all_from(1, "protection from")) {
        return None;
    }
    let start = p.i;
    p.bump();
    let found = protection_types_and_colors(p);
    if found.is_none() {
        p.i = start;
    }
    found
}

/// A quality protection is from (502.7).
pub(super) fn protection(p: &mut P) -> Option<Vec<Protection>> {
    let mut v = Vec::new();
    loop {
        let pr = if p.eat_all("all colors") {
            Protection::AllColors
        } else if p.eat("monocolored") {
            Protection::Monocolored
        } else if p.eat("multicolored") {
            Protection::Multicolored
        } else if p.eat("snow") {
            Protection::Snow
        } else if p.eat_all("legendary creatures") {
            Protection::LegendaryCreatures
        } else if let Some(c) = Color::from_name(p.peek()) {
            p.bump();
            Protection::Color(c)
        } else if let Some(t) = type_noun(p.peek()) {
            p.bump();
            Protection::CardType(t)
        } else if let Some(s) = subtype_word(p.raw()).and_then(crate::Subtype::lookup) {
            // "Protection from Clerics": a creature type, plural.
            p.bump();
            Protection::Subtype(s)
        } else {
            return None;
        };
        v.push(pr);
        if !p.eat_all("and from") {
            return Some(v);
        }
    }
}

/// A line made only of keywords: "Flying, vigilance", "Protection from black".
pub(super) fn keyword_line(p: &mut P) -> Option<Vec<Ability>> {
    let mut v = Vec::new();
    // "CARDNAME is indestructible." (Fruitcake Elemental; 2007 printings
    // of Darksteel cards): not a keyword in the 2007 rules, but the same
    // quality (420.5c: lethal damage and "destroy" don't destroy it).
    if p.at_all("cardname is indestructible .") {
        p.eat_all("cardname is indestructible .");
        return p
            .at_end()
            .then(|| vec![Ability::Keyword(Keyword::Indestructible)]);
    }
    loop {
        if matches!(p.peek(), "cumulative" | "echo" | "fading" | "vanishing") {
            // 502.13, 502.19, 502.20, 502.60.
            v.extend(upkeep::keyword(p)?);
        } else if p.eat("bushido") {
            // 502.38a: "Whenever this creature blocks or becomes blocked, it
            // gets +N/+N until end of turn."
            let n = match amount(p)? {
                Amount::Fixed(n) => n,
                _ => return None,
            };
            for trigger in [Trigger::Blocks, Trigger::BecomesBlocked] {
                v.push(Ability::Triggered(TriggeredAbility {
                    trigger,
                    optional: false,
                    targets: Vec::new(),
                    effects: vec![Effect::Continuous {
                        what: ObjectRef::This,
                        effect: LayerEffect::pump(n, n, KeywordSet::EMPTY),
                        duration: Duration::EndOfTurn,
                    }],
                    condition: None,
                    modes: Vec::new(),
                    chooser: None,
                }));
            }
        } else if let Some(f) = landwalk_quality(p) {
            v.push(Ability::Landwalk(f));
        } else if p.eat_all("bands with other") {
            v.push(Ability::BandsWithOther(bands_with_quality(p)?));
        } else if p.eat("morph") {
            // 502.26a: "Morph [cost]": mana ("Morph {X}{B}{B}", X announced
            // as it is turned face up, 409.1b) or, after a dash, any cost
            // an activated ability could have ("Morph—Pay 5 life").
            let cost = if p.peek().starts_with('{') {
                let mut mana = String::new();
                while p.peek().starts_with('{') {
                    mana.push_str(p.raw());
                    p.bump();
                }
                Cost {
                    mana: ManaCost::parse(&mana).ok()?,
                    ..Cost::default()
                }
            } else if p.eat("—") {
                let c = cost_until(p, false).ok()?;
                if c.tap
                    || c.untap
                    || c.sacrifice_self
                    || c.remove_self
                    || c.return_self
                    || c.discard_self
                    || c.remove_counters.is_some()
                {
                    return None;
                }
                c
            } else {
                return None;
            };
            v.push(Ability::Static(StaticAbility::Morph(Box::new(cost))));
        } else if p.at("equip") || p.at("fortify") {
            // 502.33a: "Equip [cost]" means "[Cost]: Attach this to target
            // creature you control. Play this ability only any time you could
            // play a sorcery." 502.65a: "Fortify [cost]" the same with
            // "target land you control".
            let host = if p.eat("equip") {
                ObjectFilter::creature()
            } else {
                p.eat("fortify");
                ObjectFilter::of_type(crate::CardType::Land)
            };
            let mut mana = String::new();
            while p.peek().starts_with('{') {
                mana.push_str(p.raw());
                p.bump();
            }
            // "Equip—Pay 3 life." (Nightmare Lash): a cost of life alone.
            let mut pay_life = 0;
            if mana.is_empty() && p.at("—") && p.peek_at(1) == "pay" && p.peek_at(3) == "life" {
                pay_life = p.peek_at(2).parse::<u32>().ok().filter(|&n| n > 0)?;
                p.i += 4;
                mana.push_str("{0}");
            }
            if mana.is_empty() {
                return None;
            }
            let cost = Cost {
                mana: ManaCost::parse(&mana).ok()?,
                pay_life,
                ..Default::default()
            };
            let target = TargetSpec {
                kind: TargetKind::Permanent(ObjectFilter {
                    controller: ControllerFilter::You,
                    ..host
                }),
                count: 1,
                up_to: false,
                other: false,
                distinct: false,
                count_by: None,
                min: 0,
                opponent_chooses: false,
                more_than_you: None,
            };
            v.push(Ability::Activated(ActivatedAbility {
                cost,
                targets: vec![target],
                effects: vec![Effect::Attach {
                    what: ObjectRef::This,
                    to: ObjectRef::Target(0),
                }],
                sorcery_speed: true,
                once_per_turn: false,
                twice_per_turn: false,
                max_per_turn: 0,
                max_per_turn_count: None,
                modes: Vec::new(),
                timing: None,
                ninjutsu: false,
                from_hand: false,
                from_graveyard: false,
                cycling: false,
                only_if: None,
                activator: crate::Activator::Controller,
            }));
        } else if p.eat("ninjutsu") {
            // 502.43a: "Ninjutsu [cost]" means "[Cost], Reveal this card
            // from your hand, Return an unblocked attacking creature you
            // control to its owner's hand: Put this card into play tapped
            // and attacking."
            let mana = mana_symbols(p)?;
            v.push(Ability::Activated(ActivatedAbility {
                cost: Cost {
                    mana,
                    ..Default::default()
                },
                targets: Vec::new(),
                effects: vec![Effect::Combat(CombatEffect::PutSelfIntoPlayAttacking)],
                sorcery_speed: false,
                once_per_turn: false,
                twice_per_turn: false,
                max_per_turn: 0,
                max_per_turn_count: None,
                modes: Vec::new(),
                timing: None,
                ninjutsu: true,
                from_hand: false,
                from_graveyard: false,
                cycling: false,
                only_if: None,
                activator: crate::Activator::Controller,
            }));
        } else if p.eat("recover") {
            // 502.55a: "Recover [cost]" means "When a creature is put into
            // your graveyard from play, you may pay [cost]. If you do, return
            // this card from your graveyard to your hand. Otherwise, remove
            // this card from the game."
            let cost = mana_symbols(p)?;
            v.push(Ability::Triggered(TriggeredAbility {
                trigger: Trigger::CreatureToYourGraveyard,
                optional: false,
                targets: Vec::new(),
                effects: vec![Effect::Recover { cost }],
                condition: None,
                modes: Vec::new(),
                chooser: None,
            }));
        } else if p.eat("sunburst") {
            v.push(Ability::Static(StaticAbility::Sunburst));
        } else if p.eat("transmute") {
            // 502.48a: "[Cost], Discard this card: Search your library for
            // a card with the same converted mana cost as the discarded
            // card, reveal that card, and put it into your hand. Then
            // shuffle your library. Play this ability only any time you
            // could play a sorcery." (`TRANSMUTE_CMC` is replaced by the
            // card's own converted mana cost in `compile_face`.)
            let mana = mana_symbols(p)?;
            v.push(Ability::Activated(ActivatedAbility {
                cost: Cost {
                    mana,
                    discard_self: true,
                    ..Default::default()
                },
                targets: Vec::new(),
                effects: vec![Effect::SearchLibrary {
                    filter: ObjectFilter {
                        cmc_exactly: Some(TRANSMUTE_CMC),
                        ..Default::default()
                    },
                    cmc_at_most: None,
                    dest: crate::CardDest::Hand,
                    whose: None,
                    reveal: true,
                    count: 1,
                    up_to: false,
                    by_owner: false,
                }],
                sorcery_speed: true,
                once_per_turn: false,
                twice_per_turn: false,
                max_per_turn: 0,
                max_per_turn_count: None,
                modes: Vec::new(),
                timing: None,
                ninjutsu: false,
                from_hand: true,
                from_graveyard: false,
                cycling: false,
                only_if: None,
                activator: crate::Activator::Controller,
            }));
        } else if p.eat("storm") {
            // 502.30a: "When you play this spell, put a copy of it onto the
            // stack for each other spell that was played before it this
            // turn. If the spell has any targets, you may choose new
            // targets for any of the copies."
            v.push(Ability::Triggered(TriggeredAbility {
                trigger: Trigger::PlayedThis,
                optional: false,
                targets: Vec::new(),
                effects: vec![Effect::CopiesOfThis],
                condition: None,
                modes: Vec::new(),
                chooser: None,
            }));
        } else if let Some(a) = cycling(p) {
            v.push(a);
        } else if let Some(a) = parameter_keyword(p) {
            v.extend(a);
        } else if p.eat_all("protection from") {
            v.extend(protection(p)?.into_iter().map(Ability::Protection));
        } else if p.eat("menace") {
            // Not a 2007 keyword: Viashino Runner's 2007 text "can't be
            // blocked except by two or more creatures" (500.1 restriction).
            v.push(Ability::Static(StaticAbility::BlockRestriction {
                affected: Affected::This,
                rule: crate::BlockRule::AtLeast(2),
            }));
        } else if p.eat("hexproof") {
            // Not a 2007 keyword: Troll Ascetic's 2007 text "can't be the
            // target of spells or abilities your opponents control".
            v.push(Ability::Static(StaticAbility::CantBeTargetedBy {
                affected: Affected::This,
                spells_only: false,
                colors: ColorSet::EMPTY,
                opponents: true,
                auras: false,
            }));
        } else {
            v.push(Ability::Keyword(keyword(p)?));
        }
        if p.at_end() {
            return Some(v);
        }
        if p.eat(".") && p.at_end() {
            return Some(v);
        }
        if !(p.eat(",") || p.eat(";")) {
            return None;
        }
    }
}

/// Stands for "the converted mana cost of this card" in a transmute
/// ability until `compile_face` knows the face (502.48a).
pub(super) const TRANSMUTE_CMC: i32 = -1;

/// 502.53: "Forecast — [cost], Reveal [this card] from your hand:
/// [effect]": an activated ability played only from its owner's hand,
/// only during that player's upkeep and only once each turn (502.53b).
/// Revealing the card is part of the cost and changes nothing else here.
pub(super) fn forecast(toks: &[Tok]) -> R<Ability> {
    let no_rule = || "a forecast ability of another form".to_string();
    // Drop "forecast —" and ", reveal CARDNAME from your hand" from the
    // cost, then read the rest as an activated ability.
    let rest = &toks[2..];
    let reveal = ["reveal", "cardname", "from", "your", "hand"];
    let at = (0..rest.len())
        .find(|&i| {
            rest.len() >= i + reveal.len()
                && reveal
                    .iter()
                    .enumerate()
                    .all(|(k, w)| rest[i + k].low == *w)
        })
        .ok_or_else(no_rule)?;
    let after = at + reveal.len();
    if rest.get(after).map(|t| t.low.as_str()) != Some(":") {
        return Err(no_rule());
    }
    let mut kept: Vec<Tok> = rest[..at].to_vec();
    if kept.last().map(|t| t.low.as_str()) == Some(",") {
        kept.pop();
    }
    if kept.is_empty() {
        return Err(no_rule());
    }
    kept.extend(rest[after..].iter().cloned());
    let mut p = P::new(&kept);
    match activated(&mut p)? {
        Ability::Activated(mut a) => {
            if a.once_per_turn || a.timing.is_some() || a.sorcery_speed || a.only_if.is_some() {
                return Err(no_rule());
            }
            // 502.53a: "Play this ability only during your upkeep and only
            // once each turn."
            a.from_hand = true;
            a.once_per_turn = true;
            a.timing = Some(crate::Timing {
                turn: crate::TurnOf::You,
                window: crate::Window::Step(Step::Upkeep),
            });
            Ok(Ability::Activated(a))
        }
        _ => Err(no_rule()),
    }
}

/// Mana symbols as a cost ("{2}{G}"), at least one.
pub(super) fn mana_symbols(p: &mut P) -> Option<ManaCost> {
    let mut mana = String::new();
    while p.peek().starts_with('{') && p.peek() != "{t}" && p.peek() != "{q}" {
        mana.push_str(p.raw());
        p.bump();
    }
    if mana.is_empty() {
        return None;
    }
    ManaCost::parse(&mana).ok()
}

/// 502.18a: "Cycling [cost]" means "[Cost], Discard this card: Draw a
/// card."; 502.18d: "[Subtype]cycling [cost]" means "[Cost], Discard this
/// card: Search your library for a [subtype] card, reveal it, and put it
/// into your hand. Then shuffle your library." Both function only while
/// the card is in a hand.
pub(super) fn cycling(p: &mut P) -> Option<Ability> {
    let start = p.i;
    let word = p.t.get(p.i)?.raw.clone();
    let effect = if word.eq_ignore_ascii_case("cycling") {
        Effect::DrawCards {
            who: PlayerRef::You,
            amount: Amount::Fixed(1),
        }
    } else {
        let prefix = word.strip_suffix("cycling")?;
        let st = subtype_word(prefix).filter(|s| *s == prefix)?;
        Effect::SearchLibrary {
            filter: ObjectFilter {
                subtypes_any: vec![Subtype::intern(st)],
                ..Default::default()
            },
            cmc_at_most: None,
            dest: crate::CardDest::Hand,
            whose: None,
            reveal: true,
            count: 1,
            up_to: false,
            by_owner: false,
        }
    };
    p.bump();
    let mut cost = Cost {
        discard_self: true,
        ..Default::default()
    };
    if p.eat("—") {
        // "Cycling—Pay 2 life." (Street Wraith)
        match (p.eat("pay"), amount(p)) {
            (true, Some(Amount::Fixed(n))) if n > 0 && p.eat("life") => cost.pay_life = n as u32,
            _ => {
                p.i = start;
                return None;
            }
        }
    } else {
        match mana_symbols(p) {
            Some(m) => cost.mana = m,
            None => {
                p.i = start;
                return None;
            }
        }
    }
    Some(Ability::Activated(ActivatedAbility {
        cost,
        targets: Vec::new(),
        effects: vec![effect],
        sorcery_speed: false,
        once_per_turn: false,
        twice_per_turn: false,
        max_per_turn: 0,
        max_per_turn_count: None,
        modes: Vec::new(),
        timing: None,
        ninjutsu: false,
        from_hand: true,
        from_graveyard: false,
        cycling: true,
        only_if: None,
        activator: crate::Activator::Controller,
    }))
}

/// A keyword ability with a number that stands for triggered and static
/// abilities: soulshift (502.39), rampage (502.12), bloodthirst (502.50),
/// graft (502.54), modular (502.35).
fn parameter_keyword(p: &mut P) -> Option<Vec<Ability>> {
    let start = p.i;
    let kw = p.eat_any(&[
        "soulshift",
        "rampage",
        "bloodthirst",
        "graft",
        "modular",
        "dredge",
        "amplify",
        "ripple",
        "poisonous",
        "frenzy",
    ])?;
    let n = match amount(p) {
        Some(Amount::Fixed(n)) if n > 0 => n,
        _ => {
            p.i = start;
            return None;
        }
    };
    let triggered = |trigger, optional, targets, effects, condition| {
        Ability::Triggered(TriggeredAbility {
            trigger,
            optional,
            targets,
            effects,
            condition,
            modes: Vec::new(),
            chooser: None,
        })
    };
    let counters = || {
        Ability::Static(StaticAbility::ComesIntoPlayWithCounters {
            kind: CounterKind::PlusOnePlusOne,
            amount: n as u8,
            from_hand: None,
        })
    };
    Some(match kw {
        "poisonous" | "frenzy" => triggered_keyword(kw, n),
        // 502.47a: "Dredge N" (a draw replacement that functions in the
        // graveyard).
        "dredge" => vec![Ability::Static(StaticAbility::Dredge(n.min(255) as u8))],
        // 502.27a: "Amplify N" (a choice as the permanent comes into play).
        "amplify" => vec![Ability::Static(StaticAbility::Amplify(n.min(255) as u8))],
        // 502.56a: "When you play this spell, you may reveal the top N
        // cards of your library …" (a triggered ability of the spell).
        "ripple" => vec![triggered(
            Trigger::PlayedThis,
            true,
            Vec::new(),
            vec![Effect::Ripple(n.min(255) as u8)],
            None,
        )],
        // 502.39a: "When this permanent is put into a graveyard from play,
        // you may return target Spirit card with converted mana cost N or
        // less from your graveyard to your hand."
        "soulshift" => vec![triggered(
            Trigger::PutIntoGraveyardFromPlay(ObjectFilter::this()),
            true,
            vec![TargetSpec::one(TargetKind::CardInGraveyard {
                filter: ObjectFilter {
                    subtypes_any: vec![Subtype::intern("Spirit")],
                    cmc_at_most: Some(i8::try_from(n).ok()?),
                    ..Default::default()
                },
                whose: PlayerFilter::You,
                single: false,
            })],
            vec![Effect::ReturnToHand {
                what: ObjectRef::Target(0),
            }],
            None,
        )],
        // 502.12a: "Whenever this creature becomes blocked, it gets +N/+N
        // until end of turn for each creature blocking it beyond the
        // first." (502.12b: counted once, as it resolves.)
        "rampage" => vec![triggered(
            Trigger::BecomesBlocked,
            false,
            Vec::new(),
            vec![Effect::PumpPerCount {
                what: ObjectRef::This,
                power: n,
                toughness: n,
                count: Amount::BlockersBeyondFirst(ObjectRef::This),
            }],
            None,
        )],
        // 502.50a: "If an opponent was dealt damage this turn, this
        // permanent comes into play with N +1/+1 counters on it."
        "bloodthirst" => vec![Ability::Static(StaticAbility::Bloodthirst(n as u8))],
        // 502.54a: "This permanent comes into play with N +1/+1 counters
        // on it" and "Whenever another creature comes into play, if this
        // permanent has a +1/+1 counter on it, you may move a +1/+1 counter
        // from this permanent onto that creature."
        "graft" => vec![
            counters(),
            triggered(
                Trigger::ComesIntoPlay(ObjectFilter {
                    other: true,
                    ..ObjectFilter::creature()
                }),
                true,
                Vec::new(),
                vec![Effect::MoveCounter {
                    from: ObjectRef::This,
                    to: ObjectRef::Triggering,
                    kind: CounterKind::PlusOnePlusOne,
                }],
                Some(crate::Condition::CountersOnThis {
                    kind: CounterKind::PlusOnePlusOne,
                    at_least: 1,
                }),
            ),
        ],
        // 502.35a: "This permanent comes into play with N +1/+1 counters on
        // it" and "When this permanent is put into a graveyard from play,
        // you may put a +1/+1 counter on target artifact creature for each
        // +1/+1 counter on this permanent."
        _ => vec![
            counters(),
            triggered(
                Trigger::PutIntoGraveyardFromPlay(ObjectFilter::this()),
                true,
                vec![TargetSpec::one(TargetKind::Permanent(ObjectFilter {
                    types_all: TypeSet::single(CardType::Artifact),
                    ..ObjectFilter::creature()
                }))],
                vec![Effect::PutCounters {
                    what: ObjectRef::Target(0),
                    kind: CounterKind::PlusOnePlusOne,
                    amount: Amount::CountersOn(CounterKind::PlusOnePlusOne, ObjectRef::This),
                }],
                None,
            ),
        ],
    })
}

/// The triggered abilities a keyword with a number stands for, as the
/// keyword line or an effect granting it ("All Slivers have poisonous 1",
/// layer 5) reads them:
/// - 502.69a "Poisonous N": "Whenever this creature deals combat damage to
///   a player, that player gets N poison counters."
/// - 502.66a "Frenzy N": "Whenever this creature attacks and isn't
///   blocked, it gets +N/+0 until end of turn."
pub(super) fn triggered_keyword(kw: &str, n: i32) -> Vec<Ability> {
    let (trigger, effects) = match kw {
        "poisonous" => (
            Trigger::DealsDamageToPlayer {
                combat_only: true,
                opponent_only: false,
            },
            vec![Effect::GivePoison {
                who: PlayerRef::Triggering,
                amount: Amount::Fixed(n),
            }],
        ),
        _ => (
            Trigger::AttacksUnblocked,
            vec![Effect::Continuous {
                what: ObjectRef::This,
                effect: LayerEffect::pump(n, 0, KeywordSet::EMPTY),
                duration: Duration::EndOfTurn,
            }],
        ),
    };
    vec![Ability::Triggered(TriggeredAbility {
        trigger,
        optional: false,
        targets: Vec::new(),
        effects,
        condition: None,
        modes: Vec::new(),
        chooser: None,
    })]
}

/// "has poisonous 3", "have frenzy 1": the keyword's triggered ability,
/// granted (layer 5).
pub(super) fn granted_triggered_keyword(p: &mut P) -> Option<Vec<Ability>> {
    let kw = p.eat_any(&["poisonous", "frenzy"])?;
    match amount(p) {
        Some(Amount::Fixed(n)) if n > 0 => Some(triggered_keyword(kw, n)),
        _ => None,
    }
}

/// 502.11: the quality after "bands with other": "legendary creatures", or
/// "creatures named Wolves of the Hunt" (capitalised words joined by "of"
/// and "the", up to the end of the ability).
fn bands_with_quality(p: &mut P) -> Option<ObjectFilter> {
    if p.eat_all("creatures named") {
        let mut words = Vec::new();
        while !p.at_end() && !p.at(".") && !p.at(",") {
            let w = p.raw();
            let capital = w.chars().next().is_some_and(char::is_uppercase);
            if !(capital || (matches!(w, "of" | "the") && !words.is_empty())) {
                return None;
            }
            words.push(w.to_string());
            p.bump();
        }
        if words.is_empty() || words.iter().any(|w| w == SELF) {
            return None;
        }
        return Some(ObjectFilter {
            named: Some(words.join(" ")),
            ..ObjectFilter::creature()
        });
    }
    let (f, _) = filter(p)?;
    (!f.supertypes_all.is_empty()).then_some(f)
}

/// 502.6a, 502.6c: a landwalk named by a supertype ("legendary landwalk",
/// "nonbasic landwalk") or a snow landwalk ("snow swampwalk", "snow
/// landwalk": any snow land): the lands it looks for.
fn landwalk_quality(p: &mut P) -> Option<ObjectFilter> {
    let start = p.i;
    let mut f = ObjectFilter::of_type(CardType::Land);
    match p.bump() {
        "legendary" => f.supertypes_all.push(crate::Supertype::Legendary),
        "nonbasic" => {
            f.supertypes_none.insert(crate::Supertype::Basic);
        }
        "snow" => f.supertypes_all.push(crate::Supertype::Snow),
        _ => {
            p.i = start;
            return None;
        }
    }
    let w = p.bump();
    if w == "landwalk" {
        return Some(f);
    }
    match Keyword::from_name(w).and_then(Keyword::landwalk_type) {
        Some(b) if f.supertypes_all == [crate::Supertype::Snow] => {
            f.subtypes_any.push(Subtype::of_basic(b));
            Some(f)
        }
        _ => {
            p.i = start;
            None
        }
    }
}
