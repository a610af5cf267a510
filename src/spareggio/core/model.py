"""The events spareggio ranks: an individual tournament (:class:`Tournament`) and what every event
offers the ranking (:class:`Event`, which a team event implements too).

Players are addressed internally by index ``0..n-1`` (their order in the file); start numbers appear
only at the edges (input, output, explanations).  Every (player, round) cell holds exactly one
:class:`ResultKind` (:mod:`spareggio.core.games` holds what a tournament is made of; this module
re-exports it).  Arithmetic is exact: points are integers in units of ``1/scoring.unit``.
"""

from __future__ import annotations

import copy
import datetime as _dt
import enum
from collections.abc import Sequence
from dataclasses import field
from fractions import Fraction
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..base.errors import ArgumentError, Diagnostic, Position
from ..base.i18n import Field, msg
from .dates import DateReading
from .decisions import Decisions
from .frame import Frame
from .games import (
    ADJUSTABLE,
    FORFEIT,
    HAS_OPPONENT,
    NO_OPPONENT,
    PLAYED,
    RATING_METHODS,
    REQUESTED_BYE,
    RESULT_CLASS,
    VUR,
    BoolMatrix,
    Color,
    IntMatrix,
    IntVector,
    KindSource,
    Player,
    PointAdjustment,
    ResultKind,
    ScoreName,
    Scoring,
    TournamentKind,
    apply_adjustments,
    distinct,
    rating_by,
    trailing_unpaired,
)

__all__ = [
    "ADJUSTABLE",
    "DEFAULT_ROUND_ROBIN",
    "DEFAULT_SWISS",
    "FORFEIT",
    "HAS_OPPONENT",
    "NO_OPPONENT",
    "PLAYED",
    "RATING_METHODS",
    "REQUESTED_BYE",
    "RESULT_CLASS",
    "VUR",
    "BoardsSource",
    "BoolMatrix",
    "Color",
    "Column",
    "Event",
    "IntMatrix",
    "IntVector",
    "KindSource",
    "Lineup",
    "ListSource",
    "Participant",
    "Player",
    "PointAdjustment",
    "ResultKind",
    "Scope",
    "ScoreName",
    "Scoring",
    "Tournament",
    "TournamentKind",
    "TrfWriting",
    "apply_adjustments",
    "distinct",
    "rating_by",
    "trailing_unpaired",
]

DEFAULT_SWISS: tuple[str, ...] = ("BH/C1", "BH", "SB")
"""The list of an individual Swiss event when neither the caller, the file nor the rule set names
one (C.07 prescribes none)."""
DEFAULT_ROUND_ROBIN: tuple[str, ...] = ("DE", "SB", "KS")
"""The list of an individual round robin."""


class Scope(enum.Enum):
    """What an event ranks, and the events a tie-break ranks."""

    INDIVIDUAL = "individual"
    """Players only (SB, ARO, ...; for teams C.07 has ESB and EDE instead of SB and DE)."""
    TEAM = "team"
    """Teams only (C.07 Arts. 11-13: MPvGP, ESB, EDE, SSSC, BC, TBR, BBE)."""
    BOTH = "both"
    """Players, and teams on a reference score chosen with ``:MP`` or ``:GP`` (BH, FB, AOB, KS, PS,
    WIN, WON, TPN, DE)."""

    def admits(self, event: Scope) -> bool:
        """Whether a tie-break of this scope ranks an event of scope ``event`` (individual or team)."""
        return self is Scope.BOTH or self is event


class Participant(enum.StrEnum):
    """What an event ranks, as its sentences name it (:attr:`Event.participant`)."""

    PLAYER = "player"
    TEAM = "team"

    def key(self, base: str) -> str:
        """The key of an explanation's sentence about this participant (:mod:`spareggio.core.messages`):
        the base key for a player (``de.none``), the base key and the word for another
        (``de.none.team``)."""
        return base if self is Participant.PLAYER else f"{base}.{self.value}"


class BoardsSource(enum.StrEnum):
    """Where the boards of a team match come from: a stable code; the renderers say it in words."""

    RECORD_352 = "record-352"
    """The file's record 352 (TRF-2x)."""
    MOST_FIELDED = "most-fielded"
    """No record 352: the most boards a team fielded in a match (a warning says so)."""


@dataclass(frozen=True)
class Lineup:
    """How the participants of an event are made of players (:meth:`Event.lineup`): a team event's
    boards and rosters."""

    boards: int
    """The boards of a match."""
    boards_source: BoardsSource
    rosters: tuple[tuple[int, ...], ...]
    """Every participant's players (start numbers), by participant index."""


class Column(enum.StrEnum):
    """What a row of the standings shows of its participant beside its place, its number and its
    tie-breaks (:meth:`Event.columns`): every renderer lays out the columns the event names, in
    the event's order, and nothing else."""

    TITLE = "title"
    NAME = "name"
    FEDERATION = "federation"
    RATING = "rating"
    POINTS = "points"
    """The score that ranks, shown as the points (a player's)."""
    SCORES = "scores"
    """Every score of the participant, the primary first (a team's match and game points:
    :meth:`Event.scores`)."""


class TrfWriting(enum.StrEnum):
    """What the TRF writer writes of an event (:attr:`Event.trf_writing`): a stable code."""

    WHOLE = "whole"
    """The event written whole: its players, games, the decisions that ranked it and the list."""
    RANKS = "ranks"
    """Only the computed ranks, written into the event's own TRF file (:attr:`Event.trf_text`; a
    team event's record 310): the file is its own writer's, never rebuilt."""


class ListSource(enum.StrEnum):
    """Where the tie-break list of standings comes from: a stable code (the JSON's
    ``tiebreaks_source_code``); the renderers say it in words."""

    FILE = "file"
    """The file's own list (TRF records 212/202, or the list another format declares)."""
    CALLER = "caller"
    """Given by the caller (``--tiebreaks``, the ``tiebreaks`` argument)."""
    RULE_SET = "rule-set"
    """The usual list of the rule set applied."""
    DEFAULT_SWISS = "default-swiss"
    DEFAULT_ROUND_ROBIN = "default-round-robin"
    DEFAULT_TEAM = "default-team"


@runtime_checkable
class Event(Protocol):
    """What the ranking, the comparison, the check and every renderer need of an event, whatever
    it ranks: an individual tournament (:class:`Tournament`) ranks its players, a team event
    (:class:`spareggio.core.team_event.TeamEvent`) its teams.  :func:`spareggio.standings.rank` ranks
    any of them by this protocol alone, and a reader returns one (:func:`spareggio.io.read_event`).
    """

    @property
    def scope(self) -> Scope:
        """:attr:`Scope.INDIVIDUAL` for an event of players, :attr:`Scope.TEAM` for teams."""
        ...

    @property
    def participant(self) -> Participant:
        """What the event ranks, as its sentences name it: players or teams."""
        ...

    def columns(self) -> tuple[Column, ...]:
        """What a row of the standings shows of its participant, in order (a player's title, name,
        federation, rating and points; a team's name and scores)."""
        ...

    def lineup(self) -> Lineup | None:
        """How the participants are made of players (a team event's boards and rosters); None when
        they are players."""
        ...

    @property
    def primaries(self) -> tuple[ScoreName, ...]:
        """The scores :meth:`with_primary` can rank the participants by (a team event's match and
        game points); none when the event ranks by its points alone (players)."""
        ...

    @property
    def awards_prizes(self) -> bool:
        """Whether prizes by category (sex, age, rating, federation, club) are awarded on its
        standings: to players; the teams of a team event take none."""
        ...

    @property
    def infers_lists(self) -> bool:
        """Whether the usual lists of the rule sets rank it, the lists a check infers among
        (players; C.07 gives teams lists of their own)."""
        ...

    @property
    def trf_writing(self) -> TrfWriting:
        """What the TRF writer writes of it: the event whole, or only the ranks into its own file."""
        ...

    @property
    def trf_text(self) -> str | None:
        """The TRF text the event was read from, when :attr:`trf_writing` writes the ranks into it
        (a team event read from TRF); None otherwise."""
        ...

    @property
    def tournament(self) -> Tournament:
        """The tournament the file describes: its name, dates, headers, source, own tie-break list
        and decisions (a team event's: the tournament of its players' games)."""
        ...

    @property
    def primary(self) -> ScoreName:
        """The score that ranks the participants: ``PTS`` for players, ``MP`` or ``GP`` for teams."""
        ...

    @property
    def tiebreak_list(self) -> tuple[str, ...] | None:
        """The file's own tie-break list (record 212 or 202), None when it has none."""
        ...

    def participants(self) -> Tournament:
        """Who is ranked, as the participants of a tournament: the players, or the teams."""
        ...

    def frame(self, after_round: int | None = None, score: ScoreName | str | None = None) -> Frame:
        """The participants x rounds arrays after ``after_round`` (None: the last complete round)
        with ``score`` as their points (None: the primary score; a team event's ``MP`` or ``GP``)."""
        ...

    def with_primary(self, score: str) -> Event:
        """The event ranked by ``score`` whatever the file says (``--primary``).

        :raises ArgumentError: when the event has no such score."""
        ...

    def as_listed(self) -> tuple[Event, tuple[str, ...] | None, int]:
        """The event as its own list ranks it, that list (without a score the list opens with, which
        chooses the primary score of a team event: TRF-2x 212 ``MPTS``) and how many entries of the
        file's record come before the list's first criterion."""
        ...

    def default_list(self, usual: Sequence[str] | None) -> tuple[tuple[str, ...], ListSource]:
        """The list when neither the caller nor the file names one: ``usual`` (the rule set's usual
        list) where the event takes it, else the default for the kind of event."""
        ...

    def ranking_decisions(self) -> Decisions:
        """The playoffs, lots and exclusions of the file that the ranking starts from."""
        ...

    def ranking_warnings(self) -> list[str]:
        """What the standings must say about the event itself, beside their own warnings."""
        ...

    def reading_warnings(self) -> list[Diagnostic]:
        """What the reader warned that the standings do not already carry."""
        ...

    def scores(self, index: int, after_round: int) -> tuple[tuple[ScoreName, Fraction], ...]:
        """The scores a participant's row shows beside the primary score, the primary first
        (a team's match and game points); nothing for a player."""
        ...


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
    updated: _dt.date | None = None
    """The day a published ranking was last updated (chess-results' ``Last update``): the event
    started no later.  When the file gives no start date, the rule set in force that day is taken,
    with a warning."""
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
    printed_columns: tuple[tuple[Fraction | None, ...], ...] = ()
    """Tie-break columns a published ranking printed without naming them (chess-results' Excel export
    prints no legend), in order, one value per player in player order: ``check`` names them by the
    criteria whose values reproduce them, or by the list it is given."""
    declared_rules: str | None = None
    """The rule set for unplayed rounds that the file says its program applied (a Vega file: the
    2009 virtual opponent), by name; ``None``: chosen by the start date."""
    declared_rules_reason: str = ""
    """Why :attr:`declared_rules` applies, in the user's words (a catalogue message)."""
    publisher: str | None = None
    """The program that wrote the file, by profile code, when the file names it (a Vega page or
    file): ``check --infer`` credits that program's profiles and no other program's."""
    numbered_by_place: bool = False
    """The file numbers its players by their place in its own ranking, without their start numbers
    (a results page's ranking crosstable): the numbers say nothing of the event, so ``check --infer``
    tries no ranking the start number decides (``TPN``)."""
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
        pending = int(ResultKind.PENDING)  # an int: NumPy compares it faster than the IntEnum member
        return self.rounds if bool((self.kind[:, -1] == pending).any()) else None

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
        other = copy.copy(self)
        other.kind_of_event = kind
        other.kind_source, other.kind_basis = source, ""
        return other

    # -- the event protocol (:class:`Event`): a tournament ranks its players ----------------------

    @property
    def scope(self) -> Scope:
        return Scope.INDIVIDUAL

    @property
    def participant(self) -> Participant:
        return Participant.PLAYER

    def columns(self) -> tuple[Column, ...]:
        return (Column.TITLE, Column.NAME, Column.FEDERATION, Column.RATING, Column.POINTS)

    def lineup(self) -> None:
        return None

    @property
    def primaries(self) -> tuple[ScoreName, ...]:
        return ()

    @property
    def awards_prizes(self) -> bool:
        return True

    @property
    def infers_lists(self) -> bool:
        return True

    @property
    def trf_writing(self) -> TrfWriting:
        return TrfWriting.WHOLE

    @property
    def trf_text(self) -> None:
        return None

    @property
    def tournament(self) -> Tournament:
        return self

    @property
    def primary(self) -> ScoreName:
        return ScoreName.PTS

    def participants(self) -> Tournament:
        return self

    def frame(self, after_round: int | None = None, score: ScoreName | str | None = None) -> Frame:
        if score not in (None, ScoreName.PTS):
            raise ArgumentError(
                msg("the score selectors :MP and :GP are for team events (match or game points)")
            )
        return Frame.build(self, after_round)

    def with_primary(self, score: str) -> Tournament:
        raise ArgumentError(
            msg(
                "{field} {score}: {file} is not a team event (no records 310 or 013)",
                field=Field.PRIMARY, score=score, file=self.source or self.name,
            )
        )  # fmt: skip

    def as_listed(self) -> tuple[Tournament, tuple[str, ...] | None, int]:
        return self, self.tiebreak_list, 0

    def default_list(self, usual: Sequence[str] | None) -> tuple[tuple[str, ...], ListSource]:
        if self.tiebreak_list is not None:
            return self.tiebreak_list, ListSource.FILE
        if usual:
            return tuple(usual), ListSource.RULE_SET
        if self.is_round_robin:
            return DEFAULT_ROUND_ROBIN, ListSource.DEFAULT_ROUND_ROBIN
        return DEFAULT_SWISS, ListSource.DEFAULT_SWISS

    def ranking_decisions(self) -> Decisions:
        return self.decisions

    def ranking_warnings(self) -> list[str]:
        return []

    def reading_warnings(self) -> list[Diagnostic]:
        return list(self.warnings)

    def scores(self, index: int, after_round: int) -> tuple[tuple[ScoreName, Fraction], ...]:
        return ()
