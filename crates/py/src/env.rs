//! `VecEnv`: many games stepped inside Rust with the GIL released, one call
//! per batch of actions. Each game has learning seats and, optionally, a
//! built-in agent playing every other seat (its decisions are taken inside
//! the step). A step applies the action chosen for the game's current
//! learner decision (an index into its legal actions, as the mask allows)
//! and returns the encoding of the next learner decision; a game that ends
//! (or reaches `max_actions`) is recorded and replaced by a new one with
//! the next seed (auto-reset), so every returned observation is a decision.

use crate::encode::{self, MAX_ACTIONS, OBS_LEN};
use crate::game::{f32_bytes, seats_from_py};
use crate::replay::new_game;
use crate::replay::Seat;
use crate::table::{Table, Teams};
use crate::{guard, IllegalActionError, TolariaError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};
use tolaria_ai::{agent_by_name, Agent};
use tolaria_rules::engine::saved::SetupRecord;
use tolaria_rules::{Action, Game, GameResult, PlayerId};

struct Slot {
    game: Game,
    /// One per seat: `None` for a learning seat.
    agents: Vec<Option<std::sync::Mutex<Box<dyn Agent + Send>>>>,
    seed: u64,
    /// Engine actions applied in this game (all seats).
    actions: u64,
    buf: Vec<Action>,
}

/// What one step of one game produced.
#[derive(Default, Clone, Copy)]
struct Outcome {
    to_play: i32,
    terminated: bool,
    truncated: bool,
    n_legal: u32,
}

struct Config {
    seats: Vec<Seat>,
    opponent: Option<String>,
    learners: Vec<bool>,
    max_actions: u64,
    /// The table's set-up (variant, teams, options: `Table::setup`).
    setup: Option<SetupRecord>,
    encode: bool,
}

impl Config {
    /// A new game; an impossible set-up (too many players for the attack
    /// option) is an error, found when the environment is made.
    fn slot(&self, seed: u64) -> PyResult<Slot> {
        let game =
            new_game(&self.seats, seed, self.setup.as_ref()).map_err(TolariaError::new_err)?;
        let agents = (0..self.seats.len())
            .map(|i| {
                if self.learners[i] {
                    None
                } else {
                    let name = self.opponent.as_deref().unwrap_or("random");
                    agent_by_name(
                        name,
                        seed.wrapping_mul(1_000_003).wrapping_add(i as u64 + 1),
                    )
                    .map(std::sync::Mutex::new)
                }
            })
            .collect();
        Ok(Slot {
            game,
            agents,
            seed,
            actions: 0,
            buf: Vec::new(),
        })
    }
}

impl Slot {
    /// Lets the built-in agents decide until a learner decides or the game
    /// ends; returns whether the game ended (or was cut).
    fn run_agents(&mut self, max_actions: u64) -> (bool, bool) {
        loop {
            if self.game.is_over() {
                return (true, false);
            }
            if self.actions >= max_actions {
                return (false, true);
            }
            let Some(d) = self.game.decider() else {
                return (false, true);
            };
            let Some(agent) = self.agents[d.index()].as_mut() else {
                return (false, false);
            };
            self.game.legal_actions_into(&mut self.buf);
            if self.buf.is_empty() {
                return (false, true);
            }
            let agent = agent.get_mut().unwrap_or_else(|e| e.into_inner());
            let a = agent.choose(&self.game, d, &self.buf);
            if self.game.apply(a).is_err() {
                return (false, true);
            }
            self.game.events.clear();
            self.actions += 1;
        }
    }
}

/// Work for one chunk of games: on a thread, or done inline.
enum Job<'scope, T> {
    Thread(std::thread::ScopedJoinHandle<'scope, T>),
    Done(T),
}

/// Rewards of a finished game per seat: +1 the winner, -1 the others, 0 for a draw or a cut game.
/// A batch of games stepped in Rust. `VecEnv(num_envs, decks, seed,
/// opponent="random", learners=[0], max_actions=20000, threads=1)`:
/// `opponent=None` makes every seat a learner (self-play: `to_play` says
/// whose decision each observation is).
#[pyclass(module = "tolaria")]
pub struct VecEnv {
    cfg: Config,
    slots: Vec<Slot>,
    next_seed: u64,
    threads: usize,
    obs: Vec<f32>,
    mask: Vec<u8>,
    finished: Vec<(u64, Option<GameResult>, u32, u64)>,
}

impl VecEnv {
    fn step_one(
        cfg: &Config,
        slot: &mut Slot,
        action: i64,
        rew: &mut [f32],
    ) -> Result<Outcome, String> {
        let mut out = Outcome::default();
        if action >= 0 {
            slot.game.legal_actions_into(&mut slot.buf);
            let limit = slot.buf.len().min(MAX_ACTIONS);
            let i = action as usize;
            if i >= limit {
                return Err(format!(
                    "the game of seed {}: action {i} is not legal: {} legal actions",
                    slot.seed,
                    slot.buf.len()
                ));
            }
            let a = slot.buf[i].clone();
            slot.game.apply(a).map_err(|e| e.to_string())?;
            slot.game.events.clear();
            slot.actions += 1;
        }
        let (over, cut) = slot.run_agents(cfg.max_actions);
        out.terminated = over;
        out.truncated = cut && !over;
        if over || cut {
            crate::table::rewards(&slot.game, rew);
        }
        Ok(out)
    }

    fn observe(cfg: &Config, slot: &Slot, obs: &mut [f32], mask: &mut [u8], out: &mut Outcome) {
        let p = slot.game.decider().unwrap_or(PlayerId(0));
        out.to_play = p.0 as i32;
        if cfg.encode {
            out.n_legal = encode::encode_game(&slot.game, p, obs, mask) as u32;
        } else {
            let n = slot.game.legal_actions().len();
            mask.fill(0);
            mask[..n.min(MAX_ACTIONS)].fill(1);
            out.n_legal = n as u32;
        }
    }

    /// Steps every game with its action (-1: no action, after a reset);
    /// fills `obs`, `mask`, `rew`; returns the outcomes and finished games.
    #[allow(clippy::type_complexity)]
    fn run(
        &mut self,
        actions: &[i64],
        rew: &mut [f32],
    ) -> Result<(Vec<Outcome>, Vec<(u64, Option<GameResult>, u32, u64)>), String> {
        let n = self.slots.len();
        let np = self.cfg.seats.len();
        let mut outs = vec![Outcome::default(); n];
        let threads = self.threads.clamp(1, n.max(1));
        let chunk = n.div_ceil(threads).max(1);
        let cfg = &self.cfg;
        let base_seed = self.next_seed;
        // Seeds for the games that end: given in game order after the run,
        // so the same for any number of threads.
        type Ended = Vec<(usize, (u64, Option<GameResult>, u32, u64))>;
        let results: Vec<Result<Ended, String>> = std::thread::scope(|s| {
            let handles: Vec<_> = self
                .slots
                .chunks_mut(chunk)
                .zip(outs.chunks_mut(chunk))
                .zip(rew.chunks_mut(chunk * np))
                .zip(actions.chunks(chunk))
                .enumerate()
                .map(|(ci, (((slots, outs), rew), acts))| {
                    let mut work = move || -> Result<Ended, String> {
                        let mut ended = Vec::new();
                        for (j, slot) in slots.iter_mut().enumerate() {
                            let r = &mut rew[j * np..(j + 1) * np];
                            r.fill(0.0);
                            let step =
                                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                    Self::step_one(cfg, slot, acts[j], r)
                                }))
                                .unwrap_or_else(|_| {
                                    Err(format!("engine panic in the game of seed {}", slot.seed))
                                })?;
                            outs[j] = step;
                            if step.terminated || step.truncated {
                                ended.push((
                                    ci * chunk + j,
                                    (slot.seed, slot.game.result, slot.game.turn, slot.actions),
                                ));
                            }
                        }
                        // New games for the ended ones are made after the
                        // join (their seeds depend on the order).
                        Ok(ended)
                    };
                    // One thread: no thread at all (a spawn costs more than a step).
                    if threads > 1 {
                        Job::Thread(s.spawn(work))
                    } else {
                        Job::Done(work())
                    }
                })
                .collect();
            handles
                .into_iter()
                .map(|h| match h {
                    Job::Done(r) => r,
                    Job::Thread(h) => h
                        .join()
                        .unwrap_or_else(|_| Err("a worker thread failed".into())),
                })
                .collect()
        });
        let mut ended = Vec::new();
        for r in results {
            for (i, rec) in r? {
                ended.push((i, rec));
            }
        }
        ended.sort_by_key(|e| e.0);
        let mut finished = Vec::new();
        let mut seed = base_seed;
        for (i, rec) in ended {
            self.slots[i] = cfg.slot(seed).map_err(|e| e.to_string())?;
            seed += 1;
            finished.push(rec);
        }
        self.next_seed = seed;
        // Games just reset run their agents up to a learner decision, then
        // every game is observed, in parallel again.
        let cfg = &self.cfg;
        std::thread::scope(|s| {
            for (((slots, outs), obs), mask) in self
                .slots
                .chunks_mut(chunk)
                .zip(outs.chunks_mut(chunk))
                .zip(self.obs.chunks_mut(chunk * OBS_LEN))
                .zip(self.mask.chunks_mut(chunk * MAX_ACTIONS))
            {
                let mut work = move || {
                    for (j, slot) in slots.iter_mut().enumerate() {
                        if outs[j].terminated || outs[j].truncated || slot.actions == 0 {
                            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                slot.run_agents(cfg.max_actions)
                            }));
                        }
                        let o = &mut obs[j * OBS_LEN..(j + 1) * OBS_LEN];
                        let m = &mut mask[j * MAX_ACTIONS..(j + 1) * MAX_ACTIONS];
                        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            Self::observe(cfg, slot, o, m, &mut outs[j])
                        }));
                    }
                };
                if threads > 1 {
                    s.spawn(work);
                } else {
                    work();
                }
            }
        });
        Ok((outs, finished))
    }

    fn pack<'py>(
        &self,
        py: Python<'py>,
        outs: &[Outcome],
        rew: &[f32],
    ) -> PyResult<Bound<'py, PyTuple>> {
        let to_play: Vec<i32> = outs.iter().map(|o| o.to_play).collect();
        let term: Vec<u8> = outs.iter().map(|o| o.terminated as u8).collect();
        let trunc: Vec<u8> = outs.iter().map(|o| o.truncated as u8).collect();
        let nl: Vec<u32> = outs.iter().map(|o| o.n_legal).collect();
        let items: Vec<Bound<'py, PyAny>> = vec![
            PyBytes::new(py, f32_bytes(&self.obs)).into_any(),
            PyBytes::new(py, &self.mask).into_any(),
            PyBytes::new(py, i32_bytes(&to_play)).into_any(),
            PyBytes::new(py, f32_bytes(rew)).into_any(),
            PyBytes::new(py, &term).into_any(),
            PyBytes::new(py, &trunc).into_any(),
            PyBytes::new(py, u32_bytes(&nl)).into_any(),
        ];
        PyTuple::new(py, items)
    }
}

fn i32_bytes(v: &[i32]) -> &[u8] {
    // SAFETY: plain integers, exactly the slice's memory.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}

fn u32_bytes(v: &[u32]) -> &[u8] {
    // SAFETY: plain integers, exactly the slice's memory.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (num_envs, decks=None, seed=0, opponent=Some("random".to_string()), learners=None, max_actions=20_000, threads=1, attack=None, encode=true, variant=None, teams=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        decks: Option<&Bound<'_, PyAny>>,
        seed: u64,
        opponent: Option<String>,
        learners: Option<Vec<usize>>,
        max_actions: u64,
        threads: usize,
        attack: Option<String>,
        encode: bool,
        variant: Option<String>,
        teams: Option<Teams>,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(TolariaError::new_err("num_envs must be at least 1"));
        }
        let default;
        let decks = match decks {
            Some(d) => d,
            None => {
                default = PyList::new(py, ["red_green", "white_blue"])?.into_any();
                &default
            }
        };
        let seats = seats_from_py(decks, None)?;
        if let Some(o) = &opponent {
            if agent_by_name(o, 0).is_none() {
                return Err(TolariaError::new_err(format!("unknown agent {o:?}")));
            }
        }
        let mut is_learner = vec![opponent.is_none(); seats.len()];
        if opponent.is_some() {
            for l in learners.unwrap_or_else(|| vec![0]) {
                if l >= seats.len() {
                    return Err(TolariaError::new_err(format!(
                        "learner seat {l}: the game has seats 0 to {}",
                        seats.len() - 1
                    )));
                }
                is_learner[l] = true;
            }
        }
        let setup = Table::of(variant, teams, attack).setup(seats.len())?;
        let cfg = Config {
            seats,
            opponent,
            learners: is_learner,
            max_actions,
            setup,
            encode,
        };
        let slots = (0..num_envs as u64)
            .map(|i| cfg.slot(seed + i))
            .collect::<PyResult<_>>()?;
        Ok(VecEnv {
            cfg,
            slots,
            next_seed: seed + num_envs as u64,
            threads,
            obs: vec![0.0; num_envs * OBS_LEN],
            mask: vec![0; num_envs * MAX_ACTIONS],
            finished: Vec::new(),
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.cfg.seats.len()
    }

    /// Starts new games: seeds `seed`, `seed + 1`, … (or continues the
    /// current seed sequence); returns (obs, mask, to_play, rewards,
    /// terminated, truncated, n_legal) as bytes.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        let base = seed.unwrap_or(self.next_seed);
        let n = self.slots.len();
        guard(|| {
            for (i, s) in self.slots.iter_mut().enumerate() {
                *s = self.cfg.slot(base + i as u64)?;
            }
            Ok(())
        })?;
        self.next_seed = base + n as u64;
        let mut rew = vec![0f32; n * self.cfg.seats.len()];
        let acts = vec![-1i64; n];
        let (outs, _) = py
            .allow_threads(|| self.run(&acts, &mut rew))
            .map_err(TolariaError::new_err)?;
        self.pack(py, &outs, &rew)
    }

    /// Steps every game: `actions` is the bytes of an int64 array (one
    /// index into each game's legal actions). Same return as `reset`; the
    /// games that ended are replaced and listed by `take_finished()`.
    fn step<'py>(&mut self, py: Python<'py>, actions: &[u8]) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.slots.len();
        if actions.len() != n * 8 {
            return Err(IllegalActionError::new_err(format!(
                "expected {n} int64 actions ({} bytes), got {} bytes",
                n * 8,
                actions.len()
            )));
        }
        let acts: Vec<i64> = actions
            .chunks_exact(8)
            .map(|b| i64::from_le_bytes(b.try_into().unwrap()))
            .collect();
        let mut rew = vec![0f32; n * self.cfg.seats.len()];
        let (outs, fin) = py
            .allow_threads(|| self.run(&acts, &mut rew))
            .map_err(IllegalActionError::new_err)?;
        self.finished.extend(fin);
        self.pack(py, &outs, &rew)
    }

    /// The games that ended since the last call: dicts with seed, winner,
    /// draw, over (false: cut at max_actions), turns, actions.
    fn take_finished<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for (seed, result, turns, actions) in self.finished.drain(..) {
            out.append(crate::game::finished_game_dict(
                py, seed, result, turns, actions,
            )?)?;
        }
        Ok(out)
    }

    /// A copy of game `i` as a `tolaria.Game`-like snapshot is not kept
    /// (games here record no history); `view(i, player)` shows it.
    fn view<'py>(&self, py: Python<'py>, i: usize, player: u8) -> PyResult<Bound<'py, PyAny>> {
        let s = self
            .slots
            .get(i)
            .ok_or_else(|| TolariaError::new_err(format!("no game {i}")))?;
        pythonize::pythonize(py, &s.game.view(PlayerId(player)))
            .map_err(|e| TolariaError::new_err(e.to_string()))
    }
}

/// The observation layout: a list of (name, rows, cols).
#[pyfunction]
pub fn layout() -> Vec<(&'static str, usize, usize)> {
    encode::LAYOUT
        .iter()
        .map(|p| (p.name, p.rows, p.cols))
        .collect()
}

/// The names of the card features (the columns of `hand`, the first
/// columns of `in_play`, `graveyard` and the last of `stack`).
#[pyfunction]
pub fn card_feature_names() -> Vec<String> {
    encode::card_feature_names()
}

/// The decision kinds and action kinds in one-hot order.
#[pyfunction]
pub fn kind_names() -> (Vec<&'static str>, Vec<&'static str>) {
    (
        encode::DECISION_KINDS.to_vec(),
        encode::ACTION_KINDS.to_vec(),
    )
}
