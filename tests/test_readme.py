"""The README is the front page: its tour shows what the program really prints, its set-up keeps
the two commands CI runs, and the manual it links to is there."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from spareggio.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def tour() -> list[tuple[str, str]]:
    """Each command of the README followed by the output it shows: a ``sh`` block of one
    ``spareggio`` command, then a block without a language."""
    return re.findall(r"```sh\n(spareggio [^\n]*)\n```\n\n[^`]*?```\n(.*?)```", README, re.DOTALL)


def test_the_tour_shows_commands_and_outputs() -> None:
    assert [command.split()[1] for command, _ in tour()] == ["standings", "explain", "compare", "check", "check", "check"]


@pytest.mark.parametrize(("command", "shown"), tour(), ids=lambda x: x.split()[1] if x.startswith("spareggio") else "")
def test_the_tour_shows_what_the_program_prints(
    command: str, shown: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    # a check whose file differs ends with status 1 (docs/check.md), as the output shown says
    assert main(shlex.split(command)[1:]) == (1 if shown.startswith("differs") else 0)
    printed = capsys.readouterr().out.splitlines()
    assert [line for line in shown.splitlines() if line not in printed] == []


def test_the_python_example_prints_what_it_says(monkeypatch: pytest.MonkeyPatch) -> None:
    code = re.search(r"```python\n(.*?)```", README, re.DOTALL).group(1)  # type: ignore[union-attr]
    said = re.search(r"print\(.*\)\s+# (.*)", code).group(1)  # type: ignore[union-attr]
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - the README's own example
    assert out.getvalue().strip() == said


def test_the_set_up_commands_are_kept() -> None:
    # CI runs the README's test command; the first command is what a newcomer types
    assert "python3 -m pip install . && spareggio standings examples/open-2026.trf" in README
    assert 'python3 -m pip install -e ".[test]" && python3 -m pytest' in README


def test_every_link_of_the_front_page_is_there() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README)
    assert len(links) > 10
    assert [link for link in links if not (ROOT / link).exists()] == []
    assert len(README.encode("utf-8")) < 9000  # a front page; the manual is in docs/


@pytest.mark.parametrize("page", ["usage.md", "web.md", "library.md", "development.md", "architecture.md"])
def test_every_link_of_the_manual_is_there(page: str) -> None:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    links = [link for link in re.findall(r"\]\(([^)#]+)\)", text) if "://" not in link]
    assert [link for link in links if not (ROOT / "docs" / link).exists()] == []
