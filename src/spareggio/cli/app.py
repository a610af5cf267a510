"""The ``spareggio`` command group.  Its commands are loaded by name when they run
(:data:`spareggio.lazy.COMMANDS`, click's lazy group): ``spareggio --help`` lists them from their
help texts without importing a single one."""

from __future__ import annotations

import gc

import click

from ..__about__ import __version__
from ..lazy import COMMANDS, command_help, load
from .language import LANG_METAVAR, choose_language

__all__ = ["LazyGroup", "cli"]


class LazyGroup(click.Group):
    """A click group whose commands are the names of :data:`~spareggio.lazy.COMMANDS`, each imported
    the first time it is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands or cmd_name not in COMMANDS:
            return super().get_command(ctx, cmd_name)
        # loading a command imports the engine: a few hundred modules and classes, no garbage
        # cycles to find, so the cyclic collector waits (a tenth of a command's start-up)
        gc.disable()
        try:
            command = load(f"command.{cmd_name}")
        finally:
            _settle()
            gc.enable()
        if not isinstance(command, click.Command):
            raise TypeError(f"{COMMANDS[cmd_name]} is not a click command")
        return self.loaded(command)

    def loaded(self, command: click.Command) -> click.Command:
        """A command just loaded, as this group shows it (a translated copy of the group,
        :func:`spareggio.cli.clilang.localized_cli`, translates it)."""
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        limit = formatter.width - 6 - max((len(name) for name in self.list_commands(ctx)), default=0)
        for name in self.list_commands(ctx):
            if name in self.commands:
                rows.append((name, self.commands[name].get_short_help_str(limit)))
                continue
            text = command_help(name) or ""
            rows.append((name, click.Command(name, help=self.say(text)).get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def say(self, text: str) -> str:
        """A help text in the group's language (English here; a translated copy overrides it)."""
        return text


def _settle() -> None:
    """Move what loading made to the collector's oldest generation, unexamined.

    Made while the collector waited, the modules, classes and functions of a command are all in its
    youngest generation, which it examines whenever a few hundred objects more have been made: the
    first such examination, early in the command's work, would walk every one of them (4 ms of a
    command of 90).  They live as long as the process does.  :func:`gc.freeze` sets every object
    aside and :func:`gc.unfreeze` puts them back, in the oldest generation; not done when the
    program that called the command keeps objects set aside itself (it would undo that)."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="spareggio")
@click.option(
    "--lang", metavar=LANG_METAVAR, help="Language of every command (default: the environment's LANG, else English)."
)
def cli(lang: str | None) -> None:
    """Chess tie-breaks computed exactly, under the rule set that applies, and explained."""
    choose_language(lang)  # an unknown language is an error before any command runs
