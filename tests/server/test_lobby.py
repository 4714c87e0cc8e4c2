"""The lobby's open tables over HTTP, on SQLite and PostgreSQL: a listed table with an open seat shows in
every other player's lobby (its game, changed options, seats with ratings, time per move, rated or
not) until it is full; one click joins it; guests stay away from rated tables; the list is told of
changes live; and a player's own list of games stays short however many they have finished."""

from __future__ import annotations

import contextlib
import html
import queue
import re
import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select
from starlette.testclient import WebSocketTestSession

from laguna.server import open_tables as open_tables_module
from laguna.server.open_tables import ago, changed_options
from laguna.server.pages import MY_FINISHED
from laguna.server.schema import seats, tables, users
from laguna.server.store import FINISHED, HUMAN, PLAYING
from tests.server.conftest import MINUTE_APP_START

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
JSON = {"accept": "application/json"}
START = MINUTE_APP_START
ROW = re.compile(r'<tr data-table="([\w-]+)"(?: class="mine")?>(.*?)</tr>', re.S)


@pytest.fixture
def app(minute_app: Any) -> Any:
    return minute_app


@pytest.fixture
def players(three_players: dict[str, tuple[TestClient, str]]) -> dict[str, tuple[TestClient, str]]:
    return three_players


def _token(page: Any) -> str:
    assert page.status_code == 200, page.text
    found = CSRF.search(page.text)
    assert found is not None
    return found.group(1)


def _create(client: TestClient, csrf: str, game: str = "walking-in-burano", *seats: str, **fields: str) -> Any:
    """A new table from the lobby's form (the choices' boxes shown): the creator's seat and `seats`
    (``open``, a bot level; the default: one open seat), listed unless `listed` is ``""``."""
    seat_list = seats or ("open",)
    data = {"csrf": csrf, "game": game, "players": str(len(seat_list) + 1), "choices": "shown", "listed": "on"}
    data |= {f"seat{number}": kind for number, kind in enumerate(seat_list, start=2)}
    data |= fields
    return client.post("/tables", data={k: v for k, v in data.items() if v}, headers=JSON)


def _table(answer: Any) -> str:
    assert answer.status_code == 200, answer.text
    found = re.search(r"/t/([\w-]+)$", str(answer.url))
    assert found is not None, answer.url
    return found.group(1)


def _rows(page: str) -> dict[str, str]:
    """The open tables a lobby lists, by table, in order, each with its row's text."""
    return {table: html.unescape(row) for table, row in ROW.findall(page)}


def _join(client: TestClient, csrf: str, table: str, row: str) -> Any:
    """Press the row's join button: its form sends the seat it names."""
    seat = re.search(r'name="seat" value="(\d+)"', row)
    assert seat is not None, row
    return client.post(f"/t/{table}/join", data={"csrf": csrf, "seat": seat.group(1)})


@contextlib.contextmanager
def _guest(app: Any) -> Iterator[tuple[TestClient, str]]:
    """A visitor who pressed "Play now" (a guest, at a game against a bot), and their forms' token."""
    with TestClient(app, follow_redirects=True) as client:
        played = client.post("/play-now", data={"game": "walking-in-burano", "level": "easy", "opponents": "1"})
        assert played.status_code == 200, played.text
        yield client, _token(client.get("/"))


def test_a_listed_table_shows_in_another_players_lobby_with_what_it_plays(players: Any) -> None:
    (ada, ada_csrf), (bob, _) = players["Ada"], players["Bob"]
    table = _table(
        _create(ada, ada_csrf, "murano", "open", "easy", rated="on", move_seconds="86400",
                options_murano="shown", option_murano_red_ship_gold="on", option_murano_unlimited_markers="on",
                option_murano_automatic_income="on", option_murano_optional_selling="on",
                option_murano_skip_unscoreable="on", option_murano_balance_zero="on")
    )  # fmt: skip
    row = _rows(bob.get("/").text)[table]
    assert "Murano" in row and "Red Ship Gold" in row and ": yes" in row
    assert "Yucata" not in row  # the options left as the game has them are not repeated
    assert re.search(r'href="/u/Ada">Ada</a> <span class="player-rating"[^>]*>1500\?</span>', row)
    assert "open seat" in row and "bot: easy" in row and "1 day" in row
    assert ">rated<" in row and 'by <a class="player" href="/u/Ada">Ada</a>' in row
    assert re.search(r"\d+ minutes? ago", row)
    assert f'action="/t/{table}/join"' in row and 'name="seat" value="2"' in row
    own = _rows(ada.get("/").text)[table]  # the creator's own lobby: their table, nothing to join
    assert "your table" in own and "/join" not in own
    fragment = bob.get("/lobby/open")
    assert fragment.status_code == 200 and fragment.headers["content-type"].startswith("text/html")
    assert list(_rows(fragment.text)) == [table] and "<html" not in fragment.text


def test_an_unlisted_table_is_not_shown_but_its_invitation_link_still_works(players: Any) -> None:
    (ada, ada_csrf), (bob, bob_csrf) = players["Ada"], players["Bob"]
    table = _table(_create(ada, ada_csrf, listed=""))
    listed = _table(_create(ada, ada_csrf))
    assert list(_rows(bob.get("/").text)) == [listed]
    link = re.search(r'id="invite-link"[^>]*href="(/join/[\w-]+)"|href="(/join/[\w-]+)"[^>]*id="invite-link"',
                     ada.get(f"/t/{table}").text)  # fmt: skip
    assert link is not None
    invited = bob.get(link.group(1) or link.group(2))
    assert str(invited.url).endswith(f"/t/{table}") and "Join as seat 2" in invited.text
    assert bob.post(f"/t/{table}/join", data={"csrf": bob_csrf, "seat": "2"}).status_code == 200


def test_an_old_form_makes_a_listed_unrated_table_and_the_boxes_choose_the_rest(app: Any, players: Any) -> None:
    ada, ada_csrf = players["Ada"]
    store = app.state.server.store
    old = _table(ada.post("/tables", data={"csrf": ada_csrf, "game": "burano", "players": "2", "rated": "on"}))
    assert (store.table(old).listed, store.table(old).rated, store.table(old).spectator_chat) == (True, False, True)
    quiet = _table(_create(ada, ada_csrf, listed="", rated="on"))
    assert (store.table(quiet).listed, store.table(quiet).rated, store.table(quiet).spectator_chat) == (
        False,
        True,
        False,
    )
    form = ada.get("/").text
    assert 'name="choices" value="shown"' in form and '<input type="checkbox" name="listed" checked>' in form
    assert '<input type="checkbox" name="rated">' in form and 'name="spectator_chat" checked' in form


def test_a_full_or_started_table_leaves_the_list(app: Any, players: Any) -> None:
    (ada, ada_csrf), (bob, bob_csrf), (cy, cy_csrf) = players["Ada"], players["Bob"], players["Cy"]
    table = _table(_create(ada, ada_csrf, "burano", "open", "open"))
    assert _join(bob, bob_csrf, table, _rows(bob.get("/").text)[table]).status_code == 200
    row = _rows(cy.get("/").text)[table]  # one seat left: still listed, Bob beside Ada
    assert 'href="/u/Bob">Bob</a>' in row and 'name="seat" value="3"' in row
    assert "your table" in _rows(bob.get("/").text)[table]  # a table one sits at is marked, not joined
    assert _join(cy, cy_csrf, table, row).status_code == 200
    assert app.state.server.store.table(table).status == PLAYING  # the last seat filled: it began
    assert table not in _rows(ada.get("/").text) and table not in _rows(bob.get("/lobby/open").text)


def test_one_click_seats_the_player_and_starts_the_game_once_the_table_is_full(app: Any, players: Any) -> None:
    (ada, ada_csrf), (bob, bob_csrf) = players["Ada"], players["Bob"]
    woken: list[str] = []
    app.state.server.bots.wake = woken.append
    table = _table(_create(ada, ada_csrf, "walking-in-burano", "open", "easy"))
    assert woken == []  # a table still gathering players has nothing for its bots to do
    joined = _join(bob, bob_csrf, table, _rows(bob.get("/").text)[table])
    assert joined.status_code == 200 and str(joined.url).endswith(f"/t/{table}")  # the joiner lands on the table
    started = app.state.server.store.table(table)
    assert started.status == PLAYING and [s.kind for s in started.seats] == [HUMAN, HUMAN, "bot"]
    assert woken == [table]  # the game began: a bot may owe the first decision


def test_the_game_filter_shows_one_game_and_names_an_unknown_one(players: Any) -> None:
    (ada, ada_csrf), (bob, _) = players["Ada"], players["Bob"]
    burano = _table(_create(ada, ada_csrf, "burano"))
    murano = _table(_create(ada, ada_csrf, "murano"))
    assert list(_rows(bob.get("/").text)) == [murano, burano]
    only = bob.get("/?game=burano").text
    assert list(_rows(only)) == [burano] and 'data-game="burano"' in only
    assert list(_rows(bob.get("/lobby/open?game=murano").text)) == [murano]
    for path in ("/?game=chess", "/lobby/open?game=chess"):
        refused = bob.get(path)
        assert refused.status_code == 400 and "unknown game &#39;chess&#39;" in refused.text
    long = bob.get("/?game=" + "x" * 5000)
    assert long.status_code == 400 and "x" * 100 not in long.text  # a long name is not echoed whole


def test_the_newest_tables_come_first_and_at_most_a_bounded_number(
    app: Any, players: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    (ada, ada_csrf), (bob, bob_csrf), (cy, _) = players["Ada"], players["Bob"], players["Cy"]
    made = [_table(_create(*(ada, ada_csrf) if n % 2 else (bob, bob_csrf))) for n in range(5)]
    assert list(_rows(cy.get("/").text)) == made[::-1]
    monkeypatch.setattr(open_tables_module, "OPEN_TABLES", 3)
    app.state.server.open_tables.changed()  # the list read under the former bound is dropped
    assert list(_rows(cy.get("/").text)) == made[:1:-1]
    assert list(_rows(cy.get("/lobby/open").text)) == made[:1:-1]


def test_the_tables_of_a_blocked_player_are_left_out(players: Any) -> None:
    (ada, ada_csrf), (bob, bob_csrf) = players["Ada"], players["Bob"]
    invited = _table(ada.post("/tables", data={"csrf": ada_csrf, "game": "burano", "players": "2",
                                               "seat2": "invited", "invite2": "Bob"}))  # fmt: skip
    other = _table(_create(ada, ada_csrf))
    assert list(_rows(bob.get("/").text)) == [other]
    assert bob.post(f"/t/{invited}/decline", data={"csrf": bob_csrf, "block": "yes"}).status_code == 200
    assert _rows(bob.get("/").text) == {} and set(_rows(players["Cy"][0].get("/").text)) == {invited, other}


def test_a_guest_cannot_take_a_rated_seat_or_make_a_rated_table(app: Any, players: Any) -> None:
    ada, ada_csrf = players["Ada"]
    rated = _table(_create(ada, ada_csrf, rated="on"))
    unrated = _table(_create(ada, ada_csrf))
    with _guest(app) as (guest, guest_csrf):
        lobby = guest.get("/").text
        rows = _rows(lobby)
        assert "sign up to play rated games" in rows[rated] and "disabled" in rows[rated]
        assert "/join" not in rows[rated] and f'action="/t/{unrated}/join"' in rows[unrated]
        assert '<input type="checkbox" name="rated" disabled>' in lobby  # the create form's box, too
        refused = guest.post(f"/t/{rated}/join", data={"csrf": guest_csrf, "seat": "2"})
        assert refused.status_code == 400 and "the table is rated: sign up to take a seat at it" in refused.text
        made = _create(guest, guest_csrf, rated="on")
        assert (
            made.status_code == 400
            and made.json()["error"] == "guests play unrated tables: sign up to create a rated one"
        )
        alone = _create(ada, ada_csrf, "walking-in-burano", "easy", rated="on")
        assert alone.status_code == 400 and "a rated table needs two seats for players" in alone.json()["error"]
        assert _join(guest, guest_csrf, unrated, rows[unrated]).status_code == 200


def test_visitors_see_the_open_tables_without_a_join_button(players: Any, app: Any) -> None:
    ada, ada_csrf = players["Ada"]
    table = _table(_create(ada, ada_csrf))
    with TestClient(app) as visitor:
        welcome = visitor.get("/").text
        assert "Play as a guest" in welcome and table in _rows(welcome)
        assert "/join" not in _rows(welcome)[table] and "to join a table" in welcome
        assert table in _rows(visitor.get("/lobby/open").text)


def _received(socket: WebSocketTestSession, seconds: float = 10.0) -> dict[str, int]:
    """The next notice of the live channel (a test that waits in vain fails rather than hangs)."""
    found: queue.Queue[dict[str, int]] = queue.Queue()
    threading.Thread(target=lambda: found.put(socket.receive_json()), daemon=True).start()
    try:
        return found.get(timeout=seconds)
    except queue.Empty:
        raise AssertionError(f"no notice on the live channel within {seconds} s") from None


def test_the_live_channel_tells_the_lobby_of_a_new_table(app: Any, players: Any) -> None:
    bob, bob_csrf = players["Bob"]
    # the browser that watches is the one whose start the table's live channel runs on (the last)
    with TestClient(app) as watcher, watcher.websocket_connect("/lobby/live") as socket:
        assert _received(socket) == {"lobby": 0}
        table = _table(_create(bob, bob_csrf))  # through the database's listener on PostgreSQL
        notice = _received(socket)
        assert set(notice) == {"lobby"} and notice["lobby"] >= 1
        assert table in _rows(watcher.get("/lobby/open").text)  # what the page fetches on hearing it


def test_my_games_shows_the_newest_finished_tables(app: Any, players: Any) -> None:
    ada, _ = players["Ada"]
    engine = app.state.server.store.engine
    with engine.begin() as c:
        ada_id = c.execute(select(users.c.id).where(users.c.name_key == "ada")).scalar_one()
        when = [START - timedelta(hours=n) for n in range(1000)]
        c.execute(
            insert(tables),
            [
                {"id": f"old{n}", "game": "burano", "players": 2, "options": {}, "seed": n, "status": FINISHED,
                 "version": 2, "invite_token": f"token{n}", "created_by": ada_id, "created_at": moment,
                 "started_at": moment, "last_move_at": moment, "finished_at": moment, "result": {"scores": [1, 0]}}
                for n, moment in enumerate(when)
            ],
        )  # fmt: skip
        c.execute(
            insert(seats),
            [{"table_id": f"old{n}", "seat": seat, "kind": HUMAN if seat == 0 else "bot", "user_id": ada_id if seat == 0
              else None, "bot": "easy" if seat else None} for n in range(1000) for seat in (0, 1)],
        )  # fmt: skip
    page = ada.get("/").text
    replays = re.findall(r'href="/t/(old\d+)/replay"', page)
    assert replays == [f"old{n}" for n in range(MY_FINISHED)]  # the newest, newest first
    assert 'href="/u/Ada"' in page and "Older games on your page" in page


def test_the_lobby_words_of_options_and_moments() -> None:
    assert changed_options("murano", {"red_ship_gold": True, "balance_zero": True}) == (
        "Red Ship Gold: 1 gold at the end of a turn that moved the red ship onto the action used: yes",
    )
    assert changed_options("walking-in-burano", {"round_limit": 12}) == ("round-limit: 12",)
    assert [ago(START - timedelta(seconds=s), START) for s in (5, 60, 3 * 3600, 3 * 86400)] == [
        "just now",
        "1 minute ago",
        "3 hours ago",
        "3 days ago",
    ]


def test_the_open_tables_are_read_again_only_once_they_changed(app: Any, players: Any) -> None:
    """Every lobby page fetches the list at every change: each process keeps the list it read until the
    next change, and a read that raced with a change is not kept."""
    ada, csrf = players["Ada"]
    server = app.state.server
    reads: list[str | None] = []
    store_read = server.store.open_tables

    def counted(game: str | None, *, most: int) -> Any:
        reads.append(game)
        return store_read(game, most=most)

    server.store.open_tables = counted
    server.open_tables.changed()  # whatever the sign-up's lobby read is dropped
    for _ in range(3):
        ada.get("/lobby/open")
    assert reads == [None]  # read once, then from memory
    _create(ada, csrf)  # the store announces the change: the next look reads again and sees the table
    assert len(_rows(ada.get("/lobby/open").text)) == 1 and reads == [None, None]
    cache = server.open_tables

    def racing(game: str | None, *, most: int) -> Any:
        cache.changed()  # a change announced while the database is read
        return store_read(game, most=most)

    server.store.open_tables = racing
    cache.changed()
    cache.read(server.store, None)
    server.store.open_tables = counted
    cache.read(server.store, None)
    assert reads == [None, None, None]  # what the racing read found was not kept


def test_a_version_announced_while_a_table_page_connects_is_not_missed(app: Any, players: Any) -> None:
    """A join that starts the game makes two versions in a moment: one announced while a page's live
    channel reads the table must still reach the page."""
    ada, ada_csrf = players["Ada"]
    table = _table(_create(ada, ada_csrf))
    server = app.state.server
    read = server.service.table

    def read_then_announce(table_id: str) -> Any:
        found = read(table_id)
        server.hub.deliver(table_id, found.version + 1)  # a change committed just after the read
        return found

    server.service.table = read_then_announce
    with TestClient(app) as watcher, watcher.websocket_connect(f"/t/{table}/live") as socket:
        first = _received(socket)
        assert _received(socket) == {"version": first["version"] + 1}
