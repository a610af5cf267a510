"""Ranking: points first, then the tie-break list in order (C.07 Arts. 2, 4, 5).

Each still-tied group is handled on its own: a scalar tie-break splits it by value, a group
tie-break (Direct Encounter) orders it as a group and may split it into tied sub-groups.  Players
level after the whole list share the place (competition ranking: 1, 2, 2, 4).
"""

from __future__ import annotations

import dataclasses
import re
import sys
import types
import warnings
from collections.abc import Callable, Hashable, Sequence
from dataclasses import field
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from .base.classes import dataclass
from .base.errors import ArgumentError, InputError, Position, SpareggioError, TiebreakSpecError
from .base.i18n import Text, as_text, msg
from .base.numbers import exact_number, json_number
from .core.decisions import Decided, Decision, Decisions, Origin, change, decide_ties, default_seed
from .core.frame import Frame
from .core.model import (
    DEFAULT_ROUND_ROBIN,
    DEFAULT_SWISS,
    Column,
    Event,
    IntVector,
    ListSource,
    Participant,
    Player,
    Tournament,
)
from .rules import REASONS, RuleSet, choose_ruleset, find_ruleset, version_rules
from .tiebreaks import (
    Context,
    Direction,
    TiebreakResult,
    TiebreakSpec,
    definition,
    parse_spec,
    parse_spec_list,
)
from .tiebreaks.base import GroupOrder, GroupSteps

BoolVector = npt.NDArray[np.bool_]

__all__ = [
    "DEFAULT_ROUND_ROBIN",
    "DEFAULT_SWISS",
    "Event",
    "ListSource",
    "StandingRow",
    "Standings",
    "declared_differs",
    "default_tiebreaks",
    "place_text",
    "rank",
    "rank_lists",
    "standings",
]


def place_text(rank: int, rank_to: int) -> str:
    """A place as every output writes it: ``3``, ``3-5`` when shared, ``—`` for a player left out of
    the ranking (rank 0)."""
    if rank == 0:
        return "—"
    return f"{rank}-{rank_to}" if rank_to > rank else str(rank)


def declared_differs(declared: int | None, rank: int, rank_to: int) -> bool:
    """Whether the rank a file declares for a player (TRF columns 86-89) is outside his computed
    place; a declared 0 (not ranked) or none never differs."""
    return bool(declared) and not rank <= (declared or 0) <= rank_to


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
    def excluded(self) -> bool:
        """Left out of the ranking (expelled, excluded): rank 0, listed after the others."""
        return self.rank == 0

    @property
    def shared(self) -> bool:
        return self.rank_to > self.rank

    @property
    def place(self) -> str:
        return place_text(self.rank, self.rank_to)

    def to_dict(self, *, exact: bool = False) -> dict[str, object]:
        """The row as JSON-ready data: numbers as JSON numbers, or exact fractions in strings."""
        number = exact_number if exact else json_number
        return {
            "rank": self.rank,
            "place": self.place,
            "start_number": self.player.start_number,
            "name": self.player.name,
            "points": number(self.points),
            "tiebreaks": {label: number(value) for label, value in self.values.items()},
        }


@dataclass(eq=False)
class Standings:
    """The ranked standings with every tie-break result behind them.

    The ranking itself is held as arrays (``order``, ``rank``, ``rank_to``); :attr:`rows` builds the
    :class:`StandingRow` objects from them on first use, so that callers who only need the arrays
    (or an output format written from them) never pay for one object per player.
    """

    tournament: Tournament
    rules: RuleSet
    rules_reason: Text
    """Why this rule set applies, said in the user's language when rendered."""
    after_round: int
    labels: list[str]
    specs: list[TiebreakSpec]
    results: dict[str, TiebreakResult]
    order: IntVector
    """Player indices in standings order."""
    rank: IntVector
    """Rank of the player at each position of ``order``."""
    rank_to: IntVector
    """Last place of the shared rank at each position of ``order``."""
    tiebreaks_source: ListSource
    """Where the tie-break list comes from."""
    context: Context
    event: Event
    """The event ranked (:class:`~spareggio.core.model.Event`): the tournament of the players, or the
    team event whose teams are ``tournament``; its :meth:`~spareggio.core.model.Event.scores` are the
    columns every row shows beside its points."""
    warnings: list[str] = field(default_factory=list)
    rules_warning: str | None = None
    """Set when the rule set rests on an assumption about the file (a missing, unreadable or
    ambiguous start date): every human output shows it beside the rule set, at the top."""
    decisions: Decisions = field(default_factory=Decisions)
    """The playoffs, lots, exclusions and log of changes that completed this ranking."""
    decided: list[Decided] = field(default_factory=list)
    """The places a playoff, the arbiter or the drawing of lots decided, in standings order."""

    def frame_notes(self) -> list[Text]:
        """What every output says about the rounds the standings stand on: a round paired without
        all its results (the standings stand before it), and how a Fore Buchholz of the list reads
        its pairings."""
        return _frame_notes(self.context.frame, self.specs)

    def decision_notes(self) -> list[Text]:
        """What every output says about the decisions: the places each decided, the players left
        out of the ranking, the seed of the lots and the log of changes made on top of the file."""
        names = {p.start_number: p.name for p in self.tournament.players}
        notes: list[Text] = []
        for d in self.decided:
            places = f"{d.first}-{d.last}" if d.last > d.first else str(d.first)
            who = ", ".join(f"{x} {names.get(x, '')}".strip() for x in d.players)
            if d.how == Decision.LOT:
                notes.append(msg("places {places} drawn by lot with seed {seed}: {players}",
                                 places=places, seed=d.note, players=who))  # fmt: skip
            elif d.how == Decision.PLAYOFF:
                notes.append(msg("places {places} decided by playoff ({note}): {players}",
                                 places=places, note=d.note or "-", players=who))  # fmt: skip
            else:
                notes.append(msg("places {places} decided by the arbiter ({note}): {players}",
                                 places=places, note=d.note or "-", players=who))  # fmt: skip
        for e in self.decisions.exclusions:
            notes.append(msg("{number} {name} is excluded from the ranking ({reason}); the games played count for the opponents",
                             number=e.start_number, name=names.get(e.start_number, ""), reason=e.reason or "-"))  # fmt: skip
        if self.decided and self.decisions.lots_source == Origin.EVENT:
            notes.append(msg("the seed of the lots was not given: {seed} is made from the event, so the same file "
                             "draws the same lots; give the seed of a public draw", seed=self.decisions.lots_seed))  # fmt: skip
        notes.extend(msg("change: {text}", text=line) for line in self.decisions.changes)
        return notes

    def decided_between(self, a: int, b: int) -> Decided | None:
        """The decision that put one of two players (indices) above the other, if one did."""
        sa, sb = self.tournament.players[a].start_number, self.tournament.players[b].start_number
        for d in self.decided:
            if sa in d.players and sb in d.players:
                return d
        return None

    @cached_property
    def rows(self) -> list[StandingRow]:
        """One row per player, in standings order (built on first use)."""
        t = self.tournament
        frame = self.context.frame
        total = frame.total.tolist()
        unit = frame.unit
        players = t.players
        results = list(self.results.items())
        return [
            StandingRow(
                rank=rank,
                rank_to=rank_to,
                index=i,
                player=players[i],
                points=Fraction(total[i], unit),
                values={label: res.value(i) for label, res in results},
            )
            for i, rank, rank_to in zip(
                self.order.tolist(), self.rank.tolist(), self.rank_to.tolist(), strict=True
            )
        ]

    @cached_property
    def _position(self) -> IntVector:
        position = np.empty(self.order.size, dtype=np.int64)
        position[self.order] = np.arange(self.order.size)
        return position

    @property
    def is_team(self) -> bool:
        """Whether the standings rank the teams of a team event (a renderer asks the event instead:
        :attr:`participant`, :meth:`columns`)."""
        return self.event.participant is Participant.TEAM

    @property
    def participant(self) -> Participant:
        """What the standings rank, as their sentences name it (:attr:`Event.participant`)."""
        return self.event.participant

    def columns(self) -> tuple[Column, ...]:
        """What a row shows of its participant, in order (:meth:`Event.columns`)."""
        return self.event.columns()

    def scores(self, row: StandingRow) -> tuple[tuple[str, Fraction], ...]:
        """The scores a row shows beside its points, the primary first (a team's match and game
        points after the standings' round: ``(("MP", 12), ("GP", 21.5))``); nothing for a player."""
        return self.event.scores(row.index, self.after_round)

    def row_of(self, start_number: int) -> StandingRow:
        i = self.tournament.index_of(start_number)
        return self.rows[int(self._position[i])]


def default_tiebreaks(event: Event, rules: RuleSet | None = None) -> tuple[tuple[str, ...], ListSource]:
    """The tie-break list to use when the caller names none, and where it comes from: the file's,
    else the rule set's usual list (for players), else the default for the kind of event."""
    return event.default_list(rules.usual_tiebreaks if rules is not None else None)


def rank(
    event: Event,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | RuleSet | None = None,
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
    decisions: Decisions | None = None,
) -> Standings:
    """The standings of any event (:class:`~spareggio.core.model.Event`): the players of a tournament,
    the teams of a team event (C.07 Arts. 2, 4, 5; for teams with 11-16).

    :param tiebreaks: a list of specifiers (``["BH/C1", "SB"]``) or a comma-separated string;
        ``None`` uses the file's own list, else the rule set's usual list (players), else the
        default for the kind of event.
    :param rules: a rule-set name (``"fide-2026"``, ``"italian"`` ...); ``None`` chooses by the
        start date.
    :param after_round: the standings as they stood after this round.
    :param unrated_rating: the rating of unrated players (rating tie-breaks; no team criterion
        reads it).
    :param decisions: playoffs, an arbiter's order, a seed for the lots, exclusions given on top of
        the file's own (each is logged as a change; of teams by their numbers in a team event).
        ``RND`` at the end of the list draws lots for the ties left (with the file's or the given
        seed, else a seed made from the event).
    :raises TypeError: for what is no event.
    """
    if not isinstance(event, Tournament) and not isinstance(event, Event):  # the protocol's check is
        raise TypeError(f"not an event: {type(event).__name__}")  # slow: a tournament skips it
    t = event.tournament
    ruleset, reason, rules_warning = _rule_set(t, rules)
    own: tuple[str, ...] | None = None
    offset = 0
    chosen: str | tuple[str, ...]
    if tiebreaks is None:
        event, own, offset = event.as_listed()
        if own is not None:
            chosen, source = own, ListSource.FILE
        else:
            chosen, source = default_tiebreaks(event, ruleset)
    else:
        chosen, source = (tiebreaks if isinstance(tiebreaks, str) else tuple(tiebreaks)), ListSource.CALLER
    chosen, lots = _without_lots(chosen)
    base = event.ranking_decisions()
    excluded = event.participant.key("excluded")
    effective = base if decisions is None or decisions.empty else base.on_top(decisions, excluded=excluded)
    if own is not None:
        parsed = file_tiebreaks(event, chosen, offset)
    else:
        parsed = _criteria(event, chosen) if chosen or not lots else []  # "RND" alone: by lot after points
        listed = event.tiebreak_list
        # a list that departs from the file's is logged with the file's own decisions, which the
        # ranking starts from (a team event's are about its players: its ranking starts from none)
        if listed is not None and tiebreaks is not None and base is event.tournament.decisions:
            given = ",".join(label for label, _ in parsed) + (",RND" if lots else "")
            if given.upper() != ",".join(listed).upper():
                effective = effective.logged(change("tiebreaks", given=given, file=",".join(listed)))
    participants = event.participants()
    if lots and effective.lots_seed is None:
        seed = default_seed([t.name, str(t.start_date), *(p.name for p in participants.players)])
        effective = dataclasses.replace(effective, lots_seed=seed, lots_source=Origin.EVENT)
    extra = continuation(ruleset, parsed)
    ctx = Context(participants, event.frame(after_round), ruleset, unrated_rating=unrated_rating)
    result = _standings_in(ctx, [*parsed, *extra], reason, source, rules_warning, effective, event)
    result.warnings.extend(event.ranking_warnings())
    if extra and ruleset.program is not None:
        result.warnings.append(
            msg(
                "{criteria}: applied after the list, as {program} does without printing them",
                criteria=", ".join(label for label, _ in extra),
                program=ruleset.program.title,
            )
        )
    if ruleset.program is not None:
        for d in ruleset.program.departures:
            if ruleset.settings.get(d.key) == d.value:
                result.warnings.append(
                    msg(
                        "computed as {program} does: {option} departs from {article}",
                        program=ruleset.program.title,
                        option=d.option,
                        article=d.article,
                    )
                )
    return result


def standings(
    tournament: Tournament,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | RuleSet | None = None,
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
    decisions: Decisions | None = None,
) -> Standings:
    """The standings of an individual tournament: :func:`rank` (the name the library has always
    had for it)."""
    return rank(tournament, tiebreaks, rules, after_round, unrated_rating=unrated_rating, decisions=decisions)


def _without_lots(chosen: str | Sequence[str]) -> tuple[str | tuple[str, ...], bool]:
    """The list without a final ``RND`` ("by lot"), and whether it had one (C.07 4.2); any other
    text (a program's legend in words) is passed on as it is."""
    items = [x.strip() for x in (chosen.split(",") if isinstance(chosen, str) else chosen)]
    rnd = [k for k, x in enumerate(items) if x.upper() == "RND"]
    if not rnd:
        return (chosen if isinstance(chosen, str) else tuple(chosen)), False
    if rnd != [len(items) - 1]:
        raise TiebreakSpecError(msg("RND (drawing of lots) can only be the last tie-break of the list"))
    rest = tuple(x for x in items[:-1] if x)
    return (chosen[: chosen.upper().rindex("RND")].rstrip().rstrip(",") if isinstance(chosen, str) else rest), True


def continuation(ruleset: RuleSet, parsed: list[tuple[str, TiebreakSpec]]) -> list[tuple[str, TiebreakSpec]]:
    """The criteria a program profile applies after the list (``TPN``), those the list lacks."""
    present = {spec.code for _, spec in parsed}
    return [(code, parse_spec(code)) for code in ruleset.continuation if code not in present]


def _criteria(event: Event, items: str | Sequence[str]) -> list[tuple[str, TiebreakSpec]]:
    """The criteria of a list, parsed by the one catalogue for the event's scope and primary score
    (:func:`~spareggio.tiebreaks.parse_spec`)."""
    return parse_spec_list(
        items if isinstance(items, str) else list(items), scope=event.scope, primary=event.primary
    )


def file_tiebreaks(
    event: Event, items: str | Sequence[str] | None = None, offset: int = 0
) -> list[tuple[str, TiebreakSpec]]:
    """The file's own list (record 212, or 202) parsed (``items``: the list as the event ranks by
    it, :meth:`~spareggio.core.model.Event.as_listed`); a bad entry is an input error at its place in
    the file (line and column of the entry in a TRF record)."""
    if items is None:
        event, listed, offset = event.as_listed()
        items = _without_lots(listed or ())[0]
    entries = [x.strip() for x in (items.split(",") if isinstance(items, str) else items)]
    entries = [x for x in entries if x]
    parsed: list[tuple[str, TiebreakSpec]] = []
    seen: dict[TiebreakSpec, str] = {}
    for k, item in enumerate(entries):
        try:
            ((label, spec),) = _criteria(event, [item])
            if spec in seen and not definition(spec.code).is_group:
                raise TiebreakSpecError(
                    msg("{item!r} is listed twice (first as {value!r})", item=item, value=seen[spec])
                )
        except SpareggioError as exc:
            raise file_list_error(event.tournament, offset + k, exc) from None
        seen[spec] = item
        parsed.append((label, spec))
    return parsed


def file_list_error(t: Tournament, k: int, exc: Exception) -> Exception:
    """The error about entry ``k`` of the file's own tie-break list, placed at its line and column
    (the column of the entry in record 212 or 202; the record's start when it cannot be told); the
    error itself when the list has no place in a file."""
    where = t.tiebreak_list_position
    if where is None:
        return exc
    items = [x.upper() for x in t.tiebreak_list or ()]
    column: int | None = None
    for code in ("212", "202"):
        if code in t.headers:
            found = [(m.group(0), 5 + m.start()) for m in re.finditer(r"[^,\s]+", t.headers[code])]
            if code == "212" and found and found[0][0].upper() == "PTS":
                found = found[1:]
            if [text.upper() for text, _ in found] == items and k < len(found):
                column = found[k][1]
            break
    return InputError(
        msg(
            "tie-break list of the file: {exc}",
            exc=exc.text() if isinstance(exc, SpareggioError) else str(exc),
        ),
        Position(where.path, where.line, column or where.column),
    )


def rank_lists(
    tournament: Tournament,
    candidates: Sequence[tuple[str | RuleSet, str | Sequence[str]]],
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
) -> list[Standings]:
    """The standings under each (rule set, tie-break list) pair, from one frame.

    Every candidate shares the frame after the round; candidates under the same rule set share one
    evaluation context, so a tie-break value (and the adjusted scores, dummies, rated games behind
    it) is computed once for all the lists that name it.  This is what makes trying a hundred
    combinations on one file cheap.
    """
    frame = tournament.frame(after_round)
    contexts: dict[str, Context] = {}
    shared: dict[Hashable, object] = {}  # what depends on the frame alone, for every rule set
    out: list[Standings] = []
    for rules, tiebreaks in candidates:
        ruleset = find_ruleset(rules)
        ctx = contexts.get(ruleset.label)
        if ctx is None:
            ctx = contexts[ruleset.label] = Context(
                tournament, frame, ruleset, unrated_rating=unrated_rating, shared=shared
            )
        parsed = _criteria(tournament, tiebreaks)
        out.append(
            _standings_in(ctx, parsed, REASONS["caller"], ListSource.CALLER, None, tournament.decisions, tournament)
        )
    return out


def _rule_set(tournament: Tournament, rules: str | RuleSet | None) -> tuple[RuleSet, Text, str | None]:
    """The rule set to apply, why, and the assumption it rests on (if any)."""
    if rules is None:
        choice = choose_ruleset(tournament)
        warning = choice.warning.text() if choice.warning is not None else None
        return choice.rules, as_text(choice.reason), warning
    return find_ruleset(rules), REASONS["caller"], None


def _computed(
    ctx: Context, compute: Callable[[Context, TiebreakSpec], TiebreakResult], spec: TiebreakSpec
) -> TiebreakResult:
    """The values of ``spec`` in ``ctx``, computed once per context (a list naming it twice, or
    another list ranked in the same context, reuses them)."""
    return ctx.memo(("standings-result", spec), lambda: compute(_context_for(ctx, spec), spec))


def _frame_notes(frame: Frame, specs: Sequence[TiebreakSpec]) -> list[Text]:
    """The frame's notes, and how a Fore Buchholz of ``specs`` reads the round paired without its
    results (C.07 8.3) when the standings stand before it."""
    notes = [as_text(note) for note in frame.notes]
    pending = frame.tournament.pending_round
    if notes and pending is not None and any(spec.fore or spec.code == "FB" for spec in specs):
        notes.append(msg("Fore Buchholz takes round {pending}'s pairings as draws (C.07 8.3)", pending=pending))
    return notes


def _standings_in(
    ctx: Context,
    parsed: list[tuple[str, TiebreakSpec]],
    reason: Text,
    source: ListSource,
    rules_warning: str | None,
    decisions: Decisions,
    event: Event,
) -> Standings:
    """Rank in an evaluation context; tie-break values already computed in it are reused; the ties
    the list leaves are then decided by the playoffs and the lots (:mod:`spareggio.core.decisions`)."""
    frame = ctx.frame
    labels = [label for label, _ in parsed]
    specs = [spec for _, spec in parsed]
    results: dict[str, TiebreakResult] = {}
    warnings: list[str] = [rules_warning] if rules_warning else []
    warnings.extend(_frame_notes(frame, specs))
    for label, spec in parsed:
        if label in results:
            continue
        d = definition(spec.code)
        if d.compute is not None:
            res = _computed(ctx, d.compute, spec)
            results[label] = res
            warnings.extend(res.warnings)
    for _, spec in parsed:
        ctx.forget_group_steps(spec)
    excluded = np.zeros(frame.ids.size, dtype=bool)
    if decisions.exclusions:
        index = ctx.tournament._index()
        for e in decisions.exclusions:
            if e.start_number not in index:
                text = msg("excluded player {number}: no player has this start number", number=e.start_number)
                raise InputError(text, e.position) if e.position is not None else ArgumentError(text)
            excluded[index[e.start_number]] = True
    order, starts, positions = _rank(ctx, frame, parsed, results, excluded)
    ranked = int(order.size - excluded.sum())
    decided = decide_ties(order, starts, frame.ids, ranked, decisions, warnings)
    for label, spec in parsed:
        if label not in results:
            numerator, defined = positions[label]
            group_ctx = _context_for(ctx, spec)
            d = definition(spec.code)
            details = (
                d.group_details(group_ctx, spec)
                if d.group_details is not None
                else GroupSteps(tuple(group_ctx.group_steps(spec)))
            )
            results[label] = TiebreakResult(
                spec, label, numerator, 1, Direction.GROUP, defined=defined, details=details
            )
    rank, rank_to = _places(starts)
    rank[ranked:] = 0
    rank_to[ranked:] = 0
    return Standings(
        tournament=ctx.tournament,
        rules=ctx.rules,
        rules_reason=reason,
        after_round=frame.rounds,
        labels=labels,
        specs=specs,
        results=results,
        order=order,
        rank=rank,
        rank_to=rank_to,
        tiebreaks_source=source,
        context=ctx,
        warnings=warnings,
        rules_warning=rules_warning,
        decisions=decisions,
        decided=decided,
        event=event,
    )


def _context_for(ctx: Context, spec: TiebreakSpec) -> Context:
    """The context a criterion is computed in: its team score (``:MP``/``:GP``) and its own rule
    version (``/V2024``), else the list's."""
    here = ctx.on(spec.score)
    return here if spec.version is None else here.under(version_rules(ctx.rules, spec.version))


def _rank(
    ctx: Context,
    frame: Frame,
    parsed: list[tuple[str, TiebreakSpec]],
    results: dict[str, TiebreakResult],
    excluded: BoolVector | None = None,
) -> tuple[IntVector, BoolVector, dict[str, tuple[IntVector, BoolVector]]]:
    """Rank by points, then by each tie-break inside the groups still tied (C.07 Arts. 2, 4, 5).

    Returns the player indices in standings order, a mask of the positions that start a group of
    players level on everything, and for each group tie-break every player's place inside the group
    it was examined in (1 = first; equal numbers = still tied) with a mask of the players examined.

    Groups are contiguous runs of ``order``; inside a group players are kept in start-number order.
    A scalar tie-break re-sorts only the positions of groups of two or more players, by
    (group, value, start number), in one vectorised sort.  Excluded players come after everyone
    else, never in a group with a ranked player.
    """
    sno = frame.ids
    total = frame.total
    out = np.zeros(sno.size, dtype=bool) if excluded is None else excluded
    order = _lexsort((sno, -total, out))
    starts = np.ones(order.size, dtype=bool)
    starts[1:] = (total[order[1:]] != total[order[:-1]]) | (out[order[1:]] != out[order[:-1]])
    if any(spec.code == "PTS" for _, spec in parsed):
        # a list that names PTS (TRF-26 212 with a tie-break before it) ranks by the list as given
        order = _lexsort((sno, out))
        starts[1:] = out[order[1:]] != out[order[:-1]]
    keys: dict[str, IntVector] = {}
    positions: dict[str, tuple[IntVector, BoolVector]] = {}
    for label, spec in parsed:
        d = definition(spec.code)
        tied = _tied_positions(starts)
        if d.order_group is not None:
            place = positions.setdefault(
                label, (np.zeros(order.size, dtype=np.int64), np.zeros(order.size, dtype=bool))
            )
            if tied.size:
                _order_groups(_context_for(ctx, spec), spec, d.order_group, order, starts, tied, place)
            continue
        if tied.size == 0:
            continue
        key = keys.get(label)
        if key is None:
            key = keys[label] = results[label].order_key()
        group = np.cumsum(starts)[tied]
        players = order[tied]
        perm = _lexsort((sno[players], -key[players], group))
        players, group = players[perm], group[perm]
        k = key[players]
        order[tied] = players
        split = np.zeros(tied.size, dtype=bool)
        split[1:] = (group[1:] == group[:-1]) & (k[1:] != k[:-1])
        starts[tied] |= split
    return order, starts, positions


_FOLD_LIMIT = 2**62


def _lexsort(keys: tuple[npt.NDArray[np.int64] | BoolVector, ...]) -> IntVector:
    """``np.lexsort(keys)``: the indices that sort by the last key, then by the one before it ...,
    ties in index order.  Integer keys whose ranges multiplied fit in 62 bits are folded into one
    key, ``sum((key - min) * weight)`` with each weight the product of the spans of the keys before
    it, and sorted once by a stable sort: the same order, several times faster on a large event."""
    if not keys or keys[0].size == 0:
        return np.lexsort(keys)
    folded: list[tuple[npt.NDArray[np.int64], int, int]] = []
    weight = 1
    for key in keys:
        values = key.astype(np.int64, copy=False)
        low, high = int(values.min()), int(values.max())
        folded.append((values, low, weight))
        weight *= high - low + 1
        if weight >= _FOLD_LIMIT:
            return np.lexsort(keys)
    combined = np.zeros(keys[0].size, dtype=np.int64)
    for values, low, w in folded:
        combined += (values - low) * w
    result: IntVector = np.argsort(combined, kind="stable")
    return result


def _tied_positions(starts: BoolVector) -> IntVector:
    """Positions that belong to a group of two or more players."""
    group = np.cumsum(starts) - 1
    size = np.bincount(group)
    return np.flatnonzero(size[group] > 1)


def _order_groups(
    ctx: Context,
    spec: TiebreakSpec,
    order_group: GroupOrder,
    order: IntVector,
    starts: BoolVector,
    tied: IntVector,
    place: tuple[IntVector, BoolVector],
) -> None:
    """Apply a group tie-break to every tied group, in standings order; records each member's place
    inside its group (the first time it is examined)."""
    value, examined = place
    sno = ctx.frame.ids
    bounds = np.flatnonzero(starts[tied])
    first = tied[bounds].tolist()
    last = [*tied[bounds[1:] - 1].tolist(), int(tied[-1])]
    for a, b in zip(first, last, strict=True):
        members = order[a : b + 1].tolist()
        ordered = order_group(ctx, spec, members)
        k = a
        for sub in ordered:
            sub = sorted(sub, key=lambda i: int(sno[i]))
            fresh = [i for i in sub if not examined[i]]
            value[fresh] = k - a + 1
            examined[fresh] = True
            order[k : k + len(sub)] = sub
            starts[k] = True
            k += len(sub)


def _places(starts: BoolVector) -> tuple[IntVector, IntVector]:
    """Competition ranking (1, 2, 2, 4) of every position from the group starts."""
    n = starts.size
    begin = np.flatnonzero(starts)
    end = np.append(begin[1:], n)
    size = end - begin
    rank = np.repeat(begin + 1, size)
    rank_to = np.repeat(end, size)
    return rank.astype(np.int64), rank_to.astype(np.int64)


class _CalledAsTheOldFunction(types.ModuleType):
    """Up to 0.1 the package exported this module's :func:`standings` as ``spareggio.standings``;
    the name is the module's now (the import system binds a loaded submodule to the package), and
    the old call ``spareggio.standings(t, ...)`` still ranks, with a :class:`DeprecationWarning`,
    until 1.0 removes this class (CHANGELOG.md)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Standings:  # Any: the arguments of rank
        warnings.warn(
            "spareggio.standings is deprecated and leaves the public API: use spareggio.rank",
            DeprecationWarning,
            stacklevel=2,
        )
        return rank(*args, **kwargs)


sys.modules[__name__].__class__ = _CalledAsTheOldFunction
