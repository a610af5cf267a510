"""Writing output files: a whole file or nothing (atomic rename), with normal permissions.

What is written is made by :mod:`spareggio.render`; this module only puts it on disk.
"""

from __future__ import annotations

import os
import stat

__all__ = ["write_atomic"]


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


def write_atomic(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, then an atomic rename.
    Text is written as UTF-8; bytes (PDF, XLSX) as they are.

    A target that exists and is not a regular file (``/dev/null``, a named pipe, a terminal) is
    written in place: renaming over it would replace the device with a file.
    """
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
    import tempfile

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
