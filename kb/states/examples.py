"""The documented example states (corpus/<game>/states/*.yaml) as starting points for a player:
what each shows (its opening comment) and its text without the `expect:` block, which states what
the tests check and would go stale as soon as the player edits the state."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from referee.errors import RefereeError
from referee.validation.files import inside
from referee.validation.text import decode_text

NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")


def example_states(corpus_dir: Path, game: str | None = None) -> list[dict[str, Any]]:
    """Every example state (of one game), sorted by game then name: {game, name, about, text}.

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
        "about": _opening_comment(text),
        "text": without_expectations(text),
    }


def _opening_comment(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(lines)


def without_expectations(text: str) -> str:
    """The document without its top-level `expect:` block (the key and everything nested under it)."""
    kept, skipping = [], False
    for line in text.splitlines():
        if re.match(r"expect\s*:", line):
            skipping = True
            continue
        if skipping and (not line.strip() or line[0] in " \t#"):
            continue
        skipping = False
        kept.append(line)
    return "\n".join(kept).rstrip() + "\n"
