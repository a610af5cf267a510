"""spareggio: chess tie-breaks computed exactly under the rule set that applies, and explained.

>>> import spareggio
>>> t = spareggio.read_trf("examples/open-2026.trf")          # doctest: +SKIP
>>> s = spareggio.standings(t, ["BH/C1", "SB"], rules="fide-2026")  # doctest: +SKIP

The names below are imported on first use, so that ``import spareggio`` (and ``spareggio --help``)
does not load numpy and the engine until they are needed.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

from .__about__ import __version__
from .errors import (
    ArgumentError,
    Diagnostic,
    InputError,
    InputLimitError,
    Position,
    SpareggioError,
    TiebreakSpecError,
    TrfConsistencyError,
    TrfSyntaxError,
    UnknownRulesetError,
    UnknownTiebreakError,
)
from .lazy import submodule

if TYPE_CHECKING:
    from .check import CheckOptions, check_files, check_tournament
    from .compare import Comparison, compare
    from .decisions import Decisions, Exclusion, Playoff
    from .explain import (
        Explanations,
        PlayerExplanation,
        Versus,
        explain_all,
        explain_player,
        explain_versus,
        find_player,
    )
    from .io import read_event, read_tournament
    from .io.tournament_json import parse_tournament_json, read_tournament_json, write_tournament_json
    from .io.trf import parse_trf, read_trf, write_trf
    from .model import Color, Player, ResultKind, Scoring, Tournament, TournamentKind
    from .prizes import PrizeFile, PrizeList, award_prizes, load_prize_file
    from .render.formats import formats_for
    from .render.formats import render as render_as
    from .rules import RULESETS, RuleSet, find_ruleset, ruleset_for_date
    from .standings import StandingRow, Standings, rank, standings
    from .tiebreaks import TIEBREAKS, Contribution, TiebreakResult, TiebreakSpec, find_tiebreak, parse_spec

_LAZY: dict[str, str] = {
    "rank": ".standings",
    "read_event": ".io",
    "read_tournament": ".io",
    "parse_tournament_json": ".io.tournament_json",
    "read_tournament_json": ".io.tournament_json",
    "write_tournament_json": ".io.tournament_json",
    "parse_trf": ".io.trf",
    "read_trf": ".io.trf",
    "write_trf": ".io.trf",
    "Color": ".model",
    "Player": ".model",
    "ResultKind": ".model",
    "Scoring": ".model",
    "Tournament": ".model",
    "TournamentKind": ".model",
    "RULESETS": ".rules",
    "RuleSet": ".rules",
    "find_ruleset": ".rules",
    "ruleset_for_date": ".rules",
    "StandingRow": ".standings",
    "Standings": ".standings",
    "standings": ".standings",
    "TIEBREAKS": ".tiebreaks",
    "Contribution": ".tiebreaks",
    "TiebreakResult": ".tiebreaks",
    "TiebreakSpec": ".tiebreaks",
    "find_tiebreak": ".tiebreaks",
    "parse_spec": ".tiebreaks",
    "Explanations": ".explain",
    "PlayerExplanation": ".explain",
    "Versus": ".explain",
    "explain_all": ".explain",
    "explain_player": ".explain",
    "explain_versus": ".explain",
    "find_player": ".explain",
    "render_as": ".render.formats:render",
    "formats_for": ".render.formats",
    "Comparison": ".compare",
    "compare": ".compare",
    "CheckOptions": ".check",
    "check_files": ".check",
    "check_tournament": ".check",
    "Decisions": ".decisions",
    "Exclusion": ".decisions",
    "Playoff": ".decisions",
    "PrizeFile": ".prizes",
    "PrizeList": ".prizes",
    "award_prizes": ".prizes",
    "load_prize_file": ".prizes",
}
"""Public names loaded on first use, and the module that defines each."""


class _Package(types.ModuleType):
    """The package module: keeps the public function ``standings`` when its submodule of the same
    name is loaded (the import system then sets the package attribute to the submodule)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in ("standings", "compare") and isinstance(value, types.ModuleType):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:  # Any: a lazily loaded public name, whatever its type
    module = _LAZY.get(name)
    if module is None:
        # a submodule (``spareggio.io``, ``spareggio.rules`` ...), loaded on first access
        try:
            return submodule(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    module, _, attribute = module.partition(":")
    value = getattr(submodule(__name__ + module), attribute or name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "RULESETS",
    "TIEBREAKS",
    "ArgumentError",
    "CheckOptions",
    "Color",
    "Comparison",
    "Contribution",
    "Decisions",
    "Diagnostic",
    "Exclusion",
    "Explanations",
    "InputError",
    "InputLimitError",
    "Player",
    "PlayerExplanation",
    "Playoff",
    "Position",
    "PrizeFile",
    "PrizeList",
    "ResultKind",
    "RuleSet",
    "Scoring",
    "SpareggioError",
    "StandingRow",
    "Standings",
    "TiebreakResult",
    "TiebreakSpec",
    "TiebreakSpecError",
    "Tournament",
    "TournamentKind",
    "TrfConsistencyError",
    "TrfSyntaxError",
    "UnknownRulesetError",
    "UnknownTiebreakError",
    "Versus",
    "__version__",
    "award_prizes",
    "check_files",
    "check_tournament",
    "compare",
    "explain_all",
    "explain_player",
    "explain_versus",
    "find_player",
    "find_ruleset",
    "find_tiebreak",
    "formats_for",
    "load_prize_file",
    "parse_spec",
    "parse_tournament_json",
    "parse_trf",
    "rank",
    "read_event",
    "read_tournament",
    "read_tournament_json",
    "read_trf",
    "render_as",
    "ruleset_for_date",
    "standings",
    "write_tournament_json",
    "write_trf",
]
