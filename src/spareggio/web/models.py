"""The shapes of the HTTP API's JSON answers, for its documentation (``/openapi.json``, ``/docs``).

The answers themselves are the library's JSON renderers' (the same documents the command line
writes); these models describe them, field by field where a client reads them, and allow the fields
a document adds for some events (a team event's match points, an explanation's records).
``tests/test_web_api_docs.py`` validates real answers against them, so they cannot drift."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CheckAnswer",
    "ComparisonAnswer",
    "CrosstableAnswer",
    "ErrorAnswer",
    "ExplanationAnswer",
    "PrizesAnswer",
    "StandingsAnswer",
    "VersusAnswer",
]

Number = int | float
"""A value as JSON writes it: an integer when it is whole."""


class _Open(BaseModel):
    """A JSON object with the fields below and possibly more."""

    model_config = ConfigDict(extra="allow")


class ErrorAnswer(BaseModel):
    """Every error: a 4xx status and one line in the language asked (``lang``)."""

    error: str = Field(description="What is wrong and where (file:line:column for a file's error)")


class EventInfo(_Open):
    name: str
    rounds: int
    kind: str = Field(description="swiss or round-robin")
    players: int
    pending_round: int | None = None


class StandingRow(_Open):
    rank: int
    place: str = Field(description="The place, shared places as 3-4")
    start_number: int
    name: str
    title: str
    rating: int | None
    federation: str
    points: Number
    tiebreaks: dict[str, Number | None] = Field(description="Each tie-break of the list by its label")


class StandingsAnswer(_Open):
    """The standings document (``spareggio standings --format json``)."""

    schema_: int = Field(alias="schema")
    tournament: EventInfo
    rules: str = Field(description="The rule set for unplayed rounds")
    rules_reason: str = Field(description="Why this rule set applies")
    rules_warning: str | None
    after_round: int
    tiebreaks: list[str] = Field(description="The list, in order")
    tiebreaks_source: str
    tiebreaks_source_code: str
    standings: list[StandingRow]
    warnings: list[str]


class ExplainedPlayer(_Open):
    start_number: int
    name: str
    rank: int
    place: str
    points: Number


class ExplainedRound(_Open):
    round: int
    opponent: int | None
    result: str
    contribution: Number | None
    counted: bool
    why: str = Field(description="Why the round counts this way, in words")


class ExplainedTiebreak(_Open):
    label: str
    code: str
    name: str
    article: str = Field(description="The article of the FIDE rules that defines it")
    value: Number | None
    rounds: list[ExplainedRound]


class ExplanationAnswer(_Open):
    """A player's tie-breaks round by round (``spareggio explain``)."""

    schema_: int = Field(alias="schema")
    tournament: str
    player: ExplainedPlayer
    rules: str
    rules_reason: str
    after_round: int
    standings_tiebreaks: list[str]
    lang: str
    tiebreaks: list[ExplainedTiebreak]


class VersusAnswer(_Open):
    """Why one player is above another (``spareggio explain --versus``)."""

    schema_: int = Field(alias="schema")
    tournament: str
    a: int
    b: int
    relation: str
    deciding: str | None
    lines: list[str] = Field(description="The comparison in sentences")
    explanations: list[ExplanationAnswer]


class ComparedPlayer(_Open):
    start_number: int
    name: str
    points: Number
    ranks: dict[str, int] = Field(description="The rank under each rule set")
    places: dict[str, str]
    tiebreaks: dict[str, dict[str, Number | None]]
    rank_differs: bool
    value_differs: bool


class ComparisonAnswer(_Open):
    """The ranking under several rule sets (``spareggio compare``)."""

    schema_: int = Field(alias="schema")
    tournament: EventInfo | dict[str, str | int]
    rules: list[str]
    tiebreaks: list[str]
    players: list[ComparedPlayer]
    summary: list[str]


class Mismatch(_Open):
    start_number: int
    name: str
    declared_rank: int
    computed_rank: int


class CheckedFile(_Open):
    file: str
    status: str = Field(description="agree, differs, no-ranks or error")
    rules: str | None = None
    tiebreaks: list[str] = []
    mismatches: list[Mismatch] = []
    inferred_text: str = ""
    error: str | None = None


class CheckSummary(BaseModel):
    files: int
    agree: int
    differs: int
    no_ranks: int = Field(alias="no-ranks")
    error: int
    seconds: float


class CheckAnswer(_Open):
    """The check report (``spareggio check --format json``, schema 1)."""

    schema_: int = Field(alias="schema")
    files: list[CheckedFile]
    summary: CheckSummary


class PrizeHolder(_Open):
    start_number: int
    name: str
    place: str
    points: str


class Award(_Open):
    category: str
    category_name: str
    place: int | None = Field(description="The prize's place in its category; none for a prize without one")
    amount: str = Field(description="A decimal amount as text")
    holder: PrizeHolder | None
    paid: str | None = Field(description="What the holder is paid; none when nobody holds it")
    shared_with: list[int]
    why: list[str] = Field(description="The reasons, in sentences")


class Payout(_Open):
    start_number: int
    name: str
    total: str


class PrizesAnswer(_Open):
    """The prize list with every award's reasons (``spareggio prizes --format json``)."""

    tournament: str
    rules: str
    tiebreaks: list[str]
    currency: str
    sharing: str
    awards: list[Award]
    payouts: list[Payout]
    notes: list[str]


class CrossCellModel(BaseModel):
    text: str = Field(description="The notation: +W19, =B3, -F5, PAB; 1, ½, 0 in a grid")
    meaning: str
    result: str | None = Field(description="The result's code from the row's side (played_win, ...)")


class CrossRowModel(BaseModel):
    place: str
    rank: int
    start_number: int
    title: str
    name: str
    federation: str
    rating: int | None
    cells: list[CrossCellModel]
    points: Number
    tiebreaks: dict[str, Number | None]


class CrosstableAnswer(BaseModel):
    """The crosstable (``spareggio crosstable --format json``)."""

    schema_: int = Field(alias="schema")
    tournament: str
    title: str
    lang: str
    grid: bool = Field(description="True: player against player; false: one column per round")
    after_round: int
    rules: str
    columns: list[str] = Field(description="Round numbers, or the grid's start numbers")
    tiebreaks: list[str]
    key: str = Field(description="How to read a cell, in words")
    rows: list[CrossRowModel]
