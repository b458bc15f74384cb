"""Executable rules: verdicts on the books' own worked examples, citations, bad situations."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.rules import all_checks
from typer.testing import CliRunner

from referee import store
from referee.cli.main import app
from referee.errors import RefereeError
from referee.rules.settle import checks_of_game, settle

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(name: str, **facts):
    return all_checks()[name].run(facts)


def ruling(check: str, facts: dict, field: str, expected, why: str):
    """A situation the book decides, and what the check must say of it (`field`: see `read`)."""
    return pytest.param(check, facts, field, expected, id=f"{check}: {why}")


def read(verdict, field: str):
    """`verdict`, `outcome`, `value`, or `value.<key>` of a check's verdict."""
    attribute, _, key = field.partition(".")
    got = getattr(verdict, attribute)
    return got[key] if key else got


def test_every_game_has_checks_and_every_example_runs(built_db: Path) -> None:
    assert {c.game for c in all_checks().values()} == {"takkure", "touchdown-heroes", "ta-ke", "rugby-world", "tacocat"}
    db = store.open_db(built_db)
    for check in all_checks().values():
        verdict = check.run(check.example["facts"])
        assert verdict.reasons or verdict.readings, check.name
        for reason in verdict.reasons + [r for reading in verdict.readings for r in reading.reasons]:
            shown = store.show(db, reason.entry)
            assert reason.quote in shown["text"], (check.name, reason.entry)
            assert (reason.entry, reason.quote) in {(q.entry, q.text) for q in check.quotes.values()}, check.name
            assert check.name in shown["checks"]


# ---- Takkure


@pytest.mark.parametrize(("receiver_y", "verdict"), [(25, "illegal"), (20, "legal"), (15, "legal")])
def test_takkure_pass_direction(receiver_y: int, verdict: str) -> None:
    assert run("pass-direction", passer=[10, 20], receiver=[12, receiver_y], scoring_direction="+y").verdict == verdict
    flipped = run("pass-direction", passer=[10, 20], receiver=[12, 40 - receiver_y], scoring_direction="-y")
    assert flipped.verdict == verdict


def test_takkure_modifier_book_example_7_plus_2_minus_1() -> None:
    result = run("pass-target", bac=7, distance=3, pressure=1)
    assert result.value == 8 and "takkure/1.16/6" in {r.entry for r in result.reasons}


@pytest.mark.parametrize(("distance", "modifier"), [(0, 4), (2, 4), (3, 2), (4, 2), (6, 0), (8, 0), (9, -2)])
def test_takkure_pass_modifier_best_at_boundaries(distance: float, modifier: int) -> None:
    assert run("pass-target", bac=0, distance=distance).value == modifier


@pytest.mark.parametrize(("distance", "modifier"), [(1, 2), (2, 2), (4, 0), (8, -2), (12, -4)])
def test_takkure_reception_modifier(distance: float, modifier: int) -> None:
    assert run("reception-modifier", distance=distance).value == modifier


def test_takkure_pass_from_the_ground() -> None:
    assert run("pass-target", bac=7, distance=6, from_ground=True).value == 5
    cancelled = run("pass-target", bac=7, distance=9, from_ground=True)
    assert (cancelled.verdict, cancelled.outcome) == ("value", "cancelled")  # an outcome, not a legality


TAKKURE_DECLARATIONS = [
    ruling(
        "tackle-declaration", {"target_has_ball": False}, "verdict", "illegal", why="tackle a player without the ball"
    ),
    ruling(
        "tackle-declaration",
        {"target_has_ball": True, "target_grounded": True},
        "verdict",
        "illegal",
        why="tackle a grounded ball carrier",
    ),
    ruling(
        "tackle-declaration",
        {"target_has_ball": True, "target_active": False},
        "verdict",
        "legal",
        why="tackle an inactive ball carrier",
    ),
    ruling("second-action", {"action": "dodge", "tackle_declared": False}, "verdict", "illegal", why="dodge no tackle"),
    ruling(
        "second-action",
        {"action": "dodge", "tackle_declared": True, "is_ball_carrier": False},
        "verdict",
        "legal",
        why="dodge a declared tackle without the ball",
    ),
    ruling(
        "second-action",
        {"action": "break-through", "tackle_declared": True, "is_ball_carrier": False},
        "verdict",
        "illegal",
        why="break through without the ball",
    ),
    ruling("ball-steal", {"ball": "held-standing"}, "verdict", "illegal", why="steal from a standing carrier"),
    ruling(
        "ball-steal", {"ball": "held-grounded"}, "verdict", "ambiguous", why="steal from a grounded carrier: BaC or +4"
    ),
    ruling(
        "grounded-action",
        {"action": "stand-up", "is_ball_carrier": True},
        "verdict",
        "illegal",
        why="grounded carrier stands up",
    ),
    ruling(
        "grounded-action",
        {"action": "pass-from-the-ground", "is_ball_carrier": True},
        "verdict",
        "legal",
        why="grounded carrier passes from the ground",
    ),
    ruling(
        "grounded-action",
        {"action": "stand-up", "is_ball_carrier": False},
        "verdict",
        "legal",
        why="grounded player without the ball stands up",
    ),
]


def test_takkure_fatigue_and_try_target() -> None:
    assert len(run("fatigue-effects", active=3).value) == 3
    assert len(run("fatigue-effects", active=1, inactive=2).value) == 1
    assert run("fatigue-effects", active=2, inactive=2).value == ["injured"]
    assert run("score-a-try-target", bac_try=8, fatigue_tokens=2, pressure=1).value == 5


@pytest.mark.parametrize(
    ("dice", "result", "winner"),
    [
        ([10, 8], "all fail", None),
        ([3, 8], "one succeeds", 1),
        ([5, 3], "several succeed", 1),
        ([4, 4], "tie", None),
        ([9, 1], "critical", 2),
        ([1, 1], "tie", None),
    ],
)
def test_takkure_face_to_face_book_examples(dice: list[int], result: str, winner: int | None) -> None:
    value = run("face-to-face-roll", targets=[7, 7], dice=dice).value
    assert value == {"winner": winner, "result": result}


def test_takkure_unopposed_roll_criticals_and_two_dice() -> None:
    assert run("unopposed-roll", target=7, dice=[5]).value["outcome"] == "success"
    assert run("unopposed-roll", target=20, dice=[12]).value["outcome"] == "fumble"
    assert run("unopposed-roll", target=0, dice=[1]).value["outcome"] == "critical"
    two = run("unopposed-roll", target=7, dice=[9, 4])
    assert two.value["outcome"] == "success" and "takkure/0.02/1" in {r.entry for r in two.reasons}
    assert run("unopposed-roll", target=7).value["probability"] == pytest.approx(7 / 12, abs=1e-4)


# ---- Rugby World


def test_rugby_strength_rule_book_examples() -> None:
    assert run("strength-rule", declarer=6, opponent=8).value["declarer_wins"] == "1-4"
    assert run("strength-rule", declarer=6, opponent=8).value["declarer_loses"] == "5-12"
    assert run("strength-rule", declarer=67, opponent=69, compare="scrum").value["declarer_wins"] == "1-4"
    assert run("strength-rule", declarer=9, opponent=9, die=7).value["winner"] == "opponent"
    assert run("strength-rule", declarer=20, opponent=5).value["declarer_wins"] == "1-12"


def test_rugby_pass_backwards_range_and_ambiguity() -> None:
    assert run("pass", passer=[10, 30], target=[10, 31], p=3).verdict == "illegal"  # forwards
    assert run("pass", passer=[10, 30], target=[10, 28], p=3).verdict == "legal"
    both = run("pass", passer=[10, 30], target=[13, 29], p=3)
    assert both.verdict == "ambiguous" and {r.verdict for r in both.readings} == {"legal", "illegal"}
    assert run("pass", passer=[10, 30], target=[10, 27], p=5, tackled=True).verdict == "illegal"  # 5 // 2 = 2
    blanco = run("pass", passer=[10, 30], target=[10, 20], p=3, card="serge-blanco", role="fullback")
    assert blanco.verdict == "legal"
    assert {"rugby-world/france/3", "rugby-world/2g/1"} <= {r.entry for r in blanco.reasons}


def test_rugby_hard_tackle_by_a_weaker_defender_reads_both_ways_where_the_readings_differ() -> None:
    # "applying the Strength Rule ... (the 1-6 interval always belongs to the declarer)": F 6 against F 8 wins on
    # 1-4 by the Strength Rule, on 1-6 if 1-6 is always his; a 5 is a loss by one reading, a win by the other
    both = run("hard-tackle", defender_f=6, carrier_f=8, die=5)
    assert both.verdict == "ambiguous" and {r.value for r in both.readings} == {
        "defender placed 2 away, loses token",
        "carrier pushed back, ball grounded",
    }
    assert run("hard-tackle", defender_f=6, carrier_f=8, die=2).value == "ball stolen"  # both readings agree


RUGBY_RULINGS = [
    ruling(
        "hard-tackle", {"defender_f": 8, "carrier_f": 6, "die": 2}, "value", "ball stolen", why="hard tackle steals"
    ),
    ruling(
        "hard-tackle",
        {"defender_f": 6, "carrier_f": 6, "die": 11},
        "value",
        "foul: penalty kick",
        why="hard tackle fouls on 11",
    ),
    ruling("free-move", {"rows_behind_ball": 1}, "verdict", "illegal", why="free move 1 row behind the ball"),
    ruling("free-move", {"rows_behind_ball": 2}, "verdict", "legal", why="free move 2 rows behind the ball"),
    ruling(
        "free-move",
        {"rows_behind_ball": 2, "free_moves_this_turn": 3},
        "verdict",
        "illegal",
        why="a 4th free move in a turn",
    ),
    ruling(
        "free-move",
        {"rows_behind_ball": 5, "ball_loose_after_kick": True},
        "verdict",
        "illegal",
        why="free move with the ball loose after a kick",
    ),
    ruling(
        "free-move",
        {"rows_behind_ball": 5, "carrier_in_opponents_22": True},
        "verdict",
        "illegal",
        why="free move with the carrier in the opponents' 22",
    ),
    ruling(
        "free-move",
        {"rows_behind_ball": 5, "opponent_card": "haka-ka-mate"},
        "verdict",
        "illegal",
        why="free move against the Haka",
    ),
    ruling(
        "free-move",
        {"rows_behind_ball": 5, "opponent_card": "haka-ka-mate", "team": "attack"},
        "verdict",
        "legal",
        why="free move of the attack against the Haka",
    ),
    ruling("kick-range", {"kick": "long", "kicker": True, "die": 7}, "value", 22, why="long kick by a kicker"),
    ruling("kick-range", {"kick": "short", "kicker": False, "die": 3}, "value", 1, why="short kick by a non-kicker"),
    ruling(
        "kick-success",
        {"zone": "42-50", "kicker": False, "die": 7},
        "value.success",
        False,
        why="non-kicker at goal from 42-50 rolls 7",
    ),
    ruling(
        "drop-goal",
        {"in_opponents_half": True, "nearest_opponent": 3},
        "verdict",
        "illegal",
        why="drop with an opponent 3 away",
    ),
    ruling("points", {"score": "try"}, "value", 5, why="a try is 5 points"),
    ruling("points", {"score": "drop"}, "value", 3, why="a drop goal is 3 points"),
    ruling(
        "tackle",
        {"target_has_ball": True, "defenders": 2},
        "value",
        {"carrier_options": ["pass", "ground the ball"]},
        why="two defenders tackle the carrier",
    ),
    ruling("tackle", {"target_has_ball": False}, "verdict", "illegal", why="tackle a player without the ball"),
    ruling("possession-tackles", {"tackles": 7}, "value", {"possession_ends": True}, why="the 7th tackle"),
]


# ---- Touchdown Heroes, TA-KE, Tacocat


def test_touchdown_heroes_the_lowest_followed_card_wins_the_trick() -> None:
    trick = run(
        "trick-winner",
        numbers=[4, 1, 2, 7],
        followed=["follow", "not", "follow", "follow"],
        attacking=["attack", "defence", "attack", "defence"],
    )
    assert trick.value == {"winner": 3, "card": 2, "result": "attack success"}


def test_touchdown_heroes_a_tie_goes_to_the_player_farther_clockwise_from_the_lead() -> None:
    ties = run("trick-winner", numbers=[3, 3, 5, 6], followed=["follow"] * 4, attacking=["attack", "defence"] * 2)
    assert ties.value["winner"] == 2


TOUCHDOWN_HEROES_RULINGS = [
    ruling("advance", {"position": 3, "card": 3}, "value.points", 2, why="a touchdown landing on 0"),
    ruling("advance", {"position": 3, "card": 4}, "value.points", 3, why="a touchdown overshooting 0"),
    ruling("advance", {"position": 9, "card": 2, "combination": True}, "value.position", 5, why="a combination"),
    ruling("kickoff", {"kick": "random", "die": 1}, "value.position", 7, why="random kickoff rolls 1"),
    ruling("kickoff", {"kick": "random", "die": 4}, "value.position", 7, why="random kickoff rolls 4"),
    ruling("kickoff", {"kick": "normal"}, "value.position", 8, why="normal kickoff"),
    ruling("kick-play", {"position": 3, "die": 5}, "value.points", 1, why="kick play beyond 0"),
    ruling(
        "kick-play",
        {"position": 8, "die": 2},
        "value",
        {"points": 0, "possession_changes": True, "position": 5},
        why="kick play short of 0",
    ),
    ruling(
        "legal-play",
        {"play": "run", "lead_suit": "power", "card_suit": "speed", "hand_has_lead_suit": True},
        "verdict",
        "illegal",
        why="run play off suit while holding the lead suit",
    ),
    ruling(
        "legal-play",
        {"play": "pass", "lead_suit": "power", "card_suit": "speed", "hand_has_lead_suit": True},
        "verdict",
        "legal",
        why="pass play off suit",
    ),
    ruling("player-count", {"players": 3}, "verdict", "illegal", why="three players"),
    ruling("card-effect", {"effect": "Monster"}, "verdict", "unknown", why="an effect the book does not print"),
]


TA_KE_RULINGS = [
    ruling(
        "influence-score",
        {"persons": 3, "bottom": 1, "middle": 1, "samurais": 2},
        "value",
        15,
        why="influence of 3 persons",
    ),
    ruling(
        "setup-stack", {"stack": ["red", "red", "blue", "red"]}, "verdict", "legal", why="stack of 2 reds, blue, red"
    ),
    ruling("setup-stack", {"stack": ["red", "red", "red"]}, "verdict", "illegal", why="stack of 3 reds"),
    ruling(
        "ability-use",
        {"character": "ninja", "bottom_chips": 1, "ninja_target": "samurai"},
        "verdict",
        "illegal",
        why="ninja on a samurai",
    ),
    ruling(
        "ability-use",
        {"character": "geisha", "bottom_chips": 1, "relocated_chip_is_last_of_stack": True},
        "verdict",
        "illegal",
        why="geisha moves the last chip of a stack",
    ),
    ruling(
        "ability-use", {"character": "daimyo", "bottom_chips": 0}, "verdict", "illegal", why="no chip on the bottom"
    ),
    ruling(
        "ability-use",
        {"character": "ronin", "bottom_chips": 1, "used_this_turn": True},
        "verdict",
        "illegal",
        why="an ability twice in a turn",
    ),
]


TACOCAT_RULINGS = [
    ruling("defence", {"attack": 7, "defence": 7}, "outcome", "held", why="defence of equal value holds"),
    ruling("defence", {"attack": 7, "defence": 6}, "outcome", "failed", why="defence of lower value fails"),
    ruling("jumbo-attack", {"cards": [5, 5], "cards_left_after": 1}, "value", "set", why="a pair is a set"),
    ruling("jumbo-attack", {"cards": [4, 6, 5], "cards_left_after": 1}, "value", "sequence", why="a run of 3"),
    ruling("jumbo-attack", {"cards": [4, 5], "cards_left_after": 3}, "verdict", "illegal", why="a run of 2"),
    ruling("jumbo-attack", {"cards": [5, 5], "cards_left_after": 0}, "verdict", "illegal", why="with the last card"),
    ruling("round-winner", {"mine": 3, "theirs": 3}, "value", "draw", why="equal last cards draw"),
    ruling("round-winner", {"mine": 2, "theirs": 8}, "value", "me", why="the lowest last card wins"),
    ruling("duel", {"mine": 4, "theirs": 4}, "value", "duel again", why="a tied duel"),
    ruling(
        "card-replacement",
        {"round": 2, "first_replaced": 3, "second_wants": 4},
        "verdict",
        "illegal",
        why="second replaces more than the first after round 1",
    ),
    ruling(
        "card-replacement",
        {"round": 1, "first_replaced": 0, "second_wants": 6},
        "verdict",
        "legal",
        why="any number in round 1",
    ),
    ruling(
        "cat-move",
        {"position": 0, "winner": "me", "covered": [-1, -2]},
        "value",
        -3,
        why="the cat skips covered spaces",
    ),
]


@pytest.mark.parametrize(
    ("check", "facts", "field", "expected"),
    TAKKURE_DECLARATIONS + RUGBY_RULINGS + TOUCHDOWN_HEROES_RULINGS + TA_KE_RULINGS + TACOCAT_RULINGS,
)
def test_a_check_gives_the_books_ruling(check: str, facts: dict, field: str, expected) -> None:
    assert read(run(check, **facts), field) == expected


# ---- bad input and the CLI


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--check", "nope"], "unknown check 'nope'"),
        (["--check", "pass"], "missing fact"),
        (
            ["--check", "kick-range", "--fact", "kick=long", "--fact", "kicker=yes", "--fact", "die=13"],
            "fact 'die': expected 1 to 12",
        ),
        (["--check", "pass-direction", "--fact", "passer=a,b", "--fact", "receiver=1,2"], "fact 'passer'"),
        (
            ["--check", "pass-direction", "--fact", "passer=1,200", "--fact", "receiver=1,2"],
            "fact 'passer': expected -40 to 40 inches",
        ),
        (["--check", "defence", "--fact", "attack=7", "--fact", "oops"], "expected name=value"),
        (
            ["--check", "defence", "--fact", "attack=7", "--fact", "defence=7", "--fact", "colour=red"],
            "has no fact 'colour'",
        ),
        (["missing.yaml"], "situation file not found"),
    ],
)
def test_bad_situations_are_one_line_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["check", *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_situation_file_yaml_and_stdin(tmp_path: Path) -> None:
    situation = tmp_path / "s.yaml"
    situation.write_text(
        "game: takkure\ncheck: tackle-declaration\nfacts:\n  target_has_ball: true\n  target_grounded: true\n"
    )
    result = runner.invoke(app, ["check", str(situation), "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["verdict"] == "illegal" and data["reasons"][0]["entry"] == "takkure/tackle/4"
    assert {"game", "check", "verdict", "value", "reasons", "readings"} <= data.keys()
    piped = runner.invoke(app, ["check", "-", "--json"], input='{"check": "duel", "facts": {"mine": 2, "theirs": 9}}')
    assert json.loads(piped.stdout)["value"] == "opponent"
    wrong_game = runner.invoke(app, ["check", "-"], input='{"game": "ta-ke", "check": "duel", "facts": {}}')
    assert wrong_game.exit_code == 2 and "belongs to tacocat" in wrong_game.stderr
    assert runner.invoke(app, ["check", "-"], input="[: not yaml").exit_code == 2


def test_list_and_describe() -> None:
    listed = json.loads(runner.invoke(app, ["check", "--list", "--game", "tacocat", "--json"]).stdout)
    assert {c["name"] for c in listed} >= {"defence", "jumbo-attack", "round-winner", "duel"}
    described = json.loads(runner.invoke(app, ["check", "--describe", "pass", "--json"]).stdout)
    facts = {f["name"]: f for f in described["facts"]}
    assert facts["p"]["type"] == "int" and facts["passer"]["unit"] == "intersections"
    assert described["example"]["check"] == "pass"
    text = runner.invoke(app, ["check", "--describe", "pass"]).stdout
    assert "example situation" in text and "scoring_direction" in text


def test_build_refuses_a_check_that_misquotes(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    quotes = corpus / "ta-ke" / "quotes.py"
    quotes.write_text(quotes.read_text().replace("you may never put 3 or more", "you may never put 4 or more"))
    result = runner.invoke(app, ["build", "--db", str(tmp_path / "kb.db"), "--corpus", str(corpus)])
    assert result.exit_code == 2 and "not verbatim in ta-ke/set-up/4" in result.stderr
    assert not (tmp_path / "kb.db").exists()


def test_a_check_cannot_run_with_a_missing_fact() -> None:
    with pytest.raises(RefereeError, match="missing fact"):
        all_checks()["duel"].run({"mine": 3})


def test_ta_ke_exposed_chips_and_ghost_tokens() -> None:
    assert run("pick-chip", on_top=True, ghost_on_stack=True).verdict == "illegal"
    assert run("pick-chip", on_top=False).verdict == "illegal"
    assert run("pick-chip", on_top=True, last_of_stack=True).value == {"ghost_token": "on the empty space"}
    assert run("pick-chip", on_top=True, ghost_on_stack=True, ghosts_in_supply=0).verdict == "legal"


def test_rugby_card_that_steals_the_ball_overrides_the_roll() -> None:
    result = run("hard-tackle", defender_f=5, carrier_f=9, die=11, card="colin-meads", role="forward")
    assert result.value == "ball stolen"
    assert {"rugby-world/new-zealand/4", "rugby-world/1d/16"} <= {r.entry for r in result.reasons}


def test_takkure_face_to_face_odds_sum_to_one() -> None:
    odds = run("face-to-face-roll", targets=[7, 7]).value
    assert sum(odds.values()) == pytest.approx(1.0, abs=1e-3)
    assert odds["player 1"] == pytest.approx(odds["player 2"], abs=1e-4)  # symmetric targets
    stronger = run("face-to-face-roll", targets=[10, 4]).value
    assert stronger["player 1"] > stronger["player 2"]


def test_takkure_melee_roll_book_example() -> None:
    # 3.08's example: four players with BaC 7 roll 3, 6, 7 and 12: the 7 is the highest success
    assert run("melee-roll", targets=[7, 7, 7, 7], dice=[3, 6, 7, 12]).value == {"winner": 3, "result": "wins"}
    tie = run("melee-roll", targets=[7, 7, 7], dice=[5, 5, 2]).value
    assert tie["result"] == "tie" and tie["roll_again"] == [1, 2]
    assert run("melee-roll", targets=[7, 7, 7], dice=[9, 1, 6]).value["winner"] == 2


def test_settle_lets_facts_given_one_by_one_override_the_document() -> None:
    document = {"game": "tacocat", "check": "duel", "facts": {"mine": 2, "theirs": 9}}
    assert settle(all_checks(), document, None, {}).value == "opponent"
    assert settle(all_checks(), document, "duel", {"mine": 10}).value == "me"
    assert settle(all_checks(), None, "duel", {"mine": 2, "theirs": 9}) == settle(all_checks(), document, None, {})


@pytest.mark.parametrize(
    ("document", "name", "message"),
    [
        (None, None, "give a situation file"),
        ({"game": None, "check": "duel", "facts": {}}, "pass", "disagrees"),
        ({"game": None, "check": "no-such-check", "facts": {}}, None, "unknown check"),
        ({"game": "ta-ke", "check": "duel", "facts": {}}, None, "belongs to tacocat"),
    ],
)
def test_settle_refuses_a_situation_it_cannot_decide(document, name, message) -> None:
    with pytest.raises(RefereeError, match=message):
        settle(all_checks(), document, name, {})


def test_checks_of_a_game_without_checks_names_those_with() -> None:
    assert {c.game for c in checks_of_game(all_checks(), "tacocat")} == {"tacocat"}
    with pytest.raises(RefereeError, match=r"games with checks: .*takkure"):
        checks_of_game(all_checks(), "chess")


def test_a_silence_says_what_the_book_leaves_open_not_that_the_act_is_unsettled() -> None:
    # phone review 5, task 14: "the book does not settle forward pass" read as if a forward pass might be legal
    verdict = settle(all_checks(), None, "rugby-silent", {"about": "forward-pass"})
    assert verdict.verdict == "unknown" and "the sanction for a forward pass" in verdict.summary
    assert "backwards only" in verdict.summary
