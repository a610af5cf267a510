"""The reader registry (``spareggio.io.registry``): one list of formats, sniffing by content and
name, the errors for a file no reader claims or two claim equally, and the entry points that the
library, the command line, ``check`` and the web page share."""

from __future__ import annotations

from pathlib import Path

import pytest

from builders import build
from spareggio import InputError, Tournament
from spareggio.base.errors import ArgumentError, InputLimitError
from spareggio.cli import main
from spareggio.io import (
    READERS,
    ReadOptions,
    find_reader,
    parse_event,
    read_event,
    reader_for,
    registry,
    size_limit,
)
from spareggio.io.options import Reader

# 1 beats 2, 3 has the pairing-allocated bye; round 2: 3 beats 1, 2 has the bye
TRF = build({1: "+W2 -B3", 2: "-B1 PAB", 3: "PAB +W1"})
JSON = (
    '{"format": "spareggio-tournament", "version": 1, "event": {"name": "J"},'
    ' "players": {"start_number": [1, 2], "name": ["A", "B"]},'
    ' "rounds": [{"opponent": [2, 1], "color": "wb", "result": "10"}]}'
)


@pytest.mark.parametrize(
    ("content", "name", "expected"),
    [
        (TRF, "event.trf", "trf"),  # records and extension
        (TRF, "event", "trf"),  # records alone: content decides
        (TRF, "event.json", "trf"),  # content beats a wrong extension
        ("\ufeff" + TRF, "event.dat", "trf"),  # a byte-order mark is no obstacle
        (JSON, "event.json", "json"),
        (JSON, "event.trf", "json"),  # the format key beats a wrong extension
        ("  \n" + JSON, "noext", "json"),
        ("", "empty.trf", "trf"),  # the name alone: the TRF reader says what is wrong
        ("", "empty.json", "json"),
    ],
)
def test_sniffing_picks_the_format(content: str, name: str, expected: str) -> None:
    assert reader_for(content.encode("utf-8"), name).name == expected


@pytest.mark.parametrize(
    ("content", "name"), [("hello world\n", "notes.md"), ("", "noext"), ("\x00\x01", "x.bin")]
)
def test_a_file_no_reader_claims_names_the_formats_tried(content: str, name: str) -> None:
    with pytest.raises(InputError) as info:
        parse_event(content.encode(), name)
    text = str(info.value)
    assert text.startswith(f"{name}:1:1: not a tournament file")
    for reader in READERS:
        assert reader.name in text


def test_two_readers_equally_sure_is_an_error_naming_both(monkeypatch: pytest.MonkeyPatch) -> None:
    twin = Reader("twin", "A twin of TRF", (".trf",), READERS[0].sniff, READERS[0].parse, 1000)
    monkeypatch.setattr(registry, "READERS", (READERS[0], twin))
    with pytest.raises(InputError, match=r"it could be trf / twin \(formats tried: trf, twin\)"):
        reader_for(TRF.encode(), "x.trf")
    # naming the format settles it
    assert reader_for(TRF.encode(), "x.trf", "twin") is twin


def test_the_format_can_be_named() -> None:
    assert find_reader(" TRF ").name == "trf"
    known = ", ".join(r.name for r in READERS)
    with pytest.raises(ArgumentError, match=f"unknown input format 'veg'; the formats are: {known}$"):
        find_reader("veg")
    # a named format is read as that format, whatever the content
    with pytest.raises(InputError, match="JSON"):
        parse_event(TRF.encode(), "x.trf", fmt="json")


def test_reader_names_are_unique_and_listed_once() -> None:
    names = [r.name for r in READERS]
    assert len(set(names)) == len(names)
    assert names[:2] == ["trf", "json"]
    assert all(ext.startswith(".") and ext == ext.lower() for r in READERS for ext in r.extensions)


def test_parse_and_read_give_the_same_event(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    path.write_text(TRF, encoding="utf-8")
    a, b = parse_event(TRF.encode(), str(path)), read_event(path)
    assert isinstance(a, Tournament) and isinstance(b, Tournament)
    assert [p.name for p in a.players] == [p.name for p in b.players] == ["Player 1", "Player 2", "Player 3"]
    assert (a.opponent == b.opponent).all() and (a.kind == b.kind).all()


def test_options_reach_the_reader() -> None:
    from spareggio.core.model import TournamentKind

    t = parse_event(TRF.encode(), "e.trf", options=ReadOptions(kind=TournamentKind.ROUND_ROBIN))
    assert isinstance(t, Tournament) and t.kind_source == "option"


def test_the_size_limit_is_the_readers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small = Reader("trf", "TRF", (".trf",), READERS[0].sniff, READERS[0].parse, 100)
    others = tuple(r for r in READERS[1:] if not r.claims_name("x.trf"))
    monkeypatch.setattr(registry, "READERS", (small, *others))
    path = tmp_path / "big.trf"
    path.write_text(TRF, encoding="utf-8")
    with pytest.raises(InputLimitError, match=f"the file has {len(TRF)} bytes, more than the limit of 100"):
        read_event(path)
    with pytest.raises(InputLimitError):
        parse_event(TRF.encode(), "big.trf")
    assert registry.size_limit("x.TRF") == 100


def test_size_limit_by_name() -> None:
    assert size_limit("a.json") == find_reader("json").max_bytes
    assert size_limit("a.trf") == find_reader("trf").max_bytes
    assert size_limit("a.unknown") == max(r.max_bytes for r in READERS)


def test_a_team_file_is_a_team_event_unless_players_are_asked(tmp_path: Path) -> None:
    data = (Path(__file__).parent / "data" / "programs" / "team-trf2x.trf").read_bytes()
    event = parse_event(data, "team.trf")
    assert type(event).__name__ == "TeamEvent"
    with pytest.raises(InputError, match="this is a team tournament"):
        parse_event(data, "team.trf", options=ReadOptions(teams=False))


def test_cli_input_format_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "e.data"
    path.write_text(TRF, encoding="utf-8")
    assert main(["standings", str(path), "--input-format", "TRF", "-f", "csv"]) == 0
    assert "Player 1" in capsys.readouterr().out
    assert main(["standings", str(path), "--input-format", "nope"]) == 2
    assert "unknown input format 'nope'" in capsys.readouterr().err
    junk = tmp_path / "notes.md"
    junk.write_text("hello\n", encoding="utf-8")
    assert main(["standings", str(junk)]) == 2
    err = capsys.readouterr().err
    tried = ", ".join(r.name for r in READERS)
    assert err == f"{junk}:1:1: not a tournament file spareggio reads (formats tried: {tried})\n"


def test_options_a_format_cannot_honour_are_errors() -> None:
    # the library names the field (the command line says --rating, --declared-ranks, --lenient)
    with pytest.raises(ArgumentError, match="^rating national: spareggio tournament JSON has no national ratings"):
        parse_event(JSON.encode(), "e.json", options=ReadOptions(rating="national"))
    with pytest.raises(ArgumentError, match="^declared_ranks applies to lichess Swiss exports and to Vega"):
        parse_event(TRF.encode(), "e.trf", options=ReadOptions(ranks="results.ndjson"))
    with pytest.raises(ArgumentError, match="^e.json: lenient applies to TRF files only; this is a tournament JSON file"):
        parse_event(JSON.encode(), "e.json", options=ReadOptions(lenient=True))


def test_the_command_line_names_the_option_a_format_cannot_honour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the same refusal, made once by the reader registry, worded as the command line's option
    path = tmp_path / "e.json"
    path.write_text(JSON, encoding="utf-8")
    assert main(["standings", str(path), "--lenient"]) == 2
    assert capsys.readouterr().err == (
        f"spareggio: {path}: --lenient applies to TRF files only; this is a tournament JSON file\n"
    )
