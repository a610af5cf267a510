"""The standings as the two formats that are not a report: the printable page (``print``: the page
of :mod:`.publish`, shown in the browser to be printed) and the TRF file with the computed ranks
(``trf``), written as the event says the TRF writer can write it (:attr:`Event.trf_writing`): a
tournament whole, with the decisions and the list that ranked it; a team event's own file with its
team ranks in record 310."""

from __future__ import annotations

from ..base.errors import ArgumentError
from ..base.i18n import msg
from ..core.model import TrfWriting
from ..io.trf.writer import with_team_ranks, write_decided_trf
from ..standings import Standings
from .formats import RenderOptions, renderer
from .publish import standings_html

__all__ = ["standings_print", "standings_trf"]


@renderer(Standings, "print")
def standings_print(s: Standings, options: RenderOptions) -> str:
    """The print-ready page (:func:`spareggio.render.publish.standings_html`)."""
    return standings_html(s, options.lang)


@renderer(Standings, "trf")
def standings_trf(s: Standings, options: RenderOptions) -> str:
    """The event as TRF with the computed ranks: the tournament with the ranks in columns 86-89,
    the decisions that made them and the list used (what ``--save-trf`` writes, with the ranks), or
    the event's own TRF text with its ranks written in.

    :raises ArgumentError: for an event whose ranks go into its own TRF file, read from another format.
    """
    event = s.event
    if event.trf_writing is TrfWriting.WHOLE:
        return write_decided_trf(s, ranks=True)
    if event.trf_text is None:
        raise ArgumentError(
            msg("the TRF download of a team event writes its ranks into its TRF file: this file is not TRF")
        )
    return with_team_ranks(event.trf_text, {row.player.start_number: row.rank for row in s.rows})
