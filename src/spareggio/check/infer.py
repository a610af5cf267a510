"""``check --infer``: which rule set, which program and which tie-break list produce the declared
ranking.

The candidates are every rule set (and each with one documented option changed) and every program
profile (:mod:`spareggio.core.programs`: Swiss-Manager's departures from C.07, Vega's versions and the
others, each continued after its list as its program does), crossed with the announced list (also
with a rule version per criterion: ``BH/C1/V2026, BH/M1/V2024``) and the catalogue below;
:func:`infer` ranks them all with one read of the file and one frame.  The printed list, the points
alone and the best candidates that leave shared places are tried again with the criteria programs
apply after their printed list (start number; BWG, SB or BH then start number).

Candidates are ordered by the players they misplace, then by the declared ranks they leave inside a
shared place, then by how much their list and their rule set assume; a points-only or catalogue list
never comes before the printed list when that list explains more.  The answer (:class:`Inferred`)
names every rule set and program that gives exactly the best candidate's ranking, and says when only
the points agree.  To try another program's lists, add them to :data:`CANDIDATE_LISTS_SWISS` or
:data:`CANDIDATE_LISTS_ROUND_ROBIN`.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable
from dataclasses import field
from fractions import Fraction

import numpy as np

from ..base.classes import dataclass
from ..base.errors import SpareggioError
from ..core.model import FORFEIT, PLAYED, REQUESTED_BYE, ListSource, ResultKind, Tournament
from ..core.programs import Program
from ..rules import RULESETS, RuleSet, find_ruleset, program_rulesets
from ..standings import Standings, rank_lists
from ..tiebreaks import TIEBREAKS, parse_spec, parse_spec_list
from ..tiebreaks.printed import disagreeing
from .entry import Candidate

__all__ = [
    "CANDIDATE_LISTS_ROUND_ROBIN",
    "CANDIDATE_LISTS_SWISS",
    "INFERRED_SHOWN",
    "Inferred",
    "Verdict",
    "candidate_lists",
    "candidate_rules",
    "infer",
    "programs_like",
]

CANDIDATE_LISTS_SWISS: tuple[tuple[str, ...], ...] = (
    ("PTS",),
    ("DE", "PS"),
    ("DE", "PS", "BH/C1", "BH"),
    ("APRO", "DE", "ARO/C1"),
    ("ARO", "DE", "BH/C1"),
    ("RTNG",),
    ("BH/C1", "BH", "SB"),
    ("BH/M1", "BH", "SB"),
    ("BH/M1", "BH", "PS"),
    ("BH", "BH/C1", "SB"),
    ("BH/C1", "BH", "SB", "PS"),
    ("BH/C1", "BH", "SB", "WIN"),
    ("BH/C1", "BH", "SB", "ARO"),
    ("BH/C1", "BH", "AOB"),
    ("BH/C1", "BH", "ARO"),
    ("BH/C1", "BH", "PS"),
    ("BH/C1", "BH", "WIN"),
    ("BH/C1", "BH/M1", "BH", "SB"),
    ("BH/C2", "BH/C1", "BH", "SB"),
    ("BH/M2", "BH/M1", "BH", "SB"),
    ("BH", "BH/M1", "SB"),
    ("BH", "SB", "PS"),
    ("BH", "SB", "WIN"),
    ("BH/C1", "SB", "BH"),
    ("SB", "BH/C1", "BH"),
    ("DE", "BH/C1", "BH", "SB"),
    ("DE", "BH/C1", "BH"),
    ("DE", "BH/C1", "BH/C2"),
    ("DE", "WIN", "BH/C1", "BH", "SB"),
    ("BH/C1", "BH", "DE", "SB"),
    ("ARO", "BH/C1", "BH"),
    ("PS", "BH/C1", "BH"),
    ("WIN", "BH/C1", "BH", "SB"),
    ("AOB", "BH/C1", "BH"),
    ("TPR", "BH/C1", "BH"),
    ("MM", "SOLKOFF", "CUM", "OPPCUM"),
    ("MM", "SOLKOFF", "CUM", "KASHDAN"),
    ("MEDIAN", "SOLKOFF", "CUM", "OPPCUM"),
)
"""Swiss lists tried by ``--infer`` beside the file's own: FIDE's Buchholz family in its usual
orders (Cut 1, Median 1, Cut 2, Median 2), with Sonneborn-Berger, AOB, ARO, progressive score,
wins and direct encounter (club practice: Median-Buchholz, Buchholz, progressive score; the direct
encounter, then Buchholz Cut 1, then Buchholz or Buchholz Cut 2, as twelve real chess-results exports
of 2024 to 2026 rank), and the US
Chess orders (modified median, Solkoff, cumulative,
opponents' cumulative or Kashdan)."""

CANDIDATE_LISTS_ROUND_ROBIN: tuple[tuple[str, ...], ...] = (
    ("PTS",),
    ("DE", "PS"),
    ("DE", "SB", "KS", "WIN"),
    ("DE", "SB", "KS"),
    ("DE", "SB", "WIN"),
    ("DE", "WIN", "SB"),
    ("DE", "KS", "SB"),
    ("SB", "DE", "KS"),
    ("SB", "DE", "WIN"),
    ("SB", "KS", "DE"),
    ("SB", "WIN", "DE"),
    ("SB", "DE"),
    ("SB", "WIN"),
    ("DE", "SB"),
    ("SB", "KS"),
    ("KS", "SB"),
    ("WIN", "SB"),
    ("DE", "WIN", "BWG", "SB"),
)
"""Round-robin lists tried by ``--infer`` beside the file's own (C.07 Art. 15 and common practice)."""

INFERRED_SHOWN = 10
"""How many candidates a report lists (the closest first)."""

CONTINUED = 12
"""How many of the best candidates that leave declared ranks inside shared places are tried again
with each continuation."""

VERSIONED = ("BH", "FB", "SB", "AOB")
"""The criteria whose values depend on the rule version (opponents' and dummies' scores)."""

VERSIONS = ("V2026", "V2024", "V2009")


def candidate_rules(t: Tournament | None = None) -> list[str]:
    """Every rule set, then each with one documented option changed (``fide-2026:vur=score``), then
    every program profile (``swiss-manager``); of a file that names the program that wrote it
    (:attr:`~spareggio.core.model.Tournament.publisher`), that program's profiles only.

    With the tournament, what cannot change its ranking is left out: options for team events (an
    individual event), for round robins (a Swiss) and for full-point byes or players without games
    (an event that has none); a profile that computes as a rule set already tried (Diena as the
    Italian variant) is that rule set (:func:`same_as`)."""
    publisher = t.publisher if t is not None else None
    names: list[str] = list(RULESETS)
    for rules in RULESETS.values():
        for option in rules.options:
            if t is not None and not _matters(option.key, t):
                continue
            for choice in option.choices:
                if choice != option.default:
                    names.append(f"{rules.name}:{option.key}={choice}")
    seen = {_effective(find_ruleset(n)) for n in names}
    for name, rules in program_rulesets().items():
        if rules.program is not None and not wrote(rules.program, publisher):
            continue  # the file names the program that wrote it
        if _effective(rules) not in seen:
            names.append(name)
            seen.add(_effective(rules))
    return names


def _effective(rules: RuleSet) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What a rule set computes: its underlying rule set and every setting."""
    return (rules.base or rules.name, tuple(sorted(rules.settings.items())))


def wrote(program: Program, publisher: str | None) -> bool:
    """Whether the program (a profile, or a version of one) may have written a file whose
    :attr:`~spareggio.core.model.Tournament.publisher` is ``publisher`` (None: any program)."""
    return publisher is None or publisher in (program.code, program.family)


def same_as(label: str, publisher: str | None = None) -> list[str]:
    """The programs that compute as the rule set ``label`` does (``italian``: Diena, GTS, RWGets);
    with ``publisher``, the program that wrote the file, that program alone if it does.  A FIDE text
    computed as written is not credited to the programs that follow it: that would say nothing about
    who printed the ranking."""
    rules = find_ruleset(label)
    if (rules.base or rules.name).startswith("fide-"):
        return []
    return list(dict.fromkeys(p.title for p in programs_like(label, publisher)))


_TEAM_OPTIONS = frozenset({"ede", "chain-bc"})


def _matters(key: str, t: Tournament) -> bool:
    """Whether the rule-set option ``key`` can change the ranking of ``t`` (an individual event)."""
    if key in _TEAM_OPTIONS:
        return False
    if key == "rr-forfeit":
        return t.is_round_robin
    if key == "full-bye":
        return bool((t.kind == ResultKind.FULL_BYE).any())
    if key == "no-games":
        return bool((~PLAYED[t.kind.astype(np.intp)]).all(axis=1).any())
    if key == "full-bye-sb":
        return bool(((t.kind == ResultKind.FULL_BYE) | (t.kind == ResultKind.PAB)).any())
    if key == "bye-then-forfeit":
        return bool(REQUESTED_BYE[t.kind.astype(np.intp)].any() and FORFEIT[t.kind.astype(np.intp)].any())
    return True


def versioned_lists(announced: tuple[str, ...], *, uniform: bool = False) -> list[tuple[str, ...]]:
    """The announced list with a rule version per criterion, mixed (``BH/C1/V2026, BH/M1/V2024``):
    the lists whose versions are all the same are the rule sets' own.  At most three criteria are
    varied (27 lists).  With ``uniform``, those lists whose versions are all the same (one a version,
    ``BH/C1/V2009, BH/V2009``): a FIDE rule set computes them as its own list, a program profile does
    not (Swiss-Manager computes an unlabelled Buchholz by the 2009 rule, with its departures)."""
    slots = [k for k, label in enumerate(announced) if parse_spec(label).code in VERSIONED]
    slots = slots[:3]
    if len(slots) < (1 if uniform else 2):
        return []
    out = []
    for combo in itertools.product(VERSIONS, repeat=len(slots)):
        if (len(set(combo)) == 1) != uniform:
            continue
        lst = list(announced)
        for k, version in zip(slots, combo, strict=True):
            lst[k] = f"{_unversioned(lst[k])}/{version}"
        out.append(tuple(lst))
    return out


def continuations(publisher: str | None = None) -> list[tuple[str, tuple[str, ...], bool]]:
    """Every (program profile, continuation, whether it is the program's own) a program applies or
    has been seen to apply after its printed list; with ``publisher``, that program's only."""
    seen: dict[tuple[str, tuple[str, ...]], bool] = {}
    for name, rules in program_rulesets().items():
        program = rules.program
        if program is not None and wrote(program, publisher):
            for cont in (program.continuation, *program.continuations):
                if cont and all(code.split("/")[0] in TIEBREAKS for code in cont):
                    seen.setdefault((name, tuple(cont)), tuple(cont) == tuple(program.continuation))
    return [(name, cont, own) for (name, cont), own in seen.items()]


def candidate_lists(t: Tournament, announced: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The announced list, then the catalogue for the kind of event, without repeats and without
    lists that name a tie-break this version does not know."""
    catalogue = CANDIDATE_LISTS_ROUND_ROBIN if t.is_round_robin else CANDIDATE_LISTS_SWISS
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[str, ...]] = []
    lists = (announced, *versioned_lists(announced), *versioned_lists(announced, uniform=True), *catalogue)
    for lst in lists:
        key = tuple(x.upper() for x in lst)
        if key in seen or not all(x.split("/")[0].upper() in TIEBREAKS for x in lst):
            continue
        seen.add(key)
        out.append(lst)
    return out


class Verdict(enum.StrEnum):
    """What the inference concluded, as a stable code (the JSON's ``inferred_code``)."""

    EXACT = "exact"
    """A candidate places every declared rank, none left inside a shared place."""
    SHARED = "shared"
    """The best candidate misplaces nobody but leaves declared ranks inside shared places."""
    ONLY_POINTS = "only-points"
    """Only the points agree: no list of tie-breaks explains the order of the tied players."""
    CLOSEST = "closest"
    """No candidate reproduces the declared ranking: the closest is named."""


@dataclass(frozen=True)
class Inferred:
    """The candidates, best first, what they say, and the rule sets and programs that give exactly
    what the best gives (a set the file cannot tell apart)."""

    candidates: list[Candidate]
    verdict: Verdict
    alike: tuple[str, ...] = ()
    """Beside the best: every rule set and program whose ranking of this file is the best's (the
    same list, the same players placed), by name (``fide-2024``, ``Vega (vega-2024)``)."""
    closest_list: Candidate | None = None
    """With :attr:`Verdict.ONLY_POINTS`: the closest candidate that has a list of tie-breaks."""


@dataclass(frozen=True, order=True)
class _Scored:
    """How well one candidate reading fits a printed ranking, ordered by its fields in turn: sorted, the
    best comes first."""

    wrong: int
    contradicted: int
    """How many values the file prints that its criteria do not give (in their program's form): among
    candidates that misplace as many players, one the printed values contradict comes after."""
    shared: int
    list_grade: int
    """How much the list assumes: 0 the printed list; 1 with the program's own continuation; 2 with
    a continuation the program was seen to use; 3 the printed list with a version per criterion; 4 a
    list of the catalogue; 5 a catalogue list continued."""
    rules_grade: int
    """How much the rule set assumes: 0 the one that applies; 1 another rule set or a program; 2 a
    rule set with one of its readings changed."""
    n: int
    label: str = field(compare=False)
    lst: tuple[str, ...] = field(compare=False)
    cut: int = field(compare=False)

    @property
    def base(self) -> tuple[str, ...]:
        return self.lst[: len(self.lst) - self.cut] if self.cut else self.lst

    @property
    def points_only(self) -> bool:
        return not self.cut and all(x.upper() == "PTS" for x in self.lst)

    @property
    def unexplained(self) -> int:
        return self.wrong + self.shared


def infer(
    t: Tournament,
    s: Standings,
    score: Callable[[Standings], tuple[int, int]],
    after_round: int | None,
) -> Inferred:
    """Every candidate (rule set or program × list, continued where a program continues), ordered
    by the declared ranks it misplaces, then by those it leaves inside shared places, then by how
    much its list and its rule set assume; a points-only or catalogue list never comes before the
    printed list when that list explains more declared ranks (``score`` gives both counts for one
    ranking)."""
    announced = tuple(s.labels)
    printed = s.tiebreaks_source in (ListSource.FILE, ListSource.CALLER)
    rules_names = candidate_rules(t)
    applied = s.rules.label
    if applied not in rules_names:
        rules_names.append(applied)
    rules_names.sort(key=lambda r: r != applied)
    # a list with a version on every criterion that depends on one computes the same under every rule
    # set but the programs' departures: the rule set that applies and the profiles are enough
    profiles = [r for r in rules_names if _ruleset(r).program is not None]
    departing = [applied, *profiles]
    # one version on every such criterion: a rule set's own list, but not a program's whose legends
    # name a version per criterion (Swiss-Manager computes an unlabelled Buchholz by the 2009 rule)
    versioning = [r for r in profiles if (p := _ruleset(r).program) is not None and p.versions_named]
    uniform = set(versioned_lists(announced, uniform=True)) - {announced}  # the printed list: every rule set
    versioned = set(versioned_lists(announced)) | uniform
    catalogue = candidate_lists(t, announced)
    pairs: list[tuple[str, tuple[str, ...]]] = []
    grades: list[int] = []
    cuts: list[int] = []
    for lst in catalogue:
        for r in versioning if lst in uniform else departing if lst in versioned else rules_names:
            # a program always continues its list as it does (Swiss-Manager: by start number)
            codes = {x.split("/")[0].upper() for x in lst}
            if t.numbered_by_place and "TPN" in codes:
                break  # numbers that are the file's own places would reproduce its ranking
            cont = tuple(
                c for c in _ruleset(r).continuation if c.split("/")[0].upper() not in codes and _numbered(t, c)
            )
            pairs.append((r, (*lst, *cont)))
            grades.append(_list_grade(lst, announced, versioned, 1 if cont else 0))
            cuts.append(len(cont))
    found = _scored(t, pairs, score, after_round, applied, grades, cut=cuts)
    # every program continues its list the way it does (Swiss-Manager: the start number), and the
    # printed list, the points alone and the best that leave shared places are tried with every
    # continuation a program applies or was seen to apply
    tried = {(f.label, f.lst) for f in found}
    open_places = [f for f in found if f.wrong == 0 and f.shared > 0][:CONTINUED]
    bases = list(dict.fromkeys([announced, ("PTS",), *(f.base for f in open_places)]))
    more: list[tuple[str, tuple[str, ...], int, int]] = []
    for program, whole_cont, own in continuations(t.publisher):
        cont = tuple(c for c in whole_cont if _numbered(t, c))
        if not cont:
            continue
        # a program whose legends name versions continues its list with one version on every criterion
        for lst in [*bases, *(sorted(uniform) if program in versioning else ())]:
            if set(cont) & {x.split("/")[0] for x in lst}:
                continue
            full = (*lst, *cont)
            if (program, full) not in tried:
                tried.add((program, full))
                more.append((program, full, len(cont), _list_grade(lst, announced, versioned, 1 if own else 2)))
    if more:
        found.extend(
            _scored(t, [(r, lst) for r, lst, _, _ in more], score, after_round, applied,
                    [g for *_, g in more], cut=[c for _, _, c, _ in more], start=len(found))
        )  # fmt: skip
    found.sort()
    if printed:
        found = _printed_first(found, announced)
    return _conclude(found, announced, t.publisher)


def _numbered(t: Tournament, criterion: str) -> bool:
    """Whether a criterion may continue a list: not the start number (``TPN``) of a file that numbers
    its players by their own places (:attr:`~spareggio.core.model.Tournament.numbered_by_place`)."""
    return not (t.numbered_by_place and criterion.split("/")[0].upper() == "TPN")


def _list_grade(lst: tuple[str, ...], announced: tuple[str, ...], versioned: set[tuple[str, ...]], cont: int) -> int:
    """See :attr:`_Scored.list_grade`: ``cont`` is 0 for no continuation, 1 for the program's own,
    2 for one it was seen to use."""
    if lst == announced:
        return cont
    if lst in versioned:
        return 3
    return 4 if cont == 0 else 5


def _printed_first(found: list[_Scored], announced: tuple[str, ...]) -> list[_Scored]:
    """The order with no points-only or catalogue candidate before the best candidate of the printed
    list when that list explains more declared ranks (misplaces or leaves in shared places fewer).

    A catalogue list that leaves out or reorders the printed criteria comes before it only when it
    misplaces fewer players: the file prints those criteria (its legend, or columns whose values
    name them), so the program ranked by them, and a list that orders a few more of the players
    they leave level does so by chance (a real export printing DE, BH/C1, BH, the order inside its
    shared places the start numbers it does not print, was said to be ranked by BH/C1, BH, WIN).
    A list that goes on after the printed ones may come before it when it explains as many: it
    names what the program applied after its list."""
    best = next((f for f in found if f.list_grade <= 3), None)
    if best is None:
        return found
    k = found.index(best)
    ahead = [
        f for f in found[:k]
        if f.list_grade <= 3
        or (f.unexplained <= best.unexplained and (f.wrong < best.wrong or _extends(f.base, announced)))
    ]  # fmt: skip
    behind = [f for f in found[:k] if f not in ahead]
    return [*ahead, best, *behind, *found[k + 1 :]]


def _extends(lst: tuple[str, ...], announced: tuple[str, ...]) -> bool:
    """Whether a list begins with the printed one (each criterion with or without its version)."""
    return len(lst) > len(announced) and all(
        _unversioned(x) == _unversioned(y) for x, y in zip(lst, announced, strict=False)
    )


def _conclude(found: list[_Scored], announced: tuple[str, ...], publisher: str | None) -> Inferred:
    candidates = [
        Candidate(f.label, f.base, f.wrong, shared=f.shared, continuation=f.lst[len(f.base):],
                  program=_program(f.label))
        for f in found
    ]  # fmt: skip
    if not found:
        return Inferred(candidates, Verdict.CLOSEST)
    best = found[0]
    points = next((f for f in found if f.points_only and f.wrong == 0 and f.shared > 0), None)
    if points is not None and not any(f.wrong == 0 for f in found if not f.points_only):
        # the points place everyone and no list of tie-breaks does; when the closest list misplaces at
        # least half as many players as it orders among the level ones, no list explains their order
        k, closest = next(((k, f) for k, f in enumerate(found) if not f.points_only), (-1, None))
        if closest is None or 2 * closest.wrong >= points.shared - closest.shared:
            return Inferred(candidates, Verdict.ONLY_POINTS, closest_list=candidates[k] if closest else None)
    verdict = Verdict.CLOSEST if best.wrong else (Verdict.SHARED if best.shared else Verdict.EXACT)
    own = {name: rules.program.continuation for name, rules in program_rulesets().items() if rules.program}
    same = [
        f.label for f in found
        if (f.wrong, f.contradicted, f.shared) == (best.wrong, best.contradicted, best.shared)
        and _same_list(f, best)
        and (not f.cut or tuple(own.get(f.label, ())) == f.lst[len(f.base):])
    ]  # fmt: skip
    first = _name(best.label)
    # a program named first is not named again among those alike (its other versions are)
    if _ruleset(best.label).program is not None:
        same = [label for label in same if label != best.label]
    return Inferred(candidates, verdict, alike=tuple(n for n in _names(same, publisher) if n != first))


def _same_list(f: _Scored, best: _Scored) -> bool:
    """Whether a candidate ranks by the best one's list: the same list, or for a program profile the
    same criteria with their versions named (Swiss-Manager with ``BH/V2009`` is how it computes the
    unlabelled Buchholz a FIDE rule set of 2009 computes)."""
    if f.base == best.base:
        return True
    return _ruleset(f.label).program is not None and tuple(map(_unversioned, f.base)) == tuple(
        map(_unversioned, best.base)
    )


def _ruleset(label: str) -> RuleSet:
    """A candidate's rule set: a program profile by its own name (``vega-2009``, which ``--rules``
    takes for ``fide-2009``), else the rule set the label names."""
    return program_rulesets().get(label) or find_ruleset(label)


def _name(label: str) -> str:
    """A candidate's rule set as the answer names it: the program and version of a profile."""
    program = _ruleset(label).program
    return program.named if program is not None else label


def _names(labels: list[str], publisher: str | None) -> list[str]:
    """The rule sets among ``labels`` (a reading changed is said by the program whose departure it
    is), then every program that computes as one of them, a program's versions together
    (``Vega (vega-2024, vega-2026)``): the set the file cannot tell apart."""
    rules: dict[str, None] = {}
    found: dict[str, dict[str, None]] = {}
    for label in labels:
        ruleset = _ruleset(label)
        owners = [ruleset.program] if ruleset.program is not None else programs_like(label, publisher)
        if ruleset.program is None and ":" not in label:
            rules.setdefault(label, None)
        for program in owners:
            versions = found.setdefault(program.title, {})
            if program.family:
                versions.setdefault(program.code, None)
    said = [f"{title} ({', '.join(v)})" if v else title for title, v in found.items()]
    return [*rules, *said]


def programs_like(label: str, publisher: str | None = None) -> list[Program]:
    """Every program profile that computes as the rule set ``label`` does (its rule set with the same
    settings): ``fide-2024`` is also how lichess computes, ``fide-2024:bye-then-forfeit=zero`` how
    Vega computes with the 2024 text; with ``publisher``, that program's profiles only."""
    found = _effective(find_ruleset(label))
    return [
        r.program for r in program_rulesets().values()
        if r.program and wrote(r.program, publisher) and _effective(r) == found
    ]  # fmt: skip


def _scored(
    t: Tournament,
    pairs: list[tuple[str, tuple[str, ...]]],
    score: Callable[[Standings], tuple[int, int]],
    after_round: int | None,
    applied: str,
    grades: list[int],
    *,
    cut: list[int] | None = None,
    start: int = 0,
) -> list[_Scored]:
    ranked_all = rank_lists(t, pairs, after_round)
    printed = _printed(t)
    seen: dict[tuple[str, str], int] = {}
    out = []
    profiles = program_rulesets()
    for n, ((name, lst), cand) in enumerate(zip(pairs, ranked_all, strict=True)):
        wrong, shared = score(cand)
        rules = cand.rules
        # a profile keeps its name where --rules takes it for a FIDE rule set (vega-2009 is fide-2009
        # computed by Vega, which goes on after its list as fide-2009 does not)
        label = name if name in profiles else rules.label
        rules_grade = 0 if label == applied else (2 if rules.label != rules.name else 1)
        contradicted = _contradicted(cand, printed, seen) if printed else 0
        out.append(
            _Scored(wrong, contradicted, shared, grades[n], rules_grade, start + n, label, lst, cut[n] if cut else 0)
        )
    out.sort()
    return out


def _unversioned(spec: str) -> str:
    """A criterion without its rule version (``BH/C1/V2009`` -> ``BH/C1``): the printed column it is."""
    return "/".join(p for p in spec.split("/") if not (p[:1].upper() == "V" and p[1:].isdigit()))


def _printed(t: Tournament) -> dict[str, tuple[Fraction | None, ...]]:
    """The values the file prints, by criterion without its version."""
    out: dict[str, tuple[Fraction | None, ...]] = {}
    for item, values in t.printed_values.items():
        try:
            ((_, spec),) = parse_spec_list([item])
        except SpareggioError:
            continue  # an item the standings could not read is reported there
        out.setdefault(_unversioned(str(spec)), values)
    return out


def _contradicted(s: Standings, printed: dict[str, tuple[Fraction | None, ...]], seen: dict[tuple[str, str], int]) -> int:
    """How many printed values a candidate's criteria do not give, each column in the form most of
    its values agree with (:func:`~spareggio.tiebreaks.printed.printed_form`); ``seen`` keeps the count of
    a criterion whose values do not depend on its place in the list (all but the group ones, DE), by
    rule set."""
    count = 0
    for result in s.results.values():
        key = _unversioned(str(result.spec))
        values = printed.get(key)
        if values is None:
            continue
        memo = None if TIEBREAKS[result.spec.code].is_group else (s.rules.label, str(result.spec))
        if memo is not None and memo in seen:
            count += seen[memo]
            continue
        wrong = disagreeing(result, values)
        if memo is not None:
            seen[memo] = wrong
        count += wrong
    return count


def _program(label: str) -> str | None:
    program = _ruleset(label).program
    return program.named if program is not None else None
