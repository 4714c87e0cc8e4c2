"""Backends hand results back in task order, so where games ran never changes the output."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import ClassVar

import pytest

from laguna.core import LagunaError, OptionsError
from laguna.sim import tournament
from laguna.sim.backends import LocalBackend, RayBackend, make_backend
from laguna.sim.simulate import collect_games


def test_the_local_backend_keeps_task_order_with_any_number_of_processes() -> None:
    tasks = [-5, 3, -1, 0, 7, -2, 4, -8, 6]
    assert list(LocalBackend(1).map(abs, tasks)) == [abs(t) for t in tasks]
    assert list(LocalBackend(3).map(abs, tasks)) == [abs(t) for t in tasks]


def test_backends_are_chosen_by_name_and_bad_choices_refused() -> None:
    assert isinstance(make_backend("local", 2), LocalBackend)
    with pytest.raises(OptionsError, match="dask"):
        make_backend("dask")
    with pytest.raises(OptionsError, match="--address"):
        make_backend("local", 1, "10.0.0.1:6379")
    with pytest.raises(OptionsError, match="at least 1"):
        make_backend("local", 0)


def test_without_ray_installed_the_ray_backend_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail as if it were not installed
    with pytest.raises(LagunaError, match=r"pip install 'laguna\[ray\]'"):
        make_backend("ray", 2)


def test_ray_plays_the_same_tournament_as_the_local_backend(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    settings = {"options": {"round-limit": "5"}, "plot": False}
    bots = ["random", "random", "random"]
    tournament("walking-in-burano", 2, bots, 6, seed=11, out_dir=tmp_path / "local", **settings)  # type: ignore[arg-type]
    try:
        tournament(
            "walking-in-burano",
            2,
            bots,
            6,
            seed=11,
            out_dir=tmp_path / "ray",
            backend=RayBackend(jobs=2),
            **settings,  # type: ignore[arg-type]
        )
        assert not ray.is_initialized()  # the instance the run started is shut down with it
    finally:
        if ray.is_initialized():
            ray.shutdown()
    for name in ("games.jsonl", "summary.json"):
        assert (tmp_path / "local" / name).read_bytes() == (tmp_path / "ray" / name).read_bytes()


class _RecordingPool:
    """A pool run in this process that records how tasks were handed to its workers."""

    chunks: ClassVar[list[int]] = []

    def __init__(self, processes: int) -> None:
        self.processes = processes

    def __enter__(self) -> _RecordingPool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, function, tasks, chunksize: int):  # type: ignore[no-untyped-def]
        self.chunks.append(chunksize)
        return map(function, tasks)


def test_a_worker_hands_back_each_game_as_soon_as_it_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    # Games last seconds to minutes: a worker holding a batch of them back would leave the progress
    # bar and games.jsonl still for as long, and a run stopped midway would lose games already played.
    class Context:
        Pool = _RecordingPool

    monkeypatch.setattr("laguna.sim.backends.multiprocessing.get_context", lambda method: Context())
    _RecordingPool.chunks.clear()
    assert list(LocalBackend(2).map(abs, list(range(-200, 200)))) == [abs(t) for t in range(-200, 200)]
    assert _RecordingPool.chunks == [1]


def test_each_game_record_is_written_out_before_the_next_game_is_played(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    seen: list[str] = []

    def worker(task: int) -> tuple[str, int]:
        seen.append(out.read_text(encoding="utf-8"))
        return f'{{"game": {task}}}', task

    assert collect_games(LocalBackend(1), worker, [0, 1, 2], out) == [0, 1, 2]  # type: ignore[arg-type]
    assert seen == ["", '{"game": 0}\n', '{"game": 0}\n{"game": 1}\n']
