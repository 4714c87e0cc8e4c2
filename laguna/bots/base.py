"""What a bot is, and how a name on the command line (``random``) becomes one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from laguna.bots.random_bot import RandomBot
from laguna.core import GameState, OptionsError, Rng


class Bot(Protocol):
    """A player program. ``choose`` returns one of ``state.legal_actions(seat)``.

    A bot may only use what its seat may know: the seat's legal actions and view (or a determinized
    copy of the state), never the hidden parts of the state it is handed.
    """

    name: str

    def choose(self, state: GameState[Any], seat: int) -> Any: ...


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
}
"""The bots that `make_bot` knows, by the name used in ``--seats`` and ``--bots``."""


def make_bot(spec: str, seed: int) -> Bot:
    """Build the bot named `spec`; an unknown name raises `OptionsError` listing the known ones."""
    name = spec.strip().lower()
    factory = BOTS.get(name)
    if factory is None:
        known = ", ".join(sorted(BOTS))
        raise OptionsError(f"unknown bot {spec!r} (bots: {known})")
    return factory(seed)


_BOT_SALT = 0xB07_5EED_0F_5EA7


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of a seat's bot in a game: a function of the game's seed and the seat only.

    The salt keeps the bot's draws unrelated to the game's own generator, which starts from the same
    game seed.
    """
    return Rng((game_seed ^ _BOT_SALT) + 0x9E3779B97F4A7C15 * (seat + 1)).next_u64()
