"""Players' words for what the knowledge base names in code: a check by the question it answers,
a fact by its help text, a value with what it means, a position the question never gave said as
where it stands from the other. Presentation only: no rule is decided here."""

from __future__ import annotations

import re
from typing import Any

from referee.rules.headline import WORDS, headline

VERDICT_WORDS = WORDS  # a step's badge: the verdict in words (the library's)
NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")

# How sure an answer is, in the words a player reads first (the number is one tap away). Chosen by
# the answer's `confidence`: the reader's calibrated probability that the quote shown answers the
# question. At 0.6, "The book says" is right 80% of the time on the test split (0.62 at 0.5), and
# a right answer under it reads "Probably this", never a bare low number
# (benchmarks/sureness.py, records/2026-12-02-at-the-table-2.md). The one place these bounds
# live; the templates show the result.
SURE_AT = 0.6  # at or above: the book says it
SURENESS = {
    "says": "The book says",
    "probably": "Probably this — or one of these",
    "silent": "The book does not say",
}


def humanise(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


def check_title(described: dict[str, Any]) -> str:
    """The question a check answers, from its description ("May a defender declare a TACKLE on
    this player? (…)" -> its first question), else its name in words."""
    description = " ".join((described.get("description") or "").split())
    question = re.match(r"(.+?\?)(?:\s|$)", description)
    if question:
        return question.group(1)
    head = re.split(r"[:(]| — |; ", description, maxsplit=1)[0].strip().rstrip(".")
    return head or humanise(described["name"]).capitalize()


def fact_labels(described: dict[str, Any]) -> dict[str, str]:
    """Each fact by what it means ("the passer's Ball Control (BaC)"), its name when it has no help."""
    return {f["name"]: (f.get("help") or humanise(f["name"])) for f in described.get("facts", [])}


def fact_types(described: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["type"] for f in described.get("facts", [])}


def said(value: Any, yes: str = "yes", no: str = "no") -> str:
    """A fact's value as a player says it: yes/no, x, y, a list with commas (the form's fields
    take the same with true/false)."""
    if isinstance(value, bool):
        return yes if value else no
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return ", ".join(said(v, yes, no) for v in value)
    return "" if value is None else str(value)


def missing_sentence(names: list[str], labels: dict[str, str]) -> str:
    """ "give the passer's Ball Control (BaC) and the distance": what is still needed, in words."""
    words = [labels.get(n, humanise(n)) for n in names]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def verdict_words(verdict: dict[str, Any]) -> dict[str, Any]:
    """The headline of a verdict or a state's ruling, as the library words it
    (`referee.rules.headline`): {word, value, detail}; the CLI prints the same."""
    return headline(verdict).to_json()


def sureness(confidence: float | None, answered: bool = True) -> dict[str, Any]:
    """{level, words, confidence}: "The book says" at SURE_AT or above, "Probably this — or one
    of these" below it (or with no probability), "The book does not say" when `ask` abstained."""
    if not answered:
        level = "silent"
    elif confidence is not None and confidence >= SURE_AT:
        level = "says"
    else:
        level = "probably"
    return {"level": level, "words": SURENESS[level], "confidence": confidence}


# ---------------------------------------------------------------- positions a question gave


def _numbers(text: str) -> list[float]:
    return [float(n.replace(",", ".")) for n in NUMBER.findall(text)]


def given_facts(facts: dict[str, Any], types: dict[str, str], question: str) -> dict[str, bool]:
    """Which facts the question states as they are. A position counts as given only when both of
    its numbers are in the question; otherwise the reader placed it from what was said ("3 inches
    in front of him") and it is not "what the question says"."""
    numbers = _numbers(question)
    given = {}
    for name, value in facts.items():
        if types.get(name) == "point" and isinstance(value, (list, tuple)) and len(value) == 2:
            given[name] = all(float(v) in numbers for v in value)
        else:
            given[name] = True
    return given


def relative_position(name: str, other: str, a: Any, b: Any, unit: str, direction: str | None) -> str:
    """Where b stands from a, in the book's units: "3 inches ahead of the passer, 1 to the side"."""
    dx, dy = float(b[0]) - float(a[0]), float(b[1]) - float(a[1])
    forward = dy if direction != "-y" else -dy
    parts = []
    if forward:
        parts.append(f"{said(abs(forward))} {unit} {'ahead of' if forward > 0 else 'behind'} the {humanise(other)}")
    if dx:
        parts.append(f"{said(abs(dx))} {unit} to the {'right' if dx > 0 else 'left'}")
    if not parts:
        parts.append(f"level with the {humanise(other)}")
    return f"the {humanise(name)} " + ", ".join(parts)


def facts_said(
    facts: dict[str, Any], described: dict[str, Any], question: str
) -> tuple[list[dict[str, str]], list[str]]:
    """The facts the question gave, in words ({label, value}), and the positions it gave only one
    relative to the other, said that way."""
    labels, types = fact_labels(described), fact_types(described)
    units = {f["name"]: f.get("unit") or "" for f in described.get("facts", [])}
    given = given_facts(facts, types, question)
    stated = [{"label": labels.get(n, humanise(n)), "value": said(v)} for n, v in facts.items() if given[n]]
    placed = [n for n in facts if not given[n]]
    relative = []
    points = [n for n, t in types.items() if t == "point" and n in facts]
    if placed and len(points) == 2:
        first, second = points
        direction = facts.get("scoring_direction")
        relative.append(relative_position(second, first, facts[first], facts[second], units[first], direction))
    return stated, relative


def suggestion_words(described: dict[str, Any], suggestion: dict[str, Any], question: str) -> dict[str, Any]:
    """The check an answer suggests, in players' words: the question it answers, the facts the
    question gave, the positions it placed, and what is still needed."""
    stated, relative = facts_said(suggestion.get("facts") or {}, described, question)
    return {
        "title": check_title(described),
        "stated": stated,
        "relative": relative,
        "missing": missing_sentence(suggestion.get("missing") or [], fact_labels(described)),
    }
