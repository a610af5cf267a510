"""The files a batch checks: files as given, folders searched recursively, zip archives member by
member.  A path that cannot be used becomes an ``error`` row, never an exception.

Archives are read defensively: the member count is read from the archive's end record before its
directory is parsed (:data:`MAX_MEMBERS`), each member is decompressed in chunks and counted as it
comes — never trusting the sizes the archive declares — up to :data:`MAX_MEMBER_BYTES` and
:data:`MAX_RATIO` times its compressed size; an encrypted member, a compression method Python
cannot read (Deflate64, ...), corrupt data, and names given to several members are ``error`` rows.
An archive is opened once and read in one pass (:class:`SourceReader`).  An archive inside an
archive is read one level down (``outer.zip!inner.zip!t.trf``, with the same limits); one more level
is an ``error`` row.  Anything that is not a regular file (a device, a FIFO, a socket, a symbolic
link to one), named or found in a folder, is reported and never opened; a folder that cannot be
listed is an ``error`` row too: nothing is skipped in silence.
"""

from __future__ import annotations

import io
import os
import stat
import zipfile
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import field
from typing import BinaryIO, Self

from ..base.classes import dataclass
from ..base.errors import ArgumentError, SpareggioError, os_reason, printable_path
from ..base.i18n import Text, msg
from ..io import READERS, not_regular, size_limit
from .entry import SourceKind

__all__ = [
    "EXTENSIONS",
    "MAX_MEMBERS",
    "MAX_MEMBER_BYTES",
    "MAX_RATIO",
    "Source",
    "SourceReader",
    "Unusable",
    "find_sources",
    "reason",
    "stamp",
]

EXTENSIONS = tuple(dict.fromkeys(ext for reader in READERS for ext in reader.extensions))
"""What a folder or a zip archive is searched for: every extension of the reader registry."""
MAX_MEMBERS = 100_000
"""Members an archive may have; an archive with more is one ``error`` row."""
MAX_MEMBER_BYTES = 64 * 1024 * 1024
"""The most bytes a member may decompress to (a TRF file of 9,999 players and 99 rounds has 11 MB)."""
MAX_RATIO = 200
"""The most a member may grow when decompressed, past its first :data:`RATIO_FREE_BYTES`
(tournament files compress about tenfold)."""
RATIO_FREE_BYTES = 1024 * 1024
_CHUNK = 1024 * 1024
_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}
"""Compression methods Python reads."""
_METHOD_NAMES = {
    1: "shrink",
    6: "implode",
    9: "Deflate64",
    10: "implode",
    19: "LZ77",
    93: "Zstandard",
    98: "PPMd",
}
"""Methods met in archives that Python does not read, by number (APPNOTE 4.4.5)."""


@dataclass(frozen=True)
class Source:
    """One tournament file to check: a path, or a member of a zip archive."""

    name: str
    """As the report shows it: the path, or ``archive.zip!member``."""
    path: str
    member: str | None = None
    index: int = -1
    """The member's place in the archive's directory (names may repeat; places do not)."""
    inner: str | None = None
    """For a member of an archive that is itself a member (``member``): its name in that archive."""
    inner_index: int = -1
    seen: tuple[int, int, int] | None = field(default=None, compare=False, repr=False)
    """For a file on disk, what the listing saw of it (:func:`stamp`), when it looked: the size,
    modification time and inode."""

    @property
    def kind(self) -> SourceKind:
        return SourceKind.FILE if self.member is None else SourceKind.ZIP_MEMBER

    def read(self) -> bytes:
        """The content; any problem is an :class:`~spareggio.base.errors.ArgumentError` naming the file."""
        with SourceReader() as reader:
            return reader.read(self)


def stamp(status: os.stat_result) -> tuple[int, int, int]:
    """What tells one file from another of the same path: size, modification time, inode."""
    return (status.st_size, status.st_mtime_ns, status.st_ino)


Unusable = tuple[str, str]
"""A path that cannot be checked, with the one-line reason: ``(name, message)``."""


def reason(exc: BaseException) -> str:
    """Why reading or checking failed, on one line."""
    if isinstance(exc, OSError) and exc.errno is not None:
        text = str(os_reason(exc))
    else:
        text = str(exc) or type(exc).__name__
        if type(exc).__name__ not in text and not isinstance(exc, OSError | zipfile.BadZipFile):
            text = f"{type(exc).__name__}: {text}"
    return " ".join(text.split())


class SourceReader:
    """Reads sources in the order :func:`find_sources` gives them, keeping the last archive (and the
    last archive inside it) open, so that an archive of any number of members is read in one pass."""

    def __init__(self) -> None:
        self._path: str | None = None
        self._archive: zipfile.ZipFile | None = None
        self._infos: list[zipfile.ZipInfo] = []
        self._nested: tuple[int, zipfile.ZipFile, list[zipfile.ZipInfo]] | None = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._nested is not None:
            self._nested[1].close()
        if self._archive is not None:
            self._archive.close()
        self._path, self._archive, self._infos, self._nested = None, None, [], None

    def read(self, source: Source) -> bytes:
        try:
            if source.member is None:
                return _read_file(source)
            return self._read_member(source)
        except SpareggioError:
            raise
        except Exception as exc:  # noqa: BLE001  any failure of the system or a decompressor: this file only
            raise ArgumentError(
                msg("{name}: cannot read the file ({reason})", name=source.name, reason=reason(exc))
            ) from None

    def _read_member(self, source: Source) -> bytes:
        if self._path != source.path:
            self.close()
            self._archive = zipfile.ZipFile(source.path)
            self._path, self._infos = source.path, self._archive.infolist()
        assert self._archive is not None
        info = self._infos[source.index]
        if source.inner is None:
            return member_bytes(self._archive, info, source.name)
        if self._nested is None or self._nested[0] != source.index:
            if self._nested is not None:
                self._nested[1].close()
            outer = f"{source.path}!{source.member}"
            inner = zipfile.ZipFile(io.BytesIO(member_bytes(self._archive, info, outer, MAX_MEMBER_BYTES)))
            self._nested = (source.index, inner, inner.infolist())
        _, archive, infos = self._nested
        return member_bytes(archive, infos[source.inner_index], source.name)


def member_bytes(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, limit: int | None = None
) -> bytes:
    """The content of a member, decompressed in chunks and counted as it comes (never trusting the
    sizes the archive declares): at most ``limit`` bytes (by default the limit of the readers that
    claim its name) and :data:`MAX_RATIO` times its compressed size.

    :raises ArgumentError: for an encrypted member, an unknown method, a member over the limits.
    """
    if info.flag_bits & 0x1:
        raise ArgumentError(msg("{name}: the member is encrypted", name=name))
    if info.compress_type not in _METHODS:
        method = _METHOD_NAMES.get(info.compress_type, str(info.compress_type))
        raise ArgumentError(
            msg(
                "{name}: compression method {method} is not supported (stored, deflate, bzip2 and LZMA are)",
                name=name,
                method=method,
            )
        )
    if limit is None:
        limit = min(size_limit(info.filename), MAX_MEMBER_BYTES)
    if info.file_size > limit:
        raise ArgumentError(
            msg(
                "{name}: the member has {file_size} bytes, more than {limit}",
                name=name,
                file_size=info.file_size,
                limit=limit,
            )
        )
    chunks: list[bytes] = []
    total = 0
    with archive.open(info) as handle:
        while chunk := handle.read(_CHUNK):
            total += len(chunk)
            if total > limit:
                raise ArgumentError(
                    msg(
                        "{name}: the member decompresses to more than {limit} bytes",
                        name=name,
                        limit=limit,
                    )
                )
            if total > RATIO_FREE_BYTES and total > MAX_RATIO * max(info.compress_size, 1):
                raise ArgumentError(
                    msg(
                        "{name}: the member decompresses to more than {ratio} times its compressed size",
                        name=name,
                        ratio=MAX_RATIO,
                    )
                )
            chunks.append(chunk)
    return b"".join(chunks)


def _read_file(source: Source) -> bytes:
    limit = size_limit(source.path)
    size = os.stat(source.path).st_size
    if size > limit:
        raise ArgumentError(
            msg(
                "{name}: the file has {size} bytes, more than {limit}",
                name=source.name,
                size=size,
                limit=limit,
            )
        )
    with open(source.path, "rb") as handle:
        data = _bounded(handle, limit)
    if len(data) > limit:  # a device or a file that grew: its status said less
        raise ArgumentError(
            msg(
                "{name}: the file has {size} bytes, more than {limit}",
                name=source.name,
                size=f"{limit}+",
                limit=limit,
            )
        )
    return data


def _bounded(handle: BinaryIO, limit: int) -> bytes:
    """At most ``limit + 1`` bytes, read in chunks."""
    chunks: list[bytes] = []
    total = 0
    while total <= limit and (chunk := handle.read(min(_CHUNK, limit + 1 - total))):
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _wanted(name: str) -> bool:
    return name.lower().endswith(EXTENSIONS)


def find_sources(paths: Iterable[str]) -> Iterator[Source | Unusable]:
    """The files to check, in a stable order: each file as given, folders searched recursively
    (sorted, for ``*.trf``, ``*.txt``, ``*.json`` and ``*.zip``), zip archives member by member.

    A path that cannot be used yields ``(path, message)``, which becomes an ``error`` row.
    """
    for path in paths:
        name = printable_path(path)
        try:
            status = os.stat(path)  # follows a link; opens nothing
        except OSError as exc:
            if os.path.lexists(path) or not isinstance(exc, FileNotFoundError):
                yield (name, msg("{name}: cannot read the file ({reason})", name=name, reason=reason(exc)))
            else:
                yield (name, msg("{path}: no such file or folder", path=name))
            continue
        if stat.S_ISDIR(status.st_mode):
            yield from _folder(path)
        elif (what := not_regular(status.st_mode)) is not None:
            # a pipe would wait for a writer for ever, /dev/zero never ends: refused unread
            yield (name, msg("{name}: {what}, not a regular file: not read", name=name, what=what))
        elif path.lower().endswith(".zip"):
            yield from _zip_members(path)
        else:
            yield Source(name, path, seen=stamp(status))


def _unlisted(problems: list[OSError], path: str) -> Iterator[Unusable]:
    """The rows of the folders :func:`os.walk` could not list (it would skip them in silence)."""
    while problems:
        exc = problems.pop(0)
        where = printable_path(os.fspath(exc.filename) if exc.filename is not None else path)
        yield (where, msg("{name}: cannot list the folder ({reason})", name=where, reason=reason(exc)))


def _kind(name: str) -> str:
    """A file's kind for :func:`_others`: its extension."""
    return os.path.splitext(name)[1].lower() or "(none)"


def _others(kinds: Counter[str]) -> str:
    """The kinds of files not read, by extension, most first (``.ini 3, .sco 2``)."""
    shown = [f"{ext} {count}" for ext, count in kinds.most_common(5)]
    return ", ".join(shown) + (", ..." if len(kinds) > 5 else "")


def _folder(path: str) -> Iterator[Source | Unusable]:
    """The files of a folder and its folders; a folder in which nothing is of a format read is an
    ``error`` row saying what it holds (its files are never passed over in silence)."""
    problems: list[OSError] = []
    found = 0
    others: Counter[str] = Counter()
    for folder, dirs, files in os.walk(path, onerror=problems.append):
        for row in _unlisted(problems, path):
            found += 1
            yield row
        dirs.sort()
        for f in sorted(files):
            is_zip = f.lower().endswith(".zip")
            if not (is_zip or _wanted(f)):
                others[_kind(f)] += 1
                continue
            found += 1
            full = os.path.join(folder, f)
            name = printable_path(full)
            try:
                status = os.stat(full)  # follows a symbolic link, opens nothing
            except OSError as exc:
                yield (name, msg("{name}: cannot read the file ({reason})", name=name, reason=reason(exc)))
                continue
            what = not_regular(status.st_mode)
            if what is not None:
                yield (name, msg("{name}: {what}, not a regular file: skipped", name=name, what=what))
            elif is_zip:
                yield from _zip_members(full)
            else:
                yield Source(name, full, seen=stamp(status))
    for row in _unlisted(problems, path):
        found += 1
        yield row
    if not found:
        name = printable_path(path)
        yield (name, _nothing_read(name, others, archive=False))


def _nothing_read(name: str, others: Counter[str], archive: bool) -> Text:
    """Why a folder or an archive gives no file to check: empty, or what it holds instead (the
    number of its files of each extension)."""
    if not others:
        return msg("{name}: the archive holds no file", name=name) if archive else msg("{name}: the folder holds no file", name=name)
    said = {"name": name, "count": others.total(), "kinds": _others(others), "extensions": " ".join(EXTENSIONS)}
    if archive:
        return msg("{name}: the archive holds no file of a format spareggio reads ({count} others: {kinds}; the formats: {extensions})", **said)
    return msg("{name}: the folder holds no file of a format spareggio reads ({count} others: {kinds}; the formats: {extensions})", **said)


def _member_count(path: str) -> int | None:
    """The number of members the archive's end record declares, read before its directory."""
    end_record = getattr(zipfile, "_EndRecData", None)  # the standard library's own reader
    entries = getattr(zipfile, "_ECD_ENTRIES_TOTAL", None)
    if end_record is None or entries is None:
        return None
    with open(path, "rb") as handle:
        found = end_record(handle)
    return int(found[entries]) if found else None


def _zip_members(path: str) -> Iterator[Source | Unusable]:
    name = printable_path(path)
    try:
        count = _member_count(path)
        if count is not None and count > MAX_MEMBERS:
            yield (
                name,
                msg(
                    "{path}: the archive has {count} members, more than {limit}",
                    path=name,
                    count=count,
                    limit=MAX_MEMBERS,
                ),
            )
            return
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except Exception as exc:  # noqa: BLE001  whatever the archive's directory holds: this archive only
        yield (name, msg("{path}: not a readable zip archive ({reason})", path=name, reason=reason(exc)))
        return
    if len(infos) > MAX_MEMBERS:
        yield (
            name,
            msg(
                "{path}: the archive has {count} members, more than {limit}",
                path=name,
                count=len(infos),
                limit=MAX_MEMBERS,
            ),
        )
        return
    yield from _members(path, infos, None)


def _members(
    path: str, infos: list[zipfile.ZipInfo], outer: tuple[str, int] | None
) -> Iterator[Source | Unusable]:
    """The sources of an archive's members (``outer``: the member of ``path`` this archive is, with
    its place); an archive among them is read one level down when ``outer`` is None."""
    files = [(info.filename, k) for k, info in enumerate(infos) if not info.filename.endswith("/")]
    # a folder's name ends with a slash (ZipInfo.is_dir fails on the empty name of a damaged entry)
    wanted = [(n, k) for n, k in files if _wanted(n) or n.lower().endswith(".zip")]
    if not wanted:
        name = printable_path(path if outer is None else f"{path}!{outer[0]}")
        yield (name, _nothing_read(name, Counter(_kind(n) for n, _ in files), archive=True))
        return
    times = Counter(name for name, _ in wanted)
    reported: set[str] = set()
    prefix = printable_path(path if outer is None else f"{path}!{outer[0]}")
    for member, k in sorted(wanted):
        name = f"{prefix}!{printable_path(member)}"
        if times[member] > 1:
            if member not in reported:
                reported.add(member)
                yield (
                    name,
                    msg(
                        "{name}: {count} members of the archive have this name; none of them is checked",
                        name=name,
                        count=times[member],
                    ),
                )
            continue
        if member.lower().endswith(".zip"):
            if outer is None:
                yield from _nested(path, member, k, infos[k])
            else:
                yield (
                    name,
                    msg(
                        "{name}: an archive inside an archive inside an archive is not read: unpack it first",
                        name=name,
                    ),
                )
        elif outer is None:
            yield Source(name, path, member, k)
        else:
            yield Source(name, path, outer[0], outer[1], member, k)


def _nested(path: str, member: str, index: int, info: zipfile.ZipInfo) -> Iterator[Source | Unusable]:
    """The members of an archive inside the archive ``path`` (read into memory, within the limits of
    a member)."""
    name = printable_path(f"{path}!{member}")
    try:
        with zipfile.ZipFile(path) as archive:
            data = member_bytes(archive, info, name, MAX_MEMBER_BYTES)
        with zipfile.ZipFile(io.BytesIO(data)) as inner:
            infos = inner.infolist()
    except SpareggioError as exc:
        yield (name, exc.text())
        return
    except Exception as exc:  # noqa: BLE001  whatever the inner archive holds: this archive only
        yield (name, msg("{path}: not a readable zip archive ({reason})", path=name, reason=reason(exc)))
        return
    if len(infos) > MAX_MEMBERS:
        yield (
            name,
            msg(
                "{path}: the archive has {count} members, more than {limit}",
                path=name,
                count=len(infos),
                limit=MAX_MEMBERS,
            ),
        )
        return
    yield from _members(path, infos, (member, index))
