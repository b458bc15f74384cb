"""Input checked at the edge: text that is valid UTF-8 (documents: kb/state_load.py bounds them)."""

from __future__ import annotations

from referee.errors import RefereeError

MAX_DOCUMENT_BYTES = 1_000_000  # a situation or question file; anything larger is not one


def require_text(value: str, what: str) -> str:
    """`value` as given, refused if it holds what no UTF-8 text can (a lone surrogate, which is
    how Python passes on invalid bytes from the command line)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RefereeError(f"{what} is not valid UTF-8 text (character {exc.start + 1})") from None
    return value


def decode_text(data: bytes, what: str) -> str:
    if len(data) > MAX_DOCUMENT_BYTES:
        raise RefereeError(f"{what}: larger than {MAX_DOCUMENT_BYTES // 1_000_000} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"{what}: not UTF-8 text (byte {exc.start})") from None
