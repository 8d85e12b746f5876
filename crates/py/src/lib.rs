//! The Python extension module `tolaria._tolaria` (PyO3, abi3): the engine
//! (`Game`), the built-in agents (`Agent`), the card database and deck
//! files, the fixed-shape encoding for learning (`encode`), and a batch of
//! games stepped inside Rust with the GIL released (`VecEnv`). The Python
//! package `tolaria` (python/tolaria) wraps it with numpy, Gymnasium and
//! PettingZoo; docs/python.md documents both.
//!
//! Bad input is a Python exception carrying the engine's message; every
//! call into the engine also runs under `catch_unwind`, so an engine panic
//! becomes `tolaria.EngineError` instead of crossing the boundary.

mod encode;
mod env;
mod game;
mod replay;
mod table;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::panic::{catch_unwind, AssertUnwindSafe};
use tolaria_cards::{db, CardDef, CardId, Deck, Layout, PtValue};

create_exception!(
    _tolaria,
    TolariaError,
    PyException,
    "Any error from Tolaria."
);
create_exception!(
    _tolaria,
    IllegalActionError,
    TolariaError,
    "An action that is not a legal answer to the pending decision (the game is unchanged)."
);
create_exception!(
    _tolaria,
    DeckError,
    TolariaError,
    "A deck that cannot be read or played."
);
create_exception!(
    _tolaria,
    ReplayError,
    TolariaError,
    "A saved game that cannot be read or replayed."
);
create_exception!(
    _tolaria,
    EngineError,
    TolariaError,
    "The engine failed inside (a bug in Tolaria): the game should be discarded."
);

/// Runs `f`, turning a panic into `EngineError`.
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            Err(EngineError::new_err(format!("engine panic: {msg}")))
        }
    }
}

/// The decks shipped inside the package, by name.
pub(crate) const BUILTIN_DECKS: &[(&str, &str)] = &[
    ("red_green", include_str!("../../../decks/red_green.txt")),
    ("white_blue", include_str!("../../../decks/white_blue.txt")),
    (
        "rg_beats_old",
        include_str!("../../../decks/bench/rg_beats_old.dck"),
    ),
    (
        "white_weenie_old",
        include_str!("../../../decks/bench/white_weenie_old.dck"),
    ),
];

/// A deck from Python: a built-in deck's name, a deck file's path, the
/// text of a deck file (several lines), or a list of card names.
pub(crate) fn deck_from_py(obj: &Bound<'_, PyAny>) -> PyResult<(String, Vec<CardId>)> {
    if let Ok(s) = obj.extract::<String>() {
        if let Some((name, text)) = BUILTIN_DECKS.iter().find(|(n, _)| *n == s) {
            let d = Deck::parse(text, name).map_err(|e| DeckError::new_err(e.to_string()))?;
            return Ok((name.to_string(), d.cards()));
        }
        let d = if s.contains('\n') {
            Deck::parse(&s, "deck")
        } else {
            Deck::load(&s)
        }
        .map_err(|e| DeckError::new_err(e.to_string()))?;
        return Ok((d.name.clone(), d.cards()));
    }
    if let Ok(names) = obj.extract::<Vec<String>>() {
        let mut cards = Vec::with_capacity(names.len());
        for (i, n) in names.iter().enumerate() {
            let def = db()
                .by_name(n)
                .ok_or_else(|| DeckError::new_err(format!("card {}: unknown card {n:?}", i + 1)))?;
            if let Some(u) = def.unsupported() {
                return Err(DeckError::new_err(format!(
                    "card {}: Tolaria cannot play {n:?}: the phrase {:?} is not supported ({})",
                    i + 1,
                    u.phrase,
                    u.reason
                )));
            }
            cards.push(def.id);
        }
        return Ok(("custom".into(), cards));
    }
    Err(DeckError::new_err(
        "a deck is a built-in deck name, a deck file path, deck text, or a list of card names",
    ))
}

fn pt(v: Option<PtValue>) -> Option<String> {
    v.map(|v| match v {
        PtValue::Fixed(n) => n.to_string(),
        PtValue::Star(0) => "*".into(),
        PtValue::Star(n) => format!("{n}+*"),
    })
}

fn card_dict<'py>(py: Python<'py>, card: &CardDef) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("id", card.id.0)?;
    d.set_item("name", &card.name)?;
    d.set_item(
        "layout",
        match card.layout {
            Layout::Normal => "normal",
            Layout::Split => "split",
            Layout::Flip => "flip",
        },
    )?;
    d.set_item("first_set", &card.first_set)?;
    d.set_item("release_date", &card.release_date)?;
    d.set_item("supported", card.is_supported())?;
    d.set_item(
        "unsupported",
        card.unsupported()
            .map(|u| format!("the phrase {:?} ({})", u.phrase, u.reason)),
    )?;
    let faces = pyo3::types::PyList::empty(py);
    for f in &card.faces {
        let fd = PyDict::new(py);
        fd.set_item("name", &f.name)?;
        fd.set_item("mana_cost", f.mana_cost.as_ref().map(|c| c.to_string()))?;
        fd.set_item(
            "converted_mana_cost",
            f.mana_cost.as_ref().map_or(0, |c| c.converted()),
        )?;
        fd.set_item("type_line", f.type_line())?;
        fd.set_item("power", pt(f.power))?;
        fd.set_item("toughness", pt(f.toughness))?;
        fd.set_item("text", &f.oracle_text)?;
        fd.set_item(
            "keywords",
            tolaria_cards::Keyword::ALL
                .iter()
                .filter(|&&k| f.keywords.has(k))
                .map(|k| k.name())
                .collect::<Vec<_>>(),
        )?;
        fd.set_item(
            "abilities",
            f.abilities
                .iter()
                .map(|a| format!("{a:?}"))
                .collect::<Vec<_>>(),
        )?;
        faces.append(fd)?;
    }
    d.set_item("faces", faces)?;
    d.set_item("rulings", card.rulings.len())?;
    Ok(d)
}

/// A card's data and compiled abilities, by name (`tolaria cards show NAME`).
#[pyfunction]
fn card_show<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyDict>> {
    let card = db()
        .lookup(name)
        .map_err(pyo3::exceptions::PyKeyError::new_err)?;
    card_dict(py, card)
}

/// A card's data by database id.
#[pyfunction]
fn card_by_id<'py>(py: Python<'py>, id: u16) -> PyResult<Bound<'py, PyDict>> {
    if id as usize >= db().len() {
        return Err(pyo3::exceptions::PyKeyError::new_err(format!(
            "no card with id {id} (the database has {})",
            db().len()
        )));
    }
    card_dict(py, db().get(CardId(id)))
}

/// The names of the cards in the pool (`supported_only`: only those the engine plays).
#[pyfunction]
#[pyo3(signature = (supported_only=false))]
fn card_names(supported_only: bool) -> Vec<String> {
    db().iter()
        .filter(|c| !supported_only || c.is_supported())
        .map(|c| c.name.clone())
        .collect()
}

/// The number of cards in the database (card ids are below it).
#[pyfunction]
fn card_count() -> usize {
    db().len()
}

/// A deck file (plain list or Forge `.dck`), or a built-in deck by name.
#[pyfunction]
fn load_deck<'py>(py: Python<'py>, path: &str) -> PyResult<Bound<'py, PyDict>> {
    let deck = match BUILTIN_DECKS.iter().find(|(n, _)| *n == path) {
        Some((name, text)) => Deck::parse(text, name),
        None => Deck::load(path),
    }
    .map_err(|e| DeckError::new_err(e.to_string()))?;
    let d = PyDict::new(py);
    d.set_item("name", &deck.name)?;
    let names = |v: &[(CardId, u32)]| -> Vec<(String, u32)> {
        v.iter()
            .map(|&(c, n)| (db().get(c).name.clone(), n))
            .collect()
    };
    d.set_item("main", names(&deck.main))?;
    d.set_item("sideboard", names(&deck.sideboard))?;
    d.set_item(
        "cards",
        deck.cards()
            .iter()
            .map(|&c| db().get(c).name.clone())
            .collect::<Vec<_>>(),
    )?;
    Ok(d)
}

/// The names of the decks shipped inside the package.
#[pyfunction]
fn builtin_decks() -> Vec<&'static str> {
    BUILTIN_DECKS.iter().map(|(n, _)| *n).collect()
}

/// The card-data version (saved games record it).
#[pyfunction]
fn card_data_version() -> &'static str {
    tolaria_cards::card_data_hash()
}

#[pymodule]
fn _tolaria(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TolariaError", py.get_type::<TolariaError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("DeckError", py.get_type::<DeckError>())?;
    m.add("ReplayError", py.get_type::<ReplayError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyAgent>()?;
    m.add_class::<env::VecEnv>()?;
    m.add_function(wrap_pyfunction!(card_show, m)?)?;
    m.add_function(wrap_pyfunction!(card_by_id, m)?)?;
    m.add_function(wrap_pyfunction!(card_names, m)?)?;
    m.add_function(wrap_pyfunction!(card_count, m)?)?;
    m.add_function(wrap_pyfunction!(load_deck, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_decks, m)?)?;
    m.add_function(wrap_pyfunction!(card_data_version, m)?)?;
    m.add_function(wrap_pyfunction!(game::play_matches, m)?)?;
    m.add_function(wrap_pyfunction!(game::rust_step_loop, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_from_record, m)?)?;
    m.add_function(wrap_pyfunction!(env::layout, m)?)?;
    m.add_function(wrap_pyfunction!(env::card_feature_names, m)?)?;
    m.add_function(wrap_pyfunction!(env::kind_names, m)?)?;
    m.add("MAX_ACTIONS", encode::MAX_ACTIONS)?;
    m.add("OBS_LEN", encode::OBS_LEN)?;
    m.add("MAX_PLAYERS", encode::MAX_PLAYERS)?;
    Ok(())
}
