"""The shortcuts of the batch path give what the long way gives: a player made without the
dataclass's ``__init__`` (spareggio.io.trf.players._player), the points table made once per scoring
system, the sniffers that skip their patterns."""

from __future__ import annotations

import dataclasses
import pickle
from fractions import Fraction

import pytest

from spareggio.base.errors import Position
from spareggio.core.games import Player, Scoring
from spareggio.generate import generate
from spareggio.io.heads import sniff_lichess, sniff_pgn, sniff_vega_tdf
from spareggio.io.trf.players import _player
from spareggio.io.trf.reader import parse_trf
from spareggio.io.trf.writer import write_trf


@pytest.mark.parametrize(
    "values",
    [
        {"start_number": 1, "name": "Rossi, Anna"},
        {"start_number": 7, "name": "X", "sex": "f", "title": "WGM", "rating": 2210, "federation": "ITA",
         "fide_id": "123", "birth_date": "1990", "points": Fraction(11, 2), "rank": 3,
         "position": Position("a.trf", 4, 1)},
    ],
)  # fmt: skip
def test_a_player_made_quickly_is_the_player(values: dict[str, object]) -> None:
    quick, slow = _player(**values), Player(**values)  # type: ignore[arg-type]
    assert quick == slow and hash(quick) == hash(slow) and repr(quick) == repr(slow)
    assert dataclasses.asdict(quick) == dataclasses.asdict(slow)
    assert pickle.loads(pickle.dumps(quick)) == slow
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.name = "changed"  # type: ignore[misc]


def test_the_players_of_a_trf_file_are_plain_players() -> None:
    # written by the TRF writer and read back: each player is the dataclass made the long way
    t = parse_trf(write_trf(generate(12, 5, 7)).encode(), "twelve.trf")
    assert len(t.players) == 12
    for p in t.players:
        assert type(p) is Player
        fields = {f.name: getattr(p, f.name) for f in dataclasses.fields(Player)}
        assert Player(**fields) == p and hash(Player(**fields)) == hash(p)


def test_the_points_table_is_made_once_and_given_as_a_copy() -> None:
    scoring = Scoring(win=Fraction(3), draw=Fraction(1))
    table = scoring.points_table()
    table[0] = 99  # the caller's copy: the next call is not changed
    assert scoring.points_table()[0] != 99
    assert Scoring().points_table().tolist() == Scoring().points_table().tolist()


@pytest.mark.parametrize(
    ("sniff", "head", "name", "expected"),
    [
        (sniff_pgn, b"001    1 m  ...", "a.trf", 0),
        (sniff_pgn, b"", "a.pgn", 50),
        (sniff_pgn, b'[Event "x"]\n[Site "y"]\n[Date "2026.01.01"]\n', "a.txt", 95),
        (sniff_lichess, b"012 Club\n032 Lichess\n", "a.trf", 95),
        (sniff_lichess, b"022 https://LICHESS.org/swiss/abc\n", "a.trf", 95),
        (sniff_lichess, b"012 Club\n001    1\n", "a.trf", 0),
        (sniff_vega_tdf, b"001 1|Rossi|x|\n", "a.tdf", 98),
        (sniff_vega_tdf, b"001    1 m Rossi\n", "a.trf", 0),
    ],
)
def test_the_sniffers_answer_as_their_patterns_do(sniff: object, head: bytes, name: str, expected: int) -> None:
    assert sniff(head, name) == expected  # type: ignore[operator]
