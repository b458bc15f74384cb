"""Search quality on a question set: Referee against three baselines, in one run.

    .venv/bin/python benchmarks/search_quality.py [data/questions-dev.jsonl]

Baselines, all scored by the rule of docs/evaluation.md (a result hits when its title and text
contain a gold passage):
- lexical only: SQLite FTS5 BM25 over entries;
- dense only: the same model, whole-entry cosine, no sentences, no BM25, no kind prior;
- naive RAG: the rulebook cut into 1,000-character chunks with 100 characters of overlap,
  same model, cosine.

Then what `referee ask` shows, game given: how often its answer entries hold a gold passage,
and how often the quotes it prints from them do (a sentence, or a whole table, FAQ or card).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from referee import store
from referee.books.gameconf import discover_games
from referee.indexer.answering.answer import ask
from referee.indexer.evaluate import SetQuestion, evaluate, hits_gold, load_questions
from referee.indexer.search.lexical import bm25_scores
from referee.indexer.search.searcher import Searcher
from referee.names import choose_game
from referee.paths import default_corpus_dir, default_db_path
from referee.rules.loading import discover_checks

ROOT = Path(__file__).resolve().parent.parent


CHUNK, OVERLAP = 1000, 100


def naive_chunks() -> list[dict]:
    chunks = []
    for game in discover_games(default_corpus_dir()):
        text = game.read_rulebook()
        for start in range(0, len(text), CHUNK - OVERLAP):
            chunks.append(
                {"id": f"{game.id}@{start}", "game": game.id, "title": "", "text": text[start : start + CHUNK]}
            )
    return chunks


def main() -> None:
    questions = load_questions(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "data" / "questions-dev.jsonl")
    searcher = Searcher(default_db_path())
    db = searcher.db
    entries = {e.id: e.to_json() for e in store.entries(db)}
    games = store.games(db)

    def referee(q: SetQuestion, given: bool):
        choice = choose_game(games, q.q, given=q.game if given else None)
        return [h.to_json() for h in searcher.search(q.q, choice, limit=5).hits]

    def lexical(q: SetQuestion, given: bool):
        scores = bm25_scores(db, q.q, q.game if given else None)
        return [entries[i] for i in sorted(scores, key=scores.get, reverse=True)[:5]]

    index = searcher.index
    entry_units = np.where(index.unit_kind == 0)[0]
    entry_vectors = np.vstack([index.faiss.reconstruct(int(u)) for u in entry_units])
    entry_of_unit = [index.entry_ids[index.unit_entry[u]] for u in entry_units]

    def dense(q: SetQuestion, given: bool):
        scores = entry_vectors @ searcher.encoder.queries([q.q])[0]
        order = [i for i in np.argsort(-scores) if not given or entries[entry_of_unit[i]]["game"] == q.game]
        return [entries[entry_of_unit[i]] for i in order[:5]]

    from referee.indexer.search.encoder import SentenceTransformerEncoder

    chunks = naive_chunks()
    chunk_vectors = SentenceTransformerEncoder(index.config.model).passages([c["text"] for c in chunks])

    def naive(q: SetQuestion, given: bool):
        scores = chunk_vectors @ searcher.encoder.queries([q.q])[0]
        order = [i for i in np.argsort(-scores) if not given or chunks[i]["game"] == q.game]
        return [chunks[i] for i in order[:5]]

    systems = {
        "Referee (hybrid)": referee,
        "lexical only (FTS5 BM25)": lexical,
        "dense only": dense,
        "naive RAG (1000/100 chunks)": naive,
    }
    print(f"{len(questions)} questions; scoring rule of docs/evaluation.md\n")
    header = f"{'system':<30} {'mode':<11} {'hit@1':>6} {'hit@3':>6} {'hit@5':>6} {'MRR':>6} {'ms/q':>6}"
    print(header)
    print("-" * len(header))
    for name, retrieve in systems.items():
        start = time.perf_counter()
        report = evaluate(questions, retrieve)
        per_question = (time.perf_counter() - start) * 1000 / (2 * len(questions))
        for mode, data in report["modes"].items():
            s = data["overall"]
            figures = f"{s['hit@1']:>6.2f} {s['hit@3']:>6.2f} {s['hit@5']:>6.2f} {s['mrr']:>6.3f}"
            print(f"{name:<30} {mode:<11} {figures} {per_question:>6.1f}")
    entries_held, quotes_held = ask_quotes(searcher, questions, entries)
    print(f"\nask, game given: answer entries hold a gold passage for {entries_held}/{len(questions)} questions,")
    print(f"the quotes printed from them for {quotes_held}/{len(questions)}")


def ask_quotes(searcher: Searcher, questions: list[SetQuestion], entries: dict[str, dict]) -> tuple[int, int]:
    entries_held = quotes_held = 0
    checks = discover_checks(default_corpus_dir())
    games = store.games(searcher.db)
    for q in questions:
        answer = ask(searcher, q.q, checks.values(), choose_game(games, q.q, given=q.game)).to_json()["answer"]
        entries_held += any(hits_gold(entries[a["id"]]["title"], entries[a["id"]]["text"], q.gold) for a in answer)
        quotes_held += any(hits_gold("", a["quote"], q.gold) for a in answer)
    return entries_held, quotes_held


if __name__ == "__main__":
    main()
