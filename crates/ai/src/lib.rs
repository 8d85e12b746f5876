//! Agents: each chooses only from the engine's legal actions and the
//! player's `view` (no peeking at hidden information).

pub mod exercise;
pub mod fuzz;
pub mod greedy;
pub mod mcts;
pub mod random;

pub use greedy::GreedyAgent;
pub use mcts::MctsAgent;
pub use random::RandomAgent;

use tolaria_rules::{Action, Game, PlayerId};

/// An agent chooses one of the legal actions for the player it decides for.
pub trait Agent {
    fn name(&self) -> &str;
    /// `legal` is never empty. The agent may read `game.view(me)` only.
    fn choose(&mut self, game: &Game, me: PlayerId, legal: &[Action]) -> Action;
}

/// Plays a whole game with one agent per seat; returns the number of actions applied.
pub fn play_out(game: &mut Game, agents: &mut [Box<dyn Agent>], max_actions: u64) -> u64 {
    let mut buf = Vec::new();
    let mut n = 0;
    while !game.is_over() && n < max_actions {
        let Some(decider) = game.decider() else { break };
        // The listing at priority kept between decisions (issue 22).
        game.legal_actions_kept(&mut buf);
        if buf.is_empty() {
            break;
        }
        let a = agents[decider.index()].choose(game, decider, &buf);
        game.apply(a).expect("agents choose legal actions");
        game.events.clear();
        n += 1;
    }
    n
}

/// The agents by name, for command lines: `random`, `greedy` or `mcts`
/// (`mcts:N` searches N iterations per decision, `mcts:Nms` N milliseconds).
pub const AGENT_NAMES: &[&str] = &["random", "greedy", "mcts", "mcts:N", "mcts:Nms"];

/// Makes an agent by name (`random`, `greedy`, `mcts`, `mcts:N` with N
/// iterations per searched decision, `mcts:Nms` searching N milliseconds
/// per decision), seeded where it uses randomness.
pub fn agent_by_name(name: &str, seed: u64) -> Option<Box<dyn Agent + Send>> {
    let name = name.trim().to_ascii_lowercase();
    match name.as_str() {
        "random" => Some(Box::new(RandomAgent::new(seed))),
        "greedy" => Some(Box::new(GreedyAgent::new())),
        "mcts" => Some(Box::new(MctsAgent::new(seed))),
        _ => {
            let budget = name.strip_prefix("mcts:")?.trim();
            if let Some(ms) = budget.strip_suffix("ms") {
                let ms: u64 = ms.trim().parse().ok()?;
                return (ms > 0).then(|| {
                    Box::new(MctsAgent::with_time(
                        seed,
                        std::time::Duration::from_millis(ms),
                        mcts::DEFAULT_ROLLOUT_TURNS,
                    )) as Box<dyn Agent + Send>
                });
            }
            let n: u32 = budget.parse().ok()?;
            (n > 0).then(|| {
                Box::new(MctsAgent::with_budget(seed, n, mcts::DEFAULT_ROLLOUT_TURNS))
                    as Box<dyn Agent + Send>
            })
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn agents_by_name() {
        for name in ["random", "greedy", "mcts", "MCTS", "mcts:10", "mcts:250ms"] {
            assert!(super::agent_by_name(name, 1).is_some(), "{name}");
        }
        for name in ["", "mcts:", "mcts:0", "mcts:0ms", "mcts:x", "alphazero"] {
            assert!(super::agent_by_name(name, 1).is_none(), "{name}");
        }
    }
}
