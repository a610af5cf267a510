"""The conclusions of a check in words: :class:`~spareggio.base.i18n.Text` values (context ``check`` of
the catalogues) built here and said in a language only when a report is rendered."""

from __future__ import annotations

from ..base.i18n import SOURCE, Text, localize, ntext
from .entry import CheckEntry, Number
from .infer import programs_like, same_as

__all__ = ["inferred_sentence", "inferred_text", "text_value"]


def text_value(value: Number | None) -> str:
    """A value of the report in a sentence or a cell: ``40.5``, ``6``, ``none``."""
    if value is None:
        return "none"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _raw(value: Number | None) -> Number | Text:
    """A value kept as a number in a sentence, so that it is written the language's way when the
    sentence is said (``40,5`` in Italian); an undefined one is the word for none."""
    return Text("none", "check") if value is None else value


def _then(first: Text, second: Text) -> Text:
    """Two parts of one sentence, each said in the report's language."""
    return Text("{first}{second}", "join", first=first, second=second)


def inferred_sentence(entry: CheckEntry) -> Text:
    """What ``--infer`` found, as one sentence (English as a string; :func:`~spareggio.base.i18n.localize`
    says it in another language)."""
    inferred = entry.inferred
    if not inferred:
        return Text("")
    best = inferred[0]
    applied, announced = entry.rules, ", ".join(entry.tiebreaks)
    lst = ", ".join(best.tiebreaks)
    text: Text
    if entry.inferred_code == "only-points":
        return _only_points(entry)
    who: str | Text = best.program or best.rules
    said = {str(who)}
    alike = [] if best.program else same_as(best.rules, entry.publisher)
    departing = [] if best.program or ":" not in best.rules else [p.named for p in programs_like(best.rules, entry.publisher)]
    if departing:  # a reading that is a program's departure: the program is named
        who = ", ".join(departing)
        said = set(departing)
    elif alike:
        who = ntext("{rules} (as {programs} computes)", "{rules} (as {programs} compute)", len(alike), "check",
                    rules=best.rules, programs=", ".join(alike))  # fmt: skip
        said |= set(alike)
    if best.mismatches == 0 and best.shared and best.continuation:
        # not exact, even with what the program applies after its list
        text = ntext(
            "{rules} with {tiebreaks}, then {continuation}, which it does not print, misplaces no player but leaves {n} declared rank inside shared places: the list does not explain their order",
            "{rules} with {tiebreaks}, then {continuation}, which it does not print, misplaces no player but leaves {n} declared ranks inside shared places: the list does not explain their order",
            best.shared, "check", rules=who, tiebreaks=lst, continuation=", ".join(best.continuation),
        )  # fmt: skip
    elif best.mismatches == 0 and best.shared:
        # not exact: the list places every player but does not explain the order of some level ones
        text = ntext(
            "{rules} with {tiebreaks} misplaces no player but leaves {n} declared rank inside shared places: the list does not explain their order",
            "{rules} with {tiebreaks} misplaces no player but leaves {n} declared ranks inside shared places: the list does not explain their order",
            best.shared, "check", rules=who, tiebreaks=lst,
        )  # fmt: skip
    elif best.mismatches == 0 and best.continuation:
        text = Text(
            "the declared ranking is exactly what {who} gives with {tiebreaks}, then {continuation}, which it does not print",
            "check", who=who, tiebreaks=lst, continuation=", ".join(best.continuation),
        )  # fmt: skip
        exact = len([c for c in inferred if c.mismatches == 0 and c.shared == 0]) - 1
        if exact:
            text = _then(
                text, ntext(" (and {n} other combination)", " (and {n} other combinations)", exact, "check")
            )
    elif best.mismatches == 0:
        text = Text("the declared ranking is exactly what {rules} gives with {tiebreaks}", "check",
                    rules=who, tiebreaks=lst)  # fmt: skip
        exact = len([c for c in inferred if c.mismatches == 0 and c.shared == 0]) - 1
        if exact:
            text = _then(
                text, ntext(" (and {n} other combination)", " (and {n} other combinations)", exact, "check")
            )
    else:
        text = ntext(
            "no candidate reproduces the declared ranking; the closest is {rules} with {tiebreaks}, which misplaces {n} player",
            "no candidate reproduces the declared ranking; the closest is {rules} with {tiebreaks}, which misplaces {n} players",
            best.mismatches, "check", rules=best.rules, tiebreaks=lst,
        )  # fmt: skip
    others = [name for name in entry.inferred_alike if name not in said]
    if others and best.mismatches == 0:
        text = _then(text, ntext("; {names} gives the same on this file, which cannot tell them apart",
                                 "; {names} give the same on this file, which cannot tell them apart",
                                 len(others), "check", names=", ".join(others)))  # fmt: skip
    if best.rules == applied and best.tiebreaks == entry.tiebreaks and not best.continuation:
        return text
    mism = entry.mismatches
    if not mism:
        return Text("{text}; {rules} with {tiebreaks}, which applies to this file, agrees too", "check",
                    text=text, rules=applied, tiebreaks=announced)  # fmt: skip
    first = mism[0]
    change: Text
    if first.swapped_with:
        change = Text(
            "players {a} and {b} change places", "check", a=first.start_number, b=first.swapped_with
        )
    else:
        change = Text("player {a} is misplaced", "check", a=first.start_number)
    if first.decided_by:
        values = list(first.values.values())
        if len(values) == 2:
            change = _then(change, Text(" ({tiebreak} decides: {a} against {b})", "check",
                                        tiebreak=first.decided_by, a=_raw(values[0]), b=_raw(values[1])))  # fmt: skip
    more = len(mism) - 1
    if more:
        change = _then(
            change,
            ntext(", and {n} more player misplaced", ", and {n} more players misplaced", more, "check"),
        )
    return Text("{text}; under {rules} with {tiebreaks}, which applies to this file, {change}", "check",
                text=text, rules=applied, tiebreaks=announced, change=change)  # fmt: skip


def _only_points(entry: CheckEntry) -> Text:
    """The answer when only the points agree, with the closest list of tie-breaks when one misplaces
    players."""
    text = Text("only the points agree; no list of tie-breaks explains the order of tied players", "check")
    closest = entry.inferred_closest
    if closest is not None and closest.mismatches:
        text = _then(
            text,
            ntext("; the closest list is {tiebreaks} under {rules}, which misplaces {n} player",
                  "; the closest list is {tiebreaks} under {rules}, which misplaces {n} players",
                  closest.mismatches, "check", tiebreaks=", ".join((*closest.tiebreaks, *closest.continuation)),
                  rules=closest.program or closest.rules),
        )  # fmt: skip
    return text


def inferred_text(entry: CheckEntry, lang: str = SOURCE) -> str:
    """The inference of one checked file in words, in ``lang`` (the report's field is English)."""
    stored = entry.inferred_text
    return localize(stored if isinstance(stored, Text) else inferred_sentence(entry), lang)
