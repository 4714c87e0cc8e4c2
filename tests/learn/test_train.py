"""Fitting a value model and `laguna train`: reproducible from the seed, written with its provenance."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from laguna.bots.learned import LearnedEvaluation, ValueModel
from laguna.cli.app import app
from laguna.core import OptionsError, get_game
from laguna.learn.fit import fit
from laguna.learn.selfplay import Positions

GAME = "walking-in-burano"


def _positions(seed: int = 0) -> Positions:
    """Rows whose target is a plain function of two features, from 20 'games'."""
    generator = np.random.default_rng(seed)
    rows = generator.normal(size=(2000, 6)).astype(np.float32)
    rows[:, 5] = 3.0  # a constant feature must not break the standardisation
    targets = (4 * rows[:, 0] - 2 * np.maximum(rows[:, 1], 0)).astype(np.float32)
    return Positions(rows, targets, np.repeat(np.arange(20, dtype=np.int32), 100))


def test_a_fit_learns_what_the_heuristic_missed_and_repeats_under_its_seed() -> None:
    first = fit(_positions(), hidden=16, epochs=100, seed=3)
    again = fit(_positions(), hidden=16, epochs=100, seed=3)
    report = first[-1]
    assert report.model_error < 0.5 * report.heuristic_error
    assert report.rows + report.validation_rows == 2000
    for one, two in zip(first[:3], again[:3], strict=True):
        assert np.array_equal(one, two)
    # The standardisation is folded into the weights: raw rows give the fitted correction.
    rows = _positions(1).rows[:50]
    hidden = np.maximum(rows @ first[0] + first[1], 0.0)
    predicted = hidden @ first[2] + first[3]
    expected = 4 * rows[:, 0] - 2 * np.maximum(rows[:, 1], 0)
    assert float(np.sqrt(np.mean((predicted - expected) ** 2))) < 0.6 * float(np.std(expected))


@pytest.mark.parametrize(("hidden", "epochs", "problem"), [(0, 5, "at least one unit"), (8, 0, "at least one epoch")])
def test_bad_settings_are_named(hidden: int, epochs: int, problem: str) -> None:
    with pytest.raises(OptionsError, match=problem):
        fit(_positions(), hidden=hidden, epochs=epochs, seed=1)


def test_training_needs_more_than_one_game() -> None:
    one_game = Positions(np.zeros((10, 3), np.float32), np.zeros(10, np.float32), np.zeros(10, np.int32))
    with pytest.raises(OptionsError, match="at least two games"):
        fit(one_game, hidden=4, epochs=2, seed=1)


def test_laguna_train_writes_a_model_the_bots_can_read(tmp_path: Path) -> None:
    out = tmp_path / "wib.npz"
    arguments = ["train", GAME, "--games", "4", "--keep", "0.1", "--branches", "2", "--epochs", "3"]
    result = CliRunner().invoke(app, [*arguments, "--hidden", "8", "--seed", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "positions" in result.output and "wib.json" in result.output
    about = json.loads(out.with_suffix(".json").read_text())
    assert about["command"] == (
        "laguna train walking-in-burano --players 2 --games 4 --seed 5 --bots medium,easy --keep 0.1"
        " --branches 2 --hidden 8 --epochs 3 --weight 0.35"
    )
    assert about["weight"] == pytest.approx(0.35)
    assert about["data"]["rows"] == about["fit"]["training_rows"] + about["fit"]["validation_rows"]
    model = ValueModel.load(out)
    assert LearnedEvaluation(GAME, {2: model}).model(get_game(GAME).new_game(2, seed=1)) is model


def test_laguna_train_names_a_bad_request() -> None:
    result = CliRunner().invoke(app, ["train", "no-such-game", "--games", "2"])
    assert result.exit_code == 2
    assert "no-such-game" in result.output
    result = CliRunner().invoke(app, ["train", GAME, "--games", "2", "--keep", "2"])
    assert result.exit_code == 2 and "share of positions" in result.output
    result = CliRunner().invoke(app, ["train", GAME, "--games", "2", "--weight", "0"])
    assert result.exit_code == 2 and "share of the correction" in result.output
