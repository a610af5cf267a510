"""The public API is exactly ``spareggio.__all__``: any change to it must show up here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spareggio

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")

PUBLIC = [
    "ArgumentError",
    "CheckOptions",
    "Comparison",
    "Decisions",
    "Diagnostic",
    "Event",
    "Exclusion",
    "InputError",
    "Playoff",
    "RULESETS",
    "SpareggioError",
    "Standings",
    "TIEBREAKS",
    "Tournament",
    "__version__",
    "award_prizes",
    "check_files",
    "compare",
    "explain_all",
    "explain_player",
    "explain_versus",
    "formats_for",
    "load_prize_file",
    "parse_event",
    "rank",
    "read_event",
    "render_as",
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
    assert len(errors) == 3
    assert all(issubclass(e, spareggio.SpareggioError) for e in errors)
    assert issubclass(spareggio.SpareggioError, ValueError)


SERIALISING = [
    "spareggio:Comparison", "spareggio.explain:Explanations", "spareggio.explain:PlayerExplanation",
    "spareggio:Standings", "spareggio.explain:Versus",
]  # fmt: skip


def test_results_serialise() -> None:
    """Every result the library returns is written as JSON by the format registry (``render_as``,
    with ``exact``); a standings row has ``to_dict(exact=...)``."""
    import importlib
    import inspect

    from spareggio.standings import StandingRow

    for place in SERIALISING:
        module, _, name = place.partition(":")
        result = getattr(importlib.import_module(module), name)
        assert "json" in [f.name for f in spareggio.formats_for(result)], name
    assert "exact" in inspect.signature(spareggio.render_as).parameters
    assert "exact" in inspect.signature(StandingRow.to_dict).parameters


REMOVED = [
    # (module, name, what replaces it): one front door for every event (spareggio.core.model.Event)
    ("spareggio.comparison", "compare_teams", "spareggio.compare(team_event, ...)"),
    ("spareggio.check", "check_team_event", "spareggio.check.check(team_event, ...)"),
    ("spareggio.io.teams", "rank_event", "spareggio.rank(event, ...)"),
    ("spareggio.io.teams", "team_standings", "spareggio.rank(team_event, ...)"),
]


def test_the_team_forks_are_gone() -> None:
    """The names the team forks had are gone (README, "One call for every event"); their
    replacements take a tournament or a team event alike."""
    import importlib
    import importlib.util

    for module, name, _ in REMOVED:
        assert not hasattr(importlib.import_module(module), name), name
    from spareggio.check import check
    from spareggio.comparison import compare

    assert callable(spareggio.rank) and callable(check) and callable(compare)
    assert spareggio.read_event.__module__ == "spareggio.io.registry"
    # the module that chose an implementation by the kind of event is gone: rank takes the protocol
    assert importlib.util.find_spec("spareggio.event") is None
    assert spareggio.rank.__module__ == "spareggio.standings"


def test_the_lazy_names_are_the_type_checkers_imports() -> None:
    """One list: the import block for the type checker is the table of lazily loaded names, and
    with the eager names it is ``__all__``; every lazy name is loaded from the module it names."""
    import ast
    import importlib

    tree = ast.parse(Path(spareggio.__file__).read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    imported = {a.asname or a.name for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}
    assert imported == set(spareggio.__all__) - set(spareggio._EAGER)
    for name, (module, attribute) in spareggio._lazy().items():
        assert getattr(spareggio, name) is getattr(importlib.import_module(module, "spareggio"), attribute)
    assert "_Package" not in vars(spareggio) and type(spareggio).__name__ == "module"  # no class of its own


@pytest.mark.parametrize("name", sorted(spareggio._MOVED))
def test_a_name_that_left_warns_and_still_answers(name: str) -> None:
    """CHANGELOG.md: a name that left the API still resolves, to the same object, with a warning
    that names what to use instead."""
    import importlib

    place, instead = spareggio._MOVED[name]
    with pytest.warns(DeprecationWarning, match=f"spareggio.{name} is deprecated.*use {re.escape(instead)}"):
        value = getattr(spareggio, name)
    assert value is getattr(importlib.import_module(place), name)
    assert name not in spareggio.__all__
    assert f"`{name}`" in CHANGELOG


def test_the_old_standings_call_ranks_with_a_warning() -> None:
    """``spareggio.standings(t, ...)`` named rank before 1.0: it still ranks, with a warning, whether
    the module ``spareggio.standings`` is loaded or not."""
    event = spareggio.read_event(EXAMPLE)
    with pytest.warns(DeprecationWarning, match="use spareggio.rank"):
        old = spareggio.standings(event, "BH/C1,SB")
    new = spareggio.rank(event, "BH/C1,SB")
    assert [(r.rank, r.player.start_number) for r in old.rows] == [(r.rank, r.player.start_number) for r in new.rows]
    assert "standings" not in spareggio.__all__ and "`standings`" in CHANGELOG


def test_compare_is_the_function_even_when_its_module_is_loaded() -> None:
    # the function and the module no longer share a name (spareggio.comparison): no class trick
    import spareggio.comparison
    import spareggio.render

    assert callable(spareggio.compare) and spareggio.compare is spareggio.comparison.compare
