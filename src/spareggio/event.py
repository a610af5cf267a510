"""One front door for every event: an individual tournament (:class:`~spareggio.model.Tournament`)
and a team event (:class:`~spareggio.team_event.TeamEvent`) are ranked by one call, :func:`rank`.

What a reader returns (:func:`spareggio.io.read_event`) goes straight to :func:`rank`, and from
there to every result (:func:`spareggio.compare.compare`, :func:`spareggio.check.check`, the
explanations, the crosstable): the command line and the web page never ask which kind of event a
file holds.  The kind of event chooses its implementation here, once: the players ranked by
:func:`spareggio.standings.standings`, or the teams by :func:`spareggio.teams.team_standings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import singledispatch

from .decisions import Decisions
from .errors import Diagnostic
from .io.options import Event
from .model import Tournament
from .rules import RuleSet
from .standings import Standings, default_tiebreaks, file_tiebreaks, standings
from .team_event import TeamEvent
from .teams import team_standings

__all__ = ["Event", "comparison_list", "rank", "reading_warnings"]


@singledispatch
def rank(
    event: Event,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | RuleSet | None = None,
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
    decisions: Decisions | None = None,
) -> Standings:
    """The standings of an event: the players of a tournament, the teams of a team event.

    :param tiebreaks: a list of specifiers or a comma-separated string; ``None`` uses the file's
        own list, else the default for the kind of event.
    :param rules: a rule set (or its name); ``None`` chooses by the start date.
    :param after_round: the standings as they stood after this round.
    :param unrated_rating: the rating of unrated players (individual events).
    :param decisions: playoffs, lots, exclusions on top of the file's (of players, or of teams by
        their numbers).
    """
    raise TypeError(f"not an event: {type(event).__name__}")


@rank.register
def _rank_players(
    event: Tournament,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | RuleSet | None = None,
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
    decisions: Decisions | None = None,
) -> Standings:
    return standings(event, tiebreaks, rules, after_round, unrated_rating=unrated_rating, decisions=decisions)


@rank.register
def _rank_teams(
    event: TeamEvent,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str | RuleSet | None = None,
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
    decisions: Decisions | None = None,
) -> Standings:
    # the rating of unrated players changes rating tie-breaks, which no team criterion reads
    del unrated_rating
    return team_standings(event, tiebreaks, rules=rules, after_round=after_round, decisions=decisions)


@singledispatch
def reading_warnings(event: Event) -> list[Diagnostic]:
    """What the reader warned about the event that the standings do not already carry."""
    raise TypeError(f"not an event: {type(event).__name__}")


@reading_warnings.register
def _tournament_warnings(event: Tournament) -> list[Diagnostic]:
    return list(event.warnings)


@reading_warnings.register
def _team_warnings(event: TeamEvent) -> list[Diagnostic]:
    return []  # the team standings carry the event's warnings (team_standings)


@singledispatch
def comparison_list(event: Event) -> list[str] | tuple[str, ...] | None:
    """The one tie-break list every rule set of a comparison ranks with when the caller names none
    (None: the event's own choice, the same under every rule set)."""
    raise TypeError(f"not an event: {type(event).__name__}")


@comparison_list.register
def _players_list(t: Tournament) -> list[str] | tuple[str, ...] | None:
    if t.tiebreak_list is not None:
        # the file's own list, read once: an error in it is an input error at its line and column
        return [label for label, _ in file_tiebreaks(t)]
    return default_tiebreaks(t)[0]  # the default for the kind of event, not a rule set's usual list


@comparison_list.register
def _teams_list(ev: TeamEvent) -> list[str] | tuple[str, ...] | None:
    return None  # the file's list or the default for team events, whatever the rule set
