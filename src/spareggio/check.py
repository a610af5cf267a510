"""Checking the ranking a file declares (TRF columns 86-89, tournament JSON ``players.rank``).

:func:`check_tournament` ranks a tournament with its announced tie-break list under the rule set
that applies, and compares the result with the declared ranks; with ``infer=True`` it also tries
every rule set (and each of their documented options) against the announced list and a catalogue of
the lists programs and regulations use, to say which combination produced the declared ranking.

:func:`check_files` does the same for any number of files, folders and zip archives, in parallel
over the cores or on a Dask cluster, and streams the per-file results; :func:`write_report` turns
them into a table, JSON, CSV or an HTML page with the files that differ first.

Comparison rules:

* players declared with rank 0 or no rank are not ranked and are not compared;
* places are compared as places: the computed ranking is restricted to the players the file ranks,
  and a declared rank is right when it falls inside the player's computed place (a declared 3 and 4
  for two players level on everything are both right).
"""

from __future__ import annotations

import html
import io
import itertools
import json
import os
import pickle
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TextIO

import numpy as np

from .errors import os_reason
from .i18n import localize, msg, warning_body
from .io.registry import READERS

if TYPE_CHECKING:
    from .model import Tournament
    from .standings import Standings

__all__ = [
    "CANDIDATE_LISTS_ROUND_ROBIN",
    "CANDIDATE_LISTS_SWISS",
    "REPORT_SCHEMA",
    "STATUSES",
    "CheckOptions",
    "Source",
    "candidate_rules",
    "check_files",
    "check_source",
    "check_team_event",
    "check_tournament",
    "find_sources",
    "report_summary",
    "write_report",
]

REPORT_SCHEMA = 1
STATUSES = ("differs", "error", "agree", "no-ranks")
"""The status of a file, in the order a report lists them (the files that need a look first)."""

EXTENSIONS = tuple(dict.fromkeys(ext for reader in READERS for ext in reader.extensions))
"""What a folder or a zip archive is searched for: every extension of the reader registry."""

CANDIDATE_LISTS_SWISS: tuple[tuple[str, ...], ...] = (
    ("BH/C1", "BH", "SB"),
    ("BH/M1", "BH", "SB"),
    ("BH/M1", "BH", "PS"),
    ("BH", "BH/C1", "SB"),
    ("BH/C1", "BH", "SB", "PS"),
    ("BH/C1", "BH", "SB", "WIN"),
    ("BH/C1", "BH", "SB", "ARO"),
    ("BH/C1", "BH", "AOB"),
    ("BH/C1", "BH", "ARO"),
    ("BH/C1", "BH", "PS"),
    ("BH/C1", "BH", "WIN"),
    ("BH/C1", "BH/M1", "BH", "SB"),
    ("BH/C2", "BH/C1", "BH", "SB"),
    ("BH/M2", "BH/M1", "BH", "SB"),
    ("BH", "BH/M1", "SB"),
    ("BH", "SB", "PS"),
    ("BH", "SB", "WIN"),
    ("BH/C1", "SB", "BH"),
    ("SB", "BH/C1", "BH"),
    ("DE", "BH/C1", "BH", "SB"),
    ("DE", "WIN", "BH/C1", "BH", "SB"),
    ("BH/C1", "BH", "DE", "SB"),
    ("ARO", "BH/C1", "BH"),
    ("PS", "BH/C1", "BH"),
    ("WIN", "BH/C1", "BH", "SB"),
    ("AOB", "BH/C1", "BH"),
    ("TPR", "BH/C1", "BH"),
    ("MM", "SOLKOFF", "CUM", "OPPCUM"),
    ("MM", "SOLKOFF", "CUM", "KASHDAN"),
    ("MEDIAN", "SOLKOFF", "CUM", "OPPCUM"),
)
"""Swiss lists tried by ``--infer`` beside the file's own: FIDE's Buchholz family in its usual
orders (Cut 1, Median 1, Cut 2, Median 2), with Sonneborn-Berger, AOB, ARO, progressive score,
wins and direct encounter (club practice: Median-Buchholz, Buchholz, progressive score), and the US
Chess orders (modified median, Solkoff, cumulative,
opponents' cumulative or Kashdan)."""

CANDIDATE_LISTS_ROUND_ROBIN: tuple[tuple[str, ...], ...] = (
    ("DE", "SB", "KS", "WIN"),
    ("DE", "SB", "KS"),
    ("DE", "SB", "WIN"),
    ("DE", "WIN", "SB"),
    ("DE", "KS", "SB"),
    ("SB", "DE", "KS"),
    ("SB", "DE", "WIN"),
    ("SB", "KS", "DE"),
    ("SB", "WIN", "DE"),
    ("SB", "DE"),
    ("SB", "WIN"),
    ("DE", "SB"),
    ("SB", "KS"),
    ("KS", "SB"),
    ("WIN", "SB"),
    ("DE", "WIN", "BWG", "SB"),
)
"""Round-robin lists tried by ``--infer`` beside the file's own (C.07 Art. 15 and common practice)."""

INFERRED_SHOWN = 10
"""How many candidates a report lists (the closest first)."""


@dataclass(frozen=True)
class CheckOptions:
    """What ``spareggio check`` was asked: the same for every file of a batch."""

    tiebreaks: str | None = None
    """Used for files that announce no list of their own (records 212/202)."""
    rules: str | None = None
    after_round: int | None = None
    infer: bool = False
    lenient: bool = False


# -- one tournament -------------------------------------------------------------------------------


def _groups(s: Standings) -> np.ndarray:
    """Group number of every player (0 = first place); players level on everything share one."""
    gid = np.empty(s.order.size, dtype=np.int64)
    gid[s.order] = np.cumsum(np.append(True, s.rank[1:] != s.rank[:-1])) - 1
    return gid


def _restricted_places(gid: np.ndarray, ranked: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Computed place (first, last) of every player among the players the file ranks."""
    kept = np.sort(gid[ranked])
    first = np.searchsorted(kept, gid, side="left") + 1
    last = np.searchsorted(kept, gid, side="right")
    return first, last


def _declared(t: Tournament) -> np.ndarray:
    """Declared rank of every player, 0 for none."""
    return np.fromiter((p.rank or 0 for p in t.players), dtype=np.int64, count=t.n_players)


def _misplaced(s: Standings, declared: np.ndarray, ranked: np.ndarray) -> np.ndarray:
    """Indices of the ranked players whose declared rank is outside their computed place."""
    first, last = _restricted_places(_groups(s), ranked)
    wrong = ranked & ((declared < first) | (declared > last))
    return np.flatnonzero(wrong)


def _value(s: Standings, label: str, i: int) -> Fraction | None:
    return s.results[label].value(i)


def _number(value: Fraction | None) -> int | float | None:
    from .render.output import json_number

    return json_number(value)


def _deciding(s: Standings, a: int, b: int) -> tuple[str, Fraction | None, Fraction | None]:
    """The first criterion (points, then the list in order) on which players a and b differ."""
    frame = s.context.frame
    pa, pb = Fraction(int(frame.total[a]), frame.unit), Fraction(int(frame.total[b]), frame.unit)
    if pa != pb:
        return "PTS", pa, pb
    for label in s.labels:
        va, vb = _value(s, label, a), _value(s, label, b)
        if va != vb:
            return label, va, vb
    return "", None, None


def _mismatches(s: Standings, declared: np.ndarray, ranked: np.ndarray) -> list[dict[str, Any]]:
    """Every misplaced player, with the player he changed places with and what decides between them."""
    t = s.tournament
    gid = _groups(s)
    first, last = _restricted_places(gid, ranked)
    out: list[dict[str, Any]] = []
    wrong = _misplaced(s, declared, ranked)
    for a in wrong[np.lexsort((wrong, gid[wrong]))].tolist():
        # the partner: a ranked player whose declared order against a is the reverse of the
        # computed one, the nearest in the computed standings
        inverted = ranked & (
            ((declared < declared[a]) & (gid > gid[a])) | ((declared > declared[a]) & (gid < gid[a]))
        )
        candidates = np.flatnonzero(inverted)
        entry: dict[str, Any] = {
            "start_number": t.players[a].start_number,
            "name": t.players[a].name,
            "declared_rank": int(declared[a]),
            "computed_rank": int(first[a]),
            "computed_rank_to": int(last[a]),
            "points": _number(Fraction(int(s.context.frame.total[a]), s.context.frame.unit)),
            "swapped_with": None,
            "decided_by": None,
            "values": {},
        }
        if candidates.size:
            b = int(candidates[np.argmin(np.abs(gid[candidates] - gid[a]) * 100000 + candidates)])
            label, va, vb = _deciding(s, a, b)
            sa, sb = t.players[a].start_number, t.players[b].start_number
            entry["swapped_with"] = sb
            entry["decided_by"] = label or None
            if label:
                entry["values"] = {str(sa): _number(va), str(sb): _number(vb)}
        out.append(entry)
    return out


def candidate_rules() -> list[str]:
    """Every rule set, then each with one documented option changed (``fide-2026:vur=score``)."""
    from .rules import RULESETS

    names: list[str] = list(RULESETS)
    for rules in RULESETS.values():
        for option in rules.options:
            for choice in option.choices:
                if choice != option.default:
                    names.append(f"{rules.name}:{option.key}={choice}")
    return names


def _candidate_lists(t: Tournament, announced: tuple[str, ...]) -> list[tuple[str, ...]]:
    from .tiebreaks import TIEBREAKS

    catalogue = CANDIDATE_LISTS_ROUND_ROBIN if t.is_round_robin else CANDIDATE_LISTS_SWISS
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[str, ...]] = []
    for lst in (announced, *catalogue):
        key = tuple(x.upper() for x in lst)
        if key in seen or not all(x.split("/")[0].upper() in TIEBREAKS for x in lst):
            continue
        seen.add(key)
        out.append(lst)
    return out


def _infer(
    t: Tournament, s: Standings, declared: np.ndarray, ranked: np.ndarray, after_round: int | None
) -> list[dict[str, Any]]:
    """Every candidate (rule set × list), ordered by the number of players it misplaces; the
    announced list and the rule set that applies come first among equals."""
    from .standings import rank_lists

    announced = tuple(s.labels)
    rules_names = candidate_rules()
    applied = s.rules.label
    rules_names.sort(key=lambda r: r != applied)
    pairs = [(r, lst) for lst in _candidate_lists(t, announced) for r in rules_names]
    ranked_all = rank_lists(t, pairs, after_round)
    found = []
    for n, ((rules, lst), cand) in enumerate(zip(pairs, ranked_all, strict=True)):
        wrong = int(_misplaced(cand, declared, ranked).size)
        found.append((wrong, lst != announced, cand.rules.label != applied, n, cand.rules.label, lst))
    found.sort()
    return [
        {"rules": label, "tiebreaks": list(lst), "mismatches": wrong} for wrong, _, _, _, label, lst in found
    ]


def _text_value(value: object) -> str:
    if value is None:
        return "none"
    return f"{value:g}" if isinstance(value, float) else str(value)


def inferred_text(entry: dict[str, Any], lang: str = "en") -> str:
    """The inference of one checked file in words, in ``lang`` (the report's field is English)."""
    inferred = entry["inferred"]
    if not inferred:
        return ""
    best = inferred[0]
    applied, announced = entry["rules"], ", ".join(entry["tiebreaks"])
    lst = ", ".join(best["tiebreaks"])
    if best["mismatches"] == 0:
        exact = len([c for c in inferred if c["mismatches"] == 0]) - 1
        text = _tr(lang, "the declared ranking is exactly what {rules} gives with {tiebreaks}", rules=best["rules"],
                   tiebreaks=lst)  # fmt: skip
        if exact == 1:
            text += _tr(lang, " (and {n} other combination)", n=exact)
        elif exact > 1:
            text += _tr(lang, " (and {n} other combinations)", n=exact)
    else:
        n = best["mismatches"]
        if n == 1:
            text = _tr(lang, "no candidate reproduces the declared ranking; the closest is {rules} with {tiebreaks}, which misplaces {n} player", rules=best["rules"], tiebreaks=lst, n=n)  # fmt: skip
        else:
            text = _tr(lang, "no candidate reproduces the declared ranking; the closest is {rules} with {tiebreaks}, which misplaces {n} players", rules=best["rules"], tiebreaks=lst, n=n)  # fmt: skip
    if best["rules"] == applied and best["tiebreaks"] == entry["tiebreaks"]:
        return text
    mism = entry["mismatches"]
    if not mism:
        return _tr(lang, "{text}; {rules} with {tiebreaks}, which applies to this file, agrees too", text=text,
                   rules=applied, tiebreaks=announced)  # fmt: skip
    first = mism[0]
    if first["swapped_with"]:
        change = _tr(
            lang, "players {a} and {b} change places", a=first["start_number"], b=first["swapped_with"]
        )
    else:
        change = _tr(lang, "player {a} is misplaced", a=first["start_number"])
    if first["decided_by"]:
        values = list(first["values"].values())
        if len(values) == 2:
            change += _tr(lang, " ({tiebreak} decides: {a} against {b})", tiebreak=first["decided_by"],
                          a=_text_value(values[0]), b=_text_value(values[1]))  # fmt: skip
    more = len(mism) - 1
    if more == 1:
        change += _tr(lang, ", and {n} more player misplaced", n=more)
    elif more > 1:
        change += _tr(lang, ", and {n} more players misplaced", n=more)
    return _tr(lang, "{text}; under {rules} with {tiebreaks}, which applies to this file, {change}", text=text,
               rules=applied, tiebreaks=announced, change=change)  # fmt: skip


def check_tournament(
    t: Tournament, options: CheckOptions = CheckOptions(), *, name: str | None = None
) -> dict[str, Any]:
    """Check the declared ranking of one tournament; the entry of the report (schema 1) as data."""
    from .standings import standings

    tiebreaks = None if t.tiebreak_list is not None else options.tiebreaks
    s = standings(t, tiebreaks, options.rules, options.after_round)
    return _entry(t, s, options, name, infer=True)


def check_team_event(
    ev: Any, options: CheckOptions = CheckOptions(), *, name: str | None = None
) -> dict[str, Any]:
    """Check the team ranks a team file declares (record 310, columns 69-71) against the team
    standings; ``--infer`` is for individual events (the entry says so in its warnings)."""
    from .teams import team_standings

    tiebreaks = None if ev.players.tiebreak_list is not None else options.tiebreaks
    s = team_standings(ev, tiebreaks, options.rules, options.after_round)
    entry = _entry(s.tournament, s, options, name, infer=False)
    entry["team_event"] = True
    if options.infer:
        entry["warnings"].append("--infer tries individual rule sets and lists: not applied to a team event")
    return entry


def _entry(
    t: Tournament, s: Standings, options: CheckOptions, name: str | None, *, infer: bool
) -> dict[str, Any]:
    declared = _declared(t)
    ranked = declared > 0
    entry: dict[str, Any] = {
        "file": name if name is not None else t.name,
        "status": "no-ranks",
        "name": t.name,
        "rules": s.rules.label,
        "rules_reason": s.rules_reason,
        "rules_warning": s.rules_warning,
        "tiebreaks": list(s.labels),
        "tiebreaks_source": s.tiebreaks_source,
        "after_round": s.after_round,
        "players": t.n_players,
        "ranked": int(ranked.sum()),
        "mismatches": [],
        "inferred": [],
        "inferred_text": "",
        "warnings": [str(w) for w in t.warnings] + list(s.warnings),
        "error": None,
    }
    if not ranked.any():
        return entry
    entry["mismatches"] = _mismatches(s, declared, ranked)
    entry["status"] = "differs" if entry["mismatches"] else "agree"
    if options.infer and infer:
        candidates = _infer(t, s, declared, ranked, options.after_round)
        entry["inferred_count"] = len(candidates)
        entry["inferred"] = candidates[:INFERRED_SHOWN]
        entry["inferred_text"] = inferred_text(entry)
    return entry


def error_entry(name: str, message: str) -> dict[str, Any]:
    """The report entry of a file that could not be checked."""
    return {
        "file": name,
        "status": "error",
        "name": None,
        "rules": None,
        "rules_reason": None,
        "rules_warning": None,
        "tiebreaks": [],
        "tiebreaks_source": None,
        "after_round": None,
        "players": None,
        "ranked": None,
        "mismatches": [],
        "inferred": [],
        "inferred_text": "",
        "warnings": [],
        "error": message,
    }


# -- sources --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """One tournament file to check: a path, or a member of a zip archive."""

    name: str
    """As the report shows it: the path, or ``archive.zip!member``."""
    path: str
    member: str | None = None

    def read(self) -> bytes:
        from .errors import ArgumentError
        from .io import size_limit

        limit = size_limit(self.member or self.path)
        try:
            if self.member is None:
                size = os.stat(self.path).st_size
                if size > limit:
                    raise ArgumentError(
                        msg(
                            "{name}: the file has {size} bytes, more than {limit}",
                            name=self.name,
                            size=size,
                            limit=limit,
                        )
                    )
                with open(self.path, "rb") as handle:
                    return handle.read()
            with zipfile.ZipFile(self.path) as archive:
                info = archive.getinfo(self.member)
                if info.file_size > limit:
                    raise ArgumentError(
                        msg(
                            "{name}: the member has {file_size} bytes, more than {limit}",
                            name=self.name,
                            file_size=info.file_size,
                            limit=limit,
                        )
                    )
                return archive.read(info)
        except (OSError, zipfile.BadZipFile, KeyError) as exc:
            reason = os_reason(exc)
            raise ArgumentError(
                msg("{name}: cannot read the file ({reason})", name=self.name, reason=reason)
            ) from None


def _wanted(name: str) -> bool:
    return name.lower().endswith(EXTENSIONS)


def find_sources(paths: Iterable[str]) -> Iterator[Source | tuple[str, str]]:
    """The files to check, in a stable order: each file as given, folders searched recursively
    (sorted, for ``*.trf``, ``*.txt`` and ``*.json``), zip archives member by member.

    A path that cannot be used yields ``(path, message)``, which becomes an ``error`` row.
    """
    for path in paths:
        if os.path.isdir(path):
            for folder, dirs, files in os.walk(path):
                dirs.sort()
                for f in sorted(files):
                    full = os.path.join(folder, f)
                    if f.lower().endswith(".zip"):
                        yield from _zip_members(full)
                    elif _wanted(f):
                        yield Source(full, full)
        elif path.lower().endswith(".zip") and os.path.isfile(path):
            yield from _zip_members(path)
        elif os.path.exists(path):
            yield Source(path, path)
        else:
            yield (path, msg("{path}: no such file or folder", path=path))


def _zip_members(path: str) -> Iterator[Source | tuple[str, str]]:
    try:
        with zipfile.ZipFile(path) as archive:
            names = sorted(i.filename for i in archive.infolist() if not i.is_dir() and _wanted(i.filename))
    except (OSError, zipfile.BadZipFile) as exc:
        yield (path, msg("{path}: not a readable zip archive ({reason})", path=path, reason=str(exc)))
        return
    for member in names:
        yield Source(f"{path}!{member}", path, member)


# -- checking files -------------------------------------------------------------------------------


def check_source(name: str, data: bytes, options: CheckOptions) -> dict[str, Any]:
    """Read and check one file's content; any input problem becomes an ``error`` entry."""
    from .errors import SpareggioError

    try:
        from .io import ReadOptions, parse_event
        from .teams import TeamEvent

        event = parse_event(data, name, options=ReadOptions(lenient=options.lenient))
        if isinstance(event, TeamEvent):
            return check_team_event(event, options, name=name)
        return check_tournament(event, options, name=name)
    except SpareggioError as exc:
        return error_entry(name, exc.text())
    except RecursionError:
        return error_entry(name, msg("{name}: the file is nested too deeply to read", name=name))


def _check_one(item: Source | tuple[str, str], options: CheckOptions) -> dict[str, Any]:
    from .errors import SpareggioError

    if isinstance(item, tuple):
        return error_entry(*item)
    try:
        data = item.read()
    except SpareggioError as exc:
        return error_entry(item.name, exc.text())
    return check_source(item.name, data, options)


def _check_chunk(items: list[tuple[str, bytes]], options: CheckOptions) -> list[dict[str, Any]]:
    """A task of the cluster: files sent with the task, checked on the worker."""
    return [check_source(name, data, options) for name, data in items]


def _local(
    sources: Iterable[Source | tuple[str, str]], options: CheckOptions, jobs: int
) -> Iterator[dict[str, Any]]:
    it = iter(sources)
    head = list(itertools.islice(it, 2))
    if jobs <= 1 or len(head) < 2:
        for item in itertools.chain(head, it):
            yield _check_one(item, options)
        return
    sources = itertools.chain(head, it)
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    window = jobs * 8
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[dict[str, Any]]] = set()
        for item in sources:
            pending.add(pool.submit(_check_one, item, options))
            if len(pending) >= window:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
        for f in _as_done(pending):
            yield f.result()


def _as_done(pending: set[Any]) -> Iterator[Any]:
    from concurrent.futures import as_completed

    yield from as_completed(pending)


CHUNK_FILES = 16
"""Files per cluster task: enough to make a task worth its scheduling, few enough to spread."""


def _chunks(
    sources: Iterable[Source | tuple[str, str]], size: int
) -> Iterator[tuple[list[tuple[str, bytes]], list[dict[str, Any]]]]:
    """Groups of (name, content) to send, with the error rows of the files that could not be read."""
    from .errors import SpareggioError

    batch: list[tuple[str, bytes]] = []
    errors: list[dict[str, Any]] = []
    for item in sources:
        if isinstance(item, tuple):
            errors.append(error_entry(*item))
        else:
            try:
                batch.append((item.name, item.read()))
            except SpareggioError as exc:
                errors.append(error_entry(item.name, exc.text()))
        if len(batch) >= size or len(errors) >= size:
            yield batch, errors
            batch, errors = [], []
    if batch or errors:
        yield batch, errors


def _on_cluster(
    sources: Iterable[Source | tuple[str, str]], options: CheckOptions, scheduler: str
) -> Iterator[dict[str, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        from .errors import ArgumentError

        raise ArgumentError(
            msg('--scheduler needs Dask distributed: pip install "spareggio[dask]"')
        ) from None
    from .errors import ArgumentError

    _reachable(scheduler)
    try:
        client = Client(scheduler, timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        raise ArgumentError(
            msg("cannot reach the Dask scheduler at {scheduler} ({exc})", scheduler=scheduler, exc=exc)
        ) from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        window = workers * 4
        running = as_completed()  # type: ignore[no-untyped-call]
        inflight = 0
        for batch, errors in _chunks(sources, CHUNK_FILES):
            yield from errors
            if batch:
                running.add(client.submit(_check_chunk, batch, options, pure=False))  # type: ignore[no-untyped-call]
                inflight += 1
            while inflight >= window:
                future = next(running)
                inflight -= 1
                yield from future.result()
                future.release()
        for future in running:
            yield from future.result()
            future.release()
    finally:
        client.close()  # type: ignore[no-untyped-call]


def _reachable(address: str) -> None:
    """Fail fast, in one line, when nothing listens at a ``tcp://host:port`` scheduler address."""
    import socket

    from .errors import ArgumentError

    rest = address.split("://", 1)[-1]
    host, sep, port = rest.rpartition(":")
    if not sep or not (port.isascii() and port.isdigit()):
        raise ArgumentError(
            msg("--scheduler wants an address like tcp://host:8786, not {address!r}", address=address)
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as exc:
        raise ArgumentError(
            msg(
                "cannot reach the Dask scheduler at {address} ({value})",
                address=address,
                value=os_reason(exc),
            )
        ) from None


def check_files(
    paths: Iterable[str],
    options: CheckOptions = CheckOptions(),
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    sources: Iterable[Source | tuple[str, str]] | None = None,
) -> Iterator[dict[str, Any]]:
    """Check every file found in ``paths`` (see :func:`find_sources`); yields one report entry per
    file as it is done (in completion order when running in parallel).  Memory stays bounded: a
    fixed number of files is in flight at any time.

    :param jobs: worker processes on this machine (default: every core; 1 = in this process).
    :param scheduler: the address of a Dask distributed scheduler; the files are read here and
        sent with the tasks, so the workers need no access to them.
    """
    items = sources if sources is not None else find_sources(paths)
    if scheduler:
        return _on_cluster(items, options, scheduler)
    return _local(items, options, jobs if jobs is not None else (os.cpu_count() or 1))


# -- reports --------------------------------------------------------------------------------------


@dataclass
class Spool:
    """The per-file entries of a batch kept on disk, so that the report can list the files that
    differ first without holding the batch in memory.  Entries are pickled: their sentences keep
    their templates (:class:`~spareggio.i18n.Text`) and are said in the report's language."""

    handle: Any = field(default_factory=lambda: tempfile.TemporaryFile("w+b"))  # noqa: SIM115
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))

    def add(self, entry: dict[str, Any]) -> None:
        pickle.dump(entry, self.handle, protocol=pickle.HIGHEST_PROTOCOL)
        self.counts[entry["status"]] += 1

    def entries(self, status: str) -> Iterator[dict[str, Any]]:
        self.handle.seek(0)
        while True:
            try:
                entry = pickle.load(self.handle)  # written by this process
            except EOFError:
                return
            if entry["status"] == status:
                yield entry

    def ordered(self) -> Iterator[dict[str, Any]]:
        for status in STATUSES:
            yield from self.entries(status)

    def close(self) -> None:
        self.handle.close()


def report_summary(counts: dict[str, int], seconds: float) -> dict[str, Any]:
    return {
        "files": sum(counts.values()),
        "agree": counts.get("agree", 0),
        "differs": counts.get("differs", 0),
        "no-ranks": counts.get("no-ranks", 0),
        "error": counts.get("error", 0),
        "seconds": round(seconds, 3),
    }


def _json_report(
    entries: Iterable[dict[str, Any]], summary: dict[str, Any], out: TextIO, lang: str = "en"
) -> None:
    out.write(f'{{\n  "schema": {REPORT_SCHEMA},\n  "files": [')
    first = True
    for entry in entries:
        out.write(("\n" if first else ",\n") + _indent(json.dumps(entry, ensure_ascii=False, indent=2), 4))
        first = False
    out.write(("\n  ]" if not first else "]") + ',\n  "summary": ')
    out.write(_indent(json.dumps(summary, indent=2), 2).lstrip() + "\n}\n")


def _indent(text: str, n: int) -> str:
    pad = " " * n
    return "\n".join(pad + line for line in text.splitlines())


def _tr(lang: str, message: str, **values: object) -> str:
    from .i18n import translate

    return translate(lang, message, "check").format(**values)


def _mismatch_words(m: dict[str, Any], lang: str = "en") -> str:
    computed = (
        str(m["computed_rank"])
        if m["computed_rank"] == m["computed_rank_to"]
        else f"{m['computed_rank']}-{m['computed_rank_to']}"
    )
    text = _tr(
        lang, "{sno} {name}: declared {declared}, computed {computed}",
        sno=m["start_number"], name=m["name"], declared=m["declared_rank"], computed=computed,
    )  # fmt: skip
    if m["swapped_with"] is not None:
        text += _tr(lang, "; against {other}", other=m["swapped_with"])
        if m["decided_by"]:
            a, b = list(m["values"].values())
            text += _tr(
                lang, ", {tiebreak} decides: {a} against {b}",
                tiebreak=m["decided_by"], a=_text_value(a), b=_text_value(b),
            )  # fmt: skip
    return text


def _table_report(
    entries: Iterable[dict[str, Any]], summary: dict[str, Any], out: TextIO, lang: str = "en"
) -> None:
    for e in entries:
        status = e["status"]
        word = _tr(lang, status)
        if status == "error":
            out.write(f"{word:<9} {localize(e['error'], lang)}\n")
            continue
        out.write(f"{word:<9} {e['file']}  ({e['rules']}; {', '.join(e['tiebreaks'])})\n")
        if e.get("rules_warning"):
            out.write(
                "          "
                + _tr(lang, "warning: {text}", text=warning_body(e["rules_warning"], lang))
                + "\n"
            )
        out.writelines(f"          {_mismatch_words(m, lang)}\n" for m in e["mismatches"])
        if e["inferred_text"]:
            out.write("          " + _tr(lang, "inferred: {text}", text=inferred_text(e, lang)) + "\n")
    out.write(summary_words(summary, lang) + f" ({summary['seconds']} s)\n")


def summary_words(summary: dict[str, Any], lang: str = "en") -> str:
    """``3 files: 1 agrees, 1 differs, 0 without ranks, 1 error``."""
    n, agree, differs, errors = summary["files"], summary["agree"], summary["differs"], summary["error"]
    if lang != "en":
        return _tr(
            lang, "{n} files: {agree} agree, {differs} differ, {noranks} without ranks, {errors} errors",
            n=n, agree=agree, differs=differs, noranks=summary["no-ranks"], errors=errors,
        )  # fmt: skip
    return (
        f"{n} file{'s' if n != 1 else ''}: {agree} agree{'s' if agree == 1 else ''}, "
        f"{differs} differ{'s' if differs == 1 else ''}, {summary['no-ranks']} without ranks, "
        f"{errors} error{'s' if errors != 1 else ''}"
    )


CSV_COLUMNS = (
    "file", "status", "rules", "tiebreaks", "start_number", "name", "declared_rank",
    "computed_rank", "points", "swapped_with", "decided_by", "values", "inferred", "error",
)  # fmt: skip


def _csv_report(
    entries: Iterable[dict[str, Any]], summary: dict[str, Any], out: TextIO, lang: str = "en"
) -> None:
    import csv

    from .render.output import safe_cell

    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)

    def row(e: dict[str, Any], m: dict[str, Any] | None) -> list[object]:
        cells: list[object] = [
            e["file"], e["status"], e["rules"] or "", ",".join(e["tiebreaks"]),
        ]  # fmt: skip
        if m is None:
            cells += ["", "", "", "", "", "", "", ""]
        else:
            cells += [
                m["start_number"], m["name"], m["declared_rank"], m["computed_rank"],
                _text_value(m["points"]), m["swapped_with"] or "", m["decided_by"] or "",
                " ".join(f"{k}={_text_value(v)}" for k, v in m["values"].items()),
            ]  # fmt: skip
        cells += [inferred_text(e, lang), localize(e["error"], lang) if e["error"] else ""]
        return [safe_cell(c) if isinstance(c, str) else c for c in cells]

    for e in entries:
        if e["mismatches"]:
            for m in e["mismatches"]:
                writer.writerow(row(e, m))
        else:
            writer.writerow(row(e, None))


def _html_report(
    entries: Iterable[dict[str, Any]], summary: dict[str, Any], out: TextIO, lang: str = "en"
) -> None:
    esc = html.escape
    out.write(
        f'<!DOCTYPE html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">'
        "<title>spareggio check</title><style>"
        "body{font-family:system-ui,sans-serif;margin:1.5em;color:#111}"
        "table{border-collapse:collapse;margin:.3em 0 1em}th,td{border:1px solid #999;padding:.2em .5em}"
        "th{background:#eee}.differs{color:#a40000}.error{color:#7a3e00}.agree{color:#075e00}"
        "@media print{thead{display:table-header-group}}"
        f"</style></head><body>\n<h1>{esc(_tr(lang, 'Declared rankings checked'))}</h1>\n"
    )
    out.write(f"<p>{esc(summary_words(summary, lang))}.</p>\n")
    for e in entries:
        status = e["status"]
        out.write(f'<section><h2 class="{esc(status)}">{esc(_tr(lang, status))}: {esc(e["file"])}</h2>\n')
        if status == "error":
            out.write(f"<p>{esc(localize(e['error'] or '', lang))}</p></section>\n")
            continue
        out.write(
            f"<p>{esc(e['name'] or '')} — {esc(e['rules'] or '')}; {esc(', '.join(e['tiebreaks']))}</p>\n"
        )
        if e.get("rules_warning"):
            out.write(
                f"<p><strong>{esc(_tr(lang, 'warning: {text}', text=warning_body(e['rules_warning'], lang)))}</strong></p>\n"
            )
        if e["mismatches"]:
            heads = ("No.", "Name", "Declared", "Computed", "Points", "Against", "Decided by", "Values")
            cells = "".join(f'<th scope="col">{esc(_tr(lang, h))}</th>' for h in heads)
            out.write(f"<table><thead><tr>{cells}</tr></thead><tbody>\n")
            for m in e["mismatches"]:
                values = ", ".join(f"{k}: {_text_value(v)}" for k, v in m["values"].items())
                out.write(
                    f"<tr><td>{m['start_number']}</td><td>{esc(m['name'])}</td><td>{m['declared_rank']}</td>"
                    f"<td>{m['computed_rank']}</td><td>{esc(_text_value(m['points']))}</td>"
                    f"<td>{esc(str(m['swapped_with'] or ''))}</td><td>{esc(m['decided_by'] or '')}</td>"
                    f"<td>{esc(values)}</td></tr>\n"
                )
            out.write("</tbody></table>\n")
        if e["inferred_text"]:
            out.write(f"<p>{esc(_tr(lang, 'inferred: {text}', text=inferred_text(e, lang)))}</p>\n")
        out.write("</section>\n")
    out.write("</body></html>\n")


REPORT_FORMATS: dict[str, Callable[[Iterable[dict[str, Any]], dict[str, Any], TextIO, str], None]] = {
    "table": _table_report,
    "json": _json_report,
    "csv": _csv_report,
    "html": _html_report,
}


def write_report(
    entries: Iterable[dict[str, Any]], summary: dict[str, Any], fmt: str, out: TextIO, lang: str = "en"
) -> None:
    """Write a report of checked files (entries in the order to show) in ``fmt``; the words of the
    table and the page in ``lang`` (JSON and CSV keep their codes)."""
    REPORT_FORMATS[fmt](entries, summary, out, lang)


def report_text(
    entries: Sequence[dict[str, Any]], fmt: str = "json", seconds: float = 0.0, lang: str = "en"
) -> str:
    """The report of a few entries as text (the files that differ first)."""
    ordered = sorted(entries, key=lambda e: STATUSES.index(e["status"]))
    counts = dict.fromkeys(STATUSES, 0)
    for e in entries:
        counts[e["status"]] += 1
    buffer = io.StringIO()
    write_report(ordered, report_summary(counts, seconds), fmt, buffer, lang)
    return buffer.getvalue()


def run_batch(
    results: Iterable[dict[str, Any]],
    fmt: str,
    out: TextIO,
    *,
    started: float,
    progress: Callable[[dict[str, Any]], None] | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """Spool the entries as they come, then write the report; returns the summary."""
    spool = Spool()
    try:
        for entry in results:
            spool.add(entry)
            if progress is not None:
                progress(entry)
        summary = report_summary(spool.counts, time.perf_counter() - started)
        write_report(spool.ordered(), summary, fmt, out, lang)
        return summary
    finally:
        spool.close()
