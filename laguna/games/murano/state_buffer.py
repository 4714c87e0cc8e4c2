"""A seat's observation numbers written straight from a state, without building its view: the same
bytes as `encoding.Encoder.encode` gives for the view (the segments are listed in `encoding`), about
20 times faster, for a learned evaluation that judges every position a search makes.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from operator import itemgetter
from typing import Any

from laguna.core.game import Seat
from laguna.games.murano.components import PLAYER_COLOURS, Bead
from laguna.games.murano.encoding import BEADS, BUILDING_KINDS, CUSTOMERS, RULES, Layout
from laguna.games.murano.loader import load_components
from laguna.games.murano.options import MuranoOptions
from laguna.games.murano.position import CATEGORIES, Phase
from laguna.games.murano.ships import SPACES
from laguna.games.murano.state import MuranoState

_CUSTOMER = {name: k for k, name in enumerate(CUSTOMERS)}
_BUILDING = {name: k for k, name in enumerate(BUILDING_KINDS)}
_PHASE_INDEX = {phase: k for k, phase in enumerate(Phase)}
_BEADS_OF = itemgetter(*Bead)
_BEAD_SLOT = {bead: k for k, bead in enumerate(Bead)}
_CATEGORY_SLOT = {category: k for k, category in enumerate(CATEGORIES)}
_BOARD_MEMO = 1024
"""Boards (street and building spaces, gondolas) a writer keeps written: the positions of one search
mostly share their board."""
_Board = tuple[tuple[tuple[str, tuple[Any, ...]], ...], tuple[tuple[tuple[str, str], Seat], ...]]
"""A board as a writer remembers it: the tiles by space, and the gondoliers by gondola."""


class BufferWriter(Layout):
    """The observation writer of one set-up: where each segment starts, and the numbers of the
    components by id."""

    def __init__(self, players: int, options: MuranoOptions) -> None:
        super().__init__(players, options)
        components = load_components(options.components)
        self.options = options
        self._at: dict[str, int] = {}
        length = 0
        for name, size in self.sizes().items():
            self._at[name] = length
            length += size
        self._seat_at = tuple(
            self._at[name]
            for name in (
                "gold", "vp", "vp_by_source", "gondoliers", "factories", "specials", "shops", "palaces", "characters",
                "markers", "beads", "special_cards",
            )
        )  # fmt: skip
        self._ring_order = itemgetter(*(space.number - 1 for space in components.action_spaces))
        self._ring_slot = {space.number - 1: k for k, space in enumerate(components.action_spaces)}
        self._customers = {tile.id: tuple(_CUSTOMER[c.value] for c in tile.customers) for tile in components.streets}
        self._shop_colour = {tile.id: _CUSTOMER[tile.colour.value] for tile in components.shops}
        self._palace_crests = {tile.id: tile.crests for tile in components.palaces}
        self._template = array("f", bytes(4 * length))
        self._write_rules(self._template, options)
        self._empty_board = array("f", bytes(4 * (self._at["stacks"] - self._at["streets"])))
        self._boards: dict[_Board, list[array[float] | None]] = {}
        """Boards written, by their tiles and gondoliers: the board as each seat, then a spectator,
        sees it."""

    def _write_rules(self, numbers: array[float], options: MuranoOptions) -> None:
        at = self._at["rules"]
        for k, name in enumerate(RULES):
            numbers[at + k] = 1.0 if getattr(options, name) else 0.0

    def write(self, state: MuranoState, seat: Seat | None) -> bytes:
        """The same bytes as the view's observation, without building the view.

        It reads what every view shows and, of what only some see, the drawn cards, the stack looked
        through and the building bought in the final turn only for the actor, and the face-down shops
        and palaces and the character cards only for their owner (of the others', their number); the
        encoding tests compare both at every position of seeded games.
        """
        players = self.players
        first = 0 if seat is None else seat
        at = self._at
        numbers = array("f", self._template)
        if state.options is not self.options:
            self._write_rules(numbers, state.options)
        phase = state.phase
        actor = state.actor
        actor_sees = seat == actor
        numbers[at["phase"] + _PHASE_INDEX[phase]] = 1.0
        if phase is not Phase.OVER:
            numbers[at["actor"] + (actor - first) % players] = 1.0
            if phase is not Phase.TURN:
                # No space under way (-1): the view's target 0 marks the last space, as list index -1 does.
                numbers[at["target"] + state.target % SPACES] = 1.0
        numbers[at["start_player"] + (state.start_player - first) % players] = 1.0
        numbers[at["turns"]] = state.turns
        if state.triggered_by is not None:
            numbers[at["triggered_by"] + (state.triggered_by - first) % players] = 1.0
        base = at["final_turns"]
        for other in state.last_turns:
            numbers[base + (other - first) % players] = 1.0
        ring = state.ring
        base = at["ships"]
        numbers[base : base + SPACES] = array("f", self._ring_order(ring.occupied))
        numbers[at["red_ship"] + self._ring_slot[ring.red]] = 1.0
        base = at["ships_to_sail"]
        for space in state.clearing:
            numbers[base + space] += 1.0
        numbers[at["ships_moved"]] = state.moved
        numbers[at["built"]] = state.built

        numbers[at["streets"] : at["stacks"]] = self._board(state, seat)
        base = at["gondolas"] + players
        for key in state.used_gondolas:
            numbers[base + self._gondola[key] * self.gondola_size] = 1.0

        bag = state.bag
        drawn = state.drawn
        base = at["stacks"]
        numbers[base : at["drawn_characters"]] = array(
            "f",
            (
                len(state.street_stack),
                len(state.shop_stack),
                state.factory_stack,
                state.special_stack,
                len(state.palace_stack),
                len(state.character_deck),
                len(state.special_deck),
                *_BEADS_OF(bag),
                len(drawn),
            ),
        )
        if actor_sees:
            characters_at, specials_at = at["drawn_characters"], at["drawn_specials"]
            for card in drawn:
                k = self._character.get(card)
                if k is None:
                    numbers[specials_at + self._special[card]] = 1.0
                else:
                    numbers[characters_at + k] = 1.0
        if state.street is not None:
            base = at["street_tile"]
            numbers[base] = 1.0
            for customer in self._customers[state.street]:
                numbers[base + 1 + customer] += 1.0
        if state.looking:
            numbers[at["looking"] + (0 if state.buying == "shop" else 1)] = 1.0
            if actor_sees:
                base = at["seen"]
                if state.buying == "shop":
                    for tile in state.shop_stack:
                        numbers[base + self._shop_colour[tile]] += 1.0
                else:
                    base += len(CUSTOMERS)
                    for tile in state.palace_stack:
                        numbers[base + self._crest[self._palace_crests[tile]]] += 1.0
        if state.final_tile and actor_sees:
            numbers[at["final_tile"] + self._tile[state.final_tile]] = 1.0

        sources, deck = len(CATEGORIES), len(self._special)
        gold, vp, by_source, gondoliers, factories, specials, shops, palaces, characters, markers, beads, cards = (
            self._seat_at
        )
        boards = state.boards
        for j in range(players):
            player = boards[(first + j) % players]
            points = player.vp
            numbers[gold + j] = player.gold
            numbers[vp + j] = sum(points.values())
            base = by_source + j * sources
            for category, count in points.items():
                k = _CATEGORY_SLOT.get(category)
                if k is not None:
                    numbers[base + k] = count
            numbers[gondoliers + j] = player.gondoliers
            numbers[factories + j] = player.factories
            numbers[specials + j] = player.specials
            numbers[shops + j] = len(player.shops)
            numbers[palaces + j] = len(player.palaces)
            numbers[characters + j] = len(player.characters)
            numbers[markers + j] = player.markers
            base = beads + j * len(BEADS)
            for bead, count in player.beads.items():
                if count:
                    numbers[base + _BEAD_SLOT[bead]] = count
            base = cards + j * deck
            for card in player.special_cards:
                numbers[base + self._special[card]] = 1.0
        if seat is not None:
            own = state.boards[seat]
            base = at["own_shops"]
            for tile in own.shops:
                numbers[base + self._shop_colour[tile]] += 1.0
            base = at["own_palaces"]
            for tile in own.palaces:
                numbers[base + self._crest[self._palace_crests[tile]]] += 1.0
            base = at["own_characters"]
            for card in own.characters:
                numbers[base + self._character[card]] = 1.0
        return numbers.tobytes()

    def _board(self, state: MuranoState, seat: Seat | None) -> array[float]:
        """The street and building spaces and the gondolas as `seat` sees them, less which gondolas
        have scored, remembered by the tiles and the gondoliers on the gondolas."""
        key = (tuple(state.tiles.items()), tuple(state.gondolas.items()))
        seen_by = self._boards.get(key)
        if seen_by is None:
            if len(self._boards) >= _BOARD_MEMO:
                self._boards.clear()
            seen_by = self._boards[key] = [None] * (self.players + 1)
        slot = self.players if seat is None else seat
        board = seen_by[slot]
        if board is None:
            board = seen_by[slot] = self._write_board(key, seat)
        return board

    def _write_board(self, key: _Board, seat: Seat | None) -> array[float]:
        tiles, gondolas = key
        players = self.players
        first = 0 if seat is None else seat
        board = array("f", self._empty_board)
        street_size, size = 1 + len(CUSTOMERS), self.building_size
        buildings_at = len(self._street) * street_size
        owner_at = len(BUILDING_KINDS)
        colour_at = owner_at + players
        crests_at = colour_at + len(CUSTOMERS)
        for space, tile in tiles:
            kind = tile[0]
            if kind == "street":
                base = self._street[space] * street_size
                board[base] = 1.0
                for customer in self._customers[tile[1]]:
                    board[base + 1 + customer] += 1.0
                continue
            base = buildings_at + self._building[space] * size
            board[base + _BUILDING[kind]] = 1.0
            if kind == "factory":
                board[base + owner_at + (tile[1] - first) % players] = 1.0
            elif kind == "shop":
                board[base + owner_at + (tile[1] - first) % players] = 1.0
                board[base + colour_at + _CUSTOMER[tile[2]]] = 1.0
            elif kind == "palace":
                board[base + crests_at] = self._palace_crests[tile[1]]
        gondolas_at = buildings_at + len(self._building) * size
        size = self.gondola_size
        for gondola, owner in gondolas:
            board[gondolas_at + self._gondola[gondola] * size + (owner - first) % players] = 1.0
        if seat is not None:
            own = PLAYER_COLOURS[seat]
            for (_, colour), k in self._gondola.items():
                if colour == own:
                    board[gondolas_at + k * size + players + 1] = 1.0
        return board


@lru_cache(maxsize=64)
def writer(players: int, options: MuranoOptions) -> BufferWriter:
    return BufferWriter(players, options)


def observation_buffer(state: MuranoState, seat: Seat | None, players: int, options: MuranoOptions) -> bytes:
    """The numbers of `observation` for the seat's view, as float32 bytes, read from the state."""
    return writer(players, options).write(state, seat)
