"""Solo evaluation: the rulebook's rating table in order, tier counts that agree with the games, refusals."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from laguna.core import LagunaError, OptionsError, get_game, load_records
from laguna.games.burano_roll_and_write import scoring as roll_and_write_scoring
from laguna.games.walking_in_burano import scoring as walking_scoring
from laguna.sim import game_seed, solo, solo_tiers
from laguna.sim.backends import LocalBackend
from laguna.sim.solo import histogram, summarize_solo
from laguna.sim.stats import GameStats

GAME = "walking-in-burano"


@pytest.mark.parametrize(
    ("game", "scoring", "floors"),
    [
        (GAME, walking_scoring, [None, 61, 71, 81, 86]),
        ("walking-in-burano-roll-and-write", roll_and_write_scoring, [None, 70, 80, 90, 100]),
    ],
)
def test_the_tier_table_is_the_rulebooks_lowest_first(game: str, scoring: object, floors: list[int | None]) -> None:
    tiers = solo_tiers(get_game(game))
    assert [t.floor for t in tiers] == floors
    assert [t.title for t in tiers] == ["So-so", "Not bad", "Good job!", "Awesome!", "Masterpiece!"]
    rate = scoring.solo_rating  # type: ignore[attr-defined]
    for tier in tiers[1:]:
        assert tier.floor is not None
        assert rate(tier.floor) == tier.title
        assert rate(tier.floor - 1) != tier.title


def test_games_without_a_solo_mode_have_no_table_and_are_refused() -> None:
    assert solo_tiers(get_game("burano")) == ()
    for game in ("burano", "murano"):
        with pytest.raises(OptionsError, match="no solo mode"):
            solo(game, "random", 1)


def test_bad_bots_and_counts_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OptionsError, match="clever"):
        solo(GAME, "clever", 1, out_dir=tmp_path / "x")
    with pytest.raises(OptionsError, match="at least 1"):
        solo(GAME, "random", 0, out_dir=tmp_path / "x")
    assert not (tmp_path / "x").exists()


def test_solo_summary_agrees_with_its_records(tmp_path: Path) -> None:
    summary = solo(GAME, "Random", 12, seed=4, out_dir=tmp_path)
    records = list(load_records(tmp_path / "games.jsonl"))
    assert [r.seed for r in records] == [game_seed(4, i) for i in range(12)]
    assert all(r.seats == ["random"] for r in records)
    scores = [r.result["scores"][0] for r in records]  # type: ignore[index]
    assert list(summary.scores) == scores
    assert summary.score.mean == pytest.approx(statistics.fmean(scores))
    assert summary.median == statistics.median(scores)
    assert (summary.minimum, summary.maximum) == (min(scores), max(scores))
    assert summary.quartiles[0] <= summary.median <= summary.quartiles[1]
    assert sum(b.count for b in summary.histogram) == 12
    reached = [t.reached for t in summary.tiers]
    assert reached[0] == 12
    assert reached == sorted(reached, reverse=True)
    assert sum(t.exactly for t in summary.tiers) == 12
    for t in summary.tiers:
        assert t.reached == sum(1 for s in scores if t.tier.floor is None or s >= t.tier.floor)
    data = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert data["bot"] == "random"
    assert data["games"] == 12
    assert data["score"]["median"] == summary.median
    assert data["tiers"][0]["title"] == "So-so"
    assert data["tiers"][0]["reached_share"] == 1.0


def test_every_game_reaches_its_own_tier_and_all_below_it() -> None:
    scores = [50, 61, 75, 85, 90, 90, -4]
    results = [GameStats((s,), (1,), 10, rating=walking_scoring.solo_rating(s)) for s in scores]
    summary = summarize_solo(get_game(GAME), "greedy", results)
    assert [t.reached for t in summary.tiers] == [7, 5, 4, 3, 2]
    assert [t.exactly for t in summary.tiers] == [2, 1, 1, 1, 2]
    assert summary.to_json()["tiers"][4] == {
        "title": "Masterpiece!",
        "floor": 86,
        "reached": 2,
        "reached_share": 2 / 7,
        "exactly": 2,
    }
    wrong = [GameStats((50,), (1,), 10, rating="Legendary")]
    with pytest.raises(LagunaError, match="Legendary"):
        summarize_solo(get_game(GAME), "greedy", wrong)


def test_solo_does_not_depend_on_the_number_of_processes(tmp_path: Path) -> None:
    solo("walking-in-burano-roll-and-write", "random", 4, seed=2, out_dir=tmp_path / "one")
    solo("walking-in-burano-roll-and-write", "random", 4, seed=2, out_dir=tmp_path / "two", backend=LocalBackend(2))
    for name in ("games.jsonl", "summary.json"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_histogram_bins_cover_the_scores_with_equal_widths() -> None:
    bins = histogram([-3, 0, 0, 7, 40], bins=5)
    assert bins[0].low <= -3
    assert bins[-1].high >= 40
    widths = {b.high - b.low for b in bins}
    assert len(widths) == 1
    assert [b.low for b in bins[1:]] == [b.high + 1 for b in bins[:-1]]
    assert sum(b.count for b in bins) == 5
    assert [(b.low, b.high, b.count) for b in histogram([5, 5])] == [(5, 5, 2)]
