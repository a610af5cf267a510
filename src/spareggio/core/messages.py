"""The wording of explanations: the English sentences, by key.

Every sentence an explanation holds is made here by key (:func:`phrase`) as a
:class:`~spareggio.base.i18n.Text` with named values; the renderers say it in the asked language, whose
gettext catalogue translates the English text with the key as context.  A sentence a catalogue
lacks shows in English.
"""

from __future__ import annotations

from ..base.i18n import Text, localize

__all__ = ["EN", "message", "phrase"]

EN: dict[str, str] = {
    # headings and table
    "title": "Why {name} (no. {sno}) has these tie-breaks",
    "rules": "Rule set: {rules} ({reason}).  Standings after round {after_round}.",
    "context_tiebreaks": "Tie-breaks of the standings, in order: {tiebreaks}.",
    "points": "Points: {points}",
    "value": "Value",
    "rd": "Rd",
    "col": "Col",
    "opponent": "Opponent",
    "res": "Res",
    "score": "Score",
    "factor": "x",
    "contribution": "Contrib.",
    "note": "How it counts",
    "sum": "Sum",
    "cut_terms": "With the cut terms as 0",
    "removed": "Removed",
    "undefined": "undefined",
    "footnotes": "Adjusted scores of opponents (C.07 16.3)",
    "footnotes.us_chess": "Adjusted scores of opponents (US Chess 34E)",
    # kinds of rounds
    "kind.forfeit win": "forfeit win",
    "kind.forfeit loss": "forfeit loss",
    "kind.double forfeit": "double forfeit",
    "kind.pairing-allocated bye": "pairing-allocated bye",
    "kind.full-point bye": "full-point bye",
    "kind.half-point bye": "half-point bye",
    "kind.zero-point bye": "zero-point bye",
    "kind.not paired": "not paired",
    "kind.withdrawn": "withdrawn",
    # how the score of an element was obtained
    "src.opponent": "opponent's score {score}",
    "src.opponent_adjusted": "opponent's adjusted score {score} (actual {actual}, see note {ref})",
    "src.forfeit_as_played": "counted as a game against {opponent}: {score}",
    "src.dummy_own": "dummy opponent with own score {own} (C.07 16.4)",
    "src.dummy_cap_opponent": "own score {own}, capped at the scheduled opponent's adjusted score {cap} (C.07 16.4.1)",
    "src.dummy_cap_rounds": "own score {own}, capped at {rounds} rounds x {draw} = {cap} (C.07 16.4.2)",
    "src.virtual": "virtual opponent: {before} before the round + {opposite} + {rounds_after} x {draw} = {score} (FIDE 2009)",
    "src.self_draw": "draw against oneself: own tie-break score {score}",
    "src.zero_opponent": "bye: an opponent with 0 points (Italian variant)",
    "src.unplayed_zero": "own unplayed game: counts 0 (US Chess 34E)",
    "src.none": "not counted",
    "src.rr_free": "free round: ignored (C.07 15)",
    "vur": "voluntary unplayed round",
    # cuts
    "cut.low": "cut: lowest value (C.07 14.1)",
    "cut.low_sb": "cut: lowest-scored opponent, lowest contribution among equals (C.07 14.1.1 d)",
    "cut.low_vur": "cut: voluntary unplayed round removed first (C.07 16.5)",
    "cut.low_over_vur": "cut: higher of the two candidates, this value vs the unplayed round's {vur_value} (C.07 16.5)",
    "cut.high": "cut: highest value (C.07 14.3)",
    "cut.us_low": "dropped: lowest (US Chess 34E1)",
    "cut.us_high": "dropped: highest (US Chess 34E1)",
    "removed_line": "{total} - {removed} = {value}",
    # footnotes
    "fn.line": "({ref}) no. {sno} {name}: actual score {actual}, counted as {adjusted}: {rounds}",
    "fn.round": "round {round} {kind} counts {value} instead of {points}",
    "fn.reason.trailing": "requested byes or absences followed only by voluntary unplayed rounds count as draws (C.07 16.2.5)",
    "fn.reason.unplayed_draw": "every unplayed round counts as a draw",
    "fn.reason.us_chess": "the opponent's unplayed games count as draws (US Chess 34E)",
    # group tie-breaks
    "de.group": "Tied group: {members}",
    "de.encounters": "Games among them: {games}",
    "de.average_of": "(average of {games} games)",
    "de.scores": "Points in the games among them: {scores}",
    "de.all_met": "Everyone met everyone: order by those points (C.07 6.2).",
    "de.not_all_met": (
        "Not everyone met: a player is placed first only if no result of the missing games could reach "
        "him (C.07 6.3); best possible: {best}."
    ),
    "de.order": "Result: {order}",
    "de.tied": "still tied",
    "board.totals": "Game points on each board over the event: {boards}",
    "board.rule.TBR": "Board 1 decides, then board 2, and so on (C.07 12.2).",
    "board.rule.BBE": "All boards but the bottom one decide, then all but the two bottom ones, and so on (C.07 12.3).",
    "de.none": "Not applied: the player was not tied when this tie-break was reached.",
    "de.none.team": "Not applied: the team was not tied when this tie-break was reached.",
    # other tie-breaks
    # records of every tie-break
    "average": "Average",
    "computed": "Computed",
    "colour.white": "W",
    "colour.black": "B",
    "in.points": "Points",
    "in.compared_points": "Compared with",
    "in.cumulative_score": "Score after rd",
    "in.opponent_final_score": "Opp. score",
    "in.opponent_rating": "Opp. rating",
    "in.opponent_tpr": "Opp. TPR",
    "in.opponent_ptp": "Opp. PTP",
    "in.opponent_buchholz": "Opp. Buchholz",
    "in.running_score": "Running score",
    "in.opponent_cumulative": "Opp. cumulative",
    "in.rating": "Own rating",
    "in.pairing_number": "Start number",
    "in.note.points": "points {value}",
    "in.note.compared_points": "against {value}",
    "in.note.cumulative_score": "score after the round {value}",
    "in.note.opponent_final_score": "opponent's final score {value}",
    "in.note.opponent_rating": "opponent's rating {value}",
    "in.note.opponent_tpr": "opponent's TPR {value}",
    "in.note.opponent_ptp": "opponent's PTP {value}",
    "in.note.opponent_buchholz": "opponent's Buchholz {value}",
    "in.note.running_score": "running score {value}",
    "in.note.opponent_cumulative": "opponent's cumulative {value}",
    "in.note.opponent_score": "opponent's score {value}",
    "in.note.board_weighted_points": "board number x game points: {value}",
    "in.board_weighted_points": "Board x GP",
    "in.secondary_points": "Secondary",
    "in.note.secondary_points": "secondary score {value}",
    "detail.less_a_win": "less a win for a round won without playing: {value} (US Chess 34E3)",
    "detail.unrated": "unrated: counts at the rating given to unrated players (C.07 Art. 10)",
    "detail.forfeited_board": "a board won or lost by forfeit counts as a win or a loss, an empty board as nothing (C.07 12)",
    "detail.record_299": "points assigned by the file's record 299 (abnormal points): the result scores {input}, the round adds {value}",
    "why.not_part": "not an element of this tie-break",
    "why.not_part.opponent_rating": "not a game over the board: not counted (C.07 Art. 10)",
    "why.not_part.opponent_tpr": "not a game over the board: not counted (C.07 Art. 10)",
    "why.not_part.opponent_ptp": "not a game over the board: not counted (C.07 Art. 10)",
    "why.not_part.opponent_buchholz": "not a game over the board: not counted (C.07 8.2)",
    "why.not_part.opponent_cumulative": "not a game over the board: not counted (US Chess 34E)",
    "why.not_part.opponent_final_score": "no scheduled opponent (C.07 9.2)",
    "why.not_counted": "not counted",
    "why.not_counted.WIN": "fewer points than a win: not counted (C.07 7.1)",
    "why.not_counted.WON": "not a game won: not counted (C.07 7.2)",
    "why.not_counted.BPG": "not a game played with Black: not counted (C.07 7.3)",
    "why.not_counted.BWG": "not a game won with Black: not counted (C.07 7.4)",
    "why.not_counted.REP": "a voluntary unplayed round: not counted (C.07 7.6)",
    "why.not_counted.KASHDAN": "not a game over the board: counts 0 (US Chess 34E7)",
    "why.cut_low": "cut: lowest value (C.07 14.1)",
    "why.cut_low.PS": "cut: the score after an early round (C.07 14.1.1 c)",
    "why.cut_high": "cut: highest value (C.07 14.3)",
    "why.cut_low_vur": "cut: voluntary unplayed round removed first (C.07 16.5)",
    "why.cut_low_over_vur": "cut: the higher of the two candidates (C.07 16.5)",
    "why.below_line": "opponent below the Koya line: not counted (C.07 9.2)",
    "why.undefined": "the opponent's value is undefined: not counted (C.07 10.4-10.5)",
    "agg.none": "no element counts: undefined",
    "agg.zero": "no element counts: 0, as the rule set's program prints it (C.07 Art. 10 leaves it undefined)",
    "agg.average": "({terms}) / {count} = {value}",
    "agg.rounded": "({terms}) / {count} = {exact} -> {value} (rounded, .5 up; C.07 Art. 10)",
    "agg.tpr": (
        "ARO = ({terms}) / {count} = {exact} -> {aro}; score {score} of {games} = {exact_percent}% -> "
        "{percent}% -> dp {dp} (FIDE B.02 8.1 a); TPR = {aro} + {dp} = {value}"
    ),
    "agg.ptp": (
        "score {score} in {games} games against {ratings}: the lowest rating whose expected scores "
        "(FIDE B.02 8.1 b) reach the score is {value} (C.07 10.3): at {value} they sum to {at}, at {below} "
        "to {at_below}"
    ),
    "agg.ptp_zero": "score 0: the lowest opponent rating {lowest} - 800 = {value} (C.07 10.3)",
    "d.ks_line": "Koya line: {threshold} of {maximum} points (C.07 9.2)",
    # versus
    "vs.title": "Why no. {a} {a_name} is ranked {relation} {b} {b_name}",
    "vs.above": "above no.",
    "vs.below": "below no.",
    "vs.level": "level with no.",
    "vs.points": "Points: {a} against {b}.",
    "vs.equal": "{label}: equal ({value}).",
    "vs.decides": "{label} decides: {a} against {b}.",
    "vs.points_decide": "The points decide.",
    "vs.nothing": "No tie-break in the list separates them: they share the place.",
    "vs.playoff": "No tie-break in the list separates them: the playoff decided ({note}).",
    "vs.arbiter": "No tie-break in the list separates them: the arbiter decided ({note}).",
    "vs.lot": "No tie-break in the list separates them: the drawing of lots decided (seed {note}).",
    "vs.excluded": "No. {sno} {name} is excluded from the ranking ({reason}): he has no place, below every ranked player.",
    "vs.group": "{label} (a group tie-break) orders them: place {a} against {b} in their tied group.",
}


def phrase(key: str, /, **args: object) -> Text:
    """The sentence ``key`` as a :class:`~spareggio.base.i18n.Text`: its English text (the gettext message
    id, the key its context) and the values that fill it, said in a language only when rendered."""
    return Text(EN[key], key, **args)


def message(lang: str, key: str, **args: object) -> str:
    """The sentence ``key`` said in ``lang`` at once (the renderers' headings); the key itself when
    no sentence has it."""
    if key not in EN:
        return key
    return localize(phrase(key, **args), lang)
