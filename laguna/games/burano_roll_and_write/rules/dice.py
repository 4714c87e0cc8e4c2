"""Using a die (rulebook: Using a Die; Gaining & Using Coins).

A die circles a symbol of the building of its colour with a number the symbol's rule allows; coins
change the die's value by one step each, 6 and 1 being neighbours.
"""

from __future__ import annotations

from functools import cache

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, Player, excerpt, msg
from laguna.games.burano_roll_and_write.actions import Circle
from laguna.games.burano_roll_and_write.position import (
    CAT_NUMBERS,
    DICE,
    REACH,
    Position,
    building_name,
    change_cost,
    coins_text,
    die_name,
)
from laguna.games.burano_roll_and_write.sheets import DieColour, Kind, SheetLayout, Symbol


@cache
def _circle(symbol: str, value: int) -> Circle:
    return Circle(symbol, value)


def allowed(position: Position, seat: Seat, symbol: Symbol) -> tuple[int, ...]:
    """The numbers the symbol rules allow for `symbol` (rulebook: Using a Die)."""
    kind = symbol.kind
    if kind is not Kind.PLANT and kind is not Kind.CHIMNEY:
        return _printed(symbol)
    circled = position.circled[seat]
    layout = position.layouts[seat]
    if kind is Kind.PLANT:
        written = [
            v for s in layout.in_building(symbol.building)
            if s.kind is Kind.PLANT and (v := circled.get(s.id)) is not None
        ]  # fmt: skip
        highest = min(written, default=6)
        return tuple(range(1, highest + 1))
    used = {v for s in layout.symbols if s.kind is Kind.CHIMNEY and (v := circled.get(s.id)) is not None}
    return tuple(v for v in range(1, 7) if v not in used)


def circles(position: Position, seat: Seat, colour: DieColour, coins: int) -> list[Circle]:
    """The symbols of the building that the die can circle, with every number `coins` can pay for.

    The same as asking `allowed` of every uncircled symbol of the building, read from tables of the
    layout: a search lists these at every boat it considers."""
    die = position.dice[DICE.index(colour)]
    reached = 4 * die + min(coins, 3)
    circled = position.circled[seat]
    _, buildings, chimneys = _tables(position.layouts[seat])
    building = buildings[colour]
    found: list[Circle] = []
    highest = 0  # the most a plant of the building may take, once needed
    for symbol_id, rule, reachable in building.spots:
        if symbol_id in circled:
            continue
        if rule is _FIXED:
            found += reachable[reached]
        elif rule is _PLANT:
            if not highest:
                highest = building.plant_limit(circled)
            found += reachable[7 * reached + highest]
        else:
            used = {v for c in chimneys if (v := circled.get(c)) is not None}
            found += [circle for circle in reachable[reached] if circle.value not in used]
    return found


def can_circle(position: Position, seat: Seat, colour: DieColour, coins: int) -> bool:
    """Whether `circles` would find any (placing a boat needs just one), from the same tables: each
    symbol knows for every die value and coins which of its printed numbers are within reach."""
    reached = 4 * position.dice[DICE.index(colour)] + min(coins, 3)
    circled = position.circled[seat]
    _, buildings, chimneys = _tables(position.layouts[seat])
    building = buildings[colour]
    highest = 0
    for symbol_id, rule, reachable in building.spots:
        if symbol_id in circled:
            continue
        if rule is _FIXED:
            if reachable[reached]:
                return True
        elif rule is _PLANT:
            if not highest:
                highest = building.plant_limit(circled)
            if _LOWEST[reached] <= highest:
                return True
        else:
            used = {v for c in chimneys if (v := circled.get(c)) is not None}
            if any(circle.value not in used for circle in reachable[reached]):
                return True
    return False


_LOWEST = tuple(min(REACH[die][coins], default=7) for die in range(7) for coins in range(4))
"""The smallest number within reach, by 4 × the die's value + the coins (at most 3): a plant takes
every number up to its building's lowest one."""


_FIXED, _PLANT, _CHIMNEY = range(3)
"""How a symbol's numbers are found: printed rules alone, the plants of its building, every chimney."""


class _BuildingTable:
    """A building's symbols in the order `allowed` is asked of them, each with the way its numbers
    are found and its circles within reach, in the order of their numbers: by 4 × the die's value +
    the coins (at most 3), and for a plant by 7 × that + the building's plant limit (a plant takes
    every number up to it)."""

    __slots__ = ("plants", "spots")

    def __init__(self, layout: SheetLayout, colour: DieColour) -> None:
        symbols = layout.in_building(colour)
        self.plants = tuple(s.id for s in symbols if s.kind is Kind.PLANT)
        spots: list[tuple[str, int, tuple[tuple[Circle, ...], ...]]] = []
        for symbol in symbols:
            if symbol.kind is Kind.PLANT:
                rule, numbers = _PLANT, tuple(range(1, 7))
            elif symbol.kind is Kind.CHIMNEY:
                rule, numbers = _CHIMNEY, tuple(range(1, 7))
            else:
                rule, numbers = _FIXED, _printed(symbol)
            row = tuple(_circle(symbol.id, v) for v in numbers)
            reachable = tuple(
                tuple(c for c in row if c.value in REACH[die][coins]) for die in range(7) for coins in range(4)
            )
            if rule is _PLANT:
                reachable = tuple(
                    tuple(c for c in within if c.value <= highest) for within in reachable for highest in range(7)
                )
            spots.append((symbol.id, rule, reachable))
        self.spots = tuple(spots)

    def plant_limit(self, circled: dict[str, int | None]) -> int:
        """The most a plant of the building may take: its lowest number written, 6 while none is."""
        highest = 6
        for plant in self.plants:
            written = circled.get(plant)
            if written is not None and written < highest:
                highest = written
        return highest


def _printed(symbol: Symbol) -> tuple[int, ...]:
    """The numbers a cat, curtain or streetlight takes, whatever else is circled."""
    kind = symbol.kind
    if kind is Kind.CAT:
        return CAT_NUMBERS[symbol.floor]
    if kind is Kind.RED_CURTAIN:
        return (1, 3, 5)
    if kind is Kind.BLUE_CURTAIN:
        return (2, 4, 6)
    return (symbol.number,) if symbol.number is not None else ()


_TABLES: dict[int, tuple[SheetLayout, dict[DieColour, _BuildingTable], tuple[str, ...]]] = {}
"""The tables of each layout, by its identity (layouts live as long as the loaded sheet set)."""
KEPT_LAYOUTS = 32
"""The most layouts whose tables are kept, however many sheet sets are loaded and dropped."""


def _tables(layout: SheetLayout) -> tuple[SheetLayout, dict[DieColour, _BuildingTable], tuple[str, ...]]:
    entry = _TABLES.get(id(layout))
    if entry is None or entry[0] is not layout:
        buildings = {colour: _BuildingTable(layout, colour) for colour in layout.buildings}
        chimneys = tuple(s.id for s in layout.symbols if s.kind is Kind.CHIMNEY)
        if len(_TABLES) >= KEPT_LAYOUTS:
            _TABLES.clear()  # layouts loaded and dropped again must not pile up here
        entry = _TABLES[id(layout)] = (layout, buildings, chimneys)
    return entry


def uses(position: Position, seat: Seat) -> tuple[Circle, ...]:
    """The ways to use the die beside the boat just placed."""
    assert position.die is not None
    return tuple(circles(position, seat, position.die, position.coins(seat)))


def explain_circle(position: Position, seat: Seat, action: Circle) -> Message:
    assert position.die is not None
    layout = position.layouts[seat]
    symbol = next((s for s in layout.symbols if s.id == action.symbol), None)
    if symbol is None:
        return msg("{layout} has no symbol {symbol}", layout=layout.name, symbol=excerpt(action.symbol))
    if symbol.building is not position.die:
        return msg(
            "{die} circles a symbol of {building} only",
            die=die_name(position.die),
            building=building_name(position.die),
        )
    if symbol.id in position.circled[seat]:
        return msg("{symbol} is circled already", symbol=symbol.id)
    if action.value not in allowed(position, seat, symbol):
        return _symbol_rule(symbol)
    die = position.dice[DICE.index(position.die)]
    return msg(
        "changing the die's {die} into {value} costs {cost}; you have {have}",
        die=die,
        value=action.value,
        cost=coins_text(change_cost(die, action.value)),
        have=position.coins(seat),
    )


def _symbol_rule(symbol: Symbol) -> Message:
    if symbol.kind is Kind.PLANT:
        return msg("the number under a plant may not be bigger than any number under the plants of its building")
    if symbol.kind is Kind.CAT:
        low, high = CAT_NUMBERS[symbol.floor]
        return msg("a cat on floor {floor} is circled with a {low} or a {high}", floor=symbol.floor, low=low, high=high)
    if symbol.kind is Kind.RED_CURTAIN:
        return msg("a red curtain is circled with an odd number (1, 3 or 5)")
    if symbol.kind is Kind.BLUE_CURTAIN:
        return msg("a blue curtain is circled with an even number (2, 4 or 6)")
    if symbol.kind is Kind.STREETLIGHT:
        return msg("this streetlight is labeled {number}: only that number circles it", number=symbol.number)
    return msg("the number under a chimney must differ from the numbers under all other chimneys")


def circle_symbol(position: Position, seat: Seat, action: Circle, events: list[Event]) -> None:
    """Pay for changing the die, write its number under the symbol and gain a printed coin."""
    assert position.die is not None
    symbol = position.layouts[seat].symbol(action.symbol)
    die = position.dice[DICE.index(position.die)]
    cost = change_cost(die, action.value)
    position.spent[seat] += cost
    position.circled[seat] = {**position.circled[seat], symbol.id: action.value}
    fields = {"player": Player(seat), "symbol": symbol.id, "value": action.value, "die": die, "cost": coins_text(cost)}
    got = position.gain(seat, 1) if symbol.coin else 0
    if cost and symbol.coin:
        text = msg(
            "{player} circles {symbol} with a {value} (the die's {die} changed for {cost}) and gains {coins}",
            coins=coins_text(got),
            **fields,
        )
    elif cost:
        text = msg("{player} circles {symbol} with a {value} (the die's {die} changed for {cost})", **fields)
    elif symbol.coin:
        text = msg("{player} circles {symbol} with a {value} and gains {coins}", coins=coins_text(got), **fields)
    else:
        text = msg("{player} circles {symbol} with a {value}", **fields)
    events.append(Event("circle", seat, text, {"symbol": symbol.id, "value": action.value, "cost": cost}))
