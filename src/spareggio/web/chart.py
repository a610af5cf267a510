"""The SVG chart of the comparison page: how each player's place moves between rule sets."""

from __future__ import annotations

from html import escape

from markupsafe import Markup

__all__ = ["bump_chart"]

MARGIN = 200
"""Room for "51. Surname, Name" on either side."""
STEP = 180
"""Distance between two rule sets' columns."""
ROW = 18
"""Height of one place."""
LABEL_CHARS = 26
"""Characters of a name written beside its line (the full name is the line's tooltip)."""


def bump_chart(places: list[tuple[str, list[int]]], columns: list[str], highlight: set[str]) -> Markup:
    """An inline SVG of how each player's place moves between rule sets: one column per rule set,
    one line per player, the players whose place changes drawn in colour and thicker."""
    n = max((max(p) for _, p in places), default=1)
    width = MARGIN + STEP * max(1, len(columns) - 1) + MARGIN
    height = 40 + ROW * n
    xs = [MARGIN + STEP * k for k in range(len(columns))]

    def y(place: int) -> float:
        return 30 + ROW * (place - 1) + ROW / 2

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="bump" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-labelledby="bump-title">'
        ),
        '<title id="bump-title">Places under each rule set</title>',
    ]
    for x, name in zip(xs, columns, strict=True):
        parts.append(f'<text x="{x}" y="16" text-anchor="middle" class="bump-head">{escape(name)}</text>')
        parts.append(f'<line x1="{x}" y1="24" x2="{x}" y2="{height - 6}" class="bump-axis"/>')
    for who, ps in places:
        moved = who in highlight
        cls = "bump-line moved" if moved else "bump-line"
        label = "bump-label moved" if moved else "bump-label"
        points = " ".join(f"{x},{y(p):.1f}" for x, p in zip(xs, ps, strict=True))
        short = escape(who[:LABEL_CHARS])
        parts.append(f'<polyline points="{points}" class="{cls}"><title>{escape(who)}</title></polyline>')
        parts.append(
            f'<text x="{xs[0] - 8}" y="{y(ps[0]) + 4:.1f}" text-anchor="end" class="{label}">{ps[0]}. {short}</text>'
        )
        parts.append(
            f'<text x="{xs[-1] + 8}" y="{y(ps[-1]) + 4:.1f}" class="{label}">{ps[-1]}. {short}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
