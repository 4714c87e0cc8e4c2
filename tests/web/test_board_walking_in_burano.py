"""The Walking in Burano web board: at positions of seeded random games (solo, 2, 3 and 4 players),
every legal decision of the seat is on its board and nothing else is, every piece is drawn with words,
a face-down hand stays face down, the pieces say what each decision changed, and every decision is
named in words of the reader's language."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from laguna import i18n
from laguna.web.boards import changes, pieces, render_board
from laguna.web.boards.walking_in_burano import label
from tests.random_play import random_positions
from tests.web.onlookers import Onlookers

GAME = "walking-in-burano"
GAMES = [(2, 1), (3, 2), (4, 3), (1, 4)]
"""The random games checked: players and seed."""
EVERY = 3
"""Positions between two checked ones, apart from the rarer phases (a visit, a return, a removal),
which are all checked: the games are long."""
COMMON = {"take", "place"}
KEY = re.compile(r"[a-z0-9._:-]+")
CYRILLIC = re.compile("[а-яА-ЯёЁ]")
TEMPLATES = Path(__file__).parents[2] / "laguna" / "web" / "templates" / "boards"


TAG = re.compile(r"<([a-z]+)((?:\s+[a-z:-]+(?:=\"[^\"]*\")?)*)\s*/?>")
ATTRIBUTE = re.compile(r'([a-z:-]+)(?:="([^"]*)")?')


class _Drawn:
    """What a rendered board holds: its pieces with their words, its decisions with their elements,
    its pieces to pick and the places each may go (read from its start tags)."""

    def __init__(self, page: str) -> None:
        self.pieces: dict[str, str] = {}
        self.actions: dict[str, str] = {}
        self.picks: set[str] = set()
        self.pick_of: dict[str, str] = {}
        self.hidden: set[str] = set()
        for tag, attrs in TAG.findall(page):
            if "data-" in attrs or "style" in attrs or tag in ("style", "script"):
                self._start(tag, {name: html.unescape(value) for name, value in ATTRIBUTE.findall(attrs)})

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        assert "style" not in attributes, f"a style attribute breaks the page's policy: {tag} {attributes}"
        assert tag not in ("style", "script")
        if "data-piece" in attributes:
            key = attributes["data-piece"]
            assert key not in self.pieces, f"piece {key} drawn twice"
            self.pieces[key] = attributes.get("aria-label", "").strip()
        if "data-action" in attributes:
            action = attributes["data-action"]
            self.actions[action] = tag
            assert tag == "button", f"{action} is not a button"
            if "data-pick-of" in attributes:
                self.pick_of[action] = attributes["data-pick-of"]
                if "hidden" in attributes:
                    self.hidden.add(action)
        if "data-pick" in attributes:
            assert tag == "button" and "pick" in attributes.get("class", "").split()
            self.picks.add(attributes["data-pick"])


def _positions(players: int, seed: int) -> Any:
    return random_positions(GAME, players, seed)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_legal_decision_is_on_the_board_and_nothing_else(players: int, seed: int) -> None:
    onlookers = Onlookers(seed)
    for step, state in enumerate(_positions(players, seed)):
        owing = set(state.to_act()) if not state.is_terminal() else set()
        phase = state.view(None)["phase"]
        if step % EVERY and phase in COMMON:
            continue
        for seat in owing:
            legal = [str(action) for action in state.legal_actions(seat)]
            drawn = _Drawn(render_board(GAME, state.view(seat), legal))
            assert set(drawn.actions) == set(legal), phase
            assert set(drawn.pick_of.values()) <= drawn.picks, "a place of a piece that cannot be picked"
            assert drawn.hidden == set(drawn.pick_of), "a place shows before its piece is picked"
            places = {a for a in legal if a.startswith("place ")}
            assert set(drawn.pick_of) == places, "every placement is a place of its card in hand"
        for seat in onlookers.draw(players, owing, phase, state.is_terminal()):
            drawn = _Drawn(render_board(GAME, state.view(seat), []))
            assert not drawn.actions and not drawn.picks, (seat, phase)
    assert onlookers.every_one_checked(players)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_piece_is_drawn_with_its_words(players: int, seed: int) -> None:
    """Every piece of a view is drawn on that view's board (and every piece of the public view on every
    seat's board, where what the others changed glows), with words for a screen reader."""
    for step, state in enumerate(_positions(players, seed)):
        if step % (3 * EVERY) and state.view(None)["phase"] in COMMON:
            continue  # each checked position draws every seat's board
        public = pieces(GAME, state.view(None))
        for seat in (*range(players), None):
            view = state.view(seat)
            legal = [str(a) for a in state.legal_actions(seat)] if seat in state.to_act() else []
            drawn = _Drawn(render_board(GAME, view, legal, ["Ada", "Bob", "Carla", "Dino"][:players]))
            own = pieces(GAME, view)
            assert all(KEY.fullmatch(key) for key in own), [key for key in own if not KEY.fullmatch(key)]
            assert set(own) <= set(drawn.pieces), set(own) - set(drawn.pieces)
            assert set(public) <= set(drawn.pieces), set(public) - set(drawn.pieces)
            speechless = [key for key, words in drawn.pieces.items() if not words]
            assert not speechless, speechless
            assert {key: own[key] for key in public} == public, "two views disagree where both are public"


def test_a_hand_is_face_down_to_everyone_else() -> None:
    for step, state in enumerate(_positions(4, 7)):
        if step % 5:
            continue
        view = state.view(None)
        page = render_board(GAME, view, [])
        assert 'class="hand-cards"' not in page and page.count("hidden-hand") == 4
        for seat in range(4):
            page = render_board(GAME, state.view(seat), [])
            assert page.count('class="hand-cards"') == 1 and page.count("hidden-hand") == 3
            for other in range(4):
                if other == seat:
                    continue
                for face in state.view(other)["seats"][other]["hand"]:
                    shown = [
                        *(f for row in view["supply"]["rows"].values() for f in row if f),
                        *(f for s in view["seats"] for h in s["houses"] for f in h["floors"] if f),
                    ]
                    if all(f["id"] != face["id"] for f in shown):
                        assert face["id"] not in page, f"seat {seat} sees {face['id']} in seat {other}'s hand"


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_decision_that_changes_the_public_board_changes_a_piece(players: int, seed: int) -> None:
    before_view: dict[str, Any] | None = None
    before: Any = None
    changed = 0
    for state in _positions(players, seed):
        view = state.view(None)
        after = pieces(GAME, view)
        if before_view is not None and _shown(before_view) != _shown(view):
            assert changes(before, after), "a decision changed the board but no piece"
            changed += 1
        before_view, before = view, after
    assert changed > 10


def _shown(view: dict[str, Any]) -> Any:
    """The view without what the board does not draw: who looks, the game's name, each seat's list of
    visitors (drawn on the houses)."""
    seats = [{k: v for k, v in seat.items() if k != "characters"} for seat in view["seats"]]
    return {k: v for k, v in view.items() if k not in ("viewer", "game", "players", "solo")} | {"seats": seats}


def test_every_decision_is_named_in_words_of_the_readers_language() -> None:
    kinds: set[str] = set()
    for players, seed in GAMES:
        for state in _positions(players, seed):
            if state.is_terminal():
                continue
            for action in state.legal_actions(state.to_act()[0]):
                notation = str(action)
                english = label(notation)
                assert english and english != notation, notation
                with i18n.language("ru"):
                    russian = label(notation)
                assert CYRILLIC.search(russian), f"{notation!r} reads {russian!r} in Russian"
                kinds.add(notation.split(maxsplit=1)[0])
    assert kinds == {"take", "place", "done", "visit", "return", "remove"}, kinds


def test_the_shared_icons_are_symbols_on_a_24_grid() -> None:
    icons = re.sub(r"\{#.*?#\}", "", (TEMPLATES / "icons.html").read_text(encoding="utf-8"), flags=re.S)
    symbols = re.findall(r'<symbol id="([a-z-]+)" viewBox="0 0 24 24">', icons)
    assert symbols == [
        "icon-flower", "icon-plant", "icon-cat", "icon-curtain-red", "icon-curtain-blue",
        "icon-streetlight", "icon-chimney", "icon-pedestrian", "icon-closed-window", "icon-coin",
    ]  # fmt: skip
    assert icons.count("<symbol") == len(symbols) and "<svg" not in icons and "<defs" not in icons


def test_the_board_refers_only_to_drawings_it_defines() -> None:
    defs = (TEMPLATES / f"{GAME}.defs.html").read_text(encoding="utf-8")
    defs += (TEMPLATES / "icons.html").read_text(encoding="utf-8")
    defined = set(re.findall(r'id="([^"]+)"', defs))
    state = next(s for n, s in enumerate(_positions(4, 3)) if n == 60)
    seat = state.to_act()[0]
    page = render_board(GAME, state.view(seat), [str(a) for a in state.legal_actions(seat)])
    used = set(re.findall(r'href="#([^"]+)"', page)) | set(re.findall(r"url\(#([^)]+)\)", defs))
    assert used <= defined, used - defined
