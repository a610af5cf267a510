"""The prizes tab: paste or upload a prize file, get the prize list of the open tournament with the
reasons of every award, printable (the print style leaves out the form)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from starlette.datastructures import UploadFile
from starlette.requests import Request

from ..errors import SpareggioError
from ..i18n import localize
from ..prizes import PrizeList, award_prizes, parse_prize_bytes
from ..render.prizes import WORDS, money_text
from ..standings import Standings
from .i18n import request_language
from .options import Options, options_of, safe_name
from .pages import read_form
from .site import site_of
from .store import Entry
from .views import common, compute, points

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

EXAMPLE = (Path(__file__).resolve().parent / "prize-example.toml").read_text(encoding="utf-8")
"""What the editor holds before a prize file is given."""


def prizes_view(pl: PrizeList, lang: str) -> dict[str, Any]:
    """The prize list as the template shows it: rows, reasons and totals, in ``lang``."""
    from ..i18n import translate

    s = pl.standings
    t = s.tournament

    def word(key: str, **values: object) -> str:
        text = translate(lang, WORDS[key], "prizes.word")
        return text.format(**values) if values else text

    rows = []
    for a in pl.awards:
        p = t.players[a.holder] if a.holder is not None else None
        paid = a.paid.get(a.holder) if a.holder is not None else None
        rows.append({
            "category": a.category.name,
            "place": str(a.place) if a.place else a.places,
            "sno": p.start_number if p else "",
            "name": p.name if p else word("none"),
            "points": points(s.row_of(p.start_number).points, lang) if p else "",
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
    values: dict[str, Any] = {}
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
        if isinstance(upload, UploadFile):
            data = await upload.read()
            name = safe_name(upload.filename or "prizes.toml")
        if not data and isinstance(text, str) and text.strip():
            data = text.encode("utf-8", "surrogatepass")
            name = "prizes.json" if text.lstrip().startswith("{") else "prizes.toml"
    finally:
        await form.close()
    shown = data.decode("utf-8", "replace") if data else (text if isinstance(text, str) else "")
    return await site.worker.run(_page, request, entry, shown, data, name)
