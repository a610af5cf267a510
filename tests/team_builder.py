"""Team events written as TRF-2x text from a description of their matches, for tests.

A match is ``(white team, black team, results)`` with one result per board from the white (first
named) team's side: ``1`` win, ``=`` draw, ``0`` loss, ``+`` forfeit win, ``-`` forfeit loss.  Board
k of the white team has White on odd boards (record 352 ``WBWB...``).  Teams are numbered 1, 2, ...
in the order given, with players ``(team - 1) * boards + 1 ...`` in roster (board) order.  A team
without a match in a round has empty cells; a record 320, 330 or 300 is added as written.
"""

from __future__ import annotations

from collections.abc import Sequence

Match = tuple[str, str, str]

_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
_POINTS = {"1": 1.0, "0": 0.0, "=": 0.5, "+": 1.0, "-": 0.0}


def team_trf(
    name: str,
    teams: Sequence[str],
    boards: int,
    rounds: Sequence[Sequence[Match]],
    *,
    start: str = "2026/06/01",
    headers: Sequence[str] = (),
    records: Sequence[str] = (),
    line_ups: dict[tuple[int, str], Sequence[int]] | None = None,
) -> str:
    """The event as TRF text.  ``line_ups[(round, team)]`` gives the roster positions (1-based)
    that sat on boards 1, 2, ... of that round (the out-of-order boards of a record 300)."""
    number = {t: k + 1 for k, t in enumerate(teams)}
    cells: dict[tuple[int, int], str] = {}
    for r, matches in enumerate(rounds):
        for white, black, results in matches:
            assert len(results) == boards, (white, black, results)
            seats_w = (line_ups or {}).get((r + 1, white), range(1, boards + 1))
            seats_b = (line_ups or {}).get((r + 1, black), range(1, boards + 1))
            for b, res in enumerate(results):
                pw = (number[white] - 1) * boards + list(seats_w)[b]
                pb = (number[black] - 1) * boards + list(seats_b)[b]
                cw = "w" if b % 2 == 0 else "b"
                cb = "b" if cw == "w" else "w"
                cells[(pw, r)] = f"{pb:4d} {cw} {res}"
                cells[(pb, r)] = f"{pw:4d} {cb} {_OTHER[res]}"
    lines = [f"012 {name}", f"042 {start}", *headers, f"142 {len(rounds)}", "192 FIDE_TEAM_MP_GP",
             f"352 {'WB' * (boards // 2) + 'W' * (boards % 2)}", "362 TW 2.0   TD 1.0   TL 0.0"]  # fmt: skip
    for p in range(1, len(teams) * boards + 1):
        row = [cells.get((p, r), "        ") for r in range(len(rounds))]
        points = sum(_POINTS[c[-1]] for c in row if c.strip())
        lines.append(
            f"001 {p:4d} m    {'Player ' + str(p):<33} 2000 FID {p:11d} 2000/01/01 {points:4.1f} {p:4d}"
            + "".join("  " + c for c in row)
        )
    for k, t in enumerate(teams):
        ids = " ".join(f"{k * boards + b + 1:>4}" for b in range(boards))
        lines.append(f"310 {k + 1:>3} {t:<32}".ljust(73) + ids)
    lines.extend(records)
    return "\n".join(lines) + "\n"
