"""Vega's web pages: its crosstable, its standings and its crosstable by score, in the three layouts
of Vega's versions (columns, the player's cell, the player's card), read, ranked and checked; the
pages found beside each other; byes, forfeits and the scoring; the inference crediting Vega alone.
Every page is written by tests/vega_page.py, after the markup of Vega's published pages."""

from __future__ import annotations

import json
from fractions import Fraction as Fr
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spareggio
from builders import tournament
from spareggio.base.errors import InputError, SpareggioError
from spareggio.check import CheckOptions, check_tournament
from spareggio.check.infer import candidate_rules, same_as
from spareggio.cli import main
from spareggio.core.model import Color, ResultKind
from spareggio.io import ReadOptions, parse_event, read_event, reader_for
from spareggio.rules import find_ruleset
from vega_page import LAYOUTS, Layout, crosstable, grid_page, standings_page

K = ResultKind

# FOUR (Swiss, 3 rounds, no unplayed game): 1 beats 2, 3 draws with 4; 1 draws with 3, 2 beats 4; 1
# beats 4, 3 beats 2.  Points: 1: 2.5, 3: 2, 2: 1, 4: 0.5.
# BH (C.07 8.1, the opponents' scores): 1: 1 + 2 + 0.5 = 3.5; 2: 2.5 + 0.5 + 2 = 5; 3: 0.5 + 2.5 + 1 = 4;
#   4: 2 + 1 + 2.5 = 5.5.
# BH/C1 (C.07 14.1, the lowest cut): 1: 3.5 - 0.5 = 3; 2: 5 - 0.5 = 4.5; 3: 4 - 0.5 = 3.5; 4: 5.5 - 1 = 4.5.
FOUR = {1: "+W2 =B3 +W4", 2: ". +W4 -W3", 3: "=W4 . .", 4: ". . ."}
BH = {1: Fr(7, 2), 2: Fr(5), 3: Fr(4), 4: Fr(11, 2)}
BH_C1 = {1: Fr(3), 2: Fr(9, 2), 3: Fr(7, 2), 4: Fr(9, 2)}
RANKS = {1: 1, 3: 2, 2: 3, 4: 4}
LEGEND = [("BH-C1", "Buchholz Cut 1"), ("BH", "Buchholz Total")]

# BYES (Swiss, 3 rounds, 5 players): round 1, 1 beats 2 with White, 3 beats 4 with White, 5 has the
# pairing-allocated bye; round 2, 1 draws with 3 (1 Black), 2 wins by forfeit against 5, 4 has a
# half-point bye; round 3, 1 and 2 both lose by forfeit (a double forfeit), 3 beats 5, 4 the bye.
# Points: 1: 1.5, 2: 1, 3: 2.5, 4: 1.5, 5: 1 (the bye's point).
# THREE (a round robin, Vega's grid in rank order): 2 beats 1 and 3, 1 beats 3; ranks 2, 1, 3
THREE = [(1, 2, "Bo", "2.0", [None, "1", "1"]), (2, 1, "Al", "1.0", ["0", None, "1"]), (3, 3, "Cy", "0.0", ["0", "0", None])]
BYES = {1: "+W2 =B3 DF2", 2: ". +F5 .", 3: "+W4 . +W5", 4: ". HPB PAB", 5: "PAB . ."}


def _four() -> spareggio.Tournament:
    return tournament(FOUR, date="2026/06/01")


def _publish(folder: Path, t: spareggio.Tournament, layout: Layout, *, standings: str = "standings.html", **kw: object) -> Path:
    """The crosstable and the standings of ``t`` written in ``folder``; the crosstable's path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "crosstable.html"
    path.write_text(crosstable(t, layout, standings=standings), encoding="utf-8")
    (folder / standings).write_text(standings_page(t, LEGEND, [BH_C1, BH], RANKS, layout, **kw), encoding="utf-8")  # type: ignore[arg-type]
    return path


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_publication_is_read_in_every_layout(tmp_path: Path, layout: Layout) -> None:
    original = _four()
    path = _publish(tmp_path, original, layout)
    t = read_event(str(path))
    assert isinstance(t, spareggio.Tournament)
    assert reader_for(path.read_bytes(), path.name).name == "vega-page"
    assert [(p.start_number, p.name, p.rating, p.rank) for p in t.players] == [
        (1, "Player 1", 2390, 1), (2, "Player 2", 2380, 3), (3, "Player 3", 2370, 2), (4, "Player 4", 2360, 4)
    ]  # fmt: skip
    # the games as the cards say: opponents, results and colours of every round
    assert np.array_equal(t.opponent, original.opponent)
    assert np.array_equal(t.kind, original.kind)
    assert np.array_equal(t.color, original.color)
    # the legend's names read with Vega's table (Buchholz Cut 1 = BH/C1), the values by criterion
    assert t.tiebreak_list == ("BH/C1", "BH")
    assert t.printed_values == {"BH/C1": (Fr(3), Fr(9, 2), Fr(7, 2), Fr(9, 2)), "BH": (Fr(7, 2), Fr(5), Fr(4), Fr(11, 2))}
    assert t.publisher == "vega"
    entry = check_tournament(t, CheckOptions(rules="fide-2026"))
    assert (entry.status.value, entry.values_compared, entry.value_mismatches) == ("agree", 8, ())


@pytest.mark.parametrize(
    ("given", "standings"),
    [
        ("standings.html", "standings.html"),  # either page may be given
        ("standing.html", "standing.html"),  # older versions name it standing
        ("crosstable.html", "standings.php"),  # the crosstable's menu links to it, with its own extension
    ],
)
def test_the_other_page_is_found_beside_the_one_given(tmp_path: Path, given: str, standings: str) -> None:
    _publish(tmp_path, _four(), "player-cell", standings=standings)
    t = read_event(str(tmp_path / given))
    assert [p.rank for p in t.players] == [1, 3, 2, 4]


def test_pages_saved_with_a_prefix_find_each_other(tmp_path: Path) -> None:
    t = _four()
    (tmp_path / "open2026__crosstable.html").write_text(crosstable(t, "card", standings="nowhere.html"), encoding="utf-8")
    (tmp_path / "open2026__standings.html").write_text(standings_page(t, LEGEND, [BH_C1, BH], RANKS, "card"), encoding="utf-8")
    for name in ("open2026__crosstable.html", "open2026__standings.html"):
        assert [p.rank for p in read_event(str(tmp_path / name)).players] == [1, 3, 2, 4]


def test_the_crosstable_alone_is_ranked_without_ranks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "crosstable.html"
    path.write_text(crosstable(_four(), "table"), encoding="utf-8")
    t = read_event(str(path))
    assert [p.rank for p in t.players] == [None] * 4
    assert any(w.code == "vega-no-standings" for w in t.warnings)
    assert main(["check", str(path)]) == 0
    assert "0 agree, 0 differ, 1 without ranks" in capsys.readouterr().out


def test_the_standings_alone_say_where_the_games_are(tmp_path: Path) -> None:
    path = tmp_path / "standings.html"
    path.write_text(standings_page(_four(), LEGEND, [BH_C1, BH], RANKS, "table"), encoding="utf-8")
    with pytest.raises(InputError, match=r"standings\.html:1:1: this is Vega's standings page: the games it ranks are on the crosstable page"):
        read_event(str(path))


def test_the_standings_given_as_declared_ranks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = _four()
    games = tmp_path / "games" / "crosstable.html"
    games.parent.mkdir()
    games.write_text(crosstable(t, "table"), encoding="utf-8")
    ranks = tmp_path / "ranks.html"
    ranks.write_text(standings_page(t, LEGEND, [BH_C1, BH], RANKS, "table"), encoding="utf-8")
    assert main(["standings", str(games), "--declared-ranks", str(ranks), "-f", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    column = rows[0].split(",").index("declared_rank")
    assert [row.split(",")[column] for row in rows[1:]] == ["1", "2", "3", "4"]  # in computed order: 1, 3, 2, 4
    # an upload: the second page's content, no file on disk
    event = parse_event(games.read_bytes(), "crosstable.html", options=ReadOptions(ranks_data=ranks.read_bytes()))
    assert [p.rank for p in event.players] == [1, 3, 2, 4]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_byes_and_forfeits_are_read(tmp_path: Path, layout: Layout) -> None:
    original = tournament(BYES, date="2026/06/01")
    path = tmp_path / "crosstable.html"
    path.write_text(crosstable(original, layout), encoding="utf-8")
    t = read_event(str(path))
    by = {p.start_number: i for i, p in enumerate(t.players)}
    kinds = {sno: [ResultKind(int(k)) for k in t.kind[by[sno]]] for sno in by}
    assert kinds == {
        1: [K.PLAYED_WIN, K.PLAYED_DRAW, K.DOUBLE_FORFEIT],  # '0' against 2 with no colour on both rows
        2: [K.PLAYED_LOSS, K.FORFEIT_WIN, K.DOUBLE_FORFEIT],  # '1' against 5 in the box of no colour: a forfeit
        3: [K.PLAYED_WIN, K.PLAYED_DRAW, K.PLAYED_WIN],
        4: [K.PLAYED_LOSS, K.HALF_BYE, K.PAB],  # '½ BYE', '1 BYE'
        5: [K.PAB, K.FORFEIT_LOSS, K.PLAYED_LOSS],  # '1 BYE', then '0' against 2 with no colour
    }
    assert int(t.opponent[by[2], 1]) == by[5] and int(t.color[by[2], 1]) == Color.NONE
    assert int(t.color[by[1], 1]) == Color.BLACK
    # the points the page prints are the results' (1.5, 1, 1.5, 0.5, 1): no warning about them
    assert not [w for w in t.warnings if "points column" in str(w)]


def test_a_round_without_a_game_is_an_empty_cell(tmp_path: Path) -> None:
    # player 5 not paired in round 1: Vega writes the cell empty, no point
    t = tournament({1: "+W2 =B3", 2: ". -W4", 3: "+W4 .", 5: "-- PAB"}, date="2026/06/01")
    path = tmp_path / "crosstable.html"
    path.write_text(crosstable(t, "player-cell"), encoding="utf-8")
    event = read_event(str(path))
    assert ResultKind(int(event.kind[4, 0])) is K.ABSENT and int(event.opponent[4, 0]) == -1
    assert ResultKind(int(event.kind[4, 1])) is K.PAB


def test_a_printed_value_that_differs_is_reported(tmp_path: Path) -> None:
    t = _four()
    wrong = dict(BH) | {2: Fr(6)}
    tmp_path.joinpath("crosstable.html").write_text(crosstable(t, "card"), encoding="utf-8")
    tmp_path.joinpath("standings.html").write_text(standings_page(t, LEGEND, [BH_C1, wrong], RANKS, "card"), encoding="utf-8")
    entry = check_tournament(read_event(str(tmp_path / "crosstable.html")), CheckOptions(rules="fide-2026"))
    assert entry.status.value == "differs"
    assert [(v.start_number, v.tiebreak, v.printed, v.computed) for v in entry.value_mismatches] == [(2, "BH", 6, 5)]


def test_a_legend_with_stars_and_values_with_two_decimals(tmp_path: Path) -> None:
    t = _four()
    tmp_path.joinpath("crosstable.html").write_text(crosstable(t, "card"), encoding="utf-8")
    page = standings_page(t, LEGEND, [BH_C1, BH], RANKS, "card", decimals=2, separator=" * ")
    tmp_path.joinpath("standings.html").write_text(page, encoding="utf-8")
    event = read_event(str(tmp_path / "crosstable.html"))
    assert event.tiebreak_list == ("BH/C1", "BH") and event.printed_values["BH"][3] == Fr(11, 2)


def test_a_value_that_is_no_number_leaves_its_column_uncompared(tmp_path: Path) -> None:
    # Vega prints Direct Encounter '1-2' for players it does not separate
    t = _four()
    legend = [("BH-C1", "Buchholz Cut 1"), ("DE", "Direct Encounter")]
    tmp_path.joinpath("crosstable.html").write_text(crosstable(t, "player-cell"), encoding="utf-8")
    page = standings_page(t, legend, [BH_C1, {1: Fr(0), 2: Fr(0), 3: Fr(0), 4: Fr(0)}], RANKS, "player-cell")
    page = page.replace("<td>   0.0 </td></tr>", "<td>   1-2 </td></tr>", 1)
    tmp_path.joinpath("standings.html").write_text(page, encoding="utf-8")
    event = read_event(str(tmp_path / "crosstable.html"))
    assert event.tiebreak_list == ("BH/C1", "DE") and set(event.printed_values) == {"BH/C1"}
    (said,) = [str(w) for w in event.warnings if w.code == "vega-value-unread"]
    assert "DE is printed '1-2' for player 1, which is no number: its column is not compared" in said


def test_standings_after_an_earlier_round_read_the_event_after_it(tmp_path: Path) -> None:
    # 'Standings at round 2': after round 2 of FOUR, 1 has 1.5, 2 has 1, 3 has 1, 4 has 0.5;
    # BH after two rounds (C.07 8.1): 1: 0 (2) + 1 (3) = 2 ... the ranks by points then start number
    t = _four()
    tmp_path.joinpath("crosstable.html").write_text(crosstable(t, "table"), encoding="utf-8")
    page = standings_page(t, [], [], {1: 1, 2: 2, 3: 3, 4: 4}, "table").replace("<body>", "<body><h4> Standings at round 2 </h4>", 1)
    tmp_path.joinpath("standings.html").write_text(page, encoding="utf-8")
    event = read_event(str(tmp_path / "standings.html"))
    assert event.rounds == 2
    (said,) = [str(w) for w in event.warnings if w.code == "vega-standings-round"]
    assert "the event is read after round 2, the later rounds left out" in said


def test_the_crosstable_by_score_numbers_opponents_by_rank(tmp_path: Path) -> None:
    # Vega's 'crosstablescore': the rows in rank order, the opponents named by their rank, no legend
    t = _four()
    rank_of = RANKS
    rows = []
    for sno in sorted(RANKS, key=lambda s: RANKS[s]):
        i = sno - 1
        cells = []
        for r in range(3):
            opp = t.players[int(t.opponent[i, r])].start_number
            box = "cw" if t.color[i, r] == Color.WHITE else "cb"
            res = {K.PLAYED_WIN: "1", K.PLAYED_DRAW: "½", K.PLAYED_LOSS: "0"}[ResultKind(int(t.kind[i, r]))]
            cells.append(f'<td><div class="res">{res}</div><div class="{box}">{rank_of[opp]}  </div></td>')
        rows.append(
            f'<tr> <td>{RANKS[sno]}</td><td><span class="notitle male"> </span> <a href="playercard.php#{sno}">Player {sno}</a> </td>'
            f'<td>{2400 - 10 * sno}</td><td class="score"> 0</td>{"".join(cells)}<td>   {float(BH[sno]):.1f} </td></tr>'
        )
    html = ('<html><head><meta name="author" content="www.vegachess.com"><title>Vega Open 2026</title></head><body><table>'
            "<thead><tr><th>Pos</th><th>Player</th><th>Rtg</th><th>Pts</th><th>1</th><th>2</th><th>3</th><th> BH </th></tr></thead>"
            + "".join(rows) + "</table></body></html>")  # fmt: skip
    path = tmp_path / "crosstablescore.php"
    path.write_text(html.replace('<td class="score"> 0</td>', "<td></td>"), encoding="utf-8")
    event = read_event(str(path))
    assert np.array_equal(event.opponent, t.opponent) and np.array_equal(event.kind, t.kind)
    assert [p.rank for p in event.players] == [1, 3, 2, 4]
    assert event.tiebreak_list == ("BH",)
    assert any(w.code == "vega-no-legend" and "BH = BH" in str(w) for w in event.warnings)


def test_the_round_robin_grid_is_read_by_the_berger_tables(tmp_path: Path) -> None:
    # Vega's 'sortedcrosstable': rows and columns in rank order, '#' the start number, each cell the
    # row player's result against the player of the column's rank.  2 beats 1 and 3, 1 beats 3:
    # ranks 2, 1, 3.  The grid says no round and no colour: the games are placed by the Berger
    # tables of the start numbers (C.05, Annex 1), three rounds for three players
    path = tmp_path / "sortedcrosstable.php"
    path.write_text(grid_page(THREE), encoding="utf-8")
    t = read_event(str(path))
    assert [(p.start_number, p.name, p.rank) for p in t.players] == [(1, "Al", 2), (2, "Bo", 1), (3, "Cy", 3)]
    assert t.is_round_robin and t.rounds == 3
    games = {
        (t.players[i].start_number, t.players[int(t.opponent[i, r])].start_number): ResultKind(int(t.kind[i, r]))
        for i in range(3) for r in range(3) if t.opponent[i, r] >= 0
    }  # fmt: skip
    assert games == {(2, 1): K.PLAYED_WIN, (1, 2): K.PLAYED_LOSS, (2, 3): K.PLAYED_WIN, (3, 2): K.PLAYED_LOSS,
                     (1, 3): K.PLAYED_WIN, (3, 1): K.PLAYED_LOSS}  # fmt: skip
    # round 1 of the Berger table for three (four numbers, 4 the bye): 2 - 3, 2 with White
    assert (int(t.opponent[1, 0]), int(t.color[1, 0])) == (2, Color.WHITE)
    assert any(w.code == "grid-rounds" for w in t.warnings)
    assert check_tournament(t, CheckOptions()).status.value == "agree"


def test_a_grid_saved_before_its_games_says_they_have_no_result(tmp_path: Path) -> None:
    # Vega writes '.' for a game not played yet ('Cross Table at round 0')
    html = grid_page([(1, 1, "Al", "0.0", [None, "."]), (2, 2, "Bo", "0.0", [".", None])], head='<meta name="Vega" content="Linux">')
    path = tmp_path / "crosstable.html"
    path.write_text(html, encoding="utf-8")
    with pytest.raises(InputError, match="the game of player 1 against 2 has no result: a round-robin grid is read once every game has one"):
        read_event(str(path))


def test_two_points_a_win_are_read_as_the_page_counts_them(tmp_path: Path) -> None:
    html = crosstable(_four(), "table")
    for printed, doubled in (("2.5", "5.0"), ("2.0", "4.0"), ("1.0", "2.0"), ("0.5", "1.0")):
        html = html.replace(f'<td class="score"> {printed}</td>', f'<td class="score"> {doubled}</td>', 1)
    path = tmp_path / "crosstable.html"
    path.write_text(html, encoding="utf-8")
    t = read_event(str(path))
    assert (t.scoring.win, t.scoring.draw) == (2, 1)
    assert any(w.code == "vega-scoring" for w in t.warnings)


def test_the_dates_of_the_heading_choose_the_rule_set(tmp_path: Path) -> None:
    # '08/10/2024 - 03/12/2024': read day first (8 October to 3 December; month first the end would
    # come before the start), under the 2024 text (C.07, from 1 September 2023 to 28 February 2026)
    html = crosstable(_four(), "card").replace("<body>", "<body><h5> 08/10/2024 - 03/12/2024</h5>", 1)
    path = tmp_path / "crosstable.html"
    path.write_text(html, encoding="utf-8")
    t = read_event(str(path))
    assert (str(t.start_date), str(t.end_date)) == ("2024-10-08", "2024-12-03")
    s = spareggio.rank(t)
    assert s.rules.label == "fide-2024"


def test_the_inference_credits_vega_alone(tmp_path: Path) -> None:
    path = _publish(tmp_path, _four(), "table")
    t = read_event(str(path))
    names = candidate_rules(t)
    programs = {find_ruleset(n).program.family or find_ruleset(n).program.code for n in names if find_ruleset(n).program}
    assert programs == {"vega"}
    # the draw against oneself is how Protos, Swiss Master and Vega compute: of a Vega page, Vega alone
    assert same_as("draw-vs-self") == ["Protos", "Swiss Master", "Vega"]
    assert same_as("draw-vs-self", "vega") == ["Vega"]
    entry = check_tournament(t, CheckOptions(infer=True))
    assert entry.publisher == "vega" and entry.to_json()["publisher"] == "vega"
    assert "Swiss-Manager" not in entry.inferred_text and "Protos" not in entry.inferred_text


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda h: h.replace('<div class="cb">1   </div>', '<div class="cb">9   </div>', 1), "round 1: no player with start number 9"),
        (lambda h: h.replace('<div class="res">1</div>', '<div class="res">x</div>', 1), "round 1: cannot read the cell 'x 2'"),
        (lambda h: h.replace("<td>2380</td>", "<td>23x0</td>", 1), "player 2: rating: '23x0' is not a number of at most 4 digits"),
        (lambda h: h.replace("<th>3</th>", "<th>4</th>", 1), "the round columns are numbered 1, 2, 4, not 1, 2, 3 ... in order"),
        (lambda h: h.replace("<td>2390</td>", "", 1), "row 1 has 8 cells where the header has 9"),
        (lambda h: h.replace('<td class="score"> 2.5</td>', '<td class="score"> 2,5x</td>', 1), "player 1: points: '2,5x' is not a number"),
    ],
)  # fmt: skip
def test_a_broken_page_is_a_one_line_error_at_its_place(tmp_path: Path, edit: object, said: str) -> None:
    path = tmp_path / "crosstable.html"
    path.write_text(edit(crosstable(_four(), "table")), encoding="utf-8")  # type: ignore[operator]
    with pytest.raises(InputError) as info:
        read_event(str(path))
    text = str(info.value)
    assert "\n" not in text and said in text and text.startswith(f"{path}:")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_reader_answers_every_page_or_refuses_it_at_a_place(data: st.DataObject) -> None:
    html = crosstable(_four(), data.draw(st.sampled_from(LAYOUTS)))
    at = data.draw(st.integers(0, len(html)))
    piece = data.draw(st.sampled_from(["<td>", "</td>", "<tr>", "</div>", '<div class="res">', "½", "9", "BYE", "", "x"]))
    cut = data.draw(st.integers(0, 12))
    edited = html[:at] + piece + html[at + cut :]
    try:
        parse_event(edited.encode(), "crosstable.html", fmt="vega-page")
    except SpareggioError as exc:
        assert "\n" not in str(exc)


def test_the_json_report_names_the_publisher(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _publish(tmp_path, _four(), "card")
    assert main(["check", str(path), "-f", "json", "-r", "fide-2026"]) == 0
    report = json.loads(capsys.readouterr().out)
    (entry,) = report["files"] if "files" in report else report["entries"]
    assert entry["publisher"] == "vega" and entry["status"] == "agree"


def test_the_web_page_opens_a_crosstable_with_its_standings(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from spareggio.web import create_app

    t = _four()
    games = crosstable(t, "card").encode()
    ranks = standings_page(t, LEGEND, [BH_C1, BH], RANKS, "card").encode()
    client = TestClient(create_app([]), base_url="http://127.0.0.1")
    r = client.post("/open", files={"file": ("crosstable.html", games), "ranks": ("standings.html", ranks)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/t/"), r.text
    page = client.get(r.headers["location"]).text
    assert "Vega Open 2026" in page
    # the standings alone: the games are elsewhere, a 400 naming the page to give
    alone = client.post("/open", files={"file": ("standings.html", ranks)})
    assert alone.status_code == 400 and "crosstable" in alone.text


def test_a_folder_of_pages_with_nothing_to_read_is_an_error_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the other files of a publication (.php pages, images): the folder holds no file of a format read
    folder = tmp_path / "site"
    folder.mkdir()
    for name in ("index.php", "pairs1.php", "flag.png"):
        (folder / name).write_text("x", encoding="utf-8")
    assert main(["check", str(folder)]) == 2
    out = capsys.readouterr().out
    assert f"{folder}: the folder holds no file of a format spareggio reads (3 others: .php 2, .png 1;" in out


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_page_without_its_end_tags_reads_each_row_as_written(tmp_path: Path, layout: Layout) -> None:
    # every </td> and </tr> left out: the parser nests each row in the one before, and player 1's
    # rating (2390) is deleted; player 1 has no rating, he does not take player 2's (2380)
    html = crosstable(_four(), layout).replace("</td>", "").replace("</tr>", "")
    html = html.replace(">2390<", "><", 1) if layout != "card" else html.replace('<div class="rating">2390</div>', "", 1)
    path = tmp_path / "crosstable.html"
    path.write_text(html, encoding="utf-8")
    t = read_event(str(path))
    assert [(p.start_number, p.name, p.rating) for p in t.players] == [
        (1, "Player 1", None), (2, "Player 2", 2380), (3, "Player 3", 2370), (4, "Player 4", 2360)
    ]  # fmt: skip
    assert np.array_equal(t.kind, _four().kind)


def test_control_characters_of_a_page_become_replacement_characters(tmp_path: Path) -> None:
    # docs/limits.md: every reader replaces control characters with U+FFFD (ESC and BEL here)
    html = crosstable(_four(), "table").replace("Player 1", "Play\x1b[31mer\x07 1", 1)
    path = tmp_path / "crosstable.html"
    path.write_text(html, encoding="utf-8")
    assert read_event(str(path)).players[0].name == "Play\ufffd[31mer\ufffd 1"


def test_a_legend_item_no_table_knows_is_an_error_at_the_legend(tmp_path: Path) -> None:
    t = _four()
    tmp_path.joinpath("crosstable.html").write_text(crosstable(t, "card"), encoding="utf-8")
    page = standings_page(t, [("BH-C1", "Buchholz Cut 1"), ("XY", "Zig Zag Points")], [BH_C1, BH], RANKS, "card")
    tmp_path.joinpath("standings.html").write_text(page, encoding="utf-8")
    with pytest.raises(InputError, match=r"standings\.html:\d+:\d+: the legend's 'XY : Zig Zag Points' names no tie-break spareggio knows"):
        read_event(str(tmp_path / "crosstable.html"))


def test_standings_before_the_first_round_rank_nothing(tmp_path: Path) -> None:
    t = _four()
    tmp_path.joinpath("crosstable.html").write_text(crosstable(t, "table"), encoding="utf-8")
    page = standings_page(t, [], [], RANKS, "table").replace("<body>", "<body><h4> Standings at round 0 </h4>", 1)
    tmp_path.joinpath("standings.html").write_text(page, encoding="utf-8")
    with pytest.raises(InputError, match="the standings stand before the first round: they rank nothing"):
        read_event(str(tmp_path / "crosstable.html"))


def test_a_double_round_robin_grid_over_99_rounds_is_refused(tmp_path: Path) -> None:
    # 51 players meet twice: 2 x 51 = 102 rounds by the Berger tables (an odd number plays n rounds a
    # cycle), more than the 99 a tournament may hold
    n = 51
    rows = [(i, i, f"P{i}", "0.0", [None if j == i else "½½" for j in range(1, n + 1)]) for i in range(1, n + 1)]
    path = tmp_path / "sortedcrosstable.php"
    path.write_text(grid_page(rows), encoding="utf-8")
    with pytest.raises(InputError, match="the grid's 51 players in 2 cycles make 102 rounds, more than 99"):
        read_event(str(path))


def test_a_grids_colour_criteria_are_not_compared(tmp_path: Path) -> None:
    # the grid says no colour: BWG computed on the Berger tables' colours is not the event's; its
    # printed values (9 here, whatever they are) are not compared, SB's are (C.07 9.1, no unplayed
    # game: 2 beat 1 (1 point) and 3 (0): 1; 1 beat 3: 0; 3: 0)
    grid = grid_page(THREE)
    standings = ('<html><head><meta name="author" content="www.vegachess.com"></head><body><table><thead><tr><th>Pos</th>'
                 "<th>Player</th><th>Pts</th><th>SB</th><th>BWG</th></tr></thead>"
                 '<tr><td>1</td><td><span class="idn"> 2 </span><a href="playercard.php#2">Bo</a></td><td class="score"> 2.0</td><td> 1.0 </td><td> 9 </td></tr>'
                 '<tr><td>2</td><td><span class="idn"> 1 </span><a href="playercard.php#1">Al</a></td><td class="score"> 1.0</td><td> 0.0 </td><td> 9 </td></tr>'
                 '<tr><td>3</td><td><span class="idn"> 3 </span><a href="playercard.php#3">Cy</a></td><td class="score"> 0.0</td><td> 0.0 </td><td> 9 </td></tr>'
                 "<tfoot><tr><td colspan=5>Tie Break legend:<br> SB : Sonneborn-Berger * <br> BWG : Number of Games won with Black * <br></td></tr></tfoot>"
                 "</table></body></html>")  # fmt: skip
    (tmp_path / "sortedcrosstable.php").write_text(grid, encoding="utf-8")
    (tmp_path / "standings.php").write_text(standings, encoding="utf-8")
    t = read_event(str(tmp_path / "standings.php"))
    assert t.tiebreak_list == ("SB", "BWG") and set(t.printed_values) == {"SB"}
    entry = check_tournament(t, CheckOptions())
    assert (entry.values_compared, entry.value_mismatches) == (3, ())
