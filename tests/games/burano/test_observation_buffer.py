"""The observation buffer written straight from a position (`state_buffer.BufferWriter`): the numbers of
the seat's view, for every seat and a spectator at every position of random and greedy games and of
the positions a search makes from them, and blind to what the seat cannot see."""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import replace
from itertools import chain
from pathlib import Path

import pytest

from laguna.bots import GreedyBot
from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState, encoding
from laguna.games.burano.actions import Stack
from laguna.games.burano.components import COLOURS
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.position import Phase
from laguna.games.burano.pyramid import CENTRE, centre_covered
from tests.games import common

PLAYERS = (2, 3, 4)
DEFAULT = BuranoOptions()
RANDOM_AREA = BuranoOptions(random_workshops=True)


def from_view(state: BuranoState, seat: int | None) -> list[float]:
    observation = GAME.observation(state.view(seat), state.players, state.options)
    return list(chain.from_iterable(observation.values()))


def from_state(state: BuranoState, seat: int | None) -> list[float]:
    numbers = array("f")
    numbers.frombytes(GAME.observation_buffer(state, seat, state.players, state.options))
    return numbers.tolist()


def assert_matches_view(state: BuranoState) -> None:
    """Every seat's and a spectator's buffer holds its view's numbers; a difference names its segment."""
    sizes = encoding.encoder(state.players, state.options).sizes()
    for seat in [*range(state.players), None]:
        fast, slow = from_state(state, seat), from_view(state, seat)
        if fast == slow:
            continue
        at = 0
        for name, size in sizes.items():
            assert fast[at : at + size] == slow[at : at + size], f"segment {name}, seat {seat}, {state.phase}"
            at += size
        pytest.fail(f"the buffer holds {len(fast)} numbers, the view {len(slow)}")


def random_positions(players: int, options: BuranoOptions, seed: int) -> Iterator[BuranoState]:
    """The position before each decision of a random game, each seat of a construction in turn, then
    the end."""
    state = None
    for state, _, _ in common.decisions(GAME, players, options, seed, every_seat=True):
        yield state
    assert state is not None and state.is_terminal()
    yield state


def greedy_positions(players: int, options: BuranoOptions, seed: int) -> Iterator[BuranoState]:
    """The position before each decision of a game of greedy bots, then the end."""
    state = GAME.new_game(players, options, seed)
    bots = [GreedyBot(seed + seat) for seat in range(players)]
    while not state.is_terminal():
        yield state
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    yield state


def copied_components(tmp_path: Path) -> BuranoOptions:
    """Random workshops and the packaged components read from another file: other component objects."""
    path = tmp_path / "components.toml"
    path.write_bytes((Path(encoding.__file__).parent / "data" / "components.toml").read_bytes())
    return BuranoOptions(random_workshops=True, components=str(path))


@pytest.mark.parametrize("options", [DEFAULT, RANDOM_AREA], ids=["first-game", "random-workshops"])
@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_match_the_view(players: int, options: BuranoOptions) -> None:
    for seed in (players, 10 + players):
        for state in random_positions(players, options, seed):
            assert_matches_view(state)


def test_a_component_file_of_its_own_matches_the_view(tmp_path: Path) -> None:
    for state in random_positions(3, copied_components(tmp_path), 5):
        assert_matches_view(state)


@pytest.mark.parametrize(("players", "options"), [(2, RANDOM_AREA), (3, DEFAULT), (4, DEFAULT)])
def test_greedy_games_match_the_view(players: int, options: BuranoOptions) -> None:
    for state in greedy_positions(players, options, 20 + players):
        assert_matches_view(state)


@pytest.mark.parametrize("players", PLAYERS)
def test_search_positions_match_the_view(players: int) -> None:
    """A search's positions share their parent's houses and rings: each decision's child, a sample of
    what the seat to act sees, and the parent again after its children."""
    rng = Rng(players)
    for step, state in enumerate(greedy_positions(players, RANDOM_AREA, 30 + players)):
        if step % 7 or state.is_terminal():
            continue
        seat = state.to_act()[0]
        sample = state.determinize(seat, rng.spawn())
        assert_matches_view(sample)
        legal = sample.legal_actions(seat)
        for action in legal[:: max(1, len(legal) // 12)]:
            child = sample.copy()
            child.apply_unchecked(seat, action)
            assert_matches_view(child)
        assert_matches_view(state)


@pytest.mark.parametrize("players", PLAYERS)
def test_what_a_seat_cannot_see_stays_out(players: int) -> None:
    """Drawing anew what a seat cannot see (the decks, the others' fish cards from the deck, their
    pyramids built in secret) leaves the seat's buffer as it was."""
    rng = Rng(40 + players)
    redrawn = 0
    for step, state in enumerate(random_positions(players, DEFAULT, 40 + players)):
        if step % 3:
            continue
        for seat in [*range(players), None]:
            twin = state.determinize(seat, rng.spawn())
            assert from_state(twin, seat) == from_state(state, seat)
            others = [s for s in range(players) if s != seat]
            if twin.fish_deck != state.fish_deck or any(
                twin.boards[s].hand_secret != state.boards[s].hand_secret
                or twin.boards[s].pyramid != state.boards[s].pyramid
                for s in others
            ):
                redrawn += 1
    assert redrawn > 100


def test_a_covered_centre_cube_stays_out() -> None:
    """Another seat's centre cube under the second level does not show; its owner's does."""
    checked = 0
    for state in random_positions(3, DEFAULT, 8):
        for owner, player in enumerate(state.boards):
            if player.centre_seen or not centre_covered(player.pyramid):
                continue
            twin = state.copy()
            colour = player.pyramid[CENTRE]
            twin.boards[owner].pyramid[CENTRE] = next(c for c in COLOURS if c is not colour)
            for seat in [*range(3), None]:
                if seat == owner:
                    assert from_state(twin, seat) != from_state(state, seat)
                else:
                    assert from_state(twin, seat) == from_state(state, seat)
            checked += 1
    assert checked > 5


def test_a_secret_pyramid_stays_out() -> None:
    """While the pyramids are built in secret, another seat's cubes do not show; the owner's do."""
    state = common.play_until(GAME.new_game(3, DEFAULT, 4), 4, Phase.CONSTRUCTION)
    for _ in range(5):
        state.apply(1, next(a for a in state.legal_actions(1) if isinstance(a, Stack) and a.colour is not None))
    twin = state.copy()
    pyramid = twin.boards[1].pyramid
    pyramid[:5] = reversed(pyramid[:5])
    pyramid[0] = next(c for c in COLOURS if c is not pyramid[0])
    for seat in (0, 2, None):
        assert from_state(twin, seat) == from_state(state, seat)
    assert from_state(twin, 1) != from_state(state, 1)


def test_equal_tiles_made_elsewhere_count_the_same() -> None:
    """A roof tile equal to a component's (one read from a decision's notation, say) counts as it."""
    for state in random_positions(2, DEFAULT, 3):
        if state.roofs_placed and any(player.roofs for player in state.boards):
            break
    else:
        pytest.fail("no roof tile was placed while another waited in a roof space")
    twin = state.copy()
    for player in twin.boards:
        player.roofs = [replace(tile) for tile in player.roofs]
    twin.roofs_placed = [replace(placed, tile=replace(placed.tile)) for placed in twin.roofs_placed]
    assert twin.boards[0].roofs or twin.boards[1].roofs
    for seat in (0, 1, None):
        assert from_state(twin, seat) == from_state(state, seat)
    assert_matches_view(twin)
