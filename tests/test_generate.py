"""The synthetic tournament generator and the bundled examples built with it."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import spareggio
from spareggio import Tournament
from spareggio.core.model import HAS_OPPONENT, Scoring, TournamentKind
from spareggio.core.model import ResultKind as K
from spareggio.generate import _fold, berger_cycle, berger_round, generate, generate_trf
from spareggio.io.trf import parse_trf, read_trf

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

NO_EVENTS = {"half_bye_rate": 0.0, "zero_bye_rate": 0.0, "forfeit_rate": 0.0, "withdrawal_rate": 0.0}
BUSY = {"half_bye_rate": 0.1, "zero_bye_rate": 0.05, "forfeit_rate": 0.1, "double_forfeit_share": 0.3,
        "withdrawal_rate": 0.2}  # fmt: skip

CONFIGS: list[tuple[int, int, int, dict[str, Any]]] = [
    (30, 7, 1, {}),  # Swiss, default rates
    (25, 9, 2, BUSY),  # Swiss with every kind of irregular round
    (21, 5, 3, {**BUSY, "pab": False}),  # odd player out left unpaired
    (10, 9, 4, {"round_robin": True, "forfeit_rate": 0.1}),  # even round robin
    (9, 9, 5, {"round_robin": True, "forfeit_rate": 0.1, "double_forfeit_share": 0.5}),  # odd: free rounds
    (6, 10, 6, {"round_robin": True}),  # two cycles
    (7, 3, 7, {"round_robin": True}),  # a round robin in progress
]
CONFIG_IDS = ["swiss", "swiss-busy", "swiss-no-pab", "rr-even", "rr-odd", "rr-double", "rr-partial"]


def rematches(t: Tournament) -> int:
    """Games between two players who had already been scheduled against each other."""
    opp = np.sort(np.where(t.opponent >= 0, t.opponent, -1 - np.arange(t.rounds)), axis=1)
    return int(((opp[:, 1:] == opp[:, :-1]) & (opp[:, 1:] >= 0)).sum()) // 2


def player_fields(t: Tournament) -> list[tuple[object, ...]]:
    return [(p.start_number, p.name, p.sex, p.title, p.rating, p.federation, p.fide_id, p.birth_date)
            for p in t.players]  # fmt: skip


# --------------------------------------------------------------------------------------------------
# determinism and agreement with the reader


@pytest.mark.parametrize(("players", "rounds", "seed", "options"), CONFIGS, ids=CONFIG_IDS)
def test_same_seed_same_tournament(players: int, rounds: int, seed: int, options: dict[str, Any]) -> None:
    a, b = generate(players, rounds, seed, **options), generate(players, rounds, seed, **options)
    for name in ("opponent", "kind", "color", "short_game"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert a.players == b.players
    assert generate_trf(players, rounds, seed, **options) == generate_trf(players, rounds, seed, **options)


def test_other_seed_other_tournament() -> None:
    assert not np.array_equal(generate(30, 7, 1).kind, generate(30, 7, 2).kind)


@pytest.mark.parametrize(("players", "rounds", "seed", "options"), CONFIGS, ids=CONFIG_IDS)
def test_reader_accepts_and_rebuilds_the_same_arrays(
    players: int, rounds: int, seed: int, options: dict[str, Any]
) -> None:
    t = generate(players, rounds, seed, **options)
    back = parse_trf(generate_trf(players, rounds, seed, **options))
    assert back.warnings == []  # no points mismatch, no missing colour, no unknown record
    for name in ("opponent", "kind", "color", "short_game"):
        assert np.array_equal(getattr(back, name), getattr(t, name)), name
    assert player_fields(back) == player_fields(t)
    assert back.kind_of_event is t.kind_of_event
    assert back.start_date == t.start_date and back.announced_rounds == rounds


@pytest.mark.parametrize(("players", "rounds", "seed", "options"), CONFIGS, ids=CONFIG_IDS)
def test_pairings_are_mutual(players: int, rounds: int, seed: int, options: dict[str, Any]) -> None:
    t = generate(players, rounds, seed, **options)
    paired = t.opponent >= 0
    assert np.array_equal(paired, HAS_OPPONENT[t.kind])
    rows, cols = np.nonzero(paired)
    assert np.array_equal(t.opponent[t.opponent[rows, cols], cols], rows)
    assert np.all(t.color[rows, cols] + t.color[t.opponent[rows, cols], cols] == 3)  # one White, one Black
    assert np.all(t.color[~paired] == 0)


# --------------------------------------------------------------------------------------------------
# Swiss pairing


@pytest.mark.parametrize(
    ("scores", "top", "bottom"),
    [
        # groups 4 (3 players), 3 (4 players), 2 (1 player): the leader of the 3s completes the 4s
        ([4, 4, 4, 3, 3, 3, 3, 2], [0, 1, 4, 5], [2, 3, 6, 7]),
        # one group: top half against bottom half, 1-4, 2-5, 3-6
        ([2, 2, 2, 2, 2, 2], [0, 1, 2], [3, 4, 5]),
        # even groups fold on their own
        ([2, 2, 1, 1, 1, 1], [0, 2, 3], [1, 4, 5]),
        # single players in a row pair with their neighbours
        ([3, 2, 1, 0], [0, 2], [1, 3]),
    ],
)
def test_fold_by_score_groups(scores: list[int], top: list[int], bottom: list[int]) -> None:
    t, b = _fold(np.array(scores, dtype=np.int64))
    assert t.tolist() == top and b.tolist() == bottom


@pytest.mark.parametrize(("players", "rounds"), [(12, 5), (16, 7), (21, 7), (30, 9), (64, 11)])
@pytest.mark.parametrize("seed", range(4))
def test_no_rematches_in_small_swiss(players: int, rounds: int, seed: int) -> None:
    assert rematches(generate(players, rounds, seed)) == 0


def test_no_rematches_in_a_busy_swiss() -> None:
    assert sum(rematches(generate(40, 9, seed, **BUSY)) for seed in range(5)) == 0


def test_one_pab_per_round_and_each_player_once() -> None:
    # 21 players, nobody absent: every round leaves exactly one player over; nine rounds, nine players
    t = generate(21, 9, 11, **NO_EVENTS)
    pab = t.kind == K.PAB
    assert pab.sum(axis=0).tolist() == [1] * 9
    assert pab.sum(axis=1).max() == 1
    # round 1, everybody on 0: the bye goes to the lowest-rated player, start number 21 (C.04.1)
    assert np.flatnonzero(pab[:, 0]).tolist() == [20]


@pytest.mark.parametrize("seed", range(6))
def test_at_most_one_pab_per_round_and_not_after_a_forfeit_win(seed: int) -> None:
    t = generate(33, 9, seed, **BUSY)
    pab = t.kind == K.PAB
    assert pab.sum(axis=0).max() <= 1
    earlier_win = np.cumsum((t.kind == K.FORFEIT_WIN) | pab, axis=1) - ((t.kind == K.FORFEIT_WIN) | pab)
    assert not (pab & (earlier_win > 0)).any()  # C.04.1: no PAB after a PAB or a forfeit win


def test_without_pab_the_odd_player_is_left_unpaired() -> None:
    t = generate(21, 5, 12, pab=False, **NO_EVENTS)
    assert not (t.kind == K.PAB).any()
    # one player out per round: not paired (the last round's reads as a withdrawal, as the reader does)
    out = (t.kind == K.ABSENT) | (t.kind == K.WITHDRAWN)
    assert out.sum(axis=0).tolist() == [1] * 5
    assert (t.kind[:, 4][out[:, 4]] == K.WITHDRAWN).all()
    assert Scoring().points_table()[t.kind[out]].sum() == 0


def test_stronger_players_score_more() -> None:
    # round 1 pairs the top half against the bottom half: the Elo expectation favours the top half
    t = generate(2000, 1, 4, **NO_EVENTS)
    points = Scoring().points_table()[t.kind[:, 0]]  # units of 1/2
    assert points[:1000].sum() > 0.75 * 2 * 1000


def test_requested_byes_and_withdrawals_are_not_paired() -> None:
    t = generate(201, 11, 9, **BUSY)
    for kind in (K.PAB, K.HALF_BYE, K.ZERO_BYE, K.WITHDRAWN):
        cells = t.kind == kind
        assert cells.any(), kind
        assert (t.opponent[cells] == -1).all() and (t.color[cells] == 0).all()


def test_withdrawn_players_stay_out() -> None:
    t = generate(300, 9, 13, **BUSY)
    gone = t.kind == K.WITHDRAWN
    leavers = np.flatnonzero(gone.any(axis=1))
    assert leavers.size > 0
    first = gone[leavers].argmax(axis=1)
    assert (first >= 1).all()  # everybody plays round 1
    after = np.arange(t.rounds)[None, :] >= first[:, None]
    assert np.array_equal(gone[leavers], after)  # withdrawn from the first such round to the end
    for i, r in zip(leavers.tolist(), first.tolist(), strict=True):
        assert not (t.opponent[:, r:] == i).any()  # nobody is paired with them afterwards


@pytest.mark.parametrize(
    ("players", "rounds", "seed", "pab"),
    [
        (2, 2, 8, True),  # seed 8 drew both players leaving after round 1 (a round 2 nobody played)
        (3, 5, 1, False),
        (4, 9, 2, True),
    ],
)
def test_every_round_generated_is_played(players: int, rounds: int, seed: int, pab: bool) -> None:
    # even when every player is drawn to leave, the last two stay: a round in which nobody has an
    # entry would be no round of the file (the TRF and Chess-JSON readers read the rounds that hold one)
    t = generate(players, rounds, seed, withdrawal_rate=1.0, pab=pab)
    entry = (t.kind != K.WITHDRAWN) & (t.kind != K.ABSENT)
    assert entry.any(axis=0).all()
    assert int((t.kind[:, -1] != K.WITHDRAWN).sum()) >= 2
    text = generate_trf(players, rounds, seed, withdrawal_rate=1.0, pab=pab)
    assert parse_trf(text.encode(), "g.trf").rounds == rounds


def test_rates_roughly_honoured() -> None:
    # 4000 players x 11 rounds: about 40 000 player-rounds present and 19 000 games, so the
    # standard deviation of each measured rate is under 3 % of the rate; the bounds allow 20 %.
    rates = {"half_bye_rate": 0.05, "zero_bye_rate": 0.03, "forfeit_rate": 0.04, "double_forfeit_share": 0.2,
             "withdrawal_rate": 0.1}  # fmt: skip
    t = generate(4000, 11, 21, **rates)
    k = t.kind
    present = (k != K.WITHDRAWN).sum()
    games = HAS_OPPONENT[k].sum() / 2
    forfeits = (k == K.FORFEIT_WIN).sum() + (k == K.DOUBLE_FORFEIT).sum() / 2
    measured = {
        "half_bye_rate": (k == K.HALF_BYE).sum() / present,
        "zero_bye_rate": (k == K.ZERO_BYE).sum() / present,
        "forfeit_rate": forfeits / games,
        "double_forfeit_share": (k == K.DOUBLE_FORFEIT).sum() / 2 / forfeits,
        "withdrawal_rate": (k == K.WITHDRAWN).any(axis=1).mean(),
    }
    for name, value in measured.items():
        assert value == pytest.approx(rates[name], rel=0.2), name


def test_large_field() -> None:
    t = generate(100_000, 15, 3)
    assert t.kind.shape == (100_000, 15)
    assert (t.kind == K.PAB).sum(axis=0).max() <= 1
    rows, cols = np.nonzero(t.opponent >= 0)
    assert np.array_equal(t.opponent[t.opponent[rows, cols], cols], rows)
    assert rematches(t) == 0


# --------------------------------------------------------------------------------------------------
# round robin


@pytest.mark.parametrize(
    ("rnd", "games"),
    [
        (1, {(1, 8), (2, 7), (3, 6), (4, 5)}),  # C.05 Annex 1, Berger table for 7-8 players
        (2, {(8, 5), (6, 4), (7, 3), (1, 2)}),
        (3, {(2, 8), (3, 1), (4, 7), (5, 6)}),
        (7, {(4, 8), (5, 3), (6, 2), (7, 1)}),
    ],
)
def test_berger_table_for_eight(rnd: int, games: set[tuple[int, int]]) -> None:
    white, black = berger_round(8, rnd)
    assert set(zip(white.tolist(), black.tolist(), strict=True)) == games


@pytest.mark.parametrize("players", [4, 5, 7, 10, 13])
def test_round_robin_everyone_meets_everyone_once(players: int) -> None:
    t = generate(players, berger_cycle(players), 3, round_robin=True, forfeit_rate=0.2)
    assert t.kind_of_event is TournamentKind.ROUND_ROBIN
    for i in range(players):
        met = t.opponent[i][t.opponent[i] >= 0]
        assert sorted(met.tolist()) == [j for j in range(players) if j != i]
    free = (t.opponent < 0).sum(axis=1)
    assert free.tolist() == [players % 2] * players  # one free round each when the field is odd
    whites, blacks = (t.color == 1).sum(axis=1), (t.color == 2).sum(axis=1)
    assert np.abs(whites - blacks).max() <= 1


def test_second_cycle_reverses_colours() -> None:
    t = generate(6, 10, 8, round_robin=True)
    assert np.array_equal(t.opponent[:, 5:], t.opponent[:, :5])
    assert np.array_equal(t.color[:, 5:], 3 - t.color[:, :5])


# --------------------------------------------------------------------------------------------------
# argument checks


@pytest.mark.parametrize(
    ("args", "options"),
    [
        ((1, 5, 0), {}),
        ((10, 0, 0), {}),
        ((10, 5, 0), {"forfeit_rate": 1.5}),
        ((10, 5, 0), {"half_bye_rate": 0.6, "zero_bye_rate": 0.6}),
        ((10, 19, 0), {"round_robin": True}),  # two cycles of 9 rounds at most
        ((10, 5, 0), {"rating_range": (2000, 1000)}),
    ],
)
def test_bad_arguments(args: tuple[int, int, int], options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        generate(*args, **options)


def test_trf_needs_four_digit_start_numbers() -> None:
    with pytest.raises(ValueError, match="9999"):
        generate_trf(10_000, 1, 0)


# --------------------------------------------------------------------------------------------------
# the bundled examples


@pytest.fixture(scope="module")
def open_2026() -> Tournament:
    return read_trf(EXAMPLES / "open-2026.trf")


def test_open_example_has_every_kind_of_round(open_2026: Tournament) -> None:
    t = open_2026
    assert t.warnings == []  # the points column agrees with the results
    assert 48 <= t.n_players <= 60 and t.rounds == 9 and t.announced_rounds == 9
    assert t.kind_of_event is TournamentKind.SWISS and t.start_date == dt.date(2026, 4, 18)
    assert t.name.startswith("Open Internazionale") and t.federation == "ITA"
    for code in ("012", "022", "032", "042", "052", "092", "102", "122", "132", "142"):
        assert code in t.headers, code
    counts = {kind: int((t.kind == kind).sum()) for kind in K}
    assert counts[K.PAB] >= 1 and counts[K.HALF_BYE] >= 1 and counts[K.ZERO_BYE] >= 1
    assert counts[K.FORFEIT_WIN] >= 2 and counts[K.DOUBLE_FORFEIT] == 2  # one game, both sides
    assert (t.kind == K.WITHDRAWN).any(axis=1).sum() >= 1
    assert rematches(t) == 0
    table = Scoring().points_table()
    for i, p in enumerate(t.players):
        assert p.points == Fraction(int(table[t.kind[i]].sum()), 2)


def test_open_example_ranks_differ_by_rule_set(open_2026: Tournament) -> None:
    tiebreaks = ["BH/C1", "BH", "SB"]
    fide26 = spareggio.rank(open_2026, tiebreaks, rules="fide-2026")
    italian = spareggio.rank(open_2026, tiebreaks, rules="italian")
    fide24 = spareggio.rank(open_2026, tiebreaks, rules="fide-2024")

    def values(s: spareggio.Standings, sno: int) -> tuple[Fraction | None, ...]:
        return tuple(s.row_of(sno).values[tb] for tb in tiebreaks)

    # Player 7, 7.0, played all nine games; opponents' scores 4 + 5 + 6 + 7 + 4 + 6.5 + 6.5 + 6 + 5.5
    # = 50.5, nobody's adjusted score differs (no trailing byes); Cut-1 drops 4: 46.5 in every rule set.
    for s in (fide26, italian, fide24):
        assert values(s, 7)[:2] == (Fraction(93, 2), Fraction(101, 2))
    # Player 1, 7.0, lost round 7 by forfeit to player 9 (6.0); other opponents 4 + 5.5 + 5 + 7 + 5.5 +
    # 6.5 + 5.5 + 6 = 45.
    # fide-2026: dummy min(7, adjusted 6) = 6 (C.07 16.4.1); BH 51; Cut-1 drops the VUR, 6 >= 4 (16.5.1): 45.
    assert values(fide26, 1)[:2] == (Fraction(45), Fraction(51))
    # fide-2024: dummy on the own score 7 (digest §6.4); BH 52; Cut-1 drops the VUR 7: 45.
    assert values(fide24, 1)[:2] == (Fraction(45), Fraction(52))
    # italian: the forfeit counts as a game against player 9 with 6 (digest §7.3); BH 51; Cut-1 drops 4: 47.
    assert values(italian, 1)[:2] == (Fraction(47), Fraction(51))
    # so the winner depends on the rule set: 46.5 > 45 under FIDE, 47 > 46.5 under the Italian variant
    assert [r.player.start_number for r in fide26.rows[:2]] == [7, 1]
    assert [r.player.start_number for r in italian.rows[:2]] == [1, 7]
    # Player 9, 6.0: opponents 4 + 5.5 + 4 + 6 + 5.5 = 25; HPB R1, HPB R5, ZPB R8 and a forfeit win over 1.
    # fide-2026: byes capped at 9 x 0.5 = 4.5 (16.4.2), forfeit win min(6, 7) = 6: BH 25 + 13.5 + 6 = 44.5,
    # Cut-1 drops a VUR 4.5: 40.  fide-2024: dummies 6 each: BH 49, BH/C1 43.  italian: byes 0, forfeit 7:
    # BH 32, Cut-1 drops a 0: 32.
    assert values(fide26, 9)[:2] == (Fraction(40), Fraction(89, 2))
    assert values(fide24, 9)[:2] == (Fraction(43), Fraction(49))
    assert values(italian, 9)[:2] == (Fraction(32), Fraction(32))
    order = {name: [r.player.start_number for r in s.rows] for name, s in
             (("fide-2026", fide26), ("italian", italian), ("fide-2024", fide24))}  # fmt: skip
    assert sum(a != b for a, b in zip(order["fide-2026"], order["italian"], strict=True)) >= 2
    assert order["fide-2026"] != order["fide-2024"]


def test_closed_example_is_a_round_robin_with_one_forfeit() -> None:
    t = read_trf(EXAMPLES / "closed-rr-2026.trf")
    assert t.warnings == []
    assert t.kind_of_event is TournamentKind.ROUND_ROBIN and t.n_players == 10 and t.rounds == 9
    assert int((t.kind == K.FORFEIT_WIN).sum()) == 1 and int((t.kind == K.FORFEIT_LOSS).sum()) == 1
    for i in range(10):
        assert sorted(t.opponent[i].tolist()) == [j for j in range(10) if j != i]
