"""The public API is exactly ``spareggio.__all__``: any change to it must show up here."""

from __future__ import annotations

import spareggio

PUBLIC = [
    "ArgumentError",
    "CheckOptions",
    "Color",
    "Comparison",
    "Contribution",
    "Decisions",
    "Diagnostic",
    "Exclusion",
    "Explanations",
    "InputError",
    "InputLimitError",
    "Player",
    "PlayerExplanation",
    "Playoff",
    "Position",
    "PrizeFile",
    "PrizeList",
    "RULESETS",
    "ResultKind",
    "RuleSet",
    "Scoring",
    "SpareggioError",
    "StandingRow",
    "Standings",
    "TIEBREAKS",
    "TiebreakResult",
    "TiebreakSpec",
    "TiebreakSpecError",
    "Tournament",
    "TournamentKind",
    "TrfConsistencyError",
    "TrfSyntaxError",
    "UnknownRulesetError",
    "UnknownTiebreakError",
    "Versus",
    "__version__",
    "award_prizes",
    "check_files",
    "check_tournament",
    "compare",
    "explain_all",
    "explain_player",
    "explain_versus",
    "find_player",
    "find_ruleset",
    "find_tiebreak",
    "formats_for",
    "load_prize_file",
    "parse_spec",
    "parse_tournament_json",
    "parse_trf",
    "rank",
    "read_event",
    "read_tournament",
    "read_tournament_json",
    "read_trf",
    "render_as",
    "ruleset_for_date",
    "standings",
    "write_tournament_json",
    "write_trf",
]


def test_pinned_list_is_sorted() -> None:
    assert PUBLIC == sorted(PUBLIC)


def test_all_is_pinned() -> None:
    assert sorted(spareggio.__all__) == PUBLIC
    assert len(set(spareggio.__all__)) == len(spareggio.__all__)


def test_every_public_name_exists() -> None:
    missing = [name for name in spareggio.__all__ if not hasattr(spareggio, name)]
    assert missing == []


def test_errors_derive_from_the_base_class() -> None:
    """Every exported error is a SpareggioError, itself a ValueError (errors.py tree)."""
    errors = [getattr(spareggio, n) for n in PUBLIC if n.endswith("Error")]
    assert len(errors) == 9
    assert all(issubclass(e, spareggio.SpareggioError) for e in errors)
    assert issubclass(spareggio.SpareggioError, ValueError)


SERIALISING = ["Comparison", "Explanations", "PlayerExplanation", "Standings", "Versus"]


def test_results_serialise() -> None:
    """Every result the library returns is written as JSON by the format registry (``render_as``,
    with ``exact``); a standings row has ``to_dict(exact=...)``."""
    import inspect

    for name in SERIALISING:
        assert "json" in [f.name for f in spareggio.formats_for(getattr(spareggio, name))], name
    assert "exact" in inspect.signature(spareggio.render_as).parameters
    assert "exact" in inspect.signature(spareggio.StandingRow.to_dict).parameters


REMOVED = [
    # (module, name, what replaces it): one front door for every event (spareggio.model.Event)
    ("spareggio.compare", "compare_teams", "spareggio.compare.compare(team_event, ...)"),
    ("spareggio.check", "check_team_event", "spareggio.check.check(team_event, ...)"),
    ("spareggio.teams", "rank_event", "spareggio.rank(event, ...)"),
    ("spareggio.teams", "team_standings", "spareggio.rank(team_event, ...)"),
]


def test_the_team_forks_are_gone() -> None:
    """The names the team forks had are gone (README, "One call for every event"); their
    replacements take a tournament or a team event alike."""
    import importlib
    import importlib.util

    for module, name, _ in REMOVED:
        assert not hasattr(importlib.import_module(module), name), name
    from spareggio.check import check
    from spareggio.compare import compare

    assert callable(spareggio.rank) and callable(check) and callable(compare)
    assert spareggio.read_event.__module__ == "spareggio.io.registry"
    # the module that chose an implementation by the kind of event is gone: rank takes the protocol
    assert importlib.util.find_spec("spareggio.event") is None
    assert spareggio.rank.__module__ == "spareggio.standings"
