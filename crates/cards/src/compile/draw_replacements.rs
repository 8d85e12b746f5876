//! Sentences that replace a draw (419.1a): "The next time you would draw
//! a card this turn, … instead." (the Words, Ring of Ma'rûf, Mangara's
//! Tome, Aladdin's Lamp) and "Until end of turn, if target player would
//! draw a card, instead …". Split out of `spell.rs`, whose `sentence`
//! calls this one at the same place in its order of readings.

use super::*;
use crate::{DelayedEffect, Effect};

/// The sentence read as a draw replacement: `None` if it isn't one
/// (nothing read), `Some(reading)` if it is, where `reading` is `None`
/// when the sentence can't be read (the card is refused with it).
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<Option<()>> {
    // 419.1a: "The next time you would draw a card this turn, instead put
    // a card you own from outside the game into your hand." (Ring of Ma'rûf)
    if p.eat_all("the next time you would draw a card this turn , instead put a card you own from outside the game into your hand") {
        return Some(delayed(p, cx, DelayedEffect::NextDrawFromOutsideThisTurn));
    }
    // 419.1a, 217.7d: "… instead put the top card of the removed pile into
    // its owner's hand." (Mangara's Tome)
    if p.eat_all("the next time you would draw a card this turn , instead put the top card of the exiled pile into its owner's hand") {
        return Some(delayed(p, cx, DelayedEffect::NextDrawFromRemovedPileThisTurn));
    }
    // 419.1a: "The next time you would draw a card this turn, instead look
    // at the top X cards …, then draw a card." (Aladdin's Lamp)
    if p.eat_all("the next time you would draw a card this turn , instead look at the top x cards of your library , put all but one of them on the bottom of your library in a random order , then draw a card") {
        return Some(delayed(p, cx, DelayedEffect::NextDrawLookAtTopX));
    }
    if p.eat_all("the next time you would draw a card this turn ,") {
        return Some(next_draw_instead(p, cx));
    }
    // 419.1a: "Until end of turn, if target player would draw a card,
    // instead that player skips that draw and you draw a card."
    if p.at_all("until end of turn , if") {
        let start = p.i;
        p.eat_all("until end of turn , if");
        let who = player_phrase(p, cx);
        if let Some(who) = who.filter(|_| {
            p.eat_all("would draw a card , instead that player skips that draw and you draw a card")
        }) {
            return Some(delayed(p, cx, DelayedEffect::DrawsInsteadThisTurn { who }));
        }
        p.i = start;
    }
    None
}

/// The replacement as the sentence's effect, the sentence read to its end.
fn delayed(p: &mut P, cx: &mut Cx, e: DelayedEffect) -> Option<()> {
    cx.effects.push(Effect::Delayed(e));
    p.eat_end().then_some(())
}

/// 419.1a: "The next time you would draw a card this turn, [instructions]
/// instead." (the Words, after its first words were read): instructions
/// that need no choice, or a discard or a return of a permanent by each
/// player (asked as the draw would happen).
fn next_draw_instead(p: &mut P, cx: &mut Cx) -> Option<()> {
    let effects = super::effects::clauses(p, cx)?;
    let fits = |e: &Effect| {
        matches!(
            e,
            Effect::DealDamage { .. }
                | Effect::Discard { .. }
                | Effect::CreateTokens { .. }
                | Effect::GainLife { .. }
                | Effect::ReturnChosen { .. }
        )
    };
    if effects.is_empty() || !effects.iter().all(fits) || !p.eat("instead") {
        return None;
    }
    delayed(p, cx, DelayedEffect::NextDrawInstead { effects })
}
