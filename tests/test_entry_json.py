"""One JSON shape of an entry (issue 34: 2): `show`, a search hit, an answer's citation and a
choice are `StoredEntry.to_json()` with their own keys added, and keep every key they printed
before (`referee search --json`, `referee ask --json`, the web API)."""

from __future__ import annotations

import json
from dataclasses import replace

from referee.indexer.answering.types import Choice, Citation
from referee.indexer.search.results import Hit
from referee.store.read import StoredEntry

ENTRY = StoredEntry(
    id="ta-ke/step-4-score/1",
    game="ta-ke",
    number="4",
    section_id="ta-ke/step-4-score",
    title="Step 4: Score",
    path=["Playing", "Step 4: Score"],
    kind="rule",
    source="rulebook",
    normative=True,
    lang="en",
    text="Each player scores one point per chip. The player with the most points wins.",
    line=42,
    table=None,
    ascii_id="ta-ke/step-4-score/1",
    translations=[{"lang": "uk", "text": "Кожен гравець отримує очко.", "label": "unofficial translation"}],
)
QUOTE = "The player with the most points wins."

# what each printed before one shape: kept, so scripts reading --json go on working
HIT_KEYS = {"id", "game", "number", "title", "path", "kind", "text", "score"}
CITATION_KEYS = {"id", "game", "number", "title", "path", "kind", "lang", "quote", "translation"}
CHOICE_KEYS = {"question", "quote", "id", "confidence", "path"}


def _entry_part(data: dict, added: set[str]) -> dict:
    return {k: v for k, v in data.items() if k not in added}


def test_a_hit_is_the_entry_with_its_score() -> None:
    data = Hit(ENTRY, 0.123456).to_json()
    assert _entry_part(data, {"score"}) == ENTRY.to_json() and data["score"] == 0.1235
    assert data.keys() >= HIT_KEYS


def test_a_citation_is_the_entry_with_its_quote() -> None:
    data = Citation(ENTRY, QUOTE, grain="sentence", confidence=0.8).to_json()
    added = {"quote", "grain", "confidence", "translation"}
    assert _entry_part(data, added) == ENTRY.to_json()
    assert data["quote"] == QUOTE and data["grain"] == "sentence" and data["translation"]["of"] == "the whole entry"
    assert data.keys() >= CITATION_KEYS


def test_a_choice_is_its_citation_with_the_question_that_tells_it_apart() -> None:
    data = Choice("Who wins?", Citation(ENTRY, QUOTE), 0.4567).to_json()
    assert _entry_part(data, {"quote", "question", "confidence", "translation"}) == ENTRY.to_json()
    assert data["question"] == "Who wins?" and data["confidence"] == 0.457 and data.keys() >= CHOICE_KEYS


def test_every_shape_is_plain_json() -> None:
    for data in (ENTRY.to_json(), Hit(ENTRY, 1.0).to_json(), Citation(ENTRY, QUOTE).to_json()):
        assert json.loads(json.dumps(data)) == data


def test_a_citation_of_one_sentence_carries_that_sentences_translation() -> None:
    # the JSON (`ask --json`, /api/ask) says what the CLI and the page show: the quoted sentence's own
    # translation when the entry's sentences line up, the whole entry's beside it
    two = replace(
        ENTRY,
        text="Each player scores a point. The player with the most points wins.",
        translations=[{"lang": "en", "text": "One. Two.", "label": "unofficial translation"}],
    )
    data = Citation(two, QUOTE).to_json()["translation"]
    assert (data["of"], data["quoted"], data["text"]) == ("the quoted sentences", "Two.", "One. Two.")
    odd = replace(two, translations=[{"lang": "en", "text": "One and two.", "label": "unofficial translation"}])
    data = Citation(odd, QUOTE).to_json()["translation"]
    assert data["of"] == "the whole entry" and data["quoted"] is None and data["why_whole"]
