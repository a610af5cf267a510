"""How a program prints a column of tie-break values, and whether a printed value is a computed one
in that form: read by the readers that name a criterion from its printed values (a results page
whose legend does not print a cut) and by the check of a published ranking (its printed values, the
columns it prints without names, the rule set ``--infer`` names), one rule for all of them.

A column's form is the one most of its printed values agree with, the computed form first among
equals: as computed; rounded to the decimals the column prints (half up or half to even, programs do
either; an average C.07 rounds may be printed with the decimals the program kept); Direct Encounter
as Swiss-Manager prints it (0 where it separates nobody; the mutual score where the tied players all
met) or as the mutual score of every tied player (a New Zealand program).  0 printed where a value is
undefined (an average without games) is the program's way of printing none."""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from fractions import Fraction

from .base import GroupSteps, TiebreakResult

__all__ = ["AVERAGES", "Form", "agrees", "as_printed", "disagreeing", "printed_form"]

AVERAGES = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "AOB"})
"""Criteria that are averages: C.07 rounds some of them, programs print them to one or two decimals
or rounded, so a printed value is compared rounded either way."""


class Form(enum.StrEnum):
    """How a program printed a column of values."""

    AS_COMPUTED = "as-computed"
    ROUNDED = "rounded"
    """Rounded to the decimals the column prints (or, for an average, the computed value is the
    printed one rounded)."""
    DE_ZERO = "de-zero"
    """Direct Encounter printed 0 for every player it does not separate (Swiss-Manager)."""
    DE_SEPARATED_MUTUAL = "de-separated-mutual"
    """Direct Encounter printed as the points scored against the other tied players where they all
    met or it separates them, 0 elsewhere (Swiss-Manager's Excel exports of 2024 to 2026)."""
    DE_MUTUAL = "de-mutual"
    """Direct Encounter printed as the points scored against the other tied players (the mutual
    game's score)."""



def _decimals(printed: Sequence[Fraction | None]) -> int | None:
    """The decimals a column prints: the most any of its values needs (at most 2), None when a value
    needs more (the column is exact, not rounded)."""
    most = 0
    for v in printed:
        if v is None:
            continue
        d = next((d for d in range(3) if (v * 10**d).denominator == 1), None)
        if d is None:
            return None
        most = max(most, d)
    return most


def _rounded(value: Fraction, decimals: int) -> set[Fraction]:
    """``value`` rounded to ``decimals``, half up and half to even (programs do either)."""
    scaled = value * 10**decimals
    low = math.floor(scaled)
    rest = scaled - low
    up = low + 1 if rest >= Fraction(1, 2) else low
    even = (low if low % 2 == 0 else low + 1) if rest == Fraction(1, 2) else up
    return {Fraction(up, 10**decimals), Fraction(even, 10**decimals)}


def agrees(computed: Fraction | None, printed: Fraction, code: str, form: Form, decimals: int | None) -> bool:
    """Whether a printed value is the computed one in the column's form.  A printed 0 for a value
    that is undefined (an average without games) is the program's way of printing none."""
    if computed is None:
        return printed == 0
    if computed == printed:
        return True
    if form is not Form.ROUNDED or decimals is None:
        return False
    if printed in _rounded(computed, decimals) and (decimals > 0 or code in AVERAGES):
        return True
    # an average C.07 rounds (ARO, TPR ...) printed with the decimals the program kept
    return code in AVERAGES and computed.denominator == 1 and computed in _rounded(printed, 0)


def _de_forms(
    result: TiebreakResult,
) -> tuple[list[Fraction | None], list[Fraction | None], list[Fraction | None]]:
    """Direct Encounter in Swiss-Manager's forms: the sub-rank, 0 where it separates nobody; the
    score of the games among the tied players where they all met or it separates them, 0 elsewhere
    (its exports of 2024 to 2026: two players level who drew their game are printed ½ each) — and
    the mutual games' score for every tied player (a New Zealand program)."""
    values = result.values()
    zero: list[Fraction | None] = [Fraction(0) if v is None else v for v in values]
    separated_mutual: list[Fraction | None] = [Fraction(0)] * len(values)
    mutual: list[Fraction | None] = [Fraction(0)] * len(values)
    details = result.details
    if isinstance(details, GroupSteps):
        seen: set[int] = set()
        for step in details.steps:
            separated = len(step.order) > 1
            for member, score in zip(step.members, step.scores, strict=True):
                if member in seen:
                    continue
                seen.add(member)
                mutual[member] = score
                if separated or step.all_met:
                    separated_mutual[member] = score
                if not separated:
                    zero[member] = Fraction(0)
    return zero, separated_mutual, mutual


def printed_form(
    result: TiebreakResult, printed: Sequence[Fraction | None]
) -> tuple[Form, int | None, list[Fraction | None]]:
    """The form a column of printed values is in (the one most of them agree with, the computed form
    first among equals), the decimals it prints, and the computed values in that form."""
    code = result.spec.code
    computed = result.values()
    decimals = _decimals(printed)
    forms: list[tuple[Form, list[Fraction | None]]] = [(Form.AS_COMPUTED, computed)]
    if code == "DE":
        zero, separated_mutual, mutual = _de_forms(result)
        forms += [(Form.DE_ZERO, zero), (Form.DE_SEPARATED_MUTUAL, separated_mutual), (Form.DE_MUTUAL, mutual)]
    elif decimals is not None:
        forms.append((Form.ROUNDED, computed))

    def agreeing(form: Form, shown: list[Fraction | None]) -> int:
        return sum(
            1 for c, p in zip(shown, printed, strict=True) if p is not None and agrees(c, p, code, form, decimals)
        )

    best_form, best_shown = forms[0]
    best = agreeing(best_form, best_shown)
    for form, shown in forms[1:]:
        n = agreeing(form, shown)
        if n > best:
            best_form, best_shown, best = form, shown, n
    return best_form, decimals, best_shown


def as_printed(result: TiebreakResult, printed: Sequence[Fraction | None]) -> tuple[list[Fraction | None], int]:
    """The computed values in the form of a printed column (of one column, a player each, None where
    nothing is printed; :func:`printed_form`), and how many printed values they do not give."""
    form, decimals, shown = printed_form(result, printed)
    code = result.spec.code
    wrong = sum(
        1 for c, p in zip(shown, printed, strict=True) if p is not None and not agrees(c, p, code, form, decimals)
    )
    return shown, wrong


def disagreeing(result: TiebreakResult, printed: Sequence[Fraction | None]) -> int:
    """How many printed values the computed ones do not give in the column's form (:func:`as_printed`)."""
    return as_printed(result, printed)[1]
