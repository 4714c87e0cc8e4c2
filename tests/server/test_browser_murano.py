"""Murano in a real browser: a player plays a bot, and two players play each other, to the score sheet
by clicking on the board (a ship's move on its action space, a building tile picked and then its
space). The decisions are drawn at random among the buttons shown, so the games end like random games
do. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page

from tests.server.test_browser import (  # noqa: F401
    _finished,
    _shot,
    _version,
    _wait_turn_or_end,
    browser,
    server,
)


def _sign_up(chromium: Browser, address: str, name: str) -> Page:
    """A new player's lobby; the form's own button, as the page header holds other forms' buttons."""
    page = chromium.new_context().new_page()
    page.goto(f"{address}/signup")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.click("form:has(input[name=name]) button[type=submit]")
    page.wait_for_selector("#create-table")
    return page


def _click_on_board(page: Page, rng: random.Random) -> None:
    """Take one decision on the board: a shown decision button, or a tile to build and then its space."""
    before = _version(page)
    board = page.locator(".board.murano")
    buttons = board.locator("button.act:visible, button.pick")
    count = buttons.count()
    assert count, page.inner_text("#main-inner")
    button = buttons.nth(rng.randrange(count))
    if button.get_attribute("class") == "pick":
        button.click()
        spaces = board.locator("button.act:visible")
        spaces.nth(rng.randrange(spaces.count())).click()
    else:
        button.click()
    page.wait_for_function(
        "v => Number(document.querySelector('#main-inner').dataset.version) > v", arg=before, timeout=15_000
    )


def _create(page: Page, seat2: str, invite: str = "") -> None:
    page.select_option("#create-table select[name=game]", "murano")
    page.fill("#create-table input[name=players]", "2")
    page.select_option("#create-table select[name=seat2]", seat2)
    if invite:
        page.fill("#create-table input[name=invite2]", invite)
    page.click("#create-table button[type=submit]")


def _start(page: Page) -> None:
    page.wait_for_selector("#main-inner, #start")
    if page.locator("#start").count():
        page.click("#start")
    page.wait_for_selector(".board.murano")


def test_a_player_plays_murano_against_a_bot_to_the_score_sheet(browser: Browser, server: str) -> None:  # noqa: F811
    page = _sign_up(browser, server, "Marco")
    _create(page, "easy")
    _start(page)
    rng = random.Random(1)
    decisions = 0
    while _wait_turn_or_end([page], timeout=60) is not None:
        _click_on_board(page, rng)
        decisions += 1
        if decisions == 40:
            _shot(page, "murano-mid")
            assert page.locator(".board.murano .island").count() >= 4
            assert page.locator(".board.murano .space").count() == 18
    assert decisions > 20 and _finished(page)
    page.reload()
    page.wait_for_selector("#score-sheet")
    _shot(page, "murano-score-sheet")


def test_two_players_play_murano_to_the_score_sheet(browser: Browser, server: str) -> None:  # noqa: F811
    ada = _sign_up(browser, server, "Nina")
    bob = _sign_up(browser, server, "Otto")
    _create(ada, "invited", "Otto")
    invite = ada.get_attribute("#invite-link", "href")
    assert invite is not None
    bob.goto(server + invite)
    bob.click("button.join")
    ada.wait_for_selector("li[data-seat='1']:has-text('Otto')")
    _start(ada)
    bob.goto(ada.url)
    bob.wait_for_selector(".board.murano")
    rng = random.Random(2)
    decisions = 0
    while (page := _wait_turn_or_end([ada, bob])) is not None:
        _click_on_board(page, rng)
        decisions += 1
        if decisions == 30:
            other = bob if page is ada else ada
            assert other.locator(".board.murano button.act").count() == 0 or _wait_turn_or_end([other]) is other
    assert decisions > 40
    for page in (ada, bob):
        page.reload()
        page.wait_for_selector("#score-sheet")
