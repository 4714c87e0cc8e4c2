"""Learned evaluations: a value model trained from self-play corrects the game's heuristic.

A model predicts one seat's final score from what that seat sees (its observation encoding, the
numbers `Game.observation_buffer` writes) and from the heuristic's estimate of every seat, listed from
that seat on (the heuristic already knows the scoring; the model learns where it is wrong). It is a
small network, one hidden layer of rectified units whose output is added to the seat's own heuristic
estimate, stored as numpy arrays in ``laguna/bots/models/<game>.<players>p.npz`` beside a JSON file
that says how it was made (command, seed, games, fit). Evaluating it needs numpy only; `laguna train`
makes one (the training extra).

A model belongs to one game, player count and set of options (those it was trained with); in any
other set-up the evaluation falls back to the heuristic, so a bot that asks for it always plays.

>>> from laguna.core import get_game
>>> state = get_game("walking-in-burano").new_game(2, seed=1)
>>> evaluation = LearnedEvaluation("walking-in-burano")
>>> len(evaluation.estimate(state)) == 2
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from threadpoolctl import threadpool_limits

from laguna.core import GameState, LagunaError, get_game
from laguna.core.messages import msg

Vector = npt.NDArray[np.float32]

FORMAT = 1
"""The layout of a model file; a file of another layout is refused by name."""


class Evaluation(Protocol):
    """Every seat's expected final score in positions a bot reached (determinized copies only)."""

    name: str

    def estimate(self, state: GameState[Any]) -> tuple[float, ...]: ...

    def estimate_many(self, states: Sequence[GameState[Any]]) -> list[tuple[float, ...]]: ...

    def thinking(self) -> AbstractContextManager[Any]:
        """Held over a whole decision: what the evaluation needs while a bot thinks."""
        ...


class HeuristicEvaluation:
    """The game's hand-written heuristic (`GameState.estimate`)."""

    name = "heuristic"

    def estimate(self, state: GameState[Any]) -> tuple[float, ...]:
        return state.estimate()

    def estimate_many(self, states: Sequence[GameState[Any]]) -> list[tuple[float, ...]]:
        return [state.estimate() for state in states]

    def thinking(self) -> AbstractContextManager[Any]:
        return nullcontext()


HEURISTIC = HeuristicEvaluation()


def features(game: Any, state: GameState[Any], seat: int, heuristic: Sequence[float]) -> Vector:
    """What a model of `game` reads for `seat`: its observation, then the heuristic's estimate of
    every seat from `seat` on (clockwise, as the observation lists seats)."""
    players = state.players
    observed = np.frombuffer(
        game.observation_buffer(state, seat, players, state.options),  # type: ignore[attr-defined]
        dtype=np.float32,
    )
    rotated = np.array([heuristic[(seat + k) % players] for k in range(players)], dtype=np.float32)
    return np.concatenate((observed, rotated))


@dataclass(frozen=True)
class ValueModel:
    """One trained network: inputs already standardised into the first layer's weights."""

    game_id: str
    players: int
    options: Mapping[str, Any]
    hidden_weights: npt.NDArray[np.float32]
    hidden_bias: npt.NDArray[np.float32]
    output_weights: npt.NDArray[np.float32]
    output_bias: float
    weight: float
    """The share of the network's correction applied: a correction learned from some tens of thousands
    of positions is noisy between close alternatives, and a bot played best with about a third of it
    (docs/strength.md)."""
    provenance: Mapping[str, Any]

    @property
    def inputs(self) -> int:
        return int(self.hidden_weights.shape[0])

    def correct(self, rows: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The learned correction to the heuristic for each row of features."""
        hidden = np.maximum(rows @ self.hidden_weights + self.hidden_bias, 0.0)
        result: npt.NDArray[np.float32] = (hidden @ self.output_weights + np.float32(self.output_bias)) * np.float32(
            self.weight
        )
        return result

    def save(self, path: Path) -> None:
        """Write the weights to `path` (.npz) and the provenance beside it (.json)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            np.savez(
                handle,
                format=np.array(FORMAT),
                hidden_weights=self.hidden_weights.astype(np.float32),
                hidden_bias=self.hidden_bias.astype(np.float32),
                output_weights=self.output_weights.astype(np.float32),
                output_bias=np.array(self.output_bias, dtype=np.float32),
                weight=np.array(self.weight, dtype=np.float32),
            )
        about = {
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "inputs": self.inputs,
            "hidden": int(self.hidden_bias.shape[0]),
            "weight": self.weight,
            **self.provenance,
        }
        path.with_suffix(".json").write_text(json.dumps(about, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> ValueModel:
        """Read a model and its provenance; a file that is not one names the problem."""
        try:
            about = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
            with np.load(path, allow_pickle=False) as arrays:
                if int(arrays["format"]) != FORMAT:
                    raise LagunaError(msg("{path} is a model of another format", path=path.name))
                model = cls(
                    game_id=str(about["game"]),
                    players=int(about["players"]),
                    options=dict(about["options"]),
                    hidden_weights=arrays["hidden_weights"].astype(np.float32),
                    hidden_bias=arrays["hidden_bias"].astype(np.float32),
                    output_weights=arrays["output_weights"].astype(np.float32),
                    output_bias=float(arrays["output_bias"]),
                    weight=float(arrays["weight"]),
                    provenance={k: v for k, v in about.items() if k not in {"game", "players", "options", "weight"}},
                )
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise LagunaError(msg("cannot read the model {path}: {error}", path=path.name, error=str(error))) from None
        if (
            model.hidden_weights.shape[1] != model.hidden_bias.shape[0]
            or model.output_weights.shape[0] != (model.hidden_bias.shape[0])
        ):
            raise LagunaError(msg("the model {path} has layers of mismatched sizes", path=path.name))
        return model


MODELS = "models"
"""The folder of the shipped models, inside `laguna.bots`."""


def model_file(game_id: str, players: int) -> str:
    """The file name of a game's model for a player count."""
    return f"{game_id}.{players}p.npz"


@cache
def shipped_model(game_id: str, players: int) -> ValueModel | None:
    """The model shipped for a game and player count, read once per process (None: there is none)."""
    folder = resources.files("laguna.bots") / MODELS
    entry = folder / model_file(game_id, players)
    if not entry.is_file():
        return None
    with resources.as_file(entry) as path:
        return ValueModel.load(Path(path))


class LearnedEvaluation:
    """The heuristic corrected by a game's value model wherever one fits the position's set-up.

    `models` replaces the shipped ones (by player count), for tests and for models being trained.
    """

    name = "learned"

    def __init__(self, game_id: str, models: Mapping[int, ValueModel] | None = None) -> None:
        self.game = get_game(game_id)
        self.game_id = self.game.id
        self._given = models
        self._fits: dict[tuple[int, Any], ValueModel | None] = {}

    def model(self, state: GameState[Any]) -> ValueModel | None:
        """The model that judges `state`, if one was trained for its player count and options."""
        players = state.players
        options = state.options  # type: ignore[attr-defined]
        key = (players, options)
        if key not in self._fits:
            model = self._given.get(players) if self._given is not None else shipped_model(self.game_id, players)
            if model is not None and dict(model.options) != options.to_dict():
                model = None
            self._fits[key] = model
        return self._fits[key]

    def estimate(self, state: GameState[Any]) -> tuple[float, ...]:
        return self.estimate_many([state])[0]

    def thinking(self) -> AbstractContextManager[Any]:
        """One thread for the products while a bot thinks: they are small, and a linear-algebra
        library's helper threads would wait for a core each time (milliseconds on a busy machine,
        where the product itself takes microseconds); a bot thinks on one core."""
        limits: AbstractContextManager[Any] = threadpool_limits(limits=1, user_api="blas")
        return limits

    def estimate_many(self, states: Sequence[GameState[Any]]) -> list[tuple[float, ...]]:
        """Every seat's estimate in each position, the model's rows for all of them in one product (a
        finished game keeps its final scores)."""
        estimates = [state.estimate() for state in states]
        going = [index for index, state in enumerate(states) if not state.is_terminal()]
        model = self.model(states[going[0]]) if going else None
        if model is None:
            return estimates
        players = states[0].players
        rows = np.stack(
            [features(self.game, states[index], seat, estimates[index]) for index in going for seat in range(players)]
        )
        corrections = model.correct(rows).tolist()
        for place, index in enumerate(going):
            heuristic = estimates[index]
            estimates[index] = tuple(heuristic[seat] + corrections[place * players + seat] for seat in range(players))
        return estimates
