//! The blocks of this turn as a group of objects (309.2e): "all creatures
//! that blocked or were blocked by it this turn" (Gaze of the Gorgon),
//! "all creatures that were blocked by that creature this turn" (Glyph of
//! Doom), "each creature that blocked or was blocked this turn" (Heat
//! Stroke), "all creatures it blocked this turn" (Defiant Vanguard), "all
//! creatures that blocked CARDNAME this turn" (Joven's Ferrets).

use super::lex::{Cx, P};
use super::targets::{filter, Noun};
use crate::{BlockSide, ObjectRef};

/// "all/each [filter] that blocked … this turn": the objects of this
/// turn's blocks (`ObjectRef::InBlocksThisTurn`).
pub(super) fn in_blocks_this_turn(p: &mut P, cx: &mut Cx) -> Option<ObjectRef> {
    (p.eat("all") || p.eat("each")).then_some(())?;
    let (filter, noun) = filter(p)?;
    (noun == Noun::Permanent).then_some(())?;
    let side =
        if p.eat_all("that blocked or were blocked") || p.eat_all("that blocked or was blocked") {
            BlockSide::Either
        } else if p.eat_all("that were blocked") || p.eat_all("that was blocked") {
            BlockSide::WasBlocked
        } else if p.eat_all("that blocked") {
            BlockSide::Blocked
        } else if p.at("it") || p.at("cardname") {
            // "creatures it blocked this turn": the creature named blocked them.
            let with = partner(p, cx)?;
            p.eat_all("blocked this turn").then_some(())?;
            return Some(ObjectRef::InBlocksThisTurn {
                filter,
                with: Some(Box::new(with)),
                side: BlockSide::WasBlocked,
            });
        } else {
            return None;
        };
    // "… this turn" without a partner: a block with any creature.
    let with = if p.eat_all("this turn") {
        None
    } else {
        // "blocked CARDNAME", "blocked or were blocked by it".
        (side == BlockSide::Blocked || p.eat("by")).then_some(())?;
        let with = partner(p, cx)?;
        p.eat_all("this turn").then_some(())?;
        Some(Box::new(with))
    };
    Some(ObjectRef::InBlocksThisTurn { filter, with, side })
}

/// The other creature of the blocks: "it", "CARDNAME", "that creature".
fn partner(p: &mut P, cx: &mut Cx) -> Option<ObjectRef> {
    if p.eat("cardname") {
        Some(ObjectRef::This)
    } else if p.eat("it") || p.eat_all("that creature") {
        // The object spoken of before ("Regenerate target creature. …
        // blocked by it": the target).
        Some(cx.it())
    } else {
        None
    }
}
