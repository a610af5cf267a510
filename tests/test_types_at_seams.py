"""No ``Any`` at a module seam that a type can name: the annotations of the arguments and returns of
every public function and method of the package (and the module's type aliases they name) hold no
``Any`` but those listed below, each with its reason.  The list only shrinks.

JSON is :data:`spareggio.base.jsontypes.JsonValue`, ASGI plumbing is typed with ``starlette.types``,
records with fixed keys are TypedDicts or dataclasses."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from spareggio.check.entry import (
    Candidate,
    CandidateJson,
    CheckEntry,
    CheckEntryJson,
    Mismatch,
    MismatchJson,
    Status,
    ValueMismatch,
    ValueMismatchJson,
)
from spareggio.standings import ListSource

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "spareggio"

ALLOWED: dict[str, tuple[int, str]] = {
    # "module:function" (or "module:Class.method", "module:Alias"): (Any found, why)
}
"""The ``Any`` that remain in public signatures, each with its reason (a shrinking list)."""


def _any_in(node: ast.AST | None, aliases: frozenset[str] = frozenset()) -> int:
    """How many times an annotation says ``Any`` (``typing.Any``, in a quoted annotation, or through
    a type alias of the same module that holds one); the strings of a ``Literal`` are values."""
    if node is None:
        return 0
    if isinstance(node, ast.Name):
        return int(node.id == "Any" or node.id in aliases)
    if isinstance(node, ast.Attribute):
        return int(node.attr == "Any")
    if isinstance(node, ast.Constant):
        if not isinstance(node.value, str):
            return 0
        try:
            return _any_in(ast.parse(node.value, mode="eval"), aliases)
        except SyntaxError:  # a string that is no annotation
            return 0
    if isinstance(node, ast.Subscript):
        head = node.value
        name = head.id if isinstance(head, ast.Name) else head.attr if isinstance(head, ast.Attribute) else ""
        if name == "Literal":
            return 0
    return sum(_any_in(child, aliases) for child in ast.iter_child_nodes(node))


def _aliases(tree: ast.Module) -> dict[str, int]:
    """The module's type aliases (``Name = ...`` or ``Name: TypeAlias = ...``) that hold ``Any``."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            if not (isinstance(node.annotation, ast.Name) and node.annotation.id == "TypeAlias"):
                continue
            name, value = node.target.id, node.value
        else:
            continue
        if isinstance(value, ast.Subscript | ast.BinOp | ast.Name | ast.Attribute | ast.Constant):
            count = _any_in(value)  # a quoted alias is read too (a docstring holds no annotation)
            if count:
                found[name] = count
    return found


def any_at_seams(source: str, module: str) -> dict[str, int]:
    """``Any`` in the public signatures of a module's source: ``{"module:name": count}``."""
    tree = ast.parse(source)
    aliases = _aliases(tree)
    found = {f"{module}:{name}": n for name, n in aliases.items() if not name.startswith("_")}
    hidden = frozenset(aliases)

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
                a = node.args
                annotations = [x.annotation for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
                annotations += [
                    a.vararg and a.vararg.annotation,
                    a.kwarg and a.kwarg.annotation,
                    node.returns,
                ]
                count = sum(_any_in(x, hidden) for x in annotations)
                if count:
                    found[f"{module}:{prefix}{node.name}"] = count
            elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return found


def package_seams() -> dict[str, int]:
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found |= any_at_seams(path.read_text(encoding="utf-8"), ".".join(parts))
    return found


FOUND = package_seams()


def test_no_new_any_in_public_signatures() -> None:
    over = {name: count for name, count in FOUND.items() if name not in ALLOWED or count > ALLOWED[name][0]}
    assert over == {}, "name the type (spareggio.base.jsontypes, starlette.types, a TypedDict, a Protocol)"


def test_the_allow_list_holds_only_what_is_still_there() -> None:
    # an entry whose Any is gone leaves the list (the count of one that shrank is lowered)
    assert {name for name in ALLOWED if name not in FOUND} == set()
    assert {
        name: (FOUND[name], ALLOWED[name][0]) for name in ALLOWED if FOUND.get(name, 0) < ALLOWED[name][0]
    } == {}
    assert all(reason for _, reason in ALLOWED.values())


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("def f(x: Any) -> Any: ...", {"m:f": 2}),
        ("def f(*a: Any, **k: typing.Any) -> None: ...", {"m:f": 2}),
        ("def f(x: 'dict[str, Any]') -> None: ...", {"m:f": 1}),
        ("def _f(x: Any) -> Any: ...", {}),
        (
            "class C:\n    def m(self, x: Any) -> None: ...\n    def _n(self, x: Any) -> None: ...",
            {"m:C.m": 1},
        ),
        ("class _C:\n    def m(self, x: Any) -> None: ...", {}),
        ("def f() -> None:\n    def g(x: Any) -> None: ...", {}),  # a nested function is no seam
        (
            "V = dict[str, Any]\ndef f() -> V: ...\ndef g(v: list[V]) -> None: ...",
            {"m:V": 1, "m:f": 1, "m:g": 1},
        ),
        ("V: TypeAlias = 'list[Any]'\ndef f() -> V: ...", {"m:V": 1, "m:f": 1}),
        ("x: int = 0\nN = 3\ndef f(a: Literal['Any']) -> object: ...", {}),
        ("async def f(scope: Scope, receive: Receive) -> None: ...", {}),
    ],
)
def test_the_scan_finds_any_where_it_hides(source: str, expected: dict[str, int]) -> None:
    assert any_at_seams(source, "m") == expected


# The JSON rows of the check report are typed records: what to_json writes is what they declare,
# in the order docs/check.md shows them (schema 1)


def _full_entry() -> CheckEntry:
    return CheckEntry(
        file="open.trf",
        status=Status.DIFFERS,
        name="Open",
        rules="fide-2026",
        rules_reason="start date 2026-06-01",
        tiebreaks=("BH/C1", "BH"),
        tiebreaks_source=ListSource.FILE,
        after_round=9,
        players=2,
        ranked=2,
        mismatches=(
            Mismatch(8, "Scarpa", 2, 1, 1, 6, swapped_with=25, decided_by="BH/C1", values={8: 40.5, 25: 40}),
        ),
        inferred=(Candidate("fide-2024", ("BH/C1",), 0, shared=1, continuation=("TPN",), program="Vega"),),
        inferred_count=348,
        team_event=True,
        values_compared=4,
        value_mismatches=(ValueMismatch(8, "Scarpa", "BH", 41, 42, "Vega", "full-bye=vur", "C.07 16.4"),),
        inferred_code="only-points",
        inferred_alike=("fide-2009",),
        inferred_closest=Candidate("fide-2024", ("BH/C1",), 2),
        publisher="vega",
    )


def test_a_full_entry_writes_every_declared_key_in_order() -> None:
    data = _full_entry().to_json()
    assert list(data) == list(CheckEntryJson.__annotations__)
    assert list(data["mismatches"][0]) == list(MismatchJson.__annotations__)
    assert list(data["inferred"][0]) == list(CandidateJson.__annotations__)
    assert list(data["value_mismatches"][0]) == list(ValueMismatchJson.__annotations__)
    # docs/check.md, the JSON report: "values": {"8": 40.5, "25": 40}, keyed by start number as text
    assert data["mismatches"][0]["values"] == {"8": 40.5, "25": 40}
    assert data["tiebreaks_source_code"] == "file"


def test_a_bare_entry_leaves_out_what_does_not_apply() -> None:
    data = CheckEntry(file="bad.trf", status=Status.ERROR, error="bad.trf:1:1: not a TRF file").to_json()
    optional = ["inferred_count", "team_event", "values_compared", "value_mismatches", "inferred_code",
                "inferred_alike", "inferred_closest", "publisher"]  # fmt: skip
    assert list(data) == [k for k in CheckEntryJson.__annotations__ if k not in optional]
    candidate = Candidate("fide-2024", ("BH",), 3).to_json()
    assert candidate == {"rules": "fide-2024", "tiebreaks": ["BH"], "mismatches": 3}
