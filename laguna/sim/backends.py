"""Where games run: this process, a pool of local processes, or Ray tasks.

Every backend hands results back in the order of its tasks, whatever order the workers finish in,
so a run's output depends on its seed alone and not on where or how widely it ran.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from laguna.core import LagunaError, OptionsError
from laguna.core.messages import msg

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")

RAY_MISSING = msg("the ray backend needs Ray, which is not installed: {command}", command="pip install 'laguna[ray]'")


class Backend(Protocol):
    """Runs a picklable module-level function over tasks; yields the results in task order."""

    name: str

    def map(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]: ...


class LocalBackend:
    """This process (``jobs=1``) or a pool of ``jobs`` processes on this machine."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise OptionsError(msg("the number of jobs must be at least 1, not {jobs}", jobs=jobs))
        self.jobs = jobs

    def map(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        if self.jobs <= 1 or len(tasks) <= 1:
            for task in tasks:
                yield function(task)
            return
        # "spawn" works the same on every platform and does not copy a parent's threads or locks.
        context = multiprocessing.get_context("spawn")
        with context.Pool(processes=min(self.jobs, len(tasks))) as pool:
            # One task at a time: a game takes far longer than handing it over, and a worker holding
            # a batch back would hold back the progress and the records of the games it has played.
            yield from pool.imap(function, tasks, chunksize=1)


class RayBackend:
    """Ray tasks: on the cluster at `address`, or on a Ray instance started here with `jobs` CPUs.

    A Ray instance started here is shut down when the run ends (or fails); one already running in
    this process, or a cluster, is left as it was found apart from this run's connection. Tasks are
    kept a few per CPU ahead of the results being read, so a long run does not queue every game at
    once.
    """

    name = "ray"

    def __init__(self, jobs: int = 1, address: str | None = None) -> None:
        if jobs < 1:
            raise OptionsError(msg("the number of jobs must be at least 1, not {jobs}", jobs=jobs))
        self.jobs = jobs
        self.address = address
        self._ray = import_ray()

    def map(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        ray = self._ray
        started = not ray.is_initialized()
        if started:
            self._start()
        try:
            remote = ray.remote(_call)  # a function, so `function` may be any picklable callable
            cpus = int(ray.cluster_resources().get("CPU", self.jobs)) or 1
            ahead = max(8, 4 * cpus)
            pending: list[Any] = []
            submitted = 0
            for _ in tasks:
                while submitted < len(tasks) and len(pending) < ahead:
                    pending.append(remote.remote(function, tasks[submitted]))
                    submitted += 1
                yield self._get(pending.pop(0))
        finally:
            if started:
                ray.shutdown()

    def _start(self) -> None:
        ray = self._ray
        try:
            if self.address is not None:
                ray.init(address=self.address, logging_level=logging.ERROR)
            else:
                ray.init(
                    num_cpus=self.jobs,
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.ERROR,
                )
        except Exception as error:  # Ray raises many kinds; any of them means no cluster to run on.
            if self.address:
                raise LagunaError(
                    msg("cannot start the Ray cluster at {address}: {error}", address=self.address, error=str(error))
                ) from None
            raise LagunaError(msg("cannot start a local Ray instance: {error}", error=str(error))) from None

    def _get(self, ref: Any) -> Any:
        try:
            return self._ray.get(ref)
        except self._ray.exceptions.RayTaskError as error:
            cause = getattr(error, "cause", None)
            if isinstance(cause, LagunaError):
                raise cause from None
            raise


def _call(function: Callable[[T], R], task: T) -> R:
    """`function` on `task`, in a Ray worker."""
    return function(task)


def import_ray() -> Any:
    """The `ray` module, imported only when asked for (it is an optional extra and slow to load)."""
    try:
        import ray  # noqa: PLC0415  (optional, and seconds to import)
    except ImportError:
        raise LagunaError(RAY_MISSING) from None
    return ray


def make_backend(name: str, jobs: int = 1, address: str | None = None) -> Backend:
    """The backend called `name` (``local`` or ``ray``); `OptionsError` for anything else."""
    key = name.strip().lower()
    if key == "local":
        if address is not None:
            raise OptionsError(msg("--address is for the ray backend (--backend ray)"))
        return LocalBackend(jobs)
    if key == "ray":
        return RayBackend(jobs, address)
    raise OptionsError(
        msg("unknown backend {name} (backends: {backends})", name=repr(name), backends=", ".join(BACKENDS))
    )
