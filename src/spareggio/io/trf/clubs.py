"""Records ``013`` in an individual tournament.

TRF-16 gives a team's roster in record ``013``, and a team tournament is read from those rosters.
Individual tournaments hold such records too: JaVaFo's example file, and programs that list clubs
or federations for a team prize beside an open.  Their players are paired as individuals, so the
lists describe no team match.  :func:`not_team_matches` tells the two apart by the games: in a team
tournament most players who play are on a roster, teammates never meet, and in each round a team's
players face the players of one team.  A file whose ``013`` records fail that (and that has no other
team record and no team word in 092 or 192) is read as an individual tournament, with a warning
that says why."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from ...base.errors import Diagnostic, Position
from ...base.i18n import Text, msg
from .records import roster_ids

__all__ = ["club_lists_note", "lists_not_matches", "not_team_matches", "only_013"]


def only_013(team_records: Iterable[str], headers: dict[str, str]) -> bool:
    """Whether ``013`` is the only kind of team record of a file (the codes of its team records) and
    neither 092 nor 192 calls the event a team one."""
    codes = set(team_records)
    if codes != {"013"}:
        return False
    return not any("TEAM" in headers.get(code, "").upper() for code in ("092", "192"))


def not_team_matches(
    lines: Iterable[tuple[int, str]],
    where: str,
    start_numbers: Iterable[int],
    opponent: npt.NDArray[np.int64],
    has_game: npt.NDArray[np.bool_],
) -> Text | None:
    """Why the ``013`` records among ``lines`` (number, text) describe no team matches of the games
    (``opponent``: the opponent's index per player and round, ``has_game``: a game or a forfeit
    against a named opponent), or None when they may.  Players are in the order of
    ``start_numbers``."""
    index = {s: i for i, s in enumerate(start_numbers)}
    n = len(index)
    member = np.full(n, -1, dtype=np.int64)
    names: list[str] = []
    for number, line in lines:
        if not line.startswith("013"):
            continue
        names.append(line[4:36].strip() or str(len(names) + 1))
        for sno in roster_ids(line, 37, where, number):
            i = index.get(sno)
            if i is not None and member[i] < 0:
                member[i] = len(names) - 1
    playing = has_game.any(axis=1) if has_game.size else np.zeros(n, dtype=bool)
    listed = int((playing & (member >= 0)).sum())
    total = int(playing.sum())
    if total and 2 * listed < total:
        return msg("{listed} of the {total} players who play are on a list", listed=listed, total=total)
    for r in range(has_game.shape[1]):
        faced: dict[int, set[int]] = {}
        for i in np.flatnonzero(has_game[:, r] & (member >= 0)).tolist():
            mine, theirs = int(member[i]), int(member[int(opponent[i, r])])
            if theirs < 0:
                continue
            if theirs == mine:
                return msg("round {round}: two players of {team!r} meet", round=r + 1, team=names[mine])
            faced.setdefault(mine, set()).add(theirs)
        for k, teams in sorted(faced.items()):
            if len(teams) > 1:
                a, b = sorted(teams)[:2]
                return msg(
                    "round {round}: the players of {team!r} face players of {a!r} and {b!r}",
                    round=r + 1, team=names[k], a=names[a], b=names[b],
                )  # fmt: skip
    return None


def lists_not_matches(reason: Text) -> Text:
    """What a file's ``013`` records are, when they describe no team matches for ``reason``."""
    return msg("records 013 list teams that play no team matches ({reason})", reason=reason)


def club_lists_note(reason: Text, at: Position) -> Diagnostic:
    """The warning of a file read as an individual tournament despite its ``013`` records."""
    return Diagnostic(
        "team-lists-not-matches",
        msg(
            "{lists}: read as an individual tournament; the lists are not used",
            lists=lists_not_matches(reason),
        ),
        at,
    )
