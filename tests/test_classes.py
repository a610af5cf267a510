"""The project's data classes (spareggio.base.classes) behave as the standard library's: each case
below is declared twice, once with each decorator, and every observable answer is compared —
``repr``, ``==`` and ``!=`` within and across classes, ``hash`` (or that it cannot be hashed),
frozenness, field order and defaults, ``dataclasses.fields``/``replace``/``asdict``, slots,
inheritance, a method the class writes itself, and ``repr`` of an object inside itself."""

from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import pickle
import re
from collections.abc import Callable
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import spareggio.base.classes as ours
from spareggio.base import errors
from spareggio.core import games
from spareggio.tiebreaks import records

Decorator = Callable[..., Any]


def _declare(dataclass: Decorator, case: str, documented: bool = False) -> type:
    """The class of ``case``, made with ``dataclass``; with a text of its own if ``documented`` (the
    standard decorator writes one from the signature otherwise)."""
    doc = f"The case {case}." if documented else None
    if case == "plain":

        @dataclass
        class Plain:
            __doc__ = doc
            a: int
            b: str = "x"

        return Plain
    if case == "frozen":

        @dataclass(frozen=True)
        class Frozen:
            __doc__ = doc
            a: int
            b: tuple[int, ...] = ()
            c: list[int] = field(default_factory=list, compare=False, hash=False)

        return Frozen
    if case == "frozen-slots":

        @dataclass(frozen=True, slots=True)
        class FrozenSlots:
            __doc__ = doc
            a: int
            b: str = "y"

        return FrozenSlots
    if case == "no-eq":

        @dataclass(frozen=True, eq=False)
        class NoEq:
            __doc__ = doc
            a: int

        return NoEq
    if case == "no-repr":

        @dataclass(repr=False)
        class NoRepr:
            __doc__ = doc
            a: int

        return NoRepr
    if case == "field-options":

        @dataclass(frozen=True)
        class FieldOptions:
            __doc__ = doc
            a: int
            hidden: int = field(default=0, repr=False)
            ignored: int = field(default=0, compare=False)
            hashed_only: int = field(default=0, compare=True, hash=False)
            kw: int = field(default=0, kw_only=True)

        return FieldOptions
    if case == "own-methods":

        @dataclass(frozen=True)
        class OwnMethods:
            __doc__ = doc
            a: int
            b: int = 0

            def __repr__(self) -> str:
                return f"<{self.a}>"

            def __eq__(self, other: object) -> bool:
                return isinstance(other, OwnMethods) and other.a == self.a

            def __hash__(self) -> int:
                return self.a

        return OwnMethods
    if case == "own-eq-only":

        @dataclass(frozen=True)
        class OwnEqOnly:
            __doc__ = doc
            a: int
            b: int = 0

            def __eq__(self, other: object) -> bool:
                return isinstance(other, OwnEqOnly) and other.a == self.a

        return OwnEqOnly
    if case == "one-field":

        @dataclass(frozen=True)
        class OneField:
            """A class with its own text."""

            a: float

        return OneField
    if case == "no-field":

        @dataclass(frozen=True)
        class NoField:
            __doc__ = doc

        return NoField
    if case == "kw-only":

        @dataclass(kw_only=True, slots=True)
        class KwOnly:
            __doc__ = doc
            a: int
            b: int = 2

        return KwOnly
    if case == "post-init":

        @dataclass(frozen=True)
        class PostInit:
            __doc__ = doc
            a: int
            b: list[int] = field(default_factory=list)
            made: int = field(default=0, init=False)

            def __post_init__(self) -> None:
                object.__setattr__(self, "made", self.a + len(self.b))

        return PostInit
    if case == "not-in-init":

        @dataclass
        class NotInInit:
            __doc__ = doc
            a: int
            b: int = field(default=4, init=False)
            c: list[int] = field(default_factory=list, init=False)

        return NotInInit
    if case == "frozen-slots-not-in-init":

        @dataclass(frozen=True, slots=True)
        class FrozenSlotsNotInInit:
            __doc__ = doc
            a: int
            b: int = field(default=4, init=False)
            c: tuple[int, ...] = field(default_factory=tuple, kw_only=True)

        return FrozenSlotsNotInInit
    if case == "self-field":

        @dataclass(frozen=True)
        class SelfField:
            __doc__ = doc
            self: int
            other: str = "o"

        return SelfField
    if case == "derived":

        @dataclass(frozen=True)
        class Base:
            __doc__ = doc
            a: int
            b: int = 1

        @dataclass(frozen=True)
        class Derived(Base):
            __doc__ = doc
            c: int = 2

        return Derived
    if case == "derived-no-eq":

        @dataclass(frozen=True)
        class Base2:
            __doc__ = doc
            a: int

        @dataclass(frozen=True, eq=False)
        class DerivedNoEq(Base2):
            __doc__ = doc
            c: int = 2

        return DerivedNoEq
    raise AssertionError(case)


CASES = (
    "plain", "frozen", "frozen-slots", "no-eq", "no-repr", "field-options", "own-methods", "own-eq-only",
    "one-field", "no-field", "kw-only", "derived", "derived-no-eq", "post-init", "not-in-init",
    "frozen-slots-not-in-init", "self-field",
)  # fmt: skip


def _make(cls: type, values: tuple[int, int, int]) -> Any:
    """An object of ``cls`` from three small integers, whatever its fields."""
    x, y, z = values
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    given_values: dict[str, Any] = {}
    for k, name in enumerate(names):
        kind = cls.__dataclass_fields__[name].type
        value = (x, y, z, x + y, y + z)[k % 5]
        if "str" in str(kind):
            given_values[name] = str(value)
        elif "tuple" in str(kind):
            given_values[name] = (value,)
        elif "list" in str(kind):
            given_values[name] = [value]
        elif "float" in str(kind):
            given_values[name] = float("nan") if value == 0 else value / 2
        else:
            given_values[name] = value
    return cls(**given_values)


def _shape(text: str) -> str:
    """A repr without the address of an object (a class with no repr of its own shows it)."""
    return re.sub(r" at 0x[0-9a-f]+>", " at ...>", text)


def _hash(obj: object) -> object:
    try:
        return hash(obj)
    except TypeError as exc:
        return f"TypeError: {exc}"


def _observed(cls: type, a: Any, b: Any) -> dict[str, object]:
    """Everything compared between the two decorators for two objects of one class."""
    seen: dict[str, object] = {
        "fields": [(f.name, f.default, f.repr, f.compare, f.hash, f.kw_only) for f in dataclasses.fields(cls)],
        "repr": _shape(repr(a)),
        "eq": a == b,
        "ne": a != b,
        "self-eq": a == a,  # noqa: PLR0124  the identity shortcut of tuples (NaN fields)
        "eq-other-class": a == (1,),
        "eq-method-other": cls.__eq__(a, object()),
        "hash-equal": _hash(a) == _hash(b) if a == b else None,
        "hashable": not isinstance(_hash(a), str),
        "match_args": getattr(cls, "__match_args__", None),
        "slots": hasattr(cls, "__slots__"),
        "asdict": repr(dataclasses.asdict(a)),  # a repr: NaN is not equal to itself
    }
    names = [f.name for f in dataclasses.fields(cls)]
    seen["errors"] = [_error(call(cls)) for call in REFUSALS.values()]
    seen["signature"] = str(inspect.signature(cls))
    seen["doc"] = cls.__doc__
    seen["init-annotations"] = getattr(cls, "__init__").__annotations__  # noqa: B009  not an object's
    seen["params"] = repr(cls.__dataclass_params__)  # type: ignore[attr-defined]
    seen["state"] = repr(a.__reduce_ex__(4)[2])  # what pickle keeps (copy restores it below)
    seen["copies"] = [_shape(repr(copy.copy(a))), _shape(repr(copy.deepcopy(a))), copy.copy(a) == a]
    try:
        setattr(a, names[0] if names else "z", 5)
        seen["frozen"] = False
    except dataclasses.FrozenInstanceError as exc:
        seen["frozen"] = f"frozen: {exc}"
    except AttributeError as exc:  # a slotted class without the attribute
        seen["frozen"] = f"AttributeError {exc}"
    seen["delete"] = _error(lambda: delattr(a, names[-1] if names else "z"))
    seen["new attribute"] = _error(lambda: setattr(a, "not_a_field", 1))
    if seen["slots"] and seen["new attribute"] != "no error":
        # refused either way; Python 3.11's frozen slotted class refuses it with a TypeError of
        # super() (its __setattr__ names the class before slots made it anew), ours as frozen
        seen["new attribute"] = "refused"
    if names and str(seen["frozen"]).startswith("frozen"):
        seen["replace"] = _shape(repr(dataclasses.replace(a, **{names[0]: 9})))
    return seen


REFUSALS: dict[str, Callable[[Any], Callable[[], object]]] = {
    "nothing given": lambda cls: lambda: _shape(repr(cls())),
    "too many": lambda cls: lambda: cls(*range(9)),
    "unknown": lambda cls: lambda: cls(1, unknown=2),
    "given twice": lambda cls: lambda: cls(1, **{f.name: 1 for f in dataclasses.fields(cls)[:1]}),
}
"""Calls that ``__init__`` may refuse (each class refuses those its fields make wrong)."""


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("refusal", list(REFUSALS))
def test_a_call_refused_before_init_is_compiled_is_refused_alike(case: str, refusal: str) -> None:
    # the first call of a documented class's __init__: the project's does not compile it yet
    answers = [_error(REFUSALS[refusal](_declare(d, case, documented=True))) for d in (dataclasses.dataclass, ours.dataclass)]
    assert answers[0] == answers[1]


def _error(action: Callable[[], object]) -> object:
    """What ``action`` raised (its class and message, the class's name as the message gives it), or
    what it answered (``"no error"`` for ``None``)."""
    try:
        answer = action()
    except Exception as exc:  # noqa: BLE001  every answer is compared between the two decorators
        return f"{type(exc).__name__}: {exc}"
    return "no error" if answer is None else answer


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("frozen", [True, False], ids=["frozen", "not-frozen"])
@pytest.mark.parametrize("by", ["standard", "same"], ids=["derived-by-standard", "derived-by-same"])
def test_a_derived_class_is_checked_and_made_alike(case: str, frozen: bool, by: str) -> None:
    # dataclasses refuses a frozen class derived from one that is not, and the other way round
    answers: list[object] = []
    for decorator in (dataclasses.dataclass, ours.dataclass):
        base = _declare(decorator, case)
        namespace = {"__annotations__": {"z": "int"}, "z": 0}
        derive = dataclasses.dataclass if by == "standard" else decorator
        try:
            derived: Any = derive(frozen=frozen)(type("Derived", (base,), namespace))
        except TypeError as exc:
            answers.append(("refused", str(exc)))
            continue
        made = _error(lambda derived=derived: _make(derived, (1, 2, 0)))
        answers.append((
            [f.name for f in dataclasses.fields(derived)],
            _error(lambda made=made: _shape(repr(made))) if isinstance(made, derived) else made,
            _error(lambda made=made: setattr(made, "z", 3)) if isinstance(made, derived) else None,
        ))  # fmt: skip
    assert answers[0] == answers[1]


def test_a_parameter_without_a_default_after_one_with_it_is_refused_alike() -> None:
    class Late:
        a: int = 1
        b: int

    answers = [
        _error(lambda decorator=decorator: decorator(type("Late", (), dict(Late.__dict__))))
        for decorator in (dataclasses.dataclass, ours.dataclass)
    ]
    assert answers[0] == answers[1] == "TypeError: non-default argument 'b' follows default argument"


def test_a_frozen_class_may_not_write_its_own_setattr() -> None:
    class Own:
        a: int

        def __setattr__(self, name: str, value: object) -> None:
            object.__setattr__(self, name, value)

    answers = [
        _error(lambda decorator=decorator: decorator(frozen=True)(type("Own", (), dict(Own.__dict__))))
        for decorator in (dataclasses.dataclass, ours.dataclass)
    ]
    assert answers[0] == answers[1] == "TypeError: Cannot overwrite attribute __setattr__ in class Own"


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("documented", [True, False], ids=["documented", "undocumented"])
@given(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)), st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)))
def test_the_project_s_data_classes_behave_as_the_standard_ones(
    case: str, documented: bool, first: tuple[int, int, int], second: tuple[int, int, int]
) -> None:
    # a documented class makes its objects before its __init__ is compiled; one without a text
    # compiles it at once, to write the text from its signature
    standard = _declare(dataclasses.dataclass, case, documented)
    project = _declare(ours.dataclass, case, documented)
    assert _observed(project, _make(project, first), _make(project, second)) == _observed(
        standard, _make(standard, first), _make(standard, second)
    )


@pytest.mark.parametrize("dataclass", [dataclasses.dataclass, ours.dataclass], ids=["standard", "project"])
def test_an_object_inside_itself_is_shown_as_dots(dataclass: Decorator) -> None:
    @dataclass
    class Node:
        name: str
        children: list[Any] = field(default_factory=list)

    node = Node("a")
    node.children.append(node)
    assert repr(node).endswith("Node(name='a', children=[...])")


def test_the_methods_are_named_as_methods_of_their_class() -> None:
    @ours.dataclass(frozen=True)
    class Named:
        a: int

    assert Named.__eq__.__qualname__.endswith("Named.__eq__")
    assert Named.__hash__.__qualname__.endswith("Named.__hash__")
    assert Named.__repr__.__name__ == "__repr__"


@pytest.mark.parametrize("options", [{"order": True}, {"unsafe_hash": True}], ids=["order", "unsafe_hash"])
def test_order_and_unsafe_hash_are_the_standard_decorator_s(options: dict[str, bool]) -> None:
    @ours.dataclass(**options)
    class Ordered:
        a: int

    @dataclasses.dataclass(**options)
    class Ordered2:
        a: int

    for cls in (Ordered, Ordered2):
        assert cls(1) == cls(1) and cls(1) != cls(2)
        assert repr(cls(3)).endswith(f"{cls.__name__}(a=3)")
    assert isinstance(_hash(Ordered(1)), int) == isinstance(_hash(Ordered2(1)), int)
    if options.get("order"):
        assert Ordered(1) < Ordered(2) and not Ordered(2) < Ordered(1)


@ours.dataclass(frozen=True, slots=True)
class Sent:
    """A frozen slotted class, as the entries a worker process sends back are (pickled)."""

    name: str
    rows: tuple[int, ...] = ()


@ours.dataclass
class Kept:
    name: str
    rows: list[int] = field(default_factory=list)


@pytest.mark.parametrize("obj", [Sent("a", (1, 2)), Kept("b", [3])], ids=["frozen-slots", "plain"])
def test_objects_cross_processes_whole(obj: object) -> None:
    back = pickle.loads(pickle.dumps(obj))
    assert (back, repr(back), type(back)) == (obj, repr(obj), type(obj))


@pytest.mark.parametrize("cls", [games.Player, games.Scoring, records.Record, errors.Diagnostic])
def test_the_engine_s_classes_are_the_project_s(cls: type) -> None:
    # the start-up depends on it (docs/performance.md): a class of the standard decorator compiles
    # its repr, eq and hash each time its module is imported
    assert cls.__eq__.__code__ is ours._eq_method(lambda o: ()).__code__
    assert cls.__repr__.__code__ is Kept.__repr__.__code__


def test_every_data_class_of_the_package_is_made_one_way() -> None:
    # a class made by the standard decorator would compile its methods again at every start
    package = Path(ours.__file__).resolve().parent.parent
    found = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "classes.py" and path.parent.name == "base":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "dataclasses":
                found += [f"{path.relative_to(package)}: {a.name}" for a in node.names if a.name == "dataclass"]
            elif isinstance(node, ast.Attribute) and node.attr == "dataclass":
                found.append(f"{path.relative_to(package)}:{node.lineno}: dataclasses.dataclass")
    assert found == []


def test_init_is_compiled_when_read_or_after_a_few_objects() -> None:
    # the start-up saving (docs/performance.md): a class that makes no object, or a few, compiles nothing
    @ours.dataclass(frozen=True)
    class Late:
        """Documented: nothing reads the signature when the class is made."""

        a: int
        b: int = 2

    class Plain(Late):  # not a data class: it inherits the same __init__
        pass

    @ours.dataclass(frozen=True)
    class Later:
        """Documented too."""

        a: int

    class Child(Later):
        def __init__(self, a: int) -> None:
            super().__init__(a * 10)

    made = [Plain(1).b, Late(3, b=4).b, Child(4).a, Later(a=5).a]  # through super() too
    assert made == [2, 4, 40, 5]
    assert isinstance(vars(Late)["__init__"], ours._Init) and isinstance(vars(Later)["__init__"], ours._Init)
    assert str(inspect.signature(Late)) == "(a: 'int', b: 'int' = 2) -> None"  # read: compiled
    function = vars(Late)["__init__"]
    assert function.__qualname__.endswith("Late.__init__") and function.__module__ == __name__
    for k in range(ours._COMPILE_AFTER):
        assert Later(k).a == k
    assert not isinstance(vars(Later)["__init__"], ours._Init)  # compiled after a few objects
    assert (Later(7).a, Child(2).a) == (7, 20)


@pytest.mark.parametrize("case", CASES)
def test_objects_made_before_and_after_init_is_compiled_are_alike(case: str) -> None:
    standard = _declare(dataclasses.dataclass, case, documented=True)
    project = _declare(ours.dataclass, case, documented=True)
    values = [(k % 3, (k + 1) % 3, k % 2) for k in range(ours._COMPILE_AFTER + 3)]
    ours_made = [_shape(repr(_make(project, v))) for v in values]
    standard_made = [_shape(repr(_make(standard, v))) for v in values]
    assert not isinstance(vars(project).get("__init__"), ours._Init)
    assert [s.replace(standard.__qualname__, "C") for s in standard_made] == [
        s.replace(project.__qualname__, "C") for s in ours_made
    ]


@pytest.mark.parametrize("compiled", [False, True], ids=["before-compiled", "compiled"])
def test_a_factory_s_default_given_explicitly_is_made_by_the_factory(compiled: bool) -> None:
    # the default a signature shows for a field made by a factory, passed as an argument
    project = _declare(ours.dataclass, "frozen", documented=True)
    standard = _declare(dataclasses.dataclass, "frozen", documented=True)
    if compiled:
        inspect.signature(project)
    made = project(1, (), ours._FACTORY)
    assert made.c == [] and repr(made) == repr(standard(1, (), dataclasses._HAS_DEFAULT_FACTORY))  # type: ignore[attr-defined]
    assert isinstance(vars(project)["__init__"], ours._Init) is not compiled


_KINDS = ("required", "default", "factory", "not-in-init", "not-in-init-factory", "keyword", "keyword-default")


def _declare_random(dataclass: Decorator, kinds: list[str], options: dict[str, bool]) -> Any:
    """A class of one field per kind (``f0``, ``f1`` ...), made with ``dataclass`` and ``options``
    (``documented`` aside)."""
    namespace: dict[str, Any] = {"__annotations__": {}, "__doc__": "Made." if options["documented"] else None}
    for k, kind in enumerate(kinds):
        name = f"f{k}"
        namespace["__annotations__"][name] = "int"
        if kind == "default":
            namespace[name] = field(default=k)
        elif kind == "factory":
            namespace[name] = field(default_factory=lambda k=k: [k])
        elif kind == "not-in-init":
            namespace[name] = field(default=-k, init=False)
        elif kind == "not-in-init-factory":
            namespace[name] = field(default_factory=lambda k=k: (k,), init=False)
        elif kind == "keyword":
            namespace[name] = field(kw_only=True)
        elif kind == "keyword-default":
            namespace[name] = field(default=k, kw_only=True)
    made = {key: value for key, value in options.items() if key != "documented"}
    return dataclass(**made)(type("Random", (), namespace))


def _call(cls: Any, positional: int, keywords: set[int]) -> object:
    """What ``cls(100, 101, ..., f<k>=200 + k ...)`` answers: the object's text and fields, or the error."""
    kwargs = {f"f{k}": 200 + k for k in keywords}
    made = _error(lambda: cls(*range(100, 100 + positional), **kwargs))
    if not isinstance(made, cls):
        return made
    return _error(lambda: (_shape(repr(made)), [repr(getattr(made, f.name, "unset")) for f in dataclasses.fields(cls)]))


_SLOTTED = {"frozen": False, "slots": True, "eq": True, "repr": True, "documented": True}


@example(["required", "not-in-init", "not-in-init-factory", "keyword"], _SLOTTED, [(1, {3})])
@example(["factory", "keyword-default"], {**_SLOTTED, "frozen": True, "slots": False}, [(0, {1}), (1, set())])
@given(
    st.lists(st.sampled_from(_KINDS), max_size=6),
    st.fixed_dictionaries({k: st.booleans() for k in ("frozen", "slots", "eq", "repr", "documented")}),
    st.lists(st.tuples(st.integers(0, 7), st.sets(st.integers(0, 7))), min_size=1, max_size=4),
)
def test_any_class_makes_and_refuses_objects_as_the_standard_one(
    kinds: list[str], options: dict[str, bool], calls: list[tuple[int, set[int]]]
) -> None:
    # each call first on classes of its own (a documented class answers it itself, before compiling
    # __init__), then every call again and again on one class, past the compiling
    whole = (
        sum(1 for kind in kinds if kind in ("required", "default", "factory")),
        {k for k, kind in enumerate(kinds) if kind in ("keyword", "keyword-default")},
    )  # every field that __init__ takes, given: a call most classes accept
    answers = []
    for decorator in (dataclasses.dataclass, ours.dataclass):
        try:
            classes = [_declare_random(decorator, kinds, options) for _ in range(len(calls) + 2)]
        except TypeError as exc:
            answers.append([f"refused: {exc}"])
            continue
        seen = [_call(cls, *call) for cls, call in zip(classes, [whole, *calls], strict=False)]
        last = classes[-1]
        for _ in range(ours._COMPILE_AFTER // len(calls) + 2):
            seen += [_call(last, *whole), *(_call(last, *call) for call in calls)]
        answers.append(seen)
    assert answers[0] == answers[1]
