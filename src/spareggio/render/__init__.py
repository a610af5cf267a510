"""Rendering what the library computes: tables, CSV and JSON (:mod:`.output`), explanation pages
(:mod:`.html`), print-ready pages, PDF and spreadsheets (:mod:`.publish`).  Nothing here computes a
tie-break; :mod:`spareggio.io` reads and writes files.
"""
