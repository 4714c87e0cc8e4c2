"""A round's roll and its end, and the game's end and final scoring (rulebook: Gameplay, phases 1
and 4; Game End; Solo Play Rules).

The turn player rolls the six dice; after the invitations the boats come back (solo: the spectators
take their places and two coins are filled in) and the next player rolls. A fifth character makes
the next round the last; the solo game also ends when the filled coins meet the circled ones.
"""

from __future__ import annotations

from laguna.core.errors import IllegalAction
from laguna.core.game import Event
from laguna.core.messages import N_, Player, msg
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.games.burano_roll_and_write import scoring
from laguna.games.burano_roll_and_write.position import DICE, SOLO_FILL, Phase, Position

COINS_MET = N_("filled coins met the circled ones")
FIFTH_INVITED = N_("fifth character")
ROUND_LIMIT = N_("round limit")
"""Why a game ended (`ended_by`), as the log and the outcome name it."""


_ROLLED = {c: [msg("{colour} {value}", colour=msg(c.value), value=v) for v in range(7)] for c in DICE}
"""How the log names each die and the value rolled, made once (a message never changes)."""


def start_round(position: Position, events: list[Event]) -> None:
    """The turn player rolls all six dice; the draft goes clockwise, then back counter-clockwise."""
    position.dice = [1 + position.rng.randrange(6) for _ in DICE]
    position.reveal()
    first = [(position.turn_player + k) % position.players for k in range(position.players)]
    position.draft_order = first + first[::-1]
    position.draft_index = 0
    position.phase = Phase.BOAT
    rolled = tuple([_ROLLED[c][v] for c, v in zip(DICE, position.dice, strict=True)])
    text = msg(
        "Round {round}: {player} rolls {dice}", round=position.round, player=Player(position.turn_player), dice=rolled
    )
    events.append(Event("roll", position.turn_player, text, {"dice": list(position.dice)}))


def end_round(position: Position, events: list[Event]) -> None:
    """Boats come back (solo: spectators take their places, and two coins are filled in)."""
    players = position.players
    if position.solo:
        position.spectators = list(position.boats[0])
        position.filled[0] = min(position.sheets.coin_track, position.filled[0] + SOLO_FILL)
        text = msg("Two coins are filled in ({filled} in all)", filled=position.filled[0])
        events.append(Event("fill", 0, text, {}))
    position.boats = [[] for _ in range(players)]
    position.flipped = [0] * players
    position.canal = {colour: [] for colour in DICE}
    if position.solo and position.gained[0] + position.filled[0] >= position.sheets.coin_track:
        _game_over(position, events, COINS_MET)
    elif position.final_round is not None and position.round >= position.final_round:
        _game_over(position, events, FIFTH_INVITED)
    elif position.round >= position.options.round_limit:
        _game_over(position, events, ROUND_LIMIT)
    else:
        position.turn_player = (position.turn_player + 1) % players
        position.round += 1
        start_round(position, events)


def _game_over(position: Position, events: list[Event], reason: str) -> None:
    position.phase = Phase.OVER
    position.ended_by = reason
    events.append(Event("game-over", None, msg("The game ends ({reason})", reason=msg(reason)), {"reason": reason}))


def outcome(position: Position) -> Outcome:
    """Each invited character scores its building or floor; ties go to coins, then cats."""
    if position.phase is not Phase.OVER:
        raise IllegalAction(msg("the game is not over yet"))
    players = position.players
    breakdowns = []
    for seat, layout in enumerate(position.layouts):
        lines = []
        for building in layout.buildings:
            if building not in position.characters[seat]:
                continue
            character, floor = position.characters[seat][building]
            where = f"floor {floor}" if floor is not None else building.value
            points = scoring.character_points(character, building, floor, layout, position.circled[seat])
            lines.append((f"{character.value}. {character.title} ({where})", points))
        if position.solo:
            lines.append((N_("filled coins"), -position.filled[seat]))
        breakdowns.append(tuple(lines))
    totals = [sum(points for _, points in lines) for lines in breakdowns]
    breakers = [
        (("coins", position.coins(s)), ("cats", scoring.circled_cats(position.layouts[s], position.circled[s])))
        for s in range(players)
    ]
    ranks = rank([(totals[s], *(v for _, v in breakers[s])) for s in range(players)])
    results = tuple(SeatResult(s, totals[s], ranks[s], breakdowns[s], breakers[s]) for s in range(players))
    rating = scoring.solo_rating(totals[0]) if position.solo else None
    return Outcome(results, rating=rating, ended_by=position.ended_by)
