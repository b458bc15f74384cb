"""What a player sees from `referee ask`: today's ask against the first wave's, in one run.

    .venv/bin/python benchmarks/answer_quality.py [--records FILE] [SET ...]

With no SET, every question set in data/: the answerable ones (questions-*.jsonl with gold
passages), the unanswerable ones (questions-unanswerable-*.jsonl, empty gold) and the
check-backed ones (questions-checks-*.jsonl). It prints, per set:

- first quote holds a gold passage (the eval README's normalisation), with the game given and
  with none; an abstention counts as a miss;
- wrong game: with no game given, the answer comes from another game than the question's;
- abstention: on the unanswerable sets, recall (share abstained); on the answerable ones, the
  share abstained (which costs precision);
- check-backed: the share of check questions whose answer carries the right check result.

The baseline is the first wave's `ask`, kept here as it was: the first normative entry of the
first result's game, quoted by its best passage (a table, procedure, FAQ or card whole); it
never abstains and runs no check. `--records` writes one JSON line per question and mode
(the features of `indexer.confidence` included), which `benchmarks/fit_confidence.py` reads.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from referee import store
from referee.indexer.answering.answer import ask
from referee.indexer.evaluate import hits_gold
from referee.indexer.search.searcher import Searcher
from referee.names import choose_game
from referee.paths import default_corpus_dir, default_db_path
from referee.rules.loading import discover_checks

ROOT = Path(__file__).resolve().parent.parent


WHOLE = frozenset({"table", "procedure", "faq", "card"})
CHECKS = discover_checks(default_corpus_dir())  # the corpus's checks, as the CLI loads them


def baseline_ask(searcher: Searcher, question: str, game: str | None) -> dict[str, Any]:
    """The first wave's ask: no abstention, no check, the first result's game."""
    result = searcher.search(question, choose_game(store.games(searcher.db), question, given=game), limit=10)
    hits = [h for h in result.hits if h.entry.game == result.game]
    best = ([h for h in hits if h.entry.normative] or hits)[0]
    entry = best.entry
    short = entry.kind in WHOLE or not best.passage or len(best.passage) < 40
    return {"game": result.game, "answered": True, "quote": entry.text if short else best.passage, "check": None}


def referee_ask(searcher: Searcher, question: str, game: str | None) -> dict[str, Any]:
    choice = choose_game(store.games(searcher.db), question, given=game)
    answer = ask(searcher, question, CHECKS.values(), choice).to_json()
    shown = (answer["answer"] or answer["closest"] or [{"quote": ""}])[0]
    return {
        "game": answer["game"],
        "answered": answer["answered"],
        "quote": shown["quote"] if answer["answered"] else "",
        "closest": shown["quote"],
        "confidence": answer["confidence"],
        "evidence": answer["evidence"],
        "check": answer["check"],
    }


SYSTEMS = {"first wave": baseline_ask, "Referee": referee_ask}


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def kind_of(path: Path) -> str:
    if "unanswerable" in path.name:
        return "unanswerable"
    return "checks" if "checks" in path.name else "answerable"


def check_right(check: dict[str, Any] | None, item: dict[str, Any]) -> bool:
    """The check the question calls for, with the expected verdict and value (the keys the
    question's author settled, when the value is an object)."""
    if not check or not check.get("settled") or check["result"]["check"] != item["check"]:
        return False
    result, expect = check["result"], item["expect"]
    if result["verdict"] != expect["verdict"]:
        return False
    if "value" not in expect:
        return True
    value = result.get("value")
    if isinstance(expect["value"], dict) and isinstance(value, dict):
        return all(value.get(k) == v for k, v in expect["value"].items())
    return value == expect["value"]


def run_set(searcher: Searcher, path: Path, records, totals: dict) -> list[str]:
    items = load(path)
    kind = kind_of(path)
    lines = []
    for system, answer in SYSTEMS.items():
        tally: dict[str, list[bool]] = {}
        for item in items:
            modes = [("given", item.get("game")), ("none", None)] if item.get("game") else [("none", None)]
            if kind == "checks":
                modes = modes[:1]
            for mode, game in modes:
                got = answer(searcher, item["q"], game)
                outcome = _score(kind, item, got)
                for key, value in outcome.items():
                    if key == "wrong game" and mode == "given":
                        continue
                    tally.setdefault(f"{key} ({mode})", []).append(value)
                    totals.setdefault((system, kind, f"{key} ({mode})"), []).append(value)
                if records is not None and system == "Referee":
                    records.write(json.dumps({"set": path.name, "id": item["id"], "kind": kind, "mode": mode,
                                              **outcome, **got}, ensure_ascii=False) + "\n")  # fmt: skip
        for key, values in tally.items():
            lines.append(f"{path.stem:<30} {system:<12} {key:<28} {sum(values) / len(values):>6.2f} {len(values):>4}")
    return lines


def _score(kind: str, item: dict[str, Any], got: dict[str, Any]) -> dict[str, bool]:
    if kind == "unanswerable":
        return {"abstained": not got["answered"]}
    if kind == "checks":
        return {"check right": check_right(got["check"], item)}
    outcome = {
        "first quote holds gold": hits_gold("", got["quote"], item["gold"]),
        "abstained": not got["answered"],
        "wrong game": got["game"] != item["game"],
    }
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", type=Path)
    parser.add_argument("--records", type=Path, help="write one JSON line per question and mode")
    parser.add_argument("--no-baseline", action="store_true", help="only today's ask (for --records)")
    args = parser.parse_args()
    if args.no_baseline:
        del SYSTEMS["first wave"]
    sets = args.sets or sorted((ROOT / "data").glob("questions-*.jsonl"))
    searcher = Searcher(default_db_path())
    records = args.records.open("w", encoding="utf-8") if args.records else None
    header = f"{'set':<30} {'system':<12} {'figure':<28} {'share':>6} {'n':>4}"
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    totals: dict[tuple[str, str, str], list[bool]] = {}
    for path in sets:
        for line in run_set(searcher, path, records, totals):
            print(line, flush=True)
    if records:
        records.close()
    print(f"\nAll sets together ({time.perf_counter() - start:.0f} s):")
    for (system, kind, key), values in sorted(totals.items()):
        print(f"{kind:<14} {system:<12} {key:<28} {sum(values) / len(values):>6.2f} {len(values):>4}")
    for system in SYSTEMS:
        print(f"{system}: abstention {_precision_recall(totals, system)}")


def _precision_recall(totals: dict, system: str) -> str:
    """Abstention as a classifier of unanswerable questions, over every set and mode."""
    right = sum(sum(v) for (s, k, key), v in totals.items() if s == system and k == "unanswerable")
    unanswerable = sum(len(v) for (s, k, key), v in totals.items() if s == system and k == "unanswerable")
    wrong = sum(sum(v) for (s, k, key), v in totals.items() if s == system and k == "answerable" and "abstained" in key)
    abstained = right + wrong
    precision = f"{right / abstained:.2f}" if abstained else "n/a (never abstains)"
    return f"precision {precision}, recall {right / max(1, unanswerable):.2f} ({right} of {unanswerable})"


if __name__ == "__main__":
    main()
