"""The team records of a TRF file, read from the lines the TRF reader already decoded and numbered
(:class:`~.records.TeamLines`): rosters (``310``, or TRF-16 ``013``), pairing-allocated byes with
their MP and GP (``320``), requested team byes (``240``), forfeited matches (``330``), line-ups
(``300``), boards and their colours (``352``), match scoring (``362``), primary score (``192``) and
the declared rounds of ``802``.  Nothing is derived here: :mod:`.team_matches` builds the matches
from the players' games and these records.
"""

from __future__ import annotations

import re
from dataclasses import field
from fractions import Fraction

from ...base.classes import dataclass
from ...base.errors import Diagnostic, InputError, Position
from ...base.i18n import Text, msg
from ...core.model import ResultKind, ScoreName
from ...core.team_event import Team
from .records import TeamLines, roster_ids

__all__ = ["LineUp", "TeamRecords", "read_team_records"]


@dataclass(frozen=True)
class LineUp:
    """A record 300: the players of one team on boards 1, 2, ... of one round (0 = empty board)."""

    seats: tuple[int, ...]
    opponent: int | None
    """The scheduled opponent (team index) of columns 13-15, None when blank."""
    position: Position


@dataclass
class TeamRecords:
    """The team records of a file, with the positions errors name."""

    where: str
    teams: tuple[Team, ...]
    team_of: dict[int, int]
    """Start number -> team index."""
    match_scoring: dict[str, Fraction]
    """W, D, L: the match points of a won, drawn and lost match (record 362; 2 / 1 / 0)."""
    primary: ScoreName = ScoreName.MP
    boards: int | None = None
    """The boards of a match, from the length of record 352; None without one."""
    boards_position: Position | None = None
    pab: dict[tuple[int, int], tuple[Fraction, Fraction, Position]] = field(default_factory=dict)
    """(team, round) -> the MP and GP of its pairing-allocated bye (record 320)."""
    byes: dict[tuple[int, int], tuple[ResultKind, Position]] = field(default_factory=dict)
    """(team, round) -> a requested bye (record 240 F, H, Z)."""
    forfeited: dict[tuple[int, int], tuple[int, bool, Position]] = field(default_factory=dict)
    """(team, round) -> (opponent, whether the team won, record 330)."""
    lineups: dict[tuple[int, int], LineUp] = field(default_factory=dict)
    declared: list[tuple[int, str]] = field(default_factory=list)
    """The lines of record 802."""
    notes: list[Diagnostic] = field(default_factory=list)


_BYE_OF = {"F": ResultKind.FULL_BYE, "H": ResultKind.HALF_BYE, "Z": ResultKind.ZERO_BYE}
_FORFEIT_TYPES = {"+-": (True, False), "-+": (False, True), "--": (False, False), "10": (True, False),
                  "01": (False, True), "00": (False, False), "WL": (True, False), "LW": (False, True),
                  "LL": (False, False), "WZ": (True, False), "ZW": (False, True), "ZZ": (False, False)}  # fmt: skip
"""Record 330 result codes: whether the white (first-named) and the black team win by forfeit."""


def field_of(line: str, a: int, b: int) -> str:
    """Columns a..b (1-based, inclusive)."""
    return line[a - 1 : b]


def decimal(text: str, what: Text, at: Position, width: int = 6) -> Fraction | None:
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
                what=what, a=at.column, b=at.column + width - 1, found=value,
            ),
            at,
        ) from None  # fmt: skip


def read_team_records(lines: TeamLines, rounds: int) -> TeamRecords:
    """The team records in ``lines``, each checked on its own (the matches are checked against the
    games by :func:`spareggio.core.team_event.build_team_event`).

    :raises InputError: for a bad record, a player in two rosters, or a record naming an unknown team
        or round, with its line and column.
    """
    where = lines.where
    rosters: list[Team] = []
    old_rosters: list[tuple[int, str, tuple[int, ...]]] = []
    scoring = {"W": Fraction(2), "D": Fraction(1), "L": Fraction(0)}
    primary, boards, boards_at = ScoreName.MP, None, None
    has_310 = any(line.startswith("310") for _, line in lines.lines)
    rest: list[tuple[int, str]] = []
    declared: list[tuple[int, str]] = []
    for number, line in lines.lines:
        code = line[:3]
        pos = Position(where, number, 1)
        if code == "310":
            num = field_of(line, 5, 7).strip()
            if not (num.isascii() and num.isdigit()):
                raise InputError(
                    msg(
                        "record 310: team number in columns 5-7 must be a number, found {found!r}", found=num
                    ),
                    Position(where, number, 5),
                )
            ids = roster_ids(line, 74, where, number)
            rank_text = field_of(line, 69, 71).strip()
            rank = int(rank_text) if rank_text.isascii() and rank_text.isdigit() else None
            mp_value = decimal(field_of(line, 55, 60), msg("MP"), Position(where, number, 55))
            gp_value = decimal(field_of(line, 62, 67), msg("GP"), Position(where, number, 62))
            rosters.append(Team(int(num), field_of(line, 9, 40).strip(), ids, pos, rank, mp_value, gp_value))
        elif code == "013":
            name, ids = field_of(line, 5, 36).strip(), roster_ids(line, 37, where, number)
            if has_310:
                old_rosters.append((number, name, ids))
            else:
                rosters.append(Team(len(rosters) + 1, name, ids, pos))
        elif code == "362":
            for letter, value in re.findall(r"T([WDL])\s+(\d+(?:\.\d+)?)", line[4:]):
                scoring[letter] = Fraction(value)
        elif code == "352":
            boards, boards_at = (len(line[4:].strip()) or None), Position(where, number, 5)
        elif code == "192":
            suffix = line[4:].strip().upper()
            if suffix.endswith("_GP_MP") or (suffix.endswith("_GP") and not suffix.endswith("_MP_GP")):
                primary = ScoreName.GP
        elif code == "802":
            declared.append((number, line))
        else:
            rest.append((number, line))
    if not rosters:
        raise InputError(msg("no team records (310 or 013) in the file"), Position(where, 1, 1))
    team_of: dict[int, int] = {}
    for k, team in enumerate(rosters):
        for sno in team.roster:
            if sno in team_of:
                other = rosters[team_of[sno]]
                raise InputError(
                    msg(
                        "player {sno} is in the rosters of team {number} and team {number2}",
                        sno=sno, number=other.number, number2=team.number,
                    ),
                    team.position,
                    related=other.position,
                )  # fmt: skip
            team_of[sno] = k
    records = TeamRecords(
        where, tuple(rosters), team_of, scoring, primary, boards, boards_at, declared=declared
    )
    by_roster = {team.roster for team in rosters}
    for number, name, ids in old_rosters:
        if ids not in by_roster:  # digest 7.4: the 310 rosters are used; a different 013 is worth a word
            records.notes.append(
                Diagnostic(
                    "team-roster-013",
                    msg(
                        "record 013 of {name!r} lists players {ids} that no record 310 lists together: "
                        "the 310 rosters are used",
                        name=name, ids=" ".join(str(x) for x in ids),
                    ),
                    Position(where, number, 37),
                )
            )  # fmt: skip
    _round_records(records, rest, rounds)
    return records


def _round_records(records: TeamRecords, lines: list[tuple[int, str]], rounds: int) -> None:
    """Records 320 (PABs), 330 (forfeited matches), 300 (line-ups) and 240 (team byes)."""
    where = records.where
    number_to_team = {team.number: k for k, team in enumerate(records.teams)}

    def team(text: str, number: int, col: int) -> int:
        value = text.strip()
        if not (value.isascii() and value.isdigit()) or int(value) not in number_to_team:
            raise InputError(msg("no team {team!r} in the rosters", team=value), Position(where, number, col))
        return number_to_team[int(value)]

    def round_of(text: str, number: int, col: int) -> int:
        value = text.strip()
        if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= max(rounds, 1):
            raise InputError(
                msg("round {round!r} is not a round of the file", round=value), Position(where, number, col)
            )
        return int(value) - 1

    for number, line in lines:
        code = line[:3]
        if code == "320":
            try:
                mp_value = Fraction(field_of(line, 5, 8).strip() or "0")
                gp_value = Fraction(field_of(line, 10, 13).strip() or "0")
            except ValueError:
                raise InputError(
                    msg("record 320: MP and GP of a pairing-allocated bye in columns 5-8 and 10-13"),
                    Position(where, number, 5),
                ) from None
            col, r = 15, 0
            while col <= len(line):
                text = field_of(line, col, col + 2).strip()
                if text and text.isascii() and text.isdigit() and int(text) in number_to_team:
                    records.pab[(number_to_team[int(text)], r)] = (
                        mp_value,
                        gp_value,
                        Position(where, number, col),
                    )
                col, r = col + 4, r + 1
        elif code == "300":
            r = round_of(field_of(line, 5, 7), number, 5)
            k = team(field_of(line, 9, 11), number, 9)
            against = field_of(line, 13, 15)
            opponent = team(against, number, 13) if against.strip() else None
            seats = []
            col = 17
            while col <= len(line):
                text = field_of(line, col, col + 3).strip()
                if not (text.isascii() and text.isdigit()):
                    raise InputError(
                        msg(
                            "record 300: a start number in columns {a}-{b}, found {found!r}",
                            a=col, b=col + 3, found=text,
                        ),
                        Position(where, number, col),
                    )  # fmt: skip
                seats.append(int(text))
                col += 5
            records.lineups[(k, r)] = LineUp(tuple(seats), opponent, Position(where, number, 1))
        elif code == "330":
            kind = field_of(line, 5, 6).upper()
            if kind not in _FORFEIT_TYPES:
                raise InputError(
                    msg("record 330: unknown result {code!r} in columns 5-6", code=kind),
                    Position(where, number, 5),
                )
            r = round_of(field_of(line, 8, 10), number, 8)
            white, black = team(field_of(line, 12, 14), number, 12), team(field_of(line, 16, 18), number, 16)
            won_white, won_black = _FORFEIT_TYPES[kind]
            records.forfeited[(white, r)] = (black, won_white, Position(where, number, 1))
            records.forfeited[(black, r)] = (white, won_black, Position(where, number, 1))
        else:  # 240
            kind = field_of(line, 5, 5).upper()
            if kind not in _BYE_OF:
                raise InputError(
                    msg("record 240: bye type {kind!r} must be F, H or Z", kind=kind),
                    Position(where, number, 5),
                )
            r = round_of(field_of(line, 7, 9), number, 7)
            col = 11
            while col <= len(line):
                if field_of(line, col, col + 3).strip():
                    k = team(field_of(line, col, col + 3), number, col)
                    records.byes[(k, r)] = (_BYE_OF[kind], Position(where, number, col))
                col += 5
