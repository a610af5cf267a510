"""Writing output files: a whole file or nothing (atomic rename), with normal permissions, and
never over an input.

A file is written to a temporary file beside it, ``.spareggio-<pid>-<random>.tmp``, then renamed
over the target.  A write that fails, or is interrupted (Ctrl-C, SIGTERM handled by the command),
removes its temporary file; only a process killed outright (SIGKILL, a power cut) can leave one,
and the next write into the same folder removes it: a temporary file of this naming whose process
is no longer running, owned by the same user.  Every failure to write names the file.

What is written is made by :mod:`spareggio.render`; this module only puts it on disk.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import stat
import time
from collections.abc import Iterable, Iterator
from typing import TextIO

from .. import lazy
from ..base.errors import ArgumentError
from ..base.i18n import msg

__all__ = ["INPUT_EXTENSIONS", "TEMPORARY", "atomic_text", "refuse_inputs", "remove_stale", "write_atomic"]

INPUT_EXTENSIONS = (".trf", ".txt", ".json", ".zip")
"""The files a folder given as input is searched for (``spareggio check``)."""


TEMPORARY = re.compile(r"\.spareggio-(\d+)-[A-Za-z0-9_]+\.tmp")
"""The name of a temporary file of :func:`write_atomic`: the writing process's id, a random part."""
STALE_SECONDS = 60
"""A temporary file younger than this is never removed, whatever its process (a process id read
from a name may belong to another machine sharing the folder)."""


def refuse_inputs(
    output: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]], option: str = "-o"
) -> None:
    """Refuse to write ``output`` when it is one of the ``inputs`` (the same file, whatever the path
    that names it: a hard or symbolic link, ``./``, another spelling), or a file a folder among the
    inputs would be searched for.  A new file, a device or a pipe is never an input.  ``option``
    names the output in the message (``-o``, ``--save-trf``).

    :raises ArgumentError: naming the output and the input.
    """
    try:
        out = os.stat(output)
    except OSError:
        return
    if not stat.S_ISREG(out.st_mode):
        return
    target = os.path.realpath(output)
    for item in inputs:
        try:
            st = os.stat(item)
        except (OSError, ValueError):
            continue
        if os.path.samestat(st, out):
            raise ArgumentError(
                msg(
                    "{option} {output}: this is an input file ({input}); write the output to another file",
                    option=option,
                    output=os.fspath(output),
                    input=os.fspath(item),
                )
            )
        folder = os.path.realpath(item)
        if (
            stat.S_ISDIR(st.st_mode)
            and target.startswith(folder.rstrip(os.sep) + os.sep)
            and target.lower().endswith(INPUT_EXTENSIONS)
        ):
            raise ArgumentError(
                msg(
                    "{option} {output}: this file is an input (found in the folder {input}); write the output to another file",
                    option=option,
                    output=os.fspath(output),
                    input=os.fspath(item),
                )
            )


def _umask() -> int:
    """The process's umask, read without changing it (changing it would race with other threads)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022


def _named(exc: OSError, target: str) -> OSError:
    """``exc`` naming ``target`` when it names no file (a write that fails names none)."""
    if exc.filename is not None:
        return exc
    named = OSError(exc.errno, exc.strerror or str(exc), target)
    named.__cause__ = exc.__cause__
    return named


def _special(target: str) -> bool:
    """Whether ``target`` exists and is not a regular file (``/dev/null``, a pipe, a terminal)."""
    try:
        return not stat.S_ISREG(os.stat(target).st_mode)
    except OSError:
        return False


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # another user's process, or no process id at all: left alone
    return True


def remove_stale(folder: str) -> list[str]:
    """Remove the temporary files a killed writer left in ``folder``: named as :data:`TEMPORARY`,
    regular files (never through a link) owned by this user, older than :data:`STALE_SECONDS`,
    whose process is no longer running (on POSIX systems).  Returns the names removed; never fails."""
    removed: list[str] = []
    if os.name != "posix":  # no owner to compare, and os.kill(pid, 0) is no probe on Windows
        return removed
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = TEMPORARY.fullmatch(entry.name)
        if found is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if (
                not stat.S_ISREG(st.st_mode)
                or st.st_uid != os.geteuid()
                or now - st.st_mtime < STALE_SECONDS
                or _running(int(found.group(1)))
            ):
                continue
            os.unlink(entry.path)
            removed.append(entry.name)
        except OSError:
            continue
    return removed


def _temporary(target: str) -> tuple[int, str]:
    """A new temporary file beside ``target`` (its descriptor and path), after removing the stale
    ones of killed writers."""
    folder = os.path.dirname(os.path.abspath(target))
    remove_stale(folder)
    try:
        fd, tmp = _mkstemp(f".spareggio-{os.getpid()}-", ".tmp", folder)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, target) from None
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # the permissions of a file written the plain way
    except OSError:
        os.close(fd)
        os.unlink(tmp)
        raise
    return fd, tmp


def write_atomic(
    path: str | os.PathLike[str],
    text: str | bytes,
    inputs: Iterable[str | os.PathLike[str]] = (),
    *,
    option: str = "-o",
) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, then an atomic rename.
    Text is written as UTF-8; bytes (PDF, XLSX) as they are.  ``path`` must not be one of the
    ``inputs`` (:func:`refuse_inputs`; ``option`` names it in the message).

    A target that exists and is not a regular file (``/dev/null``, a named pipe, a terminal) is
    written in place: renaming over it would replace the device with a file.

    :raises OSError: naming ``path`` when it cannot be written (a full disk, a file size limit).
    """
    refuse_inputs(path, inputs, option)
    target = os.fspath(path)
    data = text.encode("utf-8", "replace") if isinstance(text, str) else text
    try:
        if _special(target):
            with open(target, "wb") as handle:
                handle.write(data)
            return
        fd, tmp = _temporary(target)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
    except OSError as exc:
        raise _named(exc, target) from None


class _Deferred(io.TextIOBase):
    """A text file made on its first write: a long batch holds no temporary file until its report
    is written."""

    def __init__(self, target: str) -> None:
        super().__init__()
        self.target = target
        self.tmp: str | None = None
        self.handle: TextIO | None = None

    def writable(self) -> bool:
        return True

    def _open(self) -> TextIO:
        if self.handle is None:
            fd, self.tmp = _temporary(self.target)
            self.handle = os.fdopen(fd, "w", encoding="utf-8", errors="replace", newline="")
        return self.handle

    def write(self, text: str) -> int:
        return self._open().write(text)

    def finish(self) -> None:
        """Put the file in place (an empty one when nothing was written)."""
        handle = self._open()
        handle.flush()
        os.fsync(handle.fileno())
        handle.close()
        assert self.tmp is not None
        os.replace(self.tmp, self.target)
        self.tmp = None

    def discard(self) -> None:
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.handle.close()
        if self.tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.tmp)
            self.tmp = None


@contextlib.contextmanager
def atomic_text(
    path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = (), *, option: str = "-o"
) -> Iterator[TextIO]:
    """A UTF-8 text file written as it goes and put in place whole when the block ends, or not at
    all when it fails (as :func:`write_atomic`, for output too large to hold in memory).  The
    temporary file is made at the first write.

    :raises OSError: naming ``path`` when it cannot be written.
    """
    refuse_inputs(path, inputs, option)
    target = os.fspath(path)
    try:
        if _special(target):  # /dev/null, a pipe: written in place, never replaced by a file
            with open(target, "w", encoding="utf-8", errors="replace", newline="") as handle:
                yield handle
            return
        deferred = _Deferred(target)
        try:
            yield deferred  # type: ignore[misc]  # a TextIOBase that writes str
            deferred.finish()
        except BaseException:
            deferred.discard()
            raise
    except OSError as exc:
        raise _named(exc, target) from None


def _mkstemp(prefix: str, suffix: str, folder: str) -> tuple[int, str]:
    """:func:`tempfile.mkstemp`, loaded the first time a file is written (not for the screen)."""
    make = lazy.load("temporary-file")
    assert callable(make)
    fd, path = make(prefix=prefix, suffix=suffix, dir=folder)
    return int(fd), str(path)
