"""Scoring a question set the way docs/evaluation.md defines it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.books.text import normalise
from referee.errors import RefereeError
from referee.validation.documents import load_json
from referee.validation.text import require_text

KS = (1, 3, 5)


@dataclass
class SetQuestion:
    id: str
    game: str
    q: str
    gold: list[str]


def load_questions(path: Path, game: str | None = None) -> list[SetQuestion]:
    """JSON lines of id, game, q and gold; `game` stands for a line's missing game. A line with an
    empty gold is unanswerable: scored by whether the answer abstains, never as a miss."""
    if not path.is_file():
        raise RefereeError(f"{path}: question file not found")
    questions = []
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        data = load_json(line, f"{path}:{number}")
        try:
            if not isinstance(data, dict):
                raise TypeError("a line is a JSON object")
            if "game" not in data and game is None:
                raise KeyError("'game' (or give one with --game)")
            which = str(data.get("game", game)) if game is None or "game" in data else game
            questions.append(SetQuestion(str(data["id"]), which, str(data["q"]), list(data.get("gold", []))))
        except (ValueError, KeyError, TypeError) as exc:
            raise RefereeError(f"{path}:{number}: not a question line ({exc})") from None
        require_text(json.dumps(data, ensure_ascii=False), f"{path}:{number}")
    if not questions:
        raise RefereeError(f"{path}: no questions")
    return questions


def hits_gold(title: str, text: str, gold: Iterable[str]) -> bool:
    haystack = normalise(f"{title} {text}")
    return any(normalise(g) in haystack for g in gold)


def rank_of(results: list[dict[str, Any]], gold: list[str]) -> int | None:
    return next((n for n, r in enumerate(results, 1) if hits_gold(r.get("title", ""), r["text"], gold)), None)


def summarise(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks) or 1  # a set of unanswerable lines only has no answerable ranks
    summary = {f"hit@{k}": sum(1 for r in ranks if r is not None and r <= k) / n for k in KS}
    summary["mrr"] = sum(1 / r for r in ranks if r) / n
    summary["n"] = len(ranks)
    return summary


def evaluate(
    questions: list[SetQuestion],
    retrieve: Callable[[SetQuestion, bool], list[dict[str, Any]]],
    k: int = 5,
    modes: tuple[bool, ...] = (True, False),
    abstains: Callable[[SetQuestion, bool], bool] | None = None,
) -> dict[str, Any]:
    """retrieve(question, game_given) -> ranked results with title and text; abstains(question,
    game_given) -> whether the answer says the book does not say (for the unanswerable lines)."""
    report: dict[str, Any] = {"k": k, "modes": {}}
    answerable = [q for q in questions if q.gold]
    unanswerable = [q for q in questions if not q.gold]
    for game_given in modes:
        per_question: list[dict[str, Any]] = []
        for question in answerable:
            results = retrieve(question, game_given)[:k]
            per_question.append(
                {
                    "id": question.id,
                    "game": question.game,
                    "q": question.q,
                    "rank": rank_of(results, question.gold),
                    "hits": [{"id": r.get("id"), "title": r.get("title", ""), "text": r["text"]} for r in results],
                }
            )
        games = sorted({q["game"] for q in per_question})
        report["modes"]["game given" if game_given else "no game"] = {
            "overall": summarise([q["rank"] for q in per_question]),
            "per_game": {g: summarise([q["rank"] for q in per_question if q["game"] == g]) for g in games},
            "questions": per_question,
        }
        if unanswerable and abstains is not None:
            abstained = [q.id for q in unanswerable if abstains(q, game_given)]
            report["modes"]["game given" if game_given else "no game"]["unanswerable"] = {
                "n": len(unanswerable),
                "abstained": len(abstained) / len(unanswerable),
                "answered": sorted({q.id for q in unanswerable} - set(abstained)),
            }
    return report
