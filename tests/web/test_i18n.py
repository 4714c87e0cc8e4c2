"""The table in English and Russian: the language chosen by the browser's preference or the switch, the
Russian catalogue complete and in step with the strings the code and templates mark."""

from __future__ import annotations

import html
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from laguna import i18n
from laguna.core import games, get_game
from laguna.core.messages import Message
from laguna.server.app import create_app

ROOT = Path(__file__).parents[2]
TEMPLATE = ROOT / "laguna" / "locale" / "laguna.pot"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("ru-RU,ru;q=0.9,en;q=0.8", "ru"),
        ("de-DE,de;q=0.9,en;q=0.5,ru;q=0.7", "ru"),
        ("fr, en;q=0.9", "en"),
        ("ru;q=0, en", "en"),
        ("ru;q=nonsense", "en"),
    ],
)
def test_the_browser_preference_chooses_the_language(header: str | None, expected: str) -> None:
    assert i18n.negotiate(header) == expected


def test_a_language_holds_only_inside_its_block() -> None:
    assert i18n.gettext("Your turn") == "Your turn"
    with i18n.language("ru"):
        assert i18n.gettext("Your turn") == "Ваш ход"
        assert [i18n.ngettext("%(num)s card in hand", "%(num)s cards in hand", n) % {"num": n} for n in (1, 3, 5)] == [
            "1 карта в руке",
            "3 карты в руке",
            "5 карт в руке",
        ]
    assert i18n.current() == "en"
    with pytest.raises(ValueError, match="'fr' is not a language of Laguna"), i18n.language("fr"):
        pass


def test_pages_speak_the_browser_language_or_the_one_chosen(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}")
    with TestClient(app, follow_redirects=True) as browser:
        assert "Play as a guest" in browser.get("/").text
        russian = browser.get("/login", headers={"Accept-Language": "ru-RU,ru;q=0.9"}).text
        assert '<html lang="ru">' in russian and "Пароль" in russian  # drawn in a worker thread
        switched = browser.post("/language", data={"code": "ru", "back": "/signup"})
        assert switched.url.path == "/signup" and "Регистрация" in switched.text
        assert "Играть как гость" in browser.get("/", headers={"Accept-Language": "en"}).text  # the choice wins
        browser.post("/language", data={"code": "en", "back": "https://elsewhere.example/"})
        assert "Play as a guest" in browser.get("/").text
        refused = browser.post("/language", data={"code": "xx"})
        assert refused.status_code == 400 and "'xx' is not a language of Laguna" in html.unescape(refused.text)


def test_the_catalogue_template_holds_every_marked_string(tmp_path: Path) -> None:
    """`make messages` has been run since a string was marked, changed or removed."""
    fresh = tmp_path / "laguna.pot"
    subprocess.run(
        [str(Path(sys.executable).with_name("pybabel")), "extract", "-F", "babel.cfg", "-k", "N_", "-k", "msg",
         "-k", "msg_plural:1,2", "-k", "_said", "--no-location",
         "--sort-output", "--omit-header", "-o", str(fresh), "laguna"],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    with open(fresh, "rb") as new, open(TEMPLATE, "rb") as kept:
        assert {m.id for m in read_po(new)} == {m.id for m in read_po(kept)}


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.DEFAULT])
def test_every_string_is_translated(code: str) -> None:
    with open(TEMPLATE, "rb") as kept:
        wanted = {m.id for m in read_po(kept) if m.id}
    with open(ROOT / "laguna" / "locale" / code / "LC_MESSAGES" / "laguna.po", "rb") as source:
        catalog = read_po(source, locale=code)
    translated = {
        m.id for m in catalog if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)
    }
    assert sorted(map(str, wanted - translated)) == []


PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)\}(?!\})|%\((\w+)\)[sd]")


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.DEFAULT])
def test_translations_keep_every_placeholder(code: str) -> None:
    """A translation fills in the same fields as its English template, so no value goes missing and
    no translated line fails to format."""
    with open(ROOT / "laguna" / "locale" / code / "LC_MESSAGES" / "laguna.po", "rb") as source:
        catalog = read_po(source, locale=code)
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        translated = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = {match.group(1) or match.group(2) for text in english for match in PLACEHOLDER.finditer(text)}
        for text in translated:
            found = {match.group(1) or match.group(2) for match in PLACEHOLDER.finditer(text)}
            if found != wanted:
                wrong.append((english[0], text))
    assert wrong == []


def _templates(message: Message) -> Iterator[Message]:
    """A message and every message among its fields (words and phrases translated in their turn)."""
    yield message
    for value in message.fields.values():
        for item in value if isinstance(value, list | tuple) else [value]:
            if isinstance(item, Message):
                yield from _templates(item)


@pytest.mark.parametrize(("game_id", "players"), [(game.id, game.max_players) for game in games()])
def test_the_game_log_of_every_game_is_told_in_russian(game_id: str, players: int) -> None:
    """Every line a random game writes to its log is a message whose templates, and the words set in
    them, are in the Russian catalogue, and renders there with the players' names."""
    with open(ROOT / "laguna" / "locale" / "ru" / "LC_MESSAGES" / "laguna.po", "rb") as source:
        catalog = read_po(source, locale="ru")
    untranslated: set[str] = set()
    names = [f"Name{seat}" for seat in range(players)]
    lines = 0
    game = get_game(game_id)
    state = game.new_game(players, None, 3)
    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.to_act()[0]
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            assert isinstance(event.message, Message), (game_id, event.kind, event.text)
            for part in _templates(event.message):
                entry = catalog.get(part.template if part.plural is None else (part.template, part.plural))
                if entry is None or not (all(entry.string) if isinstance(entry.string, tuple) else entry.string):
                    untranslated.add(part.template)
            with i18n.language("ru"):
                line = i18n.translate(event.message, names)
            assert "Player " not in line
            lines += 1
    assert lines > 20
    assert sorted(untranslated) == []
