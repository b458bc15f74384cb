"""What a player sees first from `referee ask`, on question sets nobody trained or tuned on.

    python benchmarks/answer_quality.py [--db FILE] [--out FILE.json] [--compare BEFORE.json] [--quick]

The sets: data/reader/'s test split (players' questions on sections no training question came
from, the books' silences, the check questions of held-out checks), its dev split with `--dev` (labelled:
the reader's calibrations and thresholds were fit there), and the older judging sets in data/
(questions-*.jsonl, never trained on). Each answerable question is asked with its game given and
with none. Per set and mode:

- first quote right: `ask` answers and its first quote holds a gold passage;
- on screen: a gold passage is in the first quote, the closest rule or a related rule;
- abstained: the share answered "the book does not say" (a cost on answerable sets, the goal on
  silent ones); said silent: the share worded "The book does not say" (an abstention may be
  worded "The book may not say": the closest rule may answer); wrong game: with none given, the
  answer is from another game;
- checks: a check's verdict leads and it is the right one (the expected check and verdict);
  false lead: a check's verdict leads a question no check settles;
- confidence: median for right answers, wrong ones and silent questions, and the AUROC of
  confidence for right against everything else (0.5: it tells nothing).

It uses only `ask`'s public contract (`Answer.to_json()`), so the same script measures an older
checkout: run it there with `--out before.json`, then here with `--compare before.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
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
READER_SETS = ROOT / "data" / "reader"
CHECKS = discover_checks(default_corpus_dir())


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def sets(quick: bool, dev: bool) -> dict[str, list[dict[str, Any]]]:
    """Set name -> items, each with its kind (answerable, silent, settles, near-miss)."""
    out: dict[str, list[dict[str, Any]]] = {}
    players, silent, checks = (load(READER_SETS / f) for f in ("players.jsonl", "silent.jsonl", "checks.jsonl"))
    for split in ("test", "dev") if dev else ("test",):
        label = "" if split == "test" else " (fit there)"
        out[f"players {split}{label}"] = [{**i, "kind": "answerable"} for i in players if i["split"] == split]
        out[f"silent {split}{label}"] = [{**i, "kind": "silent"} for i in silent if i["split"] == split]
        out[f"checks {split}{label}"] = [i for i in checks if i["split"] == split]
    judging = ROOT / "data" / "judging"  # written for judging only: never in the memory, never trained on
    for name, kind in (("judge-players", "answerable"), ("judge-silent", "silent"), ("judge-offtopic", "silent")):
        if (judging / f"{name}.jsonl").is_file():
            out[name] = [{**i, "kind": kind} for i in load(judging / f"{name}.jsonl")]
    for path in sorted((ROOT / "data").glob("questions-*.jsonl")):
        kind = "silent" if "unanswerable" in path.name else "settles" if "checks" in path.name else "answerable"
        out[path.stem] = [{**i, "kind": kind} for i in load(path)]
    if quick:
        out = {name: items[::5] for name, items in out.items()}
    return out


def asked(searcher: Searcher, item: dict[str, Any], game: str | None) -> dict[str, Any]:
    choice = choose_game(store.games(searcher.db), item["q"], given=game)
    return ask(searcher, item["q"], CHECKS.values(), choice).to_json()


def check_right(check: dict[str, Any] | None, item: dict[str, Any]) -> bool:
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


def outcome(item: dict[str, Any], answer: dict[str, Any], mode: str) -> dict[str, Any]:
    """What this answer counts for, and its confidence with whether it was right."""
    kind = item["kind"]
    leads = bool(answer["check"] and answer["check"].get("settled"))
    first = (answer["answer"] or [{"quote": ""}])[0]["quote"]
    if kind == "silent":
        return {
            "abstained": not answer["answered"],
            # the words "The book does not say" (an abstention may be said as "may not say": `sureness`)
            "said silent": answer.get("sureness", "silent" if not answer["answered"] else "") == "silent",
            "_right": False,
            "_confidence": answer["confidence"],
            "_silent": 1,
        }
    if kind == "settles":
        return {"check right": check_right(answer["check"], item)}
    if kind == "near-miss":
        return {"false lead": leads}
    shown = [first] + [c["quote"] for c in answer["closest"] + answer["related"] + answer["clarified_by"]]
    right = answer["answered"] and hits_gold("", first, item["gold"])
    choices = [c["quote"] for c in answer.get("choices", [])]
    out = {
        "first quote right": right,
        "first or a choice": right or (answer["answered"] and any(hits_gold("", q, item["gold"]) for q in choices)),
        "offered choices": bool(choices),
        "on screen": any(hits_gold("", q, item["gold"]) for q in shown if q),
        "abstained": not answer["answered"],
        "said silent": answer.get("sureness", "silent" if not answer["answered"] else "") == "silent",
        "a check leads": leads,
        "_right": right,
        "_confidence": answer["confidence"],
        "_silent": 0,
    }
    if mode == "none":
        out["wrong game"] = answer["game"] != item["game"]
    return out


def run(searcher: Searcher, quick: bool, dev: bool, only: str | None = None) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name, items in sets(quick, dev).items():
        if only and not any(part in name for part in only.split(",")):
            continue
        modes = ("given",) if items and items[0]["kind"] in ("settles", "near-miss") else ("given", "none")
        for mode in modes:
            rows = [outcome(i, asked(searcher, i, i["game"] if mode == "given" else None), mode) for i in items]
            results[f"{name} [{mode}]"] = rows
            print(f"  {name} [{mode}]: {len(rows)} questions", flush=True)
    return results


def learning(searcher: Searcher) -> dict[str, float]:
    """The 20 rephrased judging questions: each asked, its right passage kept as a tap would keep
    it (the passage shown that holds the gold, else the gold's sentence), then asked again in
    other words (`q2`) with the game given: is the first quote right now? Before: `q2` asked with
    nothing kept. Skipped (empty) where `ask` cannot learn (an older checkout)."""
    path = ROOT / "data" / "judging" / "judge-rephrased.jsonl"
    try:
        from referee.books.text import sentences
        from referee.indexer.memory.learning import remember
    except ImportError:
        return {}
    items = load(path) if path.is_file() else []
    before = [
        bool(
            outcome(
                {**i, "kind": "answerable", "q": i["q2"]}, asked(searcher, {**i, "q": i["q2"]}, i["game"]), "given"
            )["first quote right"]
        )
        for i in items
    ]
    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("XDG_DATA_HOME")
        os.environ["XDG_DATA_HOME"] = home
        try:
            after = []
            for i in items:
                answer = asked(searcher, i, i["game"])
                shown = [*answer["answer"], *answer.get("choices", []), *answer["closest"], *answer["related"]]
                hit = next((c for c in shown if hits_gold("", c["quote"], i["gold"])), None)
                if hit is None:
                    text = store.entries_by_ids(searcher.db, [i["entry"]])[i["entry"]].text
                    quote = next((x for x in sentences(text) if hits_gold("", x, i["gold"])), text)
                    hit = {"id": i["entry"], "quote": quote}
                remember(searcher.db, i["q"], hit["id"], hit["quote"])
                again = asked(searcher, {**i, "q": i["q2"]}, i["game"])
                after.append(bool(outcome({**i, "kind": "answerable"}, again, "given")["first quote right"]))
        finally:
            if old is None:
                os.environ.pop("XDG_DATA_HOME", None)
            else:
                os.environ["XDG_DATA_HOME"] = old
    n = max(1, len(items))
    return {
        "rephrased, nothing kept": sum(before) / n,
        "rephrased, after a tap": sum(after) / n,
        "n": float(len(items)),
    }


def figures(rows: list[dict[str, Any]]) -> dict[str, float]:
    keys = sorted({k for r in rows for k in r if not k.startswith("_")})
    out: dict[str, float] = {}
    for k in keys:
        counted = [bool(r[k]) for r in rows if k in r]
        out[k], out[f"n {k}"] = sum(counted) / max(1, len(counted)), float(len(counted))
    return {**out, "n": float(len(rows))}


def pooled(sets: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    """The older judging sets together, per kind and mode: each figure weighted by its count."""
    groups: dict[str, list[dict[str, float]]] = {}
    for name, figs in sets.items():
        if not name.startswith("questions-"):
            continue
        kind = "silent" if "unanswerable" in name else "checks" if "checks" in name else "answerable"
        groups.setdefault(f"older {kind} sets, pooled {name[name.index('[') :]}", []).append(figs)
    out = {}
    for name, members in groups.items():
        keys = {k for m in members for k in m if not k.startswith("n")}
        out[name] = {}
        for k in sorted(keys):
            n = sum(m.get(f"n {k}", m["n"]) for m in members if k in m)
            out[name][k] = sum(m[k] * m.get(f"n {k}", m["n"]) for m in members if k in m) / max(1, n)
            out[name][f"n {k}"] = n
        out[name]["n"] = sum(m["n"] for m in members)
    return out


def confidence_table(results: dict[str, Any], on: str) -> dict[str, float]:
    """Over the answerable and silent sets of `on` (test or the older sets): medians and AUROC."""
    rows = [r for name, rs in results.items() if on in name for r in rs if "_confidence" in r]
    right = [r["_confidence"] for r in rows if r["_right"]]
    wrong = [r["_confidence"] for r in rows if not r["_right"] and not r["_silent"]]
    silent = [r["_confidence"] for r in rows if r["_silent"]]
    others = wrong + silent
    pairs = sum((a > b) + 0.5 * (a == b) for a in right for b in others)
    return {
        "median right": statistics.median(right) if right else float("nan"),
        "median wrong": statistics.median(wrong) if wrong else float("nan"),
        "median silent": statistics.median(silent) if silent else float("nan"),
        "AUROC right vs rest": pairs / max(1, len(right) * len(others)),
    }


def summary(results: dict[str, Any]) -> dict[str, Any]:
    return {
        "sets": {name: figures(rows) for name, rows in results.items()},
        "confidence": {on: confidence_table(results, on) for on in ("test [", "questions-", "judge-")},
    }


def print_summary(now: dict[str, Any], before: dict[str, Any] | None) -> None:
    header = f"{'set [game]':<44} {'figure':<18} {'before':>7} {'now':>7} {'n':>5}"
    print(header + "\n" + "-" * len(header))
    old_sets = (before or {}).get("sets", {})
    rows = {**now["sets"], **pooled(now["sets"])}
    old_rows = {**old_sets, **pooled(old_sets)}
    for name, figs in rows.items():
        old = old_rows.get(name, {})
        for key, value in figs.items():
            if key.startswith("n"):
                continue
            was = f"{old[key]:.2f}" if key in old else "—"
            print(f"{name:<44} {key:<18} {was:>7} {value:>7.2f} {int(figs.get(f'n {key}', figs['n'])):>5}")
    for key, value in now.get("learning", {}).items():
        if key != "n":
            print(f"{'learning (judge-rephrased)':<44} {key:<18} {'—':>7} {value:>7.2f} {int(now['learning']['n']):>5}")
    for on, table in now["confidence"].items():
        old = (before or {}).get("confidence", {}).get(on, {})
        for key, value in table.items():
            was = f"{old[key]:.2f}" if key in old else "—"
            print(f"{'confidence on ' + on.strip(' [-'):<44} {key:<18} {was:>7} {value:>7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--out", type=Path, help="write the figures as JSON (to compare a later run with)")
    parser.add_argument("--compare", type=Path, help="figures of an earlier run (--out) to print beside")
    parser.add_argument("--quick", action="store_true", help="every fifth question")
    parser.add_argument("--only", help="only the sets whose names hold one of these comma-separated words")
    parser.add_argument(
        "--dev", action="store_true", help="also the dev split (the reader's calibrations were fit there)"
    )
    args = parser.parse_args()
    searcher = Searcher(args.db or default_db_path())
    start = time.perf_counter()
    now = summary(run(searcher, args.quick, args.dev, args.only))
    if not args.only or "learn" in args.only:
        now["learning"] = learning(searcher)
    now["seconds"] = round(time.perf_counter() - start, 1)
    before = json.loads(args.compare.read_text()) if args.compare else None
    print_summary(now, before)
    if args.out:
        args.out.write_text(json.dumps(now, indent=1))


if __name__ == "__main__":
    main()
