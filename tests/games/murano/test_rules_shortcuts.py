"""The rules' shortcuts for the search: whether a build is left is found without listing every build,
the least gold each action needs is found once a turn, and a turn's end puts its fields back at once;
in the final scoring the islands' facts are remembered (no tile or gondola can change then), and
whether a player has a card to score is found without scoring each card. Each must give what the long
way gives, and positions whose boards differ never share what they remember."""

from __future__ import annotations

import pytest

from laguna.core.rng import Rng
from laguna.games.murano import GAME, MuranoState
from laguna.games.murano.components import Action as ActionKind
from laguna.games.murano.position import Phase
from laguna.games.murano.rules import end, sailing
from laguna.games.murano.rules.building import _build_options, _can_build
from laguna.games.murano.rules.scoring import has_score_options, score_options
from tests.games.common import random_bot_positions


def to_the_end(state: MuranoState, seed: int) -> list[MuranoState]:
    """Play random decisions to the end; the copies of the positions before and in the scoring."""
    return random_bot_positions(state, seed)[:-1]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_the_scoring_remembers_the_facts_it_would_work_out_afresh(players: int, seed: int) -> None:
    positions = to_the_end(GAME.new_game(players, seed=seed), seed)
    scoring = [p for p in positions if p.phase is Phase.SCORING]
    assert scoring, "a random game reaches the final scoring"
    assert all(p.scoring_facts is None for p in positions if p.phase is not Phase.SCORING)
    islands = [island.id for island in scoring[0].side.islands]
    for position in scoring:
        for island in islands:
            assert position.facts(island) == position._facts(island)
        fresh = position.copy()
        fresh.scoring_facts = {}
        seat = position.to_act()[0]
        assert position.legal_actions(seat) == fresh.legal_actions(seat)


def test_positions_that_reach_the_scoring_apart_remember_apart() -> None:
    positions = to_the_end(GAME.new_game(2, seed=8), 8)
    last_before = next(p for p in reversed(positions) if p.phase is not Phase.SCORING)
    rng = Rng(1)
    reached = []
    for _ in range(12):
        branch = last_before.copy()
        while branch.phase is not Phase.SCORING and not branch.is_terminal():
            seat = branch.to_act()[0]
            branch.apply(seat, rng.choice(branch.legal_actions(seat)))
        if branch.phase is Phase.SCORING:
            reached.append(branch)
    assert len(reached) >= 2
    assert len({id(branch.scoring_facts) for branch in reached}) == len(reached)
    for branch in reached:
        for island in branch.side.islands:
            assert branch.facts(island.id) == branch._facts(island.id)


@pytest.mark.parametrize("skip_unscoreable", [True, False])
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_a_card_to_score_is_found_as_listing_the_scores_finds_it(
    players: int, seed: int, skip_unscoreable: bool
) -> None:
    state = GAME.new_game(players, {"skip_unscoreable": skip_unscoreable}, seed=seed)
    scoring = [p for p in to_the_end(state, seed) if p.phase is Phase.SCORING]
    assert scoring
    answers = set()
    for position in scoring:
        for seat in range(players):
            answer = has_score_options(position, seat)
            assert answer == bool(score_options(position, seat)), (seat, position.boards[seat].characters)
            answers.add(answer)
    assert answers == {True, False}, "both answers are met in the scoring"


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_a_build_left_is_found_as_listing_the_builds_finds_it(players: int, seed: int) -> None:
    answers = set()
    for position in to_the_end(GAME.new_game(players, seed=seed), seed):
        # Also without street tiles left: then only the tiles a player bought can be built.
        no_streets = position.copy()
        no_streets.street_stack = []
        for variant in (position, no_streets):
            for seat in range(players):
                answer = _can_build(variant, seat)
                assert answer == bool(_build_options(variant, seat)), (seat, variant.phase)
                answers.add(answer)
    assert answers == {True, False}, "both answers are met"


@pytest.mark.parametrize(("players", "seed"), [(2, 51), (3, 52), (4, 53)])
def test_the_least_gold_an_action_needs_is_where_it_becomes_feasible(players: int, seed: int) -> None:
    kinds = list(ActionKind)
    met: set[tuple[ActionKind, int]] = set()
    for position in to_the_end(GAME.new_game(players, seed=seed), seed):
        for seat in range(players):
            for kind in kinds:
                least = sailing.least_money(position, seat, kind)
                for money in range(12):
                    assert sailing.feasible(position, seat, kind, money) == (money >= least), (kind, money)
                met.add((kind, least))
    assert {kind for kind, least in met if least < sailing.NEVER} == set(kinds), "each can be carried out"
    assert any(least == sailing.NEVER for _, least in met), "some cannot"
    assert {least for kind, least in met if kind is ActionKind.PLACE_GONDOLIER} > {sailing.NEVER}, "gondolas cost"


@pytest.mark.parametrize(("players", "seed"), [(2, 54), (3, 55), (4, 56)])
def test_a_turns_end_puts_back_what_the_turn_changed(players: int, seed: int) -> None:
    ended = 0
    for position in to_the_end(GAME.new_game(players, seed=seed), seed):
        seat = position.to_act()[0]
        for action in position.legal_actions(seat):
            child = position.copy()
            child.apply_unchecked(seat, action)
            if child.turns == position.turns + 1 and child.phase is not Phase.OVER:
                ended += 1
                assert (child.red_moved, child.lighthouse, child.passing, child.looking) == (False,) * 4
                assert (child.fresh, child.buying, child.final_tile, child.built) == ([], "", "", 0)
                assert list(child.__dict__) == list(position.__dict__)
    assert ended > 100
    assert end._TURN_OVER["fresh"] == [], "the list shared by every turn's end is never changed"
