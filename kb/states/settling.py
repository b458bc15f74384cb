"""Running one state's actions: `Settling` is the `Steps` a game's action functions run checks
through. It records each check's verdict with the facts it ran with (derived from the state or given),
the dice each roller used, what follows, and what the ruling answers."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from referee.rules.checks import Check, validate_facts
from referee.rules.facts import MISSING
from referee.rules.verdicts import RulingStep, Verdict, plain

NOTHING: Any = object()
# What a state makes of a claim written as an action ("ben wins the round"): a check of the state confirms
# it; a check contradicts it (illegal, that check's rule quoted); the rule that decides it leaves it open;
# the state gives part of what decides it but not enough (incomplete: what to add); or the state gives
# nothing that bears on it, and the ruling holds only given the claim, and says so.
CLAIMS = ("checked", "contradicted", "open", "unsupported", "premise")


@dataclass(frozen=True)
class Claim:
    """A claim an action makes (`CLAIMS`), as the state settles it: `check` is the check it rests on
    (checked, contradicted, open), `needs` what would check it (unsupported, premise)."""

    action: int
    claim: str
    status: str
    check: str | None
    needs: str


class Stop(Exception):
    """A step decided the matter (an illegal declaration, a cancelled action): later steps do not apply."""


class Missing(Exception):
    """A check's facts that the state does not give: the settling stops and asks for exactly these."""

    def __init__(self, check: Check, names: list[str]) -> None:
        super().__init__(names)
        self.check = check
        self.names = names

    def describe(self) -> str:
        helps = {f.name: f.help for f in self.check.facts}
        return ", ".join(f"{name} ({helps[name]})" for name in self.names)


@dataclass
class Settling:
    """Runs the checks of a state's actions in order, recording the facts each got and where they came from."""

    checks: dict[str, Check]
    overrides: dict[str, Any]
    action_dice: list[int] = field(default_factory=list)
    rolls: dict[str, list[int]] = field(default_factory=dict)
    steps: list[RulingStep] = field(default_factory=list)
    used_overrides: set[str] = field(default_factory=set)
    used_dice: set[str] = field(default_factory=set)  # "" for the action's list, else the roller's name
    followed: dict[str, Any] = field(default_factory=dict)
    answered: Any = NOTHING
    action: int = 0  # which action of the sequence is being settled
    claims: list[Claim] = field(default_factory=list)

    def begin(self, index: int, dice: list[int], rolls: dict[str, list[int]]) -> None:
        """The next action of the sequence, with its own dice."""
        self.action, self.action_dice, self.rolls = index, dice, rolls

    @property
    def dice(self) -> list[int]:
        """The action's dice, as listed (not by roller)."""
        if self.action_dice:
            self.used_dice.add(f"{self.action}:")
        return list(self.action_dice)

    def run(self, name: str, facts: dict[str, Any], note: str = "", stop_unless_legal: bool = True) -> Verdict:
        check = self.checks[name]
        names = {f.name for f in check.facts}
        given = {k: v for k, v in self.overrides.items() if k in names}
        self.used_overrides |= set(given)
        merged = {**{k: v for k, v in facts.items() if v is not None}, **given}
        missing = [f.name for f in check.facts if f.default is MISSING and f.name not in merged]
        if missing:
            raise Missing(check, missing)
        verdict = check.run(merged)
        typed = validate_facts(check, merged)  # as the check read them ("9" given on the command line is 9)
        self.steps.append(
            RulingStep.of(
                check.game,
                check.name,
                verdict,
                facts=plain({k: v for k, v in typed.items() if k in merged}),
                derived=sorted(k for k in facts if facts[k] is not None and k not in given),
                given=sorted(given),
                note=note,
                action=self.action,
            )
        )
        if stop_unless_legal and (verdict.verdict == "illegal" or verdict.outcome == "cancelled"):
            raise Stop
        return verdict

    def claim(self, what: str, status: str, needs: str = "") -> None:
        """What the state makes of the claim the action makes (`CLAIMS`): `checked`, `contradicted` and `open`
        rest on the check this action ran last; `unsupported` and `premise` say what would check it (`needs`).
        A contradicted claim is illegal, quoting that check; a contradicted, open or unsupported one stops the
        action (the later checks do not apply)."""
        if status not in CLAIMS:
            raise ValueError(f"a claim is one of {', '.join(CLAIMS)}, got {status!r}")
        ran = [s for s in self.steps if s.action == self.action and s.check is not None]
        if status in ("checked", "contradicted", "open") and not ran:
            raise ValueError(f"a {status} claim rests on a check this action ran: run it first ({what!r})")
        if status in ("unsupported", "premise") and not needs:
            raise ValueError(f"say what would check the claim {what!r} (needs)")
        by = ran[-1].check if status in ("checked", "contradicted", "open") else None
        self.claims.append(Claim(self.action, what, status, by, needs))
        if status == "contradicted":
            evidence = ran[-1]
            self.steps.append(
                replace(
                    evidence,
                    verdict="illegal",
                    outcome=None,
                    value=None,
                    summary=f"illegal: the claim {what!r} is contradicted by the state ({evidence.check})",
                    consequences=[],
                    note=f"the claim {what!r} checked against the state",
                )
            )
        if status in ("contradicted", "open", "unsupported"):
            raise Stop

    def die(self, index: int = 0) -> int | None:
        dice = self.dice
        return dice[index] if len(dice) > index else None

    def dice_for(self, name: str) -> list[int] | None:
        """The dice a roller (a piece, a player, a team) rolled for this action, if the state gives them."""
        key = str(name).lstrip("#")
        if key in self.rolls:
            self.used_dice.add(f"{self.action}:{key}")
            return list(self.rolls[key])
        return None

    def follow(self, key: str, value: Any) -> None:
        """What follows the settled actions (who acts next, possession, the phase, the score)."""
        self.followed[key] = value

    def answer(self, value: Any) -> None:
        """What the ruling answers, when it is not the last check's value."""
        self.answered = value
