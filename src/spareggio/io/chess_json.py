"""Chess-JSON: the JSON event format of the FIDE reference tie-break program (its schema is the
``jsonscheme.py`` of the FIDE TieBreakServer), read for individual and team events.

What is read (``$`` is the document; the first tournament of ``$.event.tournaments``, with a warning
when there are more)::

    {"filetype": "Event", "version": "1.0", "origin": ..., "published": ...,
     "event": {"eventName" | "name": ..., "eventInfo": {"fullName", "site", "federation",
                                                      "startDate", "endDate"},
               "ratingLists": [{"listName": "TRF"}], "profiles": [...], "teams": [...],
               "tournaments": [{"tournamentType": "Individual: Swiss-System" or a TRF-26 192 code,
                                "numRounds": 9, "teamTournament": false, "rankOrder": ["PTS", "BH/C1"],
                                "ratingList": "TRF",
                                "scoreSystem": {"game": {"W": "1.0", "D": "0.5", "L": "0.0", "Z": "0.0",
                                                         "P": "W", ...}, "match": {...}},
                                "competitors": [...], "gameList": [...], "matchList": [...]}]}}

* A **profile** (``id``, ``lastName``, ``firstName``, ``fideName``, ``sex``, ``federation``,
  ``fideId``, ``birth``, ``fideTitle``, ``rating``: one per rating list) is a person; a
  **competitor** (``cid``, ``profileId``, ``rating``, ``gamePoints``, ``rank``, ``tpn``) is a player
  of the tournament, numbered by ``tpn`` (else ``cid``).  In a team tournament the competitors are
  teams (``cid`` = the team's number, ``teamId``, ``matchPoints``, ``gamePoints``, ``rank``) whose
  ``cplayers`` are the players, in board order.
* A **game** names the round, ``white`` and ``black`` (competitor ``cid``; ``black`` 0: no opponent),
  ``wResult`` / ``bResult`` (``W`` ``D`` ``L`` ``Z`` ``P`` ``U`` ``A``), ``played`` and ``rated``:
  played ``W``/``D``/``L`` are games (not rated: shorter than one move), unplayed ``W`` against ``Z``
  a forfeit, ``Z`` against ``Z`` a double forfeit; without an opponent ``P`` is the pairing-allocated
  bye, ``W`` a full-point, ``D`` a half-point, ``Z`` a zero-point bye and ``U`` not paired; ``A`` (an
  unknown result) is a pairing without result.  A round in which a player has no game is "not
  paired".
* The scoring comes from ``scoreSystem.game`` (a value, or the letter of another entry): ``W``,
  ``D``, ``L``, ``Z`` (absence) and ``P`` (the PAB); full- and half-point byes score as ``W`` and
  ``D`` in spareggio, a file that scores them otherwise is said in a warning.
* ``rankOrder`` is the file's tie-break list (a leading ``PTS`` dropped, as for TRF-26 record 212).

Errors are one line with the line and column of the value and its JSON path, as for spareggio's own
JSON.  A team tournament becomes the rosters and match scoring that the TRF team reader takes
(records 310, 362 and 192, placed at the lines of the team competitors), so the team checks and
messages are the same as for a TRF file.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction

import numpy as np

from ..base.errors import Diagnostic, InputError, InputLimitError, Position
from ..base.i18n import msg
from ..core.crosstable import infer_kind, points_message, points_mismatches
from ..core.dates import DateReading, readings
from ..core.model import KindSource, Player, Scoring, Tournament, TournamentKind
from .cells import crosstable_from_cells
from .heads import CHESS_JSON_MAX_BYTES as MAX_FILE_BYTES
from .heads import sniff_chess_json as sniff
from .jsontext import JsonArray, JsonObject, JsonValue, Locator, PathStep, json_path, load_json
from .limits import clean_text
from .options import Event, ReadOptions
from .tournament_json import MAX_POINTS, POINTS_CHARS
from .trf.headers import _event_kind_from_text
from .trf.records import TeamLines
from .trf.team_matches import build_team_event

__all__ = ["MAX_FILE_BYTES", "parse", "parse_chess_json", "sniff"]

MAX_ROUNDS = 99
MAX_PLAYERS = 1_000_000


_NO_OPPONENT = {"P": "U", "W": "F", "D": "H", "Z": "Z", "L": "Z", "U": "-"}
"""The TRF result of a game without opponent, by its result letter."""
_PLAYED = {"W": "1", "D": "=", "L": "0", "A": " ", "Z": "0"}
_SHORT = {"W": "W", "D": "D", "L": "L", "A": " ", "Z": "L"}
_UNPLAYED = {"W": "+", "Z": "-", "L": "-", "A": " "}


def parse(data: bytes, name: str, options: ReadOptions) -> Event:
    """The reader registry's entry: :func:`parse_chess_json` with the options that apply."""
    return parse_chess_json(data, name, kind=options.kind, teams=options.teams, team_players=options.team_players)


class _Doc:
    """The decoded document, with errors and warnings placed at a JSON path."""

    def __init__(self, text: str, path: str) -> None:
        self.text, self.path = text, path
        self.locator = Locator(text)
        self.warnings: list[Diagnostic] = []
        self._items: dict[tuple[PathStep, ...], list[Position]] = {}

    def position(self, steps: Sequence[PathStep]) -> Position:
        return self.locator.position(self.path, steps)

    def item_position(self, steps: tuple[PathStep, ...]) -> Position:
        """The position of an item of an array, the items of each array located in one scan."""
        parent, index = steps[:-1], steps[-1]
        if parent not in self._items:
            self._items[parent] = self.locator.item_positions(self.path, parent)
        found = self._items[parent]
        return found[index] if isinstance(index, int) and index < len(found) else self.position(steps)

    def error(
        self, steps: Sequence[PathStep], message: str, cls: type[InputError] = InputError
    ) -> InputError:
        return cls(
            msg("{json_path}: {message}", json_path=json_path(steps), message=message), self.position(steps)
        )

    def warn(self, code: str, steps: Sequence[PathStep], message: str) -> None:
        text = msg("{json_path}: {message}", json_path=json_path(steps), message=message)
        self.warnings.append(Diagnostic(code, text, self.position(steps)))

    def obj(self, value: object, steps: tuple[PathStep, ...]) -> JsonObject:
        if not isinstance(value, dict):
            raise self.error(steps, msg("expected an object, found {found}", found=_what(value)))
        return value

    def array(self, value: object, steps: tuple[PathStep, ...]) -> JsonArray:
        if not isinstance(value, list):
            raise self.error(steps, msg("expected an array, found {found}", found=_what(value)))
        return value

    def required(self, obj: JsonObject, key: str, steps: tuple[PathStep, ...]) -> JsonValue:
        if key not in obj:
            raise self.error(steps, msg("the member {key!r} is missing", key=key))
        return obj[key]

    def integer(self, obj: JsonObject, key: str, steps: tuple[PathStep, ...], *, low: int = 0) -> int | None:
        value = obj.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < low or value > 10**9:
            raise self.error(
                (*steps, key),
                msg("expected a whole number of at least {low}, found {found}", low=low, found=_what(value)),
            )
        return value

    def text_of(self, obj: JsonObject, key: str, steps: tuple[PathStep, ...]) -> str:
        value = obj.get(key)
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise self.error((*steps, key), msg("expected a string, found {found}", found=_what(value)))
        return clean_text(str(value).strip())

    def points(self, value: object, steps: tuple[PathStep, ...]) -> Fraction | None:
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise self.error(steps, msg('expected points like "1.5", found {found}', found=_what(value)))
        text = str(value).strip()
        try:
            number = Decimal(text)
        except InvalidOperation:
            raise self.error(
                steps, msg('expected points like "1.5", found {found}', found=_what(value))
            ) from None
        if not number.is_finite() or len(text) > POINTS_CHARS or abs(number) > MAX_POINTS:
            raise self.error(steps, msg('expected points like "1.5", found {found}', found=_what(value)))
        return Fraction(number)


def _what(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "...")
    if isinstance(value, int | float):
        return str(value)
    return "an array" if isinstance(value, list) else "an object"


def parse_chess_json(
    data: bytes | str,
    path: str = "<string>",
    *,
    kind: TournamentKind | None = None,
    teams: bool = True,
    team_players: bool = False,
) -> Event:
    """The event of a Chess-JSON document: its first tournament, a team event when the tournament
    is one (and ``teams`` is set; its players alone with ``team_players``), else the individual
    tournament.

    :raises InputError: for any problem in the document, with its line, column and JSON path.
    """
    text, doc = load_json(data, path)
    d = _Doc(text, path)
    top = d.obj(doc, ())
    filetype = top.get("filetype")
    if not isinstance(filetype, str) or filetype.lower() != "event":
        raise d.error(
            ("filetype",),
            msg("expected 'Event' (a Chess-JSON event file), found {found}", found=_what(filetype)),
        )
    ev = d.obj(d.required(top, "event", ()), ("event",))
    info = d.obj(ev.get("eventInfo") or {}, ("event", "eventInfo"))
    tournaments = d.array(d.required(ev, "tournaments", ("event",)), ("event", "tournaments"))
    if not tournaments:
        raise d.error(("event", "tournaments"), msg("the event holds no tournament"))
    if len(tournaments) > 1:
        d.warn(
            "several-tournaments",
            ("event", "tournaments"),
            msg("the event holds {count} tournaments: the first is read", count=len(tournaments)),
        )
    ts: tuple[PathStep, ...] = ("event", "tournaments", 0)
    tour = d.obj(tournaments[0], ts)
    profiles = _profiles(d, ev, tour)
    team_event = bool(tour.get("teamTournament"))
    competitors = d.array(tour.get("competitors") or [], (*ts, "competitors"))
    entries: list[tuple[JsonObject, tuple[PathStep, ...]]] = []
    roster_of: list[tuple[int, str, list[int], tuple[PathStep, ...]]] = []
    if team_event:
        for k, team in enumerate(competitors):
            steps = (*ts, "competitors", k)
            team = d.obj(team, steps)
            number = d.integer(team, "cid", steps, low=1)
            if number is None:
                raise d.error(steps, msg("the member {key!r} is missing", key="cid"))
            members = d.array(team.get("cplayers") or [], (*steps, "cplayers"))
            ids: list[int] = []
            for b, member in enumerate(members):
                mstep = (*steps, "cplayers", b)
                member = d.obj(member, mstep)
                entries.append((member, mstep))
                ids.append(
                    d.integer(member, "tpn", mstep, low=1) or d.integer(member, "cid", mstep, low=1) or 0
                )
            roster_of.append((number, _team_name(d, ev, team, steps), ids, steps))
    else:
        entries = [
            (d.obj(c, (*ts, "competitors", k)), (*ts, "competitors", k)) for k, c in enumerate(competitors)
        ]
    if not entries:
        raise d.error((*ts, "competitors"), msg("the tournament has no competitors"))
    if len(entries) > MAX_PLAYERS:
        raise d.error(
            (*ts, "competitors"), msg("more than {limit} players", limit=MAX_PLAYERS), InputLimitError
        )
    players, by_cid = _players(d, entries, profiles)
    sno = np.fromiter((p.start_number for p in players), dtype=np.int64, count=len(players))
    opp, result, colour, where = _cells(d, tour, ts, by_cid, sno)
    game_steps = (*ts, "gameList")
    opponent, kinds, color, short = crosstable_from_cells(
        opp,
        result,
        colour,
        sno,
        error=lambda field, i, r, message: d.error(_cell_steps(game_steps, where, field, i, r), message),
        warn=lambda code, field, i, r, message: d.warn(
            code, _cell_steps(game_steps, where, field, i, r), message
        ),
    )
    announced = d.integer(tour, "numRounds", ts)
    scoring = _scoring(d, ev, tour, ts)
    tiebreaks = _rank_order(d, tour, ts)
    (start, start_readings), (end, _) = (_date(d, info, key, ("event", "eventInfo")) for key in ("startDate", "endDate"))
    t = Tournament(
        name=d.text_of(info, "fullName", ("event", "eventInfo"))
        or d.text_of(ev, "eventName", ("event",))
        or d.text_of(ev, "name", ("event",)),
        players=tuple(players),
        opponent=opponent,
        kind=kinds,
        color=color,
        short_game=short,
        scoring=scoring,
        start_date=start,
        end_date=end,
        start_date_text=d.text_of(info, "startDate", ("event", "eventInfo")) or None,
        start_date_readings=start_readings,
        start_date_position=(
            d.position(("event", "eventInfo", "startDate")) if d.text_of(info, "startDate", ("event", "eventInfo")) else None
        ),
        city=d.text_of(info, "site", ("event", "eventInfo")),
        federation=d.text_of(info, "federation", ("event", "eventInfo")),
        announced_rounds=announced,
        tiebreak_list=tiebreaks,
        tiebreak_list_position=d.position((*ts, "rankOrder")) if tiebreaks is not None else None,
        warnings=d.warnings,
        source=path,
        encoding="utf-8",
    )
    # the kind of event as TRF records 092 (free text) and 192 (a TRF-26 code) would give it
    tour_info = tour.get("tournamentInfo")
    for code, value in (
        ("092", tour.get("tournamentType")),
        ("192", tour_info.get("typeOfTournament") if isinstance(tour_info, dict) else None),
    ):
        if isinstance(value, str) and value.strip():
            t.headers[code] = value.strip()
    if kind is not None:
        t.kind_of_event, t.kind_source = kind, KindSource.OPTION
    else:
        for code in ("192", "092"):
            found = _event_kind_from_text(t.headers.get(code, ""))
            if found is not None:
                t.kind_of_event, t.kind_source, t.kind_basis = found, KindSource.FILE, "tournamentType"
                break
        else:
            t.kind_of_event, t.kind_source, t.kind_basis = infer_kind(opponent, len(players))
    if announced is not None and announced < t.rounds:
        d.warn(
            "rounds-mismatch",
            (*ts, "numRounds"),
            msg(
                "the file announces {announced} rounds but holds data for {rounds}",
                announced=announced,
                rounds=t.rounds,
            ),
        )
    if not team_event:
        for i, declared, computed in points_mismatches(t.players, t.kind, t.scoring):
            d.warn(
                "points-mismatch",
                (*entries[i][1], "gamePoints"),
                points_message(t.players[i], declared, computed),
            )
        return t
    if team_players:  # the players alone (--individual): the list of the file ranks the teams
        return dataclasses.replace(t, tiebreak_list=None, tiebreak_list_position=None)
    if not teams:
        raise d.error(
            (*ts, "teamTournament"),
            msg(
                "this is a team tournament: read it with spareggio.read_event (the standings, explain, compare and check commands rank its teams)"
            ),
        )
    lines = _team_lines(d, tour, ts, roster_of, sno, t.rounds)
    return build_team_event(t, lines)


def _profiles(d: _Doc, ev: JsonObject, tour: JsonObject) -> dict[int, tuple[JsonObject, int | None]]:
    """The profiles by id, with the index of the tournament's rating list in their ``rating``."""
    lists = d.array(ev.get("ratingLists") or [], ("event", "ratingLists"))
    wanted = tour.get("ratingList")
    index: int | None = 0 if lists or wanted is None else None
    for k, item in enumerate(lists):
        if isinstance(item, dict) and item.get("listName") == wanted:
            index = k
    out: dict[int, tuple[JsonObject, int | None]] = {}
    for k, profile in enumerate(d.array(ev.get("profiles") or [], ("event", "profiles"))):
        steps: tuple[PathStep, ...] = ("event", "profiles", k)
        profile = d.obj(profile, steps)
        pid = d.integer(profile, "id", steps)
        if pid is None:
            raise d.error(steps, msg("the member {key!r} is missing", key="id"))
        if pid in out:
            raise d.error((*steps, "id"), msg("profile id {value} is given twice", value=pid))
        out[pid] = (profile, index)
    return out


def _players(
    d: _Doc,
    entries: list[tuple[JsonObject, tuple[PathStep, ...]]],
    profiles: dict[int, tuple[JsonObject, int | None]],
) -> tuple[list[Player], dict[int, int]]:
    """The players of the competitors (numbered by ``tpn``, else ``cid``), and player index by ``cid``."""
    players: list[Player] = []
    by_cid: dict[int, int] = {}
    numbers: set[int] = set()
    for c, steps in entries:
        cid = d.integer(c, "cid", steps, low=1)
        if cid is None:
            raise d.error(steps, msg("the member {key!r} is missing", key="cid"))
        if cid in by_cid:
            raise d.error((*steps, "cid"), msg("competitor {value} is given twice", value=cid))
        number = d.integer(c, "tpn", steps, low=1) or cid
        if number in numbers:
            raise d.error((*steps, "tpn"), msg("start number {value} is given twice", value=number))
        numbers.add(number)
        pid = d.integer(c, "profileId", steps)
        profile: JsonObject = {}
        rating_index: int | None = None
        if pid is not None:
            if pid not in profiles:
                raise d.error((*steps, "profileId"), msg("no profile with id {value}", value=pid))
            profile, rating_index = profiles[pid]
        pstep: tuple[PathStep, ...] = ("event", "profiles")
        name = d.text_of(profile, "fideName", pstep)
        if not name:
            last, first = d.text_of(profile, "lastName", pstep), d.text_of(profile, "firstName", pstep)
            name = f"{last}, {first}" if last and first else last or first or f"#{number}"
        held = c.get("rating")
        if isinstance(held, dict):  # gacrux's form: {"list": "TRF", "rating": 1750}
            rating = d.integer(held, "rating", (*steps, "rating"))
        else:
            rating = d.integer(c, "rating", steps)
        if rating is None and rating_index is not None:
            ratings = profile.get("rating")
            chosen = (
                ratings[rating_index] if isinstance(ratings, list) and rating_index < len(ratings) else None
            )
            if isinstance(chosen, int):
                rating = chosen
            elif isinstance(ratings, int) and not isinstance(ratings, bool):
                rating = ratings
        fide_id = profile.get("fideId")
        by_cid[cid] = len(players)
        players.append(
            Player(
                start_number=number,
                name=name,
                sex=d.text_of(profile, "sex", pstep).lower()[:1],
                title=d.text_of(profile, "fideTitle", pstep),
                rating=rating or None,
                federation=d.text_of(profile, "federation", pstep),
                fide_id=str(fide_id) if isinstance(fide_id, int | str) and fide_id else "",
                birth_date=d.text_of(profile, "birth", pstep),
                points=d.points(c.get("gamePoints"), (*steps, "gamePoints")),
                rank=d.integer(c, "rank", steps) or None,
                position=d.item_position(steps),
            )
        )
    return players, by_cid


def _cells(
    d: _Doc, tour: JsonObject, ts: tuple[PathStep, ...], by_cid: dict[int, int], sno: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[tuple[int, int], tuple[int, str, bool]]]:
    """The TRF cells of every (player, round) from the game list, and where each cell came from
    ((player, round) -> (game index, ``white`` or ``black``))."""
    games = d.array(tour.get("gameList") or [], (*ts, "gameList"))
    read: list[tuple[int, int, int, int, JsonObject]] = []  # game index, round, white, black, game
    width = 0
    for k, game in enumerate(games):
        steps = (*ts, "gameList", k)
        game = d.obj(game, steps)
        rnd = d.integer(game, "round", steps, low=1)
        if rnd is None:
            raise d.error(steps, msg("the member {key!r} is missing", key="round"))
        if rnd > MAX_ROUNDS:
            raise d.error(
                (*steps, "round"),
                msg("more than {MAX_ROUNDS} rounds", MAX_ROUNDS=MAX_ROUNDS),
                InputLimitError,
            )
        sides = []
        for side in ("white", "black"):
            value = game.get(side)
            if isinstance(value, dict):  # gacrux's form: {"cid": 1, "result": "W"}, null for no one
                cid = d.integer(value, "cid", (*steps, side))
            else:
                cid = d.integer(game, side, steps)
            if cid and cid not in by_cid:
                raise d.error((*steps, side), msg("no competitor with cid {value}", value=cid))
            sides.append(cid or 0)
        white, black = sides
        if not white and not black:
            raise d.error(steps, msg("the game names no player"))
        width = max(width, rnd)
        read.append((k, rnd - 1, white, black, game))
    n = sno.size
    opp = np.zeros((n, width), dtype=np.int64)
    result = np.full((n, width), ord("-"), dtype=np.uint8)
    colour = np.full((n, width), ord("-"), dtype=np.uint8)
    where: dict[tuple[int, int], tuple[int, str, bool]] = {}
    for k, r, white, black, game in read:
        steps = (*ts, "gameList", k)
        played = game.get("played", True) is not False
        rated = game.get("rated", True) is not False
        for cid, other, side, letter in ((white, black, "white", "w"), (black, white, "black", "b")):
            if not cid:
                continue
            i = by_cid[cid]
            inner = game.get(side)
            nested = isinstance(inner, dict)
            holder: JsonObject = inner if isinstance(inner, dict) else game
            key = "result" if nested else "wResult" if side == "white" else "bResult"
            at: tuple[PathStep, ...] = (*steps, side, key) if nested else (*steps, key)
            code = holder.get(key)
            if code is not None and (not isinstance(code, str) or len(code.strip()) != 1):
                raise d.error(
                    at, msg("expected a result letter (W D L Z P U A), found {found}", found=_what(code))
                )
            code = (code or "A").strip().upper()
            if other:
                table = (_PLAYED if rated else _SHORT) if played else _UNPLAYED
                trf = table.get(code)
            else:
                trf = _NO_OPPONENT.get(code)
            if trf is None:
                raise d.error(
                    at,
                    msg(
                        "result {code!r} does not fit a game {how}",
                        code=code,
                        how=msg("without opponent")
                        if not other
                        else msg("played")
                        if played
                        else msg("not played"),
                    ),
                )
            if (i, r) in where:
                raise d.error(
                    (*steps, side),
                    msg(
                        "player {player} has two games in round {round} (the other is game {index})",
                        player=int(sno[i]),
                        round=r + 1,
                        index=where[(i, r)][0],
                    ),
                )
            where[(i, r)] = (k, side, nested)
            opp[i, r] = int(sno[by_cid[other]]) if other else 0
            result[i, r] = ord(trf)
            colour[i, r] = ord(letter) if other else ord("-")
    return opp, result, colour, where


def _cell_steps(
    games: tuple[PathStep, ...], where: dict[tuple[int, int], tuple[int, str, bool]], field: str, i: int, r: int
) -> tuple[PathStep, ...]:
    found = where.get((i, r))
    if found is None:
        return games
    k, side, nested = found
    other = "black" if side == "white" else "white"
    if nested:  # gacrux's form: the side's object holds its result
        return {"result": (*games, k, side, "result"), "opponent": (*games, k, other)}.get(field, (*games, k, side))
    member = {"opponent": other, "result": "wResult" if side == "white" else "bResult"}
    return (*games, k, member.get(field, side))


def _value(
    d: _Doc, table: JsonObject, letter: str, steps: tuple[PathStep, ...], depth: int = 0
) -> Fraction | None:
    """A score system's value: a number, or the letter of another entry (followed)."""
    value = table.get(letter)
    if isinstance(value, str) and len(value.strip()) == 1 and value.strip().isalpha() and depth < 5:
        return _value(d, table, value.strip().upper(), steps, depth + 1)
    return d.points(value, (*steps, letter))


def _scoring(d: _Doc, ev: JsonObject, tour: JsonObject, ts: tuple[PathStep, ...]) -> Scoring:
    steps: tuple[PathStep, ...] = (*ts, "scoreSystem", "game")
    system = tour.get("scoreSystem")
    game = system.get("game") if isinstance(system, dict) else None
    if game is None and isinstance(tour.get("gameScoreSystem"), str):
        for k, item in enumerate(d.array(ev.get("scoreLists") or [], ("event", "scoreLists"))):
            if isinstance(item, dict) and item.get("listName") == tour["gameScoreSystem"]:
                game, steps = item.get("scoreSystem"), ("event", "scoreLists", k, "scoreSystem")
    if game is None:
        return Scoring()
    table = d.obj(game, steps)
    base = Scoring()
    win, draw, loss, absence, pab = (_value(d, table, x, steps) for x in "WDLZP")
    scoring = Scoring(
        win=base.win if win is None else win,
        draw=base.draw if draw is None else draw,
        loss=base.loss if loss is None else loss,
        absence=base.absence if absence is None else absence,
        pab=pab,
    )
    for letter, same in (("F", scoring.win), ("H", scoring.draw)):
        value = _value(d, table, letter, steps)
        if value is not None and value != same:
            d.warn(
                "score-not-applied",
                (*steps, letter),
                msg(
                    "{letter} scores {value} here: spareggio scores a full-point bye as a win and a half-point bye as a draw",
                    letter=letter,
                    value=str(value),
                ),
            )
    return scoring


def _rank_order(d: _Doc, tour: JsonObject, ts: tuple[PathStep, ...]) -> tuple[str, ...] | None:
    raw = tour.get("rankOrder")
    if raw is None:
        return None
    items: list[str] = []
    for k, item in enumerate(d.array(raw, (*ts, "rankOrder"))):
        if isinstance(item, dict):
            item = item.get("name")
        if not isinstance(item, str) or not item.strip():
            raise d.error(
                (*ts, "rankOrder", k),
                msg('expected a tie-break like "BH/C1", found {found}', found=_what(item)),
            )
        items.append(item.strip())
    if items and items[0].upper() == "PTS":
        items = items[1:]
    return tuple(items) if items else None


def _date(d: _Doc, info: JsonObject, key: str, steps: tuple[PathStep, ...]) -> tuple[_dt.date | None, tuple[DateReading, ...]]:
    """A date of the event and its readings: ISO (``2026-03-01``, or a date and time), else every
    style the TRF's dates are read in (``May 10, 2020``, ``01/03/2026``: both readings kept, for the
    rule set to say which it took).  Never a part of the text: ``2024-09-2010`` (a converter's
    date of 20 September 2010) is no date, where its first ten characters made it 20 September 2024
    and changed the rule set."""
    text = d.text_of(info, key, steps)
    if not text:
        return None, ()
    if len(text) == 10 or (len(text) > 10 and text[10] in "T "):
        try:
            return _dt.date.fromisoformat(text[:10]), ()
        except ValueError:
            pass
    found = tuple(readings(text))
    if found:
        return found[0].date, found
    d.warn("bad-date", (*steps, key), msg("expected a date like 2026-03-01, found {text!r}", text=text))
    return None, ()


def _team_name(d: _Doc, ev: JsonObject, team: JsonObject, steps: tuple[PathStep, ...]) -> str:
    name = d.text_of(team, "teamName", steps)
    team_id = team.get("teamId")
    for item in d.array(ev.get("teams") or [], ("event", "teams")):
        if isinstance(item, dict) and item.get("id") == team_id and not name:
            name = d.text_of(item, "teamName", ("event", "teams"))
    return name or f"#{team.get('cid')}"


def _team_lines(
    d: _Doc,
    tour: JsonObject,
    ts: tuple[PathStep, ...],
    rosters: list[tuple[int, str, list[int], tuple[PathStep, ...]]],
    sno: np.ndarray,
    rounds: int,
) -> TeamLines:
    """The team records the TRF team reader takes (310 rosters, 362 match scoring, 192 primary
    score), each placed at the line of the JSON value it comes from."""
    lines: list[tuple[int, str]] = []
    for number, name, ids, steps in rosters:
        line = f"310 {number:3d} {name[:32]:<32}" + " " * 32 + "".join(f" {i:4d}" for i in ids)
        lines.append((d.position(steps).line, line))
    system = tour.get("scoreSystem")
    match = system.get("match") if isinstance(system, dict) else None
    if isinstance(match, dict) and match:
        steps = (*ts, "scoreSystem", "match")
        values = {x: _value(d, match, x, steps) for x in "WDL"}
        cells = "   ".join(f"T{x} {float(v):.1f}" for x, v in values.items() if v is not None)
        lines.append((d.position(steps).line, "362 " + cells))
        if isinstance(system, dict) and system.get("primary") == "game":
            lines.append((d.position((*ts, "scoreSystem", "primary")).line, "192 FIDE_TEAM_GP_MP"))
    empty = np.zeros((sno.size, rounds), dtype=np.int8)
    return TeamLines(d.path, tuple(lines), empty)
