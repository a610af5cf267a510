"""TRF-26 national ratings: record 172 (the federation and the method that gives the rating of
rating tie-breaks) and the national rating records, whose code is that federation (``ITA``) and
whose columns are those of ``001`` (start number 5-8, national rating 49-52, ...; digest
``trf-format.md`` §7.2)."""

from __future__ import annotations

import dataclasses

from ...base.errors import ArgumentError, Diagnostic, Position, TrfConsistencyError
from ...base.i18n import Field, msg
from ...core.model import RATING_METHODS, Player
from .players import _int_field
from .records import rating_record

__all__ = ["apply_national"]

_OPTION_METHOD = {"fide": "FIDE", "national": "NRO"}
_METHOD_WORDS = {
    "FIDE": msg("the FIDE rating"),
    "NRO": msg("the national rating"),
    "FIDON": msg("the FIDE rating, else the national one"),
    "NIDOF": msg("the national rating, else the FIDE one"),
    "HBFN": msg("the higher of the FIDE and national ratings"),
    "LBFN": msg("the lower of the FIDE and national ratings"),
}


def apply_national(
    players: list[Player],
    records: dict[str, list[tuple[int, str]]],
    headers: dict[str, str],
    header_pos: dict[str, Position],
    where: str,
    rating: str | None,
    warnings: list[Diagnostic],
) -> tuple[list[Player], str]:
    """The players with their national ratings, and the rating method of rating tie-breaks: the
    ``rating`` option (``fide``, ``national``), else record 172's method, else FIDE.  When national
    ratings are in the file or asked for, a warning says which rating the tie-breaks use and why.

    :raises InputError: for a national record whose start number has no player.
    :raises ArgumentError: for ``rating="national"`` on a file without national ratings.
    """
    federation, code, column = rating_record(headers.get("172", ""), records)
    by_number = {p.start_number: k for k, p in enumerate(players)}
    found = 0
    for lineno, line in records.get(federation, []):
        pos = Position(where, lineno, 5)
        sno = _int_field(line, 5, 8, pos, msg("national rating record"), blank_ok=False)
        if sno not in by_number:
            raise TrfConsistencyError(
                msg("national rating record: no player with start number {sno} (no 001 record)", sno=sno), pos
            )
        value = _int_field(line, 49, 52, Position(where, lineno, 49), msg("national rating record"))
        k = by_number[sno]
        players[k] = dataclasses.replace(players[k], national_rating=value or None)
        found += value is not None and value > 0
    method = "FIDE"
    why = ""
    if "172" in headers:
        if code in RATING_METHODS:
            method, why = code, msg("record 172")
        else:
            warnings.append(
                Diagnostic(
                    "rating-method",
                    msg(
                        "record 172: rating method {value!r} is not one spareggio applies (FIDE, NRO, FIDON, NIDOF, "
                        "HBFN, LBFN): rating tie-breaks use the FIDE rating",
                        value=code,
                    ),
                    Position(where, header_pos["172"].line, column),
                )
            )
    if rating is not None:
        if rating == "national" and not found:
            raise ArgumentError(
                msg(
                    "{field} national: {path} has no national ratings (TRF-26 record 172 and the records of its federation)",
                    field=Field.RATING, path=where,
                )
            )
        method, why = _OPTION_METHOD[rating], msg("{field} {value}", field=Field.RATING, value=rating)
    if found or method != "FIDE":
        warnings.append(
            Diagnostic(
                "rating-method",
                msg(
                    "rating tie-breaks use {method} ({why}; {count} players have a national rating)",
                    method=_METHOD_WORDS[method],
                    why=why or msg("the default: record 172 names no method"),
                    count=found,
                ),
                header_pos.get("172"),
            )
        )
    return players, method
