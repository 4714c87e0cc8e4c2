"""Placing floor cards (optional) and the breakable placing rules (rulebook: Placing Floor Cards,
Breakable Placing Rules).

Up to 3 cards a turn, for 1, 2 and 2 coins; the golden rules (`house_area`) are never broken, and a
card that breaks breakable rule A or B costs a regulatory bonus token.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, Player, excerpt, msg
from laguna.games.walking_in_burano.actions import Action, Done, Place
from laguna.games.walking_in_burano.cards import KEPT_CARD_SETS, Colour, FloorCardSet
from laguna.games.walking_in_burano.house_area import COLUMNS, FLOORS, cell, explain_placement, placeable_cells
from laguna.games.walking_in_burano.position import EMPTY, PLACEMENT_COSTS, Position, coins_text

_COLOUR_BITS = {colour: 1 << k for k, colour in enumerate(Colour)}
_CARD_BITS: dict[int, tuple[FloorCardSet, tuple[int, ...]]] = {}
DONE = Done()
"""Stop placing: always open while placing."""


def _rules(a: bool, b: bool) -> Message | str:
    """The breakable rules a placement breaks: "A", "B" or "A and B"."""
    if a and b:
        return msg("A and B")
    return "A" if a else "B"


def breaks(position: Position, seat: Seat, index: int, column: int) -> tuple[bool, bool]:
    """Breakable rules A and B for the card `index` placed in house `column` (components.md reading).

    A: the card's colour is not among the colours already in its house. B: the card's colour is
    among the colours of a neighbouring house.
    """
    return _breaks_in(_colour_masks(position, seat), _colour_bits(position.cards)[index], column)


def _breaks_in(houses: list[int], colour: int, column: int) -> tuple[bool, bool]:
    own = houses[column]
    return (own != 0 and not own & colour, bool((houses[column - 1] | houses[column + 1]) & colour))


def _colour_bits(cards: FloorCardSet) -> tuple[int, ...]:
    """The colour bit of each card by index, worked out once per card set: the rules ask for it at
    every placement, and a colour's bit by name costs a lookup by enum member."""
    entry = _CARD_BITS.get(id(cards))
    if entry is None or entry[0] is not cards:
        if len(_CARD_BITS) >= KEPT_CARD_SETS:
            _CARD_BITS.clear()  # card sets loaded and dropped again must not pile up here
        entry = _CARD_BITS[id(cards)] = (cards, tuple(_COLOUR_BITS[card.colour] for card in cards.cards))
    return entry[1]


def _colour_masks(position: Position, seat: Seat) -> list[int]:
    """Bit sets of the colours in each house, padded with an empty house on both sides."""
    bits = _colour_bits(position.cards)
    houses = [0] * (COLUMNS + 2)
    for where, index in enumerate(position.areas[seat]):
        if index != EMPTY:
            houses[where % COLUMNS + 1] |= bits[index]
    return houses


def placements(position: Position) -> list[Place]:
    seat = position.seat
    if position.placed >= len(PLACEMENT_COSTS) or position.coins[seat] < PLACEMENT_COSTS[position.placed]:
        return []
    open_cells = placeable_cells(position.masks[seat])
    if not open_cells or not position.hands[seat]:
        return []
    cards = position.cards.cards
    bits = _colour_bits(position.cards)
    houses = _colour_masks(position, seat)
    no_tokens = position.tokens[seat] == 0
    place_actions = position.place_actions
    found: list[Place] = []
    for index in position.hands[seat]:
        card = cards[index]
        row = (open_cells >> ((card.floor - 1) * COLUMNS)) & ((1 << COLUMNS) - 1)
        for column in range(1, COLUMNS + 1):
            if not row >> (column - 1) & 1:
                continue
            if no_tokens and any(_breaks_in(houses, bits[index], column)):
                continue
            found.append(place_actions[index][column - 1])
    return found


def placing_choices(position: Position) -> tuple[Action, ...]:
    return (*placements(position), DONE)


def explain_place(position: Position, seat: Seat, place: Place) -> Message:
    index = position.card_index.get(place.card)
    if index is None or index not in position.hands[seat]:
        return msg("you may only place a floor card from your hand, and {card} is not in it", card=excerpt(place.card))
    if not 1 <= place.column <= COLUMNS:
        return msg("golden rule 4: your house area has 5 houses (columns 1–5)")
    if position.placed >= len(PLACEMENT_COSTS):
        return msg("at most 3 floor cards may be placed in a turn")
    cost = PLACEMENT_COSTS[position.placed]
    if position.coins[seat] < cost:
        return msg(
            "placing card number {number} this turn costs {cost}; you have {have}",
            number=position.placed + 1,
            cost=coins_text(cost),
            have=position.coins[seat],
        )
    card = position.cards.cards[index]
    target = cell(card.floor, place.column)
    if not placeable_cells(position.masks[seat]) >> target & 1:
        return explain_placement(position.masks[seat], target)
    return msg(
        "it breaks breakable rule {rules} and you have no regulatory bonus token left",
        rules=_rules(*breaks(position, seat, index, place.column)),
    )


def place_card(position: Position, seat: Seat, place: Place, events: list[Event]) -> None:
    """Pay for the card, spend a token if it breaks a breakable rule, and note a completed house."""
    index = position.card_index[place.card]
    card = position.cards.cards[index]
    broke_a, broke_b = breaks(position, seat, index, place.column)
    cost = PLACEMENT_COSTS[position.placed]
    position.coins[seat] -= cost
    position.placed += 1
    position.hands[seat].remove(index)
    target = cell(card.floor, place.column)
    position.areas[seat][target] = index
    position.masks[seat] |= 1 << target
    fields = {"player": Player(seat), "card": card.id, "floor": card.floor, "column": place.column,
              "cost": coins_text(cost)}  # fmt: skip
    if broke_a or broke_b:
        position.tokens[seat] -= 1
        text = msg(
            "{player} places {card} on floor {floor} of house {column} for {cost}, "
            "spending a regulatory bonus token (breaks rule {rules})",
            rules=_rules(broke_a, broke_b),
            **fields,
        )
    else:
        text = msg("{player} places {card} on floor {floor} of house {column} for {cost}", **fields)
    events.append(Event("place", seat, text, {"card": card.id, "column": place.column, "cost": cost,
                                              "token": broke_a or broke_b}))  # fmt: skip
    area = position.areas[seat]
    if all(area[f * COLUMNS + place.column - 1] != EMPTY for f in range(FLOORS)):
        position.completed[seat] += 1
        position.turn_completed.append(place.column)
        text = msg("{player} completes house {column}", player=Player(seat), column=place.column)
        events.append(Event("complete", seat, text, {"column": place.column}))
