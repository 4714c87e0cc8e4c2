"""The web board of Murano, drawn from a seat's view: the ring of 18 action spaces with the ships, the
islands with their streets, buildings and gondolas, the tile stacks, the bag, the cards drawn, and
every player's gold, gondoliers, tiles, cards and beads.

No colour shows by colour alone: player colours carry two letters (Or, Gy, Br, Wh), customer and shop
colours a capital (R, B, G) and glass beads a dot and a capital (●R, ●G, ●B). The seat's decisions are
buttons where they happen: a ship move on the action space it reaches with the price of using it, a
street, building, gondola or income on its island, a purchase on its tile stack, a card decision on
the card, a sale on the beads; a building tile is picked before the space it goes on.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Hashable, Sequence
from typing import Any

from laguna import i18n
from laguna.games.murano.ships import SPACES, ship_costs

PLAYER_MARKS: dict[str, str] = {"orange": "Or", "grey": "Gy", "brown": "Br", "white": "Wh"}
TURN_PHASE = "choose an action or pass"
STACKS = ("streets", "shops", "palaces", "factories", "specials", "characters", "special_cards")
"""The view's tile stacks and decks, in the order the board lists them."""

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
"""Each decision's kind and its notation; the groups name what the template shows on its button."""


def _place_of(kind: str, found: dict[str, str]) -> Hashable:
    """Where on the board a decision of `kind` goes, as the key the board model asks for."""
    if kind in ("act", "pass", "sail"):
        return ("space", int(found["space"]))
    if kind == "buy":
        return ("stack", found["stack"] + "s")
    if kind == "street":
        return ("stack", "streets")
    if kind in ("place", "build"):
        return ("cell", found["cell"])
    if kind == "gondola":
        return ("gondola", found["island"], found["colour"])
    if kind == "income":
        return ("island", found["island"])
    if kind in ("recruit", "card"):
        return ("drawn", found["card"])
    if kind in ("score", "skip"):
        return ("character", found["card"])
    if kind in ("sell", "return"):
        return ("bead", found["colour"])
    if kind in ("produce", "dismiss", "hire", "keep", "decline", "lighthouse"):
        return (kind,)
    return ("other",)


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board; what the board does not ask
    for stays behind for the "other decisions" area, so none is ever lost."""

    def __init__(self, actions: Sequence[str]) -> None:
        self._at: dict[Hashable, list[Decision]] = defaultdict(list)
        self.build_tiles: list[str] = []
        for action in actions:
            kind, found = "other", {}
            for name, pattern in _PATTERNS:
                if m := pattern.fullmatch(action):
                    kind, found = name, {k: v for k, v in m.groupdict().items() if v is not None}
                    break
            self._at[_place_of(kind, found)].append({"action": action, "kind": kind, **found})
            if kind == "build" and found["tile"] not in self.build_tiles:
                self.build_tiles.append(found["tile"])

    def take(self, *place: Hashable) -> list[Decision]:
        """The decisions that go at `place`, which the board then shows there."""
        return self._at.pop(place, [])

    def rest(self) -> list[Decision]:
        return [decision for decisions in self._at.values() for decision in decisions]


def player_mark(colour: str) -> str:
    return PLAYER_MARKS.get(colour, colour[:2].title() or "?")


def capital(colour: str) -> str:
    """A customer, shop or bead colour's capital, which doubles its colour on the board."""
    return colour[:1].upper() or "?"


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place."""
    decisions = _Decisions(actions)
    colours = {int(seat["seat"]): str(seat.get("colour", "?")) for seat in view.get("seats", [])}
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    model = {
        "players": view.get("players"),
        "board_side": view.get("board_side"),
        "phase": view.get("phase"),
        "actor": view.get("actor"),
        "viewer": viewer,
        "turns": int(view.get("turns", 0)),
        "start_player": view.get("start_player"),
        "triggered_by": view.get("triggered_by"),
        "last_turns": list(view.get("last_turns", [])),
        "ended_by": view.get("ended_by"),
        "target": view.get("target"),
        "built": view.get("built", 0),
        "spaces": _spaces(view, decisions),
        "islands": [_island(island, colours, decisions) for island in view.get("islands", [])],
        "stacks": [
            {"name": name, "count": view["stacks"][name], "decisions": decisions.take("stack", name)}
            for name in STACKS
            if name in view.get("stacks", {})
        ],
        "looking": view.get("looking"),
        "seen": view.get("seen"),
        "final_tile": view.get("final_tile"),
        "street": _street(view),
        "bag": [(colour, capital(colour), count) for colour, count in (view.get("bag") or {}).items()],
        "drawn": _drawn(view, decisions),
        "decline": decisions.take("decline"),
        "build_tiles": decisions.build_tiles,
        "seats": [_seat(seat, view, decisions if seat["seat"] == viewer else None) for seat in seats],
    }
    model["other"] = decisions.rest()
    return model


def _spaces(view: dict[str, Any], decisions: _Decisions) -> list[dict[str, Any]]:
    """The action spaces in sailing order: ships, and in a turn's choice the gold each costs the actor."""
    spaces: list[dict[str, Any]] = list(view.get("action_spaces", []))
    occupied = tuple(int(space.get("ships", 0)) for space in spaces)
    costs = ship_costs(occupied) if len(occupied) == SPACES else (0,) * len(occupied)
    actor = view.get("actor")
    gold = next((int(s.get("gold", 0)) for s in view.get("seats", []) if s.get("seat") == actor), 0)
    choosing = view.get("phase") == TURN_PHASE and actor is not None
    model = []
    for index, space in enumerate(spaces):
        number = int(space.get("number", index + 1))
        ships = int(space.get("ships", 0))
        red = bool(space.get("red"))
        here = decisions.take("space", number)
        if red:
            here += decisions.take("lighthouse")
        price = costs[index] if ships else 0
        model.append(
            {
                "number": number,
                "action": space.get("action", "?"),
                "black": ships - (1 if red else 0),
                "red": red,
                "price": price if choosing else None,
                "dear": choosing and price > gold,
                "target": view.get("target") == number,
                "decisions": [decision | {"price": price} for decision in here],
            }
        )
    return model


def _island(island: dict[str, Any], colours: dict[int, str], decisions: _Decisions) -> dict[str, Any]:
    """An island as a grid of its spaces (water where there is none), its gondolas and its decisions."""
    spaces: list[dict[str, Any]] = list(island.get("spaces", []))
    at = {(int(s["row"]), int(s["column"])): s for s in spaces}
    rows = max((row for row, _ in at), default=0)
    columns = max((column for _, column in at), default=0)
    return {
        "id": island["id"],
        "name": island.get("name", island["id"]),
        "columns": columns,
        "rows": [
            [
                _cell(at[(row, column)], colours, decisions) if (row, column) in at else None
                for column in range(1, columns + 1)
            ]
            for row in range(1, rows + 1)
        ],
        "gondolas": [
            {
                "colour": gondola.get("colour", "?"),
                "mark": player_mark(str(gondola.get("colour", "?"))),
                "seat": gondola.get("seat"),
                "seat_colour": colours.get(int(gondola["seat"])) if gondola.get("seat") is not None else None,
                "seat_mark": player_mark(colours.get(int(gondola["seat"]), "?"))
                if gondola.get("seat") is not None
                else None,
                "scored": bool(gondola.get("scored")),
                "decisions": decisions.take("gondola", island["id"], gondola.get("colour")),
            }
            for gondola in island.get("gondolas", [])
        ],
        "decisions": decisions.take("island", island["id"]),
    }


def _cell(space: dict[str, Any], colours: dict[int, str], decisions: _Decisions) -> dict[str, Any]:
    """A space of an island: paved or a building space, and the tile on it with its owner's mark."""
    tile = space.get("tile")
    shown = None
    if tile is not None:
        owner = tile.get("owner")
        owner_colour = colours.get(int(owner), "?") if owner is not None else None
        shown = {
            "kind": tile.get("kind", "?"),
            "customers": [(c, capital(c)) for c in tile.get("customers", [])],
            "owner": owner,
            "owner_colour": owner_colour,
            "owner_mark": player_mark(owner_colour) if owner_colour else None,
            "colour": tile.get("colour"),
            "colour_mark": capital(str(tile.get("colour", ""))),
            "crests": int(tile.get("crests", 0)),
        }
    return {
        "id": space["id"],
        "number": str(space["id"]).rpartition(".")[2],
        "street": bool(space.get("street")),
        "tile": shown,
        "decisions": decisions.take("cell", space["id"]),
    }


def _street(view: dict[str, Any]) -> dict[str, Any] | None:
    """The street tile drawn and waiting to be laid, with its customers."""
    if view.get("street") is None:
        return None
    return {"id": view["street"], "customers": [(c, capital(c)) for c in view.get("street_customers") or []]}


def _drawn(view: dict[str, Any], decisions: _Decisions) -> dict[str, Any] | None:
    """The character or special building cards drawn: each card for the seat who drew them, else a count."""
    drawn = view.get("drawn")
    if not drawn:
        return None
    if not isinstance(drawn, list):
        return {"count": int(drawn), "cards": None}
    texts = {**(view.get("cards") or {}), **(view.get("special_cards") or {})}
    return {
        "count": len(drawn),
        "cards": [
            {"id": card, "text": i18n.view_text(texts.get(card, "")), "decisions": decisions.take("drawn", card)}
            for card in drawn
        ],
    }


def _seat(seat: dict[str, Any], view: dict[str, Any], decisions: _Decisions | None) -> dict[str, Any]:
    """One player's area; `decisions` only for the viewer's own seat."""
    number = int(seat["seat"])
    colour = str(seat.get("colour", "?"))
    on_gondolas = sum(
        1
        for island in view.get("islands", [])
        for gondola in island.get("gondolas", [])
        if gondola.get("seat") == number
    )
    texts = view.get("cards") or {}
    titles = view.get("special_cards") or {}
    characters = seat.get("characters", 0)

    def take(*place: Hashable) -> list[Decision]:
        return decisions.take(*place) if decisions else []

    return {
        "seat": number,
        "colour": colour,
        "mark": player_mark(colour),
        "mine": decisions is not None,
        "acting": view.get("actor") == number,
        "gold": seat.get("gold", 0),
        "vp": seat.get("vp", 0),
        "vp_by_source": [(source, points) for source, points in (seat.get("vp_by_source") or {}).items() if points],
        "gondoliers": seat.get("gondoliers", 0),
        "on_gondolas": on_gondolas,
        "markers": seat.get("markers", 0),
        "factories": seat.get("factories", 0),
        "specials": seat.get("specials", 0),
        "shops": [(c, capital(c)) for c in seat["shops"]] if isinstance(seat.get("shops"), list) else None,
        "shop_count": len(seat["shops"]) if isinstance(seat.get("shops"), list) else int(seat.get("shops", 0)),
        "palaces": seat["palaces"] if isinstance(seat.get("palaces"), list) else None,
        "palace_count": len(seat["palaces"]) if isinstance(seat.get("palaces"), list) else int(seat.get("palaces", 0)),
        "characters": [
            {"id": card, "text": i18n.view_text(texts.get(card, "")), "decisions": take("character", card)}
            for card in characters
        ]
        if isinstance(characters, list)
        else None,
        "character_count": len(characters) if isinstance(characters, list) else int(characters),
        "special_cards": [(card, i18n.view_text(titles.get(card, ""))) for card in seat.get("special_cards", [])],
        "beads": [
            {"colour": bead, "mark": capital(bead), "count": count, "decisions": take("bead", bead)}
            for bead, count in (seat.get("beads") or {}).items()
        ],
        "keep": take("keep"),
        "produce": take("produce"),
        "gondolier": take("dismiss") + take("hire"),
        "start_player": view.get("start_player") == number,
        "triggered": view.get("triggered_by") == number,
    }
