"""Walking in Burano as a `Game`: identity, player counts, options and new games.

A new state gets the heuristic its `estimate` reads from here: the rules never import a bot's judgement.
"""

from __future__ import annotations

from laguna.core.errors import OptionsError
from laguna.core.game import Game, Seat
from laguna.core.messages import N_, msg
from laguna.games.walking_in_burano import actions, encoding, heuristics
from laguna.games.walking_in_burano.actions import Action
from laguna.games.walking_in_burano.cards import load_floor_cards
from laguna.games.walking_in_burano.options import WalkingInBuranoOptions
from laguna.games.walking_in_burano.scoring import LOWEST_RATING, SOLO_RATINGS
from laguna.games.walking_in_burano.state import WalkingInBuranoState


class WalkingInBurano(Game[WalkingInBuranoState, Action, WalkingInBuranoOptions]):
    """Walking in Burano (Wei-Min Ling, EmperorS4, 2018), 2–4 players and the solo game.

    >>> state = GAME.new_game(2, seed=7)
    >>> state.to_act() == (state.start_player,)
    True
    >>> str(state.legal_actions(state.start_player)[0])
    'take c1 f1'
    """

    id = "walking-in-burano"
    name = N_("Walking in Burano")
    min_players = 1
    max_players = 4
    options_type = WalkingInBuranoOptions
    actions = actions
    encoding = encoding
    summary = N_("Refurbish the colourful houses of Burano and attract tourists and inhabitants.")
    option_examples = ({"round_limit": 2}, {"round_limit": 1, "beginner_characters": True})
    solo_ratings = ((None, LOWEST_RATING), *sorted(SOLO_RATINGS))

    def validate_options(self, players: int, options: WalkingInBuranoOptions) -> None:
        if options.round_limit < 1:
            raise OptionsError(msg("option round-limit must be at least 1, not {value}", value=options.round_limit))
        if not options.floor_cards:
            raise OptionsError(msg("option floor-cards takes 'reconstructed' or the path of a card file"))

    def _new_state(self, players: int, options: WalkingInBuranoOptions, seed: int) -> WalkingInBuranoState:
        return WalkingInBuranoState(
            players, options, load_floor_cards(options.floor_cards), seed, heuristic=heuristics.estimate
        )

    def observation_buffer(
        self, state: WalkingInBuranoState, seat: Seat | None, players: int, options: WalkingInBuranoOptions
    ) -> bytes:
        """Written from the state without building the view: an environment step stays cheap."""
        return encoding.observation_buffer(state, seat, players, options)


GAME = WalkingInBurano()
