"""Fitting a value model to self-play positions with scikit-learn, and writing it as numpy arrays.

The network (one hidden layer of rectified units, `sklearn.neural_network.MLPRegressor`) learns the
correction the heuristic needs: a row's target is the seat's final score minus the heuristic's
estimate. Whole games are held out for validation (positions of one game are alike), the epoch with
the lowest validation error is kept, and the inputs' standardisation is folded into the first layer,
so that `laguna.bots.learned` evaluates the model with two products and no scikit-learn.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from laguna.bots.learned import ValueModel
from laguna.core import LagunaError, OptionsError
from laguna.core.messages import msg
from laguna.learn.selfplay import Positions

VALIDATION_SHARE = 0.1
"""The share of games held out to choose the epoch and report the fit."""

PATIENCE = 8
"""Epochs without a better validation error before training stops."""

TRAIN_MISSING = msg(
    "training needs scikit-learn, which is not installed: {command}", command="pip install 'laguna[train]'"
)


@dataclass(frozen=True)
class Fit:
    """How well the heuristic alone and the corrected heuristic predict held-out final scores."""

    rows: int
    validation_rows: int
    heuristic_error: float
    """Root mean squared error of the heuristic alone (victory points)."""
    model_error: float
    """Root mean squared error of the heuristic with the learned correction."""
    epochs: int


def _sklearn() -> Any:
    try:
        from sklearn.neural_network import MLPRegressor  # noqa: PLC0415  (the optional training extra)
    except ImportError:
        raise LagunaError(TRAIN_MISSING) from None
    return MLPRegressor


def check_settings(hidden: int, epochs: int) -> None:
    """Refuse a network without units or a training without passes, and a machine without the training
    extra, before any game is played."""
    if hidden < 1:
        raise OptionsError(msg("the hidden layer needs at least one unit, not {hidden}", hidden=hidden))
    if epochs < 1:
        raise OptionsError(msg("training needs at least one epoch, not {epochs}", epochs=epochs))
    _sklearn()


def fit(
    positions: Positions,
    *,
    hidden: int,
    epochs: int,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.float32], float, Fit]:
    """Train on `positions`; return the first layer's weights and bias (standardisation folded in),
    the output weights and bias, and the fit."""
    check_settings(hidden, epochs)
    regressor_type = _sklearn()
    games = int(positions.games.max()) + 1 if len(positions.games) else 0
    if games < 2:
        raise OptionsError(msg("training needs positions from at least two games"))
    held = np.random.default_rng(seed).permutation(games)[: max(1, round(games * VALIDATION_SHARE))]
    is_held = np.isin(positions.games, held)
    train_rows, train_targets = positions.rows[~is_held], positions.targets[~is_held]
    check_rows, check_targets = positions.rows[is_held], positions.targets[is_held]
    mean = train_rows.mean(axis=0)
    spread = train_rows.std(axis=0)
    spread[spread < 1e-6] = 1.0
    regressor = regressor_type(
        hidden_layer_sizes=(hidden,),
        alpha=1e-3,
        batch_size=256,
        learning_rate_init=1e-3,
        random_state=seed,
        shuffle=True,
    )
    scaled_train = (train_rows - mean) / spread
    scaled_check = (check_rows - mean) / spread
    best: tuple[float, list[Any], list[Any], int] = (math.inf, [], [], 0)
    done = 0
    for epoch in range(epochs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            regressor.partial_fit(scaled_train, train_targets)
        done = epoch + 1
        error = float(np.sqrt(np.mean((regressor.predict(scaled_check) - check_targets) ** 2)))
        if error < best[0]:
            best = (error, [w.copy() for w in regressor.coefs_], [b.copy() for b in regressor.intercepts_], done)
        if progress is not None:
            progress(done, epochs)
        if done - best[3] >= PATIENCE:
            break
    error, coefs, intercepts, _ = best
    first = (coefs[0] / spread[:, None]).astype(np.float32)
    first_bias = (intercepts[0] - (mean / spread) @ coefs[0]).astype(np.float32)
    report = Fit(
        rows=len(train_targets),
        validation_rows=len(check_targets),
        heuristic_error=float(np.sqrt(np.mean(check_targets.astype(np.float64) ** 2))),
        model_error=error,
        epochs=done,
    )
    return first, first_bias, coefs[1][:, 0].astype(np.float32), float(intercepts[1][0]), report


def value_model(
    game_id: str,
    players: int,
    options: dict[str, Any],
    trained: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.float32], float, Fit],
    *,
    weight: float,
    provenance: dict[str, Any],
) -> ValueModel:
    """The model `fit` produced, with the fit added to its provenance."""
    first, first_bias, output, output_bias, report = trained
    return ValueModel(
        game_id=game_id,
        players=players,
        options=options,
        hidden_weights=first,
        hidden_bias=first_bias,
        output_weights=output,
        output_bias=output_bias,
        weight=weight,
        provenance={
            **provenance,
            "fit": {
                "training_rows": report.rows,
                "validation_rows": report.validation_rows,
                "heuristic_rmse": round(report.heuristic_error, 3),
                "model_rmse": round(report.model_error, 3),
                "epochs": report.epochs,
            },
        },
    )
