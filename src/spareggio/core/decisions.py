"""What decides a tie the listed tie-breaks leave: a playoff, an arbiter's order, a drawing of lots;
and who is left out of the ranking (an excluded or expelled player).

C.07 4.2: when the list is exhausted, the remaining ties are broken by drawing lots unless the
regulations say otherwise.  Events also break a tie for first place by a playoff (a rapid match,
an Armageddon game), and an arbiter may have to decide an order.  These are *decisions*: they do
not come from the results, so they are recorded with their source (the tournament file, or an
option given on top of it) and every output says which places they decided.

The drawing of lots is reproducible: every player of a tied group gets the key
``SHA-256(seed + "\\n" + start number)`` (UTF-8, the digest read as a big-endian integer) and the
group is ordered by increasing key.  The same seed gives the same order on any machine and in any
version; the seed is printed with the standings.

In a TRF file the decisions travel as spareggio's own records (TRF-16 and TRF-26 have none; other
programs ignore or warn about unknown records)::

    XPO PLAYOFF 3 7 ; 1½-½            players 3 and 7 tied; 3 won the playoff (note after ';')
    XPO ARBITER 12 4 ; coin toss      an order the arbiter decided
    XLT open-2026                     ties left after the list and the playoffs drawn by lot
    XEX 5 ; expelled (C.04 ...)       player 5 is left out of the ranking
    XCL the tie-break list ...        a line of the log of changes made on top of the file
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import field, replace
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from .. import lazy
from ..base.classes import dataclass
from ..base.errors import ArgumentError, InputError, Position
from ..base.i18n import Field, Text, msg
from ..base.jsontypes import JsonObject

__all__ = [
    "HOW_FIELD",
    "RECORD_CODES",
    "TEXTS",
    "Decided",
    "Decision",
    "Decisions",
    "Exclusion",
    "Origin",
    "Playoff",
    "change",
    "decide_ties",
    "decisions_from_data",
    "default_seed",
    "lot_key",
    "parse_record",
]

RECORD_CODES = ("XPO", "XLT", "XEX", "XCL")
"""The TRF records that carry decisions (spareggio's own; see the module's docstring)."""



class Decision(StrEnum):
    """How places were decided once the tie-break list was exhausted: a stable code."""

    PLAYOFF = "playoff"
    ARBITER = "arbiter"
    """An order the arbiter gave (a manual order)."""
    LOT = "lot"


class Origin(StrEnum):
    """Where a decision comes from: a stable code."""

    FILE = "file"
    """The tournament file records it."""
    OPTION = "option"
    """Given on top of the file (an option of the command, an argument of the call)."""
    EVENT = "event"
    """Made from the event itself (the seed of the lots when none was given)."""


HOW = (Decision.PLAYOFF, Decision.ARBITER)
"""What a playoff record or option may say it was."""

HOW_FIELD = {Decision.PLAYOFF: Field.PLAYOFF, Decision.ARBITER: Field.ARBITER}
"""The field of a request that gives a playoff, or an order of the arbiter."""

TEXTS = {
    "playoff": "{how} {players} added ({note})",
    "lots": "drawing of lots with seed {seed} added",
    "excluded": "player {number} excluded ({reason})",
    "excluded.team": "team {number} excluded ({reason})",
    "tiebreaks": "tie-break list {given} given instead of the file's {file}",
}
"""The log of changes' sentences (context ``decisions``), translated when rendered."""


def change(key: str, **params: object) -> Text:
    """A line of the log of changes."""
    return Text(TEXTS[key], "decisions", **params)


@dataclass(frozen=True)
class Playoff:
    """A tied group ordered by a playoff or by the arbiter: ``players`` (start numbers) first to last."""

    players: tuple[int, ...]
    how: Decision = Decision.PLAYOFF
    """A playoff, or the arbiter's order (a manual order)."""
    note: str = ""
    """The score of the playoff (``1½-½``) or the arbiter's reason, as given."""
    position: Position | None = field(default=None, compare=False)
    source: Origin = Origin.FILE

    def __post_init__(self) -> None:  # the codes of a caller who gives them as words
        object.__setattr__(self, "how", Decision(self.how))
        object.__setattr__(self, "source", Origin(self.source))

    @classmethod
    def given(cls, players: Sequence[int], how: Decision = Decision.PLAYOFF, note: str = "") -> Playoff:
        """A playoff (or the arbiter's order) given on top of the file, by whatever front end: the
        start numbers first to last and its score or reason.  Each front end reads its own way of
        writing one (an option's text, the page's pickers, an API field) and calls this.

        :raises ArgumentError: naming the field (``playoff`` or ``arbiter``) when fewer than two
            different start numbers are given (a number no participant has is the ranking's error).
        """
        numbers = tuple(players)
        wrong = len(numbers) < 2 or len(set(numbers)) != len(numbers) or not all(type(n) is int for n in numbers)
        if wrong or Decision(how) not in HOW:
            raise ArgumentError(
                msg(
                    "{field} {players}: expected two or more different start numbers, first to last",
                    field=HOW_FIELD.get(Decision(how), Field.PLAYOFF),
                    players=", ".join(map(str, numbers)) or "-",
                )
            )
        return cls(numbers, Decision(how), str(note).strip(), source=Origin.OPTION)


@dataclass(frozen=True)
class Exclusion:
    """A player left out of the ranking (expelled, excluded): his games still count for the others."""

    start_number: int
    reason: str = ""
    position: Position | None = field(default=None, compare=False)
    source: Origin = Origin.FILE

    def __post_init__(self) -> None:
        object.__setattr__(self, "source", Origin(self.source))

    @classmethod
    def given(cls, start_number: int, reason: str = "") -> Exclusion:
        """A participant left out of the ranking on top of the file, by whatever front end.

        :raises ArgumentError: naming the field ``exclude`` when ``start_number`` is not a whole number
            (a number no participant has is the ranking's error).
        """
        if type(start_number) is not int:
            raise ArgumentError(
                msg("{field} {number}: expected a start number", field=Field.EXCLUDE, number=start_number)
            )
        return cls(start_number, str(reason).strip(), source=Origin.OPTION)


@dataclass(frozen=True)
class Decisions:
    """Every decision that completes the ranking of one event."""

    playoffs: tuple[Playoff, ...] = ()
    lots_seed: str | None = None
    """Draw lots for the ties left after the list and the playoffs, with this seed."""
    lots_source: Origin = Origin.FILE
    exclusions: tuple[Exclusion, ...] = ()
    changes: tuple[str, ...] = ()
    """The log of changes made on top of the file (TRF ``XCL``), oldest first."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "lots_source", Origin(self.lots_source))

    @classmethod
    def given(
        cls, playoffs: Iterable[Playoff] = (), exclusions: Iterable[Exclusion] = (), lots_seed: str | None = None
    ) -> Decisions:
        """The decisions a request gives on top of the file's (:meth:`on_top` logs each when they are
        put there): the playoffs and orders, the exclusions and the seed of the lots."""
        return cls(tuple(playoffs), lots_seed, Origin.OPTION, tuple(exclusions))

    @property
    def empty(self) -> bool:
        return not (self.playoffs or self.lots_seed or self.exclusions or self.changes)

    @property
    def excluded(self) -> frozenset[int]:
        return frozenset(e.start_number for e in self.exclusions)

    def on_top(self, other: Decisions, *, excluded: str = "excluded") -> Decisions:
        """These decisions (the file's) with ``other`` given on top: each addition is logged (an
        exclusion by the change ``excluded``, the event's word for it: ``excluded.team`` for a team,
        :meth:`spareggio.core.model.Participant.key`)."""
        log = list(self.changes)
        for p in other.playoffs:
            log.append(
                change("playoff", how=p.how, players=" ".join(map(str, p.players)), note=p.note or "-")
            )
        if other.lots_seed is not None and other.lots_seed != self.lots_seed:
            log.append(change("lots", seed=other.lots_seed))
        for e in other.exclusions:
            log.append(change(excluded, number=e.start_number, reason=e.reason or "-"))
        return Decisions(
            playoffs=(*self.playoffs, *other.playoffs),
            lots_seed=other.lots_seed if other.lots_seed is not None else self.lots_seed,
            lots_source=other.lots_source if other.lots_seed is not None else self.lots_source,
            exclusions=(
                *self.exclusions,
                *(e for e in other.exclusions if e.start_number not in self.excluded),
            ),
            changes=(*log, *other.changes),
        )

    def logged(self, *lines: str) -> Decisions:
        return replace(self, changes=(*self.changes, *lines))

    def records(self) -> list[str]:
        """The decisions as TRF records (``XPO``, ``XLT``, ``XEX``, ``XCL``), in that order."""
        out = []
        for p in self.playoffs:
            note = f" ; {_one_line(p.note)}" if p.note else ""
            out.append(f"XPO {p.how.upper()} {' '.join(map(str, p.players))}{note}")
        if self.lots_seed is not None:
            out.append(f"XLT {_one_line(self.lots_seed)}")
        for e in self.exclusions:
            reason = f" ; {_one_line(e.reason)}" if e.reason else ""
            out.append(f"XEX {e.start_number}{reason}")
        out.extend(f"XCL {_one_line(line)}" for line in self.changes)
        return out

    def to_dict(self) -> JsonObject:
        """The decisions as tournament JSON (``event.decisions``)."""
        out: JsonObject = {}
        if self.playoffs:
            out["playoffs"] = [
                {"players": list(p.players), "how": p.how, "note": p.note} for p in self.playoffs
            ]
        if self.lots_seed is not None:
            out["lots_seed"] = self.lots_seed
        if self.exclusions:
            out["excluded"] = [{"start_number": e.start_number, "reason": e.reason} for e in self.exclusions]
        if self.changes:
            out["changes"] = [str(line) for line in self.changes]
        return out


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _sha256(data: bytes) -> bytes:
    """The SHA-256 digest of ``data`` (:mod:`hashlib`, loaded the first time lots are drawn)."""
    make = lazy.load("sha256")
    assert callable(make)
    digest = make(data).digest()
    assert isinstance(digest, bytes)
    return digest


def lot_key(seed: str, start_number: int) -> int:
    """The drawing-of-lots key of a player: SHA-256 of ``seed``, a line feed and the start number
    (UTF-8), read as a big-endian integer; the lower key is drawn first."""
    digest = _sha256(f"{seed}\n{start_number}".encode())
    return int.from_bytes(digest, "big")


# --------------------------------------------------------------------------------------------------
# reading


_NUMBERS = r"\d+"  # compiled by re the first time a record of decisions is read


def _numbers(text: str) -> tuple[int, ...] | None:
    items = [x for x in re.split(r"[\s,;>]+", text.strip()) if x]
    if not items or not all(re.fullmatch(_NUMBERS, x) for x in items):
        return None
    return tuple(int(x) for x in items)


def parse_record(code: str, text: str, position: Position, decisions: Decisions) -> Decisions:
    """``decisions`` with one more TRF decision record (``XPO`` ``XLT`` ``XEX`` ``XCL``; ``text`` is
    what follows the code).

    :raises InputError: for a record that does not follow its layout, at its position.
    """
    body, _, note = text.partition(";")
    note = note.strip()
    if code == "XPO":
        words = body.split(None, 1)
        how = words[0].lower() if words else ""
        players = _numbers(words[1]) if len(words) > 1 else None
        if how not in HOW or players is None or len(players) < 2 or len(set(players)) != len(players):
            raise InputError(
                msg(
                    "record XPO: expected PLAYOFF or ARBITER, then two or more different start numbers "
                    "first to last, then '; ' and a note, not {text!r}",
                    text=text.strip(),
                ),
                Position(position.path, position.line, 5),
            )
        return replace(decisions, playoffs=(*decisions.playoffs, Playoff(players, Decision(how), note, position)))
    if code == "XLT":
        seed = text.strip()
        if not seed:
            raise InputError(msg("record XLT: the seed of the drawing of lots is missing"), position)
        return replace(decisions, lots_seed=seed, lots_source=Origin.FILE)
    if code == "XEX":
        number = _numbers(body)
        if number is None or len(number) != 1:
            raise InputError(
                msg(
                    "record XEX: expected one start number, then '; ' and the reason, not {text!r}",
                    text=text.strip(),
                ),
                Position(position.path, position.line, 5),
            )
        return replace(decisions, exclusions=(*decisions.exclusions, Exclusion(number[0], note, position)))
    return replace(decisions, changes=(*decisions.changes, text.strip()))


# --------------------------------------------------------------------------------------------------
# applying


@dataclass(frozen=True)
class Decided:
    """Places a decision settled: the players (start numbers) in the order decided, from ``first``."""

    how: Decision
    first: int
    players: tuple[int, ...]
    note: str = ""
    source: Origin = Origin.FILE

    @property
    def last(self) -> int:
        return self.first + len(self.players) - 1


def decide_ties(
    order: npt.NDArray[np.int64],
    starts: npt.NDArray[np.bool_],
    sno: npt.NDArray[np.int64],
    ranked: int,
    decisions: Decisions,
    warnings: list[str] | None = None,
) -> list[Decided]:
    """Break the ties left in ``order`` (player indices; ``starts`` marks the first position of each
    group still level) by the playoffs, in the order given, then by lot; in place.

    Only the first ``ranked`` positions take part (the excluded players follow them).  A playoff's
    players must all be level after the list (one group); they take the first places of it in the
    playoff's order, and the rest of the group stays level after them.

    A playoff the tournament file records between players who are not level (under another rule
    set or list than the event's) is not applied, and ``warnings`` says so; one given as an option
    is refused.

    :raises InputError, ArgumentError: for a playoff given as an option between players who are not
        level, or naming a player who is not ranked.
    """
    decided: list[Decided] = []
    if not decisions.playoffs and decisions.lots_seed is None:
        return decided
    position_of = {int(sno[i]): k for k, i in enumerate(order.tolist())}
    for p in decisions.playoffs:
        missing = [x for x in p.players if x not in position_of or position_of[x] >= ranked]
        if missing:
            _refuse(p, msg("{how} {players}: player {number} is not ranked (no such start number, or excluded)",
                           how=p.how, players=_names(p), number=missing[0]))  # fmt: skip
        where = sorted(position_of[x] for x in p.players)
        a = _group_start(starts, where[0])
        b = _group_end(starts, a, ranked)
        if where[-1] >= b and p.source == Origin.FILE and warnings is not None:
            warnings.append(msg("{how} {players} of the file not applied: these players are not level after these tie-breaks (places {first} and {second})",
                                how=p.how, players=_names(p), first=where[0] + 1, second=where[-1] + 1))  # fmt: skip
            continue
        if where[-1] >= b:
            _refuse(p, msg("{how} {players}: these players are not level after the tie-breaks (places {first} and {second})",
                           how=p.how, players=_names(p), first=where[0] + 1, second=where[-1] + 1))  # fmt: skip
        chosen = [int(order[position_of[x]]) for x in p.players]
        rest = [i for i in order[a:b].tolist() if i not in chosen]
        order[a:b] = chosen + rest
        starts[a : a + len(chosen) + (1 if rest else 0)] = True
        for k, i in enumerate(order[a:b].tolist()):
            position_of[int(sno[i])] = a + k
        decided.append(Decided(p.how, a + 1, p.players, p.note, p.source))
    if decisions.lots_seed is not None:
        seed = decisions.lots_seed
        k = 0
        while k < ranked:
            b = _group_end(starts, k, ranked)
            if b - k > 1:
                members = order[k:b].tolist()
                members.sort(key=lambda i: lot_key(seed, int(sno[i])))
                order[k:b] = members
                starts[k:b] = True
                decided.append(Decided(Decision.LOT, k + 1, tuple(int(sno[i]) for i in members), seed,
                                       decisions.lots_source))  # fmt: skip
            k = b
    return decided


def _group_start(starts: npt.NDArray[np.bool_], k: int) -> int:
    while k > 0 and not starts[k]:
        k -= 1
    return k


def _group_end(starts: npt.NDArray[np.bool_], a: int, limit: int) -> int:
    b = a + 1
    while b < limit and not starts[b]:
        b += 1
    return b


def _names(p: Playoff) -> str:
    return ", ".join(map(str, p.players))


def _refuse(p: Playoff, message: str) -> None:
    if p.position is not None:
        raise InputError(message, p.position)
    raise ArgumentError(message)


def default_seed(parts: Sequence[str]) -> str:
    """A seed made from the event itself (name, dates, players) when none is given: the same file
    draws the same lots; the standings print it and say it was not given."""
    return _sha256("\n".join(parts).encode()).hex()[:12]


def decisions_from_data(value: object, error: Callable[[tuple[str | int, ...], str], Exception]) -> Decisions:
    """The decisions of tournament JSON (``event.decisions``, the layout of :meth:`Decisions.to_dict`);
    ``error(path, message)`` builds the error for a bad member (path relative to ``decisions``)."""
    if not isinstance(value, dict):
        raise error((), msg("expected an object with playoffs, lots_seed, excluded and changes"))
    known = {"playoffs", "lots_seed", "excluded", "changes"}
    for key in value:
        if key not in known:
            raise error(
                (key,), msg("unknown member {key!r}; known: {known}", key=key, known=", ".join(sorted(known)))
            )
    playoffs = []
    for k, item in enumerate(value.get("playoffs") or []):
        players = item.get("players") if isinstance(item, dict) else None
        how = item.get("how", "playoff") if isinstance(item, dict) else None
        if (
            not isinstance(players, list)
            or len(players) < 2
            or not all(type(x) is int and x > 0 for x in players)
            or len(set(players)) != len(players)
            or how not in HOW
        ):
            raise error(("playoffs", k), msg(
                'expected {{"players": [start numbers, first to last], "how": "playoff" or "arbiter", "note": text}}'
            ))  # fmt: skip
        playoffs.append(Playoff(tuple(players), Decision(how), str(item.get("note") or "")))
    seed = value.get("lots_seed")
    if seed is not None and (not isinstance(seed, str) or not seed.strip()):
        raise error(("lots_seed",), msg("expected the seed of the drawing of lots as a non-empty string"))
    exclusions = []
    for k, item in enumerate(value.get("excluded") or []):
        number = item.get("start_number") if isinstance(item, dict) else None
        if type(number) is not int or number <= 0:
            raise error(("excluded", k), msg('expected {{"start_number": number, "reason": text}}'))
        exclusions.append(Exclusion(number, str(item.get("reason") or "")))
    changes = value.get("changes") or []
    if not isinstance(changes, list) or not all(isinstance(x, str) for x in changes):
        raise error(("changes",), msg("expected an array of strings"))
    return Decisions(tuple(playoffs), seed, Origin.FILE, tuple(exclusions), tuple(changes))
