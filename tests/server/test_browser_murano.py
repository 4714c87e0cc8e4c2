"""Murano in a real browser: a player plays a bot, and two players play each other, to the score sheet
by clicking on the board (a ship's move on its action space, a building tile picked and then its
space); a guest plays on a phone, where the board fits the screen and every decision is a finger's
width. The decisions are drawn at random among the buttons shown, so the games end like random games
do. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import random

from playwright.sync_api import Browser

from tests.server.browsing import (
    create_table,
    decide,
    finished,
    guest_plays,
    meet,
    play_to_the_end,
    shot,
    sign_up,
    wait_turn_or_end,
)


def test_a_player_plays_murano_against_a_bot_to_the_score_sheet(browser: Browser, server: str) -> None:
    page = sign_up(browser, server, "Marco")
    create_table(page, "murano", "easy")  # every seat filled at once: the game begins without a Start
    page.wait_for_selector(".board.murano")

    def midway() -> None:
        shot(page, "murano-mid")
        assert page.locator(".board.murano .island").count() >= 4
        assert page.locator(".board.murano .space").count() == 18

    decisions = play_to_the_end(page, random.Random(1), midway=40, at_midway=midway, timeout=60)
    assert decisions > 20 and finished(page)
    page.reload()
    page.wait_for_selector("#score-sheet")
    shot(page, "murano-score-sheet")


def test_two_players_play_murano_to_the_score_sheet(browser: Browser, server: str) -> None:
    ada, bob = meet(browser, server, "murano", "Nina", "Otto")
    rng = random.Random(2)
    decisions = 0
    while (page := wait_turn_or_end([ada, bob])) is not None:
        decide(page, rng)
        decisions += 1
        if decisions == 30:
            other = bob if page is ada else ada
            assert other.locator(".board.murano button.act").count() == 0 or wait_turn_or_end([other]) is other
    assert decisions > 40
    for page in (ada, bob):
        page.reload()
        page.wait_for_selector("#score-sheet")


_FIT = """() => {
  const small = [...document.querySelectorAll(".board .act[data-action], .board .pick[data-pick]")]
    .filter((element) => element.checkVisibility())
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width < 40 || box.height < 40;
    })
    .map((element) => element.dataset.action || element.dataset.pick);
  return { small, wide: document.documentElement.scrollWidth > window.innerWidth };
}"""
"""The decisions and pieces to pick smaller than a fingertip (40 × 40 px), and whether the page is
wider than the screen."""


def test_a_guest_plays_murano_on_a_phone(browser: Browser, server: str) -> None:
    page = guest_plays(browser, server, "murano", width=390)
    rng = random.Random(3)
    decisions = 0
    while decisions < 40 and wait_turn_or_end([page], timeout=60) is not None:
        fit = page.evaluate(_FIT)
        assert not fit["wide"] and not fit["small"], fit
        decide(page, rng)
        decisions += 1
    assert decisions == 40
    assert page.locator(".board.murano .space").count() == 18
    shot(page, "murano-phone")
