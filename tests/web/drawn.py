"""Reading a drawn board in the board tests: its pieces by key, and which have no words for a screen
reader."""

from __future__ import annotations

from html.parser import HTMLParser


class DrawnPieces(HTMLParser):
    """The pieces of a drawn board: each ``data-piece`` element's key, and whether it has words (an
    ``aria-label``, or a ``<title>`` as its first child)."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []
        self.wordless: list[str] = []
        self.waiting: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.waiting is not None:
            if tag != "title":
                self.wordless.append(self.waiting)
            self.waiting = None
        found = dict(attrs)
        key = found.get("data-piece")
        if key is None:
            return
        self.keys.append(key)
        if not found.get("aria-label"):
            self.waiting = key


def pieces_drawn(page: str) -> DrawnPieces:
    """The pieces drawn on `page`."""
    parser = DrawnPieces()
    parser.feed(page)
    return parser
