"""The files a batch checks: files as given, folders searched recursively, zip archives member by
member.  A path that cannot be used becomes an ``error`` row, never an exception."""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..errors import ArgumentError, os_reason
from ..i18n import msg
from ..io import READERS, size_limit
from .entry import SourceKind

__all__ = ["EXTENSIONS", "Source", "Unusable", "find_sources"]

EXTENSIONS = tuple(dict.fromkeys(ext for reader in READERS for ext in reader.extensions))
"""What a folder or a zip archive is searched for: every extension of the reader registry."""


@dataclass(frozen=True)
class Source:
    """One tournament file to check: a path, or a member of a zip archive."""

    name: str
    """As the report shows it: the path, or ``archive.zip!member``."""
    path: str
    member: str | None = None

    @property
    def kind(self) -> SourceKind:
        return SourceKind.FILE if self.member is None else SourceKind.ZIP_MEMBER

    def read(self) -> bytes:
        limit = size_limit(self.member or self.path)
        try:
            if self.member is None:
                size = os.stat(self.path).st_size
                if size > limit:
                    raise ArgumentError(
                        msg(
                            "{name}: the file has {size} bytes, more than {limit}",
                            name=self.name,
                            size=size,
                            limit=limit,
                        )
                    )
                with open(self.path, "rb") as handle:
                    return handle.read()
            with zipfile.ZipFile(self.path) as archive:
                info = archive.getinfo(self.member)
                if info.file_size > limit:
                    raise ArgumentError(
                        msg(
                            "{name}: the member has {file_size} bytes, more than {limit}",
                            name=self.name,
                            file_size=info.file_size,
                            limit=limit,
                        )
                    )
                return archive.read(info)
        except (OSError, zipfile.BadZipFile, KeyError) as exc:
            reason = os_reason(exc)
            raise ArgumentError(
                msg("{name}: cannot read the file ({reason})", name=self.name, reason=reason)
            ) from None


Unusable = tuple[str, str]
"""A path that cannot be checked, with the one-line reason: ``(name, message)``."""


def _wanted(name: str) -> bool:
    return name.lower().endswith(EXTENSIONS)


def find_sources(paths: Iterable[str]) -> Iterator[Source | Unusable]:
    """The files to check, in a stable order: each file as given, folders searched recursively
    (sorted, for ``*.trf``, ``*.txt`` and ``*.json``), zip archives member by member.

    A path that cannot be used yields ``(path, message)``, which becomes an ``error`` row.
    """
    for path in paths:
        if os.path.isdir(path):
            for folder, dirs, files in os.walk(path):
                dirs.sort()
                for f in sorted(files):
                    full = os.path.join(folder, f)
                    if f.lower().endswith(".zip"):
                        yield from _zip_members(full)
                    elif _wanted(f):
                        yield Source(full, full)
        elif path.lower().endswith(".zip") and os.path.isfile(path):
            yield from _zip_members(path)
        elif os.path.exists(path):
            yield Source(path, path)
        else:
            yield (path, msg("{path}: no such file or folder", path=path))


def _zip_members(path: str) -> Iterator[Source | Unusable]:
    try:
        with zipfile.ZipFile(path) as archive:
            names = sorted(i.filename for i in archive.infolist() if not i.is_dir() and _wanted(i.filename))
    except (OSError, zipfile.BadZipFile) as exc:
        yield (path, msg("{path}: not a readable zip archive ({reason})", path=path, reason=str(exc)))
        return
    for member in names:
        yield Source(f"{path}!{member}", path, member)
