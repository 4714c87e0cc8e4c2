"""A player's house area on Walking in Burano's web board (rulebook: Building Houses): five houses built
of stacked façades with their scaffolds and visitors, the cards in hand, and the seat's heading with
its coins and regulatory bonus tokens.
"""

from __future__ import annotations

import functools
from typing import Any

from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.walking_in_burano.position import TOKENS
from laguna.web.boards.walking_in_burano.decisions import (
    _house_words,
    label,
)
from laguna.web.boards.walking_in_burano.drawing import (
    _PLOTS,
    _WAITING,
    FLOORS,
    Glows,
    _back,
    _card,
    _card_id,
    _character,
    _coins,
    _mark,
    _said,
    _scaffold,
    _tokens,
    _visitor,
)

Floor = tuple[tuple[Any, ...] | str | None, tuple[tuple[str, str], ...]]
"""What a house floor shows (its card face's key, a scaffold or nothing) and the placements on it."""


@functools.lru_cache(maxsize=2048)
def _house(shows: tuple[str, int, bool, tuple[Floor, ...], str | None, bool], glows: Glows, language: str) -> Markup:
    """A house of a seat's area (its seat's prefix, its column, whether complete): its floors top down,
    with the placements the seat may make there, and the street in front with its visitor, or waiting
    for one; `glows` for the floors, then the street."""
    prefix, column, complete, floors, visitor, waiting = shows
    name = _house_words(column)
    floor_word = i18n.gettext("floor")
    parts = [f'\n<div class="house{" complete" if complete else ""}" data-house="{escape(column)}">']
    for floor, (shown, places), glow in zip(FLOORS, floors, glows, strict=False):
        where = f"{name}, {floor_word} {floor}"
        mark = _mark(f"{prefix}-h{column}-f{floor}", glow)
        if shown is None:
            css, words, drawing = "space plot", f"{where}: {i18n.gettext('empty')}", _PLOTS[floor]
        elif isinstance(shown, str):  # _SCAFFOLD
            css, words, drawing = "space", f"{where}: {i18n.gettext('scaffold')}", _scaffold(floor)
        else:
            drawn = _card(shown, language)
            css, words, drawing = "space", f"{where}: {drawn.words}", drawn.svg
            mark += _card_id(drawn.id)
        parts.append(f'<div class="{css}" role="group" {mark} aria-label="{escape(words)}">{drawing}')
        for action, picked in places:
            parts.append(
                f'<button type="button" class="act place" data-action="{escape(action)}"'
                f' data-pick-of="{escape(picked)}" hidden aria-label="{escape(label(action))}">'
                f'<span aria-hidden="true">+</span> {escape(picked)}</button>'
            )
        parts.append("</div>")
    if visitor:
        words = i18n.gettext("visited by the %(character)s") % {"character": _character(visitor)}
        drawing = _visitor(visitor, language)
    elif waiting:
        words, drawing = i18n.gettext("awaiting a visitor"), _WAITING
    else:
        words, drawing = i18n.gettext("no visitor"), Markup("")
    parts.append(
        f'\n<div class="street{" waiting" if waiting else ""}" role="img"'
        f' {_mark(f"{prefix}-h{column}-visitor", glows[3])} aria-label="{escape(f"{name}: {words}")}">{drawing}'
        f'<span class="house-number" aria-hidden="true">{escape(column)}</span></div>\n</div>'
    )
    return Markup("".join(parts))


@functools.lru_cache(maxsize=1024)
def _held(shows: tuple[str, tuple[Any, ...], bool, str | None], glows: Glows, language: str) -> Markup:
    """A card in the viewer's hand (its key, its face's key): to pick for a placement, to return, or
    only to see."""
    key, face, pick, ret = shows
    drawn = _card(face, language)
    card_id, words, mark = escape(drawn.id), escape(drawn.words), _mark(key, glows[0])
    if pick:
        return Markup(
            f'<button type="button" class="pick hand-card" data-pick="{card_id}" data-card="{card_id}" {mark}'
            f' aria-label="{_said(i18n.gettext("place %(card)s…"), card=drawn.id)} {words}">{drawn.svg}</button>'
        )
    if ret:
        back = _said(i18n.gettext("return %(card)s"), card=drawn.id)
        return Markup(
            f'<button type="button" class="act hand-card" data-action="{escape(ret)}" data-card="{card_id}" {mark}'
            f' aria-label="{back}: {words}">{drawn.svg}<span class="badge">{back}</span></button>'
        )
    return Markup(
        f'<div class="hand-card" role="img" data-card="{card_id}" {mark} aria-label="{words}">{drawn.svg}</div>'
    )


_START = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><use href="#wib-start"/></svg>'


@functools.lru_cache(maxsize=1024)
def _head(
    shows: tuple[str, bool, int, int, int, tuple[tuple[str, int], ...] | None], glows: Glows, language: str
) -> Markup:
    """A seat's counts beside its name: the start player's mark, coins, regulatory bonus tokens,
    houses complete and, for a hand the viewer may not see (`hidden`: its cards by floor), its backs;
    `glows` in that order."""
    del language  # a key of the cache only
    prefix, starts, coins, tokens, completed, hidden = shows
    parts = []
    if starts:
        words = _said(i18n.gettext("start player"))
        parts.append(
            f'<span class="start" role="img" {_mark(f"{prefix}-start", glows[0])} aria-label="{words}">{_START}</span>'
        )
    coin_words = i18n.ngettext("%(num)s coin", "%(num)s coins", coins) % {"num": coins}
    parts.append(
        f'\n<span class="coins" role="img" {_mark(f"{prefix}-coins", glows[1])} aria-label="{escape(coin_words)}">'
        f"{_coins(coins)}<b>{coins}</b></span>"
    )
    token_words = i18n.ngettext("%(num)s regulatory bonus token", "%(num)s regulatory bonus tokens", tokens) % {
        "num": tokens
    }
    parts.append(
        f'\n<span class="tokens" role="img" {_mark(f"{prefix}-tokens", glows[2])} aria-label="{escape(token_words)}">'
        f"{_tokens(tokens, max(TOKENS - tokens, 0))}</span>"
    )
    houses = _said(i18n.ngettext("%(num)s house complete", "%(num)s houses complete", completed), num=completed)
    parts.append(
        f'\n<span class="completed" role="img" {_mark(f"{prefix}-completed", glows[3])} aria-label="{houses}">'
        f'<span aria-hidden="true">⌂</span> {completed}/5</span>'
    )
    if hidden is not None:
        floors_held = dict(hidden)
        backs = "".join(_back(int(floor), n) for floor, n in sorted(hidden, reverse=True) if n)
        parts.append(
            f'\n<span class="hand hidden-hand" role="img" {_mark(f"{prefix}-hand", glows[4])}'
            f' aria-label="{escape(_hand_words(floors_held))}">'
            f"{backs or _said(i18n.gettext('no cards in hand'))}</span>"
        )
    return Markup("".join(parts))


def _hand_words(floors_held: dict[str, int]) -> str:
    held = sum(floors_held.values())
    words = i18n.ngettext("%(num)s card in hand", "%(num)s cards in hand", held) % {"num": held}
    by_floor = [
        i18n.gettext("%(count)s× floor %(floor)s") % {"count": n, "floor": floor}
        for floor, n in sorted(floors_held.items())
        if n
    ]
    return f"{words} ({', '.join(by_floor)})" if by_floor else words
