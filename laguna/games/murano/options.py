"""The options of Murano: the rule options of the online version and its conveniences, each named;
the defaults are Yucata's."""

from __future__ import annotations

from dataclasses import dataclass

from laguna.core.messages import N_
from laguna.core.options import GameOptions, data_option, option


@dataclass(frozen=True)
class MuranoOptions(GameOptions):
    preliminary_character: bool = option(
        False, N_("Preliminary Character Card: before the first turn each player may buy a character card")
    )
    red_ship_gold: bool = option(
        False, N_("Red Ship Gold: 1 gold at the end of a turn that moved the red ship onto the action used")
    )
    one_studio_limit: bool = option(False, N_("One Studio Limit: a player can take only one Studio"))
    no_studios_in_scoring: bool = option(
        False, N_("No Studios During Scoring: Studios do not change bead colours then")
    )
    unlimited_markers: bool = option(True, N_("Yucata: markers are unlimited (false: the box's markers per player)"))
    automatic_income: bool = option(
        True, N_("Yucata: Income takes the island that pays most (false: the player chooses the island)")
    )
    optional_selling: bool = option(
        True, N_("Yucata: selling beads after production is optional (false: sell when you can)")
    )
    skip_unscoreable: bool = option(
        True, N_("Yucata: a character card that cannot score needs no gondolier (false: every card takes one)")
    )
    balance_zero: bool = option(
        True, N_("Yucata: the balance card is also met with no shops or glass factories on either side")
    )
    components: str = data_option(
        N_("component data: 'reconstructed' or the path of a component file of the same schema"), "component file"
    )
