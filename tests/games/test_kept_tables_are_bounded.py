"""Tables the rules keep per card set or sheet layout, by identity, stay bounded however many sets a
long-running process loads and drops (each loaded set is a new object)."""

from __future__ import annotations

import copy

from laguna.games.burano_roll_and_write.rules import dice
from laguna.games.burano_roll_and_write.sheets import load_sheets
from laguna.games.walking_in_burano import planning
from laguna.games.walking_in_burano.cards import KEPT_CARD_SETS, load_floor_cards
from laguna.games.walking_in_burano.rules import placing


def test_tables_of_card_sets_and_layouts_stay_bounded() -> None:
    cards = load_floor_cards()
    layout = load_sheets().layouts[0]
    alive: list[object] = []  # kept alive, so that no two sets share an identity
    for _ in range(3 * KEPT_CARD_SETS):
        twin = copy.copy(cards)
        assert placing._colour_bits(twin) == placing._colour_bits(cards)
        assert planning.card_tables(twin) is planning.card_tables(twin)
        other = copy.copy(layout)
        alive += [twin, other]
        assert dice._tables(other)[2] == dice._tables(layout)[2]
        assert len(placing._CARD_BITS) <= KEPT_CARD_SETS and len(planning._TABLES) <= KEPT_CARD_SETS
        assert len(dice._TABLES) <= dice.KEPT_LAYOUTS
