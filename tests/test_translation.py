"""Aligned translations (Tacocat's English reading) and typeable ASCII ids."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import store
from referee.books.gameconf import discover_games
from referee.books.ids import ascii_id, ascii_ids, transliterate
from referee.books.text import sentences
from referee.books.translation import translate_quote
from referee.cli.main import app
from referee.errors import RefereeError
from referee.store.build import build_knowledge_base

runner = CliRunner()
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.mark.parametrize(
    ("ukrainian", "official"),
    # examples printed in the 2010 romanisation table itself
    [("Згорани", "zghorany"), ("Юрій", "yurii"), ("Їжакевич", "yizhakevych"), ("Короп'є", "koropie"),
     ("Щербухи", "shcherbukhy"), ("Яготин", "yahotyn"), ("Стрийська", "stryiska"), ("Гадяч", "hadiach")],
)  # fmt: skip
def test_transliteration_follows_the_national_table(ukrainian: str, official: str) -> None:
    assert transliterate(ukrainian) == official


def test_ascii_ids_are_ascii_unique_and_leave_ascii_ids_alone() -> None:
    assert ascii_id("takkure/2.01/7") == "takkure/2.01/7"
    assert ascii_id("tacocat/перемістити-такокат/1") == "tacocat/peremistyty-takokat/1"
    forms = ascii_ids(["g/ні", "g/нi", "g/ni"])  # the second spells its i in Latin
    assert len(set(forms.values())) == 3 and all(f.isascii() for f in forms.values())


def test_every_tacocat_entry_and_heading_has_its_translation(built_db: Path) -> None:
    db = store.open_db(built_db)
    ids = [r[0] for r in db.execute("select id from entries where game = 'tacocat'")]
    ids += [r[0] for r in db.execute("select id from sections where game = 'tacocat'")]
    translated = store.translations_of(db, ids)
    assert set(translated) == set(ids)
    assert all(t[0]["lang"] == "en" and t[0]["label"] == "unofficial translation" for t in translated.values())
    assert store.translation_of(db, "tacocat/дуель/2") == "If it is a tie, discard the cards and hold the duel again."
    assert store.entries_by_ids(db, ["takkure/2.01/1"])["takkure/2.01/1"].translations == []


def test_show_accepts_the_ascii_id_and_prints_both_forms_and_the_translation(built_db: Path) -> None:
    shown = runner.invoke(app, ["show", "tacocat/peremistyty-takokat/1", "--db", str(built_db)])
    assert shown.exit_code == 0, shown.output
    assert (
        "[tacocat/перемістити-такокат/1]" in shown.stdout and "typeable: tacocat/peremistyty-takokat/1" in shown.stdout
    )
    original, translation = (
        shown.stdout.index("Гравець, який перемагає"),
        shown.stdout.index("unofficial translation (en)"),
    )
    assert original < translation  # the book's words first, the translation under them
    data = json.loads(runner.invoke(app, ["show", "tacocat/duel", "--json", "--db", str(built_db)]).stdout)
    assert data["id"] == "tacocat/дуель" and data["ascii_id"] == "tacocat/duel"
    assert data["entries"][0]["translations"][0]["text"].startswith("The duel decides")
    exported = [
        json.loads(line)
        for line in runner.invoke(app, ["export", "--game", "tacocat", "--db", str(built_db)]).stdout.splitlines()
    ]
    assert all(e["ascii_id"].isascii() for e in exported) and all(e["translations"] for e in exported)
    english = json.loads(runner.invoke(app, ["show", "takkure/2.01/7", "--json", "--db", str(built_db)]).stdout)
    assert english["ascii_id"] == "takkure/2.01/7"


def _corpus_with(tmp_path: Path, edit) -> list:
    folder = tmp_path / "corpus" / "tacocat"
    shutil.copytree(CORPUS / "tacocat", folder)
    path = folder / "tacocat.en.txt"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return discover_games(tmp_path / "corpus")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: t.replace("[дуель/2]\nIf it is a tie, discard the cards and hold the duel again.\n", ""),
            "no translation for tacocat/дуель/2",
        ),
        (lambda t: t + "\n[дуель/9]\nA rule the book does not have.\n", "[дуель/9] is no entry of tacocat (orphan)"),
        (lambda t: t + "\n[duel/1]\nAgain, by its ASCII id.\n", "tacocat/дуель/1 is translated twice"),
        (lambda t: t.replace("[перемога/1]\n", "[перемога/1]\n\n"), None),  # blank lines around a block are layout
        (
            lambda t: t.replace("If it is a tie, discard the cards and hold the duel again.", ""),
            "the translation of tacocat/дуель/2 is empty",
        ),
        (
            lambda t: t.replace("[front/1]", "[front/1]\nline one\n").replace("[front/2]", "[front/2]"),
            "has 2 lines, the book 1",
        ),
        (
            lambda t: t.replace("[section перемога] VICTORY\n\n[перемога/1]", "[перемога/1]").replace(
                "[front/1]", "[section перемога] VICTORY\n[front/1]", 1
            ),
            "out of the book's order",
        ),
    ],
)
def test_a_misaligned_translation_is_refused_at_build(tmp_path: Path, edit, message: str | None) -> None:
    games = _corpus_with(tmp_path, edit)
    target = tmp_path / "kb.db"
    if message is None:
        build_knowledge_base(target, games)
        return
    with pytest.raises(RefereeError) as caught:
        build_knowledge_base(target, games)
    assert message in str(caught.value) and "tacocat.en.txt" in str(caught.value)
    assert not target.exists()  # nothing half-built is left behind


# ---------------------------------------------------------------- a translation under a quote (phone review 4, task 19)

BOOK = "Перше речення тут. Друге речення там. Третє речення десь.\nЧетверте речення. П'яте речення."
THEIRS = "The first sentence here. The second there. The third somewhere.\nThe fourth sentence. The fifth sentence."


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("Друге речення там. Третє речення десь.", "The second there. The third somewhere."),
        ("Перше речення тут.", "The first sentence here."),
        ("П'яте речення.", "The fifth sentence."),  # on its line, by its place there
        ("Третє речення десь.\nЧетверте речення.", "The third somewhere.\nThe fourth sentence."),
    ],
)
def test_the_quoted_sentences_translation_is_the_one_in_their_place(quote: str, expected: str) -> None:
    shown = translate_quote(BOOK, quote, THEIRS)
    assert shown.quoted == expected and shown.text == expected and shown.whole == THEIRS
    assert shown.of == "the quoted sentences" and "Referee's unofficial translation" in shown.heading
    assert shown.to_json()["whole"] == THEIRS and shown.why_whole is None


def test_a_line_whose_sentences_do_not_line_up_keeps_the_whole_entry_and_says_why() -> None:
    merged = "The first sentence here and the second there. The third somewhere.\nThe fourth sentence. The fifth."
    shown = translate_quote(BOOK, "Друге речення там.", merged)
    assert shown.quoted is None and shown.text == merged and shown.of == "the whole entry"
    assert shown.why_whole is not None and "2 against 3" in shown.why_whole and shown.why_whole in shown.heading
    # the other line still lines up: its sentences are singled out
    assert translate_quote(BOOK, "П'яте речення.", merged).quoted == "The fifth."


@pytest.mark.parametrize("quote", [BOOK, "", "a row that is no slice of the entry"])
def test_a_quote_of_the_whole_entry_or_no_slice_of_it_shows_the_whole_translation(quote: str) -> None:
    shown = translate_quote(BOOK, quote, THEIRS)
    assert shown.quoted is None and shown.text == THEIRS and shown.why_whole is None


def test_every_tacocat_sentence_quoted_alone_gets_its_own_translation(built_db: Path) -> None:
    db = store.open_db(built_db)
    entries = store.entries_by_ids(db, [r[0] for r in db.execute("select id from entries where game = 'tacocat'")])
    singled = 0
    for entry in entries.values():
        theirs = entry.translations[0]["text"]
        ours = sentences(entry.text)
        for place, sentence in enumerate(ours):
            shown = translate_quote(entry.text, sentence, theirs)
            if len(ours) == 1:
                assert shown.quoted is None, entry.id
            elif shown.quoted is not None:
                singled += 1
                assert shown.quoted in sentences(theirs) and shown.quoted in theirs
                assert sentences(theirs).index(shown.quoted) == place or ours.count(sentence) > 1, entry.id
            else:
                assert shown.why_whole, entry.id  # never silently the whole
    assert singled >= 20
    round_won = next(e for e in entries.values() if "перемагає в раунді" in e.text)
    quote = next(s for s in sentences(round_won.text) if "перемагає в раунді" in s)
    shown = translate_quote(round_won.text, quote, round_won.translations[0]["text"])
    assert shown.quoted is not None and "wins the round" in shown.quoted and "wins the game" not in shown.quoted
