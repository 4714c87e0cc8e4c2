"""The expected final score of every seat in Walking in Burano, for the bots.

Final scoring is A characters + B shops + C regulatory bonus tokens − D closed windows, and only
completed houses receive a character. A position is worth, per seat:

* its house area projected to the end: each empty space holds the card in hand planned for it, or a
  typical card of its floor in the colour the house is heading for (`SELECT` × the average of those
  cards, since the player picks among them), weighted by the chance that the house gets finished;
* the chance of finishing each house: the floor cards the seat can expect to place (`_capacity`, a
  small dynamic programme over coins, cards in hand and turns left: 1/3/5 coins for 1/2/3 cards, a
  take gives 3, 2 or 1 cards with 0, 1 or 2 coins, each of which fits with chance `USEFUL`, limits of
  6 coins and 3 cards), shared out to the houses closest to completion, each take bringing at most
  one card of each floor; a house needs cards of its colour, found in the supply or revealed from
  the decks in time (`RHO_SUPPLY`, `RHO_DECK`); one that cannot match its colour (none left, or a
  neighbour has it) is finished by breaking a rule, spending a token while tokens last;
* the characters: those received, scored on the projected area (an inhabitant's floors keep
  filling), and for each house still open the best character left for it (tourists by its own
  symbols, inhabitants by the whole area, each inhabitant once), times the chance of finishing it;
* shops on the first floors, 3 points per token left (less the tokens expected to be spent), and
  the closed windows (solo: always lost; several players: lost by whoever has the most).

The game's length drives the chances: solo, every turn costs a character card (received or removed)
so the turns left are the characters left minus the houses still to finish, plus one; with several
players the game ends at the end of the round in which the quickest seat can finish five houses.
At the end of the game the estimate is the final score.
"""

from __future__ import annotations

import math
from operator import add
from typing import TYPE_CHECKING

from laguna.games.walking_in_burano.characters import CHARACTERS, Character
from laguna.games.walking_in_burano.planning import (
    BC,
    CELLS,
    CH,
    COLOURS,
    COLUMNS,
    CW,
    EMPTY,
    FL,
    FLOOR_SETS,
    FLOORS,
    PE,
    PL,
    RC,
    SP,
    Cards,
    Plan,
    card_tables,
)
from laguna.games.walking_in_burano.position import Phase

if TYPE_CHECKING:
    from laguna.games.walking_in_burano.state import WalkingInBuranoState

USEFUL = 0.75
"""Chance that a card taken from the supply can be placed where the seat needs it (right floor,
colour and time); the placement capacity is an expectation over it."""
RHO_SUPPLY = 0.6
"""Chance that a card in the supply now can be taken for a house that needs it."""
RHO_DECK = 0.5
"""The same for a card still in its deck once it has been revealed."""
FLOW_SOLO = 1.5
"""Cards revealed per row and turn in the solo game (one taken, one removed, on average)."""
FLOW_PER_PLAYER = 1.0
"""Cards revealed per row and round for each player with several players."""
LIGHT_CHANCE = 0.45
"""Chance that an empty 2nd floor with no streetlight beside it gets an isolated streetlight."""
SHOP_FROM_HAND = 0.8
"""Chance that a new shop kind in hand is placed in time (Shop Owner)."""
SHOP_NEW_KIND = 0.5
"""Chance that a future 1st floor with a shop brings a kind not seen yet."""
WINDOW_SHARE = 0.3
"""Several players: share of its closed windows that a seat well behind on windows still expects to lose."""
WINDOW_MARGIN = 1.5
"""Several players: a lead in expected closed windows that makes having the most (and losing them) sure."""
COIN_VALUE = 0.1
"""Coins break ties; a small value keeps coins from being thrown away."""

HOUSES_TO_END = 5
POINTS_PER_TOKEN = 3.0
PLACEMENT_COSTS = (1, 2, 2)
COIN_LIMIT = 6
HAND_LIMIT = 3
_MAX_TURNS = 45
_TOURISTS = (Character.WOMAN, Character.MAN, Character.GIRL, Character.BOY)
_TOURIST_PILES = tuple(CHARACTERS.index(c) for c in _TOURISTS)
_INHABITANTS = (
    Character.MAYOR,
    Character.POLICEMAN,
    Character.SANTA_CLAUS,
    Character.SHOP_OWNER,
    Character.TAILOR,
    Character.FLORIST,
    Character.GARDENER,
)
_INHABITANT_PILES = tuple(CHARACTERS.index(c) for c in _INHABITANTS)
_INHABITANT_ORDER = tuple(enumerate(_INHABITANT_PILES))
"""Each inhabitant's place in `_INHABITANTS` with its pile."""
_ROLES = _TOURISTS + _INHABITANTS
"""A character's place in `_ROLES` is its role, found by identity (a dict would hash the member)."""
_ALL_COLOURS = (1 << COLOURS) - 1
_COLOUR_SETS = tuple(tuple(k for k in range(COLOURS) if bits >> k & 1) for bits in range(1 << COLOURS))
VALUES = 1 << 14
"""Seat values a game keeps with their inputs (`estimate`); past that it forgets them all and starts
again, which keeps a long game's memory flat. Inputs and values are flat tuples of numbers, which
the garbage collector stops following, so keeping many costs a search no collection time."""
_POLICEMAN = (0.0, 5.0, 9.0, 15.0)
_SHOP_OWNER = (0.0, 2.0, 5.0, 9.0, 15.0)


def _capacity_table(turns: int, useful: float) -> list[list[list[float]]]:
    """``best[T][coins][hand]``: the floor cards a seat can expect to place in T whole turns.

    Each turn it takes 1, 2 or 3 cards (2, 1 or 0 coins), each of which turns out `useful` with that
    chance, then places up to 3 cards of its hand for 1/3/5 coins; at most 6 coins and 3 cards are
    kept. Cards in hand are known to fit, so they count more than cards still to be taken.
    """
    cost = (0, 1, 3, 5)
    best = [[[0.0] * (HAND_LIMIT + 1) for _ in range(COIN_LIMIT + 1)]]
    odds = [[math.comb(k, u) * useful**u * (1 - useful) ** (k - u) for u in range(k + 1)] for k in range(4)]
    for _ in range(turns):
        before = best[-1]
        layer = []
        for coins in range(COIN_LIMIT + 1):
            row = []
            for hand in range(HAND_LIMIT + 1):
                most = 0.0
                for take in (1, 2, 3):
                    purse = coins + 3 - take
                    expected = 0.0
                    for found, chance in enumerate(odds[take]):
                        held = hand + found
                        top = 0.0
                        for placed in range(min(3, held) + 1):
                            if cost[placed] > purse:
                                break
                            after = before[min(COIN_LIMIT, purse - cost[placed])][min(HAND_LIMIT, held - placed)]
                            top = max(top, placed + after)
                        expected += chance * top
                    most = max(most, expected)
                row.append(most)
            layer.append(row)
        best.append(layer)
    return best


_BEST = _capacity_table(_MAX_TURNS, USEFUL)


_NEVER = 1 << 62


def _rounds_table() -> list[list[list[list[int]]]]:
    """``first[ahead][coins][hand][need]``: the fewest whole rounds after this one (and `ahead` turns of
    it) in which a seat can expect to place `need` floor cards, `_NEVER` if no number of turns does."""
    return [
        [
            [
                [
                    next(
                        (r for r in range(_MAX_TURNS + 1) if _BEST[min(_MAX_TURNS, r + ahead)][coins][hand] >= need),
                        _NEVER,
                    )
                    for need in range(CELLS + 1)
                ]
                for hand in range(HAND_LIMIT + 1)
            ]
            for coins in range(COIN_LIMIT + 1)
        ]
        for ahead in (0, 1)
    ]


_FIRST_ROUND = _rounds_table()


class _Chance:
    """The chance of getting a card of each floor and colour in time, for one number of takes left,
    and what it makes of a house: per set of floors to fill and set of colours it may take, the colour
    most likely to match them all, that likelihood and the expected misses."""

    __slots__ = ("best", "products", "rows")

    def __init__(self, rows: list[list[float]]) -> None:
        self.rows = rows
        self.products: dict[int, tuple[list[float], list[float]]] = {}
        self.best: dict[tuple[int, int], tuple[int, float, float]] = {}

    def heading(self, gaps: int, usable: int) -> tuple[int, float, float]:
        found = self.best.get((gaps, usable))
        if found is None:
            entry = self.products.get(gaps)
            if entry is None:
                match = [1.0] * COLOURS
                miss = [0.0] * COLOURS
                for f in FLOOR_SETS[gaps]:
                    row = self.rows[f]
                    for k in range(COLOURS):
                        match[k] *= row[k]
                        miss[k] += 1.0 - row[k]
                entry = self.products[gaps] = (match, miss)
            match, miss = entry
            k = max(_COLOUR_SETS[usable], key=match.__getitem__)
            found = self.best[gaps, usable] = (k, match[k], miss[k])
        return found


class _Offer:
    """The cards of each floor and colour in the supply and in the decks, and the deck sizes; shared
    by every seat, with the chances they give for each number of takes."""

    __slots__ = ("chances", "flow", "in_deck", "in_supply", "key", "sizes")

    def __init__(self, t: Cards, key: tuple[tuple[int, ...], ...], players: int) -> None:
        colour_of = t.colour
        self.key = key
        self.in_supply = [[0] * COLOURS for _ in range(FLOORS)]
        self.in_deck = [[0] * COLOURS for _ in range(FLOORS)]
        for f in range(FLOORS):
            row = self.in_supply[f]
            for i in key[f]:
                if i != EMPTY:
                    row[colour_of[i]] += 1
            row = self.in_deck[f]
            for i in key[FLOORS + f]:
                row[colour_of[i]] += 1
        self.sizes = [len(key[FLOORS + f]) for f in range(FLOORS)]
        self.flow = FLOW_SOLO if players == 1 else FLOW_PER_PLAYER * players
        self.chances: dict[int, _Chance] = {}

    def chance(self, takes: int) -> _Chance:
        """A card of each floor and colour: in the supply now, or revealed from its deck in time."""
        found = self.chances.get(takes)
        if found is None:
            rows = []
            for f in range(FLOORS):
                size = self.sizes[f]
                reach = min(1.0, takes * self.flow / size) if size else 0.0
                miss_deck = 1.0 - RHO_DECK * reach
                supply, deck = self.in_supply[f], self.in_deck[f]
                rows.append([1.0 - _SUPPLY_MISS[supply[k]] * miss_deck ** deck[k] for k in range(COLOURS)])
            found = self.chances[takes] = _Chance(rows)
        return found


_SUPPLY_MISS = [(1.0 - RHO_SUPPLY) ** n for n in range(COLUMNS + 1)]


def estimate(state: WalkingInBuranoState) -> tuple[float, ...]:
    """Every seat's expected final score (the final scores once the game is over).

    A seat's value is kept in the state's memo with everything it was worked out from, so a position
    that changed nothing it reads (another seat's move, mostly) reuses it.
    """
    if state.phase is Phase.OVER:
        return tuple(float(r.score) for r in state.outcome().results)
    t = card_tables(state.cards)
    memo = state.memo
    players = state.players
    offer_key = (*map(tuple, state.supply), *map(tuple, state.decks))
    offer = memo.get("offer")
    if offer is None or offer.key != offer_key:
        offer = memo["offer"] = _Offer(t, offer_key, players)
    piles = state.piles
    context = (tuple(piles), tuple(state.pending))
    turns = _turns(state)
    phase, turn = state.phase, state.turn
    values = []
    windows = []
    for seat in range(players):
        future, mid = turns[seat]
        area = tuple(state.areas[seat])
        hand = tuple(state.hands[seat])
        tokens = state.tokens[seat]
        done = state.placed if mid and phase is Phase.PLACE else -1
        completed = tuple(state.turn_completed) if turn == seat else ()
        visitors = tuple(state.visitors[seat])
        key = (context, area, hand, tokens, state.coins[seat], visitors, future, mid, done, completed)
        entry = memo.get(seat)
        heads = None
        if entry is not None and entry.key == key:
            if entry.offer != offer_key:
                # the supply or the decks changed: the value stands if the houses head as they did
                heads = _headings(entry.plan, offer.chance(future if mid else future + 1))
                if heads != entry.heads:
                    entry = None
                else:
                    entry.offer = offer_key
        else:
            entry = None
        if entry is None:
            own = (area, hand, tokens)
            planning = memo.get(-1 - seat)
            if planning is None or planning[0] != own:
                planning = memo[-1 - seat] = (own, Plan(t, area, hand, tokens))
            seat_plan = planning[1]
            if heads is None:  # else worked out above, from the same area, hand and tokens
                heads = _headings(seat_plan, offer.chance(future if mid else future + 1))
            heading, avail, breaks = heads
            # the value of these inputs, if any seat of any position met them before
            known = memo.get("values")
            if known is None or len(known) >= VALUES:
                known = memo["values"] = {}
            roles = [-1 if who is None else _ROLES.index(who) for who in visitors]
            inputs: tuple[float, ...] = (*piles, -1, *state.pending, -1, *area, *hand, -1, tokens, state.coins[seat])
            inputs += (*roles, future, mid, done, *completed, -1, *heading, *avail, *breaks)
            seat_value = known.get(inputs)
            if seat_value is None:
                waiting = set(state.pending)
                waiting.update(completed)
                seat_value = known[inputs] = _seat_value(
                    t,
                    seat_plan,
                    heads,
                    turns=turns[seat],
                    done=done,
                    purse=(state.coins[seat], tokens),
                    visitors=visitors,
                    piles=piles,
                    waiting=waiting,
                )
            entry = memo[seat] = _Entry(key, offer_key, seat_plan, heads, seat_value)
        value, window = entry.value
        values.append(value)
        windows.append(window)
    if not state.options.closed_window_penalty:
        return tuple(values)
    if players == 1:
        return (values[0] - windows[0],)
    scores = []
    for seat in range(players):
        lead = windows[seat] - max(windows[s] for s in range(players) if s != seat)
        most = min(1.0, max(0.0, 0.5 + lead / (2 * WINDOW_MARGIN)))  # chance of having the most, roughly
        scores.append(values[seat] - windows[seat] * (WINDOW_SHARE + (1.0 - WINDOW_SHARE) * most))
    return tuple(scores)


def _turns(state: WalkingInBuranoState) -> list[tuple[int, bool]]:
    """Per seat: the whole turns still to come after the one in progress, and whether it is in one.

    Solo, a turn ends with a character received or removed, and the game with the last character,
    so the turns left are the characters left minus the houses still to finish (plus this one).
    With several players, the game ends after the round in which the quickest seat can finish its
    fifth house, judged by the placement capacity of its coins and hand.
    """
    players = state.players
    phase = state.phase
    if players == 1:
        characters = sum(state.piles)
        houses = HOUSES_TO_END - state.completed[0]
        if phase is Phase.TAKE:
            return [(max(0, characters - houses + 1), False)]
        if phase is Phase.PLACE:
            visits = len(state.turn_completed)
        elif phase is Phase.VISIT:
            visits = len(state.pending)
        else:
            visits = 0
        return [(max(0, characters - visits - houses), True)]
    turn = state.turn
    start = state.start_player
    seats = range(players)
    position = (turn - start) % players if turn is not None else players  # places after the start player
    mid = phase is not Phase.TAKE
    this_round = [1 if (p := (s - start) % players) > position or (p == position and not mid) else 0 for s in seats]
    if max(state.completed) >= HOUSES_TO_END:
        extra = 0
    else:
        extra = state.options.round_limit - state.round
        for seat in range(players):
            need = CELLS - state.masks[seat].bit_count()
            coins = min(COIN_LIMIT, state.coins[seat])
            hand = min(HAND_LIMIT, len(state.hands[seat]))
            extra = min(extra, _FIRST_ROUND[this_round[seat]][coins][hand][need])
    return [(extra, True) if s == turn and mid else (this_round[s] + extra, False) for s in range(players)]


class _Entry:
    """A seat's value with what it was worked out from: the inputs but the supply and the decks, the
    supply and decks themselves, the plan, and what they made of the houses (`_headings`)."""

    __slots__ = ("heads", "key", "offer", "plan", "value")

    def __init__(
        self,
        key: tuple[object, ...],
        offer: tuple[tuple[int, ...], ...],
        plan: Plan,
        heads: tuple[list[int], list[float], list[float]],
        value: tuple[float, float],
    ) -> None:
        self.key = key
        self.offer = offer
        self.plan = plan
        self.heads = heads
        self.value = value


def _headings(plan: Plan, chance: _Chance) -> tuple[list[int], list[float], list[float]]:
    """Each open house: the colour it heads for (houses with a colour first, then the empty ones left
    to right, each avoiding its neighbours' colours), the chance of matching cards and the breaks."""
    planned = list(plan.planned)
    avail = [1.0] * COLUMNS
    breaks = [0.0] * COLUMNS
    heading = [0] * COLUMNS
    gaps_of, forced_of = plan.gaps, plan.forced
    for c in plan.houses:
        gaps = gaps_of[c]
        own = planned[c + 1]
        usable = (own or _ALL_COLOURS) & ~(planned[c] | planned[c + 2])
        if usable and gaps:
            k, avail[c], miss = chance.heading(gaps, usable)
            breaks[c] = miss + forced_of[c]
        else:
            # nothing left to match, or every colour the house may take is a neighbour's: rule B breaks
            k = _COLOUR_SETS[usable or own or _ALL_COLOURS][0]
            avail[c] = 0.0 if gaps else 1.0
            breaks[c] = float(len(FLOOR_SETS[gaps]) + forced_of[c])
        heading[c] = k
        if not own:
            planned[c + 1] = 1 << k
    return heading, avail, breaks


def _seat_value(
    t: Cards,
    plan: Plan,
    heads: tuple[list[int], list[float], list[float]],
    *,
    turns: tuple[int, bool],
    done: int,
    purse: tuple[int, int],
    visitors: tuple[Character | None, ...],
    piles: list[int],
    waiting: set[int],
) -> tuple[float, float]:
    """A seat's expected final score before closed windows, and its expected closed windows.

    `heads` tells what each house heads for (`_headings`), `done` counts the cards placed in the turn
    the seat is placing in (-1 when it is not placing), `purse` holds its coins and tokens, `waiting`
    the houses completed this turn still to be visited.
    """
    future, mid = turns
    coins, tokens = purse
    takes = future if mid else future + 1
    heading, avail, breaks = heads
    # the placements still possible, shared out to the houses closest to completion
    capacity = _capacity(future, done, coins, plan.in_hand)
    budget = [float(takes + n) for n in plan.held]  # a take brings at most one card of each floor
    prob = [1.0] * COLUMNS
    token_use = 0.0
    needed = 0.0
    missing, empty = plan.missing, plan.empty
    for m, _, c in sorted([(missing[c], -avail[c], c) for c in plan.unfinished]):
        share = (capacity - needed) / m
        if share <= 0.0:
            share = 0.0
        elif share >= 1.0:
            share = 1.0
        needed += m
        floors = empty[c]
        for f in floors:
            if budget[f] < share:
                share = budget[f] if budget[f] > 0.0 else 0.0
        for f in floors:
            budget[f] -= share
        spent = breaks[c] * share
        if tokens - token_use >= spent:
            prob[c] = share
            token_use += spent
        else:
            prob[c] = share * avail[c]
    if token_use > tokens:
        token_use = float(tokens)
    # the area projected to the end: per house the symbols if finished, per floor the expected symbols
    # (each sum adds its terms one by one in space order, 1st floor first)
    cards, tourist = plan.projection(t, heading)
    odds = prob * FLOORS  # per space: the chance it is filled
    for where in plan.placed:
        odds[where] = 1.0
    flowers = []
    plants = []
    red = blue = windows = pedestrians = shop_points = chimneys = 0.0
    for q, v in zip(odds, cards, strict=True):
        flowers.append(q * v[FL])
        plants.append(q * v[PL])
        red += q * v[RC]
        blue += q * v[BC]
        windows += q * v[CW]
    for c in range(COLUMNS):
        q, v = odds[c], cards[c]
        pedestrians += q * v[PE]
        shop_points += q * v[SP]
    for c in range(2 * COLUMNS, CELLS):
        chimneys += odds[c] * cards[c][CH]
    new_kinds = 0.0
    for c, to_come in plan.shops:
        if to_come:
            new_kinds += prob[c] * t.shop_chance * SHOP_NEW_KIND
        else:
            new_kinds += SHOP_FROM_HAND * prob[c]
    # the characters' points on the projected area: tourists per house (`tourist`), inhabitants on the
    # whole area
    lights = 0.0
    for c, here in plan.lights:
        lights += prob[c] * LIGHT_CHANCE if here is None else here
    inhabitant = (
        pedestrians,
        _interpolate(_POLICEMAN, lights),
        3 * chimneys,
        _interpolate(_SHOP_OWNER, plan.kinds + new_kinds),
        4 * min(red, blue),
        _best_run(flowers),
        _best_run(plants),
    )
    # characters received, and the best left for each house still to finish
    total = 0.0
    open_houses = []
    for c in range(COLUMNS):
        who = visitors[c]
        if who is not None:
            k = _ROLES.index(who)
            total += tourist[c][k] if k < len(_TOURISTS) else inhabitant[k - len(_TOURISTS)]
        elif missing[c] or c + 1 in waiting:
            open_houses.append(c)
    if open_houses:
        total += _characters_to_come(piles, visitors, open_houses, prob, (tourist, inhabitant))
    total += shop_points + POINTS_PER_TOKEN * (tokens - token_use) + COIN_VALUE * coins
    return total, windows


def _characters_to_come(
    piles: list[int],
    visitors: tuple[Character | None, ...],
    open_houses: list[int],
    prob: list[float],
    points: tuple[list[tuple[float, float, float, float]], tuple[float, ...]],
) -> float:
    """Each open house gets its best tourist still in the piles; then each inhabitant left (best
    first) replaces the tourist of the house where it gains most. `points` holds the tourists' points
    per house and the inhabitants' points."""
    tourist, inhabitant = points
    left = [piles[p] for p in _TOURIST_PILES]
    assign = [0.0] * COLUMNS
    for c in sorted(open_houses, key=prob.__getitem__, reverse=True):  # stable: ties keep house order
        best = 0.0
        best_k = -1
        for k, value in enumerate(tourist[c]):
            if value > best and left[k] > 0:
                best, best_k = value, k
        if best_k >= 0:
            left[best_k] -= 1
        assign[c] = best
    values = [inhabitant[k] for k, p in _INHABITANT_ORDER if piles[p] and _INHABITANTS[k] not in visitors]
    values.sort(reverse=True)
    free = list(open_houses)
    for value in values:
        target = -1
        gain = 0.0
        for c in free:
            g = prob[c] * (value - assign[c])
            if g > gain:
                gain, target = g, c
        if target < 0:
            break
        assign[target] = value
        free.remove(target)
    return sum([prob[c] * assign[c] for c in open_houses])


def _interpolate(points: tuple[float, ...], count: float) -> float:
    """A points table read at a fractional count, linearly between its entries."""
    top = len(points) - 1
    if count >= top:
        return points[top]
    if count <= 0:
        return 0.0
    k = int(count)
    return points[k] + (points[k + 1] - points[k]) * (count - k)


def _best_run(spaces: list[float]) -> float:
    """The most of a symbol on three horizontally adjacent spaces of one floor (Florist, Gardener);
    `spaces` lists the floors one after the other."""
    runs: list[float] = list(map(add, map(add, spaces, spaces[1:]), spaces[2:]))
    return max(0.0, runs[0], runs[1], runs[2], runs[5], runs[6], runs[7], runs[10], runs[11], runs[12])


def _capacity(future: int, done: int, coins: int, hand: int) -> float:
    """Floor cards the seat can still place: the rest of this turn (when placing, `done` cards placed
    in it so far) and `future` turns."""
    layer = _BEST[min(future, _MAX_TURNS)]
    if done >= 0:
        best = layer[min(COIN_LIMIT, coins)][min(HAND_LIMIT, hand)]
        spent = 0
        for more in range(1, 4 - done):
            spent += PLACEMENT_COSTS[done + more - 1]
            if spent > coins or more > hand:
                break
            best = max(best, more + layer[min(COIN_LIMIT, coins - spent)][min(HAND_LIMIT, hand - more)])
        return best
    return layer[min(COIN_LIMIT, coins)][min(HAND_LIMIT, hand)]
