"""How honest the game odds and "The book says" are, on the development question sets only
(data/questions-*.jsonl; never data/judging/, the blind judging sets).

    python benchmarks/game_sureness.py --rows rows.jsonl        # ask every question (slow), keep the rows
    python benchmarks/game_sureness.py --rows rows.jsonl --fit  # from the rows: the figures and the fits

Per question, asked twice: with its game given (as `ask` does: the answer's confidence, whether
its first quote holds a gold passage) and with none (each game read: its score before the odds'
softmax, its calibrated odds that the book answers and that its first passage does, whether that
passage is right, and the question's words that belong to one game, `referee.names.game_terms`).
From those rows `--fit` prints: the temperature of the game odds that gives the right game the
highest log-likelihood, how often the likeliest game is right against the odds it claims, with
and without a game's own word in the question, how often `ask` asks which game, and the
precision of "The book says" at bounds of the answer's confidence, with the game given and with
none.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np
from answer_quality import CHECKS, ROOT, load

from referee import store
from referee.indexer.answering.answer import ask
from referee.indexer.evaluate import hits_gold
from referee.indexer.memory.ranker import shipped_ranker
from referee.indexer.memory.reading import GAME_TEMPERATURE, game_scores, memory_of, question_terms, read_games
from referee.indexer.reader.reader import shipped_reader
from referee.indexer.search.searcher import Searcher
from referee.names import INFERRED, GameChoice, named_game
from referee.paths import default_db_path

BOUNDS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9)


def dev_items() -> list[dict]:
    items = []
    for path in sorted((ROOT / "data").glob("questions-*.jsonl")):
        if "checks" in path.name:
            continue
        kind = "silent" if "unanswerable" in path.name else "answerable"
        items += [{**i, "kind": kind, "set": path.stem} for i in load(path)]
    return items


def ask_all(db: Path, out: Path) -> None:
    searcher = Searcher(db)
    reader, ranker, memory = shipped_reader(), shipped_ranker(), memory_of(searcher)
    games = store.games(searcher.db)
    done = {json.loads(line)["id"] for line in out.read_text().splitlines()} if out.exists() else set()
    with out.open("a") as sink:
        for item in dev_items():
            if item["id"] in done:
                continue
            gold = item.get("gold") or []
            given = ask(searcher, item["q"], CHECKS.values(), GameChoice.given(item["game"]))
            first = given.answer[0].quote if given.answer else ""
            result = searcher.search(item["q"], INFERRED, limit=10)
            read, shares = read_games(searcher, reader, ranker, memory, result)
            scores = game_scores(read, result.likelihood, shares, ranker)
            games = {
                r.game: {
                    "score": scores[r.game],
                    "answerable": r.answerable,
                    "right": r.right,
                    "passage_right": bool(r.best and gold and hits_gold("", r.options[0].passage.quote, gold)),
                }
                for r in read
            }
            row = {
                "id": item["id"],
                "set": item["set"],
                "kind": item["kind"],
                "game": item["game"],
                "terms": question_terms(searcher, item["q"]),
                "named": named_game(item["q"], games) is not None,  # `ask` then answers from it: no odds
                "given": {
                    "answered": given.answered,
                    "confidence": given.confidence,
                    "right": bool(given.answered and gold and hits_gold("", first, gold)),
                },
                "games": games,
                "abstain_below": ranker.abstain_below,
            }
            sink.write(json.dumps(row) + "\n")
            sink.flush()


def odds(row: dict, temperature: float) -> dict[str, float]:
    scores = {g: v["score"] / temperature for g, v in row["games"].items()}
    top = max(scores.values())
    z = {g: math.exp(s - top) for g, s in scores.items()}
    total = sum(z.values())
    return {g: v / total for g, v in z.items()}


def fit(rows: list[dict]) -> None:
    # the game's odds are only ever given for a question that names no game
    answerable = [r for r in rows if r["kind"] == "answerable" and not r["named"]]
    temps = [round(t, 2) for t in np.arange(0.5, 8.01, 0.25)]

    def nll(group: list[dict], t: float) -> float:
        return -sum(math.log(max(odds(r, t).get(r["game"], 0.0), 1e-6)) for r in group) / max(1, len(group))

    worded = [r for r in answerable if r["terms"]]
    unworded = [r for r in answerable if not r["terms"]]
    fitted = {True: min(temps, key=lambda t: nll(worded, t)), False: min(temps, key=lambda t: nll(unworded, t))}
    print(
        f"{sum(r['kind'] == 'answerable' for r in rows)} answerable development questions ({len(answerable)} naming"
        f" no game), {sum(r['kind'] == 'silent' for r in rows)} silent ones"
    )
    print(
        f"game odds: temperature fit by log-likelihood of the right game: with a game's own word {fitted[True]}, "
        f"with none {fitted[False]} (the shipped GAME_TEMPERATURE: {GAME_TEMPERATURE})"
    )
    for named, group in (("a game's own word", worded), ("no game's word", unworded)):
        for label, t in (("at 1", 1.0), (f"at {fitted[bool(group[0]['terms'])] if group else 1}", None)):
            t = t or fitted[bool(group and group[0]["terms"])]
            claimed = [max(odds(r, t).values()) for r in group]
            right = [max(odds(r, t), key=odds(r, t).get) == r["game"] for r in group]
            print(
                f"  {named:<18} {label:>8} n={len(group):>3}: likeliest game right {np.mean(right):.2f}, "
                f"claimed {np.mean(claimed):.2f} (median {np.median(claimed):.2f}), "
                f"log-likelihood {-nll(group, t):.3f}"
            )
    best = fitted
    asked, kept = [], []
    for r in answerable:  # `ask` asks which game when the answering game has no word of its own in the question
        top = max(r["games"], key=lambda g: r["games"][g]["score"])
        (kept if r["terms"].get(top) else asked).append(top == r["game"])
    print(
        f"  asks which game for {len(asked)} of {len(answerable)}: the likeliest game right {np.mean(asked):.2f} "
        f"there, {np.mean(kept):.2f} for the {len(kept)} others"
    )
    print("\n'The book says' on the development sets: bound, said, right among them (given | none at 1 | none fitted)")
    for bound in BOUNDS:
        cells = []
        for mode in ("given", "none1", "nonefit"):
            said = []
            for r in rows:
                if mode == "given" or r["named"]:  # a question naming its game is answered from it
                    g = r["given"]
                    conf, answered, right = g["confidence"], g["answered"], g["right"]
                else:
                    o = odds(r, 1.0 if mode == "none1" else best[bool(r["terms"])])
                    top = max(o, key=o.get)
                    v = r["games"][top]
                    conf = v["answerable"] * v["right"] * o[top]
                    answered = v["answerable"] >= r["abstain_below"]
                    right = r["kind"] == "answerable" and top == r["game"] and v["passage_right"]
                if answered and conf >= bound:
                    said.append(right)
            cells.append(f"{len(said):>4} {np.mean(said) if said else float('nan'):.2f}")
        print(f"  {bound:>5}: " + " | ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--rows", type=Path, required=True)
    parser.add_argument("--fit", action="store_true")
    args = parser.parse_args()
    if not args.fit:
        ask_all(args.db or default_db_path(), args.rows)
    fit([json.loads(line) for line in args.rows.read_text().splitlines() if line.strip()])


if __name__ == "__main__":
    main()
