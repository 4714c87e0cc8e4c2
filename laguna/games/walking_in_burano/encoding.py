"""Walking in Burano as numbers, for research interfaces: the action space and the observation encoding.

The action space lists every action that can ever be legal in a set-up, in this fixed order:

=================  ==============================  =============================================
block              size                            order
=================  ==============================  =============================================
``take``           6 × supply columns              column 1.., then floors f1, f1-2, f1-3, f2, f2-3, f3
``place``          72 × 5                          card (the card file's order), then house 1..5
``done``           1
``visit``          5 × characters in play          house 1..5, then character (rulebook order)
``return``         72                              card
``remove``         characters in play (solo only)  character
=================  ==============================  =============================================

Supply columns are 3/4/5 for 2/3/4 players and 4 solo; the beginners' option leaves out the Shop
Owner, Florist and Gardener (8 characters instead of 11).

The observation is built from a seat's view only. Seats are listed relative to the viewer: the viewer
first, then the others clockwise (a spectator's view lists seats from seat 0). ``P`` is the number of
players, ``C`` the supply columns, and a *card* is 24 numbers: present, colour one-hot (pink, yellow,
red, blue, orange, green), floor one-hot (1–3), the nine symbol counts (flowers, plants, cats, red
curtains, blue curtains, streetlights, chimneys, pedestrians, closed windows), shop kind one-hot
(pizza, clothes, mask, lace) and shop points.

======================  ================  ==========================================================
segment                 length            meaning
======================  ================  ==========================================================
``phase``               6                 one-hot: take, place, visit, return, remove-character, over
``round``               1                 the round number
``placed_this_turn``    1                 floor cards placed so far this turn (0–3)
``turn``                P                 one-hot: whose turn it is (relative seat); zeros once over
``start_player``        P                 one-hot: the starting player (relative seat)
``supply``              3 × C × 24        the floor supply, floor 1 row first, column 1 first
``decks``               3                 cards left in the floor 1, 2 and 3 decks
``character_piles``     11                character cards left per character (rulebook order)
``removed_characters``  11                solo: character cards removed per character
``boxed_cards``         18                cards put back into the box, per floor (1–3) and colour
``pending_houses``      5                 houses completed this turn still waiting for a character
``hand``                6 × 24            the viewer's hand in the view's order (zeros for a spectator)
``coins``               P                 coins per seat
``tokens``              P                 regulatory bonus tokens per seat
``completed``           P                 completed houses per seat
``hand_floors``         P × 3             cards in hand per seat and floor (card backs are public)
``houses``              P × 5 × 86        per seat, house 1..5: its floor 1, 2 and 3 cards (3 × 24), a
                                          scaffold under floor 1 / floor 2 (2), the character under
                                          it (one-hot, 11), complete (1)
======================  ================  ==========================================================

Counts are raw small integers; everything else is 0 or 1.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from functools import lru_cache
from struct import Struct
from typing import Any

from laguna.core.game import JSON, Seat, seats_from
from laguna.games.walking_in_burano.actions import (
    Action,
    Done,
    Place,
    RemoveCharacter,
    Return,
    Take,
    Visit,
)
from laguna.games.walking_in_burano.cards import SHOP_TYPES, SYMBOLS, Colour, load_floor_cards
from laguna.games.walking_in_burano.characters import CHARACTERS, Character
from laguna.games.walking_in_burano.house_area import COLUMNS, FLOORS, cell, scaffold_arrangement
from laguna.games.walking_in_burano.options import WalkingInBuranoOptions
from laguna.games.walking_in_burano.position import EMPTY, HAND_LIMIT, Phase, supply_columns
from laguna.games.walking_in_burano.state import WalkingInBuranoState

HAND_SLOTS = HAND_LIMIT + 3
"""At most 3 cards are kept between turns and at most 3 acquired in a turn."""
RUNS = ((1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3))
"""The floors of a take, in notation order (f1, f1-2, f1-3, f2, f2-3, f3)."""
PHASES = tuple(phase.value for phase in Phase)
COLOURS = tuple(colour.value for colour in Colour)
CHARACTER_NAMES = tuple(c.value for c in CHARACTERS)
CARD_SIZE = 1 + len(COLOURS) + FLOORS + len(SYMBOLS) + len(SHOP_TYPES) + 1
HOUSE_SIZE = FLOORS * CARD_SIZE + 2 + len(CHARACTERS) + 1
_COLOUR_INDEX = {name: k for k, name in enumerate(COLOURS)}
_CHARACTER_INDEX = {name: k for k, name in enumerate(CHARACTER_NAMES)}
_CHARACTER_ORDER = {character: k for k, character in enumerate(CHARACTERS)}
_HOUSE_CELLS = tuple(tuple(cell(floor, column) for floor in (1, 2, 3)) for column in range(1, COLUMNS + 1))


def characters_in_play(options: WalkingInBuranoOptions) -> tuple[Character, ...]:
    """The beginners' optional rule takes three characters out of the game."""
    if options.beginner_characters:
        return tuple(c for c in CHARACTERS if not c.is_beginner_removed)
    return CHARACTERS


@lru_cache(maxsize=32)
def action_space(players: int, options: WalkingInBuranoOptions) -> tuple[Action, ...]:
    """Every action that can be legal for this set-up, in the order of the module docstring."""
    cards = [card.id for card in load_floor_cards(options.floor_cards).cards]
    characters = characters_in_play(options)
    space: list[Action] = [
        Take(column, low, high) for column in range(1, supply_columns(players) + 1) for low, high in RUNS
    ]
    space += [Place(card, column) for card in cards for column in range(1, COLUMNS + 1)]
    space.append(Done())
    space += [Visit(column, character) for column in range(1, COLUMNS + 1) for character in characters]
    space += [Return(card) for card in cards]
    if players == 1:
        space += [RemoveCharacter(character) for character in characters]
    return tuple(space)


def _card_features(card: JSON) -> list[float]:
    features = [0.0] * CARD_SIZE
    features[0] = 1.0
    features[1 + _COLOUR_INDEX[card["colour"]]] = 1.0
    features[1 + len(COLOURS) + card["floor"] - 1] = 1.0
    base = 1 + len(COLOURS) + FLOORS
    symbols = card["symbols"]
    for k, name in enumerate(SYMBOLS):
        features[base + k] = float(symbols.get(name, 0))
    base += len(SYMBOLS)
    shop = card["shop"]
    if shop in SHOP_TYPES:
        features[base + SHOP_TYPES.index(shop)] = 1.0
    features[base + len(SHOP_TYPES)] = float(card["shop_points"])
    return features


def _pack(values: Iterable[float]) -> bytes:
    return array("f", values).tobytes()


def _one_hot(size: int, index: int | None) -> bytes:
    return _pack(1.0 if k == index else 0.0 for k in range(size))


_EMPTY_CARD = _pack([0.0] * CARD_SIZE)
_PHASE = {name: _one_hot(len(PHASES), k) for k, name in enumerate(PHASES)}
_SCAFFOLDS = {(): _pack((0, 0)), (1,): _pack((1, 0)), (2,): _pack((0, 1)), (1, 2): _pack((1, 1))}
_VISITOR = {None: _one_hot(len(CHARACTERS), None)} | {
    name: _one_hot(len(CHARACTERS), k) for k, name in enumerate(CHARACTER_NAMES)
}
_COMPLETE = {False: _pack((0,)), True: _pack((1,))}
_TWO = Struct("2f")
_MIDDLE = Struct(f"{FLOORS + 2 * len(CHARACTERS) + FLOORS * len(COLOURS) + COLUMNS}f")
_HOUSE_MEMO = 4096
"""Houses encoded so far, by contents; a game shows a few hundred different ones."""
_BOX_INDEX = {
    f"{colour.letter}{floor}": (floor - 1) * len(COLOURS) + k for k, colour in enumerate(Colour) for floor in (1, 2, 3)
}
"""Card ids start with the colour letter and the floor (the card loader checks it)."""


class Encoder:
    """The observation encoder of one set-up.

    It writes the observation as float32 bytes, segment after segment: a card is the same 96 bytes
    wherever it lies, so every card of the set-up's card file is packed once and joined, and houses
    are memoised by their contents, which keeps an environment step cheap. `buffer` reads a view;
    `state_buffer` writes the same bytes straight from a state, reading only what the view shows.
    """

    def __init__(self, players: int, options: WalkingInBuranoOptions) -> None:
        self.players = players
        self.columns = supply_columns(players)
        self.sizes = self._sizes()
        faces = load_floor_cards(options.floor_cards).faces
        self._by_index = tuple(_pack(_card_features(face)) for face in faces)
        self._by_id = {face["id"]: packed for face, packed in zip(faces, self._by_index, strict=True)}
        self._box_slot = tuple(_BOX_INDEX[face["id"][:2]] for face in faces)
        self._houses: dict[tuple[Any, ...], bytes] = {}
        self._areas: dict[tuple[Any, ...], bytes] = {}
        self._counts = Struct(f"{6 * players}f")
        self._seats = {k: _one_hot(players, k) for k in range(players)} | {None: _one_hot(players, None)}

    def _house(self, floors: tuple[bytes, bytes, bytes], scaffolds: tuple[int, ...], character: str | None) -> bytes:
        """A house's numbers, memoised by its contents (a game shows a few hundred different houses)."""
        key = (*floors, scaffolds, character)
        packed = self._houses.get(key)
        if packed is None:
            complete = _EMPTY_CARD not in floors
            packed = b"".join([*floors, _SCAFFOLDS[scaffolds], _VISITOR[character], _COMPLETE[complete]])
            if len(self._houses) >= _HOUSE_MEMO:
                self._houses.clear()
            self._houses[key] = packed
        return packed

    def _sizes(self) -> dict[str, int]:
        p, c = self.players, self.columns
        return {
            "phase": len(PHASES),
            "round": 1,
            "placed_this_turn": 1,
            "turn": p,
            "start_player": p,
            "supply": FLOORS * c * CARD_SIZE,
            "decks": FLOORS,
            "character_piles": len(CHARACTERS),
            "removed_characters": len(CHARACTERS),
            "boxed_cards": FLOORS * len(COLOURS),
            "pending_houses": COLUMNS,
            "hand": HAND_SLOTS * CARD_SIZE,
            "coins": p,
            "tokens": p,
            "completed": p,
            "hand_floors": p * FLOORS,
            "houses": p * COLUMNS * HOUSE_SIZE,
        }

    def buffer(self, view: JSON) -> bytes:
        """The observation of a view as float32 bytes in segment order (the module docstring's table)."""
        players = self.players
        viewer = view["viewer"]
        first = 0 if viewer is None else viewer
        by_id = self._by_id

        def card(entry: JSON | None) -> bytes:
            return _EMPTY_CARD if entry is None else by_id[entry["id"]]

        turn = view["turn"]
        rows = view["supply"]["rows"]
        decks = view["decks"]
        piles = view["characters"]
        removed = [0.0] * len(CHARACTERS)
        for name in view["removed_characters"]:
            removed[_CHARACTER_INDEX[name]] += 1.0
        boxed = [0.0] * (FLOORS * len(COLOURS))
        for card_id in view["boxed_cards"]:
            boxed[_BOX_INDEX[card_id[:2]]] += 1.0
        seats = view["seats"]
        ordered = [seats[(first + k) % players] for k in range(players)]
        hand_floors = [data["hand_floors"] for data in ordered]
        houses = []
        for data in ordered:
            for house in data["houses"]:
                low, middle, high = house["floors"]
                floors = (card(low), card(middle), card(high))
                houses.append(self._house(floors, tuple(house["scaffolds"]), house["character"]))
        return self._join(
            phase=view["phase"],
            round_and_placed=(view["round"], view["placed_this_turn"]),
            turn=None if turn is None else (turn - first) % players,
            start=(view["start_player"] - first) % players,
            supply=[card(entry) for row in (rows["1"], rows["2"], rows["3"]) for entry in row],
            middle=[decks["1"], decks["2"], decks["3"], *[piles[name] for name in CHARACTER_NAMES], *removed, *boxed],
            pending=view["pending_houses"],
            hand=[] if viewer is None else [card(entry) for entry in seats[viewer]["hand"] or ()],
            counts=[
                *[data["coins"] for data in ordered],
                *[data["tokens"] for data in ordered],
                *[data["completed"] for data in ordered],
                *[floors[name] for floors in hand_floors for name in ("1", "2", "3")],
            ],
            houses=houses,
        )

    def state_buffer(self, state: WalkingInBuranoState, seat: Seat | None) -> bytes:
        """The same bytes as ``buffer(state.view(seat))``, without building the view.

        It reads what every view shows and, of the hands, the seat's own cards and the floors of the
        others' card backs, so it cannot show more than the view does; the encoding tests compare the
        two at every checked position of every set-up.
        """
        players = self.players
        order = seats_from(seat, players)
        first = order[0]
        by_index = self._by_index
        blank = _EMPTY_CARD
        removed = [0.0] * len(CHARACTERS)
        for character in state.removed_characters:
            removed[_CHARACTER_ORDER[character]] += 1.0
        boxed = [0.0] * (FLOORS * len(COLOURS))
        for index in state.boxed:
            boxed[self._box_slot[index]] += 1.0
        cards = state.cards.cards
        hand_floors: list[int] = []
        for other in order:
            counted = [0, 0, 0]
            for index in state.hands[other]:
                counted[cards[index].floor - 1] += 1
            hand_floors += counted
        areas = self._areas
        houses = []
        for other in order:
            key = (*state.areas[other], *state.visitors[other])
            packed = areas.get(key)
            if packed is None:
                packed = self._area(state.areas[other], state.masks[other], state.visitors[other])
                if len(areas) >= _HOUSE_MEMO:
                    areas.clear()
                areas[key] = packed
            houses.append(packed)
        turn = state.turn
        return self._join(
            phase=state.phase.value,
            round_and_placed=(state.round, state.placed),
            turn=None if turn is None else (turn - first) % players,
            start=(state.start_player - first) % players,
            supply=[blank if index == EMPTY else by_index[index] for row in state.supply for index in row],
            middle=[*(len(deck) for deck in state.decks), *state.piles, *removed, *boxed],
            pending=state.pending,
            hand=[] if seat is None else [by_index[index] for index in state.hands[seat]],
            counts=[
                *(state.coins[s] for s in order),
                *(state.tokens[s] for s in order),
                *(state.completed[s] for s in order),
                *hand_floors,
            ],
            houses=houses,
        )

    def _area(self, area: list[int], mask: int, visitors: list[Character | None]) -> bytes:
        """A seat's five houses, as `buffer` writes them from the view."""
        by_index = self._by_index
        scaffolds = scaffold_arrangement(mask) or ()
        houses = []
        for column, visitor in enumerate(visitors):
            low, middle, high = (_EMPTY_CARD if (i := area[c]) == EMPTY else by_index[i] for c in _HOUSE_CELLS[column])
            shown = tuple(f for f, c in ((1, column), (2, column + COLUMNS)) if c in scaffolds)
            houses.append(self._house((low, middle, high), shown, None if visitor is None else visitor.value))
        return b"".join(houses)

    def _join(
        self,
        *,
        phase: str,
        round_and_placed: tuple[int, int],
        turn: int | None,
        start: int,
        supply: list[bytes],
        middle: list[float],
        pending: Iterable[int],
        hand: list[bytes],
        counts: list[int],
        houses: list[bytes],
    ) -> bytes:
        """Both readers' parts, in segment order; seats are already relative to the viewer."""
        if len(hand) > HAND_SLOTS:
            raise ValueError(f"a hand of {len(hand)} cards: the encoding has {HAND_SLOTS} slots")
        waiting = [0.0] * COLUMNS
        for column in pending:
            waiting[column - 1] = 1.0
        return b"".join(
            [
                _PHASE[phase],
                _TWO.pack(*round_and_placed),
                self._seats[turn],
                self._seats[start],
                *supply,
                _MIDDLE.pack(*middle, *waiting),
                *hand,
                _EMPTY_CARD * (HAND_SLOTS - len(hand)),
                self._counts.pack(*counts),
                *houses,
            ]
        )

    def encode(self, view: JSON) -> dict[str, list[float]]:
        """The observation as named segments (the table of the module docstring)."""
        values = array("f")
        values.frombytes(self.buffer(view))
        flat = values.tolist()
        segments: dict[str, list[float]] = {}
        start = 0
        for name, size in self.sizes.items():
            segments[name] = flat[start : start + size]
            start += size
        return segments


@lru_cache(maxsize=32)
def encoder(players: int, options: WalkingInBuranoOptions) -> Encoder:
    return Encoder(players, options)


def observation_buffer(
    state: WalkingInBuranoState, seat: Seat | None, players: int, options: WalkingInBuranoOptions
) -> bytes:
    """The numbers of `observation` for the seat's view, as float32 bytes, read from the state."""
    return encoder(players, options).state_buffer(state, seat)
