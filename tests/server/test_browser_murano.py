"""Murano in a real browser: a player plays a bot, and two players play each other, to the score sheet
by clicking on the board (a ship's move on its action space, a building tile picked and then its
space). The decisions are drawn at random among the buttons shown, so the games end like random games
do. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page

from tests.server.browsing import create_table, finished, meet, shot, sign_up, still_owing, version, wait_turn_or_end


def click_on_board(page: Page, rng: random.Random) -> None:
    """Take one decision on the board: a shown decision button, or a tile to build and then its space."""
    before = version(page)
    board = page.locator(".board.murano")
    buttons = board.locator("button.act:visible, button.pick")
    count = buttons.count()
    if not count:
        assert not still_owing(page), page.inner_text("#main-inner")
        return
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


def _start(page: Page) -> None:
    page.wait_for_selector("#main-inner, #start")
    if page.locator("#start").count():
        page.click("#start")
    page.wait_for_selector(".board.murano")


def test_a_player_plays_murano_against_a_bot_to_the_score_sheet(browser: Browser, server: str) -> None:
    page = sign_up(browser, server, "Marco")
    create_table(page, "murano", "easy")
    _start(page)
    rng = random.Random(1)
    decisions = 0
    while wait_turn_or_end([page], timeout=60) is not None:
        click_on_board(page, rng)
        decisions += 1
        if decisions == 40:
            shot(page, "murano-mid")
            assert page.locator(".board.murano .island").count() >= 4
            assert page.locator(".board.murano .space").count() == 18
    assert decisions > 20 and finished(page)
    page.reload()
    page.wait_for_selector("#score-sheet")
    shot(page, "murano-score-sheet")


def test_two_players_play_murano_to_the_score_sheet(browser: Browser, server: str) -> None:
    ada, bob = meet(browser, server, "murano", "Nina", "Otto")
    rng = random.Random(2)
    decisions = 0
    while (page := wait_turn_or_end([ada, bob])) is not None:
        click_on_board(page, rng)
        decisions += 1
        if decisions == 30:
            other = bob if page is ada else ada
            assert other.locator(".board.murano button.act").count() == 0 or wait_turn_or_end([other]) is other
    assert decisions > 40
    for page in (ada, bob):
        page.reload()
        page.wait_for_selector("#score-sheet")
