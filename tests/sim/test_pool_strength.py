"""The pooling of strength runs (benchmarks/pool_strength.py): every game counts once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from laguna.core import GameRecord, LagunaError

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "pool_strength.py"


@pytest.fixture(scope="module")
def pool_strength() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pool_strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pool_strength"] = module
    spec.loader.exec_module(module)
    return module


def _run(path: Path, seed: int, results: list[tuple[list[str], list[int]]]) -> Path:
    """A games.jsonl of finished 2-player games: (seats, scores) each, the higher score winning."""
    lines = []
    for index, (seats, scores) in enumerate(results):
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        record = GameRecord("walking-in-burano", seats, seed + index, result={"scores": scores, "winners": winners})
        lines.append(record.dumps())
    path.write_text("\n".join(lines) + "\n")
    return path


def test_runs_are_pooled_and_shared_victories_split(pool_strength: ModuleType, tmp_path: Path) -> None:
    first = _run(tmp_path / "a.jsonl", 1000, [(["hard", "greedy"], [60, 50]), (["greedy", "hard"], [55, 55])])
    second = _run(tmp_path / "b.jsonl", 2000, [(["hard", "greedy"], [40, 70])])
    lines = pool_strength.pool([first, second])
    assert lines[0] == "walking-in-burano: greedy – hard"
    hard = next(line for line in lines if line.strip().startswith("hard"))
    assert "wins 50.0% [" in hard and "of 3 games" in hard  # 1 + 1/2 + 0 of 3
    assert "mean score 51.67" in hard


def test_a_game_met_twice_is_refused(pool_strength: ModuleType, tmp_path: Path) -> None:
    first = _run(tmp_path / "a.jsonl", 1000, [(["hard", "greedy"], [60, 50])])
    with pytest.raises(LagunaError, match="seed 1000 is also in"):
        pool_strength.pool([first, first])
    assert pool_strength.main([str(first), str(first)]) == 2


def test_a_game_without_result_is_refused(pool_strength: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_text(GameRecord("walking-in-burano", ["hard", "greedy"], 7).dumps() + "\n")
    with pytest.raises(LagunaError, match="seed 7 has no result"):
        pool_strength.pool([path])
