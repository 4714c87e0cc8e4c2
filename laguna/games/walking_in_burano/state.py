"""A position of Walking in Burano as a `GameState` (rulebook: How to Play to Solo Play Rules).

The data lives in `Position`; the rules in `rules`, one module per rulebook section, which the
state reaches through dispatch tables built at import time. The heuristic a bot reads through
`estimate` is the game's to supply (`WalkingInBurano` passes it in): the rules do not depend on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from laguna.core.game import JSON, Event, GameState, Seat
from laguna.core.messages import N_, Message, excerpt, msg
from laguna.core.outcome import Outcome
from laguna.core.rng import Rng
from laguna.games.walking_in_burano import views
from laguna.games.walking_in_burano.actions import Action, Done, Place, RemoveCharacter, Return, Take, Visit
from laguna.games.walking_in_burano.cards import FloorCardSet
from laguna.games.walking_in_burano.options import WalkingInBuranoOptions
from laguna.games.walking_in_burano.position import Phase, Position
from laguna.games.walking_in_burano.rules import game_end, solo, turn
from laguna.games.walking_in_burano.rules.acquiring import explain_take, takes
from laguna.games.walking_in_burano.rules.next_round import refill
from laguna.games.walking_in_burano.rules.placing import explain_place, placing_choices
from laguna.games.walking_in_burano.rules.visits import explain_visit, visits

Heuristic = Callable[["WalkingInBuranoState"], tuple[float, ...]]

_CHOICES: dict[Phase, Callable[[Position], tuple[Action, ...]]] = {
    Phase.TAKE: lambda position: tuple(takes(position)),
    Phase.PLACE: placing_choices,
    Phase.VISIT: visits,
    Phase.RETURN: turn.returns,
    Phase.REMOVE_CHARACTER: solo.removals,
    Phase.OVER: lambda position: (),
}
"""The decisions of the seat to act, by phase."""

_HANDLERS: dict[type, Callable[[Position, Seat, Any, list[Event]], None]] = {
    Take: turn.take,
    Place: turn.place,
    Done: turn.done,
    Visit: turn.visit,
    Return: turn.return_card,
    RemoveCharacter: turn.remove,
}

_EXPECTED: dict[Phase, tuple[tuple[type, ...], str]] = {
    Phase.TAKE: ((Take,), N_("acquire floor cards first (at least one card each turn)")),
    Phase.PLACE: ((Place, Done), N_("place a floor card or say done")),
    Phase.VISIT: ((Visit,), N_("a completed house must receive a character first")),
    Phase.RETURN: ((Return,), N_("return floor cards down to the hand limit of 3 first")),
    Phase.REMOVE_CHARACTER: ((RemoveCharacter,), N_("remove one character card first (solo)")),
}
"""The decisions each phase asks for, and what to say to any other."""


class WalkingInBuranoState(Position, GameState[Action]):
    """One position. Build it with `WalkingInBurano.new_game`."""

    __slots__ = ("heuristic", "memo")

    def __init__(
        self, players: int, options: WalkingInBuranoOptions, cards: FloorCardSet, seed: int, *, heuristic: Heuristic
    ) -> None:
        super().__init__(players, options, cards, seed)
        self.heuristic = heuristic
        self.memo: dict[int | str, Any] = {}
        """What the heuristic last worked out, each entry with everything it read: shared by every copy,
        so a copy reuses what its original (or a sibling) found for the parts they have in common."""
        refill(self)
        turn.start_turn(self, [])

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.turn is None else (self.turn,)

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        if seat != self.turn:
            return ()
        if self._legal is None:
            self._legal = _CHOICES[self.phase](self)
        return self._legal

    def copy(self) -> WalkingInBuranoState:
        twin = object.__new__(WalkingInBuranoState)
        twin.heuristic = self.heuristic
        twin.memo = self.memo
        twin._players = self._players
        twin.options = self.options
        twin._cards = self._cards
        twin.card_index = self.card_index
        twin.place_actions = self.place_actions
        twin._legal = self._legal
        twin.reveals = self.reveals
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
        """Every part of the position, hidden ones included (the caches and the heuristic aside)."""
        return (
            self._players, self.options, self._cards.source, self.rng, self.reveals,
            self.decks, self.supply, self.hands, self.coins, self.tokens, self.areas, self.completed,
            self.visitors, self.piles, self.removed_characters, self.boxed,
            self.start_player, self.turn, self.round, self.phase, self.placed, self.turn_completed,
            self.pending, self.ended_by,
        )  # fmt: skip

    def explain_illegal(self, seat: Seat, action: Action) -> Message:
        if self.phase not in _EXPECTED:
            return msg("the game is over")
        kinds, message = _EXPECTED[self.phase]
        if not isinstance(action, kinds):
            return msg(message)
        if isinstance(action, Take):
            return explain_take(self, action)
        if isinstance(action, Place):
            return explain_place(self, seat, action)
        if isinstance(action, Visit):
            return explain_visit(self, action)
        if isinstance(action, Return):
            return msg("card {card} is not in your hand", card=excerpt(action.card))
        if isinstance(action, RemoveCharacter):
            return msg("no {character} card is left", character=msg(action.character.title))
        return msg("not allowed now")

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        _HANDLERS[type(action)](self, seat, action, events)
        return events

    def estimate(self) -> tuple[float, ...]:
        return self.heuristic(self)

    def outcome(self) -> Outcome:
        return game_end.outcome(self)

    def view(self, seat: Seat | None) -> JSON:
        return views.view(self, seat)

    def determinize(self, seat: Seat | None, rng: Rng) -> WalkingInBuranoState:
        twin = self.copy()
        views.redeal(twin, seat, rng)
        twin._legal = None
        return twin
