"""The web board of Burano, drawn from a seat's view: the action board, the main island floor by floor,
the neighbouring islands with their routes, the ports and their merchant ships, the lace workshops,
the supplies, and every player's board (schedule ring and time wheel, cube pyramid, preparation area,
reserve, roof tiles, privilege and moves tracks, fish and building cards).

Each colour shows twice, as a colour and as its glyph with its initial (``♥P`` pink), so the board
reads without colour. Squares are named as the notation names them. The seat's decisions are buttons
where they happen: a build on its main island square (after picking the cube in the preparation area),
a roof over its two squares (after picking the tile), a pyramid decision on its slot, a sail on the
island or port, a lace maker on the workshop square; what has no place goes to "other decisions".
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from laguna import i18n
from laguna.games.burano.components import Colour
from laguna.games.burano.pyramid import LAYERS, SLOT_NAMES, SLOTS
from laguna.games.burano.ring import ARROWS, HOUSES
from laguna.games.burano.state import MAX_MOVES, MOVE_COSTS, PREPARATION_SPACES, SEASONS, TURNS

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
    "earning: withdraw workers": "ring",
    "clean-up: refill house cubes": "reserve",
    "clean-up: remove roof tiles": "roofs",
}
"""Where ``done`` closes a series: by the pieces the series is about."""


def cube(colour: str | None) -> dict[str, str] | None:
    """A colour as the template draws it: the colour and its mark (``♥P``)."""
    if colour is None:
        return None
    if colour == "hidden":
        return {"colour": colour, "mark": "▩"}
    try:
        glyph = Colour(colour).glyph
    except ValueError:
        glyph = "?"
    return {"colour": colour, "mark": f"{glyph}{colour[:1].upper()}"}


def tile(text: str) -> dict[str, Any]:
    """A roof tile ``islands:pink-blue``: its kind and its two halves."""
    kind, _, colours = text.partition(":")
    first, _, second = colours.partition("-")
    return {"id": text, "kind": kind, "halves": [cube(first), cube(second)]}


def _square(row: int, column: int) -> str:
    return f"{chr(ord('a') + column)}{row + 1}"


def _place(decision: Decision) -> str:
    """The spot on the board a decision belongs to."""
    kind = decision["kind"]
    if kind in ("stack", "pick", "privilege-slot"):
        return f"slot:{decision['slot']}"
    if kind == "build":
        return f"island:{decision['square']}"
    if kind == "roof":
        return f"island:{decision['at']}"
    if kind == "swap":
        return f"dock:{decision['other']}:{decision['other_colour']}"
    if kind == "sail":
        return f"water:{decision['place']}"
    if kind == "withdraw-island":
        return f"water:{decision['island']}"
    if kind in ("forgo", "dispatch"):
        return "boat"
    if kind == "trade":
        return f"ship:{decision['ship']}"
    if kind == "fish":
        return f"fish:{decision['fish']}"
    if kind in ("lace", "withdraw-workshop", "pay"):
        return f"workshop:{decision['square']}"
    if kind in ("privilege-coin", "bonus-privilege"):
        return "privilege"
    if kind == "privilege-reserve":
        return f"reserve:{decision['colour']}"
    if kind == "bonus-card":
        return f"card:{decision['card']}"
    if kind == "cube":
        return f"supply:{decision['colour']}"
    if kind == "cube-none":
        return "reserve"
    if kind == "discard":
        return f"tile:{decision['tile']}"
    if kind == "refill":
        return f"stack:{decision['roof_kind']}"
    return str(kind)


class _Decisions:
    """The seat's legal decisions sorted by the spot on the board where they go; each is taken once,
    and whatever no spot takes is left for "other decisions"."""

    def __init__(self, actions: Sequence[str], phase: str) -> None:
        self.spots: dict[str, list[Decision]] = defaultdict(list)
        self.picks: set[str] = set()
        for action in actions:
            decision = _decision(action)
            spot = _place(decision)
            if spot == "done":
                spot = _DONE_PLACES.get(phase, "other")
            if decision["kind"] in ("build", "roof", "swap"):
                self.picks.add(decision["pick"])
            self.spots[spot].append(decision)

    def take(self, spot: str) -> list[Decision]:
        return self.spots.pop(spot, [])

    def rest(self) -> list[Decision]:
        left = [decision for decisions in self.spots.values() for decision in decisions]
        self.spots.clear()
        return left


def _decision(action: str) -> Decision:
    """An action in notation with the parts the template labels it by."""
    for pattern, kind in _PLACES:
        if m := pattern.fullmatch(action):
            decision: Decision = {"action": action, "kind": kind, **m.groupdict()}
            break
    else:
        return {"action": action, "kind": "other"}
    if kind == "build":
        decision["pick"] = f"build:{decision['colour']}"
    elif kind == "roof":
        decision["tile"] = tile(f"{decision['roof_kind']}:{decision['first']}-{decision['second']}")
        decision["pick"] = f"roof:{decision['tile']['id']}"
    elif kind == "swap":
        decision["pick"] = f"swap:{decision['island']}:{decision['colour']}"
    for name in ("colour", "other_colour"):
        if name in decision:
            decision[f"{name}_cube"] = cube(decision[name] if decision[name] != "none" else None)
    if kind == "roofs":
        decision["kinds"] = decision["kinds"].split()
    return decision


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place."""
    phase = str(view.get("phase", ""))
    decisions = _Decisions(actions, phase)
    viewer = view.get("viewer")
    seats_view: list[dict[str, Any]] = view.get("seats", [])
    by_seat = {int(s["seat"]): s for s in seats_view}
    own = by_seat.get(viewer) if viewer is not None else None
    boat = str(own.get("boat")) if own is not None else None
    season = str(view.get("season", ""))
    model: dict[str, Any] = {
        "season": season,
        "season_number": SEASONS.index(season) + 1 if season in SEASONS else None,
        "seasons": len(SEASONS),
        "round": view.get("round"),
        "rounds": sum(TURNS),
        "season_turn": view.get("season_turn"),
        "turns": view.get("turns"),
        "phase": phase,
        "actor": view.get("actor"),
        "viewer": viewer,
        "ended_by": view.get("ended_by"),
        "building": [n for n, s in sorted(by_seat.items()) if not s.get("pyramid_ready")]
        if phase == "cube pyramid construction"
        else [],
        "pending": _pending(view),
        "action_board": [
            (space, [cube(str(c)) for c in colours]) for space, colours in (view.get("action_board") or {}).items()
        ],
        "island": _main_island(view, decisions),
        "roofs_laid": [
            tile(str(laid["tile"])) | {"first": laid["first"], "second": laid["second"], "floor": laid["floor"]}
            for laid in view["main_island"].get("roof_tiles", [])
        ],
        "removed_roofs": [tile(str(t)) for t in view.get("removed_roofs", [])],
        "waters": _waters(view, decisions, boat),
        "workshops": _workshops(view, decisions),
        "supplies": _supplies(view, decisions),
    }
    ordered = sorted(seats_view, key=lambda s: (s["seat"] != viewer, s["seat"]))
    model["seats"] = [_seat(s, view, decisions if s["seat"] == viewer else None) for s in ordered]
    model["other"] = decisions.rest()
    return model


def _pending(view: dict[str, Any]) -> dict[str, Any]:
    """The details of the decision under way, as data for the status line."""
    pending = view.get("pending") or {}
    return {
        "matched": pending.get("matched", 0),
        "fish_left": pending.get("fish_left", 0),
        "lace_colours": [cube(str(c)) for c in pending.get("arrows", [])],
        "sent": pending.get("sent", 0),
        "roof": tile(str(pending["roof"])) if pending.get("roof") else None,
        "paid": [(square, means) for square, means in pending.get("paid") or []],
        "owed": pending.get("owed", 0),
        "refilled": list(pending.get("refilled") or []),
        "swapped": bool(pending.get("swapped")),
    }


def _main_island(view: dict[str, Any], decisions: _Decisions) -> dict[str, Any]:
    """The main island, row 1 on top: each square's floors from the ground up, with the roof over each
    floor that has one."""
    island = view["main_island"]
    pits = set(island.get("pits", []))
    houses: dict[str, Any] = island.get("houses", {})
    rows = []
    for row in range(int(island["rows"])):
        squares = []
        for column in range(int(island["columns"])):
            name = _square(row, column)
            stack = houses.get(name) or {}
            cubes, roofs = list(stack.get("cubes", [])), list(stack.get("roofs", []))
            squares.append(
                {
                    "name": name,
                    "pit": name in pits,
                    "fountain": name == island.get("fountain"),
                    "floors": [
                        {"number": k + 1, "cube": cube(str(c)), "roof": cube(str(roofs[k])) if k < len(roofs) else None}
                        for k, c in enumerate(cubes)
                    ],
                    "decisions": decisions.take(f"island:{name}"),
                }
            )
        rows.append({"number": row + 1, "squares": squares})
    return {"columns": [chr(ord("a") + c) for c in range(int(island["columns"]))], "rows": rows}


def _waters(view: dict[str, Any], decisions: _Decisions, boat: str | None) -> dict[str, Any]:
    """The neighbouring islands and the ports: dock houses or ships, workers, boats and routes."""
    routes: dict[str, list[str]] = defaultdict(list)
    for a, b in view.get("routes", []):
        routes[a].append(b)
        routes[b].append(a)
    boats: dict[str, list[int]] = defaultdict(list)
    for seat in view.get("seats", []):
        boats[str(seat.get("boat"))].append(int(seat["seat"]))
    pickers = decisions.picks

    def place(name: str) -> dict[str, Any]:
        return {
            "name": name,
            "boats": boats.get(name, []),
            "routes": sorted(routes.get(name, [])),
            "decisions": decisions.take(f"water:{name}") + (decisions.take("boat") if name == boat else []),
        }

    islands = []
    for name, island in (view.get("islands") or {}).items():
        docks = []
        seen: set[str] = set()
        for colour in island.get("docks", []):
            first = colour not in seen
            seen.add(colour)
            pick = f"swap:{name}:{colour}"
            docks.append(
                {
                    "cube": cube(str(colour)),
                    "pick": pick if first and pick in pickers else None,
                    "decisions": decisions.take(f"dock:{name}:{colour}") if first else [],
                }
            )
        workers = [(seat, count) for seat, count in enumerate(island.get("workers", [])) if count]
        islands.append(place(name) | {"docks": docks, "workers": workers})
    ports = []
    ships: dict[str, Any] = view.get("ships") or {}
    for name, names in (view.get("ports") or {}).items():
        port_ships = [
            {
                "name": ship,
                "demand": sorted((ships.get(ship) or {}).get("demand", {}).items()),
                "vp": (ships.get(ship) or {}).get("vp"),
                "decisions": decisions.take(f"ship:{ship}"),
            }
            for ship in names
        ]
        ports.append(place(name) | {"ships": port_ships})
    return {"islands": islands, "ports": ports}


def _workshops(view: dict[str, Any], decisions: _Decisions) -> dict[str, Any]:
    """The workshop area, row 1 on top: each square's colour, coin, worker, and which workshop it is."""
    area = view["workshops"]
    squares: dict[str, Any] = area.get("squares", {})
    rows = []
    majorities: dict[int, dict[str, Any]] = {}
    for row in range(int(area["rows"])):
        cells: list[dict[str, Any] | None] = []
        for column in range(int(area["columns"])):
            name = _square(row, column)
            square = squares.get(name)
            if square is None:
                cells.append(None)
                continue
            worker = square.get("worker")
            index = int(square.get("workshop", -1))
            shop = majorities.setdefault(index, {"cube": cube(str(square["colour"])), "workers": defaultdict(int)})
            if worker is not None:
                shop["workers"][int(worker)] += 1
            cells.append(
                {
                    "name": name,
                    "cube": cube(str(square["colour"])),
                    "coin": bool(square.get("coin")),
                    "workshop": index,
                    "worker": worker,
                    "decisions": decisions.take(f"workshop:{name}"),
                }
            )
        rows.append({"number": row + 1, "squares": cells})
    return {
        "columns": [chr(ord("a") + c) for c in range(int(area["columns"]))],
        "rows": rows,
        "majorities": [
            {"cube": shop["cube"], "workers": sorted(shop["workers"].items())}
            for _, shop in sorted(majorities.items())
            if shop["workers"]
        ],
        "decisions": decisions.take("workshops"),
    }


def _supplies(view: dict[str, Any], decisions: _Decisions) -> dict[str, Any]:
    """Cube supply, roof tile stacks, fish supply and deck, building supply and deck."""
    titles: dict[str, str] = view.get("building_cards") or {}
    fish = []
    for kind in view.get("fish_supply", []):
        fish.append({"kind": kind, "decisions": decisions.take(f"fish:{kind}")})
    return {
        "cubes": [
            {"cube": cube(colour), "count": count, "decisions": decisions.take(f"supply:{colour}")}
            for colour, count in (view.get("cube_supply") or {}).items()
        ],
        "roof_stacks": [
            {"kind": kind, "count": count, "decisions": decisions.take(f"stack:{kind}")}
            for kind, count in (view.get("roof_stacks") or {}).items()
        ],
        "roof_choices": decisions.take("roofs"),
        "fish": fish,
        "fish_deck": view.get("fish_deck", 0),
        "fish_deck_decisions": decisions.take("fish:deck"),
        "buildings": [
            {"id": card, "title": i18n.view_text(titles.get(card) or ""), "decisions": decisions.take(f"card:{card}")}
            for card in view.get("building_supply", [])
        ],
        "building_deck": view.get("building_deck", 0),
        "building_deck_decisions": decisions.take("card:deck"),
    }


def _seat(seat: dict[str, Any], view: dict[str, Any], decisions: _Decisions | None) -> dict[str, Any]:
    """One player's board; `decisions` only for the viewer's own seat."""
    number = int(seat["seat"])
    phase = view.get("phase")

    def take(spot: str) -> list[Decision]:
        return decisions.take(spot) if decisions is not None else []

    picks = decisions.picks if decisions is not None else set()
    moves = int(seat.get("moves", 0))
    preparation = []
    seen: set[str] = set()
    for colour in seat.get("preparation", []):
        pick = f"build:{colour}"
        preparation.append({"cube": cube(str(colour)), "pick": pick if pick in picks and colour not in seen else None})
        seen.add(colour)
    roofs = []
    for text in seat.get("roofs", []):
        roof = tile(str(text))
        pick = f"roof:{roof['id']}"
        roofs.append(roof | {"pick": pick if pick in picks else None, "decisions": take(f"tile:{text}")})
    return {
        "seat": number,
        "mine": decisions is not None,
        "letter": seat.get("letter"),
        "start_player": view.get("start_player") == number,
        "acting": view.get("actor") == number
        or (phase == "cube pyramid construction" and not seat.get("pyramid_ready")),
        "coins": seat.get("coins", 0),
        "privilege": seat.get("privilege", 0),
        "privilege_decisions": take("privilege"),
        "vp": seat.get("vp", 0),
        "vp_by_source": [(name, points) for name, points in (seat.get("vp_by_source") or {}).items() if points],
        "moves": [
            {
                "number": k + 1,
                "gain": -MOVE_COSTS[k] if MOVE_COSTS[k] < 0 else 0,
                "cost": max(MOVE_COSTS[k], 0),
                "made": k < moves,
            }
            for k in range(MAX_MOVES)
        ],
        "moves_made": moves,
        "end": take("end"),
        "boat": seat.get("boat"),
        "ring": _ring(seat) | {"decisions": take("ring")},
        "pyramid": _pyramid(seat.get("pyramid"), take),
        "pyramid_ready": bool(seat.get("pyramid_ready")),
        "slots_decided": seat.get("pyramid_slots_decided", 0),
        "slots": SLOTS,
        "reserve": [
            {"cube": cube(colour), "count": count, "decisions": take(f"reserve:{colour}")}
            for colour, count in (seat.get("reserve") or {}).items()
        ],
        "reserve_decisions": take("reserve"),
        "preparation": preparation,
        "preparation_spaces": PREPARATION_SPACES,
        "roofs": roofs,
        "roof_decisions": take("roofs"),
        "hand": sorted((seat.get("hand") or {}).items()),
        "hidden_fish": seat.get("hidden_fish", 0),
        "from_deck": sorted((seat.get("from_deck") or {}).items()),
        "sold": sorted((seat.get("sold") or {}).items()),
        "cards": [
            (card, i18n.view_text((view.get("building_cards") or {}).get(card) or "")) for card in seat.get("cards", [])
        ],
        "visible_coins": seat.get("visible_coins", 0),
        "visible_fountains": seat.get("visible_fountains", 0),
    }


def _ring(seat: dict[str, Any]) -> dict[str, Any]:
    """The schedule ring from the time wheel's first arrow clockwise: three arrow houses, then the
    nine sectors, workers filling sectors 1..n."""
    ring = seat.get("ring") or {}
    houses = ring.get("houses") or []
    arrows, workers = int(ring.get("arrows", 0)), int(ring.get("workers", 0))
    sectors = []
    for offset in range(len(houses)):
        house = houses[(arrows + offset) % len(houses)]
        sector = offset - ARROWS + 1
        sectors.append(
            {
                "arrow": offset + 1 if offset < ARROWS else None,
                "sector": sector if sector >= 1 else None,
                "cube": cube(str(house["colour"])),
                "symbol": house.get("symbol"),
                "worker": 1 <= sector <= workers,
            }
        )
    return {"sectors": sectors, "workers": workers, "empty": HOUSES - ARROWS - workers}


def _pyramid(
    pyramid: list[str | None] | None, take: Callable[[str], list[Decision]]
) -> list[list[list[dict[str, Any]]]] | None:
    """The cube pyramid by layer (base 3×3, middle 2×2, top), each slot with its decisions; None
    while it is built in secret."""
    if pyramid is None:
        return None
    layers = []
    for layer in LAYERS:
        width = {9: 3, 4: 2, 1: 1}[len(layer)]
        rows = [
            [
                {"name": SLOT_NAMES[slot], "cube": cube(pyramid[slot]), "decisions": take(f"slot:{SLOT_NAMES[slot]}")}
                for slot in layer[start : start + width]
            ]
            for start in range(0, len(layer), width)
        ]
        layers.append(rows)
    return layers
