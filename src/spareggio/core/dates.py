"""Dates as tournament programs write them, and the choice between two readings of one date.

TRF asks for ``YYYY/MM/DD`` (record 042, 052) and ``YY/MM/DD`` (round dates, record 132), but real
files carry every style: ``2026-04-18``, ``18.04.2026``, ``18. 04. 2026``, ``18/04/2026``,
``04/18/2026``, ``18/04/26``, ``Nov 30, 2025``, ``30 novembre 2025``, ``18. April 2026`` ...

:func:`readings` gives every plausible reading of one text, each with the order of its fields
(:class:`Order`); a text such as ``01/03/2026`` has two (day first: 1 March; month first: 3 January),
``18/04/26`` has two (day first: 18 April 2026; year first, the old TRF ``YY/MM/DD``: 26 April 2018).
:func:`resolve` chooses one reading of the start date using the other dates of the file: an order
is kept only if, read in that order, the file's dates are consistent (start <= rounds <= end, rounds
in order, within a year).  What cannot be decided is left to the caller, who knows whether the
readings lead to different rule sets.
"""

from __future__ import annotations

import datetime as _dt
import enum
import functools
import re
import unicodedata
from collections.abc import Sequence

from ..base.classes import dataclass
from ..base.i18n import Text, msg

__all__ = ["DateReading", "EventDates", "Order", "calendar_day", "readings", "resolve"]


class Order(enum.Enum):
    """The order of the fields in a written date."""

    YEAR_FIRST = "year first"
    DAY_FIRST = "day first"
    MONTH_FIRST = "month first"
    NAMED = "month name"
    """The month is written as a word: the reading is unambiguous."""


_PREFERENCE = (Order.NAMED, Order.YEAR_FIRST, Order.DAY_FIRST, Order.MONTH_FIRST)
"""The reading kept when the other dates do not decide: a four-digit year first is the TRF
convention, and day first is the convention of TRF files outside the United States."""


@dataclass(frozen=True)
class DateReading:
    """One reading of a written date."""

    date: _dt.date
    order: Order

    def __str__(self) -> str:
        return f"{self.date:%Y-%m-%d} ({self.order.value})"


_MONTHS = {
    # English, Italian, German, French, Spanish (accents removed, lower case); three-letter forms
    # and the usual abbreviations are matched as prefixes below
    1: ("january", "gennaio", "januar", "janvier", "enero", "jan", "gen", "ene", "janv", "jaenner", "janner"),
    2: ("february", "febbraio", "februar", "fevrier", "febrero", "feb", "fev", "fevr"),
    3: ("march", "marzo", "marz", "maerz", "mars", "mar", "mrz"),
    4: ("april", "aprile", "avril", "abril", "apr", "avr", "abr"),
    5: ("may", "maggio", "mai", "mayo", "mag"),
    6: ("june", "giugno", "juni", "juin", "junio", "jun", "giu"),
    7: ("july", "luglio", "juli", "juillet", "julio", "jul", "lug", "juil"),
    8: ("august", "agosto", "aout", "aug", "ago"),
    9: ("september", "settembre", "septembre", "septiembre", "setiembre", "sep", "sept", "set"),
    10: ("october", "ottobre", "oktober", "octobre", "octubre", "oct", "ott", "okt"),
    11: ("november", "novembre", "noviembre", "nov"),
    12: ("december", "dicembre", "dezember", "decembre", "diciembre", "dec", "dic", "dez"),
}
_MONTH_OF = {word: month for month, words in _MONTHS.items() for word in words}

_TOKEN = re.compile(r"\d+|[^\W\d_]+", re.UNICODE)
_IGNORED_WORDS = {"de", "del", "di", "the", "of", "le", "der", "den", "st", "nd", "rd", "th", "er", "o", "a"}


def _fold(word: str) -> str:
    """Lower case without accents (``février`` -> ``fevrier``)."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _month(word: str) -> int | None:
    folded = _fold(word).rstrip(".")
    if folded in _MONTH_OF:
        return _MONTH_OF[folded]
    if len(folded) >= 3:
        found = {m for w, m in _MONTH_OF.items() if len(w) > 3 and w.startswith(folded)}
        if len(found) == 1:
            return found.pop()
    return None


def _year(text: str) -> int:
    """A year; two digits are 2000-2079 or 1980-1999."""
    value = int(text)
    if len(text) <= 2:
        return 2000 + value if value < 80 else 1900 + value
    return value


def calendar_day(year: int, month: int, day: int) -> _dt.date | None:
    """The day of a year, month and day, None when there is no such day (31 February, month 13, a
    year of twenty digits)."""
    try:
        return _dt.date(year, month, day)
    except (ValueError, OverflowError):  # no such day, or a year of twenty digits
        return None


def readings(text: str) -> list[DateReading]:
    """Every plausible reading of a written date, the preferred one first; empty if it is no date.
    Readings that give the same day are given once."""
    found: list[DateReading] = []
    for r in _all_readings(text):
        if all(f.date != r.date for f in found):
            found.append(r)
    return found


def _all_readings(text: str) -> tuple[DateReading, ...]:
    """Every reading of a written date: made once a process for each text of a date's length (the
    dates of an archive's files, a year of them, are a few thousand texts)."""
    return _readings_of(text) if len(text) <= _KEPT_LENGTH else tuple(_read_all(text))


_KEPT_LENGTH = 40
"""The longest text whose readings are kept (a date written in words fits; the table stays small)."""


@functools.lru_cache(maxsize=4096)
def _readings_of(text: str) -> tuple[DateReading, ...]:
    return tuple(_read_all(text))


def _read_all(text: str) -> list[DateReading]:
    tokens = _TOKEN.findall(text.strip())
    numbers = [t for t in tokens if t.isdigit()]
    words = [t for t in tokens if not t.isdigit() and _fold(t) not in _IGNORED_WORDS]
    found: list[DateReading] = []

    def add(order: Order, year: int, month: int, day: int) -> None:
        d = calendar_day(year, month, day)
        if d is not None:
            found.append(DateReading(d, order))

    if words:
        # a month name: the other two numbers are the day and the year (four digits, or the last one)
        months = [m for m in map(_month, words) if m is not None]
        if len(months) != 1 or len(words) > 2 or len(numbers) != 2:
            return []
        month = months[0]
        long = [n for n in numbers if len(n) == 4]
        if len(long) == 1:
            year_text = long[0]
            day_text = numbers[1] if numbers[0] == year_text else numbers[0]
        else:
            day_text, year_text = numbers
        if len(day_text) <= 2 and len(year_text) <= 4:  # a longer number is no year (nor int()'s)
            add(Order.NAMED, _year(year_text), month, int(day_text))
        return found

    if len(numbers) == 1 and len(numbers[0]) == 8:  # 20260418
        n = numbers[0]
        add(Order.YEAR_FIRST, int(n[:4]), int(n[4:6]), int(n[6:]))
        return found
    if len(numbers) != 3 or any(len(n) > 4 for n in numbers) or not _plain_separators(text):
        return []
    a, b, c = numbers
    if len(a) == 4:
        add(Order.YEAR_FIRST, int(a), int(b), int(c))
    elif len(c) == 4 or len(c) <= 2:
        if len(c) == 4 or len(a) <= 2:
            add(Order.DAY_FIRST, _year(c), int(b), int(a))
            add(Order.MONTH_FIRST, _year(c), int(a), int(b))
        if len(c) <= 2 and len(a) <= 2:
            add(Order.YEAR_FIRST, _year(a), int(b), int(c))  # the old TRF YY/MM/DD
    found.sort(key=lambda r: _PREFERENCE.index(r.order))
    if len(c) <= 2 and len(a) <= 2:
        # YY/MM/DD is what the TRF asks for two-digit years, but real files write DD/MM/YY far more
        # often; neither wins alone: the caller warns when the readings lead to different rules
        found.sort(key=lambda r: (r.order is not Order.DAY_FIRST, _PREFERENCE.index(r.order)))
    return found


def _plain_separators(text: str) -> bool:
    """Numeric dates separated by one kind of punctuation (``/``, ``-``, ``.``, blanks around it)."""
    separators = set(re.sub(r"[\d\s]", "", text))
    return len(separators) <= 1 and separators <= {"/", "-", "."}


@dataclass(frozen=True)
class EventDates:
    """The dates of an event as read, with the readings left open for the start date."""

    start: _dt.date | None
    end: _dt.date | None
    rounds: tuple[_dt.date | None, ...]
    start_readings: tuple[DateReading, ...]
    """Every reading of the start date still possible once the other dates are taken into account,
    the chosen one first (one element when the date is unambiguous, none when there is none)."""
    decided_by: str
    """How an ambiguous start date was decided (empty when it was not ambiguous)."""
    round_one_readings: tuple[DateReading, ...] = ()
    """Every reading of the first round's date (record 132), the TRF's ``YY/MM/DD`` first."""


def _shape(text: str) -> tuple[bool, tuple[int, ...]]:
    """What a written date looks like: with a month name or not, and the lengths of its numbers."""
    tokens = _TOKEN.findall(text)
    return any(not t.isdigit() for t in tokens), tuple(len(t) for t in tokens if t.isdigit())


def _candidates(text: str, like: str, order: Order) -> list[_dt.date] | None:
    """The readings of another date of the file compatible with reading ``like`` in ``order``: a
    date written the same way is read the same way; a date written another way keeps its own
    readings.  ``None`` when the text is no date at all (it says nothing); empty when it contradicts."""
    found = _all_readings(text) if text.strip() else ()
    if not found:
        return None
    if _shape(text) == _shape(like) and not _shape(text)[0]:
        return [r.date for r in found if r.order is order]
    return sorted({r.date for r in found})


ORDER_WORDS = {
    Order.YEAR_FIRST: msg("year first"),
    Order.DAY_FIRST: msg("day first"),
    Order.MONTH_FIRST: msg("month first"),
    Order.NAMED: msg("month name"),
}
"""How each order is said in messages (translated by the catalogues)."""


def _confirmed(order: Order, end: str, rounds: bool) -> Text:
    """Why an ambiguous start date was read in ``order``: the other dates that agree with it."""
    said = ORDER_WORDS[order]
    if end and rounds:
        return msg(
            "read {order}, as the end date {end!r} (record 052) and the round dates (record 132) confirm",
            order=said,
            end=end,
        )
    if end:
        return msg("read {order}, as the end date {end!r} (record 052) confirms", order=said, end=end)
    return msg("read {order}, as the round dates (record 132) confirm", order=said)


def _fits(
    start: _dt.date, rounds: Sequence[list[_dt.date] | None], end: list[_dt.date] | None
) -> tuple[bool | None, list[_dt.date | None]]:
    """Whether some reading of the other dates is consistent with this start date: the rounds in
    order from the start, the first round within 31 days of it, everything within a year (``None``
    when there is no other date to judge by), and the round dates so read."""
    chosen: list[_dt.date | None] = []
    if end is None and all(r is None for r in rounds):
        return None, [None] * len(rounds)
    previous = start
    ok = True
    for options in (*rounds, end):
        if options is None:
            chosen.append(None)
            continue
        later = [d for d in options if d >= previous]
        if not later:
            ok = False
            chosen.append(None)
            continue
        previous = later[0]
        chosen.append(previous)
    round_dates = chosen[: len(rounds)]
    first_round = next((d for d in round_dates if d is not None), None)
    if first_round is not None and (first_round - start).days > 31:
        ok = False
    return ok and (previous - start).days <= 366, round_dates


def resolve(start_text: str | None, end_text: str | None, round_texts: Sequence[str]) -> EventDates:
    """Read the start date, the end date and the round dates of an event together.

    When the start date has several readings, each is tried against the other dates of the file
    (:func:`_fits`); the readings they contradict are dropped.  If one remains, it is chosen
    (``decided_by`` says how); otherwise every remaining reading is returned, preferred first.
    """
    start_all = readings(start_text) if start_text else []
    end_all = readings(end_text) if end_text else []
    round_all = [readings(t) if t.strip() else [] for t in round_texts]

    def first(rs: list[DateReading]) -> _dt.date | None:
        return rs[0].date if rs else None

    # record 132 is YY/MM/DD by the TRF: that reading comes first
    round_all = [sorted(rs, key=lambda r: r.order is not Order.YEAR_FIRST) for rs in round_all]
    end, rounds = first(end_all), tuple(first(rs) for rs in round_all)
    round_one = tuple(round_all[0]) if round_all else ()
    if len(start_all) <= 1 or start_text is None:
        return EventDates(first(start_all), end, rounds, tuple(start_all), "", round_one)

    kept: list[DateReading] = []
    judged = False
    read_rounds: dict[Order, list[_dt.date | None]] = {}
    for reading in start_all:
        e = _candidates(end_text, start_text, reading.order) if end_text else None
        rs = [_candidates(t, start_text, reading.order) for t in round_texts]
        fits, read_rounds[reading.order] = _fits(reading.date, rs, e)
        judged |= fits is not None
        if fits is not False:
            kept.append(reading)
    if judged and len(kept) == 1:
        chosen = kept[0]
        rounds = tuple(read_rounds[chosen.order])
        e_same = _candidates(end_text, start_text, chosen.order) if end_text else None
        how = _confirmed(
            chosen.order, end_text.strip() if end_text else "", any(t.strip() for t in round_texts)
        )
        return EventDates(chosen.date, e_same[0] if e_same else end, rounds, (chosen,), how, round_one)
    remaining = tuple(kept) if kept else tuple(start_all)
    return EventDates(remaining[0].date, end, rounds, remaining, "", round_one)
