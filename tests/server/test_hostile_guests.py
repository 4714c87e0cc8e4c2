"""Strangers cannot stop the table: bots offered on the web are the named levels only and every bot
decision has a hard cap on its thinking time; bots never hold a thread of the server, serve every
table in turn, and a visitor holds only a few games with bots at once; every form field is checked
before any work; the locks of the tables leave nothing behind; no database call runs on the event loop."""

from __future__ import annotations

import asyncio
import html
import re
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event

from laguna.bots import EXPERT_SECONDS, make_bot
from laguna.core import get_game
from laguna.server.app import MAKING_BURST, create_app
from laguna.server.limits import BUCKETS, RateLimiter
from laguna.server.routes.lobby import ADDRESS_BOT_GAMES, GUEST_BOT_GAMES
from laguna.server.service import SeatRequest, TableError, TableService
from laguna.server.store import BOT, FINISHED, HUMAN, SeatInfo, Store

LISTED = re.compile(r'class="act listed" data-action="([^"]+)"')

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
HUGE = ("ismcts:999999999999", "ismcts:99999999ms", "ismcts:1:c=9", "random", "greedy")
"""Bots the command line knows but the browser table does not offer."""


@pytest.fixture
def app(engine: Engine, database_url: str) -> Iterator[Any]:
    del engine
    yield create_app(database_url, clock=lambda: NOW)


def _sign_up(client: TestClient, name: str) -> str:
    page = client.post("/signup", data={"name": name, "password": "correct horse"})
    found = CSRF.search(page.text)
    assert found is not None, page.text
    return found.group(1)


def _table_id(response: Any) -> str:
    return str(response.url).rsplit("/", 1)[-1]


# ---------------------------------------------------------------------- bots: levels only, and a cap


@pytest.mark.parametrize("bot", HUGE)
def test_the_browser_table_offers_only_the_named_levels(app: Any, bot: str) -> None:
    with TestClient(app, follow_redirects=True) as ada:
        csrf = _sign_up(ada, "Ada")
        form = {"csrf": csrf, "game": "walking-in-burano", "players": "2", "seat2": bot}
        refused = ada.post("/tables", data=form)
        assert refused.status_code == 400 and "is not the seat offered" in html.unescape(refused.text)
        now = ada.post("/play-now", data={"csrf": csrf, "level": bot})
        assert now.status_code == 400 and "is not the bots' level offered" in html.unescape(now.text)
        assert app.state.server.store.user_tables(app.state.server.store.login_of("Ada")[0].id) == []


def test_a_hand_over_or_a_rematch_to_an_unoffered_bot_is_refused(engine: Engine) -> None:
    service = TableService(Store(engine), lambda: NOW, bots=("easy", "medium", "hard", "expert"))
    ada = service.store.create_user("Ada", "h", NOW)
    with pytest.raises(TableError, match="'ismcts:999999999999' is not a bot level here"):
        service.create(ada, "walking-in-burano", [SeatRequest(HUMAN), SeatRequest(BOT, bot="ismcts:999999999999")])
    table = service.create(ada, "walking-in-burano", [SeatRequest(HUMAN), SeatRequest(BOT, bot="easy")])
    service.start(table.id, ada)
    with pytest.raises(TableError, match="is not a bot level here"):
        service.hand_to_bot(table.id, 1, "ismcts:99999999ms", service.table(table.id).version)
    # a finished game whose seat was stored with such a bot (by an older server, say): no rematch with it
    store = service.store
    old = store.create_table(
        "older", "walking-in-burano", {}, 1, [SeatInfo(0, HUMAN, ada.id), SeatInfo(1, BOT, bot="ismcts:999999999999")],
        created_by=ada.id, invite_token="older", move_seconds=None, now=NOW,
    )  # fmt: skip
    started = store.start(old.id, (0,), NOW)
    store.append(old.id, started.version, 0, "take c1 f1", waiting=(), now=NOW, result={"scores": [1, 0]})
    assert store.table(old.id).status == FINISHED
    with pytest.raises(TableError, match="seat 2: 'ismcts:999999999999' is not a bot level here"):
        service.rematch(old.id, ada)


def test_a_search_stops_at_its_cap_whatever_its_budget() -> None:
    state = get_game("walking-in-burano").new_game(2, seed=3)
    seat = state.to_act()[0]
    for spec in ("ismcts:999999999999", "ismcts:99999999ms", "expert"):
        bot = make_bot(spec, 1, "walking-in-burano", cap_seconds=0.3)
        began = time.monotonic()
        assert bot.choose(state, seat) in state.legal_actions(seat)
        assert time.monotonic() - began < 5  # without the cap: days


def test_a_table_stops_any_bot_at_the_seconds_the_expert_level_promises(app: Any) -> None:
    """On a slow machine the expert's budget can take longer than the 3 s it promises a player
    (docs/strength.md); the server's own cap keeps the promise, whatever the seat's bot."""
    cap = app.state.server.bots.cap_seconds
    assert cap <= EXPERT_SECONDS == 3.0
    state = get_game("burano").new_game(2, seed=3)
    seat = state.to_act()[0]
    began = time.monotonic()
    bot = make_bot("ismcts:999999999999", 1, "burano", cap_seconds=cap)
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert time.monotonic() - began < EXPERT_SECONDS + 0.5


def test_a_stored_bot_with_a_huge_budget_plays_within_its_cap_and_others_play_meanwhile(
    engine: Engine, database_url: str
) -> None:
    """A seat stored with a budget of years (an older server, a hand-edited database) thinks at most the
    cap; meanwhile the bots of another table are served in their turn."""
    app = create_app(database_url, clock=lambda: NOW, bot_seconds=2.0)
    store = app.state.server.store
    ada = store.create_user("Ada", "h", NOW)
    stuck = store.create_table(
        "stuck", "walking-in-burano", {}, 7, [SeatInfo(0, BOT, bot="ismcts:999999999999"), SeatInfo(1, HUMAN, ada.id)],
        created_by=ada.id, invite_token="a", move_seconds=None, now=NOW,
    )  # fmt: skip
    quick = store.create_table(
        "quick", "walking-in-burano", {}, 6, [SeatInfo(0, BOT, bot="medium"), SeatInfo(1, HUMAN, ada.id)],
        created_by=ada.id, invite_token="b", move_seconds=None, now=NOW,
    )  # fmt: skip
    service = app.state.server.service
    for table in (stuck, quick):
        store.start(table.id, get_game(table.game).new_game(2, seed=table.seed).to_act(), NOW)
        assert service.bot_owing(table.id) is not None, "the bot's seat begins (seeds 7 and 6)"
    began = time.monotonic()
    with TestClient(app):  # the server starts, and its bots pick up the tables waiting for them
        for table_id in ("quick", "stuck"):
            while service.bot_owing(table_id) is not None:
                assert time.monotonic() - began < 30, f"the bot of table {table_id} did not play"
                time.sleep(0.05)
            service.forget_all()
    assert len(store.log("stuck")) >= 1 and len(store.log("quick")) >= 1


# ---------------------------------------------------------------------- bots hold no thread, and few games


def test_bots_thinking_hold_no_thread_of_the_server(engine: Engine, database_url: str) -> None:
    """Twenty tables of bots thinking at once (each as long as its cap allows): the server's threads
    stay free, so a page that needs one is served at once."""
    app = create_app(database_url, clock=lambda: NOW, bot_seconds=20.0)
    store = app.state.server.store
    ada = store.create_user("Ada", "h", NOW)
    for number in range(20):
        table = store.create_table(
            f"busy{number}", "murano", {}, number, [SeatInfo(0, BOT, bot="ismcts:999999999999"),
                                                  SeatInfo(1, BOT, bot="ismcts:999999999999")],
            created_by=ada.id, invite_token=f"t{number}", move_seconds=None, now=NOW,
        )  # fmt: skip
        store.start(table.id, get_game("murano").new_game(2, seed=number).to_act(), NOW)
    with TestClient(app) as client:
        time.sleep(1)  # the bots are thinking
        began = time.monotonic()
        for number in range(20):
            assert client.get(f"/t/busy{number}/main").status_code == 200
        assert client.portal.call(_free_default_thread) == 1
        assert time.monotonic() - began < 10  # held threads would wait for the 20 s cap


async def _free_default_thread() -> int:
    return await asyncio.wait_for(asyncio.to_thread(lambda: 1), 5)


def test_an_anonymous_visitor_holds_only_a_few_games_against_bots(app: Any) -> None:
    with TestClient(app, follow_redirects=True) as visitor:
        assert visitor.post("/play-now", data={"level": "easy"}).status_code == 200  # a guest from now on
        csrf = CSRF.search(visitor.get("/").text)
        assert csrf is not None
        for _ in range(GUEST_BOT_GAMES - 1):
            assert visitor.post("/play-now", data={"level": "easy", "csrf": csrf.group(1)}).status_code == 200
        refused = visitor.post("/play-now", data={"level": "easy", "csrf": csrf.group(1)})
        assert refused.status_code == 429 and f"you already have {GUEST_BOT_GAMES} games" in refused.text
        solo = visitor.post("/play-now", data={"opponents": "0", "csrf": csrf.group(1)})
        assert solo.status_code == 200  # a solo game has no bots to hold
    started = GUEST_BOT_GAMES
    while started < ADDRESS_BOT_GAMES:  # new visitors from the same address
        with TestClient(app, follow_redirects=True) as visitor:
            assert visitor.post("/play-now", data={"level": "easy"}).status_code == 200
            started += 1
    with TestClient(app, follow_redirects=True) as visitor:
        refused = visitor.post("/play-now", data={"level": "expert"})
        assert refused.status_code == 429 and f"your address already holds {ADDRESS_BOT_GAMES} games" in refused.text
        assert "Log out" not in visitor.get("/").text  # no guest account was made for the refused visitor
    with TestClient(app, follow_redirects=True) as ada:  # a signed-up player is not bound by the guests' limits
        csrf_ada = _sign_up(ada, "Ada")
        assert ada.post("/play-now", data={"level": "easy", "csrf": csrf_ada}).status_code == 200


# ---------------------------------------------------------------------- forms checked before any work


WIB = {"game": "walking-in-burano"}


@pytest.mark.parametrize(
    ("path", "form", "message"),
    [
        (
            "/tables",
            WIB | {"players": "3000000"},
            "the number of players must be a whole number from 1 to 4, not '3000000'",
        ),
        ("/tables", WIB | {"players": "-1"}, "from 1 to 4, not '-1'"),
        ("/tables", WIB | {"players": "9" * 5000}, "the number of players must be a whole number"),
        ("/tables", WIB | {"players": "two"}, "not 'two'"),
        ("/tables", {"game": "chess", "players": "2"}, "'chess' is not the game offered"),
        ("/tables", WIB | {"players": "2", "move_seconds": "1"}, "'1' is not the time per move offered"),
        ("/tables", WIB | {"players": "2", "seat2": "invited", "invite2": "x" * 5000}, "too long"),
        ("/play-now", {"opponents": str(10**19)}, "the number of opponents must be a whole number from 0 to 3"),
        ("/play-now", {"opponents": "-5"}, "from 0 to 3, not '-5'"),
        ("/play-now", {"opponents": "3000000"}, "from 0 to 3, not '3000000'"),
        ("/play-now", {"opponents": "0", "game": "murano"}, "Murano is for 2–4 players, not 1"),
        ("/play-now", {"opponents": "0", "game": "burano"}, "Burano is for 2–4 players, not 1"),
    ],
)
def test_every_form_field_is_checked_before_any_work(app: Any, path: str, form: dict[str, str], message: str) -> None:
    with TestClient(app, follow_redirects=True) as ada:
        csrf = _sign_up(ada, "Ada")
        began = time.monotonic()
        refused = ada.post(path, data={"csrf": csrf, **form})
        assert refused.status_code == 400 and message in html.unescape(refused.text), refused.text
        assert time.monotonic() - began < 2  # refused before building three million seats
        assert "Traceback" not in refused.text and len(refused.text) < 20_000
        assert app.state.server.store.user_tables(app.state.server.store.login_of("Ada")[0].id) == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"seat": 10**19, "version": 1, "action": "x"}, "the seat must be a whole number from 0 to 3"),
        ({"seat": 0, "version": -1, "action": "x"}, "the version must be a whole number from 0"),
        ({"seat": 0, "version": 1, "action": "x" * 5000}, "the decision is too long (at most 200 characters)"),
        ({"seat": 0, "version": 1, "action": ["take"]}, "the decision must be text"),
        ({"seat": 0, "version": 1, "undo": "yes"}, "undo must be true or false"),
        ({"version": 1}, "the seat is missing"),
    ],
)
def test_a_decision_is_checked_before_any_work(app: Any, body: dict[str, Any], message: str) -> None:
    with TestClient(app, follow_redirects=True) as ada:
        csrf = _sign_up(ada, "Ada")
        table_id = _table_id(ada.post("/play-now", data={"csrf": csrf, "opponents": "0"}))
        refused = ada.post(f"/t/{table_id}/act", json=body, headers={"X-CSRF-Token": csrf})
        assert refused.status_code == 400 and message in refused.json()["error"], refused.json()


# ---------------------------------------------------------------------- locks and the event loop


def test_the_locks_of_the_tables_leave_nothing_behind(app: Any) -> None:
    service = app.state.server.service
    with TestClient(app, follow_redirects=True) as ada:
        csrf = _sign_up(ada, "Ada")
        table_id = _table_id(ada.post("/play-now", data={"csrf": csrf, "opponents": "0"}))
        for number in range(300):
            assert ada.get(f"/t/no-such-table-{number}/main").status_code == 404
        assert ada.get(f"/t/{table_id}/main").status_code == 200
    assert len(service._locks) == 0


def test_no_database_call_runs_on_the_event_loop(app: Any, engine: Engine) -> None:
    """Every statement the server sends while serving requests is sent from a thread, never from the
    event loop's (a slow database would stop every table)."""
    on_loop: list[str] = []

    def check(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        on_loop.append(f"{threading.current_thread().name}: {statement[:60]}")

    with TestClient(app, follow_redirects=True) as ada, TestClient(app, follow_redirects=True) as bob:
        event.listen(engine, "before_cursor_execute", check)
        csrf = _sign_up(ada, "Ada")
        bob_csrf = _sign_up(bob, "Bob")
        headers = {"X-CSRF-Token": csrf}
        table_id = _table_id(ada.post("/play-now", data={"csrf": csrf, "opponents": "0"}))
        ada.post(f"/t/{table_id}/act", json={"seat": 0, "action": "take c1 f1", "version": 1}, headers=headers)
        ada.post(f"/t/{table_id}/act", json={"seat": 0, "undo": True, "version": 2}, headers=headers)
        ada.get(f"/t/{table_id}/main")
        form = {"csrf": csrf, "game": "walking-in-burano", "players": "3", "seat2": "open", "seat3": "easy"}
        gathering = _table_id(ada.post("/tables", data=form))
        bob.post(f"/t/{gathering}/join", data={"csrf": bob_csrf, "seat": "2"})  # the last open seat: it begins
        again = ada.post(f"/t/{gathering}/start", data={"csrf": csrf})
        assert again.status_code == 400 and "already started" in again.text  # refused off the loop, too
        ada.post(f"/t/{gathering}/handover", data={"csrf": csrf, "seat": "2", "level": "easy"})
        ada.post(f"/t/{table_id}/rematch", data={"csrf": csrf})
        with TestClient(app, follow_redirects=True) as visitor:
            visitor.post("/play-now", data={"level": "easy"})
        event.remove(engine, "before_cursor_execute", check)
    assert on_loop == []


def test_a_quick_bot_never_waits_behind_a_round_of_slow_ones(engine: Engine, database_url: str) -> None:
    """Four tables of bots that think as long as the cap allows, and a player against the medium bot:
    the medium bot's decisions are served before the slow ones waiting (a table-by-table round would
    make it wait for all four)."""
    app = create_app(database_url, clock=lambda: NOW, bot_seconds=3.0)
    store = app.state.server.store
    with TestClient(app, follow_redirects=True) as ada:
        csrf = _sign_up(ada, "Ada")
        me = store.login_of("Ada")[0]
        for number in range(4):
            slow = [SeatInfo(seat, BOT, bot="ismcts:99999999ms") for seat in range(2)]
            store.create_table(f"slow{number}", "walking-in-burano", {}, number, slow, created_by=me.id,
                               invite_token=f"s{number}", move_seconds=None, now=NOW)  # fmt: skip
            store.start(f"slow{number}", get_game("walking-in-burano").new_game(2, seed=number).to_act(), NOW)
        ada.portal.call(_wake, app, [f"slow{number}" for number in range(4)])
        time.sleep(1)  # the slow bots are thinking, and queued
        seats = [SeatInfo(0, HUMAN, me.id), SeatInfo(1, BOT, bot="medium")]
        store.create_table("mine", "walking-in-burano", {}, 7, seats, created_by=me.id, invite_token="m",
                           move_seconds=None, now=NOW)  # fmt: skip
        store.start("mine", (0,), NOW)
        waits = []
        while len(waits) < 3:
            page = ada.get("/t/mine/main").text
            version = re.search(r'data-version="(\d+)"', page)
            assert version is not None and "Your turn" in page
            body = {"seat": 0, "action": LISTED.findall(page)[0], "version": int(version.group(1))}
            assert ada.post("/t/mine/act", json=body, headers={"X-CSRF-Token": csrf}).status_code == 200
            if "Your turn" in ada.get("/t/mine/main").text:
                continue  # a turn of several decisions: the bot owes nothing yet
            began = time.monotonic()
            while "Your turn" not in ada.get("/t/mine/main").text:
                assert time.monotonic() - began < 30, "the medium bot did not play"
                time.sleep(0.02)
            waits.append(time.monotonic() - began)
    assert max(waits) < 7, waits  # at most the slow decision under way (3 s), never four of them (12 s)


async def _wake(app: Any, tables: list[str]) -> None:
    for table_id in tables:
        app.state.server.bots.wake(table_id)


def test_visitors_pressing_play_now_at_once_cannot_pass_the_count_together(app: Any) -> None:
    with TestClient(app) as client:
        answers = client.portal.call(_press_at_once, app, 3 * ADDRESS_BOT_GAMES)
    assert sorted(answers) == [303] * ADDRESS_BOT_GAMES + [429] * (2 * ADDRESS_BOT_GAMES)


async def _press_at_once(app: Any, visitors: int) -> list[int]:
    async def press() -> int:
        transport = httpx.ASGITransport(app=app, client=("203.0.113.7", 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://table") as visitor:
            return (await visitor.post("/play-now", data={"level": "easy"})).status_code

    return list(await asyncio.gather(*(press() for _ in range(visitors))))


def test_an_address_asking_for_games_faster_than_anyone_plays_is_slowed_down(app: Any) -> None:
    with TestClient(app, follow_redirects=True) as visitor:
        answers = [visitor.post("/guest").status_code for _ in range(MAKING_BURST + 5)]
    assert answers == [200] * MAKING_BURST + [429] * 5  # the clock stands still: no token comes back
    assert len(app.state.server.making) == 1 and len(app.state.server.admission) == 0


def test_a_limiter_forgets_the_oldest_keys_beyond_its_bound() -> None:
    limiter = RateLimiter(rate=1.0, burst=1)
    for key in range(BUCKETS + 100):
        limiter.allow(key, 0.0)
    assert len(limiter) == BUCKETS
    assert not limiter.allow(BUCKETS + 99, 0.0) and limiter.allow(0, 0.0)  # the oldest was forgotten
