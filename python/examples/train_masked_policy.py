"""Trains a small masked policy on two fixed decks and shows it beating the random agent.

    python python/examples/train_masked_policy.py                  # about a minute
    python python/examples/train_masked_policy.py --imitate 5000 --reinforce 0

No deep-learning framework needed: a linear policy (numpy) scores each legal action from its
feature row (``actions``) and a summary of the observation (``global`` and the two players'
rows); the action mask removes the illegal positions. Two stages, both against the built-in
random agent on the mirror match ``rg_beats_old`` against itself (a fair table: two random
agents win about 48/52; ``rg_beats_old`` against ``white_weenie_old`` is won 22% by seat 0):

1. **Imitation** (``--imitate`` decisions): the built-in greedy agent plays seat 0 through
   ``TolariaEnv`` and the policy learns its choices by cross-entropy over the legal positions.
2. **REINFORCE** (``--reinforce`` learner steps) on a ``tolaria.VecEnv`` stepped in Rust: the
   return is the result (+1/-1; a game cut at the action cap counts as lost, so stalling with
   free actions never pays) plus a potential-based shaping (life margin, permanents margin,
   minus the viewer's floating mana, which mana burn (300.3) would cost), with normalised
   advantages and Adam.

Then the policy plays fresh seeds against the random agent, and so does a uniformly random
policy, and both win rates are printed (figures in docs/python.md).
"""

from __future__ import annotations

import argparse

import numpy as np

import tolaria
from tolaria.encoding import split
from tolaria.envs import TolariaEnv

DECKS = ["rg_beats_old", "rg_beats_old"]


def summary(parts: dict) -> np.ndarray:
    """[N, G]: the global features, the viewer's and the first opponent's rows, and a bias."""
    g = parts["global"]
    p = parts["players"]
    return np.concatenate([g, p[:, 0], p[:, 1], np.ones((g.shape[0], 1), np.float32)], axis=1)


class Adam:
    """Adam on a list of numpy arrays, updated in place (gradient ascent)."""

    def __init__(self, params: list[np.ndarray], lr: float):
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += self.lr * (m / (1 - 0.9**self.t)) / (np.sqrt(v / (1 - 0.999**self.t)) + 1e-8)


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

    def grad_log_prob(self, acts: np.ndarray, s: np.ndarray, p: np.ndarray, chosen: int):
        """d log p(chosen) / d (w, M) for one decision (acts [n, F] legal rows, p [n])."""
        d = acts[chosen] - p @ acts
        return d, np.outer(d, s)


def imitate(pol: LinearMaskedPolicy, decisions: int, seed: int = 0, epochs: int = 5, log=print):
    """Stage 1: cross-entropy on the greedy agent's choices (seat 0, against the random agent)."""
    if decisions <= 0:
        return pol
    env = TolariaEnv(DECKS, opponent="random", obs_type="flat", max_actions=5000)
    expert = tolaria.Agent("greedy", seed + 1)
    data, games = [], 0
    obs, _ = env.reset(seed=seed)
    while len(data) < decisions:
        legal = env.game.legal_actions()
        pos = legal.index(expert.choose(env.game))
        if 1 < len(legal) and pos < 64:
            parts = split(obs[None])
            n = min(len(legal), 64)
            data.append((parts["actions"][0, :n].copy(), summary(parts)[0].copy(), pos))
        obs, _, term, trunc, _ = env.step(min(pos, 63))
        if term or trunc:
            games += 1
            obs, _ = env.reset(seed=seed + games)
    opt = Adam([pol.w, pol.m], 0.01)
    rng = np.random.default_rng(seed)
    for epoch in range(epochs):
        loss = 0.0
        order = rng.permutation(len(data))
        for b in range(0, len(order), 64):
            gw, gm = np.zeros_like(pol.w), np.zeros_like(pol.m)
            batch = order[b : b + 64]
            for j in batch:
                acts, s, pos = data[j]
                p = pol.probs(acts[None], s[None], np.ones((1, len(acts))))[0]
                loss -= np.log(p[pos] + 1e-12)
                dw, dm = pol.grad_log_prob(acts, s, p, pos)
                gw += dw
                gm += dm
            opt.step([gw / len(batch), gm / len(batch)])
        if log:
            log(f"imitation epoch {epoch + 1}: cross-entropy {loss / len(data):.3f}")
    if log:
        log(f"imitated {len(data)} decisions of the greedy agent from {games + 1} games")
    return pol


def potential(parts: dict) -> np.ndarray:
    """The shaping potential of each observation (the viewer's side minus the opponent's)."""
    p, ip = parts["players"], parts["in_play"]
    life = p[:, 0, 1] - p[:, 1, 1]
    present = ip[:, :, 0]
    # columns 53 and 54: the permanent's controller is relative seat 0 / 1
    permanents = (present * ip[:, :, 53]).sum(1) - (present * ip[:, :, 54]).sum(1)
    floating = p[:, 0, 6:12].sum(1)
    return life + 0.1 * permanents - 0.5 * floating


def reinforce(
    pol: LinearMaskedPolicy,
    steps: int,
    num_envs: int = 64,
    lr: float = 0.01,
    games_per_update: int = 16,
    seed: int = 0,
    log=print,
):
    """Stage 2: REINFORCE against the random agent (``steps`` learner decisions in all)."""
    env = tolaria.VecEnv(num_envs, DECKS, seed=seed, opponent="random", max_actions=5000)
    r = env.reset()
    rng = np.random.default_rng(seed)
    opt = Adam([pol.w, pol.m], lr)
    traj = [[] for _ in range(num_envs)]  # per game: (acts, s, probs, chosen, potential)
    batch, done, wins = [], 0, 0
    for _ in range(steps // num_envs):
        phi = potential(split(r["obs"]))
        a, acts, s, p = pol.act(r["obs"], r["mask"], rng)
        for i in range(num_envs):
            n = int(r["mask"][i].sum())
            if n:
                traj[i].append(
                    (acts[i, :n].copy(), s[i].copy(), p[i, :n].copy(), int(a[i]), phi[i])
                )
        r = env.step(a)
        for i in np.flatnonzero(r["terminated"] | r["truncated"]):
            final = -1.0 if r["truncated"][i] else float(r["rewards"][i, 0])
            done += 1
            wins += final > 0
            if traj[i]:
                end = 2.0 * final + traj[i][-1][4]
                weight = 1.0 / np.sqrt(len(traj[i]))
                batch += [(t[0], t[1], t[2], t[3], end - t[4], weight) for t in traj[i]]
            traj[i] = []
            if done % games_per_update == 0 and batch:
                ret = np.array([b[4] for b in batch])
                adv = (ret - ret.mean()) / (ret.std() + 1e-6)
                gw, gm = np.zeros_like(pol.w), np.zeros_like(pol.m)
                for (acts_i, s_i, p_i, ch, _, wt), ad in zip(batch, adv):
                    dw, dm = pol.grad_log_prob(acts_i, s_i, p_i, ch)
                    gw += dw * ad * wt
                    gm += dm * ad * wt
                opt.step([gw / len(batch), gm / len(batch)])
                batch = []
    if log:
        log(f"reinforce: {done} games, won {wins / max(done, 1):.2f} while learning")
    return pol


def train(
    steps: int, num_envs: int = 64, imitate_decisions: int = 0, seed: int = 0, log=print
) -> LinearMaskedPolicy:
    """Both stages: ``imitate_decisions`` decisions of imitation, then ``steps`` of REINFORCE."""
    r = tolaria.VecEnv(1, DECKS, seed=seed).reset()
    parts = split(r["obs"])
    pol = LinearMaskedPolicy(parts["actions"].shape[2], summary(parts).shape[1], seed)
    imitate(pol, imitate_decisions, seed=seed, log=log)
    if steps > 0:
        reinforce(pol, steps, num_envs=num_envs, seed=seed, log=log)
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
    ap.add_argument("--imitate", type=int, default=5000, help="decisions to imitate")
    ap.add_argument("--reinforce", type=int, default=100_000, help="REINFORCE learner steps")
    ap.add_argument("--eval-games", type=int, default=256)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    pol = train(a.reinforce, imitate_decisions=a.imitate, seed=a.seed)
    trained = evaluate(pol, a.eval_games)
    rand = evaluate(None, a.eval_games)
    print(
        f"against the random agent over {a.eval_games} games: "
        f"trained policy wins {trained:.2f}, uniformly random policy {rand:.2f}"
    )


if __name__ == "__main__":
    main()
