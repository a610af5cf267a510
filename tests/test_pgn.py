"""The PGN reader (spareggio.io.pgn): an event's games ranked through the command line, byes and
absences (--byes), players matched by FIDE id then name, and bad input as one line with its position.

The events are written here (tests/event_formats.py); every expected value is computed by hand in the
comments of that module or below.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from builders import tournament
from event_formats import ROUND_ROBIN, SWISS, pgn, trf
from spareggio.base.errors import ArgumentError
from spareggio.cli import main
from spareggio.core.model import ResultKind as K
from spareggio.core.model import TournamentKind
from spareggio.io import parse_tournament, reader_for
from spareggio.io.pgn import write_pgn
from spareggio.io.trf import parse_trf


def rank(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[dict, str]:
    code = main(["standings", str(path), "--format", "json", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out), err


def table(doc: dict) -> list[tuple[int, str, float, dict]]:
    return [(r["start_number"], r["place"], r["points"], r["tiebreaks"]) for r in doc["standings"]]


def test_a_round_robin_in_pgn_is_ranked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rr.pgn"
    path.write_text(pgn(ROUND_ROBIN), encoding="utf-8")
    doc, err = rank(capsys, path, "--tiebreaks", "DE,SB")
    assert err == ""  # every player has a game in every round: nothing to warn about
    assert doc["tournament"]["kind"] == "round-robin"  # inferred: everyone met everyone, as for TRF
    assert doc["tournament"]["name"] == "Circolo RR" and doc["tournament"]["place"] == "Trento"
    assert doc["tournament"]["start_date"] == "2026-06-01"
    # event_formats.ROUND_ROBIN: 3 and 2 on 2 points, DE drawn, SB 2.75 against 2.25 (C.07 9.1)
    assert table(doc) == [
        (3, "1", 2, {"DE": 1, "SB": 2.75}),
        (2, "2", 2, {"DE": 1, "SB": 2.25}),
        (1, "3", 1.5, {"DE": None, "SB": 1.5}),
        (4, "4", 0.5, {"DE": None, "SB": 1}),
    ]


# event_formats.SWISS without the games' byes: player 3 has no game in round 1, player 5 none in
# round 2, player 4 none in round 3 (its last round).  Points by --byes (3: then lost twice; 5: ½ and 1
# around it; 4: lost twice before):
@pytest.mark.parametrize(
    ("byes", "kind", "points"),
    [
        ("absent", K.ABSENT, {1: 2.5, 2: 2, 3: 0, 4: 0, 5: 1.5}),
        ("zero", K.ZERO_BYE, {1: 2.5, 2: 2, 3: 0, 4: 0, 5: 1.5}),
        ("half", K.HALF_BYE, {1: 2.5, 2: 2, 3: 0.5, 4: 0.5, 5: 2}),
        ("full", K.FULL_BYE, {1: 2.5, 2: 2, 3: 1, 4: 1, 5: 2.5}),
        ("pab", K.PAB, {1: 2.5, 2: 2, 3: 1, 4: 1, 5: 2.5}),
    ],
)
def test_rounds_without_a_game_count_as_the_byes_option_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], byes: str, kind: K, points: dict[int, float]
) -> None:
    path = tmp_path / "swiss.pgn"
    path.write_text(pgn(SWISS), encoding="utf-8")
    doc, err = rank(capsys, path, "--byes", byes, "--tiebreaks", "BH")
    assert {r["start_number"]: r["points"] for r in doc["standings"]} == points
    # one warning says PGN cannot tell a bye from an absence, and how they were counted
    assert err.count("warning:") == 1
    assert "PGN cannot tell a bye from an absence: 3 rounds without a game" in err
    assert "Greco, Luca in round 1, Russo, Paolo in round 2, Neri, Anna in round 3" in err
    t = parse_tournament(path.read_bytes(), path.name, byes=byes)
    expected_last = K.WITHDRAWN if kind is K.ABSENT else kind  # absent up to the end: withdrawn
    assert (t.kind[2, 0], t.kind[4, 1], t.kind[3, 2]) == (kind, kind, expected_last)


def test_a_forfeit_is_a_decisive_result_with_termination_unplayed(tmp_path: Path) -> None:
    t = parse_tournament(pgn(SWISS).encode(), "swiss.pgn")
    # round 2, board 2: 4-2 "0-1" with [Termination "unplayed"]
    assert (t.kind[3, 1], t.kind[1, 1]) == (K.FORFEIT_LOSS, K.FORFEIT_WIN)
    assert t.kind_of_event is TournamentKind.SWISS


GAME = """[Event "Club"]
[Round "{round}"]
[White "{white}"]
[Black "{black}"]
[Result "{result}"]
{extra}
{result}
"""


def game(rnd: str, white: str, black: str, result: str, extra: str = "") -> str:
    return GAME.format(round=rnd, white=white, black=black, result=result, extra=extra)


def test_players_are_matched_by_fide_id_then_by_name() -> None:
    text = "\n".join(
        [
            game(
                "1.1",
                "Rossi, Marco",
                "Verdi, Ugo",
                "1-0",
                '[WhiteFideId "861234"]\n[WhiteElo "2210"]\n[BlackElo "1700"]',
            ),
            # the same FIDE id under another spelling is the same player; the rating of round 2 is not taken
            game("2.1", "Verdi, Ugo", "ROSSI Marco", "0-1", '[BlackFideId "861234"]\n[BlackElo "2250"]'),
            # the same name, compared without case or accents: "verdì, ugo" is Verdi, Ugo
            game("3.1", "verdì, ugo", "Rossi, Marco", "1/2-1/2"),
        ]
    )
    t = parse_tournament(text.encode(), "club.pgn")
    assert [(p.start_number, p.name, p.rating, p.fide_id) for p in t.players] == [
        (1, "Rossi, Marco", 2210, "861234"),  # rating of the first game (round 1)
        (2, "Verdi, Ugo", 1700, ""),
    ]
    assert t.opponent.tolist() == [[1, 1, 1], [0, 0, 0]]


def test_two_players_of_one_name_are_told_apart_by_their_fide_ids() -> None:
    text = "\n".join(
        [
            game("1.1", "Rossi, Marco", "Bianchi, Sara", "1-0", '[WhiteFideId "111"]'),
            game("1.2", "Rossi, Marco", "Greco, Luca", "0-1", '[WhiteFideId "222"]'),
        ]
    )
    t = parse_tournament(text.encode(), "two.pgn")
    assert sorted(p.fide_id for p in t.players if p.name == "Rossi, Marco") == ["111", "222"]


def test_a_game_without_result_in_the_last_round_is_pending() -> None:
    text = "\n".join(
        [
            game("1.1", "A", "B", "1-0"),
            game("1.2", "C", "D", "0-1"),
            game("2.1", "A", "C", "*"),
            game("2.2", "D", "B", "1/2-1/2"),
        ]
    )
    t = parse_tournament(text.encode(), "live.pgn")
    assert t.pending_round == 2 and t.complete_rounds == 1
    assert t.kind[:, 1].tolist().count(K.PENDING) == 2


def test_games_against_the_bye_are_byes() -> None:
    # Vega writes each bye as a game against "BYE" with the result "*"; read as games, "BYE" was a
    # player with several games a round ("BYE has two games in round 1"). Five players, three rounds:
    text = "\n".join(
        [
            game("1.1", "A", "B", "1-0"), game("1.2", "C", "D", "1/2-1/2"), game("1.3", "E", "BYE", "*"),
            game("2.1", "A", "C", "0-1"), game("2.2", "E", "B", "1-0"), game("2.3", "BYE", "D", "0-1"),
            game("3.1", "E", "A", "1/2-1/2"), game("3.2", "C", "B", "0-1"), game("3.3", "D", "Bye", "1/2-1/2"),
        ]
    )  # fmt: skip
    t = parse_tournament(text.encode(), "vega.pgn", byes="pab")
    names = [p.name for p in t.players]
    assert sorted(names) == ["A", "B", "C", "D", "E"]  # no player "BYE"
    e, d = names.index("E"), names.index("D")
    # E's "*" counts as the rounds without a game (here the pairing-allocated bye); D's 0-1 as Black
    # against "BYE" is D's win: the pairing-allocated bye; D's draw in round 3 a half-point bye
    assert (t.kind[e, 0], t.kind[d, 1], t.kind[d, 2]) == (K.PAB, K.PAB, K.HALF_BYE)
    assert (t.opponent[e, 0], t.opponent[d, 1], t.opponent[d, 2]) == (-1, -1, -1)
    said = [str(w) for w in t.warnings if w.code == "pgn-bye-games"]
    assert said == [
        ("vega.pgn:18:9: warning: 3 games against 'BYE' read as byes, not games: a win as the pairing-allocated "
        "bye, a draw as a half-point bye, a loss as a zero-point bye; 1 without a result ('*') count as the "
        "rounds without a game")
    ]
    # the default counts E's round 1 as absent: E has 1.5 points, not 2.5
    t = parse_tournament(text.encode(), "vega.pgn")
    assert t.kind[e, 0] == K.ABSENT and t.kind[d, 1] == K.PAB


# Bad input: one line, file:line:column, exit status 2.
BAD = [
    # no Round tag: the game's first tag is named
    ('[Event "x"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n', "1:9", "the game has no Round tag"),
    # a Round that is no round number
    (
        '[Event "x"]\n[Round "?"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n',
        "2:9",
        "Round '?' is not a round number",
    ),
    # a result PGN does not have
    (
        '[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "2-0"]\n\n1-0\n',
        "4:10",
        "Result '2-0' is not a game result",
    ),
    # one player twice in a round
    (
        game("1.1", "A", "B", "1-0") + "\n" + game("1.2", "C", "A", "1-0"),
        "10:9",
        "A has two games in round 1 (the other is at line 2)",
    ),
    # a game without result before the last round
    (game("1.1", "A", "B", "*") + "\n" + game("2.1", "A", "B", "1-0"), "2:9", "round 1: a pairing of player"),
    # a game's moves run into the next game's tags
    (
        game("1.1", "A", "B", "1-0").rstrip("\n") + "\n" + game("1.2", "C", "D", "1-0"),
        "9:9",
        "a second Round tag in one game",
    ),
    # beyond the limits of docs/limits.md: 99 rounds, names of 200 characters
    (game("100.1", "A", "B", "1-0"), "2:9", "the file has 100 rounds, more than the limit of 99"),
    (game("1.1", "A" * 201, "B", "1-0"), "3:9", "a player's name has 201 characters, more than the limit of 200"),
    # moves without tags
    ("1. e4 e5 *\n", "1:1", "the game has no Round tag"),
    # nothing at all
    ("\n", "1:1", "no games in the file"),
]


@pytest.mark.parametrize(("text", "where", "message"), BAD)
def test_bad_pgn_is_one_line_with_its_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str, message: str
) -> None:
    path = tmp_path / "bad.pgn"
    path.write_text(text, encoding="utf-8")
    code = main(["standings", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1
    assert err.startswith(f"{path}:{where}: "), err
    assert message in err


def test_an_unknown_byes_value_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rr.pgn"
    path.write_text(pgn(ROUND_ROBIN), encoding="utf-8")
    assert main(["standings", str(path), "--byes", "sometimes"]) == 2
    assert "sometimes" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("head", "name", "expected"),
    [
        (pgn(ROUND_ROBIN), "event.pgn", "pgn"),
        (pgn(ROUND_ROBIN), "event.txt", "pgn"),  # the tags decide over a TRF-like name
        ("", "event.pgn", "pgn"),  # the name alone
    ],
)
def test_the_registry_recognises_pgn(head: str, name: str, expected: str) -> None:
    assert reader_for(head.encode(), name).name == expected


def test_write_pgn_is_read_back_as_the_same_crosstable() -> None:
    # SWISS with every round without a game a pairing-allocated bye: PGN can say that (--byes pab)
    source = parse_trf(trf(replace(SWISS, byes={(1, 3): "PAB", (2, 5): "PAB", (3, 4): "PAB"})))
    back = parse_tournament(write_pgn(source).encode(), "swiss.pgn", byes="pab")
    assert back.kind.tolist() == source.kind.tolist()
    assert back.opponent.tolist() == source.opponent.tolist()  # ratings 2200 ... 1800: same numbers
    assert back.color.tolist() == source.color.tolist()


def test_write_pgn_refuses_a_double_forfeit() -> None:
    with pytest.raises(ArgumentError, match="round 1: a double forfeit cannot be written in PGN"):
        write_pgn(tournament({1: "DF2", 3: "+W4"}))
