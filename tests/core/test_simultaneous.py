"""The protocol carries simultaneous secret decisions: a minimal sealed-bid game as a test double.

Both seats bid 1–3 in secret; once both have committed the bids are revealed and the higher bid wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from laguna.core import Event, Game, GameOptions, IllegalAction, Match, NotationError, Outcome, Rng, SeatResult, rank
from laguna.core.game import GameState


@dataclass(frozen=True, slots=True)
class Bid:
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


class SealedBid(GameState[Bid]):
    def __init__(self) -> None:
        self.bids: list[int | None] = [None, None]
        self.revealed = False
        self.reveals = 0

    @property
    def players(self) -> int:
        return 2

    @property
    def reveal_count(self) -> int:
        return self.reveals

    def to_act(self) -> tuple[int, ...]:
        return tuple(s for s in (0, 1) if self.bids[s] is None)

    def legal_actions(self, seat: int) -> tuple[Bid, ...]:
        return tuple(Bid(a) for a in (1, 2, 3)) if seat in self.to_act() else ()

    def explain_illegal(self, seat: int, action: Bid) -> str:
        return "bids are 1, 2 or 3"

    def _apply(self, seat: int, action: Bid) -> list[Event]:
        self.bids[seat] = action.amount
        if None not in self.bids:
            self.revealed = True
            self.reveals += 1
            return [Event("reveal", None, f"bids {self.bids}")]
        return [Event("commit", seat, f"seat {seat} has bid")]

    def outcome(self) -> Outcome:
        scores = [b or 0 for b in self.bids]
        ranks = rank([(s,) for s in scores])
        return Outcome(tuple(SeatResult(s, scores[s], ranks[s]) for s in (0, 1)))

    def estimate(self) -> tuple[float, ...]:
        return tuple(float(b or 0) for b in self.bids)

    def view(self, seat: int | None) -> dict[str, Any]:
        shown = [b if self.revealed or s == seat else (b is not None) for s, b in enumerate(self.bids)]
        return {"bids": shown, "revealed": self.revealed}

    def determinize(self, seat: int | None, rng: Rng) -> SealedBid:
        twin = self.copy()
        if not self.revealed:
            for s in (0, 1):
                if s != seat and twin.bids[s] is not None:
                    twin.bids[s] = 1 + rng.randrange(3)
        return twin

    def copy(self) -> SealedBid:
        twin = SealedBid()
        twin.bids, twin.revealed, twin.reveals = list(self.bids), self.revealed, self.reveals
        return twin

    def _key(self) -> tuple[Any, ...]:
        return (self.bids, self.revealed)


@dataclass(frozen=True)
class NoOptions(GameOptions):
    pass


class SealedBidGame(Game[SealedBid, Bid, NoOptions]):
    id = "sealed-bid"
    name = "Sealed bid"
    min_players = 2
    max_players = 2
    options_type = NoOptions

    def _new_state(self, players: int, options: NoOptions, seed: int) -> SealedBid:
        return SealedBid()

    def parse_action(self, text: str) -> Bid:
        words = text.split()
        if len(words) != 2 or words[0] != "bid" or not words[1].isdigit():
            raise NotationError(f"{text!r} is not a bid")
        return Bid(int(words[1]))

    def action_space(self, players: int, options: NoOptions) -> tuple[Bid, ...]:
        return tuple(Bid(a) for a in (1, 2, 3))

    def observation(self, view: dict[str, Any], players: int, options: NoOptions) -> dict[str, list[float]]:
        return {"bids": [float(b) for b in view["bids"]], "revealed": [float(view["revealed"])]}


def test_both_seats_owe_the_decision_at_once() -> None:
    state = SealedBidGame().new_game(2)
    assert state.to_act() == (0, 1)
    state.apply(1, Bid(3))
    assert state.to_act() == (0,)
    with pytest.raises(IllegalAction, match="owes no decision"):
        state.apply(1, Bid(2))


def test_a_committed_bid_stays_secret_until_all_have_committed() -> None:
    state = SealedBidGame().new_game(2)
    state.apply(0, Bid(3))
    assert state.view(1) == {"bids": [True, None], "revealed": False}
    assert state.view(0)["bids"][0] == 3
    for k in range(5):
        assert state.determinize(1, Rng(k)).view(1) == state.view(1)
    state.apply(1, Bid(1))
    assert state.view(1) == {"bids": [3, 1], "revealed": True}
    assert state.outcome().winners == (0,)


def test_match_records_and_undoes_simultaneous_commits() -> None:
    match = Match(SealedBidGame(), ["a", "b"])
    match.act(0, "bid 2")
    assert match.can_undo(0)
    match.undo(0)
    assert match.state.to_act() == (0, 1)
    match.act(1, "bid 2")
    match.act(0, "bid 1")
    assert not match.can_undo(0), "the last commit revealed the bids"
    assert match.record.result is not None and match.record.result["winners"] == [1]
