"""Explicit cross-references: `page 48`, `(ch. 2f)`, `see option c`, `"6.03: Time"`, `(described later)`.

A reference that cannot be resolved is kept with its anchor text and the reason, never dropped
and never pointed at a guess; a misprinted page follows the name and the edge says so."""

from __future__ import annotations

import bisect
import difflib
import itertools
import re

from referee.books.entries import Edge, Entry, ParsedBook, Section
from referee.books.gameconf import Game
from referee.books.text import norm

PAGE = re.compile(r"\bpages? (\d+)")
# "page 72 of that book": a page of another book, which this one cannot and need not resolve
OTHER_BOOK = re.compile(r"\s+(?:of|in)\s+(?:that|another|the other|this other)\s+(?:book|rulebook|volume)\b", re.I)
# "(page XX)": a page number the book's editor never filled in, a dead reference for the doctor
PLACEHOLDER = re.compile(r"\bpages? (?:[Xx]{2,}|\?{2,}|#{2,}|_{2,}|0{2,})(?![\w?#])")


CHAPTER = re.compile(r"(?:\bch\.\s*|\bsee\s+|\bin\s+)(\d[a-hA-H])\b")


OPTION = re.compile(r"\bsee option ([a-z])\b")


FIGURE = re.compile(
    r"\((?:see )?(?:fig(?:ure)?s?\.?) ?\d+[a-z]?\)|\bsee (?:fig\.|figure) ?\d+|\(see illustration\)", re.I
)


QUOTED_STEP = re.compile(r'"(\d+(?:\.\d+)?): ([^"]+)"')


QUOTED_TITLE = re.compile(r'see "([^"]+)"')


NUMBERED = re.compile(r"(?:\bsection |\bon |\()(\d\.\d\d)\b")


LATER = re.compile(r" \(described (?:later|below)\)")
# the up to three words before it, read from a bounded window so that a long run of word
# characters costs linear time (the pattern searched over the whole text was quadratic on one)
LATER_WORDS = re.compile(r"(?<![\w-])((?:[\w-]+ ){0,2}[\w-]+)\Z")
LATER_WINDOW = 200


def _described_later(text: str) -> list[tuple[int, int, str]]:
    """Each '(described later)' with the up to three words before it: (start, end, words)."""
    found = []
    for m in LATER.finditer(text):
        low = max(0, m.start() - LATER_WINDOW)
        words = LATER_WORDS.search(text, low, m.start())
        if words is not None and (words.start() > low or low == 0):
            found.append((words.start(), m.end(), words.group(1)))
    return found


SENTENCE_WINDOW = 400  # an anchor is the sentence around a reference, at most this far either side


def _sentence_around(text: str, start: int, end: int) -> str:
    """The sentence a reference stands in, cut to SENTENCE_WINDOW characters either side (a 1 MB
    line without a full stop would otherwise make every reference in it a 1 MB anchor)."""
    low, high = max(0, start - SENTENCE_WINDOW), min(len(text), end + SENTENCE_WINDOW)
    stop, newline = text.rfind(". ", low, start), text.rfind("\n", low, start)
    left = max(stop + 2 if stop >= 0 else low, newline + 1 if newline >= 0 else low)
    right_candidates = [i for i in (text.find(". ", end, high), text.find("\n", end, high)) if i >= 0]
    right = min(right_candidates) + 1 if right_candidates else high
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
            return self._printed_page(entry, page, anchor)
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

    def _printed_page(self, entry: Entry, page: int, anchor: str) -> Edge:
        """A PDF keeps each section's page: "see page 12" is the first section on page 12 (or the
        one running onto it)."""
        pages = [(s.page, s) for s in self.sections if s.page is not None]
        if not pages:
            return Edge(entry.id, None, "page", anchor, "the book has no page index to resolve pages")
        on = [s for p, s in pages if p == page] or [s for p, s in pages if p < page][-1:]
        if not on or page > max(p for p, _ in pages) + 1:
            return Edge(entry.id, None, "page", anchor, f"the book has no page {page}")
        return Edge(entry.id, on[0].id, "page", anchor, f"the section on page {page}")

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
            if not OTHER_BOOK.match(text, m.end()):
                edges.append(resolver.page(entry, m))
        for m in PLACEHOLDER.finditer(text):
            edges.append(Edge(entry.id, None, "page", m.group(0), "a placeholder the book never filled in"))
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
        for start, end, phrase in _described_later(text):
            edges.append(resolver.later(entry, phrase, _sentence_around(text, start, end)))
        for m in FIGURE.finditer(text):
            edges.append(Edge(entry.id, None, "figure", m.group(0), "figures are not in the text"))
    return edges
