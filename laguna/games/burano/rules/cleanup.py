"""The clean-up at the end of a season (rulebook: 6. CLEAN-UP), and the turn order of its steps.

Island majorities score first; then, each player in turn from the start player, the lace makers are
paid for with cubes (and score, unions included). At the end of winter the game ends there; otherwise
the action colour markers are shuffled, each player in turn refills the cube reserve and then removes
and refills roof tiles, and the start player marker passes on. The set-up's roof choice asks the
players in the same order, so it shares the queue.
"""

from __future__ import annotations

from collections import Counter

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, msg
from laguna.core.messages import Player as Named
from laguna.games.burano import scoring
from laguna.games.burano.actions import (
    DONE,
    Action,
    Discard,
    Done,
    Pay,
    PrivilegeCube,
    Refill,
    TakeCube,
    one_pay,
    one_privilege_cube,
)
from laguna.games.burano.components import COLOURS, ActionSpace, Colour, Effect, RoofKind, square_name
from laguna.games.burano.position import ISLANDS, LACE, ROOF_SPACES, SEASONS, Phase, Position, distinct
from laguna.games.burano.pyramid import SLOTS, centre_covered
from laguna.games.burano.rules import LOG_LINES, Explainer, Handler, Hint, Legal, vp_text
from laguna.games.burano.rules.construction import begin_season
from laguna.games.burano.rules.final import game_over


def clean_up(position: Position, events: list[Event]) -> None:
    """The season's turns are over: score the island majorities, then ask for the lace scoring."""
    events.append(Event("clean-up", None, msg("The {season} clean-up", season=msg(SEASONS[position.season]))))
    tie = position.owner(Effect.ISLAND_TIES)
    for island, counts in position.island_workers.items():
        for seat, points in scoring.split_majority(counts, position.players, tie).items():
            position.boards[seat].gain(ISLANDS, points)
            events.append(
                Event(
                    "majority",
                    seat,
                    msg(
                        "{player} scores {vp} for the majority on island {island}",
                        player=Named(seat),
                        vp=vp_text(points),
                        island=island,
                    ),
                )
            )
    position.phase = Phase.LACE_SCORING
    position.queue = [s for s in position.from_start() if position.own_lace_squares(s)]
    _start_queue(position, events)


def _start_queue(position: Position, events: list[Event]) -> None:
    if not position.queue:
        _after_queue(position, events)
        return
    position.actor = position.queue[0]
    _enter_step(position, events)


def next_in_queue(position: Position, events: list[Event]) -> None:
    """The seat in turn is done with this step: the next one's turn, or the next step."""
    position.queue.pop(0)
    _start_queue(position, events)


def _enter_step(position: Position, events: list[Event]) -> None:
    """Prepare the current seat's part of a clean-up step (or the setup roof choice)."""
    seat = position.actor
    player = position.boards[seat]
    if position.phase is Phase.LACE_SCORING:
        position.paid = []
        if not pay_options(position, seat):
            do_done(position, seat, DONE, events)
    elif position.phase is Phase.CUBE_REFILL:
        _refill_cubes(position, seat, events)
        if cube_refill_options(position, seat) == [DONE]:
            position.owed = 0
            next_in_queue(position, events)
    elif position.phase in (Phase.ROOF_DISCARD, Phase.ROOF_REFILL):
        position.phase = Phase.ROOF_DISCARD
        position.refilled = []
        if not player.roofs:
            do_done(position, seat, DONE, events)


def _after_queue(position: Position, events: list[Event]) -> None:
    if position.phase is Phase.ROOFS:
        begin_season(position, events)
    elif position.phase is Phase.LACE_SCORING:
        if position.season == len(SEASONS) - 1:
            game_over(position, events)
            return
        position.rng.shuffle(position.markers)
        position.reveals += 1
        fishing, lace, earning = (
            msg(
                "{space}: {first}, {second}",
                space=msg(space.value),
                first=msg(position.markers[2 * k].value),
                second=msg(position.markers[2 * k + 1].value),
            )
            for k, space in enumerate(ActionSpace)
        )
        events.append(
            Event(
                "markers",
                None,
                msg(
                    "The action colour markers are shuffled: {fishing}; {lace_making}; {earning}",
                    fishing=fishing,
                    lace_making=lace,
                    earning=earning,
                ),
            )
        )
        position.phase = Phase.CUBE_REFILL
        position.queue = position.from_start()
        _start_queue(position, events)
    elif position.phase is Phase.CUBE_REFILL:
        position.phase = Phase.ROOF_DISCARD
        position.queue = position.from_start()
        _start_queue(position, events)
    else:
        position.start_player = (position.start_player + 1) % position.players
        events.append(
            Event(
                "start-player",
                position.start_player,
                msg("{player} becomes the start player", player=Named(position.start_player)),
            )
        )
        position.season += 1
        begin_season(position, events)


# ---------------------------------------------------------------------- 2. score for lace making


def pay_options(position: Position, seat: Seat) -> list[Action]:
    player = position.boards[seat]
    paid = {square for square, _ in position.paid}
    pyramid = player.pyramid
    card = position.has(seat, Effect.LACE_DISCOUNT) and all(means != "card" for _, means in position.paid)
    options: list[Action] = []
    for square in position.own_lace_squares(seat):
        if square in paid:
            continue
        colour = position.area.colours[square]
        if colour in pyramid:
            options.append(one_pay(square, "cube"))
        if player.privilege and position.supply[colour]:
            options.append(one_pay(square, "privilege"))
        if card:
            options.append(one_pay(square, "card"))
    return options


def do_pay(position: Position, seat: Seat, action: Pay, events: list[Event]) -> None:
    player = position.boards[seat]
    colour = position.area.colours[action.square]
    if action.means == "cube":
        slot = max(s for s in range(SLOTS) if player.pyramid[s] is colour)
        player.pyramid[slot] = None
        player.centre_seen = player.centre_seen or not centre_covered(player.pyramid)
        position.supply[colour] += 1
    elif action.means == "privilege":
        player.privilege -= 1
    position.paid.append((action.square, action.means))
    key = ("pay", seat, colour, action.square, action.means)
    event = LOG_LINES.get(key)
    if event is None:
        event = LOG_LINES[key] = _pay_line(seat, colour, action)
    events.append(event)
    if not pay_options(position, seat):
        _score_lace(position, seat, events)
        next_in_queue(position, events)


def _pay_line(seat: Seat, colour: Colour, action: Pay) -> Event:
    fields = {"player": Named(seat), "colour": msg(colour.value), "square": square_name(action.square)}
    if action.means == "cube":
        text = msg("{player} returns a {colour} cube for the lace maker on {square}", **fields)
    elif action.means == "privilege":
        text = msg("{player} spends a privilege point on a {colour} cube for the lace maker on {square}", **fields)
    else:
        text = msg("{player} uses the lace-discount card for the lace maker on {square}", **fields)
    return Event("pay", seat, text)


def _score_lace(position: Position, seat: Seat, events: list[Event]) -> None:
    base, union = scoring.lace_vp((square for square, _ in position.paid), position.area.neighbours)
    position.boards[seat].gain(LACE, base + union)
    events.append(
        Event(
            "lace-score",
            seat,
            msg(
                "{player} scores {lace} for lace and {unions} for unions",
                player=Named(seat),
                lace=vp_text(base),
                unions=vp_text(union),
            ),
            {"vp": base + union},
        )
    )
    position.paid = []


def explain_pay(position: Position, seat: Seat, action: Pay) -> Message:
    if position.lace_workers.get(action.square) != seat:
        return msg("none of your workers stands on {square}", square=square_name(action.square))
    if any(square == action.square for square, _ in position.paid):
        return msg("you already returned a cube for this worker")
    colour = msg(position.area.colours[action.square].value)
    if action.means == "card":
        return msg("you have no unused lace-discount building card")
    if action.means == "privilege":
        return msg("a privilege point and a {colour} cube in the supply are needed", colour=colour)
    return msg("your pyramid has no {colour} cube left", colour=colour)


# ---------------------------------------------------------------------- 4. refill house cubes


def cube_refill_options(position: Position, seat: Seat) -> list[Action]:
    """The cubes owed whose colour ran out, any colour instead (or none); then privilege cubes."""
    available = [c for c in COLOURS if position.supply[c]]
    if position.owed:
        return [*(TakeCube(c) for c in available), TakeCube(None)]
    return [*(one_privilege_cube(c, None) for c in available if position.boards[seat].privilege), DONE]


def _refill_cubes(position: Position, seat: Seat, events: list[Event]) -> None:
    """Pyramid cubes go back to the reserve; each covered house symbol brings a cube of its colour."""
    player = position.boards[seat]
    for slot, cube in enumerate(player.pyramid):
        if cube is not None:
            player.reserve[cube] += 1
            player.pyramid[slot] = None
    position.owed = 0
    taken: Counter[Colour] = Counter()
    for colour, count in sorted(player.ring.covered_colours().items(), key=lambda item: COLOURS.index(item[0])):
        got = min(count, position.supply[colour])
        position.supply[colour] -= got
        taken[colour] += got
        position.owed += count - got
    player.reserve += taken
    if not position.supply.total():
        position.owed = 0
    listed = [msg("{count} {colour}", count=n, colour=msg(c.value)) for c, n in taken.items() if n]
    if listed:
        text = msg("{player} takes {cubes} for the covered house symbols", player=Named(seat), cubes=listed)
    else:
        text = msg("{player} takes no cubes for the covered house symbols", player=Named(seat))
    events.append(Event("refill", seat, text))


def do_take_cube(position: Position, seat: Seat, action: TakeCube, events: list[Event]) -> None:
    position.owed -= 1
    if action.colour is None:
        text = msg("{player} takes no cube instead", player=Named(seat))
    else:
        position.supply[action.colour] -= 1
        position.boards[seat].reserve[action.colour] += 1
        text = msg("{player} takes a {colour} cube instead", player=Named(seat), colour=msg(action.colour.value))
    if not position.supply.total():
        position.owed = 0
    events.append(Event("refill", seat, text))
    if not position.owed and (not position.boards[seat].privilege or not position.supply.total()):
        next_in_queue(position, events)


def explain_take_cube(position: Position, seat: Seat, action: TakeCube) -> Message:
    if not position.owed:
        return msg("you are owed no cube: take a cube with a privilege point or say done")
    assert action.colour is not None
    return msg("the supply has no {colour} cube", colour=msg(action.colour.value))


# ---------------------------------------------------------------------- 5. refill roof tiles


def discard_options(position: Position, seat: Seat) -> list[Action]:
    return [*(Discard(tile) for tile in distinct(position.boards[seat].roofs)), DONE]


def do_discard(position: Position, seat: Seat, action: Discard, events: list[Event]) -> None:
    player = position.boards[seat]
    player.roofs.remove(action.tile)
    position.removed_roofs.append(action.tile)
    events.append(
        Event("discard", seat, msg("{player} removes the roof tile {tile}", player=Named(seat), tile=str(action.tile)))
    )
    if not player.roofs:
        do_done(position, seat, DONE, events)


def refill_options(position: Position, seat: Seat) -> list[Action]:
    return [Refill(kind) for kind in _refill_kinds(position)]


def _refill_kinds(position: Position) -> list[RoofKind]:
    player = position.boards[position.actor]
    if len(player.roofs) >= ROOF_SPACES:
        return []
    return [kind for kind in RoofKind if position.roof_stacks[kind] and kind not in position.refilled]


def do_refill(position: Position, seat: Seat, action: Refill, events: list[Event]) -> None:
    player = position.boards[seat]
    *rest, tile = position.roof_stacks[action.kind]  # a copy of the position shares the stack: replace it
    position.roof_stacks[action.kind] = rest
    player.roofs.append(tile)
    position.refilled.append(action.kind)
    position.reveals += 1
    events.append(
        Event(
            "refill-roof",
            seat,
            msg("{player} refills a roof space with {tile}", player=Named(seat), tile=str(tile)),
        )
    )
    if not _refill_kinds(position):
        next_in_queue(position, events)


def explain_discard(position: Position, seat: Seat, action: Discard) -> Message:
    return msg("you have no {tile} roof tile", tile=str(action.tile))


def explain_refill(position: Position, seat: Seat, action: Refill) -> Message:
    if action.kind in position.refilled:
        return msg("the refilled roof tiles must be of different kinds")
    return msg("the {kind} roof stack is empty", kind=msg(action.kind.value))


# ---------------------------------------------------------------------- the end of a seat's part


def do_done(position: Position, seat: Seat, action: Done, events: list[Event]) -> None:
    """The seat ends its part of a clean-up step."""
    if position.phase is Phase.LACE_SCORING:
        _score_lace(position, seat, events)
        next_in_queue(position, events)
    elif position.phase is Phase.CUBE_REFILL:
        next_in_queue(position, events)
    elif position.phase is Phase.ROOF_DISCARD:
        position.phase = Phase.ROOF_REFILL
        position.refilled = []
        if not _refill_kinds(position):
            next_in_queue(position, events)


def explain_done(position: Position, seat: Seat, action: Done) -> Message:
    return msg("you are owed cubes: take them first")


LEGAL: dict[Phase, Legal] = {
    Phase.LACE_SCORING: lambda position, seat: [*pay_options(position, seat), DONE],
    Phase.CUBE_REFILL: cube_refill_options,
    Phase.ROOF_DISCARD: discard_options,
    Phase.ROOF_REFILL: refill_options,
}
APPLY: dict[type[Action], Handler] = {Pay: do_pay, TakeCube: do_take_cube, Discard: do_discard, Refill: do_refill}
EXPLAIN: dict[type[Action], Explainer] = {
    Pay: explain_pay,
    TakeCube: explain_take_cube,
    Done: explain_done,
    Discard: explain_discard,
    Refill: explain_refill,
}
EXPECTED: dict[Phase, tuple[tuple[type[Action], ...], Hint]] = {
    Phase.LACE_SCORING: ((Pay, Done), lambda position, seat: msg("return cubes for your lace makers or say done")),
    Phase.CUBE_REFILL: ((TakeCube, PrivilegeCube, Done), lambda position, seat: msg("refill your cube reserve")),
    Phase.ROOF_DISCARD: ((Discard, Done), lambda position, seat: msg("remove roof tiles or say done")),
    Phase.ROOF_REFILL: (
        (Refill,),
        lambda position, seat: msg("refill your empty roof spaces with different kinds"),
    ),
}
