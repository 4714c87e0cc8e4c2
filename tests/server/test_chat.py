"""A table's chat over HTTP (FastAPI's test client), on SQLite and PostgreSQL: the seated players write
and everyone allowed reads; what a message may hold, how fast and how much may be written; the
creator's switch that closes the chat to spectators; mutes; the chat in the replay; the live notice of
a new message; and messages sent at once through two server processes counted one after the other."""

from __future__ import annotations

import html
import random
import re
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, func, select
from sqlalchemy.exc import OperationalError

from laguna.server import chat
from laguna.server.account_store import User
from laguna.server.chat_store import ChatRefused
from laguna.server.db import make_engine
from laguna.server.schema import chat_messages
from laguna.server.service import SeatRequest, TableService
from laguna.server.store import HUMAN, OPEN, Store
from tests.server.test_app import _client, _sign_up, app  # noqa: F401

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ROUNDS = 30
"""Times two servers race for a writer's last allowed message."""
MESSAGE = re.compile(r'<li data-id="(\d+)"><time datetime="[^"]+">\d\d:\d\d</time> <strong>([^<]*)</strong> '
                     r'<span class="text">([^<]*)</span></li>')  # fmt: skip


class Table:
    """A table of Ada (its creator, seat 1) and Bob (seat 2), each in a browser of their own, with
    each browser's form token."""

    def __init__(self, app: Any, ada: TestClient, bob: TestClient) -> None:  # noqa: F811
        self.app = app
        self.ada, self.bob = ada, bob
        self.tokens = {id(ada): _sign_up(ada, "Ada"), id(bob): _sign_up(bob, "Bob")}
        store = app.state.server.store
        self.users = {name: store.login_of(name)[0] for name in ("Ada", "Bob")}
        service = app.state.server.service
        table = service.create(self.users["Ada"], "walking-in-burano", [SeatRequest(HUMAN), SeatRequest(OPEN)])
        service.join(table.id, 1, self.users["Bob"])  # the last seat filled: the game starts
        self.id = table.id

    def token(self, client: TestClient) -> str:
        return self.tokens[id(client)]

    def say(self, client: TestClient, text: Any, token: str | None = None) -> Any:
        """`client` sends a message as the page's script does; the answer."""
        headers = {"X-CSRF-Token": self.token(client) if token is None else token, "Accept": "application/json"}
        return client.post(f"/t/{self.id}/chat", json={"text": text}, headers=headers)

    def read(self, client: TestClient, after: int | str = 0) -> Any:
        return client.get(f"/t/{self.id}/chat?after={after}", headers={"Accept": "application/json"})

    def texts(self, client: TestClient) -> list[str]:
        answer = self.read(client)
        assert answer.status_code == 200, answer.text
        return [message["text"] for message in answer.json()["messages"]]

    def stored(self) -> int:
        with self.app.state.server.store.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(chat_messages)).scalar_one())

    def post_form(self, client: TestClient, path: str, **fields: str) -> Any:
        return client.post(path, data={"csrf": self.token(client), **fields})


@pytest.fixture
def table(app: Any) -> Iterator[Table]:  # noqa: F811
    with _client(app) as ada, _client(app) as bob:
        yield Table(app, ada, bob)


def _within(seconds: float, call: Callable[[], Any]) -> Any:
    """What `call` returns, if it returns within `seconds` (a test that waits for nothing fails instead
    of hanging)."""
    returned: list[Any] = []
    waiting = threading.Thread(target=lambda: returned.append(call()), daemon=True)
    waiting.start()
    waiting.join(seconds)
    assert returned, f"nothing arrived in {seconds} s"
    return returned[0]


def test_a_seated_player_writes_and_the_other_reads(table: Table) -> None:
    sent = table.say(table.ada, "Buongiorno, Bob!")
    assert sent.status_code == 200, sent.text
    number = sent.json()["id"]
    answer = table.read(table.bob)
    assert answer.headers["cache-control"] == "no-store"
    [message] = answer.json()["messages"]
    assert message["id"] == number and message["name"] == "Ada" and message["text"] == "Buongiorno, Bob!"
    assert re.fullmatch(r"\d\d:\d\d", message["at"]) and message["when"].startswith(str(datetime.now(UTC).year))
    assert table.read(table.bob, after=number).json() == {"messages": []}
    replied = table.say(table.bob, "Ciao!")
    assert replied.json()["id"] > number
    assert [m["text"] for m in table.read(table.ada, after=number).json()["messages"]] == ["Ciao!"]
    page = table.bob.get(f"/t/{table.id}").text
    assert [(name, text) for _, name, text in MESSAGE.findall(page)] == [("Ada", "Buongiorno, Bob!"), ("Bob", "Ciao!")]
    assert 'id="chat-form"' in page and 'maxlength="500"' in page


def test_a_message_works_without_the_script(table: Table) -> None:
    page = table.post_form(table.bob, f"/t/{table.id}/chat", text="  sent by a form  ")
    assert page.status_code == 200 and str(page.url).endswith(f"/t/{table.id}#chat")
    assert [text for _, _, text in MESSAGE.findall(page.text)] == ["sent by a form"]
    refused = table.post_form(table.bob, f"/t/{table.id}/chat", text=" \n ")
    assert refused.status_code == 400 and "the message is empty" in refused.text and "<html" in refused.text


def test_markup_comes_back_escaped_in_the_page_and_as_plain_text_in_json(table: Table) -> None:
    attack = "<script>alert(1)</script> & <b>bold</b>"
    assert table.say(table.ada, attack).status_code == 200
    assert table.texts(table.bob) == [attack]
    page = table.bob.get(f"/t/{table.id}").text
    assert "<script>alert(1)" not in page and "<b>bold" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    assert [html.unescape(text) for _, _, text in MESSAGE.findall(page)] == [attack]


def test_a_message_holds_at_most_500_characters(table: Table) -> None:
    refused = table.say(table.ada, "x" * 501)
    assert refused.status_code == 400
    assert refused.json()["error"] == "the message is too long: 501 characters, at most 500"
    huge = table.say(table.ada, "x" * 5000)
    assert huge.status_code == 400 and "at most 2000 characters" in huge.json()["error"]
    assert table.stored() == 0
    assert table.say(table.ada, "  " + "y" * 500 + "\n").status_code == 200  # the spaces around do not count
    assert table.texts(table.bob) == ["y" * 500]


def test_control_characters_and_bidirectional_overrides_are_cleaned(table: Table) -> None:
    sent = "a\nb\r\n\tc\x00d\u202eE\u2066F\u2069\u2028g\x7f "
    assert table.say(table.ada, sent).status_code == 200
    assert table.texts(table.bob) == ["a b   c dEF g"]
    for empty in ("", "   ", "\u202e\u2066\n\t", "\x00"):
        refused = table.say(table.ada, empty)
        assert refused.status_code == 400 and "the message is empty" in refused.json()["error"], empty
    for not_text in (5, None, ["hello"], {"x": 1}):
        refused = table.say(table.ada, not_text)
        assert refused.status_code == 400 and "the message must be text" in refused.json()["error"], not_text
    assert table.stored() == 1


def test_a_body_that_is_not_a_json_object_is_named(table: Table) -> None:
    headers = {"X-CSRF-Token": table.token(table.ada), "Accept": "application/json", "Content-Type": "application/json"}
    for body in ("{not json", "[1, 2]", '"text"'):
        answer = table.ada.post(f"/t/{table.id}/chat", content=body, headers=headers)
        assert answer.status_code == 400 and answer.json()["error"] == "the request must be a JSON object"


def test_the_eleventh_message_in_a_minute_is_refused_and_not_kept(table: Table) -> None:
    for number in range(chat.MESSAGES_PER_MINUTE):
        assert table.say(table.ada, f"message {number}").status_code == 200
    refused = table.say(table.ada, "one too many")
    assert refused.status_code == 429
    assert "you sent 10 messages in the last minute" in refused.json()["error"]
    assert 1 <= int(refused.headers["retry-after"]) <= 61
    assert table.stored() == chat.MESSAGES_PER_MINUTE and "one too many" not in table.texts(table.bob)
    assert table.say(table.bob, "Bob has a rate of his own").status_code == 200


def test_a_table_keeps_a_bounded_number_of_messages(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chat, "MESSAGES_PER_TABLE", 3)
    for client in (table.ada, table.bob, table.ada):
        assert table.say(client, "hello").status_code == 200
    full = table.say(table.bob, "one more")
    assert full.status_code == 429 and full.json()["error"] == "this table's chat is full (3 messages)"
    assert "retry-after" not in full.headers  # waiting does not help
    assert table.stored() == 3


def test_spectators_read_unless_the_creator_keeps_the_chat_for_the_players(table: Table) -> None:
    table.say(table.ada, "a word for everyone")
    with _client(table.app) as carl, _client(table.app) as visitor:
        _sign_up(carl, "Carl")
        assert table.texts(carl) == ["a word for everyone"]
        assert table.texts(visitor) == ["a word for everyone"]
        assert "a word for everyone" in visitor.get(f"/t/{table.id}").text
        assert 'id="chat-spectators"' not in table.bob.get(f"/t/{table.id}").text  # Bob did not create the table
        refused = table.post_form(table.bob, f"/t/{table.id}/chat/spectators", on="no")
        assert refused.status_code == 403 and "only the player who created the table" in refused.text
        assert 'id="chat-spectators"' in table.ada.get(f"/t/{table.id}").text
        closed = table.post_form(table.ada, f"/t/{table.id}/chat/spectators", on="no")
        assert closed.status_code == 200 and "Only the players read this chat." in closed.text
        assert table.app.state.server.store.table(table.id).spectator_chat is False
        for outsider in (carl, visitor):
            answer = table.read(outsider)
            assert answer.status_code == 403 and answer.json()["error"] == "this table's chat is for its players only"
            page = outsider.get(f"/t/{table.id}").text
            assert "a word for everyone" not in page and "At this table only the players read the chat." in page
        assert table.texts(table.bob) == ["a word for everyone"]  # the players read on
        table.say(table.bob, "just between us")
        bad = table.post_form(table.ada, f"/t/{table.id}/chat/spectators", on="maybe")
        assert bad.status_code == 400 and "'maybe' is not the spectators' chat offered (yes, no)" in html.unescape(
            bad.text
        )
        table.post_form(table.ada, f"/t/{table.id}/chat/spectators", on="yes")
        assert table.texts(carl) == ["a word for everyone", "just between us"]


def test_only_a_seated_player_writes(table: Table) -> None:
    with _client(table.app) as carl, _client(table.app) as guest, _client(table.app) as visitor:
        carl_token = _sign_up(carl, "Carl")
        guest.post("/guest")
        guest_token = re.search(r'name="csrf" value="([0-9a-f]+)"', guest.get("/").text)
        assert guest_token is not None
        for client, token in ((carl, carl_token), (guest, guest_token.group(1))):
            refused = table.say(client, "may I?", token=token)
            assert refused.status_code == 403
            assert refused.json()["error"] == "only the players seated at this table write in its chat"
            page = client.get(f"/t/{table.id}").text
            assert 'id="chat-form"' not in page and "Only the players seated at the table write here." in page
        anonymous = table.say(visitor, "hello", token="")
        assert anonymous.status_code == 401
        assert table.stored() == 0


def test_a_form_without_its_token_is_refused(table: Table) -> None:
    for token in ("", "forged"):
        refused = table.say(table.ada, "hello", token=token)
        assert refused.status_code == 403 and "the form has expired" in refused.json()["error"]
    bare = table.ada.post(f"/t/{table.id}/chat", json={"text": "hello"}, headers={"Accept": "application/json"})
    assert bare.status_code == 403
    form = table.ada.post(f"/t/{table.id}/chat", data={"text": "hello"})
    assert form.status_code == 403 and "the form has expired" in form.text
    for path, fields in (("/mute", {"player": "Bob"}), (f"/t/{table.id}/chat/spectators", {"on": "no"})):
        assert table.ada.post(path, data=fields).status_code == 403
    assert table.stored() == 0
    assert table.app.state.server.store.muted(table.users["Ada"].id) == []
    assert table.app.state.server.store.table(table.id).spectator_chat is True


def test_a_mute_hides_the_muted_player_s_messages_from_the_muter_only(table: Table) -> None:
    table.say(table.ada, "from Ada")
    table.say(table.bob, "from Bob")
    with _client(table.app) as carl:
        _sign_up(carl, "Carl")
        assert "Mute Ada" in table.bob.get(f"/t/{table.id}").text
        muted = table.post_form(table.bob, "/mute", player="ada", back=f"/t/{table.id}")
        assert muted.status_code == 200 and str(muted.url).endswith(f"/t/{table.id}")
        assert table.texts(table.bob) == ["from Bob"]
        table.say(table.ada, "Ada again")
        assert table.texts(table.bob) == ["from Bob"]
        assert table.texts(table.ada) == ["from Ada", "from Bob", "Ada again"]
        assert table.texts(carl) == ["from Ada", "from Bob", "Ada again"]
        page = table.bob.get(f"/t/{table.id}").text
        assert [text for _, _, text in MESSAGE.findall(page)] == ["from Bob"]
        assert "Players you mute" in page and "Mute Ada" not in page and 'class="unmute"' in page
        unmuted = table.post_form(table.bob, "/unmute", player="Ada", back=f"/t/{table.id}")
        assert unmuted.status_code == 200
        assert table.texts(table.bob) == ["from Ada", "from Bob", "Ada again"]


def test_a_mute_names_a_player_who_exists_and_is_not_oneself(table: Table) -> None:
    unknown = table.post_form(table.bob, "/mute", player="Nobody")
    assert unknown.status_code == 400 and "there is no player called 'Nobody'" in html.unescape(unknown.text)
    oneself = table.post_form(table.bob, "/mute", player="BOB")
    assert oneself.status_code == 400 and "you cannot mute yourself" in oneself.text
    elsewhere = table.post_form(table.bob, "/mute", player="Ada", back="//evil.example/x")
    assert str(elsewhere.url) == "http://testserver/"  # never back to another site
    too_long = table.post_form(table.bob, "/mute", player="x" * 40)
    assert too_long.status_code == 400 and "the player is too long (at most 32 characters)" in too_long.text


def test_the_newest_message_shown_is_a_whole_number(table: Table) -> None:
    for after in ("-1", "abc", "1.5", str(2**40)):
        answer = table.read(table.ada, after)
        assert answer.status_code == 400, after
        assert "the newest message shown must be a whole number from 0 to" in answer.json()["error"]
    missing = table.ada.get("/t/no-such-table/chat", headers={"Accept": "application/json"})
    assert missing.status_code == 404 and "there is no table" in missing.json()["error"]


def test_the_chat_shows_in_the_finished_game_s_replay(table: Table) -> None:
    table.say(table.ada, "good luck <3")
    service = table.app.state.server.service
    players = [table.users["Ada"], table.users["Bob"]]
    rng = random.Random(3)
    while not (position := service.position(table.id))[1].is_terminal():
        info, state = position
        seat = state.to_act()[0]
        service.act(table.id, players[seat], seat, str(rng.choice(state.legal_actions(seat))), info.version)
    assert table.say(table.bob, "well played").status_code == 200  # the players talk on after the end
    for client in (table.ada, table.bob):
        page = client.get(f"/t/{table.id}/replay")
        assert page.status_code == 200
        assert [(name, html.unescape(text)) for _, name, text in MESSAGE.findall(page.text)] == [
            ("Ada", "good luck <3"),
            ("Bob", "well played"),
        ]
        assert 'id="chat-form"' not in page.text and "/static/chat.js" in page.text
    fragment = table.ada.get(f"/t/{table.id}/replay/main?step=1").text
    assert 'id="chat"' not in fragment  # the page's changing part leaves the chat alone


def test_a_new_message_is_announced_on_the_table_s_live_channel(table: Table) -> None:
    with table.bob.websocket_connect(f"/t/{table.id}/live") as socket:
        assert "version" in socket.receive_json()
        number = table.say(table.ada, "are you there?").json()["id"]
        assert _within(10, socket.receive_json) == {"chat": number}


def test_a_message_the_database_fails_to_commit_changes_nothing(table: Table) -> None:
    engine = table.app.state.server.store.engine
    inserted: set[int] = set()

    def statement(conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        if sql.lstrip().upper().startswith("INSERT INTO CHAT_MESSAGES"):
            inserted.add(id(conn))

    def commit(conn: Any) -> None:
        if id(conn) in inserted:
            inserted.discard(id(conn))
            raise OperationalError("COMMIT", {}, Exception("disk I/O error"))

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "commit", commit)
    try:
        failed = table.say(table.ada, "lost")
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "commit", commit)
    assert failed.status_code == 503 and "nothing changed, try again" in failed.json()["error"]
    assert table.stored() == 0 and table.texts(table.bob) == []
    assert table.say(table.ada, "saved").status_code == 200
    assert table.texts(table.bob) == ["saved"]


def test_two_servers_count_messages_sent_at_once_one_after_the_other(postgres_engine: Engine) -> None:
    """Two server processes (a store and an engine each) take a writer's last allowed message and one
    more at the same moment, time after time: one of the two is kept, never both."""
    url = postgres_engine.url.render_as_string(hide_password=False)
    engines = [make_engine(url), make_engine(url)]
    stores = [Store(engine) for engine in engines]
    most = chat.MESSAGES_PER_MINUTE
    try:
        service = TableService(stores[0], lambda: NOW)
        ada, bob = (stores[0].create_user(name, None, NOW) for name in ("Ada", "Bob"))
        table = service.create(ada, "walking-in-burano", [SeatRequest(HUMAN), SeatRequest(OPEN)])
        service.join(table.id, 1, bob)
        together = threading.Barrier(2)

        def send(store: Store, user: User) -> bool:
            together.wait(timeout=10)
            try:
                store.post_message(table.id, user, "at once", NOW, per_minute=most, per_table=10_000)
            except ChatRefused:
                return False
            return True

        with ThreadPoolExecutor(2) as pool:
            for round_number in range(ROUNDS):
                writer = stores[0].create_user(f"Writer{round_number}", None, NOW)
                for number in range(most - 1):
                    stores[0].post_message(table.id, writer, str(number), NOW, per_minute=most, per_table=10_000)
                kept = [result.result(timeout=30) for result in [pool.submit(send, s, writer) for s in stores]]
                assert sorted(kept) == [False, True], round_number
        written = stores[1].messages(table.id, reader=None)
        assert len(written) == ROUNDS * most
    finally:
        for engine in engines:
            engine.dispose()
