"""What every reader shares: the options of a read and the description of a format
(:mod:`spareggio.io.registry` lists the formats)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeAlias

from ..base.classes import dataclass
from ..core.model import Event, TournamentKind

__all__ = ["SNIFF_BYTES", "Event", "RatingChoice", "ReadOptions", "Reader"]

SNIFF_BYTES = 4096
"""The head of a file that :attr:`Reader.sniff` sees."""


RatingChoice: TypeAlias = Literal["fide", "national"]


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """How to read a file; every field has the default that lets the file decide."""

    kind: TournamentKind | None = None
    """Declare the event Swiss or round robin, whatever the file says."""
    lenient: bool = False
    """Repair the recoverable contradictions between the two sides of a game, with a warning each."""
    rating: RatingChoice | None = None
    """The rating that rating tie-breaks use: ``"fide"`` or ``"national"`` (TRF-26 national rating
    records); None: as the file says (record 172), else FIDE."""
    byes: str | None = None
    """PGN: how a round without a game counts (a PGN cannot tell a bye from an absence)."""
    teams: bool = True
    """Read a team event as a team event; False reads an individual tournament only (a team file is
    refused with a message saying how to read it)."""
    team_players: bool = False
    """Read the players of a team event as an individual tournament: the teams and the file's list,
    which ranks them, are left out (``--individual``)."""
    ranks: str | None = None
    """A file of declared ranks (a lichess Swiss results export), for ``check``."""
    ranks_data: bytes | None = None
    """The content of such a file, given without a path (an upload); used when ``ranks`` is None."""
    beside: str | None = None
    """The path of the file on disk, where companion files are looked for (set by
    :func:`~spareggio.io.registry.read_event`); None for content that is no file on disk (an upload),
    whose name is never used to open anything."""


@dataclass(frozen=True, slots=True)
class Reader:
    """One input format."""

    name: str
    """Stable code: ``trf``, ``json``, ``chess-json``, ``lichess``, ``vega``, ``vega-tdf``, ``pgn``."""
    title: str
    """The format in words, for listings and messages."""
    extensions: tuple[str, ...]
    """File name endings, lower case with the dot (``.trf``)."""
    sniff: Callable[[bytes, str], int]
    """Confidence 0-100 that content (its first :data:`SNIFF_BYTES` bytes) named so is this format."""
    parse: Callable[[bytes, str, ReadOptions], Event]
    """Read the whole content; ``name`` is the file name used in messages."""
    max_bytes: int
    """The largest file this reader accepts (refused before it is read)."""

    def claims_name(self, name: str) -> bool:
        """Whether the file name has one of this format's extensions."""
        return name.lower().endswith(self.extensions)
