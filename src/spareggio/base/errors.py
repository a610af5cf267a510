"""Errors raised by spareggio.

Every error a user can provoke derives from :class:`SpareggioError`; the command line catches that
class, prints one line and exits with status 2.  The tree::

    SpareggioError
    ├── InputError                 a problem located in an input file (path, line, column)
    │   ├── TrfSyntaxError         the text does not follow the TRF layout
    │   ├── TrfConsistencyError    the text parses but contradicts itself (asymmetric games, ...)
    │   └── InputLimitError        the file is larger than spareggio accepts
    ├── UnknownTiebreakError       an acronym that is not in the catalogue
    ├── TiebreakSpecError          a known acronym with a modifier it does not allow, or a bad value
    ├── UnknownRulesetError        a rule-set name that is not registered
    └── ArgumentError              any other bad argument (e.g. --after-round out of range)

Warnings that do not stop processing are :class:`Diagnostic` values collected on the tournament.
"""

from __future__ import annotations

from .classes import dataclass
from .i18n import SOURCE, Text, default_language, languages, localize, msg

__all__ = [
    "ArgumentError",
    "Diagnostic",
    "InputError",
    "InputLimitError",
    "Position",
    "SpareggioError",
    "TiebreakSpecError",
    "TrfConsistencyError",
    "TrfSyntaxError",
    "UnknownRulesetError",
    "UnknownTiebreakError",
    "check_language",
    "printable_path",
]


def printable_path(path: str) -> str:
    """A path (or an archive's member) as messages and reports print it: every character that is
    not printable (a line break, a tab, an ESC that a name may hold) written as its escape
    (``\\n``, ``\\x1b``), so that a message, or a row of a report, stays on one line.  The file is
    read by its real name, kept apart."""
    if path.isprintable():
        return path
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in path)


@dataclass(frozen=True, slots=True)
class Position:
    """A place in an input file: 1-based line and column."""

    path: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A warning about the input that did not stop processing."""

    code: str
    """A short stable identifier, e.g. ``unknown-record``."""
    message: str
    position: Position | None = None

    def __str__(self) -> str:
        return str(self.text())

    def text(self) -> Text:
        """The line a user reads (``path:line:column: warning: ...``), translatable."""
        where = f"{self.position}: " if self.position else ""
        return msg("{where}warning: {message}", where=where, message=self.message)

    def localized(self, lang: str) -> str:
        return localize(self.text(), lang)


class SpareggioError(ValueError):
    """Base class of every error that spareggio reports to its users.

    The message is English; when it was made with :func:`spareggio.base.i18n.msg` it can be said in
    another language with :meth:`localized`."""

    def localized(self, lang: str) -> str:
        """The message in ``lang`` (English where the catalogue lacks it)."""
        return localize(self.text(), lang)

    def text(self) -> Text:
        """The message as a :class:`~spareggio.base.i18n.Text`, to be said later in any language (a batch
        report keeps it so)."""
        value = self.args[0] if self.args else ""
        return value if isinstance(value, Text) else Text(str(value), "join")


class InputError(SpareggioError):
    """A problem in an input file, located by path, line and column."""

    def __init__(self, message: str, position: Position, *, related: Position | None = None) -> None:
        self.message = message
        self.position = position
        self.related = related
        super().__init__(str(self))

    def __str__(self) -> str:
        return self.localized(SOURCE)

    def localized(self, lang: str) -> str:
        return localize(self.text(), lang)

    def text(self) -> Text:
        where = str(self.position)
        if self.related is None:
            return Text("{where}: {message}", "join", where=where, message=self.message)
        also = msg("(see also line {line})", line=self.related.line)
        return Text("{where}: {message} {also}", "join", where=where, message=self.message, also=also)


class TrfSyntaxError(InputError):
    """The file does not follow the TRF layout (bad field, bad code, bad number)."""


class TrfConsistencyError(InputError):
    """The file parses but contradicts itself (asymmetric game, duplicate start number, ...)."""


class InputLimitError(InputError):
    """The input is larger than the configured limits."""


class UnknownTiebreakError(SpareggioError):
    """A tie-break acronym that is not in the catalogue."""


class TiebreakSpecError(SpareggioError):
    """A tie-break specifier with a modifier its tie-break does not allow, or a malformed value."""


class UnknownRulesetError(SpareggioError):
    """A rule-set name that is not registered."""


class ArgumentError(SpareggioError):
    """Any other invalid argument."""


def os_reason(exc: BaseException) -> str:
    """Why the system refused a file, in words the catalogues translate for the common cases (the
    system's own English otherwise)."""
    import errno

    reasons = {
        errno.ENOENT: msg("no such file or directory"),
        errno.EACCES: msg("permission denied"),
        errno.EPERM: msg("permission denied"),
        errno.EISDIR: msg("it is a folder"),
        errno.ENOTDIR: msg("a part of the path is not a folder"),
        errno.ENOSPC: msg("no space left on the device"),
        errno.EROFS: msg("the file system is read-only"),
        errno.EFBIG: msg("the file would pass the system's limit on file size"),
    }
    code = getattr(exc, "errno", None)
    if code in reasons:
        return reasons[code]
    return str(getattr(exc, "strerror", None) or exc)


def check_language(lang: str | None) -> str:
    """A language code the catalogues speak (case-insensitive; ``it-IT`` and ``it_IT`` are ``it``);
    ``None`` means the environment's (:func:`spareggio.base.i18n.default_language`).

    :raises ArgumentError: for any other, naming the known ones (:func:`spareggio.base.i18n.languages`).
    """
    if lang is None:
        return default_language()
    code = lang.strip().lower().replace("_", "-").split("-")[0]
    if code not in languages():
        raise ArgumentError(
            msg(
                "unknown language {lang!r}; known languages: {known}", lang=lang, known=", ".join(languages())
            )
        )
    return code
