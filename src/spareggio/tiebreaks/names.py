"""The names users type for tie-breaks: FIDE acronyms, and the words of FIDE, Swiss-Manager, Vega,
Sharly, Papi, US Chess and Italian arbiters ("Buchholz Cut 1", "Bucholz", "BH-C1", "Median
Buchholz", "Buchholz tagliato", "Solkoff", "Neustadtl", "scontro diretto"...).

Names are compared case-, accent-, space- and hyphen-insensitively.  A name may carry a cut or a
median with its number ("Buchholz Cut 2", "ARO cut 1", "Buchholz mediano 1", "Buchholz -1", "Median
Buchholz 2").  A name that means two different tie-breaks in different traditions ("cumulative":
FIDE's progressive score or US Chess's cumulative) is refused with the choices, never resolved in
silence.  The catalogue's own acronyms (``MEDIAN`` is the Harkness median) always win over names.
Unknown names get the closest entries.

Besides the names below, the catalogue adds the name of every tie-break as it is printed, in every
language spareggio speaks (:func:`spareggio.tiebreaks.known_names`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping

from .. import lazy
from ..base.i18n import Text, joined, msg

__all__ = ["AMBIGUOUS", "NAMES", "normalise", "resolve_name", "suggestions"]

NAMES: dict[str, str] = {
    # Buchholz family (C.07 Art. 8)
    "buchholz": "BH", "bucholz": "BH", "buchholtz": "BH", "buchholz total": "BH", "buchholz totale": "BH",
    "total buchholz": "BH", "full buchholz": "BH", "buchholz pieno": "BH", "bh": "BH",
    "buchholz tagliato": "BH/C1", "buchholz cut": "BH/C1", "cut buchholz": "BH/C1",
    "median buchholz": "BH/M1", "buchholz median": "BH/M1", "buchholz mediano": "BH/M1",
    "medianbuchholz": "BH/M1",
    "fore buchholz": "FB", "buchholz anticipato": "FB",
    "average buchholz of opponents": "AOB", "average of opponents buchholz": "AOB", "aob": "AOB",
    "media buchholz avversari": "AOB",
    # Sonneborn-Berger, Koya (Art. 9)
    "sonneborn": "SB", "sonneborn berger": "SB", "sonnebornberger": "SB", "neustadtl": "SB", "berger": "SB",
    "sb": "SB", "s b": "SB",
    "koya": "KS", "koya system": "KS", "sistema koya": "KS",
    # Direct encounter and own results (Art. 6, 7)
    "direct encounter": "DE", "direct": "DE", "head to head": "DE", "scontro diretto": "DE",
    "result between tied players": "DE", "results between tied players": "DE",
    "confronto diretto": "DE", "de": "DE",
    "wins": "WIN", "number of wins": "WIN", "numero di vittorie": "WIN", "vittorie": "WIN",
    "most wins": "WIN", "number of victories": "WIN", "greater number of victories": "WIN",
    "maggior numero di vittorie": "WIN",
    "games won": "WON", "number of games won": "WON", "partite vinte": "WON", "numero di partite vinte": "WON",
    "black games": "BPG", "games with black": "BPG", "games played with black": "BPG",
    "partite col nero": "BPG", "partite giocate col nero": "BPG", "most black": "BPG",
    "most games with black": "BPG", "numero di partite col nero": "BPG", "maggior numero di partite col nero": "BPG",
    "black wins": "BWG", "wins with black": "BWG", "games won with black": "BWG", "vittorie col nero": "BWG",
    "progressive": "PS", "progressive score": "PS", "progress": "PS", "punteggio progressivo": "PS",
    "progressivo": "PS", "progressivo cumulativo": "PS", "sum of progressive scores": "PS",
    "rounds played": "REP", "games played": "REP", "turni giocati": "REP",
    "standard points": "STD", "punti standard": "STD",
    "pairing number": "TPN", "start number": "TPN", "numero di partenza": "TPN",
    # Ratings (Art. 10)
    "average rating": "ARO", "average rating of opponents": "ARO", "avg rating": "ARO", "aro": "ARO",
    "media elo": "ARO", "media elo avversari": "ARO", "elo medio avversari": "ARO", "elo medio": "ARO",
    "average elo": "ARO", "rating average": "ARO",
    "performance": "TPR", "performance rating": "TPR", "tournament performance": "TPR",
    "tournament performance rating": "TPR", "performance elo": "TPR", "tpr": "TPR", "rp": "TPR",
    "rating performance": "TPR", "elo performance": "TPR", "perf": "TPR",
    "perfect performance": "PTP", "perfect tournament performance": "PTP", "performance perfetta": "PTP",
    "average performance of opponents": "APRO", "media performance avversari": "APRO",
    "average perfect performance of opponents": "APPO",
    "rating": "RTNG", "elo": "RTNG", "own rating": "RTNG", "elo proprio": "RTNG",
    # US Chess 34E
    "modified median": "MM", "mediano modificato": "MM", "harkness": "MEDIAN", "harkness median": "MEDIAN",
    "solkoff": "SOLKOFF", "us cumulative": "CUM", "cumulative us": "CUM",
    "opposition cumulative": "OPPCUM", "opponents cumulative": "OPPCUM", "cumulative of opposition": "OPPCUM",
    "opponents cumulative scores": "OPPCUM", "cumulative scores of opposition": "OPPCUM",
    "opposition cumulative scores": "OPPCUM",
    "kashdan": "KASHDAN", "us sonneborn berger": "USSB",
}  # fmt: skip
"""Normalised name -> FIDE specifier."""

_PS = ("PS", msg("progressive score, C.07 7.5"))
_CUM = ("CUM", msg("US Chess cumulative, 34E3"))

AMBIGUOUS: dict[str, tuple[tuple[str, str], ...]] = {
    "cumulative": (_PS, _CUM),
    "cumulative score": (_PS, _CUM),
    "cumulative scores": (_PS, _CUM),
    "cumulativo": (_PS, _CUM),
    "cumulatif": (_PS, _CUM),
    "punteggio cumulativo": (_PS, _CUM),
    # "medio" is "average" in Italian ("Elo medio"), although some say it for the median
    "buchholz medio": (
        ("BH/M1", msg("median Buchholz, C.07 8.1")),
        ("AOB", msg("average of the opponents' Buchholz, C.07 8.2")),
    ),
}
"""Names that mean different tie-breaks in different traditions: refused with the choices."""

# compiled by :mod:`re` (and kept in its cache) the first time a name is not found as it is written:
# a list of acronyms never needs them
_CUT = r"^(?P<base>.*?)\s*(?P<how>cut|c|tagliato|taglio|minus|median|mediano|m)\s*(?P<n>\d+)$"
_MINUS = r"^(?P<base>.*?\S)\s*-\s*(?P<n>\d+)$"
_NUMBER = r"^(?P<base>.*?)\s+(?P<n>\d+)$"
_MODIFIED = r"^(?P<code>[A-Z]+)/(?P<how>[CM])1$"


def normalise(text: str) -> str:
    """Lower case, accents and apostrophes removed, ``-``, ``_``, ``.`` and brackets as spaces, spaces
    collapsed."""
    folded = unicodedata.normalize("NFKD", text)
    folded = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    folded = re.sub(r"['’]", "", folded)
    folded = re.sub(r"[-_.()]+", " ", folded)
    return re.sub(r"\s+", " ", folded).strip()


def resolve_name(
    text: str, names: Mapping[str, str] | None = None, codes: Collection[str] = ()
) -> str | None:
    """The FIDE specifier a name stands for, or None when it is no known name.

    ``names`` maps normalised names to specifiers (default :data:`NAMES`); ``codes`` are the
    catalogue's acronyms, which may stand before a cut or median ("BH cut 1", "ARO-1").

    :raises ValueError: for a name that means two different tie-breaks (the message lists them).
    """
    table = NAMES if names is None else names
    name = normalise(text)
    if name in AMBIGUOUS:
        raise ValueError(_ambiguous(text, name))
    if name in table:
        return table[name]
    acronyms = {c.upper() for c in codes}

    def base_of(base: str) -> str | None:
        base = base.strip()
        if base in AMBIGUOUS:
            raise ValueError(_ambiguous(text, base))
        found = table.get(base)
        if found is None and base.replace(" ", "").upper() in acronyms:
            found = base.replace(" ", "").upper()
        return found

    def with_number(spec: str | None, how: str | None, n: str, *, keep: bool = False) -> str | None:
        """``spec`` with the cut or median ``n``: a name without a modifier takes ``how``; a name
        with one ("Median Buchholz", "Buchholz tagliato") takes the number (and ``how`` unless
        ``keep``)."""
        if spec is None:
            return None
        if "/" not in spec:
            return f"{spec}/{how}{n}" if how else None
        m = re.match(_MODIFIED, spec)
        if m is None:
            return None
        return f"{m.group('code')}/{m.group('how') if keep or how is None else how}{n}"

    # "Buchholz -1", "BH-1": a cut written as a minus (hyphens are spaces once normalised)
    minus = re.match(_MINUS, text.strip())
    if minus is not None:
        found = with_number(base_of(normalise(minus.group("base"))), "C", minus.group("n"), keep=True)
        if found is not None:
            return found
    m = re.match(_CUT, name)
    if m is not None:
        how = "M" if m.group("how") in ("median", "mediano", "m") else "C"
        found = with_number(base_of(m.group("base")), how, m.group("n"))
        if found is not None:
            return found
    m = re.match(_NUMBER, name)
    if m is not None:
        return with_number(base_of(m.group("base")), None, m.group("n"))
    return None


def _ambiguous(text: str, name: str) -> str:
    choices = joined(
        [Text("{code} ({what})", "join", code=code, what=what) for code, what in AMBIGUOUS[name]], "; "
    )
    return msg(
        "{text!r} means different tie-breaks in different rules; write one of: {choices}",
        text=text,
        choices=choices,
    )


def suggestions(
    text: str, codes: Collection[str], limit: int = 3, names: Mapping[str, str] | None = None
) -> list[str]:
    """The closest known names and acronyms to ``text``, as "name (SPEC)" or "SPEC"."""
    name = normalise(text)
    pool = {**(NAMES if names is None else names), **{c.lower(): c for c in codes}}
    close = close_matches(name, list(pool), n=limit * 2, cutoff=0.6)
    out: list[str] = []
    specs: set[str] = set()
    for candidate in close:
        spec = pool[candidate]
        if spec in specs:
            continue
        specs.add(spec)
        out.append(spec if candidate == spec.lower() else f"{candidate} ({spec})")
    return out[:limit]


def close_matches(word: str, possibilities: list[str], n: int, cutoff: float) -> list[str]:
    """:func:`difflib.get_close_matches`, loaded the first time a name is not understood."""
    find = lazy.load("close-matches")
    assert callable(find)
    return list(find(word, possibilities, n=n, cutoff=cutoff))
