//! The grammar of the upkeep keywords and of "unless you pay" costs:
//! cumulative upkeep (502.13), echo (502.19), fading (502.20) and
//! vanishing (502.60), each compiled to the triggered and static abilities
//! the rules say it means, and "[effects] unless you pay [cost]".

use super::{amount, filter, Noun, P};
use crate::{
    Ability, Amount, Condition, Cost, CounterKind, Effect, Hybrid, ManaCost, ObjectFilter,
    ObjectRef, PlayerRef, StaticAbility, Step, Trigger, TriggeredAbility, Whose,
};

/// A run of mana symbols ("{1}{U}", "{0}"), none of them X or snow: a cost paid
/// on resolution has no X to announce, and snow mana ({S}) must come from
/// a snow source, which the payment does not track.
pub(super) fn mana_symbols(p: &mut P) -> Option<ManaCost> {
    let start = p.i;
    let mut text = String::new();
    while p.peek().starts_with('{') {
        text.push_str(p.raw());
        p.bump();
    }
    let cost = ManaCost::parse(&text)
        .ok()
        .filter(|c| !text.is_empty() && c.x == 0 && c.snow == 0 && c.hybrid.is_empty());
    if cost.is_none() {
        p.i = start;
    }
    cost
}

/// One coloured mana symbol ("{W}").
fn one_color(c: &ManaCost) -> Option<crate::Color> {
    let n: u8 = c.colored.iter().sum();
    if n != 1 || c.generic != 0 {
        return None;
    }
    c.colored
        .iter()
        .position(|&k| k == 1)
        .map(|i| crate::Color::ALL[i])
}

/// The cost after "unless you pay": mana symbols, "N life", or both joined
/// by "and" ("{B} and 1 life").
pub(super) fn pay_cost(p: &mut P) -> Option<Cost> {
    let mut cost = Cost::default();
    if let Some(m) = mana_symbols(p) {
        cost.mana = m;
        // "{1} or 1 life" (Erosion): the life may be paid instead.
        if p.at("or") && p.peek_at(2) == "life" {
            let start = p.i;
            p.bump();
            match amount(p) {
                Some(Amount::Fixed(n)) if n > 0 && p.eat("life") => {
                    cost.life_instead = n as u32;
                    return Some(cost);
                }
                _ => p.i = start,
            }
        }
        if !p.at("and") {
            return Some(cost);
        }
        p.bump();
    }
    let start = p.i;
    // "any player may pay half their life, rounded up" (Temporal
    // Extortion): half the payer's life total as it is paid.
    if p.eat_all("half their life , rounded up") || p.eat_all("half your life , rounded up") {
        cost.pay_half_life = true;
        return Some(cost);
    }
    match amount(p) {
        Some(Amount::Fixed(n)) if n > 0 && p.eat("life") => {
            cost.pay_life = n as u32;
            Some(cost)
        }
        _ => {
            p.i = start;
            None
        }
    }
}

/// "sacrifice a creature", "sacrifice two lands": the filter (in
/// `Cost::sacrifice`) and how many.
pub(super) fn sacrifice_cost(p: &mut P) -> Option<(Cost, u8)> {
    p.eat("sacrifice").then_some(())?;
    let n = count(p)?;
    let (f, noun) = filter(p)?;
    if noun != Noun::Permanent || f.this || f.other {
        return None;
    }
    Some((
        Cost {
            sacrifice: Some(f),
            ..Cost::default()
        },
        n,
    ))
}

/// "return an untapped Island you control to its owner's hand" after
/// "unless you" (Coral Atoll, the Lairs, Drake Familiar): the permanents
/// the player returns to pay the cost (413.2c); the count is the cost's
/// own (`Cost::return_to_hand`), so no sacrifice count goes with it.
pub(super) fn return_cost(p: &mut P) -> Option<(Cost, u8)> {
    p.eat("return").then_some(())?;
    let n = count(p)?;
    let (mut f, noun) = filter(p)?;
    if noun != Noun::Permanent || f.this || f.other {
        return None;
    }
    (p.eat_all("you control to") || p.eat("to")).then_some(())?;
    p.eat_any(&["its", "their"])?;
    p.eat_all("owner's hand").then_some(())?;
    if f.controller == crate::ControllerFilter::Any {
        f.controller = crate::ControllerFilter::You;
    }
    Some((
        Cost {
            return_to_hand: Some((f, n)),
            ..Cost::default()
        },
        0,
    ))
}

/// The cost of a cumulative upkeep (502.13a): "{2}", "{W} or {U}" (one
/// choice per age counter: a hybrid symbol each), "—Pay 1 life", "—Pay
/// {B} and 1 life".
fn cumulative_cost(p: &mut P) -> Option<(Cost, u8, Vec<Effect>)> {
    if p.eat("—") || p.eat("-") {
        if p.at("sacrifice") {
            let (c, n) = sacrifice_cost(p)?;
            p.eat(".");
            return Some((c, n, Vec::new()));
        }
        if !p.eat("pay") {
            return cost_instructions(p).map(|v| (Cost::default(), 0, v));
        }
        return pay_cost(p).map(|c| (c, 0, Vec::new()));
    }
    let first = mana_symbols(p)?;
    if !p.eat("or") {
        return Some((
            Cost {
                mana: first,
                ..Cost::default()
            },
            0,
            Vec::new(),
        ));
    }
    let second = mana_symbols(p)?;
    let (a, b) = (one_color(&first)?, one_color(&second)?);
    Some((
        Cost {
            mana: ManaCost {
                hybrid: vec![Hybrid::TwoColors(a, b)],
                ..ManaCost::zero()
            },
            ..Cost::default()
        },
        0,
        Vec::new(),
    ))
}

/// 502.13a: a cumulative upkeep cost made of instructions ("Draw a card.",
/// "Put a -1/-1 counter on CARDNAME.", "An opponent gains 1 life."),
/// followed once per age counter as the cost is paid: only instructions
/// with no target and no choice, which can always be followed (the
/// payment checks a library holds the cards it would remove).
fn cost_instructions(p: &mut P) -> Option<Vec<Effect>> {
    let mut cx = super::Cx::default();
    super::spell::sentence(p, &mut cx)?;
    if !cx.targets.is_empty() || !p.at_end() {
        return None;
    }
    plain_instructions(cx.effects)
}

/// "… unless you [instructions]" ("mill two cards", "remove a +1/+1
/// counter from it"): the instructions that are the cost, up to the
/// period, if they need no choice.
pub(super) fn unless_instructions(p: &mut P) -> Option<Vec<Effect>> {
    let start = p.i;
    let mut cx = super::Cx {
        last_obj: Some(ObjectRef::This),
        ..super::Cx::default()
    };
    // "mill two cards" reads as a sentence of its own.
    let v = if p.at("mill") {
        super::library::player_sentence(p, &mut cx)
    } else {
        super::effects::clauses(p, &mut cx)
    };
    let v = v
        .filter(|_| cx.targets.is_empty() && p.at("."))
        .and_then(plain_instructions);
    if v.is_none() {
        p.i = start;
    }
    v
}

/// The instructions a payment can follow with no choice, and always (but
/// for cards a library must hold, or counters the source must have).
fn plain_instructions(effects: Vec<Effect>) -> Option<Vec<Effect>> {
    let plain = effects.iter().all(|e| {
        matches!(
            e,
            Effect::PutCounters {
                what: ObjectRef::This,
                amount: Amount::Fixed(_),
                ..
            } | Effect::DrawCards {
                who: PlayerRef::You,
                amount: Amount::Fixed(_),
            } | Effect::RemoveTopCards {
                who: PlayerRef::You,
                amount: Amount::Fixed(_),
                repeat_if_same_name: false,
            } | Effect::Mill {
                who: PlayerRef::You,
                amount: Amount::Fixed(_),
            } | Effect::RemoveCounters {
                what: ObjectRef::This,
                amount: Amount::Fixed(_),
                ..
            } | Effect::AddMana {
                // "Cumulative upkeep—Add {R}." (Braid of Fire): mana added
                // to the payer's pool, which can always be done.
                who: PlayerRef::You,
                ..
            }
        )
    });
    (plain && !effects.is_empty()).then_some(effects)
}

fn sacrifice_this() -> Effect {
    Effect::Sacrifice {
        who: PlayerRef::You,
        filter: ObjectFilter::this(),
    }
}

fn at_your_upkeep(effects: Vec<Effect>, condition: Option<Condition>) -> Ability {
    Ability::Triggered(TriggeredAbility {
        trigger: Trigger::BeginningOf {
            step: Step::Upkeep,
            whose: Whose::You,
        },
        optional: false,
        targets: Vec::new(),
        effects,
        condition,
        modes: Vec::new(),
        chooser: None,
    })
}

/// A fixed positive number ("Fading 3").
fn count(p: &mut P) -> Option<u8> {
    match amount(p)? {
        Amount::Fixed(n) if (1..=255).contains(&n) => Some(n as u8),
        _ => None,
    }
}

/// The upkeep keywords, each expanded to the abilities it means; `None`
/// (cursor unmoved by the caller's retry) when the line has none here.
pub(super) fn keyword(p: &mut P) -> Option<Vec<Ability>> {
    if p.at_all("cumulative upkeep — discard a card .") {
        // 502.13a: "Cumulative upkeep—Discard a card." (Vexing Sphinx): a
        // card chosen for each age counter, all of them or none.
        p.eat_all("cumulative upkeep — discard a card .");
        return Some(vec![at_your_upkeep(
            vec![
                Effect::PutCounters {
                    what: ObjectRef::This,
                    kind: CounterKind::Age,
                    amount: Amount::Fixed(1),
                },
                Effect::UnlessDiscard {
                    filter: ObjectFilter::default(),
                    effects: vec![sacrifice_this()],
                    at_random: false,
                    count: 1,
                    per_counter: Some(CounterKind::Age),
                },
            ],
            None,
        )]);
    }
    if p.eat_all("cumulative upkeep") {
        // 502.13a: "At the beginning of your upkeep, put an age counter on
        // this permanent, then sacrifice this permanent unless you pay
        // [cost] for each age counter on it."
        let (cost, sacrifice_count, actions) = cumulative_cost(p)?;
        return Some(vec![at_your_upkeep(
            vec![
                Effect::PutCounters {
                    what: ObjectRef::This,
                    kind: CounterKind::Age,
                    amount: Amount::Fixed(1),
                },
                Effect::UnlessPays {
                    cost: Box::new(cost),
                    per_counter: Some(CounterKind::Age),
                    effects: vec![sacrifice_this()],
                    sacrifice_count,
                    if_paid: Vec::new(),
                    payer: crate::PlayerRef::You,
                    actions,
                },
            ],
            None,
        )]);
    }
    if p.eat("echo") {
        // 502.19a: "At the beginning of your upkeep, if this permanent came
        // under your control since the beginning of your last upkeep,
        // sacrifice it unless you pay [cost]."
        // "Echo {2}{R}", "Echo—Sacrifice two lands."
        let (cost, sacrifice_count) = if p.eat("—") || p.eat("-") {
            let c = sacrifice_cost(p)?;
            p.eat(".");
            c
        } else {
            let mana = mana_symbols(p)?;
            (
                Cost {
                    mana,
                    ..Cost::default()
                },
                0,
            )
        };
        return Some(vec![at_your_upkeep(
            vec![Effect::UnlessPays {
                cost: Box::new(cost),
                per_counter: None,
                effects: vec![sacrifice_this()],
                sacrifice_count,
                if_paid: Vec::new(),
                payer: crate::PlayerRef::You,
                actions: Vec::new(),
            }],
            Some(Condition::ControlledSinceLastUpkeep),
        )]);
    }
    if p.eat("fading") {
        // 502.20a: "This permanent comes into play with N fade counters on
        // it" and "At the beginning of your upkeep, remove a fade counter
        // from this permanent. If you can't, sacrifice the permanent."
        let n = count(p)?;
        return Some(vec![
            Ability::Static(StaticAbility::ComesIntoPlayWithCounters {
                kind: CounterKind::Fade,
                amount: n,
                from_hand: None,
            }),
            at_your_upkeep(
                vec![Effect::RemoveCounterElse {
                    what: ObjectRef::This,
                    kind: CounterKind::Fade,
                    effects: vec![sacrifice_this()],
                }],
                None,
            ),
        ]);
    }
    if p.eat("vanishing") {
        // 502.60a–b: "This permanent comes into play with N time counters
        // on it" (only with a number), "At the beginning of your upkeep, if
        // this permanent has a time counter on it, remove a time counter
        // from it" and "When the last time counter is removed from this
        // permanent, sacrifice it."
        let n = if p.peek().is_empty() || p.at(".") || p.at(",") {
            None
        } else {
            Some(count(p)?)
        };
        let mut v = Vec::new();
        if let Some(n) = n {
            v.push(Ability::Static(StaticAbility::ComesIntoPlayWithCounters {
                kind: CounterKind::Time,
                amount: n,
                from_hand: None,
            }));
        }
        v.push(at_your_upkeep(
            vec![Effect::RemoveCounters {
                what: ObjectRef::This,
                kind: CounterKind::Time,
                amount: Amount::Fixed(1),
            }],
            Some(Condition::CountersOnThis {
                kind: CounterKind::Time,
                at_least: 1,
            }),
        ));
        v.push(Ability::Triggered(TriggeredAbility {
            trigger: Trigger::LastCounterRemoved(CounterKind::Time),
            optional: false,
            targets: Vec::new(),
            effects: vec![sacrifice_this()],
            condition: None,
            modes: Vec::new(),
            chooser: None,
        }));
        return Some(v);
    }
    None
}
