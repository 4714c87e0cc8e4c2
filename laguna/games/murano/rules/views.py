"""What each player sees, and what they cannot (rules: Components; the shops and palaces bought lie
face down, the character cards are kept secret, the stacks and decks are shuffled): a player's view of
a position, and the re-sampling of what they cannot see for search.
"""

from __future__ import annotations

from typing import Final

from laguna.core.game import JSON, Seat
from laguna.core.rng import Rng
from laguna.games.murano import characters
from laguna.games.murano.components import PLAYER_COLOURS, Bead
from laguna.games.murano.position import CATEGORIES, Phase, Position
from laguna.games.murano.rules.scoring import free_gondolas, has_score_options

DEAL_TRIES: Final = 50
"""Determinization: deals of the unseen character cards tried before a scorer is dealt a fitting card."""


def view(state: Position, seat: Seat | None) -> JSON:
    """What `seat` sees: everything but the stacks' order, the face-down tiles and character cards
    of the others, and the cards others drew."""
    actor_sees = seat == state.actor
    return {
        "game": "murano",
        "players": len(state.boards),
        "viewer": seat,
        "board_side": state.side_name,
        "phase": state.phase.value,
        "actor": None if state.phase is Phase.OVER else state.actor,
        "start_player": state.start_player,
        "turns": state.turns,
        "triggered_by": state.triggered_by,
        "last_turns": list(state.last_turns),
        "ended_by": state.ended_by or None,
        "action_spaces": [
            {
                "number": s.number,
                "action": s.action.value,
                "ships": state.ring.occupied[s.number - 1],
                "red": state.ring.red == s.number - 1,
            }
            for s in state.components.action_spaces
        ],
        "islands": [
            {
                "id": island.id,
                "name": island.name,
                "spaces": [
                    {
                        "id": sp.id,
                        "street": sp.street,
                        "row": sp.row,
                        "column": sp.column,
                        "tile": _tile_json(state, sp.id),
                    }
                    for sp in island.spaces
                ],
                "gondolas": [
                    {
                        "colour": g,
                        "seat": state.gondolas.get((island.id, g)),
                        "scored": (island.id, g) in state.used_gondolas,
                    }
                    for g in island.gondolas
                ],
            }
            for island in state.side.islands
        ],
        "stacks": {
            "streets": len(state.street_stack),
            "shops": len(state.shop_stack),
            "palaces": len(state.palace_stack),
            "factories": state.factory_stack,
            "specials": state.special_stack,
            "characters": len(state.character_deck),
            "special_cards": len(state.special_deck),
        },
        "bag": {b.value: state.bag[b] for b in Bead},
        "target": state.target + 1 if state.phase not in (Phase.TURN, Phase.OVER) else None,
        "drawn": list(state.drawn) if actor_sees else len(state.drawn),
        "street": state.street,
        "street_customers": (
            [c.value for c in state._street(state.street).customers] if state.street is not None else None
        ),
        "looking": state.buying if state.looking else None,
        "seen": _seen(state) if state.looking and actor_sees else None,
        "final_tile": state.final_tile if state.final_tile and actor_sees else None,
        "ships_moved": state.moved,
        "ships_to_sail": [space + 1 for space in state.clearing],
        "cards": {card.id: characters.describe(card).to_json() for card in state.components.characters},
        "special_cards": {card.id: card.title for card in state.components.special_cards},
        "options": state.options.to_dict(),
        "built": state.built,
        "seats": [_seat_json(state, s, seat) for s in range(len(state.boards))],
    }


def _seen(state: Position) -> list[str]:
    """What a buyer who paid to look sees: the stack's shop colours or palace crests."""
    if state.buying == "shop":
        return sorted(state._shop(t).colour.value for t in state.shop_stack)
    return sorted(str(state._palace(t).crests) for t in state.palace_stack)


def _tile_json(state: Position, space: str) -> JSON | None:
    tile = state.tiles.get(space)
    if tile is None:
        return None
    if tile[0] == "street":
        return {"kind": "street", "customers": [c.value for c in state._street(tile[1]).customers]}
    if tile[0] == "factory":
        return {"kind": "factory", "owner": tile[1]}
    if tile[0] == "shop":
        return {"kind": "shop", "owner": tile[1], "colour": tile[2]}
    if tile[0] == "palace":
        return {"kind": "palace", "crests": state._palace(tile[1]).crests}
    return {"kind": "special"}


def _seat_json(state: Position, seat: Seat, viewer: Seat | None) -> JSON:
    player = state.boards[seat]
    own = seat == viewer or state.phase is Phase.OVER
    return {
        "seat": seat,
        "colour": PLAYER_COLOURS[seat],
        "gold": player.gold,
        "vp": player.score(),
        "vp_by_source": {c: player.vp[c] for c in CATEGORIES},
        "gondoliers": player.gondoliers,
        "factories": player.factories,
        "specials": player.specials,
        "shops": sorted(state._shop(s).colour.value for s in player.shops) if own else len(player.shops),
        "palaces": sorted(state._palace(p).crests for p in player.palaces) if own else len(player.palaces),
        "characters": sorted(player.characters) if own else len(player.characters),
        "special_cards": list(player.special_cards),
        "beads": {b.value: player.beads[b] for b in Bead},
        "markers": player.markers,
    }


def resample(state: Position, twin: Position, seat: Seat | None, rng: Rng) -> None:
    """Re-sample in `twin`, a copy of `state`, what `seat` cannot know: the stacks' order, the others'
    face-down shops and palaces and character cards (with the cards boxed unseen), and the special
    building deck.

    It reads only what `seat` sees and `rng`: every pool of unseen items is sorted before it is
    shuffled, so the true order of a stack or hand never shows through."""
    hidden = [s for s in range(len(state.boards)) if s != seat]
    if state.phase is Phase.OVER:
        hidden = []
    streets = sorted(twin.street_stack)
    rng.shuffle(streets)
    twin.street_stack = streets
    special_hidden = state.phase is Phase.SPECIAL_CARD and seat != state.actor
    specials = sorted([*twin.special_deck, *(twin.drawn if special_hidden else [])])
    rng.shuffle(specials)
    if special_hidden:
        twin.drawn = specials[: len(twin.drawn)]
        specials = specials[len(twin.drawn) :]
    twin.special_deck = specials
    # A player looking through a stack (having paid 4 gold) sees it: it keeps its tiles for them.
    looked = state.looking and seat == state.actor
    twin.shop_stack, _ = _redeal(
        rng, twin, "shops", twin.shop_stack, boxed=[], hidden=hidden, keep=looked and state.buying == "shop"
    )
    twin.palace_stack, twin.boxed_palaces = _redeal(
        rng,
        twin,
        "palaces",
        twin.palace_stack,
        boxed=twin.boxed_palaces,
        hidden=hidden,
        keep=looked and state.buying == "palace",
    )
    if (
        state.phase is Phase.FINAL_PLACE
        and seat != state.actor
        and state.final_tile.split("-")[0] in ("shop", "palace")
    ):
        # The building just bought lies face down: any of the buyer's tiles of that kind could be it.
        if state.final_tile.startswith("shop"):
            tile = f"shop-{twin._shop(rng.choice(twin.boards[state.actor].shops)).colour.value}"
        else:
            tile = f"palace-{twin._palace(rng.choice(twin.boards[state.actor].palaces)).crests}"
        twin.final_tile = tile
    _redeal_characters(state, twin, seat, hidden, rng)


def _redeal_characters(state: Position, twin: Position, seat: Seat | None, hidden: list[Seat], rng: Rng) -> None:
    """Deal the unseen character cards again: the deck, the boxed cards, the cards others drew or put
    aside unrevealed, and the others' hands. A player scoring now is known to hold a card that can
    score, so the deal is drawn again until it gives them one; after a few tries they are dealt, first,
    a card that can go to one of their islands."""
    scorer = state.actor if state.phase is Phase.SCORING and state.actor in hidden else None
    for _ in range(DEAL_TRIES):
        _deal_characters(state, twin, seat, hidden, rng)
        if scorer is None or has_score_options(twin, scorer):
            return
    assert scorer is not None
    islands = {island for island, _ in free_gondolas(state, scorer)}
    pool = _unseen_characters(state, seat, hidden)
    fitting = [c for c in pool if state.character(c).island in (None, *islands)]
    _deal_characters(state, twin, seat, hidden, rng, first=rng.choice(fitting) if fitting else None)


def _unseen_characters(state: Position, seat: Seat | None, hidden: list[Seat]) -> list[str]:
    """The character cards `seat` has not seen, in a fixed order."""
    recruiting = state.phase in (Phase.RECRUIT, Phase.PRELUDE)
    drawn_hidden = list(state.drawn) if recruiting and seat != state.actor else []
    pool = [*state.character_deck, *state.boxed_characters, *drawn_hidden]
    for other in hidden:
        pool.extend(state.boards[other].characters)
        pool.extend(state.skipped.get(other, []))
    return sorted(pool)


def _deal_characters(
    state: Position, twin: Position, seat: Seat | None, hidden: list[Seat], rng: Rng, *, first: str | None = None
) -> None:
    """One deal of the unseen character cards; `first` goes to the scorer's hand before the deal."""
    recruiting = state.phase in (Phase.RECRUIT, Phase.PRELUDE)
    drawn_hidden = recruiting and seat != state.actor
    pool = _unseen_characters(state, seat, hidden)
    if first is not None:
        pool.remove(first)
    rng.shuffle(pool)
    for other in hidden:
        count = len(state.boards[other].characters)
        hand = [first] if first is not None and other == state.actor else []
        take = count - len(hand)
        hand.extend(pool[:take])
        del pool[:take]
        twin.boards[other].characters = hand
        count = len(state.skipped.get(other, []))
        if count:
            twin.skipped = {**twin.skipped, other: pool[:count]}
            del pool[:count]
    if drawn_hidden:
        twin.drawn = pool[: len(state.drawn)]
        del pool[: len(state.drawn)]
    twin.boxed_characters = pool[: len(state.boxed_characters)]
    twin.character_deck = pool[len(state.boxed_characters) :]


def _redeal(
    rng: Rng,
    twin: Position,
    attribute: str,
    stack: list[str],
    *,
    boxed: list[str],
    hidden: list[Seat],
    keep: bool = False,
) -> tuple[list[str], list[str]]:
    """Deal the unseen tiles of one kind again: the stack (unless `keep`), the boxed ones and the
    others' face-down ones, from a sorted pool. Returns the stack and the boxed tiles, new lists (a
    copy's lists are its original's until replaced)."""
    pool = [*boxed] if keep else [*stack, *boxed]
    for other in hidden:
        pool.extend(getattr(twin.boards[other], attribute))
    pool.sort()
    rng.shuffle(pool)
    for other in hidden:
        count = len(getattr(twin.boards[other], attribute))
        setattr(twin.boards[other], attribute, pool[:count])
        del pool[:count]
    boxed = pool[: len(boxed)]
    if keep:
        kept = sorted(stack)
        rng.shuffle(kept)
        return kept, boxed
    return pool[len(boxed) :], boxed
