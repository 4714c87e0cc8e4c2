"""A position of Walking in Burano Roll & Write as a `GameState` (rulebook: Gameplay to Solo Play Rules).

A round is: the turn player's roll of the six dice (chance, drawn when the round begins), the draft of
boats in snake order (each boat placed beside a die, whose use is a second decision, or flipped
instead), and the simultaneous secret invitation, revealed once every player has decided.

The data lives in `Position`; the rules in `rules`, one module per rulebook section, which the state
reaches through dispatch tables built at import time. The heuristic a bot reads through `estimate` is
the game's to supply (`WalkingInBuranoRollAndWrite` passes it in): the rules do not depend on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from laguna.core.game import JSON, Event, RulesState, Seat
from laguna.core.messages import Message, msg
from laguna.core.outcome import Outcome
from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write import views
from laguna.games.burano_roll_and_write.actions import Action, Boat, Circle, Flip, Invite, TakeCoin
from laguna.games.burano_roll_and_write.options import RollAndWriteOptions
from laguna.games.burano_roll_and_write.position import Phase, Position
from laguna.games.burano_roll_and_write.rules import boats, invitation, rounds
from laguna.games.burano_roll_and_write.rules.dice import explain_circle, uses
from laguna.games.burano_roll_and_write.sheets import SheetLayout, SheetSet

Heuristic = Callable[["RollAndWriteState"], tuple[float, ...]]

_CHOICES: dict[Phase, Callable[[Position, Seat], tuple[Action, ...]]] = {
    Phase.BOAT: boats.boat_choices,
    Phase.USE: uses,
    Phase.INVITE: invitation.invitations,
}
"""The decisions of a seat to act, by phase."""

_HANDLERS: dict[type, Callable[[Position, Seat, Any, list[Event]], None]] = {
    Boat: boats.place_boat,
    Circle: boats.use_die,
    Flip: boats.flip,
    Invite: invitation.decide,
    TakeCoin: invitation.decide,
}


class RollAndWriteState(Position, RulesState[Action]):
    """One position. Build it with `WalkingInBuranoRollAndWrite.new_game`."""

    def __init__(self, players: int, options: RollAndWriteOptions, sheets: SheetSet, layouts: list[SheetLayout],
                 rng: Rng, *, heuristic: Heuristic) -> None:  # fmt: skip
        super().__init__(players, options, sheets, layouts, rng)
        self.heuristic = heuristic
        self.outlooks: list[list[Any]] = [[None, None] for _ in range(players)]
        """What the heuristic worked out from each seat's sheet and characters (the heuristic's to fill
        and check), in a cell per seat that copies share until the seat's sheet changes: a copy that
        works it out fills it in for the position it came from and every other copy of it."""
        rounds.start_round(self, [])

    def to_act(self) -> tuple[Seat, ...]:
        if self.phase is Phase.INVITE:
            return tuple(s for s in range(self._players) if self.commitments[s] is None)
        if self.phase is Phase.OVER:
            return ()
        return (self.draft_order[self.draft_index],)

    def is_terminal(self) -> bool:
        """Whether the game is over: no one acts then, and someone always does before (the last
        secret decision reveals them all at once), so the phase tells without listing the seats."""
        return self.phase is Phase.OVER

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        """The decisions kept for the seat, or listed when it is to act: a seat's decisions are kept
        only while it is to act, as every decision forgets them."""
        cached = self._legal.get(seat)
        if cached is None:
            if seat not in self.to_act():
                return ()
            cached = self._legal[seat] = self._find_legal(seat)
        return cached

    def _find_legal(self, seat: Seat) -> tuple[Action, ...]:
        return _CHOICES[self.phase](self, seat)

    def copy(self) -> RollAndWriteState:
        """Every part shared at first, then a copy of each container that a decision changes in
        place. The copies share the others: each seat's sheet, characters and boats, the spectators
        and the draft order are replaced, never changed; the layouts never change; the decisions
        listed are replaced at every decision, and only filled in for the same position."""
        twin = object.__new__(RollAndWriteState)
        parts = twin.__dict__
        parts.update(self.__dict__)
        parts["outlooks"] = list(self.outlooks)
        parts["rng"] = self.rng.copy()
        parts["circled"] = list(self.circled)
        parts["characters"] = list(self.characters)
        parts["gained"] = list(self.gained)
        parts["spent"] = list(self.spent)
        parts["filled"] = list(self.filled)
        parts["boats"] = list(self.boats)
        parts["flipped"] = list(self.flipped)
        parts["canal"] = dict(self.canal)
        parts["commitments"] = list(self.commitments)
        parts["dice"] = list(self.dice)
        return twin

    def _key(self) -> tuple[Any, ...]:
        """Every part of the position, hidden ones included (the caches and the heuristic aside)."""
        return (
            self._players, self.options, self.sheets.source, [layout.name for layout in self.layouts], self.rng,
            self.reveals, self.circled, self.characters, self.gained, self.spent, self.filled, self.boats,
            self.flipped, self.canal, self.spectators, self.commitments, self.dice, self.turn_player,
            self.round, self.phase, self.draft_order, self.draft_index, self.die, self.final_round,
            self.ended_by,
        )  # fmt: skip

    def explain_illegal(self, seat: Seat, action: Action) -> Message:
        if self.phase is Phase.OVER:
            return msg("the game is over")
        if self.phase is Phase.BOAT:
            if not isinstance(action, (Boat, Flip)):
                return msg("place a boat beside a die, or flip it, first")
            if isinstance(action, Boat):
                return boats.boat_problem(self, seat, action.colour) or msg("not allowed now")
            return msg("not allowed now")
        if self.phase is Phase.USE:
            if not isinstance(action, Circle):
                return msg("use the die beside your boat: circle a symbol of its building")
            return explain_circle(self, seat, action)
        if not isinstance(action, (Invite, TakeCoin)):
            return msg("every player now decides to invite a character or take a coin")
        if isinstance(action, Invite):
            return invitation.explain_invite(self, seat, action)
        return msg("not allowed now")

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        self._legal = {}
        events: list[Event] = []
        _HANDLERS[type(action)](self, seat, action, events)
        if type(action) is Circle:
            self.sheet_changed(seat)
        return events

    def sheet_changed(self, seat: Seat) -> None:
        """Forget what was worked out from the seat's sheet, in this position alone (circling a symbol
        calls it, and so must whoever edits a sheet by hand)."""
        self.outlooks[seat] = [None, None]

    def outcome(self) -> Outcome:
        return rounds.outcome(self)

    def view(self, seat: Seat | None) -> JSON:
        return views.view(self, seat)

    def determinize(self, seat: Seat | None, rng: Rng) -> RollAndWriteState:
        """Re-sample what `seat` cannot know: the dice still to be rolled and others' secret decisions."""
        twin = self.copy()
        views.guess_decisions(twin, seat, rng)
        twin._legal = {}
        return twin
