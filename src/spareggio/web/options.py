"""What a request asks to compute, read and bounded before any arithmetic: the same options as the
command line, from a page's address or from the API's form fields."""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import replace

from starlette.requests import Request

from ..base.classes import dataclass
from ..base.errors import ArgumentError, SpareggioError, check_language
from ..base.i18n import SOURCE, msg
from ..core.decisions import Decision, Decisions, Exclusion, Playoff
from ..rules import RULESETS
from .limits import MAX_FIELD_CHARS, MAX_NUMBER_DIGITS

__all__ = [
    "MAX_DECISIONS",
    "Options",
    "address_exclusion",
    "address_playoff",
    "api_language",
    "bounded_number",
    "checked_format",
    "clean_text",
    "error_language",
    "grid_choice",
    "options_of",
    "rule_set_names",
    "safe_name",
]

NAME_CHARS = 120
"""Longest file name kept from an upload (for messages and downloads)."""


def clean_text(value: str | None, field: str) -> str | None:
    """A text option as sent, stripped; None when empty.

    :raises ArgumentError: when it is longer than :data:`MAX_FIELD_CHARS`, holds a NUL or a lone
        surrogate (text no file and no page can hold).
    """
    if value is None:
        return None
    if len(value) > MAX_FIELD_CHARS:
        raise ArgumentError(
            msg("{field} is longer than {limit} characters", field=field, limit=MAX_FIELD_CHARS)
        )
    if "\x00" in value or any("\ud800" <= c <= "\udfff" for c in value):
        raise ArgumentError(msg("{field} holds a character that is not text", field=field))
    return value.strip() or None


def bounded_number(value: str | int | None, field: str) -> int | None:
    """A whole number option (a round, a start number); None when empty.

    :raises ArgumentError: when it is not written with digits only, or has more than
        :data:`MAX_NUMBER_DIGITS` of them (read before any arithmetic).
    """
    text = clean_text(None if value is None else str(value), field)
    if text is None:
        return None
    if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > MAX_NUMBER_DIGITS:
        raise ArgumentError(
            msg(
                "{field} must be a whole number of at most {digits} digits, not {text!r}",
                field=field,
                digits=MAX_NUMBER_DIGITS,
                text=text[:20],
            )
        )
    return int(text)


def rule_set_names(values: list[str]) -> list[str]:
    """The rule sets a comparison asks for, each once, in the order asked, at most as many as
    there are rule sets (a longer list repeats one or names one that does not exist).

    :raises ArgumentError: for a name longer than :data:`MAX_FIELD_CHARS`.
    """
    names = [n for n in (clean_text(v, "rules") for v in values[: len(RULESETS) + 1]) if n]
    return list(dict.fromkeys(names))[: len(RULESETS) + 1]


def checked_format(value: str | None, allowed: tuple[str, ...], default: str = "json") -> str:
    """The output format asked for, lower case.

    :raises ArgumentError: when it is not one of ``allowed``.
    """
    fmt = (clean_text(value, "format") or default).lower()
    if fmt not in allowed:
        raise ArgumentError(
            msg("format must be one of {items}, not {fmt!r}", items=", ".join(allowed), fmt=fmt[:20])
        )
    return fmt


MAX_DECISIONS = 64
"""Most playoffs, arbiter's orders or exclusions one request may give."""


def _listed(values: list[str], field: str) -> tuple[str, ...]:
    """The non-empty values of a repeated field, each bounded, each once, at most
    :data:`MAX_DECISIONS`."""
    kept = [v for v in (clean_text(x, field) for x in values[: MAX_DECISIONS + 1]) if v]
    return tuple(dict.fromkeys(kept))[:MAX_DECISIONS]


def _numbers(text: str) -> list[int] | None:
    """The start numbers of a value the address keeps (``3,7``), None when it holds anything else."""
    items = [x for x in re.split(r"[\s,;>]+", text.strip()) if x]
    if not items or not all(x.isascii() and x.isdigit() and len(x) <= MAX_NUMBER_DIGITS for x in items):
        return None
    return [int(x) for x in items]


def address_playoff(value: str, how: Decision) -> Playoff:
    """A playoff or an order as a page's address (or the API's field) keeps it: the start numbers
    the pickers chose, first to last, separated by commas, then ``:`` and the note (``3,7:1½-½``).

    :raises ArgumentError: for a value the pickers never make, in the page's words.
    """
    body, _, note = value.partition(":")
    players = _numbers(body)
    if players is None or len(players) < 2 or len(set(players)) != len(players):
        raise ArgumentError(
            msg("{how} {value!r}: choose two or more different players, first to last", how=how, value=value)
        )
    return Playoff.given(players, how, note)


def address_exclusion(value: str) -> Exclusion:
    """A participant left out as a page's address (or the API's field) keeps it: the start number the
    picker chose, then ``:`` and the reason (``5:expelled``).

    :raises ArgumentError: for a value the picker never makes, in the page's words.
    """
    body, _, reason = value.partition(":")
    number = _numbers(body)
    if number is None or len(number) != 1:
        raise ArgumentError(msg("{value!r}: choose the player to leave out of the ranking", value=value))
    return Exclusion.given(number[0], reason)


def _order(first: str | None, second: str | None, third: str | None, note: str | None) -> str | None:
    """A playoff or an order of the page's pickers (first, second, third player and a note) as the
    one value the address keeps (``3,7:1½-½``); None when fewer than two players are chosen."""
    chosen = [n for n in (first, second, third) if n]
    if len(chosen) < 2:
        return None
    return ",".join(chosen) + (f":{note}" if note else "")


@dataclass(frozen=True)
class Options:
    """What a page is asked to compute (the same options as the command line)."""

    rules: str | None = None
    tiebreaks: str | None = None
    after_round: int | None = None
    primary: str | None = None
    """Team events: MP or GP ranks the teams (``--primary``)."""
    playoffs: tuple[str, ...] = ()
    """Playoffs, each as the address keeps it: start numbers first to last, then ``:`` and the score."""
    arbiter: tuple[str, ...] = ()
    """Orders the arbiter decided, in the same form as a playoff (the note is the reason)."""
    lots: str | None = None
    """Draw lots for the ties left, with this seed."""
    exclude: tuple[str, ...] = ()
    """Participants left out of the ranking: a start number, then ``:`` and the reason."""
    lenient: bool = False
    """Read the file repairing a game whose two sides disagree (each repair a warning)."""
    individual: bool = False
    """A team event's players ranked as an individual tournament."""

    @classmethod
    def parse(
        cls,
        rules: str | None,
        tiebreaks: str | None,
        after_round: str | int | None,
        primary: str | None = None,
        *,
        playoffs: list[str] | tuple[str, ...] = (),
        arbiter: list[str] | tuple[str, ...] = (),
        lots: str | None = None,
        exclude: list[str] | tuple[str, ...] = (),
        lenient: bool = False,
        individual: bool = False,
    ) -> Options:
        """The options of a request.

        :raises ArgumentError: for an option no command line would take.
        """
        r = clean_text(rules, "rules")
        tb = clean_text(tiebreaks, "tiebreaks")
        pr = clean_text(primary, "primary")
        if pr is not None and pr.upper() not in ("MP", "GP"):
            raise ArgumentError(msg("primary must be MP or GP, not {primary!r}", primary=pr[:20]))
        text = clean_text(None if after_round is None else str(after_round), "after_round")
        ar: int | None = None
        if text is not None:
            if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > MAX_NUMBER_DIGITS:
                raise ArgumentError(msg("after_round must be a round number, not {text!r}", text=text[:20]))
            ar = int(text)
        opts = cls(
            r, tb, ar, pr.upper() if pr else None,
            _listed(list(playoffs), "playoff"), _listed(list(arbiter), "arbiter"), clean_text(lots, "lots"),
            _listed(list(exclude), "exclude"), lenient, individual,
        )  # fmt: skip
        opts.decisions()  # every decision read now: a bad one is this request's error
        return opts

    def decisions(self) -> Decisions:
        """The decisions these options give on top of the file's (the library's
        :meth:`Decisions.given`, from the values the address keeps).

        :raises ArgumentError: for a playoff, an order or an exclusion the page's pickers never make.
        """
        playoffs = [address_playoff(v, Decision.PLAYOFF) for v in self.playoffs]
        playoffs += [address_playoff(v, Decision.ARBITER) for v in self.arbiter]
        return Decisions.given(playoffs, [address_exclusion(v) for v in self.exclude], self.lots)

    @property
    def decided(self) -> bool:
        """Whether these options give any decision or change how the file is read."""
        return bool(self.playoffs or self.arbiter or self.lots or self.exclude or self.lenient or self.individual)

    def without(self, field: str, value: str | None = None) -> Options:
        """These options without one decision (``value`` of the repeated ``field``), or without the
        whole of ``field``."""
        current = getattr(self, field)
        changed: dict[str, object] = {}
        if isinstance(current, tuple):
            changed[field] = tuple(v for v in current if v != value) if value is not None else ()
        else:
            changed[field] = False if isinstance(current, bool) else None
        return replace(self, **changed)  # type: ignore[arg-type]  # one field, of its own type

    def pairs(self, *leave: str, **extra: object) -> list[tuple[str, str]]:
        """The options as the (name, value) pairs of an address or a form's hidden fields, without the
        fields named in ``leave``, with ``extra`` over them."""
        items: list[tuple[str, object]] = [
            ("rules", self.rules), ("tiebreaks", self.tiebreaks), ("after_round", self.after_round),
            ("primary", self.primary),
            *(("playoff", v) for v in self.playoffs), *(("arbiter", v) for v in self.arbiter),
            ("lots", self.lots), *(("exclude", v) for v in self.exclude),
            ("lenient", "1" if self.lenient else None), ("individual", "1" if self.individual else None),
        ]  # fmt: skip
        items = [(k, v) for k, v in items if k not in extra and k not in leave] + list(extra.items())
        return [(k, str(v)) for k, v in items if v not in (None, "")]

    def query(self, **extra: object) -> str:
        """The options as the query of a page's address (``?rules=...``), empty when none."""
        kept = self.pairs(**extra)
        return ("?" + urllib.parse.urlencode(kept)) if kept else ""


_TRUE = ("1", "on", "true", "yes")


def options_of(request: Request) -> Options:
    """The options in a page's address.

    :raises ArgumentError: for an option no command line would take.
    """
    q = request.query_params
    playoffs = q.getlist("playoff")
    arbiter = q.getlist("arbiter")
    # the page's pickers: the players of a playoff (or of the arbiter's order) first to last, and its note
    picked = _order(q.get("po_1"), q.get("po_2"), q.get("po_3"), clean_text(q.get("po_note"), "note"))
    if picked:
        (arbiter if q.get("po_how") == "arbiter" else playoffs).append(picked)
    exclude = q.getlist("exclude")
    out = q.get("ex_1")
    if out:
        reason = clean_text(q.get("ex_note"), "reason")
        exclude.append(out + (f":{reason}" if reason else ""))
    return Options.parse(
        q.get("rules"), q.get("tiebreaks"), q.get("after_round"), q.get("primary"),
        playoffs=playoffs, arbiter=arbiter, lots=q.get("lots"), exclude=exclude,
        lenient=(q.get("lenient") or "").lower() in _TRUE, individual=(q.get("individual") or "").lower() in _TRUE,
    )  # fmt: skip


def api_language(lang: str | None) -> str:
    """The language an API request asked for.

    :raises ArgumentError: for a language without a catalogue.
    """
    return check_language(clean_text(lang, "lang") or SOURCE)


def error_language(lang: str | None) -> str:
    """The language of an API request's error: the one asked for, English when it is unknown (the
    error then says so)."""
    try:
        return api_language(lang)
    except SpareggioError:
        return SOURCE


def safe_name(name: str) -> str:
    """A file name for messages and downloads: no folders, no quotes, no control characters."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    cleaned = "".join(c for c in base if c.isprintable() and c not in '"<>' and not "\ud800" <= c <= "\udfff")
    return cleaned[:NAME_CHARS] or "upload"


def grid_choice(request: Request) -> bool | None:
    """The crosstable's layout the address asks for: ``view=grid`` (player against player) or
    ``view=rounds`` (one column per round); ``None`` (anything else): the event's own (a grid for a
    round robin)."""
    view = request.query_params.get("view")
    return {"grid": True, "rounds": False}.get(view or "")
