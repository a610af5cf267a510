"""The tournaments the page has open: in memory (never on disk), by an unguessable token, bounded
by count and by size, the oldest forgotten first."""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict, deque
from dataclasses import field

from ..base.classes import dataclass
from ..core.model import Event, Participant, Tournament
from ..io import ReadOptions, parse_event
from .limits import STORE_BYTES, STORE_LIMIT

__all__ = ["Closed", "Entry", "NotOpen", "Store", "digest_of", "memory_cost"]

REMEMBERED = 4096
"""Tokens of forgotten tournaments remembered, so that their pages can say why they are gone."""


@dataclass(frozen=True)
class Entry:
    """A tournament the page has open."""

    token: str
    filename: str
    data: bytes
    event: Event
    """What is ranked: the tournament, or the team event of a team file."""
    cost: int = 0
    """The memory it holds, estimated (:func:`memory_cost`): what the store's bound counts."""
    byes: str | None = None
    """How the file's rounds without a game count (PGN), as it was opened."""
    lenient: bool = False
    """Whether the file was opened repairing the games whose two sides disagree."""
    ranks: bytes | None = None
    """The declared ranks given beside the file (a lichess results export)."""
    digest: str = ""
    """What makes two uploads the same (:func:`digest_of`)."""
    _read: dict[tuple[bool, bool], Event] = field(default_factory=dict, compare=False, repr=False)
    _kept: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def keep(self, name: str, value: object) -> None:
        """Remember something the page made for this tournament (its prize form) while it is open."""
        self._kept[name] = value

    def kept(self, name: str) -> object:
        """What :meth:`keep` remembered under ``name``; None when nothing."""
        return self._kept.get(name)

    def read(self, *, lenient: bool = False, individual: bool = False) -> Event:
        """The event as these reading options give it (the file read again once, then kept):
        ``lenient`` repairs the games whose two sides disagree, ``individual`` reads the players
        of an event made of players (a team event: :meth:`~spareggio.core.model.Event.lineup`) as
        an individual tournament (an event of players is read as it is).

        :raises SpareggioError: when the file cannot be read so.
        """
        key = (lenient or self.lenient, individual and self.event.lineup() is not None)
        if key == (self.lenient, False):
            return self.event
        if key not in self._read:
            options = ReadOptions(byes=self.byes, lenient=key[0], team_players=individual, ranks_data=self.ranks)
            self._read[key] = parse_event(self.data, self.filename, options=options)
        return self._read[key]

    @property
    def tournament(self) -> Tournament:
        """The participants: the players, or in a team event the teams."""
        return self.event.participants()

    @property
    def participant(self) -> Participant:
        """What the event ranks (players, teams), as its sentences name it."""
        return self.event.participant


PLAYER_BYTES = 700
"""Memory of one participant read (its record, name and fields), measured with tracemalloc on a
generated TRF of 9,999 players: 7.7 MB for the event, 1.4 MB of which are its arrays."""
CELL_BYTES = 16
"""Memory of one participant's round in the arrays of the event (opponent, result, colour, ...)."""


def memory_cost(data: bytes, event: Event) -> int:
    """What an open file holds in memory, estimated: its bytes (kept for the exports), its
    participants and its arrays.  A 2.2 MB TRF of 9,999 players and 13 rounds costs 11 MB (the server
    measured 10.5 MB more resident memory per such file)."""
    t = event.participants()
    return len(data) + t.n_players * (PLAYER_BYTES + CELL_BYTES * max(t.rounds, 1))


def digest_of(filename: str, data: bytes, byes: str | None, lenient: bool, ranks: bytes | None) -> str:
    """What makes two uploads the same: the file's bytes and name, and how it was read."""
    h = hashlib.sha256(data)
    h.update(f"\n{filename}\n{byes}\n{lenient}\n".encode("utf-8", "replace"))
    h.update(ranks or b"")
    return h.hexdigest()


class NotOpen(Exception):
    """No open tournament has this token (it never had one)."""


class Closed(NotOpen):
    """The tournament of this token was forgotten to make room for newer ones."""


class Store:
    """Open tournaments by token, at most ``limit`` of them and ``max_bytes`` of memory in all (the
    estimate of :func:`memory_cost`)."""

    def __init__(self, limit: int = STORE_LIMIT, max_bytes: int = STORE_BYTES) -> None:
        self.limit = limit
        self.max_bytes = max_bytes
        self._items: OrderedDict[str, Entry] = OrderedDict()
        self._bytes = 0
        self._forgotten: deque[str] = deque(maxlen=REMEMBERED)
        self._lock = threading.Lock()

    @staticmethod
    def parse(
        filename: str, data: bytes, byes: str | None = None, *, lenient: bool = False, ranks: bytes | None = None
    ) -> Entry:
        """The entry of a file, not yet kept (the slow part, done outside the lock); ``byes`` says
        how a PGN's rounds without a game count, ``lenient`` repairs the games whose two sides
        disagree, ``ranks`` are the declared ranks given beside the file (a lichess results export).

        :raises SpareggioError: when the file cannot be read (with its position).
        """
        options = ReadOptions(byes=byes, lenient=lenient, ranks_data=ranks)
        event = parse_event(data, filename, options=options)
        digest = digest_of(filename, data, byes, lenient, ranks)
        return Entry(
            secrets.token_urlsafe(12), filename, data, event, memory_cost(data, event),
            byes=byes, lenient=lenient, ranks=ranks, digest=digest,
        )  # fmt: skip

    def keep(self, entry: Entry) -> Entry:
        """Keep ``entry``, forgetting the oldest ones beyond the limits (never the newest); the same
        file opened again (same bytes, name and reading) is the entry already open."""
        with self._lock:
            for token, kept in self._items.items():
                if entry.digest and kept.digest == entry.digest:
                    self._items.move_to_end(token)
                    return kept
            self._items[entry.token] = entry
            self._bytes += entry.cost
            while len(self._items) > 1 and (len(self._items) > self.limit or self._bytes > self.max_bytes):
                token, old = self._items.popitem(last=False)
                self._bytes -= old.cost
                self._forgotten.append(token)
        return entry

    def add(self, filename: str, data: bytes) -> Entry:
        """Read and keep a file.

        :raises SpareggioError: when the file cannot be read (with its position).
        """
        return self.keep(self.parse(filename, data))

    def get(self, token: str) -> Entry:
        """The entry of ``token``, now the most recently used.

        :raises Closed: when it was forgotten to make room.
        :raises NotOpen: when there never was one.
        """
        with self._lock:
            entry = self._items.get(token)
            if entry is None:
                raise Closed(token) if token in self._forgotten else NotOpen(token)
            self._items.move_to_end(token)
            return entry

    def entries(self) -> list[Entry]:
        """The open tournaments, the most recently used first."""
        with self._lock:
            return list(reversed(self._items.values()))

    @property
    def size(self) -> int:
        """Memory of the open files, estimated (:func:`memory_cost`)."""
        return self._bytes
