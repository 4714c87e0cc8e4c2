"""What a bot worker keeps: the latest position of each table it played, carried on by the decisions
made since, and replayed from the start whenever the record does not go on from it."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest

from laguna.bots import make_bot
from laguna.core import GameRecord, Match, replay
from laguna.server import bots
from laguna.server.bots import _position
from laguna.server.service import BotTurn


def _records(bot_seed: int = 1) -> list[GameRecord]:
    match = Match("murano", ["a", "b"], {}, 5)
    players = [make_bot("easy", bot_seed, "murano"), make_bot("easy", bot_seed + 1, "murano")]
    records = []
    for _ in range(40):
        seat = match.state.to_act()[0]
        match.act(seat, players[seat].choose(match.state, seat))
        records.append(replace(match.record, actions=list(match.record.actions)))
    return records


def test_a_worker_carries_a_table_on_and_replays_it_when_the_record_does_not_go_on() -> None:
    records = _records()
    bots._POSITIONS.clear()
    carried = _position("t", records[9])
    for record in (records[9], records[19], records[39]):  # each goes on from the one before
        assert _position("t", record) is carried  # carried on, not replayed
        assert carried == replay(record)
    again = _position("t", records[14])  # undone since: replayed
    assert again is not carried and again == replay(records[14])
    other = _records(bot_seed=7)[19]  # the same set-up, other decisions
    assert other.actions != records[19].actions
    assert _position("t", other) == replay(other)
    assert _position("t", records[39]) == replay(records[39])
    assert list(bots._POSITIONS) == ["t"]


def test_a_worker_keeps_a_bounded_number_of_tables() -> None:
    record = _records()[0]
    bots._POSITIONS.clear()
    for number in range(bots.KEPT + 10):
        _position(f"t{number}", record)
    assert len(bots._POSITIONS) == bots.KEPT and "t0" not in bots._POSITIONS


def test_the_cap_counts_the_time_a_worker_takes_to_reach_the_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker new to a long Burano game replays it before thinking (most of a second on a slow day);
    that time is part of the player's wait, so the search gets what is left of the cap, and the worker
    answers well within the cap and its grace rather than being taken for hung."""
    record = _records()[9]
    reach = bots._position

    def slow_position(table_id: str, record: GameRecord) -> Any:
        time.sleep(1.0)
        return reach(table_id, record)

    monkeypatch.setattr(bots, "_position", slow_position)
    turn = BotTurn("slow", 9, replay(record).to_act()[0], "ismcts:999999999", 3, record)
    began = time.monotonic()
    choice = bots.think(turn, turn.bot, cap_seconds=1.5)
    assert time.monotonic() - began < 1.5 + 0.4
    assert choice in {str(action) for action in replay(record).legal_actions(turn.seat)}
