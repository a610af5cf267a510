"""``check --infer`` explains published rankings: points-only lists, DE and PS, rating-led lists,
mixed rule versions, program profiles and the criteria a program applies after its printed list.

Each event is the bundled open with the ranks a program would declare: the ranking under the
generating list (ties left after it in start-number order, as Swiss-Manager orders them), written
into the declared-rank column.  The inference must name the generating list and, where it needs one,
the program and its unprinted continuation; no other candidate may explain the ranks better."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import spareggio
from spareggio.check import CheckOptions, check_tournament

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf"


def declared(specs: list[str], rules: str, announced: list[str] | None) -> spareggio.Tournament:
    t = spareggio.io.trf.read_trf(EXAMPLE)
    s = spareggio.rank(t, specs, rules=rules)
    place = {row.player.start_number: k + 1 for k, row in enumerate(s.rows)}
    players = tuple(dataclasses.replace(p, rank=place[p.start_number]) for p in t.players)
    return dataclasses.replace(t, players=players, tiebreak_list=None if announced is None else tuple(announced))


@pytest.mark.parametrize(
    ("generating", "rules", "announced", "found", "continuation"),
    [
        # a points-only list: the ties in start-number order, which Swiss-Manager does not print
        (["PTS", "TPN"], "fide-2026", ["PTS"], ("PTS",), ("TPN",)),
        # only DE printed (it decides few ties): the start number after it, never a catalogue list that
        # happens to fit (issue: "Swiss-Manager with APRO, DE, ARO/C1, then TPN")
        (["DE", "TPN"], "fide-2026", ["DE"], ("DE",), ("TPN",)),
        # DE, PS printed; SB then start number applied after them, unprinted
        (["DE", "PS", "SB", "TPN"], "fide-2026", ["DE", "PS"], ("DE", "PS"), ("SB", "TPN")),
        # a rating-led list that the file does not announce (it leaves no tie: nothing after it)
        (["APRO", "DE", "ARO/C1", "TPN"], "fide-2026", None, ("APRO", "DE", "ARO/C1"), ()),
        # one list, two rule versions (Swiss-Manager's "(2026)" Cut1 and "(2023)" Median1)
        (["BH/C1/V2026", "BH/M1/V2024", "TPN"], "fide-2026", ["BH/C1", "BH/M1"],
         ("BH/C1/V2026", "BH/M1/V2024"), ("TPN",)),
    ],
)  # fmt: skip
def test_the_inference_finds_the_generating_list(
    generating: list[str], rules: str, announced: list[str] | None, found: tuple[str, ...], continuation: tuple[str, ...]
) -> None:
    entry = check_tournament(declared(generating, rules, announced), CheckOptions(infer=True))
    best = entry.inferred[0]
    assert (best.mismatches, best.shared) == (0, 0)
    assert best.tiebreaks == found
    assert best.continuation == continuation
    if continuation:
        assert best.program == "Swiss-Manager"  # the program whose continuation it is
    # the printed list alone leaves declared ranks inside shared places: only the continuation explains them
    for cand in entry.inferred:
        if continuation and cand.tiebreaks == found and not cand.continuation:
            assert cand.mismatches > 0 or cand.shared > 0


def test_mixed_versions_are_needed_for_the_mixed_list() -> None:
    # the event discriminates: no single version of the list gives the mixed list's order
    t = spareggio.io.trf.read_trf(EXAMPLE)

    def order(specs: list[str], rules: str) -> list[int]:
        return [row.player.start_number for row in spareggio.rank(t, specs, rules=rules).rows]

    mixed = order(["BH/C1/V2026", "BH/M1/V2024", "TPN"], "fide-2026")
    for rules in ("fide-2026", "fide-2024", "fide-2009"):
        assert order(["BH/C1", "BH/M1", "TPN"], rules) != mixed


def test_the_answer_names_the_program_and_what_it_does_not_print() -> None:
    t = declared(["DE", "PS", "SB", "TPN"], "fide-2026", ["DE", "PS"])
    text = check_tournament(t, CheckOptions(infer=True)).inferred_text
    assert text.startswith(
        "the declared ranking is exactly what Swiss-Manager gives with DE, PS, then SB, TPN, which it does not print"
    )


def test_a_ranking_the_listed_criteria_explain_needs_no_program() -> None:
    t = declared(["BH/C1", "BH", "SB"], "fide-2026", ["BH/C1", "BH", "SB"])
    entry = check_tournament(t, CheckOptions(infer=True))
    best = entry.inferred[0]
    assert (best.rules, best.tiebreaks, best.mismatches, best.continuation) == ("fide-2026", ("BH/C1", "BH", "SB"), 0, ())


def test_a_rule_set_that_programs_compute_names_them() -> None:
    # the Italian variant: Diena, GTS and RWGets compute it (founding document 001's table)
    t = declared(["BH/C1", "BH", "SB"], "italian", ["BH/C1", "BH", "SB"])
    entry = check_tournament(t, CheckOptions(infer=True, rules="italian"))
    assert entry.inferred[0].rules == "italian"
    assert "italian (as Diena, GTS, RWGets compute) gives with BH/C1, BH, SB" in entry.inferred_text
