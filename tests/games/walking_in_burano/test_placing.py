"""Placing floor cards: costs, the four golden rules, scaffolds, the breakable rules and their tokens,
and the rulebook's three placement examples."""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.walking_in_burano import Phase
from laguna.games.walking_in_burano.actions import parse_action
from laguna.games.walking_in_burano.house_area import cell, scaffold_arrangement
from tests.games.walking_in_burano.scenario import build, clear_hand, give, new, play, set_turn, texts


def placing(players: int = 2, coins: int = 6, tokens: int = 4):
    state = new(players, seed=1)
    seat = 0
    clear_hand(state, seat)
    state.start_player = 0
    set_turn(state, seat, Phase.PLACE)
    state.coins[seat] = coins
    state.tokens[seat] = tokens
    return state


def places(state) -> list[str]:
    return [t for t in texts(state.legal_actions(state.turn)) if t.startswith("place")]


def test_placing_costs_1_then_2_then_2_coins() -> None:
    """Placing Floor Cards: the 1st card costs 1 coin, the 2nd and 3rd 2 coins each (1/3/5 in total)."""
    state = placing(coins=6)
    give(state, 0, "R1a", "B1b", "G1b", "Y1a")
    play(state, "place R1a c1")
    assert state.coins[0] == 5
    play(state, "place B1b c2")
    assert state.coins[0] == 3
    play(state, "place G1b c3")
    assert state.coins[0] == 1
    # Three placed: the turn moves on by itself (the hand of 1 is within the limit).
    assert state.turn == 1 and state.phase is Phase.TAKE


def test_placing_needs_the_coins() -> None:
    """You must pay for each placement: with 2 coins only one card can follow the first."""
    state = placing(coins=2)
    give(state, 0, "R1a", "B1b")
    play(state, "place R1a c1")
    assert state.coins[0] == 1
    # The second card would cost 2 coins: no placement is legal and the turn ends.
    assert state.turn == 1
    state = placing(coins=0)
    give(state, 0, "R1a")
    assert places(state) == []


def test_placing_is_optional() -> None:
    """After acquiring you *may* place up to 3 cards: `done` is always offered while placing."""
    state = placing()
    give(state, 0, "R1a")
    assert texts(state.legal_actions(0))[-1] == "done"
    play(state, "done")
    assert state.hands[0] and state.turn == 1


def test_only_cards_from_the_hand_can_be_placed() -> None:
    """You may only place a Floor Card from your hand."""
    state = placing()
    give(state, 0, "R1a")
    with pytest.raises(IllegalAction, match="from your hand"):
        state.apply(0, state_action("place B1a c1"))


def state_action(text: str):
    return parse_action(text)


def refused(state, text: str, match: str) -> None:
    """`text` is not among seat 0's placements, and playing it anyway is refused with a message naming `match`."""
    assert text not in places(state)
    with pytest.raises(IllegalAction, match=match):
        state.apply(0, state_action(text))


def test_golden_rule_1_each_card_goes_on_its_own_floor() -> None:
    """Golden rule 1: a 2nd Floor Card must be placed on the second floor."""
    state = placing()
    give(state, 0, "R2a")
    play(state, "place R2a c3")
    assert state.areas[0][cell(2, 3)] == state.cards.index_of("R2a")
    assert all(state.areas[0][cell(f, 3)] == -1 for f in (1, 3))


def test_golden_rule_2_needs_cards_or_scaffolds_below() -> None:
    """Golden rule 2: a 3rd Floor Card needs 1st and 2nd floors below it; scaffolds may stand in.

    With both scaffolds already holding up a 3rd floor, no other 2nd or 3rd floor card can stand on air.
    """
    state = placing()
    build(state, 0, {2: [None, None, "P3a"]})  # both scaffolds are pinned under P3a
    assert scaffold_arrangement(state.masks[0]) == (cell(1, 2), cell(2, 2))
    give(state, 0, "Y2b", "Y3b")
    # Only replacing the 2nd-floor scaffold under P3a itself is possible.
    assert places(state) == ["place Y2b c2"]
    refused(state, "place Y2b c3", "golden rule")


def test_golden_rule_3_cards_stay_orthogonally_adjacent() -> None:
    """Golden rule 3: every card is orthogonally adjacent to the rest; scaffolds may bridge a gap of two."""
    state = placing()
    build(state, 0, {1: ["R1a", None, None]})
    give(state, 0, "B1b")
    # Columns 2 and 3 can hold the two scaffolds, so column 4 is reachable; column 5 is not.
    assert "place B1b c4" in places(state)
    refused(state, "place B1b c5", "touch the rest")


def test_golden_rule_4_five_houses_at_most() -> None:
    """Golden rule 4: the house area never holds more than 5 houses (a 5×3 area)."""
    state = placing()
    give(state, 0, "R1a")
    assert {t.split()[-1] for t in places(state)} == {"c1", "c2", "c3", "c4", "c5"}
    refused(state, "place R1a c6", "golden rule 4")


def test_a_placed_card_never_moves() -> None:
    """After placing a Floor Card, you cannot move it: its space is taken for good."""
    state = placing()
    build(state, 0, {1: ["R1a", None, None]})
    give(state, 0, "B1b")
    refused(state, "place B1b c1", "already has a floor card")


def test_placement_example_1_a_flipped_scaffold_on_another() -> None:
    """Placement example 1: Maisherly flips a scaffold, puts it on the other and places her pink 3rd floor."""
    state = placing(players=3)
    build(state, 0, {2: ["Y1a", "Y2a", None]})
    give(state, 0, "P3a")
    assert "place P3a c3" in places(state)
    play(state, "place P3a c3")
    view = state.view(0)["seats"][0]["houses"][2]
    assert view["scaffolds"] == [1, 2] and view["floors"][2]["id"] == "P3a"


def test_placement_example_2_scaffolds_move_but_keep_everything_connected() -> None:
    """Placement example 2: Wei-Min replaces a scaffold with a red 2nd floor, moves it, and places his
    other red 2nd floor on it; the middle scaffold can no longer move."""
    state = placing(players=3)
    # Before: R1a and B1a on the first floor with a scaffold between them, a 2nd-floor scaffold on R1a.
    build(state, 0, {1: ["R1a", None, None], 3: ["B1a", None, None]})
    give(state, 0, "R2a", "R2b")
    play(state, "place R2a c1", "place R2b c4")
    assert scaffold_arrangement(state.masks[0]) == (cell(1, 2), cell(1, 4))
    # The middle scaffold is pinned: without it the left house would be cut off from the rest.
    give(state, 0, "G2a")
    assert "place G2a c5" not in places(state)


def test_placement_example_3_one_token_for_breaking_both_rules() -> None:
    """Placement example 3: Johnson's yellow 2nd floor on a blue 1st floor, next to a yellow house, breaks
    rules A and B and costs one regulatory bonus token; his blue 3rd floor then shares a colour of the
    blue-yellow house and is legal without a token."""
    state = placing(players=3)
    build(state, 0, {1: ["Y1a", "Y2a", "Y3a"], 2: ["B1a", None, None]})
    give(state, 0, "Y2b", "B3a")
    log = play(state, "place Y2b c2")
    assert state.tokens[0] == 3
    assert "breaks rule A and B" in log[0]
    play(state, "place B3a c2")
    assert state.tokens[0] == 3


@pytest.mark.parametrize(
    ("houses", "cards", "placements", "tokens"),
    [
        # Breakable rule B: adjacent houses may never be the same colour.
        pytest.param({1: ["R1a", None, None]}, ["R1b"], ["place R1b c2"], 3, id="only-rule-b-costs-a-token"),
        # Breakable rule A: all three floor cards of one house must be the same colour.
        pytest.param({1: ["R1a", None, None]}, ["B2a"], ["place B2a c1"], 3, id="only-rule-a-costs-a-token"),
        # Red-Blue-Red is allowed (FAQ): same colours in non-adjacent houses break nothing.
        pytest.param(
            {1: ["R1a", None, None], 2: ["B1a", None, None]},
            ["R1b", "R2a"],
            ["place R1b c3", "place R2a c1"],
            4,
            id="same-colour-house-away-from-its-colour-costs-nothing",
        ),
    ],
)
def test_tokens_left_after_breaking_rules(
    houses: dict[int, list[str | None]], cards: list[str], placements: list[str], tokens: int
) -> None:
    """Breakable rules A and B: each placement that breaks one or both costs a regulatory bonus token."""
    state = placing()
    build(state, 0, houses)
    give(state, 0, *cards)
    play(state, *placements)
    assert state.tokens[0] == tokens


def test_no_token_left_means_no_rule_breaking() -> None:
    """Breakable rules may be broken only up to 4 times: with no token left such a card cannot be placed."""
    state = placing(tokens=0)
    build(state, 0, {1: ["R1a", None, None]})
    give(state, 0, "R1b", "B1b")
    assert "place B1b c2" in places(state)
    refused(state, "place R1b c2", "no regulatory bonus token left")


def test_an_illegal_placement_leaves_the_state_untouched() -> None:
    """An illegal action raises and changes nothing."""
    state = placing()
    give(state, 0, "R1a")
    before = state.copy()
    with pytest.raises(IllegalAction):
        state.apply(0, state_action("place R1a c9"))
    assert state == before


def test_faq_cards_kept_from_an_earlier_turn_can_be_placed() -> None:
    """FAQ: "Can I place a Floor Card that I have kept in my hand from a previous turn? Yes." """
    state = new(2, seed=1)
    state.start_player = 0
    set_turn(state, 0)
    kept = state.cards.cards[state.supply[0][0]].id
    play(state, "take c1 f1", "done")
    assert state.turn == 1
    play(state, "take c1 f3", "done")
    assert state.turn == 1 and state.round == 2, "the token passed: seat 1 starts round 2"
    play(state, "take c1 f3", "done")
    assert state.turn == 0
    play(state, "take c2 f3")
    assert f"place {kept} c1" in places(state)
    play(state, f"place {kept} c1")
    assert state.areas[0][cell(1, 1)] == state.cards.index_of(kept)
