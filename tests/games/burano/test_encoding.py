"""Burano's action space and observation encoding (laguna/games/burano/encoding.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from laguna.core.rng import Rng
from laguna.games.burano import encoding
from laguna.games.burano.actions import Action, Build, Pick, Stack
from laguna.games.burano.components import COLOURS
from laguna.games.burano.game import GAME
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.position import Phase
from laguna.games.burano.state import BuranoState
from tests.games import common

PLAYERS = (2, 3, 4)
DEFAULT = BuranoOptions()
RANDOM_AREA = BuranoOptions(random_workshops=True)


def play(players: int, options: BuranoOptions, seed: int) -> Iterator[tuple[BuranoState, int, tuple[Action, ...]]]:
    """Each decision of a random game, before it is taken."""
    return common.decisions(GAME, players, options, seed, every_seat=True)


observe = common.observer(GAME)


@pytest.mark.parametrize("options", [DEFAULT, RANDOM_AREA], ids=["first-game", "random-workshops"])
@pytest.mark.parametrize("players", PLAYERS)
def test_every_legal_action_is_in_the_space(players: int, options: BuranoOptions) -> None:
    common.assert_legal_actions_in_space(GAME, players, options, 2, every_seat=True)


def test_the_space_is_fixed_by_the_set_up_alone() -> None:
    first = common.rebuilt_action_space(GAME, encoding.action_space, 3, RANDOM_AREA)
    # Two random layouts put the workshops on different squares; the space covers both.
    areas = {tuple(sorted(GAME.new_game(3, RANDOM_AREA, seed).area.squares)) for seed in range(4)}
    assert len(areas) > 1
    assert len(GAME.action_space(4, DEFAULT)) == len(GAME.action_space(3, DEFAULT)) + 6 * 6
    assert len(GAME.action_space(2, DEFAULT)) == len(GAME.action_space(3, DEFAULT))
    # A layer's last slot is never left empty by choice.
    assert Stack(8, None) not in first and Stack(7, None) in first


@pytest.mark.parametrize("players", PLAYERS)
def test_observations_have_fixed_sizes_and_finite_values(players: int) -> None:
    expected = encoding.encoder(players, DEFAULT).sizes()
    common.assert_observations_fixed(GAME, players, DEFAULT, expected, 3, every_seat=True)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_view_gives_the_same_observation(players: int) -> None:
    common.assert_same_view_same_observation(observe, players, play(players, DEFAULT, 20 + players), 9)


def test_the_secret_pyramids_stay_secret() -> None:
    state = common.play_until(GAME.new_game(3, DEFAULT, 4), 4, Phase.CONSTRUCTION)
    before = observe(state, 0)
    assert before["pyramid_secret"] == [0.0, 1.0, 1.0]
    stacked = state.legal_actions(1)[0]
    assert isinstance(stacked, Stack) and stacked.colour is not None
    state.apply(1, stacked)
    assert observe(state, 0) == before, "another seat's secret cube shows in the observation"
    mine = observe(state, 1)
    slot = 6 * stacked.slot + list(COLOURS).index(stacked.colour)
    assert mine["pyramid"][slot] == 1.0


def advance(state: BuranoState, rng: Rng, wanted: type) -> tuple[int, Action]:
    """Play randomly until the seat to act may take an action of type `wanted` in a player turn."""
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        found = [a for a in legal if isinstance(a, wanted)]
        if state.phase is Phase.TURN and found:
            return seat, found[0]
        state.apply(seat, rng.choice(legal))


def test_moves_change_the_right_segments() -> None:
    state = GAME.new_game(2, DEFAULT, 11)
    rng = Rng(11)
    seat, pick = advance(state, rng, Pick)
    assert isinstance(pick, Pick)
    before = observe(state, seat)
    view = state.view(seat)
    assert before["coins"][0] == view["seats"][seat]["coins"]
    assert before["actor"] == [1.0, 0.0]
    assert observe(state, 1 - seat)["actor"] == [0.0, 1.0]
    ring = before["ring"][: 12 * encoding.RING_SIZE]
    arrows = [ring[k * encoding.RING_SIZE : k * encoding.RING_SIZE + 6].index(1.0) for k in range(3)]
    assert [COLOURS[k].value for k in arrows] == view["seats"][seat]["arrow_colours"]

    colour = state.boards[seat].pyramid[pick.slot]
    assert colour is not None
    k = list(COLOURS).index(colour)
    state.apply(seat, pick)
    picked = observe(state, seat)
    assert picked["preparation"][k] == before["preparation"][k] + 1
    assert before["pyramid"][6 * pick.slot + k] == 1.0 and picked["pyramid"][6 * pick.slot + k] == 0.0
    assert picked["moves"][0] == before["moves"][0] + 1
    assert observe(state, 1 - seat)["preparation"][6 + k] == picked["preparation"][k]

    seat, build = advance(state, rng, Build)
    assert isinstance(build, Build)
    before = observe(state, seat)
    stack = state.stacks.get(build.square)
    floor = stack.floor if stack is not None else 0
    k = list(COLOURS).index(build.colour)
    state.apply(seat, build)
    built = observe(state, seat)
    at = (build.square[0] * 7 + build.square[1]) * encoding.HOUSE_SIZE + floor * 12 + k
    assert before["houses"][at] == 0.0 and built["houses"][at] == 1.0
    assert built["preparation"][k] == before["preparation"][k] - 1


def test_hidden_fish_show_as_counts() -> None:
    for state, seat, _ in play(2, DEFAULT, 5):
        drawn = state.boards[seat].hand_secret.total()
        if drawn:
            break
    else:
        pytest.fail("no fish card was drawn from the deck")
    mine, theirs = observe(state, seat), observe(state, 1 - seat)
    assert mine["fish_from_deck"][0] == theirs["fish_from_deck"][1] == drawn
    kinds = len(state.components.fish_kinds)
    assert sum(mine["fish_hand"][:kinds]) == state.boards[seat].hand_size()
    assert sum(theirs["fish_hand"][kinds:]) == state.boards[seat].hand_public.total()
