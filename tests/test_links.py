"""Cross-references, terms and priority, on the real books and on excerpts."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import store
from referee.books.links import link_book
from referee.books.parse import parse_book
from referee.books.priority import overlapping_rows
from referee.books.references import explicit_references
from referee.books.terms import extract_terms
from referee.cli.main import app
from referee.errors import RefereeError
from referee.store import graph

runner = CliRunner()


def _edges(game, game_id: str):
    g = game(game_id)
    book = parse_book(g, g.read_rulebook())
    return book, link_book(g, book)


def _resolved(links, src: str, kind: str) -> list[str | None]:
    return [e.dst for e in links.edges if e.src == src and e.kind == kind]


def test_page_references_resolve_through_the_books_own_index(game) -> None:
    _, links = _edges(game, "takkure")
    assert _resolved(links, "takkure/1.08/6", "page") == ["takkure/6.04"]  # Space Occupation, page 48
    assert _resolved(links, "takkure/5.04/3", "page") == ["takkure/7.01"]  # the injury table ... page 50
    assert _resolved(links, "takkure/characteristics/1", "page") == ["takkure/6.06"]  # Line-up, page 49
    assert _resolved(links, "takkure/characteristics/9", "page") == ["takkure/4.01"]  # Fatigue, page 39
    assert _resolved(links, "takkure/5.03/15", "section") == ["takkure/6.03"]  # "6.03: Time" on page 47


def test_a_misprinted_page_follows_the_name_and_says_so(game) -> None:
    _, links = _edges(game, "takkure")
    edge = next(e for e in links.edges if e.src == "takkure/4.04/9" and e.kind == "page")
    assert edge.dst == "takkure/5.03" and "page 34" in edge.note and "44" in edge.note


def test_chapter_option_and_figure_references_in_rugby_world(game) -> None:
    _, links = _edges(game, "rugby-world")
    assert "rugby-world/2f" in _resolved(links, "rugby-world/set-up-and-aim-of-the/5", "chapter")  # (ch. 2f)
    assert _resolved(links, "rugby-world/2a/1", "chapter") == ["rugby-world/2h"]  # see 2h
    assert _resolved(links, "rugby-world/1d/9", "option") == ["rugby-world/1d/13"]  # see option c
    assert _resolved(links, "rugby-world/1d/12", "chapter") == ["rugby-world/1a"]  # as explained in 1a
    figures = [e for e in links.edges if e.kind == "figure"]
    assert figures and all(e.dst is None and "not in the text" in e.note for e in figures)


def test_section_names_steps_and_described_later(game) -> None:
    _, take = _edges(game, "ta-ke")
    assert _resolved(take, "ta-ke/end-of-the-game/1", "section") == ["ta-ke/step-4-score"]
    _, tdh = _edges(game, "touchdown-heroes")
    assert "touchdown-heroes/play" in _resolved(tdh, "touchdown-heroes/attack-failure/1", "section")
    assert _resolved(tdh, "touchdown-heroes/using-heroes/1", "later") == [
        "touchdown-heroes/play-book-effects-and-hero-skills"
    ]
    assert _resolved(tdh, "touchdown-heroes/kickoff/4", "later") == ["touchdown-heroes/kickoff/5"]


def test_every_game_has_no_reference_pointing_at_a_missing_id(game) -> None:
    for game_id in ("takkure", "touchdown-heroes", "ta-ke", "rugby-world", "tacocat"):
        book, links = _edges(game, game_id)
        known = {e.id for e in book.entries} | {s.id for s in book.sections}
        assert all(e.dst is None or e.dst in known for e in links.edges)
        assert all(e.note for e in links.edges if e.dst is None)  # an unresolved reference says why


@pytest.fixture(scope="module")
def linked(game):
    """A game's parsed book and its links, computed once per module."""
    return functools.cache(lambda game_id: _edges(game, game_id))


@pytest.mark.parametrize(
    ("game_id", "term", "field", "expected"),
    [
        pytest.param("takkure", "Grounded", "entry", "takkure/3.01/1", id="Grounded: a heading defining an action"),
        pytest.param("takkure", "MOVEMENT", "aliases", ["MOV"], id="MOVEMENT: a definition list with its abbreviation"),
        pytest.param(
            "takkure",
            "Grave Injuries Table",
            "entry",
            "takkure/7.01/3",
            id="Grave Injuries Table: a table named by its caption",
        ),
        pytest.param(
            "takkure", "Pass modifiers", "source", "table", id="Pass modifiers: a table's caption is a table term"
        ),
        pytest.param("rugby-world", "Strength Rule", "entry", "rugby-world/1d/7", id="Strength Rule: a named rule"),
        pytest.param(
            "rugby-world", "Strength Rule", "source", "named", id="Strength Rule: a named rule is a named term"
        ),
        pytest.param("rugby-world", "Speed Rule", "entry", "rugby-world/1d/10", id="Speed Rule: a second named rule"),
        pytest.param(
            "rugby-world", "Evade", "entry", "rugby-world/1d/10", id="Evade: a dash definition"
        ),  # "Evade - declare..."
        pytest.param(
            "rugby-world",
            "vector movement",
            "entry",
            "rugby-world/vector-movement/1",
            id="vector movement: a section defining its term",
        ),
    ],
)
def test_a_term_is_defined_where_the_book_defines_it(linked, game_id: str, term: str, field: str, expected) -> None:
    terms = {t.term: t for t in linked(game_id)[1].terms}
    assert getattr(terms[term], field) == expected


@pytest.mark.parametrize(("game_id", "term"), [("rugby-world", "Free move"), ("tacocat", "Набір")])
def test_a_term_is_found(linked, game_id: str, term: str) -> None:
    assert term in {t.term for t in linked(game_id)[1].terms}


def test_a_ukrainian_term_carries_its_configured_english_alias(linked) -> None:
    terms = {t.term: t for t in linked("tacocat")[1].terms}
    assert "set" in terms["Набір"].aliases


def test_a_use_of_a_term_links_to_the_entry_defining_it(linked) -> None:
    _, links = linked("takkure")
    grounded_uses = [e.src for e in links.edges if e.kind == "term" and e.dst == "takkure/3.01/1"]
    assert "takkure/0.01/10" in grounded_uses  # "Once GROUNDED, you cannot stand up ..."


def test_configured_term_must_exist_in_the_book(game) -> None:
    from dataclasses import replace

    g = game("tacocat")
    broken = replace(g, terms={"Неіснуючий": ["ghost"]})
    book = parse_book(broken, g.read_rulebook())
    with pytest.raises(RefereeError, match="appears in no entry"):
        extract_terms(broken, book)


def test_priority_edges(game) -> None:
    _, tdh = _edges(game, "touchdown-heroes")
    assert ("touchdown-heroes/other/1", "touchdown-heroes/play/8") in {
        (e.src, e.dst) for e in tdh.edges if e.kind == "clarifies"
    }
    _, rw = _edges(game, "rugby-world")
    overrides = {(e.src, e.dst) for e in rw.edges if e.kind == "overrides"}
    assert ("rugby-world/france/3", "rugby-world/1a/3") in overrides  # Serge Blanco: P value to 20
    assert ("rugby-world/fiji/2", "rugby-world/free-move/1") in overrides  # Cibi: blocks free moves
    _, takkure = _edges(game, "takkure")
    assert [p.entry for p in takkure.precedence] == ["takkure/0.02/1"]
    notes = [e for e in takkure.edges if e.kind == "annotates"]
    assert ("takkure/1.18/3", "takkure/1.18/2") in {(e.src, e.dst) for e in notes}


def test_overlapping_die_ranges_are_a_suspected_conflict(game) -> None:
    book, _ = _edges(game, "takkure")
    conflicts = overlapping_rows(book)
    assert {e.src for e in conflicts} == {"takkure/7.01/3"}  # Grave Injuries: '2. to 4.', '3. to 7.', ...


def test_show_lists_precedence_and_clarifications(built_db: Path) -> None:
    db = store.open_db(built_db)
    pass_rule = store.show(db, "takkure/2.01/1")
    assert pass_rule["precedence"][0]["id"] == "takkure/0.02/1"
    assert "card" in pass_rule["precedence"][0]["higher"]
    kick = store.show(db, "touchdown-heroes/play/8")
    assert kick["clarified_by"][0]["id"] == "touchdown-heroes/other/1" and kick["clarified_by"][0]["kind"] == "faq"
    blanco = store.show(db, "rugby-world/1a/3")
    assert "rugby-world/france/3" in {o["id"] for o in blanco["overridden_by"]}
    space = store.show(db, "takkure/6.04/1")
    assert "takkure/1.08/6" in {c["id"] for c in space["cited_by"]}


@pytest.mark.parametrize(
    ("term", "game_id", "entry"),
    [
        ("grounded", "takkure", "takkure/3.01/1"),
        ("strength rule", "rugby-world", "rugby-world/1d/7"),
        ("джамбо-атака", "tacocat", "tacocat/play/5"),
        ("jumbo attack", "tacocat", "tacocat/play/5"),
        ("sequence", "tacocat", "tacocat/play/5"),
        ("grave injuries table", "takkure", "takkure/7.01/3"),
        ("kick success table", "rugby-world", "rugby-world/2f/10"),
        ("ninja", "ta-ke", "ta-ke/characters-and-their-abilities/4"),
    ],
)
def test_define_cli(built_db: Path, term: str, game_id: str, entry: str) -> None:
    result = runner.invoke(app, ["define", term, "--game", game_id, "--json", "--db", str(built_db)])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found[0]["id"] == entry and found[0]["text"]


def test_define_unknown_term_is_exit_2_with_suggestions(built_db: Path) -> None:
    result = runner.invoke(app, ["define", "grounder", "--game", "takkure", "--db", str(built_db)])
    assert result.exit_code == 2 and "did you mean: Grounded" in result.stderr


def test_refs_doctor_and_terms_cli(built_db: Path) -> None:
    walked = json.loads(
        runner.invoke(app, ["refs", "takkure/1.08/6", "--depth", "2", "--json", "--db", str(built_db)]).stdout
    )
    assert walked[0]["to"] == "takkure/6.04" and max(s["depth"] for s in walked) == 2
    report = json.loads(runner.invoke(app, ["doctor", "--json", "--db", str(built_db)]).stdout)
    assert any(r["kind"] == "figure" for r in report["rugby-world"]["unresolved_references"])
    assert report["tacocat"]["entries_without_section"] == [f"tacocat/front/{n}" for n in range(1, 6)]
    assert any(c["src"] == "takkure/7.01/3" for c in report["takkure"]["suspected_conflicts"])
    listed = json.loads(runner.invoke(app, ["terms", "tacocat", "--json", "--db", str(built_db)]).stdout)
    assert "Послідовність" in {t["term"] for t in listed}
    assert runner.invoke(app, ["refs", "takkure/9.99/1", "--db", str(built_db)]).exit_code == 2


def test_unresolved_references_are_in_the_build_report(built_db: Path) -> None:
    reports = {r["game"]: r for r in store.build_reports(store.open_db(built_db))}
    assert any(u["kind"] == "figure" for u in reports["rugby-world"]["unresolved"])
    assert graph.doctor(store.open_db(built_db), "ta-ke")["ta-ke"]["unresolved_references"][0]["kind"] == "figure"


def test_reference_patterns_on_excerpts(game) -> None:
    g = game("rugby-world")
    text = "Rugby World Rulebook\n\nTable of Contents\n\n• 2F) Penalty\n• 2H) Match\n\n2F) Penalty\n\nA foul (see 2h) and a kick (ch. 2f).\n\n2H) Match\n\nThe end (see fig. 3).\n"
    book = parse_book(g, text)
    edges = {(e.src, e.kind, e.dst) for e in explicit_references(g, book)}
    assert ("rugby-world/2f/1", "chapter", "rugby-world/2h") in edges
    assert ("rugby-world/2f/1", "chapter", "rugby-world/2f") in edges
    assert ("rugby-world/2h/1", "figure", None) in edges


def test_a_page_of_another_book_is_no_reference_and_a_placeholder_page_is_reported(game) -> None:
    g = game("rugby-world")
    text = (
        "Rugby World Rulebook\n\n2F) Penalty\n\nSee the types of compels in Fate Core System starting on page 72 "
        "of that book. Stress is marked as in Taking Harm (page XX) and in Recovery (pages ??).\n"
    )
    book = parse_book(g, text)
    edges = [e for e in explicit_references(g, book) if e.kind == "page"]
    assert [(e.anchor, e.dst) for e in edges] == [("page XX", None), ("pages ??", None)]
    assert all("placeholder" in e.note for e in edges)
