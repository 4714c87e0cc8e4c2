"""The players' choice of roof tiles (rulebook: 3. SETUP, step 6).

In turn from the start player, each player takes three roof tiles of different kinds onto the roof
spaces of the player board; the first season begins once everyone has chosen.
"""

from __future__ import annotations

import itertools

from laguna.core.game import Event, Seat
from laguna.core.messages import Player as Named
from laguna.core.messages import msg
from laguna.games.burano.actions import Action, ChooseRoofs
from laguna.games.burano.components import RoofKind
from laguna.games.burano.position import ROOF_SPACES, Phase, Position
from laguna.games.burano.rules import Handler, Hint, Legal
from laguna.games.burano.rules.cleanup import next_in_queue


def roof_options(position: Position, seat: Seat) -> list[Action]:
    kinds = [kind for kind in RoofKind if position.roof_stacks[kind]]
    return [ChooseRoofs(combo) for combo in itertools.combinations(kinds, min(ROOF_SPACES, len(kinds)))]


def do_choose_roofs(position: Position, seat: Seat, action: ChooseRoofs, events: list[Event]) -> None:
    player = position.boards[seat]
    for kind in action.kinds:
        *rest, tile = position.roof_stacks[kind]  # a copy of the position shares the stack: replace it
        position.roof_stacks[kind] = rest
        player.roofs.append(tile)
    position.reveals += 1
    tiles = ", ".join(str(tile) for tile in player.roofs)
    events.append(Event("roofs", seat, msg("{player} takes the roof tiles {tiles}", player=Named(seat), tiles=tiles)))
    next_in_queue(position, events)


LEGAL: dict[Phase, Legal] = {Phase.ROOFS: roof_options}
APPLY: dict[type[Action], Handler] = {ChooseRoofs: do_choose_roofs}
EXPECTED: dict[Phase, tuple[tuple[type[Action], ...], Hint]] = {
    Phase.ROOFS: (
        (ChooseRoofs,),
        lambda position, seat: msg("choose three different kinds of roof tiles (roofs <kind> <kind> <kind>)"),
    ),
}
