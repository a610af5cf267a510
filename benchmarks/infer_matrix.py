"""The inference's confusion matrix: does ``check --infer`` name the program that ranked an event?

    python benchmarks/infer_matrix.py                # 12 events per profile and list
    python benchmarks/infer_matrix.py --events 4 --markdown

For every program profile (Swiss-Manager, Vega's versions, Sharly Chess, lichess, the FIDE reference
program, the Italian programs, Protos and Swiss Master) and a spread of tie-break lists, generated
Swiss events (30 players, 7 rounds, with half- and zero-point byes, forfeits and withdrawals so that
the rule sets' differences show) are ranked the way that profile ranks them: its rule set with its
departures, the list, then what the program applies after the list (Swiss-Manager: the start
number); players the profile leaves level share their rank.  The list is written as the file's own
and the ranks as the declared ranks (a lichess event as a lichess export: the file names its
program), and ``check --infer`` answers.  An event is **named** when the answer places every
declared rank (no player misplaced) and its best candidate, or the set of rule sets and programs it
says the file cannot tell apart, includes the profile.  The **points-only** column counts the
answers that called a points-only list exact although the printed list explains more (it must be 0).

Run on demand; it is not a test (tests/test_infer_matrix.py runs a few events per profile).  The
table in docs/programs.md comes from it.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import spareggio
from spareggio.check import CheckEntry, CheckOptions, check_tournament
from spareggio.check.infer import programs_like
from spareggio.generate import generate
from spareggio.rules import program_rulesets

PROFILES: tuple[str, ...] = (
    "swiss-manager",
    "vega-2009",
    "vega-2024",
    "vega-2026",
    "vega-2026-early",
    "sharly-chess",
    "lichess",
    "tiebreakserver",
    "diena",
    "gts",
    "rwgets",
    "protos",
    "swiss-master",
)
"""The profiles ranked (each the name ``--rules`` takes)."""

LISTS: tuple[tuple[str, ...], ...] = (
    ("BH/C1", "BH", "SB"),
    ("BH/M1", "BH", "SB"),
    ("SB", "BH"),
    ("BH", "SB", "WIN"),
    ("ARO", "BH/C1", "BH"),
    ("DE", "PS"),
)
"""The printed lists; lichess prints SB only (its one tie-break)."""


@dataclass(frozen=True)
class Outcome:
    profile: str
    tiebreaks: tuple[str, ...]
    seed: int
    named: bool
    """The answer's best candidate or the set it cannot tell apart includes the profile."""
    first: bool
    """The answer's best candidate is the profile (its program, or a rule set it computes as)."""
    size: int
    """How many rule sets and programs the answer names."""
    points_only_exact: bool
    answer: str
    distinct: bool
    """The rule set the date selects (fide-2026) does not give the declared ranks: the event tells
    the profile from it."""


def event(seed: int, players: int = 30, rounds: int = 7) -> spareggio.Tournament:
    """A Swiss with every kind of unplayed round, dated 1 June 2026 (fide-2026 applies by date:
    the version a program used must be found from the ranks, not the date)."""
    return generate(
        players, rounds, seed, half_bye_rate=0.05, zero_bye_rate=0.04, forfeit_rate=0.06,
        withdrawal_rate=0.06, start_date=dt.date(2026, 6, 1),
    )  # fmt: skip


def declared(t: spareggio.Tournament, profile: str, tiebreaks: tuple[str, ...]) -> spareggio.Tournament:
    """The event as the profile's program publishes it: its ranks, its list, its program named where
    its files name it."""
    s = spareggio.rank(t, list(tiebreaks), rules=program_rulesets()[profile])
    ranks = {row.player.start_number: row.rank for row in s.rows}
    players = tuple(dataclasses.replace(p, rank=ranks[p.start_number]) for p in t.players)
    out = dataclasses.replace(t, players=players, tiebreak_list=tiebreaks)
    if profile == "lichess":  # the lichess reader knows its dialect (io/lichess.py)
        out = dataclasses.replace(
            out, declared_rules="lichess", declared_rules_reason="a lichess Swiss export"
        )
    return out


def names_of(entry: CheckEntry) -> set[str]:
    """The rule sets and programs the answer names: its best candidate (and the programs that compute
    as it) and the set it says the file cannot tell apart."""
    best = entry.inferred[0]
    out = {best.program or best.rules, best.rules, *entry.inferred_alike}
    out |= {p.named for p in programs_like(best.rules)}
    return out


def covers(names: set[str], profile: str) -> bool:
    """Whether the profile is among the names (a program's versions are named together:
    ``Vega (vega-2024, vega-2026)``)."""
    program = program_rulesets()[profile].program
    assert program is not None
    for name in names:
        if name in (program.title, program.named) and not program.family:
            return True
        if name.startswith(program.title + " (") and program.code in name[len(program.title) + 2 : -1].split(
            ", "
        ):
            return True
    return False


def run(
    profiles: tuple[str, ...],
    lists: tuple[tuple[str, ...], ...],
    seeds: range,
    players: int = 30,
    rounds: int = 7,
) -> Iterator[Outcome]:
    for seed in seeds:
        t = event(seed, players, rounds)
        for profile in profiles:
            for tiebreaks in (("SB",),) if profile == "lichess" else lists:
                entry = check_tournament(declared(t, profile, tiebreaks), CheckOptions(infer=True))
                best = entry.inferred[0]
                exact = entry.inferred_code in ("exact", "shared")
                points_only = exact and best.tiebreaks == ("PTS",) and not best.continuation
                names = names_of(entry)
                alone = {best.program or best.rules, *(p.named for p in programs_like(best.rules))}
                yield Outcome(profile, tiebreaks, seed, exact and covers(names, profile),
                              exact and covers(alone, profile), len(names),
                              points_only and tiebreaks != ("PTS",), str(entry.inferred_text),
                              entry.status.value == "differs")  # fmt: skip


def table(outcomes: list[Outcome], markdown: bool) -> str:
    rows: dict[str, list[Outcome]] = {}
    for o in outcomes:
        rows.setdefault(o.profile, []).append(o)
    head = (
        "profile",
        "events",
        "named",
        "rate",
        "named first",
        "names per answer",
        "events fide-2026 misplaces",
        "named among them",
        "points-only called exact",
    )
    fmt = ("| " + " | ".join(["{}"] * len(head)) + " |" if markdown
           else "{:<16} {:>6} {:>6} {:>7} {:>12} {:>17} {:>27} {:>17} {:>25}")  # fmt: skip
    lines = [fmt.format(*head)]
    if markdown:
        lines.append("|" + "---|" * len(head))

    def cells(label: str, out: list[Outcome]) -> tuple[object, ...]:
        n, k = len(out), sum(o.named for o in out)
        first = sum(o.first for o in out)
        size = sum(o.size for o in out) / max(n, 1)
        distinct = [o for o in out if o.distinct]
        among = sum(o.named for o in distinct)
        return (label, n, k, f"{100 * k / max(n, 1):.1f}%", f"{100 * first / max(n, 1):.1f}%", f"{size:.1f}",
                len(distinct), f"{among} ({100 * among / len(distinct):.0f}%)" if distinct else "-",
                sum(o.points_only_exact for o in out))  # fmt: skip

    for profile, out in rows.items():
        lines.append(fmt.format(*cells(f"`{profile}`" if markdown else profile, out)))
    lines.append(fmt.format(*cells("**all**" if markdown else "all", outcomes)))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=12, help="generated events (seeds 1..N)")
    parser.add_argument("--markdown", action="store_true", help="the table as Markdown")
    parser.add_argument(
        "--misses", action="store_true", help="print every answer that does not name its profile"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    outcomes = list(run(PROFILES, LISTS, range(1, args.events + 1)))
    print(table(outcomes, args.markdown))
    print(f"\n{len(outcomes)} checks in {time.perf_counter() - start:.1f} s")
    if args.misses:
        for o in outcomes:
            if not o.named or o.points_only_exact:
                print(f"- {o.profile} {','.join(o.tiebreaks)} seed {o.seed}: {o.answer}")


if __name__ == "__main__":
    main()
