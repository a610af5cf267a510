"""Explanations hold sentences, not words of one language: every sentence is a ``Text`` (English
template and values) and the renderers say it in the language asked, so that an explanation built
once reads the same in Italian as one built for Italian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spareggio
from spareggio import explain as ex
from spareggio.i18n import Text
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
    return spareggio.standings(spareggio.read_trf(FIX / fixture), labels, rules=rules)


def _points(text: str) -> str:
    """The text with decimal commas as points: the numbers inside sentences are written in the
    language asked when the explanation is built (:func:`spareggio.explain.wording.numbers_in`)."""
    return re.sub(r"(\d),(\d)", r"\1.\2", text)


@pytest.mark.parametrize(("fixture", "rules", "labels"), CASES)
@pytest.mark.parametrize("lang", ["it", "fr"])
def test_built_once_said_in_any_language(fixture, rules, labels, lang):
    s = _standings(fixture, rules, labels)
    for row in s.rows:
        sno = row.player.start_number
        built_in_english = ex.explain_player(s, sno, lang="en")
        said = render_text(built_in_english, lang)
        assert _points(said) == _points(render_text(ex.explain_player(s, sno, lang=lang)))


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
            for r in tb.rounds:
                assert all(isinstance(x, Text) for x in (r.note, r.cut, r.colour, r.kind))


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
    s = spareggio.standings(spareggio.read_trf(EXAMPLE))
    v = ex.explain_versus(s, 7, 1, lang="en")
    assert all(isinstance(line, Text) for line in v.lines)
    assert _points(render_versus_text(v, "it")) == _points(
        render_versus_text(ex.explain_versus(s, 7, 1, lang="it"), "it")
    )
