"""The Burano web board: every legal decision is a button on the board, exactly once in kind, for
every seat owing one; the other seats and a spectator see the board without buttons; what it shows
agrees with the view."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from laguna.core import get_game
from laguna.web.boards import render_board
from laguna.web.boards.burano import board
from tests.random_play import random_positions
from tests.web.onlookers import Onlookers

ACTION = re.compile(r'data-action="([^"]*)"')
GAME = get_game("burano")


def _actions(page: str) -> set[str]:
    return {html.unescape(action) for action in ACTION.findall(page)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_decision_is_a_button_on_the_board(players: int) -> None:
    phases: set[str] = set()
    onlookers = Onlookers(seed=players)
    shown: dict[int, tuple[list[str], dict[str, Any]]] = {}
    """What each seat's board last showed: its decisions and its own part of the view."""
    for step, state in enumerate(random_positions("burano", players, seed=players)):
        construction = len(state.to_act()) > 1
        if step % 4 and not construction and not state.is_terminal():
            continue
        owing = set(state.to_act())
        for seat in owing:
            view = state.view(seat)
            actions = [str(action) for action in state.legal_actions(seat)]
            if construction and shown.get(seat) == (actions, view["seats"][seat]):
                # Only the first seat building moves on; the others wait with their pyramids and
                # decisions as they were when their boards were last checked.
                continue
            shown[seat] = (actions, view["seats"][seat])
            page = render_board("burano", view, actions)
            assert _actions(page) == set(actions), (step, view["phase"])
            assert page.startswith('<div class="board burano">') or '<div class="board burano">' in page
            phases.add(view["phase"])
        for seat in onlookers.draw(players, owing, state.view(None)["phase"], state.is_terminal()):
            assert not _actions(render_board("burano", state.view(seat), [])), (step, seat)
    assert {"player turn", "cube pyramid construction", "lace making"} <= phases
    assert onlookers.every_one_checked(players)


def test_no_decision_is_left_without_a_place_on_a_long_game() -> None:
    """Decisions land where they happen; only the odd one goes to "other decisions"."""
    others = 0
    for state in random_positions("burano", 3, seed=11):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        model = board(state.view(seat), [str(action) for action in state.legal_actions(seat)])
        others += len(model["other"])
    assert others == 0


def test_the_board_shows_the_view() -> None:
    state = next(s for k, s in enumerate(random_positions("burano", 2, seed=5)) if k == 150)
    seat = state.to_act()[0]
    view = state.view(seat)
    model = board(view, [])
    mine = model["seats"][0]
    assert mine["mine"] and mine["seat"] == seat
    assert mine["coins"] == view["seats"][seat]["coins"]
    assert mine["privilege"] == view["seats"][seat]["privilege"]
    island = {sq["name"]: sq for row in model["island"]["rows"] for sq in row["squares"]}
    for name, stack in view["main_island"]["houses"].items():
        assert [floor["cube"]["colour"] for floor in island[name]["floors"]] == stack["cubes"]
    ring = view["seats"][seat]["ring"]
    assert sum(sector["worker"] for sector in mine["ring"]["sectors"]) == ring["workers"]
    first = mine["ring"]["sectors"][0]
    assert first["arrow"] == 1 and first["cube"]["colour"] == ring["houses"][ring["arrows"]]["colour"]
    page = render_board("burano", view, [])
    assert "♥P" in page or "●B" in page  # each colour is doubled by its mark
    for name in view["islands"]:
        assert f'data-island="{name}"' in page
    for name in view["ports"]:
        assert f'data-port="{name}"' in page


def test_a_pyramid_built_in_secret_stays_secret() -> None:
    state = GAME.new_game(2, GAME.options(), 3)
    rng = random.Random(3)
    while len(state.to_act()) < 2:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for _ in range(5):
        state.apply(0, rng.choice(state.legal_actions(0)))
    model = board(state.view(1), [])
    other = next(s for s in model["seats"] if s["seat"] == 0)
    assert other["pyramid"] is None and other["slots_decided"] == 5
    own = board(state.view(0), [str(a) for a in state.legal_actions(0)])["seats"][0]
    slots = {slot["name"]: slot for layer in own["pyramid"] for row in layer for slot in row}
    assert slots["b6"]["decisions"] and all(d["kind"] == "stack" for d in slots["b6"]["decisions"])
    assert "built in secret" in render_board("burano", state.view(1), [])
