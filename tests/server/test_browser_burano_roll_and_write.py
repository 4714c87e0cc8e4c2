"""Walking in Burano Roll & Write in a real browser: a player plays a bot, and two players play each
other, to the score sheet by clicking on the board, choosing now the first button shown and now a
symbol or character first and then where it goes. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.server.test_browser import (  # noqa: F401
    _finished,
    _my_turn,
    _shot,
    _version,
    _wait_turn_or_end,
    browser,
    server,
)

GAME_ID = "walking-in-burano-roll-and-write"


def _sign_up(chromium: Browser, address: str, name: str) -> Page:
    """A new player's page on the lobby (the sign-up form's own button, not the language switch's)."""
    page = chromium.new_context().new_page()
    page.goto(f"{address}/signup")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.click("form:has(input[name=password]) button[type=submit]")
    page.wait_for_selector("#create-table")
    return page


def _decide(page: Page, picking: bool) -> None:
    """Take one decision on the board: with `picking`, pick a symbol or character and click where it
    goes; otherwise the first decision button shown (picking when nothing is shown at once). A live
    update may redraw the board under the pointer, or end the turn; then the board is read again."""
    before = _version(page)
    for attempt in range(5):
        if _finished(page) or not _my_turn(page):
            return
        board = page.locator(".board.rw")
        picks = board.locator("button.pick")
        shown = board.locator("button.act:visible")
        try:
            count = picks.count()
            if count and (picking or not shown.count()):
                picks.nth(before % count).click(timeout=3_000)
                board.locator("button.act[data-pick-of]:visible").first.click(timeout=3_000)
            else:
                shown.first.click(timeout=3_000)
            break
        except PlaywrightError as error:
            if attempt == 4:
                raise AssertionError(page.inner_html("#main-inner")[:20000]) from error
    page.wait_for_function(
        "v => Number(document.querySelector('#main-inner').dataset.version) > v", arg=before, timeout=15_000
    )


def _create_table(page: Page, address: str, seat2: str, invite: str = "") -> None:
    page.goto(address)
    page.select_option("#create-table select[name=game]", GAME_ID)
    page.fill("#create-table input[name=players]", "2")
    page.select_option("#create-table select[name=seat2]", seat2)
    if invite:
        page.fill("#create-table input[name=invite2]", invite)
    page.click("#create-table button[type=submit]")


def test_a_player_plays_a_bot_to_the_score_sheet(browser: Browser, server: str) -> None:  # noqa: F811
    page = _sign_up(browser, server, "Cleo")
    _create_table(page, server, "easy")
    page.wait_for_selector(".board.rw")
    decisions = 0
    while _wait_turn_or_end([page]) is not None:
        _decide(page, decisions % 3 == 1)
        decisions += 1
        if decisions == 15:
            _shot(page, "walking-in-burano-roll-and-write-mid")
            assert page.locator(".board.rw .player[data-seat='0'] .symbol.circled").count() > 0
    assert decisions > 10
    page.wait_for_selector("#score-sheet")
    assert "★ 1" in page.inner_text("#score-sheet")


def test_two_players_play_each_other_to_the_score_sheet(browser: Browser, server: str) -> None:  # noqa: F811
    dora = _sign_up(browser, server, "Dora")
    emil = _sign_up(browser, server, "Emil")
    _create_table(dora, server, "invited", "Emil")
    invite = dora.get_attribute("#invite-link", "href")
    assert invite is not None
    emil.goto(server + invite)
    emil.click("button.join")
    emil.wait_for_selector("li[data-seat='1']:has-text('Emil')")
    dora.wait_for_selector("li[data-seat='1']:has-text('Emil')")
    dora.click("#start")
    emil.goto(dora.url)
    for page in (dora, emil):
        page.wait_for_selector(".board.rw")
    decisions = 0
    while (page := _wait_turn_or_end([dora, emil])) is not None:
        _decide(page, decisions % 3 == 2)
        decisions += 1
    assert decisions > 20
    for page in (dora, emil):
        page.reload()
        page.wait_for_selector("#score-sheet")
        assert _finished(page)
    _shot(dora, "walking-in-burano-roll-and-write-score-sheet")
