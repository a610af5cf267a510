"""A command imports only what it uses: the modules each command has imported when it ends, in a
process of its own (the commands and the heavy or optional front ends are loaded by name from
:mod:`spareggio.lazy`).  What is asserted is the set of modules, never a time: the times are the
benchmarks' (benchmarks/bench_side.py)."""

from __future__ import annotations

import gc
import importlib
import inspect
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest

from spareggio.base import processes
from spareggio.cli import cli, main
from spareggio.comparison import Comparison
from spareggio.conformance.engines import CommandEngine, EngineFailed
from spareggio.lazy import COMMANDS, FRONT_ENDS, RENDERERS, TIEBREAK_FAMILIES, command_help, load
from spareggio.render.formats import _RENDERERS, formats_for
from spareggio.standings import Standings
from spareggio.tiebreaks import TIEBREAKS

FRONT_ENDS_NOT_FOR_TRF = (
    "fastapi",
    "starlette",
    "uvicorn",
    "jinja2",
    "distributed",
    "dask",
    "chess",
    "bs4",
    "lxml",
    "weasyprint",
    "openpyxl",
    "spareggio.web",
    "spareggio.check.dask",
    "spareggio.io.pgn",
    "spareggio.io.results_page",
    "spareggio.io.tournament_json",
    "spareggio.io.chess_json",
    "spareggio.io.vega",
)
"""What no command reading a TRF file and writing text or JSON needs: the web server, Dask, the PGN
and results-page readers (python-chess, Beautiful Soup, lxml), PDF and XLSX (WeasyPrint,
openpyxl), templates (Jinja2), the readers of the other formats."""

_PROBE = (
    "import json, sys\n"
    "from spareggio.cli import main\n"
    "status = main(sys.argv[2:])\n"
    "with open(sys.argv[1], 'w', encoding='utf-8') as out:\n"
    "    json.dump({'status': status, 'modules': sorted(sys.modules)}, out)\n"
)


def imported(tmp_path: Path, *args: str) -> tuple[int, set[str]]:
    """The exit status of ``spareggio ARGS`` run in a process of its own, and every module it had
    imported at its end."""
    record = tmp_path / "modules.json"
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    subprocess.run(
        [sys.executable, "-c", _PROBE, str(record), *args],
        check=False, capture_output=True, env=env, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    found = json.loads(record.read_text(encoding="utf-8"))
    return found["status"], set(found["modules"])


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The ``names`` (packages included with their submodules) present in ``modules``."""
    return sorted(n for n in names if any(m == n or m.startswith(n + ".") for m in modules))


@pytest.fixture(scope="module")
def open_trf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 40-player, 7-round Swiss as TRF, written by the generator."""
    folder = tmp_path_factory.mktemp("startup")
    path = folder / "open.trf"
    assert main(["generate", "-n", "40", "-r", "7", "-s", "3", "-o", str(path)]) == 0
    return path


def test_help_imports_no_numpy(tmp_path: Path) -> None:
    status, modules = imported(tmp_path, "--help")
    assert status == 0
    assert loaded(modules, ("numpy", "spareggio.standings", *FRONT_ENDS_NOT_FOR_TRF)) == []
    # no command module either: the list of commands is read from their sources (the group, the
    # language of the command line and its wording, ``clilang``, are not commands)
    assert sorted(m for m in modules if m.startswith("spareggio.cli.")) == [
        "spareggio.cli.app",
        "spareggio.cli.clilang",
        "spareggio.cli.language",
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("standings", "{trf}", "-t", "BH/C1,BH,SB"),
        ("standings", "{trf}", "-f", "json"),
        ("standings", "{trf}", "-f", "csv"),
        ("explain", "{trf}", "-p", "1"),
        ("explain", "{trf}", "-p", "1", "-f", "json"),
        ("compare", "{trf}"),
        ("check", "{trf}"),
        ("check", "{dir}", "-j", "1"),
        ("crosstable", "{trf}"),
    ],
    ids=lambda a: " ".join(a).replace("{trf}", "FILE").replace("{dir}", "DIR"),
)
def test_a_command_on_trf_imports_no_front_end(tmp_path: Path, open_trf: Path, args: tuple[str, ...]) -> None:
    filled = [a.format(trf=open_trf, dir=open_trf.parent) for a in args]
    status, modules = imported(tmp_path, *filled)
    assert status == 0
    assert loaded(modules, FRONT_ENDS_NOT_FOR_TRF) == []
    # the command's own module is loaded, the other commands' modules are not
    module = COMMANDS[args[0]].partition(":")[0]
    assert module in modules
    others = {m.partition(":")[0] for c, m in COMMANDS.items() if c != args[0]} - {module}
    assert sorted(others & modules) == []


NOT_FOR_THE_STANDINGS = (
    "spareggio.explain",
    "spareggio.comparison",
    "babel",
    "tempfile",
    "tomllib",
    "hashlib",
    "csv",
    "spareggio.base.conventions",
    "spareggio.core.programs",
    "spareggio.rules.programs",
    "spareggio.tiebreaks.legend",
)
"""What ``standings`` of a TRF file written to the screen as a table or JSON does not use, loaded by
name when another task or output asks for it: the explanations and the comparison (``task.*``),
dates in words (Babel's dates, with its locale data and time zones), a temporary file beside an
output, the programs' TOML files, the hash that draws lots, the CSV writer and a language's conventions (``-f csv`` loads them),
and the programs' descriptions (the profiles and the names their legends print: a list of acronyms
needs none)."""


STANDARD_NOT_FOR_TRF = (
    "argparse",
    "pathlib",  # the paths of a command are strings (os.path); pathlib imports the next two
    "urllib",
    "ipaddress",
    "asyncio",
    "concurrent",
    "email",
    "http",
    "importlib.metadata",
    "importlib.resources",
    "logging",
    "multiprocessing",
    "random",
    "shutil",
    "socket",
    "sqlite3",
    "ssl",
    "statistics",
    "subprocess",
    "sysconfig",
    "xml",
    "zipfile",
    "zoneinfo",
)
"""Standard modules that ``standings`` of a TRF file has no use for: mail and web protocols,
processes and threads pools, logging, archives, time zones, package metadata (each costs the
start-up of every command that loads it; ``tempfile``, ``tomllib`` and ``hashlib`` are in
:data:`NOT_FOR_THE_STANDINGS`)."""


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_standings_load_only_what_they_use(tmp_path: Path, open_trf: Path, fmt: str) -> None:
    status, modules = imported(tmp_path, "standings", str(open_trf), "-t", "BH/C1,BH,SB", "-f", fmt)
    assert status == 0
    assert loaded(modules, NOT_FOR_THE_STANDINGS) == []
    assert loaded(modules, STANDARD_NOT_FOR_TRF) == []


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (("explain", "{trf}", "-p", "1"), ["spareggio.explain"]),
        (("explain", "{trf}", "-p", "1", "--versus", "2"), ["spareggio.explain"]),
        (("explain", "{trf}", "--all", "-f", "json"), ["spareggio.explain"]),
        (("compare", "{trf}", "-r", "fide-2023,fide-2026"), ["spareggio.comparison"]),
        (("standings", "{trf}", "-o", "{out}"), ["tempfile"]),  # written whole or not at all
        (("standings", "{trf}", "-f", "csv"), ["csv", "spareggio.base.conventions"]),
        # a name as Swiss-Manager prints it: BH/C1/V2026 (tests/test_legends.py)
        (
            ("standings", "{trf}", "-t", "Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1),SB"),
            ["spareggio.core.programs", "spareggio.tiebreaks.legend", "tomllib"],
        ),
        (("standings", "{trf}", "-r", "swiss-manager"), ["spareggio.core.programs", "spareggio.rules.programs"]),
    ],
    ids=["explain", "explain versus", "explain all", "compare", "standings -o", "standings csv", "printed name", "program profile"],
)
def test_what_the_standings_leave_out_loads_when_asked(
    tmp_path: Path, open_trf: Path, args: tuple[str, ...], wanted: list[str]
) -> None:
    filled = [a.format(trf=open_trf, out=tmp_path / "out.txt") for a in args]
    status, modules = imported(tmp_path, *filled)
    assert status == 0
    assert [w for w in wanted if w not in loaded(modules, NOT_FOR_THE_STANDINGS)] == []


def test_a_format_loads_its_renderer_when_asked_for(tmp_path: Path, open_trf: Path) -> None:
    status, modules = imported(tmp_path, "standings", str(open_trf), "-f", "json")
    assert status == 0
    assert "spareggio.render.output" in modules
    assert loaded(modules, ("spareggio.render.publish", "spareggio.render.explanation")) == []
    status, modules = imported(tmp_path, "standings", str(open_trf), "-f", "html", "-o", "out.html")
    assert status == 0
    assert "spareggio.render.publish" in modules  # the printable page, asked for
    assert loaded(modules, ("fastapi", "chess", "bs4", "distributed", "weasyprint", "openpyxl")) == []


def test_a_pgn_loads_its_reader_when_read(tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"
    pgn.write_text(
        '[Event "Club"]\n[Site "Roma"]\n[Date "2026.01.10"]\n[Round "1"]\n[White "Rossi, A"]\n'
        '[Black "Bianchi, B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n',
        encoding="utf-8",
    )
    status, modules = imported(tmp_path, "standings", str(pgn))
    assert status == 0
    assert loaded(modules, ("chess", "spareggio.io.pgn")) == ["chess", "spareggio.io.pgn"]
    assert loaded(modules, ("bs4", "fastapi", "distributed")) == []


def test_every_name_of_the_tables_loads() -> None:
    for name in COMMANDS:
        assert isinstance(load(f"command.{name}"), click.Command)
    for name, target in FRONT_ENDS.items():
        if target.startswith("spareggio."):
            assert callable(load(name)), name
    for name in TIEBREAK_FAMILIES:
        assert callable(load(name)), name
    with pytest.raises(KeyError):
        load("command.no-such-command")


def test_the_listed_help_is_the_commands_own() -> None:
    # spareggio --help reads each command's help from its source; it is the text click shows
    ctx = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None and command.name == name
        assert command_help(name) == inspect.cleandoc(command.help or "")


def test_the_renderer_table_is_what_the_modules_register() -> None:
    # every row of RENDERERS names the module that registers that renderer, and no renderer is
    # registered without a row (importing each module named, then comparing with the registry)
    for module in set(RENDERERS.values()):
        importlib.import_module(module)
    registered = {f"{klass.__name__}.{fmt}" for klass, fmt in _RENDERERS}
    assert registered == set(RENDERERS)


def test_the_formats_of_a_result_come_from_the_table() -> None:
    assert [f.name for f in formats_for(Standings)] == ["table", "csv", "json", "html", "pdf", "xlsx", "print", "trf"]
    assert [f.name for f in formats_for(Comparison)] == ["table", "json", "html", "pdf"]


FAMILIES = tuple(sorted({target.partition(":")[0] for target in TIEBREAK_FAMILIES.values()}))
"""The modules of the tie-break families (``spareggio.tiebreaks.buchholz`` ...)."""


@pytest.mark.parametrize(
    ("tiebreaks", "wanted"),
    [
        # PTS is the frame's score: no family computes it for a list that names it first
        ("BH/C1,BH,SB", ["buchholz", "sonneborn"]),
        ("PTS,BH/C1,BH,SB", ["buchholz", "points", "sonneborn"]),
        ("DE,WIN,BPG", ["counts", "direct_encounter"]),
        ("ARO,TPR", ["rating"]),
        ("KS", ["koya"]),
        ("PS", ["progressive"]),
        ("SOLKOFF,MM", ["uschess"]),
    ],
)
def test_a_list_loads_only_the_tiebreak_families_it_names(
    tmp_path: Path, open_trf: Path, tiebreaks: str, wanted: list[str]
) -> None:
    status, modules = imported(tmp_path, "standings", str(open_trf), "-t", tiebreaks, "-f", "json")
    assert status == 0
    assert loaded(modules, FAMILIES) == [f"spareggio.tiebreaks.{w}" for w in wanted]


def test_every_tiebreak_of_the_catalogue_is_computed_by_a_named_family() -> None:
    # each entry's functions are the ``tiebreak.<function>`` of the table, and that name is the
    # function of the family's module (the catalogue's DE orders a group with direct_encounter's)
    for d in TIEBREAKS.values():
        for part in (d.compute, d.order_group, d.group_details):
            if part is None:
                continue
            target = TIEBREAK_FAMILIES[f"tiebreak.{part.__name__}"]
            module, _, function = target.partition(":")
            assert module.startswith("spareggio.tiebreaks."), d.code
            assert getattr(importlib.import_module(module), function) is load(f"tiebreak.{part.__name__}")
    named = {f.__name__ for d in TIEBREAKS.values() for f in (d.compute, d.order_group, d.group_details) if f}
    assert named == {name.removeprefix("tiebreak.") for name in TIEBREAK_FAMILIES}


def test_the_process_ends_with_main_s_status_and_output(
    tmp_path: Path, open_trf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # ``python -m spareggio`` (and the console script, cli.run) sets the live objects aside from the
    # collector before the shutdown: the same output and exit status as main() in this process,
    # whose collector is left alone
    frozen = gc.get_freeze_count()
    assert main(["standings", str(open_trf), "-t", "BH/C1,BH,SB", "-f", "json"]) == 0
    assert gc.get_freeze_count() == frozen
    in_process = json.loads(capsys.readouterr().out)
    command = [sys.executable, "-m", "spareggio", "standings"]
    args = [str(open_trf), "-t", "BH/C1,BH,SB", "-f", "json"]
    done = subprocess.run([*command, *args], check=False, capture_output=True, text=True)
    assert done.returncode == 0
    assert json.loads(done.stdout) == in_process
    missing = tmp_path / "missing.trf"
    done = subprocess.run([*command, str(missing)], check=False, capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and str(missing) in done.stderr


_THREADS_PROBE = (
    "import atexit, os, sys\n"
    "from spareggio.cli import run\n"
    "record = sys.argv[1]\n"
    "def report():\n"
    "    threads = len(os.listdir('/proc/self/task'))\n"
    "    blas = os.environ.get('OPENBLAS_NUM_THREADS', 'unset')\n"
    "    with open(record, 'w', encoding='utf-8') as out:\n"
    "        out.write(f\"{blas} {threads} {'numpy' in sys.modules}\")\n"
    "atexit.register(report)\n"
    "sys.argv = ['spareggio', *sys.argv[2:]]\n"
    "run()\n"
)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts the process's threads in /proc (Linux)")
@pytest.mark.parametrize(("given", "seen"), [(None, "1"), ("3", "3")], ids=["unset", "the user's"])
def test_the_command_runs_numpy_without_blas_threads(
    tmp_path: Path, open_trf: Path, given: str | None, seen: str
) -> None:
    # spareggio never uses BLAS; numpy's OpenBLAS started a spinning thread a core at every start
    # (docs/performance.md): the command asks for one, unless the environment says otherwise
    record = tmp_path / "threads.txt"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    args = ["standings", str(open_trf), "-t", "BH/C1,BH,SB", "-f", "json", "-o", os.devnull]
    done = subprocess.run(
        [sys.executable, "-c", _THREADS_PROBE, str(record), *args], env=env, cwd=tmp_path, check=False
    )
    assert done.returncode == 0
    blas, threads, numpy_loaded = record.read_text(encoding="utf-8").split()
    assert (blas, numpy_loaded) == (seen, "True")
    if given is None:
        assert threads == "1"  # the main thread alone: no BLAS thread was started


def test_main_in_another_program_leaves_the_environment_alone(
    open_trf: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    assert main(["standings", str(open_trf), "-f", "json"]) == 0
    assert "OPENBLAS_NUM_THREADS" not in os.environ


def test_the_programs_spareggio_starts_get_the_environment_as_given(
    tmp_path: Path, open_trf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # an engine put through conformance is the user's program: it gets the user's environment
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    monkeypatch.setattr(processes, "_SET", {})
    processes.one_blas_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
    assert "OPENBLAS_NUM_THREADS" not in processes.child_environment()
    script = "import os, sys; sys.exit('blas=' + os.environ.get('OPENBLAS_NUM_THREADS', 'unset'))"
    engine = CommandEngine(f"{shlex.quote(sys.executable)} -c {shlex.quote(script)} {{input}} {{output}}", "probe")
    with pytest.raises(EngineFailed, match="blas=unset"):
        engine.run(open_trf)
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")  # what the user sets is theirs, and passed on
    assert processes.child_environment()["OPENBLAS_NUM_THREADS"] == "4"


_GENERATIONS_PROBE = (
    "import gc, json, sys\n"
    "import click\n"
    "from spareggio.cli import cli\n"
    "kept = [object() for _ in range(3)]\n"
    "if sys.argv[2] == 'frozen':\n"
    "    gc.freeze()  # the calling program sets its objects aside itself\n"
    "ctx = click.Context(cli)\n"
    "command = cli.get_command(ctx, 'standings')\n"
    "from spareggio.standings import Standings\n"
    "where = {g: any(o is Standings for o in gc.get_objects(generation=g)) for g in range(3)}\n"
    "aside = not any(o is kept for g in range(3) for o in gc.get_objects(generation=g))\n"
    "json.dump({'where': where, 'aside': aside, 'frozen': gc.get_freeze_count(), 'enabled': gc.isenabled()},\n"
    "          open(sys.argv[1], 'w'))\n"
)


@pytest.mark.parametrize("host", ["plain", "frozen"])
def test_a_loaded_command_waits_in_the_collector_s_oldest_generation(tmp_path: Path, host: str) -> None:
    # docs/performance.md: the first collection after loading walked every object loaded (4 ms of 90)
    record = tmp_path / "gc.json"
    subprocess.run([sys.executable, "-c", _GENERATIONS_PROBE, str(record), host], check=True, cwd=tmp_path)
    seen = json.loads(record.read_text(encoding="utf-8"))
    assert seen["enabled"] is True
    if host == "plain":
        assert seen["where"] == {"0": False, "1": False, "2": True}
        assert (seen["frozen"], seen["aside"]) == (0, False)  # nothing left set aside
    else:  # what the calling program set aside stays so
        assert seen["frozen"] > 0 and seen["aside"] is True
