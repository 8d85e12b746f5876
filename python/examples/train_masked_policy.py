"""Trains a small masked policy on two fixed decks and compares it with the random agent.

    python python/examples/train_masked_policy.py --steps 60000

No deep-learning framework needed: a linear policy (numpy) scores each legal action from its
feature row (``actions``) and a summary of the observation (``global`` and the two players'
rows); the action mask removes the illegal positions. REINFORCE with a running baseline trains
it on a ``tolaria.VecEnv`` of games against the built-in random agent (stepped in Rust); the
return is +1/-1 for the result plus the change of the life margin from each step on. Then the
trained policy and a uniformly random policy play the same seeds against the random agent and
the win rates are printed. Known limit (docs/python.md): a few thousand steps of this linear
policy do not yet beat the built-in random agent, which passes priority only 30% of the time
and never cancels a spell; ``train_maskable_ppo.py`` trains sb3-contrib's ``MaskablePPO``.
"""

from __future__ import annotations

import argparse

import numpy as np

import tolaria
from tolaria.encoding import split

DECKS = ["rg_beats_old", "white_weenie_old"]


def summary(parts: dict) -> np.ndarray:
    """[N, G]: the global features, the viewer's and the first opponent's rows, and a bias."""
    g = parts["global"]
    p = parts["players"]
    return np.concatenate([g, p[:, 0], p[:, 1], np.ones((g.shape[0], 1), np.float32)], axis=1)


class LinearMaskedPolicy:
    """logit(a) = act(a) . w + act(a)^T M s, over the legal positions only."""

    def __init__(self, act_f: int, sum_f: int, seed: int = 0):
        rng = np.random.default_rng(seed)
        self.w = np.zeros(act_f, np.float64)
        self.m = rng.normal(0, 0.01, (act_f, sum_f))

    def logits(self, acts: np.ndarray, s: np.ndarray, mask: np.ndarray) -> np.ndarray:
        # acts [N, A, F], s [N, G], mask [N, A]
        proj = self.w[None, :] + s @ self.m.T  # [N, F]
        z = np.einsum("naf,nf->na", acts, proj)
        return np.where(mask > 0, z, -1e9)

    def probs(self, acts, s, mask):
        z = self.logits(acts, s, mask)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z) * (mask > 0)
        return e / e.sum(axis=1, keepdims=True)

    def act(self, obs, mask, rng, greedy=False):
        parts = split(obs)
        acts, s = parts["actions"], summary(parts)
        p = self.probs(acts, s, mask)
        if greedy:
            a = p.argmax(axis=1)
        else:
            c = p.cumsum(axis=1)
            a = (c < rng.random((len(c), 1))).sum(axis=1)
            a = np.minimum(a, mask.sum(axis=1) - 1)
        return a, acts, s, p


def train(
    steps: int, num_envs: int = 64, lr: float = 0.05, shaping: float = 1.0, seed: int = 0, log=print
):
    env = tolaria.VecEnv(num_envs, DECKS, seed=seed, opponent="random", max_actions=5000)
    r = env.reset()
    rng = np.random.default_rng(seed)
    parts = split(r["obs"])
    pol = LinearMaskedPolicy(parts["actions"].shape[2], summary(parts).shape[1], seed)
    traj = [[] for _ in range(num_envs)]  # per game: (acts, s, probs, chosen, life margin)
    baseline, done_games, wins = 0.0, 0, 0
    for t in range(steps // num_envs):
        a, acts, s, p = pol.act(r["obs"], r["mask"], rng)
        parts_life = split(r["obs"])["players"][:, :, 1]
        for i in range(num_envs):
            n = int(r["mask"][i].sum())
            # life margin (mine - the opponent's, in 20s) for a dense shaping of the return
            margin = float(parts_life[i, 0] - parts_life[i, 1])
            traj[i].append((acts[i, :n].copy(), s[i].copy(), p[i, :n].copy(), int(a[i]), margin))
        r = env.step(a)
        ended = np.flatnonzero(r["terminated"] | r["truncated"])
        for i in ended:
            final = float(r["rewards"][i, 0])
            done_games += 1
            wins += final > 0
            if not traj[i]:
                continue
            # return to go: the result plus how the life margin moves from this step on
            end_margin = traj[i][-1][4] + (1.0 if final > 0 else -1.0 if final < 0 else 0.0)
            gw = np.zeros_like(pol.w)
            gm = np.zeros_like(pol.m)
            for acts_i, s_i, p_i, ch, margin in traj[i]:
                ret = final + shaping * (end_margin - margin)
                adv = ret - baseline
                baseline += 0.001 * (ret - baseline)
                # d log p(ch) / d proj = act[ch] - sum_a p(a) act[a]
                d = (acts_i[ch] - p_i @ acts_i) * adv
                gw += d
                gm += np.outer(d, s_i)
            k = len(traj[i])
            pol.w += lr * gw / np.sqrt(k)
            pol.m += lr * gm / np.sqrt(k)
            traj[i] = []
        if log and (t + 1) % max(1, (steps // num_envs) // 5) == 0:
            rate = wins / max(done_games, 1)
            log(f"step {(t + 1) * num_envs}: {done_games} games, win rate so far {rate:.2f}")
    return pol


def evaluate(pol, games: int = 128, seed: int = 10_000, num_envs: int = 32) -> float:
    """Win rate against the random agent over ``games`` games (seeds from ``seed``);
    ``pol=None`` plays uniformly random legal actions."""
    env = tolaria.VecEnv(num_envs, DECKS, seed=seed, opponent="random", max_actions=5000)
    r = env.reset()
    rng = np.random.default_rng(seed)
    results = []
    while len(results) < games:
        if pol is None:
            a = tolaria.vector.random_actions(r["mask"], rng)
        else:
            a = pol.act(r["obs"], r["mask"], rng)[0]
        r = env.step(a)
        results += [f["winner"] == 0 for f in env.take_finished()]
    return float(np.mean(results[:games]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=60_000)
    ap.add_argument("--eval-games", type=int, default=128)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    pol = train(a.steps, seed=a.seed)
    trained = evaluate(pol, a.eval_games)
    rand = evaluate(None, a.eval_games)
    print(f"against the random agent: trained policy wins {trained:.2f}, random policy {rand:.2f}")


if __name__ == "__main__":
    main()
