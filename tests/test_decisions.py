"""Playoffs, the arbiter's order, the drawing of lots, excluded players and the log of changes
(spareggio.core.decisions): they decide the ties the listed tie-breaks leave (C.07 4.2)."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from builders import build
from spareggio import rank
from spareggio.base.errors import ArgumentError, InputError, SpareggioError
from spareggio.base.i18n import Field, localize
from spareggio.cli.clilang import flag_words
from spareggio.cli.common import exclusion_option, playoff_option
from spareggio.core.decisions import Decision, Decisions, Exclusion, Origin, Playoff, lot_key
from spareggio.io.tournament_json import parse_tournament_json, write_tournament_json
from spareggio.io.trf import parse_trf, write_trf
from spareggio.render.output import standings_to_dict

# Four players, two rounds, everyone level in pairs on everything:
#   1: +W3 =W2   1.5   BH 0.5+1.5 = 2   SB 0.5 + 0.75 = 1.25   DE: drew with 2
#   2: +B4 =B1   1.5   BH 0.5+1.5 = 2   SB 0.5 + 0.75 = 1.25
#   3: -B1 =B4   0.5   BH 1.5+0.5 = 2   SB 0.25
#   4: -W2 =W3   0.5   BH 1.5+0.5 = 2   SB 0.25
CARDS = {1: "+W3 =W2", 2: "+B4 .", 3: ". =B4"}
LIST = "BH,SB,DE"


def level(*extra: str) -> str:
    return build(CARDS, extra_headers=list(extra))


def order(s) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(row.place, row.player.start_number) for row in s.rows]


def test_without_decisions_the_places_are_shared() -> None:
    s = rank(parse_trf(level()), LIST)
    assert order(s) == [("1-2", 1), ("1-2", 2), ("3-4", 3), ("3-4", 4)]  # C.07 4.2: shared
    assert s.decided == []


def test_a_playoff_decides_first_place_and_is_said() -> None:
    # 2 won the playoff 1½-½: first place to 2, the other tie (3-4) stays shared
    given = Decisions(playoffs=(Playoff((2, 1), "playoff", "1½-½", source="option"),))
    s = rank(parse_trf(level()), LIST, decisions=given)
    assert order(s) == [("1", 2), ("2", 1), ("3-4", 3), ("3-4", 4)]
    notes = [str(n) for n in s.decision_notes()]
    assert "places 1-2 decided by playoff (1½-½): 2 Player 2, 1 Player 1" in notes
    assert "change: playoff 2 1 added (1½-½)" in notes  # given on top of the file: logged


def test_a_playoff_from_the_file_record() -> None:
    s = rank(parse_trf(level("XPO ARBITER 4 3 ; coin toss")), LIST)
    assert order(s) == [("1-2", 1), ("1-2", 2), ("3", 4), ("4", 3)]
    assert [str(n) for n in s.decision_notes()] == [
        "places 3-4 decided by the arbiter (coin toss): 4 Player 4, 3 Player 3"
    ]


def test_a_playoff_between_players_not_level_is_refused() -> None:
    given = Decisions(playoffs=(Playoff((3, 1), source="option"),))
    with pytest.raises(ArgumentError, match=r"not level after the tie-breaks \(places 1 and 3\)"):
        rank(parse_trf(level()), LIST, decisions=given)


def test_a_playoff_of_the_file_that_another_list_does_not_tie_is_not_applied_and_said() -> None:
    # 1 and 2 are level under BH,SB,DE; TPN (the start number) separates them, so the playoff
    # recorded in the file cannot apply: the standings say so instead of failing
    s = rank(parse_trf(level("XPO PLAYOFF 2 1 ; 1½-½")), "TPN")
    assert order(s)[:2] == [("1", 1), ("2", 2)]
    assert s.decided == []
    assert (
        "playoff 2, 1 of the file not applied: these players are not level after these tie-breaks (places 1 and 2)"
        in s.warnings
    )


def test_a_bad_playoff_record_is_placed() -> None:
    with pytest.raises(InputError) as err:
        parse_trf(level("XPO PLAYOFF 3"), "t.trf")
    assert str(err.value).startswith("t.trf:5:5: record XPO")


# SHA-256 of "spareggio\n<start number>" (printf 'spareggio\n1' | sha256sum):
#   1: dac430f5...   2: d49627af...   3: cb43bbb4...   4: b2656685...   -> 2 before 1, 4 before 3
SEED_KEYS = {1: "dac430f5", 2: "d49627af", 3: "cb43bbb4", 4: "b2656685"}


def test_the_lot_key_is_sha256_of_seed_and_start_number() -> None:
    for sno, prefix in SEED_KEYS.items():
        assert f"{lot_key('spareggio', sno):064x}".startswith(prefix)
        assert lot_key("spareggio", sno) == int(hashlib.sha256(f"spareggio\n{sno}".encode()).hexdigest(), 16)


@pytest.mark.parametrize(
    "headers, tiebreaks",
    [
        (["XLT spareggio"], LIST + ",RND"),  # the seed from the file, RND in the given list
        (["XLT spareggio", "212 PTS,BH,SB,DE,RND"], None),  # both from the file
        (["XLT spareggio"], LIST),  # a seed alone draws lots too
    ],
)
def test_lots_drawn_from_the_seed(headers: list[str], tiebreaks: str | None) -> None:
    s = rank(parse_trf(level(*headers)), tiebreaks)
    assert order(s) == [("1", 2), ("2", 1), ("3", 4), ("4", 3)]
    assert [str(n) for n in s.decision_notes()][:2] == [
        "places 1-2 drawn by lot with seed spareggio: 2 Player 2, 1 Player 1",
        "places 3-4 drawn by lot with seed spareggio: 4 Player 4, 3 Player 3",
    ]


def test_rnd_without_a_seed_uses_one_made_from_the_event_and_says_so() -> None:
    t = parse_trf(level())
    first, again = rank(t, LIST + ",RND"), rank(t, LIST + ",RND")
    assert order(first) == order(again)
    seed = first.decisions.lots_seed
    assert seed and any("seed of the lots was not given" in str(n) for n in first.decision_notes())


def test_rnd_must_be_last() -> None:
    with pytest.raises(SpareggioError, match="RND"):
        rank(parse_trf(level()), "BH,RND,SB")


def test_an_excluded_player_is_not_ranked_but_his_games_count() -> None:
    t = parse_trf(level("XEX 1 ; expelled"))
    s = rank(t, LIST)
    assert order(s) == [("1", 2), ("2-3", 3), ("2-3", 4), ("—", 1)]
    # 3 lost to 1: his Buchholz still counts 1's 1.5 points (2 = 1.5 + 0.5)
    assert s.row_of(3).values["BH"] == 2
    assert s.row_of(1).excluded and not s.row_of(2).excluded
    assert "1 Player 1 is excluded from the ranking (expelled)" in str(s.decision_notes()[0])
    assert standings_to_dict(s)["decisions"]["excluded"] == [{"start_number": 1, "reason": "expelled"}]


def test_decisions_survive_trf_and_json() -> None:
    t = parse_trf(
        level("XPO PLAYOFF 2 1 ; 1½-½", "XLT spareggio", "XEX 4 ; left without notice", "XCL a line")
    )
    text = write_trf(t)
    assert "XPO PLAYOFF 2 1 ; 1½-½\nXLT spareggio\nXEX 4 ; left without notice\nXCL a line\n" in text
    assert parse_trf(text).decisions == t.decisions
    back = parse_tournament_json(write_tournament_json(t).encode(), "t.json")
    assert back.decisions == t.decisions
    assert order(rank(back, LIST)) == [("1", 2), ("2", 1), ("3", 3), ("—", 4)]


def test_options_on_top_of_the_file_are_logged_and_exported() -> None:
    t = parse_trf(level("212 PTS,BH,SB,DE"))
    given = Decisions(
        playoffs=(Playoff.given((2, 1), Decision.PLAYOFF, "1½-½"),), exclusions=(Exclusion.given(4, "expelled"),)
    )
    s = rank(t, "SB,BH", decisions=given)
    assert s.decisions.changes == (
        "playoff 2 1 added (1½-½)",
        "player 4 excluded (expelled)",
        "tie-break list SB,BH given instead of the file's BH,SB,DE",
    )
    exported = write_trf(dataclasses.replace(t, decisions=s.decisions))
    assert "XCL tie-break list SB,BH given instead of the file's BH,SB,DE" in exported
    assert "change: player 4 excluded (expelled)" in standings_to_dict(s)["decisions"]["notes"]


# The library takes decisions as values (Playoff.given, Exclusion.given, Decisions.given); the
# command line reads its own spelling of them (--playoff 3,7:1½-½, --exclude 5:expelled) in cli/.


@pytest.mark.parametrize(
    ("value", "how", "given"),
    [
        ("3,7:1½-½", Decision.PLAYOFF, Playoff((3, 7), Decision.PLAYOFF, "1½-½", source=Origin.OPTION)),
        ("4,3:coin toss", Decision.ARBITER, Playoff((4, 3), Decision.ARBITER, "coin toss", source=Origin.OPTION)),
        ("5 2 9", Decision.PLAYOFF, Playoff((5, 2, 9), Decision.PLAYOFF, "", source=Origin.OPTION)),
    ],
)
def test_the_command_line_reads_its_spelling_of_a_playoff(value: str, how: Decision, given: Playoff) -> None:
    made = playoff_option(value, how)
    assert (made, made.source) == (given, Origin.OPTION)
    assert made == Playoff.given(given.players, how, given.note)  # the library's constructor


@pytest.mark.parametrize(
    ("value", "how", "flag"),
    [("3", Decision.PLAYOFF, "--playoff"), ("3,3", Decision.ARBITER, "--arbiter"), ("a,b", Decision.PLAYOFF, "--playoff"),
     ("", Decision.ARBITER, "--arbiter")],
)  # fmt: skip
def test_bad_playoff_options_name_their_option(value: str, how: Decision, flag: str) -> None:
    with pytest.raises(ArgumentError) as info:
        playoff_option(value, how)
    field = Field.PLAYOFF if how is Decision.PLAYOFF else Field.ARBITER
    assert info.value.text().params["field"] is field
    said = f"{flag} {value!r}: expected two or more different start numbers, first to last, separated by commas"
    assert localize(info.value.text(), "en", flag_words).startswith(said)
    assert str(info.value).startswith(f"{field.value} {value!r}: expected")  # the library names the field


def test_the_command_line_reads_its_spelling_of_an_exclusion() -> None:
    assert exclusion_option("5:expelled") == Exclusion(5, "expelled", source=Origin.OPTION)
    assert exclusion_option("12") == Exclusion.given(12)
    with pytest.raises(ArgumentError) as info:
        exclusion_option("5,6:both")
    assert localize(info.value.text(), "it", flag_words) == (
        "--exclude '5,6:both': atteso un numero di partenza, poi ':' e il motivo (5:espulso)"
    )


def test_the_library_takes_decisions_as_values_and_names_the_field() -> None:
    # no syntax: the start numbers as numbers; a wrong value is an error naming the field, which each
    # front end words its own way (the library by its name, the command line as its option)
    with pytest.raises(ArgumentError) as info:
        Playoff.given((3,), Decision.ARBITER)
    assert str(info.value) == "arbiter 3: expected two or more different start numbers, first to last"
    assert localize(info.value.text(), "it", flag_words) == (
        "--arbiter 3: attesi due o più numeri di partenza diversi, dal primo all'ultimo"
    )
    with pytest.raises(ArgumentError, match="^playoff 2, 2: expected two or more"):
        Playoff.given([2, 2])
    with pytest.raises(ArgumentError) as info:
        Exclusion.given("5")  # type: ignore[arg-type]  # a front end that forgot to read its text
    assert info.value.text().params["field"] is Field.EXCLUDE
    assert localize(info.value.text(), "fr") == "exclude 5 : un numéro de départ est attendu"
    given = Decisions.given([Playoff.given((2, 1), note=" 1½-½ ")], [Exclusion.given(4, "expelled")], "seed")
    assert given == Decisions(
        (Playoff((2, 1), Decision.PLAYOFF, "1½-½", source=Origin.OPTION),), "seed", Origin.OPTION,
        (Exclusion(4, "expelled", source=Origin.OPTION),),
    )  # fmt: skip


def test_the_explanation_says_the_playoff_decided() -> None:
    from spareggio.explain import explain_player, explain_versus

    given = Decisions(playoffs=(Playoff((2, 1), "playoff", "1½-½"),))
    s = rank(parse_trf(level()), LIST, decisions=given)
    v = explain_versus(s, 2, 1)
    assert v.relation == "above"
    assert v.lines[-1] == "No tie-break in the list separates them: the playoff decided (1½-½)."
    assert explain_player(s, 1).decisions == ["places 1-2 decided by playoff (1½-½): 2 Player 2, 1 Player 1"]
    assert explain_player(s, 3).decisions == []


def test_rnd_alone_draws_lots_after_points() -> None:
    # every pair level on points is drawn: seed "spareggio" puts 2 before 1 and 4 before 3
    s = rank(parse_trf(level("XLT spareggio")), "RND")
    assert order(s) == [("1", 2), ("2", 1), ("3", 4), ("4", 3)]


def test_the_excluded_player_is_marked_in_csv_and_xlsx() -> None:
    from openpyxl import load_workbook

    from spareggio.render.output import standings_csv
    from spareggio.render.publish import standings_xlsx

    s = rank(parse_trf(level("XEX 1 ; expelled")), LIST)
    last = standings_csv(s).strip().splitlines()[-1].split(",")
    assert last[:3] == ["0", "—", "1"]  # rank 0, the place column says "—", start number 1
    import io

    ws = load_workbook(io.BytesIO(standings_xlsx(s))).active
    assert [c.value for c in ws[ws.max_row]][:3] == [0, "—", 1]


def ranked_as(ranks: dict[int, int]) -> str:
    """The excluded-player file with these declared ranks (TRF-16 record 001, columns 86-89)."""
    lines = level("XEX 1 ; expelled").splitlines()
    out = []
    for line in lines:
        if line.startswith("001"):
            line = line[:85] + f"{ranks[int(line[4:8])]:>4}" + line[89:]
        out.append(line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(
    ("ranks", "mismatches", "said"),
    [
        # computed: 2 first, 3 and 4 share 2-3, 1 excluded (no place)
        ({1: 1, 2: 2, 3: 3, 4: 4}, [], True),  # the file's program ranked 1 first: the others move up
        ({1: 0, 2: 1, 3: 2, 4: 3}, [], False),  # the file does not rank him
        ({1: 4, 2: 1, 3: 2, 4: 3}, [], True),  # ranked last: nobody below him
        # 2 declared 3 counts as 2 (computed 1); 3 declared 1 counts as 1 (computed 2-3)
        ({1: 2, 2: 3, 3: 1, 4: 4}, [(2, 3, 1), (3, 1, 2)], True),
    ],
)
def test_check_does_not_compare_an_excluded_players_rank(
    ranks: dict[int, int], mismatches: list[tuple[int, int, int]], said: bool
) -> None:
    from spareggio.check import CheckOptions, Status, check_tournament

    e = check_tournament(parse_trf(ranked_as(ranks)), CheckOptions(tiebreaks=LIST))
    assert [(m.start_number, m.declared_rank, m.computed_rank) for m in e.mismatches] == mismatches
    assert e.status == (Status.DIFFERS if mismatches else Status.AGREE)
    note = f"player 1 is excluded: the rank {ranks[1]} the file declares is not compared"
    assert any(w.startswith(note) for w in e.warnings) == said


def test_the_crosstable_in_every_format_names_the_excluded_player_and_the_playoff() -> None:
    import io

    from openpyxl import load_workbook

    from spareggio.render.crosstable import build_crosstable
    from spareggio.render.crosstable_export import crosstable_html, crosstable_text, crosstable_xlsx
    from spareggio.render.publish import standings_xlsx

    # 1 expelled; 4 won the playoff against 3 for places 2-3 (the places among the ranked)
    t = parse_trf(level("XEX 1 ; expelled", "XPO PLAYOFF 4 3 ; 1-0"))
    s = rank(t, LIST)
    assert order(s) == [("1", 2), ("2", 4), ("3", 3), ("—", 1)]
    excluded = "1 Player 1 is excluded from the ranking (expelled); the games played count for the opponents"
    playoff = "places 2-3 decided by playoff (1-0): 4 Player 4, 3 Player 3"
    x = build_crosstable(s)
    text = crosstable_text(x)
    assert f"{playoff}\n{excluded}\n" in text
    assert [line.split()[:2] for line in text.splitlines() if line.endswith("Player 1  ITA    2390  +W3  =W2  1.5   2  1.25   –")] == [["—", "1"]]
    page = crosstable_html(x)
    assert f'<p class="meta decision">{excluded}</p>' in page and playoff in page
    for book in (crosstable_xlsx(x), standings_xlsx(s)):
        wb = load_workbook(io.BytesIO(book))
        assert wb.sheetnames[1] == "Notes"
        assert [r[0] for r in wb["Notes"].iter_rows(values_only=True)] == [playoff, excluded]
        assert wb.active[wb.active.max_row][0].value == 0  # the excluded player's rank
    it = load_workbook(io.BytesIO(crosstable_xlsx(build_crosstable(s, lang="it"))))
    assert it.sheetnames[1] == "Note"
    # without decisions, no sheet of notes
    assert load_workbook(io.BytesIO(standings_xlsx(rank(parse_trf(level()), LIST)))).sheetnames == ["Standings"]


@pytest.mark.parametrize(
    ("a", "b", "relation", "said"),
    [
        (1, 2, "below", [1]),  # level with 2 on points and on every tie-break, yet below: excluded
        (3, 1, "above", [1]),  # half a point less than 1, yet above
        (1, 4, "level", [1, 4]),  # neither has a place
    ],
)
def test_versus_an_excluded_player_says_he_has_no_place(a: int, b: int, relation: str, said: list[int]) -> None:
    from spareggio.explain import explain_versus

    s = rank(parse_trf(level("XEX 1 ; expelled", "XEX 4 ; left")), LIST)
    v = explain_versus(s, a, b)
    assert v.relation == relation
    reason = {1: "expelled", 4: "left"}
    assert v.lines[1:] == [
        f"No. {n} Player {n} is excluded from the ranking ({reason[n]}): he has no place, below every ranked player."
        for n in said
    ]
    assert v.deciding is None


def test_decisions_hold_codes_whatever_the_caller_gives() -> None:
    # a library caller may name how and where in words: the decisions hold the codes
    from spareggio.core.decisions import Decision, Origin

    p = Playoff((2, 1), "arbiter", "order", source="option")
    assert p.how is Decision.ARBITER and p.source is Origin.OPTION
    assert Decisions(lots_seed="x", lots_source="event").lots_source is Origin.EVENT
    with pytest.raises(ValueError):
        Playoff((2, 1), "coin")
