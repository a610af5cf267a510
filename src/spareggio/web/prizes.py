"""The prizes tab: paste or upload a prize file, get the prize list of the open tournament with the
reasons of every award, printable (the print style leaves out the form); and the API's ``prizes``.
Both make the request of the one seam (:data:`spareggio.job.Task.PRIZES`) and lay out its result."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, TypedDict

from babel.numbers import NumberFormatError, format_decimal, parse_decimal
from fastapi import APIRouter, File, Form, UploadFile
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import UploadFile as FormFile
from starlette.requests import Request

from ..base.errors import ArgumentError, SpareggioError
from ..base.i18n import Text, languages, localize, msg
from ..base.jsontypes import JsonObject, JsonValue
from ..core.decisions import Decision, Decisions
from ..job import Job, Task, run
from ..prizes import (
    PrizeFile,
    PrizeList,
    parse_prize_bytes,
    parse_prize_data,
    prize_file_data,
    prize_file_json,
    prize_file_toml,
)
from ..render.formats import FORMATS, render
from ..render.prizes import WORDS, money_text
from ..standings import Standings
from .api import RulesField, answers, api_error, api_formats, format_field
from .exports import attachment
from .i18n import request_language, said, translator
from .models import PrizesAnswer
from .options import (
    Options,
    address_exclusion,
    address_playoff,
    api_language,
    bounded_number,
    checked_format,
    clean_text,
    options_of,
    safe_name,
)
from .pages import read_form
from .site import site_of
from .store import Entry
from .views import common, compute, job_of, points

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
        text = localize(Text(WORDS[key], "prizes.word"), lang)
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


SHARING = ("none", "equal", "hort")
AWARDING = ("amount", "listed")
MORE_ROWS = 2
"""Empty categories the form offers below those it holds."""
MAX_ROWS = 40
"""Most categories one form holds."""
ROW_FIELDS = ("name", "prizes", "sex", "age_under", "age_from", "rating_from", "rating_under", "unrated",
              "federation", "club")  # fmt: skip
"""The fields of a category of the form (``c3_prizes``...)."""


def default_form(lang: str) -> PrizeFile:
    """The prize form before anything is given: the example's prizes, its categories named in
    ``lang``."""
    _ = translator(lang)
    example = parse_prize_bytes(EXAMPLE.encode("utf-8"), "prizes.toml")
    names = {"general": _("General"), "women": _("Best woman"), "u16": _("Under 16"), "u1800": _("Rated under 1800")}
    return dataclasses.replace(
        example, categories=tuple(dataclasses.replace(c, name=names.get(c.id, c.name)) for c in example.categories)
    )


def _amounts_text(amounts: tuple[Decimal, ...], lang: str) -> str:
    return "  ".join(str(format_decimal(a, locale=lang, group_separator=False)) for a in amounts)


def form_values(prizes: PrizeFile, lang: str, extra: int = MORE_ROWS) -> FormValues:
    """A prize file as the values of the prize form (amounts written the language's way)."""
    rows: list[dict[str, str]] = []
    for c in prizes.categories:
        rows.append({
            "name": c.name, "prizes": _amounts_text(c.prizes, lang), "sex": c.sex or "",
            "age_under": "" if c.age_under is None else str(c.age_under),
            "age_from": "" if c.age_from is None else str(c.age_from),
            "rating_from": "" if c.rating_from is None else str(c.rating_from),
            "rating_under": "" if c.rating_under is None else str(c.rating_under),
            "unrated": "" if c.unrated is None else ("yes" if c.unrated else "no"),
            "federation": " ".join(c.federations), "club": ", ".join(c.clubs),
        })  # fmt: skip
    rows += [dict.fromkeys(ROW_FIELDS, "") for _ in range(min(extra, MAX_ROWS - len(rows)))]
    table = prize_file_data(prizes).get("players")
    return {
        "players": json.dumps(table, ensure_ascii=False) if table else "",
        "currency": prizes.currency,
        "sharing": prizes.sharing,
        "one": prizes.one_prize_per_player,
        "awarding": prizes.awarding,
        "reference_date": prizes.reference_date.isoformat() if prizes.reference_date else "",
        "rows": rows,
    }


def _amount(text: str, lang: str, where: str) -> Decimal:
    try:
        return Decimal(str(parse_decimal(text, locale=lang)))
    except (NumberFormatError, ValueError, ArithmeticError):
        raise ArgumentError(msg("{where}: {text!r} is not an amount", where=where, text=text[:20])) from None


def prizes_of_form(form: Mapping[str, str], lang: str) -> PrizeFile:
    """The prize file the form's fields describe (read by :func:`spareggio.prizes.parse_prize_data`,
    as a prize file is).

    :raises SpareggioError: for a field no prize file would take, named as the form names it.
    """
    _ = translator(lang)
    categories: list[JsonValue] = []
    for k in range(MAX_ROWS):
        row = {f: clean_text(form.get(f"c{k}_{f}"), f) or "" for f in ROW_FIELDS}
        if not row["name"] and not row["prizes"]:
            continue
        where = _("Category {n}", n=k + 1)
        tokens = [t.strip(",") for t in row["prizes"].replace(";", " ").split()]
        item: JsonObject = {
            "id": f"c{k + 1}",
            "name": row["name"] or where,
            "prizes": [str(_amount(t, lang, where)) for t in tokens if t],
        }
        if row["sex"] in ("m", "w"):
            item["sex"] = row["sex"]
        for key in ("age_under", "age_from", "rating_from", "rating_under"):
            value = bounded_number(row[key], f"{where}: {key}")
            if value is not None:
                item[key] = value
        if row["unrated"] in ("yes", "no"):
            item["unrated"] = row["unrated"] == "yes"
        federations = [f.upper() for f in row["federation"].replace(",", " ").split()]
        if federations:
            item["federation"] = list(federations)
        clubs = [c.strip() for c in row["club"].split(",") if c.strip()]
        if clubs:
            item["club"] = list(clubs)
        categories.append(item)
    raw: JsonObject = {
        "currency": clean_text(form.get("currency"), "currency") or "",
        "sharing": form.get("sharing") if form.get("sharing") in SHARING else "none",
        "one_prize_per_player": form.get("one") in ("1", "on"),
        "awarding": form.get("awarding") if form.get("awarding") in AWARDING else "amount",
        "categories": categories,
    }
    day = clean_text(form.get("reference_date"), "reference_date")
    if day:
        raw["reference_date"] = day
    players = form.get("players") or ""
    if players.strip():  # the clubs and national ratings of a prize file opened before, kept as it gave them
        try:
            raw["players"] = json.loads(players[: 2**20])
        except json.JSONDecodeError:
            raise ArgumentError(msg("the field {field!r} is not valid", field="players")) from None
    return parse_prize_data(raw, _("prize form"))


class FormValues(TypedDict):
    """The prize form's values as the template fills them in."""

    players: str
    """The prize file's table of players (clubs, national ratings) as JSON, kept in a hidden field."""
    currency: str
    sharing: str
    one: bool
    awarding: str
    reference_date: str
    rows: list[dict[str, str]]


def _page(
    request: Request, entry: Entry, prizes: PrizeFile | None, shown: FormValues | None, error: str | None = None
) -> HTMLResponse:
    """The prizes tab: the form filled with ``shown`` (else with ``prizes``, else the example), and
    the prize list of ``prizes`` when given."""
    site = site_of(request)
    lang = request_language(request)
    form = shown or form_values(prizes or default_form(lang), lang)
    try:
        opts = options_of(request)
    except SpareggioError as exc:
        return site.pages.render(request, "prizes.html", 400, error=said(exc, lang), form=form,
                                 **common(entry, Options(), None, "prizes", lang))  # fmt: skip
    s: Standings | None = None
    values: Mapping[str, object] = {}
    try:
        if prizes is None or error is not None:
            s = compute(entry, opts)
            if error is not None:
                raise ArgumentError(error)
        else:
            result = run(job_of(entry, opts, Task.PRIZES, prizes=prizes))
            s = result.standings
            assert isinstance(result.value, PrizeList)
            values = prizes_view(result.value, lang)
    except SpareggioError as exc:
        return site.pages.render(request, "prizes.html", 400, error=said(exc, lang), form=form,
                                 **common(entry, opts, s, "prizes", lang))  # fmt: skip
    return site.pages.render(request, "prizes.html", error=None, form=form,
                             **common(entry, opts, s, "prizes", lang), **values)  # fmt: skip


@router.get("/t/{token}/prizes", response_class=HTMLResponse)
async def prizes_form(request: Request, token: str) -> HTMLResponse:
    site = site_of(request)
    entry = site.store.get(token)
    kept = entry.kept("prizes")
    return await site.worker.run(_page, request, entry, kept if isinstance(kept, PrizeFile) else None, None)


async def _posted(request: Request) -> tuple[dict[str, str], bytes, str]:
    """The prize form's fields, and the prize file given to import (its bytes and name; empty when
    none)."""
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
        fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
    finally:
        await form.close()
    return fields, data, name


def _read(fields: Mapping[str, str], data: bytes, name: str, lang: str) -> tuple[PrizeFile | None, FormValues, str | None]:
    """The prize file posted (the file to import, else the form), the form's values to show again,
    and the error that stops it, in ``lang``."""
    try:
        prizes = parse_prize_bytes(data, name) if data else prizes_of_form(fields, lang)
    except SpareggioError as exc:
        shown = _form_as_sent(fields)
        return None, shown, said(exc, lang)
    more = MORE_ROWS + (3 if "more" in fields else 0)
    return prizes, form_values(prizes, lang, more), None


def _form_as_sent(fields: Mapping[str, str]) -> FormValues:
    rows = [{f: fields.get(f"c{k}_{f}", "")[:200] for f in ROW_FIELDS} for k in range(MAX_ROWS)]
    while len(rows) > MORE_ROWS and not any(rows[-1].values()) and not any(rows[-MORE_ROWS - 1].values()):
        rows.pop()
    return {
        "players": fields.get("players", "")[: 2**20],
        "currency": fields.get("currency", "")[:20], "sharing": fields.get("sharing", "none"),
        "one": fields.get("one") in ("1", "on"), "awarding": fields.get("awarding", "amount"),
        "reference_date": fields.get("reference_date", "")[:20], "rows": rows,
    }  # fmt: skip


@router.post("/t/{token}/prizes", response_class=HTMLResponse)
async def prizes_list(request: Request, token: str) -> HTMLResponse:
    site = site_of(request)
    entry = site.store.get(token)
    fields, data, name = await _posted(request)
    lang = request_language(request)
    prizes, shown, error = _read(fields, data, name, lang)
    if prizes is not None:
        entry.keep("prizes", prizes)  # the prize list follows the decisions given next
    return await site.worker.run(_page, request, entry, prizes, shown, error)


@router.post("/t/{token}/prizes/export/{fmt}")
async def prizes_export(request: Request, token: str, fmt: str) -> Response:
    """The prize form as a prize file (TOML or JSON) to keep and open again."""
    site = site_of(request)
    entry = site.store.get(token)
    fields, data, name = await _posted(request)
    lang = request_language(request)
    if fmt not in ("toml", "json"):
        return await site.worker.run(_page, request, entry, None, _form_as_sent(fields), "toml, json")
    prizes, shown, error = _read(fields, data, name, lang)
    if prizes is None:
        return await site.worker.run(_page, request, entry, None, shown, error)
    body = prize_file_toml(prizes) if fmt == "toml" else prize_file_json(prizes)
    media = "application/toml; charset=utf-8" if fmt == "toml" else "application/json"
    return attachment(body.encode("utf-8"), media, entry, f"{translator(lang)('prizes')}.{fmt}")


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
    job = Job(
        Task.PRIZES, data, name, tiebreaks=opts.tiebreaks, rules=opts.rules, after_round=opts.after_round,
        decisions=decisions, lang=lang, prizes=parse_prize_bytes(prize_data, prize_name),
    )  # fmt: skip
    chosen = FORMATS[fmt]
    body = render(run(job).value, chosen, lang=lang)
    return Response(body, media_type=chosen.media_type)


@api_router.post(
    "/prizes",
    summary="The prize list with every award's reasons, as spareggio prizes computes it",
    responses=answers(
        PrizesAnswer,
        "JSON (the prize list), or the export asked by `format`",
        Task.PRIZES.result,
    ),
)
async def api_prizes(
    request: Request,
    file: Annotated[UploadFile, File(description="TRF or tournament JSON file")],
    prizes: Annotated[UploadFile, File(description="The prize file: TOML, JSON or YAML (by its name)")],
    tiebreaks: Annotated[
        str | None, Form(description="Comma-separated list; end it with RND to draw lots")
    ] = None,
    rules: RulesField = None,
    after_round: Annotated[str | None, Form(description="Standings after this round")] = None,
    playoff: Annotated[
        str | None, Form(description="A playoff: start numbers first to last, then its score (7,1:1½-½)")
    ] = None,
    lots_seed: Annotated[str | None, Form(description="Draw lots for the ties left, with this seed")] = None,
    exclude: Annotated[str | None, Form(description="A player left out of the ranking (5:expelled)")] = None,
    lang: Annotated[str | None, Form(description=", ".join(languages()))] = None,
    format: Annotated[str | None, format_field(Task.PRIZES.result)] = None,
) -> Response:
    try:
        opts = Options.parse(rules, tiebreaks, after_round)
        fmt = checked_format(format, api_formats(Task.PRIZES.result))
        language = api_language(lang)
        decisions = Decisions.given(
            [address_playoff(p, Decision.PLAYOFF) for p in [clean_text(playoff, "playoff")] if p],
            [address_exclusion(e) for e in [clean_text(exclude, "exclude")] if e],
            clean_text(lots_seed, "lots_seed"),
        )
    except SpareggioError as exc:
        return api_error(exc, lang)
    name = safe_name(file.filename or "upload.trf")
    data = await file.read()
    prize_name = safe_name(prizes.filename or "prizes.toml")
    prize_data = await prizes.read()
    try:
        response: Response = await site_of(request).worker.run(
            _api_prizes, name, data, prize_name, prize_data, opts, decisions, language, fmt
        )
    except SpareggioError as exc:
        return api_error(exc, lang)
    return response
