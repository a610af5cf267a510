"""The matches of a team tournament, built from the players' games and the team records.

The rosters (``310``, or TRF-16 ``013``) give every player's team and the default board order,
``320`` the pairing-allocated byes with their MP and GP, ``240`` the requested team byes, ``330`` the
forfeited matches, ``300`` the line-ups, ``362`` the match scoring (default 2 / 1 / 0), ``352`` the
boards of a match and ``192`` the primary score (``_MP_GP``: MP first, the default; ``_GP_MP``).
Matches are derived from the board games: a team's opponents in a round must all belong to one team.

**Boards.**  One figure, the boards of a match, is used wherever C.07 needs it (the draw value
D(GP) = a board draw x boards for Article 16, team byes, PABs without record 320, the board layer,
the normalisation factor of SSSC): the length of record 352 when the file has one, else the most
boards any team fielded in a match, with a warning saying so.  A roster may be longer (reserves).

**Empty and forfeited boards** (TRF-26): a player with ``0000 - +`` won his board by forfeit against
an empty board, ``0000 - -`` lost it (or sat out a team bye); a ``0000`` in a line-up (300) is an
empty board, and a line-up may be shorter than the boards of a match: the missing boards score
nothing.  A forfeited board counts in the match like any board (C.07 12 intro: a standard win or
loss); the match is played when at least one board was played over the board.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from fractions import Fraction

import numpy as np

from ...base.errors import Diagnostic, InputError, Position
from ...base.i18n import Text, joined, msg
from ...core.crosstable import infer_kind
from ...core.model import (
    HAS_OPPONENT,
    PLAYED,
    Color,
    IntMatrix,
    KindSource,
    ResultKind,
    Tournament,
    TournamentKind,
)
from ...core.team_event import UNIT, BoardsSource, Team, TeamEvent
from .clubs import lists_not_matches, not_team_matches, only_013
from .event import is_team_file
from .headers import _event_kind_from_text
from .reader import parse_trf, parse_trf_team
from .records import EMPTY_BOARD_LOSS, EMPTY_BOARD_WIN, TeamLines
from .team_records import TeamRecords, decimal, field_of, read_team_records

__all__ = ["build_team_event", "is_team_file", "parse_team_event", "read_trf_event"]


def parse_team_event(
    data: bytes, path: str = "<string>", *, lenient: bool = False, kind: TournamentKind | None = None
) -> TeamEvent:
    """Read a team tournament from TRF text (TRF-16 ``013`` or TRF-2x ``310`` rosters): the text is
    decoded once, the players and the team records read from the same lines.

    :raises InputError: for a player in no roster or in two, a match against players of two teams,
        or a bad team record, with its line and column.
    """
    t, lines = parse_trf_team(data, path, lenient=lenient, kind=kind)
    lists = _lists_only(t, lines)
    if lists is not None:
        reason, at = lists
        raise InputError(
            msg(
                "{lists}: an individual tournament (spareggio.read_event reads it as one)",
                lists=lists_not_matches(reason),
            ),
            at,
        )
    event = build_team_event(t, lines, lenient=lenient)
    return dataclasses.replace(event, trf=data.decode("utf-8", errors="replace"))  # its ranks go back into it


def read_trf_event(
    data: bytes,
    path: str = "<string>",
    *,
    lenient: bool = False,
    kind: TournamentKind | None = None,
    rating: str | None = None,
) -> TeamEvent | Tournament:
    """The event of a TRF file with team records: its team event, or, when its only team records
    are lists (``013``) that describe no team matches (:mod:`.clubs`), the individual tournament,
    with a warning that says why."""
    t, lines = parse_trf_team(data, path, lenient=lenient, kind=kind)
    if _lists_only(t, lines) is not None:
        return parse_trf(data, path, kind=kind, lenient=lenient, rating=rating)
    event = build_team_event(t, lines, lenient=lenient)
    return dataclasses.replace(event, trf=data.decode("utf-8", errors="replace"))


def _lists_only(t: Tournament, lines: TeamLines) -> tuple[Text, Position] | None:
    """Why the file's team records, lists (``013``) alone, describe no team matches, and where the
    first is; None for a team event."""
    codes = {line[:3]: number for number, line in reversed(lines.lines) if line[:3] in _ROSTER_RECORDS}
    if not only_013(codes, t.headers):
        return None
    numbers = (p.start_number for p in t.players)
    reason = not_team_matches(lines.lines, lines.where, numbers, t.opponent, HAS_OPPONENT[t.kind])
    return None if reason is None else (reason, Position(lines.where, codes["013"], 1))


_NAMED_IDLE = 8
"""How many team rounds without a match the note names (then "and n more")."""
_ROSTER_RECORDS = ("013", "300", "310", "320", "330")
"""The records that make a file a team event's (record 013 alone may be lists: :mod:`.clubs`)."""


# -- building


def build_team_event(t: Tournament, lines: TeamLines, *, lenient: bool = False) -> TeamEvent:
    """The team event of a file whose players ``t`` and team-record ``lines`` the TRF reader read
    (:func:`spareggio.io.trf.reader.parse_trf_team`): the matches derived from the board games and
    checked against the team records.  A contradiction is an error naming both lines; with
    ``lenient`` a contradiction between a team record and the games is a warning saying which side was
    kept (the games).

    :raises InputError: for a player in no roster, a match against players of two teams, a line-up
        that does not fit the games, or a bad team record, with its line and column.
    """
    rec = read_team_records(lines, t.rounds)
    return _Builder(t, rec, lines.empty_boards, lenient).event()


class _Builder:
    """The matches of a team event, round by round (see the module docstring)."""

    def __init__(self, t: Tournament, rec: TeamRecords, empty: np.ndarray, lenient: bool) -> None:
        self.t, self.rec, self.empty, self.lenient = t, rec, empty, lenient
        self.path = rec.where
        self.notes: list[Diagnostic] = list(rec.notes)
        self.reported: set[Position] = set()
        teams = rec.teams
        index = {p.start_number: i for i, p in enumerate(t.players)}
        self.index = index
        member = np.full(t.n_players, -1, dtype=np.int64)
        for sno, k in rec.team_of.items():
            if sno not in index:
                raise InputError(
                    msg(
                        "team {team}'s roster names player {player}, who has no 001 record",
                        team=teams[rec.team_of[sno]].number, player=sno,
                    ),
                    teams[k].position,
                )  # fmt: skip
            member[index[sno]] = k
        unlisted = [
            i
            for i in range(t.n_players)
            if member[i] < 0 and (bool(HAS_OPPONENT[t.kind[i]].any()) or bool(empty[i].any()))
        ]
        for i in unlisted:
            self._attach(i, member)
        self.member = member
        self.order = [[index[s] for s in team.roster] for team in rec.teams]
        self.has_game = HAS_OPPONENT[t.kind]
        """A game, or a forfeit against a named opponent, per player and round."""
        self.empty_board = (empty != 0) | (t.kind == ResultKind.PAB)
        """``0000 - +``, ``0000 - -`` or ``0000 - U`` per player and round (see :meth:`empties`)."""
        self.points = t.scoring.points_table()[t.kind.astype(np.intp)] * UNIT // t.scoring.unit
        # the same arrays as Python lists, for the team-by-team, round-by-round walk below
        self._game_by_round: list[list[bool]] = self.has_game.T.tolist()
        self._empty_by_round: list[list[bool]] = self.empty_board.T.tolist()
        self._cell: list[list[int]] = empty.tolist()
        self._points: list[list[int]] = self.points.tolist()
        self._played: list[list[bool]] = PLAYED[t.kind].tolist()
        self._opponent: list[list[int]] = t.opponent.tolist()
        self._member: list[int] = member.tolist()
        self.win_gp = int(t.scoring.win * UNIT)
        self.draw_gp = int(t.scoring.draw * UNIT)

    def _attach(self, i: int, member: np.ndarray) -> None:
        """A player who plays but is in no roster (records 310/013), as Sharly Chess writes a player
        added after the line-ups: counted for the one team whose rostered players faced, in every round
        he played, the team his opponent belongs to (his teammates of that match), with a warning; an
        error when no single team did so (C.07 12 ranks teams by the games of their own players: a
        game no team owns cannot be counted)."""
        t, rec = self.t, self.rec
        p = t.players[i]
        candidates: set[int] | None = None
        rounds: list[int] = []
        for r in range(t.rounds):
            if not HAS_OPPONENT[t.kind[i, r]]:
                continue
            rival = int(member[int(t.opponent[i, r])])
            if rival < 0:
                continue
            facing = {
                int(member[j])
                for j in range(t.n_players)
                if member[j] >= 0
                and member[j] != rival
                and HAS_OPPONENT[t.kind[j, r]]
                and int(member[int(t.opponent[j, r])]) == rival
            }
            candidates = facing if candidates is None else candidates & facing
            rounds.append(r + 1)
        if not candidates or len(candidates) != 1:
            raise InputError(
                msg(
                    "player {player} plays but is in no team roster (records 310/013), and no one team's players "
                    "faced his opponents' teams in every round he played",
                    player=p.start_number,
                ),
                self.where(i),
            )
        (k,) = candidates
        member[i] = k
        team = rec.teams[k]
        rec.teams = (*rec.teams[:k], dataclasses.replace(team, roster=(*team.roster, p.start_number)), *rec.teams[k + 1 :])
        rec.team_of[p.start_number] = k
        self.notes.append(
            Diagnostic(
                "player-without-team",
                msg(
                    "player {player} plays but is in no team roster (records 310/013): counted for team {team} "
                    "({name}), whose players faced the same teams in rounds {rounds}; his board is after the "
                    "roster's players",
                    player=p.start_number, team=team.number, name=team.name, rounds=", ".join(map(str, rounds)),
                ),
                self.where(i),
            )
        )  # fmt: skip

    def where(self, i: int) -> Position:
        return self.t.players[i].position or Position(self.path, 1, 1)

    def conflict(self, message: Text, at: Position, related: Position, repair: Text, code: str) -> None:
        """A team record against the board games: an error, or with --lenient a warning (the games
        win), once per record."""
        if not self.lenient:
            raise InputError(message, at, related=related)
        if at not in self.reported:
            self.reported.add(at)
            self.notes.append(
                Diagnostic(code, msg("{problem}; {repair}", problem=message, repair=repair), at)
            )

    # -- one team in one round --------------------------------------------------------------------

    def entries(self, k: int, r: int) -> list[int]:
        """The players of team k with a game (or a forfeit against a named opponent) in round r."""
        has_game = self._game_by_round[r]
        return [i for i in self.order[k] if has_game[i]]

    def empties(self, k: int, r: int) -> list[int]:
        """The players of team k with ``0000 - +`` or ``0000 - -`` in round r (``0000 - U``, the
        older spelling of a board won against an empty board, too: a player has no bye of his own
        when his team plays a match), in roster order.

        With record 352, the ``0000 - -`` that the boards have no room for (after the team's games
        and its boards won against an empty board) are players of the roster who did not play, not
        boards lost: FIDE's TRF-26 sample file writes every player of a team who sits a round out
        so, and counting them made a match of four boards one of five (a full-point bye then
        worth five game points, and every such match one with a board forfeited).  The first
        ``0000 - -`` of the roster fill the boards left."""
        empty_board = self._empty_by_round[r]
        found = [i for i in self.order[k] if empty_board[i]]
        cells = self._cell
        losses = [i for i in found if cells[i][r] == EMPTY_BOARD_LOSS]
        if not losses:
            return found
        boards = self.rec.boards if self.rec.boards is not None else self._boards_without_losses
        room = max(0, boards - len(self.entries(k, r)) - (len(found) - len(losses)))
        sitting = set(losses[room:])
        return [i for i in found if i not in sitting]

    @functools.cached_property
    def _boards_without_losses(self) -> int:
        """Without record 352: the most boards a team fielded in a match, counting its games and its
        boards won against an empty board but not its ``0000 - -``, which may be players of the roster
        who did not play (a Greek team cup of 2024 writes every such player so in every round: counted,
        they made its six-board matches twelve-board ones)."""
        fielded = 0
        cells = self._cell
        for k in range(len(self.rec.teams)):
            for r in range(self.t.rounds):
                entries = self.entries(k, r)
                if not entries:
                    continue
                won = sum(1 for i in self.order[k] if self._empty_by_round[r][i] and cells[i][r] != EMPTY_BOARD_LOSS)
                fielded = max(fielded, len(entries) + won)
        return fielded

    def rival(self, k: int, r: int, entries: list[int]) -> int:
        """The one team that team k's players face in round r (-1 for none)."""
        t, member, teams = self.t, self.member, self.rec.teams
        listed, opponent = self._member, self._opponent
        rivals = {listed[opponent[i][r]] for i in entries}
        lineup = self.rec.lineups.get((k, r))
        if lineup is not None and lineup.opponent is not None:
            if rivals and rivals != {lineup.opponent}:
                raise InputError(
                    msg(
                        "record 300: round {round}, team {team} is scheduled against team {opponent}, but its "
                        "players face players of team {found}",
                        round=r + 1, team=teams[k].number, opponent=teams[lineup.opponent].number,
                        found=", ".join(str(teams[j].number) for j in sorted(rivals) if j >= 0),
                    ),
                    dataclasses.replace(lineup.position, column=13),
                    related=self.where(entries[0]),
                )  # fmt: skip
            rivals = {lineup.opponent}
        if not rivals:
            return -1
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
                self.where(first),
                related=self.where(other) if other != first else None,
            )  # fmt: skip
        return rivals.pop()

    def seats(self, k: int, r: int, entries: list[int]) -> tuple[list[int], Position | None]:
        """The players of team k on boards 1, 2, ... in round r (-1 for an empty board) and the
        record 300 that gave them (None: the players with a result, in roster order)."""
        lineup = self.rec.lineups.get((k, r))
        if lineup is None:
            on_board = set(entries) | set(self.empties(k, r))
            return [i for i in self.order[k] if i in on_board], None
        teams = self.rec.teams
        out: list[int] = []
        for b, seat in enumerate(lineup.seats):
            at = dataclasses.replace(lineup.position, column=17 + 5 * b)
            if seat == 0:
                out.append(-1)  # an empty board scores nothing
                continue
            i = self.index.get(seat, -1)
            if i < 0 or int(self.member[i]) != k:
                raise InputError(
                    msg(
                        "record 300: player {player} on board {board} is not in team {team}'s roster",
                        player=seat, board=b + 1, team=teams[k].number,
                    ),
                    at,
                )  # fmt: skip
            if i not in entries and not self._empty_by_round[r][i]:
                raise InputError(
                    msg(
                        "record 300: player {player} on board {board} has no game in round {round}",
                        player=seat, board=b + 1, round=r + 1,
                    ),
                    at,
                    related=self.where(i),
                )  # fmt: skip
            if i in out:
                raise InputError(
                    msg(
                        "record 300: player {player} is on two boards in round {round}",
                        player=seat,
                        round=r + 1,
                    ),
                    at,
                )
            out.append(i)
        for i in entries:
            if i not in out:
                # a line-up written before a player was added (Sharly Chess): his game is a board of
                # the match all the same, on the first empty board, else after the others
                board = out.index(-1) if -1 in out else len(out)
                out[board : board + 1] = [i]
                self.notes.append(
                    Diagnostic(
                        "player-off-line-up",
                        msg(
                            "round {round}: player {player} of team {team} plays but is on no board of record 300 "
                            "(line {line}): counted on board {board}",
                            round=r + 1, player=self.t.players[i].start_number, team=teams[k].number,
                            line=lineup.position.line, board=board + 1,
                        ),
                        self.where(i),
                    )
                )  # fmt: skip
        return out, lineup.position

    def board_points(self, i: int, r: int) -> int:
        """What player i scored on his board in round r (a board won against an empty board is a win)."""
        if i < 0:
            return 0
        cell = self._cell[i][r]
        if cell == EMPTY_BOARD_WIN:
            return self.win_gp
        if cell == EMPTY_BOARD_LOSS:
            return 0
        return self._points[i][r]

    # -- the event --------------------------------------------------------------------------------

    def boards(self) -> tuple[int, BoardsSource]:
        """The boards of a match: record 352, else the most boards a team fielded in a match."""
        rec, t = self.rec, self.t
        fielded, widest = 0, None
        for k in range(len(rec.teams)):
            for r in range(t.rounds):
                entries = self.entries(k, r)
                lineup = rec.lineups.get((k, r))
                if not entries and lineup is None:
                    continue
                n = len(entries) + len(self.empties(k, r))
                if lineup is not None:  # its empty boards count; a player it leaves out takes one of them
                    seated = {self.index.get(seat, -1) for seat in lineup.seats if seat}
                    off = sum(1 for i in entries if i not in seated)
                    n = len(lineup.seats) + max(0, off - lineup.seats.count(0))
                if n > fielded:
                    fielded, widest = n, (k, r, lineup)
        if rec.boards is not None:
            if widest is not None and fielded > rec.boards:
                k, r, lineup = widest
                at = lineup.position if lineup is not None else self.where(self.entries(k, r)[0])
                # Sharly Chess writes record 352 from the boards set for the event, whatever a match
                # fielded: the games are the facts, and every board played counts (C.07 12)
                self.notes.append(
                    Diagnostic(
                        "team-boards",
                        msg(
                            "round {round}: team {team} fields {count} boards, but record 352 gives a match {boards} "
                            "boards: a match is taken to have {count} boards, the most that a team fielded in a match",
                            round=r + 1, team=rec.teams[k].number, count=fielded, boards=rec.boards,
                        ),
                        at,
                    )
                )  # fmt: skip
                return fielded, BoardsSource.MOST_FIELDED
            return rec.boards, BoardsSource.RECORD_352
        if fielded == 0:  # no match played yet: the largest roster
            fielded = max(len(team.roster) for team in rec.teams)
            said = msg(
                "no record 352 and no match played: a match is taken to have {boards} boards, the players of the "
                "largest roster",
                boards=fielded,
            )
        else:
            said = msg(
                "no record 352: a match is taken to have {boards} boards, the most that a team fielded in a match",
                boards=fielded,
            )
        self.notes.append(Diagnostic("team-boards", said, Position(self.path, 1, 1)))
        return fielded, BoardsSource.MOST_FIELDED

    def event(self) -> TeamEvent:
        t, rec = self.t, self.rec
        teams = rec.teams
        n, rounds = len(teams), t.rounds
        boards, boards_source = self.boards()
        opponent = np.full((n, rounds), -1, dtype=np.int64)
        kind = np.full((n, rounds), ResultKind.ZERO_BYE, dtype=np.int8)
        gp = np.zeros((n, rounds), dtype=np.int64)
        board_gp = np.zeros((n, rounds, boards), dtype=np.int64)
        played = np.zeros((n, rounds), dtype=bool)
        board_forfeits = np.zeros((n, rounds), dtype=bool)
        board_one = np.full((n, rounds), -1, dtype=np.int64)  # the player on board 1, -1 for none
        origin: dict[tuple[int, int], Position] = {}
        pab = dict(rec.pab)
        idle: list[tuple[int, int]] = []
        """(team, round) without a match and without a bye in the file."""
        for k in range(n):
            for r in range(rounds):
                entries = self.entries(k, r)
                j = self.rival(k, r, entries)
                if (k, r) in pab and j >= 0:
                    at = pab.pop((k, r))[2]
                    self.conflict(
                        msg(
                            "record 320: team {team} has a pairing-allocated bye in round {round}, but its players "
                            "have games in that round",
                            team=teams[k].number, round=r + 1,
                        ),
                        at, self.where(entries[0]) if entries else at,
                        msg("the games are used and the bye is ignored"), "team-bye-with-match",
                    )  # fmt: skip
                if (k, r) in rec.byes and j >= 0:
                    at = rec.byes[(k, r)][1]
                    self.conflict(
                        msg(
                            "record 240: team {team} has a bye in round {round}, but its players have games in "
                            "that round",
                            team=teams[k].number, round=r + 1,
                        ),
                        at, self.where(entries[0]) if entries else at,
                        msg("the games are used and the bye is ignored"), "team-bye-with-match",
                    )  # fmt: skip
                if (k, r) in rec.forfeited and self.forfeited(k, r, entries, opponent, gp, board_gp, boards):
                    if entries:
                        board_one[k, r] = entries[0]
                    origin[(k, r)] = rec.forfeited[(k, r)][2]
                    continue
                if j < 0:
                    if (k, r) in pab:
                        kind[k, r] = ResultKind.PAB
                        continue
                    codes = {int(t.kind[i, r]) for i in self.order[k]}
                    if (k, r) in rec.byes:
                        kind[k, r] = rec.byes[(k, r)][0]
                    elif ResultKind.PAB in codes:
                        kind[k, r] = ResultKind.PAB
                    elif ResultKind.FULL_BYE in codes:
                        kind[k, r] = ResultKind.FULL_BYE
                    elif ResultKind.HALF_BYE in codes:
                        kind[k, r] = ResultKind.HALF_BYE
                    else:  # nothing says a bye: not paired, no point (said below)
                        idle.append((k, r))
                    continue
                opponent[k, r] = j
                seats, lineup_at = self.seats(k, r, entries)
                if len(seats) > boards:  # only without record 300 (the line-ups were checked)
                    raise InputError(
                        msg(
                            "round {round}: team {team} fields {count} boards, but record 352 gives a match {boards} boards",
                            round=r + 1, team=teams[k].number, count=len(seats), boards=boards,
                        ),
                        self.where(seats[boards]),
                        related=rec.boards_position,
                    )  # fmt: skip
                won = [self.board_points(i, r) for i in seats]
                board_gp[k, r, : len(won)] = won
                fielded = set(entries)
                board_forfeits[k, r] = len(seats) < boards or any(  # a short line-up: its missing boards are empty
                    i < 0 or i not in fielded or not self._played[i][r] for i in seats
                )
                board_one[k, r] = seats[0] if seats and seats[0] >= 0 and seats[0] in fielded else -1
                gp[k, r] = sum(won)
                played[k, r] = any(self._played[i][r] for i in entries)
                origin[(k, r)] = lineup_at or (
                    self.where(entries[0]) if entries else Position(self.path, 1, 1)
                )
        for (k, r), at in origin.items():
            j = int(opponent[k, r])
            if j >= 0 and int(opponent[j, r]) != k:
                raise InputError(
                    msg(
                        "round {round}: team {team} is paired with team {opponent}, but team {opponent} is not "
                        "paired with it",
                        round=r + 1, team=teams[k].number, opponent=teams[j].number,
                    ),
                    at,
                )  # fmt: skip
        if idle:
            self.notes.append(self._idle_note(sorted(idle, key=lambda kr: (kr[1], kr[0]))))
        mp = self.scores(kind, opponent, gp, played, board_gp, boards, pab)
        _check_declared(teams, mp, gp, opponent, kind, rec.declared, self.path, self.lenient, self.notes)
        warnings: list[str] = [*(w.text() for w in t.warnings), *(w.text() for w in self.notes)]
        event_kind, kind_source, kind_basis = _team_event_kind(t, opponent)
        return TeamEvent(
            players=t,
            teams=teams,
            boards=boards,
            opponent=opponent,
            kind=kind,
            mp=mp,
            gp=gp,
            board_gp=board_gp,
            match_win=rec.match_scoring["W"],
            match_draw=rec.match_scoring["D"],
            match_loss=rec.match_scoring["L"],
            primary=rec.primary,
            round_robin=event_kind is TournamentKind.ROUND_ROBIN,
            warnings=warnings,
            kind_source=kind_source,
            kind_basis=kind_basis,
            color=np.where(
                board_one >= 0, t.color[np.maximum(board_one, 0), np.arange(rounds)], Color.NONE
            ).astype(np.int8),
            boards_source=boards_source,
            board_forfeits=board_forfeits,
        )

    def _idle_note(self, idle: list[tuple[int, int]]) -> Diagnostic:
        """The rounds a team had no match and the file no bye for it: not paired, 0 MP and 0 GP.  A
        TRF-16 team file writes a pairing-allocated bye on its players' lines (``0000 - U``) or in
        record 320; a file that writes ``0000 - -`` (a Greek team cup of 2024, whose odd number of
        teams left one without a match each round) says no bye, and its scoring is the file's to say."""
        teams = self.rec.teams
        shown = [
            msg("team {team} in round {round}", team=teams[k].number, round=r + 1) for k, r in idle[:_NAMED_IDLE]
        ]
        listed: Text = joined(shown, ", ")
        if len(idle) > _NAMED_IDLE:
            listed = msg("{listed} and {count} more", listed=listed, count=len(idle) - _NAMED_IDLE)
        return Diagnostic(
            "team-not-paired",
            msg(
                "{count} rounds of a team without a match and without a bye in the file ({listed}): counted as "
                "not paired, no match point and no game point (a pairing-allocated bye is '0000 - U' on its "
                "players' lines, or record 320)",
                count=len(idle), listed=listed,
            ),
            Position(self.path, 1, 1),
        )  # fmt: skip

    def forfeited(
        self,
        k: int,
        r: int,
        entries: list[int],
        opponent: IntMatrix,
        gp: IntMatrix,
        board_gp: np.ndarray,
        boards: int,
    ) -> bool:
        """A match that record 330 declares forfeited: True when it is one (the boards score W or 0
        each), False when the players' games say otherwise (--lenient: the games are used)."""
        t, teams = self.t, self.rec.teams
        j, won, at = self.rec.forfeited[(k, r)]
        over_board = [i for i in entries if bool(PLAYED[t.kind[i, r]])]
        if over_board:
            raise InputError(
                msg(
                    "record 330: round {round}, the match of team {team} is declared forfeited but its "
                    "players played over the board",
                    round=r + 1, team=teams[k].number,
                ),
                at,
                related=self.where(over_board[0]),
            )  # fmt: skip
        rivals = {int(self.member[int(t.opponent[i, r])]) for i in entries}
        mine = int(self.points[entries, r].sum()) if entries else 0
        theirs = sum(int(self.points[i, r]) for i in self.order[j] if bool(HAS_OPPONENT[t.kind[i, r]]))
        if entries and (rivals != {j} or (mine > theirs) != won):
            self.conflict(
                msg(
                    "record 330: round {round}, the forfeited match of team {team} disagrees with its "
                    "players' forfeits",
                    round=r + 1, team=teams[k].number,
                ),
                at, self.where(entries[0]),
                msg("the players' lines are used"), "team-forfeit-record",
            )  # fmt: skip
            return False
        opponent[k, r] = j
        gp[k, r] = self.win_gp * boards if won else 0
        board_gp[k, r, :] = self.win_gp if won else 0
        return True

    def scores(
        self,
        kind: np.ndarray,
        opponent: IntMatrix,
        gp: IntMatrix,
        played: np.ndarray,
        board_gp: np.ndarray,
        boards: int,
        pab: dict[tuple[int, int], tuple[Fraction, Fraction, Position]],
    ) -> IntMatrix:
        """The match points of every team and round, the kind of every match from its game points,
        and the game points of the byes (a PAB without record 320: a drawn match's MP and a win on
        every board, as the FIDE reference program; an FPB a won match, an HPB a drawn one)."""
        n, rounds = kind.shape
        scoring = self.rec.match_scoring
        mp = np.zeros((n, rounds), dtype=np.int64)
        tw, td, tl = (int(scoring[x] * UNIT) for x in "WDL")
        win_gp, draw_gp = self.win_gp, self.draw_gp
        for k in range(n):
            for r in range(rounds):
                j = int(opponent[k, r])
                kd = ResultKind(int(kind[k, r]))
                if j >= 0:
                    mine, theirs = int(gp[k, r]), int(gp[j, r])
                    mp[k, r] = tw if mine > theirs else td if mine == theirs else tl
                    if played[k, r] or played[j, r]:
                        kind[k, r] = (
                            ResultKind.PLAYED_WIN if mine > theirs
                            else ResultKind.PLAYED_DRAW if mine == theirs
                            else ResultKind.PLAYED_LOSS
                        )  # fmt: skip
                    elif mine == theirs == 0:
                        kind[k, r] = ResultKind.DOUBLE_FORFEIT
                        mp[k, r] = tl
                    else:
                        kind[k, r] = ResultKind.FORFEIT_WIN if mine > theirs else ResultKind.FORFEIT_LOSS
                elif kd is ResultKind.PAB:
                    value = pab.get((k, r))
                    mp[k, r], gp[k, r] = (
                        (int(value[0] * UNIT), int(value[1] * UNIT)) if value else (td, win_gp * boards)
                    )
                    board_gp[k, r, :] = win_gp  # 12 intro: a PAB counts a win on every board
                elif kd is ResultKind.FULL_BYE:
                    mp[k, r], gp[k, r] = tw, win_gp * boards
                    board_gp[k, r, :] = win_gp
                elif kd is ResultKind.HALF_BYE:
                    mp[k, r], gp[k, r] = td, draw_gp * boards
                    board_gp[k, r, :] = draw_gp
        return mp


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
        text = field_of(line, 5, 7).strip()
        if not (text.isascii() and text.isdigit()) or int(text) not in number_to_team:
            raise InputError(msg("no team {team!r} in the rosters", team=text), Position(path, number, 5))
        k = number_to_team[int(text)]
        totals = _words(line, 14, 27)
        if len(totals) != 2:  # not two numbers: read by the columns, which says where one is wrong
            totals = [(15, field_of(line, 15, 20)), (22, field_of(line, 22, 27))]
        (mp_col, mp_text), (gp_col, gp_text) = totals
        mp_col, gp_col = _in_field(mp_col, mp_text, 15, 20), _in_field(gp_col, gp_text, 22, 27)
        mp_value = decimal(mp_text, msg("MP"), Position(path, number, mp_col), len(mp_text))
        gp_value = decimal(gp_text, msg("GP"), Position(path, number, gp_col), len(gp_text))
        if mp_value is not None:
            total_warning(k, msg("MP"), mp_value, mp, Position(path, number, mp_col))
        if gp_value is not None:
            total_warning(k, msg("GP"), gp_value, gp, Position(path, number, gp_col))
        for r in range(rounds):
            words = _words(line, 28 + 13 * r, 40 + 13 * r)
            if not words:
                continue
            start = 29 + 13 * r  # the round's fields in the TRF-26 table: 29-31, 33, 35-38, 39
            col, who = _in_field(words[0][0], words[0][1], start, start + 2), words[0][1].upper()
            rest = words[1:]
            if rest and rest[0][1] in ("w", "b", "W", "B"):  # the colour
                rest = rest[1:]
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
            if rest:  # the game points, and the forfeit flag after them (f or F) when the match was forfeited
                gp_col, gp_text = rest[0]
                at = Position(path, number, _in_field(gp_col, gp_text.rstrip("fF"), start + 6, start + 9))
                declared = decimal(gp_text.rstrip("fF") or gp_text, msg("GP"), at, len(gp_text))
                value = Fraction(int(gp[k, r]), UNIT)
                if declared != value:
                    problem = msg(
                        "record 802: team {team} in round {round} declares {declared} GP, its boards give {computed}",
                        team=team_number(teams, k), round=r + 1, declared=_num(declared), computed=_num(value),
                    )  # fmt: skip
                    _declared_conflict(problem, at, lenient, notes)


def _in_field(column: int, word: str, a: int, b: int) -> int:
    """Where a message puts a word of record 802 that starts at ``column``: the start of the
    TRF-26 field ``a``-``b`` when the word lies in it, else the word's own column."""
    return a if a <= column and column + len(word) - 1 <= b else column


def _words(line: str, a: int, b: int) -> list[tuple[int, str]]:
    """The words of columns a..b (1-based, inclusive), each with the column it starts at.

    Record 802 is read by its words: writers put its fields one column apart.  The TRF-26 table
    puts a round's opponent in columns 29-31, its colour in 33, its game points in 35-38 and the
    forfeit flag in 39, every 13 columns; FIDE's team sample file (Grandmommy's Cup, as Sharly
    Chess writes it) one column to the left (28-30, 32, 34-37, 38), and its totals in 15-18 and
    20-25 rather than 15-20 and 22-27.  Columns 28-40 of a round hold either layout's fields and
    none of the next round's."""
    return [(a + m.start(), m.group()) for m in re.finditer(r"\S+", line[a - 1 : b])]


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


def _team_event_kind(t: Tournament, opponent: IntMatrix) -> tuple[TournamentKind, KindSource, str]:
    """Swiss or round robin, and why: the option when given, else the words of record 192, then
    092 (``Team Round Robin``, ``RR``, ``Berger``, ``Scheveningen``; ``Swiss`` wins), else round robin
    when every team met every other (C.07 15 applies to pre-determined pairings)."""
    if t.kind_source is KindSource.OPTION:
        return t.kind_of_event, t.kind_source, ""
    for code in ("192", "092"):
        found = _event_kind_from_text(t.headers.get(code, ""))
        if found is not None:
            return found, KindSource.FILE, f"record {code}"
    return infer_kind(opponent, opponent.shape[0])
