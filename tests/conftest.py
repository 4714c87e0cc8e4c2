"""What every test run says: the seed of its random order (pytest-randomly), which `-q` would hide, so
that an order that fails can be run again with `--randomly-seed=N`."""

from __future__ import annotations

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    seed = config.getoption("randomly_seed", None)
    if isinstance(seed, int):
        terminalreporter.write_line(f"tests run in a random order: --randomly-seed={seed} repeats it")
