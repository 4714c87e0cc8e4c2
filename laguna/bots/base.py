"""What a bot is, and how a name on the command line (``random``, ``ismcts:500``, ``hard``) becomes one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from laguna.bots.greedy import GreedyBot
from laguna.bots.ismcts import IsmctsBot
from laguna.bots.random_bot import RandomBot
from laguna.core import GameState, OptionsError, Rng


class Bot(Protocol):
    """A player program. ``choose`` returns one of ``state.legal_actions(seat)``.

    A bot may only use what its seat may know: the seat's legal actions and view, or samples of the
    hidden information drawn from that view (``state.determinize(seat, rng)``), never the hidden parts
    of the state it is handed.
    """

    name: str

    def choose(self, state: GameState[Any], seat: int) -> Any: ...


@dataclass(frozen=True, slots=True)
class Level:
    """A named strength offered to players, and the bot configuration behind it."""

    name: str
    description: str
    build: Callable[[int], Bot]


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            "easy",
            "greedy with a temperature of 4 VP: usually the best-looking decision, often a worse one",
            lambda seed: GreedyBot(seed, temperature=4.0, name="easy"),
        ),
        Level(
            "medium",
            "greedy: always the decision that looks best one step ahead",
            lambda seed: GreedyBot(seed, name="medium"),
        ),
        Level(
            "hard",
            "ismcts with 300 iterations per decision",
            lambda seed: IsmctsBot(seed, iterations=300, name="hard"),
        ),
        Level(
            "expert",
            "ismcts with 1,200 iterations per decision",
            lambda seed: IsmctsBot(seed, iterations=1200, name="expert"),
        ),
    )
}
"""The levels players choose from, weakest first."""

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": IsmctsBot,
    **{name: level.build for name, level in LEVELS.items()},
}
"""The bots that `make_bot` knows by name; ``ismcts`` also takes a budget, as in ``ismcts:500`` (iterations)
or ``ismcts:250ms`` (milliseconds)."""


_ISMCTS_SETTINGS = {"c": "exploration", "scale": "scale"}
"""Positive real settings of ``ismcts:BUDGET:KEY=VALUE``; ``prior`` (virtual visits) and ``w``
(widening, 0 for none) are read on their own."""


def _ismcts(budget: str, seed: int, spec: str) -> Bot:
    text, *settings = budget.strip().lower().split(":")
    extra: dict[str, Any] = {}
    for setting in settings:
        key, _, value = setting.partition("=")
        if key == "prior" and value.isdigit() and int(value) >= 1:
            extra["prior"] = int(value)
        elif key in _ISMCTS_SETTINGS and value.replace(".", "", 1).isdigit() and float(value) > 0:
            extra[_ISMCTS_SETTINGS[key]] = float(value)
        elif key == "w" and value.replace(".", "", 1).isdigit():
            extra["widening"] = float(value)
        else:
            raise OptionsError(
                f"bad ismcts setting {setting!r} in {spec!r} (prior=N with N ≥ 1, c=X, scale=X, or w=X with X ≥ 0)"
            )
    millis = text.endswith("ms")
    number = text.removesuffix("ms").strip()
    if not number.isdigit() or int(number) < 1:
        raise OptionsError(
            f"bad ismcts budget in {spec!r}: give a positive number of iterations (ismcts:500) "
            "or of milliseconds (ismcts:250ms)"
        )
    # The name keeps the settings, so that a tournament which rebuilds its bots by name rebuilds these.
    name = ":".join(["ismcts", f"{int(number)}ms" if millis else str(int(number)), *settings])
    if millis:
        return IsmctsBot(seed, iterations=None, millis=float(number), name=name, **extra)
    return IsmctsBot(seed, iterations=int(number), name=name, **extra)


def make_bot(spec: str, seed: int) -> Bot:
    """Build the bot named by `spec`; an unknown name or bad budget raises `OptionsError` naming it.

    >>> make_bot("ismcts:500", 1).name, make_bot("hard", 1).name, make_bot("Random", 1).name
    ('ismcts:500', 'hard', 'random')
    """
    name, colon, budget = spec.strip().lower().partition(":")
    if colon:
        if name != "ismcts":
            raise OptionsError(f"only ismcts takes a budget ({spec!r}); e.g. ismcts:500 or ismcts:250ms")
        return _ismcts(budget, seed, spec)
    factory = BOTS.get(name)
    if factory is None:
        known = ", ".join(sorted(BOTS))
        raise OptionsError(f"unknown bot {spec!r} (bots: {known}; ismcts also as ismcts:ITERATIONS or ismcts:MSms)")
    return factory(seed)


_BOT_SALT = 0xB07_5EED_0F_5EA7


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of a seat's bot in a game: a function of the game's seed and the seat only.

    The salt keeps the bot's draws unrelated to the game's own generator, which starts from the same
    game seed.
    """
    return Rng((game_seed ^ _BOT_SALT) + 0x9E3779B97F4A7C15 * (seat + 1)).next_u64()
