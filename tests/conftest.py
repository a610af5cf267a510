"""Test configuration: make the helpers in this folder (builders, strategies) importable everywhere;
the ``needs_weasyprint`` marker, which skips a test (with the reason) on a machine where WeasyPrint or
the system libraries it loads (Pango, HarfBuzz) are missing; the ``weasyprint_missing`` fixture, which
makes the machine look like one of those."""

import functools
import importlib.abc
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import pytest


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outputs follow the environment's language when --lang is not given: the tests expect English
    unless they ask for another language, whatever the machine they run on."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "needs_weasyprint: the test prints a PDF; skipped, with the reason, where WeasyPrint or the "
        "system libraries it loads are missing",
    )


@functools.cache
def weasyprint_unavailable() -> str | None:
    """Why WeasyPrint cannot print here, or None when it can.  Without Pango ``import weasyprint``
    raises OSError (its libraries are loaded when it is imported), not ImportError."""
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as exc:
        first = (str(exc).splitlines() or [type(exc).__name__])[0]
        return (
            "PDF output needs WeasyPrint and the system libraries it loads (Debian: apt-get install "
            f"libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0): {first}"
        )
    return None


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("needs_weasyprint") is not None:
        reason = weasyprint_unavailable()
        if reason is not None:
            pytest.skip(reason)


class _NoPango(importlib.abc.MetaPathFinder):
    """Fails ``import weasyprint`` the way it fails on a machine without Pango."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> None:
        if fullname == "weasyprint" or fullname.startswith("weasyprint."):
            # WeasyPrint prints a banner on standard output, then raises
            print("\n-----\n\nWeasyPrint could not import some external libraries.\n\n-----\n")
            raise OSError(
                "cannot load library 'libgobject-2.0-0': libgobject-2.0-0: cannot open shared object "
                "file: No such file or directory"
            )


@pytest.fixture
def weasyprint_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine without WeasyPrint's system libraries: ``import weasyprint`` raises OSError."""
    for name in [n for n in sys.modules if n == "weasyprint" or n.startswith("weasyprint.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [_NoPango(), *sys.meta_path])
