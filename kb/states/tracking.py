"""What settling a state read: every key of a document is read by a check or reported as not bearing
on the ruling.

A game's state objects derive from `Tracked`: once `watch` has handed them a `Consulted` record,
every data attribute an action reads marks the document keys it came from (the attribute's own
name under the object's place in the document, or the keys its class's `KEYS` names). Reading and
validating the document is not consulting it: the record is switched on only while the actions run.
`not_bearing` then lists the document's keys that nothing read."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from referee.rules.checks import contents


class Consulted:
    """The document keys an action's settling read (dotted paths: `pieces.7.bac`)."""

    def __init__(self) -> None:
        self.paths: set[str] = set()
        self.on = False

    def mark(self, path: str) -> None:
        if self.on:
            self.paths.add(path)


def _join(base: str, key: str) -> str:
    return f"{base}.{key}" if base and key else base or key


class Tracked:
    """A state object whose data attributes mark the document keys they came from when read.

    `_where` is the object's place in the document ("pieces.7"); `KEYS` maps an attribute to the
    keys under it that it comes from (an attribute not listed comes from the key of its name);
    `DERIVED` lists attributes that come from no key of their own (their reading is marked by
    whatever they were made from, or not at all)."""

    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {}
    DERIVED: ClassVar[frozenset[str]] = frozenset()

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("_"):
            own = object.__getattribute__(self, "__dict__")
            record = own.get("_consulted")
            if record is not None and record.on and name in own and name not in type(self).DERIVED:
                where = own.get("_where", "")
                for key in type(self).KEYS.get(name, (name,)):
                    record.mark(_join(where, key))
        return object.__getattribute__(self, name)


class TrackedDict(dict):
    """A mapping read from the document (a player's characteristics): each key read is marked."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        super().__init__(data)
        self._where = where
        self._consulted: Consulted | None = None

    def _mark(self, key: object) -> None:
        if self._consulted is not None:
            self._consulted.mark(_join(self._where, str(key)))

    def __getitem__(self, key: str) -> Any:
        self._mark(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._mark(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self._mark(key)
        return super().__contains__(key)


class TrackedWords(set[str]):
    """A set of words read from the document (a piece's statuses): asking for one word marks that word
    (`pieces.7.status.grounded`), so a word the player added that no rule asks about (`active` on a try)
    is left unread and named; going through them all (iterating, counting) marks the whole key."""

    def __init__(self, words: Any, where: str) -> None:
        super().__init__(words)
        self._where = where
        self._consulted: Consulted | None = None

    def _mark(self, word: object = None) -> None:
        if self._consulted is not None:
            self._consulted.mark(self._where if word is None else _join(self._where, str(word)))

    def __contains__(self, word: object) -> bool:
        self._mark(word)
        return super().__contains__(word)

    def __and__(self, other: Any) -> set[str]:
        for word in other:
            self._mark(word)
        return set(super().__and__(other))

    __rand__ = __and__  # `{"steal", "pick-up"} & piece.status` asks for those two words

    def isdisjoint(self, other: Any) -> bool:
        return not self & set(other)

    def __iter__(self) -> Iterator[str]:
        self._mark()
        return super().__iter__()

    def __len__(self) -> int:
        self._mark()
        return super().__len__()


def unread_words(document: Any, read: set[str]) -> list[str]:
    """The words of a word list (`pieces.7.status: [active, grounded]`) that were never asked about where
    some word of it was (`pieces.7.status.active`): the rest of the list was read word by word."""
    out = []
    for leaf in leaves(document):
        value = value_at(document, leaf)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            continue
        if any(leaf == p or leaf.startswith(p + ".") for p in read):
            continue  # read whole
        asked = {p[len(leaf) + 1 :] for p in read if p.startswith(leaf + ".")}
        if asked:
            out += [_join(leaf, word) for word in value if word not in asked]
    return out


def value_at(document: Any, path: str) -> Any:
    """The value at a dotted path of the document (`pieces.7.at`; `pieces.7.status.active` is the word)."""
    item = document
    for part in path.split("."):
        if isinstance(item, dict):
            item = item.get(part)
        elif isinstance(item, list) and part.isdigit() and int(part) < len(item):
            item = item[int(part)]
        elif isinstance(item, list) and part in item:  # a word of a word list
            item = part
        else:
            return None
    return item


def watch(state: Any, record: Consulted) -> None:
    """Hand the record to every tracked object of a game's state (attributes, mappings, lists)."""
    seen: set[int] = set()

    def visit(item: Any) -> None:
        if id(item) in seen or isinstance(item, (str, bytes, int, float, bool, type(None))):
            return
        seen.add(id(item))
        if isinstance(item, (TrackedDict, TrackedWords)):
            item._consulted = record
            return
        if isinstance(item, Tracked):
            own = object.__getattribute__(item, "__dict__")
            own["_consulted"] = record
            for key, value in own.items():
                if not key.startswith("_"):
                    visit(value)
        for value in contents(item):
            visit(value)

    visit(state)


def leaves(document: Any, base: str = "") -> Iterator[str]:
    """Every leaf key of a document as a dotted path; a list of mappings is indexed (`players.0.hand`)."""
    if isinstance(document, dict):
        for key, value in document.items():
            path = _join(base, str(key))
            if isinstance(value, dict) and value:
                yield from leaves(value, path)
            elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                for i, item in enumerate(value):
                    yield from leaves(item, _join(path, str(i)))
            else:
                yield path


def not_bearing(document: dict[str, Any], read: set[str], common: tuple[str, ...]) -> list[str]:
    """The document's keys (besides the common ones) that nothing read while settling, and the words of a
    word list read word by word that no rule asked about (`unread_words`)."""
    out = []
    own = {k: v for k, v in document.items() if k not in common}
    for leaf in leaves(own):
        if not any(leaf == p or leaf.startswith(p + ".") or p.startswith(leaf + ".") for p in read):
            out.append(leaf)
    return out + unread_words(own, read)
