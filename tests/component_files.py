"""Loading bad component files in schema tests: a loader refuses them with a `CardDataError` of one line
that names the file first, so a user can find what to fix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from laguna.core.errors import CardDataError


def load_error(load: Callable[[str], object], source: str, message: str) -> str:
    """The error text `load` refuses `source` with; it must match the pattern `message`."""
    with pytest.raises(CardDataError, match=message) as caught:
        load(source)
    return str(caught.value)


def assert_refused(load: Callable[[str], object], source: str, message: str) -> None:
    """`load` refuses `source` with one line matching `message` and starting with the file's path."""
    text = load_error(load, source, message)
    assert text.startswith(source + ": ")
    assert "\n" not in text


def write_file(path: Path, content: str | bytes) -> str:
    """Write `content` (text as UTF-8, bytes as they are) to `path`; return the path as loaders take it."""
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


def bad_file_test(
    load: Callable[[str], object], write_variant: Callable[[Path, Any], str], bad_files: dict[str, tuple[Any, str]]
) -> Callable[[Path, str], None]:
    """A test, one case per entry of `bad_files` (a change to the packaged data and the message it must
    bring), that the loader refuses each changed file with that message, one line naming the file."""

    @pytest.mark.parametrize("case", sorted(bad_files))
    def test_loader_rejects_bad_file(tmp_path: Path, case: str) -> None:
        change, message = bad_files[case]
        assert_refused(load, write_variant(tmp_path, change), message)

    return test_loader_rejects_bad_file
