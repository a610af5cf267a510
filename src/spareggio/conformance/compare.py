"""One tournament: an engine's ranks and values against spareggio's, every difference classified.

spareggio ranks the file under the FIDE rule version of its start date.  A difference is then:

* ``departure``: a documented departure of a known program: the engine's profile (``programs/data``)
  computes the engine's value or rank once the one option named (with its article) is set;
* ``reading``: one of spareggio's documented readings of C.07 (docs/deviations.md), recognised by the
  exact arithmetic the reading predicts (STD with double forfeits, forfeits of a round robin in the
  Type B counts);
* ``unexplained``: anything else, which makes the run fail.

A rank is a difference only when the engine's rank lies outside spareggio's place (a shared place
``rank .. rank_to`` admits any order of its members).  One beside an explained value difference of its
tied group takes that value's class only when it is verified: the group ranked again with the engine's
own values and the group criteria (DE, EDE: C.07 6, 13.3) of the file's rule version, or of one
departure of the engine's profile, gives the engine's rank; and no value of the group is unexplained.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import asdict, field
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..base.classes import dataclass
from ..base.errors import SpareggioError
from ..core.model import FORFEIT, Color, ResultKind, Tournament
from ..core.programs import Program, find_program
from ..io.registry import read_event
from ..rules import ruleset_for_date
from ..standings import Standings, _context_for, rank
from ..tiebreaks import definition
from ..tiebreaks.base import Direction, TiebreakResult
from .engines import Engine, EngineFailed, EngineOutput

__all__ = ["READINGS", "Difference", "FileResult", "compare_file"]

K = ResultKind

READINGS = {
    "std-scheduled-opponent": (
        "C.07 7.7",
        (
            "docs/deviations.md D2: a round is compared with the scheduled opponent's points (½ for a double "
            "forfeit or a 0-0, 1 for the ½ of a ½-0), not with a draw's"
        ),
    ),
    "rr-forfeit-type-b": ("C.07 15.2", "docs/deviations.md D3: forfeits of a round robin counted as games in WON, BPG, BWG, REP"),
    "fore-buchholz-partial": ("C.07 8.3", "docs/deviations.md D4: Fore Buchholz of standings before the last round"),
}
"""spareggio's documented readings that a conformance run recognises: code -> (article, where)."""


@dataclass
class Difference:
    """One value or rank that differs."""

    participant: int
    criterion: str
    """The tie-break's label, or ``rank``."""
    ours: str
    theirs: str
    cls: str
    """``departure``, ``reading`` or ``unexplained``."""
    reason: str = ""
    """The profile option (``gacrux: de-unmet=order``) or the reading's code."""
    article: str = ""


@dataclass
class FileResult:
    """What one tournament gave."""

    file: str
    rules: str
    kind: str
    ranks_compared: int = 0
    values_compared: int = 0
    ranks_differing: int = 0
    values_differing: int = 0
    differences: list[Difference] = field(default_factory=list)
    error: str = ""

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def _label_match(label: str, names: dict[str, Fraction]) -> Fraction | None:
    key = label.upper().replace(" ", "")
    for name, value in names.items():
        if name.upper().replace(" ", "") == key:
            return value
    return None


def _reading(t: Tournament | None, label: str, i: int, ours: Fraction, theirs: Fraction, rules: str) -> str:
    """The documented reading of spareggio that accounts exactly for ``ours - theirs``, else ''."""
    if t is None:
        return ""
    kinds = t.kind[i]
    base = label.upper().split("/")[0]
    diff = ours - theirs
    if base == "STD":
        # rounds where the scheduled opponent's points and a draw's give different answers under 1-½-0
        opp = t.opponent[i]
        theirs_kind = np.where(opp >= 0, t.kind[np.maximum(opp, 0), np.arange(t.rounds)], 0)
        level_or_more = ((kinds == K.PLAYED_DRAW) & (theirs_kind == K.PLAYED_LOSS)) | (
            (kinds == K.PLAYED_LOSS) & (theirs_kind == K.PLAYED_LOSS)
        )
        rounds = int((kinds == K.DOUBLE_FORFEIT).sum() + level_or_more.sum())
        if rounds and diff == Fraction(rounds, 2):
            return "std-scheduled-opponent"
    if t.is_round_robin and base in ("WON", "BPG", "BWG", "REP", "GE"):
        black = t.color[i] == Color.BLACK
        fwin = int((kinds == K.FORFEIT_WIN).sum())
        fwin_black = int(((kinds == K.FORFEIT_WIN) & black).sum())
        forfeits_black = int((FORFEIT[kinds] & black & (t.opponent[i] >= 0)).sum())
        losses = int(((kinds == K.FORFEIT_LOSS) | (kinds == K.DOUBLE_FORFEIT)).sum())
        expected = {
            "WON": {fwin},
            "BWG": {fwin_black},
            "BPG": {fwin_black, forfeits_black} if rules == "fide-2024" else {fwin_black},
            "REP": {losses} if rules == "fide-2024" else set(),
            "GE": {losses} if rules == "fide-2024" else set(),
        }[base]
        if diff and int(diff) == diff and int(diff) in expected:
            return "rr-forfeit-type-b"
    return ""


def _profile_rules(program: Program, base: str) -> list[tuple[str, str, str]]:
    """(rule-set label, option, article) for each departure of ``program`` on the rule version ``base``."""
    return [(f"{base}:{d.option}", d.option, d.article) for d in program.departures]


def compare_file(path: Path, engine: Engine, program: Program | None = None) -> FileResult:
    """Run ``engine`` on ``path`` and compare with spareggio; the engine's profile is ``program``
    (by default the known program of the engine's name)."""
    try:
        event = read_event(path)
    except (SpareggioError, OSError) as exc:  # a bad file is a row of the report
        return FileResult(str(path), "", "", error=f"spareggio: {exc}")
    tournament = event.tournament
    chosen, _ = ruleset_for_date(tournament.start_date)
    result = FileResult(str(path), chosen.name, "")
    try:
        ours = rank(event, rules=chosen.name)
    except SpareggioError as exc:
        result.error = f"spareggio: {exc}"
        return result
    try:
        theirs = engine.run(path)
    except EngineFailed as exc:
        result.error = str(exc)
        return result
    program = program if program is not None else find_program(engine.name)
    departures = _profile_rules(program, chosen.name) if program is not None else []

    def alternatives() -> Iterator[tuple[str, str, Standings]]:
        """The profile's rankings, one departure at a time, computed only when something differs."""
        for label, option, article in departures:
            if label not in computed:
                computed[label] = rank(event, rules=label)
            yield option, article, computed[label]

    computed: dict[str, Standings] = {}
    teams = event.participants()
    # the documented readings are of a player's own games: not of participants made of players (teams)
    made_of_players = ours.event.lineup() is not None
    result.kind = (f"{ours.participant} " if made_of_players else "") + (
        "round robin" if teams.is_round_robin else "swiss"
    )
    _compare(result, None if made_of_players else teams, ours, theirs, alternatives, program.code if program else "")
    return result


def _engine_key(res: TiebreakResult, value: Fraction) -> Fraction:
    """A value as the ranking reads it: larger is better."""
    low = (res.direction is Direction.LOWER) != res.spec.reverse
    return -value if low else value


def _place_by_engine(
    i: int,
    group: list[int],
    under: Standings,
    theirs: EngineOutput,
    numbers: list[int],
    first: int,
) -> tuple[int, int] | None:
    """The places ``i`` takes when its group of equal points is ranked again with the engine's own
    values (``under``'s where the engine printed none) and ``under``'s group criteria (DE, EDE and
    the board criteria, as the rule set of ``under`` applies them to the members concerned: C.07
    6.1-6.3, 13.3); None when a value is missing on both sides.

    The list is applied as the ranking applies it (C.07 4, 5): each criterion splits every sub-group
    still level, a group criterion by its own order of the members concerned, a value by the
    engine's number; ``first`` is the group's first place."""
    subgroups = [sorted(group, key=lambda k: numbers[k])]
    for label, spec in zip(under.labels, under.specs, strict=True):
        res = under.results.get(label)
        d = definition(spec.code)
        split: list[list[int]] = []
        for sub in subgroups:
            if len(sub) < 2:
                split.append(sub)
            elif d.order_group is not None:
                split.extend(sorted(part, key=lambda k: numbers[k])
                             for part in d.order_group(_context_for(under.context, spec), spec, list(sub)))  # fmt: skip
            elif res is None:
                return None
            else:
                keys: dict[int, Fraction] = {}
                for k in sub:
                    value = _label_match(label, theirs.values.get(numbers[k], {}))
                    if value is None:
                        value = res.value(k)
                    if value is None:
                        return None
                    keys[k] = _engine_key(res, value)
                for level in sorted(set(keys.values()), reverse=True):
                    split.append([k for k in sub if keys[k] == level])
        subgroups = split
    place = first
    for sub in subgroups:
        if i in sub:
            return place, place + len(sub) - 1
        place += len(sub)
    return None


def _reproduced(
    i: int,
    r: int,
    group: list[int],
    ours: Standings,
    alternatives: Callable[[], Iterator[tuple[str, str, Standings]]],
    theirs: EngineOutput,
    numbers: list[int],
    first: int,
) -> tuple[tuple[str, str] | None, tuple[int, int] | None]:
    """Whether the engine's rank ``r`` of ``i`` is the place its group of equal points gives it ranked
    again with the engine's values: under the file's rule set, else under one departure of the
    engine's profile at a time (for the group criteria, DE among the members concerned, C.07 6.2,
    6.3).  Returns the departure that gave it (``("", "")`` for none; None when nothing did) and the
    place under the file's rule set; ``first`` is the group's first place."""
    mine = _place_by_engine(i, group, ours, theirs, numbers, first)
    if mine is not None and mine[0] <= r <= mine[1]:
        return ("", ""), mine
    for option, art, under in alternatives():
        place = _place_by_engine(i, group, under, theirs, numbers, first)
        if place is not None and place[0] <= r <= place[1]:
            return (option, art), mine
    return None, mine


def _compare(
    result: FileResult,
    t: Tournament | None,
    ours: Standings,
    theirs: EngineOutput,
    alternatives: Callable[[], Iterator[tuple[str, str, Standings]]],
    code: str,
) -> None:
    numbers = [p.start_number for p in ours.event.participants().players]
    single = t
    explained_groups: dict[int, tuple[str, str, str]] = {}
    unexplained_values: set[int] = set()
    points = {row.index: row.points for row in ours.rows}
    for i, number in enumerate(numbers):
        got = theirs.values.get(number, {})
        for label in ours.labels:
            mine = ours.results[label].value(i)
            other = _label_match(label, got)
            if mine is None or other is None:
                continue
            result.values_compared += 1
            if mine == other:
                continue
            result.values_differing += 1
            cls, reason, article = "unexplained", "", ""
            for option, art, alt in alternatives():
                if label in alt.results and alt.results[label].value(i) == other:
                    cls, reason, article = "departure", f"{code}: {option}", art
                    break
            else:
                found = _reading(single, label, i, mine, other, result.rules)
                if found:
                    cls, reason, article = "reading", found, READINGS[found][0]
            result.differences.append(Difference(number, label, str(mine), str(other), cls, reason, article))
            if cls != "unexplained":
                explained_groups[i] = (cls, reason, article)
            else:
                unexplained_values.add(i)
    rank_of = {row.index: row.rank for row in ours.rows}
    rank_to = {row.index: row.rank_to for row in ours.rows}
    for i, number in enumerate(numbers):
        if number not in theirs.ranks or rank_of[i] == 0:
            continue
        result.ranks_compared += 1
        r = theirs.ranks[number]
        if rank_of[i] <= r <= rank_to[i]:
            continue
        result.ranks_differing += 1
        cls, reason, article = "unexplained", "", ""
        for option, art, alt in alternatives():
            alt_row = next(row for row in alt.rows if row.index == i)
            if alt_row.rank <= r <= alt_row.rank_to:
                cls, reason, article = "departure", f"{code}: {option}", art
                break
        else:
            group = [k for k in range(len(numbers)) if points.get(k) == points.get(i) and rank_of.get(k, 0) > 0]
            causes = list(dict.fromkeys(explained_groups[k] for k in group if k in explained_groups))
            if causes and not any(k in unexplained_values for k in group):
                first = min(rank_of[k] for k in group)
                hit, place = _reproduced(i, r, group, ours, alternatives, theirs, numbers, first)
                if hit is not None:
                    option, art = hit
                    cls = causes[0][0]
                    reason = "; ".join([*(c[1] for c in causes), *([f"{code}: {option}"] if option else [])])
                    article = "; ".join(dict.fromkeys([*(c[2] for c in causes), *([art] if art else [])]))
                elif place is not None:
                    shown = f"{place[0]}-{place[1]}" if place[1] > place[0] else str(place[0])
                    reason = f"place-by-engine-values={shown}"
        result.differences.append(
            Difference(number, "rank", f"{rank_of[i]}-{rank_to[i]}" if rank_to[i] > rank_of[i] else str(rank_of[i]),
                       str(r), cls, reason, article)
        )  # fmt: skip
