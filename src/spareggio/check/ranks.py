"""One tournament: the declared ranks against the computed places, as a :class:`CheckEntry`.

Comparison rules:

* players declared with rank 0 or no rank are not ranked and are not compared;
* places are compared as places: the computed ranking is restricted to the players the file ranks,
  and a declared rank is right when it falls inside the player's computed place (a declared 3 and 4
  for two players level on everything are both right);
* an excluded player (``XEX``, issue 25) has no place: his declared rank is not compared, and as the
  file's program may have ranked him, every rank declared below his counts one place up (a file
  that ranks the expelled player 1st and the winner 2nd agrees with a winner computed 1st); the
  entry says so in its warnings.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np

from ..base.i18n import Field, Text, joined, msg, ntext
from ..base.numbers import json_number
from ..core.model import Event, ListSource, Tournament
from ..io.grid import PLACED
from ..io.heads import NO_LEGEND
from ..standings import Standings, rank
from ..tiebreaks import parse_spec_list
from .entry import DEFAULT_OPTIONS, CheckEntry, CheckOptions, Mismatch, Status
from .infer import INFERRED_SHOWN, infer
from .values import NAMING_RULES, name_columns, value_mismatches
from .words import inferred_sentence

__all__ = ["check", "check_tournament"]


def _groups(s: Standings) -> np.ndarray:
    """Group number of every player (0 = first place); players level on everything share one."""
    gid = np.empty(s.order.size, dtype=np.int64)
    gid[s.order] = np.cumsum(np.append(True, s.rank[1:] != s.rank[:-1])) - 1
    return gid


def _restricted_places(gid: np.ndarray, ranked: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Computed place (first, last) of every player among the players the file ranks."""
    kept = np.sort(gid[ranked])
    first = np.searchsorted(kept, gid, side="left") + 1
    last = np.searchsorted(kept, gid, side="right")
    return first, last


def _declared(t: Tournament) -> np.ndarray:
    """Declared rank of every player, 0 for none."""
    return np.fromiter((p.rank or 0 for p in t.players), dtype=np.int64, count=t.n_players)


def _start_numbers(t: Tournament, declared: np.ndarray) -> str | None:
    """Why a rank column is no ranking, when it holds every player's start number and does not follow
    the points the file declares (a player ranked above one with more points): the file a program
    writes for its pairing engine.  None for a ranking (one whose order is the start numbers' follows
    the points)."""
    players = t.players
    if len(players) < 3 or declared[0] != players[0].start_number or declared[-1] != players[-1].start_number:
        return None  # the common case answered at once: a ranking rarely keeps the first and the last in place
    if any(p.points is None for p in players):
        return None
    numbers = np.fromiter((p.start_number for p in t.players), dtype=np.int64, count=t.n_players)
    if not np.array_equal(declared, numbers):
        return None
    order = np.argsort(numbers, kind="stable")
    points = [t.players[int(i)].points or Fraction(0) for i in order]
    k = next((k for k in range(len(points) - 1) if points[k] < points[k + 1]), None)
    if k is None:
        return None
    a, b = t.players[int(order[k])], t.players[int(order[k + 1])]
    return msg(
        "the rank column holds each player's start number and does not follow the points (player {a} is "
        "ranked {a} with {pa} points, player {b} {b} with {pb}): it is no ranking, and is not compared",
        a=a.start_number, pa=float(a.points or 0), b=b.start_number, pb=float(b.points or 0),
    )  # fmt: skip


def _effective(t: Tournament, s: Standings, declared: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The declared ranks compared, the players compared, and what was assumed about excluded ones:
    an excluded player is not compared and the ranks declared below his move up one place."""
    out = s.decisions.excluded
    excluded = (
        np.fromiter((p.start_number in out for p in t.players), dtype=bool, count=t.n_players)
        if out
        else np.zeros(t.n_players, dtype=bool)
    )
    ranked = (declared > 0) & ~excluded
    gone = np.sort(declared[excluded & (declared > 0)])
    notes: list[str] = [
        msg(
            "player {number} is excluded: the rank {rank} the file declares is not compared"
            " and the ranks declared below it count one place up",
            number=t.players[i].start_number,
            rank=int(declared[i]),
        )
        for i in np.flatnonzero(excluded & (declared > 0)).tolist()
    ]
    return declared - np.searchsorted(gone, declared, side="left"), ranked, notes


def _misplaced(s: Standings, declared: np.ndarray, ranked: np.ndarray) -> np.ndarray:
    """Indices of the ranked players whose declared rank is outside their computed place."""
    first, last = _restricted_places(_groups(s), ranked)
    wrong = ranked & ((declared < first) | (declared > last))
    return np.flatnonzero(wrong)


def _shared(s: Standings, declared: np.ndarray, ranked: np.ndarray) -> int:
    """How many ranked players sit in a computed place shared by several players while the file gives
    them a rank no other player has: ties the file broke by something outside the list."""
    return _shared_in(*_restricted_places(_groups(s), ranked), declared, ranked)


def _shared_in(first: np.ndarray, last: np.ndarray, declared: np.ndarray, ranked: np.ndarray) -> int:
    """:func:`_shared` with the computed places (first, last) already made."""
    ranks, counts = np.unique(declared[ranked], return_counts=True)
    alone = np.isin(declared, ranks[counts == 1])
    return int((ranked & (first < last) & alone).sum())


def _deciding(s: Standings, a: int, b: int) -> tuple[str, Fraction | None, Fraction | None]:
    """The first criterion (points, then the list in order) on which players a and b differ."""
    frame = s.context.frame
    pa, pb = Fraction(int(frame.total[a]), frame.unit), Fraction(int(frame.total[b]), frame.unit)
    if pa != pb:
        return "PTS", pa, pb
    for label in s.labels:
        va, vb = s.results[label].value(a), s.results[label].value(b)
        if va != vb:
            return label, va, vb
    return "", None, None


def _mismatches(
    s: Standings, declared: np.ndarray, ranked: np.ndarray, gid: np.ndarray, first: np.ndarray, last: np.ndarray
) -> tuple[Mismatch, ...]:
    """Every misplaced player, with the player he changed places with and what decides between them
    (``gid``, ``first``, ``last``: :func:`_groups` and :func:`_restricted_places`, made once a file)."""
    t = s.tournament
    wrong = np.flatnonzero(ranked & ((declared < first) | (declared > last)))  # _misplaced, places reused
    if not wrong.size:
        return ()
    frame = s.context.frame
    out: list[Mismatch] = []
    for a in wrong[np.lexsort((wrong, gid[wrong]))].tolist():
        # the partner: a ranked player whose declared order against a is the reverse of the
        # computed one, the nearest in the computed standings
        inverted = ranked & (
            ((declared < declared[a]) & (gid > gid[a])) | ((declared > declared[a]) & (gid < gid[a]))
        )
        candidates = np.flatnonzero(inverted)
        swapped = decided = None
        values: dict[int, int | float | None] = {}
        if candidates.size:
            b = int(candidates[np.argmin(np.abs(gid[candidates] - gid[a]) * 100000 + candidates)])
            label, va, vb = _deciding(s, a, b)
            sa, sb = t.players[a].start_number, t.players[b].start_number
            swapped, decided = sb, label or None
            if label:
                values = {sa: json_number(va), sb: json_number(vb)}
        points = json_number(Fraction(int(frame.total[a]), frame.unit))
        assert points is not None
        out.append(
            Mismatch(
                start_number=t.players[a].start_number,
                name=t.players[a].name,
                declared_rank=int(declared[a]),
                computed_rank=int(first[a]),
                computed_rank_to=int(last[a]),
                points=points,
                swapped_with=swapped,
                decided_by=decided,
                values=values,
            )
        )
    return tuple(out)


def check(event: Event, options: CheckOptions = DEFAULT_OPTIONS, *, name: str | None = None) -> CheckEntry:
    """Check the ranks an event declares against the standings :func:`~spareggio.event.rank`
    computes: the players' ranks of a tournament, the team ranks of a team event (record 310,
    columns 69-71).  ``--infer`` tries individual rule sets and lists: for a team event the entry
    says so in its warnings."""
    tiebreaks = None if event.tiebreak_list is not None else options.tiebreaks
    said: tuple[Text, ...] = ()
    if isinstance(event, Tournament) and event.printed_columns and event.tiebreak_list is None:
        event, said = _named(event, options)
        tiebreaks = None if event.tiebreak_list is not None else options.tiebreaks
    s = rank(event, tiebreaks, options.rules, options.after_round)
    if event.infers_lists:
        entry = _entry(s.tournament, s, options, name, infer_lists=True)
        return replace(entry, warnings=(*said, *entry.warnings)) if said else entry
    entry = _entry(s.tournament, s, options, name, infer_lists=False)
    warnings = entry.warnings
    if options.infer:
        warnings += (msg("{field} tries individual rule sets and lists: not applied to a team event", field=Field.INFER),)
    return replace(entry, team_event=True, warnings=warnings)


def _named(t: Tournament, options: CheckOptions) -> tuple[Tournament, tuple[Text, ...]]:
    """A tournament whose tie-break columns were printed without their names (chess-results' Excel
    export), with them named: by the list given, in order, when it names as many; else each by the
    one criterion whose values reproduce every printed value of the column (:func:`name_columns`),
    when each has one.  What was done is said; where nothing names them, their values are not
    compared."""
    columns = t.printed_columns
    n = len(columns)
    # the reader's warning that the columns are unnamed is what this settles: said once, here
    t = replace(t, warnings=[w for w in t.warnings if w.code != NO_LEGEND])
    if options.tiebreaks:
        labels = [label for label, _ in parse_spec_list(options.tiebreaks)]
        if len(labels) != n:
            return t, (msg(
                "the list given names {m} criteria and the crosstable prints {n} tie-break columns: their values are "
                "not compared", m=len(labels), n=n,
            ),)  # fmt: skip
        return replace(t, printed_values=dict(zip(labels, columns, strict=True))), (
            msg("the crosstable's tie-break columns, printed without their legend, are read as the list given, in order"),
        )
    placed = PLACED if t.is_round_robin else frozenset()
    named = name_columns(t, options.rules, options.after_round, placed=placed)
    found = named.tiebreaks
    if found is None:
        heads = []
        for k, criteria in enumerate(named.found):
            heads.append(
                msg("TB{k} by none", k=k + 1) if not criteria
                else msg("TB{k} by {criteria}", k=k + 1, criteria=" or ".join(criteria))
            )  # fmt: skip
        return t, (msg(
            "the crosstable prints its tie-break columns without their legend, and their values name no list "
            "({columns}): their values are not compared (give the list, or the page's legend, to compare them)",
            columns=joined(heads, "; "),
        ),)  # fmt: skip
    readings = []
    for k, criterion in enumerate(found):
        alike = named.alike[k]
        under = (
            msg("under every rule set tried")
            if set(named.rules[k]) >= set(NAMING_RULES)
            else msg("under {rules}", rules=", ".join(named.rules[k]))
        )
        readings.append(
            msg("TB{k} {criterion} ({under})", k=k + 1, criterion=criterion, under=under)
            if not alike
            else msg("TB{k} {criterion} ({under}; {alike} gives the same values on this file)", k=k + 1,
                     criterion=criterion, under=under, alike=", ".join(alike))
        )  # fmt: skip
    return replace(t, tiebreak_list=found, printed_values=dict(zip(found, columns, strict=True))), (msg(
        "the crosstable prints its tie-break columns without their legend: each is read as the one criterion "
        "whose values give every value it prints: {readings}",
        readings=joined(readings, "; "),
    ),)  # fmt: skip


def check_tournament(
    t: Tournament, options: CheckOptions = DEFAULT_OPTIONS, *, name: str | None = None
) -> CheckEntry:
    """Check the declared ranking of one tournament (:func:`check` of an individual event)."""
    return check(t, options, name=name)


def _entry(
    t: Tournament, s: Standings, options: CheckOptions, name: str | None, *, infer_lists: bool
) -> CheckEntry:
    """The one builder of the entry of a file that was read and ranked."""
    given = _declared(t)
    numbers = _start_numbers(t, given)
    if numbers is not None:
        given = np.zeros_like(given)
    declared, ranked, notes = _effective(t, s, given)
    if numbers is not None:
        notes.insert(0, numbers)
    compared, wrong_values, forms = value_mismatches(t, s) if t.printed_values else (0, (), ())
    if not compared:
        wrong_values, forms = (), ()
    mismatches: tuple[Mismatch, ...] = ()
    said: tuple[str, ...] = ()
    if not ranked.any():
        status = (Status.DIFFERS if wrong_values else Status.AGREE) if compared else Status.NO_RANKS
    else:
        gid = _groups(s)
        first, last = _restricted_places(gid, ranked)
        mismatches = tuple(
            replace(m, declared_rank=int(given[t.index_of(m.start_number)]))
            for m in _mismatches(s, declared, ranked, gid, first, last)
        )
        status = Status.DIFFERS if mismatches or wrong_values else Status.AGREE
        inside = _shared_in(first, last, declared, ranked)
        if inside:  # an order the list leaves open is not checked: said, so that "agree" says no more than it is
            said += (ntext(
                "{n} player has a declared rank inside a place the tie-breaks leave shared: the order the file "
                "gives there is not checked (the list does not decide it)",
                "{n} players have a declared rank inside a place the tie-breaks leave shared: the order the file "
                "gives there is not checked (the list does not decide it)",
                inside, "check",
            ),)  # fmt: skip
        if mismatches and s.tiebreaks_source not in (ListSource.FILE, ListSource.CALLER):
            # the list is spareggio's assumption: a rank that differs may follow the event's own list
            said += (msg(
                "the file names no tie-break list: its ranks are compared with {tiebreaks}, assumed; the "
                "places that differ may follow the event's own list ({field} names it, {infer} tries the "
                "lists programs use)",
                tiebreaks=", ".join(s.labels), field=Field.TIEBREAKS, infer=Field.INFER,
            ),)  # fmt: skip
    # the entry made once (a batch makes one per file)
    entry = CheckEntry(
        file=name if name is not None else t.name,
        status=status,
        name=t.name,
        rules=s.rules.label,
        rules_reason=s.rules_reason,
        rules_warning=s.rules_warning,
        tiebreaks=tuple(s.labels),
        tiebreaks_source=s.tiebreaks_source,
        after_round=s.after_round,
        players=t.n_players,
        ranked=int(ranked.sum()),
        warnings=tuple(w.text() for w in t.warnings) + tuple(s.warnings) + tuple(str(n) for n in notes) + forms + said,
        mismatches=mismatches,
        values_compared=compared,
        value_mismatches=wrong_values,
        publisher=t.publisher,
    )
    if not ranked.any():
        return entry
    if options.infer and infer_lists:
        found = infer(
            t,
            s,
            lambda cand: (int(_misplaced(cand, declared, ranked).size), _shared(cand, declared, ranked)),
            options.after_round,
        )
        candidates = found.candidates
        entry = replace(
            entry,
            inferred_count=len(candidates),
            inferred=tuple(candidates[:INFERRED_SHOWN]),
            inferred_code=found.verdict.value,
            inferred_alike=found.alike,
            inferred_closest=found.closest_list,
        )
        entry = replace(entry, inferred_text=inferred_sentence(entry))
    return entry
