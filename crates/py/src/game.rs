//! `tolaria.Game` and `tolaria.Agent`: the engine and the built-in agents
//! as Python objects. Actions, decisions, views and events cross as plain
//! Python data (dicts, lists, strings) in the engine's serde form, the
//! client protocol: `"Pass"`, `{"PlayLand": {"slot": 3, "gen": 1}}`.

use crate::encode;
use crate::replay::{self, Seat};
use crate::table::{Table, Teams};
use crate::{deck_from_py, guard, DeckError, IllegalActionError, ReplayError, TolariaError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use pythonize::{depythonize, pythonize};
use tolaria_ai::{agent_by_name, Agent, AGENT_NAMES};
use tolaria_rules::engine::saved::SetupRecord;
use tolaria_rules::variants::multiplayer::AttackOption;
use tolaria_rules::{Action, Game, GameResult, PlayerId};

fn to_py<'py, T: serde::Serialize>(py: Python<'py>, v: &T) -> PyResult<Bound<'py, PyAny>> {
    pythonize(py, v).map_err(|e| TolariaError::new_err(e.to_string()))
}

/// An action from Python: an index into `legal` (int), the engine's serde
/// form as Python data, a variant name (`"Pass"`) or JSON text.
pub(crate) fn action_from_py(
    obj: &Bound<'_, PyAny>,
    legal: impl FnOnce() -> Vec<Action>,
) -> PyResult<Action> {
    if let Ok(i) = obj.extract::<i64>() {
        let legal = legal();
        return usize::try_from(i)
            .ok()
            .and_then(|i| legal.get(i).cloned())
            .ok_or_else(|| {
                IllegalActionError::new_err(format!(
                    "action index {i} is out of range: there are {} legal actions",
                    legal.len()
                ))
            });
    }
    if let Ok(s) = obj.extract::<String>() {
        let t = s.trim();
        let parsed = if t.starts_with('{') || t.starts_with('"') {
            serde_json::from_str::<Action>(t)
        } else {
            serde_json::from_value::<Action>(serde_json::Value::String(t.to_string()))
        };
        return parsed
            .map_err(|e| IllegalActionError::new_err(format!("{s:?} is not an action: {e}")));
    }
    depythonize::<Action>(obj)
        .map_err(|e| IllegalActionError::new_err(format!("not an action: {e}")))
}

/// A finished game of a batch (`play_matches`, `VecEnv.take_finished`):
/// its seed, winner, whether it was a draw or cut at the action cap
/// (`over` false), turns and actions.
pub(crate) fn finished_game_dict<'py>(
    py: Python<'py>,
    seed: u64,
    result: Option<GameResult>,
    turns: u32,
    actions: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seed", seed)?;
    d.set_item(
        "winner",
        match result {
            Some(GameResult::Win(p)) => Some(p.0),
            _ => None,
        },
    )?;
    d.set_item("draw", matches!(result, Some(GameResult::Draw)))?;
    d.set_item("over", result.is_some())?;
    d.set_item("turns", turns)?;
    d.set_item("actions", actions)?;
    Ok(d)
}

pub(crate) fn result_to_py<'py>(
    py: Python<'py>,
    r: Option<GameResult>,
) -> PyResult<Bound<'py, PyAny>> {
    let d = PyDict::new(py);
    match r {
        None => return Ok(py.None().into_bound(py)),
        Some(GameResult::Win(p)) => {
            d.set_item("winner", p.0)?;
            d.set_item("draw", false)?;
        }
        Some(GameResult::Draw) => {
            d.set_item("winner", py.None())?;
            d.set_item("draw", true)?;
        }
        // 609.5, 607.5a: a team variant is won by a team.
        Some(GameResult::TeamWin(t)) => {
            d.set_item("winner", py.None())?;
            d.set_item("team", t)?;
            d.set_item("draw", false)?;
        }
    }
    Ok(d.into_any())
}

/// Builds the seats from a list of decks (and optional player names).
pub(crate) fn seats_from_py(
    decks: &Bound<'_, PyAny>,
    names: Option<Vec<String>>,
) -> PyResult<Vec<Seat>> {
    let list: Vec<Bound<'_, PyAny>> = decks
        .extract()
        .map_err(|_| DeckError::new_err("decks: expected a list with one deck per player"))?;
    if list.len() < 2 {
        return Err(DeckError::new_err(format!(
            "a game needs at least two players, got {} decks",
            list.len()
        )));
    }
    if list.len() > u8::MAX as usize {
        return Err(DeckError::new_err("too many players"));
    }
    if let Some(n) = &names {
        if n.len() != list.len() {
            return Err(DeckError::new_err(format!(
                "{} names for {} decks",
                n.len(),
                list.len()
            )));
        }
    }
    let mut seats = Vec::new();
    for (i, d) in list.iter().enumerate() {
        let (deck, cards) = deck_from_py(d)
            .map_err(|e| DeckError::new_err(format!("deck {} : {}", i + 1, e.value(d.py()))))?;
        if cards.is_empty() {
            return Err(DeckError::new_err(format!("deck {}: no cards", i + 1)));
        }
        seats.push(Seat {
            name: names
                .as_ref()
                .map_or_else(|| format!("P{}", i + 1), |n| n[i].clone()),
            deck,
            agent: "python".into(),
            cards,
        });
    }
    Ok(seats)
}

/// A game of Magic under the 2007 rules. `Game(decks, seed)`: `decks` has
/// one deck per player (a built-in deck name such as `"red_green"`, a deck
/// file path, deck text, or a list of card names); `names` the players'
/// names (default P1, P2, ...); `attack` the multiplayer attack option
/// (`"left"`, `"right"`, `"multiple"`, 605.2b).
#[pyclass(name = "Game", module = "tolaria")]
#[derive(Clone)]
pub struct PyGame {
    pub game: Game,
    seed: u64,
    seats: Vec<Seat>,
    actions: Vec<Action>,
    /// The set-up the game started with (a saved game's; `replay::setup_for`).
    setup: Option<SetupRecord>,
}

impl PyGame {
    fn legal(&self) -> Vec<Action> {
        self.game.legal_actions()
    }
    fn player(&self, p: i64) -> PyResult<PlayerId> {
        if p < 0 || p as usize >= self.game.players.len() {
            return Err(TolariaError::new_err(format!(
                "player {p}: the game has players 0 to {}",
                self.game.players.len() - 1
            )));
        }
        Ok(PlayerId(p as u8))
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (decks=None, seed=0, names=None, attack=None, variant=None, teams=None, range=None, deploy=false, random_seating=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        decks: Option<&Bound<'_, PyAny>>,
        seed: u64,
        names: Option<Vec<String>>,
        attack: Option<String>,
        variant: Option<String>,
        teams: Option<Teams>,
        range: Option<u8>,
        deploy: bool,
        random_seating: bool,
    ) -> PyResult<Self> {
        let default;
        let decks = match decks {
            Some(d) => d,
            None => {
                default = PyList::new(py, ["red_green", "white_blue"])?.into_any();
                &default
            }
        };
        let seats = seats_from_py(decks, names)?;
        let table = Table {
            variant,
            teams,
            attack,
            range,
            deploy,
            random_seating,
        };
        let setup = table.setup(seats.len())?;
        let game = guard(|| {
            replay::new_game(&seats, seed, setup.as_ref()).map_err(TolariaError::new_err)
        })?;
        Ok(PyGame {
            game,
            seed,
            seats,
            actions: Vec::new(),
            setup,
        })
    }

    /// A copy of the game (the whole state, history included): cheap.
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// Pickles as its saved form (seed, decks, actions): replayed on load.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let text = self.to_json()?;
        let f = py
            .import("tolaria._tolaria")?
            .getattr("_game_from_record")?;
        PyTuple::new(py, [f, PyTuple::new(py, [text])?.into_any()])
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The multiplayer attack option (605.2b): "left", "right" or "multiple".
    #[getter]
    fn attack(&self) -> &'static str {
        match self.game.options.attack {
            AttackOption::Left => "left",
            AttackOption::Right => "right",
            AttackOption::Multiple => "multiple",
        }
    }

    /// Each seat's result: +1 for the winner or each player of the winning
    /// team (606.8, 607.5, 609.5), -1 for the others, 0 in a draw or while
    /// the game goes on.
    fn rewards(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.game.players.len()];
        crate::table::rewards(&self.game, &mut out);
        out
    }

    /// 600.2: the variant ("FreeForAll", "Teams", "Emperor", "TwoHeadedGiant", ...).
    #[getter]
    fn variant(&self) -> String {
        serde_json::to_value(self.game.options.variant)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// Each seat's team (609.1, 607.1, 606.1), `None` without teams.
    #[getter]
    fn teams(&self) -> Vec<Option<u8>> {
        self.game.players.iter().map(|p| p.team).collect()
    }

    /// For each seat, the index in `decks` of the player sitting there:
    /// seat k holds deck k unless the variant seats players itself (607.2:
    /// each emperor in the middle of the team) or `random_seating` was
    /// asked for (605.3, 609.3).
    #[getter]
    fn seat_decks(&self) -> Vec<usize> {
        let mut by_seat: Vec<usize> = (0..self.game.players.len()).collect();
        for e in 0..self.seats.len() {
            if let Some(p) = self.game.seat_of_entrant(e) {
                by_seat[p.index()] = e;
            }
        }
        by_seat
    }

    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.players.len()
    }

    /// The players' names.
    #[getter]
    fn player_names(&self) -> Vec<String> {
        self.game.players.iter().map(|p| p.name.clone()).collect()
    }

    #[getter]
    fn turn(&self) -> u32 {
        self.game.turn
    }

    #[getter]
    fn step(&self) -> String {
        format!("{:?}", self.game.step)
    }

    /// The pending decision (`{"player": 0, "kind": "Priority"}`), or None.
    #[getter]
    fn decision<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.decision)
    }

    /// Who makes the pending decision (507.3), or None.
    #[getter]
    fn decider(&self) -> Option<u8> {
        self.game.decider().map(|p| p.0)
    }

    /// Every legal answer to the pending decision, in the engine's order.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let legal = guard(|| Ok(self.legal()))?;
        to_py(py, &legal)
    }

    /// The number of legal actions.
    fn num_legal_actions(&self) -> PyResult<usize> {
        guard(|| Ok(self.legal().len()))
    }

    /// Applies an action: an index into `legal_actions()`, or an action in
    /// the engine's form. Raises `IllegalActionError` with the engine's
    /// message (the game is unchanged).
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action_from_py(action, || self.legal())?;
        guard(|| {
            self.game
                .apply(a.clone())
                .map_err(|e| IllegalActionError::new_err(e.to_string()))
        })?;
        self.actions.push(a);
        Ok(())
    }

    /// What `player` may see (hidden information removed), as plain data.
    fn view<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyAny>> {
        let p = self.player(player)?;
        let v = guard(|| Ok(self.game.view(p)))?;
        to_py(py, &v)
    }

    /// The events since the last call, each `{"rule", "text", "event"}`
    /// (the full log: it shows every player's draws).
    fn take_events<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for e in self.game.take_events() {
            let v: serde_json::Value = serde_json::from_str(&e.json_line())
                .map_err(|e| TolariaError::new_err(e.to_string()))?;
            out.append(to_py(py, &v)?)?;
        }
        Ok(out)
    }

    /// The log lines since the last call (each starts with its rule number).
    fn take_log(&mut self) -> Vec<String> {
        self.game
            .take_events()
            .iter()
            .filter_map(|e| e.log_line())
            .collect()
    }

    /// Whether each player has lost (left the game, 600.4), by seat.
    fn lost_players(&self) -> Vec<bool> {
        self.game.players.iter().map(|p| p.lost).collect()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// None while the game goes on; `{"winner": 0, "draw": False}` or
    /// `{"winner": None, "draw": True}`.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        result_to_py(py, self.game.result)
    }

    /// The winner's seat, or None (game going on, or a draw).
    #[getter]
    fn winner(&self) -> Option<u8> {
        match self.game.result {
            Some(GameResult::Win(p)) => Some(p.0),
            _ => None,
        }
    }

    /// The actions applied since the start, in the engine's form.
    #[getter]
    fn actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.actions)
    }

    /// The encoding of what `player` sees: (observation bytes of float32,
    /// mask bytes, number of legal actions). `tolaria.encode` wraps it.
    fn encode_raw<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyTuple>> {
        let p = self.player(player)?;
        let mut obs = vec![0f32; encode::OBS_LEN];
        let mut mask = vec![0u8; encode::MAX_ACTIONS];
        let n = guard(|| Ok(encode::encode_game(&self.game, p, &mut obs, &mut mask)))?;
        let ob = PyBytes::new(py, f32_bytes(&obs));
        let mb = PyBytes::new(py, &mask);
        PyTuple::new(
            py,
            [
                ob.into_any(),
                mb.into_any(),
                n.into_pyobject(py)?.into_any(),
            ],
        )
    }

    /// The saved game (the format of `tolaria replay`) as JSON text.
    fn to_json(&self) -> PyResult<String> {
        let r = guard(|| {
            replay::record(self.seed, &self.seats, self.setup.as_ref(), &self.actions)
                .map_err(ReplayError::new_err)
        })?;
        serde_json::to_string_pretty(&r).map_err(|e| ReplayError::new_err(e.to_string()))
    }

    /// Saves the game for `tolaria replay FILE` or `Game.load(FILE)`.
    fn save(&self, path: &str) -> PyResult<()> {
        let text = self.to_json()?;
        std::fs::write(path, text + "\n")
            .map_err(|e| ReplayError::new_err(format!("{path}: cannot write the saved game: {e}")))
    }

    /// Loads a saved game (from `save` or `tolaria play --save`), replaying
    /// and checking it; the game is at the point it was saved.
    #[staticmethod]
    fn load(path: &str) -> PyResult<PyGame> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            ReplayError::new_err(format!("{path}: cannot read the saved game: {e}"))
        })?;
        from_record(&text, path)
    }

    /// A game from saved-game JSON text.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyGame> {
        from_record(text, "<text>")
    }

    fn __repr__(&self) -> String {
        format!(
            "<tolaria.Game seed={} players={} turn={} step={:?} over={}>",
            self.seed,
            self.game.players.len(),
            self.game.turn,
            self.game.step,
            self.game.is_over()
        )
    }
}

fn from_record(text: &str, file: &str) -> PyResult<PyGame> {
    guard(|| {
        let (saved, seats, game) = replay::load(text, file).map_err(ReplayError::new_err)?;
        Ok(PyGame {
            game,
            seed: saved.seed,
            seats,
            actions: saved.actions,
            setup: saved.setup,
        })
    })
}

#[pyfunction]
#[pyo3(name = "_game_from_record")]
pub fn game_from_record(text: &str) -> PyResult<PyGame> {
    from_record(text, "<pickle>")
}

pub(crate) fn f32_bytes(v: &[f32]) -> &[u8] {
    // SAFETY: f32 has no padding or invalid bit patterns as bytes; the
    // slice covers exactly the floats' memory.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}

fn make_agent(name: &str, seed: u64) -> PyResult<Box<dyn Agent + Send>> {
    agent_by_name(name, seed).ok_or_else(|| {
        TolariaError::new_err(format!(
            "unknown agent {name:?}: expected one of {}",
            AGENT_NAMES.join(", ")
        ))
    })
}

/// A built-in agent: `Agent("random" | "greedy" | "mcts" | "mcts:N" |
/// "mcts:Nms", seed)`. It reads only the deciding player's view.
#[pyclass(name = "Agent", module = "tolaria")]
pub struct PyAgent {
    agent: std::sync::Mutex<Box<dyn Agent + Send>>,
    name: String,
}

#[pymethods]
impl PyAgent {
    #[new]
    #[pyo3(signature = (name="random", seed=0))]
    fn new(name: &str, seed: u64) -> PyResult<Self> {
        Ok(PyAgent {
            agent: std::sync::Mutex::new(make_agent(name, seed)?),
            name: name.to_string(),
        })
    }

    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The agent's choice for the pending decision of `game` (the GIL is
    /// released while it thinks).
    fn choose<'py>(&mut self, py: Python<'py>, game: &PyGame) -> PyResult<Bound<'py, PyAny>> {
        let g = &game.game;
        let agent = self.agent.get_mut().unwrap_or_else(|e| e.into_inner());
        let a = py.allow_threads(|| {
            guard(|| {
                let Some(d) = g.decider() else {
                    return Err(TolariaError::new_err("no decision is pending"));
                };
                let legal = g.legal_actions();
                if legal.is_empty() {
                    return Err(TolariaError::new_err("no legal action"));
                }
                Ok(agent.choose(g, d, &legal))
            })
        })?;
        to_py(py, &a)
    }

    /// Chooses and applies one action to `game`.
    fn act(&mut self, py: Python<'_>, game: &mut PyGame) -> PyResult<()> {
        let a = self.choose(py, game)?;
        game.apply(&a)
    }

    fn __repr__(&self) -> String {
        format!("<tolaria.Agent {}>", self.name)
    }
}

/// Plays one game per seed between built-in agents, inside Rust with the
/// GIL released (over `threads` threads): for simulation and Ray workers.
/// Returns one dict per game: seed, winner, draw, turns, actions.
#[pyfunction]
#[pyo3(signature = (decks, agents, seeds, max_actions=100_000, threads=1, attack=None, variant=None, teams=None))]
#[allow(clippy::too_many_arguments)]
pub fn play_matches<'py>(
    py: Python<'py>,
    decks: &Bound<'py, PyAny>,
    agents: Vec<String>,
    seeds: Vec<u64>,
    max_actions: u64,
    threads: usize,
    attack: Option<String>,
    variant: Option<String>,
    teams: Option<Teams>,
) -> PyResult<Bound<'py, PyList>> {
    let seats = seats_from_py(decks, None)?;
    if agents.len() != seats.len() {
        return Err(TolariaError::new_err(format!(
            "{} agents for {} players",
            agents.len(),
            seats.len()
        )));
    }
    for a in &agents {
        make_agent(a, 0)?;
    }
    let setup = Table::of(variant, teams, attack).setup(seats.len())?;
    let run = |seed: u64| -> Result<(u64, Option<GameResult>, u32, u64), String> {
        let mut g = replay::new_game(&seats, seed, setup.as_ref())?;
        let mut ags: Vec<Box<dyn Agent>> = agents
            .iter()
            .enumerate()
            .map(|(i, a)| -> Box<dyn Agent> {
                agent_by_name(a, seed.wrapping_mul(31).wrapping_add(i as u64 + 1)).unwrap()
            })
            .collect();
        let n = tolaria_ai::play_out(&mut g, &mut ags, max_actions);
        Ok((seed, g.result, g.turn, n))
    };
    let threads = threads.max(1).min(seeds.len().max(1));
    let results: Vec<Result<_, String>> = py.allow_threads(|| {
        let chunk = seeds.len().div_ceil(threads).max(1);
        std::thread::scope(|s| {
            let handles: Vec<_> = seeds
                .chunks(chunk)
                .map(|c| {
                    s.spawn(|| {
                        c.iter()
                            .map(|&seed| {
                                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(seed)))
                                    .unwrap_or_else(|_| Err(format!("engine panic in game {seed}")))
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        })
    });
    let out = PyList::empty(py);
    for r in results {
        let (seed, result, turns, n) = r.map_err(crate::EngineError::new_err)?;
        out.append(finished_game_dict(py, seed, result, turns, n)?)?;
    }
    Ok(out)
}

/// The engine's own loop, for comparison: random agents play `games` games
/// (seeds 0..games) on `decks`; returns (actions applied, seconds).
#[pyfunction]
#[pyo3(signature = (decks, games, max_actions=100_000))]
pub fn rust_step_loop(
    py: Python<'_>,
    decks: &Bound<'_, PyAny>,
    games: u64,
    max_actions: u64,
) -> PyResult<(u64, f64)> {
    let seats = seats_from_py(decks, None)?;
    py.allow_threads(|| {
        guard(|| {
            let t = std::time::Instant::now();
            let mut total = 0;
            for seed in 0..games {
                let mut g = replay::new_game(&seats, seed, None).map_err(TolariaError::new_err)?;
                let mut ags: Vec<Box<dyn Agent>> = (0..seats.len())
                    .map(|i| -> Box<dyn Agent> {
                        agent_by_name("random", seed * 7 + i as u64 + 1).unwrap()
                    })
                    .collect();
                total += tolaria_ai::play_out(&mut g, &mut ags, max_actions);
            }
            Ok((total, t.elapsed().as_secs_f64()))
        })
    })
}
