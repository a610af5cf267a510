"""Numbers and dates as each language writes them (spareggio.base.numbers, through Babel)."""

from __future__ import annotations

import datetime as dt
import pickle
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from babel.numbers import format_decimal
from hypothesis import given
from hypothesis import strategies as st

from spareggio.base import numbers
from spareggio.base.i18n import Text, localize
from spareggio.cli import main

ROOT = Path(__file__).resolve().parent.parent

F = Fraction


@pytest.mark.parametrize(
    ("value", "lang", "text"),
    [
        (F(93, 2), "en", "46.5"),  # Esposito's BH/C1, open-2026: 50.5 - 4
        (F(93, 2), "it", "46,5"),
        (F(93, 2), "fr", "46,5"),
        (F(149, 4), "it", "37,25"),  # his SB
        (F(2345), "it", "2345"),  # no grouping: ratings and sums as arbiters print them
        (F(1, 3), "en", "0.33"),  # no short decimal expansion: two decimals
        (F(1, 3), "it", "0,33"),
        (F(-3, 2), "it", "-1,5"),
        (None, "it", "–"),
    ],
)
def test_value(value: Fraction | None, lang: str, text: str) -> None:
    assert numbers.value(value, lang) == text


@pytest.mark.parametrize(
    ("value", "lang", "text"),
    [
        (F(13, 2), "en", "6.5"),
        (F(13, 2), "it", "6½"),
        (F(13, 2), "fr", "6½"),
        (F(1, 2), "it", "½"),
        (F(7), "it", "7"),
        (F(9, 4), "it", "2,25"),  # a quarter point (3-1-0 or football scoring is whole)
        (F(-7, 2), "it", "-3½"),  # a negative score (a penalty): the half below zero, not -4½
        (F(-1, 2), "it", "-½"),
    ],
)
def test_points(value: Fraction, lang: str, text: str) -> None:
    assert numbers.points(value, lang) == text


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Apr 18\u2009–\u200925, 2026"),  # thin spaces; records 042 and 052 of examples/open-2026.trf
        ("it", "18–25 apr 2026"),
        ("fr", "18–25 avr. 2026"),
    ],
)
def test_date_range(lang: str, text: str) -> None:
    assert numbers.date_range(dt.date(2026, 4, 18), dt.date(2026, 4, 25), lang) == text


def test_one_day_and_none() -> None:
    day = dt.date(2026, 4, 18)
    assert numbers.date_range(day, None, "it") == numbers.date(day, "it") == "18 apr 2026"
    assert numbers.date_range(day, day, "en") == "Apr 18, 2026"
    assert numbers.date_range(None, None, "en") == ""


@given(st.fractions(min_value=-10_000, max_value=10_000, max_denominator=400), st.sampled_from(["it", "fr"]))
def test_the_languages_differ_only_in_the_decimal_symbol(value: Fraction, lang: str) -> None:
    assert numbers.value(value, lang) == numbers.value(value, "en").replace(".", ",")


@given(
    st.fractions(min_value=-100_000, max_value=100_000, max_denominator=400),
    st.sampled_from([None, 1, 2]),
    st.sampled_from(["it", "fr", "de", "sv", "ar", "de_CH"]),
)
def test_a_value_is_written_as_babel_writes_it(value: Fraction, decimals: int | None, lang: str) -> None:
    # Babel's own formatting of the English digits with a plain pattern (no grouping): the decimal
    # symbol of the language (Swiss German keeps the point), the ASCII minus, the Latin digits
    english = numbers.value(value, "en", decimals=decimals)
    places = len(english.partition(".")[2])
    pattern = "0." + "0" * places if places else "0"
    babel = format_decimal(Decimal(english), format=pattern, locale=lang, decimal_quantization=False)
    assert numbers.value(value, lang, decimals=decimals) == babel


@pytest.mark.parametrize(
    ("style", "value", "en", "it"),
    [
        # Esposito's BH/C1 in examples/open-2026.trf: 50.5 - 4 = 46.5 (C.07 8.1, 14.1)
        (numbers.Style.EXPLAINED, F(93, 2), "46.5", "46,5"),
        (numbers.Style.EXPLAINED, None, "-", "-"),
        # seed 000, example 4 (SB): contributions with two decimals, "1.50 + 3.00 + ..."
        (numbers.Style.SB, F(3, 2), "1.50", "1,50"),
        (numbers.Style.SB, F(3), "3.00", "3,00"),
        # an average that does not end: (2001 + 2000 + 2000) / 3, two decimals and the fraction
        (numbers.Style.EXACT, F(6001, 3), "2000.33 (6001/3)", "2000,33 (6001/3)"),
        (numbers.Style.EXACT, F(4001, 2), "2000.5", "2000,5"),
        # a percentage score: 2 of 3 = 66.67% (FIDE B.02 8.1 a)
        (numbers.Style.DECIMAL, F(200, 3), "66.67", "66,67"),
        (numbers.Style.POINTS, F(13, 2), "6.5", "6½"),
        (numbers.Style.VALUE, None, "–", "–"),
        (numbers.Style.VALUE, F(2345), "2345", "2345"),
    ],
)
def test_a_shown_number_is_written_when_said(
    style: numbers.Style, value: Fraction | None, en: str, it: str
) -> None:
    shown = numbers.Shown(value, style)
    assert (shown.said("en"), shown.said("it"), str(shown), f"{shown}") == (en, it, en, en)
    # a sentence keeps it a number: English when built, the language's way when said
    text = Text("value {v}", "join", v=shown)
    assert (str(text), localize(text, "it"), text.params["v"]) == (f"value {en}", f"value {it}", shown)
    assert pickle.loads(pickle.dumps(text)).params["v"] == shown


@given(
    st.fractions(min_value=-10_000, max_value=10_000, max_denominator=400),
    st.sampled_from([s for s in numbers.Style if s is not numbers.Style.POINTS]),
    st.sampled_from(["it", "fr"]),
)
def test_a_shown_number_differs_only_in_the_decimal_symbol(
    value: Fraction, style: numbers.Style, lang: str
) -> None:
    shown = numbers.Shown(value, style)
    assert shown.said(lang) == shown.said("en").replace(".", ",")


def _wrong_ranks(tmp_path: Path) -> Path:
    """examples/open-2026.trf with players 1 and 7 declared first and second (the engine has 7 first:
    both on 7 points, BH/C1 46.5 against 45)."""
    lines = []
    for line in (ROOT / "examples" / "open-2026.trf").read_text(encoding="utf-8").splitlines():
        if line.startswith("001") and line[4:8].strip() in ("1", "7"):
            line = line[:85] + ("   1" if line[4:8].strip() == "1" else "   2") + line[89:]
        lines.append(line)
    path = tmp_path / "wrong.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_check_report_writes_numbers_and_counts_the_languages_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _wrong_ranks(tmp_path)
    main(["check", str(path), "--lang", "it"])
    out = capsys.readouterr().out
    assert "decide BH/C1: 46,5 contro 45" in out
    # each count with the form its number takes: "1 diverso", never "1 diversi"
    assert "1 diverso" in out and "1 diversi" not in out
    report = tmp_path / "report.html"
    main(["check", str(path), "--lang", "it", "-o", str(report)])
    text = report.read_text(encoding="utf-8")
    assert "1: 45, 7: 46,5" in text and "46.5" not in text  # the values by start number


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Removed: 50.5 - 4 = 46.5"),  # Esposito's BH/C1: 50.5 with the lowest value (4) cut
        ("it", "Tolto: 50,5 - 4 = 46,5"),
        ("fr", "50,5 - 4 = 46,5"),
    ],
)
def test_explanations_write_numbers_the_languages_way(
    lang: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", str(ROOT / "examples" / "open-2026.trf"), "--player", "7", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert line in out
    if lang != "en":
        assert "46.5" not in out and "6.5" not in out


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_every_csv_column_has_a_name_in_the_spreadsheets_language(lang: str) -> None:
    from spareggio.base.i18n import catalogue
    from spareggio.render.output import CSV_COLUMNS

    names = [catalogue(lang).get(("csv", key)) for key in CSV_COLUMNS]
    assert None not in names and len(set(names)) == len(names)
    # one word each, as spreadsheets and scripts want column names
    assert all(name and " " not in name for name in names)
