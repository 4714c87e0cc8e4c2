"""Murano tells a person everything as translatable messages: the log lines, why a decision is
illegal, notation and option errors, and the words those sentences are built from."""

from __future__ import annotations

import random

import pytest

from laguna.core.errors import IllegalAction, NotationError, OptionsError
from laguna.core.game import Event
from laguna.core.messages import Message, Player
from laguna.games.murano import GAME, MuranoState
from laguna.games.murano.actions import parse_action
from laguna.games.murano.components import PLAYER_COLOURS, SPECIAL_TITLES, Action, Bead, Building, Customer
from laguna.games.murano.encoding import action_space
from laguna.games.murano.loader import load_components
from laguna.games.murano.position import STACKS
from tests.translatable import assert_translatable

WORDS = {
    *(member.value for kind in (Action, Bead, Building, Customer) for member in kind),
    *PLAYER_COLOURS,
    *STACKS,
}
"""Words a sentence may carry that a reader needs in their language: never a plain-text field."""
GAMES = [
    (2, 7, {}),
    (3, 5, {"automatic_income": False, "red_ship_gold": True}),
    (4, 2, {"preliminary_character": True, "optional_selling": False, "skip_unscoreable": False}),
]


def fields(message: Message) -> list[object]:
    """Every field value of `message`, nested messages and lists opened."""
    found: list[object] = []
    pending: list[object] = list(message.fields.values())
    while pending:
        value = pending.pop()
        found.append(value)
        if isinstance(value, Message):
            pending.extend(value.fields.values())
        elif isinstance(value, list | tuple):
            pending.extend(value)
    return found


def play(players: int, seed: int, options: dict[str, object]) -> list[tuple[MuranoState, list[Event]]]:
    """A seeded random game: each position a decision was taken in (a copy) with the events it gave."""
    state = GAME.new_game(players, options, seed=seed)
    rng = random.Random(seed)
    taken: list[tuple[MuranoState, list[Event]]] = []
    while state.to_act():
        seat = state.to_act()[0]
        before = state.copy()
        events = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        taken.append((before, events))
    return taken


@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=str)
def test_every_log_line_is_a_message(players: int, seed: int, options: dict[str, object]) -> None:
    kinds = set()
    for _, events in play(players, seed, options):
        for event in events:
            assert isinstance(event.message, Message), event
            assert event.text == str(event.message) and event.text
            assert_translatable(event.message)
            words = [value for value in fields(event.message) if isinstance(value, str) and value in WORDS]
            assert not words, f"{event.text}: {words} reach the reader untranslated"
            if event.seat is not None and "{player}" in event.message.template:
                assert Player(event.seat) in fields(event.message)
            kinds.add(event.kind)
    assert {"act", "sail", "build"} <= kinds


@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=str)
def test_an_illegal_decision_is_explained_by_a_message(players: int, seed: int, options: dict[str, object]) -> None:
    candidates = action_space(players, GAME.options(options))
    rng = random.Random(seed)
    for state, _ in play(players, seed, options)[::7]:
        seat = state.to_act()[0]
        legal = set(state.legal_actions(seat))
        for action in rng.sample([a for a in candidates if a not in legal], 3):
            reason = state.explain_illegal(seat, action)
            assert_translatable(reason)
            with pytest.raises(IllegalAction) as caught:
                state.copy().apply(seat, action)
            assert isinstance(caught.value.message, Message)
            assert str(reason) in str(caught.value)


def test_the_outcome_of_an_unfinished_game_is_refused_with_a_message() -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.new_game(2, seed=1).outcome()
    assert isinstance(caught.value.message, Message) and str(caught.value) == "the game is not over yet"


@pytest.mark.parametrize("text", ["", "fly 3", "act 19", "sail 3 5 green", "gondola donato ORANGE!", "place donato"])
def test_notation_errors_are_messages(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert isinstance(caught.value.message, Message)
    assert_translatable(caught.value.message)


def test_option_errors_are_messages() -> None:
    with pytest.raises(OptionsError) as caught:
        GAME.new_game(2, {"components": ""})
    assert isinstance(caught.value.message, Message)
    with pytest.raises(OptionsError) as caught:
        GAME.options_type.parse_pairs(["components=/nowhere/murano.toml"])
    message = caught.value.message
    assert isinstance(message, Message) and str(message).startswith("option components: /nowhere/murano.toml")


def test_the_packaged_special_building_titles_are_marked() -> None:
    assert {card.title for card in load_components().special_cards} <= set(SPECIAL_TITLES)
