"""The authoritative table: every change to a game passes here. It checks who may act, validates the
decision against the rules, appends it to the game's log (refused if the game has moved on since the
version the player saw) and keeps the position as a cache rebuilt by replay (`laguna.server.positions`).
A finished game is also kept, for a while, as the position after each of its decisions, so that its
replay steps through positions already built.

Nothing here speaks HTTP: the web layer and the bot workers call the same methods, so a bot's turn is
checked exactly like a player's.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from laguna.bots import bot_seed, make_bot
from laguna.core import (
    Event,
    GameRecord,
    GameState,
    IllegalAction,
    LagunaError,
    get_game,
)
from laguna.core.messages import msg, quoted
from laguna.server.account_store import StoreError, User
from laguna.server.positions import Positions, replayed
from laguna.server.store import (
    BOT,
    FINISHED,
    HUMAN,
    INVITED,
    OPEN,
    PLAYING,
    WAITING,
    SeatInfo,
    StaleVersion,
    Store,
    TableInfo,
)

REPLAY_TABLES = 8
"""Finished games kept as every step's position, the most recently replayed: a few megabytes each."""
MAX_SEED = 2**63 - 1
GATHERING_TABLES = 10
"""Tables one player may have gathering players at once."""
OPEN_INVITATIONS = 20
"""Invitations one player may have waiting for an answer at once."""


class TableError(LagunaError):
    """A request the table refuses: not the player's seat, not their turn, a table not yet started…"""


class TooManyTables(TableError):
    """A new table asked by a player who gathers players at as many tables as they may."""


class GameNotOver(TableError):
    """What only a finished game shows (its replay) was asked of a game still being gathered or played."""


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """What the creator of a table asks for a seat: themselves, anyone with the link, a named user,
    or a bot of some level."""

    kind: str
    bot: str | None = None
    invited: str | None = None


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A decision a bot seat owes: the table's version it is owed at, the seat, the bot's name and seed,
    and the game's record to think over (a copy)."""

    table_id: str
    version: int
    seat: int
    bot: str
    seed: int
    record: GameRecord


@dataclass(frozen=True, slots=True)
class Played:
    """What a decision did: the table at the game's new version and the decision's events (public
    text, for the log)."""

    table: TableInfo
    events: tuple[Event, ...]

    @property
    def version(self) -> int:
        return self.table.version


@dataclass(frozen=True, slots=True)
class ReplayedDecision:
    """A decision of a finished game: whose it was, its notation, its events and the position it left."""

    seat: int
    action: str
    events: tuple[Event, ...]
    state: GameState[Any]


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished game step by step: step 0 is the set-up, step n the position after n decisions.
    Shared by every reader, so nobody may change its positions."""

    table: TableInfo
    setup: GameState[Any]
    decisions: tuple[ReplayedDecision, ...]

    @property
    def last(self) -> int:
        """The final step: the number of decisions."""
        return len(self.decisions)

    def position(self, step: int) -> GameState[Any]:
        """The position at `step` (0 to `last`)."""
        return self.setup if step == 0 else self.decisions[step - 1].state


class TableService(Positions):
    """Tables and their games over a `Store`. Safe to share between threads: the decisions of one table
    are taken one at a time in this process, and the log's version guards against other processes.

    The tables in use are cached with their positions (`Positions`), so that showing a table reads
    nothing from the database; a decision is checked against the database's version all the same,
    when it is appended.

    `bots` names the bots a seat may be given (None: any bot `make_bot` knows, with any budget; the
    browser table offers only the levels).
    """

    def __init__(self, store: Store, clock: Callable[[], datetime], *, bots: Collection[str] | None = None) -> None:
        super().__init__(store)
        self.clock = clock
        self.bots = bots
        self._replays: OrderedDict[str, Replay] = OrderedDict()

    # ------------------------------------------------------------------ gathering players

    def create(
        self,
        creator: User,
        game_id: str,
        seat_requests: Sequence[SeatRequest],
        options: dict[str, Any] | None = None,
        *,
        move_seconds: int | None = None,
        seed: int | None = None,
        listed: bool = True,
        rated: bool = False,
        spectator_chat: bool = True,
    ) -> TableInfo:
        """A new table. The first seat request of kind ``human`` is the creator's seat. A `listed` table
        is shown in the lobby while it gathers players; a `rated` one changes its players' ratings
        when the game ends; `spectator_chat` lets whoever does not sit at it read its chat."""
        game = get_game(game_id)
        typed = game.options(options)
        game.new_game(len(seat_requests), typed, 0)  # refuses a bad player count with the game's words
        if move_seconds is not None and move_seconds <= 0:
            raise TableError(msg("the time per move must be a positive number of seconds"))
        if rated:
            _check_rated(creator, seat_requests)
        self._check_gathering(creator, sum(r.kind == INVITED for r in seat_requests))
        seat_list = []
        creator_seated = False
        for index, request in enumerate(seat_requests):
            if request.kind == HUMAN:
                if creator_seated:
                    raise TableError(
                        msg("only one seat can be yours when you create a table; the others join by the link")
                    )
                creator_seated = True
                seat_list.append(SeatInfo(index, HUMAN, creator.id))
            elif request.kind == BOT:
                if not request.bot:
                    raise TableError(msg("seat {seat}: choose a bot level", seat=index + 1))
                self._check_bot(request.bot, game_id, index)
                seat_list.append(SeatInfo(index, BOT, bot=request.bot))
            elif request.kind == INVITED:
                invitee = self._invitee(creator, seat_requests, index, seat_list)
                seat_list.append(SeatInfo(index, INVITED, invited=invitee))
            elif request.kind == OPEN:
                seat_list.append(SeatInfo(index, OPEN))
            else:
                raise TableError(
                    msg(
                        "seat {seat}: {kind} is not a kind of seat (human, open, invited, bot)",
                        seat=index + 1,
                        kind=repr(request.kind),
                    )
                )
        return self.store.create_table(
            secrets.token_urlsafe(9),
            game_id,
            typed.to_dict(),
            secrets.randbelow(MAX_SEED) if seed is None else seed,
            seat_list,
            created_by=creator.id,
            invite_token=secrets.token_urlsafe(16),
            move_seconds=move_seconds,
            now=self.clock(),
            listed=listed,
            rated=rated,
            spectator_chat=spectator_chat,
        )

    def _invitee(self, creator: User, requests: Sequence[SeatRequest], index: int, seated: Sequence[SeatInfo]) -> str:
        """The name of the player invited to seat `index` (as they spell it): someone who exists, is not
        the table's creator and is not invited to another of its seats."""
        asked = (requests[index].invited or "").strip()
        found = self.store.login_of(asked) if asked else None
        if found is None:
            raise TableError(
                msg("seat {seat}: there is no player called {name} to invite", seat=index + 1, name=quoted(asked))
            )
        invitee = found[0]
        if self.store.refuses_invitations(invitee.id, creator.id):
            raise TableError(
                msg("seat {seat}: {name} does not take invitations from you", seat=index + 1, name=invitee.name)
            )
        if invitee.id == creator.id:
            mine = next((i for i, r in enumerate(requests) if r.kind == HUMAN), index)
            raise TableError(
                msg("seat {seat}: you sit at seat {mine} already; invite someone else", seat=index + 1, mine=mine + 1)
            )
        for other in seated:
            if other.kind == INVITED and other.invited and other.invited.lower() == invitee.name.lower():
                raise TableError(
                    msg(
                        "seat {seat}: {name} is already invited to seat {other}",
                        seat=index + 1,
                        name=invitee.name,
                        other=other.seat + 1,
                    )
                )
        return invitee.name

    def _check_gathering(self, creator: User, invitations: int) -> None:
        """Refuse a new table to a player who already gathers players at `GATHERING_TABLES` tables, or
        whose invitations would pass `OPEN_INVITATIONS`: nobody fills the lobbies of others with
        invitations faster than they can be answered."""
        made, invited = self.store.gathering(creator.id)
        if made >= GATHERING_TABLES:
            raise TooManyTables(
                msg(
                    "you already gather players at {count} tables: start or finish one of them first",
                    count=made,
                )
            )
        if invitations and invited + invitations > OPEN_INVITATIONS:
            raise TooManyTables(
                msg(
                    "you already have {count} invitations waiting for an answer (at most {most}): wait for them",
                    count=invited,
                    most=OPEN_INVITATIONS,
                )
            )

    def decline(self, table_id: str, user: User, *, block: bool = False) -> None:
        """`user` declines their invitation to the table (and, with `block`, every invitation from its
        creator, now and later)."""
        for declined in self.store.decline_invitation(table_id, user, block=block, now=self.clock()):
            self._forget(declined)

    def join(self, table_id: str, seat: int, user: User) -> TableInfo:
        """Seat `user` at the table; the game starts once every seat is filled (as on Yucata: nobody
        has to come back to press a button). A guest takes no seat at a rated table."""
        if user.guest and self.store.table(table_id).rated:
            raise TableError(msg("the table is rated: sign up to take a seat at it (guests play unrated tables)"))
        try:
            table = self.store.take_seat(table_id, seat, user)
        finally:
            self._forget(table_id)  # whether the write took or not, the database says who sits where
        if all(s.kind in (HUMAN, BOT) for s in table.seats):
            try:
                return self._begin(table)
            except StoreError:  # the last two seats were taken at once, and the other join started it
                started = self.store.table(table_id)
                if started.status == WAITING:
                    raise
                return started
        return table

    def start(self, table_id: str, user: User) -> TableInfo:
        """The creator starts the game once every seat is filled."""
        table = self.store.table(table_id)
        if table.created_by != user.id:
            raise TableError(msg("only the player who created the table can start it"))
        if table.status != WAITING:
            raise TableError(msg("the game has already started"))
        empty = [s.seat + 1 for s in table.seats if s.kind in (OPEN, INVITED)]
        if empty:
            raise TableError(msg("seat {seats} still waits for a player", seats=", ".join(map(str, empty))))
        return self._begin(table)

    def _begin(self, table: TableInfo) -> TableInfo:
        """The game of a table whose seats are all filled begins."""
        table_id = table.id
        match = self._fresh(table)
        try:
            started = self.store.start(table_id, match.state.to_act(), self.clock())
        finally:
            self._forget(table_id)
        self._remember(started, match)
        return started

    # ------------------------------------------------------------------ playing

    def act(self, table_id: str, user: User | None, seat: int, action: str, version: int) -> Played:
        """A player's (or, with `user` None, the seat's bot's) decision, made against `version`."""
        with self._locks.hold(table_id):
            table, match = self._match(table_id, at_least=version)
            self._check_turn(table, user, seat, version)
            state = match.state
            parsed = match.game.parse_action(action)
            if seat not in state.to_act():
                raise TableError(msg("it is not seat {seat}'s turn", seat=seat + 1))
            if parsed not in state.legal_actions(seat):
                raise IllegalAction(f"{parsed} is illegal: {state.explain_illegal(seat, parsed)}")
            with self._written_or_forgotten(table_id):
                events = match.act(seat, parsed)
                result = match.record.result if state.is_terminal() else None
                now = self.clock()
                new_version = self.store.append(
                    table_id, version, seat, str(parsed), waiting=state.to_act(), now=now, result=result
                )
                changed = table.after_decision(new_version, state.to_act(), now, result)
                if result is not None:  # the players' standings and new ratings, as the database has them
                    changed = self.store.table(table_id)
                self._remember(changed, match)
            return Played(changed, tuple(events))

    def undo(self, table_id: str, user: User, seat: int, version: int) -> int:
        """Take back the seat's own last decision, where the undo policy allows; returns the new version."""
        with self._locks.hold(table_id):
            table, match = self._match(table_id, at_least=version)
            self._check_turn(table, user, seat, version)
            undone = match.record.actions[-1].action if match.record.actions else ""
            with self._written_or_forgotten(table_id):
                match.undo(seat)  # UndoError says why not
                now = self.clock()
                new_version = self.store.append(
                    table_id, version, seat, undone, waiting=match.state.to_act(), now=now, undo=True
                )
                self._remember(table.after_decision(new_version, match.state.to_act(), now, None), match)
            return new_version

    def bot_owing(self, table_id: str) -> BotTurn | None:
        """The decision a bot seat owes now, if any: what its bot needs to think it over elsewhere."""
        with self._locks.hold(table_id):
            table, match = self._match(table_id)
            if table.status != PLAYING:
                return None
            for seat in table.waiting:
                info = table.seats[seat]
                if info.kind == BOT and info.bot:
                    record = replace(match.record, actions=list(match.record.actions))
                    seed = bot_seed(table.seed + table.version, seat)
                    return BotTurn(table.id, table.version, seat, info.bot, seed, record)
            return None

    def bot_turn(self, table_id: str) -> Played | None:
        """Let a bot seat that owes a decision take it, thinking here; None when no bot owes one (the
        browser table's bots think in worker processes instead, see `laguna.server.bots`)."""
        turn = self.bot_owing(table_id)
        if turn is None:
            return None
        _, state = self.position(table_id)
        choice = str(make_bot(turn.bot, turn.seed, turn.record.game).choose(state, turn.seat))
        return self.act(table_id, None, turn.seat, choice, turn.version)

    def hand_to_bot(self, table_id: str, seat: int, bot: str, version: int, *, by: User | None = None) -> TableInfo:
        """A bot of level `bot` takes over a seat. Asked by a player (`by`), this is Board Game Arena's
        answer to an abandoned game: another player at the table may hand over a seat whose player
        has let the table's time per move run out on a decision they owe."""
        table = self.table(table_id)
        self._check_bot(bot, table.game, seat)
        if by is not None:
            self._check_abandoned(table, seat, by)
        try:
            return self.store.set_seat(table_id, SeatInfo(seat, BOT, bot=bot), version=version)
        finally:
            self._forget(table_id)  # the new player is read back from the database, whatever happened

    def abandoned(self, table: TableInfo) -> list[int]:
        """Seats whose player has owed a decision for longer than the table's time per move."""
        if table.status != PLAYING or table.move_seconds is None or table.last_move_at is None:
            return []
        late = (self.clock() - table.last_move_at).total_seconds() >= table.move_seconds
        return [s for s in table.waiting if late and table.seats[s].kind == HUMAN]

    def _check_abandoned(self, table: TableInfo, seat: int, by: User) -> None:
        if not table.seat_of(by.id):
            raise TableError(msg("only a player at this table can hand a seat to a bot"))
        if table.move_seconds is None:
            raise TableError(msg("this table has no time limit: every player may take as long as they like"))
        if not 0 <= seat < table.players or seat in table.seat_of(by.id):
            raise TableError(msg("seat {seat} is not another player's seat", seat=seat + 1))
        if seat not in self.abandoned(table):
            raise TableError(
                msg("seat {seat} has not run out of time: it can be handed over only once it has", seat=seat + 1)
            )

    def rematch(self, table_id: str, user: User) -> TableInfo:
        """A new table for the same game, options and seats (listed, rated and its chat shown to
        spectators as the old one was): the players are invited again, the bots return, and the one who
        asks sits at their old seat."""
        table = self.store.table(table_id)
        if table.status != FINISHED:
            raise TableError(msg("a rematch is offered once the game is over"))
        if not table.seat_of(user.id):
            raise TableError(msg("only a player of this game can ask for a rematch"))
        requests = []
        creator_seat = table.seat_of(user.id)[0]
        for info in table.seats:
            if info.seat == creator_seat:
                requests.append(SeatRequest(HUMAN))
            elif info.kind == BOT:
                requests.append(SeatRequest(BOT, bot=info.bot))
            elif info.user_name and info.user_id != user.id:
                requests.append(SeatRequest(INVITED, invited=info.user_name))
            else:
                requests.append(SeatRequest(OPEN))
        return self.create(
            user, table.game, requests, dict(table.options), move_seconds=table.move_seconds, listed=table.listed,
            rated=table.rated, spectator_chat=table.spectator_chat,
        )  # fmt: skip

    # ------------------------------------------------------------------ replays

    def replay(self, table_id: str) -> Replay:
        """The finished game of the table, every step's position built once and kept while it is among
        the most recently replayed (a finished game never changes, so nothing ever makes it stale)."""
        with self._locks.hold(table_id):
            cached = self.cached_replay(table_id)
            if cached is not None:
                return cached
            table = self.store.table(table_id)
            if table.status != FINISHED:
                raise GameNotOver(
                    msg("the game at table {table} is not over: its replay is shown once it is", table=repr(table_id))
                )
            match = self._fresh(table)
            setup = match.state.copy()
            decisions = []
            for number, entry in enumerate(self.store.record(table_id, table).actions, start=1):
                events = replayed(table_id, number, match, entry)
                decisions.append(ReplayedDecision(entry.seat, entry.action, tuple(events), match.state.copy()))
            replay = Replay(table, setup, tuple(decisions))
            with self._cache_lock:
                self._replays[table_id] = replay
                while len(self._replays) > REPLAY_TABLES:
                    self._replays.popitem(last=False)
            return replay

    def cached_replay(self, table_id: str) -> Replay | None:
        """The replay if it is cached; None rather than read the database (so that the event loop may
        call it)."""
        with self._cache_lock:
            replay = self._replays.get(table_id)
            if replay is not None:
                self._replays.move_to_end(table_id)
            return replay

    def _check_turn(self, table: TableInfo, user: User | None, seat: int, version: int) -> None:
        if table.status == WAITING:
            raise TableError(msg("the game has not started yet"))
        if table.status != PLAYING:
            raise TableError(msg("the game is over"))
        if not 0 <= seat < table.players:
            raise TableError(f"the table has no seat {seat + 1}")
        info = table.seats[seat]
        if user is None:
            if info.kind != BOT:
                raise TableError(f"seat {seat + 1} is not a bot's")
        elif info.kind != HUMAN or info.user_id != user.id:
            raise TableError(f"seat {seat + 1} is not yours")
        if version != table.version:
            raise StaleVersion(
                f"the game has moved on (version {table.version}, not {version}): reload to see the latest decisions"
            )

    def _check_bot(self, bot: str, game_id: str, seat: int) -> None:
        """Refuse a bot this table does not offer, or one `make_bot` does not know, naming it."""
        if self.bots is not None and bot not in self.bots:
            raise TableError(
                msg(
                    "seat {seat}: {bot} is not a bot level here (levels: {levels})",
                    seat=seat + 1,
                    bot=repr(bot[:40]),
                    levels=", ".join(self.bots),
                )
            )
        make_bot(bot, 0, game_id)  # an unknown bot is refused by name


def _check_rated(creator: User, requests: Sequence[SeatRequest]) -> None:
    """A rated table is made by a signed-up player, for two players or more (bots are not rated)."""
    if creator.guest:
        raise TableError(msg("guests play unrated tables: sign up to create a rated one"))
    if sum(request.kind != BOT for request in requests) < 2:
        raise TableError(msg("a rated table needs two seats for players or more: bots are not rated"))
