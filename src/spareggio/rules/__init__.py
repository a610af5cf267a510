"""Registry of the rule sets for unplayed rounds, and the choice by the tournament's start date."""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from typing import cast

from ..base.classes import dataclass
from ..base.errors import Diagnostic, UnknownRulesetError
from ..base.i18n import Field, Text, joined, msg
from ..core.dates import ORDER_WORDS, DateReading, Order
from ..core.model import Tournament
from ..lazy import load
from .base import Elements, OpponentView, RuleOption, RuleSet, Source, VurSelection
from .draw_vs_self import DrawVsSelf
from .fide2009 import Fide2009
from .fide2024 import Fide2024
from .fide2026 import Fide2026
from .italian import Italian
from .naive import Naive
from .uschess import USChess

__all__ = [
    "REASONS",
    "RULESETS",
    "Elements",
    "OpponentView",
    "RuleChoice",
    "RuleOption",
    "RuleSet",
    "Source",
    "VurSelection",
    "choose_ruleset",
    "find_ruleset",
    "program_rulesets",
    "ruleset_for_date",
    "version_rules",
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
    wanted = re.sub(r"[\s_]+", "-", base.strip().lower())
    if wanted in RETIRED_ALIASES:
        raise UnknownRulesetError(RETIRED_ALIASES[wanted])
    for rules in (*RULESETS.values(), *program_rulesets().values()):
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
                        msg(
                            "rule set option {value!r} must be written key=value; options of {name}: {names}",
                            value=item.strip(),
                            name=rules.name,
                            names=names,
                        )
                    )
                settings[key.strip().lower()] = value.strip().lower()
            return rules.configure(**settings)
    known = joined(
        [
            msg("{name} (also {aliases})", name=r.name, aliases=", ".join(r.aliases)) if r.aliases else r.name
            for r in RULESETS.values()
        ],
        "; ",
    )
    raise UnknownRulesetError(
        msg("unknown rule set {name!r}; known rule sets: {known}", name=name, known=known)
    )


def program_rulesets() -> dict[str, RuleSet]:
    """The program profiles (``swiss-manager``, ``sharly-chess``, ``diena`` ...): each computes as its
    program does, with its departures from C.07 selected (:mod:`spareggio.core.programs`), loaded
    by name the first time they are asked for (a list of FIDE specifiers under a FIDE rule set needs
    none of the programs' descriptions)."""
    profiles = cast(Callable[[dict[str, RuleSet]], dict[str, RuleSet]], load("program-profiles"))
    return profiles(RULESETS)


def version_rules(rules: RuleSet, version: str) -> RuleSet:
    """The rule set of a criterion with its own version (``/V2024``) in a list ranked under ``rules``:
    the version's rule set, with the readings or departures chosen for the list where that rule set
    has the option (a program profile's departures: Swiss-Manager's "(2023)" criteria keep them;
    ``fide-2026:full-bye=vur`` keeps ``full-bye=vur``)."""
    found = find_ruleset(version)
    if found.program is not None:
        return found
    if rules.program is not None:
        chosen = dict(rules.program.settings)
    else:
        chosen = {o.key: rules.settings[o.key] for o in rules.options if rules.settings[o.key] != o.default}
    keys = {o.key for o in found.options}
    settings = {k: v for k, v in chosen.items() if k in keys and found.settings.get(k) != v}
    return found.configure(**settings) if settings else found


RETIRED_ALIASES = {
    "vega": msg(
        "'vega' is ambiguous: Vega computes with the text its arbiter sets; write vega-2009 for its FIDE 2009 "
        "setting (the Kallithea virtual opponent, fide-2009), vega-draw-vs-self for its draw-against-oneself "
        "adjustment (draw-vs-self), vega-2024 for the 2024 text, vega-2026 for the 2026 text (vega-2026-early "
        "as its releases of January to May 2026 compute it)"
    ),
}
"""Names that used to be accepted but do not say which rule they mean."""


def _by_date() -> list[RuleSet]:
    """The FIDE rule sets that declare when they were in force, earliest first."""
    dated = [r for r in RULESETS.values() if r.effective_from is not None]
    return sorted(dated, key=lambda r: r.effective_from or _dt.date.min)


def _in_force(day: _dt.date) -> RuleSet:
    dated = _by_date()
    for rules in dated:
        start, end = rules.effective_from, rules.effective_to
        if (start is None or day >= start) and (end is None or day <= end):
            return rules
    return dated[0]  # before the first dated rule set


REASONS: dict[str, Text] = {
    key: Text(template, "reason")
    for key, template in {
        "caller": "chosen by the caller",
        "from": "start date {date} is on or after {start}",
        "between": "start date {date} is between {start} and {end}",
        "today": "no start date read from the file: {rules}, the rules in force today, assumed",
        "before": "start date {date} is before {start}, the earliest rule set spareggio dates; {rules} applied",
    }.items()
}
"""Why a rule set applies: the English templates, message ids of the catalogues (context ``reason``).
``REASONS["caller"]`` is itself the reason of a rule set the caller chose."""


def _reason(key: str, **params: object) -> Text:
    """One of :data:`REASONS`, filled (translated by the catalogues in context ``reason``)."""
    return Text(REASONS[key].template, "reason", **params)


def _dated_reason(start: _dt.date, rules: RuleSet) -> Text:
    begin, end = rules.effective_from, rules.effective_to
    if end is None:
        return _reason("from", date=start, start=begin)
    return _reason("between", date=start, start=begin, end=end)


def ruleset_for_date(start: _dt.date | None) -> tuple[RuleSet, str]:
    """The FIDE rule set in force on a tournament's start date, and why it was chosen.  The dates
    are those each rule set declares (``effective_from`` / ``effective_to``)."""
    if start is None:
        today = _in_force(_dt.date.today())
        return today, _reason("today", rules=today.name)
    rules = _in_force(start)
    first = _by_date()[0]
    if rules is first and first.effective_from is not None and start < first.effective_from:
        return rules, _reason(
            "before", date=start, start=first.effective_from, rules=rules.name
        )
    return rules, _dated_reason(start, rules)


@dataclass(frozen=True)
class RuleChoice:
    """The rule set chosen for a tournament, why, and what the user must be told about the choice."""

    rules: RuleSet
    reason: str
    warning: Diagnostic | None = None
    """Set when the choice rests on an assumption that changes the result (a missing, unreadable or
    ambiguous start date): shown wherever the standings are shown."""


_OVERRIDE = msg("choose another with {field}", field=Field.RULES)


def _reading(reading: DateReading, rules: str) -> Text:
    return msg(
        "read {order} it is {date}, under {rules}",
        order=ORDER_WORDS[reading.order],
        date=reading.date,
        rules=rules,
    )


def _other_readings(readings: tuple[DateReading, ...], rules: RuleSet) -> list[Text]:
    """The readings after the first that would select another rule set, in words."""
    differing = [(r, ruleset_for_date(r.date)[0]) for r in readings[1:]]
    return [_reading(r, other.name) for r, other in differing if other.name != rules.name]


_TRF_HEADERS = ("012", "022", "032", "042", "052", "102", "112", "122", "132")
"""Header records only the TRF reader keeps (a Chess-JSON document keeps 092 and 192 too)."""


def choose_ruleset(t: Tournament) -> RuleChoice:
    """The rule set for a tournament read from a file: the one the file says its program applied
    (:attr:`~spareggio.core.model.Tournament.declared_rules`), else the one in force on its start date.

    A missing or unreadable date, or one that can be read in two ways falling under different rule
    sets (``01/03/2026``), gives a warning that names the assumption and how to override it.  The
    reason and the warning are :class:`~spareggio.base.i18n.Text`: said in the user's language wherever
    they are shown."""
    if t.declared_rules is not None:
        return RuleChoice(find_ruleset(t.declared_rules), t.declared_rules_reason or t.declared_rules)
    where = t.start_date_position
    trf = any(code in t.headers for code in _TRF_HEADERS)  # the TRF reader's: its date is record 042
    what: Text
    if t.start_date is not None:
        # a tournament built otherwise than from a TRF date (JSON, a program) has one reading
        readings = t.start_date_readings or (DateReading(t.start_date, Order.YEAR_FIRST),)
        what = (
            msg("record 042 {text!r}", text=t.start_date_text)
            if trf
            else msg("the start date {text!r}", text=t.start_date_text)
        )
    elif t.round_one_readings:
        readings = t.round_one_readings
        what = msg("no start date (record 042), and round 1's date (record 132)")
    elif t.updated is not None and not t.start_date_text:
        # a published ranking without dates but with the day of its last update: it started no later
        rules, _ = ruleset_for_date(t.updated)
        return RuleChoice(
            rules,
            msg("no start date; last updated on {date}: {rules}, in force that day", date=t.updated, rules=rules.name),
            Diagnostic(
                "rules-assumed",
                msg(
                    "the file has no start date, and was last updated on {date}, so the event started no later: "
                    "{name}, in force that day, assumed (an event that started under an earlier text keeps "
                    "it); {override}",
                    date=t.updated,
                    name=rules.name,
                    override=_OVERRIDE,
                ),
                where,
            ),
        )
    else:
        rules, reason = ruleset_for_date(None)
        if t.start_date_text:
            missing = (
                msg("record 042 {text!r} is not a date I can read", text=t.start_date_text.strip())
                if trf
                else msg("the start date {text!r} is not a date I can read", text=t.start_date_text.strip())
            )
        else:  # a results page, a PGN file or a JSON document says none either
            missing = msg("the file has no start date (record 042)") if trf else msg("the file has no start date")
        return RuleChoice(
            rules,
            reason,
            Diagnostic(
                "rules-assumed",
                msg(
                    "{missing}: {name} assumed; {override}",
                    missing=missing,
                    name=rules.name,
                    override=_OVERRIDE,
                ),
                where,
            ),
        )
    taken = readings[0]
    rules, reason = ruleset_for_date(taken.date)
    if t.start_date is None:
        reason = msg(
            "no start date (record 042); round 1's date (record 132) read {order}: {reason}",
            order=ORDER_WORDS[taken.order],
            reason=reason,
        )
    elif t.start_date_note:
        reason = msg(
            "{reason} ({text!r} {note})", reason=reason, text=t.start_date_text, note=t.start_date_note
        )
    alternatives = _other_readings(readings, rules)
    if not alternatives:
        return RuleChoice(rules, reason)
    used, others = _reading(taken, rules.name), joined(alternatives, "; ")
    if t.start_date is not None:
        message = msg(
            "{what} can be read in more than one way and the other dates of the file do not decide it: "
            "{used} (used); {others}; {override}",
            what=what,
            used=used,
            others=others,
            override=_OVERRIDE,
        )
    else:
        message = msg(
            "{what} can be read in more than one way: {used} (used); {others}; {override}",
            what=what,
            used=used,
            others=others,
            override=_OVERRIDE,
        )
    if t.start_date is not None:
        reason = msg(
            "{reason}; {text!r} read {order}, which is ambiguous",
            reason=reason,
            text=t.start_date_text,
            order=ORDER_WORDS[taken.order],
        )
    return RuleChoice(rules, reason, Diagnostic("ambiguous-date", message, where))
