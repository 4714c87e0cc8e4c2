"""The fishing action (rulebook: 5. ACTIONS, Fishing; 8. PRIVILEGE, privilege for fishing).

The boat sails one route (two with the building card) to a neighbouring island or a port. At an island
the arrow-pointed houses of the schedule ring are matched with its dock houses: 1–3 fish cards, then
1 worker dispatched (2 for three matches), each other player there driving one of theirs back for 2
coins. At a port the player trades with one merchant ship, which then sails to the other port. Before
sailing to an island, a privilege point swaps two dock houses.
"""

from __future__ import annotations

import itertools
from collections import Counter

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, excerpt, msg, msg_plural
from laguna.core.messages import Player as Named
from laguna.games.burano.actions import Action, Dispatch, Forgo, Sail, Swap, TakeFish, Trade
from laguna.games.burano.components import COLOURS, Effect
from laguna.games.burano.position import (
    FISH_SUPPLY,
    NO_FISH,
    NO_FISH_VP,
    SHIPS,
    WITHDRAWN_COINS,
    Phase,
    Position,
    distinct,
    matches,
)
from laguna.games.burano.rules import Explainer, Handler, Hint, Legal, named, vp_text


def fishing_options(position: Position, seat: Seat) -> list[Action]:
    player = position.boards[seat]
    arrows = player.ring.arrow_colours()
    options: list[Action] = []
    for place in position.destinations(seat):
        if place in position.docks:
            if matches(arrows, position.docks[place]):
                options.append(Sail(place))
        elif not position.swapped and position.ports[place]:
            options.append(Sail(place))
    if player.privilege:
        islands = position.components.waters.islands
        for a, b in itertools.combinations(islands, 2):
            for ca in distinct(position.docks[a]):
                for cb in distinct(position.docks[b]):
                    if ca is not cb:
                        options.append(Swap(a, ca, b, cb))
    if not any(isinstance(o, Sail) for o in options):
        options.append(Forgo())
    return options


def fish_card_options(position: Position, seat: Seat) -> list[Action]:
    faces = sorted(set(position.fish_supply), key=position.components.fish_kinds.index)
    return [*(TakeFish(kind) for kind in faces), *([TakeFish(None)] if position.fish_deck else [])]


def trade_options(position: Position, seat: Seat) -> list[Action]:
    return [Trade(name) for name in position.tradeable(seat, position.boards[seat].boat)] or [Forgo()]


def do_swap(position: Position, seat: Seat, action: Swap, events: list[Event]) -> None:
    position.boards[seat].privilege -= 1
    docks = position.docks  # a copy of the position shares the houses of each dock: replace, never change
    a = docks[action.island] = list(docks[action.island])
    b = docks[action.other] = list(docks[action.other])
    a.remove(action.colour)
    b.remove(action.other_colour)
    a.append(action.other_colour)
    b.append(action.colour)
    a.sort(key=COLOURS.index)
    b.sort(key=COLOURS.index)
    position.swapped = True
    events.append(
        Event(
            "swap",
            seat,
            msg(
                "{player} spends a privilege point to swap the {colour} dock house of {island} "
                "with the {other_colour} one of {other}",
                player=Named(seat),
                colour=msg(action.colour.value),
                island=action.island,
                other_colour=msg(action.other_colour.value),
                other=action.other,
            ),
        )
    )


def do_forgo(position: Position, seat: Seat, action: Forgo, events: list[Event]) -> None:
    if position.phase is Phase.TRADE:
        text = msg("{player} can trade with no merchant ship in this port: no trade", player=Named(seat))
    else:
        text = msg("{player} has nowhere to fish: the action is lost", player=Named(seat))
    events.append(Event("forgo", seat, text))
    position.phase = Phase.TURN


def do_sail(position: Position, seat: Seat, action: Sail, events: list[Event]) -> None:
    player = position.boards[seat]
    player.boat = action.place
    if action.place not in position.docks:
        events.append(
            Event("sail", seat, msg("{player} sails to the {port} port", player=Named(seat), port=msg(action.place)))
        )
        position.phase = Phase.TRADE
        return
    position.matched = matches(player.ring.arrow_colours(), position.docks[action.place])
    position.fish_left = position.matched
    events.append(
        Event(
            "sail",
            seat,
            msg_plural(
                "{player} sails to island {island} and matches {count} colour",
                "{player} sails to island {island} and matches {count} colours",
                position.matched,
                player=Named(seat),
                island=action.place,
            ),
        )
    )
    position.phase = Phase.FISH_CARDS
    _after_fish_card(position, seat, events)


def do_take_fish(position: Position, seat: Seat, action: TakeFish, events: list[Event]) -> None:
    player = position.boards[seat]
    player.own_fish()
    if action.kind is None:
        card = position.fish_deck.pop()
        player.hand_secret[card] += 1
        position.reveals += 1
        events.append(Event("fish", seat, msg("{player} draws a fish card from the deck", player=Named(seat))))
    else:
        position.fish_supply.remove(action.kind)
        player.hand_public[action.kind] += 1
        events.append(
            Event(
                "fish",
                seat,
                msg("{player} takes a {kind} from the fish supply", player=Named(seat), kind=msg(action.kind)),
            )
        )
    position.fish_left -= 1
    _after_fish_card(position, seat, events)


def _after_fish_card(position: Position, seat: Seat, events: list[Event]) -> None:
    if position.fish_left and (position.fish_supply or position.fish_deck):
        return
    if position.fish_left:
        points = NO_FISH_VP * position.fish_left
        position.boards[seat].gain(NO_FISH, points)
        events.append(
            Event(
                "no-fish",
                seat,
                msg("No fish card is left: {player} scores {vp} instead", player=Named(seat), vp=vp_text(points)),
            )
        )
        position.fish_left = 0
    while len(position.fish_supply) < FISH_SUPPLY and position.fish_deck:
        position.fish_supply.append(position.fish_deck.pop())
        position.reveals += 1
    workers = position.boards[seat].ring.workers
    if position.matched == 3 and workers >= 3:
        position.phase = Phase.DISPATCH
    else:
        _dispatch(position, seat, 1 if workers >= 2 else 0, events)


def do_dispatch(position: Position, seat: Seat, action: Dispatch, events: list[Event]) -> None:
    _dispatch(position, seat, action.count, events)


def _dispatch(position: Position, seat: Seat, count: int, events: list[Event]) -> None:
    player = position.boards[seat]
    island = player.boat
    position.phase = Phase.TURN
    if not count:
        events.append(
            Event("dispatch", seat, msg("{player}'s last worker stays on the schedule ring", player=Named(seat)))
        )
        return
    player.ring = player.ring.dispatch(count)
    counts = position.island_workers[island] = list(position.island_workers[island])  # shared with copies
    counts[seat] += count
    events.append(
        Event(
            "dispatch",
            seat,
            msg_plural(
                "{player} dispatches {count} worker to island {island}",
                "{player} dispatches {count} workers to island {island}",
                count,
                player=Named(seat),
                island=island,
            ),
        )
    )
    for other in range(position.players):
        if other != seat and counts[other] and drive_back(position, other):
            counts[other] -= 1
            events.append(
                Event(
                    "withdraw",
                    other,
                    msg(
                        "{player} withdraws a worker from island {island} and gains 2 coins",
                        player=Named(other),
                        island=island,
                    ),
                )
            )


def drive_back(position: Position, seat: Seat) -> bool:
    """A worker of `seat` goes back to the lowest empty sector for 2 coins; with no empty sector it
    cannot, and stays where it is."""
    player = position.boards[seat]
    if not player.ring.empty_sectors:
        return False
    player.ring = player.ring.withdraw()
    player.coins += WITHDRAWN_COINS
    return True


def do_trade(position: Position, seat: Seat, action: Trade, events: list[Event]) -> None:
    player = position.boards[seat]
    ship = position.components.ship(action.ship)
    player.own_fish()
    for kind, count in ship.demand:
        public = min(count, player.hand_public[kind])
        player.hand_public[kind] -= public
        player.hand_secret[kind] -= count - public
        player.sold[kind] += count
    player.hand_public += Counter()
    player.hand_secret += Counter()
    player.gain(SHIPS, ship.vp)
    port = player.boat
    other = next(p for p in position.components.waters.ports if p != port)
    ports = position.ports  # a copy of the position shares the ships of each port: replace, never change
    ports[port] = [name for name in ports[port] if name != ship.name]
    ports[other] = [*ports[other], ship.name]
    events.append(
        Event(
            "trade",
            seat,
            msg(
                "{player} trades with the ship {ship} for {vp}; the ship sails to the {port} port",
                player=Named(seat),
                ship=ship.name,
                vp=vp_text(ship.vp),
                port=msg(other),
            ),
        )
    )
    position.phase = Phase.TURN


def explain_sail(position: Position, seat: Seat, action: Sail) -> Message:
    waters = position.components.waters
    place, boat = named(action.place, (*waters.islands, *waters.ports)), msg(position.boards[seat].boat)
    if action.place not in position.destinations(seat):
        if position.has(seat, Effect.TWO_STEP_FISHING):
            return msg("{place} is not two routes away from your boat at {boat}", place=place, boat=boat)
        return msg("{place} is not one route away from your boat at {boat}", place=place, boat=boat)
    if action.place in position.docks:
        return msg("no dock house of {island} matches the colours of your arrow-pointed houses", island=action.place)
    if not position.ports[action.place]:
        return msg("no merchant ship is in the {port} port", port=place)
    return msg("you swapped dock houses to fish at a neighbouring island, not to trade")


def explain_swap(position: Position, seat: Seat, action: Swap) -> Message:
    if not position.boards[seat].privilege:
        return msg("swapping dock houses costs a privilege point, and you have none")
    return msg("name a dock house of each of two islands, of different colours")


def explain_forgo(position: Position, seat: Seat, action: Forgo) -> Message:
    if position.phase is Phase.TRADE:
        return msg("trade with a merchant ship in this port")
    return msg("your boat can sail: fishing is not optional once the cube is built")


def explain_take_fish(position: Position, seat: Seat, action: TakeFish) -> Message:
    if action.kind is None:
        return msg("the fish deck is empty")
    return msg("no {kind} card is face up in the fish supply", kind=named(action.kind, position.components.fish_kinds))


def explain_dispatch(position: Position, seat: Seat, action: Dispatch) -> Message:
    return msg("dispatch 1 or 2 workers")


def explain_trade(position: Position, seat: Seat, action: Trade) -> Message:
    if action.ship not in position.ports[position.boards[seat].boat]:
        return msg("the ship {ship} is not in this port", ship=excerpt(action.ship))
    return msg("your fish cards do not meet the demand of the ship {ship}", ship=action.ship)


LEGAL: dict[Phase, Legal] = {
    Phase.FISHING: fishing_options,
    Phase.FISH_CARDS: fish_card_options,
    Phase.DISPATCH: lambda position, seat: [Dispatch(1), Dispatch(2)],
    Phase.TRADE: trade_options,
}
APPLY: dict[type[Action], Handler] = {
    Swap: do_swap,
    Forgo: do_forgo,
    Sail: do_sail,
    TakeFish: do_take_fish,
    Dispatch: do_dispatch,
    Trade: do_trade,
}
EXPLAIN: dict[type[Action], Explainer] = {
    Sail: explain_sail,
    Swap: explain_swap,
    Forgo: explain_forgo,
    TakeFish: explain_take_fish,
    Dispatch: explain_dispatch,
    Trade: explain_trade,
}
EXPECTED: dict[Phase, tuple[tuple[type[Action], ...], Hint]] = {
    Phase.FISHING: (
        (Sail, Swap, Forgo),
        lambda position, seat: msg("sail your fishing boat (or swap dock houses first)"),
    ),
    Phase.FISH_CARDS: (
        (TakeFish,),
        lambda position, seat: msg("take your fish cards first ({count} left)", count=position.fish_left),
    ),
    Phase.DISPATCH: ((Dispatch,), lambda position, seat: msg("you matched all three colours: dispatch 1 or 2 workers")),
    Phase.TRADE: ((Trade, Forgo), lambda position, seat: msg("trade with a merchant ship in this port")),
}
