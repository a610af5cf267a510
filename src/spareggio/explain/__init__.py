"""Explanations: every tie-break value of a player shown round by round, as an arbiter justifies it.

An explanation is built **only** from the records that produced the standings: the
:class:`~spareggio.tiebreaks.records.Record` rows of every tie-break (the
:class:`~spareggio.tiebreaks.base.Contributions` of the opponent-score tie-breaks seen as one
:class:`~spareggio.tiebreaks.records.RecordTable`), the opponent view and the rule set those records
were built from (adjusted scores, the article a footnote cites), and the steps recorded by group
tie-breaks.  Nothing is computed a second time.

The package: :mod:`.results` (what an explanation holds), :mod:`.lookup` (which player is meant),
:mod:`.wording` (the words), :mod:`.build` (from the standings' records).  Rendering them as text,
JSON and pages is :mod:`spareggio.render.explanation` and :mod:`spareggio.render.html`.
"""

from .build import explain_all, explain_player, explain_versus
from .lookup import check_language, find_player
from .results import Explanations, Footnote, PlayerExplanation, RoundLine, TiebreakExplanation, Versus

__all__ = [
    "Explanations",
    "Footnote",
    "PlayerExplanation",
    "RoundLine",
    "TiebreakExplanation",
    "Versus",
    "check_language",
    "explain_all",
    "explain_player",
    "explain_versus",
    "find_player",
]
