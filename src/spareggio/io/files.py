"""Input files that are not regular files: a named pipe would wait for a writer for ever,
``/dev/zero`` never ends.  Every input is looked at with ``stat`` before it is opened, and refused
unread when it is not a regular file (a link to one is)."""

from __future__ import annotations

import os
import stat

from ..base.errors import ArgumentError
from ..base.i18n import Text, msg

__all__ = ["ensure_regular", "not_regular"]


def not_regular(mode: int) -> Text | None:
    """What a file that is not a regular file is (from its ``st_mode``), or ``None`` for a regular
    file: a named pipe, a socket, a device, a folder."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return msg("a named pipe")
    if stat.S_ISSOCK(mode):
        return msg("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return msg("a device")
    if stat.S_ISDIR(mode):
        return msg("a folder")
    return msg("not a regular file")


def ensure_regular(path: str | os.PathLike[str]) -> None:
    """Refuse, without opening it, a path that is not a regular file.  A path that cannot be looked
    at is left to the ``open`` that follows (its error says why).

    :raises ArgumentError: naming the path and what it is.
    """
    try:
        mode = os.stat(path).st_mode  # follows a link; opens nothing
    except (OSError, ValueError):
        return
    what = not_regular(mode)
    if what is not None:
        raise ArgumentError(msg("{path}: {what}, not a regular file: not read", path=os.fspath(path), what=what))
