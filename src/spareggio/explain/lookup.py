"""Which player a user means (a start number or a part of a name), and which language."""

from __future__ import annotations

from ..base.errors import ArgumentError
from ..base.errors import check_language as known_language
from ..base.i18n import languages, msg
from ..core.model import Tournament
from ..tiebreaks.names import normalise

__all__ = ["check_language", "find_player"]


def check_language(lang: str) -> str:
    """``lang`` when explanations speak it (case-insensitive), else an error naming the known ones."""
    if not (lang or "").strip():
        raise ArgumentError(msg("no language given; known languages: {known}", known=", ".join(languages())))
    return known_language(lang)


def find_player(t: Tournament, who: int | str) -> int:
    """The start number of the player meant by ``who``: a start number, or a name matched without
    regard to case, accents and commas: the whole name, else whole words of it ("Rossi" is not
    "Rossini"), else the starts of words, else parts of words; the first of these that any player
    matches must be matched by one player only.

    :raises ArgumentError: when no player or more than one player matches (the candidates listed).
    """
    text = str(who).strip()
    if text.isascii() and text.isdigit():
        t.index_of(int(text))
        return int(text)
    wanted = normalise(text).replace(",", " ")
    wanted = " ".join(wanted.split())
    if not wanted:
        raise ArgumentError(msg("name the player by start number or by name"))

    def key(name: str) -> str:
        return " ".join(normalise(name).replace(",", " ").split())

    parts = wanted.split()
    keys = [(p, key(p.name)) for p in t.players]
    tiers = (
        lambda k: k == wanted,  # the whole name
        lambda k: all(part in k.split() for part in parts),  # whole words: "Rossi" is not "Rossini"
        lambda k: all(any(word.startswith(part) for word in k.split()) for part in parts),  # word starts
        lambda k: all(part in k for part in parts),  # parts of words
    )
    found = []
    for matches in tiers:
        found = [p for p, k in keys if matches(k)]
        if found:
            break
    if len(found) == 1:
        return int(found[0].start_number)
    if not found:
        raise ArgumentError(
            msg("no player named {text!r} (give a start number or another part of the name)", text=text)
        )
    listed = ", ".join(f"{p.start_number} {p.name}" for p in found[:12]) + (
        ", ..." if len(found) > 12 else ""
    )
    raise ArgumentError(
        msg(
            "{text!r} matches {value} players: {listed}; give the start number or more of the name",
            text=text,
            value=len(found),
            listed=listed,
        )
    )
