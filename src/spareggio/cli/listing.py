"""``spareggio tiebreaks`` and ``spareggio rules``: what the program knows, in the user's language."""

from __future__ import annotations

import json

import click

from ..base.errors import ArgumentError
from ..base.i18n import Text, localize, msg
from ..core.programs import find_program, programs
from ..rules import RULESETS, program_rulesets
from ..tiebreaks import TIEBREAKS, Scope, catalogue, known_names, modifier_help
from ..tiebreaks.names import AMBIGUOUS
from .app import cli
from .common import LANG_HELP, LANG_METAVAR, choose_language

__all__ = ["rules_cmd", "tiebreaks_cmd"]


@cli.command("tiebreaks")
@click.option(
    "-f", "--format", "fmt", type=click.Choice(("table", "json")), default="table", show_default=True
)
@click.option(
    "--program",
    metavar="NAME",
    help="List the tie-break names a program prints (swiss-manager, sharly-chess, vega, lichess ...) "
    "and the specifier each stands for, with its source.",
)
@click.option("--lang", metavar=LANG_METAVAR, help=LANG_HELP)
def tiebreaks_cmd(fmt: str, program: str | None, lang: str | None) -> None:
    """List every supported tie-break."""
    language = choose_language(lang)

    def _(text: str, context: str = "listing") -> str:
        return localize(Text(text, context), language)

    if program is not None:
        _program_names(program, fmt, language)
        return

    def names(code: str) -> list[str]:
        return [
            name if spec == code else f"{name} = {spec}"
            for name, spec in known_names().items()
            if spec.split("/")[0] == code and name != code.lower()
        ]

    if fmt == "json":
        data = [
            {
                "code": d.code,
                "name": _(d.name, "tiebreak"),
                "article": d.article,
                "modifiers": modifier_help(d),
                "direction": d.direction.value,
                "aliases": list(d.aliases),
                "names": names(d.code),
                "description": _(d.description, "tiebreak.description"),
                "scope": d.scope.value,
            }
            for d in TIEBREAKS.values()
        ]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    rows = [
        (d.code, _(d.name, "tiebreak"), d.article, ", ".join(modifier_help(d)) or "-", _(d.direction.value),
         _(d.description, "tiebreak.description"))
        for d in catalogue(Scope.INDIVIDUAL)
    ]  # fmt: skip
    head = tuple(_(h) for h in ("Code", "Name", "Article", "Modifiers", "Direction", "Description"))
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(head[:-1])]
    for r in [head, *rows]:
        click.echo("  ".join(c.ljust(widths[k]) for k, c in enumerate(r[:-1])) + "  " + r[-1])

    click.echo("")

    shared = [d.code for d in TIEBREAKS.values() if d.scope is Scope.BOTH and d.code != "PTS"]
    click.echo(_("Team tie-breaks (also {codes} with :MP or :GP):").format(codes=", ".join(shared)))
    for d in TIEBREAKS.values():
        if d.scope is not Scope.TEAM:
            continue
        click.echo(
            f"  {d.code:<6} {_(d.name, 'tiebreak')} ({d.article}): {_(d.description, 'tiebreak.description')}"
        )
    click.echo("")
    click.echo(
        _(
            'Names accepted for the acronyms (case, accents, spaces and hyphens do not matter; "<name> cut 2", '
            '"<name> median 1" add the modifier):'
        )
    )
    for d in TIEBREAKS.values():
        known = names(d.code)
        if known:
            click.echo(f"  {d.code}: {', '.join(known)}")
    refused = "; ".join(
        f"{name} ({' / '.join(code for code, _ in choices)})" for name, choices in AMBIGUOUS.items()
    )
    click.echo(_("Refused as ambiguous: {names}").format(names=refused))


def _program_names(name: str, fmt: str, language: str) -> None:
    """``spareggio tiebreaks --program NAME``: a program's name table."""
    found = find_program(name)
    if found is None:
        raise ArgumentError(
            msg("unknown program {name!r}; the programs are: {known}", name=name, known=", ".join(programs()))
        )
    if fmt == "json":
        data = {
            "program": found.code,
            "title": found.title,
            "sources": list(found.sources),
            "names": [{"printed": n.text, "spec": n.spec, "source": n.source} for n in found.names],
        }
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    click.echo(f"{found.title} ({found.code})")
    for source in found.sources:
        click.echo(f"  {localize(Text('source', 'listing'), language)}: {source}")
    if not found.names:
        click.echo("  " + localize(msg("no printed names are known for this program"), language))
        return
    width = max(len(n.text) for n in found.names)
    for n in found.names:
        click.echo(f"  {n.text.ljust(width)}  {n.spec:<14} {n.source}")


@cli.command("rules")
@click.option("--lang", metavar=LANG_METAVAR, help=LANG_HELP)
def rules_cmd(lang: str | None) -> None:
    """List the rule sets for unplayed rounds."""
    language = choose_language(lang)
    for r in RULESETS.values():
        dates = ""
        if r.effective_from or r.effective_to:
            dates = f" [{r.effective_from or ''} .. {r.effective_to or ''}]"
        word = localize(Text("aliases", "listing"), language)
        aliases = f" ({word}: {', '.join(r.aliases)})" if r.aliases else ""
        click.echo(f"{r.name}{aliases}: {localize(Text(r.title, 'ruleset.title'), language)}{dates}")
        click.echo(f"    {localize(Text(r.description, 'ruleset.description'), language)}")
        click.echo(f"    {localize(Text('source', 'listing'), language)}: {r.source}")
        for o in r.options:
            choices = "|".join(o.choices)
            text = localize(Text(o.description, "ruleset.option"), language)
            click.echo(f"    {r.name}:{o.key}={choices} ({o.default}): {text}")
    click.echo("")
    click.echo(localize(msg("Program profiles (--rules NAME computes as the program does; docs/programs.md):"), language))
    for name, r in program_rulesets().items():
        program = r.program
        assert program is not None
        word = localize(Text("aliases", "listing"), language)
        others = [a for a in r.aliases if a != name]
        aliases = f" ({word}: {', '.join(others)})" if others else ""
        click.echo(f"{name}{aliases}: {program.title}, {r.base}")
        click.echo(f"    {localize(Text(r.description, 'ruleset.description'), language)}")
        for d in program.departures:
            click.echo(f"    {d.option} ({d.article}): {localize(Text(d.what, 'program.departure'), language)}")
        if program.continuation:
            click.echo("    " + localize(msg("after the list, unprinted: {criteria}", criteria=", ".join(program.continuation)), language))
