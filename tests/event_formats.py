"""One event written in every format spareggio reads: TRF (through ``builders``), PGN, Vega's
``.veg`` and ``.tdf``.  An event is its players (start number order) and its games and byes::

    Event(players=[("Rossi, Marco", 2200), ...],
          games=[(round, board, white, black, "1-0" | "0-1" | "1/2-1/2" | "+-" | "-+"), ...],
          byes={(round, player): "PAB" | "HPB" | "ZPB" | "--"})

``+-``/``-+`` are forfeits.  Each writer follows the layout its reader documents (the module texts of
``spareggio.io.pgn``, ``spareggio.io.vega`` and ``spareggio.io.vega_tdf``, after Vega's manual).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from builders import build
from spareggio.io.trf import parse_trf, write_trf

__all__ = ["Event", "pgn", "tdf", "trf", "veg"]


@dataclass
class Event:
    players: list[tuple[str, int]]
    games: list[tuple[int, int, int, int, str]]
    byes: dict[tuple[int, int], str] = field(default_factory=dict)
    rounds: int = 0
    name: str = "Test"
    round_robin: bool = False

    def __post_init__(self) -> None:
        self.rounds = self.rounds or max([g[0] for g in self.games] + [r for r, _ in self.byes])

    def cell(self, player: int, rnd: int) -> tuple[int, str, str] | None:
        """(opponent, colour w/b, result 1 = 0 + -) of a player's game in a round, or None."""
        for r, _, white, black, result in self.games:
            if r != rnd or player not in (white, black):
                continue
            mine = {
                "1-0": ("1", "0"),
                "0-1": ("0", "1"),
                "1/2-1/2": ("=", "="),
                "+-": ("+", "-"),
                "-+": ("-", "+"),
            }[result]
            if player == white:
                return black, "w", mine[0]
            return white, "b", mine[1]
        return None


def trf(e: Event) -> str:
    """The event as TRF-16 (the builders' cards, with the points and ranks columns filled)."""
    cards: dict[int, str] = {}
    token = {"1": "+", "=": "=", "0": "-", "+": "+", "-": "-"}
    for p in range(1, len(e.players) + 1):
        toks = []
        for r in range(1, e.rounds + 1):
            c = e.cell(p, r)
            if c is None:
                toks.append(e.byes.get((r, p), "--"))
            elif c[2] in "+-":
                toks.append(f"{token[c[2]]}F{c[0]}")
            else:
                toks.append(f"{token[c[2]]}{c[1].upper()}{c[0]}")
        cards[p] = " ".join(toks)
    kind = "Individual: Round-Robin" if e.round_robin else "Individual: Swiss-System"
    text = build(
        cards,
        players=len(e.players),
        rounds=e.rounds,
        name=e.name,
        kind=kind,
        ratings={i + 1: rating for i, (_, rating) in enumerate(e.players)},
        names={i + 1: name for i, (name, _) in enumerate(e.players)},
    )
    return write_trf(parse_trf(text))


def pgn(e: Event, *, with_moves: bool = True) -> str:
    """One PGN game per pairing; byes are rounds without a game."""
    out = []
    for r, board, white, black, result in e.games:
        tags = [
            ("Event", e.name),
            ("Site", "Trento"),
            ("Date", "2026.06.01"),
            ("Round", f"{r}.{board}"),
            ("White", e.players[white - 1][0]),
            ("Black", e.players[black - 1][0]),
            ("Result", {"+-": "1-0", "-+": "0-1"}.get(result, result)),
            ("WhiteElo", str(e.players[white - 1][1])),
            ("BlackElo", str(e.players[black - 1][1])),
        ]
        if result in ("+-", "-+"):
            tags.append(("Termination", "unplayed"))
        moves = "1. e4 e5 " if with_moves and result not in ("+-", "-+") else ""
        out.append("\n".join(f'[{k} "{v}"]' for k, v in tags) + f"\n\n{moves}{tags[6][1]}\n")
    return "\n".join(out)


_TDF_RESULT = {"1": "1", "0": "0", "=": "2", "+": "+", "-": "-"}
_TDF_BYE = {"PAB": "0000 - +", "HPB": "0000 - =", "ZPB": "0000 - -", "--": ""}


def tdf(e: Event) -> str:
    """The event as Vega's ``.tdf`` (manual, Appendix P)."""
    system = "Individual: Round Robin" if e.round_robin else "Individual: Swiss-System Dutch (JaVaFo)"
    lines = [
        f"012 {e.name}",
        "022 Trento",
        "032 ITA",
        "042 01/06/2026",
        "052 03/06/2026",
        f"092 {system}",
        "142 1.0 0.5",
        f"162 {e.rounds}",
        "172 Buchholz Cut 1;Buchholz Total;Sonneborn-Berger",
        "",
    ]
    for p, (name, rating) in enumerate(e.players, start=1):
        rounds = []
        for r in range(1, e.rounds + 1):
            c = e.cell(p, r)
            if c is None:
                rounds.append(_TDF_BYE[e.byes.get((r, p), "--")])
            else:
                rounds.append(f"{c[0]} {c[1]} {_TDF_RESULT[c[2]]}")
        fields = [str(p), "m", "", name, str(rating), "ITA", "0", str(rating), "0", "", "", "", *rounds]
        lines.append("001 " + " | ".join(fields))
    return "\n".join(lines) + "\n"


_VEG_RESULT = {"1": 1, "0": 0, "=": 2, "+": 3, "-": 4}
_VEG_BYE = {"PAB": 3, "HPB": 8, "ZPB": 4, "--": 0}


def veg(e: Event, *, kallithea: int = 1, waiting: bool = False) -> str:
    """The event as Vega's ``.veg`` (manual, Appendix J; the round sections as Vega's source writes
    them).  ``waiting``: the last round is paired and waits for its results (status 1, results 0)."""
    system = 2 if e.round_robin else 10
    head = [
        "Vega 8.3.10 # Do not edit this file!",
        e.name,
        "Trento",
        "ITA",
        "01/06/2026, 03/06/2026",
        "Arbiter",
        "0.5 1.0",
        "1 2 4 0 0 0 0 0 0 0",
        str(e.rounds),  # number of rounds
        str(e.rounds),  # current round
        str(system),  # pairing system
        "1",  # FIDE rating for pairing
        "1",  # registration closed
        "1" if waiting else "0",  # status: 1 waiting for results, 0 waiting for the pairing
        str(kallithea),  # Kallithea 2009 rule
        "0",
        "0",
        "0",
        "0",
        "0",
        "0",
        "0.0",
        "0.0",
        "0.0",
        "1 # not used",
        str(len(e.players)),
        "NAME;COUNTRY;BIRTHDAY;G;TITLE;IDFIDE;ELOFIDE;IDNAT;ELONAT;K;ISAVAL",
    ]
    for name, rating in e.players:
        head.append(f"{name:<20};ITA;00.00.00;m;   ;       0;{rating:5d};       0;    0;20; 1")
    colour, opponent, result = ["# players color"], ["# players opponent"], ["# round results"]
    for p in range(1, len(e.players) + 1):
        cols, opps, ress = [], [], []
        for r in range(1, e.rounds + 1):
            c = e.cell(p, r)
            if c is None:
                cols.append(0)
                opps.append(0)
                ress.append(_VEG_BYE[e.byes.get((r, p), "--")])
            else:
                cols.append(1 if c[1] == "w" else -1)
                opps.append(c[0])
                ress.append(0 if waiting and r == e.rounds else _VEG_RESULT[c[2]])
        colour.append(f"{p:3d}  " + " ".join(f"{v:3d}" for v in cols))
        opponent.append(f"{p:3d}  " + " ".join(f"{v:3d}" for v in opps))
        result.append(f"{p:3d}  " + " ".join(str(v) for v in ress))
    floater = ["# players floater"] + [
        f"{p:3d}  " + " ".join("0" for _ in range(e.rounds)) for p in range(1, len(e.players) + 1)
    ]
    return "\n".join(head + colour + opponent + floater + result) + "\n"


# A four-player round robin (3 rounds) with a tie that Sonneborn-Berger breaks:
# r1 1-4 1-0, 2-3 ½; r2 4-3 ½, 1-2 ½; r3 2-4 1-0, 3-1 1-0.
# Points: 3 = 2 (½ + ½ + 1), 2 = 2 (½ + ½ + 1), 1 = 1½, 4 = ½.
# SB (C.07 9.1): SB(3) = ½·2 + ½·½ + 1·1½ = 2.75; SB(2) = ½·2 + ½·1½ + 1·½ = 2.25;
# SB(1) = 1·½ + ½·2 + 0 = 1.5; SB(4) = ½·2 = 1.0.  Ranking: 3, 2, 1, 4.
ROUND_ROBIN = Event(
    players=[("Rossi, Marco", 2200), ("Bianchi, Sara", 2100), ("Greco, Luca", 2000), ("Neri, Anna", 1900)],
    games=[
        (1, 1, 1, 4, "1-0"),
        (1, 2, 2, 3, "1/2-1/2"),
        (2, 1, 4, 3, "1/2-1/2"),
        (2, 2, 1, 2, "1/2-1/2"),
        (3, 1, 2, 4, "1-0"),
        (3, 2, 3, 1, "1-0"),
    ],
    name="Circolo RR",
    round_robin=True,
)

# A five-player Swiss (3 rounds) with byes, a forfeit and a withdrawal:
# r1 1-4 1-0, 2-5 ½, 3 PAB; r2 3-1 0-1, 4-2 forfeit (2 wins), 5 PAB; r3 1-2 ½, 5-3 1-0, 4 not paired.
# Points: 1 = 2½, 5 = 2½, 2 = 2, 3 = 1, 4 = 0.
SWISS = Event(
    players=[
        ("Rossi, Marco", 2200),
        ("Bianchi, Sara", 2100),
        ("Greco, Luca", 2000),
        ("Neri, Anna", 1900),
        ("Russo, Paolo", 1800),
    ],
    games=[
        (1, 1, 1, 4, "1-0"),
        (1, 2, 2, 5, "1/2-1/2"),
        (2, 1, 3, 1, "0-1"),
        (2, 2, 4, 2, "-+"),
        (3, 1, 1, 2, "1/2-1/2"),
        (3, 2, 5, 3, "1-0"),
    ],
    byes={(1, 3): "PAB", (2, 5): "PAB", (3, 4): "--"},
    name="Open Trento",
)
