"""Replays of finished games over HTTP, on SQLite and PostgreSQL: every step is the record replayed that
far, drawn from one seat's view or from every seat's; the log holds exactly the decisions made so far;
the last step is the finished table with its score sheet; and a bad request gets a page naming the
problem."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from laguna.core import GameRecord, replay
from laguna.server import service as service_module
from laguna.server.service import SeatRequest
from laguna.server.store import HUMAN, INVITED, PLAYING
from laguna.web.boards import changes, pieces, render_board
from tests.server.test_app import _client, _sign_up, app  # noqa: F401

LOG_LINE = re.compile(r'<li data-step="(\d+)"')
SCORE_SHEET = re.compile(r'<table id="score-sheet">.*?</table>', re.S)
BOARDS = re.compile(r'<div class="board-wrap">(.*)<aside>', re.S)
CHANGED = re.compile(r'data-piece="([^"]+)" data-changed=""')
GAMES = ["walking-in-burano", "murano"]


def _finished_table(app: Any, game_id: str, seed: int, players: dict[str, TestClient]) -> str:  # noqa: F811
    """A game between the two `players` (each signed up under its name in its browser) played to the
    end with random decisions."""
    server = app.state.server
    service = server.service
    for name, client in players.items():
        _sign_up(client, name)
    users = [server.store.login_of(name)[0] for name in players]
    invited = SeatRequest(INVITED, invited=users[1].name)
    table = service.create(users[0], game_id, [SeatRequest(HUMAN), invited], seed=seed)
    assert service.join(table.id, 1, users[1]).status == PLAYING  # the last seat taken: the game begins
    rng = random.Random(seed)
    while not (position := service.position(table.id))[1].is_terminal():
        info, state = position
        seat = state.to_act()[0]
        service.act(table.id, users[seat], seat, str(rng.choice(state.legal_actions(seat))), info.version)
    return table.id


def _record(client: TestClient, table_id: str) -> GameRecord:
    return GameRecord.from_json(client.get(f"/t/{table_id}/record").json())


def _boards(page: str) -> str:
    """The boards of a page as drawn, without their highlights (tested on their own)."""
    found = BOARDS.search(page)
    assert found is not None, page
    return found.group(1).replace(' data-changed=""', "")


@pytest.mark.parametrize("game_id", ["walking-in-burano-roll-and-write", "burano"])
def test_a_replay_step_glows_where_its_decision_changed_the_board(app: Any, game_id: str) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob:
        table_id = _finished_table(app, game_id, 7, {"Ada": ada, "Bob": bob})
        record = _record(ada, table_id)
        glowed = 0
        for step in range(0, len(record.actions) + 1, 7):
            page = ada.get(f"/t/{table_id}/replay/main?step={step}&seat=2").text
            view = replay(record, step).view(1)
            expected = (
                changes(pieces(game_id, replay(record, step - 1).view(1)), pieces(game_id, view)) if step else set()
            )
            assert set(CHANGED.findall(page)) == expected, step
            glowed += bool(expected)
        assert glowed > len(record.actions) // 14


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_steps_from_the_set_up_to_the_score_sheet(app: Any, game_id: str) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob:
        table_id = _finished_table(app, game_id, 5, {"Ada": ada, "Bob": bob})
        record = _record(ada, table_id)
        last = len(record.actions)
        opened = ada.get(f"/t/{table_id}/replay")  # from the start, as Ada saw it
        assert opened.status_code == 200
        assert "The set-up, before the first decision" in opened.text and f"Step 0 of {last}" in opened.text
        assert str(render_board(game_id, replay(record, 0).view(0), [], record.seats)) in opened.text
        assert LOG_LINE.findall(opened.text) == []
        for step in range(last + 1):
            page = ada.get(f"/t/{table_id}/replay/main?step={step}&seat=1").text
            assert LOG_LINE.findall(page) == [str(n) for n in range(1, step + 1)]
            assert page.count('class="current"') == (1 if step else 0)
            assert f'data-step="{step}"' in page and f"Step {step} of {last}" in page
            if step:
                decision = record.actions[step - 1]
                shown = html.unescape(page)
                who = ("Ada", "Bob")[decision.seat]
                assert f"Decision {step}, by {who}: <code>{decision.action}</code>" in shown
            if step % 25 == 0:
                expected = render_board(game_id, replay(record, step).view(0), [], record.seats)
                assert _boards(page).count(str(expected)) == 1
        final = ada.get(f"/t/{table_id}/replay?step={last}&seat=1").text
        table_page = ada.get(f"/t/{table_id}").text
        finished_board = str(render_board(game_id, replay(record).view(0), [], record.seats))
        assert finished_board in _boards(table_page) and finished_board in _boards(final)
        sheet = SCORE_SHEET.search(table_page)
        assert sheet is not None and "★ 1" in sheet.group(0)
        assert SCORE_SHEET.findall(final) == [sheet.group(0)]
        assert SCORE_SHEET.search(ada.get(f"/t/{table_id}/replay?step={last - 1}").text) is None


@pytest.mark.parametrize("game_id", ["walking-in-burano", "walking-in-burano-roll-and-write", "burano", "murano"])
def test_a_seat_sees_its_own_view_and_everything_revealed_shows_every_seat(app: Any, game_id: str) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob:
        table_id = _finished_table(app, game_id, 11, {"Ada": ada, "Bob": bob})
        record = _record(ada, table_id)
        for step in (0, len(record.actions) // 3, len(record.actions)):
            state = replay(record, step)
            views = [str(render_board(game_id, state.view(seat), [], record.seats)) for seat in (0, 1)]
            for seat in (0, 1):
                boards = _boards(ada.get(f"/t/{table_id}/replay?step={step}&seat={seat + 1}").text)
                assert views[seat] in boards and views[1 - seat] not in boards
                assert f"As {('Ada', 'Bob')[seat]} saw it" in boards and boards.count("saw it</h2>") == 1
            revealed = _boards(bob.get(f"/t/{table_id}/replay?step={step}&seat=all").text)
            assert all(view in revealed for view in views) and revealed.count("saw it</h2>") == 2


def test_a_seat_never_sees_another_seats_hand_and_the_revealed_view_shows_all(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob:
        table_id = _finished_table(app, "walking-in-burano", 7, {"Ada": ada, "Bob": bob})
        record = _record(ada, table_id)
        checked = 0
        for step in range(1, len(record.actions), 7):
            view = replay(record, step).view(1)
            hand = {card["id"] for card in view["seats"][1]["hand"]}
            if not hand:
                continue
            cards = set(re.findall(r'data-card="([^"]+)"', _boards(ada.get(f"/t/{table_id}/replay?step={step}").text)))
            assert not hand & cards, f"step {step}: Ada's view shows Bob's hand"
            revealed = _boards(ada.get(f"/t/{table_id}/replay?step={step}&seat=all").text)
            assert hand <= set(re.findall(r'data-card="([^"]+)"', revealed))
            assert revealed.count("Your hand") == 2  # each seat's board shows its own hand
            checked += 1
        assert checked > 5


def test_who_did_not_play_sees_everything_revealed(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob, _client(app) as stranger:
        table_id = _finished_table(app, "walking-in-burano-roll-and-write", 2, {"Ada": ada, "Bob": bob})
        page = stranger.get(f"/t/{table_id}/replay").text
        assert 'data-seat="all"' in page and page.count("saw it</h2>") == 2
        assert 'data-seat="2"' in bob.get(f"/t/{table_id}/replay/main").text  # a player: their own seat


def test_finished_tables_link_to_their_replay(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob, _client(app) as stranger:
        table_id = _finished_table(app, "walking-in-burano", 3, {"Ada": ada, "Bob": bob})
        link = f'href="/t/{table_id}/replay"'
        sheet = ada.get(f"/t/{table_id}").text
        assert re.search(r'<section class="score-sheet">(?:(?!</section>).)*' + re.escape(link), sheet, re.S)
        assert link in stranger.get(f"/t/{table_id}").text
        assert link in ada.get("/").text  # the lobby's list of my games
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', ada.get("/").text)
        assert csrf is not None
        playing = re.search(r"/t/([\w-]+)$", str(ada.post("/play-now", data={"csrf": csrf.group(1)}).url))
        assert playing is not None and "/replay" not in ada.get(f"/t/{playing.group(1)}").text


def test_a_bad_replay_request_gets_a_page_that_says_why(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob:
        table_id = _finished_table(app, "murano", 4, {"Ada": ada, "Bob": bob})
        last = len(_record(ada, table_id).actions)
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', ada.get("/").text)
        assert csrf is not None
        playing = re.search(r"/t/([\w-]+)$", str(ada.post("/play-now", data={"csrf": csrf.group(1)}).url))
        assert playing is not None
        cases = [
            ("/t/no-such-table/replay", 404, "there is no table 'no-such-table'"),
            (f"/t/{playing.group(1)}/replay", 403, "is not over: its replay is shown once it is"),
            (f"/t/{table_id}/replay?step=first", 400, "the step must be a whole number, not 'first'"),
            (f"/t/{table_id}/replay?step={last + 1}", 400, f"there is no step {last + 1}: this game's steps run"),
            (f"/t/{table_id}/replay/main?step=-1", 400, "there is no step -1"),
            (f"/t/{table_id}/replay?seat=3", 400, "the table has no seat '3': its seats are 1 to 2, or 'all'"),
            (f"/t/{table_id}/replay/main?seat=everyone", 400, "the table has no seat 'everyone'"),
        ]
        for address, status, message in cases:
            answer = ada.get(address)
            assert answer.status_code == status, (address, answer.text)
            assert message in html.unescape(answer.text) and "Traceback" not in answer.text


def test_replays_are_built_once_and_the_least_recent_is_dropped(
    app: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(service_module, "REPLAY_TABLES", 1)
    service = app.state.server.service
    with _client(app) as ada, _client(app) as bob, _client(app) as carla, _client(app) as dino:
        first = _finished_table(app, "walking-in-burano-roll-and-write", 8, {"Ada": ada, "Bob": bob})
        built = service.replay(first)
        assert service.replay(first) is built and service.cached_replay(first) is built
        assert built.position(built.last).is_terminal() and built.position(0) is built.setup
        assert ada.get(f"/t/{first}/replay?step=3").status_code == 200
        assert service.cached_replay(first) is built  # the page read the cached steps
        service.forget_all()  # positions of tables in play may go stale; a finished game's steps cannot
        assert service.cached_replay(first) is built
        second = _finished_table(app, "walking-in-burano", 9, {"Carla": carla, "Dino": dino})
        service.replay(second)
        assert service.cached_replay(first) is None and service.cached_replay(second) is not None
