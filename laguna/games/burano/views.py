"""What each seat sees of a Burano position, and a position re-sampled from that alone (the hidden
information: 2. COMPONENTS and 3. SETUP keep the decks and stacks face down; 4. SEQUENCE OF PLAY builds
the pyramids in secret; 5. ACTIONS keeps a fish card drawn from the deck secret).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from laguna.core.game import JSON, Seat
from laguna.core.rng import Rng
from laguna.games.burano.components import COLOURS, ActionSpace, Colour, HouseSymbol, RoofTile, square_name
from laguna.games.burano.player import Player
from laguna.games.burano.position import CATEGORIES, PYRAMID_CUBES, SEASONS, TURNS, Phase, Position
from laguna.games.burano.pyramid import CENTRE, LAYERS, SLOTS, centre_covered, layer_targets
from laguna.games.burano.rules.construction import public_pyramid


def view(position: Position, seat: Seat | None) -> JSON:
    """What `seat` sees: all but the decks' order, the fish cards others drew from the deck, the
    pyramids others are still building in secret, and the centre cube (b5) of another's pyramid while
    its second level covers it (listed as ``hidden``)."""
    components = position.components
    waters = components.waters
    area = position.area
    return {
        "game": "burano",
        "players": position.players,
        "viewer": seat,
        "season": SEASONS[position.season],
        "round": sum(TURNS[: position.season]) + min(position.round, TURNS[position.season] - 1) + 1,
        "season_turn": min(position.round, TURNS[position.season] - 1) + 1,
        "turns": TURNS[position.season],
        "start_player": position.start_player,
        "phase": position.phase.value,
        "actor": None if position.phase in (Phase.CONSTRUCTION, Phase.OVER) else position.actor,
        "ended_by": position.ended_by or None,
        "main_island": {
            "rows": components.main_island.rows,
            "columns": components.main_island.columns,
            "pits": sorted(square_name(s) for s in components.main_island.pits),
            "fountain": square_name(components.main_island.fountain),
            "houses": {
                square_name(square): {
                    "cubes": [c.value for c in stack.cubes],
                    "roofs": [c.value for c in stack.roofs],
                }
                for square, stack in sorted(position.stacks.items())
            },
            "roof_tiles": [
                {
                    "tile": str(r.tile),
                    "first": square_name(r.first),
                    "second": square_name(r.second),
                    "floor": r.floor,
                }
                for r in position.roofs_placed
            ],
        },
        "islands": {
            island: {
                "docks": [c.value for c in position.docks[island]],
                "workers": list(position.island_workers[island]),
            }
            for island in waters.islands
        },
        "routes": [list(route) for route in waters.routes],
        "ports": {port: list(ships) for port, ships in position.ports.items()},
        "ships": {ship.name: {"demand": dict(ship.demand), "vp": ship.vp} for ship in components.ships},
        "building_cards": {card.id: card.title for card in components.building_cards},
        "action_board": {
            space.value: [position.markers[2 * k].value, position.markers[2 * k + 1].value]
            for k, space in enumerate(ActionSpace)
        },
        "workshops": {
            "rows": area.rows,
            "columns": area.columns,
            "squares": {
                square_name(s): {
                    "colour": c.value,
                    "coin": s in area.coins,
                    "workshop": area.squares[s],
                    "worker": position.lace_workers.get(s),
                }
                for s, c in sorted(area.colours.items())
            },
        },
        "cube_supply": {c.value: position.supply[c] for c in COLOURS},
        "roof_stacks": {kind.value: len(stack) for kind, stack in position.roof_stacks.items()},
        "removed_roofs": [str(tile) for tile in position.removed_roofs],
        "fish_supply": list(position.fish_supply),
        "fish_deck": len(position.fish_deck),
        "building_supply": list(position.building_supply),
        "building_deck": len(position.building_deck),
        "pending": _pending_json(position),
        "seats": [_seat_json(position, s, seat) for s in range(position.players)],
    }


def _pending_json(position: Position) -> JSON:
    return {
        "swapped": position.swapped,
        "matched": position.matched,
        "fish_left": position.fish_left,
        "arrows": [c.value for c in position.arrows],
        "sent": position.sent,
        "roof": None if position.roof is None else str(position.roof.tile),
        "paid": [[square_name(s), means] for s, means in position.paid],
        "owed": position.owed,
        "refilled": [k.value for k in position.refilled],
    }


def _seat_json(position: Position, seat: Seat, viewer: Seat | None) -> JSON:
    player = position.boards[seat]
    secret_pyramid = position.phase is Phase.CONSTRUCTION and seat != viewer
    ring = player.ring
    return {
        "seat": seat,
        "letter": position.letters[seat],
        "coins": player.coins,
        "privilege": player.privilege,
        "moves": player.moves,
        "vp": player.score(),
        "vp_by_source": {category: player.vp[category] for category in CATEGORIES},
        "boat": player.boat,
        "ring": {
            "houses": [{"colour": h.colour.value, "symbol": h.symbol.value} for h in ring.houses],
            "arrows": ring.arrows,
            "workers": ring.workers,
        },
        "reserve": {c.value: player.reserve[c] for c in COLOURS},
        "pyramid": None
        if secret_pyramid
        else [c.value if c else None for c in player.pyramid]
        if seat == viewer
        else public_pyramid(player),
        "pyramid_colours": None
        if secret_pyramid
        else dict(sorted(Counter(c.value for c in player.pyramid if c is not None).items())),
        "pyramid_ready": player.cursor >= SLOTS,
        "pyramid_slots_decided": player.cursor,
        "preparation": [c.value for c in player.preparation],
        "roofs": [str(tile) for tile in player.roofs],
        "hand": dict(sorted(player.hand().items())) if seat == viewer else dict(sorted((+player.hand_public).items())),
        "hidden_fish": 0 if seat == viewer else player.hand_secret.total(),
        "from_deck": dict(sorted((+player.hand_secret).items())) if seat == viewer else None,
        "arrow_colours": [c.value for c in ring.arrow_colours()],
        "visible_coins": ring.visible(HouseSymbol.COIN),
        "visible_fountains": ring.visible(HouseSymbol.FOUNTAIN),
        "sold": dict(sorted((+player.sold).items())),
        "cards": list(player.cards),
    }


def resample(position: Position, twin: Position, seat: Seat | None, rng: Rng) -> None:
    """Re-sample in `twin` (a copy of `position`) what `seat` cannot know: the order of the fish deck,
    the building deck and the roof stacks, the fish cards others drew from the deck, and pyramids
    still being built in secret. A covered centre cube of another pyramid gets the colour the seat
    deduces from its view.

    It reads only what `seat` sees and `rng`: every pool is put in a fixed order before it is
    shuffled, and a pyramid built in secret is drawn afresh from its owner's cube reserve, as far as
    the slots its owner has decided (the view shows how far each pyramid is)."""
    hidden = [s for s in range(position.players) if s != seat]
    _deal_fish(position, twin, hidden, rng)
    twin.building_deck = sorted(twin.building_deck)
    rng.shuffle(twin.building_deck)
    for kind, tiles in twin.roof_stacks.items():
        stack = list(_in_order(tiles))  # a new list: the position shares its stacks with its copies
        rng.shuffle(stack)
        twin.roof_stacks[kind] = stack
    if position.phase is Phase.CONSTRUCTION:
        for other in hidden:
            _secret_pyramid(twin.boards[other], rng)
    else:
        for other in hidden:
            _deduced_centre(twin.boards[other])


def _deal_fish(position: Position, twin: Position, hidden: list[Seat], rng: Rng) -> None:
    """Deal the unseen fish cards again: the deck and the cards the `hidden` players drew from it.

    The pool is sorted before it is shuffled, so the deal depends on what the cards are, never on
    the order they really lie in."""
    kinds = position.components.fish_kinds
    unseen = Counter(position.fish_deck)
    for other in hidden:
        unseen += position.boards[other].hand_secret
    pool = [kind for kind in kinds for _ in range(unseen[kind])]  # sorted by kind
    rng.shuffle(pool)
    for other in hidden:
        count = position.boards[other].hand_secret.total()
        twin.boards[other].hand_secret = Counter(pool[:count])
        del pool[:count]
    twin.fish_deck = pool


def _deduced_centre(player: Player) -> None:
    """Give a covered centre cube the colour its viewer deduces: the pyramid's cubes by colour (built
    from the reserve everyone sees, less the cubes returned to the supply in view of all) less the
    cubes in sight."""
    if player.centre_seen or not centre_covered(player.pyramid):
        return
    left = Counter(c for c in player.pyramid if c is not None)
    left.subtract(c for k, c in enumerate(player.pyramid) if c is not None and k != CENTRE)
    (colour,) = +left
    player.pyramid[CENTRE] = colour


def _tile_order(tile: RoofTile) -> tuple[int, int]:
    return COLOURS.index(tile.colours[0]), COLOURS.index(tile.colours[1])


_ORDERED: dict[int, tuple[list[RoofTile], tuple[RoofTile, ...], tuple[RoofTile, ...]]] = {}
"""Roof stacks put in order so far, by the identity of their list: the copies of a position share its
stacks, so a search puts each in order once. The entry keeps the list and its tiles to check them."""
ORDERED_CACHE: Final = 10_000


def _in_order(tiles: list[RoofTile]) -> tuple[RoofTile, ...]:
    """A roof stack's tiles in a fixed order, whatever order they lie in."""
    entry = _ORDERED.get(id(tiles))
    if entry is not None and entry[0] is tiles and entry[1] == tuple(tiles):
        return entry[2]
    if len(_ORDERED) > ORDERED_CACHE:
        _ORDERED.clear()
    ordered = tuple(sorted(tiles, key=_tile_order))
    _ORDERED[id(tiles)] = (tiles, tuple(tiles), ordered)
    return ordered


def _secret_pyramid(player: Player, rng: Rng) -> None:
    """Draw a pyramid its owner could have built from the reserve, up to the slots decided so far.

    Each layer gets its cubes (the base first for a player short of 14) in random slots; a layer under
    way keeps at least one of its cubes for the slots still to decide, else the owner would be past it.
    """
    cubes = sorted(player.reserve.elements(), key=COLOURS.index)
    rng.shuffle(cubes)
    targets = layer_targets(min(PYRAMID_CUBES, len(cubes)))
    pyramid: list[Colour | None] = [None] * SLOTS
    for layer, target in zip(LAYERS, targets, strict=True):
        if not target:
            continue
        later = [slot for slot in layer if slot >= player.cursor]
        chosen = []
        if 0 < len(later) < len(layer):
            chosen.append(later[rng.randrange(len(later))])
        rest = [slot for slot in layer if slot not in chosen]
        rng.shuffle(rest)
        chosen.extend(rest[: target - len(chosen)])
        for slot in chosen:
            if slot < player.cursor:
                pyramid[slot] = cubes.pop()
    player.pyramid = pyramid
