"""What the estimate keeps for the search's samples and the positions tried from them: a position's
samples start from what the estimate keeps of the position itself, each seat's best income is kept
with the islands it was read from, and its best gondola with its holdings; the ring's answers are
remembered by where the ships stand. Each is checked, at every position of seeded games, against
working it out afresh."""

from __future__ import annotations

import pytest

from laguna.core.rng import Rng
from laguna.games.murano import GAME, MuranoState, heuristics, holdings, ships
from laguna.games.murano.position import Phase
from laguna.games.murano.ships import SPACES, Ring
from tests.games.common import random_bot_positions
from tests.games.murano import test_estimate_memo


def played(players: int, seed: int) -> list[MuranoState]:
    """Every position of a seeded game of random decisions but the last, each kept as a copy."""
    return random_bot_positions(GAME.new_game(players, seed=seed), seed)[:-1]


@pytest.mark.parametrize(("players", "seed"), [(2, 41), (3, 42), (4, 43)])
def test_a_sample_starts_from_what_the_estimate_keeps_of_its_position(players: int, seed: int) -> None:
    for index, position in enumerate(played(players, seed)):
        seat = index % players
        unjudged = position.copy()
        unjudged.heuristic_memo = None
        rng, again = Rng(seed + index), Rng(seed + index)
        sample = unjudged.determinize(seat, rng)
        assert unjudged.heuristic_memo is not None, "the position was judged once for its samples"
        assert sample.heuristic_memo is unjudged.heuristic_memo
        # Judging it draws nothing and changes nothing: the sample is the one of a judged position.
        judged = position.copy()
        judged.estimate()
        twin = judged.determinize(seat, again)
        assert twin == sample and twin.rng == sample.rng and rng == again
        assert unjudged == position
        assert sample.estimate() == twin.estimate()


@pytest.mark.parametrize(("players", "seed"), [(2, 44), (3, 45), (4, 46)])
def test_each_seats_best_income_is_the_best_island_read_afresh(players: int, seed: int) -> None:
    rng = Rng(seed)
    kept = 0
    for position in played(players, seed):
        seat = position.to_act()[0]
        samples = [position, position.determinize(seat, rng)]
        for action in position.legal_actions(seat)[:4]:
            child = position.copy()
            child.apply_unchecked(seat, action)
            samples.append(child)
        for state in samples:
            if state.phase is Phase.OVER:
                continue
            state.estimate()
            shared = holdings.shared(state)
            for owner, best in shared.best_income.items():
                islands = [island.id for island in state.side.islands]
                assert best == max(state.income_at(owner, island) for island in islands)
                kept += best > 0
    assert kept, "some seat earns income somewhere"


@pytest.mark.parametrize(("players", "seed"), [(2, 47), (3, 48), (4, 49)])
def test_the_rings_remembered_answers_are_those_worked_out_afresh(players: int, seed: int) -> None:
    rings = {position.ring for position in played(players, seed)}
    # And each with the red ship sailed by the Lighthouse onto the next ship, sharing its space.
    rings |= {ring.sail(ring.red, ring.first_occupied_ahead(ring.red), True) for ring in rings}
    assert len(rings) > 20 and any(2 in ring.occupied for ring in rings)
    for ring in rings:
        occupied = ring.occupied
        for space in range(SPACES):
            assert ring.blockers(space) == ships._blockers.__wrapped__(occupied, space)
            assert ring.reach(space) == ships._reach.__wrapped__(occupied, space)
            for end in ring.reach(space):
                for red in (True, False):
                    sailed = ring.sail(space, end, red)
                    moved = list(occupied)
                    moved[space] -= 1
                    moved[end] += 1
                    assert sailed == Ring(tuple(moved), end if red else ring.red)


@pytest.mark.parametrize(("players", "seed"), [(2, 57), (3, 58), (4, 59)])
def test_the_best_gondola_remembered_by_holdings_is_the_one_worked_out_afresh(players: int, seed: int) -> None:
    rng = Rng(seed)
    checked = 0
    for position in played(players, seed):
        if position.phase is not Phase.GONDOLA:
            continue
        actor = position.actor
        for state in (position, position.determinize(actor, rng)):
            estimate = heuristics._Estimate(state, holdings.shared(state))
            estimate.values()
            # The actor's gold and gold to come, as `values` had them when it valued the decision.
            estimate.liquid = estimate.holdings_value(actor)[1]
            for gold in range(state.boards[actor].gold + 1):
                remembered = estimate.gondola_value(actor, gold)
                assert remembered == estimate._gondola_value(actor, gold)
                assert estimate.gondola_value(actor, gold) == remembered
                checked += 1
            # Other holdings are valued under their own key.
            state.boards[actor].gold += 5
            assert state.estimate() == test_estimate_memo.from_scratch(state)
    assert checked, "the game meets gondolas to place"
