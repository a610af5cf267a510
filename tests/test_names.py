"""Names users type for tie-breaks and rule sets (issue: names users actually type)."""

from __future__ import annotations

from pathlib import Path

import pytest

import spareggio
from spareggio.base.errors import TiebreakSpecError, UnknownRulesetError, UnknownTiebreakError
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
        # a cut written as a minus (Vega, Swiss-Manager): "Buchholz -1" is Buchholz Cut 1
        ("Buchholz -1", "BH/C1"),
        ("Buchholz-1", "BH/C1"),
        ("BH-1", "BH/C1"),
        ("ARO-1", "ARO/C1"),
        ("Buchholz Cut-1", "BH/C1"),
        # the number after a name that carries its modifier replaces the 1
        ("Median Buchholz 2", "BH/M2"),
        ("Buchholz tagliato 2", "BH/C2"),
        # a name followed by FIDE modifiers
        ("Buchholz/C1", "BH/C1"),
        ("Buchholz Cut 1/P", "BH/C1/P"),
        ("Sonneborn-Berger/P", "SB/P"),
        # programs' and US Chess words
        ("Most black", "BPG"),
        ("Most wins", "WIN"),
        ("Greater number of victories", "WIN"),
        ("Sum of progressive scores", "PS"),
        ("Result between tied players", "DE"),
        ("Rp", "TPR"),
        ("Opponents' cumulative scores", "OPPCUM"),
        ("maggior numero di vittorie", "WIN"),
        # the names spareggio prints, in every language it speaks
        ("Number of games played with Black", "BPG"),
        ("Rounds one elected to play", "REP"),
        ("Numero di tabellone", "TPN"),
        ("Numéro d'appariement", "TPN"),
        ("Cumulativo (US Chess)", "CUM"),
        ("Buchholz mediano (US Chess)", "MEDIAN"),
        ("Système Koya", "KS"),
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
        # an unknown word before a cut is named as typed, with the closest names
        ("Buch C1", "unknown tie-break 'Buch C1'; did you mean buchholz cut (BH/C1)?"),
        ("Buchholz 1", "unknown tie-break 'Buchholz 1'; did you mean buchholz (BH) or buchholz cut (BH/C1)?"),
        ("Sonnebor Berger", "did you mean sonneborn berger (SB)"),
        ("Most blak", "did you mean most black (BPG)"),
        # a name read as a specifier the tie-break does not take: both shown
        ("Koya -2", "'Koya -2' reads as KS/C2: modifier '/C2' is not allowed for KS; allowed modifiers: Ln"),
        ("Buchholz/Q1", "'Buchholz/Q1' reads as BH/Q1: modifier '/Q1' is not allowed for BH"),
        ("Buchholz Cut 1/C2", "only one cut or median modifier is allowed"),
        # "medio" is "average" in Italian: Buchholz mediano or the average of the opponents' Buchholz
        ("Buchholz medio", "write one of: BH/M1 (median Buchholz, C.07 8.1); AOB"),
        ("cumulatif", "write one of: PS (progressive score, C.07 7.5); CUM (US Chess cumulative, 34E3)"),
        ("BH,Buchholz -1,BH/C1", "'BH/C1' (the same as 'Buchholz -1') is listed twice"),
    ],
)
def test_bad_names_say_why(typed: str, message: str) -> None:
    with pytest.raises((UnknownTiebreakError, TiebreakSpecError), match=None) as info:
        parse_spec_list(typed)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_every_printed_name_is_a_name() -> None:
    # what `spareggio tiebreaks --lang xx` prints can be typed back, in any language; only the
    # English "Cumulative" (US Chess 34E3) is refused, as FIDE's progressive score is also called so
    from spareggio.base.i18n import Text, languages, localize
    from spareggio.tiebreaks import TIEBREAKS

    refused = []
    for d in TIEBREAKS.values():
        for lang in languages():
            printed = localize(Text(d.name, "tiebreak"), lang)
            try:
                ((_, spec),) = parse_spec_list([printed])
            except UnknownTiebreakError:
                refused.append((lang, printed))
                continue
            assert spec.code == d.code, (lang, printed)
    assert refused == [("en", "Cumulative")]


def test_the_listing_shows_the_names(capsys: pytest.CaptureFixture[str]) -> None:
    from spareggio.cli import main

    assert main(["tiebreaks", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    lines = {line.split(":")[0].strip(): line for line in out.splitlines() if line.startswith("  ")}
    assert "most black" in lines["BPG"] and "numero di tabellone" in lines["TPN"]
    assert "buchholz tagliato = BH/C1" in lines["BH"]
    assert "Rifiutati perché ambigui: cumulative (PS / CUM)" in out


def test_direct_encounter_may_come_again() -> None:
    # C.07 4.3: a group tie-break may be applied again after others
    assert [label for label, _ in parse_spec_list("DE,RTNG,DE")] == ["DE", "RTNG", "DE"]


def test_a_list_read_again_is_the_same_and_the_callers_own() -> None:
    # a batch reads the same list in every file: the second reading gives the same pairs, in a list
    # the caller may change without changing the next reading
    first = parse_spec_list("Buchholz Cut 1, bh, SB")
    assert [label for label, _ in first] == ["BH/C1", "bh", "SB"]
    assert [(s.code, s.cut_low) for _, s in first] == [("BH", 1), ("BH", 0), ("SB", 0)]
    first.pop()
    again = parse_spec_list("Buchholz Cut 1, bh, SB")
    assert [label for label, _ in again] == ["BH/C1", "bh", "SB"]
    # the same list given as a sequence of specifiers is read on its own, to the same pairs
    assert parse_spec_list(["BH/C1", "bh", "SB"]) == [
        ("BH/C1", again[0][1]),
        ("bh", again[1][1]),
        ("SB", again[2][1]),
    ]


def test_a_refused_list_is_refused_every_time() -> None:
    # C.07 4.3 allows only a group tie-break twice: BH twice is refused on each reading
    for _ in range(2):
        with pytest.raises(TiebreakSpecError, match="listed twice"):
            parse_spec_list("BH,SB,BH")


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
        spareggio.rank(spareggio.io.trf.read_trf(path))
    assert (info.value.position.line, info.value.position.column) == (2, column)
    assert message in str(info.value)


@pytest.mark.parametrize(
    "command", [["standings"], ["compare", "-r", "fide-2026,italian"], ["explain", "-p", "1"]]
)
def test_every_command_places_the_error_of_the_file_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    from spareggio.cli import main

    path = _with_212(tmp_path, "212 PTS BH/C1 XYZ SB")
    assert main([command[0], str(path), *command[1:], "-q"]) == 2
    assert capsys.readouterr().err.startswith(
        f"{path}:2:15: tie-break list of the file: unknown tie-break 'XYZ'"
    )


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        # "212 MPTS MPvGP BH:MP/C1 " is 24 characters: the fourth entry starts at column 25
        ("212 MPTS MPvGP BH:MP/C1 XYZ EDE BC", 25, "unknown tie-break 'XYZ'"),
        # one catalogue: an individual tie-break is refused for teams, with the team ones named
        ("212 MPTS MPvGP BH:MP/C1 SB EDE BC", 25, "'SB' is not a team tie-break (for teams: EMMSB"),
        ("212 MPTS MPvGP BH:MP/C1 EMGSB EMGSB BC", 31, "'EMGSB' is listed twice"),
    ],
)
def test_errors_in_a_team_file_list_name_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: str, column: int, message: str
) -> None:
    from spareggio.cli import main

    team = EXAMPLE.parent / "team-league-2026.trf"
    lines = team.read_text(encoding="utf-8").splitlines()
    number = next(k for k, line in enumerate(lines, 1) if line.startswith("212 "))
    lines[number - 1] = record
    path = tmp_path / "team.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for command in (["standings"], ["compare", "-r", "fide-2026,italian"]):
        assert main([command[0], str(path), *command[1:], "-q"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"{path}:{number}:{column}: tie-break list of the file: ") and message in err


def test_a_file_list_of_points_alone_ranks_by_points(tmp_path: Path) -> None:
    s = spareggio.rank(spareggio.io.trf.read_trf(_with_212(tmp_path, "212 PTS")))
    assert s.labels == []


def test_score_selector_is_kept_in_the_spec() -> None:
    # ':MP' / ':GP' name the team score a criterion uses; the specifier keeps it (and prints it)
    spec = spareggio.tiebreaks.parse_spec("BH:MP/C1")
    assert (spec.code, spec.score, spec.cut_low) == ("BH", "MP", 1)
    assert str(spec) == "BH:MP/C1"
    assert spareggio.tiebreaks.parse_spec("bh:gp").score == "GP" and spareggio.tiebreaks.parse_spec("BH").score is None


def test_score_selector_on_an_individual_event_is_refused() -> None:
    with pytest.raises(TiebreakSpecError, match="are for team events"):
        spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE), ["BH:MP"])
