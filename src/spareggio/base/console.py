"""What the command line prints to a terminal: text from files (names, zip member names, JSON text)
may hold control characters, and the console may not know every character.

* On a terminal, C0 controls (but tab and newline), DEL and C1 controls are written escaped
  (``\\x1b``): an ESC or OSC sequence in a player's name cannot recolour, retitle or rewrite the
  terminal.  Output to a file or a pipe is written as it is.
* A character the console's encoding cannot write (a Cyrillic name on a cp1252 console) is written
  as a ``\\u`` escape instead of ending the program.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Iterator
from typing import Any, TextIO

__all__ = ["TerminalStream", "console", "raw_stream", "terminal_safe"]

_CONTROLS = r"[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # compiled by re the first time text goes to a terminal


def _escaped(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def terminal_safe(text: str) -> str:
    """``text`` with every control character but tab and newline escaped (``\\x1b``, ``\\r``)."""
    return re.sub(_CONTROLS, _escaped, text)


class TerminalStream(io.TextIOBase):
    """A text stream to a terminal that escapes control characters (:func:`terminal_safe`)."""

    def __init__(self, inner: TextIO) -> None:
        super().__init__()
        self.inner = inner

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.inner.write(terminal_safe(text))
        return len(text)

    def flush(self) -> None:
        self.inner.flush()

    def isatty(self) -> bool:
        return True

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.inner.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.inner.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.inner.errors

    def __getattr__(self, name: str) -> Any:  # Any: whatever attribute the wrapped stream has
        return getattr(self.inner, name)


def raw_stream(stream: TextIO) -> TextIO:
    """The stream under a :class:`TerminalStream` (for a progress bar's own escape sequences)."""
    return stream.inner if isinstance(stream, TerminalStream) else stream


@contextlib.contextmanager
def console() -> Iterator[None]:
    """Standard output and error made safe for the time of a command (and restored after)."""
    saved: list[tuple[str, TextIO, str | None]] = []
    for name in ("stdout", "stderr"):
        stream: TextIO = getattr(sys, name)
        errors = getattr(stream, "errors", None)
        if isinstance(stream, io.TextIOWrapper) and errors == "strict":
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")
        saved.append((name, stream, errors))
        try:
            tty = stream.isatty()
        except (ValueError, OSError):
            tty = False
        if tty:
            setattr(sys, name, TerminalStream(stream))
    try:
        yield
    finally:
        for name, stream, errors in saved:
            setattr(sys, name, stream)
            if isinstance(stream, io.TextIOWrapper) and errors == "strict":
                with contextlib.suppress(ValueError, OSError):
                    stream.reconfigure(errors="strict")
