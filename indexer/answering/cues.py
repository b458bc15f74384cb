"""What a question says in words a fact can be read from: its tokens and clauses, its numbers
(digits, number words, ordinals), units, negations, and the cue words each fact is named by."""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from functools import lru_cache

from referee.indexer.search.lexical import STOPWORDS
from referee.rules.facts import Fact

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


# Words that say which way an action goes ("pass the ball forward") and may also name a piece (the
# Forward position): among a fact's other choices that name pieces, such a word names one only as a noun,
# after a word that points at a piece ("my forward", "the forward", "#8's forward").
DIRECTION_WORDS = frozenset(
    {"forward", "ahead", "up", "down", "over", "out", "inside", "outside", "off", "in"} | BACKWARDS | SIDEWAYS
)
NOUN_BEFORE = frozenset(
    {"a", "an", "the", "my", "your", "his", "her", "our", "their", "its", "this", "that", "each", "every", "any"}
    | {"another", "which", "one", "as"}
)


def named_as_noun(lowered: str, word: str) -> bool:
    """Whether the text uses `word` as a noun (a piece's name): "my forward", "as a forward", "#8's forward"
    or "forward" at the start of a sentence, never "pass the ball forward"."""
    for found in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", lowered):
        before = re.findall(r"[\w#'’-]+", lowered[: found.start()])
        if not before or before[-1] in NOUN_BEFORE or before[-1].endswith(("'s", "’s")):
            return True
    return False


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


# Words before what names a yes/no fact that put a place apart from it (the fact does not hold),
# or only near it (the words do not say: the ruling asks). "from" alone says nothing ("a drop goal
# from the opponents' half"); after a distance it is apart ("one inch from the in-goal zone").
APART_WORDS = frozenset({"outside", "short", "away", "far", "below", "beneath", "apart"})
NEARBY_WORDS = frozenset(
    {"near", "nearly", "almost", "close", "closer", "next", "beside", "towards", "toward", "approaching",
     "nearby", "adjacent", "around"}
)  # fmt: skip
# The only words that may stand between such a word and what it places: "close to being in
# contact", "has almost reached the in-goal zone", "2 inches short of the line".
PLACE_TRANSPARENT = frozenset(
    {"the", "a", "an", "his", "her", "their", "my", "your", "its", "our", "s", "to", "of", "being", "in", "on",
     "at", "right", "just", "quite", "very", "only", "barely", "still", "reached", "reaches", "reaching", "reach",
     "got", "gets", "getting", "get", "come", "comes", "came", "base", "partly", "within", "is", "are", "was",
     "be", "been", "standing", "stands", "stood", "sits", "lies", "ends", "end", "up"}
)  # fmt: skip
UNIT_TOKENS = frozenset(w for words in UNIT_WORDS.values() for w in words if w != "in")
PLACE_REACH = 8  # words between a place word and what it places ("one inch from the opponents' in-goal")


ASKED = re.compile(
    r"(?:^|(?<=[.?!,;:]))\s*(?:is|are|was|were|does|do|did|has|have|had)\s+"
    r"(?:he|she|it|they|i|we|you|(?:my|his|her|their|the|this|that)\s+[\w'’-]+)\s+(?:[\w'’-]+\s+){0,2}?[\w'’-]+\s*\?",
    re.IGNORECASE,
)  # "is he offside?", "does he have the ball?": a short question asks a fact, it does not state it


def _asked(text: str) -> list[str]:
    return [m.group(0) for m in ASKED.finditer(text)]


def _without_asked(text: str) -> str:
    return ASKED.sub(" . ", text)


CLAUSE_BREAK = re.compile(r"[,;:.?!()]|\b(?:but|and|while|although|whereas|so)\b", re.IGNORECASE)


WORD_BEGINNING = 5  # letters that stand for a word's forms ("missed", "misses")


STOP = STOPWORDS | {"value", "number"}


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


def word_tokens(text: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)?|[\"″]|[^\W\d_]+(?:-[^\W\d_]+)*", text.casefold())


def fact_cues(fact: Fact) -> set[str]:
    """Words that name a fact: the parts of its name (a yes/no fact's without the role it is
    about), their players' words, and its unit."""
    words = {w for group in cue_groups(fact) for w in group}
    if fact.unit:
        words |= set(UNIT_WORDS.get(fact.unit.casefold(), (fact.unit.casefold(),)))
    return words


def cue_groups(fact: Fact) -> tuple[frozenset[str], ...]:
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


def matches_cue(token: str, cues: Set[str]) -> bool:
    """A cue or a longer form of it ("pressuring" for "pressure"'s "pressur"), or a shorter form
    of a long cue ("ground" for "grounded") or of a past ("move" for "moved"); a hyphenated
    word by any of its parts ("in-goal")."""
    if "-" in token and not token.startswith("non-"):
        return any(matches_cue(part, cues) for part in token.split("-") if part)
    return any(
        token == cue
        or (len(cue) > 3 and token.startswith(cue))
        or (len(token) > 4 and cue.startswith(token))
        or (len(token) >= 4 and cue.endswith("ed") and token in (cue[:-1], cue[:-2]))  # "did not move": moved
        for cue in cues
    )


def unit_after(tokens: Sequence[str], position: int) -> str | None:
    """The unit a number is given in ("45 metres", "42 and 50 metres"), None for a bare number; "in" is left out:
    it is a preposition far more often than an inch."""
    after = tokens[position + 1 : position + 4]
    if len(after) == 3 and after[0] in {"and", "to", "or"} and re.fullmatch(r"\d+(?:\.\d+)?", after[1]):
        after = after[2:]  # "between 42 and 50 metres": the unit is both numbers'
    following = after[0] if after else ""
    return next((unit for unit, words in UNIT_WORDS.items() if following in words and following != "in"), None)


def unit_fits(fact: Fact, unit: str | None) -> bool:
    """A number with a unit fills only a fact measured in it (its unit, or its help naming it)."""
    if unit is None:
        return True
    said = f"{fact.unit or ''} {fact.help}".casefold().split()
    return any(word in said for word in UNIT_WORDS[unit])


def numbers_in(tokens: Sequence[str]) -> list[tuple[int, float]]:
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


class Hedged:
    """A yes/no fact the words speak of without saying it: "near the in-goal zone", "almost in
    contact", "is he offside?". Not read; the ruling asks for it, even when it has a default."""

    def __repr__(self) -> str:
        return "HEDGED"


HEDGED = Hedged()


def bool_value(fact: Fact, text: str) -> bool | Hedged | None:
    """True when a clause names the fact, False when it names it under a negation ("does not
    have the ball", "has no ball"), as "non-" ("a non-kicker") or at a distance from it ("one
    inch from the in-goal zone", "just outside"); HEDGED when the words only come near it ("next
    to the in-goal zone", "almost in contact") or ask it ("is he offside?"); None when no clause
    names it. A fact whose name has three words or more is named by two of them in one clause:
    "ball" alone does not say the ball is loose after a kick."""
    stated = _said(fact, _without_asked(text))
    if stated is None and _said(fact, " . ".join(_asked(text))) is not None:
        return HEDGED  # named only in what the player asks
    return stated


def _said(fact: Fact, text: str) -> bool | Hedged | None:
    groups = cue_groups(fact)
    needed = 2 if len(groups) >= 3 else 1
    cues = fact_cues(fact)
    for tokens in _clauses(text):
        hits = [i for i, token in enumerate(tokens) if any(matches_cue(token, group) for group in groups)]
        named = {n for n, group in enumerate(groups) for i in hits if matches_cue(tokens[i], group)}
        if any(t.startswith("non-") and matches_cue(t[4:], cues) for t in tokens):
            return False
        if len(named) >= needed and any("has" not in groups[n] for n in named):  # "have" alone is no ball
            if any(_negated(tokens, i) for i in hits):
                return False
            places = [_place(tokens, i, cues) for i in hits]
            if APART in places:
                return False
            return HEDGED if NEARBY in places else True
    return None


@lru_cache(maxsize=64)
def _clauses(text: str) -> tuple[tuple[str, ...], ...]:
    """The question's clauses as tokens, negations spelled out; once per question, not per fact."""
    return tuple(tuple(word_tokens(clause)) for clause in CLAUSE_BREAK.split(_expand_negations(text)))


APART, NEARBY, AT = "apart", "nearby", "at"


def _place(tokens: Sequence[str], position: int, cues: Set[str]) -> str:
    """Where the words put the thing named at `position`: APART from it ("one inch from", "5
    metres away from", "just outside", "short of", "below"), NEARBY ("next to", "near", "close
    to", "almost", "within 2 inches of"), or AT it. Only a few words may stand between ("close to
    being in contact"): "from 30 metres with my kicker" places the kick, not the kicker. A person
    ("near my carrier", "next to the ball carrier") is no place: what is said of him stands."""
    following = tokens[position + 1] if position + 1 < len(tokens) else ""
    if tokens[position] in ROLES or following in ROLES:
        return AT
    distance = went_in = went_from = went_of = False
    for back in range(position - 1, max(-1, position - 1 - PLACE_REACH), -1):
        token = tokens[back]
        if matches_cue(token, cues):
            break
        if token in APART_WORDS:
            return APART
        if token in NEARBY_WORDS:
            return NEARBY
        if token in UNIT_TOKENS:
            distance = True  # "one inch", "a metre": the number before it is the distance's
        elif re.fullmatch(r"\d+(?:\.\d+)?", token) or token in NUMBER_WORDS:
            continue
        elif token in {"into", "inside"}:
            went_in = True
        elif token == "from":
            went_from = True
        elif token == "of":
            went_of = True
        elif token not in PLACE_TRANSPARENT:
            break
    if distance and not went_in and (went_from or went_of):
        return APART if went_from else NEARBY  # "2 inches from it" / "within 2 inches of it"
    return AT


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


@lru_cache(maxsize=64)
def tokens_and_clauses(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The question's tokens (as `word_tokens`) and each one's clause: clauses end at punctuation and
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


def word_beginnings(text: str) -> set[str]:
    return {w[:WORD_BEGINNING] for w in word_tokens(text) if len(w) >= 4 and w not in STOPWORDS}
