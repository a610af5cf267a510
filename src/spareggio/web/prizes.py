"""The prizes tab: paste or upload a prize file, get the prize list of the open tournament with the
reasons of every award, printable (the print style leaves out the form)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, TypedDict

from fastapi import APIRouter, File, Form, UploadFile
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import UploadFile as FormFile
from starlette.requests import Request

from ..decisions import Decisions, Origin, merged, parse_exclusion_option, parse_playoff_option
from ..errors import ArgumentError, SpareggioError
from ..i18n import languages, localize, msg, translate
from ..io import parse_event
from ..model import Scope
from ..prizes import PrizeList, award_prizes, parse_prize_bytes
from ..render.formats import FORMATS, formats_for, render
from ..render.prizes import WORDS, money_text
from ..standings import Standings, rank
from .api import answers, api_error
from .i18n import request_language
from .models import PrizesAnswer
from .options import Options, api_language, checked_format, clean_text, options_of, safe_name
from .pages import read_form
from .site import site_of
from .store import Entry
from .views import common, compute, points

__all__ = ["api_router", "router"]

router = APIRouter(include_in_schema=False)

EXAMPLE = (Path(__file__).resolve().parent / "prize-example.toml").read_text(encoding="utf-8")
"""What the editor holds before a prize file is given."""


class PrizeRow(TypedDict):
    """A row of the prize list as the template shows it, in the page's language."""

    category: str
    place: str
    sno: int | str
    name: str
    points: str
    amount: str
    paid: str
    why: list[str]


class PrizesView(TypedDict):
    """The values the prize list adds to the template of the prizes tab."""

    prize_rows: list[PrizeRow]
    prize_totals: list[tuple[int, str, str]]
    prize_settings: str
    prize_notes: list[str]
    currency: str


def prizes_view(pl: PrizeList, lang: str) -> PrizesView:
    """The prize list as the template shows it: rows, reasons and totals, in ``lang``."""
    s = pl.standings
    t = s.tournament

    def word(key: str, **values: object) -> str:
        text = translate(lang, WORDS[key], "prizes.word")
        return text.format(**values) if values else text

    rows: list[PrizeRow] = []
    for a in pl.awards:
        p = t.players[a.holder] if a.holder is not None else None
        paid = a.paid.get(a.holder) if a.holder is not None else None
        rows.append({
            "category": a.category.name,
            "place": str(a.place) if a.place else a.places,
            "sno": p.start_number if p else "",
            "name": p.name if p else word("none"),
            "points": points(pl.points(a.holder), lang) if a.holder is not None else "",
            "amount": money_text(a.amount, lang),
            "paid": money_text(paid, lang) if paid is not None else "",
            "why": [localize(line, lang) for line in a.why],
        })  # fmt: skip
    prizes = pl.prizes
    return {
        "prize_rows": rows,
        "prize_totals": [(t.players[i].start_number, t.players[i].name, money_text(v, lang)) for i, v in pl.payouts.items()],
        "prize_settings": word(
            "settings",
            sharing=word(f"sharing.{prizes.sharing}"),
            one=word("yes" if prizes.one_prize_per_player else "no"),
            awarding=word(f"awarding.{prizes.awarding}"),
        ),
        "prize_notes": [localize(n, lang) for n in [*s.decision_notes(), *pl.notes]],
        "currency": prizes.currency,
    }  # fmt: skip


def _page(request: Request, entry: Entry, text: str, data: bytes | None, name: str) -> HTMLResponse:
    site = site_of(request)
    lang = request_language(request)
    try:
        opts = options_of(request)
    except SpareggioError as exc:
        return site.pages.render(request, "prizes.html", 400, error=exc.localized(lang), prize_text=text,
                                 **common(entry, Options(), None, "prizes", lang))  # fmt: skip
    s: Standings | None = None
    values: Mapping[str, object] = {}
    try:
        s = compute(entry, opts)
        if data is not None:
            values = prizes_view(award_prizes(s, parse_prize_bytes(data, name)), lang)
    except SpareggioError as exc:
        return site.pages.render(request, "prizes.html", 400, error=exc.localized(lang), prize_text=text,
                                 **common(entry, opts, s, "prizes", lang))  # fmt: skip
    return site.pages.render(request, "prizes.html", error=None, prize_text=text,
                             **common(entry, opts, s, "prizes", lang), **values)  # fmt: skip


@router.get("/t/{token}/prizes", response_class=HTMLResponse)
async def prizes_form(request: Request, token: str) -> HTMLResponse:
    site = site_of(request)
    entry = site.store.get(token)
    return await site.worker.run(_page, request, entry, EXAMPLE, None, "prizes.toml")


@router.post("/t/{token}/prizes", response_class=HTMLResponse)
async def prizes_list(request: Request, token: str) -> HTMLResponse:
    site = site_of(request)
    entry = site.store.get(token)
    form = await read_form(request)
    try:
        upload = form.get("file")
        text = form.get("text")
        data, name = b"", "prizes.toml"
        if isinstance(upload, FormFile):
            data = await upload.read()
            name = safe_name(upload.filename or "prizes.toml")
        if not data and isinstance(text, str) and text.strip():
            data = text.encode("utf-8", "surrogatepass")
            name = "prizes.json" if text.lstrip().startswith("{") else "prizes.toml"
    finally:
        await form.close()
    shown = data.decode("utf-8", "replace") if data else (text if isinstance(text, str) else "")
    return await site.worker.run(_page, request, entry, shown, data, name)


# --------------------------------------------------------------------------------------------------
# the HTTP API

api_router = APIRouter(prefix="/api")


def _api_prizes(
    name: str,
    data: bytes,
    prize_name: str,
    prize_data: bytes,
    opts: Options,
    decisions: Decisions,
    lang: str,
    fmt: str,
) -> Response:
    if not data:
        raise ArgumentError(msg("the field 'file' is empty: send the tournament file"))
    if not prize_data:
        raise ArgumentError(msg("the field 'prizes' is empty: send the prize file"))
    t = parse_event(data, name)
    if t.scope is not Scope.INDIVIDUAL:
        raise ArgumentError(msg("prizes are awarded to the players of an individual event, not to teams"))
    spec = parse_prize_bytes(prize_data, prize_name)
    s = rank(t, opts.tiebreaks, rules=opts.rules, after_round=opts.after_round, decisions=decisions)
    pl = award_prizes(s, spec)
    chosen = FORMATS[fmt]
    body = render(pl, chosen, lang=lang)
    return Response(body, media_type=chosen.media_type)


@api_router.post(
    "/prizes",
    summary="The prize list with every award's reasons, as spareggio prizes computes it",
    responses=answers(
        PrizesAnswer,
        "JSON (the prize list), or the export asked by `format`",
        "text/plain", "text/csv", "text/html", "application/pdf",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ),
)
async def api_prizes(
    request: Request,
    file: Annotated[UploadFile, File(description="TRF or tournament JSON file")],
    prizes: Annotated[UploadFile, File(description="The prize file: TOML, JSON or YAML (by its name)")],
    tiebreaks: Annotated[
        str | None, Form(description="Comma-separated list; end it with RND to draw lots")
    ] = None,
    rules: Annotated[str | None, Form(description="Rule set (default: by the start date)")] = None,
    after_round: Annotated[str | None, Form(description="Standings after this round")] = None,
    playoff: Annotated[
        str | None, Form(description="A playoff: start numbers first to last, then its score (7,1:1½-½)")
    ] = None,
    lots_seed: Annotated[str | None, Form(description="Draw lots for the ties left, with this seed")] = None,
    exclude: Annotated[str | None, Form(description="A player left out of the ranking (5:expelled)")] = None,
    lang: Annotated[str | None, Form(description=", ".join(languages()))] = None,
    format: Annotated[str | None, Form(description="json (default), table, csv, html, pdf, xlsx")] = None,
) -> Response:
    try:
        opts = Options.parse(rules, tiebreaks, after_round)
        fmt = checked_format(format, tuple(f.name for f in formats_for(PrizeList)))
        language = api_language(lang)
        given = merged(
            Decisions(),
            [parse_playoff_option(p) for p in [clean_text(playoff, "playoff")] if p],
            [parse_exclusion_option(e) for e in [clean_text(exclude, "exclude")] if e],
            clean_text(lots_seed, "lots_seed"),
        )
    except SpareggioError as exc:
        return api_error(exc, lang)
    name = safe_name(file.filename or "upload.trf")
    data = await file.read()
    prize_name = safe_name(prizes.filename or "prizes.toml")
    prize_data = await prizes.read()
    decisions = Decisions(given.playoffs, given.lots_seed, Origin.OPTION, given.exclusions)
    try:
        response: Response = await site_of(request).worker.run(
            _api_prizes, name, data, prize_name, prize_data, opts, decisions, language, fmt
        )
    except SpareggioError as exc:
        return api_error(exc, lang)
    return response
