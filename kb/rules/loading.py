"""A game's rules, loaded from its folder: checks are discovered, not listed. The one loader of a
corpus's rules that the library, the CLI and the web app call (`load_rules`); the one error for a
game with no folder is `referee.books.gameconf.game_config` (the books' layer, below this one).

A game folder that has rules holds up to three entry modules, read as one package (relative imports
work: `from .quotes import DEFEND`): `quotes.py`, the book's words its checks cite; `checks.py`,
the checks (and `OVERLAPS`, how its checks that decide by one sentence relate: `referee.rules.overlaps`);
`geometry.py`, optional, how it settles whole states (`STATES = StateRules(...)`). Each entry module
may import the rest of its code from sibling modules of the folder (`checks_pass.py`, ...): the
game's checks are those `checks.py` holds, then those of each module in its `AREAS`, in that order.
Every module of the package is refused if it is a link out of the folder, before it runs; whatever
a game's code raises while loading is one line naming the file.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from referee.errors import RefereeError
from referee.rules.actions import StateRules
from referee.rules.checks import Check, quotes_of
from referee.rules.rulebook import Rulebook
from referee.validation.files import inside

MODULES = ("quotes", "checks", "geometry")


@dataclass(frozen=True)
class Rules:
    """A corpus's rules, loaded once: each game's Rulebook and every check, by name."""

    rulebooks: dict[str, Rulebook]
    checks: dict[str, Check]

    @property
    def states(self) -> dict[str, StateRules]:
        """The games that settle whole states, with their readers and actions."""
        return {game: book.states for game, book in self.rulebooks.items() if book.states is not None}


def load_rules(dirs: Path | Sequence[Path]) -> Rules:
    """The rules of every game in the corpus folder(s): the first folder must exist, a later one (the
    user's games folder) may not exist yet. A later folder's game or check replaces an earlier one's
    of the same name (each folder's own names are unique)."""
    folders = [dirs] if isinstance(dirs, Path) else list(dirs)
    rulebooks: dict[str, Rulebook] = {}
    checks: dict[str, Check] = {}
    for i, folder in enumerate(folders):
        if i and not folder.is_dir():
            continue
        found = discover_rulebooks(folder)
        checks.update(discover_checks(folder, found))
        rulebooks.update(found)
    return Rules(rulebooks, checks)


def load_rulebook(folder: Path) -> Rulebook | None:
    """The game's rules (quotes, checks and state rules), if its folder has a checks.py."""
    if not (folder / "checks.py").exists():
        return None
    package = f"referee_rules_{folder.name.replace('-', '_')}"
    modules = _load_package(folder, package)
    states = getattr(modules.get("geometry"), "STATES", None)
    if "geometry" in modules and not isinstance(states, StateRules):
        raise RefereeError(f"{folder / 'geometry.py'}: defines no STATES = StateRules(...)")
    if states is not None:
        states.folder = str(folder)
    quotes = dict(quotes_of(modules["quotes"])) if "quotes" in modules else {}
    checks = _checks_of(modules["checks"], folder)
    overlaps = [
        o for item in getattr(modules["checks"], "OVERLAPS", []) for o in (item if isinstance(item, list) else [item])
    ]
    return Rulebook(folder.name, quotes, checks, states, where=str(folder), overlaps=overlaps)


def _checks_of(module: ModuleType, folder: Path) -> list[Check]:
    """The checks of checks.py, then those of each module in its AREAS (each check once)."""
    areas = getattr(module, "AREAS", ())
    if not isinstance(areas, (tuple, list)) or not all(isinstance(a, ModuleType) for a in areas):
        raise RefereeError(f"{folder / 'checks.py'}: AREAS must be a tuple of the game's modules")
    found: dict[int, Check] = {}
    for source in (module, *areas):
        for item in vars(source).values():
            if isinstance(item, Check):
                found.setdefault(id(item), item)
    return list(found.values())


class _InsideOnly(importlib.abc.MetaPathFinder):
    """Finds the game package's modules as Python would, refusing any that is a link out of the folder
    (before its code runs): the rule "never code from a link out" for every module a game imports."""

    def __init__(self, folder: Path, package: str) -> None:
        self.folder, self.package = folder, package

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith(self.package + "."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.origin and spec.has_location:
            inside(self.folder, Path(spec.origin), "a game's rule module")
        return spec


def _load_package(folder: Path, package: str) -> dict[str, ModuleType]:
    """The folder's rule modules, freshly executed (a second load in one process reads them again)."""
    _forget(package)
    spec = importlib.util.spec_from_loader(package, loader=None, is_package=True)
    assert spec is not None
    root = importlib.util.module_from_spec(spec)
    root.__path__ = [str(folder)]
    sys.modules[package] = root
    finder = _InsideOnly(folder, package)
    sys.meta_path.insert(0, finder)
    loaded = {}
    try:
        for name in MODULES:
            if (folder / f"{name}.py").exists():
                inside(folder, folder / f"{name}.py", "a game's rule module")  # what _InsideOnly says, for any file
                loaded[name] = importlib.import_module(f"{package}.{name}")
    except RefereeError:
        _forget(package)
        raise
    except Exception as exc:  # a game's own code: whatever it raises is the game's problem, said in one line
        _forget(package)
        raise RefereeError(_failure(folder, exc)) from None
    finally:
        sys.meta_path.remove(finder)
    return loaded


def _forget(package: str) -> None:
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        del sys.modules[name]


def _failure(folder: Path, exc: Exception) -> str:
    if isinstance(exc, SyntaxError):
        return f"{exc.filename or folder}: cannot be loaded (line {exc.lineno}: {exc.msg})"
    here = folder.resolve()
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).resolve().parent == here]
    where = frames[-1].filename if frames else folder
    return f"{where}: cannot be loaded ({type(exc).__name__}: {exc})"


def discover_rulebooks(corpus_dir: Path) -> dict[str, Rulebook]:
    """Each game's declared rules (its checks, quotes and state rules), by game id."""
    if not corpus_dir.is_dir():
        raise RefereeError(f"{corpus_dir}: corpus folder not found")
    rulebooks = {}
    for folder in sorted(p for p in corpus_dir.iterdir() if (p / "game.toml").exists()):
        rulebook = load_rulebook(folder)
        if rulebook is not None:
            rulebooks[rulebook.game] = rulebook
    return rulebooks


def discover_checks(corpus_dir: Path, rulebooks: dict[str, Rulebook] | None = None) -> dict[str, Check]:
    checks: dict[str, Check] = {}
    for rulebook in (rulebooks if rulebooks is not None else discover_rulebooks(corpus_dir)).values():
        for check in rulebook.checks:
            if check.name in checks:
                where = Path(check.function.__code__.co_filename)  # the module that defines it
                raise RefereeError(f"{where}: check name {check.name!r} is taken by {checks[check.name].game}")
            checks[check.name] = check
    return checks
