"""The README shows every game's board as the browser tests took it, on a desktop and on a phone:
each picture it names is in the project, a PNG of the window's width."""

from __future__ import annotations

import re
import struct
from pathlib import Path

ROOT = Path(__file__).parents[2]
PICTURE = re.compile(r"!\[([^\]]+)\]\((docs/pictures/[^)]+\.png)\)")
GAMES = ["walking-in-burano", "walking-in-burano-roll-and-write", "burano", "murano"]
WIDTHS = {"desktop": 1366, "phone": 390}


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_readme_shows_each_board_on_a_desktop_and_a_phone() -> None:
    named = dict((path, words) for words, path in PICTURE.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    expected = {f"docs/pictures/board-{game}-{size}.png" for game in GAMES for size in WIDTHS}
    assert set(named) == expected
    for path in expected:
        size = path.rsplit("-", 1)[1].removesuffix(".png")
        width, height = _png_size(ROOT / path)
        assert width == WIDTHS[size] and height > 0, f"{path}: {width}×{height}"
        assert ("phone" if size == "phone" else "desktop") in named[path]
