"""A game state drawn for people, as an SVG string: the pitch, grid, track or hall in the book's own
geometry, the pieces, the declared action (pass line, tackle) and the verdict. Pure: the CLI writes it
to a file, the web app can inline it."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from referee.rules.headline import headline
from referee.states.ruling import Ruling

TEAM_COLOURS = {"attack": "#1f6fb2", "defence": "#c0392b", "me": "#1f6fb2", "opponent": "#c0392b"}
FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'


def render_state_svg(state: dict[str, Any], verdict: Ruling | None = None, *, said: bool = True) -> str:
    """The state document (as read from YAML/JSON) and, optionally, its settled verdict: drawn on the
    pieces and, when `said`, written over them in the headline's words (the web page, which heads the
    drawing with the same headline, draws it unsaid: the verdict is read once)."""
    game = state.get("game")
    draw = {
        "takkure": _plane,
        "rugby-world": _grid,
        "touchdown-heroes": _field,
        "tacocat": _track,
        "ta-ke": _hall,
    }.get(game if isinstance(game, str) else "", _unknown)
    width, height, body = draw(state, verdict)
    width = max(width, 440)  # room for the verdict's words
    header = _header(state, verdict if said else None, width)
    top = 24 + 16 * len(header)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + top}" '
        f'viewBox="0 0 {width} {height + top}" {FONT} font-size="12">'
        f'<rect width="100%" height="100%" fill="#ffffff"/>'
        + "".join(
            f'<text x="8" y="{18 + 16 * i}" font-weight="{"bold" if i == 0 else "normal"}">{escape(line)}</text>'
            for i, line in enumerate(header)
        )
        + f'<g transform="translate(0,{top})">{body}</g></svg>'
    )


def _header(state: dict[str, Any], verdict: Ruling | None, width: int) -> list[str]:
    lines = _wrap(f"{state.get('game', '?')}: {state.get('action', '')}", int(width / 7.2))
    if verdict is not None:
        head = headline(verdict)  # the words the CLI and the web head the ruling with, never a bare verdict code
        lines.append(head.word.upper() + (f" {head.value}" if head.value else ""))
        lines += _wrap(verdict.summary, int(width / 7.2))
    return lines


def _wrap(text: str, limit: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + len(word) + 1 > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line] if line else lines


def _names_in(action: str) -> list[str]:
    return re.findall(r"#(\w+)", action or "")


def _points_in(action: str) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in re.findall(r"\[\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*\]", action or "")]


def _pieces(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    pieces = state.get("pieces") or {}
    out = {}
    for name, raw in pieces.items() if isinstance(pieces, dict) else []:
        if isinstance(raw, dict) and isinstance(raw.get("at"), list) and len(raw["at"]) == 2:
            out[str(name).lstrip("#")] = raw
    return out


def _arrow_defs() -> str:
    return (
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>'
    )


def _board(state, verdict, xs, ys, scale, radius_of, lines) -> tuple[int, int, str]:
    """Pieces on a plane: xs/ys the visible range in the book's units, +y drawn upward."""
    x0, x1 = xs
    y0, y1 = ys
    width, height = int((x1 - x0) * scale) + 20, int((y1 - y0) * scale) + 20

    def at(p) -> tuple[float, float]:
        return 10 + (p[0] - x0) * scale, 10 + (y1 - p[1]) * scale

    parts = [
        _arrow_defs(),
        f'<rect x="10" y="10" width="{width - 20}" height="{height - 20}" fill="#e8f5e0" stroke="#6a8"/>',
    ]
    for y, label in lines:
        if y0 <= y <= y1:
            _, sy = at((x0, y))
            parts.append(
                f'<line x1="10" y1="{sy:.1f}" x2="{width - 10}" y2="{sy:.1f}" stroke="#6a8" stroke-width="1.5"/>'
            )
            parts.append(
                f'<text x="{width - 12}" y="{sy - 3:.1f}" text-anchor="end" fill="#486">{escape(label)}</text>'
            )
    pieces = _pieces(state)
    action = str(state.get("action", ""))
    names = _names_in(action)
    centres = {n: at(p["at"]) for n, p in pieces.items()}
    targets = [centres[n] for n in names if n in centres] + [at(p) for p in _points_in(action)]
    if len(targets) >= 2:
        colour = "#c0392b" if re.search(r"tackle", action, re.I) else "#333"
        (ax, ay), (bx, by) = targets[0], targets[-1]
        length = max(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5, 1e-9)
        stop = min(14.0, length / 2)  # end the arrow at the edge of the target, not under it
        bx, by = bx - (bx - ax) * stop / length, by - (by - ay) * stop / length
        dash = ' stroke-dasharray="6,4"' if re.search(r"free", action, re.I) else ""
        parts.append(
            f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
            f'stroke-width="2"{dash} marker-end="url(#arrow)"/>'
        )
    for name, raw in pieces.items():
        cx, cy = centres[name]
        r = radius_of(raw) * scale
        status = raw.get("status") or []
        status = [status] if isinstance(status, str) else status
        dash = ' stroke-dasharray="3,2"' if "grounded" in status or "tackled" in status else ""
        fill = TEAM_COLOURS.get(str(raw.get("team")), "#777")
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="#222"{dash}/>')
        if "pressure" in status:
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r + 2 * scale:.1f}" fill="none" stroke="{fill}" '
                'stroke-dasharray="2,3"/>'
            )
        parts.append(
            f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" fill="#fff" font-weight="bold">'
            f"{escape(name)}</text>"
        )
    ball = state.get("ball")
    where = (
        centres.get(str(ball).lstrip("#"))
        if isinstance(ball, (str, int))
        else at(ball)
        if isinstance(ball, list) and len(ball) == 2
        else None
    )
    if where:
        parts.append(
            f'<ellipse cx="{where[0] + 6:.1f}" cy="{where[1] - 6:.1f}" rx="6" ry="4" fill="#8b5a2b" stroke="#000"/>'
        )
    return width, height, "".join(parts)


def _plane(state, verdict) -> tuple[int, int, str]:
    """Takkure: inches; the book does not give the pitch's size, so the view frames the players."""
    pieces = _pieces(state)
    xs = [p["at"][0] for p in pieces.values()] or [0]
    ys = [p["at"][1] for p in pieces.values()] or [0]
    lines = []
    if isinstance(state.get("in_goal"), (int, float)):
        ys.append(state["in_goal"])
        lines.append((state["in_goal"], "in-goal zone"))
    span = (min(xs) - 4, max(xs) + 4), (min(ys) - 4, max(ys) + 4)
    return _board(
        state,
        verdict,
        span[0],
        span[1],
        24,
        lambda raw: (raw.get("base", 40) if isinstance(raw.get("base", 40), (int, float)) else 40) / 2 / 25.4,
        lines,
    )


def _grid(state, verdict) -> tuple[int, int, str]:
    """Rugby World: intersections, 2 m a row; try lines on rows 0 and 50, the 22s on 11 and 39. The view
    frames the miniatures (the whole pitch would make them dots), with the lines that fall inside it."""
    width = state.get("width", 35) if isinstance(state.get("width", 35), int) else 35
    lines = [(0, "try line"), (11, "22 m"), (25, "halfway"), (39, "22 m"), (50, "try line")]
    pieces = _pieces(state)
    xs = [p["at"][0] for p in pieces.values()] + [p[0] for p in _points_in(str(state.get("action", "")))] or [0]
    ys = [p["at"][1] for p in pieces.values()] + [p[1] for p in _points_in(str(state.get("action", "")))] or [0]
    span_x = (max(0, min(xs) - 3), min(width, max(xs) + 3))
    span_y = (max(-5, min(ys) - 3), min(55, max(ys) + 3))
    w, h, body = _board(state, verdict, span_x, span_y, 26, lambda raw: 0.4, lines)
    dots = "".join(
        f'<circle cx="{10 + (x - span_x[0]) * 26}" cy="{10 + (span_y[1] - y) * 26}" r="1.5" fill="#6a8"/>'
        for x in range(int(span_x[0]), int(span_x[1]) + 1)
        for y in range(int(span_y[0]), int(span_y[1]) + 1)
    )
    return w, h, body.replace("</rect>", "</rect>", 1).replace('stroke="#6a8"/>', 'stroke="#6a8"/>' + dots, 1)


def _field(state, verdict) -> tuple[int, int, str]:
    """Touchdown Heroes: ten squares counted down to the goal, "0" beyond the card."""
    cell, parts = 44, []
    for square in range(10, -1, -1):
        x = 10 + (10 - square) * cell
        fill = "#f4e7c5" if square else "#d9f0d0"
        parts.append(f'<rect x="{x}" y="10" width="{cell}" height="{cell}" fill="{fill}" stroke="#886"/>')
        parts.append(f'<text x="{x + cell / 2}" y="26" text-anchor="middle">{square if square else "0 goal"}</text>')
    ball = state.get("ball")
    if isinstance(ball, int) and 0 <= ball <= 10:
        centre = 10 + (10 - ball) * cell + cell / 2
        parts.append(f'<ellipse cx="{centre}" cy="40" rx="9" ry="6" fill="#8b5a2b" stroke="#000"/>')
    y = 80
    players = state.get("players") if isinstance(state.get("players"), list) else []
    trick = state.get("trick") if isinstance(state.get("trick"), list) else []
    lead = state.get("lead")
    names = [str(p.get("name")) for p in players if isinstance(p, dict)]
    start = names.index(lead) if lead in names else 0
    for i, p in enumerate(p for p in players if isinstance(p, dict)):
        played = trick[(i - start) % 4] if (i - start) % 4 < len(trick) else ""
        mark = " (lead)" if p.get("name") == lead else ""
        colour = TEAM_COLOURS.get(str(p.get("team")), "#333")
        parts.append(
            f'<text x="10" y="{y}" fill="{colour}" font-weight="bold">{escape(str(p.get("name")))}{mark}</text>'
            f'<text x="120" y="{y}">{escape(str(played))}</text>'
        )
        y += 18
    return 10 + 11 * cell + 10, y, "".join(parts)


def _track(state, verdict) -> tuple[int, int, str]:
    """Tacocat: seven spaces between the goals, counted from the centre space printed 7."""
    cell, parts = 56, []
    covered = state.get("covered") if isinstance(state.get("covered"), list) else []
    for i, space in enumerate(range(-4, 5)):
        x = 10 + i * cell
        goal = abs(space) == 4
        label = ("my goal" if space < 0 else "their goal") if goal else ("7" if space == 0 else str(space))
        fill = "#d9f0d0" if goal else "#999" if space in covered else "#f4e7c5"
        parts.append(
            f'<rect x="{x}" y="10" width="{cell}" height="{cell}" fill="{fill}" stroke="#886"/>'
            f'<text x="{x + cell / 2}" y="28" text-anchor="middle">{label}</text>'
        )
    cat = state.get("cat", 0)
    if isinstance(cat, int) and -3 <= cat <= 3:
        parts.append(f'<circle cx="{10 + (cat + 4) * cell + cell / 2}" cy="46" r="10" fill="#e67e22" stroke="#000"/>')
    hands = state.get("hands") if isinstance(state.get("hands"), dict) else {}
    y = 90
    for side in ("me", "opponent"):
        parts.append(
            f'<text x="10" y="{y}" fill="{TEAM_COLOURS[side]}">{side}: {escape(str(hands.get(side, [])))}</text>'
        )
        y += 18
    return 10 + 9 * cell + 10, y, "".join(parts)


def _hall(state, verdict) -> tuple[int, int, str]:
    """TA-KE: the five stacks of the audience hall, chips from the bottom up, ghost tokens on top."""
    colours = {"daimyo": "#8e44ad", "ronin": "#2c3e50", "geisha": "#e84393", "ninja": "#27ae60", "samurai": "#f39c12"}
    hall = state.get("hall") if isinstance(state.get("hall"), dict) else {}
    parts, column = [], 80
    mid = (column - 10) / 2
    for i, (name, stack) in enumerate(hall.items()):
        chips = stack.get("chips", []) if isinstance(stack, dict) else []
        chips = chips if isinstance(chips, list) else []  # `chips:` left empty reads as none
        x = 10 + i * column
        for j, chip in enumerate(chips):
            y = 180 - j * 22
            parts.append(
                f'<rect x="{x}" y="{y}" width="{column - 10}" height="20" rx="6" '
                f'fill="{colours.get(str(chip), "#777")}"/>'
                f'<text x="{x + mid}" y="{y + 14}" text-anchor="middle" fill="#fff">{escape(str(chip))}</text>'
            )
        if isinstance(stack, dict) and stack.get("ghost"):
            y = 180 - len(chips) * 22
            parts.append(f'<text x="{x + mid}" y="{y + 14}" text-anchor="middle">ghost</text>')
        parts.append(f'<text x="{x + mid}" y="220" text-anchor="middle" font-weight="bold">{escape(str(name))}</text>')
    return 20 + 5 * column, 230, "".join(parts)


def _unknown(state, verdict) -> tuple[int, int, str]:
    return 400, 40, '<text x="10" y="20">no drawing for this game</text>'
