"""The outlooks behind the estimate (laguna/games/burano_roll_and_write/heuristics.py): what a state
carries over to its copies, and what the game remembers of sheets already judged, must give exactly
the estimate worked out afresh from the position, and a copy's decisions never change the estimate of
the position it came from."""

from __future__ import annotations

from itertools import accumulate

import pytest

from laguna.bots import GreedyBot
from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write import RollAndWriteState, heuristics
from laguna.games.burano_roll_and_write.heuristics import estimate_afresh
from tests.games.burano_roll_and_write.scenario import new


def bits(values: tuple[float, ...]) -> tuple[str, ...]:
    """The estimate to the last bit (equal floats may still differ, as 0.0 and -0.0 do)."""
    return tuple(float(v).hex() for v in values)


def agrees(state: RollAndWriteState) -> None:
    assert bits(state.estimate()) == bits(estimate_afresh(state))


def search_step(state: RollAndWriteState, seat: int) -> None:
    """What a search does at a new position: every decision judged on a copy, one step ahead; then the
    position itself is judged the same as before."""
    before = bits(state.estimate())
    for action in state.legal_actions(seat):
        child = state.copy()
        child.apply_unchecked(seat, action)
        agrees(child)
        if not child.is_terminal():
            grandchild = child.copy()
            actor = grandchild.to_act()[0]
            grandchild.apply_unchecked(actor, grandchild.legal_actions(actor)[-1])
            agrees(grandchild)
            agrees(child)
    assert bits(state.estimate()) == before
    agrees(state)


def play(state: RollAndWriteState, seed: int, greedy: bool) -> None:
    """A seeded game (random or greedy decisions), checking every position, every decision one step
    ahead, and a determinized copy as a search samples it."""
    rng = Rng(seed)
    bots = [GreedyBot(seed + seat) for seat in range(state.players)]
    while not state.is_terminal():
        agrees(state)
        seat = state.to_act()[0]
        search_step(state, seat)
        sample = state.determinize(seat, rng)
        search_step(sample, sample.to_act()[0])
        action = bots[seat].choose(state, seat) if greedy else rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
    agrees(state)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_estimate_exact(players: int, seed: int) -> None:
    play(new(players, layout=None, seed=seed, round_limit=6), seed, greedy=False)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_greedy_games_keep_the_estimate_exact(players: int) -> None:
    play(new(players, layout=None, seed=7 + players, round_limit=6), players, greedy=True)


def test_a_copy_circling_leaves_the_original_alone() -> None:
    """The copies share what was worked out from a sheet until one of them circles on it."""
    state = new(2, layout=None, seed=5)
    original = bits(state.estimate())
    seat = state.to_act()[0]
    twin = state.copy()
    twin.apply(seat, twin.legal_actions(seat)[0])  # a boat beside a die
    twin.apply(seat, twin.legal_actions(seat)[0])  # its circle
    agrees(twin)
    assert bits(state.estimate()) == original
    agrees(state)


def test_the_memory_of_sheets_stays_bounded() -> None:
    state = new(2, layout=None, seed=3)
    rng = Rng(3)
    while not state.is_terminal():
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            child = state.copy()
            child.apply_unchecked(seat, action)
            child.estimate()
            assert len(heuristics._MEMORY) <= heuristics.MEMORY
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def prefixes_long(outlook: heuristics._Outlook) -> list[tuple[float, ...]]:
    """The running sums of every count's ranking, each ranking listed whole from `level`: the open
    symbols, the plants with the number they will likely carry."""
    sheet, marks = outlook.sheet, outlook.marks
    found = []
    for count in range(len(outlook.plan) + 1):
        worth, plant_weight = heuristics._Outlook(sheet, marks, outlook.placed, outlook.circles).level(count)
        ranking = [worth[k] for k in sheet.others if marks.val[k] < 0]
        ranking += [
            worth[k] + plant_weight[k] * marks.plant_v[sheet.building[k]] for k in sheet.plants if marks.val[k] < 0
        ]
        ranked = sorted(ranking, reverse=True)
        found.append((0.0, *accumulate(ranked[::2] + ranked[1::2])))
    return found


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_rankings_updated_by_character_match_the_rankings_listed_whole(players: int) -> None:
    """An outlook updates its ranking only where each planned character adds, and keeps the levels it
    was asked for: both as if worked out whole, at every position of a seeded game; and it is the
    outlook of the sheet as circled there, whose circles a decision leaving the sheet alone reuses."""
    state = new(players, layout=None, seed=20 + players, round_limit=5)
    rng = Rng(players)
    while not state.is_terminal():
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            child = state.copy()
            child.apply_unchecked(seat, action)
            if child.is_terminal():
                continue
            child.estimate()
            for seat_of, cell in enumerate(child.outlooks):
                outlook = cell[0]
                assert outlook.circles == heuristics.circles_code(outlook.sheet, child.circled[seat_of])
                assert [[v.hex() for v in p] for p in outlook.prefixes] == [
                    [v.hex() for v in p] for p in prefixes_long(outlook)
                ]
                for count, (worth, plant_weight) in outlook.levels.items():
                    fresh = heuristics._Outlook(outlook.sheet, outlook.marks, outlook.placed, outlook.circles)
                    assert (worth, plant_weight) == fresh.level(count)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_code_of_the_circles_tells_sheets_apart_exactly() -> None:
    """The memory knows a sheet's circles by their code: two sheets of a layout get the same code
    exactly when the same symbols carry the same numbers (or none), at every position of seeded games."""
    seen: dict[tuple[str, bytes], frozenset[tuple[str, int | None]]] = {}
    for players in (1, 2, 3, 4):
        state = new(players, layout=None, seed=30 + players, round_limit=8)
        rng = Rng(players)
        while not state.is_terminal():
            for seat, layout in enumerate(state.layouts):
                circled = state.circled[seat]
                key = (layout.name, heuristics.circles_code(heuristics._sheet(layout), circled))
                assert seen.setdefault(key, frozenset(circled.items())) == frozenset(circled.items())
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(seen) == len({(name, circles) for (name, _), circles in seen.items()})


def race_long(state: RollAndWriteState) -> float:
    """The rounds raced to a fifth character, with `min` and `max` as the heuristic's docstring reads."""
    best = float(state.options.round_limit - state.round)
    for seat in range(state.players):
        need = max(0, heuristics.FIFTH - len(state.characters[seat]))
        coins = state.gained[seat] - state.spent[seat]
        rounds = max(float(need), (heuristics.INVITATION_COST * need - coins) / (heuristics.GAIN_RATE + 1.0))
        best = min(best, rounds)
    return max(0.0, best)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_race_written_with_comparisons_is_the_race_with_min_and_max(players: int) -> None:
    """At every position of seeded games, and with coins that make a seat's need or its coins decide."""
    state = new(players, layout=None, seed=40 + players, round_limit=8)
    rng = Rng(players)
    while not state.is_terminal():
        assert heuristics._race(state).hex() == race_long(state).hex()
        for extra in (0, 2, 9):
            twin = state.copy()
            twin.gained[0] += extra
            assert heuristics._race(twin).hex() == race_long(twin).hex()
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_plant_values_read_from_the_table_are_those_worked_out() -> None:
    """Every number a plant may carry, and 0 for a plant circled before the game with none."""
    assert [v.hex() for v in heuristics._PLANT_VALUES] == [heuristics.plant_value(cap).hex() for cap in range(7)]
