"""Random tournaments for acceptance testing (FIDE C.02): the generator the acceptance drafts describe.

Players, rounds, requested byes (full, half, zero; per round), forfeits, unusual results over the
board (½-0, 0-½, 0-0), Baku acceleration, the tie-break list (record 212) and the ratings (given,
between bounds, or random) are all parameters; the same options give the same file.  Swiss rounds are
paired by a FIDE Dutch engine (:mod:`.pairing`), round robins by the Berger tables, team events too.

The older :mod:`spareggio.generate` stays as the fast, approximate generator of the benchmarks.
"""

from __future__ import annotations

from ..base.i18n import msg
from .build import DEFAULT_TEAM_TIEBREAKS, DEFAULT_TIEBREAKS, Generated, baku_points, generate_event
from .options import ByeRates, GeneratorOptions, PairingSystem, RatingSpec, ResultRates
from .pairing import PairingFailed, engine_version

__all__ = [
    "DEFAULT_TEAM_TIEBREAKS",
    "DEFAULT_TIEBREAKS",
    "ByeRates",
    "Generated",
    "GeneratorOptions",
    "PairingFailed",
    "PairingSystem",
    "RatingSpec",
    "ResultRates",
    "baku_points",
    "engine_version",
    "generate_event",
    "read_ratings",
]


def read_ratings(text: str, where: str) -> tuple[int, ...]:
    """Ratings one a line (blank lines and ``#`` comments skipped), in start-number order.

    :raises ValueError: naming ``where`` and the line of a value that is not a rating.
    """
    found: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        item = line.split("#", 1)[0].strip()
        if not item:
            continue
        if not item.isdigit() or int(item) > 3500:
            raise ValueError(msg("{where}:{line}: not a rating: {value!r}", where=where, line=number, value=item))
        found.append(int(item))
    return tuple(found)
