"""Results pages written in the layouts of chess-results.com (the layout of the sample page
Swiss-Manager publishes), for the results-page reader's tests: the "Starting rank crosstable"
(:func:`page`, a round half played with ``pending``), the round-robin grid (:func:`grid_page`) and
the pages that are no crosstable (:func:`other_page`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape

import spareggio
from spareggio.core.model import Color, ResultKind

_PLAYED = {ResultKind.PLAYED_WIN: "1", ResultKind.PLAYED_DRAW: "&frac12;", ResultKind.PLAYED_LOSS: "0",
           ResultKind.FORFEIT_WIN: "+", ResultKind.FORFEIT_LOSS: "-", ResultKind.PENDING: ""}  # fmt: skip
_BYE = {ResultKind.PAB: "-1", ResultKind.FULL_BYE: "-1", ResultKind.HALF_BYE: "-&frac12;"}


def number(value: Fraction | None) -> str:
    """A value as the page prints it: decimal comma, no trailing zeros."""
    if value is None:
        return ""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",")


def page(
    t: spareggio.Tournament,
    legend: Sequence[str],
    values: Sequence[Mapping[int, Fraction | None]],
    ranks: Mapping[int, int],
    *,
    title: str = "Test Open 2026: Open A",
    date: str = "2026/06/01 to 2026/06/02",
    pending: frozenset[int] = frozenset(),
    ratings: bool = True,
) -> str:
    """The HTML of the page: ``values[k]`` holds column TBk+1 by start number; the players in
    ``pending`` show their last round's pairing without its result (a page saved while that round
    was played); without ``ratings``, no rating column (as some tournaments publish it)."""
    rounds = t.rounds
    head = ['<th class="CRc">No.</th>', '<th class="CRc">&nbsp;</th>', '<th class="CR"></th>',
            '<th class="CR">Name</th>', '<th class="CRr">Rtg</th>', '<th class="CR">FED</th>']  # fmt: skip
    if not ratings:
        del head[4]
    head += [f'<td class="CRc">{r + 1}.Rd</td>' for r in range(rounds)]
    head += ['<th class="CRc">Rk.</th>'] + [f'<th class="CRc">&nbsp;TB{k + 1}&nbsp;</th>' for k in range(len(values))]
    rows = [f'<tr class="CRng1b">{"".join(head)}</tr>']
    for i, p in enumerate(t.players):
        cells = [str(p.start_number), '<div class="tn_ITA"></div>', escape(p.title), escape(p.name),
                 str(p.rating or 0), escape(p.federation)]  # fmt: skip
        if not ratings:
            del cells[4]
        for r in range(rounds):
            kind = ResultKind(int(t.kind[i, r]))
            opp = int(t.opponent[i, r])
            if opp >= 0:
                colour = "w" if t.color[i, r] == Color.WHITE else "b"
                shown = "" if r == rounds - 1 and p.start_number in pending else _PLAYED[kind]
                cells.append(f"{t.players[opp].start_number:>3}{colour}{shown}")
            else:
                cells.append(_BYE.get(kind, "-0"))
        cells.append(str(ranks[p.start_number]))
        cells += [number(v.get(p.start_number)) for v in values]
        rows.append('<tr class="CRng2 ITA">' + "".join(f'<td class="CRc">{c}</td>' for c in cells) + "</tr>")
    return _html(title, date, rows, legend)


def ranking_page(
    t: spareggio.Tournament,
    legend: Sequence[str],
    values: Sequence[Mapping[int, Fraction | None]],
    ranks: Mapping[int, int],
    *,
    links: bool = True,
) -> str:
    """The "Final Ranking crosstable" without a start-number column: the rows in rank order, the rank
    first, the opponents named by their rank; with ``links``, each name links to the player's card
    with his start number (``...&snr=5``), as chess-results writes it."""
    head = ['<th class="CRc">Rk.</th>', '<th class="CR"></th>', '<th class="CR">Name</th>', '<th class="CRr">Rtg</th>',
            '<th class="CR">FED</th>'] + [f'<td class="CRc">{r + 1}.Rd</td>' for r in range(t.rounds)]  # fmt: skip
    head += [f'<th class="CRc">&nbsp;TB{k + 1}&nbsp;</th>' for k in range(len(values))]
    rows = [f'<tr class="CRng1b">{"".join(head)}</tr>']
    by_number = {p.start_number: i for i, p in enumerate(t.players)}
    for sno in sorted(ranks, key=lambda s: ranks[s]):
        i = by_number[sno]
        p = t.players[i]
        name = escape(p.name)
        if links:
            name = f'<a class="CRdb" href="tnr178799.aspx?lan=1&amp;art=9&amp;fed=ITA&amp;wi=821&amp;snr={sno}">{name}</a>'
        cells = [str(ranks[sno]), escape(p.title), name, str(p.rating or 0), escape(p.federation)]
        for r in range(t.rounds):
            kind = ResultKind(int(t.kind[i, r]))
            opp = int(t.opponent[i, r])
            if opp >= 0:
                colour = "w" if t.color[i, r] == Color.WHITE else "b"
                cells.append(f"{ranks[t.players[opp].start_number]:>3}{colour}{_PLAYED[kind]}")
            else:
                cells.append(_BYE.get(kind, "-0"))
        cells += [number(v.get(sno)) for v in values]
        rows.append('<tr class="CRng2 ITA">' + "".join(f'<td class="CRc">{c}</td>' for c in cells) + "</tr>")
    return _html("Test Open 2026: Open A", "2026/06/01 to 2026/06/02", rows, legend, heading="Final Ranking crosstable")


def _html(title: str, date: str, rows: list[str], legend: Sequence[str], heading: str = "Starting rank crosstable") -> str:
    annotation = "<br/>".join(f"Tie Break{k + 1}: {escape(item)}" for k, item in enumerate(legend))
    return (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Chess-Results Server Chess-results.com - "
        f"{escape(title)}</title></head><body>\n<h2>{escape(title)}</h2>\n"
        '<table class="CRs2"><tr><td class="CR">Location</td><td class="CR">Montebello</td></tr>\n'
        f'<tr><td class="CR">Date</td><td class="CR">{date}</td></tr></table>\n'
        f"<h2>{escape(heading)}</h2>\n"
        '<div><table class="CRs1" border="0" cellpadding="1" cellspacing="1">\n' + "\n".join(rows)
        + f'\n</table><p class="CR"><b>Annotation:</b><br/>{annotation}</p></div>\n'
        "<div>Chess-Tournament-Results-Server</div></body></html>\n"
    )


_GRID_CELL = {ResultKind.PLAYED_WIN: "1", ResultKind.PLAYED_DRAW: "&frac12;", ResultKind.PLAYED_LOSS: "0",
              ResultKind.FORFEIT_WIN: "+", ResultKind.FORFEIT_LOSS: "-"}  # fmt: skip


def grid_page(
    t: spareggio.Tournament,
    legend: Sequence[str],
    values: Sequence[Mapping[int, Fraction | None]],
    ranks: Mapping[int, int],
    *,
    title: str = "Test Closed 2026",
    date: str = "2026/06/01 to 2026/06/03",
) -> str:
    """The round-robin grid of a round robin: a row per player in start-number order, a column per
    start number, each cell the row player's results against the column player (two in a double
    round robin), the diagonal blank."""
    n = len(t.players)
    head = ['<th class="CRc">No.</th>', '<th class="CR"></th>', '<th class="CR">Name</th>',
            '<th class="CRr">Rtg</th>', '<th class="CR">FED</th>']  # fmt: skip
    head += [f'<th class="CRc">{k + 1}</th>' for k in range(n)]
    head += ['<th class="CRc">Pts.</th>', '<th class="CRc">Rk.</th>']
    head += [f'<th class="CRc">&nbsp;TB{k + 1}&nbsp;</th>' for k in range(len(values))]
    rows = [f'<tr class="CRng1b">{"".join(head)}</tr>']
    standings = spareggio.rank(t, ["PTS"], rules="fide-2026")
    for i, p in enumerate(t.players):
        cells = [str(p.start_number), escape(p.title), escape(p.name), str(p.rating or 0), escape(p.federation)]
        for j in range(n):
            games = [int(r) for r in range(t.rounds) if int(t.opponent[i, r]) == j]
            cells.append("" if i == j else "".join(_GRID_CELL[ResultKind(int(t.kind[i, r]))] for r in games))
        cells.append(number(standings.row_of(p.start_number).points))
        cells.append(str(ranks[p.start_number]))
        cells += [number(v.get(p.start_number)) for v in values]
        rows.append('<tr class="CRng2">' + "".join(f'<td class="CRc">{c}</td>' for c in cells) + "</tr>")
    return _html(title, date, rows, legend, heading="Final Ranking crosstable")


def not_paired_page(rows: Sequence[Sequence[str]], rounds: int) -> str:
    """chess-results' "not paired" list: the players left out of a round (``*``), given a bye
    (``bye``) or a zero-point forfeit (``0F``), round by round, and no game."""
    heads = ["SNo", "", "Name", "Rtg", "FED", *(f"{r + 1}.Rd" for r in range(rounds))]
    head = "".join(f'<th class="CRc">{escape(h)}</th>' for h in heads)
    body = ["<tr>" + "".join(f'<td class="CRc">{escape(c)}</td>' for c in row) + "</tr>" for row in rows]
    return _html("Test Open 2026", "2026/06/01", [f"<tr>{head}</tr>", *body], [], heading="not paired")


def other_page(heads: Sequence[str], heading: str) -> str:
    """A chess-results page of another kind (pairings, starting rank, ranking list): its table's
    header and one row."""
    head = "".join(f'<th class="CR">{escape(h)}</th>' for h in heads)
    row = "".join(f'<td class="CR">{k + 1}</td>' for k in range(len(heads)))
    return _html("Test Open 2026", "2026/06/01", [f"<tr>{head}</tr>", f"<tr>{row}</tr>"], [], heading=heading)
