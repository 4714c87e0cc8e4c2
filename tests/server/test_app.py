"""The browser table over HTTP (FastAPI's test client), on SQLite and PostgreSQL: accounts, the lobby,
tables, decisions, errors as pages or JSON that name the problem, and pages that show only views."""

from __future__ import annotations

import html
import random
import re
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from laguna.core import Rng
from laguna.server.app import create_app
from laguna.server.limits import RateLimiter
from laguna.server.pages import table_context
from laguna.server.service import SeatRequest
from laguna.server.store import HUMAN, INVITED, PLAYING
from laguna.server.web import TEMPLATES

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
NOW = datetime(2026, 3, 1, tzinfo=UTC)
LISTED = re.compile(r'class="act listed" data-action="([^"]+)"')


@pytest.fixture
def app(engine: Engine, database_url: str) -> Iterator[Any]:
    del engine  # the database is ready (and emptied afterwards)
    yield create_app(database_url)


def _client(app: Any) -> TestClient:
    return TestClient(app, follow_redirects=True)


def _sign_up(client: TestClient, name: str) -> str:
    """Sign up and return the session's CSRF token (read from the lobby, as a browser would)."""
    page = client.post("/signup", data={"name": name, "password": "correct horse"})
    assert page.status_code == 200, page.text
    found = CSRF.search(page.text)
    assert found is not None
    return found.group(1)


def _table_id(url: str) -> str:
    found = re.search(r"/t/([\w-]+)$", url)
    assert found is not None, url
    return found.group(1)


def _main(client: TestClient, table_id: str) -> str:
    return client.get(f"/t/{table_id}/main").text


def _my_turn(client: TestClient, table_id: str) -> str:
    """The table's changing part once the bots have played and it is the client's turn (or the end)."""
    for _ in range(200):
        page = _main(client, table_id)
        if "Your turn" in page or 'data-status="finished"' in page:
            return page
        time.sleep(0.05)
    raise AssertionError("the bots did not play")


def _state(page: str) -> tuple[int, str]:
    version = re.search(r'data-version="(\d+)" data-seat="(\d*)"', page)
    assert version is not None
    return int(version.group(1)), version.group(2)


def test_visitors_see_the_welcome_and_can_sign_up_log_out_and_in(app: Any) -> None:
    with _client(app) as client:
        assert "Play as a guest" in client.get("/").text
        csrf = _sign_up(client, "Ada")
        assert "My games" in client.get("/").text
        refused = client.post("/logout", data={"csrf": "forged"})
        assert refused.status_code == 403 and "came from another site" in refused.text
        assert "Play as a guest" in client.post("/logout", data={"csrf": csrf}).text
        wrong = client.post("/login", data={"name": "ada", "password": "wrong password"})
        assert wrong.status_code == 400 and "unknown name or wrong password" in wrong.text
        assert "My games" in client.post("/login", data={"name": "ADA", "password": "correct horse"}).text


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [
        ("a", "long enough", "2 to 24 letters"),
        ("Ada", "short", "at least 8 characters"),
        ("guest-7", "long enough", "kept for guests"),
        ("<script>", "long enough", "2 to 24 letters"),
    ],
)
def test_a_bad_sign_up_says_why(app: Any, name: str, password: str, message: str) -> None:
    with _client(app) as client:
        page = client.post("/signup", data={"name": name, "password": password})
        assert page.status_code == 400 and message in page.text
        assert "<script>" not in page.text  # what the visitor typed comes back escaped


def test_a_taken_name_is_refused(app: Any) -> None:
    with _client(app) as first, _client(app) as second:
        _sign_up(first, "Ada")
        page = second.post("/signup", data={"name": "ada", "password": "long enough"})
        assert page.status_code == 400 and "the name 'ada' is taken" in html.unescape(page.text)


def test_two_players_meet_at_a_table_and_play_it_to_the_score_sheet(app: Any) -> None:
    with _client(app) as ada, _client(app) as bob, _client(app) as spectator:
        ada_csrf = _sign_up(ada, "Ada")
        bob_csrf = _sign_up(bob, "Bob")
        created = ada.post(
            "/tables",
            data={"csrf": ada_csrf, "game": "walking-in-burano", "players": "2", "seat2": "invited", "invite2": "Bob"},
        )
        table_id = _table_id(str(created.url))
        invite = re.search(r'id="invite-link" href="([^"]+)"', created.text)
        assert invite is not None
        assert "Join as seat 2" in bob.get(invite.group(1)).text
        assert "My games" in bob.get("/").text and table_id in bob.get("/").text
        assert 'id="start"' in created.text  # offered to the creator while a seat waits
        joined = bob.post(f"/t/{table_id}/join", data={"csrf": bob_csrf, "seat": "2"})
        assert 'data-status="playing"' in joined.text  # the last seat taken: the game began, nobody pressed Start
        assert 'id="start"' not in ada.get(f"/t/{table_id}").text
        players = {"0": (ada, ada_csrf), "1": (bob, bob_csrf)}
        decisions = 0
        while True:
            page = _main(ada, table_id)
            if 'data-status="finished"' in page:
                break
            version, seat = _state(page)
            if seat == "" or "Your turn" not in page:
                page = _main(bob, table_id)
                version, seat = _state(page)
            client, csrf = players[seat]
            action = LISTED.findall(page)[0]
            answer = client.post(
                f"/t/{table_id}/act", json={"seat": int(seat), "action": action, "version": version},
                headers={"X-CSRF-Token": csrf},
            )  # fmt: skip
            if answer.status_code == 429:  # faster than the rate limit lets a player decide
                time.sleep(0.2)
                continue
            assert answer.status_code == 200, answer.text
            assert answer.json() == {"version": version + 1}
            decisions += 1
        assert decisions > 20
        final = spectator.get(f"/t/{table_id}").text
        assert 'id="score-sheet"' in final and "total" in final and "★ 1" in final
        record = spectator.get(f"/t/{table_id}/record").json()
        assert record["seats"] == ["Ada", "Bob"] and len(record["actions"]) == decisions


def test_decisions_are_refused_with_the_reason(app: Any) -> None:
    with _client(app) as ada, _client(app) as stranger:
        csrf = _sign_up(ada, "Ada")
        stranger_csrf = _sign_up(stranger, "Eve")
        table_id = _table_id(str(ada.post("/play-now", data={"csrf": csrf, "level": "easy"}).url))
        page = _my_turn(ada, table_id)
        version, seat = _state(page)
        assert seat == "0"

        def act(client: TestClient, token: str, body: dict[str, Any]) -> tuple[int, str]:
            answer = client.post(f"/t/{table_id}/act", json=body, headers={"X-CSRF-Token": token})
            return answer.status_code, answer.json()["error"]

        assert act(ada, "forged", {"seat": 0, "action": "done", "version": version})[0] == 403
        assert act(ada, csrf, {"seat": 0, "action": "fly away", "version": version})[0] == 400
        status, error = act(ada, csrf, {"seat": 0, "action": "done", "version": version})
        assert status == 400 and "is illegal" in error
        status, error = act(ada, csrf, {"seat": 0, "action": LISTED.findall(page)[0], "version": version + 5})
        assert status == 409 and "moved on" in error
        status, error = act(stranger, stranger_csrf, {"seat": 0, "action": "done", "version": version})
        assert status == 400 and "seat 1 is not yours" in error
        status, error = act(ada, csrf, {"seat": "first", "action": "done", "version": version})
        assert status == 400 and "the seat must be a whole number" in error
        answer = ada.post(f"/t/{table_id}/act", content=b"[1, 2]", headers={"X-CSRF-Token": csrf})
        assert answer.status_code == 400 and "JSON object" in answer.json()["error"]
        huge = ada.post(f"/t/{table_id}/act", content=b"x" * 70_000, headers={"X-CSRF-Token": csrf})
        assert huge.status_code == 413 and "too large" in huge.json()["error"]
        chunks = (b"x" * 10_000 for _ in range(7))  # sent in chunks: no length announced
        streamed = ada.post(f"/t/{table_id}/act", content=chunks, headers={"X-CSRF-Token": csrf})
        assert streamed.status_code == 413 and "too large" in streamed.json()["error"]
        assert ada.get(f"/t/{table_id}/record").status_code == 403  # the seed stays secret until the end
        missing = ada.get("/t/no-such-table")
        assert missing.status_code == 404 and "there is no table 'no-such-table'" in html.unescape(missing.text)
        assert "Traceback" not in missing.text


def test_a_guest_plays_a_bot_to_the_end(app: Any) -> None:
    with _client(app) as guest:
        start = guest.post("/play-now", data={"level": "easy", "game": "walking-in-burano"})
        assert start.status_code == 200 and "Guest-" in start.text and "easy (bot)" in start.text
        table_id = _table_id(str(start.url))
        csrf = CSRF.search(start.text)
        assert csrf is not None
        while 'data-status="finished"' not in (page := _main(guest, table_id)):
            if "Your turn" not in page:
                page = _my_turn(guest, table_id)
                if "Your turn" not in page:
                    continue
            version, seat = _state(page)
            answer = guest.post(
                f"/t/{table_id}/act", json={"seat": int(seat), "action": LISTED.findall(page)[-1], "version": version},
                headers={"X-CSRF-Token": csrf.group(1)},
            )  # fmt: skip
            if answer.status_code == 429:  # faster than the rate limit lets a player decide
                time.sleep(0.2)
                continue
            assert answer.status_code in (200, 409), answer.text  # 409: the page was older than a bot's move
        assert 'id="score-sheet"' in page
        assert "My games" in guest.get("/").text and "finished" in guest.get("/").text


def test_pages_show_no_card_still_in_a_deck(app: Any) -> None:
    """The deck order is the game's secret: no page, for a seat or a spectator, names a card in a deck."""
    with _client(app) as ada, _client(app) as spectator:
        csrf = _sign_up(ada, "Ada")
        table_id = _table_id(str(ada.post("/play-now", data={"csrf": csrf, "level": "easy"}).url))
        server = app.state.server
        _, state = server.service.position(table_id)
        deck_ids = {state._cards.cards[i].id for deck in state.decks for i in deck}
        assert deck_ids
        for page in (ada.get(f"/t/{table_id}").text, spectator.get(f"/t/{table_id}").text, _main(ada, table_id)):
            shown = set(re.findall(r"\b[A-Z][123][a-z]\b", page))
            assert not shown & deck_ids


def test_a_table_takes_the_rule_options_ticked_in_the_form(app: Any) -> None:
    with _client(app) as ada:
        csrf = _sign_up(ada, "Ada")
        form = {"csrf": csrf, "game": "murano", "players": "2", "seat2": "easy", "options_murano": "shown",
                "option_murano_red_ship_gold": "on", "option_murano_unlimited_markers": "on"}  # fmt: skip
        table_id = _table_id(str(ada.post("/tables", data=form).url))
        options = app.state.server.store.table(table_id).options
        assert options["red_ship_gold"] is True and options["unlimited_markers"] is True
        assert options["automatic_income"] is False  # on by default, left unticked
        plain = {"csrf": csrf, "game": "murano", "players": "2", "seat2": "easy"}
        table_id = _table_id(str(ada.post("/tables", data=plain).url))
        assert app.state.server.store.table(table_id).options["automatic_income"] is True  # no form: defaults


def test_decisions_are_rate_limited(engine: Engine, database_url: str) -> None:
    frozen = create_app(database_url, clock=lambda: datetime(2026, 3, 1, tzinfo=UTC))  # no time passes
    with _client(frozen) as ada:
        csrf = _sign_up(ada, "Ada")
        table_id = _table_id(str(ada.post("/play-now", data={"csrf": csrf, "opponents": "0"}).url))
        body = {"seat": 0, "action": "x", "version": 99}
        headers = {"X-CSRF-Token": csrf}
        statuses = [ada.post(f"/t/{table_id}/act", json=body, headers=headers).status_code for _ in range(62)]
        assert statuses[:60] == [409] * 60 and statuses[60:] == [429, 429]  # a burst of 60, then refused


def test_the_rate_limit_refills_with_time() -> None:
    limiter = RateLimiter(rate=2.0, burst=3)
    assert [limiter.allow(1, 0.0) for _ in range(4)] == [True, True, True, False]
    assert limiter.allow(2, 0.0)  # another user has a bucket of their own
    assert limiter.allow(1, 0.5) and not limiter.allow(1, 0.5)  # half a second: one more
    assert [limiter.allow(1, 10.0) for _ in range(4)] == [True, True, True, False]  # never more than the burst


@pytest.mark.parametrize("game_id", ["walking-in-burano", "walking-in-burano-roll-and-write", "burano", "murano"])
def test_a_page_shows_nothing_its_seat_may_not_know(app: Any, game_id: str) -> None:
    """A seat's page is the same whatever the hidden parts of the position are: rendered from the true
    position and from positions whose hidden information is drawn anew for that seat, it does not
    change (and so cannot show another seat's hidden cards or the order of a deck)."""
    server = app.state.server
    service = server.service
    ada, bob = server.store.create_user("Ada", "h", NOW), server.store.create_user("Bob", "h", NOW)
    table = service.create(ada, game_id, [SeatRequest(HUMAN), SeatRequest(INVITED, invited="Bob")], seed=3)
    assert service.join(table.id, 1, bob).status == PLAYING  # the last seat taken: the game begins
    rng = random.Random(game_id)
    template = TEMPLATES.get_template("table_main.html")
    for step in range(60):
        snapshot = service.snapshot(table.id)
        info, state = snapshot.table, snapshot.state
        if step % 15 == 14:
            for seat, user in enumerate((ada, bob)):
                shown = template.render(table_context(service, snapshot, user) | {"csrf": "", "user": user})
                for draw in range(3):
                    sample = replace(snapshot, state=state.determinize(seat, Rng(draw)))
                    again = template.render(table_context(service, sample, user) | {"csrf": "", "user": user})
                    assert again == shown, f"seat {seat + 1}'s page shows hidden information at step {step}"
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        service.act(table.id, (ada, bob)[seat], seat, str(action), info.version)


def test_a_player_undoes_their_last_decision_from_the_page(app: Any) -> None:
    with _client(app) as ada:
        csrf = _sign_up(ada, "Ada")
        table_id = _table_id(str(ada.post("/play-now", data={"csrf": csrf, "opponents": "0"}).url))
        headers = {"X-CSRF-Token": csrf}
        before = _main(ada, table_id)
        assert 'id="undo"' not in before
        take = next(action for action in LISTED.findall(before) if action.startswith("take"))
        assert 'data-version="1"' in before  # the start was the table's one change so far
        taken = ada.post(f"/t/{table_id}/act", json={"seat": 0, "action": take, "version": 1}, headers=headers)
        assert taken.json() == {"version": 2}
        assert re.fullmatch(r"act;dur=\d+\.\d", taken.headers["server-timing"])  # the time the server took
        assert 'id="undo"' in _main(ada, table_id)
        undone = ada.post(f"/t/{table_id}/act", json={"seat": 0, "undo": True, "version": 2}, headers=headers)
        assert undone.json() == {"version": 3}
        after = _main(ada, table_id)
        assert LISTED.findall(after) == LISTED.findall(before) and 'id="undo"' not in after
        again = ada.post(f"/t/{table_id}/act", json={"seat": 0, "undo": True, "version": 3}, headers=headers)
        assert again.status_code == 400 and "nothing to undo" in again.json()["error"]


def test_a_wrong_address_or_method_gets_a_page_that_says_so(app: Any) -> None:
    with _client(app) as visitor:
        missing = visitor.get("/no/such/page")
        assert missing.status_code == 404 and "there is no page at /no/such/page" in missing.text
        wrong = visitor.get("/logout")
        assert wrong.status_code == 405 and "GET is not how /logout is used" in wrong.text
        anonymous = visitor.post("/tables", data={})
        assert anonymous.status_code == 401 and "log in, sign up or play as a guest" in anonymous.text
        assert "Traceback" not in missing.text + wrong.text + anonymous.text


def test_my_games_lists_my_turns_first_the_longest_waiting_first(engine: Engine, database_url: str) -> None:
    clock = [NOW]
    app = create_app(database_url, clock=lambda: clock[0])
    with _client(app) as ada:
        _sign_up(ada, "Ada")
        store, service = app.state.server.store, app.state.server.service
        me = store.login_of("Ada")[0]
        bob = store.create_user("Bob", "h", NOW)
        names = {}
        for name, minutes in (("newer", 30), ("older", 10), ("theirs", 0)):
            clock[0] = NOW + timedelta(minutes=minutes)
            table = service.create(me, "walking-in-burano", [SeatRequest(HUMAN), SeatRequest(INVITED, invited="Bob")])
            table = service.join(table.id, 1, bob)  # the last seat taken: the game begins
            if (name == "theirs") == (table.waiting == (0,)):  # make it the other player's turn, or mine
                _, state = service.position(table.id)
                seat = state.to_act()[0]
                while state.to_act() == (seat,):
                    service.act(table.id, (me, bob)[seat], seat, str(state.legal_actions(seat)[0]), table.version)
                    table, state = service.position(table.id)
            names[table.id] = name
        rows = re.findall(r'<tr class="(my-turn|)">.*?href="/t/([\w-]+)"', ada.get("/").text, re.S)
        assert [(names[table_id], mark) for mark, table_id in rows] == [
            ("older", "my-turn"),
            ("newer", "my-turn"),
            ("theirs", ""),
        ]


def test_a_player_hands_a_seat_that_ran_out_of_time_to_a_bot(engine: Engine, database_url: str) -> None:
    clock = [NOW]
    app = create_app(database_url, clock=lambda: clock[0])
    with _client(app) as ada, _client(app) as bob:
        ada_csrf, bob_csrf = _sign_up(ada, "Ada"), _sign_up(bob, "Bob")
        form = {"csrf": ada_csrf, "game": "walking-in-burano", "players": "2", "seat2": "invited", "invite2": "Bob",
                "move_seconds": "3600"}  # fmt: skip
        table_id = _table_id(str(ada.post("/tables", data=form).url))
        bob.post(f"/t/{table_id}/join", data={"csrf": bob_csrf, "seat": "2"})  # the last seat: the game begins
        table = app.state.server.store.table(table_id)
        assert table.status == PLAYING
        late, waiting = (ada, bob)[table.waiting[0]], (bob, ada)[table.waiting[0]]
        waiting_csrf = (bob_csrf, ada_csrf)[table.waiting[0]]
        seat = table.waiting[0] + 1
        assert "Hand seat" not in _main(waiting, table_id)
        early = waiting.post(f"/t/{table_id}/handover", data={"csrf": waiting_csrf, "seat": str(seat)})
        assert early.status_code == 400 and "has not run out of time" in early.text
        clock[0] = NOW + timedelta(hours=2)
        assert f"Hand seat {seat} to a bot" in _main(waiting, table_id)
        assert "Hand seat" not in _main(late, table_id)  # a player cannot hand over their own seat
        handed = waiting.post(
            f"/t/{table_id}/handover", data={"csrf": waiting_csrf, "seat": str(seat), "level": "easy"}
        )
        assert handed.status_code == 200 and "easy (bot)" in handed.text
        assert "Your turn" in _my_turn(waiting, table_id)  # the bot took the late player's turn
        assert f'<li data-seat="{seat - 1}">easy (bot)' in _main(late, table_id)  # what a page fetches shows it
