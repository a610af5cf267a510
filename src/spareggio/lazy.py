"""What is loaded by name, when it is used: the commands of the command line, the tie-break
families, and the heavy or optional front ends (the web server, Dask, the PGN and results-page
readers, PDF and XLSX writing).

Every command and format is listed here as ``"module:attribute"`` (or ``"module"``), and
:func:`load` is the one place of the package that imports a module by its name
(``tests/test_layers.py`` checks it).  So ``spareggio --help`` imports no numpy, and ``standings`` on
a TRF file imports no web server, Dask, python-chess, Beautiful Soup, WeasyPrint or openpyxl.

Adding a command is one line in :data:`COMMANDS` (its module then defines the click command).
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Loader as _Loader  # for the type checker only: importlib.abc loads tempfile
else:
    _Loader = object

__all__ = [
    "COMMANDS", "FRONT_ENDS", "MOVED_MODULES", "RENDERERS", "TIEBREAK_FAMILIES", "command_help", "install_old_paths",
    "load", "load_renderer", "module", "submodule",
]  # fmt: skip

COMMANDS: dict[str, str] = {
    "check": "spareggio.cli.check:check_cmd",
    "compare": "spareggio.cli.compare:compare_cmd",
    "conformance": "spareggio.cli.conformance:conformance_cmd",
    "crosstable": "spareggio.cli.crosstable:crosstable_cmd",
    "explain": "spareggio.cli.explain:explain_cmd",
    "generate": "spareggio.cli.generate:generate_cmd",
    "prizes": "spareggio.cli.prizes:prizes_cmd",
    "rules": "spareggio.cli.listing:rules_cmd",
    "serve": "spareggio.cli.serve:serve_cmd",
    "site": "spareggio.cli.site:site_cmd",
    "standings": "spareggio.cli.rank:standings_cmd",
    "tiebreaks": "spareggio.cli.listing:tiebreaks_cmd",
}
"""The commands of ``spareggio``, by name: the click command each module defines."""

FRONT_ENDS: dict[str, str] = {
    "reader.trf-team": "spareggio.io.trf.team_matches:read_trf_event",
    "reader.json": "spareggio.io.tournament_json:parse",
    "reader.chess-json": "spareggio.io.chess_json:parse",
    "reader.lichess": "spareggio.io.lichess:parse",
    "reader.vega": "spareggio.io.vega:parse",
    "reader.vega-tdf": "spareggio.io.vega_tdf:parse",
    "reader.pgn": "spareggio.io.pgn:parse",
    "reader.results-page": "spareggio.io.results_page:parse",
    "reader.results-workbook": "spareggio.io.results_workbook:parse",
    "reader.vega-page": "spareggio.io.vega_page:parse",
    "check.cluster": "spareggio.check.dask:on_cluster",
    "dask": "distributed",
    "dask.config": "dask.config",
    "pdf": "weasyprint",
    "xlsx": "openpyxl",
    "xlsx.styles": "openpyxl.styles",
    "task.compare": "spareggio.comparison:compare",
    "task.explain-all": "spareggio.explain:explain_all",
    "task.explain-player": "spareggio.explain:explain_player",
    "task.explain-versus": "spareggio.explain:explain_versus",
    "task.find-player": "spareggio.explain:find_player",
    "task.prizes": "spareggio.prizes:award_prizes",
    "task.check": "spareggio.check:check",
    "task.check-source": "spareggio.check:check_source",
    "task.check-options": "spareggio.check:CheckOptions",
    "task.check-files": "spareggio.check:check_files",
    "task.find-sources": "spareggio.check:find_sources",
    "program-profiles": "spareggio.rules.programs:profiles",
    "legend-names": "spareggio.tiebreaks.legend:program_spec",
    "program-printout": "spareggio.core.programs:printout",
    "dates": "babel.dates",
    "close-matches": "difflib:get_close_matches",
    "csv-writer": "csv:writer",
    "path": "pathlib:Path",
    "conventions": "spareggio.base.conventions:Conventions",
    "toml": "tomllib:loads",
    "temporary-file": "tempfile:mkstemp",
    "sha256": "hashlib:sha256",
}
"""The heavy or optional parts, by name: loaded the first time a file, an option or an output
format asks for them (an optional library that is not installed raises :class:`ImportError` then).
The tasks other than the standings (``task.*``) and the parts of the standard library and of Babel
that a command needs only now and then (dates in words, "did you mean", the programs' TOML files,
a temporary file beside an output, a CSV writer, pathlib for the few paths a command on a file
with its options never needs) are loaded the same way, so that ``standings`` does not pay for
them at start-up."""


TIEBREAK_FAMILIES: dict[str, str] = {
    "tiebreak.points": "spareggio.tiebreaks.points:points",
    "tiebreak.buchholz": "spareggio.tiebreaks.buchholz:buchholz",
    "tiebreak.fore_buchholz": "spareggio.tiebreaks.buchholz:fore_buchholz",
    "tiebreak.adjusted_score": "spareggio.tiebreaks.buchholz:adjusted_score",
    "tiebreak.fore_adjusted_score": "spareggio.tiebreaks.buchholz:fore_adjusted_score",
    "tiebreak.average_of_opponents_buchholz": "spareggio.tiebreaks.buchholz:average_of_opponents_buchholz",
    "tiebreak.sonneborn_berger": "spareggio.tiebreaks.sonneborn:sonneborn_berger",
    "tiebreak.direct_encounter": "spareggio.tiebreaks.direct_encounter:order_group",
    "tiebreak.wins": "spareggio.tiebreaks.counts:wins",
    "tiebreak.games_won": "spareggio.tiebreaks.counts:games_won",
    "tiebreak.black_games": "spareggio.tiebreaks.counts:black_games",
    "tiebreak.black_wins": "spareggio.tiebreaks.counts:black_wins",
    "tiebreak.progressive_score": "spareggio.tiebreaks.progressive:progressive_score",
    "tiebreak.rounds_elected": "spareggio.tiebreaks.counts:rounds_elected",
    "tiebreak.standard_points": "spareggio.tiebreaks.counts:standard_points",
    "tiebreak.pairing_number": "spareggio.tiebreaks.counts:pairing_number",
    "tiebreak.koya": "spareggio.tiebreaks.koya:koya",
    "tiebreak.average_rating_of_opponents": "spareggio.tiebreaks.rating:average_rating_of_opponents",
    "tiebreak.tournament_performance_rating": "spareggio.tiebreaks.rating:tournament_performance_rating",
    "tiebreak.perfect_tournament_performance": "spareggio.tiebreaks.rating:perfect_tournament_performance",
    "tiebreak.average_performance_rating_of_opponents": "spareggio.tiebreaks.rating:average_performance_rating_of_opponents",
    "tiebreak.average_perfect_performance_of_opponents": "spareggio.tiebreaks.rating:average_perfect_performance_of_opponents",
    "tiebreak.rating": "spareggio.tiebreaks.rating:rating",
    "tiebreak.modified_median": "spareggio.tiebreaks.uschess:modified_median",
    "tiebreak.median": "spareggio.tiebreaks.uschess:median",
    "tiebreak.solkoff": "spareggio.tiebreaks.uschess:solkoff",
    "tiebreak.us_cumulative": "spareggio.tiebreaks.uschess:us_cumulative",
    "tiebreak.opposition_cumulative": "spareggio.tiebreaks.uschess:opposition_cumulative",
    "tiebreak.kashdan": "spareggio.tiebreaks.uschess:kashdan",
    "tiebreak.us_sonneborn_berger": "spareggio.tiebreaks.uschess:us_sonneborn_berger",
    "tiebreak.match_points": "spareggio.tiebreaks.team:match_points",
    "tiebreak.game_points": "spareggio.tiebreaks.team:game_points",
    "tiebreak.secondary_score": "spareggio.tiebreaks.team:secondary_score",
    "tiebreak.extended_sonneborn_berger": "spareggio.tiebreaks.team:extended_sonneborn_berger",
    "tiebreak.extended_direct_encounter": "spareggio.tiebreaks.team:extended_direct_encounter",
    "tiebreak.sssc": "spareggio.tiebreaks.team:sssc",
    "tiebreak.board_order": "spareggio.tiebreaks.team:board_order",
    "tiebreak.board_totals": "spareggio.tiebreaks.team:board_totals",
    "tiebreak.board_count": "spareggio.tiebreaks.team:board_count",
}
"""What computes each tie-break of the catalogue (:data:`spareggio.tiebreaks.TIEBREAKS`), by name:
a family's module (``tiebreaks/koya.py``, ``tiebreaks/uschess.py`` ...) is loaded the first time a
list asks for one of its tie-breaks, so that ``BH/C1,BH,SB`` loads Buchholz and Sonneborn-Berger and
not the rating, US Chess or team criteria."""


RENDERERS: dict[str, str] = {
    "Standings.table": "spareggio.render.output",
    "Standings.csv": "spareggio.render.output",
    "Standings.json": "spareggio.render.output",
    "Standings.html": "spareggio.render.publish",
    "Standings.pdf": "spareggio.render.publish",
    "Standings.xlsx": "spareggio.render.publish",
    "Standings.print": "spareggio.render.files",
    "Standings.trf": "spareggio.render.files",
    "Comparison.table": "spareggio.render.comparison",
    "Comparison.json": "spareggio.render.comparison",
    "Comparison.html": "spareggio.render.publish",
    "Comparison.pdf": "spareggio.render.publish",
    "Crosstable.table": "spareggio.render.crosstable_export",
    "Crosstable.json": "spareggio.render.crosstable_export",
    "Crosstable.html": "spareggio.render.crosstable_export",
    "Crosstable.pdf": "spareggio.render.crosstable_export",
    "Crosstable.xlsx": "spareggio.render.crosstable_export",
    "Explanations.text": "spareggio.render.explanation",
    "Explanations.json": "spareggio.render.explanation",
    "Explanations.html": "spareggio.render.explanation",
    "PlayerExplanation.text": "spareggio.render.explanation",
    "PlayerExplanation.json": "spareggio.render.explanation",
    "PlayerExplanation.html": "spareggio.render.explanation",
    "Versus.text": "spareggio.render.explanation",
    "Versus.json": "spareggio.render.explanation",
    "Versus.html": "spareggio.render.explanation",
    "PrizeList.table": "spareggio.render.prizes",
    "PrizeList.csv": "spareggio.render.prizes",
    "PrizeList.json": "spareggio.render.prizes",
    "PrizeList.html": "spareggio.render.prizes",
    "PrizeList.pdf": "spareggio.render.prizes",
    "PrizeList.xlsx": "spareggio.render.prizes",
    "CheckReport.table": "spareggio.render.check_report",
    "CheckReport.csv": "spareggio.render.check_report",
    "CheckReport.json": "spareggio.render.check_report",
    "CheckReport.html": "spareggio.render.check_report",
}
"""Which module of ``render/`` writes a result type (its class name) in a format: the module is
loaded the first time that result is written in that format (a module registers its renderers with
:func:`spareggio.render.formats.renderer`).  A new renderer is a row here."""


def load(name: str) -> object:
    """The object a name of :data:`COMMANDS` (``command.<name>``), :data:`TIEBREAK_FAMILIES`
    (``tiebreak.<function>``) or :data:`FRONT_ENDS` stands for, importing its module now.

    :raises KeyError: for a name no table holds.
    """
    module, _, attribute = _target(name).partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


def module(name: str) -> ModuleType:
    """The module a name of :data:`FRONT_ENDS` stands for (an optional library such as ``pdf``,
    WeasyPrint), imported now.

    :raises ImportError: when the library is not installed.
    """
    found = load(name)
    if not isinstance(found, ModuleType):
        raise TypeError(f"{name} names {FRONT_ENDS[name]}, not a module")
    return found


def submodule(dotted: str) -> ModuleType:
    """A module of the package by its dotted name (``spareggio.io``), imported now: how the package
    loads its public names on first use (``spareggio.rank``)."""
    if dotted != "spareggio" and not dotted.startswith("spareggio."):
        raise ValueError(f"{dotted} is not a module of spareggio")
    return importlib.import_module(dotted)


def load_renderer(result_type: str, fmt: str) -> bool:
    """Load the module that writes ``result_type`` in ``fmt`` (a row of :data:`RENDERERS`); False
    when no row names the pair."""
    module = RENDERERS.get(f"{result_type}.{fmt}")
    if module is None:
        return False
    importlib.import_module(module)
    return True


def command_help(name: str) -> str | None:
    """The help text of a command (its function's docstring) read from its module's source without
    running the module: ``spareggio --help`` lists every command and loads none."""
    module, _, function = COMMANDS[name].partition(":")
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return None
    with open(spec.origin, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == function:
            return ast.get_docstring(node)
    return None


def _target(name: str) -> str:
    kind, _, rest = name.partition(".")
    if kind == "command" and rest in COMMANDS:
        return COMMANDS[rest]
    if kind == "tiebreak":
        return TIEBREAK_FAMILIES[name]
    return FRONT_ENDS[name]


MOVED_MODULES: dict[str, str] = {
    # old module (under ``spareggio.``): its new place, answering for one release (CHANGELOG.md)  # old-path
    "console": "base.console",  # old-path
    "jsontypes": "base.jsontypes",  # old-path
    "i18n": "base.i18n",  # old-path
    "errors": "base.errors",  # old-path
    "numbers": "base.numbers",  # old-path
    "dates": "core.dates",  # old-path
    "messages": "core.messages",  # old-path
    "decisions": "core.decisions",  # old-path
    "games": "core.games",  # old-path
    "programs": "core.programs",  # old-path
    "frame": "core.frame",  # old-path
    "crosstable": "core.crosstable",  # old-path
    "model": "core.model",  # old-path
    "team_event": "core.team_event",  # old-path
    "cuts": "tiebreaks.cuts",  # old-path
    "teams": "io.teams",  # old-path
    "clilang": "cli.clilang",  # old-path
}
"""The modules that moved into packages (``spareggio.core.model`` is ``spareggio.core.model``): the old
name still imports, the same module object, with a :class:`DeprecationWarning`, for one release."""


class _OldPath(_Loader):
    """Answers an import of a moved module's old name with the module at its new place: a finder of
    :data:`sys.meta_path` and its loader (the protocols only: ``importlib.abc`` would load
    ``importlib.resources`` and ``tempfile`` with every command)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if _new_name(fullname) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = _new_name(spec.name)
        assert new is not None  # find_spec answered only for a moved name
        warnings.warn(
            f"{spec.name} is deprecated: the module is now {new} (the old name goes after the next release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        """The module at the new place has run already."""


def _new_name(fullname: str) -> str | None:
    """The new name of a moved module's old one (or of a module inside a moved package), else None."""
    head, _, rest = fullname.partition(".")
    if head != "spareggio" or not rest:
        return None
    old, _, inside = rest.partition(".")
    if old not in MOVED_MODULES:
        return None
    return f"spareggio.{MOVED_MODULES[old]}" + (f".{inside}" if inside else "")


def install_old_paths() -> None:
    """Let the moved modules' old names import (once; :mod:`spareggio` calls it)."""
    if not any(isinstance(finder, _OldPath) for finder in sys.meta_path):
        sys.meta_path.append(_OldPath())
