"""Checks: citations recorded as declared and verified at build, table rows as quotes, the fixed rules
(possession change, role of a card, a kick on 0, the conversion's two readings), outcomes apart from
legality, and hostile facts refused in one line."""

from __future__ import annotations

import itertools
import json
import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from support.rules import all_checks, all_rulebooks
from typer.testing import CliRunner

from referee import store
from referee.cli.main import app
from referee.errors import RefereeError
from referee.rules.checks import Check
from referee.rules.citations import whole_sentences

ROOT = Path(__file__).resolve().parent.parent
UNDECLARED = "without naming its quote"  # what Check.run says of a citation its declaration lacks
GAMES = ("takkure", "rugby-world", "touchdown-heroes", "ta-ke", "tacocat")
runner = CliRunner()


def run(name: str, **facts):
    return all_checks()[name].run(facts)


# ---- citations: declared, collected when run, verified at build


def _candidates(check: Check) -> dict[str, list]:
    """Values worth trying for each fact: every choice, both booleans, the ends and the small numbers."""
    out: dict[str, list] = {}
    for fact in check.facts:
        example = check.example["facts"].get(fact.name)
        low, high = fact.low if fact.low is not None else 0, fact.high if fact.high is not None else 12
        numbers = sorted({int(low), int(high), *[n for n in range(-3, 13) if low <= n <= high]})
        values = {
            "choice": list(fact.choices),
            "bool": [True, False],
            "str": ["7", "Monster"],
            "int": numbers,
            "float": [float(n) for n in numbers] + [2.5, 8.5],
            "point": [[10, 30], [10, 28], [13, 29], [10, 31], [10, 20], [12, 25], [10, 10]],
            "ints": [[n] for n in range(1, 13)]
            + [[7, 7], [7, 7, 7], [5, 5], [4, 5, 6], [1, 1], [5, 3], [9, 1], [3, 3, 5, 6], [4, 1, 2, 7]],
            "strs": [["follow"] * 4, ["follow", "not", "follow", "follow"], ["attack", "defence"] * 2, ["a", "a", "a"]],
        }[fact.type]
        out[fact.name] = [example, *values] if example is not None else values
    return out


def _cited_in_runs(check: Check, samples: int = 1500) -> set[tuple[str, str]]:
    rng = random.Random(check.name)
    candidates = _candidates(check)
    cited: set[tuple[str, str]] = set()
    for i in range(samples):
        facts = {name: values[0] if i == 0 else rng.choice(values) for name, values in candidates.items()}
        try:
            verdict = check.run(facts)
        except RefereeError as exc:
            if UNDECLARED in str(exc):  # refused for citing past its declaration: that is a citation
                cited.add(("undeclared", str(exc)))
            continue
        cited |= {(r.entry, r.quote) for r in verdict.cited()}
    return cited


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "check_name" in metafunc.fixturenames:  # one test per check: loaded at collection (once), not at import
        metafunc.parametrize("check_name", sorted(all_checks()))


def test_a_check_cites_exactly_what_it_declares(check_name: str) -> None:
    """What runs cite stays within the declaration (a run citing past it is refused, and that
    refusal is counted here as the undeclared citation it is) and reaches all of it."""
    check = all_checks()[check_name]
    cited = _cited_in_runs(check)
    declared = {(q.entry, q.text) for q in check.quotes.values()}
    assert cited <= declared, f"{check_name} cites quotes it does not declare: {sorted(cited - declared)}"
    assert declared - cited == set(), f"{check_name} declares quotes no run cites"


def test_a_run_citing_an_undeclared_quote_is_counted_as_cited() -> None:
    """The check above can fail: a check whose declaration lost its quotes cites past it."""
    undeclared = replace(all_checks()["duel"], quotes={})
    assert not _cited_in_runs(undeclared) <= set()


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_quote_is_cited_by_a_check(game: str) -> None:
    rulebook = all_rulebooks().get(game)
    assert rulebook is not None and rulebook.unused_quotes() == []


def test_a_check_citing_a_quote_it_did_not_declare_is_refused() -> None:
    check = all_checks()["duel"]
    undeclared = replace(check, quotes={})
    with pytest.raises(RefereeError, match="without naming its quote"):
        undeclared.run({"mine": 3, "theirs": 4})


def test_show_lists_checks_that_cite_through_a_helper(built_db: Path) -> None:
    """face-to-face-roll cites only through _face_to_face: its entries are still recorded."""
    db = store.open_db(built_db)
    assert "face-to-face-roll" in store.show(db, "takkure/1.15/5")["checks"]
    assert "possession-change" in store.show(db, "touchdown-heroes/attack-failure/3")["checks"]


def test_table_row_quotes_are_rows_of_the_parsed_tables(built_db: Path) -> None:
    db = store.open_db(built_db)
    seen = 0
    for game in GAMES:
        rulebook = all_rulebooks()[game]
        for key, cells in rulebook.rows.items():
            table = store.show(db, rulebook.quotes[key].entry)["table"]
            assert list(cells) == table["columns"], key
            assert list(cells.values()) in table["rows"], key
            seen += 1
    # the Takkure pass and reception tables (4 + 4), the Rugby World kick tables (3 + 2) and scrum packs (12)
    assert seen == 25


def test_a_flattened_table_is_quoted_by_its_row_read_as_cells() -> None:
    reason = run("pass-target", bac=7, distance=6).reasons[0]
    assert (reason.entry, reason.quote) == ("takkure/2.01/7", '4" to 8"0')
    assert reason.row == {"Distance": '4" to 8"', "Modifier": "0"}
    kick = run("kick-range", kick="medium", kicker=False, die=6).reasons[0]
    assert kick.quote.startswith("Medium range\t") and kick.row["Non-kicker: die 5-8"] == "7 intersections"


def _corpus_copy(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    return corpus


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # an extra quote no check cites
        (
            "PRIORITY = Quote(",
            'SPARE = Quote("takkure/0.02/1", "A rule in an ability, card, team, FAQ, or expansion takes precedence over '
            'this rulebook.")\nPRIORITY = Quote(',
            "no check cites",
        ),
        # a row whose line is right but whose cells are not the table's
        ('[(\'0" to 2"\', "+4")', "[('0\" to 2', '\"+4')", "not a row of the table"),
        # a row quote that is a slice of a row, not a whole one
        ('[(\'0" to 2"\', "+4")', '[(\'0" to 2"\', "+")', "not a row of the table"),
        # a quote cut before the end of its sentence (verbatim, but not the whole sentence)
        ('You cannot tackle a player on the ground.",', 'You cannot tackle a player",', "cuts a sentence"),
    ],
)
def test_build_refuses_unused_and_broken_row_quotes(tmp_path: Path, old: str, new: str, message: str) -> None:
    corpus = _corpus_copy(tmp_path)
    quotes = corpus / "takkure" / "quotes.py"
    text = quotes.read_text()
    assert old in text
    quotes.write_text(text.replace(old, new, 1))
    result = runner.invoke(app, ["build", "--db", str(tmp_path / "kb.db"), "--corpus", str(corpus)])
    assert result.exit_code == 2 and message in result.stderr, result.stderr


# ---- the fixed rules


def test_possession_change_is_one_check_that_kick_play_and_kickoff_share() -> None:
    assert run("possession-change", position=4).value == {"possession_changes": True, "position": 7}
    shared = run("possession-change", position=3, why="kick-play").reasons
    kick = run("kick-play", position=8, die=5)
    assert kick.value["position"] == 8 and shared[0].entry in {r.entry for r in kick.reasons}
    onside = run("kickoff", kick="random", die=1)
    assert onside.value["position"] == 7 and run("possession-change", position=4, why="onside-kick").reasons[0] in (
        onside.reasons
    )


KICKS = [(position, die) for position in range(1, 11) for die in range(1, 7)]


@pytest.mark.parametrize(("position", "die"), [(p, d) for p, d in KICKS if p - d > 0])
def test_a_kick_play_short_of_0_leaves_the_ball_on_the_field(position: int, die: int) -> None:
    assert 1 <= run("kick-play", position=position, die=die).value["position"] <= 10


@pytest.mark.parametrize(("position", "die"), [(p, d) for p, d in KICKS if p - d < 0])
def test_a_kick_play_beyond_0_scores_1(position: int, die: int) -> None:
    verdict = run("kick-play", position=position, die=die)
    assert verdict.value["points"] == 1 and verdict.outcome == "scored"


@pytest.mark.parametrize(("position", "die"), [(p, d) for p, d in KICKS if p - d == 0])
def test_a_kick_play_exactly_on_0_scores_1_never_square_11(position: int, die: int) -> None:
    # "reaches beyond 0" scores and "does not reach 0" turns over; the field card: reaching "0" scores points
    verdict = run("kick-play", position=position, die=die)
    assert verdict.value["points"] == 1 and verdict.value.get("position") != 11
    assert "touchdown-heroes/components/3" in {r.entry for r in verdict.reasons}


@pytest.mark.parametrize(
    ("role", "verdict"), [("fullback", "legal"), ("scrum-half", "legal"), ("fly-half", "legal"), ("forward", "illegal")]
)
def test_serge_blanco_is_for_the_halves_and_the_fullback(role: str, verdict: str) -> None:
    result = run("pass", passer=[10, 30], target=[10, 20], p=3, card="serge-blanco", role=role)
    assert result.verdict == verdict
    assert "rugby-world/france/3" in {r.entry for r in result.reasons}
    with pytest.raises(RefereeError, match="give the miniature's role"):
        run("pass", passer=[10, 30], target=[10, 20], p=3, card="serge-blanco")


def test_a_steal_card_is_for_a_forward() -> None:
    assert (
        run("hard-tackle", defender_f=5, carrier_f=9, die=11, card="will-mcbride", role="forward").outcome == "stolen"
    )
    assert (
        run("hard-tackle", defender_f=5, carrier_f=9, die=11, card="will-mcbride", role="fullback").verdict == "illegal"
    )


@pytest.mark.parametrize(
    ("touchline", "kicker", "ambiguous"),
    [(5, True, False), (5, False, True), (1, True, True), (1, False, False), (2, False, False), (3, False, True)],
)
def test_the_conversion_rule_and_the_table_caption_disagree(touchline: int, kicker: bool, ambiguous: bool) -> None:
    result = run("conversion", touchline_distance=touchline, kicker=kicker)
    assert (result.verdict == "ambiguous") is ambiguous
    quotes = {r.quote for r in result.reasons}
    assert any("first row in the table" in q for q in quotes) and any(
        'first row is for kickers "k"' in q for q in quotes
    )
    if ambiguous:
        assert len(result.readings) == 2 and result.readings[0].value != result.readings[1].value


def test_a_conversion_die_both_readings_agree_on_is_not_ambiguous() -> None:
    assert run("conversion", touchline_distance=1, kicker=True, die=8).outcome == "succeeds"  # 6-12 and 3-12
    assert run("conversion", touchline_distance=1, kicker=True, die=4).verdict == "ambiguous"  # 6-12 or 3-12


# ---- outcomes apart from legality, consequences with quotes


@pytest.mark.parametrize(
    ("name", "facts", "verdict", "outcome"),
    [
        ("defence", {"attack": 7, "defence": 9}, "value", "held"),
        ("defence", {"attack": 7, "defence": 2}, "value", "failed"),
        ("pass-target", {"bac": 7, "distance": 9, "from_ground": True}, "value", "cancelled"),
        ("hard-tackle", {"defender_f": 6, "carrier_f": 6, "die": 11}, "value", "foul"),
        ("hard-tackle", {"defender_f": 6, "carrier_f": 6, "die": 2}, "value", "stolen"),
        ("tackle", {"target_has_ball": False}, "illegal", "foul"),
        ("unopposed-roll", {"target": 7, "dice": [8]}, "value", "fails"),
        ("trick-winner", {"numbers": [4, 1, 2, 7], "followed": ["follow", "not", "follow", "follow"],
                          "attacking": ["attack", "defence", "attack", "defence"]}, "value", "succeeds"),
        ("round-winner", {"mine": 3, "theirs": 3}, "value", "draw"),
        ("advance", {"position": 3, "card": 3}, "value", "scored"),
    ],
)  # fmt: skip
def test_outcomes_are_not_legality(name: str, facts: dict, verdict: str, outcome: str) -> None:
    result = run(name, **facts)
    assert (result.verdict, result.outcome) == (verdict, outcome)


@pytest.mark.parametrize(
    ("name", "facts", "entry"),
    [
        ("tackle", {"target_has_ball": False}, "rugby-world/2d/5"),  # obstruction: scrum to the other team
        ("hard-tackle", {"defender_f": 6, "carrier_f": 6, "die": 12}, "rugby-world/2f/1"),  # penalty kick
        ("possession-tackles", {"tackles": 7}, "rugby-world/2h/11"),
        ("defence", {"attack": 7, "defence": 9}, "tacocat/play/2"),  # the defender attacks next
        ("legal-play", {"play": "pass", "lead_suit": "power", "card_suit": "speed", "hand_has_lead_suit": True},
         "touchdown-heroes/play/5"),  # the play-book effect applies
        ("pick-chip", {"on_top": True}, "ta-ke/step-4-score/1"),
        ("unopposed-roll", {"target": 7, "dice": [9], "action": "pass"}, "takkure/2.01/10"),  # reception roll
    ],
)  # fmt: skip
def test_consequences_are_quoted_from_the_book(name: str, facts: dict, entry: str) -> None:
    assert entry in {c.entry for c in run(name, **facts).consequences}


def test_the_json_shape_is_stable() -> None:
    result = runner.invoke(app, ["check", "--check", "defence", "--fact", "attack=7", "--fact", "defence=3", "--json"])
    data = json.loads(result.stdout)
    keys = {"game", "check", "verdict", "value", "outcome", "summary", "reasons", "readings", "consequences"}
    assert keys <= set(data) and data["outcome"] == "failed"
    assert set(data["reasons"][0]) == {"entry", "quote", "explanation", "row"}
    text = runner.invoke(app, ["check", "--check", "defence", "--fact", "attack=7", "--fact", "defence=3"]).stdout
    assert "VALUE, failed" in text and "then" in text


def test_describe_gives_what_a_form_needs() -> None:
    data = json.loads(runner.invoke(app, ["check", "--describe", "pass-target", "--json"]).stdout)
    facts = {f["name"]: f for f in data["facts"]}
    assert facts["distance"] == {
        "name": "distance",
        "type": "float",
        "help": "distance between passer and receiver",
        "required": True,
        "unit": "inches",
        "low": 0,
        "high": 80,
    }
    assert facts["pressure"]["required"] is False and facts["pressure"]["default"] == 0
    assert "takkure/2.01/7" in data["cites"]


# ---- hostile facts: one line on stderr, exit 2 (issue 18)

DEEP = "[" * 10_000 + "]" * 10_000
DEEPEST = "[" * 100_000 + "]" * 100_000
LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in itertools.pairwise("abcdefghi")
)


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["--check", "pass-direction", "--fact", "passer=nan,nan", "--fact", "receiver=1,2"], None, "fact 'passer'"),
        (["--check", "pass-direction", "--fact", "passer=inf,1", "--fact", "receiver=1,2"], None, "fact 'passer'"),
        (["-"], '{"check": "pass-direction", "facts": {"passer": [true, false], "receiver": [1, 2]}}', "fact 'passer'"),
        (["-"], '{"check": "duel", "facts": {"mine": 1' + "0" * 400 + ', "theirs": 2}}', "line 1, column 37: the number 100000000000… (401 characters) is out of range"),
        (["-"], '{"check": "duel", "facts": {"mine": 1e400, "theirs": 2}}', "line 1, column 37: the number 1e400 is out of range"),
        (["-"], "check: duel\nfacts: {mine: " + "9" * 5000 + ", theirs: 2}", "line 2, column 15: the number 999999999999… (5000 characters) is out of range"),
        (["-"], "check: duel\nfacts: {1: 2, theirs: 2}", "fact names are words"),
        (["-"], '{"check": "duel", "facts": ' + DEEP + "}", "nested more than"),
        (["-"], '{"check": "duel", "facts": ' + DEEPEST + "}", "characters"),
        (["-"], "check: duel\n" + LAUGHS, "anchors and aliases"),
        (["-"], '{"check": "jumbo-attack", "facts": {"cards": [' + ",".join(["5"] * 1000) + '], "cards_left_after": 2}}',
         "fact 'cards'"),
        (["-"], '{"check": "card-effect", "facts": {"effect": "' + "x" * 5000 + '"}}', "fact 'effect'"),
        (["-"], "x" * 300_000, "characters"),
        (["-"], '{"check": ["duel"]}', "'check' must be a name"),
        (["--check", "duel", "--fact", "mine=" + "9" * 5000, "--fact", "theirs=2"], None, "fact 'mine'"),
    ],
)  # fmt: skip
def test_hostile_facts_are_one_line_exit_2(args: list[str], stdin: str | None, message: str) -> None:
    result = runner.invoke(app, ["check", *args], input=stdin)
    assert result.exit_code == 2, result.output[:300]
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and len(lines[0]) < 400, result.stderr[:300]


ENTRY = "Roll the die. If you roll a 6, you win the ball; otherwise:\n• the carrier keeps it.\nEnd."


@pytest.mark.parametrize(
    ("quote", "whole"),
    [
        ("Roll the die.", True),
        ("If you roll a 6, you win the ball; otherwise:", True),
        ("If you roll a 6, you win the ball;", True),
        ("the carrier keeps it.", True),  # a list item is a line of its own
        ("Roll the die. If you roll a 6, you win the ball; otherwise:\n• the carrier keeps it.", True),
        ("If you roll a 6, you win the ball", False),  # stops before the rest of its clause
        ("you roll a 6, you win the ball;", False),  # starts inside the sentence
        ("the die", False),
    ],
)
def test_a_quote_is_whole_sentences_of_its_entry(quote: str, whole: bool) -> None:
    assert whole_sentences(quote, ENTRY) is whole


def test_a_card_the_book_prints_is_not_called_unknown() -> None:
    assert run("card-unknown", card="Marcello Cuttitta").verdict == "unknown"
    with pytest.raises(
        RefereeError, match=r"'Colin Meads' is printed in the book \(among new-zealand's cards\): special-card"
    ):
        run("card-unknown", card="Colin Meads")
