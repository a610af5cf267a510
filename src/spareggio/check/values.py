"""The printed values of a published ranking (a results page) against the computed ones, and the
departure from C.07 that explains each printed value that differs.

A value is compared in the form its program prints it
(:func:`~spareggio.tiebreaks.printed.printed_form`): Direct Encounter as the sub-rank spareggio
gives, as 0 for every player it does not separate (Swiss-Manager) or as the score of the games among
the tied players (a New Zealand program); a value rounded to the decimals the column prints; 0 where
the value is undefined (an average without games).  A form is chosen per column, the one that agrees
with most of its printed values, and said in a note.

A value that still differs is tried again under the rule set with each single departure a program
profile documents (:mod:`spareggio.core.programs`: ``full-bye=vur``, ``no-games=zero`` ...); the first
that gives the printed value names the departure, its program and the article it departs from."""

from __future__ import annotations

from fractions import Fraction

from ..base.classes import dataclass
from ..base.errors import SpareggioError
from ..base.i18n import Text
from ..core.model import Tournament
from ..rules import program_rulesets
from ..standings import Standings, rank_lists
from ..tiebreaks import TIEBREAKS, parse_spec_list
from ..tiebreaks.printed import Form, agrees, as_printed, printed_form
from .entry import ValueMismatch

__all__ = ["Named", "name_columns", "value_mismatches"]

FORM_WORDS: dict[Form, str] = {
    Form.ROUNDED: "{tiebreak} is printed rounded to {decimals} decimals: compared rounded",
    Form.DE_ZERO: "{tiebreak} is printed 0 for the players it does not separate, as Swiss-Manager prints it: compared in that form",
    Form.DE_SEPARATED_MUTUAL: "{tiebreak} is printed as the points scored against the other tied players where they all met, 0 elsewhere, as Swiss-Manager prints it: compared in that form",
    Form.DE_MUTUAL: "{tiebreak} is printed as the points scored against the other tied players (the score of the mutual games): compared in that form",
}
"""The note that says a column was compared in its program's form (context ``check``)."""

UNDEFINED_WORDS = "{tiebreak} is printed 0 where C.07 leaves it undefined (no game it can average): read as undefined"

SHOWN = 50
"""How many differing values an entry lists (the count is always whole)."""


def _departures() -> list[tuple[str, str, str, str]]:
    """Every documented departure: (the programs that make it, option, article, what), one row per
    option."""
    found: dict[str, tuple[list[str], str, str]] = {}
    for rules in program_rulesets().values():
        if rules.program is None:
            continue
        for d in rules.program.departures:
            found.setdefault(d.option, ([], d.article, d.what))[0].append(rules.program.title)
    return [(", ".join(sorted(names)), option, article, what) for option, (names, article, what) in found.items()]


def value_mismatches(t: Tournament, s: Standings) -> tuple[int, tuple[ValueMismatch, ...], tuple[Text, ...]]:
    """How many printed values were compared, those that differ from the computed ones in the form
    their program prints them (the first :data:`SHOWN`), each with the departure that reproduces it
    when one does, and a note for each column compared in a program's form."""
    labels: dict[str, str] = {}  # the label the standings use -> the item as printed
    for item in t.printed_values:
        try:
            ((label, _),) = parse_spec_list([item])
        except SpareggioError:
            continue  # a list the standings could not read has already been reported
        if label in s.results:
            labels[label] = item
    if not labels:
        return 0, (), ()
    base = s.rules
    tried: dict[str, Standings] = {}

    def under(option: str) -> Standings | None:
        if option not in tried:
            key, _, value = option.partition("=")
            if key not in {o.key for o in base.options}:
                return None
            rules = base.configure(**{key: value})
            tried[option] = rank_lists(t, [(rules, [*s.labels])], s.after_round)[0]
        return tried[option]

    compared = 0
    found: list[ValueMismatch] = []
    notes: list[Text] = []
    for label, item in labels.items():
        result = s.results[label]
        printed_all = t.printed_values[item]
        form, decimals, shown = printed_form(result, printed_all)
        if form is not Form.AS_COMPUTED:
            notes.append(Text(FORM_WORDS[form], "check", tiebreak=label, decimals=decimals))
        computed = result.values()
        if result.spec.code != "DE" and any(c is None and p == 0 for c, p in zip(computed, printed_all, strict=True)):
            notes.append(Text(UNDEFINED_WORDS, "check", tiebreak=label))
        for i, printed in enumerate(printed_all):
            if printed is None:
                continue
            compared += 1
            if agrees(shown[i], printed, result.spec.code, form, decimals):
                continue
            value = computed[i]
            departure = None
            for program, option, article, _what in _departures():
                other = under(option)
                if other is not None and other.results[label].values()[i] == printed:
                    departure = (program, option, article)
                    break
            found.append(
                ValueMismatch(
                    t.players[i].start_number,
                    t.players[i].name,
                    label,
                    _number(printed),
                    None if value is None else _number(value),
                    *(departure or (None, None, None)),
                )
            )
    return compared, tuple(found), tuple(notes)


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


# -- columns printed without their names ------------------------------------------------------------

NAMED_BY_VALUES = (
    "PTS", "DE", "BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "ARO", "ARO/C1", "APRO", "APPO",
    "TPR", "PTP", "WIN", "WON", "BPG", "BWG", "PS", "KS", "AOB", "FB", "RTNG",
)  # fmt: skip
"""The criteria a column printed without its name may be (those results pages and their programs
print: chess-results' legends, Vega's, C.07's list)."""

NAMING_RULES = ("fide-2026", "fide-2024", "fide-2009", "swiss-manager", "draw-vs-self")
"""The rule sets under which a column's values are reproduced: FIDE's texts, the program behind most
chess-results pages, the old draw against oneself."""


@dataclass(frozen=True)
class Named:
    """What the values of columns printed without their names say of them."""

    found: tuple[tuple[str, ...], ...]
    """Per column, the criteria whose values give every printed value of it (in their program's form)."""
    rules: tuple[tuple[str, ...], ...]
    """Per column, the rule sets under which the one criterion that does gives them."""
    alike: tuple[tuple[str, ...], ...]
    """Per column, the other criteria that give the same values on this file."""

    @property
    def tiebreaks(self) -> tuple[str, ...] | None:
        """The list, when one criterion and one only reproduces each column."""
        if self.found and all(len(f) == 1 for f in self.found):
            return tuple(f[0] for f in self.found)
        return None


def name_columns(t: Tournament, rules: str | None, after_round: int | None, *, placed: frozenset[str]) -> Named:
    """Which criteria reproduce each of the columns a ranking printed without their names
    (:attr:`~spareggio.core.model.Tournament.printed_columns`): every printed value of the column,
    in the form its program prints it, under one of the rule sets (``rules``, then
    :data:`NAMING_RULES`).  The criteria that read ratings are tried only where players have some;
    those in ``placed`` (rounds and colours a grid does not say) are not tried."""
    rated = any(p.rating for p in t.players)
    specs = [x for x in NAMED_BY_VALUES if x.split("/")[0] not in placed and (rated or not TIEBREAKS[x.split("/")[0]].ratings)]
    columns = t.printed_columns
    found: list[dict[str, tuple[list[str], tuple[Fraction | None, ...]]]] = [{} for _ in columns]
    for name in dict.fromkeys([*([rules] if rules else []), *NAMING_RULES]):
        try:  # each criterion first in its list: computed for every player
            ranked = rank_lists(t, [(name, [spec]) for spec in specs], after_round)
        except SpareggioError:
            continue  # a rule set this event cannot be ranked under names nothing
        for spec, s in zip(specs, ranked, strict=True):
            result = s.results.get(spec)
            if result is None or (spec != "DE" and all(v is None for v in result.values())):
                continue  # undefined for everybody (ARO with unrated players): no evidence
            for k, printed in enumerate(columns):
                if all(p is None for p in printed):
                    continue
                shown, wrong = as_printed(result, printed)
                if not wrong:
                    names, _ = found[k].setdefault(spec, ([], tuple(shown)))
                    names.append(name)
    named: list[tuple[str, ...]] = []
    under: list[tuple[str, ...]] = []
    for f in found:
        # criteria giving the same values on this file are one reading of the column: the first names it
        alike = len({shown for _, shown in f.values()}) == 1
        named.append(tuple(f) if not alike else tuple(f)[:1])
        under.append(tuple(next(iter(f.values()))[0]) if alike and f else ())
    return Named(tuple(named), tuple(under), tuple(tuple(f)[1:] if len(named[k]) == 1 else () for k, f in enumerate(found)))
