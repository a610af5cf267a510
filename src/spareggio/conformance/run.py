"""A conformance run: N generated tournaments (or a folder of TRF files) put through an engine, in
parallel processes or on Dask, with a journal that lets an interrupted run go on where it stopped.

The journal (``journal.jsonl`` in the output folder) holds one line per finished tournament; a run
started again with the same folder skips the files the journal already has.  Each line is written
whole and flushed, so an interruption loses at most the tournaments under way.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import field, replace
from pathlib import Path

import numpy as np

from ..base.classes import dataclass
from ..base.i18n import Field
from ..check.dask import connect, dask_module, local_cluster
from ..core.programs import find_program
from ..generator import ByeRates, GeneratorOptions, PairingFailed, PairingSystem, ResultRates, generate_event
from ..io.output import write_atomic
from .compare import Difference, FileResult, compare_file
from .engines import make_engine

__all__ = ["Plan", "RunSummary", "generate_set", "plan", "run_conformance", "summarize"]

TIEBREAK_LISTS = {
    "swiss": (("BH/C1", "BH", "SB", "DE", "WIN"), ("BH/C2", "BH/C1", "BH", "STD", "BPG"),
              ("DE", "BH/M1", "SB/C1", "WON", "REP"), ("ARO", "TPR", "BH", "KS", "PS")),
    "round robin": (("DE", "SB", "WIN", "KS"), ("SB", "WON", "BPG", "BWG"), ("DE", "REP", "STD", "SB")),
    "team swiss": (("GPTS", "BH:MP/C1", "EMGSB"), ("GPTS", "EDE", "BH:MP")),
    "team round robin": (("GPTS", "EDE", "EMGSB"), ("EDE", "GPTS", "EMMSB")),
}  # fmt: skip
"""The lists of record 212 the planned tournaments draw from."""

DATES = (_dt.date(2025, 9, 1), _dt.date(2026, 6, 1))
"""Start dates: one under the 2024 text (fide-2024), one under the 2026 text (fide-2026)."""


@dataclass(frozen=True)
class Plan:
    """One tournament of a run: the file's name and the generator options."""

    name: str
    options: GeneratorOptions


def plan(count: int, seed: int = 0) -> list[Plan]:
    """``count`` varied tournaments: individual Swiss (a third of them with many irregular rounds, some
    Baku), round robins (single, double and unfinished), team Swiss and team round robins, half under
    each rule version."""
    rng = np.random.default_rng(seed)
    out: list[Plan] = []
    for k in range(count):
        kind = ("swiss", "swiss", "swiss", "round robin", "team swiss", "team round robin")[k % 6]
        date = DATES[(k // 6) % 2]
        busy = rng.random() < 0.35
        byes = ByeRates(full=0.01, half=0.05, zero=0.03) if busy else ByeRates(full=0.0, half=0.02, zero=0.01)
        results = ResultRates(
            draw=float(rng.uniform(0.15, 0.45)),
            forfeit=0.06 if busy else 0.01,
            double_forfeit_share=0.3 if busy else 0.1,
            unusual=0.02 if busy else 0.0,
        )
        lists = TIEBREAK_LISTS[kind]
        tiebreaks = lists[int(rng.integers(len(lists)))]
        tseed = seed * 1_000_003 + k
        if kind == "swiss":
            players = int(rng.integers(8, 31))
            rounds = int(rng.integers(5, 10))
            o = GeneratorOptions(players, min(rounds, players - 1), tseed, byes=byes, results=results,
                                 withdrawal=0.05 if busy else 0.0, baku=bool(rng.random() < 0.15),
                                 tiebreaks=tiebreaks, start_date=date)  # fmt: skip
        elif kind == "round robin":
            players = int(rng.integers(4, 11))
            cycle = players - 1 if players % 2 == 0 else players
            rounds = int(rng.choice([cycle, 2 * cycle, max(1, cycle - int(rng.integers(1, 3)))]))
            o = GeneratorOptions(players, rounds, tseed, system=PairingSystem.ROUND_ROBIN, results=results,
                                 tiebreaks=tiebreaks, start_date=date)  # fmt: skip
        elif kind == "team swiss":
            teams = int(rng.integers(6, 15))
            o = GeneratorOptions(teams, int(rng.integers(4, 8)), tseed, boards=4, results=results,
                                 tiebreaks=tiebreaks, start_date=date)  # fmt: skip
        else:
            teams = int(rng.integers(4, 9))
            cycle = teams - 1 if teams % 2 == 0 else teams
            o = GeneratorOptions(teams, cycle, tseed, system=PairingSystem.ROUND_ROBIN, boards=4,
                                 results=results, tiebreaks=tiebreaks, start_date=date)  # fmt: skip
        out.append(Plan(f"t{k:06d}.trf", o))
    return out


def generate_set(count: int, folder: Path, seed: int = 0, jobs: int = 1) -> list[Path]:
    """Write the tournaments of :func:`plan` into ``folder`` (existing files are kept: a resumed run
    writes only what is missing), in ``jobs`` processes."""
    folder.mkdir(parents=True, exist_ok=True)
    plans = plan(count, seed)
    missing = [(str(folder / p.name), p.options) for p in plans if not (folder / p.name).exists()]
    if jobs <= 1:
        for path, options in missing:
            _write_one(path, options)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for _ in pool.map(_write_one, *zip(*missing, strict=True), chunksize=16) if missing else ():
                pass
    return [folder / p.name for p in plans]


def _write_one(path: str, options: GeneratorOptions) -> None:
    write_atomic(path, _generated(options))


def _generated(o: GeneratorOptions) -> str:
    """The file of ``o``; when the Dutch engine cannot pair a late round of a small field, the same
    tournament with one round fewer (the planned size is a draw, not a promise)."""
    while True:
        try:
            return generate_event(o).text
        except PairingFailed:
            if o.rounds <= 2:
                raise
            o = replace(o, rounds=o.rounds - 1)


@dataclass
class RunSummary:
    """The ``summary`` of a report."""

    tournaments: int = 0
    failed: int = 0
    ranks_compared: int = 0
    values_compared: int = 0
    ranks_differing: int = 0
    values_differing: int = 0
    explained: int = 0
    unexplained: int = 0
    by_class: dict[str, int] = field(default_factory=dict)
    """``departure: gacrux: de-unmet=order`` / ``reading: std-double-forfeit`` / ``unexplained`` -> count."""
    by_rules: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.unexplained == 0 and self.failed == 0


def summarize(results: list[FileResult], seconds: float = 0.0) -> RunSummary:
    s = RunSummary(seconds=seconds)
    for r in results:
        s.tournaments += 1
        s.failed += bool(r.error)
        s.by_rules[r.rules] = s.by_rules.get(r.rules, 0) + 1
        s.by_kind[r.kind] = s.by_kind.get(r.kind, 0) + 1
        s.ranks_compared += r.ranks_compared
        s.values_compared += r.values_compared
        s.ranks_differing += r.ranks_differing
        s.values_differing += r.values_differing
        for d in r.differences:
            key = d.cls if d.cls == "unexplained" else f"{d.cls}: {d.reason}"
            s.by_class[key] = s.by_class.get(key, 0) + 1
            if d.cls == "unexplained":
                s.unexplained += 1
            else:
                s.explained += 1
    return s


def _one(path: str, engine_spec: str, python: str | None, profile: str | None) -> dict[str, object]:
    """One tournament as a row of the journal; whatever goes wrong is the row's error, and the run goes on."""
    engine = make_engine(engine_spec, python=python)
    program = find_program(profile) if profile else None
    try:
        return compare_file(Path(path), engine, program).to_json()
    except Exception as exc:  # noqa: BLE001 - a row of the report, never the end of the run
        return FileResult(path, "", "", error=f"{type(exc).__name__}: {exc}").to_json()


def _journal(path: Path) -> dict[str, dict[str, object]]:
    done: dict[str, dict[str, object]] = {}
    if not path.exists():
        return done
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            try:
                row = json.loads(line)
            except ValueError:
                continue  # a line cut by the interruption: its tournament runs again
            if isinstance(row, dict) and isinstance(row.get("file"), str):
                done[row["file"]] = row
    return done


def _from_json(row: dict[str, object]) -> FileResult:
    diffs = row.get("differences", [])
    fields = {k: v for k, v in row.items() if k != "differences"}
    result = FileResult(**fields)  # type: ignore[arg-type]
    result.differences = [Difference(**d) for d in diffs] if isinstance(diffs, list) else []
    return result


def run_conformance(
    paths: list[Path],
    engine: str,
    journal: Path,
    *,
    jobs: int = 1,
    python: str | None = None,
    profile: str | None = None,
    dask: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[FileResult]:
    """Every file through ``engine``; the results in the order of ``paths``.  Files the journal already
    has are not run again."""
    done = _journal(journal)
    todo = [str(p) for p in paths if str(p) not in done]
    journal.parent.mkdir(parents=True, exist_ok=True)
    with journal.open("a", encoding="utf-8") as fh:

        def record(row: dict[str, object]) -> None:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            fh.flush()
            done[str(row["file"])] = row
            if progress is not None:
                progress(len(done), len(paths))

        for row in _rows(todo, engine, python, profile, jobs, dask):
            record(row)
    return [_from_json(done[str(p)]) for p in paths if str(p) in done]


def _rows(
    todo: list[str], engine: str, python: str | None, profile: str | None, jobs: int, dask: str | None
) -> Iterator[dict[str, object]]:
    if dask is not None:
        yield from _dask_rows(todo, engine, python, profile, dask, jobs)
        return
    if jobs <= 1:
        for path in todo:
            yield _one(path, engine, python, profile)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[dict[str, object]]] = set()
        queue = iter(todo)
        for path in queue:
            pending.add(pool.submit(_one, path, engine, python, profile))
            if len(pending) >= 4 * jobs:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    yield f.result()
        for f in pending:
            yield f.result()


CHUNK = 16
"""Tournaments per Dask task."""


def _chunk(paths: list[str], engine: str, python: str | None, profile: str | None) -> list[dict[str, object]]:
    """A task of the cluster: a few files (the workers read them: a shared folder, or a local cluster)."""
    return [_one(path, engine, python, profile) for path in paths]


def _dask_rows(
    todo: list[str], engine: str, python: str | None, profile: str | None, address: str, workers: int
) -> Iterator[dict[str, object]]:
    distributed = dask_module(Field.DASK)
    cluster = None
    if address == "local":
        cluster = local_cluster(workers, Field.DASK)
        client = distributed.Client(cluster)
    else:
        client = connect(address, Field.DASK)
    try:
        chunks = [todo[k : k + CHUNK] for k in range(0, len(todo), CHUNK)]
        futures = {client.submit(_chunk, c, engine, python, profile, pure=False): c for c in chunks}
        for future in distributed.as_completed(list(futures)):
            try:
                rows = future.result()
            except Exception as exc:  # noqa: BLE001 - a lost task is its files' error rows
                rows = [
                    FileResult(path, "", "", error=f"the cluster could not run the file ({exc})").to_json()
                    for path in futures[future]
                ]
            yield from rows
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
