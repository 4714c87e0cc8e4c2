"""What the heuristic (`heuristics`) reads of one seat's house area, hand and tokens: the plan.

A plan says where the cards in hand go and what each house still needs, whatever the supply, the
turns and the characters: it depends on the area, the hand and the tokens alone, so a seat's plan
stands while another seat moves or the supply changes.
"""

from __future__ import annotations

from laguna.games.walking_in_burano.cards import KEPT_CARD_SETS, SHOP_TYPES, Colour, FloorCardSet

SELECT = 1.15
"""A card chosen for a space beats the average card of its floor and colour by this factor (closed
windows aside: nobody picks them)."""
LIGHT_CROWDED = 0.7
"""A streetlight with an empty neighbour space may lose its isolation: its weight for the Policeman."""

TOURIST_BONUS = 2.0
COLUMNS = 5
FLOORS = 3
CELLS = COLUMNS * FLOORS
EMPTY = -1
COLOURS = len(Colour)
# slots of a card's vector: the symbols characters read; BOY = cats + curtains + lights + chimneys
FL, PL, CA, BOY, RC, BC, SL, CH, PE, CW, SP = range(11)
FLOOR_SETS = tuple(tuple(f for f in range(FLOORS) if bits >> f & 1) for bits in range(1 << FLOORS))
"""The floors (0–2) of each bit set of floors."""

_COLOUR_INDEX = {colour: k for k, colour in enumerate(Colour)}
_SHOP_BITS = {kind: 1 << k for k, kind in enumerate(SHOP_TYPES)}
_SPACES = tuple((where, where // COLUMNS, where % COLUMNS, 1 << where // COLUMNS) for where in range(CELLS))
"""Every space of the house area with its floor, house and floor bit, 1st floor first."""
_HOUSE_OF = tuple(where % COLUMNS for where in range(CELLS))
_FLOOR_CELLS = tuple(tuple(range(f * COLUMNS, (f + 1) * COLUMNS)) for f in range(FLOORS))
"""The spaces of each floor, house by house."""
_NOTHING: tuple[float, ...] = (0.0,) * (SP + 1)
"""A space whose card is still to come, until the projection knows the colour its house heads for."""


Projection = tuple[list[tuple[float, ...]], list[tuple[float, float, float, float]]]
"""A plan's area with its spaces to come filled in (`Plan.projection`), and per house the points of
the Woman, the Man, the Girl and the Boy there."""


class Cards:
    """The card set as flat tables: per card its vector, floor (0–2), colour index and bit, shop bit."""

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
        self.bit = [1 << k for k in self.colour]
        self.light = [float(v[SL]) for v in self.vec]
        # a chosen card of each floor and colour: the average of those cards, picked among (`SELECT`)
        self.chosen: list[list[tuple[float, ...]]] = []
        for f in range(FLOORS):
            per_colour = []
            for k in range(COLOURS):
                group = [v for v, fl, co in zip(self.vec, self.floor, self.colour, strict=True) if fl == f and co == k]
                mean = [sum(v[s] for v in group) / max(1, len(group)) for s in range(SP + 1)]
                per_colour.append(tuple(x if s == CW else SELECT * x for s, x in enumerate(mean)))
            self.chosen.append(per_colour)
        first = [s for s, fl in zip(self.shop, self.floor, strict=True) if fl == 0]
        self.shop_chance = sum(1 for s in first if s) / max(1, len(first))


_TABLES: dict[int, tuple[FloorCardSet, float, Cards]] = {}


def card_tables(cards: FloorCardSet) -> Cards:
    """The tables of a card set, built once (and again if `SELECT` changes)."""
    entry = _TABLES.get(id(cards))
    if entry is None or entry[0] is not cards or entry[1] != SELECT:
        entry = (cards, SELECT, Cards(cards))
        if len(_TABLES) >= KEPT_CARD_SETS:
            _TABLES.clear()  # card sets loaded and dropped again must not pile up here
        _TABLES[id(cards)] = entry
    return entry[2]


class Plan:
    """What a seat's house area, hand and tokens say, whatever the supply, the turns and the characters:
    where the cards in hand go, and per house the floors it still needs.

    Cards in hand go each to an empty space where it breaks no rule, in the house closest to done; the
    rest, while tokens last, where it would break one.
    """

    __slots__ = (
        "cards",
        "empty",
        "forced",
        "gaps",
        "held",
        "houses",
        "in_hand",
        "kinds",
        "lights",
        "missing",
        "placed",
        "planned",
        "shops",
        "to_come",
        "unfinished",
    )

    def __init__(self, t: Cards, area: tuple[int, ...], hand: tuple[int, ...], tokens: int) -> None:
        floor_of, bit_of, vec, shop = t.floor, t.bit, t.vec, t.shop
        # colours of each house (padded with an empty house on both sides) and cards placed
        colours = [0] * (COLUMNS + 2)
        placed = [0] * COLUMNS
        for c, i in zip(_HOUSE_OF, area, strict=True):
            if i != EMPTY:
                colours[c + 1] |= bit_of[i]
                placed[c] += 1
        planned = list(colours)
        assigned: dict[int, int] = {}
        broken: set[int] = set()
        misfits = []
        for i in hand:
            bit = bit_of[i]
            best_cell = -1
            best_key = -1
            for c, cell in enumerate(_FLOOR_CELLS[floor_of[i]]):
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
        spare = tokens
        for i in misfits:
            if not spare:
                break
            best_cell = -1
            best_key = -1
            for c, cell in enumerate(_FLOOR_CELLS[floor_of[i]]):
                if area[cell] == EMPTY and cell not in assigned and placed[c] > best_key:
                    best_key, best_cell = placed[c], cell
            if best_cell >= 0:
                assigned[best_cell] = i
                broken.add(best_cell)
                spare -= 1
        self.planned = tuple(planned)
        missing = self.missing = tuple([3 - p for p in placed])
        self.unfinished = tuple([c for c in range(COLUMNS) if missing[c]])
        # the houses in the order they pick a colour: those with a colour first, then the empty ones
        houses = [c for c in self.unfinished if planned[c + 1]]
        self.houses = tuple(houses + [c for c in self.unfinished if not planned[c + 1]])
        gaps = [0] * COLUMNS  # floors still to fill from the supply, as a bit set
        forced = [0] * COLUMNS  # cards in hand placed by breaking a rule
        empty = [0] * COLUMNS  # floors with no card yet, as a bit set
        held = [0] * FLOORS  # cards in hand planned for each floor
        # every space as the projection reads it: the card there or planned for it (`to_come`: a typical
        # card of the colour the house heads for), and the 1st floors that may bring a new shop kind
        cards: list[tuple[float, ...]] = []
        filled = []
        to_come = []
        shops = []
        kinds = 0
        for where, f, c, bit in _SPACES:
            i = area[where]
            if i != EMPTY:
                cards.append(vec[i])
                filled.append(where)
                kinds |= shop[i]
                continue
            empty[c] |= bit
            if where in assigned:
                i = assigned[where]
                cards.append(vec[i])
                held[f] += 1
                if where in broken:
                    forced[c] += 1
                if shop[i] and not kinds & shop[i]:
                    shops.append((c, False))
            else:
                gaps[c] |= bit
                cards.append(_NOTHING)
                to_come.append((where, f, c))
                if f == 0:
                    shops.append((c, True))
        self.held = tuple(held)
        self.in_hand = held[0] + held[1] + held[2]
        self.gaps = tuple(gaps)
        self.forced = tuple(forced)
        self.empty = tuple(map(FLOOR_SETS.__getitem__, empty))
        self.cards = tuple(cards)
        self.placed = tuple(filled)
        self.to_come = tuple(to_come)
        self.shops = tuple(shops)
        self.kinds = kinds.bit_count()
        self.lights = streetlights(t, area)

    def projection(self, t: Cards, heading: list[int]) -> Projection:
        """The area with each space still to come holding a chosen card of its floor in the colour its
        house heads for, and what each tourist would score in each house of it."""
        chosen = t.chosen
        cards = list(self.cards)
        for where, f, c in self.to_come:
            cards[where] = chosen[f][heading[c]]
        tourist = []
        for c in range(COLUMNS):
            first, second, third = cards[c], cards[COLUMNS + c], cards[2 * COLUMNS + c]
            tourist.append((
                TOURIST_BONUS + (0.0 + first[FL] + second[FL] + third[FL]),
                TOURIST_BONUS + (0.0 + first[PL] + second[PL] + third[PL]),
                TOURIST_BONUS + 3 * (0.0 + first[CA] + second[CA] + third[CA]),
                TOURIST_BONUS + 2 * (0.0 + first[BOY] + second[BOY] + third[BOY]),
            ))  # fmt: skip
        return cards, tourist


def streetlights(t: Cards, area: tuple[int, ...]) -> tuple[tuple[int, float | None], ...]:
    """Isolated streetlights on the 2nd floors (Policeman), house by house: those placed count what
    they show, and an empty space with no streetlight beside it may get one (None: its chance)."""
    light = t.light
    lights = []
    for c in range(COLUMNS):
        i = area[COLUMNS + c]
        lights.append(-1.0 if i == EMPTY else light[i])
    counted: list[tuple[int, float | None]] = []
    for c in range(COLUMNS):
        here = lights[c]
        left = lights[c - 1] if c > 0 else 0.0
        right = lights[c + 1] if c < COLUMNS - 1 else 0.0
        if here > 0:
            if left <= 0 and right <= 0:
                counted.append((c, here * (LIGHT_CROWDED if (left < 0 or right < 0) else 1.0)))
        elif here < 0 and left <= 0 and right <= 0:
            counted.append((c, None))
    return tuple(counted)
