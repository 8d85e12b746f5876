//! Combat rules an effect sets for this combat or this turn (500.1's
//! restrictions and requirements, 306.2, 309.2f, 310.1, 502.43a), split
//! from `effect.rs` (the `Effect` enum holds them as `Effect::Combat`).

use super::*;
use serde::{Deserialize, Serialize};

/// An effect on attacking and blocking for this combat or this turn:
/// restrictions and requirements (500.1), a creature removed from combat
/// (306.2) or made blocked (309.2f), combat damage not assigned (310.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CombatEffect {
    /// 500.1 requirement (502.29a provoke): "[blocker] blocks [attacker]
    /// this combat if able".
    BlocksThisCombatIfAble {
        blocker: ObjectRef,
        attacker: ObjectRef,
    },
    /// "[what] can't block this turn".
    CantBlockThisTurn { what: ObjectRef },
    /// "[what] can't attack during its controller's next turn" (Wall of
    /// Dust): from the beginning of the next turn of the player who
    /// controls it then, until that turn ends (a new object after a zone
    /// change is free, 217.1c).
    CantAttackNextTurn { what: ObjectRef },
    /// 500.1: "[what] can't attack this turn" (Change of Heart).
    CantAttackThisTurn { what: ObjectRef },
    /// "[what] can block an additional creature this turn" (Mounted
    /// Archers; each resolution one more) or, with `any_number`, "… can
    /// block any number of creatures this turn" (Valor Made Real).
    CanBlockAdditionalThisTurn {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        any_number: bool,
    },
    /// 502.40: "[what] can attack this turn as though it didn't have
    /// defender" (Mirror Wall); for a group ("Creatures you control with
    /// defender …", Wakestone Gargoyle) a rule for the turn that covers
    /// creatures coming under that control later too.
    AttacksDespiteDefenderThisTurn { what: ObjectRef },
    /// "Target creature attacks this turn if able." (Boiling Blood): an
    /// attack requirement (500.1) until the turn ends.
    AttacksThisTurnIfAble { what: ObjectRef },
    /// "Target creature blocks CARDNAME this turn if able." (Rampant
    /// Elephant): a block requirement (500.1) for each combat of the turn,
    /// obeyed as far as possible (500.4).
    BlocksThisTurnIfAble {
        blocker: ObjectRef,
        attacker: ObjectRef,
    },
    /// "All creatures able to block target creature this turn do so."
    /// (Alluring Scent): Lure's block requirement (500.1) on that creature
    /// until the turn ends.
    MustBeBlockedThisTurn { what: ObjectRef },
    /// 310.1: "[It] assigns no combat damage this turn." (Ophidian,
    /// Floral Spuzzem): it doesn't assign combat damage in this turn's
    /// combat damage steps.
    AssignsNoCombatDamage { what: ObjectRef },
    /// "[Target unblocked attacking creature] becomes blocked." (Curtain
    /// of Light): an attacking creature not yet blocked becomes blocked by
    /// no creature (309.2f), its "becomes blocked" abilities trigger
    /// (309.4, 410.9c), and its whole band with it (502.10g).
    BecomesBlocked { what: ObjectRef },
    /// "Remove [it] from combat." (306.2, Mijae Djinn)
    RemoveFromCombat { what: ObjectRef },
    /// "[what] can't be blocked this combat" (Ma Chao, Western Warrior):
    /// until this combat phase ends (311.2), not the turn.
    CantBeBlockedThisCombat { what: ObjectRef },
    /// "[what] can't be blocked this turn" (Crafty Pathmage).
    CantBeBlockedThisTurn { what: ObjectRef },
    /// "[what] can't be blocked this turn except by Walls" (Varchild's
    /// Crusader: `BlockRule::OnlyBy`), "[what] can't be blocked by Walls
    /// this turn" (Tower of Coireall: `BlockRule::NotBy`): a restriction on
    /// blocking (500.1) on those objects until the turn ends.
    BlockRuleThisTurn {
        what: ObjectRef,
        rule: crate::BlockRule,
    },
    /// "[what] gain(s) menace until end of turn" (Gorilla War Cry,
    /// Searing Spear Askari; 2007: "can't be blocked except by two or more
    /// creatures"): a restriction on blocking (500.1) on those objects
    /// until the turn ends; a group is the objects in play as it resolves.
    MenaceThisTurn { what: ObjectRef },
    /// "[what] can't block [this] this turn" (Duct Crawler).
    CantBlockThisThisTurn { what: ObjectRef },
    /// 502.43a ninjutsu: "Put this card into play tapped and attacking"
    /// (only the card still in the hand, 217.1c).
    PutSelfIntoPlayAttacking,
    /// Camouflage: "This turn, instead of declaring blockers, each
    /// defending player chooses any number of creatures he or she controls
    /// and divides them into a number of piles equal to the number of
    /// attacking creatures for whom that player is the defending player.
    /// … Assign each pile to a different one of those attacking creatures
    /// at random. Each creature in a pile that can block the creature that
    /// pile is assigned to does so."
    BlockByPiles,
    /// 606.7a: the controller chooses which defending player the
    /// ability's "defending player" (`PlayerRef::Defending`) refers to
    /// (a choice only when a Two-Headed Giant team defends).
    ChooseDefendingPlayer,
    /// "That creature blocks this turn if able." (Provoke): a block
    /// requirement (500.1) for each combat of the turn, obeyed by blocking
    /// any attacking creature (500.4); `each`: "It blocks each attacking
    /// creature this turn if able" (Blaze of Glory), one requirement per
    /// attacking creature.
    BlocksAnyThisTurnIfAble {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "is_false")]
        each: bool,
    },
}
