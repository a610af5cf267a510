"""Reader of Vega's tournament file (``.veg``), the file Vega (Luigi Forlano, vegachess.com) saves a
tournament in; :mod:`spareggio.io.vega_tdf` reads its ``.tdf`` export.

What is established, and from where (``docs/formats.md`` says the same for users):

- **Header and players** — Vega's manual, Appendix J ("File \\*.veg", 2016 edition): a first line
  ``Vega <version>``, then one value a line: name, city, federation, ``first day, last day``,
  arbiter, the points for a draw and a win (``0.5 1.0``), the tie-break order (numbers into Vega's
  list: 1 Buchholz Cut 1, 2 Buchholz Total, 3 Buchholz Median, 4 Sonneborn-Berger, 5 Cumulative,
  6 Average Rating of Opponents, 7 Koya, 8 Most Wins, 9 Average Performance Rating of Opponents;
  0 ends the list), then the number of rounds, the current round, the pairing system (1 Dubov,
  2 round robin, 3 Vega, 4 USCF, 5 double round robin, 6 and 8 Amalfi, 7 Lim, 9 user defined, 10
  Dutch), whether FIDE ratings pair, whether registration is closed, the round status (0 waiting for
  the pairing, 1 waiting for results), whether the Kallithea 2009 rule is used for Buchholz (1 yes),
  the acceleration settings, and the number of players; then a ``NAME;COUNTRY;...`` line naming the
  ``;``-separated columns of the player lines that follow.
- **Rounds** — the manual does not describe them.  They are read as Vega's source writes its round
  data (public Vega source, ``RoundData::SaveRound``): a ``# players color`` section (a line per
  player: id, then 1 white, -1 black, 0 none per round), ``# players opponent`` (the opponent's id,
  0 none) and ``# round results`` (per round: 1 win, 2 draw, 0 loss, 3 forfeit win, 4 forfeit loss,
  6 forfeit draw; without opponent 3 a bye of one point, 6 or 8 a half-point bye, 0 or 4 no point).
  That this section follows the players in the one-file ``.veg`` of Vega 5.5 and later is an
  inference (the manual says 5.5 merged the two files), marked so in the documentation: a file
  without these sections is refused with a message that says so.
- **Rules** — Vega computes Buchholz and Sonneborn-Berger with the virtual opponent of the 2009
  Kallithea rule (manual, Appendix I; seed 003); the header's Kallithea flag says whether the event
  used it.  The tournament carries the rule set Vega applied (``vega-2009`` or the older
  ``vega-draw-vs-self``) and why, and the standings say so.
"""

from __future__ import annotations

import datetime as _dt
import re
from fractions import Fraction

from ..base.errors import Diagnostic, InputError, Position
from ..base.i18n import Field, Text, msg
from ..core.model import Color, Player, ResultKind, Scoring, Tournament, TournamentKind
from ..core.programs import programs
from .assemble import (
    MAX_ROUNDS,
    Crosstable,
    EventFields,
    assemble,
    checked,
    decode,
    points_text,
    small_int,
    too_many_rounds,
)
from .heads import VEGA_EXTENSIONS as EXTENSIONS
from .heads import VEGA_MAX_BYTES as MAX_FILE_BYTES
from .heads import sniff_vega as sniff
from .limits import MAX_LINE_CHARS, check_length, clean_lines
from .options import ReadOptions

__all__ = [
    "EXTENSIONS",
    "MAX_FILE_BYTES",
    "TIEBREAKS",
    "kind_from_system",
    "parse",
    "parse_day",
    "parse_veg",
    "rules_note",
    "sniff",
    "tiebreak_specs",
]

K = ResultKind

TIEBREAKS = {
    1: "BH/C1",
    2: "BH",
    3: "BH/M1",
    4: "SB",
    5: "PS",
    6: "ARO",
    7: "KS",
    8: "WON",
    9: "APRO",
}
"""Vega's tie-break numbers (Appendix J) and the C.07 specifiers they stand for.  "Most Wins" is
``WON`` (games won over the board): Vega's source counts a forfeit win as a draw for it."""

_NAMES = {
    " ".join(re.sub(r"[^a-z0-9]+", " ", n.text.lower()).split()): n.spec for n in programs()["vega"].names
}
"""Vega's tie-break names and the C.07 specifiers they stand for: the name table of Vega's profile
(``programs/data/vega.toml``, Appendix J's legend with its spelling "Buccholz"); in a Vega file
"Cumulative" is Vega's progressive score, not US Chess's."""

_SYSTEMS = {
    1: TournamentKind.SWISS,
    2: TournamentKind.ROUND_ROBIN,
    3: TournamentKind.SWISS,
    4: TournamentKind.SWISS,
    5: TournamentKind.ROUND_ROBIN,
    6: TournamentKind.SWISS,
    7: TournamentKind.SWISS,
    8: TournamentKind.SWISS,
    10: TournamentKind.SWISS,
}
"""Vega's pairing systems (Appendix J) and the kind of event they make; 9 (user defined) says
nothing."""

_WITH_OPPONENT = {
    0: K.PLAYED_LOSS,
    1: K.PLAYED_WIN,
    2: K.PLAYED_DRAW,
    3: K.FORFEIT_WIN,
    4: K.FORFEIT_LOSS,
    9: K.PENDING,
}
_WITHOUT_OPPONENT = {
    0: K.ABSENT,
    1: K.PAB,
    2: K.HALF_BYE,
    3: K.PAB,
    4: K.ZERO_BYE,
    6: K.HALF_BYE,
    8: K.HALF_BYE,
}
_COLOURS = {1: Color.WHITE, -1: Color.BLACK, 0: Color.NONE}
_SECTIONS = ("# players color", "# players opponent", "# round results")


def parse(data: bytes, name: str, options: ReadOptions) -> Tournament:
    """The registry's entry point: :func:`parse_veg` with the reader options."""
    return parse_veg(data, name, kind=options.kind)


# -- shared with the .tdf reader ----------------------------------------------------------------------


def parse_day(text: str) -> _dt.date | None:
    """A Vega date: ``24/12/2007`` (day first, as Vega writes it) or ``2007/12/24``."""
    m = re.match(r"^\s*(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\s*$", text)
    if m is None:
        return None
    a, b, c = (int(g) for g in m.groups())
    year, month, day = (a, b, c) if a > 31 else (c, b, a)
    if year < 100:
        year += 2000 if year < 70 else 1900
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def kind_from_system(text: str) -> TournamentKind | None:
    """The kind of event a pairing system's name says (``Individual: Swiss-System Dutch``, ``Round
    Robin``), or None."""
    low = text.lower()
    if "robin" in low or "berger" in low or "girone" in low:
        return TournamentKind.ROUND_ROBIN
    if "swiss" in low or "svizzero" in low:
        return TournamentKind.SWISS
    return None


def tiebreak_specs(items: list[str]) -> tuple[str, ...]:
    """A Vega tie-break list: Vega's numbers and names become C.07 specifiers; another name is kept
    as written (the tie-break catalogue reads it, or says it does not know it)."""
    out = []
    for item in (i.strip() for i in items):
        if not item or item == "0":
            continue
        number = small_int(item)
        if number is not None:
            out.append(TIEBREAKS.get(number, item))
            continue
        key = " ".join(re.sub(r"[^a-z0-9]+", " ", item.lower()).split())
        out.append(_NAMES.get(key, item))
    return tuple(out)


RULES = {True: "fide-2009", False: "draw-vs-self"}


def rules_note(kallithea: bool | None, where: Position) -> tuple[Text, Diagnostic | None]:
    """Why a Vega file's rule set applies, and the warning to show when it is assumed (the file does
    not say)."""
    if kallithea is not None:
        state = Text("on" if kallithea else "off", "state")
        return msg("the Vega file's Kallithea 2009 setting is {state}", state=state), None
    reason = msg("a Vega file: Vega applies the 2009 virtual opponent (Vega manual, Appendix I)")
    warning = Diagnostic(
        "vega-rules",
        msg(
            "the file does not say how Vega counted unplayed games: {rules}, Vega's default, is applied "
            "(choose another with {field})",
            rules=RULES[True],
            field=Field.RULES,
        ),
        where,
    )
    return reason, warning


# -- the .veg file ---------------------------------------------------------------------------------


class _Lines:
    def __init__(self, text: str, path: str) -> None:
        self.lines = text.splitlines()
        self.path = path
        self.i = 0

    def pos(self, i: int | None = None, column: int = 1) -> Position:
        return Position(self.path, (self.i if i is None else i) + 1, column)

    def next(self) -> str:
        if self.i >= len(self.lines):
            raise InputError(
                msg("the file ends early: the header, the players or the rounds are incomplete"),
                self.pos(max(len(self.lines) - 1, 0)),
            )
        line = self.lines[self.i]
        self.i += 1
        check_length(line, MAX_LINE_CHARS, msg("a line"), self.pos(self.i - 1))
        return line.split(" #", 1)[0].strip()


def _number(text: str, pos: Position) -> Fraction:
    return points_text(text, pos, msg("the points for a draw and a win"))


def parse_veg(data: bytes | str, path: str = "<string>", *, kind: TournamentKind | None = None) -> Tournament:
    """Read a Vega ``.veg`` file (see the module's text).

    :raises InputError: for a line that does not follow the layout, with its line and column.
    """
    text = clean_lines(decode(data, path) if isinstance(data, bytes) else data.removeprefix("\ufeff"))
    src = _Lines(text, path)
    first = src.next()
    if not first.lower().startswith("vega"):
        raise InputError(msg("a Vega file begins with a line 'Vega <version>'"), src.pos(0))
    head = {
        key: checked(src.next(), src.pos(src.i - 1))
        for key in ("name", "city", "federation", "dates", "arbiter")
    }
    points_line = src.next()
    parts = points_line.split()
    if len(parts) < 2:
        raise InputError(
            msg('{value!r} is not the points for a draw and a win (as "0.5 1.0")', value=points_line),
            src.pos(src.i - 1),
        )
    draw, win = (_number(p, src.pos(src.i - 1)) for p in parts[:2])
    order = src.next().split()
    tb_pos = src.pos(src.i - 1)
    # the settings up to the players' column line: a stream of numbers (comments after '#')
    settings: list[str] = []
    while True:
        line = src.next()
        if line.upper().startswith("NAME"):
            columns = [c.strip().upper() for c in line.split(";")]
            break
        settings.extend(line.split("#", 1)[0].split())
    count = settings[-1] if settings else ""
    if small_int(count) is None:
        raise InputError(msg("the number of players must come before the player list"), src.pos(src.i - 2))
    n = int(count)
    players = _players(src, columns, n)
    ct = _rounds(src, players)
    values = [small_int(v, signed=True) for v in settings[:-1]]
    rounds_announced = values[0] if values and values[0] is not None and values[0] > 0 else None
    current = values[1] if len(values) > 1 else None
    system = values[2] if len(values) > 2 else None
    status = values[5] if len(values) > 5 else None
    kallithea = bool(values[6]) if len(values) > 6 and values[6] is not None else None
    if status == 1 and current is not None and 0 < current <= ct.kind.shape[1]:
        r = current - 1
        paired = ct.opponent[:, r] >= 0
        ct.kind[
            paired & (ct.kind[:, r] == K.PLAYED_LOSS) & (ct.kind[ct.opponent[:, r], r] == K.PLAYED_LOSS), r
        ] = K.PENDING
    reason, warning = rules_note(kallithea, src.pos(0))
    if warning is not None:  # an assumption: said where the warnings are
        ct.warnings.append(warning)
    first_day, _, last_day = head["dates"].partition(",")
    start = parse_day(first_day)
    event: EventFields = {
        "name": head["name"],
        "city": head["city"],
        "federation": head["federation"],
        "scoring": Scoring(win=win, draw=draw),
        "start_date": start,
        "start_date_text": first_day.strip() if start else None,
        "start_date_position": src.pos(4) if start else None,
        "end_date": parse_day(last_day),
        "announced_rounds": rounds_announced,
        "tiebreak_list": tiebreak_specs(order),
        "tiebreak_list_position": tb_pos,
        "declared_rules": RULES[True if kallithea is None else kallithea],
        "declared_rules_reason": reason,
        "publisher": "vega",
        "encoding": "utf-8",
    }
    if kind is None and system in _SYSTEMS:
        event["kind_of_event"] = _SYSTEMS[system]
        return assemble(ct, path, kind=None, kind_basis=f"Vega pairing system {system}", **event)
    return assemble(ct, path, kind=kind, **event)


def _players(src: _Lines, columns: list[str], n: int) -> list[Player]:
    col = {name: k for k, name in enumerate(columns)}
    if "NAME" not in col:
        raise InputError(msg("the player list names no NAME column"), src.pos(src.i - 1))
    players = []
    for k in range(n):
        line = src.next()
        fields = [f.strip() for f in line.split(";")]

        def get(name: str, fields: list[str] = fields) -> str:
            j = col.get(name)
            return fields[j] if j is not None and j < len(fields) else ""

        if len(fields) < 2 or not get("NAME"):
            raise InputError(
                msg(
                    "player {start_number}: a player line has ';'-separated fields, the name first",
                    start_number=k + 1,
                ),
                src.pos(src.i - 1),
            )
        rating = get("ELOFIDE")
        national = get("ELONAT")
        value = small_int(rating) or small_int(national) or None
        players.append(
            Player(
                start_number=k + 1,
                name=checked(get("NAME"), src.pos(src.i - 1), name=True),
                sex=get("G").lower()[:1] or get("GENDER").lower()[:1],
                title=checked(get("TITLE"), src.pos(src.i - 1)).upper(),
                rating=value,
                federation=get("COUNTRY"),
                fide_id=get("IDFIDE") if get("IDFIDE") not in ("", "0") else "",
                birth_date=get("BIRTHDAY") if get("BIRTHDAY") not in ("", "00.00.00") else "",
                position=src.pos(src.i - 1),
            )
        )
    return players


def _section(src: _Lines, title: str, n: int) -> tuple[list[list[int]], list[int]]:
    """The ``n`` lines of a round section after its title: per player, one integer per round."""
    while src.i < len(src.lines) and src.lines[src.i].strip().lower() != title:
        src.i += 1
    if src.i >= len(src.lines):
        raise InputError(
            msg(
                "no {title!r} section after the players: the rounds of this Vega file are in a layout spareggio does not know (export the tournament as TRF or .tdf from Vega)",
                title=title,
            ),
            src.pos(len(src.lines) - 1),
        )
    src.i += 1
    rows, lines = [], []
    for k in range(n):
        line = src.next()
        words = line.split()
        numbers = [small_int(w, signed=True) for w in words]
        if not words or None in numbers or numbers[0] != k + 1:
            raise InputError(
                msg(
                    "{title!r} section: expected player {start_number}'s line (the id, then one number per round), found {value!r}",
                    title=title,
                    start_number=k + 1,
                    value=line,
                ),
                src.pos(src.i - 1),
            )
        if len(words) - 1 > MAX_ROUNDS:
            raise too_many_rounds(len(words) - 1, src.pos(src.i - 1))
        rows.append([int(w) for w in words[1:]])  # each checked by small_int above
        lines.append(src.i - 1)
    return rows, lines


def _rounds(src: _Lines, players: list[Player]) -> Crosstable:
    n = len(players)
    colours, _ = _section(src, _SECTIONS[0], n)
    opponents, opp_lines = _section(src, _SECTIONS[1], n)
    results, res_lines = _section(src, _SECTIONS[2], n)
    rounds = max((len(r) for r in opponents), default=0)

    def where(i: int, r: int) -> Position:
        return Position(src.path, res_lines[i] + 1, 1)

    ct = Crosstable.empty(players, rounds, where)
    for i in range(n):
        for r in range(rounds):
            opp = opponents[i][r] if r < len(opponents[i]) else 0
            res = results[i][r] if r < len(results[i]) else 0
            col = colours[i][r] if r < len(colours[i]) else 0
            if opp < 0 or opp > n:
                raise InputError(
                    msg(
                        "round {round}: opponent {value} is not a player id of the file",
                        round=r + 1,
                        value=opp,
                    ),
                    Position(src.path, opp_lines[i] + 1, 1),
                )
            table = _WITH_OPPONENT if opp else _WITHOUT_OPPONENT
            if res not in table:
                if opp and res == 6:
                    raise InputError(
                        msg(
                            "round {round}: a forfeit draw between two players (Vega code 6) has no equivalent in C.07; "
                            "Vega gives it as a half-point bye to each",
                            round=r + 1,
                        ),
                        where(i, r),
                    )
                raise InputError(
                    msg("round {round}: {value} is not a Vega result code", round=r + 1, value=res),
                    where(i, r),
                )
            ct.kind[i, r] = table[res]
            if opp:
                ct.opponent[i, r] = opp - 1
                ct.color[i, r] = _COLOURS.get(col, Color.NONE)
    return ct
