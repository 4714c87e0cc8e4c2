"""A seat's observation numbers written straight from a position, without building its view: the
same bytes as `encoding.Encoder.encode` gives for the view (the segments are listed in `encoding`),
about ten times faster, for a learned evaluation that judges every position a search makes.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

from laguna.core.game import Seat, seats_from
from laguna.games.burano.components import COLOURS, HouseSymbol, RoofKind, RoofTile, Square
from laguna.games.burano.encoding import HOUSE_SIZE, PENDING, RING_SIZE, SPACES, Layout, roof_tiles
from laguna.games.burano.loader import load_components
from laguna.games.burano.main_island import Stack as Houses
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.position import CATEGORIES, TURNS, Phase, Position
from laguna.games.burano.pyramid import CENTRE, SLOTS, centre_covered
from laguna.games.burano.ring import HOUSES, Ring
from laguna.games.burano.workshop_area import WorkshopArea

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
"""The segments that list every seat, each seat's part the same size, in `BufferWriter._write_seats`'s order."""
Item = TypeVar("Item")
_MEMO = 4096
"""The most houses, rings, lace worker placings or workshop areas a `BufferWriter` keeps the
numbers of before it starts afresh (a game shows a few hundred of each)."""
_ISLAND_MEMO = 512
"""The same for whole main islands (6 kB each)."""


class BufferWriter(Layout):
    """The observation writer of one set-up: where each segment starts, and indexes keyed by what the
    position holds rather than by the view's names."""

    def __init__(self, players: int, options: BuranoOptions) -> None:
        super().__init__(players, options)
        components = load_components(options.components)
        sizes = self.sizes()
        self._at: dict[str, int] = {}
        length = 0
        for name, size in sizes.items():
            self._at[name] = length
            length += size
        self._zeros = array("f", bytes(4 * length))
        self._components = components
        """Kept so that the tile objects `_tile_by_id` lists live as long as the writer."""
        island = components.main_island
        self._square_at = {
            (r, c): HOUSE_SIZE * (r * island.columns + c) for r in range(island.rows) for c in range(island.columns)
        }
        rows, columns = components.workshop_rows, components.workshop_columns
        self._workshop_of = {(r, c): r * columns + c for r in range(rows) for c in range(columns)}
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

    def write(self, position: Position, seat: Seat | None) -> bytes:
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
        base, ships = at["ports"], len(self._ship)
        for k, port in enumerate(self.ports):
            for ship in position.ports[port]:
                values[base + k * ships + self._ship[ship]] = 1.0
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
            values[base + self._card[card]] = 1.0
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
        fish_of, card_of, place_of, rings = self._fish, self._card, self._place, self._rings
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
    """One main-island square's numbers, as `encoding.Encoder.encode` writes them from the view."""
    values = array("f", bytes(4 * HOUSE_SIZE))
    n_colours = len(COLOURS)
    for floor, cube in enumerate(stack.cubes):
        values[floor * 2 * n_colours + COLOURS.index(cube)] = 1.0
    for floor, half in enumerate(stack.roofs):
        values[floor * 2 * n_colours + n_colours + COLOURS.index(half)] = 1.0
    return values


def _ring_numbers(ring: Ring) -> array[float]:
    """One seat's schedule ring from the first arrow-pointed house, as `encoding.Encoder.encode` writes it."""
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
def writer(players: int, options: BuranoOptions) -> BufferWriter:
    return BufferWriter(players, options)


def observation_buffer(position: Position, seat: Seat | None, players: int, options: BuranoOptions) -> bytes:
    """The numbers of `observation` for the seat's view, as float32 bytes, read from the position."""
    return writer(players, options).write(position, seat)
