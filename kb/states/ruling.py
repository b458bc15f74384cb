"""One ruling for a state's actions, and whether it is earned.

The checks' steps combine into the verdict they give (`ruled`): illegal if a step is, else ambiguous,
unknown, legal or value. A verdict of legal, illegal or a value is given only when it is earned: every
action was recognised, nothing the deciding rules name is missing, and every key of the state was read
or shown, with its reason, not to bear. Otherwise the ruling is `incomplete` (an action not recognised,
with the closest actions' wording; or the facts to add) or `unknown` (a fact given that no rule of the
ruling reads, named: the referee cannot say how it bears), never a guess. Where a check rules that the
book is silent, the ruling says the book leaves it open (`open`). A claim written as an action ("ben wins
the round") is never taken as fact (`Settling.claim`): one the state contradicts is illegal; one it cannot
check for want of a fact is incomplete; one it gives nothing about is ruled given the claim, and says so.

`Ruling` is the typed result, built once (`rule`); its `to_json()` is what `referee check STATE --json`
prints and `POST /api/state` returns, its keys in the order of its fields."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from referee.rules.headline import joined_summaries, key_words, unearned_summary
from referee.rules.verdicts import Reason, RulingStep, plain
from referee.states.settling import NOTHING, Claim, Settling

CONFIDENT = ("legal", "illegal", "value")


@dataclass(frozen=True)
class Lack:
    """The facts a check of action `action` needs that the state does not give: the settling stopped there."""

    action: int
    check: str
    facts: list[str]
    needs: list[str]  # the facts with what each is ("p (the pass's difficulty)")


@dataclass(frozen=True)
class Unrecognised:
    """An action no action of the game reads, with the wordings it comes closest to."""

    action: int
    text: str
    did_you_mean: list[str]


@dataclass(frozen=True)
class LeftOpen:
    """A check that rules the book does not settle the matter, with what the book does say."""

    action: int
    check: str | None
    quotes: list[str]


@dataclass(frozen=True)
class Ruling:
    """A state's actions settled: the verdict, the chain of steps behind it and what follows.

    `verdict` is the earned one; `ruled` what the checks alone give (`earned` when they agree).
    `action` is the last action (with the whole sequence's text when there are several), `actions`
    every action with its arguments and the state after it (`after`); `value` is what the ruling
    answers; `reasons` and `consequences` are every step's, in order."""

    game: str
    action: dict[str, Any]
    actions: list[dict[str, Any]]
    verdict: str
    outcome: str | None
    value: Any
    summary: str
    steps: list[RulingStep]
    reasons: list[Reason]
    consequences: list[Reason]
    start: dict[str, Any]  # what follows the state as given, before its actions
    follows: dict[str, Any]  # what follows the settled actions: who acts next, possession, the score
    missing: list[Lack]
    not_bearing: list[str]  # the state's keys (and dice) shown not to bear on the ruling
    not_bearing_why: dict[str, str]
    claims: list[Claim]
    ruled: str
    unrecognised: list[Unrecognised]
    unaccounted: list[str]  # keys read by no rule and not shown not to bear
    open: list[LeftOpen] = field(default_factory=list)
    earned: bool = True

    def to_json(self) -> dict[str, Any]:
        return dict(plain(asdict(self)))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ruling:
        """A ruling from its JSON (`to_json`): what a client of `POST /api/state` reads back."""
        return cls(
            **{
                **data,
                "steps": [RulingStep.from_json(s) for s in data["steps"]],
                "reasons": [Reason(**r) for r in data["reasons"]],
                "consequences": [Reason(**r) for r in data["consequences"]],
                "missing": [Lack(**m) for m in data["missing"]],
                "claims": [Claim(**c) for c in data["claims"]],
                "unrecognised": [Unrecognised(**u) for u in data["unrecognised"]],
                "open": [LeftOpen(**o) for o in data["open"]],
            }
        )


def ruled_verdict(steps: list[RulingStep], asks: str) -> str:
    """The verdict the checks give: illegal if a step is, else ambiguous, unknown, legal (asked whether
    the action is allowed) or value."""
    verdicts = [s.verdict for s in steps if s.check is not None]
    if "illegal" in verdicts:
        return "illegal"
    if "ambiguous" in verdicts:
        return "ambiguous"
    if "unknown" in verdicts or not verdicts:
        return "unknown"
    return "legal" if "legal" in verdicts and asks == "legality" else "value"


def rule(
    game: str,
    actions: list[dict[str, Any]],
    settling: Settling,
    asks: str,
    *,
    start: dict[str, Any],
    follows: dict[str, Any],
    missing: list[Lack],
    not_bearing: list[str],
    not_bearing_why: dict[str, str],
    unrecognised: list[Unrecognised],
    unaccounted: list[str],
) -> Ruling:
    """The ruling: the steps combined (`ruled_verdict`), and the verdict downgraded where it is not earned."""
    steps = settling.steps
    ruled = ruled_verdict(steps, asks)
    outcomes = [s.outcome for s in steps if s.outcome]
    values = [s.value for s in steps if s.value is not None]
    text = "; ".join(a["text"] for a in actions)
    last = {k: v for k, v in actions[-1].items() if k != "after"} if actions else {"type": None, "text": ""}
    summary = joined_summaries([s.summary for s in steps])
    opened = left_open(steps)
    verdict, why = earn(game, ruled, settling.claims, missing, unrecognised, unaccounted, opened)
    if why:
        summary = f"{verdict}: {'; '.join(why)}" + (f" — {summary}" if summary else "")
    ruling = Ruling(
        game=game,
        action={**last, "text": text} if len(actions) > 1 else last,
        actions=actions,
        verdict=verdict,
        outcome=outcomes[-1] if outcomes else None,
        value=settling.answered if settling.answered is not NOTHING else (values[-1] if values else None),
        summary=summary,
        steps=steps,
        reasons=[r for s in steps for r in s.reasons],
        consequences=[c for s in steps for c in s.consequences],
        start=start,
        follows=follows,
        missing=missing,
        not_bearing=not_bearing,
        not_bearing_why=not_bearing_why,
        claims=settling.claims,
        ruled=ruled,
        unrecognised=unrecognised,
        unaccounted=unaccounted,
        open=opened,
        earned=verdict == ruled,
    )
    # a ruling the rules rule but nothing read a key of: its summary is its headline's words (one decision)
    said = unearned_summary(ruling)
    return ruling if said is None else replace(ruling, summary=said)


def left_open(steps: list[RulingStep]) -> list[LeftOpen]:
    """The steps where a check rules that the book does not settle the matter, with what it does say."""
    return [
        LeftOpen(s.action, s.check, [r.quote for r in s.reasons])
        for s in steps
        if s.check is not None and s.verdict == "unknown"
    ]


def earn(
    game: str,
    ruled: str,
    claims: list[Claim],
    missing: list[Lack],
    unrecognised: list[Unrecognised],
    unaccounted: list[str],
    opened: list[LeftOpen],
) -> tuple[str, list[str]]:
    """The verdict the ruling has earned from what the checks ruled, and why it is downgraded (if it is):
    what would settle it."""
    why = []
    if unrecognised:
        for item in unrecognised:
            also = "; ".join(f"“{w}”" for w in item.did_you_mean)
            mean = f" (did you mean {also}?)" if also else ""
            why.append(f"no action of {game} reads {item.text!r}{mean}")
        verdict = "incomplete"
    elif unsupported := [c for c in claims if c.status == "unsupported"]:
        for claim in unsupported:
            why.append(f"the claim {claim.claim!r} (action {claim.action + 1}) is not checked: give {claim.needs}")
        verdict = "incomplete"
    elif missing:
        for lack in missing:
            why.append(f"to settle action {lack.action + 1}, give {', '.join(lack.needs)}")
        verdict = "incomplete"
    elif unaccounted and ruled in CONFIDENT:
        why.append(
            f"the state gives {', '.join(key_words(k) for k in unaccounted)}, which no rule here reads (nor shows "
            f"it does not bear); the rules alone would rule {ruled}"
        )
        verdict = "unknown"
    else:
        verdict = ruled
    if opened and verdict == "unknown" and not why:
        why.append("the book leaves this open")
    given = [c for c in claims if c.status == "premise"]
    if given and verdict in CONFIDENT:
        declared = (f"{c.claim!r} as the state declares it (it gives no {c.needs} to check it)" for c in given)
        why.append("given " + "; ".join(declared))
    return verdict, why
