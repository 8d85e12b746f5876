//! The grammar of the cards that play spells face down other than by
//! morph (504.1): Illusionary Mask's "You may choose a creature card in
//! your hand whose mana cost could be paid by … the mana you spent on {X}.
//! If you do, you may play that card face down as a 2/2 creature spell
//! without paying its mana cost. If the creature that spell becomes …
//! instead it's turned face up and …"; Camouflage's piles of blockers
//! (printed "place them face down").

use super::{Cx, P};
use crate::CombatEffect;
use crate::Effect;

/// Camouflage (printed: "place [your attacking creatures] face down"; its
/// 2007 Oracle wording: piles of blockers assigned to the attackers at
/// random): the whole instruction, one effect.
pub(super) fn piles(p: &mut P, cx: &mut Cx) -> Option<()> {
    for s in [
        "this turn , instead of declaring blockers , each defending player chooses any number of creatures they control and divides them into a number of piles equal to the number of attacking creatures for whom that player is the defending player .",
        "creatures those players control that can block additional creatures may likewise be put into additional piles .",
        "assign each pile to a different one of those attacking creatures at random .",
        "each creature in a pile that can block the creature that pile is assigned to does so",
    ] {
        p.eat_all(s).then_some(())?;
    }
    p.eat_end().then_some(())?;
    cx.effects.push(Effect::Combat(CombatEffect::BlockByPiles));
    Some(())
}

/// One sentence of this grammar (with the sentences that belong to it),
/// appended to `cx.effects`; `None` when the sentence is not one of these.
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<()> {
    // 504.1, 504.2, 419: Illusionary Mask, read as one instruction: the
    // choice, the face-down play and the replacement that stays with the
    // creature are parts of one effect.
    p.eat_all(
        "you may choose a creature card in your hand whose mana cost could be paid by some amount of , or all of , the mana you spent on {x} .",
    )
    .then_some(())?;
    p.eat_all(
        "if you do , you may play that card face down as a 2/2 creature spell without paying its mana cost .",
    )
    .then_some(())?;
    p.eat_all(
        "if the creature that spell becomes as it resolves has not been turned face up and would assign or deal damage , be dealt damage , or become tapped , instead it's turned face up and assigns or deals damage , is dealt damage , or becomes tapped",
    )
    .then_some(())?;
    p.eat_end().then_some(())?;
    cx.effects.push(Effect::PlayFaceDownMasked);
    Some(())
}
