"""Terms: from definition lists, headings, named rules, table captions and game.toml's [terms];
their uses found by word n-gram look-up (linear in the text, not texts x terms)."""

from __future__ import annotations

import re

from referee.books.entries import Edge, Entry, ParsedBook, Term
from referee.books.gameconf import Game
from referee.books.text import norm
from referee.errors import RefereeError

NAMED_RULE = re.compile(
    r"(?:\b(?:is|are)|,) called (?:the |a |an )?\"?([A-Za-z][\w-]*(?: [\w-]+){0,3}?)\"?(?=[.,;:)]|$)"
)


PAREN_RULE = re.compile(r"\(([A-Z][a-z]+ Rule)\)")


DEFINITION_HEAD = re.compile(r"^([^:]{2,40}?)(?: \(([A-Za-z]{2,5})\))?: ")


UK_DEFINITION = re.compile(r"(?:^|\. )(\w[\w-]*) - це ")


# A paragraph led by a name and a dash defines it ("Geisha – You may relocate ...").
DASH_DEFINITION = re.compile(r"^([A-Z][a-z]+(?: [A-Z][a-z]+)?) [–-] (?!це )")


# A table's caption names it ("Grave Injuries Table (roll a D12):"): players roll "on the table".
TABLE_CAPTION = re.compile(r"^(?:Table: )?([A-Za-z][^:(\t\n]{2,40}?)\s*(?:\([^)\n]*\))?:?\s*$")


GENERIC_HEADINGS = {"exercise set up", "contents", "components", "box contents", "faq", "other"}


def _members(book: ParsedBook) -> dict[str | None, list[Entry]]:
    members: dict[str | None, list[Entry]] = {}
    for entry in book.entries:
        members.setdefault(entry.section_id, []).append(entry)
    return members


def _first_normative(members: list[Entry]) -> Entry | None:
    return next((e for e in members if e.normative), members[0] if members else None)


def extract_terms(game: Game, book: ParsedBook) -> list[Term]:
    terms: dict[str, Term] = {}

    def add(name: str, entry: Entry, source: str, aliases: list[str] | None = None) -> None:
        key = norm(name)
        if len(key) >= 2 and key not in terms:
            terms[key] = Term(name.strip(), entry.id, source, aliases or [])

    for entry in book.entries:
        if entry.kind == "definition":
            match = DEFINITION_HEAD.match(entry.text)
            if match:
                add(match.group(1), entry, "definition", [match.group(2)] if match.group(2) else [])
            for m in UK_DEFINITION.finditer(entry.text):
                add(m.group(1), entry, "definition")
        dash = DASH_DEFINITION.match(entry.text) if entry.normative else None
        if dash:
            add(dash.group(1), entry, "definition")
        if entry.kind == "table":
            caption = TABLE_CAPTION.match(entry.text.split("\n", 1)[0])
            if caption:
                add(caption.group(1), entry, "table")
        for m in NAMED_RULE.finditer(entry.text):
            add(m.group(1), entry, "named")
        for m in PAREN_RULE.finditer(entry.text):
            add(m.group(1), entry, "named")
    members = _members(book)
    for section in book.sections:
        if section.level == 0 and section.number and "." not in section.number and len(section.number) == 2:
            continue  # chapters ("01. First Steps") are not terms
        if norm(section.title) in GENERIC_HEADINGS or section.title.startswith(("Tip:", "Exercise")):
            continue
        definer = _first_normative(members.get(section.id, []))
        if definer is not None:
            title = re.sub(r"\s*\((?:declaration|execution)\)$", "", section.title, flags=re.I)
            add(title, definer, "heading")
    for name, aliases in game.terms.items():
        definer = _configured_definer(book, members, name)
        if definer is None:
            raise RefereeError(f"{game.folder / 'game.toml'}: term {name!r} appears in no entry of the book")
        key = norm(name)
        terms.pop(key, None)
        add(name, definer, "configured", list(aliases))
    return list(terms.values())


def _stem(word: str) -> str:
    """Enough stemming for inflected languages: 'джамбо-атака' also finds 'джамбо-атак'."""
    return word[:-1] if len(word) > 5 else word


def _configured_definer(book: ParsedBook, members: dict[str | None, list[Entry]], name: str) -> Entry | None:
    """The section headed by the term, else the definition naming it, else its first mention."""
    for section in book.sections:
        if section.title.casefold() == name.casefold():
            return _first_normative(members.get(section.id, []))
    stem = _stem(name.casefold())
    found = [e for e in book.entries if stem in e.text.casefold()]
    definitions = [e for e in found if e.kind == "definition" and name.casefold()[:4] in e.text.casefold()]
    candidates = definitions or [e for e in found if e.normative] or found
    return candidates[0] if candidates else None


MAX_TERM_WORDS = 5


WORD = re.compile(r"[\w'-]+")


def _forms(term: Term) -> dict[str, bool]:
    """Spellings that count as a use of the term -> whether any letter case counts."""
    loose = term.source in ("named", "configured", "definition", "table")
    forms = {term.term: loose, term.term.upper(): loose, **{a: True for a in term.aliases}}
    if term.source == "configured":
        forms.update({_stem(f.casefold()): True for f in list(forms)})
    return {f: any_case for f, any_case in forms.items() if len(f) >= 3}


def term_uses(book: ParsedBook, terms: list[Term]) -> list[Edge]:
    """An entry that uses a defined term links to the entry that defines it.

    Word n-grams of each entry are looked up in a table of the terms' spellings, so the
    cost grows with the text, not with texts x terms (a library has thousands of terms).
    """
    exact: dict[str, Term] = {}
    folded: dict[str, Term] = {}
    stems: dict[str, Term] = {}
    for term in terms:
        for form, any_case in _forms(term).items():
            table = folded if any_case else exact
            table.setdefault(form.casefold() if any_case else form, term)
            if term.source == "configured":
                stems.setdefault(form.casefold(), term)
    edges = []
    for entry in book.entries:
        words = WORD.findall(entry.text)
        found: dict[str, Term] = {}
        for size in range(1, MAX_TERM_WORDS + 1):
            for i in range(len(words) - size + 1):
                gram = " ".join(words[i : i + size])
                named = exact.get(gram) or folded.get(gram.casefold())
                if named is None and size == 1 and stems:
                    named = next((t for stem, t in stems.items() if gram.casefold().startswith(stem)), None)
                if named is not None:
                    found.setdefault(named.entry + named.term, named)
        for term in found.values():
            if term.entry != entry.id:
                edges.append(Edge(entry.id, term.entry, "term", term.term))
    return edges
