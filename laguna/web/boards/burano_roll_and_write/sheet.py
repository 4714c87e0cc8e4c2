"""A player's game sheet on the web board of Walking in Burano Roll & Write (rulebook: The Game Sheet),
marked as a pen marks paper: symbols circled, numbers written in their spaces, character letters
written under the buildings, the invited characters crossed out.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from typing import Any

from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.burano_roll_and_write.position import change_cost
from laguna.web.boards.burano_roll_and_write.buildings import (
    _G,
    _HIT,
    _NO_ROW,
    _OPEN,
    Pieces,
    _building,
    _card,
    _Cell,
    _cell,
    _cells,
    _house,
    _invitation,
    _look,
    _number,
    _space,
    _still,
)
from laguna.web.boards.burano_roll_and_write.decisions import (
    _TITLES,
    _Decisions,
    _key,
    label,
)
from laguna.web.boards.burano_roll_and_write.dice import (
    _boats,
    _boats_words,
    boat,
)
from laguna.web.boards.burano_roll_and_write.record import _record_words, _track


def _seat(
    seat_view: dict[str, Any],
    view: dict[str, Any],
    decisions: _Decisions | None,
    die: str | None,
    die_value: int | None,
) -> dict[str, Any]:
    """One player's game sheet and record sheet; `decisions` only for the viewer's own seat, `die` only
    for the seat using it.

    The sheet's pieces (sixty symbols, six buildings and their character spaces, ten cards) are written
    here, as `Pieces` the template draws with the keys to highlight: four sheets drawn by the
    template's loops would cost the server several times its budget. Most pieces look the same from
    one position to the next, so each drawing is made once."""
    seat = seat_view["seat"]
    prefix = f"s{seat}-"
    language = i18n.current()
    sheet = seat_view.get("sheet") or {}
    circled: dict[str, int | None] = dict(seat_view.get("circled") or {})
    invited = {str(c.get("building")): c for c in seat_view.get("characters", [])}
    cells = _cells(sheet.get("symbols", []))
    buildings = []
    for colour in (str(b) for b in sheet.get("buildings", [])):
        row, at = cells.get(colour, _NO_ROW)
        character = invited.get(colour)
        written = character and (character.get("letter"), character.get("floor"))
        places: list[tuple[str | None, str, Markup]] = []
        if decisions is None or not any(cell[0] in decisions.circles for cell in row):
            marks = tuple(circled.get(cell[0], _OPEN) for cell in row)
            drawn = _building(language, prefix, colour, row, (marks, colour == die, written))
        else:
            body = [(f"{prefix}house-{colour}", _G, _house(language, colour, colour == die))]
            for cell, place in zip(row, at, strict=True):
                symbol, pick, options = _symbol(cell, circled, decisions, die_value, place)
                body.append((prefix + _key(cell[0]), _G, symbol))
                places += [(pick, action, _number(language, colour, value, cost)) for action, value, cost in options]
            body.append((f"{prefix}space-{colour}", _G, _space(language, colour, *(written or ()))))
            drawn = Pieces(body)
        invites = [
            (f"invite {letter}", action, _invitation(language, letter, floor))
            for action, letter, floor in (decisions.invites.get(colour, []) if decisions else [])
        ]
        buildings.append(
            {"colour": colour, "in_use": colour == die, "pieces": drawn, "places": places, "invites": invites}
        )
    letters = {str(c.get("letter")) for c in invited.values()}
    gained, spent = int(seat_view.get("gained") or 0), int(seat_view.get("spent") or 0)
    filled = int(seat_view.get("filled") or 0)
    coins = int(seat_view.get("coins") or 0)
    boats = tuple(str(colour) for colour in seat_view.get("boats", []))
    flipped = int(seat_view.get("flipped") or 0)
    inviting = decisions.inviting if decisions else set()
    return {
        "seat": seat,
        "prefix": prefix,
        "mine": decisions is not None,
        "layout": seat_view.get("layout") or sheet.get("name"),
        "coins": coins,
        "record": _track(int(view.get("coin_track") or 0), gained, spent, filled),
        "boat": boat(seat),
        "marks": _marks(
            language,
            seat,
            (boats, flipped),
            bool(seat_view.get("decided")) if view.get("phase") == "invite" else None,
            (coins, gained, spent, filled, bool(view.get("solo")), int(view.get("coin_track") or 0)),
        ),
        "buildings": buildings,
        "sheet": _Sheet(buildings),
        "cards": _cards(language, prefix, frozenset(letters), decisions is not None, frozenset(inviting)),
    }


@functools.lru_cache(maxsize=1024)
def _marks(
    language: str,
    seat: int,
    boats: tuple[tuple[str, ...], int],
    decided: bool | None,
    record: tuple[int, int, int, int, bool, int],
) -> Pieces:
    """The marks of a player's record beside the name, as pieces: the boats this round, the secret
    invitation decided or not (`decided`: ``None`` but while the invitation lasts), the record sheet's
    coins."""
    del language  # a key of the cache: the words are in the language in force
    prefix = f"s{seat}-"
    placed, flipped = boats
    coins, gained, spent, filled, solo, track = record
    drawn = [
        (
            prefix + "boats",
            '<span class="rw-boats" role="img"',
            f' aria-label="{escape(_boats_words(placed, flipped))}"><svg viewBox="0 0 96 40" aria-hidden="true">'
            f"{_boats(seat, placed, flipped)}</svg></span>",
        )
    ]
    if decided is not None:
        if decided:
            opening = '\n<span class="rw-invitation decided" role="img"'
            words, shown = i18n.gettext("Invitation decided"), "✓ " + i18n.gettext("decided")
        else:
            opening = '\n<span class="rw-invitation" role="img"'
            words, shown = i18n.gettext("Invitation not decided yet"), "… " + i18n.gettext("deciding")
        drawn.append((prefix + "invitation", opening, f' aria-label="{words}">{shown}</span>'))
    drawn.append(
        (
            prefix + "coins",
            '\n<span class="rw-record" role="img"',
            f' aria-label="{escape(_record_words(coins, gained, spent, filled, solo))}"><span class="coin-count">'
            f'<svg viewBox="0 0 24 24" aria-hidden="true"><use href="#icon-coin"/></svg>{coins}</span>'
            f"{_track(track, gained, spent, filled)}</span>",
        )
    )
    return Pieces(drawn)


@functools.lru_cache(maxsize=1024)
def _cards(language: str, prefix: str, invited: frozenset[str], mine: bool, inviting: frozenset[str]) -> Pieces:
    """A player's character cards, as pieces: crossed out once invited, the viewer's to pick."""
    return Pieces(
        (f"{prefix}card-{_key(letter)}", *_card(language, letter, letter in invited, mine, letter in inviting))
        for letter in _TITLES
    )


class _Sheet:
    """A player's game sheet, its buildings side by side (each with the numbers and letters the viewer
    may write there), written as the template would; called with the keys to highlight."""

    __slots__ = ("drawn",)

    def __init__(self, buildings: Iterable[dict[str, Any]]) -> None:
        self.drawn = [(_opening(b["colour"], b["in_use"]), b["pieces"], _closing(b)) for b in buildings]

    def __call__(self, changed: Collection[str]) -> Markup:
        return Markup("".join([f"{opening}{drawn(changed)}{closing}" for opening, drawn, closing in self.drawn]))


@functools.lru_cache(maxsize=64)
def _opening(colour: str, in_use: bool) -> str:
    in_use_class = " in-use" if in_use else ""
    return f'\n<div class="building h-{escape(colour)}{in_use_class}">\n<svg viewBox="0 0 190 236" class="house">'


def _closing(building: dict[str, Any]) -> str:
    if not building["places"] and not building["invites"]:
        return "\n</svg>\n</div>"
    buttons = [_act(action, content, "number", pick) for pick, action, content in building["places"]]
    buttons += [_act(action, content, "invite", pick) for pick, action, content in building["invites"]]
    return f'\n</svg>\n<div class="places">{"".join(buttons)}\n</div>\n</div>'


def _act(action: str, content: Markup, css: str, pick: str | None) -> str:
    """A button that sends a decision, as the ``act`` macro writes it."""
    picked = f' data-pick-of="{escape(pick)}" hidden' if pick else ""
    return f'<button type="button" class="act {css}" data-action="{escape(action)}"{picked}>{content}</button>'


def _symbol(
    cell: _Cell,
    circled: dict[str, int | None],
    decisions: _Decisions,
    die_value: int | None,
    at: tuple[int, int],
) -> tuple[Markup, str | None, list[tuple[str, int, int]]]:
    """A symbol where the sheet prints it (its top left corner `at`), with what the pen wrote on it, and
    how the viewer may circle it: at once when the die's own number is its only choice, else by picking
    it and then a number (each with its cost in coins). Its body, the pick and the numbers to choose."""
    symbol_id = cell[0]
    look = _look(cell, circled.get(symbol_id, _OPEN))
    options = decisions.circles.get(symbol_id)
    if not options:
        return _still(i18n.current(), look, at), None, []
    words, drawing = _cell(i18n.current(), look)
    places = [(action, value, 0 if die_value is None else change_cost(die_value, value)) for action, value in options]
    if len(places) == 1 and places[0][2] == 0:
        action = places[0][0]
        attributes = Markup(' class="act" data-action="{}" role="button" tabindex="0" aria-label="{}"').format(
            action, label(action)
        )
        pick = None
    else:
        pick = f"circle {symbol_id}"
        attributes = Markup(' class="pick" data-pick="{}" role="button" tabindex="0" aria-label="{}: {}"').format(
            pick, words, i18n.gettext("choose the number to circle it with")
        )
    body = Markup(f' transform="translate({at[0]} {at[1]})"{attributes}><title>{words}</title>{_HIT}{drawing}</g>')
    return body, pick, places if pick else []
