"""The web application: pages for arbiters and a JSON HTTP API, on FastAPI (Starlette) and Jinja2.

Every number on a page comes from the library (standings, explanations, comparison, check, the
publishing exports); this module only chooses what to compute from the request and renders it.
Uploaded files are kept in memory (never written to disk) for as long as the page uses them.
"""

from __future__ import annotations

import json
import secrets
import threading
import urllib.parse
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from ..check import inferred_text
from ..errors import ArgumentError, Diagnostic, SpareggioError
from ..i18n import localize, msg, translate, translate_reason, warning_body
from ..io import READERS
from ..model import Tournament
from .i18n import LANGUAGE_NAMES, choose_language, languages, translator

__all__ = ["MAX_UPLOAD_BYTES", "create_app"]

HERE = Path(__file__).resolve().parent
MAX_UPLOAD_BYTES = 16 * 1024 * 1024
"""Largest request body accepted (a TRF of 9,999 players is about 1.5 MB)."""
STORE_LIMIT = 64
"""Tournaments kept in memory at once; the oldest is forgotten first."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
"""Content-Security-Policy of every page: nothing but the application's own files."""
CSP_DOCUMENT = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'"
)
"""For the standalone export pages (their style is inline, they run no script)."""


class BodyTooLarge(Exception):
    """The request body is larger than the limit."""


@dataclass(frozen=True)
class Entry:
    """A tournament the page has open."""

    token: str
    filename: str
    data: bytes
    tournament: Tournament
    """The participants: the players, or in a team event the teams."""
    team: Any = None
    """The team event (:class:`spareggio.teams.TeamEvent`) of a team file, else None."""


class Store:
    """Open tournaments by an unguessable token, in memory, the oldest forgotten first."""

    def __init__(self, limit: int = STORE_LIMIT) -> None:
        self.limit = limit
        self._items: OrderedDict[str, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, filename: str, data: bytes, byes: str | None = None) -> Entry:
        from ..io import ReadOptions, parse_event

        event = parse_event(data, filename, options=ReadOptions(byes=byes))
        if isinstance(event, Tournament):
            entry = Entry(secrets.token_urlsafe(12), filename, data, event)
        else:
            entry = Entry(secrets.token_urlsafe(12), filename, data, event.participants(), event)
        with self._lock:
            self._items[entry.token] = entry
            while len(self._items) > self.limit:
                self._items.popitem(last=False)
        return entry

    def get(self, token: str) -> Entry | None:
        with self._lock:
            entry = self._items.get(token)
            if entry is not None:
                self._items.move_to_end(token)
            return entry

    def entries(self) -> list[Entry]:
        with self._lock:
            return list(reversed(self._items.values()))


# -- request options --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """What a page is asked to compute (the same options as the command line)."""

    rules: str | None = None
    tiebreaks: str | None = None
    after_round: int | None = None
    primary: str | None = None
    """Team events: MP or GP ranks the teams (``--primary``)."""

    @classmethod
    def parse(
        cls,
        rules: str | None,
        tiebreaks: str | None,
        after_round: str | int | None,
        primary: str | None = None,
    ) -> Options:
        r = (rules or "").strip() or None
        tb = (tiebreaks or "").strip() or None
        pr = (primary or "").strip().upper() or None
        if pr is not None and pr not in ("MP", "GP"):
            raise ArgumentError(msg("primary must be MP or GP, not {primary!r}", primary=primary))
        ar: int | None = None
        if after_round is not None and str(after_round).strip():
            text = str(after_round).strip()
            if not (text.isascii() and text.isdigit()):
                raise ArgumentError(msg("after_round must be a round number, not {text!r}", text=text))
            ar = int(text)
        return cls(r, tb, ar, pr)

    def query(self, **extra: object) -> str:
        items = {
            "rules": self.rules, "tiebreaks": self.tiebreaks, "after_round": self.after_round,
            "primary": self.primary, **extra,
        }  # fmt: skip
        kept = {k: v for k, v in items.items() if v not in (None, "")}
        return ("?" + urllib.parse.urlencode(kept)) if kept else ""


def _options(request: Request) -> Options:
    q = request.query_params
    return Options.parse(q.get("rules"), q.get("tiebreaks"), q.get("after_round"), q.get("primary"))


# -- rendering helpers ------------------------------------------------------------------------------


def _number(value: Fraction | None, lang: str) -> str:
    from ..render.publish import localized_number

    return localized_number(value, lang) if value is not None else "–"


def _points(value: Fraction | None, lang: str) -> str:
    from ..render.publish import localized_number

    return localized_number(value, lang, points=True) if value is not None else "–"


def _crosstable_cell(
    kind: int, opponent: int, color: int, t: Tournament, _: Callable[..., str]
) -> tuple[str, str]:
    """The crosstable notation arbiters use (``+W19``, ``=B3``, ``-F5``, ``PAB``) and its meaning."""
    from ..model import Color, ResultKind

    k = ResultKind(kind)
    opp = t.players[opponent].start_number if opponent >= 0 else None
    col = {Color.WHITE: _("W"), Color.BLACK: _("B")}.get(Color(color), "")
    label = _(k.label)
    if k is ResultKind.PLAYED_WIN:
        return f"+{col}{opp}", label
    if k is ResultKind.PLAYED_DRAW:
        return f"={col}{opp}", label
    if k is ResultKind.PLAYED_LOSS:
        return f"-{col}{opp}", label
    if k is ResultKind.FORFEIT_WIN:
        return f"+F{opp}", label
    if k in (ResultKind.FORFEIT_LOSS, ResultKind.DOUBLE_FORFEIT):
        return f"-F{opp}", label
    if k is ResultKind.PENDING:
        return f"?{col}{opp}", label
    short = {
        ResultKind.PAB: "PAB",
        ResultKind.FULL_BYE: "FPB",
        ResultKind.HALF_BYE: "HPB",
        ResultKind.ZERO_BYE: "ZPB",
        ResultKind.ABSENT: "–",
        ResultKind.WITHDRAWN: "–",
    }
    return short.get(k, "?"), label


def bump_chart(places: list[tuple[str, list[int]]], columns: list[str], highlight: set[str]) -> Markup:
    """An inline SVG of how each player's place moves between rule sets: one column per rule set,
    one line per player, the players whose place changes drawn in colour and thicker."""
    from html import escape

    n = max((max(p) for _, p in places), default=1)
    margin = 200  # room for "51. Surname, Name" on either side
    width = margin + 180 * max(1, len(columns) - 1) + margin
    row = 18
    height = 40 + row * n
    xs = [margin + 180 * k for k in range(len(columns))]

    def y(place: int) -> float:
        return 30 + row * (place - 1) + row / 2

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="bump" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-labelledby="bump-title">'
        ),
        '<title id="bump-title">Places under each rule set</title>',
    ]
    for x, name in zip(xs, columns, strict=True):
        parts.append(f'<text x="{x}" y="16" text-anchor="middle" class="bump-head">{escape(name)}</text>')
        parts.append(f'<line x1="{x}" y1="24" x2="{x}" y2="{height - 6}" class="bump-axis"/>')
    for who, ps in places:
        moved = who in highlight
        cls = "bump-line moved" if moved else "bump-line"
        points = " ".join(f"{x},{y(p):.1f}" for x, p in zip(xs, ps, strict=True))
        parts.append(f'<polyline points="{points}" class="{cls}"><title>{escape(who)}</title></polyline>')
        parts.append(
            f'<text x="{xs[0] - 8}" y="{y(ps[0]) + 4:.1f}" text-anchor="end" '
            f'class="bump-label{" moved" if moved else ""}">{ps[0]}. {escape(who[:26])}</text>'
        )
        parts.append(
            f'<text x="{xs[-1] + 8}" y="{y(ps[-1]) + 4:.1f}" '
            f'class="bump-label{" moved" if moved else ""}">{ps[-1]}. {escape(who[:26])}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))


# -- the application --------------------------------------------------------------------------------


def create_app(files: list[str] | None = None, *, max_upload: int = MAX_UPLOAD_BYTES) -> FastAPI:
    """The web application, with ``files`` open from the start.

    :raises SpareggioError: when one of ``files`` cannot be read (with its position).
    """
    from .. import __version__

    app = FastAPI(
        title="spareggio",
        version=__version__,
        description=(
            "Chess tie-breaks computed exactly under the rule set that applies, explained, compared and "
            "checked. Each endpoint takes the tournament file (TRF or tournament JSON) as the multipart "
            "field `file` and the options of the command line as form fields."
        ),
        docs_url=None,
        redoc_url=None,
    )
    store = Store()
    for path in files or []:
        with open(path, "rb") as handle:
            store.add(Path(path).name, handle.read())
    env = Environment(
        loader=FileSystemLoader(str(HERE / "templates")),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["accept"] = accept_attribute()
    app.state.store = store
    app.state.max_upload = max_upload
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    # -- middleware: body size, security headers, the language cookie --

    @app.middleware("http")
    async def headers(request: Request, call_next: Callable[[Request], Any]) -> Response:
        response: Response = await call_next(request)
        if "content-security-policy" not in response.headers:
            response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        asked = request.query_params.get("lang")
        if asked and asked.strip().lower() in languages():
            response.set_cookie("lang", asked.strip().lower(), max_age=3600 * 24 * 365, samesite="lax")
        return response

    def page(request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        lang = choose_language(
            request.query_params.get("lang"),
            request.cookies.get("lang"),
            request.headers.get("accept-language"),
        )
        _ = translator(lang)
        here = request.url.path
        query = {k: v for k, v in request.query_params.items() if k != "lang"}

        def switch(code: str) -> str:
            return here + "?" + urllib.parse.urlencode({**query, "lang": code})

        def event_warnings(t: Tournament, s: Any) -> list[str]:
            """The file's warnings and the standings' others (not the rule set's), in ``lang``."""
            said = [localize(w.text() if isinstance(w, Diagnostic) else w, lang) for w in t.warnings]
            if s is not None:
                said += [localize(w, lang) for w in s.warnings if w != s.rules_warning]
            return said

        html = env.get_template(template).render(
            _=_,
            lang=lang,
            reason=lambda text: translate_reason(lang, text),
            warning=lambda text: warning_body(text, lang),
            ruleset_title=lambda rules: translate(lang, rules.title, "ruleset.title"),
            event_warnings=event_warnings,
            inferred=lambda entry: inferred_text(entry, lang),
            say=lambda value: localize(value, lang),
            languages=[(code, LANGUAGE_NAMES.get(code, code), switch(code)) for code in languages()],
            version=__version__,
            **values,
        )
        return HTMLResponse(html, status_code=status)

    def language(request: Request) -> str:
        return choose_language(
            request.query_params.get("lang"),
            request.cookies.get("lang"),
            request.headers.get("accept-language"),
        )

    def entry_or_404(token: str) -> Entry:
        entry = store.get(token)
        if entry is None:
            raise _NotFound()
        return entry

    @app.exception_handler(_NotFound)
    async def not_found(request: Request, exc: _NotFound) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": "not found"}, status_code=404)
        return page(
            request,
            "error.html",
            404,
            message=translator(language(request))(
                "This tournament is not open (any more): open the file again."
            ),
        )

    # -- pages --

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index(request: Request) -> HTMLResponse:
        return page(
            request, "index.html", open_entries=store.entries(), error=None, max_mb=max_upload // 2**20
        )

    @app.post("/open", include_in_schema=False)
    async def open_file(request: Request) -> Response:
        form = await _form(request)
        try:
            return await _open(request, form)
        finally:
            await form.close()

    async def _open(request: Request, form: Any) -> Response:
        upload = form.get("file")
        text = form.get("text")
        data: bytes = b""
        name = "pasted.trf"
        if upload is not None and not isinstance(upload, str):
            data = await upload.read()
            name = _safe_name(upload.filename or "upload.trf")
        if not data and isinstance(text, str) and text.strip():
            data = text.encode("utf-8")
            name = "pasted.json" if text.lstrip().startswith("{") else "pasted.trf"
        _ = translator(language(request))
        if not data:
            return page(
                request,
                "index.html",
                400,
                open_entries=store.entries(),
                error=_("Choose a file or paste its text."),
                max_mb=max_upload // 2**20,
            )
        byes = form.get("byes")
        try:
            entry = store.add(name, data, byes if isinstance(byes, str) and byes else None)
        except SpareggioError as exc:
            return page(
                request,
                "index.html",
                400,
                open_entries=store.entries(),
                error=exc.localized(language(request)),
                max_mb=max_upload // 2**20,
            )
        return RedirectResponse(f"/t/{entry.token}", status_code=303)

    def compute(entry: Entry, opts: Options) -> Any:
        from ..teams import rank_event

        event = entry.team if entry.team is not None else entry.tournament
        if opts.primary and entry.team is not None:
            event = entry.team.with_primary(opts.primary)
        return rank_event(event, opts.tiebreaks, rules=opts.rules, after_round=opts.after_round)

    def common(request: Request, entry: Entry, opts: Options, s: Any | None, active: str) -> dict[str, Any]:
        from ..rules import RULESETS
        from ..teams import SHARED_CODES
        from ..tiebreaks import TEAM_TIEBREAKS, TIEBREAKS

        t = entry.tournament
        lang = language(request)
        _ = translator(lang)
        # a team event offers the team criteria and the individual ones C.07 applies to teams
        offered = (
            [*TEAM_TIEBREAKS.items(), *((code, TIEBREAKS[code]) for code in SHARED_CODES)]
            if entry.team is not None
            else list(TIEBREAKS.items())
        )
        catalogue = [
            (code, d.name, d.article, d.description) for code, d in offered if d.compute or d.order_group
        ]
        return {
            "entry": entry,
            "t": t,
            "opts": opts,
            "s": s,
            "active": active,
            "base": f"/t/{entry.token}",
            "q": opts.query(),
            "rulesets": [(r.name, r.title, r.description) for r in RULESETS.values()],
            "catalogue": catalogue,
            "rounds": list(range(1, t.rounds + 1)),
            "kind": _(
                {"swiss": "Swiss", "round-robin": "Round robin"}.get(
                    t.kind_of_event.value, t.kind_of_event.value
                )
            ),
        }

    def tournament_page(
        request: Request, token: str, template: str, active: str, extra: Callable[..., dict[str, Any]]
    ) -> HTMLResponse:
        entry = entry_or_404(token)
        try:
            opts = _options(request)
        except SpareggioError as exc:
            opts = Options()
            return page(
                request,
                template,
                400,
                error=exc.localized(language(request)),
                **common(request, entry, opts, None, active),
            )
        try:
            s = compute(entry, opts)
            values = extra(entry, opts, s)
        except SpareggioError as exc:
            return page(
                request,
                "tournament.html",
                400,
                error=exc.localized(language(request)),
                rows=[],
                labels=[],
                **common(request, entry, opts, None, "standings"),
            )
        return page(request, template, error=None, **common(request, entry, opts, s, active), **values)

    @app.get("/t/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def tournament(request: Request, token: str) -> HTMLResponse:
        lang = language(request)

        def extra(entry: Entry, opts: Options, s: Any) -> dict[str, Any]:
            from ..render.output import declared_rank_differs
            from ..render.publish import describe_tiebreak

            rows = []
            for row in s.rows:
                p = row.player
                rows.append(
                    {
                        "place": row.place,
                        "rank": row.rank,
                        "shared": row.shared,
                        "sno": p.start_number,
                        "title": p.title,
                        "name": p.name,
                        "fed": p.federation,
                        "rating": p.rating or "",
                        "points": _points(row.points, lang),
                        "scores": [(name, _points(value, lang)) for name, value in s.team_scores(row)],
                        "cells": [(label, _number(row.values[label], lang)) for label in s.labels],
                        "declared": p.rank if declared_rank_differs(row) else None,
                    }
                )
            described = [
                (label, describe_tiebreak(label, spec, lang))
                for label, spec in zip(s.labels, s.specs, strict=True)
            ]
            scores = [name for name, _value in s.team_scores(s.rows[0])] if s.rows else []
            return {"rows": rows, "labels": s.labels, "described": described, "scores": scores}

        return tournament_page(request, token, "tournament.html", "standings", extra)

    @app.get("/t/{token}/player/{sno}", response_class=HTMLResponse, include_in_schema=False)
    async def player(request: Request, token: str, sno: int) -> HTMLResponse:
        lang = language(request)
        versus_text = request.query_params.get("versus", "").strip()

        def extra(entry: Entry, opts: Options, s: Any) -> dict[str, Any]:
            from ..explain import explain_player, explain_versus
            from ..render.html import explanation_body, versus_body

            t = entry.tournament
            t.index_of(sno)
            body = explanation_body(explain_player(s, sno, None, _explained_in(lang)))
            versus = None
            if versus_text:
                if not (versus_text.isascii() and versus_text.isdigit()):
                    raise ArgumentError(
                        msg("versus must be a start number, not {versus_text!r}", versus_text=versus_text)
                    )
                other = int(versus_text)
                t.index_of(other)
                if other == sno:
                    raise ArgumentError(
                        msg("player {sno} cannot be compared with himself: choose another player", sno=sno)
                    )
                spoken = _explained_in(lang)
                versus = Markup(versus_body(explain_versus(s, sno, other, spoken), spoken))
            others = [(p.start_number, p.name) for p in t.players if p.start_number != sno]
            return {
                "body": Markup(body),
                "sno": sno,
                "versus": versus,
                "versus_sno": versus_text,
                "others": others,
            }

        return tournament_page(request, token, "player.html", "standings", extra)

    @app.get("/t/{token}/compare", response_class=HTMLResponse, include_in_schema=False)
    async def compare_page(request: Request, token: str) -> HTMLResponse:
        lang = language(request)
        chosen = [r for r in request.query_params.getlist("with") if r.strip()]

        def extra(entry: Entry, opts: Options, s: Any) -> dict[str, Any]:
            from ..compare import DEFAULT_COMPARE, compare

            names = chosen or list(DEFAULT_COMPARE)
            if entry.team is not None:
                from ..compare import compare_teams

                c = compare_teams(entry.team, names, opts.tiebreaks or s.labels, opts.after_round)
            else:
                c = compare(entry.tournament, names, opts.tiebreaks or s.labels, opts.after_round)
            rows = [
                {
                    "sno": r.start_number,
                    "name": r.name,
                    "points": _points(r.points, lang),
                    "places": [(n, r.places[n], r.ranks[n] != r.ranks[c.rules[0]]) for n in c.rules],
                    "differs": r.rank_differs,
                }
                for r in c.rows
            ]
            moved = {f"{r.start_number} {r.name}" for r in c.rows if r.rank_differs}
            chart = bump_chart(
                [(f"{r.start_number} {r.name}", [r.ranks[n] for n in c.rules]) for r in c.rows],
                c.rules,
                moved,
            )
            return {"c": c, "crow": rows, "chart": chart, "chosen": c.rules, "moved": len(moved)}

        return tournament_page(request, token, "compare.html", "compare", extra)

    @app.get("/t/{token}/check", response_class=HTMLResponse, include_in_schema=False)
    async def check_page(request: Request, token: str) -> HTMLResponse:
        infer = request.query_params.get("infer") in ("1", "on", "true")

        def extra(entry: Entry, opts: Options, s: Any) -> dict[str, Any]:
            from ..check import CheckOptions, check_team_event, check_tournament

            wanted = CheckOptions(
                tiebreaks=opts.tiebreaks, rules=opts.rules, after_round=opts.after_round, infer=infer
            )
            if entry.team is not None:
                result = check_team_event(entry.team, wanted, name=entry.filename)
            else:
                result = check_tournament(entry.tournament, wanted, name=entry.filename)
            return {"check": result, "infer": infer}

        return tournament_page(request, token, "check.html", "check", extra)

    @app.get("/t/{token}/crosstable", response_class=HTMLResponse, include_in_schema=False)
    async def crosstable(request: Request, token: str) -> HTMLResponse:
        lang = language(request)
        _ = translator(lang)

        def extra(entry: Entry, opts: Options, s: Any) -> dict[str, Any]:
            t = entry.tournament
            frame_rounds = s.after_round
            rows = []
            for row in s.rows:
                i = row.index
                cells = [
                    _crosstable_cell(int(t.kind[i, r]), int(t.opponent[i, r]), int(t.color[i, r]), t, _)
                    for r in range(frame_rounds)
                ]
                rows.append(
                    {
                        "place": row.place,
                        "sno": row.player.start_number,
                        "name": row.player.name,
                        "rating": row.player.rating or "",
                        "points": _points(row.points, lang),
                        "cells": cells,
                    }
                )
            return {"xrows": rows, "xrounds": list(range(1, frame_rounds + 1))}

        return tournament_page(request, token, "crosstable.html", "crosstable", extra)

    @app.get("/t/{token}/download/{fmt}", include_in_schema=False)
    async def download(request: Request, token: str, fmt: str) -> Response:
        entry = entry_or_404(token)
        lang = language(request)
        try:
            opts = _options(request)
            s = compute(entry, opts)
            body: str | bytes
            if entry.team is not None and fmt in ("trf", "json"):
                body, media = _team_export(entry, s, fmt)
            else:
                body, media = _export(s, fmt, lang)
        except SpareggioError as exc:
            return PlainTextResponse(exc.localized(language(request)), status_code=400)
        stem = Path(entry.filename).stem or "standings"
        response = Response(body, media_type=media)
        if fmt == "print":
            response.headers["Content-Security-Policy"] = CSP_DOCUMENT
        else:
            response.headers["Content-Disposition"] = (
                f'attachment; filename="{_safe_name(stem)}-standings.{fmt}"'
            )
            response.headers["Content-Security-Policy"] = CSP_DOCUMENT
        return response

    @app.get("/t/{token}/player/{sno}/download/{fmt}", include_in_schema=False)
    async def download_explanation(request: Request, token: str, sno: int, fmt: str) -> Response:
        from .. import explain as ex
        from ..render import html

        entry = entry_or_404(token)
        lang = language(request)
        try:
            opts = _options(request)
            s = compute(entry, opts)
            entry.tournament.index_of(sno)
            e = ex.explain_player(s, sno, None, _explained_in(lang))
            if fmt == "json":
                body, media = (
                    json.dumps(ex.to_dict(e), ensure_ascii=False, indent=2) + "\n",
                    "application/json",
                )
            elif fmt == "html":
                body, media = html.explanation_html(e), "text/html; charset=utf-8"
            elif fmt == "txt":
                body, media = ex.render_text(e), "text/plain; charset=utf-8"
            else:
                raise ArgumentError(msg("format must be html, json or txt, not {fmt!r}", fmt=fmt))
        except SpareggioError as exc:
            return PlainTextResponse(exc.localized(language(request)), status_code=400)
        return _attachment(body, media, entry, f"player-{sno}.{fmt}")

    @app.get("/t/{token}/compare/download/{fmt}", include_in_schema=False)
    async def download_comparison(request: Request, token: str, fmt: str) -> Response:
        from ..compare import DEFAULT_COMPARE, compare, comparison_to_dict

        entry = entry_or_404(token)
        lang = language(request)
        names = [r for r in request.query_params.getlist("with") if r.strip()] or list(DEFAULT_COMPARE)
        try:
            opts = _options(request)
            if entry.team is not None:
                from ..compare import compare_teams

                c = compare_teams(entry.team, names, opts.tiebreaks, opts.after_round)
            else:
                c = compare(entry.tournament, names, opts.tiebreaks, opts.after_round)
            if fmt == "json":
                body: str | bytes = json.dumps(comparison_to_dict(c), ensure_ascii=False, indent=2) + "\n"
                media = "application/json"
            elif fmt in ("html", "pdf"):
                from ..render.publish import compare_html, html_to_pdf

                body = compare_html(c, lang)
                media = "text/html; charset=utf-8"
                if fmt == "pdf":
                    body, media = html_to_pdf(body), "application/pdf"
            else:
                raise ArgumentError(msg("format must be html, pdf or json, not {fmt!r}", fmt=fmt))
        except SpareggioError as exc:
            return PlainTextResponse(exc.localized(language(request)), status_code=400)
        return _attachment(body, media, entry, f"compare.{fmt}")

    @app.get("/explain.css", include_in_schema=False)
    async def explain_css() -> Response:
        from ..render.html import EXPLANATION_CSS

        # the page has its own frame: only the rules of the explanation itself
        rules = [line for line in EXPLANATION_CSS.splitlines() if not line.startswith("body")]
        return Response("\n".join(rules) + "\n", media_type="text/css")

    # -- the JSON API --

    def api_error(exc: Exception, lang: str = "en", status: int = 400) -> JSONResponse:
        """The error of a request, in the language it asked for (English when it asked none or an
        unknown one)."""
        text = exc.localized(lang) if isinstance(exc, SpareggioError) else str(exc)
        return JSONResponse({"error": text}, status_code=status)

    def api_language(lang: str | None) -> str:
        """The language a request asked for, for its errors (English when unknown: the error says so)."""
        try:
            return _api_language(lang)
        except SpareggioError:
            return "en"

    async def api_tournament(file: UploadFile, byes: str | None = None) -> Any:
        """The tournament of the upload (any format of the reader registry): a :class:`Tournament`,
        or a team event for a team file; ``byes`` says how a PGN's rounds without a game count."""
        from ..io import ReadOptions, parse_event

        data = await file.read()
        if not data:
            raise ArgumentError(msg("the field 'file' is empty: send the tournament file"))
        options = ReadOptions(byes=(byes or "").strip().lower() or None)
        return parse_event(data, _safe_name(file.filename or "upload.trf"), options=options)

    def api_rank(t: Any, opts: Options) -> Any:
        from ..teams import TeamEvent, rank_event

        if opts.primary:
            if not isinstance(t, TeamEvent):
                raise ArgumentError(msg("primary: the file is not a team event (no records 310 or 013)"))
            t = t.with_primary(opts.primary)
        return rank_event(t, opts.tiebreaks, rules=opts.rules, after_round=opts.after_round)

    @app.post(
        "/api/standings",
        summary="The standings, as `spareggio standings` computes them",
        responses={
            200: {"description": "JSON (the standings document), or the export asked by `format`"},
            400: {"description": 'Bad file or option: {"error": message}'},
            413: {"description": "File too large"},
        },
    )
    async def api_standings(
        file: Annotated[UploadFile, File(description="Tournament file: TRF, tournament JSON, Vega (.veg, .tdf) or PGN")],
        tiebreaks: Annotated[str | None, Form(description='Comma-separated list, e.g. "BH/C1,BH,SB"')] = None,
        rules: Annotated[str | None, Form(description="Rule set (default: by the start date)")] = None,
        after_round: Annotated[str | None, Form(description="Standings after this round")] = None,
        primary: Annotated[str | None, Form(description="Team events: MP or GP ranks the teams")] = None,
        byes: Annotated[
            str | None,
            Form(description="PGN: a round without a game counts as absent (default), zero, half, full or pab"),
        ] = None,
        lang: Annotated[str | None, Form(description="en or it")] = None,
        format: Annotated[
            str | None, Form(description="json (default), html, pdf, xlsx, csv, table, trf")
        ] = None,
    ) -> Response:
        try:
            t = await api_tournament(file, byes)
            opts = Options.parse(rules, tiebreaks, after_round, primary)
            language_code = _api_language(lang)
            s = api_rank(t, opts)
            fmt = (format or "json").strip().lower()
            body: str | bytes
            if fmt == "json" and not isinstance(t, Tournament):
                body, media = s.to_json(), EXPORT_MEDIA[fmt]  # the CLI's team document
            else:
                body, media = _export(s, fmt, language_code)
        except SpareggioError as exc:
            return api_error(exc, api_language(lang))
        return Response(body, media_type=media)

    @app.post(
        "/api/explain",
        summary="A player's tie-breaks explained round by round, as `spareggio explain`",
        responses={400: {"description": "Bad file or option"}},
    )
    async def api_explain(
        file: Annotated[UploadFile, File()],
        player: Annotated[str, Form(description="Start number or name of the player")],
        versus: str | None = Form(
            None, description="Start number or name of another player: why one is above the other"
        ),
        tiebreaks: Annotated[str | None, Form()] = None,
        rules: Annotated[str | None, Form()] = None,
        after_round: Annotated[str | None, Form()] = None,
        primary: Annotated[str | None, Form(description="Team events: MP or GP ranks the teams")] = None,
        lang: Annotated[str | None, Form()] = None,
        format: Annotated[str | None, Form(description="json (default), html, text")] = None,
    ) -> Response:
        from .. import explain as ex
        from ..render import html

        try:
            t = await api_tournament(file)
            opts = Options.parse(rules, tiebreaks, after_round, primary)
            language_code = _api_language(lang)
            s = api_rank(t, opts)
            t = s.tournament
            sno = ex.find_player(t, player)
            fmt = (format or "json").strip().lower()
            if fmt not in ("json", "html", "text"):
                raise ArgumentError(msg("format must be json, html or text, not {fmt!r}", fmt=fmt))
            if versus is not None and versus.strip():
                other = ex.find_player(t, versus)
                if other == sno:
                    raise ArgumentError(msg("player {sno} cannot be compared with himself", sno=sno))
                v = ex.explain_versus(s, sno, other, language_code)
                if fmt == "json":
                    return _json(ex.versus_to_dict(v))
                if fmt == "html":
                    return Response(
                        html.versus_html(v, language_code),
                        media_type="text/html",
                        headers={"Content-Security-Policy": CSP_DOCUMENT},
                    )
                return PlainTextResponse(ex.render_versus_text(v, language_code))
            e = ex.explain_player(s, sno, None, language_code)
        except SpareggioError as exc:
            return api_error(exc, api_language(lang))
        if fmt == "json":
            return _json(ex.to_dict(e))
        if fmt == "html":
            return Response(
                html.explanation_html(e),
                media_type="text/html",
                headers={"Content-Security-Policy": CSP_DOCUMENT},
            )
        return PlainTextResponse(ex.render_text(e))

    @app.post(
        "/api/compare",
        summary="The ranking under several rule sets, as `spareggio compare`",
        responses={400: {"description": "Bad file or option"}},
    )
    async def api_compare(
        file: Annotated[UploadFile, File()],
        rules: Annotated[str | None, Form(description="Comma-separated rule sets (default: all)")] = None,
        tiebreaks: Annotated[str | None, Form()] = None,
        after_round: Annotated[str | None, Form()] = None,
        primary: Annotated[str | None, Form(description="Team events: MP or GP ranks the teams")] = None,
        lang: Annotated[str | None, Form()] = None,
        format: Annotated[str | None, Form(description="json (default), html, pdf, table")] = None,
    ) -> Response:
        from ..compare import compare, comparison_table, comparison_to_dict

        try:
            t = await api_tournament(file)
            opts = Options.parse(None, tiebreaks, after_round, primary)
            language_code = _api_language(lang)
            names = [r.strip() for r in (rules or "").split(",") if r.strip()] or None
            if opts.primary and isinstance(t, Tournament):
                raise ArgumentError(msg("primary: the file is not a team event (no records 310 or 013)"))
            if isinstance(t, Tournament):
                c = compare(t, names, opts.tiebreaks, opts.after_round)
            else:
                from ..compare import compare_teams

                c = compare_teams(
                    t.with_primary(opts.primary) if opts.primary else t,
                    names,
                    opts.tiebreaks,
                    opts.after_round,
                )
            fmt = (format or "json").strip().lower()
            if fmt == "json":
                return _json(comparison_to_dict(c))
            if fmt in ("html", "pdf"):
                from ..render.publish import compare_html, html_to_pdf

                page_html = compare_html(c, language_code)
                if fmt == "pdf":
                    return Response(html_to_pdf(page_html), media_type="application/pdf")
                return Response(
                    page_html, media_type="text/html", headers={"Content-Security-Policy": CSP_DOCUMENT}
                )
            if fmt == "table":
                return PlainTextResponse(comparison_table(c, language_code))
            raise ArgumentError(msg("format must be json, html, pdf or table, not {fmt!r}", fmt=fmt))
        except SpareggioError as exc:
            return api_error(exc, api_language(lang))

    @app.post(
        "/api/check",
        summary="The declared ranking checked, as `spareggio check`",
        responses={400: {"description": "Bad option"}},
    )
    async def api_check(
        file: Annotated[UploadFile, File()],
        tiebreaks: Annotated[str | None, Form()] = None,
        rules: Annotated[str | None, Form()] = None,
        after_round: Annotated[str | None, Form()] = None,
        infer: Annotated[str | None, Form(description="true to infer the rule set and list")] = None,
        lang: Annotated[str | None, Form(description="Language of the html and table reports")] = None,
        format: Annotated[str | None, Form(description="json (default), csv, html, table")] = None,
    ) -> Response:
        from ..check import CheckOptions, check_source, report_text

        try:
            language_code = _api_language(lang)
            opts = Options.parse(rules, tiebreaks, after_round)
            if opts.tiebreaks:
                from ..tiebreaks import parse_spec_list

                parse_spec_list(opts.tiebreaks)
            if opts.rules:
                from ..rules import find_ruleset

                find_ruleset(opts.rules)
            fmt = (format or "json").strip().lower()
            if fmt not in ("json", "csv", "html", "table"):
                raise ArgumentError(msg("format must be json, csv, html or table, not {fmt!r}", fmt=fmt))
        except SpareggioError as exc:
            return api_error(exc, api_language(lang))
        data = await file.read()
        want = CheckOptions(
            tiebreaks=opts.tiebreaks,
            rules=opts.rules,
            after_round=opts.after_round,
            infer=(infer or "").strip().lower() in ("1", "true", "on", "yes"),
        )
        entry = check_source(_safe_name(file.filename or "upload.trf"), data, want)
        text = report_text([entry], fmt, lang=language_code)
        media = {"json": "application/json", "csv": "text/csv", "html": "text/html", "table": "text/plain"}[
            fmt
        ]
        headers = {"Content-Security-Policy": CSP_DOCUMENT} if fmt == "html" else {}
        return Response(text, media_type=media, headers=headers)

    app.add_middleware(LimitBody, limit=max_upload)
    return app


class LimitBody:
    """Refuse request bodies over the limit with 413, whether announced by Content-Length or
    streamed in chunks; the application never sees the rest of such a body."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        api = str(scope.get("path", "")).startswith("/api/")
        if length is not None and (not (length.isascii() and length.isdigit()) or int(length) > self.limit):
            await _send_too_large(send, self.limit, api)
            return
        total = 0
        exceeded = False
        started = False

        async def limited() -> Any:
            nonlocal total, exceeded
            message = await receive()
            if message["type"] == "http.request":
                total += len(message.get("body", b""))
                if total > self.limit:
                    exceeded = True
                    raise BodyTooLarge
            return message

        async def guarded(message: Any) -> None:
            nonlocal started
            if exceeded:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited, guarded)
        except Exception:
            if not exceeded:
                raise
        if exceeded and not started:
            await _send_too_large(send, self.limit, api)


async def _send_too_large(send: Any, limit: int, api: bool) -> None:
    message = f"the upload is larger than the limit of {limit // 2**20} MB"
    body = json.dumps({"error": message}).encode() if api else message.encode()
    media = b"application/json" if api else b"text/plain; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", media),
                (b"content-length", str(len(body)).encode()),
                (b"content-security-policy", CSP.encode()),
                (b"x-content-type-options", b"nosniff"),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _NotFound(Exception):
    """No open tournament with this token."""


async def _form(request: Request) -> Any:
    from starlette.datastructures import FormData

    try:
        return await request.form(max_part_size=MAX_UPLOAD_BYTES)
    except Exception:  # noqa: BLE001 - any malformed body from a client is a bad request, never a crash
        return FormData()


def _attachment(body: str | bytes, media: str, entry: Entry, suffix: str) -> Response:
    """A download named after the tournament's file, as a standalone document (no script)."""
    stem = _safe_name(Path(entry.filename).stem or "tournament")
    return Response(
        body,
        media_type=media,
        headers={
            "Content-Disposition": f'attachment; filename="{stem}-{suffix}"',
            "Content-Security-Policy": CSP_DOCUMENT,
        },
    )


def accept_attribute() -> str:
    """The open dialog's ``accept``: every extension of the reader registry, and the media types of
    text, JSON and PGN (a browser that ignores an extension still offers the file)."""
    extensions = sorted({e for r in READERS for e in r.extensions})
    return ",".join([*extensions, "text/plain", "application/json", "application/vnd.chess-pgn"])


def _safe_name(name: str) -> str:
    """A file name for messages and downloads: no folders, no quotes, no control characters."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    cleaned = "".join(c for c in base if c.isprintable() and c not in '"<>') or "upload"
    return cleaned[:120]


def _explained_in(lang: str) -> str:
    """The language of explanations on a page: the page's when explanations speak it, else English."""
    return lang


def _api_language(lang: str | None) -> str:
    from ..i18n import check_language

    return check_language(lang or "en")


def _json(data: Any) -> Response:
    return Response(json.dumps(data, ensure_ascii=False, indent=2) + "\n", media_type="application/json")


EXPORT_MEDIA = {
    "json": "application/json",
    "html": "text/html; charset=utf-8",
    "print": "text/html; charset=utf-8",
    "pdf": "application/pdf",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "csv": "text/csv; charset=utf-8",
    "table": "text/plain; charset=utf-8",
    "trf": "text/plain; charset=utf-8",
}


def _export(s: Any, fmt: str, lang: str) -> tuple[str | bytes, str]:
    """The standings in one of the formats the command line writes (the same functions)."""
    from ..render import output as out

    if fmt not in EXPORT_MEDIA:
        raise ArgumentError(
            msg("format must be one of {items}, not {fmt!r}", items=", ".join(EXPORT_MEDIA), fmt=fmt)
        )
    media = EXPORT_MEDIA[fmt]
    if fmt == "json":
        return s.to_json(), media
    if fmt == "csv":
        return out.standings_csv(s, lang), media
    if fmt in ("html", "print", "pdf"):
        from ..render.publish import html_to_pdf, standings_html

        page_html = standings_html(s, lang)
        return (html_to_pdf(page_html) if fmt == "pdf" else page_html), media
    if fmt == "xlsx":
        from ..render.publish import standings_xlsx

        return standings_xlsx(s, lang), media
    if fmt == "trf":
        return _trf_with_ranks(s), media
    return out.standings_table(s), media


def _team_export(entry: Entry, s: Any, fmt: str) -> tuple[str, str]:
    """A team event's JSON (rows with match and game points) or its TRF file with the computed team
    ranks written into record 310, columns 69-71."""
    from ..teams import team_standings_dict

    if fmt == "json":
        return json.dumps(
            team_standings_dict(entry.team, s), ensure_ascii=False, indent=2
        ) + "\n", EXPORT_MEDIA[fmt]
    rank = {row.player.start_number: row.rank for row in s.rows}
    text = entry.data.decode("utf-8", errors="replace")
    lines = []
    for line in text.splitlines():
        number = line[4:7].strip()
        if line.startswith("310") and number.isascii() and number.isdigit() and int(number) in rank:
            line = line.ljust(71)[:68] + f"{rank[int(number)]:>3}" + line.ljust(71)[71:]
        lines.append(line)
    return "\n".join(lines) + "\n", EXPORT_MEDIA[fmt]


def _trf_with_ranks(s: Any) -> str:
    """The tournament as TRF with the computed ranks in columns 86-89."""
    import dataclasses

    from ..io.trf.writer import write_trf

    t = s.tournament
    rank = {row.player.start_number: row.rank for row in s.rows}
    players = tuple(dataclasses.replace(p, rank=rank[p.start_number]) for p in t.players)
    return write_trf(dataclasses.replace(t, players=players))
