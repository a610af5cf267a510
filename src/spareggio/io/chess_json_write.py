"""Writing an individual tournament as Chess-JSON (the layout :mod:`spareggio.io.chess_json` reads):
one profile and one competitor per player, one game per pairing or bye, the scoring and the
tie-break list.  What Chess-JSON has no place for (TRF-26 point adjustments, national ratings) is
refused rather than dropped."""

from __future__ import annotations

import json
from fractions import Fraction

from ..base.errors import ArgumentError
from ..base.i18n import msg
from ..base.jsontypes import JsonArray, JsonObject
from ..core.model import Color, ResultKind, Tournament

__all__ = ["write_chess_json"]

K = ResultKind

_GAME = {
    K.PLAYED_WIN: ("W", True),
    K.PLAYED_DRAW: ("D", True),
    K.PLAYED_LOSS: ("L", True),
    K.FORFEIT_WIN: ("W", False),
    K.FORFEIT_LOSS: ("Z", False),
    K.DOUBLE_FORFEIT: ("Z", False),
}
"""A game's result letter and whether it was played, by the kind of one side."""
_BYE = {
    K.PAB: ("P", True),
    K.FULL_BYE: ("W", False),
    K.HALF_BYE: ("D", False),
    K.ZERO_BYE: ("Z", False),
}
"""A round without opponent: its result letter and ``played`` (a pairing-allocated bye is
"played", as the FIDE reference program writes it); rounds not paired have no entry."""


def _points(value: Fraction) -> str:
    return f"{float(value):.1f}" if (value * 2).denominator == 1 else str(float(value))


def write_chess_json(t: Tournament) -> str:
    """The tournament as a Chess-JSON event document.

    :raises ArgumentError: for a tournament that Chess-JSON cannot hold whole (point adjustments of
        TRF-26 record 299, national ratings).
    """
    if t.adjustments:
        raise ArgumentError(msg("Chess-JSON has no place for the point adjustments of record 299"))
    if any(p.national_rating is not None for p in t.players):
        raise ArgumentError(msg("Chess-JSON has no place for national ratings"))
    profiles: JsonArray = []
    competitors: JsonArray = []
    for k, p in enumerate(t.players):
        last, _, first = p.name.partition(", ")
        profile: JsonObject = {
            "id": k + 1,
            "lastName": last.strip(),
            "firstName": first.strip(),
            "fideName": p.name,
            "sex": p.sex,
            "federation": p.federation,
        }
        if p.fide_id.isdigit():
            profile["fideId"] = int(p.fide_id)
        if p.birth_date:
            profile["birth"] = p.birth_date
        if p.title:
            profile["fideTitle"] = p.title
        if p.rating is not None:
            profile["rating"] = [p.rating]
        profiles.append(profile)
        competitor: JsonObject = {"cid": p.start_number, "profileId": k + 1, "present": True}
        if p.rating is not None:
            competitor["rating"] = p.rating
        if p.points is not None:
            competitor["gamePoints"] = _points(p.points)
        if p.rank is not None:
            competitor["rank"] = p.rank
        competitors.append(competitor)
    sno = [p.start_number for p in t.players]
    games: JsonArray = []
    for r in range(t.rounds):
        for i in range(t.n_players):
            kind = ResultKind(int(t.kind[i, r]))
            j = int(t.opponent[i, r])
            if j < 0:
                if kind in _BYE:
                    letter, played = _BYE[kind]
                    games.append(
                        {
                            "round": r + 1,
                            "white": sno[i],
                            "black": 0,
                            "played": played,
                            "rated": False,
                            "wResult": letter,
                        }
                    )
                continue
            black_first = Color(int(t.color[i, r])) == Color.BLACK
            if (j < i and Color(int(t.color[j, r])) != Color.BLACK) or (j > i and black_first):
                continue  # written from the White side (or, without colours, from the first player)
            other = ResultKind(int(t.kind[j, r]))
            game: JsonObject = {"round": r + 1, "white": sno[i], "black": sno[j]}
            if kind is K.PENDING:
                game.update(played=True, rated=True)
            else:
                (mine, played), (theirs, _) = _GAME[kind], _GAME[other]
                game.update(
                    played=played, rated=played and not bool(t.short_game[i, r]), wResult=mine, bResult=theirs
                )
            games.append(game)
    s = t.scoring
    tournament: JsonObject = {
        "tournamentNo": 1,
        "tournamentType": t.headers.get("092")
        or ("Individual: Round-Robin" if t.is_round_robin else "Individual: Swiss-System"),
        "numRounds": t.announced_rounds or t.rounds,
        "currentRound": t.rounds,
        "teamTournament": False,
        "ratingList": "FIDE",
        "rankOrder": ["PTS", *(t.tiebreak_list or ())],
        "scoreSystem": {
            "game": {
                "W": _points(s.win),
                "D": _points(s.draw),
                "L": _points(s.loss),
                "Z": _points(s.absence),
                "P": _points(s.pab_points),
                "F": "W",
                "H": "D",
                "A": "D",
                "U": "Z",
            }
        },
        "competitors": competitors,
        "gameList": games,
    }
    if "192" in t.headers:
        tournament["tournamentInfo"] = {"typeOfTournament": t.headers["192"]}
    info: JsonObject = {"fullName": t.name}
    for key, value in (
        ("site", t.city),
        ("federation", t.federation),
        ("startDate", t.start_date.isoformat() if t.start_date else ""),
        ("endDate", t.end_date.isoformat() if t.end_date else ""),
    ):
        if value:
            info[key] = value
    doc: JsonObject = {
        "filetype": "Event",
        "version": "1.0",
        "origin": "spareggio",
        "published": "",
        "status": {"code": 0},
        "event": {
            "eventName": t.name,
            "eventInfo": info,
            "ratingLists": [{"listName": "FIDE"}],
            "profiles": profiles,
            "tournaments": [tournament],
        },
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
