"""The options of Walking in Burano Roll & Write."""

from __future__ import annotations

from dataclasses import dataclass

from laguna.core.messages import N_
from laguna.core.options import GameOptions, data_option, option


@dataclass(frozen=True)
class RollAndWriteOptions(GameOptions):
    sheets: str = data_option(
        N_("game sheet layouts: 'reconstructed' or the path of a sheet file of the same schema"), "sheet file"
    )
    shared_layout: str = option(
        "", N_("give every player this layout (by name) instead of a different one each, as the rulebook suggests")
    )
    round_limit: int = option(
        30, N_("end after this round even if nobody invited a fifth character (the rulebook has no such end)")
    )
