"""What a Burano position holds, dealt as the rulebook's 3. SETUP deals it, and the small questions the
rules ask of it.

A game is four seasons. Each begins with the simultaneous, secret construction of every player's cube
pyramid (one decision per slot), continues with 4/4/3/3 rounds of player turns (each turn up to four
moves, a built cube's action and a roof's bonus being decisions of their own) and ends with the
clean-up, whose lace scoring, cube refill and roof refill ask each player in turn from the start
player. Decks and stacks list their cards top last.

The rules themselves are plain functions of a `Position`, one module per rulebook section in
`laguna.games.burano.rules`; `laguna.games.burano.state` makes a position a game state.
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import Any, Final

from laguna.core.game import Seat, Seats
from laguna.core.messages import N_
from laguna.core.rng import Rng
from laguna.games.burano.components import (
    COLOURS,
    ActionSpace,
    BuildingCard,
    Colour,
    Components,
    Effect,
    RoofKind,
    RoofTile,
    Square,
)
from laguna.games.burano.main_island import RoofPlacement
from laguna.games.burano.main_island import Stack as Houses
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.player import Player
from laguna.games.burano.ring import starting_ring
from laguna.games.burano.workshop_area import WorkshopArea

SEASONS: Final = (N_("spring"), N_("summer"), N_("autumn"), N_("winter"))
SEASON_TITLES: Final = (N_("Spring"), N_("Summer"), N_("Autumn"), N_("Winter"))
"""The seasons as a sentence begins with them."""
TURNS: Final = (4, 4, 3, 3)
"""Player turns per season."""
MOVE_COSTS: Final = (-1, 3, 3, 4)
"""Coins paid before the 1st–4th move of a turn: the 1st gains a coin (+1/−3/−3/−4)."""
MAX_MOVES: Final = 4
PREPARATION_SPACES: Final = 3
PYRAMID_CUBES: Final = 14
HIDDEN: Final = "hidden"
"""How a view lists a pyramid's covered centre cube to the other seats."""
ROOF_SPACES: Final = 3
FISH_SUPPLY: Final = 3
BUILDING_SUPPLY: Final = 4
DOCK_HOUSES_PER_COLOUR: Final = 3
CUBES_PER_COLOUR: Final = 20
STARTING_CUBES_PER_COLOUR: Final = 3
NO_FISH_VP: Final = 2
"""A fish card earned when the fish supply and deck are empty is worth 2 VP instead."""
WITHDRAWN_COINS: Final = 2
"""A worker driven back to its schedule ring by another player's worker earns its owner 2 coins."""
MAX_LACE_MAKERS: Final = 3
ROOF_PRIVILEGE: Final = 2
LETTERS: Final = "ABCD"

# Score-sheet categories, in order.
ROOFS, ROOF_CARDS, SHIPS, NO_FISH, ISLANDS, LACE = (
    N_("roofs"),
    N_("roof colour cards"),
    N_("merchant ships"),
    N_("fish cards (none left)"),
    N_("island majority"),
    N_("lace making"),
)
CATEGORIES: Final = (ROOFS, ROOF_CARDS, SHIPS, NO_FISH, ISLANDS, LACE)


class Phase(enum.Enum):
    """The step the game is in; the values are what the view and messages call it."""

    ROOFS = N_("choose roof tiles")
    CONSTRUCTION = N_("cube pyramid construction")
    TURN = N_("player turn")
    FISHING = N_("fishing: sail")
    FISH_CARDS = N_("fishing: fish cards")
    DISPATCH = N_("fishing: dispatch workers")
    TRADE = N_("fishing: trade")
    LACE = N_("lace making")
    EARNING = N_("earning: withdraw workers")
    BONUS = N_("roof bonus")
    LACE_SCORING = N_("clean-up: score for lace making")
    CUBE_REFILL = N_("clean-up: refill house cubes")
    ROOF_DISCARD = N_("clean-up: remove roof tiles")
    ROOF_REFILL = N_("clean-up: refill roof tiles")
    OVER = N_("game over")

    __hash__ = object.__hash__
    """Hashed by identity, as `Colour` is: the state looks its phase up at every decision."""


def matches(arrows: tuple[Colour, ...], docks: list[Colour]) -> int:
    """How many colours of the arrow-pointed houses match the dock houses (each house counts once).

    >>> P, B, Y, W = Colour.PINK, Colour.BLUE, Colour.YELLOW, Colour.WHITE
    >>> matches((Y, B, P), [P, Y, W]), matches((P, P, B), [P, W, W])
    (2, 1)
    """
    return (Counter(arrows) & Counter(docks)).total()


def distinct(items: list[Any]) -> list[Any]:
    """The distinct items in first-seen order (two identical tiles or houses are one choice)."""
    seen: list[Any] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


class Position(Seats):
    """The game's table and the decision under way; its `__init__` is the set-up (3. SETUP)."""

    def __init__(
        self, players: int, options: BuranoOptions, components: Components, area: WorkshopArea, rng: Rng
    ) -> None:
        self._players = players
        self.options = options
        self.components = components
        self.area = area
        self.rng = rng
        self.reveals = 0
        self._cards = {card.id: card for card in components.building_cards}
        waters = components.waters
        self.start_player = rng.randrange(players)
        self.supply: Counter[Colour] = Counter({colour: CUBES_PER_COLOUR for colour in COLOURS})
        docks = [colour for colour in COLOURS for _ in range(DOCK_HOUSES_PER_COLOUR)]
        rng.shuffle(docks)
        self.docks: dict[str, list[Colour]] = {
            island: sorted(docks[3 * k : 3 * k + 3], key=COLOURS.index) for k, island in enumerate(waters.islands)
        }
        ships = [ship.name for ship in components.ships]
        rng.shuffle(ships)
        half = len(ships) // 2
        self.ports: dict[str, list[str]] = {waters.ports[0]: ships[:half], waters.ports[1]: ships[half:]}
        fountain_cube = self._random_supply_cube()
        self.supply[fountain_cube] -= 1
        self.stacks: dict[Square, Houses] = {components.main_island.fountain: Houses((fountain_cube,))}
        self.roofs_placed: list[RoofPlacement] = []
        self.removed_roofs: list[RoofTile] = []
        self.markers: list[Colour] = list(COLOURS)
        rng.shuffle(self.markers)
        self.roof_stacks: dict[RoofKind, list[RoofTile]] = {}
        for kind in RoofKind:
            stack = list(components.roof_tiles[kind])
            rng.shuffle(stack)
            self.roof_stacks[kind] = stack
        self.building_deck = [card.id for card in components.building_cards]
        rng.shuffle(self.building_deck)
        self.building_supply = [self.building_deck.pop() for _ in range(BUILDING_SUPPLY)]
        self.fish_deck = [kind for kind in components.fish_kinds for _ in range(components.fish_per_kind)]
        rng.shuffle(self.fish_deck)
        self.fish_supply = [self.fish_deck.pop() for _ in range(FISH_SUPPLY)]
        self.island_workers: dict[str, list[int]] = {island: [0] * players for island in waters.islands}
        self.lace_workers: dict[Square, Seat] = {}
        self.boards: list[Player] = []
        pieces = components.ring_pieces
        self.letters = [LETTERS[(seat - self.start_player) % players] for seat in range(players)]
        for seat, letter in enumerate(self.letters):
            order = list(range(len(pieces)))
            rng.shuffle(order)
            houses = tuple(house for k in order for house in pieces[k].houses)
            letter_piece = next(position for position, k in enumerate(order) if pieces[k].letter == letter)
            reserve: Counter[Colour] = Counter({colour: STARTING_CUBES_PER_COLOUR for colour in COLOURS})
            self.supply -= reserve
            self.boards.append(Player(starting_ring(houses, letter_piece), letter, reserve))
            self.island_workers[letter][seat] += 1
        self.season = 0
        self.round = 0
        self.turn = 0
        self.phase = Phase.ROOFS
        self.queue: list[Seat] = self.from_start()
        self.actor = self.queue[0]
        # Details of the decision under way.
        self.swapped = False
        self.matched = 0
        self.fish_left = 0
        self.arrows: list[Colour] = []
        self.sent = 0
        self.roof: RoofPlacement | None = None
        self.paid: list[tuple[Square, str]] = []
        self.owed = 0
        self.refilled: list[RoofKind] = []
        self.ended_by = ""

    def from_start(self) -> list[Seat]:
        """Every seat in turn order, the start player first."""
        return [(self.start_player + k) % self._players for k in range(self._players)]

    def _random_supply_cube(self) -> Colour:
        cubes = [colour for colour in COLOURS for _ in range(self.supply[colour])]
        return self.rng.choice(cubes)

    def action_of(self, colour: Colour) -> ActionSpace:
        """The action a cube of `colour` triggers this season: where its colour marker lies."""
        return (ActionSpace.FISHING, ActionSpace.LACE_MAKING, ActionSpace.EARNING)[self.markers.index(colour) // 2]

    def owner(self, effect: Effect) -> Seat | None:
        """The seat holding a building card with `effect` (each effect but the typed ones is unique)."""
        for seat, player in enumerate(self.boards):
            for card_id in player.cards:
                if self._cards[card_id].effect is effect:
                    return seat
        return None

    def card_effects(self, seat: Seat, effect: Effect) -> list[BuildingCard]:
        return [card for card in map(self._cards.__getitem__, self.boards[seat].cards) if card.effect is effect]

    def has(self, seat: Seat, effect: Effect) -> bool:
        cards = self._cards
        return any(cards[card_id].effect is effect for card_id in self.boards[seat].cards)

    def any_cube_colours(self, seat: Seat) -> frozenset[Colour]:
        colours: frozenset[Colour] = frozenset()
        for card in self.card_effects(seat, Effect.ROOF_ANY_CUBES):
            colours |= card.colours
        return colours

    def move_cost(self, seat: Seat) -> int:
        return MOVE_COSTS[self.boards[seat].moves]

    def can_move(self, seat: Seat) -> bool:
        player = self.boards[seat]
        return player.moves < MAX_MOVES and player.coins >= MOVE_COSTS[player.moves]

    def workshop_counts(self) -> list[list[int]]:
        """Workers of each seat per workshop in play."""
        counts = [[0] * self._players for _ in self.area.workshops]
        for square, seat in self.lace_workers.items():
            counts[self.area.squares[square]][seat] += 1
        return counts

    def own_lace_squares(self, seat: Seat) -> list[Square]:
        return sorted(square for square, owner in self.lace_workers.items() if owner == seat)

    def destinations(self, seat: Seat) -> list[str]:
        """Places the boat can reach this fishing action: one route, or two with the building card
        (never back where it started)."""
        waters = self.components.waters
        start = self.boards[seat].boat
        reach = list(waters.neighbours(start))
        if self.has(seat, Effect.TWO_STEP_FISHING):
            for middle in waters.neighbours(start):
                reach.extend(p for p in waters.neighbours(middle) if p != start)
        order = (*waters.islands, *waters.ports)
        return [place for place in order if place in reach]

    def tradeable(self, seat: Seat, port: str) -> list[str]:
        """Ships in `port` whose demand the player's fish cards meet."""
        hand = self.boards[seat].hand()
        return [
            name
            for name in self.ports[port]
            if all(hand[kind] >= count for kind, count in self.components.ship(name).demand)
        ]
