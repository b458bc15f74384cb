"""Players' words for what the knowledge base names in code: a check by the question it answers,
a fact by its help text, a value with what it means, a position the question never gave said as
where it stands from the other. Presentation only: no rule is decided here."""

from __future__ import annotations

import re
from typing import Any

from referee.indexer.answering.types import SAYS_AT, sureness_level
from referee.rules.headline import WORDS, headline, joined_summaries
from referee.rules.verdicts import CheckVerdict, Reading, RulingStep, reading_of
from referee.states.ruling import Ruling

VERDICT_WORDS = WORDS  # a step's badge: the verdict in words (the library's)
NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
CODE_SPAN = re.compile(r"`([^`]+)`")

# How sure an answer is, in the words a player reads first (the number is one tap away). The level
# is the library's (`referee.indexer.answering.types.sureness_level`, its bound SAYS_AT chosen on
# the development sets so that "The book says" is right at least 90% of the time); the words live
# here, the templates show them.
SURE_AT = SAYS_AT
SURENESS = {
    "says": "The book says",
    "probably": "Probably this — or one of these",
    "unsure": "The book may not say",
    "silent": "The book does not say",
}


SHORT_TITLE = 18  # characters: a longer title is shortened where a phone's picker shows it


def short_title(game: dict[str, Any]) -> str:
    """A game's name short enough for a phone's picker: its title before a subtitle ("Takkure: A
    Cyberpunk Rugby Game" -> "Takkure"), else, when still long, the shortest of its aliases that
    starts the title, in the title's own letters ("Tacocat Spelled Backwards" -> "Tacocat")."""
    title = re.split(r":| — | - ", game["title"], maxsplit=1)[0].strip()
    if len(title) <= SHORT_TITLE:
        return title
    starts = [a for a in game.get("aliases") or [] if title.casefold().startswith(a.casefold()) and len(a) >= 3]
    return title[: len(min(starts, key=len))] if starts else title


def humanise(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


CLAUSE_END = re.compile(r":|; | — |$")


def _head_end(description: str) -> int:
    """Where a description's head ends: at the first ":", "; " or " — " outside brackets, or before
    a bracket that closes the clause ("by distance (best at a boundary)"); never inside one, so a
    bracket in the middle ("evade (speed), scrum or ruck push") stays whole in the title."""
    depth = 0
    for i, char in enumerate(description):
        if char == "(":
            if depth == 0:
                close = _closing(description, i)
                if close is not None and CLAUSE_END.match(description, close + 1) and i > 0:
                    return i
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and CLAUSE_END.match(description, i) and i < len(description):
            return i
    return len(description)


def _closing(text: str, start: int) -> int | None:
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i
    return None


def check_title_parts(described: dict[str, Any]) -> tuple[str, str]:
    """(title, details): the question a check answers, from its description ("May a defender
    declare a TACKLE on this player? (…)" -> its first question), else the description's head
    (its name in words when it has none); and the rest of the description, said after it."""
    description = unmarked(" ".join((described.get("description") or "").split()))
    question = re.match(r"(.+?\?)(?:\s|$)", description)
    end = question.end(1) if question else _head_end(description)
    head = description[:end].strip().rstrip(".")
    rest = description[end:].strip().lstrip(":;—").strip()
    if rest.startswith("(") and _closing(rest, 0) == len(rest) - 1:
        rest = rest[1:-1]  # the whole rest is one aside: said without its brackets
    return head or humanise(described["name"]).capitalize(), rest


def check_title(described: dict[str, Any]) -> str:
    return check_title_parts(described)[0]


def fact_labels(described: dict[str, Any]) -> dict[str, str]:
    """Each fact by what it means ("the passer's Ball Control (BaC)"), its name when it has no help."""
    return {f["name"]: unmarked(f.get("help") or humanise(f["name"])) for f in described.get("facts", [])}


def unmarked(text: str) -> str:
    """A check author's text without its markdown: a code span (`conversion`) is said in quotes, since a
    page shows the backticks raw."""
    return CODE_SPAN.sub(r"“\1”", text).replace("`", "")


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
    (`referee.rules.headline`): {word, value, detail}; the CLI prints the same. The templates hold
    each as its JSON (what the API returns): it is read back into its type here."""
    return headline(typed_verdict(verdict)).to_json()


def chain_summary(ruling: dict[str, Any]) -> str:
    """What the chain's steps say, in one line: under a headline that already says why the ruling is not
    earned (the facts to give, what nothing read), rather than the ruling's summary, which says it again."""
    return joined_summaries([s.get("summary") or "" for s in ruling.get("steps") or []])


def once_each(reasons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consequences with one card per quote: two steps that follow from the same rule ("the roll succeeds",
    "a try", both 4.04/8) are one card with both explanations, not the same quote twice in a row."""
    kept: list[dict[str, Any]] = []
    for reason in reasons:
        same = next(
            (k for k in kept if (k.get("entry"), k.get("quote")) == (reason.get("entry"), reason.get("quote"))), None
        )
        if same is None:
            kept.append(dict(reason))
        elif reason.get("explanation") and reason["explanation"] not in (same.get("explanation") or ""):
            same["explanation"] = "; ".join(x for x in (same.get("explanation"), reason["explanation"]) if x)
    return kept


def typed_verdict(data: dict[str, Any]) -> Ruling | CheckVerdict | RulingStep | Reading:
    """A state's ruling, a step of one, a check's verdict or a reading of one, from its JSON."""
    if "steps" in data:
        return Ruling.from_json(data)
    if "reading" in data:
        return reading_of(data)
    if "facts" in data and "derived" in data:
        return RulingStep.from_json(data)
    return CheckVerdict.from_json(data)


def sureness(confidence: float | None, answered: bool = True) -> dict[str, Any]:
    """{level, words, confidence}: "The book says" at SURE_AT or above, "Probably this — or one
    of these" below it (or with no probability), "The book does not say" when `ask` abstained."""
    level = sureness_level(confidence, answered)
    return {"level": level, "words": SURENESS[level], "confidence": confidence}


def answer_sureness(answer: dict[str, Any]) -> dict[str, Any]:
    """{level, words, confidence} of a whole answer (`ask --json`): the library's level (`sureness`,
    which knows why it abstained: "The book may not say" when the closest rule may answer)."""
    confidence = answer.get("confidence")
    level = answer.get("sureness") or sureness_level(confidence, answer.get("answered", True))
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
