"""The players' areas of Murano's web board (rulebook: Player Area, Final Scoring): every player's gold,
victory points, gondoliers, bought tiles, cards and glass beads.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.murano.marks import player_mark
from laguna.i18n import N_
from laguna.web.boards.murano.decisions import (
    Decision,
    _choices,
    _Decisions,
    _mark,
)
from laguna.web.boards.murano.pictures import (
    CARD_BACK,
    COIN,
    STAR,
    _count,
    _marker_svg,
    _none,
    bead_svg,
    gondolier_svg,
    held_svg,
)
from laguna.web.boards.murano.words import (
    _said,
    colour_words,
)


def _seat(
    seat: dict[str, Any], view: dict[str, Any], colours: dict[int, str], decisions: _Decisions | None
) -> dict[str, Any]:
    """One player's area; `decisions` only for the viewer's own seat. Its parts are (name, what the
    part shows, its decisions), drawn by `_part`."""
    number = int(seat["seat"])
    colour = colours[number]
    texts = view.get("cards") or {}
    titles = view.get("special_cards") or {}
    characters = seat.get("characters", 0)

    def take(*place: Hashable) -> list[Decision]:
        return decisions.take(*place) if decisions else []

    shops, palaces = seat.get("shops", 0), seat.get("palaces", 0)
    parts: list[tuple[str, Hashable, list[Decision]]] = [
        ("gold", int(seat.get("gold", 0)), []),
        ("vp", (int(seat.get("vp", 0)), tuple((seat.get("vp_by_source") or {}).items())), []),
        ("markers", (colour, int(seat.get("markers", 0))), []),
        ("gondoliers", (colour, int(seat.get("gondoliers", 0))), take("dismiss") + take("hire")),
        ("factories", int(seat.get("factories", 0)), take("produce")),
        ("specials", int(seat.get("specials", 0)), []),
        ("shops", tuple(shops) if isinstance(shops, list) else shops, []),
        ("palaces", tuple(palaces) if isinstance(palaces, list) else palaces, []),
    ]
    parts += [(f"bead-{bead}", count, take("bead", bead)) for bead, count in (seat.get("beads") or {}).items()]
    return {
        "seat": number,
        "key": f"s{number}",
        "colour": colour,
        "mine": decisions is not None,
        "acting": view.get("actor") == number,
        "gold": int(seat.get("gold", 0)),
        "parts": parts,
        "keep": take("keep"),
        "characters": [
            {"id": card, "text": i18n.view_text(texts.get(card, "")), "decisions": take("character", card)}
            for card in characters
        ]
        if isinstance(characters, list)
        else None,
        "character_count": len(characters) if isinstance(characters, list) else int(characters),
        "special_cards": [(card, i18n.view_text(titles.get(card, ""))) for card in seat.get("special_cards", [])],
        "start_player": view.get("start_player") == number,
        "triggered": view.get("triggered_by") == number,
    }


@pass_context
def draw_players(context: Context, model: dict[str, Any]) -> Markup:
    """Every player's area: the heading, the parts (gold, VP, markers, gondoliers, tiles, beads), the
    character cards and the special building cards."""
    changed = context.get("changed", ())
    seat_name = context["seat_name"]
    language = i18n.current()
    out = []
    for seat in model["seats"]:
        key, colour, number = seat["key"], seat["colour"], seat["seat"]
        mine, acting = seat["mine"], seat["acting"]
        who = _said(N_("You")) if mine else escape(seat_name(number))
        tail, disc, badges = _seat_words(language, colour, seat["start_player"], seat["triggered"])
        out.append(
            f'\n<section class="player mu-player mu-p-{escape(colour)}{" mine" if mine else ""}'
            f'{" acting" if acting else ""}" data-seat="{number}">\n'
            f'<h3 {_mark(key, key in changed)} aria-label="{who}, {tail}">{disc}'
            f"{'▶ ' if acting else ''}{who}{badges}</h3>\n"
            '<div class="mu-parts">'
        )
        for name, shown, here in seat["parts"]:
            part = f"{key}-{name}"
            out.append(_part(language, part, name, shown, glow=part in changed, chosen=bool(here)))
            if here:
                out.append(_choices(here))
                out.append("</span>")
        out.append("\n" + _choices(seat["keep"]) + "</div>")
        count = seat["character_count"]
        characters = seat["characters"]
        out.append(_hand_open(language, key, count, characters is not None, f"{key}-characters" in changed))
        if characters is not None:
            out.extend(
                f'<div class="card mu-card" data-card="{escape(card["id"])}">'
                f'<span class="mu-card-id">{escape(card["id"])}</span>{RECRUIT_ICON}'
                f'<span class="mu-card-text">{escape(card["text"])}</span>'
                f"{_choices(card['decisions'])}</div>"
                for card in characters
            )
        else:
            out.append(CARD_BACK * count)
        if not count:
            none_words = _said(N_("no character card"))
            out.append(f'<span class="mu-none">{none_words}</span>')
        specials = seat["special_cards"]
        cards_words = _said(N_("Special building cards:"))
        listed = ", ".join(escape(title) for _, title in specials) if specials else _said(N_("none"))
        out.append(
            f'</div>\n<div class="mu-specials" {_mark(f"{key}-special-cards", f"{key}-special-cards" in changed)}'
            f' role="group" aria-label="{cards_words} {listed}">'
        )
        out.extend(
            f'<span class="card mu-card special" data-card="{escape(card)}">{SPECIAL_ICON}'
            f'<span class="mu-card-text">{escape(title)}</span></span>'
            for card, title in specials
        )
        out.append("</div>\n</section>")
    return Markup("".join(out))


RECRUIT_ICON = '<svg class="mu-card-ic" viewBox="0 0 40 40" aria-hidden="true"><use href="#mu-i-recruit"/></svg>'


SPECIAL_ICON = '<svg class="mu-card-ic" viewBox="0 0 40 40" aria-hidden="true"><use href="#mu-special"/></svg>'


@functools.lru_cache(maxsize=256)
def _seat_words(language: str, colour: str, start: bool, triggered: bool) -> tuple[str, str, str]:
    """A player's heading apart from the name, in `language`: the rest of its words, its disc, its
    badges."""
    tail = escape(colour_words(colour))
    badges = ""
    if start:
        start_words = _said(N_("start player"))
        tail += f", {start_words}"
        badges += f' <span class="mu-badge">{start_words}</span>'
    if triggered:
        end_words = _said(N_("triggered the end"))
        tail += f", {end_words}"
        badges += f' <span class="mu-badge end">{end_words}</span>'
    disc = (
        f'<svg class="mu-disc" viewBox="0 0 20 20" aria-hidden="true"><g class="mu-k-{escape(colour)}"><circle cx="10"'
        ' cy="10" r="9" fill="currentColor" stroke="#1d1d1d" stroke-width="1.2"/><text class="mu-ink" x="10"'
        f' y="13.78" font-size="10.35" text-anchor="middle">{escape(player_mark(colour))}</text></g></svg>'
    )
    return tail, disc, badges


@functools.lru_cache(maxsize=512)
def _hand_open(language: str, key: str, count: int, shown: bool, glow: bool) -> str:
    """The opening of a player's character cards, in `language`: how many, face up (`shown`) or not."""
    if shown:
        words = i18n.ngettext("%(num)s character card", "%(num)s character cards", count)
    else:
        words = i18n.ngettext("%(num)s secret character card", "%(num)s secret character cards", count)
    said = Markup(words) % {"num": count}
    return f'\n<div class="characters mu-hand" {_mark(f"{key}-characters", glow)} role="group" aria-label="{said}">'


@functools.lru_cache(maxsize=4096)
def _part(language: str, key: str, name: str, shown: Hashable, *, glow: bool, chosen: bool) -> str:
    """A part of a player's area (`name`, showing `shown`) in `language`: whole, or up to its
    decisions where it takes some (`chosen`)."""
    css, words, inner = _part_drawing(name, shown)
    head = (
        f'<span class="mu-part {css}" {_mark(key, glow)} role="{"group" if chosen else "img"}"'
        f' aria-label="{escape(words)}">{inner}'
    )
    return head if chosen else head + "</span>"


def _part_drawing(name: str, shown: Any) -> tuple[str, str, Markup]:
    """A part of a player's area as its style, its words and its drawing."""
    gettext, ngettext = i18n.gettext, i18n.ngettext
    if name == "gold":
        return "mu-big-num", ngettext("%(num)s gold", "%(num)s gold", shown) % {"num": shown}, _count(COIN, shown)
    if name == "vp":
        vp, by_source = shown
        sources = "".join(f", {i18n.view_text(source)} {points}" for source, points in by_source if points)
        return "mu-big-num", (ngettext("%(num)s VP", "%(num)s VP", vp) % {"num": vp}) + sources, _count(STAR, vp)
    if name == "markers":
        colour, markers = shown
        words = ngettext("%(num)s marker placed", "%(num)s markers placed", markers) % {"num": markers}
        return "mu-big-num", words, _count(_marker_svg(colour), markers)
    if name == "gondoliers":
        colour, hand = shown
        words = ngettext("%(num)s gondolier in hand", "%(num)s gondoliers in hand", hand) % {"num": hand}
        drawing = Markup(gondolier_svg(colour) * hand) if hand else _none(gettext("no gondolier in hand"))
        return "mu-wide", words, drawing
    if name == "factories":
        words = ngettext("%(num)s glass factory to build", "%(num)s glass factories to build", shown) % {"num": shown}
        return "mu-held", words, held_svg("factory", shown)
    if name == "specials":
        words = ngettext("%(num)s special building to build", "%(num)s special buildings to build", shown) % {
            "num": shown
        }
        return "mu-held", words, held_svg("special", shown)
    if name == "shops":
        if isinstance(shops := shown, tuple):
            listed = ", ".join(gettext(c) for c in shops) or gettext("none")
            drawing = Markup("").join(held_svg(f"shop-{c}") for c in shops)
            return "mu-held", gettext("shops to build: %(list)s") % {"list": listed}, drawing
        words = ngettext("%(num)s shop face down", "%(num)s shops face down", shops) % {"num": shops}
        return "mu-held", words, held_svg("back-shop", shops)
    if name == "palaces":
        if isinstance(palaces := shown, tuple):
            listed = ", ".join(ngettext("%(num)s crest", "%(num)s crests", c) % {"num": c} for c in palaces)
            drawing = Markup("").join(held_svg(f"palace-{c}") for c in palaces)
            return "mu-held", gettext("palaces to build: %(list)s") % {"list": listed or gettext("none")}, drawing
        words = ngettext("%(num)s palace face down", "%(num)s palaces face down", palaces) % {"num": palaces}
        return "mu-held", words, held_svg("back-palace", palaces)
    bead = name.removeprefix("bead-")
    words = ngettext("%(num)s %(colour)s glass bead", "%(num)s %(colour)s glass beads", shown) % {
        "num": shown,
        "colour": gettext(bead),
    }
    return "mu-bead-pile", words, _count(bead_svg(bead), shown)
