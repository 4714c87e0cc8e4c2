"""Walking in Burano Roll & Write as a `Game`: identity, player counts, options and new games.

A new state gets the heuristic its `estimate` reads from here: the rules never import a bot's judgement.
"""

from __future__ import annotations

from laguna.core.errors import OptionsError
from laguna.core.game import Game, Seat
from laguna.core.messages import N_, msg
from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write import actions, encoding, heuristics
from laguna.games.burano_roll_and_write.actions import Action
from laguna.games.burano_roll_and_write.options import RollAndWriteOptions
from laguna.games.burano_roll_and_write.scoring import LOWEST_RATING, SOLO_RATINGS
from laguna.games.burano_roll_and_write.sheets import load_sheets
from laguna.games.burano_roll_and_write.state import RollAndWriteState


class WalkingInBuranoRollAndWrite(Game[RollAndWriteState, Action, RollAndWriteOptions]):
    """Walking in Burano Roll & Write (Wei-Min Ling, EmperorS4 & MaiMin Games, 2023), 1–4 players.

    >>> state = GAME.new_game(2, seed=3)
    >>> state.to_act() == (state.turn_player,)
    True
    >>> str(state.legal_actions(state.turn_player)[0])
    'boat red'
    """

    id = "walking-in-burano-roll-and-write"
    name = N_("Walking in Burano Roll & Write")
    min_players = 1
    max_players = 4
    options_type = RollAndWriteOptions
    actions = actions
    encoding = encoding
    summary = N_("Roll the dice, draft them with your boats and decorate the houses of your street.")
    option_examples = ({"round_limit": 2}, {"shared_layout": "Viale Marcello"})
    solo_ratings = ((None, LOWEST_RATING), *sorted(SOLO_RATINGS))

    def validate_options(self, players: int, options: RollAndWriteOptions) -> None:
        if options.round_limit < 1:
            raise OptionsError(msg("option round-limit must be at least 1, not {value}", value=options.round_limit))
        if not options.sheets:
            raise OptionsError(msg("option sheets takes 'reconstructed' or the path of a sheet file"))
        sheets = load_sheets(options.sheets)
        if options.shared_layout and options.shared_layout not in {layout.name for layout in sheets.layouts}:
            names = ", ".join(layout.name for layout in sheets.layouts)
            raise OptionsError(
                msg(
                    "option shared-layout: no layout named {name} (layouts: {names})",
                    name=repr(options.shared_layout),
                    names=names,
                )
            )
        if not options.shared_layout and players > len(sheets.layouts):
            raise OptionsError(
                msg(
                    "{players} players need {players} different layouts; the sheet file has {layouts}",
                    players=players,
                    layouts=len(sheets.layouts),
                )
            )

    def _new_state(self, players: int, options: RollAndWriteOptions, seed: int) -> RollAndWriteState:
        """Each player gets a different layout, drawn at random (the rulebook suggests different sheets)."""
        sheets = load_sheets(options.sheets)
        rng = Rng(seed)
        if options.shared_layout:
            layouts = [sheets.layout(options.shared_layout)] * players
        else:
            pool = list(sheets.layouts)
            rng.shuffle(pool)
            layouts = pool[:players]
        return RollAndWriteState(players, options, sheets, layouts, rng, heuristic=heuristics.estimate)

    def observation_buffer(
        self, state: RollAndWriteState, seat: Seat | None, players: int, options: RollAndWriteOptions
    ) -> bytes:
        """Written from the state without building the view: a search judges many positions."""
        return encoding.observation_buffer(state, seat, players, options)


GAME = WalkingInBuranoRollAndWrite()
