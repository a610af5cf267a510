"""spareggio: chess tie-breaks computed exactly under the rule set that applies, and explained.

>>> import spareggio
>>> t = spareggio.read_trf("examples/open-2026.trf")          # doctest: +SKIP
>>> s = spareggio.standings(t, ["BH/C1", "SB"], rules="fide-2026")  # doctest: +SKIP
"""

from __future__ import annotations

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
from .io.trf import parse_trf, read_trf, write_trf
from .model import Color, Player, ResultKind, Scoring, Tournament, TournamentKind
from .rules import RULESETS, RuleSet, find_ruleset, ruleset_for_date
from .standings import StandingRow, Standings, standings
from .tiebreaks import TIEBREAKS, Contribution, TiebreakResult, TiebreakSpec, find_tiebreak, parse_spec

__all__ = [
    "RULESETS",
    "TIEBREAKS",
    "ArgumentError",
    "Color",
    "Contribution",
    "Diagnostic",
    "InputError",
    "InputLimitError",
    "Player",
    "Position",
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
    "__version__",
    "find_ruleset",
    "find_tiebreak",
    "parse_spec",
    "parse_trf",
    "read_trf",
    "ruleset_for_date",
    "standings",
    "write_trf",
]
