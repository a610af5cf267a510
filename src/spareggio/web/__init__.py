"""The local web page and the JSON HTTP API (``spareggio serve``)."""

from __future__ import annotations

from .app import MAX_UPLOAD_BYTES, create_app

__all__ = ["MAX_UPLOAD_BYTES", "create_app"]
