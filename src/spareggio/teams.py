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
same ranking as players (:func:`spareggio.standings._standings_in`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .decisions import Decisions, default_seed
from .errors import ArgumentError, SpareggioError, TiebreakSpecError, os_reason
from .i18n import as_text, msg
from .io import ReadOptions, size_limit
from .io import parse_event as read_any
from .io.trf.team_matches import is_team_file, parse_team_event
from .model import Tournament, TournamentKind
from .rules import REASONS, RuleSet, choose_ruleset, find_ruleset
from .standings import ListSource, Standings, _standings_in, _without_lots, file_list_error
from .team_event import Team, TeamEvent
from .tiebreaks import Context, Scope, TiebreakSpec, definition, parse_spec_list

__all__ = [
    "Team",
    "TeamEvent",
    "is_team_file",
    "parse_event",
    "parse_team_event",
    "read_team_event",
    "team_standings",
]

DEFAULT_SWISS = ("MPvGP", "BH/C1", "EMGSB")
DEFAULT_ROUND_ROBIN = ("MPvGP", "EDE", "EMGSB")


# -- reading -----------------------------------------------------------------------------------------


def parse_event(data: bytes, name: str = "<string>", *, lenient: bool = False) -> Tournament | TeamEvent:
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


# -- ranking -------------------------------------------------------------------------------------------


def _file_list_error(ev: TeamEvent, chosen: Sequence[str], exc: Exception) -> Exception:
    """The error in the file's own list placed at the entry that causes it (its line and column)."""
    listed = list(ev.players.tiebreak_list or ())
    offset = len(listed) - len(chosen)  # the primary score the list opened with was taken off
    for k in range(1, len(chosen) + 1):
        try:
            _criteria(ev, chosen[:k])
        except SpareggioError:
            return file_list_error(ev.players, offset + k - 1, exc)
    return exc


def _criteria(ev: TeamEvent, labels: Sequence[str]) -> list[tuple[str, TiebreakSpec]]:
    """The team criteria of a list, parsed by the one catalogue (:func:`parse_spec_list` for a team
    event); a criterion C.07 applies to players and teams without ``:MP`` or ``:GP`` is computed on
    the primary score (digest 2.5)."""
    out = []
    seen: dict[TiebreakSpec, str] = {}
    for label, spec in parse_spec_list(list(labels), team=True):
        if spec.score is None and spec.code != "PTS" and definition(spec.code).scope is Scope.BOTH:
            spec = dataclasses.replace(spec, score=ev.primary)
        if spec in seen and not definition(spec.code).is_group:  # group orders may repeat (C.07 4.3)
            again = f"{label!r} (the same as {seen[spec]!r})"
            raise TiebreakSpecError(msg("{again} is listed twice in the tie-break list", again=again))
        seen[spec] = label
        out.append((label, spec))
    return out


def team_standings(
    ev: TeamEvent,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | RuleSet | None = None,
    after_round: int | None = None,
    *,
    decisions: Decisions | None = None,
) -> Standings:
    """The team standings: the primary score, then the list (C.07 Arts. 2, 4, 5 for teams).

    :param decisions: playoffs, an arbiter's order, a seed for the lots and exclusions of *teams*
        (their numbers, record 310), each logged as a change; ``RND`` at the end of the list draws
        lots for the ties left.  The decision records of a team file (``XPO``, ``XLT``, ``XEX``)
        are about its players: the team standings do not apply them, and say so.
    """
    warning = None
    if rules is None:
        choice = choose_ruleset(ev.players)
        ruleset, reason = choice.rules, as_text(choice.reason)
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
        source = ListSource.FILE if own is not None else ListSource.DEFAULT_TEAM
    else:
        chosen = [x for x in tiebreaks.split(",")] if isinstance(tiebreaks, str) else list(tiebreaks)
        chosen = [x for x in chosen if x.strip()]
        if not chosen:
            raise TiebreakSpecError(
                msg("the tie-break list is empty: name at least one, e.g. MPvGP,BH/C1,EMGSB")
            )
        source = ListSource.CALLER
    chosen, lots = _without_lots(chosen)
    effective = Decisions() if decisions is None or decisions.empty else Decisions().on_top(decisions)
    if lots and effective.lots_seed is None:
        seed = default_seed([ev.players.name, str(ev.players.start_date), *(t.name for t in ev.teams)])
        effective = dataclasses.replace(effective, lots_seed=seed, lots_source="event")
    try:
        criteria = _criteria(ev, chosen)
    except SpareggioError as exc:
        if tiebreaks is not None or own is None:
            raise
        raise _file_list_error(ev, chosen, exc) from None
    teams = ev.participants()
    ctx = Context(teams, ev.frame(ev.primary, after_round, teams), ruleset)
    s = _standings_in(ctx, criteria, reason, source, warning, effective)
    own = ev.players.decisions
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
    return dataclasses.replace(s, warnings=[*s.warnings, *ev.warnings, *ignored], team_event=ev)
