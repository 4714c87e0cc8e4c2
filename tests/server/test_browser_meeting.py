"""Meeting other players, in a real browser (two browser contexts, two players): a listed rated table
appears live in the other player's lobby and one click seats them; they chat and play to the end; both
see their new ratings at the table, on their player pages and in the leaderboard. An unlisted table
stays out of the lobby, and a guest cannot take a rated seat."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, Page

from tests.server.browsing import decide, guest_plays, shot, sign_up, wait_turn_or_end

GAME = "walking-in-burano"
RATING = re.compile(r"\d{3,4}\??")


def _create(page: Page, server: str, *, rated: bool, listed: bool = True) -> str:
    """A two-player table of `GAME` with its second seat open to anyone, made from the lobby; its id."""
    if page.locator("#create-table").count() == 0:
        page.goto(server)
    form = page.locator("#create-table")
    form.locator("select[name=game]").select_option(GAME)
    form.locator("input[name=players]").fill("2")
    form.locator("select[name=seat2]").select_option("open")
    form.locator("input[name=rated]").set_checked(rated)
    form.locator("input[name=listed]").set_checked(listed)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    return page.url.rsplit("/", 1)[-1]


def _chat(page: Page, text: str) -> None:
    page.fill("#chat-form input[name=text]", text)
    page.click("#chat-form button[type=submit]")


def test_two_strangers_meet_in_the_lobby_chat_play_and_are_rated(browser: Browser, server: str) -> None:
    ada, bob = sign_up(browser, server, "Ada"), sign_up(browser, server, "Bob")
    bob.wait_for_selector("#open-tables-list")
    bob.evaluate("() => { window.stayed = true; }")  # gone if the page were loaded again
    table_id = _create(ada, server, rated=True)

    row = bob.locator(f"#open-tables-list tr[data-table='{table_id}']")
    row.wait_for()  # the table appears in Bob's lobby without a reload
    assert bob.evaluate("() => window.stayed === true")
    assert "rated" in row.inner_text() and "Ada" in row.inner_text()
    assert row.locator(".player-rating").inner_text() == "1500?"  # a new player's rating beside the name
    shot(bob, "lobby-open-tables")
    row.locator("button.join").click()  # one click: Bob sits, the table is full, the game starts
    bob.wait_for_selector(".board")
    ada.wait_for_selector(".board")  # Ada's page follows live, the whole of it
    assert ada.locator("#start").count() == 0 and ada.locator("#invite-link").count() == 0

    _chat(ada, "Good luck, Bob! <b>no markup</b>")
    bob.locator("#chat-messages li", has_text="Good luck, Bob!").wait_for()
    said = bob.locator("#chat-messages li .text").last
    assert said.inner_text() == "Good luck, Bob! <b>no markup</b>"  # shown as written, never as markup
    assert said.locator("b").count() == 0
    _chat(bob, "Thanks, you too")
    ada.locator("#chat-messages li", has_text="Thanks, you too").wait_for()
    shot(ada, "table-chat", full_page=False)

    rng = random.Random(24)
    while (page := wait_turn_or_end([ada, bob])) is not None:
        decide(page, rng)
    ratings = {}
    for name, page in (("Ada", ada), ("Bob", bob)):
        page.wait_for_selector("#score-sheet")
        changes = page.locator(".rating-changes")
        for line in changes.locator("li").all():
            ratings[line.locator(".name").inner_text()] = line.locator(".after").inner_text()
        assert changes.locator("li").count() == 2, name
    assert set(ratings) == {"Ada", "Bob"} and all(RATING.fullmatch(r) for r in ratings.values()), ratings
    shot(ada, "table-rated-game-over")

    for name, page in (("Ada", ada), ("Bob", bob)):
        page.goto(f"{server}/u/{name}")
        record = page.locator("#records tbody tr").first
        assert record.locator(".played").inner_text() == "1"
        assert record.locator(".skill").inner_text() == ratings[name]
        assert page.locator("svg.rating-chart polyline").count() == 1
        assert page.locator(f"#last-games li[data-table='{table_id}'] a.replay-link").count() == 1
    shot(ada, "player-page")
    ada.goto(f"{server}/leaderboard/{GAME}")
    board = ada.inner_text("main")
    for name, rating in ratings.items():  # newcomers after one rated game
        assert re.search(rf"{name}\s+{re.escape(rating)}", board), board
    shot(ada, "leaderboard")


def test_an_unlisted_table_stays_out_of_the_lobby(browser: Browser, server: str) -> None:
    cy, dee = sign_up(browser, server, "Cy"), sign_up(browser, server, "Dee")
    hidden = _create(cy, server, rated=False, listed=False)
    shown = _create(cy, server, rated=False)
    dee.goto(server)
    dee.locator(f"#open-tables-list tr[data-table='{shown}']").wait_for()
    assert dee.locator(f"#open-tables-list tr[data-table='{hidden}']").count() == 0
    dee.goto(f"{server}/t/{hidden}")  # the link still leads there
    dee.click("button.join")
    dee.wait_for_selector(".board")


def test_a_guest_cannot_take_a_rated_seat(browser: Browser, server: str) -> None:
    eve = sign_up(browser, server, "Eve")
    table_id = _create(eve, server, rated=True)
    guest = guest_plays(browser, server, GAME, address="10.24.0.1")
    guest.goto(server)
    row = guest.locator(f"#open-tables-list tr[data-table='{table_id}']")
    row.wait_for()
    assert row.locator("button.join").is_disabled()
    assert "sign up to play rated games" in row.inner_text()
    guest.goto(f"{server}/t/{table_id}")
    assert guest.locator("button.join").count() == 0 and guest.locator("#rated-for-members").count() == 1
    csrf = guest.locator("input[name=csrf]").first.get_attribute("value")
    answer = guest.request.post(f"{server}/t/{table_id}/join", form={"csrf": csrf or "", "seat": "2"})
    assert answer.status == 400 and "sign up to take a seat" in answer.text()
    assert guest.request.get(f"{server}/t/{table_id}").ok
    eve.reload()
    assert "open seat" in eve.inner_text(".players")  # the seat is still open
