//! One line of Oracle text: which grammar reads it — a keyword line
//! (502), "Enchant …" (502.45), a triggered ability (404), an activated or
//! mana ability (403, 406), the instructions of an instant or sorcery, or a
//! static ability (405) — and the checks on what it compiled to.

use super::*;
use crate::DelayedEffect;
use crate::{Ability, ControllerFilter, Cost, Effect, StaticAbility, Trigger, TriggeredAbility};

pub(super) fn compile_line(
    toks: &[Tok],
    is_spell: bool,
    out: &mut Compiled,
    spell: &mut Cx,
) -> R<()> {
    let mut granted = Vec::new();
    let r = compile_line_inner(toks, is_spell, out, spell, &mut granted);
    if r.is_ok() {
        out.granted.extend(granted);
    }
    r
}

fn compile_line_inner(
    toks: &[Tok],
    is_spell: bool,
    out: &mut Compiled,
    spell: &mut Cx,
    granted: &mut Vec<Ability>,
) -> R<()> {
    let base = out.granted.len();
    let mut p = P::new(toks);
    if p.at_all("forecast —") {
        return forecast(toks).map(|a| out.abilities.push(a));
    }
    p.grant_base = base;
    // 502.51a: "Haunt" on a permanent means "When this permanent is put
    // into a graveyard from play, remove it from the game haunting target
    // creature"; on an instant or sorcery, "When this spell is put into a
    // graveyard during its resolution, …".
    if p.at("haunt") && p.t.len() == 1 {
        out.abilities.push(Ability::Triggered(TriggeredAbility {
            trigger: if is_spell {
                Trigger::ResolvedIntoGraveyard
            } else {
                Trigger::PutIntoGraveyardFromPlay(crate::ObjectFilter::this())
            },
            optional: false,
            targets: vec![crate::TargetSpec::one(crate::TargetKind::Permanent(
                crate::ObjectFilter::creature(),
            ))],
            effects: vec![Effect::Haunt],
            condition: None,
            modes: Vec::new(),
            chooser: None,
        }));
        return Ok(());
    }
    if let Some(kws) = keyword_line(&mut p) {
        out.abilities.extend(kws);
        granted.append(&mut p.granted);
        return Ok(());
    }
    p = P::new(toks);
    p.grant_base = base;
    if p.eat("enchant") {
        let (f, noun) =
            filter(&mut p).ok_or_else(|| format!("unknown enchant quality at {:?}", p.rest()))?;
        if noun != Noun::Permanent || !p.eat_end() || !p.at_end() {
            return Err(format!("unknown enchant quality at {:?}", p.rest()));
        }
        out.abilities.push(Ability::Enchant(f));
        granted.append(&mut p.granted);
        return Ok(());
    }
    // 404.4: a spell's "At the beginning of your next upkeep, pay {2}{B}.
    // If you don't, you lose the game." (the Pacts): a delayed triggered
    // ability, not a triggered ability of the card.
    if is_spell && p.eat_all("at the beginning of your next upkeep ,") {
        let mut cx = Cx::default();
        if p.eat("pay") {
            let cost = upkeep::pay_cost(&mut p)
                .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
            if !p.eat_all(". if you don't ,") {
                return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
            }
            let effects = clauses(&mut p, &mut cx)
                .filter(|_| p.eat_end() && p.at_end())
                .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
            cx.effects = vec![Effect::UnlessPays {
                cost: Box::new(cost),
                per_counter: None,
                effects,
                sacrifice_count: 0,
                if_paid: Vec::new(),
                payer: crate::PlayerRef::You,
                actions: Vec::new(),
            }];
        }
        while !p.at_end() {
            sentence(&mut p, &mut cx)
                .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        }
        if !cx.targets.is_empty() || cx.effects.is_empty() {
            return Err("a delayed triggered ability with targets".into());
        }
        spell
            .effects
            .push(Effect::Delayed(DelayedEffect::AtNextUpkeep {
                effects: cx.effects,
                yours: true,
            }));
        return Ok(());
    }
    // 404.4: a spell's "At the beginning of the next end step, …" (Siren's
    // Call) is a delayed triggered ability its instructions create, read
    // with the spell's other sentences below.
    let delayed = is_spell && p.at_all("at the beginning of the next end step ,");
    if matches!(p.peek(), "when" | "whenever" | "at") && !delayed {
        let abilities = triggered(&mut p)?;
        out.abilities
            .extend(abilities.into_iter().map(Ability::Triggered));
        granted.append(&mut p.granted);
        return Ok(());
    }
    let colon = toks.iter().position(|t| t.low == ":");
    let stop = toks.iter().position(|t| t.low == "." || t.low == "\"");
    // "{3}, {T} or {R}, {T}: …" (the Mirrodin Shards): either cost may be
    // paid (the ruling); compiled as two abilities with the same
    // instructions, one for each cost (ARCHITECTURE.md).
    if let Some(c) = colon.filter(|&c| !is_spell && (stop.is_none() || Some(c) < stop)) {
        let ors: Vec<usize> = (0..c).filter(|&i| toks[i].low == "or").collect();
        if let [o] = ors[..] {
            if o > 0
                && toks[o - 1].low == "{t}"
                && toks[c - 1].low == "{t}"
                && toks[0].low.starts_with('{')
                && toks[o + 1].low.starts_with('{')
            {
                let first: Vec<Tok> = toks[..o].iter().chain(&toks[c..]).cloned().collect();
                for t in [first, toks[o + 1..].to_vec()] {
                    let mut q = P::new(&t);
                    q.grant_base = base;
                    out.abilities.push(activated(&mut q)?);
                    granted.append(&mut q.granted);
                }
                return Ok(());
            }
        }
    }
    if colon.is_some() && (stop.is_none() || colon < stop) {
        out.abilities.push(activated(&mut p)?);
        granted.append(&mut p.granted);
        return Ok(());
    }
    if is_spell && p.at_all("this spell can't be countered") {
        let statics = static_line(&mut p)
            .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        out.abilities
            .extend(statics.into_iter().map(Ability::Static));
        granted.append(&mut p.granted);
        return Ok(());
    }
    // 502.21a / 502.16a: "Kicker [cost]", "Kicker [A] and/or [B]",
    // "Buyback [cost]", 502.52a "Replicate [cost]" (also "Kicker—Sacrifice
    // a land."), 502.40a "Splice onto Arcane [cost]".
    if p.at("kicker")
        || (is_spell
            && (p.at("buyback") || p.at("flashback") || p.at("replicate") || p.at("splice")))
    {
        return play_cost_keyword(&mut p, spell);
    }
    // 409.1f: "As an additional cost to play this spell, [cost]." (Waste
    // Away's discard, Carrion's sacrifice, Bone Splinters, …)
    if is_spell
        && (p.eat_all("as an additional cost to play this spell ,")
            || p.eat_all("as an additional cost to cast this spell ,"))
    {
        let c = cost_until(&mut p, false)?;
        if !c.mana.is_zero()
            || c.tap
            || c.untap
            || c.sacrifice_self
            || c.remove_self
            || c.return_self
            || c.remove_counters.is_some()
            || c.put_counters.is_some()
            || spell.additional_cost.is_some()
        {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.additional_cost = Some(c);
        return Ok(());
    }
    // 502.46a: "Convoke".
    if p.at("convoke") && toks.len() <= 2 {
        p.bump();
        if !(p.eat_end() && p.at_end()) || spell.convoke {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.convoke = true;
        return Ok(());
    }
    // "You may play CARDNAME as though it had flash. If you play it any
    // time a sorcery couldn't have been played, the controller of the
    // permanent it becomes sacrifices it at the beginning of the next
    // cleanup step." (Armor of Thorns, Parapet; 314.3).
    if p.eat_all(
        "you may play cardname as though it had flash . if you play it any time a sorcery couldn't have been play , the controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step .",
    ) {
        if !p.at_end() || spell.as_though_flash {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.as_though_flash = true;
        out.abilities
            .push(Ability::Static(StaticAbility::FlashSacrificed));
        return Ok(());
    }
    // "You may play CARDNAME as though it had flash if you pay {2} more to
    // play it." (Rout, Ghitu Fire; 409.1f): instant speed for this card,
    // its total cost {N} more when its own permission is what lets it be
    // played now (`StaticAbility::FlashForMore`).
    if p.at_all("you may play cardname as though it had flash if you pay") {
        p.eat_all("you may play cardname as though it had flash if you pay");
        let n = super::statics_clauses::generic_mana(&mut p)
            .and_then(|n| u8::try_from(n).ok())
            .filter(|&n| n > 0);
        if n.is_none() || !p.eat_all("more to play it .") || !p.at_end() || spell.as_though_flash {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.as_though_flash = true;
        out.abilities
            .push(Ability::Static(StaticAbility::FlashForMore(n.unwrap_or(0))));
        return Ok(());
    }
    // 502.64a: "Delve".
    if p.at("delve") && toks.len() <= 2 {
        p.bump();
        if !(p.eat_end() && p.at_end()) || spell.delve {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.delve = true;
        return Ok(());
    }
    // 502.24a: "Madness [cost]" (a mana cost).
    if p.at("madness") && p.peek_at(1).starts_with('{') {
        p.bump();
        let mana = mana_symbols(&mut p)
            .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        if !(p.eat_end() && p.at_end()) || spell.madness.is_some() || mana.x > 0 {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.madness = Some(Cost {
            mana,
            ..Default::default()
        });
        out.abilities.push(Ability::Triggered(TriggeredAbility {
            trigger: Trigger::MadnessRemoved,
            optional: false,
            targets: Vec::new(),
            effects: vec![Effect::PlayMadness],
            condition: None,
            modes: Vec::new(),
            chooser: None,
        }));
        return Ok(());
    }
    // 502.59a: "Suspend N—[cost]".
    if p.at("suspend") && p.peek_at(2) == "—" {
        return costs::suspend(&mut p, spell, out);
    }
    // 502.31a: "Affinity for artifacts".
    if p.eat_all("affinity for") {
        let f = match filter(&mut p) {
            Some((mut f, Noun::Permanent)) => {
                f.controller = ControllerFilter::You;
                f
            }
            _ => return Err(format!("no rule of the grammar matches at {:?}", p.rest())),
        };
        if !(p.eat_end() && p.at_end()) {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        out.abilities
            .push(Ability::Static(StaticAbility::AffinityFor(f)));
        return Ok(());
    }
    // 409.1b: "[If you control a Plains,] you may [cost] rather than pay
    // this spell's mana cost."
    if toks.iter().any(|t| t.low == "rather") && (p.at("if") || p.at_all("you may"))
        || p.at_all("if an opponent controls")
            && toks
                .windows(3)
                .any(|w| w[0].low == "without" && w[1].low == "paying" && w[2].low == "its")
    {
        return alternative_cost(&mut p, spell);
    }
    // 502.21b: "If CARDNAME was kicked, it comes into play with N +1/+1
    // counters on it [and with KEYWORD]."
    if !is_spell && p.at_all("if cardname was kicked") {
        kicked_enters_with(&mut p, out)?;
        granted.append(&mut p.granted);
        return Ok(());
    }
    // "Spend only black mana on X." (Consume Spirit)
    if is_spell && p.at_all("spend only") && p.peek_at(3) == "mana" && p.peek_at(4) == "on" {
        let c = costs::x_color_sentence(&mut p)
            .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        if !p.at_end() || spell.x_color.is_some() {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.x_color = Some(c);
        granted.append(&mut p.granted);
        return Ok(());
    }
    // 409.1f: "This spell costs {1} more to play for each target beyond
    // the first." (Fireball; 402.8c: it functions on the stack.)
    if is_spell && p.eat_all("this spell costs") {
        let generic = super::statics_clauses::generic_mana(&mut p)
            .filter(|_| p.eat_all("more to play for each target beyond the first"))
            .filter(|_| p.eat_end() && p.at_end())
            .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        out.abilities.push(Ability::Static(
            StaticAbility::CostsMorePerTargetBeyondFirst { generic },
        ));
        return Ok(());
    }
    // A condition on playing the spell (Blizzard, Tidal Influence), on any
    // card: a permanent spell is a spell too.
    if p.at_all("play this spell only if") || p.at_all("cast this spell only if") {
        p.i += 5;
        let c = super::amounts::condition(&mut p, &mut Cx::default());
        return match c {
            Some(c) if p.eat_end() && p.at_end() && spell.only_if.is_none() => {
                spell.only_if = Some(c);
                Ok(())
            }
            _ => Err(format!("no rule of the grammar matches at {:?}", p.rest())),
        };
    }
    // A timing restriction on playing the spell (Chaotic Strike, Ambush).
    if is_spell && (p.at_all("play this spell only") || p.at_all("cast this spell only")) {
        let t = timing_sentence(&mut p, "play this spell only")
            .or_else(|| timing_sentence(&mut p, "cast this spell only"));
        return match t {
            Some(t) if p.eat_end() && p.at_end() && spell.timing.is_none() => {
                spell.timing = Some(t);
                Ok(())
            }
            _ => Err(format!("no rule of the grammar matches at {:?}", p.rest())),
        };
    }
    if is_spell {
        spell.is_spell = true;
        while !p.at_end() {
            let start = spell.effects.len();
            sentence(&mut p, spell)
                .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
            // "… instead" replaces the last sentence with instructions (not
            // "They can't be regenerated.", which only amends them).
            if spell.effects.len() > start {
                spell.prev_sentence = start;
            }
        }
        granted.append(&mut p.granted);
        return Ok(());
    }
    let statics = static_line(&mut p)
        .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
    out.abilities
        .extend(statics.into_iter().map(Ability::Static));
    granted.append(&mut p.granted);
    Ok(())
}
