"""Tie-break names as programs print them, and legends pasted whole (``--tiebreaks`` takes both)."""

from __future__ import annotations

from pathlib import Path

import pytest

import spareggio
from spareggio.base.errors import TiebreakSpecError, UnknownTiebreakError
from spareggio.tiebreaks import parse_spec, parse_spec_list

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf"

# Every legend entry printed on the six Swiss-Manager pages of 2026 (issue texts as printed), with the
# specifier its printed values correspond to.
LEGEND_TABLE = [
    ("Average [Tournament] Performance Rating Of Opponents (APRO) (1400)", "APRO/U1400"),
    ("Direct Encounter (DE)", "DE"),
    ("Direct Encounter (The results of the players in the same point group)", "DE"),
    ("Average Rating of Opponents (ARO) (1400, Cut1, Forfeits And Byes are ignored)", "ARO/C1/U1400"),
    ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)", "BH/C1/V2026"),
    ("Buchholz Tie-Break Variable (2023) (Gamepoints, Median1)", "BH/M1/V2024"),
    ("Buchholz Tie-Breaks (variabel with parameter)", "BH/V2009"),
    ("Progressive Score, before FIDE-Tie-Break (PS)(Gamepoints)", "PS"),
    ("Number of wins including byes (WIN) (Gamepoints, Forfeited games count)", "WIN"),
    ("Sonneborn Berger Tie-Break Variable (2023) (Gamepoints)", "SB/V2024"),
    ('Koya System (KS) (Gamepoints/Limit 50")', "KS"),  # C.07 9.2: the 50% line is Koya itself
    ("points (game-points)", "PTS"),
    # Sharly Chess and lichess names
    ("Games won with Black", "BWG"),
    ("Rounds one Elected to Play", "REP"),
    ("Average of opponents Fore Buchholz", "AOB/F"),
    ("Number of wins excluding byes", "WON"),
]


@pytest.mark.parametrize(("printed", "spec"), LEGEND_TABLE)
def test_every_printed_name_reads_as_its_specifier(printed: str, spec: str) -> None:
    assert str(parse_spec(printed)) == spec


def test_a_legend_pasted_whole() -> None:
    legend = (
        "Tie Break1: points (game-points) Tie Break2: Direct Encounter (DE) "
        "Tie Break3: Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1) "
        "Tie Break4: Buchholz Tie-Break Variable (2023) (Gamepoints, Median1) "
        "Tie Break5: Progressive Score, before FIDE-Tie-Break (PS)(Gamepoints)"
    )
    assert [label for label, _ in parse_spec_list(legend)] == ["PTS", "DE", "BH/C1/V2026", "BH/M1/V2024", "PS"]


def test_a_name_with_a_comma_in_a_comma_separated_list() -> None:
    labels = [label for label, _ in parse_spec_list("Progressive Score, before FIDE-Tie-Break (PS)(Gamepoints), SB")]
    assert labels == ["PS", "SB"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # a word a program printed that spareggio does not read is never dropped in silence
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1, Foo)", "'foo'"),
        # an unknown name suggests the closest printed one
        ("Buchholz Tie-Break Variabel", "did you mean 'Buchholz Tie-Break Variable (2026)'"),
    ],
)
def test_what_is_not_read_is_an_error(text: str, words: str) -> None:
    with pytest.raises((TiebreakSpecError, UnknownTiebreakError)) as info:
        parse_spec(text)
    assert words in str(info.value)


def test_a_legend_ranks_through_the_command_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from spareggio.cli import cli

    legend = "Tie Break1: Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1) Tie Break2: Sonneborn Berger Tie-Break Variable (2023) (Gamepoints)"
    result = CliRunner().invoke(cli, ["standings", str(EXAMPLE), "-t", legend, "-f", "json"])
    assert result.exit_code == 0, result.output
    import json

    doc = json.loads(result.output)
    assert doc["tiebreaks"] == ["BH/C1/V2026", "SB/V2024"]
    t = spareggio.io.trf.read_trf(EXAMPLE)
    direct = spareggio.rank(t, ["BH/C1", "SB"], rules="fide-2026")
    sb24 = spareggio.rank(t, ["SB"], rules="fide-2024")
    first = doc["standings"][0]
    assert first["tiebreaks"]["BH/C1/V2026"] == float(direct.rows[0].values["BH/C1"])
    assert first["tiebreaks"]["SB/V2024"] == float(sb24.row_of(first["start_number"]).values["SB"])
