//! Haunt (502.51): a card with haunt, put into a graveyard from play (or,
//! an instant or sorcery, during its resolution), is removed from the game
//! "haunting" the creature its haunt ability targeted (502.51a–b); its
//! abilities that refer to "the creature it haunts" trigger from the
//! removed-from-the-game zone when that creature is put into a graveyard
//! from play (502.51c).
//!
//! `Game::haunts` records each haunting as (the card in the
//! removed-from-the-game zone, the creature it haunts). A pair whose card
//! has left that zone, or whose creature has left play, can never trigger
//! again (either is a new object, 400.7) and is dropped.

use crate::resolution::triggers::trigger_printed;
use crate::state::stack::{ResolveCtx, TriggerContext};
use crate::{Game, MoveReason, ObjId, Target, Zone};
use tolaria_cards::Trigger;

impl Game {
    /// 502.51a, `Effect::Haunt`: "remove it from the game haunting target
    /// creature". The card is the source card in its owner's graveyard
    /// (followed there from play, 404.4c, or put there by its own
    /// resolution); the target is still legal, or the ability would have
    /// been countered (413.2a).
    pub(crate) fn haunt(&mut self, ctx: &ResolveCtx) {
        let card = match self.followed_to_graveyard(ctx.source) {
            Some(c) => c,
            None if self
                .obj(ctx.source)
                .is_some_and(|o| matches!(o.zone, Zone::Graveyard(_))) =>
            {
                ctx.source
            }
            // The card left the graveyard: it can't be removed (413.2f
            // does nothing with an object that changed zones).
            None => return,
        };
        let Some(Target::Object(creature)) = ctx.target(0) else {
            return;
        };
        if let Some(removed) = self.move_to(card, Zone::RemovedFromGame, MoveReason::RemoveFromGame)
        {
            if self
                .obj(removed)
                .is_some_and(|o| o.zone == Zone::RemovedFromGame)
            {
                self.haunts.push((removed, creature));
            }
        }
    }

    /// 502.51a: an instant or sorcery card with haunt put into its owner's
    /// graveyard as it resolves (413.2i): its haunt ability triggers.
    /// Copies (no card, 503.10) don't.
    pub(crate) fn resolved_into_graveyard(&mut self, new: ObjId) {
        let Some(o) = self.obj(new) else {
            return;
        };
        if !matches!(o.zone, Zone::Graveyard(_)) || o.spell_copy.is_some() {
            return;
        }
        let (owner, card) = (o.owner, o.card);
        trigger_printed(
            self,
            owner,
            new,
            card,
            &Trigger::ResolvedIntoGraveyard,
            TriggerContext::default(),
        );
    }
}

/// 502.51c: a creature left play (`old`); if it went to a graveyard
/// (`new`), the abilities of the cards haunting it trigger from the
/// removed-from-the-game zone, controlled by each card's owner. Either way
/// the hauntings of that creature end.
pub(crate) fn creature_left_play(game: &mut Game, old: ObjId, new: Option<ObjId>) {
    if !game.haunts.iter().any(|&(_, c)| c == old) {
        return;
    }
    let (now, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut game.haunts)
        .into_iter()
        .partition(|&(_, c)| c == old);
    game.haunts = rest;
    let Some(new) = new else {
        return;
    };
    for (card, _) in now {
        let Some(o) = game.obj(card) else {
            continue;
        };
        if o.zone != Zone::RemovedFromGame {
            continue;
        }
        let (owner, id) = (o.owner, o.card);
        let ctx = TriggerContext {
            object: Some(new),
            ..Default::default()
        };
        trigger_printed(game, owner, card, id, &Trigger::HauntedDies, ctx);
    }
}
