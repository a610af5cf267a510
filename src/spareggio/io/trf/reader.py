"""The TRF reader's entry points: the stages run in order, and the tournament assembled."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import cast

import numpy as np

from ...base.errors import (
    ArgumentError,
    Diagnostic,
    Position,
    TrfConsistencyError,
    TrfSyntaxError,
    os_reason,
    printable_path,
)
from ...base.i18n import Text, joined, msg
from ...core.crosstable import (
    finish,
    pseudo_players,
)
from ...core.decisions import Decisions, parse_record
from ...core.model import (
    HAS_OPPONENT,
    KindSource,
    PointAdjustment,
    ResultKind,
    Scoring,
    Tournament,
    TournamentKind,
)
from ...lazy import load
from .adjustments import read_adjustments
from .clubs import club_lists_note, not_team_matches, only_013
from .columns import _FIRST_BLOCK, realign
from .games import _bye_records, _check_pending, _drop_pseudo, _Games, _index_start_numbers, _opponents
from .headers import (
    _announced_rounds,
    _check_points,
    _decide_kind,
    _event_dates,
    _parse_scoring,
    _split_tiebreaks,
)
from .national import apply_national
from .players import K, _Crosstable, _read_players, _read_players_one_by_one, _widen
from .records import EMPTY_BOARD_LOSS, EMPTY_BOARD_WIN, TeamLines, _Records, _refuse_team_event, _scan
from .text import _check_size, _load, _place, _read_bounded

# --------------------------------------------------------------------------------------------------
# public entry points


def read_trf(
    path: str | os.PathLike[str],
    *,
    kind: TournamentKind | None = None,
    lenient: bool = False,
    rating: str | None = None,
) -> Tournament:
    """Read a TRF file.  The file is opened read-only and never modified.

    :param kind: declare the event Swiss or round robin, whatever the file says.
    :param lenient: repair the recoverable contradictions between the two sides of a game, with a
        warning for each, instead of refusing the file.
    :param rating: the rating of rating tie-breaks, ``fide`` or ``national`` (TRF-26 national rating
        records); None: record 172's method, else FIDE.
    :raises InputError: for any problem in the file, with its position.
    :raises ArgumentError: if the file cannot be read.
    """
    p = os.fspath(path) or "."  # as pathlib names it (an empty path is the current folder)
    where = printable_path(str(path))
    try:
        size = os.stat(p).st_size
    except OSError as exc:
        raise ArgumentError(
            msg("{path}: cannot read the file ({value})", path=path, value=os_reason(exc))
        ) from None
    _check_size(size, where)
    try:
        with open(p, "rb") as handle:
            data = _read_bounded(handle, size)
    except OSError as exc:
        raise ArgumentError(
            msg("{path}: cannot read the file ({value})", path=path, value=os_reason(exc))
        ) from None
    source: list[bytes | str] = [data]
    del data
    lines, encoding = _load(source, where)
    return _parse_lines(lines, encoding, str(path), where, kind=kind, lenient=lenient, rating=rating)


def parse_trf(
    data: bytes | str,
    path: str = "<string>",
    *,
    kind: TournamentKind | None = None,
    lenient: bool = False,
    team_event: bool = False,
    rating: str | None = None,
) -> Tournament:
    """Parse TRF text (bytes are decoded as UTF-8, else Windows-1252, else Latin-1).

    ``path`` names the text in messages; ``kind``, ``lenient`` and ``rating`` are as in :func:`read_trf`.
    ``team_event`` reads the players of a team tournament (:mod:`spareggio.io.teams` ranks the teams).

    :raises InputError: for any problem in the text, with its position.
    """
    where = printable_path(path)
    lines, encoding = _load([data], where)
    return _parse_lines(
        lines, encoding, path, where, kind=kind, lenient=lenient, team_event=team_event, rating=rating
    )


def parse_trf_team(
    data: bytes | str,
    path: str = "<string>",
    *,
    kind: TournamentKind | None = None,
    lenient: bool = False,
) -> tuple[Tournament, TeamLines]:
    """Parse the TRF text of a team tournament once: the players (as :func:`parse_trf` with
    ``team_event``) and the lines of its team records, decoded and numbered by the same pass, for
    :func:`spareggio.io.trf.teams.read_team_records`."""
    where = printable_path(path)
    lines, encoding = _load([data], where)
    records = _scan(lines, where)
    if not records.players:
        _printed_by_a_program(lines, where)
    del lines[:]
    t = _from_records(records, encoding, path, where, kind=kind, lenient=lenient, team_event=True)
    empty = records.empty_boards
    assert empty is not None
    return t, TeamLines(where, tuple(records.team_lines), empty)


def _parse_one_by_one(
    data: bytes | str, path: str = "<string>", *, kind: TournamentKind | None = None, lenient: bool = False
) -> Tournament:
    """:func:`parse_trf` reading every ``001`` record with the line parser (the reference that the array
    decoder must match; slower)."""
    where = printable_path(path)
    lines, encoding = _load([data], where)
    return _parse_lines(lines, encoding, path, where, kind=kind, lenient=lenient, vectorised=False)


def _parse_lines(
    lines: list[str],
    encoding: str,
    path: str,
    where: str,
    *,
    kind: TournamentKind | None,
    lenient: bool,
    vectorised: bool = True,
    team_event: bool = False,
    rating: str | None = None,
) -> Tournament:
    """The tournament in the lines of a file (emptied: only the records are kept); ``team_event``: the
    players of a team event, ranked as individuals (a board won with no opponent is said)."""
    records = _scan(lines, where)
    if not records.players:
        _printed_by_a_program(lines, where)
    del lines[:]
    t = _from_records(
        records,
        encoding,
        path,
        where,
        kind=kind,
        lenient=lenient,
        vectorised=vectorised,
        team_event=team_event,
        rating=rating,
    )
    if team_event and records.empty_boards is not None:
        t.warnings.extend(_boards_won_without_opponent(t, records.empty_boards, where))
    return t


def _printed_by_a_program(lines: list[str], where: str) -> None:
    """A text without player records that a program marks as its printout (Vega's standings as text:
    ``Generated by Vega - www.vegachess.com`` at its end) is refused naming the program.

    :raises TrfSyntaxError: naming the program and what to give instead.
    """
    said = cast("Callable[[str], Text | None]", load("program-printout"))("\n".join(lines[:20] + lines[-20:]))
    if said is not None:
        raise TrfSyntaxError(said, Position(where, 1, 1))


_NAMED = 10
"""How many boards the note on boards won without an opponent names (then "and n more")."""


def _boards_won_without_opponent(t: Tournament, empty: np.ndarray, where: str) -> list[Diagnostic]:
    """The note that ranks a team event's players as individuals: every ``0000 - +`` (a board won
    against an empty board, or in a forfeited match) is the player's point without an opponent, which
    the individual standings count as a pairing-allocated bye (C.07 16.2.1: not a voluntary unplayed
    round; with no scheduled opponent there is no forfeit to count as played under ``/P``)."""
    rows, rounds = np.nonzero(empty == EMPTY_BOARD_WIN)
    if len(rows) == 0:
        return []
    order = sorted(zip(rounds.tolist(), rows.tolist(), strict=True))
    items = [
        msg("{name} ({start_number}) round {number}", name=t.players[i].name,
            start_number=t.players[i].start_number, number=r + 1)
        for r, i in order[:_NAMED]
    ]  # fmt: skip
    if len(order) > _NAMED:
        items.append(msg("and {count} more", count=len(order) - _NAMED))
    r, i = order[0]
    first = t.players[i].position
    line = first.line if first is not None else 1
    return [
        Diagnostic(
            "empty-board-as-bye",
            msg(
                "{count} board(s) won with no opponent ('0000 - +': an empty board or a forfeited match) "
                "counted as pairing-allocated byes in the individual standings: {items}",
                count=len(order),
                items=joined(items, ", "),
            ),
            Position(where, line, _FIRST_BLOCK + 10 * r + 7),
        )
    ]


def _from_records(
    records: _Records,
    encoding: str,
    path: str,
    where: str,
    *,
    kind: TournamentKind | None,
    lenient: bool,
    vectorised: bool = True,
    team_event: bool = False,
    rating: str | None = None,
) -> Tournament:
    """The tournament in the records of a file."""
    if not records.players:
        raise TrfSyntaxError(
            msg("no player records (lines starting with '001') in the file"), Position(where, 1, 1)
        )
    if encoding == "utf-8":  # names padded to their width in bytes (:mod:`.columns`)
        for entries in (records.players, records.team_lines):
            records.notes.extend(realign(entries, where))
    if vectorised:
        ct = _read_players(records.players, where, records.notes)
    else:
        ct = _read_players_one_by_one(records.players, where, records.notes)
    if team_event:  # '0000 - +' is a board won against an empty board, not an old spelling of a bye
        records.notes[:] = [d for d in records.notes if d.code != "bye-as-forfeit"]
    records.notes.sort(key=lambda d: _place(d.position))
    return _build(ct, records, where, path, encoding, kind, lenient, team_event, rating)


# --------------------------------------------------------------------------------------------------
# consistency and the tournament


def _build(
    ct: _Crosstable,
    records: _Records,
    where: str,
    path: str,
    encoding: str,
    forced_kind: TournamentKind | None,
    lenient: bool,
    team_event: bool = False,
    rating: str | None = None,
) -> Tournament:
    warnings = records.notes
    headers, header_pos = records.headers, records.header_pos
    clubs = not team_event and only_013(records.team, headers)
    if not team_event and not clubs:
        _refuse_team_event(records)
    n = len(ct.players)
    start = np.fromiter((p.start_number for p in ct.players), dtype=np.int64, count=n)
    index = _index_start_numbers(start, ct, where)

    # in a team event, record 240 names teams: spareggio.io.teams reads it
    extra = _bye_records([] if team_event else records.byes, index, where)
    width = max(ct.opponent.shape[1], max((r + 1 for _, r in extra), default=0))
    opp_start = _widen(ct.opponent, width, 0)
    color = _widen(ct.color, width, 0)
    kind = _widen(ct.kind, width, int(K.ABSENT))
    short = _widen(ct.short, width, False)
    code = _widen(ct.code, width, 32)
    opponent = _opponents(opp_start, index, ct, where)
    pseudo = pseudo_players(ct.players, kind)
    if pseudo.any():
        ct, opponent, kind, color, short, code, extra = _drop_pseudo(
            ct, pseudo, opponent, kind, color, short, code, extra, warnings, where
        )

    for (i, r), (bye_kind, pos) in extra.items():
        current = ResultKind(int(kind[i, r]))
        if current is K.ABSENT and not (r < ct.cells[i] and code[i, r] == ord("-")):
            kind[i, r] = bye_kind
        elif current != bye_kind:
            raise TrfConsistencyError(
                msg(
                    "record 240 gives player {start_number} a {label} in round {number}, but the player's line says {label2}",
                    start_number=ct.players[i].start_number,
                    label=Text(bye_kind.label, "kind"),
                    number=r + 1,
                    label2=Text(current.label, "kind"),
                ),
                pos,
                related=Position(where, ct.lines[i], 1),
            )

    games = _Games(ct, opponent, kind, color, short, code, where)
    games.check(lenient, warnings)

    opponent, kind, color, short = finish(opponent, kind, color, short)
    rounds = kind.shape[1]
    if clubs:  # records 013 alone: a team tournament's rosters, or lists of an individual one
        starts = [p.start_number for p in ct.players]
        reason = not_team_matches(records.team_lines, where, starts, opponent, HAS_OPPONENT[kind])
        if reason is None:
            _refuse_team_event(records)
        else:
            warnings.append(club_lists_note(reason, records.team["013"]))
    if team_event:
        unpaired = opponent < 0
        result = code[:, :rounds]
        records.empty_boards = np.where(
            unpaired & (result == ord("+")), EMPTY_BOARD_WIN,
            np.where(unpaired & (result == ord("-")), EMPTY_BOARD_LOSS, 0),
        ).astype(np.int8)  # fmt: skip
    _check_pending(kind, opponent, ct, where)
    if team_event:
        adjustments: tuple[PointAdjustment, ...] = ()
        warnings.extend(
            Diagnostic(
                "record-not-applied",
                msg(
                    "record 299 (points assigned outside the results) is read but not applied: the points of the "
                    "results are used"
                ),
                pos,
            )
            for _, pos in records.adjustments
        )
    elif records.adjustments:
        numbers = [p.start_number for p in ct.players]
        by_number = np.full(max(numbers) + 1, -1, dtype=np.int64)
        by_number[numbers] = np.arange(len(numbers))
        adjustments = read_adjustments(records.adjustments, by_number, numbers, kind, warnings)
    else:  # no record 299 (most files)
        adjustments = ()

    # header data
    scoring = Scoring()
    if "162" in headers:
        scoring = _parse_scoring("162 " + headers["162"], header_pos["162"])
    dates = _event_dates(headers, header_pos, warnings)
    announced = _announced_rounds(headers, header_pos, warnings)
    if announced is not None and announced < rounds:
        warnings.append(
            Diagnostic(
                "rounds-mismatch",
                msg(
                    "the file announces {announced} rounds but holds data for {rounds}",
                    announced=announced,
                    rounds=rounds,
                ),
                header_pos.get("142") or header_pos.get("XXR"),
            )
        )

    tiebreaks: tuple[str, ...] | None = None
    tb_pos: Position | None = None
    if "212" in headers:
        items = _split_tiebreaks(headers["212"])
        if items and items[0].upper() == "PTS":
            items = items[1:]
        elif any(item.upper() == "PTS" for item in items):
            before = items[: [item.upper() for item in items].index("PTS")]
            warnings.append(
                Diagnostic(
                    "points-not-first",
                    msg(
                        "record 212 puts {tiebreaks} before the points (PTS): the standings rank by {tiebreaks} "
                        "first, as the file asks",
                        tiebreaks=", ".join(before),
                    ),
                    header_pos["212"],
                )
            )
        tiebreaks, tb_pos = tuple(items), header_pos["212"]
    elif "202" in headers:
        tiebreaks, tb_pos = tuple(_split_tiebreaks(headers["202"])), header_pos["202"]

    decisions = Decisions()
    for record, text, pos in records.decisions:
        decisions = parse_record(record, text, pos, decisions)

    players, rating_method = apply_national(
        list(ct.players), records.national, headers, header_pos, where, rating, warnings
    )
    t = Tournament(
        decisions=decisions,
        name=headers.get("012", "").strip(),
        players=tuple(players),
        rating_method=rating_method,
        opponent=opponent,
        kind=kind,
        color=color,
        short_game=short,
        scoring=scoring,
        start_date=dates.start,
        end_date=dates.end,
        start_date_text=headers.get("042"),
        start_date_readings=dates.start_readings,
        start_date_note=dates.decided_by,
        start_date_position=Position(header_pos["042"].path, header_pos["042"].line, 5)
        if "042" in header_pos
        else None,
        round_dates=dates.rounds,
        round_one_readings=dates.round_one_readings,
        city=headers.get("022", "").strip(),
        federation=headers.get("032", "").strip(),
        announced_rounds=announced,
        tiebreak_list=tiebreaks,
        tiebreak_list_position=tb_pos,
        headers=headers,
        adjustments=adjustments,
        warnings=warnings,
        source=path,
        encoding=encoding,
    )
    if forced_kind is not None:
        t.kind_of_event, t.kind_source = forced_kind, KindSource.OPTION
    else:
        t.kind_of_event, t.kind_source, t.kind_basis = _decide_kind(t, headers)
    _check_points(t, warnings)
    return t
