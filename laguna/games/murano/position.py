"""A position of Murano: the board, the stacks and decks, the players' holdings and the decision under
way, dealt as the rules' set-up says (rules: Components, and the set-up before the first turn), with
the small queries the rules ask of it.

Stacks and decks list their items top last; cards returned "to the bottom" go to the front of the list.
The position's own lists (stacks, decks, the cards drawn, the queues) and the bag are replaced, never
changed in place, so that copies share them; so are the players' lists.
The rules that change a position are plain functions in `laguna.games.murano.rules`, one module a
section of the rules.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from laguna.core.game import Seat, Seats, copy_counter
from laguna.core.messages import N_
from laguna.core.rng import Rng
from laguna.games.murano import characters as scoring
from laguna.games.murano.components import Action as ActionKind
from laguna.games.murano.components import (
    Bead,
    BoardSide,
    CharacterCard,
    Components,
    Customer,
    PalaceTile,
    ShopTile,
    SpecialCard,
    SpecialEffect,
    StreetTile,
)
from laguna.games.murano.options import MuranoOptions
from laguna.games.murano.player import Player
from laguna.games.murano.ships import SPACES, Ring

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
BOXED_CHARACTERS: Final = 5
"""Set-up: character cards put back into the box unseen."""
FACTS_KEPT: Final = 5_000
"""Islands' facts remembered by their contents, at most (then forgotten at once)."""


def draw(deck: list[str], count: int) -> tuple[list[str], list[str]]:
    """The deck without its top `count` cards (all it has, if fewer), and those cards, top first.

    A position's stacks, decks and other lists are replaced, never changed in place: copies share them."""
    left = max(0, len(deck) - count)
    return deck[:left], deck[left:][::-1]


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


class Position(Seats):
    """The data of one position and the queries on it; `MuranoState` adds the game protocol."""

    def __init__(self, players: int, options: MuranoOptions, components: Components, rng: Rng) -> None:
        self._players = players
        self.options = options
        self.components = components
        self.rng = rng
        self.reveals = 0
        # The tiles and cards by id, looked up often: each a dict's own lookup.
        self._street: Callable[[str], StreetTile] = {s.id: s for s in components.streets}.__getitem__
        self._shop: Callable[[str], ShopTile] = {s.id: s for s in components.shops}.__getitem__
        self._palace: Callable[[str], PalaceTile] = {p.id: p for p in components.palaces}.__getitem__
        self.character: Callable[[str], CharacterCard] = {c.id: c for c in components.characters}.__getitem__
        self._special: Callable[[str], SpecialCard] = {c.id: c for c in components.special_cards}.__getitem__
        side = components.side(players)
        self.side_name = side.name
        self._street_spaces = tuple(sp.id for i in side.islands for sp in i.spaces if sp.street)
        self._free: tuple[int, tuple[str, ...], tuple[str, ...]] = (-1, (), ())
        self.scoring_facts: dict[str, scoring.IslandFacts] | None = None
        """The islands' facts during the final scoring, when no tile or gondola can change any more:
        made afresh when the scoring begins, so only positions of one board share it."""
        kinds = list(ActionKind)
        self.plan = tuple((s.number - 1, s.action, kinds.index(s.action)) for s in components.action_spaces)
        """The action spaces as the turn's choice reads them: (index, action, action number)."""
        self._building_spaces = tuple((sp.id, sp.neighbours) for i in side.islands for sp in i.spaces if not sp.street)
        beside: dict[str, list[str]] = {}
        for brown, neighbours in self._building_spaces:
            for neighbour in neighbours:
                beside.setdefault(neighbour, []).append(brown)
        self._beside: dict[str, tuple[str, ...]] = {where: tuple(near) for where, near in beside.items()}
        """The brown spaces next to each space: where a street tile laid there lets buildings go."""
        self._island_spaces = {island.id: tuple(sp.id for sp in island.spaces) for island in side.islands}
        self._known_facts: dict[tuple[Any, ...], scoring.IslandFacts] = {}
        """Islands' facts by their contents (the tile on each space, the owners of the gondoliers on
        their gondolas in the order placed), for every position of the game: copies share it."""
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
        self.boxed_characters = [characters.pop() for _ in range(BOXED_CHARACTERS)]
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

    @property
    def side(self) -> BoardSide:
        return self.components.side(self._players)

    def seats_from(self, seat: Seat) -> list[Seat]:
        """Every seat in the order of play, `seat` first."""
        return [(seat + k) % self._players for k in range(self._players)]

    # ------------------------------------------------------------------ special building cards

    def cards(self, seat: Seat, effect: SpecialEffect) -> list[SpecialCard]:
        """The special building cards of `seat` with `effect` that work now: a card acts from the turn
        after it was taken."""
        if not self.boards[seat].special_cards:
            return []
        owned = [c for c in self.boards[seat].special_cards if c not in self.fresh]
        return [c for c in map(self._special, owned) if c.effect is effect]

    def has(self, seat: Seat, effect: SpecialEffect) -> bool:
        return bool(self.boards[seat].special_cards) and bool(self.cards(seat, effect))

    # ------------------------------------------------------------------ the board

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
        return list(self.free_spaces()[0])

    def free_building_spaces(self) -> list[str]:
        """Empty brown spaces next to a street tile: where a building may go."""
        return list(self.free_spaces()[1])

    def free_spaces(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Free street spaces and buildable brown spaces, remembered until a tile is laid (tiles are
        never removed, so their number says whether the board changed)."""
        if self._free[0] != len(self.tiles):
            tiles = self.tiles
            streets = tuple(space for space in self._street_spaces if space not in tiles)
            beside = self._beside
            near: set[str] = set()
            for space, tile in tiles.items():
                if tile[0] == "street":
                    near.update(beside.get(space, ()))
            buildable = tuple(space for space, _ in self._building_spaces if space in near and space not in tiles)
            self._free = (len(tiles), streets, buildable)
        return self._free[1], self._free[2]

    def facts(self, island_id: str) -> scoring.IslandFacts:
        """What stands on an island, for Income and the character cards."""
        known = self.scoring_facts
        if known is not None:
            found = known.get(island_id)
            if found is None:
                found = known[island_id] = self._facts_of_contents(island_id)
            return found
        return self._facts_of_contents(island_id)

    def _facts_of_contents(self, island_id: str) -> scoring.IslandFacts:
        """The facts of an island with these contents, worked out once: the facts hang on nothing else."""
        contents = (
            island_id,
            tuple(map(self.tiles.get, self._island_spaces[island_id])),
            tuple(seat for (island, _), seat in self.gondolas.items() if island == island_id),
        )
        known = self._known_facts
        found = known.get(contents)
        if found is None:
            if len(known) > FACTS_KEPT:
                known.clear()
            found = known[contents] = self._facts(island_id)
        return found

    def _facts(self, island_id: str) -> scoring.IslandFacts:
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

    def ships_to_move(self, space: int) -> int:
        """How many ships must sail to carry out the action of `space` (index): the blockers and the
        ship that comes onto it."""
        return len(self.ring.blockers(space)) + 1

    # ------------------------------------------------------------------ what a player can do and pay

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

    def spend_beads(self, seat: Seat, colour: Bead, count: int, studios: bool = True) -> None:
        """Return `count` beads that count as `colour` to the bag: its own first, then through the
        Studios (as `usable_beads` counts them)."""
        player = self.boards[seat]
        used = min(count, player.beads[colour])
        player.beads[colour] -= used
        self.bag = bag = copy_counter(self.bag)
        bag[colour] += used
        count -= used
        if studios:
            for studio in self.cards(seat, SpecialEffect.STUDIO):
                if count and colour in studio.beads:
                    (other,) = studio.beads - {colour}
                    used = min(count, player.beads[other])
                    player.beads[other] -= used
                    bag[other] += used
                    count -= used

    def recruit_cost(self, seat: Seat) -> int:
        cost = len(self.boards[seat].characters) + 1
        if self.has(seat, SpecialEffect.TAVERN):
            cost = max(0, cost - 2)
        return cost
