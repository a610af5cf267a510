"""Team tournaments: teams ranked by match points (MP) or game points (GP) with the C.07 team
criteria (Articles 11-13 with 14.1.2, 15 and 16).

A team event is read from the players' games (TRF ``001``) and the team records: the rosters
(``310``, or TRF-16 ``013``) give every player's team and the board order, ``320`` the
pairing-allocated byes with their MP and GP, ``362`` the match scoring (default 2 / 1 / 0), ``352``
the number of boards and ``192`` the primary score (``_MP_GP``: MP first, the default; ``_GP_MP``).
Matches are derived from the board games: a team's opponents in a round must all belong to one team.

The teams are then the participants of a frame (:class:`spareggio.frame.Frame`): the same
participants x rounds arrays as for players, with the primary score as points, the secondary score
of every round beside it and the board layer.  Every individual criterion that C.07 applies to teams
(BH, FB, AOB, KS, PS, WIN, WON, TPN) runs unchanged on the frame of the score it names (``BH:GP``;
the primary score without a selector), with the Article 16 machinery of the rule set: a match is a
game, D(MP) = a drawn match's MP, D(GP) = a board draw x boards (digest 2.4).  The team-only
criteria are catalogue entries (:mod:`spareggio.tiebreaks.team`), and the teams are ranked by the
same ranking as players (:func:`spareggio.standings._standings_in`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .errors import (
    ArgumentError,
    Diagnostic,
    InputError,
    Position,
    SpareggioError,
    TiebreakSpecError,
    os_reason,
)
from .frame import Frame, Score
from .i18n import Text, msg
from .model import (
    HAS_OPPONENT,
    PLAYED,
    Color,
    IntMatrix,
    Player,
    ResultKind,
    Scoring,
    Tournament,
    TournamentKind,
)
from .tiebreaks.team import EDE_CHAINS

__all__ = [
    "TEAM_CODES",
    "Team",
    "TeamEvent",
    "is_team_file",
    "parse_event",
    "parse_team_event",
    "rank_event",
    "read_team_event",
    "team_standings",
    "team_standings_dict",
]

UNIT = 2
"""Match and game points are held in half points."""

TEAM_CODES = {
    "PTS": "Primary score (MP or GP, as the event ranks)",
    "MPTS": "Match points",
    "GPTS": "Game points",
    "MPVGP": "Match Points versus Game Points: the secondary score (C.07 13.1)",
    "EMMSB": "Extended Sonneborn-Berger: opponent's MP x own MP (C.07 13.2.1)",
    "EMGSB": "Extended Sonneborn-Berger: opponent's MP x own GP (C.07 13.2.2)",
    "EGMSB": "Extended Sonneborn-Berger: opponent's GP x own MP (C.07 13.2.3)",
    "EGGSB": "Extended Sonneborn-Berger: opponent's GP x own GP (C.07 13.2.4)",
    "EDE": "Extended Direct Encounter: DE on the primary, then the secondary score (C.07 13.3.1)",
    "BC": "Board Count: sum of board number x game points, lower is better (C.07 12.1)",
    "SSSC": "Scores and Schedule Strength Combination (C.07 13.4)",
    "TBR": "Top Board Result (C.07 12.2)",
    "EDEBT": "EDE, then for two teams Board Count and Top Board Result in their encounter (C.07 13.3.2)",
    "EDEBB": "EDE, then for two teams Board Count and Bottom Board Elimination in their encounter (C.07 13.3.2)",
    "EDET": "EDE, then for two teams Top Board Result in their encounter (C.07 13.3.2)",
    "EDEB": "EDE, then for two teams Bottom Board Elimination in their encounter (C.07 13.3.2)",
    "EDEC": "EDE, then for two teams Board Count in their encounter (the FIDE reference program's code)",
    "BBE": "Bottom Board Elimination (C.07 12.3)",
}
"""The team-only criteria, by code."""
SHARED_CODES = ("BH", "FB", "AOB", "KS", "PS", "WIN", "WON", "TPN", "DE")
"""Individual criteria that C.07 applies to teams on a reference score (digest 4.1); DE on one score
(``DE:MP``, ``DE:GP``; the primary without a selector) is EDE without the secondary step (digest 9.15)."""


DEFAULT_SWISS = ("MPvGP", "BH/C1", "EMGSB")
DEFAULT_ROUND_ROBIN = ("MPvGP", "EDE", "EMGSB")


@dataclass(frozen=True)
class Team:
    number: int
    name: str
    roster: tuple[int, ...]
    """Start numbers of the players, in board order."""
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
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    primary: str = "MP"
    round_robin: bool = False
    warnings: list[str] = field(default_factory=list)
    kind_source: str = "default"
    color: np.ndarray | None = None
    """The colour of every team's board 1 in every round (none without a board played)."""
    primary_source: str = "default"
    """``option`` when the caller chose the primary score (``--primary``), ``file (record 212/202)``
    when the file's list opens with MPTS or GPTS, else ``default`` (record 192, else MP)."""
    """Why the event is Swiss or round robin (``file (record 092)``, ``inferred ...``, ``option``)."""

    def with_primary(self, score: str) -> TeamEvent:
        """The event ranked by ``score`` (MP or GP) whatever the file says (``--primary``)."""
        score = score.upper()
        if score not in ("MP", "GP"):
            raise ArgumentError(msg("the primary score is MP or GP, not {score!r}", score=score))
        return dataclasses.replace(self, primary=score, primary_source="option")

    @property
    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"

    @property
    def rounds(self) -> int:
        return int(self.kind.shape[1])

    def participants(self) -> Tournament:
        """The teams as the participants of a tournament (what the frames are built on)."""
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

    def frame(self, score: str, after_round: int | None = None, teams: Tournament | None = None) -> Frame:
        """The frame of the teams with ``score`` (MP or GP) as its points: the other score of every
        round beside it, and the board layer."""
        rounds = self.rounds if after_round is None else after_round
        if not 1 <= rounds <= self.rounds:
            raise ArgumentError(
                msg(
                    "--after-round {after_round} is out of range: the file holds rounds 1 to {complete}",
                    after_round=after_round, complete=self.rounds,
                )
            )  # fmt: skip
        s = self.players.scoring
        scores = {
            "MP": Score("MP", self.mp, *(int(x * UNIT) for x in (self.match_win, self.match_draw, self.match_loss))),
            "GP": Score("GP", self.gp, *(int(x * UNIT * self.boards) for x in (s.win, s.draw, s.loss))),
        }  # fmt: skip
        mine, other = scores[score], scores["GP" if score == "MP" else "MP"]
        t = teams if teams is not None else self.participants()
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
            **Frame.participants_of(t, rounds),
        )


# -- reading -----------------------------------------------------------------------------------------


def is_team_file(data: bytes) -> bool:
    """Whether TRF text holds team records (013, 310)."""
    return bool(re.search(rb"(?m)^(013|310) ", data))


def parse_event(data: bytes, name: str = "<string>", *, lenient: bool = False) -> Tournament | TeamEvent:
    """The content of any tournament file: :func:`spareggio.io.parse_event` (a team event for a TRF
    file with team rosters, else the individual tournament)."""
    from .io import ReadOptions
    from .io import parse_event as parse

    return parse(data, name, options=ReadOptions(lenient=lenient))


def rank_event(
    event: Tournament | TeamEvent,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | None = None,
    after_round: int | None = None,
) -> Any:
    """The standings of what :func:`parse_event` read: the teams of a team event, else the players."""
    if isinstance(event, TeamEvent):
        return team_standings(event, tiebreaks, rules=rules, after_round=after_round)
    from .standings import standings

    return standings(event, tiebreaks, rules=rules, after_round=after_round)


def read_team_event(path: str, *, lenient: bool = False, kind: TournamentKind | None = None) -> TeamEvent:
    from .io import size_limit

    try:
        with open(path, "rb") as handle:
            data = handle.read(size_limit(path) + 1)
    except OSError as exc:
        raise ArgumentError(
            msg("{path}: cannot read the file ({value})", path=path, value=os_reason(exc))
        ) from None
    return parse_team_event(data, path, lenient=lenient, kind=kind)


def _field(line: str, a: int, b: int) -> str:
    """Columns a..b (1-based, inclusive)."""
    return line[a - 1 : b]


def parse_team_event(
    data: bytes, path: str = "<string>", *, lenient: bool = False, kind: TournamentKind | None = None
) -> TeamEvent:
    """Read a team tournament from TRF text (TRF-16 ``013`` or TRF-2x ``310`` rosters).

    :raises InputError: for a player in no roster or in two, a match against players of two teams,
        or a bad team record, with its line and column.
    """
    from .io.trf import parse_trf

    t = parse_trf(data, path, lenient=lenient, team_event=True, kind=kind)
    text = data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    rosters: list[Team] = []
    old_rosters: list[tuple[int, str, tuple[int, ...]]] = []
    pab_lines: list[tuple[int, str]] = []
    special_lines: list[tuple[int, str]] = []
    declared_lines: list[tuple[int, str]] = []
    match_scoring = {"W": Fraction(2), "D": Fraction(1), "L": Fraction(0)}
    boards_declared: int | None = None
    primary = "MP"
    has_310 = any(line.startswith("310") for line in lines)
    for number, line in enumerate(lines, 1):
        code = line[:3]
        pos = Position(path, number, 1)
        if code == "310":
            num = _field(line, 5, 7).strip()
            if not (num.isascii() and num.isdigit()):
                raise InputError(
                    msg(
                        "record 310: team number in columns 5-7 must be a number, found {found!r}", found=num
                    ),
                    Position(path, number, 5),
                )
            ids = _ids(line, 74, path, number)
            rank_text = _field(line, 69, 71).strip()
            rank = int(rank_text) if rank_text.isascii() and rank_text.isdigit() else None
            mp_value = _decimal(_field(line, 55, 60), msg("MP"), path, number, 55)
            gp_value = _decimal(_field(line, 62, 67), msg("GP"), path, number, 62)
            rosters.append(Team(int(num), _field(line, 9, 40).strip(), ids, pos, rank, mp_value, gp_value))
        elif code == "013":
            name, ids = _field(line, 5, 36).strip(), _ids(line, 37, path, number)
            if has_310:
                old_rosters.append((number, name, ids))
            else:
                rosters.append(Team(len(rosters) + 1, name, ids, pos))
        elif code == "802":
            declared_lines.append((number, line))
        elif code == "320":
            pab_lines.append((number, line))
        elif code in ("240", "330", "300"):
            special_lines.append((number, line))
        elif code == "362":
            for letter, value in re.findall(r"T([WDL])\s+(\d+(?:\.\d+)?)", line[4:]):
                match_scoring[letter] = Fraction(value)
        elif code == "352":
            boards_declared = len(line[4:].strip()) or None
        elif code == "192":
            suffix = line[4:].strip().upper()
            if suffix.endswith("_GP_MP") or (suffix.endswith("_GP") and not suffix.endswith("_MP_GP")):
                primary = "GP"
    if not rosters:
        raise InputError(msg("no team records (310 or 013) in the file"), Position(path, 1, 1))
    team_of: dict[int, int] = {}
    for k, team in enumerate(rosters):
        for sno in team.roster:
            if sno in team_of:
                other = rosters[team_of[sno]]
                raise InputError(
                    msg(
                        "player {sno} is in the rosters of team {number} and team {number2}",
                        sno=sno,
                        number=other.number,
                        number2=team.number,
                    ),
                    team.position,
                    related=other.position,
                )
            team_of[sno] = k
    notes: list[Diagnostic] = []
    by_roster = {team.roster: team for team in rosters}
    for number, name, ids in old_rosters:
        if ids not in by_roster:  # digest 7.4: the 310 rosters are used; a different 013 is worth a word
            notes.append(
                Diagnostic(
                    "team-roster-013",
                    msg(
                        "record 013 of {name!r} lists players {ids} that no record 310 lists together: "
                        "the 310 rosters are used",
                        name=name, ids=" ".join(str(x) for x in ids),
                    ),
                    Position(path, number, 37),
                )
            )  # fmt: skip
    return _matches(
        t, tuple(rosters), team_of, pab_lines, match_scoring, boards_declared, primary, path, special_lines,
        lenient=lenient, declared_lines=declared_lines, notes=notes,
    )  # fmt: skip


def _decimal(text: str, what: Text, path: str, number: int, col: int) -> Fraction | None:
    """A score written in a team record (``1111.5``), None when blank."""
    value = text.strip()
    if not value:
        return None
    try:
        return Fraction(value)
    except ValueError:
        raise InputError(
            msg(
                "{what} in columns {a}-{b} must be a number, found {found!r}",
                what=what,
                a=col,
                b=col + 5,
                found=value,
            ),
            Position(path, number, col),
        ) from None


_BYE_OF = {"F": ResultKind.FULL_BYE, "H": ResultKind.HALF_BYE, "Z": ResultKind.ZERO_BYE}
_FORFEIT_TYPES = {"+-": (True, False), "-+": (False, True), "--": (False, False), "10": (True, False),
                  "01": (False, True), "00": (False, False), "WL": (True, False), "LW": (False, True),
                  "LL": (False, False), "WZ": (True, False), "ZW": (False, True), "ZZ": (False, False)}  # fmt: skip
"""Record 330 result codes: whether the white (first-named) and the black team win by forfeit."""


def _team_records(
    lines: list[tuple[int, str]], number_to_team: dict[int, int], rounds: int, path: str
) -> tuple[
    dict[tuple[int, int], tuple[int, bool, int]],
    dict[tuple[int, int], tuple[int, int, int]],
    dict[tuple[int, int], tuple[tuple[int, ...], int]],
]:
    """Forfeited matches (330), team byes (240) and line-ups (300): (team, round) -> (opponent,
    won, line), (the bye kind, line, column), and (start numbers board by board, line)."""
    forfeited: dict[tuple[int, int], tuple[int, bool, int]] = {}
    byes: dict[tuple[int, int], tuple[int, int, int]] = {}
    lineups: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {}

    def team(text: str, number: int, col: int) -> int:
        value = text.strip()
        if not (value.isascii() and value.isdigit()) or int(value) not in number_to_team:
            raise InputError(msg("no team {team!r} in the rosters", team=value), Position(path, number, col))
        return number_to_team[int(value)]

    def round_of(text: str, number: int, col: int) -> int:
        value = text.strip()
        if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= max(rounds, 1):
            raise InputError(
                msg("round {round!r} is not a round of the file", round=value), Position(path, number, col)
            )
        return int(value) - 1

    for number, line in lines:
        if line.startswith("300"):
            r = round_of(_field(line, 5, 7), number, 5)
            k = team(_field(line, 9, 11), number, 9)
            seats = []
            col = 17
            while col <= len(line):
                text = _field(line, col, col + 3).strip()
                if not (text.isascii() and text.isdigit()):
                    raise InputError(
                        msg(
                            "record 300: a start number in columns {a}-{b}, found {found!r}",
                            a=col,
                            b=col + 3,
                            found=text,
                        ),
                        Position(path, number, col),
                    )
                seats.append(int(text))
                col += 5
            lineups[(k, r)] = (tuple(seats), number)
        elif line.startswith("330"):
            code = _field(line, 5, 6).upper()
            if code not in _FORFEIT_TYPES:
                raise InputError(
                    msg("record 330: unknown result {code!r} in columns 5-6", code=code),
                    Position(path, number, 5),
                )
            r = round_of(_field(line, 8, 10), number, 8)
            white, black = team(_field(line, 12, 14), number, 12), team(_field(line, 16, 18), number, 16)
            won_white, won_black = _FORFEIT_TYPES[code]
            forfeited[(white, r)] = (black, won_white, number)
            forfeited[(black, r)] = (white, won_black, number)
        else:
            kind = _field(line, 5, 5).upper()
            if kind not in _BYE_OF:
                raise InputError(
                    msg("record 240: bye type {kind!r} must be F, H or Z", kind=kind),
                    Position(path, number, 5),
                )
            r = round_of(_field(line, 7, 9), number, 7)
            col = 11
            while col <= len(line):
                if _field(line, col, col + 3).strip():
                    byes[(team(_field(line, col, col + 3), number, col), r)] = (_BYE_OF[kind], number, col)
                col += 5
    return forfeited, byes, lineups


def _ids(line: str, start: int, path: str, number: int) -> tuple[int, ...]:
    out = []
    col = start
    while col <= len(line):
        text = _field(line, col, col + 3).strip()
        if text:
            if not (text.isascii() and text.isdigit()):
                raise InputError(
                    msg(
                        "roster: a start number in columns {a}-{b}, found {found!r}",
                        a=col,
                        b=col + 3,
                        found=text,
                    ),
                    Position(path, number, col),
                )
            if int(text):
                out.append(int(text))
        col += 5
    return tuple(out)


def _matches(
    t: Tournament,
    teams: tuple[Team, ...],
    team_of: dict[int, int],
    pab_lines: list[tuple[int, str]],
    scoring: dict[str, Fraction],
    boards_declared: int | None,
    primary: str,
    path: str,
    special_lines: list[tuple[int, str]] | None = None,
    *,
    lenient: bool = False,
    declared_lines: list[tuple[int, str]] | None = None,
    notes: list[Diagnostic] | None = None,
) -> TeamEvent:
    """The matches derived from the board games, checked against the team records: a contradiction
    is an error naming both lines, or with ``lenient`` a warning saying which side was kept (the
    board games always win)."""
    notes = notes if notes is not None else []
    n, rounds = len(teams), t.rounds
    index = {p.start_number: i for i, p in enumerate(t.players)}
    member = np.full(t.n_players, -1, dtype=np.int64)
    for sno, k in team_of.items():
        if sno not in index:
            raise InputError(
                msg(
                    "team {team}'s roster names player {player}, who has no 001 record",
                    team=teams[k].number,
                    player=sno,
                ),
                teams[k].position,
            )
        member[index[sno]] = k
    for i, p in enumerate(t.players):
        if member[i] < 0 and bool(HAS_OPPONENT[t.kind[i]].any()):
            raise InputError(
                msg(
                    "player {player} plays but is in no team roster (records 310/013)", player=p.start_number
                ),
                p.position or Position(path, 1, 1),
            )
    points = t.scoring.points_table()[t.kind.astype(np.intp)] * UNIT // t.scoring.unit
    boards = boards_declared or max(len(team.roster) for team in teams)
    # the players of each team in board (roster) order
    order = [[index[s] for s in team.roster if s in index] for team in teams]
    opponent = np.full((n, rounds), -1, dtype=np.int64)
    kind = np.full((n, rounds), ResultKind.ZERO_BYE, dtype=np.int8)
    gp = np.zeros((n, rounds), dtype=np.int64)
    board_gp = np.zeros((n, rounds, boards), dtype=np.int64)
    played = np.zeros((n, rounds), dtype=bool)
    board_one = np.full((n, rounds), -1, dtype=np.int64)  # the player on board 1, -1 for none
    win_gp = int(t.scoring.win * UNIT)
    draw_gp = int(t.scoring.draw * UNIT)
    pab: dict[tuple[int, int], tuple[int, int, int, int]] = {}  # (team, round) -> (mp, gp, line, column)
    number_to_team = {team.number: k for k, team in enumerate(teams)}
    for number, line in pab_lines:
        try:
            mp_value, gp_value = (
                Fraction(_field(line, 5, 8).strip() or "0"),
                Fraction(_field(line, 10, 13).strip() or "0"),
            )
        except ValueError:
            raise InputError(
                msg("record 320: MP and GP of a pairing-allocated bye in columns 5-8 and 10-13"),
                Position(path, number, 5),
            ) from None
        col, r = 15, 0
        while col <= len(line):
            text = _field(line, col, col + 2).strip()
            if text and (text.isascii() and text.isdigit()) and int(text) in number_to_team:
                pab[(number_to_team[int(text)], r)] = (
                    int(mp_value * UNIT),
                    int(gp_value * UNIT),
                    number,
                    col,
                )
            col, r = col + 4, r + 1
    forfeited, team_byes, lineups = _team_records(special_lines or [], number_to_team, rounds, path)

    def where(i: int) -> Position:
        return t.players[i].position or Position(path, 1, 1)

    reported: set[Position] = set()

    def conflict(message: Text, at: Position, related: Position, repair: Text, code: str) -> None:
        """A team record against the board games: an error, or with --lenient a warning (the games
        win), once per record."""
        if not lenient:
            raise InputError(message, at, related=related)
        if at not in reported:
            reported.add(at)
            notes.append(Diagnostic(code, msg("{problem}; {repair}", problem=message, repair=repair), at))

    for k in range(n):
        members = order[k]
        for r in range(rounds):
            entries = [i for i in members if bool(HAS_OPPONENT[t.kind[i, r]])]
            if (k, r) in pab:
                if not entries:
                    kind[k, r] = ResultKind.PAB
                    continue
                _mp, _gp, number, col = pab[(k, r)]
                conflict(
                    msg(
                        "record 320: team {team} has a pairing-allocated bye in round {round}, but its players "
                        "have games in that round",
                        team=teams[k].number, round=r + 1,
                    ),
                    Position(path, number, col), where(entries[0]),
                    msg("the games are used and the bye is ignored"), "team-bye-with-match",
                )  # fmt: skip
                del pab[(k, r)]
            if (k, r) in team_byes and entries:
                _kind, number, col = team_byes[(k, r)]
                conflict(
                    msg(
                        "record 240: team {team} has a bye in round {round}, but its players have games in "
                        "that round",
                        team=teams[k].number, round=r + 1,
                    ),
                    Position(path, number, col), where(entries[0]),
                    msg("the games are used and the bye is ignored"), "team-bye-with-match",
                )  # fmt: skip
            if (k, r) in forfeited:
                j, won, number = forfeited[(k, r)]
                over_board = [i for i in entries if bool(PLAYED[t.kind[i, r]])]
                if over_board:
                    raise InputError(
                        msg(
                            "record 330: round {round}, the match of team {team} is declared forfeited but its "
                            "players played over the board",
                            round=r + 1, team=teams[k].number,
                        ),
                        Position(path, number, 1),
                        related=where(over_board[0]),
                    )  # fmt: skip
                rivals = {int(member[int(t.opponent[i, r])]) for i in entries}
                mine = int(points[entries, r].sum()) if entries else 0
                theirs = sum(int(points[i, r]) for i in order[j] if bool(HAS_OPPONENT[t.kind[i, r]]))
                if entries and (rivals != {j} or (mine > theirs) != won):
                    conflict(
                        msg(
                            "record 330: round {round}, the forfeited match of team {team} disagrees with its "
                            "players' forfeits",
                            round=r + 1, team=teams[k].number,
                        ),
                        Position(path, number, 1), where(entries[0]),
                        msg("the players' lines are used"), "team-forfeit-record",
                    )  # fmt: skip
                else:
                    opponent[k, r] = j
                    gp[k, r] = win_gp * boards if won else 0
                    board_gp[k, r, :] = win_gp if won else 0
                    if entries:
                        board_one[k, r] = entries[0]
                    continue
            if not entries:
                codes = {int(t.kind[i, r]) for i in members}
                if (k, r) in team_byes:
                    kind[k, r] = team_byes[(k, r)][0]
                elif ResultKind.PAB in codes:
                    kind[k, r] = ResultKind.PAB
                elif ResultKind.FULL_BYE in codes:
                    kind[k, r] = ResultKind.FULL_BYE
                elif ResultKind.HALF_BYE in codes:
                    kind[k, r] = ResultKind.HALF_BYE
                continue
            rivals = {int(member[int(t.opponent[i, r])]) for i in entries}
            if len(rivals) != 1 or -1 in rivals:
                first = entries[0]
                other = next(
                    (
                        i
                        for i in entries
                        if int(member[int(t.opponent[i, r])]) != int(member[int(t.opponent[first, r])])
                    ),
                    first,
                )
                raise InputError(
                    msg(
                        "round {round}: the players of team {team} face players of teams {rivals}",
                        round=r + 1, team=teams[k].number,
                        rivals=", ".join(str(teams[j].number) for j in sorted(rivals) if j >= 0),
                    )
                    if all(j >= 0 for j in rivals)
                    else msg(
                        "round {round}: a player of team {team} faces a player of no team", round=r + 1, team=teams[k].number
                    ),
                    where(first),
                    related=where(other) if other != first else None,
                )  # fmt: skip
            opponent[k, r] = rivals.pop()
            if (k, r) in lineups:
                # record 300: the line-up of this round, when it differs from the roster order
                seats, number = lineups[(k, r)]
                for b, seat in enumerate(seats[:boards]):
                    if seat == 0:
                        continue  # an empty board scores nothing
                    i = index.get(seat, -1)
                    if i < 0 or int(member[i]) != k:
                        raise InputError(
                            msg(
                                "record 300: player {player} on board {board} is not in team {team}'s roster",
                                player=seat, board=b + 1, team=teams[k].number,
                            ),
                            Position(path, number, 17 + 5 * b),
                        )  # fmt: skip
                    if i not in entries:
                        raise InputError(
                            msg(
                                "record 300: player {player} on board {board} has no game in round {round}",
                                player=seat, board=b + 1, round=r + 1,
                            ),
                            Position(path, number, 17 + 5 * b),
                            related=where(i),
                        )  # fmt: skip
                    board_gp[k, r, b] = points[i, r]
                    if b == 0:
                        board_one[k, r] = i
            else:
                for b, i in enumerate(entries[:boards]):
                    board_gp[k, r, b] = points[i, r]
                board_one[k, r] = entries[0]
            gp[k, r] = int(points[entries, r].sum())
            played[k, r] = bool(PLAYED[t.kind[entries, r]].any())
    mp = np.zeros((n, rounds), dtype=np.int64)
    tw, td, tl = (int(scoring[x] * UNIT) for x in "WDL")
    for k in range(n):
        for r in range(rounds):
            j = int(opponent[k, r])
            kd = ResultKind(int(kind[k, r]))
            if j >= 0:
                mine, theirs = int(gp[k, r]), int(gp[j, r])
                if played[k, r] or played[j, r]:
                    kind[k, r] = (
                        ResultKind.PLAYED_WIN
                        if mine > theirs
                        else ResultKind.PLAYED_DRAW
                        if mine == theirs
                        else ResultKind.PLAYED_LOSS
                    )
                    mp[k, r] = tw if mine > theirs else td if mine == theirs else tl
                elif mine == theirs == 0:
                    kind[k, r] = ResultKind.DOUBLE_FORFEIT
                else:
                    kind[k, r] = ResultKind.FORFEIT_WIN if mine > theirs else ResultKind.FORFEIT_LOSS
                    mp[k, r] = tw if mine > theirs else td if mine == theirs else tl
            elif kd is ResultKind.PAB:
                value = pab.get((k, r))
                mp[k, r], gp[k, r] = (value[0], value[1]) if value else (td, win_gp * boards)
                board_gp[k, r, :] = win_gp  # 12 intro: a PAB counts a win on every board
            elif kd is ResultKind.FULL_BYE:
                mp[k, r], gp[k, r] = tw, win_gp * boards
                board_gp[k, r, :] = win_gp
            elif kd is ResultKind.HALF_BYE:
                mp[k, r], gp[k, r] = td, draw_gp * boards
                board_gp[k, r, :] = draw_gp
    _check_declared(teams, mp, gp, opponent, kind, declared_lines or [], path, lenient, notes)
    warnings: list[str] = [*(w.text() for w in t.warnings), *(w.text() for w in notes)]
    event_kind, kind_source = _team_event_kind(t, opponent)
    round_robin = event_kind is TournamentKind.ROUND_ROBIN
    return TeamEvent(
        players=t,
        teams=teams,
        boards=boards,
        opponent=opponent,
        kind=kind,
        mp=mp,
        gp=gp,
        board_gp=board_gp,
        match_win=scoring["W"],
        match_draw=scoring["D"],
        match_loss=scoring["L"],
        primary=primary,
        round_robin=round_robin,
        warnings=warnings,
        kind_source=kind_source,
        color=np.where(
            board_one >= 0, t.color[np.maximum(board_one, 0), np.arange(rounds)], Color.NONE
        ).astype(np.int8),
    )


_BYE_CODES = {
    "PAB": ResultKind.PAB,
    "FPB": ResultKind.FULL_BYE,
    "HPB": ResultKind.HALF_BYE,
    "ZPB": ResultKind.ZERO_BYE,
}
"""The bye words of record 802."""


def _check_declared(
    teams: tuple[Team, ...],
    mp: IntMatrix,
    gp: IntMatrix,
    opponent: IntMatrix,
    kind: np.ndarray,
    declared_lines: list[tuple[int, str]],
    path: str,
    lenient: bool,
    notes: list[Diagnostic],
) -> None:
    """What the file declares about each team against what its boards give.  The totals of record
    310 (columns 55-60, 62-67) and of record 802 (15-20, 22-27) get a warning when they differ, like
    a player's points; a round of record 802 (opponent or bye, game points) that contradicts the
    boards is an error at its column (with ``lenient``, a warning: the boards are used)."""
    number_to_team = {team.number: k for k, team in enumerate(teams)}
    rounds = mp.shape[1]

    def total_warning(k: int, what: Text, declared: Fraction, computed: IntMatrix, at: Position) -> None:
        value = Fraction(int(computed[k].sum()), UNIT)
        if declared != value:
            notes.append(
                Diagnostic(
                    "team-points-mismatch",
                    msg(
                        "team {team} declares {declared} {what}, its matches give {computed}: the matches are used",
                        team=teams[k].number, declared=_num(declared), what=what, computed=_num(value),
                    ),
                    at,
                )
            )  # fmt: skip

    for k, team in enumerate(teams):
        if team.declared_mp is not None:
            total_warning(k, msg("MP"), team.declared_mp, mp, Position(path, team.position.line, 55))
        if team.declared_gp is not None:
            total_warning(k, msg("GP"), team.declared_gp, gp, Position(path, team.position.line, 62))
    for number, line in declared_lines:
        text = _field(line, 5, 7).strip()
        if not (text.isascii() and text.isdigit()) or int(text) not in number_to_team:
            raise InputError(msg("no team {team!r} in the rosters", team=text), Position(path, number, 5))
        k = number_to_team[int(text)]
        mp_value = _decimal(_field(line, 15, 20), msg("MP"), path, number, 15)
        gp_value = _decimal(_field(line, 22, 27), msg("GP"), path, number, 22)
        if mp_value is not None:
            total_warning(k, msg("MP"), mp_value, mp, Position(path, number, 15))
        if gp_value is not None:
            total_warning(k, msg("GP"), gp_value, gp, Position(path, number, 22))
        for r in range(rounds):
            col = 29 + 13 * r
            block = _field(line, col, col + 10)
            who = block[:3].strip().upper()
            if not who:
                continue
            j = int(opponent[k, r])
            if who in _BYE_CODES:
                computed_kind = ResultKind(int(kind[k, r]))
                bye = _BYE_CODES[who]
                agrees = j < 0 and (
                    computed_kind is bye
                    or (bye is ResultKind.ZERO_BYE and not bool(HAS_OPPONENT[computed_kind]))
                )
            else:
                agrees = who.isascii() and who.isdigit() and j >= 0 and int(who) == teams[j].number
            found = "-" if j < 0 else str(teams[j].number)
            if not agrees:
                problem = msg(
                    "record 802: team {team} in round {round}: {declared}, but its boards give {found}",
                    team=team_number(teams, k), round=r + 1, declared=who, found=found if j >= 0 else Text(ResultKind(int(kind[k, r])).label),
                )  # fmt: skip
                _declared_conflict(problem, Position(path, number, col), lenient, notes)
                continue
            gp_text = block[6:10].strip()
            if gp_text:
                declared = _decimal(gp_text, msg("GP"), path, number, col + 6)
                value = Fraction(int(gp[k, r]), UNIT)
                if declared != value:
                    problem = msg(
                        "record 802: team {team} in round {round} declares {declared} GP, its boards give {computed}",
                        team=team_number(teams, k), round=r + 1, declared=_num(declared), computed=_num(value),
                    )  # fmt: skip
                    _declared_conflict(problem, Position(path, number, col + 6), lenient, notes)


def team_number(teams: tuple[Team, ...], k: int) -> int:
    return teams[k].number


def _num(value: Fraction | None) -> str:
    if value is None:
        return "-"
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _declared_conflict(problem: Text, at: Position, lenient: bool, notes: list[Diagnostic]) -> None:
    if not lenient:
        raise InputError(problem, at)
    notes.append(
        Diagnostic(
            "team-802-mismatch",
            msg("{problem}; {repair}", problem=problem, repair=msg("the boards are used")),
            at,
        )
    )


def _team_event_kind(t: Tournament, opponent: IntMatrix) -> tuple[TournamentKind, str]:
    """Swiss or round robin, and why: the option when given, else the words of record 192, then
    092 (``Team Round Robin``, ``RR``, ``Berger``, ``Scheveningen``; ``Swiss`` wins), else round robin
    when every team met every other (C.07 15 applies to pre-determined pairings)."""
    from .crosstable import infer_kind
    from .io.trf.headers import _event_kind_from_text

    if t.kind_source == "option":
        return t.kind_of_event, t.kind_source
    for code in ("192", "092"):
        found = _event_kind_from_text(t.headers.get(code, ""))
        if found is not None:
            return found, f"file (record {code})"
    return infer_kind(opponent, opponent.shape[0])


# -- ranking -------------------------------------------------------------------------------------------

_LABEL = re.compile(r"^(?P<code>[A-Za-z]+)(?::(?P<score>MP|GP|mp|gp))?(?P<mods>(?:/[^/]+)*)$")


@dataclass(frozen=True)
class _Criterion:
    label: str
    code: str
    spec: Any


def _file_list_error(ev: TeamEvent, chosen: Sequence[str], exc: Exception) -> Exception:
    """The error in the file's own list placed at the entry that causes it (its line and column)."""
    from .standings import file_list_error

    listed = list(ev.players.tiebreak_list or ())
    offset = len(listed) - len(chosen)  # the primary score the list opened with was taken off
    for k in range(1, len(chosen) + 1):
        try:
            _criteria(ev, chosen[:k])
        except SpareggioError:
            return file_list_error(ev.players, offset + k - 1, exc)
    return exc


def _criteria(ev: TeamEvent, labels: Sequence[str]) -> list[_Criterion]:
    from .tiebreaks import TiebreakSpec, parse_spec

    out = []
    seen: set[tuple[str, str, str]] = set()
    for raw in labels:
        label = raw.strip()
        m = _LABEL.match(label.replace(" ", ""))
        if m is None:
            raise TiebreakSpecError(
                msg("{label!r}: not a team tie-break (e.g. BH:GP/C1, EMGSB, EDE, MPvGP)", label=label)
            )
        code, mods = m.group("code").upper(), m.group("mods")
        if code == "ESB":
            # the bare name of the FIDE reference program: opponent's primary x own secondary score
            # (digest 9.11): EMGSB when MP ranks the teams, EGMSB when GP does
            code = f"E{ev.primary[0]}{ev.secondary[0]}SB"
        score = (m.group("score") or ev.primary).upper()
        if code == "SSSC":
            if re.fullmatch(r"(?:/(?:F|P|K\d+))*", mods.upper()) is None:
                raise TiebreakSpecError(
                    msg(
                        "{label!r}: modifier {mods!r} is not allowed for SSSC (/F, /P, /Kx)",
                        label=label,
                        mods=mods,
                    )
                )
            k = re.search(r"/K(\d+)", mods.upper())
            spec = TiebreakSpec(
                "SSSC", fore="/F" in mods.upper(), forfeits_played="/P" in mods.upper(),
                limit=Fraction(int(k.group(1))) if k else None,
            )  # fmt: skip
        elif code in TEAM_CODES:
            if (
                mods
                and not (code.endswith("SB") and re.fullmatch(r"(/(C\d+|P))+", mods.upper()))
                and not (code in EDE_CHAINS and mods.upper() == "/P")
            ):
                raise TiebreakSpecError(
                    msg(
                        "{label!r}: modifier {mods!r} is not allowed for {code}",
                        label=label,
                        mods=mods,
                        code=code,
                    )
                )
            base = (
                parse_spec("SB" + mods)
                if code.endswith("SB")
                else TiebreakSpec("DE", forfeits_played="/P" in mods.upper())
            )
            spec = TiebreakSpec(code, cut_low=base.cut_low, forfeits_played=base.forfeits_played)
        elif code in SHARED_CODES:
            spec = dataclasses.replace(parse_spec(code + mods), score=score)
        else:
            known = ", ".join([*TEAM_CODES, *SHARED_CODES])
            raise TiebreakSpecError(
                msg(
                    "{label!r} is not a team tie-break (for teams: EMMSB, EMGSB, EGMSB or EGGSB); "
                    "team tie-breaks: {known}",
                    label=label, known=known,
                )
                if code == "SB"
                else msg("{label!r} is not a team tie-break; team tie-breaks: {known}", label=label, known=known)
            )  # fmt: skip
        key = (code, score, mods.upper())
        if key in seen and code not in EDE_CHAINS and code != "DE":  # group orders may repeat (C.07 4.3)
            raise TiebreakSpecError(msg("{label!r} is listed twice in the tie-break list", label=label))
        seen.add(key)
        out.append(_Criterion(label, code, spec))
    return out


def team_standings(
    ev: TeamEvent,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | None = None,
    after_round: int | None = None,
) -> Any:
    """The team standings: the primary score, then the list (C.07 Arts. 2, 4, 5 for teams)."""
    from .rules import REASONS, choose_ruleset, find_ruleset
    from .standings import _standings_in
    from .tiebreaks import Context

    warning = None
    if rules is None:
        choice = choose_ruleset(ev.players)
        ruleset, reason = choice.rules, choice.reason
        warning = choice.warning.text() if choice.warning is not None else None
    else:
        ruleset, reason = find_ruleset(rules), REASONS["caller"]
    if tiebreaks is None:
        own = list(ev.players.tiebreak_list) if ev.players.tiebreak_list is not None else None
        if own and own[0].upper() in ("MPTS", "GPTS"):
            # the file's list opens with the score that ranks the teams (TRF-2x 212, digest 2.5),
            # unless the caller chose it (--primary)
            head = own.pop(0).upper()[:2]
            if ev.primary_source != "option":
                ev = dataclasses.replace(ev, primary=head, primary_source="file (record 212/202)")
        chosen: Sequence[str] = (
            own if own is not None else (DEFAULT_ROUND_ROBIN if ev.round_robin else DEFAULT_SWISS)
        )
        source = "file (record 212/202)" if own is not None else "default for team events"
    else:
        chosen = [x for x in tiebreaks.split(",")] if isinstance(tiebreaks, str) else list(tiebreaks)
        chosen = [x for x in chosen if x.strip()]
        if not chosen:
            raise TiebreakSpecError(
                msg("the tie-break list is empty: name at least one, e.g. MPvGP,BH/C1,EMGSB")
            )
        source = "given by the caller"
    try:
        criteria = _criteria(ev, chosen)
    except SpareggioError as exc:
        if tiebreaks is not None or own is None:
            raise
        raise _file_list_error(ev, chosen, exc) from None
    teams = ev.participants()
    ctx = Context(teams, ev.frame(ev.primary, after_round, teams), ruleset)
    s = _standings_in(ctx, [(c.label, c.spec) for c in criteria], reason, source, warning)
    return dataclasses.replace(s, warnings=[*s.warnings, *ev.warnings], team_event=ev)


def team_standings_dict(ev: TeamEvent, s: Any, *, exact: bool = False) -> dict[str, Any]:
    """The JSON document of team standings: the individual layout, each row with the team's match
    and game points (``points`` is the primary score); ``exact`` as in ``Standings.to_dict``."""
    from .render.output import exact_number, json_number, standings_to_dict

    number = exact_number if exact else json_number
    doc: dict[str, Any] = standings_to_dict(s, exact=exact)
    doc["tournament"]["team_event"] = True
    doc["tournament"]["boards"] = ev.boards
    doc["primary"] = ev.primary
    rounds = s.after_round
    by_number = {team.number: k for k, team in enumerate(ev.teams)}
    for row in doc["standings"]:
        k = by_number[row["start_number"]]
        row["match_points"] = number(Fraction(int(ev.mp[k, :rounds].sum()), UNIT))
        row["game_points"] = number(Fraction(int(ev.gp[k, :rounds].sum()), UNIT))
        row["roster"] = list(ev.teams[k].roster)
    return doc
