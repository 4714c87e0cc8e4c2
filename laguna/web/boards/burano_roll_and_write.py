"""The web board of Walking in Burano Roll & Write, drawn from a seat's view as the table looks: the
dice stand with its six dice and the canal where the boats lie beside them, the round and the turn
player marker, and every player's game sheet marked as a pen marks paper (symbols circled, numbers
written in their spaces, character letters written under the buildings, the invited characters
crossed out) with its record sheet (coins circled, crossed out, filled in).

Each colour shows twice, as a colour and as its mark with the building's letter, so the board reads
without colour; every boat shows its player's number. The seat's decisions lie on what they change:
a boat dropped on the canal beside its die, the boat at hand flipped, a symbol circled (at once when
the die's own number is its only choice, else the symbol picked and then its number), a character
card picked and then written under a building, a coin taken instead.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from typing import Any, Final

from markupsafe import Markup, escape

from laguna import i18n
from laguna.core.messages import N_
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.position import change_cost
from laguna.games.burano_roll_and_write.sheets import DieColour

_BOAT = re.compile(r"boat (\w+)")
_CIRCLE = re.compile(r"circle (\S+) ([1-6])")
_INVITE = re.compile(r"invite ([A-J]) (\w+)(?: f([1-3]))?")
_SYMBOL = re.compile(r"([A-Z])([1-3])\.([a-z]+)\d*")

_COLOURS: Final = {colour.value: colour for colour in DieColour}
_BY_LETTER: Final = {colour.letter: colour for colour in DieColour}
_TITLES: Final = {character.value: character.title for character in Character}
_FLOOR_CHARACTERS: Final = frozenset(c.value for c in Character if c.designates_floor)

_DIE_NAMES: Final = {
    "red": N_("the red die"),
    "orange": N_("the orange die"),
    "yellow": N_("the yellow die"),
    "green": N_("the green die"),
    "blue": N_("the blue die"),
    "pink": N_("the pink die"),
}
_BUILDING_NAMES: Final = {
    "red": N_("the red building"),
    "orange": N_("the orange building"),
    "yellow": N_("the yellow building"),
    "green": N_("the green building"),
    "blue": N_("the blue building"),
    "pink": N_("the pink building"),
}
"""Whole phrases, so that a language can inflect them (the same words the log uses)."""
_KINDS: Final = {
    "plant": N_("plant"),
    "cat": N_("cat"),
    "red": N_("red curtain"),
    "blue": N_("blue curtain"),
    "light": N_("streetlight"),
    "chimney": N_("chimney"),
}
_WRITTEN: Final = frozenset({"plant", "chimney"})
"""The symbols with a space underneath for the number (rulebook: Using a Die)."""

_WIDTH: Final = 190
"""The drawing of a building (``rw-house``): its width, a symbol cell's, the margin of the floor
numbers, the top of each floor (floor 3 on top, as on the sheet)."""
_CELL: Final = 44
_MARGIN: Final = 12
_FLOOR_TOP: Final = {3: 30, 2: 90, 1: 150}
_CANAL_SLOTS: Final = ((4, 104), (52, 104), (4, 150), (52, 150))
"""Where the boats lie beside a die on the canal (in a die's column of the stand), in placing order."""


def _colour_mark(colour: str) -> tuple[str, str]:
    """The colour's building letter and printable mark (``?`` for a colour the board does not know)."""
    known = _COLOURS.get(colour)
    return (known.letter, known.symbol) if known else ("?", "?")


def _colour_words(colour: str) -> str:
    letter, mark = _colour_mark(colour)
    return f"{i18n.gettext(_BUILDING_NAMES[colour]) if colour in _BUILDING_NAMES else colour} ({letter} {mark})"


def _key(token: str) -> str:
    """A piece key's part from the view's notation (symbol ids are upper case)."""
    return token.lower()


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board."""

    def __init__(self, actions: Sequence[str]) -> None:
        self.boats: dict[str, str] = {}
        self.circles: dict[str, list[tuple[str, int]]] = defaultdict(list)
        self.invites: dict[str, list[tuple[str, str, int | None]]] = defaultdict(list)
        self.inviting: set[str] = set()
        self.flip: str | None = None
        self.coin: str | None = None
        for action in actions:
            if m := _BOAT.fullmatch(action):
                self.boats[m.group(1)] = action
            elif m := _CIRCLE.fullmatch(action):
                self.circles[m.group(1)].append((action, int(m.group(2))))
            elif m := _INVITE.fullmatch(action):
                floor = int(m.group(3)) if m.group(3) else None
                self.invites[m.group(2)].append((action, m.group(1), floor))
                self.inviting.add(m.group(1))
            elif action == "flip":
                self.flip = action
            elif action == "coin":
                self.coin = action


# ---------------------------------------------------------------------------------------------- pieces


def pieces(view: dict[str, Any]) -> dict[str, Hashable]:
    """Every piece the board draws, by key: the round marker, the turn player marker, the phase (with
    who acts and the die in use), the draft order's steps, each die and each boat on the canal; per
    seat ``s<n>-``: its boats, its record sheet, each symbol of its sheet (by id), each building (lit
    while its die is used), each character space, each character card and, while the invitation
    lasts, its decision."""
    phase = view.get("phase")
    draft = view.get("draft") or {}
    drafting = phase in ("boat", "use")
    die = draft.get("die") if phase == "use" else None
    drawn: dict[str, Hashable] = {
        "round": (view.get("round"), view.get("final_round")),
        "turn": view.get("turn_player"),
        "phase": (phase, view.get("ended_by"), draft.get("seat") if drafting else None, die),
    }
    if drafting:
        index = draft.get("index") or 0
        for position, seat in enumerate(draft.get("order") or []):
            drawn[f"order-{position}"] = (seat, _step(position, index))
    spectators = set(view.get("spectators") or [])
    for colour, value in (view.get("dice") or {}).items():
        drawn[f"die-{colour}"] = (value, colour == die)
        boats = list((view.get("canal") or {}).get(colour, []))
        if colour in spectators:
            drawn[f"canal-{colour}-spectator"] = True
        for number, seat in enumerate(boats, start=1 + (colour in spectators)):
            drawn[f"canal-{colour}-{number}"] = seat
    for seat_view in view.get("seats", []):
        prefix = f"s{seat_view['seat']}-"
        using = die if seat_view["seat"] == draft.get("seat") else None
        drawn[prefix + "boats"] = (tuple(seat_view.get("boats") or ()), int(seat_view.get("flipped") or 0))
        drawn[prefix + "coins"] = (
            int(seat_view.get("gained") or 0),
            int(seat_view.get("spent") or 0),
            int(seat_view.get("filled") or 0),
        )
        circled = seat_view.get("circled") or {}
        sheet = seat_view.get("sheet") or {}
        for symbol in sheet.get("symbols", []):
            symbol_id = str(symbol.get("id"))
            written = circled.get(symbol_id) if symbol.get("kind") in _WRITTEN else None
            drawn[prefix + _key(symbol_id)] = (symbol_id in circled, written)
        invited = {str(c.get("building")): c for c in seat_view.get("characters", [])}
        for colour in sheet.get("buildings", []):
            drawn[f"{prefix}house-{colour}"] = colour == using
            character = invited.get(colour)
            drawn[f"{prefix}space-{colour}"] = (
                None if character is None else (character.get("letter"), character.get("floor"))
            )
        letters = {str(c.get("letter")) for c in invited.values()}
        for letter in _TITLES:
            drawn[f"{prefix}card-{_key(letter)}"] = letter in letters
        if phase == "invite":
            drawn[prefix + "invitation"] = (bool(seat_view.get("decided")), seat_view.get("decision"))
    return drawn


def _step(position: int, index: int) -> str:
    return "past" if position < index else "now" if position == index else "next"


# ---------------------------------------------------------------------------------------------- labels


def label(action: str) -> str:
    """The decision `action` in the reader's language, as the board's buttons and the list say it."""
    if m := _BOAT.fullmatch(action):
        return i18n.gettext("Place a boat beside %(die)s") % {"die": _die_name(m.group(1))}
    if m := _CIRCLE.fullmatch(action):
        return i18n.gettext("Circle %(symbol)s with %(value)s") % {
            "symbol": _symbol_name(m.group(1)),
            "value": m.group(2),
        }
    if m := _INVITE.fullmatch(action):
        character = _character_name(m.group(1))
        building = _building_name(m.group(2))
        if m.group(3):
            return i18n.gettext("Invite the %(character)s under %(building)s, scoring floor %(floor)s") % {
                "character": character,
                "building": building,
                "floor": m.group(3),
            }
        return i18n.gettext("Invite the %(character)s under %(building)s") % {
            "character": character,
            "building": building,
        }
    if action == "flip":
        return i18n.gettext("Flip the boat for 2 coins")
    if action == "coin":
        return i18n.gettext("Take a coin instead of inviting")
    return action


def _die_name(colour: str) -> str:
    return i18n.gettext(_DIE_NAMES[colour]) if colour in _DIE_NAMES else colour


def _building_name(colour: str) -> str:
    return i18n.gettext(_BUILDING_NAMES[colour]) if colour in _BUILDING_NAMES else colour


def _character_name(letter: str) -> str:
    return f"{i18n.gettext(_TITLES[letter])} ({letter})" if letter in _TITLES else letter


def _symbol_name(symbol_id: str) -> str:
    """A symbol by where it is on the sheet: "the cat on floor 2 of the red building"."""
    m = _SYMBOL.fullmatch(symbol_id)
    if m is None or m.group(1) not in _BY_LETTER or m.group(3) not in _KINDS:
        return symbol_id
    return i18n.gettext("the %(symbol)s on floor %(floor)s of %(building)s") % {
        "symbol": i18n.gettext(_KINDS[m.group(3)]),
        "floor": m.group(2),
        "building": _building_name(_BY_LETTER[m.group(1)].value),
    }


# ---------------------------------------------------------------------------------------------- board


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place."""
    decisions = _Decisions(actions)
    phase = view.get("phase")
    draft = view.get("draft") or {}
    drafting = phase in ("boat", "use")
    die = draft.get("die") if phase == "use" else None
    dice: dict[str, Any] = view.get("dice") or {}
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    die_value = dice.get(die) if die else None
    index = draft.get("index") or 0
    final_round = view.get("final_round")
    return {
        "viewer": viewer,
        "round": view.get("round"),
        "final_round": final_round,
        "last_round": final_round is not None and final_round == view.get("round"),
        "phase": phase,
        "ended_by": view.get("ended_by"),
        "turn_player": view.get("turn_player"),
        "acting": draft.get("seat") if drafting else None,
        "die": None if die is None else {"value": die_value, "name": _die_name(die)},
        "order": [
            {"key": f"order-{position}", "seat": seat, "step": _step(position, index), "boat": boat(seat)}
            for position, seat in enumerate(draft.get("order") or [])
        ]
        if drafting
        else [],
        "stand": _Stand(_dice(view, decisions, die, viewer)),
        "flip": decisions.flip,
        "flipped": boat(viewer) if decisions.flip and viewer is not None else None,
        "coin": decisions.coin,
        "decision": _decision(view),
        "seats": [
            _seat(
                seat_view,
                view,
                decisions if seat_view["seat"] == viewer else None,
                die if seat_view["seat"] == draft.get("seat") else None,
                die_value,
            )
            for seat_view in seats
        ],
    }


def _decision(view: dict[str, Any]) -> str | None:
    """The viewer's own secret invitation decision, in words, once made."""
    mine = next((s for s in view.get("seats", []) if s["seat"] == view.get("viewer")), None)
    decision = mine.get("decision") if mine else None
    return label(str(decision)) if decision else None


def _dice(view: dict[str, Any], decisions: _Decisions, die: str | None, viewer: int | None) -> list[dict[str, Any]]:
    """The dice on their stand, each with the boats beside it on the canal (the spectator's first, it
    was there before the round) and the place for the viewer's boat."""
    canal: dict[str, Any] = view.get("canal") or {}
    spectators = set(view.get("spectators") or [])
    dice = []
    for column, (colour, value) in enumerate((view.get("dice") or {}).items()):
        boats: list[dict[str, Any]] = []
        if colour in spectators:
            boats.append({"key": f"canal-{colour}-spectator", "seat": None})
        boats += [
            {"key": f"canal-{colour}-{number}", "seat": seat}
            for number, seat in enumerate(canal.get(colour, []), start=len(boats) + 1)
        ]
        for token, (x, y) in zip(boats, _CANAL_SLOTS, strict=False):
            token["boat"] = boat(token["seat"], x, y)
        action = decisions.boats.get(colour)
        dice.append(
            {
                "colour": colour,
                "drawn": _die(i18n.current(), column, colour, value, colour == die),
                "name": _die_name(colour),
                "boats": boats,
                "boat": action,
                "ghost": boat(viewer, *_CANAL_SLOTS[min(len(boats), len(_CANAL_SLOTS) - 1)]) if action else None,
            }
        )
    return dice


@functools.lru_cache(maxsize=1024)
def _die(language: str, column: int, colour: str, value: object, in_use: bool) -> tuple[str, str, str]:
    """A die on its stand (in its column), as a piece: its key, the opening of its element (after the
    column's), and the rest after its key."""
    del language  # a key of the cache: the words are in the language in force
    letter, mark = _colour_mark(colour)
    tag = f"{escape(letter)} {escape(mark)}"
    opening = f'\n<g transform="translate({column * 100} 0)" class="d-{escape(colour)}">\n<g class="die'
    opening += ' in-use"' if in_use else '"'
    words = f"{escape(_die_name(colour))} ({tag}): {escape(value)}"
    if in_use:
        words += f", {i18n.gettext('in use')}"
    drawn = f"><title>{words}</title>"
    if in_use:
        drawn += '<rect x="15" y="5" width="70" height="66" rx="14" class="in-use-ring"/>'
    drawn += '\n<use href="#rw-die" x="22" y="10" width="56" height="56"/>'
    if value:
        drawn += f'<use href="#rw-pips-{escape(value)}" x="22" y="10" width="56" height="56" class="pips"/>'
    drawn += f'\n<text x="50" y="86" class="die-tag">{tag}</text></g>'
    return f"die-{colour}", opening, drawn


class _Stand:
    """The dice on their stand with the boats beside them on the canal and the places for the viewer's
    boat, written as the template would; called with the seats' names and the keys to highlight."""

    __slots__ = ("dice",)

    def __init__(self, dice: list[dict[str, Any]]) -> None:
        self.dice = dice

    def __call__(self, seat_name: Callable[[int], str], changed: Collection[str]) -> Markup:
        drawn: list[str] = []
        for die in self.dice:
            key, opening, rest = die["drawn"]
            drawn.append(_marked(opening, key, rest, changed))
            for token in die["boats"]:
                if token["seat"] is None:
                    words = Markup(i18n.gettext("The spectator's boat: a boat beside it costs a coin"))
                else:
                    words = Markup(i18n.gettext("Boat of %(seat)s beside %(die)s")) % {
                        "seat": seat_name(token["seat"]),
                        "die": die["name"],
                    }
                drawn.append(_marked("\n<g", token["key"], f"><title>{words}</title>{token['boat']}</g>", changed))
            if die["boat"]:
                words = Markup(i18n.gettext("Place a boat beside %(die)s")) % {"die": die["name"]}
                drawn.append(
                    f'\n<g class="act place-boat" data-action="{escape(die["boat"])}" role="button" tabindex="0"'
                    f' aria-label="{words}"><rect x="3" y="99" width="94" height="98" rx="8" class="hit"/>'
                    f'<g class="ghost">{die["ghost"]}</g></g>'
                )
            drawn.append("\n</g>")
        return Markup("".join(drawn))


def _marked(opening: str, key: str, rest: str, changed: Collection[str]) -> str:
    """A piece's element marked as the ``mark`` macro marks it: its key, and whether it glows."""
    if key in changed:
        return f'{opening} data-piece="{escape(key)}" data-changed=""{rest}'
    return f'{opening} data-piece="{escape(key)}"{rest}'


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


class Pieces:
    """Drawn pieces, each ``(key, head, body)``: ``head`` opens its element, ``body`` follows its
    attributes. Called with the keys to highlight, it writes them all, each marked as the ``mark``
    macro marks a piece; written once without highlights, and again only where one of its keys glows."""

    __slots__ = ("_keys", "_plain", "drawn")

    def __init__(self, drawn: Iterable[tuple[str, str, str]]) -> None:
        self.drawn = tuple(drawn)
        self._keys: frozenset[str] | None = None
        self._plain: Markup | None = None

    def __call__(self, changed: Collection[str]) -> Markup:
        if changed:
            if self._keys is None:
                self._keys = frozenset(key for key, _, _ in self.drawn)
            if not self._keys.isdisjoint(changed):
                return self._write(changed)
        if self._plain is None:
            self._plain = self._write(())
        return self._plain

    def _write(self, changed: Collection[str]) -> Markup:
        return Markup(
            "".join(
                f'{head} data-piece="{escape(key)}" data-changed=""{body}'
                if key in changed
                else f'{head} data-piece="{escape(key)}"{body}'
                for key, head, body in self.drawn
            )
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


_G: Final = Markup("<g")


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


_Cell = tuple[str, str, object, object, bool]
"""A symbol as the sheet prints it: id, kind, floor, printed number, coin icon."""
_NO_ROW: Final[tuple[tuple[_Cell, ...], tuple[tuple[int, int], ...]]] = ((), ())
_OPEN: Final = -1
"""What the pen wrote under a symbol not circled (``None``: circled, nothing written)."""


def _cells(symbols: list[dict[str, Any]]) -> dict[str, tuple[tuple[_Cell, ...], tuple[tuple[int, int], ...]]]:
    """The symbols of each building, by its colour, floor 3 first as the sheet prints them, with where
    each is drawn. A sheet is printed once for the game: worked out once per sheet."""
    try:
        printed = tuple(tuple(symbol.items()) for symbol in symbols)
    except (AttributeError, TypeError):
        return _layout(symbols)
    try:
        return _printed(printed)
    except TypeError:  # a symbol the view describes with something unhashable
        return _layout(symbols)


@functools.lru_cache(maxsize=64)
def _printed(
    printed: tuple[tuple[tuple[str, Any], ...], ...],
) -> dict[str, tuple[tuple[_Cell, ...], tuple[tuple[int, int], ...]]]:
    return _layout([dict(symbol) for symbol in printed])


def _layout(symbols: list[dict[str, Any]]) -> dict[str, tuple[tuple[_Cell, ...], tuple[tuple[int, int], ...]]]:
    found: dict[str, list[_Cell]] = defaultdict(list)
    for symbol in sorted(symbols, key=lambda s: -int(s.get("floor") or 0)):
        found[str(symbol.get("building"))].append(
            (
                str(symbol.get("id", "?")),
                str(symbol.get("kind")),
                symbol.get("floor"),
                symbol.get("number"),
                bool(symbol.get("coin")),
            )
        )
    return {colour: (tuple(row), tuple(_positions(tuple(row)))) for colour, row in found.items()}


def _positions(row: tuple[_Cell, ...]) -> list[tuple[int, int]]:
    """Where each symbol of a building is drawn: its floor's row, the row centred."""
    placed = []
    for floor in (3, 2, 1):
        count = sum(1 for cell in row if cell[2] == floor)
        left = _MARGIN + (_WIDTH - _MARGIN - _CELL * count) // 2
        placed += [(left + _CELL * place, _FLOOR_TOP[floor]) for place in range(count)]
    return placed


def _look(cell: _Cell, mark: int | None) -> _Look:
    """How a symbol looks, with the pen's `mark` on it (`_OPEN`, or what was written when circled)."""
    _, kind, floor, printed, coin = cell
    written = mark if kind in _WRITTEN and mark != _OPEN else None
    return kind, floor, printed, coin, mark != _OPEN, written


@functools.lru_cache(maxsize=4096)
def _building(
    language: str,
    prefix: str,
    colour: str,
    row: tuple[_Cell, ...],
    now: tuple[tuple[int | None, ...], bool, tuple[object, object] | None],
) -> Pieces:
    """A building the viewer cannot mark now, as pieces: its drawing, its symbols and its character
    space, as they are `now`: the pen's marks on the symbols, whether its die is in use, the character
    (letter and floor) written under it. A sheet changes one building at a time, so the others are
    drawn once."""
    marks, in_use, character = now
    drawn = [(f"{prefix}house-{colour}", _G, _house(language, colour, in_use))]
    drawn += [
        (prefix + _key(cell[0]), _G, _still(language, _look(cell, mark), at))
        for cell, mark, at in zip(row, marks, _positions(row), strict=True)
    ]
    drawn.append((f"{prefix}space-{colour}", _G, _space(language, colour, *(character or ()))))
    return Pieces(drawn)


_HIT: Final = Markup('<rect width="44" height="58" rx="6" class="hit"/>')
"""The target of a symbol to circle: the whole cell, number space included."""
_Look = tuple[str, object, object, bool, bool, object]
"""How a symbol looks: kind, floor, printed number, coin icon, circled, number written under it."""


@functools.lru_cache(maxsize=8192)
def _still(language: str, look: _Look, at: tuple[int, int]) -> Markup:
    """The body of a symbol the viewer cannot circle now, with its top left corner `at`."""
    words, drawing = _cell(language, look)
    return Markup(f' transform="translate({at[0]} {at[1]})"><title>{words}</title>{drawing}</g>')


@functools.lru_cache(maxsize=1024)
def _cell(language: str, look: _Look) -> tuple[Markup, Markup]:
    """A symbol's words in `language` (the one in force) and its drawing: the printed symbol (with its
    number space, number badge and coin icon) and the pen's marks."""
    del language  # a key of the cache: the words are in the language in force
    kind, floor, printed, coin, circled, written = look
    words = i18n.gettext(_KINDS.get(kind, kind))
    if printed is not None:
        words += f" {printed}"
    if coin:
        words += ", " + i18n.gettext("coin icon")
    if circled:
        words += ", " + i18n.gettext("circled")
        if written is not None:
            words += " " + i18n.gettext("with %(value)s") % {"value": written}
    drawing = Markup('<use href="#rw-k-{}"/>').format(kind)
    if coin:
        drawing += Markup('<use href="#rw-coin-mark"/>')
    if printed is not None:
        drawing += Markup('<text x="35" y="14" class="printed-no">{}</text>').format(printed)
    if written is not None:
        drawing += Markup('<text x="22" y="53" class="pen">{}</text>').format(written)
    if circled:
        drawing += Markup('<use href="#rw-circled"/>')
    return escape(i18n.gettext("floor %(floor)s: %(symbol)s") % {"floor": floor, "symbol": words}), drawing


@functools.lru_cache(maxsize=512)
def _number(language: str, colour: str, value: int, cost: int) -> Markup:
    """A number the picked symbol may be circled with: the die's face, and its cost in coins."""
    del language  # a key of the cache: the words are in the language in force
    words = i18n.gettext("Circle with %(value)s") % {"value": value}
    if cost:
        words += ", " + i18n.ngettext("%(num)s coin", "%(num)s coins", cost) % {"num": cost}
        shown = Markup('{}<svg viewBox="0 0 24 24" aria-hidden="true"><use href="#icon-coin"/></svg>').format(cost)
    else:
        shown = escape(i18n.gettext("free"))
    return Markup(
        '<svg viewBox="0 0 56 56" aria-hidden="true" class="d-{}"><use href="#rw-die"/>'
        '<use href="#rw-pips-{}" class="pips"/></svg><span class="cost">{}</span><span class="rw-sr">{}</span>'
    ).format(colour, value, shown, words)


@functools.lru_cache(maxsize=256)
def _invitation(language: str, letter: str, floor: int | None) -> Markup:
    """Where the picked character may be invited: its letter to write under the building (with the
    floor it will score, for a Florist, Fisherman or Painter)."""
    del language  # a key of the cache: the words are in the language in force
    drawn = Markup('<span class="pen letter">{}</span>').format(letter)
    if floor is not None:
        drawn += Markup(' <span class="floor-word">{}</span>').format(
            i18n.gettext("floor %(floor)s") % {"floor": floor}
        )
    return drawn + Markup('<span class="rw-sr">{}</span>').format(i18n.gettext("Invite here"))


@functools.lru_cache(maxsize=256)
def _house(language: str, colour: str, in_use: bool) -> Markup:
    """The body of a building's drawing: façade, floors, roof with the building's letter and mark."""
    del language  # a key of the cache: the words are in the language in force
    letter, mark = _colour_mark(colour)
    words = _colour_words(colour)
    if in_use:
        words += ": " + i18n.gettext("the die in use")
    return Markup('><title>{}</title><use href="#rw-house"/><text x="95" y="22" class="tag">{}{}</text></g>').format(
        words, letter, mark
    )


@functools.lru_cache(maxsize=1024)
def _space(language: str, colour: str, letter: object = None, floor: object = None) -> Markup:
    """The body of the character space under a building, with the letter written in it (and the floor
    a Florist, Fisherman or Painter scores, marked on a little building)."""
    del language  # a key of the cache: the words are in the language in force
    if letter is None:
        return Markup('><title>{}</title><use href="#rw-space"/></g>').format(i18n.gettext("character space: empty"))
    name = _character_name(str(letter))
    if floor is not None:
        name = i18n.gettext("%(character)s, scoring floor %(floor)s") % {"character": name, "floor": floor}
    words = i18n.gettext("character space under %(building)s: %(character)s") % {
        "building": _colour_words(colour),
        "character": name,
    }
    drawn = Markup('><title>{}</title><use href="#rw-space"/><text x="95" y="230" class="pen letter">{}</text>').format(
        words, letter
    )
    if floor is not None:
        drawn += Markup('<use href="#rw-floor-{}" x="120" y="214"/>').format(floor)
    return drawn + Markup("</g>")


@functools.lru_cache(maxsize=512)
def _card(language: str, letter: str, invited: bool, mine: bool, pick: bool) -> tuple[Markup, Markup]:
    """A character card as the sheet prints it (letter, what it scores, name on the viewer's own sheet),
    crossed out once invited; a card the viewer may invite is a button to pick. The opening of its
    element, and the rest after its key."""
    del language  # a key of the cache: the words are in the language in force
    title = i18n.gettext(_TITLES[letter])
    drawing = Markup('<svg viewBox="0 0 48 46" aria-hidden="true"><use href="#rw-card-{}"/>{}</svg>{}').format(
        letter,
        Markup('<use href="#rw-cross" x="4" y="3" width="40" height="40"/>') if invited else "",
        Markup('<span class="card-name">{}</span>').format(title) if mine else "",
    )
    if pick:
        return Markup('<button type="button"'), Markup(
            ' class="card pick" data-pick="invite {0}" aria-label="{0} {1}: {2}">{3}</button>'
        ).format(letter, title, i18n.gettext("pick it, then its building"), drawing)
    words = f"{letter} {title}: {i18n.gettext('invited')}" if invited else f"{letter} {title}"
    return Markup("<div"), Markup(' class="card{}" role="img" aria-label="{}">{}</div>').format(
        " invited" if invited else "", words, drawing
    )


@functools.lru_cache(maxsize=256)
def boat(seat: int | None, x: int = 0, y: int = 0) -> Markup:
    """A boat token in its player's colour with the player's number on its sail (the spectator's: grey,
    dashed, no number), 44 × 38 with its top left corner at (`x`, `y`)."""
    if seat is None:
        return Markup('<use href="#rw-boat" x="{}" y="{}" width="44" height="38" class="spectator"/>').format(x, y)
    return Markup(
        '<use href="#rw-boat" x="{0}" y="{1}" width="44" height="38" class="b{2}"/>'
        '<text x="{3}" y="{4}" class="sail">{5}</text>'
    ).format(x, y, seat, x + 31, y + 20, seat + 1)


@functools.lru_cache(maxsize=256)
def _boats(seat: int, boats: tuple[str, ...], flipped: int) -> Markup:
    """A player's two boat tokens this round, side by side: placed beside a die (faded, the die's letter
    on it), flipped (upside down), or at hand."""
    drawn = Markup("")
    for place, colour in enumerate(boats):
        drawn += Markup('<g class="placed">{}</g><text x="{}" y="22" class="on-die">{}</text>').format(
            boat(seat, 48 * place, 1), 48 * place + 12, _colour_mark(colour)[0]
        )
    for place in range(len(boats), min(2, len(boats) + flipped)):
        drawn += Markup('<g transform="rotate(180 {} 20)">{}</g>').format(48 * place + 22, boat(seat, 48 * place, 1))
    for place in range(len(boats) + flipped, 2):
        drawn += boat(seat, 48 * place, 1)
    return drawn


def _boats_words(boats: tuple[str, ...], flipped: int) -> str:
    parts = [i18n.gettext("beside %(die)s") % {"die": _die_name(colour)} for colour in boats]
    if flipped:
        parts.append(i18n.ngettext("%(num)s flipped", "%(num)s flipped", flipped) % {"num": flipped})
    at_hand = max(0, 2 - len(boats) - flipped)
    if at_hand:
        parts.append(i18n.ngettext("%(num)s at hand", "%(num)s at hand", at_hand) % {"num": at_hand})
    return i18n.gettext("Boats: %(boats)s") % {"boats": ", ".join(parts)}


@functools.lru_cache(maxsize=1024)
def _track(track: int, gained: int, spent: int, filled: int) -> Markup:
    """The record sheet's coin spaces in rows of 20: printed coins, the gained ones circled, the spent
    ones crossed out, and (solo) the filled-in ones from the far end."""
    marks = ["spent"] * min(spent, track) + ["coin"] * max(0, min(gained, track) - spent)
    marks += ["open"] * max(0, track - len(marks) - filled)
    marks += ["filled"] * (track - len(marks))
    rows = (track + 19) // 20
    drawn = [f'<svg class="track" viewBox="0 0 320 {16 * rows}" aria-hidden="true">']
    drawn += [
        f'<rect y="{16 * row}" width="{16 * min(20, track - 20 * row)}" height="16" fill="url(#rw-coins)"/>'
        for row in range(rows)
    ]
    drawn += [
        f'<use href="#rw-c-{mark}" x="{16 * (n % 20)}" y="{16 * (n // 20)}"/>'
        for n, mark in enumerate(marks)
        if mark != "open"
    ]
    return Markup("".join(drawn) + "</svg>")


def _record_words(coins: int, gained: int, spent: int, filled: int, solo: bool) -> str:
    words = i18n.ngettext("Record sheet: %(num)s coin", "Record sheet: %(num)s coins", coins) % {"num": coins}
    words += " (" + i18n.gettext("gained %(gained)s, spent %(spent)s") % {"gained": gained, "spent": spent}
    if solo:
        words += ", " + i18n.gettext("filled in %(filled)s") % {"filled": filled}
    return words + ")"
