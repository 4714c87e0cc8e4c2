"""The Burano web board: every legal decision is on the board, exactly once in kind, for every seat
owing one; the other seats and a spectator see the board without decisions; every piece it draws
carries its key and its words; what it shows agrees with the view, and what a decision changes glows."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from laguna import i18n
from laguna.core import get_game
from laguna.web import boards
from laguna.web.boards import changes, pieces, render_board
from laguna.web.boards.burano import board, decisions, label, words
from tests.random_play import first_met, public_views, random_positions
from tests.web.drawn import pieces_drawn
from tests.web.onlookers import Onlookers

ACTION = re.compile(r'data-action="([^"]*)"')
GAME = get_game("burano")


def _actions(page: str) -> set[str]:
    return {html.unescape(action) for action in ACTION.findall(page)}


def _positions(players: int, every: int = 5) -> Iterator[Any]:
    """Positions of a seeded random game, every few steps and the last."""
    for step, state in enumerate(random_positions("burano", players, seed=players)):
        if step % every == 0 or state.is_terminal():
            yield state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_decision_is_on_the_board(players: int) -> None:
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
            assert '<div class="board burano">' in page
            phases.add(view["phase"])
        for onlooker in onlookers.draw(players, owing, state.view(None)["phase"], state.is_terminal()):
            assert not _actions(render_board("burano", state.view(onlooker), [])), (step, onlooker)
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


def test_a_spot_with_several_decisions_is_picked_and_shows_its_choices() -> None:
    """A square with builds of two colours: pressing it picks it, and each build waits beside the
    island, hidden until the square is picked."""
    for state in random_positions("burano", 2, seed=7):
        seat = state.to_act()[0]
        actions = [str(a) for a in state.legal_actions(seat)]
        squares = [a.split()[2] for a in actions if a.startswith("build ")]
        doubled = next((sq for sq in squares if squares.count(sq) > 1), None)
        if doubled is not None:
            break
    else:
        pytest.fail("no square with two builds in the game")
    page = render_board("burano", state.view(seat), actions)
    assert f'class="bu-hit pick" data-pick="choose:island:{doubled}"' in page
    for action in (a for a in actions if a.startswith("build ") and a.endswith(f" {doubled}")):
        assert f'data-action="{action}" data-pick-of="choose:island:{doubled}" hidden' in page


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_piece_is_drawn_with_its_words(players: int) -> None:
    for state in _positions(players, every=9):
        for seat in (*state.to_act()[:1], None):
            view = state.view(seat)
            actions = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
            drawn = pieces_drawn(render_board("burano", view, actions, changed=frozenset(["s0-coins"])))
            keys = pieces("burano", view)
            assert set(keys) <= set(drawn.keys), set(keys) - set(drawn.keys)
            assert set(drawn.keys) <= set(keys), set(drawn.keys) - set(keys)
            assert not drawn.wordless, drawn.wordless
            for key in keys:
                assert re.fullmatch(r"[a-z0-9._:-]+", key), key


def test_what_changed_glows() -> None:
    state = next(s for k, s in enumerate(random_positions("burano", 3, seed=3)) if k == 120)
    view = state.view(None)
    page = render_board("burano", view, [], changed=frozenset(["sq-d1", "s1-coins", "s2-slot-t"]))
    assert page.count("data-changed") == 3
    assert 'data-piece="sq-d1" data-changed=""' in page
    assert 'data-piece="s1-coins" data-changed=""' in page


def _forget_translations() -> None:
    """The board keeps its words per language: forget them around a test that marks them."""
    for remembered in (words._cube, words._tile, decisions._label, words._translated):
        remembered.cache_clear()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_has_a_translated_label(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision's label is built from a message marked for translation, never its notation."""
    _forget_translations()
    for module in (words, decisions):
        monkeypatch.setattr(module, "_", lambda message: f"«{message}»")
    monkeypatch.setattr(i18n, "ngettext", lambda one, many, n: f"«{one if n == 1 else many}»")
    try:
        seen = list(first_met(random_positions("burano", players, seed=players)))
        for action in seen:
            marked = label(action)
            assert marked.startswith("«") and marked.endswith("»"), (action, marked)
            assert boards.label("burano", action) == marked
    finally:
        _forget_translations()
    assert len({action.split()[0] for action in seen}) >= 15


def test_labels_read_as_the_board_names_things() -> None:
    assert label("sail left") == "sail to the left port"
    assert label("build pink d2") == "build ♥P on d2"
    assert label("dispatch 2") == "send 2 workers to the island"
    assert all(label(a) != a for a in ("end", "done", "sail A", "fish deck", "pick m2", "trade tuna-squid"))
    with i18n.language("ru"):
        assert label("end") == i18n.gettext("end the turn")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pieces_agree_where_the_views_agree(players: int) -> None:
    """Every seat and a spectator see the same pieces but for what only some of them see: a pyramid's
    covered centre or secret construction (and so the cubes of the reserve left to stack), and the fish
    cards drawn from the deck."""
    private = re.compile(r"s\d-(slot-[bmt]\d?|hand|reserve)")
    for state in _positions(players, every=11):
        seen = [pieces("burano", state.view(viewer)) for viewer in (*range(players), None)]
        for other in seen[1:]:
            assert set(other) == set(seen[0])
            differing = {key for key in other if other[key] != seen[0][key]}
            assert all(private.fullmatch(key) for key in differing), differing


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_decision_that_changes_the_view_changes_a_piece(players: int) -> None:
    state = GAME.new_game(players, GAME.options(), players)
    for action, before, after in public_views(state, random.Random(players)):
        if after != before:
            changed = changes(pieces("burano", before), pieces("burano", after))
            assert changed, str(action)


def test_the_board_shows_the_view() -> None:
    state = next(s for k, s in enumerate(random_positions("burano", 2, seed=5)) if k == 150)
    seat = state.to_act()[0]
    view = state.view(seat)
    shown = pieces("burano", view)
    own = view["seats"][seat]
    assert shown[f"s{seat}-coins"] == own["coins"]
    assert shown[f"s{seat}-privilege"] == own["privilege"]
    assert shown[f"s{seat}-ring"] == (own["ring"]["arrows"], own["ring"]["workers"])
    for name, stack in view["main_island"]["houses"].items():
        assert shown[f"sq-{name}"] == (tuple(stack["cubes"]), tuple(stack["roofs"]))
    model = board(view, [])
    mine = model["seats"][0]
    assert mine["mine"] and mine["seat"] == seat
    page = render_board("burano", view, [])
    coins = own["coins"]
    assert f'data-piece="s{seat}-coins" aria-label="{coins} coin' in page
    assert "♥P" in page or "●B" in page  # each colour is doubled by its mark
    for name, island in view["islands"].items():
        assert f'data-piece="isle-{name.lower()}-docks"' in page
        for colour in island["docks"]:
            assert f'href="#bu-c-{colour}"' in page
    for name in view["ports"]:
        assert f'data-piece="port-{name}"' in page
    workers = sum(1 for _ in re.finditer(rf'class="bu-p{seat} bu-onring"', page))
    assert workers == own["ring"]["workers"]


def test_a_pyramid_built_in_secret_stays_secret() -> None:
    state = GAME.new_game(2, GAME.options(), 3)
    rng = random.Random(3)
    while len(state.to_act()) < 2:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for _ in range(5):
        state.apply(0, rng.choice(state.legal_actions(0)))
    shown = pieces("burano", state.view(1))
    assert [shown[f"s0-slot-{name}"] for name in ("b1", "b5", "b6")] == ["secret", "secret", None]
    page = render_board("burano", state.view(1), [])
    other = page[page.index('data-piece="s0-slot-b1"') : page.index('data-piece="s0-slot-t"')]
    assert "bu-f-" not in other and other.count('class="bu-facedown"') == 5  # face down, no colour
    assert "built in secret: 5 of 14 slots decided" in page
    actions = [str(a) for a in state.legal_actions(0)]
    own = render_board("burano", state.view(0), actions)
    stacks = [a for a in actions if a.startswith("stack b6 ") and not a.endswith(" none")]
    assert stacks and all(f'data-action="{a}"' in own for a in stacks)
    assert 'class="bu-press act ' in own  # a reserve cube is pressed to stack it
