"""Murano as numbers, for research interfaces: the action space and the observation encoding.

The action space lists every action that can ever be legal in a set-up, in this fixed order. ``I`` is
the number of building islands of the board side (6 for 4 players, 5 for 2–3), ``E`` its spaces (96
or 81), ``B`` its brown building spaces (52 or 44), ``C`` the character cards in play (40, or 38 for
2–3 players) and ``F`` the glass factories in play (12, or 11 for 2–3 players):

===============  ========================  ==================================================
block            size                      order
===============  ========================  ==================================================
``act``          18                        action space 1..18
``pass``         18                        action space 1..18
``lighthouse``   1
``sail``         18 × 11 × 3               from space 1..18, then 1..11 spaces on, then the
                                           ship unnamed / red / black (8 ships, at most two on
                                           one space, leave at most 11 spaces empty)
``buy``          2 × (2 + 3 or crests)     shop then palace: top, look, then a shop colour
                                           (red, blue, grey) or a palace's crests (1, 2, 3)
``recruit``      C + 1                     character card, then decline
``gondola``      I × 4                     island, then gondola colour (orange, grey, brown,
                                           white)
``build``        1 + E + 8 × B + 15 + 1    street; place on a space; build a tile (factory,
                                           shop red/blue/grey, palace 1/2/3, special) on a
                                           building space; keep a special building card; done
``income``       I                         island (only without the automatic-income option)
``produce``      F + 1                     0..F glass factories
``sell``         9 + 1                     bead colour (red, green, blue), then 1..3; keep
``gondolier``    2                         dismiss, hire
``return``       3                         bead colour
``score``        varies                    character card, then island, then the amount
                                           (gold-exchange cards: 0 or a table entry; bead
                                           cards: 0..3); cards tied to an island off the
                                           board side are left out
``skip``         C                         character card (only with the skip-unscoreable
                                           option)
===============  ========================  ==================================================

With the packaged components and the default options that is 1 402 actions for 2–3 players and
1 525 for 4 (187 and 222 of them ``score``); the automatic-income option off adds I, the
skip-unscoreable option off removes C.

The observation is built from a seat's view only. Seats are listed relative to the viewer: the viewer
first, then the others clockwise (a spectator's view lists seats from seat 0). ``P`` is the number of
players, ``S`` the street spaces of the board side (44 or 37), ``B`` its building spaces, ``G`` its
gondolas (I × 4), ``C`` all character cards (40), ``X`` the special building cards (15) and ``R`` the
palace crest values (3). Spaces are listed island by island, in the board side's order.

=====================  ============  =============================================================
segment                length        meaning
=====================  ============  =============================================================
``phase``              18            one-hot: the decision under way (prelude, turn, clear, mover,
                                     buy, recruit, gondola, build, place street, special card,
                                     income, produce, sell, gondolier, final place, return bead,
                                     scoring, over)
``actor``              P             one-hot: the seat deciding (zeros at the end)
``start_player``       P             one-hot: the start player
``turns``              1             turns played so far
``triggered_by``       P             one-hot: the seat that triggered the end (zeros before)
``final_turns``        P             1 for each seat still owed its final turn
``rules``              9             the boolean rule options, in declaration order
``ships``              18            ships on each action space
``red_ship``           18            one-hot: the red ship's space
``target``             18            one-hot: the space whose action is under way
``ships_to_sail``      18            blocking ships still to sail on, per space
``ships_moved``        1             ships moved this turn
``built``              1             tiles placed in this Build action
``streets``            S × 4         per street space: paved, then red, blue, grey customers
``buildings``          B × (8 + P)   per building space: kind one-hot (glass factory, shop,
                                     palace, special), owner one-hot (factories and shops), shop
                                     colour one-hot (red, blue, grey), palace crests
``gondolas``           G × (P + 2)   per island and gondola colour: owner one-hot, scored, of the
                                     viewer's colour
``stacks``             7             streets, shops, palaces, factories, specials, character
                                     cards, special building cards left
``bag``                3             beads in the bag: red, green, blue
``drawn_count``        1             cards drawn for the decision under way
``drawn_characters``   C             1 for each character card drawn (seen by the actor only)
``drawn_specials``     X             1 for each special building card drawn (seen by the actor)
``street_tile``        4             the street tile drawn: present, red, blue, grey customers
``looking``            2             one-hot: looking through the shops / palaces
``seen``               3 + R         the stack looked through: shops per colour, palaces per crests
``final_tile``         4 + 3 + R     one-hot: the building bought in the final turn (factory, shop
                                     red/blue/grey, palace per crests, special; seen by the buyer)
``gold``               P             gold per seat
``vp``                 P             victory points per seat
``vp_by_source``       P × 6         per seat: start, buildings, special buildings, production,
                                     character cards, gondoliers
``gondoliers``         P             gondoliers in front of each seat
``factories``          P             glass factories bought, not built
``specials``           P             special buildings bought, not built
``shops``              P             shops bought, not built (face down)
``palaces``            P             palaces bought, not built (face down)
``characters``         P             character cards in hand
``markers``            P             markers placed
``beads``              P × 3         beads per seat: red, green, blue
``special_cards``      P × X         1 for each special building card a seat owns
``own_shops``          3             the viewer's shops not built, per colour
``own_palaces``        R             the viewer's palaces not built, per crests
``own_characters``     C             1 for each character card in the viewer's hand
=====================  ============  =============================================================

Counts are raw small integers; everything else is 0 or 1. `state_buffer` writes the same numbers
straight from a state, for speed.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from laguna.core.game import JSON, seats_from
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
from laguna.games.murano.characters import asks_amount
from laguna.games.murano.components import PLAYER_COLOURS, Bead, CharacterCard, CharacterKind, Components, Customer
from laguna.games.murano.loader import load_components
from laguna.games.murano.options import MuranoOptions
from laguna.games.murano.position import CATEGORIES, STACKS, Phase
from laguna.games.murano.ships import SPACES

PHASES = tuple(phase.value for phase in Phase)
CUSTOMERS = tuple(c.value for c in Customer)
BEADS = tuple(b.value for b in Bead)
BUILDING_KINDS = ("factory", "shop", "palace", "special")
STACK_NAMES = (*STACKS, "characters", "special_cards")
RULES = tuple(f.name for f in dataclasses.fields(MuranoOptions) if f.type in (bool, "bool"))
MAX_BEADS_RETURNED = 3
_PHASE = {name: k for k, name in enumerate(PHASES)}
_CUSTOMER = {name: k for k, name in enumerate(CUSTOMERS)}
_BUILDING = {name: k for k, name in enumerate(BUILDING_KINDS)}


def crests(components: Components) -> tuple[int, ...]:
    """The distinct numbers of crests palaces show, smallest first."""
    return tuple(sorted({palace.crests for palace in components.palaces}))


def building_tiles(components: Components) -> tuple[str, ...]:
    """The notation of every kind of bought tile, as `Build` names it."""
    return (
        "factory",
        *(f"shop-{colour}" for colour in CUSTOMERS),
        *(f"palace-{n}" for n in crests(components)),
        "special",
    )


def characters_in_play(components: Components, players: int) -> tuple[CharacterCard, ...]:
    removed = components.removals.characters if players < 4 else ()
    return tuple(card for card in components.characters if card.id not in removed)


def longest_sail(components: Components) -> int:
    """The farthest a ship can sail in one move: across every empty space. Only the red ship ever
    shares a space (by the Lighthouse), so the ships occupy at least one space fewer than they are."""
    ships = sum(1 for space in components.action_spaces if space.anchor)
    return SPACES - (ships - 1)


def _amounts(card: CharacterCard) -> tuple[int | None, ...]:
    if not asks_amount(card):
        return (None,)
    if card.kind is CharacterKind.GOLD_EXCHANGE:
        return tuple(dict.fromkeys((0, *(paid for paid, _ in card.table))))
    return tuple(range(MAX_BEADS_RETURNED + 1))


@lru_cache(maxsize=64)
def action_space(players: int, options: MuranoOptions) -> tuple[Action, ...]:
    """Every action that can be legal for this set-up, in the order of the module docstring."""
    components = load_components(options.components)
    side = components.side(players)
    islands = [island.id for island in side.islands]
    spaces = [space for island in side.islands for space in island.spaces]
    building_spaces = [space.id for space in spaces if not space.street]
    characters = characters_in_play(components, players)
    factories = components.factories - (components.removals.factories if players < 4 else 0)
    numbers = range(1, SPACES + 1)
    space: list[Action] = [Act(n) for n in numbers]
    space += [Pass(n) for n in numbers]
    space.append(Lighthouse())
    space += [
        Sail(start, (start - 1 + step) % SPACES + 1, red)
        for start in numbers
        for step in range(1, longest_sail(components) + 1)
        for red in (None, True, False)
    ]
    for kind, choices in (("shop", CUSTOMERS), ("palace", tuple(str(n) for n in crests(components)))):
        space += [BuyTile(kind, None), BuyTile(kind, "look"), *(BuyTile(kind, choice) for choice in choices)]
    space += [Recruit(card.id) for card in characters]
    space.append(Decline())
    space += [Gondola(island.id, colour) for island in side.islands for colour in island.gondolas]
    space.append(DrawStreet())
    space += [Place(s.id) for s in spaces]
    space += [Build(tile, s) for tile in building_tiles(components) for s in building_spaces]
    space += [TakeCard(card.id) for card in components.special_cards]
    space.append(Done())
    if not options.automatic_income:
        space += [Income(island) for island in islands]
    space += [Produce(k) for k in range(factories + 1)]
    space += [Sell(bead, count) for bead in BEADS for count in range(1, 4)]
    space += [Sell(None, 0), Dismiss(), Hire()]
    space += [ReturnBead(bead) for bead in BEADS]
    for card in characters:
        places = [island for island in islands if card.island is None or card.island == island]
        space += [Score(card.id, island, amount) for island in places for amount in _amounts(card)]
    if options.skip_unscoreable:
        space += [Skip(card.id) for card in characters]
    return tuple(dict.fromkeys(space))


class Layout:
    """The observation's layout for one set-up: the segments' sizes and the numbering of what they
    list, computed once and shared by the view's `Encoder` and the state's `BufferWriter`."""

    def __init__(self, players: int, options: MuranoOptions) -> None:
        components = load_components(options.components)
        self.players = players
        side = components.side(players)
        self.islands = tuple(island.id for island in side.islands)
        spaces = [space for island in side.islands for space in island.spaces]
        self._street = {space.id: k for k, space in enumerate(s for s in spaces if s.street)}
        self._building = {space.id: k for k, space in enumerate(s for s in spaces if not s.street)}
        self._gondola = {
            (island.id, colour): k
            for k, (island, colour) in enumerate((i, c) for i in side.islands for c in i.gondolas)
        }
        self._character = {card.id: k for k, card in enumerate(components.characters)}
        self._special = {card.id: k for k, card in enumerate(components.special_cards)}
        self.crests = crests(components)
        self._crest = {n: k for k, n in enumerate(self.crests)}
        self._tile = {tile: k for k, tile in enumerate(building_tiles(components))}
        self.building_size = len(BUILDING_KINDS) + players + len(CUSTOMERS) + 1
        self.gondola_size = players + 2

    def sizes(self) -> dict[str, int]:
        p, x, c = self.players, len(self._special), len(self._character)
        return {
            "phase": len(PHASES),
            "actor": p,
            "start_player": p,
            "turns": 1,
            "triggered_by": p,
            "final_turns": p,
            "rules": len(RULES),
            "ships": SPACES,
            "red_ship": SPACES,
            "target": SPACES,
            "ships_to_sail": SPACES,
            "ships_moved": 1,
            "built": 1,
            "streets": len(self._street) * (1 + len(CUSTOMERS)),
            "buildings": len(self._building) * self.building_size,
            "gondolas": len(self._gondola) * self.gondola_size,
            "stacks": len(STACK_NAMES),
            "bag": len(BEADS),
            "drawn_count": 1,
            "drawn_characters": c,
            "drawn_specials": x,
            "street_tile": 1 + len(CUSTOMERS),
            "looking": 2,
            "seen": len(CUSTOMERS) + len(self.crests),
            "final_tile": len(self._tile),
            "gold": p,
            "vp": p,
            "vp_by_source": p * len(CATEGORIES),
            "gondoliers": p,
            "factories": p,
            "specials": p,
            "shops": p,
            "palaces": p,
            "characters": p,
            "markers": p,
            "beads": p * len(BEADS),
            "special_cards": p * x,
            "own_shops": len(CUSTOMERS),
            "own_palaces": len(self.crests),
            "own_characters": c,
        }


class Encoder(Layout):
    """The observation encoder of one set-up: a seat's view as the numbers of the module docstring."""

    def encode(self, view: JSON) -> dict[str, list[float]]:
        players = self.players
        viewer = view["viewer"]
        order = seats_from(viewer, players)
        relative = {seat: k for k, seat in enumerate(order)}
        customer = _CUSTOMER

        phase = [0.0] * len(PHASES)
        phase[_PHASE[view["phase"]]] = 1.0
        actor = [0.0] * players
        if view["actor"] is not None:
            actor[relative[view["actor"]]] = 1.0
        start = [0.0] * players
        start[relative[view["start_player"]]] = 1.0
        triggered = [0.0] * players
        if view["triggered_by"] is not None:
            triggered[relative[view["triggered_by"]]] = 1.0
        final_turns = [0.0] * players
        for seat in view["last_turns"]:
            final_turns[relative[seat]] = 1.0
        rules = view["options"]

        ships = [0.0] * SPACES
        red = [0.0] * SPACES
        for k, space in enumerate(view["action_spaces"]):
            ships[k] = float(space["ships"])
            if space["red"]:
                red[k] = 1.0
        target = [0.0] * SPACES
        if view["target"] is not None:
            target[view["target"] - 1] = 1.0
        to_sail = [0.0] * SPACES
        for number in view["ships_to_sail"]:
            to_sail[number - 1] += 1.0

        street_size, building_size, gondola_size = 1 + len(CUSTOMERS), self.building_size, self.gondola_size
        streets = [0.0] * (len(self._street) * street_size)
        buildings = [0.0] * (len(self._building) * building_size)
        gondolas = [0.0] * (len(self._gondola) * gondola_size)
        own_colour = None if viewer is None else PLAYER_COLOURS[viewer]
        owner_at = len(BUILDING_KINDS)
        colour_at = owner_at + players
        crests_at = colour_at + len(CUSTOMERS)
        for island in view["islands"]:
            for space in island["spaces"]:
                tile = space["tile"]
                if tile is None:
                    continue
                kind = tile["kind"]
                if kind == "street":
                    base = self._street[space["id"]] * street_size
                    streets[base] = 1.0
                    for colour in tile["customers"]:
                        streets[base + 1 + customer[colour]] += 1.0
                    continue
                base = self._building[space["id"]] * building_size
                buildings[base + _BUILDING[kind]] = 1.0
                if "owner" in tile:
                    buildings[base + owner_at + relative[tile["owner"]]] = 1.0
                if kind == "shop":
                    buildings[base + colour_at + customer[tile["colour"]]] = 1.0
                elif kind == "palace":
                    buildings[base + crests_at] = float(tile["crests"])
            island_id = island["id"]
            for gondola in island["gondolas"]:
                base = self._gondola[(island_id, gondola["colour"])] * gondola_size
                if gondola["seat"] is not None:
                    gondolas[base + relative[gondola["seat"]]] = 1.0
                if gondola["scored"]:
                    gondolas[base + players] = 1.0
                if gondola["colour"] == own_colour:
                    gondolas[base + players + 1] = 1.0

        stacks = view["stacks"]
        bag = view["bag"]
        drawn = view["drawn"]
        drawn_characters = [0.0] * len(self._character)
        drawn_specials = [0.0] * len(self._special)
        if isinstance(drawn, list):
            drawn_count = float(len(drawn))
            for card in drawn:
                if card in self._character:
                    drawn_characters[self._character[card]] = 1.0
                else:
                    drawn_specials[self._special[card]] = 1.0
        else:
            drawn_count = float(drawn)
        street_tile = [0.0] * street_size
        if view["street"] is not None:
            street_tile[0] = 1.0
            for colour in view["street_customers"]:
                street_tile[1 + customer[colour]] += 1.0
        looking = [0.0, 0.0]
        if view["looking"] is not None:
            looking[0 if view["looking"] == "shop" else 1] = 1.0
        seen = [0.0] * (len(CUSTOMERS) + len(self.crests))
        if view["seen"] is not None:
            for item in view["seen"]:
                if item in customer:
                    seen[customer[item]] += 1.0
                else:
                    seen[len(CUSTOMERS) + self._crest[int(item)]] += 1.0
        final_tile = [0.0] * len(self._tile)
        if view["final_tile"] is not None:
            final_tile[self._tile[view["final_tile"]]] = 1.0

        seats = view["seats"]
        gold: list[float] = []
        vp: list[float] = []
        vp_by_source: list[float] = []
        gondoliers: list[float] = []
        factories: list[float] = []
        specials: list[float] = []
        shops: list[float] = []
        palaces: list[float] = []
        characters: list[float] = []
        markers: list[float] = []
        beads: list[float] = []
        special_cards = [0.0] * (players * len(self._special))
        for j, seat in enumerate(order):
            data = seats[seat]
            gold.append(float(data["gold"]))
            vp.append(float(data["vp"]))
            by_source = data["vp_by_source"]
            vp_by_source.extend(float(by_source[category]) for category in CATEGORIES)
            gondoliers.append(float(data["gondoliers"]))
            factories.append(float(data["factories"]))
            specials.append(float(data["specials"]))
            for counts, key in ((shops, "shops"), (palaces, "palaces"), (characters, "characters")):
                held = data[key]
                counts.append(float(held if isinstance(held, int) else len(held)))
            markers.append(float(data["markers"]))
            held_beads = data["beads"]
            beads.extend(float(held_beads[bead]) for bead in BEADS)
            for card in data["special_cards"]:
                special_cards[j * len(self._special) + self._special[card]] = 1.0

        own_shops = [0.0] * len(CUSTOMERS)
        own_palaces = [0.0] * len(self.crests)
        own_characters = [0.0] * len(self._character)
        if viewer is not None:
            own = seats[viewer]
            for colour in own["shops"]:
                own_shops[customer[colour]] += 1.0
            for n in own["palaces"]:
                own_palaces[self._crest[n]] += 1.0
            for card in own["characters"]:
                own_characters[self._character[card]] = 1.0

        return {
            "phase": phase,
            "actor": actor,
            "start_player": start,
            "turns": [float(view["turns"])],
            "triggered_by": triggered,
            "final_turns": final_turns,
            "rules": [1.0 if rules[name] else 0.0 for name in RULES],
            "ships": ships,
            "red_ship": red,
            "target": target,
            "ships_to_sail": to_sail,
            "ships_moved": [float(view["ships_moved"])],
            "built": [float(view["built"])],
            "streets": streets,
            "buildings": buildings,
            "gondolas": gondolas,
            "stacks": [float(stacks[name]) for name in STACK_NAMES],
            "bag": [float(bag[bead]) for bead in BEADS],
            "drawn_count": [drawn_count],
            "drawn_characters": drawn_characters,
            "drawn_specials": drawn_specials,
            "street_tile": street_tile,
            "looking": looking,
            "seen": seen,
            "final_tile": final_tile,
            "gold": gold,
            "vp": vp,
            "vp_by_source": vp_by_source,
            "gondoliers": gondoliers,
            "factories": factories,
            "specials": specials,
            "shops": shops,
            "palaces": palaces,
            "characters": characters,
            "markers": markers,
            "beads": beads,
            "special_cards": special_cards,
            "own_shops": own_shops,
            "own_palaces": own_palaces,
            "own_characters": own_characters,
        }


@lru_cache(maxsize=64)
def encoder(players: int, options: MuranoOptions) -> Encoder:
    return Encoder(players, options)
