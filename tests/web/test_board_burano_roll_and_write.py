"""The web board of Walking in Burano Roll & Write: in seeded random games of 1, 2 and 4 players, every
legal decision of a seat owing one is a button on its board and no other decision is; other seats and
a spectator see the board without buttons; what the view says (circled numbers, coins, characters,
boats) shows where it belongs."""

from __future__ import annotations

import html
import random
import re

import pytest

from laguna.core import get_game
from laguna.web.boards import render_board
from laguna.web.boards.burano_roll_and_write import board
from tests.random_play import random_positions
from tests.web.onlookers import SPECTATOR, Onlookers

GAME_ID = "walking-in-burano-roll-and-write"
ACTION = re.compile(r'data-action="([^"]*)"')


def _buttons(page: str) -> set[str]:
    return {html.unescape(action) for action in ACTION.findall(page)}


@pytest.mark.parametrize(("players", "seed", "every"), [(1, 1, 2), (2, 7, 3), (4, 11, 5)])
def test_every_legal_decision_is_a_button_and_only_the_owing_seat_has_any(players: int, seed: int, every: int) -> None:
    positions = [state.copy() for state in random_positions(GAME_ID, players, seed)]
    assert positions[-1].is_terminal()
    onlookers = Onlookers(seed)
    for step, state in enumerate(positions):
        if step % every and step != len(positions) - 1:
            continue
        owing = set(state.to_act())
        for seat in owing:
            legal = [str(action) for action in state.legal_actions(seat)]
            page = render_board(GAME_ID, state.view(seat), legal)
            assert page.startswith('<div class="board rw">')
            assert _buttons(page) == set(legal), f"seat {seat + 1} at step {step}"
        for seat in onlookers.draw(players, owing, state.view(None)["phase"], state.is_terminal()):
            if seat is SPECTATOR:
                spectator = render_board(GAME_ID, state.view(None), [])
                assert "data-action" not in spectator and 'class="pick"' not in spectator
            else:
                page = render_board(GAME_ID, state.view(seat), [])
                assert page.startswith('<div class="board rw">')
                assert not _buttons(page), f"seat {seat + 1} at step {step}"
    assert onlookers.every_one_checked(players)


def test_the_view_shows_where_it_belongs() -> None:
    """Written numbers on their symbols, coins on the record sheet, characters under their buildings,
    boats beside their dice, and the viewer's secret decision only on the viewer's board."""
    positions = [state.copy() for state in random_positions(GAME_ID, 2, 5)]
    checked = {"written": 0, "character": 0, "boat": 0, "decision": 0}
    for state in [*positions[::4], positions[-1]]:
        view = state.view(0)
        page = str(render_board(GAME_ID, view, []))
        for seat in view["seats"]:
            section = page.split(f'data-seat="{seat["seat"]}">', 1)[1].split("</section>", 1)[0]
            assert f'data-coins="{seat["coins"]}"' in section
            assert section.count('class="space spent"') == seat["spent"]
            for symbol, value in seat["circled"].items():
                cell = section.split(f'data-symbol="{symbol}">', 1)[1].split('<div class="symbol', 1)[0]
                assert 'class="written"' in cell
                if value is not None:
                    assert f'<span class="number">{value}</span>' in cell
                    checked["written"] += 1
            for character in seat["characters"]:
                building = section.split(f'data-building="{character["building"]}"', 1)[1]
                space = building.split('class="character-space"', 1)[1].split("</div>", 1)[0]
                assert f'data-character="{character["letter"]}"' in space
                checked["character"] += 1
            if seat["decision"] is not None:
                assert html.escape(seat["decision"]) in section
                checked["decision"] += 1
        for colour, boats in view["canal"].items():
            die = page.split(f'data-die="{colour}">', 1)[1].split("</ul>", 1)[0]
            assert die.count('class="boat"') == len(boats)
            checked["boat"] += len(boats)
    assert all(checked.values()), checked


def test_a_decision_is_kept_secret_from_the_other_seats() -> None:
    game = get_game(GAME_ID)
    state = game.new_game(2, game.options(), 3)
    rng = random.Random(3)
    while state.view(0)["phase"] != "invite" or not state.view(0)["seats"][0]["decided"]:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    decision = state.view(0)["seats"][0]["decision"]
    assert html.escape(decision) in str(render_board(GAME_ID, state.view(0), []))
    for viewer in (1, None):
        assert f'class="decision">{html.escape(decision)}' not in str(render_board(GAME_ID, state.view(viewer), []))


def test_the_die_s_own_number_is_a_click_and_other_numbers_cost_coins() -> None:
    view = {
        "viewer": 0,
        "phase": "use",
        "dice": {"red": 4},
        "draft": {"order": [0], "index": 0, "seat": 0, "die": "red"},
        "coin_track": 3,
        "seats": [
            {
                "seat": 0,
                "sheet": {
                    "buildings": ["red"],
                    "symbols": [{"id": "R1.cat", "building": "red", "floor": 1, "kind": "cat", "coin": True}],
                },
                "gained": 2,
                "spent": 1,
            }
        ],
    }
    model = board(view, ["circle R1.cat 4", "circle R1.cat 5", "circle R1.cat 1"])
    symbol = model["seats"][0]["buildings"][0]["floors"][-1][1][0]
    assert symbol["free"] == [("circle R1.cat 4", 4)]
    assert symbol["paid"] == [("circle R1.cat 5", 5, 1), ("circle R1.cat 1", 1, 3)]
    assert model["seats"][0]["record"] == ["spent", "coin", "open"]
