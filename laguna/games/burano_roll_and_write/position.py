"""The pieces of a Walking in Burano Roll & Write position (rulebook: Components, Game Setup).

Every player's sheet (its circled symbols and the numbers written under them), the characters invited,
the coins circled, spent and (solo) filled in, the boats on the canal, the six dice and the draft
order. The rules (`rules`) read and change a `Position`; the state adds the game protocol on top.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

from laguna.core.game import Seat, Seats
from laguna.core.messages import N_, Message, msg, msg_plural
from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write.actions import Action, Invite, TakeCoin
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.options import RollAndWriteOptions
from laguna.games.burano_roll_and_write.sheets import DieColour, SheetLayout, SheetSet

DICE = tuple(DieColour)
FLIP_COINS = 2
INVITATION_COST = 3
FIFTH_CHARACTER = 5
SOLO_FILL = 2
CAT_NUMBERS = {1: (1, 2), 2: (3, 4), 3: (5, 6)}
"""A cat on the 1st floor takes a 1 or 2, on the 2nd a 3 or 4, on the 3rd a 5 or 6."""

_DIE_NAMES: Final[Mapping[DieColour, str]] = {
    DieColour.RED: N_("the red die"),
    DieColour.ORANGE: N_("the orange die"),
    DieColour.YELLOW: N_("the yellow die"),
    DieColour.GREEN: N_("the green die"),
    DieColour.BLUE: N_("the blue die"),
    DieColour.PINK: N_("the pink die"),
}
_BUILDING_NAMES: Final[Mapping[DieColour, str]] = {
    DieColour.RED: N_("the red building"),
    DieColour.ORANGE: N_("the orange building"),
    DieColour.YELLOW: N_("the yellow building"),
    DieColour.GREEN: N_("the green building"),
    DieColour.BLUE: N_("the blue building"),
    DieColour.PINK: N_("the pink building"),
}
"""How sentences name a die and a building: whole phrases, so that a language can inflect them."""


_DIE_MESSAGES: Final = {colour: msg(name) for colour, name in _DIE_NAMES.items()}
_BUILDING_MESSAGES: Final = {colour: msg(name) for colour, name in _BUILDING_NAMES.items()}
_COINS_MESSAGES: Final = {amount: msg_plural("{count} coin", "{count} coins", amount) for amount in range(4)}
"""The phrases the log repeats at every decision, made once (a message never changes)."""


def die_name(colour: DieColour) -> Message:
    return _DIE_MESSAGES[colour]


def building_name(colour: DieColour) -> Message:
    return _BUILDING_MESSAGES[colour]


def coins_text(amount: int) -> Message:
    found = _COINS_MESSAGES.get(amount)
    return found if found is not None else msg_plural("{count} coin", "{count} coins", amount)


def change_cost(die: int, value: int) -> int:
    """Coins to turn a die's value into `value`, one per step of ±1, 6 and 1 being neighbours.

    >>> change_cost(6, 1), change_cost(2, 5), change_cost(4, 4)
    (1, 3, 0)
    """
    return _COSTS[die][value]


_COSTS = tuple(tuple(min(abs(d - v), 6 - abs(d - v)) for v in range(7)) for d in range(7))
REACH = tuple(tuple(frozenset(v for v in range(1, 7) if _COSTS[d][v] <= c) for c in range(4)) for d in range(7))
"""The numbers a die's value can become with 0, 1, 2 or 3 coins (3 steps reach every number)."""


class Phase(enum.Enum):
    BOAT = "boat"
    USE = "use"
    INVITE = "invite"
    OVER = "over"

    __hash__ = object.__hash__
    """By identity, like `DieColour`'s: the state looks up the rules of its phase at every decision."""


class Position(Seats):
    """The sheets, coins, boats, dice and draft of one moment of the game."""

    def __init__(self, players: int, options: RollAndWriteOptions, sheets: SheetSet, layouts: list[SheetLayout],
                 rng: Rng) -> None:  # fmt: skip
        """Game setup: the first roll is the rules' to make."""
        self._players = players
        self.options = options
        self.sheets = sheets
        self.layouts = layouts
        """Each seat's printed sheet, never changed (copies share the list)."""
        self.rng = rng
        self.reveals = 0
        self._legal: dict[Seat, tuple[Action, ...]] = {}
        """The decisions of each seat to act, kept while the position stays."""
        self.circled: list[dict[str, int | None]] = [{sid: None for sid in layout.precircled} for layout in layouts]
        """Each seat's sheet: the symbols circled, with the number written. A seat's dict is replaced,
        never changed, so copies share it (a search copies every position it judges)."""
        self.characters: list[dict[DieColour, tuple[Character, int | None]]] = [{} for _ in range(players)]
        """The characters invited under each building; replaced, never changed, like `circled`."""
        self.gained = [0] * players
        self.spent = [0] * players
        self.filled = [0] * players
        self.boats: list[list[DieColour]] = [[] for _ in range(players)]
        """Each seat's boats on the canal; a seat's list is replaced, never changed, so copies share it."""
        self.flipped = [0] * players
        self.canal: dict[DieColour, list[Seat]] = {colour: [] for colour in DICE}
        """The owners of the boats beside each die, in the order placed; replaced, never changed, like `boats`."""
        self.spectators: list[DieColour] = []
        """The solo spectators' dice; replaced, never changed, like `boats`."""
        self.commitments: list[Invite | TakeCoin | None] = [None] * players
        self.dice = [0] * len(DICE)
        self.turn_player = rng.randrange(players)
        self.round = 1
        self.phase = Phase.BOAT
        self.draft_order: list[Seat] = []
        """The seats in the order they place their boats this round; replaced, never changed, like `boats`."""
        self.draft_index = 0
        self.die: DieColour | None = None
        self.final_round: int | None = None
        self.ended_by = ""

    def reveal(self) -> None:
        """Count a roll or a revealed secret decision (the undo policy reads the count)."""
        self.reveals += 1

    @property
    def solo(self) -> bool:
        return self._players == 1

    def coins(self, seat: Seat) -> int:
        """Circled coins not yet crossed out."""
        return self.gained[seat] - self.spent[seat]

    def gain(self, seat: Seat, amount: int) -> int:
        """Circle coins on the record sheet; spaces filled in (solo) or past its end cannot be circled."""
        room = self.sheets.coin_track - self.filled[seat] - self.gained[seat]
        got = max(0, min(amount, room))
        self.gained[seat] += got
        return got
