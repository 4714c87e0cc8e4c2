"""Player turns: the moves, picking up and building a house (rulebook: 4. SEQUENCE OF PLAY, Player
Turns, A) Pick Up A House and B) Build A House).

A turn is up to four moves, paid before each (+1, −3, −3, −4 coins); a turn without a move takes
1 coin. Picking up moves a free cube of the pyramid to the preparation area; building places a
prepared cube in a pit next to a house (corner to corner) or on a rooftop block (1 privilege point
when the colours match) and then performs the action of its colour. When every player has taken the
season's turns, the clean-up follows. (Roofing, the third move, is `roofing`.)
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, msg
from laguna.core.messages import Player as Named
from laguna.games.burano.actions import (
    END,
    Action,
    Build,
    End,
    Pick,
    PrivilegeCoin,
    PrivilegeCube,
    Roof,
    one_build,
    one_pick,
)
from laguna.games.burano.components import COLOURS, ActionSpace, square_name
from laguna.games.burano.main_island import Stack as Houses
from laguna.games.burano.main_island import build_sites, roof_pairs, roof_sites
from laguna.games.burano.position import MAX_MOVES, MOVE_COSTS, PREPARATION_SPACES, TURNS, Phase, Position, distinct
from laguna.games.burano.pyramid import SLOT_NAMES, centre_covered, free_slots
from laguna.games.burano.rules import LOG_LINES, Explainer, Handler, Hint, Legal, coins_text, privilege
from laguna.games.burano.rules.cleanup import clean_up
from laguna.games.burano.rules.construction import announce_turn
from laguna.games.burano.rules.lace import begin_earning, begin_lace_making


def turn_options(position: Position, seat: Seat) -> list[Action]:
    player = position.boards[seat]
    options: list[Action] = []
    if position.can_move(seat):
        if len(player.preparation) < PREPARATION_SPACES:
            options.extend(one_pick(slot) for slot in free_slots(player.pyramid))
        colours = [c for c in COLOURS if c in player.preparation]
        if colours:
            sites = build_sites(position.components.main_island, position.stacks)
            options.extend(one_build(colour, site) for colour in colours for site in sites)
        if player.roofs:
            any_cube = position.any_cube_colours(seat)
            pairs = roof_pairs(position.stacks)
            for tile in distinct(player.roofs):
                options.extend(Roof(tile, a, b) for a, b in roof_sites(pairs, tile, any_cube))
    options.extend(privilege.turn_options(position, seat))
    options.append(END)
    return options


def pay_move(position: Position, seat: Seat) -> None:
    player = position.boards[seat]
    player.coins -= MOVE_COSTS[player.moves]
    player.moves += 1


def move_refused(position: Position, seat: Seat) -> Message | None:
    """Why the seat can make no move now (four made, or too few coins), if it cannot."""
    if position.can_move(seat):
        return None
    player = position.boards[seat]
    if player.moves >= MAX_MOVES:
        return msg("you have made 4 moves this turn, the most a turn allows")
    return msg(
        "your move {move} costs {cost} and you have {coins}",
        move=player.moves + 1,
        cost=coins_text(position.move_cost(seat)),
        coins=player.coins,
    )


def do_pick(position: Position, seat: Seat, action: Pick, events: list[Event]) -> None:
    player = position.boards[seat]
    pay_move(position, seat)
    colour = player.pyramid[action.slot]
    assert colour is not None
    player.pyramid[action.slot] = None
    player.preparation.append(colour)
    player.centre_seen = player.centre_seen or not centre_covered(player.pyramid)
    key = ("pick", seat, colour, action.slot)
    event = LOG_LINES.get(key)
    if event is None:
        event = LOG_LINES[key] = Event(
            "pick",
            seat,
            msg(
                "{player} picks up the {colour} cube from {slot}",
                player=Named(seat),
                colour=msg(colour.value),
                slot=SLOT_NAMES[action.slot],
            ),
        )
    events.append(event)


def explain_pick(position: Position, seat: Seat, action: Pick) -> Message:
    refused = move_refused(position, seat)
    if refused is not None:
        return refused
    player = position.boards[seat]
    if len(player.preparation) >= PREPARATION_SPACES:
        return msg("your preparation area is full (3 cubes)")
    if player.pyramid[action.slot] is None:
        return msg("slot {slot} of your pyramid is empty", slot=SLOT_NAMES[action.slot])
    return msg("the cube in {slot} is not free: another cube rests on it", slot=SLOT_NAMES[action.slot])


def do_build(position: Position, seat: Seat, action: Build, events: list[Event]) -> None:
    player = position.boards[seat]
    pay_move(position, seat)
    player.preparation.remove(action.colour)
    stack = position.stacks.get(action.square)
    space = position.action_of(action.colour)
    if stack is None:
        position.stacks[action.square] = Houses((action.colour,))
        match = None
    else:
        match = stack.rooftop is action.colour
        position.stacks[action.square] = stack.built(action.colour)
        if match:
            player.privilege += 1
    key = ("build", seat, action.colour, action.square, space, match)
    event = LOG_LINES.get(key)
    if event is None:
        event = LOG_LINES[key] = _build_line(seat, action, space, match)
    events.append(event)
    if space is ActionSpace.FISHING:
        position.swapped = False
        position.phase = Phase.FISHING
    elif space is ActionSpace.LACE_MAKING:
        begin_lace_making(position, seat)
    else:
        begin_earning(position, seat, events)


def _build_line(seat: Seat, action: Build, space: ActionSpace, match: bool | None) -> Event:
    """The log line of a house built in a pit (`match` None) or on a rooftop block of its colour or not."""
    where = square_name(action.square)
    fields = {"player": Named(seat), "colour": msg(action.colour.value), "square": where, "space": msg(space.value)}
    if match is None:
        text = msg("{player} builds a {colour} house in the pit {square}, then goes {space}", **fields)
    elif match:
        text = msg(
            "{player} builds a {colour} house on the rooftop block at {square} "
            "(colours match: 1 privilege point), then goes {space}",
            **fields,
        )
    else:
        text = msg("{player} builds a {colour} house on the rooftop block at {square}, then goes {space}", **fields)
    return Event("build", seat, text, {"square": where})


def explain_build(position: Position, seat: Seat, action: Build) -> Message:
    refused = move_refused(position, seat)
    if refused is not None:
        return refused
    if action.colour not in position.boards[seat].preparation:
        return msg("there is no {colour} cube in your preparation area", colour=msg(action.colour.value))
    where = square_name(action.square)
    stack = position.stacks.get(action.square)
    if stack is not None:
        return msg("{square} holds a house without a rooftop block to build on", square=where)
    if action.square not in position.components.main_island.pits:
        return msg("{square} is not a pit of the main island", square=where)
    return msg("{square} touches no house, not even corner to corner", square=where)


def do_end(position: Position, seat: Seat, action: End, events: list[Event]) -> None:
    player = position.boards[seat]
    if player.moves == 0:
        player.coins += 1
        event = LOG_LINES.get(("pass", seat))
        if event is None:
            event = LOG_LINES["pass", seat] = Event(
                "pass", seat, msg("{player} makes no move and takes 1 coin", player=Named(seat))
            )
        events.append(event)
    player.moves = 0
    position.turn += 1
    if position.turn == position.players:
        position.turn = 0
        position.round += 1
    if position.round == TURNS[position.season]:
        clean_up(position, events)
        return
    position.actor = (position.start_player + position.turn) % position.players
    announce_turn(position, events)


LEGAL: dict[Phase, Legal] = {Phase.TURN: turn_options}
APPLY: dict[type[Action], Handler] = {Pick: do_pick, Build: do_build, End: do_end}
EXPLAIN: dict[type[Action], Explainer] = {Pick: explain_pick, Build: explain_build}
EXPECTED: dict[Phase, tuple[tuple[type[Action], ...], Hint]] = {
    Phase.TURN: (
        (Pick, Build, Roof, End, PrivilegeCoin, PrivilegeCube),
        lambda position, seat: msg("make a move, spend privilege points or end your turn"),
    ),
}
