"""A player's board on Burano's web board (rulebook: Setup - Player, Scoring): the tracks of coins,
victory points, privilege and moves, the boat, the preparation area, the cube reserve, the roof spaces,
the hand and the fish and building cards.
"""

from __future__ import annotations

import functools
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _escape

from laguna import i18n
from laguna.games.burano.position import MAX_MOVES, MOVE_COSTS, PREPARATION_SPACES
from laguna.games.burano.pyramid import SLOT_NAMES, SLOTS
from laguna.web.boards.burano.decisions import (
    Decision,
    Hit,
    _Decisions,
)
from laguna.web.boards.burano.drawing import (
    Piece,
    _block_icon,
    _cube_icon,
    _fish_cards,
    _fragment,
    _group,
    _html,
    _icon,
    _press,
    _roof_icon,
)
from laguna.web.boards.burano.pyramid import _pyramid
from laguna.web.boards.burano.schedule import _ring
from laguna.web.boards.burano.words import (
    _,
    _said,
    cube,
    escape,
    tile,
)


def _seat(seat: dict[str, Any], view: dict[str, Any], decisions: _Decisions | None, language: str) -> dict[str, Any]:
    """One player's board; `decisions` only for the viewer's own seat."""
    number = int(seat["seat"])
    s = f"s{number}"
    phase = view.get("phase")
    mine = decisions is not None

    def hit(*spots: str) -> Hit:
        return decisions.hit("seat", *spots) if decisions is not None else None

    def buttons(spot: str) -> list[Decision]:
        return decisions.buttons(spot) if decisions is not None else []

    sources = tuple((name, points) for name, points in (seat.get("vp_by_source") or {}).items() if points)
    counters = [
        _coins(s, int(seat.get("coins", 0)), language),
        _vp(s, int(seat.get("vp", 0)), sources, language),
        _privilege(s, int(seat.get("privilege", 0)), hit("privilege"), language),
        _moves(s, int(seat.get("moves", 0)), language),
        _boat_counter(number, i18n.view_text(seat.get("boat")), language),
    ]
    preparation = list(seat.get("preparation", []))
    prepared = [
        _preparation(s, k, preparation[k] if k < len(preparation) else None, language)
        for k in range(PREPARATION_SPACES)
    ]
    held = tuple(_reserve(seat))
    reserve = _cube_reserve(s, held, tuple(hit(f"reserve:{colour}") for colour, _count in held), language)
    roofs = list(seat.get("roofs", []))
    spaces = [
        _roof_space(s, k, str(roofs[k]), hit(f"tile:{roofs[k]}"), language)
        if k < len(roofs)
        else _roof_space(s, k, None, None, language)
        for k in range(max(3, len(roofs)))
    ]
    titles: dict[str, str] = view.get("building_cards") or {}
    cards = tuple((str(card), i18n.view_text(titles.get(card) or "")) for card in seat.get("cards", []))
    holdings = [
        _hand(
            s,
            tuple(sorted((seat.get("hand") or {}).items())),
            int(seat.get("hidden_fish", 0)),
            tuple(sorted((seat.get("from_deck") or {}).items())),
            language,
        ),
        _sold(s, tuple(sorted((seat.get("sold") or {}).items())), language),
        _cards(s, cards, language),
    ]
    ring = seat.get("ring") or {}
    houses = tuple(
        (str(house["colour"]), "coin" if house.get("symbol") == "coin" else "fountain")
        for house in ring.get("houses") or []
    )
    ring_piece = _ring(
        number,
        (houses, int(ring.get("arrows", 0)), int(ring.get("workers", 0))),
        (seat.get("visible_coins", 0), seat.get("visible_fountains", 0)),
        language,
    )
    pyramid: list[str | None] | None = seat.get("pyramid")
    decided = int(seat.get("pyramid_slots_decided", 0))
    slot_hits = tuple(hit(f"slot:{name}") for name in SLOT_NAMES)
    acting = view.get("actor") == number or (phase == "cube pyramid construction" and not seat.get("pyramid_ready"))
    return {
        "seat": number,
        "mine": mine,
        "frame": Markup((" mine" if mine else "") + (" acting" if acting else "")),
        "acting": Markup("▶ " if acting else ""),
        "title": _seat_title(seat.get("letter"), view.get("start_player") == number, language),
        "counters": counters,
        "ring": (ring_piece,),
        "pyramid": _pyramid(number, tuple(pyramid) if pyramid is not None else None, decided, slot_hits, language),
        "note": _note(mine, bool(seat.get("pyramid_ready")), seat.get("pyramid_slots_decided", 0), language),
        "side": [
            *_group(_("Preparation area"), prepared),
            *_group(_("Cube reserve"), (reserve,)),
            *_group(_("Roof spaces"), spaces),
        ],
        "holdings": holdings,
        "buttons": buttons("seat") + buttons("reserve") + buttons("boat") + buttons("ring") + buttons("end"),
    }


@functools.lru_cache(maxsize=256)
def _seat_title(letter: Any, start_player: bool, language: str) -> tuple[Piece, ...]:
    """The end of a seat's heading, after its name: its letter, and whether it is the start player."""
    drawn = []
    if letter:
        drawn.append(_fragment(f" · {_said('letter %(letter)s', letter=letter)}"))
    if start_player:
        words = _said("start player")
        drawn.append(("start-player", ' · <span data-piece="start-player"', f' aria-label="{words}">⚑ {words}</span>'))
    return tuple(drawn)


@functools.lru_cache(maxsize=256)
def _note(mine: bool, ready: bool, decided: Any, language: str) -> Markup:
    """Under a pyramid being built, how far it is."""
    if ready:
        return Markup("")
    if mine:
        words = _said("being built: %(decided)s of %(slots)s slots decided", decided=decided, slots=SLOTS)
    else:
        words = _said("built in secret: %(decided)s of %(slots)s slots decided", decided=decided, slots=SLOTS)
    return Markup(f'<p class="bu-note">{words}</p>')


@functools.lru_cache(maxsize=1024)
def _coins(s: str, coins: int, language: str) -> Piece:
    return _html(
        f"{s}-coins",
        i18n.ngettext("%(num)s coin", "%(num)s coins", coins) % {"num": coins},
        f"{_icon('bu-coin')} {coins}",
        css="bu-counter",
    )


@functools.lru_cache(maxsize=1024)
def _vp(s: str, vp: int, sources: tuple[tuple[str, Any], ...], language: str) -> Piece:
    by_source = ", ".join(f"{_(name)} {points}" for name, points in sources)
    return _html(
        f"{s}-vp",
        _("%(vp)s VP") % {"vp": vp} + (f" ({by_source})" if by_source else ""),
        f"{_icon('bu-vp')} {escape(_('%(vp)s VP') % {'vp': vp})}",
        css="bu-counter",
    )


@functools.lru_cache(maxsize=1024)
def _privilege(s: str, privilege: int, h: Hit, language: str) -> Piece:
    return _html(
        f"{s}-privilege",
        i18n.ngettext("%(num)s privilege point", "%(num)s privilege points", privilege) % {"num": privilege},
        _press(h, f"{_icon('bu-privilege')} {privilege}"),
        css="bu-counter",
    )


@functools.lru_cache(maxsize=256)
def _moves(s: str, moves: int, language: str) -> Piece:
    track = "".join(
        f'<rect x="{6 + k * 52}" y="3" width="48" height="24" rx="5" class="{"bu-made" if k < moves else "bu-move"}"/>'
        f'<text x="{30 + k * 52}" y="20" font-size="13" text-anchor="middle">{"✔" if k < moves else ""}'
        f"{'+' if MOVE_COSTS[k] < 0 else '−'}{abs(MOVE_COSTS[k])}</text>"
        for k in range(MAX_MOVES)
    )
    return _html(
        f"{s}-moves",
        _("moves made this turn: %(num)s of %(total)s") % {"num": moves, "total": MAX_MOVES},
        f'<svg class="bu-moves" viewBox="0 0 214 30" aria-hidden="true">{track}</svg>',
        css="bu-counter",
    )


@functools.lru_cache(maxsize=256)
def _boat_counter(number: int, place: str, language: str) -> Piece:
    """Where a seat's fishing boat is, beside its counters."""
    return _fragment(
        f'<span class="bu-counter" aria-label="{_said("fishing boat at %(place)s", place=place)}">'
        '<svg viewBox="0 0 40 30" width="26" height="20" aria-hidden="true">'
        f'<use href="#bu-boat" class="bu-p{number}"/></svg> {_escape(place)}</span>'
    )


@functools.lru_cache(maxsize=1024)
def _preparation(s: str, k: int, colour: Any, language: str) -> Piece:
    c = cube(str(colour)) if colour is not None else None
    what = c["name"] if c else _("empty")
    return _html(
        f"{s}-prep-{k + 1}",
        _("preparation space %(number)s: %(cube)s") % {"number": k + 1, "cube": what},
        _cube_icon(c),
    )


@functools.lru_cache(maxsize=1024)
def _cube_reserve(s: str, held: tuple[tuple[str, int], ...], hits: tuple[Hit, ...], language: str) -> Piece:
    piles = "".join(
        _press(h, f'{_block_icon(colour, 28)}<span class="bu-n">×{count}</span>')
        for (colour, count), h in zip(held, hits, strict=True)
    )
    return _html(
        f"{s}-reserve",
        _("cube reserve: %(cubes)s")
        % {"cubes": ", ".join(f"{count} {_(colour)}" for colour, count in held) or _("empty")},
        piles or escape(_("empty")),
    )


@functools.lru_cache(maxsize=1024)
def _roof_space(s: str, k: int, text: str | None, h: Hit, language: str) -> Piece:
    if text is not None:
        laid = tile(text)
        drawing, what = _press(h, _roof_icon(laid)), laid["words"]
    else:
        drawing, what = '<span class="bu-tile bu-empty-tile"></span>', _("empty")
    return _html(f"{s}-roof-{k + 1}", _("roof space %(number)s: %(tile)s") % {"number": k + 1, "tile": what}, drawing)


@functools.lru_cache(maxsize=1024)
def _hand(
    s: str,
    hand: tuple[tuple[str, int], ...],
    hidden: int,
    from_deck: tuple[tuple[str, int], ...],
    language: str,
) -> Piece:
    shown = _fish_cards(hand)
    if hidden:
        face_down = i18n.ngettext("%(num)s card face down", "%(num)s cards face down", hidden) % {"num": hidden}
        shown += f'<span class="bu-fishcard bu-deck">{escape(face_down)}</span>'
    if from_deck:
        unseen = ", ".join(f"{_(kind)} ×{n}" for kind, n in from_deck)
        shown += escape(" (" + _("drawn from the deck, unseen by the others: %(cards)s") % {"cards": unseen} + ")")
    return _holding(f"{s}-hand", _("fish cards in hand"), _("Fish in hand:"), shown)


@functools.lru_cache(maxsize=1024)
def _sold(s: str, sold: tuple[tuple[str, int], ...], language: str) -> Piece:
    return _holding(f"{s}-sold", _("sold fish cards"), _("Sold:"), _fish_cards(sold, " bu-sold"))


@functools.lru_cache(maxsize=1024)
def _cards(s: str, cards: tuple[tuple[str, str], ...], language: str) -> Piece:
    drawn = "".join(f'<span class="bu-building"><b>{escape(card)}</b> {escape(title)}</span> ' for card, title in cards)
    return _holding(f"{s}-cards", _("building cards"), _("Building cards:"), drawn)


def _holding(key: str, words: str, caption: str, shown: str) -> Piece:
    """A line of what a player holds: its caption, then the drawn cards (or "none")."""
    return _html(key, words, f"{escape(caption)} {shown or escape(_('none'))}", css="bu-holding")


def _reserve(seat: dict[str, Any]) -> list[tuple[str, int]]:
    """The cubes of a cube reserve, by colour; while the pyramid is being built in sight (the viewer's
    own), those still left to stack, as the reserve holds them all until the pyramid is done."""
    reserve = dict(seat.get("reserve") or {})
    if seat.get("pyramid") is not None and not seat.get("pyramid_ready"):
        for colour in seat["pyramid"]:
            if colour in reserve:
                reserve[colour] -= 1
    return [(colour, count) for colour, count in reserve.items() if count > 0]
