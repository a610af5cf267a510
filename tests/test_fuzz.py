"""Fuzzing the TRF reader: random bytes, random text, valid files with random edits
(``strategies.mutated_trf``) and valid files rewritten in the dialects real programs write.

For every input, strict and lenient:

* the reader returns a tournament or raises :class:`~spareggio.InputError` (one line,
  ``path:line:column: message``), never anything else;
* a tournament it returns passes its own checks: ``write_trf(t)`` reads back, with the same crosstable;
* the array decoder and the line parser (the definition of the format) agree on everything: the
  tournament, the warnings, or the error message.

A dialect rewrite (tabs at 8-column stops, trailing blanks cut or added, ``0000`` as blanks, letter
codes in the other case, lines in another order, CR/CRLF, BOM, Windows-1252, comments) must give the
same crosstable as the original file.

A valid file with some games damaged (one side left blank, both sides claiming the win, the same
colour on both sides) is refused by the strict reader; the lenient reader reads it with one warning per
damaged game, and its repairs are known: the blank side of a game written ``1``/``0``, ``=``/``=``,
``+``/``-`` (or their short forms) comes back as it was, both wins are kept, the colours are removed.

``spareggio check`` over folders of small zip archives, damaged at random, and random files: one
entry per file found (an ``error`` row at worst, on one line), never an exception.

The normal suite runs a small budget; ``pytest -m fuzz`` runs ``SPAREGGIO_FUZZ_EXAMPLES`` inputs
(default 20000) per test.
"""

from __future__ import annotations

import codecs
import dataclasses
import io
import json
import os
import tempfile
import warnings
import zipfile
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spareggio import InputError, Tournament
from spareggio.base.errors import TrfConsistencyError
from spareggio.core.model import ResultKind
from spareggio.io.trf import _parse_one_by_one, parse_trf, write_trf
from spareggio.io.trf.columns import with_cut_names
from strategies import BLANK, Spec, mutated_trf, render, tournaments

PATH = "fuzz.trf"
LONG = int(os.environ.get("SPAREGGIO_FUZZ_EXAMPLES", "20000"))
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large]


def quick(examples: int) -> settings:
    """A budget for the normal suite (the three quick tests take a few seconds together)."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=HEALTH)


THOROUGH = settings(max_examples=LONG, deadline=None, suppress_health_check=HEALTH)


# --------------------------------------------------------------------------------------------------
# dialect rewrites of a valid file


def unexpand(line: str) -> str:
    """``unexpand -a``: every run of two or more blanks that ends on a tab stop (8 columns) becomes a tab."""
    out = []
    for start in range(0, len(line), 8):
        chunk = line[start : start + 8]
        stripped = chunk.rstrip(" ")
        if len(chunk) == 8 and len(chunk) - len(stripped) >= 2:
            chunk = stripped + "\t"
        out.append(chunk)
    return "".join(out)


def _blocks(line: str, edit: Any) -> str:
    """``line`` with ``edit(block)`` applied to each 8-character round block (columns 92 + 10r ...)."""
    chars = list(line)
    for b in range(91, len(line) - 7, 10):
        chars[b : b + 8] = edit("".join(chars[b : b + 8]))
    return "".join(chars)


_SWAP_CASE = str.maketrans("WDLHFUZwdlhfuzbB", "wdlhfuzWDLHFUZBb")


@st.composite
def dialects(draw: st.DrawFn) -> tuple[str, bytes | str, str]:
    """A valid file, the same file rewritten in some dialects, and the form of the rewriting (text
    or an encoding)."""
    original = render(draw(tournaments())).replace("\r\n", "\n").replace("\r", "\n")
    lines = original.rstrip("\n").split("\n")
    players = [k for k, line in enumerate(lines) if line.startswith("001")]
    for k in players:
        line = lines[k]
        if draw(st.booleans()):
            zero = draw(st.sampled_from(["    ", "   0", "  00"]))
            line = _blocks(line, lambda b, z=zero: z + b[4:] if b.startswith("0000") else b)
        if draw(st.booleans()):
            line = line[:91] + line[91:].translate(_SWAP_CASE)
        if draw(st.booleans()):
            line = line + " " * draw(st.integers(0, 60))
        if draw(st.booleans()):
            line = unexpand(line)
        lines[k] = line
    order = draw(st.permutations(players))
    for k, line in zip(sorted(players), [lines[k] for k in order], strict=True):
        lines[k] = line
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), "### a comment")
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    text = newline.join(line.rstrip(" ") if draw(st.booleans()) else line for line in lines) + newline
    form = draw(st.sampled_from(["str", "utf-8", "utf-8-sig", "cp1252"]))
    if form == "str":
        return original, text, form
    try:
        return original, text.encode(form), form
    except UnicodeEncodeError:
        return original, text.encode("utf-8"), "utf-8"


# --------------------------------------------------------------------------------------------------
# damaged games

_COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
"""This side's result and the only other side that a repair can write for it."""


@st.composite
def damaged(draw: st.DrawFn) -> tuple[Spec, Spec, list[tuple[str, int, int, int]]]:
    """A valid tournament, the same with 1-3 games damaged, and the damages (what, i, j, round)."""
    spec = draw(tournaments())
    games = [
        (i, cell.opponent, r)
        for i, row in enumerate(spec.cells)
        for r, cell in enumerate(row)
        if cell is not None and cell.opponent > i
    ]
    chosen = draw(st.lists(st.sampled_from(games), min_size=1, max_size=3, unique=True)) if games else []
    cells = [list(row) for row in spec.cells]
    damages = []
    for i, j, r in chosen:
        mine, theirs = cells[i][r], cells[j][r]
        assert mine is not None and theirs is not None
        options = []
        if _COMPLEMENT.get(mine.code.upper()) == theirs.code.upper():
            options.append("drop")
        if mine.code == "1" and theirs.code == "0":
            options.append("both-win")
        if mine.colour in "wb" and theirs.colour in "wb":
            options.append("same-colour")
        if not options:
            continue
        what = draw(st.sampled_from(options))
        if what == "drop":
            cells[j][r] = BLANK
        elif what == "both-win":
            cells[j][r] = dataclasses.replace(theirs, code="1")
        else:
            cells[j][r] = dataclasses.replace(theirs, colour=mine.colour)
        damages.append((what, i, j, r))
    broken = dataclasses.replace(spec, cells=tuple(tuple(row) for row in cells))
    return spec, broken, damages


def check_damaged(spec: Spec, broken: Spec, damages: list[tuple[str, int, int, int]]) -> None:
    text = render(broken)
    if damages:
        with pytest.raises(TrfConsistencyError):
            parse_trf(text, PATH)
    t = parse_trf(text, PATH, lenient=True)
    expected = parse_trf(render(spec), PATH)
    kind, opponent, color = expected.kind.copy(), expected.opponent.copy(), expected.color.copy()
    for what, i, j, r in damages:
        if what == "both-win":
            kind[j, r] = ResultKind.PLAYED_WIN
        elif what == "same-colour":
            color[i, r] = color[j, r] = 0
    np.testing.assert_array_equal(t.kind, kind)
    np.testing.assert_array_equal(t.opponent, opponent)
    np.testing.assert_array_equal(t.color, color)
    repairs = [w.code for w in t.warnings if w.code in ("one-sided-game", "results-misfit", "same-colour")]
    assert sorted(repairs) == sorted(
        {"drop": "one-sided-game", "both-win": "results-misfit", "same-colour": "same-colour"}[d[0]]
        for d in damages
    )
    check_reader(text)


# --------------------------------------------------------------------------------------------------
# the checks


def _outcome(read: Any, data: bytes | str, lenient: bool) -> tuple[Any, ...]:
    """Everything a reading gives: the tournament with its warnings, or the error."""
    try:
        t = read(data, PATH, lenient=lenient)
    except InputError as exc:
        return ("error", type(exc).__name__, str(exc))
    return (
        "tournament",
        t.players,
        *(getattr(t, name).tolist() for name in ("kind", "opponent", "color", "short_game")),
        [(w.code, str(w)) for w in t.warnings],
        (t.name, t.scoring, t.start_date, t.end_date, t.announced_rounds, t.kind_of_event, t.kind_source),
        (t.tiebreak_list, t.headers, t.encoding),
    )


def by_start_number(t: Tournament) -> dict[int, list[tuple[int, int, int, bool]]]:
    """The crosstable keyed by start numbers: (kind, opponent's number or 0, colour, short) per round."""
    numbers = [p.start_number for p in t.players]
    return {
        numbers[i]: [
            (int(t.kind[i, r]), numbers[t.opponent[i, r]] if t.opponent[i, r] >= 0 else 0, int(t.color[i, r]),
             bool(t.short_game[i, r]))
            for r in range(t.rounds)
        ]
        for i in range(t.n_players)
    }  # fmt: skip


def check_reader(data: bytes | str) -> None:
    """The properties of the module docstring, strict and lenient."""
    for lenient in (False, True):
        outcome = _outcome(parse_trf, data, lenient)
        assert outcome == _outcome(_parse_one_by_one, data, lenient)
        if outcome[0] == "error":
            message = outcome[2]
            assert message.startswith(f"{PATH}:") and "\n" not in message and "\r" not in message, message
            line, column = (int(v) for v in message.split(":")[1:3])
            assert line >= 1 and column >= 1, message
            continue
        t = parse_trf(data, PATH, lenient=lenient)
        again = parse_trf(write_trf(t), "again.trf", lenient=lenient)
        assert [p.start_number for p in again.players] == [p.start_number for p in t.players]
        for name in ("kind", "opponent", "color", "short_game"):
            np.testing.assert_array_equal(getattr(again, name), getattr(t, name), err_msg=name)
        assert again.scoring == t.scoring
        assert not [w for w in again.warnings if w.code not in ("missing-colour", "results-misfit")], (
            again.warnings
        )


def check_dialect(original: str, variant: bytes | str, form: str) -> None:
    expected = parse_trf(original, PATH)
    t = parse_trf(variant, PATH)
    assert by_start_number(t) == by_start_number(expected)
    names = [p.name for p in sorted(expected.players, key=lambda p: p.start_number)]
    allowed = {"tabs-expanded", "bye-as-forfeit"}
    if form == "cp1252" and isinstance(variant, bytes) and (_is_utf8(variant) or with_cut_names(variant)):
        # Windows-1252 bytes that are UTF-8 too ('Ã©' is UTF-8 'é'), but perhaps for a last letter
        # of a name at the end of its field: the file cannot tell which it is; read as UTF-8 (the
        # reader's first choice), the names are the UTF-8 letters of their bytes (a part of a letter
        # left out), and a record whose bytes are fewer letters sits on the columns counted in bytes
        names = [
            codecs.getincrementaldecoder("utf-8")().decode(name.encode("cp1252")).strip() for name in names
        ]
        allowed |= {"byte-columns", "name-cut-in-letter"}
    assert [p.name for p in sorted(t.players, key=lambda p: p.start_number)] == names
    assert {w.code for w in t.warnings} <= allowed, t.warnings
    check_reader(variant)


def _is_utf8(data: bytes | str) -> bool:
    if isinstance(data, str):
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


ANY_INPUT = st.one_of(mutated_trf(), mutated_trf(), st.binary(max_size=600), st.text(max_size=600))


# --------------------------------------------------------------------------------------------------
# the normal suite: a few seconds


@quick(100)
@given(data=ANY_INPUT)
def test_reader_reads_or_raises_input_error(data: bytes | str) -> None:
    check_reader(data)


@quick(40)
@given(case=dialects())
def test_dialects_read_as_the_original(case: tuple[str, bytes | str, str]) -> None:
    check_dialect(*case)


@quick(30)
@given(case=damaged())
def test_lenient_repairs_damaged_games(case: tuple[Spec, Spec, list[tuple[str, int, int, int]]]) -> None:
    check_damaged(*case)


@pytest.mark.parametrize(
    "data",
    [
        "001    1 m    A" + " " * 74 + "  0000 - U\t",  # a tab after the last block only
        "001\t\t" * 300,  # tabs that expand far past the last column
        "001    1" + "\x00" * 10 + "\n",  # NUL inside a line of text (no binary check on str)
        "142 " + "9" * 5000 + "\n001    1 m    A",  # more digits than int() converts
        "001    1 m    A" + " " * 74 + "  0000 - U" * 98 + "  00",  # round 99 cut inside its opponent
        "001    1 m    A" + " " * 74 + "     2 w 1\n001    2 m    B" + " " * 74 + "     1 b 0   x",
        "162  W9999    D9999\n001    1 m    A"
        + " " * 74
        + "  0000 - U" * 20,  # points that do not fit 4 columns
        "162  W.125\n001    1 m    A" + " " * 74 + "  0000 - F" * 9,  # 9 x 0.125 = 1.125: 5 characters
        # text given with lone surrogates in a name (none stands for a byte of a file): no bytes to count
        "001    1 m    \ud800é" + " " * 31 + " 2000 ITA" + " " * 35 + "  0000 - U",
        "001    1 m    \udcc3é" + " " * 30 + " 2000 ITA" + " " * 35 + "  0000 - U",
    ],
)
def test_reader_edge_cases(data: str) -> None:
    check_reader(data)


def test_unexpand_is_what_tabs_expand_back() -> None:
    line = (
        "001    1 m    Rossi, Anna                       2315 ITA    12345678 1990/04/12  3.5    7  0000 - U"
    )
    assert "\t" in unexpand(line) and unexpand(line).expandtabs(8) == line


# --------------------------------------------------------------------------------------------------
# archives and folders for `spareggio check`: one entry per file found, whatever the bytes


MEMBER_NAMES = st.sampled_from(
    ["a.trf", "b.TRF", "c.json", "d.txt", "dir/e.trf", "a.trf", "x\x1b[2J.trf", "skip.bin", "f/"]
)
METHODS = st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
SMALL_TRF = "012 Fuzz\n001    1      A                                 2000                            1.0    1  0000 - U\n"


@st.composite
def archives(draw: st.DrawFn) -> bytes:
    """A small zip archive, then some of its bytes overwritten (headers, data or directory)."""
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # duplicate names are part of the test
        with zipfile.ZipFile(buffer, "w") as archive:
            for _ in range(draw(st.integers(0, 4))):
                content = draw(st.one_of(st.just(SMALL_TRF.encode()), st.binary(max_size=200)))
                archive.writestr(draw(MEMBER_NAMES), content, compress_type=draw(METHODS))
    data = bytearray(buffer.getvalue())
    for _ in range(draw(st.integers(0, 3))):
        if data:
            at = draw(st.integers(0, len(data) - 1))
            data[at : at + 4] = draw(st.binary(min_size=1, max_size=4))
    return bytes(data)


def check_batch(files: list[tuple[str, bytes]], tmp: str) -> None:
    """Every source found is one entry (an error row at worst, on one line); the report is whole."""
    from spareggio.check import CheckOptions, check_files, find_sources
    from spareggio.render.check_report import report_text

    for name, data in files:
        with open(os.path.join(tmp, name), "wb") as handle:
            handle.write(data)
    found = list(find_sources([tmp]))
    entries = list(check_files([tmp], CheckOptions(), jobs=1))
    names = [item[0] if isinstance(item, tuple) else item.name for item in found]
    assert sorted(e.file for e in entries) == sorted(names)
    for e in entries:
        assert e.error is None or (e.error and "\n" not in e.error)
    doc = json.loads(report_text(entries, "json"))
    assert doc["summary"]["files"] == len(found)


FOLDERS = st.lists(
    st.tuples(
        st.sampled_from(["one.zip", "two.zip", "t.trf", "t.json", "t.txt"]),
        st.one_of(archives(), st.binary(max_size=300), st.just(SMALL_TRF.encode())),
    ),
    max_size=4,
    unique_by=lambda item: item[0],
)


@quick(15)
@given(files=FOLDERS)
def test_fuzz_check_folder_of_archives(files: list[tuple[str, bytes]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        check_batch(files, tmp)


# --------------------------------------------------------------------------------------------------
# on demand: pytest -m fuzz (SPAREGGIO_FUZZ_EXAMPLES inputs per test)


@pytest.mark.fuzz
@THOROUGH
@given(data=ANY_INPUT)
def test_long_fuzz_reader(data: bytes | str) -> None:
    check_reader(data)


@pytest.mark.fuzz
@THOROUGH
@given(case=dialects())
def test_long_fuzz_dialects(case: tuple[str, bytes | str, str]) -> None:
    check_dialect(*case)


@pytest.mark.fuzz
@THOROUGH
@given(case=damaged())
def test_long_fuzz_damaged_games(case: tuple[Spec, Spec, list[tuple[str, int, int, int]]]) -> None:
    check_damaged(*case)


@pytest.mark.fuzz
@THOROUGH
@given(files=FOLDERS)
def test_long_fuzz_check_folder_of_archives(files: list[tuple[str, bytes]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        check_batch(files, tmp)
