"""Team events written as TRF-2x text from a description of their matches, for tests.

A match is ``(white team, black team, results)`` with one result per board from the white (first
named) team's side: ``1`` win, ``=`` draw, ``0`` loss, ``+`` forfeit win, ``-`` forfeit loss.  Board
k of the white team has White on odd boards (record 352 ``WBWB...``).  Teams are numbered 1, 2, ...
in the order given, with rosters of ``roster`` players (default: the boards), players
``(team - 1) * roster + 1 ...`` in roster order.  A team without a match in a round has empty cells
(``bye_cells`` writes them instead, e.g. ``0000 - -``); a record 320, 330 or 300 is added as written.

``line_ups[(round, team)]`` gives the roster positions (1-based) on boards 1, 2, ... of that round;
``0`` is an empty board: the opposing board is then won by forfeit against nobody (``0000 - +``,
the result on that board must be ``+`` or ``-`` accordingly).  ``write_300`` writes a record 300
(round, team, opponent, start numbers, ``0000`` for an empty board) for every team in every match,
as TRF-26 writers such as Sharly Chess do.
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
    roster: int | None = None,
    write_300: bool = False,
    write_352: bool = True,
    bye_cells: str = "",
) -> str:
    """The event as TRF text."""
    size = roster or boards
    number = {t: k + 1 for k, t in enumerate(teams)}
    cells: dict[tuple[int, int], str] = {}
    lines_300: list[str] = []
    for r, matches in enumerate(rounds):
        paired: set[str] = set()
        for white, black, results in matches:
            assert len(results) == boards, (white, black, results)
            paired |= {white, black}
            seats_w = list((line_ups or {}).get((r + 1, white), range(1, boards + 1)))
            seats_b = list((line_ups or {}).get((r + 1, black), range(1, boards + 1)))
            ids_w = [(number[white] - 1) * size + s if s else 0 for s in seats_w]
            ids_b = [(number[black] - 1) * size + s if s else 0 for s in seats_b]
            for b, res in enumerate(results):
                pw, pb = ids_w[b], ids_b[b]
                cw = "w" if b % 2 == 0 else "b"
                cb = "b" if cw == "w" else "w"
                if pw and pb:
                    cells[(pw, r)] = f"{pb:4d} {cw} {res}"
                    cells[(pb, r)] = f"{pw:4d} {cb} {_OTHER[res]}"
                elif pw:
                    assert res == "+", (white, black, results)
                    cells[(pw, r)] = "0000 - +"
                elif pb:
                    assert res == "-", (white, black, results)
                    cells[(pb, r)] = "0000 - +"
            if write_300:
                for team, against, ids in ((white, black, ids_w), (black, white, ids_b)):
                    lines_300.append(
                        f"300 {r + 1:>3} {number[team]:>3} {number[against]:>3}"
                        + "".join(f" {p:>4}" if p else " 0000" for p in ids)
                    )
        if bye_cells:
            for team in teams:
                if team not in paired:
                    for p in range((number[team] - 1) * size + 1, number[team] * size + 1):
                        cells[(p, r)] = bye_cells
    lines = [f"012 {name}", f"042 {start}", *headers, f"142 {len(rounds)}", "192 FIDE_TEAM_MP_GP"]
    if write_352:
        lines.append(f"352 {'WB' * (boards // 2) + 'W' * (boards % 2)}")
    lines.append("362 TW 2.0   TD 1.0   TL 0.0")
    for p in range(1, len(teams) * size + 1):
        row = [cells.get((p, r), "        ") for r in range(len(rounds))]
        points = sum(_POINTS[c[-1]] for c in row if c.strip() and c[-1] in _POINTS)
        lines.append(
            f"001 {p:4d} m    {'Player ' + str(p):<33} 2000 FID {p:11d} 2000/01/01 {points:4.1f} {p:4d}"
            + "".join("  " + c for c in row).rstrip()
        )
    for k, t in enumerate(teams):
        ids = " ".join(f"{k * size + b + 1:>4}" for b in range(size))
        lines.append(f"310 {k + 1:>3} {t:<32}".ljust(73) + ids)
    lines.extend(records)
    lines.extend(lines_300)
    return "\n".join(lines) + "\n"
