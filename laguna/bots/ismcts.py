"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration samples the hidden information afresh from the bot's own view (``determinize``), so
the search never reads what its seat cannot see, and walks one tree whose edges are decisions
``(seat, action)`` shared by every sample. At each step the decisions legal in the current sample are
the *available* ones; selection uses UCB1 with availability counts in place of the parent's visits.

Four refinements make a small budget count in games with long turns and wide decisions:

* *Progressive bias.* When a position is first reached, each of its decisions is judged one step
  ahead by the bot's evaluation (the game's heuristic, ``GameState.estimate``, or a learned one from
  `laguna.bots.learned`, which judges them all in one product) and enters the tree with ``prior`` virtual
  visits at that value; the walk takes the one UCB1 prefers (the best-looking) and the iteration
  stops there. Decisions that a later sample reveals in a known position join it the same way. The
  tree therefore starts from the greedy bot's ranking at every depth and spends the budget checking it.
* *Relative rewards.* A reward is the acting seat's lead over its best rival *gained since the root,
  in the same sample*: what a sample is worth by itself (an opponent's hidden cards, the next draws)
  cancels, so rewards from different samples compare what the decisions changed.
* *Progressive widening.* A position visited n times offers only its ``max(2, widening·√(n+1))``
  decisions of highest one-step value; the rest join as the position is visited more. Murano, where a
  turn offers up to hundreds of decisions, needs this most.
* *Late opening.* Opening a position judges each of its decisions; judging the position itself costs
  one estimate. With ``open_at`` k > 1 a position opens at its k-th visit, and the visits before it
  stop there and judge it in their own sample, so an iteration costs a few estimates instead of one
  per decision, and the budget goes to the lines already in the tree (docs/strength.md).

Every edge on the path is credited with the reward of the seat that took it, so each seat in the tree
plays for itself. Simultaneous decisions are taken in turn inside the tree, in ``to_act`` order; the
seats after the first are modelled as if they knew the earlier choices, a cautious reading of the
others' replies.

The budget is a number of iterations (deterministic under the seed: the same position, seed and
budget give the same decision on any machine) or a time in milliseconds (as many iterations as fit,
so it depends on the machine's speed). A number of judged positions may bound an iteration budget
and keep it deterministic: a wide position costs one judgement per decision when it opens, so the
bound stops the searches that open many of them. A cap in seconds may bound either: past it the
search stops and answers with the best decision found so far, whatever its budget (the browser table
caps every bot this way, so that no budget can hold its bot workers). Decisions with one legal action
are taken without search.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from laguna.bots.evaluation import SCALE, leads, rewards
from laguna.bots.learned import HEURISTIC, Evaluation
from laguna.core import GameState, IllegalAction, OptionsError, Rng
from laguna.core.messages import msg

EXPLORATION = 0.2
"""UCB1's exploration constant. Rewards are leads squashed into [0, 1], and a few victory points
between two decisions is a reward difference of a few hundredths, so the usual √2 would spread the
budget almost evenly over the decisions; 0.2 won more often against greedy in our measurements
(docs/strength.md)."""

PRIOR = 3
"""Virtual visits given to each new decision at its one-step value (progressive bias)."""

OPEN_AT = 1
"""The visit at which a position opens (its decisions join the tree, each judged one step ahead); the
visits before it judge the position itself, as a leaf: one estimate instead of one per decision. An
iteration opens one position at most, so the visit that first takes a decision stops there, judged by
that decision's one-step value; 1 opens a position at the first visit that can."""

WIDENING = 1.0
"""Progressive widening: a position visited n times offers its max(2, WIDENING·√(n+1)) best-looking
decisions; 0 offers them all."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a search, and resumed as it was found.

    A search makes and drops tens of thousands of positions while its tree grows: every allocation
    counts toward the collector's next pass, and its full passes walk the whole heap, the tree
    included, again and again (5–30% of a search's time in our measurements). No position a search
    drops is caught in a reference cycle (a test checks every game), so reference counting frees them
    at once; whatever else a decision leaves in cycles waits for the collector's next pass after it.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class _Edge:
    """A decision in the tree: who took it, its one-step value, how often it was tried, was available,
    and paid off."""

    __slots__ = ("actor", "available", "children", "first", "known", "reward", "visits")

    def __init__(self, actor: int, first: float, prior: int) -> None:
        self.actor = actor
        self.first = first
        self.visits = prior
        self.available = prior
        self.reward = prior * first
        self.children: dict[tuple[int, Any], _Edge] = {}
        self.known: tuple[int, Any, list[_Edge]] | None = None
        """The last decisions offered here (actor, legal, their edges): most samples offer the same."""


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
        prior: int = PRIOR,
        widening: float = WIDENING,
        scale: float = SCALE,
        name: str = "ismcts",
        cap_seconds: float | None = None,
        evaluation: Evaluation = HEURISTIC,
        open_at: int = OPEN_AT,
        judgements: int | None = None,
    ) -> None:
        if (iterations is None) == (millis is None):
            raise OptionsError(msg("an ismcts bot needs exactly one budget: iterations or milliseconds"))
        if iterations is not None and iterations < 1:
            raise OptionsError(
                msg("an ismcts bot needs at least one iteration, not {iterations}", iterations=iterations)
            )
        if millis is not None and millis <= 0:
            raise OptionsError(msg("an ismcts bot needs a positive time budget, not {millis} ms", millis=millis))
        if prior < 1:
            raise OptionsError(msg("the prior needs at least one virtual visit, not {prior}", prior=prior))
        if widening < 0:
            raise OptionsError(msg("the widening cannot be negative ({widening})", widening=widening))
        if judgements is not None and judgements < 1:
            raise OptionsError(msg("a search judges at least one position, not {judgements}", judgements=judgements))
        if open_at < 1:
            raise OptionsError(msg("a position opens at its first visit or later, not at visit {visit}", visit=open_at))
        if cap_seconds is not None and not cap_seconds > 0:
            raise OptionsError(msg("a search's cap must be a positive number of seconds, not {cap}", cap=cap_seconds))
        self.rng = Rng(seed)
        self.iterations = iterations
        self.millis = millis
        self.exploration = exploration
        self.prior = prior
        self.widening = widening
        self.scale = scale
        self.name = name
        self.evaluation = evaluation
        """How positions are judged: the game's heuristic, or a learned evaluation (`laguna.bots.learned`)."""
        self.open_at = open_at
        """The visit at which a position opens; the earlier ones judge it as a leaf (cheaper iterations)."""
        self.judgements = judgements
        """The most positions a search judges (None: no bound): a bound on its work that, unlike a cap in
        seconds, keeps the decision the same on every machine."""
        self.cap_seconds = cap_seconds
        """Wall-clock seconds after which a search stops, whatever its budget (None: no cap)."""
        self.last_iterations = 0
        """How many iterations the last search ran (for benchmarks)."""
        self.last_judged = 0
        """How many positions the last search judged (for benchmarks)."""

    def choose(self, state: GameState[Any], seat: int) -> Any:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} owes no decision now, so the ismcts bot has nothing to choose")
        if len(legal) == 1:
            self.last_iterations = self.last_judged = 0
            return legal[0]
        with self.evaluation.thinking(), collector_paused():
            return self._search(state, seat, legal)

    def _search(self, state: GameState[Any], seat: int, legal: Any) -> Any:
        """Search within the budget and answer the root's most visited decision. The tree lives in
        this call alone, so it is freed before the collector resumes (which would otherwise walk the
        whole tree once more)."""
        root = _Edge(-1, 0.0, 1)
        limits = [self.millis / 1000] if self.millis is not None else []
        if self.cap_seconds is not None:
            limits.append(self.cap_seconds)
        deadline = time.perf_counter() + min(limits) if limits else math.inf
        most = math.inf if self.judgements is None else self.judgements
        done = judged = 0
        while True:
            judged += self._iterate(state, seat, root)
            done += 1
            if (
                (self.iterations is not None and done >= self.iterations)
                or judged >= most
                or time.perf_counter() >= deadline
            ):
                break
        self.last_iterations, self.last_judged = done, judged
        return self._most_visited(root, seat, legal)

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

    def _expand(
        self, node: _Edge, sample: GameState[Any], actor: int, legal: Any, reference: tuple[float, ...]
    ) -> tuple[list[_Edge], dict[Any, tuple[GameState[Any], tuple[float, ...]]]]:
        """Add the decisions of `legal` new to `node`, each judged one step ahead. Return the edge of
        every decision of `legal` (in its order: each decision's key is hashed once a visit) and the
        new ones with the position each leads to and every seat's reward there."""
        known = node.known
        if known is not None and known[0] == actor and known[1] == legal:
            return known[2], {}
        children = node.children
        edges: list[_Edge | None] = [children.get((actor, action)) for action in legal]
        new: list[tuple[int, Any, GameState[Any]]] = []
        for index, edge in enumerate(edges):
            if edge is None:
                action = legal[index]
                after = sample.copy()
                after.apply_unchecked(actor, action)
                new.append((index, action, after))
        fresh: dict[Any, tuple[GameState[Any], tuple[float, ...]]] = {}
        if new:
            estimates = self.evaluation.estimate_many([after for _, _, after in new])
            for (index, action, after), values in zip(new, estimates, strict=True):
                judged = rewards(after, reference, self.scale, values)
                edges[index] = children[(actor, action)] = _Edge(actor, judged[actor], self.prior)
                fresh[action] = (after, judged)
        node.known = (actor, legal, cast(list[_Edge], edges))
        return cast(list[_Edge], edges), fresh

    def _select(self, node: _Edge, legal: Any, edges: list[_Edge], fresh: dict[Any, Any]) -> tuple[Any, _Edge]:
        """The decision UCB1 prefers among the widened available ones; each one offered that was
        already in the tree counts one more availability."""
        order: Any = range(len(legal))
        if self.widening:
            width = max(2, int(self.widening * math.sqrt(node.visits + 1)))
            if width < len(legal):
                # The `width` best one-step values, ties in the order of `legal` (as heapq.nlargest).
                order = sorted(order, key=[edge.first for edge in edges].__getitem__, reverse=True)[:width]
        best_index = -1
        best_value = -math.inf
        exploration = self.exploration
        sqrt, log = math.sqrt, math.log
        for index in order:
            edge = edges[index]
            if not fresh or legal[index] not in fresh:
                edge.available += 1
            visits = edge.visits  # UCB1 with availability counts in place of the parent's visits
            value = edge.reward / visits + exploration * sqrt(log(edge.available) / visits)
            if value > best_value:
                best_index, best_value = index, value
        return legal[best_index], edges[best_index]

    def _iterate(self, state: GameState[Any], seat: int, root: _Edge) -> int:
        """One iteration: sample, walk down by UCB1, stop at the first position with new decisions
        (after taking one of them) or at a position to judge as a leaf, and credit the path. Returns
        how many positions it judged."""
        sample = state.determinize(seat, self.rng)
        reference = leads(self.evaluation.estimate(sample))
        judged = 1
        node = root
        path: list[_Edge] = []
        values: tuple[float, ...] | None = None
        while not sample.is_terminal():
            if node is not root and not node.children and node.visits - self.prior < self.open_at - 1:
                break
            actor = seat if node is root else sample.to_act()[0]
            legal = sample.legal_actions(actor)
            if len(legal) == 1 and node is not root:
                sample.apply_unchecked(actor, legal[0])
                continue
            edges, fresh = self._expand(node, sample, actor, legal, reference)
            judged += len(fresh)
            action, node = self._select(node, legal, edges, fresh)
            path.append(node)
            if action in fresh:
                sample, values = fresh[action]
            else:
                sample.apply_unchecked(actor, action)
            if fresh:
                break
        if values is None:
            leaf = None
            if not sample.is_terminal():
                leaf = self.evaluation.estimate(sample)
                judged += 1
            values = rewards(sample, reference, self.scale, leaf)
        root.visits += 1
        for edge in path:
            edge.visits += 1
            edge.reward += values[edge.actor]
        return judged
