"""The terminal board of Walking in Burano Roll & Write, drawn from a seat's view.

Every die and building colour is shown as a terminal colour, as a glyph of its own (♦ red, ★ yellow, …)
and by name, so the board reads the same without colour. Symbols use short codes (``pl`` plant, ``sl3``
streetlight numbered 3, …) rather than emoji, whose widths differ between terminals and would break
the grid. Circled symbols are bracketed, ``(pl4)``, with the number written under them.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from laguna import i18n
from laguna.cli.boards.text import painted, seat_short
from laguna.cli.boards.words import word
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.decorations import KIND_NAMES, WRITTEN
from laguna.games.burano_roll_and_write.sheets import DieColour
from laguna.i18n import N_
from laguna.i18n import gettext as _

NOTATION_HELP = N_(
    """\
boat red            place a boat beside the red die
circle R2.cat 3     circle symbol R2.cat with a 3: the die's value, or changed by 1 coin per step
                    of +1/-1 (6 and 1 are neighbours)
flip                flip a boat instead of placing it and gain 2 coins
invite B red        invite character B under the red building for 3 coins
invite G green f2   Florist (F), Fisherman (G) and Painter (H) also name the floor they score
coin                take a coin instead of inviting
characters: A Female Tourist, B Photographer, C Backpacker, D Policeman, E Santa Claus, F Florist,
            G Fisherman, H Painter, I Tailor, J Male Tourist"""
)
"""Examples of the notation, explained (translated where it is shown, `laguna.cli.boards.notation_help`)."""

GLYPHS: dict[str, str] = {colour.value: colour.symbol for colour in DieColour}
"""A printable mark per die colour, so colour is never the only cue."""


DICE_ORDER = tuple(colour.value for colour in DieColour)
"""The dice stand's order when the view does not list the dice."""

CODES: dict[str, str] = {
    "plant": "pl",
    "cat": "ca",
    "red": "rc",
    "blue": "bc",
    "light": "sl",
    "chimney": "ch",
}
"""Two-letter codes of the symbol kinds (red and blue are the curtains, light the streetlight)."""

CHARACTER_TITLES: dict[str, str] = {character.value: character.title for character in Character}
"""Letter → title of the ten characters, in the rulebook's order A–J."""

CIRCLED_STYLE = "bold underline"
EMPTY = Text("·", style="dim")

# The words of the view, as the view writes them and as the catalogues find them.
PHASES: dict[str, str] = {
    "boat": N_("place a boat or flip it"),
    "use": N_("use the die"),
    "invite": N_("invitation (secret)"),
    "over": N_("game over"),
}


def glyph(colour: str) -> str:
    """The printable mark of a colour (``?`` for a colour this board does not know)."""
    return GLYPHS.get(colour, "?")


def colour_label(colour: str) -> Text:
    """``♦ red`` in red."""
    return Text(f"{glyph(colour)} {i18n.view_text(colour)}", style=painted(colour))


def seat_name(seat: int, viewer: int | None) -> str:
    """``P2``, or ``P2 (you)`` for the viewer's own seat."""
    return _("%(player)s (you)") % {"player": seat_short(seat)} if seat == viewer else seat_short(seat)


def symbol_code(symbol: dict[str, Any]) -> str:
    """``pl``, ``ca``, ``sl3``: the kind's code, with a streetlight's printed number."""
    kind = str(symbol.get("kind", "?"))
    code = CODES.get(kind, kind[:2])
    if code == "sl" and symbol.get("number") is not None:
        code += str(symbol["number"])
    return code


def symbol_name(symbol_id: str) -> str:
    """The part of an id after its building-and-floor prefix: ``R1.plant2`` → ``plant2``."""
    return symbol_id.split(".", 1)[1] if "." in symbol_id else symbol_id


def symbol_prefix(symbol_id: str) -> str:
    """The building-and-floor prefix of an id: ``R1.plant2`` → ``R1.`` (``""`` for an id without one)."""
    return symbol_id.split(".", 1)[0] + "." if "." in symbol_id else ""


def symbol_line(symbol: dict[str, Any], circled: dict[str, int | None]) -> Text:
    """One symbol of a cell: ``pl$ plant2`` when free, ``(pl4)$ plant2`` when circled."""
    symbol_id = str(symbol.get("id", "?"))
    code = symbol_code(symbol)
    text = Text()
    if symbol_id in circled:
        value = circled[symbol_id]
        written = str(value) if value is not None and str(symbol.get("kind")) in WRITTEN else ""
        text.append(f"({code}{written})", style=CIRCLED_STYLE)
    else:
        text.append(code)
    if symbol.get("coin"):
        text.append("$", style="dim" if symbol_id in circled else "bold")
    text.append(" " + symbol_name(symbol_id), style="dim" if symbol_id in circled else "")
    return text


def sheet_cell(symbols: list[dict[str, Any]], circled: dict[str, int | None]) -> Text:
    """The symbols of one floor of one building, under the prefix that their ids share."""
    if not symbols:
        return EMPTY.copy()
    prefixes = {symbol_prefix(str(s.get("id", ""))) for s in symbols}
    text = Text()
    if len(prefixes) == 1 and "" not in prefixes:
        text.append(prefixes.pop(), style="dim")
        text.append("\n")
    lines = [symbol_line(s, circled) for s in symbols]
    if len(prefixes) > 1:
        lines = [Text(str(s.get("id", "?")) + " ") + line for s, line in zip(symbols, lines, strict=True)]
    text.append_text(Text("\n").join(lines))
    return text


def character_cell(character: dict[str, Any] | None) -> Text:
    """``B Photographer`` (and the floor a Florist, Fisherman or Painter scores)."""
    if character is None:
        return EMPTY.copy()
    letter = str(character.get("letter", "?"))
    title = i18n.view_text(character.get("title") or CHARACTER_TITLES.get(letter, ""))
    text = Text(f"{letter} {title}".strip(), style="bold italic")
    if character.get("floor") is not None:
        text.append("\n" + _("scores f%(floor)s") % {"floor": character["floor"]})
    return text


# ------------------------------------------------------------------ the table


def status_line(view: dict[str, Any]) -> Text:
    """Round, turn player, phase and who decides now (never what the others decided)."""
    viewer = view.get("viewer")
    round_number = view.get("round", "?")
    text = Text(_("Walking in Burano Roll & Write") + " · ", style="bold")
    text.append(_("round %(round)s") % {"round": round_number}, style="bold")
    if view.get("final_round") is not None and view.get("final_round") == round_number:
        text.append(" " + _("(last round)"), style="bold red")
    elif view.get("final_round") is not None:
        text.append(" " + _("(round %(round)s is the last)") % {"round": view["final_round"]})
    phase = str(view.get("phase", "?"))
    if phase == "over":
        ended = view.get("ended_by")
        text.append(" · " + _("game over") + (f" ({i18n.view_text(ended)})" if ended else ""))
        return text
    turn = view.get("turn_player")
    if turn is not None:
        text.append(" · " + _("turn player: %(seat)s") % {"seat": seat_name(int(turn), viewer)})
    text.append("\n" + _("Phase: %(phase)s") % {"phase": word(PHASES, phase)})
    draft = view.get("draft") or {}
    if phase in ("boat", "use") and draft.get("seat") is not None:
        text.append(" · ▶ " + _("%(seat)s to act") % {"seat": seat_name(int(draft["seat"]), viewer)}, style="bold")
        die = draft.get("die")
        if phase == "use" and die:
            # The die is drawn in its own colour, so the sentence is split around it.
            before, _marker, after = _("with the %(die)s die").partition("%(die)s")
            text.append(f" {before}")
            text.append_text(colour_label(str(die)))
            text.append(after)
    if phase == "invite":
        seats = view.get("seats", [])
        decided = [seat_name(int(s["seat"]), viewer) for s in seats if s.get("decided")]
        waiting = [seat_name(int(s["seat"]), viewer) for s in seats if not s.get("decided")]
        text.append(" · " + _("decided: %(players)s") % {"players": ", ".join(decided) or _("nobody")})
        if waiting:
            text.append(" · ▶ " + _("deciding: %(players)s") % {"players": ", ".join(waiting)}, style="bold")
    return text


def draft_line(view: dict[str, Any]) -> Text | None:
    """The order of this round's boats, the current one marked: ``boats: P2 P1 ▶P1 P2``."""
    draft = view.get("draft") or {}
    order = draft.get("order") or []
    if not order:
        return None
    text = Text(_("Boat order:") + " ")
    index = draft.get("index")
    for position, seat in enumerate(order):
        if position:
            text.append(" ")
        name = seat_short(int(seat))
        if position == index:
            text.append("▶" + name, style="bold reverse")
        elif index is None or position < index:
            text.append(name, style="dim")
        else:
            text.append(name)
    return text


def dice_table(view: dict[str, Any]) -> Table:
    """The dice stand: each die's value, the boats beside it and the spectator's."""
    dice: dict[str, Any] = view.get("dice") or {}
    canal: dict[str, Any] = view.get("canal") or {}
    spectators = set(view.get("spectators") or [])
    in_use = (view.get("draft") or {}).get("die") if view.get("phase") == "use" else None
    colours = list(dice) or list(DICE_ORDER)
    table = Table(title=_("Dice stand"), title_justify="left", show_lines=True, pad_edge=False)
    table.add_column("", style="bold", no_wrap=True)
    for colour in colours:
        header = colour_label(colour)
        if colour == in_use:
            header.append(" ◀", style="bold")
        table.add_column(header, justify="center")
    values = [Text(str(dice.get(colour, "?")), style=painted(colour)) for colour in colours]
    table.add_row(_("value"), *values)
    boat_cells: list[Text] = []
    for colour in colours:
        cell = Text()
        for boat in canal.get(colour, []):
            if cell:
                cell.append(" ")
            cell.append(seat_short(int(boat)))
        if colour in spectators:
            if cell:
                cell.append(" ")
            cell.append(_("spect.$1"), style="italic")
        boat_cells.append(cell or EMPTY.copy())
    table.add_row(_("boats"), *boat_cells)
    return table


def coins_text(seat: dict[str, Any], view: dict[str, Any]) -> str:
    """``coins 3 (gained 7, spent 4)``, and in solo the filled coins and the spaces left."""
    coins = {"coins": seat.get("coins", 0), "gained": seat.get("gained", 0), "spent": seat.get("spent", 0)}
    text = _("coins %(coins)s (gained %(gained)s, spent %(spent)s)") % coins
    if view.get("solo"):
        track = view.get("coin_track")
        filled = int(seat.get("filled", 0))
        text += " · " + _("filled %(filled)s") % {"filled": filled}
        if track is not None:
            left = int(track) - filled - int(seat.get("gained", 0))
            text += " · " + _("%(left)s of %(track)s coin spaces left") % {"left": left, "track": track}
    return text


def seat_header(seat: dict[str, Any], view: dict[str, Any]) -> Text:
    """Who, which sheet, coins, boats this round, characters still to invite, the invitation decision."""
    number = int(seat["seat"])
    viewer = view.get("viewer")
    phase = view.get("phase")
    acting = (view.get("draft") or {}).get("seat") == number and phase in ("boat", "use")
    acting = acting or (phase == "invite" and not seat.get("decided"))
    marker = "▶ " if acting else "  "
    if number == viewer:
        name = _("Player %(number)s (you)") % {"number": number + 1}
    else:
        name = _("Player %(number)s") % {"number": number + 1}
    text = Text(marker + name, style="bold")
    sheet = seat.get("sheet") or {}
    text.append(f" · {seat.get('layout') or sheet.get('name', '?')} · {coins_text(seat, view)}")
    boats = seat.get("boats") or []
    text.append("\n  " + _("boats this round:") + " ")
    if boats:
        for index, colour in enumerate(boats):
            if index:
                text.append(", ")
            text.append_text(colour_label(str(colour)))
    else:
        text.append(_("none"), style="dim")
    if seat.get("flipped"):
        text.append(" · " + _("flipped %(count)s") % {"count": seat["flipped"]})
    invited = {str(c.get("letter")) for c in seat.get("characters", [])}
    left = " ".join(letter for letter in CHARACTER_TITLES if letter not in invited) or _("none")
    text.append(" · " + _("invited %(count)s · to invite: %(letters)s") % {"count": len(invited), "letters": left})
    if phase == "invite":
        if seat.get("decided"):
            text.append(" · " + _("decided"), style="bold")
            if number == viewer and seat.get("decision"):
                text.append(f": {seat['decision']}")
        else:
            text.append(" · " + _("not decided yet"), style="dim")
    return text


def sheet_table(seat: dict[str, Any], in_use: str | None = None) -> Table:
    """The sheet: a column per building in the layout's order, 3rd floor on top, characters below.

    `in_use` marks the building whose symbols the die being used can circle.
    """
    sheet = seat.get("sheet") or {}
    buildings = [str(b) for b in sheet.get("buildings", [])]
    circled: dict[str, int | None] = dict(seat.get("circled") or {})
    cells: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for symbol in sheet.get("symbols", []):
        cells[(str(symbol["building"]), int(symbol["floor"]))].append(symbol)
    floors = sorted({floor for _, floor in cells} | {1, 2, 3}, reverse=True)
    characters = {str(c["building"]): c for c in seat.get("characters", [])}
    table = Table(show_lines=True, pad_edge=False)
    table.add_column("", style="bold", no_wrap=True)
    for building in buildings:
        header = colour_label(building)
        if building == in_use:
            header.append(" ◀", style="bold")
        table.add_column(header)
    for floor in floors:
        table.add_row(f"f{floor}", *(sheet_cell(cells[(b, floor)], circled) for b in buildings))
    table.add_row("", *(character_cell(characters.get(b)) for b in buildings))
    return table


def legend() -> Text:
    """What the marks and codes of the board stand for."""
    colours = "  ".join(f"{glyph(c)} {i18n.view_text(c)}" for c in DICE_ORDER)
    # A streetlight's code carries its printed number: the legend shows one numbered 3.
    symbols = "  ".join(
        f"{code}3 {word(KIND_NAMES, kind)} 3" if kind == "light" else f"{code} {word(KIND_NAMES, kind)}"
        for kind, code in CODES.items()
    )
    lines = [
        _("Colours: %(colours)s") % {"colours": colours},
        _("Symbols: %(symbols)s") % {"symbols": symbols},
        "  " + _("$ coin icon  (pl4) circled, with the 4 written under it"),
        _("Ids: the cell's prefix and a name, e.g. R2. and cat: circle R2.cat 3"),
        _("Boats: %(mark)s a boat of %(player)s  %(spectator)s spectator's boat (a coin to place yours beside it)")
        % {"mark": seat_short(1), "player": _("Player %(number)s") % {"number": 2}, "spectator": _("spect.$1")},
    ]
    return Text("\n".join(lines), style="dim")


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as one seat (or a spectator) sees it: the viewer's own sheet first."""
    parts: list[RenderableType] = [status_line(view)]
    order = draft_line(view)
    if order is not None and view.get("phase") in ("boat", "use"):
        parts.append(order)
    parts.append(dice_table(view))
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    draft = view.get("draft") or {}
    die = draft.get("die") if view.get("phase") == "use" else None
    for seat in seats:
        in_use = die if seat["seat"] == draft.get("seat") else None
        parts += [Text(""), seat_header(seat, view), sheet_table(seat, in_use)]
    parts.append(legend())
    return Group(*parts)
