"""Takkure's checks, what several areas share: the scoring direction, the pitch and die ranges, roll outcomes."""

from __future__ import annotations

from referee.rules import Fact

DIRECTION = Fact(
    "scoring_direction", "choice", "which way the attacking team scores along the y axis", "+y", choices=("+y", "-y")
)
PITCH = {"low": -40.0, "high": 40.0}
DIE = {"low": 0, "high": 12}  # 0: not rolled yet


def _ahead_by(passer: list[float], receiver: list[float], direction: str) -> float:
    sign = 1 if direction == "+y" else -1
    return (receiver[1] - passer[1]) * sign


def _count(n: int, noun: str) -> str:
    return f"{'one' if n == 1 else n} {noun}{'' if n == 1 else 's'}"


def _outcome(target: int, die: int) -> str:
    if die == 12:
        return "fumble"
    if die == 1:
        return "critical"
    return "success" if die <= target else "fail"
