"""The terminal board of Walking in Burano, drawn from a seat's view.

Every colour is shown twice: as a terminal colour and as the colour's own symbol (♥ pink, ★ yellow, …)
and the letter that starts each card id, so the board reads the same without colour. Symbol counts
use two-letter abbreviations (``fl2 ca1``) rather than emoji, whose widths differ between terminals
and would break the grid. Words are in the language in force, the Russian ones as the Russian edition
of the rulebook says them; card ids, columns (``c3``) and floors (``f1``) are notation and stay as
they are.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from laguna.cli.boards.text import painted
from laguna.games.walking_in_burano.cards import SYMBOL_ABBREVIATIONS, SYMBOL_NAMES, Colour
from laguna.games.walking_in_burano.characters import Character
from laguna.games.walking_in_burano.position import PLACEMENT_COSTS, Phase
from laguna.i18n import N_, gettext, ngettext

NOTATION_HELP = N_(
    "take c3 f1-2      acquire the 1st and 2nd floor cards of supply column 3 (c1 is next to the decks)\n"
    "place R1a c3      place card R1a from your hand in house 3 (on the floor printed on the card)\n"
    "done              stop placing cards this turn\n"
    "visit c3 woman    the Woman visits your house 3, completed this turn\n"
    "return R1a        return R1a to its deck (hand limit 3)\n"
    "remove mayor      solo: put a character card back in the box"
)
"""The notation, explained (translated where it is shown, `laguna.cli.boards.notation_help`)."""

COLOUR_NAMES: dict[str, str] = {
    "pink": N_("pink"),
    "yellow": N_("yellow"),
    "red": N_("red"),
    "blue": N_("blue"),
    "orange": N_("orange"),
    "green": N_("green"),
}

SYMBOLS = SYMBOL_ABBREVIATIONS


EMPTY = Text("·", style="dim")


def scaffold() -> Text:
    """The mark of a scaffold card standing in for a floor."""
    return Text(gettext("[scaf]"), style="dim")


def colour_symbol(name: str) -> str:
    """The printable mark of a colour (``?`` for a colour this board does not know)."""
    try:
        return Colour(name).symbol
    except ValueError:
        return "?"


def symbol_counts(card: dict[str, Any]) -> str:
    """``fl2 ca1 $pizza2``: the card's symbols and shop, compactly."""
    parts = [f"{SYMBOLS.get(name, name)}{count}" for name, count in card.get("symbols", {}).items() if count]
    if card.get("shop"):
        parts.append(f"${card['shop']}{card.get('shop_points', 0)}")
    return " ".join(parts)


def card_label(card: dict[str, Any]) -> Text:
    """The colour symbol and id, in the card's colour: ``♦R1a``."""
    colour = str(card.get("colour", ""))
    return Text(f"{colour_symbol(colour)}{card.get('id', '?')}", style=painted(colour))


def card_cell(card: dict[str, Any] | None) -> Text:
    """A card on two lines (label, then symbols), for grid cells."""
    if card is None:
        return EMPTY.copy()
    text = card_label(card)
    counts = symbol_counts(card)
    if counts:
        text.append("\n" + counts)
    return text


def card_inline(card: dict[str, Any]) -> Text:
    """A card on one line, for hands."""
    text = card_label(card)
    counts = symbol_counts(card)
    if counts:
        text.append(" " + counts)
    return text


def character_name(value: str) -> str:
    """A character's name from its notation (``santa-claus`` → Santa Claus)."""
    try:
        return gettext(Character(value).title)
    except ValueError:
        return value.replace("-", " ").title()


def _named(names: dict[str, str], value: str) -> str:
    name = names.get(value)
    return gettext(name) if name else value.replace("_", " ")


def _seat_name(seat: int, viewer: int | None) -> str:
    if seat == viewer:
        return gettext("Player {number} (you)").format(number=seat + 1)
    return gettext("Player {number}").format(number=seat + 1)


def status_line(view: dict[str, Any]) -> Text:
    """Round, whose turn, the phase, and what placing the next card costs."""
    text = Text(gettext("Walking in Burano · round {round}").format(round=view.get("round", "?")), style="bold")
    if view.get("phase") == "over" or view.get("turn") is None:
        ended = view.get("ended_by")
        if ended:
            text.append(" · " + gettext("game over ({reason})").format(reason=gettext(str(ended))))
        else:
            text.append(" · " + gettext("game over"))
        return text
    seat = _seat_name(int(view["turn"]), view.get("viewer"))
    try:
        phase = gettext(Phase(view.get("phase")).title)
    except ValueError:
        phase = str(view.get("phase"))
    text.append(" · ▶ " + gettext("{seat} to act · phase: {phase}").format(seat=seat, phase=phase))
    placed = int(view.get("placed_this_turn", 0))
    if view.get("phase") == "place":
        if placed < len(PLACEMENT_COSTS):
            cost = PLACEMENT_COSTS[placed]
            next_costs = ngettext(
                "placed {placed}, the next costs {cost} coin", "placed {placed}, the next costs {cost} coins", cost
            )
            text.append(" · " + next_costs.format(placed=placed, cost=cost))
        else:
            text.append(" · " + gettext("placed {placed}, no more this turn").format(placed=placed))
    pending = view.get("pending_houses") or []
    if pending:
        houses = ", ".join(f"c{c}" for c in pending)
        text.append(" · " + gettext("houses awaiting a visitor: {houses}").format(houses=houses))
    return text


def supply_table(view: dict[str, Any]) -> Table:
    """The floor supply, 3rd floor on top, with the decks beside column 1."""
    supply = view["supply"]
    columns = int(supply["columns"])
    table = Table(title=gettext("Floor supply"), title_justify="left", show_lines=True, pad_edge=False)
    table.add_column("", style="bold", no_wrap=True)
    table.add_column(gettext("deck"), justify="right", no_wrap=True)
    for column in range(1, columns + 1):
        table.add_column(f"c{column}", min_width=9)
    decks = view.get("decks", {})
    for floor in ("3", "2", "1"):
        row = list(supply["rows"].get(floor, []))
        row += [None] * (columns - len(row))
        left = gettext("{count} left").format(count=decks.get(floor, 0))
        table.add_row(f"f{floor}", left, *(card_cell(card) for card in row))
    return table


def characters_line(view: dict[str, Any]) -> Text:
    """The character piles, in rulebook order, with how many cards each has left."""
    text = Text(gettext("Characters:") + " ", style="bold")
    piles = view.get("characters", {})
    for index, (name, count) in enumerate(piles.items()):
        if index:
            text.append(" · ")
        text.append(f"{character_name(name)} ×{count}", style="dim" if not count else "")
    removed = view.get("removed_characters") or []
    if removed:
        names = ", ".join(character_name(c) for c in removed)
        text.append("\n" + gettext("Removed: {characters}").format(characters=names), style="dim")
    return text


def seat_header(seat: dict[str, Any], view: dict[str, Any]) -> Text:
    """Name, coins, tokens, houses and hand of one seat (the hand's faces only for its own viewer)."""
    number = int(seat["seat"])
    marker = "▶ " if view.get("turn") == number else "  "
    text = Text(marker + _seat_name(number, view.get("viewer")), style="bold")
    counts = gettext("coins {coins} · tokens {tokens} · houses {houses}/5").format(
        coins=seat.get("coins", 0), tokens=seat.get("tokens", 0), houses=seat.get("completed", 0)
    )
    text.append(" · " + counts)
    text.append("\n  " + gettext("hand:") + " ")
    hand = seat.get("hand")
    if hand is None:
        floors = seat.get("hand_floors", {})
        total = sum(int(n) for n in floors.values())
        detail = ", ".join(f"f{floor} ×{count}" for floor, count in floors.items() if count)
        text.append(ngettext("{count} hidden card", "{count} hidden cards", total).format(count=total))
        if detail:
            text.append(f" ({detail})")
    elif not hand:
        text.append(gettext("empty"), style="dim")
    else:
        for index, card in enumerate(hand):
            if index:
                text.append(" | ")
            text.append_text(card_inline(card))
    return text


def house_table(seat: dict[str, Any]) -> Table:
    """The 5×3 house area, floors 3 to 1 top to bottom, visitors under the houses."""
    houses = seat["houses"]
    table = Table(show_lines=True, pad_edge=False, show_header=True)
    table.add_column("", style="bold", no_wrap=True)
    for house in houses:
        mark = " ✓" if house.get("complete") else ""
        table.add_column(f"c{house['column']}{mark}", min_width=9)
    for floor in (3, 2, 1):
        cells: list[Text] = []
        for house in houses:
            card = house["floors"][floor - 1]
            if card is None and floor in house.get("scaffolds", []):
                cells.append(scaffold())
            else:
                cells.append(card_cell(card))
        table.add_row(f"f{floor}", *cells)
    visitors = [
        Text(character_name(h["character"]), style="italic") if h.get("character") else EMPTY.copy() for h in houses
    ]
    table.add_row("", *visitors)
    return table


def legend() -> Text:
    """What the colour marks and the symbol abbreviations stand for."""
    colours = "  ".join(f"{c.symbol} {_named(COLOUR_NAMES, c.value)} ({c.letter})" for c in Colour)
    symbols = ", ".join(f"{short} {_named(SYMBOL_NAMES, name)}" for name, short in SYMBOLS.items())
    return Text(
        gettext("Colours: {colours}").format(colours=colours)
        + "\n"
        + gettext("Symbols: {symbols}; $pizza2 = a pizza shop worth 2; {scaffold} = scaffold").format(
            symbols=symbols, scaffold=gettext("[scaf]")
        ),
        style="dim",
    )


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as one seat (or a spectator) sees it."""
    parts: list[RenderableType] = [status_line(view), supply_table(view), characters_line(view)]
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    for seat in seats:
        parts += [Text(""), seat_header(seat, view), house_table(seat)]
    parts.append(legend())
    return Group(*parts)
