"""The ``laguna`` command, driven as a user would: arguments, input lines, files, exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from laguna.cli.app import app
from laguna.cli.boards import render_view
from laguna.cli.commands.shared import _print_written
from laguna.cli.play import merged_order
from laguna.core import GameRecord, get_game, load_records, replay, verify
from laguna.server.db import DatabaseError, make_engine, only_server
from laguna.sim import play_game
from tests.cli.errors import assert_one_error_line

GAME = "walking-in-burano"
WIDE = {"COLUMNS": "160"}


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read English, whatever the language of the machine that runs them."""
    monkeypatch.setenv("LAGUNA_LANGUAGE", "en")


runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin, env=WIDE)


# ------------------------------------------------------------------ games


def test_games_lists_walking_in_burano_with_its_player_counts_and_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "walking-in-burano" in line)
    assert "Walking in Burano" in row
    assert "1–4" in row
    for name in get_game(GAME).options_type.describe():
        assert name.name.replace("_", "-") in result.stdout


# ------------------------------------------------------------------ play


def test_random_against_random_plays_to_the_end_and_prints_the_score_sheet(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", GAME, "--players", "2", "--seats", "random,random", "--seed", "5", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout
    assert "total" in result.stdout and "rank" in result.stdout
    assert "P1 (random): take" in result.stdout or "P2 (random): take" in result.stdout
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    state = verify(record)
    assert state.is_terminal()
    # The terminal table seeds its bots as the simulator does, so the two games are the same game.
    assert record.dumps() == play_game(GAME, ["random", "random"], record.options, 5).dumps()


def test_a_human_playing_by_numbers_finishes_the_game(tmp_path: Path) -> None:
    save = tmp_path / "human.json"
    result = run("play", GAME, "--seats", "human,random", "--seed", "2", "--save", str(save), stdin="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final scores" in result.stdout
    assert "P1 (human) to decide:" in result.stdout
    assert "Walking in Burano · round" in result.stdout  # the board is drawn
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    assert record.seats == ["human", "random"]
    assert verify(record).is_terminal()


def test_a_bad_line_gets_one_clear_message_and_the_game_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "bad.json"
    lines = ["fly to the moon", "999", "place Z9z c9", "1", "quit"]
    result = run("play", GAME, "--seats", "human,random", "--seed", "0", "--save", str(save), stdin="\n".join(lines))
    assert result.exit_code == 0, result.output
    messages = [line for line in result.stdout.splitlines() if line.startswith("not accepted:")]
    assert len(messages) == 3
    assert "'fly to the moon' is not a Walking in Burano action" in messages[0]
    assert "there is no action number 999" in messages[1]
    assert "Z9z" in messages[2]
    assert "Traceback" not in result.output
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    assert len(record.actions) == 1  # only the "1" was played before quitting
    verify(record)


def _seed_where_seat_starts(seat: int) -> int:
    game = get_game(GAME)
    return next(seed for seed in range(100) if game.new_game(2, None, seed).to_act() == (seat,))


def _take_then_place(seed: int) -> tuple[str, str]:
    """A take and a placement after which the human still owes a decision (so the turn is not over)."""
    game = get_game(GAME)
    start = game.new_game(2, None, seed)
    for take in start.legal_actions(0):
        after_take = start.copy()
        after_take.apply(0, take)
        for place in after_take.legal_actions(0):
            if str(place).startswith("place"):
                after_place = after_take.copy()
                after_place.apply(0, place)
                if after_place.to_act() == (0,):
                    return str(take), str(place)
    raise AssertionError("no take and placement found")


def test_undo_takes_back_a_placement_and_is_refused_when_not_allowed(tmp_path: Path) -> None:
    save = tmp_path / "undo.json"
    seed = _seed_where_seat_starts(0)
    take, place = _take_then_place(seed)
    # Nothing to undo yet; take; place; undo the placement; quit.
    lines = ["undo", take, place, "undo", "quit"]
    result = run(
        "play", GAME, "--seats", "human,random", "--seed", str(seed), "--save", str(save), stdin="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    assert "cannot undo: nothing to undo" in result.stdout
    assert f"undone: {place}" in result.stdout
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    assert [a.action for a in record.actions] == [take]
    verify(record)


def test_undo_of_another_seats_decision_is_refused(tmp_path: Path) -> None:
    seed = _seed_where_seat_starts(1)  # the random bot moves first, so the last decision is not the human's
    result = run("play", GAME, "--seats", "human,random", "--seed", str(seed), stdin="undo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "cannot undo: only the last decision can be undone, and it is not yours" in result.stdout


def test_help_lists_commands_and_notation() -> None:
    result = run("play", GAME, "--seats", "human,random", "--seed", "0", stdin="help\nquit\n")
    assert result.exit_code == 0
    assert "undo" in result.stdout and "take c3 f1-2" in result.stdout


def test_input_ending_early_leaves_the_game_unfinished_with_exit_code_1(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    result = run("play", GAME, "--seats", "human,random", "--seed", "0", "--save", str(save), stdin="1\n")
    assert result.exit_code == 1
    assert "unfinished" in result.stdout
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    assert record.result is None
    assert not verify(record).is_terminal()


def test_default_seats_are_a_human_then_bots() -> None:
    result = run("play", GAME, "--players", "3", "--seed", "0", stdin="quit\n")
    assert result.exit_code == 0
    assert "P1 (human), P2 (random), P3 (random)" in result.stdout


# ------------------------------------------------------------------ user errors


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("play", "chess"), ("unknown game 'chess'", "walking-in-burano")),
        (("play", GAME, "--option", "nope=1"), ("unknown option 'nope'",)),
        (("play", GAME, "--option", "round-limit=many"), ("round-limit", "whole number")),
        (("play", GAME, "--option", "round-limit"), ("name=value",)),
        (("play", GAME, "--players", "5"), ("1–4 players", "5")),
        (("play", GAME, "--players", "3", "--seats", "human,random"), ("--seats", "--players")),
        (("play", GAME, "--seats", "human,wizard"), ("wizard",)),
        (("simulate", "chess"), ("unknown game",)),
        (("simulate", GAME, "--players", "5", "--games", "1"), ("5",)),
        (("simulate", GAME, "--bots", "random,wizard", "--games", "1"), ("unknown bot 'wizard'",)),
        (("simulate", GAME, "--games", "0"), ("at least 1",)),
        (("simulate", GAME, "--games", "2", "--jobs", "0"), ("jobs",)),
        (("bench", GAME, "--players", "0", "--seconds", "0.01"), ("players",)),
        (("replay", "no/such/file.json"), ("cannot read",)),
    ],
)
def test_user_errors_are_one_line_with_exit_code_2(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    result = run(*args, stdin="quit\n")
    assert result.exit_code == 2, result.output
    assert_one_error_line(result, *fragments)


def _tampered(record: GameRecord, index: int) -> GameRecord:
    """The record with the action at `index` swapped for another legal one."""
    state = replay(record, index)
    entry = record.actions[index]
    other = next(str(a) for a in state.legal_actions(entry.seat) if str(a) != entry.action)
    data = record.to_json()
    data["actions"][index]["action"] = other
    return GameRecord.from_json(data)


def test_a_tampered_record_fails_with_exit_code_1_naming_it(tmp_path: Path) -> None:
    record = play_game(GAME, ["random", "random"], {}, 21)
    path = tmp_path / "tampered.json"
    path.write_text(_tampered(record, 0).dumps(), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert_one_error_line(result, str(path))


def test_an_illegal_action_in_a_jsonl_file_is_named_with_its_line(tmp_path: Path) -> None:
    good = play_game(GAME, ["random", "random"], {}, 1)
    bad = GameRecord.from_json(good.to_json())
    bad.actions[3] = type(bad.actions[3])(bad.actions[3].seat, "place Z9z c1")
    path = tmp_path / "mixed.jsonl"
    path.write_text(good.dumps() + "\n" + bad.dumps() + "\n" + good.dumps() + "\n", encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert_one_error_line(result, f"{path}:2", "action 4", "Z9z")
    assert "2 records verified, 1 failed" in result.stdout


def test_a_line_that_is_not_json_is_named(tmp_path: Path) -> None:
    good = play_game(GAME, ["random", "random"], {}, 1)
    path = tmp_path / "broken.jsonl"
    path.write_text(good.dumps() + "\n{not json\n", encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert_one_error_line(result, f"{path}:2", "not valid JSON")


def test_the_console_script_reports_errors_without_a_traceback(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "laguna.cli.app", "play", "no-such-game"],
        capture_output=True,
        text=True,
        input="",
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("error: unknown game 'no-such-game'")
    assert "Traceback" not in done.stdout + done.stderr


# ------------------------------------------------------------------ simulate and replay


def test_simulate_writes_identical_files_for_a_seed_and_any_jobs(tmp_path: Path) -> None:
    one, again, two = tmp_path / "one.jsonl", tmp_path / "again.jsonl", tmp_path / "two.jsonl"
    base = ("simulate", GAME, "--players", "2", "--games", "5", "--seed", "4", "--bots", "random,random")
    for path, jobs in ((one, "1"), (again, "1"), (two, "2")):
        result = run(*base, "--out", str(path), "--jobs", jobs)
        assert result.exit_code == 0, result.output
    assert "mean score" in result.stdout and "decisions" in result.stdout and "wins" in result.stdout
    assert one.read_bytes() == again.read_bytes() == two.read_bytes()
    assert len(one.read_text(encoding="utf-8").splitlines()) == 5
    assert all("result" in json.loads(line) for line in one.read_text(encoding="utf-8").splitlines())

    replayed = run("replay", str(one))
    assert replayed.exit_code == 0, replayed.output
    assert "5 records verified" in replayed.stdout
    assert f"{one}:5" in replayed.stdout


def test_simulate_passes_options_to_every_game(tmp_path: Path) -> None:
    out = tmp_path / "short.jsonl"
    result = run("simulate", GAME, "--games", "3", "--out", str(out), "--option", "round-limit=2")
    assert result.exit_code == 0, result.output
    records = list(load_records(out))
    assert all(r.options["round_limit"] == 2 for r in records)


def test_replay_of_one_record_prints_its_score_sheet(tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    play_game(GAME, ["random", "random"], {}, 8).save(path)
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout
    assert "tie-break: coins" in result.stdout
    assert "1 record verified" in result.stdout


# ------------------------------------------------------------------ bench


def test_bench_prints_the_three_figures() -> None:
    result = run("bench", GAME, "--players", "2", "--seconds", "0.05")
    assert result.exit_code == 0, result.output
    for measure in ("decisions", "games", "copies"):
        row = next(line for line in result.stdout.splitlines() if line.startswith(f"│ {measure} "))
        per_second = float(row.split("│")[2].replace(",", ""))
        assert per_second > 0
    assert "per second" in result.stdout


# ------------------------------------------------------------------ boards


def _text(renderable: object) -> str:
    console = Console(width=160, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_the_board_shows_the_viewers_hand_but_not_the_others() -> None:
    record = play_game(GAME, ["random", "random"], {}, 3)
    for upto in (0, 10, 40, len(record.actions)):
        state = replay(record, upto)
        view = state.view(0)
        text = _text(render_view(GAME, view))
        own = view["seats"][0]["hand"]
        assert all(card["id"] in text for card in own)
        hidden = state.view(1)["seats"][1]["hand"]
        assert not any(card["id"] in text for card in hidden)
        spectator = _text(render_view(GAME, state.view(None)))
        assert not any(card["id"] in spectator for card in own + hidden)
        assert "Floor supply" in text and "Colours:" in text


def test_the_board_shows_colour_by_symbol_and_scaffolds() -> None:
    record = play_game(GAME, ["random", "random"], {}, 3)
    state = replay(record, 40)
    view = state.view(0)
    text = _text(render_view(GAME, view))
    for row in view["supply"]["rows"].values():
        for card in row:
            if card is not None:
                symbol = {"pink": "♥", "yellow": "★", "red": "♦", "blue": "●", "orange": "▲", "green": "♣"}
                assert symbol[card["colour"]] + card["id"] in text
    if any(h["scaffolds"] for s in view["seats"] for h in s["houses"]):
        assert "[scaf]" in text


def test_a_game_without_a_board_gets_the_generic_one() -> None:
    text = _text(render_view("some-other-game", {"game": "some-other-game", "dice": [3, 5]}))
    assert "some-other-game" in text and "dice" in text


def test_a_view_the_board_cannot_draw_falls_back_to_data() -> None:
    text = _text(render_view(GAME, {"game": GAME, "round": 2}))
    assert "cannot draw this view" in text and "round" in text


def test_score_sheet_order_keeps_each_seats_categories_together() -> None:
    merged = merged_order([["A. Woman", "B. shops", "C. tokens"], ["A. Mayor", "A. Boy", "B. shops", "C. tokens"]])
    assert merged == ["A. Woman", "A. Mayor", "A. Boy", "B. shops", "C. tokens"]


BOARD_GAMES = [
    pytest.param(
        "burano",
        ("random,random", "3"),
        ("Burano · spring, season 1 of 4", "Game over (the winter clean-up)"),
        "roof islands pink-blue d2-e2",
        id="burano",
    ),
    pytest.param(
        "murano",
        ("random,random,random", "4"),
        ("Murano · 3 players · board side 2-3 · turn 1", "Game over (two tile stacks empty)"),
        "gondola donato orange",
        id="murano",
    ),
]


@pytest.mark.parametrize(("game", "bots", "shown", "example"), BOARD_GAMES)
def test_bots_finish_a_game_at_the_terminal_table(
    game: str, bots: tuple[str, str], shown: tuple[str, ...], example: str
) -> None:
    seats, seed = bots
    args = ["play", game, "--players", str(seats.count(",") + 1), "--seats", seats, "--seed", seed]
    result = runner.invoke(app, args, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output[-2000:]
    for text in shown:
        assert text in result.stdout
    assert "cannot draw this view" not in result.stdout
    assert "Final scores" in result.stdout and "total" in result.stdout


@pytest.mark.parametrize(("game", "bots", "shown", "example"), BOARD_GAMES)
def test_a_human_seat_sees_its_board_and_the_notation_help(
    game: str, bots: tuple[str, str], shown: tuple[str, ...], example: str
) -> None:
    args = ["play", game, "--players", "2", "--seats", "human,random", "--seed", "1"]
    result = runner.invoke(app, args, input="help\n1\nquit\n", env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output[-2000:]
    assert "P1 (human) to decide:" in result.stdout
    assert "Player 1 (you)" in result.stdout
    assert example in result.stdout, "help shows the game's notation"
    assert "cannot draw this view" not in result.stdout


# ------------------------------------------------------------------ serve


@pytest.mark.parametrize(
    ("url", "fragment"),
    [
        ("mysql://root@localhost/test", "'mysql' databases are not supported"),
        ("::nonsense::", "is not a database URL"),
        ("postgresql://nobody:secret@127.0.0.1:1/none", "cannot prepare the database at postgresql://nobody:***@"),
    ],
)
def test_serve_names_a_database_it_cannot_use(url: str, fragment: str) -> None:
    result = run("serve", "--db", url)
    assert_one_error_line(result, fragment)
    assert "secret" not in result.output


def test_serve_refuses_several_processes_on_an_embedded_database(tmp_path: Path) -> None:
    result = run("serve", "--db", f"sqlite:///{tmp_path / 'one.sqlite3'}", "--workers", "2")
    assert_one_error_line(result, "several server processes need PostgreSQL")
    assert_one_error_line(run("serve", "--workers", "0"), "--workers and --bot-workers must be at least 1")


def test_one_server_at_a_time_serves_an_embedded_database(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'table.sqlite3'}")
    with only_server(engine):
        with pytest.raises(DatabaseError, match="another laguna serve is already using"), only_server(engine):
            pass
        result = run("serve", "--db", f"sqlite:///{tmp_path / 'table.sqlite3'}")
        assert_one_error_line(result, "another laguna serve is already using")
    with only_server(engine):  # free again once the first has stopped
        pass


def test_the_files_written_are_named_whole_whatever_the_terminal_width() -> None:
    # A path broken over two lines cannot be copied; nor could a test find it (its length varies).
    paths = [Path("/a") / ("very-long-folder-name-" * 4) / "model.npz", Path("/b/model.json")]
    screen = io.StringIO()
    _print_written(Console(file=screen, width=40), paths)
    assert str(paths[0]) in screen.getvalue() and str(paths[1]) in screen.getvalue()
