"""What changed shows on the board: each decision standing keeps the pieces of the public board it
changed; a player's board glows where the others changed it since their previous decision, a
spectator's where it changed since they opened the page, and each decision in the log names its
pieces. The tab's title says whose turn it is, and the decision list speaks the reader's language."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from laguna import i18n
from laguna.core import Match
from laguna.server.account_store import User
from laguna.server.app import create_app
from laguna.server.pages import table_context
from laguna.server.service import SeatRequest, TableService
from laguna.server.store import HUMAN, INVITED, PLAYING
from laguna.server.web import TEMPLATES
from laguna.web.boards import changes, label, pieces

NOW = datetime(2026, 3, 1, tzinfo=UTC)
GAMES = ["walking-in-burano", "walking-in-burano-roll-and-write", "burano", "murano"]
CHANGED = re.compile(r'data-piece="([^"]+)" data-changed=""')
PIECE = re.compile(r'data-piece="([^"]+)"')
LOG_LINE = re.compile(r'<li data-seat="\d+"(?: data-pieces="([^"]*)")?(?: hidden)?>')
TITLE = re.compile(r"<title>(.*?)</title>", re.S)


@pytest.fixture
def app(engine: Engine, database_url: str) -> Iterator[Any]:
    del engine  # the database is ready (and emptied afterwards)
    yield create_app(database_url)


def _table(service: TableService, game_id: str, seed: int = 5) -> tuple[str, User, User]:
    store = service.store
    ada, bob = store.create_user("Ada", "h", NOW), store.create_user("Bob", "h", NOW)
    table = service.create(ada, game_id, [SeatRequest(HUMAN), SeatRequest(INVITED, invited="Bob")], seed=seed)
    assert service.join(table.id, 1, bob).status == PLAYING  # the last seat taken: the game begins
    return table.id, ada, bob


def _play(service: TableService, table_id: str, users: tuple[User, User], decisions: int, rng: random.Random) -> None:
    for _ in range(decisions):
        snapshot = service.snapshot(table_id)
        state = snapshot.state
        if state.is_terminal():
            return
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        service.act(table_id, users[seat], seat, str(action), snapshot.table.version)


def _page(service: TableService, table_id: str, user: User | None, seen: int | None = None) -> str:
    snapshot = service.snapshot(table_id)
    context = table_context(service, snapshot, user, seen) | {"csrf": "", "user": user}
    return TEMPLATES.get_template("table_main.html").render(context)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_decision_keeps_the_public_pieces_it_changed(app: Any, game_id: str) -> None:
    """The pieces a decision changed are those whose drawing differs between the public boards before
    and after it, found again by replaying the table's record; an undone decision's are gone."""
    service = app.state.server.service
    table_id, ada, bob = _table(service, game_id)
    _play(service, table_id, (ada, bob), 40, random.Random(game_id))
    decided = service.snapshot(table_id).decided
    record = service.record(table_id)
    match = Match(record.game, record.seats, record.options, record.seed)
    before = pieces(game_id, match.state.view(None))
    for number, (entry, kept) in enumerate(zip(record.actions, decided, strict=True), start=1):
        match.act(entry.seat, entry.action)
        after = pieces(game_id, match.state.view(None))
        assert kept.seat == entry.seat
        assert kept.changed == changes(before, after), f"decision {number}: {entry.action}"
        before = after
    assert any(kept.changed for kept in decided), "forty decisions changed nothing on the board"


def test_an_undone_decision_takes_its_changes_with_it(app: Any) -> None:
    service = app.state.server.service
    table_id, ada, bob = _table(service, "walking-in-burano")
    snapshot = service.snapshot(table_id)
    state = snapshot.state
    seat = state.to_act()[0]
    user = (ada, bob)[seat]
    undoable = next(
        str(a) for a in state.legal_actions(seat)
        if service.act(table_id, user, seat, str(a), snapshot.table.version) and service.snapshot(table_id).undoable
    )  # fmt: skip
    assert len(service.snapshot(table_id).decided) == 1, undoable
    service.undo(table_id, user, seat, service.snapshot(table_id).table.version)
    assert service.snapshot(table_id).decided == ()
    _play(service, table_id, (ada, bob), 1, random.Random(1))
    replayed = service.snapshot(table_id).decided[0]
    first = Match("walking-in-burano", ["Ada", "Bob"], {}, 5)
    before = pieces("walking-in-burano", first.state.view(None))
    first.act(replayed.seat, service.record(table_id).actions[0].action)
    assert replayed.changed == changes(before, pieces("walking-in-burano", first.state.view(None)))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_board_glows_where_it_changed_since_the_viewers_previous_decision(app: Any, game_id: str) -> None:
    service = app.state.server.service
    table_id, ada, bob = _table(service, game_id, seed=8)
    users = (ada, bob)
    rng = random.Random(3)
    for _ in range(6):
        _play(service, table_id, users, 5, rng)
        snapshot = service.snapshot(table_id)
        for seat, user in enumerate(users):
            last = max((n for n, d in enumerate(snapshot.decided) if d.seat == seat), default=-1)
            expected = frozenset().union(*(d.changed for d in snapshot.decided[last + 1 :]))
            page = _page(service, table_id, user)
            glowing = set(CHANGED.findall(page))
            assert glowing == expected & set(PIECE.findall(page)), (seat, snapshot.table.version)
            assert expected <= set(PIECE.findall(page)), "a changed piece is not drawn on the seat's board"
            log = page.split('id="log"', 1)[1]  # (the players' list above it has seats too)
            newest = LOG_LINE.findall(log)[: len(snapshot.decided) - last - 1]
            assert set(" ".join(newest).split()) == expected, "the log's newest decisions name other pieces"


def test_a_spectator_sees_what_changed_since_the_page_opened(app: Any) -> None:
    service = app.state.server.service
    table_id, ada, bob = _table(service, "walking-in-burano")
    _play(service, table_id, (ada, bob), 6, random.Random(4))
    opened = service.snapshot(table_id)
    assert not CHANGED.findall(_page(service, table_id, None)), "a page just opened has nothing new"
    seen = len(opened.decided)
    _play(service, table_id, (ada, bob), 4, random.Random(5))
    later = service.snapshot(table_id)
    expected = frozenset().union(*(d.changed for d in later.decided[seen:]))
    assert expected, "four decisions changed nothing"
    assert set(CHANGED.findall(_page(service, table_id, None, seen))) == expected
    assert not CHANGED.findall(_page(service, table_id, None, 10**9))


def test_the_spectators_seen_count_is_checked(app: Any) -> None:
    service = app.state.server.service
    table_id, ada, bob = _table(service, "walking-in-burano")
    _play(service, table_id, (ada, bob), 3, random.Random(6))
    with TestClient(app) as visitor:
        shown = visitor.get(f"/t/{table_id}/main", params={"seen": "0"})
        assert shown.status_code == 200 and CHANGED.search(shown.text)
        for bad in ("many", "1e3", "9" * 5000):
            refused = visitor.get(f"/t/{table_id}/main", params={"seen": bad})
            assert refused.status_code == 400 and "seen" in refused.text, bad
            assert "Traceback" not in refused.text


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tab_title_says_whose_turn_it_is(app: Any, game_id: str) -> None:
    service = app.state.server.service
    table_id, ada, bob = _table(service, game_id)
    seat = service.snapshot(table_id).state.to_act()[0]
    owing, waiting = (ada, bob) if seat == 0 else (bob, ada)
    assert 'data-title="▶ Your turn · ' in _page(service, table_id, owing)
    assert 'data-title="▶' not in _page(service, table_id, waiting)
    with TestClient(app) as visitor:
        title = TITLE.search(visitor.get(f"/t/{table_id}").text)
        assert title is not None and "▶" not in title.group(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_decision_list_names_decisions_in_the_readers_language(app: Any, game_id: str) -> None:
    """Every decision listed beside the board is named in words, not notation, and in Russian in
    Russian (Cyrillic letters in every label)."""
    service = app.state.server.service
    table_id, ada, bob = _table(service, game_id, seed=11)
    rng = random.Random(game_id)
    seen: set[str] = set()
    for _ in range(30):
        snapshot = service.snapshot(table_id)
        if snapshot.state.is_terminal():
            break
        seat = snapshot.state.to_act()[0]
        for action in snapshot.state.legal_actions(seat):
            notation = str(action)
            english = label(game_id, notation)
            assert english and english != notation, notation
            with i18n.language("ru"):
                russian = label(game_id, notation)
            assert re.search("[а-яА-ЯёЁ]", russian), f"{notation!r} is listed in Russian as {russian!r}"
            seen.add(notation.split(maxsplit=1)[0])
        with i18n.language("ru"):
            page = _page(service, table_id, (ada, bob)[seat])
        listed = re.findall(r'class="act listed" data-action="[^"]+">([^<]*)<', page)
        assert listed and all(re.search("[а-яА-ЯёЁ]", html.unescape(text)) for text in listed)
        _play(service, table_id, (ada, bob), 1, rng)
    assert len(seen) > 1
