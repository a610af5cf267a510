"""``check --infer``: which rule set and which tie-break list produce the declared ranking.

The candidates are every rule set (and each with one documented option changed) crossed with the
announced list and the catalogue below; :func:`infer` ranks them all with one read of the file and
one frame, and orders them by the number of players they misplace.  To try another program's
lists, add them to :data:`CANDIDATE_LISTS_SWISS` or :data:`CANDIDATE_LISTS_ROUND_ROBIN`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import Tournament
from ..rules import RULESETS
from ..standings import Standings, rank_lists
from ..tiebreaks import TIEBREAKS
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


def candidate_rules() -> list[str]:
    """Every rule set, then each with one documented option changed (``fide-2026:vur=score``)."""
    names: list[str] = list(RULESETS)
    for rules in RULESETS.values():
        for option in rules.options:
            for choice in option.choices:
                if choice != option.default:
                    names.append(f"{rules.name}:{option.key}={choice}")
    return names


def candidate_lists(t: Tournament, announced: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The announced list, then the catalogue for the kind of event, without repeats and without
    lists that name a tie-break this version does not know."""
    catalogue = CANDIDATE_LISTS_ROUND_ROBIN if t.is_round_robin else CANDIDATE_LISTS_SWISS
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[str, ...]] = []
    for lst in (announced, *catalogue):
        key = tuple(x.upper() for x in lst)
        if key in seen or not all(x.split("/")[0].upper() in TIEBREAKS for x in lst):
            continue
        seen.add(key)
        out.append(lst)
    return out


def infer(
    t: Tournament,
    s: Standings,
    misplaced: Callable[[Standings], int],
    after_round: int | None,
) -> list[Candidate]:
    """Every candidate (rule set × list), ordered by the number of players it misplaces
    (``misplaced`` counts them for one ranking); the announced list and the rule set that applies
    come first among equals."""
    announced = tuple(s.labels)
    rules_names = candidate_rules()
    applied = s.rules.label
    rules_names.sort(key=lambda r: r != applied)
    pairs = [(r, lst) for lst in candidate_lists(t, announced) for r in rules_names]
    ranked_all = rank_lists(t, pairs, after_round)
    found = []
    for n, ((_, lst), cand) in enumerate(zip(pairs, ranked_all, strict=True)):
        wrong = misplaced(cand)
        found.append((wrong, lst != announced, cand.rules.label != applied, n, cand.rules.label, lst))
    found.sort()
    return [Candidate(label, tuple(lst), wrong) for wrong, _, _, _, label, lst in found]
