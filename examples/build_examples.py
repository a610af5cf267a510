"""Rebuild the bundled example tournaments from the synthetic generator: two TRF files, the open
again as a Vega ``.tdf`` and the round robin again as PGN (the same events in other formats).

Run from the repository root::

    python examples/build_examples.py

The events are invented: the generator draws the players, pairings and results from a fixed seed,
and this script adds the header records a tournament director would write (name, place, arbiters,
round dates) and the final ranks under the tie-breaks of each event.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import spareggio
from spareggio.generate import generate
from spareggio.io.pgn import write_pgn
from spareggio.io.vega_tdf import write_tdf

HERE = Path(__file__).resolve().parent

OPEN_TIEBREAKS = ("BH/C1", "BH", "SB")
CLOSED_TIEBREAKS = ("DE", "SB", "KS")


def round_dates_record(dates: list[dt.date]) -> str:
    """Record 132: the date of round r as ``YY/MM/DD`` in columns ``92 + 10(r-1)`` onwards."""
    return "132" + " " * 88 + "  ".join(f"{d:%y/%m/%d}" for d in dates)


def with_ranks(
    t: spareggio.Tournament, tiebreaks: tuple[str, ...], rules: str | None = None
) -> spareggio.Tournament:
    """The tournament with the rank column filled from its standings (ties by start number), under
    ``rules`` (default: the rule set of its start date)."""
    rows = spareggio.rank(t, list(tiebreaks), rules=rules).rows
    rank = {row.index: place for place, row in enumerate(rows, start=1)}
    players = tuple(dataclasses.replace(p, rank=rank[i]) for i, p in enumerate(t.players))
    return dataclasses.replace(t, players=players)


def trf_text(t: spareggio.Tournament, headers: list[str]) -> str:
    """The given header records followed by the ``001`` records of :func:`spareggio.io.trf.write_trf`."""
    players = [line for line in spareggio.io.trf.write_trf(t).splitlines() if line.startswith("001")]
    return "\n".join([*headers, *players]) + "\n"


def open_2026() -> str:
    """A 9-round Swiss open with byes of every kind, forfeits, a double forfeit and withdrawals."""
    start = dt.date(2026, 4, 18)
    t = generate(
        51,
        9,
        13,
        half_bye_rate=0.015,
        zero_bye_rate=0.008,
        forfeit_rate=0.012,
        double_forfeit_share=0.3,
        withdrawal_rate=0.04,
        start_date=start,
        name="Open Internazionale Città di Montebello 2026",
        city="Montebello Vicentino",
        rating_range=(1350, 2640),
    )
    t = with_ranks(dataclasses.replace(t, end_date=dt.date(2026, 4, 25)), OPEN_TIEBREAKS)
    days = [0, 1, 1, 2, 3, 4, 5, 6, 7]  # one double round on the second day
    headers = [
        f"012 {t.name}",
        f"022 {t.city}",
        "032 ITA",
        "042 2026/04/18",
        "052 2026/04/25",
        f"062 {t.n_players}",
        f"072 {sum(p.rating is not None for p in t.players)}",
        "092 Individual: Swiss-System",
        "102 IA Bortolan, Giorgio",
        "112 FA Cerutti, Sara",
        "122 90 min + 30 sec/move from move 1",
        round_dates_record([start + dt.timedelta(days=d) for d in days]),
        "142 9",
    ]
    return trf_text(t, headers)


def closed_rr_2026() -> str:
    """A 10-player round robin (Berger tables) with one forfeit."""
    start = dt.date(2026, 5, 9)
    t = generate(
        10,
        9,
        0,
        round_robin=True,
        forfeit_rate=0.02,
        double_forfeit_share=0.0,
        start_date=start,
        name="Torneo Magistrale Chiuso di Asolo 2026",
        city="Asolo",
        rating_range=(2150, 2480),
    )
    t = with_ranks(t, CLOSED_TIEBREAKS)
    headers = [
        f"012 {t.name}",
        f"022 {t.city}",
        "032 ITA",
        "042 2026/05/09",
        "052 2026/05/17",
        "062 10",
        "072 10",
        "092 Individual: Round-Robin",
        "102 FA Zambon, Ilaria",
        "122 90 min + 30 sec/move from move 1",
        round_dates_record([start + dt.timedelta(days=d) for d in range(9)]),
        "142 9",
    ]
    return trf_text(t, headers)


def main() -> None:
    open_trf, closed_trf = open_2026(), closed_rr_2026()
    (HERE / "open-2026.trf").write_text(open_trf, encoding="utf-8", newline="\n")
    (HERE / "closed-rr-2026.trf").write_text(closed_trf, encoding="utf-8", newline="\n")
    # the same events as an arbiter may hold them: Vega's export of the open (ranked as Vega ranks,
    # under the 2009 virtual opponent), the round robin's games
    vega_ranked = with_ranks(spareggio.io.trf.parse_trf(open_trf), OPEN_TIEBREAKS, rules="vega-2009")
    open_tdf = write_tdf(vega_ranked, tiebreaks=OPEN_TIEBREAKS)
    (HERE / "open-2026.tdf").write_text(open_tdf, encoding="utf-8", newline="\n")
    (HERE / "closed-rr-2026.pgn").write_text(
        write_pgn(spareggio.io.trf.parse_trf(closed_trf)), encoding="utf-8", newline="\n"
    )


if __name__ == "__main__":
    main()
