//! The condensed log of `tolaria play`: the lines that matter to a player
//! (plays, targets, attacks, blocks, damage, life, zone changes, the turn
//! beginning) without the bookkeeping (steps beginning, tapping and
//! untapping, mana added and paid, shuffles, each draw). `log --full`
//! shows every line.

use tolaria_rules::Event;

/// Whether the condensed log shows the event's line.
pub fn condensed(e: &Event) -> bool {
    !matches!(
        e,
        Event::StepBegan { .. }
            | Event::Untapped { .. }
            | Event::Tapped { .. }
            | Event::ManaAdded { .. }
            | Event::CostPaid { .. }
            | Event::CostAnnounced { .. }
            | Event::Shuffled { .. }
            | Event::Drew { .. }
            | Event::SkippedFirstDraw { .. }
            | Event::TurnEndingChecks { .. }
            | Event::CleanupDamageRemoved { .. }
            | Event::EndingTurn { .. }
            | Event::ManaLostNoBurn { .. }
            | Event::StackObjectCeases { .. }
            | Event::ConditionFalse { .. }
            | Event::StepSkipped { .. }
    )
}
