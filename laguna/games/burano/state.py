"""A position of Burano and its rules (rulebook: 3. SETUP to 8. PRIVILEGE).

A game is four seasons. Each begins with the simultaneous, secret construction of every player's cube
pyramid (one decision per slot), continues with 4/4/3/3 rounds of player turns (each turn up to four
moves, a built cube's action and a roof's bonus being decisions of their own) and ends with the
clean-up, whose lace scoring, cube refill and roof refill ask each player in turn from the start
player. Decks and stacks list their cards top last.
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from typing import Any, Final

from laguna.core.errors import IllegalAction
from laguna.core.game import JSON, Event, GameState, Seat, copy_counter
from laguna.core.messages import N_, Message, excerpt, msg, msg_plural, quoted
from laguna.core.messages import Player as Named
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.core.rng import Rng
from laguna.games.burano import heuristics, scoring
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
    BuildingCard,
    Colour,
    Components,
    Effect,
    HouseSymbol,
    RoofKind,
    RoofTile,
    Square,
    square_name,
)
from laguna.games.burano.main_island import RoofPlacement, build_sites, roof_sites
from laguna.games.burano.main_island import Stack as Houses
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.player import Player
from laguna.games.burano.pyramid import (
    CENTRE,
    LAYERS,
    SLOT_NAMES,
    SLOTS,
    centre_covered,
    layer_of,
    layer_targets,
    open_slots,
)
from laguna.games.burano.pyramid import free_slots as pyramid_free_slots
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


def _coins(amount: int) -> Message:
    return msg_plural("{count} coin", "{count} coins", amount)


def _vp(points: int) -> Message:
    return msg_plural("{count} VP", "{count} VP", points)


def _named(name: str, ours: tuple[str, ...]) -> Message | str:
    """A place or fish kind as a player wrote it: one of the game's as a word the catalogue
    translates, any other text quoted as it was written (a field of the message, never its template)."""
    return msg(name) if name in ours else quoted(name)


def matches(arrows: tuple[Colour, ...], docks: list[Colour]) -> int:
    """How many colours of the arrow-pointed houses match the dock houses (each house counts once).

    >>> P, B, Y, W = Colour.PINK, Colour.BLUE, Colour.YELLOW, Colour.WHITE
    >>> matches((Y, B, P), [P, Y, W]), matches((P, P, B), [P, W, W])
    (2, 1)
    """
    return (Counter(arrows) & Counter(docks)).total()


class BuranoState(GameState[Action]):
    """One position. Build it with `Burano.new_game`."""

    def __init__(
        self, players: int, options: BuranoOptions, components: Components, area: WorkshopArea, rng: Rng
    ) -> None:
        self._players = players
        self.options = options
        self.components = components
        self.area = area
        self.rng = rng
        self._reveals = 0
        self._legal: dict[Seat, tuple[Action, ...]] = {}
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
        self.queue: list[Seat] = self._from_start()
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

    # ------------------------------------------------------------------ protocol

    @property
    def players(self) -> int:
        return self._players

    @property
    def reveal_count(self) -> int:
        return self._reveals

    def _from_start(self) -> list[Seat]:
        return [(self.start_player + k) % self._players for k in range(self._players)]

    def to_act(self) -> tuple[Seat, ...]:
        if self.phase is Phase.CONSTRUCTION:
            return tuple(s for s in range(self._players) if self.boards[s].cursor < SLOTS)
        if self.phase is Phase.OVER:
            return ()
        return (self.actor,)

    def estimate(self) -> tuple[float, ...]:
        return heuristics.estimate(self)

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = tuple(self._generate(seat))
        return cached

    def copy(self) -> BuranoState:
        twin = object.__new__(BuranoState)
        for name, value in self.__dict__.items():
            setattr(twin, name, value)
        twin.rng = self.rng.copy()
        twin._legal = dict(self._legal)
        twin.supply = copy_counter(self.supply)
        twin.docks = {island: list(houses) for island, houses in self.docks.items()}
        twin.ports = {port: list(ships) for port, ships in self.ports.items()}
        twin.stacks = dict(self.stacks)
        twin.roofs_placed = list(self.roofs_placed)
        twin.removed_roofs = list(self.removed_roofs)
        twin.markers = list(self.markers)
        twin.roof_stacks = {kind: list(stack) for kind, stack in self.roof_stacks.items()}
        twin.building_deck = list(self.building_deck)
        twin.building_supply = list(self.building_supply)
        twin.fish_deck = list(self.fish_deck)
        twin.fish_supply = list(self.fish_supply)
        twin.island_workers = {island: list(counts) for island, counts in self.island_workers.items()}
        twin.lace_workers = dict(self.lace_workers)
        twin.boards = [player.copy() for player in self.boards]
        twin.queue = list(self.queue)
        twin.arrows = list(self.arrows)
        twin.paid = list(self.paid)
        twin.refilled = list(self.refilled)
        return twin

    def _key(self) -> tuple[Any, ...]:
        skipped = ("_legal", "_cards", "components", "area")
        parts = [value for name, value in sorted(self.__dict__.items()) if name not in skipped]
        return (*parts, self.components.source, self.area.squares)

    # ------------------------------------------------------------------ small queries

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
        return bool(self.card_effects(seat, effect))

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

    def _random_supply_cube(self) -> Colour:
        cubes = [colour for colour in COLOURS for _ in range(self.supply[colour])]
        return self.rng.choice(cubes)

    # ------------------------------------------------------------------ legal actions

    def _generate(self, seat: Seat) -> list[Action]:
        phase = self.phase
        player = self.boards[seat]
        if phase is Phase.ROOFS:
            kinds = [kind for kind in RoofKind if self.roof_stacks[kind]]
            return [ChooseRoofs(combo) for combo in itertools.combinations(kinds, min(ROOF_SPACES, len(kinds)))]
        if phase is Phase.CONSTRUCTION:
            return self._stack_options(seat)
        if phase is Phase.TURN:
            return self._turn_options(seat)
        if phase is Phase.FISHING:
            return self._fishing_options(seat)
        if phase is Phase.FISH_CARDS:
            faces = sorted(set(self.fish_supply), key=self.components.fish_kinds.index)
            return [*(TakeFish(kind) for kind in faces), *([TakeFish(None)] if self.fish_deck else [])]
        if phase is Phase.DISPATCH:
            return [Dispatch(1), Dispatch(2)]
        if phase is Phase.TRADE:
            return [Trade(name) for name in self.tradeable(seat, player.boat)] or [Forgo()]
        if phase is Phase.LACE:
            return [*self._lace_options(seat), Done()]
        if phase is Phase.EARNING:
            return [*self._withdraw_options(seat), Done()]
        if phase is Phase.BONUS:
            return [
                Bonus(None),
                *(Bonus(card) for card in self.building_supply),
                *([Bonus("deck")] if self.building_deck else []),
            ]
        if phase is Phase.LACE_SCORING:
            return [*self._pay_options(seat), Done()]
        if phase is Phase.CUBE_REFILL:
            available = [c for c in COLOURS if self.supply[c]]
            if self.owed:
                return [*(TakeCube(c) for c in available), TakeCube(None)]
            return [*(PrivilegeCube(c) for c in available if player.privilege), Done()]
        if phase is Phase.ROOF_DISCARD:
            return [*(Discard(tile) for tile in _distinct(player.roofs)), Done()]
        if phase is Phase.ROOF_REFILL:
            return [Refill(kind) for kind in self._refill_kinds()]
        return []

    def _stack_options(self, seat: Seat) -> list[Action]:
        player = self.boards[seat]
        slot = player.cursor
        used = Counter(c for c in player.pyramid if c is not None)
        left = player.reserve - used
        options: list[Action] = [Stack(slot, colour) for colour in COLOURS if left[colour]]
        if self._may_leave_empty(player, slot):
            options.append(Stack(slot, None))
        return options

    def _may_leave_empty(self, player: Player, slot: int) -> bool:
        """A slot may stay empty while the rest of its layer can still take the layer's cubes."""
        layer = LAYERS[layer_of(slot)]
        target = layer_targets(min(PYRAMID_CUBES, player.reserve.total()))[layer_of(slot)]
        placed = sum(1 for s in layer if player.pyramid[s] is not None)
        return target - placed < layer[-1] - slot + 1

    def _turn_options(self, seat: Seat) -> list[Action]:
        player = self.boards[seat]
        options: list[Action] = []
        if self.can_move(seat):
            if len(player.preparation) < PREPARATION_SPACES:
                options.extend(Pick(slot) for slot in pyramid_free_slots(player.pyramid))
            colours = [c for c in COLOURS if c in player.preparation]
            if colours:
                sites = build_sites(self.components.main_island, self.stacks)
                options.extend(Build(colour, site) for colour in colours for site in sites)
            any_cube = self.any_cube_colours(seat)
            for tile in _distinct(player.roofs):
                options.extend(Roof(tile, a, b) for a, b in roof_sites(self.stacks, tile, any_cube))
        if player.privilege:
            options.append(PrivilegeCoin())
            if player.pyramid_cubes() < PYRAMID_CUBES:
                slots = open_slots(player.pyramid)
                options.extend(PrivilegeCube(c, s) for c in COLOURS if self.supply[c] for s in slots)
        options.append(End())
        return options

    def _fishing_options(self, seat: Seat) -> list[Action]:
        player = self.boards[seat]
        arrows = player.ring.arrow_colours()
        options: list[Action] = []
        for place in self.destinations(seat):
            if place in self.docks:
                if matches(arrows, self.docks[place]):
                    options.append(Sail(place))
            elif not self.swapped and self.ports[place]:
                options.append(Sail(place))
        if player.privilege:
            islands = self.components.waters.islands
            for a, b in itertools.combinations(islands, 2):
                for ca in _distinct(self.docks[a]):
                    for cb in _distinct(self.docks[b]):
                        if ca is not cb:
                            options.append(Swap(a, ca, b, cb))
        if not any(isinstance(o, Sail) for o in options):
            options.append(Forgo())
        return options

    def _lace_options(self, seat: Seat) -> list[Action]:
        player = self.boards[seat]
        if self.sent >= MAX_LACE_MAKERS or player.ring.workers < 2 or not self.arrows:
            return []
        own = {square for square, owner in self.lace_workers.items() if owner == seat}
        bump = self.has(seat, Effect.LACE_BUMP)
        options: list[Action] = []
        neighbours = self.area.neighbours
        for square, colour in sorted(self.area.colours.items()):
            if colour not in self.arrows or square in own:
                continue
            occupant = self.lace_workers.get(square)
            if occupant is not None and self.boards[occupant].ring.empty_sectors == 0:
                continue
            adjacent = not own or any(near in own for near in neighbours[square])
            if adjacent and (occupant is None or bump):
                options.append(Lace(square))
            elif player.privilege:
                options.append(Lace(square, privilege=True))
        return options

    def _withdraw_options(self, seat: Seat) -> list[Action]:
        if not self.boards[seat].ring.empty_sectors:
            return []
        islands = [Withdraw(island=i) for i, counts in self.island_workers.items() if counts[seat]]
        return [*islands, *(Withdraw(square=s) for s in self.own_lace_squares(seat))]

    def _pay_options(self, seat: Seat) -> list[Action]:
        player = self.boards[seat]
        paid = {square for square, _ in self.paid}
        in_pyramid = Counter(c for c in player.pyramid if c is not None)
        card = self.has(seat, Effect.LACE_DISCOUNT) and all(means != "card" for _, means in self.paid)
        options: list[Action] = []
        for square in self.own_lace_squares(seat):
            if square in paid:
                continue
            colour = self.area.colours[square]
            if in_pyramid[colour] > 0:
                options.append(Pay(square))
            if player.privilege and self.supply[colour]:
                options.append(Pay(square, "privilege"))
            if card:
                options.append(Pay(square, "card"))
        return options

    def _refill_kinds(self) -> list[RoofKind]:
        player = self.boards[self.actor]
        if len(player.roofs) >= ROOF_SPACES:
            return []
        return [kind for kind in RoofKind if self.roof_stacks[kind] and kind not in self.refilled]

    # ------------------------------------------------------------------ explanations

    def explain_illegal(self, seat: Seat, action: Action) -> Message:
        expected: dict[Phase, tuple[tuple[type, ...], Message]] = {
            Phase.ROOFS: (
                (ChooseRoofs,),
                msg("choose three different kinds of roof tiles (roofs <kind> <kind> <kind>)"),
            ),
            Phase.CONSTRUCTION: (
                (Stack,),
                msg(
                    "build your cube pyramid first: the next slot is {slot}",
                    slot=SLOT_NAMES[min(self.boards[seat].cursor, SLOTS - 1)],
                ),
            ),
            Phase.TURN: (
                (Pick, Build, Roof, End, PrivilegeCoin, PrivilegeCube),
                msg("make a move, spend privilege points or end your turn"),
            ),
            Phase.FISHING: ((Sail, Swap, Forgo), msg("sail your fishing boat (or swap dock houses first)")),
            Phase.FISH_CARDS: ((TakeFish,), msg("take your fish cards first ({count} left)", count=self.fish_left)),
            Phase.DISPATCH: ((Dispatch,), msg("you matched all three colours: dispatch 1 or 2 workers")),
            Phase.TRADE: ((Trade, Forgo), msg("trade with a merchant ship in this port")),
            Phase.LACE: ((Lace, Done), msg("send lace makers to the workshops or say done")),
            Phase.EARNING: ((Withdraw, Done), msg("withdraw workers for 1 coin each or say done")),
            Phase.BONUS: ((Bonus,), msg("take the roof's bonus: 2 privilege points or a building card")),
            Phase.LACE_SCORING: ((Pay, Done), msg("return cubes for your lace makers or say done")),
            Phase.CUBE_REFILL: ((TakeCube, PrivilegeCube, Done), msg("refill your cube reserve")),
            Phase.ROOF_DISCARD: ((Discard, Done), msg("remove roof tiles or say done")),
            Phase.ROOF_REFILL: ((Refill,), msg("refill your empty roof spaces with different kinds")),
        }
        if self.phase not in expected:
            return msg("the game is over")
        kinds, message = expected[self.phase]
        if not isinstance(action, kinds):
            return msg("now is {phase}: {hint}", phase=msg(self.phase.value), hint=message)
        player = self.boards[seat]
        if isinstance(action, (Pick, Build, Roof)) and not self.can_move(seat):
            if player.moves >= MAX_MOVES:
                return msg("you have made 4 moves this turn, the most a turn allows")
            return msg(
                "your move {move} costs {cost} and you have {coins}",
                move=player.moves + 1,
                cost=_coins(self.move_cost(seat)),
                coins=player.coins,
            )
        explain = getattr(self, f"_explain_{type(action).__name__.lower()}", None)
        if explain is not None:
            reason: Message = explain(seat, action)
            return reason
        return message

    def _explain_stack(self, seat: Seat, action: Stack) -> Message:
        player = self.boards[seat]
        if action.slot != player.cursor:
            return msg("the next slot to fill is {slot} (the base first, then up)", slot=SLOT_NAMES[player.cursor])
        if action.colour is None:
            return msg("every remaining slot of this layer must take a cube (14 cubes, the base first)")
        return msg("no {colour} cube is left in your cube reserve", colour=msg(action.colour.value))

    def _explain_pick(self, seat: Seat, action: Pick) -> Message:
        player = self.boards[seat]
        if len(player.preparation) >= PREPARATION_SPACES:
            return msg("your preparation area is full (3 cubes)")
        if player.pyramid[action.slot] is None:
            return msg("slot {slot} of your pyramid is empty", slot=SLOT_NAMES[action.slot])
        return msg("the cube in {slot} is not free: another cube rests on it", slot=SLOT_NAMES[action.slot])

    def _explain_build(self, seat: Seat, action: Build) -> Message:
        if action.colour not in self.boards[seat].preparation:
            return msg("there is no {colour} cube in your preparation area", colour=msg(action.colour.value))
        where = square_name(action.square)
        stack = self.stacks.get(action.square)
        if stack is not None:
            return msg("{square} holds a house without a rooftop block to build on", square=where)
        if action.square not in self.components.main_island.pits:
            return msg("{square} is not a pit of the main island", square=where)
        return msg("{square} touches no house, not even corner to corner", square=where)

    def _explain_roof(self, seat: Seat, action: Roof) -> Message:
        if action.tile not in self.boards[seat].roofs:
            return msg("you have no {tile} roof tile", tile=str(action.tile))
        a, b = self.stacks.get(action.first), self.stacks.get(action.second)
        if a is None or b is None:
            return msg("a roof goes across two cubes")
        if abs(action.first[0] - action.second[0]) + abs(action.first[1] - action.second[1]) != 1:
            return msg("the two cubes must be side by side in a horizontal or vertical line")
        if a.roofed or b.roofed:
            return msg("roof tiles cannot overlap")
        if a.floor != b.floor:
            return msg("the two cubes must be on the same floor")
        if a.floor >= 3:
            return msg("cubes on the 3rd floor cannot be roofed")
        return msg("the cubes' colours must match the roof tile's colours")

    def _explain_privilegecoin(self, seat: Seat, action: PrivilegeCoin) -> Message:
        return msg("you have no privilege point")

    def _explain_privilegecube(self, seat: Seat, action: PrivilegeCube) -> Message:
        player = self.boards[seat]
        if not player.privilege:
            return msg("you have no privilege point")
        if not self.supply[action.colour]:
            return msg("the cube supply has no {colour} cube", colour=msg(action.colour.value))
        if self.phase is Phase.CUBE_REFILL:
            if self.owed:
                return msg("take the cubes you are owed first")
            return msg("in the clean-up a privilege cube goes into your cube reserve: name no slot")
        if player.pyramid_cubes() >= PYRAMID_CUBES:
            return msg("your pyramid already has 14 cubes")
        if action.slot is None:
            return msg("during your turn a privilege cube goes onto your pyramid: name the slot")
        return msg(
            "a cube can go into {slot} only if it is empty and the cubes under it are there",
            slot=SLOT_NAMES[action.slot],
        )

    def _explain_sail(self, seat: Seat, action: Sail) -> Message:
        waters = self.components.waters
        place, boat = _named(action.place, (*waters.islands, *waters.ports)), msg(self.boards[seat].boat)
        if action.place not in self.destinations(seat):
            if self.has(seat, Effect.TWO_STEP_FISHING):
                return msg("{place} is not two routes away from your boat at {boat}", place=place, boat=boat)
            return msg("{place} is not one route away from your boat at {boat}", place=place, boat=boat)
        if action.place in self.docks:
            return msg(
                "no dock house of {island} matches the colours of your arrow-pointed houses", island=action.place
            )
        if not self.ports[action.place]:
            return msg("no merchant ship is in the {port} port", port=place)
        return msg("you swapped dock houses to fish at a neighbouring island, not to trade")

    def _explain_swap(self, seat: Seat, action: Swap) -> Message:
        if not self.boards[seat].privilege:
            return msg("swapping dock houses costs a privilege point, and you have none")
        return msg("name a dock house of each of two islands, of different colours")

    def _explain_forgo(self, seat: Seat, action: Forgo) -> Message:
        if self.phase is Phase.TRADE:
            return msg("trade with a merchant ship in this port")
        return msg("your boat can sail: fishing is not optional once the cube is built")

    def _explain_takefish(self, seat: Seat, action: TakeFish) -> Message:
        if action.kind is None:
            return msg("the fish deck is empty")
        return msg("no {kind} card is face up in the fish supply", kind=_named(action.kind, self.components.fish_kinds))

    def _explain_dispatch(self, seat: Seat, action: Dispatch) -> Message:
        return msg("dispatch 1 or 2 workers")

    def _explain_trade(self, seat: Seat, action: Trade) -> Message:
        if action.ship not in self.ports[self.boards[seat].boat]:
            return msg("the ship {ship} is not in this port", ship=excerpt(action.ship))
        return msg("your fish cards do not meet the demand of the ship {ship}", ship=action.ship)

    def _explain_lace(self, seat: Seat, action: Lace) -> Message:
        player = self.boards[seat]
        colour = self.area.colours.get(action.square)
        if colour is None:
            return msg("{square} is not a square of a lace workshop", square=square_name(action.square))
        if self.sent >= MAX_LACE_MAKERS:
            return msg("no more than 3 workers go lace making at one time")
        if player.ring.workers < 2:
            return msg("your last worker must stay on your schedule ring")
        if colour not in self.arrows:
            return msg("no arrow-pointed house left to use is {colour}", colour=msg(colour.value))
        occupant = self.lace_workers.get(action.square)
        if occupant == seat:
            return msg("one of your workers already stands there")
        if occupant is not None and not self.boards[occupant].ring.empty_sectors:
            return msg("{player}'s schedule ring has no empty sector to take the worker back", player=Named(occupant))
        if action.privilege and not player.privilege:
            return msg("you have no privilege point")
        if action.privilege:
            return msg("this square needs no privilege point")
        if occupant is not None and not self.has(seat, Effect.LACE_BUMP):
            return msg("another player's worker stands there (a privilege point or the building card allows it)")
        return msg("after your first lace maker, a worker goes next to one of yours (or spend a privilege point)")

    def _explain_withdraw(self, seat: Seat, action: Withdraw) -> Message:
        if not self.boards[seat].ring.empty_sectors:
            return msg("your schedule ring has no empty sector")
        return msg("none of your workers is there")

    def _explain_bonus(self, seat: Seat, action: Bonus) -> Message:
        if action.card == "deck":
            return msg("the building deck is empty")
        return msg("building card {card} is not in the building supply", card=excerpt(str(action.card)))

    def _explain_pay(self, seat: Seat, action: Pay) -> Message:
        if self.lace_workers.get(action.square) != seat:
            return msg("none of your workers stands on {square}", square=square_name(action.square))
        if any(square == action.square for square, _ in self.paid):
            return msg("you already returned a cube for this worker")
        colour = msg(self.area.colours[action.square].value)
        if action.means == "card":
            return msg("you have no unused lace-discount building card")
        if action.means == "privilege":
            return msg("a privilege point and a {colour} cube in the supply are needed", colour=colour)
        return msg("your pyramid has no {colour} cube left", colour=colour)

    def _explain_takecube(self, seat: Seat, action: TakeCube) -> Message:
        if not self.owed:
            return msg("you are owed no cube: take a cube with a privilege point or say done")
        assert action.colour is not None
        return msg("the supply has no {colour} cube", colour=msg(action.colour.value))

    def _explain_done(self, seat: Seat, action: Done) -> Message:
        return msg("you are owed cubes: take them first")

    def _explain_discard(self, seat: Seat, action: Discard) -> Message:
        return msg("you have no {tile} roof tile", tile=str(action.tile))

    def _explain_refill(self, seat: Seat, action: Refill) -> Message:
        if action.kind in self.refilled:
            return msg("the refilled roof tiles must be of different kinds")
        return msg("the {kind} roof stack is empty", kind=msg(action.kind.value))

    # ------------------------------------------------------------------ applying

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        self._legal = {}
        handler = getattr(self, f"_do_{type(action).__name__.lower()}")
        handler(seat, action, events)
        return events

    def _do_chooseroofs(self, seat: Seat, action: ChooseRoofs, events: list[Event]) -> None:
        player = self.boards[seat]
        for kind in action.kinds:
            player.roofs.append(self.roof_stacks[kind].pop())
        self._reveals += 1
        tiles = ", ".join(str(tile) for tile in player.roofs)
        events.append(
            Event("roofs", seat, msg("{player} takes the roof tiles {tiles}", player=Named(seat), tiles=tiles))
        )
        self._next_in_queue(events)

    def _do_stack(self, seat: Seat, action: Stack, events: list[Event]) -> None:
        player = self.boards[seat]
        player.pyramid[action.slot] = action.colour
        player.cursor += 1
        self._settle_cursor(player)
        if player.cursor >= SLOTS:
            events.append(Event("pyramid-ready", seat, msg("{player} has built the cube pyramid", player=Named(seat))))
        if all(p.cursor >= SLOTS for p in self.boards):
            self._finish_construction(events)

    def _settle_cursor(self, player: Player) -> None:
        """Skip the slots that stay empty by rule: the pyramid is complete once it holds its cubes."""
        total = min(PYRAMID_CUBES, player.reserve.total())
        while player.cursor < SLOTS:
            if player.pyramid_cubes() >= total:
                player.cursor = SLOTS
                break
            layer = layer_of(player.cursor)
            target = layer_targets(total)[layer]
            if sum(1 for s in LAYERS[layer] if player.pyramid[s] is not None) < target:
                break
            player.cursor = LAYERS[layer][-1] + 1

    def _begin_season(self, events: list[Event]) -> None:
        self.phase = Phase.CONSTRUCTION
        events.append(
            Event(
                "season",
                None,
                msg(
                    "{season} begins: every player builds a cube pyramid in secret",
                    season=msg(SEASON_TITLES[self.season]),
                ),
                {"season": self.season},
            )
        )
        for player in self.boards:
            player.pyramid = [None] * SLOTS
            player.cursor = 0
            self._settle_cursor(player)
        if all(p.cursor >= SLOTS for p in self.boards):
            self._finish_construction(events)

    def _finish_construction(self, events: list[Event]) -> None:
        """Every pyramid is revealed; the cubes left in each reserve go to the supply for 1 coin each."""
        self._reveals += 1
        for seat, player in enumerate(self.boards):
            used = Counter(c for c in player.pyramid if c is not None)
            left = player.reserve - used
            player.reserve = Counter()
            self.supply += left
            player.coins += left.total()
            player.centre_seen = not centre_covered(player.pyramid)
            shown = self._public_pyramid(player)
            cubes = " ".join("?" if c == HIDDEN else c[0].upper() if c else "." for c in shown)
            events.append(
                Event(
                    "pyramid",
                    seat,
                    msg(
                        "{player}'s pyramid: {cubes}; {returned} back to the supply for {coins}",
                        player=Named(seat),
                        cubes=cubes,
                        returned=msg_plural("{count} cube", "{count} cubes", left.total()),
                        coins=_coins(left.total()),
                    ),
                    {"pyramid": shown},
                )
            )
        self.phase = Phase.TURN
        self.round = 0
        self.turn = 0
        self.actor = self.start_player
        self._announce_turn(events)

    def _announce_turn(self, events: list[Event]) -> None:
        events.append(
            Event(
                "turn",
                self.actor,
                msg(
                    "{season}, turn {turn}: {player} to play",
                    season=msg(SEASON_TITLES[self.season]),
                    turn=self.round + 1,
                    player=Named(self.actor),
                ),
            )
        )

    def _pay_move(self, seat: Seat) -> None:
        player = self.boards[seat]
        player.coins -= MOVE_COSTS[player.moves]
        player.moves += 1

    def _do_pick(self, seat: Seat, action: Pick, events: list[Event]) -> None:
        player = self.boards[seat]
        self._pay_move(seat)
        colour = player.pyramid[action.slot]
        assert colour is not None
        player.pyramid[action.slot] = None
        player.preparation.append(colour)
        player.centre_seen = player.centre_seen or not centre_covered(player.pyramid)
        events.append(
            Event(
                "pick",
                seat,
                msg(
                    "{player} picks up the {colour} cube from {slot}",
                    player=Named(seat),
                    colour=msg(colour.value),
                    slot=SLOT_NAMES[action.slot],
                ),
            )
        )

    def _do_build(self, seat: Seat, action: Build, events: list[Event]) -> None:
        player = self.boards[seat]
        self._pay_move(seat)
        player.preparation.remove(action.colour)
        stack = self.stacks.get(action.square)
        where = square_name(action.square)
        space = self.action_of(action.colour)
        fields = {"player": Named(seat), "colour": msg(action.colour.value), "square": where, "space": msg(space.value)}
        if stack is None:
            self.stacks[action.square] = Houses((action.colour,))
            text = msg("{player} builds a {colour} house in the pit {square}, then goes {space}", **fields)
        else:
            rooftop = stack.rooftop
            self.stacks[action.square] = stack.built(action.colour)
            if rooftop is action.colour:
                player.privilege += 1
                text = msg(
                    "{player} builds a {colour} house on the rooftop block at {square} "
                    "(colours match: 1 privilege point), then goes {space}",
                    **fields,
                )
            else:
                text = msg(
                    "{player} builds a {colour} house on the rooftop block at {square}, then goes {space}", **fields
                )
        events.append(Event("build", seat, text, {"square": where}))
        if space is ActionSpace.FISHING:
            self.swapped = False
            self.phase = Phase.FISHING
        elif space is ActionSpace.LACE_MAKING:
            self.arrows = list(player.ring.arrow_colours())
            self.sent = 0
            self.phase = Phase.LACE
            self._close_if_only_done(events)
        else:
            base = player.ring.visible(HouseSymbol.COIN)
            player.coins += base
            events.append(
                Event(
                    "earn",
                    seat,
                    msg("{player} earns {coins} for the visible coins", player=Named(seat), coins=_coins(base)),
                )
            )
            self.phase = Phase.EARNING
            self._close_if_only_done(events)

    def _close_if_only_done(self, events: list[Event]) -> None:
        """An optional series with nothing left to choose ends by itself."""
        if self._generate(self.actor) == [Done()]:
            self.phase = Phase.TURN

    def _do_roof(self, seat: Seat, action: Roof, events: list[Event]) -> None:
        player = self.boards[seat]
        self._pay_move(seat)
        player.roofs.remove(action.tile)
        floor = self.stacks[action.first].floor
        self.stacks[action.first] = self.stacks[action.first].roofed_with(action.tile.colours[0])
        self.stacks[action.second] = self.stacks[action.second].roofed_with(action.tile.colours[1])
        self.roof = RoofPlacement(action.tile, action.first, action.second, floor)
        self.roofs_placed.append(self.roof)
        events.append(
            Event(
                "roof",
                seat,
                msg(
                    "{player} roofs {first} and {second} with {tile}",
                    player=Named(seat),
                    first=square_name(action.first),
                    second=square_name(action.second),
                    tile=str(action.tile),
                ),
            )
        )
        self.phase = Phase.BONUS

    def _do_bonus(self, seat: Seat, action: Bonus, events: list[Event]) -> None:
        player = self.boards[seat]
        if action.card is None:
            player.privilege += ROOF_PRIVILEGE
            events.append(Event("bonus", seat, msg("{player} takes 2 privilege points", player=Named(seat))))
        else:
            if action.card == "deck":
                card = self.building_deck.pop()
            else:
                card = action.card
                self.building_supply.remove(card)
            player.cards.append(card)
            while len(self.building_supply) < BUILDING_SUPPLY and self.building_deck:
                self.building_supply.append(self.building_deck.pop())
            self._reveals += 1
            title = self.components.card(card).title
            events.append(
                Event(
                    "bonus",
                    seat,
                    msg(
                        "{player} takes the building card {card} ({title})", player=Named(seat), card=card, title=title
                    ),
                )
            )
        # Step 3 scores the roof with the cards held now, a card taken as this roof's bonus included.
        assert self.roof is not None
        points = self.roof_points(seat, self.roof.tile.kind)
        colour_vp = self.roof_colour_vp(seat, self.roof.tile)
        player.vp[ROOFS] += points
        kind = msg(self.roof.tile.kind.value)
        if colour_vp:
            player.vp[ROOF_CARDS] += colour_vp
            text = msg(
                "{player} scores {vp} for the {kind} roof and {colour_vp} for its colours",
                player=Named(seat),
                vp=_vp(points),
                kind=kind,
                colour_vp=_vp(colour_vp),
            )
        else:
            text = msg("{player} scores {vp} for the {kind} roof", player=Named(seat), vp=_vp(points), kind=kind)
        events.append(Event("roof-score", seat, text, {"vp": points + colour_vp}))
        self.roof = None
        self.phase = Phase.TURN

    def roof_colour_vp(self, seat: Seat, tile: RoofTile) -> int:
        """What the roof colour cards `seat` holds give for roofing with `tile`: 5 VP per half in a
        card's colours, each card counting."""
        return sum(
            5 * sum(1 for c in tile.colours if c in card.colours)
            for card in self.card_effects(seat, Effect.ROOF_COLOUR_VP)
        )

    def roof_points(self, seat: Seat, kind: RoofKind) -> int:
        """What a roof of `kind` would score for `seat` now (Roof Houses, step 3)."""
        tie = self.owner(Effect.ISLAND_TIES)
        if kind is RoofKind.ISLANDS:
            return scoring.majority_roof_vp(scoring.majorities(seat, self.island_workers.values(), tie))
        if kind is RoofKind.WORKSHOPS:
            return scoring.majority_roof_vp(scoring.majorities(seat, self.workshop_counts()))
        if kind is RoofKind.FOUNTAINS:
            return scoring.fountain_roof_vp(self.boards[seat].ring.visible(HouseSymbol.FOUNTAIN))
        return scoring.FLAT_ROOF_VP

    def _do_privilegecoin(self, seat: Seat, action: PrivilegeCoin, events: list[Event]) -> None:
        player = self.boards[seat]
        player.privilege -= 1
        player.coins += 1
        events.append(Event("privilege", seat, msg("{player} spends a privilege point for 1 coin", player=Named(seat))))

    def _do_privilegecube(self, seat: Seat, action: PrivilegeCube, events: list[Event]) -> None:
        player = self.boards[seat]
        player.privilege -= 1
        self.supply[action.colour] -= 1
        colour = msg(action.colour.value)
        if action.slot is None:
            player.reserve[action.colour] += 1
            text = msg(
                "{player} spends a privilege point for a {colour} cube onto the cube reserve",
                player=Named(seat),
                colour=colour,
            )
        else:
            player.pyramid[action.slot] = action.colour
            text = msg(
                "{player} spends a privilege point for a {colour} cube onto the pyramid at {slot}",
                player=Named(seat),
                colour=colour,
                slot=SLOT_NAMES[action.slot],
            )
        events.append(Event("privilege", seat, text, {}))
        if action.slot is None and self._generate(seat) == [Done()]:
            self._next_in_queue(events)

    def _do_end(self, seat: Seat, action: End, events: list[Event]) -> None:
        player = self.boards[seat]
        if player.moves == 0:
            player.coins += 1
            events.append(Event("pass", seat, msg("{player} makes no move and takes 1 coin", player=Named(seat))))
        player.moves = 0
        self.turn += 1
        if self.turn == self._players:
            self.turn = 0
            self.round += 1
        if self.round == TURNS[self.season]:
            self._clean_up(events)
            return
        self.actor = (self.start_player + self.turn) % self._players
        self._announce_turn(events)

    # fishing

    def _do_swap(self, seat: Seat, action: Swap, events: list[Event]) -> None:
        self.boards[seat].privilege -= 1
        a, b = self.docks[action.island], self.docks[action.other]
        a.remove(action.colour)
        b.remove(action.other_colour)
        a.append(action.other_colour)
        b.append(action.colour)
        a.sort(key=COLOURS.index)
        b.sort(key=COLOURS.index)
        self.swapped = True
        events.append(
            Event(
                "swap",
                seat,
                msg(
                    "{player} spends a privilege point to swap the {colour} dock house of {island} "
                    "with the {other_colour} one of {other}",
                    player=Named(seat),
                    colour=msg(action.colour.value),
                    island=action.island,
                    other_colour=msg(action.other_colour.value),
                    other=action.other,
                ),
            )
        )

    def _do_forgo(self, seat: Seat, action: Forgo, events: list[Event]) -> None:
        if self.phase is Phase.TRADE:
            text = msg("{player} can trade with no merchant ship in this port: no trade", player=Named(seat))
        else:
            text = msg("{player} has nowhere to fish: the action is lost", player=Named(seat))
        events.append(Event("forgo", seat, text))
        self.phase = Phase.TURN

    def _do_sail(self, seat: Seat, action: Sail, events: list[Event]) -> None:
        player = self.boards[seat]
        player.boat = action.place
        if action.place not in self.docks:
            events.append(
                Event(
                    "sail", seat, msg("{player} sails to the {port} port", player=Named(seat), port=msg(action.place))
                )
            )
            self.phase = Phase.TRADE
            return
        self.matched = matches(player.ring.arrow_colours(), self.docks[action.place])
        self.fish_left = self.matched
        events.append(
            Event(
                "sail",
                seat,
                msg_plural(
                    "{player} sails to island {island} and matches {count} colour",
                    "{player} sails to island {island} and matches {count} colours",
                    self.matched,
                    player=Named(seat),
                    island=action.place,
                ),
            )
        )
        self.phase = Phase.FISH_CARDS
        self._after_fish_card(seat, events)

    def _do_takefish(self, seat: Seat, action: TakeFish, events: list[Event]) -> None:
        player = self.boards[seat]
        if action.kind is None:
            card = self.fish_deck.pop()
            player.hand_secret[card] += 1
            self._reveals += 1
            events.append(Event("fish", seat, msg("{player} draws a fish card from the deck", player=Named(seat))))
        else:
            self.fish_supply.remove(action.kind)
            player.hand_public[action.kind] += 1
            events.append(
                Event(
                    "fish",
                    seat,
                    msg("{player} takes a {kind} from the fish supply", player=Named(seat), kind=msg(action.kind)),
                )
            )
        self.fish_left -= 1
        self._after_fish_card(seat, events)

    def _after_fish_card(self, seat: Seat, events: list[Event]) -> None:
        if self.fish_left and (self.fish_supply or self.fish_deck):
            return
        if self.fish_left:
            points = NO_FISH_VP * self.fish_left
            self.boards[seat].vp[NO_FISH] += points
            events.append(
                Event(
                    "no-fish",
                    seat,
                    msg("No fish card is left: {player} scores {vp} instead", player=Named(seat), vp=_vp(points)),
                )
            )
            self.fish_left = 0
        while len(self.fish_supply) < FISH_SUPPLY and self.fish_deck:
            self.fish_supply.append(self.fish_deck.pop())
            self._reveals += 1
        workers = self.boards[seat].ring.workers
        if self.matched == 3 and workers >= 3:
            self.phase = Phase.DISPATCH
        else:
            self._dispatch(seat, 1 if workers >= 2 else 0, events)

    def _do_dispatch(self, seat: Seat, action: Dispatch, events: list[Event]) -> None:
        self._dispatch(seat, action.count, events)

    def _dispatch(self, seat: Seat, count: int, events: list[Event]) -> None:
        player = self.boards[seat]
        island = player.boat
        self.phase = Phase.TURN
        if not count:
            events.append(
                Event("dispatch", seat, msg("{player}'s last worker stays on the schedule ring", player=Named(seat)))
            )
            return
        player.ring = player.ring.dispatch(count)
        self.island_workers[island][seat] += count
        events.append(
            Event(
                "dispatch",
                seat,
                msg_plural(
                    "{player} dispatches {count} worker to island {island}",
                    "{player} dispatches {count} workers to island {island}",
                    count,
                    player=Named(seat),
                    island=island,
                ),
            )
        )
        for other in range(self._players):
            if other != seat and self.island_workers[island][other] and self._drive_back(other):
                self.island_workers[island][other] -= 1
                events.append(
                    Event(
                        "withdraw",
                        other,
                        msg(
                            "{player} withdraws a worker from island {island} and gains 2 coins",
                            player=Named(other),
                            island=island,
                        ),
                    )
                )

    def _drive_back(self, seat: Seat) -> bool:
        """A worker of `seat` goes back to the lowest empty sector for 2 coins; with no empty sector it
        cannot, and stays where it is."""
        player = self.boards[seat]
        if not player.ring.empty_sectors:
            return False
        player.ring = player.ring.withdraw()
        player.coins += WITHDRAWN_COINS
        return True

    def _do_trade(self, seat: Seat, action: Trade, events: list[Event]) -> None:
        player = self.boards[seat]
        ship = self.components.ship(action.ship)
        for kind, count in ship.demand:
            public = min(count, player.hand_public[kind])
            player.hand_public[kind] -= public
            player.hand_secret[kind] -= count - public
            player.sold[kind] += count
        player.hand_public += Counter()
        player.hand_secret += Counter()
        player.vp[SHIPS] += ship.vp
        port = player.boat
        other = next(p for p in self.components.waters.ports if p != port)
        self.ports[port].remove(ship.name)
        self.ports[other].append(ship.name)
        events.append(
            Event(
                "trade",
                seat,
                msg(
                    "{player} trades with the ship {ship} for {vp}; the ship sails to the {port} port",
                    player=Named(seat),
                    ship=ship.name,
                    vp=_vp(ship.vp),
                    port=msg(other),
                ),
            )
        )
        self.phase = Phase.TURN

    # lace making and earning

    def _do_lace(self, seat: Seat, action: Lace, events: list[Event]) -> None:
        player = self.boards[seat]
        colour = self.area.colours[action.square]
        where = square_name(action.square)
        fields = {"player": Named(seat), "square": where, "colour": msg(colour.value)}
        if action.privilege:
            player.privilege -= 1
            text = msg("{player} sends a lace maker to {square} ({colour}) with a privilege point", **fields)
        else:
            text = msg("{player} sends a lace maker to {square} ({colour})", **fields)
        occupant = self.lace_workers.get(action.square)
        if occupant is not None:
            self._drive_back(occupant)
            text = msg("{sent}; {player}'s worker goes back for 2 coins", sent=text, player=Named(occupant))
        self.lace_workers[action.square] = seat
        player.ring = player.ring.dispatch(1)
        self.arrows.remove(colour)
        self.sent += 1
        if action.square in self.area.coins:
            player.coins += 1
            text = msg("{sent}; a coin square: 1 coin", sent=text)
        events.append(Event("lace", seat, text, {"square": where}))
        self._close_if_only_done(events)

    def _do_withdraw(self, seat: Seat, action: Withdraw, events: list[Event]) -> None:
        player = self.boards[seat]
        if action.square is not None:
            del self.lace_workers[action.square]
            text = msg(
                "{player} withdraws a worker from workshop square {square} for 1 coin",
                player=Named(seat),
                square=square_name(action.square),
            )
        else:
            assert action.island is not None
            self.island_workers[action.island][seat] -= 1
            text = msg(
                "{player} withdraws a worker from island {island} for 1 coin", player=Named(seat), island=action.island
            )
        player.ring = player.ring.withdraw()
        player.coins += 1
        events.append(Event("withdraw", seat, text))
        self._close_if_only_done(events)

    def _do_done(self, seat: Seat, action: Done, events: list[Event]) -> None:
        if self.phase in (Phase.LACE, Phase.EARNING):
            self.phase = Phase.TURN
        elif self.phase is Phase.LACE_SCORING:
            self._score_lace(seat, events)
            self._next_in_queue(events)
        elif self.phase is Phase.CUBE_REFILL:
            self._next_in_queue(events)
        elif self.phase is Phase.ROOF_DISCARD:
            self.phase = Phase.ROOF_REFILL
            self.refilled = []
            if not self._refill_kinds():
                self._next_in_queue(events)

    # ------------------------------------------------------------------ clean-up

    def _clean_up(self, events: list[Event]) -> None:
        events.append(Event("clean-up", None, msg("The {season} clean-up", season=msg(SEASONS[self.season]))))
        tie = self.owner(Effect.ISLAND_TIES)
        for island, counts in self.island_workers.items():
            for seat, points in scoring.split_majority(counts, self._players, tie).items():
                self.boards[seat].vp[ISLANDS] += points
                events.append(
                    Event(
                        "majority",
                        seat,
                        msg(
                            "{player} scores {vp} for the majority on island {island}",
                            player=Named(seat),
                            vp=_vp(points),
                            island=island,
                        ),
                    )
                )
        self.phase = Phase.LACE_SCORING
        self.queue = [s for s in self._from_start() if self.own_lace_squares(s)]
        self._start_queue(events)

    def _start_queue(self, events: list[Event]) -> None:
        if not self.queue:
            self._after_queue(events)
            return
        self.actor = self.queue[0]
        self._enter_step(events)

    def _next_in_queue(self, events: list[Event]) -> None:
        self.queue.pop(0)
        self._start_queue(events)

    def _enter_step(self, events: list[Event]) -> None:
        """Prepare the current seat's part of a clean-up step (or the setup roof choice)."""
        seat = self.actor
        player = self.boards[seat]
        if self.phase is Phase.LACE_SCORING:
            self.paid = []
            if self._generate(seat) == [Done()]:
                self._do_done(seat, Done(), events)
        elif self.phase is Phase.CUBE_REFILL:
            self._refill_cubes(seat, events)
            if self._generate(seat) == [Done()] or not self._generate(seat):
                self.owed = 0
                self._next_in_queue(events)
        elif self.phase in (Phase.ROOF_DISCARD, Phase.ROOF_REFILL):
            self.phase = Phase.ROOF_DISCARD
            self.refilled = []
            if not player.roofs:
                self._do_done(seat, Done(), events)

    def _after_queue(self, events: list[Event]) -> None:
        if self.phase is Phase.ROOFS:
            self._begin_season(events)
        elif self.phase is Phase.LACE_SCORING:
            if self.season == len(SEASONS) - 1:
                self._game_over(events)
                return
            self.rng.shuffle(self.markers)
            self._reveals += 1
            fishing, lace, earning = (
                msg(
                    "{space}: {first}, {second}",
                    space=msg(space.value),
                    first=msg(self.markers[2 * k].value),
                    second=msg(self.markers[2 * k + 1].value),
                )
                for k, space in enumerate(ActionSpace)
            )
            events.append(
                Event(
                    "markers",
                    None,
                    msg(
                        "The action colour markers are shuffled: {fishing}; {lace_making}; {earning}",
                        fishing=fishing,
                        lace_making=lace,
                        earning=earning,
                    ),
                )
            )
            self.phase = Phase.CUBE_REFILL
            self.queue = self._from_start()
            self._start_queue(events)
        elif self.phase is Phase.CUBE_REFILL:
            self.phase = Phase.ROOF_DISCARD
            self.queue = self._from_start()
            self._start_queue(events)
        else:
            self.start_player = (self.start_player + 1) % self._players
            events.append(
                Event(
                    "start-player",
                    self.start_player,
                    msg("{player} becomes the start player", player=Named(self.start_player)),
                )
            )
            self.season += 1
            self._begin_season(events)

    def _do_pay(self, seat: Seat, action: Pay, events: list[Event]) -> None:
        player = self.boards[seat]
        colour = self.area.colours[action.square]
        fields = {"player": Named(seat), "colour": msg(colour.value), "square": square_name(action.square)}
        if action.means == "cube":
            slot = max(s for s in range(SLOTS) if player.pyramid[s] is colour)
            player.pyramid[slot] = None
            player.centre_seen = player.centre_seen or not centre_covered(player.pyramid)
            self.supply[colour] += 1
            text = msg("{player} returns a {colour} cube for the lace maker on {square}", **fields)
        elif action.means == "privilege":
            player.privilege -= 1
            text = msg("{player} spends a privilege point on a {colour} cube for the lace maker on {square}", **fields)
        else:
            text = msg("{player} uses the lace-discount card for the lace maker on {square}", **fields)
        self.paid.append((action.square, action.means))
        events.append(Event("pay", seat, text))
        if self._generate(seat) == [Done()]:
            self._score_lace(seat, events)
            self._next_in_queue(events)

    def _score_lace(self, seat: Seat, events: list[Event]) -> None:
        base, union = scoring.lace_vp((square for square, _ in self.paid), self.area.neighbours)
        self.boards[seat].vp[LACE] += base + union
        events.append(
            Event(
                "lace-score",
                seat,
                msg(
                    "{player} scores {lace} for lace and {unions} for unions",
                    player=Named(seat),
                    lace=_vp(base),
                    unions=_vp(union),
                ),
                {"vp": base + union},
            )
        )
        self.paid = []

    def _refill_cubes(self, seat: Seat, events: list[Event]) -> None:
        """Pyramid cubes go back to the reserve; each covered house symbol brings a cube of its colour."""
        player = self.boards[seat]
        for slot, cube in enumerate(player.pyramid):
            if cube is not None:
                player.reserve[cube] += 1
                player.pyramid[slot] = None
        self.owed = 0
        taken: Counter[Colour] = Counter()
        for colour, count in sorted(player.ring.covered_colours().items(), key=lambda item: COLOURS.index(item[0])):
            got = min(count, self.supply[colour])
            self.supply[colour] -= got
            taken[colour] += got
            self.owed += count - got
        player.reserve += taken
        if not self.supply.total():
            self.owed = 0
        listed = [msg("{count} {colour}", count=n, colour=msg(c.value)) for c, n in taken.items() if n]
        if listed:
            text = msg("{player} takes {cubes} for the covered house symbols", player=Named(seat), cubes=listed)
        else:
            text = msg("{player} takes no cubes for the covered house symbols", player=Named(seat))
        events.append(Event("refill", seat, text))

    def _do_takecube(self, seat: Seat, action: TakeCube, events: list[Event]) -> None:
        self.owed -= 1
        if action.colour is None:
            text = msg("{player} takes no cube instead", player=Named(seat))
        else:
            self.supply[action.colour] -= 1
            self.boards[seat].reserve[action.colour] += 1
            text = msg("{player} takes a {colour} cube instead", player=Named(seat), colour=msg(action.colour.value))
        if not self.supply.total():
            self.owed = 0
        events.append(Event("refill", seat, text))
        if not self.owed and (not self.boards[seat].privilege or not self.supply.total()):
            self._next_in_queue(events)

    def _do_discard(self, seat: Seat, action: Discard, events: list[Event]) -> None:
        player = self.boards[seat]
        player.roofs.remove(action.tile)
        self.removed_roofs.append(action.tile)
        events.append(
            Event(
                "discard", seat, msg("{player} removes the roof tile {tile}", player=Named(seat), tile=str(action.tile))
            )
        )
        if not player.roofs:
            self._do_done(seat, Done(), events)

    def _do_refill(self, seat: Seat, action: Refill, events: list[Event]) -> None:
        player = self.boards[seat]
        tile = self.roof_stacks[action.kind].pop()
        player.roofs.append(tile)
        self.refilled.append(action.kind)
        self._reveals += 1
        events.append(
            Event(
                "refill-roof",
                seat,
                msg("{player} refills a roof space with {tile}", player=Named(seat), tile=str(tile)),
            )
        )
        if not self._refill_kinds():
            self._next_in_queue(events)

    # ------------------------------------------------------------------ the end

    def _game_over(self, events: list[Event]) -> None:
        self.phase = Phase.OVER
        self.ended_by = N_("the winter clean-up")
        events.append(Event("game-over", None, msg("Winter is over: final scoring")))

    def final_lines(self, seat: Seat) -> list[tuple[str, int]]:
        """Final scoring (7. END OF THE GAME): coins, unsold fish and building cards."""
        player = self.boards[seat]
        lines = [
            (N_("coins"), scoring.coin_vp(player.coins + player.privilege)),
            (N_("unsold fish"), player.hand_size()),
        ]
        cards = 0
        for card in map(self.components.card, player.cards):
            cards += card.vp
            if card.effect is Effect.SOLD_FISH_VP:
                cards += 2 * sum(n for kind, n in player.sold.items() if kind in card.fish)
            elif card.effect is Effect.WORKSHOP_COLOUR_VP:
                cards += 2 * sum(1 for s in self.own_lace_squares(seat) if self.area.colours[s] in card.colours)
            elif card.effect is Effect.CARD_COUNT_VP:
                cards += 3 * len(player.cards)
        lines.append((N_("building cards"), cards))
        return lines

    def outcome(self) -> Outcome:
        if self.phase is not Phase.OVER:
            raise IllegalAction(msg("the game is not over yet"))
        results = []
        keys = []
        for seat, player in enumerate(self.boards):
            lines = [(category, player.vp[category]) for category in CATEGORIES] + self.final_lines(seat)
            total = sum(points for _, points in lines)
            breakers = (
                (N_("cubes in preparation"), len(player.preparation)),
                (N_("coins"), player.coins + player.privilege),
            )
            keys.append((total, *(value for _, value in breakers)))
            results.append((seat, total, tuple(lines), breakers))
        ranks = rank(keys)
        return Outcome(
            tuple(SeatResult(s, total, ranks[s], lines, breakers) for s, total, lines, breakers in results),
            ended_by=self.ended_by,
        )

    # ------------------------------------------------------------------ views and determinization

    def view(self, seat: Seat | None) -> JSON:
        """What `seat` sees: all but the decks' order, the fish cards others drew from the deck, the
        pyramids others are still building in secret, and the centre cube (b5) of another's pyramid while
        its second level covers it (listed as ``hidden``)."""
        waters = self.components.waters
        return {
            "game": "burano",
            "players": self._players,
            "viewer": seat,
            "season": SEASONS[self.season],
            "round": sum(TURNS[: self.season]) + min(self.round, TURNS[self.season] - 1) + 1,
            "season_turn": min(self.round, TURNS[self.season] - 1) + 1,
            "turns": TURNS[self.season],
            "start_player": self.start_player,
            "phase": self.phase.value,
            "actor": None if self.phase in (Phase.CONSTRUCTION, Phase.OVER) else self.actor,
            "ended_by": self.ended_by or None,
            "main_island": {
                "rows": self.components.main_island.rows,
                "columns": self.components.main_island.columns,
                "pits": sorted(square_name(s) for s in self.components.main_island.pits),
                "fountain": square_name(self.components.main_island.fountain),
                "houses": {
                    square_name(square): {
                        "cubes": [c.value for c in stack.cubes],
                        "roofs": [c.value for c in stack.roofs],
                    }
                    for square, stack in sorted(self.stacks.items())
                },
                "roof_tiles": [
                    {
                        "tile": str(r.tile),
                        "first": square_name(r.first),
                        "second": square_name(r.second),
                        "floor": r.floor,
                    }
                    for r in self.roofs_placed
                ],
            },
            "islands": {
                island: {"docks": [c.value for c in self.docks[island]], "workers": list(self.island_workers[island])}
                for island in waters.islands
            },
            "routes": [list(route) for route in waters.routes],
            "ports": {port: list(ships) for port, ships in self.ports.items()},
            "ships": {ship.name: {"demand": dict(ship.demand), "vp": ship.vp} for ship in self.components.ships},
            "building_cards": {card.id: card.title for card in self.components.building_cards},
            "action_board": {
                space.value: [self.markers[2 * k].value, self.markers[2 * k + 1].value]
                for k, space in enumerate(ActionSpace)
            },
            "workshops": {
                "rows": self.area.rows,
                "columns": self.area.columns,
                "squares": {
                    square_name(s): {
                        "colour": c.value,
                        "coin": s in self.area.coins,
                        "workshop": self.area.squares[s],
                        "worker": self.lace_workers.get(s),
                    }
                    for s, c in sorted(self.area.colours.items())
                },
            },
            "cube_supply": {c.value: self.supply[c] for c in COLOURS},
            "roof_stacks": {kind.value: len(stack) for kind, stack in self.roof_stacks.items()},
            "removed_roofs": [str(tile) for tile in self.removed_roofs],
            "fish_supply": list(self.fish_supply),
            "fish_deck": len(self.fish_deck),
            "building_supply": list(self.building_supply),
            "building_deck": len(self.building_deck),
            "pending": self._pending_json(seat),
            "seats": [self._seat_json(s, seat) for s in range(self._players)],
        }

    def _pending_json(self, viewer: Seat | None) -> JSON:
        return {
            "swapped": self.swapped,
            "matched": self.matched,
            "fish_left": self.fish_left,
            "arrows": [c.value for c in self.arrows],
            "sent": self.sent,
            "roof": None if self.roof is None else str(self.roof.tile),
            "paid": [[square_name(s), means] for s, means in self.paid],
            "owed": self.owed,
            "refilled": [k.value for k in self.refilled],
        }

    def _seat_json(self, seat: Seat, viewer: Seat | None) -> JSON:
        player = self.boards[seat]
        secret_pyramid = self.phase is Phase.CONSTRUCTION and seat != viewer
        ring = player.ring
        return {
            "seat": seat,
            "letter": self.letters[seat],
            "coins": player.coins,
            "privilege": player.privilege,
            "moves": player.moves,
            "vp": player.score(),
            "vp_by_source": {category: player.vp[category] for category in CATEGORIES},
            "boat": player.boat,
            "ring": {
                "houses": [{"colour": h.colour.value, "symbol": h.symbol.value} for h in ring.houses],
                "arrows": ring.arrows,
                "workers": ring.workers,
            },
            "reserve": {c.value: player.reserve[c] for c in COLOURS},
            "pyramid": None
            if secret_pyramid
            else [c.value if c else None for c in player.pyramid]
            if seat == viewer
            else self._public_pyramid(player),
            "pyramid_colours": None
            if secret_pyramid
            else dict(sorted(Counter(c.value for c in player.pyramid if c is not None).items())),
            "pyramid_ready": player.cursor >= SLOTS,
            "pyramid_slots_decided": player.cursor,
            "preparation": [c.value for c in player.preparation],
            "roofs": [str(tile) for tile in player.roofs],
            "hand": dict(sorted(player.hand().items()))
            if seat == viewer
            else dict(sorted((+player.hand_public).items())),
            "hidden_fish": 0 if seat == viewer else player.hand_secret.total(),
            "from_deck": dict(sorted((+player.hand_secret).items())) if seat == viewer else None,
            "arrow_colours": [c.value for c in ring.arrow_colours()],
            "visible_coins": ring.visible(HouseSymbol.COIN),
            "visible_fountains": ring.visible(HouseSymbol.FOUNTAIN),
            "sold": dict(sorted((+player.sold).items())),
            "cards": list(player.cards),
        }

    def _public_pyramid(self, player: Player) -> list[str | None]:
        """A pyramid as the other players see it: the centre cube face down while it is covered."""
        shown: list[str | None] = [c.value if c else None for c in player.pyramid]
        if not player.centre_seen and centre_covered(player.pyramid):
            shown[CENTRE] = HIDDEN
        return shown

    def _deal_fish(self, twin: BuranoState, hidden: list[Seat], rng: Rng) -> None:
        """Deal the unseen fish cards again: the deck and the cards the `hidden` players drew from it.

        The pool is sorted before it is shuffled, so the deal depends on what the cards are, never on
        the order they really lie in."""
        kinds = self.components.fish_kinds
        unseen = Counter(self.fish_deck)
        for other in hidden:
            unseen += self.boards[other].hand_secret
        pool = sorted(unseen.elements(), key=kinds.index)
        rng.shuffle(pool)
        for other in hidden:
            count = self.boards[other].hand_secret.total()
            twin.boards[other].hand_secret = Counter(pool[:count])
            del pool[:count]
        twin.fish_deck = pool

    def determinize(self, seat: Seat | None, rng: Rng) -> BuranoState:
        """Re-sample what `seat` cannot know: the order of the fish deck, the building deck and the roof
        stacks, the fish cards others drew from the deck, and pyramids still being built in secret. A
        covered centre cube of another pyramid gets the colour the seat deduces from its view.

        It reads only what `seat` sees and `rng`: every pool is put in a fixed order before it is
        shuffled, and a pyramid built in secret is drawn afresh from its owner's cube reserve, as far
        as the slots its owner has decided (the view shows how far each pyramid is)."""
        twin = self.copy()
        twin.rng = rng.spawn()
        twin._legal = {}
        hidden = [s for s in range(self._players) if s != seat]
        self._deal_fish(twin, hidden, rng)
        twin.building_deck = sorted(twin.building_deck)
        rng.shuffle(twin.building_deck)
        for kind, stack in twin.roof_stacks.items():
            stack.sort(key=_tile_order)
            rng.shuffle(stack)
            twin.roof_stacks[kind] = stack
        if self.phase is Phase.CONSTRUCTION:
            for other in hidden:
                _secret_pyramid(twin.boards[other], rng)
        else:
            for other in hidden:
                _deduced_centre(twin.boards[other])
        return twin


def _deduced_centre(player: Player) -> None:
    """Give a covered centre cube the colour its viewer deduces: the pyramid's cubes by colour (built
    from the reserve everyone sees, less the cubes returned to the supply in view of all) less the
    cubes in sight."""
    if player.centre_seen or not centre_covered(player.pyramid):
        return
    left = Counter(c for c in player.pyramid if c is not None)
    left.subtract(c for k, c in enumerate(player.pyramid) if c is not None and k != CENTRE)
    (colour,) = +left
    player.pyramid[CENTRE] = colour


def _tile_order(tile: RoofTile) -> tuple[int, int]:
    return COLOURS.index(tile.colours[0]), COLOURS.index(tile.colours[1])


def _secret_pyramid(player: Player, rng: Rng) -> None:
    """Draw a pyramid its owner could have built from the reserve, up to the slots decided so far.

    Each layer gets its cubes (the base first for a player short of 14) in random slots; a layer under
    way keeps at least one of its cubes for the slots still to decide, else the owner would be past it.
    """
    cubes = sorted(player.reserve.elements(), key=COLOURS.index)
    rng.shuffle(cubes)
    targets = layer_targets(min(PYRAMID_CUBES, len(cubes)))
    pyramid: list[Colour | None] = [None] * SLOTS
    for layer, target in zip(LAYERS, targets, strict=True):
        if not target:
            continue
        later = [slot for slot in layer if slot >= player.cursor]
        chosen = []
        if 0 < len(later) < len(layer):
            chosen.append(later[rng.randrange(len(later))])
        rest = [slot for slot in layer if slot not in chosen]
        rng.shuffle(rest)
        chosen.extend(rest[: target - len(chosen)])
        for slot in chosen:
            if slot < player.cursor:
                pyramid[slot] = cubes.pop()
    player.pyramid = pyramid


def _distinct(items: list[Any]) -> list[Any]:
    """The distinct items in first-seen order (two identical tiles or houses are one choice)."""
    seen: list[Any] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen
