"""The page's controls for what changes standings and prizes: playoffs, the arbiter's order, lots,
exclusions, lenient reading, the players of a team event, the primary score; the prize form in the
page's language; the team crosstable, the search, FIDE titles and the list of open files.

The numbers come from the bundled open (examples/open-2026.trf): Pace (1) and Esposito (7) both
have 7 points and 6 wins (WIN, C.07 7.1), so under ``WIN`` alone they share places 1-2 and the
start number puts Pace first until a playoff or a lot decides."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spareggio.base.errors import Diagnostic, Position
from spareggio.base.i18n import msg
from spareggio.base.numbers import rank_marker
from spareggio.cli import main
from spareggio.core.decisions import lot_key
from spareggio.prizes import parse_prize_bytes
from spareggio.render.output import title_abbreviation
from spareggio.web.app import create_app
from spareggio.web.i18n import said
from spareggio.web.options import Options
from test_lichess import RESULTS, TRF

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"
TEAMS = ROOT / "examples" / "team-league-2026.trf"
PLAYOFF = "7,1:1½-½"


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app([str(EXAMPLE), str(TEAMS)]), base_url="http://127.0.0.1")


def page_of(client: TestClient, stem: str) -> str:
    for e in client.app.state.store.entries():  # type: ignore[attr-defined]
        if e.filename.startswith(stem):
            return f"/t/{e.token}"
    raise AssertionError(stem)


def first_rows(html: str, n: int = 2) -> list[tuple[str, str]]:
    """(place, name) of the first rows of the standings."""
    body = html.split('<table class="standings', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<td class="num rank[^"]*">([^<]*)</td>.*?<th scope="row"><a [^>]*>([^<]*)</a>', body, re.DOTALL)
    return [(p, unescape(name)) for p, name in rows[:n]]


def test_a_playoff_given_on_the_page_orders_the_tied_players(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    before = client.get(f"{base}?tiebreaks=WIN").text
    assert first_rows(before) == [("1-2", "Pace, Emanuele"), ("1-2", "Esposito, Alessandro")]
    # the pickers of the form: first, second and the score, read as the command line's --playoff 7,1:1½-½
    after = client.get(f"{base}?tiebreaks=WIN&po_how=playoff&po_1=7&po_2=1&po_3=&po_note=1½-½").text
    assert first_rows(after) == [("1", "Esposito, Alessandro"), ("2", "Pace, Emanuele")]
    assert "places 1-2 decided by playoff (1½-½): 7 Esposito, Alessandro, 1 Pace, Emanuele" in unescape(after)
    # every link keeps the decision in its one form, and the page says how to take it back
    assert "playoff=7%2C1%3A1%C2%BD-%C2%BD" in after
    assert 'Playoff: 7 Esposito, Alessandro &gt; 1 Pace, Emanuele (1½-½) <a href="?tiebreaks=WIN" class="remove">' in after


def test_the_arbiters_order_and_the_lots(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    page = client.get(f"{base}?tiebreaks=WIN&po_how=arbiter&po_1=7&po_2=1&po_note=coin").text
    assert first_rows(page)[0] == ("1", "Esposito, Alessandro")
    assert "arbiter=7%2C1%3Acoin" in page
    # lots with a seed: SHA-256(seed, "\n", start number), the lower key first (decisions.py)
    page = client.get(f"{base}?tiebreaks=WIN&lots=montebello").text
    first = min((1, 7), key=lambda sno: lot_key("montebello", sno))
    name = {1: "Pace, Emanuele", 7: "Esposito, Alessandro"}[first]
    assert first_rows(page)[0] == ("1", name)
    assert "Drawing of lots, seed montebello" in page


def test_an_exclusion_leaves_the_player_out(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    page = client.get(f"{base}?ex_1=7&ex_note=expelled").text
    assert first_rows(page, 1) == [("1", "Pace, Emanuele")]
    assert "Left out of the ranking: 7 Esposito, Alessandro (expelled)" in unescape(page)


def test_a_playoff_between_players_not_level_is_the_pages_error_with_a_way_back(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    r = client.get(f"{base}?playoff=1,7:2-0")  # under the default list 7 is 1st and 1 is 2nd, not level
    assert r.status_code == 400
    text = unescape(r.text)
    assert "these players are not level after the tie-breaks (places 1 and 2)" in text
    assert 'class="remove">remove</a>' in r.text
    # a value no picker makes is said without command-line syntax
    r = client.get(f"{base}?playoff=7")
    assert r.status_code == 400 and "--playoff" not in r.text and "choose two or more different players" in r.text


def test_the_trf_download_carries_the_decisions_as_save_trf_writes_them(client: TestClient, tmp_path: Path) -> None:
    base = page_of(client, "open-2026")
    web = client.get(f"{base}/download/trf?tiebreaks=WIN&playoff={PLAYOFF}&exclude=40:expelled").text
    saved = tmp_path / "saved.trf"
    assert main(["standings", str(EXAMPLE), "--tiebreaks", "WIN", "--playoff", PLAYOFF, "--exclude", "40:expelled",
                 "--save-trf", str(saved), "-q"]) == 0  # fmt: skip
    cli = saved.read_text(encoding="utf-8")

    def records(text: str) -> list[str]:
        return [line for line in text.splitlines() if line[:3] in ("XPO", "XLT", "XEX", "XCL", "212")]

    assert records(web) == records(cli)
    assert "XPO PLAYOFF 7 1 ; 1½-½" in records(web) and "XEX 40 ; expelled" in records(web)
    # the download also has the computed ranks (columns 86-89): Esposito first
    line = next(line for line in web.splitlines() if line.startswith("001    7"))
    assert line[85:89] == "   1"


def test_options_keep_their_decisions_in_one_form() -> None:
    opts = Options.parse(None, "WIN", None, playoffs=["7,1:1½-½", "7,1:1½-½"], exclude=["40:expelled"], lots="x")
    assert opts.playoffs == ("7,1:1½-½",)  # each once
    assert opts.query() == "?tiebreaks=WIN&playoff=7%2C1%3A1%C2%BD-%C2%BD&lots=x&exclude=40%3Aexpelled"
    assert opts.without("playoffs", "7,1:1½-½").query() == "?tiebreaks=WIN&lots=x&exclude=40%3Aexpelled"
    assert opts.without("lots").lots is None
    assert [(d.players, d.note) for d in opts.decisions().playoffs] == [((7, 1), "1½-½")]


def test_a_file_whose_games_disagree_opens_when_repaired(client: TestClient) -> None:
    # player 1 writes round 1 against 27 as a win, 27 writes it as a draw (001 27: "1 b =")
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    text = "\n".join(
        line.replace("    27 w =", "    27 w 1", 1) if line.startswith("001    1 ") else line for line in lines
    )
    files = {"file": ("disagree.trf", text.encode())}
    assert client.post("/open", files=files).status_code == 400
    r = client.post("/open", files=files, data={"lenient": "1"}, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(r.headers["location"]).text
    assert "table" in page and 'name="lenient" value="1" checked disabled' in page


def test_a_team_event_ranks_its_players_or_by_board_points(client: TestClient) -> None:
    base = page_of(client, "team-league-2026")
    teams = client.get(base).text
    assert '<th scope="col" class="name">Team</th>' in teams and "Title" not in teams.split("<tbody>")[0]
    players = client.get(f"{base}?individual=1").text
    assert '<th scope="col" class="name">Name</th>' in players  # the players, with their titles
    assert client.get(f"{base}?primary=GP").status_code == 200
    assert client.get(f"{base}?primary=XX").status_code == 400


def test_the_team_crosstable_speaks_of_matches(client: TestClient) -> None:
    base = page_of(client, "team-league-2026")
    page = client.get(f"{base}/crosstable?lang=it").text
    assert "Giocatore contro giocatore" not in page and "Titolo" not in page.split("<tbody>")[0]
    body = page.split('<table class="crosstable teams">', 1)[1].split("</table>", 1)[0]
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.DOTALL)[1:]:
        cells = re.findall(r'<td class="x [a-z]+">(.*?)</td>', row)
        totals = re.findall(r'<td class="num pts">([^<]*)</td>', row)
        # the match points of the rounds add up to the team's MP, its board points to its GP
        mp = sum(float(re.findall(r"<strong>([^<]*)</strong>", c)[0].replace("½", ".5") or 0) for c in cells)
        gp = 0.0
        for c in cells:
            m = re.match(r"(?:\d+|[A-Z]+) · ([\d½]+)", c)
            assert m, c
            gp += float(m.group(1).replace("½", ".5") if m.group(1) != "½" else 0.5)
        assert (mp, gp) == (float(totals[0].replace("½", ".5")), float(totals[1].replace("½", ".5"))), row
    assert "squadre" in page


def test_the_search_finds_by_name_or_number(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    assert first_rows(client.get(f"{base}?find=esposito").text, 5) == [("1", "Esposito, Alessandro")]
    assert first_rows(client.get(f"{base}?find=1").text, 5) == [("2", "Pace, Emanuele")]
    assert first_rows(client.get(f"{base}?find=Pace%20Emanuele").text, 5) == [("2", "Pace, Emanuele")]


@pytest.mark.parametrize(
    ("code", "shown"),
    [("g", "GM"), ("m", "IM"), ("f", "FM"), ("c", "CM"), ("wg", "WGM"), ("wm", "WIM"), ("wf", "WFM"),
     ("wc", "WCM"), ("GM", "GM"), ("", ""), ("IA", "IA")],
)  # fmt: skip
def test_fide_titles_from_the_trf_codes(code: str, shown: str) -> None:
    # TRF-16 columns 11-13: g, m, f, c, wg, wm, wf, wc (FIDE Handbook C.04 annex, TRF)
    assert title_abbreviation(code) == shown


def test_the_standings_show_the_title_abbreviation(client: TestClient) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("001    7 m FM ", "001    7 m f  ", 1)
    r = client.post("/open", files={"file": ("codes.trf", text.encode())}, follow_redirects=True)
    row = r.text.split('data-sno="7"', 1)[1].split("</tr>", 1)[0]
    assert '<td class="extra">FM</td>' in row


def test_the_same_file_opened_twice_is_one_entry(client: TestClient) -> None:
    files = {"file": ("again.trf", EXAMPLE.read_bytes())}
    first = client.post("/open", files=files, follow_redirects=False).headers["location"]
    second = client.post("/open", files=files, follow_redirects=False).headers["location"]
    assert first == second
    assert client.get("/").text.count("again.trf") == 1


def test_warnings_are_said_without_their_place_in_the_file() -> None:
    # one sentence for every front end: the file's notation is the arbiter's own, on the page too
    sentence = "round {number}: a win without opponent ('0000 - +') read as a pairing-allocated bye (write '0000 - U')"
    d = Diagnostic("x", msg(sentence, number=3), Position("team.trf", 1, 1))
    assert str(d).startswith("team.trf:1:1: warning:")
    assert said(d, "it") == (
        "turno 3: una vittoria senza avversario ('0000 - +') letta come bye assegnato dall'abbinamento"
        " (scrivere '0000 - U')"
    )
    assert said(d.text(), "en") == sentence.format(number=3)


ITALIAN_FORM = {
    "currency": "EUR", "sharing": "hort", "one": "1", "awarding": "amount", "reference_date": "",
    "c0_name": "Assoluto", "c0_prizes": "600 400 250 150 100",
    "c1_name": "Miglior giocatrice", "c1_sex": "w", "c1_prizes": "150",
    "c2_name": "Elo sotto 1800", "c2_rating_under": "1800", "c2_prizes": "80 50",
}  # fmt: skip


def prize_rows(html: str) -> list[list[str]]:
    table = html.split('class="prize-list">', 1)[1].split("</table>", 1)[0]
    return [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)][1:]


def test_the_prize_form_in_italian_gives_the_prize_list_in_italian(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    page = client.post(f"{base}/prizes?lang=it", data=ITALIAN_FORM).text
    rows = prize_rows(page)
    # Hort (docs/prizes.md): 7 and 1 level on 7 points hold places 1-2: 600/2 + (600 + 400)/4 = 550
    assert rows[0] == ["Assoluto", "1", "7", "Esposito, Alessandro", "7", "600", "550,00"]
    assert rows[1][:3] == ["Assoluto", "2", "1"] and rows[1][6] == "450,00"
    text = unescape(page)
    assert "Esposito, Alessandro (7) e Pace, Emanuele (1) hanno 7 punti; decide BH/C1: 46,5 a 45" in text
    # the prizes of places 1-2 (600 + 400), in the reasons: Babel's Italian currency
    assert "metà dei premi delle posizioni 1-2 (1.000,00\xa0€)" in text
    assert "General" not in text and "EUR)" not in text.split("Perché", 1)[1]


def test_an_amount_in_the_pages_language(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    form = {**ITALIAN_FORM, "sharing": "none", "c0_prizes": "600 400 250,50"}
    rows = prize_rows(client.post(f"{base}/prizes?lang=it", data=form).text)
    assert [r[6] for r in rows[:3]] == ["600,00", "400,00", "250,50"]
    r = client.post(f"{base}/prizes?lang=it", data={**form, "c0_prizes": "600 abc"})
    assert r.status_code == 400 and "Categoria 1: &#39;abc&#39; non è un importo" in r.text


def test_the_form_is_kept_as_a_prize_file_and_opened_again(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    r = client.post(f"{base}/prizes/export/toml?lang=it", data=ITALIAN_FORM)
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    kept = parse_prize_bytes(r.content, "premi.toml")
    assert [(c.name, [str(a) for a in c.prizes]) for c in kept.categories] == [
        ("Assoluto", ["600", "400", "250", "150", "100"]), ("Miglior giocatrice", ["150"]), ("Elo sotto 1800", ["80", "50"]),
    ]  # fmt: skip
    assert kept.sharing == "hort" and kept.categories[1].sex == "w" and kept.categories[2].rating_under == 1800
    as_json = client.post(f"{base}/prizes/export/json", data=ITALIAN_FORM).content
    assert parse_prize_bytes(as_json, "premi.json").categories == kept.categories
    # opened again: the form holds it
    page = client.post(f"{base}/prizes?lang=it", files={"file": ("premi.toml", r.content)}).text
    assert 'name="c2_name" value="Elo sotto 1800"' in page and 'name="c2_rating_under" value="1800"' in page


def test_a_playoff_given_after_the_prizes_updates_the_prize_list(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    form = {**ITALIAN_FORM, "sharing": "none"}
    page = client.post(f"{base}/prizes?lang=it&tiebreaks=WIN", data=form).text
    assert prize_rows(page)[0][:4] == ["Assoluto", "1", "1", "Pace, Emanuele"]  # the start number order
    # the form is remembered: the options form of the tab gives the playoff, the list follows it
    page = client.get(f"{base}/prizes?lang=it&tiebreaks=WIN&po_1=7&po_2=1&po_note=1½-½").text
    assert prize_rows(page)[0][:4] == ["Assoluto", "1", "7", "Esposito, Alessandro"]
    assert "sono pari dopo gli spareggi; ha deciso lo spareggio giocato (1½-½)" in unescape(page)


@pytest.mark.parametrize(
    ("rank", "lang", "shown"),
    [(10, "en", "#10"), (10, "it", "10°"), ("3-5", "it", "3°-5°"), (1, "fr", "1er"), (10, "fr", "10e"),
     ("—", "it", "—"), ("—", "en", "#—")],
)  # fmt: skip
def test_the_rank_marker_of_each_language(rank: object, lang: str, shown: str) -> None:
    assert rank_marker(rank, lang) == shown


def test_the_explanation_says_the_place_the_italian_way(client: TestClient) -> None:
    base = page_of(client, "open-2026")
    page = client.get(f"{base}/player/7?lang=it").text
    assert "Punti: 7 · 1°" in unescape(page) and "Buchholz, taglio 1" in unescape(page)


def test_the_ranks_lichess_declares_are_given_beside_the_file(client: TestClient) -> None:
    # the lichess fixture of tests/test_lichess.py: lichess declares 1, 4, 3, 2, 5 (by username)
    results = "\n".join(json.dumps(r) for r in RESULTS).encode()
    files = {"file": ("friday.trf", TRF.encode()), "ranks": ("friday.ndjson", results)}
    r = client.post("/open", files=files, follow_redirects=False)
    assert r.status_code == 303
    entry = client.app.state.store.get(r.headers["location"].rsplit("/", 1)[-1])  # type: ignore[attr-defined]
    assert [p.rank for p in entry.tournament.players] == [1, 4, 3, 2, 5]
    page = client.get(r.headers["location"] + "/check?rules=naive&lang=it").text
    assert "La classifica dichiarata coincide con quella calcolata." in page
    # without it, lichess's TRF declares no rank
    r = client.post("/open", files={"file": ("friday.trf", TRF.encode())}, follow_redirects=False)
    assert "Il file non dichiara una classifica." in client.get(r.headers["location"] + "/check?lang=it").text
    # a results export beside a file of another format is refused in the page's words
    files = {"file": ("open.trf", EXAMPLE.read_bytes()), "ranks": ("x.ndjson", results)}
    r = client.post("/open?lang=it", files=files)
    assert r.status_code == 400 and "--declared-ranks" not in r.text


def test_a_team_comparison_speaks_of_teams(client: TestClient) -> None:
    base = page_of(client, "team-league-2026")
    page = unescape(client.get(f"{base}/compare?lang=it").text)
    # the summary lines of the library's comparison, said of teams and with the rule sets' names
    assert "0 squadre cambiano posizione fra FIDE 2026 e Variante italiana" in page
    assert "giocatori cambiano" not in page and "giocatore cambia" not in page


def test_the_clubs_of_an_opened_prize_file_stay_with_the_form(client: TestClient) -> None:
    # a TRF has no clubs: the prize file's players table gives them (docs/prizes.md); 12 Bruno and
    # 9 Barone play for Torre Genova, the club category's two prizes go to them in standings order
    # (Barone 7th, Bruno 8th)
    toml = (
        'currency = "EUR"\nsharing = "none"\n[[categories]]\nid = "club"\nname = "Circolo"\n'
        'club = "Torre Genova"\nprizes = [50, 30]\n'
        '[players.12]\nclub = "Torre Genova"\n[players.9]\nclub = "Torre Genova"\n'
    )
    base = page_of(client, "open-2026")
    page = client.post(f"{base}/prizes?lang=it", files={"file": ("club.toml", toml.encode())}).text
    assert [r[:3] for r in prize_rows(page)] == [["Circolo", "1", "9"], ["Circolo", "2", "12"]]
    # the form sent again (as the page holds it) keeps the table of players
    hidden = unescape(re.findall(r'name="players" value="([^"]*)"', page)[0])
    assert json.loads(hidden) == {"9": {"club": "Torre Genova"}, "12": {"club": "Torre Genova"}}
    form = {"players": hidden, "currency": "EUR", "sharing": "none", "one": "1", "awarding": "amount",
            "c0_name": "Circolo", "c0_club": "Torre Genova", "c0_prizes": "50 30"}  # fmt: skip
    again = client.post(f"{base}/prizes?lang=it", data=form).text
    assert [r[:3] for r in prize_rows(again)] == [["Circolo", "1", "9"], ["Circolo", "2", "12"]]
