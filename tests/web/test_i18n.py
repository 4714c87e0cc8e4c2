"""The table in English and Russian: the language chosen by the browser's preference or the switch, the
Russian catalogue complete and in step with the strings the code and templates mark."""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from laguna import i18n
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
        [str(Path(sys.executable).with_name("pybabel")), "extract", "-F", "babel.cfg", "-k", "N_", "--no-location",
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
