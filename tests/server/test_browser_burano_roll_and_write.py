"""Walking in Burano Roll & Write in a real browser: a player plays a bot, and two players play each
other, to the score sheet by clicking on the board, choosing now the first button shown and now a
symbol or character first and then where it goes. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.server.browsing import create_table, finished, meet, my_turn, shot, sign_up, version, wait_turn_or_end

GAME_ID = "walking-in-burano-roll-and-write"


def _decide(page: Page, picking: bool) -> None:
    """Take one decision on the board: with `picking`, pick a symbol or character and click where it
    goes; otherwise the first decision button shown (picking when nothing is shown at once). A live
    update may redraw the board under the pointer, or end the turn; then the board is read again."""
    before = version(page)
    for attempt in range(5):
        if finished(page) or not my_turn(page):
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


def test_a_player_plays_a_bot_to_the_score_sheet(browser: Browser, server: str) -> None:
    page = sign_up(browser, server, "Cleo")
    create_table(page, GAME_ID, "easy")
    page.wait_for_selector(".board.rw")
    decisions = 0
    while wait_turn_or_end([page]) is not None:
        _decide(page, decisions % 3 == 1)
        decisions += 1
        if decisions == 15:
            shot(page, "walking-in-burano-roll-and-write-mid")
            assert page.locator(".board.rw .player[data-seat='0'] .symbol.circled").count() > 0
    assert decisions > 10
    page.wait_for_selector("#score-sheet")
    assert "★ 1" in page.inner_text("#score-sheet")


def test_two_players_play_each_other_to_the_score_sheet(browser: Browser, server: str) -> None:
    dora, emil = meet(browser, server, GAME_ID, "Dora", "Emil")
    decisions = 0
    while (page := wait_turn_or_end([dora, emil])) is not None:
        _decide(page, decisions % 3 == 2)
        decisions += 1
    assert decisions > 20
    for page in (dora, emil):
        page.reload()
        page.wait_for_selector("#score-sheet")
        assert finished(page)
    shot(dora, "walking-in-burano-roll-and-write-score-sheet")
