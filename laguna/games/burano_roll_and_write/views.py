"""What each seat sees of a Walking in Burano Roll & Write position, and the guess at what it cannot.

Everything is open but the other players' invitation decisions until they are revealed together
(rulebook: Gameplay, phase 3).
"""

from __future__ import annotations

from laguna.core.game import JSON, Seat
from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write.position import DICE, Phase, Position
from laguna.games.burano_roll_and_write.rules.invitation import invitations
from laguna.games.burano_roll_and_write.sheets import SheetLayout


def view(position: Position, seat: Seat | None) -> JSON:
    """What `seat` sees: everything but the other players' undisclosed invitation decisions."""
    drafting = position.phase in (Phase.BOAT, Phase.USE)
    return {
        "game": "walking-in-burano-roll-and-write",
        "players": position.players,
        "viewer": seat,
        "solo": position.solo,
        "round": position.round,
        "final_round": position.final_round,
        "turn_player": position.turn_player,
        "phase": position.phase.value,
        "ended_by": position.ended_by or None,
        "dice": {c.value: v for c, v in zip(DICE, position.dice, strict=True)},
        "draft": {
            "order": list(position.draft_order),
            "index": position.draft_index if drafting else None,
            "seat": position.draft_order[position.draft_index] if drafting else None,
            "die": None if position.die is None else position.die.value,
        },
        "canal": {c.value: list(seats) for c, seats in position.canal.items()},
        "spectators": [c.value for c in position.spectators],
        "coin_track": position.sheets.coin_track,
        "seats": [_seat_json(position, s, seat) for s in range(position.players)],
    }


def _seat_json(position: Position, seat: Seat, viewer: Seat | None) -> JSON:
    decision = position.commitments[seat]
    return {
        "seat": seat,
        "layout": position.layouts[seat].name,
        "sheet": _layout_json(position.layouts[seat]),
        "circled": dict(position.circled[seat]),
        "characters": [
            {"building": b.value, "letter": c.value, "title": c.title, "floor": f}
            for b, (c, f) in position.characters[seat].items()
        ],
        "coins": position.coins(seat),
        "gained": position.gained[seat],
        "spent": position.spent[seat],
        "filled": position.filled[seat],
        "boats": [c.value for c in position.boats[seat]],
        "flipped": position.flipped[seat],
        "decided": decision is not None,
        "decision": str(decision) if decision is not None and viewer == seat else None,
    }


def _layout_json(layout: SheetLayout) -> JSON:
    """The printed sheet (public: every player can look at every sheet)."""
    return {
        "name": layout.name,
        "buildings": [c.value for c in layout.buildings],
        "symbols": [
            {
                "id": s.id,
                "building": s.building.value,
                "floor": s.floor,
                "kind": s.kind.value,
                "number": s.number,
                "coin": s.coin,
            }
            for s in layout.symbols
        ],
    }


def guess_decisions(twin: Position, seat: Seat | None, rng: Rng) -> None:
    """Re-sample, in a copy of the position, the other players' secret decisions and the dice still
    to be rolled."""
    twin.rng = rng.spawn()
    for other, decision in enumerate(twin.commitments):
        if other != seat and decision is not None:
            choices = invitations(twin, other)
            # Taking the coin and inviting are the two real alternatives; weigh them evenly rather
            # than by the number of ways to invite.
            guess = choices[0] if len(choices) == 1 or rng.randrange(2) == 0 else rng.choice(choices[1:])
            twin.commitments[other] = guess  # type: ignore[assignment]
