"""Deterministic synthetic tournaments: Swiss events paired by score groups, and Berger round robins.

The generator feeds benchmarks, property tests and the bundled examples.  Everything is drawn from
one ``numpy.random.default_rng(seed)``, so the same arguments give the same tournament on every
run.  The arrays of the :class:`~spareggio.core.model.Tournament` are built directly, exactly as
the TRF reader would build them from :func:`generate_trf`'s text.

The Swiss pairing is a plausible approximation, not the FIDE Dutch system (C.04.3): players are
sorted by score and start number; each score group, completed to an even size by the next group's
leader, is folded top half against bottom half; rematches are removed by swapping partners with
nearby pairs (and, for small fields, by a search over the whole round).  The round robin follows the
Berger tables of C.05 Annex 1.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import field

import numpy as np
import numpy.typing as npt

from .base.classes import dataclass
from .base.i18n import msg
from .core.model import (
    PLAYED,
    Color,
    IntMatrix,
    IntVector,
    KindSource,
    Player,
    ResultKind,
    Scoring,
    Tournament,
    TournamentKind,
    trailing_unpaired,
)
from .io.trf import MAX_PLAYERS, MAX_ROUNDS, write_trf

__all__ = ["GeneratorRates", "berger_cycle", "berger_round", "generate", "generate_trf"]

K = ResultKind
DEFAULT_START = _dt.date(2026, 6, 1)
MAX_TRF_PLAYERS = 9999
"""Start numbers have four columns in a TRF ``001`` record."""
_SEARCH_LIMIT = 128
"""Largest field for which a whole round is re-paired by search when swaps leave a rematch."""
_UNIQUE_NAMES = 1000
"""Fields up to this size get distinct surnames, then distinct names, as far as the name pool allows."""
_SWAP_WINDOW = 40
"""How many pairs on each side of a rematch are tried for a partner swap in large fields."""

BoolVector = npt.NDArray[np.bool_]
SmallMatrix = npt.NDArray[np.int8]
"""A (players × rounds) array of kinds or colours."""
KindVector = npt.NDArray[np.int8]
"""Result kinds of one side of a list of games."""
FloatVector = npt.NDArray[np.float64]


@dataclass(frozen=True)
class GeneratorRates:
    """How often the irregular events happen.

    Byes are drawn per player and round, forfeits per scheduled game, withdrawals per player.
    """

    half_bye: float = 0.02
    """Requested half-point byes (C.07 16.2.3/16.2.5), per player and round."""
    zero_bye: float = 0.01
    """Requested zero-point byes, per player and round."""
    forfeit: float = 0.01
    """Scheduled games not played (one side, or rarely both, did not come), per game."""
    double_forfeit_share: float = 0.1
    """Share of the forfeited games in which neither player came."""
    withdrawal: float = 0.02
    """Players who leave the event before its last round, per player."""

    def check(self) -> None:
        """Raise ``ValueError`` unless every rate is a probability and the byes fit in one round."""
        for label, value in vars(self).items():
            if not 0.0 <= value <= 1.0:
                raise ValueError(
                    msg("rate {label!r} must be between 0 and 1, found {value}", label=label, value=value)
                )
        if self.half_bye + self.zero_bye > 1.0:
            raise ValueError(msg("half-point and zero-point bye rates add up to more than 1"))


# --------------------------------------------------------------------------------------------------
# public entry points


def generate(
    players: int,
    rounds: int,
    seed: int,
    *,
    round_robin: bool = False,
    half_bye_rate: float = 0.02,
    zero_bye_rate: float = 0.01,
    forfeit_rate: float = 0.01,
    double_forfeit_share: float = 0.1,
    withdrawal_rate: float = 0.02,
    pab: bool = True,
    start_date: _dt.date = DEFAULT_START,
    name: str | None = None,
    city: str = "",
    federation: str = "ITA",
    rating_range: tuple[int, int] = (1200, 2700),
) -> Tournament:
    """A synthetic tournament, the same for the same arguments.

    :param players: number of players (start numbers ``1..players``).
    :param rounds: rounds to generate.  A round robin has ``players - 1`` rounds per cycle (``players``
        if odd) and at most two cycles; fewer rounds give an event in progress.
    :param seed: seed of ``numpy.random.default_rng``.
    :param round_robin: Berger tables instead of Swiss pairings.  Byes and withdrawals are Swiss-only.
    :param half_bye_rate: requested half-point byes (``H``), per player and round.
    :param zero_bye_rate: requested zero-point byes (``Z``), per player and round.
    :param forfeit_rate: scheduled games not played, per game (``+``/``-``).
    :param double_forfeit_share: share of those in which neither player came (``-``/``-``).
    :param withdrawal_rate: players who are not paired from a random round (2 or later) to the end
        (never the last two players: every round generated is played).
    :param pab: the odd player out of a Swiss round gets a pairing-allocated bye (``U``); with
        ``False`` the player is left unpaired without points (``0000 - -``).
    :param start_date: record 042, which selects the FIDE rule version; one round a day from it.
    :param federation: the host federation (about two players in three; the others are guests).
    :param rating_range: lowest and highest rating drawn.
    :raises ValueError: for a size or rate out of range.
    """
    rates = GeneratorRates(half_bye_rate, zero_bye_rate, forfeit_rate, double_forfeit_share, withdrawal_rate)
    rates.check()
    _check_size(players, rounds, round_robin, rating_range)
    rng = np.random.default_rng(seed)
    ratings = _draw_ratings(rng, players, rating_range, shuffle=round_robin)
    people = _make_players(rng, ratings, federation)
    if round_robin:
        opponent, kind, color = _round_robin(rng, ratings, rounds, rates)
    else:
        opponent, kind, color = _swiss(rng, ratings, rounds, rates, pab=pab)
    kind[trailing_unpaired(kind)] = K.WITHDRAWN
    event = TournamentKind.ROUND_ROBIN if round_robin else TournamentKind.SWISS
    if name is None:
        label = "round robin" if round_robin else "Swiss"
        name = f"Synthetic {label} {players}x{rounds} (seed {seed})"
    return Tournament(
        name=name,
        players=people,
        opponent=opponent,
        kind=kind,
        color=color,
        short_game=np.zeros(kind.shape, dtype=bool),
        kind_of_event=event,
        kind_source=KindSource.GENERATED,
        scoring=Scoring(),
        start_date=start_date,
        end_date=start_date + _dt.timedelta(days=max(rounds - 1, 0)),
        city=city,
        federation=federation,
        announced_rounds=rounds,
    )


def generate_trf(
    players: int,
    rounds: int,
    seed: int,
    *,
    round_robin: bool = False,
    half_bye_rate: float = 0.02,
    zero_bye_rate: float = 0.01,
    forfeit_rate: float = 0.01,
    double_forfeit_share: float = 0.1,
    withdrawal_rate: float = 0.02,
    pab: bool = True,
    start_date: _dt.date = DEFAULT_START,
    name: str | None = None,
    city: str = "",
    federation: str = "ITA",
    rating_range: tuple[int, int] = (1200, 2700),
) -> str:
    """The TRF-16 text of :func:`generate` (at most 9999 players, the width of a start number)."""
    if players > MAX_TRF_PLAYERS:
        raise ValueError(
            msg(
                "a TRF file holds at most {limit} players (4-digit start numbers), asked {players}",
                limit=MAX_TRF_PLAYERS,
                players=players,
            )
        )
    t = generate(
        players,
        rounds,
        seed,
        round_robin=round_robin,
        half_bye_rate=half_bye_rate,
        zero_bye_rate=zero_bye_rate,
        forfeit_rate=forfeit_rate,
        double_forfeit_share=double_forfeit_share,
        withdrawal_rate=withdrawal_rate,
        pab=pab,
        start_date=start_date,
        name=name,
        city=city,
        federation=federation,
        rating_range=rating_range,
    )
    return write_trf(t)


def _check_size(players: int, rounds: int, round_robin: bool, rating_range: tuple[int, int]) -> None:
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(
            msg("players must be between 2 and {limit}, found {players}", limit=MAX_PLAYERS, players=players)
        )
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(
            msg("rounds must be between 1 and {limit}, found {rounds}", limit=MAX_ROUNDS, rounds=rounds)
        )
    if round_robin and rounds > 2 * berger_cycle(players):
        raise ValueError(
            msg(
                "a round robin of {players} players has {cycle} rounds per cycle; at most two cycles "
                "({limit} rounds), asked {rounds}",
                players=players,
                cycle=berger_cycle(players),
                limit=2 * berger_cycle(players),
                rounds=rounds,
            )
        )
    low, high = rating_range
    if not 0 < low <= high <= 3500:
        raise ValueError(
            msg("rating range must satisfy 0 < low <= high <= 3500, found {found}", found=rating_range)
        )


# --------------------------------------------------------------------------------------------------
# players


# Name pools by federation: (surnames, men's first names, women's first names).  Invented
# combinations of common names; ASCII only, so that the fixed TRF columns line up in any encoding.
_NAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "ITA": (
        ("Ferraro", "Esposito", "Bianchi", "Colombo", "Marino", "Greco", "Bruno", "Conti", "Mancuso",
         "Barbieri", "Mariani", "Rinaldi", "Ferretti", "Leone", "Parisi", "Fabbri", "Marini", "Valentini",
         "Palumbo", "Sanna", "Farina", "Morelli", "Testa", "Carbone", "Benedetti", "Barone", "Palmieri",
         "Bernardi", "Fiore", "Basile", "Piras", "Vitali", "Sartori", "Negri", "Pagano", "D'Amico",
         "Tedeschi", "Bonetti", "Pace", "Guidi", "Zanella", "Bortolin", "Cappelletti", "Dalla Costa",
         "Lazzari", "Moretto", "Pavan", "Righetti", "Scarpa", "Zambelli", "Gualtieri", "Fadda"),
        ("Marco", "Luca", "Andrea", "Matteo", "Alessandro", "Davide", "Simone", "Federico", "Lorenzo",
         "Stefano", "Giacomo", "Riccardo", "Tommaso", "Nicola", "Emanuele", "Daniele", "Filippo", "Gabriele",
         "Pietro", "Michele", "Edoardo", "Samuele", "Mattia", "Cristian"),
        ("Giulia", "Chiara", "Francesca", "Sara", "Martina", "Elena", "Valentina", "Alessia", "Silvia",
         "Federica", "Irene", "Beatrice", "Caterina", "Marta", "Noemi", "Arianna"),
    ),
    "SMR": (("Gasperoni", "Muccioli", "Zonzini", "Bollini"), ("Nicola", "Manuel", "Alex"), ("Elisa", "Sofia")),
    "SUI": (("Meier", "Baumann", "Frei", "Gerber", "Zbinden"), ("Reto", "Lukas", "Urs", "Beat"),
            ("Nadine", "Corinne")),
    "FRA": (("Lefebvre", "Moreau", "Fournier", "Mercier", "Blanchard", "Chevalier"),
            ("Julien", "Mathieu", "Antoine", "Olivier", "Bastien"), ("Camille", "Juliette", "Claire")),
    "GER": (("Hoffmann", "Schulte", "Vogel", "Keller", "Hartmann", "Brandl"), ("Tobias", "Florian", "Stefan"),
            ("Lena", "Katrin", "Miriam")),
    "AUT": (("Gruber", "Pichler", "Moser", "Eder"), ("Bernhard", "Lukas", "Markus"), ("Theresa", "Verena")),
    "ESP": (("Navarro", "Serrano", "Molina", "Ortiz", "Quintana"), ("Javier", "Alberto", "Ivan", "Ruben"),
            ("Lucia", "Ines", "Nuria")),
    "SLO": (("Kovac", "Zupan", "Horvat", "Kranjc"), ("Matej", "Jure", "Rok"), ("Nina", "Tjasa")),
    "CRO": (("Grgic", "Maric", "Juric", "Knezevic"), ("Tomislav", "Ante", "Dario"), ("Ana", "Petra")),
    "SRB": (("Petrovic", "Stojanovic", "Milenkovic", "Ristic"), ("Nemanja", "Milos", "Dusan"),
            ("Jelena", "Milica")),
    "HUN": (("Nagy", "Farkas", "Varga", "Balogh"), ("Gergely", "Bence", "Levente"), ("Eszter", "Reka")),
    "POL": (("Wojcik", "Kaminski", "Mazur", "Krawczyk"), ("Pawel", "Tomasz", "Kamil"), ("Agnieszka", "Magdalena")),
    "UKR": (("Oliynyk", "Kravets", "Polishchuk", "Hrytsenko"), ("Oleksandr", "Dmytro", "Bohdan"),
            ("Olena", "Iryna")),
    "NED": (("Jansen", "Visser", "Smit", "Mulder"), ("Sander", "Jeroen", "Bram"), ("Sanne", "Lotte")),
    "ENG": (("Fletcher", "Marsh", "Holloway", "Pritchard"), ("Oliver", "Callum", "Rory"), ("Hannah", "Imogen")),
    "USA": (("Parker", "Foster", "Reed", "Whitaker"), ("Ryan", "Tyler", "Jacob"), ("Megan", "Ashley")),
    "ARG": (("Acosta", "Medina", "Quiroga", "Ledesma"), ("Facundo", "Nicolas", "Martin"), ("Florencia", "Agustina")),
    "IND": (("Iyer", "Nair", "Kulkarni", "Menon"), ("Rohan", "Aditya", "Karthik"), ("Priya", "Divya", "Ananya")),
}  # fmt: skip

# Titles by rating band: (lowest rating, men's titles, women's titles, probabilities).
_TITLE_BANDS = (
    (2500, ("GM", "IM", ""), ("GM", "IM", "WGM"), (0.70, 0.25, 0.05)),
    (2400, ("IM", "GM", "FM"), ("IM", "WGM", "WIM"), (0.50, 0.10, 0.30)),
    (2300, ("FM", "IM", "CM"), ("WIM", "WGM", "WFM"), (0.40, 0.10, 0.15)),
    (2200, ("CM", "FM", ""), ("WFM", "WIM", "WCM"), (0.20, 0.15, 0.10)),
    (2100, ("CM", "", ""), ("WCM", "WFM", ""), (0.05, 0.0, 0.0)),
)


def _draw_ratings(
    rng: np.random.Generator, n: int, rating_range: tuple[int, int], *, shuffle: bool
) -> IntVector:
    """Ratings of an open field: skewed towards the low end of the range, strongest first.

    A round robin keeps the order of the draw (start numbers by lot, C.05 Annex 1).
    """
    low, high = rating_range
    raw = low + (high - low) * rng.beta(2.0, 3.0, size=n)
    ratings = np.rint(raw).astype(np.int64)
    if shuffle:
        return ratings
    return np.sort(ratings)[::-1].copy()


def _draw_titles(rng: np.random.Generator, ratings: IntVector, women: BoolVector) -> list[str]:
    u = rng.random(ratings.size)
    titles = np.full(ratings.size, "", dtype=object)
    assigned = np.zeros(ratings.size, dtype=bool)
    for floor, men, wom, probs in _TITLE_BANDS:
        band = (ratings >= floor) & ~assigned
        edges = np.cumsum(probs)
        choice = np.searchsorted(edges, u, side="right")
        for k in range(len(probs)):
            pick = band & (choice == k)
            titles[pick & ~women] = men[k]
            titles[pick & women] = wom[k]
        assigned |= band
    return [str(x) for x in titles]


def _make_players(rng: np.random.Generator, ratings: IntVector, host: str) -> tuple[Player, ...]:
    """Players with invented names, sex, titles, federations, ids and birth dates, by start number."""
    n = ratings.size
    women = rng.random(n) < 0.15
    guest = rng.random(n) < 0.35
    pools = [host, *(code for code in _NAMES if code != host)]
    fed_index = np.where(guest, rng.integers(1, len(pools), size=n), 0)
    u_surname, u_first = rng.random(n), rng.random(n)
    titles = _draw_titles(rng, ratings, women)
    born = np.datetime64("1950-01-01") + rng.integers(0, 65 * 365, size=n).astype("timedelta64[D]")
    births = np.char.replace(np.datetime_as_string(born, unit="D"), "-", "/").tolist()
    ids = (10_000_000 + rng.choice(89_000_000, size=n, replace=False)).tolist()
    book = _NameBook() if n <= _UNIQUE_NAMES else None
    people = []
    for i, (f, w, us, uf, title, rating, fide_id, birth) in enumerate(
        zip(
            fed_index.tolist(),
            women.tolist(),
            u_surname.tolist(),
            u_first.tolist(),
            titles,
            ratings.tolist(),
            ids,
            births,
            strict=True,
        )
    ):
        fed = pools[f]
        surnames, men, wom = _NAMES.get(fed, _NAMES["ITA"])  # an unknown host borrows the Italian names
        firsts = wom if w else men
        pick = (int(us * len(surnames)), int(uf * len(firsts)))
        name = _unique_name(surnames, firsts, *pick, book)
        people.append(
            Player(
                start_number=i + 1,
                name=name,
                sex="w" if w else "m",
                title=title,
                rating=rating,
                federation=fed,
                fide_id=str(fide_id),
                birth_date=birth,
            )
        )
    return tuple(people)


@dataclass
class _NameBook:
    """Names and surnames already given, to keep a small field free of repeats."""

    names: set[str] = field(default_factory=set)
    surnames: set[str] = field(default_factory=set)


def _unique_name(
    surnames: tuple[str, ...], firsts: tuple[str, ...], s: int, f: int, book: _NameBook | None
) -> str:
    """``Surname, Firstname`` from the drawn indices.  With a ``book`` (small fields) the drawn surname
    gives way to the next one nobody has yet and, when the pool has none left, the name to the next
    free combination: names repeat only when the pool runs out."""
    if book is None:
        return f"{surnames[s]}, {firsts[f]}"
    ns, nf = len(surnames), len(firsts)
    shift = next((k for k in range(ns) if surnames[(s + k) % ns] not in book.surnames), None)
    if shift is not None:
        surname, first = surnames[(s + shift) % ns], firsts[f]
    else:
        surname, first = surnames[s], firsts[f]
        for k in range(ns * nf):
            if f"{surnames[(s + k // nf) % ns]}, {firsts[(f + k) % nf]}" not in book.names:
                surname, first = surnames[(s + k // nf) % ns], firsts[(f + k) % nf]
                break
    name = f"{surname}, {first}"
    book.names.add(name)
    book.surnames.add(surname)
    return name


# --------------------------------------------------------------------------------------------------
# games


def _expected(white: IntVector, black: IntVector) -> FloatVector:
    """Elo expectation of White against Black."""
    return 1.0 / (1.0 + 10.0 ** ((black - white) / 400.0))


def _play(
    rng: np.random.Generator, ratings: IntVector, white: IntVector, black: IntVector, rates: GeneratorRates
) -> tuple[KindVector, KindVector]:
    """Result kinds of White and Black for each scheduled game: played, forfeited or double forfeit.

    A played game follows the Elo expectation; draws are likelier between close and strong players.
    """
    k = white.size
    u_result, u_forfeit, u_double, u_side = (rng.random(k) for _ in range(4))
    rw, rb = ratings[white], ratings[black]
    e = _expected(rw, rb)
    level = np.clip(((rw + rb) / 2.0 - 1200.0) / 1500.0, 0.0, 1.0)
    p_draw = (0.20 + 0.25 * level) * (1.0 - np.abs(2.0 * e - 1.0))
    p_win = e - p_draw / 2.0
    kw = np.where(
        u_result < p_win, K.PLAYED_WIN, np.where(u_result < p_win + p_draw, K.PLAYED_DRAW, K.PLAYED_LOSS)
    )
    kb = np.where(
        kw == K.PLAYED_WIN, K.PLAYED_LOSS, np.where(kw == K.PLAYED_LOSS, K.PLAYED_WIN, K.PLAYED_DRAW)
    )
    forfeit = u_forfeit < rates.forfeit
    double = forfeit & (u_double < rates.double_forfeit_share)
    white_absent = forfeit & ~double & (u_side < 0.5)
    black_absent = forfeit & ~double & ~white_absent
    kw = np.where(
        double,
        K.DOUBLE_FORFEIT,
        np.where(white_absent, K.FORFEIT_LOSS, np.where(black_absent, K.FORFEIT_WIN, kw)),
    )
    kb = np.where(
        double,
        K.DOUBLE_FORFEIT,
        np.where(white_absent, K.FORFEIT_WIN, np.where(black_absent, K.FORFEIT_LOSS, kb)),
    )
    return kw.astype(np.int8), kb.astype(np.int8)


def _record(
    opponent: IntMatrix,
    kind: SmallMatrix,
    color: SmallMatrix,
    r: int,
    white: IntVector,
    black: IntVector,
    results: tuple[KindVector, KindVector],
) -> None:
    opponent[white, r], opponent[black, r] = black, white
    color[white, r], color[black, r] = Color.WHITE, Color.BLACK
    kind[white, r], kind[black, r] = results


# --------------------------------------------------------------------------------------------------
# round robin


def berger_cycle(players: int) -> int:
    """Rounds in one cycle of a round robin: ``n - 1`` for even ``n``, ``n`` for odd ``n`` (a free round)."""
    return players - 1 if players % 2 == 0 else players


def berger_round(players: int, rnd: int) -> tuple[IntVector, IntVector]:
    """White and Black start numbers of round ``rnd`` (1-based) of the Berger tables, C.05 Annex 1.

    With ``n`` even (an odd field adds the free number ``n``) and ``m = n - 1``, the players
    ``i, j < n`` meet when ``i + j = rnd + 1 (mod m)``; the one left over meets ``n``.  White is the
    player ``i`` for which ``(j - i) mod m`` is odd; ``n`` has Black in odd rounds.  Round 1 of 6
    players gives 1-6, 2-5, 3-4 and round 2 gives 6-4, 5-3, 1-2, as in the printed table (the games
    are returned by the lower start number, not in the table's board order).
    """
    n = players + players % 2
    m = n - 1
    i = np.arange(1, n, dtype=np.int64)
    j = (rnd + 1 - i) % m
    j[j == 0] = m
    j[j == i] = n
    first = i < j
    a, b = i[first], j[first]
    a_white = np.where(b == n, rnd % 2 == 1, (b - a) % m % 2 == 1)
    return np.where(a_white, a, b), np.where(a_white, b, a)


def _round_robin(
    rng: np.random.Generator, ratings: IntVector, rounds: int, rates: GeneratorRates
) -> tuple[IntMatrix, SmallMatrix, SmallMatrix]:
    """Berger pairings; a second cycle repeats the first with colours reversed.  Odd fields leave the
    free round unpaired (``0000 - -``, ignored by C.07 Art. 15)."""
    n = ratings.size
    cycle = berger_cycle(n)
    opponent = np.full((n, rounds), -1, dtype=np.int64)
    kind = np.full((n, rounds), K.ABSENT, dtype=np.int8)
    color = np.zeros((n, rounds), dtype=np.int8)
    for r in range(rounds):
        white, black = berger_round(n, r % cycle + 1)
        if r >= cycle:
            white, black = black, white
        real = (white <= n) & (black <= n)
        w, b = white[real] - 1, black[real] - 1
        _record(opponent, kind, color, r, w, b, _play(rng, ratings, w, b, rates))
    return opponent, kind, color


# --------------------------------------------------------------------------------------------------
# Swiss


def _swiss(
    rng: np.random.Generator, ratings: IntVector, rounds: int, rates: GeneratorRates, *, pab: bool
) -> tuple[IntMatrix, SmallMatrix, SmallMatrix]:
    """Swiss rounds: requested byes and withdrawals first, then the pairing of the others."""
    n = ratings.size
    points = Scoring().points_table()
    opponent = np.full((n, rounds), -1, dtype=np.int64)
    kind = np.full((n, rounds), K.ABSENT, dtype=np.int8)
    color = np.zeros((n, rounds), dtype=np.int8)
    leaves = rng.random(n) < rates.withdrawal if rounds > 1 else np.zeros(n, dtype=bool)
    last_round = np.where(leaves, rng.integers(1, max(rounds, 2), size=n), rounds)  # first round not paired
    # a round in which nobody is paired is no round of the file (every reader reads the rounds that
    # hold an entry): the two players who stay longest stay to the end
    last_round[np.argsort(-last_round, kind="stable")[:2]] = rounds
    u_bye = rng.random((n, rounds))
    score = np.zeros(n, dtype=np.int64)
    had_bye = np.zeros(n, dtype=bool)  # a PAB or a win without playing: no further PAB (C.04.1)
    for r in range(rounds):
        present = last_round > r
        half = present & (u_bye[:, r] < rates.half_bye)
        zero = present & ~half & (u_bye[:, r] < rates.half_bye + rates.zero_bye)
        kind[~present, r] = K.WITHDRAWN
        kind[half, r], kind[zero, r] = K.HALF_BYE, K.ZERO_BYE
        active = np.flatnonzero(present & ~half & ~zero)
        if active.size % 2:
            odd = _odd_player_out(active, score, had_bye)
            kind[odd, r] = K.PAB if pab else K.ABSENT
            had_bye[odd] = True
            active = active[active != odd]
        if active.size:
            white, black = _pair_round(active, score, opponent[:, :r], color[:, :r], kind[:, :r], r)
            results = _play(rng, ratings, white, black, rates)
            _record(opponent, kind, color, r, white, black, results)
            had_bye[white[results[0] == K.FORFEIT_WIN]] = True
            had_bye[black[results[1] == K.FORFEIT_WIN]] = True
        score += points[kind[:, r]]
    return opponent, kind, color


def _odd_player_out(active: IntVector, score: IntVector, had_bye: BoolVector) -> int:
    """The lowest-ranked player (score, then start number) who has had no bye; else the lowest."""
    order = active[np.lexsort((-active, score[active]))]
    eligible = order[~had_bye[order]]
    return int(eligible[0] if eligible.size else order[0])


def _fold(sorted_scores: IntVector) -> tuple[IntVector, IntVector]:
    """Positions of the top and bottom players of each pair in a field sorted by score.

    The field is cut into blocks at the score changes, each moved down one place when it falls at an
    odd position (the next group's leader completes the block); each block pairs its top half against
    its bottom half in order.  The field size must be even.
    """
    m = sorted_scores.size
    change = np.flatnonzero(sorted_scores[1:] != sorted_scores[:-1]) + 1
    bounds = np.unique(change + (change & 1))
    starts = np.concatenate(([0], bounds[bounds < m])).astype(np.int64)
    half = np.diff(np.concatenate((starts, [m]))) // 2
    block = np.repeat(np.arange(starts.size), half)
    offset = np.arange(block.size) - np.repeat(np.cumsum(half) - half, half)
    top = starts[block] + offset
    return top, top + half[block]


def _pair_round(
    active: IntVector, score: IntVector, history: IntMatrix, colors: SmallMatrix, kinds: SmallMatrix, r: int
) -> tuple[IntVector, IntVector]:
    """White and Black players of round ``r`` (0-based) for an even number of active players."""
    order = active[np.lexsort((active, -score[active]))]
    top_pos, bottom_pos = _fold(score[order])
    top, bottom = order[top_pos].copy(), order[bottom_pos].copy()
    if r:
        _repair(top, bottom, history)
        if order.size <= _SEARCH_LIMIT and _met(history, top, bottom).any():
            found = _search(order, history)
            if found is not None:
                top, bottom = found
    return _colours(top, bottom, colors, kinds, r)


def _met(history: IntMatrix, a: IntVector, b: IntVector) -> BoolVector:
    """Whether each ``a[k]`` was already scheduled against ``b[k]``."""
    if history.shape[1] == 0:
        return np.zeros(a.size, dtype=bool)
    result: BoolVector = (history[a] == b[:, None]).any(axis=1)
    return result


def _repair(top: IntVector, bottom: IntVector, history: IntMatrix) -> None:
    """Remove rematches in place by exchanging partners with the nearest pair that allows it."""
    pairs = top.size
    window = pairs if pairs <= _SEARCH_LIMIT else _SWAP_WINDOW

    def fresh(x: int, y: int) -> bool:
        return not bool((history[x] == y).any())

    for q in np.flatnonzero(_met(history, top, bottom)).tolist():
        a, b = int(top[q]), int(bottom[q])
        if fresh(a, b):
            continue  # already mended by an earlier exchange
        for step in range(1, window + 1):
            done = False
            for p in (q + step, q - step):
                if not 0 <= p < pairs:
                    continue
                c, d = int(top[p]), int(bottom[p])
                if fresh(a, d) and fresh(c, b):
                    bottom[q], bottom[p] = d, b
                    done = True
                elif fresh(a, c) and fresh(b, d):
                    bottom[q], top[p] = c, b
                    done = True
                if done:
                    break
            if done:
                break


def _search(order: IntVector, history: IntMatrix) -> tuple[IntVector, IntVector] | None:
    """A rematch-free pairing of a small field by depth-first search, nearest ranks first.

    Gives up (``None``) after a bounded number of steps.
    """
    players = order.tolist()
    met = {p: set(history[p].tolist()) for p in players}
    free = dict.fromkeys(players, True)
    pairs: list[tuple[int, int]] = []
    budget = [20_000]

    def extend() -> bool:
        first = next((p for p in players if free[p]), None)
        if first is None:
            return True
        free[first] = False
        for other in players:
            if not free[other] or other in met[first]:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                break
            free[other] = False
            pairs.append((first, other))
            if extend():
                return True
            pairs.pop()
            free[other] = True
        free[first] = True
        return False

    if not extend():
        return None
    top = np.array([a for a, _ in pairs], dtype=np.int64)
    bottom = np.array([b for _, b in pairs], dtype=np.int64)
    return top, bottom


def _colours(
    top: IntVector, bottom: IntVector, colors: SmallMatrix, kinds: SmallMatrix, r: int
) -> tuple[IntVector, IntVector]:
    """White and Black of each pair: the player with fewer Whites in played games gets White, then the
    one who had Black last, else alternate by board (C.04.3 colour rules, much simplified)."""
    played = PLAYED[kinds]
    balance = ((colors == Color.WHITE) & played).sum(axis=1) - ((colors == Color.BLACK) & played).sum(axis=1)
    last = np.zeros(colors.shape[0], dtype=np.int64)
    for c in range(r):  # the colour of the latest played game
        last = np.where(played[:, c], colors[:, c], last)
    want = np.select([last == Color.BLACK, last == Color.WHITE], [1, -1], 0)
    board = np.arange(top.size)
    top_white = np.where(
        balance[top] != balance[bottom],
        balance[top] < balance[bottom],
        np.where(want[top] != want[bottom], want[top] > want[bottom], (board + r) % 2 == 0),
    )
    return np.where(top_white, top, bottom), np.where(top_white, bottom, top)
