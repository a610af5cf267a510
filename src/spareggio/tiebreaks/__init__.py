"""The tie-break catalogue: one registry drives parsing, validation, computation and listing."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ..base.errors import TiebreakSpecError, UnknownRulesetError, UnknownTiebreakError
from ..base.i18n import Choices, Field, Text, languages, localize, msg
from ..core.legend import is_legend, legend_items
from ..core.model import Scope, ScoreName
from ..lazy import TIEBREAK_FAMILIES, load
from ..rules import find_ruleset
from .base import (
    Context,
    Contribution,
    Contributions,
    Direction,
    TiebreakDef,
    TiebreakResult,
    TiebreakSpec,
)
from .names import AMBIGUOUS, NAMES, normalise, resolve_name, suggestions

__all__ = [
    "TIEBREAKS",
    "Context",
    "Contribution",
    "Contributions",
    "Direction",
    "Scope",
    "TiebreakDef",
    "TiebreakResult",
    "TiebreakSpec",
    "catalogue",
    "definition",
    "find_tiebreak",
    "known_names",
    "modifier_help",
    "offered",
    "parse_spec",
    "parse_spec_list",
]

if TYPE_CHECKING:  # a type of annotations only: as a class, its annotations would be compiled at every start

    class _Modifiers(TypedDict, total=False):
        """The fields of a :class:`TiebreakSpec` its modifiers and rule version set."""

        version: str
        cut_low: int
        cut_high: int
        limit: Fraction
        limit_percent: bool
        unrated: int
        forfeits_played: bool
        fore: bool
        reverse: bool
        factor: int
        decimals: int


H = Direction.HIGHER
BOTH, TEAM = Scope.BOTH, Scope.TEAM

_FAMILIES: dict[str, Callable[..., Any]] = {}
"""The functions of the tie-break families loaded so far, by name."""


def _family(function: str) -> Callable[..., Any]:
    """What computes a tie-break: the function ``tiebreak.<function>`` of
    :data:`spareggio.lazy.TIEBREAK_FAMILIES`, whose module (``tiebreaks/koya.py`` ...) is imported
    the first time a list asks for it, so that a list loads only the families it names."""
    name = f"tiebreak.{function}"
    if name not in TIEBREAK_FAMILIES:
        raise KeyError(f"{name} is not in spareggio.lazy.TIEBREAK_FAMILIES")

    def computed(*args: Any) -> Any:
        found = _FAMILIES.get(name)
        if found is None:
            found = _FAMILIES[name] = cast(Callable[..., Any], load(name))
        return found(*args)

    computed.__name__ = computed.__qualname__ = function
    return computed


_CATALOGUE = [
    TiebreakDef("PTS", "Points", "C.07 1.1", "", H, "The primary score, unplayed rounds included.", _family("points"), scope=BOTH),
    TiebreakDef(
        "BH", "Buchholz", "C.07 8.1", "CMPF", H,
        "Sum of the opponents' adjusted scores; own unplayed rounds count a dummy opponent (Art. 16).",
        _family("buchholz"),
        scope=BOTH,
    ),
    TiebreakDef(
        "FB", "Fore Buchholz", "C.07 8.3", "CMP", H,
        "Buchholz as if every game paired in the final round had been drawn.",
        _family("fore_buchholz"),
        scope=BOTH,
    ),
    TiebreakDef(
        "SB", "Sonneborn-Berger", "C.07 9.1", "CMP", H,
        "Sum of the opponents' adjusted scores times the points scored against them.",
        _family("sonneborn_berger"),
    ),
    TiebreakDef(
        "AOB", "Average of Opponents' Buchholz", "C.07 8.2", "F", H,
        "Average Buchholz (or Fore Buchholz with /F) of the opponents met over the board.",
        _family("average_of_opponents_buchholz"),
        scope=BOTH,
    ),
    TiebreakDef(
        "DE", "Direct Encounter", "C.07 6", "P", Direction.GROUP,
        "Points among the tied players, recomputed on every tied group it reaches (Art. 6.1-6.3).",
        None, order_group=_family("direct_encounter"),
        scope=BOTH,
    ),
    TiebreakDef(
        "WIN", "Number of wins", "C.07 7.1", "", H,
        "Rounds with a win's points, played or not (forfeit wins, full-point byes, PAB worth a win).", _family("wins"),
        scope=BOTH,
    ),
    TiebreakDef(
        "WON", "Number of games won", "C.07 7.2", "", H,
        "Games won over the board; in round robins also forfeit wins (15.2).", _family("games_won"),
        scope=BOTH,
    ),
    TiebreakDef(
        "BPG", "Number of games played with Black", "C.07 7.3", "", H,
        "Games played over the board with Black; in round robins also forfeit wins with Black (15.2).",
        _family("black_games"),
    ),
    TiebreakDef(
        "BWG", "Number of games won with Black", "C.07 7.4", "", H,
        "Games won over the board with Black; in round robins also forfeit wins with Black (15.2).", _family("black_wins"),
    ),
    TiebreakDef(
        "PS", "Progressive scores", "C.07 7.5", "C", H,
        "Sum of the cumulative scores after every round; /Cn drops those after rounds 1 to n.", _family("progressive_score"),
        scope=BOTH,
    ),
    TiebreakDef(
        "REP", "Rounds one elected to play", "C.07 7.6", "", H,
        "Rounds minus half- and zero-point byes, absences, withdrawn rounds and forfeit losses.", _family("rounds_elected"),
        aliases=("GE",),
    ),
    TiebreakDef(
        "STD", "Standard points", "C.07 7.7", "", H,
        "1, ½ or 0 per round by comparison with the scheduled opponent's points, or with a draw's without play.",
        _family("standard_points"),
    ),
    TiebreakDef(
        "TPN", "Tournament pairing number", "C.07 7.8", "R", Direction.LOWER,
        "The start (pairing) number, lower is better; /R reverses.", _family("pairing_number"),
        scope=BOTH,
    ),
    TiebreakDef(
        "KS", "Koya system", "C.07 9.2", "L", H,
        "Points scored against opponents with at least 50 % of the maximum score; /Ln, /L+n, /L-n move the line.",
        _family("koya"),
        scope=BOTH,
    ),
    TiebreakDef(
        "ARO", "Average Rating of Opponents", "C.07 10.1", "CMU", H,
        "Average rating of the opponents played over the board, rounded half up; /Cn, /Mn cut ratings.",
        _family("average_rating_of_opponents"),
        ratings=True,
    ),
    TiebreakDef(
        "TPR", "Tournament Performance Rating", "C.07 10.2", "U", H,
        "ARO plus dp(p) of FIDE table B.02 8.1(a) for the percentage scored over the board.",
        _family("tournament_performance_rating"),
        ratings=True,
    ),
    TiebreakDef(
        "PTP", "Perfect Tournament Performance", "C.07 10.3", "U", H,
        "Lowest rating whose expected score (B.02 8.1(b), no cap) reaches the score over the board.",
        _family("perfect_tournament_performance"),
        ratings=True,
    ),
    TiebreakDef(
        "APRO", "Average Performance Rating of Opponents", "C.07 10.4", "U", H,
        "Average TPR of the opponents played over the board, rounded half up.",
        _family("average_performance_rating_of_opponents"),
        ratings=True,
    ),
    TiebreakDef(
        "APPO", "Average Perfect Performance of Opponents", "C.07 10.5", "U", H,
        "Average PTP of the opponents played over the board, rounded half up.",
        _family("average_perfect_performance_of_opponents"),
        ratings=True,
    ),
    TiebreakDef(
        "RTNG", "Rating", "C.07 10.6", "RU", H,
        "The participant's own rating (2026 rules); /R ranks the lowest rating first.",
        _family("rating"),
        ratings=True,
    ),
    TiebreakDef(
        "ABH", "Adjusted score (for Buchholz)", "C.07 16.3", "", H,
        "Diagnostic: the participant's score as its opponents count it under the rule set.",
        _family("adjusted_score"), diagnostic=True,
    ),
    TiebreakDef(
        "AFB", "Adjusted score (for Fore Buchholz)", "C.07 8.3, 16.3", "", H,
        "Diagnostic: the adjusted score under the Fore Buchholz hypothesis.",
        _family("fore_adjusted_score"), diagnostic=True,
    ),
    TiebreakDef(
        "MM", "Modified Median", "US Chess 34E1", "", H,
        "Opponents' US adjusted scores (own unplayed games 0); drops the lowest for a plus score, the highest "
        "and lowest for an even score, the highest for a minus score; two at each end from 9 rounds.",
        _family("modified_median"),
    ),
    TiebreakDef(
        "MEDIAN", "Median (Harkness)", "US Chess 34E1", "", H,
        "Opponents' US adjusted scores without the highest and the lowest (two of each from 9 rounds).",
        _family("median"),
    ),
    TiebreakDef(
        "SOLKOFF", "Solkoff", "US Chess 34E2", "", H,
        "Sum of the opponents' US adjusted scores; own unplayed games count 0.",
        _family("solkoff"),
    ),
    TiebreakDef(
        "CUM", "Cumulative", "US Chess 34E3", "", H,
        "Sum of the running score after each round, minus one win for each full-point bye or forfeit win.",
        _family("us_cumulative"),
    ),
    TiebreakDef(
        "OPPCUM", "Opposition's cumulative", "US Chess 34E", "", H,
        "Sum of the cumulative scores (34E3) of the opponents met over the board.",
        _family("opposition_cumulative"),
    ),
    TiebreakDef(
        "KASHDAN", "Kashdan", "US Chess 34E7", "", H,
        "4 points per win, 2 per draw, 1 per loss over the board; unplayed games 0.",
        _family("kashdan"),
    ),
    TiebreakDef(
        "USSB", "Sonneborn-Berger (US)", "US Chess 34E", "", H,
        "US adjusted scores of the opponents beaten plus half those of the opponents drawn.",
        _family("us_sonneborn_berger"),
    ),
]  # fmt: skip


_TEAM_CATALOGUE = [
    TiebreakDef("MPTS", "Match points", "C.07 11.1.1", "", H, "The team's match points.", _family("match_points"), scope=TEAM),
    TiebreakDef(
        "GPTS", "Game points", "C.07 11.1.2", "", H, "The team's game points: the sum of its boards.", _family("game_points"),
        scope=TEAM,
    ),
    TiebreakDef(
        "MPVGP", "Match points versus game points", "C.07 13.1", "", H,
        "The secondary score: game points when match points rank the teams, match points otherwise.",
        _family("secondary_score"), scope=TEAM,
    ),
    *(
        TiebreakDef(
            code, f"Extended Sonneborn-Berger ({sides})", article, "CP", H,
            f"Sum of each opponent's {key} times the {own} scored against it; /C1 (14.1.2).",
            _family("extended_sonneborn_berger"), scope=TEAM,
        )
        for code, sides, article, key, own in (
            ("EMMSB", "MP x MP", "C.07 13.2.1", "match points", "match points"),
            ("EMGSB", "MP x GP", "C.07 13.2.2", "match points", "game points"),
            ("EGMSB", "GP x MP", "C.07 13.2.3", "game points", "match points"),
            ("EGGSB", "GP x GP", "C.07 13.2.4", "game points", "game points"),
        )
    ),
    TiebreakDef(
        "EDE", "Extended direct encounter", "C.07 13.3.1", "P", Direction.GROUP,
        "Direct encounter among the tied teams on the primary score, then on the secondary score.",
        None, order_group=_family("extended_direct_encounter"), scope=TEAM,
    ),
    TiebreakDef(
        "SSSC", "Scores and schedule strength combination", "C.07 13.4", "FPKD", H,
        "The secondary score plus the Buchholz on the primary score divided by FN (13.4.2); /F Fore "
        "Buchholz, /P forfeits as played, /Kx sets FN, /Dn prints n decimals (the value stays exact).",
        _family("sssc"), scope=TEAM,
    ),
    *(
        TiebreakDef(
            code, f"Extended direct encounter, then {then}", "C.07 13.3.2", "P", Direction.GROUP,
            f"EDE; two teams still tied are then separated by {then} in their encounter.",
            None, order_group=_family("extended_direct_encounter"), scope=TEAM,
        )
        for code, then in (
            ("EDEBT", "board count and top board result"),
            ("EDEBB", "board count and bottom board elimination"),
            ("EDET", "top board result"),
            ("EDEB", "bottom board elimination"),
            ("EDEC", "board count"),
        )
    ),
    TiebreakDef(
        "TBR", "Top board result", "C.07 12.2", "", Direction.GROUP,
        "Game points on board 1 over the event, then board 2, and so on; higher is better.",
        None, order_group=_family("board_order"), group_details=_family("board_totals"), scope=TEAM,
    ),
    TiebreakDef(
        "BBE", "Bottom board elimination", "C.07 12.3", "", Direction.GROUP,
        "Game points on all boards but the bottom one, then without the next bottom one; higher is better.",
        None, order_group=_family("board_order"), group_details=_family("board_totals"), scope=TEAM,
    ),
    TiebreakDef(
        "BC", "Board count", "C.07 12.1", "", Direction.LOWER,
        "Sum of board number times game points on that board, over the event; lower is better.",
        _family("board_count"), scope=TEAM,
    ),
    TiebreakDef(
        "ESB", "Extended Sonneborn-Berger (primary x secondary)", "C.07 13.2", "CP", H,
        "The FIDE reference program's ESB: the opponent's primary score times the secondary score "
        "scored against it (EMGSB when match points rank the teams, EGMSB when game points do).",
        _family("extended_sonneborn_berger"), scope=TEAM,
    ),
]  # fmt: skip
"""The team-only criteria; the group orders (EDE, its chains, TBR, BBE) are applied by the ranking,
like DE."""

TIEBREAKS: dict[str, TiebreakDef] = {d.code: d for d in (*_CATALOGUE, *_TEAM_CATALOGUE)}
"""Every tie-break by its acronym: one catalogue for players and teams (:attr:`TiebreakDef.scope`)."""


def catalogue(scope: Scope) -> list[TiebreakDef]:
    """The tie-breaks that rank an event of ``scope`` (:attr:`Scope.INDIVIDUAL` or
    :attr:`Scope.TEAM`), in catalogue order."""
    return [d for d in TIEBREAKS.values() if d.scope.admits(scope)]


def offered(scope: Scope) -> list[TiebreakDef]:
    """The tie-breaks a list for an event of ``scope`` is built from, those of the scope's own first:
    a team event's criteria, then the individual ones C.07 applies to teams (without ``PTS``, which
    is not the team's score)."""
    admitted = catalogue(scope)
    if scope is Scope.INDIVIDUAL:
        return admitted
    return sorted((d for d in admitted if d.code != "PTS"), key=lambda d: d.scope is not scope)


def definition(code: str) -> TiebreakDef:
    """The catalogue entry of an individual or team criterion."""
    return TIEBREAKS[code]


SYNTAX_REMINDER = msg(
    "FIDE acronyms take modifiers after a slash: BH/C1 = Buchholz Cut 1, BH/M1 = Median Buchholz, SB/C1; "
    "{choices} lists every acronym and name",
    choices=Choices(Field.TIEBREAKS),
)


def _did_you_mean(close: list[str]) -> Text:
    """The closest names, as a question (up to three)."""
    if len(close) == 1:
        return msg("; did you mean {a}?", a=close[0])
    if len(close) == 2:
        return msg("; did you mean {a} or {b}?", a=close[0], b=close[1])
    return msg("; did you mean {a}, {b} or {c}?", a=close[0], b=close[1], c=close[2])


def find_tiebreak(code: str) -> TiebreakDef:
    """The catalogue entry for an acronym or alias (case-insensitive)."""
    wanted = code.strip().upper()
    if wanted in TIEBREAKS:
        return TIEBREAKS[wanted]
    for d in TIEBREAKS.values():
        if wanted in d.aliases:
            return d
    if wanted.startswith("OTHER_"):
        raise UnknownTiebreakError(msg("organiser-defined tie-break {code!r} is not supported", code=code))
    close = suggestions(code, list(TIEBREAKS), names=known_names())
    raise UnknownTiebreakError(
        msg(
            "unknown tie-break {code!r}{hint} {reminder}",
            code=code,
            hint=_did_you_mean(close) if close else ".",
            reminder=SYNTAX_REMINDER,
        )
    )


_MOD_RE = re.compile(r"^(?:(C|M)(\d+)|(L)([+-]?)(\d+(?:\.\d+)?)|(U)(\d+)|(P|F|R)|(K)(\d+)|(D)(\d))$")
_MOD_NAMES = {"C": "Cn (cut)", "M": "Mn (median)", "P": "P", "F": "F", "R": "R", "L": "Ln/L+n/L-n", "U": "Un",
              "K": "Kx (factor)", "D": "Dn (decimals shown)"}  # fmt: skip
_VERSION_RE = re.compile(r"^[Vv](\S+)$")

VERSIONS: dict[str, str] = {"2026": "fide-2026", "2024": "fide-2024", "2023": "fide-2024", "2009": "fide-2009"}
"""Rule versions written as a year after ``/V``: C.07 as in force from 1 March 2026, the 2024 text
(which Swiss-Manager calls "2023": the Sep-2023 text, in force from 1 August 2024, is the same), and
the 2009 virtual opponent."""


def rule_version(text: str, raw: str = "") -> str:
    """The rule set a ``/V`` modifier names (``2026``, ``2024``, ``2023``, ``2009`` or a rule-set name
    with its options, ``italian``, ``fide-2026:vur=score``), as its label.

    :raises TiebreakSpecError: for a version no rule set answers to.
    """
    name = VERSIONS.get(text, text)
    try:
        return find_ruleset(name).label
    except UnknownRulesetError:
        raise TiebreakSpecError(
            msg(
                "{raw!r}: {problem}",
                raw=raw or text,
                problem=msg(
                    "unknown rule version '/V{version}': write a year ({years}) or a rule set's name",
                    version=text,
                    years=", ".join(VERSIONS),
                ),
            )
        ) from None


def modifier_help(d: TiebreakDef) -> list[str]:
    """The modifiers a tie-break accepts, as shown to users."""
    return [_MOD_NAMES[m] for m in d.modifiers]


def parse_spec(text: str, *, scope: Scope | None = None, primary: ScoreName | None = None) -> TiebreakSpec:
    """Parse one specifier (``BH/C1``, ``sb/c1/p``, ``KS/L-2``, ``BH:GP/C1``, ``SSSC/K3`` ...),
    validated against the catalogue; ``scope`` checks that it ranks an event of that scope (a
    score selector ``:MP``/``:GP`` is for team events), None accepts either.  ``primary``: the score
    a criterion for players and teams is computed on when named without a selector in a team event
    (its primary score, digest 2.5).

    :raises UnknownTiebreakError: for an unknown acronym.
    :raises TiebreakSpecError: for a modifier the tie-break does not allow, a score selector on a
        criterion without one or in an individual event, or a tie-break that does not rank this
        kind of event.
    """
    raw = text.strip()
    if not raw:
        raise TiebreakSpecError(msg("empty tie-break specifier"))
    named = _from_name(raw, team=scope is Scope.TEAM)
    if named is not None:
        try:
            return parse_spec(named, scope=scope, primary=primary)
        except TiebreakSpecError as exc:
            inner = exc.text()
            detail = inner.params.get("problem", inner) if inner.template == "{raw!r}: {problem}" else inner
            raise TiebreakSpecError(
                msg("{raw!r} reads as {named}: {detail}", raw=raw, named=named, detail=detail)
            ) from None
    parts = raw.split("/")
    name = parts[0]
    name = re.sub(r"@\d+$", "", name)  # '@yy' is informative only
    selector: ScoreName | None = None
    if ":" in name:
        name, _, score = name.partition(":")
        if score.upper() not in ("MP", "GP"):
            raise TiebreakSpecError(
                msg(
                    "{raw!r}: {problem}",
                    raw=raw,
                    problem=msg("unknown score selector ':{score}' (expected :MP or :GP)", score=score),
                )
            )
        selector = ScoreName(score.upper())
    d = find_tiebreak(name)
    if scope is not None and not d.scope.admits(scope):
        raise TiebreakSpecError(_scope_problem(raw, d, scope))
    if selector is not None and scope is Scope.INDIVIDUAL:
        raise TiebreakSpecError(
            msg("{label!r}: the score selectors :MP and :GP are for team events (match or game points)", label=raw)
        )
    if selector is None and primary not in (None, ScoreName.PTS) and d.scope is Scope.BOTH and d.code != "PTS":
        selector = primary  # a team's score; a player's points need no selector
    if selector is not None and d.scope is Scope.TEAM:
        raise TiebreakSpecError(
            msg(
                "{raw!r}: {problem}",
                raw=raw,
                problem=msg(
                    "{code} takes no score selector (:MP, :GP): the scores are in its name", code=d.code
                ),
            )
        )
    allowed = ", ".join(_MOD_NAMES[m] for m in d.modifiers) or msg("none")
    kw: _Modifiers = {}
    for mod in parts[1:]:
        version = _VERSION_RE.match(mod.strip())
        if version is not None:
            given = rule_version(version.group(1), raw)
            if "version" in kw and kw["version"] != given:  # the same version twice is one
                raise TiebreakSpecError(
                    msg("{raw!r}: {problem}", raw=raw, problem=msg("only one rule version is allowed"))
                )
            kw["version"] = given
            continue
        m = _MOD_RE.match(mod.strip().upper())
        letter = (
            None
            if m is None
            else next(g for g in (m.group(1), m.group(3), m.group(6), m.group(8), m.group(9), m.group(11)) if g)
        )
        if m is None or letter is None or letter not in d.modifiers:
            raise TiebreakSpecError(
                msg(
                    "{raw!r}: {problem}",
                    raw=raw,
                    problem=msg(
                        "modifier '/{mod}' is not allowed for {code}; allowed modifiers: {allowed}",
                        mod=mod,
                        code=d.code,
                        allowed=allowed,
                    ),
                )
            )
        if letter in ("C", "M"):
            n = int(m.group(2))
            if n < 1 or n > 99:
                raise TiebreakSpecError(
                    msg(
                        "{raw!r}: {problem}",
                        raw=raw,
                        problem=msg("'/{mod}' must cut between 1 and 99 values", mod=mod),
                    )
                )
            if "cut_low" in kw:
                raise TiebreakSpecError(
                    msg(
                        "{raw!r}: {problem}",
                        raw=raw,
                        problem=msg("only one cut or median modifier is allowed"),
                    )
                )
            kw["cut_low"] = n
            kw["cut_high"] = n if letter == "M" else 0
        elif letter == "L":
            sign, number = m.group(4), m.group(5)
            if sign:
                # steps of half a point; a decimal number is taken in points
                amount = Fraction(number) if "." in number else Fraction(int(number), 2)
                kw["limit"] = amount if sign == "+" else -amount
            else:
                kw["limit"] = Fraction(number)
                kw["limit_percent"] = True
        elif letter == "U":
            kw["unrated"] = int(m.group(7))
        elif letter == "P":
            kw["forfeits_played"] = True
        elif letter == "F":
            kw["fore"] = True
        elif letter == "R":
            kw["reverse"] = True
        elif letter == "K":
            kw["factor"] = max(int(m.group(10)), 1)
        elif letter == "D":
            kw["decimals"] = int(m.group(12))
    return TiebreakSpec(d.code, score=selector, **kw)


def _scope_problem(raw: str, d: TiebreakDef, scope: Scope) -> Text:
    """Why a tie-break does not rank this kind of event, with the ones that do (teams)."""
    if scope is not Scope.TEAM:
        return msg(
            "{label!r} is a team tie-break (C.07 Arts. 11-13): it ranks the teams of a team event", label=raw
        )
    known = ", ".join(x.code for x in catalogue(Scope.TEAM) if not x.diagnostic)
    if d.code == "SB":
        return msg(
            "{label!r} is not a team tie-break (for teams: EMMSB, EMGSB, EGMSB or EGGSB); team tie-breaks: {known}",
            label=raw, known=known,
        )  # fmt: skip
    return msg("{label!r} is not a team tie-break; team tie-breaks: {known}", label=raw, known=known)


def _from_name(raw: str, *, team: bool = False) -> str | None:
    """The specifier a name stands for ("Buchholz Cut 1" -> "BH/C1", "Buchholz/C1/P" -> "BH/C1/P"),
    None for specifier syntax; ``team``: as a team event reads a program's name."""
    if ":" in raw or "@" in raw:
        return None
    head, slash, tail = raw.partition("/")
    upper = head.strip().upper()
    if upper in TIEBREAKS or any(upper in d.aliases for d in TIEBREAKS.values()):
        return None  # an acronym of the catalogue is never read as a name
    try:
        named = resolve_name(head, known_names(), TIEBREAKS)
    except ValueError as exc:
        raise UnknownTiebreakError(exc.args[0] if exc.args else str(exc)) from None
    if named is not None and named != upper:
        return f"{named}/{tail}" if slash else named
    try:
        printed = program_spec(raw, team=team)
    except ValueError as exc:
        raise TiebreakSpecError(exc.args[0] if exc.args else str(exc)) from None
    return printed


def program_spec(text: str, *, team: bool = False) -> str | None:
    """The specifier a name printed by a program stands for, else None
    (:func:`spareggio.tiebreaks.legend.program_spec`, loaded by name with the programs'
    descriptions the first time a list holds a name rather than an acronym)."""
    spec = cast(Callable[..., "str | None"], load("legend-names"))
    return spec(text, team=team)


@functools.cache
def known_names() -> dict[str, str]:
    """Every name accepted for a tie-break, normalised, with the specifier it stands for: the names
    of :data:`~spareggio.tiebreaks.names.NAMES`, then each tie-break's name as spareggio prints it in
    every language it speaks, with and without a note in brackets ("Cumulativo (US Chess)").  A
    printed name that two tie-breaks share, or that is an acronym, adds nothing."""
    printed: dict[str, set[str]] = {}
    for d in TIEBREAKS.values():
        for lang in languages():
            name = localize(Text(d.name, "tiebreak"), lang)
            for form in (name, re.sub(r"\s*\([^)]*\)", "", name)):
                printed.setdefault(normalise(form), set()).add(d.code)
    out = dict(NAMES)
    for key, codes in printed.items():
        if (
            key
            and len(codes) == 1
            and key not in out
            and key not in AMBIGUOUS
            and key.upper() not in TIEBREAKS
        ):
            out[key] = next(iter(codes))
    return out


def split_list(text: str) -> list[str]:
    """A comma-separated list split at the commas outside brackets (a printed name may carry
    ``(Gamepoints, Cut1)``)."""
    items, depth, start = [], 0, 0
    for k, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(depth - 1, 0)
        elif char == "," and depth == 0:
            items.append(text[start:k].strip())
            start = k + 1
    items.append(text[start:].strip())
    return items


def _rejoin(items: list[str]) -> list[str]:
    """Items split at a comma that belongs to a printed name ("Progressive Score, before
    FIDE-Tie-Break (PS)") joined again: an item no name or specifier reads is joined with the one
    before when together they are a program's printed name."""
    out: list[str] = []
    for item in items:
        if out and _unreadable(item):
            joined = f"{out[-1]}, {item}"
            try:
                if program_spec(joined) is not None:
                    out[-1] = joined
                    continue
            except ValueError:
                pass
        out.append(item)
    return out


def _unreadable(item: str) -> bool:
    try:
        parse_spec(item)
    except (UnknownTiebreakError, TiebreakSpecError):
        return True
    return False


def parse_spec_list(
    text: str | list[str] | tuple[str, ...],
    *,
    allow_empty: bool = False,
    scope: Scope | None = None,
    primary: ScoreName | None = None,
) -> list[tuple[str, TiebreakSpec]]:
    """Parse a comma-separated list (or a sequence, or a legend pasted whole: ``Tie Break1: ...
    Tie Break2: ...``); returns (label, spec) pairs.  Items may be names as programs print them
    (:mod:`spareggio.tiebreaks.legend`).

    The label is the text as given for a FIDE specifier (``bh/c1``), the FIDE specifier for a name
    (``Buchholz Cut 1`` -> ``BH/C1``); ``scope`` and ``primary`` as in :func:`parse_spec`.

    :raises TiebreakSpecError: for an empty list (unless ``allow_empty``: a file's 212 record may
        list the points alone) or a tie-break listed twice (a group tie-break, DE, may come again
        after others: C.07 4.3).
    """
    key = (text if isinstance(text, str) else tuple(text), allow_empty, scope, primary)
    known = _PARSED_LISTS.get(key)
    if known is not None:
        return list(known)
    out = _parse_spec_list(text, allow_empty=allow_empty, scope=scope, primary=primary)
    if len(_PARSED_LISTS) >= _PARSED_LISTS_KEPT:
        _PARSED_LISTS.clear()
    _PARSED_LISTS[key] = tuple(out)
    return out


_PARSED_LISTS: dict[tuple[object, ...], tuple[tuple[str, TiebreakSpec], ...]] = {}
"""The lists :func:`parse_spec_list` has read, by text and arguments: the result is a function of them
and of the catalogue alone, which never changes, and its pairs are immutable (a batch reads the same
few lists in every file).  A list that is refused is read again each time (its error is raised anew)."""
_PARSED_LISTS_KEPT = 1024


def _parse_spec_list(
    text: str | list[str] | tuple[str, ...],
    *,
    allow_empty: bool,
    scope: Scope | None,
    primary: ScoreName | None,
) -> list[tuple[str, TiebreakSpec]]:
    """:func:`parse_spec_list`, read each time."""
    if isinstance(text, str):
        items = legend_items(text) if is_legend(text) else split_list(text)
    else:
        items = [s.strip() for s in text]
    items = [s for s in items if s]
    if not items and not allow_empty:
        raise TiebreakSpecError(
            msg("the tie-break list is empty: name at least one, e.g. MPvGP,BH/C1,EMGSB")
            if scope is Scope.TEAM
            else msg("the tie-break list is empty: name at least one, e.g. BH/C1,BH,SB")
        )
    out: list[tuple[str, TiebreakSpec]] = []
    seen: dict[TiebreakSpec, str] = {}
    items = _rejoin(items)
    for item in items:
        spec = parse_spec(item, scope=scope, primary=primary)
        label = item if _from_name(item) is None else str(spec)
        if spec in seen and not TIEBREAKS[spec.code].is_group:  # C.07 4.3: DE may appear again
            again = f"{item!r}" if seen[spec] == item else f"{item!r} (the same as {seen[spec]!r})"
            raise TiebreakSpecError(msg("{again} is listed twice in the tie-break list", again=again))
        seen[spec] = item
        out.append((label, spec))
    return out
