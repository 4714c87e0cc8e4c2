"""Murano as a `Game`: identity, player counts, options and new games. The game hands the states it
builds a bot's estimate of the final scores (`heuristics.estimate`), which the rules never read."""

from __future__ import annotations

from laguna.core.game import Game, Seat
from laguna.core.messages import N_, msg
from laguna.core.options import check_data
from laguna.core.rng import Rng
from laguna.games.murano import actions, encoding, heuristics, state_buffer
from laguna.games.murano.actions import Action
from laguna.games.murano.loader import load_components
from laguna.games.murano.options import MuranoOptions
from laguna.games.murano.state import MuranoState


class Murano(Game[MuranoState, Action, MuranoOptions]):
    """Murano (Inka and Markus Brand, Lookout Games, 2014), 2–4 players, with Yucata.de's rule options.

    >>> state = GAME.new_game(2, seed=1)
    >>> state.to_act() == (state.start_player,)
    True
    """

    id = "murano"
    name = N_("Murano")
    min_players = 2
    max_players = 4
    options_type = MuranoOptions
    actions = actions
    encoding = encoding
    summary = N_(
        "Sail the ships around the lagoon, buy and build glass factories, shops and palaces, and score characters."
    )

    def validate_options(self, players: int, options: MuranoOptions) -> None:
        check_data(
            options.components,
            load_components,
            msg("option components takes 'reconstructed' or the path of a component file"),
            lambda problem: msg("option components: {error}", error=problem),
        )

    def _new_state(self, players: int, options: MuranoOptions, seed: int) -> MuranoState:
        return MuranoState(
            players, options, load_components(options.components), Rng(seed), heuristic=heuristics.estimate
        )

    def observation_buffer(self, state: MuranoState, seat: Seat | None, players: int, options: MuranoOptions) -> bytes:
        """Written from the state without building the view: a search judges many positions."""
        return state_buffer.observation_buffer(state, seat, players, options)


GAME = Murano()
