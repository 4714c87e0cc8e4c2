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

from laguna.core.game import JSON
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
from laguna.games.walking_in_burano.house_area import COLUMNS, FLOORS
from laguna.games.walking_in_burano.options import WalkingInBuranoOptions
from laguna.games.walking_in_burano.state import HAND_LIMIT, Phase, supply_columns

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
    wherever it lies, so cards are packed once (memoised by id: the set-up fixes the card file, which
    gives every id one face) and joined, which keeps an environment step cheap.
    """

    def __init__(self, players: int, options: WalkingInBuranoOptions) -> None:
        self.players = players
        self.columns = supply_columns(players)
        self.sizes = self._sizes()
        self._cards: dict[str, bytes] = {}
        self._houses: dict[tuple[Any, ...], bytes] = {}
        self._counts = Struct(f"{6 * players}f")
        self._seats = {k: _one_hot(players, k) for k in range(players)} | {None: _one_hot(players, None)}

    def _house(self, key: tuple[Any, ...], house: JSON) -> bytes:
        known = self._cards
        floors = [
            _EMPTY_CARD if card is None else known.get(card["id"]) or self._card(card) for card in house["floors"]
        ]
        packed = b"".join([*floors, _SCAFFOLDS[key[3]], _VISITOR[key[4]], _COMPLETE[house["complete"]]])
        if len(self._houses) >= _HOUSE_MEMO:
            self._houses.clear()
        self._houses[key] = packed
        return packed

    def _card(self, card: JSON) -> bytes:
        packed = self._cards[card["id"]] = _pack(_card_features(card))
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
        """The observation as float32 bytes in segment order (the table of the module docstring)."""
        players = self.players
        viewer = view["viewer"]
        first = 0 if viewer is None else viewer
        order = [(first + k) % players for k in range(players)]
        known = self._cards
        card = self._card
        seat_hot = self._seats
        chunks: list[bytes] = [_PHASE[view["phase"]]]
        add = chunks.append

        turn = view["turn"]
        add(_TWO.pack(view["round"], view["placed_this_turn"]))
        add(seat_hot[None if turn is None else (turn - first) % players])
        add(seat_hot[(view["start_player"] - first) % players])

        rows = view["supply"]["rows"]
        for row in (rows["1"], rows["2"], rows["3"]):
            for entry in row:
                add(_EMPTY_CARD if entry is None else known.get(entry["id"]) or card(entry))

        decks = view["decks"]
        piles = view["characters"]
        small = [decks["1"], decks["2"], decks["3"], *[piles[name] for name in CHARACTER_NAMES]]
        removed = [0.0] * len(CHARACTERS)
        for name in view["removed_characters"]:
            removed[_CHARACTER_INDEX[name]] += 1.0
        boxed = [0.0] * (FLOORS * len(COLOURS))
        for card_id in view["boxed_cards"]:
            boxed[_BOX_INDEX[card_id[:2]]] += 1.0
        pending = [0.0] * COLUMNS
        for column in view["pending_houses"]:
            pending[column - 1] = 1.0
        add(_MIDDLE.pack(*small, *removed, *boxed, *pending))

        seats = view["seats"]
        own = () if viewer is None else seats[viewer]["hand"] or ()
        if len(own) > HAND_SLOTS:
            raise ValueError(f"a hand of {len(own)} cards: the encoding has {HAND_SLOTS} slots")
        for entry in own:
            add(known.get(entry["id"]) or card(entry))
        add(_EMPTY_CARD * (HAND_SLOTS - len(own)))

        ordered = [seats[seat] for seat in order]
        small = [data["coins"] for data in ordered]
        small += [data["tokens"] for data in ordered]
        small += [data["completed"] for data in ordered]
        for data in ordered:
            floors = data["hand_floors"]
            small += (floors["1"], floors["2"], floors["3"])
        add(self._counts.pack(*small))

        houses = self._houses
        for data in ordered:
            for house in data["houses"]:
                low, middle, high = house["floors"]
                key = (
                    None if low is None else low["id"],
                    None if middle is None else middle["id"],
                    None if high is None else high["id"],
                    tuple(house["scaffolds"]),
                    house["character"],
                )
                add(houses.get(key) or self._house(key, house))
        return b"".join(chunks)

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


def observation(view: JSON, players: int, options: WalkingInBuranoOptions) -> dict[str, list[float]]:
    """The view as named segments of numbers (the table of the module docstring)."""
    return encoder(players, options).encode(view)


def observation_buffer(view: JSON, players: int, options: WalkingInBuranoOptions) -> bytes:
    """The same numbers as `observation`, concatenated as float32 bytes (native byte order)."""
    return encoder(players, options).buffer(view)
