"""Files as real programs write them: start dates in every style and the rule set they select, live
exports (the last round paired, not yet played), pseudo-players for the bye, team files, records
read but not applied, and what a file declares (rank, points, title, federation) in every output.

Rule sets by date (docs/rules.md, "Default by date"): fide-2026 from 2026-03-01, fide-2024 from
2023-09-01 to 2026-02-28, fide-2009 from 2009-10-01 to 2023-08-31 (each rule set's declared dates).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

import spareggio
from spareggio.base.errors import ArgumentError, InputError
from spareggio.cli import main
from spareggio.core.dates import Order, readings, resolve
from spareggio.io.trf import parse_trf

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "open-2026.trf"
DATA = Path(__file__).resolve().parent / "data" / "programs"


def player(sno: int, *blocks: str, name: str | None = None, rank: str = "", points: str = "") -> str:
    """A 001 record; every block is the 8 characters ``nnnn c r`` of one round."""
    label = name if name is not None else f"Player {sno}"
    head = f"001 {sno:4d} m    {label:<33} 2000 ITA {'':>11} 1990/01/01 {points:>4} {rank:>4}"
    assert len(head) == 89
    return head + "".join("  " + b for b in blocks)


# A four-player Swiss: round 1 played (1-2 1-0, 3-4 draw), round 2 paired 1-3 and 4-2, no results yet.
FOUR = [
    player(1, "   2 w 1", "   3 w  "),
    player(2, "   1 b 0", "   4 b  "),
    player(3, "   4 w =", "   1 b  "),
    player(4, "   3 b =", "   2 w  "),
]


def trf(*lines: str, head: list[str] | None = None) -> str:
    header = ["012 Test", "042 2026/06/01", "092 Individual: Swiss-System"] if head is None else head
    return "\n".join([*header, *lines]) + "\n"


def with_date(*records: str) -> spareggio.Tournament:
    complete = [player(1, "   2 w 1"), player(2, "   1 b 0")]
    return parse_trf(trf(*complete, head=["012 Test", *records]), "t.trf")


# --------------------------------------------------------------------------------------------------
# start dates


@pytest.mark.parametrize(
    ("text", "date", "order"),
    [
        ("2026/04/18", dt.date(2026, 4, 18), Order.YEAR_FIRST),  # TRF
        ("2026-04-18", dt.date(2026, 4, 18), Order.YEAR_FIRST),
        ("2026.04.18", dt.date(2026, 4, 18), Order.YEAR_FIRST),
        ("18.04.2026", dt.date(2026, 4, 18), Order.DAY_FIRST),  # German, Swiss-Manager
        ("18. 04. 2026", dt.date(2026, 4, 18), Order.DAY_FIRST),
        ("18/04/2026", dt.date(2026, 4, 18), Order.DAY_FIRST),  # Italian, French
        ("18-04-2026", dt.date(2026, 4, 18), Order.DAY_FIRST),
        ("04/18/2026", dt.date(2026, 4, 18), Order.MONTH_FIRST),  # US: 18 cannot be a month
        ("Nov 30, 2025", dt.date(2025, 11, 30), Order.NAMED),  # lichess
        ("30 novembre 2025", dt.date(2025, 11, 30), Order.NAMED),
        ("18 Apr 2026", dt.date(2026, 4, 18), Order.NAMED),
        ("April 18, 2026", dt.date(2026, 4, 18), Order.NAMED),
        ("18. April 2026", dt.date(2026, 4, 18), Order.NAMED),
        ("1er mars 2026", dt.date(2026, 3, 1), Order.NAMED),
        ("1 de marzo de 2026", dt.date(2026, 3, 1), Order.NAMED),
        ("18 février 2026", dt.date(2026, 2, 18), Order.NAMED),
        ("20260418", dt.date(2026, 4, 18), Order.YEAR_FIRST),
    ],
)
def test_one_reading(text: str, date: dt.date, order: Order) -> None:
    assert [(r.date, r.order) for r in readings(text)] == [(date, order)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # day first (outside the US), then month first
        ("01/03/2026", [dt.date(2026, 3, 1), dt.date(2026, 1, 3)]),
        # day first, then the old TRF YY/MM/DD
        ("18/04/26", [dt.date(2026, 4, 18), dt.date(2018, 4, 26)]),
        ("12/12/2026", [dt.date(2026, 12, 12)]),  # both orders give the same day
    ],
)
def test_several_readings(text: str, expected: list[dt.date]) -> None:
    assert [r.date for r in readings(text)] == expected


@pytest.mark.parametrize("text", ["someday", "2026", "13/13/2026", "31/02/2026", "Smarch 3, 2026", ""])
def test_no_reading(text: str) -> None:
    assert readings(text) == []


def test_other_dates_decide_an_ambiguous_start() -> None:
    # 20/03/2026 can only be day first: the file writes day first, so 01/03/2026 is 1 March
    assert resolve("01/03/2026", "20/03/2026", []).start_readings[0].date == dt.date(2026, 3, 1)
    assert len(resolve("01/03/2026", "20/03/2026", []).start_readings) == 1
    # round dates in the TRF's YY/MM/DD decide it too
    dates = resolve("03/01/2026", None, ["26/03/01", "26/03/02"])
    assert [r.date for r in dates.start_readings] == [dt.date(2026, 3, 1)]
    assert dates.rounds == (dt.date(2026, 3, 1), dt.date(2026, 3, 2))
    # 9 March is day first or 3 September month first: both fit, nothing decided
    assert len(resolve("01/03/2026", "09/03/2026", []).start_readings) == 2


# record 042 [052, 132] -> rule set, start date, the warning's text (None: no warning)
DATE_CASES = [
    pytest.param(["042 2026/04/18"], "fide-2026", dt.date(2026, 4, 18), None, id="trf"),
    pytest.param(["042 Nov 30, 2025"], "fide-2024", dt.date(2025, 11, 30), None, id="lichess"),
    pytest.param(["042 30.11.2025"], "fide-2024", dt.date(2025, 11, 30), None, id="german"),
    pytest.param(["042 2023/08/31"], "fide-2009", dt.date(2023, 8, 31), None, id="last-day-2009"),
    pytest.param(
        ["042 01/03/2026"],
        "fide-2026",
        dt.date(2026, 3, 1),
        "record 042 '01/03/2026' can be read in more than one way and the other dates of the file do not "
        "decide it: read day first it is 2026-03-01, under fide-2026 (used); read month first it is "
        "2026-01-03, under fide-2024; choose another with rules",
        id="ambiguous-day-month",
    ),
    pytest.param(
        ["042 18/04/26"],
        "fide-2026",
        dt.date(2026, 4, 18),
        "read year first it is 2018-04-26, under fide-2009",
        id="ambiguous-two-digit-year",
    ),
    pytest.param(
        ["042 01/03/2026", "052 20/03/2026"], "fide-2026", dt.date(2026, 3, 1), None, id="end-decides"
    ),
    pytest.param(
        ["042 03/01/2026", "052 03/20/2026"], "fide-2026", dt.date(2026, 3, 1), None, id="us-end-decides"
    ),
    # both readings of 01/02/2026 (1 February, 2 January) are under fide-2024: nothing to warn about
    pytest.param(["042 01/02/2026"], "fide-2024", dt.date(2026, 2, 1), None, id="ambiguous-same-rules"),
    pytest.param(
        [],
        "fide-2026",
        None,
        "the file has no start date (record 042): fide-2026 assumed; choose another with rules",
        id="missing",
    ),
    pytest.param(
        ["042 someday"],
        "fide-2026",
        None,
        "record 042 'someday' is not a date I can read: fide-2026 assumed",
        id="unreadable",
    ),
    # no 042: round 1's date (record 132, YY/MM/DD) decides; 2025-10-24 or 2024-10-25: fide-2024 either way
    pytest.param(["132" + " " * 88 + "25/10/24  25/10/25"], "fide-2024", None, None, id="round-dates-only"),
    pytest.param(
        ["132" + " " * 88 + "25/10/04  25/10/05"],
        "fide-2024",
        None,
        "read year first it is 2025-10-04, under fide-2024 (used); read day first it is 2004-10-25, under fide-2009",
        id="round-dates-ambiguous",
    ),
]


@pytest.mark.parametrize(("records", "rules", "start", "warning"), DATE_CASES)
def test_rule_set_from_the_dates(
    records: list[str], rules: str, start: dt.date | None, warning: str | None
) -> None:
    t = with_date(*records)
    assert t.start_date == start
    s = spareggio.rank(t, ["BH"])
    assert s.rules.name == rules
    if warning is None:
        assert s.rules_warning is None
    else:
        assert s.rules_warning is not None and warning in s.rules_warning
        assert s.rules_warning in s.warnings


def test_date_warning_heads_every_human_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.trf"
    path.write_text(trf(player(1, "   2 w 1"), player(2, "   1 b 0"), head=["012 Test", "042 01/03/2026"]))
    assert main(["standings", str(path), "-t", "BH"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[1].startswith("Rules: fide-2026 (start date 2026-03-01 is on or after 2026-03-01")
    assert lines[2].startswith("WARNING: record 042 '01/03/2026' can be read in more than one way")
    assert "warning: record 042 '01/03/2026'" in err
    assert main(["standings", str(path), "-t", "BH", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"] == "fide-2026"
    assert "ambiguous" in doc["rules_reason"]
    # JSON, the API's form, names the field as the API does; the terminal says the option
    assert doc["rules_warning"].endswith("choose another with rules")
    assert "choose another with --rules" in err


def test_rules_option_silences_the_date_warning() -> None:
    t = with_date("042 01/03/2026")
    s = spareggio.rank(t, ["BH"], rules="fide-2024")
    assert (s.rules.name, s.rules_warning, s.rules_reason) == ("fide-2024", None, "chosen by the caller")


# --------------------------------------------------------------------------------------------------
# live exports: the last round paired, not yet played


def test_live_export_ranks_after_the_last_complete_round() -> None:
    t = parse_trf(trf(*FOUR), "live.trf")
    assert (t.rounds, t.pending_round, t.complete_rounds) == (2, 2, 1)
    s = spareggio.rank(t, ["BH", "FB"], rules="fide-2026")
    assert s.after_round == 1
    assert s.warnings[:2] == [
        "round 2 is paired but 2 of its games have no result yet: the standings stand after round 1",
        "Fore Buchholz takes round 2's pairings as draws (C.07 8.3)",
    ]
    # said only where the list holds a Fore Buchholz (every live page said it)
    assert not any("Fore Buchholz" in w for w in spareggio.rank(t, ["BH"], rules="fide-2026").warnings)
    points = {row.player.start_number: row.points for row in s.rows}
    assert points == {1: 1, 2: 0, 3: Fraction(1, 2), 4: Fraction(1, 2)}
    bh = {row.player.start_number: row.values["BH"] for row in s.rows}
    fb = {row.player.start_number: row.values["FB"] for row in s.rows}
    # BH after round 1 (C.07 8.1): the opponent's score: 1 -> 0 (player 2), 3 -> 1/2 (player 4)
    assert bh == {1: 0, 2: 1, 3: Fraction(1, 2), 4: Fraction(1, 2)}
    # FB (C.07 8.3): round 2's pairings 1-3 and 4-2 drawn: scores 1: 1.5, 2: 0.5, 3: 1, 4: 1;
    # FB(1) = 0.5 (2) + 1 (3) = 1.5; FB(2) = 1.5 (1) + 1 (4) = 2.5; FB(3) = 1 (4) + 1.5 (1) = 2.5;
    # FB(4) = 1 (3) + 0.5 (2) = 1.5
    assert fb == {1: Fraction(3, 2), 2: Fraction(5, 2), 3: Fraction(5, 2), 4: Fraction(3, 2)}


def test_live_export_after_round_n_is_an_error() -> None:
    t = parse_trf(trf(*FOUR), "live.trf")
    with pytest.raises(ArgumentError) as info:
        spareggio.rank(t, ["BH"], after_round=2)
    assert str(info.value) == (
        "after_round 2: round 2 is paired but its results are not in the file yet; standings can be "
        "computed after round 1 at the latest"
    )
    assert spareggio.rank(t, ["BH"], after_round=1).warnings == []


def blank_last_round(text: str) -> str:
    """The example with round 9's game results removed, as exported right after the pairing."""
    out = []
    for line in text.splitlines():
        if line.startswith("001") and len(line) >= 92 + 80 + 7:
            b = 92 + 80 - 1  # round 9's block, 0-based
            if line[b : b + 4].strip() not in ("", "0000"):
                line = line[: b + 7] + " " + line[b + 8 :]
        out.append(line)
    return "\n".join(out) + "\n"


def test_live_export_of_the_bundled_example() -> None:
    full = parse_trf(EXAMPLE.read_bytes(), "open-2026.trf")
    live = parse_trf(blank_last_round(EXAMPLE.read_text(encoding="utf-8")), "live.trf")
    assert (live.pending_round, live.complete_rounds) == (9, 8)
    tbs = ["BH/C1", "BH", "SB", "FB"]
    now = spareggio.rank(live, tbs)
    then = spareggio.rank(full, tbs, after_round=8)
    # everything but FB is the standings after round 8 of the finished file
    for a, b in zip(now.rows, then.rows, strict=True):
        assert (a.player, a.points, a.rank) == (b.player, b.points, b.rank)
        assert [a.values[x] for x in tbs[:3]] == [b.values[x] for x in tbs[:3]]
    # FB with round 9's pairings drawn is FB of the finished file (its final round's games drawn)
    final = spareggio.rank(full, tbs)
    fb_final = {row.player.start_number: row.values["FB"] for row in final.rows}
    assert {row.player.start_number: row.values["FB"] for row in now.rows} == fb_final


def test_live_export_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "live.trf"
    path.write_text(trf(*FOUR))
    assert main(["standings", str(path), "-t", "BH", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["after_round"], doc["tournament"]["pending_round"]) == (1, 2)
    assert main(["standings", str(path), "--after-round", "2"]) == 2
    assert "round 2 is paired but its results are not in the file yet" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------------
# pseudo-players for the bye


@pytest.mark.parametrize(
    "name", ["spielfrei", "BYE", "bye", "Free", "Freilos", "riposo", "exempt", "Spielfrei."]
)
def test_pseudo_player_is_left_out(name: str) -> None:
    # player 3 is the bye: 1 "beat" it in round 1, 2 in round 2 (Swiss-Manager writes '+')
    text = trf(
        player(1, "   3 w +", "   2 b 1"),
        player(2, "0000 - U", "   1 w 0"),
        player(3, "   1 b -", "0000 - -", name=name),
    )
    t = parse_trf(text, "bye.trf")
    assert [p.start_number for p in t.players] == [1, 2]
    assert [str(w) for w in t.warnings if w.code == "pseudo-player"] == [
        (
            f"bye.trf:6:1: warning: player 3 {name!r} stands for the bye, not for a player: left out of the "
            "standings and of every tie-break; the 1 game(s) against it read as pairing-allocated byes"
        )
    ]
    assert t.kind[0, 0] == spareggio.core.model.ResultKind.PAB
    s = spareggio.rank(t, ["BH"], rules="fide-2026")
    assert [(r.player.start_number, r.points) for r in s.rows] == [(1, 2), (2, 1)]


def test_a_player_named_like_a_bye_who_scored_is_a_player() -> None:
    t = parse_trf(trf(player(1, "   2 w 1", name="Free"), player(2, "   1 b 0")), "t.trf")
    assert [p.name for p in t.players] == ["Free", "Player 2"]


# --------------------------------------------------------------------------------------------------
# team files, records read but not applied


@pytest.mark.parametrize(
    ("record", "column"),
    [
        ("310   1 Scacchi Trento                    ITA 2100  0.0  0.0   1  1  2  3  4", 1),
        # two rosters of one player each, whose players meet: a match of two teams (a list whose
        # players meet each other describes no match: tests/test_trf_clubs.py)
        ("013 Scacchi Trento                     1\n013 Scacchi Rovereto                   2", 1),
        ("092 FIDE-TEAM-SWISS", 1),
    ],
)
def test_team_file_is_named(record: str, column: int) -> None:
    text = trf(player(1, "   2 w 1"), player(2, "   1 b 0"), record, head=["012 Team"])
    with pytest.raises(InputError) as info:
        parse_trf(text, "team.trf")
    message = str(info.value)
    line = 4
    assert message.startswith(f"team.trf:{line}:{column}: this is a team tournament (record {record[:3]}")
    assert "read it with spareggio.read_event" in message


def test_duplicate_header_and_299_are_said() -> None:
    text = trf(
        player(1, "   2 w 1"),
        player(2, "   1 b 0"),
        "299 W        1.0  001    1",  # TRF-26: type 5, points 14-17, round 20-22, ids from 24
        head=["012 First name", "012 Second name", "092 Individual: Swiss-System"],
    )
    t = parse_trf(text, "d.trf")
    assert t.name == "Second name"
    codes = {w.code: str(w) for w in t.warnings}
    assert codes["duplicate-record"] == (
        "d.trf:2:1: warning: record 012 appears again (first on line 1): this one is used, line 1 is ignored"
    )
    assert codes["record-299"] == "d.trf:6:1: warning: record 299 applied: the win of player(s) 1 in round 1 scores 1.0"


# --------------------------------------------------------------------------------------------------
# what the file declares


def declared_file(tmp_path: Path) -> Path:
    # 1 beat 2, 3 beat 4; the file says 2 is first (rank 1) and 4 is not ranked (0); 3's points are wrong
    path = tmp_path / "declared.trf"
    path.write_text(
        trf(
            player(1, "   2 w 1", rank="2", points="1.0"),
            player(2, "   1 b 0", rank="1", points="0.0"),
            player(3, "   4 w 1", rank="3", points="0.5"),
            player(4, "   3 b 0", rank="0", points="0.0"),
            head=["012 Declared", "042 2026/06/01", "092 Individual: Swiss-System"],
        )
    )
    return path


def test_declared_rank_and_points_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(declared_file(tmp_path)), "-t", "BH", "-f", "json"]) == 0
    out, err = capsys.readouterr()
    rows = {r["start_number"]: r for r in json.loads(out)["standings"]}
    assert {k: (r["declared_rank"], r["declared_points"], r["points"]) for k, r in rows.items()} == {
        1: (2, 1, 1),
        2: (1, 0, 0),
        3: (3, 0.5, 1),
        4: (0, 0, 0),
    }
    assert "player 3: the points column says 0.5 but the results add up to 1.0" in err


def test_declared_rank_in_table_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = declared_file(tmp_path)
    assert main(["standings", str(path), "-t", "BH", "-q"]) == 0
    table = capsys.readouterr().out.splitlines()
    header = next(line for line in table if line.split()[:1] == ["Rk"])
    assert header.split() == ["Rk", "SNo", "Tit", "Name", "Fed", "Rtg", "Pts", "BH", "Decl"]
    # 1 and 3 share places 1-2 (1 point, BH 0 each): 1's declared 2 is right; 2 and 4 share 3-4, so 2's
    # declared 1 differs and the Decl column appears
    assert main(["standings", str(path), "-t", "BH", "-f", "csv", "-q"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["start_number"]: (r["declared_rank"], r["declared_points"]) for r in rows} == {
        "1": ("2", "1"),
        "2": ("1", "0"),
        "3": ("3", "0.5"),
        "4": ("0", "0"),
    }


# --------------------------------------------------------------------------------------------------
# files in other programs' styles (tests/data/programs), through the command line


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object], str]:
    code = main(["standings", *args, "-f", "json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else {}), err


@pytest.mark.parametrize(
    ("name", "rules", "after_round", "players", "warning"),
    [
        ("lichess-style.trf", "fide-2024", 5, 6, None),
        ("swiss-manager-spielfrei.trf", "fide-2026", 5, 7, "'spielfrei' stands for the bye"),
        (
            "vega-live-export.trf",
            "fide-2026",
            4,
            8,
            "round 5 is paired but 4 of its games have no result yet",
        ),
        ("trf2x-dates-and-byes.trf", "fide-2026", 3, 6, None),
        ("italian-ambiguous-date.trf", "fide-2026", 5, 6, "can be read in more than one way"),
    ],
)
def test_program_styles(
    capsys: pytest.CaptureFixture[str],
    name: str,
    rules: str,
    after_round: int,
    players: int,
    warning: str | None,
) -> None:
    code, doc, err = run(capsys, str(DATA / name))
    assert code == 0, err
    assert (doc["rules"], doc["after_round"], len(doc["standings"])) == (rules, after_round, players)  # type: ignore[arg-type]
    if warning:
        assert warning in err
    # the points of every row add up from the results: what the file declares agrees where it is given
    for row in doc["standings"]:  # type: ignore[attr-defined]
        if row["declared_points"] is not None and doc["tournament"]["pending_round"] is None:  # type: ignore[index]
            assert row["declared_points"] == row["points"]


def test_team_file_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    # every command ranks the teams of a team file
    runs = (
        (["standings"], "Scacchi Trento"),
        (["compare", "-r", "fide-2026,italian"], "Scacchi Trento"),
        (["check"], "(fide-2024; MPvGP, BH/C1, EMGSB)"),  # the team list, the file declares no rank
        (["explain", "--team", "1"], "Scacchi Trento"),
    )
    for args, expected in runs:
        assert main([args[0], str(DATA / "team-trf2x.trf"), *args[1:], "-q"]) in (0, 1)
        assert expected in capsys.readouterr().out


def test_date_warning_heads_the_explanation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.trf"
    path.write_text(trf(player(1, "   2 w 1"), player(2, "   1 b 0"), head=["012 Test", "042 18/04/26"]))
    assert main(["explain", str(path), "-p", "1", "-t", "BH", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Test"  # the tournament heads the explanation
    assert lines[2].startswith("Rule set: fide-2026 (start date 2026-04-18")
    assert lines[3].startswith("WARNING: record 042 '18/04/26' can be read in more than one way")
    assert main(["explain", str(path), "-p", "1", "-t", "BH", "-q", "-f", "html"]) == 0
    page = capsys.readouterr().out
    assert '<p class="warning"><strong>record 042 &#x27;18/04/26&#x27; can be read' in page
    assert main(["explain", str(path), "-p", "1", "-t", "BH", "-q", "-f", "json"]) == 0
    assert (
        "read year first it is 2018-04-26, under fide-2009"
        in json.loads(capsys.readouterr().out)["rules_warning"]
    )


def test_live_export_note_in_italian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the note that the standings stand after an earlier round, in the table's language
    path = tmp_path / "live.trf"
    path.write_text(trf(*FOUR))
    assert main(["standings", str(path), "-t", "BH,FB", "--lang", "it"]) == 0
    out = capsys.readouterr()
    assert (
        "Nota: il turno 2 è abbinato ma 2 delle sue partite non hanno ancora un risultato: la classifica è "
        "quella dopo il turno 1\nNota: il Buchholz Fore prende gli abbinamenti del turno 2 come patte (C.07 8.3)"
    ) in out.out
    assert "is paired" not in out.out + out.err
