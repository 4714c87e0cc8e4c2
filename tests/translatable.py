"""Checks that what a game tells a person is translatable (laguna/core/messages.py): a `Message`
whose template goes through the catalogue, its fields filled in, its seats named by the reader."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from laguna.core import Game
from laguna.core.errors import IllegalAction, LagunaError
from laguna.core.messages import ENGLISH, Message

UNFILLED = re.compile(r"(?<!\{)\{\w+\}(?!\})")
"""A field of a template left unfilled."""


class Reading:
    """A reader that notes every template it is asked to translate and names seats its own way."""

    def __init__(self) -> None:
        self.templates: list[str] = []

    def gettext(self, message: str) -> str:
        self.templates.append(message)
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        self.templates.append(singular)
        return ENGLISH.ngettext(singular, plural, count)

    def player(self, seat: int) -> str:
        return f"<seat {seat}>"


def assert_translatable(message: Message | str) -> None:
    """`message` is a `Message` whose template goes through the catalogue, whose fields all fill in,
    and which names seats by `Player` fields rather than in its text."""
    assert isinstance(message, Message), f"plain text: {message!r}"
    reading = Reading()
    text = message.render(reading)
    assert message.template in reading.templates
    assert "Player " not in text, text
    english = str(message)
    assert english and not UNFILLED.search(english), english


def assert_refused(error: pytest.ExceptionInfo[LagunaError]) -> None:
    assert_translatable(error.value.message)


def check_random_game(game: Game[Any, Any, Any], players: int, seed: int) -> tuple[int, int]:
    """Play a seeded random game to its end: every event carries a message, and at each position a
    decision drawn from the whole action space, when it is not legal, is refused with one. Returns
    the numbers of events and of refusals checked."""
    state = game.new_game(players, None, seed)
    rng = random.Random(seed)
    space = game.action_space(players, state.options)
    with pytest.raises(IllegalAction) as early:
        state.outcome()
    assert_refused(early)
    events = refusals = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        wrong = rng.choice(space)
        if wrong not in legal:
            assert_translatable(state.explain_illegal(seat, wrong))
            with pytest.raises(IllegalAction) as refused:
                state.apply(seat, wrong)
            assert_refused(refused)
            refusals += 1
        for event in state.apply(seat, rng.choice(legal)):
            assert_translatable(event.message)
            events += 1
    return events, refusals
