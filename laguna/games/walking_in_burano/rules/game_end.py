"""Game end and final scoring (rulebook: Game End & Final Scoring; Solo Play Rules, Game End).

The game ends after the round in which a player completes 5 houses (solo: at once, or when no
character card is left). Points: A characters, B shops, C regulatory bonus tokens, D closed windows;
ties go to coins, then cats.
"""

from __future__ import annotations

from laguna.core.errors import IllegalAction
from laguna.core.game import Event
from laguna.core.messages import N_, msg
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.games.walking_in_burano import scoring
from laguna.games.walking_in_burano.position import Phase, Position

FIVE_HOUSES = N_("five houses")
ROUND_LIMIT = N_("round limit")
NO_CHARACTERS_LEFT = N_("no characters left")
FLOOR_CARDS_EXHAUSTED = N_("floor cards exhausted")
"""Why a game ended (`ended_by`), as the log and the outcome name it."""


def game_over(position: Position, events: list[Event], reason: str) -> None:
    position.phase = Phase.OVER
    position.turn = None
    position.pending = []
    position.ended_by = reason
    events.append(Event("game-over", None, msg("The game ends ({reason})", reason=msg(reason)), {"reason": reason}))


def outcome(position: Position) -> Outcome:
    if position.turn is not None:
        raise IllegalAction(msg("the game is not over yet"))
    players = position.players
    grids = [position.grid(seat) for seat in range(players)]
    windows = [scoring.closed_windows(g) for g in grids]
    penalties = scoring.closed_window_penalties(windows, position.solo)
    breakdowns = []
    for seat, grid in enumerate(grids):
        lines = [
            (f"A. {character.title} (house {column})", scoring.character_points(character, column, grid))
            for column, character in enumerate(position.visitors[seat], start=1)
            if character is not None
        ]
        lines.append((N_("B. shops"), scoring.shop_points(grid)))
        lines.append((N_("C. regulatory bonus tokens"), scoring.POINTS_PER_TOKEN * position.tokens[seat]))
        if position.options.closed_window_penalty:
            lines.append((N_("D. closed windows"), penalties[seat]))
        breakdowns.append(tuple(lines))
    totals = [sum(points for _, points in lines) for lines in breakdowns]
    breakers = [(("coins", position.coins[s]), ("cats", scoring.cats(grids[s]))) for s in range(players)]
    ranks = rank([(totals[s], *(v for _, v in breakers[s])) for s in range(players)])
    results = tuple(SeatResult(s, totals[s], ranks[s], breakdowns[s], breakers[s]) for s in range(players))
    rating = scoring.solo_rating(totals[0]) if position.solo else None
    return Outcome(results, rating=rating, ended_by=position.ended_by)
