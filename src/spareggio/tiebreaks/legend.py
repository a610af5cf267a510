"""Tie-break names as programs print them, and legends pasted whole.

A program prints a criterion as a name with bracketed parameters: Swiss-Manager's
``Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)`` is ``BH/C1/V2026``.  The names come from the
program profiles (:mod:`spareggio.core.programs`): the longest name of a table that starts the text gives
the specifier, and the words after it are parameters: ``Cut1``/``Cut 1`` a cut, ``Median1`` a median,
a year of a rule version (``2023``) the version, another number (``1400``) the rating of unrated
players, ``Limit 50`` the Koya limit; the criterion's own acronym (``(ARO)``) and the words a program
adds that C.07 already says (``Gamepoints``) are read and dropped.  Any other word is an error:
nothing a program printed is ignored in silence.

A legend (``Tie Break1: ... Tie Break2: ...``, as chess-results prints it) is split into its items.
"""

from __future__ import annotations

import functools
import re

from ..base.classes import dataclass
from ..base.i18n import msg
from ..core.programs import LEGEND, Program, is_legend, legend_items, programs
from .names import NAMES, close_matches

__all__ = ["LEGEND", "ProgramNames", "is_legend", "legend_items", "program_names", "program_spec"]

_YEARS = {"2026": "2026", "2024": "2024", "2023": "2023", "2009": "2009"}


def _words(text: str) -> str:
    """Lower case, every run of characters other than letters and digits one space."""
    return re.sub(r"[^0-9a-zà-ÿ]+", " ", text.lower()).strip()


_GENERAL = frozenset(_words(name) for name in NAMES)
"""The names of the catalogue (:data:`~spareggio.tiebreaks.names.NAMES`) in matching form."""

@dataclass(frozen=True)
class ProgramNames:
    """The printed names of one program (or of every program), in matching form."""

    names: dict[str, str]
    """Matching form of a name -> specifier."""
    ignored: tuple[str, ...]
    """Matching forms of the words a program adds that change nothing, longest first."""
    printed: dict[str, str]
    """Matching form -> the name as the program prints it."""
    team: dict[str, str]
    """Matching form -> the specifier in a team event, where it differs."""


@functools.cache
def program_names(code: str | None = None) -> ProgramNames:
    """The names of one program, or of every program (a name two programs print differently is left
    out of the common table: it needs ``--program``)."""
    chosen: list[Program] = [p for p in programs().values() if code is None or p.code == code]
    names: dict[str, str] = {}
    clash: set[str] = set()
    ignored: set[str] = set()
    printed: dict[str, str] = {}
    team: dict[str, str] = {}
    for program in chosen:
        ignored.update(_words(w) for w in program.ignored_words)
        for name in program.names:
            key = _words(name.text)
            if key in names and names[key] != name.spec:
                clash.add(key)
            names.setdefault(key, name.spec)
            printed.setdefault(key, name.text)
            if name.team_spec is not None:
                team.setdefault(key, name.team_spec)
    for key in clash:
        del names[key]
    return ProgramNames(names, tuple(sorted(ignored, key=len, reverse=True)), printed, team)


def program_spec(text: str, code: str | None = None, *, team: bool = False) -> str | None:
    """The specifier a printed name stands for (``Buchholz Tie-Break Variable (2026) (Gamepoints,
    Cut1)`` -> ``BH/V2026/C1``), None when no program prints a name that starts the text.  ``team``:
    the name as a team event reads it (``points (game-points)`` is the game points there).  A year
    the name already gives, printed again in its brackets, is the same version (read once).

    :raises ValueError: for a word after the name that says something spareggio does not read, or
        two different years.
    """
    table = program_names(code)
    words = _words(text)
    best = max((k for k in table.names if words == k or words.startswith(k + " ")), key=len, default=None)
    if best is None:
        return None
    spec = table.team.get(best, table.names[best]) if team else table.names[best]
    rest = " " + words[len(best) :].strip() + " "
    for phrase in table.ignored:
        rest = rest.replace(" " + phrase + " ", " ")
    code_word = spec.split("/")[0].split(":")[0].lower()
    modifiers: list[str] = []
    unknown: list[str] = []
    tokens = rest.split()
    k = 0
    while k < len(tokens):
        token = tokens[k]
        following = tokens[k + 1] if k + 1 < len(tokens) else ""
        if token == code_word:
            pass
        elif m := re.fullmatch(r"(cut|median)(\d*)", token):
            number = m.group(2) or (following if following.isdigit() else "")
            if not number:
                unknown.append(token)
            else:
                modifiers.append(("C" if m.group(1) == "cut" else "M") + number)
                k += 0 if m.group(2) else 1
        elif token == "limit" and following.isdigit():
            if following != "50":  # C.07 9.2: the Koya line at 50% is the criterion itself
                modifiers.append(f"L{following}")
            k += 1
        elif token in _YEARS:
            version = "V" + _YEARS[token]
            given = [p for p in [*spec.split("/")[1:], *modifiers] if re.fullmatch(r"V\d{4}", p)]
            if not given:
                modifiers.append(version)
            elif {_same(g) for g in given} != {_same(version)}:
                raise ValueError(
                    msg("{text!r} names two rule versions, {first} and {second}", text=text, first=given[0][1:], second=token)
                )
        elif token.isdigit() and len(token) >= 3:
            modifiers.append("U" + token)
        else:
            unknown.append(token)
        k += 1
    if unknown:
        close: list[str] = close_matches(words, list(table.names), n=1, cutoff=0.8 if best in _GENERAL else 0.6)
        if best in _GENERAL and not (close and close[0] != best):
            return None  # a name every tradition uses ("Buchholz"): the catalogue's names read the rest
        if close and close[0] != best:
            raise ValueError(
                msg("unknown tie-break {text!r}; did you mean {name!r}?", text=text, name=table.printed[close[0]])
            )
        raise ValueError(
            msg(
                "{text!r}: the words {words} after {name!r} say something spareggio does not read",
                text=text,
                words=", ".join(repr(w) for w in unknown),
                name=table.printed[best],
            )
        )
    return "/".join([spec, *modifiers])


def _same(version: str) -> str:
    """A rule version as the text it names: ``V2023``, Swiss-Manager's name of the 2024 text, is
    ``V2024``."""
    return "V2024" if version == "V2023" else version
