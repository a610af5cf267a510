"""Prizes and categories: a prize file awarded on the final standings, every award explained."""

from __future__ import annotations

from .award import Award, PrizeList, award_prizes, decider
from .spec import (
    SCHEMA,
    Category,
    PlayerData,
    PrizeFile,
    load_prize_file,
    parse_prize_bytes,
    parse_prize_data,
    prize_file_data,
    prize_file_json,
    prize_file_toml,
)

__all__ = [
    "SCHEMA",
    "Award",
    "Category",
    "PlayerData",
    "PrizeFile",
    "PrizeList",
    "award_prizes",
    "decider",
    "load_prize_file",
    "parse_prize_bytes",
    "parse_prize_data",
    "prize_file_data",
    "prize_file_json",
    "prize_file_toml",
]
