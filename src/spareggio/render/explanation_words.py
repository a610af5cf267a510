"""The headings and context lines of explanations, said in the language they are rendered in
(:mod:`.explanation` as text, :mod:`.html` as pages)."""

from __future__ import annotations

from ..base.i18n import Text, localize, warning_body
from ..core.messages import message
from ..explain import PlayerExplanation, TiebreakExplanation

__all__ = ["context_lines", "input_heading"]


def input_heading(tb: TiebreakExplanation, lang: str) -> str:
    """The heading of the input column: what the rule uses in this tie-break."""
    code = tb.rounds[0].input_code if tb.rounds else "opponent_score"
    return message(lang, "score") if code == "opponent_score" else message(lang, f"in.{code}")


def context_lines(e: PlayerExplanation, lang: str | None = None) -> list[str]:
    """The standings an explanation is about, in its language: the rule set and why, the round,
    the assumption the rule set rests on (if any) and the tie-break list."""
    lang = lang or e.lang
    return [
        message(
            lang,
            "rules",
            rules=e.rules,
            reason=localize(e.rules_reason, lang),
            after_round=e.after_round,
        ),
        *(
            [localize(Text("WARNING: {text}", "table", text=warning_body(e.rules_warning, lang)), lang)]
            if e.rules_warning
            else []
        ),
        *(
            [message(lang, "context_tiebreaks", tiebreaks=", ".join(e.standings_tiebreaks))]
            if e.standings_tiebreaks
            else []
        ),
        *(localize(note, lang) for note in e.decisions),
    ]
