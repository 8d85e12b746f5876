//! Walking effect lists: the instructions an effect wraps (coin flips,
//! branches, "unless [a player] pays", "if you do"), the effect that
//! divides an amount among targets (409.1e), and whether an ability moves
//! its own card out of the graveyard (402.8h). Split from `effect.rs`,
//! which holds the `Effect` enum itself.

use super::*;

impl Effect {
    /// 409.1e: the amount this effect divides among the targets from the
    /// returned index on, announced as it is played.
    pub fn divided(&self) -> Option<(&Amount, u8)> {
        match self {
            Effect::DealDamageDivided { amount, from }
            | Effect::PreventDamageDivided { amount, from }
            | Effect::PutCountersDivided { amount, from, .. } => Some((amount, *from)),
            _ => None,
        }
    }
}

/// 409.1e: the first effect of a list that divides an amount among targets.
pub fn divided_effect(effects: &[Effect]) -> Option<(&Amount, u8)> {
    effects.iter().find_map(Effect::divided)
}

impl Effect {
    /// 402.8h: does it move its own card out of the graveyard ("return
    /// [this] from your graveyard to your hand / to play"), so that the
    /// ability functions only there?
    /// Looks inside the instructions it wraps ("You may pay {B}. If you
    /// do, return [this] …").
    pub fn returns_self_from_graveyard(&self) -> bool {
        matches!(
            self,
            Effect::ReturnSelfFromGraveyard
                | Effect::PutSelfFromGraveyardIntoPlay { .. }
                | Effect::PutSelfFromGraveyardIntoPlayAttached { .. }
        ) || self
            .nested()
            .any(|v| v.iter().any(Effect::returns_self_from_graveyard))
    }

    /// The lists of instructions it wraps: branches, "unless" and "if"
    /// clauses, delayed triggered abilities (at most two; no allocation).
    pub fn nested(&self) -> impl Iterator<Item = &[Effect]> {
        let (a, b): (Option<&[Effect]>, Option<&[Effect]>) = match self {
            Effect::FlipCoin { won, lost, .. } => (Some(won), Some(lost)),
            Effect::FlipEach {
                on_heads, on_tails, ..
            } => (Some(on_heads), Some(on_tails)),
            Effect::IfTopCardIs {
                then, otherwise, ..
            }
            | Effect::IfElse {
                then, otherwise, ..
            } => (Some(then), Some(otherwise)),
            Effect::UnlessPays {
                effects, if_paid, ..
            } => (Some(effects), Some(if_paid)),
            Effect::UnlessOpponentLetsDraw { effects, .. }
            | Effect::PlayerMay { effects, .. }
            | Effect::EachPlayerMay { effects }
            | Effect::ForEachPlayer { effects, .. }
            | Effect::IfFlipsWon { effects, .. }
            | Effect::UnlessDiscard { effects, .. }
            | Effect::IfControlsNone { effects, .. }
            | Effect::Delayed(DelayedEffect::AtNextUpkeep { effects, .. })
            | Effect::Delayed(DelayedEffect::AtNextEndStep { effects, .. })
            | Effect::Delayed(DelayedEffect::NextDrawInstead { effects })
            | Effect::Delayed(DelayedEffect::AtNextCleanup { effects })
            | Effect::Delayed(DelayedEffect::WhenDiesThisTurn { effects, .. })
            | Effect::Delayed(DelayedEffect::WhenControlLost { effects, .. })
            | Effect::Delayed(DelayedEffect::AtEndOfCombat { effects, .. })
            | Effect::IfCondition { effects, .. }
            | Effect::RemoveCounterElse { effects, .. } => (Some(effects), None),
            _ => (None, None),
        };
        a.into_iter().chain(b)
    }
}
