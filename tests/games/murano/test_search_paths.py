"""The quick paths the search takes through Murano's positions: a copy is an independent twin made
without the general copying machinery, and whatever a position remembers is checked, at every position
of seeded games, against working it out afresh."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from laguna.core.messages import Player as Named
from laguna.core.messages import msg_plural
from laguna.core.rng import Rng
from laguna.games.murano import GAME, MuranoState, holdings
from laguna.games.murano.actions import Act, Lighthouse, Pass, Sail
from laguna.games.murano.components import SpecialEffect
from laguna.games.murano.position import Phase
from laguna.games.murano.rules import log, sailing
from laguna.games.murano.ships import SPACES, cost_of
from tests.games.common import random_bot_positions

REPLACED: frozenset[str] = frozenset(
    {
        "boxed_palaces",
        "boxed_characters",
        "street_stack",
        "shop_stack",
        "palace_stack",
        "character_deck",
        "special_deck",
        "used_gondolas",
        "queue",
        "last_turns",
        "drawn",
        "fresh",
        "clearing",
        "skipped",
        "bag",
    }
)
"""The position's lists, its cards put aside and the bag, which the rules replace rather than change:
a copy shares them until then."""
SHARED: frozenset[str] = REPLACED | {"scoring_facts", "_beside", "_island_spaces", "_known_facts"}
"""What a copy shares: those lists, the islands' facts of the final scoring, which no tile changes, the
islands' facts by their contents, and the board's tables of spaces."""


def played(players: int, seed: int) -> list[MuranoState]:
    """Every position of a seeded game of random decisions, each kept as a copy."""
    return random_bot_positions(GAME.new_game(players, seed=seed), seed)


def containers(state: MuranoState) -> list[tuple[str, Any]]:
    """The position's parts changed in place: its dictionaries and counters, each player and its
    counters (the lists of a position and of its players are replaced, never changed)."""
    found = [
        (name, value)
        for name, value in state.__dict__.items()
        if isinstance(value, list | dict) and name not in SHARED and name != "boards"
    ]
    for seat, player in enumerate(state.boards):
        found.append((f"player {seat}", player))
        for name in player.__slots__:
            value = getattr(player, name)
            if isinstance(value, Counter):
                found.append((f"player {seat} {name}", value))
    return found


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_a_copy_is_an_equal_twin_that_shares_nothing_the_rules_change(players: int, seed: int) -> None:
    for position in played(players, seed):
        twin = position.copy()
        assert twin == position and twin.rng == position.rng
        assert list(twin.__dict__) == list(position.__dict__)
        assert all(type(twin.__dict__[name]) is type(value) for name, value in position.__dict__.items())
        ours = dict(containers(position))
        for name, value in containers(twin):
            assert value is not ours[name], name
        for name in SHARED:
            assert twin.__dict__[name] is position.__dict__[name]


@pytest.mark.parametrize(("players", "seed"), [(2, 24), (3, 25), (4, 20)])
def test_every_decision_on_a_copy_or_a_sample_leaves_the_position_as_it_was(players: int, seed: int) -> None:
    rng = Rng(seed)
    for index, position in enumerate(played(players, seed)[:-1]):
        before = repr(position._key())
        seat = position.to_act()[0]
        for action in position.legal_actions(seat):
            position.copy().apply_unchecked(seat, action)
        # A sample, as each seat in turn sees the position, played on to the end.
        sample = position.determinize(index % players, rng)
        while not sample.is_terminal():
            actor = sample.to_act()[0]
            sample.apply_unchecked(actor, rng.choice(sample.legal_actions(actor)))
        assert repr(position._key()) == before


@pytest.mark.parametrize(("players", "seed"), [(2, 26), (3, 27), (4, 28)])
def test_the_islands_facts_remembered_by_contents_are_those_worked_out_afresh(players: int, seed: int) -> None:
    positions = played(players, seed)
    islands = [island.id for island in positions[0].side.islands]
    known = positions[0]._known_facts
    changed = 0
    for before, position in itertools.pairwise(positions):
        assert position._known_facts is known, "every position of the game shares them"
        for island in islands:
            assert position.facts(island) == position._facts(island), island
            changed += before._facts(island) != position._facts(island)
    assert changed >= 10, "the islands change over the game, gondolas too"
    assert any(facts.gondoliers for facts in known.values())


@pytest.mark.parametrize(("players", "seed"), [(2, 29), (3, 30), (4, 32)])
def test_the_free_gondolas_shared_by_estimates_are_each_positions_own(players: int, seed: int) -> None:
    rng = Rng(seed)
    scored = 0
    for position in played(players, seed)[:-1]:
        for state in (position, position.determinize(position.to_act()[0], rng)):
            free = holdings.shared(state).free_gondolas
            for seat in range(players):
                assert free[seat] == [
                    island
                    for (island, colour), owner in state.gondolas.items()
                    if owner == seat and (island, colour) not in state.used_gondolas
                ]
        scored += bool(position.used_gondolas)
    assert scored, "the scoring uses gondolas up"


def test_the_log_names_players_and_amounts_with_parts_made_once() -> None:
    for amount in range(12):
        assert log.gold(amount) == msg_plural("{count} gold", "{count} gold", amount)
        assert log.vp(amount) == msg_plural("{count} VP", "{count} VP", amount)
        assert log.gold(amount) is log.gold(amount) and log.vp(amount) is log.vp(amount)
    for seat in range(4):
        assert log.name(seat) == Named(seat) and log.name(seat) is log.name(seat)
    assert str(log.gold(1)) == "1 gold" and str(log.vp(3)) == "3 VP"


def turn_options_listed(state: MuranoState, seat: int) -> list[Any]:
    """The turn's choices the long way: each action space the player can pay the ships for and carry
    out, the Lighthouse, and each empty space to pass on."""
    money = state.boards[seat].gold
    options: list[Any] = []
    for space in state.components.action_spaces:
        cost = cost_of(state.ships_to_move(space.number - 1))
        if cost <= money and sailing.feasible(state, seat, space.action, money - cost):
            options.append(Act(space.number))
    if state.has(seat, SpecialEffect.LIGHTHOUSE):
        target = state.ring.first_occupied_ahead(state.ring.red)
        if sailing.feasible(state, seat, state.components.action_spaces[target].action, money):
            options.append(Lighthouse())
    options.extend(Pass(index + 1) for index in range(SPACES) if not state.ring.occupied[index])
    return options


@pytest.mark.parametrize(("players", "seed"), [(2, 33), (3, 34), (4, 35)])
def test_the_turns_choices_and_the_ships_cleared_are_those_the_long_way_gives(players: int, seed: int) -> None:
    stops = set()
    for position in played(players, seed)[:-1]:
        seat = position.to_act()[0]
        if position.phase is Phase.TURN:
            assert list(position.legal_actions(seat)) == turn_options_listed(position, seat)
        for action in position.legal_actions(seat):
            if isinstance(action, Act | Sail):
                child = position.copy()
                child.apply_unchecked(seat, action)
                # The ships sail on by themselves until a ship has a choice.
                if child.phase is Phase.CLEAR:
                    assert len(sailing.clear_options(child, seat)) > 1
                else:
                    assert not child.clearing
                stops.add(child.phase is Phase.CLEAR)
    assert stops == {True, False}


MADE_ONCE = (
    sailing._act_event,
    sailing._sail_event,
    sailing._pass_event,
    sailing._pay_event,
    log.name,
    log.gold,
    log.vp,
)
"""The log's parts and lines made once and then reused."""


@pytest.mark.parametrize(("players", "seed"), [(2, 36), (3, 37), (4, 38)])
def test_the_log_lines_made_once_are_those_made_afresh(players: int, seed: int) -> None:
    tried = [
        (position, position.to_act()[0], action)
        for position in played(players, seed)[:-1]
        for action in position.legal_actions(position.to_act()[0])
    ]
    # Every line first as the game's positions reuse them, then each made afresh.
    kept = [position.copy().apply_unchecked(seat, action) for position, seat, action in tried]
    for (position, seat, action), events in zip(tried, kept, strict=True):
        for made in MADE_ONCE:
            made.cache_clear()
        fresh = position.copy().apply_unchecked(seat, action)
        assert events == fresh and [event.text for event in events] == [event.text for event in fresh]
        for event in events:
            if event.kind in {"act", "sail", "pass", "pay"}:
                assert event.seat == seat
                assert event.kind == "sail" or event.text.startswith(f"Player {seat + 1} ")
    assert any(event.kind == "sail" for events in kept for event in events)
