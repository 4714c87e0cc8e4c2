"""The greedy and ISMCTS bots on tiny games that isolate look-ahead and honesty about hidden cards."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from typing import Any

import pytest

from laguna.bots import GreedyBot, IsmctsBot
from laguna.bots.ismcts import _Edge
from laguna.bots.learned import HeuristicEvaluation
from laguna.core import GameState, IllegalAction, OptionsError
from tests.bots.toy_games import HiddenCard, Nim, Take


@pytest.mark.parametrize("open_at", [1, 5])
@pytest.mark.parametrize(("pile", "winning"), [(5, 1), (6, 2), (7, 3), (9, 1), (10, 2), (11, 3)])
def test_ismcts_finds_the_winning_nim_move_that_the_estimate_cannot_see(pile: int, winning: int, open_at: int) -> None:
    # Leaving a multiple of 4 wins; the estimate is flat until the end, so only look-ahead finds it.
    assert IsmctsBot(3, iterations=1500, open_at=open_at).choose(Nim(pile), 0) == Take(winning)


class CountingEvaluation(HeuristicEvaluation):
    """The heuristic, counting the positions it judges one by one and the positions opened."""

    def __init__(self) -> None:
        self.single = 0
        self.opened = 0

    def estimate(self, state: GameState[Any]) -> tuple[float, ...]:
        self.single += 1
        return super().estimate(state)

    def estimate_many(self, states: Sequence[GameState[Any]]) -> list[tuple[float, ...]]:
        self.opened += bool(states)
        return super().estimate_many(states)


@pytest.mark.parametrize("open_at", [1, 2, 5])
def test_a_position_is_judged_as_a_leaf_until_it_opens(open_at: int) -> None:
    # A position opens (its decisions judged one step ahead) at its open_at-th visit; the visits before
    # judge it by itself, so the tree grows about one position every open_at iterations.
    counting = CountingEvaluation()
    bot = IsmctsBot(5, iterations=400, evaluation=counting, widening=0.0, open_at=open_at)
    bot.choose(Nim(40), 0)
    # Each iteration judges its sample's root (the reference), then opens a position or judges a leaf
    # (the pile never runs out within 400 iterations).
    leaves = 400 - counting.opened
    assert counting.single == 400 + leaves
    if open_at == 1:
        assert leaves == 0
    else:
        # A position opened at its open_at-th visit was judged as a leaf at open_at - 2 of the visits
        # before at least (the first may have been the iteration that took its decision).
        assert leaves >= (counting.opened - 1) * (open_at - 2)
        assert counting.opened < 400 // (open_at - 1)


def test_greedy_takes_an_immediate_win_but_cannot_look_further() -> None:
    assert GreedyBot(0).choose(Nim(3), 0) == Take(3)
    # From 6 every move looks alike to a one-step look-ahead: over seeds it does not settle on the win.
    choices = {GreedyBot(seed).choose(Nim(6), 0) for seed in range(30)}
    assert len(choices) == 3


def test_ismcts_with_the_same_seed_and_budget_decides_the_same() -> None:
    first = [IsmctsBot(11, iterations=200).choose(Nim(pile), 0) for pile in range(4, 14)]
    again = [IsmctsBot(11, iterations=200).choose(Nim(pile), 0) for pile in range(4, 14)]
    assert first == again


def test_a_time_budget_runs_at_least_one_iteration_and_stops() -> None:
    bot = IsmctsBot(1, iterations=None, millis=20)
    assert bot.choose(Nim(9), 0) in Nim(9).legal_actions(0)
    assert bot.last_iterations >= 1


def test_a_single_legal_decision_is_taken_without_search() -> None:
    bot = IsmctsBot(1, iterations=500)
    assert bot.choose(Nim(1), 0) == Take(1)
    assert bot.last_iterations == 0


@pytest.mark.parametrize("make", [GreedyBot, lambda s: IsmctsBot(s, iterations=60)])
def test_bots_do_not_peek_at_a_hidden_card(make) -> None:  # type: ignore[no-untyped-def]
    # A bot that read the true card would always name it; one that samples from its view is right
    # about a quarter of the time (Binomial(200, 1/4): mean 50, sd ≈ 6.1).
    right = sum(make(seed).choose(HiddenCard(seed % 4), 1).card == seed % 4 for seed in range(200))
    assert 20 < right < 80


def test_greedy_with_temperature_spreads_its_choices_and_zero_does_not() -> None:
    # A win counts about 1000 points for greedy, so only a huge temperature makes the other moves likely.
    hot = {GreedyBot(seed, temperature=2000.0).choose(Nim(3), 0) for seed in range(40)}
    cold = {GreedyBot(seed).choose(Nim(3), 0) for seed in range(40)}
    assert len(hot) > 1
    assert cold == {Take(3)}


def test_bad_budgets_and_settings_are_refused_with_a_reason() -> None:
    with pytest.raises(OptionsError, match="exactly one budget"):
        IsmctsBot(0, iterations=None)
    with pytest.raises(OptionsError, match="at least one iteration"):
        IsmctsBot(0, iterations=0)
    with pytest.raises(OptionsError, match="positive time"):
        IsmctsBot(0, iterations=None, millis=0)
    with pytest.raises(OptionsError, match="at least one virtual visit"):
        IsmctsBot(0, prior=0)
    with pytest.raises(OptionsError, match="widening cannot be negative"):
        IsmctsBot(0, widening=-1.0)
    with pytest.raises(OptionsError, match="judges at least one position"):
        IsmctsBot(0, judgements=0)
    with pytest.raises(OptionsError, match="opens at its first visit or later"):
        IsmctsBot(0, open_at=0)
    with pytest.raises(OptionsError, match="at least one sample"):
        GreedyBot(0, samples=0)


def test_bots_refuse_a_seat_that_owes_no_decision() -> None:
    over = Nim(1)
    over.apply(0, Take(1))
    for bot in (GreedyBot(0), IsmctsBot(0, iterations=5)):
        with pytest.raises(IllegalAction, match="owes no decision"):
            bot.choose(over, 1)


def test_a_bound_on_judged_positions_stops_the_search_the_same_way_everywhere() -> None:
    # Nim(40) opens a position of 3 decisions each iteration (after the root's reference): 4 judged.
    free = IsmctsBot(2, iterations=400)
    free.choose(Nim(40), 0)
    assert (free.last_iterations, free.last_judged) == (400, 1600)
    bounded = IsmctsBot(2, iterations=400, judgements=250)
    decision = bounded.choose(Nim(40), 0)
    assert bounded.last_judged >= 250 > bounded.last_judged - 4
    assert bounded.last_iterations == 63
    # The same bound stops at the same iteration again: a bound in work, not in seconds.
    again = IsmctsBot(2, iterations=400, judgements=250)
    assert again.choose(Nim(40), 0) == decision and again.last_iterations == 63


def test_a_widened_position_offers_its_best_decisions_ties_in_the_order_listed() -> None:
    bot = IsmctsBot(0, iterations=1, widening=1.0)
    node = _Edge(-1, 0.0, 1)  # visited once: it offers max(2, int(√2)) = 2 decisions
    legal = ["a", "b", "c", "d"]
    edges = [_Edge(0, first, 3) for first in (0.5, 0.7, 0.7, 0.7)]
    # b and c are offered (the best, ties in the order listed), each one more time available; of
    # the two, equal in every count, the first listed is taken.
    assert bot._select(node, legal, edges, {}) == ("b", edges[1])
    assert [edge.available for edge in edges] == [3, 4, 4, 3]
    # A decision that joined the tree in this very visit is not counted available twice.
    assert bot._select(node, legal, edges, {"c": None}) == ("b", edges[1])
    assert [edge.available for edge in edges] == [3, 5, 4, 3]
    # Without widening every decision is offered; of equals tried as often, UCB1 owes the one offered
    # most often the most exploration.
    unwidened = IsmctsBot(0, iterations=1, widening=0.0)
    assert unwidened._select(node, legal, edges, {}) == ("b", edges[1])
    assert [edge.available for edge in edges] == [4, 6, 5, 4]


class CollectorWatch(HeuristicEvaluation):
    """The heuristic, noting whether the cyclic garbage collector runs while the search judges."""

    def __init__(self) -> None:
        self.seen: set[bool] = set()

    def estimate(self, state: GameState[Any]) -> tuple[float, ...]:
        self.seen.add(gc.isenabled())
        return super().estimate(state)


@pytest.mark.parametrize("enabled", [True, False])
def test_a_search_pauses_the_cyclic_collector_and_leaves_it_as_it_found_it(enabled: bool) -> None:
    watch = CollectorWatch()
    (gc.enable if enabled else gc.disable)()
    try:
        IsmctsBot(1, iterations=50, evaluation=watch).choose(Nim(9), 0)
        assert gc.isenabled() is enabled
    finally:
        gc.enable()
    assert watch.seen == {False}


def test_the_search_tree_is_freed_before_the_collector_resumes() -> None:
    # Resumed with the tree still alive, the collector would walk all of it once more per decision.
    edges_seen: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            edges_seen.append(sum(type(thing) is _Edge for thing in gc.get_objects()))

    gc.callbacks.append(watch)
    try:
        IsmctsBot(1, iterations=400).choose(Nim(40), 0)
        gc.collect()
    finally:
        gc.callbacks.remove(watch)
    assert edges_seen and max(edges_seen) == 0


def test_a_position_offering_the_decisions_it_offered_last_reuses_their_edges() -> None:
    bot = IsmctsBot(0, iterations=1)
    node = _Edge(-1, 0.0, 1)
    state = Nim(7)
    reference = (0.0, 0.0)
    edges, fresh = bot._expand(node, state, 0, state.legal_actions(0), reference)
    assert set(fresh) == set(state.legal_actions(0)) and len(edges) == 3
    # An equal list (another sample's) finds the same edges without new judgements.
    again, fresh = bot._expand(node, state, 0, tuple(state.legal_actions(0)), reference)
    assert again is edges and fresh == {}
    # Another seat, or other decisions, are looked up afresh: new ones join, known ones are found.
    other, fresh = bot._expand(node, state, 1, state.legal_actions(0), reference)
    assert set(fresh) == set(state.legal_actions(0)) and all(a is not b for a, b in zip(other, edges, strict=True))
    fewer, fresh = bot._expand(node, Nim(2), 0, Nim(2).legal_actions(0), reference)
    assert fresh == {} and fewer == edges[:2]
