"""The actions Take 2 Gold and Income (rules: The Actions): 2 gold from the supply (4 with the Bank);
1 gold for each customer on one island for which the player has a shop of the customer's colour there.

On Yucata (option `automatic_income`) the island that pays most is chosen by itself.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, excerpt, msg
from laguna.games.murano.actions import Action, Income
from laguna.games.murano.components import SpecialEffect
from laguna.games.murano.position import Phase, Position
from laguna.games.murano.rules.end import end_turn
from laguna.games.murano.rules.log import gold, name


def take_gold(state: Position, events: list[Event]) -> None:
    seat = state.actor
    gain = 4 if state.has(seat, SpecialEffect.BANK) else 2
    state.boards[seat].gold += gain
    events.append(Event("gold", seat, msg("{player} takes {gold}", player=name(seat), gold=gold(gain)), {}))
    end_turn(state, events)


def income(state: Position, events: list[Event]) -> None:
    seat = state.actor
    if state.options.automatic_income:
        best = max(state.side.islands, key=lambda island: state.income_at(seat, island.id))
        _income(state, seat, best.id, events)
    else:
        state.phase = Phase.INCOME


def income_options(state: Position, seat: Seat) -> list[Action]:
    return [Income(island.id) for island in state.side.islands]


def do_income(state: Position, seat: Seat, action: Income, events: list[Event]) -> None:
    _income(state, seat, action.island, events)


def _income(state: Position, seat: Seat, island: str, events: list[Event]) -> None:
    gain = state.income_at(seat, island)
    state.boards[seat].gold += gain
    text = msg("{player} takes income at {island}: {gold}", player=name(seat), island=island, gold=gold(gain))
    events.append(Event("income", seat, text, {}))
    end_turn(state, events)


def explain_income(state: Position, seat: Seat, action: Income) -> Message:
    return msg("{island} is not an island of this board side", island=excerpt(action.island))
