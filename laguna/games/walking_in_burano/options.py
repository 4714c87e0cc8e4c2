"""The options of Walking in Burano, named after the rulebook's optional rules."""

from __future__ import annotations

from dataclasses import dataclass

from laguna.core.messages import N_
from laguna.core.options import GameOptions, data_option, option


@dataclass(frozen=True)
class WalkingInBuranoOptions(GameOptions):
    beginner_characters: bool = option(
        False, N_("beginners' optional rule: play without the Shop Owner, Florist and Gardener")
    )
    closed_window_penalty: bool = option(
        True, N_("score D, the closed-window penalty (false: the beginners' optional rule ignores it)")
    )
    two_player_variant: bool = option(
        True, N_("2 players: remove the rightmost card of each row before each refill (solo always does)")
    )
    floor_cards: str = data_option(
        N_("floor card faces: 'reconstructed' or the path of a card file of the same schema"), "card file"
    )
    round_limit: int = option(
        40, N_("end after this round even if nobody completed 5 houses (the rulebook has no such end)")
    )
