"""What an explanation is: the rounds, footnotes and lines of every tie-break of a player, ready to
render (:mod:`spareggio.render.explanation`), built by :mod:`.build` from the standings' records.
Every sentence is a :class:`~spareggio.base.i18n.Text` (English, with its template and values; the
numbers among the values are :class:`~spareggio.base.numbers.Shown`, numbers still): the renderers say it
in the asked language, numbers included."""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction

from ..base.classes import dataclass
from ..base.i18n import Text
from ..tiebreaks.records import Record

__all__ = [
    "Encounter",
    "Explanations",
    "Footnote",
    "GroupExamination",
    "PlayerExplanation",
    "RoundLine",
    "TiebreakExplanation",
    "Versus",
]


@dataclass(frozen=True)
class Encounter:
    """What a member of a tied group scored against another (C.07 6: Direct Encounter)."""

    player: int
    opponent: int
    """Start numbers."""
    points: Fraction
    """The points scored, averaged over repeated meetings."""
    games: int


@dataclass(frozen=True)
class GroupExamination:
    """One examination of a tied group by a group tie-break (Direct Encounter, C.07 6.2/6.3)."""

    members: tuple[int, ...]
    """The start numbers of the group."""
    encounters: tuple[Encounter, ...]
    points_among: tuple[tuple[int, Fraction], ...]
    """Every member's points against the others (start number, points)."""
    unmet: tuple[tuple[int, int], ...]
    """How many members each member did not meet (start number, count)."""
    all_met: bool
    """Whether every member met every other (6.2), else 6.3 applies."""
    order: tuple[tuple[int, ...], ...]
    """The order found: sub-groups of start numbers, first to last (a sub-group is still tied)."""

    @property
    def step(self) -> str:
        """The article applied: 6.2 when all met, else 6.3."""
        return "6.2" if self.all_met else "6.3"


@dataclass(frozen=True)
class RoundLine:
    """One round of one tie-break, ready to print."""

    round: int
    colour: Text
    opponent: int | None
    opponent_name: str
    kind: Text
    result: str
    """The result's sign (``1``, ``½``, ``+`` ...), or its points as a :class:`Text` said when rendered."""
    score: Fraction | None
    factor: Fraction | None
    contribution: Fraction | None
    counted: bool
    vur: bool
    note: Text
    cut: Text
    input_code: str = "opponent_score"
    """What ``score`` holds (the input the rule uses): a stable code, see docs/explain-json.md."""
    why: str = "counted"
    """Why the round counts or not: a stable code (:class:`~spareggio.tiebreaks.records.Why`)."""
    kind_code: str = ""
    """The unplayed round's kind as a stable code (``half_point_bye``), empty for a game played."""
    detail: str = ""
    """A stable code for a contribution that is not simply the input (``less_a_win``), else empty."""
    colour_code: str = ""
    """``white`` or ``black`` (``colour`` is the letter in the explanation's language), empty when
    no colour applies."""


@dataclass(frozen=True)
class Footnote:
    """A note under an explanation: the rounds where a player's points were counted otherwise."""

    ref: str
    start_number: int
    name: str
    actual: Fraction
    adjusted: Fraction
    rounds: tuple[tuple[int, str, Fraction, Fraction], ...]
    """(round, kind, points received, value counted)."""
    text: Text


@dataclass
class TiebreakExplanation:
    """How one tie-break value of a player is made, round by round."""

    label: str
    code: str
    name: Text
    article: str
    value: Fraction | None
    description: str
    rounds: list[RoundLine] = field(default_factory=list)
    sum_line: str = ""
    """The sum as numbers (``1 + 2 = 3``) or how the value is made: a :class:`Text` (empty: none)."""
    removed_line: str = ""
    """The cut values taken from the sum (``50.5 - 4 = 46.5``): a :class:`Text` (empty: no cut)."""
    cut_line: str = ""
    """The sum with the cut terms as 0: a :class:`Text` (empty: no cut)."""
    footnotes: list[Footnote] = field(default_factory=list)
    lines: list[Text] = field(default_factory=list)
    """Free explanation lines (group tie-breaks, adjusted scores, details of other tie-breaks)."""
    aggregate: str = "sum"
    """How the counted contributions make the value (:class:`~spareggio.tiebreaks.records.Aggregate`)."""
    sum_label: str = "sum"
    """The message key of the label before ``sum_line``."""
    exact: Fraction | None = None
    """The exact value before the rounding a rule prescribes (ARO, APRO, APPO, TPR's ARO)."""
    groups: list[GroupExamination] = field(default_factory=list)
    """Group tie-breaks: every examination of a tied group the player was in."""
    rules_view: str = ""
    """The rule set whose view of unplayed rounds the records were built from."""
    version: str = ""
    """The rule set of a criterion with its own rule version (``BH/V2024``: ``fide-2024``), else empty."""
    footnotes_heading: str = "footnotes"
    """The message key of the heading above the footnotes (it cites the rule of ``rules_view``)."""
    elements: list[Record] = field(default_factory=list)
    """The records of a tie-break that is not per round (the player's own rating or number)."""


@dataclass
class PlayerExplanation:
    """Every tie-break value of one player, explained."""

    start_number: int
    name: str
    rank: str
    points: Fraction
    rules: str
    rules_reason: Text
    after_round: int
    lang: str
    tiebreaks: list[TiebreakExplanation]
    rules_warning: str | None = None
    """The assumption the rule set rests on (a missing or ambiguous start date), shown at the top."""
    place: int = 0
    """The player's rank as a number (``rank`` is the place as printed: ``"3-4"`` when shared)."""
    tournament: str = ""
    """The tournament's name, heading every explanation."""
    standings_tiebreaks: list[str] = field(default_factory=list)
    """The tie-break list of the standings explained, in order (the explanation may show fewer)."""
    decisions: list[str] = field(default_factory=list)
    """The decisions that placed the player (a playoff, the arbiter, a lot, his exclusion)."""


class Explanations(list[PlayerExplanation]):
    """Every player's explanation in standings order: what ``spareggio explain --all`` writes."""

    def __init__(self, explanations: list[PlayerExplanation], tournament: str = "") -> None:
        super().__init__(explanations)
        self.tournament = tournament


@dataclass
class Versus:
    """Two players side by side: which tie-break decides between them, and why."""

    a: PlayerExplanation
    b: PlayerExplanation
    relation: str
    """``above``, ``below`` or ``level``."""
    equal: list[str]
    deciding: str | None
    lines: list[Text]
