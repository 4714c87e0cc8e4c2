"""The options of Burano."""

from __future__ import annotations

from dataclasses import dataclass

from laguna.core.messages import N_
from laguna.core.options import GameOptions, data_option, option


@dataclass(frozen=True)
class BuranoOptions(GameOptions):
    random_workshops: bool = option(
        False,
        N_(
            "experienced players: assemble the lace workshops at random within the layout rules "
            "(false: the first-game layout)"
        ),
    )
    components: str = data_option(
        N_("component data: 'reconstructed' or the path of a component file of the same schema"), "component file"
    )
