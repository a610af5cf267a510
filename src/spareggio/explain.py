"""Explanations: every tie-break value of a player shown round by round, as an arbiter justifies it.

An explanation is built **only** from the records that produced the standings: the
:class:`~spareggio.tiebreaks.records.Record` rows of every tie-break (the
:class:`~spareggio.tiebreaks.base.Contributions` of the opponent-score tie-breaks seen as one
:class:`~spareggio.tiebreaks.records.RecordTable`), the opponent view and the rule set those records
were built from (adjusted scores, the article a footnote cites), and the steps recorded by group
tie-breaks.  Nothing is computed a second time.  :func:`explain_player` gives structured data;
:func:`render_text` and :func:`to_dict` render it; ``spareggio.render.html`` renders it as a page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .cuts import CutMark
from .i18n import msg, translate, translate_reason, warning_body
from .messages import message
from .model import Color, ResultKind
from .numbers import exact_number, format_number, is_finite_decimal, json_number
from .rules.base import Source
from .standings import Standings
from .tiebreaks import definition
from .tiebreaks.base import Direction, TiebreakResult
from .tiebreaks.direct_encounter import DirectEncounterStep
from .tiebreaks.rating import DP_TABLE
from .tiebreaks.records import (
    Aggregate,
    Record,
    Why,
    aggregate,
    expected_total,
    perfect_rating,
    round_half_up,
)

__all__ = [
    "Explanations",
    "PlayerExplanation",
    "RoundLine",
    "TiebreakExplanation",
    "Versus",
    "check_language",
    "explain_all",
    "explain_player",
    "explain_versus",
    "find_player",
    "format_value",
    "render_text",
    "render_versus_text",
    "to_dict",
    "versus_to_dict",
]

_RESULT_SIGN = {
    ResultKind.PLAYED_WIN: "1",
    ResultKind.PLAYED_DRAW: "½",
    ResultKind.PLAYED_LOSS: "0",
    ResultKind.FORFEIT_WIN: "+",
    ResultKind.FORFEIT_LOSS: "-",
    ResultKind.DOUBLE_FORFEIT: "--",
}


@dataclass(frozen=True)
class RoundLine:
    """One round of one tie-break, ready to print."""

    round: int
    colour: str
    opponent: int | None
    opponent_name: str
    kind: str
    result: str
    score: Fraction | None
    factor: Fraction | None
    contribution: Fraction | None
    counted: bool
    vur: bool
    note: str
    cut: str
    input_code: str = "opponent_score"
    """What ``score`` holds (the input the rule uses): a stable code, see docs/explain-json.md."""
    why: str = "counted"
    """Why the round counts or not: a stable code (:class:`~spareggio.tiebreaks.records.Why`)."""
    kind_code: str = ""
    """The unplayed round's kind as a stable code (``half_point_bye``), empty for a game played."""
    detail: str = ""
    """A stable code for a contribution that is not simply the input (``less_a_win``), else empty."""
    colour_code: str = ""
    """``white`` or ``black`` (``colour`` is the letter in the explanation's language), empty when
    no colour applies."""


@dataclass(frozen=True)
class Footnote:
    ref: str
    start_number: int
    name: str
    actual: Fraction
    adjusted: Fraction
    rounds: tuple[tuple[int, str, Fraction, Fraction], ...]
    """(round, kind, points received, value counted)."""
    text: str


@dataclass
class TiebreakExplanation:
    label: str
    code: str
    name: str
    article: str
    value: Fraction | None
    description: str
    rounds: list[RoundLine] = field(default_factory=list)
    sum_line: str = ""
    removed_line: str = ""
    cut_line: str = ""
    footnotes: list[Footnote] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    """Free explanation lines (group tie-breaks, adjusted scores, details of other tie-breaks)."""
    aggregate: str = "sum"
    """How the counted contributions make the value (:class:`~spareggio.tiebreaks.records.Aggregate`)."""
    sum_label: str = "sum"
    """The message key of the label before ``sum_line``."""
    exact: Fraction | None = None
    """The exact value before the rounding a rule prescribes (ARO, APRO, APPO, TPR's ARO)."""
    groups: list[dict[str, Any]] = field(default_factory=list)
    """Group tie-breaks: every examination of a tied group the player was in."""
    rules_view: str = ""
    """The rule set whose view of unplayed rounds the records were built from."""
    footnotes_heading: str = "footnotes"
    """The message key of the heading above the footnotes (it cites the rule of ``rules_view``)."""
    elements: list[Record] = field(default_factory=list)
    """The records of a tie-break that is not per round (the player's own rating or number)."""


@dataclass
class PlayerExplanation:
    start_number: int
    name: str
    rank: str
    points: Fraction
    rules: str
    rules_reason: str
    after_round: int
    lang: str
    tiebreaks: list[TiebreakExplanation]
    rules_warning: str | None = None
    """The assumption the rule set rests on (a missing or ambiguous start date), shown at the top."""
    place: int = 0
    """The player's rank as a number (``rank`` is the place as printed: ``"3-4"`` when shared)."""
    tournament: str = ""
    """The tournament's name, heading every explanation."""
    standings_tiebreaks: list[str] = field(default_factory=list)
    """The tie-break list of the standings explained, in order (the explanation may show fewer)."""

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        """The explanation as JSON-ready data (the layout of ``spareggio explain --format json``);
        numbers are JSON numbers, or with ``exact`` exact fractions in strings (``"93/2"``)."""
        return to_dict(self, exact=exact)

    def to_json(self, *, exact: bool = False) -> str:
        """The explanation as the JSON text ``spareggio explain --format json`` prints."""
        import json

        return json.dumps(to_dict(self, exact=exact), ensure_ascii=False, indent=2) + "\n"


def check_language(lang: str) -> str:
    """``lang`` when explanations speak it (case-insensitive), else an error naming the known ones."""
    from .errors import ArgumentError
    from .i18n import check_language as known

    if not (lang or "").strip():
        raise ArgumentError(
            msg("no language given; known languages: {known}", known=", ".join(["en", *_others()]))
        )
    return known(lang)


def _others() -> list[str]:
    from .i18n import languages

    return [code for code in languages() if code != "en"]


def find_player(t: Any, who: int | str) -> int:
    """The start number of the player meant by ``who``: a start number, or a name matched without
    regard to case, accents and commas: the whole name, else whole words of it ("Rossi" is not
    "Rossini"), else the starts of words, else parts of words; the first of these that any player
    matches must be matched by one player only.

    :raises ArgumentError: when no player or more than one player matches (the candidates listed).
    """
    from .errors import ArgumentError
    from .tiebreaks.names import normalise

    text = str(who).strip()
    if text.isascii() and text.isdigit():
        t.index_of(int(text))
        return int(text)
    wanted = normalise(text).replace(",", " ")
    wanted = " ".join(wanted.split())
    if not wanted:
        raise ArgumentError(msg("name the player by start number or by name"))

    def key(name: str) -> str:
        return " ".join(normalise(name).replace(",", " ").split())

    parts = wanted.split()
    keys = [(p, key(p.name)) for p in t.players]
    tiers = (
        lambda k: k == wanted,  # the whole name
        lambda k: all(part in k.split() for part in parts),  # whole words: "Rossi" is not "Rossini"
        lambda k: all(any(word.startswith(part) for word in k.split()) for part in parts),  # word starts
        lambda k: all(part in k for part in parts),  # parts of words
    )
    found = []
    for matches in tiers:
        found = [p for p, k in keys if matches(k)]
        if found:
            break
    if len(found) == 1:
        return int(found[0].start_number)
    if not found:
        raise ArgumentError(
            msg("no player named {text!r} (give a start number or another part of the name)", text=text)
        )
    listed = ", ".join(f"{p.start_number} {p.name}" for p in found[:12]) + (
        ", ..." if len(found) > 12 else ""
    )
    raise ArgumentError(
        msg(
            "{text!r} matches {value} players: {listed}; give the start number or more of the name",
            text=text,
            value=len(found),
            listed=listed,
        )
    )


# -- building ----------------------------------------------------------------------------------------


def explain_player(
    s: Standings, start_number: int, labels: list[str] | None = None, lang: str = "en"
) -> PlayerExplanation:
    """Explain every tie-break of the standings (or ``labels`` of them) for one player.

    :raises ArgumentError: for a language explanations do not speak.
    """
    lang = check_language(lang)
    t = s.tournament
    i = t.index_of(start_number)
    row = s.row_of(start_number)
    wanted = labels if labels is not None else s.labels
    out = []
    for label in wanted:
        res = s.results[label]
        out.append(_explain_tiebreak(s, res, label, i, lang))
    return PlayerExplanation(
        start_number=start_number,
        name=row.player.name,
        rank=row.place,
        points=row.points,
        rules=s.rules.label,
        rules_reason=s.rules_reason,
        after_round=s.after_round,
        lang=lang,
        tiebreaks=out,
        rules_warning=s.rules_warning,
        place=row.rank,
        tournament=t.name,
        standings_tiebreaks=list(s.labels),
    )


class Explanations(list[PlayerExplanation]):
    """Every player's explanation in standings order: what ``spareggio explain --all`` writes."""

    def __init__(self, explanations: list[PlayerExplanation], tournament: str = "") -> None:
        super().__init__(explanations)
        self.tournament = tournament

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        """``{"schema": 1, "tournament": name, "players": [explanation, ...]}``, as
        ``spareggio explain --all --format json`` writes it (``exact``: see
        :meth:`PlayerExplanation.to_dict`)."""
        return {
            "schema": 1,
            "tournament": self.tournament,
            "players": [to_dict(e, exact=exact) for e in self],
        }

    def to_json(self, *, exact: bool = False) -> str:
        """The JSON text ``spareggio explain --all --format json`` prints."""
        import json

        return json.dumps(self.to_dict(exact=exact), ensure_ascii=False, indent=2) + "\n"


def explain_all(s: Standings, labels: list[str] | None = None, lang: str = "en") -> Explanations:
    """The explanation of every player, in standings order (a list, with ``to_dict``/``to_json``).

    :raises ArgumentError: for a language explanations do not speak.
    """
    lang = check_language(lang)
    return Explanations(
        [explain_player(s, row.player.start_number, labels, lang) for row in s.rows], s.tournament.name
    )


def format_value(value: Fraction | None, sb: bool = False) -> str:
    """A value as explanations print it; Sonneborn-Berger values with two decimals, as the seeds do."""
    if value is None:
        return "-"
    return f"{float(value):.2f}" if sb and is_finite_decimal(value) else format_number(value)


def _explain_tiebreak(
    s: Standings, res: TiebreakResult, label: str, i: int, lang: str
) -> TiebreakExplanation:
    d = definition(res.spec.code)
    exp = TiebreakExplanation(
        label=label,
        code=d.code,
        name=_spec_name(d.name, res.spec, lang),
        article=d.article,
        value=res.value(i),
        description=d.description,
    )
    c = res.contributions
    table = res.record_table()
    if table is not None:
        exp.rules_view = (table.rules or s.rules).label
    if c is not None:
        _explain_contributions(s, res, c.for_player(i), c.sonneborn, exp, lang, i)
    elif d.code in ("ABH", "AFB"):
        view = res.details["view"]
        _explain_view(s, view, i, exp, lang)
    elif d.is_group or res.direction is Direction.GROUP:
        _explain_group(s, res, i, exp, lang)
    elif res.table is not None:
        _explain_records(s, res, i, exp, lang)
        exp.lines.extend(res.warnings)
    else:
        exp.lines.extend(res.warnings)
    return exp


def _spec_name(name: str, spec: Any, lang: str = "en") -> str:
    from .i18n import translate

    def _(text: str) -> str:
        return translate(lang, text, "spec")

    parts = [translate(lang, name, "tiebreak")]
    if spec.cut_low and spec.cut_high:
        parts.append(_("median {n}").format(n=spec.cut_low))
    elif spec.cut_low:
        parts.append(_("cut {n}").format(n=spec.cut_low))
    if spec.forfeits_played:
        parts.append(_("forfeits as played"))
    if spec.fore and spec.code != "FB":
        parts.append(_("fore"))
    return ", ".join(parts)


def _explain_contributions(
    s: Standings,
    res: TiebreakResult,
    records: tuple[Record, ...],
    sb: bool,
    exp: TiebreakExplanation,
    lang: str,
    i: int,
) -> None:
    t = s.tournament
    c = res.contributions
    assert c is not None
    view = c.view
    frame = c.frame
    refs: dict[int, str] = {}
    letters = "abcdefghijklmnopqrstuvwxyz"
    vur_values = [rec.value for rec in records if rec.present and rec.vur]
    for rec in records:
        j = None if rec.opponent is None else t.index_of(rec.opponent)
        note = _source_note(s, rec, j, view, frame, refs, letters, lang, i)
        if rec.vur:
            note = join_notes(note, message(lang, "vur"))
        cut = ""
        if res.spec.code in ("MM", "MEDIAN") and rec.cut is not CutMark.KEPT:
            cut = message(lang, "cut.us_high" if rec.cut is CutMark.HIGH else "cut.us_low")
        elif rec.cut is CutMark.LOW:
            cut = message(lang, "cut.low_sb" if sb else "cut.low")
        elif rec.cut is CutMark.LOW_VUR:
            cut = message(lang, "cut.low_vur")
        elif rec.cut is CutMark.LOW_OVER_VUR:
            smallest = min(vur_values) if vur_values else Fraction(0)
            cut = message(lang, "cut.low_over_vur", vur_value=format_value(smallest, sb))
        elif rec.cut is CutMark.HIGH:
            cut = message(lang, "cut.high")
        exp.rounds.append(_round_line(s, rec, lang, note, cut))
    present = [rec for rec in records if rec.present]
    total_all = sum((rec.value for rec in present), Fraction(0))
    terms = " + ".join(format_value(rec.value, sb) for rec in present) or "0"
    exp.sum_line = f"{terms} = {format_value(total_all, sb)}"
    removed = [rec for rec in present if rec.cut is not CutMark.KEPT]
    if removed:
        value = total_all - sum((rec.value for rec in removed), Fraction(0))
        exp.removed_line = message(
            lang,
            "removed_line",
            total=format_value(total_all, sb),
            removed=" - ".join(format_value(rec.value, sb) for rec in removed),
            value=format_value(value, sb),
        )
        zero = format_value(Fraction(0), sb)
        cut_terms = " + ".join(
            zero if rec.cut is not CutMark.KEPT else format_value(rec.value, sb) for rec in present
        )
        exp.cut_line = f"{cut_terms} = {format_value(value, sb)}"
    rules = c.rules or s.rules
    exp.footnotes_heading = getattr(rules, "footnotes_heading", "footnotes")
    for j, ref in sorted(refs.items(), key=lambda kv: kv[1]):
        exp.footnotes.append(_footnote(s, view, frame, j, ref, lang, rules))


def kind_code(kind: ResultKind) -> str:
    """The stable code of an unplayed round's kind (``half_point_bye``); empty for a game played."""
    if kind.played:
        return ""
    return kind.label.replace("-", "_").replace(" ", "_").replace(",", "")


def _detail_text(rec: Record, lang: str) -> str:
    """What a record's input or contribution rests on, in words (its ``detail`` code)."""
    return message(
        lang, f"detail.{rec.detail}", value=format_value(rec.contribution), input=format_value(rec.input)
    )


_COLOUR_CODE = {Color.WHITE: "white", Color.BLACK: "black"}
"""The colours' stable codes in JSON."""


def _round_line(s: Standings, rec: Record, lang: str, note: str, cut: str) -> RoundLine:
    """One record as the row an explanation prints (the note and the cut sentence already made)."""
    t = s.tournament
    j = None if rec.opponent is None else t.index_of(rec.opponent)
    kind = rec.kind if rec.kind is not None else ResultKind.PLAYED_DRAW
    assert rec.round is not None
    return RoundLine(
        round=rec.round,
        colour=_colour(rec.color, lang),
        colour_code=_COLOUR_CODE.get(rec.color, "") if rec.color is not None else "",
        opponent=rec.opponent,
        opponent_name=t.players[j].name if j is not None else "",
        kind=message(lang, f"kind.{kind.label}") if not kind.played else "",
        result=_RESULT_SIGN.get(kind, format_number(rec.points or Fraction(0))),
        score=rec.input,
        factor=rec.factor,
        contribution=rec.contribution,
        counted=rec.counted,
        vur=rec.vur,
        note=note,
        cut=cut,
        input_code=rec.input_code,
        why=rec.why.code,
        kind_code=kind_code(kind),
        detail=rec.detail,
    )


def join_notes(*notes: str) -> str:
    """The non-empty notes of a round, separated by semicolons."""
    return "; ".join(n for n in notes if n)


def _colour(color: Color | None, lang: str) -> str:
    if color is Color.WHITE:
        return message(lang, "colour.white")
    if color is Color.BLACK:
        return message(lang, "colour.black")
    return ""


def _why_text(why: Why, code: str, input_code: str, lang: str) -> str:
    """Why a record counts or not, in words (the most specific message that exists)."""
    for key in (f"why.{why.code}.{code}", f"why.{why.code}.{input_code}", f"why.{why.code}"):
        text = message(lang, key)
        if text != key:
            return text
    return why.code


def _explain_records(s: Standings, res: TiebreakResult, i: int, exp: TiebreakExplanation, lang: str) -> None:
    """Every tie-break with a :class:`RecordTable`: the records round by round and how they make
    the value.  Every number shown comes from the records."""
    table = res.table
    assert table is not None
    code = res.spec.code
    records = table.records(i)
    exp.aggregate = table.aggregate.value
    for rec in records:
        if rec.round is None:
            continue
        part = rec.why is not Why.NOT_PART
        note = message(lang, f"in.note.{rec.input_code}", value=format_value(rec.input)) if part else ""
        if rec.detail:
            note = join_notes(note, _detail_text(rec, lang))
        if rec.vur:
            note = join_notes(note, message(lang, "vur"))
        why_text = "" if rec.counted else _why_text(rec.why, code, rec.input_code, lang)
        exp.rounds.append(_round_line(s, rec, lang, note, why_text))
    counted = [r for r in records if r.counted]
    terms = " + ".join(format_value(r.contribution) for r in counted) or "0"
    how = table.aggregate
    # every number below comes from the records: the value shown is their aggregate
    value = aggregate(records, how)
    total = sum((r.contribution or Fraction(0) for r in counted), Fraction(0))
    if how is Aggregate.OWN:
        exp.sum_label = f"in.{table.input_code}"
        exp.sum_line = format_value(value)
        exp.elements = list(records)
        exp.lines.extend(_detail_text(r, lang) for r in records if r.detail)
        return
    if how is Aggregate.SUM:
        exp.sum_line = f"{terms} = {format_value(total)}"
    elif not counted and how is Aggregate.ROUNDED_AVERAGE_OR_ZERO:
        exp.sum_label = "average"
        exp.sum_line = message(lang, "agg.zero")
    elif not counted:
        exp.sum_label = "average"
        exp.sum_line = message(lang, "agg.none")
    elif how is Aggregate.AVERAGE:
        exact = total / len(counted)
        exp.sum_label = "average"
        exp.exact = exact
        exp.sum_line = message(lang, "agg.average", terms=terms, count=len(counted), value=exact_text(exact))
    elif how in (Aggregate.ROUNDED_AVERAGE, Aggregate.ROUNDED_AVERAGE_OR_ZERO):
        exact = total / len(counted)
        exp.sum_label = "average"
        exp.exact = exact
        exp.sum_line = message(
            lang,
            "agg.rounded",
            terms=terms,
            count=len(counted),
            exact=exact_text(exact),
            value=format_value(value),
        )
    elif how is Aggregate.PERFORMANCE:
        ratings = [r.input or Fraction(0) for r in counted]
        exact = sum(ratings, Fraction(0)) / len(ratings)
        aro = round_half_up(exact)
        exact_percent = 100 * total / len(counted)
        percent = round_half_up(exact_percent)
        exp.sum_label = "computed"
        exp.exact = exact
        exp.sum_line = message(
            lang,
            "agg.tpr",
            terms=" + ".join(format_value(x) for x in ratings),
            count=len(ratings),
            exact=exact_text(exact),
            aro=aro,
            score=format_number(total),
            games=len(counted),
            exact_percent=_decimal(exact_percent),
            percent=percent,
            dp=_signed(int(DP_TABLE[percent])),
            value=format_value(value),
        )
    else:  # PERFECT
        whole = [int(r.input or 0) for r in counted]
        exp.sum_label = "computed"
        if total == 0:
            exp.sum_line = message(lang, "agg.ptp_zero", lowest=min(whole), value=format_value(value))
        else:
            rating = perfect_rating(whole, total)
            exp.sum_line = message(
                lang,
                "agg.ptp",
                score=format_number(total),
                games=len(counted),
                ratings=", ".join(str(x) for x in whole),
                value=rating,
                at=_decimal(Fraction(expected_total(whole, rating), 100)),
                below=rating - 1,
                at_below=_decimal(Fraction(expected_total(whole, rating - 1), 100)),
            )
    if code == "KS" and "threshold" in res.details:
        exp.lines.append(
            message(
                lang,
                "d.ks_line",
                threshold=format_value(Fraction(str(res.details["threshold"]))),
                maximum=format_value(Fraction(str(res.details["maximum"]))),
            )
        )


def _signed(number: int) -> str:
    """A term of a sum: negative numbers in brackets (``2000 + (-800)``)."""
    return f"({number})" if number < 0 else str(number)


def exact_text(value: Fraction) -> str:
    """An exact value in words: the decimal when it ends within two places, else two decimals with
    the fraction beside them (``2190.71 (15335/7)``), so that no rounding hides the exact value."""
    if is_finite_decimal(value) and value.denominator <= 100:
        return format_value(value)
    return f"{float(value):.2f} ({value})"


def _decimal(value: Fraction) -> str:
    """An exact value as a decimal, with two places when it does not end sooner."""
    return (
        format_value(value)
        if is_finite_decimal(value) and value.denominator <= 100
        else f"{float(value):.2f}"
    )


def _source_note(
    s: Standings,
    rec: Record,
    j: int | None,
    view: Any,
    frame: Any,
    refs: dict[int, str],
    letters: str,
    lang: str,
    i: int,
) -> str:
    t = s.tournament
    src = rec.source if rec.source is not None else Source.NONE
    if not rec.present:
        if t.is_round_robin and j is None:
            return message(lang, "src.rr_free")
        return message(lang, "src.none")
    if src in (Source.OPPONENT, Source.FORFEIT_AS_PLAYED) and j is not None:
        actual = Fraction(int(frame.total[j]), frame.unit)
        if bool(np.any(view.revalued[j])):
            if j not in refs:
                refs[j] = letters[len(refs) % len(letters)]
            text = message(
                lang,
                "src.opponent_adjusted",
                score=format_value(rec.key),
                actual=format_value(actual),
                ref=refs[j],
            )
        else:
            text = message(lang, "src.opponent", score=format_value(rec.key))
        if src is Source.FORFEIT_AS_PLAYED:
            text = message(lang, "src.forfeit_as_played", opponent=f"{t.players[j].start_number}", score=text)
        return text
    if src is Source.DUMMY_OWN:
        return message(lang, "src.dummy_own", own=format_value(rec.own))
    assert rec.round is not None
    if src is Source.DUMMY_CAP_OPPONENT:
        return message(lang, "src.dummy_cap_opponent", own=format_value(rec.own), cap=format_value(rec.cap))
    if src is Source.DUMMY_CAP_ROUNDS:
        draw = Fraction(frame.draw, frame.unit)
        return message(
            lang,
            "src.dummy_cap_rounds",
            own=format_value(rec.own),
            rounds=frame.rounds,
            draw=format_value(draw),
            cap=format_value(rec.cap),
        )
    if src is Source.VIRTUAL:
        r = rec.round - 1
        before = Fraction(int(frame.points[i, :r].sum()), frame.unit)
        draw = Fraction(frame.draw, frame.unit)
        rounds_after = frame.rounds - rec.round
        opposite = rec.key - before - draw * rounds_after
        return message(
            lang,
            "src.virtual",
            before=format_value(before),
            opposite=format_value(opposite),
            rounds_after=rounds_after,
            draw=format_value(draw),
            score=format_value(rec.key),
        )
    if src is Source.SELF_DRAW:
        return message(lang, "src.self_draw", score=format_value(rec.key))
    if src is Source.ZERO_OPPONENT:
        return message(lang, "src.zero_opponent")
    if src is Source.UNPLAYED_ZERO:
        return message(lang, "src.unplayed_zero")
    return message(lang, "src.none")


def _footnote(s: Standings, view: Any, frame: Any, j: int, ref: str, lang: str, rules: Any) -> Footnote:
    t = s.tournament
    p = t.players[j]
    rounds = []
    parts = []
    for r in np.nonzero(view.revalued[j])[0].tolist():
        kind = ResultKind(int(frame.kind[j, r]))
        pts = Fraction(int(frame.points[j, r]), frame.unit)
        val = Fraction(int(view.round_value[j, r]), frame.unit)
        rounds.append((r + 1, kind.label, pts, val))
        parts.append(
            message(
                lang,
                "fn.round",
                round=r + 1,
                kind=message(lang, f"kind.{kind.label}"),
                value=format_value(val),
                points=format_value(pts),
            )
        )
    actual = Fraction(int(frame.total[j]), frame.unit)
    adjusted = Fraction(int(view.score[j]), frame.unit)
    reason = message(lang, getattr(rules, "revaluation_note", "fn.reason.unplayed_draw"))
    text = message(
        lang,
        "fn.line",
        ref=ref,
        sno=p.start_number,
        name=p.name,
        actual=format_value(actual),
        adjusted=format_value(adjusted),
        rounds="; ".join(parts) + f" - {reason}",
    )
    return Footnote(ref, p.start_number, p.name, actual, adjusted, tuple(rounds), text)


def _explain_view(s: Standings, view: Any, i: int, exp: TiebreakExplanation, lang: str) -> None:
    frame = s.context.frame
    terms = []
    for r in range(frame.rounds):
        val = Fraction(int(view.round_value[i, r]), frame.unit)
        terms.append(format_value(val) + ("*" if view.revalued[i, r] else ""))
    total = Fraction(int(view.score[i]), frame.unit)
    exp.sum_line = f"{' + '.join(terms) or '0'} = {format_value(total)}"
    if bool(np.any(view.revalued[i])):
        reason = message(lang, getattr(s.rules, "revaluation_note", "fn.reason.unplayed_draw"))
        exp.lines.append(f"* {reason}")


def _explain_group(s: Standings, res: TiebreakResult, i: int, exp: TiebreakExplanation, lang: str) -> None:
    t = s.tournament
    if "board_totals" in res.details:
        totals = np.asarray(res.details["board_totals"])[i]
        unit = int(res.details.get("unit", 2))  # type: ignore[call-overload]
        boards = ", ".join(f"{b + 1}: {format_value(Fraction(int(x), unit))}" for b, x in enumerate(totals))
        exp.lines.append(message(lang, "board.totals", boards=boards))
        exp.lines.append(message(lang, f"board.rule.{res.spec.code}"))
        if res.value(i) is None:
            exp.lines.append(message(lang, "de.none"))
        return
    steps: list[DirectEncounterStep] = list(res.details.get("steps", []))  # type: ignore[call-overload]
    mine = [st for st in steps if i in st.members]
    if not mine:
        exp.lines.append(message(lang, "de.none"))
        return

    def sno(k: int) -> str:
        return str(t.players[k].start_number)

    for st in mine:
        exp.groups.append(
            {
                "members": [t.players[k].start_number for k in st.members],
                "encounters": [
                    {
                        "player": t.players[k].start_number,
                        "opponent": t.players[m].start_number,
                        "points": json_number(pts),
                        "games": games,
                    }
                    for k, m, pts, games in st.encounters
                ],
                "points_among": {sno(k): json_number(v) for k, v in zip(st.members, st.scores, strict=True)},
                "unmet": {sno(k): u for k, u in zip(st.members, st.unmet, strict=True)},
                "all_met": st.all_met,
                "step": "6.2" if st.all_met else "6.3",
                "order": [[t.players[k].start_number for k in g] for g in st.order],
            }
        )
        exp.lines.append(
            message(lang, "de.group", members=", ".join(f"{sno(k)} {t.players[k].name}" for k in st.members))
        )
        if st.encounters:
            exp.lines.append(message(lang, "de.encounters", games=_encounters_text(st.encounters, sno, lang)))
        exp.lines.append(
            message(
                lang,
                "de.scores",
                scores=", ".join(
                    f"{sno(k)}: {format_value(v)}" for k, v in zip(st.members, st.scores, strict=True)
                ),
            )
        )
        if st.all_met:
            exp.lines.append(message(lang, "de.all_met"))
        else:
            win = Fraction(s.context.frame.win, s.context.frame.unit)
            best = ", ".join(
                f"{sno(k)}: {format_value(v + win * u)}"
                for k, v, u in zip(st.members, st.scores, st.unmet, strict=True)
            )
            exp.lines.append(message(lang, "de.not_all_met", best=best))
        order = " > ".join(
            "(" + " = ".join(sno(k) for k in g) + f", {message(lang, 'de.tied')})"
            if len(g) > 1
            else sno(g[0])
            for g in st.order
        )
        exp.lines.append(message(lang, "de.order", order=order))


def _encounters_text(encounters: tuple[tuple[int, int, Fraction, int], ...], sno: Any, lang: str) -> str:
    """Who met whom in a DE group: ``3-7 1-0`` per pair (points averaged over repeated meetings)."""
    points = {(k, m): (pts, games) for k, m, pts, games in encounters}
    shown = []
    for (k, m), (pts, games) in sorted(
        points.items(), key=lambda kv: (int(sno(kv[0][0])), int(sno(kv[0][1])))
    ):
        if int(sno(k)) > int(sno(m)) and (m, k) in points:
            continue
        back = points.get((m, k))
        text = f"{sno(k)}-{sno(m)} {format_value(pts)}-{format_value(back[0]) if back else '?'}"
        if games > 1:
            text += " " + message(lang, "de.average_of", games=games)
        shown.append(text)
    return ", ".join(shown)


# -- versus ------------------------------------------------------------------------------------------


@dataclass
class Versus:
    a: PlayerExplanation
    b: PlayerExplanation
    relation: str
    """``above``, ``below`` or ``level``."""
    equal: list[str]
    deciding: str | None
    lines: list[str]

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        """The comparison of the two players as JSON-ready data (``spareggio explain --versus``;
        ``exact``: see :meth:`PlayerExplanation.to_dict`)."""
        return versus_to_dict(self, exact=exact)

    def to_json(self, *, exact: bool = False) -> str:
        """The JSON text ``spareggio explain --versus --format json`` prints."""
        import json

        return json.dumps(versus_to_dict(self, exact=exact), ensure_ascii=False, indent=2) + "\n"


def explain_versus(s: Standings, a: int, b: int, lang: str = "en") -> Versus:
    """Why player ``a`` is ranked above, below or level with ``b``: the first separating criterion.

    :raises ArgumentError: when ``a`` and ``b`` are the same player.
    """
    if a == b:
        from .errors import ArgumentError

        raise ArgumentError(msg("--versus names player {a} again: compare him with another player", a=a))
    lang = check_language(lang)
    t = s.tournament
    ra, rb = s.row_of(a), s.row_of(b)
    ia, ib = ra.index, rb.index
    relation = "level" if ra.rank == rb.rank else ("above" if ra.rank < rb.rank else "below")
    lines = [message(lang, "vs.points", a=format_number(ra.points), b=format_number(rb.points))]
    equal: list[str] = []
    deciding: str | None = None
    if ra.points != rb.points:
        lines.append(message(lang, "vs.points_decide"))
        deciding = "PTS"
    else:
        for label in s.labels:
            res = s.results[label]
            va, vb = res.value(ia), res.value(ib)
            if res.direction is Direction.GROUP:
                if va is not None and vb is not None and va != vb:
                    lines.append(
                        message(lang, "vs.group", label=label, a=format_number(va), b=format_number(vb))
                    )
                    deciding = label
                    break
            else:
                key = res.order_key()
                if key[ia] != key[ib]:
                    lines.append(
                        message(lang, "vs.decides", label=label, a=format_value(va), b=format_value(vb))
                    )
                    deciding = label
                    break
            equal.append(label)
            lines.append(message(lang, "vs.equal", label=label, value=format_value(va)))
        if deciding is None:
            lines.append(message(lang, "vs.nothing"))
    shown = [*equal, deciding] if deciding and deciding != "PTS" else list(equal)
    ea = explain_player(s, a, shown, lang)
    eb = explain_player(s, b, shown, lang)
    _ = t
    return Versus(ea, eb, relation, equal, deciding, lines)


# -- rendering ----------------------------------------------------------------------------------------


def input_heading(tb: TiebreakExplanation, lang: str) -> str:
    """The heading of the input column: what the rule uses in this tie-break."""
    code = tb.rounds[0].input_code if tb.rounds else "opponent_score"
    return message(lang, "score") if code == "opponent_score" else message(lang, f"in.{code}")


def context_lines(e: PlayerExplanation) -> list[str]:
    """The standings an explanation is about, in its language: the rule set and why, the round,
    the assumption the rule set rests on (if any) and the tie-break list."""
    lang = e.lang
    return [
        message(
            lang,
            "rules",
            rules=e.rules,
            reason=translate_reason(lang, e.rules_reason),
            after_round=e.after_round,
        ),
        *(
            [translate(lang, "WARNING: {text}", "table").format(text=warning_body(e.rules_warning, lang))]
            if e.rules_warning
            else []
        ),
        *(
            [message(lang, "context_tiebreaks", tiebreaks=", ".join(e.standings_tiebreaks))]
            if e.standings_tiebreaks
            else []
        ),
    ]


def render_text(e: PlayerExplanation) -> str:
    lang = e.lang
    out = [
        *([e.tournament] if e.tournament else []),
        message(lang, "title", name=e.name, sno=e.start_number),
        *context_lines(e),
        message(lang, "points", points=format_number(e.points)) + f"   #{e.rank}",
        "",
    ]
    for tb in e.tiebreaks:
        out.extend(_render_tiebreak(tb, lang))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _render_tiebreak(tb: TiebreakExplanation, lang: str) -> list[str]:
    value = format_value(tb.value, tb.code == "SB") if tb.value is not None else message(lang, "undefined")
    out = [f"{tb.label} - {tb.name} ({tb.article}): {value}"]
    if tb.rounds:
        factor = any(r.factor is not None for r in tb.rounds)
        sb = tb.code == "SB"  # two decimals where the total has them (the seeds' SB tables)
        head = [
            message(lang, "rd"),
            message(lang, "col"),
            message(lang, "opponent"),
            message(lang, "res"),
            input_heading(tb, lang),
        ]
        if factor:
            head.append(message(lang, "factor"))
        head += [message(lang, "contribution"), message(lang, "note")]
        rows = []
        for r in tb.rounds:
            opp = f"{r.opponent} {r.opponent_name}" if r.opponent is not None else r.kind
            if r.opponent is not None and r.kind:
                opp += f" ({r.kind})"
            cells = [str(r.round), r.colour, opp, r.result, format_value(r.score)]
            if factor:
                cells.append(format_value(r.factor))
            contrib = format_value(r.contribution, sb)
            if r.contribution is not None and not r.counted:
                contrib = f"[{contrib}]"
            cells += [contrib, join_notes(r.note, r.cut)]
            rows.append(cells)
        widths = [max(len(h), *(len(c[k]) for c in rows)) for k, h in enumerate(head)]
        right = {0, 3, 4, 5} | ({6} if factor else set())

        def line(cells: list[str]) -> str:
            return "  " + "  ".join(
                c.rjust(widths[k]) if k in right else (c if k == len(cells) - 1 else c.ljust(widths[k]))
                for k, c in enumerate(cells)
            )

        out.append(line(head))
        out.extend(line(c) for c in rows)
    if tb.sum_line:
        out.append(f"  {message(lang, tb.sum_label)}: {tb.sum_line}")
    if tb.removed_line:
        out.append(f"  {message(lang, 'removed')}: {tb.removed_line}")
        out.append(f"  {message(lang, 'cut_terms')}: {tb.cut_line}")
    if tb.footnotes:
        out.append(f"  {message(lang, tb.footnotes_heading)}:")
        out.extend(f"    {fn.text}" for fn in tb.footnotes)
    out.extend(f"  {line}" for line in tb.lines)
    return out


def render_versus_text(v: Versus, lang: str = "en") -> str:
    out = [
        *([v.a.tournament] if v.a.tournament else []),
        message(
            lang,
            "vs.title",
            a=v.a.start_number,
            a_name=v.a.name,
            relation=message(lang, f"vs.{v.relation}"),
            b=v.b.start_number,
            b_name=v.b.name,
        ),
        *context_lines(v.a),
    ]
    out.extend(v.lines)
    out.append("")
    for ta, tb in zip(v.a.tiebreaks, v.b.tiebreaks, strict=True):
        out.append(f"== {ta.label}: {v.a.start_number} {v.a.name}")
        out.extend(_render_tiebreak(ta, lang))
        out.append(f"== {tb.label}: {v.b.start_number} {v.b.name}")
        out.extend(_render_tiebreak(tb, lang))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def to_dict(e: PlayerExplanation, *, exact: bool = False) -> dict[str, Any]:
    """The explanation as JSON-ready data (schema documented in docs/explain-json.md); ``exact``
    writes the numbers of the player and his rounds as exact fractions in strings (``"93/2"``)."""
    number = exact_number if exact else json_number
    return {
        "schema": 1,
        "tournament": e.tournament,
        "player": {
            "start_number": e.start_number,
            "name": e.name,
            "rank": e.place,
            "place": e.rank,
            "points": number(e.points),
        },
        "rules": e.rules,
        "rules_reason": e.rules_reason,
        "rules_warning": e.rules_warning,
        "after_round": e.after_round,
        "standings_tiebreaks": list(e.standings_tiebreaks),
        "lang": e.lang,
        "tiebreaks": [
            {
                "label": tb.label,
                "code": tb.code,
                "name": tb.name,
                "article": tb.article,
                "value": number(tb.value),
                "aggregate": tb.aggregate,
                "exact": number(tb.exact) if tb.exact is not None else None,
                "exact_fraction": str(tb.exact) if tb.exact is not None else None,
                "rules_view": tb.rules_view or None,
                "rounds": [
                    {
                        "round": r.round,
                        "colour": r.colour_code or None,
                        "colour_label": r.colour or None,
                        "opponent": r.opponent,
                        "opponent_name": r.opponent_name or None,
                        "unplayed": r.kind_code or None,
                        "unplayed_label": r.kind or None,
                        "result": r.result,
                        "input_code": r.input_code,
                        "input": number(r.score),
                        "score": number(r.score),
                        "factor": number(r.factor),
                        "contribution": number(r.contribution),
                        "counted": r.counted,
                        "why": r.why,
                        "detail": r.detail or None,
                        "vur": r.vur,
                        "how": r.note,
                        "cut": r.cut or None,
                    }
                    for r in tb.rounds
                ],
                "elements": [
                    {
                        "input_code": r.input_code,
                        "input": json_number(r.input),
                        "contribution": json_number(r.contribution),
                        "counted": r.counted,
                        "why": r.why.code,
                        "detail": r.detail or None,
                    }
                    for r in tb.elements
                ],
                "groups": tb.groups,
                "sum": tb.sum_line or None,
                "removed": tb.removed_line or None,
                "with_cut_terms_as_zero": tb.cut_line or None,
                "footnotes": [
                    {
                        "ref": fn.ref,
                        "start_number": fn.start_number,
                        "name": fn.name,
                        "actual": number(fn.actual),
                        "adjusted": number(fn.adjusted),
                        "rounds": [
                            {"round": r, "kind": k, "points": number(p), "counted_as": number(v)}
                            for r, k, p, v in fn.rounds
                        ],
                        "text": fn.text,
                    }
                    for fn in tb.footnotes
                ],
                "notes": list(tb.lines),
            }
            for tb in e.tiebreaks
        ],
    }


def versus_to_dict(v: Versus, *, exact: bool = False) -> dict[str, Any]:
    """Why one player is above, below or level with another, as JSON-ready data."""
    return {
        "schema": 1,
        "tournament": v.a.tournament,
        "a": v.a.start_number,
        "b": v.b.start_number,
        "relation": v.relation,
        "equal": v.equal,
        "deciding": v.deciding,
        "lines": v.lines,
        "explanations": [to_dict(v.a, exact=exact), to_dict(v.b, exact=exact)],
    }
