//! The coin-flip sentences (511): "Flip a coin.", "If you win the flip,
//! …", "Each player flips a coin.", flips until a loss (Fiery Gambit),
//! flips repeated until both come up heads (Mana Clash), and the doubled
//! life stakes of Game of Chaos.
//!
//! Each sentence is read by its own function; `sentence` says which one a
//! sentence is. Split out of `spell.rs`, whose `sentence` calls this one
//! at the same place in its order of readings.

use super::verbs::player_verb;
use super::*;
use crate::{Amount, Effect, PlayerRef, Recipient};

/// The sentence read as a coin flip: `None` if it isn't one (nothing
/// read), `Some(reading)` if it is, where `reading` is `None` when the
/// sentence can't be read (the card is refused with it).
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<Option<()>> {
    if p.eat_all("flip a coin until you lose a flip") {
        return Some(until_lose(p, cx));
    }
    if p.at_all("if you lose a flip ,") {
        return Some(no_effect_if_lost(p, cx));
    }
    if p.at_all("if you win") && p.peek_at(4) == "or" && p.peek_at(5) == "more" {
        return Some(if_flips_won(p, cx));
    }
    if p.eat_all("each player flips a coin") {
        cx.effects.push(Effect::FlipEach {
            who: vec![PlayerRef::EachPlayer],
            on_heads: Vec::new(),
            on_tails: Vec::new(),
            until_all_heads: false,
        });
        return Some(p.eat_end().then_some(()));
    }
    if p.at_all("each player whose coin comes up")
        && matches!(cx.effects.last(), Some(Effect::FlipEach { .. }))
    {
        return Some(each_whose_coin(p, cx));
    }
    if p.at_all("if it comes up") {
        return Some(if_it_comes_up(p, cx));
    }
    if p.at_all("you and target opponent each flip a coin") {
        return Some(you_and_target_opponent(p, cx));
    }
    if p.at_all("cardname deals") && matches!(cx.effects.last(), Some(Effect::FlipEach { .. })) {
        return Some(damage_to_each_whose_coin(p, cx));
    }
    if p.eat_all("repeat this process until both players' coins come up heads on the same flip") {
        return Some(until_all_heads(p, cx));
    }
    // 511.1: "Flip a coin." / "That player flips a coin." then "If you
    // win/lose the flip, …" ("If they lose the flip, …").
    let flipper = if p.eat_all("flip a coin") {
        Some(PlayerRef::You)
    } else if cx.trig_player && p.eat_all("that player flips a coin") {
        Some(PlayerRef::Triggering)
    } else {
        None
    };
    if let Some(who) = flipper {
        cx.effects.push(Effect::FlipCoin {
            who,
            won: Vec::new(),
            lost: Vec::new(),
        });
        return Some(p.eat_end().then_some(()));
    }
    let they = matches!(
        cx.effects.last(),
        Some(Effect::FlipCoin {
            who: PlayerRef::Triggering,
            ..
        })
    );
    let (win_phrase, lose_phrase) = if they {
        ("if they win the flip", "if they lose the flip")
    } else {
        ("if you win the flip", "if you lose the flip")
    };
    if p.at_all(win_phrase) || p.at_all(lose_phrase) {
        return Some(if_flip_won_or_lost(p, cx, win_phrase, lose_phrase));
    }
    if p.eat_all("double the life stakes with each flip") {
        return Some(doubled_life_stakes(cx, p));
    }
    None
}

/// 511.2: adds effects to the heads or tails branch of the "each player
/// flips a coin" effect just compiled.
fn flip_each_branch(cx: &mut Cx, heads: bool, effects: Vec<Effect>) {
    if let Some(Effect::FlipEach {
        on_heads, on_tails, ..
    }) = cx.effects.last_mut()
    {
        if heads {
            on_heads.extend(effects)
        } else {
            on_tails.extend(effects)
        }
    }
}

/// "heads" or "tails": whether the coin named came up heads.
fn heads_or_tails(p: &mut P) -> Option<bool> {
    match p.bump() {
        "heads" => Some(true),
        "tails" => Some(false),
        _ => None,
    }
}

/// 511.1: "Flip a coin until you lose a flip [or choose to stop
/// flipping]." (after its first words were read)
fn until_lose(p: &mut P, cx: &mut Cx) -> Option<()> {
    let may_stop = p.eat_all("or choose to stop flipping");
    cx.effects.push(Effect::FlipUntilLose { may_stop });
    p.eat_end().then_some(())
}

/// "If you lose a flip, CARDNAME has no effect." (Fiery Gambit)
fn no_effect_if_lost(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("if you lose a flip ,");
    let ok = p.eat_all("cardname has no effect") && p.eat_end();
    let flips = cx
        .effects
        .iter()
        .any(|e| matches!(e, Effect::FlipUntilLose { .. }));
    cx.effects.push(Effect::NoEffectIfFlipLost);
    (ok && flips).then_some(())
}

/// "If you win N or more flips, …" (Fiery Gambit).
fn if_flips_won(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("if you win");
    let n = number_word(p.bump())?;
    p.eat_all("or more flips").then_some(())?;
    p.eat(",");
    let v = clauses(p, cx)?;
    if !p.eat_end() {
        return None;
    }
    cx.effects.push(Effect::IfFlipsWon {
        at_least: n as u32,
        effects: v,
    });
    Some(())
}

/// 511.2: "Each player whose coin comes up tails sacrifices a creature."
/// (after "Each player flips a coin.", Goblin Assassin)
fn each_whose_coin(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("each player whose coin comes up");
    let heads = heads_or_tails(p)?;
    let v = player_verb(p, cx, PlayerRef::Flipper)?;
    if !p.eat_end() {
        return None;
    }
    flip_each_branch(cx, heads, v);
    Some(())
}

/// 511.2: "Flip a coin. If it comes up heads, …. If it comes up tails,
/// …." (Odds): no one calls the flip, so no one wins or loses it; the
/// flip becomes one player's uncalled flip.
fn if_it_comes_up(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("if it comes up");
    let heads = heads_or_tails(p)?;
    p.eat(",");
    match cx.effects.last_mut() {
        Some(last @ Effect::FlipCoin { .. }) => {
            let Effect::FlipCoin {
                who: PlayerRef::You,
                won,
                lost,
            } = last
            else {
                return None;
            };
            if !won.is_empty() || !lost.is_empty() {
                return None;
            }
            *last = Effect::FlipEach {
                who: vec![PlayerRef::You],
                on_heads: Vec::new(),
                on_tails: Vec::new(),
                until_all_heads: false,
            };
        }
        Some(Effect::FlipEach { who, .. }) if who.as_slice() == [PlayerRef::You] => {}
        _ => return None,
    }
    let v = clauses(p, cx)?;
    if !p.eat_end() {
        return None;
    }
    flip_each_branch(cx, heads, v);
    Some(())
}

/// 511.2: "You and target opponent each flip a coin." (Mana Clash)
fn you_and_target_opponent(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("you and");
    let (t, _) = target(p, cx)?;
    p.eat_all("each flip a coin").then_some(())?;
    cx.effects.push(Effect::FlipEach {
        who: vec![PlayerRef::You, PlayerRef::Target(t)],
        on_heads: Vec::new(),
        on_tails: Vec::new(),
        until_all_heads: false,
    });
    p.eat_end().then_some(())
}

/// "CARDNAME deals N damage to each player whose coin comes up tails."
/// (Mana Clash)
fn damage_to_each_whose_coin(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("cardname deals");
    let n = amount(p)?;
    p.eat_all("damage to each player whose coin comes up")
        .then_some(())?;
    let heads = heads_or_tails(p)?;
    if !p.eat_end() {
        return None;
    }
    let e = Effect::DealDamage {
        amount: n,
        to: Recipient::Player(PlayerRef::Flipper),
    };
    flip_each_branch(cx, heads, vec![e]);
    Some(())
}

/// "Repeat this process until both players' coins come up heads on the
/// same flip." (Mana Clash, after its first words were read)
fn until_all_heads(p: &mut P, cx: &mut Cx) -> Option<()> {
    match cx.effects.last_mut() {
        Some(Effect::FlipEach {
            until_all_heads, ..
        }) if !*until_all_heads => {
            *until_all_heads = true;
            p.eat_end().then_some(())
        }
        _ => None,
    }
}

/// 511.1: "If you win the flip, …" / "If you lose the flip, …" after a
/// flip: the effects of that outcome, each said once.
fn if_flip_won_or_lost(p: &mut P, cx: &mut Cx, win_phrase: &str, lose_phrase: &str) -> Option<()> {
    let win = p.at_all(win_phrase);
    p.eat_all(if win { win_phrase } else { lose_phrase });
    p.eat(",");
    let v = clauses(p, cx)?;
    if !p.eat_end() {
        return None;
    }
    let Some(Effect::FlipCoin { won, lost, .. }) = cx.effects.last_mut() else {
        return None;
    };
    let list = if win { won } else { lost };
    if !list.is_empty() {
        return None;
    }
    list.extend(v);
    Some(())
}

/// "Double the life stakes with each flip." (Game of Chaos, after its
/// words were read): the life amounts of the flip's outcomes double with
/// each flip.
fn doubled_life_stakes(cx: &mut Cx, p: &mut P) -> Option<()> {
    let Some(Effect::FlipCoin { won, lost, .. }) = cx.effects.last_mut() else {
        return None;
    };
    let mut any = false;
    for e in won.iter_mut().chain(lost.iter_mut()) {
        if let Effect::GainLife { amount, .. } | Effect::LoseLife { amount, .. } = e {
            if let Amount::Fixed(n) = *amount {
                *amount = Amount::DoubledEachFlip(n);
                any = true;
            }
        }
    }
    (any && p.eat_end()).then_some(())
}
