"""Languages: one catalogue per language, complete for every shipped language; every command speaks
the language asked (or the environment's); no English sentence leaks into an Italian output."""

from __future__ import annotations

import ast
import io
import re
import sys
from pathlib import Path

import click
import pytest

from spareggio.base.errors import check_language
from spareggio.base.i18n import Text, catalogue, default_language, languages, localize
from spareggio.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"
SRC = ROOT / "src" / "spareggio"


def error_messages() -> set[tuple[str | None, str]]:
    """The templates of errors and warnings: the literal first argument of every ``msg(...)`` call
    in the code (context ``error``), found in the syntax tree so that a template written over
    several lines is one message; and every literal ``Text(template, context, ...)`` and
    ``ntext(singular, plural, n, context, ...)`` (both forms) with its context."""
    import ast

    def literal(node: ast.expr) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

    found: set[tuple[str | None, str]] = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            texts = [literal(a) for a in node.args]
            if name == "msg" and texts[0] is not None:
                found.add(("error", texts[0]))
            elif (
                name == "Text"
                and texts[0] is not None
                and re.search(r"[a-zA-Z]", re.sub(r"{\w+}", "", texts[0]))
            ):
                # (a template of fields and punctuation only, such as "{where}: {message}", has no words)
                found.add((texts[1] if len(texts) > 1 and texts[1] else "error", texts[0]))
            elif name == "ntext" and len(texts) > 1 and texts[0] is not None and texts[1] is not None:
                context = texts[3] if len(texts) > 3 and texts[3] else "error"
                found |= {(context, texts[0]), (context, texts[1])}
    return found


def test_error_templates_are_found() -> None:
    # the extraction itself: a template split over lines is one message, and there are many
    found = {text for _, text in error_messages()}
    assert "{where}warning: {message}" in found
    assert "(see also line {line})" in found


def wrapped_sentences(path: Path) -> set[tuple[str | None, str]]:
    """The literal sentences a module gives its own short helpers, each a ``Text`` with a fixed
    context said by ``localize`` (``def _(message, **values): return localize(Text(message, "table",
    **values), lang)``; a context given as a parameter's default is the helper's, unless a call
    passes another)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    helpers: dict[str, tuple[int, object, int | None]] = {}  # name: text's place, context, context's place
    for f in ast.walk(tree):
        if not isinstance(f, ast.FunctionDef):
            continue
        names = [a.arg for a in (*f.args.posonlyargs, *f.args.args)]
        defaults = dict(zip(names[len(names) - len(f.args.defaults) :], f.args.defaults, strict=True))
        for node in ast.walk(f):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Text"):
                continue
            if len(node.args) < 2 or not isinstance(node.args[0], ast.Name) or node.args[0].id not in names:
                continue
            text_at, context = names.index(node.args[0].id), node.args[1]
            if isinstance(context, ast.Constant):
                helpers[f.name] = (text_at, context.value, None)
            elif isinstance(context, ast.Name) and isinstance(defaults.get(context.id), ast.Constant):
                helpers[f.name] = (text_at, defaults[context.id].value, names.index(context.id))  # type: ignore[union-attr]
    found: set[tuple[str | None, str]] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in helpers):
            continue
        text_at, context, context_at = helpers[node.func.id]
        args = node.args
        if len(args) > text_at and isinstance(args[text_at], ast.Constant) and isinstance(args[text_at].value, str):
            if context_at is not None and len(args) > context_at and isinstance(args[context_at], ast.Constant):
                context = args[context_at].value
            found.add((context if isinstance(context, str) else None, args[text_at].value))
    return found


def english_messages() -> set[tuple[str | None, str]]:
    """Every message id the program can show, with its context."""
    from spareggio.comparison import SUMMARY
    from spareggio.core.messages import EN
    from spareggio.core.model import ResultKind
    from spareggio.render.formats import FORMATS
    from spareggio.render.publish import _HEAD
    from spareggio.rules import REASONS, RULESETS
    from spareggio.tiebreaks import TIEBREAKS

    ids: set[tuple[str | None, str]] = {(key, text) for key, text in EN.items()}
    ids |= {("tiebreak", d.name) for d in TIEBREAKS.values()}
    ids |= {("tiebreak.description", d.description) for d in TIEBREAKS.values()}
    ids |= {("ruleset.title", r.title) for r in RULESETS.values()}
    ids |= {("ruleset.description", r.description) for r in RULESETS.values()}
    ids |= {("ruleset.option", o.description) for r in RULESETS.values() for o in r.options}
    ids |= {("reason", text) for text in REASONS.values()}
    ids |= {("compare", text) for text in SUMMARY}
    ids |= {(h.context, str(h)) for h in _HEAD.values()}
    ids |= {(None, k.label) for k in ResultKind}
    from spareggio.core.decisions import TEXTS as DECISION_TEXTS
    from spareggio.prizes.award import TEXTS as PRIZE_TEXTS
    from spareggio.render.prizes import WORDS as PRIZE_WORDS

    ids |= {("decisions", text) for text in DECISION_TEXTS.values()}
    ids |= {("prizes", text) for text in PRIZE_TEXTS.values()}
    ids |= {("prizes.word", text) for text in PRIZE_WORDS.values()}
    ids |= {("format", f.title) for f in FORMATS.values()}
    # literal sentences in the code: Text("...", "context", ...) and _("...", "context"); the contexts
    # "join" (punctuation around sentences said on their own) and "verbatim" hold no words to translate
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        ids |= {(c, m) for m, c in re.findall(r'\bText\(\s*"((?:[^"\\]|\\.)*)",\s*"([\w.]+)"\s*[,)]', text)}
        ids |= {(c, m) for m, c in re.findall(r"\bText\(\s*'((?:[^'\\]|\\.)*)',\s*'([\w.]+)'\s*[,)]", text)}
        ids |= {(c, m) for m, c in re.findall(r'\b_\(\s*"((?:[^"\\]|\\.)*)",\s*"([\w.]+)"', text)}
        ids |= wrapped_sentences(path)
    ids = {(c, m) for c, m in ids if c not in ("join", "verbatim")}
    ids |= error_messages()
    # the command line's help (context "help") and click's words and usage errors (context "click")
    from spareggio.cli import cli
    from spareggio.cli.clilang import CLICK_ERRORS, CLICK_WORDS, METAVARS, help_texts

    ids |= {("help", text) for text in help_texts(cli)}
    ids |= {("click", text) for text in (*CLICK_WORDS, *METAVARS, *CLICK_ERRORS)}
    # the web page: _("...") in templates and the application, without context
    for path in [*(SRC / "web" / "templates").glob("*.html"), SRC / "web" / "app.py"]:
        ids |= {
            (None, m[1]) for m in re.findall(r"""_\(\s*(["'])(.*?)\1""", path.read_text(encoding="utf-8"))
        }
    return ids


@pytest.mark.parametrize("lang", [code for code in languages() if code != "en"])
def test_every_message_is_in_every_catalogue(lang: str) -> None:
    table = catalogue(lang)
    missing = sorted(
        f"{context}: {message}"
        for context, message in english_messages()
        if not table.get((context, message)) and not table.get((None, message))
    )
    assert missing == [], f"{lang}.po lacks {len(missing)} messages: {missing[:10]}"


def test_a_third_language_proves_the_mechanism() -> None:
    assert {"en", "it", "fr"} <= set(languages())
    assert localize(Text("Standings", None), "fr") == "Classement"
    why = Text("Why {name} (no. {sno}) has these tie-breaks", "title", name="Rossi", sno=3)
    assert localize(why, "it").startswith("Perché") and "Rossi" in localize(why, "it")


@pytest.mark.parametrize(("value", "code"), [("IT", "it"), ("it_IT", "it"), ("fr-FR", "fr"), (" En ", "en")])
def test_language_names(value: str, code: str) -> None:
    assert check_language(value) == code


def test_unknown_language_lists_the_known_ones() -> None:
    from spareggio.base.errors import ArgumentError

    with pytest.raises(ArgumentError, match="unknown language 'de'; known languages: en, fr, it"):
        check_language("de")


def test_default_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert default_language() == "it"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert default_language() == "fr"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert default_language() == "en"


def run(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        assert main(list(args)) in (0, 1), err.getvalue()
    finally:
        sys.stdout, sys.stderr = old
    return out.getvalue()


COMMANDS = [
    ["standings", str(EXAMPLE)],
    ["standings", str(EXAMPLE), "-f", "html"],
    ["explain", str(EXAMPLE), "-p", "7", "-t", "BH/C1,BH,SB,ARO,TPR,WIN,PS,KS,AOB"],
    ["explain", str(EXAMPLE), "-p", "7", "-f", "html"],
    ["explain", str(EXAMPLE), "-p", "7", "--versus", "1"],
    ["compare", str(EXAMPLE), "-r", "fide-2026,naive"],
    ["compare", str(EXAMPLE), "-r", "fide-2026,naive", "-f", "html"],
    ["check", str(EXAMPLE), "-f", "html"],
    ["check", str(EXAMPLE)],
    ["rules"],
    ["tiebreaks"],
]
ENGLISH = [
    "standings after round", "Rules:", "tie-breaks:", "has these tie-breaks", "Rule set:", "Points:",
    "opponent's", "the same standings under", "players change place", "Tie-breaks, in order",
    "files:", "without ranks", "declared", "Sum:", "Average:", "Computed:", "start date", "is on or after",
    "chosen by the caller", "Sum of the", "higher is better", "aliases:", "How it counts", "Opponent",
    "not counted", "Final standings", "Declared rankings checked", "Koya line", "decides", "Why no.",
    "Average rating", "rounded", "Standard points", "Number of wins",
]  # fmt: skip


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(x for x in a if not x.endswith(".trf")))
def test_no_english_leaks_into_italian(args: list[str]) -> None:
    text = run(*args, "--lang", "it", *(["-q"] if args[0] not in ("rules", "tiebreaks", "check") else []))
    visible = re.sub(r"<style>.*?</style>|<[^>]+>", " ", text, flags=re.DOTALL)
    leaked = [phrase for phrase in ENGLISH if phrase in visible]
    assert leaked == []
    # the same command in English does say some of them (the list is not empty by accident)
    english = run(*args, "--lang", "en", *(["-q"] if args[0] not in ("rules", "tiebreaks", "check") else []))
    visible_en = re.sub(r"<style>.*?</style>|<[^>]+>", " ", english, flags=re.DOTALL)
    assert any(phrase in visible_en for phrase in ENGLISH)


def test_italian_uses_b_n_decimal_comma_and_half(tmp_path: Path) -> None:
    text = run("explain", str(EXAMPLE), "-p", "7", "--lang", "it", "-q")
    assert re.search(r"^\s+1\s+B\s+33 ", text, re.MULTILINE)  # round 1 with White: B (bianco)
    assert re.search(r"^\s+3\s+N\s+12 ", text, re.MULTILINE)  # round 3 with Black: N (nero)
    table = run("standings", str(EXAMPLE), "--lang", "it", "-q")
    assert "46,5" in table and "6½" in table


def run_error(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        assert main(list(args)) == 2
    finally:
        sys.stdout, sys.stderr = old
    return err.getvalue().strip()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "spareggio: --after-round 99 is out of range: the file holds rounds 1 to 9"),
        ("it", "spareggio: --after-round 99 è fuori intervallo: il file contiene i turni da 1 a 9"),
        ("IT", "spareggio: --after-round 99 è fuori intervallo: il file contiene i turni da 1 a 9"),
        ("fr", "spareggio: --after-round 99 est hors limites : le fichier contient les rondes 1 à 9"),
    ],
)
def test_errors_speak_the_language_asked(lang: str, expected: str) -> None:
    assert run_error("standings", str(EXAMPLE), "--after-round", "99", "--lang", lang) == expected


def test_errors_speak_the_environments_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert run_error("standings", str(EXAMPLE), "--after-round", "99").endswith("contiene i turni da 1 a 9")


@pytest.mark.parametrize("lang", [code for code in languages() if code != "en"])
def test_translations_keep_every_field(lang: str) -> None:
    # a translation that drops, renames or adds a {field} would fail (or lie) when it is filled in
    def fields(text: str) -> set[str]:
        return {m.split("!")[0].split(":")[0] for m in re.findall(r"(?<!\{)\{([^{}]*)\}(?!\})", text)}

    wrong = [
        f"{context}: {english} -> {translated}"
        for (context, english), translated in catalogue(lang).items()
        if fields(english) != fields(translated)
    ]
    assert wrong == []


def _bad_result(tmp_path: Path) -> Path:
    """The example with round 1's result of its first player (line 14, column 99) written 'Q'."""
    lines = EXAMPLE.read_text(encoding="utf-8").split("\n")
    assert lines[13].startswith("001") and lines[13][98] == "="
    lines[13] = lines[13][:98] + "Q" + lines[13][99:]
    path = tmp_path / "bad.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


ERRORS = [
    # (arguments, English, Italian, French): the whole line each language prints
    (
        ["standings", "{bad}"],
        "{bad}:14:99: round 1: expected a result code (1 = 0 + - W D L H F U Z) in column 99, found 'Q'",
        "{bad}:14:99: turno 1: atteso un codice di risultato (1 = 0 + - W D L H F U Z) nella colonna 99, trovato 'Q'",
        "{bad}:14:99: ronde 1 : code de résultat attendu (1 = 0 + - W D L H F U Z) dans la colonne 99, trouvé 'Q'",
    ),
    (
        ["standings", "{example}", "-t", "Buchholz 1"],
        "spareggio: unknown tie-break 'Buchholz 1'; did you mean buchholz (BH) or buchholz cut (BH/C1)? FIDE acronyms take modifiers after a slash: BH/C1 = Buchholz Cut 1, BH/M1 = Median Buchholz, SB/C1; 'spareggio tiebreaks' lists every acronym and name",
        "spareggio: spareggio sconosciuto 'Buchholz 1'; forse intendevi buchholz (BH) o buchholz cut (BH/C1)? Le sigle FIDE prendono i modificatori dopo una barra: BH/C1 = Buchholz Cut 1, BH/M1 = Buchholz mediano, SB/C1; 'spareggio tiebreaks' elenca tutte le sigle e i nomi",
        "spareggio: départage inconnu 'Buchholz 1' ; vouliez-vous dire buchholz (BH) ou buchholz cut (BH/C1) ? Les sigles FIDE prennent leurs modificateurs après une barre oblique : BH/C1 = Buchholz Cut 1, BH/M1 = Buchholz médian, SB/C1 ; 'spareggio tiebreaks' liste tous les sigles et noms",
    ),
    (
        ["standings", "{example}", "--rules", "vega"],
        "spareggio: 'vega' is ambiguous: Vega computes with the text its arbiter sets; write vega-2009 for its FIDE 2009 setting (the Kallithea virtual opponent, fide-2009), vega-draw-vs-self for its draw-against-oneself adjustment (draw-vs-self), vega-2024 for the 2024 text, vega-2026 for the 2026 text (vega-2026-early as its releases of January to May 2026 compute it)",
        "spareggio: 'vega' è ambiguo: Vega calcola con il testo che imposta l'arbitro; scrivi vega-2009 per la sua impostazione FIDE 2009 (l'avversario virtuale di Kallithea, fide-2009), vega-draw-vs-self per la sua correzione della patta con se stessi (draw-vs-self), vega-2024 per il testo del 2024, vega-2026 per il testo del 2026 (vega-2026-early come lo calcolano le sue versioni da gennaio a maggio 2026)",
        "spareggio: 'vega' est ambigu : Vega calcule avec le texte que règle l'arbitre ; écrivez vega-2009 pour son réglage FIDE 2009 (l'adversaire virtuel de Kallithea, fide-2009), vega-draw-vs-self pour son ajustement de la nulle contre soi-même (draw-vs-self), vega-2024 pour le texte de 2024, vega-2026 pour le texte de 2026 (vega-2026-early tel que ses versions de janvier à mai 2026 le calculent)",
    ),
    (
        ["explain", "{example}", "-p", "Rossi"],
        "spareggio: no player named 'Rossi' (give a start number or another part of the name)",
        "spareggio: nessun giocatore di nome 'Rossi' (indica un numero di partenza o un'altra parte del nome)",
        "spareggio: aucun joueur nommé 'Rossi' (donnez un numéro de départ ou une autre partie du nom)",
    ),
]  # fmt: skip


@pytest.mark.parametrize("case", ERRORS, ids=lambda c: " ".join(c[0][2:]) or c[0][0])
@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_error_table(case: tuple[list[str], str, str, str], lang: str, tmp_path: Path) -> None:
    args, *expected = case
    wanted = dict(zip(("en", "it", "fr"), expected, strict=True))[lang]
    bad = str(_bad_result(tmp_path))
    filled = [a.format(bad=bad, example=str(EXAMPLE)) for a in args]
    assert run_error(*filled, "--lang", lang) == wanted.format(bad=bad)


def test_unknown_rule_set_lists_every_alias_in_italian() -> None:
    text = run_error("standings", str(EXAMPLE), "--rules", "xx", "--lang", "it")
    assert text.startswith(
        "spareggio: regolamento sconosciuto 'xx'; regolamenti conosciuti: fide-2026 (anche "
    )
    assert "italian (anche italiana, variante-italiana, variante, fsi, italy)" in text
    assert "also" not in text


def _ambiguous(tmp_path: Path) -> Path:
    from builders import ambiguous_date

    return ambiguous_date(EXAMPLE, tmp_path)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["standings"], "ATTENZIONE: il record 042 '01/03/2026' si può leggere in più di un modo"),
        (
            ["standings", "-f", "html"],
            "il record 042 &#x27;01/03/2026&#x27; si può leggere in più di un modo",
        ),
        (["explain", "-p", "7"], "ATTENZIONE: il record 042 '01/03/2026' si può leggere in più di un modo"),
        (["check"], "attenzione: il record 042 '01/03/2026' si può leggere in più di un modo"),
    ],
)
def test_the_assumed_rule_set_is_said_in_italian(args: list[str], needle: str, tmp_path: Path) -> None:
    # the warning that the rule set rests on an ambiguous date is where the user looks, in the
    # user's language: both readings, the rule set each selects, and how to choose another
    text = run(args[0], str(_ambiguous(tmp_path)), *args[1:], "--lang", "it")
    assert needle in text
    assert "letta con il giorno per primo è il 1 mar 2026, con fide-2026 (usata)" in text
    assert "letta con il mese per primo è il 3 gen 2026, con fide-2024" in text
    assert "scegline un altro con --rules" in text
    assert "can be read" not in text and "choose another" not in text


def _commands() -> list[str]:
    from spareggio.lazy import COMMANDS

    return sorted(COMMANDS)


@pytest.mark.parametrize("command", ["", *_commands()])
def test_help_speaks_italian(command: str) -> None:
    # every command's --help in Italian: click's words, the command's text and every option's help
    from spareggio.cli import cli
    from spareggio.cli.clilang import help_texts

    args = [command] if command else []
    text = run(*args, "--help", "--lang", "it")
    assert text.startswith("Uso: spareggio ")
    assert "\nOpzioni:\n" in text and "Mostra questo messaggio ed esce." in text
    target = cli.get_command(click.Context(cli), command) if command else cli
    english = [t.split("\n")[0] for t in help_texts(target) if t not in help_texts_of_children(target)]
    # no English help sentence (its first words, as click may re-wrap the rest) is left
    leaked = [t for t in english if " ".join(t.split()[:4]) in " ".join(text.split())]
    assert leaked == []
    assert run(*args, "--help", "--lang", "en").startswith("Usage: spareggio ")


def help_texts_of_children(command: object) -> list[str]:
    import click

    from spareggio.cli.clilang import help_texts

    if not isinstance(command, click.Group):
        return []
    ctx = click.Context(command)
    subs = [command.get_command(ctx, name) for name in command.list_commands(ctx)]
    return [t for sub in subs if sub is not None for t in help_texts(sub)]


def test_help_of_generate_translates_defaults_and_required() -> None:
    text = " ".join(run("generate", "--help", "--lang", "it").split())
    assert "Numero di giocatori (al massimo 9999 in un file TRF). [2<=x<=1000000; obbligatorio]" in text
    assert "[predefinito: 0.02; 0<=x<=1]" in text
    assert "-n, --players INTERO" in text


USAGE_ERRORS = [
    # (arguments after the example file, Italian, French): click's own usage errors, translated
    (["--xyzzy"], "spareggio: Opzione inesistente '--xyzzy'.", "spareggio: Option inexistante '--xyzzy'."),
    (["--lagn", "it"], "spareggio: Opzione inesistente '--lagn'. Forse intendevi '--lang'?",
     "spareggio: Option inexistante '--lagn'. Vouliez-vous dire '--lang' ?"),
    (["-a", "x"], "spareggio: Valore non valido per '-a' / '--after-round': 'x' non è un numero intero valido.",
     "spareggio: Valeur invalide pour '-a' / '--after-round' : 'x' n'est pas un entier valide."),
    (["-f", "doc"], "spareggio: Valore non valido per '-f' / '--format': 'doc' non è uno tra 'table', 'csv', 'json', 'html', 'pdf', 'xlsx', 'print', 'trf'.",
     "spareggio: Valeur invalide pour '-f' / '--format' : 'doc' n'est pas l'un de 'table', 'csv', 'json', 'html', 'pdf', 'xlsx', 'print', 'trf'."),
    (["extra"], "spareggio: Argomento in più non previsto (extra)", "spareggio: Argument supplémentaire inattendu (extra)"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "italian", "french"), USAGE_ERRORS)
def test_usage_errors_speak_the_language(args: list[str], italian: str, french: str) -> None:
    assert run_error("standings", str(EXAMPLE), *args, "--lang", "it") == italian
    assert run_error("standings", str(EXAMPLE), *args, "--lang", "fr") == french
    assert not run_error("standings", str(EXAMPLE), *args, "--lang", "en").startswith(italian[:15])


def test_missing_argument_and_range_in_italian() -> None:
    assert run_error("standings", "--lang", "it") == "spareggio: Manca l'argomento 'FILE'."
    assert run_error("generate", "-n", "1", "-r", "2", "-s", "1", "-o", "x.trf", "--lang", "it") == (
        "spareggio: Valore non valido per '-n' / '--players': 1 non è nell'intervallo 2<=x<=1000000."
    )


def test_language_before_the_command_applies_to_it() -> None:
    # spareggio --lang it standings FILE: the command speaks Italian though its own --lang is absent
    text = run("--lang", "it", "standings", str(EXAMPLE), "-q")
    assert "classifica dopo il turno 9" in text
    assert run_error("--lang", "xx", "rules").startswith(
        "spareggio: unknown language 'xx'; known languages: en"
    )


def test_every_error_is_a_catalogue_message() -> None:
    # an error or warning built from an f-string or a plain literal would reach users in English
    # only: every one is made with msg(...) (or passes a message already made)
    import ast

    kinds = {
        "InputError", "TrfSyntaxError", "TrfConsistencyError", "InputLimitError", "ArgumentError",
        "UnknownTiebreakError", "TiebreakSpecError", "UnknownRulesetError", "SpareggioError", "Diagnostic",
    }  # fmt: skip
    plain = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            at = 1 if name == "Diagnostic" else 0
            if (
                name in kinds
                and len(node.args) > at
                and isinstance(node.args[at], ast.JoinedStr | ast.Constant | ast.BinOp)
            ):
                plain.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert plain == []


@pytest.mark.parametrize("lang", [code for code in languages() if code != "en"])
def test_each_message_is_in_a_catalogue_once(lang: str) -> None:
    # GNU msgfmt refuses a catalogue with a (context, message) defined twice, and which of the two
    # translations a reader keeps is its own choice: each must be there once
    text = (SRC / "locale" / f"{lang}.po").read_text(encoding="utf-8")
    seen: dict[tuple[str | None, str], int] = {}
    for block in text.split("\n\n"):
        context = re.search(r'^msgctxt "(.*)"$', block, re.MULTILINE)
        message = re.search(r'^msgid "(.*)"$', block, re.MULTILINE)
        if message and message[1]:
            key = (context[1] if context else None, message[1])
            seen[key] = seen.get(key, 0) + 1
    twice = sorted(f"{c}: {m}" for (c, m), n in seen.items() if n > 1)
    assert twice == [], f"{lang}.po defines {len(twice)} messages more than once: {twice[:5]}"
