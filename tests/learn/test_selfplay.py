"""Self-play positions for training: what a row holds, what its target is, and that the seed fixes all."""

from __future__ import annotations

import numpy as np
import pytest

from laguna.bots.learned import features
from laguna.core import OptionsError, get_game
from laguna.learn.selfplay import SelfPlay, collect, positions_of_game
from laguna.sim.backends import LocalBackend

GAME = "walking-in-burano"


def test_rows_are_the_features_of_played_out_alternatives_and_targets_what_the_heuristic_missed() -> None:
    rows, targets, scores = positions_of_game(SelfPlay(GAME, 2, {}, ("medium", "easy"), 0.2, 2, 3), 0)
    game = get_game(GAME)
    probe = game.new_game(2, seed=1)
    assert rows.shape == (len(targets), len(features(game, probe, 0, probe.estimate())))
    assert len(targets) % 2 == 0 and len(targets) > 0
    # Each alternative gives one row per seat; a row ends with the heuristic from its seat on, so the
    # two rows of an alternative list the same estimates in turned order.
    for first, second in zip(rows[0::2], rows[1::2], strict=True):
        assert first[-2:].tolist() == second[-2:][::-1].tolist()
    assert len(scores) == 2 and np.isfinite(targets).all()


def test_a_run_depends_on_its_seed_alone_not_on_the_number_of_workers() -> None:
    run = SelfPlay(GAME, 2, {}, ("medium", "easy"), 0.1, 2, 7)
    one = collect(run, 3)
    two = collect(run, 3, backend=LocalBackend(2))
    assert np.array_equal(one.rows, two.rows)
    assert np.array_equal(one.targets, two.targets)
    assert one.games.tolist() == sorted(one.games.tolist()) and set(one.games.tolist()) <= {0, 1, 2}
    other = collect(SelfPlay(GAME, 2, {}, ("medium", "easy"), 0.1, 2, 8), 3)
    assert not np.array_equal(one.targets, other.targets) or one.targets.shape != other.targets.shape


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ({"players": 5}, "not 5"),
        ({"games": 0}, "at least 1"),
        ({"keep": 0.0}, "share of positions"),
        ({"keep": 1.5}, "share of positions"),
        ({"branches": 0}, "at least one branch"),
        ({"bots": []}, "at least one bot"),
        ({"bots": ["grandmaster"]}, "unknown bot"),
    ],
)
def test_bad_arguments_are_named(arguments: dict, problem: str) -> None:
    given = {"players": 2, "games": 1, "keep": 0.1, "branches": 2, "bots": ("medium",)} | arguments
    run = SelfPlay(GAME, given["players"], {}, tuple(given["bots"]), given["keep"], given["branches"], 1)
    with pytest.raises(OptionsError, match=problem):
        collect(run, given["games"])
