"""The TRF reader: result codes, byes, withdrawals, encodings, header records, and every error with
its exact message and position (``file:line:column``).

Column numbers follow the TRF-16 layout (digest §2): the block of round r starts at column
b = 92 + 10(r-1); the opponent is in b..b+3, the colour in b+5 and the result in b+7.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import spareggio
from spareggio import ArgumentError, InputError
from spareggio.base.errors import InputLimitError, TrfConsistencyError, TrfSyntaxError
from spareggio.core.model import Color, ResultKind, Scoring, Tournament, TournamentKind
from spareggio.io.trf import parse_trf, read_trf, write_trf
from spareggio.io.trf.columns import byte_columns, with_cut_names
from spareggio.render.sources import kind_source_words

K = ResultKind
HEAD = ["012 Test", "042 2026/06/01", "092 Individual: Swiss-System"]
"""Three header lines: the first player record is on line 4."""


def player(
    sno: int | str,
    *blocks: str,
    name: str | None = None,
    rating: str = "2000",
    points: str = "",
) -> str:
    """A 001 record; every block is the 8 characters ``nnnn c r`` of one round (columns b..b+7)."""
    number = f"{sno:>4}" if isinstance(sno, str) else f"{sno:4d}"
    label = name if name is not None else f"Player {sno}"
    head = f"001 {number} m    {label:<33} {rating:>4} ITA {'':>11} 1990/01/01 {points:>4}     "
    assert len(head) == 89  # the first block starts in column 92
    return head + "".join("  " + b for b in blocks)


def trf(*lines: str, head: list[str] | None = None) -> str:
    return "\n".join([*(HEAD if head is None else head), *lines]) + "\n"


def parse(text: str | bytes) -> object:
    return parse_trf(text, "test.trf")


def fails(text: str | bytes, error: type[InputError] = InputError) -> str:
    """The message of the error the text raises."""
    with pytest.raises(error) as info:
        parse_trf(text, "test.trf")
    return str(info.value)


# --------------------------------------------------------------------------------------------------
# result codes


@pytest.mark.parametrize(
    ("one", "two", "kind_one", "kind_two", "short"),
    [
        ("   2 w 1", "   1 b 0", K.PLAYED_WIN, K.PLAYED_LOSS, False),
        ("   2 w =", "   1 b =", K.PLAYED_DRAW, K.PLAYED_DRAW, False),
        ("   2 w 0", "   1 b 1", K.PLAYED_LOSS, K.PLAYED_WIN, False),
        ("   2 w +", "   1 b -", K.FORFEIT_WIN, K.FORFEIT_LOSS, False),
        ("   2 w -", "   1 b +", K.FORFEIT_LOSS, K.FORFEIT_WIN, False),
        ("   2 - +", "   1 - -", K.FORFEIT_WIN, K.FORFEIT_LOSS, False),  # forfeit without colours
        ("   2 w -", "   1 b -", K.DOUBLE_FORFEIT, K.DOUBLE_FORFEIT, False),  # '-' on both lines
        ("   2 w W", "   1 b L", K.PLAYED_WIN, K.PLAYED_LOSS, True),  # less than one move
        ("   2 w D", "   1 b D", K.PLAYED_DRAW, K.PLAYED_DRAW, True),
        ("   2 w L", "   1 b W", K.PLAYED_LOSS, K.PLAYED_WIN, True),
        ("   2 w w", "   1 b l", K.PLAYED_WIN, K.PLAYED_LOSS, True),  # letter codes in lower case
        ("   2 w d", "   1 b d", K.PLAYED_DRAW, K.PLAYED_DRAW, True),
        ("   2 W 1", "   1 B 0", K.PLAYED_WIN, K.PLAYED_LOSS, False),  # colour in upper case
        ("   2 w 0", "   1 b 0", K.PLAYED_LOSS, K.PLAYED_LOSS, False),  # both lost (digest §3 pairs)
        ("   2 w =", "   1 b 0", K.PLAYED_DRAW, K.PLAYED_LOSS, False),  # ½-0 adjustment
    ],
)
def test_game_codes(one: str, two: str, kind_one: K, kind_two: K, short: bool) -> None:
    t = parse(trf(player(1, one), player(2, two)))
    assert [K(k) for k in t.kind[:, 0]] == [kind_one, kind_two]
    assert t.opponent[:, 0].tolist() == [1, 0]
    assert t.short_game[:, 0].tolist() == [short, short]
    colours = {"w": Color.WHITE, "b": Color.BLACK, "-": Color.NONE}
    assert t.color[:, 0].tolist() == [colours[one[5].lower()], colours[two[5].lower()]]


# Player 3 has the tested block in round 1 and a game in round 2, so the block is not trailing.
@pytest.mark.parametrize(
    ("block", "kind"),
    [
        ("0000 - U", K.PAB),
        ("0000 - u", K.PAB),
        ("0000 - H", K.HALF_BYE),
        ("0000 - h", K.HALF_BYE),
        ("0000 - F", K.FULL_BYE),
        ("0000 - f", K.FULL_BYE),
        ("0000 - Z", K.ZERO_BYE),
        ("0000 - z", K.ZERO_BYE),
        ("0000 - -", K.ABSENT),
        ("0000 -  ", K.ABSENT),  # blank result
        ("        ", K.ABSENT),  # a fully blank block: same as 0000 - Z in the spec, 'not paired' here
        ("     - H", K.HALF_BYE),  # four blanks mean the same as 0000
        ("       U", K.PAB),
        ("0000   F", K.FULL_BYE),  # blank colour
        ("0000 w U", K.PAB),  # a colour on a bye is dropped
    ],
)
def test_bye_codes(block: str, kind: K) -> None:
    t = parse(
        trf(
            player(1, "   2 w 1", "   3 b =", points="1.5"),
            player(2, "   1 b 0", "0000 - Z", points="0.0"),
            player(3, block, "   1 w ="),
        )
    )
    assert K(t.kind[2, 0]) is kind
    assert t.opponent[2, 0] == -1
    assert t.color[2, 0] == Color.NONE
    assert not t.short_game[2, 0]
    assert t.warnings == []  # the points columns of players 1 and 2 agree with their results


def test_old_style_bye_with_plus_is_a_pab_with_a_warning() -> None:
    # digest §3.1: '0000 - +' is an old TRF06 habit for a bye, read as a full point without play
    t = parse(trf(player(1, "0000 - +", points="1.0")))
    assert K(t.kind[0, 0]) is K.PAB
    assert [(w.code, w.message, str(w.position)) for w in t.warnings] == [
        (
            "bye-as-forfeit",
            "round 1: a win without opponent ('0000 - +') read as a pairing-allocated bye (write '0000 - U')",
            "test.trf:4:99",
        )
    ]


def test_bye_points_are_checked_against_the_points_column() -> None:
    # U 1 + H 0.5 + F 1 + Z 0 = 2.5 (digest §3, default 162 values)
    good = parse(trf(player(1, "0000 - U", "0000 - H", "0000 - F", "0000 - Z", points="2.5")))
    assert good.warnings == []
    bad = parse(trf(player(1, "0000 - U", "0000 - H", "0000 - F", "0000 - Z", points="2.0")))
    assert [(w.code, w.message, str(w.position)) for w in bad.warnings] == [
        (
            "points-mismatch",
            "player 1: the points column says 2.0 but the results add up to 2.5; the results are used",
            "test.trf:4:81",
        )
    ]


@pytest.mark.parametrize(
    ("blocks", "points", "read", "said"),
    [
        # the Irish Chess Union's Krause files: no opponent and no result ("    -   "), the points column
        # counting a half point for each such round: half-point byes (1 + 0.5 + 0.5 = 2)
        (("   2 w 1", "     -  ", "     -  "), "2.0", K.HALF_BYE,
         "player 1: round(s) 2, 3 have no entry, and the points column (2) counts 0.5 for each: read as half-point byes"),
        # a blank block counted a win's points: a full-point bye (1 + 1 + 0 = 2; round 3 a written zero-point bye)
        (("   2 w 1", "        ", "0000 - Z"), "2.0", K.FULL_BYE,
         "player 1: round(s) 2 have no entry, and the points column (2) counts 1 for each: read as full-point byes"),
        # a difference no equal bye value gives (1 + ? + ? = 1.5 over two rounds: 0.25 each): the results stand
        (("   2 w 1", "     -  ", "     -  "), "1.5", None,
         "player 1: the points column says 1.5 but the results add up to 1.0; the results are used"),
    ],
)  # fmt: skip
def test_rounds_without_an_entry_that_the_points_column_counts(
    blocks: tuple[str, ...], points: str, read: K | None, said: str
) -> None:
    # every round has a game: 1-2 in round 1, 2-3 in round 2, 3-4 in round 3
    others = [
        player(2, "   1 b 0", "   3 w 1", "        "),
        player(3, "        ", "   2 b 0", "   4 w 1"),
        player(4, "        ", "        ", "   3 b 0"),
    ]
    t = parse(trf(player(1, *blocks, points=points), *others))
    assert [w.message for w in t.warnings if w.code in ("points-byes", "points-mismatch") and "player 1" in w.message] == [said]
    empty = [r for r, b in enumerate(blocks) if b.strip() in ("", "-")]
    if read is not None:
        assert [K(t.kind[0, r]) for r in empty] == [read] * len(empty)
        assert spareggio.rank(t, "BH").row_of(1).points == Fraction(points)
    else:
        assert all(K(t.kind[0, r]) in (K.ABSENT, K.WITHDRAWN) for r in empty)


def test_a_bye_read_from_the_points_column_ends_no_withdrawal_before_it() -> None:
    # player 3 has no entry in rounds 1 and 2 (read as a withdrawal), and the points column counts
    # round 2, the round with a game, a win: a full-point bye; round 1 is then not paired, not a
    # withdrawal, and the file written back reads the same (the long fuzz run found it)
    text = trf(
        player(1, "0000 - U", "   2 w 1", points="2.0"),
        player(2, "0000 - H", "   1 b 0", points="0.5"),
        player(3, "        ", "        ", points="1.0"),
    )
    t = parse_trf(text, "t.trf")
    assert [K(k) for k in t.kind[2]] == [K.ABSENT, K.FULL_BYE]
    again = parse_trf(write_trf(t), "again.trf")
    assert again.kind.tolist() == t.kind.tolist() and not again.warnings


def test_a_file_that_holds_more_rounds_than_it_announces_is_written_announcing_them() -> None:
    # 142 says 1 round, the lines hold 2 (a warning on reading); written back, 142 says 2 and the file
    # reads without a warning (the long fuzz run found the warning repeated)
    text = trf(player(1, "0000 - U", "0000 - U"), player(2, "0000 - H", "0000 - H"), head=[*HEAD, "142 1"])
    t = parse_trf(text, "t.trf")
    assert [w.code for w in t.warnings if w.code == "rounds-mismatch"] == ["rounds-mismatch"]
    written = write_trf(t)
    assert "\n142 2\n" in written
    assert not parse_trf(written, "again.trf").warnings


def test_comma_in_the_points_column() -> None:
    t = parse(trf(player(1, "0000 - H", "0000 - U", points="1,5")))
    assert t.players[0].points == Fraction(3, 2)
    assert t.warnings == []


def test_double_forfeit_needs_minus_on_both_lines() -> None:
    # '-' against '+' is a plain forfeit; '-' against '-' a double forfeit (digest §3 legal pairs)
    t = parse(
        trf(
            player(1, "   2 w -", "   3 b +"),
            player(2, "   1 b -", "   4 w 1"),
            player(3, "   4 w 1", "   1 w -"),
            player(4, "   3 b 0", "   2 b 0"),
        )
    )
    assert [K(k) for k in t.kind[:, 0]] == [K.DOUBLE_FORFEIT, K.DOUBLE_FORFEIT, K.PLAYED_WIN, K.PLAYED_LOSS]
    assert [K(k) for k in t.kind[:, 1]] == [K.FORFEIT_WIN, K.PLAYED_WIN, K.FORFEIT_LOSS, K.PLAYED_LOSS]
    # the scheduled opponents are kept (needed for C.07 16.4.1)
    assert t.opponent[:, 0].tolist() == [1, 0, 3, 2]


# --------------------------------------------------------------------------------------------------
# withdrawals, short lines, rounds


@pytest.mark.parametrize(
    "tail",
    [
        ("0000 - -", "0000 - -"),
        ("        ", "        "),  # blank blocks
        (),  # the line simply ends after round 1
        ("0000 - -",),  # lines of different lengths
    ],
)
def test_trailing_unpaired_rounds_are_a_withdrawal(tail: tuple[str, ...]) -> None:
    t = parse(
        trf(
            player(1, "   2 w 1", "   3 b =", "   4 w 1"),
            player(2, "   1 b 0", *tail),
            player(3, "   4 w =", "   1 w =", "0000 - U"),
            player(4, "   3 b =", "0000 - -", "   1 b 0"),
        )
    )
    assert t.rounds == 3
    assert [K(k) for k in t.kind[1]] == [K.PLAYED_LOSS, K.WITHDRAWN, K.WITHDRAWN]
    assert t.opponent[1].tolist() == [0, -1, -1]
    # an absence followed by a game is not a withdrawal
    assert K(t.kind[3, 1]) is K.ABSENT
    # a requested zero-point bye at the end stays a requested bye
    z = parse(trf(player(1, "   2 w 1", "0000 - Z"), player(2, "   1 b 0", "0000 - U")))
    assert [K(k) for k in z.kind[0]] == [K.PLAYED_WIN, K.ZERO_BYE]


def test_file_that_ends_after_an_intermediate_round() -> None:
    # 142 announces 5 rounds, the lines hold 2: the data end there, with no warning
    t = parse(
        trf(
            "142 5",
            player(1, "   2 w 1", "0000 - U", points="2.0"),
            player(2, "   1 b 0", "0000 - H", points="0.5"),
        )
    )
    assert t.rounds == 2
    assert t.announced_rounds == 5
    assert t.kind.shape == t.opponent.shape == t.color.shape == (2, 2)
    assert t.warnings == []


def test_rounds_nobody_played_at_the_end_are_dropped() -> None:
    t = parse(
        trf(player(1, "   2 w 1", "0000 - -", "        "), player(2, "   1 b 0", "0000 - -", "0000 - -"))
    )
    assert t.rounds == 1


def test_more_rounds_than_announced_is_a_warning() -> None:
    t = parse(trf("142 1", player(1, "   2 w 1", "0000 - U"), player(2, "   1 b 0", "0000 - Z")))
    assert t.rounds == 2
    assert [(w.code, w.message, str(w.position)) for w in t.warnings] == [
        ("rounds-mismatch", "the file announces 1 rounds but holds data for 2", "test.trf:4:1")
    ]


def test_bad_number_of_rounds_is_a_warning() -> None:
    t = parse(trf("142 ²", player(1, "0000 - U")))
    assert t.announced_rounds is None
    assert [(w.code, w.message) for w in t.warnings] == [
        ("bad-rounds", "record 142: expected the number of rounds, found '²'")
    ]


def test_start_numbers_need_not_be_contiguous() -> None:
    t = parse(trf(player(17, "  40 b 1"), player(40, "  17 w 0")))
    assert t.opponent[:, 0].tolist() == [1, 0]
    assert t.index_of(40) == 1


# --------------------------------------------------------------------------------------------------
# encodings and line ends

NAME = "Müßig, Jürgen"


def _encoded_file(name: str) -> str:
    return trf(player(1, "   2 w 1", name=name), player(2, "   1 b 0"))


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (_encoded_file(NAME).encode("utf-8"), "utf-8"),
        (b"\xef\xbb\xbf" + _encoded_file(NAME).encode("utf-8"), "utf-8"),  # BOM
        (_encoded_file(NAME).replace("\n", "\r\n").encode("utf-8"), "utf-8"),
        (_encoded_file(NAME).replace("\n", "\r").encode("utf-8"), "utf-8"),
        (_encoded_file(NAME).encode("latin-1"), "cp1252"),  # ü ß are the same bytes in both
        ("\ufeff" + _encoded_file(NAME), "utf-8"),  # text with a BOM
    ],
)
def test_encodings_and_line_ends(data: str | bytes, encoding: str) -> None:
    t = parse(data)
    assert t.name == "Test"  # the BOM does not hide the first record
    assert t.players[0].name == NAME
    assert t.encoding == encoding
    # columns are counted in characters: the multi-byte name does not shift the round block
    assert [K(k) for k in t.kind[:, 0]] == [K.PLAYED_WIN, K.PLAYED_LOSS]
    assert t.warnings == []


def test_windows_1252_names() -> None:
    # š 0x9A, Ž 0x8E, ž 0x9E exist in Windows-1252 but not in Latin-1; invalid as UTF-8
    t = parse(_encoded_file("Dušan, Žiga Žižek").encode("cp1252"))
    assert t.encoding == "cp1252"
    assert t.players[0].name == "Dušan, Žiga Žižek"


def test_latin1_fallback() -> None:
    # 0x81 is undefined in Windows-1252: the last resort is Latin-1, which decodes every byte
    t = parse(_encoded_file("Ab\x81c").encode("latin-1"))
    assert t.encoding == "latin-1"
    # U+0081 is a C1 control character (a terminal may obey C1 codes): replaced once, where read
    assert t.players[0].name == "Ab\ufffdc"
    assert [w.code for w in t.warnings] == ["control-characters"]


# A UTF-8 file whose writer padded each name to 33 bytes, not 33 characters: FIDE's reference
# reader takes a TRF as Latin-1 (a byte is a column), where such a file sits on the columns.


def _byte_padded(name: str, *blocks: str, sno: int = 1, points: str = "") -> bytes:
    """A 001 record of ``player`` whose name field is 33 bytes of UTF-8."""
    line = player(sno, *blocks, name="#" * len(name.encode("utf-8")), points=points).encode("utf-8")
    return line.replace(b"#" * len(name.encode("utf-8")), name.encode("utf-8"))


def _byte_file(name: str, other: str = "Player 2") -> bytes:
    head = "\n".join(HEAD).encode("utf-8") + b"\n"
    return head + _byte_padded(name, "   2 w 1") + b"\n" + _byte_padded(other, "   1 b 0", sno=2) + b"\n"


@pytest.mark.parametrize(
    "name",
    [
        "Müßig, Jürgen",  # two letters of two bytes: every later column 2 to the left in characters
        "Ñúñez, José",
        "Šťastný, Ľubomír",
        "Иванов, Пётр",  # Cyrillic: every letter two bytes
        "Ö" * 16,  # 32 bytes: the field full but for one
    ],
)
def test_utf8_names_padded_in_bytes(name: str) -> None:
    data = _byte_file(name)
    assert data.split(b"\n")[3][47:52] == b" 2000"  # the rating where the TRF puts it, in bytes
    t = parse(data)
    assert t.encoding == "utf-8"
    assert [p.name for p in t.players] == [name, "Player 2"]
    assert [K(k) for k in t.kind[:, 0]] == [K.PLAYED_WIN, K.PLAYED_LOSS]
    assert [p.rating for p in t.players] == [2000, 2000]
    assert [(w.code, w.position.line, w.position.column) for w in t.warnings if w.position] == [
        ("byte-columns", 4, 15)
    ]


@pytest.mark.parametrize(
    ("tabbed", "notes"),
    [
        # a tab before the points (column 81), counted in bytes: the rating before it still stands 4
        # columns to the left in characters; read by the bytes, tab stops counted in bytes too
        (b"1990/01/01\t 1.0", [("byte-columns", 4, "2 record(s) count their columns in bytes")]),
        # a tab before the rating (column 49) takes every later field to its column in characters:
        # the record reads with its tab expanded, as any tabbed record
        (b"\t2000", [("tabs-expanded", 4, "1 player record(s) hold tab characters"),
                     ("byte-columns", 5, "1 record(s) count their columns in bytes")]),
    ],
)  # fmt: skip
def test_names_padded_in_bytes_with_tabs(tabbed: bytes, notes: list[tuple[str, int, str]]) -> None:
    first = _byte_padded("Čech, Jiří", "   2 w 1", points="1.0")  # 4 letters of two bytes
    first = first.replace(b"    2000" if tabbed.startswith(b"\t2") else b"1990/01/01  1.0", tabbed)
    assert b"\t" in first
    data = "\n".join(HEAD).encode() + b"\n" + first + b"\n" + _byte_padded("Dvořák, Šimon", "   1 b 0", sno=2)
    t = parse(data)
    assert [p.name for p in t.players] == ["Čech, Jiří", "Dvořák, Šimon"]
    assert [K(k) for k in t.kind[:, 0]] == [K.PLAYED_WIN, K.PLAYED_LOSS]
    assert [p.rating for p in t.players] == [2000, 2000]
    assert t.players[0].points == Fraction(1)
    assert [
        (w.code, w.position.line, w.message[: len(text)]) for w, (_, _, text) in zip(t.warnings, notes)
    ] == notes
    assert len(t.warnings) == len(notes)


@pytest.mark.parametrize(
    ("name", "read"),
    [
        # 34 bytes: the 33rd, the last of the field, is the first of the two of "í"
        ("Rodríguez Fernández, José María", "Rodríguez Fernández, José Mar"),
        ("Παπαδόπουλος, Ελευθέριος", "Παπαδόπουλος, Ελε"),  # 26 + 6 bytes, then the first of "υ"
        ("x" * 31 + "€", "x" * 31),  # two of the three bytes of "€"
        ("A" * 32 + "é", "A" * 32),  # the only byte of the file that is not ASCII is the cut one
    ],
)
def test_names_cut_inside_a_letter(name: str, read: str) -> None:
    # a writer that pads names in bytes cuts a long one at its 33rd byte, inside a letter: the file
    # is no longer UTF-8 there, but it is everywhere else; the part of the letter is left out
    cut = name.encode("utf-8")[:33]
    line = player(1, "   2 w 1", name="#" * 33).encode("utf-8").replace(b"#" * 33, cut)
    data = "\n".join(HEAD).encode() + b"\n" + line + b"\n" + _byte_padded("Ørsted, Åse", "   1 b 0", sno=2)
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    t = parse(data)
    assert t.encoding == "utf-8"
    assert [p.name for p in t.players] == [read, "Ørsted, Åse"]
    assert [K(k) for k in t.kind[:, 0]] == [K.PLAYED_WIN, K.PLAYED_LOSS]
    assert [(w.code, w.position.line, w.message[:12]) for w in t.warnings if w.position] == [
        ("byte-columns", 4, "2 record(s) "),
        ("name-cut-in-letter", 4, "1 name(s) en"),
    ]


_LETTERS = st.sampled_from("abcxyz ,-'ABCÄÖÜßàéíñøçłńśźżčřšžđăşğıİЖжЯяΩωλ李王")
"""Letters of one byte (ASCII) to three (Chinese) in UTF-8."""


@settings(max_examples=60, deadline=None)
@example(names=["A", "A" * 11 + "Ä" * 11])  # 33 bytes: one blank, then the rating, in the name field
@given(names=st.lists(st.text(_LETTERS, max_size=40).map(str.strip).filter(bool), min_size=2, max_size=4))
def test_any_names_padded_or_cut_in_bytes(names: list[str]) -> None:
    # a round robin's first round written by a program that pads and cuts names in bytes: the
    # games and points are read where the TRF puts them, each name as its first 33 bytes give it
    n = len(names)
    lines = []
    for k, name in enumerate(names):
        other = k + 1 if k % 2 == 0 else k - 1
        block = f"{other + 1:4d} {'wb'[k % 2]} {'10'[k % 2]}" if other < n else "0000 - U"
        line = player(k + 1, block, name="#" * 33, points="1.0" if k % 2 == 0 else "0.0")
        lines.append(line.encode().replace(b"#" * 33, name.encode("utf-8")[:33].ljust(33)))
    t = parse("\n".join(HEAD).encode() + b"\n" + b"\n".join(lines))
    assert [p.name for p in t.players] == [
        name.encode("utf-8")[:33].decode("utf-8", "ignore").strip() for name in names
    ]
    assert [p.points for p in t.players] == [Fraction(1 - k % 2) for k in range(n)]  # a win or a bye; a loss
    assert t.kind[:, 0].tolist() == [
        K.PLAYED_LOSS if k % 2 else K.PLAYED_WIN if k + 1 < n else K.PAB for k in range(n)
    ]
    assert [w.code for w in t.warnings] == [
        code for code, seen in (
            ("byte-columns", any(not name.encode()[:33].isascii() for name in names)),
            ("name-cut-in-letter", any(len(name.encode()[:33].decode("utf-8", "ignore").encode()) < len(name.encode()[:33]) for name in names)),
        ) if seen
    ]  # fmt: skip


def test_what_is_not_a_cut_name() -> None:
    # Windows-1252, a name of 33 letters ending in "É": no whole UTF-8 letter anywhere in the file
    t = parse(_encoded_file("A" * 32 + "É").encode("cp1252"))
    assert (t.encoding, t.players[0].name) == ("cp1252", "A" * 32 + "É")
    assert not [w for w in t.warnings if w.code in ("byte-columns", "name-cut-in-letter")]
    # UTF-8 and Windows-1252 mixed: a byte that is not UTF-8 inside a name, not at its end
    mixed = _encoded_file("Müller").encode("utf-8").replace(b"Player 2", "Jürgen 2".encode("cp1252"))
    assert with_cut_names(mixed) is None
    assert with_cut_names(b"012 Caf\xc3\xa9 \xe9\n" + mixed.split(b"\n", 1)[1]) is None  # not a name field


def test_records_on_the_columns_in_characters_are_left_alone() -> None:
    # a name that only looks byte-padded: with the columns in characters the record already reads
    t = parse(_encoded_file(NAME).encode("utf-8"))
    assert t.warnings == [] and t.players[0].name == NAME
    # a letter outside ASCII after the name: not read by its bytes, the error is the columns' own
    data = _byte_file("Müßig, Jürgen").replace(b" 2000 ITA", b" 2000 IT\xc3\x84", 1)
    assert fails(data) == "test.trf:4:49: rating: expected a whole number in columns 49-52, found '0 IT'"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # 013: team name in columns 5-36 (32 bytes), a player's slot every 5 columns from 37
        (b"013 " + "Šahovski klub Čakovec".encode().ljust(32) + b"1001 1002 1003 1004",
         ("013 Šahovski klub Čakovec" + " " * 11 + "1001 1002 1003 1004", False)),
        # 310: team name in columns 9-40, then nickname, strength, MP, GP, rank, players from 74
        (b"310   1 " + "Società Scacchistica Milanese".encode().ljust(32) + b" SSM     2486   15.0   28.0  11  1001 1002",
         ("310   1 Società Scacchistica Milanese" + " " * 3 + " SSM     2486   15.0   28.0  11  1001 1002", False)),
        # already on the columns in characters: None
        ("310   1 Società" + " " * 25 + " SSM     2486   15.0   28.0  11  1001 1002", None),
        # a letter outside ASCII after the name: not a byte-counted name
        (b"013 " + "Società".encode().ljust(32) + "1001 1002 1003 100Ä".encode(), None),
    ],
)  # fmt: skip
def test_team_records_padded_in_bytes(line: bytes | str, expected: tuple[str, bool] | None) -> None:
    text = line.decode("utf-8") if isinstance(line, bytes) else line
    assert byte_columns(text) == expected


# --------------------------------------------------------------------------------------------------
# header records


def test_unknown_records_are_warnings_reported_once_per_code() -> None:
    t = parse(
        trf(
            "XYZ first",
            "### a comment",
            "# This is a TRF file",  # a comment as py4swiss's test files write one (was "unknown record '# T'")
            "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR",
            "XYZ second",
            player(1, "0000 - U"),
            "ABC third",
        )
    )
    assert [(w.code, w.message, str(w.position)) for w in t.warnings] == [
        ("unknown-record", "unknown record 'XYZ' ignored", "test.trf:4:1"),
        ("unknown-record", "unknown record 'DDD' ignored", "test.trf:7:1"),
        ("unknown-record", "unknown record 'ABC' ignored", "test.trf:10:1"),
    ]
    assert K(t.kind[0, 0]) is K.PAB


@pytest.mark.parametrize(
    ("record", "scoring", "points"),
    [
        # football scoring 3 / 1 / 0: a win and a draw = 4
        (
            "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0    X 1.5",
            Scoring(Fraction(3), Fraction(1), Fraction(0), Fraction(0), Fraction(3)),
            "4.0",
        ),
        # a PAB worth half a point: win 1 + draw 0.5 = 1.5
        ("162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5", Scoring(pab=Fraction(1, 2)), "1.5"),
        ("162  w 2.0    d 1.0", Scoring(Fraction(2), Fraction(1)), "3.0"),  # symbols in lower case
        ("162  W 1,0    D 0,5", Scoring(), "1.5"),  # decimal comma
    ],
)
def test_scoring_record_162(record: str, scoring: Scoring, points: str) -> None:
    t = parse(
        trf(record, player(1, "   2 w 1", "   2 b =", points=points), player(2, "   1 b 0", "   1 w ="))
    )
    assert t.scoring == scoring
    assert t.warnings == []


def test_pab_points_follow_record_162() -> None:
    # P 0.5: the PAB counts 0.5 and the points column 0.5 agrees
    t = parse(trf("162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5", player(1, "0000 - U", points="0.5")))
    assert t.warnings == []


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            "162  Q 1.0",
            "test.trf:4:6: record 162: expected a result symbol (W D L A Z P X) in column 6, found 'Q'",
        ),
        ("162  W 1.0    D", "test.trf:4:16: record 162: symbol D has no points in columns 16-19"),
        ("162  W9E99", "test.trf:4:7: record 162: expected points like '11.5' in columns 7-10, found '9E99'"),
        ("162  W abc", "test.trf:4:7: record 162: expected points like '11.5' in columns 7-10, found ' abc'"),
    ],
)
def test_bad_record_162(record: str, message: str) -> None:
    assert fails(trf(record, player(1, "0000 - U")), TrfSyntaxError) == message


@pytest.mark.parametrize(
    ("records", "tiebreaks", "line"),
    [
        (["212 PTS,BH/C1,BH,SB"], ("BH/C1", "BH", "SB"), 4),
        (["202 BH/C1, BH SB"], ("BH/C1", "BH", "SB"), 4),  # commas and blanks both separate
        (["202 SB", "212 PTS,BH/C1"], ("BH/C1",), 5),  # 212 wins over 202
        (["212 PTS,BH/C1", "202 SB"], ("BH/C1",), 4),
        (["212 bh/c1,sb"], ("bh/c1", "sb"), 4),  # no PTS first: kept as written
    ],
)
def test_tiebreak_lists_202_212(records: list[str], tiebreaks: tuple[str, ...], line: int) -> None:
    t = parse(trf(*records, player(1, "0000 - U")))
    assert t.tiebreak_list == tiebreaks
    assert t.tiebreak_list_position is not None
    assert t.tiebreak_list_position.line == line


def test_no_tiebreak_list() -> None:
    t = parse(trf(player(1, "0000 - U")))
    assert t.tiebreak_list is None


def test_bye_records_240_fill_empty_cells() -> None:
    # digest §7.7: 'H' in column 5, the round in 7-9, the players from column 11 every 5 columns
    t = parse(
        trf(
            "240 H   2    2    3",
            "240 F   1    3",
            player(1, "   2 w 1", "0000 - U"),
            player(2, "   1 b 0"),  # the line ends after round 1: round 2 comes from record 240
            player(3, "        ", "        "),
        )
    )
    assert [K(k) for k in t.kind[1]] == [K.PLAYED_LOSS, K.HALF_BYE]
    assert [K(k) for k in t.kind[2]] == [K.FULL_BYE, K.HALF_BYE]


def test_bye_record_240_that_agrees_with_the_line() -> None:
    t = parse(trf("240 H   1    1", player(1, "0000 - H")))
    assert K(t.kind[0, 0]) is K.HALF_BYE


@pytest.mark.parametrize(
    ("record", "block", "error", "message"),
    [
        (
            "240 H   1    1",
            "0000 - U",
            TrfConsistencyError,
            (
                "test.trf:4:11: record 240 gives player 1 a half-point bye in round 1, but the player's line "
                "says pairing-allocated bye (see also line 5)"
            ),
        ),
        (
            "240 Z   1    1",
            "0000 - -",  # written explicitly as not paired: only a blank or missing block is filled
            TrfConsistencyError,
            (
                "test.trf:4:11: record 240 gives player 1 a zero-point bye in round 1, but the player's line "
                "says not paired (see also line 5)"
            ),
        ),
        (
            "240 X   1    1",
            "0000 - U",
            TrfSyntaxError,
            "test.trf:4:5: record 240: expected bye type F, H or Z in column 5, found 'X'",
        ),
        (
            "240 H   1    9",
            "0000 - U",
            TrfConsistencyError,
            "test.trf:4:11: record 240: no player with start number 9",
        ),
        ("240 H   0    1", "0000 - U", TrfSyntaxError, "test.trf:4:7: record 240: round 0 out of range"),
        (
            "240 H",
            "0000 - U",
            TrfSyntaxError,
            "test.trf:4:7: record 240 round: expected a number in columns 7-9, found nothing",
        ),
        (
            "240 H   1    x",
            "0000 - U",
            TrfSyntaxError,
            "test.trf:4:11: record 240 participant: expected a whole number in columns 11-14, found '   x'",
        ),
    ],
)
def test_bad_bye_records_240(record: str, block: str, error: type[InputError], message: str) -> None:
    assert fails(trf(record, player(1, block)), error) == message


@pytest.mark.parametrize(
    ("record", "date"),
    [
        ("042 2026/03/01", dt.date(2026, 3, 1)),
        ("042 2026-03-01", dt.date(2026, 3, 1)),
        ("042 2026.03.01", dt.date(2026, 3, 1)),
        ("042 01.03.2026", dt.date(2026, 3, 1)),
        ("042 26/03/2001", dt.date(2001, 3, 26)),
        ("042 2026/3/1 ", dt.date(2026, 3, 1)),  # a trailing blank does not matter
    ],
)
def test_start_date_042(record: str, date: dt.date) -> None:
    t = parse(trf(player(1, "0000 - U"), head=["012 Test", record]))
    assert t.start_date == date
    assert t.warnings == []


@pytest.mark.parametrize("text", ["2026/13/01", "tomorrow", "2026/02/30"])
def test_bad_start_date_is_a_warning(text: str) -> None:
    t = parse(trf(player(1, "0000 - U"), head=["012 Test", f"042 {text}"]))
    assert t.start_date is None
    assert [(w.code, w.message, str(w.position)) for w in t.warnings] == [
        ("bad-date", f"record 042: expected a date like 2026/03/01, found {text!r}", "test.trf:2:5")
    ]


# a complete round robin of three players (the free round blank), and a Swiss where 1 and 3 never met
ROUND_ROBIN = [
    player(1, "   2 w 1", "        ", "   3 b ="),
    player(2, "   1 b 0", "   3 w 1", "        "),
    player(3, "        ", "   2 b 0", "   1 w ="),
]
NOT_ALL_MET = [
    player(1, "   2 w 1", "0000 - U"),
    player(2, "   1 b 0", "   3 w 1"),
    player(3, "0000 - U", "   2 b 0"),
]


@pytest.mark.parametrize(
    ("records", "lines", "kind", "source"),
    [
        (["092 Individual: Round-Robin"], NOT_ALL_MET, TournamentKind.ROUND_ROBIN, "file (record 092)"),
        (["092 Individual: Swiss-System"], ROUND_ROBIN, TournamentKind.SWISS, "file (record 092)"),
        (["092 Round Robin", "192 FIDE_DUTCH_2025"], ROUND_ROBIN, TournamentKind.SWISS, "file (record 192)"),
        (["192 BERGER_ROUNDROBIN"], NOT_ALL_MET, TournamentKind.ROUND_ROBIN, "file (record 192)"),
        (["092 Torneo a sistema svizzero"], ROUND_ROBIN, TournamentKind.SWISS, "file (record 092)"),
        (["092 Lim system"], ROUND_ROBIN, TournamentKind.SWISS, "file (record 092)"),
        ([], ROUND_ROBIN, TournamentKind.ROUND_ROBIN, "inferred (everyone was paired with everyone)"),
        ([], NOT_ALL_MET, TournamentKind.SWISS, "inferred (not everyone was paired with everyone)"),
        # text that names no system is no evidence: the pairings decide ('LIM' inside a word is not Lim)
        (
            ["092 Preliminary stage"],
            ROUND_ROBIN,
            TournamentKind.ROUND_ROBIN,
            "inferred (everyone was paired with everyone)",
        ),
        (["092 Open"], NOT_ALL_MET, TournamentKind.SWISS, "inferred (not everyone was paired with everyone)"),
    ],
)
def test_kind_of_event(records: list[str], lines: list[str], kind: TournamentKind, source: str) -> None:
    t = parse(trf(*records, *lines, head=["012 Test"]))
    assert t.kind_of_event is kind
    assert kind_source_words(t.kind_source, t.kind_basis) == source  # the JSON's words


def test_kind_given_by_the_caller_wins() -> None:
    t = parse_trf(trf(*NOT_ALL_MET), "test.trf", kind=TournamentKind.ROUND_ROBIN)
    assert (t.kind_of_event, t.kind_source) == (TournamentKind.ROUND_ROBIN, "option")


def test_missing_colour_is_a_warning_once() -> None:
    t = parse(trf(player(1, "   2 - 1", "   2 - ="), player(2, "   1 - 0", "   1 - =")))
    assert [(w.code, w.message, str(w.position)) for w in t.warnings] == [
        ("missing-colour", "round 1: the game 1-2 has no colour on one side", "test.trf:4:92")
    ]


def test_player_fields() -> None:
    line = f"001   12 wWGM {'Rossi, Anna':<33} 2315 ITA {'12345678':>11} 1990/04/12  3.5    7  0000 - U"
    p = parse(trf(line)).players[0]
    assert (p.start_number, p.sex, p.title, p.name, p.rating, p.federation, p.fide_id, p.birth_date) == (
        12, "w", "WGM", "Rossi, Anna", 2315, "ITA", "12345678", "1990/04/12"
    )  # fmt: skip
    assert (p.points, p.rank) == (Fraction(7, 2), 7)


@pytest.mark.parametrize("rating", ["    ", "   0"])
def test_unrated(rating: str) -> None:
    assert parse(trf(player(1, "0000 - U", rating=rating))).players[0].rating is None


# --------------------------------------------------------------------------------------------------
# syntax and consistency errors, with their exact text and position


@pytest.mark.parametrize(
    ("two", "message"),
    [
        ("   3 b 0", "player 2's line names opponent 3 in round 1"),
        ("0000 - U", "player 2's line has no opponent in round 1"),
        (None, "player 2's line has no entry in round 1"),
    ],
)
def test_asymmetric_game_names_both_lines(two: str | None, message: str) -> None:
    text = trf(player(1, "   2 w 1"), player(2, *([two] if two else [])), player(3, "   2 w 1"))
    assert fails(text, TrfConsistencyError) == (
        f"test.trf:4:92: round 1: player 1 is paired with 2, but {message} (see also line 5)"
    )


def test_asymmetric_game_in_round_two() -> None:
    text = trf(
        player(1, "   2 w 1", "   3 b ="),
        player(2, "   1 b 0", "0000 - U"),
        player(3, "0000 - U", "0000 - H"),
    )
    assert fails(text, TrfConsistencyError) == (
        "test.trf:4:102: round 2: player 1 is paired with 3, but player 3's line has no opponent in round 2 "
        "(see also line 6)"
    )


@pytest.mark.parametrize(
    ("one", "two"),
    [
        ("1", "1"),
        ("1", "="),
        ("=", "1"),
        ("0", "+"),
        ("+", "+"),
        ("+", "1"),
        ("-", "0"),
        ("W", "W"),
        ("1", "-"),
    ],
)
def test_results_that_do_not_fit(one: str, two: str) -> None:
    text = trf(player(1, f"   2 w {one}"), player(2, f"   1 b {two}"))
    assert fails(text, TrfConsistencyError) == (
        f"test.trf:4:99: round 1: results {one!r} (player 1) and {two!r} (player 2) do not fit together "
        "(see also line 5)"
    )


@pytest.mark.parametrize("colour", ["w", "b"])
def test_same_colour_twice(colour: str) -> None:
    text = trf(player(1, f"   2 {colour} 1"), player(2, f"   1 {colour} 0"))
    assert fails(text, TrfConsistencyError) == (
        f"test.trf:4:97: round 1: players 1 and 2 both have colour {colour} (see also line 5)"
    )


def test_opponent_that_is_not_a_start_number() -> None:
    text = trf(player(1, "   2 w 1", "   9 b 1"), player(2, "   1 b 0", "0000 - U"))
    assert fails(text, TrfConsistencyError) == (
        "test.trf:4:102: round 2: opponent 9 is not the start number of any player"
    )


def test_player_paired_with_himself() -> None:
    assert fails(trf(player(1, "   1 w 1")), TrfConsistencyError) == (
        "test.trf:4:92: round 1: player 1 is paired against himself"
    )


def test_duplicate_start_numbers() -> None:
    text = trf(player(1, "0000 - U"), player(2, "0000 - U"), player(1, "0000 - H"))
    assert fails(text, TrfConsistencyError) == (
        "test.trf:6:5: start number 1 is used twice (first on line 4) (see also line 4)"
    )


@pytest.mark.parametrize("code", ["X", "?", "A", "2", "*"])
def test_bad_result_code(code: str) -> None:
    assert fails(trf(player(1, f"   2 w {code}"), player(2, "   1 b 0")), TrfSyntaxError) == (
        "test.trf:4:99: round 1: expected a result code (1 = 0 + - W D L H F U Z) in column 99, "
        f"found {code!r}"
    )


@pytest.mark.parametrize("colour", ["x", "1", "+"])
def test_bad_colour(colour: str) -> None:
    assert fails(trf(player(1, f"   2 {colour} 1"), player(2, "   1 b 0")), TrfSyntaxError) == (
        f"test.trf:4:97: round 1: expected colour 'w', 'b' or '-' in column 97, found {colour!r}"
    )


@pytest.mark.parametrize("field", ["  A2", "  -1", " 1.0", "   ²", "1 2 "])
def test_non_numeric_opponent(field: str) -> None:
    assert fails(trf(player(1, f"{field} w 1"), player(2, "   1 b 0")), TrfSyntaxError) == (
        "test.trf:4:92: round 1: expected an opponent's start number or 0000 in columns 92-95, "
        f"found {field!r}"
    )


@pytest.mark.parametrize("rating", ["2x00", "-200", "239²", "1e3 "])
def test_non_numeric_rating(rating: str) -> None:
    assert fails(trf(player(1, "0000 - U", rating=rating)), TrfSyntaxError) == (
        f"test.trf:4:49: rating: expected a whole number in columns 49-52, found {rating!r}"
    )


@pytest.mark.parametrize("points", [" 1/2", "abc", "NaN", "1e99", " ½", "1..5"])
def test_non_numeric_points(points: str) -> None:
    raw = f"{points:>4}"
    assert fails(trf(player(1, "0000 - U", points=points)), TrfSyntaxError) == (
        f"test.trf:4:81: points: expected points like '11.5' in columns 81-84, found {raw!r}"
    )


@pytest.mark.parametrize(
    ("sno", "message"),
    [
        ("  x1", "start number: expected a whole number in columns 5-8, found '  x1'"),
        ("   ²", "start number: expected a whole number in columns 5-8, found '   ²'"),
        ("   0", "start number: expected 1-9999 in columns 5-8, found 0"),
        ("    ", "start number: expected a number in columns 5-8, found nothing"),
    ],
)
def test_bad_start_number(sno: str, message: str) -> None:
    assert fails(trf(player(sno, "0000 - U")), TrfSyntaxError) == f"test.trf:4:5: {message}"


@pytest.mark.parametrize(
    ("blocks", "column", "found"),
    [
        (["   2"], 92, "   2"),  # round 1 stops before its colour (with it: a pairing not yet played)
        (["   2 w 1", "   1"], 102, "   1"),  # round 2 (result column 109)
    ],
)
def test_round_block_cut_before_its_result(blocks: list[str], column: int, found: str) -> None:
    rnd = 1 + (column - 92) // 10
    assert fails(trf(player(1, *blocks)), TrfSyntaxError) == (
        f"test.trf:4:{column}: round {rnd}: the block starting at column {column} ends before its result "
        f"column {column + 7}; found {found!r}"
    )


@pytest.mark.parametrize("code", ["U", "H", "F", "Z", "u"])
def test_bye_code_with_an_opponent(code: str) -> None:
    assert fails(trf(player(1, f"   2 - {code}"), player(2, "0000 - U")), TrfSyntaxError) == (
        f"test.trf:4:92: round 1: result {code.upper()!r} is a bye and cannot have an opponent (found 2 in "
        "columns 92-95; expected 0000)"
    )


@pytest.mark.parametrize(
    ("code", "kind", "said"),
    [
        # real exports write byes so (Vega and the Irish Chess Union's files: '0000 - =')
        ("=", K.HALF_BYE, "half-point bye (write '0000 - H')"),
        ("D", K.HALF_BYE, "half-point bye (write '0000 - H')"),
        ("1", K.PAB, "pairing-allocated bye (write '0000 - U')"),
        ("W", K.PAB, "pairing-allocated bye (write '0000 - U')"),
        ("0", K.ABSENT, "not paired (write '0000 - -')"),
        ("L", K.ABSENT, "not paired (write '0000 - -')"),
    ],
)
def test_played_result_without_opponent_is_the_bye_it_scores(code: str, kind: ResultKind, said: str) -> None:
    t = parse(trf(player(1, f"0000 w {code}", "0000 - U")))
    assert isinstance(t, Tournament) and ResultKind(int(t.kind[0, 0])) is kind
    (warning,) = [str(w) for w in t.warnings if "has no opponent" in str(w)]
    assert warning == (
        f"test.trf:4:99: warning: round 1: '0000 w {code}' has no opponent: the result {code!r} read as {said}"
    )


def test_a_result_no_bye_has_without_opponent_is_an_error() -> None:
    assert fails(trf(player(1, "0000 w X")), TrfSyntaxError).startswith("test.trf:4:99: round 1: expected a result code")


def test_pairing_without_result_on_one_side_only() -> None:
    # a game written without result on one line only: neither a result nor a pairing not yet played
    assert fails(trf(player(1, "   2 w  "), player(2, "   1 b 0")), TrfConsistencyError) == (
        "test.trf:4:99: round 1: the game 1-2 has no result on player 1's line but '0' on player 2's "
        "(see also line 5)"
    )


def test_pairing_without_result_before_the_last_round() -> None:
    # only the last round of a file may be paired without results (a live export)
    assert fails(
        trf(player(1, "   2 w  ", "   2 b 1"), player(2, "   1 b  ", "   1 w 0")), TrfSyntaxError
    ) == (
        "test.trf:4:99: round 1: a pairing with opponent 2 has no result; only the last round of a file may be "
        "paired without results"
    )


@pytest.mark.parametrize("data", [b"", "", "\n\n", "\r\n   \r\n"])
def test_empty_file(data: str | bytes) -> None:
    assert (
        fails(data, TrfSyntaxError)
        == "test.trf:1:1: no player records (lines starting with '001') in the file"
    )


def test_no_player_records() -> None:
    assert (
        fails(trf(), TrfSyntaxError)
        == "test.trf:1:1: no player records (lines starting with '001') in the file"
    )


@pytest.mark.parametrize(
    "data",
    [
        b"\x00\x01\x02\x03PK\x03\x04",
        b"PK\x03\x04" + bytes(range(256)),
        trf(player(1, "0000 - U")).encode("utf-16-le"),  # no byte-order mark: binary
    ],
)
def test_binary_file(data: bytes) -> None:
    assert fails(data, TrfSyntaxError) == (
        "test.trf:1:1: this is a binary file, not a TRF text file (found NUL bytes)"
    )


def test_too_many_rounds() -> None:
    line = player(1, *["0000 - U"] * 100)
    assert fails(trf(line), InputLimitError) == "test.trf:4:1082: more than 99 rounds on one line"


def test_errors_are_value_errors_with_position() -> None:
    with pytest.raises(ValueError) as info:
        parse(trf(player(1, "   1 w 1")))
    exc = info.value
    assert isinstance(exc, TrfConsistencyError)
    assert (exc.position.path, exc.position.line, exc.position.column) == ("test.trf", 4, 92)
    assert exc.message == "round 1: player 1 is paired against himself"


# --------------------------------------------------------------------------------------------------
# files on disk, and the writer


def test_read_trf_leaves_the_file_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    data = _encoded_file(NAME).replace("\n", "\r\n").encode("utf-8")
    path.write_bytes(data)
    t = read_trf(path)
    assert t.players[0].name == NAME
    assert t.source == str(path)
    assert path.read_bytes() == data


def test_read_trf_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.trf"
    with pytest.raises(ArgumentError) as info:
        read_trf(path)
    assert str(info.value) == f"{path}: cannot read the file (no such file or directory)"


def test_write_trf_keeps_record_162() -> None:
    # the writer puts each symbol in column 6 + 9k, where the reader looks for it (digest §7.1)
    original = parse(
        trf(
            "162  W 3.0    D 1.0    L 0.0    A 0.0    P 2.0",
            player(1, "   2 w 1", "0000 - U"),
            player(2, "   1 b 0", "0000 - H"),
        )
    )
    text = write_trf(original)
    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 2.0\n" in text
    again = parse(text)
    assert (
        again.scoring
        == original.scoring
        == Scoring(Fraction(3), Fraction(1), Fraction(0), Fraction(0), Fraction(2))
    )
    # points 3 + 2 = 5 and 0 + 1 = 1 are written and read back without a mismatch
    assert [p.points for p in again.players] == [Fraction(5), Fraction(1)]
    assert again.warnings == []


def test_write_trf_round_trip_of_every_kind() -> None:
    original = parse(
        trf(
            player(1, "   2 w 1", "   3 b W", "   4 w -", "0000 - F"),
            player(2, "   1 b 0", "   4 w +", "   3 w =", "0000 - -"),
            player(3, "   4 b =", "   1 w L", "   2 b =", "0000 - Z"),
            player(4, "   3 w =", "   2 b -", "   1 b -", "0000 - U"),
            player(5, "0000 - H", "        ", "0000 - U", "   6 w D"),
            player(6, "0000 - U", "0000 - -", "0000 - H", "   5 b D"),
        )
    )
    again = parse(write_trf(original))
    for name in ("kind", "opponent", "color", "short_game"):
        np.testing.assert_array_equal(getattr(again, name), getattr(original, name), err_msg=name)
    assert K(again.kind[0, 2]) is K.DOUBLE_FORFEIT
    assert K(again.kind[1, 3]) is K.WITHDRAWN


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Vega's standings printed as text end with its mark: named, with what to give instead
        (
            ("TestOpen\n\nStandings at round 3\n\nPos   N     NAME        Pts\n  1   6     Gruber, Sarah  2.5\n\n"
            "Generated by Vega - www.vegachess.com\n(copy licensed to: unregistered)\n"),
            ("this is a text Vega printed (its standings, a crosstable or pairings), not a tournament file: export "
            "the tournament from Vega as a TRF file (the FIDE rating report), or give its own file (.veg, .tdf)"),
        ),
        ("Pos Name Pts\n1 Gruber 2.5\n", "no player records (lines starting with '001') in the file"),
    ],
)
def test_a_text_without_player_records(text: str, said: str) -> None:
    with pytest.raises(TrfSyntaxError) as info:
        parse_trf(text, "standings.txt")
    assert str(info.value) == f"standings.txt:1:1: {said}"
