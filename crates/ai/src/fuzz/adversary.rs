//! The fuzz driver's adversarial agent: plays like the random agent but
//! does what careful agents avoid, to reach the engine's rarely taken
//! paths: takes mulligans (down to nothing), cancels plays half paid,
//! floats mana at priority (and lets it burn), keeps choosing instead of
//! passing, and now and then concedes (600.4 in multiplayer games). Every
//! answer is a listed action, except a concession (`Action::Concede` is
//! never listed, always the player's own to send).

use crate::Agent;
use tolaria_rules::{Action, DecisionKind, Game, PlayerId, Rng};

pub struct AdversarialAgent {
    rng: Rng,
    /// Out of 10,000 actions, how many are concessions.
    concede_per_10k: usize,
}

impl AdversarialAgent {
    pub fn new(seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let concede_per_10k = [0, 0, 1, 5][rng.below(4)];
        AdversarialAgent {
            rng,
            concede_per_10k,
        }
    }

    /// Whether this agent concedes now (asked by the driver before
    /// `choose`, since a concession isn't among the legal actions).
    pub fn concedes(&mut self) -> bool {
        self.concede_per_10k > 0 && self.rng.below(10_000) < self.concede_per_10k
    }
}

impl Agent for AdversarialAgent {
    fn name(&self) -> &str {
        "adversarial"
    }

    fn choose(&mut self, game: &Game, _me: PlayerId, legal: &[Action]) -> Action {
        let kind = game.decision.as_ref().map(|d| d.kind.clone());
        let pick = |rng: &mut Rng, f: &dyn Fn(&Action) -> bool| -> Option<Action> {
            let v: Vec<&Action> = legal.iter().filter(|a| f(a)).collect();
            (!v.is_empty()).then(|| v[rng.below(v.len())].clone())
        };
        if matches!(kind, Some(DecisionKind::Mulligan)) {
            // Mulligans often, sometimes down to an empty hand.
            if self.rng.below(3) == 0 {
                if let Some(a) = pick(&mut self.rng, &|a| matches!(a, Action::Mulligan)) {
                    return a;
                }
            }
            return pick(&mut self.rng, &|a| matches!(a, Action::Keep))
                .unwrap_or_else(|| legal[0].clone());
        }
        // Cancels a play being paid for, one time in eight.
        if legal.contains(&Action::CancelPlay) && self.rng.below(8) == 0 {
            return Action::CancelPlay;
        }
        if matches!(kind, Some(DecisionKind::Priority)) {
            let r = self.rng.below(10);
            // Floats mana: a mana ability at priority.
            if r < 2 {
                if let Some(a) = pick(&mut self.rng, &|a| matches!(a, Action::ActivateMana { .. }))
                {
                    return a;
                }
            }
            if r < 4 {
                return Action::Pass;
            }
            if let Some(a) = pick(&mut self.rng, &|a| !matches!(a, Action::Pass)) {
                return a;
            }
            return Action::Pass;
        }
        legal[self.rng.below(legal.len())].clone()
    }
}
