"""A turn (rules: A turn, Carry out an action on an action space, Pass, and the Lighthouse): choose an
action space a ship can reach, or pass.

To carry out an action, the ships on the chosen space sail on counter-clockwise, front first, to empty
spaces they can reach without passing another ship (and as many more as must make room), then the
nearest ship clockwise comes onto it; the first ship moved is free, each next costs 1 gold more. To
pass, the nearest ship clockwise comes onto an empty space, and the player takes 1 gold. The Lighthouse
sails the red ship onto the first occupied space ahead, for its action.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import compress
from operator import not_
from typing import Final

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, msg, msg_plural
from laguna.games.murano.actions import Act, Action, Lighthouse, Pass, Sail
from laguna.games.murano.components import PLAYER_COLOURS, SpecialEffect
from laguna.games.murano.components import Action as ActionKind
from laguna.games.murano.position import Phase, Position
from laguna.games.murano.rules import building, buying, gondoliers, income, production, recruiting
from laguna.games.murano.rules.end import end_turn
from laguna.games.murano.rules.log import gold, name
from laguna.games.murano.ships import SPACES, cost_of, ship_costs

_ACTS: Final = {n: Act(n) for n in range(1, SPACES + 1)}
_PASSES: Final = tuple(Pass(n) for n in range(1, SPACES + 1))
"""Passing on each space, by index."""
_KINDS: Final = tuple(ActionKind)
"""The actions in their order (an action space's number of its action indexes it)."""
NEVER: Final = 1 << 30
"""More gold than any player has: what an action that cannot be carried out would need."""
_CARRY_OUT: Final[dict[ActionKind, Callable[[Position, list[Event]], None]]] = {
    ActionKind.TAKE_GOLD: income.take_gold,
    ActionKind.BUY_FACTORY: buying.buy_factory,
    ActionKind.BUY_SHOP: buying.buy_shop,
    ActionKind.BUY_PALACE: buying.buy_palace,
    ActionKind.BUY_SPECIAL: buying.buy_special,
    ActionKind.RECRUIT: recruiting.recruit,
    ActionKind.PLACE_GONDOLIER: gondoliers.place_gondolier,
    ActionKind.BUILD: building.build,
    ActionKind.INCOME: income.income,
    ActionKind.PRODUCTION: production.production,
    ActionKind.GONDOLIER: gondoliers.gondolier,
}
"""Each action as it begins, once its ship has come onto its space."""


def feasible(state: Position, seat: Seat, action: ActionKind, money: int) -> bool:
    """Whether the action can be carried out with `money` left after the ships are paid."""
    player = state.boards[seat]
    if action is ActionKind.TAKE_GOLD or action is ActionKind.INCOME:
        return True
    if action is ActionKind.BUY_FACTORY:
        return money >= 1 and state.factory_stack > 0
    if action is ActionKind.BUY_SHOP:
        return money >= 2 and bool(state.shop_stack)
    if action is ActionKind.BUY_PALACE:
        return money >= 2 and bool(state.palace_stack)
    if action is ActionKind.BUY_SPECIAL:
        return money >= 2 and state.special_stack > 0
    if action is ActionKind.RECRUIT:
        return bool(state.character_deck)
    if action is ActionKind.PLACE_GONDOLIER:
        return player.gondoliers > 0 and bool(gondoliers.gondola_options(state, seat, money, first=True))
    if action is ActionKind.BUILD:
        streets, buildable = state.free_spaces()
        if state.street_stack and streets:
            return True
        return bool(buildable) and bool(state.building_tiles(seat))
    if action is ActionKind.PRODUCTION:
        return state.max_production(seat) > 0 or player.beads.total() > 0
    return player.gondoliers > 0 or gondoliers.can_hire(state, seat, money)


def least_money(state: Position, seat: Seat, action: ActionKind) -> int:
    """The least gold left after the ships are paid with which the action can be carried out (NEVER:
    with none): `feasible` holds for exactly the amounts from there up, so a turn asks once an action."""
    player = state.boards[seat]
    if action is ActionKind.TAKE_GOLD or action is ActionKind.INCOME:
        return 0
    if action is ActionKind.BUY_FACTORY:
        return 1 if state.factory_stack > 0 else NEVER
    if action is ActionKind.BUY_SHOP:
        return 2 if state.shop_stack else NEVER
    if action is ActionKind.BUY_PALACE:
        return 2 if state.palace_stack else NEVER
    if action is ActionKind.BUY_SPECIAL:
        return 2 if state.special_stack > 0 else NEVER
    if action is ActionKind.RECRUIT:
        return 0 if state.character_deck else NEVER
    if action is ActionKind.PLACE_GONDOLIER:
        if not player.gondoliers:
            return NEVER
        # The cheapest free gondola (one of the player's colour costs less than any other).
        colour = PLAYER_COLOURS[seat]
        own, other = state.gondolier_cost(seat, True), state.gondolier_cost(seat, False)
        taken = state.gondolas
        least = NEVER
        for island in state.side.islands:
            for gondola in island.gondolas:
                if (island.id, gondola) not in taken:
                    if gondola == colour:
                        return own
                    least = other
        return least
    if action is ActionKind.GONDOLIER:
        if player.gondoliers > 0:
            return 0
        return state.hire_cost(seat) if state.owned_gondoliers(seat) < gondoliers.MAX_GONDOLIERS else NEVER
    # Building and production ask for no gold.
    return 0 if feasible(state, seat, action, 0) else NEVER


def turn_options(state: Position, seat: Seat) -> list[Action]:
    """Every action space whose action the player can pay for and carry out, the Lighthouse, and every
    empty space to pass on."""
    money = state.boards[seat].gold
    options: list[Action] = []
    needs: list[int | None] = [None] * len(_KINDS)
    costs = ship_costs(state.ring.occupied)
    for index, kind, number in state.plan:
        left = money - costs[index]
        if left < 0:
            continue
        need = needs[number]
        if need is None:
            need = needs[number] = least_money(state, seat, kind)
        if left >= need:
            options.append(_ACTS[index + 1])
    if state.has(seat, SpecialEffect.LIGHTHOUSE):
        target = state.ring.first_occupied_ahead(state.ring.red)
        if feasible(state, seat, state.components.action_spaces[target].action, money):
            options.append(Lighthouse())
    options.extend(compress(_PASSES, map(not_, state.ring.occupied)))
    return options


def _clear_reach(state: Position) -> tuple[int, list[int]]:
    """The front ship still to sail on, and the empty spaces it can reach that leave room for the ships
    still behind it (so no further ship has to move)."""
    front = state.clearing[0]
    behind = len(state.clearing) - 1
    target = state.target
    return front, [end for end in state.ring.reach(front) if (end - target) % SPACES - 1 >= behind]


def clear_options(state: Position, seat: Seat) -> list[Action]:
    """The front ship still to sail on goes first, to any space of `_clear_reach`; on a space with two
    ships, either of them."""
    front, reach = _clear_reach(state)
    if state.ring.occupied[front] == 2:
        return [Sail(front + 1, end + 1, red) for red in (True, False) for end in reach]
    return [Sail(front + 1, end + 1) for end in reach]


def mover_options(state: Position, seat: Seat) -> list[Action]:
    """Two ships share the space behind the target: the red one or the other comes onto it."""
    start = state.ring.behind(state.target)
    return [Sail(start + 1, state.target + 1, True), Sail(start + 1, state.target + 1, False)]


def do_act(state: Position, seat: Seat, action: Act, events: list[Event]) -> None:
    state.target = action.space - 1
    state.moved = 0
    state.red_moved = False
    state.lighthouse = False
    state.clearing = list(state.ring.blockers(state.target))
    events.append(_act_event(seat, action.space, state.components.action_spaces[state.target].action))
    _clear_ships(state, events)


# The log lines of the turn's choice and the ships sailed: each is immutable and the same for the same
# seat, spaces and payment, so it is made once (every decision a search tries writes them).


@cache
def _act_event(seat: Seat, space: int, kind: ActionKind) -> Event:
    text = msg("{player} chooses space {space}: {action}", player=name(seat), space=space, action=msg(kind.value))
    return Event("act", seat, text, {})


@cache
def _sail_event(seat: Seat, start: int, end: int, red: bool) -> Event:
    """A ship sailing from space `start` to `end` (numbers) in `seat`'s turn."""
    if red:
        text = msg("The red ship sails from space {start} to {end}", start=start, end=end)
    else:
        text = msg("The ship sails from space {start} to {end}", start=start, end=end)
    return Event("sail", seat, text, {})


@cache
def _pass_event(seat: Seat, space: int) -> Event:
    text = msg("{player} passes on space {space} and takes {gold}", player=name(seat), space=space, gold=gold(1))
    return Event("pass", seat, text, {})


@cache
def _pay_event(seat: Seat, cost: int, ships: int) -> Event:
    text = msg_plural(
        "{player} pays {gold} for moving {count} ship",
        "{player} pays {gold} for moving {count} ships",
        ships,
        player=name(seat),
        gold=gold(cost),
    )
    return Event("pay", seat, text, {})


def _clear_ships(state: Position, events: list[Event]) -> None:
    """Sail the blocking ships on, front first; forced moves happen by themselves."""
    while state.clearing:
        front, reach = _clear_reach(state)
        # As many choices as `clear_options` lists: each space, for either ship where two share one.
        if len(reach) * (2 if state.ring.occupied[front] == 2 else 1) > 1:
            state.phase = Phase.CLEAR
            return
        _sail(state, front, reach[0], None, events)
    start = state.ring.behind(state.target)
    if state.ring.occupied[start] == 2:
        state.phase = Phase.MOVER
        return
    _sail(state, start, state.target, None, events)
    _after_mover(state, events)


def _sail(state: Position, start: int, end: int, red: bool | None, events: list[Event]) -> None:
    """Sail a ship from space index `start` to `end`: the red one if `red`, a black one if not, the
    only one there if None."""
    ring = state.ring
    if red is None:
        red = ring.red == start
    state.ring = ring.sail(start, end, red)
    state.moved += 1
    clearing = state.clearing
    if clearing and clearing[0] == start:
        state.clearing = clearing[1:]
    if end == state.target:
        state.red_moved = red
    events.append(_sail_event(state.actor, start + 1, end + 1, red))


def do_sail(state: Position, seat: Seat, action: Sail, events: list[Event]) -> None:
    _sail(state, action.start - 1, action.end - 1, action.red, events)
    if state.passing:
        end_turn(state, events)
    elif state.phase is Phase.MOVER:
        _after_mover(state, events)
    else:
        _clear_ships(state, events)


def _after_mover(state: Position, events: list[Event]) -> None:
    """The ships are paid for, and the action is carried out."""
    cost = cost_of(state.moved)
    player = state.boards[state.actor]
    if cost:
        player.gold -= cost
        events.append(_pay_event(state.actor, cost, state.moved))
    _CARRY_OUT[state.components.action_spaces[state.target].action](state, events)


def do_lighthouse(state: Position, seat: Seat, action: Lighthouse, events: list[Event]) -> None:
    start = state.ring.red
    state.target = state.ring.first_occupied_ahead(start)
    state.ring = state.ring.sail(start, state.target, True)
    state.moved = 1
    state.red_moved = True
    state.lighthouse = True
    kind = state.components.action_spaces[state.target].action
    text = msg(
        "{player} sails the red ship by the Lighthouse onto space {space}: {action}",
        player=name(seat),
        space=state.target + 1,
        action=msg(kind.value),
    )
    events.append(Event("lighthouse", seat, text, {}))
    _CARRY_OUT[kind](state, events)


def do_pass(state: Position, seat: Seat, action: Pass, events: list[Event]) -> None:
    state.target = target = action.space - 1
    state.moved = 0
    state.red_moved = False
    state.lighthouse = False
    state.passing = True
    state.boards[seat].gold += 1
    events.append(_pass_event(seat, action.space))
    start = state.ring.behind(state.target)
    if state.ring.occupied[start] == 2:
        state.phase = Phase.MOVER
        return
    _sail(state, start, target, None, events)
    end_turn(state, events)


def explain_turn(state: Position, seat: Seat, action: Action) -> Message:
    """Why a turn's choice is illegal."""
    if isinstance(action, Act):
        index = action.space - 1
        cost = cost_of(state.ships_to_move(index))
        kind = state.components.action_spaces[index].action
        if cost > state.boards[seat].gold:
            return msg(
                "moving the ships to free space {space} costs {gold}; you have {have}",
                space=action.space,
                gold=gold(cost),
                have=state.boards[seat].gold,
            )
        return msg("you cannot carry out {action} now (gold, tiles or spaces are lacking)", action=msg(kind.value))
    if isinstance(action, Pass):
        return msg("to pass, choose an empty action space; space {space} holds a ship", space=action.space)
    if isinstance(action, Lighthouse):
        return msg("only the owner of the Lighthouse may sail the red ship onto an occupied space")
    return msg("choose an action space (act N) or pass (pass N)")


def explain_sail(state: Position, seat: Seat, action: Sail) -> Message | None:
    """Why a blocking ship cannot sail there (None out of that decision)."""
    if state.phase is not Phase.CLEAR:
        return None
    front = state.clearing[0] + 1
    if action.start != front:
        return msg("the ship in front, on space {space}, must sail first", space=front)
    if action.end - 1 in state.ring.reach(front - 1):
        return msg("stopping there would leave no room for the ships still behind it")
    return msg("a ship sails on to an empty space without passing another ship")
