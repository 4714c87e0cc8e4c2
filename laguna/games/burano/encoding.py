"""Burano as numbers, for research interfaces: the action space and the observation encoding.

The action space lists every action that can ever be legal in a set-up, in this fixed order (``L`` is
the number of lace squares: the workshop squares of the first-game layout for the player count, 18
for 2–3 players and 24 for 4, or every square of the workshop grid, 28, when the workshops are laid
at random):

================  ============================  ===============================================
block             size                          order
================  ============================  ===============================================
``roofs``         4                             the three kinds chosen at setup, kinds in order
``stack``         14 × 6 + 11                   slot b1..t, then colour pink..white, ``none``
                                                last (never offered for b9, m4, t)
``pick``          14                            slot b1..t
``build``         6 × 42                        colour, then main-island pit (row-major)
``roof``          48 × 142                      tile (kind, then the component file's order),
                                                then (first, second) squares side by side, sorted
``end``           1
``privilege``     1 + 6 × 14 + 6                coin; cube onto a slot (colour, then slot);
                                                cube into the reserve (colour)
``swap``          15 × 30                       island pair, then colour pair (different)
``sail``          8                             islands A..F, then the ports
``forgo``         1
``fish``          8 + 1                         face-up fish kind, then the deck
``dispatch``      2                             1, 2
``trade``         4                             merchant ship
``lace``          L × 2                         square, then without / with a privilege point
``withdraw``      6 + L                         islands, then workshop squares
``done``          1
``bonus``         1 + 16 + 1                    privilege, building card, the deck
``pay``           L × 3                         square, then cube / privilege / card
``cube``          6 + 1                         colour (cube refill), then ``none``
``discard``       48                            roof tile
``refill``        4                             roof kind
================  ============================  ===============================================

With the packaged components that is 7 939 actions for 2–3 players, 7 975 for 4, and 7 999 with
random workshops.

The observation is built from a seat's view only. Seats are listed relative to the viewer: the viewer
first, then the others clockwise (a spectator's view lists seats from seat 0). ``P`` is the number of
players, ``M`` the main island's squares (6 × 7 = 42, row-major), ``W`` the workshop grid's squares
(4 × 7 = 28, row-major), ``I`` the neighbouring islands (6), ``K`` the fish kinds (8), ``N`` the
building cards (16) and ``T`` the distinct roof tiles (48). Colours are always in the order pink,
blue, yellow, green, orange, white.

====================  ============  ==============================================================
segment               length        meaning
====================  ============  ==============================================================
``phase``             15            one-hot: roofs, construction, turn, fishing (sail, fish cards,
                                    dispatch, trade), lace, earning, bonus, lace scoring, cube
                                    refill, roof discard, roof refill, over
``season``            4             one-hot: spring, summer, autumn, winter
``round``             1             the round of the game (1–14)
``season_turn``       1             the round within the season (1–4)
``actor``             P             one-hot: the seat deciding (zeros in construction and at the end)
``start_player``      P             one-hot: the start player
``houses``            M × 3 × 12    per square and floor 1–3: cube colour one-hot, then the colour
                                    of the roof half over it one-hot
``docks``             I × 6         dock houses per island (A–F) and colour
``island_workers``    I × P         workers per island and seat
``ports``             2 × 4         1 where a merchant ship (component order) lies in a port
                                    (left, right)
``action_board``      6 × 3         per colour, one-hot: fishing, lace making, earning
``workshop_colours``  W × 6         colour one-hot of each workshop square (zeros: a blank)
``workshop_coins``    W             1 on a coin square
``lace_workers``      W × P         one-hot: the seat whose worker stands on the square
``cube_supply``       6             cubes in the supply per colour
``roof_stacks``       4             roof tiles left per kind
``roofs_out``         T             per roof tile, the copies seen out of the stacks (on the main
                                    island, removed, or in any roof space)
``fish_supply``       K             face-up fish cards per kind
``fish_deck``         1             fish cards in the deck
``building_supply``   N             1 for each face-up building card
``building_deck``     1             building cards in the deck
``pending``           6             the decision under way: swapped (0/1), colours matched, fish
                                    cards still to take, lace makers sent, cubes owed, lace-discount
                                    card used (0/1)
``arrows_left``       6             arrow colours a lace maker can still use, per colour
``bonus_roof``        4             one-hot: the kind of the roof awaiting its bonus
``paid``              W             1 on a workshop square already paid for in lace scoring
``refilled``          4             roof kinds already refilled this clean-up
``coins``             P             coins per seat
``privilege``         P             privilege points per seat
``moves``             P             moves made this turn per seat
``vp``                P             victory points per seat
``vp_by_source``      P × 6         per seat: roofs, roof colour cards, merchant ships, fish (none
                                    left), island majority, lace making
``boat``              P × 8         one-hot: the fishing boat's place (islands A–F, then the ports)
``ring``              P × 12 × 9    the schedule ring from the first arrow-pointed house clockwise
                                    (3 arrow houses, then sectors 1–9): colour one-hot, coin,
                                    fountain, covered by a worker
``ring_workers``      P             workers on each seat's ring
``reserve``           P × 6         cubes in the reserve per seat and colour
``pyramid``           P × 14 × 6    colour one-hot per slot b1..t (zeros: empty, secret, or the
                                    centre b5 covered out of the viewer's sight)
``pyramid_secret``    P             1 while a seat's pyramid is built out of the viewer's sight
``pyramid_ready``     P             1 once a seat's pyramid is complete
``preparation``       P × 6         cubes in the preparation area per seat and colour
``roof_tiles``        P × T         roof tiles in each seat's roof spaces
``fish_hand``         P × K         fish cards in hand known to the viewer: the viewer's whole hand,
                                    the others' cards taken face up
``fish_from_deck``    P             fish cards in hand drawn from the deck (unseen by the others)
``fish_sold``         P × K         fish cards sold per seat and kind
``cards``             P × N         1 for each building card a seat owns
====================  ============  ==============================================================

Counts are raw small integers; everything else is 0 or 1. `state_buffer` writes the same numbers
straight from a position, for speed.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from laguna.core.game import JSON, seats_from
from laguna.games.burano.actions import (
    Action,
    Bonus,
    Build,
    ChooseRoofs,
    Discard,
    Dispatch,
    Done,
    End,
    Forgo,
    Lace,
    Pay,
    Pick,
    PrivilegeCoin,
    PrivilegeCube,
    Refill,
    Roof,
    Sail,
    Stack,
    Swap,
    TakeCube,
    TakeFish,
    Trade,
    Withdraw,
)
from laguna.games.burano.components import (
    COLOURS,
    ActionSpace,
    Components,
    HouseSymbol,
    RoofKind,
    RoofTile,
    Square,
    square_name,
)
from laguna.games.burano.loader import load_components
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.position import CATEGORIES, ROOF_SPACES, SEASONS, Phase
from laguna.games.burano.pyramid import LAYERS, SLOTS
from laguna.games.burano.ring import HOUSES
from laguna.games.burano.workshop_area import first_game_area

PHASES = tuple(phase.value for phase in Phase)
KINDS = tuple(kind.value for kind in RoofKind)
SPACES = tuple(space.value for space in ActionSpace)
MEANS = ("cube", "privilege", "card")
FLOORS = 3
HOUSE_SIZE = FLOORS * 2 * len(COLOURS)
RING_SIZE = len(COLOURS) + 3
PENDING = 6
_COLOUR = {colour.value: k for k, colour in enumerate(COLOURS)}
_PHASE = {name: k for k, name in enumerate(PHASES)}
_SEASON = {name: k for k, name in enumerate(SEASONS)}
_KIND = {name: k for k, name in enumerate(KINDS)}
_NO_EMPTY = frozenset(layer[-1] for layer in LAYERS)
"""The last slot of each layer is never left empty by choice: once a layer holds its share of a short
reserve the construction moves on by itself (`rules.construction.settle_cursor`)."""


def roof_tiles(components: Components) -> tuple[RoofTile, ...]:
    """The distinct roof tiles, kind by kind in the component file's order."""
    return tuple(dict.fromkeys(tile for kind in RoofKind for tile in components.roof_tiles[kind]))


def lace_squares(players: int, options: BuranoOptions) -> tuple[Square, ...]:
    """The workshop squares a worker can ever stand on: the first-game layout's, or with random
    workshops any square of the grid."""
    components = load_components(options.components)
    if options.random_workshops:
        return tuple(itertools.product(range(components.workshop_rows), range(components.workshop_columns)))
    return tuple(sorted(first_game_area(components, players).squares))


def _sides(components: Components) -> list[tuple[Square, Square]]:
    """Every pair of main-island pits side by side, in both orders, sorted."""
    pits = components.main_island.pits
    pairs: list[tuple[Square, Square]] = []
    for row, column in pits:
        for near in ((row, column + 1), (row + 1, column)):
            if near in pits:
                pairs.extend((((row, column), near), (near, (row, column))))
    return sorted(pairs)


@lru_cache(maxsize=32)
def action_space(players: int, options: BuranoOptions) -> tuple[Action, ...]:
    """Every action that can be legal for this set-up, in the order of the module docstring."""
    components = load_components(options.components)
    tiles = roof_tiles(components)
    pits = sorted(components.main_island.pits)
    waters = components.waters
    squares = lace_squares(players, options)
    space: list[Action] = [ChooseRoofs(kinds) for kinds in itertools.combinations(tuple(RoofKind), ROOF_SPACES)]
    for slot in range(SLOTS):
        space += [Stack(slot, colour) for colour in COLOURS]
        if slot not in _NO_EMPTY:
            space.append(Stack(slot, None))
    space += [Pick(slot) for slot in range(SLOTS)]
    space += [Build(colour, pit) for colour in COLOURS for pit in pits]
    sides = _sides(components)
    space += [Roof(tile, first, second) for tile in tiles for first, second in sides]
    space += [End(), PrivilegeCoin()]
    space += [PrivilegeCube(colour, slot) for colour in COLOURS for slot in range(SLOTS)]
    space += [PrivilegeCube(colour) for colour in COLOURS]
    space += [
        Swap(a, ca, b, cb)
        for a, b in itertools.combinations(waters.islands, 2)
        for ca in COLOURS
        for cb in COLOURS
        if ca is not cb
    ]
    space += [Sail(place) for place in (*waters.islands, *waters.ports)]
    space.append(Forgo())
    space += [TakeFish(kind) for kind in components.fish_kinds]
    space += [TakeFish(None), Dispatch(1), Dispatch(2)]
    space += [Trade(ship.name) for ship in components.ships]
    space += [Lace(square, privilege) for square in squares for privilege in (False, True)]
    space += [Withdraw(island=island) for island in waters.islands]
    space += [Withdraw(square=square) for square in squares]
    space.append(Done())
    space += [Bonus(None), *(Bonus(card.id) for card in components.building_cards), Bonus("deck")]
    space += [Pay(square, means) for square in squares for means in MEANS]
    space += [*(TakeCube(colour) for colour in COLOURS), TakeCube(None)]
    space += [Discard(tile) for tile in tiles]
    space += [Refill(kind) for kind in RoofKind]
    return tuple(dict.fromkeys(space))


class Layout:
    """The observation's layout for one set-up: the segments' sizes and the numbering of what they
    list, computed once and shared by the view's `Encoder` and the position's `BufferWriter`."""

    def __init__(self, players: int, options: BuranoOptions) -> None:
        components = load_components(options.components)
        self.players = players
        island = components.main_island
        self.squares = island.rows * island.columns
        self._square = {
            square_name((r, c)): r * island.columns + c for r in range(island.rows) for c in range(island.columns)
        }
        rows, columns = components.workshop_rows, components.workshop_columns
        self.workshop = rows * columns
        self._workshop = {square_name((r, c)): r * columns + c for r in range(rows) for c in range(columns)}
        waters = components.waters
        self.islands = waters.islands
        self.ports = waters.ports
        self._place = {place: k for k, place in enumerate((*waters.islands, *waters.ports))}
        self._ship = {ship.name: k for k, ship in enumerate(components.ships)}
        self.fish = components.fish_kinds
        self._fish = {kind: k for k, kind in enumerate(self.fish)}
        self._card = {card.id: k for k, card in enumerate(components.building_cards)}
        self._tile = {str(tile): k for k, tile in enumerate(roof_tiles(components))}

    def sizes(self) -> dict[str, int]:
        p, colours = self.players, len(COLOURS)
        islands, places, fish, cards, tiles = (
            len(self.islands),
            len(self._place),
            len(self.fish),
            len(self._card),
            len(self._tile),
        )
        return {
            "phase": len(PHASES),
            "season": len(SEASONS),
            "round": 1,
            "season_turn": 1,
            "actor": p,
            "start_player": p,
            "houses": self.squares * HOUSE_SIZE,
            "docks": islands * colours,
            "island_workers": islands * p,
            "ports": len(self.ports) * len(self._ship),
            "action_board": colours * len(SPACES),
            "workshop_colours": self.workshop * colours,
            "workshop_coins": self.workshop,
            "lace_workers": self.workshop * p,
            "cube_supply": colours,
            "roof_stacks": len(KINDS),
            "roofs_out": tiles,
            "fish_supply": fish,
            "fish_deck": 1,
            "building_supply": cards,
            "building_deck": 1,
            "pending": PENDING,
            "arrows_left": colours,
            "bonus_roof": len(KINDS),
            "paid": self.workshop,
            "refilled": len(KINDS),
            "coins": p,
            "privilege": p,
            "moves": p,
            "vp": p,
            "vp_by_source": p * len(CATEGORIES),
            "boat": p * places,
            "ring": p * HOUSES * RING_SIZE,
            "ring_workers": p,
            "reserve": p * colours,
            "pyramid": p * SLOTS * colours,
            "pyramid_secret": p,
            "pyramid_ready": p,
            "preparation": p * colours,
            "roof_tiles": p * tiles,
            "fish_hand": p * fish,
            "fish_from_deck": p,
            "fish_sold": p * fish,
            "cards": p * cards,
        }


class Encoder(Layout):
    """The observation encoder of one set-up: a seat's view as the numbers of the module docstring."""

    def encode(self, view: JSON) -> dict[str, list[float]]:
        players = self.players
        viewer = view["viewer"]
        order = seats_from(viewer, players)
        relative = {seat: k for k, seat in enumerate(order)}
        colour_of = _COLOUR
        n_colours = len(COLOURS)

        phase = [0.0] * len(PHASES)
        phase[_PHASE[view["phase"]]] = 1.0
        season = [0.0] * len(SEASONS)
        season[_SEASON[view["season"]]] = 1.0
        actor = [0.0] * players
        if view["actor"] is not None:
            actor[relative[view["actor"]]] = 1.0
        start = [0.0] * players
        start[relative[view["start_player"]]] = 1.0

        main = view["main_island"]
        houses = [0.0] * (self.squares * HOUSE_SIZE)
        square_index = self._square
        for name, stack in main["houses"].items():
            base = square_index[name] * HOUSE_SIZE
            for floor, cube in enumerate(stack["cubes"]):
                houses[base + floor * 2 * n_colours + colour_of[cube]] = 1.0
            for floor, half in enumerate(stack["roofs"]):
                houses[base + floor * 2 * n_colours + n_colours + colour_of[half]] = 1.0

        docks = [0.0] * (len(self.islands) * n_colours)
        island_workers = [0.0] * (len(self.islands) * players)
        for k, island in enumerate(self.islands):
            data = view["islands"][island]
            for colour in data["docks"]:
                docks[k * n_colours + colour_of[colour]] += 1.0
            workers = data["workers"]
            for j, seat in enumerate(order):
                island_workers[k * players + j] = float(workers[seat])
        ports = [0.0] * (len(self.ports) * len(self._ship))
        for k, port in enumerate(self.ports):
            for ship in view["ports"][port]:
                ports[k * len(self._ship) + self._ship[ship]] = 1.0
        action_board = [0.0] * (n_colours * len(SPACES))
        for k, space in enumerate(SPACES):
            for colour in view["action_board"][space]:
                action_board[colour_of[colour] * len(SPACES) + k] = 1.0

        workshop_colours = [0.0] * (self.workshop * n_colours)
        workshop_coins = [0.0] * self.workshop
        lace_workers = [0.0] * (self.workshop * players)
        workshop_index = self._workshop
        for name, square in view["workshops"]["squares"].items():
            index = workshop_index[name]
            workshop_colours[index * n_colours + colour_of[square["colour"]]] = 1.0
            if square["coin"]:
                workshop_coins[index] = 1.0
            if square["worker"] is not None:
                lace_workers[index * players + relative[square["worker"]]] = 1.0

        seats = view["seats"]
        tile_index = self._tile
        roofs_out = [0.0] * len(tile_index)
        for placed in main["roof_tiles"]:
            roofs_out[tile_index[placed["tile"]]] += 1.0
        for tile in view["removed_roofs"]:
            roofs_out[tile_index[tile]] += 1.0
        for data in seats:
            for tile in data["roofs"]:
                roofs_out[tile_index[tile]] += 1.0

        fish_index = self._fish
        fish_supply = [0.0] * len(self.fish)
        for kind in view["fish_supply"]:
            fish_supply[fish_index[kind]] += 1.0
        building_supply = [0.0] * len(self._card)
        for card in view["building_supply"]:
            building_supply[self._card[card]] = 1.0

        pending = view["pending"]
        arrows_left = [0.0] * n_colours
        for colour in pending["arrows"]:
            arrows_left[colour_of[colour]] += 1.0
        bonus_roof = [0.0] * len(KINDS)
        if pending["roof"] is not None:
            bonus_roof[_KIND[pending["roof"].split(":")[0]]] = 1.0
        paid = [0.0] * self.workshop
        discount_used = 0.0
        for name, means in pending["paid"]:
            paid[workshop_index[name]] = 1.0
            if means == "card":
                discount_used = 1.0
        refilled = [0.0] * len(KINDS)
        for kind in pending["refilled"]:
            refilled[_KIND[kind]] = 1.0

        coins: list[float] = []
        privilege: list[float] = []
        moves: list[float] = []
        vp: list[float] = []
        vp_by_source: list[float] = []
        boat = [0.0] * (players * len(self._place))
        ring = [0.0] * (players * HOUSES * RING_SIZE)
        ring_workers: list[float] = []
        reserve: list[float] = []
        pyramid = [0.0] * (players * SLOTS * n_colours)
        pyramid_secret = [0.0] * players
        pyramid_ready = [0.0] * players
        preparation = [0.0] * (players * n_colours)
        roofs = [0.0] * (players * len(tile_index))
        fish_hand = [0.0] * (players * len(self.fish))
        fish_from_deck = [0.0] * players
        fish_sold = [0.0] * (players * len(self.fish))
        cards = [0.0] * (players * len(self._card))
        coin, fountain = HouseSymbol.COIN.value, HouseSymbol.FOUNTAIN.value
        for j, seat in enumerate(order):
            data = seats[seat]
            coins.append(float(data["coins"]))
            privilege.append(float(data["privilege"]))
            moves.append(float(data["moves"]))
            vp.append(float(data["vp"]))
            by_source = data["vp_by_source"]
            vp_by_source.extend(float(by_source[category]) for category in CATEGORIES)
            boat[j * len(self._place) + self._place[data["boat"]]] = 1.0
            wheel = data["ring"]
            ring_houses, arrows, workers = wheel["houses"], wheel["arrows"], wheel["workers"]
            base = j * HOUSES * RING_SIZE
            for k in range(HOUSES):
                house = ring_houses[(arrows + k) % HOUSES]
                at = base + k * RING_SIZE
                ring[at + colour_of[house["colour"]]] = 1.0
                symbol = house["symbol"]
                if symbol == coin:
                    ring[at + n_colours] = 1.0
                elif symbol == fountain:
                    ring[at + n_colours + 1] = 1.0
                if 3 <= k < 3 + workers:
                    ring[at + n_colours + 2] = 1.0
            ring_workers.append(float(workers))
            cubes = data["reserve"]
            reserve.extend(float(cubes[colour.value]) for colour in COLOURS)
            slots = data["pyramid"]
            if slots is None:
                pyramid_secret[j] = 1.0
            else:
                base = j * SLOTS * n_colours
                for slot, cube in enumerate(slots):
                    if cube is not None and cube != "hidden":
                        pyramid[base + slot * n_colours + colour_of[cube]] = 1.0
            if data["pyramid_ready"]:
                pyramid_ready[j] = 1.0
            for cube in data["preparation"]:
                preparation[j * n_colours + colour_of[cube]] += 1.0
            for tile in data["roofs"]:
                roofs[j * len(tile_index) + tile_index[tile]] += 1.0
            base = j * len(self.fish)
            for kind, count in data["hand"].items():
                fish_hand[base + fish_index[kind]] = float(count)
            for kind, count in data["sold"].items():
                fish_sold[base + fish_index[kind]] = float(count)
            drawn = data["from_deck"]
            fish_from_deck[j] = float(data["hidden_fish"] if drawn is None else sum(drawn.values()))
            for card in data["cards"]:
                cards[j * len(self._card) + self._card[card]] = 1.0

        return {
            "phase": phase,
            "season": season,
            "round": [float(view["round"])],
            "season_turn": [float(view["season_turn"])],
            "actor": actor,
            "start_player": start,
            "houses": houses,
            "docks": docks,
            "island_workers": island_workers,
            "ports": ports,
            "action_board": action_board,
            "workshop_colours": workshop_colours,
            "workshop_coins": workshop_coins,
            "lace_workers": lace_workers,
            "cube_supply": [float(view["cube_supply"][colour.value]) for colour in COLOURS],
            "roof_stacks": [float(view["roof_stacks"][kind]) for kind in KINDS],
            "roofs_out": roofs_out,
            "fish_supply": fish_supply,
            "fish_deck": [float(view["fish_deck"])],
            "building_supply": building_supply,
            "building_deck": [float(view["building_deck"])],
            "pending": [
                1.0 if pending["swapped"] else 0.0,
                float(pending["matched"]),
                float(pending["fish_left"]),
                float(pending["sent"]),
                float(pending["owed"]),
                discount_used,
            ],
            "arrows_left": arrows_left,
            "bonus_roof": bonus_roof,
            "paid": paid,
            "refilled": refilled,
            "coins": coins,
            "privilege": privilege,
            "moves": moves,
            "vp": vp,
            "vp_by_source": vp_by_source,
            "boat": boat,
            "ring": ring,
            "ring_workers": ring_workers,
            "reserve": reserve,
            "pyramid": pyramid,
            "pyramid_secret": pyramid_secret,
            "pyramid_ready": pyramid_ready,
            "preparation": preparation,
            "roof_tiles": roofs,
            "fish_hand": fish_hand,
            "fish_from_deck": fish_from_deck,
            "fish_sold": fish_sold,
            "cards": cards,
        }


@lru_cache(maxsize=32)
def encoder(players: int, options: BuranoOptions) -> Encoder:
    return Encoder(players, options)
