"""Tournaments seat bots fairly, share deals across rotations, and write outputs that depend on the seed only."""

from __future__ import annotations

import json
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest

from laguna.core import LagunaError, OptionsError, UnknownGame, load_records, verify
from laguna.sim import game_seed, schedule, tournament
from laguna.sim.seating import base_lineups, cycle_length

GAME = "walking-in-burano"
PNG = b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------------------ seating


@pytest.mark.parametrize(("bots", "players"), [(b, n) for b in range(2, 6) for n in range(2, 5)])
def test_over_a_cycle_every_bot_sits_in_every_seat_equally_often(bots: int, players: int) -> None:
    names = [f"b{k}" for k in range(bots)]
    cycle = cycle_length(names, players)
    assert cycle % players == 0
    seatings = schedule(names, players, 2 * cycle, seed=1)
    per_seat = [Counter(s.lineup[seat] for s in seatings) for seat in range(players)]
    for counts in per_seat:
        assert set(counts) == set(names)
        assert len(set(counts.values())) == 1, counts
    assert per_seat[0] == per_seat[-1]


def test_equal_bots_and_seats_rotate_the_list_by_the_game_index() -> None:
    seatings = schedule(["a", "b", "c"], 3, 6, seed=0)
    assert [s.lineup for s in seatings] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
    ] * 2
    assert cycle_length(["a", "b", "c"], 3) == 3


def test_more_bots_than_seats_plays_every_ordered_choice_once_per_cycle() -> None:
    names = ["a", "b", "c", "d"]
    for players in (2, 3):
        cycle = cycle_length(names, players)
        lineups = [s.lineup for s in schedule(names, players, cycle, seed=0)]
        assert sorted(lineups) == sorted(permutations(names, players))


def test_fewer_bots_than_seats_fills_the_seats_by_cycling_the_list() -> None:
    assert base_lineups(["a", "b"], 4) == [("a", "b", "a", "b")]
    assert base_lineups(["a", "b", "c"], 4) == [("a", "b", "c", "a"), ("b", "c", "a", "b"), ("c", "a", "b", "c")]
    seats_held = Counter(bot for s in schedule(["a", "b"], 3, cycle_length(["a", "b"], 3), 0) for bot in s.lineup)
    assert seats_held["a"] == seats_held["b"]


def test_the_rotations_of_a_lineup_share_one_deal() -> None:
    seatings = schedule(["a", "b", "c"], 3, 9, seed=4)
    for s in seatings:
        assert s.index // 3 == s.group
        assert s.seed == game_seed(4, s.group)
    assert len({s.seed for s in seatings}) == 3


def test_two_player_games_come_in_deal_matched_pairs_with_seats_swapped() -> None:
    seatings = schedule(["x", "y", "z"], 2, 12, seed=2)
    for first, second in zip(seatings[::2], seatings[1::2], strict=True):
        assert first.seed == second.seed
        assert second.lineup == first.lineup[::-1]
    assert len({s.seed for s in seatings}) == 6


def test_the_seating_is_a_function_of_the_index_alone() -> None:
    long = schedule(["a", "b", "c"], 2, 20, seed=7)
    short = schedule(["a", "b", "c"], 2, 7, seed=7)
    assert long[:7] == short


# ------------------------------------------------------------------ running


RANDOMS = ["random", "random"]


def test_a_bot_listed_twice_plays_as_two_numbered_entrants(tmp_path: Path) -> None:
    result = tournament(GAME, 3, ["Random", "random"], 3, options={"round-limit": "3"}, out_dir=tmp_path, plot=False)
    assert result.summary.bots == ("random", "random#2")
    records = list(load_records(tmp_path / "games.jsonl"))
    assert [r.seats for r in records] == [
        ["random", "random#2", "random"],
        ["random#2", "random", "random"],
        ["random", "random", "random#2"],
    ]
    for record in records:
        verify(record)


def test_a_tournament_writes_verifiable_records_in_game_order(tmp_path: Path) -> None:
    result = tournament(GAME, 2, RANDOMS, 4, seed=3, options={"round-limit": "6"}, out_dir=tmp_path)
    records = list(load_records(tmp_path / "games.jsonl"))
    assert [r.seats for r in records] == [["random", "random#2"], ["random#2", "random"]] * 2
    assert [r.seed for r in records] == [game_seed(3, 0)] * 2 + [game_seed(3, 1)] * 2
    for record in records:
        assert record.result is not None
        assert list(verify(record).outcome().scores) == record.result["scores"]
    assert result.files == (tmp_path / "games.jsonl", tmp_path / "summary.json", tmp_path / "ratings.png")
    assert (tmp_path / "ratings.png").read_bytes().startswith(PNG)
    assert (tmp_path / "ratings.png").stat().st_size > 10_000


def test_summary_json_holds_every_figure_and_agrees_with_the_records(tmp_path: Path) -> None:
    tournament(GAME, 3, RANDOMS, 5, seed=1, options={"round-limit": "5"}, out_dir=tmp_path)
    data = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    records = list(load_records(tmp_path / "games.jsonl"))
    assert data["game"] == GAME
    assert data["players"] == 3
    assert data["bots"] == ["random", "random#2"]
    assert data["games"] == 5
    assert data["options"]["round_limit"] == 5
    assert data["seating"] == {"cycle": 6, "deal_group": 3, "balanced": False}
    seats_played = Counter(bot for r in records for bot in r.seats)
    for bot in ("random", "random#2"):
        entry = data["per_bot"][bot]
        assert entry["seats_played"] == seats_played[bot]
        scores = [r.result["scores"][s] for r in records for s, b in enumerate(r.seats) if b == bot]  # type: ignore[index]
        assert entry["score"]["mean"] == pytest.approx(sum(scores) / len(scores))
        assert entry["score_min"] == min(scores)
        assert entry["score_max"] == max(scores)
        assert 0 <= entry["win_rate"]["low"] <= entry["win_rate"]["rate"] <= entry["win_rate"]["high"] <= 1
        for name in ("openskill", "bradley_terry"):
            rating = data["ratings"][name]["bots"][bot]
            assert rating["low"] < rating["high"]
    # Win rates split shared victories, so the seats' rates add up to one game per game.
    assert sum(seat["win_rate"]["successes"] for seat in data["seats"]) == pytest.approx(5)
    assert [seat["seat"] for seat in data["seats"]] == [0, 1, 2]
    h2h = data["head_to_head"]
    pair = h2h["random"]["random#2"]["successes"] + h2h["random#2"]["random"]["successes"]
    assert pair == h2h["random#2"]["random"]["trials"] > 0
    decisions = [len(r.actions) for r in records]
    assert data["decisions"]["mean"] == pytest.approx(sum(decisions) / len(decisions))
    elo = data["ratings"]["bradley_terry"]["bots"]
    assert elo["random"]["elo"] + elo["random#2"]["elo"] == pytest.approx(0, abs=1e-6)


def test_another_seed_gives_other_games(tmp_path: Path) -> None:
    a = tournament(GAME, 2, RANDOMS, 2, seed=1, options={"round-limit": "4"}, plot=False)
    b = tournament(GAME, 2, RANDOMS, 2, seed=2, options={"round-limit": "4"}, plot=False)
    assert a.seatings[0].seed != b.seatings[0].seed
    assert a.summary.to_json() != b.summary.to_json()


def test_progress_is_reported_after_every_game() -> None:
    seen: list[tuple[int, int]] = []
    tournament(GAME, 2, RANDOMS, 3, options={"round-limit": "3"}, plot=False, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize(
    ("args", "error", "fragment"),
    [
        (("no-such-game", 2, RANDOMS, 1), UnknownGame, "no-such-game"),
        ((GAME, 2, ["random", "clever"], 1), OptionsError, "clever"),
        ((GAME, 2, ["random"], 1), OptionsError, "two bots"),
        ((GAME, 2, RANDOMS, 0), OptionsError, "at least 1"),
        ((GAME, 5, RANDOMS, 1), OptionsError, "not 5"),
        ((GAME, 1, RANDOMS, 1), OptionsError, "laguna solo"),
        ((GAME, 2, ["random", "ismcts:x"], 1), OptionsError, "ismcts"),
    ],
)
def test_bad_settings_are_refused_before_anything_is_written(
    tmp_path: Path, args: tuple, error: type[Exception], fragment: str
) -> None:
    out = tmp_path / "out"
    with pytest.raises(error, match=fragment):
        tournament(*args, out_dir=out)
    assert not out.exists()


def test_bad_options_and_unwritable_places_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OptionsError, match="nope"):
        tournament(GAME, 2, RANDOMS, 1, options={"nope": "1"}, out_dir=tmp_path / "x")
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(LagunaError, match="not a directory"):
        tournament(GAME, 2, RANDOMS, 1, out_dir=blocker)
    with pytest.raises(LagunaError, match="cannot create"):
        tournament(GAME, 2, RANDOMS, 1, out_dir=blocker / "below")
