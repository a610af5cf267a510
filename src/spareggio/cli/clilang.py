"""The command line in the user's language: the help of every command and option, click's own words
around them (``Usage:``, ``Options``, ``[default: ...]``) and the usage errors click raises.

The English texts are the message ids of the catalogues: help texts in context ``help`` (as
:func:`inspect.cleandoc` leaves them), click's words and errors in context ``click``.  A language
other than English gets a copy of the command tree with its texts translated; the tree the program
defines is never changed.
"""

from __future__ import annotations

import copy
import inspect
import re
from collections.abc import Callable, Iterator

import click

from ..base.i18n import SOURCE, Choices, Field, Text, localize

__all__ = [
    "CLICK_ERRORS",
    "CLICK_WORDS",
    "LISTINGS",
    "METAVARS",
    "click_error",
    "flag",
    "flag_words",
    "help_texts",
    "localized_cli",
]

LISTINGS: dict[Field, str] = {Field.RULES: "spareggio rules", Field.TIEBREAKS: "spareggio tiebreaks"}
"""The command that lists the values of a field."""


def flag(field: Field) -> str:
    """The option of the command line that sets a field: ``--`` and its name with dashes
    (``after_round`` is ``--after-round``)."""
    return "--" + field.value.replace("_", "-")


def flag_words(field: Field | Choices, lang: str) -> str:
    """A field as the command line names it (:data:`spareggio.base.i18n.Wording`): its option, or the
    command that lists its values, in quotes; the same in every language."""
    if isinstance(field, Choices):
        return "'" + LISTINGS.get(field.field, flag(field.field)) + "'"
    return flag(field)

CLICK_WORDS = (
    "Usage:",
    "Options",
    "Commands",
    "Show this message and exit.",
    "[OPTIONS]",
    "COMMAND [ARGS]...",
    "default: {default}",
    "required",
)
"""The words click writes around the help texts."""

METAVARS = ("INTEGER RANGE", "FLOAT RANGE", "INTEGER", "FLOAT", "TEXT", "FILE", "PATH", "DIRECTORY")
"""The names click gives the values of options (``-n INTEGER``), longest first."""

CLICK_ERRORS = (
    "No such option {name}.",
    "Did you mean {possibility}?",
    "(Did you mean one of: {possibilities}?)",
    "Missing argument {name}.",
    "Missing option {name}.",
    "Missing parameter {name}.",
    "Invalid value for {name}: {problem}",
    "{value} is not a valid integer.",
    "{value} is not a valid float.",
    "{value} is not a valid integer range.",
    "{value} is not a valid float range.",
    "{value} is not a valid boolean.",
    "{value} is not one of {choices}.",
    "{value} is not in the range {range}.",
    "Got unexpected extra argument ({args})",
    "Got unexpected extra arguments ({args})",
    "No such command {name}.",
    "Option {name} requires an argument.",
    "Option {name} requires {count} arguments.",
    "Option {name} does not take a value.",
    "File {filename} is a directory.",
    "File {filename} does not exist.",
    "File {filename} is not readable.",
    "Path {filename} does not exist.",
    "Directory {filename} does not exist.",
    "{value} is not {choice}.",
)
"""The usage errors click raises, as click 8 writes them (``{name}`` fields match any text; the
first template that matches is used, so the most general come last)."""


def _commands(group: click.Command) -> Iterator[click.Command]:
    """Every command of a tree, loading those a lazy group has not loaded yet."""
    yield group
    if isinstance(group, click.Group):
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if command is not None:
                yield from _commands(command)


def help_texts(group: click.Command) -> list[str]:
    """Every help text of a command tree (commands and options), as the catalogues hold them."""
    found: list[str] = []
    for command in _commands(group):
        texts = [command.help, command.short_help]
        texts += [getattr(p, "help", None) for p in command.params]
        for text in texts:
            if text and inspect.cleandoc(text) not in found:
                found.append(inspect.cleandoc(text))
    return found


def localized_cli(group: click.Group, lang: str) -> click.Group:
    """``group`` speaking ``lang``: a copy whose help texts, click words and metavars are
    translated (``group`` itself when ``lang`` is English)."""
    if lang == SOURCE:
        return group

    def tr(text: str, context: str = "click", **values: object) -> str:
        return localize(Text(text, context, **values), lang)

    class Formatter(click.HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, prefix if prefix is not None else tr("Usage:") + " ")

        def write_heading(self, heading: str) -> None:
            super().write_heading(tr(heading))

    class Context(click.Context):
        formatter_class = Formatter

    tree = copy.deepcopy(group)
    for command in _loaded(tree):
        _localized(command, tr, Context)
    return tree


def _loaded(group: click.Command) -> Iterator[click.Command]:
    """The commands of a tree already loaded (a lazy group loads the others when they are asked
    for: :func:`_localized` makes it translate them then)."""
    yield group
    if isinstance(group, click.Group):
        for command in group.commands.values():
            yield from _loaded(command)


def _localized(command: click.Command, tr: Callable[..., str], context: type[click.Context]) -> None:
    """Translate one command's texts in place; a group that loads its commands by name (with the
    methods ``say`` and ``loaded``, as :class:`spareggio.cli.app.LazyGroup`) translates the help it
    lists and the commands it loads."""
    command.context_class = context
    if command.help:
        command.help = tr(inspect.cleandoc(command.help), "help")
    if command.short_help:
        command.short_help = tr(inspect.cleandoc(command.short_help), "help")
    command.options_metavar = tr(command.options_metavar or "[OPTIONS]")
    if isinstance(command, click.Group):
        command.subcommand_metavar = tr(command.subcommand_metavar or "COMMAND [ARGS]...")
        if hasattr(command, "say") and hasattr(command, "loaded"):
            original = command.loaded

            def loaded(sub: click.Command) -> click.Command:
                sub = copy.deepcopy(original(sub))
                for each in _loaded(sub):
                    _localized(each, tr, context)
                return sub

            command.__dict__["say"] = lambda text: tr(inspect.cleandoc(text), "help")
            command.__dict__["loaded"] = loaded
    for param in command.params:
        if isinstance(param, click.Option):
            if param.help:
                param.help = tr(inspect.cleandoc(param.help), "help")
            param.get_help_record = _record(param.get_help_record, tr)  # type: ignore[method-assign,assignment]
    command.get_help_option = _help_option(command.get_help_option, tr)  # type: ignore[method-assign,assignment]


def _record(
    original: Callable[[click.Context], tuple[str, str] | None], tr: Callable[..., str]
) -> Callable[[click.Context], tuple[str, str] | None]:
    """An option's help line with its metavar and its ``[default: ...; required]`` translated."""

    def extra(m: re.Match[str]) -> str:
        items = []
        for item in m.group(1).split("; "):
            if item == "required":
                items.append(tr("required"))
            elif item.startswith("default: "):
                items.append(tr("default: {default}", default=item.removeprefix("default: ")))
            else:
                items.append(item)
        return "[" + "; ".join(items) + "]"

    def record(ctx: click.Context) -> tuple[str, str] | None:
        found = original(ctx)
        if found is None:
            return None
        names, text = found
        for metavar in METAVARS:
            if names.endswith(" " + metavar):
                names = names.removesuffix(metavar) + tr(metavar)
                break
        return names, re.sub(r"\[([^\[\]]*)\]$", extra, text)

    return record


def _help_option(
    original: Callable[[click.Context], click.Option | None], tr: Callable[..., str]
) -> Callable[[click.Context], click.Option | None]:
    def help_option(ctx: click.Context) -> click.Option | None:
        option = original(ctx)
        if option is not None and option.help == "Show this message and exit.":
            option.help = tr(option.help)
        return option

    return help_option


def click_error(exc: click.ClickException, lang: str) -> str:
    """The message of a usage error click raised, in ``lang`` (click's English where no template
    makes it)."""
    if lang == SOURCE:
        return exc.format_message()
    if isinstance(exc, click.NoSuchOption):
        text = _recognised(lang, exc.message)
        if exc.possibilities:
            possible = ", ".join(repr(p) for p in sorted(exc.possibilities))
            template = (
                "Did you mean {possibility}?"
                if len(exc.possibilities) == 1
                else "(Did you mean one of: {possibilities}?)"
            )
            hint = localize(Text(template, "click", possibility=possible, possibilities=possible), lang)
            text = f"{text} {hint}"
        return text
    return _recognised(lang, exc.format_message(), nested="problem")


def _recognised(lang: str, text: str, nested: str | None = None) -> str:
    """A usage error click wrote in English, in ``lang``: the first of :data:`CLICK_ERRORS` that
    makes ``text`` is recognised, translated and filled with the same values; the field ``nested``,
    when given, is itself such a sentence.  Text no template makes stays in English.

    Click builds its messages with its own gettext calls, not with :class:`spareggio.base.i18n.Text`, so
    recognising them is the only way to say them in the user's language; spareggio's own sentences
    are :class:`~spareggio.base.i18n.Text` values and are never parsed back."""
    for template in CLICK_ERRORS:
        fields = re.findall(r"{(\w+)}", template)
        pattern = "^" + re.sub(r"\\{(\w+)\\}", r"(?P<\1>.+?)", re.escape(template)) + "$"
        m = re.match(pattern, text, re.DOTALL)
        if m is not None:
            values = {f: m.group(f) for f in fields}
            if nested in values:
                values[nested] = _recognised(lang, values[nested], nested)
            return localize(Text(template, "click", **values), lang)
    return text
