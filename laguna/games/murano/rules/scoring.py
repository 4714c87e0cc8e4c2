"""The final scoring (rules: The end of the game, and The Character Cards): beginning with the player
who triggered the end, each player scores their character cards, one a gondolier on a gondola at the
island where the card scores; then 1 VP for each gondolier left on a gondola.

On Yucata (option `skip_unscoreable`), a card that cannot score is left unrevealed and takes no
gondolier.
"""

from __future__ import annotations

from typing import Final

from laguna.core.game import Event, Seat
from laguna.core.messages import N_, Message, excerpt, msg
from laguna.games.murano import characters
from laguna.games.murano.actions import Action, Score, Skip
from laguna.games.murano.components import CharacterCard, CharacterKind
from laguna.games.murano.position import Phase, Position
from laguna.games.murano.rules.log import name, vp

TWO_STACKS_EMPTY: Final = N_("two tile stacks empty")
"""Why a game ended (`ended_by`)."""


def free_gondolas(state: Position, seat: Seat) -> list[tuple[str, str]]:
    """The gondolas of `seat`'s gondoliers that have scored no card yet."""
    return [g for g, owner in state.gondolas.items() if owner == seat and g not in state.used_gondolas]


def card_vp(state: Position, seat: Seat, card: CharacterCard, island: str, amount: int | None) -> int:
    facts = state.facts(island)
    return characters.vp(card, facts, seat, amount or 0, state.options.balance_zero)


def _amounts(state: Position, seat: Seat, card: CharacterCard, island: str) -> list[int | None]:
    """The gold a gold-exchange card may take or the beads a bead card may return (None: no amount)."""
    if not characters.asks_amount(card):
        return [None]
    player = state.boards[seat]
    if card.kind is CharacterKind.GOLD_EXCHANGE:
        if not characters.gold_exchange_open(card, state.facts(island)):
            return [0]  # the island lacks what the card requires: no gold can be exchanged
        return [0, *(paid for paid, _ in card.table if paid <= min(8, player.gold))]
    assert card.bead is not None  # a bead card
    usable = state.usable_beads(seat, card.bead, not state.options.no_studios_in_scoring)
    return list(range(0, min(3, usable) + 1))


def score_options(state: Position, seat: Seat) -> list[Action]:
    """Each card at each island where `seat` has a gondolier left (and may score it), with each amount
    the card asks; a card that scores nothing anywhere may be left."""
    islands = sorted({island for island, _ in free_gondolas(state, seat)}, key=_island_order(state).index)
    if not islands:
        return []  # no gondolier left on a gondola: this player's scoring is over
    options: list[Action] = []
    for card_id in state.boards[seat].characters:
        card = state.character(card_id)
        places = [i for i in islands if card.island is None or card.island == i]
        scores = [
            (island, amount, card_vp(state, seat, card, island, amount))
            for island in places
            for amount in _amounts(state, seat, card, island)
        ]
        options.extend(Score(card_id, island, amount) for island, amount, _ in scores)
        if state.options.skip_unscoreable and all(points == 0 for _, _, points in scores):
            options.append(Skip(card_id))
    return options


def has_score_options(state: Position, seat: Seat) -> bool:
    """Whether `score_options` offers anything, without working out what each card would score: a
    card offers a decision where it may score (every amount list holds one at least), and with
    `skip_unscoreable` anywhere (it may be left)."""
    islands = {island for island, _ in free_gondolas(state, seat)}
    if not islands:
        return False
    skip = state.options.skip_unscoreable
    for card_id in state.boards[seat].characters:
        card = state.character(card_id)
        if skip or card.island is None or card.island in islands:
            return True
    return False


def _island_order(state: Position) -> list[str]:
    return [i.id for i in state.side.islands]


def begin_scoring(state: Position, events: list[Event]) -> None:
    assert state.triggered_by is not None
    events.append(Event("scoring", None, msg("The game is over: the character cards are scored"), {}))
    state.phase = Phase.SCORING
    state.scoring_facts = {}
    state.queue = state.seats_from(state.triggered_by)
    _next_scorer(state, events)


def _next_scorer(state: Position, events: list[Event]) -> None:
    """The next player with a card to score acts; when none is left, the gondoliers left on gondolas
    score and the game is over."""
    while state.queue:
        state.actor = state.queue[0]
        if has_score_options(state, state.actor):
            return
        state.queue = state.queue[1:]
    for seat, player in enumerate(state.boards):
        left = len(free_gondolas(state, seat))
        player.vp["gondoliers"] += left
        if left:
            text = msg("{player} scores {vp} for gondoliers left on gondolas", player=name(seat), vp=vp(left))
            events.append(Event("gondoliers", seat, text, {}))
    state.phase = Phase.OVER
    state.ended_by = TWO_STACKS_EMPTY


def do_score(state: Position, seat: Seat, action: Score, events: list[Event]) -> None:
    player = state.boards[seat]
    card = state.character(action.card)
    points = card_vp(state, seat, card, action.island, action.amount)
    gondola = next(g for g in free_gondolas(state, seat) if g[0] == action.island)
    state.used_gondolas = [*state.used_gondolas, gondola]
    player.characters = [card for card in player.characters if card != action.card]
    player.vp["character cards"] += points
    if card.kind is CharacterKind.GOLD_EXCHANGE and points:
        player.gold -= action.amount or 0
    if card.kind is CharacterKind.BEADS and action.amount:
        assert card.bead is not None
        state.spend_beads(seat, card.bead, action.amount, not state.options.no_studios_in_scoring)
    state.reveals += 1
    text = msg(
        "{player} scores character {card} at {island}: {vp}",
        player=name(seat),
        card=action.card,
        island=action.island,
        vp=vp(points),
    )
    events.append(Event("score", seat, text, {"card": action.card}))
    _next_scorer(state, events)


def do_skip(state: Position, seat: Seat, action: Skip, events: list[Event]) -> None:
    player = state.boards[seat]
    player.characters = [card for card in player.characters if card != action.card]
    state.skipped = {**state.skipped, seat: [*state.skipped.get(seat, []), action.card]}
    text = msg("{player} leaves a character card that cannot score", player=name(seat))
    events.append(Event("skip", seat, text, {}))
    _next_scorer(state, events)


def explain_score(state: Position, seat: Seat, action: Score) -> Message | None:
    if state.phase is not Phase.SCORING:
        return None
    player = state.boards[seat]
    if action.card not in player.characters:
        return msg("you have no character card {card} left to score", card=excerpt(action.card))
    card = state.character(action.card)
    if card.island is not None and card.island != action.island:
        return msg("{card} must be scored at {island}", card=action.card, island=card.island)
    if action.island not in {i for i, _ in free_gondolas(state, seat)}:
        return msg("you have no gondolier left on a gondola at {island}", island=excerpt(action.island))
    return msg("that amount cannot be paid")


def explain_skip(state: Position, seat: Seat, action: Skip) -> Message:
    return msg("only a card that cannot score anywhere you still have a gondolier may be left unscored")
