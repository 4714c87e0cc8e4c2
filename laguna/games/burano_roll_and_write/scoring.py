"""Scoring of the ten characters and the solo rating (rulebook: Character Invitation & Scoring; Game
End; Solo Play Rules).

`circled` maps each circled symbol id to the number written or used for it (``None`` for the two
symbols circled at the start).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from laguna.core.messages import N_
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.sheets import DieColour, Kind, SheetLayout, Symbol

Circled = Mapping[str, int | None]
CURTAINS = (Kind.RED_CURTAIN, Kind.BLUE_CURTAIN)
SOLO_RATINGS = ((100, N_("Masterpiece!")), (90, N_("Awesome!")), (80, N_("Good job!")), (70, N_("Not bad")))
LOWEST_RATING = N_("So-so")


def _circled(layout: SheetLayout, circled: Circled) -> list[Symbol]:
    return [s for s in layout.symbols if s.id in circled]


def _value(circled: Circled, symbol: Symbol) -> int:
    return circled.get(symbol.id) or 0


def isolated_streetlights(layout: SheetLayout, circled: Circled) -> int:
    """Circled streetlights whose neighbouring buildings' streetlights are not circled (Policeman)."""
    lit = {s.building for s in _circled(layout, circled) if s.kind is Kind.STREETLIGHT}
    order = layout.buildings
    count = 0
    for position, colour in enumerate(order):
        if colour not in lit:
            continue
        neighbours = [order[p] for p in (position - 1, position + 1) if 0 <= p < len(order)]
        if not any(n in lit for n in neighbours):
            count += 1
    return count


def matched_sets(layout: SheetLayout, circled: Circled, colour: DieColour) -> int:
    """Male Tourist: plant–streetlight and plant–chimney pairs of one number, each symbol counted once."""
    marks = [s for s in _circled(layout, circled) if s.building is colour]
    plants = Counter(_value(circled, s) for s in marks if s.kind is Kind.PLANT)
    targets: Counter[int] = Counter()
    for symbol in marks:
        if symbol.kind is Kind.STREETLIGHT and symbol.number is not None:
            targets[symbol.number] += 1
        elif symbol.kind is Kind.CHIMNEY:
            targets[_value(circled, symbol)] += 1
    return sum(min(n, plants[v]) for v, n in targets.items())


def character_points(
    character: Character, building: DieColour, floor: int | None, layout: SheetLayout, circled: Circled
) -> int:
    """What one invited character scores at the end of the game."""
    marks = _circled(layout, circled)
    here = [s for s in marks if s.building is building]
    on_floor = [s for s in marks if s.floor == floor]
    if character is Character.FEMALE_TOURIST:
        return sum(_value(circled, s) for s in here if s.kind is Kind.PLANT)
    if character is Character.PHOTOGRAPHER:
        return 4 * sum(1 for s in here if s.kind is Kind.CAT)
    if character is Character.BACKPACKER:
        return 4 * sum(1 for s in here if s.kind in (*CURTAINS, Kind.STREETLIGHT, Kind.CHIMNEY))
    if character is Character.POLICEMAN:
        return 5 * isolated_streetlights(layout, circled)
    if character is Character.SANTA_CLAUS:
        return 4 * sum(1 for s in marks if s.kind is Kind.CHIMNEY and s.floor == 3)
    if character is Character.FLORIST:
        return sum(_value(circled, s) for s in on_floor if s.kind is Kind.PLANT)
    if character is Character.FISHERMAN:
        return 4 * sum(1 for s in on_floor if s.kind is Kind.CAT)
    if character is Character.PAINTER:
        return 3 * sum(1 for s in on_floor if s.kind in (Kind.CAT, Kind.PLANT))
    if character is Character.TAILOR:
        red = sum(1 for s in marks if s.kind is Kind.RED_CURTAIN)
        blue = sum(1 for s in marks if s.kind is Kind.BLUE_CURTAIN)
        return 6 * min(red, blue)
    return 6 * sum(matched_sets(layout, circled, colour) for colour in layout.buildings)


def circled_cats(layout: SheetLayout, circled: Circled) -> int:
    """The second tie-breaker."""
    return sum(1 for s in _circled(layout, circled) if s.kind is Kind.CAT)


def solo_rating(score: int) -> str:
    """0–69 So-so, 70–79 Not bad, 80–89 Good job!, 90–99 Awesome!, 100+ Masterpiece!

    >>> solo_rating(69), solo_rating(70), solo_rating(102)
    ('So-so', 'Not bad', 'Masterpiece!')
    """
    return next((title for floor, title in SOLO_RATINGS if score >= floor), LOWEST_RATING)
