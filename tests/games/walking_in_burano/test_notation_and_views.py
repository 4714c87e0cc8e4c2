"""Action notation, hidden information in views, determinization and the undo policy."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from laguna.core import Match, Rng
from laguna.core.errors import NotationError, UndoError
from laguna.games.walking_in_burano import GAME, Phase
from laguna.games.walking_in_burano.actions import (
    Done,
    Place,
    RemoveCharacter,
    Return,
    Take,
    Visit,
    parse_action,
)
from laguna.games.walking_in_burano.characters import Character
from tests.games.walking_in_burano.scenario import clear_hand, give, new, set_turn

actions = st.one_of(
    st.builds(lambda c, lo, n: Take(c, lo, min(3, lo + n)), st.integers(1, 9), st.integers(1, 3), st.integers(0, 2)),
    st.builds(Place, st.sampled_from(["R1a", "G3d", "P2b"]), st.integers(1, 9)),
    st.just(Done()),
    st.builds(Visit, st.integers(1, 9), st.sampled_from(list(Character))),
    st.builds(Return, st.sampled_from(["R1a", "Y2c"])),
    st.builds(RemoveCharacter, st.sampled_from(list(Character))),
)


@given(actions)
def test_notation_round_trips(action) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "not a Walking in Burano action"),
        ("take c1 f3-1", "low to high"),
        ("take c1", "not a Walking in Burano action"),
        ("visit c1 pope", "unknown character 'pope'"),
        ("remove dragon", "unknown character"),
        ("place c1", "not a Walking in Burano action"),
    ],
)
def test_bad_notation_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(NotationError, match=problem):
        parse_action(text)


def test_notation_tolerates_extra_spaces() -> None:
    assert parse_action("  take   c2  f1-3 ") == Take(2, 1, 3)


def test_legal_actions_can_be_chosen_by_number() -> None:
    state = new(2, seed=4)
    seat = state.turn
    assert GAME.parse_legal(state, seat, "2") == state.legal_actions(seat)[1]
    with pytest.raises(NotationError, match="no action number 99"):
        GAME.parse_legal(state, seat, "99")


def test_views_hide_other_hands_and_deck_order() -> None:
    """Hands are dealt face down ("without showing it to the other players"); card backs show the floor."""
    state = new(3, seed=8)
    give(state, 1, "R1a", "B2b")
    own = state.view(1)
    other = state.view(0)
    spectator = state.view(None)
    assert [c["id"] for c in own["seats"][1]["hand"]] == ["R1a", "B2b"]
    assert other["seats"][1]["hand"] is None and spectator["seats"][1]["hand"] is None
    assert other["seats"][1]["hand_floors"] == {"1": 1, "2": 1, "3": 0}
    assert other["decks"] == {"1": len(state.decks[0]), "2": len(state.decks[1]), "3": len(state.decks[2])}
    assert "R1a" not in str(other) and "B2b" not in str(spectator)


def test_determinize_keeps_own_hand_and_everything_public() -> None:
    state = new(3, seed=8)
    give(state, 0, "R1a")
    give(state, 1, "B2b", "G2a")
    changed = 0
    for k in range(20):
        twin = state.determinize(0, Rng(k))
        assert twin.hands[0] == state.hands[0]
        assert twin.supply == state.supply and twin.areas == state.areas
        assert twin.view(0) == state.view(0)
        floors = [twin.cards.cards[i].floor for i in twin.hands[1]]
        assert floors == [2, 2]
        changed += twin.hands[1] != state.hands[1]
    assert changed > 0


def test_undo_of_an_own_placement_and_not_across_a_reveal() -> None:
    """BGA's undo policy: a seat may take back its own last decision if it revealed nothing."""
    match = Match(GAME, ["a", "b"], seed=2)
    state = match.state
    seat = state.turn
    clear_hand(state, seat)
    give(state, seat, "R1a", "B1b")
    set_turn(state, seat, Phase.PLACE)
    match.act(seat, "place R1a c2")
    assert match.can_undo(seat) and not match.can_undo(1 - seat)
    with pytest.raises(UndoError, match="not yours"):
        match.undo(1 - seat)


def test_undo_refused_after_a_refill_revealed_cards() -> None:
    match = Match(GAME, ["a", "b"], seed=2)
    rng = Rng(1)
    while match.state.round == 1:
        seat = match.state.to_act()[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    last = match.record.actions[-1].seat
    assert not match.can_undo(last)
    with pytest.raises(UndoError, match="revealed"):
        match.undo(last)
