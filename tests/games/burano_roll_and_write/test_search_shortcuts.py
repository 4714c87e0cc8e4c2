"""The shortcuts a search takes through the rules (laguna/games/burano_roll_and_write/rules): the circles
read from a layout's tables must be those the symbol rules allow, the boats listed without their
refusals those `boat_problem` lets through, the invitations and the log's phrases made once those
made anew, and copies that share the parts replaced on change must stay as independent as whole
copies, at every position of seeded games."""

from __future__ import annotations

import pytest

from laguna.core.messages import msg, msg_plural
from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write import RollAndWriteState
from laguna.games.burano_roll_and_write.actions import Action, Boat, Circle, Flip, Invite, TakeCoin
from laguna.games.burano_roll_and_write.characters import CHARACTERS
from laguna.games.burano_roll_and_write.position import (
    _BUILDING_NAMES,
    _DIE_NAMES,
    DICE,
    REACH,
    building_name,
    coins_text,
    die_name,
)
from laguna.games.burano_roll_and_write.rules.boats import boat_choices, boat_problem
from laguna.games.burano_roll_and_write.rules.dice import allowed, can_circle, circles
from laguna.games.burano_roll_and_write.rules.invitation import invitations
from laguna.games.burano_roll_and_write.rules.rounds import _ROLLED
from laguna.games.burano_roll_and_write.sheets import DieColour
from tests.games.burano_roll_and_write.scenario import new


def circles_long(state: RollAndWriteState, seat: int, colour: DieColour, coins: int) -> list[Circle]:
    """Every uncircled symbol of the building asked for the numbers its rule allows."""
    reach = REACH[state.dice[DICE.index(colour)]][min(coins, 3)]
    return [
        Circle(symbol.id, value)
        for symbol in state.layouts[seat].in_building(colour)
        if symbol.id not in state.circled[seat]
        for value in allowed(state, seat, symbol)
        if value in reach
    ]


def invitations_long(state: RollAndWriteState, seat: int) -> list[Action]:
    """A coin, or every character not invited yet under every free building, each made anew."""
    choices: list[Action] = [TakeCoin()]
    if state.coins(seat) < 3:
        return choices
    invited = {character for character, _ in state.characters[seat].values()}
    free = [c for c in state.layouts[seat].buildings if c not in state.characters[seat]]
    for character in CHARACTERS:
        if character not in invited:
            floors: tuple[int | None, ...] = (1, 2, 3) if character.designates_floor else (None,)
            choices += [Invite(character, building, floor) for building in free for floor in floors]
    return choices


def games(players: int, seed: int) -> list[RollAndWriteState]:
    """Every position of a seeded game of random decisions, a copy of each."""
    state = new(players, layout=None, seed=seed, round_limit=8)
    rng = Rng(seed)
    seen = [state.copy()]
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state.copy())
    return seen


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_tables_list_the_decisions_the_rules_allow(players: int) -> None:
    for state in games(players, seed=players + 10):
        for seat in range(players):
            for colour in DICE:
                for coins in range(5):
                    expected = circles_long(state, seat, colour, coins)
                    assert circles(state, seat, colour, coins) == expected
                    assert can_circle(state, seat, colour, coins) == bool(expected)
            boats: list[Action] = [Boat(c) for c in DICE if boat_problem(state, seat, c) is None]
            assert list(boat_choices(state, seat)) == [*boats, Flip()]
            assert list(invitations(state, seat)) == invitations_long(state, seat)


def key(state: RollAndWriteState) -> str:
    """The whole position, written out when taken, so a later change to a shared part shows."""
    return repr(state._key())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_copies_sharing_the_replaced_parts_stay_independent(players: int, seed: int) -> None:
    """Each decision is taken on a copy and one more on a copy of that: neither changes the position
    copied, nor the copies, as the game goes on from it; and a copy decides as the position would."""
    state = new(players, layout=None, seed=seed, round_limit=6)
    rng = Rng(seed)
    kept: list[tuple[RollAndWriteState, str]] = []
    while not state.is_terminal():
        seat = state.to_act()[0]
        before = key(state)
        legal = state.legal_actions(seat)
        for action in legal:
            child = state.copy()
            child.apply(seat, action)
            if not child.is_terminal():
                actor = child.to_act()[0]
                grandchild = child.copy()
                grandchild.apply(actor, grandchild.legal_actions(actor)[-1])
                kept.append((grandchild, key(grandchild)))
            kept.append((child, key(child)))
            assert key(state) == before
            assert state.legal_actions(seat) == legal
        twin = state.copy()
        action = rng.choice(legal)
        state.apply(seat, action)
        twin.apply(seat, action)
        assert key(twin) == key(state)
        for actor in twin.to_act():
            assert twin.legal_actions(actor) == state.legal_actions(actor)
        for copy, written in kept[-40:]:
            assert key(copy) == written


def test_the_phrases_made_once_are_those_made_anew() -> None:
    """The log's dice, buildings, coins and rolls are made once; each is the message made on the spot."""
    for colour in DICE:
        assert die_name(colour) == msg(_DIE_NAMES[colour])
        assert building_name(colour) == msg(_BUILDING_NAMES[colour])
        for value in range(1, 7):
            assert _ROLLED[colour][value] == msg("{colour} {value}", colour=msg(colour.value), value=value)
    for amount in range(8):
        assert coins_text(amount) == msg_plural("{count} coin", "{count} coins", amount)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_end_and_the_kept_decisions_read_as_the_seats_to_act_say(players: int) -> None:
    """A position is over exactly when no one is to act, and a seat's decisions are kept only while
    it is to act: at every position of a seeded game and of a sample of it, asked before and after
    each seat's decisions were kept, and after one seat decides in secret on a copy."""
    rng = Rng(players)
    for state in games(players, seed=players + 30):
        seat = state.to_act()[0] if state.to_act() else 0
        for position in (state, state.determinize(seat, rng)):
            assert position.is_terminal() == (not position.to_act())
            for _ in range(2):
                for other in range(players):
                    expected = position._find_legal(other) if other in position.to_act() else ()
                    assert position.legal_actions(other) == expected
            if position.is_terminal():
                continue
            actor = position.to_act()[0]
            decided = position.copy()
            decided.apply(actor, decided.legal_actions(actor)[0])
            assert decided.is_terminal() == (not decided.to_act())
            for other in range(players):
                expected = decided._find_legal(other) if other in decided.to_act() else ()
                assert decided.legal_actions(other) == expected
