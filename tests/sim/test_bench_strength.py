"""The strength acceptance runs (benchmarks/bench_strength.py): every match-up of the targets, two
players or more, on the backend asked for."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def bench_strength() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCHMARKS))  # the script imports its neighbour `common`
    try:
        spec = importlib.util.spec_from_file_location("bench_strength", BENCHMARKS / "bench_strength.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_a_match_up_of_three_reports_the_first_bots_first_places(
    bench_strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["walking-in-burano", "--matchups", "medium:random:random,medium:random", "--games", "3"]
    assert bench_strength.main([*argv, "--solo-bots", "", "--jobs", "1", "--out", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "medium first against random:random in 100.0% [" in lines[0] and "(fair share 33.3%)" in lines[0]
    assert "medium beats random  100.0% [" in lines[1] and "of 3 games" in lines[1]
    records = (tmp_path / "walking-in-burano" / "medium-vs-random-vs-random" / "games.jsonl").read_text().splitlines()
    assert [len(json.loads(line)["seats"]) for line in records] == [3, 3, 3]


def test_a_match_up_outside_a_games_player_counts_is_skipped(
    bench_strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["walking-in-burano-roll-and-write", "--matchups", "random:random:random:random:random:random"]
    assert bench_strength.main([*argv, "--games", "1", "--solo-bots", "", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out == ""
    assert not (tmp_path / "walking-in-burano-roll-and-write").exists()


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--matchups", "expert"], "a match-up names two bots or more, as expert:hard, not 'expert'"),
        (["--matchups", "expert::hard"], "not 'expert::hard'"),
        (["--backend", "bogus"], "unknown backend 'bogus' (backends: local, ray)"),
        (["--address", "10.0.0.1:6379"], "--address is for the ray backend"),
        (["walking-in-burano", "no-such-game"], "no-such-game"),
        (["walking-in-burano", "--matchups", "medium:random,medium:nobody"], "nobody"),
        (["walking-in-burano", "--matchups", "medium:random", "--solo-bots", "medium,nobody"], "nobody"),
    ],
)
def test_a_bad_run_is_refused_by_name_before_any_game(
    bench_strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], error: str
) -> None:
    assert bench_strength.main([*argv, "--out", str(tmp_path)]) == 2
    assert error in capsys.readouterr().err
    assert not any(tmp_path.iterdir())
