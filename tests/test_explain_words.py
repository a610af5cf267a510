"""Explanations hold sentences, not words of one language: every sentence is a ``Text`` (English
template and values, the numbers kept as numbers) and the renderers say it in the language asked, so
that an explanation built once reads the same in Italian as one built for Italian."""

from __future__ import annotations

import dataclasses
import pickle
import re
from fractions import Fraction
from pathlib import Path

import pytest

import spareggio
from spareggio import explain as ex
from spareggio.base.i18n import Text, localize
from spareggio.base.numbers import Shown, Style
from spareggio.render.explanation import explanation_to_dict, render_text, render_versus_text

FIX = Path(__file__).parent / "conformance" / "seeds"
EXAMPLE = Path(__file__).parent.parent / "examples" / "open-2026.trf"

CASES = [
    # seed fixtures with cuts, unplayed rounds, adjusted opponents and a voluntary unplayed round
    ("bh-ex3-francesca.trf", "fide-2026", ["BH", "BH/C1", "SB"]),
    ("bh-ex5-maria.trf", "fide-2026", ["BH", "BH/C1", "ARO", "PS"]),
    ("sb-ex4-sergio.trf", "fide-2026", ["SB", "SB/C1", "DE"]),
    ("x-median-cut2-vur.trf", "fide-2026", ["BH/M1", "BH/C2", "WIN", "BPG"]),
    ("vega-draw-vs-self-marco.trf", "draw-vs-self", ["BH"]),
]


def _standings(fixture: str, rules: str, labels: list[str]) -> spareggio.Standings:
    return spareggio.rank(spareggio.io.trf.read_trf(FIX / fixture), labels, rules=rules)


@pytest.mark.parametrize(("fixture", "rules", "labels"), CASES)
@pytest.mark.parametrize("lang", ["it", "fr"])
def test_built_once_said_in_any_language(fixture, rules, labels, lang):
    s = _standings(fixture, rules, labels)
    for row in s.rows:
        sno = row.player.start_number
        built_in_english = ex.explain_player(s, sno, lang="en")
        said = render_text(built_in_english, lang)
        assert said == render_text(ex.explain_player(s, sno, lang=lang))
        # the JSON too: the sentences and the numbers inside them, said in the language asked
        asked = dataclasses.replace(built_in_english, lang=lang)
        assert explanation_to_dict(asked) == explanation_to_dict(ex.explain_player(s, sno, lang=lang))


@pytest.mark.parametrize(("fixture", "rules", "labels"), CASES)
def test_every_sentence_is_a_text(fixture, rules, labels):
    s = _standings(fixture, rules, labels)
    for row in s.rows:
        e = ex.explain_player(s, row.player.start_number, lang="it")
        assert isinstance(e.rules_reason, Text)
        for tb in e.tiebreaks:
            assert isinstance(tb.name, Text)
            assert all(isinstance(line, Text) for line in tb.lines)
            assert all(isinstance(fn.text, Text) for fn in tb.footnotes)
            for line in (tb.sum_line, tb.removed_line, tb.cut_line):
                assert isinstance(line, Text) or line == ""
            for r in tb.rounds:
                assert all(isinstance(x, Text) for x in (r.note, r.cut, r.colour, r.kind))
                assert isinstance(r.result, Text) or r.result in ("1", "½", "0", "+", "-", "--")


def test_round_note_and_cut_said_when_rendered():
    # seed bh-ex3 (Francesca, no. 16): BH/C1 cuts her lowest value, 0 (C.07 14.1); the notes of the
    # rounds read "opponent's score" (it.po: "punti dell'avversario")
    s = _standings("bh-ex3-francesca.trf", "fide-2026", ["BH/C1"])
    e = ex.explain_player(s, 16, lang="en")
    cut_rounds = [r for r in e.tiebreaks[0].rounds if r.cut]
    assert [str(r.cut) for r in cut_rounds] == ["cut: lowest value (C.07 14.1)"]
    english, italian = render_text(e), render_text(e, "it")
    assert "cut: lowest value (C.07 14.1)" in english
    assert "tagliato: valore più basso (C.07 14.1)" in italian and "cut: lowest" not in italian
    assert "punti dell'avversario" in italian and "opponent's score" not in italian
    doc = explanation_to_dict(ex.explain_player(s, 16, lang="it"))
    assert [r["cut"] for r in doc["tiebreaks"][0]["rounds"] if r["cut"]] == [
        "tagliato: valore più basso (C.07 14.1)"
    ]


def test_versus_lines_said_when_rendered():
    s = spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE))
    v = ex.explain_versus(s, 7, 1, lang="en")
    assert all(isinstance(line, Text) for line in v.lines)
    assert render_versus_text(v, "it") == render_versus_text(ex.explain_versus(s, 7, 1, lang="it"), "it")
    # examples/open-2026.trf: both on 7 points, Esposito (7) ahead on BH/C1, 46.5 against 45
    assert "BH/C1 decides: 46.5 against 45." in v.lines
    assert "BH/C1 decide: 46,5 contro 45" in render_versus_text(v, "it")


def test_numbers_inside_sentences_said_when_rendered():
    # examples/open-2026.trf, no. 7 Esposito: his opponents scored 4 + 5 + 6 + 7 + 4 + 6.5 + 6.5 + 6
    # + 5.5 = 50.5 (BH, C.07 8.1); BH/C1 cuts the lowest value, 4 (C.07 14.1): 50.5 - 4 = 46.5
    s = spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE), ["BH/C1"])
    e = ex.explain_player(s, 7)  # built once, in no language
    english, italian = render_text(e, "en"), render_text(e, "it")
    assert "  Sum: 4 + 5 + 6 + 7 + 4 + 6.5 + 6.5 + 6 + 5.5 = 50.5\n" in english
    assert "  Removed: 50.5 - 4 = 46.5\n" in english
    assert "  With the cut terms as 0: 0 + 5 + 6 + 7 + 4 + 6.5 + 6.5 + 6 + 5.5 = 46.5\n" in english
    assert "  Somma: 4 + 5 + 6 + 7 + 4 + 6,5 + 6,5 + 6 + 5,5 = 50,5\n" in italian
    assert "  Tolto: 50,5 - 4 = 46,5\n" in italian
    assert "0 + 5 + 6 + 7 + 4 + 6,5 + 6,5 + 6 + 5,5 = 46,5\n" in italian
    assert "46.5" not in italian and "6.5" not in italian
    # the opponent's score in the note of round 6 (no. 5 Colombo, 6.5 points)
    assert "opponent's score 6.5" in english and "punti dell'avversario 6,5" in italian
    # the JSON of the same explanation said in Italian: its sentences, not its numbers
    doc = explanation_to_dict(dataclasses.replace(e, lang="it"))
    (tb,) = doc["tiebreaks"]
    assert tb["removed"] == "50,5 - 4 = 46,5" and tb["value"] == 46.5
    assert tb["with_cut_terms_as_zero"].endswith("= 46,5")


def test_a_virtual_opponent_said_when_rendered():
    # seed 003, example 1 (Kallithea, FIDE 2009): the round-3 default win counts a virtual opponent,
    # 2 + 0 + 6 x 0.5 = 5 points
    s = _standings("kallithea-ex1-a.trf", "fide-2009", ["BH"])
    r3 = ex.explain_player(s, 5).tiebreaks[0].rounds[2]
    assert "2 before the round + 0 + 6 x 0.5 = 5" in r3.note
    assert "2 prima del turno + 0 + 6 x 0,5 = 5" in localize(r3.note, "it")


def _sentence_values(value: object, inside: bool = False) -> list[object]:
    """Every value the sentences of an explanation hold (the values of its Texts, depth first)."""
    if isinstance(value, Text):
        return [leaf for v in value.params.values() for leaf in _sentence_values(v, True)]
    if dataclasses.is_dataclass(value) and not isinstance(value, (type, Shown)):
        return [leaf for f in dataclasses.fields(value) for leaf in _sentence_values(getattr(value, f.name))]
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in _sentence_values(v, inside)]
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _sentence_values(v, inside)]
    return [value] if inside else []


@pytest.mark.parametrize(("fixture", "rules", "labels"), CASES)
def test_a_built_explanation_holds_no_words_of_a_language(fixture, rules, labels):
    s = _standings(fixture, rules, labels)
    for row in s.rows:
        sno = row.player.start_number
        italian = ex.explain_player(s, sno, lang="it")
        english = ex.explain_player(s, sno, lang="en")
        # built for Italian or for English, the same values: only the language asked differs
        assert pickle.dumps(dataclasses.replace(italian, lang="en")) == pickle.dumps(english)
        leaves = _sentence_values(italian)
        # the numbers of the sentences are numbers (46.5 stays 93/2), never digits written one way
        written = [v for v in leaves if type(v) is str and re.search(r"\d[.,]\d", v)]
        assert written == []
        shown = [v for v in leaves if isinstance(v, Shown)]
        assert shown and all(isinstance(v.number, (Fraction, int, type(None))) for v in shown)


def test_versus_holds_numbers():
    # examples/open-2026.trf: no. 7 and no. 1 both on 7 points (C.07: points first)
    s = spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE))
    v = ex.explain_versus(s, 7, 1, lang="it")
    points = v.lines[0]
    assert points.params == {"a": Shown(Fraction(7), Style.POINTS), "b": Shown(Fraction(7), Style.POINTS)}
    assert pickle.loads(pickle.dumps(v)).lines == v.lines
