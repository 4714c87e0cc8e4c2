"""A replay in a real browser: a guest plays a bot to the score sheet, opens the replay from the table,
steps from the set-up to the end with the Next button (the log and the step counter in step at every
decision, the page never reloaded), goes back with the keyboard, jumps by the log, shows every seat's
board, and a copied address opens the same step. The screenshot goes to test-output/screenshots/."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page

from tests.server.browsing import guest_plays, play_to_the_end, shot


def _step(page: Page) -> int:
    return int(page.get_attribute("#replay-step", "data-step") or "-1")


def _wait_step(page: Page, step: int) -> None:
    page.wait_for_function(
        "s => Number(document.querySelector('#replay-step').dataset.step) === s", arg=step, timeout=10_000
    )


def _log_steps(page: Page) -> list[int]:
    return [int(n) for n in page.locator("#replay-log > li").evaluate_all("items => items.map(i => i.dataset.step)")]


def test_a_finished_game_is_replayed_step_by_step(browser: Browser, server: str) -> None:
    page = guest_plays(browser, server, "walking-in-burano")
    play_to_the_end(page)
    table_url = page.url
    page.click(".score-sheet a.replay-link")
    page.wait_for_selector("#replay-inner")
    assert page.url == f"{table_url}/replay"
    assert _step(page) == 0 and _log_steps(page) == []
    assert page.inner_text("#replay-decision") == "The set-up, before the first decision"
    last = int(page.get_attribute("#replay-inner", "data-last") or "0")
    assert last > 20
    page.evaluate("window.stayed = true")  # gone if the page were loaded again
    for step in range(1, last + 1):
        page.click("#replay-next")
        _wait_step(page, step)
        assert page.inner_text("#replay-step") == f"Step {step} of {last}"
        assert _log_steps(page) == list(range(1, step + 1))
        assert page.get_attribute("#replay-log > li.current", "data-step") == str(step)
        assert page.inner_text("#replay-decision").startswith(f"Decision {step}, by ")
    assert page.get_attribute("#replay-next", "aria-disabled") == "true"
    assert page.locator("#score-sheet").count() == 1 and page.evaluate("window.stayed") is True
    assert page.url.endswith(f"/replay?step={last}&seat=1")

    page.keyboard.press("Home")
    _wait_step(page, 0)
    page.keyboard.press("ArrowRight")
    _wait_step(page, 1)
    page.keyboard.press("End")
    _wait_step(page, last)
    assert _log_steps(page) == list(range(1, last + 1))

    page.click("#replay-log > li[data-step='12'] > a")
    _wait_step(page, 12)
    assert _log_steps(page) == list(range(1, 13)) and page.locator("#score-sheet").count() == 0
    page.click(".replay-views a[data-seat='all']")
    page.wait_for_function("() => document.querySelector('#replay-inner').dataset.seat === 'all'")
    assert page.locator(".replay-board").count() == 2 and page.locator(".board .hand-cards").count() == 2
    assert page.evaluate("window.stayed") is True
    assert re.search(r"/replay\?step=12&seat=all$", page.url), page.url

    copied = browser.new_context().new_page()  # a link to a step opens that step, for anyone
    copied.goto(page.url)
    assert _step(copied) == 12 and _log_steps(copied) == list(range(1, 13))
    assert copied.locator(".replay-board").count() == 2
    shot(page, "replay")
