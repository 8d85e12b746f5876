//! Effects on the turn's structure (300.7, 302.2, 419.6e, 507.1, 509.1):
//! turns, phases and steps skipped, added or ended, and permanents that
//! don't untap. Split from `effect.rs` (held as `Effect::Turn`).

use super::*;
use serde::{Deserialize, Serialize};

/// An effect on the turn's structure: skipped turns, phases and steps
/// (419.6e), extra turns and combat phases (300.7), untap steps a
/// permanent misses (302.2), another player's turn controlled (507.1),
/// the turn ended (509.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TurnEffect {
    /// 507.1: "You control target player during that player's next turn" (Mindslaver).
    ControlNextTurn { who: PlayerRef },
    /// 419.6e: "[Player] skips their next turn." (Meditate, Chronatog)
    SkipNextTurn { who: PlayerRef },
    /// 419.6e: "[Player] skips their next combat phase." (Blinding Angel)
    SkipNextCombatPhase { who: PlayerRef },
    /// 419.6e: "[Player] skips all combat phases of their next turn."
    /// (False Peace): every combat phase of that player's next turn.
    SkipCombatPhasesNextTurn { who: PlayerRef },
    /// 419.6e: "[Player] skips their next untap step." (Brine Elemental)
    SkipNextUntapStep { who: PlayerRef },
    /// 302.2: "[Object] doesn't untap during its controller's next untap
    /// step" (Apes of Rath, Barl's Cage, Tangle): the effect follows the
    /// object, not its controller, and is used up by the next untap step of
    /// whoever controls it then, whether or not it is tapped. `yours`:
    /// "… during your next untap step" (Reveka), the next untap step of the
    /// ability's controller.
    DoesntUntapNext {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "is_false")]
        yours: bool,
    },
    /// 302.2, 418.3d: "It doesn't untap during its controller's untap step
    /// for as long as [this] remains tapped." (Mole Worms, Amber Prison):
    /// every untap step of its controller (whoever that is then) that
    /// begins while the source is still tapped (the rulings: judged before
    /// anything untaps, so not even the step in which the source untaps).
    DoesntUntapWhileSourceTapped { what: ObjectRef },
    /// 302.2: "[Permanents] [player] controls don't untap during their next
    /// untap step" (Exhaustion, Mana Vapors): every permanent matching
    /// `filter` the player controls as that untap step begins, including
    /// those that came into play since.
    PermanentsDontUntapNext {
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// 509.1: "End the turn." (Time Stop).
    EndTheTurn,
    /// 300.7: "After this main phase, there is an additional combat phase
    /// followed by an additional main phase." (Relentless Assault)
    AdditionalCombatPhase,
    /// "[Player] takes an extra turn after this one."
    ExtraTurn { who: PlayerRef },
}
