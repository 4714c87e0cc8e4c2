"""The end of the game and the final scoring (rulebook: 7. END OF THE GAME).

The final scoring follows the winter clean-up: privilege points become coins (1 VP per 5 coins), each
unsold fish card is 1 VP, and the building cards score. Ties go to the most cubes left in the
preparation area, then to the most coins.
"""

from __future__ import annotations

from laguna.core.errors import IllegalAction
from laguna.core.game import Event, Seat
from laguna.core.messages import N_, msg
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.games.burano import scoring
from laguna.games.burano.components import Effect
from laguna.games.burano.position import CATEGORIES, Phase, Position


def game_over(position: Position, events: list[Event]) -> None:
    position.phase = Phase.OVER
    position.ended_by = N_("the winter clean-up")
    events.append(Event("game-over", None, msg("Winter is over: final scoring")))


def final_lines(position: Position, seat: Seat) -> list[tuple[str, int]]:
    """Final scoring (7. END OF THE GAME): coins, unsold fish and building cards."""
    player = position.boards[seat]
    lines = [
        (N_("coins"), scoring.coin_vp(player.coins + player.privilege)),
        (N_("unsold fish"), player.hand_size()),
    ]
    cards = 0
    for card in map(position.components.card, player.cards):
        cards += card.vp
        if card.effect is Effect.SOLD_FISH_VP:
            cards += 2 * sum(n for kind, n in player.sold.items() if kind in card.fish)
        elif card.effect is Effect.WORKSHOP_COLOUR_VP:
            cards += 2 * sum(1 for s in position.own_lace_squares(seat) if position.area.colours[s] in card.colours)
        elif card.effect is Effect.CARD_COUNT_VP:
            cards += 3 * len(player.cards)
    lines.append((N_("building cards"), cards))
    return lines


def outcome(position: Position) -> Outcome:
    if position.phase is not Phase.OVER:
        raise IllegalAction(msg("the game is not over yet"))
    results = []
    keys = []
    for seat, player in enumerate(position.boards):
        lines = [(category, player.vp[category]) for category in CATEGORIES] + final_lines(position, seat)
        total = sum(points for _, points in lines)
        breakers = (
            (N_("cubes in preparation"), len(player.preparation)),
            (N_("coins"), player.coins + player.privilege),
        )
        keys.append((total, *(value for _, value in breakers)))
        results.append((seat, total, tuple(lines), breakers))
    ranks = rank(keys)
    return Outcome(
        tuple(SeatResult(s, total, ranks[s], lines, breakers) for s, total, lines, breakers in results),
        ended_by=position.ended_by,
    )
