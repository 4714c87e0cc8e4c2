"""The web board of Burano, drawn from a seat's view: the action board and the rounds track, the main
island as a map of house pits with their coloured houses and roof tiles, the lagoon with the
neighbouring islands, the ports, the sailing routes and the boats, the lace workshops as a grid, the
supplies, and every player's board (schedule ring with its time wheel, cube pyramid, preparation
area, cube reserve, roof spaces, tracks, fish and building cards).

Each colour shows twice, as a colour and as its glyph with its initial (``♥P`` pink), so the board
reads without colour. A decision sits on the piece it is about: a build or a roof on its square of the
main island, a sail on the island or port, a lace maker on the workshop square, a pyramid decision on
its slot or on the reserve cube it stacks. A piece with one decision is pressed to take it; a piece
with several is picked first, and its choices show beside the area.
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections import defaultdict
from collections.abc import Collection, Hashable, Sequence
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _escape

from laguna import i18n
from laguna.games.burano.components import Colour
from laguna.games.burano.position import MAX_MOVES, MOVE_COSTS, PREPARATION_SPACES, SEASONS, TURNS
from laguna.games.burano.pyramid import SLOT_NAMES, SLOTS, free_slots
from laguna.games.burano.ring import ARROWS, HOUSES

Decision = dict[str, Any]
Piece = tuple[str | None, str, str]
"""A drawn piece: its key, its element up to its key, and the rest of it (no key: markup drawn between
pieces)."""


def _(message: str) -> str:
    """A message in the reader's language; a board asks for the same few hundred times."""
    return _translated(message, i18n.current())


@functools.lru_cache(maxsize=4096)
def _translated(message: str, language: str) -> str:
    with i18n.language(language):
        return i18n.gettext(message)


def escape(text: object) -> str:
    """Text made safe inside an element or an attribute of the board's markup."""
    return html.escape(str(text))


_PLACES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), kind)
    for pattern, kind in (
        (r"roofs (?P<kinds>\S+ \S+ \S+)", "roofs"),
        (r"stack (?P<slot>\w+) (?P<colour>\w+)", "stack"),
        (r"pick (?P<slot>\w+)", "pick"),
        (r"build (?P<colour>\w+) (?P<square>[a-z]\d+)", "build"),
        (r"roof (?P<roof_kind>\S+) (?P<first>\w+)-(?P<second>\w+) (?P<at>[a-z]\d+)-(?P<other>[a-z]\d+)", "roof"),
        (r"end", "end"),
        (r"privilege coin", "privilege-coin"),
        (r"privilege cube (?P<colour>\w+) (?P<slot>\w+)", "privilege-slot"),
        (r"privilege cube (?P<colour>\w+)", "privilege-reserve"),
        (r"swap (?P<island>[A-Z]) (?P<colour>\w+) (?P<other>[A-Z]) (?P<other_colour>\w+)", "swap"),
        (r"sail (?P<place>\S+)", "sail"),
        (r"forgo", "forgo"),
        (r"fish (?P<fish>\S+)", "fish"),
        (r"dispatch (?P<count>\d)", "dispatch"),
        (r"trade (?P<ship>\S+)", "trade"),
        (r"lace (?P<square>[a-z]\d+)(?P<privilege> privilege)?", "lace"),
        (r"withdraw island (?P<island>[A-Z])", "withdraw-island"),
        (r"withdraw workshop (?P<square>[a-z]\d+)", "withdraw-workshop"),
        (r"done", "done"),
        (r"bonus privilege", "bonus-privilege"),
        (r"bonus card (?P<card>\S+)", "bonus-card"),
        (r"pay (?P<square>[a-z]\d+)(?: (?P<means>privilege|card))?", "pay"),
        (r"cube none", "cube-none"),
        (r"cube (?P<colour>\w+)", "cube"),
        (r"discard (?P<tile>\S+)", "discard"),
        (r"refill (?P<roof_kind>\S+)", "refill"),
    )
)
"""Each decision's notation, and the kind of decision it is."""

_DONE_PLACES = {
    "lace making": "workshops",
    "clean-up: score for lace making": "workshops",
    "earning: withdraw workers": "waters",
    "clean-up: refill house cubes": "supplies",
    "clean-up: remove roof tiles": "seat",
}
"""Where ``done`` closes a series: beside the pieces the series is about."""

CELL = 100
"""A square of the main island and of the workshop area, in drawing units."""
ISLAND_MARGIN = (40, 64)
WORKSHOP_MARGIN = (40, 36)
STOREY, GABLE = 25, 10
"""A floor of a house and the roof over it, in drawing units, stacked from the bottom of the square."""

WATERS = (660, 540)
_WATER_SPOTS = {
    "A": (110, 90),
    "F": (330, 90),
    "B": (550, 90),
    "left": (110, 270),
    "right": (550, 270),
    "C": (110, 450),
    "E": (330, 450),
    "D": (550, 450),
}
"""Where each neighbouring island and port lies on the lagoon map: the ports on the two sides of the
main island, the islands above and below it."""

_RING = tuple(
    (round(82 * math.sin(math.radians(k * 360 / HOUSES))), round(-82 * math.cos(math.radians(k * 360 / HOUSES))))
    for k in range(HOUSES)
)
"""Where each house of the schedule ring is drawn, clockwise from the top."""
_WHEEL = tuple((round(x * 0.62), round(y * 0.62)) for x, y in _RING)
"""Where the time wheel shows each house's sector number or arrow, inside the ring."""
_BASE, _MIDDLE, _TOP = 60, 50, 40


def colour_mark(colour: str) -> str:
    """A colour's glyph and initial (``♥P``), the cue that does not need colour."""
    try:
        glyph = Colour(colour).glyph
    except ValueError:
        return "?"
    return f"{glyph}{_(colour)[:1].upper()}"


def cube(colour: str | None) -> dict[str, str] | None:
    """A colour as the board draws it: the colour, its mark (``♥P``) and its name (shared: not to be
    changed)."""
    if colour is None or colour == "none":
        return None
    return _cube(colour, i18n.current())


@functools.lru_cache(maxsize=256)
def _cube(colour: str, language: str) -> dict[str, str]:
    if colour == "hidden":
        return {"colour": colour, "mark": "?", "name": _("face down")}
    return {"colour": colour, "mark": colour_mark(colour), "name": _(colour)}


def tile(text: str) -> dict[str, Any]:
    """A roof tile ``islands:pink-blue``: its kind, its two halves and its words (shared: not to be
    changed)."""
    return _tile(text, i18n.current())


@functools.lru_cache(maxsize=512)
def _tile(text: str, language: str) -> dict[str, Any]:
    kind, _sep, colours = text.partition(":")
    first, _sep, second = colours.partition("-")
    halves = [cube(first), cube(second)]
    words = _("%(kind)s roof tile, %(first)s and %(second)s") % {
        "kind": _(kind),
        "first": halves[0]["name"] if halves[0] else "",
        "second": halves[1]["name"] if halves[1] else "",
    }
    return {"id": text, "kind": kind, "halves": halves, "words": words}


def _square(row: int, column: int) -> str:
    return f"{chr(ord('a') + column)}{row + 1}"


def _at(name: str) -> tuple[int, int]:
    """A square's column and row (from 0)."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


@functools.lru_cache(maxsize=4096)
def _decision(action: str) -> Decision:
    """An action in notation with its parts (shared: not to be changed)."""
    for pattern, kind in _PLACES:
        if m := pattern.fullmatch(action):
            return {"action": action, "kind": kind, **m.groupdict()}
    return {"action": action, "kind": "other"}


def _place(decision: Decision) -> str:
    """The spot on the board a decision belongs to."""
    kind = decision["kind"]
    spots = {
        "stack": lambda d: f"reserve:{d['colour']}" if d["colour"] != "none" else f"slot:{d['slot']}",
        "pick": lambda d: f"slot:{d['slot']}",
        "privilege-slot": lambda d: f"slot:{d['slot']}",
        "build": lambda d: f"island:{d['square']}",
        "roof": lambda d: f"island:{d['at']}",
        "swap": lambda d: f"docks:{d['island']}",
        "sail": lambda d: f"water:{d['place']}",
        "withdraw-island": lambda d: f"water:{d['island']}",
        "trade": lambda d: f"ship:{d['ship']}",
        "fish": lambda d: f"fish:{d['fish']}",
        "lace": lambda d: f"workshop:{d['square']}",
        "withdraw-workshop": lambda d: f"workshop:{d['square']}",
        "pay": lambda d: f"workshop:{d['square']}",
        "privilege-reserve": lambda d: f"supply:{d['colour']}",
        "bonus-card": lambda d: f"card:{d['card']}",
        "cube": lambda d: f"supply:{d['colour']}",
        "discard": lambda d: f"tile:{d['tile']}",
        "refill": lambda d: f"stack:{d['roof_kind']}",
    }
    if kind in spots:
        return spots[kind](decision)
    if kind in ("privilege-coin", "bonus-privilege"):
        return "privilege"
    if kind in ("forgo", "dispatch"):
        return "boat"
    if kind == "cube-none":
        return "supplies"
    return str(kind)


def label(action: str) -> str:
    """A decision in the reader's language, as its button on the board and the list beside it say it."""
    return _label(action, i18n.current())


@functools.lru_cache(maxsize=4096)
def _label(action: str, language: str) -> str:
    d = _decision(action)
    kind = d["kind"]

    def mark(name: str) -> str:
        return colour_mark(str(d[name]))

    if kind == "roofs":
        return _("take the roof tiles %(kinds)s") % {"kinds": " + ".join(_(k) for k in d["kinds"].split())}
    if kind == "stack":
        if d["colour"] == "none":
            return _("leave pyramid slot %(slot)s empty") % {"slot": d["slot"]}
        return _("stack %(cube)s in pyramid slot %(slot)s") % {"cube": mark("colour"), "slot": d["slot"]}
    if kind == "pick":
        return _("pick up the house in pyramid slot %(slot)s") % {"slot": d["slot"]}
    if kind == "build":
        return _("build %(cube)s on %(square)s") % {"cube": mark("colour"), "square": d["square"]}
    if kind == "roof":
        return _("roof %(kind)s: %(first)s on %(at)s, %(second)s on %(other)s") % {
            "kind": _(d["roof_kind"]),
            "first": mark("first"),
            "second": mark("second"),
            "at": d["at"],
            "other": d["other"],
        }
    if kind == "privilege-slot":
        return _("privilege point: a %(cube)s cube into pyramid slot %(slot)s") % {
            "cube": mark("colour"),
            "slot": d["slot"],
        }
    if kind == "privilege-reserve":
        return _("privilege point: a %(cube)s cube into the reserve") % {"cube": mark("colour")}
    if kind == "swap":
        return _("privilege point: swap %(cube)s of island %(island)s with %(other_cube)s of island %(other)s") % {
            "cube": mark("colour"),
            "island": d["island"],
            "other_cube": mark("other_colour"),
            "other": d["other"],
        }
    if kind == "sail":
        place = d["place"]
        if place in ("left", "right"):
            return _("sail to the left port") if place == "left" else _("sail to the right port")
        return _("sail to island %(island)s") % {"island": place}
    if kind == "fish":
        if d["fish"] == "deck":
            return _("draw a fish card from the deck")
        return _("take the fish card %(fish)s") % {"fish": _(d["fish"])}
    if kind == "dispatch":
        count = int(d["count"])
        return i18n.ngettext("send %(num)s worker to the island", "send %(num)s workers to the island", count) % {
            "num": count
        }
    if kind == "trade":
        return _("trade with the merchant ship %(ship)s") % {"ship": _ship_name(d["ship"])}
    if kind == "lace":
        if d["privilege"]:
            return _("lace maker on %(square)s, with a privilege point") % {"square": d["square"]}
        return _("lace maker on %(square)s") % {"square": d["square"]}
    if kind == "withdraw-island":
        return _("withdraw a worker from island %(island)s") % {"island": d["island"]}
    if kind == "withdraw-workshop":
        return _("withdraw the lace maker from %(square)s") % {"square": d["square"]}
    if kind == "pay":
        words = {
            "privilege": _("pay for %(square)s with a privilege point"),
            "card": _("pay for %(square)s with the building card"),
        }.get(d["means"] or "", _("pay a cube for %(square)s"))
        return words % {"square": d["square"]}
    if kind == "bonus-card":
        if d["card"] == "deck":
            return _("roof bonus: the top building card of the deck")
        return _("roof bonus: the building card %(card)s") % {"card": d["card"]}
    if kind == "cube":
        return _("take a %(cube)s cube instead") % {"cube": mark("colour")}
    if kind == "discard":
        return _("remove the roof tile %(tile)s from the game") % {"tile": tile(d["tile"])["words"]}
    if kind == "refill":
        return _("refill a roof space with a %(kind)s tile") % {"kind": _(d["roof_kind"])}
    simple = {
        "end": _("end the turn"),
        "privilege-coin": _("privilege point: take 1 coin"),
        "forgo": _("forgo: the action ends"),
        "done": _("that is all: go on"),
        "bonus-privilege": _("roof bonus: 2 privilege points"),
        "cube-none": _("take no cube instead"),
    }
    return simple.get(kind, _("decision %(notation)s") % {"notation": action})


def _ship_name(ship: str) -> str:
    return " + ".join(_(kind) for kind in ship.split("-"))


def _spot_words(spot: str) -> str:
    """The piece a spot of the board is, in words."""
    kind, _sep, name = spot.partition(":")
    words = {
        "island": _("square %(name)s"),
        "workshop": _("workshop square %(name)s"),
        "docks": _("dock houses of island %(name)s"),
        "slot": _("pyramid slot %(name)s"),
        "reserve": _("%(name)s cubes of the reserve"),
        "supply": _("%(name)s cubes of the supply"),
        "stack": _("%(name)s roof tiles"),
        "tile": _("roof tile %(name)s"),
        "fish": _("fish card %(name)s"),
        "card": _("building card %(name)s"),
    }
    if kind == "water":
        return (
            _("left port")
            if name == "left"
            else _("right port")
            if name == "right"
            else _("island %(name)s") % {"name": name}
        )
    if kind in ("reserve", "supply", "stack", "fish"):
        name = _(name)
    if kind == "privilege":
        return _("privilege points")
    return words[kind] % {"name": name} if kind in words else spot


Hit = tuple[str, str, str] | None
"""What pressing a piece does: ``("action", notation, label)`` takes its one decision, ``("pick", spot,
words)`` picks it to choose among several."""


@functools.lru_cache(maxsize=4096)
def _sorted(action: str, language: str) -> tuple[Decision, str]:
    """A decision with its label, and the spot of the board it goes to (shared: not to be changed)."""
    decision = _decision(action) | {"label": label(action)}
    return decision, _place(decision)


class _Decisions:
    """The seat's legal decisions sorted by the spot on the board where they go. A spot with one
    decision takes it when pressed; a spot with several is picked, and its choices wait in the tray
    of its area. Whatever no spot takes is left for "other decisions"."""

    def __init__(self, actions: Sequence[str], phase: str) -> None:
        self.spots: dict[str, list[Decision]] = defaultdict(list)
        self.trays: dict[str, list[Decision]] = defaultdict(list)
        language = i18n.current()
        for action in actions:
            decision, spot = _sorted(action, language)
            if spot == "done":
                spot = _DONE_PLACES.get(phase, "other")
            self.spots[spot].append(decision)

    def hit(self, area: str, *spots: str) -> Hit:
        """What pressing the piece at `spots` does: its one decision, or picking it to choose."""
        if not self.spots:
            return None
        found = [d for spot in spots for d in self.spots.pop(spot, [])]
        if not found:
            return None
        if len(found) == 1:
            return "action", found[0]["action"], found[0]["label"]
        pick = f"choose:{spots[0]}"
        self.trays[area] += [d | {"pick": pick} for d in found]
        words = _("%(piece)s: choose among %(num)s decisions") % {"piece": _spot_words(spots[0]), "num": len(found)}
        return "pick", pick, words

    def buttons(self, spot: str) -> list[Decision]:
        """The decisions of a spot drawn as buttons of their own."""
        return self.spots.pop(spot, [])

    def rest(self) -> list[Decision]:
        left = [decision for decisions in self.spots.values() for decision in decisions]
        self.spots.clear()
        return left

    def controls(self, area: str, buttons: Sequence[Decision] = ()) -> Markup:
        """The tray of an area's choices (hidden until their piece is picked), then its own buttons."""
        return Markup(_tray(self.trays.get(area) or ()) + _buttons(buttons))


def _said(message: str, **variables: object) -> Markup:
    """Words as the board's template writes ``_(message, **variables)``: the translation trusted, every
    variable escaped."""
    return Markup(_(message)) % variables


class _Words:
    """The board's fixed words in one language, as the template writes them."""

    def __init__(self) -> None:
        self.game_state = _said("Game state")
        self.action_board = _said("Action board")
        self.you_decide = _said("You decide")
        self.decides = Markup(_("%(player)s decides"))
        """Formatted with a seat's name in the template, which escapes the name."""
        self.building = _said("building pyramids in secret, all at once")
        self.main_island = _said("Main island")
        self.waters = _said("Neighbouring islands and ports")
        self.workshops = _said("Lace workshops")
        self.supplies = _said("Supplies")
        self.you = _said("You")
        self.cube_pyramid = _said("cube pyramid")
        self.other = _said("Other decisions")
        self.legend = _said("Colours: ♥P pink, ●B blue, ★Y yellow, ♣G green, ▲O orange, ◇W white.")


@functools.lru_cache(maxsize=8)
def _words(language: str) -> _Words:
    return _Words()


@functools.lru_cache(maxsize=4096)
def _button(action: str, words: str, css: str = "", pick: str | None = None) -> str:
    """A decision's button, as the boards' ``act`` macro draws it."""
    picked = f' data-pick-of="{_escape(pick)}" hidden' if pick else ""
    return f'<button type="button" class="act {css}" data-action="{_escape(action)}"{picked}>{_escape(words)}</button>'


def _buttons(decisions: Sequence[Decision]) -> str:
    if not decisions:
        return ""
    return '<div class="bu-buttons">' + "".join([_button(d["action"], d["label"]) for d in decisions]) + "</div>"


def _tray(decisions: Sequence[Decision]) -> str:
    if not decisions:
        return ""
    drawn = "".join([_button(d["action"], d["label"], "bu-choice", d["pick"]) for d in decisions])
    return f'<div class="bu-tray">{drawn}</div>'


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place: the drawn pieces of each
    area (drawn here, where it is many times faster than in a template), each under its key, and the
    words around them. Pieces are kept by what they show and the language, so that a position drawn
    again, for another seat or after a decision elsewhere, reuses them."""
    language = i18n.current()
    phase = str(view.get("phase", ""))
    decisions = _Decisions(actions, phase)
    viewer = view.get("viewer")
    seats_view: list[dict[str, Any]] = view.get("seats", [])
    by_seat = {int(s["seat"]): s for s in seats_view}
    own = by_seat.get(viewer) if viewer is not None else None
    over = phase == "game over"
    phase_label, phase_text = _phase(phase, view.get("ended_by") if over else None, language)
    model: dict[str, Any] = {
        "words": _words(language),
        "draw": draw,
        "headline": (
            _headline(
                str(view.get("season", "")), view.get("round"), view.get("season_turn"), view.get("turns"), language
            ),
        ),
        "phase_label": phase_label,
        "phase_text": phase_text,
        "decides": None if over else view.get("actor"),
        "viewer": viewer,
        "building": [n for n, s in sorted(by_seat.items()) if not s.get("pyramid_ready")]
        if phase == "cube pyramid construction"
        else [],
        "pending": (_pending(view, phase),),
        "action_board": [
            _action_space(index, str(space), tuple(colours), language)
            for index, (space, colours) in enumerate((view.get("action_board") or {}).items(), 1)
        ],
    }
    model |= _main_island(view, decisions, language)
    model |= _waters(view, decisions, str(own.get("boat")) if own else None, language)
    model |= _workshops(view, decisions, language)
    model |= _supplies(view, decisions, language)
    ordered = sorted(seats_view, key=lambda s: (s["seat"] != viewer, s["seat"]))
    model["seats"] = [_seat(s, view, decisions if s["seat"] == viewer else None, language) for s in ordered]
    model["other"] = decisions.rest()
    model["other_buttons"] = Markup(_buttons(model["other"]))
    model["island_controls"] = decisions.controls("island")
    model["waters_controls"] = decisions.controls("waters", model.pop("waters_buttons"))
    model["workshop_controls"] = decisions.controls("workshops", model.pop("workshop_buttons"))
    model["supply_controls"] = decisions.controls("supplies", model.pop("supply_buttons"))
    for seat in model["seats"]:
        seat["controls"] = decisions.controls("seat" if seat["mine"] else "", seat.pop("buttons"))
    return model


# ---- drawing: SVG and HTML fragments, every text in them escaped ------------------------------------


def _block(c: dict[str, str] | None, x: float, y: float, size: float) -> str:
    """A cube (or a house, a dock house, a marker) seen from above: its colour and its mark; face down
    hatched; an empty place dashed (the drawings ``bu-c-…`` of the board's defs)."""
    return f'<use href="#bu-c-{c["colour"] if c else "none"}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"/>'


def _marked_block(c: dict[str, str], x: float, y: float, size: float, *, glyph: tuple[float, float]) -> str:
    """A pyramid cube with its mark where it shows, toward the edge the upper layer leaves uncovered."""
    css = "bu-facedown" if c["colour"] == "hidden" else f"bu-cube bu-f-{c['colour']}"
    return (
        f'<rect class="{css}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="5"/>'
        f'<text class="bu-mark" x="{glyph[0]:g}" y="{glyph[1]:g}">{c["mark"]}</text>'
    )


def _hit(h: Hit, x: float, y: float, width: float, height: float, *, rx: int = 8) -> str:
    """A pressable spot over a drawn piece: its one decision, or picking it to choose among several."""
    if h is None:
        return ""
    kind, value, words = h
    if kind == "action":
        what = f'class="bu-hit act" data-action="{escape(value)}"'
    else:
        what = f'class="bu-hit pick" data-pick="{escape(value)}"'
    return (
        f'<rect {what} role="button" tabindex="0" aria-label="{escape(words)}" '
        f'x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="{rx}"/>'
    )


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _piece(key: str, words: str, svg: str) -> Piece:
    """A piece drawn in SVG: its key, and its drawing with its words first."""
    return key, f'<g data-piece="{key}"', f">{_title(words)}{svg}</g>"


def _fragment(html: str) -> Piece:
    """Markup between pieces, drawn with them: no key, never highlighted."""
    return None, html, ""


def draw(pieces: Sequence[Piece], changed: Collection[str]) -> Markup:
    """Pieces with the attributes the ``mark`` macro of the boards writes: ``data-piece``, and
    ``data-changed`` on those in `changed`; joined here, as a template would take longer than the
    budget of a board for the hundreds of pieces of a four-player game."""
    if not changed:
        return Markup("".join([start + rest for _key, start, rest in pieces]))
    return Markup(
        "".join([f'{start} data-changed=""{rest}' if key in changed else start + rest for key, start, rest in pieces])
    )


def _player(seat: int) -> str:
    return _("player %(number)s") % {"number": seat + 1}


def _token(seat: int, x: float, y: float, size: float, woman: bool = False) -> str:
    """A worker of a seat: its colour and its number."""
    shape = "woman" if woman else "man"
    return (
        f'<use href="#bu-{shape}" class="bu-p{seat}" x="{x}" y="{y}" width="{size}" height="{size * 34 / 30:.1f}"/>'
        f'<text class="bu-seatno" x="{x + size / 2}" y="{y + size * 0.95:.1f}" '
        f'font-size="{size * 0.42:.1f}">{seat + 1}</text>'
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


def _main_island(view: dict[str, Any], decisions: _Decisions, language: str) -> dict[str, Any]:
    """The main island as a map, row 1 on top: each pit with its house floor by floor from the ground,
    the roof over each roofed floor, and the roof tiles joining two squares."""
    island = view["main_island"]
    rows, columns = int(island["rows"]), int(island["columns"])
    left, top = ISLAND_MARGIN
    houses: dict[str, Any] = island.get("houses", {})
    fountain = str(island.get("fountain") or "")
    gables: dict[tuple[str, int], float] = {}
    drawn: list[Piece] = []
    for name, x, y in _pit_places(tuple(island.get("pits", [])), rows, columns):
        stack = houses.get(name) or {}
        h = decisions.hit("island", f"island:{name}")
        house = tuple(stack.get("cubes", ())), tuple(stack.get("roofs", ())), name == fountain
        piece, raised = _pit(name, (x, y), house, h, language)
        drawn.append(piece)
        for floor, height in raised:
            gables[(name, floor)] = height
    for roof in island.get("roof_tiles", []):
        first, second, floor = str(roof["first"]), str(roof["second"]), int(roof["floor"])
        (c1, r1), (c2, r2) = _at(first), _at(second)
        if r1 == r2:
            bx, by = left + max(c1, c2) * CELL, gables.get((first, floor), top + r1 * CELL + 50)
        else:
            bx, by = left + c1 * CELL + 86, top + max(r1, r2) * CELL
        drawn.append(_roof_joint((first, second, floor, str(roof["tile"])), (bx, by), language))
    return {
        "island_frame": _island_frame(rows, columns, fountain, language),
        "island_pieces": drawn,
        "removed": (_removed(tuple(str(t) for t in view.get("removed_roofs", [])), language),),
    }


@functools.lru_cache(maxsize=64)
def _island_frame(rows: int, columns: int, fountain: str, language: str) -> Markup:
    """The main island's map up to its pieces: the water, the sand, the squares' letters and numbers and
    the fountain."""
    left, top = ISLAND_MARGIN
    width, height = left + columns * CELL + 16, top + rows * CELL + 16
    letters = "".join(
        f'<text class="bu-axis" x="{left + c * CELL + 50}" y="48">{chr(ord("a") + c)}</text>' for c in range(columns)
    )
    numbers = "".join(f'<text class="bu-axis" x="17" y="{top + r * CELL + 56}">{r + 1}</text>' for r in range(rows))
    shown = ""
    if fountain:
        x = left + _at(fountain)[0] * CELL + 50
        shown = (
            f'<g aria-hidden="true"><use href="#bu-fountain" x="{x + 22}" y="2" width="26" height="26"/>'
            f'<text class="bu-axis bu-small" x="{x + 35}" y="38">{_said("fountain")}</text></g>'
        )
    return Markup(
        f'<svg class="bu-map" viewBox="0 0 {width} {height}" role="group" '
        f'aria-label="{_said("Main island: house pits, houses and roofs")}">\n'
        f'<rect width="{width}" height="{height}" fill="url(#bu-waves)" rx="14"/>\n'
        f'<rect x="30" y="54" width="{width - 36}" height="{height - 60}" rx="18" class="bu-sand"/>\n'
        f"{letters}\n{numbers}\n{shown}\n"
    )


@functools.lru_cache(maxsize=64)
def _pit_places(pits: tuple[str, ...], rows: int, columns: int) -> tuple[tuple[str, int, int], ...]:
    """The house pits of the main island, row by row, each with where it is drawn."""
    left, top = ISLAND_MARGIN
    present = set(pits)
    return tuple(
        (name, left + column * CELL, top + row * CELL)
        for row in range(rows)
        for column in range(columns)
        if (name := _square(row, column)) in present
    )


@functools.lru_cache(maxsize=4096)
def _pit(
    name: str, at: tuple[int, int], house: tuple[tuple[Any, ...], tuple[Any, ...], bool], h: Hit, language: str
) -> tuple[Piece, tuple[tuple[int, float], ...]]:
    """A square of the main island at `at`, its house (its floors' colours, their roofs' colours, and
    whether it lies below the fountain), and where the gable of each roofed floor is."""
    x, y = at
    cubes, roofs, below_fountain = house
    parts = [f'<use href="#bu-pit" x="{x}" y="{y}" width="100" height="100"/>']
    words, gables = [], []
    bottom = y + 97
    for k, colour in enumerate(cubes):
        bottom -= STOREY
        c = cube(str(colour))
        assert c is not None
        parts.append(
            f'<use href="#bu-storey" class="bu-f-{c["colour"]}" x="{x + 12}" y="{bottom}" '
            f'width="76" height="{STOREY}"/>'
            f'<text class="bu-mark bu-m17" x="{x + 50}" y="{bottom + 19}">{c["mark"]}</text>'
        )
        storey = _("floor %(number)s: %(colour)s") % {"number": k + 1, "colour": c["name"]}
        roof = cube(str(roofs[k])) if k < len(roofs) and roofs[k] else None
        if roof is not None:
            gables.append((k + 1, bottom - GABLE / 2))
            parts.append(
                f'<path class="bu-gable bu-f-{roof["colour"]}" d="M{x + 6} {bottom} L{x + 18} {bottom - GABLE} '
                f'H{x + 82} L{x + 94} {bottom} Z"/>'
                f'<text class="bu-mark bu-m10" x="{x + 50}" y="{bottom - 1.5}">{roof["mark"]}</text>'
            )
            storey += ", " + _("roofed %(colour)s") % {"colour": roof["name"]}
            bottom -= GABLE
        words.append(storey)
    parts.append(_hit(h, x + 3, y + 3, 94, 94))
    title = _("square %(square)s") % {"square": name}
    if below_fountain:
        title += " (" + _("below the fountain") + ")"
    title += ": " + ("; ".join(words) if words else _("an empty house pit"))
    return _piece(f"sq-{name}", title, "".join(parts)), tuple(gables)


@functools.lru_cache(maxsize=1024)
def _roof_joint(roof: tuple[str, str, int, str], at: tuple[float, float], language: str) -> Piece:
    """A roof tile (its two squares, its floor, the tile) laid over two squares, drawn at `at`."""
    first, second, floor, text = roof
    bx, by = at
    laid = tile(text)
    roof_words = _("roof tile on %(first)s and %(second)s, floor %(floor)s: %(tile)s") % {
        "first": first,
        "second": second,
        "floor": floor,
        "tile": laid["words"],
    }
    return _piece(
        f"roof-{first}-{second}",
        roof_words,
        f'<circle class="bu-joint" cx="{bx}" cy="{by}" r="13"/>'
        f'<use href="#bu-k-{laid["kind"]}" x="{bx - 9}" y="{by - 9}" width="18" height="18"/>',
    )


@functools.lru_cache(maxsize=256)
def _removed(removed: tuple[str, ...], language: str) -> Piece:
    """The roof tiles out of the game."""
    shown = ""
    if removed:
        chips = []
        for text in removed:
            laid = tile(text)
            first, second = laid["halves"]
            chips.append(
                f'<span class="bu-chip" title="{_escape(laid["words"])}">{_escape(i18n.view_text(laid["kind"]))} '
                f"{_escape(first['mark']) if first else ''}{_escape(second['mark']) if second else ''}</span> "
            )
        shown = f"{_said('Roof tiles out of the game:')} {''.join(chips)}"
    return (
        "removed-roofs",
        '<div class="bu-removed" data-piece="removed-roofs"',
        f' aria-label="{_said("Roof tiles out of the game")}">{shown}</div>',
    )


def _waters(view: dict[str, Any], decisions: _Decisions, boat: str | None, language: str) -> dict[str, Any]:
    """The lagoon: the neighbouring islands with their dock houses and workers, the ports with their
    merchant ships, the sailing routes between them, and the fishing boats."""
    boats: dict[str, list[int]] = defaultdict(list)
    for seat in view.get("seats", []):
        boats[str(seat.get("boat"))].append(int(seat["seat"]))

    def spots(name: str, *extra: str) -> tuple[str, ...]:
        return (f"water:{name}", *extra, *(("boat",) if name == boat else ()))

    drawn = []
    ships: dict[str, Any] = view.get("ships") or {}
    for name, names in (view.get("ports") or {}).items():
        about = tuple(
            (ship, tuple(sorted((ships.get(ship) or {}).get("demand", {}).items())), (ships.get(ship) or {}).get("vp"))
            for ship in names
        )
        h = decisions.hit("waters", *spots(name, *(f"ship:{s}" for s in names)))
        drawn.append(_port(name, about, h, language))
    for name, island in (view.get("islands") or {}).items():
        docks_hit = decisions.hit("waters", f"docks:{name}")
        h = decisions.hit("waters", *spots(name))
        drawn.append(_isle(name, tuple(island.get("workers", [])), h, docks_hit is None, language))
        drawn.append(_docks(name, tuple(island.get("docks", [])), docks_hit, language))
    for place, seats in boats.items():
        drawn.extend(_boat(place, k, seat, language) for k, seat in enumerate(seats))
    routes = tuple((a, b) for a, b in view.get("routes", []))
    return {
        "waters_frame": _waters_frame(routes, language),
        "waters_pieces": drawn,
        "waters_buttons": decisions.buttons("waters"),
    }


@functools.lru_cache(maxsize=64)
def _waters_frame(routes: tuple[tuple[Any, Any], ...], language: str) -> Markup:
    """The lagoon's map up to its pieces: the water, the main island and the sailing routes."""
    drawn = []
    for a, b in routes:
        (x1, y1), (x2, y2) = _WATER_SPOTS.get(a, (0, 0)), _WATER_SPOTS.get(b, (0, 0))
        if x1 == x2 and abs(y1 - y2) > 200:  # around the port between them
            path = f"M{x1 - 70},{y1 + 30} C{x1 - 112},{y1 + 110} {x2 - 112},{y2 - 110} {x2 - 70},{y2 - 30}"
        else:
            path = f"M{x1},{y1} L{x2},{y2}"
        words = _("sailing route %(a)s – %(b)s") % {"a": _(a), "b": _(b)}
        drawn.append(f'<path class="bu-route" d="{_escape(path)}"><title>{_escape(words)}</title></path>')
    width, height = WATERS
    return Markup(
        f'<svg class="bu-map" viewBox="0 0 {width} {height}" role="group" '
        f'aria-label="{_said("The lagoon: neighbouring islands, ports and sailing routes")}">\n'
        f'<rect width="{width}" height="{height}" fill="url(#bu-waves)" rx="14"/>\n'
        '<g aria-hidden="true"><rect x="210" y="222" width="240" height="96" rx="40" class="bu-sand"/>'
        f'<text class="bu-axis" x="330" y="266">{_said("Burano")}</text>'
        f'<text class="bu-axis bu-small" x="330" y="288">{_said("main island")}</text></g>\n'
        f"{''.join(drawn)}\n"
    )


@functools.lru_cache(maxsize=1024)
def _port(name: str, about: tuple[tuple[str, tuple[tuple[str, int], ...], Any], ...], h: Hit, language: str) -> Piece:
    """A port with its merchant ships, each with what it wants and what it pays."""
    x, y = _WATER_SPOTS.get(name, (0, 0))
    port = _("left port") if name == "left" else _("right port")
    parts = [
        f'<rect class="bu-pier" x="{x - 96}" y="{y - 78}" width="192" height="156" rx="10"/>'
        f'<text class="bu-place" x="{x}" y="{y - 58}">⚓ {escape(port)}</text>'
    ]
    words = []
    for k, (_ship, demanded, vp) in enumerate(about):
        demand = " + ".join(f"{count} {_(kind)}" for kind, count in demanded)
        sy = y - 48 + k * 28
        parts.append(
            f'<use href="#bu-ship" x="{x - 90}" y="{sy}" width="30" height="22"/>'
            f'<text class="bu-ship-text" x="{x - 56}" y="{sy + 16}">{escape(demand)} · {vp}★</text>'
        )
        words.append(_("merchant ship wanting %(demand)s for %(vp)s VP") % {"demand": demand, "vp": vp})
    parts.append(_hit(h, x - 96, y - 78, 192, 156, rx=10))
    return _piece(f"port-{name}", port + ": " + ("; ".join(words) or _("no ship")), "".join(parts))


@functools.lru_cache(maxsize=1024)
def _isle(name: str, workers: tuple[int, ...], h: Hit, whole: bool, language: str) -> Piece:
    """A neighbouring island with the workers on it, pressed whole, or below its dock houses when they
    are picked on their own."""
    x, y = _WATER_SPOTS.get(name, (0, 0))
    parts = [
        f'<use href="#bu-isle" x="{x - 100}" y="{y - 80}" width="200" height="160"/>'
        f'<text class="bu-island-letter" x="{x + 82}" y="{y - 40}">{escape(name)}</text>'
    ]
    words = []
    shown = [(s, c) for s, c in enumerate(workers) if c]
    for k, (seat, count) in enumerate(shown):
        wx = x - 70 + k * 46
        parts.append(_token(seat, wx, y + 4, 26))
        if count > 1:
            parts.append(f'<text class="bu-count" x="{wx + 27}" y="{y + 28}">×{count}</text>')
        words.append(
            i18n.ngettext("%(num)s worker of %(player)s", "%(num)s workers of %(player)s", count)
            % {"num": count, "player": _player(seat)}
        )
    if whole:
        parts.append(_hit(h, x - 92, y - 72, 184, 146, rx=40))
    else:
        parts.append(_hit(h, x - 92, y - 2, 184, 76, rx=30))
    title = _("island %(name)s") % {"name": name} + ": " + (", ".join(words) or _("no workers"))
    return _piece(f"isle-{name.lower()}-workers", title, "".join(parts))


@functools.lru_cache(maxsize=1024)
def _docks(name: str, colours: tuple[Any, ...], h: Hit, language: str) -> Piece:
    """The dock houses of a neighbouring island."""
    x, y = _WATER_SPOTS.get(name, (0, 0))
    docks = [cube(str(c)) for c in colours]
    parts = [_block(c, x - 62 + k * 44, y - 64, 38) for k, c in enumerate(docks)]
    parts.append(_hit(h, x - 68, y - 80, 140, 78, rx=10))  # 40 px tall on a 390 px phone
    words = _("dock houses of island %(name)s: %(colours)s") % {
        "name": name,
        "colours": ", ".join(c["name"] for c in docks if c),
    }
    return _piece(f"isle-{name.lower()}-docks", words, "".join(parts))


@functools.lru_cache(maxsize=256)
def _boat(place: str, k: int, seat: int, language: str) -> Piece:
    """A seat's fishing boat, the `k`-th at its place."""
    x, y = _WATER_SPOTS.get(place, (0, 0))
    bx, by = x - 84 + k * 42, y + 44
    return _piece(
        f"s{seat}-boat",
        _("fishing boat of %(player)s") % {"player": _player(seat)},
        f'<use href="#bu-boat" class="bu-p{seat}" x="{bx}" y="{by}" width="40" height="30"/>'
        f'<text class="bu-seatno bu-onboat" x="{bx + 20}" y="{by + 27}" font-size="10">{seat + 1}</text>',
    )


def _workshops(view: dict[str, Any], decisions: _Decisions, language: str) -> dict[str, Any]:
    """The workshop area, row 1 on top: each square in its workshop's colour, its coin and its lace
    maker, and a thick line where one workshop ends."""
    area = view["workshops"]
    squares: dict[str, Any] = area.get("squares", {})
    drawn = []
    for name, square in squares.items():
        h = decisions.hit("workshops", f"workshop:{name}")
        worker = square.get("worker")
        drawn.append(_workshop(name, (str(square["colour"]), bool(square.get("coin")), worker), h, language))
    layout = tuple((name, "workshop" in square, square.get("workshop")) for name, square in squares.items())
    return {
        "workshop_frame": _workshop_frame(int(area["columns"]), int(area["rows"]), language),
        "workshop_pieces": drawn,
        "workshop_edges": _workshop_edges(layout),
        "workshop_buttons": decisions.buttons("workshops"),
    }


@functools.lru_cache(maxsize=64)
def _workshop_frame(columns: int, rows: int, language: str) -> Markup:
    """The workshop area's map up to its pieces: the ground, the squares' letters and numbers."""
    left, top = WORKSHOP_MARGIN
    width, height = left + columns * CELL + 12, top + rows * CELL + 12
    letters = "".join(
        f'<text class="bu-axis" x="{left + c * CELL + 50}" y="26">{chr(ord("a") + c)}</text>' for c in range(columns)
    )
    numbers = "".join(f'<text class="bu-axis" x="17" y="{top + r * CELL + 56}">{r + 1}</text>' for r in range(rows))
    return Markup(
        f'<svg class="bu-map" viewBox="0 0 {width} {height}" role="group" aria-label="{_said("The workshop area")}">\n'
        f'<rect width="{width}" height="{height}" rx="12" class="bu-ws-ground"/>\n{letters}\n{numbers}\n'
    )


@functools.lru_cache(maxsize=64)
def _workshop_edges(layout: tuple[tuple[str, bool, Any], ...]) -> Markup:
    """A thick line wherever a workshop ends, by the squares' workshops."""
    left, top = WORKSHOP_MARGIN
    squares = {name: ({"workshop": shop} if known else {}) for name, known, shop in layout}
    edges = []
    for name, square in squares.items():
        column, row = _at(name)
        x, y = left + column * CELL, top + row * CELL
        shop = square.get("workshop")
        for other, line in (
            (_square(row, column + 1), (x + CELL, y, x + CELL, y + CELL)),
            (_square(row + 1, column), (x, y + CELL, x + CELL, y + CELL)),
            (_square(row, column - 1) if column else "", (x, y, x, y + CELL)),
            (_square(row - 1, column) if row else "", (x, y, x + CELL, y)),
        ):
            if (squares.get(other) or {}).get("workshop", -1) != shop:
                edges.append(line)
    return Markup("".join(f'<line class="bu-shop-edge" x1="{a}" y1="{b}" x2="{c}" y2="{d}"/>' for a, b, c, d in edges))


@functools.lru_cache(maxsize=2048)
def _workshop(name: str, square: tuple[str, bool, Any], h: Hit, language: str) -> Piece:
    """A square of the workshop area: its workshop's colour, its coin and its lace maker."""
    colour, coin, worker = square
    column, row = _at(name)
    left, top = WORKSHOP_MARGIN
    x, y = left + column * CELL, top + row * CELL
    c = cube(colour)
    assert c is not None
    parts = [
        f'<use href="#bu-lace" class="bu-f-{c["colour"]}" x="{x}" y="{y}" width="100" height="100"/>'
        f'<text class="bu-mark" x="{x + 20}" y="{y + 24}">{c["mark"]}</text>'
    ]
    words = _("workshop square %(square)s, %(colour)s") % {"square": name, "colour": c["name"]}
    if coin:
        parts.append(f'<use href="#bu-coin" x="{x + 70}" y="{y + 8}" width="22" height="22"/>')
        words += ", " + _("with a coin")
    if worker is not None:
        parts.append(_token(int(worker), x + 30, y + 28, 40, woman=True))
        words += ": " + _("lace maker of %(player)s") % {"player": _player(int(worker))}
    parts.append(_hit(h, x + 3, y + 3, 94, 94))
    return _piece(f"ws-{name}", words, "".join(parts))


def _html(key: str, words: str, html: str, tag: str = "span", css: str = "bu-item") -> Piece:
    """A piece drawn in HTML: its key, its words, and its drawing."""
    return key, f'<{tag} class="{css}" data-piece="{key}"', f' aria-label="{escape(words)}">{html}</{tag}>'


def _press(h: Hit, inner: str, css: str = "") -> str:
    """An HTML drawing that takes its decision (or is picked to choose among several) when pressed."""
    if h is None:
        return inner
    kind, value, words = h
    if kind == "action":
        return (
            f'<button type="button" class="bu-press act {css}" data-action="{escape(value)}" '
            f'aria-label="{escape(words)}">{inner}</button>'
        )
    return (
        f'<button type="button" class="bu-press pick {css}" data-pick="{escape(value)}" '
        f'aria-label="{escape(words)}">{inner}</button>'
    )


def _cube_icon(c: dict[str, str] | None, size: int = 34) -> str:
    return _block_icon(c["colour"] if c else "none", size)


def _block_icon(colour: str, size: int = 34) -> str:
    return (
        f'<svg class="bu-icon" viewBox="0 0 40 40" width="{size}" height="{size}" aria-hidden="true">'
        f'<use href="#bu-c-{colour}"/></svg>'
    )


def _roof_icon(t: dict[str, Any]) -> str:
    """A roof tile: its two halves, each in its colour with its mark, and its kind in the middle."""
    first, second = t["halves"]
    return (
        f'<svg class="bu-tile" viewBox="0 0 96 44" aria-hidden="true"><use href="#bu-rl-{first["colour"]}"/>'
        f'<use href="#bu-rr-{second["colour"]}"/><use href="#bu-rk-{t["kind"]}"/></svg>'
    )


def _icon(symbol: str, width: int = 22, height: int = 22, box: str = "0 0 20 20", css: str = "") -> str:
    return (
        f'<svg class="bu-icon{css}" viewBox="{box}" width="{width}" height="{height}" aria-hidden="true">'
        f'<use href="#{symbol}"/></svg>'
    )


def _fish_cards(kinds: Sequence[tuple[str, int]], css: str = "") -> str:
    return "".join(
        f'<span class="bu-fishcard{css}">{_icon("bu-fish", 26, 13, "0 0 40 20", " bu-fish-" + kind)}'
        f"{escape(_(kind))} ×{count}</span> "
        for kind, count in kinds
    )


def _group(heading: str, pieces: Sequence[Piece], css: str = "") -> list[Piece]:
    """A group of pieces under its heading (the heading escaped, as the template wrote it)."""
    return [
        _fragment(f'<div class="bu-group{css}"><h4>{_escape(heading)}</h4><div class="bu-items">'),
        *pieces,
        _fragment("</div></div>"),
    ]


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
    return _html(
        "fish-deck",
        i18n.ngettext("fish deck: %(num)s card", "fish deck: %(num)s cards", deck) % {"num": deck},
        _press(h, f'<span class="bu-fishcard bu-deck">{escape(_("deck"))} ×{deck}</span>', "bu-card"),
    )


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
    return _html(
        "card-deck",
        i18n.ngettext("building deck: %(num)s card", "building deck: %(num)s cards", deck) % {"num": deck},
        _press(h, f'<span class="bu-building bu-deck">{escape(_("deck"))} ×{deck}</span>', "bu-card"),
    )


def _seat(seat: dict[str, Any], view: dict[str, Any], decisions: _Decisions | None, language: str) -> dict[str, Any]:
    """One player's board; `decisions` only for the viewer's own seat."""
    number = int(seat["seat"])
    s = f"s{number}"
    phase = view.get("phase")
    mine = decisions is not None

    def hit(*spots: str) -> Hit:
        return decisions.hit("seat", *spots) if decisions is not None else None

    def buttons(spot: str) -> list[Decision]:
        return decisions.buttons(spot) if decisions is not None else []

    sources = tuple((name, points) for name, points in (seat.get("vp_by_source") or {}).items() if points)
    counters = [
        _coins(s, int(seat.get("coins", 0)), language),
        _vp(s, int(seat.get("vp", 0)), sources, language),
        _privilege(s, int(seat.get("privilege", 0)), hit("privilege"), language),
        _moves(s, int(seat.get("moves", 0)), language),
        _boat_counter(number, i18n.view_text(seat.get("boat")), language),
    ]
    preparation = list(seat.get("preparation", []))
    prepared = [
        _preparation(s, k, preparation[k] if k < len(preparation) else None, language)
        for k in range(PREPARATION_SPACES)
    ]
    held = tuple(_reserve(seat))
    reserve = _cube_reserve(s, held, tuple(hit(f"reserve:{colour}") for colour, _count in held), language)
    roofs = list(seat.get("roofs", []))
    spaces = [
        _roof_space(s, k, str(roofs[k]), hit(f"tile:{roofs[k]}"), language)
        if k < len(roofs)
        else _roof_space(s, k, None, None, language)
        for k in range(max(3, len(roofs)))
    ]
    titles: dict[str, str] = view.get("building_cards") or {}
    cards = tuple((str(card), i18n.view_text(titles.get(card) or "")) for card in seat.get("cards", []))
    holdings = [
        _hand(
            s,
            tuple(sorted((seat.get("hand") or {}).items())),
            int(seat.get("hidden_fish", 0)),
            tuple(sorted((seat.get("from_deck") or {}).items())),
            language,
        ),
        _sold(s, tuple(sorted((seat.get("sold") or {}).items())), language),
        _cards(s, cards, language),
    ]
    ring = seat.get("ring") or {}
    houses = tuple(
        (str(house["colour"]), "coin" if house.get("symbol") == "coin" else "fountain")
        for house in ring.get("houses") or []
    )
    ring_piece = _ring(
        number,
        (houses, int(ring.get("arrows", 0)), int(ring.get("workers", 0))),
        (seat.get("visible_coins", 0), seat.get("visible_fountains", 0)),
        language,
    )
    pyramid: list[str | None] | None = seat.get("pyramid")
    decided = int(seat.get("pyramid_slots_decided", 0))
    slot_hits = tuple(hit(f"slot:{name}") for name in SLOT_NAMES)
    acting = view.get("actor") == number or (phase == "cube pyramid construction" and not seat.get("pyramid_ready"))
    return {
        "seat": number,
        "mine": mine,
        "frame": Markup((" mine" if mine else "") + (" acting" if acting else "")),
        "acting": Markup("▶ " if acting else ""),
        "title": _seat_title(seat.get("letter"), view.get("start_player") == number, language),
        "counters": counters,
        "ring": (ring_piece,),
        "pyramid": _pyramid(number, tuple(pyramid) if pyramid is not None else None, decided, slot_hits, language),
        "note": _note(mine, bool(seat.get("pyramid_ready")), seat.get("pyramid_slots_decided", 0), language),
        "side": [
            *_group(_("Preparation area"), prepared),
            *_group(_("Cube reserve"), (reserve,)),
            *_group(_("Roof spaces"), spaces),
        ],
        "holdings": holdings,
        "buttons": buttons("seat") + buttons("reserve") + buttons("boat") + buttons("ring") + buttons("end"),
    }


@functools.lru_cache(maxsize=256)
def _seat_title(letter: Any, start_player: bool, language: str) -> tuple[Piece, ...]:
    """The end of a seat's heading, after its name: its letter, and whether it is the start player."""
    drawn = []
    if letter:
        drawn.append(_fragment(f" · {_said('letter %(letter)s', letter=letter)}"))
    if start_player:
        words = _said("start player")
        drawn.append(("start-player", ' · <span data-piece="start-player"', f' aria-label="{words}">⚑ {words}</span>'))
    return tuple(drawn)


@functools.lru_cache(maxsize=256)
def _note(mine: bool, ready: bool, decided: Any, language: str) -> Markup:
    """Under a pyramid being built, how far it is."""
    if ready:
        return Markup("")
    if mine:
        words = _said("being built: %(decided)s of %(slots)s slots decided", decided=decided, slots=SLOTS)
    else:
        words = _said("built in secret: %(decided)s of %(slots)s slots decided", decided=decided, slots=SLOTS)
    return Markup(f'<p class="bu-note">{words}</p>')


@functools.lru_cache(maxsize=1024)
def _coins(s: str, coins: int, language: str) -> Piece:
    return _html(
        f"{s}-coins",
        i18n.ngettext("%(num)s coin", "%(num)s coins", coins) % {"num": coins},
        f"{_icon('bu-coin')} {coins}",
        css="bu-counter",
    )


@functools.lru_cache(maxsize=1024)
def _vp(s: str, vp: int, sources: tuple[tuple[str, Any], ...], language: str) -> Piece:
    by_source = ", ".join(f"{_(name)} {points}" for name, points in sources)
    return _html(
        f"{s}-vp",
        _("%(vp)s VP") % {"vp": vp} + (f" ({by_source})" if by_source else ""),
        f"{_icon('bu-vp')} {escape(_('%(vp)s VP') % {'vp': vp})}",
        css="bu-counter",
    )


@functools.lru_cache(maxsize=1024)
def _privilege(s: str, privilege: int, h: Hit, language: str) -> Piece:
    return _html(
        f"{s}-privilege",
        i18n.ngettext("%(num)s privilege point", "%(num)s privilege points", privilege) % {"num": privilege},
        _press(h, f"{_icon('bu-privilege')} {privilege}"),
        css="bu-counter",
    )


@functools.lru_cache(maxsize=256)
def _moves(s: str, moves: int, language: str) -> Piece:
    track = "".join(
        f'<rect x="{6 + k * 52}" y="3" width="48" height="24" rx="5" class="{"bu-made" if k < moves else "bu-move"}"/>'
        f'<text x="{30 + k * 52}" y="20" font-size="13" text-anchor="middle">{"✔" if k < moves else ""}'
        f"{'+' if MOVE_COSTS[k] < 0 else '−'}{abs(MOVE_COSTS[k])}</text>"
        for k in range(MAX_MOVES)
    )
    return _html(
        f"{s}-moves",
        _("moves made this turn: %(num)s of %(total)s") % {"num": moves, "total": MAX_MOVES},
        f'<svg class="bu-moves" viewBox="0 0 214 30" aria-hidden="true">{track}</svg>',
        css="bu-counter",
    )


@functools.lru_cache(maxsize=256)
def _boat_counter(number: int, place: str, language: str) -> Piece:
    """Where a seat's fishing boat is, beside its counters."""
    return _fragment(
        f'<span class="bu-counter" aria-label="{_said("fishing boat at %(place)s", place=place)}">'
        '<svg viewBox="0 0 40 30" width="26" height="20" aria-hidden="true">'
        f'<use href="#bu-boat" class="bu-p{number}"/></svg> {_escape(place)}</span>'
    )


@functools.lru_cache(maxsize=1024)
def _preparation(s: str, k: int, colour: Any, language: str) -> Piece:
    c = cube(str(colour)) if colour is not None else None
    what = c["name"] if c else _("empty")
    return _html(
        f"{s}-prep-{k + 1}",
        _("preparation space %(number)s: %(cube)s") % {"number": k + 1, "cube": what},
        _cube_icon(c),
    )


@functools.lru_cache(maxsize=1024)
def _cube_reserve(s: str, held: tuple[tuple[str, int], ...], hits: tuple[Hit, ...], language: str) -> Piece:
    piles = "".join(
        _press(h, f'{_block_icon(colour, 28)}<span class="bu-n">×{count}</span>')
        for (colour, count), h in zip(held, hits, strict=True)
    )
    return _html(
        f"{s}-reserve",
        _("cube reserve: %(cubes)s")
        % {"cubes": ", ".join(f"{count} {_(colour)}" for colour, count in held) or _("empty")},
        piles or escape(_("empty")),
    )


@functools.lru_cache(maxsize=1024)
def _roof_space(s: str, k: int, text: str | None, h: Hit, language: str) -> Piece:
    if text is not None:
        laid = tile(text)
        drawing, what = _press(h, _roof_icon(laid)), laid["words"]
    else:
        drawing, what = '<span class="bu-tile bu-empty-tile"></span>', _("empty")
    return _html(f"{s}-roof-{k + 1}", _("roof space %(number)s: %(tile)s") % {"number": k + 1, "tile": what}, drawing)


@functools.lru_cache(maxsize=1024)
def _hand(
    s: str,
    hand: tuple[tuple[str, int], ...],
    hidden: int,
    from_deck: tuple[tuple[str, int], ...],
    language: str,
) -> Piece:
    shown = _fish_cards(hand)
    if hidden:
        face_down = i18n.ngettext("%(num)s card face down", "%(num)s cards face down", hidden) % {"num": hidden}
        shown += f'<span class="bu-fishcard bu-deck">{escape(face_down)}</span>'
    if from_deck:
        unseen = ", ".join(f"{_(kind)} ×{n}" for kind, n in from_deck)
        shown += escape(" (" + _("drawn from the deck, unseen by the others: %(cards)s") % {"cards": unseen} + ")")
    return _html(
        f"{s}-hand",
        _("fish cards in hand"),
        f"{escape(_('Fish in hand:'))} {shown or escape(_('none'))}",
        css="bu-holding",
    )


@functools.lru_cache(maxsize=1024)
def _sold(s: str, sold: tuple[tuple[str, int], ...], language: str) -> Piece:
    return _html(
        f"{s}-sold",
        _("sold fish cards"),
        f"{escape(_('Sold:'))} {_fish_cards(sold, ' bu-sold') or escape(_('none'))}",
        css="bu-holding",
    )


@functools.lru_cache(maxsize=1024)
def _cards(s: str, cards: tuple[tuple[str, str], ...], language: str) -> Piece:
    drawn = "".join(f'<span class="bu-building"><b>{escape(card)}</b> {escape(title)}</span> ' for card, title in cards)
    return _html(
        f"{s}-cards",
        _("building cards"),
        f"{escape(_('Building cards:'))} {drawn or escape(_('none'))}",
        css="bu-holding",
    )


@functools.lru_cache(maxsize=1024)
def _ring(
    number: int, ring: tuple[tuple[tuple[str, str], ...], int, int], visible: tuple[Any, Any], language: str
) -> Piece:
    """The schedule ring (its houses' colours and symbols, the arrows' turn, the workers on it), its
    twelve houses where they lie, and the time wheel over it: three arrows at the empty houses it points
    at, then sectors 1–9 clockwise, workers filling sectors 1..n; and the coins and fountains in sight."""
    houses, arrows, workers = ring
    coins, fountains = visible
    parts, pointed = [], []
    for index, (colour, symbol) in enumerate(houses):
        offset = (index - arrows) % HOUSES
        sector = offset - ARROWS + 1
        x, y = _RING[index]
        parts.append(f'<use href="#bu-rh-{colour}-{symbol}" x="{x - 16}" y="{y - 18}" width="32" height="34"/>')
        if 1 <= sector <= workers:
            parts.append(
                f'<use href="#bu-man" class="bu-p{number} bu-onring" x="{x - 7}" y="{y + 1}" width="14" height="16"/>'
            )
        ix, iy = _WHEEL[index]
        if offset < ARROWS:
            pointed.append(_(colour))
            parts.append(f'<use href="#bu-arrow-{index}" x="{ix - 10}" y="{iy - 10}" width="20" height="20"/>')
        else:
            parts.append(f'<text class="bu-sector" x="{ix}" y="{iy + 4}">{sector}</text>')
    words = _(
        "schedule ring: %(workers)s workers on it, %(empty)s empty sectors; visible %(coins)s coins and "
        "%(fountains)s fountains; the arrows point at %(arrows)s"
    ) % {
        "workers": workers,
        "empty": HOUSES - ARROWS - workers,
        "coins": coins,
        "fountains": fountains,
        "arrows": ", ".join(pointed),
    }
    return _html(
        f"s{number}-ring",
        words,
        '<svg viewBox="-110 -110 220 220" aria-hidden="true"><circle r="104" class="bu-ring-base"/>'
        f'<circle r="60" class="bu-wheel"/>{"".join(parts)}'
        f'<text class="bu-axis bu-small" x="0" y="4">{escape(_("time wheel"))}</text></svg>',
        "div",
        "bu-ring",
    )


def _slot_box(slot: int) -> tuple[float, float, float]:
    """Where a pyramid slot is drawn, seen from above: its corner and size."""
    pad = 8
    if slot < 9:
        return pad + (slot % 3) * 62, pad + (slot // 3) * 62, _BASE
    if slot < 13:
        k = slot - 9
        return pad + 61 + (k % 2) * 62 - _MIDDLE / 2, pad + 61 + (k // 2) * 62 - _MIDDLE / 2, _MIDDLE
    return pad + 92 - _TOP / 2, pad + 92 - _TOP / 2, _TOP


@functools.lru_cache(maxsize=1024)
def _pyramid(
    number: int, pyramid: tuple[str | None, ...] | None, decided: int, hits: tuple[Hit, ...], language: str
) -> tuple[Piece, ...]:
    """The cube pyramid seen from above, the base first so the upper layers lie over it, each base
    cube's mark toward its uncovered edge. While another seat builds in secret, the slots it has
    decided are drawn face down."""
    free = set(free_slots(list(pyramid))) if pyramid is not None else set()
    words = {
        "secret": _("decided in secret"),
        "hidden": _("a covered cube, face down"),
        None: _("empty"),
        "free": " (" + _("free") + ")",
        "slot": _("pyramid slot %(slot)s: %(what)s"),
    }
    drawn = []
    for slot, name in enumerate(SLOT_NAMES):
        x, y, size = _slot_box(slot)
        shown = ("secret" if slot < decided else None) if pyramid is None else pyramid[slot]
        c = cube("hidden" if shown == "secret" else shown)
        h = hits[slot]
        parts = []
        if slot >= 9 and c is not None:
            parts.append(f'<rect class="bu-shadow" x="{x + 4}" y="{y + 5}" width="{size}" height="{size}" rx="5"/>')
        if c is not None and slot < 9:
            gx, gy = x + size / 2 + ((slot % 3) - 1) * 16, y + size / 2 + 6 + ((slot // 3) - 1) * 16
            parts.append(_marked_block(c, x, y, size, glyph=(gx, gy)))
        elif c is not None or slot < 9 or h is not None:
            parts.append(_block(c, x, y, size))
        parts.append(_hit(h, x, y, size, size, rx=5))
        if shown in ("secret", "hidden") or c is None:
            what = words[shown if shown in ("secret", "hidden") else None]
        else:
            what = c["name"] + (words["free"] if slot in free else "")
        drawn.append(_piece(f"s{number}-slot-{name}", words["slot"] % {"slot": name, "what": what}, "".join(parts)))
    return tuple(drawn)


def pieces(view: dict[str, Any]) -> dict[str, Hashable]:
    """Every piece the board draws, by its key, with what it shows."""
    drawn: dict[str, Hashable] = {
        "round": (view.get("season"), view.get("round"), view.get("season_turn")),
        "phase": (
            view.get("phase"),
            view.get("actor"),
            tuple(int(s["seat"]) for s in view.get("seats", []) if not s.get("pyramid_ready"))
            if view.get("phase") == "cube pyramid construction"
            else (),
            view.get("ended_by"),
        ),
        "pending": _frozen(view.get("pending") or {}),
        "start-player": view.get("start_player"),
    }
    for space, colours in (view.get("action_board") or {}).items():
        drawn[f"action-{space.replace(' ', '-')}"] = tuple(colours)
    island = view["main_island"]
    houses = island.get("houses", {})
    for name in island.get("pits", []):
        stack = houses.get(name) or {}
        drawn[f"sq-{name}"] = (tuple(stack.get("cubes", [])), tuple(stack.get("roofs", [])))
    for roof in island.get("roof_tiles", []):
        drawn[f"roof-{roof['first']}-{roof['second']}"] = (roof["tile"], roof["floor"])
    drawn["removed-roofs"] = tuple(view.get("removed_roofs", []))
    for name, isle in (view.get("islands") or {}).items():
        drawn[f"isle-{name.lower()}-docks"] = tuple(isle.get("docks", []))
        drawn[f"isle-{name.lower()}-workers"] = tuple(isle.get("workers", []))
    for name, ships in (view.get("ports") or {}).items():
        drawn[f"port-{name}"] = tuple(ships)
    for name, square in (view["workshops"].get("squares") or {}).items():
        drawn[f"ws-{name}"] = (square["colour"], bool(square.get("coin")), square.get("worker"))
    for colour, count in (view.get("cube_supply") or {}).items():
        drawn[f"supply-{colour}"] = count
    for kind, count in (view.get("roof_stacks") or {}).items():
        drawn[f"stack-{kind}"] = count
    for k, kind in enumerate(view.get("fish_supply", [])):
        drawn[f"fish-{k + 1}"] = kind
    drawn["fish-deck"] = view.get("fish_deck", 0)
    for k, card in enumerate(view.get("building_supply", [])):
        drawn[f"card-{k + 1}"] = card
    drawn["card-deck"] = view.get("building_deck", 0)
    for seat in view.get("seats", []):
        drawn.update(_seat_pieces(seat))
    return drawn


def _seat_pieces(seat: dict[str, Any]) -> dict[str, Hashable]:
    s = f"s{seat['seat']}"
    ring = seat.get("ring") or {}
    drawn: dict[str, Hashable] = {
        f"{s}-coins": seat.get("coins", 0),
        f"{s}-vp": (seat.get("vp", 0), _frozen(seat.get("vp_by_source") or {})),
        f"{s}-privilege": seat.get("privilege", 0),
        f"{s}-moves": seat.get("moves", 0),
        f"{s}-boat": seat.get("boat"),
        f"{s}-ring": (ring.get("arrows"), ring.get("workers")),
        f"{s}-hand": (_frozen(seat.get("hand") or {}), seat.get("hidden_fish", 0), _frozen(seat.get("from_deck"))),
        f"{s}-sold": _frozen(seat.get("sold") or {}),
        f"{s}-cards": tuple(seat.get("cards", [])),
    }
    pyramid = seat.get("pyramid")
    decided = int(seat.get("pyramid_slots_decided", 0))
    for slot, name in enumerate(SLOT_NAMES):
        drawn[f"{s}-slot-{name}"] = ("secret" if slot < decided else None) if pyramid is None else pyramid[slot]
    preparation = list(seat.get("preparation", []))
    for k in range(PREPARATION_SPACES):
        drawn[f"{s}-prep-{k + 1}"] = preparation[k] if k < len(preparation) else None
    drawn[f"{s}-reserve"] = tuple(_reserve(seat))
    roofs = list(seat.get("roofs", []))
    for k in range(max(3, len(roofs))):
        drawn[f"{s}-roof-{k + 1}"] = roofs[k] if k < len(roofs) else None
    return drawn


def _reserve(seat: dict[str, Any]) -> list[tuple[str, int]]:
    """The cubes of a cube reserve, by colour; while the pyramid is being built in sight (the viewer's
    own), those still left to stack, as the reserve holds them all until the pyramid is done."""
    reserve = dict(seat.get("reserve") or {})
    if seat.get("pyramid") is not None and not seat.get("pyramid_ready"):
        for colour in seat["pyramid"]:
            if colour in reserve:
                reserve[colour] -= 1
    return [(colour, count) for colour, count in reserve.items() if count > 0]


def _frozen(value: Any) -> Hashable:
    """A view's value made hashable, in the same order."""
    if isinstance(value, dict):
        return tuple((key, _frozen(item)) for key, item in value.items())
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value  # type: ignore[no-any-return]
