"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration samples the hidden information afresh from the bot's own view (``determinize``), so
the search never reads what its seat cannot see, and walks one tree whose edges are decisions
``(seat, action)`` shared by every sample. At each step the decisions legal in the current sample are
the *available* ones; selection uses UCB1 with availability counts in place of the parent's visits.
A new edge is added per iteration; the position reached is then judged by the game's heuristic
(``GameState.estimate``, squashed into [0, 1] as a lead over the best rival) or by the outcome if the
game has ended, after an optional few random decisions. Every edge on the path is credited with the
reward of the seat that took it, so each seat in the tree plays for itself. The root's decisions start
with a few virtual visits at their one-step value on one sample (progressive bias from the heuristic),
so a small budget refines the greedy choice rather than starting blind.

Simultaneous decisions are taken in turn inside the tree, in ``to_act`` order; the seats after the
first are modelled as if they knew the earlier choices, a cautious reading of the others' replies.

The budget is a number of iterations (deterministic under the seed: the same position, seed and
budget give the same decision on any machine) or a time in milliseconds (as many iterations as fit,
so it depends on the machine's speed). Decisions with one legal action are taken without search.
"""

from __future__ import annotations

import math
import time
from typing import Any

from laguna.bots.evaluation import SCALE, rewards
from laguna.core import GameState, IllegalAction, OptionsError, Rng

EXPLORATION = 0.2
"""UCB1's exploration constant. Rewards are leads squashed into [0, 1], and a few victory points
between two decisions is a reward difference of a few hundredths, so the usual √2 would spread the
budget almost evenly over the decisions; 0.2 won more often against greedy in our measurements
(docs/strength.md)."""


PRIOR = 3
"""Virtual visits given to each decision at the root, at its one-step value: the search starts from
the greedy bot's ranking and spends its budget on checking it, which won more often against greedy in
our measurements than a blind start (docs/strength.md)."""


class _Edge:
    """A decision in the tree: who took it, how often it was tried, was available, and paid off."""

    __slots__ = ("actor", "available", "children", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.children: dict[tuple[int, Any], _Edge] = {}

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


class IsmctsBot:
    """Information-set MCTS with an iteration or time budget.

    >>> from laguna.core import get_game
    >>> state = get_game("walking-in-burano").new_game(2, seed=3)
    >>> seat = state.to_act()[0]
    >>> bot = IsmctsBot(7, iterations=30)
    >>> bot.choose(state, seat) in state.legal_actions(seat)
    True
    >>> bot.choose(state, seat) == IsmctsBot(7, iterations=30).choose(state, seat)
    True
    """

    def __init__(
        self,
        seed: int,
        *,
        iterations: int | None = 200,
        millis: float | None = None,
        exploration: float = EXPLORATION,
        rollout: int = 0,
        prior: int = PRIOR,
        scale: float = SCALE,
        name: str = "ismcts",
    ) -> None:
        if (iterations is None) == (millis is None):
            raise OptionsError("an ismcts bot needs exactly one budget: iterations or milliseconds")
        if iterations is not None and iterations < 1:
            raise OptionsError(f"an ismcts bot needs at least one iteration, not {iterations}")
        if millis is not None and millis <= 0:
            raise OptionsError(f"an ismcts bot needs a positive time budget, not {millis} ms")
        if rollout < 0:
            raise OptionsError(f"the number of random rollout decisions cannot be negative ({rollout})")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.millis = millis
        self.exploration = exploration
        self.rollout = rollout
        self.prior = prior
        self.scale = scale
        self.name = name
        self.last_iterations = 0
        """How many iterations the last search ran (for benchmarks)."""

    def choose(self, state: GameState[Any], seat: int) -> Any:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} owes no decision now, so the ismcts bot has nothing to choose")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Edge(-1)
        baseline = state.determinize(seat, self.rng).estimate()[0] if state.players == 1 else 0.0
        if self.prior:
            self._seed_root(state, seat, root, legal, baseline)
        deadline = None if self.millis is None else time.perf_counter() + self.millis / 1000
        done = 0
        while True:
            self._iterate(state, seat, root, baseline)
            done += 1
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return self._most_visited(root, seat, legal)

    def _seed_root(self, state: GameState[Any], seat: int, root: _Edge, legal: Any, baseline: float) -> None:
        """Give every root decision `prior` virtual visits at its one-step value on one sample, so the
        search starts from the greedy ranking instead of a blind one."""
        sample = state.determinize(seat, self.rng)
        for action in legal:
            after = sample.copy()
            after.apply_unchecked(seat, action)
            edge = _Edge(seat)
            edge.visits = self.prior
            edge.available = self.prior
            edge.reward = self.prior * rewards(after, baseline, self.scale)[seat]
            root.children[(seat, action)] = edge

    def _most_visited(self, root: _Edge, seat: int, legal: Any) -> Any:
        best, best_key = legal[0], (-1, -math.inf)
        for action in legal:
            edge = root.children.get((seat, action))
            if edge is None:
                continue
            key = (edge.visits, edge.reward / edge.visits)
            if key > best_key:
                best, best_key = action, key
        return best

    def _iterate(self, state: GameState[Any], seat: int, root: _Edge, baseline: float) -> None:
        rng = self.rng
        sample = state.determinize(seat, rng)
        node = root
        path: list[_Edge] = []
        actor = seat
        while not sample.is_terminal():
            if node is not root:
                actor = sample.to_act()[0]
            legal = sample.legal_actions(actor)
            if len(legal) == 1 and node is not root:
                sample.apply_unchecked(actor, legal[0])
                continue
            children = node.children
            untried = []
            best: _Edge | None = None
            best_action: Any = None
            best_value = -math.inf
            for action in legal:
                edge = children.get((actor, action))
                if edge is None:
                    untried.append(action)
                    continue
                edge.available += 1
                if not untried:
                    value = edge.ucb(self.exploration)
                    if value > best_value:
                        best, best_action, best_value = edge, action, value
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                edge = _Edge(actor)
                children[(actor, action)] = edge
                sample.apply_unchecked(actor, action)
                path.append(edge)
                break
            assert best is not None
            sample.apply_unchecked(actor, best_action)
            path.append(best)
            node = best
        for _ in range(self.rollout):
            if sample.is_terminal():
                break
            mover = sample.to_act()[0]
            sample.apply_unchecked(mover, rng.choice(sample.legal_actions(mover)))
        values = rewards(sample, baseline, self.scale)
        for edge in path:
            edge.visits += 1
            edge.reward += values[edge.actor]
