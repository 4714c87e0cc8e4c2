"""The lace making and earning actions (rulebook: 5. ACTIONS, Lace Making and Earning; 8. PRIVILEGE,
privilege for lace making).

Lace making sends up to three workers, one per arrow-pointed colour, into workshop squares of that
colour, each next to one already there (a privilege point or the building card lets a worker stand
apart or drive another player's worker back); a coin square pays 1 coin. Earning pays a coin per
visible coin on the schedule ring, then any workers may be withdrawn for 1 coin each. The last worker
always stays on the ring.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, msg
from laguna.core.messages import Player as Named
from laguna.games.burano.actions import DONE, Action, Done, Lace, Withdraw, one_lace
from laguna.games.burano.components import Colour, Effect, HouseSymbol, square_name
from laguna.games.burano.position import MAX_LACE_MAKERS, Phase, Position
from laguna.games.burano.rules import LOG_LINES, Explainer, Handler, Hint, Legal, cleanup, coins_text
from laguna.games.burano.rules.fishing import drive_back


def begin_lace_making(position: Position, seat: Seat) -> None:
    """The arrow-pointed colours say where lace makers may go; with nowhere to go the action ends."""
    position.arrows = list(position.boards[seat].ring.arrow_colours())
    position.sent = 0
    position.phase = Phase.LACE
    if not lace_options(position, seat):
        position.phase = Phase.TURN


def lace_options(position: Position, seat: Seat) -> list[Action]:
    """The lace makers the seat can still send in this action (without the closing `done`)."""
    player = position.boards[seat]
    if position.sent >= MAX_LACE_MAKERS or player.ring.workers < 2 or not position.arrows:
        return []
    own = {square for square, owner in position.lace_workers.items() if owner == seat}
    bump = position.has(seat, Effect.LACE_BUMP)
    options: list[Action] = []
    neighbours = position.area.neighbours
    for square, colour in position.area.squares_in_order():
        if colour not in position.arrows or square in own:
            continue
        occupant = position.lace_workers.get(square)
        if occupant is not None and position.boards[occupant].ring.empty_sectors == 0:
            continue
        adjacent = not own or any(near in own for near in neighbours[square])
        if adjacent and (occupant is None or bump):
            options.append(one_lace(square, False))
        elif player.privilege:
            options.append(one_lace(square, True))
    return options


def do_lace(position: Position, seat: Seat, action: Lace, events: list[Event]) -> None:
    player = position.boards[seat]
    colour = position.area.colours[action.square]
    if action.privilege:
        player.privilege -= 1
    occupant = position.lace_workers.get(action.square)
    if occupant is not None:
        drive_back(position, occupant)
    position.lace_workers[action.square] = seat
    player.ring = player.ring.dispatch(1)
    position.arrows.remove(colour)
    position.sent += 1
    coin = action.square in position.area.coins
    if coin:
        player.coins += 1
    key = ("lace", seat, colour, action, occupant, coin)
    event = LOG_LINES.get(key)
    if event is None:
        event = LOG_LINES[key] = _lace_line(seat, colour, action, occupant, coin)
    events.append(event)
    if not lace_options(position, seat):
        position.phase = Phase.TURN


def _lace_line(seat: Seat, colour: Colour, action: Lace, occupant: Seat | None, coin: bool) -> Event:
    """The log line of a lace maker sent, with the worker it drove back and the coin of its square."""
    where = square_name(action.square)
    fields = {"player": Named(seat), "square": where, "colour": msg(colour.value)}
    if action.privilege:
        text = msg("{player} sends a lace maker to {square} ({colour}) with a privilege point", **fields)
    else:
        text = msg("{player} sends a lace maker to {square} ({colour})", **fields)
    if occupant is not None:
        text = msg("{sent}; {player}'s worker goes back for 2 coins", sent=text, player=Named(occupant))
    if coin:
        text = msg("{sent}; a coin square: 1 coin", sent=text)
    return Event("lace", seat, text, {"square": where})


def explain_lace(position: Position, seat: Seat, action: Lace) -> Message:
    player = position.boards[seat]
    colour = position.area.colours.get(action.square)
    if colour is None:
        return msg("{square} is not a square of a lace workshop", square=square_name(action.square))
    if position.sent >= MAX_LACE_MAKERS:
        return msg("no more than 3 workers go lace making at one time")
    if player.ring.workers < 2:
        return msg("your last worker must stay on your schedule ring")
    if colour not in position.arrows:
        return msg("no arrow-pointed house left to use is {colour}", colour=msg(colour.value))
    occupant = position.lace_workers.get(action.square)
    if occupant == seat:
        return msg("one of your workers already stands there")
    if occupant is not None and not position.boards[occupant].ring.empty_sectors:
        return msg("{player}'s schedule ring has no empty sector to take the worker back", player=Named(occupant))
    if action.privilege and not player.privilege:
        return msg("you have no privilege point")
    if action.privilege:
        return msg("this square needs no privilege point")
    if occupant is not None and not position.has(seat, Effect.LACE_BUMP):
        return msg("another player's worker stands there (a privilege point or the building card allows it)")
    return msg("after your first lace maker, a worker goes next to one of yours (or spend a privilege point)")


def begin_earning(position: Position, seat: Seat, events: list[Event]) -> None:
    """The base: a coin per visible coin on the schedule ring; then the optional withdrawals."""
    player = position.boards[seat]
    base = player.ring.visible(HouseSymbol.COIN)
    player.coins += base
    events.append(
        Event(
            "earn",
            seat,
            msg("{player} earns {coins} for the visible coins", player=Named(seat), coins=coins_text(base)),
        )
    )
    position.phase = Phase.EARNING
    if not withdraw_options(position, seat):
        position.phase = Phase.TURN


def withdraw_options(position: Position, seat: Seat) -> list[Action]:
    """The workers the seat can still withdraw (without the closing `done`)."""
    if not position.boards[seat].ring.empty_sectors:
        return []
    islands = [Withdraw(island=i) for i, counts in position.island_workers.items() if counts[seat]]
    return [*islands, *(Withdraw(square=s) for s in position.own_lace_squares(seat))]


def do_withdraw(position: Position, seat: Seat, action: Withdraw, events: list[Event]) -> None:
    player = position.boards[seat]
    if action.square is not None:
        del position.lace_workers[action.square]
        text = msg(
            "{player} withdraws a worker from workshop square {square} for 1 coin",
            player=Named(seat),
            square=square_name(action.square),
        )
    else:
        assert action.island is not None
        counts = position.island_workers[action.island] = list(position.island_workers[action.island])
        counts[seat] -= 1  # a copy of the position shares the counts: replaced, never changed
        text = msg(
            "{player} withdraws a worker from island {island} for 1 coin", player=Named(seat), island=action.island
        )
    player.ring = player.ring.withdraw()
    player.coins += 1
    events.append(Event("withdraw", seat, text))
    if not withdraw_options(position, seat):
        position.phase = Phase.TURN


def explain_withdraw(position: Position, seat: Seat, action: Withdraw) -> Message:
    if not position.boards[seat].ring.empty_sectors:
        return msg("your schedule ring has no empty sector")
    return msg("none of your workers is there")


def do_done(position: Position, seat: Seat, action: Done, events: list[Event]) -> None:
    """`done` ends a lace making or earning series; in the clean-up, the seat's part of a step."""
    if position.phase is Phase.LACE or position.phase is Phase.EARNING:
        position.phase = Phase.TURN
    else:
        cleanup.do_done(position, seat, action, events)


LEGAL: dict[Phase, Legal] = {
    Phase.LACE: lambda position, seat: [*lace_options(position, seat), DONE],
    Phase.EARNING: lambda position, seat: [*withdraw_options(position, seat), DONE],
}
APPLY: dict[type[Action], Handler] = {Lace: do_lace, Withdraw: do_withdraw, Done: do_done}
EXPLAIN: dict[type[Action], Explainer] = {Lace: explain_lace, Withdraw: explain_withdraw}
EXPECTED: dict[Phase, tuple[tuple[type[Action], ...], Hint]] = {
    Phase.LACE: ((Lace, Done), lambda position, seat: msg("send lace makers to the workshops or say done")),
    Phase.EARNING: ((Withdraw, Done), lambda position, seat: msg("withdraw workers for 1 coin each or say done")),
}
