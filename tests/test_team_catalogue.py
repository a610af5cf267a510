"""One catalogue for players and teams: every tie-break has a scope (individual, team, both), and
one parser reads score selectors (``BH:GP``) and modifiers (``SSSC/K3``) for both kinds of event.
Values from the TEC exercise tournament (tests/data/teams/tec-2.3.trf, see tests/test_team_tec.py).
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from spareggio.base.errors import TiebreakSpecError
from spareggio.io import read_event
from spareggio.standings import rank, standings
from spareggio.tiebreaks import Scope, TiebreakSpec, catalogue, parse_spec, parse_spec_list

TEC = Path(__file__).resolve().parent / "data" / "teams" / "tec-2.3.trf"


@pytest.mark.parametrize(
    ("code", "individual", "team"),
    [
        ("BH", True, True), ("DE", True, True), ("KS", True, True),  # C.07 applies them to teams (MTB26 Table 2)
        ("SB", True, False), ("ARO", True, False), ("REP", True, False),  # individuals only (Table 1)
        ("EMGSB", False, True), ("EDE", False, True), ("SSSC", False, True), ("BC", False, True),  # Table 3
    ],
)  # fmt: skip
def test_scope(code: str, individual: bool, team: bool) -> None:
    assert (code in {d.code for d in catalogue(Scope.INDIVIDUAL)}) is individual
    assert (code in {d.code for d in catalogue(Scope.TEAM)}) is team


def test_scope_errors() -> None:
    with pytest.raises(TiebreakSpecError, match="is a team tie-break"):
        parse_spec("EMGSB", scope=Scope.INDIVIDUAL)
    with pytest.raises(TiebreakSpecError, match=r"not a team tie-break \(for teams: EMMSB"):
        parse_spec("SB/C1", scope=Scope.TEAM)
    with pytest.raises(TiebreakSpecError, match="takes no score selector"):
        parse_spec("EMGSB:MP", scope=Scope.TEAM)
    # either kind of event when the caller does not say
    assert parse_spec("EMGSB/C1").cut_low == 1 and parse_spec("SB/C1").cut_low == 1


def test_individual_standings_refuse_a_team_criterion() -> None:
    ev = read_event(str(TEC))
    with pytest.raises(TiebreakSpecError, match="'EGGSB' is a team tie-break"):
        standings(ev.players, "BH,EGGSB")


def test_selectors_and_modifiers_in_one_parser() -> None:
    [(label, spec)] = parse_spec_list("bh:gp/c1", scope=Scope.TEAM)
    assert label == "bh:gp/c1" and spec == TiebreakSpec("BH", cut_low=1, score="GP")
    assert str(parse_spec("SSSC/K3/P", scope=Scope.TEAM)) == "SSSC/P/K3"


def test_the_parser_gives_a_team_criterion_the_primary_score() -> None:
    # digest 2.5: a criterion for players and teams named without :MP/:GP is computed on the primary
    # score; one with a selector keeps it; a team-only criterion and PTS take none
    assert parse_spec("BH/C1", scope=Scope.TEAM, primary="GP") == TiebreakSpec("BH", cut_low=1, score="GP")
    assert parse_spec("BH:MP", scope=Scope.TEAM, primary="GP").score == "MP"
    assert parse_spec("EMGSB", scope=Scope.TEAM, primary="GP").score is None
    assert parse_spec("PTS", scope=Scope.TEAM, primary="GP").score is None
    # BH and BH:MP are one criterion when MP ranks: listed twice
    with pytest.raises(TiebreakSpecError, match="listed twice"):
        parse_spec_list("BH,BH:MP", scope=Scope.TEAM, primary="MP")
    assert len(parse_spec_list("BH,BH:MP", scope=Scope.TEAM, primary="GP")) == 2
    # the selectors are for team events
    with pytest.raises(TiebreakSpecError, match="are for team events"):
        parse_spec("BH:MP", scope=Scope.INDIVIDUAL)


def test_sssc_factor_given_by_the_regulations() -> None:
    """13.4.2: the regulations may set FN (/Kx).  Antelopes, GP 17.5 and BH:MP 64 (Exercise 49)."""
    ev = read_event(str(TEC))
    s = rank(ev, "SSSC,SSSC/K4", rules="fide-2024")
    assert s.results["SSSC"].value(0) == F(35, 2) + F(64, 3)
    assert s.results["SSSC/K4"].value(0) == F(35, 2) + 16


def test_bare_esb_is_primary_times_secondary() -> None:
    """The reference program's ESB: EMGSB with MP primary, EGMSB with GP primary (summary table p. 61:
    Antelopes 158.5 and 158)."""
    ev = read_event(str(TEC))
    assert rank(ev, "ESB", rules="fide-2024").results["ESB"].value(0) == F(317, 2)
    assert rank(ev.with_primary("GP"), "ESB", rules="fide-2024").results["ESB"].value(0) == 158


def test_every_team_criterion_is_in_the_one_catalogue() -> None:
    team_only = {d.code for d in catalogue(Scope.TEAM) if d.scope is Scope.TEAM}
    assert team_only == {"MPTS", "GPTS", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "ESB", "EDE", "EDEBT",
                         "EDEBB", "EDET", "EDEB", "EDEC", "SSSC", "BC", "TBR", "BBE"}  # fmt: skip


def test_an_empty_list_for_teams_names_team_criteria() -> None:
    # the example of an empty list's error is a list for the kind of event
    with pytest.raises(TiebreakSpecError, match="e.g. MPvGP,BH/C1,EMGSB"):
        parse_spec_list(" , ", scope=Scope.TEAM)
    with pytest.raises(TiebreakSpecError, match="e.g. BH/C1,BH,SB"):
        parse_spec_list("", scope=Scope.INDIVIDUAL)
