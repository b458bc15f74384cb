"""Priority edges: precedence rules, FAQ answers that clarify a rule, cards that override rules,
editor's notes that annotate, and the conflicts inside a book."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter

import numpy as np

from referee.books.entries import Edge, Entry, ParsedBook, Precedence
from referee.books.gameconf import Game
from referee.errors import RefereeError


def _tokens(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text.casefold()) if len(w) > 2]


class _TfIdf:
    """A small TF-IDF match, enough to tie a FAQ question to the rule it asks about.

    The candidates are counted once (postings per word), so each question costs the postings
    of its own words instead of a recount of every candidate."""

    def __init__(self, candidates: list[Entry]) -> None:
        self.candidates = candidates
        self.postings: dict[str, tuple[list[int], list[int]]] = {}
        for index, entry in enumerate(candidates):
            for word, count in Counter(_tokens(entry.text)).items():
                docs, counts = self.postings.setdefault(word, ([], []))
                docs.append(index)
                counts.append(min(count, 2))
        self.arrays = {w: (np.array(d), np.array(c, dtype=np.float64)) for w, (d, c) in self.postings.items()}

    def best(self, query: str, limit: int) -> list[Entry]:
        n = len(self.candidates) or 1
        scores = np.zeros(len(self.candidates))
        for word in set(_tokens(query)):
            if word in self.arrays:
                docs, counts = self.arrays[word]
                scores[docs] += math.log(n / len(docs)) * counts
        if limit == 1:  # argmax keeps the first of equal scores, as the stable sort does, without sorting
            order = np.array([int(np.argmax(scores))]) if len(scores) else np.array([], dtype=int)
        else:
            order = np.argsort(-scores, kind="stable")[:limit]
        return [self.candidates[i] for i in order if scores[i] > 0]


def priority_edges(game: Game, book: ParsedBook) -> tuple[list[Edge], list[Precedence]]:
    path = game.folder / "game.toml"
    by_id = {e.id: e for e in book.entries}
    edges: list[Edge] = []
    precedence = []
    sections = {s.id: s for s in book.sections}
    for rule in game.precedence:
        target = rule.entry
        if target not in by_id and target not in sections:
            raise RefereeError(f"{path}: precedence entry {target!r} does not exist")
        says = by_id[target].text if target in by_id else sections[target].heading
        precedence.append(Precedence(list(rule.higher), rule.over, target, says))
    faqs = [e for e in book.entries if e.kind == "faq"]
    matcher = _TfIdf([e for e in book.entries if e.normative and e.source == "rulebook"]) if faqs else None
    for entry in faqs:
        if matcher is not None:
            question = entry.text.split(" A: ", 1)[0]
            for clarified in matcher.best(question, 1):
                edges.append(Edge(entry.id, clarified.id, "clarifies", question, "matched by the question's words"))
    for override in game.overrides:
        pattern = override.effect
        targets = override.rules
        for target in targets:
            if target not in by_id:
                raise RefereeError(f"{path}: overrides rule {target!r} does not exist")
        for entry in book.entries:
            match = pattern.search(entry.text) if entry.kind == "card" else None
            if match:
                edges.extend(Edge(entry.id, t, "overrides", match.group(0), override.why) for t in targets)
    for conflict in game.conflicts:
        first, second = conflict.entries
        for eid in (first, second):
            if eid not in by_id:
                raise RefereeError(f"{path}: conflict entry {eid!r} does not exist")
        edges.append(Edge(first, second, "conflicts", conflict.reason, conflict.reason))
    edges.extend(_annotations(book))
    return edges, precedence


def _annotations(book: ParsedBook) -> list[Edge]:
    """An editor's or translator's note annotates the rule right before it in its section."""
    edges = []
    last_rule: dict[str | None, Entry] = {}  # section -> its latest entry that is not a note
    for entry in book.entries:
        if entry.kind != "note":
            last_rule[entry.section_id] = entry
            continue
        if not re.search(r"note\b", entry.text[:40], re.I):
            continue
        if entry.section_id in last_rule:
            edges.append(Edge(entry.id, last_rule[entry.section_id].id, "annotates", entry.text[:80]))
    return edges


DIE_HEADER = re.compile(r"\b(?:rolls?|dice|die|d\d+|\d+d\d+|d%|кидок|кидки|кубики?|кістк[аи])\b", re.I)
NOT_A_ROLL = re.compile(
    r"\b(?:rating|level|rank|score|value|class|tier|grade|strength|skill|distance|range|inches|cm|рейтинг|рівень)\b",
    re.I,
)


def _is_die_table(table: dict, lows: list[int]) -> bool:
    """A table whose first column is a die roll: its header says so, or (no header that names
    something else: a rating, a level, a distance) its ranges climb as a roll's do."""
    columns = table.get("columns") or []
    head = str(columns[0]) if columns else ""
    if DIE_HEADER.search(head):
        return True
    if NOT_A_ROLL.search(head) or len(lows) < 2:
        return False
    return all(a <= b for a, b in itertools.pairwise(lows))


def overlapping_rows(book: ParsedBook) -> list[Edge]:
    """Die-roll tables whose printed ranges overlap: a contradiction inside the book. A table
    whose first column is a rating, a level or a distance is not a roll (its rows may run down)."""
    edges = []
    for entry in book.entries:
        rows = (entry.table or {}).get("rows", [])
        spans = []
        for row in rows:
            numbers = [int(n) for n in re.findall(r"\d+", row[0])] if row else []
            if numbers:
                spans.append((min(numbers), max(numbers), row[0]))
        if not _is_die_table(entry.table or {}, [lo for lo, _, _ in spans]):
            continue
        for (a_lo, a_hi, a), (b_lo, _, b) in itertools.pairwise(spans):
            if b_lo < a_hi:  # a shared boundary ("0" to 2"", "2" to 4"") is the book's own convention
                note = f"die ranges overlap: {a!r} covers {a_lo}-{a_hi}, {b!r} starts at {b_lo}"
                edges.append(Edge(entry.id, entry.id, "conflicts", f"{a} / {b}", note))
    return edges
