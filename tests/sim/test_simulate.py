"""Simulations are functions of their seed, write verifiable records, and do not depend on --jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from laguna.core import GameRecord, OptionsError, UnknownGame, load_records, verify
from laguna.sim import bench, game_seed, play_game, simulate
from laguna.sim.simulate import play_match

GAME = "walking-in-burano"


def test_play_game_is_a_function_of_its_arguments() -> None:
    first = play_game(GAME, ["random", "random"], {}, 12)
    again = play_game(GAME, ["random", "random"], {}, 12)
    other = play_game(GAME, ["random", "random"], {}, 13)
    assert first.dumps() == again.dumps()
    assert first.dumps() != other.dumps()
    assert first.seed == 12
    assert first.seats == ["random", "random"]


def test_play_game_records_a_finished_game_that_verifies() -> None:
    record = play_game(GAME, ["random"] * 3, {"round-limit": "6"}, 2)
    assert record.result is not None
    assert record.options["round_limit"] == 6
    state = verify(GameRecord.loads(record.dumps()))
    assert state.is_terminal()
    assert list(state.outcome().scores) == record.result["scores"]


def test_play_match_reports_the_final_round() -> None:
    match = play_match(GAME, ["random", "random"], {"round-limit": "3"}, 4)
    assert match.state.is_terminal()
    assert match.state.view(None)["round"] <= 3


def test_game_seeds_follow_the_documented_formula() -> None:
    assert game_seed(0, 5) == 5
    assert game_seed(2, 7) == 2 * 1_000_003 + 7
    assert len({game_seed(s, i) for s in range(5) for i in range(100)}) == 500


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_simulate_writes_one_verifiable_record_per_game(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    seen: list[tuple[int, int]] = []
    summary = simulate(GAME, 2, 6, seed=3, out_path=out, progress=lambda done, total: seen.append((done, total)))
    lines = _lines(out)
    assert len(lines) == 6
    assert seen == [(i, 6) for i in range(1, 7)]
    records = list(load_records(out))
    assert [r.seed for r in records] == [game_seed(3, i) for i in range(6)]
    for record, line in zip(records, lines, strict=True):
        assert json.loads(line)["result"]["scores"] == list(verify(record).outcome().scores)
    assert summary.games == 6
    assert summary.players == 2
    assert sum(s.win_share for s in summary.seats) == pytest.approx(6)
    assert summary.decisions.mean == pytest.approx(sum(len(r.actions) for r in records) / 6)
    assert summary.rounds is not None


def test_same_seed_same_file_and_jobs_do_not_matter(tmp_path: Path) -> None:
    one, again, two, other = (tmp_path / f"{name}.jsonl" for name in ("one", "again", "two", "other"))
    simulate(GAME, 3, 5, seed=9, out_path=one, jobs=1)
    simulate(GAME, 3, 5, seed=9, out_path=again, jobs=1)
    simulate(GAME, 3, 5, seed=9, out_path=two, jobs=2)
    simulate(GAME, 3, 5, seed=10, out_path=other, jobs=1)
    assert one.read_bytes() == again.read_bytes() == two.read_bytes()
    assert one.read_bytes() != other.read_bytes()


def test_simulate_refuses_bad_settings_before_playing(tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    with pytest.raises(UnknownGame):
        simulate("no-such-game", 2, 1, out_path=out)
    with pytest.raises(OptionsError, match="5"):
        simulate(GAME, 5, 1, out_path=out)
    with pytest.raises(OptionsError, match="unknown bot"):
        simulate(GAME, 2, 1, bots=["random", "clever"], out_path=out)
    with pytest.raises(OptionsError, match="bots given"):
        simulate(GAME, 2, 1, bots=["random"], out_path=out)
    with pytest.raises(OptionsError, match="nope"):
        simulate(GAME, 2, 1, options={"nope": "1"}, out_path=out)
    with pytest.raises(OptionsError, match="at least 1"):
        simulate(GAME, 2, 0)
    assert not out.exists()


def test_bench_measures_all_three_figures() -> None:
    result = bench(GAME, 2, seconds=0.05, seed=1)
    assert result.players == 2
    assert result.games >= 1
    assert result.decisions >= result.games
    assert result.copies > 0
    assert result.decisions_per_second > 0
    assert result.games_per_second > 0
    assert result.copies_per_second > 0


def test_bench_refuses_a_bad_player_count() -> None:
    with pytest.raises(OptionsError):
        bench(GAME, 9, seconds=0.05)
