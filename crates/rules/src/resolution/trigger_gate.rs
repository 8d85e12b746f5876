//! What `emit` does with each new event for the kept listings at priority
//! and for triggered abilities (issue 22): the count of events the kept
//! listings are keyed by (`engine/listing_cache.rs`), and the trigger check
//! skipped for the kinds of events no trigger in play can match.

use crate::state::event::Event;
use crate::{Game, Target, Zone};

/// The events the kept listings at priority needn't count (issue 22): a
/// step's beginning (their key holds sorcery timing, or the step itself
/// where a listing may read it), and, in a game of the plainest cards
/// (`!Game::listing_step_bound`: no listing reads combat, a permanent's
/// damage, or the tapped status of a permanent but a mana source's), the
/// declarations of combat (309.2, 308.2), damage dealt to a permanent
/// (what it destroys leaves play with an event of its own, 420.5c), a
/// permanent without mana abilities becoming tapped (the board up to
/// date, so that its `flags::MANA` is current), and a card drawn or put
/// into a hand from a library (the kept listing's key holds its player's
/// hand size, and a card leaves a hand only with a counted event; no such
/// listing reads another player's hand or a library). Debug builds compare every
/// kept listing with the full computation.
#[inline]
fn listing_neutral(game: &Game, e: &Event) -> bool {
    match e {
        Event::StepBegan { .. } => true,
        _ if game.listing_step_bound => false,
        Event::AttackerDeclared { .. }
        | Event::BlockerDeclared { .. }
        | Event::BecameBlocked { .. }
        | Event::BandDeclared { .. }
        | Event::BandBlocked { .. }
        | Event::RemovedFromCombat { .. }
        | Event::Damage {
            to: Target::Object(_),
            ..
        }
        | Event::Drew { .. }
        | Event::ZoneChange {
            from: Zone::Library(_),
            to: Zone::Hand(_),
            ..
        } => true,
        Event::Tapped { obj, .. } => {
            game.board.valid
                && game.board.ids.len() == game.in_play.len()
                && game
                    .objects
                    .get(obj.slot as usize)
                    .is_some_and(|o| o.flags & crate::state::object::flags::MANA == 0)
        }
        _ => false,
    }
}

/// An event seen as it is emitted: counted for the kept listings (all but
/// those no kept listing reads, `listing_neutral`) and looked at for
/// triggered abilities (404, 410).
#[inline]
pub(crate) fn event_seen(game: &mut Game, e: &Event) {
    if !listing_neutral(game, e) {
        game.listing_gen = game.listing_gen.wrapping_add(1);
    }
    // With no permanent having a triggered ability (the board up to date:
    // `may_have_triggers`), an event of these kinds triggers nothing: each
    // of its arms in `check_triggers` looks only at the permanents'
    // abilities (`permanents > 0`, or `scan` of a permanent, which has
    // none), and none of them is a zone change (whose haunt and
    // leaves-play checks read cards). Debug builds make the full check and
    // assert that it found nothing.
    if !game.may_have_triggers()
        && matches!(
            e,
            Event::Tapped { .. }
                | Event::Untapped { .. }
                | Event::ManaAdded { .. }
                | Event::CostPaid { .. }
                | Event::CostAnnounced { .. }
                | Event::LandPlayed { .. }
                | Event::LifeGained { .. }
                | Event::LifeLost { .. }
                | Event::ManaBurn { .. }
                | Event::Drew { .. }
                | Event::AttackerDeclared { .. }
                | Event::AbilityPlayed { .. }
                | Event::TriggerPutOnStack { .. }
                | Event::TargetChanged { .. }
                | Event::CoinFlipped { .. }
        )
    {
        #[cfg(debug_assertions)]
        {
            let before = game.pending_triggers.len();
            super::triggers::check_triggers(game, e);
            debug_assert_eq!(
                game.pending_triggers.len(),
                before,
                "an event of a kind skipped without permanents' triggers triggered: {e:?}"
            );
        }
        return;
    }
    super::triggers::check_triggers(game, e);
}
