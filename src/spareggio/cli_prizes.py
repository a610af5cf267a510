"""The ``prizes`` command and the options that record decisions (playoffs, the arbiter's order, the
drawing of lots, exclusions) on top of a tournament file, shared with ``standings``."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import click

from .decisions import Decisions, merged, parse_exclusion_option, parse_playoff_option
from .errors import check_language
from .i18n import msg
from .prizes import PrizeList
from .render.formats import formats_for

__all__ = ["decision_options", "prizes_cmd", "write_decided_trf"]

_FORMATS = tuple(f.name for f in formats_for(PrizeList))


def decision_options(f: Callable[..., None]) -> Callable[..., None]:
    """Add --playoff, --arbiter, --lots, --exclude and --save-trf; the command receives
    ``decisions`` (the options' decisions, to give on top of the file's) and ``save_trf``."""

    @functools.wraps(f)
    def wrapper(*args: Any, playoff: tuple[str, ...], arbiter: tuple[str, ...], lots: str | None,
                exclude: tuple[str, ...], **kwargs: Any) -> None:  # fmt: skip
        playoffs = [parse_playoff_option(v, "playoff") for v in playoff]
        playoffs += [parse_playoff_option(v, "arbiter") for v in arbiter]
        given = merged(Decisions(), playoffs, [parse_exclusion_option(v) for v in exclude], lots)
        f(*args, decisions=Decisions(given.playoffs, given.lots_seed, "option", given.exclusions), **kwargs)

    options = (
        click.option("--playoff", multiple=True, metavar="NUMBERS:SCORE",
                     help="A playoff deciding a tie: start numbers first to last, then its score (--playoff 7,1:1½-½)."),
        click.option("--arbiter", multiple=True, metavar="NUMBERS:REASON",
                     help="An order the arbiter decided for a tie (--arbiter 4,3:coin toss)."),
        click.option("--lots-seed", "lots", metavar="SEED", help="Draw lots for the ties left, with this seed (printed with the result)."),
        click.option("--exclude", multiple=True, metavar="NUMBER:REASON",
                     help="Leave a player out of the ranking (--exclude 5:expelled); his games count for the others."),
        click.option("--save-trf", type=click.Path(dir_okay=False),
                     help="Also write the tournament with these decisions and the log of changes as TRF."),
    )  # fmt: skip
    command: Callable[..., None] = wrapper
    for option in reversed(options):
        command = option(command)
    return command


def write_decided_trf(path: str | None, s: Any) -> None:
    """Write the tournament of the standings ``s`` with the decisions that made them (records XPO,
    XLT, XEX and the log of changes XCL) and the list used (212) to ``path``, when given."""
    if not path:
        return
    from .io.output import write_atomic
    from .io.trf import write_trf

    t = s.tournament
    labels = list(s.labels) + (["RND"] if s.decisions.lots_seed is not None else [])
    write_atomic(path, write_trf(dataclasses.replace(t, decisions=s.decisions, tiebreak_list=tuple(labels))))


def _language(value: str | None) -> str:
    if value is None:
        ctx = click.get_current_context(silent=True)
        if ctx is not None:
            value = ctx.find_root().params.get("lang")
    return check_language(value)


@click.command("prizes")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--prizes", "prize_file", required=True, type=click.Path(dir_okay=False),
              help="The prize file (TOML, JSON or YAML): categories, amounts, sharing.")  # fmt: skip
@click.option(
    "-t", "--tiebreaks", help="Comma-separated list; end it with RND to draw lots (default: the file's list)."
)
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option("-a", "--after-round", type=int, help="As the standings stood after this round.")
@click.option("-f", "--format", "fmt", type=click.Choice(_FORMATS),
              help="Output format (default: table, or the extension of -o: .txt .csv .json .html .pdf .xlsx).")  # fmt: skip
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (atomically).")
@click.option(
    "--lang", help="Language: en, it or fr, case-insensitive (default: the environment's LANG, else en)."
)
@click.option("-q", "--quiet", is_flag=True, help="Do not print warnings.")
@decision_options
def prizes_cmd(file: str, prize_file: str, tiebreaks: str | None, rules: str | None, after_round: int | None,
               fmt: str | None, output: str | None, lang: str | None, quiet: bool, decisions: Decisions,
               save_trf: str | None) -> None:  # fmt: skip
    """Award the prizes of a prize file on the final standings of FILE, and say why each went where
    it went: who was eligible, who was ahead, which tie-break decided."""
    from .io import read_tournament
    from .prizes import award_prizes, load_prize_file
    from .render.formats import choose_format, render
    from .standings import standings

    language = _language(lang)
    chosen = choose_format(fmt, output, PrizeList)
    spec = load_prize_file(prize_file)
    t = read_tournament(file)
    s = standings(t, tiebreaks, rules=rules, after_round=after_round, decisions=decisions)
    if not quiet:
        from .errors import Diagnostic
        from .i18n import localize

        lines = [
            localize(w.text() if isinstance(w, Diagnostic) else w, language)
            for w in [*t.warnings, *s.warnings]
        ]
        for line in dict.fromkeys(lines):
            click.echo(line, err=True)
    text = render(award_prizes(s, spec), chosen, lang=language)
    write_decided_trf(save_trf, s)
    if output:
        from .io.output import write_atomic

        write_atomic(output, text)
    elif isinstance(text, bytes):
        from .errors import ArgumentError

        raise ArgumentError(msg("PDF and XLSX output is binary: write it to a file with -o FILE"))
    else:
        click.echo(text, nl=False)
