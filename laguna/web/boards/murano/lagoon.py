"""The lagoon of Murano's web board (rulebook: The Lagoon, Moving a Ship): the loop of 18 action spaces
with their ships, and the harbour inside it with the tile stacks, the decks and the bag of glass beads.
"""

from __future__ import annotations

import functools
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.murano.ships import SPACES, ship_costs
from laguna.i18n import N_
from laguna.web.boards.murano.decisions import (
    TURN_PHASE,
    _choices,
    _Decisions,
    _mark,
)
from laguna.web.boards.murano.pictures import (
    STACK_ICONS,
    _space_inner,
    _space_words_of,
)
from laguna.web.boards.murano.words import (
    COLOUR_NAMES,
    STACK_NAMES,
    _said,
    capital,
)

WIDE = (7, 4)


NARROW = (4, 7)
"""The loop of action spaces as a frame of columns × rows: wide screens and phones."""


def _frame(columns: int, rows: int) -> list[tuple[int, int]]:
    """The (column, row) of each action space in sailing order around a frame of `columns` × `rows`:
    counter-clockwise from the top right corner, as the ships sail."""
    top = [(c, 1) for c in range(columns, 0, -1)]
    left = [(1, r) for r in range(2, rows)]
    bottom = [(c, rows) for c in range(1, columns + 1)]
    right = [(columns, r) for r in range(rows - 1, 1, -1)]
    return top + left + bottom + right


def _heading(here: tuple[int, int], ahead: tuple[int, int]) -> str:
    """Which way the next space lies: l(eft), r(ight), u(p) or d(own)."""
    (c1, r1), (c2, r2) = here, ahead
    return "l" if c2 < c1 else "r" if c2 > c1 else "u" if r2 < r1 else "d"


def _places() -> list[str]:
    """Each action space's CSS classes: its cell in the wide and the narrow frame, and the heading
    of the arrow to the next space in each."""
    wide, narrow = _frame(*WIDE), _frame(*NARROW)
    classes = []
    for i in range(SPACES):
        ahead = (i + 1) % SPACES
        (wc, wr), (nc, nr) = wide[i], narrow[i]
        classes.append(
            f"wc{wc} wr{wr} w{_heading(wide[i], wide[ahead])} nc{nc} nr{nr} n{_heading(narrow[i], narrow[ahead])}"
        )
    return classes


PLACES = _places()


def _spaces(view: dict[str, Any], decisions: _Decisions) -> list[dict[str, Any]]:
    """The action spaces in sailing order: ships, and in a turn's choice the gold each costs the actor."""
    spaces: list[dict[str, Any]] = list(view.get("action_spaces", []))
    occupied = tuple(int(space.get("ships", 0)) for space in spaces)
    costs = ship_costs(occupied) if len(occupied) == SPACES else (0,) * len(occupied)
    actor = view.get("actor")
    gold = next((int(s.get("gold", 0)) for s in view.get("seats", []) if s.get("seat") == actor), 0)
    choosing = view.get("phase") == TURN_PHASE and actor is not None
    target = view.get("target")
    model = []
    for index, space in enumerate(spaces):
        number = int(space.get("number", index + 1))
        ships = occupied[index]
        red = bool(space.get("red"))
        price = costs[index] if ships else 0
        here = decisions.take("space", number)
        for decision in here:
            decision["price"] = price
        model.append(
            {
                "index": index,
                "number": number,
                "key": f"space-{number}",
                "action": str(space.get("action", "?")),
                "black": ships - (1 if red else 0),
                "red": red,
                "price": price if choosing else None,
                "dear": choosing and price > gold,
                "target": target == number,
                "decisions": here,
            }
        )
    return model


@pass_context
def draw_lagoon(context: Context, model: dict[str, Any]) -> Markup:
    """The action spaces with their ships and decisions."""
    changed = context.get("changed", ())
    language = i18n.current()
    lighthouse = _choices(model["lighthouse"])
    out = []
    for space in model["spaces"]:
        here = space["decisions"]
        out.append(
            _space_open(
                language,
                space["index"],
                space["number"],
                space["action"],
                black=space["black"],
                red=space["red"],
                target=space["target"],
                mine=bool(here),
                glow=space["key"] in changed,
            )
        )
        if space["red"] and lighthouse:
            out.append(lighthouse)
        if here:
            out.append(_choices(here))
        out.append("</div>")
    return Markup("".join(out))


@functools.lru_cache(maxsize=1024)
def _space_open(
    language: str, index: int, number: int, action: str, *, black: int, red: bool, target: bool, mine: bool, glow: bool
) -> str:
    """An action space up to its decisions, in `language`."""
    css = f"space mu-sp {PLACES[index % SPACES]}"
    css += (" occupied" if black or red else "") + (" target" if target else "") + (" mine" if mine else "")
    words = _space_words_of(language, number, action, black=black, red=red, target=target)
    inner = _space_inner(language, number, action, black=black, red=red, target=target)
    return (
        f'\n<div class="{css}" data-space="{number}" {_mark(f"space-{number}", glow)} role="group"'
        f' aria-label="{escape(words)}">{inner}'
    )


@pass_context
def draw_stacks(context: Context, model: dict[str, Any]) -> Markup:
    """The tile stacks and decks with their decisions."""
    changed = context.get("changed", ())
    language = i18n.current()
    out = []
    for stack in model["stacks"]:
        name = stack["name"]
        out.append(_stack_open(language, name, stack["count"], "stack-" + name.replace("_", "-") in changed))
        out.append(_choices(stack["decisions"]))
        out.append("</div>")
    return Markup("".join(out))


@functools.lru_cache(maxsize=512)
def _stack_open(language: str, name: str, count: int, glow: bool) -> str:
    """A stack up to its decisions, in `language`: a pile of up to three of its tiles, its count."""
    title = _said(STACK_NAMES[name]) if name in STACK_NAMES else escape(name)
    icon = STACK_ICONS.get(name, "")
    if count:
        pile = f'<use href="#{icon}" x="6" y="0" width="40" height="40" opacity=".55"/>' if count > 2 else ""
        pile += f'<use href="#{icon}" x="4" y="3" width="40" height="40" opacity=".8"/>' if count > 1 else ""
        pile += f'<use href="#{icon}" x="2" y="6" width="40" height="40"/>'
    else:
        pile = '<rect x="4" y="8" width="38" height="38" rx="4" fill="none" stroke="#777" stroke-dasharray="4 3"/>'
    shown = escape(count) if count else _said(N_("empty"))
    return (
        f'\n<div class="stack mu-stack{"" if count else " empty"}" data-stack="{escape(name)}"'
        f' {_mark("stack-" + name.replace("_", "-"), glow)} role="group" aria-label="{title}: {shown}">\n'
        f'<svg class="mu-pile" viewBox="0 0 48 48" aria-hidden="true">{pile}</svg>\n'
        f'<span class="mu-count">{escape(count)}</span>\n<span class="mu-cap">{title}</span>\n'
    )


@pass_context
def draw_bag(context: Context, model: dict[str, Any]) -> Markup:
    """The glass beads in the bag, by colour."""
    changed = context.get("changed", ())
    language = i18n.current()
    return Markup(
        "".join(_bag_beads(language, colour, count, f"bag-{colour}" in changed) for colour, count in model["bag"])
    )


@functools.lru_cache(maxsize=256)
def _bag_beads(language: str, colour: str, count: int, glow: bool) -> str:
    """The beads of a colour in the bag, in `language`."""
    name = _said(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else escape(colour)
    words = Markup(
        i18n.ngettext("%(num)s %(colour)s bead in the bag", "%(num)s %(colour)s beads in the bag", count)
    ) % {"num": count, "colour": name}
    return (
        f'<span class="mu-bead" {_mark(f"bag-{colour}", glow)} role="img" aria-label="{words}">'
        f'<svg class="mu-beadic" viewBox="0 0 20 20" aria-hidden="true">'
        f'<use href="#mu-bead" class="mu-k-{escape(colour)}"/><text class="mu-ink" x="10" y="13.5" font-size="9"'
        f' text-anchor="middle">{escape(capital(colour))}</text></svg>{escape(count)}</span>'
    )
