"""The decisions of a seat on Burano's web board: each action's notation read into its parts, its label,
and the spot of the board it sits on (a build on its square of the main island, a sail on the island or
port, a pyramid decision on its slot or on the reserve cube it stacks). A spot with one decision is
pressed to take it; a spot with several is picked first, and its choices show beside the area.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _escape

from laguna import i18n
from laguna.web.boards.burano.words import (
    _,
    colour_mark,
    tile,
)

Decision = dict[str, Any]


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
