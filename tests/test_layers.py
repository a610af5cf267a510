"""The direction of imports: the engine never reaches up to what renders or serves it.

Layers, bottom to top: the model (model, dates, errors, frame, cuts, crosstable), the rules and the
tie-breaks, the ranking (standings), what builds on it (explain, compare, check), reading and
writing files (io), rendering (render), and the front ends (cli, web).  A module may import its own
layer and those below; io only reads and writes (it does not render).  The one exception: the
ranking's ``to_dict``/``to_json`` conveniences call the renderer that the CLI uses, so that the two
can never differ."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "spareggio"

FORBIDDEN = {
    # package or module (relative to spareggio) -> what it must not import
    "model": {"rules", "tiebreaks", "standings", "explain", "compare", "check", "render", "cli", "web"},
    "rules": {"tiebreaks", "standings", "explain", "compare", "check", "io", "render", "cli", "web"},
    "tiebreaks": {"standings", "explain", "compare", "check", "io", "render", "cli", "web"},
    "frame": {"tiebreaks", "standings", "explain", "compare", "check", "io", "render", "cli", "web"},
    "cuts": {"tiebreaks", "standings", "explain", "compare", "check", "io", "render", "cli", "web"},
    "standings": {"explain", "compare", "check", "io", "cli", "web"},
    "io": {"explain", "compare", "check", "render", "cli", "web"},
    "render": {"cli", "web"},
    "explain": {"cli", "web"},
}


def _modules(name: str) -> list[Path]:
    path = SRC / name
    return sorted(path.rglob("*.py")) if path.is_dir() else [SRC / f"{name}.py"]


def _imported(path: Path) -> set[str]:
    """The top-level spareggio modules a file imports (absolute or relative)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    depth = len(path.relative_to(SRC).parts) - 1  # folders below spareggio
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                up = node.level - 1
                if up > depth:
                    continue
                base = list(path.relative_to(SRC).parts[: depth - up])
                target = [*base, *(node.module.split(".") if node.module else [])]
                if target:
                    found.add(target[0])
                else:
                    found.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith("spareggio."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("spareggio."):
                    found.add(alias.name.split(".")[1])
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_upward_import(layer: str) -> None:
    for path in _modules(layer):
        bad = _imported(path) & FORBIDDEN[layer]
        assert not bad, f"{path.relative_to(SRC)} imports {sorted(bad)}"


def test_the_checker_sees_relative_imports() -> None:
    # render/html.py imports ..explain: the checker must see it (else the test above proves nothing)
    assert "explain" in _imported(SRC / "render" / "html.py")
    assert "standings" in _imported(SRC / "render" / "output.py")


def _reads_tournament(path: Path) -> list[int]:
    """Lines of ``path`` that read an attribute ``tournament`` (``ctx.tournament``,
    ``frame.tournament``); the context passing its own on (``self.tournament``) is not a read."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "tournament"
        and isinstance(node.ctx, ast.Load)
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
    )


@pytest.mark.parametrize(
    "path", [*_modules("tiebreaks"), *_modules("rules"), SRC / "cuts.py"], ids=lambda p: p.name
)
def test_tiebreaks_and_rules_read_only_the_frame(path: Path) -> None:
    # one frame of participants (players or teams) is all a tie-break or a rule set reads: numbers,
    # colours, ratings, entrants, the scores and the boards are the frame's, never the tournament's
    assert _reads_tournament(path) == []


def test_the_check_finds_a_read_of_the_tournament(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f(ctx):\n    return ctx.tournament.players\n", encoding="utf-8")
    assert _reads_tournament(sample) == [2]
