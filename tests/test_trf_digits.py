"""The TRF reader's array decoder reads the 4-column number fields of a ``001`` record (start number,
rating, rank, each round's opponent) all at once; here every field of 4 columns over an alphabet of
blanks, digits and characters a number field may not hold is read and compared with what the line
parser accepts: ``int(text.strip())`` of a run of ASCII digits with blanks around it."""

from __future__ import annotations

import itertools

import numpy as np

from spareggio.io.trf.players import _bytes, _digits, _is_digits, _printable

ALPHABET = [" ", "\0", "0", "1", "7", "9", "x", "+", "/", ":", "²", "é", "٣"]
"""Blanks (NUL: the line ended before the column), ASCII digits, the characters on either side of
the digits in ASCII ('/' and ':'), a superscript two and an Arabic-Indic three (``str.isdigit``
accepts both, ``int`` the second), and a letter beyond ASCII."""


def _expected(text: str) -> tuple[int, bool, bool]:
    """(value, blank, acceptable) as the line parser reads the field."""
    stripped = text.replace("\0", " ").strip()
    if not stripped:
        return 0, True, True
    if _is_digits(stripped):
        return int(stripped), False, True
    return 0, False, False


def _read(texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fields of 4 characters read as the decoder reads them: their bytes (:func:`_bytes`, as it
    makes them of the lines), one array per column."""
    return _digits(list(_bytes(texts, 4).T))


def test_every_field_of_four_columns_reads_as_the_line_parser_reads_it() -> None:
    texts = ["".join(chars) for chars in itertools.product(ALPHABET, repeat=4)]
    ascii_texts = [text for text in texts if text.isascii()]
    for fields in (texts, ascii_texts):  # text beyond ASCII goes through its code points
        check_fields(fields)


def check_fields(texts: list[str]) -> None:
    value, blank, ok = _read(texts)
    for k, text in enumerate(texts):
        want_value, want_blank, want_ok = _expected(text)
        assert (bool(ok[k]), bool(blank[k])) == (want_ok, want_blank), repr(text)
        if want_ok:
            assert int(value[k]) == want_value, repr(text)


def test_digits_with_a_blank_between_them_are_refused() -> None:
    # '1 2 ' is no start number (test_trf: test_non_numeric_opponent); ' 12 ' and '0012' are 12
    value, blank, ok = _read(["1 2 ", " 12 ", "0012", "12  ", "  12"])
    assert ok.tolist() == [False, True, True, True, True]
    assert value[1:].tolist() == [12, 12, 12, 12]
    assert not blank.any()


def test_the_printable_test_of_the_player_lines_is_str_isprintable() -> None:
    # the array test of ASCII text must give str.isprintable's answer for every ASCII character
    # (32-126 printable; 0-31 and DEL not), alone and inside text; text beyond ASCII is looked up
    for code in range(128):
        for text in (chr(code), f"001    1 m  {chr(code)}Rossi, Mario"):
            assert _printable(text) is text.isprintable(), code
    for text in ("", "Müller, Jörg", "Müller\x1b[2J", "a\u2028b", "a\xa0b", "Nguyễn"):
        assert _printable(text) is text.isprintable(), text
