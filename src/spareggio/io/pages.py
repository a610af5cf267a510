"""What the readers of published web pages share (chess-results' crosstables, Vega's pages): the
page parsed from its bytes, a tag's text and place, and a value as a page prints it."""

from __future__ import annotations

import re
import warnings
from fractions import Fraction

from bs4 import BeautifulSoup, Tag
from bs4.exceptions import ParserRejectedMarkup

from ..base.errors import InputError, Position
from ..base.i18n import msg
from .assemble import decode
from .limits import clean_lines

__all__ = ["page_soup", "printed_value", "tag_position", "tag_text"]

_VALUE = re.compile(r"^-?(?:\d{1,7}(?:[.,]\d{0,4})?|[.,]\d{1,4})$")


def page_soup(data: bytes, path: str) -> tuple[str, BeautifulSoup]:
    """The page's text and its parse: decoded as every file is, its control characters U+FFFD as every
    reader has them.

    :raises InputError: for markup the parser refuses.
    """
    text = clean_lines(decode(data, path))
    try:
        with warnings.catch_warnings():
            # a page that reads like a file name or an address ('.xml') is parsed as the page it is:
            # Beautiful Soup's guesses about what the caller meant are not the user's business
            warnings.simplefilter("ignore")
            return text, BeautifulSoup(text, "html.parser")
    except ParserRejectedMarkup:
        raise InputError(msg("the page's markup cannot be read (it is not HTML, or it is damaged)"), Position(path, 1, 1)) from None


def tag_text(tag: Tag) -> str:
    """A tag's text, its blanks (the non-breaking ones too) made single."""
    return " ".join(tag.get_text(" ", strip=True).replace("\xa0", " ").split())


def tag_position(path: str, tag: Tag) -> Position:
    """Where a tag starts in the page (line, and column from 1)."""
    return Position(path, tag.sourceline or 1, (tag.sourcepos or 0) + 1)


def printed_value(text: str) -> Fraction | None:
    """A value as a page prints it (``41,5``, ``4½``, ``0.25``, ``16.00``), None when blank.

    :raises ValueError: for anything else (an exponent, thousands of digits, another character).
    """
    text = text.strip()
    text = "0.5" if text == "½" else text.replace("½", ".5")
    if not text:
        return None
    if not _VALUE.match(text):
        raise ValueError(text)
    text = text.replace(",", ".")
    if text.startswith("."):
        text = "0" + text
    elif text.startswith("-."):
        text = "-0" + text[1:]
    return Fraction(text)
