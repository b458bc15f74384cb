"""`referee train`: the reader rebuilt from the repository's own question sets, seed fixed.

1. Gather every question of data/reader/ through the real search (`.examples`).
2. The passage head ranks a question's candidates (train split, game given).
3. The answerable head separates answerable questions from the books' silences, over what the
   passage head's best candidate looks like; Platt scaling on dev makes both heads' logits
   probabilities, and the abstention threshold is the one that keeps abstention on dev's
   answerable questions at ABSTAIN_SHARE.
4. The check head says whether a check answers a question; its threshold is the lowest at which
   a settled check leads at most FALSE_LEAD_SHARE of dev's questions it does not settle.
5. How a game is chosen when the question names none (the temperature and the weight of the
   search's own odds), fit on dev's questions read in their likeliest games.
Test is never read here: `benchmarks/answer_quality.py` judges it.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from referee.errors import RefereeError
from referee.indexer.reader.checking import CHECK_FEATURES, read_checks
from referee.indexer.reader.choosing import rivals
from referee.indexer.reader.examples import SETS, Example, gather_examples, load_sets
from referee.indexer.reader.features import QUESTION_FEATURES
from referee.indexer.reader.fitting import fit_binary_head, fit_platt, fit_ranking_head, threshold_keeping
from referee.indexer.reader.heads import Head, Platt
from referee.indexer.reader.reader import READER_FILE, Reader
from referee.indexer.search.searcher import Searcher
from referee.paths import trained_dir
from referee.rules.checks import Check
from referee.validation.documents import load_json

ABSTAIN_SHARE = 0.04  # of dev's answerable questions (the target is at most 0.05)
FALSE_LEAD_SHARE = 0.015  # of dev's questions a check does not settle (the target is at most 0.02)
TEMPERATURES = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
PRIOR_WEIGHTS = (0.0, 0.25, 0.5, 1.0, 2.0)


@dataclass
class TrainReport:
    path: Path
    seconds: float
    examples: dict[str, int]
    figures: dict[str, float] = field(default_factory=dict)


def sets_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.jsonl")):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def _split(examples: list[Example], split: str, kinds: tuple[str, ...]) -> list[Example]:
    return [e for e in examples if e.split == split and e.kind in kinds]


def _passage_head(examples: list[Example], seed: int) -> Head:
    train = [e for e in _split(examples, "train", ("answerable", "near-miss")) if e.answerable]
    return fit_ranking_head([(e.gathered.features, e.targets) for e in train], seed=seed)


def _interim(passages: Head) -> Reader:
    """A reader with only its passage head, to read the candidates for the next heads."""

    def blank(n: int) -> Head:
        return Head(
            np.zeros(n, np.float32), np.ones(n, np.float32), ((np.zeros((n, 1), np.float32), np.zeros(1, np.float32)),)
        )

    return Reader(
        passages,
        blank(len(QUESTION_FEATURES)),
        blank(len(CHECK_FEATURES)),
        Platt(1.0, 0.0),
        Platt(1.0, 0.0),
        0.0,
        1.0,
        1.0,
    )


def _answerable_head(reader: Reader, examples: list[Example], seed: int) -> tuple[Head, Platt, Platt, float, dict]:
    def rows(split: str):
        chosen = _split(examples, split, ("answerable", "silent"))
        readings = [reader.read(e.gathered) for e in chosen]
        x = np.vstack([r.question for r in readings])
        y = np.array([e.kind == "answerable" for e in chosen])
        right = np.array(
            [
                bool(e.labels[r.order[r.quote]]) if r.quote is not None else False
                for e, r in zip(chosen, readings, strict=True)
            ]
        )
        top = np.array([r.logits[r.quote] if r.quote is not None else -10.0 for r in readings])  # the quote's
        return x, y, right, top

    x_train, y_train, _, _ = rows("train")
    head = fit_binary_head(x_train, y_train, seed=seed)
    x_dev, y_dev, right_dev, top_dev = rows("dev")
    answerable_calibration = fit_platt(head.logits(x_dev), y_dev)
    passage_calibration = fit_platt(top_dev[y_dev], right_dev[y_dev])
    odds = answerable_calibration(head.logits(x_dev))
    threshold = threshold_keeping(odds[y_dev], ABSTAIN_SHARE)
    figures = {
        "dev first quote right": float(right_dev[y_dev].mean()),
        "dev answerable abstained": float((odds[y_dev] < threshold).mean()),
        "dev silent abstained": float((odds[~y_dev] < threshold).mean()),
    }
    return head, answerable_calibration, passage_calibration, threshold, figures


def _check_rows(reader: Reader, searcher: Searcher, examples: list[Example], checks: list[Check], split: str):
    """(features, labels, question index, settled) per question x check of its game."""
    by_game: dict[str, list[Check]] = {}
    for check in checks:
        by_game.setdefault(check.game, []).append(check)
    chosen = _split(examples, split, ("answerable", "settles", "near-miss"))
    feats, labels, owners, settled, expected = [], [], [], [], []
    for n, e in enumerate(chosen):
        reading = reader.read(e.gathered)
        for c in read_checks(
            reader, searcher, by_game.get(e.item["game"], []), e.question, e.item["q"], e.hits, reading
        ):
            feats.append(c.features)
            labels.append(e.kind == "settles" and c.check.name == e.item["check"])
            owners.append(n)
            settled.append(not c.facts.missing)
        expected.append(e.kind)
    return np.vstack(feats), np.array(labels), np.array(owners), np.array(settled), np.array(expected)


def _check_head(reader: Reader, searcher: Searcher, examples: list[Example], checks: list[Check], seed: int):
    x, y, _, _, _ = _check_rows(reader, searcher, examples, checks, "train")
    head = fit_binary_head(x, y, seed=seed)
    x, y, owners, settled, expected = _check_rows(reader, searcher, examples, checks, "dev")
    odds = 1.0 / (1.0 + np.exp(-np.clip(head.logits(x), -40, 40)))
    best: dict[int, int] = {}
    for row, owner in enumerate(owners):
        if owner not in best or odds[row] > odds[best[owner]]:
            best[owner] = row
    tops = np.array(list(best.values()))
    wrong_lead = ~y[tops] & settled[tops]  # the check that would lead does not settle the question
    kinds = expected[owners[tops]]
    # the target: a verdict leads at most FALSE_LEAD_SHARE of players' questions no check settles
    players = kinds == "answerable"
    candidates = sorted(set(np.round(odds[tops], 3)))
    at = 1.0
    for t in candidates:
        if (wrong_lead & players & (odds[tops] >= t)).sum() <= FALSE_LEAD_SHARE * players.sum():
            at = float(t)
            break
    leads = odds[tops] >= at
    not_check = kinds != "settles"
    figures = {
        "dev checks: wrong leads on players' questions": float(
            (leads & wrong_lead & players).sum() / max(1, players.sum())
        ),
        "dev checks: wrong leads on near misses": float(
            (leads & wrong_lead & (kinds == "near-miss")).sum() / max(1, (kinds == "near-miss").sum())
        ),
        "dev checks: settled right leads": float(
            (leads & y[tops] & settled[tops] & ~not_check).sum() / max(1, (~not_check).sum())
        ),
        "dev checks: wrong leads on others": float((leads & wrong_lead & not_check).sum() / max(1, not_check.sum())),
    }
    return head, at, figures


def _game_choice(reader: Reader, examples: list[Example]) -> tuple[float, float]:
    """The temperature and prior weight under which dev's answerable questions, read in their
    likeliest games as `ask` reads them with no game named, give their own game the highest
    log-likelihood."""
    chosen = [
        e for e in _split(examples, "dev", ("answerable",)) if e.likelihood and e.item["game"] in rivals(e.likelihood)
    ]
    if not chosen:
        return 1.0, 1.0
    cases = []
    for e in chosen:
        readings = [reader.read(e.gathered)] + [reader.read(g) for g in e.rivals.values()]
        cases.append((readings, e.likelihood))
    grid = [(t, w) for t in TEMPERATURES for w in PRIOR_WEIGHTS]
    return max(grid, key=lambda tw: _own_game_log_likelihood(reader, cases, *tw))


def _own_game_log_likelihood(reader: Reader, cases: list, temperature: float, weight: float) -> float:
    trial = replace(reader, game_temperature=temperature, prior_weight=weight)
    total = 0.0
    for readings, prior in cases:
        odds = trial.game_odds(readings, prior)
        total += float(np.log(max(odds[readings[0].game], 1e-6)))  # the first reading is the own game's
    return total


SPLITS = ("train", "dev", "test")
MAX_SET_BYTES = 64 * 2**20


def validate_sets(sets: Path) -> None:
    """Every line of the question sets checked before anything is trained: UTF-8 text, one JSON
    object per line, with a question (`q`), its `game` and its `split`, and `gold` a list of strings."""
    for file in SETS.values():
        path = sets / file
        if not path.is_file():
            raise RefereeError(f"{path}: question set not found")
        data = path.read_bytes()
        if len(data) > MAX_SET_BYTES:
            raise RefereeError(f"{path}: larger than {MAX_SET_BYTES // 2**20} MB; not a question set")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RefereeError(f"{path}: not UTF-8 text (byte {exc.start})") from None
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                _question_line(load_json(line, f"{path}:{number}"), f"{path}:{number}")


def _question_line(item: object, where: str) -> None:
    if not isinstance(item, dict):
        raise RefereeError(f"{where}: a line is one JSON object (a question), not {type(item).__name__}")
    for key in ("q", "game", "split"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise RefereeError(f"{where}: {key!r} is missing or not text")
    if item["split"] not in SPLITS:
        raise RefereeError(f"{where}: split must be one of {', '.join(SPLITS)}, not {item['split'][:20]!r}")
    gold = item.get("gold", [])
    if gold is not None and not (isinstance(gold, list) and all(isinstance(g, str) for g in gold)):
        raise RefereeError(f"{where}: 'gold' must be a list of quotes (strings)")


def training_items(sets: Path, limit: int | None = None) -> list[dict]:
    """Train and dev lines of the sets (test is never read here); `limit` per kind, for trials."""
    validate_sets(sets)
    items = [i for i in load_sets(sets) if i["split"] in ("train", "dev")]
    if not limit:
        return items
    kept: dict[tuple[str, str], int] = {}
    out = []
    for item in items:
        key = (item["kind"], item["split"])
        if kept.get(key, 0) < limit:
            kept[key] = kept.get(key, 0) + 1
            out.append(item)
    return out


def train_reader(
    searcher: Searcher,
    checks: list[Check],
    sets: Path,
    out: Path | None = None,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    limit: int | None = None,
    examples: list[Example] | None = None,
) -> TrainReport:
    """The heads over `examples` (gathered from `sets` through `searcher` unless given), written to
    `out` (default: the user's data folder, never the package)."""
    out = out or trained_dir() / READER_FILE.name
    start = time.perf_counter()
    if examples is None:
        examples = gather_examples(searcher, training_items(sets, limit), progress)
    passages = _passage_head(examples, seed)
    interim = _interim(passages)
    answerable, answerable_calibration, passage_calibration, abstain_below, figures = _answerable_head(
        interim, examples, seed
    )
    check_head, check_at, check_figures = _check_head(interim, searcher, examples, checks, seed)
    temperature, prior_weight = _game_choice(interim, examples)
    all_figures: dict[str, float] = {**figures, **check_figures}
    meta = {
        "sets": sets_digest(sets),
        "seed": seed,
        "trained": time.strftime("%Y-%m-%d"),
        "examples": len(examples),
        "figures": all_figures,
    }
    reader = Reader(
        passages,
        answerable,
        check_head,
        passage_calibration,
        answerable_calibration,
        abstain_below,
        check_at,
        temperature,
        prior_weight,
        meta,
    )
    reader.save(out)
    counts = {
        kind: sum(1 for e in examples if e.kind == kind) for kind in ("answerable", "silent", "settles", "near-miss")
    }
    return TrainReport(out, time.perf_counter() - start, counts, all_figures)
