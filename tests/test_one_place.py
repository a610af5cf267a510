"""Knowledge kept in one place: a language code is spelled only in the language registry
(``spareggio/base/i18n.py``); every other module asks it (``languages()``, ``conventions()``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from spareggio.base.i18n import languages
from spareggio.render.formats import FORMATS

SRC = Path(__file__).resolve().parent.parent / "src" / "spareggio"
REGISTRY = SRC / "base" / "i18n.py"


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


# --------------------------------------------------------------------------------------------------
# the library speaks fields, not flags: a sentence names a field (spareggio.base.i18n.Field); the command
# line words it as its option, the page as its control, the library and the API by its name

FLAG = re.compile(r"(?<![\w-])--(?:[a-z][a-z-]*|\{)")
"""An option of the command line (``--after-round``), or one a template makes (``--{how}``)."""
COMMAND_LINE = (SRC / "cli", SRC / "cli" / "clilang.py")
"""Where command-line options are spelled: the command line itself and its language."""


def spelled_flags(root: Path, allowed: tuple[Path, ...]) -> list[str]:
    return [
        f"{path.relative_to(root)}:{line}: {text!r}"
        for path in sorted(root.rglob("*.py"))
        if not any(path == place or place in path.parents for place in allowed)
        for line, text in strings(path)
        if FLAG.search(text)
    ]


def test_no_flag_is_spelled_below_the_command_line() -> None:
    assert spelled_flags(SRC, COMMAND_LINE) == []


def test_the_check_finds_a_spelled_flag(tmp_path: Path) -> None:
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "rank.py").write_text('OPTION = "--after-round"\n', encoding="utf-8")
    (tmp_path / "frame.py").write_text(
        'def f():\n    """Documentation may name --after-round."""\n    return "--after-round {n} is out of range"\n',
        encoding="utf-8",
    )
    assert spelled_flags(tmp_path, (tmp_path / "cli",)) == ["frame.py:3: '--after-round {n} is out of range'"]
    # an option made from a template, as the library once worded a bad --playoff value
    (tmp_path / "decisions.py").write_text('TEXT = "--{how} {value!r}: expected start numbers"\n', encoding="utf-8")
    assert spelled_flags(tmp_path, (tmp_path / "cli",))[0] == "decisions.py:1: '--{how} {value!r}: expected start numbers'"


def test_every_field_is_an_option_of_the_command_line() -> None:
    # the command line words a field as ``--`` and its name with dashes: that option must exist
    import click

    from spareggio.base.i18n import Field
    from spareggio.cli import cli
    from spareggio.cli.clilang import flag

    # the group loads its commands by name: ask it for each one (cli.commands holds only those loaded)
    ctx = click.Context(cli)
    commands = [cli.get_command(ctx, name) for name in cli.list_commands(ctx)]
    options = {
        name
        for command in commands
        if command is not None
        for param in command.params
        if isinstance(param, click.Option)
        for name in param.opts
    }
    assert [field for field in Field if flag(field) not in options] == []


@pytest.mark.parametrize(
    ("wording", "said"),
    [
        # frame.py, C.07 needs a played round: the same error, each front end's words for the field
        (None, "after_round 12 is out of range: the file holds rounds 1 to 9"),
        ("cli", "--after-round 12 is out of range: the file holds rounds 1 to 9"),
        ("page", "“After round” 12 is out of range: the file holds rounds 1 to 9"),
    ],
)
def test_a_field_is_worded_by_the_front_end(wording: str | None, said: str) -> None:
    from spareggio.base.i18n import Field, localize, msg, worded
    from spareggio.cli.clilang import flag_words
    from spareggio.web.i18n import page_words

    text = msg(
        "{field} {after_round} is out of range: the file holds rounds 1 to {complete}",
        field=Field.AFTER_ROUND, after_round=12, complete=9,
    )  # fmt: skip
    words = {None: None, "cli": flag_words, "page": page_words}[wording]
    assert localize(text, "en", words) == said
    with worded(words):  # the same, set for a whole command
        assert localize(text, "en") == said
    assert str(text) == "after_round 12 is out of range: the file holds rounds 1 to 9"  # the library's


def test_no_language_code_in_the_pages_templates_and_scripts() -> None:
    # the page's templates and scripts take the language from the request, never name one
    codes = "|".join(languages())
    pattern = re.compile(rf"""(["'])({codes})\1""")
    web = SRC / "web"
    found = [
        f"{path.relative_to(SRC)}: {m.group(0)}"
        for path in sorted([*web.glob("templates/*.html"), *web.glob("static/*.js")])
        for m in pattern.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


# --------------------------------------------------------------------------------------------------
# formats only through the format registry (spareggio/render/formats.py): a front end asks which
# formats a result or a job's task is written in (formats_for, format_names), never lists them

FORMAT_REGISTRY = SRC / "render"
"""The registry (``render/formats.py``) and the renderers it registers, each writing its formats."""

FORMAT_LISTS_ALLOWED = {
    "cli/common.py": "the help of --input-format names readers (trf, json), not output formats",
    "cli/listing.py": "the tie-break and rule-set listings print their catalogue as a table or JSON themselves",
}
"""Where a list of format names is not a list of the registry's formats, with the reason."""


def _names_only(values: list[ast.expr], names: tuple[str, ...]) -> bool:
    return len(values) >= 2 and all(
        isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value in names for v in values
    )


def spelled_format_lists(root: Path, registry: Path, names: tuple[str, ...]) -> list[str]:
    """Lists of format names spelled outside the registry: a tuple, list or set of two names or more,
    a table keyed by them, a sentence listing them (``"json (default), html, pdf"``), and in the
    page's templates a list of them."""
    alternatives = "|".join(names)
    listed = re.compile(rf"\b({alternatives})\b(\s*\([^)]*\))?\s*(,|\bor\b)\s*\b({alternatives})\b")
    quoted = re.compile(rf"""[\[(]\s*(\(\s*)?(["'])({alternatives})\2""")
    found = []
    for path in sorted(root.rglob("*.py")):
        if path == registry or registry in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            values = (
                node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set))
                else [k for k in node.keys if k is not None] if isinstance(node, ast.Dict)
                else None
            )  # fmt: skip
            if values is not None and _names_only(values, names):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
            elif (
                isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                and listed.search(node.value)
            ):  # fmt: skip
                found.append(f"{path.relative_to(root)}:{node.lineno}: {node.value!r}")
    for path in sorted(root.rglob("templates/*.html")):
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if quoted.search(line) and len(re.findall(rf"""(["'])({alternatives})\1""", line)) >= 2:
                found.append(f"{path.relative_to(root)}:{k}")
    return found


def test_no_list_of_formats_is_spelled_outside_the_registry() -> None:
    assert len(FORMATS) >= 9 and {"print", "trf"} <= set(FORMATS)
    found = spelled_format_lists(SRC, FORMAT_REGISTRY, tuple(FORMATS))
    assert [f for f in found if f.split(":", 1)[0] not in FORMAT_LISTS_ALLOWED] == []
    assert sorted({f.split(":", 1)[0] for f in found}) == sorted(FORMAT_LISTS_ALLOWED)  # each still needed


def test_the_check_finds_a_spelled_list_of_formats(tmp_path: Path) -> None:
    # each way the front ends listed formats before: a tuple checked, a table of media types, a
    # description, a test of two, a template's loop
    (tmp_path / "api.py").write_text(
        'FORMATS = ("json", "html", "print")\n'
        'MEDIA = {"json": "application/json", "csv": "text/csv"}\n'
        'HELP = "json (default), html, pdf"\n'
        'def f(fmt):\n    return fmt in ("html", "print") or fmt == "trf"\n',
        encoding="utf-8",
    )
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "page.html").write_text(
        '{% for fmt in ["pdf", "html", "json"] %}{{ fmt }}{% endfor %}\n{{ "table" }}\n', encoding="utf-8"
    )
    (tmp_path / "formats.py").write_text('NAMES = ("json", "html")\n', encoding="utf-8")
    found = spelled_format_lists(tmp_path, tmp_path / "formats.py", ("table", "csv", "json", "html", "pdf", "print", "trf"))
    assert [f.split(": ", 1)[0] for f in found] == ["api.py:1", "api.py:2", "api.py:3", "api.py:5", "templates/page.html:1"]
    # one name, or a sentence that only mentions one, is no list
    assert spelled_format_lists(tmp_path / "templates", tmp_path / "formats.py", ("json",)) == []


# one way to make a sentence: a Text (msg, ntext, Text(template, context, **values)) said in a language
# by localize; the catalogues are looked up only inside the language registry

LOOKUPS = frozenset(
    {"translate", "translate_plural", "_translate", "_translate_plural", "_plurals", "catalogue",
     "gettext", "ngettext", "pgettext", "npgettext", "dgettext", "dngettext"}
)  # fmt: skip
"""The names of a catalogue lookup: the registry's own (private, and its table ``catalogue``, which the
tests read) and the standard library's gettext (``tiebreaks.catalogue`` is another thing: a call by that
name is not one)."""


def sentence_makers(root: Path, registry: Path) -> list[str]:
    """Every place outside the registry that looks a sentence up in a catalogue itself instead of
    making a ``Text`` and saying it with ``localize``: an import of a lookup (from the registry, from
    :mod:`gettext`, from Babel's gettext support), or a call of one (``translate(lang, text, ctx)``;
    ``str.translate(table)``, one argument, is the string method and not a lookup)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path == registry:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Import):
                found += [f"{where}: import {a.name}" for a in node.names if a.name in ("gettext", "babel.support")]
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if module in ("gettext", "babel.support"):
                    found.append(f"{where}: from {module} import ...")
                elif module.endswith("i18n"):
                    found += [f"{where}: import {a.name}" for a in node.names if a.name in LOOKUPS]
            elif isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if name in LOOKUPS - {"catalogue"} and (isinstance(func, ast.Name) or len(node.args) > 1):
                    found.append(f"{where}: {name}(...)")
    return found


def test_a_sentence_is_made_one_way() -> None:
    assert sentence_makers(SRC, REGISTRY) == []


def test_the_check_finds_another_way_of_making_a_sentence(tmp_path: Path) -> None:
    # each way a sentence was made before: a renderer's lookup, a private helper over it, click's gettext
    (tmp_path / "render.py").write_text(
        "from ..base.i18n import Text, localize, translate\n"
        "def head(lang):\n"
        '    return translate(lang, "Rk", "crosstable")\n'
        "def good(lang, line):\n"
        '    return localize(Text("Rk", "crosstable"), lang) + line.translate({9: " "})\n',
        encoding="utf-8",
    )
    (tmp_path / "check.py").write_text(
        "from ..base import i18n\n"
        "def _tr(lang, text):\n"
        '    return i18n.translate(lang, text, "check")\n',
        encoding="utf-8",
    )
    (tmp_path / "clilang.py").write_text("from gettext import gettext as _\n", encoding="utf-8")
    (tmp_path / "i18n.py").write_text("def translate(lang, text, context):\n    return text\n", encoding="utf-8")
    assert sentence_makers(tmp_path, tmp_path / "i18n.py") == [
        "check.py:3: translate(...)",
        "clilang.py:1: from gettext import ...",
        "render.py:1: import translate",
        "render.py:3: translate(...)",
    ]
