"""What every test run says: the seed of its random order (pytest-randomly), which `-q` would hide, so
that an order that fails can be run again with `--randomly-seed=N`; and that it stops when a compiled
module is older than its source."""

from __future__ import annotations

import importlib.machinery

import pytest

from tests.games.native_fingerprint import NAMES, ROOT


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    seed = config.getoption("randomly_seed", None)
    if isinstance(seed, int):
        terminalreporter.write_line(f"tests run in a random order: --randomly-seed={seed} repeats it")


def pytest_sessionstart(session: pytest.Session) -> None:
    """A compiled module older than its source would run in its place, and the tests would test the
    old code: stop before any runs."""
    for py in NAMES.values():
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            built = py.with_name(py.stem + suffix)
            if built.exists() and built.stat().st_mtime < py.stat().st_mtime:
                pytest.exit(
                    f"{built.relative_to(ROOT)} is older than {py.relative_to(ROOT)}: rebuild it with `make test` "
                    "(or `.venv/bin/python setup.py build_ext --inplace --force`)",
                    returncode=2,
                )
