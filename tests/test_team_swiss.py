"""Team Swiss rounds of ``spareggio generate`` paired by FIDE's Swiss team pairing system, C.04.6, as
gacrux implements it (the optional extra ``spareggio[team-swiss]``), and the Dutch system on match points
when it is missing, said as such.

The rounds below were checked by hand against C.04.6 (approved 28/10/2025, applied from 1 February
2026): brackets are the top scoregroup and the fewest upfloaters (3.5, [C4]); upfloater sets in order of
score, then pairing number (TPN); a bracket's pairing is the first by its identifier (the TPNs of the
higher-ranked members in ascending order, then their opponents', 3.6) that meets [C1] (no second
meeting); colours by art. 4: in round 1 the first team (smaller TPN) of each pair has the initial colour
when its TPN is odd, the other when even; later, type A preferences (1.7.1) exist only beyond a colour
difference of 1 or after two equal colours, so each pair alternates, the first team (more match points,
then game points, then the smaller TPN) having its way.  Team colours are those of board 1.

The files (tests/data/team_swiss) are one generated event of 8 teams of 4 boards cut after rounds 0, 1
and 2, with record 192 ``FIDE_TEAM``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spareggio.cli import main
from spareggio.generator import GeneratorOptions, generate_event
from spareggio.generator import build as generator_build
from spareggio.generator.pairing import fide_team_round, team_engine_version

DATA = Path(__file__).parent / "data" / "team_swiss"

needs_gacrux = pytest.mark.skipif(
    team_engine_version() is None, reason="gacrux (spareggio[team-swiss]) is not installed"
)


def history(k: int) -> str:
    return (DATA / f"after-round-{k}.trf").read_text(encoding="utf-8")


@needs_gacrux
@pytest.mark.parametrize(
    ("top_white", "pairs"),
    [
        # one bracket of 8 at 0 points: 1-5, 2-6, 3-7, 4-8 (the first identifier, 3.6); White on board 1 for
        # the odd first teams 1 and 3 when the initial colour is White, for the even ones 2 and 4 otherwise
        (True, [(1, 5), (6, 2), (3, 7), (8, 4)]),
        (False, [(5, 1), (2, 6), (7, 3), (4, 8)]),
    ],
)
def test_round_one(top_white: bool, pairs: list[tuple[int, int]]) -> None:
    assert fide_team_round(history(0), 1, top_white=top_white) == pairs


@needs_gacrux
def test_round_two_with_an_upfloater() -> None:
    # After round 1 (1, 2 and 4 won; 3-7 drawn): 2 MP: 1, 2, 4; 1 MP: 3, 7; 0: 5, 6, 8.  The top
    # scoregroup is odd: one upfloater, 3 (more points than none, then the smaller TPN than 7).  Bracket
    # 1, 2, 4, 3: identifiers 1 2 | 3 4 (1-3, 2-4) < 1 2 | 4 3 < 1 4 | 2 3: 1-3 and 2-4.  Then 7 with the
    # upfloater 5 (smallest TPN of 0 MP), then 6-8.  Colours (board 1 in round 1: 1 B, 2 W, 3 B, 4 W,
    # 5 W, 6 B, 7 W, 8 B): 1-3 both had Black, the first team 1 (more MP) alternates: 1 White; 2-4 both
    # White, first team 2 (4.0 game points against 3.0) alternates: 4 White; 5-7 both
    # White, first team 7 (1 MP) has Black; 6-8 both Black, first team 8 (1.0 GP against 0.0): 8 White.
    assert fide_team_round(history(1), 2, top_white=False) == [(4, 2), (1, 3), (5, 7), (8, 6)]


@needs_gacrux
def test_round_three() -> None:
    # After round 2: 4 MP: 1, 4; 3: 7; 2: 2; 1: 3, 5, 8; 0: 6.  1-4 have not met: paired.  7 takes the
    # upfloater 2.  Bracket 3, 5, 8 and the upfloater 6: the first identifier, 3 5 | 6 8 (3-6, 5-8), repeats
    # 5-8, met in round 2 ([C1]); the next, 3 5 | 8 6, gives 3-8 and 5-6.  Colours: 1 (B, W) and 4 (W, B) alternate both: 4 White; 7 and 2
    # both ended with Black, the first team 7 (3 MP) alternates: 7 White; 3 and 8 both W after B, level
    # on MP and GP, the first team 3 (smaller TPN) alternates: 8 White; 5 (W, B) White, 6 (B, W) Black.
    assert fide_team_round(history(2), 3, top_white=False) == [(4, 1), (7, 2), (8, 3), (5, 6)]


@needs_gacrux
def test_the_generator_pairs_team_swiss_rounds_by_c046(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = generate_event(GeneratorOptions(7, 4, 11, boards=2))
    assert (made.pairing_system, made.pairing_engine) == ("C.04.6", team_engine_version())
    assert "192 FIDE_TEAM\n" in made.text and made.swiss_rounds_paired == 4
    assert made.counts["pab"] == 4  # 7 teams: one pairing-allocated bye each round
    assert generate_event(GeneratorOptions(7, 4, 11, boards=2)).text == made.text  # the same seed, the same file
    out = tmp_path / "t.trf"
    assert main(["generate", "-n", "6", "-r", "3", "-s", "2", "--boards", "2", "-o", str(out)]) == 0
    assert "FIDE Swiss team pairing system, C.04.6" in capsys.readouterr().err


def test_without_gacrux_the_dutch_system_on_match_points_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(generator_build, "team_engine_version", lambda: None)
    made = generate_event(GeneratorOptions(6, 3, 2, boards=2))
    assert made.pairing_system == "C.04.3-match-points" and made.pairing_engine.startswith("py4swiss")
    assert "192 CUSTOM_TEAM_SWISS\n" in made.text
    out = tmp_path / "t.trf"
    assert main(["generate", "-n", "6", "-r", "3", "-s", "2", "--boards", "2", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "Dutch system (C.04.3) on match points" in err and "spareggio[team-swiss]" in err
