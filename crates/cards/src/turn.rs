//! The phases and steps of a turn (rules 300–314), named here because
//! triggered abilities ("at the beginning of your upkeep") refer to them.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Step {
    /// 302
    Untap,
    /// 303
    Upkeep,
    /// 304
    Draw,
    /// 305 (precombat main phase)
    PrecombatMain,
    /// 307
    BeginningOfCombat,
    /// 308
    DeclareAttackers,
    /// 309
    DeclareBlockers,
    /// 310 (the first of two when first or double strike is involved, 310.5)
    CombatDamage,
    /// 311
    EndOfCombat,
    /// 305 (postcombat main phase)
    PostcombatMain,
    /// 313
    EndOfTurn,
    /// 314
    Cleanup,
}

/// Phases (300.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Beginning,
    PrecombatMain,
    Combat,
    PostcombatMain,
    End,
}

impl Step {
    pub const ORDER: [Step; 12] = [
        Step::Untap,
        Step::Upkeep,
        Step::Draw,
        Step::PrecombatMain,
        Step::BeginningOfCombat,
        Step::DeclareAttackers,
        Step::DeclareBlockers,
        Step::CombatDamage,
        Step::EndOfCombat,
        Step::PostcombatMain,
        Step::EndOfTurn,
        Step::Cleanup,
    ];

    pub fn phase(self) -> Phase {
        match self {
            Step::Untap | Step::Upkeep | Step::Draw => Phase::Beginning,
            Step::PrecombatMain => Phase::PrecombatMain,
            Step::BeginningOfCombat
            | Step::DeclareAttackers
            | Step::DeclareBlockers
            | Step::CombatDamage
            | Step::EndOfCombat => Phase::Combat,
            Step::PostcombatMain => Phase::PostcombatMain,
            Step::EndOfTurn | Step::Cleanup => Phase::End,
        }
    }

    pub fn is_main(self) -> bool {
        matches!(self, Step::PrecombatMain | Step::PostcombatMain)
    }

    pub fn name(self) -> &'static str {
        match self {
            Step::Untap => "untap step",
            Step::Upkeep => "upkeep step",
            Step::Draw => "draw step",
            Step::PrecombatMain => "precombat main phase",
            Step::BeginningOfCombat => "beginning of combat step",
            Step::DeclareAttackers => "declare attackers step",
            Step::DeclareBlockers => "declare blockers step",
            Step::CombatDamage => "combat damage step",
            Step::EndOfCombat => "end of combat step",
            Step::PostcombatMain => "postcombat main phase",
            Step::EndOfTurn => "end of turn step",
            Step::Cleanup => "cleanup step",
        }
    }

    /// The rule that defines the step.
    pub fn rule(self) -> &'static str {
        match self {
            Step::Untap => "302",
            Step::Upkeep => "303",
            Step::Draw => "304",
            Step::PrecombatMain | Step::PostcombatMain => "305",
            Step::BeginningOfCombat => "307",
            Step::DeclareAttackers => "308",
            Step::DeclareBlockers => "309",
            Step::CombatDamage => "310",
            Step::EndOfCombat => "311",
            Step::EndOfTurn => "313",
            Step::Cleanup => "314",
        }
    }

    /// Short names used in scenario files ("main1", "upkeep", ...).
    pub fn from_short(s: &str) -> Option<Step> {
        Some(match s.to_ascii_lowercase().as_str() {
            "untap" => Step::Untap,
            "upkeep" => Step::Upkeep,
            "draw" => Step::Draw,
            "main1" | "precombat_main" | "main" => Step::PrecombatMain,
            "beginning_of_combat" | "begin_combat" => Step::BeginningOfCombat,
            "declare_attackers" | "attackers" => Step::DeclareAttackers,
            "declare_blockers" | "blockers" => Step::DeclareBlockers,
            "combat_damage" | "damage" => Step::CombatDamage,
            "end_of_combat" => Step::EndOfCombat,
            "main2" | "postcombat_main" => Step::PostcombatMain,
            "end" | "end_of_turn" => Step::EndOfTurn,
            "cleanup" => Step::Cleanup,
            _ => return None,
        })
    }

    pub fn short(self) -> &'static str {
        match self {
            Step::Untap => "untap",
            Step::Upkeep => "upkeep",
            Step::Draw => "draw",
            Step::PrecombatMain => "main1",
            Step::BeginningOfCombat => "beginning_of_combat",
            Step::DeclareAttackers => "declare_attackers",
            Step::DeclareBlockers => "declare_blockers",
            Step::CombatDamage => "combat_damage",
            Step::EndOfCombat => "end_of_combat",
            Step::PostcombatMain => "main2",
            Step::EndOfTurn => "end_of_turn",
            Step::Cleanup => "cleanup",
        }
    }

    pub fn next(self) -> Option<Step> {
        let i = Step::ORDER.iter().position(|s| *s == self)?;
        Step::ORDER.get(i + 1).copied()
    }
}

/// Whose turn a timing restriction allows ("during your turn").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnOf {
    Any,
    You,
    Opponent,
}

/// The part of a turn a timing restriction allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Window {
    /// No restriction on the step ("during your turn").
    Any,
    /// "during the declare blockers step", "during your upkeep".
    Step(Step),
    /// "during combat": the combat phase (306).
    Combat,
    /// "during combat before blockers are declared": the beginning of combat
    /// and declare attackers steps (307, 308).
    CombatBeforeBlockers,
    /// "during combat after blockers are declared" (Chaotic Strike): from the
    /// declare blockers step to the end of combat, if this combat had a
    /// declare blockers step (308.4 skips it without attackers).
    CombatAfterBlockers,
    /// "before attackers are declared": before the declare attackers step of
    /// the turn (its turn-based action declares them, 308.1).
    BeforeAttackers,
    /// "before the combat damage step": before the turn's first combat
    /// damage step (310).
    BeforeCombatDamage,
    /// "during the declare attackers step and only if you've been attacked
    /// this step": the player is the defending player of this combat (306.3)
    /// and creatures attack.
    AttackedThisStep,
    /// "after combat" (Glyph of Reincarnation): the turn's combat phase
    /// is over (the postcombat main phase and the end phase).
    AfterCombat,
    /// "before blockers are declared" (Rapid Fire): before the declare
    /// blockers step of the turn (309).
    BeforeBlockers,
    /// "after their upkeep step" (Reset): from the draw step on.
    AfterUpkeep,
}

/// "Play this spell only …" / "Play this ability only …": when a spell or
/// an activated ability may be played, besides the usual timing (408.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Timing {
    pub turn: TurnOf,
    pub window: Window,
}

impl Timing {
    /// Does the window include `step` (of the current turn)?
    /// `blockers_step`: this combat's declare blockers step has begun.
    pub fn window_has(self, step: Step, blockers_step: bool) -> bool {
        match self.window {
            Window::Any => true,
            Window::Step(s) => step == s,
            Window::Combat => step.phase() == Phase::Combat,
            Window::CombatBeforeBlockers => {
                matches!(step, Step::BeginningOfCombat | Step::DeclareAttackers)
            }
            Window::CombatAfterBlockers => {
                blockers_step
                    && matches!(
                        step,
                        Step::DeclareBlockers | Step::CombatDamage | Step::EndOfCombat
                    )
            }
            Window::BeforeAttackers => step < Step::DeclareAttackers,
            Window::BeforeCombatDamage => step < Step::CombatDamage,
            Window::AttackedThisStep => step == Step::DeclareAttackers,
            Window::AfterCombat => step > Step::EndOfCombat,
            Window::BeforeBlockers => step < Step::DeclareBlockers,
            Window::AfterUpkeep => step > Step::Upkeep,
        }
    }
}
