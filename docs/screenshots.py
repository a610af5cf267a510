"""Take the README's pictures: the standings page on a phone and a printed crosstable.

    PYTHONPATH=src python3 docs/screenshots.py

Needs Debian's Chromium (``apt-get install chromium``), Playwright, WeasyPrint and ``pdftoppm``
(poppler-utils).  Writes ``docs/phone-standings.png`` (the Italian standings page, 390 × 844, as a
phone shows it) and ``docs/crosstable-print.png`` (page 1 of the crosstable PDF of the bundled round
robin, as printed).  Pillow, when installed, reduces them to a palette to keep them small.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
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


def phone_standings(out: Path) -> None:
    app = create_app([str(ROOT / "examples" / "open-2026.trf")])
    token = app.state.store.entries()[0].token
    port = _port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1)
            # as an arbiter sees it after choosing the options once: the form folded, the table first
            page.goto(f"http://127.0.0.1:{port}/t/{token}?lang=it&rules=fide-2026")
            page.evaluate("document.querySelector('.scroll').scrollIntoView()")
            page.evaluate("window.scrollBy(0, -120)")
            page.screenshot(path=str(out))
            browser.close()
    finally:
        server.should_exit = True
        thread.join(timeout=10)
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
    printed_crosstable(DOCS / "crosstable-print.png")
    for name in ("phone-standings.png", "crosstable-print.png"):
        print(DOCS / name, (DOCS / name).stat().st_size, "bytes")
