"""Benchmark of team events: reading a team file and ranking the teams, at league and Olympiad size.

    python benchmarks/bench_teams.py                     # 13, 60 and 190 teams x 4 boards, 11 rounds
    python benchmarks/bench_teams.py --teams 190 --boards 4 --rounds 11 --repeat 9

Builds a team Swiss per size (deterministic: teams paired top-down by match points, then game
points, avoiding rematches when it can; the lowest team without a bye gets a pairing-allocated bye,
record 320; board results drawn from the rating difference), writes it as TRF-2x (001 board games,
310 rosters, 320, 352, 362) and measures, median over the repeats:

* reading: ``parse_team_event`` (the players' file, the rosters, the matches from the boards);
* ranking with the default Swiss list (MPvGP, BH/C1, EMGSB);
* ranking with a long list touching every kind of criterion (both scores, Article 16, cuts, ESB,
  SSSC, the group orders EDE, DE, TBR, BBE, and BC);
* explaining one team under that list.

Run on demand; it is not a test.  The numbers in docs/performance.md come from it.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.core.model import Color, ResultKind
from spareggio.explain import explain_player
from spareggio.generate import generate
from spareggio.io.trf.team_matches import parse_team_event
from spareggio.io.trf.writer import write_trf
from spareggio.standings import rank

LONG_LIST = "MPvGP,BH:MP/C1,BH:GP,EMGSB/C1,EGGSB,SSSC,EDE,DE:GP,BC,TBR,BBE,AOB,KS"


def team_event_text(n_teams: int, boards: int, rounds: int, seed: int = 1) -> str:
    """A team Swiss as TRF-2x text."""
    rng = np.random.default_rng(seed)
    base = generate(n_teams * boards, 1, seed, start_date=dt.date(2026, 6, 1))
    by_rating = sorted(base.players, key=lambda p: -(p.rating or 0))
    players = [
        dataclasses.replace(
            by_rating[k + n_teams * b], start_number=k * boards + b + 1, rank=None, points=None
        )
        for k in range(n_teams)
        for b in range(boards)
    ]
    n = len(players)
    rating = np.array([p.rating or 1500 for p in players], dtype=float)
    opponent = np.full((n, rounds), -1, dtype=np.int64)
    kind = np.full((n, rounds), ResultKind.ABSENT, dtype=np.int8)
    color = np.zeros((n, rounds), dtype=np.int8)
    mp, gp = np.zeros(n_teams), np.zeros(n_teams)
    met: set[tuple[int, int]] = set()
    had_bye: set[int] = set()
    pabs: list[int] = []
    for r in range(rounds):
        order = sorted(range(n_teams), key=lambda k: (-mp[k], -gp[k], k))
        if n_teams % 2:
            bye = next((k for k in reversed(order) if k not in had_bye), order[-1])
            had_bye.add(bye)
            pabs.append(bye)
            mp[bye] += 1
            gp[bye] += boards / 2
            order.remove(bye)
        free = list(order)
        while free:
            a = free.pop(0)
            b = next((x for x in free if (a, x) not in met), free[0])
            free.remove(b)
            met |= {(a, b), (b, a)}
            white, black = (a, b) if r % 2 == 0 else (b, a)
            g = [0.0, 0.0]
            for board in range(boards):
                i, j = white * boards + board, black * boards + board
                opponent[i, r], opponent[j, r] = j, i
                ci = Color.WHITE if board % 2 == 0 else Color.BLACK
                color[i, r], color[j, r] = ci, Color.BLACK if ci == Color.WHITE else Color.WHITE
                expected = 1 / (1 + 10 ** ((rating[j] - rating[i]) / 400))
                u = rng.random()
                if u < 0.3:
                    kind[i, r], kind[j, r] = ResultKind.PLAYED_DRAW, ResultKind.PLAYED_DRAW
                    g[0] += 0.5
                    g[1] += 0.5
                elif u < 0.3 + 0.7 * expected:
                    kind[i, r], kind[j, r] = ResultKind.PLAYED_WIN, ResultKind.PLAYED_LOSS
                    g[0] += 1
                else:
                    kind[i, r], kind[j, r] = ResultKind.PLAYED_LOSS, ResultKind.PLAYED_WIN
                    g[1] += 1
            gp[white] += g[0]
            gp[black] += g[1]
            if g[0] == g[1]:
                mp[white] += 1
                mp[black] += 1
            else:
                mp[white if g[0] > g[1] else black] += 2
    t = dataclasses.replace(
        base,
        name=f"Benchmark team Swiss, {n_teams} teams",
        players=tuple(players),
        opponent=opponent,
        kind=kind,
        color=color,
        short_game=np.zeros((n, rounds), dtype=bool),
        tiebreak_list=None,
        headers={},
        announced_rounds=rounds,
    )
    lines = [x for x in write_trf(t).rstrip("\n").split("\n") if not x.startswith(("092", "192", "212"))]
    lines += [
        "092 Team Swiss",
        "192 FIDE_TEAM_MP_GP",
        f"352 {'WB' * (boards // 2)}",
        "362 TW 2.0   TD 1.0   TL 0.0",
    ]
    for k in range(n_teams):
        ids = " ".join(f"{k * boards + b + 1:>4}" for b in range(boards))
        lines.append(f"310 {k + 1:>3} {'Team ' + str(k + 1):<32}".ljust(73) + ids)
    if pabs:
        lines.append(f"320  1.0 {boards / 2:4.1f} " + " ".join(f"{k + 1:>3}" for k in pabs))
    return "\n".join(lines) + "\n"


def median_ms(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--teams", type=int, nargs="*", default=[13, 60, 190])
    ap.add_argument("--boards", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    print(
        f"{'teams':>5}  {'read':>8}  {'default':>8}  {'long list':>9}  {'explain':>8}   (ms, median of {args.repeat})"
    )
    for n_teams in args.teams:
        data = team_event_text(n_teams, args.boards, args.rounds).encode()
        ev = parse_team_event(data, "bench.trf")
        read = median_ms(lambda: parse_team_event(data, "bench.trf"), args.repeat)  # noqa: B023
        default = median_ms(lambda: rank(ev, rules="fide-2026"), args.repeat)  # noqa: B023
        long = median_ms(lambda: rank(ev, LONG_LIST, rules="fide-2026"), args.repeat)  # noqa: B023
        s = rank(ev, LONG_LIST, rules="fide-2026")
        first = s.rows[0].player.start_number
        explain = median_ms(lambda: explain_player(s, first), args.repeat)  # noqa: B023
        print(f"{n_teams:>5}  {read:8.1f}  {default:8.1f}  {long:9.1f}  {explain:8.1f}")


if __name__ == "__main__":
    main()
