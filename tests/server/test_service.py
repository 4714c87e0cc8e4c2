"""The authoritative table: who may act, rules enforced with their own words, stale decisions refused,
undo by the policy, bots playing their seats, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine

from laguna.core import IllegalAction, NotationError, OptionsError, UndoError, UnknownGame, get_game, replay
from laguna.server.account_store import User
from laguna.server.service import SeatRequest, TableError, TableService
from laguna.server.store import BOT, FINISHED, HUMAN, INVITED, OPEN, PLAYING, WAITING, StaleVersion, Store

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GAME = "walking-in-burano"


@pytest.fixture
def service(engine: Engine) -> TableService:
    return TableService(Store(engine), lambda: NOW)


@pytest.fixture
def ada(service: TableService) -> User:
    return service.store.create_user("Ada", "h", NOW)


@pytest.fixture
def bob(service: TableService) -> User:
    return service.store.create_user("Bob", "h", NOW)


STARTED = 2
"""The version of a two-player table once started: Bob's joining and the start it brings are its
changes so far."""


def _two_players(service: TableService, ada: User, bob: User, seed: int = 42) -> str:
    table = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(INVITED, invited="bob")], seed=seed)
    joined = service.join(table.id, 1, bob)  # the last seat: the game starts with it
    assert joined.status == PLAYING and joined.version == STARTED
    return table.id


def _cached_and_elsewhere(service: TableService, ada: User, bob: User) -> tuple[str, TableService]:
    """A started table whose position `service` caches, and another server process's service."""
    table_id = _two_players(service, ada, bob)
    service.position(table_id)
    return table_id, TableService(Store(service.store.engine), lambda: NOW)


def _log_length(service: TableService, table_id: str) -> int:
    return len(service.store.log(table_id))


@pytest.mark.parametrize(
    ("game", "seats", "options", "error", "message"),
    [
        ("chess", [SeatRequest(HUMAN)], {}, UnknownGame, "chess"),
        (GAME, [SeatRequest(HUMAN)] + [SeatRequest(OPEN)] * 4, {}, OptionsError, "1–4 players, not 5"),
        (GAME, [SeatRequest(HUMAN), SeatRequest(OPEN)], {"nonsense": True}, OptionsError, "nonsense"),
        (GAME, [SeatRequest(HUMAN), SeatRequest(BOT, bot="grandmaster")], {}, Exception, "grandmaster"),
        (GAME, [SeatRequest(HUMAN), SeatRequest(BOT)], {}, TableError, "seat 2: choose a bot level"),
        (GAME, [SeatRequest(HUMAN), SeatRequest(INVITED, invited="zed")], {}, TableError, "no player called 'zed'"),
        (GAME, [SeatRequest(HUMAN), SeatRequest(HUMAN)], {}, TableError, "only one seat can be yours"),
        (GAME, [SeatRequest(HUMAN), SeatRequest("sofa")], {}, TableError, "'sofa' is not a kind of seat"),
    ],
)
def test_a_bad_table_is_refused_with_the_reason(
    service: TableService,
    ada: User,
    *,
    game: str,
    seats: list[SeatRequest],
    options: dict[str, bool],
    error: type[Exception],
    message: str,
) -> None:
    with pytest.raises(error, match=message):
        service.create(ada, game, seats, options)


def test_the_time_per_move_is_positive(service: TableService, ada: User) -> None:
    with pytest.raises(TableError, match="positive number of seconds"):
        service.create(ada, GAME, [SeatRequest(HUMAN)], move_seconds=0)
    table = service.create(ada, GAME, [SeatRequest(HUMAN)], move_seconds=3600)
    assert table.move_seconds == 3600
    assert table.options == get_game(GAME).options().to_dict()  # every option written out: the record is whole


def test_only_the_creator_starts_and_only_a_full_table(service: TableService, ada: User, bob: User) -> None:
    """The start is left for a table whose seats were filled without a join: a join that fills the
    last seat has started the game already."""
    table = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(OPEN), SeatRequest(BOT, bot="easy")])
    with pytest.raises(TableError, match="seat 2 still waits for a player"):
        service.start(table.id, ada)
    joined = service.join(table.id, 1, bob)
    assert joined.status == PLAYING and joined.version == STARTED
    with pytest.raises(TableError, match="already started"):
        service.start(table.id, ada)
    assert service.store.table(table.id).version == STARTED  # the refused start changed nothing
    full = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(BOT, bot="easy")])
    with pytest.raises(TableError, match="only the player who created the table"):
        service.start(full.id, bob)
    assert service.store.table(full.id).status == WAITING
    started = service.start(full.id, ada)
    assert started.status == PLAYING and started.version == 1
    assert started.waiting == service.position(full.id)[1].to_act() != ()
    with pytest.raises(TableError, match="already started"):
        service.start(full.id, ada)


def test_the_join_that_fills_the_last_seat_starts_the_game(service: TableService, ada: User, bob: User) -> None:
    """As on Yucata, nobody has to come back to start a full table; and two players taking the last two
    seats start it once, with the second join."""
    cleo = service.store.create_user("Cleo", "h", NOW)
    seats = [SeatRequest(HUMAN), SeatRequest(OPEN), SeatRequest(INVITED, invited="Cleo")]
    table = service.create(ada, GAME, seats, seed=11)
    first = service.join(table.id, 1, bob)
    assert (first.status, first.version, first.waiting) == (WAITING, 1, ())
    last = service.join(table.id, 2, cleo)
    assert last.status == PLAYING and last.started_at == NOW
    assert last.version == 3  # two joins and one start
    set_up = replay(service.store.record(table.id))
    assert last.waiting == set_up.to_act() != ()  # the seats the game's set-up waits for
    assert service.position(table.id) == (last, set_up)
    elsewhere = TableService(Store(service.store.engine), lambda: NOW).position(table.id)
    assert elsewhere == (last, set_up)
    assert service.store.log(table.id) == []
    seat = set_up.to_act()[0]  # its player may decide at once, at the started version
    played = service.act(table.id, (ada, bob, cleo)[seat], seat, str(set_up.legal_actions(seat)[0]), last.version)
    assert played.version == 4


def test_each_player_acts_only_for_their_own_seat_on_their_turn(service: TableService, ada: User, bob: User) -> None:
    table_id = _two_players(service, ada, bob)
    _, state = service.position(table_id)
    first = str(state.legal_actions(0)[0])
    with pytest.raises(TableError, match="seat 1 is not yours"):
        service.act(table_id, bob, 0, first, STARTED)
    with pytest.raises(TableError, match="not seat 2's turn"):
        service.act(table_id, bob, 1, first, STARTED)
    with pytest.raises(TableError, match="no seat 5"):
        service.act(table_id, bob, 4, first, STARTED)
    with pytest.raises(TableError, match="seat 2 is not a bot's"):
        service.act(table_id, None, 1, first, STARTED)
    with pytest.raises(NotationError):
        service.act(table_id, ada, 0, "fly to the moon", STARTED)
    with pytest.raises(IllegalAction, match="is illegal: "):
        service.act(table_id, ada, 0, "place O1b c1", STARTED)
    with pytest.raises(StaleVersion, match="moved on"):
        service.act(table_id, ada, 0, first, STARTED + 3)
    assert _log_length(service, table_id) == 0
    played = service.act(table_id, ada, 0, first, STARTED)
    assert played.version == STARTED + 1 and played.events
    assert _log_length(service, table_id) == 1


def test_a_refused_write_leaves_the_position_as_the_log_has_it(service: TableService, ada: User, bob: User) -> None:
    """Another server took the version first: this one's cached position must not keep its decision."""
    table_id = _two_players(service, ada, bob)
    _, state = service.position(table_id)
    other = TableService(Store(service.store.engine), lambda: NOW)
    other.act(table_id, ada, 0, str(state.legal_actions(0)[0]), STARTED)
    with pytest.raises(StaleVersion):  # this server learns the version from the database
        service.act(table_id, ada, 0, str(state.legal_actions(0)[1]), STARTED)
    table, now = service.position(table_id)
    assert table.version == STARTED + 1
    assert now == replay(service.store.record(table_id))


def test_undo_follows_the_policy(service: TableService, ada: User, bob: User) -> None:
    table_id = _two_players(service, ada, bob)
    with pytest.raises(UndoError, match="nothing to undo"):
        service.undo(table_id, ada, 0, STARTED)
    _, state = service.position(table_id)
    service.act(table_id, ada, 0, "take c1 f1", STARTED)
    with pytest.raises(TableError, match="not yours"):
        service.undo(table_id, bob, 0, STARTED + 1)
    with pytest.raises(UndoError, match="not yours"):
        service.undo(table_id, bob, 1, STARTED + 1)
    assert service.undo(table_id, ada, 0, STARTED + 1) == STARTED + 2
    table, after = service.position(table_id)
    assert after == state and table.waiting == (0,)
    assert service.store.record(table_id).actions == []
    service.act(table_id, ada, 0, "take c1 f1", STARTED + 2)
    service.act(table_id, ada, 0, "place O1b c1", STARTED + 3)
    service.act(table_id, bob, 1, "take c1 f2", STARTED + 4)
    service.act(table_id, bob, 1, "place P2c c1", STARTED + 5)  # refills the market: chance, so it stands
    with pytest.raises(UndoError, match="revealed hidden information or drew chance"):
        service.undo(table_id, bob, 1, STARTED + 6)
    assert [a.action for a in service.store.record(table_id).actions][-1] == "place P2c c1"


def test_a_game_against_a_bot_is_played_to_its_end(service: TableService, ada: User) -> None:
    table = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(BOT, bot="medium")], seed=7)
    service.start(table.id, ada)
    while True:
        if service.bot_turn(table.id) is not None:
            continue
        info, state = service.position(table.id)
        if info.status == FINISHED:
            break
        assert state.to_act() == (0,)
        service.act(table.id, ada, 0, str(state.legal_actions(0)[-1]), info.version)
    info, state = service.position(table.id)
    assert info.result is not None and info.result == state.outcome().to_json()
    record = service.store.record(table.id)
    assert record.seats == ["Ada", "medium"]
    assert replay(record) == state
    with pytest.raises(TableError, match="the game is over"):
        service.act(table.id, ada, 0, "take c1 f1", info.version)
    assert service.bot_turn(table.id) is None


def test_an_abandoned_seat_can_be_handed_to_a_bot(service: TableService, ada: User, bob: User) -> None:
    table_id = _two_players(service, ada, bob)
    service.act(table_id, ada, 0, "take c1 f1", STARTED)
    service.act(table_id, ada, 0, "place O1b c1", STARTED + 1)
    with pytest.raises(Exception, match="grandmaster"):
        service.hand_to_bot(table_id, 1, "grandmaster", STARTED + 2)
    table = service.hand_to_bot(table_id, 1, "easy", STARTED + 2)
    assert table.version == STARTED + 3 and table.seats[1].label == "easy"
    with pytest.raises(TableError, match="not yours"):
        service.act(table_id, bob, 1, "take c1 f2", STARTED + 3)
    with pytest.raises(StaleVersion):
        service.act(table_id, None, 1, "take c1 f2", STARTED + 2)
    played = service.bot_turn(table_id)
    assert played is not None and played.version == STARTED + 4
    assert service.store.log(table_id)[-1].seat == 1


def test_a_seat_that_ran_out_of_time_can_be_handed_to_a_bot_by_another_player(engine: Engine) -> None:
    clock = [NOW]
    service = TableService(Store(engine), lambda: clock[0])
    ada, bob = service.store.create_user("Ada", "h", NOW), service.store.create_user("Bob", "h", NOW)
    untimed = _two_players(service, ada, bob)
    service.act(untimed, ada, 0, "take c1 f1", STARTED)
    service.act(untimed, ada, 0, "place O1b c1", STARTED + 1)
    clock[0] = NOW + timedelta(days=30)
    with pytest.raises(TableError, match="no time limit"):
        service.hand_to_bot(untimed, 1, "medium", STARTED + 2, by=ada)
    clock[0] = NOW
    table = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(INVITED, invited="Bob")], move_seconds=3600)
    table = service.join(table.id, 1, bob)
    assert table.status == PLAYING and table.version == STARTED
    owing, other = table.waiting[0], 1 - table.waiting[0]
    players = {0: ada, 1: bob}
    assert service.abandoned(table) == []
    clock[0] = NOW + timedelta(minutes=59)
    with pytest.raises(TableError, match=f"seat {owing + 1} has not run out of time"):
        service.hand_to_bot(table.id, owing, "medium", STARTED, by=players[other])
    clock[0] = NOW + timedelta(hours=1)
    assert service.abandoned(service.store.table(table.id)) == [owing]
    with pytest.raises(TableError, match="not another player's seat"):
        service.hand_to_bot(table.id, owing, "medium", STARTED, by=players[owing])
    stranger = service.store.create_user("Eve", "h", NOW)
    with pytest.raises(TableError, match="only a player at this table"):
        service.hand_to_bot(table.id, owing, "medium", STARTED, by=stranger)
    handed = service.hand_to_bot(table.id, owing, "medium", STARTED, by=players[other])
    assert handed.seats[owing].label == "medium" and service.abandoned(handed) == []
    assert service.bot_turn(table.id) is not None


def test_a_rematch_seats_the_same_players_again(service: TableService, ada: User, bob: User) -> None:
    table = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(INVITED, invited="Bob"),
                                      SeatRequest(BOT, bot="easy")], move_seconds=86400)  # fmt: skip
    with pytest.raises(TableError, match="once the game is over"):
        service.rematch(table.id, ada)
    assert service.join(table.id, 1, bob).status == PLAYING
    while service.store.table(table.id).status != FINISHED:
        if service.bot_turn(table.id) is None:
            info, state = service.position(table.id)
            seat = state.to_act()[0]
            service.act(table.id, (ada, bob)[seat], seat, str(state.legal_actions(seat)[0]), info.version)
    with pytest.raises(TableError, match="only a player of this game"):
        service.rematch(table.id, service.store.create_user("Eve", "h", NOW))
    again = service.rematch(table.id, bob)
    assert [s.label for s in again.seats] == ["Ada (invited)", "Bob", "easy"]
    assert again.move_seconds == 86400 and again.game == GAME and again.id != table.id


# ---------------------------------------------------------------------- the cache and other server processes


def test_a_cached_table_is_trusted_until_a_newer_version_is_heard_of(
    service: TableService, ada: User, bob: User
) -> None:
    """Another server process changes the game (decisions and an undo): this one keeps showing its
    cached position until the change is announced, then catches up from the log."""
    table_id, other = _cached_and_elsewhere(service, ada, bob)
    other.act(table_id, ada, 0, "take c1 f1", STARTED)
    other.undo(table_id, ada, 0, STARTED + 1)
    other.act(table_id, ada, 0, "take c1 f1", STARTED + 2)
    other.act(table_id, ada, 0, "place O1b c1", STARTED + 3)
    assert service.position(table_id)[0].version == STARTED  # nothing announced yet: no database read
    service.heard(table_id, STARTED + 4)
    table, state = service.position(table_id)
    assert table == service.store.table(table_id)
    assert state == replay(service.store.record(table_id)) == other.position(table_id)[1]
    assert service.snapshot(table_id).decided == other.snapshot(table_id).decided


def test_a_version_a_browser_heard_of_elsewhere_is_read_from_the_database(
    service: TableService, ada: User, bob: User
) -> None:
    table_id, other = _cached_and_elsewhere(service, ada, bob)
    other.act(table_id, ada, 0, "take c1 f1", STARTED)
    assert service.snapshot(table_id).table.version == STARTED  # not heard of: the cache stands
    assert service.snapshot(table_id, at_least=STARTED + 1).table.version == STARTED + 1  # the browser heard of it
    assert service.act(table_id, ada, 0, "place O1b c1", STARTED + 1).version == STARTED + 2
    assert [a.action for a in service.store.record(table_id).actions] == ["take c1 f1", "place O1b c1"]


def test_a_seat_handed_over_elsewhere_rebuilds_the_position_with_its_new_player(
    service: TableService, ada: User, bob: User
) -> None:
    table_id, other = _cached_and_elsewhere(service, ada, bob)
    other.hand_to_bot(table_id, 1, "easy", STARTED)
    service.heard(table_id, STARTED + 1)
    table, _ = service.position(table_id)
    assert table.seats[1].label == "easy" and service.bot_owing(table_id) is None  # Ada owes the decision
    assert service.record(table_id).seats == ["Ada", "easy"]


def test_two_joins_filling_a_table_at_once_both_take_their_seats_and_start_it_once(engine: Engine) -> None:
    """The last two seats taken at the same moment: each join sees the table full once both have written,
    both try to start it, and the one that comes second is handed the started table, not an error."""
    plain = TableService(Store(engine), lambda: NOW)
    ada, bob, cy = (plain.store.create_user(name, "h", NOW) for name in ("Ada", "Bob", "Cy"))
    table = plain.create(ada, "walking-in-burano", [SeatRequest(HUMAN), SeatRequest(OPEN), SeatRequest(OPEN)])

    class Interleaved(Store):
        """Bob's seat is written, then Cy's join runs whole, then Bob's join reads the table back."""

        def take_seat(self, table_id: str, seat: int, user: User) -> Any:
            super().take_seat(table_id, seat, user)
            plain.join(table_id, 2, cy)
            return self.table(table_id)

    joined = TableService(Interleaved(engine), lambda: NOW).join(table.id, 1, bob)
    assert joined.status == PLAYING and joined.version == 3  # two seats taken, one start
    assert [s.user_id for s in joined.seats] == [ada.id, bob.id, cy.id]
