"""The rule-set interface: how unplayed rounds count, for the player and for the opponents.

A rule set answers two questions for the opponent-score tie-breaks (Buchholz, Sonneborn-Berger,
Fore Buchholz and everything built on them):

1. :meth:`RuleSet.opponent_view`: the score with which each participant counts when it appears as
   somebody's opponent (C.07 16.3 "adjusted score"), round by round, so that explanations can show
   which rounds were re-valued;
2. :meth:`RuleSet.elements`: for every (player, round) the *element* of the player's tie-break: the
   score that counts (``key``: an opponent's score or a dummy/virtual opponent's), the factor for
   Sonneborn-Berger (the points scored), whether the round is a voluntary unplayed round, and where
   the key came from (:class:`Source`).

Cutting (C.07 Art. 14 and 16.5) is shared by every rule set; a rule set only says whether the
16.5 preference for voluntary unplayed rounds applies (:meth:`RuleSet.vur_priority`).
"""

from __future__ import annotations

import copy
import datetime as _dt
import enum
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..base.errors import UnknownRulesetError
from ..base.i18n import msg
from ..core.frame import Frame
from ..core.model import IntMatrix, IntVector

if TYPE_CHECKING:
    from ..core.programs import Program  # a profile's program, read when profiles are built

__all__ = [
    "Elements",
    "OpponentView",
    "RuleOption",
    "RuleSet",
    "Source",
    "VurSelection",
    "round_robin_elements",
]


class Source(enum.IntEnum):
    """Where the score (key) of one element comes from."""

    NONE = 0
    """No element: the round is not part of the tie-break."""
    OPPONENT = 1
    """A game played over the board: the opponent's score as the rule set sees it."""
    FORFEIT_AS_PLAYED = 2
    """A forfeit counted as a game against the scheduled opponent (round robin, ``/P``, Italian)."""
    DUMMY_OWN = 3
    """Own unplayed round: a dummy opponent with the player's own score (C.07 16.4)."""
    DUMMY_CAP_OPPONENT = 4
    """Own forfeit: the dummy's score capped at the scheduled opponent's adjusted score (16.4.1, 2026)."""
    DUMMY_CAP_ROUNDS = 5
    """Own bye or absence: the dummy's score capped at rounds × draw (16.4.2, 2026)."""
    VIRTUAL = 6
    """FIDE 2009: a virtual opponent (score before the round, opposite result, draws afterwards)."""
    SELF_DRAW = 7
    """Legacy rule: the unplayed round is a draw against oneself (own tie-break score)."""
    ZERO_OPPONENT = 8
    """Italian variant: a bye is a game against an opponent with zero points."""
    UNPLAYED_ZERO = 9
    """US Chess: an own unplayed game counts as an opponent with zero points."""


class VurSelection(enum.Enum):
    """Which voluntary unplayed round C.07 16.5.1 compares with the least significant value."""

    CONTRIBUTION = "contribution"
    """The VUR with the smallest contribution (text of 16.5.1; seed 002, example 5)."""
    SCORE = "score"
    """The VUR with the smallest (dummy score, contribution), as the FIDE reference program does."""


@dataclass(frozen=True, eq=False)
class OpponentView:
    """How every participant counts as an opponent (C.07 16.3)."""

    score: IntVector
    """The adjusted score of every player, in units."""
    round_value: IntMatrix
    """What each round contributes to that score, in units."""
    revalued: npt.NDArray[np.bool_]
    """Rounds whose value differs from the points actually received (e.g. 16.2.5 draws)."""


@dataclass(frozen=True, eq=False)
class Elements:
    """The elements of the opponent-score tie-breaks for every (player, round)."""

    key: IntMatrix
    """The score that counts in the round (opponent's or dummy's), in units."""
    factor: IntMatrix
    """The Sonneborn-Berger factor: the points that count as scored in the round, in units."""
    present: npt.NDArray[np.bool_]
    """Whether the round is an element at all (round-robin free rounds, naive unplayed rounds are not)."""
    vur: npt.NDArray[np.bool_]
    """Voluntary unplayed rounds (C.07 16.1.2), for the 16.5 cut preference."""
    source: npt.NDArray[np.int8]
    """A :class:`Source` per element."""
    own: IntVector
    """The player's own score used for dummies, in units."""
    cap: IntMatrix
    """The cap that bounded a dummy (16.4), or -1."""


@dataclass(frozen=True)
class RuleOption:
    """A documented alternative reading of an ambiguous text, selectable as ``name:key=value``."""

    key: str
    choices: tuple[str, ...]
    default: str
    description: str


class RuleSet:
    """One convention for unplayed rounds.  Subclasses override the two ``swiss_*`` methods.

    Where the texts admit more than one reading, a rule set declares :class:`RuleOption` values and
    :meth:`configure` returns a copy using another reading (``fide-2026:vur=score``).
    """

    name: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""
    source: str = ""
    effective_from: _dt.date | None = None
    effective_to: _dt.date | None = None
    description: str = ""
    round_robin_as_played: bool = True
    """Apply C.07 Art. 15 in round robins: forfeits are games, the free round is ignored."""
    revaluation_note: str = "fn.reason.unplayed_draw"
    """Message key that says why opponents' rounds were re-valued (see :mod:`spareggio.core.messages`)."""
    footnotes_heading: str = "footnotes"
    """The message key of the heading above the adjusted scores an explanation lists (it cites
    the article that adjusts them)."""
    options: tuple[RuleOption, ...] = ()
    vur_selection: VurSelection = VurSelection.CONTRIBUTION
    program: Program | None = None
    """The program whose computation this rule set reproduces (a profile), else None."""
    base: str | None = None
    """A profile's underlying rule set (``fide-2026``)."""
    continuation: tuple[str, ...] = ()
    """Criteria a profile's program applies after the list, unprinted (``TPN``)."""
    usual_tiebreaks: tuple[str, ...] = ()
    """The list this rule set ranks individual events by when neither the caller nor the file
    names one (the Italian rules: Buchholz cut 1); empty: the default for the kind of event."""

    def __init__(self) -> None:
        self.settings: dict[str, str] = {o.key: o.default for o in self.options}

    @property
    def label(self) -> str:
        """The name with every non-default option, e.g. ``fide-2026:vur=score``."""
        changed = [
            f"{o.key}={self.settings[o.key]}" for o in self.options if self.settings[o.key] != o.default
        ]
        return self.name + (":" + ",".join(changed) if changed else "")

    def configure(self, **settings: str) -> RuleSet:
        """A copy of this rule set with other readings selected."""
        other = copy.copy(self)
        other.settings = dict(self.settings)
        known = {o.key: o for o in self.options}
        for key, value in settings.items():
            option = known.get(key)
            if option is None:
                names = ", ".join(known) or "none"
                raise UnknownRulesetError(
                    msg(
                        "rule set {name} has no option {key!r}; options: {names}",
                        name=self.name,
                        key=key,
                        names=names,
                    )
                )
            if value not in option.choices:
                raise UnknownRulesetError(
                    msg(
                        "rule set {name}: option {key} must be one of {items}, not {value!r}",
                        name=self.name,
                        key=key,
                        items=", ".join(option.choices),
                        value=value,
                    )
                )
            other.settings[key] = value
        other._apply_settings()
        return other

    def _apply_settings(self) -> None:
        """Hook for subclasses: turn ``self.settings`` into attributes."""

    def opponent_view(self, frame: Frame) -> OpponentView:
        if frame.is_round_robin and self.round_robin_as_played:
            return plain_view(frame)
        return self.swiss_opponent_view(frame)

    def elements(self, frame: Frame, view: OpponentView, *, forfeits_as_played: bool = False) -> Elements:
        if frame.is_round_robin and self.round_robin_as_played:
            return round_robin_elements(frame, view)
        return self.swiss_elements(frame, view, forfeits_as_played=forfeits_as_played)

    def vur_priority(self, frame: Frame) -> bool:
        """Whether C.07 16.5 (cut voluntary unplayed rounds first) applies."""
        return False

    # -- to override -------------------------------------------------------------------------------
    def swiss_opponent_view(self, frame: Frame) -> OpponentView:
        raise NotImplementedError

    def swiss_elements(self, frame: Frame, view: OpponentView, *, forfeits_as_played: bool) -> Elements:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"find_ruleset({self.label!r})"


# -- shared building blocks ------------------------------------------------------------------------


def plain_view(frame: Frame) -> OpponentView:
    """Opponents count with their actual score."""
    return OpponentView(
        score=frame.total,
        round_value=frame.scores,
        revalued=np.zeros(frame.points.shape, dtype=bool),
    )


def opponent_keys(frame: Frame, score: IntVector) -> IntMatrix:
    """``score[opponent]`` where there is an opponent, else 0.

    One gather from the scores with a 0 appended: "no opponent" is -1, which indexes that 0."""
    padded = np.append(np.asarray(score, dtype=np.int64), 0)
    keys: IntMatrix = padded[frame.opponent]
    return keys


def round_robin_elements(frame: Frame, view: OpponentView) -> Elements:
    """C.07 Art. 15: every scheduled game (forfeits included) counts against the scheduled opponent
    with its actual score; rounds without an opponent (the free round) are not elements."""
    has_opp = frame.has_opponent
    key = opponent_keys(frame, view.score)
    source = np.where(frame.played, Source.OPPONENT, np.where(has_opp, Source.FORFEIT_AS_PLAYED, Source.NONE))
    return Elements(
        key=np.where(has_opp, key, 0),
        factor=frame.points,
        present=has_opp,
        vur=np.zeros(has_opp.shape, dtype=bool),
        source=source.astype(np.int8),
        own=frame.total,
        cap=np.full(has_opp.shape, -1, dtype=np.int64),
    )
