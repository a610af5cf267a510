"""Tie-break specifiers, results and the per-round contribution records behind every total.

One source of truth: an opponent-score tie-break (BH, SB, FB, ...) is a :class:`Contributions`
table — for every player and round the element's key, factor, contribution and cut mark.  The
totals are sums over that table, and explanations render the same table, seen as a
:class:`~.records.RecordTable` whose rows are the :class:`~.records.Record` of every tie-break.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar, cast

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..core.frame import Frame
from ..core.model import IntMatrix, IntVector, Scope, ScoreName, Tournament, distinct
from ..rules.base import Elements, OpponentView, RuleSet, Source
from .cuts import CutMark, apply_cuts
from .records import Aggregate, Record, RecordTable, Why

T = TypeVar("T")

__all__ = [
    "Context",
    "Contribution",
    "Contributions",
    "Details",
    "DirectEncounterStep",
    "Direction",
    "GroupSteps",
    "OpponentScores",
    "TiebreakDef",
    "TiebreakResult",
    "TiebreakSpec",
]


@dataclass(frozen=True)
class Details:
    """What a tie-break keeps besides its records, for explanations: one subclass per kind
    (:class:`GroupSteps`, :class:`OpponentScores`, ``KoyaDetails``, ``BoardTotals``, ...)."""


@dataclass(frozen=True)
class DirectEncounterStep:
    """One examination of a group, kept for explanations."""

    members: tuple[int, ...]
    """Player indices of the group."""
    scores: tuple[Fraction, ...]
    """Mini-score of each member (points against the other members, meetings averaged)."""
    unmet: tuple[int, ...]
    """How many other members each member did not meet."""
    all_met: bool
    order: tuple[tuple[int, ...], ...]
    """The resulting sub-groups, best first (a sub-group of several players is still tied)."""
    encounters: tuple[tuple[int, int, Fraction, int], ...] = ()
    """Who met whom: (member, opponent in the group, points the member scored against him averaged
    over their meetings, number of meetings), one per ordered pair that met.  Each member's
    mini-score is the sum of its rows."""


@dataclass(frozen=True)
class GroupSteps(Details):
    """A group tie-break (DE, EDE): every examination of a tied group, in order."""

    steps: tuple[DirectEncounterStep, ...]


@dataclass(frozen=True)
class OpponentScores(Details):
    """ABH, AFB: the values are the adjusted scores of the opponent view (C.07 16.4)."""

    view: OpponentView


class Direction(enum.Enum):
    """Which end of a tie-break is better."""

    HIGHER = "higher is better"
    LOWER = "lower is better"
    GROUP = "group order"


@dataclass(frozen=True)
class TiebreakSpec:
    """A parsed tie-break specifier such as ``BH/C1`` or ``SB/C1/P``."""

    code: str
    cut_low: int = 0
    cut_high: int = 0
    forfeits_played: bool = False
    """``/P``: forfeits count as games against the scheduled opponent."""
    fore: bool = False
    """``/F``: use Fore Buchholz (AOB/F)."""
    reverse: bool = False
    """``/R``: the opposite sort direction."""
    limit: Fraction | None = None
    """Koya limit shift in points (``/L+n``, ``/L-n``) or, with ``limit_percent``, a percentage."""
    limit_percent: bool = False
    unrated: int | None = None
    """``/Un``: the rating that unrated players count as."""
    score: ScoreName | None = None
    """``:MP`` or ``:GP``: the team score the criterion is computed on (team events only)."""
    factor: int | None = None
    """``/Kx``: the normalisation factor of SSSC (C.07 13.4.2), instead of the computed one."""
    decimals: int | None = None
    """``/Dn``: print the value with n decimals, rounded half up (SSSC, whose value is rarely a short
    decimal).  Display only: the value, its explanation and the ranking stay exact."""
    version: str | None = None
    """``/V2026``, ``/V2024``, ``/V2009`` ...: the rule set this criterion is computed under, whatever
    the list's rule set (a program may print one Buchholz under the 2026 text and another under the
    2024 text); the canonical name of that rule set, as :func:`~spareggio.rules.find_ruleset` takes it."""

    def __str__(self) -> str:
        parts = [self.code + (f":{self.score}" if self.score else "")]
        if self.cut_low and self.cut_high:
            parts.append(f"M{self.cut_low}")
        elif self.cut_low:
            parts.append(f"C{self.cut_low}")
        if self.limit is not None:
            if self.limit_percent:
                parts.append(f"L{self.limit}")
            else:
                halves = self.limit * 2
                parts.append(f"L{'+' if halves >= 0 else '-'}{abs(halves)}")
        if self.forfeits_played:
            parts.append("P")
        if self.fore:
            parts.append("F")
        if self.reverse:
            parts.append("R")
        if self.unrated is not None:
            parts.append(f"U{self.unrated}")
        if self.factor is not None:
            parts.append(f"K{self.factor}")
        if self.decimals is not None:
            parts.append(f"D{self.decimals}")
        if self.version is not None:
            parts.append(f"V{version_code(self.version)}")
        return "/".join(parts)


def version_code(rules: str) -> str:
    """How a rule version is written after ``/V``: the year for the FIDE texts (``fide-2024`` ->
    ``2024``), the rule set's name otherwise (``italian``)."""
    m = re.fullmatch(r"fide-(\d{4})", rules)
    return m.group(1) if m else rules


Contribution = Record
"""The record of one round of an opponent-score tie-break: the same :class:`Record` as every other
tie-break's (``input`` the opponent's or dummy's score, ``factor``, ``source``, ``cap`` and ``own``
filled in; ``key`` and ``value`` are ``input`` and ``contribution`` as numbers)."""


@dataclass(frozen=True, eq=False)
class Contributions:
    """The per-round contributions of an opponent-score tie-break for every player."""

    frame: Frame
    view: OpponentView
    elements: Elements
    value: IntMatrix
    """Contribution of every (player, round), in units of ``1/value_den``."""
    value_den: int
    key_den: int
    cut: npt.NDArray[np.int8]
    sonneborn: bool
    rules: RuleSet | None = None
    """The rule set whose view of unplayed rounds built the table (the standings' for BH, FB, SB;
    US Chess 34E for the US Chess tie-breaks under any rule set)."""

    @property
    def counted(self) -> npt.NDArray[np.bool_]:
        # CutMark.KEPT as an int: NumPy compares an array with an int faster than with an IntEnum member
        counted: npt.NDArray[np.bool_] = self.elements.present & (self.cut == int(CutMark.KEPT))
        return counted

    def totals(self) -> IntVector:
        totals: IntVector = np.where(self.counted, self.value, 0).sum(axis=1)
        return totals

    def for_player(self, i: int) -> tuple[Record, ...]:
        """The records of player index ``i``, round by round."""
        return self.table().records(i)

    def table(self) -> RecordTable:
        """The contributions as a :class:`RecordTable` (input: the opponent's or dummy's score; why:
        the cut marks), with the factor, source, cap and own score of every element."""
        cached = self.__dict__.get("_table")
        if isinstance(cached, RecordTable):
            return cached
        e = self.elements
        why = np.where(e.present, _WHY_OF_CUT[self.cut.astype(np.intp)], Why.NOT_PART).astype(np.int8)
        capped = (e.source == Source.DUMMY_CAP_OPPONENT) | (e.source == Source.DUMMY_CAP_ROUNDS)
        table = RecordTable(
            self.frame,
            Aggregate.SUM,
            "opponent_score",
            e.key,
            self.key_den,
            self.value,
            self.value_den,
            why,
            vur=e.vur,
            rules=self.rules,
            view=self.view,
            factor=e.factor if self.sonneborn else None,
            source=e.source.astype(np.int8),
            cap=np.where(capped, e.cap, -1),
            own_score=e.own,
        )
        self.__dict__["_table"] = table
        return table

    @classmethod
    def build(
        cls,
        ctx: Context,
        spec: TiebreakSpec,
        *,
        sonneborn: bool,
        fore: bool = False,
    ) -> Contributions:
        frame = ctx.frame_for(fore)
        view = ctx.view(fore)
        elements = ctx.elements(fore, spec.forfeits_played)
        unit = frame.unit
        if sonneborn:
            value = elements.key * elements.factor
            value_den = unit * unit
        else:
            value = elements.key
            value_den = unit
        value = np.where(elements.present, value, 0)
        cut = apply_cuts(
            elements.key,
            value,
            elements.present,
            elements.vur,
            low=spec.cut_low,
            high=spec.cut_high,
            vur_priority=ctx.rules.vur_priority(frame),
            vur_selection=ctx.rules.vur_selection,
        )
        return cls(frame, view, elements, value, value_den, unit, cut, sonneborn, rules=ctx.rules)


_WHY_OF_CUT = np.array(
    [Why.COUNTED, Why.CUT_LOW, Why.CUT_LOW_VUR, Why.CUT_LOW_OVER_VUR, Why.CUT_HIGH], dtype=np.int8
)
"""The record code of every :class:`CutMark`, by its value."""


@dataclass(frozen=True, eq=False)
class TiebreakResult:
    """The values of one tie-break for every player.

    ``numerator / denominator`` is the exact value of each player (``denominator`` may be one number
    for all players or one per player); ``defined`` is False where the tie-break has no value.
    """

    spec: TiebreakSpec
    label: str
    numerator: IntVector
    denominator: int | IntVector
    direction: Direction
    defined: npt.NDArray[np.bool_] | None = None
    contributions: Contributions | None = None
    details: Details | None = None
    """What the tie-break keeps besides its records for explanations (DE's groups, Koya's threshold)."""
    warnings: tuple[str, ...] = ()
    table: RecordTable | None = None
    """The records the values were computed from (see :mod:`.records`)."""

    @classmethod
    def from_table(
        cls,
        spec: TiebreakSpec,
        table: RecordTable,
        direction: Direction = Direction.HIGHER,
        **extra: object,
    ) -> TiebreakResult:
        """The result whose values are the totals of ``table`` (one definition for both)."""
        numerator, denominator, defined = table.totals()
        return cls(spec, str(spec), numerator, denominator, direction, defined=defined, table=table, **extra)  # type: ignore[arg-type]

    def record_table(self) -> RecordTable | None:
        """The records behind the values: the table, or the contributions seen as one."""
        if self.table is not None:
            return self.table
        if self.contributions is not None:
            return self.contributions.table()
        return None

    def records(self, i: int) -> tuple[Record, ...]:
        """The records of player index ``i`` (empty for a tie-break without records: DE, dropped)."""
        table = self.record_table()
        return table.records(i) if table is not None else ()

    def value(self, i: int) -> Fraction | None:
        if self.defined is not None and not self.defined[i]:
            return None
        den = self.denominator if isinstance(self.denominator, int) else int(self.denominator[i])
        return Fraction(int(self.numerator[i]), den)

    def values(self) -> list[Fraction | None]:
        return [self.value(i) for i in range(len(self.numerator))]

    def order_key(self) -> IntVector:
        """An integer per player: larger is better, equal means tied; undefined ranks last.

        Computed once per result (a fresh copy is returned)."""
        cached: IntVector | None = self.__dict__.get("_order_key")
        if cached is None:
            cached = self._order_key()
            self.__dict__["_order_key"] = cached
        return cached.copy()

    def _order_key(self) -> IntVector:
        if isinstance(self.denominator, int):
            key = self.numerator.astype(np.int64).copy()
        else:
            key = _common_denominator_key(self.numerator, np.asarray(self.denominator))
        better_low = (self.direction is Direction.LOWER) != self.spec.reverse
        if better_low:
            key = -key
        if self.defined is not None:
            floor = int(key[self.defined].min(initial=0)) - 1
            key = np.where(self.defined, key, floor)
        return key


_KEY_LIMIT = 2**62


def _common_denominator_key(numerator: IntVector, denominator: IntVector) -> IntVector:
    """Integers ordered and tied exactly like the fractions ``numerator / denominator``.

    Every value is brought to the least common multiple of the denominators, exactly, when the
    products stay within 64-bit integers (the usual case: denominators are small, e.g. games played
    times the scoring unit); otherwise each value is replaced by its rank among the distinct values.
    """
    num = numerator.astype(np.int64)
    den = denominator.astype(np.int64)
    dens = distinct(den)[0].tolist()
    if dens and dens[0] > 0:
        common = 1
        for d in dens:
            common = math.lcm(common, d)
            if common >= _KEY_LIMIT:
                break
        largest = int(np.abs(num).max(initial=0))
        if common < _KEY_LIMIT and largest * (common // dens[0]) < _KEY_LIMIT:
            return num * (common // den)
    fr = [Fraction(int(a), int(b)) for a, b in zip(numerator, denominator, strict=True)]
    pos = {v: k for k, v in enumerate(sorted(set(fr)))}
    return np.fromiter((pos[v] for v in fr), dtype=np.int64, count=len(fr))


GroupOrder = Callable[["Context", TiebreakSpec, list[int]], list[list[int]]]


@dataclass(frozen=True)
class TiebreakDef:
    """One entry of the catalogue: a tie-break acronym and how to compute it."""

    code: str
    name: str
    article: str
    modifiers: str
    """Letters of the modifiers it accepts: C (cut), M (median), P, F, R, L (limit), U (unrated),
    K (factor), D (decimals shown)."""
    direction: Direction
    description: str
    compute: Callable[[Context, TiebreakSpec], TiebreakResult] | None = None
    order_group: GroupOrder | None = None
    """For group tie-breaks (Type A, e.g. DE): order a tied group into sub-groups."""
    aliases: tuple[str, ...] = ()
    diagnostic: bool = False
    group_details: Callable[[Context, TiebreakSpec], Details] | None = None
    """For group tie-breaks: what an explanation shows besides the group steps (the board totals
    of TBR and BBE)."""
    """A value shown for checking (ABH, AFB), not a C.07 tie-break."""
    scope: Scope = Scope.INDIVIDUAL
    """The events it ranks: players, teams or both."""
    ratings: bool = False
    """Computed from ratings (C.07 10): unknown where the players' ratings are (a results page
    without a rating column)."""

    @property
    def is_group(self) -> bool:
        return self.order_group is not None


class Context:
    """Everything a tie-break needs, with the derived arrays computed once per standings call.

    A tie-break reads the frame (participants, rounds, scores, boards) and the rule set, never the
    tournament: ``tournament`` is what the standings name and show."""

    def __init__(
        self,
        tournament: Tournament,
        frame: Frame,
        rules: RuleSet,
        *,
        unrated_rating: int | None = None,
        shared: dict[Hashable, object] | None = None,
    ):
        self.tournament = tournament
        self.frame = frame
        self.rules = rules
        self.unrated_rating = unrated_rating
        self._frames: dict[bool, Frame] = {False: frame}
        self._views: dict[bool, OpponentView] = {}
        self._elements: dict[tuple[bool, bool], Elements] = {}
        self._on: dict[str, Context] = {}
        self._under: dict[str, Context] = {}
        self._memo: dict[Hashable, object] = {}
        self._shared: dict[Hashable, object] = {} if shared is None else shared
        self._steps: dict[TiebreakSpec, list[DirectEncounterStep]] = {}

    def memo(self, key: Hashable, build: Callable[[], T]) -> T:
        """The value stored under ``key`` in this context, built by ``build`` the first time: what
        a module computes once per standings call (its rated games, its TPR for APRO).  Each module
        keeps to keys of its own, so that a key always holds values of one type."""
        if key not in self._memo:
            self._memo[key] = build()
        return cast(T, self._memo[key])

    def frame_memo(self, key: Hashable, build: Callable[[], T]) -> T:
        """As :meth:`memo`, for what depends on the frame alone, not on the rule set (direct
        encounter): shared by every context of the same frame under other rule sets (a rule version
        of a criterion, the candidates of ``check --infer``)."""
        if key not in self._shared:
            self._shared[key] = build()
        return cast(T, self._shared[key])

    def group_steps(self, spec: TiebreakSpec) -> list[DirectEncounterStep]:
        """The examinations of tied groups that the group tie-break ``spec`` recorded in this
        context, in order (appended to while ranking; read by the standings)."""
        return self._steps.setdefault(spec, [])

    def forget_group_steps(self, spec: TiebreakSpec) -> None:
        """Start the record of ``spec``'s examinations afresh (before a new ranking)."""
        self._steps.pop(spec, None)

    def on(self, score: ScoreName | str | None) -> Context:
        """The context of the same participants and rule set on the frame of ``score`` (a team
        event's MP or GP; this context for its own score, ``PTS`` or None)."""
        if score in (None, "PTS", self.frame.score):
            return self
        assert score is not None
        found = self._on.get(score)
        if found is None:
            found = Context(
                self.tournament, self.frame.on(score), self.rules, unrated_rating=self.unrated_rating
            )
            found._on[self.frame.score] = self
            self._on[score] = found
        return found

    def under(self, rules: RuleSet) -> Context:
        """The context of the same participants and frame under another rule set (a criterion
        with its own rule version, ``/V2024``); this context for its own rule set."""
        if rules.label == self.rules.label:
            return self
        found = self._under.get(rules.label)
        if found is None:
            found = Context(
                self.tournament, self.frame, rules, unrated_rating=self.unrated_rating, shared=self._shared
            )
            found._under[self.rules.label] = self
            self._under[rules.label] = found
        return found

    def frame_for(self, fore: bool) -> Frame:
        if fore not in self._frames:
            self._frames[fore] = self.frame.with_fore()
        return self._frames[fore]

    def view(self, fore: bool = False) -> OpponentView:
        if fore not in self._views:
            self._views[fore] = self.rules.opponent_view(self.frame_for(fore))
        return self._views[fore]

    def elements(self, fore: bool = False, forfeits_as_played: bool = False) -> Elements:
        k = (fore, forfeits_as_played)
        if k not in self._elements:
            self._elements[k] = self.rules.elements(
                self.frame_for(fore), self.view(fore), forfeits_as_played=forfeits_as_played
            )
        return self._elements[k]
