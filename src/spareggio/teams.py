"""Team tournaments: teams ranked by match points (MP) or game points (GP) with the C.07 team
criteria (Articles 11-13 with 14.1.2, 15 and 16).

A team event (:class:`spareggio.team_event.TeamEvent`) is read from the players' games (TRF ``001``)
and the team records, decoded once by the TRF reader (:func:`spareggio.io.trf.reader.parse_trf_team`);
:mod:`spareggio.team_event` derives the matches.

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
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import ArgumentError, SpareggioError, TiebreakSpecError, os_reason
from .i18n import msg
from .io.trf.reader import parse_trf_team
from .model import Tournament, TournamentKind
from .team_event import UNIT, Team, TeamEvent, build_team_event
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
]

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


def parse_team_event(
    data: bytes, path: str = "<string>", *, lenient: bool = False, kind: TournamentKind | None = None
) -> TeamEvent:
    """Read a team tournament from TRF text (TRF-16 ``013`` or TRF-2x ``310`` rosters): the text is
    decoded once, the players and the team records read from the same lines.

    :raises InputError: for a player in no roster or in two, a match against players of two teams,
        or a bad team record, with its line and column.
    """
    t, lines = parse_trf_team(data, path, lenient=lenient, kind=kind)
    return build_team_event(t, lines, lenient=lenient)


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
