"""Names users type for tie-breaks and rule sets (issue: names users actually type)."""

from __future__ import annotations

from pathlib import Path

import pytest

import spareggio
from spareggio.errors import TiebreakSpecError, UnknownRulesetError, UnknownTiebreakError
from spareggio.rules import find_ruleset
from spareggio.tiebreaks import parse_spec_list

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf"


@pytest.mark.parametrize(
    ("typed", "spec"),
    [
        ("Buchholz", "BH"),
        ("Bucholz", "BH"),
        ("buchholz totale", "BH"),
        ("Buchholz Cut 1", "BH/C1"),
        ("BH Cut 1", "BH/C1"),
        ("BH-C1", "BH/C1"),
        ("bh_c1", "BH/C1"),
        ("Buchholz tagliato", "BH/C1"),
        ("Buchholz Cut 2", "BH/C2"),
        ("Median Buchholz", "BH/M1"),
        ("Buchholz mediano 2", "BH/M2"),
        ("Sonneborn", "SB"),
        ("Sonneborn-Berger", "SB"),
        ("Neustadtl", "SB"),
        ("SB Cut 1", "SB/C1"),
        ("Koya", "KS"),
        ("scontro diretto", "DE"),
        ("Direct Encounter", "DE"),
        ("numero di vittorie", "WIN"),
        ("media Elo avversari", "ARO"),
        ("ARO cut 1", "ARO/C1"),
        ("Performance", "TPR"),
        ("Progressive score", "PS"),
        ("Solkoff", "SOLKOFF"),
        ("Modified Median", "MM"),
        ("Kashdan", "KASHDAN"),
        ("Fore Buchholz", "FB"),
        ("Élo", "RTNG"),  # accents do not matter
        ("  KOYA  system ", "KS"),
    ],
)
def test_names_resolve_to_fide_specifiers(typed: str, spec: str) -> None:
    ((label, parsed),) = parse_spec_list([typed])
    assert parsed == parse_spec_list(spec)[0][1]
    # a name is replaced by its acronym; an acronym stays as typed (Solkoff is the acronym SOLKOFF)
    assert label == (typed if typed.strip().upper() == spec else spec)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Bucholtz cut", "did you mean buchholz cut (BH/C1)"),
        ("Sonnenborn", "did you mean sonneborn (SB)"),
        ("XYZ", "unknown tie-break 'XYZ'. FIDE acronyms take modifiers after a slash: BH/C1"),
        ("Cumulative", "means different tie-breaks in different rules; write one of: PS"),
        ("SB,SB", "'SB' is listed twice"),
        ("BH/C1,Buchholz Cut 1", "(the same as 'BH/C1') is listed twice"),
        ("", "the tie-break list is empty"),
        (",", "the tie-break list is empty"),
    ],
)
def test_bad_names_say_why(typed: str, message: str) -> None:
    with pytest.raises((UnknownTiebreakError, TiebreakSpecError), match=None) as info:
        parse_spec_list(typed)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_direct_encounter_may_come_again() -> None:
    # C.07 4.3: a group tie-break may be applied again after others
    assert [label for label, _ in parse_spec_list("DE,RTNG,DE")] == ["DE", "RTNG", "DE"]


def test_catalogue_acronyms_win_over_names() -> None:
    # MEDIAN is the catalogue's Harkness median, whatever the case
    assert parse_spec_list("median")[0][1].code == "MEDIAN"


@pytest.mark.parametrize(
    ("typed", "rules"),
    [
        ("italiana", "italian"),
        ("variante italiana", "italian"),
        ("Variante_Italiana", "italian"),
        ("FSI", "italian"),
        ("vega-2009", "fide-2009"),
        ("vega-draw-vs-self", "draw-vs-self"),
        ("Kallithea", "fide-2009"),
    ],
)
def test_rule_set_names(typed: str, rules: str) -> None:
    assert find_ruleset(typed).name == rules


def test_plain_vega_names_both_choices() -> None:
    with pytest.raises(UnknownRulesetError) as info:
        find_ruleset("vega")
    assert "vega-2009" in str(info.value) and "vega-draw-vs-self" in str(info.value)


def test_unknown_rule_set_lists_every_alias() -> None:
    with pytest.raises(UnknownRulesetError) as info:
        find_ruleset("nope")
    text = str(info.value)
    for r in spareggio.RULESETS.values():
        assert r.name in text
        assert all(alias in text for alias in r.aliases)


def _with_212(tmp_path: Path, record: str) -> Path:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "list.trf"
    path.write_text("\n".join([lines[0], record, *lines[1:]]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("212 PTS BH/C1 XYZ SB", 15, "unknown tie-break 'XYZ'"),
        ("212 PTS BH/C1   SB,SB", 20, "'SB' is listed twice"),
        ("212 PTS BH/Q1", 9, "modifier '/Q1' is not allowed"),
    ],
)
def test_errors_in_the_file_list_name_line_and_column(
    tmp_path: Path, record: str, column: int, message: str
) -> None:
    path = _with_212(tmp_path, record)
    with pytest.raises(spareggio.InputError) as info:
        spareggio.standings(spareggio.read_trf(path))
    assert (info.value.position.line, info.value.position.column) == (2, column)
    assert message in str(info.value)


def test_a_file_list_of_points_alone_ranks_by_points(tmp_path: Path) -> None:
    s = spareggio.standings(spareggio.read_trf(_with_212(tmp_path, "212 PTS")))
    assert s.labels == []


def test_score_selector_is_kept_in_the_spec() -> None:
    # ':MP' / ':GP' name the team score a criterion uses; the specifier keeps it (and prints it)
    spec = spareggio.parse_spec("BH:MP/C1")
    assert (spec.code, spec.score, spec.cut_low) == ("BH", "MP", 1)
    assert str(spec) == "BH:MP/C1"
    assert spareggio.parse_spec("bh:gp").score == "GP" and spareggio.parse_spec("BH").score is None


def test_score_selector_on_an_individual_event_is_refused() -> None:
    with pytest.raises(TiebreakSpecError, match="are for team events"):
        spareggio.standings(spareggio.read_trf(EXAMPLE), ["BH:MP"])
