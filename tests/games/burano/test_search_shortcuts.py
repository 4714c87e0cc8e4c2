"""What the rules make once for the search (`laguna.games.burano.actions`, `LOG_LINES` of
`laguna.games.burano.rules`, the free and open slots of `laguna.games.burano.pyramid`), against what
they would make afresh, at every decision of seeded games or for every pyramid."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from laguna.games.burano import GAME, BuranoState
from laguna.games.burano.actions import (
    Build,
    Done,
    End,
    Lace,
    Pay,
    Pick,
    PrivilegeCoin,
    PrivilegeCube,
    Stack,
    parse_action,
)
from laguna.games.burano.components import Colour
from laguna.games.burano.pyramid import ABOVE, SLOTS, SUPPORTS, _by_fill, free_slots, open_slots
from laguna.games.burano.rules import LOG_LINES
from tests.games.common import random_positions

MADE_ONCE = {Stack, Pick, Build, Lace, Pay, End, Done, PrivilegeCoin, PrivilegeCube}


def positions(players: int, seed: int) -> Iterator[BuranoState]:
    """Every position of a seeded game of random decisions."""
    return random_positions(GAME.new_game(players, seed=seed), seed + 30)


def test_listed_decisions_are_made_once_and_equal_new_ones() -> None:
    seen = set()
    for players, seed in ((2, 31), (3, 32), (4, 33)):
        for state in positions(players, seed):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            again = state.copy()._find_legal(seat)
            for action, twin in zip(legal, again, strict=True):
                fresh = parse_action(str(action))
                assert fresh == action and hash(fresh) == hash(action)
                if type(action) in MADE_ONCE:
                    assert twin is action
                    seen.add(type(action))
    assert seen == MADE_ONCE


@pytest.mark.parametrize(("players", "seed"), [(2, 34), (3, 35), (4, 36)])
def test_kept_log_lines_are_those_made_afresh(players: int, seed: int) -> None:
    """Every decision of every position, applied once with the log lines kept so far (from earlier
    positions and games) and once with none kept, logs the same events."""
    kept = 0
    for state in positions(players, seed):
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            known = dict(LOG_LINES)
            LOG_LINES.clear()
            fresh = state.copy().apply(seat, action)
            made = dict(LOG_LINES)
            LOG_LINES.update(known)
            kept += sum(key in known for key in made)
            assert state.copy().apply(seat, action) == fresh
    assert kept > 200


def test_free_and_open_slots_of_every_pyramid_match_the_long_form() -> None:
    """Every pattern of filled slots, twice: once worked out and once as kept."""
    for _ in range(2):
        for pattern in range(2**SLOTS):
            pyramid = [Colour.PINK if pattern >> slot & 1 else None for slot in range(SLOTS)]
            free = tuple(
                s for s in range(SLOTS) if pyramid[s] is not None and all(pyramid[u] is None for u in ABOVE[s])
            )
            empty = tuple(
                s for s in range(SLOTS) if pyramid[s] is None and all(pyramid[b] is not None for b in SUPPORTS[s])
            )
            assert free_slots(pyramid) == free
            assert open_slots(pyramid) == empty
    assert _by_fill([None] * SLOTS) is _by_fill([None] * SLOTS)
