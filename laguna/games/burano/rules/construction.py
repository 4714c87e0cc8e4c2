"""Cube Pyramid Construction (rulebook: 4. SEQUENCE OF PLAY).

Every player stacks 14 cubes of the reserve at once and in secret, one decision per slot: the 3×3 base
first, then the 2×2 level, then the top; a player short of 14 fills the base first. The cubes left in
the reserve go back to the supply for 1 coin each, and the player turns begin. While the second level
covers it, the centre cube of the base stays face down to the other players.
"""

from __future__ import annotations

from collections import Counter

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, msg, msg_plural
from laguna.core.messages import Player as Named
from laguna.games.burano.actions import Action, Stack, one_stack
from laguna.games.burano.components import COLOURS
from laguna.games.burano.player import Player
from laguna.games.burano.position import HIDDEN, PYRAMID_CUBES, SEASON_TITLES, Phase, Position
from laguna.games.burano.pyramid import CENTRE, LAYERS, SLOT_NAMES, SLOTS, centre_covered, layer_of, layer_targets
from laguna.games.burano.rules import LOG_LINES, Explainer, Handler, Hint, Legal, coins_text


def stack_options(position: Position, seat: Seat) -> list[Action]:
    player = position.boards[seat]
    slot = player.cursor
    used = Counter(c for c in player.pyramid if c is not None)
    left = player.reserve - used
    options: list[Action] = [one_stack(slot, colour) for colour in COLOURS if left[colour]]
    if _may_leave_empty(player, slot):
        options.append(one_stack(slot, None))
    return options


def _may_leave_empty(player: Player, slot: int) -> bool:
    """A slot may stay empty while the rest of its layer can still take the layer's cubes."""
    layer = LAYERS[layer_of(slot)]
    target = layer_targets(min(PYRAMID_CUBES, player.reserve.total()))[layer_of(slot)]
    placed = sum(1 for s in layer if player.pyramid[s] is not None)
    return target - placed < layer[-1] - slot + 1


def settle_cursor(player: Player) -> None:
    """Skip the slots that stay empty by rule: the pyramid is complete once it holds its cubes."""
    total = min(PYRAMID_CUBES, player.reserve.total())
    while player.cursor < SLOTS:
        if player.pyramid_cubes() >= total:
            player.cursor = SLOTS
            break
        layer = layer_of(player.cursor)
        target = layer_targets(total)[layer]
        if sum(1 for s in LAYERS[layer] if player.pyramid[s] is not None) < target:
            break
        player.cursor = LAYERS[layer][-1] + 1


def begin_season(position: Position, events: list[Event]) -> None:
    position.phase = Phase.CONSTRUCTION
    events.append(
        Event(
            "season",
            None,
            msg(
                "{season} begins: every player builds a cube pyramid in secret",
                season=msg(SEASON_TITLES[position.season]),
            ),
            {"season": position.season},
        )
    )
    for player in position.boards:
        player.pyramid = [None] * SLOTS
        player.cursor = 0
        settle_cursor(player)
    if all(p.cursor >= SLOTS for p in position.boards):
        _finish_construction(position, events)


def do_stack(position: Position, seat: Seat, action: Stack, events: list[Event]) -> None:
    player = position.boards[seat]
    player.pyramid[action.slot] = action.colour
    player.cursor += 1
    settle_cursor(player)
    if player.cursor >= SLOTS:
        events.append(Event("pyramid-ready", seat, msg("{player} has built the cube pyramid", player=Named(seat))))
    if all(p.cursor >= SLOTS for p in position.boards):
        _finish_construction(position, events)


def _finish_construction(position: Position, events: list[Event]) -> None:
    """Every pyramid is revealed; the cubes left in each reserve go to the supply for 1 coin each."""
    position.reveals += 1
    for seat, player in enumerate(position.boards):
        used = Counter(c for c in player.pyramid if c is not None)
        left = player.reserve - used
        player.reserve = Counter()
        position.supply += left
        player.coins += left.total()
        player.centre_seen = not centre_covered(player.pyramid)
        shown = public_pyramid(player)
        cubes = " ".join("?" if c == HIDDEN else c[0].upper() if c else "." for c in shown)
        events.append(
            Event(
                "pyramid",
                seat,
                msg(
                    "{player}'s pyramid: {cubes}; {returned} back to the supply for {coins}",
                    player=Named(seat),
                    cubes=cubes,
                    returned=msg_plural("{count} cube", "{count} cubes", left.total()),
                    coins=coins_text(left.total()),
                ),
                {"pyramid": shown},
            )
        )
    position.phase = Phase.TURN
    position.round = 0
    position.turn = 0
    position.actor = position.start_player
    announce_turn(position, events)


def announce_turn(position: Position, events: list[Event]) -> None:
    """A player turn begins (the first after the construction, or the next after a turn's end)."""
    key = ("turn", position.season, position.round, position.actor)
    event = LOG_LINES.get(key)
    if event is None:
        event = LOG_LINES[key] = Event(
            "turn",
            position.actor,
            msg(
                "{season}, turn {turn}: {player} to play",
                season=msg(SEASON_TITLES[position.season]),
                turn=position.round + 1,
                player=Named(position.actor),
            ),
        )
    events.append(event)


def public_pyramid(player: Player) -> list[str | None]:
    """A pyramid as the other players see it: the centre cube face down while it is covered."""
    shown: list[str | None] = [c.value if c else None for c in player.pyramid]
    if not player.centre_seen and centre_covered(player.pyramid):
        shown[CENTRE] = HIDDEN
    return shown


def explain_stack(position: Position, seat: Seat, action: Stack) -> Message:
    player = position.boards[seat]
    if action.slot != player.cursor:
        return msg("the next slot to fill is {slot} (the base first, then up)", slot=SLOT_NAMES[player.cursor])
    if action.colour is None:
        return msg("every remaining slot of this layer must take a cube (14 cubes, the base first)")
    return msg("no {colour} cube is left in your cube reserve", colour=msg(action.colour.value))


LEGAL: dict[Phase, Legal] = {Phase.CONSTRUCTION: stack_options}
APPLY: dict[type[Action], Handler] = {Stack: do_stack}
EXPLAIN: dict[type[Action], Explainer] = {Stack: explain_stack}
EXPECTED: dict[Phase, tuple[tuple[type[Action], ...], Hint]] = {
    Phase.CONSTRUCTION: (
        (Stack,),
        lambda position, seat: msg(
            "build your cube pyramid first: the next slot is {slot}",
            slot=SLOT_NAMES[min(position.boards[seat].cursor, SLOTS - 1)],
        ),
    ),
}
