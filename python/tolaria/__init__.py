"""Tolaria: a Magic: The Gathering rules engine (Comprehensive Rules of May 2007) for AI research.

The engine (``Game``), the built-in agents (``Agent``), the card database (``cards``), the
fixed-shape encoding for learning (``encoding``), a batch of games stepped in Rust
(``VecEnv``), and the environments: ``tolaria.envs.TolariaEnv`` (Gymnasium) and
``tolaria.envs.TolariaAECEnv`` (PettingZoo). See docs/python.md.
"""

from . import cards
from ._tolaria import (
    MAX_ACTIONS,
    MAX_PLAYERS,
    OBS_LEN,
    Agent,
    DeckError,
    EngineError,
    Game,
    IllegalActionError,
    ReplayError,
    TolariaError,
    builtin_decks,
    load_deck,
    play_matches,
    rust_step_loop,
)
from .encoding import encode, observation_space
from .vector import VecEnv

__all__ = [
    "MAX_ACTIONS",
    "MAX_PLAYERS",
    "OBS_LEN",
    "Agent",
    "DeckError",
    "EngineError",
    "Game",
    "IllegalActionError",
    "ReplayError",
    "TolariaError",
    "VecEnv",
    "builtin_decks",
    "cards",
    "encode",
    "load_deck",
    "observation_space",
    "play_matches",
    "rust_step_loop",
]
