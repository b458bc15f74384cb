"""The documented example states (corpus/<game>/states/*.yaml) as starting points for a player:
its title (a player's words for the situation, its `title:`; else its file name in words), what each
shows (its opening comment) and its text without the `expect:` block, which states what the tests
check, nor its `title:`: both would go stale as soon as the player edits the state."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from referee.errors import RefereeError
from referee.validation.documents import load_document
from referee.validation.files import inside
from referee.validation.text import decode_text

NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")
TITLE = re.compile(r"^title\s*:\s*(.+)$", re.M)


def example_states(corpus_dir: Path, game: str | None = None) -> list[dict[str, Any]]:
    """Every example state (of one game), sorted by game then name: {game, name, title, about, text}.

    An example that cannot be read (not UTF-8, a link out of its game's folder, not a file) is
    left out of the list, so one bad file never hides the others; asked for by name, it is an error."""
    examples = []
    for path in sorted(Path(corpus_dir).glob(f"{game or '*'}/states/*.yaml")):
        try:
            examples.append(_example(path))
        except RefereeError:
            continue
    return examples


def example_state(corpus_dir: Path, game: str, name: str) -> dict[str, Any]:
    """One example by its game and file name (without .yaml); a name is never a path."""
    if not NAME.fullmatch(game) or not NAME.fullmatch(name):
        raise RefereeError(f"no example state {game}/{name}")
    path = Path(corpus_dir) / game / "states" / f"{name}.yaml"
    if not path.is_file() and not path.is_symlink():
        known = ", ".join(e["name"] for e in example_states(corpus_dir, game)) or "none"
        raise RefereeError(f"no example state {game}/{name}; {game}'s examples: {known}")
    return _example(path)


def _example(path: Path) -> dict[str, Any]:
    inside(path.parent.parent, path, "an example state")
    text = decode_text(path.read_bytes(), str(path))
    return {
        "game": path.parent.parent.name,
        "name": path.stem,
        "title": _title(text) or path.stem.replace("-", " ").capitalize(),
        "about": _opening_comment(text),
        "text": without_expectations(text),
    }


def _title(text: str) -> str:
    """The example's `title:` (a top-level scalar), read on its own: the rest of the state may not parse."""
    found = TITLE.search(text)
    if found is None:
        return ""
    try:
        title = load_document(found.group(1), "title")
    except RefereeError:
        return ""
    return title.strip() if isinstance(title, str) else ""


def _opening_comment(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(lines)


def without_expectations(text: str) -> str:
    """The document without its top-level `expect:` block (the key and everything nested under it) and its
    `title:`."""
    kept, skipping = [], False
    for line in text.splitlines():
        if re.match(r"title\s*:", line):
            continue
        if re.match(r"expect\s*:", line):
            skipping = True
            continue
        if skipping and (not line.strip() or line[0] in " \t#"):
            continue
        skipping = False
        kept.append(line)
    return "\n".join(kept).rstrip() + "\n"
