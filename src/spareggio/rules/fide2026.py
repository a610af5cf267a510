"""FIDE C.07 as in force from 1 March 2026 (approved by the FIDE Council on 2 February 2026)."""

from __future__ import annotations

import datetime as _dt

from .article16 import Article16

__all__ = ["Fide2026"]


class Fide2026(Article16):
    name = "fide-2026"
    aliases = ("fide2026", "fide", "c07-2026")
    title = "FIDE C.07 from 1 March 2026"
    source = "FIDE Handbook C.07, Tie-Break Regulations, in force from 1 March 2026, Articles 15-16"
    effective_from = _dt.date(2026, 3, 1)
    effective_to = None
    description = (
        "Adjusted scores for opponents (16.3); a dummy opponent on the player's own score for own "
        "unplayed rounds, capped at the scheduled opponent's adjusted score for forfeits (16.4.1) and at "
        "rounds x draw otherwise (16.4.2); voluntary unplayed rounds cut first (16.5)."
    )
    caps = True
