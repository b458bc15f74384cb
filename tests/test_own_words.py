"""Disputes told in a player's own words are never read confidently wrong (#33 task 15).

A fact is read only when the words say it: "one inch from the in-goal zone" says the base is not
within it, "next to the in-goal zone" says nothing either way (the ruling then asks for the fact,
even one with a default), and a number belongs to the noun it counts ("two fatigue tokens" is no
BaC value). The situations are written from the books, for several games' facts, in the words a
player at the table would use; positive and plainly negated forms stand beside them as controls.
Written before the reader was changed: docs/records/2026-12-02-own-words.md has the counts.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.indexer.answering.facts import read_facts


class _Asked:
    """The fact is not read, and the ruling asks for it (named among the missing facts)."""

    def __repr__(self) -> str:
        return "ASKED"


class _Unread:
    """The fact is not read (a default may still apply): the words do not state it."""

    def __repr__(self) -> str:
        return "UNREAD"


ASKED, UNREAD = _Asked(), _Unread()


SITUATIONS = [
    # Takkure 4.04/2: the base must be at least partly within the in-goal zone
    ("score-a-try", "My ball carrier is standing one inch from the in-goal zone. Can he score a try?",
     {"is_ball_carrier": True, "in_goal": False}),
    ("score-a-try", "My carrier is right next to the in-goal zone, may he score a try?", {"in_goal": ASKED}),
    ("score-a-try", "My ball carrier's base is just outside the in-goal zone. Can he score?", {"in_goal": False}),
    ("score-a-try", "My ball carrier has almost reached the in-goal zone, can he go for the try?", {"in_goal": ASKED}),
    ("score-a-try", "My ball carrier stands 2 inches short of the in-goal line. Try?", {"in_goal": False}),
    ("score-a-try", "My ball carrier is close to the in-goal zone. Can he score a try?", {"in_goal": ASKED}),
    ("score-a-try", "My ball carrier's base is partly within the in-goal zone, can he score?",
     {"is_ball_carrier": True, "in_goal": True}),
    # Takkure 4.04/3-4: a number counts the noun after it
    ("score-a-try-target",
     "Can my ball carrier who has two fatigue tokens score a try? Can my ball carrier who has two fatigue tokens "
     "score a try?", {"fatigue_tokens": 2, "bac_try": ASKED, "inactive_fatigue": UNREAD}),
    ("score-a-try-target", "My ball carrier has three defenders around him and wants to score a try. What must he roll?",
     {"bac_try": ASKED}),
    # Takkure 3.01 / 4.01: "two fatigue tokens" counts fatigue, never the GROUNDED tokens a dodge needs
    # (phone review 3, task 11: it ruled the dodge illegal, "the player is still GROUNDED")
    ("second-action", "My carrier has two fatigue tokens and a defender declared a tackle on him. Can he dodge?",
     {"grounded_tokens": UNREAD}),
    ("second-action", "My carrier still has 2 grounded tokens and a defender declared a tackle on him. Can he dodge?",
     {"grounded_tokens": 2}),
    # Takkure 3.02: a TACKLE on the ball carrier, or on someone else
    # (written first as "…next to the ball carrier": withdrawn, a person is no place, see the record)
    ("tackle-declaration", "Can I declare a tackle on a player standing next to the ball?",
     {"target_has_ball": ASKED}),
    ("tackle-declaration", "My defender stops next to the ball carrier. Can he declare a tackle on him?",
     {"target_has_ball": True}),
    ("tackle-declaration", "Can I declare a tackle on the ball carrier?", {"target_has_ball": True}),
    # Takkure 3.05 / 2.05: contact with the ball or its carrier (a fact with a default: asked, not assumed)
    ("ball-steal", "My defender is close to being in contact with the carrier, can he steal the ball?",
     {"in_contact": ASKED}),
    ("ball-steal", "My defender is next to the carrier but not in contact with him. Can he steal the ball?",
     {"in_contact": False}),
    ("pick-up", "My attacker was nearly in contact with the loose ball during his move. Can he pick it up?",
     {"in_contact": ASKED}),
    # Rugby World: a drop goal from the opponents' half
    ("drop-goal", "My kicker is standing near the opponents' half. Can he try a drop goal?",
     {"in_opponents_half": ASKED}),
    ("drop-goal", "My kicker is 5 metres from the opponents' half, can he drop a goal?", {"in_opponents_half": False}),
    ("drop-goal", "My kicker is in the opponents' half and the nearest opponent is 3 intersections away. Drop goal?",
     {"in_opponents_half": True, "nearest_opponent": 3}),
    ("kick-off-kick", "My long kick-off lands one metre from touch, what happens?", {"into_touch": False}),
    ("free-move", "The ball carrier is just outside the opponents' 22, how many free moves can I make?",
     {"carrier_in_opponents_22": False}),
    ("offside", "My winger was level with the ball at the kick, is he offside?", {"offside": ASKED}),
    # TA-KE: only the chip on top of a stack is picked
    ("pick-chip", "The chip I want sits just below the top of its stack. Can I pick it up?", {"on_top": False}),
    ("pick-chip", "There is no ghost token on that stack and my chip is on top. Can I pick it?",
     {"ghost_on_stack": False, "on_top": True}),
    # Tacocat: the tile goes where the Tacocat was, once it moved
    ("tile-placement", "The Tacocat almost moved this round, where does the tile go?", {"cat_moved": ASKED}),
    ("tile-placement", "The Tacocat did not move this round.", {"cat_moved": False}),
    # Touchdown Heroes: the half ends
    ("half-end", "The half ends, both hands are empty and possession does not change. Who kicks?",
     {"possession_changes": False}),
]  # fmt: skip


def _mismatches(check, question: str, expected: dict[str, Any]) -> list[str]:
    reading = read_facts(check, question)
    missing = {f.name for f in reading.missing}
    wrong = []
    for name, want in expected.items():
        got = reading.found.get(name, UNREAD)
        if want is ASKED:
            if got is not UNREAD or name not in missing:
                wrong.append(f"{name}: read {got!r}, want it asked")
        elif want is UNREAD:
            if got is not UNREAD:
                wrong.append(f"{name}: read {got!r}, want it unread")
        elif got != want or type(got) is not type(want):
            wrong.append(f"{name}: read {got!r}, want {want!r}")
    return wrong


@pytest.mark.parametrize(
    ("check", "question", "expected"), SITUATIONS, ids=[f"{c}-{n}" for n, (c, _, _) in enumerate(SITUATIONS)]
)
def test_a_situation_in_a_players_words_is_read_as_it_says(checks, check: str, question: str, expected: dict) -> None:
    assert _mismatches(checks[check], question, expected) == []


def test_a_hedged_fact_never_settles_the_ruling(checks) -> None:
    """The player of the phone review: a carrier one inch from the in-goal zone scores no try."""
    reading = read_facts(checks["score-a-try"], "My ball carrier is standing one inch from the in-goal zone. Score?")
    assert checks["score-a-try"].run(reading.found).verdict == "illegal"
    reading = read_facts(checks["score-a-try"], "My ball carrier is standing near the in-goal zone. Can he score?")
    assert [f.name for f in reading.missing] == ["in_goal"]


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("Can I pass the ball forward?", UNREAD),  # a direction (phone review 3, task 6)
        ("He kicks the ball ahead and runs forward: allowed?", UNREAD),
        ("My forward passes the ball to a teammate, is that allowed?", "forward"),
        ("Can the forward pass?", "forward"),
        ("We play the card for a forward", "forward"),
        ("Can the fullback pass the ball forward?", "fullback"),  # the piece named, the direction not
    ],
)
def test_a_word_naming_a_piece_is_read_as_the_piece_only_where_it_is_a_noun(checks, question: str, role) -> None:
    """A word that is a fact's value and also says which way ("forward": the Forward position, or a pass's
    direction) is read as the value only where the sentence uses it as a noun naming the piece."""
    for name in ("pass", "hard-tackle", "special-card"):
        assert "forward" in next(f for f in checks[name].facts if f.name == "role").choices
        assert read_facts(checks[name], question).found.get("role", UNREAD) == role, (name, question)
