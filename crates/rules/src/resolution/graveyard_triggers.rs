//! "Whenever a black card is put into an opponent's graveyard from
//! anywhere" (Compost), "Whenever another card is put into a graveyard from
//! anywhere" (Planar Void), "Whenever a land card is put into your graveyard
//! from your library" (Pedantic Learning): abilities of permanents that
//! trigger on a card going to a graveyard (its owner's, 217.3) from any
//! zone, or from its owner's library (`Trigger::CardPutIntoGraveyard`).
//! A token is not a card (216.1): one put into a graveyard triggers none.

use super::triggers::scan;
use crate::state::stack::TriggerContext;
use crate::{Game, ObjId, Zone};
use tolaria_cards::{Trigger, Whose};

/// The card `new` was just put into a graveyard from `from`: the abilities
/// of the first `permanents` permanents in play that watch for it.
pub(crate) fn card_to_graveyard(game: &mut Game, permanents: usize, new: ObjId, from: Zone) {
    let Some(o) = game.obj(new) else { return };
    if o.token {
        return;
    }
    let owner = o.owner;
    for i in 0..permanents.min(game.in_play.len()) {
        let src = game.in_play[i];
        scan(game, src, |t, game, src| match t {
            Trigger::CardPutIntoGraveyard {
                filter,
                whose,
                from_library,
            } => {
                let you = game.objects[src.slot as usize].controller;
                let owned = match whose {
                    Whose::You => owner == you,
                    Whose::Opponent => game.is_opponent(you, owner),
                    Whose::Each | Whose::Chosen => true,
                };
                let from_ok = !*from_library || from == Zone::Library(owner);
                (owned
                    && from_ok
                    && crate::continuous::filter::matches(game, filter, new, Some(src), you))
                .then_some(TriggerContext {
                    object: Some(new),
                    player: Some(owner),
                    ..Default::default()
                })
            }
            _ => None,
        });
    }
}
