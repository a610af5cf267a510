"""Stage 4 of the TRF reader: the crosstable.  Start numbers, opponents, bye records (240), the two sides
of every game and the round paired but not yet played are checked over the whole crosstable at once
(the rules themselves are in :mod:`spareggio.core.crosstable`, shared with the JSON reader); pseudo-players
for the bye are left out.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...base.errors import (
    Diagnostic,
    Position,
    TrfConsistencyError,
    TrfSyntaxError,
)
from ...base.i18n import msg
from ...core.crosstable import (
    LEGAL,
    OTHER_SIDE,
    drop_players,
    early_pending,
    first_cell,
    game_sides,
)
from ...core.model import Color, ResultKind
from .columns import _FIRST_BLOCK
from .players import BoolMatrix, CharMatrix, IntMatrix, K, SmallMatrix, _Crosstable, _int_field
from .text import MAX_ROUNDS, MAX_START_NUMBER
from .writer import _CODE_OF_KIND, _SHORT_CODE


def _drop_pseudo(
    ct: _Crosstable,
    pseudo: npt.NDArray[np.bool_],
    opponent: IntMatrix,
    kind: SmallMatrix,
    color: SmallMatrix,
    short: BoolMatrix,
    code: CharMatrix,
    extra: dict[tuple[int, int], tuple[ResultKind, Position]],
    warnings: list[Diagnostic],
    where: str,
) -> tuple[
    _Crosstable, IntMatrix, SmallMatrix, SmallMatrix, BoolMatrix, CharMatrix,
    dict[tuple[int, int], tuple[ResultKind, Position]],
]:  # fmt: skip
    """Leave the pseudo-players out: a game against one becomes a pairing-allocated bye."""
    keep, renumbered, against = drop_players(pseudo, opponent)
    for i in np.flatnonzero(pseudo).tolist():
        player = ct.players[i]
        games = int((against & (opponent == i)).sum())
        warnings.append(
            Diagnostic(
                "pseudo-player",
                msg(
                    "player {start_number} {name!r} stands for the bye, not for a player: left out of the "
                    "standings and of every tie-break; the {games} game(s) against it read as pairing-allocated byes",
                    start_number=player.start_number,
                    name=player.name,
                    games=games,
                )
                if games
                else msg(
                    "player {start_number} {name!r} stands for the bye, not for a player: left out of the "
                    "standings and of every tie-break",
                    start_number=player.start_number,
                    name=player.name,
                ),
                Position(where, ct.lines[i], 1),
            )
        )
    kind = kind.copy()
    kind[against] = K.PAB
    code = np.where(against, ord("U"), code).astype(code.dtype)
    color = np.where(against, 0, color).astype(color.dtype)
    short = short & ~against
    new_index = {int(k): n for n, k in enumerate(keep.tolist())}
    kept = _Crosstable(
        players=[ct.players[k] for k in keep.tolist()],
        lines=[ct.lines[k] for k in keep.tolist()],
        opponent=ct.opponent[keep],
        color=ct.color[keep],
        kind=ct.kind[keep],
        short=ct.short[keep],
        code=ct.code[keep],
        cells=ct.cells[keep],
    )
    moved = {(new_index[i], r): v for (i, r), v in extra.items() if i in new_index}
    return kept, renumbered, kind[keep], color[keep], short[keep], code[keep], moved


def _check_pending(kind: SmallMatrix, opponent: IntMatrix, ct: _Crosstable, where: str) -> None:
    """Games without a result (paired, not yet played) may only stand in the file's last round."""
    found = early_pending(kind)
    if found is not None:
        i, r = found
        opp = ct.players[int(opponent[i, r])].start_number
        raise TrfSyntaxError(
            msg(
                "round {number}: a pairing with opponent {opp} has no result; only the last round of a file may be paired without results",
                number=r + 1,
                opp=opp,
            ),
            Position(where, ct.lines[i], _FIRST_BLOCK + 10 * r + 7),
        )


def _index_start_numbers(start: IntMatrix, ct: _Crosstable, where: str) -> IntMatrix:
    """Player index by start number (-1 where none); a start number used twice is an error."""
    order = np.argsort(start, kind="stable")
    ordered = start[order]
    repeats = np.flatnonzero(ordered[1:] == ordered[:-1]) + 1
    if repeats.size:
        i = int(order[repeats].min())  # the first line whose number appeared before
        first = ct.lines[int(order[np.searchsorted(ordered, start[i])])]
        raise TrfConsistencyError(
            msg("start number {value} is used twice (first on line {first})", value=start[i], first=first),
            Position(where, ct.lines[i], 5),
            related=Position(where, first, 5),
        )
    index = np.full(MAX_START_NUMBER + 1, -1, dtype=np.int64)
    index[start] = np.arange(start.size)
    return index


def _bye_records(
    byes: list[tuple[str, Position]], index: IntMatrix, where: str
) -> dict[tuple[int, int], tuple[ResultKind, Position]]:
    """Record 240 (digest §7.7): bye type in column 5, round in 7-9, start numbers from column 11 every 5."""
    extra: dict[tuple[int, int], tuple[ResultKind, Position]] = {}
    for line, pos in byes:
        letter = line[4:5].upper()
        bye_kind = {"F": K.FULL_BYE, "H": K.HALF_BYE, "Z": K.ZERO_BYE}.get(letter)
        if bye_kind is None:
            raise TrfSyntaxError(
                msg("record 240: expected bye type F, H or Z in column 5, found {value!r}", value=line[4:5]),
                Position(where, pos.line, 5),
            )
        rnd = _int_field(line, 7, 9, Position(where, pos.line, 7), "record 240 round", blank_ok=False)
        assert rnd is not None
        if not 1 <= rnd <= MAX_ROUNDS:
            raise TrfSyntaxError(
                msg("record 240: round {rnd} out of range", rnd=rnd), Position(where, pos.line, 7)
            )
        for col in range(11, len(line) + 1, 5):
            sno = _int_field(line, col, col + 3, Position(where, pos.line, col), "record 240 participant")
            if sno is None:
                continue
            if index[sno] < 0:
                raise TrfConsistencyError(
                    msg("record 240: no player with start number {sno}", sno=sno),
                    Position(where, pos.line, col),
                )
            extra[(int(index[sno]), rnd - 1)] = (bye_kind, Position(where, pos.line, col))
    return extra


def _opponents(opp_start: IntMatrix, index: IntMatrix, ct: _Crosstable, where: str) -> IntMatrix:
    """Opponent start numbers as player indices (-1 = none); unknown numbers and self-pairings are errors."""
    n = opp_start.shape[0]
    opponent = np.where(opp_start > 0, index[opp_start], -1)
    bad = (opp_start > 0) & ((opponent < 0) | (opponent == np.arange(n)[:, None]))
    if bad.any():
        i, r = (int(v) for v in np.argwhere(bad)[0])  # the first in file order
        pos = Position(where, ct.lines[i], _FIRST_BLOCK + 10 * r)
        if opponent[i, r] < 0:
            raise TrfConsistencyError(
                msg(
                    "round {number}: opponent {value} is not the start number of any player",
                    number=r + 1,
                    value=opp_start[i, r],
                ),
                pos,
            )
        raise TrfConsistencyError(
            msg(
                "round {number}: player {start_number} is paired against himself",
                number=r + 1,
                start_number=ct.players[i].start_number,
            ),
            pos,
        )
    return opponent


class _Games:
    """The two sides of every game: each names the other, with results and colours that fit."""

    def __init__(
        self,
        ct: _Crosstable,
        opponent: IntMatrix,
        kind: SmallMatrix,
        color: SmallMatrix,
        short: BoolMatrix,
        code: CharMatrix,
        where: str,
    ) -> None:
        self.ct, self.opponent, self.kind, self.color, self.short, self.code = (
            ct,
            opponent,
            kind,
            color,
            short,
            code,
        )
        self.where = where
        self.completed: dict[tuple[int, int], int] = {}
        """Cells written by a lenient repair: (player, round) -> the player whose line was copied."""
        self.uncoloured = np.zeros(opponent.shape, dtype=bool)
        """Cells whose colour a lenient repair removed."""

    def check(self, lenient: bool, warnings: list[Diagnostic]) -> None:
        """Raise on the first problem, round by round (or, lenient, repair it with a warning)."""
        if self.opponent.size == 0:
            return
        sides = game_sides(self.opponent, self.kind, self.color)
        problem = sides.one_sided | sides.misfit | sides.same_colour
        if problem.any():
            for r, i in np.argwhere(problem.T).tolist():  # round by round, then by line
                self._check_cell(i, r, lenient, warnings)
            sides = game_sides(self.opponent, self.kind, self.color)  # the cells repaired
        uncoloured = sides.no_colour & ~self.uncoloured
        if uncoloured.any():
            i, r = first_cell(uncoloured)
            si, sj = self._start(i), self._start(int(self.opponent[i, r]))
            warnings.append(
                Diagnostic(
                    "missing-colour",
                    msg(
                        "round {number}: the game {si}-{sj} has no colour on one side",
                        number=r + 1,
                        si=si,
                        sj=sj,
                    ),
                    self._at(i, r, 0),
                )
            )

    def _start(self, i: int) -> int:
        return self.ct.players[i].start_number

    def _at(self, i: int, r: int, offset: int) -> Position:
        return Position(self.where, self.ct.lines[i], _FIRST_BLOCK + 10 * r + offset)

    def _check_cell(self, i: int, r: int, lenient: bool, warnings: list[Diagnostic]) -> None:
        opponent, kind, color = self.opponent, self.kind, self.color
        j = int(opponent[i, r])
        si, sj = self._start(i), self._start(j)
        line_j = self.ct.lines[j]
        if opponent[j, r] != i:
            if (j, r) in self.completed:
                k = self.completed[(j, r)]
                other = msg(
                    "has no entry in round {round} and was completed from the line of player {player}, also "
                    "paired with {sj} (line {line})",
                    round=r + 1,
                    player=self._start(k),
                    sj=sj,
                    line=self.ct.lines[k],
                )
            elif opponent[j, r] >= 0:
                other = msg(
                    "names opponent {player} in round {round}",
                    player=self._start(int(opponent[j, r])),
                    round=r + 1,
                )
            elif r >= self.ct.cells[j]:
                other = msg("has no entry in round {round}", round=r + 1)
            else:
                other = msg("has no opponent in round {round}", round=r + 1)
            message = msg(
                "round {round}: player {si} is paired with {sj}, but player {sj}'s line {other}",
                round=r + 1,
                si=si,
                sj=sj,
                other=other,
            )
            if not lenient or opponent[j, r] >= 0 or kind[j, r] != K.ABSENT:
                raise TrfConsistencyError(message, self._at(i, r, 0), related=self._at(j, r, 0))
            block = self._write_other_side(i, j, r)
            warnings.append(
                Diagnostic(
                    "one-sided-game",
                    msg(
                        "{message} (see also line {line_j}); repaired: player {sj}'s round {number} now reads {block!r}",
                        message=message,
                        line_j=line_j,
                        sj=sj,
                        number=r + 1,
                        block=block,
                    ),
                    self._at(i, r, 0),
                )
            )
            return
        if j < i:
            return  # the game was checked from the other side
        if not LEGAL[kind[i, r], kind[j, r]]:
            message = msg(
                "round {round}: results {a!r} (player {si}) and {b!r} (player {sj}) do not fit together",
                round=r + 1,
                a=chr(self.code[i, r]),
                si=si,
                b=chr(self.code[j, r]),
                sj=sj,
            )
            if K.PENDING in (kind[i, r], kind[j, r]):
                a, b = (si, sj) if kind[i, r] == K.PENDING else (sj, si)
                written = chr(self.code[j, r] if a == si else self.code[i, r])
                message = msg(
                    "round {round}: the game {si}-{sj} has no result on player {a}'s line but {written!r} on "
                    "player {b}'s",
                    round=r + 1,
                    si=si,
                    sj=sj,
                    a=a,
                    written=written,
                    b=b,
                )
                raise TrfConsistencyError(message, self._at(i, r, 7), related=self._at(j, r, 7))
            if not lenient:
                raise TrfConsistencyError(message, self._at(i, r, 7), related=self._at(j, r, 7))
            warnings.append(
                Diagnostic(
                    "results-misfit",
                    msg(
                        "{message} (see also line {line_j}); kept as written: each player scores his own result",
                        message=message,
                        line_j=line_j,
                    ),
                    self._at(i, r, 7),
                )
            )
        ci = int(color[i, r])
        if ci and ci == color[j, r]:
            message = msg(
                "round {round}: players {si} and {sj} both have colour {colour}",
                round=r + 1,
                si=si,
                sj=sj,
                colour="w" if ci == 1 else "b",
            )
            if not lenient:
                raise TrfConsistencyError(message, self._at(i, r, 5), related=self._at(j, r, 5))
            color[i, r] = color[j, r] = Color.NONE
            self.uncoloured[i, r] = self.uncoloured[j, r] = True
            warnings.append(
                Diagnostic(
                    "same-colour",
                    msg(
                        "{message} (see also line {line_j}); repaired: the colour is removed on both sides",
                        message=message,
                        line_j=line_j,
                    ),
                    self._at(i, r, 5),
                )
            )

    def _write_other_side(self, i: int, j: int, r: int) -> str:
        """Write player j's side of the game player i wrote alone; the block as TRF would show it."""
        own = ResultKind(int(self.kind[i, r]))
        other = OTHER_SIDE[own]
        self.completed[(j, r)] = i
        self.opponent[j, r] = i
        self.kind[j, r] = other
        self.short[j, r] = self.short[i, r]
        ci = int(self.color[i, r])
        self.color[j, r] = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}.get(Color(ci), Color.NONE)
        symbol = _SHORT_CODE[other] if self.short[j, r] else _CODE_OF_KIND[other]
        self.code[j, r] = ord(symbol)
        return f"{self._start(i):4d} {'-wb'[int(self.color[j, r])]} {symbol}"
