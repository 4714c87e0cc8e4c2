"""Input no player would send: deeply nested JSON, numbers of thousands of digits, fields and paths of
many kilobytes. Each is refused as the sender's mistake (4xx) with a short message that names the
field and quotes at most an excerpt of what was sent, never a 500, a traceback or the input echoed whole."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from laguna.server.app import create_app
from laguna.server.pages import replay_context
from laguna.server.service import TableError

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
LONGEST_MESSAGE = 300
"""Characters of a refusal: enough to name the field and quote an excerpt."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'laguna.sqlite3'}")) as client:
        yield client


@pytest.fixture
def player(client: TestClient) -> tuple[TestClient, str, str]:
    """A signed-in player at a table with a bot, and the session's token."""
    page = client.post("/signup", data={"name": "Ada", "password": "correct horse"}, follow_redirects=True)
    found = CSRF.search(page.text)
    assert found is not None
    made = client.post("/play-now", data={"csrf": found.group(1), "opponents": "1"}, follow_redirects=True)
    table = re.search(r"/t/([\w-]+)$", str(made.url))
    assert table is not None
    return client, found.group(1), table.group(1)


def _refused(answer: Any, *words: str) -> str:
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:500])
    message = answer.json()["error"] if answer.headers["content-type"].startswith("application/json") else answer.text
    text = re.sub(r"<[^>]+>", " ", message)
    found = re.search(r'<p class="error"[^>]*>(.*?)</p>', message, re.S)
    shown = found.group(1) if found else text
    assert len(shown) < LONGEST_MESSAGE, shown[:500]
    for word in words:
        assert word in shown, shown
    assert "Traceback" not in message
    return shown


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("[" * 60_000, ["JSON object"]),
        ('{"a":' * 10_000 + "1" + "}" * 10_000, ["JSON object"]),
        ('{"seat": 0, "version": ' + "9" * 5000 + "}", ["JSON object"]),
        ('{"seat": 0, "version": "' + "9" * 5000 + '"}', ["version", "…"]),
        ('{"seat": 0, "version": 1e999}', ["version"]),
        ('{"seat": [[[[0]]]], "version": 1}', ["seat"]),
        ('{"seat": 0, "version": 1, "action": "' + "x" * 50_000 + '"}', ["decision", "too long"]),
    ],
)
def test_a_hostile_decision_is_refused_in_a_few_words(player: Any, body: str, words: list[str]) -> None:
    client, csrf, table = player
    answer = client.post(
        f"/t/{table}/act", content=body, headers={"x-csrf-token": csrf, "content-type": "application/json"}
    )
    _refused(answer, *words)


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/t/{table}/main?version=" + "9" * 5000, ["version"]),
        ("/t/{table}/main?version=²", ["version"]),
        ("/" + "x" * 8000, ["no page"]),
    ],
)
def test_a_hostile_address_is_refused_in_a_few_words(player: Any, path: str, words: list[str]) -> None:
    client, _, table = player
    _refused(client.get(path.format(table=table), headers={"accept": "application/json"}), *words)


@pytest.mark.parametrize(
    ("step", "seat", "words"),
    [("9" * 5000, "", ["step", "…"]), ("²", "", ["step"]), ("", "9" * 5000, ["seat", "…"]), ("", "x" * 5000, ["seat"])],
)
def test_a_hostile_replay_address_is_refused_in_a_few_words(step: str, seat: str, words: list[str]) -> None:
    replay = SimpleNamespace(table=SimpleNamespace(seats=[], players=2), last=10)
    with pytest.raises(TableError) as refused:
        replay_context(replay, step, seat, None)  # type: ignore[arg-type]
    message = str(refused.value)
    assert len(message) < LONGEST_MESSAGE and all(word in message for word in words), message


def test_a_hostile_form_is_refused_in_a_few_words(player: Any) -> None:
    client, csrf, _ = player
    _refused(client.post("/language", data={"code": "x" * 60_000}), "language")
    _refused(client.post("/play-now", data={"csrf": csrf, "opponents": "9" * 5000}), "opponents")
    _refused(client.post("/play-now", data={"csrf": csrf, "level": "ismcts:²"}), "level")
    _refused(client.post("/tables", data={"csrf": csrf, "game": "g" * 60_000, "players": "2"}), "game")
    _refused(client.post("/logout", data={"csrf": "f" * 60_000}), "another site")
