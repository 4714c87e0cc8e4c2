"""What a bot is, and how a name on the command line (``random``, ``ismcts:500``, ``hard``) becomes one."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from laguna.bots.greedy import GreedyBot
from laguna.bots.ismcts import IsmctsBot
from laguna.bots.learned import HEURISTIC, Evaluation, LearnedEvaluation
from laguna.bots.random_bot import RandomBot
from laguna.core import GameState, OptionsError, Rng, get_game
from laguna.core.messages import N_, msg, quoted


class Bot(Protocol):
    """A player program. ``choose`` returns one of ``state.legal_actions(seat)``.

    A bot may only use what its seat may know: the seat's legal actions and view, or samples of the
    hidden information drawn from that view (``state.determinize(seat, rng)``), never the hidden parts
    of the state it is handed.
    """

    name: str

    def choose(self, state: GameState[Any], seat: int) -> Any: ...


@dataclass(frozen=True, slots=True)
class Level:
    """A named strength offered to players, and the bot configuration behind it.

    `build(seed, game_id)` makes the bot; a search level may take a smaller budget in a game whose
    decisions cost more to judge, so that it answers as quickly there (`game_id` None: the usual
    budget).
    """

    name: str
    description: str
    build: Callable[[int, str | None], Bot]


HARD_ITERATIONS = 200
"""The hard level's search budget per decision."""

EXPERT_ITERATIONS = 800
"""The expert level's search budget per decision."""

EXPERT_SECONDS = 3.0
"""The longest the expert level may keep a player waiting over one decision. Its budget, in work
rather than time so that it decides alike on every machine, is sized to fit on a typical day; on a
slower machine it can take longer (docs/strength.md), so the browser table stops every bot here."""

BUDGET_SHARE = {"burano": 1.4, "murano": 1.5, "walking-in-burano-roll-and-write": 0.75}
"""The share of a search level's usual budget each game gets (1 where not listed), so that the hard
level thinks as long as it can within 2 s a decision. The Roll & Write estimate plans each sheet's
remaining invitations, so it gets less; Murano's wide turns want more, and Burano's search, once its
estimate kept its work between positions, afforded twice its earlier 0.7, which won 78.5% of 200 games
against greedy where 0.7 had won 69.5% of 200 (docs/strength.md)."""

HARD_JUDGED = {"burano": 5_000}
"""The most positions a hard search judges in a decision: late in Burano a decision opens positions
with dozens of privilege, build and swap decisions, each judged when the search first meets it."""

EXPERT_SHARE = {**BUDGET_SHARE, "murano": 1.2}
"""The expert level's shares: four fifths of the usual one in Murano, whose slowest expert decision
took 3.6 s at the full share (docs/strength.md), past the 3 s an expert may think."""


EXPERT_JUDGED = {"burano": 11_000, "murano": 13_000, "walking-in-burano-roll-and-write": 13_000}
"""The most positions an expert search judges in a decision (no bound in Walking in Burano): a wide
position costs one judgement per decision when it opens, and the expert's widest decisions judged up
to 29,000 positions in Burano, 26,000 in Murano and 18,000 in the Roll & Write, several seconds past
the 3 s an expert may think; half of them judge fewer than 3,100, 13,800 and 8,500 (docs/strength.md).
A bound in positions keeps the decision the same on every machine, as a bound in seconds would not."""


def _search_level(
    name: str,
    iterations: int,
    evaluation: str = "heuristic",
    shares: dict[str, float] | None = None,
    bounds: dict[str, int] | None = None,
) -> Level:
    by_share = BUDGET_SHARE if shares is None else shares
    by_bound = bounds or {}

    def build(seed: int, game_id: str | None) -> Bot:
        share = by_share.get(game_id or "", 1.0)
        return IsmctsBot(
            seed,
            iterations=round(iterations * share),
            name=name,
            evaluation=_evaluation(evaluation, game_id),
            judgements=by_bound.get(game_id or ""),
        )

    by_game = ", ".join(f"{get_game(g).name} {round(iterations * share):,}" for g, share in by_share.items())
    judged = "the learned evaluation where one is trained" if evaluation == "learned" else "the heuristic"
    bounded = "".join(f"; in {get_game(g).name} at most {bound:,} positions judged" for g, bound in by_bound.items())
    return Level(
        name, f"ismcts with {iterations:,} iterations per decision ({by_game}), judging by {judged}{bounded}", build
    )


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            N_("easy"),
            "greedy with a temperature of 4 VP: usually the best-looking decision, often a worse one",
            lambda seed, game_id: GreedyBot(seed, temperature=4.0, name="easy"),
        ),
        Level(
            N_("medium"),
            "greedy: always the decision that looks best one step ahead",
            lambda seed, game_id: GreedyBot(seed, name="medium"),
        ),
        _search_level(N_("hard"), HARD_ITERATIONS, bounds=HARD_JUDGED),
        _search_level(N_("expert"), EXPERT_ITERATIONS, "learned", EXPERT_SHARE, EXPERT_JUDGED),
    )
}
"""The levels players choose from, weakest first (their names marked for the catalogues, as the
table shows them)."""

BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}
"""The bots that `make_bot` knows by name besides the levels; ``ismcts`` also takes a budget, as in
``ismcts:500`` (iterations) or ``ismcts:250ms`` (milliseconds)."""

BOT_NAMES: tuple[str, ...] = (*BOTS, *LEVELS)
"""Every name `make_bot` accepts without a budget."""


_ISMCTS_SETTINGS = {"c": "exploration", "scale": "scale"}
"""Positive real settings of ``ismcts:BUDGET:KEY=VALUE``; ``prior`` (virtual visits), ``open`` (the
visit at which a position opens), ``judged`` (the most positions judged), ``w`` (widening, 0 for
none) and ``eval`` (the evaluation) are read on their own."""

EVALUATIONS = ("heuristic", "learned")
"""How a bot may judge positions (``eval=``): the game's heuristic, or the heuristic corrected by the
game's learned value model where one was trained for the set-up (`laguna.bots.learned`)."""


def _evaluation(name: str, game_id: str | None) -> Evaluation:
    """The evaluation ``eval=name`` asks for; a learned one needs to know the game."""
    if name == "learned" and game_id is not None:
        return LearnedEvaluation(game_id)
    return HEURISTIC


MAX_BUDGET = 10**12 - 1
"""The largest search budget, in iterations or milliseconds (a cap on thinking time bounds it anyway)."""

MAX_PRIOR = 10**6
"""The most virtual visits a search bot's prior may count."""

_WHOLE = re.compile(r"[0-9]{1,12}")
_REAL = re.compile(r"[0-9]{1,6}(\.[0-9]{0,6})?|\.[0-9]{1,6}")
"""Numbers as a bot's name writes them: ASCII digits only (``"²".isdigit()`` is true, yet no number),
a dozen at most."""


def _ismcts(budget: str, seed: int, spec: str, game_id: str | None) -> Bot:
    text, *settings = budget.strip().lower().split(":")
    extra: dict[str, Any] = {}
    for setting in settings:
        key, _, value = setting.partition("=")
        if key == "prior" and _WHOLE.fullmatch(value) and 1 <= int(value) <= MAX_PRIOR:
            extra["prior"] = int(value)
        elif key == "open" and _WHOLE.fullmatch(value) and 1 <= int(value) <= MAX_PRIOR:
            extra["open_at"] = int(value)
        elif key == "judged" and _WHOLE.fullmatch(value) and 1 <= int(value) <= MAX_BUDGET:
            extra["judgements"] = int(value)
        elif key in _ISMCTS_SETTINGS and _REAL.fullmatch(value) and float(value) > 0:
            extra[_ISMCTS_SETTINGS[key]] = float(value)
        elif key == "w" and _REAL.fullmatch(value):
            extra["widening"] = float(value)
        elif key == "eval" and value in EVALUATIONS:
            extra["evaluation"] = _evaluation(value, game_id)
        else:
            raise OptionsError(
                msg(
                    "bad ismcts setting {setting} in {spec} (prior=N, open=N or judged=N with N ≥ 1, c=X, "
                    "scale=X, w=X with X ≥ 0, or eval=heuristic|learned)",
                    setting=quoted(setting),
                    spec=quoted(spec),
                )
            )
    millis = text.endswith("ms")
    number = text.removesuffix("ms").strip()
    if not _WHOLE.fullmatch(number) or not 1 <= int(number) <= MAX_BUDGET:
        raise OptionsError(
            msg(
                "bad ismcts budget in {spec}: give a positive number of iterations (ismcts:500) "
                "or of milliseconds (ismcts:250ms)",
                spec=quoted(spec),
            )
        )
    # The name keeps the settings, so that a tournament which rebuilds its bots by name rebuilds these.
    name = ":".join(["ismcts", f"{int(number)}ms" if millis else str(int(number)), *settings])
    if millis:
        return IsmctsBot(seed, iterations=None, millis=float(number), name=name, **extra)
    return IsmctsBot(seed, iterations=int(number), name=name, **extra)


def _greedy(settings: str, seed: int, spec: str, game_id: str | None) -> Bot:
    """``greedy:eval=learned``: the greedy bot judging by the given evaluation."""
    key, _, value = settings.strip().partition("=")
    if key != "eval" or value not in EVALUATIONS:
        raise OptionsError(
            msg(
                "bad greedy setting {setting} in {spec} (eval=heuristic|learned)",
                setting=quoted(settings),
                spec=quoted(spec),
            )
        )
    return GreedyBot(seed, name=f"greedy:eval={value}", evaluation=_evaluation(value, game_id))


def make_bot(spec: str, seed: int, game_id: str | None = None, *, cap_seconds: float | None = None) -> Bot:
    """Build the bot named by `spec` to play `game_id`; an unknown name or bad budget raises
    `OptionsError` naming it. Only the levels look at the game. `cap_seconds` bounds a search bot's
    thinking time whatever its budget (the other bots' work is bounded by the position alone).

    >>> make_bot("ismcts:500", 1).name, make_bot("hard", 1).name, make_bot("Random", 1).name
    ('ismcts:500', 'hard', 'random')
    >>> make_bot("ismcts:999999999999", 1, cap_seconds=2.0).cap_seconds
    2.0
    """
    bot = _built(spec, seed, game_id)
    if cap_seconds is not None and isinstance(bot, IsmctsBot):
        bot.cap_seconds = cap_seconds
    return bot


def _built(spec: str, seed: int, game_id: str | None) -> Bot:
    name, colon, budget = spec.strip().lower().partition(":")
    if colon:
        if name == "greedy":
            return _greedy(budget, seed, spec, game_id)
        if name != "ismcts":
            raise OptionsError(
                msg("only ismcts takes a budget ({spec}); e.g. ismcts:500 or ismcts:250ms", spec=quoted(spec))
            )
        return _ismcts(budget, seed, spec, game_id)
    level = LEVELS.get(name)
    if level is not None:
        return level.build(seed, game_id)
    factory = BOTS.get(name)
    if factory is None:
        known = ", ".join(sorted(BOT_NAMES))
        raise OptionsError(
            msg(
                "unknown bot {spec} (bots: {known}; ismcts also as ismcts:ITERATIONS or ismcts:MSms)",
                spec=quoted(spec),
                known=known,
            )
        )
    return factory(seed)


_BOT_SALT = 0xB07_5EED_0F_5EA7


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of a seat's bot in a game: a function of the game's seed and the seat only.

    The salt keeps the bot's draws unrelated to the game's own generator, which starts from the same
    game seed.
    """
    return Rng((game_seed ^ _BOT_SALT) + 0x9E3779B97F4A7C15 * (seat + 1)).next_u64()
