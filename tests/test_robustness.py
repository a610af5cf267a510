"""Robustness of the TRF reader: dialects seen in the wild (one fixture file each in
``tests/data/dialects``), lenient repairs, limits, hostile text in exports, and writes that fail
half-way.

Every fixture is the same small Swiss (``standard.trf``) written another way.  Its crosstable, with
the digest §3 result codes, is::

    no.  R1        R2        R3         points
    1    +W4 1     =B6 ½     +W2 1      2.5
    2    =W5 ½     +B4 1     -B1 0      1.5
    3    -W6 0     -B5 0     HPB ½      0.5
    4    -B1 0     -W2 0     PAB 1      1.0
    5    =B2 ½     +W3 1     forfeit-   1.5   (scheduled Black against 6)
    6    +B3 1     =W1 ½     forfeit+   2.5   (scheduled White against 5)

The header records put the player records on lines 8-13 (player k on line 7 + k).
"""

from __future__ import annotations

import csv
import io
import os
from fractions import Fraction
from pathlib import Path
from typing import Any, Self

import pytest

from spareggio import InputError, rank
from spareggio.base.errors import InputLimitError, TrfConsistencyError, TrfSyntaxError
from spareggio.cli import main
from spareggio.core.model import Color, ResultKind
from spareggio.io import trf
from spareggio.io.output import write_atomic
from spareggio.io.trf import parse_trf, read_trf

K = ResultKind
C = Color
DIALECTS = Path(__file__).parent / "data" / "dialects"

Crosstable = dict[int, list[tuple[ResultKind, int, Color]]]

STANDARD: Crosstable = {
    1: [(K.PLAYED_WIN, 4, C.WHITE), (K.PLAYED_DRAW, 6, C.BLACK), (K.PLAYED_WIN, 2, C.WHITE)],
    2: [(K.PLAYED_DRAW, 5, C.WHITE), (K.PLAYED_WIN, 4, C.BLACK), (K.PLAYED_LOSS, 1, C.BLACK)],
    3: [(K.PLAYED_LOSS, 6, C.WHITE), (K.PLAYED_LOSS, 5, C.BLACK), (K.HALF_BYE, 0, C.NONE)],
    4: [(K.PLAYED_LOSS, 1, C.BLACK), (K.PLAYED_LOSS, 2, C.WHITE), (K.PAB, 0, C.NONE)],
    5: [(K.PLAYED_DRAW, 2, C.BLACK), (K.PLAYED_WIN, 3, C.WHITE), (K.FORFEIT_LOSS, 6, C.BLACK)],
    6: [(K.PLAYED_WIN, 3, C.BLACK), (K.PLAYED_DRAW, 1, C.WHITE), (K.FORFEIT_WIN, 5, C.WHITE)],
}
# points from the table above (C.07 1/½/0; PAB = 1, HPB = ½, forfeit win 1, forfeit loss 0)
POINTS = {
    1: Fraction(5, 2),
    2: Fraction(3, 2),
    3: Fraction(1, 2),
    4: Fraction(1),
    5: Fraction(3, 2),
    6: Fraction(5, 2),
}
WITHDRAWN = (K.WITHDRAWN, 0, C.NONE)


def record(sno: int, name: str, *blocks: str, points: str = "") -> str:
    """A 001 record (digest §2): the 8-character blocks ``nnnn c r`` start in column 92."""
    head = f"001 {sno:4d} m    {name:<33} 2000 ITA {'':>11} {'':10} {points:>4}     "
    assert len(head) == 89
    return head + "".join("  " + b for b in blocks)


def crosstable(t: Any) -> Crosstable:
    """The tournament's rounds by start number: (kind, opponent's start number or 0, colour)."""
    numbers = [p.start_number for p in t.players]
    return {
        numbers[i]: [
            (
                K(int(t.kind[i, r])),
                numbers[t.opponent[i, r]] if t.opponent[i, r] >= 0 else 0,
                C(int(t.color[i, r])),
            )
            for r in range(t.rounds)
        ]
        for i in range(t.n_players)
    }


def points(t: Any) -> dict[int, Fraction]:
    return {row.player.start_number: row.points for row in rank(t, ["PTS"]).rows}


def warnings(t: Any) -> list[str]:
    return [str(w) for w in t.warnings]


def relabel(table: Crosstable, numbers: dict[int, int]) -> Crosstable:
    return {numbers[s]: [(k, numbers.get(o, 0), c) for k, o, c in rounds] for s, rounds in table.items()}


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------------------------------
# dialects read as the same event


def test_standard_fixture() -> None:
    t = read_trf(DIALECTS / "standard.trf")
    assert crosstable(t) == STANDARD
    assert points(t) == POINTS
    assert [p.rank for p in t.players] == [1, 4, 6, 5, 3, 2]
    assert t.warnings == []


GAPS = {1: 1, 2: 3, 3: 4, 4: 7, 5: 10, 6: 12}
"""start-number-gaps.trf: the players of standard.trf numbered 1 3 4 7 10 12."""


@pytest.mark.parametrize(
    ("name", "numbers", "notes"),
    [
        ("no-rank.trf", None, []),  # columns 86-89 blank
        ("start-number-gaps.trf", GAPS, []),
        ("out-of-order.trf", None, []),  # lines in the order 4 1 6 2 5 3
        ("lower-case-codes.trf", None, []),  # 'h', 'u', 'd'; colours 'W' and 'B'
        ("zero-or-blank-opponents.trf", None, []),  # '     - H' and '   0 - U' for the byes of 3 and 4
        ("windows-1252.trf", None, []),  # CRLF line ends, names not valid as UTF-8
        (
            "tabs.trf",  # 'unexpand -a': every run of blanks that ends on a multiple of 8 is a tab
            None,
            [
                (
                    "8:27: warning: 6 player record(s) hold tab characters, read with tabs expanded to every "
                    "8th "
                    "column; columns on those lines are counted after expansion"
                )
            ],
        ),
    ],
)
def test_dialects_read_as_the_standard_event(
    name: str, numbers: dict[int, int] | None, notes: list[str]
) -> None:
    t = read_trf(DIALECTS / name)
    assert crosstable(t) == (relabel(STANDARD, numbers) if numbers else STANDARD)
    assert points(t) == ({numbers[s]: v for s, v in POINTS.items()} if numbers else POINTS)
    assert warnings(t) == [f"{DIALECTS / name}:{note}" for note in notes]


def test_rank_column_missing() -> None:
    assert [p.rank for p in read_trf(DIALECTS / "no-rank.trf").players] == [None] * 6


def test_start_numbers_with_gaps_keep_their_numbers() -> None:
    t = read_trf(DIALECTS / "start-number-gaps.trf")
    assert [p.start_number for p in t.players] == [1, 3, 4, 7, 10, 12]
    assert t.index_of(12) == 5
    # no. 12 (player 6 of standard.trf): R1 beat 4 (= old no. 3) with Black
    assert crosstable(t)[12][0] == (K.PLAYED_WIN, 4, C.BLACK)


def test_players_out_of_order_keep_their_lines() -> None:
    t = read_trf(DIALECTS / "out-of-order.trf")
    assert [(p.start_number, p.position.line if p.position else 0) for p in t.players] == [
        (4, 8), (1, 9), (6, 10), (2, 11), (5, 12), (3, 13)
    ]  # fmt: skip


def test_lower_case_letter_codes() -> None:
    # 'd' is a draw in less than one move (digest §3): played, flagged short, on both sides
    t = read_trf(DIALECTS / "lower-case-codes.trf")
    short = {(t.players[i].start_number, r + 1) for i, r in zip(*t.short_game.nonzero(), strict=True)}
    assert short == {(2, 1), (5, 1)}


def test_windows_1252_names() -> None:
    t = read_trf(DIALECTS / "windows-1252.trf")
    assert t.encoding == "cp1252"
    assert [p.name for p in t.players] == [
        "Šeško, Žan", "O’Neill, Seán", "Cañas, Íñigo",
        "Œhler, Zoë", "Müller, Jürgen", "Ramírez, José",
    ]  # fmt: skip


def test_points_column_that_disagrees_is_a_warning() -> None:
    # player 2 writes 2.0; his results: draw ½ + win 1 + loss 0 = 1.5, which is used
    path = DIALECTS / "points-mismatch.trf"
    t = read_trf(path)
    assert warnings(t) == [
        (
            f"{path}:9:81: warning: player 2: the points column says 2.0 but the results add up to 1.5; the "
            "results are used"
        )
    ]
    assert points(t) == POINTS


def test_trailing_blanks_cut() -> None:
    # player 7 was never paired: '0000 -  ' three times, the last one cut to '0000 -' by the editor;
    # a run of unpaired rounds up to the end is a withdrawal
    t = read_trf(DIALECTS / "trailing-blanks-cut.trf")
    assert crosstable(t) == {**STANDARD, 7: [WITHDRAWN] * 3}
    assert t.warnings == []


def test_lines_longer_and_shorter_than_the_round_blocks() -> None:
    # blanks up to column 150 on most lines; player 3's line stops after round 2 (withdrawn: 0 + 0 = 0);
    # player 4's line has a fourth round, a half-point bye (0 + 0 + 1 + ½ = 1.5) though 142 says 3
    path = DIALECTS / "ragged-lines.trf"
    t = read_trf(path)
    expected = {s: [*rounds, WITHDRAWN] for s, rounds in STANDARD.items()}
    expected[3] = [*STANDARD[3][:2], WITHDRAWN, WITHDRAWN]
    expected[4] = [*STANDARD[4], (K.HALF_BYE, 0, C.NONE)]
    assert crosstable(t) == expected
    assert points(t) == {**POINTS, 3: Fraction(0), 4: Fraction(3, 2)}
    assert warnings(t) == [f"{path}:7:1: warning: the file announces 3 rounds but holds data for 4"]


# --------------------------------------------------------------------------------------------------
# files that hold no tournament


@pytest.mark.parametrize(
    ("name", "error", "message"),
    [
        ("empty.trf", TrfSyntaxError, "1:1: no player records (lines starting with '001') in the file"),
        ("no-players.trf", TrfSyntaxError, "1:1: no player records (lines starting with '001') in the file"),
        ("binary.trf", TrfSyntaxError, "1:1: this is a binary file, not a TRF text file (found NUL bytes)"),
        (
            "tab-as-one-blank.trf",  # player 3's line: '001\t   3 m ...', the tab standing for one blank
            TrfSyntaxError,
            (
                "10:4: tab character in column 4 of a 001 record: with tabs expanded to every 8th column the "
                "record "
                "does not fit the TRF columns: start number: expected a number in columns 5-8, found nothing "
                "(columns counted after expansion); write blanks instead of tabs"
            ),
        ),
        (
            "one-sided-game.trf",  # strict: the first problem, round by round
            TrfConsistencyError,
            "10:97: round 1: players 3 and 6 both have colour w (see also line 13)",
        ),
    ],
)
def test_files_refused(name: str, error: type[InputError], message: str) -> None:
    with pytest.raises(error) as info:
        read_trf(DIALECTS / name)
    assert str(info.value) == f"{DIALECTS / name}:{message}"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("empty.trf", "1:1: no player records (lines starting with '001') in the file"),
        ("binary.trf", "1:1: this is a binary file, not a TRF text file (found NUL bytes)"),
    ],
)
def test_cli_refuses_with_one_line(capsys: pytest.CaptureFixture[str], name: str, message: str) -> None:
    assert run(capsys, "standings", DIALECTS / name) == (2, "", f"{DIALECTS / name}:{message}\n")


def test_tab_that_pushes_a_field_off_the_grid() -> None:
    # the tab in column 57 ends at column 64: the FIDE id moves to columns 65-70, its '4' lands on the
    # blank column 69 between FIDE id and birth date; every field still parses, but off the TRF columns
    line = f"001    1 m    {'Rossi, Marco':<33} 2210 ITA\t853140"
    with pytest.raises(TrfSyntaxError) as info:
        parse_trf(line + "\n", "tab.trf")
    assert str(info.value) == (
        "tab.trf:1:57: tab character in column 57 of a 001 record: with tabs expanded to every 8th column "
        "the "
        "record does not fit the TRF columns: column 69 holds '4' where the TRF columns have a blank "
        "(columns "
        "counted after expansion); write blanks instead of tabs"
    )


def test_tab_in_the_place_of_a_blank_run_is_read() -> None:
    # columns 27-48 of player 1's line as a tab: the rating still starts in column 49
    line = f"001    1 m    {'Rossi, Marco':<12}\t\t\t2210 ITA      853140 1988/04/12  1.0    1  0000 - U"
    t = parse_trf(line + "\n", "tab.trf")
    assert (t.players[0].name, t.players[0].rating, K(int(t.kind[0, 0]))) == ("Rossi, Marco", 2210, K.PAB)
    assert [w.code for w in t.warnings] == ["tabs-expanded"]


# --------------------------------------------------------------------------------------------------
# lenient reading


def test_lenient_repairs_with_a_warning_each() -> None:
    # one-sided-game.trf differs from standard.trf in three places:
    #   R1: 6 writes '3 w 1' (3 has White too)          -> colour removed on both sides
    #   R2: 3 writes '5 b 1' against 5's '3 w 1'         -> both keep their win
    #   R3: 5's line stops after R2; 6 writes '5 w +'    -> 5's side written: '   6 b -'
    path = DIALECTS / "one-sided-game.trf"
    t = read_trf(path, lenient=True)
    assert warnings(t) == [
        (
            f"{path}:10:97: warning: round 1: players 3 and 6 both have colour w (see also line 13); "
            "repaired: the "
            "colour is removed on both sides"
        ),
        (
            f"{path}:10:109: warning: round 2: results '1' (player 3) and '1' (player 5) do not fit together "
            "(see also "
            "line 12); kept as written: each player scores his own result"
        ),
        (
            f"{path}:13:112: warning: round 3: player 6 is paired with 5, but player 5's line has no entry "
            "in round 3 "
            "(see also line 12); repaired: player 5's round 3 now reads '   6 b -'"
        ),
    ]
    table = crosstable(t)
    assert table[3] == [(K.PLAYED_LOSS, 6, C.NONE), (K.PLAYED_WIN, 5, C.BLACK), (K.HALF_BYE, 0, C.NONE)]
    assert table[5] == [(K.PLAYED_DRAW, 2, C.BLACK), (K.PLAYED_WIN, 3, C.WHITE), (K.FORFEIT_LOSS, 6, C.BLACK)]
    assert table[6][0] == (K.PLAYED_WIN, 3, C.NONE)
    # 3: 0 + 1 + ½ = 1.5 (his points column agrees); 5: ½ + 1 + 0 = 1.5; the others as in standard.trf
    assert points(t) == {**POINTS, 3: Fraction(3, 2)}


def test_lenient_does_not_invent_a_game_that_two_players_claim() -> None:
    # 1 and 2 both claim a game with 3 in round 1; 3's line is empty.  The first claim is written on
    # 3's line, the second contradicts it.
    text = "\n".join([record(1, "A", "   3 w 1"), record(2, "B", "   3 b 1"), record(3, "C")])
    with pytest.raises(TrfConsistencyError) as info:
        parse_trf(text, "two.trf", lenient=True)
    assert str(info.value) == (
        "two.trf:2:92: round 1: player 2 is paired with 3, but player 3's line has no entry in round 1 and "
        "was "
        "completed from the line of player 1, also paired with 3 (line 1) (see also line 3)"
    )


@pytest.mark.parametrize(
    "command", [["standings", "-t", "BH"], ["compare", "-t", "BH"], ["explain", "-p", "5"]]
)
def test_cli_lenient_flag(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    path = DIALECTS / "one-sided-game.trf"
    code, out, err = run(capsys, *command, path)
    assert (code, out, err) == (
        2,
        "",
        f"{path}:10:97: round 1: players 3 and 6 both have colour w (see also line 13)\n",
    )
    code, out, err = run(capsys, *command, path, "--lenient")
    assert code == 0 and out
    assert [line.split(": warning: ")[0] for line in err.splitlines()] == [
        f"{path}:10:97",
        f"{path}:10:109",
        f"{path}:13:112",
    ]


# --------------------------------------------------------------------------------------------------
# diagnostics


def test_every_diagnostic_names_its_place() -> None:
    for path in sorted(DIALECTS.glob("*.trf")):
        try:
            t = read_trf(path, lenient=True)
        except InputError as exc:
            assert (exc.position.path, exc.position.line >= 1, exc.position.column >= 1) == (
                str(path),
                True,
                True,
            )
            assert "\n" not in str(exc)
            continue
        for w in t.warnings:
            assert w.position is not None and w.position.path == str(path), (path, w)
            assert "\n" not in str(w)


def test_a_path_with_control_characters_stays_on_one_line() -> None:
    with pytest.raises(TrfSyntaxError) as info:
        parse_trf(b"", "evil\nname\x1b.trf")
    assert (
        str(info.value)
        == "evil\\nname\\x1b.trf:1:1: no player records (lines starting with '001') in the file"
    )


def test_control_characters_in_text_fields_are_replaced_once() -> None:
    # a terminal obeys ESC: the names reach tables and terminals as U+FFFD instead, one warning for all
    text = "\n".join([record(1, "Esc\x1b[31mRed"), record(2, "Bell\x07")]) + "\n"
    t = parse_trf(text, "ctl.trf")
    assert [p.name for p in t.players] == ["Esc\ufffd[31mRed", "Bell\ufffd"]
    assert warnings(t) == [
        (
            "ctl.trf:1:15: warning: player 1: name: control characters replaced by U+FFFD; found "
            "'Esc\\x1b[31mRed' "
            "(2 text fields in all)"
        )
    ]


# --------------------------------------------------------------------------------------------------
# limits


def test_file_larger_than_the_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.trf"
    with open(path, "wb") as handle:
        handle.truncate(trf.MAX_FILE_BYTES + 1)  # sparse: no disk used, nothing to read
    with pytest.raises(InputLimitError) as info:
        read_trf(path)
    assert str(info.value) == f"{path}:1:1: the file has 67108865 bytes, more than the limit of 67108864"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_file_that_never_ends_is_read_up_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # a device has no size in its status: it is read in chunks, and one byte past the limit is enough
    monkeypatch.setattr(trf.text, "MAX_FILE_BYTES", 3 * 2**20)
    with pytest.raises(InputLimitError) as info:
        read_trf("/dev/zero")
    assert str(info.value) == "/dev/zero:1:1: the file has 3145729 bytes, more than the limit of 3145728"


def test_text_larger_than_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trf.text, "MAX_FILE_BYTES", 100)
    with pytest.raises(InputLimitError) as info:
        parse_trf(b"012 x\n" * 17, "big.trf")  # 17 x 6 = 102 bytes
    assert str(info.value) == "big.trf:1:1: the file has 102 bytes, more than the limit of 100"


def test_too_many_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trf.text, "MAX_LINES", 10)
    with pytest.raises(InputLimitError) as info:
        parse_trf("\r\n".join(["###"] * 11), "long.trf")  # 11 lines, CRLF counted once
    assert str(info.value) == "long.trf:11:1: the file has 11 lines, more than the limit of 10"


def test_a_line_longer_than_the_limit_is_refused_at_its_column() -> None:
    # docs/limits.md: a TRF line holds at most 4,096 characters (99 round blocks need 1,081)
    text = "012 Open\n022 " + "x" * 5000 + "\n" + record(1, "Solo")
    with pytest.raises(InputLimitError) as info:
        parse_trf(text, "long.trf")
    assert str(info.value) == "long.trf:2:4097: the line has 5004 characters, more than the limit of 4096"


def test_a_text_record_longer_than_the_limit_is_refused() -> None:
    # the event's name (record 012) is free text: 1,000 characters at most, counted from column 5
    text = "012 " + "N" * 1001 + "\n" + record(1, "Solo")
    with pytest.raises(InputLimitError) as info:
        parse_trf(text, "name.trf")
    assert str(info.value) == "name.trf:1:5: record 012 has 1001 characters, more than the limit of 1000"
    assert parse_trf("012 " + "N" * 1000 + "\n" + record(1, "Solo")).name == "N" * 1000


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_wide_text_with_a_byte_order_mark_is_read(encoding: str) -> None:
    # Notepad's "Unicode" is UTF-16 LE with a mark; the event reads as the UTF-8 original
    original = (DIALECTS / "standard.trf").read_text(encoding="utf-8")
    # the plain codecs write their mark, the -be ones none: it is written by hand
    data = ("\ufeff" + original).encode(encoding) if encoding.endswith("-be") else original.encode(encoding)
    assert data[:2] in (b"\xff\xfe", b"\xfe\xff", b"\x00\x00")
    t = parse_trf(data, "wide.trf")
    assert t.encoding == encoding.removesuffix("-be")
    assert crosstable(t) == STANDARD
    assert [p.name for p in t.players] == [p.name for p in parse_trf(original).players]


def test_wide_text_that_is_not_what_its_mark_says() -> None:
    with pytest.raises(TrfSyntaxError) as info:
        parse_trf(b"\xff\xfe" + "012 x\n".encode("utf-16-le") + b"\x00\xd8", "odd.trf")
    assert str(info.value) == (
        "odd.trf:1:1: the file starts with a UTF-16 byte-order mark but is not UTF-16 text (byte 14)"
    )


def tournament_json(names: list[str], **event: object) -> str:
    """A two-round tournament JSON file: player 1 beats 2, then 2 beats 1."""
    import json

    n = len(names)
    return json.dumps(
        {
            "format": "spareggio-tournament",
            "version": 1,
            "event": {"name": "Hostile", **event},
            "players": {"start_number": list(range(1, n + 1)), "name": names},
            "rounds": [
                {"opponent": [2, 1] + [0] * (n - 2), "color": "wb" + "-" * (n - 2), "result": "10" + " " * (n - 2)}
            ],
        },
        ensure_ascii=False,
    )


def test_a_json_name_longer_than_the_limit_is_refused_at_its_place() -> None:
    from spareggio.io.tournament_json import parse_tournament_json

    text = tournament_json(["Rossi", "B" * 201])
    with pytest.raises(InputLimitError) as info:
        parse_tournament_json(text, "t.json")
    column = text.index("B" * 201) + 1  # one line: the column is the offset of the string's start
    assert str(info.value) == (
        f"t.json:1:{column - 1}: $.players.name[1]: the text has 201 characters, more than the limit of 200"
    )
    assert parse_tournament_json(tournament_json(["Rossi", "B" * 200])).players[1].name == "B" * 200
    with pytest.raises(InputLimitError, match=r"\$\.event\.city: the text has 1001 characters"):
        parse_tournament_json(tournament_json(["A", "B"], city="C" * 1001))


def test_a_json_integer_of_4301_digits_is_an_input_error() -> None:
    # Python refuses to convert more than 4,300 digits (ValueError, not a JSON syntax error)
    from spareggio.io.tournament_json import parse_tournament_json

    text = tournament_json(["A", "B"]).replace('"version": 1', '"version": 1,\n "x": ' + "7" * 4301)
    with pytest.raises(InputLimitError) as info:
        parse_tournament_json(text, "digits.json")
    assert str(info.value) == "digits.json:2:7: invalid JSON: a number has more than 4300 digits"


def test_more_player_records_than_start_numbers() -> None:
    # start numbers have 4 digits: the 10000th record (line 7 + 10000) is refused before any is parsed
    header = (DIALECTS / "standard.trf").read_text(encoding="utf-8").split("\n")[:7]
    players = [f"001 {k % 9999 + 1:4d} m    Player {k}" for k in range(10_000)]
    with pytest.raises(InputLimitError) as info:
        parse_trf("\n".join(header + players), "many.trf")
    assert str(info.value) == "many.trf:10007:1: more than 9999 player records (start numbers have 4 digits)"


FIFTY_MB = 50 * 1024 * 1024


def test_file_of_50_mb_padded_with_comments(tmp_path: Path) -> None:
    import tracemalloc

    path = tmp_path / "padded.trf"
    comment = "### " + "x" * 995 + "\n"  # 1000 bytes
    with open(path, "w", encoding="utf-8") as handle:
        handle.write((DIALECTS / "standard.trf").read_text(encoding="utf-8"))
        handle.write(comment * (FIFTY_MB // len(comment)))
    size = path.stat().st_size
    assert size > 50_000_000
    tracemalloc.start()
    try:
        t = read_trf(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert crosstable(t) == STANDARD and t.warnings == []
    # the bytes, the text and the lines each take about the file's size, and the reader keeps at most
    # two of them at a time (plus arrays for 6 players): under 3 sizes
    assert peak < 3 * size, peak


def test_file_of_50_mb_of_player_records(tmp_path: Path) -> None:
    path = tmp_path / "records.trf"
    lines = (DIALECTS / "standard.trf").read_text(encoding="utf-8").split("\n")
    players = "\n".join(lines[7:13]) + "\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines[:7]) + "\n")
        handle.write(players * (FIFTY_MB // len(players)))
    with pytest.raises(InputLimitError) as info:
        read_trf(path)
    assert str(info.value) == f"{path}:10007:1: more than 9999 player records (start numbers have 4 digits)"


def test_too_many_rounds_beyond_trailing_blanks() -> None:
    # 99 rounds and then blanks to column 3000: blanks are not a 100th round
    line = "001    1 m    A" + " " * 74 + "  0000 - U" * 99 + " " * 2000
    assert parse_trf(line, "x.trf").rounds == 99
    with pytest.raises(InputLimitError) as info:
        parse_trf(line.rstrip() + "  0000 - U", "x.trf")
    assert str(info.value) == "x.trf:1:1082: more than 99 rounds on one line"


# --------------------------------------------------------------------------------------------------
# exports safe to open


def test_csv_neutralises_formulas_from_a_trf(capsys: pytest.CaptureFixture[str]) -> None:
    path = DIALECTS / "hostile-names.trf"
    code, out, err = run(capsys, "standings", path, "-t", "BH", "-f", "csv")
    assert code == 0
    assert (
        err == f"{path}:13:15: warning: player 6: name: control characters replaced by U+FFFD; found "
        "'Esc\\x1b[31mRed'\n"
    )
    names = {int(row["start_number"]): row["name"] for row in csv.DictReader(io.StringIO(out))}
    assert names == {
        1: '\'=HYPERLINK("http://x.test","a")',
        2: "'+1+2",
        3: "'-2+3",
        4: "'@SUM(A1:A9)",
        5: "<script>alert(1)</script>",  # harmless in a spreadsheet
        6: "Esc\ufffd[31mRed",
    }


def test_html_escapes_a_hostile_name(capsys: pytest.CaptureFixture[str]) -> None:
    path = DIALECTS / "hostile-names.trf"
    code, out, _ = run(capsys, "explain", path, "-p", "5", "-t", "BH", "-f", "html")
    assert code == 0
    assert "<script>" not in out and "alert(1)</script>" not in out
    assert "<title>Why &lt;script&gt;alert(1)&lt;/script&gt; (no. 5) has these tie-breaks</title>" in out
    code, out, _ = run(capsys, "explain", path, "-p", "1", "-t", "BH", "-f", "html")
    assert code == 0
    assert "=HYPERLINK(&quot;http://x.test&quot;,&quot;a&quot;)" in out and "\x1b" not in out


# --------------------------------------------------------------------------------------------------
# no data loss: a write that fails half-way leaves the old file, or none, and no temporary file


class _DiskFull(OSError):
    def __init__(self) -> None:
        super().__init__(28, "No space left on device")


def _half_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every text file opened from a descriptor write half of its text, then fail."""
    real = os.fdopen

    class Half:
        def __init__(self, handle: Any) -> None:
            self.handle = handle

        def __enter__(self) -> Self:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def write(self, text: str) -> int:
            self.handle.write(text[: len(text) // 2])
            self.handle.flush()
            raise _DiskFull()

    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **kw: Half(real(fd, *a, **kw)))


def _fail_fsync(monkeypatch: pytest.MonkeyPatch, failure: BaseException) -> None:
    def fsync(fd: int) -> None:
        raise failure

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize("old", [None, "rank,name\n1,old\n"])
@pytest.mark.parametrize(
    "fail",
    [
        _half_writes,
        lambda mp: _fail_fsync(mp, _DiskFull()),
        lambda mp: _fail_fsync(mp, KeyboardInterrupt()),  # Ctrl-C between write and rename
    ],
    ids=["half-written", "fsync-fails", "interrupted"],
)
def test_interrupted_write_leaves_no_partial_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str | None, fail: Any
) -> None:
    target = tmp_path / "out.csv"
    if old is not None:
        target.write_text(old, encoding="utf-8")
    fail(monkeypatch)
    with pytest.raises((OSError, KeyboardInterrupt)):
        write_atomic(target, "rank,name\n" + "1,new\n" * 10_000)
    monkeypatch.undo()
    assert [p.name for p in tmp_path.iterdir()] == ([] if old is None else ["out.csv"])
    if old is not None:
        assert target.read_text(encoding="utf-8") == old


def test_cli_output_that_fails_half_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "standings.csv"
    _half_writes(monkeypatch)
    code, out, err = run(capsys, "standings", DIALECTS / "standard.trf", "-f", "csv", "-o", target)
    monkeypatch.undo()
    assert (code, out) == (2, "")
    assert (
        err.startswith("spareggio: ")
        and err.endswith("no space left on the device\n")
        and err.count("\n") == 1
    )
    assert list(tmp_path.iterdir()) == []
