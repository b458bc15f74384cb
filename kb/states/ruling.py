"""One ruling for a state's actions, and whether it is earned.

The checks' steps combine into the verdict they give (`ruled`): illegal if a step is, else ambiguous,
unknown, legal or value. A verdict of legal, illegal or a value is given only when it is earned: every
action was recognised, nothing the deciding rules name is missing, and every key of the state was read
or shown, with its reason, not to bear. Otherwise the ruling is `incomplete` (an action not recognised,
with the closest actions' wording; or the facts to add) or `unknown` (a fact given that no rule of the
ruling reads, named: the referee cannot say how it bears), never a guess. Where a check rules that the
book is silent, the ruling says the book leaves it open (`open`). A claim written as an action ("ben wins
the round") is never taken as fact (`Settling.claim`): one the state contradicts is illegal; one it cannot
check for want of a fact is incomplete; one it gives nothing about is ruled given the claim, and says so."""

from __future__ import annotations

from typing import Any

from referee.rules.headline import joined_summaries
from referee.states.settling import NOTHING, Settling

CONFIDENT = ("legal", "illegal", "value")


def combined(game: str, actions: list[dict[str, Any]], settling: Settling, asks: str) -> dict[str, Any]:
    steps = settling.steps
    verdicts = [s["verdict"] for s in steps if s["check"] is not None]
    if "illegal" in verdicts:
        verdict = "illegal"
    elif "ambiguous" in verdicts:
        verdict = "ambiguous"
    elif "unknown" in verdicts or not verdicts:
        verdict = "unknown"
    elif "legal" in verdicts and asks == "legality":
        verdict = "legal"
    else:
        verdict = "value"
    outcomes = [s["outcome"] for s in steps if s["outcome"]]
    values = [s["value"] for s in steps if s["value"] is not None]
    text = "; ".join(a["text"] for a in actions)
    last = {k: v for k, v in actions[-1].items() if k != "after"} if actions else {"type": None, "text": ""}
    return {
        "game": game,
        "action": {**last, "text": text} if len(actions) > 1 else last,
        "actions": actions,
        "verdict": verdict,
        "outcome": outcomes[-1] if outcomes else None,
        "value": settling.answered if settling.answered is not NOTHING else (values[-1] if values else None),
        "summary": joined_summaries([s["summary"] for s in steps]),
        "steps": steps,
        "reasons": [r for s in steps for r in s["reasons"]],
        "consequences": [c for s in steps for c in s["consequences"]],
    }


def left_open(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps where a check rules that the book does not settle the matter, with what it does say."""
    return [
        {"action": s["action"], "check": s["check"], "quotes": [r["quote"] for r in s["reasons"]]}
        for s in steps
        if s["check"] is not None and s["verdict"] == "unknown"
    ]


def earn(ruling: dict[str, Any], unrecognised: list[dict[str, Any]], unaccounted: list[str]) -> None:
    """Downgrade a verdict the ruling has not earned; say why, and what would settle it."""
    ruled = ruling["verdict"]
    ruling["ruled"] = ruled
    ruling["unrecognised"] = unrecognised
    ruling["unaccounted"] = unaccounted
    ruling["open"] = left_open(ruling["steps"])
    why = []
    if unrecognised:
        for item in unrecognised:
            also = "; ".join(f"“{w}”" for w in item["did_you_mean"])
            mean = f" (did you mean {also}?)" if also else ""
            why.append(f"no action of {ruling['game']} reads {item['text']!r}{mean}")
        verdict = "incomplete"
    elif claims := [c for c in ruling.get("claims", []) if c["status"] == "unsupported"]:
        for item in claims:
            where = f"action {item['action'] + 1}"
            why.append(f"the claim {item['claim']!r} ({where}) is not checked: give {item['needs']}")
        verdict = "incomplete"
    elif ruling["missing"]:
        for lack in ruling["missing"]:
            why.append(f"to settle action {lack['action'] + 1}, give {', '.join(lack['needs'])}")
        verdict = "incomplete"
    elif unaccounted and ruled in CONFIDENT:
        why.append(
            f"the state gives {', '.join(unaccounted)}, which no rule here reads (nor shows it does not bear); "
            f"the rules alone would rule {ruled}"
        )
        verdict = "unknown"
    else:
        verdict = ruled
    if ruling["open"] and verdict == "unknown" and not why:
        why.append("the book leaves this open")
    given = [c for c in ruling.get("claims", []) if c["status"] == "premise"]
    if given and verdict in CONFIDENT:
        declared = (f"{c['claim']!r} as the state declares it (it gives no {c['needs']} to check it)" for c in given)
        why.append("given " + "; ".join(declared))
    ruling["verdict"] = verdict
    ruling["earned"] = verdict == ruled
    if why:
        ruling["summary"] = f"{verdict}: {'; '.join(why)}" + (f" — {ruling['summary']}" if ruling["summary"] else "")
