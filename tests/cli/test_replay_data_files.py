"""A record names only the packaged component data, or a data file by the SHA-256 digest of its bytes:
never a path. A custom data file is read only when the person running the command names it on the
command line (``--option floor-cards=FILE`` to play or simulate, ``--data FILE`` to replay), and only
a regular file of bounded size, so a record cannot make ``laguna replay`` read a local file, and a
replay with other data is refused by name."""

from __future__ import annotations

import hashlib
import json
import os
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from laguna.cli.app import app
from laguna.core import GameRecord, Match, OptionsError, get_game
from laguna.core.component_data import MAX_DATA_BYTES, PACKAGED

ENV = {"COLUMNS": "160"}

DATA_OPTIONS = [
    ("walking-in-burano", "floor_cards", "laguna.games.walking_in_burano", "floor_cards.toml"),
    ("walking-in-burano-roll-and-write", "sheets", "laguna.games.burano_roll_and_write", "sheets.toml"),
    ("burano", "components", "laguna.games.burano", "components.toml"),
    ("murano", "components", "laguna.games.murano", "components.toml"),
]


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LAGUNA_LANGUAGE", "en")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def one_error_line(result: Result) -> str:
    """The single ``error:`` line of a refusal, with no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr[:2_000]
    assert lines[0].startswith("error: ")
    assert len(lines[0]) < 1_000
    return lines[0]


def packaged_text(package: str, filename: str) -> str:
    return (resources.files(package) / "data" / filename).read_text(encoding="utf-8")


def custom_cards(tmp_path: Path, name: str = "my_cards.toml", flowers: int = 6) -> Path:
    """The packaged floor cards with one face changed, as a player who owns the game might write them."""
    text = packaged_text("laguna.games.walking_in_burano", "floor_cards.toml")
    original = 'id = "P1a"\ncolour = "pink"\nfloor = 1\nflowers = 1\n'
    assert text.count(original) == 1
    path = tmp_path / name
    path.write_text(text.replace(original, original.replace("flowers = 1", f"flowers = {flowers}")), encoding="utf-8")
    return path


def digest(path: Path) -> str:
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


def record_naming(tmp_path: Path, game: str, field: str, value: str) -> Path:
    data = GameRecord(game, ["Ada", "Bob"], 3).to_json()
    data["options"] = {field: value}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("game", "field", "package", "filename"), DATA_OPTIONS)
def test_a_record_cannot_name_a_data_file_by_path(
    tmp_path: Path, game: str, field: str, package: str, filename: str
) -> None:
    """Even a well-formed data file is refused when the record names it: the record only names data."""
    data_file = tmp_path / filename
    data_file.write_text(packaged_text(package, filename), encoding="utf-8")
    record = record_naming(tmp_path, game, field, str(data_file))
    result = run("replay", str(record))
    assert result.exit_code == 1, result.output[-2_000:]
    line = one_error_line(result)
    assert field.replace("_", "-") in line
    assert "reconstructed" in line and "sha256" in line
    assert "0 records verified, 1 failed" in result.stdout


@pytest.mark.parametrize("value", ["/etc/passwd", "/dev/zero", "../../x.toml", "", "sha256:00", "SHA256:" + "a" * 64])
def test_a_record_naming_anything_but_packaged_data_or_a_digest_is_refused(tmp_path: Path, value: str) -> None:
    record = record_naming(tmp_path, "walking-in-burano", "floor_cards", value)
    result = run("replay", str(record))
    assert result.exit_code == 1, result.output[-2_000:]
    assert "floor-cards" in one_error_line(result)


def test_the_library_refuses_a_path_in_options_too(tmp_path: Path) -> None:
    """Options come from records and web forms too, so no option value is ever read as a path."""
    path = custom_cards(tmp_path)
    with pytest.raises(OptionsError, match="floor-cards"):
        get_game("walking-in-burano").new_game(2, {"floor_cards": str(path)}, 1)


def test_a_game_played_with_a_custom_file_records_its_digest_and_replays_with_it(tmp_path: Path) -> None:
    cards = custom_cards(tmp_path)
    saved = tmp_path / "game.json"
    played = CliRunner().invoke(
        app,
        [
            "play",
            "walking-in-burano",
            "--seats",
            "random,random",
            "--seed",
            "4",
            "-o",
            f"floor-cards={cards}",
            "--save",
            str(saved),
        ],
        env=ENV,
    )
    assert played.exit_code == 0, played.output[-2_000:]
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["options"]["floor_cards"] == digest(cards)
    assert str(tmp_path) not in saved.read_text(encoding="utf-8")

    with_file = run("replay", str(saved), "--data", str(cards))
    assert with_file.exit_code == 0, with_file.output[-2_000:]
    assert "1 record verified" in with_file.stdout

    without = run("replay", str(saved))
    assert without.exit_code == 1, without.output[-2_000:]
    line = one_error_line(without)
    assert digest(cards) in line and "--data" in line

    other = custom_cards(tmp_path, "other_cards.toml", flowers=5)
    mismatch = run("replay", str(saved), "--data", str(other))
    assert mismatch.exit_code == 1, mismatch.output[-2_000:]
    line = one_error_line(mismatch)
    assert digest(cards) in line and "other_cards.toml" in line and digest(other) in line


def test_records_with_packaged_data_replay_as_before(tmp_path: Path) -> None:
    """A record made before digests existed names the packaged data as 'reconstructed' and still replays."""
    match = Match("walking-in-burano", ["Ada", "Bob"], seed=8)
    assert match.record.options["floor_cards"] == PACKAGED
    path = tmp_path / "old.json"
    match.record.save(path)
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output[-2_000:]


def test_simulate_records_the_digest_in_every_worker(tmp_path: Path) -> None:
    cards = custom_cards(tmp_path)
    out = tmp_path / "games.jsonl"
    result = run(
        "simulate", "walking-in-burano", "--games", "2", "--jobs", "2", "-o", f"floor-cards={cards}", "--out", str(out)
    )
    assert result.exit_code == 0, result.output[-2_000:]
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    assert all(json.loads(line)["options"]["floor_cards"] == digest(cards) for line in lines)
    replayed = run("replay", str(out), "--data", str(cards))
    assert replayed.exit_code == 0, replayed.output[-2_000:]
    assert "2 records verified" in replayed.stdout


@pytest.mark.parametrize("command", ["play", "replay"])
def test_a_fifo_or_a_device_named_as_data_is_refused_without_reading_it(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    record = tmp_path / "record.json"
    GameRecord("walking-in-burano", ["Ada", "Bob"], 3).save(record)
    for named in (fifo, Path("/dev/zero"), tmp_path):
        if command == "play":
            result = run("play", "walking-in-burano", "--seats", "random,random", "-o", f"floor-cards={named}")
        else:
            result = run("replay", str(record), "--data", str(named))
        assert result.exit_code == 2, result.output[-2_000:]
        line = one_error_line(result)
        assert str(named) in line and "not a regular file" in line


def test_a_data_file_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with big.open("w", encoding="utf-8") as out:
        out.write(("# padding\n" * 1_000) * (MAX_DATA_BYTES // 10_000 + 1))
    result = run("play", "walking-in-burano", "--seats", "random,random", "-o", f"floor-cards={big}")
    assert result.exit_code == 2, result.output[-2_000:]
    line = one_error_line(result)
    assert "big.toml" in line and "larger than" in line


def test_a_missing_data_file_is_named(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    GameRecord("walking-in-burano", ["Ada", "Bob"], 3).save(record)
    result = run("replay", str(record), "--data", str(tmp_path / "nowhere.toml"))
    assert result.exit_code == 2, result.output[-2_000:]
    assert "nowhere.toml" in one_error_line(result)
