"""A game's rules, loaded from its folder: checks are discovered, not listed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from referee.errors import RefereeError
from referee.rules.checks import Check, Rulebook


def load_rulebook(folder: Path) -> Rulebook | None:
    """The game's declared rules (`corpus/<game>/checks.py` defines RULES), if it has checks."""
    path = folder / "checks.py"
    if not path.exists():
        return None
    module_name = f"referee_checks_{folder.name.replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a game's own code: whatever it raises is the game's problem, said in one line
        sys.modules.pop(module_name, None)
        detail = f"line {exc.lineno}: {exc.msg}" if isinstance(exc, SyntaxError) else f"{type(exc).__name__}: {exc}"
        raise RefereeError(f"{path}: cannot be loaded ({detail})") from None
    rulebook = getattr(module, "RULES", None)
    if not isinstance(rulebook, Rulebook):
        raise RefereeError(f"{path}: defines no RULES = Rulebook(...)")
    rulebook.module = module  # type: ignore[attr-defined]  # the game's state rules live beside its checks
    return rulebook


def load_game_checks(folder: Path) -> list[Check]:
    rulebook = load_rulebook(folder)
    return rulebook.checks if rulebook else []


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
