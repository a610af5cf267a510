"""The wording of explanations, one catalogue per language.

Every sentence an explanation prints is looked up here by key and formatted with named values, so
that a language is added by adding one dictionary.  Keys missing from a language fall back to English.
"""

from __future__ import annotations

from typing import Any

__all__ = ["LANGUAGES", "message"]

EN: dict[str, str] = {
    # headings and table
    "title": "Why {name} (no. {sno}) has these tie-breaks",
    "rules": "Rule set: {rules} ({reason}).  Standings after round {after_round}.",
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
    "total": "Total",
    "cut_terms": "With the cut terms as 0",
    "removed": "Removed",
    "undefined": "undefined",
    "footnotes": "Adjusted scores of opponents (C.07 16.3)",
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
    # group tie-breaks
    "de.group": "Tied group: {members}",
    "de.scores": "Points in the games among them: {scores}",
    "de.all_met": "Everyone met everyone: order by those points (C.07 6.2).",
    "de.not_all_met": (
        "Not everyone met: a player is placed first only if no result of the missing games could reach "
        "him (C.07 6.3); best possible: {best}."
    ),
    "de.order": "Result: {order}",
    "de.tied": "still tied",
    "de.none": "Not applied: the player was not tied when this tie-break was reached.",
    # other tie-breaks
    "d.rounds_counted": "Rounds counted: {rounds} -> {count}",
    "d.none_counted": "No round counts -> 0",
    "d.std": "Per round: {terms} = {total}",
    "d.ps": "Score after each round: {terms} = {total}",
    "d.ps_cut": "Cut: the scores after rounds 1 to {n} (C.07 14.1.1 c)",
    "d.ks": "Koya line: {threshold} of {maximum} points; qualified opponents: {opponents}",
    "d.ks_points": "Points against them: {terms} = {total}",
    "d.ratings": "Opponents' ratings (games over the board): {ratings}",
    "d.aro": "Average: {total} / {count} = {exact} -> {value} (rounded, .5 up)",
    "d.tpr": "Score {score} of {games} = {percent}% -> dp {dp} (FIDE B.02 8.1 a); TPR = ARO {aro} + {dp} = {value}",
    "d.ptp": "Lowest rating whose expected score against these opponents reaches {score} (FIDE B.02 8.1 b): {value}",
    "d.opp_values": "Opponents' values: {values}",
    "d.own_rating": "Own rating: {value}",
    "d.tpn": "Start number: {value}",
    "d.no_games": "No game played over the board: undefined",
    # versus
    "vs.title": "Why no. {a} {a_name} is ranked {relation} no. {b} {b_name}",
    "vs.above": "above",
    "vs.below": "below",
    "vs.level": "level with",
    "vs.points": "Points: {a} against {b}.",
    "vs.equal": "{label}: equal ({value}).",
    "vs.decides": "{label} decides: {a} against {b}.",
    "vs.points_decide": "The points decide.",
    "vs.nothing": "No tie-break in the list separates them: they share the place.",
    "vs.group": "{label} (a group tie-break) orders them: place {a} against {b} in their tied group.",
}

IT: dict[str, str] = {
    "title": "Perché {name} (n. {sno}) ha questi spareggi",
    "rules": "Regole: {rules} ({reason}).  Classifica dopo il turno {after_round}.",
    "points": "Punti: {points}",
    "value": "Valore",
    "rd": "T.",
    "col": "Col",
    "opponent": "Avversario",
    "res": "Ris",
    "score": "Punti",
    "factor": "x",
    "contribution": "Contributo",
    "note": "Come conta",
    "sum": "Somma",
    "total": "Totale",
    "cut_terms": "Con i termini tagliati a 0",
    "removed": "Tolto",
    "undefined": "non definito",
    "footnotes": "Punteggi aggiustati degli avversari (C.07 16.3)",
    "kind.forfeit win": "vittoria a forfait",
    "kind.forfeit loss": "sconfitta a forfait",
    "kind.double forfeit": "doppio forfait",
    "kind.pairing-allocated bye": "bye di abbinamento",
    "kind.full-point bye": "bye da un punto",
    "kind.half-point bye": "bye da mezzo punto",
    "kind.zero-point bye": "bye da zero punti",
    "kind.not paired": "non abbinato",
    "kind.withdrawn": "ritirato",
    "src.opponent": "punti dell'avversario {score}",
    "src.opponent_adjusted": "punteggio aggiustato dell'avversario {score} (reale {actual}, vedi nota {ref})",
    "src.forfeit_as_played": "contata come partita contro {opponent}: {score}",
    "src.dummy_own": "avversario fittizio con i propri punti {own} (C.07 16.4)",
    "src.dummy_cap_opponent": (
        "propri punti {own}, limitati al punteggio aggiustato dell'avversario abbinato {cap} (C.07 16.4.1)"
    ),
    "src.dummy_cap_rounds": "propri punti {own}, limitati a {rounds} turni x {draw} = {cap} (C.07 16.4.2)",
    "src.virtual": (
        "avversario virtuale: {before} prima del turno + {opposite} + {rounds_after} x {draw} = {score} (FIDE 2009)"
    ),
    "src.self_draw": "patta contro se stessi: proprio punteggio per spareggio {score}",
    "src.zero_opponent": "bye: un avversario con 0 punti (variante italiana)",
    "src.unplayed_zero": "partita non giocata: conta 0 (US Chess 34E)",
    "src.none": "non conta",
    "src.rr_free": "turno di riposo: ignorato (C.07 15)",
    "vur": "turno volontariamente non giocato",
    "cut.low": "tagliato: valore più basso (C.07 14.1)",
    "cut.low_sb": ("tagliato: avversario con meno punti, il contributo minore a parità (C.07 14.1.1 d)"),
    "cut.low_vur": "tagliato: turno volontariamente non giocato, tolto per primo (C.07 16.5)",
    "cut.low_over_vur": (
        "tagliato: il maggiore dei due candidati, questo valore contro {vur_value} del turno non giocato (C.07 16.5)"
    ),
    "cut.high": "tagliato: valore più alto (C.07 14.3)",
    "cut.us_low": "scartato: il più basso (US Chess 34E1)",
    "cut.us_high": "scartato: il più alto (US Chess 34E1)",
    "removed_line": "{total} - {removed} = {value}",
    "fn.line": "({ref}) n. {sno} {name}: punti reali {actual}, contati come {adjusted}: {rounds}",
    "fn.round": "turno {round} {kind} vale {value} invece di {points}",
    "fn.reason.trailing": (
        "bye richiesti o assenze seguiti solo da turni volontariamente non giocati contano come patte (C.07 16.2.5)"
    ),
    "fn.reason.unplayed_draw": "ogni turno non giocato conta come patta",
    "de.group": "Gruppo a pari merito: {members}",
    "de.scores": "Punti negli scontri fra loro: {scores}",
    "de.all_met": "Tutti si sono incontrati: ordine secondo quei punti (C.07 6.2).",
    "de.not_all_met": (
        "Non tutti si sono incontrati: un giocatore è primo solo se nessun risultato delle partite mancanti "
        "può raggiungerlo (C.07 6.3); massimo possibile: {best}."
    ),
    "de.order": "Risultato: {order}",
    "de.tied": "ancora pari",
    "de.none": "Non applicato: il giocatore non era a pari merito quando si è giunti a questo spareggio.",
    "d.rounds_counted": "Turni contati: {rounds} -> {count}",
    "d.none_counted": "Nessun turno conta -> 0",
    "d.std": "Per turno: {terms} = {total}",
    "d.ps": "Punteggio dopo ogni turno: {terms} = {total}",
    "d.ps_cut": "Tagliati: i punteggi dopo i turni da 1 a {n} (C.07 14.1.1 c)",
    "d.ks": "Soglia Koya: {threshold} su {maximum} punti; avversari qualificati: {opponents}",
    "d.ks_points": "Punti contro di loro: {terms} = {total}",
    "d.ratings": "Elo degli avversari (partite giocate): {ratings}",
    "d.aro": "Media: {total} / {count} = {exact} -> {value} (arrotondata, .5 per eccesso)",
    "d.tpr": "Punti {score} su {games} = {percent}% -> dp {dp} (FIDE B.02 8.1 a); TPR = ARO {aro} + {dp} = {value}",
    "d.ptp": "Elo più basso il cui punteggio atteso contro questi avversari raggiunge {score} (FIDE B.02 8.1 b): {value}",
    "d.opp_values": "Valori degli avversari: {values}",
    "d.own_rating": "Elo proprio: {value}",
    "d.tpn": "Numero di partenza: {value}",
    "d.no_games": "Nessuna partita giocata: non definito",
    "vs.title": "Perché il n. {a} {a_name} è classificato {relation} il n. {b} {b_name}",
    "vs.above": "davanti a",
    "vs.below": "dietro a",
    "vs.level": "a pari merito con",
    "vs.points": "Punti: {a} contro {b}.",
    "vs.equal": "{label}: uguale ({value}).",
    "vs.decides": "{label} decide: {a} contro {b}.",
    "vs.points_decide": "Decidono i punti.",
    "vs.nothing": "Nessuno spareggio della lista li separa: condividono il posto.",
    "vs.group": "{label} (spareggio di gruppo) li ordina: posto {a} contro {b} nel loro gruppo.",
}

LANGUAGES: dict[str, dict[str, str]] = {"en": EN, "it": IT}
"""Message catalogues by language code."""


def message(lang: str, key: str, **args: Any) -> str:
    """The sentence ``key`` in language ``lang`` (English if missing), formatted with ``args``."""
    catalogue = LANGUAGES.get(lang, EN)
    template = catalogue.get(key) or EN.get(key) or key
    return template.format(**args)
