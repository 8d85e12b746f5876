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
