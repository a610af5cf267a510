"""``spareggio check``: the declared ranking against the computed one, inference, batches, reports."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import build, run_cli
from spareggio.check import (
    REPORT_SCHEMA,
    CheckEntry,
    CheckOptions,
    Source,
    Spool,
    Status,
    check_files,
    check_source,
    check_tournament,
    find_sources,
    inferred_text,
)
from spareggio.check.batch import SPOOL_GROUP
from spareggio.check.entry import ValueMismatch
from spareggio.generate import generate
from spareggio.io.trf import parse_trf
from spareggio.io.trf.writer import write_trf
from spareggio.render.check_report import _value_words, report_text
from spareggio.standings import standings
from strategies import render, swiss_tournaments

# Six players, three rounds, every game played (hand-computed):
#   R1: 1-4 1-0, 2-5 1-0, 3-6 1-0;  R2: 1-2 ½-½, 3-4 1-0, 5-6 1-0;  R3: 3-1 1-0, 2-6 1-0, 4-5 ½-½
#   points: 1: 1.5, 2: 2.5, 3: 3, 4: 0.5, 5: 1.5, 6: 0
#   BH(1) = 0.5 (4) + 2.5 (2) + 3 (3) = 6, cut 1 drops 0.5 -> BH/C1 5.5
#   BH(5) = 2.5 (2) + 0 (6) + 0.5 (4) = 3, cut 1 drops 0 -> BH/C1 3
#   ranking with BH/C1,BH,SB: 3, 2, 1 (BH/C1 5.5), 5 (BH/C1 3), 4, 6
SIX = {1: "+W4 =B2 -B3", 2: "+W5 . +W6", 3: "+W6 +W4 +W1", 5: ". +W6 =B4"}
RIGHT = {3: 1, 2: 2, 1: 3, 5: 4, 4: 5, 6: 6}


def with_ranks(text: str, ranks: dict[int, int | None], start: dt.date | None = None) -> str:
    """The same tournament with these declared ranks (and optionally another start date)."""
    t = parse_trf(text)
    players = tuple(dataclasses.replace(p, rank=ranks.get(p.start_number)) for p in t.players)
    changed = dataclasses.replace(t, players=players)
    if start is not None:
        changed = dataclasses.replace(changed, start_date=start, end_date=None, round_dates=())
    return write_trf(changed)


def check_entry(text: str, **options: object) -> CheckEntry:
    return check_source("t.trf", text.encode(), CheckOptions(**options))  # type: ignore[arg-type]


def check_text(text: str, **options: object) -> dict:
    """The entry as the JSON report writes it (schema 1)."""
    return check_entry(text, **options).to_json()


def six(ranks: dict[int, int | None]) -> str:
    return with_ranks(build(SIX, players=6), ranks)


def test_hand_computed_ranking_agrees() -> None:
    entry = check_text(six(RIGHT), tiebreaks="BH/C1,BH,SB")
    assert entry["status"] == "agree"
    assert entry["mismatches"] == []
    assert entry["ranked"] == 6


def test_swapped_ranks_name_both_players_and_the_deciding_tiebreak() -> None:
    # 1 and 5 on 1.5 points, 1 ahead on BH/C1 5.5 against 3 (hand-computed above)
    entry = check_text(six({**RIGHT, 1: 4, 5: 3}), tiebreaks="BH/C1,BH,SB")
    assert entry["status"] == "differs"
    got = {m["start_number"]: m for m in entry["mismatches"]}
    assert set(got) == {1, 5}
    assert got[5]["declared_rank"] == 3 and got[5]["computed_rank"] == 4
    assert got[5]["points"] == 1.5
    assert got[5]["swapped_with"] == 1
    assert got[5]["decided_by"] == "BH/C1"
    assert got[5]["values"] == {"5": 3, "1": 5.5}
    assert got[1]["values"] == {"1": 5.5, "5": 3}


def test_a_list_the_file_does_not_name_is_said_to_be_assumed_where_ranks_differ() -> None:
    # no 202/212 record: the ranks are compared with spareggio's list, which a difference may come from
    entry = check_entry(six({**RIGHT, 1: 4, 5: 3}))
    assert entry.status is Status.DIFFERS and entry.tiebreaks_source == "default-swiss"
    said = [w for w in entry.warnings if "names no tie-break list" in w]
    assert said == [
        (f"the file names no tie-break list: its ranks are compared with {', '.join(entry.tiebreaks)}, assumed; "
        "the places that differ may follow the event's own list (tiebreaks names it, infer tries the lists "
        "programs use)")
    ]
    # ranks that agree, a list the file names, or one the caller gives: nothing assumed worth a word
    assert not [w for w in check_entry(six(RIGHT)).warnings if "names no tie-break list" in w]
    assert not [w for w in check_entry(six({**RIGHT, 1: 4, 5: 3}), tiebreaks="BH/C1,BH,SB").warnings if "names no" in w]
    named = six({**RIGHT, 1: 4, 5: 3}).replace("\n001", "\n202 BH/C1,BH,SB\n001", 1)
    assert check_entry(named).tiebreaks_source == "file"
    assert not [w for w in check_entry(named).warnings if "names no tie-break list" in w]


def test_an_order_the_list_leaves_open_is_said_to_be_unchecked() -> None:
    # 1 and 5 on 1.5 points with one win each (hand-computed above): WIN leaves places 3-4 shared, and
    # the file's 3 and 4 are not checked; "agree" says so (a list undefined for everybody agreed in silence)
    entry = check_entry(six(RIGHT), tiebreaks="WIN")
    assert entry.status is Status.AGREE
    assert (
        "2 players have a declared rank inside a place the tie-breaks leave shared: the order the file gives "
        "there is not checked (the list does not decide it)"
    ) in entry.warnings
    assert not [w for w in check_entry(six(RIGHT), tiebreaks="BH/C1,BH,SB").warnings if "leave shared" in w]


def test_points_decide_when_the_declared_order_ignores_them() -> None:
    # 2 (2.5 points) declared above 3 (3 points): points decide
    entry = check_text(six({**RIGHT, 2: 1, 3: 2}), tiebreaks="BH/C1,BH,SB")
    got = {m["start_number"]: m for m in entry["mismatches"]}
    assert got[2]["decided_by"] == "PTS"
    assert got[2]["values"] == {"2": 2.5, "3": 3}


# Four players, a round robin of draws: everyone on 1.5 points, DE level (all draws),
# SB = 3 opponents x 1.5 x ½ = 2.25 each, KS level: all four share places 1-4.
ALL_DRAWS = {1: "=W2 =B3 =W4", 2: ". =W4 =B3", 3: "=W4 . ."}


@pytest.mark.parametrize(
    ("ranks", "status"),
    [
        ({1: 1, 2: 2, 3: 3, 4: 4}, "agree"),  # any order of a shared 1-4 is right
        ({1: 4, 2: 3, 3: 2, 4: 1}, "agree"),
        ({1: 1, 2: 1, 3: 1, 4: 1}, "agree"),  # printed as a shared first place
        ({1: 1, 2: 2, 3: 3, 4: 5}, "differs"),  # 5 is outside the shared 1-4
    ],
)
def test_shared_places_are_compared_as_places(ranks: dict[int, int], status: str) -> None:
    text = with_ranks(build(ALL_DRAWS, kind="Individual: Round-Robin"), ranks)
    entry = check_text(text, tiebreaks="DE,SB,KS")
    assert entry["status"] == status


def test_players_without_a_rank_are_not_compared() -> None:
    # 3, the winner, declared with rank 0 (not ranked): the others' places close up, 2 is first
    ranks: dict[int, int | None] = {3: 0, 2: 1, 1: 2, 5: 3, 4: 4, 6: None}
    entry = check_text(six(ranks), tiebreaks="BH/C1,BH,SB")
    assert entry["status"] == "agree"
    assert entry["ranked"] == 4


def test_a_file_without_ranks() -> None:
    entry = check_text(six({}))
    assert entry["status"] == "no-ranks"
    assert entry["mismatches"] == []


def test_a_bad_file_is_an_error_entry_with_its_position() -> None:
    entry = check_source("bad.trf", b"001 nonsense\n", CheckOptions()).to_json()
    assert entry["status"] == "error"
    assert entry["error"].startswith("bad.trf:1:")


def test_the_file_list_wins_over_the_option() -> None:
    # a 212 record announces SB first; --tiebreaks only serves files without a list
    text = with_ranks(build(SIX, players=6, extra_headers=["212 SB  BH"]), RIGHT)
    entry = check_text(text, tiebreaks="BH/C1,BH,SB")
    assert entry["tiebreaks"] == ["SB", "BH"]
    assert entry["tiebreaks_source"].startswith("file")


# -- files ranked under each rule set ------------------------------------------------------------


def ranked_under(seed: int, rules: str, start: dt.date) -> tuple[str, str]:
    """A generated Swiss with the ranks its standings have under ``rules``, dated ``start``."""
    t = generate(40, 7, seed, forfeit_rate=0.08, half_bye_rate=0.05, zero_bye_rate=0.03)
    s = standings(t, "BH/C1,BH,SB", rules=rules)
    ranks = {row.player.start_number: row.rank for row in s.rows}
    players = tuple(dataclasses.replace(p, rank=ranks[p.start_number]) for p in t.players)
    return write_trf(dataclasses.replace(t, players=players, start_date=start, end_date=None)), rules


def distinctive_seed(rules: str) -> int:
    """The first seed whose ranking under ``rules`` is not what fide-2026 gives (the rule sets agree
    on many tournaments; the test needs one where the unplayed rounds change places)."""
    for seed in range(1, 60):
        t = generate(40, 7, seed, forfeit_rate=0.08, half_bye_rate=0.05, zero_bye_rate=0.03)
        a = standings(t, "BH/C1,BH,SB", rules=rules)
        b = standings(t, "BH/C1,BH,SB", rules="fide-2026")
        if a.order.tolist() != b.order.tolist():
            return seed
    raise AssertionError(f"no generated tournament separates {rules} from fide-2026")


@pytest.mark.parametrize("rules", ["fide-2024", "italian", "draw-vs-self"])
def test_infer_names_the_rule_set_that_wrote_the_ranks(rules: str) -> None:
    # ranked under `rules`, then dated 2026-06-01 so that fide-2026 applies (C.07, 1 March 2026)
    text, _ = ranked_under(distinctive_seed(rules), rules, dt.date(2026, 6, 1))
    entry = check_text(text, infer=True)
    assert entry["rules"] == "fide-2026"
    assert entry["status"] == "differs"
    exact = [c for c in entry["inferred"] if c["mismatches"] == 0]
    assert {"rules": rules, "tiebreaks": ["BH/C1", "BH", "SB"], "mismatches": 0} in exact
    assert all(c["rules"] != "fide-2026" for c in exact if c["tiebreaks"] == ["BH/C1", "BH", "SB"])
    text_words = entry["inferred_text"]
    assert "under fide-2026 with BH/C1, BH, SB, which applies to this file" in text_words
    first = entry["mismatches"][0]
    assert f"{first['decided_by']} decides" in text_words


def test_infer_finds_a_list_from_the_catalogue() -> None:
    # ranked with BH/M1,BH,SB under fide-2026 but announcing nothing: the default BH/C1,BH,SB
    # misplaces players, the catalogue's Median-1 list reproduces the ranking
    for seed in range(1, 60):
        t = generate(40, 7, seed)
        a = standings(t, "BH/M1,BH,SB", rules="fide-2026")
        if a.order.tolist() != standings(t, "BH/C1,BH,SB", rules="fide-2026").order.tolist():
            break
    ranks = {row.player.start_number: row.rank for row in a.rows}
    players = tuple(dataclasses.replace(p, rank=ranks[p.start_number]) for p in t.players)
    entry = check_text(write_trf(dataclasses.replace(t, players=players)), infer=True)
    assert entry["status"] == "differs"
    assert entry["inferred"][0] == {"rules": "fide-2026", "tiebreaks": ["BH/M1", "BH", "SB"], "mismatches": 0}
    assert entry["inferred_text"].startswith(
        "the declared ranking is exactly what fide-2026 gives with BH/M1, BH, SB"
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_tournaments(min_players=2, max_players=12, max_rounds=6))
def test_a_file_ranked_by_the_engine_always_agrees(spec: object) -> None:
    # invariant: the computed ranks written back into the file are declared right
    text = render(spec)  # type: ignore[arg-type]
    s = standings(parse_trf(text), "BH/C1,BH,SB", rules="fide-2026")
    ranks = {row.player.start_number: row.rank for row in s.rows}
    entry = check_text(with_ranks(text, ranks), tiebreaks="BH/C1,BH,SB", rules="fide-2026")
    assert entry["status"] == "agree", entry["mismatches"]


# -- batches, sources, reports, the command ---------------------------------------------------------


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """A folder: a right file, a wrong one, one without ranks, a bad one, a zip with two members."""
    root = tmp_path / "archive"
    (root / "2026").mkdir(parents=True)
    (root / "2026" / "right.trf").write_text(six(RIGHT))
    (root / "2026" / "wrong.trf").write_text(six({**RIGHT, 1: 4, 5: 3}))
    (root / "plain.txt").write_text(six({}))
    (root / "bad.trf").write_text("001 nonsense\n")
    (root / "notes.md").write_text("not a tournament")
    with zipfile.ZipFile(root / "club.zip", "w") as z:
        z.writestr("a/right.trf", six(RIGHT))
        z.writestr("a/wrong.trf", six({**RIGHT, 2: 1, 3: 2}))
        z.writestr("readme.pdf", b"%PDF")
    return root


def test_sources_of_a_folder(archive: Path) -> None:
    names = [s.name if isinstance(s, Source) else s[0] for s in find_sources([str(archive)])]
    rel = [
        os.path.relpath(n.split("!")[0], archive) + ("!" + n.split("!")[1] if "!" in n else "") for n in names
    ]
    # files of a folder first, sorted, then its sub-folders; zip members sorted; other names skipped
    assert rel == [
        "bad.trf",
        "club.zip!a/right.trf",
        "club.zip!a/wrong.trf",
        "plain.txt",
        os.path.join("2026", "right.trf"),
        os.path.join("2026", "wrong.trf"),
    ]


@pytest.mark.parametrize(
    ("make", "said"),
    [
        # a folder or an archive in which no file is of a format read is a row saying what it holds:
        # '0 files' and exit 0 would pass for "everything agrees"
        (lambda p: p.mkdir(), "the folder holds no file"),
        (lambda p: (p.mkdir(), (p / "t.ini").write_text("x"), (p / "t.sco").write_text("x")),
         "the folder holds no file of a format spareggio reads (2 others: .ini 1, .sco 1; the formats: .trf .txt"),
        (lambda p: zipfile.ZipFile(p, "w").close(), "the archive holds no file"),
        (lambda p: _zip_of(p, {"t.trn": "x", "t.sco": "x", "sub/": ""}),
         "the archive holds no file of a format spareggio reads (2 others: .trn 1, .sco 1; the formats: .trf .txt"),
    ],
)  # fmt: skip
def test_a_folder_or_archive_with_nothing_to_read_is_an_error_row(tmp_path: Path, make: object, said: str) -> None:
    path = tmp_path / ("x.zip" if "archive" in said else "x")
    make(path)  # type: ignore[operator]
    (entry,) = list(check_files([str(path)], jobs=1))
    assert entry.status is Status.ERROR and entry.error is not None
    assert entry.error.startswith(f"{path}: {said}")


def _zip_of(path: Path, members: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in members.items():
            z.writestr(name, text)


def test_a_missing_path_is_an_error_row(tmp_path: Path) -> None:
    entries = list(check_files([str(tmp_path / "nope.trf")], jobs=1))
    assert entries[0].status is Status.ERROR
    assert entries[0].error is not None and "no such file or folder" in entries[0].error


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_batch_goes_on_past_a_bad_file(archive: Path, jobs: int) -> None:
    entries = list(check_files([str(archive)], CheckOptions(tiebreaks="BH/C1,BH,SB"), jobs=jobs))
    status = {os.path.basename(e.file.replace("!", "/")): e.status for e in entries}
    assert sorted(e.status for e in entries) == [
        "agree",
        "agree",
        "differs",
        "differs",
        "error",
        "no-ranks",
    ]
    assert status["bad.trf"] == "error"
    assert status["plain.txt"] == "no-ranks"


def test_json_report_schema(archive: Path) -> None:
    entries = list(check_files([str(archive)], CheckOptions(tiebreaks="BH/C1,BH,SB"), jobs=1))
    text = report_text(entries, "json", seconds=1.5)
    doc = json.loads(text)
    assert doc["schema"] == REPORT_SCHEMA == 1
    # each file's entry on a line of its own, which is that entry alone
    lines = text.splitlines()
    assert len(lines) == 3 + 6 + 3
    assert [json.loads(line.strip().removesuffix(",")) for line in lines[3:9]] == doc["files"]
    assert doc["summary"] == {"files": 6, "agree": 2, "differs": 2, "no-ranks": 1, "error": 1, "seconds": 1.5}
    # the files that differ come first, then errors, then the rest
    assert [f["status"] for f in doc["files"]] == [
        "differs",
        "differs",
        "error",
        "agree",
        "agree",
        "no-ranks",
    ]
    keys = {
        "file",
        "status",
        "rules",
        "rules_reason",
        "tiebreaks",
        "after_round",
        "mismatches",
        "inferred",
        "error",
    }
    for f in doc["files"]:
        assert keys <= set(f)
    m = doc["files"][0]["mismatches"][0]
    assert {
        "start_number",
        "name",
        "declared_rank",
        "computed_rank",
        "points",
        "decided_by",
        "values",
    } <= set(m)


def test_csv_and_html_reports(archive: Path) -> None:
    entries = list(check_files([str(archive)], CheckOptions(tiebreaks="BH/C1,BH,SB"), jobs=1))
    csv_text = report_text(entries, "csv")
    lines = csv_text.splitlines()
    assert lines[0].startswith("file,status,rules,tiebreaks,start_number")
    # one row per mismatch (2 + 2) and one per other file (4)
    assert len(lines) == 1 + 4 + 4
    page = report_text(entries, "html")
    # a section for each file that differs, a line of a table for each of the others
    assert page.count("<section") == 2
    assert page.count('<tr id="f') == 4
    assert "BH/C1" in page and "</html>" in page


@pytest.mark.parametrize(
    ("files", "status"),
    [
        (["2026/right.trf"], 0),
        (["plain.txt"], 0),
        (["2026/right.trf", "2026/wrong.trf"], 1),
        (["2026/right.trf", "bad.trf"], 2),
    ],
)
def test_exit_status(archive: Path, files: list[str], status: int) -> None:
    code, _, _ = run_cli("check", *[str(archive / f) for f in files], "-t", "BH/C1,BH,SB", "-j", "1")
    assert code == status


@pytest.mark.parametrize("args", [["-t", "XYZ"], ["-r", "nope"], ["-o", "report.docx"]])
def test_bad_options_exit_2_before_checking(archive: Path, args: list[str]) -> None:
    code, out, err = run_cli("check", str(archive), *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1


def test_report_written_whole_to_a_file(archive: Path, tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    code, out, _ = run_cli("check", str(archive), "-t", "BH/C1,BH,SB", "-o", str(target), "-j", "2")
    assert code == 2  # the batch has a bad file
    assert out == f"6 files: 2 agree, 2 differ, 1 without ranks, 1 error ({json.loads(target.read_text())['summary']['seconds']} s); report written to {target}\n"
    doc = json.loads(target.read_text())
    assert doc["summary"]["files"] == 6


def test_table_report_in_words(archive: Path) -> None:
    code, out, _ = run_cli("check", str(archive / "2026" / "wrong.trf"), "-t", "BH/C1,BH,SB")
    assert code == 1
    assert "5 " in out and "declared 3, computed 4; against 1, BH/C1 decides: 3 against 5.5" in out
    assert out.splitlines()[-1].startswith("1 file: 0 agree, 1 differs, 0 without ranks, 0 errors")


def test_progress_bar_only_on_a_terminal(archive: Path) -> None:
    # piped: no progress on standard error
    proc = subprocess.run(
        [sys.executable, "-m", "spareggio", "check", str(archive / "2026"), "-t", "BH/C1,BH,SB"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    assert proc.stderr == ""
    # on a terminal: the bar is drawn on standard error
    pty = pytest.importorskip("pty")
    import select

    master, slave = pty.openpty()
    proc2 = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "spareggio",
            "check",
            str(archive / "2026"),
            "-t",
            "BH/C1,BH,SB",
            "-o",
            str(archive / "report.json"),
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=slave,
    )
    os.close(slave)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    proc2.wait(timeout=30)
    os.close(master)
    assert b"checking" in seen
    assert b"2/2" in seen or b"100%" in seen
    assert seen.endswith(b"\r\x1b[2K\x1b[?25h")  # the last frame erased, the cursor shown again


def test_a_device_as_output_is_written_in_place(archive: Path) -> None:
    # -o /dev/null must not replace the device with a regular file
    import stat

    code, out, _ = run_cli(
        "check", str(archive / "2026"), "-t", "BH/C1,BH,SB", "-f", "json", "-o", os.devnull
    )
    assert code == 1 and out.startswith("2 files: 1 agrees, 1 differs") and out.rstrip().endswith(os.devnull)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_dask_cluster_report_equals_the_local_one(archive: Path) -> None:
    distributed = pytest.importorskip("distributed")
    options = CheckOptions(tiebreaks="BH/C1,BH,SB", infer=True)
    local = sorted(check_files([str(archive)], options, jobs=1), key=lambda e: e.file)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        remote = sorted(
            check_files([str(archive)], options, scheduler=cluster.scheduler_address), key=lambda e: e.file
        )
    assert remote == local


def test_scheduler_that_cannot_be_reached_is_a_one_line_error(archive: Path) -> None:
    pytest.importorskip("distributed")
    code, _, err = run_cli("check", str(archive), "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2
    assert err.startswith("spareggio: cannot reach the Dask scheduler at tcp://127.0.0.1:9")


def test_check_tournament_library_entry() -> None:
    t = parse_trf(six(RIGHT))
    entry = check_tournament(t, CheckOptions(tiebreaks="BH/C1,BH,SB"), name="six")
    assert entry.file == "six" and entry.status is Status.AGREE
    assert json.loads(json.dumps(entry.to_json())) == entry.to_json()


def test_the_inference_is_said_in_the_report_language() -> None:
    # the same inference as above, in Italian: the report's words and its sentences, while the
    # JSON field stays English for programs
    text, _ = ranked_under(distinctive_seed("italian"), "italian", dt.date(2026, 6, 1))
    entry = check_entry(text, infer=True)
    first = entry.mismatches[0]
    italian = inferred_text(entry, "it")
    assert italian.startswith(
        "la classifica dichiarata è esattamente quella che dà italian (come calcolano Diena, GTS, RWGets) con BH/C1, BH, SB"
    )
    assert "con fide-2026 e BH/C1, BH, SB, che si applica a questo file, " in italian
    assert f"(decide {first.decided_by}: " in italian
    report = report_text([entry], "table", lang="it")
    assert f"dedotto: {italian}" in report and entry.inferred_text not in report
    assert entry.inferred_text.startswith("the declared ranking is exactly what italian (as Diena, GTS, RWGets compute) gives")


@pytest.mark.parametrize(
    ("others", "lang", "combinations", "more"),
    [
        (1, "en", " (and 1 other combination)", ", and 1 more player misplaced"),
        (2, "en", " (and 2 other combinations)", ", and 2 more players misplaced"),
        (1, "it", " (e 1 altra combinazione)", ", e 1 altro giocatore fuori posto"),
        (2, "it", " (e altre 2 combinazioni)", ", e altri 2 giocatori fuori posto"),
        (1, "fr", " (et 1 autre combinaison)", ", et 1 autre joueur mal placé"),
        (2, "fr", " (et 2 autres combinaisons)", ", et 2 autres joueurs mal placés"),
    ],
)
def test_the_inference_sentence_takes_each_language_s_plural(
    others: int, lang: str, combinations: str, more: str
) -> None:
    # the sentence is a Text built with the entry (its English is the JSON field) and said in the
    # report's language, singular or plural by the catalogue's plural rule (gettext ngettext)
    from spareggio.check import Candidate, Mismatch, inferred_sentence

    mismatch = [
        Mismatch(k, f"P{k}", k + 1, k, k, 1, swapped_with=k + 1, decided_by="BH")
        for k in range(1, 3 + others)
    ]
    exact = [Candidate(r, ("SB",), 0) for r in ("fide-2024", "italian", "naive")[: 1 + others]]
    entry = CheckEntry(
        file="x.trf", status=Status.DIFFERS, rules="fide-2026", tiebreaks=("BH",),
        mismatches=tuple(mismatch[: 1 + others]), inferred=tuple(exact),
    )  # fmt: skip
    entry = dataclasses.replace(entry, inferred_text=inferred_sentence(entry))
    said = inferred_text(entry, lang)
    assert combinations in said and more in said
    assert entry.to_json()["inferred_text"] == inferred_text(entry, "en")


def test_a_continued_list_that_leaves_places_shared_is_never_said_exact() -> None:
    # a real chess-results export: the best candidate was Swiss-Manager's list continued by BWG, which
    # still left 3 declared ranks inside shared places (inferred_code "shared"), and the sentence said
    # "exactly what Swiss-Manager gives ... (and -1 other combinations)"
    from spareggio.check import Candidate, inferred_sentence

    best = Candidate("swiss-manager", ("BH/C1", "BH"), 0, shared=3, continuation=("BWG",), program="Swiss-Manager")
    entry = CheckEntry(
        file="x.xlsx", status=Status.DIFFERS, rules="swiss-manager", tiebreaks=("BH/C1", "BH"),
        inferred=(best, Candidate("fide-2024", ("BH/C1", "BH"), 0, shared=7)), inferred_code="shared",
    )  # fmt: skip
    said = str(inferred_sentence(entry))
    assert said.startswith(
        "Swiss-Manager with BH/C1, BH, then BWG, which it does not print, misplaces no player but leaves 3 "
        "declared ranks inside shared places: the list does not explain their order"
    )
    assert "exactly" not in said and "-1" not in said


@pytest.mark.parametrize(
    ("lang", "counts", "said"),
    [
        ("en", (3, 1, 1, 0, 1), "3 files: 1 agrees, 1 differs, 0 without ranks, 1 error"),
        ("en", (1, 0, 0, 1, 0), "1 file: 0 agree, 0 differ, 1 without ranks, 0 errors"),
        ("it", (3, 1, 1, 0, 1), "3 file: 1 coincide, 1 diverso, 0 senza classifica, 1 errore"),
        ("it", (5, 2, 2, 0, 1), "5 file: 2 coincidono, 2 diversi, 0 senza classifica, 1 errore"),
        # French: 0 and 1 take the singular (Plural-Forms: plural=(n > 1))
        ("fr", (1, 0, 0, 1, 0), "1 fichier : 0 conforme, 0 différent, 1 sans classement, 0 erreur"),
        ("fr", (4, 2, 1, 0, 1), "4 fichiers : 2 conformes, 1 différent, 0 sans classement, 1 erreur"),
    ],
)
def test_the_summary_counts_take_each_language_s_plural(
    lang: str, counts: tuple[int, ...], said: str
) -> None:
    from spareggio.render.check_report import summary_words

    files, agree, differs, noranks, errors = counts
    summary = {"files": files, "agree": agree, "differs": differs, "no-ranks": noranks, "error": errors}
    assert summary_words(summary, lang) == said


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(list(Status)), max_size=300))
def test_the_spool_gives_back_every_entry_by_status_in_arrival_order(statuses: list[Status]) -> None:
    # the report lists the files that differ first; within a status, in the order they were done
    spool = Spool()
    try:
        entries = [CheckEntry(file=f"f{k}.trf", status=s) for k, s in enumerate(statuses)]
        for e in entries:
            spool.add(e)
            # never more than a group of entries of a status held in memory
            assert all(len(group) < SPOOL_GROUP for group in spool.held.values())
        expected = [e for s in Status for e in entries if e.status is s]
        assert list(spool.ordered()) == expected
        assert spool.counts == {s.value: statuses.count(s) for s in Status}
    finally:
        spool.close()


@pytest.mark.parametrize(
    ("programs", "said"),
    [
        ("Swiss-Manager", "as Swiss-Manager computes, departing from C.07 16.2.1, gives 41"),
        ("Vega, Swiss-Manager", "as Vega, Swiss-Manager compute, departing from C.07 16.2.1, gives 41"),
    ],
)
def test_a_departure_names_its_programs_in_the_number_they_are(programs: str, said: str) -> None:
    # the 19th Arad Open's player 140: BH/C1 printed 41, C.07 gives 42 (it said "as Swiss-Manager compute")
    wrong = ValueMismatch(140, "Kasperek Ryszard", "BH/C1", 41, 42, programs, "full-bye=vur", "C.07 16.2.1")
    assert _value_words(wrong).endswith(f"(full-bye=vur, {said})")


def _with_points(text: str, points: dict[int, str]) -> str:
    """The builder's TRF (its rank column holds the start numbers) with the points column (81-84)
    written."""
    out = []
    for line in text.split("\n"):
        if line.startswith("001"):
            line = line[:80] + f"{points[int(line[4:8])]:>4}" + line[84:]
        out.append(line)
    return "\n".join(out)


def test_a_rank_column_of_start_numbers_against_the_points_is_no_ranking() -> None:
    # 1 beats 2 and draws with 3; 4 beats 2 and draws with 3: points 1.5, 0, 1, 1.5.  The rank column
    # holds 1, 2, 3, 4 (the start numbers), ranking 2 (0 points) above 3 (1) and 4 (1.5): no ranking
    # (the file a program writes for its pairing engine), so it is not compared, and said
    text = _with_points(build({1: "+W2 =B3", 2: ". -W4", 3: "=W4 ."}), {1: "1.5", 2: "0.0", 3: "1.0", 4: "1.5"})
    entry = check_tournament(parse_trf(text, "pairing.trf"))
    assert entry.status is Status.NO_RANKS and not entry.mismatches
    assert ("the rank column holds each player's start number and does not follow the points (player 2 is ranked 2 "
            "with 0.0 points, player 3 3 with 1.0): it is no ranking, and is not compared") in entry.warnings  # fmt: skip
    # the same column where the start numbers follow the points is a ranking, compared
    text = _with_points(build({1: "+W2 +B3", 2: ". +W4", 3: "+W4 ."}), {1: "2.0", 2: "1.0", 3: "1.0", 4: "0.0"})
    assert check_tournament(parse_trf(text, "t.trf"), CheckOptions(tiebreaks="BH")).status is not Status.NO_RANKS

