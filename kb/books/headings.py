"""Which body lines are headings, and their levels: from the table of contents, the book's own
list of headings, the patterns game.toml gives, and the shape of a line."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from referee.books.lines import BULLET, NUMBERED, Piece
from referee.books.parseconf import ParseConfig

HEADING_NUMBER = re.compile(r"^(?P<num>\d+(?:\.\d+)?[A-Za-z]?)[.)]?\s+(?P<title>\S.*)$")


@dataclass
class Heading:
    piece: Piece
    level: int


def slugify(text: str, max_words: int = 6) -> str:
    """A readable id part; long headings keep their first words so ids stay typeable."""
    text = unicodedata.normalize("NFKC", text).lower()
    words = [w for w in re.split(r"[^\w]+", text) if w]
    return "-".join(words[:max_words]) or "section"


def split_heading_number(heading: str) -> tuple[str | None, str]:
    match = HEADING_NUMBER.match(heading)
    if match:
        return match.group("num"), match.group("title")
    return None, heading


def _is_uppercase_heading(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return (
        len(letters) >= 3
        and all(not c.islower() for c in letters)
        and len(text) <= 80
        and not text.endswith((":", "."))
    )


def _is_short_line_heading(text: str) -> bool:
    return (
        len(text) <= 80
        and text[:1].isupper()
        and not text.endswith((".", ":", ";", ",", "!", "?", ")"))
        and not BULLET.match(text)
        and not NUMBERED.match(text)
    )


@dataclass
class HeadingRules:
    toc_level: dict[str, int]
    toc_parents: set[str]
    shape_level: dict[str, int]
    end_titles: set[str]
    conf: ParseConfig


def heading_rules(toc: list[tuple[int, str]], end_titles: list[str], conf: ParseConfig) -> HeadingRules:
    toc_level: dict[str, int] = {}
    parents: set[str] = set()
    shape_level: dict[str, int] = {}
    for k, (level, title) in enumerate(toc):
        toc_level.setdefault(title, level)
        if k + 1 < len(toc) and toc[k + 1][0] > level:
            parents.add(title)
        number, _ = split_heading_number(title)
        if number:
            shape_level.setdefault(re.sub(r"\d", "9", number), level)
    return HeadingRules(toc_level, parents, shape_level, set(end_titles), conf)


def _heading_level(
    text: str, next_text: str | None, rules: HeadingRules, state: dict[str, int | str | None]
) -> int | None:
    """The level of `text` if it is a heading, else None."""
    conf = rules.conf
    if text in rules.toc_level:
        return rules.toc_level[text]
    if text in conf.child_headings:
        return int(state["last_toc_level"] or 0) + 1
    sibling = (
        text in rules.end_titles
        or text in conf.extra_headings
        or any(p.search(text) for p in conf.heading_patterns)
        or (next_text is not None and any(p.search(next_text) for p in conf.heading_before))
    )
    if sibling:
        number, _ = split_heading_number(text)
        if number and re.sub(r"\d", "9", number) in rules.shape_level:
            return rules.shape_level[re.sub(r"\d", "9", number)]
        prev_level = int(state["prev_level"] or 0)
        return prev_level + 1 if state["prev_title"] in rules.toc_parents else prev_level
    if conf.uppercase_headings and _is_uppercase_heading(text):
        return 0
    if conf.short_line_headings and _is_short_line_heading(text):
        return 0
    return None


def _next_texts(items: list[Piece | None]) -> list[str | None]:
    """For each position, the text of the next piece after it (one backward pass: linear)."""
    out: list[str | None] = [None] * len(items)
    following: str | None = None
    for k in range(len(items) - 1, -1, -1):
        out[k] = following
        item = items[k]
        if item is not None:
            following = item.text
    return out


def mark_headings(items: list[Piece | None], rules: HeadingRules) -> list[Piece | Heading | None]:
    state: dict[str, int | str | None] = {"last_toc_level": 0, "prev_level": 0, "prev_title": None}
    out: list[Piece | Heading | None] = []
    next_texts = _next_texts(items)
    for k, item in enumerate(items):
        if item is None or item.indent or BULLET.match(item.text):
            out.append(item)
            continue
        level = _heading_level(item.text, next_texts[k], rules, state)
        if level is None:
            out.append(item)
            continue
        if item.text in rules.toc_level:
            state["last_toc_level"] = level
        state["prev_level"], state["prev_title"] = level, item.text
        out.append(Heading(item, level))
    return out
