"""The web board of Walking in Burano Roll & Write: in seeded random games of 1 to 4 players, every
legal decision of a seat owing one is on its board (at once, or after picking its piece) and no other
decision is; other seats and a spectator see the board without decisions; every piece the board
names is drawn, with words for a screen reader; the pieces show what the view says where it belongs
(circles and numbers on the symbols, coins on the record sheet, letters under the buildings, boats
beside the dice, the viewer's secret decision only on the viewer's board), and change exactly with
what the decisions change; the decisions are named in words, through the catalogues."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest

from laguna import i18n
from laguna.core import get_game
from laguna.web.boards import changes, render_board
from laguna.web.boards.burano_roll_and_write import board, label, pieces
from tests.random_play import random_positions
from tests.web.onlookers import Onlookers

GAME_ID = "walking-in-burano-roll-and-write"
ACTION = re.compile(r'data-action="([^"]*)"')
PICK = re.compile(r'data-pick="([^"]*)"')
PICK_OF = re.compile(r'data-pick-of="([^"]*)"')


def _buttons(page: str) -> set[str]:
    return {html.unescape(action) for action in ACTION.findall(page)}


class _Pieces(HTMLParser):
    """The pieces of a drawn board, by key, each with its words: its aria-label, or the text of a
    <title> that is its first child."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.words: dict[str, str] = {}
        self.counted: dict[str, int] = {}
        self._waiting: str | None = None  # a piece whose first child may be its title
        self._title: str | None = None
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._waiting is not None:
            if tag == "title":
                self._title = self._waiting
            self._waiting = None
        found = dict(attrs)
        key = found.get("data-piece")
        if key is None:
            return
        self.counted[key] = self.counted.get(key, 0) + 1
        self.words[key] = (found.get("aria-label") or "").strip()
        if not self.words[key]:
            self._waiting = key

    def handle_data(self, data: str) -> None:
        if self._title is not None:
            self.words[self._title] += data.strip()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._title = None
        self._waiting = None


def _positions(players: int, seed: int, every: int) -> Iterator[tuple[int, Any]]:
    """Every `every`-th position of a random game, and its last, as (step, copy of the state)."""
    positions = [state.copy() for state in random_positions(GAME_ID, players, seed)]
    assert positions[-1].is_terminal()
    for step, state in enumerate(positions):
        if step % every == 0 or step == len(positions) - 1:
            yield step, state


@pytest.mark.parametrize(("players", "seed", "every"), [(1, 1, 2), (2, 7, 3), (4, 11, 5)])
def test_every_legal_decision_is_on_the_board_and_only_the_owing_seat_has_any(
    players: int, seed: int, every: int
) -> None:
    onlookers = Onlookers(seed)
    for step, state in _positions(players, seed, every):
        owing = set(state.to_act())
        for seat in owing:
            legal = [str(action) for action in state.legal_actions(seat)]
            page = render_board(GAME_ID, state.view(seat), legal)
            assert page.startswith('<div class="board rw">')
            assert _buttons(page) == set(legal), f"seat {seat + 1} at step {step}"
            picks = {html.unescape(pick) for pick in PICK.findall(page)}
            assert {html.unescape(pick) for pick in PICK_OF.findall(page)} <= picks, "a place without its piece"
        for seat in onlookers.draw(players, owing, state.view(None)["phase"], state.is_terminal()):
            page = render_board(GAME_ID, state.view(seat), [])
            assert page.startswith('<div class="board rw">')
            assert "data-action" not in page and "data-pick" not in page, f"seat {seat} at step {step}"
    assert onlookers.every_one_checked(players)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 2)])
def test_every_piece_is_drawn_with_words(players: int, seed: int) -> None:
    """Every key of `pieces` is drawn once as a data-piece, every data-piece is a piece, and each one
    has words, for the owing seat, another seat and a spectator."""
    for step, state in _positions(players, seed, 3):
        owing = state.to_act()
        for seat in {*owing[:1], (owing[0] + 1) % players if owing else 0, None}:
            view = state.view(seat)
            legal = [str(a) for a in state.legal_actions(seat)] if seat in owing else []
            drawn = _Pieces(str(render_board(GAME_ID, view, legal)))
            expected = pieces(view)
            assert set(drawn.counted) == set(expected), f"step {step}, seat {seat}"
            assert all(count == 1 for count in drawn.counted.values()), f"step {step}: a key drawn twice"
            speechless = [key for key, words in drawn.words.items() if not words]
            assert not speechless, f"step {step}, seat {seat}: pieces without words {speechless[:5]}"
            assert all(re.fullmatch(r"[a-z0-9._:-]+", key) for key in expected)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 2), (1, 4)])
def test_the_pieces_change_with_what_the_decisions_change(players: int, seed: int) -> None:
    """A seat's pieces are the spectator's, but for the seat's own secret decision; every decision
    changes a piece of the public board (an invitation only shows as decided); equal pieces draw alike."""
    game = get_game(GAME_ID)
    state = game.new_game(players, None, seed)
    rng = random.Random(seed)
    before = pieces(state.view(None))
    while not state.is_terminal():
        for seat in range(players):
            mine = pieces(state.view(seat))
            assert set(mine) == set(before)
            assert {key for key in mine if mine[key] != before[key]} <= {f"s{seat}-invitation"}
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        after = pieces(state.view(None))
        changed = changes(before, after)
        assert changed, f"{action} changed no piece"
        if state.view(None)["phase"] == "invite" and str(action).startswith(("invite", "coin")):
            assert changed == {f"s{seat}-invitation"}, "a secret decision shows only as decided"
        before = after


def _piece(page: str, key: str) -> str:
    """A drawn piece's markup up to the next piece."""
    return page.split(f'data-piece="{key}"', 1)[1].split("data-piece=", 1)[0]


def test_the_view_shows_where_it_belongs() -> None:
    """Circles and written numbers on their symbols, coins on the record sheet, characters under
    their buildings and crossed out among the cards, boats beside their dice, and the viewer's secret
    decision only on the viewer's board."""
    positions = [state.copy() for state in random_positions(GAME_ID, 2, 5)]
    checked = {"written": 0, "character": 0, "boat": 0, "spent": 0}
    for state in [*positions[::4], positions[-1]]:
        view = state.view(0)
        page = str(render_board(GAME_ID, view, []))
        track = view["coin_track"]
        for seat in view["seats"]:
            prefix = f"s{seat['seat']}-"
            record = _piece(page, prefix + "coins")
            assert '<span class="coin-count">' in record and f"</svg>{seat['coins']}</span>" in record
            assert record.count('href="#rw-c-spent"') == min(seat["spent"], track)
            assert record.count('href="#rw-c-coin"') == min(seat["gained"], track) - min(seat["spent"], track)
            checked["spent"] += seat["spent"]
            for symbol in seat["sheet"]["symbols"]:
                drawn = _piece(page, prefix + symbol["id"].lower())
                assert ('href="#rw-circled"' in drawn) == (symbol["id"] in seat["circled"])
                value = seat["circled"].get(symbol["id"])
                if value is not None and symbol["kind"] in ("plant", "chimney"):
                    assert f'class="pen">{value}</text>' in drawn
                    checked["written"] += 1
            letters = set()
            for character in seat["characters"]:
                space = _piece(page, f"{prefix}space-{character['building']}")
                assert f'class="pen letter">{character["letter"]}</text>' in space
                letters.add(character["letter"])
                checked["character"] += 1
            for letter in "ABCDEFGHIJ":
                card = _piece(page, f"{prefix}card-{letter.lower()}")
                assert ('href="#rw-cross"' in card) == (letter in letters)
        for colour, boats in view["canal"].items():
            for number, seat_number in enumerate(boats, start=1):
                boat = _piece(page, f"canal-{colour}-{number}")
                assert f'class="b{seat_number}"' in boat and f'class="sail">{seat_number + 1}</text>' in boat
                checked["boat"] += 1
            assert f'data-piece="canal-{colour}-{len(boats) + 1}"' not in page
    assert all(checked.values()), checked


def test_a_decision_is_kept_secret_from_the_other_seats() -> None:
    game = get_game(GAME_ID)
    state = game.new_game(2, game.options(), 3)
    rng = random.Random(3)
    while state.view(0)["phase"] != "invite" or not state.view(0)["seats"][0]["decided"]:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    decision = html.escape(label(state.view(0)["seats"][0]["decision"]))
    assert decision in str(render_board(GAME_ID, state.view(0), []))
    for viewer in (1, None):
        assert decision not in str(render_board(GAME_ID, state.view(viewer), []))


def _one_symbol_view(coins: int) -> dict[str, Any]:
    return {
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
                "gained": coins + 1,
                "spent": 1,
                "coins": coins,
            }
        ],
    }


def test_the_die_s_own_number_is_a_click_and_other_numbers_cost_coins() -> None:
    """A symbol the die's own number alone may circle is circled by a click on it; one that other
    numbers may circle too is picked, and its numbers show the die's faces with their costs."""
    alone = board(_one_symbol_view(0), ["circle R1.cat 4"])["seats"][0]
    assert 'class="act" data-action="circle R1.cat 4"' in alone["buildings"][0]["pieces"](frozenset())
    assert alone["buildings"][0]["places"] == []
    model = board(_one_symbol_view(3), ["circle R1.cat 4", "circle R1.cat 5", "circle R1.cat 1"])["seats"][0]
    building = model["buildings"][0]
    assert 'class="pick" data-pick="circle R1.cat"' in building["pieces"](frozenset())
    places = [(pick, action) for pick, action, _ in building["places"]]
    assert places == [("circle R1.cat", f"circle R1.cat {n}") for n in (4, 5, 1)]
    shown = [str(content) for _, _, content in building["places"]]
    assert 'href="#rw-pips-4"' in shown[0] and "free" in shown[0]
    assert 'href="#rw-pips-5"' in shown[1] and ">1<svg" in shown[1]
    assert 'href="#rw-pips-1"' in shown[2] and ">3<svg" in shown[2]
    assert str(model["record"]).count("#rw-c-spent") == 1 and str(model["record"]).count("#rw-c-coin") == 2


def test_the_highlighted_pieces_are_marked() -> None:
    state = get_game(GAME_ID).new_game(2, None, 1)
    keys = ["round", "die-red", "s0-coins", "s1-card-c", "s1-space-red", "s0-r1.plant"]
    keys = [key for key in keys if key in pieces(state.view(None))]
    page = str(render_board(GAME_ID, state.view(0), [], changed=frozenset(keys)))
    assert sorted(re.findall(r'data-piece="([^"]+)" data-changed=""', page)) == sorted(keys)


class _Marked:
    """A catalogue that marks every message it is asked for, to see which words pass through it."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return f"⟦{singular if number == 1 else plural}⟧"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_decision_is_named_in_words_from_the_catalogue(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    labels: dict[str, str] = {}
    for state in random_positions(GAME_ID, players, seed):
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                labels.setdefault(str(action), label(str(action)))
    kinds = {notation.split()[0] for notation in labels}
    assert kinds == {"boat", "circle", "flip", "invite", "coin"}
    for notation, words in labels.items():
        assert words != notation and (" " not in notation or notation not in words)
        assert not re.match(r"(boat|circle|invite|flip|coin)\b", words) and not re.search(r"[A-Z]\d\.", words)
    monkeypatch.setattr(i18n, "translations", lambda code: _Marked())
    for notation in labels:
        marked = label(notation)
        assert marked.startswith("⟦") and marked.endswith("⟧"), marked


def test_a_label_names_the_symbol_and_the_character() -> None:
    assert label("circle R2.cat 3") == "Circle the cat on floor 2 of the red building with 3"
    assert label("invite G green f2") == "Invite the Fisherman (G) under the green building, scoring floor 2"
    assert label("boat pink") == "Place a boat beside the pink die"
