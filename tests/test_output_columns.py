"""The JSON document and the text table of the standings are written a column at a time, from the
ranking arrays and the tie-break numerators, each distinct value of a column formatted once
(render/output.py).  Their text must be the text the rows give: ``json.dumps`` of
:func:`standings_to_dict` for the JSON, the table made a row at a time (:func:`_table_rows`, which a
team event's scores still use) for the table.

The ranking itself sorts a large event by one folded key where numpy's ``lexsort`` would sort by
several (:func:`spareggio.standings._lexsort`): the same order.

The events here hold what the columns must get right: declared points with a decimal point and a
comma, shared by several players (the reader shares one object per text), blank and ``0`` declared
ranks and ranks that differ from the place, blank ratings (``null``), titles as codes and as
abbreviations, names that JSON escapes, tie-breaks with values that have no short decimal expansion,
an excluded player (rank 0, place ``—``) and places shared or decided by lots.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spareggio
from spareggio import Tournament
from spareggio.core.decisions import Decisions, Exclusion
from spareggio.generate import generate_trf
from spareggio.io.trf import parse_trf
from spareggio.render.output import (
    _table_columns,
    _table_rows,
    standings_json,
    standings_table,
    standings_to_dict,
)
from spareggio.standings import Standings, _lexsort

TIEBREAKS = "BH/C1,BH,SB,ARO,AOB,TPR"


def _put(line: str, first: int, text: str) -> str:
    """``line`` with ``text`` written from column ``first`` (1-based), as a TRF writer places a field."""
    line = line.ljust(first - 1 + len(text))
    return line[: first - 1] + text + line[first - 1 + len(text) :]


def edited_event(seed: int, players: int = 24, rounds: int = 7) -> Tournament:
    """A generated Swiss whose ``001`` records are edited at random in the fields the columns
    write: title, name, rating, declared points and declared rank."""
    rng = random.Random(seed)
    lines = generate_trf(players, rounds, seed).splitlines()
    titles = ["   ", "  g", " wm", " GM", "  f", " IA"]
    names = ['O"Brien, Seán', "Back\\slash, Zoë", "Tab\u00a0Nbsp, Ana", "Ünal, Çağrı"]
    points = [" 2.5", " 3.0", " 1,5", "    ", " 0.5", "10.0", " 4.5"]
    for k, line in enumerate(lines):
        if not line.startswith("001"):
            continue
        line = _put(line, 11, rng.choice(titles))
        if rng.random() < 0.2:
            line = _put(line, 15, rng.choice(names).ljust(33))
        if rng.random() < 0.25:
            line = _put(line, 49, "    ")  # unrated: null in JSON, blank in the table
        line = _put(line, 81, rng.choice(points))
        line = _put(line, 86, rng.choice(["    ", "   0", f"{rng.randint(1, players):4d}"]))
        lines[k] = line
    return parse_trf("\n".join(lines) + "\n", "edited.trf")


def check(s: Standings) -> None:
    assert standings_json(s) == json.dumps(standings_to_dict(s), ensure_ascii=False, indent=2) + "\n"
    for lang in ("en", "it", "fr"):
        assert _table_columns(s, lang) == _table_rows(s, lang), lang


@pytest.mark.parametrize("seed", range(12))
def test_columns_write_what_the_rows_write(seed: int) -> None:
    t = edited_event(seed)
    check(spareggio.rank(t, TIEBREAKS))
    check(spareggio.rank(t, "BH,ARO", unrated_rating=1400))
    check(spareggio.rank(t, "PTS,DE,WIN"))  # a list that names the points


def test_an_excluded_player_and_places_drawn_by_lot() -> None:
    t = edited_event(3)
    decided = Decisions.given([], [Exclusion.given(5, "expelled")], "seed-7")
    s = spareggio.rank(t, "ARO", decisions=decided)
    assert [row.place for row in s.rows][-1] == "—"  # the excluded player, listed last
    check(s)


def record(sno: int, title: str, name: str, rating: str, points: str, rank: str, block: str) -> str:
    """A ``001`` record on the TRF columns (title 11-13, name 15-47, rating 49-52, points 81-84,
    rank 86-89, the round blocks from column 92)."""
    return f"001 {sno:4d} m{title:>3} {name:<33} {rating:>4} ITA {sno:11d} 1990/01/01 {points:>4} {rank:>4}  {block}"


def test_the_fields_as_the_file_declares_them() -> None:
    # one round: 1 beats 2 with White, 3 has the pairing-allocated bye; the file declares points
    # and ranks of its own
    text = "\n".join(
        [
            "012 Columns",
            "042 2026/06/01",
            "092 Individual: Swiss-System",
            record(1, "g", "Rossi, Mario", "2400", "1,5", "3", "   2 w 1"),
            record(2, "wm", 'O"Brien, Seán', "", "1.5", "0", "   1 b 0"),
            record(3, "", "Back\\slash, Zoë", "1800", "1.0", "", "0000 - U"),
        ]
    )
    t = parse_trf(text + "\n", "columns.trf")
    assert t.players[0].points == t.players[1].points == Fraction(3, 2)  # '1,5' and '1.5'
    s = spareggio.rank(t, "ARO")
    check(s)
    doc = json.loads(standings_json(s))
    by_number = {entry["start_number"]: entry for entry in doc["standings"]}
    assert by_number[1]["declared_points"] == 1.5 and by_number[3]["declared_points"] == 1
    assert by_number[1]["title"] == "g" and by_number[2]["title"] == "wm"
    assert by_number[2]["rating"] is None and by_number[1]["rating"] == 2400
    assert by_number[2]["declared_rank"] == 0 and by_number[3]["declared_rank"] is None
    assert by_number[2]["name"] == 'O"Brien, Seán' and by_number[3]["name"] == "Back\\slash, Zoë"
    # C.07 Art. 10: with an unrated player and no rating given for the unrated, ARO has no value
    assert [by_number[k]["tiebreaks"]["ARO"] for k in (1, 2, 3)] == [None, None, None]
    table = standings_table(s).splitlines()
    head = next(k for k, line in enumerate(table) if line.lstrip().startswith("Rk"))
    assert table[head].split() == ["Rk", "SNo", "Tit", "Name", "Fed", "Rtg", "Pts", "ARO", "Decl"]
    # 1 and 3 share places 1-2 on one point each (ARO leaves them level); 2 is third.  The codes 'g'
    # and 'wm' print as GM and WIM; 1 declares rank 3, outside 1-2: shown; 2 declares 0: not shown
    assert [line.split() for line in table[head + 2 :]] == [
        ["1-2", "1", "GM", "Rossi,", "Mario", "ITA", "2400", "1", "-", "3"],
        ["1-2", "3", "Back\\slash,", "Zoë", "ITA", "1800", "1", "-"],
        ["3", "2", "WIM", 'O"Brien,', "Seán", "ITA", "0", "-"],
    ]
    # and with a rating for the unrated (/U1000 as the option gives it): 1's opponent counts 1000
    s = spareggio.rank(t, "ARO", unrated_rating=1000)
    check(s)
    assert [row.values["ARO"] for row in s.rows] == [1000, None, 2400]


@given(
    st.integers(0, 60).flatmap(
        lambda n: st.lists(
            st.one_of(
                st.lists(st.integers(-3, 3), min_size=n, max_size=n),
                st.lists(st.integers(-(2**62), 2**62), min_size=n, max_size=n),
                st.lists(st.booleans(), min_size=n, max_size=n),
            ),
            min_size=1,
            max_size=4,
        )
    )
)
@settings(max_examples=300, deadline=None)
def test_the_folded_sort_is_numpys_lexsort(columns: list[list[int] | list[bool]]) -> None:
    # the ranking sorts by (group, value, start number) with one folded key when the ranges fit,
    # else with np.lexsort: the same order either way, ties in index order
    keys = tuple(np.array(c, dtype=bool if c and isinstance(c[0], bool) else np.int64) for c in columns)
    assert _lexsort(keys).tolist() == np.lexsort(keys).tolist()
