"""A question that carries its own facts is settled by the check that implements its rule.

"F 6 against F 8, what do I need to roll?" is a strength-rule question with its two facts in
it. A check is a candidate when it cites one of the entries the search found for the question;
its facts are read from the question by what each fact declares (its name, unit, choices and
help): a number next to a word of the fact's name ("BaC 6", "6-inch"), a choice named in the
question ("short"), a status word for a yes/no fact ("grounded", "non-kicker" for no). When
every fact the check needs is found, the check runs and its verdict leads the answer; when some
are missing, the answer gives the `referee check` command with the found ones filled in.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence, Set
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from referee.errors import RefereeError
from referee.indexer.search.lexical import STOPWORDS
from referee.indexer.search.synonyms import books_words
from referee.rules.checks import Check, verdict_dict
from referee.rules.facts import MISSING, Fact

NUMBER_WORDS = {
    "no": 0, "none": 0, "nobody": 0, "zero": 0, "one": 1, "a": 1, "an": 1, "single": 1, "two": 2,
    "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
    "twelve": 12,
}  # fmt: skip
UNIT_WORDS = {
    "inches": ("inch", "inches", '"', "″", "in"),
    "inch": ("inch", "inches", '"', "″", "in"),
    "intersections": ("intersection", "intersections"),
    "squares": ("square", "squares", "space", "spaces"),
    "metres": ("m", "metre", "metres", "meter", "meters"),
}
# Words players use for what facts are commonly named after (a fact's name part -> more cues).
CUE_WORDS = {
    "die": ("roll", "rolls", "rolled", "dice"),
    "f": ("strength",),
    "pressure": ("pressuring", "pressured", "marking"),
    "has": ("have", "got", "holds", "holding"),
    "fatigue": ("tired",),
    "tokens": ("token",),
    "players": ("people", "us", "friends"),
    "mine": ("my", "i", "me"),
    "defence": ("defend", "defends", "defended", "defending", "defense"),
    "attack": ("attacks", "attacking", "attacked"),
    "replaced": ("swap", "swapped", "swaps", "change", "changed", "exchange", "exchanged"),
    "theirs": ("their", "they", "opponent"),
}
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}  # fmt: skip
PRONOUN_ONE = frozenset({"the", "that", "this", "which", "every", "each", "any", "someone", "another"})
# The first word of a yes/no fact's name that says who, not what: "stealer_grounded" is about
# being grounded, and "steal" in the question says nothing of it.
ROLES = frozenset({"target", "stealer", "passer", "receiver", "carrier", "tackler", "defender", "attacker"})
BACKWARDS = frozenset({"behind", "back", "backwards", "backward"})
SIDEWAYS = frozenset({"level", "beside", "sideways", "across", "side", "left", "right"})
RELATIVE = re.compile(
    r"\b(?P<n>\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*"
    r"(?:\"|″|inch(?:es)?|intersections?|squares?|spaces?|metres?|meters?)\s+(?:straight\s+|directly\s+)?"
    r"(?P<way>in front|ahead|forwards?|towards their|behind|backwards?|back|level|beside|sideways|across"
    r"|to (?:the|my|his|her|their) (?:side|left|right)|left|right)"
    r"(?:\s|$|[.,?!])"
)
QUOTED = re.compile(r"(?:^|(?<=\s))(?:\"([^\"]{1,40})\"|“([^”]{1,40})”|['‘]([^'’]{1,40})['’](?=[\s.,?!:;]|$))")
CAPITALISED = re.compile(r"(?<![\w'])[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*")
NEAR, AFTER = 3, 5  # words before / after a number where the word naming its fact may stand
# A yes/no fact is denied by a negation shortly before the word naming it, within its clause:
# "a player who does not have the ball", "nobody pressuring", "without a kicker".
NEGATIONS = frozenset({"not", "no", "never", "without", "nobody", "none", "nothing", "neither", "nor"})
NEGATION_REACH = 6  # words between a negation and the word it denies ("not the one with the ball")
CLAUSE_BREAK = re.compile(r"[,;:.?!()]|\b(?:but|and|while|although|whereas|so)\b", re.IGNORECASE)
STRONGLY_STATED = 4  # an uncited check so stated competes with the cited ones (else it comes after them)
DESCRIBED = 2  # description words plus facts named by their own words that make an uncited check a candidate
WORD_BEGINNING = 5  # letters that stand for a word's forms ("missed", "misses")
STOP = STOPWORDS | {"value", "number"}
MAX_SITUATION_CHARS = 600  # a situation is told in a few sentences; longer text is not read for facts
LARGEST_FACT_NUMBER = 1e6  # no fact of a board game is larger: "BaC 999…9" is no number to read
# Nouns of things that come in a sequence: "third round" is round 3, "second BaC" is a name.
SEQUENCE_NOUNS = frozenset({"round", "turn", "half", "possession", "tackle", "activation", "phase", "trick", "move"})
# Words that may stand between a negation and what it denies: "does not have the ball", "not the
# one with the ball"; any other word ends its reach ("with no fatigue is in-goal").
TRANSPARENT = frozenset(
    {"have", "has", "had", "got", "get", "the", "a", "an", "his", "her", "their", "my", "your", "its", "one",
     "with", "carrying", "holding", "be", "been", "is", "are", "was", "were", "any", "it", "yet", "even",
     "currently", "actually", "still", "really", "in", "on", "at", "of", "he", "she", "they", "i", "we", "you",
     "s", "d", "ve", "ll", "re", "m"}  # what is left of "nobody's", "he'd", "I've" once split
)  # fmt: skip
NUMBER_CLAUSE_BREAK = frozenset({",", ";", ":", ".", "?", "!", "(", ")"})
WHAT_IT_DOES = re.compile(r"\bwhat\s+(?:does|do|did|will)\b.*\b(?:do|does|mean)\b", re.IGNORECASE | re.DOTALL)


def _tokens(text: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)?|[\"″]|[^\W\d_]+(?:-[^\W\d_]+)*", text.casefold())


def _cues(fact: Fact) -> set[str]:
    """Words that name a fact: the parts of its name (a yes/no fact's without the role it is
    about), their players' words, and its unit."""
    words = {w for group in _cue_groups(fact) for w in group}
    if fact.unit:
        words |= set(UNIT_WORDS.get(fact.unit.casefold(), (fact.unit.casefold(),)))
    return words


def _cue_groups(fact: Fact) -> tuple[frozenset[str], ...]:
    """One group of words per part of the fact's name: the part, its singular, players' words."""
    return _name_cue_groups(fact.name, fact.type == "bool")


@lru_cache(maxsize=1024)
def _name_cue_groups(name: str, yes_no: bool) -> tuple[frozenset[str], ...]:
    parts = [w for w in name.casefold().split("_") if w not in STOP]
    if yes_no and len(parts) > 1 and parts[0] in ROLES:
        parts = parts[1:]
    groups = []
    for part in parts:
        group = {part} | ({part[:-1]} if part.endswith("s") and len(part) > 3 else set())
        groups.append(frozenset(group | {cue for w in list(group) for cue in CUE_WORDS.get(w, ())}))
    return tuple(groups)


def _matches(token: str, cues: Set[str]) -> bool:
    """A cue or a longer form of it ("pressuring" for "pressure"'s "pressur"), or a shorter form
    of a long cue ("ground" for "grounded"); a hyphenated word by any of its parts ("in-goal")."""
    if "-" in token and not token.startswith("non-"):
        return any(_matches(part, cues) for part in token.split("-") if part)
    return any(
        token == cue or (len(cue) > 3 and token.startswith(cue)) or (len(token) > 4 and cue.startswith(token))
        for cue in cues
    )


def _unit_after(tokens: Sequence[str], position: int) -> str | None:
    """The unit a number is given in ("45 metres", "42 and 50 metres"), None for a bare number; "in" is left out:
    it is a preposition far more often than an inch."""
    after = tokens[position + 1 : position + 4]
    if len(after) == 3 and after[0] in {"and", "to", "or"} and re.fullmatch(r"\d+(?:\.\d+)?", after[1]):
        after = after[2:]  # "between 42 and 50 metres": the unit is both numbers'
    following = after[0] if after else ""
    return next((unit for unit, words in UNIT_WORDS.items() if following in words and following != "in"), None)


def _unit_fits(fact: Fact, unit: str | None) -> bool:
    """A number with a unit fills only a fact measured in it (its unit, or its help naming it)."""
    if unit is None:
        return True
    said = f"{fact.unit or ''} {fact.help}".casefold().split()
    return any(word in said for word in UNIT_WORDS[unit])


def _numbers(tokens: Sequence[str]) -> list[tuple[int, float]]:
    out = []
    for i, token in enumerate(tokens):
        if re.fullmatch(r"\d+(?:\.\d+)?", token):
            if float(token) <= LARGEST_FACT_NUMBER:
                out.append((i, float(token)))
        elif token == "one" and i > 0 and tokens[i - 1] in PRONOUN_ONE:
            continue  # "the one with the ball"
        elif token == "one" and i > 0 and tokens[i - 1] == "no":
            out.append((i, 0.0))  # "no one pressuring"
        elif token in NUMBER_WORDS and token not in {"a", "an", "no"}:
            out.append((i, float(NUMBER_WORDS[token])))
    return out


def _bool_value(fact: Fact, text: str) -> bool | None:
    """True when a clause names the fact, False when it names it under a negation ("does not
    have the ball", "has no ball") or as "non-" ("a non-kicker"); None when no clause names it.
    A fact whose name has three words or more is named by two of them in one clause: "ball"
    alone does not say the ball is loose after a kick."""
    groups = _cue_groups(fact)
    needed = 2 if len(groups) >= 3 else 1
    for tokens in _clauses(text):
        hits = [i for i, token in enumerate(tokens) if any(_matches(token, group) for group in groups)]
        named = {n for n, group in enumerate(groups) for i in hits if _matches(tokens[i], group)}
        if any(t.startswith("non-") and _matches(t[4:], _cues(fact)) for t in tokens):
            return False
        if len(named) >= needed and any("has" not in groups[n] for n in named):  # "have" alone is no ball
            return not any(_negated(tokens, i) for i in hits)
    return None


@lru_cache(maxsize=64)
def _clauses(text: str) -> tuple[tuple[str, ...], ...]:
    """The question's clauses as tokens, negations spelled out; once per question, not per fact."""
    return tuple(tuple(_tokens(clause)) for clause in CLAUSE_BREAK.split(_expand_negations(text)))


def _negated(tokens: Sequence[str], position: int) -> bool:
    """A negation shortly before the word, with only words like "have the" between them."""
    for back in range(position - 1, max(-1, position - 1 - NEGATION_REACH), -1):
        if tokens[back] in NEGATIONS:
            return True
        if tokens[back] not in TRANSPARENT:
            return False
    return False


def _expand_negations(text: str) -> str:
    """Contractions (doesn't, can't) and cannot as two words: the tokens split at apostrophes."""
    text = re.sub(r"\b(can)not\b", r"\1 not", text, flags=re.IGNORECASE)
    return re.sub(r"n[\'’]t\b", " not", text, flags=re.IGNORECASE)


def _choice_value(fact: Fact, text: str, numbers: list[tuple[int, float]], used: set[int]) -> str | None:
    """A choice named in the question ("short"), or a range choice ("42-50") holding one of its numbers."""
    lowered = text.casefold()
    named = [c for c in fact.choices if re.search(rf"(?<!\w){re.escape(c.casefold())}(?!\w)", lowered)]
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
class Reading:
    found: dict[str, Any]  # fact name -> value read from the question
    missing: list[Fact]  # required facts not found
    by_order: set[str]  # facts given a number by the order the check declares them in, or weakly named


def extract_facts(check: Check, question: str) -> tuple[dict[str, Any], list[Fact]]:
    """(facts read from the question, required facts not found)."""
    reading = read_facts(check, question)
    return reading.found, reading.missing


def read_facts(check: Check, question: str) -> Reading:
    question = question[:MAX_SITUATION_CHARS]
    tokens, clauses = _tokens_and_clauses(question)  # cached: every check reads the same question
    numbers = _numbers(tokens)
    found, used = _relative_points(check, question, tokens)
    found.update(_worded_facts(check, question, numbers, used))
    _tell_alike_choices_apart(check, tokens, found)
    numeric = [f for f in check.facts if f.type in ("int", "float") and f.name not in found]
    weakly = _numbers_by_nearest_cue(numeric, tokens, clauses, numbers, used, found)
    _ordinals(numeric, tokens, found)
    by_order = _numbers_by_order(numeric, tokens, numbers, used, found) | weakly
    for fact in check.facts:
        if fact.name in found and fact.type == "int":
            found[fact.name] = int(found[fact.name])
    missing = [f for f in check.facts if f.name not in found and f.default is MISSING]
    return Reading(found, missing, by_order)


@lru_cache(maxsize=64)
def _tokens_and_clauses(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The question's tokens (as `_tokens`) and each one's clause: clauses end at punctuation and
    at "and"/"but" unless a number follows ("between 42 and 50" is one clause)."""
    tokens, clauses, clause = [], [], 0
    for match in re.finditer(r"\d+(?:\.\d+)?|[\"″]|[^\W\d_]+(?:-[^\W\d_]+)*|[,;:.?!()]", text.casefold()):
        token = match.group(0)
        if token in NUMBER_CLAUSE_BREAK:
            clause += 1
            continue
        tokens.append(token)
        clauses.append(clause)
    for i, token in enumerate(tokens):
        if token in {"and", "but"} and not (i + 1 < len(tokens) and re.fullmatch(r"\d+(?:\.\d+)?", tokens[i + 1])):
            clauses[i + 1 :] = [c + 1 for c in clauses[i + 1 :]]
    return tuple(tokens), tuple(clauses)  # shared by every check through the cache: never changed


def _worded_facts(check: Check, question: str, numbers: list[tuple[int, float]], used: set[int]) -> dict[str, Any]:
    """Yes/no facts, choices, names and lists, read from the question's words."""
    found: dict[str, Any] = {}
    for fact in check.facts:
        if fact.type == "bool":
            value = _bool_value(fact, question)
            if value is not None:
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
        cues, groups = _cues(fact), _cue_groups(fact)
        for position, value in numbers:
            if position in used:
                continue
            window = [
                j
                for j in range(max(0, position - NEAR), min(len(tokens), position + AFTER + 1))
                if j != position and clauses[j] == clauses[position]
            ]
            # "rows_behind_ball": "ball" alone hardly names the rows behind it; such a weak pair
            # comes after every other and the fact counts as not stated in the question's words
            weak = len(groups) >= 3 and sum(any(_matches(tokens[j], g) for j in window) for g in groups) < 2
            pairs += [(weak, abs(j - position), order, position, value) for j in window if _matches(tokens[j], cues)]
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
        cues = _cues(fact)
        for i, token in enumerate(tokens[:-1]):
            following = tokens[i + 1]
            sequence = following in SEQUENCE_NOUNS or following[:-1] in SEQUENCE_NOUNS
            if token in ORDINALS and sequence and _matches(following, cues):
                found[fact.name] = ORDINALS[token]
                break


def _numbers_by_order(
    facts: list[Fact], tokens: Sequence[str], numbers: list[tuple[int, float]], used: set[int], found: dict[str, Any]
) -> set[str]:
    """The numbers no word names, to the required facts still missing, in the order the check
    declares them; "both players F 7" gives one number to two facts named alike."""
    required = [f for f in facts if f.name not in found and f.default is MISSING]
    if "both" in tokens:
        for fact in required:
            twin = next((f for f in facts if f.name in found and _cues(f) & _cues(fact)), None)
            if twin is not None:
                found[fact.name] = found[twin.name]
        required = [f for f in required if f.name not in found]
    free = [(position, value) for position, value in numbers if position not in used]
    by_order = set()
    if required and len(free) >= len(required):
        for fact, (position, value) in zip(required, free, strict=False):
            if _unit_fits(fact, _unit_after(tokens, position)):  # "45 metres" is no die roll
                found[fact.name] = value
                by_order.add(fact.name)
    return by_order


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
            cue_places = [i for i, t in enumerate(tokens) if _matches(t, _cues(fact))]
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
    return found, {len(_tokens(lowered[: said.start("n")]))}


def _named(check: Check, words: set[str]) -> int:
    """How many words of the check's name (of four letters or more) the question uses."""
    return sum(1 for part in check.name.split("-") if len(part) >= 4 and part in words)


def _described(check: Check, words: set[str]) -> int:
    """How many of the question's words (by their first letters) the check's description uses:
    "the modifier to catch a missed pass" reads as reception-modifier, not pass-target."""
    return len(_word_beginnings(check.description) & words)


def _word_beginnings(text: str) -> set[str]:
    return {w[:WORD_BEGINNING] for w in _tokens(text) if len(w) >= 4 and w not in STOPWORDS}


def _has_number(facts: dict[str, Any]) -> bool:
    return any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in facts.values())


def _cited_entries(check: Check) -> set[str]:
    return {entry for entry, _ in check.quotes.values()}


def command_for(check: Check, facts: dict[str, Any], missing: list[Fact]) -> str:
    parts = ["referee", "check", "--check", check.name]
    for name, value in facts.items():
        parts += ["--fact", f"{name}={_as_fact(value)}"]
    for fact in missing:
        parts += ["--fact", f"{fact.name}=<{fact.help}>"]
    return " ".join(shlex.quote(p) if "<" not in p else f"'{p}'" for p in parts)


def _as_fact(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def settle_question(checks: list[Check], question: str, entry_ids: list[str]) -> dict[str, Any] | None:
    """The check whose facts the question states best: its verdict when all are there, else the
    command to run with the missing ones named. Candidates: the checks citing one of `entry_ids`
    (the answer's entries, best first), the ones the question names, and the ones it only
    describes when it states every fact they need (a number or a named choice among them)."""
    question = question[:MAX_SITUATION_CHARS]
    words = set(_tokens(question))
    beginnings = _word_beginnings(f"{question} {books_words(question)}")  # "knocked down": grounded
    unprompted = len(entry_ids) + 1
    read: list[tuple[Check, int, Reading]] = []
    vocabulary = _checks_vocabulary(checks)
    for check in checks:
        reading = read_facts(check, question)
        _forget_names_that_are_game_words(check, reading, vocabulary)
        rank = _cited_rank(check, entry_ids)
        if rank is None and _named(check, words):
            rank = len(entry_ids)
        if rank is None and _stated_unprompted(check, reading, beginnings, question):
            rank = unprompted
        if rank is not None and reading.found and _more_than_names(check, reading, words, beginnings):
            read.append((check, rank, reading))
    # a check the answer's entries cite or the question names before one it only describes; then
    # none missing, the most facts found and words of its name and description used, then the
    # check citing the better-ranked entry
    read.sort(
        key=lambda item: (
            item[1] == unprompted and _stated_strength(item[0], item[2], beginnings) < STRONGLY_STATED,
            bool(item[2].missing),
            -len(item[2].found) - _named(item[0], words) - _described(item[0], beginnings),
            item[1],
        )
    )
    _answer_rule_first(read, beginnings)
    for check, _rank, reading in read:
        facts, missing = reading.found, reading.missing
        if missing:  # the best candidate lacks facts: say which, rather than run a worse one
            if not _has_number(facts):
                continue  # only yes/no words found: too little to say the question is this check's
            return {
                "settled": False,
                "check": check.name,
                "facts": facts,
                "missing": [f.name for f in missing],
                "command": command_for(check, facts, missing),
            }
        try:
            verdict = verdict_dict(check, check.run(facts))
        except RefereeError:
            continue  # a value read wrongly (out of the fact's range): not this check
        return {"settled": True, "facts": facts, "result": verdict, "command": command_for(check, facts, [])}
    return None


def _checks_vocabulary(checks: list[Check]) -> set[str]:
    """The words the game's checks use for its things: choices ("power") and fact names ("lead")."""
    words = {c.casefold() for check in checks for fact in check.facts for c in fact.choices}
    return words | {part for check in checks for fact in check.facts for part in fact.name.split("_")}


def _forget_names_that_are_game_words(check: Check, reading: Reading, vocabulary: set[str]) -> None:
    """ "What does a Power card do?" names a suit, not a card's effect: a free-text fact whose
    every word is a word of the game's checks is not read."""
    for fact in check.facts:
        value = reading.found.get(fact.name)
        if fact.type == "str" and isinstance(value, str) and set(value.casefold().split()) <= vocabulary:
            del reading.found[fact.name]
            if fact.default is MISSING:
                reading.missing.append(fact)


def _more_than_names(check: Check, reading: Reading, words: set[str], beginnings: set[str]) -> bool:
    """Facts that are only names or yes/no ("conversion") make a situation only when the question
    also asks what the check answers, by its name or its description's other words: "How many
    points is a conversion worth?" does, "Can a conversion be kicked by any player?" does not."""
    if any(isinstance(v, (int, float, list)) and not isinstance(v, bool) for v in reading.found.values()):
        return True
    names = _word_beginnings(" ".join(v for v in reading.found.values() if isinstance(v, str)))
    return _named(check, words) > 0 or _described(check, beginnings - names) > 0


def _answer_rule_first(read: list[tuple[Check, int, Reading]], beginnings: set[str]) -> None:
    """The check of the answer's own rule goes first unless the question describes another one
    better: "what modifier does a 6 inch pass get?" is the pass's (it asks for the BaC), "what's
    his modifier to catch the missed pass?" the reception's."""
    own = next((item for item in read if item[1] == 0), None)
    if own is not None and read[0] is not own and _described(own[0], beginnings) >= _described(read[0][0], beginnings):
        read.remove(own)
        read.insert(0, own)


def _cited_rank(check: Check, entry_ids: list[str]) -> int | None:
    cited = _cited_entries(check)
    return next((rank for rank, entry in enumerate(entry_ids) if entry in cited), None)


def _stated_unprompted(check: Check, reading: Reading, beginnings: set[str], question: str) -> bool:
    """A check no found entry cites: every fact it needs is stated, something more than yes/no
    among them, and its description's words and the facts named by their own words add up to
    two ("three of us" + "play" for player-count; "two miniatures" + "intersection" is not enough:
    drop-goal also needs the opponents' half)."""
    if reading.missing or not any(not isinstance(value, bool) for value in reading.found.values()):
        return False
    if _tokens(check.description)[:2] in (["what", "does"], ["what", "do"]) and not WHAT_IT_DOES.search(question):
        return False  # what a skill does is not what "Can the Monster skill be used at kickoff?" asks
    return _stated_strength(check, reading, beginnings) >= DESCRIBED


def _stated_strength(check: Check, reading: Reading, beginnings: set[str]) -> int:
    """Words of the check's description the question uses, and facts it names by their own words."""
    stated = [n for n, v in reading.found.items() if not isinstance(v, bool) and n not in reading.by_order]
    return _described(check, beginnings) + len(stated)
