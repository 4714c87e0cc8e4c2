"""Two tiny games that isolate what a bot must do: look ahead (Nim) and not peek (a hidden guess)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from laguna.core import Event, GameState, Outcome, Rng, SeatResult, rank


@dataclass(frozen=True, slots=True)
class Take:
    stones: int

    def __str__(self) -> str:
        return f"take {self.stones}"


class Nim(GameState[Take]):
    """Take 1–3 stones in turn; who takes the last stone wins. The estimate knows nothing before the end,
    so only search can find the winning replies (leave a multiple of 4)."""

    def __init__(self, pile: int, mover: int = 0) -> None:
        self.pile = pile
        self.mover = mover
        self.winner: int | None = None

    @property
    def players(self) -> int:
        return 2

    @property
    def reveal_count(self) -> int:
        return 0

    def to_act(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.mover,)

    def legal_actions(self, seat: int) -> tuple[Take, ...]:
        if seat not in self.to_act():
            return ()
        return tuple(Take(n) for n in (1, 2, 3) if n <= self.pile)

    def explain_illegal(self, seat: int, action: Take) -> str:
        return "take 1–3 stones, no more than the pile"

    def _apply(self, seat: int, action: Take) -> list[Event]:
        self.pile -= action.stones
        if self.pile == 0:
            self.winner = seat
        self.mover = 1 - seat
        return []

    def outcome(self) -> Outcome:
        scores = [1 if s == self.winner else 0 for s in (0, 1)]
        ranks = rank([(s,) for s in scores])
        return Outcome(tuple(SeatResult(s, scores[s], ranks[s]) for s in (0, 1)))

    def estimate(self) -> tuple[float, ...]:
        if self.winner is not None:
            return tuple(float(s) for s in self.outcome().scores)
        return (0.0, 0.0)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "mover": self.mover}

    def determinize(self, seat: int | None, rng: Rng) -> Nim:
        return self.copy()

    def copy(self) -> Nim:
        twin = Nim(self.pile, self.mover)
        twin.winner = self.winner
        return twin

    def _key(self) -> tuple[Any, ...]:
        return (self.pile, self.mover, self.winner)


@dataclass(frozen=True, slots=True)
class Guess:
    card: int

    def __str__(self) -> str:
        return f"guess {self.card}"


class HiddenCard(GameState[Guess]):
    """Seat 0 holds one of four cards face down; seat 1 scores 10 VP for naming it. A bot that peeked at
    the true state would always be right; an honest one is right a quarter of the time."""

    def __init__(self, card: int) -> None:
        self.card = card
        self.guess: int | None = None

    @property
    def players(self) -> int:
        return 2

    @property
    def reveal_count(self) -> int:
        return 0 if self.guess is None else 1

    def to_act(self) -> tuple[int, ...]:
        return () if self.guess is not None else (1,)

    def legal_actions(self, seat: int) -> tuple[Guess, ...]:
        return tuple(Guess(c) for c in range(4)) if seat in self.to_act() else ()

    def explain_illegal(self, seat: int, action: Guess) -> str:
        return "name a card 0–3"

    def _apply(self, seat: int, action: Guess) -> list[Event]:
        self.guess = action.card
        return []

    def _scores(self) -> list[int]:
        return [5, 10 if self.guess == self.card else 0]

    def outcome(self) -> Outcome:
        scores = self._scores()
        ranks = rank([(s,) for s in scores])
        return Outcome(tuple(SeatResult(s, scores[s], ranks[s]) for s in (0, 1)))

    def estimate(self) -> tuple[float, ...]:
        # Reads the true card, as every estimate may: bots only call it on their own samples.
        if self.guess is None:
            return (5.0, 0.0)
        return tuple(float(s) for s in self._scores())

    def view(self, seat: int | None) -> dict[str, Any]:
        shown = self.card if seat == 0 or self.guess is not None else None
        return {"card": shown, "guess": self.guess}

    def determinize(self, seat: int | None, rng: Rng) -> HiddenCard:
        twin = self.copy()
        if seat != 0 and self.guess is None:
            twin.card = rng.randrange(4)
        return twin

    def copy(self) -> HiddenCard:
        twin = HiddenCard(self.card)
        twin.guess = self.guess
        return twin

    def _key(self) -> tuple[Any, ...]:
        return (self.card, self.guess)
