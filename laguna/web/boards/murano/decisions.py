"""The decisions of a seat on Murano's web board: each action's notation read into its parts, the piece
it acts on (a ship's move on the action space it reaches, a street or building on its island space, a
gondola on its island, a purchase on its tile stack, a card decision on the card, a sale on the
beads), its button, and its label for the list beside the board.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Hashable, Sequence
from typing import Any

from markupsafe import Markup, escape

from laguna import i18n
from laguna.i18n import N_
from laguna.web.boards.murano.pictures import (
    COIN_S,
    ships_svg,
)
from laguna.web.boards.murano.words import (
    _names,
    _space_words,
    tile_name,
)

TURN_PHASE = "choose an action or pass"


PHASES = frozenset(
    (
        N_("preliminary character card"),
        N_("choose an action or pass"),
        N_("sail the blocking ships on"),
        N_("choose the ship to move"),
        N_("choose the tile to buy"),
        N_("choose a character card"),
        N_("choose a gondola"),
        N_("build"),
        N_("place the street tile"),
        N_("choose a special building card"),
        N_("choose the island for income"),
        N_("choose how many glass factories produce"),
        N_("sell glass beads"),
        N_("dismiss or hire a gondolier"),
        N_("place the building bought in the final turn"),
        N_("return a glass bead"),
        N_("final scoring"),
        N_("game over"),
    )
)
"""The phases the status line names in words (each its own word in the catalogues)."""


Decision = dict[str, Any]


_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("act", re.compile(r"act (?P<space>\d+)")),
    ("pass", re.compile(r"pass (?P<space>\d+)")),
    ("lighthouse", re.compile(r"lighthouse")),
    ("sail", re.compile(r"sail (?P<start>\d+) (?P<space>\d+)(?: (?P<ship>red|black))?")),
    ("buy", re.compile(r"(?P<stack>shop|palace) (?P<choice>\S+)")),
    ("recruit", re.compile(r"recruit (?P<card>\S+)")),
    ("decline", re.compile(r"decline")),
    ("gondola", re.compile(r"gondola (?P<island>\S+) (?P<colour>\S+)")),
    ("street", re.compile(r"street")),
    ("place", re.compile(r"place (?P<cell>\S+)")),
    ("build", re.compile(r"build (?P<tile>\S+) (?P<cell>\S+)")),
    ("card", re.compile(r"card (?P<card>\S+)")),
    ("done", re.compile(r"done")),
    ("income", re.compile(r"income (?P<island>\S+)")),
    ("produce", re.compile(r"produce (?P<count>\d+)")),
    ("sell", re.compile(r"sell (?P<colour>\S+) (?P<count>\d)")),
    ("keep", re.compile(r"keep")),
    ("dismiss", re.compile(r"dismiss")),
    ("hire", re.compile(r"hire")),
    ("return", re.compile(r"return (?P<colour>\S+)")),
    ("score", re.compile(r"score (?P<card>\S+) (?P<island>\S+)(?: (?P<amount>\d+))?")),
    ("skip", re.compile(r"skip (?P<card>\S+)")),
)
"""Each decision's kind and its notation; the groups name what its button shows."""


def _parse(action: str) -> Decision:
    """A decision in notation as its kind and the parts its button shows."""
    for name, pattern in _PATTERNS:
        if m := pattern.fullmatch(action):
            return {"action": action, "kind": name, **{k: v for k, v in m.groupdict().items() if v is not None}}
    return {"action": action, "kind": "other"}


def _place_of(decision: Decision, mover: bool) -> Hashable:
    """Where on the board a decision goes, as the key the board model asks for: a ship that must
    choose (`mover`: the red or a black ship onto the space ahead) sails from its own space."""
    kind = decision["kind"]
    if kind == "sail":
        return ("space", int(decision["start" if mover else "space"]))
    if kind in ("act", "pass"):
        return ("space", int(decision["space"]))
    if kind == "buy":
        choice = decision["choice"]
        return ("stack", decision["stack"] + "s") if choice in ("top", "look") else ("seen", choice)
    if kind == "street":
        return ("stack", "streets")
    if kind in ("place", "build"):
        return ("cell", decision["cell"])
    if kind == "gondola":
        return ("gondola", decision["island"], decision["colour"])
    if kind == "income":
        return ("island", decision["island"])
    if kind in ("recruit", "card"):
        return ("drawn", decision["card"])
    if kind in ("score", "skip"):
        return ("character", decision["card"])
    if kind in ("sell", "return"):
        return ("bead", decision["colour"])
    if kind in ("produce", "dismiss", "hire", "keep", "decline", "lighthouse", "done"):
        return (kind,)
    return ("other",)


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board; what the board does not ask
    for stays behind for the "other decisions" area, so none is ever lost."""

    def __init__(self, actions: Sequence[str], mover: bool) -> None:
        self._at: dict[Hashable, list[Decision]] = defaultdict(list)
        self.build_tiles: list[str] = []
        self.all: list[Decision] = []
        for action in actions:
            decision = _parse(action)
            self._at[_place_of(decision, mover)].append(decision)
            self.all.append(decision)
            if decision["kind"] == "build" and decision["tile"] not in self.build_tiles:
                self.build_tiles.append(decision["tile"])
        self.kinds = {place[0] for place in self._at if isinstance(place, tuple)}
        """The kinds of place (space, cell, gondola, …) some decision goes to."""

    def take(self, *place: Hashable) -> list[Decision]:
        """The decisions that go at `place`, which the board then shows there."""
        return self._at.pop(place, [])

    def rest(self) -> list[Decision]:
        return [decision for decisions in self._at.values() for decision in decisions]


# The pieces a board repeats are drawn here rather than in the template, since a board draws hundreds
# on every decision: each piece kept drawn (`functools.lru_cache`) by what it shows, the language in
# force and whether it glows, so that no view, language or highlight leaks into another's drawing.
# Words from a view or a player are escaped; a translation is trusted as the template trusts it.


def _mark(key: str, glow: bool) -> str:
    """The attributes of a drawn piece, as `piece_mark` writes them."""
    return f'data-piece="{escape(key)}" data-changed=""' if glow else f'data-piece="{escape(key)}"'


def _act(decision: Decision, pick: str | None = None) -> str:
    """A decision's button (the `act` macro), shown once the piece `pick` is picked where given."""
    picked = f' data-pick-of="{escape(pick)}" hidden' if pick else ""
    return (
        f'<button type="button" class="act {escape(decision["css"])}" data-action="{escape(decision["action"])}"'
        f"{picked}>{decision['text']}</button>"
    )


def _choices(decisions: Sequence[Decision]) -> str:
    """Decisions' buttons together, where a piece takes them."""
    if not decisions:
        return ""
    return '<span class="choices">' + "".join(map(_act, decisions)) + "</span>"


def draw_act(decision: Decision) -> Markup:
    return Markup(_act(decision))


def draw_choices(decisions: Sequence[Decision]) -> Markup:
    return Markup(_choices(decisions))


def _button(d: Decision, phase: str, islands: dict[str, str]) -> tuple[Markup, str]:
    """A decision's button where the board shows it: its words, with a drawing where one helps, and
    its style."""
    kind = d["kind"]
    gettext, ngettext = i18n.gettext, i18n.ngettext
    if kind == "act":
        if d.get("price"):
            return Markup("▶ ") + COIN_S + gettext("use: %(price)s gold") % {"price": d["price"]}, "mu-go"
        return Markup("▶ %s") % gettext("use: free"), "mu-go"
    if kind == "pass":
        return Markup("%s") % gettext("pass: +1") + COIN_S, "mu-pass"
    if kind == "lighthouse":
        return ships_svg(0, True) + gettext("lighthouse: the red ship sails on"), "mu-go"
    if kind == "sail":
        red = d.get("ship") == "red"
        ship = ships_svg(0 if red else 1, red) if "ship" in d else Markup("")
        if phase == "choose the ship to move":
            return ship + (gettext("the red ship sails") if red else gettext("a black ship sails")), "mu-go"
        if "ship" in d:
            return ship + (gettext("red ship here") if red else gettext("black ship here")), "mu-go"
        return Markup("%s") % (gettext("sail here from %(start)s") % {"start": d["start"]}), "mu-go"
    if kind == "buy" and d["choice"] in ("top", "look"):
        return Markup("%s") % (
            gettext("top tile: 2 gold") if d["choice"] == "top" else gettext("look through: 4 gold")
        ), "mu-buy"
    if kind == "buy":
        count = Markup('<span class="mu-times">×%s</span>') % d["count"] if d.get("count", 1) > 1 else Markup("")
        name = Markup('<span class="mu-sr">%s</span>') % tile_name(f"{d['stack']}-{d['choice']}")
        return d.get("tile_svg", Markup("")) + count + name, "mu-tilebtn"
    if kind == "gondola":
        words = gettext("place a gondolier on the %(colour)s gondola") % {"colour": gettext(d["colour"])}
        return d["svg"] + Markup('<span class="mu-sr">%s</span>') % words, "mu-gonbtn"
    if kind in ("place", "build"):
        if kind == "place":
            words = gettext("place it here")
        else:
            words = gettext("build the %(tile)s here") % {"tile": tile_name(d["tile"])}
        return Markup('<span class="mu-sr">%s</span>') % words, "mu-place"
    if kind == "income":
        return COIN_S + gettext("income here"), "mu-go"
    if kind == "produce":
        count = int(d["count"])
        if not count:
            return Markup("%s") % gettext("only sell, produce nothing"), "mu-go"
        return Markup("%s") % (ngettext("produce in %(num)s", "produce in %(num)s", count) % {"num": count}), "mu-go"
    if kind == "sell":
        gold = {"1": 5, "2": 12, "3": 20}.get(d["count"], "?")
        return Markup("%s → %s") % (gettext("sell %(num)s") % {"num": d["count"]}, gold) + COIN_S, "mu-go"
    if kind in ("dismiss", "hire"):
        words = gettext("dismiss one: +3") if kind == "dismiss" else gettext("hire one: −3")
        return Markup("%s") % words + COIN_S, "mu-go"
    if kind == "score":
        island = islands.get(d["island"], d["island"])
        if "amount" in d:
            words = gettext("score at %(island)s, %(amount)s") % {"island": island, "amount": d["amount"]}
        else:
            words = gettext("score at %(island)s") % {"island": island}
        return Markup("%s") % words, "mu-go"
    plain = {
        "street": (gettext("draw a street tile"), "mu-buy"),
        "recruit": (gettext("recruit"), "mu-go"),
        "card": (gettext("keep this card"), "mu-go"),
        "decline": (gettext("recruit none"), "mu-no"),
        "keep": (gettext("sell no beads"), "mu-no"),
        "return": (gettext("return one to the bag"), "mu-go"),
        "skip": (gettext("leave unscored"), "mu-no"),
        "done": (gettext("build no more"), "mu-no"),
    }
    words, css = plain.get(kind, (d["action"], "mu-go"))
    return Markup("%s") % words, css


def label(action: str) -> str:
    """A decision in notation in the reader's language, as the list beside the board shows it."""
    d = _parse(action)
    kind = d["kind"]
    actions, islands, titles = _names()
    gettext, ngettext = i18n.gettext, i18n.ngettext
    if kind in ("act", "pass"):
        what = gettext(actions.get(int(d["space"]), ""))
        template = (
            gettext("space %(number)s: %(action)s")
            if kind == "act"
            else gettext("pass on space %(number)s (%(action)s): +1 gold")
        )
        return template % {"number": d["space"], "action": what}
    if kind == "lighthouse":
        return gettext("lighthouse: the red ship sails on")
    if kind == "sail":
        if d.get("ship") == "red":
            return gettext("the red ship sails from space %(start)s to %(end)s") % {
                "start": d["start"],
                "end": d["space"],
            }
        if d.get("ship") == "black":
            return gettext("a black ship sails from space %(start)s to %(end)s") % {
                "start": d["start"],
                "end": d["space"],
            }
        return gettext("the ship sails from space %(start)s to %(end)s") % {"start": d["start"], "end": d["space"]}
    if kind == "buy":
        return _buy_words(d["stack"], d["choice"])
    if kind == "recruit":
        return gettext("recruit character card %(card)s") % {"card": d["card"]}
    if kind == "decline":
        return gettext("recruit none")
    if kind == "gondola":
        return gettext("gondolier on the %(colour)s gondola at %(island)s") % {
            "colour": gettext(d["colour"]),
            "island": islands.get(d["island"], d["island"]),
        }
    if kind == "street":
        return gettext("draw a street tile")
    if kind == "place":
        return gettext("place it on %(space)s") % {"space": _space_words(d["cell"])}
    if kind == "build":
        return gettext("build a %(tile)s on %(space)s") % {
            "tile": tile_name(d["tile"]),
            "space": _space_words(d["cell"]),
        }
    if kind == "card":
        return gettext("keep %(card)s") % {"card": gettext(titles.get(d["card"]) or d["card"])}
    if kind == "done":
        return gettext("build no more")
    if kind == "income":
        return gettext("income at %(island)s") % {"island": islands.get(d["island"], d["island"])}
    if kind == "produce":
        count = int(d["count"])
        if not count:
            return gettext("only sell, produce nothing")
        return ngettext("produce in %(num)s glass factory", "produce in %(num)s glass factories", count) % {
            "num": count
        }
    if kind == "sell":
        count = int(d["count"])
        return ngettext("sell %(num)s %(colour)s bead", "sell %(num)s %(colour)s beads", count) % {
            "num": count,
            "colour": gettext(d["colour"]),
        }
    if kind == "keep":
        return gettext("sell no beads")
    if kind == "dismiss":
        return gettext("dismiss a gondolier")
    if kind == "hire":
        return gettext("hire a gondolier")
    if kind == "return":
        return gettext("return a %(colour)s bead to the bag") % {"colour": gettext(d["colour"])}
    if kind == "score":
        island = islands.get(d["island"], d["island"])
        if "amount" in d:
            return gettext("score %(card)s at %(island)s, %(amount)s") % {
                "card": d["card"],
                "island": island,
                "amount": d["amount"],
            }
        return gettext("score %(card)s at %(island)s") % {"card": d["card"], "island": island}
    if kind == "skip":
        return gettext("leave %(card)s unscored") % {"card": d["card"]}
    return gettext("decision: %(notation)s") % {"notation": action}


def _buy_words(stack: str, choice: str) -> str:
    """A purchase from the shop or palace stack in words."""
    gettext = i18n.gettext
    if choice == "top":
        return gettext("take the top shop: 2 gold") if stack == "shop" else gettext("take the top palace: 2 gold")
    if choice == "look":
        if stack == "shop":
            return gettext("look through the shops: 4 gold")
        return gettext("look through the palaces: 4 gold")
    return gettext("take the %(tile)s") % {"tile": tile_name(f"{stack}-{choice}")}
