"""Reader of an event's games in PGN (Portable Game Notation), read with python-chess.

Every game is one pairing.  What is read, from the tags only (the moves are not needed):

- **Round** ``"3"`` or ``"3.2"`` (round 3, board 2): the round of the game.  A game without a round
  number is an error.
- **White**, **Black**: the players, matched across games by their FIDE id (``WhiteFideId``,
  ``BlackFideId``) when a game gives one, else by name (compared without case, accents or extra
  blanks).  Start numbers are given by rating (highest first), then name.
- **Result** ``1-0``, ``0-1``, ``1/2-1/2``; ``*`` is a game not (yet) played: allowed in the last
  round only, where it is a pairing without result.  A decisive game whose ``Termination`` is
  ``unplayed`` or ``forfeit`` is a forfeit.
- **WhiteElo**/**BlackElo**, **WhiteTitle**/**BlackTitle**: rating and title from the player's first
  game (earliest round).
- **Event**, **Site**, **EventDate** (else the earliest **Date**): the event's name, place and start.

A round in which a player has no game is a bye or an absence: PGN cannot tell them apart, so the
reader counts it as :data:`BYES` says (``--byes``, default ``absent``: not paired, no point) and
warns.  Rounds without a game up to the end count as a withdrawal when counted ``absent``.  Swiss or
round robin is inferred from the pairings, as for TRF.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import functools
import io
import re
import unicodedata

import chess.pgn
import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..base.errors import ArgumentError, Diagnostic, InputError, Position
from ..base.i18n import Field, Text, joined, msg
from ..core.crosstable import is_bye_name
from ..core.dates import calendar_day
from ..core.model import Color, Player, ResultKind, Tournament, TournamentKind
from .assemble import MAX_ROUNDS, Crosstable, assemble, checked, decode, small_int, too_many_rounds
from .heads import PGN_BYES as BYES
from .heads import PGN_EXTENSIONS as EXTENSIONS
from .heads import PGN_MAX_BYTES as MAX_FILE_BYTES
from .heads import sniff_pgn as sniff
from .limits import MAX_NAME_CHARS, MAX_TEXT_CHARS, clean_lines
from .options import ReadOptions

__all__ = ["BYES", "EXTENSIONS", "MAX_FILE_BYTES", "parse", "parse_pgn", "sniff", "write_pgn"]

K = ResultKind
_RESULTS = {
    "1-0": (K.PLAYED_WIN, K.PLAYED_LOSS),
    "0-1": (K.PLAYED_LOSS, K.PLAYED_WIN),
    "1/2-1/2": (K.PLAYED_DRAW, K.PLAYED_DRAW),
    "½-½": (K.PLAYED_DRAW, K.PLAYED_DRAW),
    "*": (K.PENDING, K.PENDING),
}
_FORFEIT = {
    K.PLAYED_WIN: K.FORFEIT_WIN,
    K.PLAYED_LOSS: K.FORFEIT_LOSS,
}
_UNPLAYED_TERMINATIONS = {"unplayed", "forfeit", "forfeited", "no show"}
_ROUND = re.compile(r"^\s*(\d{1,3})(?:\.(\d{1,4}))?\s*$")
_TAG = re.compile(r'^[ \t]*\[[ \t]*(\w+)[ \t]+"', re.MULTILINE)
def parse(data: bytes, name: str, options: ReadOptions) -> Tournament:
    """The registry's entry point: :func:`parse_pgn` with the reader options."""
    return parse_pgn(data, name, kind=options.kind, byes=options.byes)


@dataclass
class _Game:
    """A game of the PGN file, as its tags give it."""

    round: int
    board: int | None
    white: int
    black: int
    result: tuple[ResultKind, ResultKind]
    where: _Tags


@dataclass
class _Bye:
    """A game against a name that stands for the bye (``BYE``, as Vega writes a bye in its PGN):
    the player's bye in that round, worth what its result gives (None: no result, ``*``)."""

    round: int
    player: int
    name: str
    """The bye's name as written."""
    kind: ResultKind | None
    where: _Tags


_BYE_RESULT = {
    ResultKind.PLAYED_WIN: ResultKind.PAB,
    ResultKind.FORFEIT_WIN: ResultKind.PAB,
    ResultKind.PLAYED_DRAW: ResultKind.HALF_BYE,
    ResultKind.PLAYED_LOSS: ResultKind.ZERO_BYE,
    ResultKind.FORFEIT_LOSS: ResultKind.ZERO_BYE,
}
"""The bye a game against the bye's name gives, by the player's result: a win the pairing-allocated
bye (a point), a draw a half-point bye, a loss a zero-point bye; no result (``*``) none of them."""


@dataclass
class _Entrant:
    """A player of the PGN file, as first met in its tags."""

    name: str
    fide_id: str
    rating: int | None
    title: str
    first_round: int
    position: Position


@functools.lru_cache(maxsize=65536)
def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).replace(",", " ").split())


def _date(value: str | None) -> _dt.date | None:
    if not value:
        return None
    m = re.match(r"^\s*(\d{4})[.\-/](\d{2})[.\-/](\d{2})\s*$", value)
    return calendar_day(int(m.group(1)), int(m.group(2)), int(m.group(3))) if m is not None else None


class _Reader:
    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.warnings: list[Diagnostic] = []

    def position(self, offset: int) -> Position:
        line = bisect.bisect_right(self.starts, offset)
        return Position(self.path, line, offset - self.starts[line - 1] + 1)

    def tags(self, start: int, end: int) -> _Tags:
        """Where every tag of the game between two offsets is written (the offset of its value)."""
        found: dict[str, int] = {}
        for m in _TAG.finditer(self.text, start, end):
            if m.group(1) in found and m.group(1) in ("White", "Round"):
                raise InputError(
                    msg(
                        "a second {tag} tag in one game: a blank line must separate a game's moves from the next game's tags",
                        tag=m.group(1),
                    ),
                    self.position(m.end()),
                )
            found.setdefault(m.group(1), m.end())
        return _Tags(self, found, min(found.values(), default=start))


class _Tags:
    """The tags of one game and where they are; positions are computed only when asked (for an
    error or a player's first appearance)."""

    __slots__ = ("first", "offsets", "reader")

    def __init__(self, reader: _Reader, offsets: dict[str, int], first: int) -> None:
        self.reader, self.offsets, self.first = reader, offsets, first

    def pos(self, tag: str | None = None) -> Position:
        """The position of a tag's value, else of the game's first tag."""
        return self.reader.position(self.offsets.get(tag, self.first) if tag else self.first)

    def text(self, headers: chess.pgn.Headers, tag: str, *, name: bool = False) -> str:
        """A tag's value, stripped, refused beyond the limits of docs/limits.md."""
        value = headers.get(tag, "").strip()
        if len(value) > MAX_TEXT_CHARS or (name and len(value) > MAX_NAME_CHARS):
            checked(value, self.pos(tag), name=name)
        return value


def parse_pgn(
    data: bytes | str, path: str = "<string>", *, kind: TournamentKind | None = None, byes: str | None = None
) -> Tournament:
    """Read the games of an event in PGN and build its tournament (see the module's text).

    :param byes: how a round without a game counts (a key of :data:`BYES`; default ``absent``).
    :raises InputError: for a game that cannot be placed (no round, unknown result, a player twice in
        one round), with its file, line and column.
    """
    how = (byes or "absent").strip().lower()
    if how not in BYES:
        raise ArgumentError(
            msg(
                "unknown {field} value {value!r}; known values: {known}",
                field=Field.BYES, value=byes, known=", ".join(BYES),
            )
        )
    text = clean_lines(decode(data, path) if isinstance(data, bytes) else data.removeprefix("\ufeff"))
    reader = _Reader(text, path)
    handle = io.StringIO(text)
    games: list[_Game | _Bye] = []
    entrants: list[_Entrant] = []
    by_key: dict[tuple[str, str], int] = {}
    event: dict[str, str] = {}
    dates: list[_dt.date] = []
    while True:
        start = handle.tell()
        headers = chess.pgn.read_headers(handle)
        if headers is None:
            break
        end = handle.tell()
        where = reader.tags(start, end)
        for key in ("Event", "Site", "EventDate"):
            if key not in event and headers.get(key, "?").strip() not in ("", "?"):
                event[key] = where.text(headers, key)
        day = _date(headers.get("Date"))
        if day is not None:
            dates.append(day)
        games.append(_game(headers, where, entrants, by_key))
    if not games:
        raise InputError(msg("no games in the file (a PGN game starts with tags such as [White \"...\"])"),
                         Position(path, 1, 1))  # fmt: skip
    return _build(reader, games, entrants, event, dates, how, kind)


def _player(
    entrants: list[_Entrant],
    by_key: dict[tuple[str, str], int],
    name: str,
    fide_id: str,
    elo: str,
    title: str,
    rnd: int,
    at: _Tags,
    tag: str,
) -> int:
    fide = fide_id.strip() if fide_id.strip() not in ("", "0", "?", "-") else ""
    folded = _fold(name)
    index = by_key.get(("fide", fide)) if fide else None
    if index is None:
        index = by_key.get(("name", folded))
        if index is not None and fide and entrants[index].fide_id and entrants[index].fide_id != fide:
            index = None  # two players of one name, told apart by their FIDE ids
    rating = small_int(elo) or None
    if index is None:
        index = len(entrants)
        entrants.append(_Entrant(name.strip(), fide, rating, title.strip(), rnd, at.pos(tag)))
    else:
        e = entrants[index]
        if fide and not e.fide_id:
            e.fide_id = fide
        if rnd < e.first_round:
            e.first_round, e.rating, e.title = rnd, rating, title.strip() or e.title
    if fide:
        by_key[("fide", fide)] = index
    by_key.setdefault(("name", folded), index)
    return index


def _game(
    headers: chess.pgn.Headers,
    where: _Tags,
    entrants: list[_Entrant],
    by_key: dict[tuple[str, str], int],
) -> _Game | _Bye:
    raw_round = headers.get("Round")
    m = _ROUND.match(raw_round or "")
    if m is None or int(m.group(1)) < 1:
        if raw_round is None:
            raise InputError(msg("the game has no Round tag: its round is unknown"), where.pos())
        raise InputError(
            msg(
                'Round {value!r} is not a round number (write "3" or "3.2", round 3 board 2)', value=raw_round
            ),
            where.pos("Round"),
        )
    rnd = int(m.group(1))
    if rnd > MAX_ROUNDS:
        raise too_many_rounds(rnd, where.pos("Round"))
    board = int(m.group(2)) if m.group(2) else None
    names = {colour: where.text(headers, colour, name=True) for colour in ("White", "Black")}
    for colour, name in names.items():
        if name in ("", "?"):
            raise InputError(msg("the game has no {tag} player", tag=colour), where.pos(colour))
    raw_result = headers.get("Result", "").strip()
    if raw_result not in _RESULTS:
        raise InputError(
            msg("Result {value!r} is not a game result (1-0, 0-1, 1/2-1/2 or *)", value=raw_result),
            where.pos("Result"),
        )
    byes = [colour for colour, name in names.items() if is_bye_name(name)]
    if len(byes) == 1:  # a bye written as a game (Vega: [Black "BYE"] [Result "*"])
        (colour,) = {"White", "Black"} - set(byes)
        own = _RESULTS[raw_result][0 if colour == "White" else 1]
        player = _player(
            entrants, by_key, names[colour], where.text(headers, f"{colour}FideId"),
            headers.get(f"{colour}Elo", ""), where.text(headers, f"{colour}Title"), rnd, where, colour,
        )  # fmt: skip
        return _Bye(rnd, player, names[byes[0]], _BYE_RESULT.get(own), where)
    sides = []
    for colour in ("White", "Black"):
        name = names[colour]
        sides.append(
            _player(
                entrants,
                by_key,
                name,
                where.text(headers, f"{colour}FideId"),
                headers.get(f"{colour}Elo", ""),
                where.text(headers, f"{colour}Title"),
                rnd,
                where,
                colour,
            )
        )
    if sides[0] == sides[1]:
        raise InputError(
            msg("{name} plays against himself", name=headers.get("White", "")), where.pos("Black")
        )
    result = _RESULTS[raw_result]
    if headers.get("Termination", "").strip().lower() in _UNPLAYED_TERMINATIONS and result[0] in _FORFEIT:
        result = (_FORFEIT[result[0]], _FORFEIT[result[1]])
    return _Game(rnd, board, sides[0], sides[1], result, where)


def _build(
    reader: _Reader,
    games: list[_Game | _Bye],
    entrants: list[_Entrant],
    event: dict[str, str],
    dates: list[_dt.date],
    how: str,
    kind: TournamentKind | None,
) -> Tournament:
    # start numbers: rating (highest first), then name
    order = sorted(range(len(entrants)), key=lambda i: (-(entrants[i].rating or 0), _fold(entrants[i].name)))
    index = {old: new for new, old in enumerate(order)}
    players = [
        Player(
            start_number=new + 1,
            name=entrants[old].name,
            title=entrants[old].title,
            rating=entrants[old].rating,
            fide_id=entrants[old].fide_id,
            position=entrants[old].position,
        )
        for new, old in enumerate(order)
    ]
    rounds = max(g.round for g in games)
    cells: dict[tuple[int, int], _Tags] = {}

    def where(i: int, r: int) -> Position:
        tags = cells.get((i, r))
        if tags is not None:
            return tags.pos("Round")
        return players[i].position or Position(reader.path, 1, 1)

    ct = Crosstable.empty(players, rounds, where)
    written = np.zeros((len(players), rounds), dtype=bool)
    """Byes written as games against the bye's name with a result: their kind is theirs."""
    bye_games = [g for g in games if isinstance(g, _Bye)]
    for g in games:
        r = g.round - 1
        if isinstance(g, _Bye):
            side = index[g.player]
            if (side, r) in cells:
                raise InputError(
                    msg(
                        "{name} has two games in round {round} (the other is at line {line})",
                        name=players[side].name, round=g.round, line=cells[(side, r)].pos("Round").line,
                    ),
                    g.where.pos("Round"),
                )  # fmt: skip
            cells[(side, r)] = g.where
            if g.kind is not None:
                ct.kind[side, r] = g.kind
                written[side, r] = True
            continue
        for side, colour, other in (
            (index[g.white], Color.WHITE, index[g.black]),
            (index[g.black], Color.BLACK, index[g.white]),
        ):
            if (side, r) in cells:
                raise InputError(
                    msg(
                        "{name} has two games in round {round} (the other is at line {line})",
                        name=players[side].name,
                        round=g.round,
                        line=cells[(side, r)].pos("Round").line,
                    ),
                    g.where.pos("Round"),
                )
            cells[(side, r)] = g.where
            ct.opponent[side, r] = other
            ct.color[side, r] = colour
        ct.kind[index[g.white], r] = g.result[0]
        ct.kind[index[g.black], r] = g.result[1]
    if bye_games:
        ct.warnings.append(_bye_games_note(bye_games, reader.path))
    missing = (ct.opponent < 0) & ~written
    if missing.any():
        ct.kind[missing] = BYES[how]
        ct.warnings.append(_byes_warning(players, missing, how, reader.path))
    ct.warnings.extend(reader.warnings)
    start = _date(event.get("EventDate")) or (min(dates) if dates else None)
    return assemble(
        ct,
        reader.path,
        kind=kind,
        name=event.get("Event", ""),
        city=event.get("Site", ""),
        start_date=start,
        start_date_text=f"{start:%Y-%m-%d}" if start else None,
        encoding="utf-8",
    )


def _bye_games_note(byes: list[_Bye], path: str) -> Diagnostic:
    """What the games against the bye's name were read as."""
    unknown = sum(b.kind is None for b in byes)
    return Diagnostic(
        "pgn-bye-games",
        msg(
            "{count} games against {name!r} read as byes, not games: a win as the pairing-allocated bye, a "
            "draw as a half-point bye, a loss as a zero-point bye; {unknown} without a result ('*') count as "
            "the rounds without a game",
            count=len(byes), name=byes[0].name, unknown=unknown,
        ),
        byes[0].where.pos("Round"),
    )  # fmt: skip


def _byes_warning(players: list[Player], missing: npt.NDArray[np.bool_], how: str, path: str) -> Diagnostic:
    cells = np.argwhere(missing.T)  # (round, player), round by round
    shown = [
        msg("{name} in round {round}", name=players[int(i)].name, round=int(r) + 1) for r, i in cells[:5]
    ]
    more = len(cells) - len(shown)
    listed: Text = joined(shown, ", ")
    if more:
        listed = msg("{listed} and {count} more", listed=listed, count=more)
    return Diagnostic(
        "pgn-byes",
        msg(
            "PGN cannot tell a bye from an absence: {count} rounds without a game ({listed}) counted as "
            "{how} (choose with {field}: absent|zero|half|full|pab)",
            field=Field.BYES,
            count=len(cells),
            listed=listed,
            how=Text(_BYE_WORDS[how], "byes"),
        ),
        Position(path, 1, 1),
    )


_BYE_WORDS = {
    "absent": "absent (not paired, no point)",
    "zero": "zero-point byes",
    "half": "half-point byes",
    "full": "full-point byes",
    "pab": "pairing-allocated byes (1 point)",
}


# -- writing ---------------------------------------------------------------------------------------

_WRITE_RESULT = {
    K.PLAYED_WIN: "1-0",
    K.PLAYED_LOSS: "0-1",
    K.PLAYED_DRAW: "1/2-1/2",
    K.FORFEIT_WIN: "1-0",
    K.FORFEIT_LOSS: "0-1",
    K.PENDING: "*",
}
"""The Result of a game by the White player's kind."""


def write_pgn(t: Tournament) -> str:
    """The pairings of a tournament as PGN, one game (tags, no moves) per pairing, in the layout
    :func:`parse_pgn` reads: ``Round "r.b"`` (boards in the order of the White player's start
    number), players' ratings and FIDE ids, forfeits with ``Termination "unplayed"``.  Byes and
    absences are rounds without a game: read back with ``byes`` set to the kind they were.

    :raises ArgumentError: for a double forfeit, which PGN cannot hold.
    """
    out = []
    for r in range(t.rounds):
        day = t.round_dates[r] if r < len(t.round_dates) and t.round_dates[r] else t.start_date
        pairs = []
        for i in range(t.n_players):
            j = int(t.opponent[i, r])
            if j < 0:
                continue
            white = t.color[i, r] == Color.WHITE or (t.color[i, r] == Color.NONE and i < j)
            if white:
                pairs.append((i, j))
        pairs.sort(key=lambda p: t.players[p[0]].start_number)
        for board, (w, b) in enumerate(pairs, start=1):
            kind = ResultKind(int(t.kind[w, r]))
            if kind not in _WRITE_RESULT:
                raise ArgumentError(
                    msg(
                        "round {round}: a {label} cannot be written in PGN",
                        round=r + 1,
                        label=Text(kind.label, "kind"),
                    )
                )
            game = chess.pgn.Game()
            game.headers["Event"] = t.name or "?"
            game.headers["Site"] = t.city or "?"
            game.headers["Date"] = f"{day:%Y.%m.%d}" if day else "????.??.??"
            game.headers["Round"] = f"{r + 1}.{board}"
            game.headers["White"] = t.players[w].name
            game.headers["Black"] = t.players[b].name
            game.headers["Result"] = _WRITE_RESULT[kind]
            if t.start_date:
                game.headers["EventDate"] = f"{t.start_date:%Y.%m.%d}"
            for side, i in (("White", w), ("Black", b)):
                p = t.players[i]
                if p.rating:
                    game.headers[f"{side}Elo"] = str(p.rating)
                if p.title:
                    game.headers[f"{side}Title"] = p.title
                if p.fide_id:
                    game.headers[f"{side}FideId"] = p.fide_id
            if kind in (K.FORFEIT_WIN, K.FORFEIT_LOSS):
                game.headers["Termination"] = "unplayed"
            out.append(str(game))
    return "\n\n".join(out) + "\n"
