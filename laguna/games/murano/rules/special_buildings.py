"""The special building cards (rules: Build a special building, and the Special Building Card Index):
building a special building draws 3 special building cards; the builder keeps one face up and returns
the others to the bottom of the deck. A card works from the builder's next turn; the Basilica's 5 VP
come at once.

With the One Studio Limit option a player may take only one Studio.
"""

from __future__ import annotations

from typing import Final

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, excerpt, msg
from laguna.games.murano.actions import Action, TakeCard
from laguna.games.murano.components import SpecialEffect
from laguna.games.murano.position import Phase, Position, draw
from laguna.games.murano.rules.log import name, vp

SPECIAL_DRAW: Final = 3


def draw_cards(state: Position, seat: Seat) -> None:
    """Draw the cards for a special building just built; with none to choose, they go back."""
    if not state.special_deck:
        return
    state.special_deck, state.drawn = draw(state.special_deck, SPECIAL_DRAW)
    state.reveals += 1
    if _choices(state, seat):
        state.phase = Phase.SPECIAL_CARD
    else:
        state.special_deck = [*state.drawn, *state.special_deck]
        state.drawn = []


def _choices(state: Position, seat: Seat) -> list[str]:
    owned = (state._special(c).effect for c in state.boards[seat].special_cards)
    if not state.options.one_studio_limit or SpecialEffect.STUDIO not in owned:
        return list(state.drawn)
    return [c for c in state.drawn if state._special(c).effect is not SpecialEffect.STUDIO]


def card_options(state: Position, seat: Seat) -> list[Action]:
    return [TakeCard(c) for c in _choices(state, seat)]


def take_card(state: Position, seat: Seat, card_id: str, events: list[Event]) -> None:
    player = state.boards[seat]
    player.special_cards = [*player.special_cards, card_id]
    state.fresh = [*state.fresh, card_id]
    state.special_deck = [card for card in state.drawn if card != card_id] + state.special_deck
    state.drawn = []
    card = state._special(card_id)
    text = msg("{player} takes the special building card {title}", player=name(seat), title=msg(card.title))
    if card.effect is SpecialEffect.BASILICA:
        player.vp["special buildings"] += 5
        text = msg("{event}: {details}", event=text, details=vp(5))
    events.append(Event("special", seat, text, {}))


def explain_takecard(state: Position, seat: Seat, action: TakeCard) -> Message:
    return msg(
        "{card} is not among the special building cards drawn (or is a second Studio)",
        card=excerpt(action.card),
    )
