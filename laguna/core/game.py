"""The game protocol every Laguna game implements, and every bot, table and adapter is written against.

A `Game` describes a game (its id, player counts, options, action notation) and starts states. A
`GameState` is one position: who owes a decision, the legal decisions of a seat, `apply` of one
decision, the outcome, per-seat views with hidden information removed, determinization for search,
and a cheap copy. Turns are sequences of small decisions; more than one seat in `to_act` means a
simultaneous decision, which each seat commits in secret.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, Generic, Protocol, Self, TypeVar

from laguna.core.errors import IllegalAction, NotationError, OptionsError
from laguna.core.messages import N_, Message, excerpt, msg, quoted, render
from laguna.core.notation import read_number
from laguna.core.options import GameOptions
from laguna.core.outcome import Outcome
from laguna.core.rng import MAX_SEED, Rng

Seat = int
"""Seats are numbered 0 .. players-1 in clockwise order."""

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the game log and animations. Events carry public information only.

    An event and its message are never changed once made (`data` is read, never written), so a game
    may make a log line once and hand the same event out again: the search applies thousands of
    decisions whose events nobody reads."""

    kind: str
    seat: Seat | None
    message: Message | str
    """What the log says, translated where it is shown (see `laguna.core.messages`)."""
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The log line in English, seats named "Player 1", "Player 2", …"""
        return render(self.message)

    def to_json(self) -> JSON:
        return {"kind": self.kind, "seat": self.seat, "text": self.text, "data": dict(self.data)}


A = TypeVar("A", bound=Hashable)
Opt = TypeVar("Opt", bound=GameOptions)
S = TypeVar("S", bound="GameState[Any]")
K = TypeVar("K")
A_co = TypeVar("A_co", covariant=True)
Opt_contra = TypeVar("Opt_contra", bound=GameOptions, contravariant=True)


def seats_from(viewer: Seat | None, players: int) -> list[Seat]:
    """Every seat in turn order from `viewer`'s own (seat 0's for a spectator): how observations list
    the seats, so that a learner finds its own seat first whichever it plays.

    >>> seats_from(2, 4), seats_from(None, 3)
    ([2, 3, 0, 1], [0, 1, 2])
    """
    first = 0 if viewer is None else viewer
    return [(first + k) % players for k in range(players)]


def copy_counter(counter: Counter[K]) -> Counter[K]:
    """A copy of a `Counter` for `GameState.copy`: the same as ``Counter(counter)`` without its
    general-purpose ``update`` path, which search pays for on every copy of every position.

    >>> copy_counter(Counter("lagoon"))
    Counter({'o': 2, 'l': 1, 'a': 1, 'g': 1, 'n': 1})
    """
    twin: Counter[K] = Counter.__new__(Counter)
    dict.update(twin, counter)
    return twin


class GameState(ABC, Generic[A]):
    """One position of a game. `apply` changes it in place; `copy` first to keep the old one."""

    @property
    @abstractmethod
    def players(self) -> int:
        """The number of seats."""

    @property
    @abstractmethod
    def reveal_count(self) -> int:
        """Grows whenever an action reveals hidden information or draws chance.

        The undo policy reads it: a decision that changed it cannot be taken back.
        """

    @abstractmethod
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that owe a decision now, empty once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[A]:
        """The decisions open to `seat` now, in a stable order; empty if it owes none."""

    @abstractmethod
    def explain_illegal(self, seat: Seat, action: A) -> Message | str:
        """Say which rule forbids `action` for `seat` now (only called for an illegal action)."""

    @abstractmethod
    def _apply(self, seat: Seat, action: A) -> list[Event]:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """The final scores; only once the game is over."""

    @abstractmethod
    def view(self, seat: Seat | None) -> JSON:
        """What `seat` sees (``None``: a spectator), JSON-ready, hidden information removed."""

    @abstractmethod
    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """A copy in which everything `seat` cannot see is re-sampled consistently with its view."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy: no decision applied to either changes the other. It may share a
        container with this state only where the rules replace that container instead of changing it
        in place (copy-on-write), which keeps the copies a search makes cheap."""

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """Every part of the position, hidden ones included (caches aside): what equality compares."""

    def __eq__(self, other: object) -> bool:
        """States are equal when every part is equal; replay checks and copy tests rely on it."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameState)
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    @abstractmethod
    def estimate(self) -> tuple[float, ...]:
        """Every seat's expected final score from here, by the game's own heuristic.

        Bots call it on determinized copies only, so it may read the whole state. It is cheap (search
        calls it once per iteration) and, at the end of the game, equals the final scores.
        """

    def is_terminal(self) -> bool:
        return not self.to_act()

    def apply(self, seat: Seat, action: A) -> list[Event]:
        """Validate and apply one decision; an illegal one raises `IllegalAction` naming the rule.

        An illegal action leaves the state untouched.
        """
        if seat not in self.to_act():
            if self.is_terminal():
                raise IllegalAction(msg("the game is over: no seat owes a decision"))
            waiting = ", ".join(str(s) for s in self.to_act())
            raise IllegalAction(
                msg("seat {seat} owes no decision now (waiting for seat {waiting})", seat=seat, waiting=waiting)
            )
        if action not in self.legal_actions(seat):
            raise IllegalAction(
                msg(
                    "{action} is illegal: {reason}",
                    action=excerpt(str(action)),
                    reason=self.explain_illegal(seat, action),
                )
            )
        return self._apply(seat, action)

    def apply_unchecked(self, seat: Seat, action: A) -> list[Event]:
        """Apply a decision taken from ``legal_actions(seat)`` of this very position, without checking
        it again: the fast path of search, which draws its actions from that list."""
        return self._apply(seat, action)


class Seats:
    """The two counts a position keeps for the protocol in every game: how many seats it has
    (``_players``) and how often a decision revealed hidden information or drew chance (``reveals``,
    which the undo policy reads). A mixin without slots of its own, so a position may keep its fields
    in slots or in a dictionary."""

    __slots__ = ()
    _players: int
    reveals: int

    @property
    def players(self) -> int:
        return self._players

    @property
    def reveal_count(self) -> int:
        return self.reveals


class RulesState(GameState[A]):
    """What a game's state does the same way whatever its rules: it finds the decisions of a seat to
    act by its phase's rules once, and keeps them until the next decision; and it answers `estimate`
    with the heuristic its `Game` supplies (``heuristic=``), so the rules never import a bot's
    judgement."""

    heuristic: Callable[[Any], tuple[float, ...]]
    """Every seat's expected final score in a position: the game's heuristic, given by the game."""
    _legal: dict[Seat, tuple[A, ...]]
    """The decisions of each seat to act, kept while the position stays (every decision clears it)."""

    def estimate(self) -> tuple[float, ...]:
        return self.heuristic(self)

    def legal_actions(self, seat: Seat) -> tuple[A, ...]:
        if seat not in self.to_act():
            return ()
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._find_legal(seat)
        return cached

    @abstractmethod
    def _find_legal(self, seat: Seat) -> tuple[A, ...]:
        """The decisions open to `seat`, which owes one now: what the rules of the phase allow."""


class ActionNotation(Protocol[A_co]):
    """A game's actions module, as its `Game` reads the notation through it."""

    def parse_action(self, text: str, /) -> A_co: ...


class Encoder(Protocol):
    """The numbering of one set-up's views: named segments whose sizes depend on the set-up only."""

    def encode(self, view: JSON, /) -> dict[str, list[float]]: ...


class Encoding(Protocol[A_co, Opt_contra]):
    """A game's encoding module, as its `Game` hands research interfaces the numbers through it."""

    def action_space(self, players: int, options: Opt_contra, /) -> Sequence[A_co]: ...

    def encoder(self, players: int, options: Opt_contra, /) -> Encoder: ...


class Game(ABC, Generic[S, A, Opt]):
    """A game's description: identity, player counts, options, notation, and new states."""

    id: str
    name: str
    min_players: int
    max_players: int
    options_type: type[Opt]
    summary: str = ""
    option_examples: tuple[Mapping[str, Any], ...] = ()
    """Option sets beyond the boolean combinations that the conformance suite must also pass."""
    solo_ratings: tuple[tuple[int | None, str], ...] = ()
    """The rulebook's solo rating table, lowest tier first: (least score, title), ``None`` for the tier
    every score earns. Empty for a game without a solo table."""
    actions: ActionNotation[A]
    """The module of the game's decisions, whose `parse_action` reads the notation (unless the game
    overrides `parse_action`)."""
    encoding: Encoding[A, Opt]
    """The module that numbers the game's actions and views for research interfaces (unless the game
    overrides `action_space` and `observation`)."""

    @abstractmethod
    def _new_state(self, players: int, options: Opt, seed: int) -> S:
        """Set the game up for `players` seats with already-validated options."""

    def parse_action(self, text: str) -> A:
        """Parse the canonical notation of an action; raises `NotationError` naming the problem."""
        return self.actions.parse_action(text)

    def action_space(self, players: int, options: Opt) -> Sequence[A]:
        """Every action that can ever be legal in a game of this set-up, once each, in a fixed order.

        Research interfaces number actions by their place here, so the order never depends on a seed.
        """
        return self.encoding.action_space(players, options)

    def observation(self, view: JSON, players: int, options: Opt) -> dict[str, list[float]]:
        """A seat's view as numbers: named segments whose sizes depend on the set-up only.

        It reads the view, never the state, so it cannot show more than the view does.
        """
        return self.encoding.encoder(players, options).encode(view)

    def observation_buffer(self, state: S, seat: Seat | None, players: int, options: Opt) -> bytes:
        """The numbers of ``observation(state.view(seat), ...)``, segment after segment, as float32 bytes
        in the machine's byte order: what research interfaces turn into an array at every step.

        A game may write them straight from the state, for speed, reading only what the view shows;
        the encoding tests check that both give the same numbers.
        """
        numbers = chain.from_iterable(self.observation(state.view(seat), players, options).values())
        return array("f", numbers).tobytes()

    def validate_options(self, players: int, options: Opt) -> None:
        """Refuse option values that make no sense for this player count (raise `OptionsError`)."""

    def options(self, values: Mapping[str, Any] | Opt | None = None) -> Opt:
        if isinstance(values, self.options_type):
            return values
        if values is not None and not isinstance(values, Mapping):
            raise OptionsError(
                msg("options for {game} must be a mapping, not {kind}", game=self.id, kind=type(values).__name__)
            )
        return self.options_type.from_mapping(values)

    def new_game(self, players: int, options: Mapping[str, Any] | Opt | None = None, seed: int = 0) -> S:
        """Start a game.

        Raises `OptionsError` for a player count, option or seed (0 to `MAX_SEED`) the game does not support.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionsError(
                msg("the number of players must be a whole number, not {players}", players=quoted(players))
            )
        self.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise OptionsError(
                msg("the seed must be a whole number from 0 to {most}, not {seed}", most=MAX_SEED, seed=quoted(seed))
            )
        typed = self.options(options)
        self.validate_options(players, typed)
        return self._new_state(players, typed, seed)

    def check_players(
        self, players: int, refusal: str = N_("{game} is for {least}–{most} players, not {players}")
    ) -> None:
        """Refuse (`OptionsError`) a player count the game is not for, by default naming the counts it
        is for; `refusal` is a template with the same fields, marked with `N_` where it is written."""
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(
                msg(refusal, game=self.name, least=self.min_players, most=self.max_players, players=players)
            )

    def parse_legal(self, state: S, seat: Seat, text: str) -> A:
        """Parse `text` as a number from 1 in the legal list, or as notation."""
        legal = state.legal_actions(seat)
        stripped = text.strip()
        if stripped.isascii() and stripped.isdigit():
            index = read_number(stripped, len(legal))
            if not index:
                raise NotationError(
                    msg(
                        "there is no action number {index} (choose 1–{last})",
                        index=excerpt(stripped),
                        last=len(legal),
                    )
                )
            chosen: A = legal[index - 1]
            return chosen
        return self.parse_action(stripped)

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)
