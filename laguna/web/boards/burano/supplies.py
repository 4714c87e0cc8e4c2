"""The supplies of Burano's web board (rulebook: Setup, Clean-up): the house cubes, the roof tile stacks,
the fish cards and the building cards on offer, with their decks.
"""

from __future__ import annotations

import functools
from typing import Any

from laguna import i18n
from laguna.web.boards.burano.decisions import (
    Hit,
    _Decisions,
)
from laguna.web.boards.burano.drawing import (
    Piece,
    _cube_icon,
    _group,
    _html,
    _icon,
    _press,
)
from laguna.web.boards.burano.words import (
    _,
    cube,
    escape,
)


def _supplies(view: dict[str, Any], decisions: _Decisions, language: str) -> dict[str, Any]:
    """Cube supply, roof tile stacks, fish supply and deck, building supply and deck."""
    titles: dict[str, str] = view.get("building_cards") or {}

    def hit(spot: str) -> Hit:
        return decisions.hit("supplies", spot)

    cubes = [
        _supply_cube(colour, count, hit(f"supply:{colour}"), language)
        for colour, count in (view.get("cube_supply") or {}).items()
    ]
    stacks = [
        _roof_stack(kind, count, hit(f"stack:{kind}"), language)
        for kind, count in (view.get("roof_stacks") or {}).items()
    ]
    fish = [_fish_supply(k, kind, hit(f"fish:{kind}"), language) for k, kind in enumerate(view.get("fish_supply", []))]
    fish.append(_fish_deck(int(view.get("fish_deck", 0)), hit("fish:deck"), language))
    buildings = [
        _building_supply(k, card, i18n.view_text(titles.get(card) or ""), hit(f"card:{card}"), language)
        for k, card in enumerate(view.get("building_supply", []))
    ]
    buildings.append(_building_deck(int(view.get("building_deck", 0)), hit("card:deck"), language))
    return {
        "supplies": [
            *_group(_("Cube supply"), cubes),
            *_group(_("Roof tile stacks"), stacks),
            *_group(_("Fish cards"), fish),
            *_group(_("Building cards"), buildings, " bu-wide"),
        ],
        "supply_buttons": decisions.buttons("roofs") + decisions.buttons("supplies") + decisions.buttons("reserve"),
    }


@functools.lru_cache(maxsize=1024)
def _supply_cube(colour: str, count: int, h: Hit, language: str) -> Piece:
    c = cube(colour)
    assert c is not None
    words = i18n.ngettext("%(num)s %(colour)s cube in the supply", "%(num)s %(colour)s cubes in the supply", count)
    return _html(
        f"supply-{colour}",
        words % {"num": count, "colour": c["name"]},
        _press(h, f'{_cube_icon(c)}<span class="bu-n">×{count}</span>'),
    )


@functools.lru_cache(maxsize=1024)
def _roof_stack(kind: str, count: int, h: Hit, language: str) -> Piece:
    words = i18n.ngettext("%(num)s %(kind)s roof tile face down", "%(num)s %(kind)s roof tiles face down", count)
    drawing = (
        '<svg class="bu-icon" viewBox="0 0 40 40" width="34" height="34" aria-hidden="true">'
        f'<rect x="3" y="8" width="34" height="26" rx="4" class="bu-tileback"/>'
        f'<use href="#bu-k-{kind}" x="11" y="12" width="18" height="18"/></svg><span class="bu-n">×{count}</span>'
        f'<span class="bu-kind">{escape(_(kind))}</span>'
    )
    return _html(f"stack-{kind}", words % {"num": count, "kind": _(kind)}, _press(h, drawing))


@functools.lru_cache(maxsize=1024)
def _fish_supply(k: int, kind: str, h: Hit, language: str) -> Piece:
    card = _icon("bu-fish", 36, 18, "0 0 40 20", " bu-fish-" + kind)
    drawing = f'<span class="bu-fishcard">{card}{escape(_(kind))}</span>'
    return _html(
        f"fish-{k + 1}",
        _("fish card in the supply: %(fish)s") % {"fish": _(kind)},
        _press(h, drawing, "bu-card"),
    )


@functools.lru_cache(maxsize=256)
def _fish_deck(deck: int, h: Hit, language: str) -> Piece:
    words = i18n.ngettext("fish deck: %(num)s card", "fish deck: %(num)s cards", deck) % {"num": deck}
    return _deck("fish-deck", words, "bu-fishcard", deck, h)


@functools.lru_cache(maxsize=1024)
def _building_supply(k: int, card: str, title: str, h: Hit, language: str) -> Piece:
    drawing = f'<span class="bu-building"><b>{escape(card)}</b> {escape(title)}</span>'
    return _html(
        f"card-{k + 1}",
        _("building card %(card)s: %(title)s") % {"card": card, "title": title},
        _press(h, drawing, "bu-card"),
    )


@functools.lru_cache(maxsize=256)
def _building_deck(deck: int, h: Hit, language: str) -> Piece:
    words = i18n.ngettext("building deck: %(num)s card", "building deck: %(num)s cards", deck) % {"num": deck}
    return _deck("card-deck", words, "bu-building", deck, h)


def _deck(key: str, words: str, css: str, deck: int, h: Hit) -> Piece:
    """A deck of cards face down beside the cards on offer: how many are left in it."""
    return _html(key, words, _press(h, f'<span class="{css} bu-deck">{escape(_("deck"))} ×{deck}</span>', "bu-card"))
