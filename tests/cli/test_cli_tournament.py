"""``laguna tournament`` and ``laguna solo`` as a user runs them: files written, report printed, clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from laguna.cli.app import app
from laguna.core import load_records, verify
from tests.cli.errors import assert_one_error_line

GAME = "walking-in-burano"
runner = CliRunner()


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read English, whatever the language of the machine that runs them."""
    monkeypatch.setenv("LAGUNA_LANGUAGE", "en")


def run(*args: str) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": "200"})


def assert_usage_error(result: Result, *fragments: str) -> None:
    """A mistake in the command's arguments: exit code 2 and one error line."""
    assert result.exit_code == 2, result.output
    assert_one_error_line(result, *fragments)


def test_a_tournament_writes_its_three_files_and_prints_the_report(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = run(
        "tournament", GAME, "--bots", "random,random", "--games", "4", "--seed", "2",
        "-o", "round-limit=5", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for heading in ("Bradley–Terry Elo", "OpenSkill mu", "Per bot", "Head to head", "Per seat", "Game length"):
        assert heading in result.stdout
    assert "random#2" in result.stdout
    assert "note:" not in result.stdout  # 4 games is two whole cycles of 2
    assert "written:" in result.stdout
    records = list(load_records(out / "games.jsonl"))
    assert len(records) == 4
    for record in records:
        verify(record)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 4
    assert summary["players"] == 2
    assert summary["options"]["round_limit"] == 5
    assert (out / "ratings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    replayed = run("replay", str(out / "games.jsonl"))
    assert replayed.exit_code == 0, replayed.output
    assert "4 records verified" in replayed.stdout


def test_a_run_that_is_not_whole_cycles_says_the_seats_are_unbalanced(tmp_path: Path) -> None:
    result = run("tournament", GAME, "--bots", "random,random", "-p", "3", "-n", "2", "-o", "round-limit=3",
                 "--out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "not a multiple of the seating cycle (6 games)" in " ".join(result.stdout.split())


def test_the_same_seed_gives_the_same_files_with_any_number_of_jobs(tmp_path: Path) -> None:
    common = ("tournament", GAME, "--bots", "random,random", "-n", "4", "--seed", "7", "-o", "round-limit=4")
    assert run(*common, "--out", str(tmp_path / "one")).exit_code == 0
    assert run(*common, "-j", "2", "--out", str(tmp_path / "two")).exit_code == 0
    for name in ("games.jsonl", "summary.json"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("no-such-game", "--bots", "random,random"), ("unknown game", "no-such-game")),
        ((GAME, "--bots", "random,clever"), ("unknown bot", "clever")),
        ((GAME, "--bots", "random"), ("two bots",)),
        ((GAME, "--bots", "random,random", "--games", "0"), ("at least 1",)),
        ((GAME, "--bots", "random,random", "-p", "5"), ("not 5",)),
        ((GAME, "--bots", "random,random", "-p", "1"), ("laguna solo",)),
        ((GAME, "--bots", "random,random", "-o", "nope=1"), ("nope",)),
        ((GAME, "--bots", "random,random", "--jobs", "0"), ("jobs",)),
        ((GAME, "--bots", "random,random", "--backend", "dask"), ("backend", "dask")),
        ((GAME, "--bots", "random,random", "--address", "10.0.0.1:6379"), ("--backend ray",)),
    ],
)
def test_bad_tournament_input_is_one_error_line(tmp_path: Path, args: tuple[str, ...], fragments: tuple[str]) -> None:
    out = tmp_path / "out"
    result = run("tournament", *args, "--out", str(out))
    assert_one_error_line(result, *fragments)
    assert not out.exists()


def test_an_unwritable_output_directory_is_one_error_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    result = run("tournament", GAME, "--bots", "random,random", "-n", "1", "--out", str(blocker))
    assert_usage_error(result, "not a directory")
    result = run("solo", GAME, "--bot", "random", "-n", "1", "--out", str(blocker / "below"))
    assert_usage_error(result, "cannot create")


def test_solo_prints_the_score_distribution_and_the_rating_tiers(tmp_path: Path) -> None:
    result = run("solo", GAME, "--bot", "random", "--games", "6", "--seed", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    for text in ("solo, random: 6 games", "mean ± 95% CI", "quartiles", "Scores", "█", "Rulebook solo ratings"):
        assert text in result.stdout
    for title in ("So-so", "Not bad", "Good job!", "Awesome!", "Masterpiece!"):
        assert title in result.stdout
    assert result.stdout.index("So-so") < result.stdout.index("Masterpiece!")
    assert len(list(load_records(tmp_path / "games.jsonl"))) == 6
    assert json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["games"] == 6


def test_solo_without_out_writes_nothing_and_works_for_roll_and_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("solo", "walking-in-burano-roll-and-write", "--bot", "random", "-n", "3")
    assert result.exit_code == 0, result.output
    assert "100+" in result.stdout  # the roll-and-write table tops out at 100
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("burano", "--bot", "random"), ("no solo mode", "Burano")),
        ((GAME, "--bot", "clever"), ("unknown bot", "clever")),
        ((GAME, "--bot", "random", "-n", "0"), ("at least 1",)),
        ((GAME, "--bot", "random", "-o", "nope=1"), ("nope",)),
    ],
)
def test_bad_solo_input_is_one_error_line(args: tuple[str, ...], fragments: tuple[str]) -> None:
    assert_one_error_line(run("solo", *args), *fragments)
