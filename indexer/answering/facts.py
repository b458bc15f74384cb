"""A check's facts read from a question, by what each fact declares: its name, unit, choices and help.

"F 6 against F 8, what do I need to roll?": a number next to a word of the fact's name ("BaC 6",
"6-inch"), a choice named in the question ("short"), a status word for a yes/no fact ("grounded",
"non-kicker" for no), positions told relative to each other ("2 inches behind me")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.indexer.answering.cues import (
    AFTER,
    BACKWARDS,
    CAPITALISED,
    DIRECTION_WORDS,
    HEDGED,
    NEAR,
    NUMBER_WORDS,
    ORDINALS,
    QUOTED,
    RELATIVE,
    SEQUENCE_NOUNS,
    SIDEWAYS,
    STOP,
    bool_value,
    cue_groups,
    fact_cues,
    matches_cue,
    named_as_noun,
    numbers_in,
    tokens_and_clauses,
    unit_after,
    unit_fits,
    word_tokens,
)
from referee.rules.checks import Check
from referee.rules.facts import MISSING, Fact

MAX_SITUATION_CHARS = 600  # a situation is told in a few sentences; longer text is not read for facts


def _choice_value(fact: Fact, text: str, numbers: list[tuple[int, float]], used: set[int]) -> str | None:
    """A choice named in the question ("short"), or a range choice ("42-50") holding one of its numbers."""
    lowered = text.casefold()
    named = [c for c in fact.choices if re.search(rf"(?<!\w){re.escape(c.casefold())}(?!\w)", lowered)]
    if any(c.casefold() not in DIRECTION_WORDS for c in fact.choices):  # the choices name pieces, not ways
        named = [c for c in named if c.casefold() not in DIRECTION_WORDS or named_as_noun(lowered, c.casefold())]
    if named:
        return max(named, key=len)
    for choice in fact.choices:
        bounds = re.fullmatch(r"(\d+)-(\d+)", choice)
        held = [p for p, value in numbers if bounds and int(bounds[1]) <= value <= int(bounds[2]) and p not in used]
        if held:
            used.add(held[0])  # the number that chose the range is not also another fact
            return choice
    return None


def _list_value(fact: Fact, text: str) -> list | None:
    """A run of two or more items separated by commas or "and": "4, 5 and 6", "red, blue, blue";
    for numbers also a count of one ("a pair of 3s", "three 5s")."""
    if fact.type == "ints" and (repeated := _repeated_number(text)) is not None:
        return repeated
    item = r"\d+" if fact.type == "ints" else r"[^\W\d_]+"
    runs = [m.group(0) for m in re.finditer(rf"{item}(?:\s*(?:,|\band\b|\bthen\b)\s*{item})+", text.casefold())]
    if not runs:
        return None
    items = re.findall(item, max(runs, key=lambda run: len(re.findall(item, run))))
    items = [i for i in items if i not in {"and", "then"}]
    return [int(i) for i in items] if fact.type == "ints" else items


def _proper_name(text: str) -> str | None:
    """What a free-text fact names: a quoted string ("the '1' card"), else the first run of
    capitalised words inside a sentence ("Blue Wind", "the Officer's skill"); not one after
    "in", "of" or "at", which names the game ("in Touchdown Heroes")."""
    quoted = QUOTED.search(text)
    if quoted:
        return next(group for group in quoted.groups() if group is not None).strip()
    for sentence in re.split(r"(?<=[.?!:])\s+", text):
        for run in CAPITALISED.finditer(sentence):
            before = sentence[: run.start()].split()
            if run[0] != "I" and before and before[-1].casefold() not in {"in", "of", "at", "for", "playing"}:
                return run[0]
    return None


def _repeated_number(text: str) -> list[int] | None:
    counts = {"pair": 2, "two": 2, "three": 3, "four": 4, "five": 5}
    found = re.search(r"\b(pair|two|three|four|five)\s+(?:of\s+)?(\d+)(?:s|'s)\b", text.casefold())
    return [int(found[2])] * counts[found[1]] if found else None


@dataclass
class FactsRead:
    found: dict[str, Any]  # fact name -> value read from the question
    missing: list[Fact]  # required facts not found
    by_order: set[str]  # facts given a number by the order the check declares them in, or weakly named
    hedged: set[str] = field(default_factory=set)  # named only near or in a question: asked, not assumed


def read_facts(check: Check, question: str) -> FactsRead:
    question = question[:MAX_SITUATION_CHARS]
    tokens, clauses = tokens_and_clauses(question)  # cached: every check reads the same question
    numbers = numbers_in(tokens)
    found, used = _relative_points(check, question, tokens)
    hedged: set[str] = set()
    found.update(_worded_facts(check, question, numbers, used, hedged))
    _tell_alike_choices_apart(check, tokens, found)
    _counted_numbers(check, tokens, clauses, numbers, used, found)
    numeric = [f for f in check.facts if f.type in ("int", "float") and f.name not in found]
    weakly = _numbers_by_nearest_cue(numeric, tokens, clauses, numbers, used, found)
    _ordinals(numeric, tokens, found)
    by_order = _numbers_by_order(numeric, tokens, clauses, numbers, used, found) | weakly
    for fact in check.facts:
        if fact.name in found and fact.type == "int":
            found[fact.name] = int(found[fact.name])
    # a fact the words only come near is asked for, even one with a default: never assumed
    missing = [f for f in check.facts if f.name not in found and (f.default is MISSING or f.name in hedged)]
    return FactsRead(found, missing, by_order, hedged)


def _worded_facts(
    check: Check, question: str, numbers: list[tuple[int, float]], used: set[int], hedged: set[str]
) -> dict[str, Any]:
    """Yes/no facts, choices, names and lists, read from the question's words; the yes/no facts
    the words come near without saying them go to `hedged`."""
    found: dict[str, Any] = {}
    for fact in check.facts:
        if fact.type == "bool":
            value = bool_value(fact, question)
            if value is HEDGED:
                hedged.add(fact.name)
            elif value is not None:
                found[fact.name] = value
        elif fact.type == "choice":
            choice = _choice_value(fact, question, numbers, used)
            if choice is not None:
                found[fact.name] = choice
        elif fact.type == "str" and (name := _proper_name(question)) is not None:
            found[fact.name] = name
        elif fact.type in ("ints", "strs"):
            items = _list_value(fact, question)
            if items is not None and fact.default is MISSING:
                found[fact.name] = items
    return found


COUNTED_SPAN = 3  # words after a number that may name what it counts ("two fatigue tokens")


def _counted_numbers(
    check: Check,
    tokens: Sequence[str],
    clauses: Sequence[int],
    numbers: list[tuple[int, float]],
    used: set[int],
    found: dict[str, Any],
) -> None:
    """A number is bound to the noun it counts: "two fatigue tokens" is the count of fatigue
    tokens when the words right after the number name a fact of two words or more, every part of
    its name and nothing else between ("inactive_fatigue" is not named: nothing says inactive).
    Said again, the number is that fact's still, no other's: the repeated "two fatigue tokens" is
    no count of inactive tokens and no second BaC. (A fact of one word keeps to the nearest word:
    "one tackle each, so 4 tackles".)"""
    compound = [f for f in check.facts if f.type in ("int", "float") and len(cue_groups(f)) >= 2]
    for position, value in numbers:
        if position in used:
            continue
        for fact in compound:
            groups = cue_groups(fact)
            run = tokens[position + 1 : position + 1 + len(groups)]
            same_clause = all(clauses[j] == clauses[position] for j in range(position + 1, position + 1 + len(run)))
            named = {n for t in run for n, g in enumerate(groups) if matches_cue(t, g)}
            if same_clause and len(run) == len(groups) and len(named) == len(groups):
                found.setdefault(fact.name, value)
                used.add(position)
                break


# Words between a number and the noun it counts that say nothing of which thing is counted.
NEUTRAL_COUNT_WORDS = frozenset(
    {"more", "of", "the", "his", "her", "their", "my", "your", "its", "extra", "additional", "on", "in", "at", "by"}
)


def _counts_another(
    tokens: Sequence[str], clauses: Sequence[int], position: int, groups: Sequence[frozenset[str]]
) -> bool:
    """Whether the number at `position` counts something the fact does not name: for a fact of two
    words or more ("grounded_tokens"), the fact's noun (its last word) follows the number within
    COUNTED_SPAN words, qualified there by another word ("two fatigue tokens"), and the rest of the
    fact's name is said nowhere in the number's clause. "two tokens", "2 grounded tokens", "3 active
    fatigue tokens" (fatigue_tokens), "one Ronin chip on the bottom space" (bottom_chips) still count it."""
    if len(groups) < 2:
        return False
    after = tokens[position + 1 : position + 1 + COUNTED_SPAN]
    head = next((k for k, t in enumerate(after) if matches_cue(t, groups[-1])), None)
    if head is None:
        return False
    qualified = any(t not in NEUTRAL_COUNT_WORDS and not any(matches_cue(t, g) for g in groups) for t in after[:head])
    clause = [t for j, t in enumerate(tokens) if clauses[j] == clauses[position]]
    named = all(any(matches_cue(t, g) for t in clause) for g in groups)
    return qualified and not named


def _numbers_by_nearest_cue(
    facts: list[Fact],
    tokens: Sequence[str],
    clauses: Sequence[int],
    numbers: list[tuple[int, float]],
    used: set[int],
    found: dict[str, Any],
) -> set[str]:
    """Each number to the fact named nearest it in its clause ("my last card is 3 and theirs is
    5": 3 is mine), nearest pairs first; a fact whose name has three words or more is named by
    two of them."""
    pairs = []
    for order, fact in enumerate(facts):
        cues, groups = fact_cues(fact), cue_groups(fact)
        for position, value in numbers:
            if position in used:
                continue
            window = [
                j
                for j in range(max(0, position - NEAR), min(len(tokens), position + AFTER + 1))
                if j != position and clauses[j] == clauses[position]
            ]
            if _counts_another(tokens, clauses, position, groups):
                continue  # "two fatigue tokens" counts fatigue tokens, never grounded_tokens
            # "rows_behind_ball": "ball" alone hardly names the rows behind it; such a weak pair
            # comes after every other and the fact counts as not stated in the question's words
            weak = len(groups) >= 3 and sum(any(matches_cue(tokens[j], g) for j in window) for g in groups) < 2
            pairs += [(weak, abs(j - position), order, position, value) for j in window if matches_cue(tokens[j], cues)]
    weakly: set[str] = set()
    for weak, _distance, order, position, value in sorted(pairs):
        if facts[order].name not in found and position not in used:
            found[facts[order].name] = value
            used.add(position)
            if weak:
                weakly.add(facts[order].name)
    return weakly


def _ordinals(facts: list[Fact], tokens: Sequence[str], found: dict[str, Any]) -> None:
    """ "third round": an ordinal before a noun of a sequence that names the fact."""
    for fact in facts:
        if fact.name in found:
            continue
        cues = fact_cues(fact)
        for i, token in enumerate(tokens[:-1]):
            following = tokens[i + 1]
            sequence = following in SEQUENCE_NOUNS or following[:-1] in SEQUENCE_NOUNS
            if token in ORDINALS and sequence and matches_cue(following, cues):
                found[fact.name] = ORDINALS[token]
                break


def _numbers_by_order(
    facts: list[Fact],
    tokens: Sequence[str],
    clauses: Sequence[int],
    numbers: list[tuple[int, float]],
    used: set[int],
    found: dict[str, Any],
) -> set[str]:
    """The numbers no word names, to the required facts still missing, in the order the check
    declares them; "both players F 7" gives one number to two facts named alike."""
    required = [f for f in facts if f.name not in found and f.default is MISSING]
    if "both" in tokens:
        for fact in required:
            twin = next((f for f in facts if f.name in found and fact_cues(f) & fact_cues(fact)), None)
            if twin is not None:
                found[fact.name] = found[twin.name]
        required = [f for f in required if f.name not in found]
    free = [(position, value) for position, value in numbers if position not in used]
    by_order = set()
    if required and len(free) >= len(required):
        for fact, (position, value) in zip(required, free, strict=False):
            if _counts(tokens, clauses, position, fact):
                continue
            if unit_fits(fact, unit_after(tokens, position)):  # "45 metres" is no die roll
                found[fact.name] = value
                by_order.add(fact.name)
    return by_order


def _counts(tokens: Sequence[str], clauses: Sequence[int], position: int, fact: Fact) -> bool:
    """A number said in words counts the plural noun after it ("three defenders around him"): no
    bare value for a fact whose words never name that noun (the BaC), though it is for one that
    does ("two cards still face up" for the series cards left)."""
    if tokens[position] not in NUMBER_WORDS or position + 1 >= len(tokens):
        return False
    following = tokens[position + 1]
    plural = (
        following.isalpha()
        and len(following) > 3
        and following.endswith("s")
        and not following.endswith("ss")
        and following not in STOP
        and clauses[position + 1] == clauses[position]
        and unit_after(tokens, position) is None
    )
    named = {w.strip("().,") for w in fact.help.casefold().split()} | fact_cues(fact)
    return plural and following not in named and following[:-1] not in named


def _tell_alike_choices_apart(check: Check, tokens: Sequence[str], found: dict[str, Any]) -> None:
    """Two facts with the same choices ("lead_suit", "card_suit") and two of them named: each
    takes the one named nearest a word naming it, and not the same one when another is named
    (with no word naming it, the one left)."""
    groups: dict[tuple[str, ...], list[Fact]] = {}
    for fact in check.facts:
        if fact.type == "choice" and fact.name in found:
            groups.setdefault(fact.choices, []).append(fact)
    for choices, facts in groups.items():
        named = {c.casefold() for c in choices} & set(tokens)
        if len(facts) < 2 or len(named) < 2:
            continue
        taken: set[str] = set()
        for fact in facts:
            cue_places = [i for i, t in enumerate(tokens) if matches_cue(t, fact_cues(fact))]
            open_choices = (named - taken) or named
            places = [(abs(i - c), t) for c in cue_places for i, t in enumerate(tokens) if t in open_choices]
            if places or len(open_choices) == 1:  # no word names it: the one choice left
                chosen = min(places)[1] if places else next(iter(open_choices))
                found[fact.name] = next(ch for ch in choices if ch.casefold() == chosen)
                taken.add(chosen)


def _relative_points(check: Check, question: str, tokens: Sequence[str]) -> tuple[dict[str, Any], set[int]]:
    """Two positions said as one relative to the other ("my winger is 3 inches straight in front
    of him", "pass 3 intersections straight back"): the first point at the middle of its range,
    the second that far along the scoring direction (+y), behind it, or level beside it. Also
    the position of the number read, which is then no other fact's."""
    points = [f for f in check.facts if f.type == "point"]
    lowered = question.casefold()
    said = RELATIVE.search(lowered)
    if len(points) != 2 or said is None:
        return {}, set()
    distance = float(NUMBER_WORDS[said["n"]] if said["n"] in NUMBER_WORDS else said["n"])
    low, high = points[0].low, points[0].high
    middle = (low + high) / 2 if low is not None and high is not None else 0.0
    way = said["way"].split()[-1]  # "in front" -> "front", "to the side" -> "side"
    dx, dy = (distance, 0.0) if way in SIDEWAYS else (0.0, -distance if way in BACKWARDS else distance)
    found: dict[str, Any] = {points[0].name: [middle, middle], points[1].name: [middle + dx, middle + dy]}
    direction = next((f for f in check.facts if f.type == "choice" and "+y" in f.choices), None)
    if direction is not None:
        found[direction.name] = "+y"
    return found, {len(word_tokens(lowered[: said.start("n")]))}
