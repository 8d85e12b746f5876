"""Speed across the boundary: learner steps per second of ``tolaria.VecEnv`` for 1, 64 and 1,024
games (random legal actions chosen in numpy, the other seat the built-in random agent), against
the engine's own step loop in Rust; and the time to clone a game from Python.

    python python/examples/bench.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import tolaria
from tolaria.vector import random_actions

DECKS = ["rg_beats_old", "white_weenie_old"]


def vec_rate(n: int, seconds: float, encode: bool = True, threads: int = 1) -> tuple:
    env = tolaria.VecEnv(n, DECKS, seed=0, threads=threads, encode=encode)
    r = env.reset()
    rng = np.random.default_rng(0)
    learner = engine = 0
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        r = env.step(random_actions(r["mask"], rng))
        learner += n
    dt = time.perf_counter() - t
    engine = sum(f["actions"] for f in env.take_finished())
    return learner / dt, engine / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    a = ap.parse_args()
    actions, secs = tolaria.rust_step_loop(DECKS, 200)
    rust = actions / secs
    print(f"engine's own loop (Rust, random agents): {rust:,.0f} actions/s")
    for n in (1, 64, 1024):
        for enc in (True, False):
            for threads in (1, 2):
                learner, _ = vec_rate(n, a.seconds, enc, threads)
                print(
                    f"VecEnv {n:5d} games, encode={enc!s:5}, threads={threads}: "
                    f"{learner:,.0f} learner steps/s"
                )
    g = tolaria.Game(DECKS, 1)
    ag = [tolaria.Agent("random", 1), tolaria.Agent("random", 2)]
    for _ in range(300):
        ag[g.decider].act(g)
    k = 20000
    t = time.perf_counter()
    for _ in range(k):
        g.clone()
    print(f"Game.clone() from Python (turn {g.turn}): {(time.perf_counter() - t) / k * 1e6:.2f} us")
    t = time.perf_counter()
    for _ in range(2000):
        tolaria.encode(g, 0)
    print(f"tolaria.encode(game, player): {(time.perf_counter() - t) / 2000 * 1e6:.1f} us")


if __name__ == "__main__":
    main()
