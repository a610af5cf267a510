"""A team tournament as teams x rounds arrays: the teams (:class:`Team`, with their rosters) and their
matches (:class:`TeamEvent`), read from a TRF file by :mod:`spareggio.io.trf.team_matches`.

**Boards.**  One figure, the boards of a match (:attr:`TeamEvent.boards`), is used wherever C.07
needs it: the draw value D(GP) = a board draw x boards for Article 16, team byes, PABs without
record 320, the board layer, the normalisation factor of SSSC.  A roster may be longer (reserves).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import field
from fractions import Fraction
from functools import cached_property

import numpy as np

from ..base.classes import dataclass
from ..base.errors import ArgumentError, Diagnostic, Position
from ..base.i18n import Field, msg
from .decisions import Decisions
from .frame import Frame, Score
from .model import (
    BoardsSource,
    Color,
    Column,
    IntMatrix,
    KindSource,
    Lineup,
    ListSource,
    Participant,
    Player,
    Scope,
    ScoreName,
    Scoring,
    Tournament,
    TournamentKind,
    TrfWriting,
)

__all__ = ["DEFAULT_ROUND_ROBIN", "DEFAULT_SWISS", "UNIT", "BoardsSource", "PrimarySource", "Team", "TeamEvent"]

DEFAULT_SWISS: tuple[str, ...] = ("MPvGP", "BH/C1", "EMGSB")
"""The list of a Swiss team event when neither the caller nor the file names one."""
DEFAULT_ROUND_ROBIN: tuple[str, ...] = ("MPvGP", "EDE", "EMGSB")
"""The list of a round-robin team event."""

UNIT = 2
"""Match and game points are held in half points."""


class PrimarySource(enum.StrEnum):
    """Why the primary score (MP or GP) ranks the teams: a stable code."""

    DEFAULT = "default"
    """Record 192 (its ``FIDE_TEAM_GP_MP``), else match points."""
    OPTION = "option"
    """Chosen by the caller (``--primary``, :meth:`TeamEvent.with_primary`)."""
    FILE_LIST = "file-list"
    """The file's own list opens with ``MPTS`` or ``GPTS`` (TRF-2x 212, digest 2.5)."""


@dataclass(frozen=True)
class Team:
    """A team of a team event: its number, name and roster, as the file declares it."""

    number: int
    name: str
    roster: tuple[int, ...]
    """Start numbers of the players, in the default board order (a roster may hold reserves)."""
    position: Position
    rank: int | None = None
    """The rank the file declares (record 310, columns 69-71)."""
    declared_mp: Fraction | None = None
    """The match points record 310 declares (columns 55-60), None when blank."""
    declared_gp: Fraction | None = None
    """The game points record 310 declares (columns 62-67), None when blank."""


@dataclass(frozen=True, eq=False)
class TeamEvent:
    """A team tournament: the teams and their matches, as teams x rounds arrays."""

    players: Tournament
    """The individual games (the players' 001 records)."""
    teams: tuple[Team, ...]
    boards: int
    opponent: IntMatrix
    """Team index of the opponent in every round, -1 for none."""
    kind: np.ndarray
    """A :class:`ResultKind` per team and round (played matches as wins, draws or losses in MP)."""
    mp: IntMatrix
    gp: IntMatrix
    board_gp: np.ndarray
    """Game points on every board (teams x rounds x boards), in half points."""
    board_forfeits: np.ndarray | None = None
    """Per team and round: a board of its match was won or lost by forfeit, or left empty."""
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    primary: ScoreName = ScoreName.MP
    round_robin: bool = False
    warnings: list[str] = field(default_factory=list)
    kind_source: KindSource = KindSource.DEFAULT
    kind_basis: str = ""
    """What decided the kind (:attr:`~spareggio.core.model.Tournament.kind_basis`)."""
    color: np.ndarray | None = None
    """The colour of every team's board 1 in every round (none without a board played)."""
    boards_source: BoardsSource = BoardsSource.RECORD_352
    """Where the boards of a match come from: record 352, or the most boards fielded in a match."""
    primary_source: PrimarySource = PrimarySource.DEFAULT
    """Why :attr:`primary` ranks the teams."""
    trf: str | None = field(default=None, repr=False)
    """The TRF text the event was read from (None for another format): the computed team ranks
    are written into it (:attr:`trf_text`)."""
    """Why the event is Swiss or round robin: see ``kind_source``."""

    def with_primary(self, score: str) -> TeamEvent:
        """The event ranked by ``score`` (MP or GP) whatever the file says (``--primary``)."""
        score = score.upper()
        if score not in (ScoreName.MP, ScoreName.GP):
            raise ArgumentError(msg("the primary score is MP or GP, not {score!r}", score=score))
        return dataclasses.replace(self, primary=ScoreName(score), primary_source=PrimarySource.OPTION)

    @property
    def tiebreak_list(self) -> tuple[str, ...] | None:
        """The file's own list (record 212 or 202), as for an individual tournament."""
        return self.players.tiebreak_list

    @property
    def secondary(self) -> ScoreName:
        return ScoreName.GP if self.primary is ScoreName.MP else ScoreName.MP

    @property
    def rounds(self) -> int:
        return int(self.kind.shape[1])

    @property
    def scope(self) -> Scope:
        return Scope.TEAM

    @property
    def participant(self) -> Participant:
        return Participant.TEAM

    def columns(self) -> tuple[Column, ...]:
        """A team's name and its match and game points (the primary first); no title, federation
        or rating."""
        return (Column.NAME, Column.SCORES)

    def lineup(self) -> Lineup:
        """The boards of a match and every team's roster, in team order."""
        return Lineup(self.boards, self.boards_source, tuple(team.roster for team in self.teams))

    @property
    def primaries(self) -> tuple[ScoreName, ...]:
        """Match points and game points (C.07 11.1)."""
        return (ScoreName.MP, ScoreName.GP)

    @property
    def awards_prizes(self) -> bool:
        """Prizes by category go to players: the teams take none."""
        return False

    @property
    def infers_lists(self) -> bool:
        """The rule sets' usual lists rank players: a team event has its own (C.07 11-13)."""
        return False

    @property
    def trf_writing(self) -> TrfWriting:
        """Only the team ranks, into the file's own record 310 (the team records stay whole)."""
        return TrfWriting.RANKS

    @property
    def trf_text(self) -> str | None:
        return self.trf

    @property
    def tournament(self) -> Tournament:
        return self.players

    def participants(self) -> Tournament:
        """The teams as the participants of a tournament (what the frames are built on; one
        object for every frame of the event)."""
        return self._teams

    @cached_property
    def _teams(self) -> Tournament:
        t = self.players
        players = tuple(
            Player(team.number, team.name, rank=team.rank, position=team.position) for team in self.teams
        )
        color = self.color if self.color is not None else np.full(self.kind.shape, Color.NONE, dtype=np.int8)
        return Tournament(
            name=t.name,
            players=players,
            opponent=self.opponent,
            kind=self.kind,
            color=color,
            short_game=np.zeros(self.kind.shape, dtype=bool),
            kind_of_event=TournamentKind.ROUND_ROBIN if self.round_robin else TournamentKind.SWISS,
            kind_source=self.kind_source,
            kind_basis=self.kind_basis,
            scoring=Scoring(win=self.match_win, draw=self.match_draw, loss=self.match_loss),
            start_date=t.start_date,
            end_date=t.end_date,
            start_date_text=t.start_date_text,
            start_date_readings=t.start_date_readings,
            start_date_position=t.start_date_position,
            city=t.city,
            headers=t.headers,
            source=t.source,
        )

    def frame(self, after_round: int | None = None, score: ScoreName | str | None = None) -> Frame:
        """The frame of the teams with ``score`` (MP or GP; None: the primary score) as its points:
        the other score of every round beside it, and the board layer."""
        score = self.primary if score in (None, ScoreName.PTS) else ScoreName(score)
        rounds = self.rounds if after_round is None else after_round
        if not 0 <= rounds <= self.rounds or rounds == 0 < self.rounds:  # no round yet: every team level at 0
            raise ArgumentError(
                msg(
                    "{field} {after_round} is out of range: the file holds rounds 1 to {complete}",
                    field=Field.AFTER_ROUND, after_round=after_round, complete=self.rounds,
                )
                if self.rounds
                else msg(
                    "{field} {after_round} is out of range: the file holds no played round",
                    field=Field.AFTER_ROUND, after_round=after_round,
                )
            )  # fmt: skip
        s = self.players.scoring
        mp, gp = ScoreName.MP, ScoreName.GP
        scores = {
            mp: Score(mp, self.mp, *(int(x * UNIT) for x in (self.match_win, self.match_draw, self.match_loss))),
            gp: Score(gp, self.gp, *(int(x * UNIT * self.boards) for x in (s.win, s.draw, s.loss))),
        }  # fmt: skip
        mine, other = scores[score], scores[gp if score is mp else mp]
        t = self.participants()
        return Frame(
            tournament=t,
            rounds=rounds,
            opponent=np.ascontiguousarray(self.opponent[:, :rounds]),
            kind=np.ascontiguousarray(self.kind[:, :rounds]),
            points=np.ascontiguousarray(mine.points[:, :rounds]),
            unit=UNIT,
            win=mine.win,
            draw=mine.draw,
            loss=mine.loss,
            is_round_robin=self.round_robin,
            participant="team",
            score=score,
            secondary=dataclasses.replace(other, points=np.ascontiguousarray(other.points[:, :rounds])),
            boards=np.ascontiguousarray(self.board_gp[:, :rounds, :]),
            board_forfeits=(
                None if self.board_forfeits is None else np.ascontiguousarray(self.board_forfeits[:, :rounds])
            ),
            **Frame.participants_of(t, rounds),
        )

    def as_listed(self) -> tuple[TeamEvent, tuple[str, ...] | None, int]:
        """The file's list without the score it opens with (``MPTS``/``GPTS``, TRF-2x 212, digest
        2.5), which ranks the teams unless the caller chose the primary score (``--primary``)."""
        own = self.tiebreak_list
        if not own or own[0].upper() not in ("MPTS", "GPTS"):
            return self, own, 0
        ev = self
        if self.primary_source is not PrimarySource.OPTION:
            ev = dataclasses.replace(
                self, primary=ScoreName(own[0].upper()[:2]), primary_source=PrimarySource.FILE_LIST
            )
        return ev, own[1:], 1

    def default_list(self, usual: Sequence[str] | None) -> tuple[tuple[str, ...], ListSource]:
        """The file's list, else the default for team events (a rule set's usual list is for
        players)."""
        if self.tiebreak_list is not None:
            return self.tiebreak_list, ListSource.FILE
        return (DEFAULT_ROUND_ROBIN if self.round_robin else DEFAULT_SWISS), ListSource.DEFAULT_TEAM

    def ranking_decisions(self) -> Decisions:
        """None: the decision records of a team file (``XPO``, ``XLT``, ``XEX``) are about its
        players (:meth:`ranking_warnings` says so)."""
        return Decisions()

    def ranking_warnings(self) -> list[str]:
        own = self.players.decisions
        ignored = (
            [
                msg(
                    "the decision records of the file (XPO, XLT, XEX) are about players: "
                    "the team standings do not apply them"
                )
            ]
            if own.playoffs or own.lots_seed is not None or own.exclusions
            else []
        )
        return [*self.warnings, *ignored]

    def reading_warnings(self) -> list[Diagnostic]:
        return []  # what the reader warned is in the standings (:meth:`ranking_warnings`)

    def scores(self, index: int, after_round: int) -> tuple[tuple[ScoreName, Fraction], ...]:
        """A team's match and game points after ``after_round``, the primary score first."""
        scores = {
            ScoreName.MP: Fraction(int(self.mp[index, :after_round].sum()), UNIT),
            ScoreName.GP: Fraction(int(self.gp[index, :after_round].sum()), UNIT),
        }
        return tuple((name, scores[name]) for name in (self.primary, self.secondary))
