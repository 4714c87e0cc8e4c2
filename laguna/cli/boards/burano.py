"""The terminal board of Burano, drawn from a seat's view.

Every colour is shown twice: as a terminal colour and as the colour's glyph followed by its initial
(``♥P`` pink, ``●B`` blue, ``★Y`` yellow, ``♣G`` green, ``▲O`` orange, ``◇W`` white), so the board
reads the same without colour. Squares are named as the notation names them: a column letter and a
row number from 1 at the top, on the main island and in the workshop area alike.

The board draws what the view holds and nothing else. Ship demands and building card titles are not
in the view; they are looked up by name in the packaged component data, and a name that is not found
there (a game played with another component file) is shown as it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from laguna import i18n
from laguna.cli.boards.text import counted, joined, painted, seat_heading, seat_name, seat_short
from laguna.cli.boards.words import word
from laguna.games.burano.components import Colour
from laguna.games.burano.position import MAX_MOVES, MOVE_COSTS, PREPARATION_SPACES, SEASONS, TURNS
from laguna.games.burano.pyramid import ABOVE, SLOT_NAMES, SLOTS
from laguna.games.burano.ring import ARROWS, SECTORS
from laguna.i18n import N_, ngettext
from laguna.i18n import gettext as _

NOTATION_HELP = N_(
    """\
roofs islands workshops fountains  setup: three kinds of roof tiles
stack b1 pink                      pyramid: a pink cube into slot b1
stack m3 none                      pyramid: slot m3 stays empty (cubes short)
pick m2                            move: free cube m2 to the preparation area
build pink d2                      move: a pink cube onto main island square d2
roof islands pink-blue d2-e2       move: pink half over d2, blue half over e2
privilege coin                     a privilege point for 1 coin
privilege cube pink b4             a privilege point for a pink cube onto b4
end                                end the turn (no move made: take 1 coin)
swap A pink B blue                 fishing: swap dock houses of islands A and B
sail C                             fishing: to island C (a port: sail left)
forgo                              fishing: nowhere to sail, or no trade in the port
fish tuna                          a face-up tuna card (fish deck: deck top)
dispatch 2                         3 colours matched: 2 workers to the island
trade tuna-squid                   at a port: sell to the ship tuna-squid
lace c2                            lace making: a worker to workshop square c2
lace c2 privilege                  ... with a privilege point
withdraw island A                  earning: a worker back from island A
withdraw workshop c2               earning: a worker back from workshop c2
done                               stop a series (lace, withdraw, pay, discard)
bonus privilege                    roof bonus: 2 privilege points
bonus card roof-vp-a               roof bonus: a face-up card (bonus card deck)
pay c2                             lace scoring: a pyramid cube for c2
pay c2 privilege                   ... a privilege point instead (pay c2 card)
cube white                         cube refill: white for a colour run out
cube none                          cube refill: no cube for a colour run out
privilege cube white               clean-up: a privilege point for a white cube
discard 4vp:pink-green             roof refill: remove one of your roof tiles
refill fountains                   roof refill: the top tile of the fountains"""
)
"""Examples of the notation, explained (translated where it is shown, `laguna.cli.boards.notation_help`)."""


SYMBOL_MARKS: dict[str, str] = {"coin": "$", "fountain": "≈", "plain": " "}
"""What a schedule ring house shows besides its colour."""

ROOFED = "⌂"
WORKER = "w"
EMPTY = Text("·", style="dim")

# The words of the view, as the view writes them and as the catalogues find them.
PAYMENTS: dict[str, str] = {"cube": N_("cube"), "privilege": N_("privilege"), "card": N_("card")}
"""How a lace maker was paid for in the clean-up."""


# ------------------------------------------------------------------ colours and small pieces


def glyph(colour: str) -> str:
    """The printable mark of a colour (``?`` for a colour this board does not know)."""
    try:
        return Colour(colour).glyph
    except ValueError:
        return "?"


def cube(colour: str | None) -> Text:
    """``♥P`` in pink: a colour's glyph and initial, in its terminal colour."""
    if colour is None:
        return Text("··", style="dim")
    if colour == "hidden":
        return Text("▩▩", style="dim")
    return Text(f"{glyph(colour)}{colour[:1].upper()}", style=painted(colour))


def tile_text(tile: str) -> Text:
    """A roof tile ``islands:pink-blue`` as ``islands ♥P-●B``."""
    kind, colours = tile.partition(":")[::2]
    text = Text(f"{i18n.view_text(kind)} ")
    first, second = colours.partition("-")[::2]
    text.append_text(cube(first))
    text.append("-")
    text.append_text(cube(second))
    return text


def square_name(row: int, column: int) -> str:
    return f"{chr(ord('a') + column)}{row + 1}"


def counts_text(counts: Mapping[str, int]) -> str:
    """``tuna ×2, squid ×1`` for the non-zero counts of fish kinds."""
    return ", ".join(f"{i18n.view_text(name)} ×{count}" for name, count in counts.items() if count)


def ship_text(name: str, view: dict[str, Any]) -> str:
    """``tuna-squid: tuna ×3 + squid ×3, 24 VP`` from the view's ship list, or the bare name."""
    ship = (view.get("ships") or {}).get(name)
    if not ship:
        return name
    demand = " + ".join(f"{i18n.view_text(kind)} ×{count}" for kind, count in ship["demand"].items())
    return f"{name}: {demand}, " + _("%(vp)s VP") % {"vp": ship["vp"]}


def card_text(card_id: str, view: dict[str, Any]) -> str:
    """``flat-vp (9 VP)``: a building card's id and, when the view names it, its title."""
    title = (view.get("building_cards") or {}).get(card_id)
    return f"{card_id} ({i18n.view_text(title)})" if title else card_id


# ------------------------------------------------------------------ the status


def status_text(view: dict[str, Any]) -> Text:
    """Season, round, phase, who decides now and the details of the decision under way."""
    viewer = view.get("viewer")
    season = str(view.get("season", "?"))
    text = Text(_("Burano") + " · ", style="bold")
    if season in SEASONS:
        numbers = {"season": i18n.view_text(season), "number": SEASONS.index(season) + 1, "total": len(SEASONS)}
        text.append(_("%(season)s, season %(number)s of %(total)s") % numbers, style="bold")
    else:
        text.append(season, style="bold")
    rounds = {"round": view.get("round", "?"), "total": sum(TURNS)}
    text.append(" · " + _("round %(round)s of %(total)s") % rounds, style="bold")
    if view.get("season_turn") is not None:
        turns = {"turn": view["season_turn"], "turns": view.get("turns", "?")}
        text.append(" · " + _("turn %(turn)s of %(turns)s this season") % turns)
    phase = str(view.get("phase", "?"))
    if phase == "game over":
        ended = view.get("ended_by")
        text.append("\n" + _("Game over") + (f" ({i18n.view_text(ended)})" if ended else ""), style="bold")
        return text
    text.append("\n" + _("Phase: %(phase)s") % {"phase": i18n.view_text(phase)})
    actor = view.get("actor")
    seats = {int(s["seat"]): s for s in view.get("seats", [])}
    if actor is not None:
        text.append(" · ▶ ", style="bold")
        text.append(_("%(who)s to decide") % {"who": seat_name(int(actor), viewer)}, style="bold")
    elif phase == "cube pyramid construction":
        building = [seat_name(n, viewer) for n, s in seats.items() if not s.get("pyramid_ready")]
        ready = [seat_name(n, viewer) for n, s in seats.items() if s.get("pyramid_ready")]
        text.append(" " + _("(in secret, all at once)"))
        still = ", ".join(building) or _("nobody")
        text.append(" · ▶ " + _("still building: %(players)s") % {"players": still}, style="bold")
        if ready:
            text.append(" · " + _("done: %(players)s") % {"players": ", ".join(ready)})
    detail = pending_text(view, seats.get(int(actor)) if actor is not None else None)
    if detail.plain:
        text.append("\n")
        text.append_text(detail)
    return text


def pending_text(view: dict[str, Any], actor: dict[str, Any] | None) -> Text:
    """What the decision under way is about: move costs, fishing matches, lace colours left, …"""
    phase = str(view.get("phase", ""))
    pending = view.get("pending") or {}
    text = Text()
    if phase == "player turn" and actor is not None:
        moves = int(actor.get("moves", 0))
        text.append(_("Moves made %(made)s of %(total)s") % {"made": moves, "total": MAX_MOVES})
        if moves < MAX_MOVES:
            cost = MOVE_COSTS[moves]
            if cost < 0:
                text.append(" · " + _("the next move gains 1 coin"))
            else:
                next_move = ngettext("the next move costs %(num)s coin", "the next move costs %(num)s coins", cost)
                text.append(" · " + next_move % {"num": cost})
    elif phase.startswith("fishing") and actor is not None:
        text.append(_("Arrow houses:") + " ")
        text.append_text(joined([cube(c) for c in arrow_colours(actor)]))
        if phase == "fishing: sail" and pending.get("swapped"):
            text.append(" · " + _("dock houses swapped: the boat must sail to an island"))
        if phase != "fishing: sail":
            text.append(" · " + _("boat at %(place)s") % {"place": actor.get("boat", "?")})
            text.append(" · " + _("matched %(count)s") % {"count": pending.get("matched", 0)})
        if phase == "fishing: fish cards":
            text.append(" · " + _("fish cards still to take: %(count)s") % {"count": pending.get("fish_left", 0)})
        if phase == "fishing: dispatch workers":
            text.append(" · " + _("send 1 or 2 workers to the island"))
    elif phase == "lace making":
        text.append(_("Lace colours left:") + " ")
        left = [cube(c) for c in pending.get("arrows", [])]
        text.append_text(joined(left) if left else Text(_("none"), style="dim"))
        text.append(" · " + _("lace makers sent: %(sent)s of 3") % {"sent": pending.get("sent", 0)})
    elif phase == "earning: withdraw workers" and actor is not None:
        workers = int((actor.get("ring") or {}).get("workers", 0))
        empty = {"count": SECTORS - workers}
        text.append(_("Empty sectors to withdraw workers into: %(count)s (1 coin each)") % empty)
    elif phase == "roof bonus" and pending.get("roof"):
        text.append(_("Roof just laid:") + " ")
        text.append_text(tile_text(str(pending["roof"])))
        text.append(" · " + _("choose 2 privilege points or a building card"))
    elif phase == "clean-up: score for lace making":
        paid = ", ".join(f"{square} ({word(PAYMENTS, means)})" for square, means in pending.get("paid") or [])
        text.append(_("Paid for:") + " " + (paid or _("nothing yet")))
    elif phase == "clean-up: refill house cubes" and pending.get("owed"):
        text.append(_("Cubes still owed in a colour of choice: %(count)s") % {"count": pending["owed"]})
    elif phase == "clean-up: refill roof tiles":
        refilled = ", ".join(i18n.view_text(kind) for kind in pending.get("refilled") or [])
        text.append(_("Refilled this time:") + " " + (refilled or _("nothing yet")) + " " + _("(kinds must differ)"))
    return text


# ------------------------------------------------------------------ the main island


def island_table(view: dict[str, Any]) -> Table:
    """The main island, row 1 on top: each stack's floors and top cube, and its roof or rooftop block."""
    island = view["main_island"]
    rows, columns = int(island["rows"]), int(island["columns"])
    pits = set(island.get("pits", []))
    houses: dict[str, Any] = island.get("houses", {})
    fountain = island.get("fountain")
    return square_grid(
        _("Main island"), rows, columns, lambda name: island_cell(houses.get(name), name in pits, name == fountain)
    )


def square_grid(title: str, rows: int, columns: int, cell: Callable[[str], Text]) -> Table:
    """A grid of squares as the notation names them, row 1 on top, each drawn by `cell` from its name."""
    table = Table(title=title, title_justify="left", show_lines=True, pad_edge=False)
    table.add_column("", style="bold", no_wrap=True)
    for column in range(columns):
        table.add_column(chr(ord("a") + column), justify="center", no_wrap=True, min_width=4)
    for row in range(rows):
        table.add_row(str(row + 1), *(cell(square_name(row, column)) for column in range(columns)))
    return table


def island_cell(stack: dict[str, Any] | None, pit: bool, fountain: bool) -> Text:
    """``2●B`` (floors, top cube) over ``⌂★Y`` (roofed, the rooftop block's colour)."""
    if stack is None or not stack.get("cubes"):
        text = EMPTY.copy() if pit else Text("  ")
    else:
        cubes: list[str] = list(stack["cubes"])
        roofs: list[str] = list(stack.get("roofs", []))
        text = Text(str(len(cubes)))
        text.append_text(cube(cubes[-1]))
        if roofs and len(roofs) == len(cubes):
            text.append("\n" + ROOFED)
            text.append_text(cube(roofs[-1]))
    if fountain:
        text.append("\n" + _("fount."), style="italic")
    return text


def roofs_block(view: dict[str, Any]) -> RenderableType | None:
    """The roof tiles laid on the main island (tile, squares under its halves, floor), and those
    removed from the game."""
    tiles = view["main_island"].get("roof_tiles") or []
    parts: list[RenderableType] = []
    if tiles:
        laid = []
        for tile in tiles:
            part = tile_text(str(tile["tile"]))
            part.append(f" {tile['first']}-{tile['second']} " + _("f%(floor)s") % {"floor": tile["floor"]})
            laid.append(part)
        parts += [Text(_("Roofs laid (%(count)s):") % {"count": len(tiles)}), Columns(laid, padding=(0, 3))]
    removed = view.get("removed_roofs") or []
    if removed:
        parts.append(Text(_("Roof tiles out of the game (%(count)s):") % {"count": len(removed)}, style="dim"))
        parts.append(Columns([tile_text(str(t)) for t in removed], padding=(0, 3)))
    return Group(*parts) if parts else None


# ------------------------------------------------------------------ the waters


def arrow_colours(seat: dict[str, Any]) -> list[str]:
    """The colours of the seat's three arrow-pointed houses."""
    return [str(c) for c in seat.get("arrow_colours") or []]


def waters_table(view: dict[str, Any]) -> Table:
    """The neighbouring islands (dock houses, workers of each seat) and the ports (ships), with the
    boats moored at each and the routes from it."""
    seats = view.get("seats", [])
    actor = view.get("actor")
    actor_seat = next((s for s in seats if s["seat"] == actor), None)
    phase = str(view.get("phase", ""))
    fishing = phase == "player turn" or phase.startswith("fishing")
    arrows = Counter(arrow_colours(actor_seat)) if actor_seat is not None and fishing else Counter()
    routes: dict[str, list[str]] = {}
    for a, b in view.get("routes", []):
        routes.setdefault(a, []).append(b)
        routes.setdefault(b, []).append(a)
    boats: dict[str, list[str]] = {}
    for seat in seats:
        boats.setdefault(str(seat.get("boat")), []).append(seat_short(seat["seat"]))
    table = Table(title=_("Neighbouring islands and ports"), title_justify="left", pad_edge=False)
    table.add_column("", style="bold", no_wrap=True)
    table.add_column(_("dock houses / ships"))
    table.add_column(_("workers"), no_wrap=True)
    if arrows:
        table.add_column(_("match %(seat)s") % {"seat": seat_short(actor)}, justify="center")
    table.add_column(_("boats"), no_wrap=True)
    table.add_column(_("routes to"))
    islands: dict[str, Any] = view.get("islands", {})
    for name, island in islands.items():
        docks = [str(c) for c in island.get("docks", [])]
        workers = island.get("workers", [])
        worker_text = Text(" ".join(f"{seat_short(k)}×{n}" for k, n in enumerate(workers) if n)) or EMPTY.copy()
        row: list[Text | str] = [name, joined([cube(c) for c in docks]), worker_text]
        if arrows:
            row.append(str((arrows & Counter(docks)).total()))
        row += [" ".join(boats.get(name, [])), " ".join(routes.get(name, []))]
        table.add_row(*row)
    ports: dict[str, Any] = view.get("ports", {})
    if ports:
        table.add_section()
    for name, ships in ports.items():
        ship_lines = "\n".join(ship_text(str(s), view) for s in ships) or _("no ship")
        row = [_("%(name)s port") % {"name": name}, ship_lines, ""]
        if arrows:
            row.append("")
        row += [" ".join(boats.get(name, [])), " ".join(routes.get(name, []))]
        table.add_row(*row)
    return table


def action_board_text(view: dict[str, Any]) -> Text:
    """Which two colours trigger each action this season."""
    text = Text(_("Action board:") + " ", style="bold")
    parts = []
    for space, colours in (view.get("action_board") or {}).items():
        part = Text(f"{i18n.view_text(space)} ")
        part.append_text(joined([cube(str(c)) for c in colours]))
        parts.append(part)
    text.append_text(joined(parts, "   "))
    return text


# ------------------------------------------------------------------ the workshops


def workshop_table(view: dict[str, Any]) -> Table:
    """The workshop area, row 1 on top: each square's colour, coin and the worker on it."""
    area = view["workshops"]
    rows, columns = int(area["rows"]), int(area["columns"])
    squares: dict[str, Any] = area.get("squares", {})
    return square_grid(_("Lace workshops"), rows, columns, lambda name: workshop_cell(squares.get(name)))


def workshop_cell(square: dict[str, Any] | None) -> Text:
    """``♥P$`` (colour, coin) over the worker on it; ``-`` where the area has no square."""
    if square is None:
        return Text("-", style="dim")
    cell = cube(str(square["colour"]))
    cell.append("$" if square.get("coin") else " ")
    worker = square.get("worker")
    cell.append("\n" + (seat_short(worker) if worker is not None else ""), style="bold")
    return cell


def workshop_majorities(view: dict[str, Any]) -> Text | None:
    """Workers per workshop, for the majorities: ``♥P P1×2 P2×1``."""
    squares: dict[str, Any] = view["workshops"].get("squares", {})
    colours: dict[int, str] = {}
    counts: dict[int, Counter[int]] = {}
    for square in squares.values():
        index = int(square.get("workshop", -1))
        colours.setdefault(index, str(square["colour"]))
        if square.get("worker") is not None:
            counts.setdefault(index, Counter())[int(square["worker"])] += 1
    if not counts:
        return None
    parts = []
    for index in sorted(counts):
        part = cube(colours[index])
        part.append(" " + " ".join(f"{seat_short(seat)}×{n}" for seat, n in sorted(counts[index].items())))
        parts.append(part)
    text = Text(_("Workers per workshop:") + " ")
    text.append_text(joined(parts, " · "))
    return text


# ------------------------------------------------------------------ the supplies


def supplies_text(view: dict[str, Any]) -> Text:
    """Cube supply, roof stacks, fish supply and deck, building supply and deck."""
    text = Text(_("Cube supply") + ": ", style="bold")
    supply: dict[str, int] = view.get("cube_supply") or {}
    text.append_text(counted(supply, cube))
    stacks: dict[str, int] = view.get("roof_stacks") or {}
    text.append("\n" + _("Roof tile stacks") + ": ", style="bold")
    text.append(" · ".join(f"{i18n.view_text(kind)} {count}" for kind, count in stacks.items()))
    text.append("\n" + _("Fish supply") + ": ", style="bold")
    text.append(", ".join(i18n.view_text(kind) for kind in view.get("fish_supply", [])) or _("empty"))
    fish_deck = int(view.get("fish_deck", 0))
    text.append(" · " + ngettext("fish deck %(num)s card", "fish deck %(num)s cards", fish_deck) % {"num": fish_deck})
    text.append("\n" + _("Building supply") + ": ", style="bold")
    building_deck = int(view.get("building_deck", 0))
    deck = ngettext("deck: %(num)s card", "deck: %(num)s cards", building_deck) % {"num": building_deck}
    text.append(f"({deck})")
    for card in view.get("building_supply", []):
        text.append(f"\n  {card_text(str(card), view)}")
    return text


# ------------------------------------------------------------------ the seats


def seat_header(seat: dict[str, Any], view: dict[str, Any]) -> Text:
    """Who, coins, privilege, VP, moves and the boat."""
    number = int(seat["seat"])
    viewer = view.get("viewer")
    phase = view.get("phase")
    acting = view.get("actor") == number or (phase == "cube pyramid construction" and not seat.get("pyramid_ready"))
    text = seat_heading(number, viewer, acting)
    if seat.get("letter"):
        text.append(" · " + _("letter %(letter)s") % {"letter": seat["letter"]})
    if view.get("start_player") == number:
        text.append(" · " + _("start player"))
    numbers = {
        "coins": seat.get("coins", 0),
        "privilege": seat.get("privilege", 0),
        "vp": seat.get("vp", 0),
        "moves": seat.get("moves", 0),
        "max": MAX_MOVES,
        "boat": seat.get("boat", "?"),
    }
    text.append(
        "\n  "
        + _("coins %(coins)s · privilege %(privilege)s · VP %(vp)s · moves %(moves)s/%(max)s · boat at %(boat)s")
        % numbers
    )
    sources = {name: points for name, points in (seat.get("vp_by_source") or {}).items() if points}
    if sources:
        listed = ", ".join(f"{i18n.view_text(name)} {points}" for name, points in sources.items())
        text.append("\n  " + _("VP from %(sources)s") % {"sources": listed})
    return text


def ring_table(seat: dict[str, Any]) -> Table:
    """The schedule ring from the first arrow clockwise: the three arrow houses, then sectors 1-9 with
    the workers on sectors 1..n. Each house: its colour and its symbol ($ coin, ≈ fountain)."""
    ring = seat.get("ring") or {}
    houses = ring.get("houses") or []
    arrows = int(ring.get("arrows", 0))
    workers = int(ring.get("workers", 0))
    table = Table(title=_("Schedule ring (clockwise)"), title_justify="left", pad_edge=False, padding=(0, 0))
    table.add_column("", style="bold", no_wrap=True)
    labels = [f"→{k + 1}" for k in range(ARROWS)] + [str(k + 1) for k in range(len(houses) - ARROWS)]
    for label in labels:
        table.add_column(label, justify="center", no_wrap=True, min_width=3)
    house_cells: list[Text] = []
    worker_cells: list[Text] = []
    for offset in range(len(houses)):
        house = houses[(arrows + offset) % len(houses)]
        cell = cube(str(house["colour"]))
        cell.append(SYMBOL_MARKS.get(str(house.get("symbol")), "?"))
        house_cells.append(cell)
        sector = offset - ARROWS + 1
        if sector < 1:
            worker_cells.append(Text("↑", style="dim"))
        elif sector <= workers:
            worker_cells.append(Text(WORKER, style="bold"))
        else:
            worker_cells.append(EMPTY.copy())
    table.add_row(_("house") + " ", *house_cells)
    table.add_row(_("worker") + " ", *worker_cells)
    return table


def ring_summary(seat: dict[str, Any]) -> Text:
    """Workers on the ring, empty sectors, and the coins and fountains no worker covers."""
    workers = int((seat.get("ring") or {}).get("workers", 0))
    numbers = {
        "workers": workers,
        "empty": SECTORS - workers,
        "coins": seat.get("visible_coins", 0),
        "fountains": seat.get("visible_fountains", 0),
    }
    summary = _("workers on the ring: %(workers)s · empty sectors: %(empty)s · visible: %(coins)s $, %(fountains)s ≈")
    return Text(summary % numbers, style="dim")


def free_slots(pyramid: Sequence[str | None]) -> list[int]:
    """The slots holding a cube that no other cube rests on: those a move may pick up."""
    return [s for s in range(SLOTS) if pyramid[s] is not None and all(pyramid[u] is None for u in ABOVE[s])]


def pyramid_block(seat: dict[str, Any]) -> RenderableType:
    """The cube pyramid: the 3×3 base, the 2×2 second level and the top, each slot by name."""
    pyramid = seat.get("pyramid")
    if pyramid is None:
        if seat.get("pyramid_ready"):
            return Text(_("Cube pyramid: being built in secret (finished)"), style="italic")
        return Text(_("Cube pyramid: being built in secret (under way)"), style="italic")
    if len(pyramid) != SLOTS:
        raise ValueError(f"a pyramid has {SLOTS} slots, not {len(pyramid)}")

    def layer(slots: range, width: int) -> Text:
        lines = []
        for start in range(slots.start, slots.stop, width):
            line = Text()
            for slot in range(start, start + width):
                if slot > start:
                    line.append(" ")
                line.append(f"{SLOT_NAMES[slot]}:", style="dim")
                line.append_text(cube(pyramid[slot]))
            lines.append(line)
        return Text("\n").join(lines)

    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column()
    grid.add_column()
    grid.add_row(Text(_("base"), style="bold"), Text(_("middle"), style="bold"), Text(_("top"), style="bold"))
    grid.add_row(layer(range(0, 9), 3), layer(range(9, 13), 2), layer(range(13, 14), 1))
    free = " ".join(SLOT_NAMES[s] for s in free_slots(pyramid)) or _("none")
    note = Text(_("free to pick: %(slots)s") % {"slots": free}, style="dim")
    if not seat.get("pyramid_ready"):
        note = Text(_("being built"), style="italic")
    return Group(Text(_("Cube pyramid"), style="bold"), grid, note)


def possessions_text(seat: dict[str, Any], view: dict[str, Any]) -> Text:
    """Reserve, preparation, roof tiles, fish, sold fish and building cards."""
    text = Text("  " + _("reserve") + ": ")
    reserve: dict[str, int] = seat.get("reserve") or {}
    if any(reserve.values()):
        text.append_text(counted(reserve, cube))
    else:
        text.append(_("empty"), style="dim")
    preparation = [str(c) for c in seat.get("preparation", [])]
    spaces = {"count": len(preparation), "spaces": PREPARATION_SPACES}
    text.append("\n  " + _("preparation (%(count)s of %(spaces)s)") % spaces + ": ")
    text.append_text(joined([cube(c) for c in preparation]) if preparation else Text(_("empty"), style="dim"))
    roofs = [str(t) for t in seat.get("roofs", [])]
    text.append("\n  " + _("roof tiles") + ": ")
    text.append_text(joined([tile_text(t) for t in roofs], ", ") if roofs else Text(_("none"), style="dim"))
    hand: dict[str, int] = seat.get("hand") or {}
    hidden = int(seat.get("hidden_fish", 0))
    own = seat.get("seat") == view.get("viewer")
    text.append("\n  " + _("fish in hand") + ": ")
    shown = counts_text(hand)
    if own:
        text.append(shown or _("none"))
        secret = counts_text(seat.get("from_deck") or {})
        if secret:
            text.append(" " + _("(drawn from the deck, unseen by the others: %(fish)s)") % {"fish": secret})
    else:
        text.append(shown or (_("none seen") if hidden else _("none")))
        if hidden:
            more = ngettext("+ %(num)s hidden (drawn from the deck)", "+ %(num)s hidden (drawn from the deck)", hidden)
            text.append(" " + more % {"num": hidden})
    sold: dict[str, int] = seat.get("sold") or {}
    text.append(" · " + _("sold") + ": " + (counts_text(sold) or _("none")))
    cards = [str(c) for c in seat.get("cards", [])]
    text.append("\n  " + _("building cards") + ": ")
    if len(cards) <= 1:
        text.append(card_text(cards[0], view) if cards else _("none"))
    else:
        text.append(f"{len(cards)}")
        for card in cards:
            text.append(f"\n    {card_text(card, view)}")
    return text


def seat_block(seat: dict[str, Any], view: dict[str, Any]) -> Group:
    parts: list[RenderableType] = [
        seat_header(seat, view),
        Columns([ring_table(seat), pyramid_block(seat)], padding=(0, 4)),
        ring_summary(seat),
        possessions_text(seat, view),
    ]
    return Group(*parts)


# ------------------------------------------------------------------ the whole table


def legend() -> Text:
    """What the marks of the board stand for."""
    colours = "  ".join(f"{cube(c.value).plain} {i18n.view_text(c.value)}" for c in Colour)
    lines = [
        _("Colours: %(colours)s") % {"colours": colours},
        _("Main island: %(stack)s two floors, blue on top; %(roofed)s roofed, the rooftop block yellow;")
        % {"stack": f"2{cube('blue').plain}", "roofed": f"{ROOFED}{cube('yellow').plain}"},
        "  " + _("%(fountain)s the pit under the fountain; · an empty pit") % {"fountain": _("fount.")},
        _("Ring: →1-→3 the arrow houses, 1-9 the sectors; $ coin, ≈ fountain; %(worker)s a worker, · an empty sector")
        % {"worker": WORKER},
        _("Workshops: $ a coin square; %(mark)s a worker of %(player)s; - no workshop")
        % {"mark": seat_short(1), "player": seat_name(1, None)},
    ]
    return Text("\n".join(lines), style="dim")


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as one seat (or a spectator) sees it: the viewer's own seat first."""
    parts: list[RenderableType] = [status_text(view), action_board_text(view)]
    parts.append(Columns([island_table(view), workshop_table(view)], padding=(0, 4)))
    roofs = roofs_block(view)
    if roofs is not None:
        parts.append(roofs)
    majorities = workshop_majorities(view)
    if majorities is not None:
        parts.append(majorities)
    parts += [waters_table(view), supplies_text(view)]
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    for seat in seats:
        parts += [Text(""), seat_block(seat, view)]
    parts.append(legend())
    return Group(*parts)
