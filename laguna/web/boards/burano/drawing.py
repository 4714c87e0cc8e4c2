"""The drawing of Burano's web board: SVG and HTML fragments (cubes, tokens, icons, pressable spots),
every text in them escaped, and the pieces they make, each under the key the board marks it with.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _escape

from laguna.web.boards.burano.decisions import (
    Hit,
)
from laguna.web.boards.burano.words import (
    _,
    escape,
)

Piece = tuple[str | None, str, str]
"""A drawn piece: its key, its element up to its key, and the rest of it (no key: markup drawn between
pieces)."""


CELL = 100
"""A square of the main island and of the workshop area, in drawing units."""


STOREY, GABLE = 25, 10
"""A floor of a house and the roof over it, in drawing units, stacked from the bottom of the square."""


def _block(c: dict[str, str] | None, x: float, y: float, size: float) -> str:
    """A cube (or a house, a dock house, a marker) seen from above: its colour and its mark; face down
    hatched; an empty place dashed (the drawings ``bu-c-…`` of the board's defs)."""
    return f'<use href="#bu-c-{c["colour"] if c else "none"}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"/>'


def _marked_block(c: dict[str, str], x: float, y: float, size: float, *, glyph: tuple[float, float]) -> str:
    """A pyramid cube with its mark where it shows, toward the edge the upper layer leaves uncovered."""
    css = "bu-facedown" if c["colour"] == "hidden" else f"bu-cube bu-f-{c['colour']}"
    return (
        f'<rect class="{css}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="5"/>'
        f'<text class="bu-mark" x="{glyph[0]:g}" y="{glyph[1]:g}">{c["mark"]}</text>'
    )


def _hit(h: Hit, x: float, y: float, width: float, height: float, *, rx: int = 8) -> str:
    """A pressable spot over a drawn piece: its one decision, or picking it to choose among several."""
    if h is None:
        return ""
    kind, value, words = h
    if kind == "action":
        what = f'class="bu-hit act" data-action="{escape(value)}"'
    else:
        what = f'class="bu-hit pick" data-pick="{escape(value)}"'
    return (
        f'<rect {what} role="button" tabindex="0" aria-label="{escape(words)}" '
        f'x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="{rx}"/>'
    )


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _piece(key: str, words: str, svg: str) -> Piece:
    """A piece drawn in SVG: its key, and its drawing with its words first."""
    return key, f'<g data-piece="{key}"', f">{_title(words)}{svg}</g>"


def _fragment(html: str) -> Piece:
    """Markup between pieces, drawn with them: no key, never highlighted."""
    return None, html, ""


def draw(pieces: Sequence[Piece], changed: Collection[str]) -> Markup:
    """Pieces with the attributes the ``mark`` macro of the boards writes: ``data-piece``, and
    ``data-changed`` on those in `changed`; joined here, as a template would take longer than the
    budget of a board for the hundreds of pieces of a four-player game."""
    if not changed:
        return Markup("".join([start + rest for _key, start, rest in pieces]))
    return Markup(
        "".join([f'{start} data-changed=""{rest}' if key in changed else start + rest for key, start, rest in pieces])
    )


def _token(seat: int, x: float, y: float, size: float, woman: bool = False) -> str:
    """A worker of a seat: its colour and its number."""
    shape = "woman" if woman else "man"
    return (
        f'<use href="#bu-{shape}" class="bu-p{seat}" x="{x}" y="{y}" width="{size}" height="{size * 34 / 30:.1f}"/>'
        f'<text class="bu-seatno" x="{x + size / 2}" y="{y + size * 0.95:.1f}" '
        f'font-size="{size * 0.42:.1f}">{seat + 1}</text>'
    )


def _html(key: str, words: str, html: str, tag: str = "span", css: str = "bu-item") -> Piece:
    """A piece drawn in HTML: its key, its words, and its drawing."""
    return key, f'<{tag} class="{css}" data-piece="{key}"', f' aria-label="{escape(words)}">{html}</{tag}>'


def _press(h: Hit, inner: str, css: str = "") -> str:
    """An HTML drawing that takes its decision (or is picked to choose among several) when pressed."""
    if h is None:
        return inner
    kind, value, words = h
    if kind == "action":
        return (
            f'<button type="button" class="bu-press act {css}" data-action="{escape(value)}" '
            f'aria-label="{escape(words)}">{inner}</button>'
        )
    return (
        f'<button type="button" class="bu-press pick {css}" data-pick="{escape(value)}" '
        f'aria-label="{escape(words)}">{inner}</button>'
    )


def _cube_icon(c: dict[str, str] | None, size: int = 34) -> str:
    return _block_icon(c["colour"] if c else "none", size)


def _block_icon(colour: str, size: int = 34) -> str:
    return (
        f'<svg class="bu-icon" viewBox="0 0 40 40" width="{size}" height="{size}" aria-hidden="true">'
        f'<use href="#bu-c-{colour}"/></svg>'
    )


def _roof_icon(t: dict[str, Any]) -> str:
    """A roof tile: its two halves, each in its colour with its mark, and its kind in the middle."""
    first, second = t["halves"]
    return (
        f'<svg class="bu-tile" viewBox="0 0 96 44" aria-hidden="true"><use href="#bu-rl-{first["colour"]}"/>'
        f'<use href="#bu-rr-{second["colour"]}"/><use href="#bu-rk-{t["kind"]}"/></svg>'
    )


def _icon(symbol: str, width: int = 22, height: int = 22, box: str = "0 0 20 20", css: str = "") -> str:
    return (
        f'<svg class="bu-icon{css}" viewBox="{box}" width="{width}" height="{height}" aria-hidden="true">'
        f'<use href="#{symbol}"/></svg>'
    )


def _fish_cards(kinds: Sequence[tuple[str, int]], css: str = "") -> str:
    return "".join(
        f'<span class="bu-fishcard{css}">{_icon("bu-fish", 26, 13, "0 0 40 20", " bu-fish-" + kind)}'
        f"{escape(_(kind))} ×{count}</span> "
        for kind, count in kinds
    )


def _group(heading: str, pieces: Sequence[Piece], css: str = "") -> list[Piece]:
    """A group of pieces under its heading (the heading escaped, as the template wrote it)."""
    return [
        _fragment(f'<div class="bu-group{css}"><h4>{_escape(heading)}</h4><div class="bu-items">'),
        *pieces,
        _fragment("</div></div>"),
    ]
