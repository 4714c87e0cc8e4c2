"""A position of Murano as a `GameState` (rules page: Components to the Special Building Card Index, and
the online rule options).

A turn is a choice (``act``, ``pass`` or ``lighthouse``), the ships that must sail on, then the
action's own decisions. The position's data and queries are in `laguna.games.murano.position`, the
rules in `laguna.games.murano.rules`, one module a section; this class routes each decision to its
section through tables built once. The estimate of the final scores is a bot's judgement, not a rule:
the game hands it to the state it builds (`heuristic`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from laguna.core.errors import IllegalAction
from laguna.core.game import JSON, Event, RulesState, Seat
from laguna.core.messages import N_, Message, msg
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.core.rng import Rng
from laguna.games.murano import actions as notation
from laguna.games.murano.actions import Action
from laguna.games.murano.components import Components
from laguna.games.murano.options import MuranoOptions
from laguna.games.murano.position import CATEGORIES, Phase, Position
from laguna.games.murano.rules import (
    building,
    buying,
    gondoliers,
    income,
    production,
    recruiting,
    sailing,
    scoring,
    special_buildings,
    views,
)

_new: Final = object.__new__
"""What a copy is made with: an instance without `__init__`."""

Heuristic = Callable[["MuranoState"], tuple[float, ...]]
"""A bot's estimate of every seat's final score."""

_LEGAL: Final[dict[Phase, Callable[[Position, Seat], list[Action]]]] = {
    Phase.PRELUDE: recruiting.recruit_options,
    Phase.TURN: sailing.turn_options,
    Phase.CLEAR: sailing.clear_options,
    Phase.MOVER: sailing.mover_options,
    Phase.BUY: buying.buy_options,
    Phase.RECRUIT: recruiting.recruit_options,
    Phase.GONDOLA: gondoliers.place_options,
    Phase.BUILD: building.build_options,
    Phase.PLACE_STREET: building.street_options,
    Phase.SPECIAL_CARD: special_buildings.card_options,
    Phase.INCOME: income.income_options,
    Phase.PRODUCE: production.produce_options,
    Phase.SELL: production.sell_options,
    Phase.GONDOLIER: gondoliers.gondolier_options,
    Phase.FINAL_PLACE: building.final_place_options,
    Phase.RETURN_BEAD: production.return_options,
    Phase.SCORING: scoring.score_options,
}
"""The legal decisions of each phase (none once the game is over)."""
_APPLY: Final[dict[type, Callable[[Position, Seat, Any, list[Event]], None]]] = {
    notation.Act: sailing.do_act,
    notation.Sail: sailing.do_sail,
    notation.Lighthouse: sailing.do_lighthouse,
    notation.Pass: sailing.do_pass,
    notation.BuyTile: buying.do_buytile,
    notation.Recruit: recruiting.do_recruit,
    notation.Decline: recruiting.do_decline,
    notation.Gondola: gondoliers.do_gondola,
    notation.Dismiss: gondoliers.do_dismiss,
    notation.Hire: gondoliers.do_hire,
    notation.DrawStreet: building.do_drawstreet,
    notation.Place: building.do_place,
    notation.Build: building.do_build,
    notation.TakeCard: building.do_takecard,
    notation.Done: building.do_done,
    notation.Income: income.do_income,
    notation.Produce: production.do_produce,
    notation.Sell: production.do_sell,
    notation.ReturnBead: production.do_returnbead,
    notation.Score: scoring.do_score,
    notation.Skip: scoring.do_skip,
}
"""Each decision's rule, by its type."""
_EXPLAIN: Final[dict[type, Callable[[Position, Seat, Any], Message | None]]] = {
    notation.Sail: sailing.explain_sail,
    notation.Score: scoring.explain_score,
    notation.Skip: scoring.explain_skip,
    notation.Build: building.explain_build,
    notation.Place: building.explain_place,
    notation.DrawStreet: building.explain_drawstreet,
    notation.Gondola: gondoliers.explain_gondola,
    notation.Dismiss: gondoliers.explain_dismiss,
    notation.Hire: gondoliers.explain_hire,
    notation.Recruit: recruiting.explain_recruit,
    notation.BuyTile: buying.explain_buytile,
    notation.Sell: production.explain_sell,
    notation.Produce: production.explain_produce,
    notation.ReturnBead: production.explain_returnbead,
    notation.TakeCard: special_buildings.explain_takecard,
    notation.Income: income.explain_income,
}
"""Why a decision of each type is illegal, after the turn's choice (None: not in this phase)."""
_NOT_COMPARED: Final = frozenset(
    {
        "_legal",
        "_street",
        "_shop",
        "_palace",
        "character",
        "_special",
        "_street_spaces",
        "_building_spaces",
        "_beside",
        "_island_spaces",
        "_known_facts",
        "_free",
        "scoring_facts",
        "plan",
        "components",
        "heuristic",
        "heuristic_memo",
    }
)
"""What equality skips: caches, what follows from the components, and the bots' estimate."""


class MuranoState(Position, RulesState[Action]):
    """One position. Build it with `Murano.new_game`."""

    def __init__(
        self, players: int, options: MuranoOptions, components: Components, rng: Rng, *, heuristic: Heuristic
    ) -> None:
        super().__init__(players, options, components, rng)
        self.heuristic = heuristic
        self.heuristic_memo: Any = None
        """What the heuristic keeps from an estimate for the positions that follow (it checks that it
        still holds); copies share it."""
        self._legal: dict[Seat, tuple[Action, ...]] = {}
        if options.preliminary_character:
            recruiting.begin_prelude(self)

    # ------------------------------------------------------------------ protocol

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.phase is Phase.OVER else (self.actor,)

    def _find_legal(self, seat: Seat) -> tuple[Action, ...]:
        return tuple(_LEGAL[self.phase](self, seat))

    def copy(self) -> MuranoState:
        """A twin that shares nothing the rules change in place: one dictionary built at once, the
        players and the board's dictionaries copied by their quickest means. The stacks, decks, other
        lists and the bag are shared: the rules replace them, never change them in place."""
        own = self.__dict__
        twin = _new(MuranoState)
        twin.__dict__ = {
            **own,
            "rng": self.rng.copy(),
            "_legal": self._legal.copy(),
            "tiles": self.tiles.copy(),
            "gondolas": self.gondolas.copy(),
            "boards": [player.copy() for player in self.boards],
        }
        return twin

    def _key(self) -> tuple[Any, ...]:
        parts = [value for name, value in sorted(self.__dict__.items()) if name not in _NOT_COMPARED]
        return (*parts, self.components.source)

    def explain_illegal(self, seat: Seat, action: Action) -> Message:
        if self.phase is Phase.OVER:
            return msg("the game is over")
        if self.phase is Phase.TURN:
            return sailing.explain_turn(self, seat, action)
        explain = _EXPLAIN.get(type(action))
        reason = explain(self, seat, action) if explain is not None else None
        return reason if reason is not None else msg("now is {phase}", phase=msg(self.phase.value))

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        self._legal = {}
        _APPLY[type(action)](self, seat, action, events)
        return events

    def outcome(self) -> Outcome:
        if self.phase is not Phase.OVER:
            raise IllegalAction(msg("the game is not over yet"))
        lines = [tuple((c, p.vp[c]) for c in CATEGORIES) for p in self.boards]
        scores = [p.score() for p in self.boards]
        ranks = rank([(scores[s], self.boards[s].gold) for s in range(self._players)])
        return Outcome(
            tuple(
                SeatResult(s, scores[s], ranks[s], lines[s], ((N_("gold"), self.boards[s].gold),))
                for s in range(self._players)
            ),
            ended_by=self.ended_by,
        )

    # ------------------------------------------------------------------ views and determinization

    def view(self, seat: Seat | None) -> JSON:
        return views.view(self, seat)

    def determinize(self, seat: Seat | None, rng: Rng) -> MuranoState:
        """Re-sample what `seat` cannot know (`views.resample`).

        The samples of a position take over what the estimate keeps of it (`heuristic_memo`), so it
        is worked out on the position once, not on every sample: a search judges only samples."""
        if self.heuristic_memo is None and self.phase is not Phase.OVER:
            self.heuristic(self)
        twin = self.copy()
        twin.rng = rng.spawn()
        twin._legal = {}
        views.resample(self, twin, seat, rng)
        return twin
