"""Player pages, leaderboards and the ratings a finished table shows, over HTTP on SQLite and PostgreSQL:
the games played and won per game, the rating with its history drawn as a chart, the last games with
their score sheets, the tables waiting for the player shown to the player alone; leaderboards with
their newcomers; and clear 404 pages for a name or a game that is nobody's. Also the chart's geometry."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from laguna.core import games
from laguna.server.account_store import User
from laguna.server.player_pages import PLOT_BOTTOM, PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, chart
from laguna.server.ratings import PROVISIONAL_GAMES, Skill, rate
from laguna.server.schema import ratings
from laguna.server.service import SeatRequest
from laguna.server.store import HUMAN, OPEN, PLAYING
from tests.server.test_app import _client, _sign_up, app  # noqa: F401

GAME = "walking-in-burano"
TAGS = re.compile(r"<[^>]+>")


def _players(app: Any, clients: dict[str, TestClient]) -> list[User]:  # noqa: F811
    """Each client signed up under its name; the users, in order."""
    for name, client in clients.items():
        _sign_up(client, name)
    found = [app.state.server.store.player(name) for name in clients]
    assert all(found)
    return found


def _table(app: Any, players: list[User], *, rated: bool, seed: int = 5) -> str:  # noqa: F811
    """A two-player table of `players` (the first creates it, the second joins its open seat, which
    starts the game)."""
    service = app.state.server.service
    table = service.create(players[0], GAME, [SeatRequest(HUMAN), SeatRequest(OPEN)], rated=rated, seed=seed)
    assert service.join(table.id, 1, players[1]).status == PLAYING
    return str(table.id)


def _finished(app: Any, players: list[User], *, rated: bool, seed: int = 5) -> str:  # noqa: F811
    """A game of `players` played to its end with random legal decisions."""
    service = app.state.server.service
    table_id = _table(app, players, rated=rated, seed=seed)
    rng = random.Random(seed)
    while not (position := service.position(table_id))[1].is_terminal():
        info, state = position
        seat = state.to_act()[0]
        service.act(table_id, players[seat], seat, str(rng.choice(state.legal_actions(seat))), info.version)
    return table_id


def _ranks(app: Any, table_id: str) -> list[int]:  # noqa: F811
    """The seats' ranks, seat by seat (the test's seeds make a winner and a loser)."""
    result = app.state.server.store.table(table_id).result
    ranks = [line["rank"] for line in sorted(result["results"], key=lambda line: line["seat"])]
    assert sorted(ranks) == [1, 2], ranks
    return ranks


def _record_row(page: str, game: str) -> str:
    found = re.search(rf'<tr data-game="{game}">(.*?)</tr>', page, re.S)
    assert found is not None, page
    return found.group(1)


def _cell(row: str, name: str) -> str:
    found = re.search(rf'class="{name}">(.*?)</', row, re.S)
    assert found is not None, row
    return found.group(1).strip()


def _text(fragment: str) -> str:
    return " ".join(html.unescape(TAGS.sub("", fragment)).split())


def test_a_rated_game_shows_on_both_players_pages(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob:
        players = _players(app, {"Ada": ada, "Bob": bob})
        table_id = _finished(app, players, rated=True)
        ranks = _ranks(app, table_id)
        expected = rate([Skill(), Skill()], ranks)
        result = app.state.server.store.table(table_id).result
        for seat, (name, client) in enumerate((("Ada", bob), ("Bob", ada))):  # each read by the other
            page = client.get(f"/u/{name.lower()}")
            assert page.status_code == 200
            row = _record_row(page.text, GAME)
            assert _cell(row, "played") == "1" and f'href="/leaderboard/{GAME}"' in row
            assert _cell(row, "won") == ("1" if ranks[seat] == 1 else "0")
            assert _cell(row, "skill") == str(expected[seat]) and str(expected[seat]).endswith("?")
            assert f"± {expected[seat].deviation}" in row and "1 rated game" in row
            polylines = re.findall(r'<polyline points="([^"]+)"', row)
            assert len(polylines) == 1 and len(polylines[0].split()) == 2
            assert "<svg" in row and "style=" not in page.text
            games_shown = re.findall(
                r'<li class="finished-game" data-table="([^"]+)">(.*?)</li>\s*</ol>', page.text, re.S
            )
            assert [found for found, _ in games_shown] == [table_id]
            shown = games_shown[0][1]
            assert f'href="/t/{table_id}/replay"' in shown and f'href="/t/{table_id}"' in shown
            assert re.findall(r'class="score">(\d+)<', shown) == [str(score) for score in result["scores"]]
            assert 'href="/u/Ada"' in shown and 'href="/u/Bob"' in shown
            deltas = [expected[s].shown - 1500 for s in (0, 1)]
            assert re.findall(r'class="delta">([^<]*)<', shown) == [f"{delta:+d}" for delta in deltas]
            assert "<details" in shown and "rated game" in shown


def test_an_unrated_game_counts_as_played_but_changes_no_rating(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob:
        players = _players(app, {"Ada": ada, "Bob": bob})
        table_id = _finished(app, players, rated=False)
        ranks = _ranks(app, table_id)
        page = ada.get("/u/Ada").text
        row = _record_row(page, GAME)
        assert _cell(row, "played") == "1" and _cell(row, "won") == ("1" if ranks[0] == 1 else "0")
        assert "not rated" in row and "<svg" not in page
        assert f'data-table="{table_id}"' in page and re.findall(r'class="delta">([^<]*)<', page) == ["", ""]
        with app.state.server.store.engine.connect() as c:
            assert c.execute(select(ratings)).all() == []
        table_page = ada.get(f"/t/{table_id}").text
        assert "rating-changes" not in table_page and "rated game" not in table_page


def test_newcomers_move_to_the_leaderboard_after_their_provisional_games(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob, _client(app) as visitor:
        players = _players(app, {"Ada": ada, "Bob": bob})
        table_ids = [_finished(app, players, rated=True) for _ in range(PROVISIONAL_GAMES)]
        ranks = _ranks(app, table_ids[0])
        skills = [Skill(), Skill()]
        for number in range(PROVISIONAL_GAMES):
            before, skills = skills, rate(skills, ranks)
            table_page = ada.get(f"/t/{table_ids[number]}").text
            assert 'class="rated-mark"' in table_page
            lines = re.findall(r"<li data-seat=\"\d\">(.*?)</li>", table_page.split('class="rating-changes"')[1])
            assert [_text(line) for line in lines] == [
                f"{name}: {before[s]} → {skills[s]} ({skills[s].shown - before[s].shown:+d})"
                for s, name in enumerate(("Ada", "Bob"))
            ]
        assert str(skills[0]).isdigit() and str(before[0]).endswith("?")  # the fifth game ends the provisional
        board = visitor.get(f"/leaderboard/{GAME}").text
        leaders = re.search(r'<table class="leaderboard" id="leaders">(.*?)</table>', board, re.S)
        assert leaders is not None and 'id="newcomers"' not in board and "No newcomers" in board
        winner, loser = ("Ada", "Bob") if ranks[0] == 1 else ("Bob", "Ada")
        assert re.findall(r'href="/u/(\w+)"', leaders.group(1)) == [winner, loser]
        assert str(skills[0]) in leaders.group(1) and str(skills[1]) in leaders.group(1)
        other = visitor.get("/leaderboard/murano").text
        assert "Nobody has played 5 rated games" in other and "No newcomers" in other


def test_a_rated_game_puts_both_players_among_the_newcomers(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob, _client(app) as visitor:
        players = _players(app, {"Ada": ada, "Bob": bob})
        _finished(app, players, rated=True)
        board = visitor.get(f"/leaderboard/{GAME}")
        assert board.status_code == 200
        assert 'id="leaders"' not in board.text and "Nobody has played 5 rated games" in board.text
        newcomers = re.search(r'<table class="leaderboard" id="newcomers">(.*?)</table>', board.text, re.S)
        assert newcomers is not None
        assert sorted(re.findall(r'href="/u/(\w+)"', newcomers.group(1))) == ["Ada", "Bob"]
        assert f'href="/leaderboard/{GAME}" aria-current="page"' in board.text
        first = visitor.get("/leaderboard")
        assert first.status_code == 200 and str(first.url).endswith(f"/leaderboard/{games()[0].id}")


def test_the_tables_waiting_for_a_player_show_to_that_player_alone(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as bob, _client(app) as visitor:
        players = _players(app, {"Ada": ada, "Bob": bob})
        table_id = _table(app, players, rated=False)
        _, state = app.state.server.service.position(table_id)
        waits, other = ("Ada", "Bob") if list(state.to_act()) == [0] else ("Bob", "Ada")
        clients = {"Ada": ada, "Bob": bob}
        own = clients[waits].get(f"/u/{waits}").text
        turns = re.search(r'<section class="turn-tables" id="turn-tables">(.*?)</section>', own, re.S)
        assert turns is not None and f'href="/t/{table_id}"' in turns.group(1)
        elsewhere = clients[other].get(f"/u/{other}").text
        assert 'id="turn-tables"' in elsewhere and f'href="/t/{table_id}"' not in elsewhere
        for stranger in (clients[other], visitor):
            page = stranger.get(f"/u/{waits}")
            assert page.status_code == 200 and 'id="turn-tables"' not in page.text
            assert f'href="/t/{table_id}"' not in page.text


def test_the_header_links_the_leaderboard_and_the_players_own_page(app: Any) -> None:  # noqa: F811
    with _client(app) as ada, _client(app) as visitor:
        _players(app, {"Ada": ada})
        assert '<span class="who"><a href="/u/Ada">Ada</a>' in ada.get("/").text
        assert 'href="/leaderboard"' in visitor.get("/").text


def test_a_guests_page_shows_their_games_without_ratings(app: Any) -> None:  # noqa: F811
    with _client(app) as visitor:
        server = app.state.server
        guests = [server.accounts.guest(server.clock(), "127.0.0.1") for _ in range(2)]
        table_id = _finished(app, guests, rated=False)
        page = visitor.get(f"/u/{guests[0].name}")
        assert page.status_code == 200 and "(guest)" in page.text
        row = _record_row(page.text, GAME)
        assert _cell(row, "played") == "1" and "not rated" in row
        assert f'data-table="{table_id}"' in page.text


@pytest.mark.parametrize(
    ("path", "named"),
    [
        ("Nobody", "'Nobody'"),
        ("..%2Fetc", "'../etc'"),
        ("x" * 200, "'" + "x" * 40 + "…'"),
        ("%3Cb%3E", "'<b>'"),
        ("Ada%00", "'Ada\\x00'"),
    ],
)
def test_a_name_that_is_nobodys_is_a_404_naming_it(app: Any, path: str, named: str, monkeypatch: Any) -> None:  # noqa: F811
    with _client(app) as visitor:
        store = app.state.server.store
        asked: list[str] = []
        real: Callable[[str], User | None] = store.player

        def player(name: str) -> User | None:
            asked.append(name)
            return real(name)

        monkeypatch.setattr(store, "player", player)
        page = visitor.get(f"/u/{path}")
        assert page.status_code == 404
        assert f"there is no player called {named}" in html.unescape(page.text)
        assert "Traceback" not in page.text and "<b>" not in page.text
        assert asked == (["Nobody"] if path == "Nobody" else [])  # a malformed name asks no database


def test_a_leaderboard_of_a_game_that_is_not_installed_is_a_404_naming_it(app: Any) -> None:  # noqa: F811
    with _client(app) as visitor:
        page = visitor.get("/leaderboard/chess")
        assert page.status_code == 404 and "unknown game 'chess'" in html.unescape(page.text)
        assert "Traceback" not in page.text


# ------------------------------------------------------------------ the chart's geometry


def test_a_chart_spans_its_plot_from_the_oldest_rating_to_the_newest() -> None:
    drawn = chart([1500, 1562, 1531])
    assert drawn.points == ((PLOT_LEFT, PLOT_BOTTOM), (127.0, PLOT_TOP), (PLOT_RIGHT, 40.0))
    assert (drawn.low, drawn.high, drawn.low_y, drawn.high_y) == (1500, 1562, PLOT_BOTTOM, PLOT_TOP)
    assert drawn.polyline == "4,70 127,10 250,40" and drawn.last == (PLOT_RIGHT, 40.0)
    assert drawn.view_box == "0 0 300 80"


def test_a_flat_or_single_rating_chart_stays_in_the_middle_and_nothing_leaves_the_box() -> None:
    middle = (PLOT_TOP + PLOT_BOTTOM) / 2
    assert chart([1500, 1500]).points == ((PLOT_LEFT, middle), (PLOT_RIGHT, middle))
    assert chart([1500]).points == (((PLOT_LEFT + PLOT_RIGHT) / 2, middle),)
    long = chart([random.Random(n).randrange(800, 2400) for n in range(100)])
    assert len(long.points) == 100
    assert all(PLOT_LEFT <= x <= PLOT_RIGHT and PLOT_TOP <= y <= PLOT_BOTTOM for x, y in long.points)
    assert [x for x, _ in long.points] == sorted(x for x, _ in long.points)
    with pytest.raises(ValueError, match="at least one rating"):
        chart([])
