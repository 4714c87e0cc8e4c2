"""A position of Murano and its rules (rules page: Components to the Special Building Card Index, and
the online rule options).

A turn is a choice (``act``, ``pass`` or ``lighthouse``), the ships that must sail on, then the
action's own decisions. Stacks and decks list their items top last; cards returned "to the bottom"
go to the front of the list.
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import Any, Final

from laguna.core.errors import IllegalAction
from laguna.core.game import JSON, Event, GameState, Seat, copy_counter
from laguna.core.messages import N_, Message, excerpt, msg, msg_plural
from laguna.core.messages import Player as Named
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.core.rng import Rng
from laguna.games.murano import characters as scoring
from laguna.games.murano import heuristics
from laguna.games.murano.actions import (
    Act,
    Action,
    Build,
    BuyTile,
    Decline,
    Dismiss,
    Done,
    DrawStreet,
    Gondola,
    Hire,
    Income,
    Lighthouse,
    Pass,
    Place,
    Produce,
    Recruit,
    ReturnBead,
    Sail,
    Score,
    Sell,
    Skip,
    TakeCard,
)
from laguna.games.murano.components import (
    PLAYER_COLOURS,
    Bead,
    BoardSide,
    Building,
    CharacterCard,
    CharacterKind,
    Components,
    Customer,
    PalaceTile,
    ShopTile,
    SpecialCard,
    SpecialEffect,
    StreetTile,
)
from laguna.games.murano.components import (
    Action as ActionKind,
)
from laguna.games.murano.options import MuranoOptions
from laguna.games.murano.player import Player
from laguna.games.murano.ships import SPACES, Ring, cost_of, ship_costs

BUILD_LIMIT: Final = 3
RECRUIT_DRAW: Final = 3
HOSTEL_DRAW: Final = 5
SPECIAL_DRAW: Final = 3
MAX_GONDOLIERS: Final = 7
DEAL_TRIES: Final = 50
"""Determinization: deals of the unseen character cards tried before a scorer is dealt a fitting card."""
SALE: Final = {1: 5, 2: 12, 3: 20}
"""Gold for 1, 2 or 3 beads of one colour."""
BUILDING_VP: Final = {Building.FACTORY: 1, Building.SHOP: 2, Building.PALACE: 3, Building.SPECIAL: 0}
STACKS: Final = (N_("streets"), N_("shops"), N_("factories"), N_("specials"), N_("palaces"))
"""The tile stacks whose emptying ends the game, named as the log names them."""

CATEGORIES: Final = (
    N_("start"),
    N_("buildings"),
    N_("special buildings"),
    N_("production"),
    N_("character cards"),
    N_("gondoliers"),
)
"""Score-sheet categories, in order, named as a score sheet shows them."""
TWO_STACKS_EMPTY: Final = N_("two tile stacks empty")
"""Why a game ended (`ended_by`)."""


class Phase(enum.Enum):
    """What the game waits for; the values, marked for the catalogues, name it to a reader."""

    PRELUDE = N_("preliminary character card")
    TURN = N_("choose an action or pass")
    CLEAR = N_("sail the blocking ships on")
    MOVER = N_("choose the ship to move")
    BUY = N_("choose the tile to buy")
    RECRUIT = N_("choose a character card")
    GONDOLA = N_("choose a gondola")
    BUILD = N_("build")
    PLACE_STREET = N_("place the street tile")
    SPECIAL_CARD = N_("choose a special building card")
    INCOME = N_("choose the island for income")
    PRODUCE = N_("choose how many glass factories produce")
    SELL = N_("sell glass beads")
    GONDOLIER = N_("dismiss or hire a gondolier")
    FINAL_PLACE = N_("place the building bought in the final turn")
    RETURN_BEAD = N_("return a glass bead")
    SCORING = N_("final scoring")
    OVER = N_("game over")


_NO_TILE: Final = ("",)
_ACTS: Final = {n: Act(n) for n in range(1, SPACES + 1)}
_PASSES: Final = {n: Pass(n) for n in range(1, SPACES + 1)}
_GOLD_FREE: Final = frozenset(
    {ActionKind.TAKE_GOLD, ActionKind.INCOME, ActionKind.RECRUIT, ActionKind.BUILD, ActionKind.PRODUCTION}
)
"""Actions whose feasibility does not depend on the gold left after the ships are paid."""


_GONDOLAS: Final = {
    "orange": N_("the orange gondola"),
    "grey": N_("the grey gondola"),
    "brown": N_("the brown gondola"),
    "white": N_("the white gondola"),
}
"""The gondolas by player colour, as a log line names the one a gondolier boards."""
_BEADS: Final = {Bead.RED: N_("a red bead"), Bead.GREEN: N_("a green bead"), Bead.BLUE: N_("a blue bead")}
"""One bead by colour, as a log line names the one returned."""
_SHOPS: Final = {"red": N_("a red shop"), "blue": N_("a blue shop"), "grey": N_("a grey shop")}
"""A shop by customer colour, as a log line names the one built."""


def _name(seat: Seat) -> Named:
    """A seat named in a log line: its player's name where the reader's table knows it."""
    return Named(seat)


def _gold(amount: int) -> Message:
    return msg_plural("{count} gold", "{count} gold", amount)


def _vp(amount: int) -> Message:
    return msg_plural("{count} VP", "{count} VP", amount)


def _beads(colour: Bead, count: int) -> Message:
    """`count` beads of `colour`, as a log line names those sold."""
    if colour is Bead.RED:
        return msg_plural("{count} red bead", "{count} red beads", count)
    if colour is Bead.GREEN:
        return msg_plural("{count} green bead", "{count} green beads", count)
    return msg_plural("{count} blue bead", "{count} blue beads", count)


def _tile(tile: str) -> Message:
    """A building tile by its notation (``factory``, ``shop-red``, ``palace-2``, ``special``), as a log
    line names the one built."""
    kind, _, detail = tile.partition("-")
    if kind == "factory":
        return msg("a glass factory")
    if kind == "shop":
        return msg(_SHOPS[detail])
    if kind == "palace":
        return msg_plural("a palace with {count} crest", "a palace with {count} crests", int(detail))
    return msg("a special building")


def _and(items: list[Message]) -> Message:
    """The items as a reader lists them: "a", "a and b", "a, b and c"."""
    if len(items) == 1:
        return items[0]
    return msg("{items} and {last}", items=items[:-1], last=items[-1])


class MuranoState(GameState[Action]):
    """One position. Build it with `Murano.new_game`."""

    def __init__(self, players: int, options: MuranoOptions, components: Components, rng: Rng) -> None:
        self._players = players
        self.options = options
        self.components = components
        self.rng = rng
        self._reveals = 0
        self._legal: dict[Seat, tuple[Action, ...]] = {}
        self._items: dict[str, Any] = {
            item.id: item
            for group in (
                components.streets,
                components.shops,
                components.palaces,
                components.characters,
                components.special_cards,
            )
            for item in group
        }
        side = components.side(players)
        self.side_name = side.name
        self._street_spaces = tuple(sp.id for i in side.islands for sp in i.spaces if sp.street)
        self._free: tuple[int, tuple[str, ...], tuple[str, ...]] = (-1, (), ())
        kinds = list(ActionKind)
        self._plan = tuple(
            (s.number - 1, s.action, kinds.index(s.action), s.action in _GOLD_FREE) for s in components.action_spaces
        )
        self._building_spaces = tuple((sp.id, sp.neighbours) for i in side.islands for sp in i.spaces if not sp.street)
        removals = components.removals
        small = players < 4
        streets = list(components.streets)
        shops = list(components.shops)
        palaces = [p.id for p in components.palaces]
        rng.shuffle(palaces)
        self.boxed_palaces: list[str] = []
        self.boxed_characters: list[str] = []
        factories, specials = components.factories, components.specials
        characters = [c.id for c in components.characters]
        if small:
            for colour in removals.shops:
                shops.remove(next(s for s in shops if s.colour is colour))
            self.boxed_palaces = [palaces.pop() for _ in range(removals.palaces)]
            for colour in removals.one_customer_streets:
                streets.remove(next(s for s in streets if s.customers == (colour,)))
            for _ in range(removals.blank_streets):
                streets.remove(next(s for s in streets if not s.customers))
            factories -= removals.factories
            specials -= removals.specials
            characters = [c for c in characters if c not in removals.characters]
        self.street_stack = [s.id for s in streets]
        rng.shuffle(self.street_stack)
        self.shop_stack = [s.id for s in shops]
        rng.shuffle(self.shop_stack)
        self.palace_stack = palaces
        self.factory_stack = factories
        self.special_stack = specials
        rng.shuffle(characters)
        self.boxed_characters = [characters.pop() for _ in range(5)]
        self.character_deck = characters
        self.special_deck = [c.id for c in components.special_cards]
        rng.shuffle(self.special_deck)
        self.bag: Counter[Bead] = Counter({bead: components.beads_per_colour for bead in Bead})
        occupied = [0] * SPACES
        anchors = [s.number - 1 for s in components.action_spaces if s.anchor]
        for space in anchors:
            occupied[space] = 1
        self.ring = Ring(tuple(occupied), rng.choice(anchors))
        self.tiles: dict[str, tuple[Any, ...]] = {}
        self.gondolas: dict[tuple[str, str], Seat] = {}
        self.used_gondolas: list[tuple[str, str]] = []
        self.boards = [Player() for _ in range(players)]
        self.start_player = rng.randrange(players)
        self.actor = self.start_player
        self.phase = Phase.TURN
        self.queue: list[Seat] = []
        self.triggered_by: Seat | None = None
        self.last_turns: list[Seat] = []
        self.turns = 0
        # The decision under way.
        self.target = -1
        self.moved = 0
        self.red_moved = False
        self.lighthouse = False
        self.clearing: list[int] = []
        self.buying = ""
        self.drawn: list[str] = []
        self.built = 0
        self.street: str | None = None
        self.final_tile = ""
        self.produced = False
        self.passing = False
        self.looking = False
        self.fresh: list[str] = []
        self.skipped: dict[Seat, list[str]] = {}
        """Character cards put aside unrevealed in the final scoring, by seat."""
        self.ended_by = ""
        if options.preliminary_character:
            self.phase = Phase.PRELUDE
            self.queue = self._from(self.start_player)
            self._prelude_next([])

    # ------------------------------------------------------------------ protocol

    @property
    def players(self) -> int:
        return self._players

    @property
    def reveal_count(self) -> int:
        return self._reveals

    @property
    def side(self) -> BoardSide:
        return self.components.side(self._players)

    def _from(self, seat: Seat) -> list[Seat]:
        return [(seat + k) % self._players for k in range(self._players)]

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.phase is Phase.OVER else (self.actor,)

    def estimate(self) -> tuple[float, ...]:
        return heuristics.estimate(self)

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = tuple(self._generate(seat))
        return cached

    def copy(self) -> MuranoState:
        twin = object.__new__(MuranoState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin._legal = dict(self._legal)
        for name in (
            "boxed_palaces",
            "boxed_characters",
            "street_stack",
            "shop_stack",
            "palace_stack",
            "character_deck",
            "special_deck",
            "used_gondolas",
            "queue",
            "last_turns",
            "drawn",
            "fresh",
            "clearing",
        ):
            setattr(twin, name, list(getattr(self, name)))
        twin.bag = copy_counter(self.bag)
        twin.tiles = dict(self.tiles)
        twin.skipped = {seat: list(cards) for seat, cards in self.skipped.items()}
        twin.gondolas = dict(self.gondolas)
        twin.boards = [player.copy() for player in self.boards]
        return twin

    def _key(self) -> tuple[Any, ...]:
        skipped = ("_legal", "_items", "_street_spaces", "_building_spaces", "_free", "_plan", "components")
        parts = [value for name, value in sorted(self.__dict__.items()) if name not in skipped]
        return (*parts, self.components.source)

    # ------------------------------------------------------------------ queries

    def cards(self, seat: Seat, effect: SpecialEffect) -> list[SpecialCard]:
        """The special building cards of `seat` with `effect` that work now: a card acts from the turn
        after it was taken."""
        if not self.boards[seat].special_cards:
            return []
        owned = [c for c in self.boards[seat].special_cards if c not in self.fresh]
        return [c for c in map(self._special, owned) if c.effect is effect]

    def has(self, seat: Seat, effect: SpecialEffect) -> bool:
        return bool(self.cards(seat, effect))

    def _special(self, card_id: str) -> SpecialCard:
        card: SpecialCard = self._items[card_id]
        return card

    def character(self, card_id: str) -> CharacterCard:
        card: CharacterCard = self._items[card_id]
        return card

    def empty_stacks(self) -> list[str]:
        sizes = {
            "streets": len(self.street_stack),
            "shops": len(self.shop_stack),
            "factories": self.factory_stack,
            "specials": self.special_stack,
            "palaces": len(self.palace_stack),
        }
        return [name for name in STACKS if not sizes[name]]

    def free_street_spaces(self) -> list[str]:
        return list(self._free_spaces()[0])

    def free_building_spaces(self) -> list[str]:
        """Empty brown spaces next to a street tile: where a building may go."""
        return list(self._free_spaces()[1])

    def _free_spaces(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Free street spaces and buildable brown spaces, remembered until a tile is laid (tiles are
        never removed, so their number says whether the board changed)."""
        if self._free[0] != len(self.tiles):
            tiles = self.tiles
            streets = tuple(space for space in self._street_spaces if space not in tiles)
            buildable = tuple(
                space
                for space, neighbours in self._building_spaces
                if space not in tiles and any(tiles.get(n, _NO_TILE)[0] == "street" for n in neighbours)
            )
            self._free = (len(tiles), streets, buildable)
        return self._free[1], self._free[2]

    def building_tiles(self, seat: Seat) -> list[str]:
        """The kinds of bought tiles `seat` could build, by notation (factory, shop-red, palace-2, special)."""
        player = self.boards[seat]
        tiles = []
        markers_left = self.options.unlimited_markers or player.markers < self.components.markers
        if player.factories and markers_left:
            tiles.append("factory")
        if markers_left:
            colours = {self._shop(s).colour for s in player.shops}
            tiles.extend(f"shop-{c.value}" for c in Customer if c in colours)
        crests = sorted({self._palace(p).crests for p in player.palaces})
        tiles.extend(f"palace-{n}" for n in crests)
        if player.specials:
            tiles.append("special")
        return tiles

    def _shop(self, shop_id: str) -> ShopTile:
        shop: ShopTile = self._items[shop_id]
        return shop

    def _palace(self, palace_id: str) -> PalaceTile:
        palace: PalaceTile = self._items[palace_id]
        return palace

    def _street(self, street_id: str) -> StreetTile:
        street: StreetTile = self._items[street_id]
        return street

    def facts(self, island_id: str) -> scoring.IslandFacts:
        """What stands on an island, for Income and the character cards."""
        customers: Counter[Customer] = Counter()
        factories: list[int] = []
        shops: list[tuple[int, Customer]] = []
        crests: list[int] = []
        specials = 0
        for space in self.side.island(island_id).spaces:
            tile = self.tiles.get(space.id)
            if tile is None:
                continue
            if tile[0] == "street":
                customers.update(self._street(tile[1]).customers)
            elif tile[0] == "factory":
                factories.append(tile[1])
            elif tile[0] == "shop":
                shops.append((tile[1], Customer(tile[2])))
            elif tile[0] == "palace":
                crests.append(self._palace(tile[1]).crests)
            else:
                specials += 1
        gondoliers = Counter(seat for (island, _), seat in self.gondolas.items() if island == island_id)
        return scoring.IslandFacts(
            dict(customers), tuple(factories), tuple(shops), tuple(crests), specials, dict(gondoliers)
        )

    def income_at(self, seat: Seat, island_id: str) -> int:
        """Income: one shop of each colour the player has on the island sells to that colour's customers."""
        facts = self.facts(island_id)
        colours = {colour for owner, colour in facts.shops if owner == seat}
        return sum(facts.customer(c) for c in colours)

    def gondolier_cost(self, seat: Seat, own: bool) -> int:
        harbor = self.has(seat, SpecialEffect.HARBOR)
        return (1 if harbor else 2) if own else (3 if harbor else 5)

    def hire_cost(self, seat: Seat) -> int:
        return 1 if self.has(seat, SpecialEffect.ASSEMBLY_HALL) else 3

    def owned_gondoliers(self, seat: Seat) -> int:
        return self.boards[seat].gondoliers + sum(1 for s in self.gondolas.values() if s == seat)

    def max_production(self, seat: Seat) -> int:
        built = sum(1 for tile in self.tiles.values() if tile[0] == "factory" and tile[1] == seat)
        return min(built, self.boards[seat].score() // 2)

    def usable_beads(self, seat: Seat, colour: Bead, studios: bool = True) -> int:
        """Beads that can count as `colour`: its own, and through each Studio pairing it with another
        colour, that colour's beads (one Studio per bead: no chains)."""
        player = self.boards[seat]
        count = player.beads[colour]
        if studios:
            for studio in self.cards(seat, SpecialEffect.STUDIO):
                if colour in studio.beads:
                    (other,) = studio.beads - {colour}
                    count += player.beads[other]
        return count

    def recruit_cost(self, seat: Seat) -> int:
        cost = len(self.boards[seat].characters) + 1
        if self.has(seat, SpecialEffect.TAVERN):
            cost = max(0, cost - 2)
        return cost

    # ------------------------------------------------------------------ choosing an action space

    def ships_to_move(self, space: int) -> int:
        """How many ships must sail to carry out the action of `space` (index): the blockers and the
        ship that comes onto it."""
        return len(self.ring.blockers(space)) + 1

    def feasible(self, seat: Seat, action: ActionKind, gold: int) -> bool:
        """Whether the action can be carried out with `gold` left after the ships are paid."""
        player = self.boards[seat]
        if action is ActionKind.TAKE_GOLD or action is ActionKind.INCOME:
            return True
        if action is ActionKind.BUY_FACTORY:
            return gold >= 1 and self.factory_stack > 0
        if action is ActionKind.BUY_SHOP:
            return gold >= 2 and bool(self.shop_stack)
        if action is ActionKind.BUY_PALACE:
            return gold >= 2 and bool(self.palace_stack)
        if action is ActionKind.BUY_SPECIAL:
            return gold >= 2 and self.special_stack > 0
        if action is ActionKind.RECRUIT:
            return bool(self.character_deck)
        if action is ActionKind.PLACE_GONDOLIER:
            return player.gondoliers > 0 and bool(self._gondola_options(seat, gold, first=True))
        if action is ActionKind.BUILD:
            streets, buildable = self._free_spaces()
            if self.street_stack and streets:
                return True
            return bool(buildable) and bool(self.building_tiles(seat))
        if action is ActionKind.PRODUCTION:
            return self.max_production(seat) > 0 or player.beads.total() > 0
        hire = gold >= self.hire_cost(seat) and self.owned_gondoliers(seat) < MAX_GONDOLIERS
        return player.gondoliers > 0 or hire

    def _turn_options(self, seat: Seat) -> list[Action]:
        gold = self.boards[seat].gold
        options: list[Action] = []
        known: dict[tuple[int, int], bool] = {}
        occupied = self.ring.occupied
        costs = ship_costs(occupied)
        for index, kind, number, gold_free in self._plan:
            cost = costs[index]
            if cost > gold:
                continue
            key = (number, 0 if gold_free else gold - cost)
            feasible = known.get(key)
            if feasible is None:
                feasible = known[key] = self.feasible(seat, kind, gold - cost)
            if feasible:
                options.append(_ACTS[index + 1])
        if self.has(seat, SpecialEffect.LIGHTHOUSE):
            target = self.ring.first_occupied_ahead(self.ring.red)
            if self.feasible(seat, self.components.action_spaces[target].action, gold):
                options.append(Lighthouse())
        options.extend(_PASSES[index + 1] for index in range(SPACES) if not occupied[index])
        return options

    # ------------------------------------------------------------------ legal actions

    def _generate(self, seat: Seat) -> list[Action]:
        phase = self.phase
        player = self.boards[seat]
        if phase is Phase.TURN:
            return self._turn_options(seat)
        if phase is Phase.CLEAR:
            return self._clear_options()
        if phase is Phase.MOVER:
            start = self.ring.behind(self.target)
            return [Sail(start + 1, self.target + 1, True), Sail(start + 1, self.target + 1, False)]
        if phase is Phase.BUY:
            return self._buy_options(seat)
        if phase in (Phase.RECRUIT, Phase.PRELUDE):
            cost = self.recruit_cost(seat)
            return [*(Recruit(c) for c in self.drawn if cost <= player.gold), Decline()]
        if phase is Phase.GONDOLA:
            return self._gondola_options(seat, player.gold)
        if phase is Phase.BUILD:
            return [*self._build_options(seat), Done()]
        if phase is Phase.PLACE_STREET:
            return [Place(space) for space in self.free_street_spaces()]
        if phase is Phase.SPECIAL_CARD:
            return [TakeCard(c) for c in self._special_choices(seat)]
        if phase is Phase.INCOME:
            return [Income(island.id) for island in self.side.islands]
        if phase is Phase.PRODUCE:
            low = 0 if player.beads.total() else 1
            return [Produce(k) for k in range(low, self.max_production(seat) + 1)]
        if phase is Phase.SELL:
            return self._sell_options(seat)
        if phase is Phase.GONDOLIER:
            options: list[Action] = []
            if player.gondoliers:
                options.append(Dismiss())
            if player.gold >= self.hire_cost(seat) and self.owned_gondoliers(seat) < MAX_GONDOLIERS:
                options.append(Hire())
            return options
        if phase is Phase.FINAL_PLACE:
            return [*(Place(space) for space in self.free_building_spaces()), Done()]
        if phase is Phase.RETURN_BEAD:
            return [ReturnBead(b.value) for b in Bead if player.beads[b]]
        if phase is Phase.SCORING:
            return self._score_options(seat)
        return []

    def _clear_options(self) -> list[Action]:
        """The front ship still to sail on goes first, to any empty space it can reach that leaves room
        for the ships still behind it (so no further ship has to move)."""
        front = self.clearing[0]
        behind = len(self.clearing) - 1
        reach = [end for end in self.ring.reach(front) if (end - self.target) % SPACES - 1 >= behind]
        if self.ring.occupied[front] == 2:
            return [Sail(front + 1, end + 1, red) for red in (True, False) for end in reach]
        return [Sail(front + 1, end + 1) for end in reach]

    def _buy_options(self, seat: Seat) -> list[Action]:
        """Pay 2 for the top tile or 4 to look through the stack (``shop look``); having looked, take
        one of the tiles seen (``shop red``, ``palace 2``)."""
        kind = self.buying
        stack = self.shop_stack if kind == "shop" else self.palace_stack
        if self.looking:
            if kind == "shop":
                colours = {self._shop(s).colour for s in stack}
                return [BuyTile(kind, c.value) for c in Customer if c in colours]
            return [BuyTile(kind, str(n)) for n in sorted({self._palace(p).crests for p in stack})]
        gold = self.boards[seat].gold
        options: list[Action] = []
        if stack and gold >= 2:
            options.append(BuyTile(kind, None))
        if stack and gold >= 4:
            options.append(BuyTile(kind, "look"))
        return options

    def _gondola_options(self, seat: Seat, gold: int, first: bool = False) -> list[Action]:
        """Free gondolas `seat` can pay for (with `first`, stop at the first one found)."""
        colour = PLAYER_COLOURS[seat]
        own, other = self.gondolier_cost(seat, True), self.gondolier_cost(seat, False)
        if gold < own:
            return []
        taken = self.gondolas
        options: list[Action] = []
        for island in self.side.islands:
            for gondola in island.gondolas:
                if (island.id, gondola) not in taken and (own if gondola == colour else other) <= gold:
                    options.append(Gondola(island.id, gondola))
                    if first:
                        return options
        return options

    def _build_options(self, seat: Seat) -> list[Action]:
        if self.built >= BUILD_LIMIT:
            return []
        options: list[Action] = []
        if self.street_stack and self.free_street_spaces():
            options.append(DrawStreet())
        spaces = self.free_building_spaces()
        options.extend(Build(tile, space) for tile in self.building_tiles(seat) for space in spaces)
        return options

    def _special_choices(self, seat: Seat) -> list[str]:
        owned = (self._special(c).effect for c in self.boards[seat].special_cards)
        if not self.options.one_studio_limit or SpecialEffect.STUDIO not in owned:
            return list(self.drawn)
        return [c for c in self.drawn if self._special(c).effect is not SpecialEffect.STUDIO]

    def _sell_options(self, seat: Seat) -> list[Action]:
        player = self.boards[seat]
        keep_one = self.produced and self.has(seat, SpecialEffect.TRADING_STATION)
        total = player.beads.total()
        options: list[Action] = []
        for bead in Bead:
            usable = self.usable_beads(seat, bead)
            for count in range(1, 4):
                if count <= usable and (not keep_one or count < total):
                    options.append(Sell(bead.value, count))
        if self.options.optional_selling or not options:
            options.append(Sell(None, 0))
        return options

    def _free_gondolas(self, seat: Seat) -> list[tuple[str, str]]:
        return [g for g, owner in self.gondolas.items() if owner == seat and g not in self.used_gondolas]

    def _amounts(self, seat: Seat, card: CharacterCard, island: str) -> list[int | None]:
        """The gold a gold-exchange card may take or the beads a bead card may return (None: no amount)."""
        if not scoring.asks_amount(card):
            return [None]
        player = self.boards[seat]
        if card.kind is CharacterKind.GOLD_EXCHANGE:
            if not scoring.gold_exchange_open(card, self.facts(island)):
                return [0]  # the island lacks what the card requires: no gold can be exchanged
            return [0, *(paid for paid, _ in card.table if paid <= min(8, player.gold))]
        assert card.bead is not None  # a bead card
        usable = self.usable_beads(seat, card.bead, not self.options.no_studios_in_scoring)
        return list(range(0, min(3, usable) + 1))

    def card_vp(self, seat: Seat, card: CharacterCard, island: str, amount: int | None) -> int:
        facts = self.facts(island)
        return scoring.vp(card, facts, seat, amount or 0, self.options.balance_zero)

    def _score_options(self, seat: Seat) -> list[Action]:
        islands = sorted({island for island, _ in self._free_gondolas(seat)}, key=self._island_order)
        if not islands:
            return []  # no gondolier left on a gondola: this player's scoring is over
        options: list[Action] = []
        for card_id in self.boards[seat].characters:
            card = self.character(card_id)
            places = [i for i in islands if card.island is None or card.island == i]
            scores = [
                (island, amount, self.card_vp(seat, card, island, amount))
                for island in places
                for amount in self._amounts(seat, card, island)
            ]
            options.extend(Score(card_id, island, amount) for island, amount, _ in scores)
            if self.options.skip_unscoreable and all(points == 0 for _, _, points in scores):
                options.append(Skip(card_id))
        return options

    def _island_order(self, island_id: str) -> int:
        return [i.id for i in self.side.islands].index(island_id)

    # ------------------------------------------------------------------ explanations

    def explain_illegal(self, seat: Seat, action: Action) -> Message:
        if self.phase is Phase.OVER:
            return msg("the game is over")
        player = self.boards[seat]
        if self.phase is Phase.TURN:
            if isinstance(action, Act):
                index = action.space - 1
                cost = cost_of(self.ships_to_move(index))
                kind = self.components.action_spaces[index].action
                if cost > player.gold:
                    return msg(
                        "moving the ships to free space {space} costs {gold}; you have {have}",
                        space=action.space,
                        gold=_gold(cost),
                        have=player.gold,
                    )
                return msg(
                    "you cannot carry out {action} now (gold, tiles or spaces are lacking)", action=msg(kind.value)
                )
            if isinstance(action, Pass):
                return msg("to pass, choose an empty action space; space {space} holds a ship", space=action.space)
            if isinstance(action, Lighthouse):
                return msg("only the owner of the Lighthouse may sail the red ship onto an occupied space")
            return msg("choose an action space (act N) or pass (pass N)")
        if self.phase is Phase.CLEAR and isinstance(action, Sail):
            front = self.clearing[0] + 1
            if action.start != front:
                return msg("the ship in front, on space {space}, must sail first", space=front)
            if action.end - 1 in self.ring.reach(front - 1):
                return msg("stopping there would leave no room for the ships still behind it")
            return msg("a ship sails on to an empty space without passing another ship")
        if isinstance(action, Score) and self.phase is Phase.SCORING:
            if action.card not in player.characters:
                return msg("you have no character card {card} left to score", card=excerpt(action.card))
            card = self.character(action.card)
            if card.island is not None and card.island != action.island:
                return msg("{card} must be scored at {island}", card=action.card, island=card.island)
            if action.island not in {i for i, _ in self._free_gondolas(seat)}:
                return msg("you have no gondolier left on a gondola at {island}", island=excerpt(action.island))
            return msg("that amount cannot be paid")
        if isinstance(action, Skip):
            return msg("only a card that cannot score anywhere you still have a gondolier may be left unscored")
        if isinstance(action, Build):
            if action.tile not in self.building_tiles(seat):
                return msg("you have no {tile} tile to build", tile=excerpt(action.tile))
            if self.built >= BUILD_LIMIT:
                return msg("a Build action places at most 3 tiles")
            return msg("a building goes on an empty brown space next to a street tile")
        if isinstance(action, Place):
            return msg("{space} is not an empty space where this tile may go", space=excerpt(action.space))
        if isinstance(action, Gondola):
            return msg("that gondola is taken, or you cannot pay for it (2 gold your colour, 5 any other)")
        if isinstance(action, Recruit):
            if action.card not in self.drawn:
                return msg("{card} is not among the cards drawn", card=excerpt(action.card))
            return msg(
                "the character card costs {gold}; you have {have}",
                gold=_gold(self.recruit_cost(seat)),
                have=player.gold,
            )
        if isinstance(action, BuyTile):
            return msg("the tile is not in the stack or you cannot pay (2 gold the top tile, 4 a chosen one)")
        if isinstance(action, Sell):
            if action.colour is None:
                return msg("selling is required when you can sell (the optional-selling rule is off)")
            if self.produced and self.has(seat, SpecialEffect.TRADING_STATION):
                return msg("you cannot sell those beads (1–3 of one colour; the Trading Station needs one left)")
            return msg("you cannot sell those beads (1–3 of one colour that you have)")
        if isinstance(action, Dismiss):
            return msg("you have no gondolier in front of you to dismiss")
        if isinstance(action, TakeCard):
            return msg(
                "{card} is not among the special building cards drawn (or is a second Studio)",
                card=excerpt(action.card),
            )
        if isinstance(action, Produce):
            if action.count == 0:
                return msg("producing in no glass factory is only for selling beads, and you have none")
            return msg_plural(
                "you may produce in at most {count} glass factory (those you built, at most half your VP)",
                "you may produce in at most {count} glass factories (those you built, at most half your VP)",
                self.max_production(seat),
            )
        if isinstance(action, ReturnBead):
            return msg("you have no {colour} bead to return", colour=excerpt(action.colour))
        if isinstance(action, Income):
            return msg("{island} is not an island of this board side", island=excerpt(action.island))
        if isinstance(action, DrawStreet):
            return msg("no street tile is left, no street space is free, or you have placed 3 tiles")
        if isinstance(action, Hire):
            return msg("hiring costs {gold} and you may have at most 7 gondoliers", gold=_gold(self.hire_cost(seat)))
        return msg("now is {phase}", phase=msg(self.phase.value))

    # ------------------------------------------------------------------ applying

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        self._legal = {}
        handler = getattr(self, f"_do_{type(action).__name__.lower()}")
        handler(seat, action, events)
        return events

    def _prelude_next(self, events: list[Event]) -> None:
        """Preliminary Character Card: each player in turn may buy one before the first turn."""
        while self.queue:
            self.actor = self.queue.pop(0)
            if self.character_deck and self.boards[self.actor].gold >= self.recruit_cost(self.actor):
                self._draw_characters(self.actor)
                return
        self.phase = Phase.TURN
        self.actor = self.start_player

    def _draw_characters(self, seat: Seat) -> None:
        count = HOSTEL_DRAW if self.has(seat, SpecialEffect.HOSTEL) else RECRUIT_DRAW
        self.drawn = [self.character_deck.pop() for _ in range(min(count, len(self.character_deck)))]
        self._reveals += 1

    def _do_act(self, seat: Seat, action: Act, events: list[Event]) -> None:
        self.target = action.space - 1
        self.moved = 0
        self.red_moved = False
        self.lighthouse = False
        self.clearing = list(self.ring.blockers(self.target))
        kind = self.components.action_spaces[self.target].action
        events.append(
            Event(
                "act",
                seat,
                msg(
                    "{player} chooses space {space}: {action}",
                    player=_name(seat),
                    space=action.space,
                    action=msg(kind.value),
                ),
                {},
            )
        )
        self._clear_ships(events)

    def _clear_ships(self, events: list[Event]) -> None:
        """Sail the blocking ships on, front first; forced moves happen by themselves."""
        while self.clearing:
            options = self._clear_options()
            if len(options) > 1:
                self.phase = Phase.CLEAR
                return
            self._sail(options[0], events)  # type: ignore[arg-type]
        start = self.ring.behind(self.target)
        if self.ring.occupied[start] == 2:
            self.phase = Phase.MOVER
            return
        self._sail(Sail(start + 1, self.target + 1), events)
        self._after_mover(events)

    def _sail(self, action: Sail, events: list[Event]) -> None:
        start, end = action.start - 1, action.end - 1
        red = action.red if action.red is not None else self.ring.red == start
        self.ring = self.ring.sail(start, end, red)
        self.moved += 1
        if self.clearing and self.clearing[0] == start:
            self.clearing.pop(0)
        if end == self.target:
            self.red_moved = red
        if red:
            text = msg("The red ship sails from space {start} to {end}", start=action.start, end=action.end)
        else:
            text = msg("The ship sails from space {start} to {end}", start=action.start, end=action.end)
        events.append(Event("sail", self.actor, text, {}))

    def _do_sail(self, seat: Seat, action: Sail, events: list[Event]) -> None:
        self._sail(action, events)
        if self.passing:
            self._end_turn(events)
        elif self.phase is Phase.MOVER:
            self._after_mover(events)
        else:
            self._clear_ships(events)

    def _after_mover(self, events: list[Event]) -> None:
        cost = cost_of(self.moved)
        player = self.boards[self.actor]
        if cost:
            player.gold -= cost
            text = msg_plural(
                "{player} pays {gold} for moving {count} ship",
                "{player} pays {gold} for moving {count} ships",
                self.moved,
                player=_name(self.actor),
                gold=_gold(cost),
            )
            events.append(Event("pay", self.actor, text, {}))
        self._carry_out(self.components.action_spaces[self.target].action, events)

    def _do_lighthouse(self, seat: Seat, action: Lighthouse, events: list[Event]) -> None:
        start = self.ring.red
        self.target = self.ring.first_occupied_ahead(start)
        self.ring = self.ring.sail(start, self.target, True)
        self.moved = 1
        self.red_moved = True
        self.lighthouse = True
        kind = self.components.action_spaces[self.target].action
        events.append(
            Event(
                "lighthouse",
                seat,
                msg(
                    "{player} sails the red ship by the Lighthouse onto space {space}: {action}",
                    player=_name(seat),
                    space=self.target + 1,
                    action=msg(kind.value),
                ),
                {},
            )
        )
        self._carry_out(kind, events)

    def _do_pass(self, seat: Seat, action: Pass, events: list[Event]) -> None:
        self.target = action.space - 1
        self.moved = 0
        self.red_moved = False
        self.lighthouse = False
        self.passing = True
        self.boards[seat].gold += 1
        text = msg(
            "{player} passes on space {space} and takes {gold}", player=_name(seat), space=action.space, gold=_gold(1)
        )
        events.append(Event("pass", seat, text, {}))
        start = self.ring.behind(self.target)
        if self.ring.occupied[start] == 2:
            self.phase = Phase.MOVER
            return
        self._sail(Sail(start + 1, action.space), events)
        self._end_turn(events)

    # the actions

    def _carry_out(self, kind: ActionKind, events: list[Event]) -> None:
        seat = self.actor
        player = self.boards[seat]
        if kind is ActionKind.TAKE_GOLD:
            gain = 4 if self.has(seat, SpecialEffect.BANK) else 2
            player.gold += gain
            events.append(Event("gold", seat, msg("{player} takes {gold}", player=_name(seat), gold=_gold(gain)), {}))
            self._end_turn(events)
        elif kind is ActionKind.BUY_FACTORY:
            player.gold -= 1
            self.factory_stack -= 1
            player.factories += 1
            text = msg("{player} buys a glass factory for {gold}", player=_name(seat), gold=_gold(1))
            events.append(Event("buy", seat, text, {}))
            self._after_buy("factory", events)
        elif kind in (ActionKind.BUY_SHOP, ActionKind.BUY_PALACE):
            self.buying = "shop" if kind is ActionKind.BUY_SHOP else "palace"
            self.phase = Phase.BUY
        elif kind is ActionKind.BUY_SPECIAL:
            player.gold -= 2
            self.special_stack -= 1
            player.specials += 1
            text = msg("{player} buys a special building for {gold}", player=_name(seat), gold=_gold(2))
            events.append(Event("buy", seat, text, {}))
            self._after_buy("special", events)
        elif kind is ActionKind.RECRUIT:
            self._draw_characters(seat)
            self.phase = Phase.RECRUIT
        elif kind is ActionKind.PLACE_GONDOLIER:
            self.phase = Phase.GONDOLA
        elif kind is ActionKind.BUILD:
            self.built = 0
            self.phase = Phase.BUILD
        elif kind is ActionKind.INCOME:
            if self.options.automatic_income:
                best = max(self.side.islands, key=lambda island: self.income_at(seat, island.id))
                self._income(seat, best.id, events)
            else:
                self.phase = Phase.INCOME
        elif kind is ActionKind.PRODUCTION:
            self.phase = Phase.PRODUCE
        else:
            self.phase = Phase.GONDOLIER

    def _after_buy(self, tile: str, events: list[Event]) -> None:
        """A bought tile may trigger the end; in a final turn it may be placed at once, for free."""
        self._check_end(events)
        if self.triggered_by is not None and self.free_building_spaces() and self._can_place(tile):
            self.final_tile = tile
            self.phase = Phase.FINAL_PLACE
            return
        self._end_turn(events)

    def _can_place(self, tile: str) -> bool:
        marked = tile == "factory" or tile.startswith("shop")
        return not marked or self.options.unlimited_markers or self.boards[self.actor].markers < self.components.markers

    def _check_end(self, events: list[Event]) -> None:
        if self.triggered_by is None and len(self.empty_stacks()) >= 2:
            self.triggered_by = self.actor
            self.last_turns = self._from(self.actor)[1:]
            text = msg(
                "The {stacks} stacks are empty: {player} finishes this turn, "
                "then every other player has one final turn",
                stacks=_and([msg(name) for name in self.empty_stacks()]),
                player=_name(self.actor),
            )
            events.append(Event("end-triggered", self.actor, text, {}))

    def _do_buytile(self, seat: Seat, action: BuyTile, events: list[Event]) -> None:
        player = self.boards[seat]
        stack = self.shop_stack if action.kind == "shop" else self.palace_stack
        if action.choice == "look":
            player.gold -= 4
            self.looking = True
            self._reveals += 1
            if action.kind == "shop":
                text = msg("{player} pays {gold} to look through the shops", player=_name(seat), gold=_gold(4))
            else:
                text = msg("{player} pays {gold} to look through the palaces", player=_name(seat), gold=_gold(4))
            events.append(Event("look", seat, text, {}))
            return
        if action.choice is None:
            tile = stack.pop()
            player.gold -= 2
            how = msg("the top tile for {gold}", gold=_gold(2))
        else:
            if action.kind == "shop":
                tile = next(t for t in stack if self._shop(t).colour.value == action.choice)
            else:
                tile = next(t for t in stack if str(self._palace(t).crests) == action.choice)
            stack.remove(tile)
            self.rng.shuffle(stack)
            self.looking = False
            how = msg("a tile of their choice")
        self._reveals += 1
        (player.shops if action.kind == "shop" else player.palaces).append(tile)
        if action.kind == "shop":
            text = msg("{player} buys a shop: {how}", player=_name(seat), how=how)
        else:
            text = msg("{player} buys a palace: {how}", player=_name(seat), how=how)
        events.append(Event("buy", seat, text, {}))
        if action.kind == "shop":
            name = f"shop-{self._shop(tile).colour.value}"
        else:
            name = f"palace-{self._palace(tile).crests}"
        self._after_buy(name, events)

    def _do_recruit(self, seat: Seat, action: Recruit, events: list[Event]) -> None:
        player = self.boards[seat]
        cost = self.recruit_cost(seat)
        player.gold -= cost
        player.characters.append(action.card)
        self.drawn.remove(action.card)
        text = msg("{player} recruits a character for {gold}", player=_name(seat), gold=_gold(cost))
        events.append(Event("recruit", seat, text, {}))
        self._return_drawn(events)

    def _do_decline(self, seat: Seat, action: Decline, events: list[Event]) -> None:
        events.append(Event("recruit", seat, msg("{player} recruits no character", player=_name(seat)), {}))
        self._return_drawn(events)

    def _return_drawn(self, events: list[Event]) -> None:
        """The cards not taken go to the bottom of the deck."""
        self.character_deck[:0] = self.drawn
        self.drawn = []
        if self.phase is Phase.PRELUDE:
            self._prelude_next(events)
        else:
            self._end_turn(events)

    def _do_gondola(self, seat: Seat, action: Gondola, events: list[Event]) -> None:
        player = self.boards[seat]
        cost = self.gondolier_cost(seat, action.colour == PLAYER_COLOURS[seat])
        player.gold -= cost
        player.gondoliers -= 1
        self.gondolas[(action.island, action.colour)] = seat
        text = msg(
            "{player} places a gondolier on {gondola} at {island} for {gold}",
            player=_name(seat),
            gondola=msg(_GONDOLAS[action.colour]),
            island=action.island,
            gold=_gold(cost),
        )
        if self.has(seat, SpecialEffect.DOCKSIDE_BAR):
            player.vp["special buildings"] += 1
            text = msg("{event} (Dockside Bar: {vp})", event=text, vp=_vp(1))
        events.append(Event("gondola", seat, text, {}))
        self._end_turn(events)

    def _do_drawstreet(self, seat: Seat, action: DrawStreet, events: list[Event]) -> None:
        self.street = self.street_stack.pop()
        self._reveals += 1
        customers = self._street(self.street).customers
        if customers:
            text = msg(
                "{player} draws a street tile ({customers})",
                player=_name(seat),
                customers=[msg(c.value) for c in customers],
            )
        else:
            text = msg("{player} draws a street tile (no customer)", player=_name(seat))
        events.append(Event("street", seat, text, {}))
        self.phase = Phase.PLACE_STREET

    def _do_place(self, seat: Seat, action: Place, events: list[Event]) -> None:
        if self.phase is Phase.PLACE_STREET:
            assert self.street is not None
            self.tiles[action.space] = ("street", self.street)
            self.street = None
            self.built += 1
            text = msg("{player} builds the street on {space}", player=_name(seat), space=action.space)
            events.append(Event("build", seat, text, {}))
            self._check_end(events)
            self._continue_build(events)
            return
        self._place_building(seat, self.final_tile, action.space, events)
        if self.phase is not Phase.SPECIAL_CARD:
            self._end_turn(events)

    def _do_build(self, seat: Seat, action: Build, events: list[Event]) -> None:
        self.built += 1
        self._place_building(seat, action.tile, action.space, events)
        if self.phase is not Phase.SPECIAL_CARD:
            self._continue_build(events)

    def _place_building(self, seat: Seat, tile: str, space: str, events: list[Event]) -> None:
        player = self.boards[seat]
        kind = Building(tile.split("-", maxsplit=1)[0])
        if kind is Building.FACTORY:
            player.factories -= 1
            self.tiles[space] = ("factory", seat)
            player.markers += 1
        elif kind is Building.SHOP:
            colour = tile.split("-")[1]
            shop = next(s for s in player.shops if self._shop(s).colour.value == colour)
            player.shops.remove(shop)
            self.tiles[space] = ("shop", seat, colour)
            player.markers += 1
        elif kind is Building.PALACE:
            crests = int(tile.split("-")[1])
            palace = next(p for p in player.palaces if self._palace(p).crests == crests)
            player.palaces.remove(palace)
            self.tiles[space] = ("palace", palace)
        else:
            player.specials -= 1
            self.tiles[space] = ("special",)
        points = BUILDING_VP[kind]
        player.vp["buildings"] += points
        if points:
            text = msg(
                "{player} builds {tile} on {space} for {vp}",
                player=_name(seat),
                tile=_tile(tile),
                space=space,
                vp=_vp(points),
            )
        else:
            text = msg("{player} builds {tile} on {space}", player=_name(seat), tile=_tile(tile), space=space)
        cranes = sum(1 for card in self.cards(seat, SpecialEffect.CONSTRUCTION_CRANE) if card.building is kind)
        if cranes:
            player.vp["special buildings"] += cranes
            text = msg("{event} (Construction Crane: {vp})", event=text, vp=_vp(cranes))
        events.append(Event("build", seat, text, {}))
        if kind is Building.SPECIAL and self.special_deck:
            self.drawn = [self.special_deck.pop() for _ in range(min(SPECIAL_DRAW, len(self.special_deck)))]
            self._reveals += 1
            if self._special_choices(seat):
                self.phase = Phase.SPECIAL_CARD
            else:
                self.special_deck[:0] = self.drawn
                self.drawn = []

    def _do_takecard(self, seat: Seat, action: TakeCard, events: list[Event]) -> None:
        player = self.boards[seat]
        player.special_cards.append(action.card)
        self.fresh.append(action.card)
        self.drawn.remove(action.card)
        self.special_deck[:0] = self.drawn
        self.drawn = []
        card = self._special(action.card)
        text = msg("{player} takes the special building card {title}", player=_name(seat), title=msg(card.title))
        if card.effect is SpecialEffect.BASILICA:
            player.vp["special buildings"] += 5
            text = msg("{event}: {details}", event=text, details=_vp(5))
        events.append(Event("special", seat, text, {}))
        if self.final_tile:
            self._end_turn(events)
        else:
            self._continue_build(events)

    def _continue_build(self, events: list[Event]) -> None:
        self.phase = Phase.BUILD
        if not self._build_options(self.actor):
            self._end_turn(events)

    def _do_done(self, seat: Seat, action: Done, events: list[Event]) -> None:
        self._end_turn(events)

    def _do_income(self, seat: Seat, action: Income, events: list[Event]) -> None:
        self._income(seat, action.island, events)

    def _income(self, seat: Seat, island: str, events: list[Event]) -> None:
        gain = self.income_at(seat, island)
        self.boards[seat].gold += gain
        text = msg("{player} takes income at {island}: {gold}", player=_name(seat), island=island, gold=_gold(gain))
        events.append(Event("income", seat, text, {}))
        self._end_turn(events)

    def _do_produce(self, seat: Seat, action: Produce, events: list[Event]) -> None:
        player = self.boards[seat]
        player.vp["production"] -= 2 * action.count
        draws = action.count + (1 if action.count and self.has(seat, SpecialEffect.TRADING_STATION) else 0)
        drawn: list[Bead] = []
        for _ in range(draws):
            if not self.bag.total():
                break
            bead = self.rng.choice([b for b in Bead for _ in range(self.bag[b])])
            self.bag[bead] -= 1
            player.beads[bead] += 1
            drawn.append(bead)
        # "after producing at least one glass bead": an empty bag produces nothing.
        self.produced = bool(drawn)
        if drawn:
            self._reveals += 1
        text = msg_plural(
            "{player} produces in {count} glass factory (−{vp})",
            "{player} produces in {count} glass factories (−{vp})",
            action.count,
            player=_name(seat),
            vp=_vp(2 * action.count),
        )
        if drawn:
            text = msg("{event}: {details}", event=text, details=[msg(b.value) for b in drawn])
        if self.produced and self.has(seat, SpecialEffect.GUILD_HALL):
            player.vp["special buildings"] += 1
            text = msg("{event} (Guild Hall: {vp})", event=text, vp=_vp(1))
        events.append(Event("produce", seat, text, {}))
        self.phase = Phase.SELL
        if self._generate(seat) == [Sell(None, 0)]:
            self._end_turn(events)

    def _do_sell(self, seat: Seat, action: Sell, events: list[Event]) -> None:
        if action.colour is not None:
            player = self.boards[seat]
            colour = Bead(action.colour)
            left = action.count
            paid = min(left, player.beads[colour])
            player.beads[colour] -= paid
            self.bag[colour] += paid
            left -= paid
            for studio in self.cards(seat, SpecialEffect.STUDIO):
                if left and colour in studio.beads:
                    (other,) = studio.beads - {colour}
                    used = min(left, player.beads[other])
                    player.beads[other] -= used
                    self.bag[other] += used
                    left -= used
            player.gold += SALE[action.count]
            events.append(
                Event(
                    "sell",
                    seat,
                    msg(
                        "{player} sells {beads} for {gold}",
                        player=_name(seat),
                        beads=_beads(colour, action.count),
                        gold=_gold(SALE[action.count]),
                    ),
                    {},
                )
            )
        self._end_turn(events)

    def _do_dismiss(self, seat: Seat, action: Dismiss, events: list[Event]) -> None:
        player = self.boards[seat]
        gain = 5 if self.has(seat, SpecialEffect.ASSEMBLY_HALL) else 3
        player.gondoliers -= 1
        player.gold += gain
        text = msg("{player} dismisses a gondolier for {gold}", player=_name(seat), gold=_gold(gain))
        events.append(Event("dismiss", seat, text, {}))
        self._end_turn(events)

    def _do_hire(self, seat: Seat, action: Hire, events: list[Event]) -> None:
        player = self.boards[seat]
        cost = self.hire_cost(seat)
        player.gondoliers += 1
        player.gold -= cost
        events.append(
            Event("hire", seat, msg("{player} hires a gondolier for {gold}", player=_name(seat), gold=_gold(cost)), {})
        )
        self._end_turn(events)

    def _do_returnbead(self, seat: Seat, action: ReturnBead, events: list[Event]) -> None:
        bead = Bead(action.colour)
        self.boards[seat].beads[bead] -= 1
        self.bag[bead] += 1
        self.produced = False
        text = msg("{player} returns {bead} (Trading Station)", player=_name(seat), bead=msg(_BEADS[bead]))
        events.append(Event("return", seat, text, {}))
        self._end_turn(events)

    # ------------------------------------------------------------------ turns and the end

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.actor
        player = self.boards[seat]
        if self.produced and self.has(seat, SpecialEffect.TRADING_STATION) and player.beads.total():
            self.phase = Phase.RETURN_BEAD
            return
        self.produced = False
        if self.options.red_ship_gold and self.red_moved and not self.lighthouse and not self.passing:
            player.gold += 1
            text = msg("{player} moved the red ship: {gold}", player=_name(seat), gold=_gold(1))
            events.append(Event("red-ship", seat, text, {}))
        self.red_moved = False
        self.lighthouse = False
        self.passing = False
        self.looking = False
        self.fresh = []
        self.buying = ""
        self.final_tile = ""
        self.built = 0
        self.turns += 1
        if self.triggered_by is not None:
            if not self.last_turns:
                self._begin_scoring(events)
                return
            self.actor = self.last_turns.pop(0)
        else:
            self.actor = (seat + 1) % self._players
        self.phase = Phase.TURN

    def _begin_scoring(self, events: list[Event]) -> None:
        assert self.triggered_by is not None
        events.append(Event("scoring", None, msg("The game is over: the character cards are scored"), {}))
        self.phase = Phase.SCORING
        self.queue = self._from(self.triggered_by)
        self._next_scorer(events)

    def _next_scorer(self, events: list[Event]) -> None:
        while self.queue:
            self.actor = self.queue[0]
            if self._generate(self.actor):
                return
            self.queue.pop(0)
        for seat, player in enumerate(self.boards):
            left = len(self._free_gondolas(seat))
            player.vp["gondoliers"] += left
            if left:
                text = msg("{player} scores {vp} for gondoliers left on gondolas", player=_name(seat), vp=_vp(left))
                events.append(Event("gondoliers", seat, text, {}))
        self.phase = Phase.OVER
        self.ended_by = TWO_STACKS_EMPTY

    def _do_score(self, seat: Seat, action: Score, events: list[Event]) -> None:
        player = self.boards[seat]
        card = self.character(action.card)
        points = self.card_vp(seat, card, action.island, action.amount)
        gondola = next(g for g in self._free_gondolas(seat) if g[0] == action.island)
        self.used_gondolas.append(gondola)
        player.characters.remove(action.card)
        player.vp["character cards"] += points
        if card.kind is CharacterKind.GOLD_EXCHANGE and points:
            player.gold -= action.amount or 0
        if card.kind is CharacterKind.BEADS and action.amount:
            assert card.bead is not None
            self._spend_beads(seat, card.bead, action.amount)
        self._reveals += 1
        events.append(
            Event(
                "score",
                seat,
                msg(
                    "{player} scores character {card} at {island}: {vp}",
                    player=_name(seat),
                    card=action.card,
                    island=action.island,
                    vp=_vp(points),
                ),
                {"card": action.card},
            )
        )
        self._next_scorer(events)

    def _spend_beads(self, seat: Seat, colour: Bead, count: int) -> None:
        player = self.boards[seat]
        used = min(count, player.beads[colour])
        player.beads[colour] -= used
        self.bag[colour] += used
        count -= used
        if not self.options.no_studios_in_scoring:
            for studio in self.cards(seat, SpecialEffect.STUDIO):
                if count and colour in studio.beads:
                    (other,) = studio.beads - {colour}
                    used = min(count, player.beads[other])
                    player.beads[other] -= used
                    self.bag[other] += used
                    count -= used

    def _do_skip(self, seat: Seat, action: Skip, events: list[Event]) -> None:
        self.boards[seat].characters.remove(action.card)
        self.skipped.setdefault(seat, []).append(action.card)
        text = msg("{player} leaves a character card that cannot score", player=_name(seat))
        events.append(Event("skip", seat, text, {}))
        self._next_scorer(events)

    def outcome(self) -> Outcome:
        if self.phase is not Phase.OVER:
            raise IllegalAction(msg("the game is not over yet"))
        lines = [tuple((c, p.vp[c]) for c in CATEGORIES) for p in self.boards]
        scores = [p.score() for p in self.boards]
        ranks = rank([(scores[s], self.boards[s].gold) for s in range(self._players)])
        return Outcome(
            tuple(
                SeatResult(s, scores[s], ranks[s], lines[s], ((N_("gold"), self.boards[s].gold),))
                for s in range(self._players)
            ),
            ended_by=self.ended_by,
        )

    # ------------------------------------------------------------------ views and determinization

    def view(self, seat: Seat | None) -> JSON:
        """What `seat` sees: everything but the stacks' order, the face-down tiles and character cards
        of the others, and the cards others drew."""
        actor_sees = seat == self.actor
        return {
            "game": "murano",
            "players": self._players,
            "viewer": seat,
            "board_side": self.side_name,
            "phase": self.phase.value,
            "actor": None if self.phase is Phase.OVER else self.actor,
            "start_player": self.start_player,
            "turns": self.turns,
            "triggered_by": self.triggered_by,
            "last_turns": list(self.last_turns),
            "ended_by": self.ended_by or None,
            "action_spaces": [
                {
                    "number": s.number,
                    "action": s.action.value,
                    "ships": self.ring.occupied[s.number - 1],
                    "red": self.ring.red == s.number - 1,
                }
                for s in self.components.action_spaces
            ],
            "islands": [
                {
                    "id": island.id,
                    "name": island.name,
                    "spaces": [
                        {
                            "id": sp.id,
                            "street": sp.street,
                            "row": sp.row,
                            "column": sp.column,
                            "tile": self._tile_json(sp.id),
                        }
                        for sp in island.spaces
                    ],
                    "gondolas": [
                        {
                            "colour": g,
                            "seat": self.gondolas.get((island.id, g)),
                            "scored": (island.id, g) in self.used_gondolas,
                        }
                        for g in island.gondolas
                    ],
                }
                for island in self.side.islands
            ],
            "stacks": {
                "streets": len(self.street_stack),
                "shops": len(self.shop_stack),
                "palaces": len(self.palace_stack),
                "factories": self.factory_stack,
                "specials": self.special_stack,
                "characters": len(self.character_deck),
                "special_cards": len(self.special_deck),
            },
            "bag": {b.value: self.bag[b] for b in Bead},
            "target": self.target + 1 if self.phase not in (Phase.TURN, Phase.OVER) else None,
            "drawn": list(self.drawn) if actor_sees else len(self.drawn),
            "street": self.street,
            "street_customers": (
                [c.value for c in self._street(self.street).customers] if self.street is not None else None
            ),
            "looking": self.buying if self.looking else None,
            "seen": self._seen() if self.looking and actor_sees else None,
            "final_tile": self.final_tile if self.final_tile and actor_sees else None,
            "ships_moved": self.moved,
            "ships_to_sail": [space + 1 for space in self.clearing],
            "cards": {card.id: scoring.describe(card).to_json() for card in self.components.characters},
            "special_cards": {card.id: card.title for card in self.components.special_cards},
            "options": self.options.to_dict(),
            "built": self.built,
            "seats": [self._seat_json(s, seat) for s in range(self._players)],
        }

    def _seen(self) -> list[str]:
        """What a buyer who paid to look sees: the stack's shop colours or palace crests."""
        if self.buying == "shop":
            return sorted(self._shop(t).colour.value for t in self.shop_stack)
        return sorted(str(self._palace(t).crests) for t in self.palace_stack)

    def _tile_json(self, space: str) -> JSON | None:
        tile = self.tiles.get(space)
        if tile is None:
            return None
        if tile[0] == "street":
            return {"kind": "street", "customers": [c.value for c in self._street(tile[1]).customers]}
        if tile[0] == "factory":
            return {"kind": "factory", "owner": tile[1]}
        if tile[0] == "shop":
            return {"kind": "shop", "owner": tile[1], "colour": tile[2]}
        if tile[0] == "palace":
            return {"kind": "palace", "crests": self._palace(tile[1]).crests}
        return {"kind": "special"}

    def _seat_json(self, seat: Seat, viewer: Seat | None) -> JSON:
        player = self.boards[seat]
        own = seat == viewer or self.phase is Phase.OVER
        return {
            "seat": seat,
            "colour": PLAYER_COLOURS[seat],
            "gold": player.gold,
            "vp": player.score(),
            "vp_by_source": {c: player.vp[c] for c in CATEGORIES},
            "gondoliers": player.gondoliers,
            "factories": player.factories,
            "specials": player.specials,
            "shops": sorted(self._shop(s).colour.value for s in player.shops) if own else len(player.shops),
            "palaces": sorted(self._palace(p).crests for p in player.palaces) if own else len(player.palaces),
            "characters": sorted(player.characters) if own else len(player.characters),
            "special_cards": list(player.special_cards),
            "beads": {b.value: player.beads[b] for b in Bead},
            "markers": player.markers,
        }

    def determinize(self, seat: Seat | None, rng: Rng) -> MuranoState:
        """Re-sample what `seat` cannot know: the stacks' order, the others' face-down shops and
        palaces and character cards (with the cards boxed unseen), and the special building deck.

        It reads only what `seat` sees and `rng`: every pool of unseen items is sorted before it is
        shuffled, so the true order of a stack or hand never shows through."""
        twin = self.copy()
        twin.rng = rng.spawn()
        twin._legal = {}
        hidden = [s for s in range(self._players) if s != seat]
        if self.phase is Phase.OVER:
            hidden = []
        twin.street_stack.sort()
        rng.shuffle(twin.street_stack)
        special_hidden = self.phase is Phase.SPECIAL_CARD and seat != self.actor
        specials = sorted([*twin.special_deck, *(twin.drawn if special_hidden else [])])
        rng.shuffle(specials)
        if special_hidden:
            twin.drawn = specials[: len(twin.drawn)]
            specials = specials[len(twin.drawn) :]
        twin.special_deck = specials
        # A player looking through a stack (having paid 4 gold) sees it: it keeps its tiles for them.
        looked = self.looking and seat == self.actor
        twin.shop_stack = self._redeal(
            rng, twin, "shops", twin.shop_stack, boxed=[], hidden=hidden, keep=looked and self.buying == "shop"
        )
        twin.palace_stack = self._redeal(
            rng,
            twin,
            "palaces",
            twin.palace_stack,
            boxed=twin.boxed_palaces,
            hidden=hidden,
            keep=looked and self.buying == "palace",
        )
        if (
            self.phase is Phase.FINAL_PLACE
            and seat != self.actor
            and self.final_tile.split("-")[0] in ("shop", "palace")
        ):
            # The building just bought lies face down: any of the buyer's tiles of that kind could be it.
            if self.final_tile.startswith("shop"):
                tile = f"shop-{twin._shop(rng.choice(twin.boards[self.actor].shops)).colour.value}"
            else:
                tile = f"palace-{twin._palace(rng.choice(twin.boards[self.actor].palaces)).crests}"
            twin.final_tile = tile
        self._redeal_characters(twin, seat, hidden, rng)
        return twin

    def _redeal_characters(self, twin: MuranoState, seat: Seat | None, hidden: list[Seat], rng: Rng) -> None:
        """Deal the unseen character cards again: the deck, the boxed cards, the cards others drew or put
        aside unrevealed, and the others' hands. A player scoring now is known to hold a card that can
        score, so the deal is drawn again until it gives them one; after a few tries they are dealt, first,
        a card that can go to one of their islands."""
        scorer = self.actor if self.phase is Phase.SCORING and self.actor in hidden else None
        for _ in range(DEAL_TRIES):
            self._deal_characters(twin, seat, hidden, rng)
            if scorer is None or twin._score_options(scorer):
                return
        assert scorer is not None
        islands = {island for island, _ in self._free_gondolas(scorer)}
        pool = self._unseen_characters(seat, hidden)
        fitting = [c for c in pool if self.character(c).island in (None, *islands)]
        self._deal_characters(twin, seat, hidden, rng, first=rng.choice(fitting) if fitting else None)

    def _unseen_characters(self, seat: Seat | None, hidden: list[Seat]) -> list[str]:
        """The character cards `seat` has not seen, in a fixed order."""
        recruiting = self.phase in (Phase.RECRUIT, Phase.PRELUDE)
        drawn_hidden = list(self.drawn) if recruiting and seat != self.actor else []
        pool = [*self.character_deck, *self.boxed_characters, *drawn_hidden]
        for other in hidden:
            pool.extend(self.boards[other].characters)
            pool.extend(self.skipped.get(other, []))
        return sorted(pool)

    def _deal_characters(
        self, twin: MuranoState, seat: Seat | None, hidden: list[Seat], rng: Rng, first: str | None = None
    ) -> None:
        """One deal of the unseen character cards; `first` goes to the scorer's hand before the deal."""
        recruiting = self.phase in (Phase.RECRUIT, Phase.PRELUDE)
        drawn_hidden = recruiting and seat != self.actor
        pool = self._unseen_characters(seat, hidden)
        if first is not None:
            pool.remove(first)
        rng.shuffle(pool)
        for other in hidden:
            count = len(self.boards[other].characters)
            hand = [first] if first is not None and other == self.actor else []
            take = count - len(hand)
            hand.extend(pool[:take])
            del pool[:take]
            twin.boards[other].characters = hand
            count = len(self.skipped.get(other, []))
            if count:
                twin.skipped[other] = pool[:count]
                del pool[:count]
        if drawn_hidden:
            twin.drawn = pool[: len(self.drawn)]
            del pool[: len(self.drawn)]
        twin.boxed_characters = pool[: len(self.boxed_characters)]
        twin.character_deck = pool[len(self.boxed_characters) :]
        twin._legal = {}

    @staticmethod
    def _redeal(
        rng: Rng,
        twin: MuranoState,
        attribute: str,
        stack: list[str],
        *,
        boxed: list[str],
        hidden: list[Seat],
        keep: bool = False,
    ) -> list[str]:
        """Deal the unseen tiles of one kind again: the stack (unless `keep`), the boxed ones and the
        others' face-down ones, from a sorted pool."""
        pool = [*boxed] if keep else [*stack, *boxed]
        for other in hidden:
            pool.extend(getattr(twin.boards[other], attribute))
        pool.sort()
        rng.shuffle(pool)
        for other in hidden:
            count = len(getattr(twin.boards[other], attribute))
            setattr(twin.boards[other], attribute, pool[:count])
            del pool[:count]
        boxed[:] = pool[: len(boxed)]
        if keep:
            stack.sort()
            rng.shuffle(stack)
            return stack
        return pool[len(boxed) :]
