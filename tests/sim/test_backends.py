"""Backends hand results back in task order, so where games ran never changes the output."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from laguna.core import LagunaError, OptionsError
from laguna.sim import tournament
from laguna.sim.backends import LocalBackend, RayBackend, make_backend


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
