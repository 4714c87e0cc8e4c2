"""The browser table in a real browser: Playwright driving Chromium against a `laguna serve` process.
Players sign up, meet at a table and play Walking in Burano to the score sheet by clicking on the
board; a spectator never sees a hand; a reload shows the same game; a guest plays a bot and a solo
game to the end; a decision on its way marks the table busy and takes no second click. Screenshots go
to test-output/screenshots/."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Route

from tests.server.browsing import decide, guest_plays, meet, play_to_the_end, shot, sign_up, version, wait_turn_or_end


def test_two_players_play_a_table_to_the_score_sheet(browser: Browser, server: str) -> None:
    ada, bob = meet(browser, server, "walking-in-burano", "Ada", "Bob")
    table_url = ada.url
    spectator = browser.new_context().new_page()
    spectator.goto(table_url)
    decisions = 0
    while (page := wait_turn_or_end([ada, bob])) is not None:
        decide(page)
        decisions += 1
        if decisions == 12:
            shot(ada, "walking-in-burano-mid-game")
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
    shot(ada, "walking-in-burano-score-sheet")


def test_a_guest_plays_a_bot_to_the_end(browser: Browser, server: str) -> None:
    page = guest_plays(browser, server, "walking-in-burano")
    play_to_the_end(page)
    shot(page, "walking-in-burano-against-a-bot")


def test_a_solo_game_ends_with_its_rating(browser: Browser, server: str) -> None:
    page = sign_up(browser, server, "Solo")
    page.select_option("select[name=game] >> nth=0", "walking-in-burano")
    page.fill("input[name=opponents]", "0")
    page.click("#play-now")
    play_to_the_end(page)
    rating = page.inner_text(".rating")
    assert re.search(r"Rating: \S", rating), rating
    shot(page, "walking-in-burano-solo-rating")


def test_a_decision_on_its_way_marks_the_table_busy_and_a_second_click_sends_nothing(
    browser: Browser, server: str
) -> None:
    page = guest_plays(browser, server, "walking-in-burano")
    assert wait_turn_or_end([page]) is page
    before = version(page)
    held: list[Route] = []

    def hold(route: Route) -> None:  # the first decision waits here until released
        held.append(route)

    page.route("**/act", hold)
    decisions = page.locator("#actions button.act")
    assert decisions.count() >= 2
    decisions.nth(0).click()
    page.wait_for_selector("#table[aria-busy=true]", state="attached")
    decisions.nth(1).click()
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector("#table:not([aria-busy])", state="attached")
    assert len(held) == 1  # the second click, made while the first was on its way, sent nothing
    assert version(page) > before
    page.unroute("**/act")


def test_the_pages_keep_to_their_content_security_policy(browser: Browser, server: str) -> None:
    page = browser.new_context().new_page()
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text) if "Security Policy" in message.text else None)
    page.goto(server)
    page.select_option("select[name=level]", "easy")
    page.click("#play-now")
    page.wait_for_selector(".board")
    wait_turn_or_end([page])
    decide(page)  # a decision sent by the page's script, and the board redrawn from the live channel
    page.goto(f"{server}/")
    page.goto(f"{server}/login")
    assert refused == []


def test_another_site_can_neither_post_to_the_table_nor_frame_it(browser: Browser, server: str) -> None:
    """A page of another origin posts "Play now" in its visitor's name and shows the table in a frame:
    the browser sends its origin, the table refuses the post, and the browser refuses to frame it."""
    context = browser.new_context()
    page = context.new_page()
    trap = f"""<!doctype html><body>
      <iframe id="framed" src="{server}/"></iframe>
      <form id="trap" method="post" action="{server}/play-now"><input name="opponents" value="1"></form></body>"""
    page.route("http://evil.test/**", lambda route: route.fulfill(status=200, content_type="text/html", body=trap))
    page.goto("http://evil.test/trap.html")  # waits for the frame to load (or be refused)
    framed = page.frame_locator("#framed")
    assert framed.locator("#play-now").count() == 0  # the browser shows no page of ours inside another site
    with page.expect_navigation():
        page.evaluate("document.getElementById('trap').submit()")
    assert page.url == f"{server}/play-now"
    assert "came from another site" in page.inner_text("body")
    assert not any(cookie["name"] == "laguna_session" for cookie in context.cookies())
    context.close()
