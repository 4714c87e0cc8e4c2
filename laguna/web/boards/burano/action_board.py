"""The action board and the rounds track of Burano's web board (rulebook: Game Overview, Playing the
Game): the season, round and turn, the phase and what it waits for, and the workers on the action
spaces.
"""

from __future__ import annotations

import functools
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _escape

from laguna import i18n
from laguna.games.burano.position import SEASONS, TURNS
from laguna.web.boards.burano.drawing import (
    Piece,
    _block,
)
from laguna.web.boards.burano.words import (
    _said,
    cube,
    tile,
)


@functools.lru_cache(maxsize=256)
def _headline(season: str, number: Any, season_turn: Any, turns: Any, language: str) -> Piece:
    """The season and the round, and the rounds track: its 14 spaces by season, the current one marked."""
    name = _said(season)
    line = f"<strong>{_said('Burano')}</strong> · "
    if season in SEASONS:
        line += str(
            _said(
                "%(season)s, season %(number)s of %(total)s",
                season=name,
                number=SEASONS.index(season) + 1,
                total=len(SEASONS),
            )
        )
    if season_turn:
        line += f" · {_said('turn %(turn)s of %(turns)s this season', turn=season_turn, turns=turns)}"
    spaces, count = [], 0
    for kind, turns_of in zip(SEASONS, TURNS, strict=True):
        for _turn in range(turns_of):
            count += 1
            x, now = 4 + (count - 1) * 30 + 13, count == number
            spaces.append(
                f'<circle class="bu-season-{kind}{" bu-now" if now else ""}" cx="{x}" cy="15" r="{12 if now else 9}"/>'
                f'<text x="{x}" y="19" font-size="11" text-anchor="middle">{count}</text>'
            )
    words = _said("%(season)s, round %(round)s of %(total)s", season=name, round=number, total=sum(TURNS))
    return (
        "round",
        '<p data-piece="round"',
        f' aria-label="{words}">{line}\n<svg class="bu-rounds" viewBox="0 0 430 30" aria-hidden="true">'
        f"{''.join(spaces)}</svg></p>",
    )


@functools.lru_cache(maxsize=256)
def _phase(phase: str, ended_by: Any, language: str) -> tuple[Markup, Markup]:
    """The phase in words: as the status line's label, and as it starts (where a game over says why)."""
    words = _said("Phase: %(phase)s", phase=_said(phase))
    if phase != "game over":
        return words, words
    ended = f" ({_said(ended_by)})" if ended_by else ""
    return words, Markup(f"<strong>{_said('Game over')}</strong>{ended}")


def _pending(view: dict[str, Any], phase: str) -> Piece:
    """The details of the decision under way, as the status line shows them."""
    pending = view.get("pending") or {}
    text = ""
    if phase.startswith("fishing"):
        text = str(_said("Matched dock houses: %(count)s", count=pending.get("matched", 0)))
        if phase == "fishing: fish cards":
            text += f" · {_said('fish cards still to take: %(count)s', count=pending.get('fish_left', 0))}"
        if pending.get("swapped"):
            text += f" · {_said('dock houses swapped: the boat must sail to an island')}"
    elif phase == "lace making":
        chips = "".join(
            f'<span class="bu-chip bu-f-{_escape(c["colour"]) if c else ""}">{_escape(c["mark"]) if c else ""}</span> '
            for c in (cube(str(colour)) for colour in pending.get("arrows", []))
        )
        sent = _said("lace makers sent: %(sent)s of 3", sent=pending.get("sent", 0))
        text = f"{_said('Lace colours left:')} {chips or _said('none')} · {sent}"
    elif phase == "roof bonus" and pending.get("roof"):
        text = f"{_said('Roof just laid:')} {_escape(tile(str(pending['roof']))['words'])}"
    elif phase == "clean-up: score for lace making":
        paid = ", ".join(f"{_escape(square)} ({_said(means)})" for square, means in pending.get("paid") or [])
        text = f"{_said('Paid for:')} {paid or _said('nothing yet')}"
    elif phase == "clean-up: refill house cubes" and pending.get("owed", 0):
        text = str(_said("Cubes still owed in a colour of choice: %(count)s", count=pending.get("owed", 0)))
    elif phase == "clean-up: refill roof tiles":
        kinds = list(pending.get("refilled") or [])
        refilled = ", ".join(str(_escape(i18n.view_text(kind))) for kind in kinds) if kinds else _said("nothing yet")
        text = f"{_said('Refilled this time:')} {refilled}"
    return (
        "pending",
        '<p class="pending" data-piece="pending"',
        f' aria-label="{_said("the decision under way")}">{text}</p>',
    )


@functools.lru_cache(maxsize=256)
def _action_space(index: int, space: str, colours: tuple[Any, ...], language: str) -> Piece:
    """A space of the action board, its two houses."""
    cubes = [cube(str(c)) for c in colours]
    words = _said(
        "%(action)s: %(first)s and %(second)s houses",
        action=_said(space),
        first=cubes[0]["name"] if cubes[0] else "",
        second=cubes[1]["name"] if cubes[1] else "",
    )
    if space == "fishing":
        icon = '<use href="#bu-boat" class="bu-boatfill" x="4" y="14" width="34" height="26"/>'
    elif space == "earning":
        icon = '<use href="#bu-coin" x="8" y="16" width="24" height="24"/>'
    else:
        icon = '<use href="#bu-woman" class="bu-lacefill" x="8" y="12" width="26" height="30"/>'
    key = f"action-{space.replace(' ', '-')}"
    return (
        key,
        f'<div class="bu-space" data-piece="{_escape(key)}"',
        f' aria-label="{words}"><svg viewBox="0 0 120 56" aria-hidden="true">'
        f'<rect x="1" y="1" width="118" height="54" rx="8" class="bu-space-{index}"/>{icon}'
        f"{_block(cubes[0], 40, 10, 36)}{_block(cubes[1], 80, 10, 36)}</svg><span>{_said(space)}</span></div>",
    )
