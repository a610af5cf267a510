"""The acceptance generator (spareggio.generator): every parameter visible in the file it writes, the
same seed giving the same file, the pairings from the Dutch engine and the Berger tables."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path

import pytest

from spareggio.cli import main
from spareggio.core.model import Tournament
from spareggio.core.team_event import TeamEvent
from spareggio.generator import (
    ByeRates,
    GeneratorOptions,
    PairingSystem,
    RatingSpec,
    ResultRates,
    baku_points,
    engine_version,
    generate_event,
    read_ratings,
)
from spareggio.generator.pairing import Entrant, dutch_round
from spareggio.io.registry import parse_event

QUIET = ByeRates(full=0.0, half=0.0, zero=0.0)
CLEAN = ResultRates(forfeit=0.0, unusual=0.0)


def text(**kw: object) -> str:
    base: dict[str, object] = {"players": 10, "rounds": 5, "seed": 1, "byes": QUIET, "results": CLEAN}
    base.update(kw)
    return generate_event(GeneratorOptions(**base)).text  # type: ignore[arg-type]


def games(t: str) -> list[list[tuple[int, str, str]]]:
    """Per player (001 line), the (opponent, colour, result) of each round."""
    out = []
    for line in t.splitlines():
        if line.startswith("001"):
            blocks = line[89:]
            out.append([(int(blocks[k + 2 : k + 6]), blocks[k + 7], blocks[k + 9]) for k in range(0, len(blocks), 10)])
    return out


def header(t: str, code: str) -> list[str]:
    return [line[4:] for line in t.splitlines() if line.startswith(code + " ")]


# --------------------------------------------------------------------------------------------------
# determinism


def test_same_seed_same_file_and_other_seed_other_file() -> None:
    busy = {"byes": ByeRates(0.02, 0.05, 0.03), "results": ResultRates(forfeit=0.05, unusual=0.05), "baku": True}
    assert text(seed=5, **busy) == text(seed=5, **busy)
    assert text(seed=5, **busy) != text(seed=6, **busy)


def test_cli_same_seed_same_file(tmp_path: Path) -> None:
    args = ["generate", "-n", "14", "-r", "5", "-s", "9", "--unusual", "0.05", "--baku", "--tiebreaks", "BH,SB"]
    assert main([*args, "-o", str(tmp_path / "a.trf")]) == 0
    assert main([*args, "-o", str(tmp_path / "b.trf")]) == 0
    assert (tmp_path / "a.trf").read_bytes() == (tmp_path / "b.trf").read_bytes()


# --------------------------------------------------------------------------------------------------
# one test per parameter


def test_players_and_rounds() -> None:
    t = text(players=13, rounds=6)
    assert len(games(t)) == 13 and {len(g) for g in games(t)} == {6}
    assert header(t, "142") == ["6"]


def test_tiebreak_list_is_record_212() -> None:
    assert header(text(tiebreaks=("BH/C1", "SB", "DE")), "212") == ["PTS,BH/C1,SB,DE"]
    assert header(text(), "212") == ["PTS,BH/C1,BH,SB,DE,WIN,BPG"]  # the default of a Swiss


@pytest.mark.parametrize(("rates", "code"), [(ByeRates(1, 0, 0), "F"), (ByeRates(0, 1, 0), "H"), (ByeRates(0, 0, 1), "Z")])
def test_each_kind_of_bye_in_the_round_it_is_asked_for(rates: ByeRates, code: str) -> None:
    # --byes-round 3:...: every player has that bye in round 3, no bye in any other round
    t = text(byes_by_round={3: rates})
    per_round = [Counter(g[r][2] for g in games(t)) for r in range(5)]
    assert per_round[2] == Counter({code: 10})
    assert all(code not in c for k, c in enumerate(per_round) if k != 2)
    assert all((opp, col) == (0, "-") for g in games(t) for opp, col, c in [g[2]])


def test_bye_rates_draw_byes_in_every_round() -> None:
    t = text(players=40, rounds=6, byes=ByeRates(full=0.1, half=0.1, zero=0.1))
    codes = Counter(c for g in games(t) for _, _, c in g)
    assert codes["F"] and codes["H"] and codes["Z"]


@pytest.mark.parametrize(("share", "pair"), [(0.0, {("+", "-"), ("-", "+")}), (1.0, {("-", "-")})])
def test_forfeits_and_double_forfeits(share: float, pair: set[tuple[str, str]]) -> None:
    t = text(results=ResultRates(forfeit=1.0, double_forfeit_share=share))
    g = games(t)
    seen = {(g[p][r][2], g[g[p][r][0] - 1][r][2]) for p in range(10) for r in range(5) if g[p][r][0]}
    assert seen <= pair and seen


def test_unusual_results_half_zero_zero_half_zero_zero() -> None:
    # every game ends 1/2-0, 0-1/2 or 0-0 over the board: each side its own code (TRF '=' and '0')
    t = text(players=20, results=ResultRates(forfeit=0.0, unusual=1.0))
    g = games(t)
    seen = Counter((g[p][r][2], g[g[p][r][0] - 1][r][2]) for p in range(20) for r in range(5)
                   if g[p][r][0] and g[p][r][1] == "w")  # fmt: skip
    assert set(seen) == {("=", "0"), ("0", "="), ("0", "0")}
    event = parse_event(t.encode(), "u.trf")
    assert isinstance(event, Tournament)  # spareggio reads the asymmetric results back


def test_draw_rate() -> None:
    equal = RatingSpec(given=(1800,) * 20)
    none = games(text(players=20, ratings=equal, results=ResultRates(draw=0.0, forfeit=0.0)))
    every = games(text(players=20, ratings=equal, results=ResultRates(draw=1.0, forfeit=0.0)))
    assert all(c in "10U" for g in none for _, _, c in g)
    assert all(c in "=U" for g in every for _, _, c in g)  # equal ratings: expected 0.50, all draws


def test_results_follow_the_expected_score_table() -> None:
    # B.02 8.1(b): a difference of 736 or more gives the stronger player 1.00: with no draws he always wins
    ratings = RatingSpec(given=(2700, 2700, 2700, 2700, 1200, 1200, 1200, 1200))
    g = games(text(players=8, rounds=1, ratings=ratings, results=ResultRates(draw=0.0, forfeit=0.0)))
    assert [g[p][0][0] for p in range(4)] == [5, 6, 7, 8]  # Dutch round 1: top half against bottom half
    assert all(g[p][0][2] == "1" for p in range(4)) and all(g[p][0][2] == "0" for p in range(4, 8))


def test_ratings_given_bounded_and_random(tmp_path: Path) -> None:
    def ratings(t: str) -> list[int]:
        return [int(line[48:52]) for line in t.splitlines() if line.startswith("001")]

    given = RatingSpec(given=(2100, 1900, 2000, 1500))
    assert ratings(text(players=4, rounds=3, ratings=given)) == [2100, 1900, 2000, 1500]
    bounded = ratings(text(players=30, ratings=RatingSpec(low=1400, high=1500)))
    assert all(1400 <= r <= 1500 for r in bounded) and bounded == sorted(bounded, reverse=True)
    drawn = ratings(text(players=30))
    assert all(1000 <= r <= 2800 for r in drawn) and len(set(drawn)) > 10
    assert read_ratings("2100\n# a comment\n\n1900\n", "r.txt") == (2100, 1900)
    with pytest.raises(ValueError, match=r"r.txt:2: not a rating"):
        read_ratings("2100\nabc\n", "r.txt")
    (tmp_path / "r.txt").write_text("2200\n2100\n2000\n1900\n", encoding="utf-8")
    assert main(["generate", "-n", "4", "-r", "2", "-s", "1", "--ratings", f"@{tmp_path / 'r.txt'}",
                 "-o", str(tmp_path / "x.trf")]) == 0  # fmt: skip
    assert ratings((tmp_path / "x.trf").read_text(encoding="utf-8")) == [2200, 2100, 2000, 1900]


def test_withdrawals_leave_trailing_unpaired_rounds() -> None:
    g = games(text(players=12, rounds=6, withdrawal=1.0))
    assert all(g[p][-1] == (0, "-", "-") for p in range(12))


def test_baku_acceleration() -> None:
    # C.04.7: group A is 2 x ceil(n/4) players; 1 virtual point in rounds 1..ceil(R/4), 1/2 up to ceil(R/2)
    assert baku_points(16, 9) == (8, [10, 10, 10, 5, 5, 0, 0, 0, 0])
    assert baku_points(10, 5) == (6, [10, 10, 5, 0, 0])
    t = text(players=16, rounds=1, baku=True, top_white=True)
    assert header(t, "192") == ["FIDE_DUTCH_2025_BAKU"]
    assert header(t, "250") == ["      1.0 001 001 0001 0008"]  # MP in 5-8 blank, GP in 10-13
    # round 1 pairs group A (1-8) by itself: 1-5, 2-6, 3-7, 4-8; then 9-13, ...
    assert [g[0][0] for g in games(t)[:4]] == [5, 6, 7, 8]
    assert [g[0][0] for g in games(text(players=16, rounds=1, top_white=True))[:4]] == [9, 10, 11, 12]


def test_swiss_round_one_is_the_dutch_pairing() -> None:
    # C.04.3: round 1 pairs the top half against the bottom half, colours alternating from board 1
    g = games(text(players=10, rounds=1, top_white=True))
    assert [(g[p][0][0], g[p][0][1]) for p in range(5)] == [(6, "w"), (7, "b"), (8, "w"), (9, "b"), (10, "w")]


@pytest.mark.parametrize(
    ("top_white", "expected"),
    [(True, [(1, 6), (3, 7), (8, 4), (5, 9)]), (False, [(6, 1), (7, 3), (4, 8), (9, 5)])],
)
def test_round_one_colours_follow_pairing_numbers_with_a_player_absent(
    top_white: bool, expected: list[tuple[int, int]]
) -> None:
    # 9 players, number 2 absent in round 1.  The eight present form one bracket (C.04.3 A.2, A.3):
    # S1 = 1 3 4 5 against S2 = 6 7 8 9 (C.04.3 C.4, C.6: top half against bottom half, in order).
    # No one has a colour preference, so E.5 decides: the higher-ranked player takes the initial
    # colour when his pairing number is odd, the other colour when it is even.  So 3 and 5 (odd)
    # take the initial colour and 4 (even) the other, not the board-by-board alternation 1 w, 3 b,
    # 4 w, 5 b (gacrux 1.11.65 pairs 1-6, 7-3, 4-8, 9-5 here with White first).
    field = [Entrant(number=k, rating=2400 - 10 * k, history=(), points_x10=0, pairable=k != 2) for k in range(1, 10)]
    assert dutch_round(field, 5, top_white=top_white) == expected


def test_round_two_pairs_by_score_and_grants_both_colour_preferences() -> None:
    # 4 players, round 1 played 1-3 (1 wins with White) and 4-2 (2 wins with Black).  Round 2: the
    # 1-point bracket {1, 2} and the 0-point bracket {3, 4} pair inside themselves (C.04.3 A.3, C.6),
    # no rematch (C.1).  After one game each has a mild preference for the other colour (A.6.c): 1 and 4
    # for Black, 2 and 3 for White, and E.1 grants both preferences of each pair: 2-1 and 3-4.
    field = [
        Entrant(number=1, rating=2200, history=((3, "w", "1"),), points_x10=10),
        Entrant(number=2, rating=2100, history=((4, "b", "1"),), points_x10=10),
        Entrant(number=3, rating=2000, history=((1, "b", "0"),), points_x10=0),
        Entrant(number=4, rating=1900, history=((2, "w", "0"),), points_x10=0),
    ]
    assert sorted(dutch_round(field, 3, top_white=True)) == [(2, 1), (3, 4)]


def test_the_pairing_engine_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    made = generate_event(GeneratorOptions(players=8, rounds=3, seed=2))
    assert made.pairing_engine == engine_version() and made.pairing_engine.startswith("py4swiss ")
    assert generate_event(GeneratorOptions(players=6, rounds=5, seed=2, system=PairingSystem.ROUND_ROBIN)).pairing_engine == ""
    capsys.readouterr()
    assert main(["generate", "-n", "8", "-r", "3", "-s", "2", "-o", str(tmp_path / "g.trf")]) == 0
    assert capsys.readouterr().err == f"spareggio: Swiss rounds paired by {engine_version()} (FIDE Dutch system, C.04.3)\n"
    assert main(["generate", "-n", "6", "-r", "5", "-s", "2", "--round-robin", "-o", str(tmp_path / "r.trf")]) == 0
    assert capsys.readouterr().err == ""


def test_swiss_has_no_rematch() -> None:
    g = games(text(players=12, rounds=7, results=ResultRates(forfeit=0.0)))
    for p in range(12):
        opponents = [o for o, _, c in g[p] if o]
        assert len(opponents) == len(set(opponents))


def test_round_robin_follows_the_berger_tables() -> None:
    # C.05 Annex 1, 6 players: round 1 1-6 2-5 3-4; round 2 6-4 5-3 1-2
    g = games(text(players=6, rounds=5, system=PairingSystem.ROUND_ROBIN))
    assert [(g[p][0][0], g[p][0][1]) for p in (0, 1, 2)] == [(6, "w"), (5, "w"), (4, "w")]
    assert [(g[p][1][0], g[p][1][1]) for p in (5, 4, 0)] == [(4, "w"), (3, "w"), (2, "w")]
    assert header(text(players=6, rounds=5, system=PairingSystem.ROUND_ROBIN), "192") == ["BERGER_ROUNDROBIN"]
    assert header(text(players=5, rounds=10, system=PairingSystem.ROUND_ROBIN), "192") == ["BERGER_DOUBLEROUNDROBIN"]


def test_team_events() -> None:
    for system in PairingSystem:
        t = text(players=6, rounds=5, boards=4, system=system)
        assert len(header(t, "310")) == 6 and header(t, "352") == ["WBWB"]
        event = parse_event(t.encode(), "team.trf")
        assert isinstance(event, TeamEvent)
        g = games(t)
        # both teams' board k meet each other; the first-named team has White on board 1
        for p in range(24):
            for opp, col, _ in g[p]:
                if opp:
                    assert (opp - 1) % 4 == p % 4


def test_start_date_selects_the_rule_version() -> None:
    assert header(text(start_date=dt.date(2025, 9, 1)), "042") == ["2025/09/01"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "players must be between"),
        ({"byes": ByeRates(0.6, 0.6, 0)}, "add up to more than 1"),
        ({"byes_by_round": {9: QUIET}}, "round 9"),
        ({"system": PairingSystem.ROUND_ROBIN, "baku": True}, "Baku acceleration is for Swiss"),
        ({"ratings": RatingSpec(given=(2000,))}, "1 ratings given for 10 players"),
    ],
)
def test_bad_options_are_one_line_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        text(**options)


def test_cli_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = str(tmp_path / "x.trf")
    assert main(["generate", "-n", "6", "-r", "3", "-s", "1", "--byes-round", "x", "-o", out]) == 2
    assert "--byes-round 'x'" in capsys.readouterr().err
    assert main(["generate", "-n", "6", "-r", "3", "-s", "1", "--rating-range", "2000", "-o", out]) == 2
    assert "--rating-range" in capsys.readouterr().err
    assert not Path(out).exists()


@pytest.mark.parametrize(
    ("args", "check"),
    [
        (["--full-byes", "1", "--half-byes", "0", "--zero-byes", "0", "--withdrawals", "0"], lambda t: all(c == "F" for g in games(t) for _, _, c in g)),
        (["--half-byes", "0", "--zero-byes", "0", "--byes-round", "2:0,1,0"],
         lambda t: [Counter(g[r][2] for g in games(t))["H"] for r in range(3)] == [0, 8, 0]),
        (["--forfeits", "1", "--double-forfeits", "1"], lambda t: all(c == "-" for g in games(t) for _, _, c in g)),
        (["--forfeits", "0", "--unusual", "1", "--half-byes", "0", "--zero-byes", "0", "--withdrawals", "0"],
         lambda t: all(c in "=0U" for g in games(t) for _, _, c in g) and any(c == "=" for g in games(t) for _, _, c in g)),
        (["--forfeits", "0", "--draw-rate", "0", "--half-byes", "0", "--zero-byes", "0", "--ratings", "1800," * 7 + "1800"],
         lambda t: all(c in "10" for g in games(t) for _, _, c in g)),
        (["--withdrawals", "1"], lambda t: all(g[-1] == (0, "-", "-") for g in games(t))),
        (["--boards", "2", "--round-robin"], lambda t: len(header(t, "310")) == 8 and header(t, "352") == ["WB"]),
        (["--round-robin"], lambda t: header(t, "192") == ["BERGER_ROUNDROBIN"]),
        (["--baku"], lambda t: header(t, "192") == ["FIDE_DUTCH_2025_BAKU"] and len(header(t, "250")) == 2),
        (["--tiebreaks", "SB;BH"], lambda t: header(t, "212") == ["PTS,SB,BH"]),
        (["--rating-range", "2000-2001"], lambda t: all(line[48:52] in ("2000", "2001") for line in t.splitlines() if line.startswith("001"))),
        (["--start-date", "2025-09-01", "--name", "Open"], lambda t: header(t, "042") == ["2025/09/01"] and header(t, "012") == ["Open"]),
    ],
    ids=["full-byes", "byes-round", "double-forfeits", "unusual", "draw-rate", "withdrawals", "boards", "round-robin",
         "baku", "tiebreaks", "rating-range", "start-date"],
)  # fmt: skip
def test_each_option_of_the_command_reaches_the_file(args: list[str], check: object, tmp_path: Path) -> None:
    out = tmp_path / "g.trf"
    assert main(["generate", "-n", "8", "-r", "3", "-s", "4", *args, "-o", str(out)]) == 0
    assert check(out.read_text(encoding="utf-8"))  # type: ignore[operator]
