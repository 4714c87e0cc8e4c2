"""Turns and rounds (rulebook: How to Play; Hand Limit; Coin Limit; Prepare the Next Round and its
example; Game End & Final Scoring).
"""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.walking_in_burano import Phase, WalkingInBuranoState
from tests.games.walking_in_burano.scenario import (
    deck_ids,
    give,
    hand_ids,
    index,
    nearly_five_houses,
    new,
    play,
    set_start,
    set_supply,
    supply_ids,
    take_and_pass,
    texts,
)

MAISHERLY, WEI_MIN, JOHNSON = 0, 1, 2


def quick_turn(state: WalkingInBuranoState) -> int:
    """Play a whole turn for whoever is to act: the first legal take, no placement, first returns."""
    seat = state.to_act()[0]
    take_and_pass(state, str(state.legal_actions(seat)[0]))
    while state.turn == seat and state.phase is Phase.RETURN:
        play(state, str(state.legal_actions(seat)[0]))
    return seat


def three_players(start: int = MAISHERLY, **options: object) -> WalkingInBuranoState:
    """Three players with a known 4-column supply and `start` holding the Starting Player Token."""
    state = new(3, seed=8, **options)
    set_supply(state, {
        1: ["R1a", "Y1a", "B1a", "G1a"],
        2: ["R2a", "Y2a", "B2a", "G2a"],
        3: ["R3a", "Y3a", "B3a", "G3a"],
    })  # fmt: skip
    set_start(state, start)
    return state


def two_players(**options: object) -> WalkingInBuranoState:
    state = new(2, seed=8, **options)
    set_supply(state, {1: ["R1a", "Y1a", "B1a"], 2: ["R2a", "Y2a", "B2a"], 3: ["R3a", "Y3a", "B3a"]})
    set_start(state, 0)
    return state


def is_anywhere(state: WalkingInBuranoState, card_id: str) -> bool:
    i = index(state, card_id)
    places = [*state.decks, *state.supply, *state.hands, *state.areas]
    return any(i in place for place in places)


# --------------------------------------------------------------------------- turn order


def test_turns_go_clockwise_from_the_start_player() -> None:
    """Beginning with the starting player, each player takes a turn in clockwise order."""
    state = new(4, seed=1)
    set_start(state, 2)
    assert [quick_turn(state) for _ in range(4)] == [2, 3, 0, 1]
    assert state.round == 2


def test_round_ends_only_after_every_player_had_a_turn() -> None:
    """After each player has taken a turn, the round is over."""
    state = three_players(start=1)
    supply_before = [supply_ids(state, f) for f in (1, 2, 3)]
    quick_turn(state)
    quick_turn(state)
    assert state.round == 1
    assert None in supply_ids(state, 1) + supply_ids(state, 2) + supply_ids(state, 3)
    quick_turn(state)
    assert state.round == 2
    assert [supply_ids(state, f) for f in (1, 2, 3)] != supply_before
    assert all(None not in supply_ids(state, f) for f in (1, 2, 3))


def test_start_player_token_passes_clockwise_at_round_end() -> None:
    """Prepare the Next Round: the Starting Player Token is passed clockwise to the next player."""
    state = new(4, seed=1)
    set_start(state, 2)
    for _ in range(4):
        quick_turn(state)
    assert state.start_player == 3
    assert state.to_act() == (3,)


def test_second_round_starts_with_the_next_player() -> None:
    """Example: Maisherly, Wei-Min, Johnson play round 1; then Wei-Min starts round 2."""
    state = three_players(start=MAISHERLY)
    order = [quick_turn(state) for _ in range(6)]
    assert order == [MAISHERLY, WEI_MIN, JOHNSON, WEI_MIN, JOHNSON, MAISHERLY]


# --------------------------------------------------------------------------- refilling the floor supply


def play_refill_example_round(state: WalkingInBuranoState) -> None:
    """Round 1 of the example: the takes leave 1, 2 and 1 empty spaces in the bottom, middle, top rows."""
    take_and_pass(state, "take c2 f1-2")  # Maisherly: Y1a, Y2a
    take_and_pass(state, "take c4 f3")  # Wei-Min: G3a
    take_and_pass(state, "take c4 f2")  # Johnson: G2a, the top card of column 4 being gone (note 2)


def test_refill_example_slides_rows_away_from_the_decks_and_reveals_deck_tops() -> None:
    """Example: Wei-Min slides the rows (1, 2, 1 empty spaces), then reveals cards until each row has 4."""
    state = three_players(start=MAISHERLY)
    tops = [deck_ids(state, f)[:2] for f in (1, 2, 3)]
    sizes = [len(state.decks[f]) for f in range(3)]
    reveals = state.reveal_count
    play_refill_example_round(state)
    assert state.round == 2
    assert supply_ids(state, 1) == [tops[0][0], "R1a", "B1a", "G1a"]
    # Two spaces by the 2nd-floor deck: the first revealed card lands farther from the deck.
    assert supply_ids(state, 2) == [tops[1][1], tops[1][0], "R2a", "B2a"]
    assert supply_ids(state, 3) == [tops[2][0], "R3a", "Y3a", "B3a"]
    assert [len(state.decks[f]) for f in range(3)] == [sizes[0] - 1, sizes[1] - 2, sizes[2] - 1]
    assert state.reveal_count == reveals + 1


def test_refill_example_wei_min_holds_the_start_token() -> None:
    """Example: after round 1, Maisherly passes the Starting Player Token to Wei-Min."""
    state = three_players(start=MAISHERLY)
    play_refill_example_round(state)
    assert state.start_player == WEI_MIN
    assert state.to_act() == (WEI_MIN,)


def test_two_player_variant_removes_the_rightmost_card_of_each_row_first() -> None:
    """2-Player Variant: before sliding cards, remove the RIGHTMOST card from each row into the box."""
    state = two_players()
    tops = [deck_ids(state, f)[:3] for f in (1, 2, 3)]
    take_and_pass(state, "take c1 f1-3")
    events = take_and_pass(state, "take c2 f3")
    assert "Removed from the supply: B1a, B2a, B3a" in events
    for card in ("B1a", "B2a", "B3a"):
        assert not is_anywhere(state, card)
    assert supply_ids(state, 1) == [tops[0][1], tops[0][0], "Y1a"]
    assert supply_ids(state, 2) == [tops[1][1], tops[1][0], "Y2a"]
    assert supply_ids(state, 3) == [tops[2][2], tops[2][1], tops[2][0]]


def test_two_player_variant_removes_the_rightmost_card_present() -> None:
    """2-Player Variant: the rightmost card of a row is its last card, wherever the row has spaces."""
    state = two_players()
    take_and_pass(state, "take c3 f1")
    take_and_pass(state, "take c2 f1")
    assert not is_anywhere(state, "R1a")
    assert supply_ids(state, 1)[2] != "R1a"
    assert not is_anywhere(state, "B2a")
    assert not is_anywhere(state, "B3a")


def test_without_the_two_player_variant_nothing_is_removed() -> None:
    """The 2-Player Variant is a variant: without it the rows just slide and refill."""
    state = two_players(two_player_variant=False)
    tops = [deck_ids(state, f)[:2] for f in (1, 2, 3)]
    take_and_pass(state, "take c1 f1-3")
    events = take_and_pass(state, "take c2 f3")
    assert not any(e.startswith("Removed") for e in events)
    assert supply_ids(state, 1) == [tops[0][0], "Y1a", "B1a"]
    assert supply_ids(state, 2) == [tops[1][0], "Y2a", "B2a"]
    assert supply_ids(state, 3) == [tops[2][1], tops[2][0], "B3a"]


def test_two_player_variant_does_not_apply_to_three_players() -> None:
    """Prepare the Next Round: with 3 players the rows slide and refill without removal."""
    state = three_players()
    take_and_pass(state, "take c1 f1")
    take_and_pass(state, "take c2 f1")
    take_and_pass(state, "take c3 f1")
    assert supply_ids(state, 1)[3] == "G1a"
    assert supply_ids(state, 2) == ["R2a", "Y2a", "B2a", "G2a"]


def test_dry_deck_leaves_spaces_empty() -> None:
    """Reveal the top cards from each Deck: a deck without cards has none to reveal."""
    state = three_players()
    state.decks[0].clear()
    del state.decks[1][1:]
    last_2nd_floor = deck_ids(state, 2)[0]
    take_and_pass(state, "take c1 f1-3")
    take_and_pass(state, "take c2 f1-2")
    take_and_pass(state, "take c3 f1")
    assert state.round == 2
    assert supply_ids(state, 1) == [None, None, None, "G1a"]
    assert supply_ids(state, 2) == [None, last_2nd_floor, "B2a", "G2a"]
    assert state.decks[1] == []
    assert state.ended_by == ""


def dry_decks() -> WalkingInBuranoState:
    """Three players, one card left on each floor of the supply (column 1) and every deck empty."""
    state = three_players()
    set_supply(state, {
        1: ["R1a", None, None, None],
        2: ["R2a", None, None, None],
        3: ["R3a", None, None, None],
    })  # fmt: skip
    for deck in state.decks:
        deck.clear()
    return state


def test_empty_supply_after_refill_ends_the_game() -> None:
    """Every turn must acquire a card; with every deck dry and the supply empty, the game cannot go on."""
    state = dry_decks()
    events = take_and_pass(state, "take c1 f1-3")
    assert "The floor supply is empty: no card to acquire" in events
    assert state.ended_by == "floor cards exhausted"
    assert state.to_act() == ()
    assert state.phase is Phase.OVER


def test_one_card_left_in_a_deck_keeps_the_game_going() -> None:
    """Reveal the top cards from each Deck: a single revealed card refills one space, far from the deck."""
    state = dry_decks()
    state.decks[2].append(index(state, "G3d"))
    take_and_pass(state, "take c1 f1-3")
    assert state.ended_by == ""
    assert state.round == 2
    assert supply_ids(state, 3) == [None, None, None, "G3d"]
    assert texts(state.legal_actions(state.to_act()[0])) == ["take c4 f3"]


# --------------------------------------------------------------------------- end of the turn


def test_hand_limit_returns_cards_one_at_a_time_to_the_deck_bottom() -> None:
    """Hand Limit: return cards of your choice to the bottom of the corresponding deck until 3 remain."""
    state = three_players()
    give(state, 0, "R1b", "Y2b", "B3b")
    play(state, "take c1 f1-2", "done")
    assert state.phase is Phase.RETURN
    assert state.to_act() == (0,)
    assert sorted(texts(state.legal_actions(0))) == sorted(f"return {c}" for c in ("R1b", "Y2b", "B3b", "R1a", "R2a"))
    play(state, "return Y2b")
    assert deck_ids(state, 2)[-1] == "Y2b"
    assert state.phase is Phase.RETURN
    with pytest.raises(IllegalAction, match="not in your hand"):
        play(state, "return Y2b")
    play(state, "return R1a")
    assert deck_ids(state, 1)[-1] == "R1a"
    assert hand_ids(state, 0) == ["R1b", "B3b", "R2a"]
    assert state.to_act() == (1,)
    assert state.phase is Phase.TAKE


def test_three_cards_in_hand_are_kept() -> None:
    """Q&A: you can keep up to 3 Floor Cards in your hand and place them on future turns."""
    state = three_players()
    give(state, 0, "R1b", "Y2b")
    play(state, "take c4 f3", "done")
    assert hand_ids(state, 0) == ["R1b", "Y2b", "G3a"]
    assert state.to_act() == (1,)


@pytest.mark.parametrize(
    ("coins", "take", "after"), [(6, "take c1 f3", 6), (5, "take c1 f2-3", 6), (3, "take c1 f3", 5)]
)
def test_coin_limit_cuts_coins_to_six_at_the_end_of_the_turn(coins: int, take: str, after: int) -> None:
    """Coin Limit: at the end of your turn you can never have more than 6 Coins."""
    state = three_players()
    state.coins[0] = coins
    play(state, take)
    gained = {"take c1 f3": 2, "take c1 f2-3": 1}[take]
    assert state.coins[0] == coins + gained
    play(state, "done")
    assert state.coins[0] == after
    assert state.to_act() == (1,)


def test_coins_are_cut_only_after_the_hand_limit() -> None:
    """Hand Limit, then Coin Limit: both are checked at the very end of the turn."""
    state = three_players()
    state.coins[0] = 6
    give(state, 0, "R1b", "Y2b", "B3b")
    play(state, "take c1 f3", "done")
    assert state.phase is Phase.RETURN
    assert state.coins[0] == 8
    play(state, "return R3a")
    assert state.coins[0] == 6
    assert state.to_act() == (1,)


# --------------------------------------------------------------------------- game end


def complete_fifth_house(state: WalkingInBuranoState) -> None:
    play(state, "take c4 f1", "place O3a c5")
    assert state.phase is Phase.VISIT
    play(state, "visit c5 woman")


def test_fifth_house_ends_the_game_only_after_the_round() -> None:
    """Game End: when a player has completed 5 houses, complete the current round (same number of turns)."""
    state = three_players(start=0)
    nearly_five_houses(state, 0)
    complete_fifth_house(state)
    assert state.completed == [5, 0, 0]
    assert state.ended_by == ""
    assert state.to_act() == (1,)
    quick_turn(state)
    assert state.ended_by == ""
    assert state.to_act() == (2,)
    quick_turn(state)
    assert state.ended_by == "five houses"
    assert state.to_act() == ()
    assert state.round == 1
    assert all(hand_ids(state, seat) for seat in (1, 2))


def test_fifth_house_by_the_last_player_ends_the_game_at_once() -> None:
    """Game End: the round is complete when the player before the starting player finished their turn."""
    state = three_players(start=1)
    nearly_five_houses(state, 0)
    quick_turn(state)
    quick_turn(state)
    assert state.to_act() == (0,)
    complete_fifth_house(state)
    assert state.ended_by == "five houses"
    assert state.to_act() == ()
    outcome = state.outcome()
    assert outcome.ended_by == "five houses"
    assert outcome.rating is None


def test_outcome_waits_for_the_end_of_the_game() -> None:
    """Final scoring happens once the game has ended."""
    state = three_players()
    with pytest.raises(IllegalAction, match="not over"):
        state.outcome()


@pytest.mark.parametrize("limit", [1, 2])
def test_round_limit_ends_the_game_after_that_round(limit: int) -> None:
    """The engine's round limit: the game ends after round `round_limit` even without 5 houses."""
    state = three_players(round_limit=limit)
    for _ in range(3 * limit - 1):
        quick_turn(state)
        assert state.ended_by == ""
    quick_turn(state)
    assert state.ended_by == "round limit"
    assert state.round == limit
    assert state.to_act() == ()
