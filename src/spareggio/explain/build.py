"""Building explanations from the records that produced the standings: nothing is computed a
second time.  Each tie-break's :class:`~spareggio.tiebreaks.records.Record` rows become the rounds of
its explanation; the opponent view gives the footnotes about adjusted scores; the steps recorded by
group tie-breaks become their lines."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np

from ..base.errors import ArgumentError
from ..base.i18n import SOURCE, Field, Text, as_text, joined, msg
from ..base.numbers import Shown, Style
from ..core.frame import Frame
from ..core.messages import phrase
from ..core.model import ResultKind
from ..rules import version_rules
from ..rules.base import OpponentView, RuleSet, Source
from ..standings import Standings
from ..tiebreaks import definition
from ..tiebreaks.base import Direction, GroupSteps, OpponentScores, TiebreakResult
from ..tiebreaks.cuts import CutMark
from ..tiebreaks.fide_rating import DP_TABLE
from ..tiebreaks.koya import KoyaDetails
from ..tiebreaks.records import (
    Aggregate,
    Record,
    Why,
    aggregate,
    expected_total,
    perfect_rating,
    round_half_up,
)
from ..tiebreaks.team import BoardTotals
from .lookup import check_language
from .results import (
    Encounter,
    Explanations,
    Footnote,
    GroupExamination,
    PlayerExplanation,
    RoundLine,
    TiebreakExplanation,
    Versus,
)
from .wording import (
    COLOUR_CODE,
    NO_TEXT,
    RESULT_SIGN,
    colour_letter,
    decimal_shown,
    detail_text,
    encounters_text,
    exact_shown,
    join_notes,
    kind_code,
    labelled,
    number_text,
    shown,
    signed,
    spec_name,
    sum_text,
    why_text,
)

__all__ = ["explain_all", "explain_player", "explain_versus"]


def explain_player(
    s: Standings, start_number: int, labels: list[str] | None = None, lang: str = SOURCE
) -> PlayerExplanation:
    """Explain every tie-break of the standings (or ``labels`` of them) for one player.  ``lang`` is
    the language the explanation is said in by default when rendered; what is built does not depend
    on it (its sentences and the numbers inside them are said when rendered).

    :raises ArgumentError: for a language explanations do not speak.
    """
    lang = check_language(lang)
    t = s.tournament
    i = t.index_of(start_number)
    row = s.row_of(start_number)
    wanted = labels if labels is not None else s.labels
    out = [_explain_tiebreak(s, s.results[label], label, i) for label in wanted]
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
        decisions=[note for note in s.decision_notes() if _names_player(note, start_number)],
    )


def _names_player(note: str, start_number: int) -> bool:
    """Whether a decision note (:meth:`Standings.decision_notes`) is about this player."""
    params = getattr(note, "params", {})
    if "number" in params:
        return bool(params["number"] == start_number)
    return bool(re.search(rf"(^|, ){start_number} ", str(params.get("players", ""))))


def explain_all(s: Standings, labels: list[str] | None = None, lang: str = SOURCE) -> Explanations:
    """The explanation of every player, in standings order (a list, with ``to_dict``/``to_json``).

    :raises ArgumentError: for a language explanations do not speak.
    """
    lang = check_language(lang)
    return Explanations(
        [explain_player(s, row.player.start_number, labels, lang) for row in s.rows], s.tournament.name
    )


def _explain_tiebreak(s: Standings, res: TiebreakResult, label: str, i: int) -> TiebreakExplanation:
    d = definition(res.spec.code)
    exp = TiebreakExplanation(
        label=label,
        code=d.code,
        name=spec_name(d.name, res.spec),
        article=d.article,
        value=res.value(i),
        description=d.description,
    )
    c = res.contributions
    table = res.record_table()
    if table is not None:
        exp.rules_view = (table.rules or s.rules).label
    if res.spec.version is not None:
        exp.version = version_rules(s.rules, res.spec.version).label
    if c is not None:
        _explain_contributions(s, res, c.for_player(i), c.sonneborn, exp, i)
    elif isinstance(res.details, OpponentScores):
        _explain_view(s, res.details.view, i, exp)
    elif d.is_group or res.direction is Direction.GROUP:
        _explain_group(s, res, i, exp)
    elif res.table is not None:
        _explain_records(s, res, i, exp)
        exp.lines.extend(as_text(w) for w in res.warnings)
    else:
        exp.lines.extend(as_text(w) for w in res.warnings)
    return exp


def _explain_contributions(
    s: Standings,
    res: TiebreakResult,
    records: tuple[Record, ...],
    sb: bool,
    exp: TiebreakExplanation,
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
        note = _source_note(s, rec, j, view, frame, refs, letters, i)
        if rec.vur:
            note = join_notes(note, phrase("vur"))
        cut = NO_TEXT
        if res.spec.code in ("MM", "MEDIAN") and rec.cut is not CutMark.KEPT:
            cut = phrase("cut.us_high" if rec.cut is CutMark.HIGH else "cut.us_low")
        elif rec.cut is CutMark.LOW:
            cut = phrase("cut.low_sb" if sb else "cut.low")
        elif rec.cut is CutMark.LOW_VUR:
            cut = phrase("cut.low_vur")
        elif rec.cut is CutMark.LOW_OVER_VUR:
            smallest = min(vur_values) if vur_values else Fraction(0)
            cut = phrase("cut.low_over_vur", vur_value=shown(smallest, sb))
        elif rec.cut is CutMark.HIGH:
            cut = phrase("cut.high")
        exp.rounds.append(_round_line(s, rec, note, cut))
    present = [rec for rec in records if rec.present]
    total_all = sum((rec.value for rec in present), Fraction(0))
    exp.sum_line = sum_text([shown(rec.value, sb) for rec in present], shown(total_all, sb))
    removed = [rec for rec in present if rec.cut is not CutMark.KEPT]
    if removed:
        value = total_all - sum((rec.value for rec in removed), Fraction(0))
        exp.removed_line = phrase(
            "removed_line",
            total=shown(total_all, sb),
            removed=joined([shown(rec.value, sb) for rec in removed], " - "),
            value=shown(value, sb),
        )
        cut_terms = [shown(Fraction(0) if rec.cut is not CutMark.KEPT else rec.value, sb) for rec in present]
        exp.cut_line = sum_text(cut_terms, shown(value, sb))
    rules = c.rules or s.rules
    exp.footnotes_heading = getattr(rules, "footnotes_heading", "footnotes")
    for j, ref in sorted(refs.items(), key=lambda kv: kv[1]):
        exp.footnotes.append(_footnote(s, view, frame, j, ref, rules))


def _round_line(s: Standings, rec: Record, note: Text, cut: Text) -> RoundLine:
    """One record as the row an explanation prints (the note and the cut sentence already made)."""
    t = s.tournament
    j = None if rec.opponent is None else t.index_of(rec.opponent)
    kind = rec.kind if rec.kind is not None else ResultKind.PLAYED_DRAW
    assert rec.round is not None
    return RoundLine(
        round=rec.round,
        colour=colour_letter(rec.color),
        colour_code=COLOUR_CODE.get(rec.color, "") if rec.color is not None else "",
        opponent=rec.opponent,
        opponent_name=t.players[j].name if j is not None else "",
        kind=phrase(f"kind.{kind.label}") if not kind.played else NO_TEXT,
        result=RESULT_SIGN.get(kind) or number_text(rec.points or Fraction(0)),
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


def _explain_records(s: Standings, res: TiebreakResult, i: int, exp: TiebreakExplanation) -> None:
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
        note = phrase(f"in.note.{rec.input_code}", value=shown(rec.input)) if part else NO_TEXT
        if rec.detail:
            note = join_notes(note, detail_text(rec))
        if rec.vur:
            note = join_notes(note, phrase("vur"))
        why = NO_TEXT if rec.counted else why_text(rec.why, code, rec.input_code)
        exp.rounds.append(_round_line(s, rec, note, why))
    counted = [r for r in records if r.counted]
    terms = joined([shown(r.contribution) for r in counted], " + ") if counted else "0"
    how = table.aggregate
    # every number below comes from the records: the value shown is their aggregate
    value = aggregate(records, how)
    total = sum((r.contribution or Fraction(0) for r in counted), Fraction(0))
    if how is Aggregate.OWN:
        exp.sum_label = f"in.{table.input_code}"
        exp.sum_line = number_text(value)
        exp.elements = list(records)
        exp.lines.extend(detail_text(r) for r in records if r.detail)
        return
    if how is Aggregate.SUM:
        exp.sum_line = sum_text([shown(r.contribution) for r in counted], shown(total))
    elif not counted and how is Aggregate.ROUNDED_AVERAGE_OR_ZERO:
        exp.sum_label = "average"
        exp.sum_line = phrase("agg.zero")
    elif not counted:
        exp.sum_label = "average"
        exp.sum_line = phrase("agg.none")
    elif how is Aggregate.AVERAGE:
        exact = total / len(counted)
        exp.sum_label = "average"
        exp.exact = exact
        exp.sum_line = phrase("agg.average", terms=terms, count=len(counted), value=exact_shown(exact))
    elif how in (Aggregate.ROUNDED_AVERAGE, Aggregate.ROUNDED_AVERAGE_OR_ZERO):
        exact = total / len(counted)
        exp.sum_label = "average"
        exp.exact = exact
        exp.sum_line = phrase(
            "agg.rounded",
            terms=terms,
            count=len(counted),
            exact=exact_shown(exact),
            value=shown(value),
        )
    elif how is Aggregate.PERFORMANCE:
        ratings = [r.input or Fraction(0) for r in counted]
        exact = sum(ratings, Fraction(0)) / len(ratings)
        aro = round_half_up(exact)
        exact_percent = 100 * total / len(counted)
        percent = round_half_up(exact_percent)
        exp.sum_label = "computed"
        exp.exact = exact
        exp.sum_line = phrase(
            "agg.tpr",
            terms=joined([shown(x) for x in ratings], " + "),
            count=len(ratings),
            exact=exact_shown(exact),
            aro=aro,
            score=shown(total),
            games=len(counted),
            exact_percent=decimal_shown(exact_percent),
            percent=percent,
            dp=signed(int(DP_TABLE[percent])),
            value=shown(value),
        )
    else:  # PERFECT
        whole = [int(r.input or 0) for r in counted]
        exp.sum_label = "computed"
        if total == 0:
            exp.sum_line = phrase("agg.ptp_zero", lowest=min(whole), value=shown(value))
        else:
            rating = perfect_rating(whole, total)
            exp.sum_line = phrase(
                "agg.ptp",
                score=shown(total),
                games=len(counted),
                ratings=", ".join(str(x) for x in whole),
                value=rating,
                at=decimal_shown(Fraction(expected_total(whole, rating), 100)),
                below=rating - 1,
                at_below=decimal_shown(Fraction(expected_total(whole, rating - 1), 100)),
            )
    if isinstance(res.details, KoyaDetails):
        exp.lines.append(
            phrase(
                "d.ks_line",
                threshold=shown(res.details.threshold),
                maximum=shown(res.details.maximum),
            )
        )


def _source_note(
    s: Standings,
    rec: Record,
    j: int | None,
    view: OpponentView,
    frame: Frame,
    refs: dict[int, str],
    letters: str,
    i: int,
) -> Text:
    t = s.tournament
    src = rec.source if rec.source is not None else Source.NONE
    if not rec.present:
        if t.is_round_robin and j is None:
            return phrase("src.rr_free")
        return phrase("src.none")
    if src in (Source.OPPONENT, Source.FORFEIT_AS_PLAYED) and j is not None:
        actual = Fraction(int(frame.total[j]), frame.unit)
        if bool(np.any(view.revalued[j])):
            if j not in refs:
                refs[j] = letters[len(refs) % len(letters)]
            text = phrase(
                "src.opponent_adjusted",
                score=shown(rec.key),
                actual=shown(actual),
                ref=refs[j],
            )
        else:
            text = phrase("src.opponent", score=shown(rec.key))
        if src is Source.FORFEIT_AS_PLAYED:
            text = phrase("src.forfeit_as_played", opponent=f"{t.players[j].start_number}", score=text)
        return text
    if src is Source.DUMMY_OWN:
        return phrase("src.dummy_own", own=shown(rec.own))
    assert rec.round is not None
    if src is Source.DUMMY_CAP_OPPONENT:
        return phrase("src.dummy_cap_opponent", own=shown(rec.own), cap=shown(rec.cap))
    if src is Source.DUMMY_CAP_ROUNDS:
        draw = Fraction(frame.draw, frame.unit)
        return phrase(
            "src.dummy_cap_rounds",
            own=shown(rec.own),
            rounds=frame.rounds,
            draw=shown(draw),
            cap=shown(rec.cap),
        )
    if src is Source.VIRTUAL:
        r = rec.round - 1
        before = Fraction(int(frame.points[i, :r].sum()), frame.unit)
        draw = Fraction(frame.draw, frame.unit)
        rounds_after = frame.rounds - rec.round
        opposite = rec.key - before - draw * rounds_after
        return phrase(
            "src.virtual",
            before=shown(before),
            opposite=shown(opposite),
            rounds_after=rounds_after,
            draw=shown(draw),
            score=shown(rec.key),
        )
    if src is Source.SELF_DRAW:
        return phrase("src.self_draw", score=shown(rec.key))
    if src is Source.ZERO_OPPONENT:
        return phrase("src.zero_opponent")
    if src is Source.UNPLAYED_ZERO:
        return phrase("src.unplayed_zero")
    return phrase("src.none")


def _footnote(s: Standings, view: OpponentView, frame: Frame, j: int, ref: str, rules: RuleSet) -> Footnote:
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
            phrase(
                "fn.round",
                round=r + 1,
                kind=phrase(f"kind.{kind.label}"),
                value=shown(val),
                points=shown(pts),
            )
        )
    actual = Fraction(int(frame.total[j]), frame.unit)
    adjusted = Fraction(int(view.score[j]), frame.unit)
    reason = phrase(getattr(rules, "revaluation_note", "fn.reason.unplayed_draw"))
    text = phrase(
        "fn.line",
        ref=ref,
        sno=p.start_number,
        name=p.name,
        actual=shown(actual),
        adjusted=shown(adjusted),
        rounds=joined([joined(parts, "; "), reason], " - "),
    )
    return Footnote(ref, p.start_number, p.name, actual, adjusted, tuple(rounds), text)


def _explain_view(s: Standings, view: OpponentView, i: int, exp: TiebreakExplanation) -> None:
    frame = s.context.frame
    terms: list[object] = []
    for r in range(frame.rounds):
        val = shown(Fraction(int(view.round_value[i, r]), frame.unit))
        terms.append(Text("{value}*", "join", value=val) if view.revalued[i, r] else val)
    total = Fraction(int(view.score[i]), frame.unit)
    exp.sum_line = sum_text(terms, shown(total))
    if bool(np.any(view.revalued[i])):
        reason = phrase(getattr(s.rules, "revaluation_note", "fn.reason.unplayed_draw"))
        exp.lines.append(joined(["*", reason], " "))


def _explain_group(s: Standings, res: TiebreakResult, i: int, exp: TiebreakExplanation) -> None:
    t = s.tournament
    if isinstance(res.details, BoardTotals):
        totals = res.details.totals[i]
        unit = res.details.unit
        boards = joined([labelled(b + 1, shown(Fraction(int(x), unit))) for b, x in enumerate(totals)], ", ")
        exp.lines.append(phrase("board.totals", boards=boards))
        exp.lines.append(phrase(f"board.rule.{res.spec.code}"))
        if res.value(i) is None:
            exp.lines.append(phrase(s.participant.key("de.none")))
        return
    steps = res.details.steps if isinstance(res.details, GroupSteps) else ()
    mine = [st for st in steps if i in st.members]
    if not mine:
        exp.lines.append(phrase(s.participant.key("de.none")))
        return

    def sno(k: int) -> str:
        return str(t.players[k].start_number)

    for st in mine:
        exp.groups.append(
            GroupExamination(
                members=tuple(t.players[k].start_number for k in st.members),
                encounters=tuple(
                    Encounter(t.players[k].start_number, t.players[m].start_number, pts, games)
                    for k, m, pts, games in st.encounters
                ),
                points_among=tuple(
                    (t.players[k].start_number, Fraction(v)) for k, v in zip(st.members, st.scores, strict=True)
                ),
                unmet=tuple((t.players[k].start_number, u) for k, u in zip(st.members, st.unmet, strict=True)),
                all_met=st.all_met,
                order=tuple(tuple(t.players[k].start_number for k in g) for g in st.order),
            )
        )
        exp.lines.append(
            phrase("de.group", members=", ".join(f"{sno(k)} {t.players[k].name}" for k in st.members))
        )
        if st.encounters:
            exp.lines.append(phrase("de.encounters", games=encounters_text(st.encounters, sno)))
        exp.lines.append(
            phrase(
                "de.scores",
                scores=joined(
                    [labelled(sno(k), shown(v)) for k, v in zip(st.members, st.scores, strict=True)], ", "
                ),
            )
        )
        if st.all_met:
            exp.lines.append(phrase("de.all_met"))
        else:
            win = Fraction(s.context.frame.win, s.context.frame.unit)
            best = joined(
                [
                    labelled(sno(k), shown(v + win * u))
                    for k, v, u in zip(st.members, st.scores, st.unmet, strict=True)
                ],
                ", ",
            )
            exp.lines.append(phrase("de.not_all_met", best=best))
        order = joined(
            [
                Text(
                    "({members}, {tied})",
                    "join",
                    members=" = ".join(sno(k) for k in g),
                    tied=phrase("de.tied"),
                )
                if len(g) > 1
                else sno(g[0])
                for g in st.order
            ],
            " > ",
        )
        exp.lines.append(phrase("de.order", order=order))


def explain_versus(s: Standings, a: int, b: int, lang: str = SOURCE) -> Versus:
    """Why player ``a`` is ranked above, below or level with ``b``: the first separating criterion.

    :raises ArgumentError: when ``a`` and ``b`` are the same player.
    """
    if a == b:
        raise ArgumentError(
            msg("{field} names player {a} again: compare him with another player", field=Field.VERSUS, a=a)
        )
    lang = check_language(lang)
    t = s.tournament
    ra, rb = s.row_of(a), s.row_of(b)
    ia, ib = ra.index, rb.index
    relation = "level" if ra.rank == rb.rank else ("above" if ra.rank < rb.rank else "below")
    lines = [phrase("vs.points", a=Shown(ra.points, Style.POINTS), b=Shown(rb.points, Style.POINTS))]
    if ra.excluded or rb.excluded:  # rank 0: no place, below every ranked player, nothing decides
        relation = "level" if ra.excluded and rb.excluded else ("below" if ra.excluded else "above")
        reasons = {e.start_number: e.reason or "-" for e in s.decisions.exclusions}
        lines += [
            phrase(
                "vs.excluded",
                sno=r.player.start_number,
                name=r.player.name,
                reason=reasons[r.player.start_number],
            )
            for r in (ra, rb)
            if r.excluded
        ]
        return Versus(
            explain_player(s, a, None, lang), explain_player(s, b, None, lang), relation, [], None, lines
        )
    equal: list[str] = []
    deciding: str | None = None
    if ra.points != rb.points:
        lines.append(phrase("vs.points_decide"))
        deciding = "PTS"
    else:
        for label in s.labels:
            res = s.results[label]
            va, vb = res.value(ia), res.value(ib)
            if res.direction is Direction.GROUP:
                if va is not None and vb is not None and va != vb:
                    lines.append(
                        phrase("vs.group", label=label, a=Shown(va, Style.VALUE), b=Shown(vb, Style.VALUE))
                    )
                    deciding = label
                    break
            else:
                key = res.order_key()
                if key[ia] != key[ib]:
                    lines.append(
                        phrase(
                            "vs.decides",
                            label=label,
                            a=shown(va),
                            b=shown(vb),
                        )
                    )
                    deciding = label
                    break
            equal.append(label)
            lines.append(phrase("vs.equal", label=label, value=shown(va)))
        decided = s.decided_between(ia, ib) if deciding is None else None
        if decided is not None:
            lines.append(phrase(f"vs.{decided.how}", note=decided.note or "-"))
        elif deciding is None:
            lines.append(phrase("vs.nothing"))
    compared = [*equal, deciding] if deciding and deciding != "PTS" else list(equal)
    ea = explain_player(s, a, compared, lang)
    eb = explain_player(s, b, compared, lang)
    _ = t
    return Versus(ea, eb, relation, equal, deciding, lines)
