"""Walking in Burano Roll & Write in a real browser: a player plays a bot, and two players play each
other, to the score sheet by clicking on the board, choosing at random among the buttons shown and the
symbols or characters to pick first; a character picked stays picked while the board is redrawn.
Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import random

from playwright.sync_api import Browser

from tests.server.browsing import (
    create_table,
    decide,
    finished,
    meet,
    play_to_the_end,
    shot,
    sign_up,
    take,
    version,
    wait_turn_or_end,
)

GAME_ID = "walking-in-burano-roll-and-write"


def test_a_player_plays_a_bot_to_the_score_sheet(browser: Browser, server: str) -> None:
    page = sign_up(browser, server, "Cleo")
    create_table(page, GAME_ID, "easy")
    page.wait_for_selector(".board.rw")

    def midway() -> None:
        shot(page, "walking-in-burano-roll-and-write-mid")
        assert page.locator(".board.rw .player[data-seat='0'] [data-piece] use[href='#rw-circled']").count() > 0

    assert play_to_the_end(page, random.Random(1), midway=15, at_midway=midway) > 10
    assert "★ 1" in page.inner_text("#score-sheet")


def test_two_players_play_each_other_to_the_score_sheet(browser: Browser, server: str) -> None:
    dora, emil = meet(browser, server, GAME_ID, "Dora", "Emil")
    rng = random.Random(2)
    decisions = 0
    while (page := wait_turn_or_end([dora, emil])) is not None:
        decide(page, rng)
        decisions += 1
    assert decisions > 20
    for page in (dora, emil):
        page.reload()
        page.wait_for_selector("#score-sheet")
        assert finished(page)
    shot(dora, "walking-in-burano-roll-and-write-score-sheet")


def test_a_picked_character_stays_picked_while_the_other_player_decides(browser: Browser, server: str) -> None:
    """The invitation is secret and simultaneous: the other player's decision redraws the board live
    while this player has a character picked, and the character stays picked, its places shown."""
    fabi, gino = meet(browser, server, GAME_ID, "Fabi", "Gino")
    while (page := wait_turn_or_end([fabi, gino])) is not None and not page.locator(".board.rw .rw-invitation").count():
        if page is fabi:
            assert take(fabi, "flip").ok  # 2 coins a boat, enough for a character's 3
        else:
            decide(gino)
    fabi.wait_for_selector(".board.rw .rw-cards .card.pick")
    gino.wait_for_selector(".board.rw .rw-invitation")
    places = fabi.locator(".board.rw button.act[data-pick-of]:visible")
    assert places.count() == 0  # no character picked: no place to invite one to is shown
    character = fabi.locator(".board.rw .rw-cards .card.pick").first
    letter = (character.get_attribute("data-pick") or "").split()[1]
    character.click()
    shown = places.evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert shown and all(action.startswith(f"invite {letter} ") for action in shown)
    before = version(fabi)
    decide(gino)
    fabi.wait_for_function("v => Number(document.querySelector('#main-inner').dataset.version) > v", arg=before)
    assert places.evaluate_all("bs => bs.map(b => b.dataset.action)") == shown
    assert fabi.locator(".board.rw .rw-cards .card.pick.picked").count() == 1
    assert take(fabi, shown[0]).ok  # both have decided: the character is revealed under its building
    fabi.wait_for_function(  # the letter written in a character space of the player's sheet
        """letter => [...document.querySelectorAll(".board.rw .player.mine [data-piece*='-space-'] text.letter")]
            .some((written) => written.textContent === letter)""",
        arg=letter,
    )
