"""Rendering what the library computes, and nothing else: no value is computed here.

:mod:`.formats` is the table of output formats and the registry of renderers (one per result type
and format) that the command line, the web page and the HTTP API all use.  The renderers:
standings as a text table, CSV and JSON (:mod:`.output`); print-ready pages, PDF and spreadsheets
(:mod:`.publish`); comparisons across rule sets (:mod:`.comparison`); explanations as text, JSON
and pages (:mod:`.explanation`, :mod:`.html`); crosstables as text, pages, PDF and spreadsheets
(:mod:`.crosstable`, :mod:`.crosstable_export`); the reports of ``spareggio check``
(:mod:`.check_report`); prize lists (:mod:`.prizes`).  Each renderer module is loaded by name
the first time its result is written in its format (:data:`spareggio.lazy.RENDERERS`): a command
imports the renderers it writes with, no other.
:mod:`spareggio.io` reads and writes input files.
"""
