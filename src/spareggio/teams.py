"""Team tournaments: teams ranked by match points (MP) or game points (GP) with the C.07 team
criteria (Articles 11-13 with 14.1.2, 15 and 16).

A team event (:class:`spareggio.team_event.TeamEvent`) is read from the players' games (TRF ``001``)
and the team records, decoded once by the TRF reader; :mod:`spareggio.io.trf.team_matches` derives
the matches.

The teams are then the participants of a frame (:class:`spareggio.frame.Frame`): the same
participants x rounds arrays as for players, with the primary score as points, the secondary score
of every round beside it and the board layer.  Every individual criterion that C.07 applies to teams
(BH, FB, AOB, KS, PS, WIN, WON, TPN) runs unchanged on the frame of the score it names (``BH:GP``;
the primary score without a selector), with the Article 16 machinery of the rule set: a match is a
game, D(MP) = a drawn match's MP, D(GP) = a board draw x boards (digest 2.4).  The team-only
criteria are catalogue entries (:mod:`spareggio.tiebreaks.team`), and the teams are ranked by the
same call as players (:func:`spareggio.standings.rank`: a team event is an
:class:`~spareggio.model.Event`).
"""

from __future__ import annotations

from .errors import ArgumentError, os_reason
from .i18n import msg
from .io import ReadOptions, size_limit
from .io import parse_event as read_any
from .io.trf.team_matches import is_team_file, parse_team_event
from .model import Event, TournamentKind
from .team_event import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS, Team, TeamEvent

__all__ = [
    "DEFAULT_ROUND_ROBIN",
    "DEFAULT_SWISS",
    "Team",
    "TeamEvent",
    "is_team_file",
    "parse_event",
    "parse_team_event",
    "read_team_event",
]


# -- reading -----------------------------------------------------------------------------------------


def parse_event(data: bytes, name: str = "<string>", *, lenient: bool = False) -> Event:
    """The content of any tournament file: :func:`spareggio.io.parse_event` (a team event for a TRF
    file with team rosters, else the individual tournament)."""
    return read_any(data, name, options=ReadOptions(lenient=lenient))


def read_team_event(path: str, *, lenient: bool = False, kind: TournamentKind | None = None) -> TeamEvent:
    try:
        with open(path, "rb") as handle:
            data = handle.read(size_limit(path) + 1)
    except OSError as exc:
        raise ArgumentError(
            msg("{path}: cannot read the file ({value})", path=path, value=os_reason(exc))
        ) from None
    return parse_team_event(data, path, lenient=lenient, kind=kind)
