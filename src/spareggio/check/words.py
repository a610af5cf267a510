"""The conclusions of a check in words, in any language (context ``check`` of the catalogues)."""

from __future__ import annotations

from ..i18n import translate
from .entry import CheckEntry, Number
from .infer import same_as

__all__ = ["inferred_text", "text_value"]


def _tr(lang: str, message: str, **values: object) -> str:
    return translate(lang, message, "check").format(**values)


def text_value(value: Number | None) -> str:
    """A value of the report in a sentence or a cell: ``40.5``, ``6``, ``none``."""
    if value is None:
        return "none"
    return f"{value:g}" if isinstance(value, float) else str(value)


def inferred_text(entry: CheckEntry, lang: str = "en") -> str:
    """The inference of one checked file in words, in ``lang`` (the report's field is English)."""
    inferred = entry.inferred
    if not inferred:
        return ""
    best = inferred[0]
    applied, announced = entry.rules, ", ".join(entry.tiebreaks)
    lst = ", ".join(best.tiebreaks)
    who = best.program or best.rules
    alike = [] if best.program else same_as(best.rules)
    if alike:
        who = _tr(lang, "{rules} (as {programs} compute)", rules=best.rules, programs=", ".join(alike))
    if best.mismatches == 0 and best.continuation:
        exact = len([c for c in inferred if c.mismatches == 0 and c.shared == 0]) - 1
        text = _tr(lang, "the declared ranking is exactly what {who} gives with {tiebreaks}, then {continuation}, which it does not print",
                   who=who, tiebreaks=lst, continuation=", ".join(best.continuation))  # fmt: skip
        if exact == 1:
            text += _tr(lang, " (and {n} other combination)", n=exact)
        elif exact > 1:
            text += _tr(lang, " (and {n} other combinations)", n=exact)
    elif best.mismatches == 0:
        exact = len([c for c in inferred if c.mismatches == 0]) - 1
        text = _tr(lang, "the declared ranking is exactly what {rules} gives with {tiebreaks}", rules=who,
                   tiebreaks=lst)  # fmt: skip
        if best.shared:
            text += _tr(lang, ", which leaves {n} declared ranks inside shared places", n=best.shared)
        if exact == 1:
            text += _tr(lang, " (and {n} other combination)", n=exact)
        elif exact > 1:
            text += _tr(lang, " (and {n} other combinations)", n=exact)
    else:
        n = best.mismatches
        if n == 1:
            text = _tr(lang, "no candidate reproduces the declared ranking; the closest is {rules} with {tiebreaks}, which misplaces {n} player", rules=best.rules, tiebreaks=lst, n=n)  # fmt: skip
        else:
            text = _tr(lang, "no candidate reproduces the declared ranking; the closest is {rules} with {tiebreaks}, which misplaces {n} players", rules=best.rules, tiebreaks=lst, n=n)  # fmt: skip
    if best.rules == applied and best.tiebreaks == entry.tiebreaks and not best.continuation:
        return text
    mism = entry.mismatches
    if not mism:
        return _tr(lang, "{text}; {rules} with {tiebreaks}, which applies to this file, agrees too", text=text,
                   rules=applied, tiebreaks=announced)  # fmt: skip
    first = mism[0]
    if first.swapped_with:
        change = _tr(lang, "players {a} and {b} change places", a=first.start_number, b=first.swapped_with)
    else:
        change = _tr(lang, "player {a} is misplaced", a=first.start_number)
    if first.decided_by:
        values = list(first.values.values())
        if len(values) == 2:
            change += _tr(lang, " ({tiebreak} decides: {a} against {b})", tiebreak=first.decided_by,
                          a=text_value(values[0]), b=text_value(values[1]))  # fmt: skip
    more = len(mism) - 1
    if more == 1:
        change += _tr(lang, ", and {n} more player misplaced", n=more)
    elif more > 1:
        change += _tr(lang, ", and {n} more players misplaced", n=more)
    return _tr(lang, "{text}; under {rules} with {tiebreaks}, which applies to this file, {change}", text=text,
               rules=applied, tiebreaks=announced, change=change)  # fmt: skip
