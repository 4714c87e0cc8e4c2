"""What the estimate keeps beyond one position (`laguna.games.burano.holdings`): the clock of each
moment, the facts of each schedule ring, what each hand of building cards does, what a kept table
remembers of each seat, and where roof tiles could go on the main island. At every position of seeded
games, each is the same as worked out afresh."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState, Phase
from laguna.games.burano.components import HouseSymbol
from laguna.games.burano.heuristics import _Estimate
from laguna.games.burano.holdings import _CLOCKS, Clock, _clock, _Held, _static, ring_facts


def positions(players: int, seed: int) -> Iterator[BuranoState]:
    """Every position of a seeded game of random decisions, each judged before the next decision, so
    the position keeps its table for as long as its decisions allow."""
    state = GAME.new_game(players, seed=seed)
    rng = Rng(seed + 90)
    while not state.is_terminal():
        state.estimate()
        yield state
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_kept_facts_match_fresh_ones(players: int, seed: int) -> None:
    rings = carried = islands = 0
    previous = None
    for state in positions(players, seed):
        moment = (state.phase, state.season, state.round, state.turn, players)
        assert _clock(*moment) == vars(Clock(*moment))
        assert _CLOCKS[moment] == vars(Clock(*moment))
        static = _static(state.components)
        for board in state.boards:
            ring = board.ring
            arrows = tuple(ring.arrow_colours())
            free = [house.symbol for house in ring.uncovered()][: ring.empty_sectors]
            facts = (arrows, free.count(HouseSymbol.COIN), free.count(HouseSymbol.FOUNTAIN))
            assert ring_facts(ring) == facts
            rings += 1
            if board.cards:
                assert vars(static.held(state, board.cards)) == vars(_Held(state, board.cards))
        if state._island[0] is not None:
            scratch = state.copy()
            scratch.forget_worth()
            assert state._island[0] == _Estimate(scratch).sites()
            islands += 1
        if state.phase is not Phase.OVER:
            kept = state._table[0]
            assert isinstance(kept, _Estimate)
            carried += kept is previous
            previous = kept
            fresh = _Estimate(state)
            kept.state = state
            for seat in range(players):
                if kept._terms[seat] is not None:
                    assert kept._terms[seat] == fresh.cube_terms(seat)
                if kept._steady[seat] is not None:
                    assert kept._steady[seat] == fresh._steady_parts(seat)
                if kept._lace[seat] is not None:
                    assert kept._lace[seat] == fresh._lace_makers(seat)
    assert rings > 100
    assert carried > 50, "the decisions on one board keep the table"
    assert islands > 50


@pytest.mark.parametrize(("players", "seed"), [(2, 15), (3, 16)])
def test_a_house_built_keeps_the_table_but_the_main_island(players: int, seed: int) -> None:
    """Each house built in a seeded game takes its position's table over (with what it learnt of the
    seats), and judges the position as a position that keeps nothing does."""
    built = 0
    for state in positions(players, seed):
        seat = state.to_act()[0]
        kept = state._table[0]
        for action in state.legal_actions(seat):
            if type(action).__name__ != "Build":
                continue
            child = state.copy()
            child.apply_unchecked(seat, action)
            values = child.estimate()
            table = child._table[0]
            # The table lets go of the position once judged (no cycle between the two).
            assert table is not kept and table._steady is kept._steady and not hasattr(table, "state")
            scratch = child.copy()
            scratch.forget_worth()
            assert values == scratch.estimate()
            table.state = child
            assert table.sites() == _Estimate(scratch).sites()
            built += 1
    assert built > 100
