"""What a request asks to compute, read and bounded before any arithmetic: the same options as the
command line, from a page's address or from the API's form fields."""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass

from starlette.requests import Request

from ..errors import ArgumentError, SpareggioError, check_language
from ..i18n import SOURCE, msg
from ..rules import RULESETS
from .limits import MAX_FIELD_CHARS, MAX_NUMBER_DIGITS

__all__ = [
    "Options",
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


@dataclass(frozen=True)
class Options:
    """What a page is asked to compute (the same options as the command line)."""

    rules: str | None = None
    tiebreaks: str | None = None
    after_round: int | None = None
    primary: str | None = None
    """Team events: MP or GP ranks the teams (``--primary``)."""

    @classmethod
    def parse(
        cls,
        rules: str | None,
        tiebreaks: str | None,
        after_round: str | int | None,
        primary: str | None = None,
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
        return cls(r, tb, ar, pr.upper() if pr else None)

    def query(self, **extra: object) -> str:
        """The options as the query of a page's address (``?rules=...``), empty when none."""
        items = {
            "rules": self.rules, "tiebreaks": self.tiebreaks, "after_round": self.after_round,
            "primary": self.primary, **extra,
        }  # fmt: skip
        kept = {k: v for k, v in items.items() if v not in (None, "")}
        return ("?" + urllib.parse.urlencode(kept)) if kept else ""


def options_of(request: Request) -> Options:
    """The options in a page's address.

    :raises ArgumentError: for an option no command line would take.
    """
    q = request.query_params
    return Options.parse(q.get("rules"), q.get("tiebreaks"), q.get("after_round"), q.get("primary"))


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
