"""Environments: ``TolariaEnv`` (Gymnasium, one learning seat against a built-in agent) and
``TolariaAECEnv`` (PettingZoo AEC, every seat an agent, two or more players).

Observations are the fixed-shape encoding of ``tolaria.encoding`` (a dict of float32 arrays plus
``action_mask``, or one flat vector with ``obs_type="flat"``); an action is a position in the
legal-action list (``Discrete(MAX_ACTIONS)``), legal where the mask is 1. Rewards: +1 for a win,
-1 for a loss, 0 for a draw or a game cut at ``max_actions``, given when the game ends.
"""

from __future__ import annotations

import functools

import gymnasium
import numpy as np
from gymnasium import spaces

from ._tolaria import MAX_ACTIONS, OBS_LEN, Agent, Game, IllegalActionError
from .encoding import BOUND, encode_flat, observation_space, split


def _resolve(game: Game, action: int, invalid_action: str) -> tuple:
    """The legal index for ``action`` and whether it was invalid."""
    n = min(game.num_legal_actions(), MAX_ACTIONS)
    a = int(action)
    if 0 <= a < n:
        return a, False
    if invalid_action == "raise":
        raise IllegalActionError(
            f"action {a} is not legal: {n} legal actions (use the action mask)"
        )
    return a % max(n, 1), True


class TolariaEnv(gymnasium.Env):
    """One learning seat (``seat``) against a built-in agent (``opponent``) in the other seats.

    ``decks``: one deck per player (built-in names, deck file paths, deck text or card-name
    lists; default red_green vs white_blue). ``obs_type``: ``"dict"`` (named parts and
    ``action_mask``) or ``"flat"`` (one vector; the mask from ``action_masks()``).
    ``invalid_action``: ``"mod"`` (an index outside the mask is taken modulo the number of legal
    actions, flagged in ``info``) or ``"raise"``. ``attack``, ``variant``, ``teams``: the
    multiplayer table, as for ``tolaria.Game`` (docs/python.md). The reward is +1 when the
    learning seat (or its team) wins, -1 when it loses. ``action_masks()`` gives the mask for
    sb3-contrib's ``MaskablePPO``.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        decks=None,
        opponent: str = "random",
        seat: int = 0,
        max_actions: int = 20000,
        obs_type: str = "dict",
        invalid_action: str = "mod",
        attack: str | None = None,
        render_mode: str | None = None,
        variant: str | None = None,
        teams=None,
    ):
        self.decks = list(decks) if decks is not None else ["red_green", "white_blue"]
        self.table = {"attack": attack, "variant": variant, "teams": teams}
        self.opponent_name = opponent
        self.seat = seat
        self.max_actions = max_actions
        self.obs_type = obs_type
        self.invalid_action = invalid_action
        self.render_mode = render_mode
        if obs_type == "dict":
            self.observation_space = observation_space(with_mask=True)
        elif obs_type == "flat":
            self.observation_space = spaces.Box(-BOUND, BOUND, (OBS_LEN,), np.float32)
        else:
            raise ValueError(f"obs_type {obs_type!r}: expected 'dict' or 'flat'")
        self.action_space = spaces.Discrete(MAX_ACTIONS)
        self.game: Game | None = None
        self._mask = np.zeros(MAX_ACTIONS, np.int8)
        self._seed_seq = None

    def _obs(self):
        flat, mask, _ = encode_flat(self.game, self.seat)
        self._mask = mask
        if self.obs_type == "flat":
            return flat
        out = split(flat)
        out["action_mask"] = mask
        return out

    def _run_opponents(self) -> None:
        g = self.game
        while not g.is_over() and len(g.actions) < self.max_actions:
            d = g.decider
            if d is None or d == self.seat:
                return
            self._agents[d].act(g)

    def _info(self) -> dict:
        g = self.game
        return {"turn": g.turn, "step": g.step, "decider": g.decider, "result": g.result}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = Game(self.decks, game_seed, **self.table)
        self._agents = {
            i: Agent(self.opponent_name, game_seed + i + 1)
            for i in range(self.game.num_players)
            if i != self.seat
        }
        self._run_opponents()
        return self._obs(), self._info()

    def step(self, action):
        g = self.game
        if g is None:
            raise RuntimeError("call reset() first")
        idx, invalid = _resolve(g, action, self.invalid_action)
        g.apply(idx)
        g.take_events()
        self._run_opponents()
        terminated = g.is_over()
        truncated = not terminated and (len(g.actions) >= self.max_actions or g.decider is None)
        reward = 0.0
        if terminated:
            reward = g.rewards()[self.seat]
        info = self._info()
        info["invalid_action"] = invalid
        if self.render_mode == "human":
            print(self.render())
        return self._obs(), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal positions, as booleans (for ``MaskablePPO``)."""
        return self._mask.astype(bool)

    def render(self):
        if self.game is None:
            return ""
        return render_view(self.game.view(self.seat))


def render_view(v: dict) -> str:
    """A short text picture of a view."""
    lines = [f"turn {v['turn']} step {v['step']} (viewer P{v['viewer'] + 1})"]
    for p in v["players"]:
        hand = p["hand"]
        shown = ", ".join(c["name"] for c in hand) if hand is not None else f"{p['hand_size']}"
        lines.append(f"  {p['name']}: life {p['life']}, library {p['library_size']}, hand: {shown}")
    for pm in v["in_play"]:
        pt = f" {pm['power']}/{pm['toughness']}" if pm["power"] is not None else ""
        tapped = " (tapped)" if pm["tapped"] else ""
        lines.append(f"  [{pm['controller']}] {pm['name']}{pt}{tapped}")
    for s in v["stack"]:
        lines.append(f"  stack: {s['description']}")
    if v["decision"] is not None:
        lines.append(f"  decision: {v['decision']}")
    return "\n".join(lines)


try:
    from pettingzoo import AECEnv
    from pettingzoo.utils import agent_selector  # noqa: F401  (import check)
except ImportError:  # pragma: no cover - pettingzoo is optional
    AECEnv = object


class TolariaAECEnv(AECEnv):
    """Every seat an agent (``player_0`` … ``player_{n-1}``), two or more players.

    The agent selected is the one who decides (rule 507.3). Observations are dicts of the
    encoding with ``action_mask`` (all zero for an agent not deciding). A player who loses in a
    multiplayer game is terminated while the others play on (-1; in a game with teams 0, since
    the team's result is decided later: 606.8, 607.5, 609.5). ``attack``, ``variant``,
    ``teams``: the multiplayer table, as for ``tolaria.Game``.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "tolaria_v0", "is_parallelizable": False}

    def __init__(
        self,
        decks=None,
        max_actions: int = 20000,
        attack: str | None = None,
        render_mode: str | None = None,
        variant: str | None = None,
        teams=None,
    ):
        super().__init__()
        self.decks = list(decks) if decks is not None else ["red_green", "white_blue"]
        self.max_actions = max_actions
        self.table = {"attack": attack, "variant": variant, "teams": teams}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(len(self.decks))]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._np_random = np.random.default_rng()
        self.game: Game | None = None

    @functools.cache  # noqa: B019
    def observation_space(self, agent):
        return observation_space(with_mask=True)

    @functools.cache  # noqa: B019
    def action_space(self, agent):
        return spaces.Discrete(MAX_ACTIONS)

    def observe(self, agent):
        flat, mask, _ = encode_flat(self.game, self._seat[agent])
        out = split(flat)
        out["action_mask"] = mask
        return out

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self.game = Game(self.decks, game_seed, **self.table)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.decider]

    def _select(self):
        """The next agent: one already done (to be removed), else the decider."""
        for a in self.agents:
            if self.terminations[a] or self.truncations[a]:
                self.agent_selection = a
                return
        d = self.game.decider
        if d is not None:
            self.agent_selection = self.possible_agents[d]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            if self.agents:
                self._select()
            return
        g = self.game
        self._cumulative_rewards[agent] = 0.0
        idx, invalid = _resolve(g, action, "raise" if action is None else "mod")
        g.apply(idx)
        g.take_events()
        for a in self.agents:
            self.rewards[a] = 0.0
            self.infos[a] = {"invalid_action": invalid and a == agent}
        lost = g.lost_players()
        if g.is_over():
            result = g.rewards()
            for a in self.agents:
                self.rewards[a] = result[self._seat[a]]
                self.terminations[a] = True
        else:
            teams = any(t is not None for t in g.teams)
            for a in self.agents:
                if lost[self._seat[a]] and not self.terminations[a]:
                    self.rewards[a] = 0.0 if teams else -1.0
                    self.terminations[a] = True
            if len(g.actions) >= self.max_actions or g.decider is None:
                for a in self.agents:
                    self.truncations[a] = True
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            print(self.render())

    def render(self):
        if self.game is None:
            return ""
        return render_view(self.game.view(self._seat[self.agent_selection]))

    def close(self):
        pass


def env(**kwargs) -> TolariaAECEnv:
    """The PettingZoo AEC environment, wrapped as PettingZoo's own classic games are."""
    from pettingzoo.utils import wrappers

    e = TolariaAECEnv(**kwargs)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


__all__ = ["TolariaAECEnv", "TolariaEnv", "env", "render_view"]
