//! What `emit` does with each new event for the kept listings at priority
//! and for triggered abilities (issue 22): the count of events the kept
//! listings are keyed by (`engine/listing_cache.rs`), and the trigger check
//! skipped for the kinds of events no trigger in play can match.

use crate::state::event::Event;
use crate::Game;

/// An event seen as it is emitted: counted for the kept listings (all but
/// a step's beginning, which their key holds as sorcery timing or the
/// step) and looked at for triggered abilities (404, 410).
#[inline]
pub(crate) fn event_seen(game: &mut Game, e: &Event) {
    if !matches!(e, Event::StepBegan { .. }) {
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
