"""The pieces of a Walking in Burano position (rulebook: Components, Game Setup, Player Setup).

Floor cards are held as indices into the game's `FloorCardSet`; ``-1`` marks an empty space. Decks
list their cards top first. Supply column 1 is the one next to the decks. The rules (`rules`) read and
change a `Position`; the state adds the game protocol on top.
"""

from __future__ import annotations

import enum
from functools import lru_cache

from laguna.core.game import Seat, Seats
from laguna.core.messages import N_, Message, msg_plural
from laguna.core.rng import Rng
from laguna.games.walking_in_burano.actions import Action, Place
from laguna.games.walking_in_burano.cards import FloorCard, FloorCardSet
from laguna.games.walking_in_burano.characters import CHARACTERS, Character, pile_sizes
from laguna.games.walking_in_burano.house_area import CELLS, COLUMNS, FLOORS
from laguna.games.walking_in_burano.options import WalkingInBuranoOptions

EMPTY = -1
HAND_LIMIT = 3
COIN_LIMIT = 6
STARTING_COINS = 4
TOKENS = 4
HOUSES_TO_END = 5
PLACEMENT_COSTS = (1, 2, 2)
"""The 1st card placed in a turn costs 1 coin, the 2nd and 3rd 2 coins each (1/3/5 in total)."""
TAKE_COINS = {3: 0, 2: 1, 1: 2}
"""Acquire 3 cards, or 2 cards and 1 coin, or 1 card and 2 coins."""


def supply_columns(players: int) -> int:
    """Cards per supply row: 5/4/3 for 4/3/2 players, 4 in the solo game."""
    return {1: 4, 2: 3, 3: 4, 4: 5}[players]


def coins_text(amount: int) -> Message:
    return msg_plural("{count} coin", "{count} coins", amount)


class Phase(enum.Enum):
    TAKE = "take"
    PLACE = "place"
    VISIT = "visit"
    RETURN = "return"
    REMOVE_CHARACTER = "remove-character"
    OVER = "over"

    @property
    def title(self) -> str:
        """The phase as a person reads it, in English (``msg(title)`` translates it)."""
        return _PHASE_TITLES[self]


_PHASE_TITLES = {
    Phase.TAKE: N_("taking floor cards"),
    Phase.PLACE: N_("placing floor cards"),
    Phase.VISIT: N_("a character's visit"),
    Phase.RETURN: N_("returning cards over the hand limit"),
    Phase.REMOVE_CHARACTER: N_("removing a character card"),
    Phase.OVER: N_("game over"),
}


@lru_cache(maxsize=8)
def _card_tables(cards: FloorCardSet) -> tuple[dict[str, int], tuple[tuple[Place, ...], ...]]:
    """Card id → index, and every Place action per card and column, built once per card set."""
    index = {card.id: i for i, card in enumerate(cards.cards)}
    places = tuple(tuple(Place(card.id, column) for column in range(1, COLUMNS + 1)) for card in cards.cards)
    return index, places


class Position(Seats):
    """The decks, the floor supply, every player's hand, coins, tokens and house area, the character
    piles and whose turn it is: the set-up deals them, the rules change them."""

    __slots__ = (
        "_cards",
        "_legal",
        "_players",
        "areas",
        "boxed",
        "card_index",
        "coins",
        "completed",
        "decks",
        "ended_by",
        "hands",
        "masks",
        "options",
        "pending",
        "phase",
        "piles",
        "place_actions",
        "placed",
        "removed_characters",
        "reveals",
        "rng",
        "round",
        "start_player",
        "supply",
        "tokens",
        "turn",
        "turn_completed",
        "visitors",
    )

    def __init__(self, players: int, options: WalkingInBuranoOptions, cards: FloorCardSet, seed: int) -> None:
        """Game and player setup, the supply still empty: the first refill reveals it."""
        self._players = players
        self.options = options
        self._cards = cards
        self.card_index, self.place_actions = _card_tables(cards)
        self._legal: tuple[Action, ...] | None = None
        """The decisions of the seat to act, kept once the position has settled."""
        self.reveals = 0
        self.rng = Rng(seed)
        self.decks: list[list[int]] = [
            [i for i, card in enumerate(cards.cards) if card.floor == floor] for floor in (1, 2, 3)
        ]
        for deck in self.decks:
            self.rng.shuffle(deck)
        columns = supply_columns(players)
        self.supply: list[list[int]] = [[EMPTY] * columns for _ in range(FLOORS)]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.coins = [STARTING_COINS] * players
        self.tokens = [TOKENS] * players
        self.areas: list[list[int]] = [[EMPTY] * CELLS for _ in range(players)]
        self.masks = [0] * players
        self.completed = [0] * players
        self.visitors: list[list[Character | None]] = [[None] * COLUMNS for _ in range(players)]
        sizes = pile_sizes(players, players == 1, options.beginner_characters)
        self.piles = [sizes[c] for c in CHARACTERS]
        self.removed_characters: list[Character] = []
        self.boxed: list[int] = []
        """Floor cards put back into the box by the 2-player variant (and the solo game)."""
        self.start_player = self.rng.randrange(players)
        self.turn: Seat | None = self.start_player
        self.round = 1
        self.phase = Phase.TAKE
        self.placed = 0
        self.turn_completed: list[int] = []
        self.pending: list[int] = []
        self.ended_by = ""

    @property
    def cards(self) -> FloorCardSet:
        return self._cards

    @property
    def solo(self) -> bool:
        return self._players == 1

    def settle(self, legal: tuple[Action, ...]) -> None:
        """The position waits for the seat to act: keep its decisions, found while getting here."""
        self._legal = legal

    def reveal(self) -> None:
        """Count a decision that revealed hidden information (the undo policy reads the count)."""
        self.reveals += 1

    @property
    def seat(self) -> Seat:
        """The seat whose turn it is (only asked while the game goes on)."""
        assert self.turn is not None
        return self.turn

    def grid(self, seat: Seat) -> list[list[FloorCard | None]]:
        """The seat's house area as ``grid[floor - 1][column - 1]``."""
        cards = self._cards.cards
        area = self.areas[seat]
        return [
            [None if (i := area[f * COLUMNS + c]) == EMPTY else cards[i] for c in range(COLUMNS)] for f in range(FLOORS)
        ]
