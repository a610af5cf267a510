"""Standings as a text table, CSV and JSON, and the number formats every output shares.

The JSON layout is versioned (``schema``) because other programs read it.  Numbers are JSON numbers;
values that are not finite decimals (e.g. an average of 1/3) are rounded to 6 decimals in JSON only.
"""

from __future__ import annotations

import io
import itertools
import json
import os
from collections.abc import Callable, Iterable
from fractions import Fraction
from json.encoder import encode_basestring
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from .. import lazy
from ..base import numbers
from ..base.errors import ArgumentError
from ..base.i18n import SOURCE, Text, conventions, languages, localize, msg, warning_body
from ..base.jsontypes import JsonObject, JsonValue
from ..base.numbers import exact_number, fixed_number, format_number, is_finite_decimal, json_number
from ..core.model import Column, ScoreName, distinct
from ..standings import StandingRow, Standings, declared_differs, place_text
from .formats import RenderOptions, renderer
from .sources import boards_source_words, kind_source_words, list_source_words

__all__ = [
    "FIDE_TITLES",
    "JSON_SCHEMA_VERSION",
    "decisions_dict",
    "format_number",
    "is_finite_decimal",
    "json_number",
    "localized_number",
    "safe_cell",
    "shown_decimals",
    "standings_csv",
    "standings_json",
    "standings_table",
    "standings_to_dict",
    "title_abbreviation",
]

JSON_SCHEMA_VERSION = 1


def standings_to_dict(s: Standings, *, rows: bool = True, exact: bool = False) -> JsonObject:
    """The JSON document of the standings as Python data (``rows=False``: an empty standings list).

    ``exact=True`` writes points and tie-break values as exact fractions in strings (``"93/2"``)
    instead of JSON numbers.  Standings whose event names its scores
    (:attr:`Column.SCORES`) add the primary score and each row's match and game points; an event
    made of players (:meth:`Event.lineup`) its boards and each row's roster."""
    number: Callable[[Fraction | None], JsonValue] = exact_number if exact else json_number
    t = s.tournament
    tournament: JsonObject = {
        "name": t.name,
        "rounds": t.rounds,
        "kind": t.kind_of_event.value,
        "kind_source": kind_source_words(t.kind_source, t.kind_basis),
        "kind_source_code": t.kind_source.value,
        "start_date": t.start_date.isoformat() if t.start_date else None,
        "end_date": t.end_date.isoformat() if t.end_date else None,
        "place": t.city,
        "players": t.n_players,
        "pending_round": t.pending_round,
    }
    entries: list[JsonObject] = [
        {
            "rank": row.rank,
            "place": row.place,
            "start_number": row.player.start_number,
            "name": row.player.name,
            "title": row.player.title,
            "rating": row.player.rating,
            "federation": row.player.federation,
            "fide_id": row.player.fide_id,
            "points": number(row.points),
            "declared_points": number(row.player.points),
            "declared_rank": row.player.rank,
            "tiebreaks": {label: number(row.values[label]) for label in s.labels},
        }
        for row in (s.rows if rows else ())
    ]
    primary: JsonObject = {}
    lineup = s.event.lineup()
    if lineup is not None:  # participants made of players: the boards of a match
        tournament["team_event"] = True
        tournament["boards"] = lineup.boards
        tournament["boards_source"] = boards_source_words(lineup.boards_source)
        tournament["boards_source_code"] = lineup.boards_source.value
    if Column.SCORES in s.columns():  # the scores beside the primary, which the document names
        primary["primary"] = s.event.primary.value
        for entry, row in zip(entries, s.rows, strict=True):
            scores = dict(s.scores(row))
            entry["match_points"] = number(scores[ScoreName.MP])
            entry["game_points"] = number(scores[ScoreName.GP])
    if lineup is not None:
        for entry, row in zip(entries, s.rows, strict=True):
            entry["roster"] = list(lineup.rosters[row.index])
    return {
        "schema": JSON_SCHEMA_VERSION,
        "tournament": tournament,
        "rules": s.rules.label,
        "rules_reason": s.rules_reason,
        "rules_warning": s.rules_warning,
        "after_round": s.after_round,
        "tiebreaks": list(s.labels),
        "tiebreaks_source": list_source_words(s.tiebreaks_source, s.rules.label),
        "tiebreaks_source_code": s.tiebreaks_source.value,
        "standings": list(entries),
        "warnings": [str(w) for w in [*t.warnings, *s.warnings]],
        **({"decisions": decisions_dict(s)} if s.decided or not s.decisions.empty else {}),
        **primary,
    }


def decisions_dict(s: Standings) -> JsonObject:
    """The decisions behind the standings as JSON: each decided block of places, the excluded
    players, the seed of the lots and the log of changes (the file's records with the options')."""
    return {
        "decided": [
            {
                "how": d.how.value,
                "places": [d.first, d.last],
                "players": list(d.players),
                "note": d.note,
                "source": d.source.value,
            }
            for d in s.decided
        ],
        **s.decisions.to_dict(),
        "notes": [str(note) for note in s.decision_notes()],
    }


def standings_json(s: Standings, *, exact: bool = False) -> str:
    """The JSON document of :func:`standings_to_dict`, indented by two spaces (``spareggio standings
    --format json``).

    The same text as ``json.dumps(standings_to_dict(s), ensure_ascii=False, indent=2)``, but the
    standings entries are written column by column from the ranking arrays and the tie-break
    numerators: each distinct value of a column is formatted once (by :func:`json_number`), and
    the text of every entry is joined in one pass, with no dictionary or fraction per player.
    """
    if exact or Column.SCORES in s.columns():  # the fast writer writes the columns of a player
        return json.dumps(standings_to_dict(s, exact=exact), ensure_ascii=False, indent=2) + "\n"
    head = standings_to_dict(s, rows=False)
    text = json.dumps(head, ensure_ascii=False, indent=2)
    marker = '\n  "standings": []'
    at = text.index(marker) + len(marker) - 2
    return _json_entries(s, text[:at], text[at + 2 :] + "\n")


_ROW = "    "
_FIELD = "      "


def _json_entries(s: Standings, before: str, after: str) -> str:
    """The ``standings`` array, as ``json.dumps(..., indent=2)`` writes it, between the text of the
    document ``before`` and ``after`` it: the whole document in one join."""
    order = s.order
    if order.size == 0:
        return before + "[]" + after
    frame = s.context.frame
    ordered = [s.tournament.players[i] for i in order.tolist()]
    heads = [
        f'{_ROW}{{\n{_FIELD}"rank": {a},\n{_FIELD}"place": "{place_text(a, b)}"'
        for a, b in zip(s.rank.tolist(), s.rank_to.tolist(), strict=True)
    ]
    columns: list[Iterable[str]] = [
        heads,
        map(f'{_FIELD}"start_number": '.__add__, map(str, [p.start_number for p in ordered])),
        map(f'{_FIELD}"name": '.__add__, map(encode_basestring, [p.name for p in ordered])),
        _text_column([p.title for p in ordered], encode_basestring, f'{_FIELD}"title": '),
        _text_column([p.rating for p in ordered], _int_text, f'{_FIELD}"rating": '),
        _text_column([p.federation for p in ordered], encode_basestring, f'{_FIELD}"federation": '),
        map(f'{_FIELD}"fide_id": '.__add__, map(encode_basestring, [p.fide_id for p in ordered])),
        _number_column(frame.total[order], frame.unit, None, f'{_FIELD}"points": '),
        _text_column([p.points for p in ordered], _json_text, f'{_FIELD}"declared_points": ', by_id=True),
        _text_column([p.rank for p in ordered], _int_text, f'{_FIELD}"declared_rank": '),
    ]
    closing = f"\n{_FIELD}}}\n{_ROW}}}"
    for k, label in enumerate(s.labels):
        res = s.results[label]
        den = res.denominator if isinstance(res.denominator, int) else np.asarray(res.denominator)[order]
        defined = None if res.defined is None else np.asarray(res.defined)[order]
        prefix = f"{_FIELD}  {encode_basestring(label)}: "
        if k == 0:
            prefix = f'{_FIELD}"tiebreaks": {{\n' + prefix
        suffix = closing if k == len(s.labels) - 1 else ""
        columns.append(_number_column(np.asarray(res.numerator)[order], den, defined, prefix, suffix))
    if not s.labels:
        columns.append([f'{_FIELD}"tiebreaks": {{}}\n{_ROW}}}'] * len(heads))
    heads[0] = before + "[\n" + heads[0]
    last = columns[-1]
    assert isinstance(last, list)
    last[-1] += "\n  ]" + after
    return ",\n".join(itertools.chain.from_iterable(zip(*columns)))


_SMALL_RANGE = 4096


_T = TypeVar("_T")


def _text_column(values: list[_T], text: Callable[[_T], str], prefix: str, *, by_id: bool = False) -> list[str]:
    """``prefix + text(value)`` for every value, each distinct value written once: a column of a
    standings has few (titles, federations, ratings, declared points and ranks).  ``by_id`` tells
    them apart by their objects instead of their values, for values whose hash costs more than the
    text (a :class:`~fractions.Fraction`'s is computed in Python): a reader shares one object among
    the players who declare the same points, and every object is held by ``values`` meanwhile."""
    keys: list[object] = list(map(id, values)) if by_id else list(values)
    distinct = dict(zip(keys, values, strict=True))
    texts = {key: prefix + text(value) for key, value in distinct.items()}
    return list(map(texts.__getitem__, keys))


def _int_text(value: int | None) -> str:
    """The JSON text of a whole number or of none."""
    return "null" if value is None else str(value)


def _json_text(value: Fraction | None) -> str:
    return "null" if value is None else _number_text(value.numerator, value.denominator)


def _number_text(numerator: int, denominator: int) -> str:
    """The JSON text of :func:`json_number` for an exact value (``repr`` is what ``json`` writes for
    an int or a float)."""
    if numerator % denominator == 0:
        return str(numerator // denominator)
    return repr(json_number(Fraction(numerator, denominator)))


def _number_column(
    numerator: npt.NDArray[np.int64],
    denominator: int | npt.NDArray[np.int64],
    defined: npt.NDArray[np.bool_] | None,
    prefix: str,
    suffix: str = "",
) -> list[str]:
    """``prefix + JSON number + suffix`` for every ``numerator / denominator`` (``null`` where not
    defined).  Each distinct value is rendered once by :func:`json_number`."""
    return _value_column(
        numerator, denominator, defined, lambda n, d: prefix + _number_text(n, d) + suffix, prefix + "null" + suffix
    )


def _value_column(
    numerator: npt.NDArray[np.int64],
    denominator: int | npt.NDArray[np.int64],
    defined: npt.NDArray[np.bool_] | None,
    text: Callable[[int, int], str],
    missing: str,
) -> list[str]:
    """``text(numerator, denominator)`` for every value, ``missing`` where not defined; each distinct
    pair is written once."""
    num = np.asarray(numerator, dtype=np.int64)
    n = num.size
    if isinstance(denominator, int):
        lo, hi = (int(num.min()), int(num.max())) if n else (0, 0)
        if hi - lo <= max(_SMALL_RANGE, 4 * n):
            offset = num - lo
            present = np.zeros(hi - lo + 1, dtype=bool)
            present[offset] = True
            values = np.flatnonzero(present) + lo
            inverse = (np.cumsum(present) - 1)[offset]
        else:
            values, inverse = distinct(num)
        texts = [text(v, denominator) for v in values.tolist()]
    else:
        den = np.asarray(denominator, dtype=np.int64)
        if defined is not None:
            den = np.where(defined, den, 1)
        sort = np.lexsort((den, num))
        a, b = num[sort], den[sort]
        new = np.ones(n, dtype=bool)
        new[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
        inverse = np.empty(n, dtype=np.int64)
        inverse[sort] = np.cumsum(new) - 1
        texts = [text(x, y) for x, y in zip(a[new].tolist(), b[new].tolist(), strict=True)]
    table = np.array([*texts, missing], dtype=object)
    if defined is not None:
        inverse = np.where(defined, inverse, len(texts))
    result: list[str] = table[inverse].tolist()
    return result


def localized_number(
    value: Fraction | None, lang: str, *, points: bool = False, decimals: int | None = None
) -> str:
    """A value as the language writes it: ``40.25`` / ``40,25``; points with ½ in Italian (``5½``);
    ``decimals`` (a criterion's ``/Dn``) fixes the places, rounded half up."""
    if value is None:
        return format_number(value)
    if decimals is not None:
        return numbers.fixed(value, lang, decimals)
    return numbers.points(value, lang) if points else numbers.value(value, lang)


_FORMULA_START = "=+-@\t\r"
"""What makes a spreadsheet read a cell as a formula (a leading tab or CR hides one)."""


def shown_decimals(s: Standings) -> dict[str, int | None]:
    """The places each tie-break column is printed with (``/Dn``; None: as the value ends).  The
    value itself, its explanation and the ranking stay exact."""
    return {label: spec.decimals for label, spec in zip(s.labels, s.specs, strict=True)}


def safe_cell(text: str) -> str:
    """Neutralise spreadsheet formulas in text taken from untrusted files: a cell, and every line of a
    cell, that starts like a formula gets a leading apostrophe.  A bare CR (which the CSV writer would
    leave unquoted, starting a new row for some readers) becomes a LF, so that the cell is quoted."""
    if not text:
        return text
    if "\r" in text or "\n" in text:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        head = "'" + lines[0] if text[0] in _FORMULA_START else lines[0]
        return "\n".join([head, *("'" + line if line[:1] in _FORMULA_START else line for line in lines[1:])])
    if text[0] in _FORMULA_START:
        return "'" + text
    return text


CSV_COLUMNS = (
    "rank", "shared", "start_number", "name", "rating", "federation", "points", "title", "fide_id",
    "declared_rank", "declared_points", "match_points", "game_points",
)  # fmt: skip
"""The column names of the standings' CSV, in English (message ids of context ``csv``); a spreadsheet
of another language gets them in its words."""


def _csv_head(key: str, locale: str) -> str:
    return localize(Text(key, "csv"), locale) if key in CSV_COLUMNS else key


def standings_csv(s: Standings, locale: str = SOURCE) -> str:
    """The standings as CSV for the spreadsheets of a language (:func:`spareggio.base.i18n.conventions`):
    English comma-separated with a decimal point and no BOM; a language with a decimal comma
    (Italian, French) semicolon-separated, UTF-8 with a BOM, the column names in its words.  The place is the number
    in ``rank`` with the shared range in its own ``shared`` column, so that no spreadsheet reads
    ``3-4`` as a date; text that looks like a formula is neutralised."""
    if locale not in languages():
        raise ArgumentError(
            msg("unknown CSV locale {locale!r}; known: {items}", locale=locale, items=", ".join(languages()))
        )
    spreadsheet = conventions(locale)

    places = shown_decimals(s)

    def number(value: Fraction | None, decimals: int | None = None) -> str:
        text = "" if value is None else fixed_number(value, decimals) if decimals is not None else format_number(value)
        return text.replace(".", spreadsheet.decimal)

    buf = io.StringIO()
    writer = lazy.load("csv-writer")  # :func:`csv.writer`, loaded when a CSV file is written
    assert callable(writer)
    w = writer(buf, delimiter=spreadsheet.csv_separator, lineterminator="\n")
    # the columns of the event: a player's rating and federation, or a team's match and game
    # points; then the points (the primary score); after the list a player's title and FIDE ID,
    # the declared rank, and a player's declared points
    columns = s.columns()
    player = Column.TITLE in columns
    middle = [k for c, keys in ((Column.RATING, ("rating", "federation")), (Column.SCORES, ("match_points", "game_points")))
              if c in columns for k in keys]  # fmt: skip
    tail = [*(("title", "fide_id") if player else ()), "declared_rank", *(("declared_points",) if Column.POINTS in columns else ())]
    w.writerow(
        [*(_csv_head(k, locale) for k in ("rank", "shared", "start_number", "name", *middle, "points")),
         *s.labels, *(_csv_head(k, locale) for k in tail)]
    )  # fmt: skip
    fields: dict[str, Callable[[StandingRow], object]] = {
        "rating": lambda row: row.player.rating or "",
        "federation": lambda row: safe_cell(row.player.federation),
        "match_points": lambda row: number(dict(s.scores(row))[ScoreName.MP]),
        "game_points": lambda row: number(dict(s.scores(row))[ScoreName.GP]),
        "title": lambda row: safe_cell(row.player.title),
        "fide_id": lambda row: safe_cell(row.player.fide_id),
        "declared_rank": lambda row: "" if row.player.rank is None else row.player.rank,
        "declared_points": lambda row: number(row.player.points),
    }
    before, after = [fields[k] for k in middle], [fields[k] for k in tail]
    for row in s.rows:
        p = row.player
        w.writerow(
            [row.rank, row.place if row.shared or row.excluded else "", p.start_number, safe_cell(p.name),
             *(f(row) for f in before), number(row.points),
             *(number(row.values[label], places[label]) for label in s.labels), *(f(row) for f in after)]
        )  # fmt: skip
    return ("\ufeff" if spreadsheet.csv_bom else "") + buf.getvalue()


FIDE_TITLES = {
    "g": "GM", "m": "IM", "f": "FM", "c": "CM",
    "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM",
}  # fmt: skip
"""The FIDE titles by the codes of TRF columns 11-13 (``g`` grandmaster, ``wm`` woman international
master ...); a file that writes the abbreviation itself (``GM``) keeps it."""


def title_abbreviation(code: str) -> str:
    """A player's FIDE title as it is printed (``GM``, ``WIM``) from the TRF code (``g``, ``wm``)
    or the abbreviation a file writes; anything else (an arbiter's title) as written."""
    text = code.strip()
    return FIDE_TITLES.get(text.lower(), text)


def declared_rank_differs(row: StandingRow) -> bool:
    """Whether the rank the file declares for the player (columns 86-89) is outside his computed
    place; a declared 0 (not ranked) or none never differs."""
    return declared_differs(row.player.rank, row.rank, row.rank_to)


def heading_lines(s: Standings, lang: str = SOURCE) -> list[str]:
    """What heads every human output of the standings: the event, the rule set and why, and any
    assumption the rule set rests on (a missing or ambiguous date), never only in a warning list."""

    def _(message: str, **values: object) -> str:
        return localize(Text(message, "table", **values), lang)

    t = s.tournament
    title = t.name or (os.path.basename(t.source) if t.source else "tournament")
    lines = [_("{title} - standings after round {round} ({kind})", title=title, round=s.after_round,
               kind=_(t.kind_of_event.value))]  # fmt: skip
    reason = localize(s.rules_reason, lang)
    lines.append(
        _("Rules: {rules} ({reason}); tie-breaks: {tiebreaks}", rules=s.rules.label, reason=reason,
          tiebreaks=", ".join(s.labels) or _("none"))
    )  # fmt: skip
    if s.rules_warning:
        lines.append(_("WARNING: {text}", text=warning_body(s.rules_warning, lang)))
    lines.extend(_("Note: {text}", text=localize(note, lang)) for note in s.frame_notes())
    lines.extend(_("Note: {text}", text=localize(note, lang)) for note in s.decision_notes())
    return lines


def standings_table(s: Standings, lang: str = SOURCE) -> str:
    def _(text: str) -> str:
        return localize(Text(text, "table"), lang)

    columns = s.columns()
    heads: dict[Column, list[str]] = {
        Column.TITLE: [_("Tit")], Column.NAME: [_("Name")], Column.FEDERATION: [_("Fed")],
        Column.RATING: [_("Rtg")], Column.POINTS: [_("Pts")],
    }  # fmt: skip
    if Column.SCORES in columns:  # a team's scores: a row at a time
        heads[Column.SCORES] = [name for name, _v in s.scores(s.rows[0])] if s.rows else []
        cells, declared = _table_rows(s, lang)
    else:
        cells, declared = _table_columns(s, lang)
    left = {
        k for k, c in enumerate((None, None, *(c for c in columns for _h in heads[c])))
        if c in (Column.TITLE, Column.NAME, Column.FEDERATION)
    }  # fmt: skip
    header = [_("Rk"), _("SNo"), *(h for c in columns for h in heads[c]), *s.labels] + ([_("Decl")] if declared else [])
    cells = cells or [[] for _h in header]  # no row: no column either
    widths = [max(len(h), max(map(len, cells[k]), default=0)) for k, h in enumerate(header)]
    lines = heading_lines(s, lang)
    if declared:
        lines.append(_("Decl: the rank the file declares, where it differs from the computed place"))
    lines.append("")

    def fmt(row: Iterable[str]) -> str:
        return "  ".join(row).rstrip()

    padded = [
        list(map(str.ljust if k in left else str.rjust, column, itertools.repeat(widths[k])))
        for k, column in enumerate(cells)
    ]
    lines.append(fmt(h.ljust(widths[k]) if k in left else h.rjust(widths[k]) for k, h in enumerate(header)))
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(map(fmt, zip(*padded)))
    return "\n".join(lines) + "\n"


def _table_rows(s: Standings, lang: str) -> tuple[list[list[str]], bool]:
    """The cells of the standings table, a column at a time, made from the rows; whether the
    declared ranks are shown (where one differs from its place)."""
    places = shown_decimals(s)

    def number(value: Fraction | None, points: bool = False, decimals: int | None = None) -> str:
        return localized_number(value, lang, points=points, decimals=decimals)

    rows = s.rows
    declared = any(declared_rank_differs(row) for row in rows)
    cells: dict[Column, Callable[[StandingRow], Iterable[str]]] = {
        Column.TITLE: lambda row: (title_abbreviation(row.player.title),),
        Column.NAME: lambda row: (row.player.name,),
        Column.FEDERATION: lambda row: (row.player.federation,),
        Column.RATING: lambda row: (str(row.player.rating or ""),),
        Column.POINTS: lambda row: (number(row.points, points=True),),
        # a team's match and game points, the primary first
        Column.SCORES: lambda row: [number(value, points=True) for _n, value in s.scores(row)],
    }
    shown = [cells[c] for c in s.columns()]
    body = [
        [row.place, str(row.player.start_number), *itertools.chain.from_iterable(f(row) for f in shown)]
        + [number(row.values[label], decimals=places[label]) for label in s.labels]
        + ([str(row.player.rank) if declared_rank_differs(row) else ""] if declared else [])
        for row in rows
    ]
    return [list(column) for column in zip(*body, strict=True)], declared


def _table_columns(s: Standings, lang: str) -> tuple[list[list[str]], bool]:
    """:func:`_table_rows` for a player's columns, made from the ranking arrays and the tie-break
    numerators without a row object: each distinct value of a column is written once."""
    order = s.order
    players = s.tournament.players
    ordered = [players[i] for i in order.tolist()]
    first, last = s.rank.tolist(), s.rank_to.tolist()
    declared_ranks = [p.rank for p in ordered]
    differs = list(map(declared_differs, declared_ranks, first, last))
    declared = any(differs)
    frame = s.context.frame

    def points(numerator: int, denominator: int) -> str:
        return localized_number(Fraction(numerator, denominator), lang, points=True)

    by_column: dict[Column, Callable[[], list[str]]] = {
        Column.TITLE: lambda: _text_column([p.title for p in ordered], title_abbreviation, ""),
        Column.NAME: lambda: [p.name for p in ordered],
        Column.FEDERATION: lambda: [p.federation for p in ordered],
        Column.RATING: lambda: _text_column([p.rating for p in ordered], lambda r: str(r or ""), ""),
        Column.POINTS: lambda: _value_column(frame.total[order], frame.unit, None, points, ""),
    }
    cells = [
        list(map(place_text, first, last)),
        [str(p.start_number) for p in ordered],
        *(by_column[c]() for c in s.columns()),
    ]
    for label, decimals in shown_decimals(s).items():
        res = s.results[label]

        def value(numerator: int, denominator: int, places: int | None = decimals) -> str:
            return localized_number(Fraction(numerator, denominator), lang, decimals=places)

        den = res.denominator if isinstance(res.denominator, int) else np.asarray(res.denominator)[order]
        defined = None if res.defined is None else np.asarray(res.defined)[order]
        missing = localized_number(None, lang)
        cells.append(_value_column(np.asarray(res.numerator)[order], den, defined, value, missing))
    if declared:
        cells.append([str(d) if shown else "" for d, shown in zip(declared_ranks, differs, strict=True)])
    return cells, declared


@renderer(Standings, "table")
def _table(s: Standings, options: RenderOptions) -> str:
    return standings_table(s, options.lang)


@renderer(Standings, "csv")
def _csv(s: Standings, options: RenderOptions) -> str:
    return standings_csv(s, options.csv_locale or options.lang)


@renderer(Standings, "json")
def _json(s: Standings, options: RenderOptions) -> str:
    return standings_json(s, exact=options.exact)
