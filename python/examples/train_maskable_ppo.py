"""Trains sb3-contrib's MaskablePPO on ``tolaria.envs.TolariaEnv`` (one seat against the random
agent, two fixed decks) and evaluates it against the random agent.

    pip install sb3-contrib   # pulls torch (large); not part of scripts/test
    python python/examples/train_maskable_ppo.py --steps 20000

``MaskablePPO`` reads the mask from ``env.action_masks()``; the flat observation
(``obs_type="flat"``) suits its ``MlpPolicy``.
"""

import argparse

import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks

from tolaria.envs import TolariaEnv

DECKS = ["rg_beats_old", "white_weenie_old"]


def evaluate(model, games: int, seed: int = 10_000) -> float:
    env = TolariaEnv(DECKS, opponent="random", obs_type="flat", max_actions=5000)
    wins = 0
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=True)
            obs, reward, term, trunc, _ = env.step(int(action))
            done = term or trunc
        wins += reward > 0
    return wins / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--eval-games", type=int, default=50)
    a = ap.parse_args()
    env = TolariaEnv(DECKS, opponent="random", obs_type="flat", max_actions=5000)
    model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, verbose=1, seed=0)
    model.learn(total_timesteps=a.steps)
    rate = evaluate(model, a.eval_games)
    print(f"MaskablePPO against the random agent: wins {rate:.2f} of {a.eval_games} games")
    print(f"(mean over games; numpy {np.__version__})")


if __name__ == "__main__":
    main()
