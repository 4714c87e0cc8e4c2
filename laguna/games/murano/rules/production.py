"""The action Production (rules: The Actions): produce in some of your glass factories, no more than
half your VP, drawing a glass bead and losing 2 VP for each; then sell 1, 2 or 3 beads of one colour
for 5, 12 or 20 gold. Production may be used only to sell.

The Trading Station draws one bead more and returns one at the end of the turn; the Guild Hall brings
1 VP after producing; a Studio lets beads of one colour count as the other's. On Yucata (option
`optional_selling`) selling is optional.
"""

from __future__ import annotations

from typing import Final

from laguna.core.game import Event, Seat, copy_counter
from laguna.core.messages import N_, Message, excerpt, msg, msg_plural
from laguna.games.murano.actions import Action, Produce, ReturnBead, Sell
from laguna.games.murano.components import Bead, SpecialEffect
from laguna.games.murano.position import Phase, Position
from laguna.games.murano.rules.end import end_turn
from laguna.games.murano.rules.log import gold, name, vp

SALE: Final = {1: 5, 2: 12, 3: 20}
"""Gold for 1, 2 or 3 beads of one colour."""
_BEADS: Final = {Bead.RED: N_("a red bead"), Bead.GREEN: N_("a green bead"), Bead.BLUE: N_("a blue bead")}
"""One bead by colour, as a log line names the one returned."""


def _beads(colour: Bead, count: int) -> Message:
    """`count` beads of `colour`, as a log line names those sold."""
    if colour is Bead.RED:
        return msg_plural("{count} red bead", "{count} red beads", count)
    if colour is Bead.GREEN:
        return msg_plural("{count} green bead", "{count} green beads", count)
    return msg_plural("{count} blue bead", "{count} blue beads", count)


def production(state: Position, events: list[Event]) -> None:
    state.phase = Phase.PRODUCE


def produce_options(state: Position, seat: Seat) -> list[Action]:
    """How many glass factories produce; none only to sell beads already owned."""
    low = 0 if state.boards[seat].beads.total() else 1
    return [Produce(k) for k in range(low, state.max_production(seat) + 1)]


def do_produce(state: Position, seat: Seat, action: Produce, events: list[Event]) -> None:
    player = state.boards[seat]
    player.vp["production"] -= 2 * action.count
    draws = action.count + (1 if action.count and state.has(seat, SpecialEffect.TRADING_STATION) else 0)
    drawn: list[Bead] = []
    state.bag = copy_counter(state.bag)
    for _ in range(draws):
        if not state.bag.total():
            break
        bead = state.rng.choice([b for b in Bead for _ in range(state.bag[b])])
        state.bag[bead] -= 1
        player.beads[bead] += 1
        drawn.append(bead)
    # "after producing at least one glass bead": an empty bag produces nothing.
    state.produced = bool(drawn)
    if drawn:
        state.reveals += 1
    text = msg_plural(
        "{player} produces in {count} glass factory (−{vp})",
        "{player} produces in {count} glass factories (−{vp})",
        action.count,
        player=name(seat),
        vp=vp(2 * action.count),
    )
    if drawn:
        text = msg("{event}: {details}", event=text, details=[msg(b.value) for b in drawn])
    if state.produced and state.has(seat, SpecialEffect.GUILD_HALL):
        player.vp["special buildings"] += 1
        text = msg("{event} (Guild Hall: {vp})", event=text, vp=vp(1))
    events.append(Event("produce", seat, text, {}))
    state.phase = Phase.SELL
    if sell_options(state, seat) == [Sell(None, 0)]:
        end_turn(state, events)


def sell_options(state: Position, seat: Seat) -> list[Action]:
    """1–3 beads of one colour (the Trading Station's owner keeps one to return), or none."""
    keep_one = state.produced and state.has(seat, SpecialEffect.TRADING_STATION)
    total = state.boards[seat].beads.total()
    options: list[Action] = []
    for bead in Bead:
        usable = state.usable_beads(seat, bead)
        for count in range(1, 4):
            if count <= usable and (not keep_one or count < total):
                options.append(Sell(bead.value, count))
    if state.options.optional_selling or not options:
        options.append(Sell(None, 0))
    return options


def do_sell(state: Position, seat: Seat, action: Sell, events: list[Event]) -> None:
    if action.colour is not None:
        colour = Bead(action.colour)
        state.spend_beads(seat, colour, action.count)
        state.boards[seat].gold += SALE[action.count]
        beads, paid = _beads(colour, action.count), gold(SALE[action.count])
        text = msg("{player} sells {beads} for {gold}", player=name(seat), beads=beads, gold=paid)
        events.append(Event("sell", seat, text, {}))
    end_turn(state, events)


def return_options(state: Position, seat: Seat) -> list[Action]:
    """Trading Station: a bead of any colour the player has goes back to the bag."""
    player = state.boards[seat]
    return [ReturnBead(b.value) for b in Bead if player.beads[b]]


def do_returnbead(state: Position, seat: Seat, action: ReturnBead, events: list[Event]) -> None:
    bead = Bead(action.colour)
    state.boards[seat].beads[bead] -= 1
    state.bag = copy_counter(state.bag)
    state.bag[bead] += 1
    state.produced = False
    text = msg("{player} returns {bead} (Trading Station)", player=name(seat), bead=msg(_BEADS[bead]))
    events.append(Event("return", seat, text, {}))
    end_turn(state, events)


def explain_produce(state: Position, seat: Seat, action: Produce) -> Message:
    if action.count == 0:
        return msg("producing in no glass factory is only for selling beads, and you have none")
    return msg_plural(
        "you may produce in at most {count} glass factory (those you built, at most half your VP)",
        "you may produce in at most {count} glass factories (those you built, at most half your VP)",
        state.max_production(seat),
    )


def explain_sell(state: Position, seat: Seat, action: Sell) -> Message:
    if action.colour is None:
        return msg("selling is required when you can sell (the optional-selling rule is off)")
    if state.produced and state.has(seat, SpecialEffect.TRADING_STATION):
        return msg("you cannot sell those beads (1–3 of one colour; the Trading Station needs one left)")
    return msg("you cannot sell those beads (1–3 of one colour that you have)")


def explain_returnbead(state: Position, seat: Seat, action: ReturnBead) -> Message:
    return msg("you have no {colour} bead to return", colour=excerpt(action.colour))
