"""Cut and median modifiers (C.07 Art. 14) with the voluntary-unplayed-round rule (16.5).

All players are cut at once: each step picks one element per row with ``argmin``/``argmax`` over
the round axis.  Elements are ordered by ``(key, value)``: the lowest opponent (or dummy) score,
and among equal scores the lowest contribution (14.1.1 d).  Ties fall on the earliest round.
"""

from __future__ import annotations

import enum

import numpy as np
import numpy.typing as npt

from ..core.model import IntMatrix
from ..rules.base import VurSelection

__all__ = ["CutMark", "apply_cuts"]


class CutMark(enum.IntEnum):
    """Why an element was removed from a total."""

    KEPT = 0
    """Counted."""
    LOW = 1
    """The least significant value (Art. 14.1)."""
    LOW_VUR = 2
    """A voluntary unplayed round, removed before the least significant value (16.5)."""
    LOW_OVER_VUR = 3
    """The least significant value, removed because it is higher than the smallest VUR contribution
    (16.5: the higher of the two is cut)."""
    HIGH = 4
    """The most significant value (median, Art. 14.3-14.4)."""


_BIG = np.iinfo(np.int64).max


_LOW, _LOW_VUR, _LOW_OVER_VUR, _HIGH = (
    int(m) for m in (CutMark.LOW, CutMark.LOW_VUR, CutMark.LOW_OVER_VUR, CutMark.HIGH)
)
"""The marks as plain ints for the arrays: NumPy takes an ``int`` several times faster than an
``IntEnum`` member."""


def apply_cuts(
    key: IntMatrix,
    value: IntMatrix,
    present: npt.NDArray[np.bool_],
    vur: npt.NDArray[np.bool_],
    *,
    low: int,
    high: int,
    vur_priority: bool,
    vur_selection: VurSelection = VurSelection.CONTRIBUTION,
) -> npt.NDArray[np.int8]:
    """Mark the elements removed by ``low`` low cuts then ``high`` high cuts; returns a CutMark matrix.

    ``low`` cuts apply 16.5 each time when ``vur_priority``; the high side never does.  A player with
    fewer elements than cuts loses all of them.
    """
    n, rounds = key.shape
    cut = np.zeros((n, rounds), dtype=np.int8)
    if n == 0 or rounds == 0 or (low == 0 and high == 0):
        return cut
    alive = present.copy()
    scale = int(value.max(initial=0)) - int(value.min(initial=0)) + 1
    composite = key * scale + (value - int(value.min(initial=0)))
    rows = np.arange(n)
    vur_composite = composite if vur_selection is VurSelection.SCORE else value
    for _ in range(low):
        has = alive.any(axis=1)
        if not has.any():
            break
        ls = np.argmin(np.where(alive, composite, _BIG), axis=1)
        victim = ls
        mark = np.full(n, _LOW, dtype=np.int8)
        if vur_priority:
            alive_vur = alive & vur
            has_vur = alive_vur.any(axis=1)
            lv = np.argmin(np.where(alive_vur, vur_composite, _BIG), axis=1)
            take_vur = has_vur & (value[rows, lv] >= value[rows, ls])
            victim = np.where(take_vur, lv, ls)
            mark = np.where(
                take_vur,
                _LOW_VUR,
                np.where(has_vur & ~vur[rows, ls], _LOW_OVER_VUR, _LOW),
            ).astype(np.int8)
        r_idx, c_idx = rows[has], victim[has]
        cut[r_idx, c_idx] = mark[has]
        alive[r_idx, c_idx] = False
    for _ in range(high):
        has = alive.any(axis=1)
        if not has.any():
            break
        hs = np.argmax(np.where(alive, composite, -1), axis=1)
        r_idx, c_idx = rows[has], hs[has]
        cut[r_idx, c_idx] = _HIGH
        alive[r_idx, c_idx] = False
    return cut
