"""Where the standings' facts come from, in words: why the event is Swiss or round robin and where
the tie-break list comes from, as the JSON outputs have always written them (English words kept
beside the stable codes, so that their schema stays the same)."""

from __future__ import annotations

from ..core.model import BoardsSource, KindSource
from ..standings import ListSource

__all__ = ["boards_source_words", "kind_source_words", "list_source_words"]

_BOARDS_SOURCE_WORDS = {
    BoardsSource.RECORD_352: "file (record 352)",
    BoardsSource.MOST_FIELDED: "most boards fielded in a match",
}


def boards_source_words(source: BoardsSource) -> str:
    """Where the boards of a team match come from, in the JSON's English words."""
    return _BOARDS_SOURCE_WORDS[BoardsSource(source)]

_INFERRED_WORDS = {
    "all-paired": "inferred (everyone was paired with everyone)",
    "not-all-paired": "inferred (not everyone was paired with everyone)",
}

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


def kind_source_words(source: KindSource, basis: str) -> str:
    """Why an event is Swiss or round robin, in the JSON's English words (``file (record 092)``,
    ``inferred (everyone was paired with everyone)``, ``option``)."""
    if source is KindSource.INFERRED and basis in _INFERRED_WORDS:
        return _INFERRED_WORDS[basis]
    return f"{source.value} ({basis})" if basis else source.value
