"""The downloads of the page: the standings in every export format, a player's explanation, the
comparison and the crosstable, as attachments named after the tournament's file (RFC 6266)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import Response
from starlette.requests import Request

from ..base.errors import SpareggioError
from .exports import (
    CSP_DOCUMENT,
    attachment,
    comparison_export,
    content_disposition,
    crosstable_export,
    document,
    explanation_export,
    standings_export,
    text,
)
from .i18n import request_language, said, translator
from .options import grid_choice, options_of, rule_set_names, safe_name
from .site import site_of
from .views import comparison, compute

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


def _standings_file(request: Request, token: str, fmt: str) -> Response:
    entry = site_of(request).store.get(token)
    lang = request_language(request)
    try:
        s = compute(entry, options_of(request))
        body, f = standings_export(s, fmt, lang)
    except SpareggioError as exc:
        return text(said(exc, lang), status=400)
    if f.inline:  # the printable page, shown in the browser
        return document(body, f.media_type)
    _ = translator(lang)
    stem = safe_name(Path(entry.filename).stem or _("standings"))
    return Response(
        body,
        media_type=f.media_type,
        headers={
            "Content-Disposition": content_disposition(f"{stem}-{_('standings')}{f.extension}"),
            "Content-Security-Policy": CSP_DOCUMENT,
        },
    )


@router.get("/t/{token}/download/{fmt}")
async def download(request: Request, token: str, fmt: str) -> Response:
    return await site_of(request).worker.run(_standings_file, request, token, fmt)


def _explanation_file(request: Request, token: str, sno: int, fmt: str) -> Response:
    entry = site_of(request).store.get(token)
    lang = request_language(request)
    try:
        body, f = explanation_export(compute(entry, options_of(request)), sno, fmt, lang)
    except SpareggioError as exc:
        return text(said(exc, lang), status=400)
    return attachment(body, f.media_type, entry, f"{translator(lang)('player-{sno}', sno=sno)}{f.extension}")


@router.get("/t/{token}/player/{sno}/download/{fmt}")
async def download_explanation(request: Request, token: str, sno: int, fmt: str) -> Response:
    return await site_of(request).worker.run(_explanation_file, request, token, sno, fmt)


def _comparison_file(request: Request, token: str, fmt: str) -> Response:
    entry = site_of(request).store.get(token)
    lang = request_language(request)
    try:
        names = rule_set_names(request.query_params.getlist("with"))
        opts = options_of(request)
        body, f = comparison_export(comparison(entry, names, opts), fmt, lang)
    except SpareggioError as exc:
        return text(said(exc, lang), status=400)
    return attachment(body, f.media_type, entry, f"{translator(lang)('compare')}{f.extension}")


@router.get("/t/{token}/compare/download/{fmt}")
async def download_comparison(request: Request, token: str, fmt: str) -> Response:
    return await site_of(request).worker.run(_comparison_file, request, token, fmt)


def _crosstable_file(request: Request, token: str, fmt: str) -> Response:
    entry = site_of(request).store.get(token)
    lang = request_language(request)
    try:
        s = compute(entry, options_of(request))
        body, f = crosstable_export(s, fmt, lang, grid_choice(request))
    except SpareggioError as exc:
        return text(said(exc, lang), status=400)
    return attachment(body, f.media_type, entry, f"{translator(lang)('crosstable')}{f.extension}")


@router.get("/t/{token}/crosstable/download/{fmt}")
async def download_crosstable(request: Request, token: str, fmt: str) -> Response:
    return await site_of(request).worker.run(_crosstable_file, request, token, fmt)
