"""Records 013 in an individual tournament (src/spareggio/io/trf/clubs.py): lists of players whose
games are no team matches are read as an individual tournament with a warning; rosters whose
players meet as teams still make a team event."""

from __future__ import annotations

from pathlib import Path

import pytest

import spareggio
from spareggio.base.errors import InputError
from spareggio.cli import main
from spareggio.core.team_event import TeamEvent
from spareggio.io.registry import parse_event
from spareggio.io.trf import parse_trf
from spareggio.io.trf.team_matches import parse_team_event


def player(sno: int, *blocks: str) -> str:
    """A 001 record; every block is the 8 characters ``nnnn c r`` of one round."""
    head = f"001 {sno:4d} m    {f'Player {sno}':<33} 2000 ITA {'':>11} 1990/01/01 {'':>4} {'':>4}"
    return head + "".join("  " + b for b in blocks)


def lists(name: str, *starts: int) -> str:
    """A record 013: the name in columns 5-36, the start numbers from column 37, 5 columns apart."""
    return f"013 {name:<32}" + " ".join(f"{s:4d}" for s in starts)


# Six players, two rounds of a Swiss: 1-4 1-0, 2-5 =, 3-6 0-1; then 1-5 1-0, 4-3 1-0, 6-2 =.
SIX = [
    player(1, "   4 w 1", "   5 w 1"),
    player(2, "   5 b =", "   6 b ="),
    player(3, "   6 w 0", "   4 b 0"),
    player(4, "   1 b 0", "   3 w 1"),
    player(5, "   2 w =", "   1 b 0"),
    player(6, "   3 b 1", "   2 w ="),
]
HEAD = ["012 Clubs", "042 2026/06/01", "092 Individual: Swiss-System"]


def text(*extra: str) -> str:
    return "\n".join([*HEAD, *SIX, *extra]) + "\n"


LISTS = {
    # JaVaFo's example file: one list of two players in an open of 52
    "few listed": ([lists("Example", 1, 2)], "2 of the 6 players who play are on a list"),
    # a club list for a team prize: club A's players face clubs B and C in round 1
    "clubs": (
        [lists("A", 1, 2), lists("B", 3, 4), lists("C", 5, 6)],
        "round 1: the players of 'A' face players of 'B' and 'C'",
    ),
    # players of one list meet
    "teammates meet": ([lists("A", 1, 4, 2), lists("B", 3, 5, 6)], "round 1: two players of 'A' meet"),
}


@pytest.mark.parametrize("case", sorted(LISTS))
def test_lists_that_play_no_matches_make_an_individual_tournament(case: str) -> None:
    records, reason = LISTS[case]
    line = len(HEAD) + len(SIX) + 1  # the first 013 record
    expected = (
        f"clubs.trf:{line}:1: warning: records 013 list teams that play no team matches ({reason}): "
        "read as an individual tournament; the lists are not used"
    )
    for event in (
        parse_event(text(*records).encode(), "clubs.trf"),  # how every command reads a file
        parse_trf(text(*records), "clubs.trf"),  # the individual reader
    ):
        assert isinstance(event, spareggio.Tournament)
        assert [str(w) for w in event.warnings if w.code == "team-lists-not-matches"] == [expected]
        # the lists change nothing: the same standings as the file without them
        plain = parse_trf(text(), "plain.trf")
        ranked = spareggio.rank(event, ["BH", "SB"], rules="fide-2026")
        alone = spareggio.rank(plain, ["BH", "SB"], rules="fide-2026")
        assert [(r.player.start_number, r.points, r.rank) for r in ranked.rows] == [
            (r.player.start_number, r.points, r.rank) for r in alone.rows
        ]
    # by hand: 1 has 2 points, 6 1½, 2 and 4 1, 5 ½, 3 0
    assert [(r.player.start_number, r.points) for r in ranked.rows][:2] == [(1, 2), (6, 1.5)]


def test_the_team_reader_names_lists_as_an_individual_tournament() -> None:
    records, reason = LISTS["clubs"]
    with pytest.raises(InputError) as info:
        parse_team_event(text(*records).encode(), "clubs.trf")
    assert str(info.value) == (
        f"clubs.trf:10:1: records 013 list teams that play no team matches ({reason}): an individual "
        "tournament (spareggio.read_event reads it as one)"
    )


# Four players in two teams of two: round 1 is the match A-B (1-3 1-0, 2-4 =).
MATCH = [player(1, "   3 w 1"), player(2, "   4 b ="), player(3, "   1 b 0"), player(4, "   2 w =")]


def test_rosters_whose_players_meet_as_teams_still_make_a_team_event() -> None:
    data = "\n".join(["012 Match", "042 2026/06/01", *MATCH, lists("A", 1, 2), lists("B", 3, 4)]) + "\n"
    event = parse_event(data.encode(), "match.trf")
    assert isinstance(event, TeamEvent)
    assert [team.name for team in event.teams] == ["A", "B"]
    with pytest.raises(InputError, match=r"^match.trf:7:1: this is a team tournament \(record 013"):
        parse_trf(data, "match.trf")


def test_a_team_word_in_092_keeps_the_lists_rosters() -> None:
    # 092 says a team event: the lists are rosters, and a player on none is the error it always was
    records, _ = LISTS["few listed"]
    data = "\n".join(["012 Clubs", "042 2026/06/01", "092 Team Swiss", *SIX, *records]) + "\n"
    with pytest.raises(InputError, match="plays but is in no team roster"):
        parse_event(data.encode(), "team.trf")


def test_the_command_ranks_the_players_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "clubs.trf"
    path.write_text(text(*LISTS["few listed"][0]), encoding="utf-8")
    assert main(["standings", str(path), "-t", "BH"]) == 0
    out, err = capsys.readouterr()
    assert "records 013 list teams that play no team matches" in err
    assert "Player 1" in out and "Player 6" in out
