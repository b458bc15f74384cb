"""Turning the knowledge base's dictionaries into what a page shows: labels, form fields, the
board a check's positions are placed on. Presentation only: no rule is decided here."""

from __future__ import annotations

import base64
import re
from typing import Any
from urllib.parse import quote, urlencode

import jinja2

from referee import store
from referee.books.translation import LABEL, QuoteTranslation, translate_quote
from referee.web import words

LANGUAGES = {"en": "English", "uk": "Ukrainian", "it": "Italian", "fr": "French", "de": "German", "es": "Spanish"}
ONE_LINE = 140  # a related rule is one line on a phone: cut at a word, marked with …
BOARD_PADDING = 2.0  # units of the board beyond its range, so a piece on the edge is still tappable


def install(env: jinja2.Environment) -> None:
    env.filters.update(
        pct=percent,
        crumbs=crumbs,
        language=language_name,
        one_line=one_line,
        value_text=value_text,
        humanise=humanise,
        href=href,
        in_book=in_book,
        step_query=step_query,
        verdict_words=words.verdict_words,
        chain_summary=words.chain_summary,
        once_each=words.once_each,
        said=words.said,
        check_title=words.check_title,
        short_title=words.short_title,
        sureness=words.sureness,
        answer_sureness=words.answer_sureness,
        duration=duration,
        quote_translation=quote_translation,
    )
    env.globals.update(verdict_word=lambda v: words.VERDICT_WORDS.get(v, v))


def quote_translation(item: dict[str, Any]) -> dict[str, Any] | None:
    """An answer's passage's translation as the library decides it (`translate_quote`, as the CLI):
    the quoted sentences' first when they line up, the whole entry's beside them."""
    given = item.get("translation")
    if not isinstance(given, dict) or not given.get("text"):
        return None
    lang = str(given.get("lang") or "en")
    if "of" in given:  # an answer's passage (`Citation.translation`): the library decided it, render it
        decided = QuoteTranslation(
            lang, str(given.get("label") or LABEL), given["text"], given.get("quoted"), given.get("why_whole")
        )
        return decided.to_json()
    return translate_quote(str(item.get("text") or ""), str(item.get("quote") or ""), given["text"], lang).to_json()


def quoted_pairs(data: Any) -> list[tuple[str, str]]:
    """Every (entry id, quote) a verdict's JSON cites, its chain's steps, readings and consequences
    included, in order, once each."""
    found: dict[tuple[str, str], None] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            entry, cited = node.get("entry"), node.get("quote")
            if isinstance(entry, str) and isinstance(cited, str) and cited:
                found[(entry, cited)] = None
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data)
    return list(found)


def quote_translations(db: Any, data: Any) -> dict[str, dict[str, Any]]:
    """`"entry|quote"` -> the translation the library decides for that quote (`translate_quote`),
    for the quotes of a verdict whose entries have one: a Ukrainian book's chain in English too
    (phone review 5, task 13: Tacocat's chain was Ukrainian only). Read on a worker thread."""
    pairs = quoted_pairs(data)
    rows = store.entries_by_ids(db, list(dict.fromkeys(entry for entry, _ in pairs))) if pairs else {}
    out = {}
    for entry_id, cited in pairs:
        entry = rows.get(entry_id)
        if entry is None or not entry.translations:
            continue
        given = entry.translations[0]
        shown = translate_quote(entry.text, cited, str(given["text"]), str(given.get("lang") or "en"))
        out[f"{entry_id}|{cited}"] = shown.to_json()
    return out


FROM_SHEET = "from=sheet"  # a rule opened from a sheet's citation: its page links back to the sheet


def cited_from_sheet(body: str, game: str, lang: str | None) -> str:
    """A sheet's body (the knowledge base's HTML) with each citation of a rule of `game` marked as
    opened from the sheet, so the rule page offers "Back to the sheet"; the printable page keeps its own."""
    mark = FROM_SHEET + (f"&amp;lang={lang}" if lang else "")
    prefix = re.escape(href(game) + "/")
    return re.sub(rf'href="({prefix}[^"?#]*)"', rf'href="\1?{mark}"', body)


def back_to_sheet(params: Any, game: str) -> str | None:
    """The sheet a rule page was opened from (`cited_from_sheet`), or None."""
    if params.get("from") != "sheet":
        return None
    lang = params.get("lang") or ""
    return href(f"sheets/{game}") + (f"?lang={lang}" if re.fullmatch(r"[a-z]{2}", lang) else "")


def href(item_id: str) -> str:
    """The page of an entry, section or game: /<id>, every part of the id percent-encoded."""
    return "/" + quote(item_id.strip("/"), safe="/")


def in_book(entry: dict[str, Any]) -> str | None:
    """An entry in its place: its section's page at the entry (the section page's anchor is the
    entry's id, so the browser scrolls there and `:target` marks it); None before the first heading."""
    section = entry.get("section_id")
    return f"{href(section)}#{quote(entry['id'], safe='/')}" if section else None


def duration(seconds: Any) -> str:
    """'45 s', '2 min 15 s': a wait as a person reads it."""
    try:
        total = max(0, round(float(seconds)))
    except (TypeError, ValueError):
        return ""
    minutes, rest = divmod(total, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


def percent(value: Any) -> str:
    try:
        return f"{float(value):.0%}"
    except (TypeError, ValueError):
        return ""


def crumbs(path: list[str] | None, fallback: str = "(before the first heading)") -> str:
    return " › ".join(path or []) or fallback


def language_name(code: str | None) -> str:
    return LANGUAGES.get(code or "", code or "")


def one_line(text: str | None, limit: int = ONE_LINE) -> str:
    """The text on one line, cut at a word boundary with … when longer than `limit`."""
    flat = " ".join((text or "").split())
    if len(flat) <= limit:
        return flat
    cut = flat[:limit].rsplit(" ", 1)[0].rstrip(",;:.")
    return cut + " …"


humanise = words.humanise


def value_text(value: Any) -> str:
    """A fact's value as a person types it in the form (and as `--fact name=value` takes it)."""
    return words.said(value, "true", "false")


def step_query(step: dict[str, Any]) -> str:
    """A state's step as the address of its check's page: the facts it got, as the form takes them."""
    return urlencode({name: value_text(value) for name, value in step["facts"].items()})


def svg_data_uri(svg: str) -> str:
    """A drawing as an <img> source: scaled like an image on a phone, and never a script (an SVG
    inside <img> runs none), whatever text the state put into it."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


# ---------------------------------------------------------------- Settle: the form


def example_query(described: dict[str, Any]) -> dict[str, str]:
    """The check's own example situation as address parameters."""
    facts = (described.get("example") or {}).get("facts") or {}
    return {name: value_text(value) for name, value in facts.items()}


def fact_form(described: dict[str, Any], params: Any) -> list[dict[str, Any]]:
    """One field per fact of the check's schema: the input that fits its type, with its unit,
    range, default and help; the value is the address's, else empty (the default applies)."""
    fields = []
    for fact in described["facts"]:
        kind = fact["type"]
        field = {
            **fact,
            "label": humanise(fact["name"]),
            "value": params.get(fact["name"], ""),
            "default_text": value_text(fact["default"]) if "default" in fact else None,
            "required": "default" not in fact,
            "input": _input_kind(kind),
            "range": _range_text(fact),
        }
        if kind == "bool":
            field["choices"] = ["true", "false"]
        fields.append(field)
    return fields


def _input_kind(kind: str) -> str:
    return {"int": "number", "float": "number", "bool": "select", "choice": "select"}.get(kind, "text")


def _range_text(fact: dict[str, Any]) -> str:
    low, high = fact.get("low"), fact.get("high")
    if low is None and high is None:
        return ""
    unit = f" {fact['unit']}" if fact.get("unit") else ""
    each = "each " if fact["type"] in ("point", "ints") else ""
    # a fact may be bounded on one side only (a count from 0 up): say that side, never "None"
    if high is None:
        return f"{each}{low:g}{unit} or more"
    if low is None:
        return f"{each}at most {high:g}{unit}"
    return f"{each}from {low:g} to {high:g}{unit}"


# ---------------------------------------------------------------- Settle: the board


def board(described: dict[str, Any], params: Any, whole: bool = False) -> dict[str, Any] | None:
    """Where a check's position facts are placed by tapping: the facts' own range and unit, the
    pieces where the address puts them, and the scoring direction when the check has one.

    The board opens zoomed to the pieces involved (a whole 80-inch pitch on a phone is 4 pixels an
    inch: too small for a finger), `whole` shows all of it. Whole-number units (intersections) snap
    to points; inches snap to half an inch."""
    points = [f for f in described["facts"] if f["type"] == "point"]
    if not points:
        return None
    low = min(f.get("low", 0.0) for f in points)
    high = max(f.get("high", 0.0) for f in points)
    if high <= low:
        return None
    unit = points[0].get("unit") or ""
    size = high - low + 2 * BOARD_PADDING
    pieces = []
    for number, fact in enumerate(points):
        where = parse_point(params.get(fact["name"], ""))
        pieces.append(
            {
                "name": fact["name"],
                "label": humanise(fact["name"]),
                "letter": fact["name"][:1].upper(),
                "number": number,
                "x": where[0] if where else None,
                "y": where[1] if where else None,
            }
        )
    direction_fact = next((f for f in described["facts"] if f["name"] == "scoring_direction"), None)
    direction = params.get("scoring_direction") or (direction_fact or {}).get("default")
    placed = [(p["x"], p["y"]) for p in pieces if p["x"] is not None]
    view = _view(placed, low, high, unit) if placed and not whole else (0.0, 0.0, size)
    span = view[2]
    grid = _grid_step(span)
    lines = [low + i * grid for i in range(int((high - low) / grid) + 1)]
    return {
        "low": low,
        "high": high,
        "size": size,
        "padding": BOARD_PADDING,
        "unit": unit,
        "snap": 1.0 if unit == "intersections" else 0.5,
        "grid": grid,
        "lines": lines,
        "gutter": label_gutter(span / 28, [value_text(v) for v in lines]),
        "pieces": pieces,
        "direction": direction if direction in ("+y", "-y") else None,
        "view": view,
        "zoomed": span < size,
        "zoom_span": ZOOM_SPAN.get(unit, 16.0),  # what a tap on a board too fine for a finger zooms to (referee.js)
        "radius": span / 26,
        "font": span / 28,
    }


ZOOM_SPAN = {"intersections": 14.0, "inches": 16.0}  # the least a zoomed board shows
DIGIT_EM = 0.6  # a digit's width, in the font's size, at most (the labels are numbers)


def label_gutter(font: float, labels: list[str]) -> float:
    """How far from the view's left edge the numbers along the bottom start: the column of numbers
    up the left side is this wide, so the two never meet in the corner (referee.js draws a zoomed
    board's numbers by the same rule). Phone review 4, task 12: "23" over "5"."""
    longest = max((len(label) for label in labels), default=1)
    return round(font * (0.2 + DIGIT_EM * longest + 0.4), 2)


def _view(placed: list[tuple[float, float]], low: float, high: float, unit: str) -> tuple[float, float, float]:
    """A square around the pieces in the board's drawing units (x0, y0, side), within the board."""
    size = high - low + 2 * BOARD_PADDING
    xs = [x - low + BOARD_PADDING for x, _ in placed]
    ys = [high - y + BOARD_PADDING for _, y in placed]
    spread = max(max(xs) - min(xs), max(ys) - min(ys))
    side = min(size, max(ZOOM_SPAN.get(unit, 16.0), spread * 1.8 + 4))
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    x0 = min(max(cx - side / 2, 0.0), size - side)
    y0 = min(max(cy - side / 2, 0.0), size - side)
    return (round(x0, 2), round(y0, 2), round(side, 2))


def _grid_step(span: float) -> float:
    for step in (1, 2, 5, 10, 20):
        if span / step <= 20:
            return float(step)
    return 50.0


def parse_point(text: str) -> tuple[float, float] | None:
    numbers = re.findall(r"-?\d+(?:\.\d+)?", text or "")
    if len(numbers) != 2:
        return None
    return float(numbers[0]), float(numbers[1])


# ---------------------------------------------------------------- API documentation


def operations(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The OpenAPI schema's operations, in the order they are declared, for the docs page."""
    out = []
    for path, methods in schema.get("paths", {}).items():
        for method, operation in methods.items():
            params = [
                {
                    "name": p["name"],
                    "where": p["in"],
                    "required": p.get("required", False),
                    "description": p.get("description") or p.get("schema", {}).get("description", ""),
                }
                for p in operation.get("parameters", [])
            ]
            out.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": operation.get("summary", ""),
                    "description": operation.get("description", ""),
                    "params": params,
                    "body": "requestBody" in operation,
                }
            )
    return out
