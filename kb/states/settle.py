"""Settling a whole described situation: a game state (where everything stands, what was declared)
becomes the facts every applicable check needs, derived with the game's own geometry, and the checks
run in rule order into one verdict with a chain of reasons.

A game opts in by giving its `Rulebook` a `StateRules` (`referee.rules.actions`): how to read its
state document, and the actions it has; `Settling` is the `Steps` its actions run checks through.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from typing import Any

from referee.errors import RefereeError
from referee.rules.actions import Action, StateRules
from referee.rules.checks import Check, validate_facts, verdict_dict
from referee.rules.loading import discover_checks, discover_rulebooks
from referee.rules.settle import settle, situation_of
from referee.rules.verdicts import Verdict
from referee.validation.documents import load_document, show

COMMON_KEYS = ("game", "action", "dice", "facts", "note", "expect")  # expect: what an example gives (tested)


class _Stop(Exception):
    """A step decided the matter (an illegal declaration, a cancelled action): later steps do not apply."""


@dataclass
class Settling:
    """Runs the checks of one action in order, recording the facts each got and where they came from."""

    checks: dict[str, Check]
    overrides: dict[str, Any]
    dice: list[int]
    steps: list[dict[str, Any]] = field(default_factory=list)
    used_overrides: set[str] = field(default_factory=set)

    def run(self, name: str, facts: dict[str, Any], note: str = "", stop_unless_legal: bool = True) -> Verdict:
        check = self.checks[name]
        names = {f.name for f in check.facts}
        given = {k: v for k, v in self.overrides.items() if k in names}
        self.used_overrides |= set(given)
        merged = {**{k: v for k, v in facts.items() if v is not None}, **given}
        verdict = check.run(merged)
        typed = validate_facts(check, merged)  # as the check read them ("9" given on the command line is 9)
        self.steps.append(
            {
                **verdict_dict(check, verdict),
                "facts": _plain({k: v for k, v in typed.items() if k in merged}),
                "derived": sorted(k for k in facts if facts[k] is not None and k not in given),
                "given": sorted(given),
                "note": note,
            }
        )
        if stop_unless_legal and (verdict.verdict == "illegal" or verdict.outcome == "cancelled"):
            raise _Stop
        return verdict

    def die(self, index: int = 0) -> int | None:
        return self.dice[index] if len(self.dice) > index else None


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


# ---------------------------------------------------------------- reading documents


def state_from(text: str, source: str) -> dict[str, Any]:
    """A state document (YAML or JSON) as data: a mapping with a game and an action."""
    data = load_document(text, source)
    if not isinstance(data, dict) or "action" not in data:
        raise RefereeError(f"{source}: a state needs 'game' and 'action' (see docs/game-states.md)")
    for key in data:
        if not isinstance(key, str):
            raise RefereeError(f"{source}: keys are words, got {show(key)}")
    return data


def is_state(data: Any) -> bool:
    return isinstance(data, dict) and "action" in data and "check" not in data


def settle_text(
    corpus_dir: Any, text: str | None, source: str, name: str | None, facts: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The verdict for a document (a state, or a situation naming one check) or for a check named with
    facts; with the state document when there is one (to draw it)."""
    rulebooks = discover_rulebooks(corpus_dir)
    checks = discover_checks(corpus_dir, rulebooks)
    if text is None:
        return settle(checks, None, name, facts), None
    data = load_document(text, source)
    if not is_state(data):
        return settle(checks, situation_of(data, source), name, facts), None
    if name:
        raise RefereeError("--check does not go with a state: the state's action chooses the checks")
    return settle_state(checks, state_rules(rulebooks), data, facts, source), data


def state_rules(rulebooks: dict[str, Any]) -> dict[str, StateRules]:
    """The games that settle whole states, with their readers and actions."""
    return {game: rulebook.states for game, rulebook in rulebooks.items() if rulebook.states is not None}


def settle_state_text(
    checks: dict[str, Check], rules_by_game: dict[str, StateRules], text: str, source: str = "state"
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A state document's text settled with checks already loaded (a server loads them once): what
    `settle_text` gives for a state, with the document to draw it."""
    document = state_from(text, source)
    return settle_state(checks, rules_by_game, document, None, source), document


def settle_state(
    checks: dict[str, Check],
    rules_by_game: dict[str, StateRules],
    document: dict[str, Any],
    overrides: dict[str, Any] | None = None,
    source: str = "state",
) -> dict[str, Any]:
    """One verdict for the action a state declares: every applicable check, in rule order."""
    game = document.get("game")
    if not isinstance(game, str) or game not in rules_by_game:
        games = ", ".join(sorted(rules_by_game))
        raise RefereeError(f"{source}: 'game' must be one of {games}, got {show(game)}")
    rules = rules_by_game[game]
    unknown = sorted(set(document) - set(COMMON_KEYS) - set(rules.keys))
    if unknown:
        raise RefereeError(f"{source}: {game} states have no key {unknown[0]!r}; keys: {', '.join(rules.keys)}")
    facts = {**_facts_of(document, source), **(overrides or {})}
    state = rules.read(document, source)
    action, args, text = _action_of(document, rules, source)
    settling = Settling(checks, facts, _dice_of(document, source))
    with contextlib.suppress(_Stop):  # a step decided the matter; the later checks do not apply
        action.settle(state, args, settling)
    unused = sorted(set(facts) - settling.used_overrides)
    if unused:
        used = sorted({f.name for s in settling.steps for f in checks[s["check"]].facts})
        raise RefereeError(
            f"fact {show(unused[0])} is used by none of this action's checks; they use {', '.join(used)}"
        )
    return _combined(game, {"type": action.name, "text": text, **args}, settling.steps)


def _facts_of(document: dict[str, Any], source: str) -> dict[str, Any]:
    facts = document.get("facts") or {}
    if not isinstance(facts, dict) or not all(isinstance(k, str) for k in facts):
        raise RefereeError(f"{source}: 'facts' must map fact names to values")
    return facts


def _dice_of(document: dict[str, Any], source: str) -> list[int]:
    dice = document.get("dice", [])
    if isinstance(dice, int) and not isinstance(dice, bool):
        dice = [dice]
    if not isinstance(dice, list) or len(dice) > 8 or not all(_is_die(d) for d in dice):
        raise RefereeError(f"{source}: 'dice' must be a list of die results (1 to 12), got {show(dice)}")
    return dice


def _is_die(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 12


def _action_of(document: dict[str, Any], rules: StateRules, source: str) -> tuple[Action, dict[str, str], str]:
    text = document.get("action")
    if not isinstance(text, str) or len(text) > 200:
        raise RefereeError(f"{source}: 'action' must be a sentence such as \"#7 passes to #9\", got {show(text)}")
    for action in rules.actions:
        args = action.match(text)
        if args is not None:
            return action, args, text
    known = "; ".join(f"{a.name} ({a.help})" for a in rules.actions)
    raise RefereeError(f"{source}: the game has no action {text!r}; actions: {known}")


def _combined(game: str, action: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    verdicts = [s["verdict"] for s in steps]
    if "illegal" in verdicts:
        verdict = "illegal"
    elif "ambiguous" in verdicts:
        verdict = "ambiguous"
    elif "unknown" in verdicts:
        verdict = "unknown"
    elif "legal" in verdicts:
        verdict = "legal"
    else:
        verdict = "value"
    outcomes = [s["outcome"] for s in steps if s["outcome"]]
    return {
        "game": game,
        "action": action,
        "verdict": verdict,
        "outcome": outcomes[-1] if outcomes else None,
        "summary": "; ".join(s["summary"] for s in steps if s["summary"]),
        "steps": steps,
        "reasons": [r for s in steps for r in s["reasons"]],
        "consequences": [c for s in steps for c in s["consequences"]],
    }
