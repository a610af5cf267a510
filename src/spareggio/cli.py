"""The ``spareggio`` command line.  Thin: every command calls the library and renders its result.

Any :class:`~spareggio.errors.SpareggioError` (and any usage error) becomes one line on standard
error and exit status 2; nothing the user can provoke prints a traceback.
"""

from __future__ import annotations

import datetime
import functools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import click

from .__about__ import __version__
from .cli_check import check_command
from .cli_crosstable import crosstable_command
from .cli_prizes import decision_options, prizes_cmd, write_decided_trf
from .clilang import click_error, localized_cli
from .compare import Comparison
from .console import console
from .errors import ArgumentError, Diagnostic, SpareggioError, os_reason
from .explain import PlayerExplanation
from .i18n import localize, msg
from .io.output import write_atomic
from .render.formats import choose_format, formats_for, render
from .standings import Standings

__all__ = ["cli", "main"]

LANG_HELP = "Language: en, it or fr, case-insensitive (default: the environment's LANG, else en)."
PUBLISH_FORMATS = tuple(f.name for f in formats_for(Standings))
"""What ``standings`` writes; ``-o FILE`` chooses by the extension when ``--format`` is not given."""
EXPLAIN_FORMATS = tuple(f.name for f in formats_for(PlayerExplanation))
COMPARE_FORMATS = tuple(f.name for f in formats_for(Comparison))


def _emit(text: str | bytes, output: str | None) -> None:
    """Write ``text`` to the file ``output`` (whole or not at all, never over an input of the
    command), else to standard output."""
    if output:
        write_atomic(output, text, inputs=_inputs())
    elif isinstance(text, bytes):
        raise ArgumentError(msg("PDF and XLSX output is binary: write it to a file with -o FILE"))
    else:
        click.echo(text, nl=False)


def _inputs() -> list[str]:
    """Every path the running command was given (its arguments and options but ``-o``)."""
    ctx = click.get_current_context(silent=True)
    found: list[str] = []
    for key, value in ctx.params.items() if ctx is not None else ():
        if key == "output":
            continue
        for item in value if isinstance(value, tuple | list) else (value,):
            if isinstance(item, str) and item:
                found.append(item)
    return found


def _language(value: str | None) -> str:
    """``--lang`` of a command, case-insensitive; by default the one given before the command
    (``spareggio --lang it standings ...``), else the environment's language (LANG), else English."""
    from .errors import check_language

    if value is None:
        ctx = click.get_current_context(silent=True)
        if ctx is not None:
            value = ctx.find_root().params.get("lang")
    return check_language(value)


def _argv_language(args: Sequence[str]) -> str:
    """The language a command line asks for (``--lang X`` or ``--lang=X``), else the
    environment's: what errors and help are printed in, before the command itself has run."""
    from .errors import check_language
    from .i18n import default_language

    value = None
    for k, arg in enumerate(args):
        if arg == "--lang" and k + 1 < len(args):
            value = args[k + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
    try:
        return check_language(value)
    except SpareggioError:
        return default_language()


def _print_warnings(items: Sequence[object], quiet: bool, lang: str = "en") -> None:
    if quiet:
        return
    seen: set[str] = set()
    for w in items:
        text = w.text() if isinstance(w, Diagnostic) else w
        line = localize(text, lang)
        if "warning:" not in str(text):
            line = localize(msg("warning: {text}", text=text), lang)
        if line not in seen:
            seen.add(line)
            click.echo(line, err=True)


def _kind_option(swiss: bool, round_robin: bool) -> Any:
    from .errors import ArgumentError
    from .model import TournamentKind

    if swiss and round_robin:
        raise ArgumentError(msg("--swiss and --round-robin cannot be used together"))
    if swiss:
        return TournamentKind.SWISS
    if round_robin:
        return TournamentKind.ROUND_ROBIN
    return None


@dataclass(frozen=True)
class EventOptions:
    """The options every command that reads a tournament shares."""

    after_round: int | None
    output: str | None
    swiss: bool
    round_robin: bool
    unrated_rating: int | None
    quiet: bool
    lenient: bool
    primary: str | None = None
    input_format: str | None = None
    rating: str | None = None
    byes: str | None = None

    def load(self, file: str) -> Any:
        """Read the tournament (any format of the reader registry) as these options ask."""
        from .io import read_tournament

        if self.primary is not None:
            from .errors import ArgumentError
            from .i18n import msg

            raise ArgumentError(
                msg(
                    "--primary {score}: {file} is not a team event (no records 310 or 013)",
                    score=self.primary, file=file,
                )
            )  # fmt: skip
        return read_tournament(
            file,
            kind=_kind_option(self.swiss, self.round_robin),
            lenient=self.lenient,
            fmt=self.input_format,
            rating=self.rating,  # type: ignore[arg-type]  # click's choice
            byes=self.byes,
        )


_EVENT_OPTIONS = (
    click.option("-a", "--after-round", type=int, help="As the standings stood after this round."),
    click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (atomically)."),
    click.option("--swiss", is_flag=True, help="Treat the event as a Swiss (Article 16)."),
    click.option("--round-robin", is_flag=True, help="Treat the event as a round robin (Article 15)."),
    click.option(
        "--unrated-rating", type=int, help="Rating that unrated players count as in rating tie-breaks."
    ),
    click.option("-q", "--quiet", is_flag=True, help="Do not print warnings."),
    click.option(
        "--lenient",
        is_flag=True,
        help="Repair a game whose two sides disagree (a warning says how) instead of refusing the file.",
    ),
    click.option(
        "--primary",
        type=click.Choice(["MP", "GP"], case_sensitive=False),
        help="Team events: rank the teams by match points or game points (default: record 192, else MP).",
    ),
    click.option(
        "--input-format",
        metavar="FORMAT",
        help="The format of the file (trf, json, ...), when its content and name do not tell it.",
    ),
    click.option(
        "--rating",
        type=click.Choice(["fide", "national"], case_sensitive=False),
        help="The rating of rating tie-breaks: FIDE or national (TRF-26 record 172; default: as the file says, else FIDE).",
    ),
    click.option(
        "--byes",
        type=click.Choice(["absent", "zero", "half", "full", "pab"], case_sensitive=False),
        help="PGN: how a round in which a player has no game counts (PGN cannot tell a bye from an "
        "absence): absent (default; not paired, no point), zero, half or full (requested byes), pab "
        "(pairing-allocated bye).",
    ),
)


def event_options(f: Callable[..., None]) -> Callable[..., None]:
    """Add the shared options to a command, passed to it as one ``opts: EventOptions``."""

    @functools.wraps(f)
    def wrapper(
        *args: Any,
        after_round: int | None,
        output: str | None,
        swiss: bool,
        round_robin: bool,
        unrated_rating: int | None,
        quiet: bool,
        lenient: bool,
        primary: str | None,
        input_format: str | None,
        rating: str | None,
        byes: str | None,
        **kwargs: Any,
    ) -> None:
        opts = EventOptions(
            after_round, output, swiss, round_robin, unrated_rating, quiet, lenient,
            primary.upper() if primary else None,
            input_format.lower() if input_format else None,
            rating.lower() if rating else None,
            byes.lower() if byes else None,
        )  # fmt: skip
        f(*args, opts=opts, **kwargs)

    command: Callable[..., None] = wrapper
    for option in reversed(_EVENT_OPTIONS):
        command = option(command)
    return command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="spareggio")
@click.option(
    "--lang", help="Language of every command: en, it or fr (default: the environment's LANG, else en)."
)
def cli(lang: str | None) -> None:
    """Chess tie-breaks computed exactly, under the rule set that applies, and explained."""
    _language(lang)  # an unknown language is an error before any command runs


@cli.command("standings")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "-t", "--tiebreaks", help='Comma-separated list, e.g. "BH/C1,BH,SB" (default: the file\'s list).'
)
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(PUBLISH_FORMATS),
    help="Output format (default: table, or the extension of -o: .txt .csv .json .html .pdf .xlsx).",
)
@click.option("--lang", help=LANG_HELP)
@click.option("--csv-locale", help="CSV for en, it or fr spreadsheets (default: the --lang language).")
@click.option("--individual", is_flag=True, help="In a team event, rank the players instead of the teams.")
@event_options
@decision_options
def standings_cmd(
    file: str,
    tiebreaks: str | None,
    rules: str | None,
    fmt: str | None,
    lang: str | None,
    csv_locale: str | None,
    individual: bool,
    opts: EventOptions,
    decisions: Any = None,
    save_trf: str | None = None,
) -> None:
    """Rank FILE (a FIDE TRF tournament report, or a tournament JSON file) with its tie-breaks.
    A team event (TRF records 310 or 013) is ranked by teams."""
    from . import standings

    language = _language(lang)
    chosen = choose_format(fmt, opts.output, Standings)
    team = _team_event(file, opts, players_only=individual) if not file.lower().endswith(".json") else None
    if team is not None and not individual:
        from .teams import team_standings

        s = team_standings(team, tiebreaks, rules=rules, after_round=opts.after_round)
        _print_warnings(s.warnings, opts.quiet, language)
    else:
        t = team if team is not None else opts.load(file)
        if team is not None and tiebreaks is None:
            from .standings import DEFAULT_SWISS

            tiebreaks = ",".join(DEFAULT_SWISS)  # the file's own list ranks the teams
        s = standings(
            t, tiebreaks, rules=rules, after_round=opts.after_round, unrated_rating=opts.unrated_rating,
            decisions=decisions,
        )  # fmt: skip
        _print_warnings([*t.warnings, *s.warnings], opts.quiet, language)
        write_decided_trf(save_trf, s)
    _emit(
        render(s, chosen, lang=language, csv_locale=_language(csv_locale) if csv_locale else None),
        opts.output,
    )


def _team_event(file: str, opts: EventOptions, *, players_only: bool = False) -> Any:
    """The team event in a TRF file, or None for an individual tournament; with ``players_only``
    the players of a team event (its team records are not read: --individual)."""
    from .io.trf import parse_trf
    from .teams import is_team_file, parse_team_event

    try:
        with open(file, "rb") as handle:
            head = handle.read()
    except OSError:
        return None  # the reader reports it
    if not is_team_file(head):
        return None
    kind = _kind_option(opts.swiss, opts.round_robin)
    if players_only:
        return parse_trf(head, file, lenient=opts.lenient, kind=kind, team_event=True)
    ev = parse_team_event(head, file, lenient=opts.lenient, kind=kind)
    return ev.with_primary(opts.primary) if opts.primary else ev


@cli.command("generate")
@click.option(
    "-n",
    "--players",
    type=click.IntRange(2, 1_000_000),
    required=True,
    help="Number of players (at most 9999 in a TRF file).",
)
@click.option("-r", "--rounds", type=click.IntRange(1, 99), required=True, help="Number of rounds.")
@click.option("-s", "--seed", type=int, required=True, help="Random seed: the same seed gives the same file.")
@click.option("--round-robin", is_flag=True, help="Berger round robin (C.05 Annex 1) instead of a Swiss.")
@click.option(
    "--half-byes",
    type=click.FloatRange(0, 1),
    default=0.02,
    show_default=True,
    help="Requested half-point byes, per player and round (Swiss).",
)
@click.option(
    "--zero-byes",
    type=click.FloatRange(0, 1),
    default=0.01,
    show_default=True,
    help="Requested zero-point byes, per player and round (Swiss).",
)
@click.option(
    "--forfeits",
    type=click.FloatRange(0, 1),
    default=0.01,
    show_default=True,
    help="Forfeited games, per game (a tenth of them double forfeits).",
)
@click.option(
    "--withdrawals",
    type=click.FloatRange(0, 1),
    default=0.02,
    show_default=True,
    help="Players who withdraw before the last round (Swiss).",
)
@click.option(
    "--pab/--no-pab",
    default=True,
    show_default=True,
    help="Give the odd player out a pairing-allocated bye, or leave him unpaired.",
)
@click.option(
    "--start-date",
    type=click.DateTime(formats=["%Y/%m/%d", "%Y-%m-%d"]),
    default="2026/06/01",
    show_default=True,
    help="Start date (record 042); it selects the FIDE rule version.",
)
@click.option("--name", help="Tournament name (record 012).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    required=True,
    help="File to write (atomically): tournament JSON if the name ends in .json, else TRF.",
)
@click.option("--lang", help=LANG_HELP)
def generate_cmd(
    players: int,
    rounds: int,
    seed: int,
    round_robin: bool,
    half_byes: float,
    zero_byes: float,
    forfeits: float,
    withdrawals: float,
    pab: bool,
    start_date: datetime.datetime,
    name: str | None,
    output: str,
    lang: str | None,
) -> None:
    """Write a synthetic tournament as a TRF or tournament JSON file (the same seed gives the same file)."""
    from .errors import ArgumentError
    from .generate import generate, generate_trf

    _language(lang)
    as_json = output.lower().endswith(".json")
    try:
        made = (generate if as_json else generate_trf)(
            players,
            rounds,
            seed,
            round_robin=round_robin,
            half_bye_rate=half_byes,
            zero_bye_rate=zero_byes,
            forfeit_rate=forfeits,
            withdrawal_rate=withdrawals,
            pab=pab,
            start_date=start_date.date(),
            name=name,
        )
    except ValueError as exc:
        if not as_json and players > 9999:
            raise ArgumentError(
                msg(
                    "{problem}; an output name ending in .json writes tournament JSON, which has no such limit",
                    problem=exc.args[0] if exc.args else str(exc),
                )
            ) from None
        raise ArgumentError(exc.args[0] if exc.args else str(exc)) from None
    if isinstance(made, str):
        text = made
    else:
        from .io.tournament_json import write_tournament_json

        text = write_tournament_json(made)
    _emit(text, output)


@cli.command("explain")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "-p",
    "--player",
    "--team",
    "player",
    help="The player (or, in a team event, the team) to explain: number, or name (or a unique part of it).",
)
@click.option("--all", "every", is_flag=True, help="Explain every player, in one document.")
@click.option("--versus", help="A second player (number or name): why one is ranked above the other.")
@click.option("-t", "--tiebreaks", help="Comma-separated list (default: the standings list).")
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(EXPLAIN_FORMATS),
    help="Output format (default: text, or the extension of -o: .txt .json .html).",
)
@click.option("--lang", help=LANG_HELP)
@event_options
@decision_options
def explain_cmd(
    file: str,
    player: str | None,
    every: bool,
    versus: str | None,
    tiebreaks: str | None,
    rules: str | None,
    fmt: str | None,
    lang: str | None,
    opts: EventOptions,
    decisions: Any = None,
    save_trf: str | None = None,
) -> None:
    """Explain a player's tie-breaks round by round (or, with --versus, why one player is ahead;
    with --all, every player)."""

    from . import explain as ex
    from . import standings
    from .errors import ArgumentError

    language = _language(lang)
    chosen = choose_format(fmt, opts.output, PlayerExplanation, default="text")
    if every == (player is not None):
        raise ArgumentError(msg("name one player with --player (number or name), or use --all"))
    if every and versus is not None:
        raise ArgumentError(msg("--versus compares two players: use it with --player, not --all"))
    team = _team_event(file, opts) if not file.lower().endswith(".json") else None
    if team is not None:
        from .teams import team_standings

        s = team_standings(team, tiebreaks, rules=rules, after_round=opts.after_round)
        t = s.tournament
        _print_warnings(s.warnings, opts.quiet, language)
    else:
        t = opts.load(file)
        s = standings(
            t, tiebreaks, rules=rules, after_round=opts.after_round, unrated_rating=opts.unrated_rating,
            decisions=decisions,
        )  # fmt: skip
        _print_warnings([*t.warnings, *s.warnings], opts.quiet, language)
        write_decided_trf(save_trf, s)
    result: object
    if every:
        result = ex.explain_all(s, None, language)
    else:
        assert player is not None
        sno = ex.find_player(t, player)
        if versus is not None:
            result = ex.explain_versus(s, sno, ex.find_player(t, versus), language)
        else:
            result = ex.explain_player(s, sno, None, language)
    _emit(render(result, chosen, lang=language, title=t.name or file), opts.output)


@cli.command("compare")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-r", "--rules", help="Comma-separated rule sets (default: all of them).")
@click.option("-t", "--tiebreaks", help="Comma-separated list (default: the file's list or the default).")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(COMPARE_FORMATS),
    help="Output format (default: table, or the extension of -o: .txt .json .html .pdf).",
)
@click.option("--lang", help=LANG_HELP)
@event_options
def compare_cmd(
    file: str, rules: str | None, tiebreaks: str | None, fmt: str | None, lang: str | None, opts: EventOptions
) -> None:
    """Rank FILE under several rule sets and show where the ranking changes."""

    from .compare import compare

    language = _language(lang)
    chosen = choose_format(fmt, opts.output, Comparison)

    names = [r.strip() for r in rules.split(",") if r.strip()] if rules else None
    team = _team_event(file, opts) if not file.lower().endswith(".json") else None
    if team is not None:
        from .compare import compare_teams

        c = compare_teams(team, names, tiebreaks, opts.after_round)
        _print_warnings(c.warnings, opts.quiet, language)
    else:
        t = opts.load(file)
        c = compare(t, names, tiebreaks, opts.after_round, unrated_rating=opts.unrated_rating)
        _print_warnings([*t.warnings, *c.warnings], opts.quiet, language)
    _emit(render(c, chosen, lang=language), opts.output)


cli.add_command(crosstable_command(event_options, _emit, _language, _print_warnings, _team_event))
cli.add_command(check_command(_language, _print_warnings, _inputs, LANG_HELP))

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@cli.command("serve")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the browser.")
@click.option(
    "--max-upload-mb", default=16, show_default=True, type=click.IntRange(1, 1024), help="Largest upload."
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    help="Another host name the page answers to (the name a reverse proxy forwards); repeatable. "
    "127.0.0.1, localhost, ::1 and --host are always allowed; '*' allows any.",
)
@click.option("--lang", help=LANG_HELP)
def serve_cmd(
    files: tuple[str, ...],
    host: str,
    port: int,
    open_browser: bool,
    max_upload_mb: int,
    allow_hosts: tuple[str, ...],
    lang: str | None,
) -> None:
    """The web page for arbiters, with FILES open: standings, explanations, comparison, check."""
    from .i18n import localize

    language = _language(lang)
    try:
        from .web import create_app
        from .web.server import machine_names, serve
    except ImportError as exc:  # pragma: no cover - the web extras are dependencies
        from .errors import ArgumentError

        raise ArgumentError(msg("the web page needs {name}: pip install spareggio", name=exc.name)) from None
    hosts = None if "*" in allow_hosts else [*machine_names(host), *allow_hosts]
    app = create_app(list(files), max_upload=max_upload_mb * 2**20, hosts=hosts)
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    if host not in LOOPBACK:
        warning = msg(
            "warning: listening on {host}: anyone who can reach this machine on port {port} can open the "
            "page, upload files and read the tournaments open in it",
            host=host,
            port=port,
        )
        click.echo(localize(warning, language), err=True)
    click.echo(
        "spareggio: " + localize(msg("serving on {url} (Ctrl+C to stop)", url=url), language), err=True
    )
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    serve(app, host, port)


@cli.command("tiebreaks")
@click.option(
    "-f", "--format", "fmt", type=click.Choice(("table", "json")), default="table", show_default=True
)
@click.option("--lang", help=LANG_HELP)
def tiebreaks_cmd(fmt: str, lang: str | None) -> None:
    """List every supported tie-break."""
    import json

    from .i18n import translate

    language = _language(lang)

    def _(text: str, context: str = "listing") -> str:
        return translate(language, text, context)

    from .tiebreaks import TIEBREAKS, Scope, catalogue, known_names, modifier_help
    from .tiebreaks.names import AMBIGUOUS

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
        for d in catalogue(team=False)
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


@cli.command("rules")
@click.option("--lang", help=LANG_HELP)
def rules_cmd(lang: str | None) -> None:
    """List the rule sets for unplayed rounds."""
    from .i18n import translate
    from .rules import RULESETS

    language = _language(lang)
    for r in RULESETS.values():
        dates = ""
        if r.effective_from or r.effective_to:
            dates = f" [{r.effective_from or ''} .. {r.effective_to or ''}]"
        word = translate(language, "aliases", "listing")
        aliases = f" ({word}: {', '.join(r.aliases)})" if r.aliases else ""
        click.echo(f"{r.name}{aliases}: {translate(language, r.title, 'ruleset.title')}{dates}")
        click.echo(f"    {translate(language, r.description, 'ruleset.description')}")
        click.echo(f"    {translate(language, 'source', 'listing')}: {r.source}")
        for o in r.options:
            choices = "|".join(o.choices)
            text = translate(language, o.description, "ruleset.option")
            click.echo(f"    {r.name}:{o.key}={choices} ({o.default}): {text}")


cli.add_command(prizes_cmd)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    lang = _argv_language(list(argv) if argv is not None else sys.argv[1:])
    with console():
        return _run(argv, lang)


def _run(argv: Sequence[str] | None, lang: str) -> int:
    try:
        status = localized_cli(cli, lang).main(
            args=list(argv) if argv is not None else None, prog_name="spareggio", standalone_mode=False
        )
    except SpareggioError as exc:
        text = exc.localized(lang)
        click.echo(f"spareggio: {text}" if not _has_position(exc) else text, err=True)
        return 2
    except click.exceptions.Abort:
        click.echo("spareggio: " + localize(msg("aborted"), lang), err=True)
        return 130
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else "")
        return 0
    except click.ClickException as exc:
        click.echo(f"spareggio: {click_error(exc, lang)}", err=True)
        return 2
    except OSError as exc:
        click.echo(f"spareggio: {exc.filename or ''}: {localize(os_reason(exc), lang)}", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("spareggio: " + localize(msg("interrupted"), lang), err=True)
        return 130
    return status if isinstance(status, int) else 0


def _has_position(exc: SpareggioError) -> bool:
    from .errors import InputError

    return isinstance(exc, InputError)


def run() -> None:  # pragma: no cover - console script wrapper
    sys.exit(main())
