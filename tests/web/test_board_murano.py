"""The Murano web board: at positions of seeded random games, every legal decision of the seat is a
button on its board and nothing else is; the other seats and a spectator see no buttons; the board
agrees with the view; every piece it draws carries its key and its words, and what a decision changes
glows; every decision has a label in words."""

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
from laguna.web.boards import changes, murano, pieces, render_board
from laguna.web.boards.murano import board, label
from tests.random_play import first_met, public_views, random_positions
from tests.web.drawn import pieces_drawn
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


def _positions(players: int, every: int) -> Iterator[Any]:
    """Positions of a seeded random game (with the rule options that bring every decision), every few
    steps and the last."""
    for step, state in enumerate(random_positions("murano", players, players, _options(1))):
        if step % every == 0 or state.is_terminal():
            yield state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_piece_is_drawn_with_its_words(players: int) -> None:
    for state in _positions(players, every=7):
        for seat in (*state.to_act()[:1], None):
            view = state.view(seat)
            actions = (
                [str(a) for a in state.legal_actions(seat)] if seat is not None and not state.is_terminal() else []
            )
            page = render_board("murano", view, actions, changed=frozenset(["s0-gold"]))
            drawn = pieces_drawn(page)
            keys = pieces("murano", view)
            assert set(keys) == set(drawn.keys), set(keys) ^ set(drawn.keys)
            assert len(drawn.keys) == len(set(drawn.keys))
            assert not drawn.wordless, drawn.wordless
            assert _actions(page) == set(actions)
            for key in keys:
                assert re.fullmatch(r"[a-z0-9._:-]+", key), key


def test_what_changed_glows() -> None:
    state = _final_state(3, 5)
    view = state.view(None)
    built = next(f"cell-{s['id']}" for island in view["islands"] for s in island["spaces"] if s["tile"])
    page = render_board("murano", view, [], changed=frozenset([built, "s1-gold", "space-4"]))
    assert page.count("data-changed") == 3
    for key in (built, "s1-gold", "space-4"):
        assert f'data-piece="{key}" data-changed=""' in page


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_has_a_translated_label(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision's label is built from a message marked for translation, never its notation."""
    monkeypatch.setattr(i18n, "gettext", lambda message: f"«{message}»")
    monkeypatch.setattr(i18n, "ngettext", lambda one, many, n: f"«{one if n == 1 else many}»")
    seen = list(first_met(random_positions("murano", players, players, _options(1))))
    for action in seen:
        marked = label(action)
        assert marked.startswith("«") and marked.endswith("»") and marked != action, (action, marked)
        assert boards.label("murano", action) == marked
    assert len({action.split()[0] for action in seen}) >= 15


def test_labels_read_as_the_board_names_things() -> None:
    assert label("act 7") == "space 7: build"
    assert label("pass 6") == "pass on space 6 (take 2 gold): +1 gold"
    assert label("sail 7 9 red") == "the red ship sails from space 7 to 9"
    assert label("build shop-red donato.4") == "build a red shop on San Donato, space 4"
    assert label("build palace-2 mattia.1") == "build a palace with 2 crests on Sacca Mattia, space 1"
    assert label("gondola pietro grey") == "gondolier on the grey gondola at San Pietro Martire"
    assert label("card X10") == "keep Lighthouse"
    assert label("sell green 3") == "sell 3 green beads"
    assert label("produce 0") == "only sell, produce nothing"
    for action in ("lighthouse", "decline", "street", "done", "keep", "dismiss", "hire", "shop top", "palace look"):
        assert label(action) != action
    with i18n.language("ru"):
        assert label("hire") == i18n.gettext("hire a gondolier")


HIDDEN = re.compile(r"s\d-(shops|palaces|characters)|drawn-\d|seen|final-tile")
"""The pieces that show what only some seats see: others' face-down tiles and character cards, the
cards drawn, the stack looked through, the building bought in a final turn."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pieces_agree_where_the_views_agree(players: int) -> None:
    for state in _positions(players, every=11):
        public = pieces("murano", state.view(None))
        for viewer in range(players):
            seen = pieces("murano", state.view(viewer))
            differing = {key for key in seen if public.get(key, "absent") != seen[key]}
            differing |= set(public) - set(seen)
            assert all(HIDDEN.fullmatch(key) for key in differing), differing


UNDRAWN = ("phase", "actor", "turns", "ships_moved", "ships_to_sail", "built", "last_turns", "ended_by", "looking")
"""What the public view holds that the board tells in its status line rather than draws as a piece."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_decision_that_changes_the_view_changes_a_piece(players: int) -> None:
    state = GAME.new_game(players, _options(1), players)
    for action, before, after in public_views(state, random.Random(players)):
        if {k: v for k, v in after.items() if k not in UNDRAWN} != {
            k: v for k, v in before.items() if k not in UNDRAWN
        }:
            old, new = pieces("murano", before), pieces("murano", after)
            assert changes(old, new) or set(old) != set(new), str(action)


def test_a_building_tile_is_picked_before_its_space() -> None:
    """Each tile the seat may build is a piece to pick; its spaces wait on the islands, hidden until
    it is picked."""
    for state in random_positions("murano", 3, 2):
        seat = state.to_act()[0] if not state.is_terminal() else None
        actions = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
        if any(a.startswith("build ") for a in actions):
            break
    else:
        pytest.fail("no build in the game")
    page = render_board("murano", state.view(seat), actions)
    for action in (a for a in actions if a.startswith("build ")):
        tile = action.split()[1]
        assert f'class="pick mu-tilebtn" data-pick="{tile}"' in page
        assert f'data-action="{action}" data-pick-of="{tile}" hidden' in page
    assert murano.board(state.view(seat), actions)["other"] == []
