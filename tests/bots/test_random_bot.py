"""The random bot: legal, uniform, reproducible, and blind to everything but its legal actions."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from laguna.bots import BOTS, RandomBot, bot_seed, make_bot
from laguna.core import IllegalAction, OptionsError, get_game

GAME = "walking-in-burano"


class LegalOnly:
    """A stand-in state that offers legal actions and fails on any other use."""

    def __init__(self, actions: list[Any]) -> None:
        self._actions = actions
        self.asked: list[int] = []

    def legal_actions(self, seat: int) -> list[Any]:
        self.asked.append(seat)
        return self._actions

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the random bot read {name!r}, which it must not use")


def test_choice_is_one_of_the_legal_actions_of_the_asking_seat() -> None:
    state = LegalOnly(["a", "b", "c"])
    bot = RandomBot(5)
    for _ in range(50):
        assert bot.choose(state, 2) in {"a", "b", "c"}  # type: ignore[arg-type]
    assert set(state.asked) == {2}


def test_choices_are_roughly_uniform() -> None:
    state = LegalOnly(["a", "b", "c"])
    bot = RandomBot(11)
    counts = Counter(bot.choose(state, 0) for _ in range(6000))  # type: ignore[arg-type]
    # Each count is Binomial(6000, 1/3): sd ≈ 36.5, so ±200 is more than 5 sd.
    assert set(counts) == {"a", "b", "c"}
    assert all(abs(n - 2000) < 200 for n in counts.values())


def test_same_seed_same_choices_different_seed_different_choices() -> None:
    state = LegalOnly(list(range(100)))
    first = RandomBot(3).choose(state, 0)  # type: ignore[arg-type]
    a, b, c = RandomBot(3), RandomBot(3), RandomBot(4)
    run_a = [a.choose(state, 0) for _ in range(30)]  # type: ignore[arg-type]
    run_b = [b.choose(state, 0) for _ in range(30)]  # type: ignore[arg-type]
    run_c = [c.choose(state, 0) for _ in range(30)]  # type: ignore[arg-type]
    assert run_a == run_b
    assert run_a[0] == first
    assert run_a != run_c


def test_plays_a_real_game_to_its_end_with_legal_actions_only() -> None:
    state = get_game(GAME).new_game(3, None, 8)
    bots = [RandomBot(bot_seed(8, seat)) for seat in range(3)]
    decisions = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
        decisions += 1
        assert decisions < 100_000
    assert state.outcome().scores


def test_a_seat_without_a_decision_gets_a_clear_error() -> None:
    with pytest.raises(IllegalAction, match="owes no decision"):
        RandomBot(1).choose(LegalOnly([]), 0)  # type: ignore[arg-type]


def test_make_bot_knows_random_and_names_the_known_bots_otherwise() -> None:
    bot = make_bot("random", 9)
    assert bot.name == "random"
    assert isinstance(bot, RandomBot)
    assert make_bot(" Random ", 9).name == "random"
    with pytest.raises(OptionsError, match=r"unknown bot 'genius'.*random"):
        make_bot("genius", 9)
    assert "random" in BOTS


def test_bot_seeds_depend_on_game_seed_and_seat_only() -> None:
    assert bot_seed(7, 0) == bot_seed(7, 0)
    seeds = {bot_seed(game, seat) for game in range(20) for seat in range(4)}
    assert len(seeds) == 80
    assert bot_seed(7, 0) != 7
