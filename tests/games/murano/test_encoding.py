"""Murano's action space and observation encoding (laguna/games/murano/encoding.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

import pytest

from laguna.bots import GreedyBot
from laguna.core.game import Game
from laguna.core.rng import Rng
from laguna.games.murano import encoding
from laguna.games.murano.actions import Act, Action, BuyTile, Gondola, Income, Place, Recruit, Skip
from laguna.games.murano.components import Action as ActionKind
from laguna.games.murano.game import GAME
from laguna.games.murano.options import MuranoOptions
from laguna.games.murano.state import MuranoState, Phase
from tests.games import common

PLAYERS = (2, 3, 4)
DEFAULT = MuranoOptions()
FLIPPED = GAME.options({name: not getattr(DEFAULT, name) for name in encoding.RULES})


def play(players: int, options: MuranoOptions, seed: int) -> Iterator[tuple[MuranoState, int, tuple[Action, ...]]]:
    """Each decision of a random game, before it is taken."""
    return common.decisions(GAME, players, options, seed)


observe = common.observer(GAME)


@pytest.mark.parametrize("options", [DEFAULT, FLIPPED], ids=["yucata", "all-flipped"])
@pytest.mark.parametrize("players", PLAYERS)
def test_every_legal_action_is_in_the_space(players: int, options: MuranoOptions) -> None:
    common.assert_legal_actions_in_space(GAME, players, options, 3)


def test_the_space_is_fixed_by_the_set_up_alone() -> None:
    first = common.rebuilt_action_space(GAME, encoding.action_space, 4, DEFAULT)
    # Options that can never make an action legal leave it out.
    assert not any(isinstance(a, Income) for a in first)
    assert any(isinstance(a, Income) for a in GAME.action_space(4, FLIPPED))
    assert not any(isinstance(a, Skip) for a in GAME.action_space(4, FLIPPED))
    # The 2–3-player side has no Sacca Serenella and leaves two character cards in the box.
    small = GAME.action_space(3, DEFAULT)
    assert not any(isinstance(a, Place) and a.space.startswith("serenella") for a in small)
    assert sum(isinstance(a, Recruit) for a in small) == sum(isinstance(a, Recruit) for a in first) - 2


@pytest.mark.parametrize("players", PLAYERS)
def test_observations_have_fixed_sizes_and_finite_values(players: int) -> None:
    for options in (DEFAULT, FLIPPED):
        expected = encoding.encoder(players, options).sizes()
        state = common.assert_observations_fixed(GAME, players, options, expected, 4)
        assert state.is_terminal()
        assert common.sizes(observe(state, 0)) == common.sizes(observe(state, None)) == expected


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_view_gives_the_same_observation(players: int) -> None:
    common.assert_same_view_same_observation(observe, players, play(players, DEFAULT, 20 + players), 7)


def advance(state: MuranoState, rng: Rng, wanted: Callable[[Action], bool]) -> tuple[int, Action]:
    """Play randomly until the seat to act may take a `wanted` action."""
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        found = [a for a in legal if wanted(a)]
        if found:
            return seat, found[0]
        state.apply(seat, rng.choice(legal))


def test_taking_gold_and_recruiting_change_the_right_segments() -> None:
    state = GAME.new_game(3, DEFAULT, 12)
    rng = Rng(12)
    spaces = state.components.action_spaces
    seat, act = advance(state, rng, lambda a: isinstance(a, Act) and spaces[a.space - 1].action is ActionKind.TAKE_GOLD)
    assert isinstance(act, Act)
    before = observe(state, seat)
    assert before["actor"] == [1.0, 0.0, 0.0]
    assert before["gold"][0] == state.boards[seat].gold
    state.apply(seat, act)
    after = observe(state, seat)
    assert after["gold"][0] == state.boards[seat].gold
    assert after["ships"] != before["ships"], "the ship came onto the action space"
    assert after["ships"][act.space - 1] == 1.0

    seat, recruit = advance(state, rng, lambda a: isinstance(a, Recruit))
    assert isinstance(recruit, Recruit)
    other = (seat + 1) % 3
    count = len(state.drawn)
    drawn = observe(state, seat)
    assert drawn["drawn_count"] == [count] and sum(drawn["drawn_characters"]) == count > 0
    hidden = observe(state, other)
    assert hidden["drawn_count"] == [count] and sum(hidden["drawn_characters"]) == 0
    card = [c.id for c in state.components.characters].index(recruit.card)
    state.apply(seat, recruit)
    assert observe(state, seat)["own_characters"][card] == 1.0
    theirs = observe(state, other)
    assert theirs["own_characters"][card] == 0.0
    assert theirs["characters"][2] == len(state.boards[seat].characters)


def test_a_gondolier_shows_with_its_owner() -> None:
    state = common.play_until(GAME.new_game(2, DEFAULT, 3), 3, Phase.GONDOLA)
    seat = state.actor
    gondola = state.legal_actions(seat)[0]
    assert isinstance(gondola, Gondola)
    size = 2 + 2
    islands = state.side.islands
    index = [(i.id, c) for i in islands for c in i.gondolas].index((gondola.island, gondola.colour))
    state.apply(seat, gondola)
    mine, theirs = observe(state, seat)["gondolas"], observe(state, 1 - seat)["gondolas"]
    assert mine[index * size : index * size + 2] == [1.0, 0.0]
    assert theirs[index * size : index * size + 2] == [0.0, 1.0]
    own = [k for k in range(len(mine) // size) if mine[k * size + 3]]
    assert len(own) == len(islands)
    assert all(islands[k // 4].gondolas[k % 4] == ("orange", "grey")[seat] for k in own)


def test_the_rule_options_are_encoded() -> None:
    flipped = dataclasses.replace(DEFAULT, red_ship_gold=True)
    rules = observe(GAME.new_game(2, flipped, 1), 0)["rules"]
    assert rules[encoding.RULES.index("red_ship_gold")] == 1.0
    assert observe(GAME.new_game(2, DEFAULT, 1), 0)["rules"][encoding.RULES.index("red_ship_gold")] == 0.0


# ---------------------------------------------------------------------- the buffer written from the state

OPTION_SETS = {
    "yucata": DEFAULT,
    "all-flipped": FLIPPED,
    "prelude-red-gold": dataclasses.replace(DEFAULT, preliminary_character=True, red_ship_gold=True),
    "box-rules": dataclasses.replace(
        DEFAULT, unlimited_markers=False, automatic_income=False, optional_selling=False, skip_unscoreable=False
    ),
}


def buffer(state: MuranoState, seat: int | None, options: MuranoOptions | None = None) -> list[float]:
    return common.buffer_numbers(GAME, state, seat, options)


def assert_buffers_hold_the_views(state: MuranoState) -> None:
    common.assert_buffers_hold_the_views(GAME, state)


@pytest.mark.parametrize("options", OPTION_SETS.values(), ids=OPTION_SETS.keys())
@pytest.mark.parametrize("players", PLAYERS)
def test_the_buffer_holds_the_view_numbers_at_every_position_of_random_games(
    players: int, options: MuranoOptions
) -> None:
    state = None
    for state, _, _ in play(players, options, 50 + players):
        assert_buffers_hold_the_views(state)
    assert state is not None and state.is_terminal()
    assert_buffers_hold_the_views(state)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_buffer_holds_the_view_numbers_at_every_position_of_greedy_games(players: int) -> None:
    state = GAME.new_game(players, DEFAULT, 60 + players)
    bots = [GreedyBot(70 + seat) for seat in range(players)]
    while not state.is_terminal():
        assert_buffers_hold_the_views(state)
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert_buffers_hold_the_views(state)


def test_the_buffer_reads_the_rules_of_the_position() -> None:
    """Equal options built apart, or other options than the position's, give the numbers of the
    position's view, whose rules are the position's."""
    flipped = dataclasses.replace(DEFAULT, red_ship_gold=True)
    state = GAME.new_game(2, flipped, 4)
    assert buffer(state, 0, dataclasses.replace(flipped)) == buffer(state, 0)
    for options in (flipped, DEFAULT):
        for seat in (0, 1, None):
            assert GAME.observation_buffer(state, seat, 2, options) == Game.observation_buffer(
                GAME, state, seat, 2, options
            )


def hidden_parts(state: MuranoState, seat: int | None) -> tuple[object, ...]:
    """What `seat` cannot see: the stacks' and decks' order, the boxed cards and tiles, and the others'
    face-down tiles, character cards and drawn cards."""
    others = [s for s in range(state.players) if s != seat]
    return (
        state.street_stack,
        state.shop_stack,
        state.palace_stack,
        state.character_deck,
        state.special_deck,
        state.boxed_characters,
        state.boxed_palaces,
        state.drawn if seat != state.actor else (),
        [(state.boards[s].characters, state.boards[s].shops, state.boards[s].palaces) for s in others],
    )


@pytest.mark.parametrize("players", PLAYERS)
def test_what_a_seat_cannot_see_never_changes_its_buffer(players: int) -> None:
    """Re-dealing everything a seat cannot see (the stacks, the others' hands and face-down tiles, the
    cards another drew) leaves that seat's buffer as it was."""
    rng = Rng(80 + players)
    checked = changed = drawn = 0
    for step, (state, actor, _) in enumerate(play(players, FLIPPED, 80 + players)):
        if step % 3 and not state.drawn:
            continue
        for seat in [*range(players), None]:
            twin = state.determinize(seat, rng.spawn())
            assert buffer(twin, seat) == buffer(state, seat), f"seat {seat}, {state.phase}"
            checked += 1
            if hidden_parts(twin, seat) != hidden_parts(state, seat):
                changed += 1
                drawn += seat != actor and twin.drawn != state.drawn
    assert checked > 100 and changed > checked // 2 and drawn > 5


def test_a_stack_looked_through_shows_in_the_buyer_s_buffer_only() -> None:
    state = GAME.new_game(3, DEFAULT, 14)
    rng = Rng(14)
    for _ in range(2):
        seat, look = advance(state, rng, lambda a: isinstance(a, BuyTile) and a.choice == "look")
        state.apply(seat, look)
        assert state.looking
        assert_buffers_hold_the_views(state)
        assert sum(observe(state, seat)["seen"]) > 0
        for other in [*range(3), None]:
            if other != seat:
                twin = state.determinize(other, rng.spawn())
                assert twin.shop_stack != state.shop_stack or twin.palace_stack != state.palace_stack
                assert buffer(twin, other) == buffer(state, other)
        state.apply(seat, state.legal_actions(seat)[0])
