"""The masked-policy interface without torch: the example policy trains for a few steps and
never picks a masked position."""

import os
import sys

import numpy as np

import tolaria

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))

import train_masked_policy as tmp  # noqa: E402


def test_masked_policy_picks_only_legal_positions():
    env = tolaria.VecEnv(8, tmp.DECKS, seed=1)
    r = env.reset()
    parts = tolaria.encoding.split(r["obs"])
    pol = tmp.LinearMaskedPolicy(parts["actions"].shape[2], tmp.summary(parts).shape[1])
    rng = np.random.default_rng(0)
    for _ in range(100):
        a, _, _, p = pol.act(r["obs"], r["mask"], rng)
        assert (r["mask"][np.arange(8), a] == 1).all()
        assert np.allclose(p[r["mask"] == 0], 0)
        r = env.step(a)


def test_short_training_run():
    pol = tmp.train(2000, num_envs=16, log=None)
    assert np.isfinite(pol.w).all() and np.isfinite(pol.m).all()
    assert 0.0 <= tmp.evaluate(pol, games=8, num_envs=8) <= 1.0


def test_trained_policy_beats_the_random_agent():
    # The example end to end (issue 20): imitation of the greedy agent, then REINFORCE, then
    # fresh seeds against the built-in random agent. Deterministic (seeded engine and numpy).
    pol = tmp.train(100_000, imitate_decisions=5000, seed=0, log=None)
    assert tmp.evaluate(pol, games=128) > 0.55
    assert tmp.evaluate(None, games=128) < 0.2
