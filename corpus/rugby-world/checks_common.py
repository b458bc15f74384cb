"""Rugby World's checks, what several areas share: the scoring direction, the grid, shirt numbers and
their groups, the Strength Rule's win range."""

from __future__ import annotations

from referee.rules import Fact

GRID = {"low": -5.0, "high": 80.0}
DIRECTION = Fact(
    "scoring_direction", "choice", "which way the attacking team scores along the y axis", "+y", choices=("+y", "-y")
)
ROLES = ("forward", "scrum-half", "fly-half", "three-quarter", "fullback")
HALF_ROLES = ("scrum-half", "fly-half", "fullback")


def role_of(number: int) -> str:
    """The group of a shirt number, as 2G divides the team (1-8, 9, 10, 11-14, 15)."""
    if number <= 8:
        return "forward"
    return {9: "scrum-half", 10: "fly-half", 15: "fullback"}.get(number, "three-quarter")


def win_range(declarer: int, opponent: int) -> tuple[int, int]:
    """The Strength (or Speed) Rule: the declarer wins on 1..n of a D12."""
    top = 6 + (declarer - opponent)
    return 1, max(0, min(12, top))


def _range_text(low: int, high: int) -> str:
    return "never" if high < low else f"{low}-{high}"
