"""Invariants that hold after every decision of any game of Burano (property-based: random seeds,
player counts, layouts and choices)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from laguna.games.burano import GAME, BuranoState, Phase
from laguna.games.burano.components import COLOURS
from laguna.games.burano.position import CUBES_PER_COLOUR, MAX_MOVES, PREPARATION_SPACES, ROOF_SPACES
from laguna.games.burano.pyramid import ABOVE, SUPPORTS
from laguna.games.burano.ring import SECTORS
from tests.games.common import play_checking

CLEAN_UP = (Phase.CONSTRUCTION, Phase.LACE_SCORING, Phase.CUBE_REFILL, Phase.OVER)
"""Phases where the pyramid need not stand: being built, or paying lace makers from any of its cubes
before it is taken down."""
WORKERS = 10
"""13 workers: one on the scoring track, one on the privilege track, one on the moves track."""


def check(state: BuranoState) -> None:
    components = state.components
    cubes = Counter(state.supply)
    for stack in state.stacks.values():
        cubes.update(stack.cubes)
        assert 1 <= stack.floor <= 3 and len(stack.roofs) in (stack.floor - 1, stack.floor)
    for board in state.boards:
        cubes += board.reserve
        stacked = Counter(c for c in board.pyramid if c is not None)
        if state.phase is Phase.CONSTRUCTION:
            assert stacked <= board.reserve, "a pyramid being built takes its cubes from the reserve"
        else:
            cubes += stacked
        cubes.update(board.preparation)
    assert cubes == Counter({c: CUBES_PER_COLOUR for c in COLOURS}), "every cube is in exactly one place"
    fish = Counter(state.fish_deck) + Counter(state.fish_supply)
    for board in state.boards:
        fish += board.hand_public + board.hand_secret + board.sold
    assert fish == Counter({k: components.fish_per_kind for k in components.fish_kinds})
    cards = state.building_deck + state.building_supply + [c for b in state.boards for c in b.cards]
    assert sorted(cards) == sorted(c.id for c in components.building_cards)
    tiles = [t for stack in state.roof_stacks.values() for t in stack] + state.removed_roofs
    tiles += [r.tile for r in state.roofs_placed] + [t for b in state.boards for t in b.roofs]
    assert sorted(map(str, tiles)) == sorted(str(t) for ts in components.roof_tiles.values() for t in ts)
    assert sorted(s for ships in state.ports.values() for s in ships) == sorted(s.name for s in components.ships)
    docks = Counter(c for houses in state.docks.values() for c in houses)
    assert docks == Counter({c: 3 for c in COLOURS}) and all(len(h) == 3 for h in state.docks.values())
    for seat, board in enumerate(state.boards):
        out = sum(counts[seat] for counts in state.island_workers.values())
        out += sum(1 for owner in state.lace_workers.values() if owner == seat)
        assert board.ring.workers + out == WORKERS, "every worker is on the ring, an island or a workshop"
        assert 1 <= board.ring.workers <= SECTORS
        assert board.coins >= 0 and board.privilege >= 0
        assert 0 <= board.moves <= MAX_MOVES and len(board.preparation) <= PREPARATION_SPACES
        assert len(board.roofs) <= ROOF_SPACES
        if state.phase not in CLEAN_UP:
            for slot, cube in enumerate(board.pyramid):
                if cube is not None:
                    assert all(board.pyramid[s] is not None for s in SUPPORTS[slot]), "no cube floats"
                if cube is None:
                    assert all(board.pyramid[s] is None for s in ABOVE[slot]), "no cube rests on an empty slot"
    assert all(len(ships) <= 4 for ships in state.ports.values())


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), random_workshops=st.booleans())
def test_invariants_hold_after_every_decision(players: int, seed: int, random_workshops: bool) -> None:
    state = play_checking(GAME.new_game(players, {"random_workshops": random_workshops}, seed), seed, check)
    assert state.season == 3 and state.ended_by == "the winter clean-up"
