"""The heuristic's memo (`WalkingInBuranoState.memo`): the values it keeps are exactly the values worked
out from scratch, in every position of random and greedy games, in the positions one decision ahead,
in determinized samples and after copies, which share the memo."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from laguna.bots import GreedyBot
from laguna.core.rng import Rng
from laguna.games.walking_in_burano import WalkingInBuranoState, heuristics
from laguna.games.walking_in_burano.cards import Colour
from laguna.games.walking_in_burano.planning import Plan, card_tables
from laguna.games.walking_in_burano.position import EMPTY
from tests.games.walking_in_burano.scenario import new


def afresh(state: WalkingInBuranoState) -> tuple[float, ...]:
    """The estimate with nothing kept from before: a copy with an empty memo of its own."""
    twin = state.copy()
    twin.memo = {}
    return twin.estimate()


def check_position(state: WalkingInBuranoState, rng: Rng) -> None:
    """The position, every position one decision ahead, and a determinized sample with its children,
    estimated through the shared memo in the order a search does it, against the values from scratch."""
    assert state.estimate() == afresh(state)
    if state.is_terminal():
        return
    seat = state.to_act()[0]
    for sample in (state, state.determinize(seat, rng)):
        assert sample.estimate() == afresh(sample)
        for action in sample.legal_actions(seat):
            child = sample.copy()
            child.apply_unchecked(seat, action)
            assert child.estimate() == afresh(child), action
        assert sample.estimate() == afresh(sample)


OPTIONS = [
    {"round_limit": 12},
    {"two_player_variant": False, "round_limit": 12},
    {"closed_window_penalty": False, "round_limit": 8},
    {"beginner_characters": True, "round_limit": 8},
    {"round_limit": 3},
]
"""Random games last the forty rounds of the round limit: a few rounds show every kind of position."""


@pytest.mark.parametrize(("players", "variant"), [(1, 0), (1, 4), (2, 0), (2, 1), (3, 2), (3, 3), (4, 0), (4, 4)])
def test_random_games_estimate_as_from_scratch(players: int, variant: int) -> None:
    seed = 10 * players + variant
    state = new(players, seed, **OPTIONS[variant])
    rng = Rng(seed)
    check_position(state, rng)
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_position(state, rng)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_games_estimate_as_from_scratch(players: int) -> None:
    state = new(players, seed=players, round_limit=6)
    bots = [GreedyBot(players + seat) for seat in range(players)]
    rng = Rng(players)
    while not state.is_terminal():
        check_position(state, rng)
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    check_position(state, rng)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_copy_playing_on_never_changes_the_original(players: int) -> None:
    state = new(players, seed=5 + players, round_limit=10)
    rng = Rng(players)
    while not state.is_terminal():
        before = state.estimate()
        twin = state.copy()
        for _ in range(6):
            if twin.is_terminal():
                break
            seat = twin.to_act()[0]
            twin.apply(seat, rng.choice(twin.legal_actions(seat)))
            assert twin.estimate() == afresh(twin)
        assert state.estimate() == before == afresh(state)
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_position_changed_by_hand_is_estimated_afresh() -> None:
    """Tests and tools set positions up by changing the state directly: the memo notices."""
    state = new(2, seed=3)
    first = state.estimate()
    state.coins[0] += 2
    state.tokens[1] -= 1
    state.supply[0][0], state.decks[0][-1] = state.decks[0][-1], state.supply[0][0]
    assert state.estimate() == afresh(state) != first


@pytest.mark.parametrize("players", [2, 3])
def test_seat_values_kept_by_their_inputs_answer_as_worked_out_afresh(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Samples of a position and the decisions after them meet the same inputs of a seat again and
    again: the values kept for those inputs answer, each the value worked out from scratch."""
    worked_out = 0
    seat_value = heuristics._seat_value

    def counted(*args: Any, **kwargs: Any) -> tuple[float, float]:
        nonlocal worked_out
        worked_out += 1
        return seat_value(*args, **kwargs)

    state = new(players, seed=20 + players, round_limit=8)
    bots = [GreedyBot(seat) for seat in range(players)]
    for _ in range(6 * players):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    seat = state.to_act()[0]
    children = []
    for n in range(12):
        sample = state.determinize(seat, Rng(n))
        for action in sample.legal_actions(seat):
            child = sample.copy()
            child.apply_unchecked(seat, action)
            children.append(child)
    with monkeypatch.context() as patch:
        patch.setattr(heuristics, "_seat_value", counted)
        kept = [child.estimate() for child in children]
        with_values = worked_out
        patch.setattr(heuristics, "VALUES", 0)  # every value forgotten as soon as kept
        state.memo.clear()
        assert [child.estimate() for child in children] == kept
    assert kept == [afresh(child) for child in children]
    assert with_values < (worked_out - with_values) * 0.8


def test_the_values_kept_are_forgotten_past_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristics, "VALUES", 3)
    state = new(2, seed=3, round_limit=4)
    rng = Rng(3)
    while not state.is_terminal():
        assert state.estimate() == afresh(state)
        assert len(state.memo.get("values", ())) <= 3
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def searched(players: int, seed: int) -> Iterator[WalkingInBuranoState]:
    """Every position of a seeded random game, its determinized samples and every position one
    decision ahead of those, estimated in that order through their shared memo, as a search meets them."""
    state = new(players, seed, round_limit=8)
    rng = Rng(seed)
    while not state.is_terminal():
        seat = state.to_act()[0]
        for sample in (state, state.determinize(seat, rng), state.determinize(seat, rng)):
            sample.estimate()
            yield sample
            for action in sample.legal_actions(seat):
                child = sample.copy()
                child.apply_unchecked(seat, action)
                child.estimate()
                yield child
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def counts_long(state: WalkingInBuranoState) -> tuple[list[list[int]], list[list[int]]]:
    """The cards of each floor and colour in the supply and in the decks, read from the cards."""
    colours = list(Colour)
    supply = [[0] * len(colours) for _ in state.supply]
    decks = [[0] * len(colours) for _ in state.decks]
    for rows, counts in ((state.supply, supply), (state.decks, decks)):
        for row, count in zip(rows, counts, strict=True):
            for i in row:
                if i != EMPTY:
                    count[colours.index(state.cards.cards[i].colour)] += 1
    return supply, decks


PLAN_PARTS = [name for name in Plan.__slots__ if name != "headings"]


@pytest.mark.parametrize(("players", "seed"), [(1, 41), (2, 42), (3, 43), (4, 44)])
def test_kept_offers_plans_and_headings_are_those_worked_out_afresh(players: int, seed: int) -> None:
    """The offer a position finds is the one of its own cards, even when another position with as many
    of each floor and colour made it; the plan kept for a seat is the one of its area, hand and tokens;
    the headings a plan keeps for a chance are those worked out again."""
    served: dict[int, set[tuple[tuple[int, ...], ...]]] = {}
    for state in searched(players, seed):
        t = card_tables(state.cards)
        offer = heuristics._offer(state, t)
        supply, decks = counts_long(state)
        assert (offer.in_supply, offer.in_deck) == (supply, decks)
        assert offer.sizes == [len(deck) for deck in state.decks]
        assert offer.flow == (heuristics.FLOW_SOLO if players == 1 else heuristics.FLOW_PER_PLAYER * players)
        served.setdefault(id(offer), set()).add((*map(tuple, state.supply), *map(tuple, state.decks)))
        for seat in range(players):
            own = (tuple(state.areas[seat]), tuple(state.hands[seat]), state.tokens[seat])
            kept = state.memo["plans"].get(own)
            if kept is None:
                continue
            fresh = Plan(t, *own)
            assert [getattr(kept, name) for name in PLAN_PARTS] == [getattr(fresh, name) for name in PLAN_PARTS]
            for takes in (0, 1, 4):
                chance = offer.chance(takes)
                assert heuristics._heads(kept, chance) == heuristics._headings(fresh, chance)
                assert len(kept.headings) <= heuristics.HEADINGS
    assert max(map(len, served.values())) > 1  # positions with other cards in other orders shared an offer
