"""Writing output files: a whole file or nothing (atomic rename), with normal permissions, and
never over an input.

What is written is made by :mod:`spareggio.render`; this module only puts it on disk.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from typing import TextIO

from ..errors import ArgumentError
from ..i18n import msg

__all__ = ["INPUT_EXTENSIONS", "atomic_text", "refuse_inputs", "write_atomic"]

INPUT_EXTENSIONS = (".trf", ".txt", ".json", ".zip")
"""The files a folder given as input is searched for (``spareggio check``)."""


def refuse_inputs(output: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]]) -> None:
    """Refuse to write ``output`` when it is one of the ``inputs`` (the same file, whatever the path
    that names it: a link, ``./``, another spelling), or a file a folder among the inputs would be
    searched for.  A new file, a device or a pipe is never an input.

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
                    "-o {output}: this is an input file ({input}); write the output to another file",
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
                    "-o {output}: this file is an input (found in the folder {input}); write the output to another file",
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


def write_atomic(
    path: str | os.PathLike[str], text: str | bytes, inputs: Iterable[str | os.PathLike[str]] = ()
) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, then an atomic rename.
    Text is written as UTF-8; bytes (PDF, XLSX) as they are.  ``path`` must not be one of the
    ``inputs`` (:func:`refuse_inputs`).

    A target that exists and is not a regular file (``/dev/null``, a named pipe, a terminal) is
    written in place: renaming over it would replace the device with a file.
    """
    refuse_inputs(path, inputs)
    target = os.fspath(path)
    try:
        special = not stat.S_ISREG(os.stat(target).st_mode)
    except OSError:
        special = False
    data = text.encode("utf-8") if isinstance(text, str) else text
    if special:
        with open(target, "wb") as handle:
            handle.write(data)
        return
    folder = os.path.dirname(os.path.abspath(target))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".spareggio-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, target) from None
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # the permissions of a file written the plain way
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


@contextlib.contextmanager
def atomic_text(
    path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = ()
) -> Iterator[TextIO]:
    """A UTF-8 text file written as it goes and put in place whole when the block ends, or not at
    all when it fails (as :func:`write_atomic`, for output too large to hold in memory)."""
    refuse_inputs(path, inputs)
    target = os.fspath(path)
    try:
        special = not stat.S_ISREG(os.stat(target).st_mode)
    except OSError:
        special = False
    if special:  # /dev/null, a pipe: written in place, never replaced by a file
        with open(target, "w", encoding="utf-8", newline="") as handle:
            yield handle
        return
    folder = os.path.dirname(os.path.abspath(target))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".spareggio-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, target) from None
    try:
        os.chmod(tmp, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
