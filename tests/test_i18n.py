"""One way to say things: a Text (template and values) made where the fact is known and said in a
language only when rendered; plurals by each catalogue's plural rule (gettext ngettext); the
languages are the catalogues present."""

from __future__ import annotations

import pickle

import pytest

from spareggio.base.errors import ArgumentError, check_language
from spareggio.base.i18n import LOCALE_DIR, Text, conventions, language_name, languages, localize, ntext
from spareggio.comparison import SUMMARY


@pytest.mark.parametrize(
    ("n", "en", "it", "fr"),
    [
        # Plural-Forms of it.po: plural=(n != 1); of fr.po: plural=(n > 1)
        (0, "0 players change", "0 giocatori cambiano", "0 joueur change "),
        (1, "1 player changes", "1 giocatore cambia", "1 joueur change "),
        (2, "2 players change", "2 giocatori cambiano", "2 joueurs changent"),
    ],
)
def test_plural_forms_follow_each_language(n: int, en: str, it: str, fr: str) -> None:
    text = ntext(*SUMMARY, n, "compare", a="fide-2026", b="naive", changed=3)
    assert text.startswith(en) and localize(text, "en") == str(text)
    assert localize(text, "it").startswith(it)
    assert localize(text, "fr").startswith(fr)
    assert localize(text, "it").endswith("fra fide-2026 e naive; 3 hanno spareggi diversi")


def test_a_text_keeps_its_plural_across_processes() -> None:
    # a batch sends its results between processes: the sentence must still be said in Italian there
    text = pickle.loads(pickle.dumps(ntext(*SUMMARY, 1, "compare", a="x", b="y", changed=0)))
    assert isinstance(text, Text) and text.number == 1
    assert localize(text, "it") == "1 giocatore cambia posizione fra x e y; 0 hanno spareggi diversi"


def test_nested_texts_are_said_in_the_same_language() -> None:
    reason = Text("chosen by the caller", "reason")
    outer = Text(
        "Rule set for unplayed rounds: {rules} ({reason}).", "publish.rules", rules="x", reason=reason
    )
    assert localize(outer, "it") == "Regole per i turni non giocati: x (scelto dall'utente)."


def test_languages_are_the_catalogues_present() -> None:
    assert languages() == ("en", *sorted(p.stem for p in LOCALE_DIR.glob("*.po")))
    assert "de" not in languages()  # no catalogue, no language
    with pytest.raises(ArgumentError, match="unknown language 'de'; known languages: en, fr, it"):
        check_language("de")
    assert check_language("IT_it") == "it"


def test_language_names_come_from_the_catalogues_and_babel() -> None:
    assert (language_name("it"), language_name("fr"), language_name("en")) == (
        "Italiano",
        "Français",
        "English",
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        # English keeps the ISO day and the decimal point (JSON and logs read it back)
        ("en", "start date 2026-03-01, BH 40.5 against 40"),
        # issue 24: days and decimals written the language's way when the sentence is said (this test
        # sentence has no catalogue entry: its values alone are said in Italian)
        ("it", "start date 1 mar 2026, BH 40,5 against 40"),
    ],
)
def test_a_sentences_days_and_decimals_are_said_the_languages_way(lang: str, said: str) -> None:
    import datetime as dt

    from spareggio.base.i18n import Text, localize

    text = Text("start date {date}, {tb} {a} against {b}", None, date=dt.date(2026, 3, 1), tb="BH", a=40.5, b=40)
    assert localize(text, lang) == said


@pytest.mark.parametrize(
    ("code", "decimal", "separator", "bom"),
    [
        # Babel's decimal symbols (CLDR): English a point; Italian and French a comma, so their
        # spreadsheets read CSV separated by semicolons (and need the byte-order mark for UTF-8)
        ("en", ".", ",", False),
        ("it", ",", ";", True),
        ("fr", ",", ";", True),
    ],
)
def test_each_language_has_its_conventions_from_babel(code: str, decimal: str, separator: str, bom: bool) -> None:
    c = conventions(code)
    assert (c.decimal, c.csv_separator, c.csv_bom) == (decimal, separator, bom)
    assert c.name == language_name(code)


def test_every_language_of_the_registry_has_conventions() -> None:
    assert [conventions(code).code for code in languages()] == list(languages())
