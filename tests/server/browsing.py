"""Driving the browser table in a real browser: Playwright with Debian's Chromium against a `laguna
serve` process (the fixtures `browser` and `server` of tests/server/conftest.py), and the moves every
browser test makes: signing up, waiting for a turn, clicking on a board, saving a screenshot."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Browser, Page

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


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def sign_up(browser: Browser, server: str, name: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(f"{server}/signup")
    form = page.locator("form:has(input[name=password])")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill("correct horse battery")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#create-table")
    return page


def version(page: Page) -> int:
    return int(page.get_attribute("#main-inner", "data-version") or "0")


def my_turn(page: Page) -> bool:
    return page.get_attribute("#main-inner", "data-owing") == "1"


def finished(page: Page) -> bool:
    return page.get_attribute("#main-inner", "data-status") == "finished"


def still_owing(page: Page) -> bool:
    """Whether the page's player still owes a decision once the page has settled: a live update may
    have redrawn it since it last showed a turn (the game ended, or the turn passed)."""
    page.wait_for_timeout(300)
    return not finished(page) and my_turn(page)


def click_on_board(page: Page) -> None:
    """Take one decision by clicking on the board: a visible decision button, or else pick a card in
    hand and click where it goes."""
    before = version(page)
    board = page.locator(".board")
    visible = board.locator("button.act:visible")
    if visible.count():
        visible.first.click()
    elif board.locator("button.pick").count():
        board.locator("button.pick").first.click()
        board.locator("button.act:visible").first.click()
    else:
        assert not still_owing(page), page.inner_text("#main-inner")
        return
    page.wait_for_function(
        "v => Number(document.querySelector('#main-inner').dataset.version) > v", arg=before, timeout=15_000
    )


def wait_turn_or_end(pages: list[Page], timeout: float = 30.0) -> Page | None:
    """The page whose player owes a decision now (updated live, without reloading), None at the end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages:
            if finished(page):
                return None
            if my_turn(page):
                return page
        pages[0].wait_for_timeout(50)
    raise AssertionError("no page shows a turn: live updates did not arrive")


def play_to_the_end(page: Page) -> None:
    """Click on the board at every turn of the page's player until the score sheet shows."""
    page.wait_for_selector("#main-inner")
    while wait_turn_or_end([page]) is not None:
        click_on_board(page)
    page.wait_for_selector("#score-sheet")


def create_table(page: Page, game_id: str, seat2: str, invite: str = "") -> None:
    """Create a two-player table of `game_id` from the lobby, the second seat `seat2` (a bot level,
    "open" or "invited" with the name to `invite`)."""
    page.select_option("#create-table select[name=game]", game_id)
    page.fill("#create-table input[name=players]", "2")
    page.select_option("#create-table select[name=seat2]", seat2)
    if invite:
        page.fill("#create-table input[name=invite2]", invite)
    page.click("#create-table button[type=submit]")


def meet(browser: Browser, server: str, game_id: str, host: str, guest: str) -> tuple[Page, Page]:
    """Two new players at a started table of `game_id`: the host invites the guest by name, the guest
    joins by the invitation link, the host starts the game; both pages show the table."""
    first, second = sign_up(browser, server, host), sign_up(browser, server, guest)
    create_table(first, game_id, "invited", guest)
    invite = first.get_attribute("#invite-link", "href")
    assert invite is not None
    second.goto(server + invite)
    second.click("button.join")
    first.wait_for_selector(f"li[data-seat='1']:has-text('{guest}')")  # the join reached the host live
    first.click("#start")
    first.wait_for_selector(".board")
    second.goto(first.url)
    second.wait_for_selector(".board")
    return first, second


def guest_plays(browser: Browser, server: str, game_id: str, locale: str | None = None) -> Page:
    """A guest (whose browser prefers `locale`, if given) at a new table of `game_id` against an easy
    bot, by the welcome page's "Play now"."""
    page = browser.new_context(locale=locale).new_page()
    page.goto(server)
    page.select_option("select[name=game]", game_id)
    page.select_option("select[name=level]", "easy")
    page.click("#play-now")
    page.wait_for_selector(".board")
    return page
