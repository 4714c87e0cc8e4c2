"""Terminal boards for the board tests: a drawn view as plain text, the board and notation help in
Russian, and positions of random games to draw."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest
from rich.console import Console, RenderableType

from laguna.cli.boards import notation_help, render_view
from laguna.core import GameState, Rng, get_game
from laguna.i18n import language

State = TypeVar("State", bound=GameState[Any])


def plain_text(renderable: RenderableType, width: int = 120) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def board_text(game: str, view: dict[str, Any], width: int = 120) -> str:
    """The board of `game` drawn for `view`, as plain text."""
    return plain_text(render_view(game, view), width)


def in_russian(game: str, draw: Callable[[], RenderableType]) -> tuple[str, str]:
    """The board `draw` makes and the notation help of `game`, both with the language set to Russian."""
    with language("ru"):
        board = plain_text(draw())
        help_text = notation_help(game)
    return board, help_text


def play_until(game: str, players: int, predicate: Callable[[State], bool], seeds: range, offset: int) -> State:
    """The first position of a random game (seed after seed, decisions drawn with seed + `offset`) where
    `predicate` holds."""
    rules = get_game(game)
    for seed in seeds:
        state: State = rules.new_game(players, seed=seed)
        rng = Rng(seed + offset)
        while True:
            if predicate(state):
                return state
            if state.is_terminal():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    pytest.fail("no random game reached the wanted position")


def assert_translated(text: str, russian: Iterable[Iterable[str]], english: Iterable[Iterable[str]]) -> None:
    """Each Russian word (given in groups) is on the board, and none of the English ones is left."""
    for group in russian:
        for word in group:
            assert word in text
    for group in english:
        for word in group:
            assert word not in text


def seat_block(text: str, seat: int) -> str:
    """A seat's lines (its header, then its ring, pyramid or possessions), up to the next blank line."""
    lines = text.splitlines()
    header = re.compile(rf"^[▶ ] Player {seat + 1}\b")
    start = next(i for i, line in enumerate(lines) if header.match(line))
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return "\n".join(lines[start:end])


def help_examples(game: str, help_text: str, keep: Callable[[str], bool] = lambda line: True) -> list[str]:
    """The decision each kept line of the notation help starts with; the help shown is `help_text`."""
    assert notation_help(game) == help_text
    return [line.split("  ")[0] for line in help_text.splitlines() if keep(line)]
