"""The terminal board of Walking in Burano, drawn from a seat's view.

Every colour is shown twice: as a terminal colour and as the colour's own symbol (♥ pink, ★ yellow, …)
and the letter that starts each card id, so the board reads the same without colour. Symbol counts
use two-letter abbreviations (``fl2 ca1``) rather than emoji, whose widths differ between terminals
and would break the grid.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from laguna.games.walking_in_burano.cards import SYMBOL_ABBREVIATIONS, Colour
from laguna.games.walking_in_burano.state import PLACEMENT_COSTS

NOTATION_HELP = """\
take c3 f1-2      acquire the 1st and 2nd floor cards of supply column 3 (c1 is next to the decks)
place R1a c3      place card R1a from your hand in house 3 (on the floor printed on the card)
done              stop placing cards this turn
visit c3 woman    the Woman visits your house 3, completed this turn
return R1a        return R1a to its deck (hand limit 3)
remove mayor      solo: put a character card back in the box"""

SYMBOLS = SYMBOL_ABBREVIATIONS

STYLES: dict[str, str] = {
    "pink": "bold hot_pink",
    "yellow": "bold yellow",
    "red": "bold red",
    "blue": "bold dodger_blue1",
    "orange": "bold dark_orange",
    "green": "bold green",
}

EMPTY = Text("·", style="dim")
SCAFFOLD = Text("[scaf]", style="dim")


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
    return Text(f"{colour_symbol(colour)}{card.get('id', '?')}", style=STYLES.get(colour, "bold"))


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
    return value.replace("-", " ").title()


def _seat_name(seat: int, viewer: int | None) -> str:
    return f"Player {seat + 1}" + (" (you)" if seat == viewer else "")


def status_line(view: dict[str, Any]) -> Text:
    """Round, whose turn, the phase, and what placing the next card costs."""
    text = Text(f"Walking in Burano · round {view.get('round', '?')}", style="bold")
    if view.get("phase") == "over" or view.get("turn") is None:
        ended = view.get("ended_by")
        text.append(" · game over" + (f" ({ended})" if ended else ""))
        return text
    turn = int(view["turn"])
    text.append(f" · ▶ {_seat_name(turn, view.get('viewer'))} to act · phase: {view.get('phase')}")
    placed = int(view.get("placed_this_turn", 0))
    if view.get("phase") == "place":
        if placed < len(PLACEMENT_COSTS):
            text.append(f" · placed {placed}, the next costs {PLACEMENT_COSTS[placed]} coin(s)")
        else:
            text.append(f" · placed {placed}, no more this turn")
    pending = view.get("pending_houses") or []
    if pending:
        text.append(" · houses awaiting a visitor: " + ", ".join(f"c{c}" for c in pending))
    return text


def supply_table(view: dict[str, Any]) -> Table:
    """The floor supply, 3rd floor on top, with the decks beside column 1."""
    supply = view["supply"]
    columns = int(supply["columns"])
    table = Table(title="Floor supply", title_justify="left", show_lines=True, pad_edge=False)
    table.add_column("", style="bold", no_wrap=True)
    table.add_column("deck", justify="right", no_wrap=True)
    for column in range(1, columns + 1):
        table.add_column(f"c{column}", min_width=9)
    decks = view.get("decks", {})
    for floor in ("3", "2", "1"):
        row = list(supply["rows"].get(floor, []))
        row += [None] * (columns - len(row))
        table.add_row(f"f{floor}", f"{decks.get(floor, 0)} left", *(card_cell(card) for card in row))
    return table


def characters_line(view: dict[str, Any]) -> Text:
    """The character piles, in rulebook order, with how many cards each has left."""
    text = Text("Characters: ", style="bold")
    piles = view.get("characters", {})
    for index, (name, count) in enumerate(piles.items()):
        if index:
            text.append(" · ")
        text.append(f"{character_name(name)} ×{count}", style="dim" if not count else "")
    removed = view.get("removed_characters") or []
    if removed:
        text.append("\nRemoved: " + ", ".join(character_name(c) for c in removed), style="dim")
    return text


def seat_header(seat: dict[str, Any], view: dict[str, Any]) -> Text:
    """Name, coins, tokens, houses and hand of one seat (the hand's faces only for its own viewer)."""
    number = int(seat["seat"])
    marker = "▶ " if view.get("turn") == number else "  "
    text = Text(marker + _seat_name(number, view.get("viewer")), style="bold")
    text.append(
        f" · coins {seat.get('coins', 0)} · tokens {seat.get('tokens', 0)} · houses {seat.get('completed', 0)}/5"
    )
    text.append("\n  hand: ")
    hand = seat.get("hand")
    if hand is None:
        floors = seat.get("hand_floors", {})
        total = sum(int(n) for n in floors.values())
        detail = ", ".join(f"f{floor} ×{count}" for floor, count in floors.items() if count)
        text.append(f"{total} hidden card(s)" + (f" ({detail})" if detail else ""))
    elif not hand:
        text.append("empty", style="dim")
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
                cells.append(SCAFFOLD.copy())
            else:
                cells.append(card_cell(card))
        table.add_row(f"f{floor}", *cells)
    visitors = [
        Text(character_name(h["character"]), style="italic") if h.get("character") else EMPTY.copy() for h in houses
    ]
    table.add_row("", *visitors)
    return table


def legend() -> Text:
    colours = "  ".join(f"{c.symbol} {c.value} ({c.letter})" for c in Colour)
    symbols = ", ".join(f"{short} {name.replace('_', ' ')}" for name, short in SYMBOLS.items())
    return Text(
        f"Colours: {colours}\nSymbols: {symbols}; $pizza2 = a pizza shop worth 2; [scaf] = scaffold",
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
