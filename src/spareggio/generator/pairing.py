"""Swiss pairings by a FIDE Dutch engine: py4swiss (MIT), which pairs by C.04.3 and was tested by its
authors against bbpPairings.  spareggio pairs nothing itself: it writes the history of the event as a
TRF(x) file (the JaVaFo extension the engine reads: ``XXR`` rounds, ``XXC`` the first colour, ``XXA``
the virtual points of an acceleration, ``XXS`` the points of a result) and reads the engine's pairs.

The choice of py4swiss over gacrux's Dutch engine was measured by the rules, not by agreement
(docs/conformance.md, "Which pairing engine"): on 758 rounds py4swiss broke none of C.1, C.3 and the
colour allocation E.1-E.5; gacrux broke E.5 in 41 (players without a colour history while a player
ranked above them is absent: gacrux alternates colours by board, E.5 goes by pairing number, a
reading bbpPairings shares and that is disputed).  py4swiss is also faster.

Team Swiss rounds are paired by FIDE's Swiss team pairing system, C.04.6, as gacrux (MIT, FIDE's
reference engine on PyPI, the optional extra ``spareggio[team-swiss]``) implements it: the history of
the event is written as the team TRF file spareggio writes anyway (record 192 ``FIDE_TEAM``, type A
colour preferences, C.04.6 1.7.1) and ``python -m gacrux.pairingchecker -p`` pairs the next round, run
by this interpreter.  Without gacrux, team Swiss rounds fall back to the Dutch system on match points
(py4swiss), and the generator says so (docs/conformance.md, "Which pairing engine").
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from py4swiss.engines import DutchEngine
from py4swiss.engines.common import PairingError
from py4swiss.trf import ParsedTrf, TrfLine
from py4swiss.trf.codes import PlayerCode, TournamentCode, XCode
from py4swiss.trf.sections import PlayerSection, TournamentSection, XSection

from ..base.classes import dataclass
from ..base.i18n import msg
from ..base.processes import child_environment

__all__ = ["Entrant", "PairingFailed", "dutch_round", "engine_version", "fide_team_round", "team_engine_version"]

TEAM_TIMEOUT = 120.0
"""Seconds the team engine may take to pair one round."""


class PairingFailed(ValueError):
    """The engine found no legal pairing of the round (too many rounds for the field)."""


@dataclass(frozen=True)
class Entrant:
    """One player (or team) as the engine sees it before a round."""

    number: int
    rating: int
    history: tuple[tuple[int, str, str], ...]
    """(opponent number or 0, colour ``w``/``b``/``-``, result code) of each round so far."""
    points_x10: int
    """Points so far, times ten (match points for teams)."""
    pairable: bool = True
    """False: not paired this round (a requested bye, a withdrawal)."""
    acceleration_x10: tuple[int, ...] = ()
    """Virtual points of each round, times ten (Baku)."""


def engine_version() -> str:
    """``py4swiss X.Y.Z``, or why there is none."""
    try:
        return f"py4swiss {version('py4swiss')}"
    except PackageNotFoundError:  # pragma: no cover - a source checkout without metadata
        return "py4swiss"


def _x10(value: int) -> str:
    return f"{value // 10}.{value % 10}"


def _trfx(entrants: list[Entrant], rounds: int, top_white: bool, scoring: str) -> str:
    lines = [f"XXR {rounds}", "XXC " + ("white1" if top_white else "black1")]
    if scoring:
        lines.append(f"XXS {scoring}")
    for e in entrants:
        if e.acceleration_x10 and any(e.acceleration_x10):
            lines.append(f"XXA {e.number:4d}" + "".join(f" {_x10(v):>4}" for v in e.acceleration_x10))
    for e in entrants:
        head = f"001 {e.number:4d} m    {'P' + str(e.number):<33} {e.rating:4d} FID {e.number:>11} {'':10} "
        head += f"{_x10(e.points_x10):>4} {e.number:4d}"
        blocks = "".join(f"  {opp:4d} {col} {code}" if opp else f"  0000 - {code}" for opp, col, code in e.history)
        if not e.pairable:
            blocks += "  0000 - Z"
        lines.append(head + blocks)
    return "\n".join(lines) + "\n"


def _parsed(text: str) -> ParsedTrf:
    """The engine's reading of a TRF(x) text, made in memory.  Its check that the two sides of a game
    agree is left out on purpose: an unusual result (½-0, 0-0) gives each side its own result, which
    the engine pairs on correctly (each player's own points) but its reader would refuse."""
    lines: dict[object, list[TrfLine]] = defaultdict(list)
    for i, line in enumerate(text.splitlines()):
        trf_line = TrfLine(i, line.strip())
        lines[trf_line.code_type].append(trf_line)
    return ParsedTrf(
        player_sections=[PlayerSection.from_string(str(x)) for x in lines[PlayerCode]],
        team_sections=[],
        tournament_section=TournamentSection.from_lines(lines[TournamentCode]),
        x_section=XSection.from_lines(lines[XCode]),
    )


def dutch_round(
    entrants: list[Entrant], rounds: int, *, top_white: bool = True, scoring: str = ""
) -> list[tuple[int, int]]:
    """The pairs (White, Black) of the next round; Black 0 is the pairing-allocated bye.

    :param scoring: an ``XXS`` line's codes (``W=2.0 D=1.0`` for match points), empty for 1-½-0.
    :raises PairingFailed: when the engine finds no legal pairing.
    """
    parsed = _parsed(_trfx(entrants, rounds, top_white, scoring))
    try:
        pairs = DutchEngine.generate_pairings(parsed)
    except PairingError as exc:
        raise PairingFailed(
            msg("the pairing engine found no legal pairing of round {round}: {reason}",
                round=len(entrants[0].history) + 1, reason=str(exc))
        ) from None  # fmt: skip
    return [(int(p.white), int(p.black)) for p in pairs]


def team_engine_version() -> str | None:
    """``gacrux X.Y.Z`` when the engine of FIDE's Swiss team pairing system (C.04.6) is installed in
    this interpreter's environment, else None."""
    try:
        return f"gacrux {version('gacrux')}"
    except PackageNotFoundError:
        return None


def fide_team_round(
    text: str, round_no: int, *, top_white: bool, unpaired: Sequence[int] = ()
) -> list[tuple[int, int]]:
    """The pairs (White on board 1, Black on board 1) of round ``round_no`` of a team Swiss by C.04.6;
    Black 0 is the pairing-allocated bye.

    :param text: the team TRF file of the rounds played so far (records 001, 310, 192 ``FIDE_TEAM``).
    :param top_white: the initial colour of the first team (C.04.6 4: White for the odd pairing numbers).
    :param unpaired: the teams not paired this round (withdrawn).
    :raises PairingFailed: when the engine finds no legal pairing, or fails.
    """
    with tempfile.TemporaryDirectory(prefix="spareggio-team-") as tmp:
        source, target = Path(tmp) / "event.trf", Path(tmp) / "pairing.json"
        source.write_text(text, encoding="utf-8")
        cmd = [sys.executable, "-m", "gacrux.pairingchecker", "-p", "-t", "w" if top_white else "b",
               "-n", str(round_no), "-i", str(source), "-o", str(target)]  # fmt: skip
        if unpaired:
            cmd += ["-u", *(str(n) for n in unpaired)]
        try:
            done = subprocess.run(cmd, capture_output=True, timeout=TEAM_TIMEOUT, check=False, env=child_environment())
            doc = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
        except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
            raise PairingFailed(
                msg("the team pairing engine failed on round {round}: {reason}", round=round_no, reason=str(exc))
            ) from None
    status = doc.get("status", {}) if isinstance(doc, dict) else {}
    result = doc.get("pairingResult") if isinstance(doc, dict) else None
    if done.returncode != 0 or status.get("code") or not isinstance(result, dict):
        errors = status.get("error") or (done.stderr or done.stdout).decode("utf-8", "replace").strip().splitlines()
        raise PairingFailed(
            msg("the team pairing engine found no pairing of round {round}: {reason}", round=round_no,
                reason=str(errors[-1] if errors else status.get("code", done.returncode))[:200])
        )  # fmt: skip
    return [(int(w), int(b)) for w, b in result.get("pairs", [])]
