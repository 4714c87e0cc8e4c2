"""The Murano web board: at positions of seeded random games, every legal decision of the seat is a
button on its board and nothing else is; the other seats and a spectator see no buttons; the board
agrees with the view."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from laguna.core import get_game
from laguna.web.boards import render_board
from laguna.web.boards.murano import board
from tests.random_play import random_positions
from tests.web.onlookers import SPECTATOR, Onlookers

GAME = get_game("murano")
DATA_ACTION = re.compile(r'data-action="([^"]*)"')
EVERY = 4
"""Turns between two checked ones (every other decision is checked): the games are long."""


def _actions(page: str) -> set[str]:
    return {html.unescape(action) for action in DATA_ACTION.findall(page)}


def _options(variant: int) -> Any:
    """Yucata's defaults, or the rule options that bring the other decisions (choosing the income
    island, the preliminary character card, scoring every card)."""
    if variant == 0:
        return GAME.options()
    return type(GAME.options())(
        preliminary_character=True, automatic_income=False, optional_selling=False, skip_unscoreable=False
    )


GAMES = [(2, 1, 0), (3, 2, 1), (4, 3, 0), (2, 4, 1), (4, 5, 1)]
"""The random games checked: players, seed, and the options (`_options`)."""


@pytest.mark.parametrize(("players", "seed", "variant"), GAMES)
def test_every_legal_decision_is_a_button_on_the_board(players: int, seed: int, variant: int) -> None:
    onlookers = Onlookers(seed)
    for step, state in enumerate(random_positions("murano", players, seed, _options(variant))):
        owing = set(state.to_act()) if not state.is_terminal() else set()
        phase = state.view(None)["phase"]
        if step % EVERY and phase == "choose an action or pass":
            continue
        for seat in owing:
            legal = [str(action) for action in state.legal_actions(seat)]
            page = render_board("murano", state.view(seat), legal)
            assert '<div class="board murano">' in page
            assert _actions(page) == set(legal), (step, seat, phase)
        for seat in onlookers.draw(players, owing, phase, state.is_terminal()):
            if seat is SPECTATOR:
                spectator = render_board("murano", state.view(None), [])
                assert "data-action" not in spectator
                assert "Your" not in spectator
            else:
                page = render_board("murano", state.view(seat), [])
                assert '<div class="board murano">' in page
                assert not _actions(page), (step, seat, phase)
    assert onlookers.every_one_checked(players)


def test_the_games_offered_every_kind_of_decision() -> None:
    """The games above offer every kind of decision the board places."""
    seen = set()
    for players, seed, variant in GAMES:
        for state in random_positions("murano", players, seed, _options(variant)):
            if not state.is_terminal():
                seen.update(str(action).split()[0] for action in state.legal_actions(state.to_act()[0]))
    kinds = {"act", "pass", "sail", "shop", "palace", "recruit", "decline", "gondola", "street", "place", "build"}
    kinds |= {"card", "done", "income", "produce", "sell", "keep", "dismiss", "hire", "score", "skip"}
    assert kinds <= seen, kinds - seen


def _final_state(players: int, seed: int) -> Any:
    *_, state = random_positions("murano", players, seed)
    return state


def test_the_board_agrees_with_the_view() -> None:
    state = GAME.new_game(3, GAME.options(), 7)
    seat = state.to_act()[0]
    view = state.view(seat)
    legal = [str(action) for action in state.legal_actions(seat)]
    model = board(view, legal)
    ships = {space["number"]: space["ships"] for space in view["action_spaces"]}
    assert [space["number"] for space in model["spaces"]] == list(range(1, 19))
    for space in model["spaces"]:
        assert space["black"] + space["red"] == ships[space["number"]]
        for decision in space["decisions"]:
            assert decision["action"] in (f"act {space['number']}", f"pass {space['number']}", "lighthouse")
            if decision["kind"] == "pass":
                assert ships[space["number"]] == 0
    # A pass is free, and using a space with one ship before an empty one costs 1 gold.
    for space in model["spaces"]:
        nxt = ships[space["number"] % 18 + 1]
        if ships[space["number"]] == 1 and nxt == 0 and not space["red"]:
            assert space["price"] == 1
    assert [island["id"] for island in model["islands"]] == [island["id"] for island in view["islands"]]
    cells = sum(1 for island in model["islands"] for row in island["rows"] for cell in row if cell)
    assert cells == sum(len(island["spaces"]) for island in view["islands"])
    assert model["seats"][0]["seat"] == seat and model["seats"][0]["mine"]
    assert [s["gold"] for s in sorted(model["seats"], key=lambda s: s["seat"])] == [s["gold"] for s in view["seats"]]
    assert not model["other"]
    page = render_board("murano", view, legal)
    for space in view["action_spaces"]:
        assert f'data-space="{space["number"]}"' in page
    for island in view["islands"]:
        assert f'data-island="{island["id"]}"' in page
        for gondola in island["gondolas"]:
            assert f'data-gondola="{gondola["colour"]}"' in page


def test_the_others_cards_stay_face_down_and_the_end_shows_everything() -> None:
    state = GAME.new_game(2, GAME.options(), 11)
    rng = random.Random(11)
    while not any(s["characters"] for s in state.view(None)["seats"]) and not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    holder = next(s["seat"] for s in state.view(None)["seats"] if s["characters"])
    other = 1 - holder
    model = board(state.view(other), [])
    theirs = next(s for s in model["seats"] if s["seat"] == holder)
    assert theirs["characters"] is None and theirs["character_count"] == state.view(None)["seats"][holder]["characters"]
    final = _final_state(2, 11)
    page = render_board("murano", final.view(None), [])
    assert "game over" in page or "turns played" in page
    for seat in final.view(None)["seats"]:
        for card in seat["characters"]:
            assert f'data-card="{card}"' in page


def test_colours_are_doubled_by_letters() -> None:
    final = _final_state(4, 3)
    page = render_board("murano", final.view(0), [])
    for mark in ("Or", "Gy", "Br", "Wh"):
        assert f">{mark}<" in page
    for colour, letter in (("red", "R"), ("green", "G"), ("blue", "B")):
        assert re.search(rf'href="#mu-bead" class="mu-k-{colour}"/><text[^>]*>{letter}</text>', page)
