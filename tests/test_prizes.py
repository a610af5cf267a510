"""Prize lists computed by hand: shared money (Hort, equal split), one prize per player (the larger),
a category prize decided by a tie-break, a playoff and a drawing of lots deciding first place."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from builders import build
from spareggio import rank
from spareggio.base.errors import InputError
from spareggio.core.decisions import Decisions, Playoff
from spareggio.io.trf import parse_trf
from spareggio.prizes import award_prizes, parse_prize_bytes, parse_prize_data

# Points set by requested byes (FPB 1, HPB ½, ZPB 0), four rounds; TPN (C.07 7.8, the lower start
# number first) orders the players level on points:
#   1: 3.5   2: 3.5   3: 2   4: 1   5: 1   6: 1
BYES = {1: "FPB FPB FPB HPB", 2: "FPB FPB FPB HPB", 3: "FPB FPB ZPB ZPB",
        4: "FPB ZPB ZPB ZPB", 5: "FPB ZPB ZPB ZPB", 6: "FPB ZPB ZPB ZPB"}  # fmt: skip
# The Hort-System article of the German Wikipedia: prizes 100 80 60 40 20 10, A and B level on
# 8 points, C alone on 7.5, D E F level on 7 -- the same shape as BYES.
PRIZES_6 = [100, 80, 60, 40, 20, 10]


def paid(pl) -> dict[int, Decimal]:  # type: ignore[no-untyped-def]
    return {pl.standings.tournament.players[i].start_number: v for i, v in pl.payouts.items()}


def general(sharing: str, prizes: list[int] = PRIZES_6, **more: object) -> dict[str, object]:
    return {"currency": "EUR", "sharing": sharing, **more,
            "categories": [{"id": "general", "name": "General", "prizes": prizes}]}  # fmt: skip


@pytest.mark.parametrize(
    "sharing, expected",
    [
        # Hort: A keeps 50 and shares (50 + 40) / 2 = 45 -> 95; B 40 + 45 = 85; C 60 alone.
        # D E F: keep 20, 10, 5 and share (20 + 10 + 5) / 3 = 11.666..: rounded down to the cent
        # (11.66), the 2 cents left go to D and E: 31.67, 21.67, 16.66 (Wikipedia pays 32 22 17).
        ("hort", {1: "95.00", 2: "85.00", 3: "60.00", 4: "31.67", 5: "21.67", 6: "16.66"}),
        # equal split: (100 + 80) / 2 = 90 each; (40 + 20 + 10) / 3 = 23.333..: 23.34, 23.33, 23.33
        ("equal", {1: "90.00", 2: "90.00", 3: "60.00", 4: "23.34", 5: "23.33", 6: "23.33"}),
        # by tie-break: each place's prize whole
        ("none", {1: "100.00", 2: "80.00", 3: "60.00", 4: "40.00", 5: "20.00", 6: "10.00"}),
    ],
)
def test_shared_prizes(sharing: str, expected: dict[int, str]) -> None:
    s = rank(parse_trf(build(BYES, players=6)), "TPN")
    pl = award_prizes(s, parse_prize_data(general(sharing)))
    assert paid(pl) == {k: Decimal(v) for k, v in expected.items()}
    assert sum(pl.payouts.values()) == sum(PRIZES_6)  # nothing lost to rounding


def test_a_tie_beyond_the_last_prize_shares_it() -> None:
    # prizes for 4 places only: 4th is level with 5th and 6th, so 40 is shared three ways
    s = rank(parse_trf(build(BYES, players=6)), "TPN")
    pl = award_prizes(s, parse_prize_data(general("equal", [100, 80, 60, 40])))
    assert paid(pl) == {1: Decimal("90.00"), 2: Decimal("90.00"), 3: Decimal("60.00"),
                        4: Decimal("13.34"), 5: Decimal("13.33"), 6: Decimal("13.33")}  # fmt: skip
    hort = award_prizes(s, parse_prize_data(general("hort", [100, 80, 60, 40])))
    # Hort: 4 keeps 20 and the 20 pooled is shared by three: 20 + 6.67, 6.67, 6.66
    assert paid(hort)[4] == Decimal("26.67") and paid(hort)[6] == Decimal("6.66")


def test_a_player_eligible_for_two_prizes_takes_the_larger() -> None:
    # 3 is the best woman and third overall: Women 60 > General 3rd 40, so she takes the women's
    # prize and the third general prize goes down to 4 (the next eligible player)
    text = build(BYES, players=6).replace("001    3 m", "001    3 w").replace("001    5 m", "001    5 w")
    s = rank(parse_trf(text), "TPN")
    data = {"categories": [
        {"id": "general", "name": "General", "prizes": [100, 80, 40]},
        {"id": "women", "name": "Women", "sex": "w", "prizes": [60]},
    ]}  # fmt: skip
    pl = award_prizes(s, parse_prize_data(data))
    holders = {(a.category.id, a.place): s.tournament.players[a.holder].start_number for a in pl.awards}
    assert holders == {("general", 1): 1, ("general", 2): 2, ("general", 3): 4, ("women", 1): 3}
    third = next(a for a in pl.awards if a.category.id == "general" and a.place == 3)
    assert "Player 3 (3) (place 3) is ahead but took Women 1 (60)" in [str(w) for w in third.why]
    # awarded in the file's order instead, the general third prize is given first: 3 takes it
    listed = award_prizes(s, parse_prize_data({**data, "awarding": "listed"}))
    assert {(a.category.id, a.place): s.tournament.players[a.holder].start_number for a in listed.awards} == {
        ("general", 1): 1,
        ("general", 2): 2,
        ("general", 3): 3,
        ("women", 1): 5,
    }


# Two rounds: 1 beats 2, 3 beats 4; 1 draws 3, 2 beats 4.
#   1: 1.5, BH = 1 (player 2) + 1.5 (player 3) = 2.5      3: 1.5, BH = 0 (4) + 1.5 (1) = 1.5
#   2: 1,   4: 0.   Ratings: 1 1750, 2 2100, 3 1700, 4 1650.
GAMES = {1: "+W2 =B3", 3: "+W4 .", 2: ". +W4"}
RATINGS = {1: 1750, 2: 2100, 3: 1700, 4: 1650}


def test_a_category_prize_decided_by_a_tie_break() -> None:
    s = rank(parse_trf(build(GAMES, players=4, ratings=RATINGS)), "BH")
    data = {"categories": [{"id": "u1800", "name": "Under 1800", "rating_under": 1800, "prizes": [50]}]}
    pl = award_prizes(s, parse_prize_data(data))
    (prize,) = pl.awards
    assert s.tournament.players[prize.holder].start_number == 1
    assert [str(w) for w in prize.why] == [
        "3 eligible players (Under 1800)",  # 2 is rated 2100
        "Player 1 (1) and Player 3 (3) have 1.5 points; BH decides: 2.5 to 1.5",  # C.07 8.1
        "the next eligible player, Player 3 (3), got no prize",
    ]


def test_a_playoff_decides_first_place() -> None:
    # 1 and 2 level on points, BH, SB and DE (test_decisions' event); 2 won the playoff 1½-½
    t = parse_trf(build({1: "+W3 =W2", 2: "+B4 .", 3: ". =B4"}))
    s = rank(t, "BH,SB,DE", decisions=Decisions(playoffs=(Playoff((2, 1), "playoff", "1½-½"),)))
    pl = award_prizes(s, parse_prize_data(general("none", [100, 50])))
    assert paid(pl) == {2: Decimal("100.00"), 1: Decimal("50.00")}
    assert "Player 2 (2) and Player 1 (1) are level after the tie-breaks; the playoff decided (1½-½)" in [
        str(w) for w in pl.awards[0].why
    ]


def test_a_drawing_of_lots_is_reproduced_from_its_seed() -> None:
    # seed "spareggio": SHA-256 keys d49627af.. (2) < dac430f5.. (1), so 2 is drawn first
    t = parse_trf(build({1: "+W3 =W2", 2: "+B4 .", 3: ". =B4"}, extra_headers=["XLT spareggio"]))
    for _ in range(2):
        pl = award_prizes(rank(t, "BH,SB,DE,RND"), parse_prize_data(general("none", [100, 50])))
        assert paid(pl) == {2: Decimal("100.00"), 1: Decimal("50.00")}
        assert str(pl.awards[0].why[1]).endswith("the drawing of lots decided (seed spareggio)")


def test_excluded_players_get_no_prize() -> None:
    t = parse_trf(build(BYES, players=6, extra_headers=["XEX 1 ; expelled"]))
    pl = award_prizes(rank(t, "TPN"), parse_prize_data(general("none", [100, 50])))
    assert paid(pl) == {2: Decimal("100.00"), 3: Decimal("50.00")}


def test_age_categories_on_the_reference_date() -> None:
    text = build(BYES, players=6)
    # birth dates: 3 born 2010-06-02 is 15 on 2026-06-01, 16 on 2026-06-02
    text = text.replace("   3 2000/01/01", "   3 2010/06/02")
    s = rank(parse_trf(text), "TPN")
    u16 = {"categories": [{"id": "u16", "age_under": 16, "prizes": [30]}]}
    assert paid(award_prizes(s, parse_prize_data(u16))) == {3: Decimal("30.00")}  # start date 2026-06-01
    later = award_prizes(s, parse_prize_data({**u16, "reference_date": "2026-06-02"}))
    assert later.awards[0].holder is None and str(later.awards[0].why[-1]).startswith("nobody eligible")


TOML = b"""currency = "EUR"
sharing = "hort"
[[categories]]
id = "general"
name = "General"
prizes = [100, 80, 60, 40, 20, 10]
"""
YAML = b"""currency: EUR
sharing: hort
categories:
  - id: general
    name: General
    prizes: [100, 80, 60, 40, 20, 10]
"""


@pytest.mark.parametrize(
    "name, data", [("p.toml", TOML), ("p.yaml", YAML), ("p.json", json.dumps(general("hort")).encode())]
)
def test_the_three_formats_read_the_same(name: str, data: bytes) -> None:
    assert parse_prize_bytes(data, name) == parse_prize_data(general("hort"), name)


@pytest.mark.parametrize(
    "name, data, where",
    [
        ("p.toml", b'sharing = "hort"\ncategories = [\n', "p.toml:3:1: prize file: Invalid value"),
        ("p.toml", b'currency = "EUR"\nsharing = hort\n', "p.toml:2:11: prize file: Invalid value"),
        ("p.json", b'{"categories": [}', "p.json:1:17"),
        (
            "p.toml",
            b'sharing = "halves"\n[[categories]]\nid="g"\nprizes=[1]\n',
            "sharing: expected one of none, equal, hort",
        ),
        (
            "p.toml",
            b'[[categories]]\nid="g"\nprizes=[10, 20]\n',
            "categories[0].prizes[1]: a place's prize cannot be larger",
        ),
        (
            "p.toml",
            b'[[categories]]\nid="g"\nprizes=[10]\nrating_below=1800\n',
            "categories[0].rating_below: unknown condition",
        ),
        # amounts and the rounding unit are bounded (no million-digit arithmetic from a file)
        (
            "p.json",
            b'{"categories": [{"id": "g", "prizes": ["1e1000000"]}]}',
            "categories[0].prizes[0]: expected an amount below",
        ),
        (
            "p.json",
            b'{"rounding": "0.000001", "categories": [{"id": "g", "prizes": [1]}]}',
            "rounding: expected an amount below",
        ),
        (
            "p.yaml",
            b"players: [1, 2]\ncategories: [{id: g, prizes: [1]}]\n",
            "players: expected a start number",
        ),
    ],
)
def test_bad_prize_files(name: str, data: bytes, where: str) -> None:
    with pytest.raises(InputError) as err:
        parse_prize_bytes(data, name)
    assert where in str(err.value)


def test_a_national_rating_band_reads_the_trf26_national_records() -> None:
    # record 172 ITA and national rating records: 3 has a national 1750 (FIDE 2370), 4 has 1900
    # (FIDE 2360); a national under-1800 prize goes to 3, the FIDE one to nobody (all over 2300)
    nrs = [
        "172 ITA NRO",
        f"ITA {3:4d}      {'Player 3':<33} {1750:4d}",
        f"ITA {4:4d}      {'Player 4':<33} {1900:4d}",
    ]
    s = rank(parse_trf(build(BYES, players=6, extra_headers=nrs)), "TPN")
    national = {"categories": [{"id": "u1800", "rating_under": 1800, "rating": "national", "prizes": [30]}]}
    assert paid(award_prizes(s, parse_prize_data(national))) == {3: Decimal("30.00")}
    fide = {"categories": [{"id": "u1800", "rating_under": 1800, "prizes": [30]}]}
    assert award_prizes(s, parse_prize_data(fide)).awards[0].holder is None
    # the prize file's players table gives a club and overrides a national rating
    data = {**national, "players": {"3": {"national_rating": 1850}, "4": {"national_rating": 1700}}}
    assert paid(award_prizes(s, parse_prize_data(data))) == {4: Decimal("30.00")}


def test_club_federation_and_unrated_categories() -> None:
    text = build(BYES, players=6, ratings={1: 2390, 2: 2380, 3: 2370, 4: 2360, 5: 0, 6: 2340})
    text = text.replace("   6 m    Player 6                          2340 ITA", "   6 m    Player 6                          2340 SUI")
    s = rank(parse_trf(text), "TPN")
    data = {
        "one_prize_per_player": False,
        "players": {"4": {"club": "Torre Genova"}, "2": {"club": "torre genova"}},
        "categories": [
            {"id": "club", "club": "Torre Genova", "prizes": [20]},  # 2 and 4 (case ignored): 2 is ahead
            {"id": "sui", "federation": ["SUI", "LIE"], "prizes": [15]},  # only 6
            {"id": "unrated", "unrated": True, "prizes": [10]},  # only 5 (rating 0 is unrated)
        ],
    }
    pl = award_prizes(s, parse_prize_data(data))
    assert paid(pl) == {2: Decimal("20.00"), 5: Decimal("10.00"), 6: Decimal("15.00")}
