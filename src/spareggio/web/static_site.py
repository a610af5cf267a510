"""The published page: the web page's standings, crosstable, explanations and prizes written once
as a static site (``spareggio site FILE -o DIR``) that an organiser uploads anywhere and a player
opens offline on a phone.

The pages are the web page's templates rendered by the same renderer (:class:`.templating.Pages`)
from the same view models (:mod:`.views`, :mod:`.prizes`) and the library's explanations; only the
frame differs (``site-*.html``): every address is relative, the style sheets are copied beside the
pages, no script runs and no server answers.  Each language is a folder of its own::

    index.html            the standings in the first language (its links lead into its folder)
    assets/               style.css, explain.css, site.css
    it/index.html         standings (every value a link to its explanation)
    it/crosstable.html
    it/rules.html         the rule set and why it applies, the tie-breaks in words, the decisions
    it/prizes.html        with a prize file: every award and its reasons
    it/player/7.html      a player's tie-breaks, round by round
    it/pair/7-12.html     why one of two neighbours level on points is above the other

:func:`site_files` makes the files in memory (nothing computed again: the standings are the ones
given, each explanation is built once and said in every language); :func:`write_site` puts them
in place whole, or not at all.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from markupsafe import Markup
from starlette.requests import Request

from ..base import numbers
from ..base.classes import dataclass
from ..base.errors import ArgumentError
from ..base.i18n import SOURCE, Text, localize, msg
from ..explain import explain_player, explain_versus
from ..prizes import PrizeList
from ..render.html import EXPLANATION_CSS, explanation_body, versus_body
from ..render.publish import describe_tiebreak
from ..standings import Standings
from .i18n import language_name, translator
from .options import Options
from .prizes import prizes_view
from .results import crosstable_table
from .store import Entry
from .templating import Pages
from .views import common, standings_view

__all__ = ["SITE_MARK", "SiteFiles", "refuse_target", "site_files", "tied_neighbours", "write_site"]

STATIC = Path(__file__).resolve().parent / "static"

SITE_MARK = ".spareggio-site"
"""The file that marks a folder as a site written here: only such a folder (or an empty one) is
replaced by a new site."""

SITE_CSS = """\
/* The published site: the web page's style, without its forms. */
.site .tabs a { text-decoration: none; }
.site .versus ul, .site .languages { padding-left: 1.2em; }
.site .languages li { margin: .4em 0; font-size: 1.2em; }
.site tr:target { outline: 2px solid #1a5fb4; }
/* a phone: rank, name, points and the tie-breaks; the number, title, federation and rating (the
   table's extra columns, which style.css hides below 480 px) are on each player's page */
"""

SiteFiles = dict[str, bytes]
"""The files of a site by their path inside it (``it/player/7.html``)."""


@dataclass(frozen=True)
class _Frame:
    """Where a page sits: the path to its language's folder and to the assets, its own path."""

    root: str
    assets: str
    page: str


def _at(page: str) -> _Frame:
    """The frame of ``page`` inside its language's folder."""
    depth = page.count("/")
    return _Frame("../" * depth, "../" * (depth + 1) + "assets/", page)


def _request(lang: str) -> Request:
    """A request for a page in ``lang``: what the renderer reads its language from."""
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/",
        "query_string": f"lang={lang}".encode(),
        "headers": [],
    }
    return Request(scope)


def tied_neighbours(s: Standings) -> list[tuple[int, int]]:
    """The start numbers of each two participants next to each other in the standings with the same
    points: the pairs whose order the tie-breaks (or a decision) gave."""
    rows = s.rows
    return [
        (a.player.start_number, b.player.start_number)
        for a, b in itertools.pairwise(rows)
        if a.points == b.points
    ]


def site_files(
    s: Standings, langs: Sequence[str], *, source: str, prizes: PrizeList | None = None
) -> SiteFiles:
    """The files of the site of the standings ``s`` in each of ``langs`` (the first is the one the
    site opens in), with the prize list when one is given; ``source`` is the tournament file's name.
    """
    if not langs:
        raise ArgumentError(msg("name at least one language"))
    pages = Pages()
    entry = Entry("site", source, b"", s.event)
    t = entry.tournament
    explanations = {
        row.player.start_number: explain_player(s, row.player.start_number, None, langs[0]) for row in s.rows
    }
    pairs = tied_neighbours(s)
    versus = {(a, b): explain_versus(s, a, b, langs[0]) for a, b in pairs}
    names = {p.start_number: p.name for p in t.players}
    site_langs = [(code, language_name(code)) for code in langs]
    files: SiteFiles = {}

    def render(
        lang: str, path: str, template: str, active: str, values: Mapping[str, object], *, front: bool = False
    ) -> None:
        """``template`` as the page ``lang/path``; ``front``: as the site's own ``index.html`` (the
        first language's page, its links leading into that language's folder)."""
        where = _Frame(f"{lang}/", "assets/", path) if front else _at(path)
        shared = {
            **common(entry, Options(), s, active, lang),
            "root": where.root,
            "assets": where.assets,
            "page": where.page,
            "site_langs": site_langs,
            "source": source,
            "has_prizes": prizes is not None,
            "base": lang if front else ".",
            "q": ".html",
        }
        body = pages.render(_request(lang), template, 200, **{**shared, **values}).body
        files[path if front else f"{lang}/{path}"] = bytes(body)

    for lang in langs:
        _ = translator(lang)
        described = [
            (label, describe_tiebreak(label, spec, lang))
            for label, spec in zip(s.labels, s.specs, strict=True)
        ]
        standings = standings_view(entry, Options(), s, lang)
        render(lang, "index.html", "site-standings.html", "standings", standings)
        if lang == langs[0]:  # the site opens on the standings, in its first language
            render(lang, "index.html", "site-standings.html", "standings", standings, front=True)
        table, x = crosstable_table(s, lang, "player/{sno}.html")
        render(lang, "crosstable.html", "site-crosstable.html", "crosstable",
               {"xtable": table, "xtitle": x.title, "xkey": x.key})  # fmt: skip
        render(lang, "rules.html", "site-rules.html", "rules",
               {"described": described, "notes": [localize(n, lang) for n in s.decision_notes()],
                "rules_description": localize(Text(s.rules.description, "ruleset.description"), lang)})  # fmt: skip
        if prizes is not None:
            render(lang, "prizes.html", "site-prizes.html", "prizes", dict(prizes_view(prizes, lang)))
        for sno, e in explanations.items():
            links = [
                (f"../pair/{a}-{b}.html", _("{a} and {b}: why one is above the other",
                                            a=f"{a} {names[a]}", b=f"{b} {names[b]}"))
                for a, b in pairs
                if sno in (a, b)
            ]  # fmt: skip
            render(lang, f"player/{sno}.html", "site-player.html", "standings",
                   {"body": Markup(explanation_body(e, lang)), "sno": sno, "pairs": links,
                    "player": t.players[t.index_of(sno)]})  # fmt: skip
        for (a, b), v in versus.items():
            words = _("{a} and {b}: why one is above the other", a=f"{a} {names[a]}", b=f"{b} {names[b]}")
            render(lang, f"pair/{a}-{b}.html", "site-pair.html", "standings",
                   {"versus": Markup(versus_body(v, lang)), "a": a, "b": b, "a_name": names[a],
                    "b_name": names[b], "words": words})  # fmt: skip
    files["assets/style.css"] = (STATIC / "style.css").read_bytes()
    files["assets/explain.css"] = _explain_css().encode()
    files["assets/site.css"] = SITE_CSS.encode()
    return files


def _explain_css() -> str:
    """The explanation's own style, as the web page serves it (``/explain.css``)."""
    return "\n".join(line for line in EXPLANATION_CSS.splitlines() if not line.startswith("body")) + "\n"


def write_site(
    target: str | os.PathLike[str], files: Mapping[str, bytes], inputs: Iterable[str] = ()
) -> None:
    """Write ``files`` as the folder ``target``, whole or not at all: into a new folder beside it,
    which then takes its place (a site written here before is replaced; any other folder that is
    not empty is refused, and so is a folder that holds an input).

    :raises ArgumentError: when ``target`` is a file, a folder of other things, or holds an input.
    """
    path = os.path.abspath(os.fspath(target))
    refuse_target(path, inputs)
    parent = os.path.dirname(path)
    work = tempfile.mkdtemp(prefix=".spareggio-site-", dir=parent)
    old: str | None = None
    try:
        os.chmod(work, 0o777 & ~_umask())
        for name, data in files.items():
            out = os.path.join(work, *name.split("/"))
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as handle:
                handle.write(data)
        with open(os.path.join(work, SITE_MARK), "w", encoding="utf-8") as handle:
            handle.write(f"written by spareggio on {numbers.date(_dt.date.today(), SOURCE)}\n")
        if os.path.isdir(path):
            old = tempfile.mkdtemp(prefix=".spareggio-old-", dir=parent)
            os.rename(path, os.path.join(old, "site"))
        os.rename(work, path)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        if old is not None and not os.path.exists(path):
            os.rename(os.path.join(old, "site"), path)  # the old site back in its place
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def refuse_target(target: str | os.PathLike[str], inputs: Iterable[str]) -> None:
    """Refuse a folder a site cannot replace: a file, a folder that holds an input, a folder that is
    not empty and holds no site written here (checked again when the site is written).

    :raises ArgumentError: saying which.
    """
    path = os.path.abspath(os.fspath(target))
    if os.path.exists(path) and not os.path.isdir(path):
        raise ArgumentError(msg("{output} is a file: a site is written as a folder", output=path))
    real = os.path.realpath(path)
    for item in inputs:
        given = os.path.realpath(item)
        if given == real or given.startswith(real.rstrip(os.sep) + os.sep):
            raise ArgumentError(
                msg("{output} holds an input file ({input}): write the site to another folder",
                    output=path, input=item)
            )  # fmt: skip
    if os.path.isdir(path) and os.listdir(path) and not os.path.exists(os.path.join(path, SITE_MARK)):
        raise ArgumentError(
            msg("{output} is a folder that is not empty and holds no site written by spareggio: "
                "choose a new or empty folder", output=path)
        )  # fmt: skip
