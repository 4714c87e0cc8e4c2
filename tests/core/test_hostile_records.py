"""`GameRecord` parsing of text nobody should trust: every problem is a `RecordError` with a short
message, never a RecursionError, a ValueError or a record that names a local file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from laguna.core import GameRecord, RecordError, get_game, read_records
from laguna.core.record import MAX_RECORD_BYTES, MAX_SEED

SHORT = 1_000


def refused(text: str) -> str:
    with pytest.raises(RecordError) as error:
        GameRecord.loads(text)
    message = str(error.value.message)
    assert len(message) <= SHORT, message[:200]
    return message


def good(**changes: object) -> dict[str, object]:
    data = GameRecord("burano", ["a", "b"], 1).to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_deep_nesting_is_a_record_error(depth: int) -> None:
    assert "nested" in refused("[" * depth + "]" * depth)
    assert "nested" in refused(json.dumps(good(options={"components": "x"}))[:-1] + ', "z": ' + "[" * depth + "}")


def test_a_number_too_long_to_read_is_a_record_error() -> None:
    assert "number" in refused('{"seed": ' + "1" * 5_000 + "}")


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 10**4_000, 2**64])
def test_a_seed_out_of_range_is_refused(seed: int) -> None:
    message = refused(json.dumps(good(seed=seed)))
    assert "seed" in message and "9" * 100 not in message


def test_every_seed_in_range_is_read() -> None:
    for seed in (0, 1, MAX_SEED):
        assert GameRecord.loads(json.dumps(good(seed=seed))).seed == seed


def test_a_game_refuses_a_seed_out_of_range() -> None:
    from laguna.core import OptionsError  # noqa: PLC0415

    game = get_game("burano")
    for seed in (-1, MAX_SEED + 1):
        with pytest.raises(OptionsError, match="seed"):
            game.new_game(2, None, seed)


def test_a_record_longer_than_the_cap_is_refused_before_parsing() -> None:
    text = json.dumps(good(game="x" * MAX_RECORD_BYTES))
    assert "longer than" in refused(text)


@pytest.mark.parametrize("value", ["/etc/passwd", "components.toml", "", ["reconstructed"]])
def test_a_record_naming_a_file_does_not_start(value: object) -> None:
    from laguna.core import replay  # noqa: PLC0415

    record = GameRecord.loads(json.dumps(good(options={"components": value})))
    with pytest.raises(RecordError, match="components"):
        replay(record)


def test_read_records_streams_and_bounds_every_line(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    line = GameRecord("burano", ["a", "b"], 1).dumps()
    path.write_text(f"{line}\n{'x' * (MAX_RECORD_BYTES + 10)}\n{line}\n", encoding="utf-8")
    items = list(read_records(path))
    assert [where for where, _ in items] == [f"{path}:1", f"{path}:2", f"{path}:3"]
    assert isinstance(items[1][1], RecordError) and "longer than" in str(items[1][1].message)
    assert isinstance(items[0][1], GameRecord) and isinstance(items[2][1], GameRecord)


def test_a_pretty_printed_record_is_still_one_record(tmp_path: Path) -> None:
    path = tmp_path / "pretty.json"
    path.write_text(json.dumps(good(), indent=2), encoding="utf-8")
    [(where, record)] = list(read_records(path))
    assert where == str(path) and isinstance(record, GameRecord)
