"""A batch of games stepped inside Rust (GIL released), one call per batch of actions."""

from __future__ import annotations

import numpy as np

from . import _tolaria
from ._tolaria import MAX_ACTIONS, OBS_LEN
from .encoding import split


class VecEnv:
    """``num_envs`` games, each with learning seats and a built-in opponent for the others.

    ``opponent=None`` makes every seat a learner (batched self-play): ``to_play`` then says whose
    decision each observation is. ``reset()`` and ``step(actions)`` return a dict of numpy
    arrays: ``obs`` [N, OBS_LEN] (split with ``tolaria.encoding.split``), ``mask``
    [N, MAX_ACTIONS], ``to_play`` [N], ``rewards`` [N, players] (+1 win, -1 loss, 0 draw or cut,
    on the step a game ends), ``terminated``/``truncated`` [N] and ``n_legal`` [N]. A game that
    ends is replaced at once by a new one (next seed); ``take_finished()`` lists the ended games.
    ``threads`` > 1 steps the games on that many threads (same results for any number).
    """

    def __init__(
        self,
        num_envs: int,
        decks=None,
        seed: int = 0,
        opponent: str | None = "random",
        learners=None,
        max_actions: int = 20000,
        threads: int = 1,
        attack: str | None = None,
        encode: bool = True,
        variant: str | None = None,
        teams=None,
    ):
        self._env = _tolaria.VecEnv(
            num_envs,
            decks,
            seed,
            opponent,
            learners,
            max_actions,
            threads,
            attack,
            encode,
            variant,
            teams,
        )
        self.num_envs = num_envs
        self.num_players = self._env.num_players

    def _unpack(self, t) -> dict:
        n = self.num_envs
        obs, mask, to_play, rew, term, trunc, nl = t
        return {
            "obs": np.frombuffer(obs, np.float32).reshape(n, OBS_LEN),
            "mask": np.frombuffer(mask, np.int8).reshape(n, MAX_ACTIONS),
            "to_play": np.frombuffer(to_play, np.int32),
            "rewards": np.frombuffer(rew, np.float32).reshape(n, self.num_players),
            "terminated": np.frombuffer(term, np.bool_),
            "truncated": np.frombuffer(trunc, np.bool_),
            "n_legal": np.frombuffer(nl, np.uint32),
        }

    def reset(self, seed: int | None = None) -> dict:
        return self._unpack(self._env.reset(seed))

    def step(self, actions) -> dict:
        a = np.ascontiguousarray(actions, dtype=np.int64)
        if a.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, got shape {a.shape}")
        return self._unpack(self._env.step(a.tobytes()))

    def take_finished(self) -> list:
        return self._env.take_finished()

    def view(self, i: int, player: int) -> dict:
        return self._env.view(i, player)

    @staticmethod
    def split(obs: np.ndarray) -> dict:
        return split(obs)


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal position per row of ``mask`` (vectorised)."""
    scores = rng.random(mask.shape) * mask
    return scores.argmax(axis=1)
