"""The conformance suite: every registered game, every player count, its boolean option variants
(`GameOptions.boolean_variants`), random games from many seeds. Nothing here knows a particular game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from laguna.core import GameRecord, GameState, Match, Rng, games, replay
from laguna.core.errors import IllegalAction

MAX_DECISIONS = 20_000
CASES = [
    pytest.param(game, players, options, id=f"{game.id}-{players}p-{index}")
    for game in games()
    for players in game.player_counts
    for index, options in enumerate(
        [*game.options_type.boolean_variants(), *(game.options(example) for example in game.option_examples)]
    )
]
DEFAULT_CASES = [
    pytest.param(game, players, id=f"{game.id}-{players}p") for game in games() for players in game.player_counts
]


def play_random(match: Match, rng: Rng, each_step: Any = None) -> int:
    """Play a match to its end with uniformly random decisions; return the number of decisions."""
    decisions = 0
    while not match.state.is_terminal():
        assert decisions < MAX_DECISIONS, "the game did not end"
        for seat in match.state.to_act():
            legal = match.state.legal_actions(seat)
            assert legal, f"seat {seat} owes a decision but has no legal action"
            if each_step is not None:
                each_step(match, seat, legal, decisions)
            match.act(seat, rng.choice(legal))
            decisions += 1
    return decisions


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_conformance(game: Any, players: int, options: Any) -> None:
    for seed in range(2):
        seats = [f"random-{s}" for s in range(players)]
        match = Match(game, seats, options, seed=seed)
        assert match.state == game.new_game(players, options, seed), "same seed, same setup"
        rng = Rng(seed)
        hidden_changed = False

        def each_step(match: Match, seat: int, legal: Any, step: int, rng: Rng = rng) -> None:
            nonlocal hidden_changed
            state: GameState[Any] = match.state
            for action in legal:
                text = str(action)
                assert game.parse_action(text) == action, f"notation {text!r} does not parse back"
            if step % 7 == 0:
                check_copy_independence(state, seat, legal, rng)
            if step % 11 == 0:
                hidden_changed |= check_views_hide(state, players, rng)

        decisions = play_random(match, rng, each_step)
        assert decisions > 0
        state = match.state
        assert state.to_act() == ()
        assert all(state.legal_actions(s) == () or len(state.legal_actions(s)) == 0 for s in range(players))
        with pytest.raises(IllegalAction):
            state.apply(0, game.parse_action(match.record.actions[-1].action))
        outcome = state.outcome()
        assert [r.seat for r in outcome.results] == list(range(players))
        assert min(r.rank for r in outcome.results) == 1
        json.dumps(outcome.to_json())
        check_record_replays(match)
        assert hidden_changed, "determinize never re-sampled anything: the check above proved nothing"


def check_copy_independence(state: GameState[Any], seat: int, legal: Any, rng: Rng) -> None:
    before = state.copy()
    assert before == state
    twin = state.copy()
    twin.apply(seat, rng.choice(legal))
    assert state == before, "applying an action to a copy changed the original"
    assert twin != before


def check_views_hide(state: GameState[Any], players: int, rng: Rng) -> bool:
    """A view must be the same whatever the hidden parts are: determinize them and compare."""
    changed = False
    for viewer in [None, *range(players)]:
        view = state.view(viewer)
        json.dumps(view)
        for _ in range(2):
            other = state.determinize(viewer, rng.spawn())
            assert other.view(viewer) == view, f"the view of {viewer} shows hidden information"
            if viewer is not None:
                assert list(other.legal_actions(viewer)) == list(state.legal_actions(viewer))
            changed |= other != state
            # Determinizing is a function of the view and the generator alone: two positions that
            # look the same to the viewer give the same sample. Bots rely on it to see no more than
            # their seat.
            seed = rng.next_u64()
            assert state.determinize(viewer, Rng(seed)) == other.determinize(viewer, Rng(seed)), (
                f"determinizing for {viewer} depends on what {viewer} cannot see"
            )
    return changed


def check_record_replays(match: Match) -> None:
    record = GameRecord.loads(match.record.dumps())
    assert record.to_json() == match.record.to_json()
    assert replay(record) == match.state, "the record does not replay to the same state"
    again = Match.from_record(record)
    assert again.state == match.state


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_many_seeds_terminate(game: Any, players: int) -> None:
    for seed in range(100, 130):
        match = Match(game, ["random"] * players, seed=seed)
        play_random(match, Rng(seed))
        assert match.state.to_act() == ()
        assert match.record.result is not None


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_same_seed_and_actions_same_game(game: Any, players: int) -> None:
    first = Match(game, ["random"] * players, seed=42)
    play_random(first, Rng(3))
    second = Match(game, ["random"] * players, seed=42)
    for entry in first.record.actions:
        second.act(entry.seat, entry.action)
    assert second.state == first.state
    assert second.record.to_json() == first.record.to_json()
    assert game.new_game(players, seed=1) != game.new_game(players, seed=2)


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_undo_restores_the_state_before(game: Any, players: int) -> None:
    match = Match(game, ["random"] * players, seed=5)
    rng = Rng(5)
    undone = 0
    while not match.state.is_terminal() and undone < 20:
        seat = match.state.to_act()[0]
        before = match.state.copy()
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
        if match.can_undo(seat):
            match.undo(seat)
            assert match.state == before
            undone += 1
            match.act(seat, rng.choice(match.state.legal_actions(seat)))
    assert undone > 0
