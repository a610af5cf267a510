"""``check --infer``: which rule set, which program and which tie-break list produce the declared
ranking.

The candidates are every rule set (and each with one documented option changed) and every program
profile (:mod:`spareggio.programs`: Swiss-Manager's departures from C.07 and the others), crossed
with the announced list (also with a rule version per criterion: ``BH/C1/V2026, BH/M1/V2024``) and
the catalogue below; :func:`infer` ranks them all with one read of the file and one frame, and
orders them by the number of players they misplace, then by the number of declared ranks left
inside a shared place.  The best candidates that leave shared places are tried again with the
criteria programs apply after their printed list (start number; BWG, SB or BH then start
number): the declared order inside those places is then explained too.  To try another program's
lists, add them to :data:`CANDIDATE_LISTS_SWISS` or :data:`CANDIDATE_LISTS_ROUND_ROBIN`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from ..model import PLAYED, ResultKind, Tournament
from ..rules import RULESETS, RuleSet, find_ruleset, program_rulesets
from ..standings import Standings, rank_lists
from ..tiebreaks import TIEBREAKS, parse_spec
from .entry import Candidate

__all__ = [
    "CANDIDATE_LISTS_ROUND_ROBIN",
    "CANDIDATE_LISTS_SWISS",
    "INFERRED_SHOWN",
    "candidate_lists",
    "candidate_rules",
    "infer",
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
wins and direct encounter (club practice: Median-Buchholz, Buchholz, progressive score), and the US
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
    every program profile (``swiss-manager``).

    With the tournament, what cannot change its ranking is left out: options for team events (an
    individual event), for round robins (a Swiss) and for full-point byes or players without games
    (an event that has none); a profile that computes as a rule set already tried (Diena as the
    Italian variant) is that rule set (:func:`same_as`)."""
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
        if _effective(rules) not in seen:
            names.append(name)
            seen.add(_effective(rules))
    return names


def _effective(rules: RuleSet) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What a rule set computes: its underlying rule set and every setting."""
    return (rules.base or rules.name, tuple(sorted(rules.settings.items())))


def same_as(label: str) -> list[str]:
    """The programs that compute as the rule set ``label`` does (``italian``: Diena, GTS, RWGets).
    A FIDE text computed as written is not credited to the programs that follow it: that would say
    nothing about who printed the ranking."""
    rules = find_ruleset(label)
    if (rules.base or rules.name).startswith("fide-"):
        return []
    found = _effective(rules)
    return [r.program.title for r in program_rulesets().values() if r.program and _effective(r) == found]


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
    return True


def versioned_lists(announced: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The announced list with a rule version per criterion, mixed (``BH/C1/V2026, BH/M1/V2024``):
    the lists whose versions are all the same are the rule sets' own.  At most three criteria are
    varied (27 lists)."""
    slots = [k for k, label in enumerate(announced) if parse_spec(label).code in VERSIONED]
    slots = slots[:3]
    if len(slots) < 2:
        return []
    out = []
    for combo in itertools.product(VERSIONS, repeat=len(slots)):
        if len(set(combo)) == 1:
            continue
        lst = list(announced)
        for k, version in zip(slots, combo, strict=True):
            lst[k] = "/".join([*(p for p in lst[k].split("/") if not p.upper().startswith("V")), version])
        out.append(tuple(lst))
    return out


def continuations() -> list[tuple[str, tuple[str, ...]]]:
    """Every (program profile, continuation) a program applies or has been seen to apply after its
    printed list."""
    seen: dict[tuple[str, tuple[str, ...]], None] = {}
    for name, rules in program_rulesets().items():
        program = rules.program
        if program is not None:
            for cont in (program.continuation, *program.continuations):
                if cont and all(code.split("/")[0] in TIEBREAKS for code in cont):
                    seen.setdefault((name, tuple(cont)), None)
    return list(seen)


def candidate_lists(t: Tournament, announced: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The announced list, then the catalogue for the kind of event, without repeats and without
    lists that name a tie-break this version does not know."""
    catalogue = CANDIDATE_LISTS_ROUND_ROBIN if t.is_round_robin else CANDIDATE_LISTS_SWISS
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[str, ...]] = []
    for lst in (announced, *versioned_lists(announced), *catalogue):
        key = tuple(x.upper() for x in lst)
        if key in seen or not all(x.split("/")[0].upper() in TIEBREAKS for x in lst):
            continue
        seen.add(key)
        out.append(lst)
    return out


def infer(
    t: Tournament,
    s: Standings,
    score: Callable[[Standings], tuple[int, int]],
    after_round: int | None,
) -> list[Candidate]:
    """Every candidate (rule set or program × list, and the best continued), ordered by the number
    of players it misplaces, then by the declared ranks it leaves inside shared places (``score``
    gives both for one ranking); the announced list, the rule set that applies and the rule sets
    before the programs come first among equals."""
    announced = tuple(s.labels)
    rules_names = candidate_rules(t)
    applied = s.rules.label
    if applied not in rules_names:
        rules_names.append(applied)
    rules_names.sort(key=lambda r: r != applied)
    # a list with a version on every criterion that depends on one computes the same under every rule
    # set but the programs' departures: the rule set that applies and the profiles are enough
    departing = [applied, *(r for r in rules_names if find_ruleset(r).program is not None)]
    versioned = set(versioned_lists(announced))
    pairs = [
        (r, lst)
        for lst in candidate_lists(t, announced)
        for r in (departing if lst in versioned else rules_names)
    ]
    found = _scored(t, pairs, score, after_round, announced, applied)
    open_places = [c for c in found if c[0] == 0 and c[1] > 0][:CONTINUED]
    if open_places:
        more = list(
            dict.fromkeys(
                (program, (*lst, *cont), cont)
                for (*_, _label, lst, _none) in open_places
                for program, cont in continuations()
                if not set(cont) & {x.split("/")[0] for x in lst}
            )
        )
        found.extend(
            _scored(t, [(r, lst) for r, lst, _ in more], score, after_round, announced, applied,
                    cut=[len(cont) for _, _, cont in more])
        )  # fmt: skip
        found.sort()
    return [
        Candidate(label, tuple(lst[: len(lst) - cut] if cut else lst), wrong, shared=shared,
                  continuation=tuple(lst[len(lst) - cut:]) if cut else (), program=_program(label))
        for wrong, shared, *_, label, lst, cut in found
    ]  # fmt: skip


def _scored(
    t: Tournament,
    pairs: list[tuple[str, tuple[str, ...]]],
    score: Callable[[Standings], tuple[int, int]],
    after_round: int | None,
    announced: tuple[str, ...],
    applied: str,
    *,
    cut: list[int] | None = None,
) -> list[tuple[int, int, bool, bool, bool, int, int, str, tuple[str, ...], int]]:
    ranked_all = rank_lists(t, pairs, after_round)
    out = []
    for n, ((_, lst), cand) in enumerate(zip(pairs, ranked_all, strict=True)):
        wrong, shared = score(cand)
        extra = cut[n] if cut else 0
        label = cand.rules.label
        base = lst[: len(lst) - extra] if extra else lst
        out.append(
            (wrong, shared, base != announced, cand.rules.program is not None, label != applied, extra, n,
             label, lst, extra)
        )  # fmt: skip
    out.sort()
    return out


def _program(label: str) -> str | None:
    program = find_ruleset(label).program
    return program.title if program is not None else None
