"""The solo game (rulebook: Solo Play Rules — Solo Game Setup, How to Play, Game End & Final Scoring)."""

from __future__ import annotations

import pytest

from laguna.games.walking_in_burano import Phase, WalkingInBuranoState, scoring
from laguna.games.walking_in_burano.characters import CHARACTERS, Character
from laguna.games.walking_in_burano.position import EMPTY
from tests.games.walking_in_burano.scenario import (
    build,
    deck_ids,
    give,
    index,
    known_supply,
    nearly_five_houses,
    new,
    play,
    supply_ids,
    take_and_pass,
    texts,
    visitors,
)


def solo(**options: object) -> WalkingInBuranoState:
    """A solo game with a known 4-column supply."""
    return known_supply(1, 6, **options)


def only_characters(state: WalkingInBuranoState, piles: dict[Character, int]) -> None:
    """Leave exactly these character cards in the piles."""
    state.piles = [piles.get(c, 0) for c in CHARACTERS]
    state._legal = None


def is_anywhere(state: WalkingInBuranoState, card_id: str) -> bool:
    i = index(state, card_id)
    return any(i in place for place in (*state.decks, *state.supply, *state.hands, *state.areas))


# --------------------------------------------------------------------------- setup


def test_solo_supply_reveals_four_cards_per_floor() -> None:
    """Solo Game Setup: like 2 players, except reveal 4 cards instead of 3."""
    state = new(1, seed=3)
    assert [len(row) for row in state.supply] == [4, 4, 4]
    assert all(EMPTY not in row for row in state.supply)
    assert [len(deck) for deck in state.decks] == [20, 20, 20]
    assert state.to_act() == (0,)
    assert state.coins == [4]
    assert state.tokens == [4]


def test_solo_starts_with_fifteen_characters() -> None:
    """Solo How to Play, note: make sure there are 15 Character Cards on your first turn."""
    state = new(1, seed=3)
    assert sum(state.piles) == 15
    assert dict(zip(CHARACTERS, state.piles, strict=True)) == {c: (2 if c.is_tourist else 1) for c in CHARACTERS}


def test_solo_beginner_option_leaves_twelve_characters() -> None:
    """Optional Rule for beginners: no Shop Owner, Florist or Gardener (15 - 3 = 12 cards)."""
    state = new(1, seed=3, beginner_characters=True)
    assert sum(state.piles) == 12
    removed = {Character.SHOP_OWNER, Character.FLORIST, Character.GARDENER}
    assert {c for c, n in zip(CHARACTERS, state.piles, strict=True) if n == 0} == removed


# --------------------------------------------------------------------------- end of a solo turn


def test_end_of_solo_turn_removes_the_rightmost_card_of_each_row() -> None:
    """Solo How to Play 2: before sliding cards, remove the RIGHTMOST card from each row into the box."""
    state = solo()
    take_and_pass(state, "take c4 f1")
    assert state.phase is Phase.REMOVE_CHARACTER
    assert state.to_act() == (0,)
    # Row 1 lost its column-4 card to the take, so its rightmost card is the one in column 3.
    assert supply_ids(state, 1) == ["R1a", "Y1a", None, None]
    assert supply_ids(state, 2) == ["R2a", "Y2a", "B2a", None]
    assert supply_ids(state, 3) == ["R3a", "Y3a", "B3a", None]
    for card in ("B1a", "G2a", "G3a"):
        assert not is_anywhere(state, card)


def test_solo_removes_rightmost_cards_even_without_the_two_player_variant() -> None:
    """Solo How to Play 2: the solo game always uses the 2-Player Variant."""
    state = solo(two_player_variant=False)
    take_and_pass(state, "take c1 f1")
    assert supply_ids(state, 1) == [None, "Y1a", "B1a", None]
    assert state.phase is Phase.REMOVE_CHARACTER


def test_solo_player_removes_one_of_the_remaining_characters() -> None:
    """Solo How to Play 3: choose 1 of the remaining Character Cards and put it back into the box."""
    state = solo()
    only_characters(state, {Character.WOMAN: 2, Character.MAYOR: 1, Character.TAILOR: 1})
    take_and_pass(state, "take c4 f1")
    assert texts(state.legal_actions(0)) == ["remove woman", "remove mayor", "remove tailor"]
    events = play(state, "remove woman")
    assert "Woman is removed from the game" in events
    assert state.piles[CHARACTERS.index(Character.WOMAN)] == 1
    assert state.removed_characters == [Character.WOMAN]
    assert texts(state.legal_actions(0))[:1] == ["take c1 f1"]


def test_after_the_removal_the_rows_slide_refill_and_the_same_player_goes_on() -> None:
    """Solo How to Play 1: do not pass the Starting Player Token; then the supply is refilled as usual."""
    state = solo()
    tops = [deck_ids(state, f)[:2] for f in (1, 2, 3)]
    reveals = state.reveal_count
    take_and_pass(state, "take c4 f1")
    play(state, "remove mayor")
    assert state.start_player == 0
    assert state.to_act() == (0,)
    assert state.phase is Phase.TAKE
    assert state.round == 2
    assert supply_ids(state, 1) == [tops[0][1], tops[0][0], "R1a", "Y1a"]
    assert supply_ids(state, 2) == [tops[1][0], "R2a", "Y2a", "B2a"]
    assert supply_ids(state, 3) == [tops[2][0], "R3a", "Y3a", "B3a"]
    assert state.reveal_count == reveals + 1
    assert sum(state.piles) == 14


# --------------------------------------------------------------------------- end of the solo game


def test_solo_game_ends_when_the_last_character_is_removed() -> None:
    """Solo Game End: the game ends when there are NO Character Cards left."""
    state = solo()
    only_characters(state, {Character.TAILOR: 1})
    take_and_pass(state, "take c4 f1")
    assert texts(state.legal_actions(0)) == ["remove tailor"]
    play(state, "remove tailor")
    assert state.ended_by == "no characters left"
    assert state.to_act() == ()
    assert state.outcome().ended_by == "no characters left"


def test_solo_game_ends_when_the_last_character_visits() -> None:
    """Solo Game End: NO Character Cards left — the last one may go to a house instead of the box."""
    state = solo()
    build(state, 0, {1: ["O1a", "O2a", None]})
    give(state, 0, "O3a")
    only_characters(state, {Character.GIRL: 1})
    play(state, "take c4 f1", "place O3a c1", "done")
    assert texts(state.legal_actions(0)) == ["visit c1 girl"]
    play(state, "visit c1 girl")
    assert state.completed == [1]
    assert state.ended_by == "no characters left"
    assert state.removed_characters == []


def test_solo_game_ends_when_five_houses_are_completed() -> None:
    """Solo Game End: the game ends when you have completed 5 houses (no character is removed then)."""
    state = solo()
    nearly_five_houses(state, 0, third=["G1d", "G2a", "G3a"])
    play(state, "take c4 f1", "place O3a c5", "visit c5 woman")
    assert state.completed == [5]
    assert state.ended_by == "five houses"
    assert state.to_act() == ()
    assert state.removed_characters == []


@pytest.mark.parametrize("limit", [1, 2])
def test_solo_round_limit_counts_turns(limit: int) -> None:
    """The engine's round limit: in the solo game every turn is a round."""
    state = solo(round_limit=limit)
    for turn in range(1, limit + 1):
        assert state.round == turn
        take_and_pass(state, str(state.legal_actions(0)[0]))
        play(state, str(state.legal_actions(0)[0]))
    assert state.ended_by == "round limit"


# --------------------------------------------------------------------------- solo scoring


def finished_solo_game(**options: object) -> WalkingInBuranoState:
    state = solo(**options)
    nearly_five_houses(state, 0, third=["G1d", "G2a", "G3a"])
    visitors(state, 0, {1: Character.MAN, 2: Character.WOMAN, 3: Character.GIRL, 4: Character.BOY})
    play(state, "take c4 f1", "place O3a c5", "visit c5 woman")
    assert state.ended_by == "five houses"
    return state


def test_solo_player_always_loses_own_closed_windows() -> None:
    """Solo Final Scoring: you are the only player, so you lose points equal to your Closed Windows."""
    state = finished_solo_game()
    grid = state.grid(0)
    # P3a, G1d, G2a (2) and B3a show closed windows: 5 in all.
    assert scoring.closed_windows(grid) == 5
    result = state.outcome().results[0]
    lines = dict(result.breakdown)
    assert lines["D. closed windows"] == -5
    assert lines["C. regulatory bonus tokens"] == 12
    assert result.score == sum(lines.values())


def test_solo_closed_window_penalty_can_be_ignored_by_beginners() -> None:
    """Optional Rule: for beginners, players may ignore the penalty rule (D)."""
    with_penalty = finished_solo_game().outcome().results[0]
    without = finished_solo_game(closed_window_penalty=False).outcome().results[0]
    assert "D. closed windows" not in dict(without.breakdown)
    assert without.score == with_penalty.score + 5


def test_solo_outcome_carries_the_rating_of_the_score() -> None:
    """Solo Final Scoring: compare your final score to the rating table."""
    outcome = finished_solo_game().outcome()
    assert outcome.rating == scoring.solo_rating(outcome.scores[0])
    assert outcome.rating == "So-so"


@pytest.mark.parametrize(
    ("score", "rating"),
    [
        (-3, "So-so"),
        (0, "So-so"),
        (60, "So-so"),
        (61, "Not bad"),
        (70, "Not bad"),
        (71, "Good job!"),
        (80, "Good job!"),
        (81, "Awesome!"),
        (85, "Awesome!"),
        (86, "Masterpiece!"),
        (87, "Masterpiece!"),
    ],
)
def test_solo_rating_table(score: int, rating: str) -> None:
    """0-60 So-so, 61-70 Not bad, 71-80 Good job!, 81-85 Awesome!, 86+ Masterpiece! (the designer: 87)."""
    assert scoring.solo_rating(score) == rating
