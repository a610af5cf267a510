"""The JSON HTTP API: the command line's ``standings``, ``explain``, ``compare``, ``check``,
``crosstable`` (and ``prizes``, :mod:`.prizes`) over HTTP.  Each endpoint takes the tournament file
as the multipart field ``file`` and the options as form fields, makes the request of the one seam
(:class:`spareggio.job.Job`, computed by :func:`spareggio.job.run`) and writes its result in a format
the registry says the task is written in; every error is ``{"error": message}`` with a 4xx status."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Annotated, ParamSpec

from fastapi import APIRouter, File, Form, UploadFile
from fastapi.responses import Response
from starlette.requests import Request

from ..base.errors import ArgumentError, SpareggioError
from ..base.i18n import languages, msg
from ..check import CheckEntry
from ..io import ReadOptions
from ..job import Job, Task, run
from ..render.check_report import report_text
from ..render.crosstable import Crosstable, build_crosstable
from ..render.formats import FORMATS, format_names
from ..standings import Standings
from .exports import document, encoded, json_error, result_response, standings_export
from .models import (
    CheckAnswer,
    ComparisonAnswer,
    CrosstableAnswer,
    ErrorAnswer,
    ExplanationAnswer,
    StandingsAnswer,
    VersusAnswer,
)
from .options import (
    Options,
    api_language,
    checked_format,
    clean_text,
    error_language,
    rule_set_names,
    safe_name,
)
from .site import site_of

__all__ = ["BAD", "CROSSTABLE_API_FORMATS", "answers", "api_formats", "format_field", "router"]

router = APIRouter(prefix="/api")

P = ParamSpec("P")

Responses = dict[int | str, dict[str, object]]
"""The type FastAPI's ``responses`` takes."""

BAD: Responses = {
    400: {"model": ErrorAnswer, "description": 'Bad file or option: {"error": message}'},
    413: {"model": ErrorAnswer, "description": "File too large"},
}


def answers(model: object, description: str, result: str | type) -> Responses:
    """The documented answers of an endpoint: ``model`` for its JSON (the default format), the media
    types of the other formats the registry writes its ``result`` in (a task's
    :attr:`~spareggio.job.Task.result`, or a result type), and the errors."""
    media = (FORMATS[name].media_type.split(";")[0] for name in api_formats(result)[1:])
    content: dict[str, dict[str, object]] = {m: {} for m in dict.fromkeys(media)}
    return {200: {"model": model, "description": description, "content": content}, **BAD}


FileField = Annotated[
    UploadFile,
    File(description="Tournament file: TRF, tournament JSON, Chess-JSON, Vega (.veg, .tdf), PGN or a results page"),
]
"""The uploaded tournament of every endpoint."""

TiebreaksField = Annotated[
    str | None, Form(description='Comma-separated list, e.g. "BH/C1,BH,SB" (default: the file\'s own)')
]
"""The ``tiebreaks`` field of the endpoints that rank an event."""

RulesField = Annotated[str | None, Form(description="Rule set (default: by the start date)")]
"""The ``rules`` field of the endpoints that rank under one rule set."""

PrimaryField = Annotated[str | None, Form(description="Team events: MP or GP ranks the teams")]
"""The ``primary`` field of the endpoints that rank an event."""

ByesField = Annotated[
    str | None,
    Form(description="PGN: a round without a game counts as absent (default), zero, half, full or pab"),
]
"""The ``byes`` field of the endpoints that read a file."""


def api_formats(result: str | type) -> tuple[str, ...]:
    """What an endpoint writes: JSON by default, then every other format the registry writes its
    result in (a task's :attr:`~spareggio.job.Task.result`, or a result type)."""
    return ("json", *(name for name in format_names(result) if name != "json"))


def format_field(result: str | type) -> object:
    """The ``format`` form field of an endpoint, described by the formats it writes."""
    names = api_formats(result)
    return Form(description=f"{names[0]} (default), " + ", ".join(names[1:]))


def api_error(exc: SpareggioError, lang: str | None, status: int = 400) -> Response:
    """The error of a request, in the language it asked for (English when it asked none or an
    unknown one)."""
    return json_error(exc.localized(error_language(lang)), status)


async def _upload(file: UploadFile) -> tuple[str, bytes]:
    return safe_name(file.filename or "upload.trf"), await file.read()


def _job(task: Task, name: str, data: bytes, opts: Options, byes: str | None = None) -> Job:
    """The job of an upload (any format of the reader registry), with the options of the request;
    ``byes`` says how a PGN's rounds without a game count."""
    if not data:
        raise ArgumentError(msg("the field 'file' is empty: send the tournament file"))
    return Job(
        task, data, name, read=ReadOptions(byes=(byes or "").strip().lower() or None), primary=opts.primary,
        tiebreaks=opts.tiebreaks, rules=opts.rules, after_round=opts.after_round,
    )  # fmt: skip


async def _answer(
    request: Request, lang: str | None, fn: Callable[P, Response], *args: P.args, **kwargs: P.kwargs
) -> Response:
    """``fn(*args)`` computed in the pool of work; a :class:`SpareggioError` is the JSON error."""
    try:
        response: Response = await site_of(request).worker.run(fn, *args, **kwargs)
    except SpareggioError as exc:
        return api_error(exc, lang)
    return response


def _standings(
    name: str, data: bytes, opts: Options, lang: str | None, fmt: str | None, byes: str | None = None
) -> Response:
    language = api_language(lang)
    fmt = checked_format(fmt, api_formats(Task.STANDINGS.result))
    s = run(_job(Task.STANDINGS, name, data, opts, clean_text(byes, "byes"))).value
    assert isinstance(s, Standings)
    body, chosen = standings_export(s, fmt, language)
    if chosen.document:
        return document(body, chosen.media_type)
    return Response(body, media_type=chosen.media_type)


@router.post(
    "/standings",
    summary="The standings, as spareggio standings computes them",
    responses=answers(
        StandingsAnswer,
        "JSON (the standings document), or the export asked by `format`",
        Task.STANDINGS.result,
    ),
)
async def api_standings(
    request: Request,
    file: FileField,
    tiebreaks: TiebreaksField = None,
    rules: RulesField = None,
    after_round: Annotated[str | None, Form(description="Standings after this round")] = None,
    primary: PrimaryField = None,
    byes: ByesField = None,
    lang: Annotated[str | None, Form(description=", ".join(languages()))] = None,
    format: Annotated[str | None, format_field(Task.STANDINGS.result)] = None,
) -> Response:
    try:
        opts = Options.parse(rules, tiebreaks, after_round, primary)
    except SpareggioError as exc:
        return api_error(exc, lang)
    name, data = await _upload(file)
    return await _answer(request, lang, _standings, name, data, opts, lang, format, byes)


def _explain(
    name: str,
    data: bytes,
    opts: Options,
    player: str,
    versus: str | None,
    lang: str | None,
    fmt: str | None,
    byes: str | None = None,
) -> Response:
    language = api_language(lang)
    fmt = checked_format(fmt, api_formats(Task.EXPLAIN.result))
    job = dataclasses.replace(
        _job(Task.EXPLAIN, name, data, opts, clean_text(byes, "byes")),
        lang=language, player=clean_text(player, "player") or "", versus=clean_text(versus, "versus"),
    )  # fmt: skip
    return result_response(run(job).value, fmt, language)


@router.post(
    "/explain",
    summary="A player's tie-breaks explained round by round, as spareggio explain",
    responses=answers(
        ExplanationAnswer | VersusAnswer,
        "The explanation (with `versus`: why one player is above the other)",
        Task.EXPLAIN.result,
    ),
)
async def api_explain(
    request: Request,
    file: FileField,
    player: Annotated[str, Form(description="Start number or name of the player")],
    versus: Annotated[
        str | None, Form(description="Start number or name of another player: why one is above the other")
    ] = None,
    tiebreaks: TiebreaksField = None,
    rules: RulesField = None,
    after_round: Annotated[str | None, Form()] = None,
    primary: PrimaryField = None,
    byes: ByesField = None,
    lang: Annotated[str | None, Form()] = None,
    format: Annotated[str | None, format_field(Task.EXPLAIN.result)] = None,
) -> Response:
    try:
        opts = Options.parse(rules, tiebreaks, after_round, primary)
    except SpareggioError as exc:
        return api_error(exc, lang)
    name, data = await _upload(file)
    return await _answer(request, lang, _explain, name, data, opts, player, versus, lang, format, byes)


def _compare(
    name: str,
    data: bytes,
    opts: Options,
    rules: str | None,
    lang: str | None,
    fmt: str | None,
    byes: str | None = None,
) -> Response:
    language = api_language(lang)
    fmt = checked_format(fmt, api_formats(Task.COMPARE.result))
    job = _job(Task.COMPARE, name, data, opts, clean_text(byes, "byes"))
    names = rule_set_names((clean_text(rules, "rules") or "").split(","))
    return result_response(run(dataclasses.replace(job, rule_sets=names or None)).value, fmt, language)


@router.post(
    "/compare",
    summary="The ranking under several rule sets, as spareggio compare",
    responses=answers(ComparisonAnswer, "The comparison", Task.COMPARE.result),
)
async def api_compare(
    request: Request,
    file: FileField,
    rules: Annotated[str | None, Form(description="Comma-separated rule sets (default: all)")] = None,
    tiebreaks: TiebreaksField = None,
    after_round: Annotated[str | None, Form()] = None,
    primary: PrimaryField = None,
    byes: ByesField = None,
    lang: Annotated[str | None, Form()] = None,
    format: Annotated[str | None, format_field(Task.COMPARE.result)] = None,
) -> Response:
    try:
        opts = Options.parse(None, tiebreaks, after_round, primary)
    except SpareggioError as exc:
        return api_error(exc, lang)
    name, data = await _upload(file)
    return await _answer(request, lang, _compare, name, data, opts, rules, lang, format, byes)


def _check(
    name: str, data: bytes, opts: Options, infer: str | None, lang: str | None, fmt: str | None
) -> Response:
    language = api_language(lang)
    fmt = checked_format(fmt, api_formats(Task.CHECK.result))
    job = dataclasses.replace(
        _job(Task.CHECK, name, data, opts), infer=(clean_text(infer, "infer") or "").lower() in ("1", "true", "on", "yes")
    )
    checked = run(job).value
    assert isinstance(checked, CheckEntry)
    report = report_text([checked], fmt, lang=language)
    chosen = FORMATS[fmt]
    if chosen.document:
        return document(report, chosen.media_type)
    return Response(encoded(report), media_type=chosen.media_type)


@router.post(
    "/check",
    summary="The declared ranking checked, as spareggio check",
    responses=answers(CheckAnswer, "The check report (schema 1)", Task.CHECK.result),
)
async def api_check(
    request: Request,
    file: FileField,
    tiebreaks: TiebreaksField = None,
    rules: RulesField = None,
    after_round: Annotated[str | None, Form()] = None,
    infer: Annotated[str | None, Form(description="true to infer the rule set and list")] = None,
    lang: Annotated[str | None, Form(description="Language of the html and table reports")] = None,
    format: Annotated[str | None, format_field(Task.CHECK.result)] = None,
) -> Response:
    try:
        opts = Options.parse(rules, tiebreaks, after_round)
    except SpareggioError as exc:
        return api_error(exc, lang)
    name, data = await _upload(file)
    return await _answer(request, lang, _check, name, data, opts, infer, lang, format)


CROSSTABLE_API_FORMATS = api_formats(Crosstable)
"""What ``/api/crosstable`` writes: JSON by default, and every export of the command's ``crosstable``."""


def _crosstable(
    name: str,
    data: bytes,
    opts: Options,
    grid: str | None,
    lang: str | None,
    fmt: str | None,
    byes: str | None = None,
) -> Response:
    language = api_language(lang)
    fmt = checked_format(fmt, CROSSTABLE_API_FORMATS)
    layout = (clean_text(grid, "grid") or "").lower()
    if layout not in ("", "grid", "rounds"):
        raise ArgumentError(msg("the field {field!r} is not valid", field="grid"))
    s = run(_job(Task.STANDINGS, name, data, opts, clean_text(byes, "byes"))).value
    assert isinstance(s, Standings)
    x = build_crosstable(s, language, grid={"grid": True, "rounds": False}.get(layout))
    return result_response(x, fmt, language)


@router.post(
    "/crosstable",
    summary="The crosstable in standings order, as spareggio crosstable",
    responses=answers(
        CrosstableAnswer,
        "JSON (the crosstable document), or the export asked by `format`",
        Crosstable,
    ),
)
async def api_crosstable(
    request: Request,
    file: FileField,
    tiebreaks: TiebreaksField = None,
    rules: RulesField = None,
    after_round: Annotated[str | None, Form(description="The crosstable after this round")] = None,
    grid: Annotated[
        str | None,
        Form(description="grid: player against player (default for round robins); rounds: one column per round"),
    ] = None,
    primary: PrimaryField = None,
    byes: ByesField = None,
    lang: Annotated[
        str | None, Form(description="The language of the notation, the key and the numbers: " + ", ".join(languages()))
    ] = None,
    format: Annotated[str | None, format_field(Crosstable)] = None,
) -> Response:
    try:
        opts = Options.parse(rules, tiebreaks, after_round, primary)
    except SpareggioError as exc:
        return api_error(exc, lang)
    name, data = await _upload(file)
    return await _answer(request, lang, _crosstable, name, data, opts, grid, lang, format, byes)
