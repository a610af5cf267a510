"""The names users type for tie-breaks: FIDE acronyms, and the words of FIDE, Swiss-Manager, Vega,
Sharly, Papi, US Chess and Italian arbiters ("Buchholz Cut 1", "Bucholz", "BH-C1", "Median
Buchholz", "Buchholz tagliato", "Solkoff", "Neustadtl", "scontro diretto"...).

Names are compared case-, accent-, space- and hyphen-insensitively.  A name may carry a cut or a
median with its number ("Buchholz Cut 2", "ARO cut 1", "Buchholz mediano 1").  A name that means two
different tie-breaks in different traditions ("cumulative": FIDE's progressive score or US Chess's
cumulative) is refused with the choices, never resolved in silence.  The catalogue's own acronyms
(``MEDIAN`` is the Harkness median) always win over names.  Unknown names get the closest entries.
"""

from __future__ import annotations

import difflib
import re
import unicodedata

__all__ = ["AMBIGUOUS", "NAMES", "normalise", "resolve_name", "suggestions"]

NAMES: dict[str, str] = {
    # Buchholz family (C.07 Art. 8)
    "buchholz": "BH", "bucholz": "BH", "buchholtz": "BH", "buchholz total": "BH", "buchholz totale": "BH",
    "total buchholz": "BH", "full buchholz": "BH", "buchholz pieno": "BH", "bh": "BH",
    "buchholz tagliato": "BH/C1", "buchholz cut": "BH/C1", "cut buchholz": "BH/C1",
    "median buchholz": "BH/M1", "buchholz median": "BH/M1", "buchholz mediano": "BH/M1",
    "medianbuchholz": "BH/M1", "buchholz medio": "BH/M1",
    "fore buchholz": "FB", "buchholz anticipato": "FB",
    "average buchholz of opponents": "AOB", "average of opponents buchholz": "AOB", "aob": "AOB",
    "media buchholz avversari": "AOB",
    # Sonneborn-Berger, Koya (Art. 9)
    "sonneborn": "SB", "sonneborn berger": "SB", "sonnebornberger": "SB", "neustadtl": "SB", "berger": "SB",
    "sb": "SB", "s b": "SB",
    "koya": "KS", "koya system": "KS", "sistema koya": "KS",
    # Direct encounter and own results (Art. 6, 7)
    "direct encounter": "DE", "direct": "DE", "head to head": "DE", "scontro diretto": "DE",
    "confronto diretto": "DE", "de": "DE",
    "wins": "WIN", "number of wins": "WIN", "numero di vittorie": "WIN", "vittorie": "WIN",
    "games won": "WON", "number of games won": "WON", "partite vinte": "WON",
    "black games": "BPG", "games with black": "BPG", "games played with black": "BPG",
    "partite col nero": "BPG", "partite giocate col nero": "BPG",
    "black wins": "BWG", "wins with black": "BWG", "games won with black": "BWG", "vittorie col nero": "BWG",
    "progressive": "PS", "progressive score": "PS", "progress": "PS", "punteggio progressivo": "PS",
    "progressivo": "PS", "progressivo cumulativo": "PS",
    "rounds played": "REP", "games played": "REP", "turni giocati": "REP",
    "standard points": "STD", "punti standard": "STD",
    "pairing number": "TPN", "start number": "TPN", "numero di partenza": "TPN",
    # Ratings (Art. 10)
    "average rating": "ARO", "average rating of opponents": "ARO", "avg rating": "ARO", "aro": "ARO",
    "media elo": "ARO", "media elo avversari": "ARO", "elo medio avversari": "ARO", "elo medio": "ARO",
    "average elo": "ARO", "rating average": "ARO",
    "performance": "TPR", "performance rating": "TPR", "tournament performance": "TPR",
    "tournament performance rating": "TPR", "performance elo": "TPR", "tpr": "TPR",
    "perfect performance": "PTP", "perfect tournament performance": "PTP", "performance perfetta": "PTP",
    "average performance of opponents": "APRO", "media performance avversari": "APRO",
    "average perfect performance of opponents": "APPO",
    "rating": "RTNG", "elo": "RTNG", "own rating": "RTNG", "elo proprio": "RTNG",
    # US Chess 34E
    "modified median": "MM", "mediano modificato": "MM", "harkness": "MEDIAN", "harkness median": "MEDIAN",
    "solkoff": "SOLKOFF", "us cumulative": "CUM", "cumulative us": "CUM",
    "opposition cumulative": "OPPCUM", "opponents cumulative": "OPPCUM", "cumulative of opposition": "OPPCUM",
    "kashdan": "KASHDAN", "us sonneborn berger": "USSB",
}  # fmt: skip
"""Normalised name -> FIDE specifier."""

AMBIGUOUS: dict[str, tuple[tuple[str, str], ...]] = {
    "cumulative": (("PS", "progressive score, C.07 7.5"), ("CUM", "US Chess cumulative, 34E3")),
    "cumulativo": (("PS", "progressive score, C.07 7.5"), ("CUM", "US Chess cumulative, 34E3")),
}
"""Names that mean different tie-breaks in different traditions: refused with the choices."""

_CUT = re.compile(r"^(?P<base>.*?)\s*(?P<how>cut|c|tagliato|taglio|minus|median|mediano|m)\s*(?P<n>\d+)$")


def normalise(text: str) -> str:
    """Lower case, accents and apostrophes removed, ``-``, ``_`` and ``.`` as spaces, spaces collapsed."""
    folded = unicodedata.normalize("NFKD", text)
    folded = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    folded = re.sub(r"['’]", "", folded)
    folded = re.sub(r"[-_.]+", " ", folded)
    return re.sub(r"\s+", " ", folded).strip()


def resolve_name(text: str) -> str | None:
    """The FIDE specifier a name stands for, or None when it is no known name.

    :raises ValueError: for a name that means two different tie-breaks (the message lists them).
    """
    name = normalise(text)
    if name in AMBIGUOUS:
        raise ValueError(_ambiguous(text, name))
    if name in NAMES:
        return NAMES[name]
    m = _CUT.match(name)
    if m:
        base = m.group("base").strip()
        how = "M" if m.group("how") in ("median", "mediano", "m") else "C"
        code = NAMES.get(base) or (base.upper() if base else None)
        if code and "/" not in code:
            return f"{code}/{how}{m.group('n')}"
        if code and code.startswith("BH/"):
            return f"BH/{how}{m.group('n')}"
    return None


def _ambiguous(text: str, name: str) -> str:
    choices = "; ".join(f"{code} ({what})" for code, what in AMBIGUOUS[name])
    return f"{text!r} means different tie-breaks in different rules; write one of: {choices}"


def suggestions(text: str, codes: list[str], limit: int = 3) -> list[str]:
    """The closest known names and acronyms to ``text``, as "Name (SPEC)" or "SPEC"."""
    name = normalise(text)
    pool = {**{n: spec for n, spec in NAMES.items()}, **{c.lower(): c for c in codes}}
    close = difflib.get_close_matches(name, list(pool), n=limit * 2, cutoff=0.6)
    out: list[str] = []
    specs: set[str] = set()
    for candidate in close:
        spec = pool[candidate]
        if spec in specs:
            continue
        specs.add(spec)
        out.append(spec if candidate == spec.lower() else f"{candidate} ({spec})")
    return out[:limit]
