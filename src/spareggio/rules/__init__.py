"""Registry of the rule sets for unplayed rounds, and the choice by the tournament's start date."""

from __future__ import annotations

import datetime as _dt

from ..errors import UnknownRulesetError
from .base import Elements, OpponentView, RuleOption, RuleSet, Source, VurSelection
from .draw_vs_self import DrawVsSelf
from .fide2009 import Fide2009
from .fide2024 import Fide2024
from .fide2026 import Fide2026
from .italian import Italian
from .naive import Naive
from .uschess import USChess

__all__ = [
    "RULESETS",
    "Elements",
    "OpponentView",
    "RuleOption",
    "RuleSet",
    "Source",
    "VurSelection",
    "find_ruleset",
    "ruleset_for_date",
]

RULESETS: dict[str, RuleSet] = {
    r.name: r for r in (Fide2026(), Fide2024(), Fide2009(), DrawVsSelf(), Italian(), USChess(), Naive())
}
"""Every rule set by its canonical name."""


def find_ruleset(name: str | RuleSet) -> RuleSet:
    """The rule set with this name or alias (case-insensitive), optionally with other readings of
    ambiguous texts: ``"fide-2026:vur=score,cap-rounds=announced"``.

    :raises UnknownRulesetError: listing the known names (or options).
    """
    if isinstance(name, RuleSet):
        return name
    base, _, opts = name.strip().partition(":")
    wanted = base.strip().lower().replace("_", "-")
    for rules in RULESETS.values():
        if wanted == rules.name or wanted in rules.aliases:
            if not opts.strip():
                return rules
            settings = {}
            for item in opts.split(","):
                if not item.strip():
                    continue
                key, sep, value = item.partition("=")
                if not sep:
                    names = ", ".join(o.key for o in rules.options) or "none"
                    raise UnknownRulesetError(
                        f"rule set option {item.strip()!r} must be written key=value; options of {rules.name}: {names}"
                    )
                settings[key.strip().lower()] = value.strip().lower()
            return rules.configure(**settings)
    known = ", ".join(RULESETS)
    raise UnknownRulesetError(f"unknown rule set {name!r}; known rule sets: {known}")


def ruleset_for_date(start: _dt.date | None) -> tuple[RuleSet, str]:
    """The FIDE rule set in force on a tournament's start date, and why it was chosen."""
    if start is None:
        return RULESETS["fide-2026"], "no start date in the file (record 042): fide-2026 assumed"
    if start >= _dt.date(2026, 3, 1):
        return RULESETS["fide-2026"], f"start date {start:%Y-%m-%d} is on or after 2026-03-01"
    if start >= _dt.date(2023, 9, 1):
        return RULESETS["fide-2024"], f"start date {start:%Y-%m-%d} is between 2023-09-01 and 2026-02-28"
    return RULESETS["fide-2009"], f"start date {start:%Y-%m-%d} is before 2023-09-01"
