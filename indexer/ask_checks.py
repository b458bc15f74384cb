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
from dataclasses import dataclass
from typing import Any

from indexer.lexical import STOPWORDS
from indexer.synonyms import books_words
from kb.checks import MISSING, Check, Fact, verdict_dict
from kb.errors import RefereeError

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
    "fatigue": ("tired",),
    "tokens": ("token",),
    "players": ("people", "us", "friends"),
    "mine": ("my", "i", "me"),
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
NEGATION_REACH = 6  # "not the one with the ball"  # words between the negation and the word it denies
CLAUSE_BREAK = re.compile(r"[,;:.?!()]|\b(?:but|and|while|although|whereas|so)\b", re.IGNORECASE)
STRONGLY_STATED = 3  # an uncited check so stated competes with the cited ones (else it comes after them)
DESCRIBED = 2  # description words plus facts named by their own words that make an uncited check a candidate
WORD_BEGINNING = 5  # letters that stand for a word's forms ("missed", "misses")
STOP = frozenset({"the", "a", "an", "of", "to", "is", "in", "on", "if", "any", "value", "number"})


def _tokens(text: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)?|[\"″]|[^\W\d_]+(?:-[^\W\d_]+)*", text.casefold())


def _cues(fact: Fact) -> set[str]:
    """Words that name a fact: the parts of its name (a yes/no fact's without the role it is
    about), and its unit."""
    parts = [w for w in fact.name.casefold().split("_") if w not in STOP]
    if fact.type == "bool" and len(parts) > 1 and parts[0] in ROLES:
        parts = parts[1:]
    words = set(parts)
    words |= {w[:-1] for w in words if w.endswith("s") and len(w) > 3}
    words |= {cue for w in list(words) for cue in CUE_WORDS.get(w, ())}
    if fact.unit:
        words |= set(UNIT_WORDS.get(fact.unit.casefold(), (fact.unit.casefold(),)))
    return words


def _matches(token: str, cues: set[str]) -> bool:
    """A cue or a longer form of it ("pressuring" for "pressure"'s "pressur"), or a shorter form
    of a long cue ("ground" for "grounded"); a hyphenated word by any of its parts ("in-goal")."""
    if "-" in token and not token.startswith("non-"):
        return any(_matches(part, cues) for part in token.split("-") if part)
    return any(
        token == cue or (len(cue) > 3 and token.startswith(cue)) or (len(token) > 4 and cue.startswith(token))
        for cue in cues
    )


def _unit_after(tokens: list[str], position: int) -> str | None:
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


def _numbers(tokens: list[str]) -> list[tuple[int, float]]:
    out = []
    for i, token in enumerate(tokens):
        if re.fullmatch(r"\d+(?:\.\d+)?", token):
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
    have the ball") or as "non-" ("a non-kicker"); None when no clause names it."""
    cues = _cues(fact)
    for clause in CLAUSE_BREAK.split(_expand_negations(text)):
        tokens = _tokens(clause)
        for i, token in enumerate(tokens):
            if token.startswith("non-") and _matches(token[4:], cues):
                return False
            if _matches(token, cues):
                return not any(t in NEGATIONS for t in tokens[max(0, i - NEGATION_REACH) : i])
    return None


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
    by_order: set[str]  # facts given a number only by the order the check declares them in


def extract_facts(check: Check, question: str) -> tuple[dict[str, Any], list[Fact]]:
    """(facts read from the question, required facts not found)."""
    reading = read_facts(check, question)
    return reading.found, reading.missing


def read_facts(check: Check, question: str) -> Reading:
    tokens = _tokens(question)
    numbers = _numbers(tokens)
    used: set[int] = set()
    found: dict[str, Any] = _relative_points(check, question)
    numeric = [f for f in check.facts if f.type in ("int", "float")]
    for fact in check.facts:
        if fact.type == "bool":
            value = _bool_value(fact, question)
            if value is not None:
                found[fact.name] = value
        elif fact.type == "choice" and fact.name not in found:
            choice = _choice_value(fact, question, numbers, used)
            if choice is not None:
                found[fact.name] = choice
        elif fact.type == "str" and (name := _proper_name(question)) is not None:
            found[fact.name] = name
        elif fact.type in ("ints", "strs"):
            items = _list_value(fact, question)
            if items is not None and fact.default is MISSING:
                found[fact.name] = items
    _tell_alike_choices_apart(check, tokens, found)
    places = {position for position, _ in numbers}
    for fact in numeric:  # "third round": an ordinal just before a word naming the fact ("second BaC 7" is a name)
        cues = _cues(fact)
        for i, token in enumerate(tokens[:-1]):
            named_next = _matches(tokens[i + 1], cues) and i + 2 not in places
            if token in ORDINALS and named_next and not _matches(token, cues):
                found[fact.name] = ORDINALS[token]
                break
    for fact in numeric:  # a number next to a word naming the fact
        if fact.name in found:
            continue
        cues = _cues(fact)
        for position, value in numbers:
            if position in used:
                continue
            window = tokens[max(0, position - NEAR) : position + AFTER + 1]
            if any(_matches(t, cues) for t in window):
                found[fact.name] = value
                used.add(position)
                break
    required = [f for f in numeric if f.name not in found and f.default is MISSING]
    free = [(position, value) for position, value in numbers if position not in used]
    if "both" in tokens:  # "both players F 7": one number for two facts named alike
        for fact in required:
            twin = next((f for f in numeric if f.name in found and _cues(f) & _cues(fact)), None)
            if twin is not None:
                found[fact.name] = found[twin.name]
        required = [f for f in required if f.name not in found]
    by_order = set()
    if required and len(free) >= len(required):  # the rest in the order the check declares them
        for fact, (position, value) in zip(required, free, strict=False):
            if _unit_fits(fact, _unit_after(tokens, position)):  # "45 metres" is no die roll
                found[fact.name] = value
                by_order.add(fact.name)
    for fact in numeric:
        if fact.name in found and fact.type == "int":
            found[fact.name] = int(found[fact.name])
    missing = [f for f in check.facts if f.name not in found and f.default is MISSING]
    return Reading(found, missing, by_order)


def _tell_alike_choices_apart(check: Check, tokens: list[str], found: dict[str, Any]) -> None:
    """Two facts with the same choices ("lead_suit", "card_suit") and two of them named: each
    takes the one named nearest a word naming it, and not the same one when another is named."""
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
            if places:
                found[fact.name] = next(ch for ch in choices if ch.casefold() == min(places)[1])
                taken.add(found[fact.name].casefold())


def _relative_points(check: Check, question: str) -> dict[str, Any]:
    """Two positions said as one relative to the other ("my winger is 3 inches straight in front
    of him", "pass 3 intersections straight back"): the first point at the middle of its range,
    the second that far along the scoring direction (+y), behind it, or level beside it."""
    points = [f for f in check.facts if f.type == "point"]
    said = RELATIVE.search(question.casefold())
    if len(points) != 2 or said is None:
        return {}
    distance = float(NUMBER_WORDS.get(said["n"], 0) if said["n"] in NUMBER_WORDS else said["n"])
    middle = (points[0].low + points[0].high) / 2 if points[0].low is not None and points[0].high is not None else 0.0
    way = said["way"].split()[-1]  # "in front" -> "front", "to the side" -> "side"
    dx, dy = (distance, 0.0) if way in SIDEWAYS else (0.0, -distance if way in BACKWARDS else distance)
    found: dict[str, Any] = {points[0].name: [middle, middle], points[1].name: [middle + dx, middle + dy]}
    direction = next((f for f in check.facts if f.type == "choice" and "+y" in f.choices), None)
    if direction is not None:
        found[direction.name] = "+y"
    return found


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
    words = set(_tokens(question))
    beginnings = _word_beginnings(f"{question} {books_words(question)}")  # "knocked down": grounded
    unprompted = len(entry_ids) + 1
    read: list[tuple[Check, int, Reading]] = []
    for check in checks:
        reading = read_facts(check, question)
        rank = _cited_rank(check, entry_ids)
        if rank is None and _named(check, words):
            rank = len(entry_ids)
        if rank is None and _stated_unprompted(check, reading, beginnings, question):
            rank = unprompted
        if rank is not None and reading.found:
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
    if _tokens(check.description)[:2] in (["what", "does"], ["what", "do"]) and "what" not in _tokens(question):
        return False  # what a skill does is not what "Can the Monster skill be used at kickoff?" asks
    return _stated_strength(check, reading, beginnings) >= DESCRIBED


def _stated_strength(check: Check, reading: Reading, beginnings: set[str]) -> int:
    """Words of the check's description the question uses, and facts it names by their own words."""
    stated = [n for n, v in reading.found.items() if not isinstance(v, bool) and n not in reading.by_order]
    return _described(check, beginnings) + len(stated)
