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
from typing import Any

from indexer.lexical import STOPWORDS
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
    "theirs": ("their", "they", "opponent"),
}
NEAR, AFTER = 3, 5  # words before / after a number where the word naming its fact may stand
# A yes/no fact is denied by a negation shortly before the word naming it, within its clause:
# "a player who does not have the ball", "nobody pressuring", "without a kicker".
NEGATIONS = frozenset({"not", "no", "never", "without", "nobody", "none", "nothing", "neither", "nor"})
NEGATION_REACH = 4  # words between the negation and the word it denies
CLAUSE_BREAK = re.compile(r"[,;:.?!()]|\b(?:but|and|while|although|whereas|so)\b", re.IGNORECASE)
DESCRIBED = 2  # words of a check's description that make it a candidate although no found entry is its
WORD_BEGINNING = 5  # letters that stand for a word's forms ("missed", "misses")
STOP = frozenset({"the", "a", "an", "of", "to", "is", "in", "on", "if", "any", "value", "number"})


def _tokens(text: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)?|[\"″]|[^\W\d_]+(?:-[^\W\d_]+)*", text.casefold())


def _cues(fact: Fact) -> set[str]:
    """Words that name a fact: the parts of its name, and its unit."""
    words = {w for w in fact.name.casefold().split("_") if w not in STOP}
    words |= {w[:-1] for w in words if w.endswith("s") and len(w) > 3}
    words |= {cue for w in list(words) for cue in CUE_WORDS.get(w, ())}
    if fact.unit:
        words |= set(UNIT_WORDS.get(fact.unit.casefold(), (fact.unit.casefold(),)))
    return words


def _matches(token: str, cues: set[str]) -> bool:
    """A cue or a longer form of it ("pressuring" for "pressure"'s "pressur"), or a shorter form
    of a long cue ("ground" for "grounded")."""
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
    """A run of two or more items separated by commas or "and": "4, 5 and 6", "red, blue, blue"."""
    item = r"\d+" if fact.type == "ints" else r"[^\W\d_]+"
    runs = [m.group(0) for m in re.finditer(rf"{item}(?:\s*(?:,|\band\b|\bthen\b)\s*{item})+", text.casefold())]
    if not runs:
        return None
    items = re.findall(item, max(runs, key=lambda run: len(re.findall(item, run))))
    items = [i for i in items if i not in {"and", "then"}]
    return [int(i) for i in items] if fact.type == "ints" else items


def extract_facts(check: Check, question: str) -> tuple[dict[str, Any], list[Fact]]:
    """(facts read from the question, required facts not found)."""
    tokens = _tokens(question)
    numbers = _numbers(tokens)
    used: set[int] = set()
    found: dict[str, Any] = {}
    numeric = [f for f in check.facts if f.type in ("int", "float")]
    for fact in check.facts:
        if fact.type == "bool":
            value = _bool_value(fact, question)
            if value is not None:
                found[fact.name] = value
        elif fact.type == "choice":
            choice = _choice_value(fact, question, numbers, used)
            if choice is not None:
                found[fact.name] = choice
        elif fact.type in ("ints", "strs"):
            items = _list_value(fact, question)
            if items is not None and fact.default is MISSING:
                found[fact.name] = items
    for fact in numeric:  # a number next to a word naming the fact
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
    if required and len(free) >= len(required):  # the rest in the order the check declares them
        for fact, (position, value) in zip(required, free, strict=False):
            if _unit_fits(fact, _unit_after(tokens, position)):  # "45 metres" is no die roll
                found[fact.name] = value
    for fact in numeric:
        if fact.name in found and fact.type == "int":
            found[fact.name] = int(found[fact.name])
    missing = [f for f in check.facts if f.name not in found and f.default is MISSING]
    return found, missing


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
    """The first check citing one of `entry_ids` (best first) whose facts the question states:
    its verdict when all are there, else the command to run with the missing ones named."""
    linked = {}  # check -> the rank of the best entry it cites
    for rank, entry in enumerate(entry_ids):
        for check in checks:
            if entry in _cited_entries(check):
                linked.setdefault(check.name, (rank, check))
    words = set(_tokens(question))
    beginnings = _word_beginnings(question)
    for check in checks:  # a check the question names ("pass", "kick"), cited or not
        if _named(check, words):
            linked.setdefault(check.name, (len(entry_ids), check))
    described_only = len(entry_ids) + 1
    for check in checks:  # or only describes: then it must find all its facts, a number among them
        if _described(check, beginnings) >= DESCRIBED:
            linked.setdefault(check.name, (described_only, check))
    read = [(check, rank, *extract_facts(check, question)) for rank, check in linked.values()]
    # the check whose facts the question states best (none missing, then the most facts found,
    # words of its name and its description used), then the one citing the better-ranked entry
    read.sort(
        key=lambda item: (
            bool(item[3]),
            -len(item[2]) - _named(item[0], words) - _described(item[0], beginnings),
            item[1],
        )
    )
    for check, rank, facts, missing in read:
        if not facts or (rank == described_only and (missing or not _has_number(facts))):
            continue
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
