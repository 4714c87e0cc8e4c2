"""Ratings per game: the Plackett–Luce arithmetic, and what a finished game leaves in the database on
SQLite and PostgreSQL: every human seat's standing, and on a rated table new ratings for its signed-up
human players only (bots, guests and seats handed to bots are not rated), written exactly once per
game even when two server processes race to take its last decision."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, func, select

from laguna.server.account_store import User
from laguna.server.db import make_engine
from laguna.server.pages import table_context
from laguna.server.ratings import PROVISIONAL_GAMES, Skill, rate
from laguna.server.schema import rating_changes, ratings, standings
from laguna.server.service import SeatRequest, TableError, TableService
from laguna.server.store import BOT, HUMAN, OPEN, PLAYING, StaleVersion, Store
from laguna.server.web import TEMPLATES

NOW = datetime(2026, 3, 1, tzinfo=UTC)
GAME = "walking-in-burano"


def _service(engine: Engine) -> TableService:
    return TableService(Store(engine), lambda: NOW)


def _users(service: TableService, *names: str) -> list[User]:
    return [service.store.create_user(name, "hash", NOW) for name in names]


def _rated_table(service: TableService, players: list[User], bots: int = 0, *, rated: bool = True) -> str:
    """A started table of `players` (the first creates it, the others join its open seats) and `bots`
    medium bots after them."""
    requests = [SeatRequest(HUMAN)] + [SeatRequest(OPEN)] * (len(players) - 1) + [SeatRequest(BOT, "medium")] * bots
    table = service.create(players[0], GAME, requests, rated=rated, seed=11)
    for seat, player in enumerate(players[1:], start=1):
        table = service.join(table.id, seat, player)
    assert table.status == PLAYING
    return table.id


def _play_until(service: TableService, table_id: str, players: list[User], *, stop_before_end: bool) -> None:
    """Random decisions (bots' seats decide through their bot) until the end, or until one decision
    is left."""
    rng = random.Random(3)
    while True:
        info, state = service.position(table_id)
        if state.is_terminal():
            return
        seat = state.to_act()[0]
        if info.seats[seat].kind == BOT:
            service.bot_turn(table_id)
            continue
        action = rng.choice(state.legal_actions(seat))
        if stop_before_end:
            after = state.copy()
            after.apply(seat, action)
            if after.is_terminal():
                return
        service.act(table_id, players[seat], seat, str(action), info.version)


def _last_decision(service: TableService, table_id: str) -> tuple[int, str, int]:
    """The seat, a decision that ends the game, and the version it is made against."""
    info, state = service.position(table_id)
    seat = state.to_act()[0]
    for action in state.legal_actions(seat):
        after = state.copy()
        after.apply(seat, action)
        if after.is_terminal():
            return seat, str(action), info.version
    raise AssertionError("no decision ends the game")


# ------------------------------------------------------------------ the arithmetic


def test_a_win_raises_the_winners_rating_and_lowers_the_losers() -> None:
    winner, loser = rate([Skill(), Skill()], [1, 2])
    assert winner.mu > Skill().mu > loser.mu
    assert winner.sigma < Skill().sigma and loser.sigma < Skill().sigma
    assert winner.games == loser.games == 1
    assert winner.shown + loser.shown == 2 * Skill().shown  # equal players: what one wins, the other loses


def test_a_shared_place_moves_equal_players_alike_and_ranks_order_three() -> None:
    first, second, third = rate([Skill(), Skill(), Skill()], [1, 1, 3])
    assert first.mu == pytest.approx(second.mu) and first.mu > Skill().mu > third.mu
    a, b, c, d = rate([Skill()] * 4, [1, 2, 3, 4])
    assert a.mu > b.mu > c.mu > d.mu


def test_an_upset_moves_ratings_more_than_an_expected_result() -> None:
    strong, weak = Skill(30.0, 3.0, 20), Skill(20.0, 3.0, 20)
    expected_gain = rate([strong, weak], [1, 2])[0].mu - strong.mu
    upset_gain = rate([weak, strong], [1, 2])[0].mu - weak.mu
    assert upset_gain > expected_gain > 0


def test_a_rating_is_provisional_until_enough_games_and_shown_on_the_1500_scale() -> None:
    assert Skill().shown == 1500 and str(Skill()) == "1500?" and Skill().provisional
    settled = Skill(26.0, 2.0, PROVISIONAL_GAMES)
    assert str(settled) == "1560" and not settled.provisional and settled.deviation == 120
    with pytest.raises(ValueError, match="two players"):
        rate([Skill()], [1])


# ------------------------------------------------------------------ a finished game in the database


def test_a_rated_game_changes_both_players_ratings_once(engine: Engine) -> None:
    service = _service(engine)
    ada, bob = players = _users(service, "Ada", "Bob")
    table_id = _rated_table(service, players)
    _play_until(service, table_id, players, stop_before_end=False)
    table = service.table(table_id)
    result = {line["seat"]: line for line in table.result["results"]}  # type: ignore[index]
    with engine.connect() as c:
        rows = {row.user_id: row for row in c.execute(select(ratings).where(ratings.c.game == GAME))}
        changes = c.execute(select(func.count()).select_from(rating_changes)).scalar_one()
        placed = {row.user_id: row for row in c.execute(select(standings))}
    assert set(rows) == {ada.id, bob.id} and changes == 2
    assert all(row.games == 1 for row in rows.values())
    assert {placed[u.id].rank for u in players} == {result[0]["rank"], result[1]["rank"]}
    assert placed[ada.id].score == result[0]["score"] and placed[bob.id].score == result[1]["score"]
    for seat in table.seats:  # the finished table carries the change, as the page shows it
        assert seat.change is not None and seat.skill is not None
        assert seat.change.after.mu == pytest.approx(rows[seat.user_id].mu)
        won = result[seat.seat]["rank"] < result[1 - seat.seat]["rank"]
        tied = result[0]["rank"] == result[1]["rank"]
        assert (seat.change.delta > 0) == won or tied
    assert service.store.games_of(ada.id)[0].played == 1


def test_an_unrated_game_leaves_standings_but_no_rating(engine: Engine) -> None:
    service = _service(engine)
    players = _users(service, "Ada", "Bob")
    table_id = _rated_table(service, players, rated=False)
    _play_until(service, table_id, players, stop_before_end=False)
    with engine.connect() as c:
        assert c.execute(select(func.count()).select_from(ratings)).scalar_one() == 0
        assert c.execute(select(func.count()).select_from(standings)).scalar_one() == 2
    assert all(seat.change is None for seat in service.table(table_id).seats)


def test_bots_and_seats_handed_to_bots_are_not_rated(engine: Engine) -> None:
    service = _service(engine)
    ada, bob, cy = players = _users(service, "Ada", "Bob", "Cy")
    table_id = _rated_table(service, players, bots=1)
    info, _ = service.position(table_id)
    service.hand_to_bot(table_id, 2, "easy", info.version)  # Cy's seat goes to a bot
    _play_until(service, table_id, [ada, bob, cy], stop_before_end=False)
    with engine.connect() as c:
        rated = set(c.execute(select(ratings.c.user_id)).scalars())
        placed = set(c.execute(select(standings.c.user_id)).scalars())
    assert rated == {ada.id, bob.id}  # the two seats still human; neither bot, nor Cy
    assert placed == {ada.id, bob.id}


def test_a_game_left_with_one_human_is_not_rated(engine: Engine) -> None:
    service = _service(engine)
    ada, _ = players = _users(service, "Ada", "Bob")
    table_id = _rated_table(service, players)
    info, _ = service.position(table_id)
    service.hand_to_bot(table_id, 1, "easy", info.version)
    _play_until(service, table_id, players, stop_before_end=False)
    with engine.connect() as c:
        assert c.execute(select(func.count()).select_from(ratings)).scalar_one() == 0
    assert [g.played for g in service.store.games_of(ada.id)] == [1]


def test_guests_neither_make_nor_join_rated_tables(engine: Engine) -> None:
    service = _service(engine)
    ada = _users(service, "Ada")[0]
    guest = service.store.create_user("guest-1", None, NOW, guest=True)
    with pytest.raises(TableError, match="sign up to create a rated one"):
        service.create(guest, GAME, [SeatRequest(HUMAN), SeatRequest(OPEN)], rated=True)
    table = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(OPEN)], rated=True)
    with pytest.raises(TableError, match="sign up to take a seat"):
        service.join(table.id, 1, guest)
    assert service.table(table.id).seats[1].kind == OPEN
    with pytest.raises(TableError, match="bots are not rated"):
        service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(BOT, "easy")], rated=True)


def test_two_games_ending_at_once_for_one_player_both_count(engine: Engine) -> None:
    """Each game's end reads and writes the player's rating in its own transaction, one after the other."""
    service = _service(engine)
    ada, bob, cy = _users(service, "Ada", "Bob", "Cy")
    first = _rated_table(service, [ada, bob])
    second = _rated_table(service, [ada, cy])
    _play_until(service, first, [ada, bob], stop_before_end=True)
    _play_until(service, second, [ada, cy], stop_before_end=True)
    ends = [(first, [ada, bob], *_last_decision(service, first)), (second, [ada, cy], *_last_decision(service, second))]
    barrier = threading.Barrier(2)

    def finish(table_id: str, players: list[User], seat: int, action: str, version: int) -> None:
        barrier.wait()
        service.act(table_id, players[seat], seat, action, version)

    threads = [threading.Thread(target=finish, args=end) for end in ends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    [line] = service.store.games_of(ada.id)
    assert line.skill is not None and line.skill.games == 2 and line.played == 2


# ------------------------------------------------------------------ exactly once, across processes


def test_two_server_processes_finishing_the_same_game_rate_it_once(postgres_engine: Engine, postgres_url: str) -> None:
    """Two table services on their own connections to one PostgreSQL database, as two server processes
    are, both take the same last decision at the same moment, several games over: one write takes,
    the other is told the game has moved on, and each player's rating counts the game once."""
    setup = _service(postgres_engine)
    players = _users(setup, "Ada", "Bob")
    other_engine = make_engine(postgres_url)
    workers = [_service(postgres_engine), _service(other_engine)]
    try:
        for game in range(3):
            table_id = _rated_table(setup, players)
            _play_until(setup, table_id, players, stop_before_end=True)
            decision = _last_decision(setup, table_id)
            outcomes = _race(workers, table_id, players[decision[0]], decision)
            assert sorted(outcomes) == ["stale", "took"], outcomes
            with postgres_engine.connect() as c:
                games = dict(c.execute(select(ratings.c.user_id, ratings.c.games)).all())
                changed = c.execute(
                    select(func.count()).select_from(rating_changes).where(rating_changes.c.table_id == table_id)
                ).scalar_one()
                placed = c.execute(
                    select(func.count()).select_from(standings).where(standings.c.table_id == table_id)
                ).scalar_one()
            assert games == {players[0].id: game + 1, players[1].id: game + 1}
            assert changed == 2 and placed == 2
    finally:
        other_engine.dispose()


def _race(workers: list[TableService], table_id: str, player: User, decision: tuple[int, str, int]) -> list[str]:
    """Each worker takes the same decision (seat, action, version) at the same moment; what became of
    each: took or stale."""
    seat, action, version = decision
    barrier = threading.Barrier(len(workers))
    outcomes: list[str] = []

    def finish(worker: TableService) -> None:
        worker.table(table_id)  # each process has the table cached, as a server that showed it has
        barrier.wait()
        try:
            worker.act(table_id, player, seat, action, version)
            outcomes.append("took")
        except StaleVersion:
            outcomes.append("stale")

    threads = [threading.Thread(target=finish, args=(worker,)) for worker in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_a_rematch_of_a_rated_table_is_rated_and_listed_as_it_was(engine: Engine) -> None:
    service = _service(engine)
    players = _users(service, "Ada", "Bob")
    table = service.create(players[0], GAME, [SeatRequest(HUMAN), SeatRequest(OPEN)], rated=True, listed=False,
                           spectator_chat=False, seed=11)  # fmt: skip
    service.join(table.id, 1, players[1])
    _play_until(service, table.id, players, stop_before_end=False)
    again = service.rematch(table.id, players[1])
    assert (again.rated, again.listed, again.spectator_chat) == (True, False, False)
    assert [s.kind for s in again.seats] == ["invited", HUMAN]


def test_the_changing_part_of_a_finished_rated_table_names_the_new_ratings(engine: Engine) -> None:
    """The players' list is part of what a table page fetches after every decision: the ratings the
    game's end changed show there at once, with the change in the score sheet."""
    service = _service(engine)
    players = _users(service, "Ada", "Bob")
    table_id = _rated_table(service, players)
    _play_until(service, table_id, players, stop_before_end=False)
    context = table_context(service, service.snapshot(table_id), players[0])
    fragment = TEMPLATES.env.get_template("table_main.html").render(**context, user=players[0], csrf="")
    for seat in service.table(table_id).seats:
        assert seat.change is not None and seat.change.after.games == 1
        assert f'<span class="player-rating" title="rating (provisional)">{seat.change.after}</span>' in fragment
        assert f'<span class="after">{seat.change.after}</span>' in fragment
