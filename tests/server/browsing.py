"""Driving the browser table in a real browser: Playwright with Chromium against a `laguna serve`
process (the fixtures `browser` and `server` of tests/server/conftest.py), and the moves every browser
test makes: signing up, waiting for a turn, deciding by clicking on a board, saving a screenshot."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Response

SCREENSHOTS = Path(__file__).parents[2] / "test-output" / "screenshots"


def shot(page: Page, name: str, *, full_page: bool = True) -> None:
    """Save the page (all of it, or only the window with `full_page` False) as ``<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


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


_BOARD = """() => {
  const inner = document.querySelector("#main-inner");
  const buttons = (selector) => [...inner.querySelectorAll(`.board ${selector}`)];
  const shown = (button) => button.checkVisibility(); // [hidden] is display: none on every page
  return {
    owing: inner.dataset.owing === "1",
    shown: buttons(".act[data-action]").filter(shown).map((b) => b.dataset.action),
    picks: buttons(".pick[data-pick]").map((b) => b.dataset.pick),
    places: buttons(".act[data-pick-of]").filter(shown).map((b) => b.dataset.action),
  };
}"""
"""What the page's board offers, read at one moment: whether its player owes a decision, the decisions
shown (buttons or drawn pieces of class ``act``), the pieces to pick (class ``pick``) and the places
the picked piece may go."""


def _is_decision(response: Response) -> bool:
    return response.request.method == "POST" and response.url.endswith("/act")


def decide(page: Page, rng: random.Random | None = None) -> None:
    """Take one decision by clicking on the board as a player does: a decision button shown, or a piece
    picked and then where it goes; the first on the board, or with `rng` any at random. Returns once
    the page shows the server's answer, so the next look at it sees the decision made; a decision that
    another player's overtook (409) is simply not made, and the page is read again by the caller."""
    board = page.evaluate(_BOARD)
    assert board["owing"], "the page owes no decision"
    options = [("act", action) for action in board["shown"]] + [("pick", piece) for piece in board["picks"]]
    assert options, f"the page owes a decision but its board offers none:\n{page.inner_text('#main-inner')}"
    kind, choice = rng.choice(options) if rng else options[0]
    if kind == "pick":
        page.click(f".board .pick[data-pick={json.dumps(choice)}]")
        places = page.evaluate(_BOARD)["places"]
        assert places, f"picking {choice!r} shows nowhere to put it"
        choice = rng.choice(places) if rng else places[0]
    answer = take(page, choice)
    assert answer.ok or answer.status == 409, f"{choice!r}: {answer.status} {answer.text()}"


def take(page: Page, action: str) -> Response:
    """Click the decision `action` on the board; the server's answer, once the page shows it."""
    with page.expect_response(_is_decision) as answered:
        page.click(f".board .act[data-action={json.dumps(action)}]:visible")
    page.wait_for_selector("#table:not([aria-busy])", state="attached")
    return answered.value


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


def play_to_the_end(
    page: Page,
    rng: random.Random | None = None,
    *,
    midway: int = 0,
    at_midway: Callable[[], None] | None = None,
    timeout: float = 30.0,
) -> int:
    """Click on the board at every turn of the page's player (at random with `rng`) until the score
    sheet shows; after the `midway`-th decision, call `at_midway` (a picture, a look at the board in
    mid-game). Returns how many decisions the player took."""
    page.wait_for_selector("#main-inner")
    decisions = 0
    while wait_turn_or_end([page], timeout) is not None:
        decide(page, rng)
        decisions += 1
        if decisions == midway and at_midway is not None:
            at_midway()
    page.wait_for_selector("#score-sheet")
    return decisions


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
    joins by the invitation link, and the join, filling the last seat, starts the game: nobody presses
    Start. Both pages show the table."""
    first, second = sign_up(browser, server, host), sign_up(browser, server, guest)
    create_table(first, game_id, "invited", guest)
    invite = first.get_attribute("#invite-link", "href")
    assert invite is not None
    second.goto(server + invite)
    second.click("button.join")
    second.wait_for_selector(".board")  # the join leads back to the table, its game begun
    first.wait_for_selector(f"li[data-seat='1']:has-text('{guest}')")  # the join reached the host live
    first.wait_for_selector(".board")  # and so did the start: the gathering page reloads itself
    return first, second


def visitor(browser: Browser, address: str | None = None, **options: Any) -> BrowserContext:
    """A new visitor's browser, coming from `address` if given: the server tests' `laguna serve`
    believes the `X-Forwarded-For` of a proxy on its own machine, so a module's tests can seat more
    guests against bots than one address may hold at once."""
    headers = {"X-Forwarded-For": address} if address else {}
    return browser.new_context(extra_http_headers=headers, **options)


def guest_plays(
    browser: Browser,
    server: str,
    game_id: str,
    locale: str | None = None,
    *,
    width: int | None = None,
    address: str | None = None,
) -> Page:
    """A guest (whose browser prefers `locale`, if given; on a screen `width` pixels wide, a phone's
    below 800; from `address`, if given) at a new table of `game_id` against an easy bot, by the
    welcome page's "Play now"."""
    if width is None:
        context = visitor(browser, address, locale=locale)
    else:
        phone = width < 800
        size = {"width": width, "height": 844 if phone else 900}
        context = visitor(browser, address, locale=locale, viewport=size, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.goto(server)
    page.select_option("select[name=game]", game_id)
    page.select_option("select[name=level]", "easy")
    page.click("#play-now")
    page.wait_for_selector(".board")
    return page
