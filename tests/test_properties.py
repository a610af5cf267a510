"""Property tests on random valid tournaments (see ``strategies.py``), for every rule set.

* a cut never raises a value: BH/C1 <= BH, BH/C2 <= BH/C1, BH/M1 <= BH/C1, SB/C1 <= SB (C.07 Art. 14
  removes elements; every element is a score or a score times points, never negative);
* start numbers are labels: renumbering the players and reordering the lines changes no value;
* every total is the sum of its counted contributions (the explanation is the computation);
* the ranks are a competition ranking (C.07 Art. 5: 1, 2, 2, 4) consistent with the values;
* writing a tournament and reading it back gives the same crosstable;
* the reader turns every input into a tournament or an :class:`~spareggio.InputError`.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spareggio import RULESETS, InputError, SpareggioError, rank
from spareggio.core.model import ResultKind
from spareggio.io.trf import parse_trf, write_trf
from strategies import Spec, mutated_trf, numberings, render, tournaments

K = ResultKind
TIEBREAKS = ["BH", "BH/C1", "BH/C2", "BH/M1", "SB", "SB/C1", "FB"]
RULES = sorted(RULESETS)

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def read(text: str) -> object:
    return parse_trf(text, "random.trf")


@SETTINGS
@given(spec=tournaments(), data=st.data())
def test_cuts_never_exceed_the_uncut_total(spec: Spec, data: st.DataObject) -> None:
    t = read(render(spec))
    after = data.draw(st.none() | st.integers(1, max(t.rounds, 1)), label="after_round") if t.rounds else None
    for rules in RULES:
        s = rank(t, TIEBREAKS, rules=rules, after_round=after)
        for row in s.rows:
            v = row.values
            assert all(v[label] is not None and v[label] >= 0 for label in TIEBREAKS), (rules, row)
            assert v["BH/C1"] <= v["BH"], (rules, row)
            assert v["BH/C2"] <= v["BH/C1"], (rules, row)
            assert v["BH/M1"] <= v["BH/C1"], (rules, row)
            assert v["SB/C1"] <= v["SB"], (rules, row)


@SETTINGS
@given(spec=tournaments(), data=st.data())
def test_relabelling_start_numbers_changes_no_value(spec: Spec, data: st.DataObject) -> None:
    numbering = data.draw(numberings(spec.n), label="numbering")
    order = data.draw(st.permutations(range(spec.n)), label="order")
    plain = read(render(spec))
    relabelled = read(render(spec, numbering, order))
    for rules in RULES:
        a = rank(plain, TIEBREAKS, rules=rules)
        b = rank(relabelled, TIEBREAKS, rules=rules)
        for k in range(spec.n):
            ra, rb = a.row_of(k + 1), b.row_of(numbering[k])
            assert (ra.points, ra.values) == (rb.points, rb.values), (rules, k)
            # places depend on the values only: a shared place stays shared, whatever the numbers
            assert (ra.rank, ra.rank_to) == (rb.rank, rb.rank_to), (rules, k)


@SETTINGS
@given(spec=tournaments())
def test_totals_are_the_sum_of_the_counted_contributions(spec: Spec) -> None:
    t = read(render(spec))
    for rules in RULES:
        s = rank(t, TIEBREAKS, rules=rules)
        for label in TIEBREAKS:
            res = s.results[label]
            assert res.contributions is not None
            for i in range(t.n_players):
                records = res.contributions.for_player(i)
                assert len(records) == t.rounds
                total = sum((c.value for c in records if c.counted), Fraction(0))
                assert total == res.value(i), (rules, label, t.players[i].start_number)


@SETTINGS
@given(spec=tournaments())
def test_ranks_form_a_competition_ranking(spec: Spec) -> None:
    t = read(render(spec))
    for rules in RULES:
        s = rank(t, TIEBREAKS, rules=rules)
        rows = s.rows
        assert sorted(r.index for r in rows) == list(range(t.n_players))
        assert rows[0].rank == 1
        keys = [(r.points, *(r.values[label] for label in TIEBREAKS)) for r in rows]
        start = 0
        while start < len(rows):
            place = rows[start].rank
            end = start
            while end < len(rows) and rows[end].rank == place:
                end += 1
            size = end - start
            for r in rows[start:end]:
                assert (r.rank, r.rank_to) == (place, place + size - 1)
                assert keys[rows.index(r)] == keys[start]  # a shared place is a full tie
            if end < len(rows):
                assert rows[end].rank == place + size  # 1, 1, 3 ...
                assert keys[end] < keys[start]  # the next place is strictly worse
            start = end


@SETTINGS
@given(spec=tournaments())
def test_write_then_read_gives_the_same_tournament(spec: Spec) -> None:
    t = read(render(spec))
    again = read(write_trf(t))
    assert again.players == t.players  # names, ratings, points, ranks ...
    for name in ("kind", "opponent", "color", "short_game"):
        np.testing.assert_array_equal(getattr(again, name), getattr(t, name), err_msg=name)
    assert (again.rounds, again.kind_of_event, again.scoring) == (t.rounds, t.kind_of_event, t.scoring)
    assert (again.name, again.start_date, again.announced_rounds) == (
        t.name,
        t.start_date,
        t.announced_rounds,
    )
    assert again.warnings == []


_PAIR = {"1": K.PLAYED_WIN, "W": K.PLAYED_WIN, "=": K.PLAYED_DRAW, "D": K.PLAYED_DRAW, "0": K.PLAYED_LOSS,
         "L": K.PLAYED_LOSS, "+": K.FORFEIT_WIN, "-": K.FORFEIT_LOSS}  # fmt: skip
_ALONE = {
    "U": K.PAB,
    "+": K.PAB,
    "H": K.HALF_BYE,
    "F": K.FULL_BYE,
    "Z": K.ZERO_BYE,
    "-": K.ABSENT,
    " ": K.ABSENT,
}


def expected_crosstable(spec: Spec) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Kinds, opponents and colours the reader must find, from the TRF digest §3 (independent of it)."""
    kind = np.full((spec.n, spec.rounds), int(K.ABSENT))
    opponent = np.full((spec.n, spec.rounds), -1)
    colour = np.zeros((spec.n, spec.rounds), dtype=int)
    for i, row in enumerate(spec.cells):
        for r, cell in enumerate(row):
            if cell is None:
                continue
            code = cell.code.upper()
            if cell.opponent >= 0:
                other = spec.cells[cell.opponent][r]
                assert other is not None
                both = code == "-" and other.code == "-"
                kind[i, r] = K.DOUBLE_FORFEIT if both else _PAIR[code]
                opponent[i, r] = cell.opponent
                colour[i, r] = {"w": 1, "b": 2}.get(cell.colour, 0)
            else:
                kind[i, r] = _ALONE[code]
    used = np.nonzero((kind != K.ABSENT).any(axis=0))[0]
    rounds = int(used[-1]) + 1 if used.size else 0
    kind, opponent, colour = kind[:, :rounds], opponent[:, :rounds], colour[:, :rounds]
    for i in range(spec.n):  # trailing rounds without an entry: withdrawn
        r = rounds
        while r > 0 and kind[i, r - 1] == K.ABSENT:
            r -= 1
            kind[i, r] = K.WITHDRAWN
    return kind, opponent, colour


@SETTINGS
@given(spec=tournaments())
def test_reader_finds_the_generated_crosstable(spec: Spec) -> None:
    t = read(render(spec))
    kind, opponent, colour = expected_crosstable(spec)
    np.testing.assert_array_equal(t.kind, kind)
    np.testing.assert_array_equal(t.opponent, opponent)
    np.testing.assert_array_equal(t.color, colour)
    assert all(p.points == spec.points(i) for i, p in enumerate(t.players))
    assert [w.code for w in t.warnings if w.code != "bye-as-forfeit"] == []


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(data=st.one_of(mutated_trf(), mutated_trf(), st.binary(max_size=400), st.text(max_size=400)))
def test_any_input_parses_or_raises_input_error(data: str | bytes) -> None:
    try:
        t = parse_trf(data, "fuzz.trf")
    except InputError as exc:
        assert str(exc).startswith("fuzz.trf:")
        return
    # what parses can be ranked, or the problem is reported as a spareggio error
    for rules in RULES:
        try:
            rank(t, None, rules=rules)
        except SpareggioError:
            pass
