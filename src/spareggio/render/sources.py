"""Where the standings' facts come from, in words: the tie-break list's source as the JSON outputs
have always written it (English words kept beside the stable code, so that their schema stays the
same)."""

from __future__ import annotations

from ..standings import ListSource

__all__ = ["list_source_words"]

_LIST_SOURCE_WORDS = {
    ListSource.FILE: "file (record 212/202)",
    ListSource.CALLER: "given by the caller",
    ListSource.RULE_SET: "usual list of the {rules} rule set",
    ListSource.DEFAULT_SWISS: "default for Swiss events",
    ListSource.DEFAULT_ROUND_ROBIN: "default for round robins",
    ListSource.DEFAULT_TEAM: "default for team events",
}


def list_source_words(source: ListSource, rules: str) -> str:
    """Where a tie-break list comes from, in the JSON's English words; ``rules`` is the label of the
    rule set applied (``fide-2026:vur=score``), named for the rule set's usual list."""
    return _LIST_SOURCE_WORDS[ListSource(source)].format(rules=rules.split(":", 1)[0])
