"""Every game's loader reads back its packaged file written anew, and refuses a component file it cannot
read (missing, not UTF-8, not TOML, with tables the schema does not know, without any items) with one
line that names the file."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from laguna import i18n
from laguna.core.errors import CardDataError
from laguna.games.burano.loader import load_components as load_burano
from laguna.games.burano_roll_and_write.sheets import load_sheets
from laguna.games.murano.loader import load_components as load_murano
from laguna.games.walking_in_burano.cards import load_floor_cards
from tests.component_files import load_error, write_file
from tests.toml_writer import write_variant

LOADERS: dict[str, tuple[Callable[..., Any], str, str]] = {
    "burano": (load_burano, "component", "components.toml"),
    "murano": (load_murano, "component", "components.toml"),
    "walking_in_burano": (load_floor_cards, "card", "floor_cards.toml"),
    "burano_roll_and_write": (load_sheets, "sheet", "sheets.toml"),
}
"""Each game's loader, the word its messages use for its files, and its packaged file."""

NOT_UTF8 = {
    "burano": b"[main_island]\nrows = 6  # Buran\xf2\n",
    "murano": b"[beads]\nper_colour = 10  # Muran\xf2\n",
}
SYNTAX_ERRORS = {
    "burano": '[main_island]\nrows = 6\nfountain = "d1\n',
    "murano": '[[island]]\nid = "donato\n',
    "walking_in_burano": '[meta]\nname = "Broken\n\n[[card]]\nid = "P1a"\n',
    "burano_roll_and_write": '[meta]\nname = "Broken\n\n[[sheet]]\nname = "x"\n',
}
WITHOUT_ITEMS = {
    "walking_in_burano": ('[meta]\nname = "Nothing"\n', r"empty\.toml: no \[\[card\]\] tables"),
    "burano_roll_and_write": (
        '[meta]\nname = "Nothing"\nprovenance = "public"\n\n[record_sheet]\ncoins = 40\n',
        r"empty\.toml: no \[\[sheet\]\] tables",
    ),
}


def packaged_text(game: str) -> str:
    return (resources.files(f"laguna.games.{game}") / "data" / LOADERS[game][2]).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", ["burano", "murano"])
def test_round_trip_of_the_packaged_file(tmp_path: Path, game: str) -> None:
    load = LOADERS[game][0]
    components = load()
    source = write_variant(tmp_path, packaged_text(game), lambda data: None)
    copied = load(source)
    assert copied.source == source
    for field in type(components).__dataclass_fields__:
        if field != "source":
            assert getattr(copied, field) == getattr(components, field), field


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_loader_rejects_missing_file(tmp_path: Path, game: str) -> None:
    load, kind, _ = LOADERS[game]
    load_error(load, str(tmp_path / "nowhere.toml"), rf"nowhere\.toml: {kind} file not found")


@pytest.mark.parametrize("game", sorted(NOT_UTF8))
def test_loader_rejects_non_utf8(tmp_path: Path, game: str) -> None:
    load, kind, _ = LOADERS[game]
    source = write_file(tmp_path / "latin1.toml", NOT_UTF8[game])
    load_error(load, source, rf"latin1\.toml: {kind} file is not UTF-8 text")


@pytest.mark.parametrize("game", sorted(SYNTAX_ERRORS))
def test_loader_rejects_syntax_error(tmp_path: Path, game: str) -> None:
    load, _, _ = LOADERS[game]
    source = write_file(tmp_path / "broken.toml", SYNTAX_ERRORS[game])
    text = load_error(load, source, r"broken\.toml: TOML syntax error")
    assert "\n" not in text


@pytest.mark.parametrize("game", sorted(WITHOUT_ITEMS))
def test_loader_rejects_unknown_top_level_table(tmp_path: Path, game: str) -> None:
    load = LOADERS[game][0]
    source = write_file(tmp_path / "extra.toml", packaged_text(game) + "\n[extras]\nsparkle = 1\n")
    load_error(load, source, r"extra\.toml: unknown top-level key 'extras'")


@pytest.mark.parametrize("game", sorted(WITHOUT_ITEMS))
def test_loader_rejects_file_without_items(tmp_path: Path, game: str) -> None:
    load, _, _ = LOADERS[game]
    text, message = WITHOUT_ITEMS[game]
    load_error(load, write_file(tmp_path / "empty.toml", text), message)


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_an_unknown_key_is_named_in_the_readers_language(tmp_path: Path, game: str) -> None:
    load = LOADERS[game][0]
    source = write_file(tmp_path / "extra.toml", "sparkle = 1\n" + packaged_text(game))
    with pytest.raises(CardDataError) as caught:
        load(source)
    with i18n.language("ru"):
        said = i18n.translate(caught.value.message)
    assert ": неизвестный ключ верхнего уровня 'sparkle' (допустимо: " in said
