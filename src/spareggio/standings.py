"""Ranking: points first, then the tie-break list in order (C.07 Arts. 2, 4, 5).

Each still-tied group is handled on its own: a scalar tie-break splits it by value, a group
tie-break (Direct Encounter) orders it as a group and may split it into tied sub-groups.  Players
level after the whole list share the place (competition ranking: 1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .frame import Frame
from .model import Player, Tournament
from .rules import RuleSet, find_ruleset, ruleset_for_date
from .tiebreaks import TIEBREAKS, Context, Direction, TiebreakResult, TiebreakSpec, parse_spec_list

__all__ = ["DEFAULT_ROUND_ROBIN", "DEFAULT_SWISS", "Standings", "StandingRow", "default_tiebreaks", "standings"]

DEFAULT_SWISS: tuple[str, ...] = ("BH/C1", "BH", "SB")
"""Default list for Swiss events when neither the caller nor the file names one (C.07 prescribes none)."""
DEFAULT_ROUND_ROBIN: tuple[str, ...] = ("DE", "SB", "KS")
"""Default list for round robins."""


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    rank_to: int
    """The last place of a shared rank (equal to ``rank`` when the place is not shared)."""
    index: int
    player: Player
    points: Fraction
    values: dict[str, Fraction | None]
    """Tie-break values by the specifier text as given."""

    @property
    def shared(self) -> bool:
        return self.rank_to > self.rank

    @property
    def place(self) -> str:
        return f"{self.rank}-{self.rank_to}" if self.shared else str(self.rank)


@dataclass(eq=False)
class Standings:
    """The ranked standings with every tie-break result behind them."""

    tournament: Tournament
    rules: RuleSet
    rules_reason: str
    after_round: int
    labels: list[str]
    specs: list[TiebreakSpec]
    results: dict[str, TiebreakResult]
    rows: list[StandingRow]
    tiebreaks_source: str
    context: Context
    warnings: list[str] = field(default_factory=list)

    def row_of(self, start_number: int) -> StandingRow:
        i = self.tournament.index_of(start_number)
        return next(r for r in self.rows if r.index == i)


def default_tiebreaks(t: Tournament, rules: RuleSet | None = None) -> tuple[tuple[str, ...], str]:
    """The tie-break list to use when the caller names none, and where it comes from."""
    if t.tiebreak_list is not None:
        return t.tiebreak_list, "file (record 212/202)"
    usual = getattr(rules, "usual_tiebreaks", None)
    if usual:
        return tuple(usual), f"usual list of the {rules.name if rules else ''} rule set"
    if t.is_round_robin:
        wanted = DEFAULT_ROUND_ROBIN
        return tuple(tb for tb in wanted if tb.split("/")[0] in TIEBREAKS), "default for round robins"
    return DEFAULT_SWISS, "default for Swiss events"


def standings(
    tournament: Tournament,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | RuleSet | None = None,
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
) -> Standings:
    """Compute the standings of a tournament.

    :param tiebreaks: a list of specifiers (``["BH/C1", "SB"]``) or a comma-separated string;
        ``None`` uses the file's own list, else the default for the kind of event.
    :param rules: a rule-set name (``"fide-2026"``, ``"italian"`` ...); ``None`` chooses by the
        tournament's start date.
    :param after_round: the standings as they stood after this round.
    """
    if rules is None:
        ruleset, reason = ruleset_for_date(tournament.start_date)
    else:
        ruleset, reason = find_ruleset(rules), "chosen by the caller"
    if tiebreaks is None:
        chosen, source = default_tiebreaks(tournament, ruleset)
    else:
        chosen, source = (tiebreaks if isinstance(tiebreaks, str) else tuple(tiebreaks)), "given by the caller"
    parsed = parse_spec_list(chosen)
    frame = Frame.build(tournament, after_round)
    ctx = Context(tournament, frame, ruleset, unrated_rating=unrated_rating)
    labels = [label for label, _ in parsed]
    specs = [spec for _, spec in parsed]
    results: dict[str, TiebreakResult] = {}
    warnings: list[str] = []
    for label, spec in parsed:
        if label in results:
            continue
        d = TIEBREAKS[spec.code]
        if d.compute is not None:
            res = d.compute(ctx, spec)
            results[label] = res
            warnings.extend(res.warnings)
    rows, positions = _rank(ctx, frame, parsed, results)
    for label, spec in parsed:
        if label not in results:
            pos = positions.get(label, {})
            numerator = np.zeros(frame.n_players, dtype=np.int64)
            defined = np.zeros(frame.n_players, dtype=bool)
            for i, p in pos.items():
                numerator[i], defined[i] = p, True
            steps = ctx.cache.get(("DE-steps", spec), [])
            results[label] = TiebreakResult(
                spec, label, numerator, 1, Direction.GROUP, defined=defined, details={"steps": steps}
            )
            for row in rows:
                row.values[label] = results[label].value(row.index)
    return Standings(
        tournament=tournament,
        rules=ruleset,
        rules_reason=reason,
        after_round=frame.rounds,
        labels=labels,
        specs=specs,
        results=results,
        rows=rows,
        tiebreaks_source=source,
        context=ctx,
        warnings=warnings,
    )


def _rank(
    ctx: Context, frame: Frame, parsed: list[tuple[str, TiebreakSpec]], results: dict[str, TiebreakResult]
) -> tuple[list[StandingRow], dict[str, dict[int, int]]]:
    """Rank; also returns, for group tie-breaks, each player's place inside the group it was
    examined in (1 = first; equal numbers = still tied)."""
    t = frame.tournament
    n = frame.n_players
    sno = t.start_numbers()
    total = frame.total
    # groups by points, best first; inside a group players are kept in start-number order
    order = np.lexsort((sno, -total))
    groups: list[list[int]] = []
    for i in order.tolist():
        if groups and total[groups[-1][0]] == total[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    keys = {label: res.order_key() for label, res in results.items()}
    positions: dict[str, dict[int, int]] = {}
    for label, spec in parsed:
        d = TIEBREAKS[spec.code]
        new_groups: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                new_groups.append(g)
            elif d.order_group is not None:
                ordered = d.order_group(ctx, spec, g)
                pos = positions.setdefault(label, {})
                place = 1
                for sub in ordered:
                    for i in sub:
                        pos.setdefault(i, place)
                    place += len(sub)
                new_groups.extend(ordered)
            else:
                k = keys[label]
                sub: list[list[int]] = []
                for i in sorted(g, key=lambda i: (-int(k[i]), int(sno[i]))):
                    if sub and k[sub[-1][0]] == k[i]:
                        sub[-1].append(i)
                    else:
                        sub.append([i])
                new_groups.extend(sub)
        groups = new_groups
    rows: list[StandingRow] = []
    place = 1
    for g in groups:
        for i in sorted(g, key=lambda i: int(sno[i])):
            rows.append(
                StandingRow(
                    rank=place,
                    rank_to=place + len(g) - 1,
                    index=i,
                    player=t.players[i],
                    points=Fraction(int(total[i]), frame.unit),
                    values={label: res.value(i) for label, res in results.items()},
                )
            )
        place += len(g)
    assert len(rows) == n
    return rows, positions
