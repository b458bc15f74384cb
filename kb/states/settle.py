"""Settling a whole described situation: a game state (where everything stands, what happened before,
what was declared) becomes the facts every applicable check needs, derived with the game's own geometry,
and the checks run in rule order into one ruling with a chain of reasons and what follows.

A state declares one action (`action:`) or several in order (`actions:`): each is settled in the
state the previous ones left (an illegal declaration changes nothing). A game opts in by giving its
`Rulebook` a `StateRules` (`referee.rules.actions`); `Settling` (`referee.states.settling`) is the
`Steps` its actions run checks through. An action no check covers is `unknown`, with the book's
closest rules quoted; a refusal is only for a malformed state, or one that lacks the facts the
first check needs (it names them).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from referee.errors import RefereeError, UnknownKey
from referee.rules.actions import StateRules
from referee.rules.checks import Check
from referee.rules.loading import load_rules
from referee.rules.settle import settle, situation_of
from referee.rules.verdicts import CheckVerdict, Reason, RulingStep
from referee.states.bearing import account
from referee.states.closest import closest_rules
from referee.states.ruling import Lack, Ruling, Unrecognised, rule, ruled_verdict
from referee.states.settling import Claim, Missing, Settling, Stop
from referee.states.tracking import Consulted, watch
from referee.states.wording import did_you_mean, match, wordings
from referee.validation.documents import load_document, show

# expect: what an example gives (tested); dispute: the dispute it settles (data/disputes)
COMMON_KEYS = (
    "game",
    "action",
    "actions",
    "asks",
    "question",
    "dice",
    "facts",
    "note",
    "expect",
    "dispute",
    "title",  # an example's name in a player's words (the web's example menu)
)
ASKS = ("legality", "outcome")  # is the declared action allowed; or what happens (who wins, how much, what next)


# ---------------------------------------------------------------- reading documents


def state_from(text: str, source: str) -> dict[str, Any]:
    """A state document (YAML or JSON) as data: a mapping with a game and an action (or actions)."""
    data = load_document(text, source)
    if not is_state(data):
        raise RefereeError(f"{source}: a state needs 'game' and 'action' (see docs/game-states.md)")
    for key in data:
        if not isinstance(key, str):
            raise RefereeError(f"{source}: keys are words, got {show(key)}")
    return data


def is_state(data: Any) -> bool:
    return isinstance(data, dict) and ("action" in data or "actions" in data) and "check" not in data


def settle_text(
    corpus_dir: Any, text: str | None, source: str, name: str | None, facts: dict[str, Any]
) -> tuple[CheckVerdict | Ruling, dict[str, Any] | None]:
    """The verdict for a document (a state, or a situation naming one check) or for a check named with
    facts (a `CheckVerdict`); a state's `Ruling`, with the state document (to draw it)."""
    rules = load_rules(corpus_dir)
    checks = rules.checks
    if text is None:
        return settle(checks, None, name, facts), None
    data = load_document(text, source)
    if not is_state(data):
        return settle(checks, situation_of(data, source), name, facts), None
    if name:
        raise RefereeError("--check does not go with a state: the state's action chooses the checks")
    return settle_state(checks, rules.states, data, facts, source), data


def state_rules(rulebooks: dict[str, Any]) -> dict[str, StateRules]:
    """The games that settle whole states, with their readers and actions."""
    return {game: rulebook.states for game, rulebook in rulebooks.items() if rulebook.states is not None}


def settle_state_text(
    checks: dict[str, Check], rules_by_game: dict[str, StateRules], text: str, source: str = "state"
) -> tuple[Ruling, dict[str, Any]]:
    """A state document's text settled with checks already loaded (a server loads them once): what
    `settle_text` gives for a state, with the document to draw it."""
    document = state_from(text, source)
    return settle_state(checks, rules_by_game, document, None, source), document


# ---------------------------------------------------------------- settling


def settle_state(
    checks: dict[str, Check],
    rules_by_game: dict[str, StateRules],
    document: dict[str, Any],
    overrides: dict[str, Any] | None = None,
    source: str = "state",
) -> Ruling:
    """One ruling for the actions a state declares: every applicable check, in rule order, each action
    in the state the previous left; what follows; the keys that did not bear on it."""
    game = document.get("game")
    if not isinstance(game, str) or game not in rules_by_game:
        games = ", ".join(sorted(rules_by_game))
        raise RefereeError(f"{source}: 'game' must be one of {games}, got {show(game)}")
    rules = rules_by_game[game]
    unknown = sorted(set(document) - set(COMMON_KEYS) - set(rules.keys))
    if unknown:
        message = f"{source}: {game} states have no key {unknown[0]!r}; keys: {', '.join(rules.keys)}"
        raise UnknownKey(message, "", unknown[0])  # the page's form leaves it out (web.statepages)
    asks = document.get("asks", "legality")
    if asks not in ASKS:
        raise RefereeError(f"{source}: 'asks' is one of {', '.join(ASKS)}, got {show(asks)}")
    facts = {**_facts_of(document, source), **(overrides or {})}
    declared = _declared(document, source)
    state = rules.read(document, source)
    record = Consulted()
    watch(state, record)
    settling = Settling(checks, facts)
    actions: list[dict[str, Any]] = []
    missing: list[Lack] = []
    unrecognised: list[Unrecognised] = []
    matched = []
    start = _snapshot(rules, state, settling)
    record.on = True
    for index, (text, dice, rolls) in enumerate(declared):
        settling.begin(index, dice, rolls)
        found = match(text, rules)
        if found is None:
            _closest(settling, rules, game, text, document.get("question"))
            record.on = False
            actions.append({"type": None, "text": text, "after": _snapshot(rules, state, settling)})
            record.on = True
            unrecognised.append(Unrecognised(index, text, did_you_mean(text, rules)))
            continue
        action, args = found
        matched.append(action)
        actions.append({"type": action.name, "text": text, **args})
        try:
            with contextlib.suppress(Stop):  # a step decided the matter; the later checks do not apply
                action.settle(state, args, settling)
        except Missing as lack:
            missing = [Lack(index, lack.check.name, lack.names, [lack.describe()])]
            break
        finally:
            record.on = False
            actions[-1]["after"] = _snapshot(rules, state, settling)
            record.on = True
        if action.claim:
            _claim_checked(settling, index, text)
    follows = {**(rules.follows(state) if rules.follows else {}), **settling.followed}
    record.on = False
    _unused_facts(checks, facts, settling)
    ruled = ruled_verdict(settling.steps, asks)
    keys, why, unaccounted = account(document, set(record.paths), COMMON_KEYS, rules, matched, actions, ruled)
    unread = _dice_unread(declared, settling)
    # dice given for a declaration the rules found illegal: nothing is rolled, so they do not bear
    refused = {s.action for s in settling.steps if s.verdict == "illegal"}
    for where in unread:
        if _dice_action(where) in refused:
            why[where] = "the declaration is illegal, so nothing is rolled: the dice do not bear"
    return rule(
        game,
        actions,
        settling,
        asks,
        start=start,
        follows=follows,
        missing=missing,
        not_bearing=keys + unread,
        not_bearing_why=why,
        unrecognised=unrecognised,
        unaccounted=unaccounted + [w for w in unread if w not in why],
    )


def _claim_checked(settling: Settling, index: int, text: str) -> None:
    """A claim ("ben wins the round") is never taken as fact: one its action neither checked against the state
    nor found illegal is unsupported (the ruling is incomplete)."""
    if any(c.action == index for c in settling.claims):
        return
    if any(s.action == index and s.verdict == "illegal" for s in settling.steps):
        return
    needs = "what the claim rests on: the game's action checks none of it against the state"
    settling.claims.append(Claim(index, text, "unsupported", None, needs))


def _snapshot(rules: StateRules, state: Any, settling: Settling) -> dict[str, Any]:
    """The state as it stands (what `follows` says of it), copied: the state after a step, as the ruling shows it."""
    shown = {**(rules.follows(state) if rules.follows else {}), **settling.followed}
    return json.loads(json.dumps(shown, default=str))


def _unused_facts(checks: dict[str, Check], facts: dict[str, Any], settling: Settling) -> None:
    unused = sorted(set(facts) - settling.used_overrides)
    if unused:
        used = sorted({f.name for s in settling.steps if s.check for f in checks[s.check].facts})
        raise RefereeError(
            f"fact {show(unused[0])} is used by none of this action's checks; they use {', '.join(used)}"
        )


def _closest(settling: Settling, rules: StateRules, game: str, text: str, question: Any) -> None:
    """An action no check covers: `unknown`, quoting the book's closest rules."""
    words = f"{text} {question}" if isinstance(question, str) else text
    found = closest_rules(rules.folder, words) if rules.folder else []
    known = "; ".join(w for a in rules.actions for w in wordings(a))
    settling.steps.append(
        RulingStep(
            game,
            None,
            "unknown",
            summary=f"unknown: no rule of {game} settles {text!r} (actions it settles: {known}); "
            "the closest rules are quoted",
            reasons=[Reason(entry, quote, "a close rule (shares the most words)") for entry, quote in found],
            action=settling.action,
        )
    )


# ---------------------------------------------------------------- the document's parts


def _facts_of(document: dict[str, Any], source: str) -> dict[str, Any]:
    facts = document.get("facts") or {}
    if not isinstance(facts, dict) or not all(isinstance(k, str) for k in facts):
        raise RefereeError(f"{source}: 'facts' must map fact names to values")
    return facts


def _declared(document: dict[str, Any], source: str) -> list[tuple[str, list[int], dict[str, list[int]]]]:
    """The declared actions in order, each with its dice: a list, or the dice of each roller by name."""
    if "action" in document and "actions" in document:
        raise RefereeError(f"{source}: give 'action' (one) or 'actions' (several in order), not both")
    if "action" in document:
        return [(_action_text(document["action"], source), *_dice_of(document.get("dice", []), source))]
    items = document["actions"]
    if not isinstance(items, list) or not 1 <= len(items) <= 16:
        raise RefereeError(f"{source}: 'actions' is a list of 1 to 16 actions, in the order they happen")
    if "dice" in document:
        raise RefereeError(f"{source}: with 'actions', each action gives its own dice ({{do: ..., dice: [...]}})")
    out = []
    for i, item in enumerate(items):
        where = f"{source}: actions[{i}]"
        if isinstance(item, dict):
            extra = sorted(set(item) - {"do", "dice"})
            if extra or "do" not in item:
                raise RefereeError(f"{where}: an action is a sentence, or {{do: sentence, dice: [...]}}")
            out.append((_action_text(item["do"], where), *_dice_of(item.get("dice", []), where)))
        else:
            out.append((_action_text(item, where), [], {}))
    return out


def _action_text(text: Any, source: str) -> str:
    if not isinstance(text, str) or not text.strip() or len(text) > 200:
        raise RefereeError(f'{source}: an action is a sentence such as "#7 passes to #9", got {show(text)}')
    return text.strip()


def _dice_of(dice: Any, source: str) -> tuple[list[int], dict[str, list[int]]]:
    if isinstance(dice, dict):
        rolls = {}
        for name, values in dice.items():
            if isinstance(values, int) and not isinstance(values, bool):
                values = [values]
            if not isinstance(name, (str, int)) or isinstance(name, bool) or not _is_dice(values):
                raise RefereeError(f"{source}: 'dice' maps each roller to its dice (1 to 12), got {show(dice)}")
            rolls[str(name).lstrip("#")] = values
        return [], rolls
    if isinstance(dice, int) and not isinstance(dice, bool):
        dice = [dice]
    if not _is_dice(dice):
        raise RefereeError(f"{source}: 'dice' must be a list of die results (1 to 12), got {show(dice)}")
    return dice, {}


def _is_dice(values: Any) -> bool:
    return isinstance(values, list) and len(values) <= 8 and all(_is_die(d) for d in values)


def _is_die(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 12


def _dice_action(where: str) -> int:
    """The action whose dice `where` names (`dice` is the only action's, `actions.2.dice` the third's)."""
    parts = where.split(".")
    return int(parts[1]) if parts[0] == "actions" else 0


def _dice_unread(declared: list[tuple[str, list[int], dict[str, list[int]]]], settling: Settling) -> list[str]:
    """Dice the state gives that no check rolled (a roller's dice, or an action's)."""
    out = []
    for index, (_, dice, rolls) in enumerate(declared):
        where = "dice" if len(declared) == 1 else f"actions.{index}.dice"
        if dice and f"{index}:" not in settling.used_dice:
            out.append(where)
        out += [f"{where}.{name}" for name in rolls if f"{index}:{name}" not in settling.used_dice]
    return out
