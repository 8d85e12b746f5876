"""Spread N games between built-in agents over Ray workers and gather the results.

    python python/examples/ray_selfplay.py --games 200 --workers 2 --agents greedy,random

Each Ray task plays a chunk of seeds inside Rust (``tolaria.play_matches``, GIL released) and
returns one small dict per game; the driver gathers them and prints the win rates. Results
depend only on the seeds, not on how they were spread.

On one machine ``ray.init()`` starts a local Ray cluster. On a multi-machine cluster, install
the package on every node (``pip install ./python``), start the cluster (``ray start --head`` on
one node, ``ray start --address=HEAD:6379`` on the others) and run the same script on a node
with ``--address auto`` (or submit it with ``ray job submit -- python ray_selfplay.py ...``).
"""

from __future__ import annotations

import argparse
import json
import time

import ray

import tolaria


@ray.remote
def play_chunk(decks, agents, seeds, max_actions):
    return tolaria.play_matches(decks, agents, seeds, max_actions=max_actions)


def run(
    games: int,
    workers: int,
    agents=("greedy", "random"),
    decks=("rg_beats_old", "white_weenie_old"),
    seed: int = 0,
    address: str | None = None,
    max_actions: int = 100_000,
) -> dict:
    """Plays ``games`` games (seeds seed..seed+games) in chunks over ``workers`` Ray workers."""
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        seeds = list(range(seed, seed + games))
        size = max(1, -(-games // (workers * 4)))  # a few chunks per worker
        chunks = [seeds[i : i + size] for i in range(0, games, size)]
        t = time.time()
        refs = [play_chunk.remote(list(decks), list(agents), c, max_actions) for c in chunks]
        results = [r for chunk in ray.get(refs) for r in chunk]
        elapsed = time.time() - t
    finally:
        if started_here:
            ray.shutdown()
    wins = [sum(1 for r in results if r["winner"] == i) for i in range(len(agents))]
    return {
        "games": len(results),
        "agents": list(agents),
        "wins": wins,
        "draws": sum(1 for r in results if r["draw"]),
        "unfinished": sum(1 for r in results if not r["over"]),
        "seconds": round(elapsed, 3),
        "results": results,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--agents", default="greedy,random")
    ap.add_argument("--decks", default="rg_beats_old,white_weenie_old")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--address", default=None, help="a Ray cluster's address, e.g. auto")
    ap.add_argument("--json", action="store_true", help="print every game as JSON")
    a = ap.parse_args()
    s = run(a.games, a.workers, a.agents.split(","), a.decks.split(","), a.seed, a.address)
    if a.json:
        print(json.dumps(s))
    else:
        for name, w in zip(s["agents"], s["wins"]):
            print(f"{name}: {w} wins of {s['games']}")
        print(f"draws {s['draws']}, unfinished {s['unfinished']}, {s['seconds']} s")


if __name__ == "__main__":
    main()
