"""The greedy bot: one decision ahead, judged by the game's own estimate of the final scores.

It samples the hidden information from its own seat's view (``determinize``), applies each legal
decision to a copy of that sample, and keeps the decision that leaves it furthest ahead of its best
rival by its evaluation: the game's heuristic (``GameState.estimate``), or a learned evaluation
(`laguna.bots.learned`) that judges all the positions in one product. With a temperature it picks at
random, weighting each decision by ``exp(lead / temperature)``: a weaker, livelier opponent.
"""

from __future__ import annotations

import math
from typing import Any

from laguna.bots.evaluation import margin
from laguna.bots.learned import HEURISTIC, Evaluation
from laguna.core import GameState, IllegalAction, OptionsError, Rng
from laguna.core.messages import msg


class GreedyBot:
    """Chooses the decision with the best estimated lead after it.

    `samples` determinizations are averaged (decisions that draw cards or dice are judged over several
    draws); `temperature` (victory points) turns the choice into a softmax, 0 being strictly greedy.
    Equal leads are broken at random, so the bot has no blind preference for the first listed action.
    """

    def __init__(
        self,
        seed: int,
        *,
        samples: int = 1,
        temperature: float = 0.0,
        name: str = "greedy",
        evaluation: Evaluation = HEURISTIC,
    ) -> None:
        if samples < 1:
            raise OptionsError(msg("a greedy bot needs at least one sample, not {samples}", samples=samples))
        if temperature < 0:
            raise OptionsError(
                msg("a greedy bot's temperature cannot be negative ({temperature})", temperature=temperature)
            )
        self.rng = Rng(seed)
        self.samples = samples
        self.temperature = temperature
        self.name = name
        self.evaluation = evaluation
        """How positions are judged: the game's heuristic, or a learned evaluation (`laguna.bots.learned`)."""

    def leads(self, state: GameState[Any], seat: int) -> list[float]:
        """The estimated lead of `seat` after each of its legal decisions, averaged over the samples."""
        legal = state.legal_actions(seat)
        totals = [0.0] * len(legal)
        with self.evaluation.thinking():
            self._add_leads(state, seat, legal, totals)
        return [total / self.samples for total in totals]

    def _add_leads(self, state: GameState[Any], seat: int, legal: Any, totals: list[float]) -> None:
        for _ in range(self.samples):
            sample = state.determinize(seat, self.rng)
            afters = []
            for action in legal:
                after = sample.copy()
                after.apply_unchecked(seat, action)
                afters.append(after)
            estimates = self.evaluation.estimate_many(afters)
            for index, (after, values) in enumerate(zip(afters, estimates, strict=True)):
                totals[index] += _final(after, seat) if after.is_terminal() else margin(values, seat)

    def choose(self, state: GameState[Any], seat: int) -> Any:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} owes no decision now, so the greedy bot has nothing to choose")
        if len(legal) == 1:
            return legal[0]
        leads = self.leads(state, seat)
        if self.temperature > 0:
            return legal[self._softmax_index(leads)]
        best = max(leads)
        ties = [index for index, lead in enumerate(leads) if lead == best]
        return legal[ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]]

    def _softmax_index(self, leads: list[float]) -> int:
        best = max(leads)
        weights = [math.exp((lead - best) / self.temperature) for lead in leads]
        point = self.rng.next_u64() / 2**64 * sum(weights)
        for index, weight in enumerate(weights):
            point -= weight
            if point < 0:
                return index
        return len(weights) - 1


def _final(state: GameState[Any], seat: int) -> float:
    """The lead in the final scores, with a victory (even on tie-breakers) worth more than any margin."""
    outcome = state.outcome()
    lead = margin(outcome.scores, seat)
    if state.players > 1 and seat in outcome.winners:
        lead += 1000.0 / len(outcome.winners)
    return lead
