"""The project's data classes: :func:`dataclass`, which makes the same classes as the standard
library's :func:`dataclasses.dataclass` at a fraction of the start-up cost.

The standard decorator writes the source of each method it adds (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, and for a frozen class ``__setattr__`` and ``__delattr__``) and compiles
it, once per class and method, every time the module is imported: on Python 3.11, 58 µs a method
and about 0.4 ms a frozen class.  A command such as ``standings`` loads some fifty data classes:
their compilation was the largest part of what its start-up costs above numpy's
(docs/performance.md).  Here the standard decorator only reads the fields (what
:func:`dataclasses.fields` answers); ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and
``__delattr__`` are made from functions compiled once with this module, given the class and its
field names: nothing to compile per class.  ``__init__`` alone is still written and compiled, as
the standard decorator writes it, but only for a class that makes many objects (more than
:data:`_COMPILE_AFTER`) or whose ``__init__`` somebody reads; until then the class makes its
objects itself, exactly as that function would (:class:`_Init`).  A class without a docstring gets
the standard decorator's text, written from the signature of ``__init__`` (which compiles it).

What the methods do is exactly what the standard ones do (tests/test_classes.py compares them,
option by option, with the standard decorator's): ``repr`` is ``Name(field=value, ...)`` over the
fields with ``repr=True`` (``...`` for an object met again inside itself); ``==`` compares the
tuples of the fields with ``compare=True`` of two objects of the same class, and answers
``NotImplemented`` for another class; the hash of a frozen class is that of the tuple of its
fields with ``hash=True`` (or ``compare=True`` when ``hash`` is not given); a class with ``eq`` that
is not frozen cannot be hashed; an object of a frozen class refuses to have a field (or, for the
class itself, any attribute) set or deleted, with :class:`dataclasses.FrozenInstanceError`;
``__init__`` takes the same parameters, with the same defaults, factories, keyword-only fields,
annotations and ``__post_init__`` call.  A method the class defines itself is kept, as the
standard decorator keeps it.  :func:`dataclasses.fields`, :func:`dataclasses.replace` and
:func:`dataclasses.asdict` work on these classes as on any data class, and the class's data-class
parameters say what it was asked to be (a class derived from it by the standard decorator must be
frozen if it is).  A frozen class with ``slots`` is pickled as the standard decorator pickles it
(the list of its field values).  A frozen class derived
from another data class has the standard decorator's ``__setattr__`` and ``__delattr__`` (it checks
that both classes are frozen).  Left to the standard decorator, whole: ``order``, ``unsafe_hash``
and a class with an ``InitVar``.
"""

from __future__ import annotations

import dataclasses
import inspect
import reprlib
from collections.abc import Callable
from operator import attrgetter
from types import MethodType
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


def _standard_only(cls: type, order: bool, unsafe_hash: bool) -> bool:
    """Whether the class is left to the standard decorator, whole (the module's text says which)."""
    if order or unsafe_hash:
        return True
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063  as dataclasses reads them
    return any("InitVar" in str(kind) for kind in annotations.values())


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
    if _standard_only(cls, order, unsafe_hash):
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
    add_init = init and "__init__" not in own
    # a class derived from a data class: the standard decorator checks that both are frozen or
    # neither, and makes the derived one frozen (its __setattr__ and __delattr__ are compiled)
    derived = any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:])
    for name in ("__setattr__", "__delattr__") if frozen and not derived else ():
        if name in own:  # the standard decorator's refusal, in its words
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    documented = bool(own.get("__doc__"))
    if not documented:  # written below, once __init__ is there (the standard decorator would read object's)
        cls.__doc__ = cls.__name__
    # the standard decorator reads the fields and adds nothing but them (and slots, if asked)
    made = cast(C, dataclasses.dataclass(
        init=False, repr=False, eq=False, frozen=frozen and derived, match_args=match_args, kw_only=kw_only,
        slots=slots,
    )(cls))  # fmt: skip
    fields = dataclasses.fields(made)
    _check_defaults(fields)
    params = made.__dict__["__dataclass_params__"]  # what the class was asked to be, as dataclasses reads it
    params.init, params.repr, params.eq, params.frozen = init, repr, eq, frozen
    if add_init:
        made.__init__ = _Init(made, fields, frozen, slots)  # type: ignore[misc]
    if not documented:  # the standard decorator's text: the class's name and the signature of __init__
        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
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
    if frozen and not derived:
        names = frozenset(f.name for f in fields)
        _method(made, "__setattr__", _frozen_setattr(made, names))
        _method(made, "__delattr__", _frozen_delattr(made, names))
        if slots:
            for name, function in (("__getstate__", _slots_getstate), ("__setstate__", _slots_setstate)):
                if name not in own:
                    setattr(made, name, function)
    return made


def _check_defaults(fields: tuple[dataclasses.Field[Any], ...]) -> None:
    """The standard decorator's check of the parameters of ``__init__``, in its words."""
    seen_default = False
    for f in fields:
        if not f.init or f.kw_only:
            continue
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")


class _Factory:
    """The default of a parameter whose field is made by a factory: ``<factory>``, as the standard
    decorator shows it in the signature."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


_COMPILE_AFTER = 32
"""How many objects a class makes without its compiled ``__init__`` (:class:`_Init`): compiling it
costs about 100 µs at start-up, and making an object without it a microsecond or two more."""


class _Init:
    """The ``__init__`` of a class, compiled only once the class has made a few objects
    (:data:`_COMPILE_AFTER`) or when somebody reads it (:func:`inspect.signature`, ``Cls.__init__``):
    it then puts the compiled function in its place on the class, which answers it from then on.
    A command loads many more classes than it makes objects of, and makes one or two objects of
    most (``standings``: fifty classes, thirty of them used, most once), and compiling is what a
    method costs at start-up.

    Until then, :meth:`make` sets the fields as the compiled function would: the same values, in
    the same order, defaults and factories alike, then ``__post_init__()``.  It checks the
    arguments before it sets anything, and a call the compiled function would refuse (too many
    arguments, an unknown or repeated one, a missing one) is handed to that function, which refuses
    it in its own words."""

    __slots__ = ("calls", "cls", "fields", "frozen", "names", "positional", "post_init", "slots")

    def __init__(
        self, cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool, slots: bool
    ) -> None:
        self.cls = cls
        self.fields = fields
        self.frozen = frozen
        self.slots = slots
        # asked when the class is made, as the standard decorator asks it
        self.post_init = hasattr(cls, "__post_init__")
        self.calls = 0
        self.positional = tuple(f.name for f in fields if f.init and not f.kw_only)
        self.names = frozenset(f.name for f in fields if f.init)

    def __get__(self, obj: object, owner: type | None = None) -> Callable[..., None]:
        if obj is None or self.calls >= _COMPILE_AFTER:
            function = self.compiled()
            bound: Callable[..., None] = function if obj is None else function.__get__(obj, owner)
            return bound
        self.calls += 1
        return MethodType(self.make, obj)

    def compiled(self) -> Callable[..., None]:
        """The compiled ``__init__``, put in its place on the class."""
        function = _init_method(self.cls, self.fields, self.frozen, self.slots, self.post_init)
        _method(self.cls, "__init__", function)
        return function

    def make(self, obj: object, /, *args: object, **kwargs: object) -> None:
        given = dict(zip(self.positional, args, strict=False))
        if len(args) > len(self.positional) or not kwargs.keys() <= self.names - given.keys():
            return self.compiled()(obj, *args, **kwargs)  # refused, in the compiled function's words
        given.update(kwargs)
        missing = dataclasses.MISSING
        for f in self.fields:
            if f.init and f.name not in given and f.default is missing and f.default_factory is missing:
                return self.compiled()(obj, *args, **kwargs)
        put = object.__setattr__ if self.frozen else setattr
        for f in self.fields:
            factory = f.default_factory
            if f.init and f.name in given:
                value = given[f.name]
                if value is _FACTORY and factory is not missing:
                    value = factory()
            elif factory is not missing:
                value = factory()
            elif f.default is not missing and (f.init or self.slots):
                value = f.default  # a slotted object holds even a default it is not given
            else:
                continue  # read from the class's attribute, as with the standard decorator
            put(obj, f.name, value)
        if self.post_init:
            obj.__post_init__()  # type: ignore[attr-defined]
        return None


def _init_method(
    cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool, slots: bool, post_init: bool
) -> Callable[..., None]:
    """``__init__``, written as the standard decorator writes it: the fields with ``init`` as
    parameters (keyword-only ones after a ``*``), a default or a factory where the field has one,
    each field set (through :meth:`object.__setattr__` for a frozen class), then
    ``__post_init__()`` if the class has one."""
    self_name = "__dataclass_self__" if any(f.name == "self" for f in fields) else "self"
    namespace: dict[str, Any] = {
        "__name__": cls.__module__, "__dataclass_set__": object.__setattr__, "__dataclass_factory__": _FACTORY,
    }  # fmt: skip
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields:
        default = f"__dataclass_dflt_{f.name}__"
        value = f.name
        if f.default_factory is not dataclasses.MISSING:
            namespace[default] = f.default_factory
            value = (
                f"{default}() if {f.name} is __dataclass_factory__ else {f.name}"
                if f.init
                else f"{default}()"
            )
            param = f"{f.name}=__dataclass_factory__"
        elif f.default is not dataclasses.MISSING:
            namespace[default] = f.default
            param = f"{f.name}={default}"
            if not f.init:
                if not slots:
                    continue  # read from the class's attribute, as with the standard decorator
                value = default  # a slotted class has no such attribute: the object holds it
        elif not f.init:
            continue
        else:
            param = f.name
        if f.init:
            (keyword if f.kw_only else positional).append(param)
        body.append(
            f"__dataclass_set__({self_name}, {f.name!r}, {value})"
            if frozen
            else f"{self_name}.{f.name} = {value}"
        )
    if post_init:
        body.append(f"{self_name}.__post_init__()")
    signature = ", ".join([self_name, *positional, *(["*", *keyword] if keyword else [])])
    lines = "\n    ".join(body or ["pass"])
    exec(compile(f"def __init__({signature}):\n    {lines}\n", "<string>", "exec"), namespace)  # noqa: S102
    function: Callable[..., None] = namespace["__init__"]
    function.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    return function


def _frozen_setattr(cls: type, names: frozenset[str]) -> Callable[[object, str, object], None]:
    def __setattr__(self: object, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]

    return __setattr__


def _frozen_delattr(cls: type, names: frozenset[str]) -> Callable[[object, str], None]:
    def __delattr__(self: object, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[arg-type]

    return __delattr__


def _slots_getstate(self: object) -> list[object]:
    """The state a frozen slotted object is pickled with: its field values, in order."""
    return [getattr(self, f.name) for f in dataclasses.fields(self)]  # type: ignore[arg-type]


def _slots_setstate(self: object, state: list[object]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=False):  # type: ignore[arg-type]
        object.__setattr__(self, f.name, value)


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
