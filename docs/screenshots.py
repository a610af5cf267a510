"""Take the README's pictures: the standings page on a phone, the prize form and a printed
crosstable.

    PYTHONPATH=src python3 docs/screenshots.py

Needs Debian's Chromium (``apt-get install chromium``), Playwright, WeasyPrint and ``pdftoppm``
(poppler-utils).  Writes ``docs/phone-standings.png`` (the first screen of the Italian standings
page on a 390 × 844 phone, as it opens: the options folded, the first rows with place, name and
points), ``docs/prize-form.png`` (the Italian prize form and the prize list it gives, 1100 px wide)
and ``docs/crosstable-print.png`` (page 1 of the crosstable PDF of the bundled round robin, as
printed).  Pillow, when installed, reduces them to a palette to keep them small.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from spareggio.cli import main
from spareggio.web import create_app

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CHROMIUM = "/usr/bin/chromium"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _small(path: Path) -> None:
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        image.convert("RGB").quantize(colors=64).save(path, optimize=True)


@contextlib.contextmanager
def served(path: Path) -> Iterator[str]:
    """The page of ``path`` on a server of its own, for as long as the block runs."""
    app = create_app([str(path)])
    token = app.state.store.entries()[0].token
    port = _port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/t/{token}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def phone_standings(out: Path) -> None:
    with served(ROOT / "examples" / "open-2026.trf") as page_url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1)
        # the first screen as the page opens: the options folded, the standings' first rows
        page.goto(f"{page_url}?lang=it")
        page.screenshot(path=str(out))
        browser.close()
    _small(out)


def prize_form(out: Path) -> None:
    with served(ROOT / "examples" / "open-2026.trf") as page_url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 1100, "height": 1000}, device_scale_factor=1)
        page.goto(f"{page_url}/prizes?lang=it")
        page.fill("#c3_name", "Elo 1600-1799")
        page.fill("#c3_rating_from", "1600")
        page.fill("#c3_rating_under", "1800")
        page.fill("#c3_prizes", "80 50")
        page.click("form.prize-form .actions button[type=submit] >> nth=0")
        page.wait_for_selector("table.prize-list")
        # the form from its settings down to the first categories
        page.evaluate("document.querySelector('fieldset.prize-settings').scrollIntoView()")
        page.evaluate("window.scrollBy(0, -70)")
        page.screenshot(path=str(out))
        browser.close()
    _small(out)


def printed_crosstable(out: Path) -> None:
    if shutil.which("pdftoppm") is None:
        sys.exit("pdftoppm is missing: apt-get install poppler-utils")
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "crosstable.pdf"
        status = main(["crosstable", str(ROOT / "examples" / "closed-rr-2026.trf"), "-o", str(pdf), "--lang", "it", "-q"])
        if status:
            sys.exit(status)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(Path(tmp) / "page")],
            check=True,
        )
        shutil.copyfile(Path(tmp) / "page.png", out)
    _small(out)


if __name__ == "__main__":
    phone_standings(DOCS / "phone-standings.png")
    prize_form(DOCS / "prize-form.png")
    printed_crosstable(DOCS / "crosstable-print.png")
    for name in ("phone-standings.png", "prize-form.png", "crosstable-print.png"):
        print(DOCS / name, (DOCS / name).stat().st_size, "bytes")
