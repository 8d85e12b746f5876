//! The benchmark's random agent (`../shared/bench/README.md`): keeps every
//! opening hand; at priority passes with probability 0.3, otherwise picks
//! uniformly among the other legal actions; at any other decision picks
//! uniformly.
//!
//! Two choices the README leaves open, made here and reported with the
//! figures: mana abilities are played while paying costs (409.1g), not
//! floated at priority, so "other legal actions" at priority excludes bare
//! mana activations; and a payment that can still be completed is never
//! abandoned (`CancelPlay` is chosen only when nothing else is legal).

use crate::Agent;
use tolaria_rules::{Action, Game, PlayerId, Rng};

pub struct RandomAgent {
    rng: Rng,
    scratch: Vec<usize>,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: Rng::new(seed),
            scratch: Vec::new(),
        }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game, _me: PlayerId, legal: &[Action]) -> Action {
        if legal.iter().any(|a| matches!(a, Action::Keep)) {
            return Action::Keep;
        }
        let priority = matches!(
            game.decision.as_ref().map(|d| &d.kind),
            Some(tolaria_rules::DecisionKind::Priority)
        );
        if priority {
            self.scratch.clear();
            self.scratch.extend(
                legal
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| !matches!(a, Action::Pass | Action::ActivateMana { .. }))
                    .map(|(i, _)| i),
            );
            if self.scratch.is_empty() || self.rng.below(10) < 3 {
                return Action::Pass;
            }
            return legal[self.scratch[self.rng.below(self.scratch.len())]].clone();
        }
        self.scratch.clear();
        self.scratch.extend(
            legal
                .iter()
                .enumerate()
                .filter(|(_, a)| !matches!(a, Action::CancelPlay))
                .map(|(i, _)| i),
        );
        if self.scratch.is_empty() {
            return legal[0].clone();
        }
        legal[self.scratch[self.rng.below(self.scratch.len())]].clone()
    }
}
