"""Awarding the prizes of a prize file on the final standings, and why each went where it went.

1. **Eligible players.** A category's players are the ranked players (the excluded left out) who
   meet its conditions, in standings order: points, the tie-breaks, then playoffs and lots.
2. **Allocation.** Prizes are taken one at a time: by ``awarding = "amount"`` the larger prize
   first (equal amounts in the file's order), by ``"listed"`` in the file's order; places of one
   category always in order.  Each prize goes to the best-placed eligible player who holds no prize
   yet (``one_prize_per_player``; otherwise who holds no place of that category).  So a player
   eligible for two prizes takes the larger: he is reached first by the larger one.
3. **Sharing** (``sharing = "equal"`` or ``"hort"``).  Within a category, the holders of its places
   who are level on points, with the eligible players on those points who hold no prize at all,
   form a group; the prizes of the places the group holds are its pot.  ``equal``: each member gets
   pot / n.  ``hort`` (the Hort system, after GM Vlastimil Hort; German Wikipedia "Hort-System"):
   each member keeps half the prize of his own place (nothing for a member without a place) and the
   other half of the pot is shared equally: own / 2 + pot / (2 n).  A player who holds a prize of
   another category does not share this one; sharing never moves a prize to another category.
4. **Rounding.** Each share is computed exactly, rounded down to ``rounding`` (a cent by default),
   and the units left over (fewer than the members) go one each to the members in standings order:
   a group is paid exactly its pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction

from babel.core import UnknownLocaleError
from babel.numbers import UnknownCurrencyError, format_currency, format_decimal

from ..base.classes import dataclass
from ..base.i18n import SOURCE, Text
from ..base.numbers import Shown, Style
from ..standings import Standings
from .spec import Category, PlayerTable, PrizeFile

__all__ = ["TEXTS", "Award", "Money", "PrizeList", "award_prizes"]

TEXTS = {
    "eligible": "{n} eligible players ({category})",
    "ahead": "{player} (place {place}) is ahead but took {prize}",
    "points": "{a} has more points than {b}: {pa} to {pb}",
    "tiebreak": "{a} and {b} have {points} points; {label} decides: {va} to {vb}",
    "playoff": "{a} and {b} are level after the tie-breaks; the playoff decided ({note})",
    "arbiter": "{a} and {b} are level after the tie-breaks; the arbiter decided ({note})",
    "lot": "{a} and {b} are level after the tie-breaks; the drawing of lots decided (seed {note})",
    "level": "{a} and {b} are level on points and every tie-break (shared place): the start number order put {a} first; give a playoff or a drawing of lots",
    "next_other": "the next eligible player, {b}, took {prize} instead",
    "next_none": "the next eligible player, {b}, got no prize",
    "no_next": "no other eligible player without a prize",
    "nobody": "nobody eligible is left: the prize is not awarded",
    "shared_hort_none": "level on {points} points with {others}: no prize place of his own; half of the prizes of places {places} ({pot}) is pooled and shared equally (Hort)",
    "shared_equal": "level on {points} points with {others}: the prizes of places {places} ({pot}) shared equally",
    "shared_hort": "level on {points} points with {others}: keeps half of the prize of his own place ({own}); half of the prizes of places {places} ({pot}) is pooled and shared equally (Hort)",
    "rounded": "shares rounded down to {unit}; {left} left over paid one {unit} each in standings order",
}
"""The explanations' sentences (context ``prizes``), translated when rendered."""


@dataclass(frozen=True)
class Money:
    """An amount inside a sentence, written in the language the sentence is said in (Babel:
    ``0,01 €`` in Italian, ``0,01 €`` in French); a currency that is no ISO code (``gettoni``)
    follows the amount.  English keeps the amount as the prize file writes it, then the currency
    (``0.01 EUR``), as the command line has always printed it."""

    amount: Decimal
    currency: str = ""

    def said(self, lang: str) -> str:
        """The amount as ``lang`` writes it, with its currency."""
        if lang == SOURCE:
            return f"{self.amount} {self.currency}".strip()
        try:
            if len(self.currency) == 3 and self.currency.isalpha():
                return str(format_currency(self.amount, self.currency.upper(), locale=lang))
            number = str(format_decimal(self.amount, locale=lang))
        except (UnknownCurrencyError, UnknownLocaleError, ValueError):
            number = format(self.amount, "f")
        return f"{number} {self.currency}".strip()

    def __str__(self) -> str:
        return self.said(SOURCE)


def _t(key: str, **params: object) -> Text:
    return Text(TEXTS[key], "prizes", **params)


@dataclass
class Award:
    """One prize of one category and who got it, with the reasons."""

    category: Category
    place: int
    amount: Decimal
    holder: int | None = None
    """The player index the allocation gave it to (None: nobody eligible was left)."""
    runner_up: int | None = None
    paid: dict[int, Decimal] = field(default_factory=dict)
    """What each player is paid out of this prize's group (the holder alone when not shared)."""
    why: list[Text] = field(default_factory=list)
    shared_with: tuple[int, ...] = ()
    places: str = ""
    """The places a shared group holds (``5-7``), for a prize shared by players level on points."""


@dataclass
class PrizeList:
    """The prizes awarded on a ranking, with every reason."""

    standings: Standings
    prizes: PrizeFile
    awards: list[Award]
    """In the file's order: categories as listed, places in order."""
    payouts: dict[int, Decimal]
    """Every player's total, by player index, in standings order."""
    shares: list[tuple[Category, tuple[int, ...], Decimal, dict[int, Decimal]]] = field(default_factory=list)
    """The shared groups: category, members (indices), pot, what each member is paid."""
    notes: list[Text] = field(default_factory=list)

    def points(self, index: int) -> Fraction:
        """A player's points in the standings the prizes were awarded on."""
        frame = self.standings.context.frame
        return Fraction(int(frame.total[index]), frame.unit)

    def place(self, index: int) -> str:
        """A player's place as printed (``3``, ``3-4``; ``—`` when excluded)."""
        return _place_of(self.standings, index)


def _place_of(s: Standings, i: int) -> str:
    k = int(s._position[i])
    rank, rank_to = int(s.rank[k]), int(s.rank_to[k])
    if rank == 0:
        return "—"
    return f"{rank}-{rank_to}" if rank_to > rank else str(rank)


def eligibility(s: Standings, prizes: PrizeFile) -> dict[str, list[int]]:
    """Every category's eligible players (indices), in standings order, excluded players left out."""
    t = s.tournament
    ranked = s.order[s.rank > 0]
    ages = any(c.age_under is not None or c.age_from is not None for c in prizes.categories)
    table = PlayerTable.of(t.players, prizes.players, prizes.reference_date or t.start_date, ages)
    everyone = ranked.tolist()
    return {c.id: everyone if c.open else ranked[c.mask(table)[ranked]].tolist() for c in prizes.categories}


def award_prizes(s: Standings, prizes: PrizeFile) -> PrizeList:
    """Award the prizes of ``prizes`` on the standings ``s`` (see the module's docstring)."""
    eligible = eligibility(s, prizes)
    awards = [Award(c, k + 1, amount) for c in prizes.categories for k, amount in enumerate(c.prizes)]
    listed = list(range(len(awards)))
    if prizes.awarding == "amount":
        listed.sort(key=lambda k: (-awards[k].amount, k))
    held: dict[int, Award] = {}
    held_in: dict[str, set[int]] = {c.id: set() for c in prizes.categories}
    cursor = dict.fromkeys(held_in, 0)
    for k in listed:
        a = awards[k]
        c = a.category
        pool = eligible[c.id]
        taken = held if prizes.one_prize_per_player else held_in[c.id]
        at = cursor[c.id]
        while at < len(pool) and pool[at] in taken:
            at += 1
        cursor[c.id] = at  # the players before hold a prize for good: never looked at again
        a.why.append(_t("eligible", n=len(pool), category=c.name))
        if at == len(pool):
            a.why.append(_t("nobody"))
            continue
        a.holder = pool[at]
        nxt = at + 1
        while nxt < len(pool) and pool[nxt] in taken:
            nxt += 1
        a.runner_up = pool[nxt] if nxt < len(pool) else None
        held.setdefault(a.holder, a)
        held_in[c.id].add(a.holder)
    # the reasons, once every prize has a holder
    for a in awards:
        if a.holder is None:
            continue
        for i in eligible[a.category.id]:
            if i == a.holder:
                break
            other = held.get(i)
            if other is not None and other.category is not a.category:
                a.why.append(_t("ahead", player=_who(s, i), place=_place_of(s, i), prize=_prize_name(other)))
        if a.runner_up is None:
            a.why.append(_t("no_next"))
        else:
            a.why.append(decider(s, a.holder, a.runner_up))
            taken_by = held.get(a.runner_up)
            if taken_by is not None and taken_by.category is not a.category:
                a.why.append(_t("next_other", b=_who(s, a.runner_up), prize=_prize_name(taken_by)))
            elif taken_by is None:
                a.why.append(_t("next_none", b=_who(s, a.runner_up)))
        a.paid = {a.holder: a.amount.quantize(prizes.rounding, rounding=ROUND_FLOOR)}
    result = PrizeList(s, prizes, awards, {})
    if prizes.sharing != "none":
        _share(result, eligible, held)
    totals: dict[int, Decimal] = {}
    for a in awards:
        for i, amount in a.paid.items():
            totals[i] = totals.get(i, Decimal(0)) + amount
    result.payouts = dict(sorted(totals.items(), key=lambda item: int(s._position[item[0]])))
    return result


def _share(result: PrizeList, eligible: dict[str, list[int]], held: dict[int, Award]) -> None:
    s, prizes = result.standings, result.prizes
    total = s.context.frame.total
    for c in prizes.categories:
        mine = [a for a in result.awards if a.category is c and a.holder is not None]
        holders = {a.holder: a for a in mine if a.holder is not None}
        by_points: dict[int, list[int]] = {}
        wanted = {int(total[i]) for i in holders}
        for i in eligible[c.id]:
            p = int(total[i])
            if p in wanted and (i in holders or i not in held or not prizes.one_prize_per_player):
                by_points.setdefault(p, []).append(i)
        for p in sorted(by_points, reverse=True):
            group = by_points[p]
            points = result.points(group[0])
            if len(group) < 2:
                continue
            own = {i: (holders[i].amount if i in holders else Decimal(0)) for i in group}
            pot = sum(own.values(), Decimal(0))
            n = len(group)
            exact = {
                i: Fraction(pot) / n
                if prizes.sharing == "equal"
                else Fraction(own[i]) / 2 + Fraction(pot) / (2 * n)
                for i in group
            }
            paid = _round(exact, pot, prizes.rounding, group)
            places = [a.place for a in mine if a.holder in group]
            places_text = f"{min(places)}-{min(places) + n - 1}"
            for i in group:
                others = ", ".join(_who(s, j) for j in group if j != i)
                if i in holders:
                    a = holders[i]
                else:
                    a = Award(c, 0, Decimal(0), holder=i)
                    result.awards.append(a)
                a.paid = {i: paid[i]}
                a.shared_with = tuple(j for j in group if j != i)
                a.places = places_text
                key = (
                    "shared_equal"
                    if prizes.sharing == "equal"
                    else "shared_hort"
                    if i in holders
                    else "shared_hort_none"
                )
                a.why.append(_t(key, points=_num(points), others=others, places=places_text,
                                pot=_money(pot, prizes), own=_money(own[i], prizes)))  # fmt: skip
            left = pot - sum(paid_down(v, prizes.rounding) for v in exact.values())
            if left:
                result.notes.append(
                    _t("rounded", unit=_money(prizes.rounding, prizes), left=_money(left, prizes))
                )
            result.shares.append((c, tuple(group), pot, paid))


def paid_down(value: Fraction, unit: Decimal) -> Decimal:
    """``value`` rounded down to a multiple of ``unit``."""
    return Decimal(int(value // Fraction(unit))) * unit


def _round(
    exact: dict[int, Fraction], pot: Decimal, unit: Decimal, order: Sequence[int]
) -> dict[int, Decimal]:
    """Each share rounded down to ``unit``; the units left over go one each in standings order."""
    u = Fraction(unit)
    units = {i: int(v // u) for i, v in exact.items()}
    left = int(Fraction(pot) / u) - sum(units.values())
    for i in order[:left]:
        units[i] += 1
    return {i: (Decimal(k) * unit).quantize(unit, rounding=ROUND_FLOOR) for i, k in units.items()}


def decider(s: Standings, a: int, b: int) -> Text:
    """Why player ``a`` is ranked above ``b``: points, the first tie-break that differs, a playoff,
    the arbiter, a lot, or nothing (a shared place)."""
    frame = s.context.frame
    wa, wb = _who(s, a), _who(s, b)
    pa, pb = Fraction(int(frame.total[a]), frame.unit), Fraction(int(frame.total[b]), frame.unit)
    if pa != pb:
        return _t("points", a=wa, b=wb, pa=_num(pa), pb=_num(pb))
    for label in s.labels:
        result = s.results[label]
        va, vb = result.value(a), result.value(b)
        if va != vb:
            return _t("tiebreak", a=wa, b=wb, points=_num(pa), label=label, va=_num(va), vb=_num(vb))
    d = s.decided_between(a, b)
    if d is not None:
        return _t(d.how, a=wa, b=wb, note=d.note or "-")
    return _t("level", a=wa, b=wb)


def _who(s: Standings, i: int) -> str:
    p = s.tournament.players[i]
    return f"{p.name} ({p.start_number})"


def _prize_name(a: Award) -> Text:
    return Text("{category} {place} ({amount})", "prizes", category=a.category.name, place=a.place,
                amount=Money(a.amount, ""))  # fmt: skip


def _num(value: Fraction | None) -> Shown:
    """A number of a reason, written in the language the reason is said in (``46,5``)."""
    return Shown(value, Style.EXPLAINED)


def _money(value: Decimal, prizes: PrizeFile) -> Money:
    return Money(value, prizes.currency)
