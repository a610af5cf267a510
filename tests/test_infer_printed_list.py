"""``--infer`` when the file prints its list (a legend, or columns its values name): the printed
criteria outrank a catalogue list that only orders a few more tied players by chance, and
Swiss-Manager, whose legends name a rule version per criterion, is tried with its criteria computed
by one text (an unlabelled Buchholz by the 2009 rule), as chess-results' exports print them."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

import spareggio
from chess_results_workbook import rows, workbook
from spareggio.check import CheckOptions, check_tournament
from spareggio.check import infer as infer_module
from spareggio.check.infer import _printed_first, _Scored, versioned_lists
from spareggio.generate import generate
from spareggio.io import parse_event

PRINTED = ("DE", "BH/C1", "BH")


def _scored(lst: tuple[str, ...], wrong: int, shared: int, grade: int, n: int) -> _Scored:
    return _Scored(wrong, 0, shared, grade, 1, n, "fide-2009", lst, 0)


@pytest.mark.parametrize(
    ("printed_wrong", "other", "first"),
    [
        # a catalogue list without the printed DE, ordering two more tied players: after the printed list
        (0, _scored(("BH/C1", "BH", "WIN"), 0, 8, 4, 0), "printed"),
        # the printed list going on with SB, which orders every tied player: it names what the
        # program applied after its list, and comes first
        (0, _scored((*PRINTED, "SB"), 0, 0, 4, 0), "other"),
        # a list that misplaces fewer players than the printed one comes first, printed or not
        (1, _scored(("SB", "BH"), 0, 9, 4, 0), "other"),
        # ... but not one that leaves more ranks unexplained in all (12 level against 1 + 10)
        (1, _scored(("SB", "BH"), 0, 12, 4, 0), "printed"),
    ],
)
def test_the_printed_list_comes_before_a_list_that_explains_more_by_chance(
    printed_wrong: int, other: _Scored, first: str
) -> None:
    # the printed list leaves 10 declared ranks inside shared places (and misplaces printed_wrong)
    printed = _scored(PRINTED, printed_wrong, 10, 0, 1)
    ordered = _printed_first(sorted([other, printed]), PRINTED)
    assert ordered[0] is (printed if first == "printed" else other)


def test_one_version_on_every_criterion_is_tried_with_the_programs_that_name_versions() -> None:
    # the mixed lists, as before; the uniform ones, which a FIDE rule set computes as its own list
    assert versioned_lists(PRINTED) == [
        ("DE", "BH/C1/V2026", "BH/V2024"), ("DE", "BH/C1/V2026", "BH/V2009"), ("DE", "BH/C1/V2024", "BH/V2026"),
        ("DE", "BH/C1/V2024", "BH/V2009"), ("DE", "BH/C1/V2009", "BH/V2026"), ("DE", "BH/C1/V2009", "BH/V2024"),
    ]  # fmt: skip
    assert versioned_lists(PRINTED, uniform=True) == [
        ("DE", "BH/C1/V2026", "BH/V2026"), ("DE", "BH/C1/V2024", "BH/V2024"), ("DE", "BH/C1/V2009", "BH/V2009"),
    ]  # fmt: skip
    assert versioned_lists(("DE", "WIN")) == versioned_lists(("DE", "WIN"), uniform=True) == []


def test_an_export_ranked_by_the_2009_rule_and_the_start_numbers_is_credited_to_both_programs_that_do() -> None:
    # Swiss-Manager's starting rank crosstable of an event of 2025 whose list is two Buchholz printed
    # without a year (the 2009 virtual opponent in Swiss-Manager), its ties ordered by the start
    # number, which it does not print: the export's columns are named by their values (the 2009
    # rule), and the ranking is Swiss-Manager's exactly; the 2009 rule alone leaves those ties level
    t = generate(40, 7, 3, start_date=dt.date(2025, 4, 30), forfeit_rate=0.05, half_bye_rate=0.05)
    s = spareggio.rank(t, ["BH/C1/V2009", "BH/V2009"], rules="swiss-manager")
    assert s.labels[-1] == "TPN"  # Swiss-Manager's continuation, applied without being printed
    values = [{row.player.start_number: row.values[x] for row in s.rows} for x in ("BH/C1/V2009", "BH/V2009")]
    ranks: dict[int, int | None] = {row.player.start_number: k + 1 for k, row in enumerate(s.rows)}
    read = parse_event(workbook(rows(t, values, ranks)), "export.xlsx")
    assert isinstance(read, spareggio.Tournament)
    entry = check_tournament(read, CheckOptions(infer=True))
    assert entry.inferred_code == "exact"
    # Vega, set to the 2009 rule, also ranks level players by their start numbers: the export cannot
    # tell the two programs apart, and says so
    first, second = entry.inferred[:2]
    assert (first.rules, first.tiebreaks, first.continuation) == ("vega-2009", ("BH/C1", "BH"), ("TPN",))
    assert (second.rules, second.tiebreaks, second.continuation) == (
        "swiss-manager", ("BH/C1/V2009", "BH/V2009"), ("TPN",)
    )  # fmt: skip
    assert entry.inferred_text.startswith(
        "the declared ranking is exactly what Vega (vega-2009) gives with BH/C1, BH, then TPN, which it does not print"
    )
    assert entry.inferred_alike == ("Swiss-Manager",)
    # the 2009 rule by itself places every player but those the start number orders
    alone = check_tournament(read, CheckOptions(rules="fide-2009", tiebreaks="BH/C1,BH"))
    assert alone.status.value == "agree"
    assert any("inside a place the tie-breaks leave shared" in w for w in alone.warnings)


def test_a_printed_list_with_one_version_is_still_tried_under_every_rule_set(monkeypatch: pytest.MonkeyPatch) -> None:
    # a chess-results round robin printing DE, WIN, SB (2023), KS: the printed list has one version
    # throughout, as Swiss-Manager's uniform lists do; it was tried with Swiss-Manager alone, and
    # the real page's answer, fide-2026:rr-forfeit=dummy with the list, was lost
    tried: list[tuple[str, tuple[str, ...]]] = []
    original = infer_module._scored

    def recording(t: object, pairs: list[tuple[str, tuple[str, ...]]], *args: object, **kwargs: object) -> object:
        tried.extend(pairs)
        return original(t, pairs, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(infer_module, "_scored", recording)
    t = generate(8, 7, 2, round_robin=True, forfeit_rate=0.2, half_bye_rate=0, zero_bye_rate=0, withdrawal_rate=0)
    s = spareggio.rank(t, ["SB/V2024"], rules="fide-2024:rr-forfeit=dummy")
    ranks = {row.player.start_number: k + 1 for k, row in enumerate(s.rows)}
    printed = dataclasses.replace(
        t,
        players=tuple(dataclasses.replace(p, rank=ranks[p.start_number]) for p in t.players),
        tiebreak_list=("SB/V2024",),
    )
    check_tournament(printed, CheckOptions(infer=True))
    announced = [rules for rules, lst in tried if lst == ("SB/V2024",)]
    assert {"fide-2024", "fide-2024:rr-forfeit=dummy", "fide-2026:rr-forfeit=dummy", "fide-2009"} <= set(announced)
    # the list in the other versions: Swiss-Manager's alone (a FIDE rule set computes them as its
    # own), with what it applies after its list
    assert {rules for rules, lst in tried if lst[0] == "SB/V2009"} == {"swiss-manager"}
    assert ("swiss-manager", ("SB/V2009", "TPN")) in tried
