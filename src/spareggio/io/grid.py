"""The round-robin grid as results pages print it (chess-results, Vega): each player's result
against each other player, without the round or the colour; the games placed by the Berger tables
(FIDE C.05, Annex 1), the second cycle of a double round robin with the colours reversed."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..base.errors import Diagnostic, InputError, Position
from ..base.i18n import msg
from ..core.model import Color, Player, ResultKind
from .assemble import MAX_ROUNDS, Crosstable

__all__ = ["GRID_RESULT", "PLACED", "RESULT_KINDS", "berger", "grid_note", "grid_tokens", "placed", "placed_by_the_tables"]

GRID_RESULT = re.compile(r"1|0|½|=|\+|-")
"""One result of a grid's cell: won, lost, drawn, won and lost by forfeit."""
RESULT_KINDS = {
    "1": ResultKind.PLAYED_WIN,
    "0": ResultKind.PLAYED_LOSS,
    "½": ResultKind.PLAYED_DRAW,
    "=": ResultKind.PLAYED_DRAW,
    "+": ResultKind.FORFEIT_WIN,
    "-": ResultKind.FORFEIT_LOSS,
}
"""A game's result as results pages write it (a grid's cell, a crosstable's result)."""


PLACED = frozenset({"PS", "BPG", "BWG", "FB", "CUM", "OPPCUM"})
"""The criteria that read the rounds or the colours: of a grid, they follow the Berger tables'
placement, not the games as played, so their printed values are not compared."""


def placed_by_the_tables(code: str) -> bool:
    """Whether a criterion (its code) reads what a grid does not say (rounds, colours)."""
    return code.upper() in PLACED


def berger(players: int) -> list[list[tuple[int, int]]]:
    """The rounds of a round robin by the Berger tables (FIDE C.05, Annex 1): for each round, the
    pairs (white, black) of pairing numbers 1..n; with an odd number of players, the player paired
    with the number n + 1 has no game in that round (the pair is left out)."""
    m = players + players % 2
    out: list[list[tuple[int, int]]] = []
    for r in range(1, m):
        pairs: list[tuple[int, int]] = []
        for a in range(1, m):
            if (2 * a - (r + 1)) % (m - 1) == 0:
                pairs.append((m, a) if r % 2 == 0 else (a, m))
        for a in range(1, m):
            for b in range(a + 1, m):
                if (a + b - (r + 1)) % (m - 1) == 0:
                    pairs.append((a, b) if (a - b) % (m - 1) % 2 == 0 else (b, a))
        out.append([(w, b) for w, b in pairs if w <= players and b <= players])
    return out


def grid_tokens(text: str, player: int, other: int, where: Position, cycles: int | None) -> list[str]:
    """The results of one cell (one per cycle), refused at ``where`` when they cannot be read, when
    there is none, or when their number differs from the other cells' (``cycles``)."""
    text = text.replace(" ", "")
    if set(text) == {"."}:
        text = ""  # Vega's mark of a game not played yet
    tokens = GRID_RESULT.findall(text)
    if "".join(tokens) != text or len(tokens) > 2:
        raise InputError(
            msg("cannot read the grid's cell {text!r} of player {player} against {player2}", text=text[:40], player=player, player2=other),
            where,
        )
    if not tokens:
        raise InputError(
            msg(
                "the game of player {player} against {player2} has no result: a round-robin grid is read once every game has one",
                player=player, player2=other,
            ),
            where,
        )  # fmt: skip
    if cycles is not None and len(tokens) != cycles:
        raise InputError(
            msg("the grid's cell {text!r} holds {count} results where the others hold {cycles}", text=text[:40], count=len(tokens), cycles=cycles),
            where,
        )
    return tokens


def placed(
    players: list[Player],
    results: dict[tuple[int, int], list[str]],
    cycles: int,
    index: dict[int, int],
    cell: Callable[[int, int], Position],
    row: Callable[[int], Position],
) -> Crosstable:
    """The games of a grid in rounds and colours by the Berger tables of the players' numbers 1..n
    (``index``: number -> player); ``results[(a, b)]`` is a's result against b in each cycle,
    ``cell(a, b)`` where the grid prints it, ``row(i)`` where player i's row is."""
    schedule = berger(len(players))
    if len(schedule) * cycles > MAX_ROUNDS:
        raise InputError(
            msg(
                "the grid's {n} players in {cycles} cycles make {rounds} rounds, more than {max}",
                n=len(players), cycles=cycles, rounds=len(schedule) * cycles, max=MAX_ROUNDS,
            ),
            row(0),
        )  # fmt: skip
    places: dict[tuple[int, int], Position] = {}

    def where(i: int, r: int) -> Position:
        return places.get((i, r), row(i))

    ct = Crosstable.empty(players, len(schedule) * cycles, where)
    for c in range(cycles):
        for r0, pairs in enumerate(schedule):
            r = c * len(schedule) + r0
            for white, black in pairs:
                if c % 2:
                    white, black = black, white
                for me, other, colour in ((white, black, Color.WHITE), (black, white, Color.BLACK)):
                    i = index[me]
                    ct.opponent[i, r] = index[other]
                    ct.color[i, r] = colour
                    ct.kind[i, r] = RESULT_KINDS[results[(me, other)][c]]
                    places[(i, r)] = cell(me, other)
    return ct


def grid_note(where: Position) -> Diagnostic:
    """The warning that the games of a grid are placed by the Berger tables."""
    return Diagnostic(
        "grid-rounds",
        msg(
            "a round-robin grid does not say in which round and with which colour each game was played: "
            "the games are placed by the Berger tables (FIDE C.05, Annex 1) of the players' numbers; the "
            "tie-breaks that read rounds or colours (PS, BPG, BWG, ...) follow that placement, and their printed "
            "values are not compared"
        ),
        where,
    )
