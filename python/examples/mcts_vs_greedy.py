"""An MCTS-vs-greedy match from Python, printing each game's result.

python python/examples/mcts_vs_greedy.py --games 4 --mcts mcts:200
"""

import argparse
import time

import tolaria


def match(games: int, mcts: str, decks, seed: int = 0, verbose: bool = True) -> list:
    out = []
    for i in range(games):
        g = tolaria.Game(decks, seed + i)
        # seats alternate so neither agent always has the same deck
        names = [mcts, "greedy"] if i % 2 == 0 else ["greedy", mcts]
        agents = [tolaria.Agent(n, seed + i) for n in names]
        t = time.time()
        while not g.is_over() and len(g.actions) < 50_000:
            agents[g.decider].act(g)
        w = g.winner
        winner = "draw" if w is None else names[w]
        out.append(winner)
        if verbose:
            print(f"game {i + 1}: {winner} wins on turn {g.turn} ({time.time() - t:.1f} s)")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--mcts", default="mcts:200", help="mcts, mcts:N iterations or mcts:Nms")
    ap.add_argument("--decks", default="rg_beats_old,white_weenie_old")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    res = match(a.games, a.mcts, a.decks.split(","), a.seed)
    print(
        f"{a.mcts}: {res.count(a.mcts)} wins, greedy: {res.count('greedy')}, draws: "
        f"{res.count('draw')}"
    )


if __name__ == "__main__":
    main()
