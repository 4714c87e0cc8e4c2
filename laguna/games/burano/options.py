"""The options of Burano."""

from __future__ import annotations

from dataclasses import dataclass

from laguna.core.component_data import PACKAGED
from laguna.core.messages import N_
from laguna.core.options import GameOptions, option


@dataclass(frozen=True)
class BuranoOptions(GameOptions):
    random_workshops: bool = option(
        False,
        N_(
            "experienced players: assemble the lace workshops at random within the layout rules "
            "(false: the first-game layout)"
        ),
    )
    components: str = option(
        PACKAGED, N_("component data: 'reconstructed' or the path of a component file of the same schema")
    )
