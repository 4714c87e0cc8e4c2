"""``laguna replay`` of a record whose text was not written by the game (notation full of braces or
percent signs, an endless line, odd names and options): one ``error:`` line naming the record, the
action and the problem, exit code 1, never a traceback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from laguna.cli.app import app
from laguna.core import GameRecord, Match, RecordedAction, games

LONG = "x" * 100_000


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read English, whatever the language of the machine that runs them."""
    monkeypatch.setenv("LAGUNA_LANGUAGE", "en")


def replay(path: Path) -> Result:
    return CliRunner().invoke(app, ["replay", str(path)], env={"COLUMNS": "160"})


def assert_refused(result: Result, *fragments: str) -> str:
    """Exit code 1 and one short ``error:`` line holding every fragment, no traceback."""
    assert result.exit_code == 1, result.output[-2_000:]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr[:2_000]
    line = lines[0]
    assert line.startswith("error: ")
    assert len(line) < 1_000, line[:200]
    for fragment in fragments:
        assert fragment in line, (fragment, line[:500])
    assert "Traceback" not in result.output
    assert "0 records verified, 1 failed" in result.stdout
    return line


def until(game: str, kind: str, seed: int) -> Match:
    """A random game of `game` played until a decision of `kind` (``Sail``, ``TakeFish``…) is legal."""
    match = Match(game, ["Ada", "Bob", "Cy"], seed=seed)
    choose = random.Random(seed)
    while not match.state.is_terminal():
        seat = match.state.to_act()[0]
        legal = match.state.legal_actions(seat)
        if any(type(action).__name__ == kind for action in legal):
            return match
        match.act(seat, choose.choice(legal))
    raise AssertionError(f"no {kind} decision came up")


@pytest.mark.parametrize(
    ("kind", "notation", "echo"),
    [
        ("Sail", "sail {x}", "'{x}' is not one route away"),
        ("Sail", "sail {0}", "'{0}' is not one route away"),
        ("Sail", "sail %s", "'%s' is not one route away"),
        ("Sail", "sail }{", "'}{' is not one route away"),
        ("Sail", f"sail {LONG}", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' is not one route away"),
        ("TakeFish", "fish {x}", "no '{x}' card is face up"),
        ("TakeFish", "fish {__class__}", "no '{__class__}' card is face up"),
    ],
)
def test_burano_notation_that_looks_like_a_template_is_refused_in_one_line(
    tmp_path: Path, kind: str, notation: str, echo: str
) -> None:
    """The reason names the place or fish kind as the player wrote it, quoted, never as a template."""
    match = until("burano", kind, 44)
    record = match.record
    number = len(record.actions) + 1
    record.actions.append(RecordedAction(match.state.to_act()[0], notation))
    path = tmp_path / "hostile.json"
    record.save(path)
    line = assert_refused(replay(path), str(path), f"action {number} (", echo)
    assert "is illegal" in line


@pytest.mark.parametrize("game", sorted(g.id for g in games()))
@pytest.mark.parametrize("notation", ["{x}", "{0}", "{}", "}{", "%s", "%(x)s", "100%", LONG, "²"])
def test_every_game_refuses_a_hostile_first_action_in_one_line(tmp_path: Path, game: str, notation: str) -> None:
    first = Match(game, ["Ada", "Bob"], seed=2).state.to_act()[0]
    record = GameRecord(game, ["Ada", "Bob"], 2, actions=[RecordedAction(first, notation)])
    path = tmp_path / "hostile.json"
    record.save(path)
    assert_refused(replay(path), str(path), "action 1 (")


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("game", "{x}", "unknown game '{x}'"),
        ("game", LONG, "unknown game 'xxx"),
        ("options", {"{x}": "1"}, "unknown option '{x}'"),
        ("options", {"round-limit": "{0}"}, "'{0}'"),
        ("options", {LONG: True}, "unknown option 'xxx"),
    ],
)
def test_a_hostile_game_or_option_is_refused_in_one_line(
    tmp_path: Path, field: str, value: object, fragment: str
) -> None:
    data = GameRecord("walking-in-burano", ["Ada", "Bob"], 2).to_json()
    data[field] = value
    path = tmp_path / "hostile.json"
    path.write_text(GameRecord.from_json(data).dumps(), encoding="utf-8")
    assert_refused(replay(path), fragment)


def write_raw(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    return path


def record_text(**fields: object) -> str:
    """A record of Walking in Burano as JSON text, with `fields` replaced by raw JSON text."""
    data = {
        "game": '"walking-in-burano"',
        "seats": '["Ada", "Bob"]',
        "seed": "2",
        "options": "{}",
        "actions": "[]",
    }
    data.update({name: str(value) for name, value in fields.items()})
    return "{" + ", ".join(f'"{name}": {value}' for name, value in data.items()) + "}"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[" * 100_000, "nested"),
        ('{"a":' * 100_000, "nested"),
        (record_text(options="[" * 100_000), "nested"),
        (record_text(seed="9" * 5_000), "number"),
        (record_text(seed="-" + "9" * 5_000), "number"),
        (record_text(options='{"round-limit": ' + "9" * 5_000 + "}"), "number"),
    ],
    ids=["array", "object", "options", "seed", "negative-seed", "option"],
)
def test_deep_nesting_and_endless_numbers_are_refused_in_one_line(tmp_path: Path, text: str, fragment: str) -> None:
    path = write_raw(tmp_path, text)
    assert_refused(replay(path), str(path), fragment)


@pytest.mark.parametrize(
    ("seed", "fragment"),
    [
        ("-1", "seed"),
        (str(2**63), "seed"),
        ("9" * 4_000, "seed"),
        ("1.5", "seed"),
        ("1e400", "seed"),
        ('"7"', "seed"),
        ("[7]", "seed"),
        ("true", "seed"),
    ],
)
def test_a_seed_outside_the_documented_range_is_refused(tmp_path: Path, seed: str, fragment: str) -> None:
    line = assert_refused(replay(write_raw(tmp_path, record_text(seed=seed))), fragment)
    assert "9" * 100 not in line


def test_the_largest_seed_replays(tmp_path: Path) -> None:
    result = replay(write_raw(tmp_path, record_text(seed=str(2**63 - 1))))
    assert result.exit_code == 0, result.output[-2_000:]


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("game", '["walking-in-burano"]', "'game'"),
        ("game", "null", "'game'"),
        ("seats", '[["Ada"], "Bob"]', "'seats'"),
        ("seats", '"Ada"', "'seats'"),
        ("seats", '["' + "A" * 10_000 + '", "Bob"]', "'seats'"),
        ("options", '["floor-cards"]', "'options'"),
        ("options", '{"floor-cards": ["/etc/passwd"]}', "floor-cards"),
        ("options", '{"round-limit": [3]}', "round-limit"),
        ("options", '{"round-limit": ' + "9" * 4_000 + "}", "round-limit"),
        ("options", '{"two-player-variant": {"a": [1, 2]}}', "two-player-variant"),
        ("actions", '{"seat": 0}', "'actions'"),
        ("actions", '[{"seat": "0", "action": "x"}]', "action 1"),
        ("actions", '[{"seat": 0, "action": ["x"]}]', "action 1"),
        ("actions", '[{"seat": ' + "9" * 4_000 + ', "action": "x"}]', "action 1"),
        ("actions", '[{"seat": -1, "action": "x"}]', "action 1"),
        ("engine_version", '["1"]', "engine_version"),
        ("engine_version", '"' + "1" * 10_000 + '"', "engine_version"),
        ("result", "[1, 2]", "'result'"),
        ("result", '{"scores": "' + "9" * 100_000 + '"}', "scores"),
    ],
)
def test_a_field_of_the_wrong_type_or_size_is_refused_in_one_line(
    tmp_path: Path, field: str, value: str, fragment: str
) -> None:
    line = assert_refused(replay(write_raw(tmp_path, record_text(**{field: value}))), fragment)
    assert "9" * 100 not in line and "A" * 100 not in line and "1" * 100 not in line


def test_a_forty_megabyte_line_is_refused_without_parsing_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("w", encoding="utf-8") as out:
        out.write('{"game": "')
        out.write("x" * 40_000_000)
        out.write('"}\n')
    assert_refused(replay(path), str(path), "longer than")


def test_a_long_line_among_records_is_reported_and_the_others_verified(tmp_path: Path) -> None:
    good = GameRecord("walking-in-burano", ["Ada", "Bob"], 2).dumps()
    path = tmp_path / "mixed.jsonl"
    path.write_text(good + "\n" + "[" * 5_000_000 + "\n" + good + "\n", encoding="utf-8")
    result = replay(path)
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and f"{path}:2" in lines[0] and "longer than" in lines[0]
    assert "2 records verified, 1 failed" in result.stdout


def test_a_device_named_as_the_record_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["replay", "/dev/zero"], env={"COLUMNS": "160"})
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "/dev/zero" in lines[0] and "Traceback" not in result.output
