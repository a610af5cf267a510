"""What a random tournament is made of: the system, the field, the ratings and the rates of the irregular
rounds, each settable per round where the FIDE acceptance drafts ask for it."""

from __future__ import annotations

import datetime as _dt
import enum
from dataclasses import field

from ..base.classes import dataclass
from ..base.i18n import msg

__all__ = ["ByeRates", "GeneratorOptions", "PairingSystem", "RatingSpec", "ResultRates"]


class PairingSystem(enum.StrEnum):
    """How the rounds are paired."""

    SWISS = "swiss"
    """The FIDE Dutch system (C.04.3), by the pairing engine of :mod:`.pairing`."""
    ROUND_ROBIN = "round-robin"
    """The Berger tables (C.05 Annex 1); a second cycle repeats the first with colours reversed."""


@dataclass(frozen=True)
class ByeRates:
    """Requested byes in one round of an individual Swiss, as shares of the players not yet withdrawn."""

    full: float = 0.0
    half: float = 0.02
    zero: float = 0.01

    def check(self, rnd: int = 0) -> None:
        """Raise ``ValueError`` for a rate out of range (``rnd``: the round they are given for, 0: all)."""
        for label, value in (("full", self.full), ("half", self.half), ("zero", self.zero)):
            if not 0.0 <= value <= 1.0:
                raise ValueError(
                    msg("round {round}: the {label} bye rate must be between 0 and 1, found {value}",
                        round=rnd or "*", label=label, value=value)
                )  # fmt: skip
        if self.full + self.half + self.zero > 1.0:
            raise ValueError(msg("round {round}: the bye rates add up to more than 1", round=rnd or "*"))


@dataclass(frozen=True)
class ResultRates:
    """How the scheduled games end."""

    draw: float = 0.3
    """Share of draws between equally rated players; it falls with the expected score (a sure win
    leaves no room for a draw)."""
    forfeit: float = 0.01
    """Scheduled games not played, per game."""
    double_forfeit_share: float = 0.1
    """Share of the forfeits in which neither player came."""
    unusual: float = 0.0
    """Games over the board with an unusual result (½-0, 0-½ or 0-0, one third each), per game."""

    def check(self) -> None:
        for label, value in vars(self).items():
            if not 0.0 <= value <= 1.0:
                raise ValueError(
                    msg("rate {label!r} must be between 0 and 1, found {value}", label=label, value=value)
                )


@dataclass(frozen=True)
class RatingSpec:
    """Where the ratings come from: a list given in start-number order, bounds of a uniform draw, or
    (neither) a draw from a normal distribution around 1800 (standard deviation 300, kept between
    1000 and 2800)."""

    given: tuple[int, ...] = ()
    low: int | None = None
    high: int | None = None

    def check(self, players: int) -> None:
        if self.given and len(self.given) < players:
            raise ValueError(
                msg("{given} ratings given for {players} players", given=len(self.given), players=players)
            )
        if any(not 0 <= r <= 3500 for r in self.given):
            raise ValueError(msg("a given rating is outside 0-3500"))
        if (self.low is None) != (self.high is None):
            raise ValueError(msg("rating bounds need both a lowest and a highest rating"))
        if self.low is not None and self.high is not None and not 0 < self.low <= self.high <= 3500:
            raise ValueError(
                msg("rating range must satisfy 0 < low <= high <= 3500, found {found}",
                    found=(self.low, self.high))
            )  # fmt: skip


@dataclass(frozen=True)
class GeneratorOptions:
    """One random tournament; the same options give the same file."""

    players: int
    """Players, or teams in a team event."""
    rounds: int
    seed: int
    system: PairingSystem = PairingSystem.SWISS
    boards: int = 0
    """Boards of a team event (0: an individual event)."""
    byes: ByeRates = ByeRates()
    byes_by_round: dict[int, ByeRates] = field(default_factory=dict)
    """Rates of given rounds (1-based), in place of ``byes``."""
    results: ResultRates = ResultRates()
    withdrawal: float = 0.0
    """Players (teams) who leave before the last round, from a random round on."""
    baku: bool = False
    """Baku acceleration (C.04.7), Swiss only."""
    tiebreaks: tuple[str, ...] = ()
    """The tie-break list written as record 212 (empty: the default of the kind of event)."""
    ratings: RatingSpec = RatingSpec()
    start_date: _dt.date = _dt.date(2026, 6, 1)
    name: str | None = None
    top_white: bool | None = None
    """Colour of the first player (team) in round 1; None draws it."""

    @property
    def is_team(self) -> bool:
        return self.boards > 0

    def byes_of(self, rnd: int) -> ByeRates:
        """The bye rates of round ``rnd`` (1-based)."""
        return self.byes_by_round.get(rnd, self.byes)

    def check(self) -> None:
        """Raise ``ValueError`` (a one-line message) for anything out of range."""
        if not 2 <= self.players <= 9999:
            raise ValueError(msg("players must be between 2 and {limit}, found {players}",
                                 limit=9999, players=self.players))  # fmt: skip
        if not 1 <= self.rounds <= 99:
            raise ValueError(msg("rounds must be between 1 and {limit}, found {rounds}", limit=99, rounds=self.rounds))
        if not 0 <= self.boards <= 12 or (self.is_team and self.players * self.boards > 9999):
            raise ValueError(msg("a team event has 1 to 12 boards and at most 9999 players"))
        if self.system is PairingSystem.ROUND_ROBIN:
            cycle = self.players - 1 if self.players % 2 == 0 else self.players
            if self.rounds > 2 * cycle:
                raise ValueError(
                    msg("a round robin of {players} players has {cycle} rounds per cycle; at most two cycles "
                        "({limit} rounds), asked {rounds}",
                        players=self.players, cycle=cycle, limit=2 * cycle, rounds=self.rounds)
                )  # fmt: skip
            if self.baku:
                raise ValueError(msg("Baku acceleration is for Swiss events"))
        self.byes.check()
        for rnd, rates in self.byes_by_round.items():
            if not 1 <= rnd <= self.rounds:
                raise ValueError(msg("bye rates given for round {round}, which the event does not have", round=rnd))
            rates.check(rnd)
        self.results.check()
        if not 0.0 <= self.withdrawal <= 1.0:
            raise ValueError(msg("rate {label!r} must be between 0 and 1, found {value}",
                                 label="withdrawal", value=self.withdrawal))  # fmt: skip
        self.ratings.check(self.players * max(self.boards, 1))
