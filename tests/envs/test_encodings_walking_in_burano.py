"""The encodings of Walking in Burano and its Roll & Write: sizes, and known changes of a view landing
in the right segment, seen from the right seat."""

from __future__ import annotations

from typing import Any

from laguna.core import Rng, get_game
from laguna.games.burano_roll_and_write.actions import Boat, Invite, TakeCoin
from laguna.games.walking_in_burano.actions import Take
from laguna.games.walking_in_burano.encoding import CARD_SIZE, HOUSE_SIZE, encoder

WIB = get_game("walking-in-burano")
RW = get_game("walking-in-burano-roll-and-write")


def _obs(game: Any, state: Any, seat: int | None) -> dict[str, list[float]]:
    return game.observation(state.view(seat), state.players, state.options)  # type: ignore[no-any-return]


def test_walking_in_burano_sizes() -> None:
    assert [len(WIB.action_space(p, WIB.options())) for p in (1, 2, 3, 4)] == [523, 506, 512, 518]
    beginner = WIB.options({"beginner_characters": True})
    assert len(WIB.action_space(2, beginner)) == 506 - 5 * 3
    assert len(WIB.action_space(1, beginner)) == 523 - 5 * 3 - 3
    for players, columns in ((1, 4), (2, 3), (3, 4), (4, 5)):
        observation = _obs(WIB, WIB.new_game(players, seed=1), 0)
        sizes = {name: len(values) for name, values in observation.items()}
        assert sizes == encoder(players, WIB.options()).sizes
        assert sizes["supply"] == 3 * columns * CARD_SIZE
        assert sizes["houses"] == players * 5 * HOUSE_SIZE


def test_walking_in_burano_a_take_shows_in_the_takers_hand_only() -> None:
    state = WIB.new_game(2, seed=3)
    taker = state.to_act()[0]
    other = 1 - taker
    take = next(a for a in state.legal_actions(taker) if isinstance(a, Take) and a.low == a.high)
    before = {seat: _obs(WIB, state, seat) for seat in (taker, other)}
    state.apply(taker, take)
    after = {seat: _obs(WIB, state, seat) for seat in (taker, other)}

    assert before[taker]["hand"] == [0.0] * len(before[taker]["hand"])
    assert after[taker]["hand"][0] == 1.0, "the first hand slot holds the card taken"
    assert after[taker]["coins"][0] == before[taker]["coins"][0] + 2, "one card and two coins"
    assert after[other]["hand"] == before[other]["hand"], "the other seat's hand segment is its own"
    assert after[other]["coins"][1] == after[taker]["coins"][0], "seats are listed from the viewer"
    assert sum(after[other]["hand_floors"][3:]) == 1, "the taker's card back shows in its hand floors"


def test_roll_and_write_sizes() -> None:
    assert len(RW.action_space(2, RW.options())) == 447
    assert len(RW.action_space(2, RW.options({"shared_layout": "Viale Marcello"}))) == 330
    sizes = {name: len(values) for name, values in _obs(RW, RW.new_game(3, seed=1), 0).items()}
    assert sizes["sheet"] == 3 * 88 * 3
    assert sizes["characters"] == 3 * 6 * 13
    assert sizes["layout"] == 3 * 4


def test_roll_and_write_boats_and_secret_decisions() -> None:
    state = RW.new_game(2, seed=5)
    rng = Rng(5)
    while not state.is_terminal():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        boats = [a for a in legal if isinstance(a, Boat)]
        if boats:
            state.apply(seat, boats[0])
            colour = list(RW.action_space(2, state.options)).index(boats[0])
            own, other = _obs(RW, state, seat), _obs(RW, state, 1 - seat)
            assert own["boats"][colour] == 1.0, "the viewer's own block comes first"
            assert other["boats"][6 + colour] == 1.0
            break
        state.apply(seat, rng.choice(legal))
    while not state.is_terminal():
        to_act = state.to_act()
        if len(to_act) == 2 and any(isinstance(a, Invite) for a in state.legal_actions(to_act[0])):
            break
        seat = to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act()[0]
    invite = next(a for a in state.legal_actions(seat) if isinstance(a, Invite))
    state.apply(seat, invite)
    own, other = _obs(RW, state, seat), _obs(RW, state, 1 - seat)
    assert own["own_decision"][0] == 0.0 and sum(own["own_decision"]) >= 2, "character and building shown"
    assert other["own_decision"] == [0.0] * 20, "the other seat sees no decision of its own"
    assert other["decided"] == [0.0, 1.0], "only that the first seat has decided"
    assert TakeCoin() in state.legal_actions(1 - seat)
