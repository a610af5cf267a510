"""``python -m spareggio``."""

from .cli import run

run()
