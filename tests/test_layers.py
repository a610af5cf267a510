"""The direction of imports, over every module of the package: each module sits on a floor, and
imports only point down (or, inside one package, to a sibling, without a cycle); no module imports a
spareggio module inside a function to hide a cycle.  docs/architecture.md describes the floors.

What still breaks a rule is listed below, each entry with its reason: the lists only shrink."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "spareggio"

FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # (floor, the modules and packages on it, bottom to top): a name stands for the module and, for
    # a package, every module inside it; the longest name that fits a module decides its floor.  On
    # one floor a name may import the names listed before it, never those after it
    ("foundation", ("spareggio.__about__", "spareggio.lazy", "spareggio.base")),
    ("model", ("spareggio.core",)),
    ("rules and tie-breaks", ("spareggio.rules", "spareggio.tiebreaks", "spareggio.standings")),
    ("readers and writers", ("spareggio.io",)),
    ("results", (
        "spareggio.comparison", "spareggio.explain", "spareggio.prizes", "spareggio.generate",
        "spareggio.generator", "spareggio.check", "spareggio.conformance", "spareggio.job",
    )),
    ("render", ("spareggio.render",)),
    ("front ends", ("spareggio.web", "spareggio.cli", "spareggio", "spareggio.__main__")),
)  # fmt: skip
"""The floors, bottom to top."""

UPWARD_ALLOWED: dict[tuple[str, str], str] = {
    # (importer, imported): why, until it is fixed
}
"""Imports that run up a floor, each with its reason (a shrinking list)."""

LOCAL_ALLOWED: dict[tuple[str, str], str] = {}
"""Imports of spareggio modules made inside a function, each with its reason (a shrinking list)."""

LOADER = "spareggio.lazy"
"""The one module that imports by name (``importlib``): the commands and the heavy or optional
front ends, from its tables, when they are used."""

FRONT_END_LIBRARIES = (
    "chess", "bs4", "lxml", "weasyprint", "openpyxl", "distributed", "dask", "fastapi", "starlette",
    "uvicorn", "jinja2",
)  # fmt: skip
"""Optional or heavy libraries: imported at the top of the modules that use them, which are loaded
by name (:data:`LOADER`); never inside a function."""


def modules(root: Path = SRC) -> dict[str, Path]:
    """Every module of the package by dotted name (a package is its ``__init__``)."""
    found = {}
    for path in sorted((root / "spareggio").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int, bool]]:
    """The spareggio modules ``name`` imports: (module, line, inside a function).  ``from x import y``
    counts as importing ``x.y`` when that is a module, else ``x``; imports for the type checker
    count too (they are dependencies all the same)."""
    is_package = path.name == "__init__.py"
    found: list[tuple[str, int, bool]] = []

    def resolve(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    here = name.split(".")
                    kept = here[: len(here) - child.level + (1 if is_package else 0)]
                    base = ".".join(kept + ([child.module] if child.module else []))
                targets = [f"{base}.{alias.name}" for alias in child.names]
            else:
                visit(child, inside)
                continue
            for target in targets:
                module = resolve(target)
                if module is not None and module != name and module.startswith("spareggio"):
                    found.append((module, child.lineno, inside))

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def floor_of(module: str) -> int:
    """The floor of a module: that of the longest name of :data:`FLOORS` it is or lies within."""
    best, floor = "", -1
    for k, (_, names) in enumerate(FLOORS):
        for prefix in names:
            fits = module == prefix or (prefix != "spareggio" and module.startswith(prefix + "."))
            if fits and len(prefix) > len(best):
                best, floor = prefix, k
    if floor < 0:
        raise KeyError(f"{module} is on no floor: add it to FLOORS (and to docs/architecture.md)")
    return floor


def home(module: str) -> str:
    """The name of :data:`FLOORS` that places ``module`` (a package holds all its modules)."""
    return max(
        (p for _, names in FLOORS for p in names if module == p or module.startswith(p + ".")), key=len
    )


def _rank(name: str) -> int:
    """Where a name of :data:`FLOORS` stands on its floor (0 for the first)."""
    return next(names.index(name) for _, names in FLOORS if name in names)


KNOWN = modules()


def test_every_module_is_on_a_floor() -> None:
    assert len(KNOWN) > 100  # the whole package, not a chosen few
    assert [m for m in KNOWN if _floorless(m)] == []


def _floorless(module: str) -> bool:
    try:
        floor_of(module)
    except KeyError:
        return True
    return False


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_imports_point_down(name: str) -> None:
    """An import goes to a lower floor, or on its own floor to a name listed before its own (or inside
    the package that places both: the modules of ``spareggio.io`` import each other; the import-graph
    tool finds any cycle among them)."""
    mine = floor_of(name)
    upward = []
    for target, line, _ in imports(name, KNOWN[name], KNOWN):
        theirs = floor_of(target)
        earlier = theirs == mine and _rank(home(target)) <= _rank(home(name))
        if theirs < mine or earlier or (name, target) in UPWARD_ALLOWED:
            continue
        upward.append(f"line {line}: {target} ({FLOORS[theirs][0]}) from {FLOORS[mine][0]}")
    assert upward == []


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_no_spareggio_import_inside_a_function(name: str) -> None:
    hidden = [
        f"line {line}: {target}"
        for target, line, inside in imports(name, KNOWN[name], KNOWN)
        if inside and (name, target) not in LOCAL_ALLOWED
    ]
    assert hidden == []


def _dynamic_imports(path: Path) -> list[str]:
    """Where a module imports by name (``importlib``, ``import_module``, ``__import__``) or imports
    a front-end library inside a function."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [f"{node.module}.{a.name}" for a in node.names]
            )
            reading = ("importlib.resources", "importlib.metadata")  # reading data, not importing
            if any(n == "importlib" or n.startswith("importlib.") and not n.startswith(reading) for n in names):
                found.append(f"line {node.lineno}: importlib")
        elif isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in ("import_module", "__import__"):
                found.append(f"line {node.lineno}: {name}")
    for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                    if any(n.split(".")[0] in FRONT_END_LIBRARIES for n in names):
                        found.append(f"line {node.lineno}: {', '.join(names)} inside a function")
    return found


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_only_the_loader_imports_by_name(name: str) -> None:
    # commands and front ends are loaded by name from the tables of spareggio.lazy, nowhere else
    # (the package's own public names are loaded on first use through it too)
    if name == LOADER:
        assert _dynamic_imports(KNOWN[name]) != []  # the checker sees the one place that does
        return
    assert _dynamic_imports(KNOWN[name]) == []


def test_the_check_finds_a_load_by_name(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import importlib\nfrom importlib import resources\n"
        "def f():\n    import weasyprint\n    return importlib.import_module('x')\n",
        encoding="utf-8",
    )
    assert _dynamic_imports(sample) == ["line 1: importlib", "line 5: import_module", "line 4: weasyprint inside a function"]


def test_the_allow_lists_hold_only_what_is_still_there() -> None:
    # an entry whose import is gone must leave the list: the lists only shrink
    edges = {
        (name, target, inside) for name in KNOWN for target, _, inside in imports(name, KNOWN[name], KNOWN)
    }
    assert [pair for pair in LOCAL_ALLOWED if (*pair, True) not in edges] == []
    assert [pair for pair in UPWARD_ALLOWED if not any(e[:2] == pair for e in edges)] == []


def test_the_checker_sees_every_kind_of_import(tmp_path: Path) -> None:
    root = tmp_path / "src"
    pkg = root / "spareggio"
    (pkg / "render").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "model.py").write_text("", encoding="utf-8")
    (pkg / "standings.py").write_text("", encoding="utf-8")
    (pkg / "render" / "__init__.py").write_text("from . import output\n", encoding="utf-8")
    (pkg / "render" / "output.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from ..standings import Standings\n"
        "import spareggio.model\n"  # old-path: a sample package of its own
        "if TYPE_CHECKING:\n    from .. import model\n"
        "def f():\n    from spareggio.standings import x\n",
        encoding="utf-8",
    )
    known = modules(root)
    seen = imports("spareggio.render.output", known["spareggio.render.output"], known)
    assert seen == [
        ("spareggio.standings", 2, False),
        ("spareggio.model", 3, False),  # old-path
        ("spareggio.model", 5, False),  # old-path
        ("spareggio.standings", 7, True),
    ]
    assert imports("spareggio.render", known["spareggio.render"], known) == [
        ("spareggio.render.output", 1, False)
    ]


@pytest.mark.parametrize(
    ("module", "floor"),
    [("spareggio.base.i18n", "foundation"), ("spareggio.base.jsontypes", "foundation"), ("spareggio.core.model", "model"),
     ("spareggio.tiebreaks.records", "rules and tie-breaks"), ("spareggio.tiebreaks.cuts", "rules and tie-breaks"),
     ("spareggio.render.formats", "render"), ("spareggio", "front ends"), ("spareggio.cli.rank", "front ends"),
     ("spareggio.cli.clilang", "front ends"), ("spareggio.io.teams", "readers and writers")],
)  # fmt: skip
def test_floor_of_a_module(module: str, floor: str) -> None:
    assert FLOORS[floor_of(module)][0] == floor


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
    "path",
    [
        *sorted((PACKAGE / "tiebreaks").rglob("*.py")),
        *sorted((PACKAGE / "rules").rglob("*.py")),
    ],
    ids=lambda p: p.name,
)
def test_tiebreaks_and_rules_read_only_the_frame(path: Path) -> None:
    # one frame of participants (players or teams) is all a tie-break or a rule set reads: numbers,
    # colours, ratings, entrants, the scores and the boards are the frame's, never the tournament's
    assert _reads_tournament(path) == []


def test_the_check_finds_a_read_of_the_tournament(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f(ctx):\n    return ctx.tournament.players\n", encoding="utf-8")
    assert _reads_tournament(sample) == [2]


def test_the_architecture_document_shows_the_floors() -> None:
    # docs/architecture.md lists the floors of FLOORS, in order, with the same modules
    text = (SRC.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1:3] for line in text.splitlines() if line.startswith("| ") and "`" in line]
    documented = [(floor.strip(), tuple(m.strip(" `") for m in cells.split(","))) for floor, cells in rows]
    expected = [(floor, tuple(m.removeprefix("spareggio.") for m in names)) for floor, names in FLOORS]
    assert documented == expected
