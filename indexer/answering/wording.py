"""What a question's own words say before any passage is read: a word of another game that this
book never writes (`premise_note`), or a word whose meaning is asked (`term_asked`). `ask` reads
both (`referee.indexer.answering.answer`)."""

from __future__ import annotations

import re

from referee.names import BookWords, foreign_terms, named_by_a_term


def premise_note(
    game: str, terms: dict[str, list[str]], titles: dict[str, str], book: BookWords, sure: bool
) -> str | None:
    """When the question, about `game`, uses words that are another game's own and that its
    book never writes, in any form or translation ("dice" asked of TA-KE, "touchdown" of Takkure;
    `referee.names.foreign_terms`), and none of its own: with a sure answer (`sure`), the book
    calls it something else, so say so; else say plainly that the book never mentions it (a
    player read the count in "A turn consists of 4 steps:", shown under "Probably this" for TA-KE's
    dice, as the answer: phone review 4, task 3)."""
    others = foreign_terms(game, terms, book)
    if not others or terms.get(game):
        return None
    title = titles.get(game, game)
    said = "; ".join(f"“{'”, “'.join(words)}” is a word of {titles.get(g, g)}" for g, words in others.items())
    named = all(named_by_a_term(g, w, book) for g, words in others.items() for w in words)
    if sure or not named:
        # a word qualifying another game's term ("penalty" of Rugby World's "Penalty Kicks") is
        # often this book's thing under another name (Takkure's pressure "modifier"): the answer stays
        return f"{said}, not of {title}: its book may call it something else."
    words = [w for ws in others.values() for w in ws]
    whose = f"{'a word' if len(words) == 1 else 'words'} of {' and '.join(titles.get(g, g) for g in others)}"
    whose_book = f"{title}'" if title.endswith("s") else f"{title}'s"  # Touchdown Heroes' book
    never = f"{whose_book} {NEVER} “{'”, “'.join(words)}” ({whose})"
    return f"{never}: the rule shown is only the nearest, not an answer."


NEVER = "book never mentions"  # how premise_note says the book does not know the thing asked about


# "what does X mean", "what is a X", "what's X", "define X", "meaning of X": the question asks
# what a word of the book means; X, a few words at most, is looked up among the defined terms
_MEANING = (
    r"what\s+(?:does|do)\s+(?P<a>.+?)\s+(?:mean|means|stand\s+for)",
    r"what\s*(?:'s|’s|\s+is|\s+are)\s+(?:(?:a|an|the)\s+)?(?P<b>.+?)",
    r"(?:define|meaning\s+of|definition\s+of)\s+(?:(?:a|an|the)\s+)?(?P<c>.+?)",
)
MEANING = re.compile(rf"(?i)^\s*(?:{'|'.join(_MEANING)})\s*[?.!]*\s*$")
TERM_WORDS = 3  # "what is the range of a pass" asks for a rule, not a word's meaning


def term_asked(question: str) -> str | None:
    """The word whose meaning the question asks for ("what does grounded mean" -> "grounded"), or None."""
    found = MEANING.match(question)
    term = next((t for t in found.groups() if t), None) if found else None
    return term if term is not None and len(term.split()) <= TERM_WORDS else None
