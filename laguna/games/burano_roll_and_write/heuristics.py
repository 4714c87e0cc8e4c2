"""The expected final score of every seat in Walking in Burano Roll & Write, for the bots.

Characters score only at the end, on the symbols circled by then, so a position is worth:

* the characters already invited (or invited in secret this round), scored on the sheet as it is;
* the characters still to invite: a plan of the best ones for the free character spaces, ranked by
  what they score now plus what their uncircled symbols could still add (`PLAN_GROWTH`), counted
  when the coins and the rounds left allow them (1 invitation a round, 3 coins each);
* the circles still to come: every uncircled symbol is worth what it would add to the invited and
  planned characters (a plant by the number it will likely carry, `PLANT_HIGH`, less once a low
  number caps its building); the circles left land on every other symbol of that ranking (the dice
  rarely offer exactly the best) and realise `DICE_FIT` of their worth;
* solo, less every coin filled in and to be filled in: the game ends when filled coins meet the
  circled ones, so each coin gained (a coin taken instead of an invitation, a coin symbol, a flip)
  brings the end nearer by half a round and costs circles.

The number of further invitations is chosen to maximise the total: more characters need coins,
and coins mean a shorter game (solo) or flips instead of circles; a character still to invite counts
a little less than one invited (`PLAN_WEIGHT`), so invitations are not put off. A die already beside the seat's
boat is judged by its best use (each circle it allows, with the coins it costs), so a bot choosing a
boat sees what the die can do. At the end of the game the estimate is the final score.
"""

from __future__ import annotations

import math
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from laguna.games.burano_roll_and_write.actions import Circle, Invite
from laguna.games.burano_roll_and_write.characters import CHARACTERS
from laguna.games.burano_roll_and_write.position import DICE, Phase, change_cost
from laguna.games.burano_roll_and_write.sheets import Kind, SheetLayout

if TYPE_CHECKING:
    from laguna.games.burano_roll_and_write.state import RollAndWriteState

DICE_FIT = 0.9
"""Share of their symbols' worth that future circles realise: a boat can only use the number its die
shows (or pay to change it), so plans go astray. Tuned on solo games."""
ROUND_SLACK = 0.5
"""The rounds left are an estimate: a plan may count on half a round more invitations than it shows."""
PLAN_WEIGHT = 0.9
"""A character still to invite counts for this share of one invited: the rounds or coins may run out."""
PLAN_GROWTH = 0.5
"""Weight of a planned character's uncircled symbols when ranking the characters still to invite."""
GLOBAL_ROOM = 20.0
"""The most a character scoring the whole sheet is credited for growth when ranking: it cannot have
every remaining circle."""
PLANT_HIGH = 4.5
"""The number a plant is likely to get when its building has no low number yet (dice and coins)."""
TAILOR_SINGLE = 3.0
"""A curtain that does not complete a red-blue pair yet: half a pair for the Tailor."""
MALE_TOURIST_HOOK = 3.0
"""A plant, streetlight or chimney that may match a number in its building: half a Male Tourist set."""
MALE_TOURIST_LOOSE = 1.0
"""The same with nothing to match yet."""
FLIP_SHARE = 0.1
"""Share of future boats flipped instead of used (no usable die): they circle nothing."""
EXTRA_COIN_CIRCLES = 0.5
"""Circles lost for every coin needed beyond those of the invitation rounds (flips or coin symbols)."""
CAP_LOSS = 0.5
"""Share of the value lost by the other plants of a building when a low number caps them."""
COIN_VALUE = 0.05
"""Each coin in hand, beyond what it does for the invitations: coins break ties. Kept small, or coins
would look better than the character they pay for."""
GAIN_RATE = 1.0
"""Coins a player gains per round without trying (several players): bounds the invitations."""

BUILDINGS = 6
FIFTH = 5
INVITATION_COST = 3
SOLO_FILL = 2
PLANT, CAT, RED, BLUE, LIGHT, CHIMNEY = range(6)
_KIND = {
    Kind.PLANT: PLANT,
    Kind.CAT: CAT,
    Kind.RED_CURTAIN: RED,
    Kind.BLUE_CURTAIN: BLUE,
    Kind.STREETLIGHT: LIGHT,
    Kind.CHIMNEY: CHIMNEY,
}
FT, PH, BP, POL, SANTA, FLO, FISH, PAINT, TAILOR, MT = range(10)
"""Characters A–J in the rulebook's order (Female Tourist … Male Tourist)."""
_CHAR_INDEX = {c: k for k, c in enumerate(CHARACTERS)}
_BUILDING_BOUND = (FT, PH, BP)
_FLOOR_BOUND = (FLO, FISH, PAINT)
_GLOBAL = (POL, SANTA, TAILOR, MT)


class _Sheet:
    """A layout as flat tables: symbol k's building position, floor, kind and printed number."""

    def __init__(self, layout: SheetLayout) -> None:
        symbols = layout.symbols
        self.size = n = len(symbols)
        self.index = {s.id: k for k, s in enumerate(symbols)}
        self.position = {colour: layout.position(colour) for colour in layout.buildings}
        self.building = [layout.position(s.building) for s in symbols]
        self.floor = [s.floor for s in symbols]
        self.kind = [_KIND[s.kind] for s in symbols]
        self.number = [s.number or 0 for s in symbols]
        every = range(n)
        self.light = [
            next(k for k in every if self.kind[k] == LIGHT and self.building[k] == b) for b in range(BUILDINGS)
        ]
        self.chimney = [
            next(k for k in every if self.kind[k] == CHIMNEY and self.building[k] == b) for b in range(BUILDINGS)
        ]
        self.plants_b = [
            tuple(k for k in every if self.kind[k] == PLANT and self.building[k] == b) for b in range(BUILDINGS)
        ]
        self.cats_b = [
            tuple(k for k in every if self.kind[k] == CAT and self.building[k] == b) for b in range(BUILDINGS)
        ]
        self.deco_b = [
            tuple(k for k in every if self.kind[k] >= RED and self.building[k] == b) for b in range(BUILDINGS)
        ]
        self.plants_f = [()] + [
            tuple(k for k in every if self.kind[k] == PLANT and self.floor[k] == f) for f in (1, 2, 3)
        ]
        self.cats_f = [()] + [tuple(k for k in every if self.kind[k] == CAT and self.floor[k] == f) for f in (1, 2, 3)]
        self.lights = tuple(self.light)
        self.chimneys = tuple(self.chimney)
        self.reds = tuple(k for k in every if self.kind[k] == RED)
        self.blues = tuple(k for k in every if self.kind[k] == BLUE)
        self.plants = tuple(k for k in every if self.kind[k] == PLANT)
        self.others = tuple(k for k in every if self.kind[k] != PLANT)
        self.n_plants_b = [len(p) for p in self.plants_b]
        self.n_cats_b = [len(c) for c in self.cats_b]
        self.n_deco_b = [len(d) for d in self.deco_b]
        self.n_plants_f = [len(p) for p in self.plants_f]
        self.n_cats_f = [len(c) for c in self.cats_f]
        self.plants_fb = [
            [sum(1 for k in self.plants_b[b] if self.floor[k] == f) for b in range(BUILDINGS)] for f in range(4)
        ]


_SHEETS: dict[int, tuple[SheetLayout, _Sheet]] = {}


def _sheet(layout: SheetLayout) -> _Sheet:
    """The tables of a layout, built once (layouts live as long as the loaded sheet set)."""
    entry = _SHEETS.get(id(layout))
    if entry is None or entry[0] is not layout:
        entry = (layout, _Sheet(layout))
        _SHEETS[id(layout)] = entry
    return entry[1]


def plant_value(cap: int) -> float:
    """The number a new plant of a building is likely to carry when `cap` is its lowest number so far.

    >>> plant_value(6), round(plant_value(2), 2)
    (4.5, 1.33)
    """
    if cap >= 6:
        return PLANT_HIGH
    return min(float(cap), PLANT_HIGH) * (0.5 + cap / 12)


_PLANT_VALUES = tuple(plant_value(cap) for cap in range(7))
"""`plant_value` of every number a plant can carry (and 0), read instead of worked out again."""


def estimate(state: RollAndWriteState) -> tuple[float, ...]:
    """Every seat's expected final score (the final scores once the game is over)."""
    if state.phase is Phase.OVER:
        return tuple(float(r.score) for r in state.outcome().results)
    return _estimate(state, state.outlooks, _MEMORY)


def estimate_afresh(state: RollAndWriteState) -> tuple[float, ...]:
    """`estimate` worked out from the position alone, without the outlooks the state keeps: what
    those must always agree with."""
    if state.phase is Phase.OVER:
        return estimate(state)
    return _estimate(state, [[None, None] for _ in range(state.players)], _Memory())


def _estimate(state: RollAndWriteState, outlooks: list[list[Any]], memory: _Memory) -> tuple[float, ...]:
    """Every seat's value before the end; what the seats share (the rounds left, the boats still to
    come this round) is read once."""
    players = state.players
    final_round = state.final_round
    if final_round is not None:
        fixed = float(final_round - state.round)
    elif players == 1:
        fixed = -1.0
    else:
        fixed = _race(state)
    boats = [0] * players
    die_seat = -1  # the seat with a die beside its boat, if any
    phase = state.phase
    if phase is Phase.BOAT or phase is Phase.USE:
        order = state.draft_order
        start = state.draft_index
        if phase is Phase.USE:
            if state.die is not None:
                die_seat = order[start]
            start += 1
        for seat in order[start:]:
            boats[seat] += 1
    solo = players == 1
    values = [
        _seat_value(state, seat, fixed, boats[seat], seat == die_seat, solo=solo, outlooks=outlooks, memory=memory)
        for seat in range(players)
    ]
    return tuple(values)


def _race(state: RollAndWriteState) -> float:
    """Rounds after this one with several players: until the first seat can invite its fifth character.

    Each seat needs max(need, (3 × need − coins) / 2) rounds; the least of them, at least 0."""
    best = float(state.options.round_limit - state.round)
    characters, gained, spent = state.characters, state.gained, state.spent
    for seat in range(state.players):
        need = max(FIFTH - len(characters[seat]), 0)
        rounds = (INVITATION_COST * need - (gained[seat] - spent[seat])) / _RACE_RATE
        if not rounds > need:
            rounds = float(need)
        best = min(best, rounds)
    return best if best > 0.0 else 0.0


_RACE_RATE = GAIN_RATE + 1.0
"""Coins a seat gains a round when it invites no one: its own coin and `GAIN_RATE`."""


class _Marks:
    """What one sheet has circled, summed the ways the characters read it.

    Kept in tuples once summed: a search keeps a thousand outlooks, and the collector of cycles
    walks every list of them again and again, while it soon leaves tuples of numbers alone."""

    __slots__ = (
        "blue", "cap_b", "cats_b", "cats_f", "chimneys", "deco_b", "isolated", "lit", "opened", "pcount_f",
        "plant_v", "plants", "plants_fb", "psum_b", "psum_f", "red", "sets", "val",
    )  # fmt: skip

    def __init__(self, sheet: _Sheet, circled: dict[str, int | None]) -> None:
        val = [-1] * sheet.size  # -1: not circled; else the number written (0: none)
        self.opened = sheet.size - len(circled)
        """How many symbols are not circled yet."""
        index = sheet.index
        building, floor, kind = sheet.building, sheet.floor, sheet.kind
        cats_b = [0] * BUILDINGS
        deco_b = [0] * BUILDINGS
        psum_b = [0] * BUILDINGS
        cap_b = [6] * BUILDINGS
        cats_f = [0, 0, 0, 0]
        psum_f = [0, 0, 0, 0]
        pcount_f = [0, 0, 0, 0]
        lit = [False] * BUILDINGS
        plants: list[list[int]] = [[] for _ in range(BUILDINGS)]
        plants_fb = [[0] * BUILDINGS for _ in range(4)]
        red = blue = chimneys = 0
        for sid, written in circled.items():
            k = index[sid]
            v = written or 0
            val[k] = v
            b = building[k]
            what = kind[k]
            if what == PLANT:
                f = floor[k]
                psum_b[b] += v
                psum_f[f] += v
                pcount_f[f] += 1
                cap_b[b] = min(cap_b[b], v)
                plants[b].append(v)
                plants_fb[f][b] += 1
            elif what == CAT:
                cats_b[b] += 1
                cats_f[floor[k]] += 1
            else:
                deco_b[b] += 1
                if what == RED:
                    red += 1
                elif what == BLUE:
                    blue += 1
                elif what == LIGHT:
                    lit[b] = True
                else:
                    chimneys += 1
        self.red, self.blue, self.chimneys = red, blue, chimneys
        self.isolated = tuple(
            [lit[b] and not (b > 0 and lit[b - 1]) and not (b < BUILDINGS - 1 and lit[b + 1]) for b in range(BUILDINGS)]
        )
        sets = 0
        for b in range(BUILDINGS):
            if not plants[b]:
                continue
            pool = list(plants[b])
            if lit[b]:
                label = sheet.number[sheet.light[b]]
                if label in pool:
                    pool.remove(label)
                    sets += 1
            chimney = val[sheet.chimney[b]]
            if chimney > 0 and chimney in pool:
                sets += 1
        self.sets = sets
        self.plant_v = tuple([_PLANT_VALUES[cap] for cap in cap_b])
        self.val = tuple(val)
        self.cats_b, self.deco_b, self.psum_b, self.cap_b = tuple(cats_b), tuple(deco_b), tuple(psum_b), tuple(cap_b)
        self.cats_f, self.psum_f, self.pcount_f = tuple(cats_f), tuple(psum_f), tuple(pcount_f)
        self.lit = tuple(lit)
        self.plants = tuple([tuple(p) for p in plants])
        self.plants_fb = tuple([tuple(p) for p in plants_fb])

    def current(self, ch: int, b: int, f: int) -> float:
        """What character ch placed at building b (or designating floor f) scores on the sheet now."""
        if ch == FT:
            return self.psum_b[b]
        if ch == PH:
            return 4 * self.cats_b[b]
        if ch == BP:
            return 4 * self.deco_b[b]
        if ch == POL:
            return 5 * sum(self.isolated)
        if ch == SANTA:
            return 4 * self.chimneys
        if ch == FLO:
            return self.psum_f[f]
        if ch == FISH:
            return 4 * self.cats_f[f]
        if ch == PAINT:
            return 3 * (self.cats_f[f] + self.pcount_f[f])
        if ch == TAILOR:
            return 6 * min(self.red, self.blue)
        return 6 * self.sets

    def global_room(self, sheet: _Sheet, ch: int) -> float:
        """The sum of `gains` for a character scoring the whole sheet, without listing them."""
        val, lit = self.val, self.lit
        if ch == SANTA:
            return 4.0 * (BUILDINGS - self.chimneys)
        if ch == TAILOR:
            red = 6.0 if self.red < self.blue else TAILOR_SINGLE
            blue = 6.0 if self.blue < self.red else TAILOR_SINGLE
            return red * (len(sheet.reds) - self.red) + blue * (len(sheet.blues) - self.blue)
        if ch == POL:
            return 5.0 * sum(
                1
                for b in range(BUILDINGS)
                if not lit[b] and not (b > 0 and lit[b - 1]) and not (b < BUILDINGS - 1 and lit[b + 1])
            )
        room = 0.0
        for b in range(BUILDINGS):
            light, chimney = sheet.light[b], sheet.chimney[b]
            hook = (lit[b] and sheet.number[light] <= self.cap_b[b]) or val[chimney] > 0
            room += (len(sheet.plants_b[b]) - len(self.plants[b])) * (MALE_TOURIST_HOOK if hook else MALE_TOURIST_LOOSE)
            numbers = (val[light] < 0) + (val[chimney] < 0)
            room += numbers * (MALE_TOURIST_HOOK if self.plants[b] else MALE_TOURIST_LOOSE)
        return room

    def gains(self, sheet: _Sheet, ch: int, b: int, f: int) -> list[tuple[int, float]]:
        """The uncircled symbols that would add to character ch, and by how much.

        The plants of the Female Tourist and the Florist are left out: their worth is the number
        written, counted through `plant_cover`.
        """
        val = self.val
        if ch == PH:
            return [(k, 4.0) for k in sheet.cats_b[b] if val[k] < 0]
        if ch == BP:
            return [(k, 4.0) for k in sheet.deco_b[b] if val[k] < 0]
        if ch == SANTA:
            return [(k, 4.0) for k in sheet.chimneys if val[k] < 0]
        if ch == FISH:
            return [(k, 4.0) for k in sheet.cats_f[f] if val[k] < 0]
        if ch == PAINT:
            return [(k, 3.0) for k in sheet.plants_f[f] + sheet.cats_f[f] if val[k] < 0]
        if ch == TAILOR:
            red = 6.0 if self.red < self.blue else TAILOR_SINGLE
            blue = 6.0 if self.blue < self.red else TAILOR_SINGLE
            return [(k, red) for k in sheet.reds if val[k] < 0] + [(k, blue) for k in sheet.blues if val[k] < 0]
        if ch == POL:
            lit = self.lit
            found = []
            for k in sheet.lights:
                if val[k] >= 0:
                    continue
                kb = sheet.building[k]
                left, right = kb > 0, kb < BUILDINGS - 1
                if (left and lit[kb - 1]) or (right and lit[kb + 1]):
                    continue  # it would not be isolated, and might spoil a neighbour
                found.append((k, 5.0))
            return found
        if ch == MT:
            found = []
            for bb in range(BUILDINGS):
                light, chimney = sheet.light[bb], sheet.chimney[bb]
                hook = (self.lit[bb] and sheet.number[light] <= self.cap_b[bb]) or val[chimney] > 0
                plant_gain = MALE_TOURIST_HOOK if hook else MALE_TOURIST_LOOSE
                found.extend((k, plant_gain) for k in sheet.plants_b[bb] if val[k] < 0)
                number_gain = MALE_TOURIST_HOOK if self.plants[bb] else MALE_TOURIST_LOOSE
                found.extend((k, number_gain) for k in (light, chimney) if val[k] < 0)
            return found
        return []


def _plant_cover(sheet: _Sheet, ch: int, b: int, f: int) -> tuple[int, ...]:
    """The plants whose written number the character adds up (Female Tourist: its building, Florist: its floor)."""
    if ch == FT:
        return sheet.plants_b[b]
    if ch == FLO:
        return sheet.plants_f[f]
    return ()


MEMORY = 1024
"""The most outlooks remembered by their sheet and characters (about 20 kB each)."""


class _Memory:
    """Outlooks by sheet, characters and circles: a search meets the same sheets again by other paths
    (the same circles in another order, or after other decisions of the other players).

    Two generations of at most half of `MEMORY` each: when the young one is full it becomes the old
    one, and the old one is forgotten; an old outlook met again joins the young one. A search keeps
    the outlooks of the lines it visits, and forgets the ones it judged once."""

    __slots__ = ("old", "young")

    def __init__(self) -> None:
        self.young: dict[Any, _Outlook] = {}
        self.old: dict[Any, _Outlook] = {}

    def get(self, key: Any) -> _Outlook | None:
        found = self.young.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: Any, outlook: _Outlook) -> None:
        if len(self.young) >= MEMORY // 2:
            self.old = self.young
            self.young = {}
        self.young[key] = outlook

    def __len__(self) -> int:
        """How many outlooks are remembered (one in both generations counts twice)."""
        return len(self.young) + len(self.old)


_MEMORY = _Memory()
"""Shared by every game of the process, as an outlook depends on nothing else."""

Placed = tuple[tuple[int, int, int], ...]


def circles_code(sheet: _Sheet, circled: dict[str, int | None]) -> bytes:
    """The circles of a sheet as the memory knows them: a byte a symbol, 0 when open, 1 when circled
    with nothing written, 2 + the number written. Equal exactly when the circles and numbers are,
    and one object, where a set of pairs is one for each pair to make, keep and free."""
    code = bytearray(sheet.size)
    index = sheet.index
    for sid, written in circled.items():
        code[index[sid]] = 1 if written is None else written + 2
    return bytes(code)


class _Outlook:
    """What a seat's sheet and characters promise, whatever its coins and the rounds left: the marks,
    the plan, and for each number of further invitations (the plan's first ones) their score now and
    the running sums of the ranking of the symbols still open.

    Working it out is most of an estimate, while most decisions leave a sheet and its characters
    alone, and a search meets the same sheets again and again: the state keeps each seat's outlook
    across copies, and the game remembers them by sheet and characters. An outlook never changes once
    made (but for `values` and `levels`, which only grow), and keeps its numbers in tuples, like
    the marks.
    """

    __slots__ = (
        "added", "base", "circles", "levels", "marks", "placed", "plan", "plant_weight", "prefixes", "sheet", "values",
        "worth",
    )  # fmt: skip

    def __init__(self, sheet: _Sheet, marks: _Marks, placed: Placed, circles: bytes) -> None:
        self.sheet = sheet
        self.marks = marks
        self.placed = placed
        self.circles = circles
        """The circled symbols and their numbers, as the memory knows them (and the other outlooks of
        the same sheet as circled now: a decision that leaves the sheet alone need not list them)."""
        self.plan = plan = tuple(_plan(sheet, marks, placed))
        size = sheet.size
        worth = [0.0] * size  # what circling each symbol adds, plant numbers aside
        plant_weight = [0.0] * size  # characters adding up the number written under each plant
        gains, current = marks.gains, marks.current
        plants_b, plants_f = sheet.plants_b, sheet.plants_f
        for ch, b, f in placed:
            for k, g in gains(sheet, ch, b, f):
                worth[k] += g
            if ch in (FT, FLO):  # `_plant_cover`
                for k in plants_b[b] if ch == FT else plants_f[f]:
                    plant_weight[k] += 1.0
        self.worth = tuple(worth)
        self.plant_weight = tuple(plant_weight)
        self.base = sum([current(ch, b, f) for ch, b, f in placed])
        val, building, plant_v = marks.val, sheet.building, marks.plant_v
        # the open symbols as the ranking lists them, the plants with the number they will likely carry;
        # the circled ones rank below every open one (all worth at least 0) and are cut off the ranking
        ranking = [w if v < 0 else -1.0 for w, v in zip(worth, val, strict=True)]
        for k in sheet.plants:
            if val[k] < 0:
                ranking[k] = worth[k] + plant_weight[k] * plant_v[building[k]]
        opened = marks.opened
        added = 0.0
        sums = [added]
        prefix = _prefix(ranking, opened)
        prefixes = [prefix]
        kind = sheet.kind
        for ch, b, f in plan:
            # a character adds to the worth of the symbols it gains, or (Female Tourist, Florist) to
            # the weight of the plants it covers, never both: each symbol's ranking is updated with it
            added += PLAN_WEIGHT * current(ch, b, f)
            moved = False
            for k, g in gains(sheet, ch, b, f):
                w = worth[k] = worth[k] + PLAN_WEIGHT * g
                ranking[k] = w + plant_weight[k] * plant_v[building[k]] if kind[k] == PLANT else w
                moved = True
            if ch in (FT, FLO):  # `_plant_cover`
                for k in plants_b[b] if ch == FT else plants_f[f]:
                    weight = plant_weight[k] = plant_weight[k] + PLAN_WEIGHT
                    if val[k] < 0:
                        ranking[k] = worth[k] + weight * plant_v[building[k]]
                        moved = True
            sums.append(added)
            if moved:  # else the ranking and its running sums stay as they were
                prefix = _prefix(ranking, opened)
            prefixes.append(prefix)
        self.added = tuple(sums)
        self.prefixes = tuple(prefixes)
        self.values: dict[tuple[float, ...], float] = {}
        """`best` by what it reads: the coins, the horizon, and what the die beside the boat allows."""
        self.levels: dict[int, tuple[tuple[float, ...], tuple[float, ...]]] = {}
        """`level` by the count of characters invited."""

    def level(self, count: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Each symbol's worth and plant weight once the plan's first `count` characters are invited
        (worked out once: a search asks it of the same outlook for every die it meets)."""
        found = self.levels.get(count)
        if found is None:
            sheet, marks = self.sheet, self.marks
            worth, plant_weight = list(self.worth), list(self.plant_weight)
            for ch, b, f in self.plan[:count]:
                for k, g in marks.gains(sheet, ch, b, f):
                    worth[k] += PLAN_WEIGHT * g
                for k in _plant_cover(sheet, ch, b, f):
                    plant_weight[k] += PLAN_WEIGHT
            found = self.levels[count] = (tuple(worth), tuple(plant_weight))
        return found

    def best(self, coins: int, horizon: tuple[float, float, int, int], options: list[tuple[int, int, int]]) -> float:
        """The score still to come with the number of further invitations that pays best, judged
        without this boat's circle; with `options`, the best circle of the die beside the boat, with
        the coins it costs, near that number."""
        added = self.added
        best = -math.inf
        best_count = counts = 0  # the first count paying best, and how many counts fit
        for count, prefix in enumerate(self.prefixes):
            rest = _rest(count, coins, prefix, horizon)
            if rest is None:
                break
            total = added[count] + rest
            if total > best:
                best, best_count = total, count
            counts += 1
        if not options:
            return best
        sheet, marks = self.sheet, self.marks
        kind, building, val, cap_b = sheet.kind, sheet.building, marks.val, marks.cap_b
        best = -1e9
        for count in range(max(0, best_count - 1), min(counts, best_count + 2)):
            base, prefix = added[count], self.prefixes[count]
            worth, plant_weight = self.level(count)
            rests: dict[int, float | None] = {}
            for k, v, cost in options:
                if cost not in rests:
                    rests[cost] = _rest(count, coins - cost, prefix, horizon)
                rest = rests[cost]
                if rest is None:
                    continue
                gain = worth[k]
                if kind[k] == PLANT:
                    b = building[k]
                    gain += plant_weight[k] * v
                    cap = cap_b[b]
                    if v < cap:
                        others = sum(plant_weight[j] for j in sheet.plants_b[b] if val[j] < 0 and j != k)
                        gain -= CAP_LOSS * (_PLANT_VALUES[cap] - _PLANT_VALUES[v]) * others
                value = base + gain + rest
                best = max(best, value)
        return best


def _prefix(ranking: list[float], opened: int) -> tuple[float, ...]:
    """The running sums of the ranking's `opened` best: the dice rarely offer the very best symbol, so
    the circles to come land on every other symbol of the ranking first, and on the ones skipped only
    once those are gone. In a tuple of numbers, which the collector of cycles leaves alone and whose
    numbers are read without making new ones."""
    ranked = sorted(ranking, reverse=True)
    del ranked[opened:]
    return tuple(accumulate(ranked[::2] + ranked[1::2], initial=0.0))


def _outlook(sheet: _Sheet, circled: dict[str, int | None], placed: Placed, memory: _Memory,
             near: _Outlook | None) -> _Outlook:  # fmt: skip
    """The outlook of a sheet with these characters: remembered, or worked out (with the marks of
    `near`, an outlook of the same sheet as circled now, if any)."""
    marks: _Marks | None = None
    if near is not None and near.sheet is sheet:
        circles, marks = near.circles, near.marks
    else:
        circles = circles_code(sheet, circled)
    key = (sheet, placed, circles)
    found = memory.get(key)
    if found is None:
        if marks is None:
            marks = _Marks(sheet, circled)
        found = _Outlook(sheet, marks, placed, circles)
        memory.put(key, found)
    return found


def _seat_value(state: RollAndWriteState, seat: int, fixed: float, boats: int, at_die: bool, *, solo: bool,
                outlooks: list[list[Any]], memory: _Memory) -> float:  # fmt: skip
    """One seat's expected final score; `fixed` is the rounds after this one when the end is known
    or raced to (solo: -1), `boats` the seat's boats still to come this round, `at_die` whether a
    die is beside its boat, judged by its best circle, `solo` whether it plays alone. The seat's
    outlook is read from its cell of `outlooks` (with the characters it was worked out for), and put
    there when missing or out of date."""
    held = state.gained[seat] - state.spent[seat]
    coins = held
    decision = state.commitments[seat]
    pending = 1  # this round's invitation is still to decide
    invite = None
    if decision is not None:
        pending = 0
        if type(decision) is Invite:
            invite = decision
            coins -= INVITATION_COST
        else:
            coins += 1
    # the invited characters (a dict replaced, never changed), with a decision made in secret this round
    characters = state.characters[seat]
    cell = outlooks[seat]
    outlook: _Outlook | None = cell[0]
    if outlook is None or cell[1][0] is not characters or cell[1][1] != invite:
        sheet = _sheet(state.layouts[seat])
        position = sheet.position
        placed = [(_CHAR_INDEX[ch], position[colour], floor or 0) for colour, (ch, floor) in characters.items()]
        if invite is not None:
            placed.append((_CHAR_INDEX[invite.character], position[invite.building], invite.floor or 0))
        found = _outlook(sheet, state.circled[seat], tuple(placed), memory, outlook)
        if outlook is None:
            cell[0], cell[1] = found, (characters, invite)
        else:  # the copies sharing the cell keep theirs: this position's characters differ
            outlooks[seat] = [found, (characters, invite)]
        outlook = found
    room = 0.0
    if solo and state.final_round is None:
        room = float(state.sheets.coin_track - state.gained[seat] - state.filled[seat] - SOLO_FILL)
    memo: tuple[float, ...] = (coins, fixed, room, pending, boats)
    value = 0
    if at_die:  # and the circles the die allows, by its colour and value and the coins to change it
        die = DICE.index(state.die)
        value = state.dice[die]
        memo = (*memo, die, value, held)
    best = outlook.values.get(memo)
    if best is None:
        options: list[tuple[int, int, int]] = []
        if at_die:
            index = outlook.sheet.index
            for action in state.legal_actions(seat):
                if type(action) is Circle:
                    options.append((index[action.symbol], action.value, change_cost(value, action.value)))
        best = outlook.values[memo] = outlook.best(coins, (fixed, room, pending, boats), options)
    total = outlook.base + best + COIN_VALUE * coins
    if solo:
        total -= state.filled[seat] + SOLO_FILL
    return total


def _plan(sheet: _Sheet, marks: _Marks, placed: Placed) -> list[tuple[int, int, int]]:
    """The characters to invite into the free spaces, best first: value now plus room to grow.

    A Female Tourist, Photographer or Backpacker needs the space under its own building; the others
    may take any free space.
    """
    used = {b for _, b, _ in placed}
    free = BUILDINGS - len(used)
    if not free:
        return []
    invited = {ch for ch, _, _ in placed}
    candidates: list[tuple[float, int, int, int]] = []
    grow = PLAN_GROWTH
    plant_v = marks.plant_v
    open_b = [b for b in range(BUILDINGS) if b not in used]
    if FT not in invited:
        n_plants, circled_plants, psum = sheet.n_plants_b, marks.plants, marks.psum_b
        candidates += [
            (psum[b] + grow * ((n_plants[b] - len(circled_plants[b])) * plant_v[b]), FT, b, 0) for b in open_b
        ]
    if PH not in invited:
        n_cats, cats_b = sheet.n_cats_b, marks.cats_b
        candidates += [(4.0 * (cats_b[b] + grow * (n_cats[b] - cats_b[b])), PH, b, 0) for b in open_b]
    if BP not in invited:
        n_deco, deco = sheet.n_deco_b, marks.deco_b
        candidates += [(4.0 * (deco[b] + grow * (n_deco[b] - deco[b])), BP, b, 0) for b in open_b]
    for f in (1, 2, 3):
        cats, plants = marks.cats_f[f], marks.pcount_f[f]
        open_cats = sheet.n_cats_f[f] - cats
        if FLO not in invited:
            counts = zip(sheet.plants_fb[f], marks.plants_fb[f], plant_v, strict=True)
            room = sum([(total - circled) * v for total, circled, v in counts])
            candidates.append((marks.psum_f[f] + grow * room, FLO, -1, f))
        if FISH not in invited:
            candidates.append((4.0 * (cats + grow * open_cats), FISH, -1, f))
        if PAINT not in invited:
            open_plants = sheet.n_plants_f[f] - plants
            candidates.append((3.0 * (cats + plants + grow * (open_cats + open_plants)), PAINT, -1, f))
    for ch in _GLOBAL:
        if ch not in invited:
            room = min(GLOBAL_ROOM, marks.global_room(sheet, ch))
            candidates.append((marks.current(ch, -1, 0) + grow * room, ch, -1, 0))
    candidates.sort(reverse=True)
    plan: list[tuple[int, int, int]] = []
    chosen: set[int] = set()
    for _, ch, b, f in candidates:
        if len(plan) >= free:
            break
        if ch in chosen or (b >= 0 and b in used):
            continue
        chosen.add(ch)
        if b >= 0:
            used.add(b)
        plan.append((ch, b, f))
    return plan


def _rest(count: int, coins: int, prefix: tuple[float, ...], horizon: tuple[float, float, int, int]) -> float | None:
    """The rest of the game with `count` more invitations: the circles left at their expected worth,
    less the coins still to be filled in (solo); None when the invitations do not fit.

    `horizon` holds the number of rounds after this one when the end is known (negative: solo, where
    the end comes when the coins gained and filled in reach the end of the coin track, `room` spaces
    away), `room`, whether this round's invitation is still to decide, and the seat's boats left.
    """
    fixed, room, pending, boats = horizon
    solo = fixed < 0
    need = INVITATION_COST * count - coins
    if solo:
        # each round fills 2 coins and each gains its coin or pays for its character: the game ends
        # when the coins gained and filled in use up the room left on the coin track
        future = (room - need) / 2 if need > 0 else room / 2
        other = (room - pending + count) / 3
        future = min(future, other)
        if future < 0:
            future = 0.0
    else:
        future = fixed
    takes = future + pending - count
    if count and takes < -ROUND_SLACK:
        return None
    extra = need - takes if takes > 0 else need
    if extra < 0:
        extra = 0.0
    circles = (boats + 2 * future) * (1 - FLIP_SHARE) - EXTRA_COIN_CIRCLES * extra
    if circles < -0.01:
        return None
    if circles <= 0:
        worth = 0.0
    else:
        whole = int(circles)
        if whole >= len(prefix) - 1:
            worth = prefix[-1]
        else:
            worth = prefix[whole] + (prefix[whole + 1] - prefix[whole]) * (circles - whole)
    value = DICE_FIT * worth
    if solo:
        value -= SOLO_FILL * future
    return value
