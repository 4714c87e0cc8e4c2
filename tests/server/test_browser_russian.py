"""The whole table in Russian, in a real browser: a browser that prefers Russian gets the welcome page,
the board of every game under way, a finished game's score sheet and its replay with no English
sentence left. Screenshots of the Russian boards go to test-output/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page

from laguna import i18n
from laguna.core import games
from tests.server.browsing import decide, finished, guest_plays, play_to_the_end, shot, wait_turn_or_end

CATALOGUE = Path(__file__).parents[2] / "laguna" / "locale" / "ru" / "LC_MESSAGES" / "laguna.po"


def _english() -> tuple[set[str], set[str]]:
    """The English of the catalogue that Russian says otherwise, without fields: the sentences (two
    words or more), and the single words of four letters or more."""
    with open(CATALOGUE, "rb") as source:
        catalogue = read_po(source, locale="ru")
    sentences, words = set(), set()
    for message in catalogue:
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        russian = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in english:
            if not text or "{" in text or "%(" in text or text in russian:
                continue
            if " " in text:
                sentences.add(text)
            elif text.isalpha() and len(text) >= 4:
                words.add(text)
    return sentences, words


SENTENCES, WORDS = _english()


def _english_left(page: Page) -> list[str]:
    """The catalogue's English sentences on the page, and its English words on the board, but for those
    in ids (``tuna-squid``, ``G3.cat``): a decision's notation and a component's id are the same in
    every language."""
    text = page.inner_text("body")
    left = sorted(sentence for sentence in SENTENCES if sentence in text)
    if page.locator(".board").count():
        board = set(re.findall(r"(?<![\w.-])[A-Za-z]+(?![\w.-])", page.inner_text(".board")))
        left += sorted(board & WORDS)
    print("English left:", left)  # shown when a test fails
    return left


def _guest_in_russian(browser: Browser, server: str, game_id: str) -> Page:
    """A guest whose browser prefers Russian, at a new table of `game_id` against an easy bot."""
    page = guest_plays(browser, server, game_id, locale="ru-RU")
    assert page.get_attribute("html", "lang") == "ru"
    return page


@pytest.mark.parametrize("game_id", [game.id for game in games()])
def test_a_game_under_way_reads_in_russian(browser: Browser, server: str, game_id: str) -> None:
    page = _guest_in_russian(browser, server, game_id)
    for _ in range(12):
        if wait_turn_or_end([page], timeout=60) is None:
            break
        decide(page)
    page.reload()
    page.wait_for_selector(".board")
    assert _english_left(page) == []
    assert page.locator("#log li").count() > 0
    shot(page, f"{game_id}-ru-mid")


def test_a_finished_game_and_its_replay_read_in_russian(browser: Browser, server: str) -> None:
    page = _guest_in_russian(browser, server, "walking-in-burano")
    play_to_the_end(page)
    assert finished(page)
    with i18n.language("ru"):
        assert i18n.gettext("total") in page.inner_text("#score-sheet")
    assert _english_left(page) == []
    page.click(".replay-link")
    page.wait_for_selector("#replay-next")
    page.click("#replay-next")
    assert _english_left(page) == []
    shot(page, "replay-ru")


def test_the_welcome_sign_up_and_lobby_pages_read_in_russian(browser: Browser, server: str) -> None:
    page = browser.new_context(locale="ru-RU").new_page()
    page.goto(server)
    assert page.get_attribute("html", "lang") == "ru" and _english_left(page) == []
    page.goto(f"{server}/signup")
    assert _english_left(page) == []
    form = page.locator("form:has(input[name=password])")
    form.locator("input[name=name]").fill("Katya")
    form.locator("input[name=password]").fill("short")
    form.locator("button[type=submit]").click()
    assert _english_left(page) == []  # the refusal of a short password, in Russian
    form.locator("input[name=password]").fill("correct horse battery")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#create-table")
    assert _english_left(page) == []
    shot(page, "lobby-ru")
