"""The actions Buy a Glass Factory, Buy a Shop, Buy a Palace and Buy a Special Building (rules: The
Actions): a glass factory for 1 gold, a special building for 2; a shop or a palace for 2 gold (the top
tile of its stack) or 4 (look through the stack, take one, and shuffle the rest). Shops and palaces
lie face down in front of their buyer.

A tile bought in a final turn may be placed at once, for free (the end of the game's special rule).
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, msg
from laguna.games.murano.actions import Action, BuyTile
from laguna.games.murano.components import Customer
from laguna.games.murano.position import Phase, Position
from laguna.games.murano.rules.end import check_end, end_turn
from laguna.games.murano.rules.log import gold, name


def buy_factory(state: Position, events: list[Event]) -> None:
    state.factory_stack -= 1
    state.boards[state.actor].factories += 1
    text = msg("{player} buys a glass factory for {gold}", player=name(state.actor), gold=gold(1))
    _pay(state, 1, "factory", text, events)


def buy_special(state: Position, events: list[Event]) -> None:
    state.special_stack -= 1
    state.boards[state.actor].specials += 1
    text = msg("{player} buys a special building for {gold}", player=name(state.actor), gold=gold(2))
    _pay(state, 2, "special", text, events)


def _pay(state: Position, price: int, tile: str, text: Message, events: list[Event]) -> None:
    """A glass factory or a special building bought: its price goes to the supply."""
    state.boards[state.actor].gold -= price
    events.append(Event("buy", state.actor, text, {}))
    _after_buy(state, tile, events)


def buy_shop(state: Position, events: list[Event]) -> None:
    """Buy a Shop: the buyer chooses how."""
    state.buying = "shop"
    state.phase = Phase.BUY


def buy_palace(state: Position, events: list[Event]) -> None:
    """Buy a Palace: the buyer chooses how."""
    state.buying = "palace"
    state.phase = Phase.BUY


def buy_options(state: Position, seat: Seat) -> list[Action]:
    """Pay 2 for the top tile or 4 to look through the stack (``shop look``); having looked, take
    one of the tiles seen (``shop red``, ``palace 2``)."""
    kind = state.buying
    stack = state.shop_stack if kind == "shop" else state.palace_stack
    if state.looking:
        if kind == "shop":
            colours = {state._shop(s).colour for s in stack}
            return [BuyTile(kind, c.value) for c in Customer if c in colours]
        return [BuyTile(kind, str(n)) for n in sorted({state._palace(p).crests for p in stack})]
    money = state.boards[seat].gold
    options: list[Action] = []
    if stack and money >= 2:
        options.append(BuyTile(kind, None))
    if stack and money >= 4:
        options.append(BuyTile(kind, "look"))
    return options


def do_buytile(state: Position, seat: Seat, action: BuyTile, events: list[Event]) -> None:
    player = state.boards[seat]
    if action.choice == "look":
        player.gold -= 4
        state.looking = True
        state.reveals += 1
        if action.kind == "shop":
            text = msg("{player} pays {gold} to look through the shops", player=name(seat), gold=gold(4))
        else:
            text = msg("{player} pays {gold} to look through the palaces", player=name(seat), gold=gold(4))
        events.append(Event("look", seat, text, {}))
        return
    stack = list(state.shop_stack if action.kind == "shop" else state.palace_stack)
    if action.choice is None:
        tile = stack.pop()
        player.gold -= 2
        how = msg("the top tile for {gold}", gold=gold(2))
    else:
        if action.kind == "shop":
            tile = next(t for t in stack if state._shop(t).colour.value == action.choice)
        else:
            tile = next(t for t in stack if str(state._palace(t).crests) == action.choice)
        stack.remove(tile)
        state.rng.shuffle(stack)
        state.looking = False
        how = msg("a tile of their choice")
    if action.kind == "shop":
        state.shop_stack = stack
    else:
        state.palace_stack = stack
    state.reveals += 1
    if action.kind == "shop":
        player.shops = [*player.shops, tile]
    else:
        player.palaces = [*player.palaces, tile]
    if action.kind == "shop":
        text = msg("{player} buys a shop: {how}", player=name(seat), how=how)
    else:
        text = msg("{player} buys a palace: {how}", player=name(seat), how=how)
    events.append(Event("buy", seat, text, {}))
    if action.kind == "shop":
        bought = f"shop-{state._shop(tile).colour.value}"
    else:
        bought = f"palace-{state._palace(tile).crests}"
    _after_buy(state, bought, events)


def _after_buy(state: Position, tile: str, events: list[Event]) -> None:
    """A bought tile may trigger the end; in a final turn it may be placed at once, for free."""
    check_end(state, events)
    if state.triggered_by is not None and state.free_building_spaces() and _can_place(state, tile):
        state.final_tile = tile
        state.phase = Phase.FINAL_PLACE
        return
    end_turn(state, events)


def _can_place(state: Position, tile: str) -> bool:
    marked = tile == "factory" or tile.startswith("shop")
    markers = state.boards[state.actor].markers
    return not marked or state.options.unlimited_markers or markers < state.components.markers


def explain_buytile(state: Position, seat: Seat, action: BuyTile) -> Message:
    return msg("the tile is not in the stack or you cannot pay (2 gold the top tile, 4 a chosen one)")
