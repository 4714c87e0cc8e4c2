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
from typing import TYPE_CHECKING

from laguna.games.walking_in_burano.cards import SHOP_TYPES, Colour, FloorCardSet
from laguna.games.walking_in_burano.characters import CHARACTERS, Character
from laguna.games.walking_in_burano.position import Phase

if TYPE_CHECKING:
    from laguna.games.walking_in_burano.state import WalkingInBuranoState

USEFUL = 0.75
"""Chance that a card taken from the supply can be placed where the seat needs it (right floor,
colour and time); the placement capacity is an expectation over it."""
SELECT = 1.15
"""A card chosen for a space beats the average card of its floor and colour by this factor (closed
windows aside: nobody picks them)."""
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
LIGHT_CROWDED = 0.7
"""A streetlight with an empty neighbour space may lose its isolation: its weight for the Policeman."""
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

COLUMNS = 5
FLOORS = 3
CELLS = COLUMNS * FLOORS
HOUSES_TO_END = 5
EMPTY = -1
TOURIST_BONUS = 2.0
POINTS_PER_TOKEN = 3.0
PLACEMENT_COSTS = (1, 2, 2)
COIN_LIMIT = 6
HAND_LIMIT = 3
_MAX_TURNS = 45
_COLOURS = len(Colour)
# slots of a card's vector: the symbols characters read; BOY = cats + curtains + lights + chimneys
FL, PL, CA, BOY, RC, BC, SL, CH, PE, CW, SP = range(11)
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
_ROLE = {who: k for k, who in enumerate(_TOURISTS + _INHABITANTS)}
_COLOUR_INDEX = {colour: k for k, colour in enumerate(Colour)}
_SHOP_BITS = {kind: 1 << k for k, kind in enumerate(SHOP_TYPES)}
_ALL_COLOURS = (1 << _COLOURS) - 1
_COLOUR_SETS = tuple(tuple(k for k in range(_COLOURS) if bits >> k & 1) for bits in range(1 << _COLOURS))
_FLOOR_SETS = tuple(tuple(f for f in range(FLOORS) if bits >> f & 1) for bits in range(1 << FLOORS))
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


class _Cards:
    """The card set as flat tables: per card its vector, floor (0–2), colour index and shop bit."""

    def __init__(self, cards: FloorCardSet) -> None:
        self.vec: list[tuple[float, ...]] = []
        self.floor: list[int] = []
        self.colour: list[int] = []
        self.shop: list[int] = []
        for card in cards.cards:
            boy = card.cats + card.curtains + card.streetlights + card.chimneys
            points = card.shop_points if card.shop else 0
            symbols = (card.flowers, card.plants, card.cats, boy, card.red_curtains, card.blue_curtains)
            self.vec.append((*symbols, card.streetlights, card.chimneys, card.pedestrians, card.closed_windows, points))
            self.floor.append(card.floor - 1)
            self.colour.append(_COLOUR_INDEX[card.colour])
            self.shop.append(_SHOP_BITS.get(card.shop, 0) if card.shop else 0)
        # a chosen card of each floor and colour: the average of those cards, picked among (`SELECT`)
        self.chosen: list[list[tuple[float, ...]]] = []
        for f in range(FLOORS):
            per_colour = []
            for k in range(_COLOURS):
                group = [v for v, fl, co in zip(self.vec, self.floor, self.colour, strict=True) if fl == f and co == k]
                mean = [sum(v[s] for v in group) / max(1, len(group)) for s in range(SP + 1)]
                per_colour.append(tuple(x if s == CW else SELECT * x for s, x in enumerate(mean)))
            self.chosen.append(per_colour)
        first = [s for s, fl in zip(self.shop, self.floor, strict=True) if fl == 0]
        self.shop_chance = sum(1 for s in first if s) / max(1, len(first))


_TABLES: dict[int, tuple[FloorCardSet, float, _Cards]] = {}


def _cards(cards: FloorCardSet) -> _Cards:
    """The tables of a card set, built once (and again if `SELECT` changes)."""
    entry = _TABLES.get(id(cards))
    if entry is None or entry[0] is not cards or entry[1] != SELECT:
        entry = (cards, SELECT, _Cards(cards))
        _TABLES[id(cards)] = entry
    return entry[2]


def estimate(state: WalkingInBuranoState) -> tuple[float, ...]:
    """Every seat's expected final score (the final scores once the game is over)."""
    if state.phase is Phase.OVER:
        return tuple(float(r.score) for r in state.outcome().results)
    t = _cards(state.cards)
    colour_of = t.colour
    in_supply = [[0] * _COLOURS for _ in range(FLOORS)]
    in_deck = [[0] * _COLOURS for _ in range(FLOORS)]
    for f in range(FLOORS):
        row = in_supply[f]
        for i in state.supply[f]:
            if i != EMPTY:
                row[colour_of[i]] += 1
        row = in_deck[f]
        for i in state.decks[f]:
            row[colour_of[i]] += 1
    deck_sizes = [len(deck) for deck in state.decks]
    players = state.players
    turns = _turns(state)
    values = []
    windows = []
    for seat in range(players):
        value, window = _seat_value(state, t, seat, turns[seat], (in_supply, in_deck, deck_sizes))
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
    order = [(state.start_player + k) % players for k in range(players)]
    position = order.index(turn) if turn is not None else players
    mid = phase is not Phase.TAKE
    this_round = [1 if (p := order.index(s)) > position or (p == position and not mid) else 0 for s in range(players)]
    if max(state.completed) >= HOUSES_TO_END:
        extra = 0
    else:
        extra = state.options.round_limit - state.round
        for seat in range(players):
            need = CELLS - bin(state.masks[seat]).count("1")
            coins = min(COIN_LIMIT, state.coins[seat])
            hand = min(HAND_LIMIT, len(state.hands[seat]))
            rounds = 0
            while rounds < extra and _BEST[min(_MAX_TURNS, rounds + this_round[seat])][coins][hand] < need:
                rounds += 1
            extra = min(extra, rounds)
    return [(extra, True) if s == turn and mid else (this_round[s] + extra, False) for s in range(players)]


def _seat_value(
    state: WalkingInBuranoState,
    t: _Cards,
    seat: int,
    turns: tuple[int, bool],
    offer: tuple[list[list[int]], list[list[int]], list[int]],
) -> tuple[float, float]:
    """A seat's expected final score before closed windows, and its expected closed windows.

    `offer` counts the cards of each floor and colour in the supply and in the decks, and the deck sizes.
    """
    in_supply, in_deck, deck_sizes = offer
    area = state.areas[seat]
    vec, floor_of, colour_of = t.vec, t.floor, t.colour
    future, mid = turns
    # colours of each house (padded with an empty house on both sides) and cards placed
    colours = [0] * (COLUMNS + 2)
    placed = [0] * COLUMNS
    for where in range(CELLS):
        i = area[where]
        if i != EMPTY:
            colours[where % COLUMNS + 1] |= 1 << colour_of[i]
            placed[where % COLUMNS] += 1
    # cards in hand: each to an empty space where it breaks no rule, in the house closest to done;
    # the rest, while tokens last, where it would break one
    planned = list(colours)
    assigned: dict[int, int] = {}
    broken: set[int] = set()
    misfits = []
    for i in state.hands[seat]:
        f = floor_of[i]
        bit = 1 << colour_of[i]
        best_cell = -1
        best_key = -1
        for c in range(COLUMNS):
            cell = f * COLUMNS + c
            if area[cell] != EMPTY or cell in assigned:
                continue
            own = planned[c + 1]
            if (own and not own & bit) or (planned[c] | planned[c + 2]) & bit:
                continue
            key = 2 * placed[c] + (1 if own else 0)
            if key > best_key:
                best_key, best_cell = key, cell
        if best_cell >= 0:
            assigned[best_cell] = i
            planned[best_cell % COLUMNS + 1] |= bit
        else:
            misfits.append(i)
    spare = state.tokens[seat]
    for i in misfits:
        if not spare:
            break
        f = floor_of[i]
        best_cell = -1
        best_key = -1
        for c in range(COLUMNS):
            cell = f * COLUMNS + c
            if area[cell] == EMPTY and cell not in assigned and placed[c] > best_key:
                best_key, best_cell = placed[c], cell
        if best_cell >= 0:
            assigned[best_cell] = i
            broken.add(best_cell)
            spare -= 1
    # the chance of getting a card of each floor and colour: in the supply now, or revealed in time
    flow = FLOW_SOLO if state.players == 1 else FLOW_PER_PLAYER * state.players
    takes = future if mid else future + 1
    chance = []
    for f in range(FLOORS):
        size = deck_sizes[f]
        reach = min(1.0, takes * flow / size) if size else 0.0
        miss_deck = 1.0 - RHO_DECK * reach
        supply, deck = in_supply[f], in_deck[f]
        chance.append([1.0 - (1.0 - RHO_SUPPLY) ** supply[k] * miss_deck ** deck[k] for k in range(_COLOURS)])
    # each open house: the colour it heads for (houses with a colour first, then the empty ones left
    # to right, each avoiding its neighbours' colours), the chance of matching cards and the breaks
    missing = [3 - p for p in placed]
    avail = [1.0] * COLUMNS
    breaks = [0.0] * COLUMNS
    heading = [0] * COLUMNS
    houses = [c for c in range(COLUMNS) if missing[c] and planned[c + 1]]
    houses += [c for c in range(COLUMNS) if missing[c] and not planned[c + 1]]
    products: dict[int, tuple[list[float], list[float]]] = {}
    for c in houses:
        gaps = 0  # floors still to fill from the supply, as a bit set
        forced = 0
        for f in range(FLOORS):
            cell = f * COLUMNS + c
            if area[cell] == EMPTY:
                if cell in broken:
                    forced += 1
                elif cell not in assigned:
                    gaps |= 1 << f
        own = planned[c + 1]
        usable = (own or _ALL_COLOURS) & ~(planned[c] | planned[c + 2])
        if usable and gaps:
            entry = products.get(gaps)
            if entry is None:
                match = [1.0] * _COLOURS
                miss = [0.0] * _COLOURS
                for f in _FLOOR_SETS[gaps]:
                    row = chance[f]
                    for k in range(_COLOURS):
                        match[k] *= row[k]
                        miss[k] += 1.0 - row[k]
                entry = products[gaps] = (match, miss)
            match, miss = entry
            k = max(_COLOUR_SETS[usable], key=match.__getitem__)
            avail[c], breaks[c] = match[k], miss[k] + forced
        else:
            # nothing left to match, or every colour the house may take is a neighbour's: rule B breaks
            k = _COLOUR_SETS[usable or own or _ALL_COLOURS][0]
            avail[c] = 0.0 if gaps else 1.0
            breaks[c] = float(len(_FLOOR_SETS[gaps]) + forced)
        heading[c] = k
        if not own:
            planned[c + 1] = 1 << k
    # the placements still possible, shared out to the houses closest to completion
    coins = state.coins[seat]
    tokens = state.tokens[seat]
    capacity = _capacity(state, future, mid, coins, len(assigned))
    budget = [float(takes)] * FLOORS  # a take brings at most one card of each floor
    for cell in assigned:
        budget[cell // COLUMNS] += 1.0
    prob = [1.0] * COLUMNS
    token_use = 0.0
    needed = 0.0
    for m, _, c in sorted((missing[c], -avail[c], c) for c in range(COLUMNS) if missing[c]):
        share = min(1.0, max(0.0, (capacity - needed) / m))
        needed += m
        empty = [f for f in range(FLOORS) if area[f * COLUMNS + c] == EMPTY]
        for f in empty:
            if budget[f] < share:
                share = max(0.0, budget[f])
        for f in empty:
            budget[f] -= share
        if tokens - token_use >= breaks[c] * share:
            prob[c] = share
            token_use += breaks[c] * share
        else:
            prob[c] = share * avail[c]
    if token_use > tokens:
        token_use = float(tokens)
    # the area projected to the end: per house the symbols if finished, per floor the expected symbols
    house = [[0.0, 0.0, 0.0, 0.0] for _ in range(COLUMNS)]  # flowers, plants, cats, Boy's symbols
    flowers = [[0.0] * COLUMNS for _ in range(FLOORS)]
    plants = [[0.0] * COLUMNS for _ in range(FLOORS)]
    red = blue = windows = pedestrians = shop_points = chimneys = 0.0
    kinds = 0
    new_kinds = 0.0
    chosen = t.chosen
    for where in range(CELLS):
        f, c = divmod(where, COLUMNS)
        i = area[where]
        if i != EMPTY:
            v = vec[i]
            q = 1.0
            kinds |= t.shop[i]
        elif where in assigned:
            i = assigned[where]
            v = vec[i]
            q = prob[c]
            if t.shop[i] and not kinds & t.shop[i]:
                new_kinds += SHOP_FROM_HAND * q
        else:
            v = chosen[f][heading[c]]
            q = prob[c]
            if f == 0:
                new_kinds += q * t.shop_chance * SHOP_NEW_KIND
        h = house[c]
        h[0] += v[FL]
        h[1] += v[PL]
        h[2] += v[CA]
        h[3] += v[BOY]
        flowers[f][c] = q * v[FL]
        plants[f][c] = q * v[PL]
        red += q * v[RC]
        blue += q * v[BC]
        windows += q * v[CW]
        if f == 0:
            pedestrians += q * v[PE]
            shop_points += q * v[SP]
        elif f == 2:
            chimneys += q * v[CH]
    # the characters' points on the projected area: tourists per house, inhabitants on the whole area
    tourist = [
        (TOURIST_BONUS + h[0], TOURIST_BONUS + h[1], TOURIST_BONUS + 3 * h[2], TOURIST_BONUS + 2 * h[3]) for h in house
    ]
    inhabitant = (
        pedestrians,
        _interpolate(_POLICEMAN, _streetlights(t, area, prob)),
        3 * chimneys,
        _interpolate(_SHOP_OWNER, bin(kinds).count("1") + new_kinds),
        4 * min(red, blue),
        _best_run(flowers),
        _best_run(plants),
    )
    # characters received, and the best left for each house still to finish
    visitors = state.visitors[seat]
    total = 0.0
    open_houses = []
    waiting = set(state.pending)
    if state.turn == seat:
        waiting.update(state.turn_completed)
    for c in range(COLUMNS):
        who = visitors[c]
        if who is not None:
            k = _ROLE[who]
            total += tourist[c][k] if k < len(_TOURISTS) else inhabitant[k - len(_TOURISTS)]
        elif missing[c] or c + 1 in waiting:
            open_houses.append(c)
    if open_houses:
        total += _characters_to_come(state.piles, visitors, open_houses, prob, (tourist, inhabitant))
    total += shop_points + POINTS_PER_TOKEN * (tokens - token_use) + COIN_VALUE * coins
    return total, windows


def _characters_to_come(
    piles: list[int],
    visitors: list[Character | None],
    open_houses: list[int],
    prob: list[float],
    points: tuple[list[tuple[float, float, float, float]], tuple[float, ...]],
) -> float:
    """Each open house gets its best tourist still in the piles; then each inhabitant left (best
    first) replaces the tourist of the house where it gains most. `points` holds the tourists' points
    per house and the inhabitants' points."""
    tourist, inhabitant = points
    left = [piles[p] for p in _TOURIST_PILES]
    assign = {}
    for c in sorted(open_houses, key=lambda c: -prob[c]):
        best = 0.0
        best_k = -1
        for k, value in enumerate(tourist[c]):
            if value > best and left[k] > 0:
                best, best_k = value, k
        if best_k >= 0:
            left[best_k] -= 1
        assign[c] = best
    values = [
        inhabitant[k] for k, who in enumerate(_INHABITANTS) if piles[_INHABITANT_PILES[k]] and who not in visitors
    ]
    values.sort(reverse=True)
    taken: set[int] = set()
    for value in values:
        target = -1
        gain = 0.0
        for c in open_houses:
            if c not in taken:
                g = prob[c] * (value - assign[c])
                if g > gain:
                    gain, target = g, c
        if target < 0:
            break
        assign[target] = value
        taken.add(target)
    return sum(prob[c] * assign[c] for c in open_houses)


def _interpolate(points: tuple[float, ...], count: float) -> float:
    """A points table read at a fractional count, linearly between its entries."""
    top = len(points) - 1
    if count >= top:
        return points[top]
    if count <= 0:
        return 0.0
    k = int(count)
    return points[k] + (points[k + 1] - points[k]) * (count - k)


def _best_run(rows: list[list[float]]) -> float:
    """The most of a symbol on three horizontally adjacent spaces of one floor (Florist, Gardener)."""
    best = 0.0
    for row in rows:
        for start in range(COLUMNS - 2):
            run = row[start] + row[start + 1] + row[start + 2]
            best = max(best, run)
    return best


def _streetlights(t: _Cards, area: list[int], prob: list[float]) -> float:
    """Expected isolated streetlights on the 2nd floors (Policeman): those placed, and empty spaces
    with no streetlight beside them that may get one."""
    lights = []
    for c in range(COLUMNS):
        i = area[COLUMNS + c]
        lights.append(-1.0 if i == EMPTY else float(t.vec[i][SL]))
    count = 0.0
    for c in range(COLUMNS):
        here = lights[c]
        left = lights[c - 1] if c > 0 else 0.0
        right = lights[c + 1] if c < COLUMNS - 1 else 0.0
        if here > 0:
            if left <= 0 and right <= 0:
                count += here * (LIGHT_CROWDED if (left < 0 or right < 0) else 1.0)
        elif here < 0 and left <= 0 and right <= 0:
            count += prob[c] * LIGHT_CHANCE
    return count


def _capacity(state: WalkingInBuranoState, future: int, mid: bool, coins: int, hand: int) -> float:
    """Floor cards the seat can still place: the rest of this turn (when placing) and `future` turns."""

    layer = _BEST[min(future, _MAX_TURNS)]
    if mid and state.phase is Phase.PLACE:
        done = state.placed
        best = layer[min(COIN_LIMIT, coins)][min(HAND_LIMIT, hand)]
        spent = 0
        for more in range(1, 4 - done):
            spent += PLACEMENT_COSTS[done + more - 1]
            if spent > coins or more > hand:
                break
            best = max(best, more + layer[min(COIN_LIMIT, coins - spent)][min(HAND_LIMIT, hand - more)])
        return best
    return layer[min(COIN_LIMIT, coins)][min(HAND_LIMIT, hand)]
