"""Roofing houses, the third move (rulebook: 4. SEQUENCE OF PLAY, C) Roof Houses; 9. BUILDING CARDS).

A roof tile from the player's roof spaces goes across two side-by-side cubes of its colours on the same
floor, below the 3rd, without overlapping another tile. Then the bonus, 2 privilege points or a
building card, and the roof's score: island or workshop majorities (2/5/9 VP), visible fountains on the
schedule ring (2/3/5/9 VP) or 4 VP, and 5 VP per half in a roof-colour card's colours.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, excerpt, msg
from laguna.core.messages import Player as Named
from laguna.games.burano import scoring
from laguna.games.burano.actions import Action, Bonus, Roof
from laguna.games.burano.components import Effect, HouseSymbol, RoofKind, RoofTile, square_name
from laguna.games.burano.main_island import RoofPlacement
from laguna.games.burano.position import BUILDING_SUPPLY, ROOF_CARDS, ROOF_PRIVILEGE, ROOFS, Phase, Position
from laguna.games.burano.rules import Explainer, Handler, Hint, Legal, vp_text
from laguna.games.burano.rules.turn import move_refused, pay_move


def do_roof(position: Position, seat: Seat, action: Roof, events: list[Event]) -> None:
    player = position.boards[seat]
    pay_move(position, seat)
    player.roofs.remove(action.tile)
    floor = position.stacks[action.first].floor
    position.stacks[action.first] = position.stacks[action.first].roofed_with(action.tile.colours[0])
    position.stacks[action.second] = position.stacks[action.second].roofed_with(action.tile.colours[1])
    position.roof = RoofPlacement(action.tile, action.first, action.second, floor)
    position.roofs_placed.append(position.roof)
    events.append(
        Event(
            "roof",
            seat,
            msg(
                "{player} roofs {first} and {second} with {tile}",
                player=Named(seat),
                first=square_name(action.first),
                second=square_name(action.second),
                tile=str(action.tile),
            ),
        )
    )
    position.phase = Phase.BONUS


def explain_roof(position: Position, seat: Seat, action: Roof) -> Message:
    refused = move_refused(position, seat)
    if refused is not None:
        return refused
    if action.tile not in position.boards[seat].roofs:
        return msg("you have no {tile} roof tile", tile=str(action.tile))
    a, b = position.stacks.get(action.first), position.stacks.get(action.second)
    if a is None or b is None:
        return msg("a roof goes across two cubes")
    if abs(action.first[0] - action.second[0]) + abs(action.first[1] - action.second[1]) != 1:
        return msg("the two cubes must be side by side in a horizontal or vertical line")
    if a.roofed or b.roofed:
        return msg("roof tiles cannot overlap")
    if a.floor != b.floor:
        return msg("the two cubes must be on the same floor")
    if a.floor >= 3:
        return msg("cubes on the 3rd floor cannot be roofed")
    return msg("the cubes' colours must match the roof tile's colours")


def bonus_options(position: Position, seat: Seat) -> list[Action]:
    return [
        Bonus(None),
        *(Bonus(card) for card in position.building_supply),
        *([Bonus("deck")] if position.building_deck else []),
    ]


def do_bonus(position: Position, seat: Seat, action: Bonus, events: list[Event]) -> None:
    player = position.boards[seat]
    if action.card is None:
        player.privilege += ROOF_PRIVILEGE
        events.append(Event("bonus", seat, msg("{player} takes 2 privilege points", player=Named(seat))))
    else:
        if action.card == "deck":
            card = position.building_deck.pop()
        else:
            card = action.card
            position.building_supply.remove(card)
        player.cards.append(card)
        while len(position.building_supply) < BUILDING_SUPPLY and position.building_deck:
            position.building_supply.append(position.building_deck.pop())
        position.reveals += 1
        title = position.components.card(card).title
        events.append(
            Event(
                "bonus",
                seat,
                msg("{player} takes the building card {card} ({title})", player=Named(seat), card=card, title=title),
            )
        )
    # Step 3 scores the roof with the cards held now, a card taken as this roof's bonus included.
    assert position.roof is not None
    points = roof_points(position, seat, position.roof.tile.kind)
    colour_vp = roof_colour_vp(position, seat, position.roof.tile)
    player.gain(ROOFS, points)
    kind = msg(position.roof.tile.kind.value)
    if colour_vp:
        player.gain(ROOF_CARDS, colour_vp)
        text = msg(
            "{player} scores {vp} for the {kind} roof and {colour_vp} for its colours",
            player=Named(seat),
            vp=vp_text(points),
            kind=kind,
            colour_vp=vp_text(colour_vp),
        )
    else:
        text = msg("{player} scores {vp} for the {kind} roof", player=Named(seat), vp=vp_text(points), kind=kind)
    events.append(Event("roof-score", seat, text, {"vp": points + colour_vp}))
    position.roof = None
    position.phase = Phase.TURN


def explain_bonus(position: Position, seat: Seat, action: Bonus) -> Message:
    if action.card == "deck":
        return msg("the building deck is empty")
    return msg("building card {card} is not in the building supply", card=excerpt(str(action.card)))


def roof_colour_vp(position: Position, seat: Seat, tile: RoofTile) -> int:
    """What the roof colour cards `seat` holds give for roofing with `tile`: 5 VP per half in a
    card's colours, each card counting."""
    return sum(
        5 * sum(1 for c in tile.colours if c in card.colours)
        for card in position.card_effects(seat, Effect.ROOF_COLOUR_VP)
    )


def roof_points(position: Position, seat: Seat, kind: RoofKind) -> int:
    """What a roof of `kind` would score for `seat` now (Roof Houses, step 3)."""
    tie = position.owner(Effect.ISLAND_TIES)
    if kind is RoofKind.ISLANDS:
        return scoring.majority_roof_vp(scoring.majorities(seat, position.island_workers.values(), tie))
    if kind is RoofKind.WORKSHOPS:
        return scoring.majority_roof_vp(scoring.majorities(seat, position.workshop_counts()))
    if kind is RoofKind.FOUNTAINS:
        return scoring.fountain_roof_vp(position.boards[seat].ring.visible(HouseSymbol.FOUNTAIN))
    return scoring.FLAT_ROOF_VP


LEGAL: dict[Phase, Legal] = {Phase.BONUS: bonus_options}
APPLY: dict[type[Action], Handler] = {Roof: do_roof, Bonus: do_bonus}
EXPLAIN: dict[type[Action], Explainer] = {Roof: explain_roof, Bonus: explain_bonus}
EXPECTED: dict[Phase, tuple[tuple[type[Action], ...], Hint]] = {
    Phase.BONUS: (
        (Bonus,),
        lambda position, seat: msg("take the roof's bonus: 2 privilege points or a building card"),
    ),
}
