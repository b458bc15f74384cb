"""Actions as players write them: the action's words matched against every action the game declares,
first as written, then with the game's synonyms (players' words rewritten to the book's, as data in its
`StateRules.synonyms`); when none fits, the closest actions in their exact wording ("did you mean")."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from referee.rules.actions import Action, StateRules

_WORD = re.compile(r"[a-z]+", re.IGNORECASE)
_NAMES = re.compile(r"#\w+|\[[^\]]*\]|\b\d+\b")  # pieces, positions and numbers: the action's arguments


def readings(text: str, rules: StateRules) -> list[str]:
    """The action as written, then with the game's synonyms applied (each once, in order)."""
    out = [text]
    rewritten = " ".join(text.split())
    for pattern, words in rules.synonyms:
        rewritten = re.sub(pattern, words, rewritten, flags=re.IGNORECASE)
    if rewritten not in out:
        out.append(rewritten)
    return out


def match(text: str, rules: StateRules) -> tuple[Action, dict[str, str]] | None:
    """The first action whose patterns read the text (as written, else in the book's words), with its arguments."""
    for reading in readings(text, rules):
        for action in rules.actions:
            args = action.match(reading)
            if args is not None:
                return action, args
    return None


def _shape(text: str) -> str:
    return " ".join(_NAMES.sub("#", text.casefold()).split())


def _likeness(text: str, wording: str) -> float:
    """How alike two wordings are: their shapes (arguments blanked) as strings, and their words shared."""
    a, b = _shape(text), _shape(wording)
    words_a, words_b = set(_WORD.findall(a)), set(_WORD.findall(b))
    shared = len(words_a & words_b) / (len(words_a | words_b) or 1)
    return 0.5 * SequenceMatcher(None, a, b).ratio() + 0.5 * shared


def wordings(action: Action) -> list[str]:
    """The action's wordings as a player would type them: its help is one wording, or several separated by
    " / ", each complete and read by the action (tests/test_verdicts.py holds every game to it)."""
    return [w.strip() for w in action.help.split(" / ") if w.strip()]


def did_you_mean(text: str, rules: StateRules, limit: int = 3) -> list[str]:
    """The actions closest to the words, each in one exact wording the action reads, best first."""
    scored = []
    for action in rules.actions:
        own = wordings(action)
        keys = (action.name.replace("-", " "), *action.terms)
        best, wording = max(((_likeness(text, w), w) for w in own), key=lambda item: item[0])
        best = max(best, *(_likeness(text, k) for k in keys))
        scored.append((best, wording))
    scored.sort(key=lambda item: -item[0])
    return [wording for score, wording in scored[:limit] if score > 0]
