"""``spareggio serve``: the web page for arbiters."""

from __future__ import annotations

import threading
import webbrowser

import click

from ..base.i18n import localize, msg, worded
from ..io import ensure_regular
from ..web import create_app, server
from .app import cli
from .common import LANG_HELP, LANG_METAVAR, choose_language

__all__ = ["LOOPBACK", "serve_cmd"]


LOOPBACK = ("127.0.0.1", "localhost", "::1")


@cli.command("serve")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the browser.")
@click.option(
    "--max-upload-mb", default=16, show_default=True, type=click.IntRange(1, 1024), help="Largest upload."
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    help="Another host name the page answers to (the name a reverse proxy forwards); repeatable. "
    "127.0.0.1, localhost, ::1 and --host are always allowed; '*' allows any.",
)
@click.option("--lang", metavar=LANG_METAVAR, help=LANG_HELP)
def serve_cmd(
    files: tuple[str, ...],
    host: str,
    port: int,
    open_browser: bool,
    max_upload_mb: int,
    allow_hosts: tuple[str, ...],
    lang: str | None,
) -> None:
    """The web page for arbiters, with FILES open: standings, explanations, comparison, check."""
    language = choose_language(lang)
    hosts = None if "*" in allow_hosts else [*server.machine_names(host), *allow_hosts]
    for file in files:
        ensure_regular(file)  # a pipe would hold the server before it starts
    app = create_app(list(files), max_upload=max_upload_mb * 2**20, hosts=hosts, print_in_process=True)
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    if host not in LOOPBACK:
        warning = msg(
            "warning: listening on {host}: anyone who can reach this machine on port {port} can open the "
            "page, upload files and read the tournaments open in it",
            host=host,
            port=port,
        )
        click.echo(localize(warning, language), err=True)
    click.echo(
        "spareggio: " + localize(msg("serving on {url} (Ctrl+C to stop)", url=url), language), err=True
    )
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    with worded(None):  # the page and the API word the library's fields their own way, not as options
        server.serve(app, host, port)
