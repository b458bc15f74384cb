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

from referee.errors import RefereeError
from referee.indexer.answering.cues import word_beginnings, word_tokens
from referee.indexer.answering.facts import MAX_SITUATION_CHARS, FactsRead, read_facts
from referee.indexer.answering.types import CheckSuggestion
from referee.indexer.search.synonyms import books_words
from referee.rules.checks import Check, verdict_dict
from referee.rules.facts import MISSING, Fact

STRONGLY_STATED = 4  # an uncited check so stated competes with the cited ones (else it comes after them)


DESCRIBED = 2  # description words plus facts named by their own words that make an uncited check a candidate


WHAT_IT_DOES = re.compile(r"\bwhat\s+(?:does|do|did|will)\b.*\b(?:do|does|mean)\b", re.IGNORECASE | re.DOTALL)


def _named(check: Check, words: set[str]) -> int:
    """How many words of the check's name (of four letters or more) the question uses."""
    return sum(1 for part in check.name.split("-") if len(part) >= 4 and part in words)


def _described(check: Check, words: set[str]) -> int:
    """How many of the question's words (by their first letters) the check's description uses:
    "the modifier to catch a missed pass" reads as reception-modifier, not pass-target."""
    return len(word_beginnings(check.description) & words)


def _has_number(facts: dict[str, Any]) -> bool:
    return any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in facts.values())


def _cited_entries(check: Check) -> set[str]:
    return {quote.entry for quote in check.quotes.values()}


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


def settle_question(checks: list[Check], question: str, entry_ids: list[str]) -> CheckSuggestion | None:
    """The check whose facts the question states best: its verdict when all are there, else the
    command to run with the missing ones named. Candidates: the checks citing one of `entry_ids`
    (the answer's entries, best first), the ones the question names, and the ones it only
    describes when it states every fact they need (a number or a named choice among them)."""
    question = question[:MAX_SITUATION_CHARS]
    words = set(word_tokens(question))
    beginnings = word_beginnings(f"{question} {books_words(question)}")  # "knocked down": grounded
    unprompted = len(entry_ids) + 1
    read: list[tuple[Check, int, FactsRead]] = []
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
    # a check the answer's entries cite or the question names before one it only describes (but a
    # check only named, with facts missing, not before one described with all of them: "Can we
    # play?" names every check called "play-…"); then none missing, the most facts found and words
    # of its name and description used, then the check citing the better-ranked entry
    read.sort(
        key=lambda item: (
            (item[1] == unprompted and _stated_strength(item[0], item[2], beginnings) < STRONGLY_STATED)
            or (item[1] == len(entry_ids) and bool(item[2].missing)),
            bool(item[2].missing),
            -len(item[2].found) - _named(item[0], words) - _described(item[0], beginnings),
            item[1],
        )
    )
    if entry_ids:  # with no entries found, no check is the answer's own rule
        _answer_rule_first(read, beginnings)
    for check, _rank, reading in read:
        facts, missing = reading.found, reading.missing
        if missing:  # the best candidate lacks facts: say which, rather than run a worse one
            if not _has_number(facts):
                continue  # only yes/no words found: too little to say the question is this check's
            return CheckSuggestion(check.name, facts, [f.name for f in missing], command_for(check, facts, missing))
        try:
            verdict = verdict_dict(check, check.run(facts))
        except RefereeError:
            continue  # a value read wrongly (out of the fact's range): not this check
        return CheckSuggestion(check.name, facts, [], command_for(check, facts, []), verdict)
    return None


def _checks_vocabulary(checks: list[Check]) -> set[str]:
    """The words the game's checks use for its things: choices ("power") and fact names ("lead")."""
    words = {c.casefold() for check in checks for fact in check.facts for c in fact.choices}
    return words | {part for check in checks for fact in check.facts for part in fact.name.split("_")}


def _forget_names_that_are_game_words(check: Check, reading: FactsRead, vocabulary: set[str]) -> None:
    """ "What does a Power card do?" names a suit, not a card's effect: a free-text fact whose
    every word is a word of the game's checks is not read."""
    for fact in check.facts:
        value = reading.found.get(fact.name)
        if fact.type == "str" and isinstance(value, str) and set(value.casefold().split()) <= vocabulary:
            del reading.found[fact.name]
            if fact.default is MISSING:
                reading.missing.append(fact)


def _more_than_names(check: Check, reading: FactsRead, words: set[str], beginnings: set[str]) -> bool:
    """Facts that are only names or yes/no ("conversion") make a situation only when the question
    also asks what the check answers, by its name or its description's other words: "How many
    points is a conversion worth?" does, "Can a conversion be kicked by any player?" does not."""
    if any(isinstance(v, (int, float, list)) and not isinstance(v, bool) for v in reading.found.values()):
        return True
    names = word_beginnings(" ".join(v for v in reading.found.values() if isinstance(v, str)))
    return _named(check, words) > 0 or _described(check, beginnings - names) > 0


def _answer_rule_first(read: list[tuple[Check, int, FactsRead]], beginnings: set[str]) -> None:
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


def _stated_unprompted(check: Check, reading: FactsRead, beginnings: set[str], question: str) -> bool:
    """A check no found entry cites: every fact it needs is stated, something more than yes/no
    among them, and its description's words and the facts named by their own words add up to
    two ("three of us" + "play" for player-count; "two miniatures" + "intersection" is not enough:
    drop-goal also needs the opponents' half)."""
    if reading.missing or not any(not isinstance(value, bool) for value in reading.found.values()):
        return False
    if word_tokens(check.description)[:2] in (["what", "does"], ["what", "do"]) and not WHAT_IT_DOES.search(question):
        return False  # what a skill does is not what "Can the Monster skill be used at kickoff?" asks
    return _stated_strength(check, reading, beginnings) >= DESCRIBED


def _stated_strength(check: Check, reading: FactsRead, beginnings: set[str]) -> int:
    """Words of the check's description the question uses, and facts it names by their own words."""
    stated = [n for n, v in reading.found.items() if not isinstance(v, bool) and n not in reading.by_order]
    return _described(check, beginnings) + len(stated)
