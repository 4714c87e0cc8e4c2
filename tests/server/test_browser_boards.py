"""Every game's drawn board in a real browser, on a desktop (1366 px) and a phone (390 px): a guest
plays an easy bot by clicking on the board, and at each turn the page scrolls only downwards, every
decision of the list is on the board, every drawn piece has words for a screen reader, every target
is big enough for a finger on the phone, the pieces the bot's decisions changed glow, and a log line
under the pointer lights up its pieces. The pictures of the README are taken here (see `make
pictures`); the tab's title and the turn notifications are tested at the end."""

from __future__ import annotations

import itertools
import random

import pytest
from playwright.sync_api import Browser

from tests.server.browsing import decide, finished, guest_plays, shot, visitor, wait_turn_or_end

GAMES = ["walking-in-burano", "walking-in-burano-roll-and-write", "burano", "murano"]
WIDTHS = {"desktop": 1366, "phone": 390}
TURNS = {"walking-in-burano": 12, "walking-in-burano-roll-and-write": 12, "burano": 24, "murano": 12}
"""Turns of the guest checked per game and width, the picture taken at the last: into the game proper
(Burano's first thirteen decisions build the cube pyramid in secret)."""

_VISITORS = itertools.count(1)


def _address() -> str:
    """An address of its own for each visitor of this module: more guests play bots here at once
    than one address may."""
    return f"10.22.0.{next(_VISITORS)}"


_LOOK = """() => {
  const board = document.querySelector("#main-inner .board");
  const words = (piece) => {
    const first = piece.firstElementChild;
    const title = first && first.tagName.toLowerCase() === "title" ? first.textContent : "";
    return (piece.getAttribute("aria-label") || piece.getAttribute("title") || title || "").trim();
  };
  const targets = [...document.querySelectorAll(
    "#main-inner .board .act[data-action], #main-inner .board .pick[data-pick], #actions button"
  )].filter((target) => target.checkVisibility());
  const small = targets.map((target) => [target, target.getBoundingClientRect()])
    .filter(([, box]) => box.width < 40 || box.height < 40)
    .map(([target, box]) => `${target.dataset.action || target.dataset.pick || target.textContent}: `
      + `${Math.round(box.width)}x${Math.round(box.height)}`);
  const mine = new Set([document.querySelector("#main-inner").dataset.seat]);
  const lines = [...document.querySelectorAll("#log li")]; // newest first
  const since = [];
  for (const line of lines) {
    if (mine.has(line.dataset.seat)) break;
    since.push(...(line.dataset.pieces || "").split(" ").filter(Boolean));
  }
  const drawn = new Set([...board.querySelectorAll("[data-piece]")].map((p) => p.dataset.piece));
  return {
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    listed: [...document.querySelectorAll("#actions [data-action]")].map((b) => b.dataset.action),
    onBoard: [...board.querySelectorAll("[data-action]")].map((b) => b.dataset.action),
    speechless: [...board.querySelectorAll("[data-piece]")].filter((p) => !words(p)).map((p) => p.dataset.piece),
    small: small,
    changed: [...board.querySelectorAll("[data-changed]")].map((p) => p.dataset.piece),
    expected: [...new Set(since)].filter((key) => drawn.has(key)),
  };
}"""
"""What the page shows at one moment, for the checks of every turn."""


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game_id", GAMES)
def test_a_drawn_board_plays_on_a_desktop_and_a_phone(browser: Browser, server: str, game_id: str, width: str) -> None:
    page = guest_plays(browser, server, game_id, width=WIDTHS[width], address=_address())
    rng = random.Random(game_id)
    turns = glowed = 0
    while turns < TURNS[game_id] and wait_turn_or_end([page], timeout=60) is not None:
        look = page.evaluate(_LOOK)
        where = f"{game_id} at {WIDTHS[width]} px, turn {turns + 1}"
        assert look["overflow"] <= 0, f"{where}: the page scrolls sideways by {look['overflow']} px"
        missing = set(look["listed"]) - set(look["onBoard"])
        assert not missing, f"{where}: decisions only in the list: {sorted(missing)}"
        assert not look["speechless"], f"{where}: pieces without words: {look['speechless'][:10]}"
        if width == "phone":
            assert not look["small"], f"{where}: targets smaller than 40 px: {look['small'][:10]}"
        assert sorted(look["changed"]) == sorted(look["expected"]), f"{where}: the glow is not the bot's decisions"
        glowed += bool(look["changed"])  # not at every turn: a player may decide twice in a row
        if turns == TURNS[game_id] - 1:
            page.evaluate("() => window.scrollTo(0, document.querySelector('.board-wrap').offsetTop)")
            shot(page, f"board-{game_id}-{width}", full_page=False)
            shot(page, f"board-{game_id}-{width}-full")
        decide(page, rng)
        turns += 1
    assert turns == TURNS[game_id] or finished(page)
    assert glowed >= 2, f"the bot's decisions glowed at only {glowed} of {turns} turns"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_log_line_under_the_pointer_lights_up_its_pieces(browser: Browser, server: str, game_id: str) -> None:
    page = guest_plays(browser, server, game_id, address=_address())
    rng = random.Random(7)
    for _ in range(3):
        assert wait_turn_or_end([page], timeout=60) is page
        decide(page, rng)
    assert wait_turn_or_end([page], timeout=60) is page
    line = page.locator("#log li[data-pieces]:not([hidden])").first
    keys = (line.get_attribute("data-pieces") or "").split()
    drawn = [key for key in keys if page.locator(f'.board [data-piece="{key}"]').count()]
    assert drawn, f"the newest log line's pieces are not on the board: {keys}"
    line.hover()
    pointed = page.eval_on_selector_all(".board [data-pointed]", "(pieces) => pieces.map((p) => p.dataset.piece)")
    assert sorted(set(pointed)) == sorted(set(drawn))
    page.mouse.move(0, 0)
    assert page.locator(".board [data-pointed]").count() == 0


_NOTIFICATIONS = """
window.notes = [];
window.asked = 0;
let permission = "default";
window.Notification = class {
  constructor(title, options) { window.notes.push({ title: title, body: options && options.body }); }
  static get permission() { return permission; }
  static async requestPermission() { window.asked += 1; permission = "granted"; return permission; }
};
document.hasFocus = () => false;  // the player looks at another tab
"""
"""A browser whose notifications are recorded, that grants them when asked, and whose player looks
elsewhere."""


def test_the_tab_title_and_a_notification_announce_the_turn(browser: Browser, server: str) -> None:
    context = visitor(browser, _address())
    context.add_init_script(_NOTIFICATIONS)
    page = context.new_page()
    page.goto(server)
    page.select_option("select[name=game]", "murano")
    page.select_option("select[name=level]", "easy")
    page.click("#play-now")
    page.wait_for_selector(".board")
    assert page.evaluate("window.asked") == 0, "notifications were asked for on opening the page"
    assert wait_turn_or_end([page], timeout=60) is page
    assert page.title().startswith("▶ Your turn · Murano")
    notify = page.locator("#notify")
    assert notify.get_attribute("aria-pressed") == "false"
    notify.click()
    page.wait_for_selector("#notify[aria-pressed=true]")
    assert page.evaluate("window.asked") == 1
    rng = random.Random(3)
    while page.evaluate("window.notes.length") == 0:
        decide(page, rng)
        # One read of both: a quick bot's answer may redraw the page between two reads.
        owing, title = page.evaluate("[document.querySelector('#main-inner').dataset.owing, document.title]")
        assert title.startswith("▶") == (owing == "1"), (owing, title)
        assert wait_turn_or_end([page], timeout=60) is page
    note = page.evaluate("window.notes[0]")
    assert note["title"].startswith("▶ Your turn · Murano") and "Murano" in note["body"]
    notify.click()
    page.wait_for_selector("#notify[aria-pressed=false]")


def test_a_spectator_sees_what_changed_since_opening_the_page(browser: Browser, server: str) -> None:
    player = guest_plays(browser, server, "burano", address=_address())
    assert wait_turn_or_end([player], timeout=60) is player
    onlooker = visitor(browser, _address()).new_page()
    onlooker.goto(player.url)
    onlooker.wait_for_selector(".board")
    assert onlooker.locator(".board [data-changed]").count() == 0, "a page just opened has nothing new"
    opened = int(onlooker.get_attribute("#main-inner", "data-version") or "0")
    rng = random.Random(5)
    while onlooker.locator(".board [data-changed]").count() == 0:
        decide(player, rng)
        assert wait_turn_or_end([player], timeout=60) is player
        onlooker.wait_for_function(
            "(version) => Number(document.querySelector('#main-inner').dataset.version) >= version",
            arg=int(player.get_attribute("#main-inner", "data-version") or "0"),
        )
    assert int(onlooker.get_attribute("#main-inner", "data-version") or "0") > opened
