"""Invariants that hold after every decision of any game of Murano (property-based: random seeds,
player counts, options and choices)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from laguna.games.murano import GAME, MuranoState, Phase
from laguna.games.murano.components import Bead
from laguna.games.murano.rules.gondoliers import MAX_GONDOLIERS
from tests.games.common import play_checking

SHIPS = 8


def check(state: MuranoState) -> None:
    components = state.components
    assert sum(state.ring.occupied) == SHIPS and state.ring.occupied[state.ring.red] >= 1
    assert all(0 <= n <= 2 for n in state.ring.occupied), "only the Lighthouse puts two ships on a space"
    beads = Counter(state.bag)
    for board in state.boards:
        beads += board.beads
    assert beads == Counter({b: components.beads_per_colour for b in Bead}), "every bead is somewhere"
    placed = [tile for tile in state.tiles.values()]
    streets = [t[1] for t in placed if t[0] == "street"] + state.street_stack
    if state.street is not None:
        streets.append(state.street)
    assert len(streets) == len(set(streets)), "a street tile is in one place"
    shops = state.shop_stack + [s for b in state.boards for s in b.shops]
    assert len(shops) == len(set(shops))
    assert len(shops) + sum(1 for t in placed if t[0] == "shop") == (12 if state.players == 4 else 9)
    palaces = state.palace_stack + state.boxed_palaces + [p for b in state.boards for p in b.palaces]
    palaces += [t[1] for t in placed if t[0] == "palace"]
    assert sorted(palaces) == sorted(p.id for p in components.palaces)
    cards = state.character_deck + state.boxed_characters + list(state.drawn if state.phase in (
        Phase.RECRUIT, Phase.PRELUDE) else [])  # fmt: skip
    cards += [c for b in state.boards for c in b.characters]
    assert len(cards) == len(set(cards))
    specials = state.special_deck + [c for b in state.boards for c in b.special_cards]
    if state.phase is Phase.SPECIAL_CARD:
        specials += state.drawn
    assert sorted(specials) == sorted(c.id for c in components.special_cards)
    for seat, board in enumerate(state.boards):
        on_gondolas = sum(1 for owner in state.gondolas.values() if owner == seat)
        assert board.gondoliers >= 0 and board.gondoliers + on_gondolas <= MAX_GONDOLIERS
        assert board.gold >= 0 and board.score() >= 0
    for space, tile in state.tiles.items():
        island = state.side.island(space.split(".")[0])
        spec = next(s for s in island.spaces if s.id == space)
        assert spec.street == (tile[0] == "street"), "streets on paved spaces, buildings on brown ones"
        if tile[0] != "street":
            assert any(state.tiles.get(n, ("",))[0] == "street" for n in spec.neighbours)


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    preliminary=st.booleans(),
    automatic=st.booleans(),
    optional=st.booleans(),
)
def test_invariants_hold_after_every_decision(
    players: int, seed: int, preliminary: bool, automatic: bool, optional: bool
) -> None:
    options = {"preliminary_character": preliminary, "automatic_income": automatic, "optional_selling": optional}
    state = play_checking(GAME.new_game(players, options, seed), seed, check)
    assert len(state.empty_stacks()) >= 2 and state.ended_by
