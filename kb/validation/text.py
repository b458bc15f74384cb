"""Input checked at the edge: text that is valid UTF-8, printable and bounded.

Every reader of what a user gives (a question, a situation or state file, stdin, an HTTP body, a
question file, game.toml) refuses what no text a person writes holds: a NUL, a control character
(tab, newline and carriage return aside), a lone surrogate. A refusal names the place: the line and
column of a document, the character of a one-line question."""

from __future__ import annotations

import re

from referee.errors import RefereeError

MAX_DOCUMENT_BYTES = 1_000_000  # a situation or question file; anything larger is not one

# What YAML calls printable (PyYAML refuses the rest with a ReaderError): no C0 control but tab,
# newline and carriage return, no DEL, no C1 control but NEL, no surrogate, no U+FFFE/U+FFFF.
NONPRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def place(text: str, offset: int) -> str:
    """'line L, column C' (both from 1) of a character of `text`."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def describe_character(ch: str) -> str:
    if ch == "\0":
        return "a NUL character (U+0000)"
    if "\ud800" <= ch <= "\udfff":
        return f"a lone surrogate (U+{ord(ch):04X}), not valid UTF-8 text,"
    return f"a control character (U+{ord(ch):04X})"


def require_printable(text: str, what: str) -> str:
    """`text` as given, or one error naming the line and column of its first unprintable character."""
    found = NONPRINTABLE.search(text)
    if found is not None:
        raise RefereeError(f"{what}: {place(text, found.start())}: {describe_character(found.group())} is not allowed")
    return text


def require_text(value: str, what: str) -> str:
    """`value` as given, refused if it holds what no UTF-8 text can (a lone surrogate, which is
    how Python passes on invalid bytes from the command line) or a control character."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RefereeError(f"{what} is not valid UTF-8 text (character {exc.start + 1})") from None
    found = NONPRINTABLE.search(value)
    if found is not None:
        raise RefereeError(f"{what} holds {describe_character(found.group())} (character {found.start() + 1})")
    return value


def decode_text(data: bytes, what: str) -> str:
    if len(data) > MAX_DOCUMENT_BYTES:
        raise RefereeError(f"{what}: larger than {MAX_DOCUMENT_BYTES // 1_000_000} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"{what}: not UTF-8 text (byte {exc.start})") from None


# One limit for a question wherever it is typed (the Ask box, the API, `referee ask`): a question
# asked at the table fits in a few lines, and a longer paste is refused with its length, never cut
# silently (a cut question is answered from words the player did not see go).
MAX_QUESTION_CHARS = 500
EMPTY_QUESTION = 'the question is empty: type a question about the rules, e.g. "How far can I pass?"'


def checked_question(value: str) -> str:
    """A question as typed, its spaces tidied; an empty one or one over `MAX_QUESTION_CHARS` is one error."""
    question = " ".join(require_text(value, "the question").split())
    if not question:
        raise RefereeError(EMPTY_QUESTION)
    if len(question) > MAX_QUESTION_CHARS:
        raise RefereeError(
            f"the question is {len(question):,} characters long (at most {MAX_QUESTION_CHARS}): shorten it"
        )
    return question
