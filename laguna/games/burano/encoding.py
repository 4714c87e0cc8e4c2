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

Counts are raw small integers; everything else is 0 or 1.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

from laguna.core.game import JSON, Seat, seats_from
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
from laguna.games.burano.main_island import Stack as Houses
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.position import CATEGORIES, ROOF_SPACES, SEASONS, TURNS, Phase, Position
from laguna.games.burano.pyramid import CENTRE, LAYERS, SLOTS, centre_covered
from laguna.games.burano.ring import HOUSES, Ring
from laguna.games.burano.workshop_area import WorkshopArea, first_game_area

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
_PHASE_OF = {phase: k for k, phase in enumerate(Phase)}
_KIND_OF = {kind: k for k, kind in enumerate(RoofKind)}
_ROUNDS_BEFORE = tuple(sum(TURNS[:season]) for season in range(len(TURNS)))
_SEAT_SEGMENTS = (
    "coins",
    "privilege",
    "moves",
    "vp",
    "vp_by_source",
    "boat",
    "ring",
    "ring_workers",
    "reserve",
    "pyramid",
    "pyramid_secret",
    "pyramid_ready",
    "preparation",
    "roof_tiles",
    "fish_hand",
    "fish_from_deck",
    "fish_sold",
    "cards",
)
"""The segments that list every seat, each seat's part the same size, in `Encoder._write_seats`'s order."""
Item = TypeVar("Item")
_MEMO = 4096
"""The most houses, rings, lace worker placings or workshop areas `Encoder.state_buffer` keeps the
numbers of before it starts afresh (a game shows a few hundred of each)."""
_ISLAND_MEMO = 512
"""The same for whole main islands (6 kB each)."""
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


class Encoder:
    """The observation encoder of one set-up: every index table is computed once."""

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
        self._init_state_buffer(components)

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

    def _init_state_buffer(self, components: Components) -> None:
        """The tables `state_buffer` writes by: where each segment starts, and indexes keyed by what the
        state holds rather than by the view's names."""
        sizes = self.sizes()
        self._at: dict[str, int] = {}
        length = 0
        for name, size in sizes.items():
            self._at[name] = length
            length += size
        self._zeros = array("f", bytes(4 * length))
        self._components = components
        """Kept so that the tile objects `_tile_by_id` lists live as long as the encoder."""
        columns = components.main_island.columns
        self._square_at = {
            (r, c): HOUSE_SIZE * (r * columns + c) for r in range(components.main_island.rows) for c in range(columns)
        }
        self._workshop_of = {
            (r, c): r * components.workshop_columns + c
            for r in range(components.workshop_rows)
            for c in range(components.workshop_columns)
        }
        self._ship_of = {ship.name: k for k, ship in enumerate(components.ships)}
        self._card_of = {card.id: k for k, card in enumerate(components.building_cards)}
        self._tile_of = {tile: k for k, tile in enumerate(roof_tiles(components))}
        self._tile_by_id = {id(tile): self._tile_of[tile] for kind in RoofKind for tile in components.roof_tiles[kind]}
        """The component file's tile objects by identity (they live as long as `components`): the
        state holds those, so most lookups skip hashing a tile."""
        self._seat_at = tuple(
            tuple(self._at[name] + j * sizes[name] // self.players for name in _SEAT_SEGMENTS)
            for j in range(self.players)
        )
        """Where each seat's part of every segment listing the seats starts, by relative seat."""
        self._houses: dict[int, tuple[Houses, array[float]]] = {}
        self._island: dict[tuple[Any, ...], tuple[tuple[Houses, ...], array[float]]] = {}
        self._rings: dict[int, tuple[Ring, array[float]]] = {}
        self._areas: dict[int, tuple[WorkshopArea, array[float]]] = {}
        self._workers: dict[tuple[Any, ...], array[float]] = {}

    def _count_tiles(self, tiles: Iterable[RoofTile], values: array[float], base: int) -> None:
        """Count each tile at `base` plus the tile's index."""
        by_id, by_value = self._tile_by_id, self._tile_of
        for tile in tiles:
            index = by_id.get(id(tile))
            values[base + (by_value[tile] if index is None else index)] += 1.0

    def _main_island(self, stacks: dict[Square, Houses]) -> array[float]:
        """The houses segment, kept by the squares and the identity of their (immutable) stacks: copies
        of a position share the stacks until a cube or a roof changes one."""
        key = (*stacks, *map(id, stacks.values()))
        entry = self._island.get(key)
        if entry is None:
            memo, square_at = self._houses, self._square_at
            block = array("f", bytes(4 * HOUSE_SIZE * self.squares))
            for square, stack in stacks.items():
                at = square_at[square]
                block[at : at + HOUSE_SIZE] = _remember(memo, stack, _house_numbers)
            if len(self._island) >= _ISLAND_MEMO:
                self._island.clear()
            entry = self._island[key] = (tuple(stacks.values()), block)
        return entry[1]

    def _lace_workers(self, workers: dict[Square, Seat], first: Seat) -> array[float]:
        """The lace workers segment, kept by where the workers stand and the seat listed first."""
        key = (first, *workers.items())
        block = self._workers.get(key)
        if block is None:
            players = self.players
            block = array("f", bytes(4 * self.workshop * players))
            for square, owner in workers.items():
                block[self._workshop_of[square] * players + (owner - first) % players] = 1.0
            if len(self._workers) >= _MEMO:
                self._workers.clear()
            self._workers[key] = block
        return block

    def _area_numbers(self, area: WorkshopArea) -> array[float]:
        """The workshop squares' colours and coins (two segments side by side), fixed for a game."""
        n_colours = len(COLOURS)
        values = array("f", bytes(4 * self.workshop * (n_colours + 1)))
        for square, colour in area.colours.items():
            index = self._workshop_of[square]
            values[index * n_colours + COLOURS.index(colour)] = 1.0
            if square in area.coins:
                values[self.workshop * n_colours + index] = 1.0
        return values

    def state_buffer(self, position: Position, seat: Seat | None) -> bytes:
        """The same bytes as the numbers of ``encode(view(position, seat))``, without building the view.

        It reads what every view shows and, of a seat's own, what only that seat's view shows (its
        whole fish hand, its pyramid while it is built in secret, its covered centre cube); of the
        others' hidden parts only their counts and how far their pyramids are. The encoding tests
        compare the two at every position of random and greedy games.
        """
        players = self.players
        order = seats_from(seat, players)
        first = order[0]
        at = self._at
        colour_index = COLOURS.index
        n_colours = len(COLOURS)
        values = self._zeros[:]
        phase = position.phase

        values[at["phase"] + _PHASE_OF[phase]] = 1.0
        values[at["season"] + position.season] = 1.0
        season_turn = min(position.round, TURNS[position.season] - 1) + 1
        values[at["round"]] = _ROUNDS_BEFORE[position.season] + season_turn
        values[at["season_turn"]] = season_turn
        if phase is not Phase.CONSTRUCTION and phase is not Phase.OVER:
            values[at["actor"] + (position.actor - first) % players] = 1.0
        values[at["start_player"] + (position.start_player - first) % players] = 1.0
        base = at["houses"]
        values[base : base + HOUSE_SIZE * self.squares] = self._main_island(position.stacks)

        waters = [0] * (len(self.islands) * n_colours)
        for k, island in enumerate(self.islands):
            for colour in position.docks[island]:
                waters[k * n_colours + colour_index(colour)] += 1
        for island in self.islands:
            counts = position.island_workers[island]
            waters += counts[first:]
            waters += counts[:first]
        base = at["docks"]
        values[base : base + len(waters)] = array("f", waters)
        base, ships = at["ports"], len(self._ship_of)
        for k, port in enumerate(self.ports):
            for ship in position.ports[port]:
                values[base + k * ships + self._ship_of[ship]] = 1.0
        base, spaces = at["action_board"], len(SPACES)
        for k, colour in enumerate(position.markers):
            values[base + colour_index(colour) * spaces + k // 2] = 1.0

        block = _remember(self._areas, position.area, self._area_numbers)
        base = at["workshop_colours"]
        values[base : base + len(block)] = block
        block = self._lace_workers(position.lace_workers, first)
        base = at["lace_workers"]
        values[base : base + len(block)] = block

        base = at["cube_supply"]
        for colour, count in position.supply.items():
            values[base + colour_index(colour)] = count
        base = at["roof_stacks"]
        for roof_kind, stack in position.roof_stacks.items():
            values[base + _KIND_OF[roof_kind]] = len(stack)
        base = at["roofs_out"]
        out = [placed.tile for placed in position.roofs_placed]
        out += position.removed_roofs
        for player in position.boards:
            out += player.roofs
        self._count_tiles(out, values, base)
        base, fish_of = at["fish_supply"], self._fish
        for kind in position.fish_supply:
            values[base + fish_of[kind]] += 1.0
        values[at["fish_deck"]] = len(position.fish_deck)
        base = at["building_supply"]
        for card in position.building_supply:
            values[base + self._card_of[card]] = 1.0
        values[at["building_deck"]] = len(position.building_deck)
        base = at["pending"]
        values[base : base + PENDING] = array(
            "f",
            (
                1.0 if position.swapped else 0.0,
                position.matched,
                position.fish_left,
                position.sent,
                position.owed,
                1.0 if any(means == "card" for _, means in position.paid) else 0.0,
            ),
        )
        base = at["arrows_left"]
        for colour in position.arrows:
            values[base + colour_index(colour)] += 1.0
        if position.roof is not None:
            values[at["bonus_roof"] + _KIND_OF[position.roof.tile.kind]] = 1.0
        base, workshop_of = at["paid"], self._workshop_of
        for square, _ in position.paid:
            values[base + workshop_of[square]] = 1.0
        base = at["refilled"]
        for roof_kind in position.refilled:
            values[base + _KIND_OF[roof_kind]] = 1.0

        self._write_seats(values, position, seat, order)
        return values.tobytes()

    def _write_seats(self, values: array[float], position: Position, seat: Seat | None, order: list[Seat]) -> None:
        """The segments listing every seat, the viewer's first."""
        colour_index = COLOURS.index
        n_colours = len(COLOURS)
        by_id, by_value = self._tile_by_id, self._tile_of
        fish_of, card_of, place_of, rings = self._fish, self._card_of, self._place, self._rings
        construction = position.phase is Phase.CONSTRUCTION
        for other, offsets in zip(order, self._seat_at, strict=True):
            (
                coins,
                privilege,
                moves,
                vp_at,
                by_source,
                boat,
                ring,
                ring_workers,
                reserve,
                pyramid_at,
                secret,
                ready,
                preparation,
                roof_tiles,
                fish_hand,
                from_deck,
                sold,
                cards,
            ) = offsets
            player = position.boards[other]
            own = other == seat
            values[coins] = player.coins
            values[privilege] = player.privilege
            values[moves] = player.moves
            vp = player.vp
            values[vp_at] = sum(vp.values())
            for k, category in enumerate(CATEGORIES):
                values[by_source + k] = vp.get(category, 0)
            values[boat + place_of[player.boat]] = 1.0
            values[ring : ring + HOUSES * RING_SIZE] = _remember(rings, player.ring, _ring_numbers)
            values[ring_workers] = player.ring.workers
            for colour, count in player.reserve.items():
                values[reserve + colour_index(colour)] = count
            if construction and not own:
                values[secret] = 1.0
            else:
                pyramid = player.pyramid
                hidden = -1 if own or player.centre_seen or not centre_covered(pyramid) else CENTRE
                for slot, cube in enumerate(pyramid):
                    if cube is not None and slot != hidden:
                        values[pyramid_at + slot * n_colours + colour_index(cube)] = 1.0
            if player.cursor >= SLOTS:
                values[ready] = 1.0
            for cube in player.preparation:
                values[preparation + colour_index(cube)] += 1.0
            for tile in player.roofs:
                index = by_id.get(id(tile))
                values[roof_tiles + (by_value[tile] if index is None else index)] += 1.0
            public, drawn = player.hand_public, player.hand_secret
            if own:  # the whole hand as `Counter` addition sums it: the kinds held in all
                for kind, count in public.items():
                    if count + drawn.get(kind, 0) > 0:
                        values[fish_hand + fish_of[kind]] = count + drawn.get(kind, 0)
                for kind, count in drawn.items():
                    if count > 0 and kind not in public:
                        values[fish_hand + fish_of[kind]] = count
                values[from_deck] = sum(count for count in drawn.values() if count > 0)
            else:
                for kind, count in public.items():
                    if count > 0:
                        values[fish_hand + fish_of[kind]] = count
                values[from_deck] = sum(drawn.values())
            for kind, count in player.sold.items():
                if count > 0:
                    values[sold + fish_of[kind]] = count
            for card in player.cards:
                values[cards + card_of[card]] = 1.0


def _remember(
    memo: dict[int, tuple[Item, array[float]]], item: Item, make: Callable[[Item], array[float]]
) -> array[float]:
    """The numbers of an immutable `item`, kept by identity: the memo holds the item, so no other
    object can take its id while its entry lasts."""
    entry = memo.get(id(item))
    if entry is None:
        if len(memo) >= _MEMO:
            memo.clear()
        entry = memo[id(item)] = (item, make(item))
    return entry[1]


def _house_numbers(stack: Houses) -> array[float]:
    """One main-island square's numbers, as `Encoder.encode` writes them from the view."""
    values = array("f", bytes(4 * HOUSE_SIZE))
    n_colours = len(COLOURS)
    for floor, cube in enumerate(stack.cubes):
        values[floor * 2 * n_colours + COLOURS.index(cube)] = 1.0
    for floor, half in enumerate(stack.roofs):
        values[floor * 2 * n_colours + n_colours + COLOURS.index(half)] = 1.0
    return values


def _ring_numbers(ring: Ring) -> array[float]:
    """One seat's schedule ring from the first arrow-pointed house, as `Encoder.encode` writes it."""
    n_colours = len(COLOURS)
    values = array("f", bytes(4 * HOUSES * RING_SIZE))
    for k in range(HOUSES):
        house = ring.houses[(ring.arrows + k) % HOUSES]
        at = k * RING_SIZE
        values[at + COLOURS.index(house.colour)] = 1.0
        if house.symbol is HouseSymbol.COIN:
            values[at + n_colours] = 1.0
        elif house.symbol is HouseSymbol.FOUNTAIN:
            values[at + n_colours + 1] = 1.0
        if 3 <= k < 3 + ring.workers:
            values[at + n_colours + 2] = 1.0
    return values


@lru_cache(maxsize=32)
def encoder(players: int, options: BuranoOptions) -> Encoder:
    return Encoder(players, options)


def observation_buffer(position: Position, seat: Seat | None, players: int, options: BuranoOptions) -> bytes:
    """The numbers of `observation` for the seat's view, as float32 bytes, read from the position."""
    return encoder(players, options).state_buffer(position, seat)
