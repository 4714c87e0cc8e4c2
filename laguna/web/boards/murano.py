"""The web board of Murano, drawn from a seat's view: the lagoon as the loop of 18 action spaces with
its ships (the tile stacks, decks and bag in the harbour inside the loop), the islands as maps of
their spaces with the tiles built on them and their gondolas, the cards drawn, and every player's
gold, victory points, gondoliers, bought tiles, cards and glass beads.

No colour shows by colour alone: player colours carry two letters (Or, Gy, Br, Wh), customer and shop
colours a capital (R, B, G), glass beads a capital on the bead, the red ship a pennant. The seat's
decisions are buttons on what they act on: a ship's move on the action space it reaches (or on the
ship that sails), a street or building on its island space, a gondola on its island, a purchase on
its tile stack, a card decision on the card, a sale on the beads; a building tile is picked before
the space it goes on.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Hashable, Sequence
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.murano.loader import load_components
from laguna.games.murano.ships import SPACES, ship_costs
from laguna.i18n import N_
from laguna.web.templating import ENVIRONMENT

PLAYER_MARKS: dict[str, str] = {"orange": "Or", "grey": "Gy", "brown": "Br", "white": "Wh"}
TURN_PHASE = "choose an action or pass"
STACKS = ("streets", "shops", "palaces", "factories", "specials", "characters", "special_cards")
"""The view's tile stacks and decks, in the order the harbour shows them."""
STACK_NAMES: dict[str, str] = {
    "streets": N_("streets"),
    "shops": N_("shops"),
    "palaces": N_("palaces"),
    "factories": N_("glass factories"),
    "specials": N_("special buildings"),
    "characters": N_("character cards"),
    "special_cards": N_("special building cards"),
}
STACK_ICONS: dict[str, str] = {
    "streets": "mu-street",
    "shops": "mu-back-shop",
    "palaces": "mu-back-palace",
    "factories": "mu-factory",
    "specials": "mu-special",
    "characters": "mu-card-back",
    "special_cards": "mu-card-back",
}
"""Each stack's words and the drawing its pile shows."""
COLOUR_NAMES: dict[str, str] = {
    "red": N_("red"),
    "blue": N_("blue"),
    "grey": N_("grey"),
    "green": N_("green"),
    "orange": N_("orange"),
    "brown": N_("brown"),
    "white": N_("white"),
}
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
ICONS: dict[str, str] = {
    N_("take 2 gold"): "mu-i-gold",
    N_("buy a glass factory"): "mu-factory",
    N_("buy a shop"): "mu-shop",
    N_("buy a palace"): "mu-palace",
    N_("buy a special building"): "mu-special",
    N_("recruit a character"): "mu-i-recruit",
    N_("place a gondolier"): "mu-i-gondola",
    N_("build"): "mu-i-build",
    N_("income"): "mu-i-income",
    N_("production"): "mu-i-production",
    N_("gondolier"): "mu-gondolier",
}
"""The drawing of each action on its action space (each action its own word in the catalogues)."""

WIDE = (7, 4)
NARROW = (4, 7)
"""The loop of action spaces as a frame of columns × rows: wide screens and phones."""

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


def player_mark(colour: str) -> str:
    return PLAYER_MARKS.get(colour, colour[:2].title() or "?")


def capital(colour: str) -> str:
    """A customer, shop or bead colour's capital, which doubles its colour on the board."""
    return colour[:1].upper() or "?"


def _frame(columns: int, rows: int) -> list[tuple[int, int]]:
    """The (column, row) of each action space in sailing order around a frame of `columns` × `rows`:
    counter-clockwise from the top right corner, as the ships sail."""
    top = [(c, 1) for c in range(columns, 0, -1)]
    left = [(1, r) for r in range(2, rows)]
    bottom = [(c, rows) for c in range(1, columns + 1)]
    right = [(columns, r) for r in range(rows - 1, 1, -1)]
    return top + left + bottom + right


def _heading(here: tuple[int, int], ahead: tuple[int, int]) -> str:
    """Which way the next space lies: l(eft), r(ight), u(p) or d(own)."""
    (c1, r1), (c2, r2) = here, ahead
    return "l" if c2 < c1 else "r" if c2 > c1 else "u" if r2 < r1 else "d"


def _places() -> list[str]:
    """Each action space's CSS classes: its cell in the wide and the narrow frame, and the heading
    of the arrow to the next space in each."""
    wide, narrow = _frame(*WIDE), _frame(*NARROW)
    classes = []
    for i in range(SPACES):
        ahead = (i + 1) % SPACES
        (wc, wr), (nc, nr) = wide[i], narrow[i]
        classes.append(
            f"wc{wc} wr{wr} w{_heading(wide[i], wide[ahead])} nc{nc} nr{nr} n{_heading(narrow[i], narrow[ahead])}"
        )
    return classes


PLACES = _places()


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place; the repeated pieces
    (action spaces, stacks, island spaces, gondolas, the players' areas) as what they show, for the
    drawing functions below to draw."""
    phase = view.get("phase")
    decisions = _Decisions(actions, phase == "choose the ship to move")
    in_view = view.get("seats", [])
    colours = {int(seat["seat"]): str(seat.get("colour", "?")) for seat in in_view}
    viewer = view.get("viewer")
    seats = sorted(in_view, key=lambda s: (s["seat"] != viewer, s["seat"]))
    islands = view.get("islands", [])
    stacks = view.get("stacks", {})
    final_tile = view.get("final_tile")
    model = {
        "players": view.get("players"),
        "board_side": view.get("board_side"),
        "phase": phase,
        "phase_words": Markup(i18n.gettext(phase)) if phase in PHASES else phase,
        "actor": view.get("actor"),
        "viewer": viewer,
        "turns": int(view.get("turns", 0)),
        "start_player": view.get("start_player"),
        "triggered_by": view.get("triggered_by"),
        "last_turns": list(view.get("last_turns", [])),
        "ended_by": view.get("ended_by"),
        "target": view.get("target") or None,
        "built": view.get("built", 0),
        "spaces": _spaces(view, decisions),
        "lighthouse": decisions.take("lighthouse"),
        "islands": [_island(island, colours, decisions) for island in islands],
        "island_names": {island["id"]: island.get("name", island["id"]) for island in islands},
        "stacks": [
            {"name": name, "count": stacks[name], "decisions": decisions.take("stack", name)}
            for name in STACKS
            if name in stacks
        ],
        "looking": view.get("looking"),
        "seen": _seen(view, decisions),
        "final_tile": final_tile,
        "final_svg": held_svg(str(final_tile)) if final_tile else None,
        "final_name": tile_name(str(final_tile)) if final_tile else None,
        "street": _street(view),
        "bag": tuple((view.get("bag") or {}).items()),
        "drawn": _drawn(view, decisions),
        "decline": decisions.take("decline"),
        "done": decisions.take("done"),
        "build_tiles": [_tile_of(tile) for tile in decisions.build_tiles],
        "seats": [_seat(seat, view, colours, decisions if seat["seat"] == viewer else None) for seat in seats],
    }
    model["other"] = decisions.rest()
    names = model["island_names"]
    phase_text = str(phase)
    for decision in decisions.all:
        decision["text"], decision["css"] = _button(decision, phase_text, names)
    return model


def _spaces(view: dict[str, Any], decisions: _Decisions) -> list[dict[str, Any]]:
    """The action spaces in sailing order: ships, and in a turn's choice the gold each costs the actor."""
    spaces: list[dict[str, Any]] = list(view.get("action_spaces", []))
    occupied = tuple(int(space.get("ships", 0)) for space in spaces)
    costs = ship_costs(occupied) if len(occupied) == SPACES else (0,) * len(occupied)
    actor = view.get("actor")
    gold = next((int(s.get("gold", 0)) for s in view.get("seats", []) if s.get("seat") == actor), 0)
    choosing = view.get("phase") == TURN_PHASE and actor is not None
    target = view.get("target")
    model = []
    for index, space in enumerate(spaces):
        number = int(space.get("number", index + 1))
        ships = occupied[index]
        red = bool(space.get("red"))
        price = costs[index] if ships else 0
        here = decisions.take("space", number)
        for decision in here:
            decision["price"] = price
        model.append(
            {
                "index": index,
                "number": number,
                "key": f"space-{number}",
                "action": str(space.get("action", "?")),
                "black": ships - (1 if red else 0),
                "red": red,
                "price": price if choosing else None,
                "dear": choosing and price > gold,
                "target": target == number,
                "decisions": here,
            }
        )
    return model


def _tile_of(tile: str) -> dict[str, Any]:
    """A bought building tile by its notation (factory, shop-red, palace-2, special), as drawn."""
    kind, _, detail = tile.partition("-")
    return {
        "id": tile,
        "kind": kind,
        "colour": detail if kind == "shop" else None,
        "colour_mark": capital(detail) if kind == "shop" else None,
        "crests": int(detail) if kind == "palace" and detail.isdigit() else 0,
        "svg": held_svg(tile),
        "name": tile_name(tile),
    }


Drawing = tuple[str, str | None, str | None, int, tuple[str, ...]]
"""A tile as the arguments of `tile_svg`: kind, colour, owner's colour, crests, customers."""
NO_TILE: Drawing = ("", None, None, 0, ())


def _island(island: dict[str, Any], colours: dict[int, str], decisions: _Decisions) -> dict[str, Any]:
    """An island as a grid of its spaces (water where there is none), its gondolas and its decisions.
    A space is (id, paved, its tile drawn, built, its decisions); a gondola (colour, the seat of its
    gondolier, that seat's colour, scored, its decisions)."""
    at = {(int(s["row"]), int(s["column"])): s for s in island.get("spaces", [])}
    rows = max((row for row, _ in at), default=0)
    columns = max((column for _, column in at), default=0)
    take = decisions.take
    on_cells, on_gondolas = "cell" in decisions.kinds, "gondola" in decisions.kinds
    grid: list[list[tuple[str, bool, Drawing, bool, list[Decision]] | None]] = []
    for row in range(1, rows + 1):
        line: list[tuple[str, bool, Drawing, bool, list[Decision]] | None] = []
        for column in range(1, columns + 1):
            space = at.get((row, column))
            if space is None:
                line.append(None)
                continue
            tile = space.get("tile")
            drawing = NO_TILE if tile is None else _drawn_tile(_tile_value(tile), colours)
            here = take("cell", space["id"]) if on_cells else []
            line.append((str(space["id"]), bool(space.get("street")), drawing, tile is not None, here))
        grid.append(line)
    gondolas = []
    for gondola in island.get("gondolas", []):
        colour = str(gondola.get("colour", "?"))
        seat = gondola.get("seat")
        seat_colour = colours.get(int(seat), "?") if seat is not None else None
        scored = bool(gondola.get("scored"))
        here = take("gondola", island["id"], colour) if on_gondolas else []
        for decision in here:
            decision["svg"] = gondola_svg(colour, seat_colour, scored)
        gondolas.append((colour, seat, seat_colour, scored, here))
    return {
        "id": island["id"],
        "name": str(island.get("name", island["id"])),
        "columns": columns,
        "rows": grid,
        "gondolas": gondolas,
        "decisions": take("island", island["id"]),
    }


@functools.lru_cache(maxsize=1024)
def _cell_inner(drawing: Drawing, number: str) -> Markup:
    """What an island space shows: its tile, if any, and its number."""
    return (tile_svg(*drawing) if drawing[0] else Markup("")) + Markup('<span class="mu-cellno">%s</span>') % number


def _seen(view: dict[str, Any], decisions: _Decisions) -> list[dict[str, Any]] | None:
    """The tiles of the stack a buyer paid to look through, each kind once with how many there are,
    and the decision to take one."""
    seen = view.get("seen")
    if seen is None:
        return None
    looking = str(view.get("looking") or "")
    kinds: dict[str, int] = {}
    for item in seen:
        kinds[str(item)] = kinds.get(str(item), 0) + 1
    seen_tiles = []
    for item, count in kinds.items():
        tile = _tile_of(f"{looking}-{item}")
        here = decisions.take("seen", item)
        for decision in here:
            decision["tile_svg"], decision["count"] = tile["svg"], count
        seen_tiles.append({"tile": tile, "count": count, "decisions": here})
    return seen_tiles


def _street(view: dict[str, Any]) -> dict[str, Any] | None:
    """The street tile drawn and waiting to be laid, with its customers."""
    if view.get("street") is None:
        return None
    customers = tuple(str(c) for c in view.get("street_customers") or [])
    return {
        "id": view["street"],
        "customers": [(c, capital(c)) for c in customers],
        "svg": tile_svg("street", customers=customers),
        "words": tile_words("street", customers=customers),
    }


def _drawn(view: dict[str, Any], decisions: _Decisions) -> dict[str, Any] | None:
    """The character or special building cards drawn: each card for the seat who drew them, else
    their backs."""
    drawn = view.get("drawn")
    if not drawn:
        return None
    if not isinstance(drawn, list):
        return {"count": int(drawn), "cards": None, "special": view.get("phase") == "choose a special building card"}
    characters = view.get("cards") or {}
    titles = view.get("special_cards") or {}
    return {
        "count": len(drawn),
        "special": any(card in titles for card in drawn),
        "cards": [
            {
                "id": card,
                "key": f"drawn-{index}",
                "special": card in titles,
                "text": i18n.view_text(titles[card] if card in titles else characters.get(card, "")),
                "decisions": decisions.take("drawn", card),
            }
            for index, card in enumerate(drawn)
        ],
    }


def _seat(
    seat: dict[str, Any], view: dict[str, Any], colours: dict[int, str], decisions: _Decisions | None
) -> dict[str, Any]:
    """One player's area; `decisions` only for the viewer's own seat. Its parts are (name, what the
    part shows, its decisions), drawn by `_part`."""
    number = int(seat["seat"])
    colour = colours[number]
    texts = view.get("cards") or {}
    titles = view.get("special_cards") or {}
    characters = seat.get("characters", 0)

    def take(*place: Hashable) -> list[Decision]:
        return decisions.take(*place) if decisions else []

    shops, palaces = seat.get("shops", 0), seat.get("palaces", 0)
    parts: list[tuple[str, Hashable, list[Decision]]] = [
        ("gold", int(seat.get("gold", 0)), []),
        ("vp", (int(seat.get("vp", 0)), tuple((seat.get("vp_by_source") or {}).items())), []),
        ("markers", (colour, int(seat.get("markers", 0))), []),
        ("gondoliers", (colour, int(seat.get("gondoliers", 0))), take("dismiss") + take("hire")),
        ("factories", int(seat.get("factories", 0)), take("produce")),
        ("specials", int(seat.get("specials", 0)), []),
        ("shops", tuple(shops) if isinstance(shops, list) else shops, []),
        ("palaces", tuple(palaces) if isinstance(palaces, list) else palaces, []),
    ]
    parts += [(f"bead-{bead}", count, take("bead", bead)) for bead, count in (seat.get("beads") or {}).items()]
    return {
        "seat": number,
        "key": f"s{number}",
        "colour": colour,
        "mine": decisions is not None,
        "acting": view.get("actor") == number,
        "gold": int(seat.get("gold", 0)),
        "parts": parts,
        "keep": take("keep"),
        "characters": [
            {"id": card, "text": i18n.view_text(texts.get(card, "")), "decisions": take("character", card)}
            for card in characters
        ]
        if isinstance(characters, list)
        else None,
        "character_count": len(characters) if isinstance(characters, list) else int(characters),
        "special_cards": [(card, i18n.view_text(titles.get(card, ""))) for card in seat.get("special_cards", [])],
        "start_player": view.get("start_player") == number,
        "triggered": view.get("triggered_by") == number,
    }


# ---------------------------------------------------------------- the board drawn
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


def _said(message: str) -> Markup:
    """A word as the template says it (`_()`): its translation trusted, and read as a format."""
    return Markup(i18n.gettext(message)) % {}


@pass_context
def draw_lagoon(context: Context, model: dict[str, Any]) -> Markup:
    """The action spaces with their ships and decisions."""
    changed = context.get("changed", ())
    language = i18n.current()
    lighthouse = _choices(model["lighthouse"])
    out = []
    for space in model["spaces"]:
        here = space["decisions"]
        out.append(
            _space_open(
                language,
                space["index"],
                space["number"],
                space["action"],
                black=space["black"],
                red=space["red"],
                target=space["target"],
                mine=bool(here),
                glow=space["key"] in changed,
            )
        )
        if space["red"] and lighthouse:
            out.append(lighthouse)
        if here:
            out.append(_choices(here))
        out.append("</div>")
    return Markup("".join(out))


@functools.lru_cache(maxsize=1024)
def _space_open(
    language: str, index: int, number: int, action: str, *, black: int, red: bool, target: bool, mine: bool, glow: bool
) -> str:
    """An action space up to its decisions, in `language`."""
    css = f"space mu-sp {PLACES[index % SPACES]}"
    css += (" occupied" if black or red else "") + (" target" if target else "") + (" mine" if mine else "")
    words = _space_words_of(language, number, action, black=black, red=red, target=target)
    inner = _space_inner(language, number, action, black=black, red=red, target=target)
    return (
        f'\n<div class="{css}" data-space="{number}" {_mark(f"space-{number}", glow)} role="group"'
        f' aria-label="{escape(words)}">{inner}'
    )


@pass_context
def draw_stacks(context: Context, model: dict[str, Any]) -> Markup:
    """The tile stacks and decks with their decisions."""
    changed = context.get("changed", ())
    language = i18n.current()
    out = []
    for stack in model["stacks"]:
        name = stack["name"]
        out.append(_stack_open(language, name, stack["count"], "stack-" + name.replace("_", "-") in changed))
        out.append(_choices(stack["decisions"]))
        out.append("</div>")
    return Markup("".join(out))


@functools.lru_cache(maxsize=512)
def _stack_open(language: str, name: str, count: int, glow: bool) -> str:
    """A stack up to its decisions, in `language`: a pile of up to three of its tiles, its count."""
    title = _said(STACK_NAMES[name]) if name in STACK_NAMES else escape(name)
    icon = STACK_ICONS.get(name, "")
    if count:
        pile = f'<use href="#{icon}" x="6" y="0" width="40" height="40" opacity=".55"/>' if count > 2 else ""
        pile += f'<use href="#{icon}" x="4" y="3" width="40" height="40" opacity=".8"/>' if count > 1 else ""
        pile += f'<use href="#{icon}" x="2" y="6" width="40" height="40"/>'
    else:
        pile = '<rect x="4" y="8" width="38" height="38" rx="4" fill="none" stroke="#777" stroke-dasharray="4 3"/>'
    shown = escape(count) if count else _said(N_("empty"))
    return (
        f'\n<div class="stack mu-stack{"" if count else " empty"}" data-stack="{escape(name)}"'
        f' {_mark("stack-" + name.replace("_", "-"), glow)} role="group" aria-label="{title}: {shown}">\n'
        f'<svg class="mu-pile" viewBox="0 0 48 48" aria-hidden="true">{pile}</svg>\n'
        f'<span class="mu-count">{escape(count)}</span>\n<span class="mu-cap">{title}</span>\n'
    )


@pass_context
def draw_bag(context: Context, model: dict[str, Any]) -> Markup:
    """The glass beads in the bag, by colour."""
    changed = context.get("changed", ())
    language = i18n.current()
    return Markup(
        "".join(_bag_beads(language, colour, count, f"bag-{colour}" in changed) for colour, count in model["bag"])
    )


@functools.lru_cache(maxsize=256)
def _bag_beads(language: str, colour: str, count: int, glow: bool) -> str:
    """The beads of a colour in the bag, in `language`."""
    name = _said(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else escape(colour)
    words = Markup(
        i18n.ngettext("%(num)s %(colour)s bead in the bag", "%(num)s %(colour)s beads in the bag", count)
    ) % {"num": count, "colour": name}
    return (
        f'<span class="mu-bead" {_mark(f"bag-{colour}", glow)} role="img" aria-label="{words}">'
        f'<svg class="mu-beadic" viewBox="0 0 20 20" aria-hidden="true">'
        f'<use href="#mu-bead" class="mu-k-{escape(colour)}"/><text class="mu-ink" x="10" y="13.5" font-size="9"'
        f' text-anchor="middle">{escape(capital(colour))}</text></svg>{escape(count)}</span>'
    )


WATER = '<div class="mu-water"></div>'


@pass_context
def draw_islands(context: Context, model: dict[str, Any]) -> Markup:
    """The islands: their spaces with the tiles built on them, their gondolas, their decisions."""
    changed = context.get("changed", ())
    seat_name = context["seat_name"]
    language = i18n.current()
    viewer = model["viewer"]
    you = None
    out = []
    for island in model["islands"]:
        ident, name = escape(island["id"]), island["name"]
        named = escape(name)
        out.append(
            f'\n<div class="island mu-island" data-island="{ident}" role="group" aria-label="{named}">\n'
            f'<h4>{named}{_choices(island["decisions"])}</h4>\n<div class="mu-map mu-cols-{island["columns"]}">'
        )
        for row in island["rows"]:
            for cell in row:
                if cell is None:
                    out.append(WATER)
                    continue
                space, street, drawing, built, here = cell
                glow = built and f"cell-{space}" in changed
                out.append(
                    _cell_html(
                        language, name, space, street=street, drawing=drawing, built=built, glow=glow, chosen=bool(here)
                    )
                )
                if here:
                    out.extend(_act(d) for d in here if d["kind"] == "place")
                    out.extend(_act(d, d["tile"]) for d in here if d["kind"] == "build")
                    out.append("\n</div>")
        out.append('\n</div>\n<div class="gondolas mu-gondolas">')
        for colour, seat, seat_colour, scored, here in island["gondolas"]:
            if seat is None and not here:
                out.append(
                    _gondola_html(language, island["id"], colour, seat=None, scored=scored, glow=False, chosen=False)
                )
                continue
            key = f"gondola-{island['id']}-{colour}"
            glow = key in changed
            out.append(
                _gondola_html(language, island["id"], colour, seat=seat_colour, scored=scored, glow=glow, chosen=True)
            )
            if seat is not None:
                if seat == viewer:
                    you = you or _said(N_("you"))
                    out.append(f" ({you})")
                else:
                    out.append(f" ({escape(seat_name(seat))})")
            out.append('">')
            out.append("".join(map(_act, here)) if here else gondola_svg(colour, seat_colour, scored))
            out.append("</div>")
        out.append("\n</div>\n</div>")
    return Markup("".join(out))


@functools.lru_cache(maxsize=4096)
def _cell_html(
    language: str, island: str, space: str, *, street: bool, drawing: Drawing, built: bool, glow: bool, chosen: bool
) -> str:
    """An island space, in `language`: whole if no decision goes there (`chosen`), else up to its
    decisions. Only a built space is a piece."""
    number = space.rpartition(".")[2]
    css = f"cell mu-cell {'paved' if street else 'brown'}{' built' if built else ''}"
    words = escape(_cell_words(language, island, number, street, drawing))
    inner = _cell_inner(drawing, number)
    if not built and not chosen:
        return f'<div class="{css}" data-cell="{escape(space)}" role="img" aria-label="{words}">{inner}</div>'
    mark = f"{_mark(f'cell-{space}', glow)} " if built else ""
    head = f'<div class="{css}" data-cell="{escape(space)}" {mark}role="group" aria-label="{words}">{inner}'
    return head if chosen else head + "\n</div>"


@functools.lru_cache(maxsize=1024)
def _gondola_html(
    language: str, island: str, colour: str, *, seat: str | None, scored: bool, glow: bool, chosen: bool
) -> str:
    """A gondola, in `language`: a free one no decision goes to whole, else up to the end of its words
    (the caller adds who placed its gondolier and its decisions)."""
    words = escape(_gondola_words(language, colour, seat, scored))
    if not chosen:
        svg = gondola_svg(colour, seat, scored)
        return (
            f'<div class="gondola mu-gondola" data-gondola="{escape(colour)}" role="img"'
            f' aria-label="{words}">{svg}</div>'
        )
    mark = f"{_mark(f'gondola-{island}-{colour}', glow)} " if seat is not None else ""
    return f'\n<div class="gondola mu-gondola" data-gondola="{escape(colour)}" {mark}role="group" aria-label="{words}'


@pass_context
def draw_players(context: Context, model: dict[str, Any]) -> Markup:
    """Every player's area: the heading, the parts (gold, VP, markers, gondoliers, tiles, beads), the
    character cards and the special building cards."""
    changed = context.get("changed", ())
    seat_name = context["seat_name"]
    language = i18n.current()
    out = []
    for seat in model["seats"]:
        key, colour, number = seat["key"], seat["colour"], seat["seat"]
        mine, acting = seat["mine"], seat["acting"]
        who = _said(N_("You")) if mine else escape(seat_name(number))
        tail, disc, badges = _seat_words(language, colour, seat["start_player"], seat["triggered"])
        out.append(
            f'\n<section class="player mu-player mu-p-{escape(colour)}{" mine" if mine else ""}'
            f'{" acting" if acting else ""}" data-seat="{number}">\n'
            f'<h3 {_mark(key, key in changed)} aria-label="{who}, {tail}">{disc}'
            f"{'▶ ' if acting else ''}{who}{badges}</h3>\n"
            '<div class="mu-parts">'
        )
        for name, shown, here in seat["parts"]:
            part = f"{key}-{name}"
            out.append(_part(language, part, name, shown, glow=part in changed, chosen=bool(here)))
            if here:
                out.append(_choices(here))
                out.append("</span>")
        out.append("\n" + _choices(seat["keep"]) + "</div>")
        count = seat["character_count"]
        characters = seat["characters"]
        out.append(_hand_open(language, key, count, characters is not None, f"{key}-characters" in changed))
        if characters is not None:
            out.extend(
                f'<div class="card mu-card" data-card="{escape(card["id"])}">'
                f'<span class="mu-card-id">{escape(card["id"])}</span>{RECRUIT_ICON}'
                f'<span class="mu-card-text">{escape(card["text"])}</span>'
                f"{_choices(card['decisions'])}</div>"
                for card in characters
            )
        else:
            out.append(CARD_BACK * count)
        if not count:
            none_words = _said(N_("no character card"))
            out.append(f'<span class="mu-none">{none_words}</span>')
        specials = seat["special_cards"]
        cards_words = _said(N_("Special building cards:"))
        listed = ", ".join(escape(title) for _, title in specials) if specials else _said(N_("none"))
        out.append(
            f'</div>\n<div class="mu-specials" {_mark(f"{key}-special-cards", f"{key}-special-cards" in changed)}'
            f' role="group" aria-label="{cards_words} {listed}">'
        )
        out.extend(
            f'<span class="card mu-card special" data-card="{escape(card)}">{SPECIAL_ICON}'
            f'<span class="mu-card-text">{escape(title)}</span></span>'
            for card, title in specials
        )
        out.append("</div>\n</section>")
    return Markup("".join(out))


RECRUIT_ICON = '<svg class="mu-card-ic" viewBox="0 0 40 40" aria-hidden="true"><use href="#mu-i-recruit"/></svg>'
SPECIAL_ICON = '<svg class="mu-card-ic" viewBox="0 0 40 40" aria-hidden="true"><use href="#mu-special"/></svg>'


@functools.lru_cache(maxsize=256)
def _seat_words(language: str, colour: str, start: bool, triggered: bool) -> tuple[str, str, str]:
    """A player's heading apart from the name, in `language`: the rest of its words, its disc, its
    badges."""
    tail = escape(colour_words(colour))
    badges = ""
    if start:
        start_words = _said(N_("start player"))
        tail += f", {start_words}"
        badges += f' <span class="mu-badge">{start_words}</span>'
    if triggered:
        end_words = _said(N_("triggered the end"))
        tail += f", {end_words}"
        badges += f' <span class="mu-badge end">{end_words}</span>'
    disc = (
        f'<svg class="mu-disc" viewBox="0 0 20 20" aria-hidden="true"><g class="mu-k-{escape(colour)}"><circle cx="10"'
        ' cy="10" r="9" fill="currentColor" stroke="#1d1d1d" stroke-width="1.2"/><text class="mu-ink" x="10"'
        f' y="13.78" font-size="10.35" text-anchor="middle">{escape(player_mark(colour))}</text></g></svg>'
    )
    return tail, disc, badges


@functools.lru_cache(maxsize=512)
def _hand_open(language: str, key: str, count: int, shown: bool, glow: bool) -> str:
    """The opening of a player's character cards, in `language`: how many, face up (`shown`) or not."""
    if shown:
        words = i18n.ngettext("%(num)s character card", "%(num)s character cards", count)
    else:
        words = i18n.ngettext("%(num)s secret character card", "%(num)s secret character cards", count)
    said = Markup(words) % {"num": count}
    return f'\n<div class="characters mu-hand" {_mark(f"{key}-characters", glow)} role="group" aria-label="{said}">'


@functools.lru_cache(maxsize=4096)
def _part(language: str, key: str, name: str, shown: Hashable, *, glow: bool, chosen: bool) -> str:
    """A part of a player's area (`name`, showing `shown`) in `language`: whole, or up to its
    decisions where it takes some (`chosen`)."""
    css, words, inner = _part_drawing(name, shown)
    head = (
        f'<span class="mu-part {css}" {_mark(key, glow)} role="{"group" if chosen else "img"}"'
        f' aria-label="{escape(words)}">{inner}'
    )
    return head if chosen else head + "</span>"


def _part_drawing(name: str, shown: Any) -> tuple[str, str, Markup]:
    """A part of a player's area as its style, its words and its drawing."""
    gettext, ngettext = i18n.gettext, i18n.ngettext
    if name == "gold":
        return "mu-big-num", ngettext("%(num)s gold", "%(num)s gold", shown) % {"num": shown}, _count(COIN, shown)
    if name == "vp":
        vp, by_source = shown
        sources = "".join(f", {i18n.view_text(source)} {points}" for source, points in by_source if points)
        return "mu-big-num", (ngettext("%(num)s VP", "%(num)s VP", vp) % {"num": vp}) + sources, _count(STAR, vp)
    if name == "markers":
        colour, markers = shown
        words = ngettext("%(num)s marker placed", "%(num)s markers placed", markers) % {"num": markers}
        return "mu-big-num", words, _count(_marker_svg(colour), markers)
    if name == "gondoliers":
        colour, hand = shown
        words = ngettext("%(num)s gondolier in hand", "%(num)s gondoliers in hand", hand) % {"num": hand}
        drawing = Markup(gondolier_svg(colour) * hand) if hand else _none(gettext("no gondolier in hand"))
        return "mu-wide", words, drawing
    if name == "factories":
        words = ngettext("%(num)s glass factory to build", "%(num)s glass factories to build", shown) % {"num": shown}
        return "mu-held", words, held_svg("factory", shown)
    if name == "specials":
        words = ngettext("%(num)s special building to build", "%(num)s special buildings to build", shown) % {
            "num": shown
        }
        return "mu-held", words, held_svg("special", shown)
    if name == "shops":
        if isinstance(shops := shown, tuple):
            listed = ", ".join(gettext(c) for c in shops) or gettext("none")
            drawing = Markup("").join(held_svg(f"shop-{c}") for c in shops)
            return "mu-held", gettext("shops to build: %(list)s") % {"list": listed}, drawing
        words = ngettext("%(num)s shop face down", "%(num)s shops face down", shops) % {"num": shops}
        return "mu-held", words, held_svg("back-shop", shops)
    if name == "palaces":
        if isinstance(palaces := shown, tuple):
            listed = ", ".join(ngettext("%(num)s crest", "%(num)s crests", c) % {"num": c} for c in palaces)
            drawing = Markup("").join(held_svg(f"palace-{c}") for c in palaces)
            return "mu-held", gettext("palaces to build: %(list)s") % {"list": listed or gettext("none")}, drawing
        words = ngettext("%(num)s palace face down", "%(num)s palaces face down", palaces) % {"num": palaces}
        return "mu-held", words, held_svg("back-palace", palaces)
    bead = name.removeprefix("bead-")
    words = ngettext("%(num)s %(colour)s glass bead", "%(num)s %(colour)s glass beads", shown) % {
        "num": shown,
        "colour": gettext(bead),
    }
    return "mu-bead-pile", words, _count(bead_svg(bead), shown)


ENVIRONMENT.globals |= {
    "murano_lagoon": draw_lagoon,
    "murano_stacks": draw_stacks,
    "murano_bag": draw_bag,
    "murano_islands": draw_islands,
    "murano_players": draw_players,
    "murano_act": draw_act,
    "murano_choices": draw_choices,
}
"""The template draws the layout and calls these for the pieces."""


def pieces(view: dict[str, Any]) -> dict[str, Hashable]:
    """Every piece the board draws for `view`, by the key it carries, with what it shows."""
    drawn: dict[str, Hashable] = {}
    for space in view.get("action_spaces", []):
        drawn[f"space-{space['number']}"] = (
            int(space["ships"]),
            bool(space["red"]),
            view.get("target") == space["number"],
        )
    for name, count in (view.get("stacks") or {}).items():
        drawn["stack-" + name.replace("_", "-")] = count
    for colour, count in (view.get("bag") or {}).items():
        drawn[f"bag-{colour}"] = count
    if view.get("seen") is not None:
        drawn["seen"] = tuple(view["seen"])
    if view.get("street") is not None:
        drawn["street-drawn"] = (view["street"], tuple(view.get("street_customers") or ()))
    if view.get("final_tile"):
        drawn["final-tile"] = view["final_tile"]
    hand = view.get("drawn")
    if hand:
        for index, card in enumerate(hand if isinstance(hand, list) else [None] * int(hand)):
            drawn[f"drawn-{index}"] = card
    for island in view.get("islands", []):
        for space in island["spaces"]:
            if space.get("tile") is not None:
                drawn[f"cell-{space['id']}"] = _tile_value(space["tile"])
        for gondola in island["gondolas"]:
            if gondola.get("seat") is not None:
                drawn[f"gondola-{island['id']}-{gondola['colour']}"] = (gondola["seat"], bool(gondola.get("scored")))
    for seat in view.get("seats", []):
        key = f"s{seat['seat']}"
        drawn[key] = (view.get("start_player") == seat["seat"], view.get("triggered_by") == seat["seat"])
        drawn[f"{key}-gold"] = seat["gold"]
        drawn[f"{key}-vp"] = (seat["vp"], tuple(sorted((seat.get("vp_by_source") or {}).items())))
        drawn[f"{key}-gondoliers"] = seat["gondoliers"]
        drawn[f"{key}-markers"] = seat.get("markers", 0)
        drawn[f"{key}-factories"] = seat["factories"]
        drawn[f"{key}-specials"] = seat["specials"]
        for name in ("shops", "palaces", "characters"):
            held = seat[name]
            drawn[f"{key}-{name}"] = tuple(held) if isinstance(held, list) else held
        drawn[f"{key}-special-cards"] = tuple(seat.get("special_cards", []))
        for bead, count in (seat.get("beads") or {}).items():
            drawn[f"{key}-bead-{bead}"] = count
    return drawn


def _tile_value(tile: dict[str, Any]) -> Hashable:
    """A built tile as what its drawing shows."""
    kind = tile.get("kind")
    if kind == "street":
        return ("street", *tile.get("customers", []))
    if kind == "palace":
        return ("palace", tile.get("crests"))
    return (kind, tile.get("owner"), tile.get("colour"))


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


# ---------------------------------------------------------------- the decisions in words


@functools.cache
def _names() -> tuple[dict[int, str], dict[str, str], dict[str, str]]:
    """The action of each space, the names of the islands and the titles of the special building
    cards, from the packaged components (a decision's notation names them by number or id)."""
    components = load_components()
    actions = {space.number: space.action.value for space in components.action_spaces}
    islands = {island.id: island.name for side in components.sides.values() for island in side.islands}
    titles = {card.id: card.title for card in components.special_cards}
    return actions, islands, titles


def tile_name(tile: str) -> str:
    """A building tile by its notation, in words."""
    kind, _, detail = tile.partition("-")
    if kind == "factory":
        return i18n.gettext("glass factory")
    if kind == "special":
        return i18n.gettext("special building")
    if kind == "shop":
        return i18n.gettext("%(colour)s shop") % {"colour": i18n.gettext(detail)}
    if kind == "palace" and detail.isdigit():
        return i18n.ngettext("palace with %(num)s crest", "palace with %(num)s crests", int(detail)) % {
            "num": int(detail)
        }
    return tile


def _space_words(space: str) -> str:
    """An island space (donato.4) in words: its island and number."""
    island, _, number = space.partition(".")
    return i18n.gettext("%(island)s, space %(number)s") % {"island": _names()[1].get(island, island), "number": number}


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


# ---------------------------------------------------------------- the drawings
# Drawn in Python and kept, since a board redraws the same few dozen tiles on every decision.


def _disc(colour: str, letters: str, x: float, y: float, r: float = 7) -> str:
    """A player's marker: a disc of the colour with its letters."""
    return (
        f'<g class="mu-k-{escape(colour)}"><circle cx="{x}" cy="{y}" r="{r}" fill="currentColor" stroke="#1d1d1d" '
        f'stroke-width="1.2"/><text class="mu-ink" x="{x}" y="{y + r * 0.42:.1f}" font-size="{r * 1.15:.1f}" '
        f'text-anchor="middle">{escape(letters)}</text></g>'
    )


def _svg(inner: str, css: str = "mu-tile", box: str = "0 0 40 40") -> Markup:
    return Markup(f'<svg class="{css}" viewBox="{box}" aria-hidden="true">{inner}</svg>')


@functools.lru_cache(maxsize=512)
def tile_svg(
    kind: str, colour: str | None = None, owner: str | None = None, crests: int = 0, customers: tuple[str, ...] = ()
) -> Markup:
    """A tile as drawn: a street with its customers (figures with their colour's capital), a shop in
    its colour with its capital, a palace with its crests, a glass factory with its chimney, a special
    building, or a tile face down; a shop or glass factory with its owner's marker."""
    if kind == "street":
        inner = '<use href="#mu-street"/>'
        for index, customer in enumerate(customers):
            x = 20 if len(customers) == 1 else 11 + index * 18
            inner += (
                f'<use href="#mu-customer" class="mu-k-{escape(customer)}" x="{x - 7}" y="8" width="14" height="21"/>'
                f'<text class="mu-letter" x="{x}" y="37" font-size="9" text-anchor="middle">{capital(customer)}</text>'
            )
    elif kind == "shop":
        inner = f'<use href="#mu-shop" class="mu-k-{escape(colour or "")}"/>'
        inner += (
            f'<text class="mu-letter" x="9" y="35" font-size="10" text-anchor="middle">{capital(colour or "")}</text>'
        )
    elif kind == "palace":
        inner = '<use href="#mu-palace"/>' + "".join(
            f'<use href="#mu-crest" x="{20 - crests * 5 + i * 10}" y="15" width="10" height="11"/>'
            for i in range(crests)
        )
    elif kind in ("factory", "special", "back-shop", "back-palace"):
        inner = f'<use href="#mu-{kind}"/>'
    else:
        inner = '<use href="#mu-tile-back"/>'
    if owner:
        inner += _disc(owner, player_mark(owner), 32, 31)
    return _svg(inner)


def _drawn_tile(value: Hashable, colours: dict[int, str]) -> tuple[str, str | None, str | None, int, tuple[str, ...]]:
    """A built tile's value (`_tile_value`) as the arguments of `tile_svg`, its owner by colour."""
    if not isinstance(value, tuple):
        return ("", None, None, 0, ())
    kind = str(value[0])
    if kind == "street":
        return (kind, None, None, 0, tuple(str(c) for c in value[1:]))
    if kind == "palace":
        return (kind, None, None, int(value[1] or 0), ())
    owner = colours.get(int(value[1]), "?") if kind in ("shop", "factory") and value[1] is not None else None
    return (kind, str(value[2]) if value[2] else None, owner, 0, ())


@functools.lru_cache(maxsize=512)
def _space_inner(language: str, number: int, action: str, *, black: int, red: bool, target: bool) -> Markup:
    """What an action space shows, in `language` (the one in force, a key of the cache): its number,
    its action drawn and named, its ships, the mark of an action under way and the arrow onwards."""
    inner = Markup('<span class="mu-num">%s</span>') % number + action_svg(ICONS.get(action, "mu-i-build"))
    inner += Markup('<span class="mu-name">%s</span>') % i18n.gettext(action)
    inner += Markup('<span class="mu-ships">') + ships_svg(black, red) + Markup("</span>")
    if target:
        inner += Markup('<span class="mu-underway">%s</span>') % i18n.gettext("under way")
    return inner + _svg('<use href="#mu-arrow"/>', "mu-arrow", "0 0 16 16")


@functools.lru_cache(maxsize=512)
def _space_words_of(language: str, number: int, action: str, *, black: int, red: bool, target: bool) -> str:
    """An action space in words, in `language` (the one in force, a key of the cache)."""
    words = i18n.gettext("action space %(number)s: %(action)s") % {"number": number, "action": i18n.gettext(action)}
    if black or red:
        ships = i18n.ngettext("%(num)s black ship", "%(num)s black ships", black) % {"num": black}
        words += "; " + ships + (", " + i18n.gettext("the red ship") if red else "")
    else:
        words += "; " + i18n.gettext("empty")
    return words + ("; " + i18n.gettext("action under way") if target else "")


@functools.lru_cache(maxsize=64)
def action_svg(icon: str) -> Markup:
    """The drawing of an action space's action."""
    return _svg(f'<use href="#{icon}"/>', "mu-act-ic")


@functools.lru_cache(maxsize=64)
def ships_svg(black: int, red: bool) -> Markup:
    """The ships on an action space: black ones, and the red one with its pennant."""
    ship = _svg('<use href="#mu-ship"/>', "mu-shipic mu-k-blackship", "0 0 40 34")
    return Markup(ship * black) + (
        _svg('<use href="#mu-ship-red"/>', "mu-shipic mu-k-redship", "0 0 40 34") if red else ""
    )


@functools.lru_cache(maxsize=8)
def gondolier_svg(colour: str) -> Markup:
    """A gondolier in a player's colour."""
    return _svg('<use href="#mu-gondolier"/>', f"mu-fig mu-k-{escape(colour)}", "0 0 24 40")


COIN_S = Markup('<svg class="mu-ic-s" viewBox="0 0 20 20" aria-hidden="true"><use href="#mu-coin"/></svg>')
COIN = Markup('<svg class="mu-ic-m" viewBox="0 0 20 20" aria-hidden="true"><use href="#mu-coin"/></svg>')
STAR = Markup('<svg class="mu-ic-m" viewBox="0 0 20 20" aria-hidden="true"><use href="#mu-vp"/></svg>')
CARD_BACK = Markup('<svg class="mu-back" viewBox="0 0 30 42" aria-hidden="true"><use href="#mu-card-back"/></svg>')


def _count(drawing: Markup, count: int) -> Markup:
    """A drawing with a number beside it."""
    return drawing + Markup("<b>%s</b>") % count


def _none(words: str) -> Markup:
    return Markup('<span class="mu-none">%s</span>') % words


@functools.lru_cache(maxsize=8)
def _marker_svg(colour: str) -> Markup:
    """A player's marker, for the count of markers placed."""
    return _svg(_disc(colour, "", 10, 10, 6), "mu-ic-m", "0 0 20 20")


@functools.lru_cache(maxsize=8)
def bead_svg(colour: str) -> Markup:
    """A glass bead of its colour with its capital."""
    return _svg(
        f'<use href="#mu-bead" class="mu-k-{escape(colour)}"/>'
        f'<text class="mu-ink" x="10" y="13.5" font-size="9" text-anchor="middle">{capital(colour)}</text>',
        "mu-beadic",
        "0 0 20 20",
    )


def held_svg(tile: str, count: int = 1) -> Markup:
    """A bought tile by its notation (factory, shop-red, palace-2, special, back), `count` times."""
    kind, _, detail = tile.partition("-")
    if kind == "shop":
        drawing = tile_svg(kind, colour=detail)
    elif kind == "palace":
        drawing = tile_svg(kind, crests=int(detail) if detail.isdigit() else 0)
    elif kind == "back":
        drawing = tile_svg(tile)
    else:
        drawing = tile_svg(kind)
    return Markup(drawing * count)


@functools.lru_cache(maxsize=256)
def gondola_svg(colour: str, seat: str | None, scored: bool) -> Markup:
    """A gondola in its player colour with its letters, and the gondolier on it in the colour of the
    player who placed it (faded, with a tick, once it has scored a card)."""
    inner = ""
    if seat is not None:
        faded = ' opacity=".35"' if scored else ""
        inner += f'<use href="#mu-gondolier" class="mu-k-{escape(seat)}" x="22" y="0" width="16" height="27"{faded}/>'
    inner += f'<use href="#mu-gondola" class="mu-k-{escape(colour)}" x="0" y="20" width="60" height="20"/>'
    inner += f'<text class="mu-letter" x="12" y="19" font-size="10" text-anchor="middle">{player_mark(colour)}</text>'
    if seat is not None:
        inner += f'<text class="mu-letter" x="48" y="14" font-size="10" text-anchor="middle">{player_mark(seat)}</text>'
    if scored:
        inner += '<path d="M40 8l4 5 8-10" stroke="#1b7a1b" stroke-width="3" fill="none"/>'
    return _svg(inner, "mu-gondic", "0 0 60 40")


def colour_words(colour: str) -> str:
    """A player colour with its letters, as the board writes it."""
    return f"{i18n.gettext(colour)} ({player_mark(colour)})"


@functools.lru_cache(maxsize=1024)
def _cell_words(
    language: str,
    island: str,
    number: str,
    street: bool,
    tile: tuple[str, str | None, str | None, int, tuple[str, ...]],
) -> str:
    """An island space in words, in `language` (the one in force, a key of the cache)."""
    if not tile[0]:
        shown = i18n.gettext("paved space") if street else i18n.gettext("building space")
    else:
        shown = tile_words(*tile)
    return f"{island} {number}: {shown}"


def tile_words(
    kind: str, colour: str | None = None, owner: str | None = None, crests: int = 0, customers: tuple[str, ...] = ()
) -> str:
    """A tile in words."""
    if kind == "street":
        people = ", ".join(i18n.gettext("%(colour)s customer") % {"colour": i18n.gettext(c)} for c in customers)
        return i18n.gettext("street tile: %(customers)s") % {"customers": people or i18n.gettext("no customer")}
    if kind == "palace":
        return i18n.ngettext("palace with %(num)s crest", "palace with %(num)s crests", crests) % {"num": crests}
    if kind == "shop":
        shown = i18n.gettext("%(colour)s shop") % {"colour": i18n.gettext(colour or "")}
    elif kind == "factory":
        shown = i18n.gettext("glass factory")
    elif kind == "special":
        shown = i18n.gettext("special building")
    else:
        shown = i18n.gettext("a tile face down")
    if owner:
        shown = i18n.gettext("%(tile)s of %(player)s") % {"tile": shown, "player": colour_words(owner)}
    return shown


@functools.lru_cache(maxsize=256)
def _gondola_words(language: str, colour: str, seat: str | None, scored: bool) -> str:
    """A gondola in words, in `language` (the one in force, a key of the cache)."""
    gondola = i18n.gettext("%(colour)s gondola") % {"colour": colour_words(colour)}
    if seat is None:
        return i18n.gettext("%(gondola)s: free") % {"gondola": gondola}
    if scored:
        return i18n.gettext("%(gondola)s: gondolier of %(player)s, scored") % {
            "gondola": gondola,
            "player": colour_words(seat),
        }
    return i18n.gettext("%(gondola)s: gondolier of %(player)s") % {"gondola": gondola, "player": colour_words(seat)}
