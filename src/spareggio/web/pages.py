"""The pages for arbiters: open a file, then its standings, explanations, crosstable, comparison of
rule sets and check of the declared ranking.  Each handler reads the request, has the library
compute in the pool of work (:mod:`.work`) and renders a template (:mod:`.views`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request

from ..base.errors import SpareggioError
from ..io.heads import PGN_BYES as BYES
from ..render.html import EXPLANATION_CSS
from ..standings import Standings
from .cache import cached
from .i18n import request_language, said, translator
from .options import Options, grid_choice, options_of, rule_set_names, safe_name
from .results import upload_problem
from .site import site_of
from .store import Entry
from .views import check_view, common, compare_view, compute, crosstable_view, player_view, standings_view

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

Extra = Callable[[Entry, Options], tuple[Standings, Mapping[str, object]]]
"""What a page computes through the seam (a view of :mod:`.views`): the standings of the page's
frame, and what it adds to the values of its template."""


def _index(request: Request, status: int, error: str | None) -> HTMLResponse:
    site = site_of(request)
    return site.pages.render(
        request,
        "index.html",
        status,
        open_entries=site.store.entries(),
        error=error,
        max_mb=site.max_upload // 2**20,
    )


@router.get("/", response_class=HTMLResponse)
async def index(request: Request) -> HTMLResponse:
    return _index(request, 200, None)


async def read_form(request: Request) -> FormData:
    """The posted form; an empty one when the body is no form (a bad request, never a crash)."""
    try:
        return await request.form(max_part_size=site_of(request).max_upload)
    except Exception:  # noqa: BLE001 - any malformed body from a client is a bad request
        return FormData()


@router.post("/open")
async def open_file(request: Request) -> Response:
    form = await read_form(request)
    try:
        upload = form.get("file")
        text = form.get("text")
        chosen = form.get("byes")
        byes = chosen if isinstance(chosen, str) and chosen in BYES else None
        lenient = form.get("lenient") in ("1", "on")
        given = form.get("ranks")
        ranks = (await given.read()) or None if isinstance(given, UploadFile) else None
        data = b""
        name = "pasted.trf"
        if isinstance(upload, UploadFile):
            data = await upload.read()
            name = safe_name(upload.filename or "upload.trf")
        if not data and isinstance(text, str) and text.strip():
            data = text.encode("utf-8", "surrogatepass")
            name = "pasted.json" if text.lstrip().startswith("{") else "pasted.trf"
    finally:
        await form.close()
    lang = request_language(request)
    if isinstance(upload, UploadFile) and upload.filename and not data:
        problem = upload_problem(data, name)  # a file was chosen, and it is empty
        return _index(request, 400, said(problem, lang))
    if not data:
        return _index(request, 400, translator(lang)("Choose a file or paste its text."))
    problem = upload_problem(data, name)
    if problem is not None:
        return _index(request, 400, said(problem, lang))
    site = site_of(request)
    try:
        entry = await site.worker.run(site.store.parse, name, data, byes, lenient=lenient, ranks=ranks)
    except SpareggioError as exc:
        return _index(request, 400, said(exc, lang))
    entry = site.store.keep(entry)  # the same file opened again is the entry already open
    return RedirectResponse(f"/t/{entry.token}", status_code=303)


def _tournament_page(request: Request, token: str, template: str, active: str, extra: Extra) -> HTMLResponse:
    """A page of an open tournament: what ``extra`` computes of the request its options make
    (:func:`.views.job_of`), or the page with the error of an option."""
    site = site_of(request)
    entry = site.store.get(token)
    lang = request_language(request)
    try:
        opts = options_of(request)
    except SpareggioError as exc:  # the page's frame with the error, and no table
        return site.pages.render(
            request,
            "tournament.html",
            400,
            error=said(exc, lang),
            rows=[],
            labels=[],
            **common(entry, Options(), None, active, lang),
        )
    try:
        s, values = extra(entry, opts)
    except SpareggioError as exc:
        return site.pages.render(
            request,
            "tournament.html",
            400,
            error=said(exc, lang),
            rows=[],
            labels=[],
            **common(entry, opts, None, "standings", lang),
        )
    return site.pages.render(request, template, error=None, **common(entry, opts, s, active, lang), **values)


async def _page(request: Request, token: str, template: str, active: str, extra: Extra) -> HTMLResponse:
    return await site_of(request).worker.run(_tournament_page, request, token, template, active, extra)


@router.get("/t/{token}", response_class=HTMLResponse)
@cached
async def tournament(request: Request, token: str) -> HTMLResponse:
    lang = request_language(request)
    find = request.query_params.get("find", "")
    def view(e: Entry, o: Options) -> tuple[Standings, Mapping[str, object]]:
        s = compute(e, o)
        return s, standings_view(e, o, s, lang, find)

    return await _page(request, token, "tournament.html", "standings", view)


@router.get("/t/{token}/player/{sno}", response_class=HTMLResponse)
@cached
async def player(request: Request, token: str, sno: int) -> HTMLResponse:
    lang = request_language(request)
    versus = request.query_params.get("versus", "")
    return await _page(request, token, "player.html", "standings", lambda e, o: player_view(e, o, sno, versus, lang))


@router.get("/t/{token}/compare", response_class=HTMLResponse)
@cached
async def compare_page(request: Request, token: str) -> HTMLResponse:
    lang = request_language(request)
    chosen = request.query_params.getlist("with")
    def view(e: Entry, o: Options) -> tuple[Standings, Mapping[str, object]]:
        s = compute(e, o)  # the page's frame: the standings under the options' own rule set
        return s, compare_view(e, o, s, rule_set_names(chosen), lang)

    return await _page(request, token, "compare.html", "compare", view)


@router.get("/t/{token}/check", response_class=HTMLResponse)
@cached
async def check_page(request: Request, token: str) -> HTMLResponse:
    infer = request.query_params.get("infer") in ("1", "on", "true")
    def view(e: Entry, o: Options) -> tuple[Standings, Mapping[str, object]]:
        return compute(e, o), check_view(e, o, infer)

    return await _page(request, token, "check.html", "check", view)


@router.get("/t/{token}/crosstable", response_class=HTMLResponse)
@cached
async def crosstable(request: Request, token: str) -> HTMLResponse:
    lang = request_language(request)
    grid = grid_choice(request)
    def view(e: Entry, o: Options) -> tuple[Standings, Mapping[str, object]]:
        s = compute(e, o)
        return s, crosstable_view(s, lang, f"/t/{e.token}", o.query(), grid)

    return await _page(request, token, "crosstable.html", "crosstable", view)


@router.get("/explain.css")
async def explain_css() -> Response:
    # the page has its own frame: only the rules of the explanation itself
    rules = [line for line in EXPLANATION_CSS.splitlines() if not line.startswith("body")]
    return Response("\n".join(rules) + "\n", media_type="text/css")
