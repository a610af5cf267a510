"""The modules that moved into packages (CHANGELOG.md, "The model in one package") still import
under their old names for one release: the same module object, with a DeprecationWarning."""

from __future__ import annotations

import pickle
import sys
import warnings

import pytest

import spareggio
from spareggio import lazy
from spareggio.core import model
from spareggio.core.decisions import Playoff


@pytest.mark.parametrize(("old", "new"), sorted(lazy.MOVED_MODULES.items()))
def test_an_old_name_imports_the_moved_module_with_a_warning(old: str, new: str) -> None:
    sys.modules.pop(f"spareggio.{old}", None)
    with pytest.warns(
        DeprecationWarning, match=rf"spareggio\.{old} is deprecated: the module is now spareggio\.{new}"
    ):
        __import__(f"spareggio.{old}")
    assert sys.modules[f"spareggio.{old}"] is sys.modules[f"spareggio.{new}"]


def test_a_name_from_an_old_module_is_the_new_object() -> None:
    sys.modules.pop("spareggio.model", None)  # old-path
    with pytest.warns(DeprecationWarning):
        from spareggio.model import Tournament  # type: ignore[import-not-found]  # old-path
    assert Tournament is model.Tournament


def test_a_pickle_naming_an_old_module_still_loads() -> None:
    # what 0.1 wrote for a Playoff: the class under its old module
    data = pickle.dumps(Playoff(players=(2, 1)), protocol=0)
    old = data.replace(b"spareggio.core.decisions", b"spareggio.decisions")  # old-path
    assert old != data
    sys.modules.pop("spareggio.decisions", None)  # old-path
    with pytest.warns(DeprecationWarning):
        assert pickle.loads(old) == Playoff(players=(2, 1))


def test_the_new_names_warn_of_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert spareggio.core.model is model
    assert lazy._new_name("spareggio.model.x") == "spareggio.core.model.x"  # old-path
    assert lazy._new_name("spareggio.core.model") is None
    assert lazy._new_name("spareggio.rules") is None
