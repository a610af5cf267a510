"""The SVG chart of the comparison page: how each player's place moves between rule sets."""

from __future__ import annotations

from html import escape

from markupsafe import Markup

__all__ = ["bump_chart"]

PALETTE = (
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
    "#a6361c", "#6a3d9a", "#1b7837", "#b8860b", "#c51b7d", "#35978f",
)  # fmt: skip
"""The colours of the players who move, one each (colour-blind-safe first), in the order of their
first place; after twelve they come round again with a dashed line."""
STEP = 180
"""Distance between two rule sets' columns."""
ROW = 18
"""Height of one place."""
LABEL_CHARS = 26
"""Characters of a name written beside its line (the full name is the line's tooltip)."""
CHAR = 6.6
"""Width of a character of the labels, in the chart's units (11 px text)."""


def bump_chart(
    places: list[tuple[str, list[int]]],
    columns: list[str],
    highlight: set[str],
    *,
    title: str = "Places under each rule set",
) -> Markup:
    """An inline SVG of how each player's place moves between rule sets: one column per rule set,
    one line per player, labelled at both ends; each player whose place changes in a colour of his
    own and thicker.  The drawing keeps its own size (11-pixel labels on 18-pixel rows never overlap)
    and shrinks to a narrower box (``viewBox``)."""
    n = max((max(p) for _, p in places), default=1)
    longest = max((len(f"{max(ps)}. {who[:LABEL_CHARS]}") for who, ps in places), default=4)
    margin = int(longest * CHAR) + 14
    width = margin + STEP * max(1, len(columns) - 1) + margin
    height = 40 + ROW * n
    xs = [margin + STEP * k for k in range(len(columns))]

    def y(place: int) -> float:
        return 30 + ROW * (place - 1) + ROW / 2

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="bump" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'preserveAspectRatio="xMidYMin meet" role="img" aria-labelledby="bump-title">'
        ),
        f'<title id="bump-title">{escape(title)}</title>',
    ]
    for x, name in zip(xs, columns, strict=True):
        parts.append(f'<text x="{x}" y="16" text-anchor="middle" class="bump-head">{escape(name)}</text>')
        parts.append(f'<line x1="{x}" y1="24" x2="{x}" y2="{height - 6}" class="bump-axis"/>')
    movers = sorted((ps[0], who) for who, ps in places if who in highlight)
    colour = {who: k for k, (_first, who) in enumerate(movers)}
    # the players who keep their place first, under the coloured lines
    for who, ps in sorted(places, key=lambda item: item[0] in highlight):
        moved = who in highlight
        paint = ""
        if moved:
            k = colour[who]
            dash = ' stroke-dasharray="6 3"' if k >= len(PALETTE) else ""
            paint = f' stroke="{PALETTE[k % len(PALETTE)]}"{dash}'
        cls = "bump-line moved" if moved else "bump-line"
        label = "bump-label moved" if moved else "bump-label"
        fill = f' fill="{PALETTE[colour[who] % len(PALETTE)]}"' if moved else ""
        points = " ".join(f"{x},{y(p):.1f}" for x, p in zip(xs, ps, strict=True))
        short = escape(who[:LABEL_CHARS])
        parts.append(
            f'<polyline points="{points}" class="{cls}"{paint}><title>{escape(who)}</title></polyline>'
        )
        parts.append(
            f'<text x="{xs[0] - 8}" y="{y(ps[0]) + 4:.1f}" text-anchor="end" class="{label}"{fill}>'
            f"{ps[0]}. {short}</text>"
        )
        parts.append(
            f'<text x="{xs[-1] + 8}" y="{y(ps[-1]) + 4:.1f}" class="{label}"{fill}>{ps[-1]}. {short}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
