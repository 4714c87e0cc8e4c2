"""The observation buffer written from the state (laguna/games/burano_roll_and_write/encoding.py): the
numbers of the seat's view, segment after segment, at every position, and nothing a seat cannot see."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from laguna.bots import GreedyBot
from laguna.core.game import Game
from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write import GAME, Phase, RollAndWriteState, encoding
from laguna.games.burano_roll_and_write.options import RollAndWriteOptions
from laguna.games.burano_roll_and_write.rules.invitation import invitations
from tests.games import common

PLAYERS = (1, 2, 3, 4)
OPTION_SETS = {
    "default": GAME.options(),
    "shared": GAME.options({"shared_layout": "Viale Marcello"}),
    "short": GAME.options({"round_limit": 2}),
    "shared-short": GAME.options({"shared_layout": "Fondamenta Cao Moleca", "round_limit": 3}),
}

observe = common.observer(GAME)


def buffer(state: RollAndWriteState, seat: int | None, options: RollAndWriteOptions | None = None) -> list[float]:
    return common.buffer_numbers(GAME, state, seat, options)


def assert_buffers_hold_the_views(state: RollAndWriteState) -> None:
    common.assert_buffers_hold_the_views(GAME, state)


def random_positions(players: int, options: RollAndWriteOptions, seed: int) -> Iterator[RollAndWriteState]:
    """Every position of a random game, the end included; in the invitation every seat decides in turn,
    so positions where some have decided and others not come up."""
    state = None
    for state, _, _ in common.decisions(GAME, players, options, seed, every_seat=True):
        yield state
    assert state is not None and state.is_terminal()
    yield state


@pytest.mark.parametrize("options", OPTION_SETS.values(), ids=OPTION_SETS.keys())
@pytest.mark.parametrize("players", PLAYERS)
def test_the_buffer_holds_the_view_numbers_at_every_position_of_random_games(
    players: int, options: RollAndWriteOptions
) -> None:
    phases = set()
    for seed in (50 + players, 60 + players):
        for state in random_positions(players, options, seed):
            assert_buffers_hold_the_views(state)
            phases.add(state.phase)
    assert phases == set(Phase)


@pytest.mark.parametrize("options", [OPTION_SETS["default"], OPTION_SETS["shared"]], ids=["default", "shared"])
@pytest.mark.parametrize("players", PLAYERS)
def test_the_buffer_holds_the_view_numbers_at_every_position_of_greedy_games(
    players: int, options: RollAndWriteOptions
) -> None:
    state = GAME.new_game(players, options, 70 + players)
    bots = [GreedyBot(80 + seat) for seat in range(players)]
    while not state.is_terminal():
        assert_buffers_hold_the_views(state)
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert_buffers_hold_the_views(state)


def test_the_buffer_reads_the_set_up_it_is_given() -> None:
    """Options equal to the position's but built apart give the same bytes as the view's numbers."""
    options = OPTION_SETS["shared"]
    state = GAME.new_game(3, options, 4)
    rebuilt = GAME.options(options.to_dict())
    assert rebuilt is not options
    for seat in (0, 1, 2, None):
        written = GAME.observation_buffer(state, seat, 3, rebuilt)
        assert written == Game.observation_buffer(GAME, state, seat, 3, rebuilt)
        assert len(written) == 4 * sum(encoding.encoder(3, rebuilt).sizes().values())


def others_decisions(state: RollAndWriteState, seat: int | None) -> list[object]:
    return [decision for other, decision in enumerate(state.commitments) if other != seat]


@pytest.mark.parametrize("players", (2, 3, 4))
def test_what_a_seat_cannot_see_never_changes_its_buffer(players: int) -> None:
    """Re-sampling the others' secret decisions and the dice still to be rolled, from the seat's point
    of view, leaves that seat's buffer as it was."""
    rng = Rng(90 + players)
    checked = changed = 0
    for state in random_positions(players, OPTION_SETS["default"], 90 + players):
        for seat in [*range(players), None]:
            twin = state.determinize(seat, rng.spawn())
            assert buffer(twin, seat) == buffer(state, seat), f"seat {seat}, {state.phase}"
            checked += 1
            changed += others_decisions(twin, seat) != others_decisions(state, seat)
    assert checked > 500 and changed > 5


def test_every_secret_decision_of_another_seat_looks_the_same() -> None:
    """While seat 0 has decided and seat 1 not, seat 1 and a spectator see the same numbers whatever
    seat 0 decided; seat 0 sees its own decision."""
    for seed in range(3):
        state = next(
            s
            for s in random_positions(3, OPTION_SETS["default"], seed)
            if s.phase is Phase.INVITE and s.commitments == [None] * 3 and len(invitations(s, 0)) > 1
        )
        choices = invitations(state, 0)
        seen: dict[int | None, list[float]] = {}
        own = set()
        for choice in choices:
            twin = state.copy()
            twin.apply(0, choice)
            assert_buffers_hold_the_views(twin)
            for viewer in (1, 2, None):
                assert seen.setdefault(viewer, buffer(twin, viewer)) == buffer(twin, viewer)
            own.add(tuple(buffer(twin, 0)))
        assert len(own) == len(choices)
