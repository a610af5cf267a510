"""A random tournament as TRF text, round by round: requested byes and withdrawals first, then the
pairing (the Dutch engine of :mod:`.pairing` for a Swiss, the Berger tables of C.05 Annex 1 for a round
robin), then the results drawn from the FIDE expected-score table (B.02 8.1(b)) with a draw rate.

A team event plays every board: the first-named team has White on the odd boards.  A team Swiss is paired
by FIDE's Swiss team pairing system (C.04.6) when its engine, gacrux, is installed (:func:`.pairing.
fide_team_round`), else by the Dutch engine on match points; a team round robin by the Berger tables.
Everything is drawn from one ``numpy.random.default_rng(seed)``.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import field

import numpy as np

from ..base.classes import dataclass
from ..generate import berger_cycle, berger_round
from ..tiebreaks.fide_rating import expected_score
from .options import GeneratorOptions, PairingSystem
from .pairing import Entrant, dutch_round, engine_version, fide_team_round, team_engine_version

__all__ = ["DEFAULT_TEAM_TIEBREAKS", "DEFAULT_TIEBREAKS", "Generated", "baku_points", "generate_event"]

DEFAULT_TIEBREAKS = {
    PairingSystem.SWISS: ("BH/C1", "BH", "SB", "DE", "WIN", "BPG"),
    PairingSystem.ROUND_ROBIN: ("DE", "SB", "WIN", "KS"),
}
"""The lists written as record 212 when none is given (common choices for each kind of event)."""
DEFAULT_TEAM_TIEBREAKS = {
    PairingSystem.SWISS: ("GPTS", "BH:MP/C1", "EMGSB"),
    PairingSystem.ROUND_ROBIN: ("GPTS", "EDE", "EMGSB"),
}

_UNUSUAL = (("=", "0"), ("0", "="), ("0", "0"))
"""½-0, 0-½ and 0-0 over the board: each side's own result code."""
_OPPOSITE = {"1": "0", "0": "1", "=": "="}


@dataclass
class Generated:
    """The text of a generated file and what it was made with."""

    text: str
    swiss_rounds_paired: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    """How many of each event happened: ``full-bye``, ``half-bye``, ``zero-bye``, ``pab``, ``forfeit``,
    ``double-forfeit``, ``unusual``, ``withdrawn``."""
    pairing_engine: str = ""
    """The engine and version that paired the Swiss rounds (``py4swiss 0.3.1``, ``gacrux 1.11.65``); empty
    for a round robin."""
    pairing_system: str = ""
    """The pairing system of the Swiss rounds: ``C.04.3`` (the Dutch system), ``C.04.6`` (FIDE's Swiss
    team pairing system), or ``C.04.3-match-points`` (a team Swiss paired by the Dutch system on match
    points, when the C.04.6 engine is not installed); empty for a round robin."""


def baku_points(entrants: int, rounds: int) -> tuple[int, list[int]]:
    """The Baku acceleration (C.04.7): the size of group A (the first half of the list rounded up to an
    even number, ``2 * ceil(n / 4)``) and its virtual points, times ten, in each round: 1 point in the
    first half of the accelerated rounds (``1 .. ceil(R / 4)``), ½ in the second (``.. ceil(R / 2)``)."""
    group_a = 2 * ((entrants + 3) // 4)
    first, last = (rounds + 3) // 4, (rounds + 1) // 2
    return min(group_a, entrants), [10 if r < first else 5 if r < last else 0 for r in range(rounds)]


def _ratings(o: GeneratorOptions, rng: np.random.Generator, n: int) -> list[int]:
    spec = o.ratings
    if spec.given:
        return list(spec.given[:n])
    if spec.low is not None and spec.high is not None:
        return [int(x) for x in rng.integers(spec.low, spec.high + 1, size=n)]
    return [int(x) for x in np.clip(np.rint(rng.normal(1800.0, 300.0, size=n)), 1000, 2800)]


class _Game:
    """Draws the result codes of one scheduled game."""

    def __init__(self, o: GeneratorOptions, rng: np.random.Generator, counts: dict[str, int]) -> None:
        self.rates, self.rng, self.counts = o.results, rng, counts

    def play(self, white_rating: int, black_rating: int) -> tuple[str, str]:
        r = self.rates
        u = self.rng.random(4)
        if u[0] < r.forfeit:
            if u[1] < r.double_forfeit_share:
                self.counts["double-forfeit"] += 1
                return "-", "-"
            self.counts["forfeit"] += 1
            return ("+", "-") if u[2] < 0.5 else ("-", "+")
        if u[1] < r.unusual:
            self.counts["unusual"] += 1
            return _UNUSUAL[int(u[2] * 3) % 3]
        e = int(expected_score(white_rating - black_rating)) / 100.0
        p_draw = r.draw * (1.0 - abs(2.0 * e - 1.0))
        p_win = e - p_draw / 2.0
        code = "1" if u[3] < p_win else "=" if u[3] < p_win + p_draw else "0"
        return code, _OPPOSITE[code]


_POINTS_X10 = {"1": 10, "=": 5, "0": 0, "+": 10, "-": 0, "U": 10, "F": 10, "H": 5, "Z": 0}


def _fmt_x10(v: int) -> str:
    return f"{v // 10}.{v % 10}"


def generate_event(o: GeneratorOptions) -> Generated:
    """The TRF text of the tournament ``o`` describes (``o`` checked first).

    :raises ValueError: for options out of range, or a Swiss round the engine cannot pair.
    """
    o.check()
    rng = np.random.default_rng(o.seed)
    counts = dict.fromkeys(
        ("full-bye", "half-bye", "zero-bye", "pab", "forfeit", "double-forfeit", "unusual", "withdrawn"), 0
    )
    game = _Game(o, rng, counts)
    units = o.players  # players, or teams
    boards = max(o.boards, 1)
    ratings = _ratings(o, rng, units * boards)
    if o.system is PairingSystem.SWISS and not o.ratings.given:
        if o.is_team:  # teams seeded by their average; each roster strongest first
            rosters = sorted(
                (sorted(ratings[t * boards:(t + 1) * boards], reverse=True) for t in range(units)),
                key=lambda roster: -sum(roster),
            )
            ratings = [r for roster in rosters for r in roster]
        else:
            ratings = sorted(ratings, reverse=True)
    top_white = bool(rng.random() < 0.5) if o.top_white is None else o.top_white
    unit_rating = [sum(ratings[t * boards:(t + 1) * boards]) // boards for t in range(units)]
    leaves = rng.random(units) < o.withdrawal if o.rounds > 1 else np.zeros(units, dtype=bool)
    last = np.where(leaves, rng.integers(1, max(o.rounds, 2), size=units), o.rounds).tolist()
    # per unit and round: (opponent unit or 0, colour of the unit, code) ; per player the board games
    unit_hist: list[list[tuple[int, str, str]]] = [[] for _ in range(units)]
    player_hist: list[list[tuple[int, str, str]]] = [[] for _ in range(units * boards)]
    unit_points = [0] * units  # times ten: game points (individual) or match points (teams)
    group_a, acc = baku_points(units, o.rounds) if o.baku else (0, [0] * o.rounds)
    paired_rounds = 0
    team_engine = team_engine_version() if o.is_team and o.system is PairingSystem.SWISS else None
    for r in range(o.rounds):
        rates = o.byes_of(r + 1)
        bye: dict[int, str] = {}
        for t in range(units):
            if r >= last[t]:
                bye[t] = "-"
                counts["withdrawn"] += 1
                continue
            if o.system is PairingSystem.ROUND_ROBIN or o.is_team:
                continue  # requested byes are drawn in individual Swiss events only
            u = rng.random()
            if u < rates.full:
                bye[t] = "F"
            elif u < rates.full + rates.half:
                bye[t] = "H"
            elif u < rates.full + rates.half + rates.zero:
                bye[t] = "Z"
        for code in bye.values():
            if code != "-":
                counts[{"F": "full-bye", "H": "half-bye", "Z": "zero-bye"}[code]] += 1
        if o.system is PairingSystem.ROUND_ROBIN:
            white, black = berger_round(units, r % berger_cycle(units) + 1)
            if r >= berger_cycle(units):
                white, black = black, white
            pairs = [
                (b, 0) if w > units else (w, 0) if b > units else (w, b)
                for w, b in zip(white.tolist(), black.tolist(), strict=True)
            ]
        elif team_engine is not None:
            history = _write(o, ratings, player_hist, unit_hist, unit_points, group_a, acc, top_white, team_engine)
            unpaired = sorted(t + 1 for t in bye)
            pairs = fide_team_round(history, r + 1, top_white=top_white, unpaired=unpaired) if len(unpaired) < units else []
            paired_rounds += 1
        else:
            entrants = [
                Entrant(
                    number=t + 1,
                    rating=unit_rating[t],
                    history=tuple(unit_hist[t]),
                    points_x10=unit_points[t],
                    pairable=t not in bye,
                    acceleration_x10=tuple(acc) if t < group_a else (),
                )
                for t in range(units)
            ]
            if all(not e.pairable for e in entrants):
                pairs = []
            else:
                pairs = dutch_round(
                    entrants, o.rounds, top_white=top_white, scoring="W=2.0 D=1.0" if o.is_team else ""
                )
            paired_rounds += 1
        paired: set[int] = set()
        for w, b in pairs:
            wt = w - 1
            if b == 0:
                if o.system is PairingSystem.ROUND_ROBIN:
                    unit_hist[wt].append((0, "-", "-"))  # the free round of an odd round robin
                    for k in range(boards):
                        player_hist[wt * boards + k].append((0, "-", "-"))
                    paired.add(wt)
                    continue
                counts["pab"] += 1
                unit_hist[wt].append((0, "-", "U"))
                unit_points[wt] += 20 if o.is_team else 10
                for k in range(boards):  # a team's PAB: every board a point (record 320 says so too)
                    player_hist[wt * boards + k].append((0, "-", "U"))
                paired.add(wt)
                continue
            bt = b - 1
            paired.update((wt, bt))
            gw = gb = 0
            for k in range(boards):
                pw, pb = wt * boards + k, bt * boards + k
                if k % 2:  # the first-named team has White on the odd boards (1, 3, ...)
                    pw, pb = pb, pw
                cw, cb = game.play(ratings[pw], ratings[pb])
                player_hist[pw].append((pb + 1, "w", cw))
                player_hist[pb].append((pw + 1, "b", cb))
                sw, sb = _POINTS_X10[cw], _POINTS_X10[cb]
                if k % 2:
                    sw, sb = sb, sw
                gw, gb = gw + sw, gb + sb
            if o.is_team:
                mw, mb = (2, 0) if gw > gb else (0, 2) if gw < gb else (1, 1)
                codew = {2: "1", 1: "=", 0: "0"}[mw]
                codeb = {2: "1", 1: "=", 0: "0"}[mb]
                unit_hist[wt].append((b, "w", codew))
                unit_hist[bt].append((w, "b", codeb))
                unit_points[wt] += 10 * mw
                unit_points[bt] += 10 * mb
            else:
                unit_hist[wt].append((b, "w", player_hist[wt][-1][2]))
                unit_hist[bt].append((w, "b", player_hist[bt][-1][2]))
                unit_points[wt] += _POINTS_X10[player_hist[wt][-1][2]]
                unit_points[bt] += _POINTS_X10[player_hist[bt][-1][2]]
        for t in range(units):
            if t in paired:
                continue
            code = bye.get(t, "-")
            unit_hist[t].append((0, "-", code))
            unit_points[t] += _POINTS_X10[code]
            for k in range(boards):
                player_hist[t * boards + k].append((0, "-", code))
    text = _write(o, ratings, player_hist, unit_hist, unit_points, group_a, acc, top_white, team_engine)
    engine, system = "", ""
    if o.system is PairingSystem.SWISS:
        engine = team_engine or engine_version()
        system = "C.04.6" if team_engine else "C.04.3-match-points" if o.is_team else "C.04.3"
    return Generated(text=text, swiss_rounds_paired=paired_rounds, counts=counts, pairing_engine=engine,
                     pairing_system=system)  # fmt: skip


def _write(
    o: GeneratorOptions,
    ratings: list[int],
    player_hist: list[list[tuple[int, str, str]]],
    unit_hist: list[list[tuple[int, str, str]]],
    unit_points: list[int],
    group_a: int,
    acc: list[int],
    top_white: bool,
    team_engine: str | None = None,
) -> str:
    """The TRF file of the rounds in the histories (all of them, or those played so far: the history
    the team pairing engine reads); a team Swiss paired by ``team_engine`` is written as FIDE's team
    system (record 192 ``FIDE_TEAM``, ``FIDE_TEAM_BAKU``), else as a custom team Swiss."""
    kind = "Team" if o.is_team else "Individual"
    system = "Swiss-System" if o.system is PairingSystem.SWISS else "Round-Robin"
    name = o.name or f"Generated {kind.lower()} {o.system.value} {o.players}x{o.rounds} (seed {o.seed})"
    end = o.start_date + _dt.timedelta(days=o.rounds - 1)
    out = [
        f"012 {name}",
        "032 FID",
        f"042 {o.start_date:%Y/%m/%d}",
        f"052 {end:%Y/%m/%d}",
        f"092 {kind}: {system}",
        f"142 {o.rounds}",
    ]
    if o.is_team:
        if o.system is PairingSystem.ROUND_ROBIN:
            out.append("192 BERGER_TEAM_ROUNDROBIN")
        else:
            out.append("192 " + (("FIDE_TEAM_BAKU" if o.baku else "FIDE_TEAM") if team_engine else "CUSTOM_TEAM_SWISS"))
    elif o.system is PairingSystem.ROUND_ROBIN:
        cycle = berger_cycle(o.players)
        out.append("192 " + ("BERGER_DOUBLEROUNDROBIN" if o.rounds > cycle else "BERGER_ROUNDROBIN"))
    else:
        out.append("192 FIDE_DUTCH_2025" + ("_BAKU" if o.baku else ""))
    if o.is_team:
        out.append("352 " + "".join("WB"[k % 2] for k in range(o.boards)))
        out.append("362 TW 2.0   TD 1.0   TL 0.0")
    defaults = (DEFAULT_TEAM_TIEBREAKS if o.is_team else DEFAULT_TIEBREAKS)[o.system]
    tiebreaks = o.tiebreaks or defaults
    out.append("212 " + ",".join(("MPTS" if o.is_team else "PTS", *tiebreaks)))
    if o.baku:
        for first, last, pts in _acc_blocks(acc):
            out.append(f"250 {'':4} {_fmt_x10(pts):>4} {first:03d} {last:03d} {1:04d} {group_a:04d}")
    boards = max(o.boards, 1)
    for i, hist in enumerate(player_hist):
        pts = sum(_POINTS_X10.get(c, 0) for _, _, c in hist)
        blocks = "".join(f"  {opp:4d} {col} {code}" if opp else f"  0000 - {code}" for opp, col, code in hist)
        head = (
            f"001 {i + 1:4d} m    {_player_name(i, boards, o.is_team):<33} {ratings[i]:4d} FID "
            f"{10_000_000 + i + 1:>11} {'':10} {_fmt_x10(pts):>4}     "
        )
        out.append(head + blocks)
    if o.is_team:
        for t in range(o.players):
            gp = sum(
                _POINTS_X10.get(c, 0) for k in range(boards) for _, _, c in player_hist[t * boards + k]
            )
            members = "".join(f" {t * boards + k + 1:4d}" for k in range(boards))
            line = f"310 {t + 1:3d} {'Team ' + str(t + 1):<32} {'T' + str(t + 1):<5} {'':6} "
            line += f"{_fmt_x10(unit_points[t]):>6} {_fmt_x10(gp):>6}     " + members
            out.append(line)
        pab = ["000"] * o.rounds
        for t, hist in enumerate(unit_hist):
            for r, (_, _, code) in enumerate(hist):
                if code == "U":
                    pab[r] = f"{t + 1:03d}"
        if any(p != "000" for p in pab):
            out.append(f"320 {'2.0':>4} {_fmt_x10(10 * boards):>4} " + " ".join(pab))
    return "\n".join(out) + "\n"


def _player_name(i: int, boards: int, team: bool) -> str:
    if team:
        return f"Team {i // boards + 1}, Board {i % boards + 1}"
    return f"Player {i + 1}"


def _acc_blocks(acc: list[int]) -> list[tuple[int, int, int]]:
    """Runs of rounds with the same virtual points: (first round, last round, points x10)."""
    out: list[tuple[int, int, int]] = []
    for r, v in enumerate(acc):
        if not v:
            continue
        if out and out[-1][2] == v and out[-1][1] == r:
            out[-1] = (out[-1][0], r + 1, v)
        else:
            out.append((r + 1, r + 1, v))
    return out
