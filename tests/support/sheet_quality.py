"""What would make a player distrust a sheet: quotes that open mid-sentence or on a conjunction,
a heading twice, a required block missing, text past its cell's edge, a page half empty.

Only the tests call these (tests/test_sheet.py), so they live here, not in the package (issue 34)."""

from __future__ import annotations

import re
from itertools import pairwise

import numpy as np
import sqlite_utils

from referee.books.gameconf import Game
from referee.books.text import sentences
from referee.sheets.layout import ELISION, Excerpt, Sheet

# A fragment may not open on one of these (it would read as the middle of an argument).
CONJUNCTIONS = {
    "en": {"and", "but", "or", "nor", "so", "yet", "because", "whereas", "although", "though", "unless", "than"},
    "uk": {"і", "й", "та", "а", "але", "або", "чи", "бо", "тому", "проте", "однак", "ніж"},
}


# Where a quote may start inside its entry: the start, after a sentence, a colon, a line break
# or a list marker.
BOUNDARY = re.compile(r"(?:^|[.!?:]\s+|\s[-–—]\s+|\n\s*(?:[•\-–]\s+|\d+\.(?: to \d+\.)?\s+)?)$")


def fragment_problems(quote: Excerpt, entry_text: str, lang: str) -> list[str]:
    """Why a quote would read badly on a sheet: it opens mid-sentence or on a conjunction."""
    problems = []
    first = quote.text.split(ELISION.strip())[0].strip()
    start = entry_text.find(first)
    if start < 0:
        return [f"{quote.entry}: not verbatim"]
    before = entry_text[:start]
    listed = re.search(r":[^.!?:]*,\s+$", before)  # an item of a list that follows a colon
    if not BOUNDARY.search(before) and not listed:
        problems.append(f"{quote.entry}: starts mid-sentence: {first[:40]!r}")
    word = re.match(r"\w+", first)
    if word and word.group(0).lower() in CONJUNCTIONS.get(lang, set()):
        problems.append(f"{quote.entry}: starts with the conjunction {word.group(0)!r}")
    return problems


# Words that carry a condition or an exception: a cut that drops one changes the rule.
CONDITIONS = {
    "en": re.compile(
        r"\b(?:if|unless|except|only|not|no|never|cannot|can't|but|when|whenever|while|as long as|instead|"
        r"unopposed|opposed|without|until|at least|at most|up to|or more|or less|within|even|however)\b",
        re.I,
    ),
    "uk": re.compile(
        r"(?:якщо|коли|лише|тільки|крім|окрім|\bне\b|але|проте|поки|доки|\bбез\b|щонайменше|щонайбільше|навіть)", re.I
    ),
}
# A lead-in a table's column already says ("If you fail" under "If you fail"): dropping it is no cut.
PLAIN_LABELS = re.compile(
    r"^\s*(?:if (?:you )?(?:are )?(?:successful|succeed|pass the roll|fail|miss|win|lose)"
    r"|if (?:success is |it is a )?critical(?: success)?|critical(?: success)?|on a critical|success|fail(?:ure)?)"
    r"\s*:\s*$",
    re.I,
)
NO_FONT = re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]")  # CJK: DejaVu has none
SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")


def cut_problems(quote: Excerpt, entry_text: str, lang: str) -> list[str]:
    """What a quote cut out of its sentences leaves behind: a condition or an exception ("if",
    "unless", "only", "unopposed"…) in the words it drops from a sentence it quotes part of, or a
    conditional lead-in ("If you miss an unopposed roll:"). Whole sentences may be left out."""
    pattern = CONDITIONS.get(lang, CONDITIONS["en"])
    spans, at = [], 0
    for piece in (p.strip() for p in quote.text.split(ELISION.strip())):
        if not piece:
            continue
        start = entry_text.find(piece, at)
        if start < 0:
            return [f"{quote.entry}: not verbatim"]
        spans.append((start, start + len(piece)))
        at = start + len(piece)
    covered = [False] * len(entry_text)
    for start, end in spans:
        covered[start:end] = [True] * (end - start)
    dropped: list[str] = []
    for start, end in spans:
        before = [m.end() for m in SENTENCE_END.finditer(entry_text, 0, start)]
        first = before[-1] if before else 0
        if re.search(r"[.!?]$", entry_text[:end]) or re.match(r"\s*(?:\n|$)", entry_text[end:]):
            last = end
        else:
            after = SENTENCE_END.search(entry_text, end)
            last = after.start() if after else len(entry_text)
        for segment in _uncovered(entry_text, covered, first, last):
            lead_in = entry_text[first:start].strip() == segment.strip()
            if not (lead_in and PLAIN_LABELS.match(segment)):
                dropped.append(segment)
    problems = []
    for text in dict.fromkeys(dropped):
        found = pattern.search(text)
        if found:
            problems.append(f"{quote.entry}: the cut drops {found.group(0)!r}: {' '.join(text.split())[:60]!r}")
    return problems


def _uncovered(text: str, covered: list[bool], first: int, last: int) -> list[str]:
    segments, begin = [], None
    for i in range(first, last + 1):
        inside = i < last and not covered[i]
        if inside and begin is None:
            begin = i
        elif not inside and begin is not None:
            segments.append(text[begin:i])
            begin = None
    return [s for s in segments if s.strip(" ,;:-–—")]


def joined_cuts(sheet: Sheet, texts: dict[str, str]) -> list[Excerpt]:
    """The quotes of each line, row or step, those of one entry joined in the book's order: a
    table row that quotes a sentence across its cells (option, declare, win) cuts nothing."""
    joined = []
    for block in sheet.blocks:
        for unit in block.units:
            by_entry: dict[str, list[str]] = {}
            for quote in [c for c in unit.cells if isinstance(c, Excerpt)] + unit.details:
                by_entry.setdefault(quote.entry, []).extend(p.strip() for p in quote.text.split(ELISION.strip()))
            for entry, pieces in by_entry.items():
                text = texts[entry]
                ordered = sorted(dict.fromkeys(p for p in pieces if p), key=lambda p: (text.find(p), -len(p)))
                kept = [p for i, p in enumerate(ordered) if not any(p in q for q in ordered[:i])]
                joined.append(Excerpt(entry, ELISION.join(kept)))
    return joined


# A sentence left out whole still changes the rule when it restricts it ("This action, which can
# only be performed on defense, …"; "But you cannot try to steal the ball from an active player
# who is NOT GROUNDED."): these words, not the weaker "if"/"when" of a sentence that adds a case.
RESTRICTS = {
    "en": re.compile(
        r"\b(?:only|not|cannot|can't|never|unless|except|no longer|may not|must not|instead of|without)\b", re.I
    ),
    "uk": re.compile(r"\b(?:лише|тільки|крім|окрім|не|ні|ніколи|заборон\w*|без)\b", re.I),
}
# A labelled item ("Loose ball: If you are …") is one case of a list its section's previous
# entry introduces ("You can steal the ball in three ways: …"): that entry is its lead-in.
LABELLED_ITEM = re.compile(r"^[^\W\d][^:.!?\n]{0,60}:\s")


def dropped_conditions(sheet: Sheet, db: sqlite_utils.Database, game: Game) -> list[str]:
    """The restricting sentences a quoted line's own entry (or the list lead-in before a labelled
    item) holds and the sheet prints nowhere: a condition or an exception cut off the rule it
    restricts. A sentence counts as printed when any quote on the page holds it."""
    pattern = RESTRICTS.get(game.language, RESTRICTS["en"])
    rows = db.execute("select id, section_id, text from entries where game = ? order by position", [game.id]).fetchall()
    texts = {entry: text for entry, _, text in rows}
    previous: dict[str, str] = {}  # each entry's lead-in: the section's last entry before it that is no item
    lead, section_of = None, None
    for entry, section, text in rows:
        if section != section_of:
            lead, section_of = None, section
        if lead is not None:
            previous[entry] = lead
        if not LABELLED_ITEM.match(text):  # a paragraph: the next items' lead-in if it opens a list
            lead = entry if ":" in text else None
    printed: dict[str, list[str]] = {}
    for quote in sheet.quotes():
        printed.setdefault(quote.entry, []).extend(p.strip() for p in quote.text.split(ELISION.strip()))
    problems = []
    for entry in printed:
        context = [entry]
        lead_in = previous.get(entry)
        if lead_in and LABELLED_ITEM.match(texts[entry]):
            context.append(lead_in)
        for source in context:
            pieces = printed.get(source, [])
            for sentence in sentences(texts[source]):
                found = pattern.search(sentence)
                if found and not any(sentence in piece or piece in sentence for piece in pieces):
                    where = "" if source == entry else f" (its lead-in {source})"
                    problems.append(f"{entry}: drops{where} {found.group(0)!r}: {' '.join(sentence.split())[:70]!r}")
    return list(dict.fromkeys(problems))


def overflowing_cells(document) -> list[str]:
    """Table cells whose text runs past the cell's right edge (text that would print over the border)."""
    from weasyprint.layout import boxes  # a second to import: only when a laid-out sheet is checked

    found = []
    for page in document.pages:
        for cell in page._page_box.descendants():
            if not isinstance(cell, boxes.TableCellBox):
                continue
            right = cell.content_box_x() + cell.width + 0.5
            for text in cell.descendants():
                if isinstance(text, boxes.TextBox) and text.position_x + text.width > right:
                    found.append(text.text)
    return found


def blank_share(image, top_mm: float = 7, bottom_mm: float = 8) -> float:
    """The longest run of empty rows in either half of the page, as a share of the printable height."""

    gray = np.asarray(image.convert("L"))
    px_per_mm = image.height / 297
    top, bottom = int(top_mm * px_per_mm), image.height - int(bottom_mm * px_per_mm)
    longest = 0
    for half in (gray[top:bottom, : gray.shape[1] // 2], gray[top:bottom, gray.shape[1] // 2 :]):
        run = 0
        for empty in (half > 245).all(axis=1):
            run = run + 1 if empty else 0
            longest = max(longest, run)
    return longest / (bottom - top)


def sheet_problems(sheet: Sheet, db: sqlite_utils.Database, game: Game) -> list[str]:
    """What would make a player distrust the sheet: fragments that open mid-sentence or on a
    conjunction, a heading used twice, a required block missing."""
    problems = []
    texts = dict(db.execute("select id, text from entries where game = ?", [game.id]).fetchall())
    translated = dict(
        db.execute("select id, text from translations where game = ? and lang = ?", [game.id, sheet.lang])
    )
    # an item of a list printed whole under its lead-in opens as the book's item does ("and the
    # moment it loses it:", "because … 7 Tackles"): the book's words, not a cut
    items = {
        id(c)
        for block in sheet.blocks
        for unit in block.units
        if unit.joined
        for c in unit.cells
        if isinstance(c, Excerpt) and c.text == texts[c.entry]
    }
    for quote in sheet.quotes():
        if id(quote) not in items:
            problems += fragment_problems(quote, texts[quote.entry], game.language)
        if NO_FONT.search(quote.text + (quote.translation or "")):
            problems.append(f"{quote.entry}: has characters no font of the sheet prints")
    for quote in joined_cuts(sheet, texts):
        problems += cut_problems(quote, texts[quote.entry], game.language)
        if quote.translation is not None:
            english = Excerpt(quote.entry, quote.translation)
            problems += [f"{p} (translation)" for p in fragment_problems(english, translated[quote.entry], sheet.lang)]
    seen: dict[tuple[str, str], int] = {}
    for number, block in enumerate(sheet.blocks):  # within one table a row may repeat another's words
        for unit in block.units:
            for quote in [c for c in unit.cells if isinstance(c, Excerpt)] + unit.details:
                key = (quote.entry, quote.text)
                if seen.setdefault(key, number) != number and len(quote.text) > 40:
                    problems.append(f"{quote.entry}: quoted twice: {quote.text[:40]!r}")
    headings = [b.heading for b in sheet.blocks]
    problems += [f"heading used twice: {h!r}" for h in sorted({h for h in headings if headings.count(h) > 1})]
    assert game.sheet is not None
    for block in game.sheet.blocks:
        heading = block.heading.get(sheet.lang, game.language)
        if block.required and heading not in headings:
            problems.append(f"required block missing: {heading!r}")
    return problems


def missing_key_numbers(sheet: Sheet, game: Game) -> list[str]:
    """The key numbers of the book's checklist ([sheet] checklist) that the page does not quote."""
    conf = game.sheet
    if conf is None:
        return []
    quoted: dict[str, list[str]] = {}
    for quote in sheet.quotes():
        quoted.setdefault(quote.entry, []).append(quote.text)
    missing = []
    for item in conf.checklist:
        local, _, words = item.ref.partition(" | ")
        entry = f"{game.id}/{local.strip()}"
        pieces = [p.strip() for p in (words or "").split(ELISION.strip()) if p.strip()]
        texts = quoted.get(entry, [])
        if not texts or not all(any(p in t for t in texts) for p in pieces):
            missing.append(f"{item.what} ({item.ref})")
    return missing


def cut_lists(sheet: Sheet, db: sqlite_utils.Database, game: Game) -> list[str]:
    """A lead-in on the page ("… those offside miniatures which:") whose list is not all there.
    The book's items are the entries of its section on the lines right after it: after one blank
    line, every line up to the next blank one; where the book sets no blank lines between its
    paragraphs (TA-KE), the lines that open like the first item ("Step …"), the next paragraph not.
    Half a list reads as the whole rule."""
    rows = db.execute(
        "select id, section_id, line, text from entries where game = ? order by position", [game.id]
    ).fetchall()
    on_page = {quote.entry for quote in sheet.quotes()}
    problems = []
    for quote in sheet.quotes():
        if not quote.text.rstrip().endswith(":"):
            continue
        at = next((k for k, row in enumerate(rows) if row[0] == quote.entry), None)
        if at is None or rows[at][2] is None:
            continue
        items: list[str] = []
        line, opening = rows[at][2], None
        for entry, section, number, text in rows[at + 1 :]:
            if section != rows[at][1] or number is None:
                break
            step = number - line
            if not items:
                if step not in (1, 2):
                    break
                packed = step == 1  # no blank line after the lead-in: the book sets none
                opening = text.split()[0] if text.split() else ""
            elif step != 1 or (packed and not text.startswith(opening or "\0")):
                break
            items.append(entry)
            line = number
        problems += [f"{quote.entry}: its list's {item} is not on the page" for item in items if item not in on_page]
    return problems


def dangling_lead_ins(sheet: Sheet, db: sqlite_utils.Database, game: Game) -> list[str]:
    """A lead-in ending ":" with nothing after it in its block ("A turn consists of 4 steps:" as a
    block's last line): it promises a list the page does not give where the reader looks."""
    problems = []
    for block in sheet.blocks:
        if block.kind not in ("rules", "sequence"):
            continue
        quotes = [q for u in block.units for q in [*(c for c in u.cells if isinstance(c, Excerpt)), *u.details]]
        if quotes and quotes[-1].text.rstrip().endswith(":"):
            problems.append(f"{quotes[-1].entry}: a lead-in with no items after it: {quotes[-1].text[-40:]!r}")
    return problems


# A line that announces a list by its count and names ("There are also two types of jumbo attacks:
# sets and sequences.", "in two ways:"), or one that ends on "the following": the words after it
# must say what each named thing is (a blind grader, s41: the English Tacocat sheet named the two
# jumbo attacks and defined neither; Takkure's heading named REST and gave no REST).
PROMISE = re.compile(
    r"\b(?:two|three|four|five|several|2|3|4|5|два|дві|три|чотири|кілька)\s+"
    r"(?:\w+\s+){0,2}?(?:types?|kinds?|ways?|options?|possibilit\w+|cases?|тип\w*|вид\w*|способ\w*)\b[^:.]*:\s*([^.:]+)",
    re.I,
)
FOLLOWING = re.compile(r"(?:the following|as follows|наступн\w*|так\w*)\s*[:.]?\s*$", re.I)


def _stem(word: str) -> str:
    """Enough of a word to find it in another form ("sets" in "A set is…", «набори» in «Набір»)."""
    return word.lower()[: max(3, min(6, len(word) - 3))]


def unkept_promises(sheet: Sheet) -> list[str]:
    """A line that names the kinds of a thing ("two types …: sets and sequences") with no later line
    of its block giving each of them, or a line ending on ":" or "the following" with nothing after
    it in its block: a heading's promise the sheet does not keep where the reader looks."""
    problems = []
    for block in sheet.blocks:
        if block.kind not in ("rules", "sequence"):
            continue
        quotes = [q for u in block.units for q in [*(c for c in u.cells if isinstance(c, Excerpt)), *u.details]]
        for at, quote in enumerate(quotes):
            rest = " ".join(q.text for q in quotes[at + 1 :]).lower()
            said = quote.text.rstrip()
            if (said.endswith(":") or FOLLOWING.search(said)) and not rest.strip():
                problems.append(f"{quote.entry}: a lead-in with nothing after it: {said[-50:]!r}")
            for named in PROMISE.findall(quote.text):
                names = [n for n in re.split(r",|\band\b|\bor\b|\bта\b|\bі\b|\bй\b|\bабо\b", named) if n.strip()]
                if any(len(n.split()) > 3 for n in names):  # the line says what each is ("…in three ways: when …")
                    continue
                for name in names:
                    word = re.findall(r"\w+", name)[-1] if re.findall(r"\w+", name) else ""
                    if word and _stem(word) not in rest:
                        problems.append(f"{quote.entry}: names {name.strip()!r}, which no line after it gives")
    return problems


def split_lists(sheet: Sheet, document) -> list[str]:
    """A list cut from its lead-in, or in two, by a column or page break (a blind grader, s41: the
    pass list "…an intersection of the pitch that is:" broke across the page)."""
    from referee.sheets.pages import breaks

    found = []
    for block, unit in sorted(breaks(document)):
        if sheet.blocks[block].units[unit].joined:
            quote = sheet.blocks[block].units[unit].cells[0]
            found.append(f"{sheet.blocks[block].heading}: its list breaks before {getattr(quote, 'entry', '?')}")
    return found


# A line opening on one of these points back to what came before it in the book ("They take one
# card…" is the duel's winner; "If you decide to do this…"): without that, the line names no one.
POINTS_BACK = {
    "en": re.compile(
        r"^(?:they|them|their|he|she|it|this|that|these|those|such|if you decide to do (?:this|so))\b", re.I
    ),
    "uk": re.compile(r"^(?:він|вона|вони|воно|це|цей|ця|ці|той|та|його|її|їх|такий|така|такі)\b", re.I),
}


# A line opening on (or with, after its first phrase) one of these goes on from the sentence before
# it in the book ("Next, shuffle…", "The restart kick, instead, …", "At the 7th Tackle, in fact, …":
# a blind grader, s40): without that sentence just before it, it leans on a line the player never sees.
_LEADS = (
    r"next|instead|in fact|however|otherwise|also|moreover|furthermore|in this case|in that case|in addition|therefore"
)
CONNECTIVES = {
    # opening the line, or after its first phrase ("The restart kick, instead, …"; not "If …, then": a condition)
    "en": re.compile(
        rf"^(?:(?:{_LEADS}|then|after that|afterwards|finally|so)\b|[^,.;:\n]{{0,40}},\s*(?:{_LEADS})\b)", re.I
    ),
    "uk": re.compile(r"^(?:[^,.;:\n]{0,40},\s*)?(?:далі|потім|натомість|однак|проте|також|після цього|отже)\b", re.I),
}


def orphaned_openings(sheet: Sheet, db: sqlite_utils.Database, game: Game) -> list[str]:
    """A line that opens on a pronoun or "If you decide to do this" while what it points back to
    (the sentence before it in its entry, or the entry before it in its section) is on no line of
    the page: a subject or a condition cut off."""
    pattern = POINTS_BACK.get(game.language, POINTS_BACK["en"])
    rows = db.execute("select id, section_id, text from entries where game = ? order by position", [game.id]).fetchall()
    texts = {entry: text for entry, _, text in rows}
    before: dict[str, str] = {}
    for (entry_a, section_a, _), (entry_b, section_b, _) in pairwise(rows):
        if section_a == section_b:
            before[entry_b] = entry_a
    printed: dict[str, list[str]] = {}
    for quote in sheet.quotes():
        printed.setdefault(quote.entry, []).extend(p.strip() for p in quote.text.split(ELISION.strip()))
    connective = CONNECTIVES.get(game.language, CONNECTIVES["en"])
    problems = []
    quotes = sheet.quotes()  # in reading order
    for number, quote in enumerate(quotes):
        pieces = [p.strip() for p in quote.text.split(ELISION.strip())]
        text = texts[quote.entry]
        for at, piece in enumerate(pieces):
            # a connective leans on the sentence just before it, a pronoun on any line of the page
            openings = [p.strip() for p in SENTENCE_END.split(piece) if p.strip()]
            leaning = [o for o in openings if connective.match(o)] + (
                [piece] if at == 0 and pattern.match(piece) else []
            )
            for opening in leaning:
                start = text.find(opening)
                if start > 0:  # the sentence before it in its entry
                    earlier = [s for s in sentences(text[:start]) if s.strip()]
                    antecedent = earlier[-1].strip() if earlier else ""
                    if opening is piece and not connective.match(opening):
                        shown = any(antecedent in p for p in printed[quote.entry]) if antecedent else True
                    else:  # just before it: ahead of it in its piece, or ending a piece of its entry (a table row's cell)
                        tail = antecedent[-40:].rstrip(".")  # its end: a label may open it ("Ninja – …")
                        shown = (
                            not antecedent
                            or tail in piece[: piece.find(opening)]
                            or any(p.rstrip(".").endswith(tail) for p in printed[quote.entry])
                        )
                elif connective.match(opening):  # the entry before it, as the line just before it
                    previous = quotes[number - 1].entry if number else None
                    shown = quote.entry not in before or previous == before[quote.entry]
                else:  # the entry before it in its section, anywhere on the page
                    shown = quote.entry not in before or before[quote.entry] in printed
                if not shown:
                    problems.append(f"{quote.entry}: leans on a line not on the page: {opening[:50]!r}")
    return list(dict.fromkeys(problems))


def _flat(text: str) -> str:
    # a line broken after a word's own hyphen ("in-" / "goal") reads back as "in-goal"
    text = re.sub(r"(\w-)[ \t]*\r?\n\s*(?=\w)", r"\1", text.replace("\u00ad", "").replace("\ufffe", ""))
    return " ".join(text.split())


def unprinted_checklist(printed: str, game: Game) -> list[str]:
    """The lines of the book's checklist whose words are not in the text of the printed PDF: what
    a player needs, looked for where the player looks (not in the sheet's data, which a page cut
    or a column overflow could still lose)."""
    conf = game.sheet
    if conf is None:
        return []
    page = _flat(printed)
    missing = []
    for item in conf.checklist:
        words = item.ref.partition(" | ")[2]
        pieces = [_flat(p) for p in words.split(ELISION.strip()) if p.strip()]
        if not all(p in page for p in pieces):
            missing.append(f"{item.what} ({item.ref[:70]})")
    return missing


KEYWORD = re.compile(r"^[A-Z0-9][A-Z0-9 '’\-]*$")  # an action's name as the book prints it: PASS, STAND UP


def keyword_lines(sheet: Sheet) -> list[str]:
    """A quote that is only the names of actions ("PRESSURE … BALL STEAL … TACKLE"), with no
    sentence that leads into them: a list of words tells a player nothing of what each does (a
    blind grader, round 11). A lead-in piece ending in ":" before the names makes it a list."""
    problems = []
    for quote in sheet.quotes():
        pieces = [p.strip() for p in quote.text.split(ELISION.strip()) if p.strip()]
        names = [p for p in pieces if KEYWORD.match(p)]
        if len(names) >= 2 and len(names) == len(pieces):
            problems.append(f"{quote.entry}: only the names of actions: {quote.text[:60]!r}")
    return problems


# Words that make a sentence a condition or a consequence of the rule around it ("only if a TACKLE
# was declared", "simply switch to the next space", "return to 2: Kickoff"): a "…" or a quote that
# stops before its entry's end may not drop a sentence holding one (a blind grader, s42).
CLAUSES = {
    "en": re.compile(r"\b(?:if|only|unless|then|instead|must|cannot|can't|may not|return\w*|switch\w*)\b", re.I),
    "uk": re.compile(
        r"(?:\bякщо\b|\bлише\b|\bтільки\b|\bтоді\b|\bнатомість\b|\bмус\w+|\bповин\w+|\bмає\b|\bмають\b|"
        r"\bне можна\b|\bне може\w*|поверн\w+)",
        re.I,
    ),
}


EXAMPLE = re.compile(r"^\W*(?:for example|for instance|e\.g\.|\(?fig|example|наприклад)", re.I)


def elided_clauses(sheet: Sheet, texts: dict[str, str], lang: str, tails: bool = True) -> list[str]:
    """A sentence of a quoted entry that a "…" leaves out (or, with `tails`, that follows the last
    words a quote prints, an example aside) and that holds a condition or a consequence, printed on no line of the page:
    the player learns the rule without the case it applies in or what to do instead."""
    pattern = CLAUSES.get(lang, CLAUSES["en"])
    printed: dict[str, list[list[str]]] = {}
    for quote in sheet.quotes():
        printed.setdefault(quote.entry, []).append([p.strip() for p in quote.text.split(ELISION.strip()) if p.strip()])
    problems = []
    for entry, quoted in printed.items():
        text = texts[entry]
        covered = [False] * len(text)
        pieces = [piece for one in quoted for piece in one]
        for one in quoted:  # each quote's pieces in the book's order ("Ninja" the label, not "Ninjas" later)
            at = 0
            for piece in one:
                start = text.find(piece, at)
                if start >= 0:
                    covered[start : start + len(piece)] = [True] * len(piece)
                    at = start + len(piece)
        ends = [i for i, c in enumerate(covered) if c]
        if not ends:
            continue
        last = ends[-1] + 1
        stop = len(text) if tails else last
        # a "…" inside a sentence: the words it skips, whatever the sentence around them
        for gap in _uncovered(text, covered, ends[0], last):
            found = pattern.search(gap)
            if found and not any(gap.strip() in p for p in pieces):
                problems.append(f"{entry}: a '…' skips {found.group(0)!r}: {' '.join(gap.split())[:70]!r}")
        begin, example = 0, False
        for sentence in sentences(text):
            start = text.find(sentence, begin)
            if start < 0:
                continue
            begin = start + len(sentence)
            example = example or bool(EXAMPLE.match(sentence))  # an example runs on to its entry's end
            if start < last or start >= stop or example:
                continue  # inside: the gaps above; an example illustrates, it does not restrict
            found = pattern.search(sentence)
            if found:
                problems.append(f"{entry}: stops before {found.group(0)!r}: {' '.join(sentence.split())[:70]!r}")
    return problems


PAGE_REFERENCE = re.compile(r"\b(?:see |on )?(?:pages?|p\.|стор\w*\.?|с\.)\s*\d+", re.I)


def page_references(sheet: Sheet) -> list[str]:
    """A line that sends the player to a page of the book ("see page 34"): the sheet is printed to be
    read without the book (a blind grader, s42)."""
    return [
        f"{quote.entry}: points to a page of the book: {found.group(0)!r}"
        for quote in sheet.quotes()
        for found in [PAGE_REFERENCE.search(quote.text)]
        if found
    ]


def repeated_sentences(sheet: Sheet) -> list[str]:
    """A sentence of the book printed on two lines of the page (the seating rule under Setup and again
    under Teams, a blind grader, s42): the room a missing rule needs, and a reader who wonders
    whether the two differ. A table's cells and a disputed answer that quotes a rule are lines too."""
    seen: dict[tuple[str, str], tuple[int, int]] = {}
    problems = []
    for number, block in enumerate(sheet.blocks):
        for at, unit in enumerate(block.units):
            for quote in [c for c in unit.cells if isinstance(c, Excerpt)] + unit.details:
                for piece in quote.text.split(ELISION.strip()):
                    for sentence in sentences(piece.strip()):
                        key = (quote.entry, " ".join(sentence.split()))
                        if len(key[1]) < 40:
                            continue
                        if seen.setdefault(key, (number, at)) != (number, at):
                            problems.append(f"{quote.entry}: printed twice: {key[1][:60]!r}")
    return list(dict.fromkeys(problems))
