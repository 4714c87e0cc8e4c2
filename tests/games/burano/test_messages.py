"""Everything Burano tells a person is a translatable message: the log lines of whole random games, the
reasons an illegal decision is refused, notation and option errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from laguna.core.errors import CardDataError, IllegalAction, NotationError, OptionsError
from laguna.core.messages import Message
from laguna.games.burano import GAME, BuranoState
from laguna.games.burano.actions import Action
from laguna.games.burano.loader import load_components
from laguna.games.burano.workshop_area import workshop_size
from tests.games.burano.scenario import act, new
from tests.translatable import Reading, assert_translatable


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_log_line_of_a_random_game_is_a_message(players: int, seed: int) -> None:
    state = new(players, seed, random_workshops=seed % 2 == 0)
    choose = random.Random(seed)
    kinds = set()
    while state.to_act():
        seat = state.to_act()[0]
        for event in state.apply(seat, choose.choice(state.legal_actions(seat))):
            assert_translatable(event.message)
            assert event.text == str(event.message)
            kinds.add(event.kind)
    assert {"season", "turn", "build", "clean-up", "game-over"} <= kinds


def test_words_that_vary_are_translated_as_words() -> None:
    """A colour, a season or an action space is a message of its own inside the sentence, so it reaches
    the catalogue instead of being pasted into the sentence in English."""
    state = new(2, 4)
    choose = random.Random(4)
    reading = Reading()
    while state.to_act():
        seat = state.to_act()[0]
        for event in state.apply(seat, choose.choice(state.legal_actions(seat))):
            assert isinstance(event.message, Message)
            event.message.render(reading)
    assert {"Spring", "spring", "pink", "fishing", "lace making", "earning"} <= set(reading.templates)


def _illegal(state: BuranoState) -> tuple[int, Action]:
    """A seat owing a decision and a decision it may not take now."""
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    for text in ("end", "pick t", "done", "roofs islands workshops fountains", "stack b1 pink"):
        action = GAME.parse_action(text)
        if action not in legal:
            return seat, action
    raise AssertionError("every probe is legal")


@pytest.mark.parametrize("seed", [5, 6])
def test_an_illegal_decision_is_refused_with_a_message(seed: int) -> None:
    state = new(3, seed)
    choose = random.Random(seed)
    for _ in range(40):
        seat, action = _illegal(state)
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, action)
        assert_translatable(refused.value.message)
        assert_translatable(state.explain_illegal(seat, action))
        seat = state.to_act()[0]
        state.apply(seat, choose.choice(state.legal_actions(seat)))
    with pytest.raises(IllegalAction) as unfinished:
        state.outcome()
    assert_translatable(unfinished.value.message)


def test_the_explanation_names_the_rule_in_words_of_the_catalogue() -> None:
    state = new(2, 0)
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, "end")
    reason = state.explain_illegal(seat, GAME.parse_action("end"))
    assert (
        str(reason)
        == "now is choose roof tiles: choose three different kinds of roof tiles (roofs <kind> <kind> <kind>)"
    )
    assert str(reason) in str(refused.value)
    reading = Reading()
    reason.render(reading)
    assert "choose roof tiles" in reading.templates


@pytest.mark.parametrize("text", ["", "build purple c2", "roofs islands islands fountains", "pay c2 gold", "fly"])
def test_notation_errors_are_messages(text: str) -> None:
    with pytest.raises(NotationError) as refused:
        GAME.parse_action(text)
    assert_translatable(refused.value.message)


def test_option_and_component_errors_are_messages(tmp_path: Path) -> None:
    with pytest.raises(OptionsError) as refused:
        workshop_size(5)
    assert_translatable(refused.value.message)
    with pytest.raises(OptionsError) as missing:
        new(2, 1, components=str(tmp_path / "missing.toml"))
    assert_translatable(missing.value.message)
    wrong = tmp_path / "components.toml"
    wrong.write_text("[fish]\ncards_per_kind = 5\n", encoding="utf-8")
    with pytest.raises(CardDataError) as bad:
        load_components(str(wrong))
    assert_translatable(bad.value.message)
    assert str(bad.value).endswith("5 cards per kind, the rulebook has 6 (48 in 8 kinds)")
