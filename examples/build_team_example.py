"""Rebuild the bundled team example, ``examples/team-league-2026.trf``.

Run from the repository root::

    python examples/build_team_example.py

An invented team Swiss: 13 teams of 4 boards, 7 rounds.  Players come from the synthetic generator
(fixed seed), four to a team in rating order; teams are paired each round by match points, then
game points, without rematches, the lowest team without a bye getting the pairing-allocated bye
(record 320: 1 MP and 2 GP, as in the FIDE tie-break exercises); board results are drawn from the
rating difference.  The file also holds a forfeited match (record 330, round 4, written on the
boards as forfeits against the scheduled opponents), a team fielding
its boards out of roster order (record 300, round 5) and a forfeited board inside a played match
(round 6).  Record 802 repeats, for human readers, each team's totals and every round's opponent
(or PAB), colour of board 1 and game points, as spareggio computes them from the boards.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import numpy as np

from spareggio.core.model import Color, ResultKind
from spareggio.generate import generate
from spareggio.io.trf.writer import write_trf

HERE = Path(__file__).resolve().parent
TEAMS = (
    "Scacchi Trento", "Circolo Rovereto", "Accademia Torino", "Scacchistica Milanese", "Scacchi Bologna",
    "Circolo Napoli", "Arrocco Firenze", "Scacco Matto Bari", "Torre Genova", "Alfiere Padova",
    "Cavallo Verona", "Re Bianco Palermo", "Donna Nera Cagliari",
)  # fmt: skip
BOARDS, ROUNDS, SEED = 4, 7, 2026
FORFEIT_ROUND, LINEUP_ROUND, BOARD_FORFEIT_ROUND = 4, 5, 6


def pair(order: list[int], met: set[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """Top-down pairing without rematches (backtracking)."""
    if not order:
        return []
    first = order[0]
    for k in range(1, len(order)):
        other = order[k]
        if (first, other) in met:
            continue
        rest = pair(order[1:k] + order[k + 1 :], met)
        if rest is not None:
            return [(first, other), *rest]
    return None


def main(seed: int = SEED, start: dt.date = dt.date(2026, 10, 3), output: Path | None = None) -> None:
    rng = np.random.default_rng(seed)
    n_teams = len(TEAMS)
    base = generate(n_teams * BOARDS, 1, seed, start_date=start)
    by_rating = sorted(base.players, key=lambda p: -(p.rating or 0))
    # team k gets the players ranked k, k + 13, k + 26, k + 39: one of each strength band
    rosters = [[by_rating[k + n_teams * b] for b in range(BOARDS)] for k in range(n_teams)]
    players = []
    for k, roster in enumerate(rosters):
        for b, p in enumerate(roster):
            players.append(dataclasses.replace(p, start_number=k * BOARDS + b + 1, rank=None, points=None))
    n = len(players)
    rating = np.array([p.rating or 1500 for p in players])
    opponent = np.full((n, ROUNDS), -1, dtype=np.int64)
    kind = np.full((n, ROUNDS), ResultKind.ABSENT, dtype=np.int8)
    color = np.zeros((n, ROUNDS), dtype=np.int8)
    mp = np.zeros(n_teams)
    gp = np.zeros(n_teams)
    met: set[tuple[int, int]] = set()
    had_bye: set[int] = set()
    pab_of_round: list[int] = []
    forfeit = None
    lineup = None
    first_colour: dict[tuple[int, int], str] = {}  # (team, round) -> colour of its board 1
    for r in range(ROUNDS):
        order = sorted(range(n_teams), key=lambda k: (-mp[k], -gp[k], k))
        bye = next(k for k in reversed(order) if k not in had_bye)
        had_bye.add(bye)
        pab_of_round.append(bye)
        mp[bye] += 1
        gp[bye] += 2
        pairs = pair([k for k in order if k != bye], met)
        assert pairs is not None
        for m, (a, b) in enumerate(pairs):
            met |= {(a, b), (b, a)}
            white, black = (a, b) if (r + m) % 2 == 0 else (b, a)
            first_colour[(white, r)], first_colour[(black, r)] = "w", "b"
            if r + 1 == FORFEIT_ROUND and m == len(pairs) // 2:
                # the black team did not come: record 330 "+-", and a forfeit on every board
                forfeit = (r, white, black)
                for board in range(BOARDS):
                    i, j = white * BOARDS + board, black * BOARDS + board
                    opponent[i, r], opponent[j, r] = j, i
                    ci = Color.WHITE if board % 2 == 0 else Color.BLACK
                    color[i, r], color[j, r] = ci, Color.BLACK if ci == Color.WHITE else Color.WHITE
                    kind[i, r], kind[j, r] = ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS
                mp[white] += 2
                gp[white] += BOARDS
                continue
            seats_white = list(range(BOARDS))
            if r + 1 == LINEUP_ROUND and m == 1:
                seats_white = [1, 0, 2, 3]
                lineup = (r, white, black, seats_white)
            g = [0.0, 0.0]
            for board in range(BOARDS):
                i = white * BOARDS + seats_white[board]
                j = black * BOARDS + board
                opponent[i, r], opponent[j, r] = j, i
                ci = Color.WHITE if board % 2 == 0 else Color.BLACK
                color[i, r], color[j, r] = ci, Color.BLACK if ci == Color.WHITE else Color.WHITE
                if r + 1 == BOARD_FORFEIT_ROUND and m == 0 and board == BOARDS - 1:
                    kind[i, r], kind[j, r] = ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS
                    g[0] += 1
                    continue
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
            if g[0] != g[1]:
                mp[white if g[0] > g[1] else black] += 2
            else:
                mp[white] += 1
                mp[black] += 1
    t = dataclasses.replace(
        base,
        name="Campionato a squadre 2026 - Serie Promozione",
        city="Trento",
        players=tuple(players),
        opponent=opponent,
        kind=kind,
        color=color,
        short_game=np.zeros((n, ROUNDS), dtype=bool),
        start_date=start,
        end_date=start + dt.timedelta(days=49),
        tiebreak_list=None,
        headers={},
        announced_rounds=ROUNDS,
    )
    text = write_trf(t).rstrip("\n").split("\n")
    text = [line for line in text if not line.startswith(("092", "192", "212"))]
    records = ["092 Team Swiss", "192 FIDE_TEAM_MP_GP", "212 MPTS MPvGP BH:MP/C1 EMGSB EDE BC", f"352 {'WB' * (BOARDS // 2)}",
               "362 TW 2.0   TD 1.0   TL 0.0"]  # fmt: skip
    for k, name in enumerate(TEAMS):
        ids = " ".join(f"{k * BOARDS + b + 1:>4}" for b in range(BOARDS))
        records.append(f"310 {k + 1:>3} {name:<32}".ljust(73) + ids)
    records.append("320  1.0  2.0 " + " ".join(f"{k + 1:>3}" for k in pab_of_round))
    assert forfeit is not None and lineup is not None
    r, white, black = forfeit
    records.append(f"330 +- {r + 1:>3} {white + 1:>3} {black + 1:>3}")
    r, team, other, seats = lineup
    records.append(
        f"300 {r + 1:>3} {team + 1:>3} {other + 1:>3} "
        + " ".join(f"{team * BOARDS + s + 1:>4}" for s in seats)
    )
    body = "\n".join([*text, *records]) + "\n"
    records += _records_802(body, first_colour)
    target = output or HERE / "team-league-2026.trf"
    target.write_text("\n".join([*text, *records]) + "\n", encoding="utf-8")


def _records_802(body: str, first_colour: dict[tuple[int, int], str]) -> list[str]:
    """Record 802 of every team (TRF-2x): number, nickname, MP and GP, then per round the opponent
    (or PAB), the colour of board 1 and the game points, as read back from the boards."""
    from spareggio.core.model import ResultKind
    from spareggio.io.trf.team_matches import parse_team_event

    ev = parse_team_event(body.encode(), "team-league-2026.trf")
    lines = []
    for k, team in enumerate(ev.teams):
        mp, gp = ev.mp[k].sum() / 2, ev.gp[k].sum() / 2
        line = f"802 {team.number:>3} {team.name.split()[-1][:5]:<5} {mp:6.1f} {gp:6.1f} "
        for r in range(ev.rounds):
            j = int(ev.opponent[k, r])
            who = str(ev.teams[j].number) if j >= 0 else ("PAB" if ev.kind[k, r] == ResultKind.PAB else "ZPB")
            forfeit = "f" if ev.kind[k, r] in (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS) else ""
            line += f"{who:>3} {first_colour.get((k, r), ' ')} {ev.gp[k, r] / 2:4.1f}{forfeit}".ljust(13)
        lines.append(line.rstrip())
    return lines


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--seed", type=int, default=SEED, help="another seed gives another league (for cross-checks)"
    )
    ap.add_argument("--start", type=dt.date.fromisoformat, default=dt.date(2026, 10, 3))
    ap.add_argument("-o", "--output", type=Path)
    args = ap.parse_args()
    main(args.seed, args.start, args.output)
