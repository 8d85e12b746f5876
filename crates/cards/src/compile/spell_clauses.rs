//! Clauses of a sentence of instructions that `spell::sentence` reads
//! with their own rules: "For each counter removed, …", "At the beginning
//! of the next end step, …" (404.4), "where X is …", "put [counters] on
//! … up to …", "if it's [color]", "phase out … beyond …", "change the
//! target from [this]" (415.7); and whether instructions create a delayed
//! triggered ability. Split from `spell.rs`.

use super::spell::sentence;
use super::*;
use crate::DelayedEffect;
use crate::{Amount, Effect, ObjectFilter, ObjectRef, PlayerRef};

/// "The next time target land would be destroyed this turn, remove all
/// damage marked on it instead." (Pyramids).
pub(super) fn destruction_shield(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("the next time target land would be destroyed this turn , remove all damage marked on it instead")
        .then_some(())?;
    (p.eat_end() && p.at_end()).then_some(())?;
    let i = cx.add_target(
        crate::TargetKind::Permanent(ObjectFilter::of_type(crate::CardType::Land)),
        false,
    );
    cx.effects.push(Effect::DestructionShieldThisTurn {
        what: ObjectRef::Target(i),
    });
    Some(())
}

/// Actions a spell lets its controller take until end of turn: "Until end
/// of turn, any time you could play a mana ability, you may pay 1 life. If
/// you do, add {1} to your mana pool." (Channel); after "Prevent the next X
/// damage that would be dealt to target creature or player this turn.",
/// "Until end of turn, you may pay {1} any time you could play an instant.
/// If you do, prevent the next 1 damage that would be dealt to that
/// creature or player this turn." (Guardian Angel).
pub(super) fn granted_action(p: &mut P, cx: &mut Cx) -> Option<()> {
    // Oracle "activate a mana ability": 2007 "play".
    if (p.eat_all("until end of turn , any time you could play a mana ability")
        || p.eat_all("until end of turn , any time you could activate a mana ability"))
        && p.eat_all(", you may pay 1 life . if you do , add")
    {
        (p.eat("{c}") || p.eat("{1}")).then_some(())?;
        p.eat_all("to your mana pool");
        (p.eat_end() && p.at_end()).then_some(())?;
        cx.effects.push(Effect::LifeForManaThisTurn);
        return Some(());
    }
    p.eat_all("until end of turn , you may pay").then_some(())?;
    let generic: u32 = p
        .bump()
        .strip_prefix('{')?
        .strip_suffix('}')?
        .parse()
        .ok()?;
    p.eat_all("any time you could play an instant . if you do , prevent the next 1 damage that would be dealt to that")
        .then_some(())?;
    (p.eat_all("permanent or player") || p.eat_all("creature or player")).then_some(())?;
    (p.eat_all("this turn") && p.eat_end() && p.at_end()).then_some(())?;
    // "that creature or player": the target of the instruction before.
    let to = match cx.effects.as_slice() {
        [Effect::PreventNextDamage {
            to: crate::Recipient::Target(i),
            ..
        }] => crate::Recipient::Target(*i),
        _ => return None,
    };
    cx.effects
        .push(Effect::PayToPreventThisTurn { to, generic });
    Some(())
}

/// "For each counter removed, [what] gets +P/+T until end of turn.": the
/// pump read after the comma, counted X times.
pub(super) fn per_counter_removed(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("for each counter removed ,");
    sentence(p, cx)?;
    match cx.effects.as_mut_slice() {
        [e @ Effect::Continuous {
            duration: crate::Duration::EndOfTurn,
            ..
        }] => {
            let Effect::Continuous { what, effect, .. } = e else {
                return None;
            };
            (effect.is_pump() && effect.add_keywords == Default::default()).then_some(())?;
            *e = Effect::PumpPerCount {
                what: what.clone(),
                power: effect.power,
                toughness: effect.toughness,
                count: Amount::X,
            };
            Some(())
        }
        _ => None,
    }
}

/// 404.4: "At the beginning of the next end step, [instructions]." after
/// the instructions that set it up: a delayed triggered ability.
pub(super) fn at_next_end_step(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("at the beginning of the next end step ,")
        .then_some(())?;
    let mut effects = super::effects::clauses(p, cx)?;
    // "destroy that creature if it attacked this turn" (Berserk): the
    // delayed ability checks the object as it resolves (the ruling: even
    // if it is no longer a creature).
    if p.eat_all("if it attacked this turn") {
        effects = vec![Effect::IfCondition {
            condition: crate::Condition::ObjectThisTurn {
                what: cx.it(),
                fact: crate::ThisTurnFact::Attacked,
                did: true,
            },
            effects,
        }];
    }
    p.eat_end().then_some(())?;
    cx.effects
        .push(Effect::Delayed(DelayedEffect::AtNextEndStep {
            effects,
            of: crate::EndStep::Next,
        }));
    Some(())
}

/// 404.4: whether the effects create a delayed triggered ability (only
/// triggered abilities' are played so far).
pub(super) fn delays(effects: &[Effect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::Delayed(DelayedEffect::AtEndOfCombat { .. })))
}

/// 404.4: more than one delayed triggered ability in one list of
/// instructions (the resolution finds a spell's or ability's one delayed
/// ability by its place, `resolution/delayed.rs`).
pub(super) fn delays_twice(effects: &[Effect]) -> bool {
    effects
        .iter()
        .filter(|e| {
            matches!(
                e,
                Effect::Delayed(DelayedEffect::AtEndOfCombat { .. })
                    | Effect::Delayed(DelayedEffect::AtNextUpkeep { .. })
                    | Effect::Delayed(DelayedEffect::AtNextEndStep { .. })
                    | Effect::Delayed(DelayedEffect::AtNextCleanup { .. })
            )
        })
        .count()
        > 1
}

/// Replaces the amount X of an effect by the amount a "where X is …"
/// clause defines; false if the effect has no such amount.
pub(super) fn define_x(e: &mut Effect, a: &Amount) -> bool {
    // "gets +X/+X until end of turn, where X is the number of lands you
    // control" (Strength of Cedars): counted as it resolves (413.2f).
    if let Effect::PumpX {
        what,
        power,
        toughness,
        ..
    } = e
    {
        *e = Effect::PumpPerCount {
            what: what.clone(),
            power: *power,
            toughness: *toughness,
            count: a.clone(),
        };
        return true;
    }
    let slot = match e {
        Effect::DealDamage { amount, .. }
        | Effect::GainLife { amount, .. }
        | Effect::LoseLife { amount, .. }
        | Effect::DrawCards { amount, .. }
        | Effect::Discard { amount, .. }
        | Effect::PutCounters { amount, .. }
        | Effect::ReturnUpToFromGraveyard { amount, .. }
        | Effect::AddManaCombination { amount, .. } => amount,
        // An X/X token (Dokai) or X tokens.
        Effect::CreateTokens { amount, token, .. } => match &mut token.pt_x {
            Some(x) if *amount != Amount::X => &mut **x,
            _ => amount,
        },
        _ => return false,
    };
    // "You gain X plus 1 life, where X is …" (An-Havva Inn).
    if let Amount::Plus(_, inner) = slot {
        if **inner == Amount::X {
            **inner = a.clone();
            return true;
        }
    }
    if *slot != Amount::X {
        return false;
    }
    *slot = a.clone();
    true
}

/// "Put up to X [kind] counters on CARDNAME. This ability can't cause the
/// total number of [kind] counters on CARDNAME to be greater than N."
pub(super) fn counters_up_to_limit(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("put up to x").then_some(())?;
    let kind = super::amounts::counter_kind(p.bump())?;
    p.eat_all("counters on cardname . this ability can't cause the total number of")
        .then_some(())?;
    (super::amounts::counter_kind(p.bump())? == kind).then_some(())?;
    p.eat_all("counters on cardname to be greater than")
        .then_some(())?;
    let n = super::amounts::number_word(p.bump())?;
    p.eat_end().then_some(())?;
    let on = Box::new(Amount::CountersOn(kind, ObjectRef::This));
    cx.effects.push(Effect::PutCounters {
        what: ObjectRef::This,
        kind,
        amount: Amount::Least(
            Box::new(Amount::X),
            Box::new(Amount::Minus(Box::new(Amount::Fixed(n)), on)),
        ),
    });
    Some(())
}

/// "[instructions] if it's red." (Hydroblast: "Counter target spell if
/// it's red."; Pyroblast: "Destroy target permanent if it's blue."): the
/// target may be any spell or permanent; the instructions apply only if
/// it has the colour as they are reached (`Condition::ObjectIs`).
/// "Counter target spell if no mana was spent to play it." (Nix, 406):
/// the same, with `Condition::NoManaSpent`.
pub(super) fn if_its_color(p: &mut P, cx: &mut Cx) -> Option<()> {
    let end = (p.i..p.t.len()).find(|&k| p.t[k].low == ".")?;
    const NO_MANA: [&str; 8] = ["if", "no", "mana", "was", "spent", "to", "play", "it"];
    let no_mana = end >= p.i + 9
        && p.t[end - 8..end]
            .iter()
            .zip(NO_MANA)
            .all(|(t, w)| t.low == w);
    let tail = if no_mana {
        8
    } else if end >= p.i + 4 && p.t[end - 3].low == "if" && p.t[end - 2].low == "it's" {
        3
    } else {
        return None;
    };
    let color = if no_mana {
        None
    } else {
        Some(crate::Color::from_name(&p.t[end - 1].low)?)
    };
    let mut toks: Vec<Tok> = p.t[p.i..end - tail].to_vec();
    toks.push(p.t[end].clone());
    let mut q = P::new(&toks);
    let effects = clauses(&mut q, cx)?;
    if !q.eat_end() || !q.at_end() {
        return None;
    }
    let what = cx.it();
    let condition = match color {
        None => crate::Condition::NoManaSpent(what),
        Some(color) => {
            let mut filter = crate::ObjectFilter::any();
            filter.colors_any.insert(color);
            crate::Condition::ObjectIs {
                what,
                filter: Box::new(filter),
            }
        }
    };
    cx.effects.push(Effect::IfCondition { condition, effects });
    p.i = end + 1;
    p.far = p.far.max(p.i);
    Some(())
}

/// 502.15 (Equipoise): "for each [type] target player controls in excess of
/// the number [of [type]s] you control, choose a [type] that player (he or
/// she) controls, then the chosen permanents phase out. Repeat this process
/// for [types] and [types]."
pub(super) fn phase_out_excess(p: &mut P, cx: &mut Cx) -> Option<Effect> {
    p.eat_all("for each").then_some(())?;
    let first = type_noun(p.peek())?;
    p.bump();
    let (i, true) = target(p, cx)? else {
        return None;
    };
    p.eat_all("controls in excess of the number")
        .then_some(())?;
    if p.eat("of") {
        (type_noun(p.peek())? == first).then_some(())?;
        p.bump();
    }
    p.eat_all("you control , choose a").then_some(())?;
    (type_noun(p.peek())? == first).then_some(())?;
    p.bump();
    (p.eat_all("that player controls") || p.eat_all("he or she controls")).then_some(())?;
    p.eat_all(", then the chosen permanents phase out . repeat this process for")
        .then_some(())?;
    let mut kinds = vec![ObjectFilter::of_type(first)];
    loop {
        p.eat(",");
        p.eat("and");
        p.eat_all("then for");
        match type_noun(p.peek()) {
            Some(t) => {
                p.bump();
                kinds.push(ObjectFilter::of_type(t));
            }
            None => break,
        }
    }
    (kinds.len() > 1 && p.eat_end()).then_some(Effect::PhaseOutExcess {
        who: PlayerRef::Target(i),
        kinds,
    })
}

/// 415.7: "If target spell has only one target and that target is
/// CARDNAME, change that spell's target to another [filter]."
pub(super) fn redirect_from_this(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat("if");
    let (i, false) = target(p, cx)? else {
        return None;
    };
    p.eat_all(
        "has only one target and that target is cardname , change that spell's target to another",
    )
    .then_some(())?;
    let (mut to, Noun::Permanent) = filter(p)? else {
        return None;
    };
    to.other = true;
    p.eat_end().then_some(())?;
    cx.effects.push(Effect::ChangeTarget {
        what: ObjectRef::Target(i),
        to: Some(to),
        from_this: true,
        to_player: false,
    });
    Some(())
}

/// "If CARDNAME is destroyed this way, it deals N damage to you." after
/// "destroy CARDNAME unless you pay [cost]" (Cosmic Horror): the damage
/// follows the destruction in the branch not paid, N times the number
/// destroyed (`Amount::DestroyedThisWay`: none if it regenerated or
/// couldn't be destroyed, the ruling). The source deals it from the
/// graveyard, as it last existed in play (413.2f).
pub(super) fn destroyed_this_way_damage(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("if cardname is destroyed this way , it deals")
        .then_some(())?;
    let Amount::Fixed(n) = amount(p)? else {
        return None;
    };
    p.eat_all("damage to you").then_some(())?;
    p.eat_end().then_some(())?;
    let Some(Effect::UnlessPays {
        effects, if_paid, ..
    }) = cx.effects.last_mut()
    else {
        return None;
    };
    let destroys_this = matches!(
        effects[..],
        [Effect::Destroy {
            what: crate::ObjectRef::This,
            ..
        }]
    );
    (destroys_this && if_paid.is_empty()).then_some(())?;
    effects.push(Effect::DealDamage {
        amount: Amount::Times(n, Box::new(Amount::DestroyedThisWay)),
        to: crate::Recipient::Player(PlayerRef::You),
    });
    Some(())
}

/// "If target creature has toughness 5 or greater, it gets +4/-4 until end
/// of turn. Otherwise, it gets +4/-X until end of turn, where X is its
/// toughness minus 1." (Blood Lust): both branches are one pump, +4/-Y with
/// Y the lesser of 4 and its toughness minus 1, read as the spell resolves
/// (413.2f: fixed then, the ruling) and never below 0 (104.1b).
pub(super) fn toughness_capped_pump(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat("if").then_some(())?;
    let (t, _) = super::targets::target(p, cx)?;
    p.eat_all("has toughness").then_some(())?;
    let Amount::Fixed(n) = amount(p)? else {
        return None;
    };
    p.eat_all("or greater , it gets").then_some(())?;
    let (power, minus) = pt_mod(p.bump())?;
    (minus == 1 - n && power > 0).then_some(())?;
    p.eat_all("until end of turn . otherwise , it gets")
        .then_some(())?;
    // "+4/-x": the same power, X off the toughness.
    let (a, b) = p.bump().split_once('/')?;
    (a == format!("+{power}") && b == "-x").then_some(())?;
    p.eat_all("until end of turn , where x is its toughness minus 1")
        .then_some(())?;
    p.eat_end().then_some(())?;
    let what = crate::ObjectRef::Target(t);
    cx.effects.push(Effect::Continuous {
        what: what.clone(),
        effect: crate::LayerEffect {
            power,
            ..crate::LayerEffect::default()
        },
        duration: crate::Duration::EndOfTurn,
    });
    cx.effects.push(Effect::PumpPerCount {
        what: what.clone(),
        power: 0,
        toughness: -1,
        count: Amount::Least(
            Box::new(Amount::Fixed(n - 1)),
            Box::new(Amount::Minus(
                Box::new(Amount::ToughnessOf(what)),
                Box::new(Amount::Fixed(1)),
            )),
        ),
    });
    Some(())
}

/// Yawgmoth's Will: "Until end of turn, you may play lands and play
/// spells from your graveyard." (the 2007 Oracle's "play cards in your
/// graveyard") and "If a card would be put into your graveyard from
/// anywhere this turn, remove that card from the game instead." (419.1a).
pub(super) fn your_graveyard_this_turn(p: &mut P, cx: &mut Cx) -> Option<()> {
    let rule = if p
        .eat_all("until end of turn , you may play lands and play spells from your graveyard")
        || p.eat_all("until end of turn , you may play cards from your graveyard")
    {
        crate::GraveyardTurnRule::PlayCards
    } else if p.eat_all("if a card would be put into your graveyard from anywhere this turn ,")
        && (p.eat_all("remove that card from the game instead")
            || p.eat_all("exile that card instead"))
    {
        crate::GraveyardTurnRule::CardsRemovedInstead
    } else {
        return None;
    };
    p.eat_end().then_some(())?;
    cx.effects.push(Effect::YourGraveyardThisTurn(rule));
    Some(())
}

/// Lich: "Sacrifice that many nontoken permanents. If you can't, you lose
/// the game." after "Whenever you're dealt damage," (the amount the
/// trigger's event names).
pub(super) fn sacrifice_that_many_or_lose(p: &mut P, cx: &mut Cx) -> Option<()> {
    (cx.trig_amount && p.eat_all("sacrifice that many")).then_some(())?;
    let filter = super::group(p)?;
    p.eat_all(". if you can't , you lose the game")
        .then_some(())?;
    p.eat_end().then_some(())?;
    cx.effects.push(Effect::SacrificeOrLose {
        filter,
        amount: crate::Amount::Triggered,
    });
    Some(())
}

/// "sacrifice it": this permanent, no choice (the instructions of an
/// "unless" whose cost the controller declined).
fn sacrifice_this_directly(v: Vec<Effect>) -> Vec<Effect> {
    v.into_iter()
        .map(|e| match e {
            Effect::Sacrifice {
                who: PlayerRef::You,
                filter,
            } if filter.this => Effect::SacrificeThese {
                what: ObjectRef::This,
            },
            e => e,
        })
        .collect()
}

/// The "unless you …" a sentence's instructions end with: "unless you
/// discard a card" (Razormane Masticore), "unless {U} was spent to play it"
/// (Plaxmanta), "unless you remove a card in your graveyard from the game"
/// (Rotting Giant), "unless you sacrifice a land" (Bog Elemental),
/// "unless you mill two cards" (Deep Spawn): `v` wrapped in the choice the
/// controller makes on resolution; `v` unchanged if none follows.
pub(super) fn unless_you(p: &mut P, cx: &mut Cx, mut v: Vec<Effect>) -> Option<Vec<Effect>> {
    // "sacrifice it unless an opponent was dealt damage this turn" (War
    // Elemental): the instructions if the condition doesn't hold, judged
    // as they would be followed.
    if p.eat_all("unless an opponent was dealt damage this turn") {
        // The source's own sacrifice needs no choice (`SacrificeThese`),
        // so it can be a conditional instruction.
        // (Only that: an instruction that pauses for a choice can't be.)
        let [Effect::Sacrifice {
            who: PlayerRef::You,
            filter,
        }] = v.as_slice()
        else {
            return None;
        };
        (*filter == ObjectFilter::this()).then_some(())?;
        v = vec![Effect::SacrificeThese {
            what: crate::ObjectRef::This,
        }];
        return Some(vec![Effect::IfCondition {
            condition: crate::Condition::Not(Box::new(
                crate::Condition::OpponentDealtDamageThisTurn,
            )),
            effects: v,
        }]);
    }
    // "sacrifice CARDNAME unless you discard a card" (Razormane Masticore):
    // the controller chooses on resolution.
    if p.eat_all("unless you discard") {
        // "unless you discard two cards" (Avatar of Discord).
        let count = if p.eat_any(&["a", "an"]).is_some() {
            1
        } else {
            let n = number_word(p.peek()).filter(|n| (2..=7).contains(n))?;
            p.bump();
            n as u8
        };
        let (filter, noun) = filter(p)?;
        if noun != Noun::Card {
            return None;
        }
        // "unless you discard a card at random" (Balduvian Horde).
        let at_random = p.eat_all("at random");
        if at_random && count > 1 {
            return None;
        }
        let deals = matches!(v.as_slice(), [Effect::DealDamage { .. }]);
        v = vec![Effect::UnlessDiscard {
            filter,
            effects: v,
            at_random,
            count,
            per_counter: None,
        }];
        // "If CARDNAME deals damage to you this way, tap it." (Mishra's
        // War Machine): after the damage, if any was dealt.
        if deals
            && (p.eat_all(". if cardname deals damage to you this way , tap it")
                || p.eat_all(". if cardname deals damage to you this way , tap cardname"))
        {
            v.push(Effect::IfCondition {
                condition: crate::Condition::DealtDamageThisWay,
                effects: vec![Effect::Tap {
                    what: ObjectRef::This,
                }],
            });
        }
    }
    // 406: "sacrifice it unless {U} was spent to play it" (Plaxmanta): the
    // instructions run only if that colour wasn't spent.
    if p.at("unless") {
        let start = p.i;
        p.bump();
        match super::amounts::mana_spent(p) {
            Some(c) => {
                let then = sacrifice_this_directly(v);
                v = vec![Effect::IfElse {
                    condition: crate::Condition::Not(Box::new(c)),
                    then,
                    otherwise: Vec::new(),
                }]
            }
            None => p.i = start,
        }
    }
    // "sacrifice it unless you remove a card in your graveyard from the
    // game" (Rotting Giant), "… unless you put two cards from your
    // graveyard on the bottom of your library" (Gurzigost), "… unless you
    // return a basic land card from your graveyard to your hand" (Harvest
    // Wurm): the controller chooses the cards, or declines, on resolution
    // (413.2c: all of them or none); the instructions happen if not paid.
    if p.at_all("unless you") {
        let start = p.i;
        p.eat_all("unless you");
        match attempt(p, cx, super::graveyard_all::chosen_from_graveyard) {
            Some(mut pay) if p.at(".") => {
                if let [Effect::ReturnUpToFromGraveyard { up_to, cost, .. }] = pay.as_mut_slice() {
                    *up_to = true;
                    *cost = true;
                }
                let otherwise = sacrifice_this_directly(v);
                pay.push(Effect::IfElse {
                    condition: crate::Condition::YouDid,
                    then: Vec::new(),
                    otherwise,
                });
                v = pay;
            }
            _ => p.i = start,
        }
    }
    // "sacrifice CARDNAME unless you pay {U}{U}", "tap CARDNAME unless you
    // pay 1 life", "… unless you pay {1} for each +1/+1 counter on it":
    // the controller chooses on resolution.
    // "sacrifice CARDNAME unless you sacrifice a land" (Bog Elemental).
    if p.at_all("unless you sacrifice") || p.at_all("unless you return") {
        p.eat_all("unless you");
        // "sacrifice it unless you return an untapped Island you control to
        // its owner's hand" (Coral Atoll): permanents returned instead.
        let (cost, sacrifice_count) = match p.peek() {
            "return" => upkeep::return_cost(p)?,
            _ => upkeep::sacrifice_cost(p)?,
        };
        v = vec![Effect::UnlessPays {
            cost: Box::new(cost),
            per_counter: None,
            effects: v,
            sacrifice_count,
            if_paid: Vec::new(),
            payer: crate::PlayerRef::You,
            actions: Vec::new(),
        }];
    }
    // "sacrifice CARDNAME unless you mill two cards" (Deep Spawn), "…
    // unless you remove a +1/+1 counter from it" (Junk Golem): a cost of
    // instructions (`UnlessPays::actions`).
    if p.at_all("unless you") && !p.at_all("unless you pay") {
        let start = p.i;
        p.eat_all("unless you");
        match upkeep::unless_instructions(p) {
            Some(actions) => {
                v = vec![Effect::UnlessPays {
                    cost: Box::default(),
                    per_counter: None,
                    effects: v,
                    sacrifice_count: 0,
                    if_paid: Vec::new(),
                    payer: crate::PlayerRef::You,
                    actions,
                }];
            }
            None => p.i = start,
        }
    }
    Some(v)
}
