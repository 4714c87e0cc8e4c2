"""Burano in a real browser: players play whole games by clicking on the board alone (a decision button,
or a cube, tile or dock house picked first and then where it goes), against a bot and against each
other, through the secret pyramid construction where both players owe decisions at once."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page

from tests.server.browsing import (
    create_table,
    decide,
    finished,
    meet,
    my_turn,
    play_to_the_end,
    shot,
    sign_up,
    version,
    wait_turn_or_end,
)


def _caught_up(pages: list[Page]) -> None:
    """Wait until every page shows the latest position, so that what each shows is true now."""
    latest = max(version(page) for page in pages)
    for page in pages:
        page.wait_for_function(
            "v => Number(document.querySelector('#main-inner').dataset.version) >= v", arg=latest, timeout=15_000
        )


def test_a_player_plays_burano_against_a_bot_to_the_score_sheet(browser: Browser, server: str) -> None:
    page = sign_up(browser, server, "Cleo")
    create_table(page, "burano", "easy")  # every seat filled at once: the game begins without a Start
    page.wait_for_selector(".board.burano")
    decisions = play_to_the_end(
        page, random.Random(1), midway=40, at_midway=lambda: shot(page, "burano-mid"), timeout=60
    )
    assert decisions > 40
    shot(page, "burano-score-sheet")


def test_two_players_play_burano_to_the_score_sheet(browser: Browser, server: str) -> None:
    ada, bob = meet(browser, server, "burano", "Ada", "Bob")
    pages = [ada, bob]
    rng = random.Random(2)
    decisions = 0
    both_owed = False
    while True:
        _caught_up(pages)
        both_owed = both_owed or all(my_turn(page) for page in pages)
        page = wait_turn_or_end(pages)
        if page is None:
            break
        decide(page, rng)
        decisions += 1
    assert decisions > 100
    assert both_owed  # the secret pyramid construction: both players build at once
    for page in pages:
        page.reload()
        page.wait_for_selector("#score-sheet")
        assert finished(page)
    shot(ada, "burano-two-players-score-sheet")
