"""A position of Walking in Burano and its rules (rulebook: How to Play to Solo Play Rules).

Floor cards are held as indices into the game's `FloorCardSet`; ``-1`` marks an empty space. Decks
list their cards top first. Supply column 1 is the one next to the decks.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import Any

from laguna.core.errors import IllegalAction
from laguna.core.game import JSON, Event, GameState, Seat
from laguna.core.messages import N_, Message, Player, excerpt, msg, msg_plural
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.core.rng import Rng
from laguna.games.walking_in_burano import heuristics, scoring
from laguna.games.walking_in_burano.actions import (
    Action,
    Done,
    Place,
    RemoveCharacter,
    Return,
    Take,
    Visit,
)
from laguna.games.walking_in_burano.cards import Colour, FloorCard, FloorCardSet
from laguna.games.walking_in_burano.characters import CHARACTERS, Character, pile_sizes
from laguna.games.walking_in_burano.house_area import (
    CELLS,
    COLUMNS,
    FLOORS,
    cell,
    explain_placement,
    placeable_cells,
    scaffold_arrangement,
)
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


_TAKES = {
    (column, low, high): Take(column, low, high)
    for column in range(1, 6)
    for low in range(1, FLOORS + 1)
    for high in range(low, FLOORS + 1)
}
"""Take actions are immutable; sharing them spares rebuilding them for every legal-action list."""


def _runs(floors: list[int]) -> list[tuple[int, int]]:
    """The runs a player may take from a column holding cards on `floors`: every run that starts at the
    top card or ends at the bottom card, skipping nothing (gaps count as nothing to skip)."""
    if not floors:
        return []
    runs = {(floors[0], floor) for floor in floors} | {(floor, floors[-1]) for floor in floors}
    return sorted(runs)


_COLUMN_TAKES = tuple(
    tuple(
        tuple(_TAKES[column, low, high] for low, high in _runs([f for f in (1, 2, 3) if present >> (f - 1) & 1]))
        for present in range(8)
    )
    for column in range(1, 6)
)
"""The takes of each column (0-based) for each set of floors still holding a card (bit f-1 for floor f)."""


FIVE_HOUSES = N_("five houses")
ROUND_LIMIT = N_("round limit")
NO_CHARACTERS_LEFT = N_("no characters left")
FLOOR_CARDS_EXHAUSTED = N_("floor cards exhausted")
"""Why a game ended (`ended_by`), as the log and the outcome name it."""


def _coins(amount: int) -> Message:
    return msg_plural("{count} coin", "{count} coins", amount)


def _rules(a: bool, b: bool) -> Message | str:
    """The breakable rules a placement breaks: "A", "B" or "A and B"."""
    if a and b:
        return msg("A and B")
    return "A" if a else "B"


_COLOUR_BITS = {colour: 1 << k for k, colour in enumerate(Colour)}
_COLUMN_CELLS = {column: tuple(cell(floor, column) for floor in (1, 2, 3)) for column in range(1, COLUMNS + 1)}
"""The cells of each house, 1st floor first (views walk them for every seat and column)."""
_FLOOR_NAMES = {floor: str(floor) for floor in (1, 2, 3)}


@lru_cache(maxsize=8)
def _card_tables(cards: FloorCardSet) -> tuple[dict[str, int], tuple[tuple[Place, ...], ...]]:
    """Card id → index, and every Place action per card and column, built once per card set."""
    index = {card.id: i for i, card in enumerate(cards.cards)}
    places = tuple(tuple(Place(card.id, column) for column in range(1, COLUMNS + 1)) for card in cards.cards)
    return index, places


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


class WalkingInBuranoState(GameState[Action]):
    """One position. Build it with `WalkingInBurano.new_game`."""

    __slots__ = (
        "_cards",
        "_index",
        "_legal",
        "_place_actions",
        "_players",
        "_reveals",
        "areas",
        "boxed",
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
        "placed",
        "removed_characters",
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
        self._players = players
        self.options = options
        self._cards = cards
        self._index, self._place_actions = _card_tables(cards)
        self._legal: tuple[Action, ...] | None = None
        self._reveals = 0
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
        self._refill()
        self._start_turn([])

    # ------------------------------------------------------------------ protocol

    @property
    def players(self) -> int:
        return self._players

    @property
    def reveal_count(self) -> int:
        return self._reveals

    @property
    def cards(self) -> FloorCardSet:
        return self._cards

    @property
    def solo(self) -> bool:
        return self._players == 1

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.turn is None else (self.turn,)

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        if seat != self.turn:
            return ()
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def copy(self) -> WalkingInBuranoState:
        twin = object.__new__(WalkingInBuranoState)
        twin._players = self._players
        twin.options = self.options
        twin._cards = self._cards
        twin._index = self._index
        twin._place_actions = self._place_actions
        twin._legal = self._legal
        twin._reveals = self._reveals
        twin.rng = self.rng.copy()
        twin.decks = [list(d) for d in self.decks]
        twin.supply = [list(r) for r in self.supply]
        twin.hands = [list(h) for h in self.hands]
        twin.coins = list(self.coins)
        twin.tokens = list(self.tokens)
        twin.areas = [list(a) for a in self.areas]
        twin.masks = list(self.masks)
        twin.completed = list(self.completed)
        twin.visitors = [list(v) for v in self.visitors]
        twin.piles = list(self.piles)
        twin.removed_characters = list(self.removed_characters)
        twin.boxed = list(self.boxed)
        twin.start_player = self.start_player
        twin.turn = self.turn
        twin.round = self.round
        twin.phase = self.phase
        twin.placed = self.placed
        twin.turn_completed = list(self.turn_completed)
        twin.pending = list(self.pending)
        twin.ended_by = self.ended_by
        return twin

    def _key(self) -> tuple[Any, ...]:
        """Every part of the position, hidden ones included (the caches aside)."""
        return (
            self._players, self.options, self._cards.source, self.rng, self._reveals,
            self.decks, self.supply, self.hands, self.coins, self.tokens, self.areas, self.completed,
            self.visitors, self.piles, self.removed_characters, self.boxed,
            self.start_player, self.turn, self.round, self.phase, self.placed, self.turn_completed,
            self.pending, self.ended_by,
        )  # fmt: skip

    # ------------------------------------------------------------------ legal actions

    def _generate(self) -> tuple[Action, ...]:
        if self.phase is Phase.TAKE:
            return tuple(self._takes())
        if self.phase is Phase.PLACE:
            return (*self._placements(), Done())
        if self.phase is Phase.VISIT:
            column = self.pending[0]
            return tuple(Visit(column, c) for c in self._visitors_available())
        if self.phase is Phase.RETURN:
            return tuple(Return(self._cards.cards[i].id) for i in self.hands[self._seat])
        if self.phase is Phase.REMOVE_CHARACTER:
            return tuple(RemoveCharacter(c) for c, n in zip(CHARACTERS, self.piles, strict=True) if n)
        return ()

    @property
    def _seat(self) -> Seat:
        assert self.turn is not None
        return self.turn

    def _takes(self) -> list[Take]:
        """Runs of cards from the top or the bottom of one column: nothing skipped (Acquiring, notes 1–2)."""
        takes: list[Take] = []
        first, second, third = self.supply
        for column in range(len(first)):
            present = (first[column] != EMPTY) | (second[column] != EMPTY) << 1 | (third[column] != EMPTY) << 2
            takes.extend(_COLUMN_TAKES[column][present])
        return takes

    def _breaks(self, seat: Seat, card: FloorCard, column: int) -> tuple[bool, bool]:
        """Breakable rules A and B for `card` placed in house `column` (components.md reading).

        A: the card's colour is not among the colours already in its house. B: the card's colour is
        among the colours of a neighbouring house.
        """
        return self._breaks_in(self._colour_masks(seat), card, column)

    def _breaks_in(self, houses: list[int], card: FloorCard, column: int) -> tuple[bool, bool]:
        colour = _COLOUR_BITS[card.colour]
        own = houses[column]
        return (own != 0 and not own & colour, bool((houses[column - 1] | houses[column + 1]) & colour))

    def _colour_masks(self, seat: Seat) -> list[int]:
        """Bit sets of the colours in each house, padded with an empty house on both sides."""
        cards = self._cards.cards
        houses = [0] * (COLUMNS + 2)
        for where, index in enumerate(self.areas[seat]):
            if index != EMPTY:
                houses[where % COLUMNS + 1] |= _COLOUR_BITS[cards[index].colour]
        return houses

    def _placements(self) -> list[Place]:
        seat = self._seat
        if self.placed >= len(PLACEMENT_COSTS) or self.coins[seat] < PLACEMENT_COSTS[self.placed]:
            return []
        open_cells = placeable_cells(self.masks[seat])
        if not open_cells or not self.hands[seat]:
            return []
        cards = self._cards.cards
        houses = self._colour_masks(seat)
        no_tokens = self.tokens[seat] == 0
        places: list[Place] = []
        for index in self.hands[seat]:
            card = cards[index]
            row = (open_cells >> ((card.floor - 1) * COLUMNS)) & ((1 << COLUMNS) - 1)
            for column in range(1, COLUMNS + 1):
                if not row >> (column - 1) & 1:
                    continue
                if no_tokens and any(self._breaks_in(houses, card, column)):
                    continue
                places.append(self._place_actions[index][column - 1])
        return places

    def _visitors_available(self) -> list[Character]:
        """Characters left in the piles that may visit: tourists again and again, inhabitants once."""
        received = set(self.visitors[self._seat])
        return [c for c, n in zip(CHARACTERS, self.piles, strict=True) if n and (c.is_tourist or c not in received)]

    # ------------------------------------------------------------------ explaining illegal actions

    def explain_illegal(self, seat: Seat, action: Action) -> Message:
        expected: dict[Phase, tuple[tuple[type, ...], Message]] = {
            Phase.TAKE: ((Take,), msg("acquire floor cards first (at least one card each turn)")),
            Phase.PLACE: ((Place, Done), msg("place a floor card or say done")),
            Phase.VISIT: ((Visit,), msg("a completed house must receive a character first")),
            Phase.RETURN: ((Return,), msg("return floor cards down to the hand limit of 3 first")),
            Phase.REMOVE_CHARACTER: ((RemoveCharacter,), msg("remove one character card first (solo)")),
        }
        if self.phase not in expected:
            return msg("the game is over")
        kinds, message = expected[self.phase]
        if not isinstance(action, kinds):
            return message
        if isinstance(action, Take):
            return self._explain_take(action)
        if isinstance(action, Place):
            return self._explain_place(seat, action)
        if isinstance(action, Visit):
            return self._explain_visit(seat, action)
        if isinstance(action, Return):
            return msg("card {card} is not in your hand", card=excerpt(action.card))
        if isinstance(action, RemoveCharacter):
            return msg("no {character} card is left", character=msg(action.character.title))
        return msg("not allowed now")

    def _explain_take(self, take: Take) -> Message:
        columns = len(self.supply[0])
        if not 1 <= take.column <= columns:
            return msg("the floor supply has columns 1–{columns}", columns=columns)
        present = [f + 1 for f in range(FLOORS) if self.supply[f][take.column - 1] != EMPTY]
        if not present:
            return msg("column {column} of the floor supply is empty", column=take.column)
        if take.low not in present or take.high not in present:
            return msg("column {column} has no card on the floor asked for", column=take.column)
        return msg(
            "cards are acquired from the top or from the bottom of one column without skipping any "
            "(the middle card directly only once the top or bottom one is gone)"
        )

    def _explain_place(self, seat: Seat, place: Place) -> Message:
        index = self._index.get(place.card)
        if index is None or index not in self.hands[seat]:
            return msg(
                "you may only place a floor card from your hand, and {card} is not in it", card=excerpt(place.card)
            )
        if not 1 <= place.column <= COLUMNS:
            return msg("golden rule 4: your house area has 5 houses (columns 1–5)")
        if self.placed >= len(PLACEMENT_COSTS):
            return msg("at most 3 floor cards may be placed in a turn")
        cost = PLACEMENT_COSTS[self.placed]
        if self.coins[seat] < cost:
            return msg(
                "placing card number {number} this turn costs {cost}; you have {have}",
                number=self.placed + 1,
                cost=_coins(cost),
                have=self.coins[seat],
            )
        card = self._cards.cards[index]
        target = cell(card.floor, place.column)
        if not placeable_cells(self.masks[seat]) >> target & 1:
            return explain_placement(self.masks[seat], target)
        return msg(
            "it breaks breakable rule {rules} and you have no regulatory bonus token left",
            rules=_rules(*self._breaks(seat, card, place.column)),
        )

    def _explain_visit(self, seat: Seat, visit: Visit) -> Message:
        character = msg(visit.character.title)
        if visit.column != self.pending[0]:
            return msg("the character to choose now is the one for house {column}", column=self.pending[0])
        if self.piles[CHARACTERS.index(visit.character)] == 0:
            return msg("no {character} card is left", character=character)
        return msg("you cannot receive the same inhabitant twice ({character})", character=character)

    # ------------------------------------------------------------------ applying actions

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        if isinstance(action, Take):
            self._do_take(seat, action, events)
        elif isinstance(action, Place):
            self._do_place(seat, action, events)
        elif isinstance(action, Done):
            self._finish_turn(events)
        elif isinstance(action, Visit):
            self._do_visit(seat, action, events)
        elif isinstance(action, Return):
            self._do_return(seat, action, events)
        else:
            self._do_remove(seat, action, events)
        return events

    def _do_take(self, seat: Seat, take: Take, events: list[Event]) -> None:
        taken = []
        for floor in range(take.low, take.high + 1):
            index = self.supply[floor - 1][take.column - 1]
            if index != EMPTY:
                taken.append(index)
                self.supply[floor - 1][take.column - 1] = EMPTY
        self.hands[seat].extend(taken)
        coins = TAKE_COINS[len(taken)]
        self.coins[seat] += coins
        ids = [self._cards.cards[i].id for i in taken]
        fields = {"player": Player(seat), "cards": tuple(ids), "column": take.column}
        if coins:
            text = msg("{player} acquires {cards} from column {column} and {coins}", coins=_coins(coins), **fields)
        else:
            text = msg("{player} acquires {cards} from column {column}", **fields)
        events.append(Event("take", seat, text, {"cards": ids, "column": take.column, "coins": coins}))
        self._enter_place(events)

    def _do_place(self, seat: Seat, place: Place, events: list[Event]) -> None:
        index = self._index[place.card]
        card = self._cards.cards[index]
        broke_a, broke_b = self._breaks(seat, card, place.column)
        cost = PLACEMENT_COSTS[self.placed]
        self.coins[seat] -= cost
        self.placed += 1
        self.hands[seat].remove(index)
        target = cell(card.floor, place.column)
        self.areas[seat][target] = index
        self.masks[seat] |= 1 << target
        fields = {"player": Player(seat), "card": card.id, "floor": card.floor, "column": place.column,
                  "cost": _coins(cost)}  # fmt: skip
        if broke_a or broke_b:
            self.tokens[seat] -= 1
            text = msg(
                "{player} places {card} on floor {floor} of house {column} for {cost}, "
                "spending a regulatory bonus token (breaks rule {rules})",
                rules=_rules(broke_a, broke_b),
                **fields,
            )
        else:
            text = msg("{player} places {card} on floor {floor} of house {column} for {cost}", **fields)
        events.append(Event("place", seat, text, {"card": card.id, "column": place.column, "cost": cost,
                                                  "token": broke_a or broke_b}))  # fmt: skip
        area = self.areas[seat]
        if all(area[f * COLUMNS + place.column - 1] != EMPTY for f in range(FLOORS)):
            self.completed[seat] += 1
            self.turn_completed.append(place.column)
            text = msg("{player} completes house {column}", player=Player(seat), column=place.column)
            events.append(Event("complete", seat, text, {"column": place.column}))
        self._enter_place(events)

    def _enter_place(self, events: list[Event]) -> None:
        """Placing is optional; when no card can be placed (or 3 were) the turn moves on by itself."""
        self.phase = Phase.PLACE
        places = self._placements()
        if places:
            self._legal = (*places, Done())  # the position has settled: keep its decisions
        else:
            self._finish_turn(events)

    def _finish_turn(self, events: list[Event]) -> None:
        """End of the turn: characters visit the houses completed this turn, in column order."""
        self.pending = sorted(self.turn_completed)
        self._next_visit(events)

    def _next_visit(self, events: list[Event]) -> None:
        while self.pending and not self._visitors_available():
            column = self.pending.pop(0)
            text = msg("No character is left to visit house {column}", column=column)
            events.append(Event("no-visit", self.turn, text, {"column": column}))
        if self.pending:
            self.phase = Phase.VISIT
        else:
            self._hand_limit(events)

    def _do_visit(self, seat: Seat, visit: Visit, events: list[Event]) -> None:
        self.piles[CHARACTERS.index(visit.character)] -= 1
        self.visitors[seat][visit.column - 1] = visit.character
        self.pending.pop(0)
        text = msg("{character} visits house {column} of {player}", character=msg(visit.character.title),
                   column=visit.column, player=Player(seat))  # fmt: skip
        events.append(Event("visit", seat, text, {"column": visit.column, "character": visit.character.value}))
        self._next_visit(events)

    def _hand_limit(self, events: list[Event]) -> None:
        if len(self.hands[self._seat]) > HAND_LIMIT:
            self.phase = Phase.RETURN
        else:
            self._end_turn(events)

    def _do_return(self, seat: Seat, action: Return, events: list[Event]) -> None:
        index = self._index[action.card]
        self.hands[seat].remove(index)
        floor = self._cards.cards[index].floor
        self.decks[floor - 1].append(index)
        text = msg("{player} returns a floor {floor} card to the bottom of its deck", player=Player(seat), floor=floor)
        events.append(Event("return", seat, text, {"floor": floor}))
        self._hand_limit(events)

    def _end_turn(self, events: list[Event]) -> None:
        seat = self._seat
        if self.coins[seat] > COIN_LIMIT:
            excess = self.coins[seat] - COIN_LIMIT
            text = msg("{player} returns {coins} to the bank (coin limit 6)", player=Player(seat), coins=_coins(excess))
            events.append(Event("coin-limit", seat, text, {"coins": excess}))
            self.coins[seat] = COIN_LIMIT
        if self.solo:
            self._end_solo_turn(events)
            return
        following = (seat + 1) % self._players
        if following != self.start_player:
            self._start_turn(events, following)
            return
        if max(self.completed) >= HOUSES_TO_END:
            self._game_over(events, FIVE_HOUSES)
        elif self.round >= self.options.round_limit:
            self._game_over(events, ROUND_LIMIT)
        else:
            self.start_player = (self.start_player + 1) % self._players
            if self._players == 2 and self.options.two_player_variant:
                self._remove_rightmost(events)
            self._refill()
            if self._supply_exhausted(events):
                return
            self.round += 1
            text = msg("Round {round} begins; {player} starts", round=self.round, player=Player(self.start_player))
            events.append(Event("round", None, text, {"round": self.round}))
            self._start_turn(events, self.start_player)

    def _end_solo_turn(self, events: list[Event]) -> None:
        """Solo: keep the starting player token, remove the rightmost cards, then a character."""
        if self.completed[0] >= HOUSES_TO_END:
            self._game_over(events, FIVE_HOUSES)
        elif not any(self.piles):
            self._game_over(events, NO_CHARACTERS_LEFT)
        else:
            self._remove_rightmost(events)
            self.phase = Phase.REMOVE_CHARACTER

    def _do_remove(self, seat: Seat, action: RemoveCharacter, events: list[Event]) -> None:
        self.piles[CHARACTERS.index(action.character)] -= 1
        self.removed_characters.append(action.character)
        text = msg("{character} is removed from the game", character=msg(action.character.title))
        events.append(Event("remove-character", seat, text, {"character": action.character.value}))
        if not any(self.piles):
            self._game_over(events, NO_CHARACTERS_LEFT)
        elif self.round >= self.options.round_limit:
            self._game_over(events, ROUND_LIMIT)
        else:
            self._refill()
            if self._supply_exhausted(events):
                return
            self.round += 1
            self._start_turn(events, seat)

    def _supply_exhausted(self, events: list[Event]) -> bool:
        """Every deck ran dry and the refilled supply is empty: no card can be acquired any more.

        Each turn must acquire at least one card, so the game cannot go on; it ends and is scored.
        """
        if any(i != EMPTY for row in self.supply for i in row):
            return False
        self._game_over(events, FLOOR_CARDS_EXHAUSTED)
        return True

    def _start_turn(self, events: list[Event], seat: Seat | None = None) -> None:
        if seat is not None:
            self.turn = seat
        self.phase = Phase.TAKE
        self.placed = 0
        self.turn_completed = []
        takes = self._takes()
        if takes:
            self._legal = tuple(takes)  # the position has settled: keep its decisions
        else:
            text = msg("The floor supply is empty: no card to acquire")
            events.append(Event("empty-supply", self.turn, text, {}))
            self._enter_place(events)

    def _game_over(self, events: list[Event], reason: str) -> None:
        self.phase = Phase.OVER
        self.turn = None
        self.pending = []
        self.ended_by = reason
        events.append(Event("game-over", None, msg("The game ends ({reason})", reason=msg(reason)), {"reason": reason}))

    # ------------------------------------------------------------------ the floor supply

    def _remove_rightmost(self, events: list[Event]) -> None:
        """2-player variant and solo: the rightmost card of each row goes back into the box."""
        removed = []
        for row in self.supply:
            for column in range(len(row) - 1, -1, -1):
                if row[column] != EMPTY:
                    removed.append(self._cards.cards[row[column]].id)
                    self.boxed.append(row[column])
                    row[column] = EMPTY
                    break
        if removed:
            text = msg("Removed from the supply: {cards}", cards=tuple(removed))
            events.append(Event("remove-cards", None, text, {"cards": removed}))

    def _refill(self) -> None:
        """Slide each row away from its deck, then reveal deck cards into the spaces by the deck.

        Revealed cards enter like the slid ones: the first revealed card lands farthest from the deck.
        A dry deck leaves its spaces empty.
        """
        revealed = False
        for row, deck in zip(self.supply, self.decks, strict=True):
            cards = [i for i in row if i != EMPTY]
            gaps = len(row) - len(cards)
            row[:] = [EMPTY] * gaps + cards
            for column in range(gaps - 1, -1, -1):
                if not deck:
                    break
                row[column] = deck.pop(0)
                revealed = True
        if revealed:
            self._reveals += 1

    # ------------------------------------------------------------------ outcome

    def grid(self, seat: Seat) -> list[list[FloorCard | None]]:
        """The seat's house area as ``grid[floor - 1][column - 1]``."""
        cards = self._cards.cards
        area = self.areas[seat]
        return [
            [None if (i := area[f * COLUMNS + c]) == EMPTY else cards[i] for c in range(COLUMNS)] for f in range(FLOORS)
        ]

    def estimate(self) -> tuple[float, ...]:
        return heuristics.estimate(self)

    def outcome(self) -> Outcome:
        if self.turn is not None:
            raise IllegalAction(msg("the game is not over yet"))
        grids = [self.grid(seat) for seat in range(self._players)]
        windows = [scoring.closed_windows(g) for g in grids]
        penalties = scoring.closed_window_penalties(windows, self.solo)
        breakdowns = []
        for seat, grid in enumerate(grids):
            lines = [
                (f"A. {character.title} (house {column})", scoring.character_points(character, column, grid))
                for column, character in enumerate(self.visitors[seat], start=1)
                if character is not None
            ]
            lines.append((N_("B. shops"), scoring.shop_points(grid)))
            lines.append((N_("C. regulatory bonus tokens"), scoring.POINTS_PER_TOKEN * self.tokens[seat]))
            if self.options.closed_window_penalty:
                lines.append((N_("D. closed windows"), penalties[seat]))
            breakdowns.append(tuple(lines))
        totals = [sum(points for _, points in lines) for lines in breakdowns]
        breakers = [(("coins", self.coins[s]), ("cats", scoring.cats(grids[s]))) for s in range(self._players)]
        ranks = rank([(totals[s], *(v for _, v in breakers[s])) for s in range(self._players)])
        results = tuple(SeatResult(s, totals[s], ranks[s], breakdowns[s], breakers[s]) for s in range(self._players))
        rating = scoring.solo_rating(totals[0]) if self.solo else None
        return Outcome(results, rating=rating, ended_by=self.ended_by)

    # ------------------------------------------------------------------ views and determinization

    def _card_json(self, index: int) -> JSON | None:
        return None if index == EMPTY else self._cards.faces[index]

    def view(self, seat: Seat | None) -> JSON:
        """What `seat` sees: everything but the deck order and the other players' hands.

        Card backs show their floor, so everyone sees how many cards of each floor a hand holds. The card
        entries are shared by every view (`FloorCardSet.faces`): a view is read, never changed.
        """
        cards = self._cards.cards
        return {
            "game": "walking-in-burano",
            "players": self._players,
            "viewer": seat,
            "solo": self.solo,
            "round": self.round,
            "start_player": self.start_player,
            "turn": self.turn,
            "phase": self.phase.value,
            "placed_this_turn": self.placed,
            "supply": {
                "columns": len(self.supply[0]),
                "rows": {str(f + 1): [self._card_json(i) for i in self.supply[f]] for f in range(FLOORS)},
            },
            "decks": {str(f + 1): len(self.decks[f]) for f in range(FLOORS)},
            "characters": {c.value: n for c, n in zip(CHARACTERS, self.piles, strict=True)},
            "removed_characters": [c.value for c in self.removed_characters],
            "boxed_cards": [cards[i].id for i in self.boxed],
            "pending_houses": list(self.pending),
            "ended_by": self.ended_by or None,
            "seats": [self._seat_json(s, s == seat, cards) for s in range(self._players)],
        }

    def _seat_json(self, seat: Seat, own: bool, cards: tuple[FloorCard, ...]) -> JSON:
        area = self.areas[seat]
        faces = self._cards.faces
        scaffolds = scaffold_arrangement(self.masks[seat]) or ()
        houses = []
        for column, visitor in enumerate(self.visitors[seat], start=1):
            floors = [None if (i := area[c]) == EMPTY else faces[i] for c in _COLUMN_CELLS[column]]
            houses.append({
                "column": column,
                "floors": floors,
                "scaffolds": [f for f, c in enumerate(_COLUMN_CELLS[column][:2], start=1) if c in scaffolds],
                "character": None if visitor is None else visitor.value,
                "complete": all(floors),
            })  # fmt: skip
        hand = self.hands[seat]
        hand_floors = {"1": 0, "2": 0, "3": 0}
        for i in hand:
            hand_floors[_FLOOR_NAMES[cards[i].floor]] += 1
        return {
            "seat": seat,
            "coins": self.coins[seat],
            "tokens": self.tokens[seat],
            "hand": [faces[i] for i in hand] if own else None,
            "hand_floors": hand_floors,
            "houses": houses,
            "completed": self.completed[seat],
            "characters": [v.value for v in self.visitors[seat] if v is not None],
        }

    def determinize(self, seat: Seat | None, rng: Rng) -> WalkingInBuranoState:
        """Re-deal what `seat` cannot see: the order of each deck and the other hands, floor by floor.

        The unseen cards of a floor are pooled in card order and the other hands are rebuilt floor by
        floor, so the sample depends on the view and `rng` alone, not on the true order of anything
        hidden. The setup generator is replaced too: it is hidden state, never used after setup.
        """
        twin = self.copy()
        cards = self._cards.cards
        hidden = [s for s in range(self._players) if s != seat]
        hands: dict[Seat, list[int]] = {s: [] for s in hidden}
        for floor in (1, 2, 3):
            deck = twin.decks[floor - 1]
            wanted = [(s, [i for i in self.hands[s] if cards[i].floor == floor]) for s in hidden]
            pool = sorted(deck + [i for _, held in wanted for i in held])
            rng.shuffle(pool)
            twin.decks[floor - 1] = pool[: len(deck)]
            start = len(deck)
            for s, held in wanted:
                hands[s].extend(pool[start : start + len(held)])
                start += len(held)
        for s in hidden:
            twin.hands[s] = hands[s]
        twin.rng = rng.spawn()
        twin._legal = None
        return twin
