"""The browser table in a real browser: Playwright driving Debian's Chromium against a `laguna serve`
process. Players sign up, meet at a table and play Walking in Burano to the score sheet by clicking on
the board; a spectator never sees a hand; a reload shows the same game; a guest plays a bot and a solo
game to the end. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.server.conftest import launch_server

CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).parents[2] / "test-output" / "screenshots"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium as root on a machine without a network: no sandbox, no background connections."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A `laguna serve` process on an SQLite file of its own; its address."""
    folder = tmp_path_factory.mktemp("serve")
    process, address = launch_server(f"sqlite:///{folder / 'laguna.sqlite3'}", folder)
    yield address
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield launched
        launched.close()


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def _sign_up(browser: Browser, server: str, name: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(f"{server}/signup")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.click("button[type=submit]")
    page.wait_for_selector("text=My games")
    return page


def _version(page: Page) -> int:
    return int(page.get_attribute("#main-inner", "data-version") or "0")


def _my_turn(page: Page) -> bool:
    return page.locator("#main-inner .turn strong", has_text="Your turn").count() > 0


def _finished(page: Page) -> bool:
    return page.get_attribute("#main-inner", "data-status") == "finished"


def _click_on_board(page: Page) -> None:
    """Take one decision by clicking on the board: a visible decision button, or else pick a card in
    hand and click where it goes."""
    before = _version(page)
    board = page.locator(".board")
    visible = board.locator("button.act:visible")
    if visible.count():
        visible.first.click()
    else:
        assert board.locator("button.pick").count(), page.inner_text("#actions")
        board.locator("button.pick").first.click()
        board.locator("button.act:visible").first.click()
    page.wait_for_function(
        "v => Number(document.querySelector('#main-inner').dataset.version) > v", arg=before, timeout=15_000
    )


def _wait_turn_or_end(pages: list[Page], timeout: float = 30.0) -> Page | None:
    """The page whose player owes a decision now (updated live, without reloading), None at the end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages:
            if _finished(page):
                return None
            if _my_turn(page):
                return page
        pages[0].wait_for_timeout(50)
    raise AssertionError("no page shows a turn: live updates did not arrive")


def _play_to_the_end(page: Page) -> None:
    """Click on the board at every turn of the page's player until the score sheet shows."""
    page.wait_for_selector("#main-inner")
    while _wait_turn_or_end([page]) is not None:
        _click_on_board(page)
    page.wait_for_selector("#score-sheet")


def test_two_players_play_a_table_to_the_score_sheet(browser: Browser, server: str) -> None:
    ada = _sign_up(browser, server, "Ada")
    bob = _sign_up(browser, server, "Bob")
    ada.select_option("#create-table select[name=game]", "walking-in-burano")
    ada.fill("#create-table input[name=players]", "2")
    ada.select_option("#create-table select[name=seat2]", "invited")
    ada.fill("#create-table input[name=invite2]", "Bob")
    ada.click("#create-table button[type=submit]")
    invite = ada.get_attribute("#invite-link", "href")
    assert invite is not None
    bob.goto(server + invite)
    bob.click("button.join")
    ada.wait_for_selector("li[data-seat='1']:has-text('Bob')")  # the join reached Ada's page live
    ada.click("#start")
    table_url = ada.url
    bob.goto(table_url)
    spectator = browser.new_context().new_page()
    spectator.goto(table_url)
    decisions = 0
    while (page := _wait_turn_or_end([ada, bob])) is not None:
        _click_on_board(page)
        decisions += 1
        if decisions == 12:
            _shot(ada, "walking-in-burano-mid-game")
            spectator.reload()
            assert spectator.locator(".hand-cards").count() == 0 and "Your hand" not in spectator.content()
            assert spectator.locator(".hidden-hand").count() == 2
            board = page.inner_html(".board")
            page.reload()
            assert page.inner_html(".board") == board  # a reload shows the same game
    assert decisions > 20
    for page in (ada, bob, spectator):
        page.reload()
        page.wait_for_selector("#score-sheet")
    assert "★ 1" in ada.inner_text("#score-sheet")
    _shot(ada, "walking-in-burano-score-sheet")


def test_a_guest_plays_a_bot_to_the_end(browser: Browser, server: str) -> None:
    page = browser.new_context().new_page()
    page.goto(server)
    page.select_option("select[name=game]", "walking-in-burano")
    page.select_option("select[name=level]", "easy")
    page.click("#play-now")
    _play_to_the_end(page)
    _shot(page, "walking-in-burano-against-a-bot")


def test_a_solo_game_ends_with_its_rating(browser: Browser, server: str) -> None:
    page = _sign_up(browser, server, "Solo")
    page.select_option("select[name=game] >> nth=0", "walking-in-burano")
    page.fill("input[name=opponents]", "0")
    page.click("#play-now")
    _play_to_the_end(page)
    rating = page.inner_text(".rating")
    assert re.search(r"Rating: \S", rating), rating
    _shot(page, "walking-in-burano-solo-rating")
