"""The heuristic remembers what positions share (the islands, the time left, each seat's holdings
valued): its estimate must be the one computed from scratch, in every position of seeded random and
greedy games, after every decision tried one step ahead, in copies and in sampled positions, and a
copy's later decisions must never change the estimate of the position it was copied from."""

from __future__ import annotations

from typing import Any

import pytest

from laguna.bots import GreedyBot, make_bot
from laguna.core.rng import Rng
from laguna.games.murano import GAME, MuranoState, heuristics, holdings

CHILDREN_EVERY = 5
"""Every so many decisions, each legal decision is also tried on a copy and its estimate checked."""


def from_scratch(state: MuranoState) -> tuple[float, ...]:
    """The estimate with nothing remembered: a copy without the position's memo, and the heuristic's
    tables emptied for the time of the call (then put back, so the other estimates run warm)."""
    kept = dict(holdings._STATIC)
    holdings._STATIC.clear()
    try:
        twin = state.copy()
        twin.heuristic_memo = None
        twin._known_facts = {}
        if twin.scoring_facts is not None:
            twin.scoring_facts = {}
        return heuristics.estimate(twin)
    finally:
        holdings._STATIC.clear()
        holdings._STATIC.update(kept)


def check_position(state: MuranoState, rng: Rng, children: bool) -> None:
    """The estimate of `state`, of a sample of it, and (with `children`) of each decision tried on a
    copy, against the estimates from scratch; trying them leaves the estimate of `state` unchanged."""
    before = state.estimate()
    assert before == from_scratch(state)
    seat = state.to_act()[0]
    sample = state.determinize(seat, rng)
    assert sample.estimate() == from_scratch(sample)
    if children:
        for action in state.legal_actions(seat):
            child = state.copy()
            child.apply_unchecked(seat, action)
            assert child.estimate() == from_scratch(child), action
            if not child.is_terminal():
                # A further decision on the copy: the original must not see it.
                further = child.to_act()[0]
                child.apply_unchecked(further, rng.choice(child.legal_actions(further)))
                assert child.estimate() == from_scratch(child), action
    assert state.estimate() == before


def play(state: MuranoState, choose: Any, seed: int) -> None:
    """Play to the end with `choose`, checking every position (and every few, each decision tried)."""
    rng = Rng(seed + 500)
    step = 0
    while not state.is_terminal():
        check_position(state, rng, children=step % CHILDREN_EVERY == 0)
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat))
        step += 1
    assert state.estimate() == from_scratch(state)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (3, 2, {"no_studios_in_scoring": True}),
        (4, 3, {"balance_zero": False, "preliminary_character": True}),
        (2, 4, {"automatic_income": False, "skip_unscoreable": False}),
    ],
)
def test_random_games_estimate_as_from_scratch(players: int, seed: int, options: dict[str, Any]) -> None:
    rng = Rng(seed)
    play(GAME.new_game(players, options, seed), lambda state, seat: rng.choice(state.legal_actions(seat)), seed)


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6), (4, 7)])
def test_greedy_games_estimate_as_from_scratch(players: int, seed: int) -> None:
    bots = [GreedyBot(seed * 10 + seat) for seat in range(players)]
    play(GAME.new_game(players, seed=seed), lambda state, seat: bots[seat].choose(state, seat), seed)


def test_a_copy_played_on_leaves_the_original_estimate() -> None:
    """A copy played to the end, decision by decision, never changes what the original estimates."""
    state = GAME.new_game(3, seed=8)
    rng = Rng(8)
    for _ in range(60):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = state.estimate()
    twin = state.copy()
    while not twin.is_terminal():
        seat = twin.to_act()[0]
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
        twin.estimate()
        assert state.estimate() == before
    assert before == from_scratch(state)


def test_holdings_changed_by_hand_are_valued_again() -> None:
    """The memo is checked against the position, not trusted: holdings changed outside the rules (as
    a test arranges a position) are valued afresh in a copy that carries the memo."""
    state = GAME.new_game(2, seed=9)
    first = state.estimate()
    twin = state.copy()
    twin.boards[0].gold += 7
    twin.boards[1].characters = [*twin.boards[1].characters, twin.character_deck[-1]]
    twin.character_deck = twin.character_deck[:-1]
    assert twin.estimate() == from_scratch(twin)
    assert twin.estimate() != first
    assert state.estimate() == first


def _entries(static: holdings._Static) -> int:
    """The entries the shared parts of `static` hold in all, and the positions that followed them."""
    return sum(
        len(part.holdings) + len(part.characters) + len(part.worths) + len(part.gondola_values) + len(part.following)
        for part in static.holding
    )


def test_the_entries_kept_stay_within_their_bound_and_estimate_as_from_scratch(monkeypatch: pytest.MonkeyPatch) -> None:
    """However many positions are judged (every decision of a greedy game tried one step ahead), the
    shared parts keep at most `KEPT_MOST` entries, every part that holds any is listed (so forgetting
    reaches it), and forgetting changes no estimate."""
    monkeypatch.setattr(holdings, "KEPT_MOST", 200)
    state = GAME.new_game(2, seed=10)
    bots = [GreedyBot(100), GreedyBot(101)]
    static = holdings._static(state)
    forgettings = 0
    forget = static.forget

    def counted() -> None:
        nonlocal forgettings
        forgettings += 1
        forget()

    monkeypatch.setattr(static, "forget", counted)
    rng = Rng(10)
    steps = 0
    while not state.is_terminal() and steps < 120:
        check_position(state, rng, children=steps % 3 == 0)
        assert _entries(static) <= holdings.KEPT_MOST + 1
        assert static.kept == _entries(static)
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
        steps += 1
    assert forgettings >= 5, "the bound was met too rarely to test it"


def test_a_position_holds_little_of_what_a_search_judged() -> None:
    """After a search, what its judged positions kept is reachable from the table of shared parts (which
    forgets it past its bound), not from the position the search started from: a process that keeps
    many positions (a table's bot worker) does not keep every search with them."""
    state = GAME.new_game(2, seed=11)
    static = holdings._static(state)
    bot = make_bot("ismcts:150", 1, "murano")
    for _ in range(6):
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
    assert static.holding, "the search kept nothing"
    static.forget()
    assert _entries(static) == 0
    part = holdings.shared(state)
    assert len(part.holdings) + len(part.characters) + len(part.worths) + len(part.following) == 0
