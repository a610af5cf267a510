"""Results pages as chess-results publishes them: a legend naming one criterion twice without its
parameters, a label carrying its year twice, the round-robin grid, a page saved while its last round
was played, the pages that are no crosstable, and pages broken in every field (one-line errors, never a
traceback).  Every page is written by the builders of tests/chess_results_page.py."""

from __future__ import annotations

import json
import re
import warnings
from fractions import Fraction as Fr
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spareggio
from builders import tournament
from chess_results_page import grid_page, not_paired_page, other_page, page, ranking_page
from spareggio.base.errors import InputError
from spareggio.check import CheckOptions, check_tournament
from spareggio.cli import main
from spareggio.core.model import Color, TournamentKind
from spareggio.io import parse_event
from spareggio.io.results_page import berger

# FOUR (Swiss, 3 rounds, no unplayed game): 1 beats 2, 3 draws with 4; 1 draws with 3, 2 beats 4; 1
# beats 4, 3 beats 2.  Points: 1: 2.5, 3: 2, 2: 1, 4: 0.5.
# BH (C.07 8.1, the opponents' scores): 1: 1 + 2 + 0.5 = 3.5; 2: 2.5 + 0.5 + 2 = 5; 3: 0.5 + 2.5 + 1 = 4;
#   4: 2 + 1 + 2.5 = 5.5.
# BH/C1 (C.07 14.1, the lowest cut): 1: 3.5 - 0.5 = 3; 2: 5 - 0.5 = 4.5; 3: 4 - 0.5 = 3.5; 4: 5.5 - 1 = 4.5.
FOUR = {1: "+W2 =B3 +W4", 2: ". +W4 -W3", 3: "=W4 . .", 4: ". . ."}
POINTS = {1: Fr(5, 2), 2: Fr(1), 3: Fr(2), 4: Fr(1, 2)}
BH = {1: Fr(7, 2), 2: Fr(5), 3: Fr(4), 4: Fr(11, 2)}
BH_C1 = {1: Fr(3), 2: Fr(9, 2), 3: Fr(7, 2), 4: Fr(9, 2)}
RANKS = {1: 1, 3: 2, 2: 3, 4: 4}
PARAMETERS = "Buchholz Tie-Breaks (variabel with parameter)"


def _write(folder: Path, html: str, name: str = "crosstable.html") -> Path:
    path = folder / name
    path.write_text(html, encoding="utf-8")
    return path


def _four() -> spareggio.Tournament:
    return tournament(FOUR, date="2026/06/01")


# -- a criterion named twice without its parameters ------------------------------------------------


def test_a_criterion_named_twice_has_its_parameters_inferred(tmp_path: Path) -> None:
    legend = ["points (game-points)", PARAMETERS, PARAMETERS]
    path = _write(tmp_path, page(_four(), legend, [POINTS, BH_C1, BH], RANKS))
    t = parse_event(path.read_bytes(), path.name)
    assert isinstance(t, spareggio.Tournament)
    # the second column is the cut Buchholz, the third the whole one (no unplayed round: the 2009
    # virtual opponent changes nothing)
    assert t.tiebreak_list == ("points (game-points)", "BH/C1/V2009", "BH/V2009")
    said = [str(w) for w in t.warnings]
    assert any("Tie Break2" in w and "read as BH/C1/V2009" in w for w in said)
    assert any("Tie Break3" in w and "read as BH/V2009" in w for w in said)
    entry = check_tournament(t, CheckOptions())
    assert (entry.status.value, entry.values_compared, entry.value_mismatches) == ("agree", 12, ())


def test_an_average_rating_named_twice(tmp_path: Path) -> None:
    # ratings 2390, 2380, 2370, 2360 (2400 - 10 x start number).  ARO (C.07 10.1, rounded): 1: (2380 +
    # 2370 + 2360) / 3 = 2370; 2: (2390 + 2360 + 2370) / 3 = 2373.3 -> 2373; 3: (2360 + 2390 + 2380) / 3 =
    # 2376.7 -> 2377; 4: 2380.  ARO/C1 (the lowest rating cut): 1: 2375, 2: 2380, 3: 2385, 4: 2385.
    aro = {1: Fr(2370), 2: Fr(2373), 3: Fr(2377), 4: Fr(2380)}
    aro_c1 = {1: Fr(2375), 2: Fr(2380), 3: Fr(2385), 4: Fr(2385)}
    twice = "rating average of the opponents (variabel with parameter)"
    path = _write(tmp_path, page(_four(), ["points (game-points)", twice, twice], [POINTS, aro, aro_c1], RANKS))
    t = parse_event(path.read_bytes(), path.name)
    assert t.tiebreak_list == ("points (game-points)", "ARO", "ARO/C1")


def test_a_repeat_no_parameter_reproduces_is_read_as_printed_and_said(tmp_path: Path) -> None:
    wrong = {1: Fr(9), 2: Fr(9), 3: Fr(9), 4: Fr(9)}
    legend = ["points (game-points)", PARAMETERS, PARAMETERS]
    path = _write(tmp_path, page(_four(), legend, [POINTS, BH_C1, wrong], RANKS))
    t = parse_event(path.read_bytes(), path.name)
    assert t.tiebreak_list == ("points (game-points)", "BH/C1/V2009", "BH/V2009")
    (note,) = [str(w) for w in t.warnings if "Tie Break3" in str(w)]
    assert "no cut or median reproduces its printed values: read as printed, BH/V2009" in note
    entry = check_tournament(t, CheckOptions())
    # the printed 9s are compared with the whole Buchholz, and reported
    assert sorted((v.start_number, v.printed, v.computed) for v in entry.value_mismatches) == [
        (1, 9, 3.5), (2, 9, 5), (3, 9, 4), (4, 9, 5.5)
    ]  # fmt: skip


def test_a_year_printed_twice_is_one_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    label = "Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1, 2026)"
    path = _write(tmp_path, page(_four(), ["points (game-points)", label], [POINTS, BH_C1], RANKS))
    assert main(["check", str(path), "--rules", "swiss-manager"]) == 0
    assert str(spareggio.tiebreaks.parse_spec(label)) == "BH/C1/V2026"
    with pytest.raises(spareggio.base.errors.TiebreakSpecError, match="names two rule versions, 2026 and 2024"):
        spareggio.tiebreaks.parse_spec("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1, 2024)")


def test_labels_with_their_years_are_inferred_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the labels already carry their versions (BH/C1/V2026, BH/V2024): --infer varies them, never
    # appending a second one ("BH/C1/V2026/V2026: only one rule version is allowed")
    legend = ["points (game-points)", "Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)",
              "Buchholz Tie-Break Variable (2023) (Gamepoints)"]  # fmt: skip
    path = _write(tmp_path, page(_four(), legend, [POINTS, BH_C1, BH], RANKS))
    assert main(["check", str(path), "--infer"]) == 0
    out = capsys.readouterr().out
    assert "only one rule version" not in out and "agree" in out
    assert str(spareggio.tiebreaks.parse_spec("BH/C1/V2026/V2026")) == "BH/C1/V2026"


# -- the round-robin grid --------------------------------------------------------------------------


def test_berger_tables_as_fide_prints_them() -> None:
    # FIDE C.05 Annex 1, the table for 5 or 6 players (white first)
    assert [set(r) for r in berger(6)] == [
        {(1, 6), (2, 5), (3, 4)},
        {(6, 4), (5, 3), (1, 2)},
        {(2, 6), (3, 1), (4, 5)},
        {(6, 5), (1, 4), (2, 3)},
        {(3, 6), (4, 2), (5, 1)},
    ]
    # with 5 players the one paired with 6 has no game
    assert [len(r) for r in berger(5)] == [2, 2, 2, 2, 2]


def test_a_round_robin_grid_is_read(tmp_path: Path) -> None:
    t0 = tournament(FOUR, date="2026/06/01", kind="Individual: Round-Robin")
    # SB (C.07 9.1: the scores of the beaten opponents and half those drawn): 1: 1 + 0.5 + 2/2 = 2.5;
    # 3: 0.5/2 + 2.5/2 + 1 = 2.5; 2: 0.5; 4: 2/2 = 1
    sb = {1: Fr(5, 2), 2: Fr(1, 2), 3: Fr(5, 2), 4: Fr(1)}
    legend = ["points (game-points)", "Sonneborn Berger Tie-Break Variable (2023) (Gamepoints)"]
    path = _write(tmp_path, grid_page(t0, legend, [POINTS, sb], RANKS))
    t = parse_event(path.read_bytes(), path.name)
    assert isinstance(t, spareggio.Tournament)
    assert t.kind_of_event is TournamentKind.ROUND_ROBIN and t.rounds == 3
    # the Berger table for 4: round 1 is 1-4, 2-3; round 2 4-3, 1-2; round 3 2-4, 3-1
    first = t.index_of(1)
    assert [t.players[int(t.opponent[first, r])].start_number for r in range(3)] == [4, 2, 3]
    assert [Color(int(t.color[first, r])) for r in range(3)] == [Color.WHITE, Color.WHITE, Color.BLACK]
    assert any("Berger tables" in str(w) for w in t.warnings)
    entry = check_tournament(t, CheckOptions())
    assert (entry.status.value, entry.values_compared, entry.value_mismatches) == ("agree", 8, ())


def test_a_grids_colour_criteria_are_not_compared(tmp_path: Path) -> None:
    # the grid says no colour: 'Most black' (BPG) computed on the Berger tables' colours is not the
    # event's, so its printed column (9s) is not compared; the points are
    t0 = tournament(FOUR, date="2026/06/01", kind="Individual: Round-Robin")
    nines = {1: Fr(9), 2: Fr(9), 3: Fr(9), 4: Fr(9)}
    path = _write(tmp_path, grid_page(t0, ["points (game-points)", "Most black"], [POINTS, nines], RANKS))
    entry = check_tournament(parse_event(path.read_bytes(), path.name), CheckOptions())
    assert (entry.values_compared, entry.value_mismatches) == (4, ())


def test_a_double_round_robin_grid_of_three(tmp_path: Path) -> None:
    # 1 beats 2, then draws; 1 draws with 3 twice; 3 beats 2, then loses: 1: 2.5, 3: 2, 2: 1.5
    t0 = tournament({1: "+W2 =B3 . =B2 =W3 .", 2: ". . -W3 . . +B3", 3: ". . . . . ."}, date="2026/06/01",
                    kind="Individual: Round-Robin")  # fmt: skip
    path = _write(tmp_path, grid_page(t0, ["points (game-points)"], [{1: Fr(5, 2), 2: Fr(3, 2), 3: Fr(2)}],
                                      {1: 1, 3: 2, 2: 3}))  # fmt: skip
    t = parse_event(path.read_bytes(), path.name)
    # the Berger table for 3 (4 with the free number): 3 rounds a cycle, each player free once a cycle
    assert t.rounds == 6
    s = spareggio.rank(t, ["PTS"], rules="fide-2026")
    assert {row.player.start_number: row.points for row in s.rows} == {1: Fr(5, 2), 2: Fr(3, 2), 3: Fr(2)}
    games = sum(1 for i in range(3) for r in range(6) if int(t.opponent[i, r]) >= 0) // 2
    assert games == 6


def test_a_ranking_crosstable_numbers_players_by_rank(tmp_path: Path) -> None:
    # 1 beats everyone, 2 beats 3 and 4, 3 beats 4: ranks are the start numbers, so the page printed
    # by rank (no start-number column) names the same opponents
    t0 = tournament({1: "+W2 +W3 +B4", 2: ". +W4 +B3", 3: "+W4 . .", 4: ". . ."}, date="2026/06/01")
    points = {1: Fr(3), 2: Fr(2), 3: Fr(1), 4: Fr(0)}
    html = page(t0, ["points (game-points)"], [points], {1: 1, 2: 2, 3: 3, 4: 4})
    html = html.replace('<th class="CRc">No.</th>', '<th class="CRc">Rk.</th>', 1)
    t = parse_event(html.encode(), "ranking.html")
    assert [p.rank for p in t.players] == [1, 2, 3, 4]
    assert any("numbers its players by rank" in str(w) for w in t.warnings)
    assert check_tournament(t, CheckOptions()).status.value == "agree"


@pytest.mark.parametrize("links", [True, False])
def test_a_ranking_crosstable_takes_the_start_numbers_of_its_links(links: bool) -> None:
    # FOUR ranked 1, 3, 2, 4: the rows in that order, the opponents named by rank (1's round 1
    # opponent, start number 2, is '3w1').  The links of the names carry the start numbers
    # (snr=3 on rank 2): read from them, the players keep their own; without links, the ranks stand
    html = ranking_page(_four(), ["points (game-points)", "Buchholz Tie-Breaks (variabel with parameter)"],
                        [POINTS, BH], RANKS, links=links)  # fmt: skip
    t = parse_event(html.encode(), "ranking.html")
    numbers = [p.start_number for p in t.players]
    said = {w.code for w in t.warnings}
    if links:
        assert numbers == [1, 3, 2, 4] and "page-numbers-from-links" in said
        by = {p.start_number: i for i, p in enumerate(t.players)}
        assert np.array_equal(t.opponent[by[1]], [by[2], by[3], by[4]])
    else:
        assert numbers == [1, 2, 3, 4] and "page-numbers-by-rank" in said
    assert check_tournament(t, CheckOptions()).status.value == "agree"


@pytest.mark.parametrize(
    ("values", "read"),
    [
        # named once, saying it prints no parameters: read with the one its values reproduce (C.07 14.1)
        (BH_C1, "BH/C1/V2009"),
        (BH, "BH/V2009"),
    ],
)
def test_a_criterion_named_once_without_its_parameters(values: dict[int, Fr], read: str) -> None:
    html = page(_four(), ["points (game-points)", PARAMETERS], [POINTS, values], RANKS)
    t = parse_event(html.encode(), "crosstable.html")
    assert t.tiebreak_list == ("points (game-points)", read)
    (said,) = [str(w) for w in t.warnings if w.code == "legend-parameters"]
    assert f"Tie Break2 '{PARAMETERS}' does not print its parameters: read as {read}" in said
    assert check_tournament(t, CheckOptions()).value_mismatches == ()


def test_a_grid_with_a_game_without_result_is_refused(tmp_path: Path) -> None:
    t0 = tournament(FOUR, date="2026/06/01", kind="Individual: Round-Robin")
    html = grid_page(t0, ["points (game-points)"], [POINTS], RANKS)
    # player 1's row, column 3 (the draw with 3): emptied
    html = html.replace('<td class="CRc">&frac12;</td>', '<td class="CRc"></td>', 1)
    with pytest.raises(InputError, match="has no result: a round-robin grid is read once every game has one"):
        parse_event(html.encode(), "grid.html")


# -- a page saved while its last round was played ----------------------------------------------------


def test_a_half_played_last_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # round 3: 1 beat 4 (shown); 2 - 3 paired, no result yet.  The page prints the points as they stand:
    # 1: 2.5 (with round 3), 2: 1, 3: 1, 4: 0.5; after round 2: 1: 1.5, 2: 1, 3: 1, 4: 0.5.
    live = {1: Fr(5, 2), 2: Fr(1), 3: Fr(1), 4: Fr(1, 2)}
    path = _write(tmp_path, page(_four(), ["points (game-points)"], [live], {1: 1, 2: 2, 3: 3, 4: 4},
                                 pending=frozenset({2, 3})))  # fmt: skip
    t = parse_event(path.read_bytes(), path.name)
    assert t.pending_round == 3 and t.complete_rounds == 2
    assert [p.rank for p in t.players] == [None] * 4  # live ranks: not compared
    assert t.printed_values["points (game-points)"] == (Fr(3, 2), Fr(1), Fr(1), Fr(1, 2))
    entry = check_tournament(t, CheckOptions())
    assert (entry.after_round, entry.values_compared, entry.value_mismatches) == (2, 4, ())
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "the page was saved while round 3 was being played (1 of its 2 games have a result)" in out
    assert "PTS printed" not in out
    assert main(["standings", str(path)]) == 0
    assert "standings after round 2" in capsys.readouterr().out


def test_a_half_played_page_with_a_doubled_legend(tmp_path: Path) -> None:
    # the Buchholz columns mix rounds 2 and 3: nothing to infer their parameters from
    live = {1: Fr(5, 2), 2: Fr(1), 3: Fr(1), 4: Fr(1, 2)}
    legend = ["points (game-points)", PARAMETERS, PARAMETERS]
    path = _write(tmp_path, page(_four(), legend, [live, BH_C1, BH], RANKS, pending=frozenset({2, 3})))
    t = parse_event(path.read_bytes(), path.name)
    assert t.tiebreak_list == ("points (game-points)", "BH/V2009")
    assert list(t.printed_values) == ["points (game-points)"]
    said = [str(w) for w in t.warnings if "named twice" in str(w)]
    assert len(said) == 2 and "read as printed, BH/V2009" in said[0] and "left out of the list" in said[1]


def test_a_page_with_the_last_round_paired_only_compares_everything(tmp_path: Path) -> None:
    # every round-3 game without result: the printed values and ranks are those after round 2
    after_two = {1: Fr(3, 2), 2: Fr(1), 3: Fr(1), 4: Fr(1, 2)}
    ranks = {1: 1, 2: 2, 3: 3, 4: 4}
    path = _write(tmp_path, page(_four(), ["points (game-points)"], [after_two], ranks,
                                 pending=frozenset({1, 2, 3, 4})))  # fmt: skip
    t = parse_event(path.read_bytes(), path.name)
    assert [p.rank for p in t.players] == [1, 2, 3, 4]
    assert not any("being played" in str(w) for w in t.warnings)


# chess-results in other languages translates the heads and the legend's "Tie Break", and keeps the
# round heads ("1.Rd") and the criteria's English names: the words of real saved pages
LANGUAGES = {
    # Finnish (lan=18): "Nr", "Nimi"; "Annotaatio: Vertailu 1: ..."
    "fi": {">No.<": ">Nr<", ">Name<": ">Nimi<", "Annotation:": "Annotaatio:", "Tie Break": "Vertailu "},
    # Russian (lan=11): "Ст.ном.", "Имя", "Рейт.", "Доп1"; "Аннотация: Доп1: ..."
    "ru": {">No.<": ">Ст.ном.<", ">Name<": ">Имя<", ">Rtg<": ">Рейт.<", "&nbsp;TB": "&nbsp;Доп",
           "Annotation:": "Аннотация:", "Tie Break": "Доп"},
    # Portuguese (lan=10): "Nome", "Desp1"; "Anotação: Desempate 1: ..."
    "pt": {">Name<": ">Nome<", "&nbsp;TB": "&nbsp;Desp", "Annotation:": "Anotação:", "Tie Break": "Desempate "},
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_crosstable_in_another_language_is_read_as_in_english(tmp_path: Path, lang: str) -> None:
    english = page(_four(), ["points (game-points)", "Buchholz"], [POINTS, BH], RANKS)
    html = english
    for old, new in LANGUAGES[lang].items():
        assert old in html
        html = html.replace(old, new)
    t = parse_event(_write(tmp_path, html).read_bytes(), "crosstable.html")
    reference = parse_event(_write(tmp_path, english, "english.html").read_bytes(), "english.html")
    assert isinstance(t, spareggio.Tournament) and isinstance(reference, spareggio.Tournament)
    assert t.tiebreak_list == reference.tiebreak_list == ("points (game-points)", "Buchholz")
    assert [(p.start_number, p.name, p.rating, p.rank) for p in t.players] == [
        (p.start_number, p.name, p.rating, p.rank) for p in reference.players
    ]
    assert t.printed_values == reference.printed_values and t.kind.tolist() == reference.kind.tolist()


# -- pages that are no crosstable ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heads", "heading", "what"),
    [
        (["Bo.", "No.", "White", "Rtg", "Pts.", "Result", "Pts.", "Black", "Rtg", "No."], "Pairings", "the pairings of a round"),
        (["No.", "", "Name", "FideID", "FED", "Rtg"], "Starting rank", "the starting rank list"),
        (["Rk.", "SNo", "", "Name", "FED", "Rtg", "Pts.", "TB1"], "Final ranking", "a ranking list"),
        # a player's card: a row per round (a Russian event of 2019's "Player info"), once called pairings
        (["Rd.", "SNo", "", "Name", "RtgI", "RtgN", "FED", "Pts.", "Res.", "K", "rtg+/-"], "Player info",
         "a player's card (his games round by round)"),
    ],
)  # fmt: skip
def test_other_pages_are_refused_saying_which_to_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], heads: list[str], heading: str, what: str
) -> None:
    path = _write(tmp_path, other_page(heads, heading))
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"this page is {what}" in err and "Starting rank crosstable" in err and "Traceback" not in err


def test_the_not_paired_list_is_refused_saying_which_to_save(tmp_path: Path) -> None:
    # chess-results' "not paired" list has a crosstable's heads; read as one it failed at its first
    # cell ("round 5: cannot read the cell '*'"), as if the crosstable were damaged
    rows = [["24", "", "Bennett, Dominic", "2005", "ENG", "", "*", "0F"], ["34", "", "Di-Vetta, Andrew", "1814", "WLS", "bye", "", ""]]
    path = _write(tmp_path, not_paired_page(rows, 3))
    with pytest.raises(InputError) as info:
        parse_event(path.read_bytes(), path.name)
    message = str(info.value)
    assert "this page is the players not paired in each round, not a crosstable: save the tournament's crosstable" in message
    assert message.startswith(f"{path.name}:")


SWISS_MASTER_PAGE = (
    "<html><body><table><tr><th>No.</th><th>Name</th><th>Rtg</th><th>1</th><th>2</th></tr>"
    "<tr><td>1</td><td>Ruiz, Ana</td><td>0 *</td><td>1</td><td>0</td></tr></table>"
    "<p>Generated by Swiss Master for Windows 5.7</p></body></html>"
)


@pytest.mark.parametrize(
    ("html", "said"),
    [
        # Swiss Master's ranking, named by its footer (read as a chess-results table it failed on "0 *",
        # its mark of an unrated player, or read as a round-robin grid)
        (SWISS_MASTER_PAGE, ("Swiss Master, whose pages spareggio does not read (it reads the crosstables of "
                            "chess-results): export the tournament from Swiss Master as a TRF file (the FIDE rating report)")),
    ],
)  # fmt: skip
def test_another_programs_page_is_named_with_what_to_give_instead(tmp_path: Path, html: str, said: str) -> None:
    path = _write(tmp_path, html)
    with pytest.raises(InputError) as info:
        parse_event(path.read_bytes(), path.name)
    assert str(info.value) == f"{path.name}:1:1: this page was published by {said}"


def test_a_chess_results_crosstable_that_names_another_program_is_read(tmp_path: Path) -> None:
    # a page mark in a chess-results crosstable (an organiser's note) does not make it another program's
    html = _base().replace("<div>Chess-Tournament-Results-Server</div>", "<div>Pairings: www.vegachess.com</div>")
    path = _write(tmp_path, html)
    assert [p.start_number for p in parse_event(path.read_bytes(), path.name).players] == [1, 2, 3, 4]


# -- a reader that never breaks --------------------------------------------------------------------


def _base() -> str:
    return page(_four(), ["points (game-points)", PARAMETERS], [POINTS, BH], RANKS)


ROW_1 = '<td class="CRc">1</td><td class="CRc"><div'
BROKEN = [
    pytest.param(lambda h: h.replace(ROW_1, f'<td class="CRc">{"9" * 5000}</td><td class="CRc"><div', 1),
                 "start number: '9999", id="start-number-of-5000-digits"),
    pytest.param(lambda h: h.replace(">2390<", f">{'9' * 5000}<", 1), "player 1: rating:", id="rating-of-5000-digits"),
    pytest.param(lambda h: h.replace(">2390<", f">{'9' * 20}<", 1), "player 1: rating: '99999999999999999999'",
                 id="rating-of-20-digits"),
    pytest.param(lambda h: h.replace("1.Rd", f"{'9' * 5000}.Rd", 1), "the round column '99999",
                 id="round-of-5000-digits"),
    pytest.param(lambda h: h.replace(ROW_1, '<td class="CRc">1²</td><td class="CRc"><div', 1),
                 "a row without a start number: '1²'", id="superscript-start-number"),
    pytest.param(lambda h: h.replace("  2w", "²2w", 1), "cannot read the cell", id="superscript-opponent"),
    pytest.param(lambda h: h.replace("2026/06/01", "2026/13/01", 1), "the page's date '2026/13/01' is no date",
                 id="month-13"),
    pytest.param(lambda h: h[: h.index('<tr class="CRng2')] + "</table>" + h[h.index('<p class="CR">'):],
                 "the crosstable has no player rows", id="no-player-rows"),
    pytest.param(lambda h: h.replace(">3,5<", ">1e999999999<", 1), "is not a number", id="value-with-an-exponent"),
    pytest.param(lambda h: h.replace(">3,5<", ">" + "9" * 5000 + "<", 1), "is not a number", id="value-of-5000-digits"),
    pytest.param(lambda h: h.replace("</table>", "<![ x", 1), "the page's markup cannot be read",
                 id="markup-the-parser-rejects"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "says"), BROKEN)
def test_a_broken_page_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: object, says: str
) -> None:
    assert callable(change)
    path = _write(tmp_path, change(_base()))
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err, err
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: ", err) and err.count("\n") == 1, err


def test_a_legend_without_tie_break_columns_is_the_list(tmp_path: Path) -> None:
    html = _base().replace("&nbsp;TB1&nbsp;", "x").replace("&nbsp;TB2&nbsp;", "y")
    t = parse_event(html.encode(), "page.html")
    # the criterion whose parameters the legend does not print has no values to read them from: read
    # as printed, and said
    assert t.tiebreak_list == ("points (game-points)", "BH/V2009") and t.printed_values == {}
    (said,) = [str(w) for w in t.warnings if w.code == "legend-parameters"]
    assert "does not print its parameters: its printed values are not compared: read as printed, BH/V2009" in said


_TEXT = st.text(alphabet=st.sampled_from("0123456789²³½,.-+=wbWB <>/&;aZ\u00a0\u2070"), max_size=12) | st.sampled_from(
    ["9" * 4400, "1e99999", "-", "", "½", "99999999999999999999"]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_page_reader_answers_every_page_or_refuses_it_at_a_place(data: st.DataObject) -> None:
    """Any cell of the table (and the date) replaced by anything: a tournament, or an input error
    with its line and column, never another exception."""
    html = _base()
    cells = list(re.finditer(r'<(td|th) class="CR[cr]?">([^<]*)</\1>', html))
    for _ in range(data.draw(st.integers(1, 3))):
        m = data.draw(st.sampled_from(cells))
        html = html[: m.start(2)] + data.draw(_TEXT) + html[m.end(2) :]
        cells = list(re.finditer(r'<(td|th) class="CR[cr]?">([^<]*)</\1>', html))
    try:
        parse_event(html.encode(), "page.html")
    except InputError as exc:
        assert exc.position.line >= 1 and exc.position.column >= 1
        assert "\n" not in str(exc)


# -- the web page and the API open a page ------------------------------------------------------------


def test_the_web_page_opens_a_results_page(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from spareggio.web import create_app

    client = TestClient(create_app([]), base_url="http://127.0.0.1")
    html = _base().encode()
    r = client.post("/open", files={"file": ("crosstable.html", html)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/t/"), r.text
    broken = client.post("/open", files={"file": ("crosstable.html", html.replace(b"2026/06/01", b"2026/13/01", 1))})
    assert broken.status_code == 400 and "is no date" in broken.text


def test_check_json_of_a_half_played_page_carries_the_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = {1: Fr(5, 2), 2: Fr(1), 3: Fr(1), 4: Fr(1, 2)}
    path = _write(tmp_path, page(_four(), ["points (game-points)"], [live], RANKS, pending=frozenset({2, 3})))
    assert main(["check", str(path), "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert any("being played" in w for w in doc["files"][0]["warnings"])


def test_a_chess_results_page_names_no_publisher() -> None:
    # chess-results publishes what Swiss-Manager uploads, and what other programs upload too (Sharly
    # Chess sends its tie-break values through the server's upload): the page does not say which, so
    # the inference may credit any program that computes as its ranking does
    from spareggio.check.infer import candidate_rules
    from spareggio.rules import find_ruleset

    t = parse_event(_base().encode(), "crosstable.html")
    assert t.publisher is None
    owners = {p.family or p.code for n in candidate_rules(t) if (p := find_ruleset(n).program) is not None}
    assert {"swiss-manager", "vega", "sharly-chess"} <= owners


@pytest.mark.parametrize("data", [b".xml", b"page.html", b"https://chess-results.com/tnr1.aspx"])
@pytest.mark.parametrize("name", ["crosstable.html", "crosstable.htm"])
def test_a_page_that_reads_like_a_file_name_is_refused_without_a_warning(data: bytes, name: str) -> None:
    # Beautiful Soup warned (MarkupResemblesLocatorWarning) on a page holding '.xml' alone: a Python
    # warning on the terminal, and an error under the suite's filter (found by the long fuzz)
    for fmt in ("results-page", "vega-page"):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with pytest.raises(InputError):
                parse_event(data, name, fmt=fmt)
