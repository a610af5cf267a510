"""Explanations: the seeds' sum lines, and explanations that agree with the standings everywhere."""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest

import spareggio
from group_records import de_place, points_from_encounters
from spareggio import explain as ex
from spareggio.cli import main
from spareggio.core.model import Scope
from spareggio.render.explanation import explanation_to_dict, render_text
from spareggio.render.html import explanation_html, versus_html
from spareggio.tiebreaks.records import Aggregate, Record, Why, aggregate

FIX = Path(__file__).parent / "conformance" / "seeds"
EXAMPLE = Path(__file__).parent.parent / "examples" / "open-2026.trf"


def _numbers(line: str) -> list[Fraction]:
    """The numbers of a line, written with a decimal point (English) or comma (Italian)."""
    return [Fraction(x.replace(",", ".")) for x in re.findall(r"\d+(?:[.,]\d+)?", line)]


def _block(text: str, label: str) -> str:
    """The lines of one tie-break block of a text explanation."""
    blocks = text.split("\n\n")
    return next(b for b in blocks if b.startswith(f"{label} - "))


def _line(block: str, word: str) -> str:
    return next(line.split(": ", 1)[1] for line in block.splitlines() if line.strip().startswith(word + ":"))


# (fixture, rules, player, tie-break, what the seed writes, line kind, same order as the seed?)
SEED_LINES = [
    # seed 000, example 1 (Raffaele): "1.5+2.5+2+3.5+5+4 = 18.5"
    ("bh-ex1-raffaele.trf", "fide-2026", 1, "BH", "1.5 + 2.5 + 2 + 3.5 + 5 + 4 = 18.5", "sum", True),
    # seed 000, example 2 (Giuseppe), Cut 1: "0+2+5+4+6+5.5+5+6.5+5.5 = 39.5"
    (
        "bh-ex2-giuseppe.trf",
        "fide-2026",
        3,
        "BH/C1",
        "0 + 2 + 5 + 4 + 6 + 5.5 + 5 + 6.5 + 5.5 = 39.5",
        "cut",
        True,
    ),
    # seed 002, example 1 (Giuseppe): "2.00+2.00+2.50+2.00+6.00+2.75+2.50+3.25+5.50 = 28.50"
    (
        "sb-ex1-giuseppe.trf",
        "fide-2026",
        3,
        "SB",
        "2.00 + 2.00 + 2.50 + 2.00 + 6.00 + 2.75 + 2.50 + 3.25 + 5.50 = 28.50",
        "sum",
        True,
    ),
    # seed 002, example 1: "28.50 - 2.00 = 26.50"
    ("sb-ex1-giuseppe.trf", "fide-2026", 3, "SB/C1", "28.50 - 2.00 = 26.50", "removed", True),
    # seed 000, example 3 (Francesca): "1.5+2.5+2+3.5+4 = 13.5" and Cut 1 "0+2.5+2+3.5+4 = 12"
    ("bh-ex3-francesca.trf", "fide-2026", 16, "BH", "1.5 + 2.5 + 2 + 3.5 + 4 = 13.5", "sum", True),
    ("bh-ex3-francesca.trf", "fide-2026", 16, "BH/C1", "0 + 2.5 + 2 + 3.5 + 4 = 12", "cut", True),
    # seed 000, example 4 (Sergio): "1.5+3+2+4.5+5+5.5+6.0+6.5+5.5 = 39.5", Cut 1 removes the forfeit's 6.0
    (
        "bh-ex4-sergio.trf",
        "fide-2026",
        6,
        "BH",
        "1.5 + 3 + 2 + 4.5 + 5 + 5.5 + 6.0 + 6.5 + 5.5 = 39.5",
        "sum",
        True,
    ),
    (
        "bh-ex4-sergio.trf",
        "fide-2026",
        6,
        "BH/C1",
        "1.5 + 3 + 2 + 4.5 + 5 + 5.5 + 0.0 + 6.5 + 5.5 = 33.5",
        "cut",
        True,
    ),
    # seed 002, example 4 (Sergio): SB and SB Cut 1 removing the 1.50 of opponent 24, not the forfeit's 0
    (
        "sb-ex4-sergio.trf",
        "fide-2026",
        6,
        "SB",
        "1.50 + 3.00 + 2.00 + 2.25 + 2.50 + 0.00 + 0.00 + 6.50 + 5.50 = 23.25",
        "sum",
        True,
    ),
    (
        "sb-ex4-sergio.trf",
        "fide-2026",
        6,
        "SB/C1",
        "0.00 + 3.00 + 2.00 + 2.25 + 2.50 + 0.00 + 0.00 + 6.50 + 5.50 = 21.75",
        "cut",
        True,
    ),
    # seed 000, example 5 (Maria): "1.5+3+2+4.5+5+6+4.0+4.0+4.0 = 34.0"; Cut 1 removes one of the three
    # equal 4.0 (the seed writes the 0 in round 9, spareggio marks the earliest: same terms)
    (
        "bh-ex5-maria.trf",
        "fide-2026",
        6,
        "BH",
        "1.5 + 3 + 2 + 4.5 + 5 + 6 + 4.0 + 4.0 + 4.0 = 34.0",
        "sum",
        True,
    ),
    (
        "bh-ex5-maria.trf",
        "fide-2026",
        6,
        "BH/C1",
        "1.5 + 3 + 2 + 4.5 + 5 + 6 + 4.0 + 4.0 + 0.0 = 30.0",
        "cut",
        False,
    ),
    # seed 000, example 6 (Michele): "2+2+5+4+6+5.5+5.5+5.0+4.5 = 39.5", Cut 1 "...+5.0+0.0 = 35.0"
    (
        "bh-ex6-michele.trf",
        "fide-2026",
        6,
        "BH",
        "2 + 2 + 5 + 4 + 6 + 5.5 + 5.5 + 5.0 + 4.5 = 39.5",
        "sum",
        True,
    ),
    (
        "bh-ex6-michele.trf",
        "fide-2026",
        6,
        "BH/C1",
        "2 + 2 + 5 + 4 + 6 + 5.5 + 5.5 + 5.0 + 0.0 = 35.0",
        "cut",
        True,
    ),
    # seed 002, example 5 (Maria): "1.50+3.00+2.00+2.25+0.00+0.00+2.00+0.00+0.00 = 10.75", Cut 1 "0.00+... = 9.25"
    (
        "sb-ex5-maria.trf",
        "fide-2026",
        6,
        "SB",
        "1.50 + 3.00 + 2.00 + 2.25 + 0.00 + 0.00 + 2.00 + 0.00 + 0.00 = 10.75",
        "sum",
        True,
    ),
    (
        "sb-ex5-maria.trf",
        "fide-2026",
        6,
        "SB/C1",
        "0.00 + 3.00 + 2.00 + 2.25 + 0.00 + 0.00 + 2.00 + 0.00 + 0.00 = 9.25",
        "cut",
        True,
    ),
    # seed 002, round robin (Alice): "3.5 + 3.5 + 0 + 1.5 + 0.75 = 9.25" (the seed lists by opponent)
    ("sb-rr-alice-franco.trf", "fide-2026", 1, "SB", "3.50 + 3.50 + 0.00 + 1.50 + 0.75 = 9.25", "sum", False),
    # seed 001 (MARCO, Vega manual): "0.5 + 3.0 + 1.5 + 3.0 = 8.0"
    ("vega-draw-vs-self-marco.trf", "draw-vs-self", 3, "BH", "0.5 + 3.0 + 1.5 + 3.0 = 8.0", "sum", True),
    # seed 000, example 5: Maria as an opponent "1+1+1+0.5+0.5+0+0.5+0.5+0.5 = 5.5"
    (
        "bh-ex5-maria.trf",
        "fide-2026",
        6,
        "ABH",
        "1 + 1 + 1 + 0.5 + 0.5 + 0 + 0.5 + 0.5 + 0.5 = 5.5",
        "sum",
        True,
    ),
]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("fixture", "rules", "player", "label", "seed_line", "which", "ordered"), SEED_LINES)
def test_seed_sum_lines(fixture, rules, player, label, seed_line, which, ordered, lang):
    t = spareggio.io.trf.read_trf(FIX / fixture)
    s = spareggio.rank(t, [label], rules=rules)
    text = render_text(ex.explain_player(s, player, lang=lang))
    block = _block(text, label)
    word = {
        "sum": {"en": "Sum", "it": "Somma"},
        "removed": {"en": "Removed", "it": "Tolto"},
        "cut": {"en": "With the cut terms as 0", "it": "Con i termini tagliati a 0"},
    }[which][lang]
    got = _numbers(_line(block, word))
    want = _numbers(seed_line)
    if ordered:
        assert got == want
    else:
        assert Counter(got) == Counter(want) and got[-1] == want[-1]


def test_kallithea_virtual_opponent_is_explained():
    # seed 003, example 1: "2 + 0 + 6 x 0.5 = 5 points Buchholz" for the round-3 default win
    t = spareggio.io.trf.read_trf(FIX / "kallithea-ex1-a.trf")
    s = spareggio.rank(t, ["BH"], rules="fide-2009")
    e = ex.explain_player(s, 5)
    r3 = e.tiebreaks[0].rounds[2]
    assert r3.score == 5
    assert "2 before the round + 0 + 6 x 0.5 = 5" in r3.note


def test_sergio_sb_cut_names_the_reason():
    # seed 002, example 4: the least significant (opponent 24, 1.50) is higher than the VUR's 0.00
    t = spareggio.io.trf.read_trf(FIX / "sb-ex4-sergio.trf")
    s = spareggio.rank(t, ["SB/C1"], rules="fide-2026")
    rounds = ex.explain_player(s, 6).tiebreaks[0].rounds
    assert rounds[0].opponent == 24 and not rounds[0].counted
    assert "higher of the two" in rounds[0].cut and "0.00" in rounds[0].cut
    assert rounds[6].counted and rounds[6].vur  # the forfeit loss stays


def test_adjusted_score_footnote():
    # x-forfeit-withdraw: Walter (#9) 2 points, rounds 6-7 withdrawn after a forfeit loss count as draws
    # for his opponents: 2 + 0.5 + 0.5 = 3 (C.07 16.2.5, 16.3)
    t = spareggio.io.trf.read_trf(FIX / "x-forfeit-withdraw.trf")
    s = spareggio.rank(t, ["BH"], rules="fide-2026")
    tb = ex.explain_player(s, 3).tiebreaks[0]
    (fn,) = tb.footnotes
    assert (fn.start_number, fn.actual, fn.adjusted) == (9, 2, 3)
    assert [r[0] for r in fn.rounds] == [6, 7]


def _all_cases():
    files = sorted(FIX.glob("*.trf"))
    if EXAMPLE.exists():
        files.append(EXAMPLE)
    return files


def _rendered_records(tb: ex.TiebreakExplanation) -> list[Record]:
    """The records an explanation shows, rebuilt from its rendered rows alone."""
    return [
        Record(
            r.round,
            r.opponent,
            None,
            None,
            None,
            r.score,
            r.input_code,
            r.contribution,
            Why[r.why.upper()],
            r.vur,
        )
        for r in tb.rounds
    ]


@pytest.mark.parametrize("rules", sorted(spareggio.RULESETS))
@pytest.mark.parametrize("path", _all_cases(), ids=lambda p: p.name)
def test_explanation_agrees_with_standings(path, rules):
    """Every explained value is the aggregate of the records the explanation renders, and equals
    the standings; an explanation without records fails (every tie-break has records but the
    diagnostics ABH/AFB: rounds, the single element of RTNG/TPN, or DE's groups).  DE's records are its groups:
    the place recomputed from them is the value, and each member's points among the group are the
    sum of the encounters listed (C.07 6.1-6.3)."""
    t = spareggio.io.trf.read_trf(path)
    individual = [d.code for d in spareggio.tiebreaks.catalogue(Scope.INDIVIDUAL)]
    labels = ["BH/C1", "BH/M1", "SB/C1", "FB/C1", *sorted(individual)]
    s = spareggio.rank(t, labels, rules=rules)
    for row in s.rows:
        e = ex.explain_player(s, row.player.start_number)
        for tb in e.tiebreaks:
            value = row.values[tb.label]
            assert tb.value == value
            if tb.code == "DE":
                _check_group_records(tb, row.player.start_number)
                continue
            if tb.code in ("ABH", "AFB"):
                continue
            dropped = value is None and s.results[tb.label].warnings
            if dropped:
                continue
            if tb.aggregate == "own":
                assert tb.elements, f"{tb.label}: an explanation without its element"
                assert aggregate(tb.elements, Aggregate.OWN) == value == _numbers(tb.sum_line)[-1]
                continue
            assert tb.rounds, f"{tb.label}: an explanation without records"
            assert len(tb.rounds) == s.after_round
            assert aggregate(_rendered_records(tb), Aggregate(tb.aggregate)) == value, (tb.label, rules)
            if tb.aggregate == "sum":
                final = _numbers(tb.cut_line or tb.sum_line)[-1]
                assert final == value


def _check_group_records(tb: ex.TiebreakExplanation, player: int) -> None:
    assert de_place(tb.groups, player) == tb.value, "DE: the place is not the groups' aggregate"
    if tb.value is not None:
        assert tb.groups, "DE: a value without group records"
    for group in tb.groups:
        among = {int(k): Fraction(v).limit_denominator(10**6) for k, v in group["points_among"].items()}
        assert points_from_encounters(group) == among
        met = {(e["player"], e["opponent"]) for e in group["encounters"]}
        for m in group["members"]:
            others = {o for o in group["members"] if o != m and ((m, o) in met or (o, m) in met)}
            assert group["unmet"][str(m)] == len(group["members"]) - 1 - len(others)
        assert group["step"] == ("6.2" if group["all_met"] else "6.3")


def test_direct_encounter_groups_are_records():
    # a tied group examined by DE is given as structured records (members, points among them, step)
    t = spareggio.io.trf.read_trf(EXAMPLE)
    s = spareggio.rank(t, ["DE", "BH/C1"])
    examined = [row for row in s.rows if s.results["DE"].value(row.index) is not None]
    assert examined
    e = ex.explain_player(s, examined[0].player.start_number, ["DE"])
    (tb,) = e.tiebreaks
    assert tb.groups
    group = tb.groups[0]
    assert examined[0].player.start_number in group.members
    assert group.step in ("6.2", "6.3")
    assert sorted(n for g in group.order for n in g) == sorted(group.members)


class _Balanced(HTMLParser):
    VOID: ClassVar[set[str]] = {"meta", "br", "img", "hr", "input", "link"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.values: list[str] = []
        self._in_value = False

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)
        self._in_value = ("class", "value") in attrs

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"unbalanced </{tag}>"
        self.stack.pop()
        self._in_value = False

    def handle_data(self, data):
        if self._in_value:
            self.values.append(data)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_html_is_well_formed_and_has_the_text_numbers(lang):
    t = spareggio.io.trf.read_trf(FIX / "bh-ex6-michele.trf")
    s = spareggio.rank(t, ["BH", "BH/C1", "SB", "ABH"], rules="fide-2026")
    e = ex.explain_player(s, 6, lang=lang)
    page = explanation_html(e)
    parser = _Balanced()
    parser.feed(page)
    assert parser.stack == []
    assert page.startswith("<!DOCTYPE html>") and "http" not in page  # self-contained
    text = render_text(e)
    text_values = [line.rsplit(": ", 1)[1] for line in text.splitlines() if re.match(r"^[A-Z/0-9]+ - ", line)]
    # the same numbers in the page and the text, written the language's way (decimal comma in Italian)
    want = ["39.5", "35", "19.50", "5.5"] if lang == "en" else ["39,5", "35", "19,50", "5,5"]
    assert parser.values == text_values == want


def test_html_escapes_names():
    text = (FIX / "bh-ex1-raffaele.trf").read_text(encoding="utf-8")
    text = "\n".join(
        line.replace("Raffaele", "<script>", 1) if line.startswith("001") else line
        for line in text.splitlines()
    )
    t = spareggio.io.trf.parse_trf(text, "evil.trf")
    s = spareggio.rank(t, ["BH"], rules="fide-2026")
    page = explanation_html(ex.explain_player(s, 1))
    assert "<script>" not in page and "&lt;script&gt;" in page
    v = ex.explain_versus(s, 1, 2)
    assert "<script>" not in versus_html(v)


def test_versus_first_separating_tiebreak():
    # seed 000 example 2: Giuseppe (#3) and #6 both on 6.5; BH/C1 separates them
    t = spareggio.io.trf.read_trf(FIX / "bh-ex2-giuseppe.trf")
    s = spareggio.rank(t, ["BH/C1", "SB"], rules="fide-2026")
    v = ex.explain_versus(s, 3, 6)
    r3, r6 = s.row_of(3), s.row_of(6)
    assert r3.points == r6.points == Fraction(13, 2)
    first = "BH/C1" if r3.values["BH/C1"] != r6.values["BH/C1"] else "SB"
    assert v.deciding == first
    assert v.relation == ("above" if r3.rank < r6.rank else "below")
    assert [tb.label for tb in v.a.tiebreaks] == s.labels[: s.labels.index(first) + 1]


def test_explain_cli_json(capsys):
    code = main(
        [
            "explain",
            str(FIX / "bh-ex3-francesca.trf"),
            "-p",
            "16",
            "-t",
            "BH,BH/C1",
            "-r",
            "fide-2026",
            "-f",
            "json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    bh = data["tiebreaks"][0]
    assert (bh["label"], bh["value"]) == ("BH", 13.5)
    assert [r["contribution"] for r in bh["rounds"]] == [1.5, 2.5, 2, 3.5, 4]
    assert "16.4.1" in bh["rounds"][1]["how"]
    assert data["tiebreaks"][1]["rounds"][0]["counted"] is False


def test_explain_cli_unknown_player(capsys):
    code = main(["explain", str(FIX / "bh-ex3-francesca.trf"), "-p", "99"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "99" in err


def test_other_tiebreaks_show_their_arithmetic():
    # C.07 7.5 (digest §5.3): results W, L, W, D, L give cumulative 1, 1, 2, 2.5, 2.5 -> PS = 9
    from builders import tournament

    t = tournament({1: "+W2 -B3 +W4 =B5 -W6"}, players=6, ratings={k: 2000 for k in range(1, 7)})
    s = spareggio.rank(t, ["PS", "WIN", "ARO", "TPR"], rules="fide-2026")
    e = ex.explain_player(s, 1)
    ps, win, aro, tpr = e.tiebreaks
    assert [r.score for r in ps.rounds] == [1, 1, 2, Fraction(5, 2), Fraction(5, 2)]
    assert ps.sum_line == "1 + 1 + 2 + 2.5 + 2.5 = 9"
    # WIN (7.1): rounds 1 and 3 give a win's points
    assert [r.round for r in win.rounds if r.counted] == [1, 3]
    assert win.sum_line == "1 + 1 = 2"
    assert "fewer points than a win" in win.rounds[1].cut
    # ARO: five opponents at 2000 -> 10000 / 5 = 2000 (C.07 10.1)
    assert aro.sum_line.startswith("(2000 + 2000 + 2000 + 2000 + 2000) / 5 = 2000 -> 2000")
    # TPR: 2.5 of 5 = 50 % -> dp 0 (B.02 8.1 a) -> 2000 + 0 (C.07 10.2)
    assert "score 2.5 of 5 = 50% -> 50% -> dp 0" in tpr.sum_line and tpr.value == 2000


def test_rounded_values_show_the_exact_value_beside_them():
    # player 1 beats 2 (2001) and 3 (2000) and loses to 4 (2000), all games over the board
    from builders import tournament

    t = tournament({1: "+W2 +B3 -W4"}, players=4, ratings={1: 2000, 2: 2001, 3: 2000, 4: 2000})
    s = spareggio.rank(t, ["ARO", "TPR", "PTP"], rules="fide-2026")
    e = ex.explain_player(s, 1)
    aro, tpr, ptp = e.tiebreaks
    # ARO (10.1): 6001 / 3 = 2000.33..., rounded half up to 2000; the exact value stays beside it
    assert (
        aro.sum_line == "(2001 + 2000 + 2000) / 3 = 2000.33 (6001/3) -> 2000 (rounded, .5 up; C.07 Art. 10)"
    )
    assert (aro.value, aro.exact) == (2000, Fraction(6001, 3))
    # TPR (10.2): ARO 2000; 2 of 3 = 66.67 % -> 67 % -> dp 125 (B.02 8.1 a) -> 2125
    assert "= 2000.33 (6001/3) -> 2000; score 2 of 3 = 66.67% -> 67% -> dp 125" in tpr.sum_line
    assert tpr.sum_line.endswith("TPR = 2000 + 125 = 2125") and tpr.value == 2125
    # PTP (10.3): at 2122 the differences +121, +122, +122 expect .66 + .67 + .67 = 2.00 (B.02
    # 8.1 b), the score; at 2121 +120, +121, +121 expect .66 x 3 = 1.98 -> 2122
    assert ptp.sum_line.endswith("is 2122 (C.07 10.3): at 2122 they sum to 2, at 2121 to 1.98")
    assert ptp.value == 2122
    # JSON: the rounded value, and the exact one as a fraction beside it (PTP rounds nothing)
    doc = explanation_to_dict(e)
    assert doc["tiebreaks"][0]["exact_fraction"] == "6001/3" and doc["tiebreaks"][0]["value"] == 2000
    assert doc["tiebreaks"][2]["exact_fraction"] is None


def test_every_explanation_field_is_documented():
    # docs/explain-json.md names every key of the explanation document, at every level
    doc_text = (Path(__file__).parent.parent / "docs" / "explain-json.md").read_text(encoding="utf-8")
    t = spareggio.io.trf.read_trf(EXAMPLE)
    s = spareggio.rank(t, ["DE", "BH", "MM", "CUM", "ARO"], rules="fide-2026")
    data = explanation_to_dict(ex.explain_player(s, 1))
    de, bh, mm = data["tiebreaks"][:3]
    assert de["groups"] and bh["rounds"] and mm["footnotes"]
    keys = {
        *data,
        *data["player"],
        *bh,
        *bh["rounds"][0],
        *de["groups"][0],
        *de["groups"][0]["encounters"][0],
        *mm["footnotes"][0],
        *mm["footnotes"][0]["rounds"][0],
    }
    missing = sorted(k for k in keys if f'"{k}"' not in doc_text)
    assert not missing, f"undocumented keys: {missing}"
