"""spareggio: chess tie-breaks computed exactly under the rule set that applies, and explained.

>>> import spareggio
>>> event = spareggio.read_event("examples/open-2026.trf")            # doctest: +SKIP
>>> s = spareggio.rank(event, ["BH/C1", "SB"], rules="fide-2026")     # doctest: +SKIP

The public API is the import block below, one line per name: the type checker reads it, and at
run time the same lines are the table of the names loaded on first use (so that ``import
spareggio`` and ``spareggio --help`` do not load numpy and the engine until they are needed) and
``__all__``.  A name that left the API still answers, with a :class:`DeprecationWarning` naming
its new place (``_MOVED``; CHANGELOG.md).
"""

from __future__ import annotations

import functools
import warnings
from typing import TYPE_CHECKING, Any

from .__about__ import __version__ as __version__
from .base.errors import ArgumentError as ArgumentError
from .base.errors import Diagnostic as Diagnostic
from .base.errors import InputError as InputError
from .base.errors import SpareggioError as SpareggioError
from .lazy import install_old_paths, submodule

if TYPE_CHECKING:
    # the public API (loaded on first use): one name a line, ``from <module> import <name> as <name>``
    from .check import CheckOptions as CheckOptions
    from .check import check_files as check_files
    from .comparison import Comparison as Comparison
    from .comparison import compare as compare
    from .core.decisions import Decisions as Decisions
    from .core.decisions import Exclusion as Exclusion
    from .core.decisions import Playoff as Playoff
    from .core.model import Event as Event
    from .core.model import Tournament as Tournament
    from .explain import explain_all as explain_all
    from .explain import explain_player as explain_player
    from .explain import explain_versus as explain_versus
    from .io import parse_event as parse_event
    from .io import read_event as read_event
    from .prizes import award_prizes as award_prizes
    from .prizes import load_prize_file as load_prize_file
    from .render.formats import formats_for as formats_for
    from .render.formats import render_as as render_as
    from .rules import RULESETS as RULESETS
    from .standings import Standings as Standings
    from .standings import rank as rank
    from .tiebreaks import TIEBREAKS as TIEBREAKS

install_old_paths()  # the old module names (spareggio.core.model ...) for one release, with a warning

_EAGER = ("__version__", "ArgumentError", "Diagnostic", "InputError", "SpareggioError")
"""The public names imported with the package (the version and the errors a caller catches)."""

_MOVED: dict[str, tuple[str, str]] = {
    # name that left the API: (where it lives now, what to use instead)
    "read_tournament": ("spareggio.io", "spareggio.read_event"),
    "parse_trf": ("spareggio.io.trf", "spareggio.parse_event or spareggio.io.trf.parse_trf"),
    "read_trf": ("spareggio.io.trf", "spareggio.read_event or spareggio.io.trf.read_trf"),
    "write_trf": ("spareggio.io.trf", "spareggio.io.trf.write_trf"),
    "parse_tournament_json": ("spareggio.io.tournament_json", "spareggio.parse_event"),
    "read_tournament_json": ("spareggio.io.tournament_json", "spareggio.read_event"),
    "write_tournament_json": ("spareggio.io.tournament_json", "spareggio.io.tournament_json.write_tournament_json"),
    "check_tournament": ("spareggio.check", "spareggio.check.check"),
    "StandingRow": ("spareggio.standings", "spareggio.standings.StandingRow"),
    "Explanations": ("spareggio.explain", "spareggio.explain.Explanations"),
    "PlayerExplanation": ("spareggio.explain", "spareggio.explain.PlayerExplanation"),
    "Versus": ("spareggio.explain", "spareggio.explain.Versus"),
    "find_player": ("spareggio.explain", "spareggio.explain.find_player"),
    "PrizeFile": ("spareggio.prizes", "spareggio.prizes.PrizeFile"),
    "PrizeList": ("spareggio.prizes", "spareggio.prizes.PrizeList"),
    "Color": ("spareggio.core.model", "spareggio.core.model.Color"),
    "Player": ("spareggio.core.model", "spareggio.core.model.Player"),
    "ResultKind": ("spareggio.core.model", "spareggio.core.model.ResultKind"),
    "Scoring": ("spareggio.core.model", "spareggio.core.model.Scoring"),
    "TournamentKind": ("spareggio.core.model", "spareggio.core.model.TournamentKind"),
    "RuleSet": ("spareggio.rules", "spareggio.rules.RuleSet"),
    "find_ruleset": ("spareggio.rules", "spareggio.rules.find_ruleset"),
    "ruleset_for_date": ("spareggio.rules", "spareggio.rules.ruleset_for_date"),
    "Contribution": ("spareggio.tiebreaks", "spareggio.tiebreaks.Contribution"),
    "TiebreakResult": ("spareggio.tiebreaks", "spareggio.tiebreaks.TiebreakResult"),
    "TiebreakSpec": ("spareggio.tiebreaks", "spareggio.tiebreaks.TiebreakSpec"),
    "find_tiebreak": ("spareggio.tiebreaks", "spareggio.tiebreaks.find_tiebreak"),
    "parse_spec": ("spareggio.tiebreaks", "spareggio.tiebreaks.parse_spec"),
    "Position": ("spareggio.base.errors", "spareggio.base.errors.Position"),
    "InputLimitError": ("spareggio.base.errors", "spareggio.base.errors.InputLimitError"),
    "TiebreakSpecError": ("spareggio.base.errors", "spareggio.base.errors.TiebreakSpecError"),
    "TrfConsistencyError": ("spareggio.base.errors", "spareggio.base.errors.TrfConsistencyError"),
    "TrfSyntaxError": ("spareggio.base.errors", "spareggio.base.errors.TrfSyntaxError"),
    "UnknownRulesetError": ("spareggio.base.errors", "spareggio.base.errors.UnknownRulesetError"),
    "UnknownTiebreakError": ("spareggio.base.errors", "spareggio.base.errors.UnknownTiebreakError"),
}
"""The names that left the public API after 0.1 (CHANGELOG.md), each still answering with a warning
until 1.0 removes them."""


@functools.cache
def _lazy() -> dict[str, tuple[str, str]]:
    """The names loaded on first use, read from the import block above: name -> (module, attribute)."""
    import ast  # the standard library's parser, needed only on the first use of a lazy name

    with open(__file__, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    return {
        alias.asname or alias.name: ("." * node.level + (node.module or ""), alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def __getattr__(name: str) -> Any:  # Any: a lazily loaded public name, whatever its type
    if name == "__all__":
        return [*_EAGER, *_lazy()]
    if name in _lazy():
        module, attribute = _lazy()[name]
        value = getattr(submodule(__name__ + module), attribute)
        globals()[name] = value
        return value
    if name in _MOVED:
        place, instead = _MOVED[name]
        warnings.warn(
            f"spareggio.{name} is deprecated and leaves the public API: use {instead}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(submodule(place), name)
    # a submodule (``spareggio.io``, ``spareggio.rules`` ...), loaded on first access
    try:
        return submodule(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def __dir__() -> list[str]:
    return sorted({*globals(), *_EAGER, *_lazy()})
