"""The tournament model: players, scoring system and the players × rounds arrays.

Players are addressed internally by index ``0..n-1`` (their order in the file); start numbers appear
only at the edges (input, output, explanations).  Every (player, round) cell holds exactly one
:class:`ResultKind`.  Arithmetic is exact: points are integers in units of ``1/scoring.unit``.
"""

from __future__ import annotations

import datetime as _dt
import enum
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from .dates import DateReading
from .decisions import Decisions
from .errors import ArgumentError, Diagnostic, Position
from .i18n import msg

__all__ = [
    "RATING_METHODS",
    "BoolMatrix",
    "Color",
    "IntMatrix",
    "KindSource",
    "Player",
    "PointAdjustment",
    "ResultKind",
    "Scoring",
    "Tournament",
    "TournamentKind",
    "distinct",
    "trailing_unpaired",
]

IntMatrix: TypeAlias = npt.NDArray[np.int64]
"""A (players × rounds) integer array."""
BoolMatrix: TypeAlias = npt.NDArray[np.bool_]
IntVector: TypeAlias = npt.NDArray[np.int64]


def distinct(values: npt.ArrayLike) -> tuple[IntVector, IntVector]:
    """The sorted distinct values of an integer array and, for every element, the index of its value
    among them: ``numpy.unique(values, return_inverse=True)`` by one stable sort (``numpy.unique``
    loads ``numpy.ma`` on its first call, a noticeable cost for a small tournament)."""
    flat = np.asarray(values, dtype=np.int64).ravel()
    order = np.argsort(flat, kind="stable")
    ordered = flat[order]
    new = np.ones(flat.size, dtype=bool)
    new[1:] = ordered[1:] != ordered[:-1]
    inverse = np.empty(flat.size, dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    return ordered[new], inverse


class ResultKind(enum.IntEnum):
    """What happened to one player in one round (C.07 16.1-16.2; TRF result codes)."""

    PLAYED_WIN = 1
    """A game won over the board (TRF ``1``, or ``W`` for a game shorter than one move)."""
    PLAYED_DRAW = 2
    """A game drawn over the board (TRF ``=`` or ``D``)."""
    PLAYED_LOSS = 3
    """A game lost over the board (TRF ``0`` or ``L``)."""
    FORFEIT_WIN = 4
    """Won by forfeit against the scheduled opponent (TRF ``+``): C.07 16.2.2."""
    FORFEIT_LOSS = 5
    """Lost by forfeit against the scheduled opponent, who came (TRF ``-``): a VUR, C.07 16.2.4."""
    DOUBLE_FORFEIT = 6
    """Neither scheduled player came (TRF ``-`` on both lines): a forfeit loss and VUR for both."""
    PAB = 7
    """Pairing-allocated bye (TRF ``U``): C.07 16.2.1, not a VUR."""
    FULL_BYE = 8
    """Requested full-point bye (TRF ``F``): C.07 16.2.1, not a VUR."""
    HALF_BYE = 9
    """Requested half-point bye (TRF ``H``): a VUR, C.07 16.2.3 or 16.2.5."""
    ZERO_BYE = 10
    """Requested zero-point bye or known absence (TRF ``Z``): a VUR."""
    ABSENT = 11
    """Not paired, no result (TRF blank or ``0000 - -``): treated as a zero-point bye, a VUR."""
    WITHDRAWN = 12
    """Not paired because the player withdrew: the rounds after the last entry; a zero-point bye."""
    PENDING = 13
    """Paired, result not yet known (a file exported after the pairing of its last round).  Only the
    last round of a file may hold it, and no standings frame does: the round counts once it is played,
    and Fore Buchholz takes it as a draw (C.07 8.3)."""

    @property
    def has_opponent(self) -> bool:
        return bool(HAS_OPPONENT[self])

    @property
    def played(self) -> bool:
        return bool(PLAYED[self])

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    ResultKind.PLAYED_WIN: "win",
    ResultKind.PLAYED_DRAW: "draw",
    ResultKind.PLAYED_LOSS: "loss",
    ResultKind.FORFEIT_WIN: "forfeit win",
    ResultKind.FORFEIT_LOSS: "forfeit loss",
    ResultKind.DOUBLE_FORFEIT: "double forfeit",
    ResultKind.PAB: "pairing-allocated bye",
    ResultKind.FULL_BYE: "full-point bye",
    ResultKind.HALF_BYE: "half-point bye",
    ResultKind.ZERO_BYE: "zero-point bye",
    ResultKind.ABSENT: "not paired",
    ResultKind.WITHDRAWN: "withdrawn",
    ResultKind.PENDING: "paired, not yet played",
}

_NK = max(ResultKind) + 1


def _kind_table(kinds: set[ResultKind]) -> npt.NDArray[np.bool_]:
    table = np.zeros(_NK, dtype=bool)
    for k in kinds:
        table[k] = True
    return table


K = ResultKind
PLAYED = _kind_table({K.PLAYED_WIN, K.PLAYED_DRAW, K.PLAYED_LOSS})
"""Kinds that are games played over the board (indexable by a kind array)."""
FORFEIT = _kind_table({K.FORFEIT_WIN, K.FORFEIT_LOSS, K.DOUBLE_FORFEIT})
HAS_OPPONENT = PLAYED | FORFEIT | _kind_table({K.PENDING})
"""Kinds with a scheduled opponent."""
VUR = _kind_table({K.FORFEIT_LOSS, K.DOUBLE_FORFEIT, K.HALF_BYE, K.ZERO_BYE, K.ABSENT, K.WITHDRAWN})
"""Voluntary unplayed rounds, C.07 16.1.2."""
REQUESTED_BYE = _kind_table({K.HALF_BYE, K.ZERO_BYE, K.ABSENT, K.WITHDRAWN})
"""Unplayed rounds without opponent that C.07 16.2.5 may re-value as draws (16.1.1)."""
NO_OPPONENT = ~HAS_OPPONENT
NO_OPPONENT[0] = False

# Result class of every kind: 1 win, 0 draw, -1 loss (what a dummy opponent "plays" against).
RESULT_CLASS = np.zeros(_NK, dtype=np.int8)
for _k in (K.PLAYED_WIN, K.FORFEIT_WIN, K.PAB, K.FULL_BYE):
    RESULT_CLASS[_k] = 1
for _k in (K.PLAYED_LOSS, K.FORFEIT_LOSS, K.DOUBLE_FORFEIT, K.ZERO_BYE, K.ABSENT, K.WITHDRAWN):
    RESULT_CLASS[_k] = -1


def trailing_unpaired(kind: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
    """Rounds without any entry (not paired, or already marked withdrawn) from which the player has no
    entry up to the last round: the rounds after a withdrawal."""
    gone = (kind == ResultKind.ABSENT) | (kind == ResultKind.WITHDRAWN)
    trailing: npt.NDArray[np.bool_] = np.flip(
        np.logical_and.accumulate(np.flip(gone, axis=1), axis=1), axis=1
    )
    return trailing


class Color(enum.IntEnum):
    """The colour a player had (or was scheduled to have) in a round."""

    NONE = 0
    """No colour: a bye or no pairing."""
    WHITE = 1
    BLACK = 2


class KindSource(enum.StrEnum):
    """Why a tournament is Swiss or round robin: a stable code (the JSON's ``kind_source_code``);
    :attr:`Tournament.kind_basis` holds what decided it, and the renderers say both in words."""

    FILE = "file"
    """The file declares it (``kind_basis``: the record or field, ``record 092``, ``event.kind``)."""
    INFERRED = "inferred"
    """Inferred from the pairings (``kind_basis``: ``all-paired`` or ``not-all-paired``)."""
    OPTION = "option"
    """Chosen by the caller (``--swiss``, ``--round-robin``)."""
    GENERATED = "generated"
    """A synthetic tournament."""
    DEFAULT = "default"
    """A team event that says nothing about it."""


class TournamentKind(enum.Enum):
    """Pairing system family, which decides between C.07 Article 16 and Article 15."""

    SWISS = "swiss"
    """Pairings made round by round: Article 16 governs unplayed rounds."""
    ROUND_ROBIN = "round-robin"
    """Pre-determined pairings: Article 15 (forfeits are regular games, the free round is ignored)."""


@dataclass(frozen=True)
class Scoring:
    """Points awarded per result (TRF-2x record 162; default 1 / ½ / 0)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    absence: Fraction = Fraction(0)
    """Zero-point bye, absence and forfeit loss (162 symbol ``A``)."""
    pab: Fraction | None = None
    """Pairing-allocated bye (162 symbol ``P``); ``None`` means the same as a win."""

    @property
    def pab_points(self) -> Fraction:
        return self.win if self.pab is None else self.pab

    @property
    def unit(self) -> int:
        """The smallest denominator that expresses every value as an integer."""
        d = 1
        for v in (self.win, self.draw, self.loss, self.absence, self.pab_points):
            d = math.lcm(d, v.denominator)
        return d

    def points_table(self) -> IntVector:
        """Points of every :class:`ResultKind`, in units of ``1/unit``."""
        u = self.unit
        table = np.zeros(_NK, dtype=np.int64)
        values = {
            K.PLAYED_WIN: self.win,
            K.PLAYED_DRAW: self.draw,
            K.PLAYED_LOSS: self.loss,
            K.FORFEIT_WIN: self.win,
            K.FORFEIT_LOSS: self.absence,
            K.DOUBLE_FORFEIT: self.absence,
            K.PAB: self.pab_points,
            K.FULL_BYE: self.win,
            K.HALF_BYE: self.draw,
            K.ZERO_BYE: self.absence,
            K.ABSENT: self.absence,
            K.WITHDRAWN: self.absence,
        }
        for kind, value in values.items():
            table[kind] = int(value * u)
        return table

    @property
    def is_default(self) -> bool:
        return self == Scoring()


@dataclass(frozen=True)
class Player:
    """One participant as written in its TRF ``001`` record."""

    start_number: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: Fraction | None = None
    """Points as written in the file (columns 81-84); the engine recomputes them from the results."""
    rank: int | None = None
    """Rank as written in the file (columns 86-89)."""
    national_rating: int | None = None
    """The national rating (TRF-26 national rating record of record 172's federation), if any."""
    position: Position | None = field(default=None, compare=False)
    """Where the player's record is in the input file."""


ADJUSTABLE: dict[str, tuple[ResultKind, ...]] = {
    "W": (K.PLAYED_WIN,),
    "D": (K.PLAYED_DRAW,),
    "L": (K.PLAYED_LOSS,),
    "F": (K.FULL_BYE,),
    "H": (K.HALF_BYE,),
    "Z": (K.ZERO_BYE, K.ABSENT, K.WITHDRAWN),
    "+": (K.FORFEIT_WIN,),
    "-": (K.FORFEIT_LOSS, K.DOUBLE_FORFEIT),
}
"""The result types of TRF-26 record 299 and the kinds of round each one names."""


RATING_METHODS: dict[str, str] = {
    "FIDE": "the FIDE rating",
    "NRO": "the national rating",
    "FIDON": "the FIDE rating, else the national one",
    "NIDOF": "the national rating, else the FIDE one",
    "HBFN": "the higher of the FIDE and national ratings",
    "LBFN": "the lower of the FIDE and national ratings",
}
"""The ratings rating tie-breaks can use: the methods of TRF-26 record 172 (``OTHER`` is read as
``FIDE``, with a warning)."""


def rating_by(method: str, fide: int | None, national: int | None) -> int | None:
    """The rating a player counts with under a :data:`RATING_METHODS` method."""
    if method == "NRO":
        return national
    if method == "FIDON":
        return fide if fide is not None else national
    if method == "NIDOF":
        return national if national is not None else fide
    both = [r for r in (fide, national) if r is not None]
    if method == "HBFN":
        return max(both) if both else None
    if method == "LBFN":
        return min(both) if both else None
    return fide


@dataclass(frozen=True)
class PointAdjustment:
    """Points assigned outside the scoring system (TRF-26 record 299, "abnormal points assignment").

    With a result type, the rounds of that type (of the player, in the round, or everywhere when
    ``player`` or ``round`` is None) score ``points`` instead of the scoring system's value.  Without
    one (``result == ""``) it is a bonus (or, negative, a penalty) added to the player's score: in
    ``round``, or once for the event when ``round`` is None.
    """

    result: str
    """The result type (``W D L F H Z + -``), or ``""`` for a bonus or penalty."""
    points: Fraction
    player: int | None
    """The player's index, None for every player."""
    round: int | None
    """The round, 0-based; None for every round (a bonus or penalty: once, not tied to a round)."""
    position: Position | None = None
    """The record in the input file."""

    def applies_to(self, kind: ResultKind) -> bool:
        """Whether a typed adjustment names a round of this kind."""
        return kind in ADJUSTABLE.get(self.result, ())


def apply_adjustments(
    kind: npt.NDArray[np.int8], points: IntMatrix, adjustments: tuple[PointAdjustment, ...], unit: int
) -> tuple[IntMatrix, BoolMatrix]:
    """Apply point adjustments (record 299) to the points of the rounds ``kind`` holds, in file order
    (a later one wins): a typed one sets ``points`` (in place) in the cells of its type; a bonus or
    penalty goes to the returned (players x rounds) bonus matrix, in its round or, with none, in the
    last round.  Returns the bonuses and the mask of the cells an adjustment touched; ``unit`` is
    the points' unit (a multiple of every adjustment's denominator)."""
    n, rounds = kind.shape
    bonus = np.zeros((n, rounds), dtype=np.int64)
    marked = np.zeros((n, rounds), dtype=bool)
    for a in adjustments:
        rows = slice(None) if a.player is None else slice(a.player, a.player + 1)
        value = int(a.points * unit)
        r = (rounds - 1 if a.round is None and not a.result else a.round)
        if not rounds or (r is not None and r >= rounds):
            continue
        cols = slice(None) if r is None else slice(r, r + 1)
        if a.result:
            hit = np.isin(kind[rows, cols], [int(k) for k in ADJUSTABLE[a.result]])
            points[rows, cols][hit] = value
            marked[rows, cols] |= hit
        else:
            bonus[rows, cols] += value
            marked[rows, cols] = True
    return bonus, marked


@dataclass(eq=False)
class Tournament:
    """A whole tournament: header data, players and the players × rounds arrays.

    ``opponent[i, r]`` is the index of player i's scheduled opponent in round r+1 or -1,
    ``kind[i, r]`` its :class:`ResultKind` and ``color[i, r]`` its :class:`Color`.
    """

    name: str
    players: tuple[Player, ...]
    opponent: IntMatrix
    kind: npt.NDArray[np.int8]
    color: npt.NDArray[np.int8]
    short_game: BoolMatrix
    """Games shorter than one move (TRF ``W``/``D``/``L``): played, but not rated."""
    kind_of_event: TournamentKind = TournamentKind.SWISS
    kind_source: KindSource = KindSource.INFERRED
    """Why the event is Swiss or round robin."""
    kind_basis: str = ""
    """What decided it, as a stable token: the record or field of the file (``record 092``,
    ``event.kind``, ``tournamentType``, ``Vega pairing system 3``), ``all-paired`` or
    ``not-all-paired`` for an inferred kind, else empty."""
    scoring: Scoring = field(default_factory=Scoring)
    start_date: _dt.date | None = None
    end_date: _dt.date | None = None
    start_date_text: str | None = None
    """Record 042 as written (``None`` when the file has none)."""
    start_date_readings: tuple[DateReading, ...] = ()
    """Every reading of record 042 the file leaves possible, the one taken first: more than one
    when the date is ambiguous (``01/03/2026``) and the other dates of the file do not decide it."""
    start_date_note: str = ""
    """How an ambiguous start date was decided by the other dates of the file, if it was."""
    start_date_position: Position | None = None
    round_dates: tuple[_dt.date | None, ...] = ()
    """Dates of the rounds (TRF-2x record 132), where given."""
    round_one_readings: tuple[DateReading, ...] = ()
    """Every reading of round 1's date (record 132), the TRF's ``YY/MM/DD`` first."""
    city: str = ""
    federation: str = ""
    announced_rounds: int | None = None
    tiebreak_list: tuple[str, ...] | None = None
    """The file's own tie-break list (TRF-2x 212, or 202 with PTS prepended), PTS excluded."""
    tiebreak_list_position: Position | None = None
    printed_values: dict[str, tuple[Fraction | None, ...]] = field(default_factory=dict)
    """Tie-break values a published ranking printed, by the item of its list as printed, one per
    player in player order (None where it printed none): ``check`` compares them with the computed
    ones."""
    declared_rules: str | None = None
    """The rule set for unplayed rounds that the file says its program applied (a Vega file: the
    2009 virtual opponent), by name; ``None``: chosen by the start date."""
    declared_rules_reason: str = ""
    """Why :attr:`declared_rules` applies, in the user's words (a catalogue message)."""
    headers: dict[str, str] = field(default_factory=dict)
    """Raw text of the header records, by record code (the last one wins)."""
    adjustments: tuple[PointAdjustment, ...] = ()
    """Points assigned outside the scoring system (TRF-26 record 299), in file order."""
    rating_method: str = "FIDE"
    """The rating rating tie-breaks use (a :data:`RATING_METHODS` key): record 172's method, or the
    reader's ``rating`` option."""
    warnings: list[Diagnostic] = field(default_factory=list)
    decisions: Decisions = field(default_factory=Decisions)
    """Playoffs, an arbiter's order, the drawing of lots, exclusions and the log of changes the file
    records (spareggio's TRF records XPO, XLT, XEX, XCL; ``event.decisions`` in tournament JSON)."""
    source: str | None = None
    encoding: str = "utf-8"

    @property
    def n_players(self) -> int:
        return len(self.players)

    def tiebreak_ratings(self) -> list[int | None]:
        """Every player's rating as rating tie-breaks use it (:attr:`rating_method`)."""
        if self.rating_method == "FIDE":
            return [p.rating for p in self.players]
        return [rating_by(self.rating_method, p.rating, p.national_rating) for p in self.players]

    @property
    def rounds(self) -> int:
        """Rounds that hold data in the file (the last round with any pairing or bye)."""
        return int(self.kind.shape[1])

    @property
    def pending_round(self) -> int | None:
        """The round (1-based) that is paired but not yet played, if the file was exported between
        the pairing and the results of its last round; ``None`` otherwise."""
        if not self.rounds:
            return None
        return self.rounds if bool((self.kind[:, -1] == ResultKind.PENDING).any()) else None

    @property
    def complete_rounds(self) -> int:
        """Rounds whose results are all in the file: the default round to rank after."""
        return self.rounds - 1 if self.pending_round is not None else self.rounds

    @property
    def is_round_robin(self) -> bool:
        return self.kind_of_event is TournamentKind.ROUND_ROBIN

    def index_of(self, start_number: int) -> int:
        """The internal index of the player with this start number."""
        try:
            return self._index()[start_number]
        except KeyError:
            raise ArgumentError(
                msg("no player with start number {start_number}", start_number=start_number)
            ) from None

    def _index(self) -> dict[int, int]:
        cached: dict[int, int] | None = getattr(self, "_index_cache", None)
        if cached is None:
            cached = {p.start_number: i for i, p in enumerate(self.players)}
            self._index_cache = cached
        return cached

    def start_numbers(self) -> IntVector:
        """The start number of every player, by index (a fresh array; built once per players tuple)."""
        cached: tuple[tuple[Player, ...], IntVector] | None = getattr(self, "_sno_cache", None)
        if cached is None or cached[0] is not self.players:
            sno = np.fromiter((p.start_number for p in self.players), dtype=np.int64, count=self.n_players)
            cached = (self.players, sno)
            self._sno_cache = cached
        return cached[1].copy()

    def with_kind(self, kind: TournamentKind, source: KindSource = KindSource.OPTION) -> Tournament:
        """A copy of this tournament declared Swiss or round robin."""
        import copy

        other = copy.copy(self)
        other.kind_of_event = kind
        other.kind_source, other.kind_basis = source, ""
        return other
