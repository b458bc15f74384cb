"""Links between rules: explicit cross-references, defined terms, priority edges.

Everything here is a pure function of a parsed book and its game.toml, so links are
rebuilt with the entries. A reference that cannot be resolved is kept with its anchor
text and the reason, never dropped and never pointed at a guess.
"""

from __future__ import annotations

import bisect
import difflib
import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from referee.books.entries import Entry, ParsedBook, Section
from referee.books.gameconf import Game
from referee.errors import RefereeError


@dataclass
class Edge:
    src: str
    dst: str | None
    kind: str  # page, chapter, section, option, later, figure, term, clarifies, overrides, annotates, conflicts
    anchor: str
    note: str = ""


@dataclass
class Term:
    term: str
    entry: str
    source: str  # definition, heading, named, configured
    aliases: list[str] = field(default_factory=list)


@dataclass
class Precedence:
    higher: list[str]
    over: str
    entry: str
    says: str


@dataclass
class Links:
    edges: list[Edge] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    precedence: list[Precedence] = field(default_factory=list)


def norm(text: str) -> str:
    text = text.casefold().replace("-", " ").replace("–", " ")
    text = re.sub(r"[^\w ]+", " ", text)
    words = [w for w in text.split() if w not in {"the", "a", "an", "of", "rules"}]
    return " ".join(words)


# ---------------------------------------------------------------- explicit references

PAGE = re.compile(r"\bpages? (\d+)")
CHAPTER = re.compile(r"(?:\bch\.\s*|\bsee\s+|\bin\s+)(\d[a-hA-H])\b")
OPTION = re.compile(r"\bsee option ([a-z])\b")
FIGURE = re.compile(
    r"\((?:see )?(?:fig(?:ure)?s?\.?) ?\d+[a-z]?\)|\bsee (?:fig\.|figure) ?\d+|\(see illustration\)", re.I
)
QUOTED_STEP = re.compile(r'"(\d+(?:\.\d+)?): ([^"]+)"')
QUOTED_TITLE = re.compile(r'see "([^"]+)"')
NUMBERED = re.compile(r"(?:\bsection |\bon |\()(\d\.\d\d)\b")
LATER = re.compile(r"((?:[\w-]+ ){0,2}[\w-]+) \(described (?:later|below)\)")


def _sentence_around(text: str, start: int, end: int) -> str:
    stop, newline = text.rfind(". ", 0, start), text.rfind("\n", 0, start)
    left = max(stop + 2 if stop >= 0 else 0, newline + 1 if newline >= 0 else 0)
    right_candidates = [i for i in (text.find(". ", end), text.find("\n", end)) if i >= 0]
    right = min(right_candidates) + 1 if right_candidates else len(text)
    return text[left:right].strip()


def _page_index(book: ParsedBook, game: Game) -> dict[str, int]:
    """The book's own index: 'Topic (page)' pairs from the configured glossary section."""
    key = game.page_index
    if not key:
        return {}
    index: dict[str, int] = {}
    for entry in book.entries:
        if entry.section_id and entry.section_id.endswith("/" + key):
            for topic, page in re.findall(r"([A-Z][^;:()]*?) \((\d+)\)", entry.text):
                index[topic.strip()] = int(page)
    return index


class _Joined:
    """Normalised texts joined into one string: 'the first text from k on that holds a phrase'
    is one substring search in C instead of a Python loop over the texts."""

    def __init__(self, texts: list[str]) -> None:
        self.text = "\n".join(texts)  # norm() leaves no newline, so a match never spans two texts
        self.starts = list(itertools.accumulate((len(t) + 1 for t in texts[:-1]), initial=0)) if texts else []
        self._missing: set[str] = set()  # phrases no text holds: a second look would rescan everything

    def first(self, phrase: str, k: int) -> int | None:
        if k >= len(self.starts) or phrase in self._missing:
            return None
        at = self.text.find(phrase, self.starts[k])
        if at < 0:
            if self.text.find(phrase) < 0:
                self._missing.add(phrase)
            return None
        return bisect.bisect_right(self.starts, at) - 1


class _Resolver:
    """Resolves references with tables built once per book, so the cost grows with the book,
    not with references x entries."""

    def __init__(self, game: Game, book: ParsedBook) -> None:
        self.book = book
        self.sections = book.sections
        self.by_number = {s.number.lower(): s for s in book.sections if s.number}
        self.pages = _page_index(book, game)
        self.titles = {norm(s.title): s for s in self.sections}
        self.by_step: dict[tuple[str, str], Section] = {}
        self.by_heading: dict[str, Section] = {}
        for s in self.sections:
            self.by_step.setdefault(((s.number or "").lower(), norm(s.title)), s)
            self.by_heading.setdefault(norm(s.heading), s)
            self.by_heading.setdefault(norm(s.title), s)
        self.by_label: dict[str, Entry] = {}
        self.by_section: dict[str | None, list[Entry]] = {}
        for e in book.entries:
            folded = e.text.casefold()
            if ":" in folded:
                self.by_label.setdefault(folded.split(":", 1)[0], e)
            self.by_section.setdefault(e.section_id, []).append(e)
        self.section_lines = [s.line for s in self.sections]
        self._titles_text: _Joined | None = None
        self._entries_text: _Joined | None = None
        self._topics: dict[str, Section | None] = {}

    def section_for_topic(self, topic: str) -> Section | None:
        if topic not in self._topics:
            self._topics[topic] = self._section_for_topic(topic)
        return self._topics[topic]

    def _section_for_topic(self, topic: str) -> Section | None:
        wanted = norm(topic)
        titles = self.titles
        if wanted in titles:
            return titles[wanted]
        for title, section in titles.items():
            if wanted and (wanted in title or title in wanted) and min(len(wanted), len(title)) >= 4:
                return section
        close = difflib.get_close_matches(wanted, list(titles), n=1, cutoff=0.8)
        return titles[close[0]] if close else None

    def page(self, entry: Entry, match: re.Match[str]) -> Edge:
        page = int(match.group(1))
        anchor = _sentence_around(entry.text, match.start(), match.end())
        before = norm(entry.text[max(0, match.start() - 80) : match.end() + 30])
        on_page = [t for t, p in self.pages.items() if p == page]
        named = sorted((t for t in self.pages if norm(t) and norm(t) in before), key=len, reverse=True)
        named_here = [t for t in named if self.pages[t] == page]
        if not self.pages:
            return Edge(entry.id, None, "page", anchor, "the book has no page index to resolve pages")
        if named_here:
            topic, note = named_here[0], ""
        elif named:
            topic = named[0]
            note = f"printed page {page} disagrees with the book's index ({topic}: page {self.pages[topic]})"
        elif len(on_page) == 1:
            topic, note = on_page[0], ""
        else:
            candidates = ", ".join(on_page) or "no topic"
            return Edge(entry.id, None, "page", anchor, f"page {page} holds {candidates}; the text does not say which")
        section = self.section_for_topic(topic)
        if section is None:
            return Edge(entry.id, None, "page", anchor, f"index topic {topic!r} matches no heading")
        return Edge(entry.id, section.id, "page", anchor, note)

    def numbered(self, entry: Entry, number: str, anchor: str, kind: str) -> Edge:
        section = self.by_number.get(number.lower())
        if section is None:
            return Edge(entry.id, None, kind, anchor, f"no section numbered {number} in this book")
        return Edge(entry.id, section.id, kind, anchor)

    def quoted_step(self, entry: Entry, number: str, title: str, anchor: str) -> Edge:
        section = self.by_step.get((number.lower(), norm(title)))
        if section is not None:
            return Edge(entry.id, section.id, "section", anchor)
        return Edge(entry.id, None, "section", anchor, f'no section "{number}: {title}"')

    def quoted_title(self, entry: Entry, title: str, anchor: str) -> Edge:
        section = self.by_heading.get(norm(title))
        if section is not None:
            return Edge(entry.id, section.id, "section", anchor)
        folded = title.casefold()
        if ":" in folded:  # a label with a colon of its own: the table cannot hold it
            other = next((e for e in self.book.entries if e.text.casefold().startswith(folded + ":")), None)
        else:  # a labelled paragraph: '• Finish the exercise: ...'
            other = self.by_label.get(folded)
        if other is not None:
            return Edge(entry.id, other.id, "section", anchor)
        return Edge(entry.id, None, "section", anchor, f"no heading {title!r}")

    def option(self, entry: Entry, letter: str, anchor: str) -> Edge:
        for other in self.by_section.get(entry.section_id, []):
            if other.text.startswith(f"{letter}. "):
                return Edge(entry.id, other.id, "option", anchor)
        return Edge(entry.id, None, "option", anchor, f"no option {letter}) in this section")

    def later(self, entry: Entry, phrase: str, anchor: str) -> Edge:
        """'(described later)': the first later heading, else later entry, that names the phrase.

        The search starts after the entry and stops at the first match, which is usually near."""
        if self._titles_text is None or self._entries_text is None:
            self._titles_text = _Joined([norm(s.title) for s in self.sections])
            self._entries_text = _Joined([norm(e.text) for e in self.book.entries])
        words = norm(phrase).split()
        first_later = bisect.bisect_right(self.section_lines, entry.line)
        for size in range(len(words), 0, -1):
            wanted = " ".join(words[-size:])
            if len(wanted) < 4:
                continue
            found = self._titles_text.first(wanted, first_later)
            if found is not None:
                return Edge(entry.id, self.sections[found].id, "later", anchor)
            found = self._entries_text.first(wanted, entry.position + 1)
            if found is not None:
                return Edge(entry.id, self.book.entries[found].id, "later", anchor)
        return Edge(entry.id, None, "later", anchor, f"nothing later names {phrase!r}")


def explicit_references(game: Game, book: ParsedBook) -> list[Edge]:
    resolver = _Resolver(game, book)
    edges: list[Edge] = []
    for entry in book.entries:
        text = entry.text
        if resolver.pages and entry.section_id == f"{game.id}/{game.page_index}":
            continue  # the index itself is not a set of references
        for m in PAGE.finditer(text):
            edges.append(resolver.page(entry, m))
        for m in CHAPTER.finditer(text):
            edges.append(resolver.numbered(entry, m.group(1), _sentence_around(text, m.start(), m.end()), "chapter"))
        for m in NUMBERED.finditer(text):
            edges.append(resolver.numbered(entry, m.group(1), _sentence_around(text, m.start(), m.end()), "section"))
        for m in QUOTED_STEP.finditer(text):
            edges.append(
                resolver.quoted_step(entry, m.group(1), m.group(2), _sentence_around(text, m.start(), m.end()))
            )
        for m in QUOTED_TITLE.finditer(text):
            edges.append(resolver.quoted_title(entry, m.group(1), _sentence_around(text, m.start(), m.end())))
        for m in OPTION.finditer(text):
            edges.append(resolver.option(entry, m.group(1), _sentence_around(text, m.start(), m.end())))
        for m in LATER.finditer(text):
            edges.append(resolver.later(entry, m.group(1), _sentence_around(text, m.start(), m.end())))
        for m in FIGURE.finditer(text):
            edges.append(Edge(entry.id, None, "figure", m.group(0), "figures are not in the text"))
    return edges


# ---------------------------------------------------------------- terms

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
    return (definitions or [e for e in found if e.normative] or found or [None])[0]


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
                term = exact.get(gram) or folded.get(gram.casefold())
                if term is None and size == 1 and stems:
                    term = next((t for stem, t in stems.items() if gram.casefold().startswith(stem)), None)
                if term is not None:
                    found.setdefault(term.entry + term.term, term)
        for term in found.values():
            if term.entry != entry.id:
                edges.append(Edge(entry.id, term.entry, "term", term.term))
    return edges


# ---------------------------------------------------------------- priority


def _tokens(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text.casefold()) if len(w) > 2]


class _TfIdf:
    """A small TF-IDF match, enough to tie a FAQ question to the rule it asks about.

    The candidates are counted once (postings per word), so each question costs the postings
    of its own words instead of a recount of every candidate."""

    def __init__(self, candidates: list[Entry]) -> None:
        self.candidates = candidates
        self.postings: dict[str, tuple[list[int], list[int]]] = {}
        for index, entry in enumerate(candidates):
            for word, count in Counter(_tokens(entry.text)).items():
                docs, counts = self.postings.setdefault(word, ([], []))
                docs.append(index)
                counts.append(min(count, 2))
        self.arrays = {w: (np.array(d), np.array(c, dtype=np.float64)) for w, (d, c) in self.postings.items()}

    def best(self, query: str, limit: int) -> list[Entry]:
        n = len(self.candidates) or 1
        scores = np.zeros(len(self.candidates))
        for word in set(_tokens(query)):
            if word in self.arrays:
                docs, counts = self.arrays[word]
                scores[docs] += math.log(n / len(docs)) * counts
        if limit == 1:  # argmax keeps the first of equal scores, as the stable sort does, without sorting
            order = np.array([int(np.argmax(scores))]) if len(scores) else np.array([], dtype=int)
        else:
            order = np.argsort(-scores, kind="stable")[:limit]
        return [self.candidates[i] for i in order if scores[i] > 0]


def priority_edges(game: Game, book: ParsedBook) -> tuple[list[Edge], list[Precedence]]:
    path = game.folder / "game.toml"
    by_id = {e.id: e for e in book.entries}
    edges: list[Edge] = []
    precedence = []
    sections = {s.id: s for s in book.sections}
    for rule in game.precedence:
        target = rule.entry
        if target not in by_id and target not in sections:
            raise RefereeError(f"{path}: precedence entry {target!r} does not exist")
        says = by_id[target].text if target in by_id else sections[target].heading
        precedence.append(Precedence(list(rule.higher), rule.over, target, says))
    faqs = [e for e in book.entries if e.kind == "faq"]
    matcher = _TfIdf([e for e in book.entries if e.normative and e.source == "rulebook"]) if faqs else None
    for entry in faqs:
        if matcher is not None:
            question = entry.text.split(" A: ", 1)[0]
            for target in matcher.best(question, 1):
                edges.append(Edge(entry.id, target.id, "clarifies", question, "matched by the question's words"))
    for override in game.overrides:
        pattern = override.effect
        targets = override.rules
        for target in targets:
            if target not in by_id:
                raise RefereeError(f"{path}: overrides rule {target!r} does not exist")
        for entry in book.entries:
            match = pattern.search(entry.text) if entry.kind == "card" else None
            if match:
                edges.extend(Edge(entry.id, t, "overrides", match.group(0), override.why) for t in targets)
    for conflict in game.conflicts:
        first, second = conflict.entries
        for eid in (first, second):
            if eid not in by_id:
                raise RefereeError(f"{path}: conflict entry {eid!r} does not exist")
        edges.append(Edge(first, second, "conflicts", conflict.reason, conflict.reason))
    edges.extend(_annotations(book))
    return edges, precedence


def _annotations(book: ParsedBook) -> list[Edge]:
    """An editor's or translator's note annotates the rule right before it in its section."""
    edges = []
    last_rule: dict[str | None, Entry] = {}  # section -> its latest entry that is not a note
    for entry in book.entries:
        if entry.kind != "note":
            last_rule[entry.section_id] = entry
            continue
        if not re.search(r"note\b", entry.text[:40], re.I):
            continue
        if entry.section_id in last_rule:
            edges.append(Edge(entry.id, last_rule[entry.section_id].id, "annotates", entry.text[:80]))
    return edges


def overlapping_rows(book: ParsedBook) -> list[Edge]:
    """Die-roll tables whose printed ranges overlap: a contradiction inside the book."""
    edges = []
    for entry in book.entries:
        rows = (entry.table or {}).get("rows", [])
        spans = []
        for row in rows:
            numbers = [int(n) for n in re.findall(r"\d+", row[0])] if row else []
            if numbers:
                spans.append((min(numbers), max(numbers), row[0]))
        for (a_lo, a_hi, a), (b_lo, _, b) in itertools.pairwise(spans):
            if b_lo < a_hi:  # a shared boundary ("0" to 2"", "2" to 4"") is the book's own convention
                note = f"die ranges overlap: {a!r} covers {a_lo}-{a_hi}, {b!r} starts at {b_lo}"
                edges.append(Edge(entry.id, entry.id, "conflicts", f"{a} / {b}", note))
    return edges


def link_book(game: Game, book: ParsedBook) -> Links:
    terms = extract_terms(game, book)
    edges = explicit_references(game, book) + term_uses(book, terms)
    priority, precedence = priority_edges(game, book)
    return Links(edges + priority + overlapping_rows(book), terms, precedence)
