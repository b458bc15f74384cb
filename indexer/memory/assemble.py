"""The shipped memory assembled from the repository's question sets (`referee train`).

In: data/reader/players.jsonl and silent.jsonl (their test split stays out: it judges), and
data/memory/*.jsonl (the memory writers' files). Out: one line per question, the fields of
`Remembered`, written to the package's data (`memory.jsonl`).

The judging sets (data/judging/, data/questions-*.jsonl, data/reader/'s test split) are read for
one thing only: a remembered question that nearly copies a judging question (the same words, or
SAME_WORDS of them shared) is left out, so that no judging question is answered by its own
near-copy. Each writer wrote blind, so such pairs are chance (short questions: "Who wins the
game?"); `benchmarks/memory_overlap.py` reports what is left, by cosine too.
"""

from __future__ import annotations

import re
from pathlib import Path

from referee.indexer.memory.bank import Remembered, _item, json_lines

SAME_WORDS = 0.7  # Jaccard of two questions' words at or above which one nearly copies the other
_WORD = re.compile(r"\w+")


def words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.lower()))


def near_copy(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a | b) and len(a & b) / len(a | b) >= SAME_WORDS


def judging_questions(root: Path) -> list[str]:
    """Every question of every judging set in a checkout (`root`: its data/ folder)."""
    out: list[str] = []
    paths = [*sorted((root / "judging").glob("*.jsonl")), *sorted(root.glob("questions-*.jsonl"))]
    for path in paths:
        for _, data in json_lines(path):
            out += [str(data[k]) for k in ("q", "q2") if data.get(k)]
    players = root / "reader" / "players.jsonl"
    if players.is_file():
        out += [str(d["q"]) for _, d in json_lines(players) if d.get("split") == "test"]
    return out


def assemble(
    sets: Path, memory_sets: Path, sections: dict[str, str], judging: list[str] | None = None
) -> tuple[list[Remembered], int]:
    """Every remembered question, deduplicated by (game, words), with its section, less those
    that nearly copy a judging question; and how many were left out for that."""
    items: list[Remembered] = []
    for name, kind in (("players.jsonl", "answerable"), ("silent.jsonl", "silent")):
        path = sets / name
        if path.is_file():
            for where, data in json_lines(path):
                if data.get("split") != "test":
                    items.append(_item({**data, "kind": kind}, where))
    for path in sorted(memory_sets.glob("*.jsonl")):
        for where, data in json_lines(path):
            data.setdefault("source", path.stem)
            items.append(_item(data, where))
    judged = [words(q) for q in judging or []]
    by_word: dict[str, list[int]] = {}
    for n, w in enumerate(judged):
        for word in w:
            by_word.setdefault(word, []).append(n)
    seen: set[tuple[str, str]] = set()
    out = []
    dropped = 0
    for item in items:
        mine = words(item.q)
        near = {n for word in mine for n in by_word.get(word, ())}
        if any(near_copy(mine, judged[n]) for n in near):
            dropped += 1
            continue
        key = (item.game, " ".join(item.q.lower().split()))
        if key in seen:
            continue
        seen.add(key)
        section = sections.get(item.entry or "") or item.section
        out.append(Remembered(item.id, item.game, item.q, item.kind, item.entry, item.gold, item.source, section))
    return out, dropped
