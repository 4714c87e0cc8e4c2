"""Burano as a `Game`: identity, player counts, options and new games.

The game hands each new state the bots' heuristic (`heuristics.estimate`), so the rules never import it.
"""

from __future__ import annotations

from laguna.core.game import Game, Seat
from laguna.core.messages import N_, msg
from laguna.core.options import check_data
from laguna.core.rng import Rng
from laguna.games.burano import actions, encoding, heuristics, state_buffer
from laguna.games.burano.actions import Action
from laguna.games.burano.loader import load_components
from laguna.games.burano.options import BuranoOptions
from laguna.games.burano.state import BuranoState
from laguna.games.burano.workshop_area import first_game_area, random_area


class Burano(Game[BuranoState, Action, BuranoOptions]):
    """Burano (Yu-Chen Tseng and Eros Lin, EmperorS4, 2015), 2–4 players.

    >>> state = GAME.new_game(3, seed=1)
    >>> state.to_act() == (state.start_player,)
    True
    >>> [str(a) for a in state.legal_actions(state.start_player)][:2]
    ['roofs islands workshops fountains', 'roofs islands workshops 4vp']
    """

    id = "burano"
    name = N_("Burano")
    min_players = 2
    max_players = 4
    options_type = BuranoOptions
    actions = actions
    encoding = encoding
    summary = N_("Build cube pyramids, colour the houses of the lace island, fish, make lace and roof the houses.")

    def validate_options(self, players: int, options: BuranoOptions) -> None:
        check_data(
            options.components,
            load_components,
            msg("option components takes 'reconstructed' or the path of a component file"),
            lambda problem: msg("option components: {problem}", problem=problem),
        )

    def _new_state(self, players: int, options: BuranoOptions, seed: int) -> BuranoState:
        components = load_components(options.components)
        rng = Rng(seed)
        area = (
            random_area(components, players, rng.spawn())
            if options.random_workshops
            else first_game_area(components, players)
        )
        return BuranoState(players, options, components, area, rng, heuristic=heuristics.estimate)

    def observation_buffer(self, state: BuranoState, seat: Seat | None, players: int, options: BuranoOptions) -> bytes:
        """Written from the state without building the view: a learned evaluation reads it for every
        position the search judges."""
        return state_buffer.observation_buffer(state, seat, players, options)


GAME = Burano()
