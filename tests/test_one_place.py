"""Knowledge kept in one place: a language code is spelled only in the language registry
(``spareggio/i18n.py``); every other module asks it (``languages()``, ``conventions()``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from spareggio.i18n import languages

SRC = Path(__file__).resolve().parent.parent / "src" / "spareggio"
REGISTRY = SRC / "i18n.py"


def _docstrings(tree: ast.AST) -> set[int]:
    """The string statements of a module (docstrings of modules, classes, functions, attributes)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not documentation, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    )


def language_codes(text: str, codes: tuple[str, ...]) -> bool:
    """Whether a string constant names a language: it is a code, or a list of codes
    (``"en, it or fr"``, ``"en|it"``)."""
    if text.strip() in codes:
        return True
    alternatives = "|".join(codes)
    return re.search(rf"\b({alternatives})\b\s*(,|\bor\b|\||/)\s*\b({alternatives})\b", text) is not None


def spelled_codes(root: Path, registry: Path, codes: tuple[str, ...]) -> list[str]:
    return [
        f"{path.relative_to(root)}:{line}: {text!r}"
        for path in sorted(root.rglob("*.py"))
        if path != registry
        for line, text in strings(path)
        if language_codes(text, codes)
    ]


def test_no_language_code_is_spelled_outside_the_registry() -> None:
    assert len(languages()) >= 3
    assert spelled_codes(SRC, REGISTRY, languages()) == []


def test_the_check_finds_a_spelled_code(tmp_path: Path) -> None:
    # each way a code was spelled before the registry: a default, a test, a list, a help text
    (tmp_path / "a.py").write_text(
        'def f(lang="en"):\n'
        '    """Say it in en or it."""\n'
        '    sep = ";" if lang in ("it", "fr") else ","\n'
        '    return "Language: en, it or fr"\n',
        encoding="utf-8",
    )
    (tmp_path / "i18n.py").write_text('SOURCE = "en"\n', encoding="utf-8")
    found = spelled_codes(tmp_path, tmp_path / "i18n.py", ("en", "fr", "it"))
    assert [f.split(": ", 1)[0] for f in found] == ["a.py:1", "a.py:3", "a.py:3", "a.py:4"]
    # words that only look like a code are not one ("it", the pronoun, inside a sentence)
    assert not language_codes("choose it with the menu", ("en", "fr", "it"))
