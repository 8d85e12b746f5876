"""The Ray script on a local Ray cluster with 2 workers (skipped when ray is not installed;
scripts/test installs it)."""

import os
import sys

import pytest

import tolaria

ray = pytest.importorskip("ray")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))

import ray_selfplay  # noqa: E402


@pytest.mark.ray
def test_ray_two_workers_match_local():
    s = ray_selfplay.run(games=12, workers=2, agents=("greedy", "random"), seed=3)
    assert s["games"] == 12 and sum(s["wins"]) + s["draws"] + s["unfinished"] == 12
    local = tolaria.play_matches(
        ["rg_beats_old", "white_weenie_old"], ["greedy", "random"], list(range(3, 15))
    )
    assert sorted(s["results"], key=lambda r: r["seed"]) == local
