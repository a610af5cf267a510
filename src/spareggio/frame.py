"""The evaluation frame: a tournament as it stood after round R, as integer arrays.

Every tie-break is computed on a :class:`Frame`.  ``--after-round N`` is a frame of the first N
rounds, and Fore Buchholz is computed on the frame returned by :meth:`Frame.fore`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import numpy.typing as npt

from .errors import ArgumentError
from .i18n import msg
from .model import HAS_OPPONENT, PLAYED, IntMatrix, IntVector, ResultKind, Tournament, trailing_unpaired

__all__ = ["Frame"]


@dataclass(frozen=True, eq=False)
class Frame:
    """The arrays of the first ``rounds`` rounds of a tournament.

    Points are integers in units of ``1/unit`` (``unit`` = 2 for the usual 1 / ½ / 0 scoring).
    """

    tournament: Tournament
    rounds: int
    opponent: IntMatrix
    kind: npt.NDArray[np.int8]
    points: IntMatrix
    """Points of every (player, round), in units."""
    unit: int
    win: int
    draw: int
    loss: int
    is_round_robin: bool
    fore: bool = False
    """True for the Fore Buchholz hypothesis: the final round's paired games taken as draws."""
    notes: tuple[str, ...] = ()
    """What the user must know about the rounds taken (a round paired but not yet played)."""

    @classmethod
    def build(cls, t: Tournament, after_round: int | None = None) -> Frame:
        complete = t.complete_rounds
        pending = t.pending_round
        rounds = complete if after_round is None else after_round
        if after_round is not None and pending is not None and after_round == pending:
            raise ArgumentError(
                msg(
                    "--after-round {after_round}: round {pending} is paired but its results are not in the "
                    "file yet; standings can be computed after round {complete} at the latest",
                    after_round=after_round, pending=pending, complete=complete,
                )
            )  # fmt: skip
        if after_round is not None and not 1 <= after_round <= complete:
            raise ArgumentError(
                msg(
                    "--after-round {after_round} is out of range: the file holds rounds 1 to {complete}",
                    after_round=after_round, complete=complete,
                )
                if complete
                else msg(
                    "--after-round {after_round} is out of range: the file holds no played round",
                    after_round=after_round,
                )
            )  # fmt: skip
        notes: tuple[str, ...] = ()
        if pending is not None and after_round is None:
            missing = int((t.kind[:, pending - 1] == ResultKind.PENDING).sum()) // 2
            notes = (
                f"round {pending} is paired but {missing} of its games have no result yet: the standings "
                f"stand after round {complete}"
                + (
                    " (Fore Buchholz takes round " + str(pending) + "'s pairings as draws)"
                    if complete
                    else ""
                ),
            )
        kind = np.ascontiguousarray(t.kind[:, :rounds])
        if rounds < t.rounds:
            # a withdrawal is only known once no later round holds an entry for the player
            kind = kind.copy()
            withdrawn = kind == ResultKind.WITHDRAWN
            if withdrawn.any():
                kind[withdrawn] = ResultKind.ABSENT
                later_entry = (t.kind[:, rounds:] != ResultKind.WITHDRAWN).any(axis=1)
                kind[trailing_unpaired(kind) & ~later_entry[:, None]] = ResultKind.WITHDRAWN
        scoring = t.scoring
        table = scoring.points_table()
        unit = scoring.unit
        return cls(
            tournament=t,
            rounds=rounds,
            opponent=np.ascontiguousarray(t.opponent[:, :rounds]),
            kind=kind,
            points=table[kind.astype(np.intp)],
            unit=unit,
            win=int(scoring.win * unit),
            draw=int(scoring.draw * unit),
            loss=int(scoring.loss * unit),
            is_round_robin=t.is_round_robin,
            notes=notes,
        )

    @property
    def n_players(self) -> int:
        return int(self.kind.shape[0])

    @cached_property
    def total(self) -> IntVector:
        """Each player's score after the frame's last round, in units."""
        total: IntVector = self.points.sum(axis=1)
        return total

    @cached_property
    def has_opponent(self) -> npt.NDArray[np.bool_]:
        return HAS_OPPONENT[self.kind]

    @cached_property
    def played(self) -> npt.NDArray[np.bool_]:
        return PLAYED[self.kind]

    def with_fore(self) -> Frame:
        """The Fore Buchholz frame (C.07 8.3): every game paired in the final round counts as a
        played draw, forfeits included; byes in the final round keep their points.

        When the file's next round is paired but not yet played (a live export) and this frame
        stands after the last complete round, the final round is that next round: its pairings are
        the ones Fore Buchholz is meant for."""
        if self.fore:
            return self
        t = self.tournament
        if t.pending_round is not None and self.rounds == t.pending_round - 1:
            last = t.pending_round - 1
            kind = t.kind.copy()
            paired = HAS_OPPONENT[kind[:, last]]
            kind[paired, last] = ResultKind.PLAYED_DRAW
            table = t.scoring.points_table()
            return replace(
                self,
                rounds=t.rounds,
                opponent=np.ascontiguousarray(t.opponent),
                kind=kind,
                points=table[kind.astype(np.intp)],
                fore=True,
            )
        kind = self.kind.copy()
        points = self.points.copy()
        if self.rounds:
            last = self.rounds - 1
            paired = HAS_OPPONENT[kind[:, last]]
            kind[paired, last] = ResultKind.PLAYED_DRAW
            points[paired, last] = self.draw
        return replace(self, kind=kind, points=points, fore=True)
