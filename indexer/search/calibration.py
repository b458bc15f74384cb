"""How much lower the model scores a right answer when it is in another language.

Routing a question to a game compares the games' best scores. A multilingual model scores an
English question against the right Ukrainian sentence lower than against the same sentence in
English, while wrong answers score about the same in either language: left alone, every
English question routes away from the Ukrainian book. The gap is a property of the model and
the language pair, not of any rulebook, so it is measured on a small set of parallel probes
(generic rules written for this purpose in both languages, `indexer/data/crosslingual-probes.jsonl`):
gap(q > b) = mean over probes of cos(question in q, answer in q) - cos(question in q, answer in b).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from itertools import permutations
from pathlib import Path

import numpy as np

from referee.errors import RefereeError
from referee.indexer.search.encoder import Encoder

PROBES = Path(__file__).parent.parent / "data" / "crosslingual-probes.jsonl"  # referee.indexer package data
# The script each probe language is written in: how a question's language is told apart.
SCRIPTS = {"en": "LATIN", "uk": "CYRILLIC"}
DEFAULT_LANGUAGE = "en"


def load_probes(path: Path = PROBES) -> list[dict[str, dict[str, str]]]:
    """The probes; none when the file is absent (an install without `data/`): no calibration."""
    if not path.exists():
        return []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        probes = [json.loads(line) for line in lines if line.strip()]
    except (OSError, ValueError) as exc:
        raise RefereeError(f"{path}: cannot read the cross-language probes ({exc})") from None
    if not all(_is_probe(p) for p in probes):
        raise RefereeError(f"{path}: each line must be {{question: {{lang: text}}, answer: {{lang: text}}}}")
    return probes


def _is_probe(probe: object) -> bool:
    return isinstance(probe, dict) and all(
        isinstance(probe.get(side), dict) and all(isinstance(t, str) for t in probe[side].values())
        for side in ("question", "answer")
    )


def probes_digest(path: Path = PROBES) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16] if path.exists() else ""


def measure_gaps(encoder: Encoder, probes: list[dict[str, dict[str, str]]]) -> dict[str, float]:
    """{"en>uk": gap, ...} for every ordered pair of languages the probes are written in."""
    languages = sorted(set.intersection(*(set(p["question"]) & set(p["answer"]) for p in probes))) if probes else []
    questions = {lang: encoder.queries([p["question"][lang] for p in probes]) for lang in languages}
    answers = {lang: encoder.passages([p["answer"][lang] for p in probes]) for lang in languages}
    gaps = {}
    for asked, written in permutations(languages, 2):
        same = (questions[asked] * answers[asked]).sum(axis=1)
        other = (questions[asked] * answers[written]).sum(axis=1)
        gaps[f"{asked}>{written}"] = round(float(np.mean(same - other)), 4)
    return gaps


def script_of(text: str) -> str | None:
    """The script most of the letters are written in (LATIN, CYRILLIC, ...), None without letters."""
    counts: dict[str, int] = {}
    for char in text:
        if char.isalpha():
            script = unicodedata.name(char, "UNKNOWN").split(" ")[0]
            counts[script] = counts.get(script, 0) + 1
    return max(counts, key=counts.__getitem__) if counts else None


def question_language(text: str) -> str:
    """The probe language whose script the question is written in (English by default)."""
    script = script_of(text)
    return next((lang for lang, s in SCRIPTS.items() if s == script), DEFAULT_LANGUAGE)


def gap(gaps: dict[str, float], asked: str, written: str) -> float:
    """What a right answer in `written` loses against one in `asked`; 0 for unmeasured pairs."""
    return 0.0 if asked == written else gaps.get(f"{asked}>{written}", 0.0)
