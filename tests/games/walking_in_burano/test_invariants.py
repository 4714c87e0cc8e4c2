"""Invariants that hold after every decision of any game (property-based: random seeds and choices)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from laguna.games.walking_in_burano import GAME, Phase, WalkingInBuranoState
from laguna.games.walking_in_burano.characters import CHARACTERS, pile_sizes
from laguna.games.walking_in_burano.house_area import COLUMNS, cell, scaffold_arrangement
from laguna.games.walking_in_burano.position import COIN_LIMIT, EMPTY, HAND_LIMIT, TOKENS
from tests.games.common import play_checking


def check(state: WalkingInBuranoState) -> None:
    places = [i for deck in state.decks for i in deck]
    places += [i for row in state.supply for i in row if i != EMPTY]
    places += [i for hand in state.hands for i in hand]
    places += [i for area in state.areas for i in area if i != EMPTY]
    places += state.boxed
    assert sorted(places) == list(range(72)), "every floor card is in exactly one place"
    for deck, floor in zip(state.decks, (1, 2, 3), strict=True):
        assert all(state.cards.cards[i].floor == floor for i in deck)
    for seat in range(state.players):
        area = state.areas[seat]
        assert all(area[k] == EMPTY or state.cards.cards[area[k]].floor == k // COLUMNS + 1 for k in range(15))
        assert scaffold_arrangement(state.masks[seat]) is not None, "golden rules hold"
        complete = sum(all(area[cell(f, c)] != EMPTY for f in (1, 2, 3)) for c in range(1, COLUMNS + 1))
        assert state.completed[seat] == complete
        assert 0 <= state.tokens[seat] <= TOKENS
        assert state.coins[seat] >= 0
        received = [v for v in state.visitors[seat] if v is not None]
        inhabitants = [v for v in received if not v.is_tourist]
        assert len(inhabitants) == len(set(inhabitants)), "an inhabitant visits once"
        for column, visitor in enumerate(state.visitors[seat], start=1):
            if visitor is not None:
                assert all(area[cell(f, column)] != EMPTY for f in (1, 2, 3)), "only complete houses"
    given_out = Counter(v for row in state.visitors for v in row if v is not None)
    start = pile_sizes(state.players, state.solo, state.options.beginner_characters)
    removed = Counter(state.removed_characters)
    for character, left in zip(CHARACTERS, state.piles, strict=True):
        assert left + given_out[character] + removed[character] == start[character]
    if state.turn is not None:
        fresh = state.copy()
        fresh._legal = None  # the decisions kept when the position settled must be the ones generated anew
        assert state.legal_actions(state.turn) == fresh.legal_actions(state.turn)
    if state.phase is Phase.TAKE:
        seat = state.turn
        assert len(state.hands[seat]) <= HAND_LIMIT and state.coins[seat] <= COIN_LIMIT
        assert state.placed == 0


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    beginner=st.booleans(),
    variant=st.booleans(),
)
def test_invariants_hold_after_every_decision(players: int, seed: int, beginner: bool, variant: bool) -> None:
    options = {"beginner_characters": beginner, "two_player_variant": variant}
    state = play_checking(GAME.new_game(players, options, seed), seed, check)
    assert state.ended_by in {"five houses", "no characters left", "floor cards exhausted", "round limit"}
