"""The terminal board of Murano, drawn from a seat's view.

No colour is shown by its terminal colour alone: player colours are written as two letters (``Or``
orange, ``Gy`` grey, ``Br`` brown, ``Wh`` white), customer and shop colours as a capital (``R`` red,
``B`` blue, ``G`` grey) and glass beads as a dot and a capital (``●R`` red, ``●G`` green, ``●B`` blue).
The black ships are ``◆``, the red ship ``◆R``.

Island spaces are named as the notation names them: the island's id and the space's number
(``donato.7``); each cell of an island's grid shows that number and what lies on the space.

The board draws what the view holds and nothing else: no component data is looked up, so character
cards and special building cards are shown by their ids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from laguna import i18n
from laguna.cli.boards.text import counted, joined, painted, seat_heading, seat_name, seat_short
from laguna.games.murano import marks
from laguna.games.murano.marks import DECK_NAMES, PLAYER_MARKS, TILE_STACK_NAMES
from laguna.i18n import N_, ngettext
from laguna.i18n import gettext as _

NOTATION_HELP = N_(
    """\
act 7                    use action space 7 (ships in the way: 0, 1, 2, … gold)
pass 7                   the ship behind sails onto empty space 7; take 1 gold
lighthouse               Lighthouse: the red ship onto the next occupied space
sail 7 9                 sail a blocking ship on from space 7 to space 9
sail 7 9 red             ... the red one, when space 7 holds two ships
sail 7 9 black           ... the black one, when space 7 holds two ships
shop top                 buy the top shop tile (2 gold)
shop look                pay 4 gold to look through the shop tiles ...
shop red                 ... and take a red shop
palace top               buy the top palace tile (2 gold)
palace look              pay 4 gold to look through the palace tiles ...
palace 2                 ... and take a palace with 2 crests
recruit C07              buy character card C07 of those drawn
decline                  buy none of the character cards drawn
gondola donato orange    a gondolier onto the orange gondola at San Donato
street                   build: draw a street tile ...
place donato.6           ... and lay it on paved space donato.6 (or a building
                         bought in a final turn on a brown space)
build factory donato.4   build a glass factory on brown space donato.4
build shop-red donato.4  build a red shop
build palace-2 donato.4  build a palace with 2 crests
build special donato.4   build a special building
card X05                 keep special building card X05 of those drawn
done                     end a Build action early (or keep a final-turn buy)
income donato            Income at San Donato (when not automatic)
produce 2                Production in 2 glass factories (0: only sell)
sell green 3             sell 3 green beads (1/2/3 beads: 5/12/20 gold)
keep                     sell no beads
dismiss                  Gondolier: dismiss one for gold
hire                     Gondolier: hire one
return green             Trading Station: a green bead back into the bag
score C07 donato         final scoring: C07 with a gondolier at San Donato
score C07 donato 4       ... paying 4 gold or returning 4 beads, if it asks
skip C09                 final scoring: leave a card that scores nothing"""
)
"""Examples of the notation, explained (translated where it is shown, `laguna.cli.boards.notation_help`)."""

CUSTOMERS = ("red", "blue", "grey")
BEADS = ("red", "green", "blue")

SHIP = "◆"
RED_SHIP = "◆R"
BEAD = "●"
CREST = "✠"
PAVED = "░░░"
BROWN = "···"
TOO_DEAR = "✗"
SCORED = "✓"
FREE = "·"

TILE_KINDS: dict[str, str] = {
    "street": "st",
    "factory": "fac",
    "shop": "shop",
    "palace": "pal",
    "special": "spec",
}
"""How a tile's kind is written after the space number in an island's grid."""

TURN_PHASE = "choose an action or pass"
SCORING_PHASE = "final scoring"
OVER_PHASE = "game over"


# ------------------------------------------------------------------ colours and small pieces


def player_mark(colour: str) -> Text:
    """``Or`` in orange: a player colour's two letters, in its terminal colour."""
    return Text(marks.player_mark(colour), style=painted(colour))


def customer_mark(colour: str) -> Text:
    """``R`` in red: a customer's (or a shop's) colour as its capital."""
    return Text(colour[:1].upper() or "?", style=painted(colour))


def bead_mark(colour: str) -> Text:
    """``●G`` in green: a glass bead colour."""
    return Text(f"{BEAD}{colour[:1].upper() or '?'}", style=painted(colour))


def seat_colours(view: dict[str, Any]) -> dict[int, str]:
    return {int(seat["seat"]): str(seat.get("colour", "?")) for seat in view.get("seats", [])}


def seat_tag(seat: int, colours: Mapping[int, str]) -> Text:
    """``P2`` in the seat's colour."""
    return Text(seat_short(seat), style=painted(colours.get(seat, "")))


def crests(count: int) -> str:
    """A palace's crests: ``✠✠`` (as a number beyond four)."""
    return CREST * count if 0 < count <= 4 else f"{count}{CREST}"


# ------------------------------------------------------------------ the ships


def ships_moved(occupied: Sequence[int], index: int) -> int:
    """The ships that sail when space `index` is chosen: each ship in the run of occupied spaces from
    it (until the ships in the way find enough empty spaces ahead), and the ship coming onto it."""
    spaces = len(occupied)
    pending = moving = int(occupied[index])
    position = index
    for _step in range(2 * spaces):
        if not pending:
            return moving + 1
        position = (position + 1) % spaces
        if occupied[position]:
            moving += int(occupied[position])
            pending += int(occupied[position]) - 1
        else:
            pending -= 1
    raise ValueError("the ships in the way have no empty action space to sail to")


def ship_cost(occupied: Sequence[int], index: int) -> int:
    """Gold for using space `index`: the ships moved pay 0, 1, 2, … in order."""
    moved = ships_moved(occupied, index)
    return moved * (moved - 1) // 2


def ships_text(space: dict[str, Any]) -> Text:
    """``◆``, ``◆R`` (the red ship), ``◆ ◆R`` (two ships on one space), or nothing."""
    count = int(space.get("ships", 0))
    red = bool(space.get("red"))
    parts = [Text(SHIP, style="bold") for _black in range(count - (1 if red else 0))]
    if red:
        parts.append(Text(RED_SHIP, style="bold red"))
    text = joined(parts)
    if count > 1:
        text.append(" " + ngettext("(%(num)s ship)", "(%(num)s ships)", count) % {"num": count}, style="italic")
    return text


def ring_table(view: dict[str, Any]) -> Table:
    """The 18 action spaces in the order the ships sail, their actions and ships; in a turn's choice the
    gold the acting player would pay to use each (✗: more than it has); later the space under way."""
    spaces: list[dict[str, Any]] = list(view.get("action_spaces", []))
    occupied = [int(space.get("ships", 0)) for space in spaces]
    phase = view.get("phase")
    actor = view.get("actor")
    choosing = phase == TURN_PHASE and actor is not None
    gold = 0
    if actor is not None and choosing:
        gold = int(next((s.get("gold", 0) for s in view.get("seats", []) if s.get("seat") == actor), 0))
    target = view.get("target")
    table = Table(title=_("Action spaces (the ships sail 1 → 18 → 1)"), title_justify="left", min_width=44)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(_("action"), no_wrap=True)
    table.add_column(_("ships"), no_wrap=True)
    if actor is not None and choosing:
        table.add_column(_("cost %(seat)s") % {"seat": seat_short(int(actor))}, no_wrap=True)
    elif target is not None:
        table.add_column(_("now"), no_wrap=True)
    for index, space in enumerate(spaces):
        number = int(space.get("number", index + 1))
        row: list[Text | str] = [str(number), i18n.view_text(space.get("action", "?")), ships_text(space)]
        if choosing:
            if occupied[index]:
                cost = ship_cost(occupied, index)
                cell = Text(str(cost))
                if cost > gold:
                    cell.append(f" {TOO_DEAR}", style="bold")
            else:
                cell = Text("0 · " + _("pass"), style="dim")
            row.append(cell)
        elif target is not None:
            row.append(Text("◀ " + _("under way"), style="bold") if number == target else "")
        table.add_row(*row)
    return table


# ------------------------------------------------------------------ the islands


def tile_cell(space: dict[str, Any], colours: Mapping[int, str]) -> Text:
    """A space: its number and tile kind, over the tile's details (customers, the owner's colour, the
    palace's crests), or an empty paved (░░░) or brown (···) space."""
    number = str(space["id"]).rpartition(".")[2]
    tile = space.get("tile")
    if tile is None:
        text = Text(number, style="dim")
        text.append("\n" + (PAVED if space.get("street") else BROWN), style="dim")
        return text
    kind = str(tile.get("kind", "?"))
    text = Text(f"{number} ", style="dim")
    text.append(TILE_KINDS.get(kind, kind), style="bold")
    text.append("\n")
    if kind == "street":
        customers = [customer_mark(str(c)) for c in tile.get("customers", [])]
        text.append_text(joined(customers) if customers else Text("—", style="dim"))
    elif kind == "factory":
        text.append_text(player_mark(colours.get(int(tile["owner"]), "?")))
    elif kind == "shop":
        text.append_text(customer_mark(str(tile["colour"])))
        text.append(" ")
        text.append_text(player_mark(colours.get(int(tile["owner"]), "?")))
    elif kind == "palace":
        text.append(crests(int(tile.get("crests", 0))), style="bold yellow")
    return text


def gondolas_text(island: dict[str, Any], colours: Mapping[int, str]) -> Text:
    """``Gondolas Or=P2 Gy=· …``: each gondola's colour and who sits on it (✓ once scored)."""
    text = Text(_("Gondolas"))
    for gondola in island.get("gondolas", []):
        text.append(" ")
        text.append_text(player_mark(str(gondola.get("colour", "?"))))
        text.append("=")
        seat = gondola.get("seat")
        if seat is None:
            text.append(FREE, style="dim")
        else:
            text.append_text(seat_tag(int(seat), colours))
            if gondola.get("scored"):
                text.append(SCORED, style="bold")
    return text


def island_block(island: dict[str, Any], colours: Mapping[int, str]) -> RenderableType:
    """An island as a grid of its spaces (water left blank), with its gondolas below."""
    spaces: list[dict[str, Any]] = list(island.get("spaces", []))
    rows = max((int(s["row"]) for s in spaces), default=0)
    columns = max((int(s["column"]) for s in spaces), default=0)
    at = {(int(s["row"]), int(s["column"])): s for s in spaces}
    title = f"{island.get('name', island['id'])} ({island['id']}.N)"
    table = Table(title=title, title_justify="left", show_header=False, show_lines=True)
    for _column in range(columns):
        table.add_column(justify="left", no_wrap=True, min_width=6)
    for row in range(1, rows + 1):
        cells = []
        for column in range(1, columns + 1):
            space = at.get((row, column))
            cells.append(tile_cell(space, colours) if space is not None else Text(""))
        table.add_row(*cells)
    return Group(table, gondolas_text(island, colours))


def islands_block(view: dict[str, Any]) -> RenderableType:
    colours = seat_colours(view)
    blocks = [island_block(island, colours) for island in view.get("islands", [])]
    return Columns(blocks, padding=(0, 3))


# ------------------------------------------------------------------ the status


def empty_stacks(view: dict[str, Any]) -> list[str]:
    """The tile stacks that have run out, by name in the language in force."""
    stacks: dict[str, int] = view.get("stacks") or {}
    return [_(TILE_STACK_NAMES[name]) for name in TILE_STACK_NAMES if name in stacks and not stacks[name]]


def status_text(view: dict[str, Any]) -> Text:
    """The game, the turn, the phase and who decides, the decision under way and the final round."""
    viewer = view.get("viewer")
    side = view.get("board_side")
    players = int(view.get("players", 0))
    text = Text(_("Murano") + " · ", style="bold")
    text.append(ngettext("%(num)s player", "%(num)s players", players) % {"num": players}, style="bold")
    if side:
        text.append(" · " + _("board side %(side)s") % {"side": side}, style="bold")
    phase = str(view.get("phase", "?"))
    turns = int(view.get("turns", 0))
    start = view.get("start_player")
    if phase == OVER_PHASE:
        text.append(" · " + ngettext("%(num)s turn played", "%(num)s turns played", turns) % {"num": turns})
    else:
        text.append(" · " + _("turn %(number)s") % {"number": turns + 1})
    if start is not None:
        text.append(" · " + _("start player: %(who)s") % {"who": seat_name(int(start), viewer)})
    if phase == OVER_PHASE:
        ended = view.get("ended_by")
        text.append("\n" + _("Game over") + (f" ({i18n.view_text(ended)})" if ended else ""), style="bold")
    else:
        text.append("\n" + _("Phase: %(phase)s") % {"phase": i18n.view_text(phase)})
        actor = view.get("actor")
        if actor is not None:
            text.append(" · ▶ ", style="bold")
            text.append(_("%(who)s to decide") % {"who": seat_name(int(actor), viewer)}, style="bold")
        detail = pending_text(view)
        if detail.plain:
            text.append("\n")
            text.append_text(detail)
    final = final_round_text(view)
    if final.plain:
        text.append("\n")
        text.append_text(final)
    return text


def action_name(view: dict[str, Any], number: int) -> str:
    """The action of space `number`, in the language in force."""
    for space in view.get("action_spaces", []):
        if space.get("number") == number:
            return i18n.view_text(space.get("action", "?"))
    return "?"


def card_line(card: str, texts: Mapping[str, object]) -> str:
    """``X05: Dockside Bar``: a card's id and, when the view has it, its text or title."""
    return f"{card}: {i18n.view_text(texts[card])}" if card in texts else card


def drawn_text(view: dict[str, Any], what: str) -> Text:
    """The cards drawn under the heading `what`: their ids for the seat drawing them, their number for
    the others."""
    drawn = view.get("drawn")
    actor = view.get("actor")
    if isinstance(drawn, list):
        texts = {**(view.get("cards") or {}), **(view.get("special_cards") or {})}
        lines = "".join(f"\n  {card_line(c, texts)}" for c in map(str, drawn))
        return Text(what + ":" + (lines or " " + _("none")))
    count = int(drawn or 0)
    text = f"{what}: {count}"
    if actor is not None:
        text += " " + _("(seen only by %(player)s)") % {"player": seat_name(int(actor), None)}
    return Text(text)


def pending_text(view: dict[str, Any]) -> Text:
    """What the decision under way is about."""
    phase = str(view.get("phase", ""))
    target = view.get("target")
    text = Text()
    if phase == TURN_PHASE:
        text.append(_("Act N: pay the cost shown · pass N (an empty space): take 1 gold"))
        return text
    if phase == SCORING_PHASE:
        text.append(_("Each card scores with an unused own gondolier on a gondola at the island"))
        return text
    if target is not None:
        text.append(_("Action under way: space %(number)s") % {"number": target})
        text.append(f" ({action_name(view, int(target))})")
    extra = Text()
    if phase in ("choose a character card", "preliminary character card"):
        extra = drawn_text(view, _("Character cards drawn"))
    elif phase == "choose a special building card":
        extra = drawn_text(view, _("Special building cards drawn"))
    elif phase == "place the street tile" and view.get("street"):
        customers = ", ".join(i18n.view_text(c) for c in view.get("street_customers") or []) or _("no customer")
        street = {"street": view["street"], "customers": customers}
        extra = Text(_("Street tile drawn: %(street)s (%(customers)s; to lay on an empty paved space)") % street)
    elif phase == "build":
        built = {"built": view.get("built", 0)}
        extra = Text(_("Tiles placed in this Build action: %(built)s of 3") % built)
    if extra.plain:
        if text.plain:
            text.append("\n")
        text.append_text(extra)
    return text


def final_round_text(view: dict[str, Any]) -> Text:
    """Who triggered the end, who is playing a final turn, and who still will."""
    trigger = view.get("triggered_by")
    if trigger is None:
        return Text()
    viewer = view.get("viewer")
    phase = view.get("phase")
    text = Text(_("Final round") + ": ", style="bold")
    text.append(_("triggered by %(who)s") % {"who": seat_name(int(trigger), viewer)})
    empty = empty_stacks(view)
    if empty:
        text.append(" " + _("(empty: %(stacks)s)") % {"stacks": ", ".join(empty)})
    actor = view.get("actor")
    if phase in (SCORING_PHASE, OVER_PHASE):
        text.append("\n  " + _("every final turn has been played"))
        return text
    if actor is not None:
        who = {"who": seat_name(int(actor), viewer)}
        if int(actor) == int(trigger):
            text.append("\n  " + _("%(who)s is finishing the turn that triggered the end") % who)
        else:
            text.append("\n  " + _("final turn now: %(who)s") % who)
    waiting = ", ".join(seat_name(int(s), viewer) for s in view.get("last_turns", [])) or _("none")
    text.append("\n  " + _("final turns still to come: %(players)s") % {"players": waiting})
    return text


def supplies_text(view: dict[str, Any]) -> Text:
    """The tile stacks (those that end the game when two kinds run out), the decks and the bag."""
    stacks: dict[str, int] = view.get("stacks") or {}
    text = Text(_("Tile stacks"), style="bold")
    for name, label in TILE_STACK_NAMES.items():
        if name not in stacks:
            continue
        count = int(stacks[name])
        text.append(f"\n  {_(label)} ")
        text.append(str(count) if count else _("EMPTY"), style="" if count else "bold reverse")
    empty = {"count": len(empty_stacks(view))}
    text.append("\n  " + _("(the end comes when 2 kinds run out; empty now: %(count)s)") % empty, style="dim")
    text.append("\n" + _("Decks"), style="bold")
    for name, label in DECK_NAMES.items():
        if name in stacks:
            text.append(f"\n  {_(label)} {stacks[name]}")
    text.append("\n" + _("Bag"), style="bold")
    bag: dict[str, int] = view.get("bag") or {}
    for colour, count in bag.items():
        text.append("\n  ")
        text.append_text(bead_mark(colour))
        text.append(f" {i18n.view_text(colour)} {count}")
    return text


# ------------------------------------------------------------------ the seats


def on_gondolas(view: dict[str, Any], seat: int) -> int:
    return sum(1 for island in view.get("islands", []) for g in island.get("gondolas", []) if g.get("seat") == seat)


def face_down(count: int) -> str:
    """``2 face down``: tiles the others cannot see."""
    return ngettext("%(num)s face down", "%(num)s face down", count) % {"num": count}


def secret_cards(count: int) -> str:
    """``1 secret``: character cards the others cannot see."""
    return ngettext("%(num)s secret", "%(num)s secret", count) % {"num": count}


def hidden_or_listed(value: Any, listed: Callable[[list[Any]], str], hidden: Callable[[int], str]) -> str:
    """A list of items as `listed` renders it, or a count of hidden ones as `hidden` writes it."""
    if isinstance(value, list):
        return listed(value) if value else _("none")
    return hidden(int(value)) if value else _("none")


def seat_block(seat: dict[str, Any], view: dict[str, Any]) -> Text:
    """Who, colour, gold, VP and its sources, gondoliers, bought tiles, cards, beads and markers."""
    number = int(seat["seat"])
    viewer = view.get("viewer")
    colour = str(seat.get("colour", "?"))
    acting = view.get("actor") == number
    text = seat_heading(number, viewer, acting)
    text.append(" · ")
    text.append_text(player_mark(colour))
    text.append(f" {i18n.view_text(colour)}")
    if view.get("start_player") == number:
        text.append(" · " + _("start player"))
    if view.get("triggered_by") == number:
        text.append(" · " + _("triggered the end"))
    numbers = {
        "gold": seat.get("gold", 0),
        "vp": seat.get("vp", 0),
        "hand": seat.get("gondoliers", 0),
        "placed": on_gondolas(view, number),
        "markers": seat.get("markers", 0),
    }
    text.append(
        "\n  "
        + _("gold %(gold)s · VP %(vp)s · gondoliers %(hand)s in hand, %(placed)s on gondolas · markers %(markers)s")
        % numbers
    )
    sources = ", ".join(
        f"{i18n.view_text(name)} {points}" for name, points in (seat.get("vp_by_source") or {}).items() if points
    )
    text.append("\n  " + _("VP from: %(sources)s") % {"sources": sources or _("nothing")})
    bought = {"factories": seat.get("factories", 0), "specials": seat.get("specials", 0)}
    text.append("\n  " + _("tiles bought: glass factories %(factories)s · special buildings %(specials)s") % bought)
    text.append("\n  " + _("shops") + " ")
    shops = seat.get("shops", 0)
    if isinstance(shops, list):
        text.append_text(joined([customer_mark(str(c)) for c in shops]) if shops else Text(_("none")))
    else:
        text.append(face_down(int(shops)) if shops else _("none"))
    text.append(" · " + _("palaces") + " ")
    palaces = seat.get("palaces", 0)
    text.append(hidden_or_listed(palaces, lambda p: " ".join(crests(int(n)) for n in p), face_down))
    text.append("\n  " + _("character cards") + ": ")
    descriptions = view.get("cards") or {}
    characters = seat.get("characters", 0)
    if isinstance(characters, list) and characters:
        text.append("".join(f"\n    {c}: {i18n.view_text(descriptions.get(c, ''))}" for c in characters))
    else:
        text.append(hidden_or_listed(characters, " ".join, secret_cards))
    titles = view.get("special_cards") or {}
    cards = [f"{c} ({i18n.view_text(titles[c])})" if c in titles else str(c) for c in seat.get("special_cards", [])]
    text.append("\n  " + _("special building cards") + ": " + (", ".join(cards) or _("none")))
    text.append("\n  " + _("beads") + ": ")
    beads: dict[str, int] = seat.get("beads") or {}
    text.append_text(counted(beads, bead_mark) if beads else Text(_("none")))
    return text


# ------------------------------------------------------------------ the whole table


def legend() -> Text:
    """What the marks of the board stand for."""
    players = ", ".join(f"{mark} {i18n.view_text(colour)}" for colour, mark in PLAYER_MARKS.items())
    customers = ", ".join(f"{customer_mark(c).plain} {i18n.view_text(c)}" for c in CUSTOMERS)
    beads = ", ".join(f"{bead_mark(c).plain} {i18n.view_text(c)}" for c in BEADS)
    kinds = TILE_KINDS
    lines = [
        _("Players: %(players)s") % {"players": players},
        _("Customers and shops: %(customers)s · beads: %(beads)s") % {"customers": customers, "beads": beads},
        _("Ships: %(ship)s a black ship, %(red)s the red ship · %(dear)s a cost beyond the player's gold")
        % {"ship": SHIP, "red": RED_SHIP, "dear": TOO_DEAR},
        _("Spaces: %(paved)s empty paved, %(brown)s empty brown, %(street)s a street (its customers below),")
        % {"paved": PAVED, "brown": BROWN, "street": kinds["street"]},
        "  "
        + _("%(factory)s a glass factory (its owner), %(shop)s a shop (its colour, its owner),")
        % {"factory": kinds["factory"], "shop": kinds["shop"]},
        "  "
        + _("%(palace)s a palace (%(crest)s a crest), %(special)s a special building")
        % {"palace": kinds["palace"], "crest": CREST, "special": kinds["special"]},
        _("Gondolas: %(example)s %(player)s sits on the orange gondola, %(free)s a free one, %(scored)s scored")
        % {"example": f"Or={seat_short(1)}", "player": seat_name(1, None), "free": FREE, "scored": SCORED},
    ]
    return Text("\n".join(lines), style="dim")


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as one seat (or a spectator) sees it: the viewer's own seat first."""
    parts: list[RenderableType] = [
        status_text(view),
        Columns([ring_table(view), supplies_text(view)], padding=(0, 4)),
        islands_block(view),
    ]
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    for seat in seats:
        parts += [Text(""), seat_block(seat, view)]
    parts += [Text(""), legend()]
    return Group(*parts)
