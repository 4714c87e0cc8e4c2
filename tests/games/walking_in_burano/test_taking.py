"""Acquiring floor cards (rulebook: How to Play; Acquiring Floor Cards, notes 1 and 2; Taking Coins)."""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction, NotationError
from laguna.games.walking_in_burano import GAME, Phase, WalkingInBuranoState
from laguna.games.walking_in_burano.actions import Take
from tests.games.walking_in_burano.scenario import (
    hand_ids,
    known_supply,
    new,
    play,
    set_supply,
    supply_ids,
    texts,
)

FULL_COLUMN = ["take c{c} f1", "take c{c} f1-2", "take c{c} f1-3", "take c{c} f2-3", "take c{c} f3"]


def position() -> WalkingInBuranoState:
    """Three players, seat 0 to act, a known 4-column supply."""
    return known_supply(3, 4)


def takes_from(state: WalkingInBuranoState, column: int) -> list[str]:
    return [str(a) for a in state.legal_actions(0) if isinstance(a, Take) and a.column == column]


# --------------------------------------------------------------------------- which runs may be taken


def test_full_column_runs_start_at_its_top_or_its_bottom() -> None:
    """Acquire cards from top to bottom or from bottom to top; never skip the 1st or 3rd card for the 2nd."""
    state = position()
    for column in (1, 2, 3, 4):
        assert takes_from(state, column) == [t.format(c=column) for t in FULL_COLUMN]
        assert f"take c{column} f2" not in takes_from(state, column)


def test_middle_card_alone_once_the_top_card_is_gone() -> None:
    """Note 2: if the 3rd Floor Card was acquired by a previous player, you may take the 2nd directly."""
    state = position()
    set_supply(state, {3: [None, "Y3a", "B3a", "G3a"]})
    assert takes_from(state, 1) == ["take c1 f1", "take c1 f1-2", "take c1 f2"]


def test_middle_card_alone_once_the_bottom_card_is_gone() -> None:
    """Note 2: if the 1st Floor Card was acquired by a previous player, you may take the 2nd directly."""
    state = position()
    set_supply(state, {1: [None, "Y1a", "B1a", "G1a"]})
    assert takes_from(state, 1) == ["take c1 f2", "take c1 f2-3", "take c1 f3"]


def test_each_column_is_judged_by_its_own_cards() -> None:
    """Note 2 applies per column: another column's missing top card does not free a full column's middle."""
    state = position()
    set_supply(state, {3: ["R3a", None, "B3a", "G3a"]})
    assert takes_from(state, 1) == [t.format(c=1) for t in FULL_COLUMN]
    assert takes_from(state, 2) == ["take c2 f1", "take c2 f1-2", "take c2 f2"]
    assert takes_from(state, 3) == [t.format(c=3) for t in FULL_COLUMN]


def test_only_middle_card_left_can_be_taken_alone() -> None:
    """Note 2: with the 1st and 3rd Floor Cards gone, the 2nd is the whole column."""
    state = position()
    set_supply(state, {1: [None, "Y1a", "B1a", "G1a"], 3: [None, "Y3a", "B3a", "G3a"]})
    assert takes_from(state, 1) == ["take c1 f2"]


def test_cards_around_an_empty_middle_space_count_as_consecutive() -> None:
    """Cannot skip any card: a space left empty by a dry deck holds no card, so nothing is skipped."""
    state = position()
    set_supply(state, {2: [None, "Y2a", "B2a", "G2a"]})
    assert takes_from(state, 1) == ["take c1 f1", "take c1 f1-3", "take c1 f3"]
    coins = state.coins[0]
    play(state, "take c1 f1-3")
    assert hand_ids(state, 0) == ["R1a", "R3a"]
    assert state.coins[0] == coins + 1
    assert [supply_ids(state, f)[0] for f in (1, 2, 3)] == [None, None, None]


def test_empty_column_offers_nothing() -> None:
    """Choose a column of the Floor Supply: a column without cards gives nothing to acquire."""
    state = position()
    set_supply(state, {f: [None, *ids] for f, ids in {1: ["Y1a", "B1a", "G1a"], 2: ["Y2a", "B2a", "G2a"],
                                                      3: ["Y3a", "B3a", "G3a"]}.items()})  # fmt: skip
    assert takes_from(state, 1) == []
    assert len(state.legal_actions(0)) == 15
    with pytest.raises(IllegalAction, match="column 1 of the floor supply is empty"):
        play(state, "take c1 f1")


# --------------------------------------------------------------------------- carrying out a take


@pytest.mark.parametrize(
    ("take", "cards", "coins"),
    [
        ("take c2 f1-3", ["Y1a", "Y2a", "Y3a"], 0),
        ("take c2 f2-3", ["Y2a", "Y3a"], 1),
        ("take c2 f1-2", ["Y1a", "Y2a"], 1),
        ("take c2 f1", ["Y1a"], 2),
        ("take c2 f3", ["Y3a"], 2),
    ],
)
def test_fewer_cards_bring_more_coins(take: str, cards: list[str], coins: int) -> None:
    """Acquire 3 cards, or 2 cards and take 1 coin, or 1 card and take 2 coins."""
    state = position()
    events = play(state, take)
    assert state.coins[0] == 4 + coins
    assert hand_ids(state, 0) == cards
    assert "from column 2" in events[0]


def test_acquired_cards_go_to_the_hand_and_leave_the_supply() -> None:
    """Put the Floor Card(s) you acquired into your hand."""
    state = position()
    play(state, "take c3 f2-3")
    assert hand_ids(state, 0) == ["B2a", "B3a"]
    assert supply_ids(state, 1) == ["R1a", "Y1a", "B1a", "G1a"]
    assert supply_ids(state, 2) == ["R2a", "Y2a", None, "G2a"]
    assert supply_ids(state, 3) == ["R3a", "Y3a", None, "G3a"]
    assert state.phase is Phase.PLACE


def test_one_take_per_turn_from_one_column() -> None:
    """Note 1: you may NEVER acquire cards from different columns."""
    state = position()
    assert all(isinstance(a, Take) for a in state.legal_actions(0))
    with pytest.raises(NotationError):
        GAME.parse_action("take c1 c2 f1")
    play(state, "take c1 f1")
    assert state.phase is Phase.PLACE
    assert not any(isinstance(a, Take) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="place a floor card or say done"):
        play(state, "take c2 f1")
    assert hand_ids(state, 0) == ["R1a"]


def test_skipping_the_bottom_card_is_illegal_and_says_why() -> None:
    """Note 2: you may NEVER skip the 1st or the 3rd Floor Card to acquire the 2nd directly."""
    state = position()
    before = state.copy()
    with pytest.raises(IllegalAction, match="skipping"):
        play(state, "take c1 f2")
    assert state == before


def test_a_floor_that_is_gone_cannot_be_asked_for() -> None:
    """Acquire corresponding card(s): only cards present in the column."""
    state = position()
    set_supply(state, {3: [None, "Y3a", "B3a", "G3a"]})
    with pytest.raises(IllegalAction, match="no card on the floor asked for"):
        play(state, "take c1 f2-3")
    with pytest.raises(IllegalAction, match="columns 1–4"):
        play(state, "take c5 f1")


def test_taking_is_mandatory_and_coins_alone_are_not_an_action() -> None:
    """Q&A: you cannot acquire 3 coins and zero Floor Cards; acquire at least one card each turn."""
    state = position()
    assert all(a.count >= 1 for a in state.legal_actions(0) if isinstance(a, Take))
    with pytest.raises(IllegalAction, match="at least one card"):
        play(state, "done")
    with pytest.raises(NotationError):
        GAME.parse_action("take c1")


# --------------------------------------------------------------------------- counting the choices


def test_number_of_takes_at_the_start_of_a_four_player_game() -> None:
    """Setup 2 and Acquiring: 5 full columns for 4 players, each offering the same five runs."""
    state = new(4, seed=2024)
    # Every column is full at the start, and a full column offers exactly the runs f1, f1-2, f1-3
    # (from the bottom) and f3, f2-3 (from the top); f2 alone would skip a card. 5 columns x 5 = 25.
    assert len(state.legal_actions(state.start_player)) == 25
    assert texts(state.legal_actions(state.start_player)[:5]) == [t.format(c=1) for t in FULL_COLUMN]


@pytest.mark.parametrize(("players", "count"), [(1, 20), (2, 15), (3, 20)])
def test_number_of_takes_at_the_start_for_other_player_counts(players: int, count: int) -> None:
    """Setup 2: 4/3/4 columns for 1/2/3 players, five runs each."""
    state = new(players, seed=2024)
    assert len(state.legal_actions(state.start_player)) == count


def test_number_of_takes_after_the_first_player_emptied_a_column() -> None:
    """Choose a vertical column: the next player has four full columns left."""
    state = new(4, seed=2024)
    first = state.start_player
    play(state, "take c3 f1-3", "done")
    second = state.to_act()[0]
    assert second == (first + 1) % 4
    # Column 3 is empty now; the four other columns still offer five runs each: 4 x 5 = 20.
    assert len(state.legal_actions(second)) == 20
