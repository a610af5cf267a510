"""The project's data classes: :func:`dataclass`, which makes the same classes as the standard
library's :func:`dataclasses.dataclass` at a third of the start-up cost.

The standard decorator writes the source of each method it adds (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, and for a frozen class ``__setattr__`` and ``__delattr__``) and compiles
it, once per class and method, every time the module is imported: on Python 3.11, 58 µs a method
and about 0.4 ms a frozen class.  A command such as ``standings`` loads some fifty data classes:
their compilation was the largest part of what its start-up costs above numpy's
(docs/performance.md).  Here ``__init__``, ``__setattr__`` and ``__delattr__`` are still the
standard decorator's (they are what makes a class frozen and how it is built); ``__repr__``,
``__eq__`` and ``__hash__`` are made from functions compiled once with this module, given the
class's field names: nothing to compile per class.

What the methods do is exactly what the standard ones do (tests/test_classes.py compares them,
option by option, with the standard decorator's): ``repr`` is ``Name(field=value, ...)`` over the
fields with ``repr=True`` (``...`` for an object met again inside itself); ``==`` compares the
tuples of the fields with ``compare=True`` of two objects of the same class, and answers
``NotImplemented`` for another class; the hash of a frozen class is that of the tuple of its
fields with ``hash=True`` (or ``compare=True`` when ``hash`` is not given); a class with ``eq`` that
is not frozen cannot be hashed.  A method the class defines itself is kept, as the standard
decorator keeps it.  :func:`dataclasses.fields`, :func:`dataclasses.replace` and
:func:`dataclasses.asdict` work on these classes as on any data class.  ``order`` and
``unsafe_hash`` are left to the standard decorator (no class of the engine's start-up uses them).
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, cast, dataclass_transform, overload

__all__ = ["dataclass"]

C = TypeVar("C", bound=type)


def _key(names: tuple[str, ...]) -> Callable[[object], tuple[object, ...]]:
    """The tuple of these attributes of an object (a tuple even of one or none)."""
    if len(names) > 1:
        getter: Callable[[object], tuple[object, ...]] = attrgetter(*names)
        return getter
    if names:
        (name,) = names

        def one(obj: object) -> tuple[object, ...]:
            return (getattr(obj, name),)

        return one
    return lambda obj: ()


def _repr_method(names: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    guarded: Callable[[object], str] = reprlib.recursive_repr()(__repr__)
    return guarded


def _eq_method(key: Callable[[object], tuple[object, ...]]) -> Callable[[object, object], Any]:
    def __eq__(self: object, other: object) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash_method(key: Callable[[object], tuple[object, ...]]) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(key(self))

    return __hash__


def _hashed(field: dataclasses.Field[Any]) -> bool:
    return field.compare if field.hash is None else field.hash


def _make(
    cls: C,
    *,
    init: bool,
    repr: bool,
    eq: bool,
    order: bool,
    unsafe_hash: bool,
    frozen: bool,
    match_args: bool,
    kw_only: bool,
    slots: bool,
) -> C:
    if order or unsafe_hash:  # not made here: the standard decorator's methods
        return cast(C, dataclasses.dataclass(
            init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
            match_args=match_args, kw_only=kw_only, slots=slots,
        )(cls))  # fmt: skip
    own = cls.__dict__
    declared_hash = own.get("__hash__", dataclasses.MISSING)
    # a class body with __eq__ and no __hash__ gets __hash__ = None from Python: not a hash of its own
    explicit_hash = not (declared_hash is dataclasses.MISSING or (declared_hash is None and "__eq__" in own))
    add_repr = repr and "__repr__" not in own
    add_eq = eq and "__eq__" not in own
    made = cast(C, dataclasses.dataclass(
        init=init, repr=False, eq=False, frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots
    )(cls))  # fmt: skip
    fields = dataclasses.fields(made)
    if add_repr:
        _method(made, "__repr__", _repr_method(tuple(f.name for f in fields if f.repr)))
    if eq:
        if add_eq:
            _method(made, "__eq__", _eq_method(_key(tuple(f.name for f in fields if f.compare))))
        if not explicit_hash:
            # the standard decorator's rule: a frozen class hashes its fields; one that can change
            # and compares by value cannot be hashed
            if frozen:
                _method(made, "__hash__", _hash_method(_key(tuple(f.name for f in fields if _hashed(f)))))
            else:
                made.__hash__ = None  # type: ignore[assignment]  # what the standard decorator sets
    return made


def _method(cls: type, name: str, function: Callable[..., Any]) -> None:
    """``function`` as the method ``name`` of ``cls``, named as a method written in its class."""
    function.__name__ = name
    function.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, function)


@overload
def dataclass(cls: C, /) -> C: ...


@overload
def dataclass(
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    unsafe_hash: bool = False,
    frozen: bool = False,
    match_args: bool = True,
    kw_only: bool = False,
    slots: bool = False,
) -> Callable[[C], C]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(
    cls: C | None = None,
    /,
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    unsafe_hash: bool = False,
    frozen: bool = False,
    match_args: bool = True,
    kw_only: bool = False,
    slots: bool = False,
) -> C | Callable[[C], C]:
    """A data class, as :func:`dataclasses.dataclass` makes it, with the same options (see the
    module's text for what is made differently, and why)."""

    def wrap(c: C) -> C:
        return _make(
            c, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
            match_args=match_args, kw_only=kw_only, slots=slots,
        )  # fmt: skip

    return wrap if cls is None else wrap(cls)
