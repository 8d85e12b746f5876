//! The grammar of the costs of playing a spell (409.1b, 409.1f): kicker
//! (502.21) and buyback (502.16) lines, and the text that depends on a
//! kicker cost being paid (502.21b); and the costs of activated abilities
//! and additional costs, "[cost]:" up to the colon (409.1f).

use super::{
    amount, attempt, counter_kind, filter, keyword_list, number_word, sentence, Compiled, Cx, Noun,
    Tok, P, R,
};
use crate::{
    Ability, Amount, Condition, ControllerFilter, Cost, CounterKind, Effect, KeywordSet, ManaCost,
    ObjectFilter, ObjectRef, StaticAbility, Trigger, TriggeredAbility,
};

/// 502.59a: "Suspend N—[cost]" is three abilities: the special action
/// from the hand (`SpellAbility::suspend`), "At the beginning of your
/// upkeep, if this card is suspended, remove a time counter from it" and
/// "When the last time counter is removed from this card, if it's removed
/// from the game, play it without paying its mana cost if able …". The
/// cost is mana only ("Suspend X" with its "X can't be 0" stays
/// unsupported).
pub(super) fn suspend(p: &mut P, spell: &mut Cx, out: &mut Compiled) -> R<()> {
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    p.eat("suspend");
    let n = p
        .peek()
        .parse::<u8>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| no_rule(p))?;
    p.bump();
    p.eat("—");
    let mut mana = String::new();
    while p.peek().starts_with('{') {
        mana.push_str(p.raw());
        p.bump();
    }
    let cost = ManaCost::parse(&mana).map_err(|e| e.to_string())?;
    if mana.is_empty() || cost.x > 0 || !(p.eat_end() && p.at_end()) || spell.suspend.is_some() {
        return Err(no_rule(p));
    }
    spell.suspend = Some(crate::Suspend { time: n, cost });
    out.abilities.push(Ability::Triggered(TriggeredAbility {
        trigger: Trigger::SuspendedUpkeep,
        optional: false,
        targets: Vec::new(),
        effects: vec![Effect::RemoveCounters {
            what: ObjectRef::This,
            kind: CounterKind::Time,
            amount: Amount::Fixed(1),
        }],
        condition: None,
        modes: Vec::new(),
        chooser: None,
    }));
    out.abilities.push(Ability::Triggered(TriggeredAbility {
        trigger: Trigger::SuspendedLastTimeCounter,
        optional: false,
        targets: Vec::new(),
        effects: vec![Effect::PlaySuspended],
        condition: None,
        modes: Vec::new(),
        chooser: None,
    }));
    Ok(())
}

/// "Kicker {2}{G}", "Kicker {R} and/or {W}", "Kicker—Sacrifice a land.",
/// "Buyback {3}", "Buyback—Sacrifice a land.", "Entwine {2}{R}",
/// "Entwine—Sacrifice three lands.", "Replicate {1}{U}", "Splice onto
/// Arcane {1}{R}", "Splice onto Arcane—Sacrifice two Mountains.": optional
/// additional costs announced as the spell is played (502.21a, 502.16a,
/// 502.32a, 502.52a, 502.40a).
pub(super) fn play_cost_keyword(p: &mut P, spell: &mut Cx) -> R<()> {
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    // 502.40a: "Splice onto [subtype]" (only Arcane is printed).
    let splice = if p.at("splice") && p.peek_at(1) == "onto" {
        p.bump();
        p.bump();
        let onto = crate::Subtype::lookup(p.raw()).ok_or_else(|| no_rule(p))?;
        p.bump();
        Some(onto)
    } else {
        None
    };
    if let Some(onto) = splice {
        let cost = play_costs(p)?;
        if spell.splice.is_some() || cost.len() != 1 {
            return Err(no_rule(p));
        }
        spell.splice = cost
            .into_iter()
            .next()
            .map(|cost| crate::Splice { onto, cost });
        return Ok(());
    }
    let buyback = p.eat("buyback");
    let flashback = !buyback && p.eat("flashback");
    let entwine = !buyback && !flashback && p.eat("entwine");
    let replicate = !buyback && !flashback && !entwine && p.eat("replicate");
    if !buyback && !flashback && !entwine && !replicate && !p.eat("kicker") {
        return Err(no_rule(p));
    }
    let mut costs = play_costs(p)?;
    if replicate {
        // 502.52a: paid any number of times; 502.52b (several instances,
        // each paid and copying separately) is not needed by any card.
        if spell.replicate.is_some() || costs.len() != 1 || !costs[0].is_mana_only() {
            return Err("a replicate cost that isn't only mana".to_string());
        }
        spell.replicate = costs.pop();
    } else if entwine {
        if spell.entwine.is_some() || costs.len() != 1 {
            return Err(no_rule(p));
        }
        spell.entwine = costs.pop();
    } else if flashback {
        if spell.flashback.is_some() || costs.len() != 1 {
            return Err(no_rule(p));
        }
        spell.flashback = costs.pop();
    } else if buyback {
        if spell.buyback.is_some() || costs.len() != 1 {
            return Err(no_rule(p));
        }
        spell.buyback = costs.pop();
    } else {
        if !spell.kicker.is_empty() {
            return Err(no_rule(p));
        }
        spell.kicker = costs;
    }
    Ok(())
}

/// The cost or costs after a keyword of playing a spell: "—[cost]." or
/// mana symbols ("{R} and/or {W}"); only the costs the engine pays for a
/// spell: mana, sacrificing, discarding, tapping untapped permanents,
/// paying life ({X} in such a cost needs its own announcement).
fn play_costs(p: &mut P) -> R<Vec<Cost>> {
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    let mut costs = Vec::new();
    if p.eat("—") {
        costs.push(cost_until(p, false)?);
    } else {
        loop {
            let mut mana = String::new();
            while p.peek().starts_with('{') {
                mana.push_str(p.raw());
                p.bump();
            }
            if mana.is_empty() {
                return Err(no_rule(p));
            }
            costs.push(Cost {
                mana: ManaCost::parse(&mana).map_err(|e| e.to_string())?,
                ..Cost::default()
            });
            if !p.eat("and/or") {
                break;
            }
        }
        if !(p.eat_end() && p.at_end()) {
            return Err(no_rule(p));
        }
    }
    // Only costs the engine pays for a spell: mana, sacrificing, discarding,
    // paying life ({X} in a kicker needs its own announcement).
    if costs.iter().any(|c| {
        c.mana.x > 0
            || c.tap
            || c.untap
            || c.sacrifice_self
            || c.remove_self
            || c.return_self
            || c.remove_counters.is_some()
            || c.put_counters.is_some()
            || c.has_x()
    }) {
        return Err("an unsupported cost of playing a spell".to_string());
    }
    Ok(costs)
}

/// After "if": "this spell was kicked", "it was kicked", "CARDNAME wasn't
/// kicked", each optionally "with its first/second kicker" (502.21d, as
/// rewritten by `kicker_names`).
pub(super) fn kicked_condition(p: &mut P) -> Option<Condition> {
    if !(p.eat_all("this spell") || p.eat("it") || p.eat("cardname")) {
        return None;
    }
    let paid = if p.eat_all("was kicked") {
        true
    } else if p.eat_all("wasn't kicked") {
        false
    } else {
        return None;
    };
    let which = if p.eat_all("with its first kicker") {
        Some(0)
    } else if p.eat_all("with its second kicker") {
        Some(1)
    } else {
        None
    };
    Some(Condition::Kicked { which, paid })
}

/// "If [condition], [instructions]." runs them only if the condition holds
/// as the effect is reached during resolution; "… [instructions] instead."
/// (or "instead [instructions]") replaces the previous sentence's
/// instructions with them. The condition is 502.21b's "if this spell was
/// kicked" or one judged on resolution (threshold, 502.23: "If seven or
/// more cards are in your graveyard, instead …"; hellbent). Text that would
/// add targets only in one branch (409.1d) is not supported.
pub(super) fn if_instead(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat("if").then_some(())?;
    let condition = match attempt(p, cx, |p, _| kicked_condition(p)) {
        Some(Condition::Kicked { which, paid: true }) => Condition::Kicked { which, paid: true },
        Some(_) => return None,
        None => super::amounts::condition(p, cx)?,
    };
    p.eat(",").then_some(())?;
    let start = p.i;
    let mut end = start;
    while end < p.t.len() && p.t[end].low != "." {
        end += 1;
    }
    let mut toks: Vec<Tok> = p.t[start..end].to_vec();
    let mut instead = false;
    if toks.last().is_some_and(|t| t.low == "instead") && !exile_instead(&toks) {
        toks.pop();
        instead = true;
    } else if toks.first().is_some_and(|t| t.low == "instead") {
        toks.remove(0);
        instead = true;
    }
    // "If that land was nonbasic, …" (Molten Rain) is a branch too.
    if !instead
        && !matches!(
            condition,
            Condition::Kicked { .. } | Condition::WasSupertype { .. } | Condition::ManaSpent(_)
        )
    {
        // Without "instead" only the kicker's reading is kept here; other
        // conditions keep their own readings (`spell::sentence`).
        return None;
    }
    branch(p, cx, condition, &toks, instead, end)
}

/// "[instructions] instead if [condition]." (threshold, 502.23: "Thermal
/// Blast deals 5 damage instead if seven or more cards are in your
/// graveyard"; hellbent): the instructions replace the previous sentence's
/// when the condition holds as the effect is reached during resolution.
pub(super) fn instead_if(p: &mut P, cx: &mut Cx) -> Option<()> {
    let start = p.i;
    let mut end = start;
    while end < p.t.len() && p.t[end].low != "." {
        end += 1;
    }
    let at = (start..end)
        .find(|&i| p.t[i].low == "instead" && p.t.get(i + 1).is_some_and(|t| t.low == "if"))?;
    let toks: Vec<Tok> = p.t[start..at].to_vec();
    let mut q = P::new(&p.t[at + 2..=end.min(p.t.len() - 1)]);
    let condition = super::amounts::condition(&mut q, cx)?;
    (q.eat_end() && q.at_end()).then_some(())?;
    branch(p, cx, condition, &toks, true, end)
}

/// "CARDNAME deals N damage" replacing a previous sentence that was only
/// "CARDNAME deals M damage to [recipient]": N damage to that recipient.
fn same_recipient_damage(cx: &Cx, toks: &[Tok], instead: bool) -> Option<Effect> {
    // "… deals 4 damage to it instead" (Lightning Dart): the same.
    let toks = match toks {
        [rest @ .., to, it] if to.low == "to" && it.low == "it" => rest,
        t => t,
    };
    let [a, b, n, d] = toks else {
        return None;
    };
    (instead && a.low == "cardname" && b.low == "deals" && d.low == "damage").then_some(())?;
    let n: i32 = n.low.parse().ok()?;
    match cx.effects.get(cx.prev_sentence..)? {
        [Effect::DealDamage { to, .. }] => Some(Effect::DealDamage {
            amount: Amount::Fixed(n),
            to: to.clone(),
        }),
        _ => None,
    }
}

/// Do `toks` end "… , exile it instead" ("and if it would die this turn,
/// exile it instead", Scorching Lava)? That is a replacement of its own
/// (419.1a), not of the previous sentence.
fn exile_instead(toks: &[Tok]) -> bool {
    toks.len() > 4
        && toks[toks.len() - 4..]
            .iter()
            .map(|t| t.low.as_str())
            .eq([",", "exile", "it", "instead"])
}

/// The instructions `toks` run under `condition` (`Effect::IfElse`),
/// replacing the previous sentence's if `instead`; `end` is where the
/// sentence's period is.
fn branch(
    p: &mut P,
    cx: &mut Cx,
    condition: Condition,
    toks: &[Tok],
    instead: bool,
    end: usize,
) -> Option<()> {
    if toks.is_empty() || (toks.iter().any(|t| t.low == "instead") && !exile_instead(toks)) {
        return None;
    }
    let mut sub = cx.clone();
    sub.effects.clear();
    if let Some(e) = same_recipient_damage(cx, toks, instead) {
        // "… instead" without a recipient: "[CARDNAME] deals 5 damage
        // instead" (Thermal Blast) to what the replaced damage was dealt to.
        sub.effects.push(e);
    } else {
        let mut q = P::new(toks);
        while !q.at_end() {
            sentence(&mut q, &mut sub)?;
        }
    }
    if sub.targets.len() != cx.targets.len() || sub.effects.is_empty() {
        return None;
    }
    // One branch at a time: `Resolving::branch` keeps the one taken.
    if sub
        .effects
        .iter()
        .any(|e| matches!(e, Effect::IfElse { .. }))
    {
        return None;
    }
    p.i = end;
    p.far = p.far.max(end);
    p.eat(".");
    let otherwise = if instead {
        if cx.prev_sentence >= cx.effects.len() {
            return None;
        }
        cx.effects.split_off(cx.prev_sentence)
    } else {
        Vec::new()
    };
    if otherwise.iter().any(|e| matches!(e, Effect::IfElse { .. })) {
        return None;
    }
    let then = std::mem::take(&mut sub.effects);
    cx.last_obj = sub.last_obj;
    cx.last_player = sub.last_player;
    cx.effects.push(Effect::IfElse {
        condition,
        then,
        otherwise,
    });
    Some(())
}

/// 502.21b, 419.1b: "If CARDNAME was kicked [with its first kicker], it
/// comes into play with N +1/+1 counters on it [and with KEYWORD / and with
/// \"ABILITY\"]."
pub(super) fn kicked_enters_with(p: &mut P, out: &mut Compiled) -> R<()> {
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    let mut cx = Cx::default();
    let parsed = attempt(p, &mut cx, |p, _| {
        p.eat("if").then_some(())?;
        let Condition::Kicked { which, paid: true } = kicked_condition(p)? else {
            return None;
        };
        p.eat_all(", it comes into play with").then_some(())?;
        let n = if p.eat_any(&["a", "an"]).is_some() {
            1
        } else {
            let n = number_word(p.peek())?;
            p.bump();
            n
        };
        p.eat("+1/+1").then_some(())?;
        p.eat_any(&["counter", "counters"])?;
        p.eat_all("on it").then_some(())?;
        let (mut keywords, mut grant) = (KeywordSet::EMPTY, None);
        if p.eat_all("and with") {
            // "… and with \"Pay 3 life: Regenerate CARDNAME.\"" (Anavolver):
            // an ability in quotes, its own (CARDNAME is the permanent).
            if p.at("\"") {
                grant = Some(p.quoted_ability()?);
            } else {
                keywords = keyword_list(p)?;
            }
        }
        (p.eat_end() && p.at_end()).then_some(StaticAbility::KickedComesIntoPlayWith {
            which,
            counters: u8::try_from(n).ok()?,
            keywords,
            grant,
        })
    });
    match parsed {
        Some(s) => {
            out.abilities.push(Ability::Static(s));
            Ok(())
        }
        None => Err(no_rule(p)),
    }
}

/// "a", "an", "two", … before a noun in a cost.
fn count(p: &mut P) -> Option<u8> {
    if p.eat_any(&["a", "an"]).is_some() {
        return Some(1);
    }
    let n = number_word(p.peek()).filter(|n| (1..=9).contains(n))?;
    p.bump();
    Some(n as u8)
}

/// 409.1b: "[If you control a Plains,] you may [cost] rather than pay this
/// spell's mana cost." The cost's parts, joined by "and": "pay {W}{U}{B}{R}{G}",
/// "pay N life", "sacrifice two Mountains", "tap an untapped creature you
/// control", "exile a red card from your hand" (2007: "remove … in your
/// hand from the game"), "discard a Plains card".
pub(super) fn alternative_cost(p: &mut P, spell: &mut Cx) -> R<()> {
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    let mut alt = crate::AlternativeCost::default();
    // "If an opponent controls a Swamp and you control a Plains, you may
    // play this spell without paying its mana cost." (Massacre, the
    // Legates): the alternative cost is nothing at all.
    // "a Swamp" then `then` ("and you control", ","), controlled by `by`.
    let one_permanent = |p: &mut P, by: crate::ControllerFilter, then: &str| {
        let n = count(p).ok_or_else(|| no_rule(p))?;
        let (mut f, noun) = filter(p).ok_or_else(|| no_rule(p))?;
        if n != 1 || noun != Noun::Permanent || !p.eat_all(then) {
            return Err(no_rule(p));
        }
        f.controller = by;
        Ok(f)
    };
    if p.eat_all("if an opponent controls") {
        alt.if_opponent_controls = Some(one_permanent(
            p,
            crate::ControllerFilter::Opponent,
            "and you control",
        )?);
        alt.if_you_control = Some(one_permanent(p, crate::ControllerFilter::You, ",")?);
        if !(p.eat_all("you may play this spell without paying its mana cost")
            && p.eat_end()
            && p.at_end())
            || spell.alternative.is_some()
        {
            return Err(no_rule(p));
        }
        spell.alternative = Some(alt);
        return Ok(());
    }
    if p.eat_all("if you control") {
        alt.if_you_control = Some(one_permanent(p, crate::ControllerFilter::You, ",")?);
    }
    // Oracle's order: "rather than pay this spell's mana cost, you may …"
    let rather_first = p.eat_all("rather than pay this spell's mana cost ,");
    if !p.eat_all("you may") {
        return Err(no_rule(p));
    }
    let c = &mut alt.cost;
    loop {
        if p.eat("have") {
            // "have an opponent gain 3 life" (Invigorate), "have each
            // other player gain 6 life" (Reverent Silence).
            let each = if p.eat_all("an opponent gain") {
                false
            } else if p.eat_all("each other player gain") {
                true
            } else {
                return Err(no_rule(p));
            };
            let n = match amount(p) {
                Some(Amount::Fixed(n)) if n > 0 && p.eat("life") => n as u32,
                _ => return Err(no_rule(p)),
            };
            if each {
                c.others_gain_life = n;
            } else {
                c.opponent_gains_life = n;
            }
        } else if p.eat("pay") {
            if p.peek().starts_with('{') {
                let mut mana = String::new();
                while p.peek().starts_with('{') {
                    mana.push_str(p.raw());
                    p.bump();
                }
                c.mana = ManaCost::parse(&mana).map_err(|e| e.to_string())?;
                if c.mana.x > 0 {
                    return Err(no_rule(p));
                }
            } else {
                let n = number_word(p.peek())
                    .or_else(|| p.peek().parse().ok())
                    .ok_or_else(|| no_rule(p))?;
                p.bump();
                if !p.eat("life") {
                    return Err(no_rule(p));
                }
                c.pay_life = n as u32;
            }
        } else if p.eat("sacrifice") {
            let n = count(p).ok_or_else(|| no_rule(p))?;
            let (mut f, noun) = filter(p).ok_or_else(|| no_rule(p))?;
            if noun != Noun::Permanent {
                return Err(no_rule(p));
            }
            f.controller = crate::ControllerFilter::You;
            c.sacrifice = Some(f);
            c.sacrifice_count = n;
        } else if p.eat("tap") {
            let n = count(p).ok_or_else(|| no_rule(p))?;
            if !p.eat("untapped") {
                return Err(no_rule(p));
            }
            let (mut f, noun) = filter(p).ok_or_else(|| no_rule(p))?;
            if noun != Noun::Permanent {
                return Err(no_rule(p));
            }
            p.eat_all("you control");
            f.controller = crate::ControllerFilter::You;
            c.tap_untapped = Some((f, n));
        } else if p.eat("exile") {
            let n = count(p).ok_or_else(|| no_rule(p))?;
            exile_cards(p, c, n).ok_or_else(|| no_rule(p))?;
        } else if p.eat("discard") {
            let n = count(p).ok_or_else(|| no_rule(p))?;
            let (f, noun) = filter(p).ok_or_else(|| no_rule(p))?;
            if noun != Noun::Card {
                return Err(no_rule(p));
            }
            c.discard = n;
            c.discard_filter = Some(f);
        } else if p.eat("return") {
            // "return two Islands you control to their owner's hand" (Gush).
            let n = count(p).ok_or_else(|| no_rule(p))?;
            let (mut f, noun) = filter(p).ok_or_else(|| no_rule(p))?;
            if noun != Noun::Permanent
                || !(p.eat_all("you control to") || p.eat("to"))
                || p.eat_any(&["its", "their"]).is_none()
                || !p.eat_all("owner's hand")
            {
                return Err(no_rule(p));
            }
            f.controller = crate::ControllerFilter::You;
            c.return_to_hand = Some((f, n));
        } else {
            return Err(no_rule(p));
        }
        if !p.eat("and") {
            break;
        }
    }
    if !((rather_first || p.eat_all("rather than pay this spell's mana cost"))
        && p.eat_end()
        && p.at_end())
        || spell.alternative.is_some()
    {
        return Err(no_rule(p));
    }
    spell.alternative = Some(alt);
    Ok(())
}

/// "{1}{R}, {T}, Sacrifice CARDNAME" up to the colon.
pub(super) fn cost(p: &mut P) -> R<Cost> {
    cost_until(p, true)
}

/// How many permanents a cost names: "a"/"an" (one) or "two" to "nine"
/// ("Tap two untapped Clerics you control", "Return a land you control").
fn cost_count(p: &mut P) -> Option<u8> {
    if p.eat_any(&["a", "an"]).is_some() {
        return Some(1);
    }
    let n = number_word(p.peek()).filter(|n| (2..=9).contains(n))?;
    p.bump();
    Some(n as u8)
}

/// After "Exile [N]": "[filter] card(s) from your hand / graveyard" (2007:
/// "Remove … in your hand / graveyard from the game"), the cards chosen
/// as the cost is paid (409.1h).
fn exile_cards(p: &mut P, c: &mut Cost, n: u8) -> Option<()> {
    let (f, noun) = filter(p)?;
    (noun == Noun::Card).then_some(())?;
    // "Exile two cards from your graveyard" (Grim Lavamancer).
    c.exile_from_graveyard = p.eat_all("from your graveyard");
    (c.exile_from_graveyard || p.eat_all("from your hand")).then_some(())?;
    c.exile_cards = Some((f, n));
    Some(())
}

/// A cost ending at ":" (`colon`, an activated ability's) or at the end of
/// the sentence (an additional or kicker cost).
pub(super) fn cost_until(p: &mut P, colon: bool) -> R<Cost> {
    let mut c = Cost::default();
    let mut mana = String::new();
    let err = |p: &P| format!("unknown cost at {:?}", p.rest());
    loop {
        let w = p.peek();
        if w == "{t}" {
            p.bump();
            c.tap = true;
        } else if w == "{q}" {
            p.bump();
            c.untap = true;
        } else if w.starts_with('{') {
            while p.peek().starts_with('{') && p.peek() != "{t}" && p.peek() != "{q}" {
                mana.push_str(p.raw());
                p.bump();
            }
        } else if colon && (p.at_all("tap enchanted creature") || p.at_all("tap enchanted land")) {
            // "Tap enchanted creature:" (Krovikan Plague).
            p.bump();
            p.bump();
            p.bump();
            c.tap_attached = true;
        } else if colon && p.at_all("exile the top") {
            // "Exile the top [N] card(s) of your library / graveyard" (an
            // activated ability's cost, paid in `playing/play.rs`).
            p.eat_all("exile the top");
            let n = if p.at("card") {
                1
            } else {
                number_word(p.peek())
                    .filter(|&n| (1..=20).contains(&n))
                    .map(|n| {
                        p.bump();
                        n as u8
                    })
                    .ok_or_else(|| err(p))?
            };
            if p.eat_any(&["card", "cards"]).is_none() || !p.eat_all("of your") {
                return Err(err(p));
            }
            if p.eat("library") {
                c.remove_top_of_library = n;
            } else if p.eat("graveyard") {
                c.remove_top_of_graveyard = n;
            } else {
                return Err(err(p));
            }
        } else if colon
            && p.at("exile")
            && (matches!(p.peek_at(1), "a" | "an") || number_word(p.peek_at(1)).is_some())
            && c.exile_cards.is_none()
        {
            // "Exile two cards from your graveyard" (Grim Lavamancer),
            // "Exile a card from your hand" (Holistic Wisdom).
            p.bump();
            let n = cost_count(p).ok_or_else(|| err(p))?;
            exile_cards(p, &mut c, n).ok_or_else(|| err(p))?;
        } else if p.at_all("exile x") && c.exile_cards.is_none() {
            // "As an additional cost to play this spell, exile X creature
            // cards from your graveyard" (Chill Haunting; 409.1b: X
            // announced, the cards chosen as the cost is paid).
            p.eat_all("exile x");
            exile_cards(p, &mut c, 0).ok_or_else(|| err(p))?;
            c.exile_x = true;
        } else if colon
            && c.hand_to_library_top == 0
            && p.eat_all("put a card from your hand on top of your library")
        {
            // Leashling, Penance, Hidden Retreat (409.1h).
            c.hand_to_library_top = 1;
        } else if p.at_all("reveal x") && c.reveal_x.is_none() {
            // "Reveal X red cards from your hand" (Martyr of Ashes).
            p.eat_all("reveal x");
            match filter(p) {
                Some((f, Noun::Card)) if p.eat_all("from your hand") => c.reveal_x = Some(f),
                _ => return Err(err(p)),
            }
        } else if p.at_all("exile cardname") {
            // "Exile CARDNAME" (2007: "Remove CARDNAME from the game").
            p.eat_all("exile cardname");
            c.remove_self = true;
        } else if p.eat("sacrifice") {
            if p.eat("cardname") {
                c.sacrifice_self = true;
            } else if colon && p.eat_all("enchanted creature") {
                c.sacrifice_attached = true;
            } else if let Some(n) = number_word(p.peek()).filter(|&n| (2..=9).contains(&n)) {
                // "Sacrifice two lands" (Bog Down's kicker).
                p.bump();
                let (mut f, noun) = filter(p).ok_or_else(|| err(p))?;
                if noun != Noun::Permanent {
                    return Err(err(p));
                }
                f.controller = ControllerFilter::You;
                c.sacrifice = Some(f);
                c.sacrifice_count = n as u8;
            } else if !colon && p.eat("all") {
                // "Sacrifice all creatures you control" (Soulblast): a
                // spell's cost, paid without a choice (409.1h).
                match filter(p) {
                    Some((f, Noun::Permanent)) if f.controller == ControllerFilter::You => {
                        c.sacrifice_all = Some(f)
                    }
                    _ => return Err(err(p)),
                }
            } else if p.eat_any(&["a", "an", "another"]).is_some() {
                let another = p.t[p.i - 1].low == "another";
                let (mut f, noun) = filter(p).ok_or_else(|| err(p))?;
                if noun != Noun::Permanent {
                    return Err(err(p));
                }
                f.other |= another;
                // One can sacrifice only permanents one controls.
                f.controller = ControllerFilter::You;
                c.sacrifice = Some(f);
            } else {
                return Err(err(p));
            }
        } else if p.eat_all("reveal your hand") {
            // Sasaya, Orochi Ascendant: revealing is the whole cost (409.1h).
            c.reveal_hand = true;
        } else if p.at("tap") && p.peek_at(1) != "enchanted" {
            // "Tap an untapped creature you control", "Tap two untapped
            // Clerics you control" (409.1h: the player chooses them).
            p.bump();
            let n = cost_count(p).ok_or_else(|| err(p))?;
            if !p.eat("untapped") {
                return Err(err(p));
            }
            let (mut f, noun) = filter(p).ok_or_else(|| err(p))?;
            if noun != Noun::Permanent || c.tap_untapped.is_some() {
                return Err(err(p));
            }
            p.eat_all("you control");
            f.controller = ControllerFilter::You;
            c.tap_untapped = Some((f, n));
        } else if colon && p.eat_all("return cardname to its owner's hand") {
            // "Return CARDNAME to its owner's hand" (Broken Fall).
            c.return_self = true;
        } else if p.eat("return") {
            // "Return a land you control to its owner's hand".
            let n = cost_count(p).ok_or_else(|| err(p))?;
            let (mut f, noun) = filter(p).ok_or_else(|| err(p))?;
            if noun != Noun::Permanent
                || !(p.eat_all("you control to") || p.eat("to"))
                || p.eat_any(&["its", "their"]).is_none()
                || !p.eat_all("owner's hand")
                || c.return_to_hand.is_some()
            {
                return Err(err(p));
            }
            f.controller = ControllerFilter::You;
            c.return_to_hand = Some((f, n));
        } else if colon && p.eat_all("put a card exiled with cardname into its owner's graveyard") {
            // 217.7d: one of the cards the linked ability removed (Jester's
            // Scepter).
            c.removed_to_graveyard = true;
        } else if colon && p.eat_all("discard your hand") {
            c.discard_hand = true;
        } else if colon && p.eat_all("discard the last card you drew this turn") {
            // Jandor's Ring (409.1h).
            c.discard_last_drawn = true;
        } else if p.eat_all("discard cardname") {
            // Channel: "Discard CARDNAME" as a cost: the ability can be
            // played only while the card is in its owner's hand.
            c.discard_self = true;
        } else if colon && p.eat_all("unattach grantor") {
            // Inside quotes granted by an Equipment: "Unattach Leonin
            // Bola" names the granting Equipment (`compile::GRANTOR`).
            c.unattach_grantor = true;
        } else if colon && p.at_all("discard another card named") {
            // Grandeur: "Discard another card named CARDNAME" (Baru, Fist
            // of Krosa): a card in the hand with the name of the object
            // with the ability (`ObjectFilter::named` [SELF]).
            p.bump();
            match filter(p) {
                Some((f, Noun::Card)) if f.named.is_some() => {
                    c.discard = 1;
                    c.discard_filter = Some(f);
                }
                _ => return Err(err(p)),
            }
        } else if p.eat("discard") {
            // "Discard X cards" only as a spell's additional cost (409.1b).
            let n = if !colon && p.eat("x") {
                c.discard_x = true;
                Amount::Fixed(0)
            } else {
                amount(p).ok_or_else(|| err(p))?
            };
            if p.eat_any(&["card", "cards"]).is_none() {
                // "Discard a land card" (Seismic Assault).
                match filter(p) {
                    Some((f, Noun::Card)) if f != ObjectFilter::default() => {
                        c.discard_filter = Some(f)
                    }
                    _ => return Err(err(p)),
                }
            }
            match n {
                Amount::Fixed(n) => c.discard = n as u8,
                _ => return Err(err(p)),
            }
            // "Discard a card at random" (Sonic Burst).
            c.discard_random = p.eat_all("at random");
        } else if !colon && p.eat_all("pay x life") {
            c.pay_life_x = true;
        } else if colon && p.eat_all("pay half your life , rounded up") {
            // "Pay half your life, rounded up:" (Lurking Evil).
            c.pay_half_life = true;
        } else if p.eat("pay") {
            match amount(p) {
                Some(Amount::Fixed(n)) if p.eat("life") => c.pay_life = n as u32,
                _ => return Err(err(p)),
            }
        } else if colon && p.at_all("remove any number of") {
            // "Remove any number of charge counters from CARDNAME" (the Mana Batteries).
            p.eat_all("remove any number of");
            let kind = counter_kind(p.bump()).ok_or_else(|| err(p))?;
            if !p.eat_all("counters from cardname") {
                return Err(err(p));
            }
            c.remove_counters_any = Some(kind);
        } else if colon && p.eat("put") {
            // "Put a -0/-1 counter on CARDNAME" (Wall of Roots, 409.1h).
            let n = match amount(p) {
                Some(Amount::Fixed(n)) if n > 0 => n as u8,
                _ => return Err(err(p)),
            };
            let kind = counter_kind(p.bump()).ok_or_else(|| err(p))?;
            if p.eat_any(&["counter", "counters"]).is_none() || !p.eat_all("on cardname") {
                return Err(err(p));
            }
            c.put_counters = Some((kind, n));
        } else if colon && p.at_all("remove all") && c.remove_counters_all.is_none() {
            // "Remove all +1/+1 counters from CARDNAME" (Molten Hydra).
            p.eat_all("remove all");
            let kind = counter_kind(p.bump()).ok_or_else(|| err(p))?;
            if !p.eat_all("counters from cardname") {
                return Err(err(p));
            }
            c.remove_counters_all = Some(kind);
        } else if colon && p.at_all("remove x") {
            // "Remove X ki counters from CARDNAME" (the Bakus, 409.1b).
            p.eat_all("remove x");
            let kind = counter_kind(p.bump()).ok_or_else(|| err(p))?;
            if !p.eat_all("counters from cardname") {
                return Err(err(p));
            }
            c.remove_counters_x = Some(kind);
        } else if p.eat("remove") {
            // "Remove five fuse counters from CARDNAME [and sacrifice it]" (Goblin Bomb).
            let n = match amount(p) {
                Some(Amount::Fixed(n)) if n > 0 => n as u8,
                _ => return Err(err(p)),
            };
            let kind = counter_kind(p.bump()).ok_or_else(|| err(p))?;
            if p.eat_any(&["counter", "counters"]).is_none() || !p.eat_all("from cardname") {
                return Err(err(p));
            }
            c.remove_counters = Some((kind, n));
            if p.eat("and") {
                if !p.eat_all("sacrifice it") {
                    return Err(err(p));
                }
                c.sacrifice_self = true;
            }
        } else {
            return Err(err(p));
        }
        if colon && p.eat(":") {
            break;
        }
        if !colon && p.eat_end() && p.at_end() {
            break;
        }
        if !p.eat(",") {
            return Err(err(p));
        }
    }
    if !mana.is_empty() {
        c.mana = ManaCost::parse(&mana).map_err(|e| e.to_string())?;
    }
    Ok(c)
}

/// "Spend only black mana on X." (Consume Spirit, Crypt Rats): the colour.
pub(super) fn x_color_sentence(p: &mut P) -> Option<crate::Color> {
    let start = p.i;
    if !(p.at_all("spend only") && p.peek_at(3) == "mana" && p.peek_at(4) == "on") {
        return None;
    }
    p.eat_all("spend only");
    let c = crate::Color::from_name(p.bump());
    match c {
        Some(c) if p.eat_all("mana on x") && p.eat_end() => Some(c),
        _ => super::fail_at(p, start),
    }
}
