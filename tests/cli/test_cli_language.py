"""The ``laguna`` command in English and Russian: the language chosen by ``--language``, then
``$LAGUNA_LANGUAGE``, then the locale; help, tables, the terminal table and errors all in it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from typer.testing import CliRunner, Result

from laguna.cli.app import app
from laguna.cli.language import choose_language, locale_language
from laguna.core import OptionsError

ROOT = Path(__file__).parents[2]
CATALOGUE = ROOT / "laguna" / "locale" / "ru" / "LC_MESSAGES" / "laguna.po"
CLI_SOURCES = [
    ROOT / "laguna" / "cli" / name
    for name in ("app.py", "language.py", "play.py", "__init__.py", "boards/__init__.py", "boards/generic.py")
]
CLI_SOURCES += sorted((ROOT / "laguna" / "cli" / "commands").glob("*.py"))
CLI_SOURCES += [ROOT / "laguna" / "cli" / "boards" / "walking_in_burano.py"]
CLI_SOURCES += sorted((ROOT / "laguna" / "sim").glob("*.py")) + sorted((ROOT / "laguna" / "bots").glob("*.py"))
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "msg": None, "msg_plural": (1, 2)}
GAME = "walking-in-burano"

LOCALE_VARIABLES = ("LAGUNA_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
runner = CliRunner()


def run(*args: str, stdin: str | None = None, **environ: str) -> Result:
    """Run ``laguna`` with only the language variables given set (the machine's own ignored)."""
    env: dict[str, str | None] = dict.fromkeys(LOCALE_VARIABLES)
    env.update(environ)
    env["COLUMNS"] = "160"
    return runner.invoke(app, list(args), input=stdin, env=env)


def error_line(result: Result) -> str:
    """The single line a user error leaves on stderr (exit code 2, no traceback)."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    return lines[0]


# ------------------------------------------------------------------ choosing the language


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru"}, "ru"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_GB.UTF-8"}, "ru"),
        ({"LC_ALL": "C", "LC_MESSAGES": "ru_RU.UTF-8"}, "en"),
        ({"LC_ALL": "ru_RU.KOI8-R", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANGUAGE": "ru_RU:en", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANGUAGE": "de:ru", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANGUAGE": "en", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANGUAGE": "de", "LANG": "ru_RU.UTF-8"}, "ru"),
    ],
)
def test_the_locale_variables_choose_in_their_order(environ: dict[str, str], expected: str) -> None:
    assert locale_language(environ) == expected


@pytest.mark.parametrize(
    ("args", "environ", "expected"),
    [
        (["games"], {"LANG": "ru_RU.UTF-8"}, "ru"),
        (["games"], {"LAGUNA_LANGUAGE": "ru", "LANG": "en_US.UTF-8"}, "ru"),
        (["games"], {"LAGUNA_LANGUAGE": "", "LANG": "ru_RU.UTF-8"}, "ru"),
        (["--language", "en", "games"], {"LAGUNA_LANGUAGE": "ru", "LANG": "ru_RU.UTF-8"}, "en"),
        (["--language=ru", "games"], {}, "ru"),
        (["--language", "RU", "play", "--help"], {}, "ru"),
        (["games", "--language", "ru"], {}, "en"),  # after the command it is not the global option
    ],
)
def test_the_option_beats_the_variable_which_beats_the_locale(
    args: list[str], environ: dict[str, str], expected: str
) -> None:
    assert choose_language(args, environ) == expected


def test_an_unknown_language_is_refused_naming_ours() -> None:
    with pytest.raises(OptionsError, match=r"'de'.*en \(English\), ru \(Русский\)"):
        choose_language(["--language", "de", "games"], {})
    with pytest.raises(OptionsError, match="LAGUNA_LANGUAGE"):
        choose_language(["games"], {"LAGUNA_LANGUAGE": "klingon"})


def test_an_unknown_language_on_the_command_line_is_one_error_line() -> None:
    line = error_line(run("--language", "de", "games"))
    assert line == "error: unknown language 'de' in --language (languages: en (English), ru (Русский))"
    line = error_line(run("games", LAGUNA_LANGUAGE="xx"))
    assert line.startswith("error: unknown language 'xx' in LAGUNA_LANGUAGE")


def test_english_is_the_default() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "Games" in result.stdout and "players" in result.stdout


def test_the_language_option_is_in_the_help() -> None:
    result = run("--help")
    assert result.exit_code == 0, result.output
    assert "--language" in result.stdout and "en|ru" in result.stdout


# ------------------------------------------------------------------ Russian (needs the Russian catalogue)


def test_games_in_russian_by_the_option() -> None:
    result = run("--language", "ru", "games")
    assert result.exit_code == 0, result.output
    assert "Игры" in result.stdout
    for heading in ("идентификатор", "название", "игроки", "описание", "тип", "по умолчанию"):
        assert heading in result.stdout
    assert "walking-in-burano" in result.stdout  # ids are notation


def test_the_locale_alone_chooses_russian() -> None:
    result = run("games", LANG="ru_RU.UTF-8")
    assert result.exit_code == 0, result.output
    assert "Игры" in result.stdout and "Games" not in result.stdout
    assert "Игры" in run("games", LAGUNA_LANGUAGE="ru", LANG="en_US.UTF-8").stdout
    assert "Games" in run("--language", "en", "games", LAGUNA_LANGUAGE="ru").stdout


def test_the_help_is_russian() -> None:
    result = run("--language", "ru", "--help")
    assert result.exit_code == 0, result.output
    for text in ("Использование:", "Настольные игры Венецианской лагуны", "Команды", "Параметры", "Язык вывода"):
        assert text in result.stdout
    assert "Показать эту справку и выйти." in result.stdout
    assert "Show this message" not in result.stdout
    assert "Board games" not in result.stdout


@pytest.mark.parametrize("command", ["play", "simulate", "tournament", "solo", "replay", "bench", "serve", "games"])
def test_every_commands_help_is_russian(command: str) -> None:
    english = run(command, "--help")
    russian = run(command, "--help", LANG="ru_RU.UTF-8")
    assert english.exit_code == russian.exit_code == 0, russian.output
    assert "Использование:" in russian.stdout and "Usage:" not in russian.stdout
    # Every help sentence of English ends in a full stop and none of them is left in the Russian page.
    sentences = re.findall(r"[A-Z][a-z][^.│]{8,}\.", english.stdout)
    assert sentences
    for sentence in sentences:
        assert sentence not in russian.stdout


def test_the_play_help_is_russian() -> None:
    result = run("--language", "ru", "play", "--help")
    assert result.exit_code == 0, result.output
    for text in ("Сыграть партию в терминале", "Число мест за столом.", "Аргументы", "--seats"):
        assert text in result.stdout


def test_a_terminal_game_in_russian_keeps_the_notation() -> None:
    lines = ["help", "fly to the moon", "1", "quit"]
    result = run("--language", "ru", "play", GAME, "--seats", "human,random", "--seed", "0", stdin="\n".join(lines))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Прогуливаясь по Бурано · раунд 1" in out
    assert "Резерв этажей" in out and "Персонажи:" in out and "Мэр ×" in out
    assert "Игрок 1 (человек) решает:" in out
    assert "Нотация:" in out and "take c3 f1-2" in out  # the notation is not translated
    assert "не принято:" in out  # the illegal line, refused in Russian
    assert "Игрок 1 (человек): take" in out
    assert "Вы вышли из партии; она остаётся незаконченной." in out


def test_a_bot_game_ends_with_a_russian_score_sheet() -> None:
    result = run("--language", "ru", "play", GAME, "--seats", "random,random", "--seed", "5")
    assert result.exit_code == 0, result.output
    assert "Итоговый счёт" in result.stdout and "всего" in result.stdout and "★ 1" in result.stdout
    assert "Игрок 1 (random)" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("play", GAME, "--seats", "human,wizard"), "неизвестный вид места 'wizard'"),
        (("simulate", GAME, "--bots", "random,wizard", "--games", "1"), "неизвестный бот 'wizard'"),
        (("simulate", GAME, "--games", "0"), "число партий должно быть не меньше 1"),
        (("tournament", GAME, "--bots", "random,random", "--out", "x", "--backend", "foo"), "неизвестный бэкенд 'foo'"),
        (("play", GAME, "--option", "nope=1"), "'nope'"),
    ],
)
def test_a_bad_option_is_a_russian_error_line(args: tuple[str, ...], fragment: str) -> None:
    line = error_line(run("--language", "ru", *args, stdin="quit\n"))
    assert line.startswith("ошибка: ")
    assert fragment in line


def test_a_bad_language_is_reported_in_the_locales_language() -> None:
    line = error_line(run("--language", "de", "games", LANG="ru_RU.UTF-8"))
    assert line == "ошибка: неизвестный язык 'de' в --language (языки: en (English), ru (Русский))"


def test_a_simulation_reports_in_russian(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run("--language", "ru", "simulate", GAME, "--games", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Длина партий" in result.stdout and "средний счёт" in result.stdout
    assert f"в {out} записаны 2 партии" in " ".join(result.stdout.split())
    replayed = run("--language", "ru", "replay", str(out))
    assert "проверены 2 записи" in replayed.stdout


# ------------------------------------------------------------------ the catalogue


def _cli_messages() -> Iterator[tuple[str | tuple[str, ...], int]]:
    for path in CLI_SOURCES:
        for lineno, message, _comments, _context in extract_from_file("python", path, keywords=KEYWORDS):
            yield message, lineno


def test_every_string_of_the_command_line_is_in_russian() -> None:
    with CATALOGUE.open("rb") as source:
        catalogue = read_po(source, locale="ru")
    missing = []
    for message, _ in _cli_messages():
        key = message[0] if isinstance(message, tuple) else message
        entry = catalogue.get(key)
        strings = entry.string if entry is not None else ""
        texts = [str(text) for text in strings] if isinstance(strings, tuple | list) else [str(strings or "")]
        if entry is None or entry.fuzzy or not all(texts):
            missing.append(key)
            continue
        placeholders = set(re.findall(r"\{\w+\}", " ".join(message if isinstance(message, tuple) else (message,))))
        for text in texts:
            assert set(re.findall(r"\{\w+\}", text)) == placeholders, (key, text)
    assert not missing, missing
