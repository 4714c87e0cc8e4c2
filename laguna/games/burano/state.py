"""A position of Burano as a game state (rulebook: 3. SETUP to 8. PRIVILEGE).

The position's data and small queries are `Position`; the rules are plain functions in
`laguna.games.burano.rules`, one module per rulebook section, each listing the decisions it handles.
The state dispatches to them through tables built once at import. The state judges no position: the
game gives it a heuristic (a bot's estimate) to answer `estimate`, so the rules never depend on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from laguna.core.game import JSON, Event, RulesState, Seat, copy_counter
from laguna.core.messages import Message, msg
from laguna.core.outcome import Outcome
from laguna.core.rng import Rng
from laguna.games.burano import views
from laguna.games.burano.actions import (
    Action,
    Build,
    ChooseRoofs,
    Discard,
    Done,
    Forgo,
    Pay,
    Pick,
    PrivilegeCoin,
    PrivilegeCube,
    Refill,
    Roof,
    Stack,
    TakeCube,
)
from laguna.games.burano.components import Components
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.position import Phase, Position
from laguna.games.burano.pyramid import SLOTS
from laguna.games.burano.rules import (
    Explainer,
    Handler,
    Hint,
    Legal,
    cleanup,
    construction,
    final,
    fishing,
    lace,
    privilege,
    roofing,
    setup,
    turn,
)
from laguna.games.burano.workshop_area import WorkshopArea

Heuristic = Callable[["BuranoState"], tuple[float, ...]]
"""Every seat's expected final score in a position (the game supplies a bot's heuristic)."""
_new = object.__new__

_LEGAL: dict[Phase, Legal] = {
    **setup.LEGAL,
    **construction.LEGAL,
    **turn.LEGAL,
    **roofing.LEGAL,
    **fishing.LEGAL,
    **lace.LEGAL,
    **cleanup.LEGAL,
}
"""Each phase's legal decisions (the game over has none)."""
_APPLY: dict[type[Action], Handler] = {
    **setup.APPLY,
    **construction.APPLY,
    **turn.APPLY,
    **roofing.APPLY,
    **privilege.APPLY,
    **fishing.APPLY,
    **lace.APPLY,
    **cleanup.APPLY,
}
_EXPECTED: dict[Phase, tuple[tuple[type[Action], ...], Hint]] = {
    **setup.EXPECTED,
    **construction.EXPECTED,
    **turn.EXPECTED,
    **roofing.EXPECTED,
    **fishing.EXPECTED,
    **lace.EXPECTED,
    **cleanup.EXPECTED,
}
"""The decisions each phase expects, and what to tell a player who makes another."""
_EXPLAIN: dict[type[Action], Explainer] = {
    **construction.EXPLAIN,
    **turn.EXPLAIN,
    **roofing.EXPLAIN,
    **privilege.EXPLAIN,
    **fishing.EXPLAIN,
    **lace.EXPLAIN,
    **cleanup.EXPLAIN,
}
"""Why a decision of the kind the phase expects breaks a rule."""
_OWN_BOARD: frozenset[type[Action]] = frozenset(
    {Stack, Pick, PrivilegeCoin, PrivilegeCube, Forgo, Done, Pay, TakeCube, Discard, Refill, ChooseRoofs}
)
"""Decisions that change nothing of the other seats' holdings or of the shared boards (islands, lace
workshops, docks, main island, fish cards, building cards): only the deciding seat's board, the
supplies and the decision under way, unless they also move the game to another moment (`_moment`)."""
_ROOF_TILES: frozenset[type[Action]] = frozenset({Discard, Refill, ChooseRoofs})
"""The decisions among those that change the deciding seat's roof tiles."""
_TURN_STEPS: frozenset[Phase] = frozenset(
    {Phase.TURN, Phase.FISHING, Phase.FISH_CARDS, Phase.DISPATCH, Phase.TRADE, Phase.LACE, Phase.EARNING, Phase.BONUS}
)
"""The steps of a player turn: only the acting seat decides in them."""


class BuranoState(Position, RulesState[Action]):
    """One position. Build it with `Burano.new_game`."""

    _worth: list[list[Any]]
    """Each seat's estimate parts apart from its roof tiles (`heuristics`), in a cell that copies share
    until a decision may change them: a position's first child to work them out gives them to its
    siblings and its parent."""
    _roof_worth: list[list[Any]]
    """What each seat's roof tiles are worth, shared the same way (building a house changes only these,
    for the seats not acting)."""
    _island: list[Any]
    """What the estimate works out from the main island alone (where roof tiles could go), shared by
    the copies and kept through the moments until a house is built or roofed."""
    _table: list[Any]
    """What the estimate works out once for the whole table (the clock, the shared boards), shared the
    same way while only the acting seat's own board changes. After a house is built, a new cell that
    keeps the cell of the position it was built in: the estimate takes that table over but for the
    main island."""
    _sampled: list[Any]
    """The first table the estimate made for this position or one of its samples (`determinize`): the
    samples of a position differ only in what a seat cannot see, so a later sample's table starts from
    it (`Table.sampled`). Shared by the position's copies and samples; every decision drops it."""

    def __init__(
        self,
        players: int,
        options: BuranoOptions,
        components: Components,
        area: WorkshopArea,
        rng: Rng,
        *,
        heuristic: Heuristic,
    ) -> None:
        super().__init__(players, options, components, area, rng)
        self.heuristic = heuristic
        self._legal: dict[Seat, tuple[Action, ...]] = {}
        self.forget_worth()

    def to_act(self) -> tuple[Seat, ...]:
        if self.phase is Phase.CONSTRUCTION:
            return tuple(s for s in range(self._players) if self.boards[s].cursor < SLOTS)
        if self.phase is Phase.OVER:
            return ()
        return (self.actor,)

    def _find_legal(self, seat: Seat) -> tuple[Action, ...]:
        return tuple(_LEGAL[self.phase](self, seat))

    def copy(self) -> BuranoState:
        """The fields copied into one new dictionary, the mutable ones replaced by copies of their own
        (writing a dictionary's items is cheaper than setting attributes one by one). The lists of the
        docks, ports, roof stacks and island workers are shared: the rules replace such a list, never
        change it in place."""
        twin = _new(BuranoState)
        fields = self.__dict__.copy()
        fields["rng"] = self.rng.copy()
        fields["_legal"] = self._legal.copy()
        fields["_worth"] = self._worth[:]
        fields["_roof_worth"] = self._roof_worth[:]
        fields["supply"] = copy_counter(self.supply)
        fields["docks"] = self.docks.copy()
        fields["ports"] = self.ports.copy()
        fields["stacks"] = self.stacks.copy()
        fields["roofs_placed"] = self.roofs_placed[:]
        fields["removed_roofs"] = self.removed_roofs[:]
        fields["markers"] = self.markers[:]
        fields["roof_stacks"] = self.roof_stacks.copy()
        fields["building_deck"] = self.building_deck[:]
        fields["building_supply"] = self.building_supply[:]
        fields["fish_deck"] = self.fish_deck[:]
        fields["fish_supply"] = self.fish_supply[:]
        fields["island_workers"] = self.island_workers.copy()
        fields["lace_workers"] = self.lace_workers.copy()
        fields["boards"] = [player.copy() for player in self.boards]
        fields["queue"] = self.queue[:]
        fields["arrows"] = self.arrows[:]
        fields["paid"] = self.paid[:]
        fields["refilled"] = self.refilled[:]
        twin.__dict__ = fields
        return twin

    def _key(self) -> tuple[Any, ...]:
        skipped = (
            *("_legal", "_cards", "components", "area", "heuristic"),
            *("_worth", "_roof_worth", "_table", "_island", "_sampled"),
        )
        parts = [value for name, value in sorted(self.__dict__.items()) if name not in skipped]
        return (*parts, self.components.source, self.area.squares)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        self._legal = {}
        self._sampled = [None]
        kind = type(action)
        own = kind in _OWN_BOARD
        moment = self._moment() if own else None
        _APPLY[kind](self, seat, action, events)
        if own and self._moment() == moment:
            self._worth[seat] = [None]
            if kind in _ROOF_TILES:
                self._roof_worth[seat] = [None]
        elif kind is Build:  # the main island changes: every seat's roof sites, nothing else of theirs
            self._worth[seat] = [None]
            self._roof_worth = [[None] for _ in range(self._players)]
            self._table = [None, self._table]
            self._island = [None]
        else:
            island = self._island
            self.forget_worth()
            if kind is not Roof:  # only building and roofing change the main island
                self._island = island
        return events

    def _moment(self) -> tuple[Any, ...]:
        """Where the game stands: the season, the turn and its seat, the clean-up step and its queue.
        The steps of one turn are one moment: only the acting seat's own decision under way tells
        them apart."""
        phase = self.phase
        return (
            Phase.TURN if phase in _TURN_STEPS else phase,
            self.season,
            self.round,
            self.turn,
            self.actor,
            len(self.queue),
        )

    def forget_worth(self) -> None:
        """Drop every seat's kept estimate parts: after a change that may touch any seat's (a test
        rearranging the position, hidden information drawn anew)."""
        self._worth = [[None] for _ in range(self._players)]
        self._roof_worth = [[None] for _ in range(self._players)]
        self._table = [None]
        self._island = [None]
        self._sampled = [None]

    def explain_illegal(self, seat: Seat, action: Action) -> Message:
        expected = _EXPECTED.get(self.phase)
        if expected is None:
            return msg("the game is over")
        kinds, hint = expected
        if not isinstance(action, kinds):
            return msg("now is {phase}: {hint}", phase=msg(self.phase.value), hint=hint(self, seat))
        explain = _EXPLAIN.get(type(action))
        return hint(self, seat) if explain is None else explain(self, seat, action)

    def outcome(self) -> Outcome:
        return final.outcome(self)

    def view(self, seat: Seat | None) -> JSON:
        return views.view(self, seat)

    def determinize(self, seat: Seat | None, rng: Rng) -> BuranoState:
        """A position `seat` cannot tell from this one, its hidden parts drawn with `rng` (`views.resample`)."""
        twin = self.copy()
        twin.rng = rng.spawn()
        twin._legal = {}
        twin.forget_worth()
        # Nothing hidden lies on the main island or among the roof tiles, and the roof tiles' worth
        # reads nothing else a seat cannot see: the samples share them with the position.
        twin._island = self._island
        twin._roof_worth = self._roof_worth[:]
        twin._sampled = self._sampled
        views.resample(self, twin, seat, rng)
        return twin
