"""One game's value model from one command: self-play, fit, write (what `laguna train` runs)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from laguna.bots.learned import MODELS, ValueModel, model_file
from laguna.core import OptionsError, get_game
from laguna.core.messages import msg
from laguna.learn.fit import Fit, check_settings, fit, value_model
from laguna.learn.selfplay import SelfPlay, collect
from laguna.sim.backends import Backend

DEFAULT_BOTS = ("medium", "easy")
"""Self-play line-up: the greedy bot, and its livelier version for positions off the greedy path."""


@dataclass(frozen=True)
class Training:
    """A whole training: the self-play run, how many games, and the network's size and passes."""

    run: SelfPlay
    games: int
    hidden: int
    epochs: int
    weight: float = 0.35
    """The share of the learned correction the bots apply (`ValueModel.weight`)."""

    def command(self) -> str:
        """The `laguna train` command that reproduces the model (its seed fixes every draw); options
        only where they differ from the game's defaults."""
        run = self.run
        defaults = get_game(run.game_id).options({}).to_dict()
        changed = sorted((name, value) for name, value in run.options.items() if defaults.get(name) != value)
        parts = ["laguna train", run.game_id, f"--players {run.players}", f"--games {self.games}"]
        parts += [f"--seed {run.seed}", f"--bots {','.join(run.bots)}", f"--keep {run.keep:g}"]
        parts += [f"--branches {run.branches}", f"--hidden {self.hidden}", f"--epochs {self.epochs}"]
        parts += [f"--weight {self.weight:g}"]
        parts += [f"--option {name}={value}" for name, value in changed]
        return " ".join(parts)


def shipped_path(game_id: str, players: int) -> Path:
    """Where a model is shipped in this checkout of the package (the default place to write one)."""
    return Path(str(resources.files("laguna.bots") / MODELS)) / model_file(get_game(game_id).id, players)


def train(
    training: Training,
    *,
    backend: Backend | None = None,
    games_done: Callable[[int, int], None] | None = None,
    epochs_done: Callable[[int, int], None] | None = None,
) -> tuple[ValueModel, Fit]:
    """Play the self-play games, fit a model to their rows and return it with its fit."""
    game = get_game(training.run.game_id)
    run = SelfPlay(
        game.id,
        training.run.players,
        game.options(training.run.options).to_dict(),
        training.run.bots,
        training.run.keep,
        training.run.branches,
        training.run.seed,
    )
    if not 0 < training.weight <= 1:
        raise OptionsError(
            msg("the share of the correction applied must be in (0, 1], not {weight}", weight=training.weight)
        )
    check_settings(training.hidden, training.epochs)
    training = Training(run, training.games, training.hidden, training.epochs, training.weight)
    positions = collect(run, training.games, backend=backend, progress=games_done)
    trained = fit(positions, hidden=training.hidden, epochs=training.epochs, seed=run.seed, progress=epochs_done)
    provenance = {
        "command": training.command(),
        "data": {
            "games": training.games,
            "bots": list(run.bots),
            "seed": run.seed,
            "positions_kept": run.keep,
            "branches": run.branches,
            "rows": len(positions.targets),
        },
    }
    return value_model(
        game.id, run.players, dict(run.options), trained, weight=training.weight, provenance=provenance
    ), trained[-1]
