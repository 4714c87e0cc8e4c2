"""The language of a run of ``laguna``, chosen as a Unix program chooses (`choose_language`):
``--language`` before the command, else ``$LAGUNA_LANGUAGE``, else the locale; and the command classes
that put the help texts (written in English, marked with ``N_``), the usage line, the panel titles and
the ``--help`` option into that language when the run starts (`LagunaGroup.main`).

Every error a user can cause is a `LagunaError`, said as one ``error: …`` line on stderr with exit code 2
(1 when a record fails verification), never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from laguna.core import LagunaError, OptionsError
from laguna.core.messages import Message, msg
from laguna.i18n import DEFAULT, LANGUAGES, N_, gettext, language, translate

if TYPE_CHECKING:
    from typer._click import Command, Context, HelpFormatter


EXIT_ERROR = 2
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130

LANGUAGE_VARIABLE = "LAGUNA_LANGUAGE"
"""The environment variable that names the language of the output, before the locale does."""

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The POSIX variables that name the locale of messages, strongest first (after ``LANGUAGE``)."""


def _locale_language(name: str) -> str:
    """The language part of a locale name: ``ru_RU.UTF-8`` → ``ru``."""
    return re.split(r"[_.@-]", name.strip(), maxsplit=1)[0].lower()


def locale_language(environ: Mapping[str, str]) -> str:
    """The language the locale asks for: the first of ours in the ``LANGUAGE`` list, else that of the
    first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set; English if that one is not ours.

    >>> locale_language({"LANG": "ru_RU.UTF-8"}), locale_language({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"})
    ('ru', 'en')
    """
    for wanted in environ.get("LANGUAGE", "").split(":"):
        if _locale_language(wanted) in LANGUAGES:
            return _locale_language(wanted)
    for variable in LOCALE_VARIABLES:
        if environ.get(variable):
            code = _locale_language(environ[variable])
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def _option_language(args: Sequence[str]) -> str | None:
    """The value of ``--language`` among the options before the command, if it is there."""
    for index, arg in enumerate(args):
        if arg.startswith("--language="):
            return arg.partition("=")[2]
        if arg == "--language":
            return args[index + 1] if index + 1 < len(args) else None
        if arg == "--" or not arg.startswith("-"):
            break
    return None


def choose_language(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of a run of ``laguna`` with `args`: ``--language`` before the command, else
    ``$LAGUNA_LANGUAGE``, else the locale (`locale_language`). A language of neither that is not one
    of ours is an `OptionsError`.

    >>> choose_language(["--language", "ru", "games"], {"LAGUNA_LANGUAGE": "en"})
    'ru'
    """
    named = ((_option_language(args), "--language"), (environ.get(LANGUAGE_VARIABLE) or None, LANGUAGE_VARIABLE))
    for value, source in named:
        if value is None:
            continue
        code = value.strip().lower()
        if code not in LANGUAGES:
            languages = ", ".join(f"{known} ({name})" for known, name in LANGUAGES.items())
            raise OptionsError(
                msg(
                    "unknown language {language} in {source} (languages: {languages})",
                    language=repr(value),
                    source=source,
                    languages=languages,
                )
            )
        return code
    return locale_language(environ)


def _error_language(environ: Mapping[str, str]) -> str:
    """The language to say that the language asked for is unknown in."""
    with contextlib.suppress(LagunaError):
        return choose_language((), environ)
    return locale_language(environ)


def _echo_error(message: Message | str) -> None:
    """One ``error: …`` line on stderr, in the language in force."""
    text = " ".join(translate(message).split())
    typer.echo(gettext("error: {message}").format(message=text), err=True)


HELP_OPTION_HELP = N_("Show this message and exit.")
ARGUMENTS_PANEL = N_("Arguments")
OPTIONS_PANEL = N_("Options")
COMMANDS_PANEL = N_("Commands")


def _translate_help(command: Command) -> None:
    """Put the help of `command`, of its parameters and of its subcommands into the language in force.

    Typer builds the click commands anew for every run, so they are translated once, from English.
    Each parameter and subcommand also gets its panel title, which otherwise Typer would word itself.
    """
    command.help = gettext(command.help) if command.help else command.help
    command.short_help = gettext(command.short_help) if command.short_help else command.short_help
    command.options_metavar = gettext("[OPTIONS]") if command.options_metavar else command.options_metavar
    for param in command.params:
        if isinstance(param, TyperArgument | TyperOption):
            param.help = gettext(param.help) if param.help else param.help
            if not param.rich_help_panel:
                panel = ARGUMENTS_PANEL if isinstance(param, TyperArgument) else OPTIONS_PANEL
                param.rich_help_panel = gettext(panel)
    if isinstance(command, TyperGroup):
        command.subcommand_metavar = gettext("COMMAND [ARGS]...")
        for subcommand in command.commands.values():
            _translate_help(subcommand)
            if isinstance(subcommand, TyperCommand | TyperGroup) and not subcommand.rich_help_panel:
                subcommand.rich_help_panel = gettext(COMMANDS_PANEL)


def _translated_help_option(option: TyperOption | None) -> TyperOption | None:
    if option is not None:
        option.help = gettext(HELP_OPTION_HELP)
        option.rich_help_panel = gettext(OPTIONS_PANEL)
    return option


def _write_usage(command: Command, ctx: Context, formatter: HelpFormatter) -> None:
    pieces = " ".join(command.collect_usage_pieces(ctx))
    formatter.write_usage(ctx.command_path, pieces, prefix=gettext("Usage: "))


class LagunaCommand(TyperCommand):
    """A command whose usage line and ``--help`` option are worded in the language in force."""

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        return _translated_help_option(super().get_help_option(ctx))


class LagunaGroup(TyperGroup):
    """The ``laguna`` command, which chooses the language of a run before Click reads a word of it,
    so that help, usage and errors are all in that language."""

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        return _translated_help_option(super().get_help_option(ctx))

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run in the chosen language; an unknown language, or any `LagunaError` that escapes a
        command, ends in one ``error: …`` line and exit code 2, never a traceback."""
        try:
            code = choose_language(sys.argv[1:] if args is None else args, os.environ)
        except LagunaError as error:
            with language(_error_language(os.environ)):
                _echo_error(error.message)
            raise SystemExit(EXIT_ERROR) from None
        with language(code):
            _translate_help(self)
            try:
                return super().main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
            except LagunaError as error:
                _echo_error(error.message)
                raise SystemExit(EXIT_ERROR) from None
            except KeyboardInterrupt:
                typer.echo(gettext("interrupted"), err=True)
                raise SystemExit(EXIT_INTERRUPTED) from None
