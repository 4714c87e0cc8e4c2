"""Golden playthroughs: one seeded game written out decision by decision with every legal action offered.

A playthrough file is a readable, diffable picture of the rules: any change to a legal-action list, a
notation, an event or a score shows up as a diff. Tests compare the stored files with a fresh run.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from laguna.core.match import Match
from laguna.core.registry import get_game
from laguna.core.rng import Rng


def playthrough(game_id: str, players: int, seed: int, options: Mapping[str, Any] | None = None) -> str:
    """Play a game with uniformly random decisions (drawn from `seed`) and describe every step."""
    game = get_game(game_id)
    match = Match(game, [f"seat-{s}" for s in range(players)], options, seed)
    typed = match.game.options(options)
    lines = [f"game {game_id} players {players} seed {seed} options {json.dumps(typed.to_dict(), sort_keys=True)}"]
    rng = Rng(seed)
    step = 0
    while not match.state.is_terminal():
        for seat in match.state.to_act():
            legal = match.state.legal_actions(seat)
            choice = rng.choice(legal)
            step += 1
            lines.append(f"{step} seat {seat} legal [{'; '.join(str(a) for a in legal)}]")
            lines.append(f"{step} seat {seat} plays {choice}")
            lines.extend(f"  | {event.text}" for event in match.act(seat, choice))
    outcome = match.state.outcome()
    lines.append(f"outcome {json.dumps(outcome.to_json(), sort_keys=True)}")
    return "\n".join(lines) + "\n"
