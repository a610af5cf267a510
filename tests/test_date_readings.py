"""The readings of a written date are made once a process for each short text: a text read again
gives the same readings, in a list of the caller's own."""

from __future__ import annotations

import datetime as dt

from spareggio.core.dates import Order, readings


def test_a_date_read_again_gives_the_same_readings() -> None:
    # '01/03/2026' is 1 March read day first, 3 January read month first
    first = readings("01/03/2026")
    assert [(r.date, r.order) for r in first] == [
        (dt.date(2026, 3, 1), Order.DAY_FIRST),
        (dt.date(2026, 1, 3), Order.MONTH_FIRST),
    ]
    first.clear()  # the caller's list: the next reading is whole
    assert [r.date for r in readings("01/03/2026")] == [dt.date(2026, 3, 1), dt.date(2026, 1, 3)]


def test_a_long_text_is_read_as_a_short_one() -> None:
    # beyond the length kept once a process, the same reading: blanks around a date change nothing
    text = "2026/04/18"
    padded = " " * 40 + text + " " * 40
    assert readings(padded) == readings(text) == readings(text)
    assert [(r.date, r.order) for r in readings(padded)] == [(dt.date(2026, 4, 18), Order.YEAR_FIRST)]
