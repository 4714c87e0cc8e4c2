"""How the command line reports a user's mistake: one ``error:`` line on stderr, no traceback."""

from __future__ import annotations

from typer.testing import Result


def assert_one_error_line(result: Result, *fragments: str) -> None:
    """A user error: exit code ≠ 0, one ``error:`` line on stderr naming the problem, no traceback."""
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert "Traceback" not in result.output
