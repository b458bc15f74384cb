"""A game's rules, loaded from its folder: checks are discovered, not listed.

A game folder that has rules holds up to three modules, read as one package (relative imports
work: `from .quotes import DEFEND`): `quotes.py`, the book's words its checks cite; `checks.py`,
the checks (and `OVERLAPS`, how its checks that decide by one sentence relate: `referee.rules.overlaps`);
`geometry.py`, optional, how it settles whole states (`STATES = StateRules(...)`).
Whatever a game's code raises while loading is one line naming the file.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import traceback
from pathlib import Path
from types import ModuleType

from referee.errors import RefereeError
from referee.rules.actions import StateRules
from referee.rules.checks import Check, quotes_of
from referee.rules.rulebook import Rulebook
from referee.validation.files import inside

MODULES = ("quotes", "checks", "geometry")


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
    checks = [item for item in vars(modules["checks"]).values() if isinstance(item, Check)]
    overlaps = [
        o for item in getattr(modules["checks"], "OVERLAPS", []) for o in (item if isinstance(item, list) else [item])
    ]
    return Rulebook(folder.name, quotes, checks, states, where=str(folder), overlaps=overlaps)


def _load_package(folder: Path, package: str) -> dict[str, ModuleType]:
    """The folder's rule modules, freshly executed (a second load in one process reads them again)."""
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        del sys.modules[name]
    spec = importlib.util.spec_from_loader(package, loader=None, is_package=True)
    assert spec is not None
    root = importlib.util.module_from_spec(spec)
    root.__path__ = [str(folder)]
    sys.modules[package] = root
    loaded = {}
    try:
        for name in MODULES:
            if (folder / f"{name}.py").exists():
                inside(folder, folder / f"{name}.py", "a game's rule module")  # never code from a link out
                loaded[name] = importlib.import_module(f"{package}.{name}")
    except RefereeError:
        _forget(package)
        raise
    except Exception as exc:  # a game's own code: whatever it raises is the game's problem, said in one line
        _forget(package)
        raise RefereeError(_failure(folder, exc)) from None
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
        folder = corpus_dir / rulebook.game
        for check in rulebook.checks:
            if check.name in checks:
                raise RefereeError(
                    f"{folder / 'checks.py'}: check name {check.name!r} is taken by {checks[check.name].game}"
                )
            checks[check.name] = check
    return checks
