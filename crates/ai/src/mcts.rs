//! A Monte Carlo tree search agent with determinization of hidden
//! information (single-observer information-set MCTS).
//!
//! Each iteration deals a fresh determinization, `Game::determinized(me)`:
//! what `me` sees is kept; the opponent's hand and every library are
//! re-dealt from the unseen cards and the game's generator is reseeded
//! from the agent's own, so the search never reads the real hidden cards
//! or the future shuffles and coin flips. On that copy it descends a tree
//! whose nodes are the strategic decisions (priority, declaring attackers
//! and blockers) of both players, choosing by UCB1 over the actions legal
//! in this determinization (counting how often each was available, so a
//! card seen only in some deals is not favoured), expands one untried
//! action, then plays a greedy rollout for a few turns and scores the
//! result: 1 or 0 for a finished game, else a heuristic of life, board and
//! cards. The other decisions (mulligans, paying mana, targets, …) are
//! made by the greedy policy, in the tree and at the root.
//!
//! The budget is a number of iterations by default, so the agent is
//! deterministic for a given seed (`with_time` searches for a duration
//! instead); the chosen action is the most visited legal one.

use crate::{Agent, GreedyAgent};
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::{Action, DecisionKind, Game, GameResult, PlayerId, Rng, Zone};

/// Iterations per searched decision when none is given (`mcts`).
pub const DEFAULT_ITERATIONS: u32 = 48;
/// Turns a rollout plays past the turn it starts in before it is scored.
pub const DEFAULT_ROLLOUT_TURNS: u32 = 2;
/// A rollout stops after this many actions whatever the turn.
const ROLLOUT_ACTIONS: u32 = 2_000;
/// UCB1 exploration constant for rewards in 0..=1.
const EXPLORATION: f64 = 0.7;

pub struct MctsAgent {
    rng: Rng,
    iterations: u32,
    /// A time budget per searched decision instead of `iterations` (not
    /// deterministic: how far the search gets depends on the machine).
    time: Option<std::time::Duration>,
    rollout_turns: u32,
    /// Makes the decisions that are not searched.
    greedy: GreedyAgent,
    /// The search tree, reused between decisions.
    tree: Vec<Node>,
    legal: Vec<Action>,
    path: Vec<usize>,
    /// Spells and abilities chosen at this point of the turn (turn, step,
    /// stack size) and how often.
    tried: Vec<(TurnPoint, Action, u32)>,
}

type TurnPoint = (u32, tolaria_cards::Step, usize);

struct Node {
    /// The action that leads here from the parent (the root has none).
    action: Option<Action>,
    /// Who chose `action`: rewards are counted for that player.
    player: PlayerId,
    children: Vec<usize>,
    visits: u32,
    /// Iterations in which this node's action was legal at the parent.
    available: u32,
    reward: f64,
}

impl MctsAgent {
    /// An agent with the default budget.
    pub fn new(seed: u64) -> Self {
        Self::with_budget(seed, DEFAULT_ITERATIONS, DEFAULT_ROLLOUT_TURNS)
    }

    /// `iterations` per searched decision (at least 1); rollouts of
    /// `rollout_turns` turns past the current one.
    pub fn with_budget(seed: u64, iterations: u32, rollout_turns: u32) -> Self {
        MctsAgent {
            rng: Rng::new(seed),
            iterations: iterations.max(1),
            time: None,
            rollout_turns,
            greedy: GreedyAgent::new(),
            tree: Vec::new(),
            legal: Vec::new(),
            path: Vec::new(),
            tried: Vec::new(),
        }
    }

    /// An agent that searches each decision for `time` (at least one
    /// iteration) instead of a number of iterations.
    pub fn with_time(seed: u64, time: std::time::Duration, rollout_turns: u32) -> Self {
        MctsAgent {
            time: Some(time),
            ..Self::with_budget(seed, 1, rollout_turns)
        }
    }

    pub fn iterations(&self) -> u32 {
        self.iterations
    }
}

/// The decisions the tree branches on; the rest follow the greedy policy.
fn strategic(kind: &DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::Priority | DecisionKind::DeclareAttackers | DecisionKind::DeclareBlockers
    )
}

/// The actions searched at a decision: at priority, floating mana for
/// nothing (a bare mana ability, 409.1g plays them while paying) is left
/// out, as the random agent does.
fn candidate(kind: &DecisionKind, a: &Action) -> bool {
    !(matches!(kind, DecisionKind::Priority) && matches!(a, Action::ActivateMana { .. }))
}

/// A heuristic chance that `p` wins a game still going: life, creatures in
/// play (power twice, toughness once), other permanents and cards in hand,
/// of `p`'s side (`p` and its teammates, 609.1) against the opponents'.
/// With several opponents each side counts as its average player, so
/// five opponents don't outweigh one player; an opponent who has left the
/// game (600.4) counts as a player with no life, cards or permanents. In a
/// two-player game the sides are one player each (weights of 1).
fn score(game: &Game, p: PlayerId) -> f64 {
    if game.player(p).lost {
        return 0.0;
    }
    let n = game.players.len();
    if n == 2 && game.player_ids().any(|q| q != p && game.player(q).lost) {
        return 1.0;
    }
    let allies = game
        .player_ids()
        .filter(|&q| !game.is_opponent(p, q))
        .count();
    let ally_w = 1.0 / allies as f64;
    let opp_w = 1.0 / (n - allies).max(1) as f64;
    let weight = |q: PlayerId| {
        if game.is_opponent(p, q) {
            -opp_w
        } else {
            ally_w
        }
    };
    let mut x = 0.0;
    for q in game.player_ids() {
        let pl = game.player(q);
        if pl.lost {
            x += weight(q) * -5.0;
            continue;
        }
        x += weight(q) * (game.life(q).clamp(-5, 40) as f64 + 0.8 * pl.hand.len() as f64);
    }
    for &id in &game.in_play {
        let o = &game.objects[id.slot as usize];
        if o.zone != Zone::InPlay {
            continue;
        }
        let sign = weight(o.controller);
        let ch = compute(game, id);
        let v = if ch.is_creature() {
            1.0 + 0.5 * (2 * ch.power.max(0) + (ch.toughness - o.damage as i32).max(0)) as f64
        } else {
            1.0
        };
        x += sign * v;
    }
    1.0 / (1.0 + (-x / 12.0).exp())
}

fn reward(game: &Game, p: PlayerId) -> f64 {
    match game.result {
        Some(GameResult::Win(w)) => f64::from(u8::from(w == p)),
        Some(GameResult::Draw) => 0.5,
        Some(r @ GameResult::TeamWin(_)) => f64::from(u8::from(r.won(game, p))),
        None => score(game, p),
    }
}

impl MctsAgent {
    fn search(&mut self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        self.tree.clear();
        self.tree.push(Node {
            action: None,
            player: me,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        });
        match self.time {
            None => {
                for _ in 0..self.iterations {
                    self.iterate(game, me);
                }
            }
            Some(t) => {
                let start = std::time::Instant::now();
                loop {
                    self.iterate(game, me);
                    if start.elapsed() >= t {
                        break;
                    }
                }
            }
        }
        // The most visited root action that is legal (ties: the first listed).
        let root = &self.tree[0];
        let mut best: Option<(u32, f64, &Action)> = None;
        for &c in &root.children {
            let n = &self.tree[c];
            let Some(a) = n.action.as_ref() else { continue };
            let mean = n.reward / f64::from(n.visits.max(1));
            if legal.contains(a)
                && best.is_none_or(|(v, m, _)| n.visits > v || (n.visits == v && mean > m))
            {
                best = Some((n.visits, mean, a));
            }
        }
        match best {
            Some((_, _, a)) => a.clone(),
            None => self.greedy.choose(game, me, legal),
        }
    }

    fn iterate(&mut self, real: &Game, me: PlayerId) {
        let mut g = real.determinized(me, &mut self.rng);
        g.events.clear();
        // One greedy policy per seat (each keeps its own payment state).
        let mut policy: Vec<GreedyAgent> = g.player_ids().map(|_| GreedyAgent::new()).collect();
        let mut node = 0usize;
        self.path.clear();
        self.path.push(0);
        let mut steps = 0u32;
        let mut expanded = false;
        // Selection and expansion.
        while !g.is_over() && !expanded && steps < ROLLOUT_ACTIONS {
            let Some(decider) = g.decider() else { break };
            let Some(kind) = g.decision.as_ref().map(|d| d.kind.clone()) else {
                break;
            };
            g.legal_actions_into(&mut self.legal);
            self.legal.retain(|a| candidate(&kind, a));
            if self.legal.is_empty() {
                break;
            }
            let action = if self.legal.len() == 1 {
                self.legal[0].clone()
            } else if !strategic(&kind) {
                // `candidate` filters only at priority, so this is the whole list.
                policy[decider.index()].choose(&g, decider, &self.legal)
            } else {
                let (a, child) = self.select(node, decider);
                if self.tree[child].visits == 0 {
                    expanded = true;
                }
                node = child;
                self.path.push(child);
                a
            };
            if g.apply(action).is_err() {
                break;
            }
            g.events.clear();
            steps += 1;
        }
        // Rollout.
        let last_turn = g.turn.saturating_add(self.rollout_turns);
        while !g.is_over() && steps < ROLLOUT_ACTIONS && g.turn <= last_turn {
            let Some(decider) = g.decider() else { break };
            g.legal_actions_into(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let a = policy[decider.index()].choose(&g, decider, &self.legal);
            if g.apply(a).is_err() {
                break;
            }
            g.events.clear();
            steps += 1;
        }
        // Backpropagation: each node scores for the player who chose it.
        for &n in &self.path {
            let r = reward(&g, self.tree[n].player);
            let node = &mut self.tree[n];
            node.visits += 1;
            node.reward += r;
        }
    }

    /// At `node`, with `self.legal` the candidates of this determinization:
    /// an untried action (a new child), else the UCB1 choice among the
    /// children legal here. Returns the action and the child.
    fn select(&mut self, node: usize, decider: PlayerId) -> (Action, usize) {
        let mut untried: Vec<usize> = Vec::new();
        for (i, a) in self.legal.iter().enumerate() {
            let known = self.tree[node]
                .children
                .iter()
                .find(|&&c| self.tree[c].action.as_ref() == Some(a));
            match known {
                Some(&c) => self.tree[c].available += 1,
                None => untried.push(i),
            }
        }
        if !untried.is_empty() {
            let a = self.legal[untried[self.rng.below(untried.len())]].clone();
            let child = self.tree.len();
            self.tree.push(Node {
                action: Some(a.clone()),
                player: decider,
                children: Vec::new(),
                visits: 0,
                available: 1,
                reward: 0.0,
            });
            self.tree[node].children.push(child);
            return (a, child);
        }
        let mut best: Option<(f64, usize)> = None;
        for &c in &self.tree[node].children {
            let n = &self.tree[c];
            let Some(a) = n.action.as_ref() else { continue };
            if !self.legal.contains(a) {
                continue;
            }
            let visits = f64::from(n.visits.max(1));
            let ucb = n.reward / visits
                + EXPLORATION * (f64::from(n.available.max(1)).ln() / visits).sqrt();
            if best.is_none_or(|(b, _)| ucb > b) {
                best = Some((ucb, c));
            }
        }
        let c = best.map_or(self.tree[node].children[0], |(_, c)| c);
        let a = self.tree[c]
            .action
            .clone()
            .unwrap_or_else(|| self.legal[0].clone());
        (a, c)
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> &str {
        "mcts"
    }

    fn choose(&mut self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        let Some(kind) = game.decision.as_ref().map(|d| &d.kind) else {
            return legal[0].clone();
        };
        if !strategic(kind) {
            return self.greedy.choose(game, me, legal);
        }
        // A spell the greedy payer abandoned comes back with the same
        // key: after a second try it is left out, so play cannot loop.
        let key = (game.turn, game.step, game.stack.len());
        self.tried.retain(|(k, ..)| *k == key);
        let tried = &self.tried;
        let excluded = |a: &Action| {
            tried.iter().any(|(_, t, n)| {
                t == a
                    && *n
                        >= if matches!(a, Action::PlaySpell(_) | Action::PlaySplit { .. }) {
                            2
                        } else {
                            20
                        }
            })
        };
        let a = if legal
            .iter()
            .filter(|a| candidate(kind, a) && !excluded(a))
            .count()
            <= 1
        {
            legal
                .iter()
                .find(|a| candidate(kind, a) && !excluded(a))
                .unwrap_or(&legal[0])
                .clone()
        } else {
            // Rewards count for whoever decides (507: the controller of a
            // turn plays it for their own good).
            let allowed: Vec<Action> = legal.iter().filter(|a| !excluded(a)).cloned().collect();
            self.search(game, me, &allowed)
        };
        if matches!(
            a,
            Action::PlaySpell(_) | Action::PlaySplit { .. } | Action::Activate { .. }
        ) {
            match self.tried.iter_mut().find(|(_, t, _)| *t == a) {
                Some(e) => e.2 += 1,
                None => self.tried.push((key, a.clone(), 1)),
            }
        }
        // The greedy payer starts each payment afresh.
        self.greedy = GreedyAgent::new();
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tolaria_cards::db;

    fn deck(names: &[&str]) -> Vec<tolaria_cards::CardId> {
        names
            .iter()
            .cycle()
            .take(40)
            .map(|n| db().by_name(n).unwrap_or_else(|| panic!("{n}")).id)
            .collect()
    }

    /// Plays greedy moves until P1 has a priority decision with a choice.
    fn to_a_searched_decision(seed: u64) -> Game {
        let a = deck(&[
            "Mountain",
            "Forest",
            "Grizzly Bears",
            "Shock",
            "Giant Growth",
        ]);
        let b = deck(&[
            "Plains",
            "Island",
            "Wind Drake",
            "Pacifism",
            "Savannah Lions",
        ]);
        let mut game = Game::new_game(&[("A", a), ("B", b)], seed);
        let mut agents = [GreedyAgent::new(), GreedyAgent::new()];
        for _ in 0..5_000 {
            let who = game.decider().expect("a decision");
            let legal = game.legal_actions();
            let kind = &game.decision.as_ref().unwrap().kind;
            if who == PlayerId(0)
                && game.turn >= 3
                && *kind == DecisionKind::Priority
                && legal.iter().filter(|a| candidate(kind, a)).count() >= 2
            {
                return game;
            }
            let a = agents[who.index()].choose(&game, who, &legal);
            game.apply(a).unwrap();
            assert!(!game.is_over());
        }
        panic!("no searched decision reached");
    }

    /// The agent answers with a legal action, and the same one whatever the
    /// hidden cards are (where the opponent's unseen cards lie, the game's
    /// generator): it reads only what its player may see (217.2, 217.4).
    #[test]
    fn r217_mcts_chooses_legally_without_reading_hidden_cards() {
        for seed in [1, 2, 3] {
            let game = to_a_searched_decision(seed);
            let me = PlayerId(0);
            let legal = game.legal_actions();
            let mut other = game.clone();
            let opp = other.player(PlayerId(1)).clone();
            let slots: Vec<usize> = opp
                .hand
                .iter()
                .chain(&opp.library)
                .map(|id| id.slot as usize)
                .collect();
            let mut cards: Vec<_> = slots.iter().map(|&s| other.objects[s].card).collect();
            cards.rotate_left(1);
            for (&s, &c) in slots.iter().zip(&cards) {
                other.objects[s].card = c;
            }
            other.rng = Rng::new(seed ^ 0xdead);
            let (mut x, mut y) = (
                MctsAgent::with_budget(7, 24, 2),
                MctsAgent::with_budget(7, 24, 2),
            );
            let a = x.choose(&game, me, &legal);
            let b = y.choose(&other, me, &legal);
            assert!(legal.contains(&a), "{a:?} is legal");
            assert_eq!(a, b, "seed {seed}: the choice depends on hidden cards");
            // The whole search, not only its answer: every node's visits
            // and summed rewards.
            let stats = |t: &MctsAgent| -> Vec<(u32, u64)> {
                t.tree
                    .iter()
                    .map(|n| (n.visits, n.reward.to_bits()))
                    .collect()
            };
            assert!(x.tree.len() > 1, "seed {seed}: the agent searched");
            assert_eq!(
                stats(&x),
                stats(&y),
                "seed {seed}: the search read hidden cards"
            );
        }
    }

    /// 217.2, 217.4 with three players: the search reads the hidden cards
    /// of no opponent (both opponents' hands and libraries are permuted),
    /// every seat's rollout policy is its own, and the answer is legal.
    #[test]
    fn r217_mcts_in_a_three_player_game_reads_no_opponents_hidden_cards() {
        use tolaria_rules::variants::multiplayer::{AttackOption, MultiplayerOptions};
        use tolaria_rules::variants::teams::{Entrant, Setup};
        let a = deck(&[
            "Mountain",
            "Forest",
            "Grizzly Bears",
            "Shock",
            "Giant Growth",
        ]);
        let b = deck(&[
            "Plains",
            "Island",
            "Wind Drake",
            "Pacifism",
            "Savannah Lions",
        ]);
        let entrants = [("A", &a), ("B", &b), ("C", &b)]
            .iter()
            .map(|(n, d)| Entrant {
                name: n.to_string(),
                deck: (*d).clone(),
                team: None,
                range: None,
            })
            .collect();
        let setup = Setup {
            entrants,
            options: MultiplayerOptions {
                attack: AttackOption::Multiple,
                ..MultiplayerOptions::default()
            },
            random_seating: false,
        };
        let mut game = Game::new_multiplayer(&setup, 4).unwrap();
        let mut agents = [GreedyAgent::new(), GreedyAgent::new(), GreedyAgent::new()];
        let me = PlayerId(0);
        loop {
            let who = game.decider().expect("a decision");
            let legal = game.legal_actions();
            let kind = &game.decision.as_ref().unwrap().kind;
            if who == me
                && game.turn >= 4
                && *kind == DecisionKind::Priority
                && legal.iter().filter(|a| candidate(kind, a)).count() >= 2
            {
                break;
            }
            let a = agents[who.index()].choose(&game, who, &legal);
            game.apply(a).unwrap();
            assert!(!game.is_over() && game.turn < 60, "no searched decision");
        }
        let legal = game.legal_actions();
        let mut other = game.clone();
        for opp in [PlayerId(1), PlayerId(2)] {
            let pl = other.player(opp).clone();
            let slots: Vec<usize> = pl
                .hand
                .iter()
                .chain(&pl.library)
                .map(|id| id.slot as usize)
                .collect();
            let mut cards: Vec<_> = slots.iter().map(|&s| other.objects[s].card).collect();
            cards.rotate_left(1);
            for (&s, &c) in slots.iter().zip(&cards) {
                other.objects[s].card = c;
            }
        }
        other.rng = Rng::new(0xdead);
        let (mut x, mut y) = (
            MctsAgent::with_budget(7, 24, 2),
            MctsAgent::with_budget(7, 24, 2),
        );
        let a1 = x.choose(&game, me, &legal);
        let a2 = y.choose(&other, me, &legal);
        assert!(legal.contains(&a1));
        assert_eq!(a1, a2, "the choice depends on hidden cards");
        let stats = |t: &MctsAgent| -> Vec<(u32, u64)> {
            t.tree
                .iter()
                .map(|n| (n.visits, n.reward.to_bits()))
                .collect()
        };
        assert!(x.tree.len() > 1, "the agent searched");
        assert_eq!(stats(&x), stats(&y), "the search read hidden cards");
        // The score is a chance, and a player who lost scores nothing.
        let s = score(&game, me);
        assert!((0.0..=1.0).contains(&s), "{s}");
        let mut lost = game.clone();
        lost.players[0].lost = true;
        assert_eq!(score(&lost, me), 0.0);
    }
}
