//! Who pays or chooses before a sentence's instructions happen (413.2c:
//! choices made as the spell or ability resolves): "You may pay [cost]. If
//! you do, …", "Unless any player pays {2}, …", "Choose target opponent
//! who controls more …", and the punishers' "any player may have CARDNAME
//! deal N damage to them".

use super::*;
use crate::DelayedEffect;
use crate::{
    Amount, Effect, ObjectFilter, ObjectRef, PlayerFilter, PlayerRef, Recipient, TargetKind,
};

/// "You may pay [cost]. If you do, [effects]. [If you don't, [effects].]"
/// and "You may sacrifice a creature. If you do, …": the cost is offered
/// as the ability resolves (`Effect::UnlessPays` with `if_paid`); the
/// player may pay it (all of it, with mana abilities first) or decline.
pub(super) fn may_pay(p: &mut P, cx: &mut Cx) -> Option<()> {
    // "You may discard a card. If you don't, sacrifice CARDNAME and draw a
    // card." (Lim-Dûl's Paladin): the instructions happen unless a card is
    // discarded, as "… unless you discard a card" (Razormane Masticore).
    if p.eat_all("you may discard a card . if you don't ,") {
        let start = cx.effects.len();
        sentence(p, cx)?;
        let effects: Vec<Effect> = cx.effects.drain(start..).collect();
        let plain = effects.iter().all(|e| {
            matches!(
                e,
                Effect::Sacrifice { .. }
                    | Effect::SacrificeThese { .. }
                    | Effect::DrawCards { .. }
                    | Effect::LoseLife { .. }
                    | Effect::DealDamage { .. }
            )
        });
        (plain && !effects.is_empty()).then_some(())?;
        cx.effects.push(Effect::UnlessDiscard {
            filter: ObjectFilter::default(),
            effects,
            at_random: false,
            count: 1,
            per_counter: None,
        });
        return Some(());
    }
    // "That player may pay {4}. If the player does, untap the creature."
    // (Paralyze): the player an upkeep trigger names decides and pays.
    let (payer, did) = if p.eat_all("you may") {
        (crate::PlayerRef::You, "if you do ,")
    } else if p.at_all("that player may pay") {
        let who = cx
            .last_player
            .clone()
            .or_else(|| cx.trig_player.then_some(PlayerRef::Triggering))?;
        p.eat_all("that player may");
        (who, "if the player does ,")
    } else if p.at_all("any player may sacrifice") || p.at_all("any player may pay") {
        // "any player may sacrifice a land. If a player does, put CARDNAME
        // on top of its owner's library." (Argothian Wurm): each player in
        // turn order from the active player may, until one does (413.2c);
        // "any player may pay 5 life. If a player does, counter CARDNAME."
        // (Dash Hopes).
        p.eat_all("any player may");
        (crate::PlayerRef::EachPlayer, "if a player does ,")
    } else {
        return None;
    };
    if !matches!(payer, crate::PlayerRef::You | crate::PlayerRef::EachPlayer) && !p.at("pay") {
        return None;
    }
    let (cost, sacrifice_count) =
        if payer == crate::PlayerRef::You && p.at_all("pay {x} .") && cx.trig_kind_cycled {
            // "When you cycle CARDNAME, you may pay {X}. If you do, …"
            // (Decree of Justice): X is chosen as the cost is offered, and the
            // instructions after it read that X.
            p.bump();
            p.bump();
            (
                crate::Cost {
                    mana: crate::ManaCost {
                        x: 1,
                        ..crate::ManaCost::zero()
                    },
                    ..crate::Cost::default()
                },
                0,
            )
        } else if p.eat_all("pay any amount of mana") {
            // "that player may pay any amount of mana." (Power Leak): X
            // chosen as the cost is offered (104.3c), read after it.
            (
                crate::Cost {
                    mana: crate::ManaCost {
                        x: 1,
                        ..crate::ManaCost::zero()
                    },
                    ..crate::Cost::default()
                },
                0,
            )
        } else if p.eat("pay") {
            (upkeep::pay_cost(p)?, 0)
        } else if p.at_all("sacrifice cardname")
            || (p.at_all("sacrifice it") && cx.it() == ObjectRef::This)
        {
            // "you may sacrifice it. If you do, that player discards three
            // cards" (Haunted Cadaver): the source itself, if it is still there.
            p.bump();
            p.bump();
            (
                crate::Cost {
                    sacrifice: Some(ObjectFilter::this()),
                    ..crate::Cost::default()
                },
                1,
            )
        } else {
            upkeep::sacrifice_cost(p)?
        };
    p.eat(".").then_some(())?;
    let branch = |p: &mut P, cx: &mut Cx, lead: &str| -> Option<Vec<Effect>> {
        if !p.eat_all(lead) {
            return Some(Vec::new());
        }
        let start = cx.effects.len();
        sentence(p, cx)?;
        let v: Vec<Effect> = cx.effects.drain(start..).collect();
        // The branch runs inside the payment's resolution state: no effect
        // that keeps its own paid/declined state, nor a delayed ability.
        let plain = v.iter().all(|e| {
            !matches!(
                e,
                Effect::UnlessPays { .. }
                    | Effect::UnlessDiscard { .. }
                    | Effect::RemoveCounterElse { .. }
                    | Effect::CounterUnlessPays { .. }
                    | Effect::Recover { .. }
                    | Effect::Delayed(DelayedEffect::AtNextEndStep { .. })
                    | Effect::Delayed(DelayedEffect::AtNextCleanup { .. })
                    | Effect::Delayed(DelayedEffect::AtNextUpkeep { .. })
                    | Effect::Delayed(DelayedEffect::AtEndOfCombat { .. })
            )
        });
        (plain && !v.is_empty()).then_some(v)
    };
    let if_paid = branch(p, cx, did)?;
    let effects = if payer == crate::PlayerRef::You {
        branch(p, cx, "if you don't ,")?
    } else {
        Vec::new()
    };
    // "… may pay any amount of mana." has no "if … does" branch: a later
    // instruction reads the amount "paid this way" (Power Leak).
    let read_later = cost.mana.x > 0 && p.t[p.i..].iter().any(|t| t.low == "paid");
    if if_paid.is_empty() && effects.is_empty() && !read_later {
        return None;
    }
    cx.effects.push(Effect::UnlessPays {
        cost: Box::new(cost),
        per_counter: None,
        effects,
        sacrifice_count,
        if_paid,
        payer,
        actions: Vec::new(),
    });
    Some(())
}

/// "Unless [any player / target player] pays [cost], [instructions]."
pub(super) fn unless_prefix(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat("unless").then_some(())?;
    let payer = if p.eat_all("any player") {
        PlayerRef::EachPlayer
    } else {
        let (i, player) = target(p, cx)?;
        player.then_some(())?;
        cx.last_player = Some(PlayerRef::Target(i));
        PlayerRef::Target(i)
    };
    p.eat("pays").then_some(())?;
    let cost = upkeep::pay_cost(p)?;
    p.eat(",").then_some(())?;
    // The instructions, read as a sentence of their own.
    let start = p.i;
    let end = (start..p.t.len())
        .find(|&k| p.t[k].low == ".")
        .unwrap_or(p.t.len());
    let effects = sentences_of(cx, &p.t[start..end])?;
    p.i = end;
    p.far = p.far.max(end);
    p.eat(".");
    cx.effects.push(Effect::UnlessPays {
        cost: Box::new(cost),
        per_counter: None,
        effects,
        sacrifice_count: 0,
        if_paid: Vec::new(),
        payer,
        actions: Vec::new(),
    });
    Some(())
}

/// "Choose target opponent who had more life / who controlled more
/// creatures / who had at least two more cards in hand than you did as you
/// activated this ability." (the Keepers of Exodus): a target and nothing
/// else; "that player" after it names it.
pub(super) fn choose_opponent_with_more(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat("choose").then_some(())?;
    let (i, true) = target(p, cx)? else {
        return None;
    };
    matches!(
        cx.targets.last()?.kind,
        TargetKind::Player(PlayerFilter::Opponent)
    )
    .then_some(())?;
    p.eat("who").then_some(())?;
    p.eat_any(&["had", "controlled"])?;
    let by = if p.eat_all("at least") {
        let n = number_word(p.bump())?;
        u32::try_from(n).ok()?
    } else {
        1
    };
    p.eat("more").then_some(())?;
    let quantity = if p.eat("life") {
        crate::PlayerQuantity::Life
    } else if p.eat_all("cards in hand") {
        crate::PlayerQuantity::CardsInHand
    } else if p.eat("creatures") {
        crate::PlayerQuantity::Permanents(Box::new(ObjectFilter::creature()))
    } else {
        return None;
    };
    p.eat_all("than you did as you activated this ability .")
        .then_some(())?;
    cx.targets.last_mut()?.more_than_you = Some(Box::new(crate::MoreThanYou { quantity, by }));
    cx.last_player = Some(PlayerRef::Target(i));
    Some(())
}

/// "Any player may have CARDNAME deal N damage to them. If no one does,
/// [instructions]." (Browbeat): "[instructions] unless any player pays"
/// with a cost of an instruction: the damage to the player who pays
/// (`PlayerRef::Triggering` while the cost is paid), each player in turn
/// order from the active player deciding (413.2c). The instructions are
/// the rest of the ability.
pub(super) fn punisher(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("any player may have cardname deal")
        .then_some(())?;
    let n = number_word(p.bump())?;
    p.eat_all("damage to them . if no one does ,")
        .then_some(())?;
    let effects = sentences_of(cx, &p.t[p.i..])?;
    p.i = p.t.len();
    p.far = p.far.max(p.i);
    cx.effects.push(Effect::UnlessPays {
        cost: Box::default(),
        per_counter: None,
        effects,
        sacrifice_count: 0,
        if_paid: Vec::new(),
        payer: PlayerRef::EachPlayer,
        actions: vec![Effect::DealDamage {
            amount: Amount::Fixed(n),
            to: Recipient::Player(PlayerRef::Triggering),
        }],
    });
    Some(())
}

/// The instructions of `toks` (whole sentences) compiled apart from the
/// ones before, sharing their targets and what "it" and "that player"
/// name: the effects that happen unless a player pays.
fn sentences_of(cx: &mut Cx, toks: &[Tok]) -> Option<Vec<Effect>> {
    let mut sub = cx.clone();
    sub.effects.clear();
    let mut q = P::new(toks);
    while !q.at_end() {
        sentence(&mut q, &mut sub)?;
    }
    (!sub.effects.is_empty()).then_some(())?;
    cx.targets = sub.targets;
    cx.last_obj = sub.last_obj;
    cx.last_player = sub.last_player;
    Some(sub.effects)
}

/// "[instructions] unless its controller has CARDNAME deal 6 damage to
/// them." (Lava Blister, Molten Influence, Blazing Salvo, Dwarven
/// Driller): a punisher whose one payer is the target's controller
/// (413.2c); the cost is the damage, dealt to that player
/// (`PlayerRef::Triggering` while the cost is paid). `v`: the instructions
/// it guards.
pub(super) fn controller_punisher(p: &mut P, cx: &mut Cx, v: Vec<Effect>) -> Option<Vec<Effect>> {
    p.eat("unless");
    // "its controller": the object named before; "that creature's
    // controller": the target creature.
    let payer = if p.eat_all("its controller") {
        let Some(what @ ObjectRef::Target(_)) = cx.last_obj.clone() else {
            return None;
        };
        PlayerRef::ControllerOf(what)
    } else {
        super::targets::player_phrase(p, cx)?
    };
    matches!(payer, PlayerRef::ControllerOf(ObjectRef::Target(_))).then_some(())?;
    p.eat_all("has cardname deal");
    let n = number_word(p.bump())?;
    p.eat_all("damage to them").then_some(())?;
    Some(vec![Effect::UnlessPays {
        cost: Box::default(),
        per_counter: None,
        effects: v,
        sacrifice_count: 0,
        if_paid: Vec::new(),
        payer,
        actions: vec![Effect::DealDamage {
            amount: Amount::Fixed(n),
            to: Recipient::Player(PlayerRef::Triggering),
        }],
    }])
}
