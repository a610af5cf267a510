"""The tournament JSON format (``spareggio.io.tournament_json``): reading, writing, errors, the
reader dispatch by file name or content, and the command line with JSON files.

The format keeps the TRF meaning of every result code (digest ``trf-format.md``, player records):
the reader must build the same tournament as the TRF reader does from the same crosstable.
"""

from __future__ import annotations

import copy
import json
import os
import stat
import threading
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import spareggio
from spareggio import InputError
from spareggio.base.errors import InputLimitError
from spareggio.cli import main
from spareggio.core.model import KindSource, ResultKind, Scoring, TournamentKind
from spareggio.generate import generate
from spareggio.io import is_tournament_json, read_tournament
from spareggio.io.output import write_atomic
from spareggio.io.tournament_json import parse_tournament_json, write_tournament_json
from spareggio.render.sources import kind_source_words

K = ResultKind

# Five players, three rounds (one game or bye per line of each round):
#   R1: 1 (W) beats 2;  3 and 4 both forfeit (a double forfeit);  5 gets the pairing-allocated bye
#   R2: 1 (W) draws 3;  2 takes a half-point bye;  4 wins by forfeit against 5
#   R3: 1 takes a full-point bye;  3 (W) beats 2 in a game shorter than one move (W / L);
#       4 and 5 are not paired to the end: withdrawn
# Points: 1: 1 + ½ + 1 = 5/2;  2: 0 + ½ + 0 = ½;  3: 0 + ½ + 1 = 3/2;  4: 0 + 1 + 0 = 1;  5: 1 + 0 + 0 = 1
HAND = """{
  "format": "spareggio-tournament",
  "version": 1,
  "event": {"name": "Hand", "start_date": "2026-04-01", "kind": "swiss", "rounds": 3,
            "tiebreaks": ["PTS", "BH/C1", "SB"]},
  "players": {
    "start_number": [1, 2, 3, 4, 5],
    "name": ["Rossi, Anna", "Bianchi, Bruno", "Conti, Carla", "Dini, Dario", "Esposito, Elena"],
    "rating": [2000, null, 1800, 0, 1700]
  },
  "rounds": [
    {"opponent": [2, 1, 4, 3, 0], "color": "wbwb-", "result": "10--U"},
    {"opponent": [3, 0, 1, 5, 4], "color": "w-bbw", "result": "=H=+-"},
    {"opponent": [0, 3, 2, 0, 0], "color": "-bw--", "result": "FLW  "}
  ]
}
"""


def parse(text: str) -> spareggio.Tournament:
    return parse_tournament_json(text, "hand.json")


def position(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    """1-based line and column of ``needle`` (its only occurrence) plus ``offset`` characters."""
    assert text.count(needle) == 1, needle
    at = text.index(needle) + offset
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


# --------------------------------------------------------------------------------------------------
# reading


def test_hand_event_kinds() -> None:
    t = parse(HAND)
    assert [[K(int(k)) for k in row] for row in t.kind] == [
        [K.PLAYED_WIN, K.PLAYED_DRAW, K.FULL_BYE],
        [K.PLAYED_LOSS, K.HALF_BYE, K.PLAYED_LOSS],
        [K.DOUBLE_FORFEIT, K.PLAYED_DRAW, K.PLAYED_WIN],
        [K.DOUBLE_FORFEIT, K.FORFEIT_WIN, K.WITHDRAWN],
        [K.PAB, K.FORFEIT_LOSS, K.WITHDRAWN],
    ]
    # opponents are indices, -1 for none; colours 1 white, 2 black, 0 none (a bye has none)
    assert t.opponent.tolist() == [[1, 2, -1], [0, -1, 2], [3, 0, 1], [2, 4, -1], [-1, 3, -1]]
    assert t.color.tolist() == [[1, 1, 0], [2, 0, 2], [1, 2, 1], [2, 2, 0], [0, 1, 0]]
    # W and L: played, not rated
    assert t.short_game.tolist() == [
        [False] * 3,
        [False, False, True],
        [False, False, True],
        [False] * 3,
        [False] * 3,
    ]


def test_hand_event_header_and_players() -> None:
    t = parse(HAND)
    assert (t.name, t.start_date.isoformat() if t.start_date else None, t.announced_rounds) == (
        "Hand",
        "2026-04-01",
        3,
    )
    assert (t.kind_of_event, t.kind_source, t.kind_basis) == (TournamentKind.SWISS, KindSource.FILE, "event.kind")
    assert kind_source_words(t.kind_source, t.kind_basis) == "file (event.kind)"
    assert t.tiebreak_list == ("BH/C1", "SB")  # PTS is the primary score, not a tie-break
    # a rating of 0 is "unrated", as in TRF
    assert [p.rating for p in t.players] == [2000, None, 1800, None, 1700]
    assert t.players[2].name == "Conti, Carla"


def test_hand_event_points() -> None:
    s = spareggio.rank(parse(HAND), ["BH"], rules="fide-2026")
    # see the comment on HAND
    assert {r.player.start_number: r.points for r in s.rows} == {
        1: Fraction(5, 2),
        2: Fraction(1, 2),
        3: Fraction(3, 2),
        4: Fraction(1),
        5: Fraction(1),
    }


def test_kind_is_inferred_without_event_kind() -> None:
    # 3 players, 3 rounds, a Berger cycle (each player meets the other two, one free round each)
    doc = {
        "format": "spareggio-tournament", "version": 1,
        "players": {"start_number": [1, 2, 3], "name": ["A", "B", "C"]},
        "rounds": [
            {"opponent": [0, 3, 2], "result": " 10"},
            {"opponent": [3, 0, 1], "result": "1 0"},
            {"opponent": [2, 1, 0], "result": "=0 "},
        ],
    }  # fmt: skip
    t = parse(json.dumps(doc))
    assert (t.kind_of_event, kind_source_words(t.kind_source, t.kind_basis)) == (
        TournamentKind.ROUND_ROBIN,
        "inferred (everyone was paired with everyone)",
    )


def test_scoring_and_start_numbers_in_any_order() -> None:
    # start numbers 7, 3, 12: opponents are given by start number, players keep their array order
    doc = {
        "format": "spareggio-tournament", "version": 1,
        "event": {"scoring": {"win": 3, "draw": "1", "loss": "0", "absence": 0, "pab": "3/2"}},
        "players": {"start_number": [7, 3, 12], "name": ["A", "B", "C"]},
        "rounds": [{"opponent": [12, 0, 7], "color": "b-w", "result": "1U0"}],
    }  # fmt: skip
    t = parse(json.dumps(doc))
    assert t.scoring == Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), pab=Fraction(3, 2))
    assert t.opponent[:, 0].tolist() == [2, -1, 0]
    assert t.start_numbers().tolist() == [7, 3, 12]


# --------------------------------------------------------------------------------------------------
# writing: round trip, and the same tournament as through TRF


def _player(p: spareggio.core.model.Player) -> tuple[object, ...]:
    """A player's data, without what only a TRF line has (the points column and its position)."""
    return (p.start_number, p.name, p.sex, p.title, p.rating, p.federation, p.fide_id, p.birth_date)


def _same(a: spareggio.Tournament, b: spareggio.Tournament) -> None:
    for name in ("opponent", "kind", "color", "short_game"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert [_player(p) for p in a.players] == [_player(p) for p in b.players]
    assert (a.scoring, a.kind_of_event, a.start_date, a.end_date, a.name) == (
        b.scoring,
        b.kind_of_event,
        b.start_date,
        b.end_date,
        b.name,
    )


@pytest.mark.parametrize(
    ("players", "rounds", "seed", "round_robin"),
    [(2, 1, 1, False), (11, 7, 2, False), (40, 9, 3, False), (9, 9, 4, True), (8, 14, 5, True)],
)
def test_round_trip(players: int, rounds: int, seed: int, round_robin: bool) -> None:
    t = generate(players, rounds, seed, round_robin=round_robin, half_bye_rate=0.1, forfeit_rate=0.1)
    t.tiebreak_list = ("BH/C1", "SB")
    t.scoring = Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))
    back = parse(write_tournament_json(t))
    _same(t, back)
    assert back.tiebreak_list == ("BH/C1", "SB")


@pytest.mark.parametrize("seed", range(6))
def test_same_tournament_as_the_trf_reader(seed: int) -> None:
    t = generate(30, 9, seed, half_bye_rate=0.1, zero_bye_rate=0.05, forfeit_rate=0.1, withdrawal_rate=0.2,
                 pab=seed % 2 == 0)  # fmt: skip
    from_trf = spareggio.io.trf.parse_trf(spareggio.io.trf.write_trf(t), "x.trf")
    from_json = parse(write_tournament_json(t))
    _same(from_trf, from_json)


def test_more_than_9999_players() -> None:
    # a TRF start number has four columns; the JSON format has no such limit
    t = generate(10_500, 2, 7)
    back = parse(write_tournament_json(t))
    assert back.n_players == 10_500
    assert back.players[-1].start_number == 10_500


# --------------------------------------------------------------------------------------------------
# errors: a position (line:col) and, for bad values, the JSON path


def _error(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        parse(text)
    return info.value


def test_syntax_error_at_the_decoder_position() -> None:
    text = HAND.replace('"version": 1,', '"version": 1')  # the comma is missing before "event"
    err = _error(text)
    assert (err.position.line, err.position.column) == position(text, '"event"')
    assert "invalid JSON" in err.message


@pytest.mark.parametrize(
    ("old", "new", "needle", "offset", "path", "words"),
    [
        # a result code that does not exist: the 'X' itself, 5th character of round 1's string
        ('"10--U"', '"10--X"', '"10--X"', 5, "$.rounds[0].result[4]", "not a result code"),
        # a bye with an opponent (player 1 is paired with 2 in round 1)
        ('"10--U"', '"H0--U"', '"H0--U"', 1, "$.rounds[0].result[0]", "is a bye"),
        # a game without an opponent
        ('"FLW  "', '"FLW 1"', '"FLW 1"', 5, "$.rounds[2].result[4]", "needs an opponent"),
        # player 5 names 4 in round 2, but 4 names 3 (who names 1): one side of a game is missing
        (
            "[3, 0, 1, 5, 4]",
            "[3, 0, 1, 3, 4]",
            "[3, 0, 1, 3, 4]",
            10,
            "$.rounds[1].opponent[3]",
            "is paired with 3",
        ),
        # both players of the game 1-2 with White (reported on the first of the two)
        ('"wbwb-"', '"wwwb-"', '"wwwb-"', 1, "$.rounds[0].color[0]", "both have colour w"),
        # results that do not fit together: both win
        ('"10--U"', '"11--U"', '"11--U"', 1, "$.rounds[0].result[0]", "do not fit together"),
        # an opponent who is nobody
        (
            "[2, 1, 4, 3, 0]",
            "[2, 1, 4, 3, 9]",
            "[2, 1, 4, 3, 9]",
            13,
            "$.rounds[0].opponent[4]",
            "not the start number",
        ),
        # a start number used twice
        (
            '"start_number": [1, 2, 3, 4, 5]',
            '"start_number": [1, 2, 3, 4, 4]',
            "[1, 2, 3, 4, 4]",
            13,
            "$.players.start_number[4]",
            "used twice",
        ),
        # one name too few
        (
            '"Esposito, Elena"]',
            '"Esposito, Elena", "Extra"]',
            '["Rossi',
            0,
            "$.players.name",
            "expected 5 entries",
        ),
        ('"version": 1', '"version": 2', '"version": 2', 11, "$.version", "not supported"),
        (
            '"spareggio-tournament"',
            '"chess-tournament"',
            '"chess-tournament"',
            0,
            "$.format",
            "not a spareggio",
        ),
        # some other JSON (a site's data file): neither this format nor Chess-JSON, said so at its start
        ('  "format": "spareggio-tournament",\n', "", '{\n  "version"', 0, "$", "not a tournament file spareggio reads"),
        ('"2026-04-01"', '"01/04/2026"', '"01/04/2026"', 0, "$.event.start_date", "expected a date"),
        (
            '"rating": [2000, null',
            '"rating": ["2000", null',
            '"2000"',
            0,
            "$.players.rating[0]",
            "expected a rating",
        ),
    ],
)
def test_bad_value_at_its_position(
    old: str, new: str, needle: str, offset: int, path: str, words: str
) -> None:
    text = HAND.replace(old, new)
    assert text != HAND
    err = _error(text)
    assert (err.position.line, err.position.column) == position(text, needle, offset)
    assert err.message.startswith(path + ": ")
    assert words in err.message


def test_missing_member_and_duplicate_member() -> None:
    err = _error(HAND.replace('"version": 1,\n', ""))
    assert err.message == "$: missing member 'version'"
    text = HAND.replace('"kind": "swiss",', '"kind": "swiss", "kind": "round-robin",')
    err = _error(text)
    assert "given more than once" in err.message and err.message.startswith("$.event.kind: ")


def test_not_utf8() -> None:
    data = HAND.replace("Rossi", "R\u00f6ssi").encode("latin-1")
    with pytest.raises(InputError) as info:
        parse_tournament_json(data, "x.json")
    # 'ö' is on the line of the names, right after the opening quote and the 'R'
    assert (info.value.position.line, info.value.position.column) == position(HAND, '"Rossi', 2)


def test_too_many_rounds() -> None:
    doc = json.loads(HAND)
    doc["rounds"] = doc["rounds"] * 34  # 102 rounds
    with pytest.raises(InputLimitError):
        parse(json.dumps(doc))


def test_unknown_member_is_a_warning() -> None:
    t = parse(HAND.replace('"version": 1,', '"version": 1, "comment": "x",'))
    assert [w.code for w in t.warnings] == ["unknown-member"]
    assert "$.comment" in str(t.warnings[0])


# --------------------------------------------------------------------------------------------------
# reader dispatch and the command line


def test_dispatch_by_name_and_content(tmp_path: Path) -> None:
    by_name = tmp_path / "event.json"
    by_name.write_text(HAND, encoding="utf-8")
    by_content = tmp_path / "event.txt"
    by_content.write_text("\ufeff  " + HAND, encoding="utf-8")  # a BOM and blanks before the '{'
    trf = tmp_path / "event.trf"
    trf.write_text(spareggio.io.trf.write_trf(parse(HAND)), encoding="utf-8")
    assert [is_tournament_json(p) for p in (by_name, by_content, trf)] == [True, True, False]
    for p in (by_name, by_content, trf):
        t = read_tournament(p)
        assert t.kind.tolist() == parse(HAND).kind.tolist()


def test_cli_generate_json_beyond_trf_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "big.json"
    assert main(["generate", "-n", "10001", "-r", "2", "-s", "3", "-o", str(out)]) == 0
    t = read_tournament(out)
    assert (t.n_players, t.rounds) == (10_001, 2)
    assert main(["generate", "-n", "10001", "-r", "2", "-s", "3", "-o", str(tmp_path / "big.trf")]) == 2
    assert "at most 9999 players" in capsys.readouterr().err


def test_cli_standings_same_for_trf_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = generate(25, 7, 11, half_bye_rate=0.1, forfeit_rate=0.1)
    (tmp_path / "e.trf").write_text(spareggio.io.trf.write_trf(t), encoding="utf-8")
    # the TRF writer fills the points column: the JSON file declares the same points
    as_read = spareggio.io.trf.parse_trf(spareggio.io.trf.write_trf(t), "e.trf")
    (tmp_path / "e.json").write_text(write_tournament_json(as_read), encoding="utf-8")
    rows = []
    for name in ("e.trf", "e.json"):
        assert main(["standings", str(tmp_path / name), "-t", "BH/C1,SB,DE", "--format", "json", "-q"]) == 0
        rows.append(json.loads(capsys.readouterr().out)["standings"])
    assert rows[0] == rows[1]


def test_cli_error_names_the_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    text = HAND.replace('"10--U"', '"10--X"')
    bad.write_text(text, encoding="utf-8")
    assert main(["standings", str(bad)]) == 2
    line, column = position(text, '"10--X"', 5)
    assert capsys.readouterr().err.startswith(f"{bad}:{line}:{column}: $.rounds[0].result[4]: ")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "'X' is not a result code (1 = 0 W D L + - U F H Z, '-' or ' ' when not paired)"),
        ("it", "'X' non è un codice di risultato (1 = 0 W D L + - U F H Z, '-' o ' ' se non abbinato)"),
        ("fr", "'X' n'est pas un code de résultat (1 = 0 W D L + - U F H Z, '-' ou ' ' sans appariement)"),
    ],
)
def test_cli_error_in_the_users_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    # the same position, the sentence in the language asked
    bad = tmp_path / "bad.json"
    text = HAND.replace('"10--U"', '"10--X"')
    bad.write_text(text, encoding="utf-8")
    assert main(["standings", str(bad), "--lang", lang]) == 2
    line, column = position(text, '"10--X"', 5)
    assert capsys.readouterr().err == f"{bad}:{line}:{column}: $.rounds[0].result[4]: {said}\n"


def test_output_to_a_named_pipe_writes_through_it(tmp_path: Path) -> None:
    """A special file (here a FIFO; also /dev/null) is written in place, never replaced by a file."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text(encoding="utf-8")), daemon=True)
    reader.start()
    write_atomic(fifo, "hello\n")
    reader.join(timeout=10)
    assert received == ["hello\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_writer_is_deterministic() -> None:
    t = generate(12, 5, 9)
    assert write_tournament_json(t) == write_tournament_json(copy.copy(t))


@pytest.mark.parametrize(
    ("doc", "said"),
    [
        # SwissSys's .sjson names its program in its overview: named, with what to give instead
        (
            '{\n  "Overview": {\n    "Program": "SwissSys",\n    "Version": 11.34\n  },\n  "Sections": []\n}',
            ("t.json:3:16: $.Overview.Program: not a tournament file spareggio reads: a JSON document of SwissSys, "
            "which spareggio does not read; export the tournament from SwissSys as a FIDE TRF file"),
        ),
        (
            '{"events": []}',
            ("t.json:1:1: $: not a tournament file spareggio reads: a JSON document with neither 'format' "
            "(spareggio's tournament JSON) nor 'filetype' (Chess-JSON)"),
        ),
    ],
)
def test_another_programs_json_is_named(doc: str, said: str) -> None:
    with pytest.raises(InputError) as info:
        parse_tournament_json(doc, "t.json")
    assert str(info.value) == said
