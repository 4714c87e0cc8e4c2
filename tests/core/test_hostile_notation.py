"""Whatever a person writes as notation (at a table, in a record), every game refuses it with a short
message of its own: the text is only ever a field of the message, never its template, so braces and
percent signs are shown as written, and an input of any length is quoted by an excerpt."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from laguna.core import (
    GameRecord,
    GameState,
    IllegalAction,
    LagunaError,
    NotationError,
    RecordedAction,
    RecordError,
    games,
    replay,
)
from laguna.core.messages import Message, render
from laguna.core.registry import AnyGame
from tests.translatable import Reading

BRACES = ("{x}", "{0}", "{}", "{__class__}", "}{", "{x.y}", "{x[0]}", "{{x}}")
PERCENT = ("%s", "%(x)s", "100%")
DIGITS = ("²", "c²", "١")
"""A superscript two (``isdigit()`` yet not a number ``int()`` reads), alone and as a square's or a
column's number, and an Arabic-Indic one."""
LONG = "x" * 100_000
LONG_NUMBER = "1" * 100_000
"""More digits than ``int()`` reads at all."""
WORDS = (*BRACES, *PERCENT, *DIGITS, LONG, LONG_NUMBER)
LINES = (*WORDS, "", "{x} " * 25_000, "sail {x} " * 11_111)
SHORT = 1_000
"""The most characters a refusal may have: it may list the forms of the notation, never echo an input whole."""

GAMES = sorted(games(), key=lambda game: game.id)


def forms(game: AnyGame) -> list[str]:
    """The notation forms the game names when it refuses an empty line."""
    with pytest.raises(NotationError) as refused:
        game.parse_action("")
    message = refused.value.message
    assert isinstance(message, Message)
    return str(message.fields["forms"]).split(", ")


def hostile_lines(game: AnyGame) -> Iterator[str]:
    """Each hostile line alone; each verb of the game followed by each hostile word; each form with
    every placeholder (``<colour>``, ``[<slot>]``) written as each hostile word."""
    yield from LINES
    for form in forms(game):
        verb = form.split()[0]
        template = re.sub(r"[\[\]]", "", re.sub(r"<[^>]*>", "\0", form))
        for word in WORDS:
            yield f"{verb} {word}"
            if "\0" in template:
                yield template.replace("\0", word)


def mutations(notation: str) -> Iterator[str]:
    """A legal decision's notation with one of its words swapped for each hostile word, so that
    every branch of the parser and of the explanation is reached with the rest written right."""
    words = notation.split()
    for index in range(len(words)):
        for word in WORDS:
            yield " ".join([*words[:index], word, *words[index + 1 :]])


def assert_short_and_ours(message: Message | str, *written: str) -> str:
    """`message` renders in English and through a catalogue, to a short text, and every template
    it asks to translate is one of ours: none holds what the person wrote."""
    english = render(message)
    assert len(english) <= SHORT, english[:200]
    assert "x" * 100 not in english and "1" * 100 not in english
    if isinstance(message, Message):
        reading = Reading()
        message.render(reading)
        hostile = [word for word in WORDS if any(word in text for text in written)]
        for template in reading.templates:
            assert not [word for word in hostile if word in template], template[:200]
    return english


def refusal(call: Callable[[], Any], *written: str) -> LagunaError | None:
    """The error `call` ends in, checked short and ours; None if it succeeded. Any error that is not
    a `LagunaError` (KeyError, IndexError, ValueError, AttributeError…) fails the test as it is."""
    try:
        call()
    except LagunaError as error:
        assert_short_and_ours(error.message, *written)
        return error
    return None


def judge(state: GameState[Any], seat: int, game: AnyGame, line: str) -> None:
    """Parse `line`; where it parses, it must be illegal here, explained and refused by `apply`."""
    parsed: list[Any] = []
    if refusal(lambda: parsed.append(game.parse_action(line)), line) is not None:
        return
    action = parsed[0]
    assert action not in state.legal_actions(seat), line[:80]
    assert_short_and_ours(state.explain_illegal(seat, action), line, str(action))
    refused = refusal(lambda: state.apply(seat, action), line, str(action))
    assert isinstance(refused, IllegalAction), line[:80]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_hostile_notation_is_refused_with_a_short_message_of_our_own(game: AnyGame) -> None:
    players = max(game.min_players, 2)
    state = game.new_game(players, None, 44)
    choose = random.Random(44)
    lines = list(dict.fromkeys(hostile_lines(game)))
    seen: set[str] = set()
    while not state.is_terminal():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        kinds = {type(action).__name__: action for action in legal}
        fresh = [action for name, action in kinds.items() if name not in seen]
        if fresh:
            for line in lines:
                judge(state, seat, game, line)
            for action in fresh:
                for line in mutations(str(action)):
                    judge(state, seat, game, line)
            seen.update(kinds)
        state.apply(seat, choose.choice(legal))
    assert len(seen) > 3


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_number_from_the_legal_list_is_read_only_when_it_is_one(game: AnyGame) -> None:
    state = game.new_game(max(game.min_players, 2), None, 3)
    seat = state.to_act()[0]
    for line in (*WORDS, "0", "9" * 30, " 1 "):
        try:
            game.parse_legal(state, seat, line)
        except NotationError as error:
            assert_short_and_ours(error.message, line)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
@pytest.mark.parametrize("action", ["sail {x}", "fish {x}", "{0}", "%s", LONG, f"sail {LONG}"])
def test_a_record_with_hostile_notation_names_the_action(game: AnyGame, action: str) -> None:
    first = game.new_game(2, None, 5).to_act()[0]
    record = GameRecord(game.id, ["a", "b"], 5, actions=[RecordedAction(first, action)])
    with pytest.raises(RecordError) as refused:
        replay(record)
    text = assert_short_and_ours(refused.value.message, action)
    assert text.startswith("action 1 (")
