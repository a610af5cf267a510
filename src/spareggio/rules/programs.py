"""Program profiles as rule sets: ``--rules swiss-manager`` computes as Swiss-Manager does.

A profile is the rule set its program follows (``fide-2026``) with the program's departures from
C.07 selected as that rule set's options (:mod:`spareggio.core.programs` keeps them as data).  The
profile's name replaces the option list in its label, and its options stay selectable
(``swiss-manager:full-bye=not-vur`` undoes one departure)."""

from __future__ import annotations

import copy
import functools
from dataclasses import replace

from ..core.programs import Program, programs
from .base import RuleSet

__all__ = ["profile", "profiles"]


def profile(program: Program, base: RuleSet) -> RuleSet:
    """The rule set that computes as ``program`` does, built on ``base`` (its ``rules``)."""
    rules = base.configure(**program.settings) if program.settings else copy.copy(base)
    rules.name = program.code
    rules.aliases = tuple(a.lower().replace(" ", "-") for a in program.aliases)
    rules.title = program.title
    rules.description = program.description
    rules.source = "; ".join(program.sources)
    rules.effective_from = None
    rules.effective_to = None
    rules.options = tuple(replace(o, default=rules.settings[o.key]) for o in base.options)
    rules.program = program
    rules.base = base.name
    rules.continuation = program.continuation
    return rules


@functools.cache
def _built(bases: tuple[tuple[str, RuleSet], ...]) -> dict[str, RuleSet]:
    known = dict(bases)
    return {p.code: profile(p, known[p.rules]) for p in programs().values() if p.rules in known}


def profiles(rulesets: dict[str, RuleSet]) -> dict[str, RuleSet]:
    """Every program profile, by the program's code, built on the given rule sets."""
    return _built(tuple(rulesets.items()))
