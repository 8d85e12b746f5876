//! Stops: where the game asks the human for priority, as in other clients.
//!
//! At a priority decision (408.1c) with something to play, the game stops
//! for the human when the current step is one of their stops (per step, on
//! their own turn and on the opponents'), or when an opponent's spell or
//! ability is on top of the stack, unless a pass mode is on: pass until the
//! human's next turn, until the end of turn step, or until something
//! happens they can respond to (an opponent's spell or ability, an attack).
//! Triggered abilities the human chose to auto-yield to are passed.

use std::collections::BTreeSet;
use tolaria_cards::Step;
use tolaria_rules::{Game, PlayerId, StackKind};

/// How far the human passes without being asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Stop at the stops.
    Stops,
    /// Until the human's next turn begins (then the stops apply again).
    MyTurn { from: u32 },
    /// Until the end of turn step of this turn (313).
    EndOfTurn { turn: u32 },
    /// Until an opponent plays a spell or ability, or attacks; or the
    /// human's next turn begins.
    Respond { from: u32 },
}

pub struct Stops {
    pub mode: Mode,
    /// The steps the human stops at on their own turn.
    pub mine: BTreeSet<Step>,
    /// The steps the human stops at on an opponent's turn.
    pub theirs: BTreeSet<Step>,
    /// Stack items (by their text) the human auto-yields to.
    pub yields: Vec<String>,
}

/// The steps by the short names the `stop` command takes.
pub const STEP_NAMES: &[(&str, Step)] = &[
    ("upkeep", Step::Upkeep),
    ("draw", Step::Draw),
    ("main1", Step::PrecombatMain),
    ("combat", Step::BeginningOfCombat),
    ("attackers", Step::DeclareAttackers),
    ("blockers", Step::DeclareBlockers),
    ("damage", Step::CombatDamage),
    ("endcombat", Step::EndOfCombat),
    ("main2", Step::PostcombatMain),
    ("end", Step::EndOfTurn),
];

pub fn step_by_name(w: &str) -> Option<Step> {
    let w = w.trim_end_matches(['s', ':']);
    STEP_NAMES
        .iter()
        .find(|(n, _)| n.trim_end_matches('s') == w)
        .map(|&(_, s)| s)
        .or(match w {
            "main" | "precombat" => Some(Step::PrecombatMain),
            "postcombat" => Some(Step::PostcombatMain),
            "eot" | "endofturn" | "end-of-turn" => Some(Step::EndOfTurn),
            "attack" => Some(Step::DeclareAttackers),
            "block" => Some(Step::DeclareBlockers),
            _ => None,
        })
}

pub fn step_short(s: Step) -> &'static str {
    STEP_NAMES
        .iter()
        .find(|(_, x)| *x == s)
        .map_or("?", |(n, _)| n)
}

impl Default for Stops {
    fn default() -> Self {
        Stops {
            mode: Mode::Stops,
            mine: [
                Step::PrecombatMain,
                Step::DeclareBlockers,
                Step::PostcombatMain,
            ]
            .into_iter()
            .collect(),
            theirs: [Step::DeclareAttackers, Step::EndOfTurn]
                .into_iter()
                .collect(),
            yields: Vec::new(),
        }
    }
}

impl Stops {
    /// Whether the human, holding priority with something to play, is
    /// asked (true) or passes (false). Ends a pass mode that has arrived.
    pub fn stop_here(&mut self, game: &Game, me: PlayerId) -> bool {
        let my_turn = game.active == me;
        if let Some(top) = game.stack.last() {
            if top.controller == me {
                // The human's own spell or ability: let it resolve.
                return false;
            }
            let text = stack_text(game, top);
            if self.yields.contains(&text) {
                return false;
            }
            return match self.mode {
                Mode::MyTurn { .. } => false,
                // An opponent's spell or ability: something to respond to.
                Mode::Stops | Mode::EndOfTurn { .. } | Mode::Respond { .. } => {
                    self.mode = Mode::Stops;
                    true
                }
            };
        }
        let attacked = game.step == Step::DeclareAttackers
            && !my_turn
            && game
                .view(me)
                .in_play
                .iter()
                .any(|x| x.attacking && x.controller != me);
        match self.mode {
            Mode::MyTurn { from } | Mode::Respond { from } if my_turn && game.turn != from => {
                self.mode = Mode::Stops;
            }
            Mode::MyTurn { .. } => return false,
            Mode::Respond { .. } if attacked => {
                self.mode = Mode::Stops;
                return true;
            }
            Mode::Respond { .. } => return false,
            Mode::EndOfTurn { turn } if game.turn == turn && game.step != Step::EndOfTurn => {
                return false
            }
            Mode::EndOfTurn { turn } if game.turn == turn => {
                self.mode = Mode::Stops;
                return true;
            }
            Mode::EndOfTurn { .. } => self.mode = Mode::Stops,
            Mode::Stops => {}
        }
        let set = if my_turn { &self.mine } else { &self.theirs };
        if !set.contains(&game.step) {
            return false;
        }
        // No attack, nothing to answer at the opponent's declare attackers.
        !(game.step == Step::DeclareAttackers && !my_turn && !attacked)
    }

    /// The stops, for the `stops` command.
    pub fn describe(&self) -> String {
        let list = |s: &BTreeSet<Step>| {
            if s.is_empty() {
                "none".to_string()
            } else {
                s.iter()
                    .map(|&x| step_short(x))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let mut t = format!(
            "Stops on your turn: {}; on the opponent's: {}. An opponent's spell or ability always stops (unless you yield to it).",
            list(&self.mine),
            list(&self.theirs)
        );
        if !self.yields.is_empty() {
            t.push_str(&format!(" Auto-yield to: {}.", self.yields.join("; ")));
        }
        t
    }
}

/// A stack item's text as the terminal shows it (the yield key).
pub fn stack_text(game: &Game, item: &tolaria_rules::StackItem) -> String {
    let v = game.view(item.controller);
    let i = game
        .stack
        .iter()
        .position(|x| std::ptr::eq(x, item))
        .unwrap_or(0);
    let kind = match item.kind {
        StackKind::Spell { .. } => "spell",
        _ => "ability",
    };
    v.stack
        .get(i)
        .map_or_else(|| kind.to_string(), |s| s.description.clone())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use tolaria_rules::{Action, DecisionKind};

    /// A game at P1's first precombat main phase, P1 holding priority.
    pub(crate) fn at_main() -> Game {
        let deck = crate::decks::builtin("black_white").unwrap().cards;
        let mut g = Game::new_game(&[("A", deck.clone()), ("B", deck)], 3);
        for _ in 0..200 {
            let d = g.decision.clone().unwrap();
            if d.kind == DecisionKind::Priority
                && d.player == g.active
                && g.step == Step::PrecombatMain
            {
                return g;
            }
            let a = if d.kind == DecisionKind::Mulligan {
                Action::Keep
            } else if g.legal_actions().contains(&Action::Pass) {
                Action::Pass
            } else {
                g.legal_actions()[0].clone()
            };
            g.apply(a).unwrap();
        }
        panic!("no main phase");
    }

    #[test]
    fn stops_and_pass_modes() {
        let g = at_main();
        let me = g.active;
        let mut s = Stops::default();
        assert!(s.stop_here(&g, me), "main1 is a default stop");
        s.mode = Mode::MyTurn { from: g.turn };
        assert!(!s.stop_here(&g, me), "pass turn passes the rest of it");
        s.mode = Mode::EndOfTurn { turn: g.turn };
        assert!(!s.stop_here(&g, me), "pass eot passes until the end step");
        assert_eq!(s.mode, Mode::EndOfTurn { turn: g.turn });
        s.mode = Mode::Stops;
        s.mine.remove(&Step::PrecombatMain);
        assert!(!s.stop_here(&g, me), "a removed stop");
        assert_eq!(step_by_name("main1"), Some(Step::PrecombatMain));
        assert_eq!(step_by_name("eot"), Some(Step::EndOfTurn));
        assert_eq!(step_by_name("blockers"), Some(Step::DeclareBlockers));
    }
}
