"""Input and output formats: TRF reading and writing, tables, CSV and JSON."""
