"""A question's cosines with each unit of one entry, read back from the stored vectors (no search)."""

from __future__ import annotations

import numpy as np

from referee.indexer.search.index import LoadedIndex


class UnitCosines:
    """The question's cosine with every unit of an entry, read from the stored vectors."""

    def __init__(self, index: LoadedIndex) -> None:
        self.index = index
        entries, first, count = np.unique(index.unit_entry, return_index=True, return_counts=True)
        self.units = {int(e): (int(f), int(c)) for e, f, c in zip(entries, first, count, strict=True)}
        self._faiss = index.faiss
        self._read: dict[int, np.ndarray] = {}
        self._asked: tuple[tuple, dict[int, tuple[float, dict[int, float]]]] = ((), {})
        if hasattr(self._faiss, "nprobe"):  # an IVF index reconstructs only with a direct map
            import faiss  # torch-free but heavy: only when an IVF index is read back

            faiss.extract_index_ivf(self._faiss).make_direct_map()

    def of_entry(
        self, entry_position: int, vectors: list[np.ndarray], mix: list[float]
    ) -> tuple[float, dict[int, float]]:
        """(whole-entry cosine, sentence number -> cosine), mixed over the question's vectors."""
        first, count = self.units.get(entry_position, (0, 0))
        if not count:
            return 0.0, {}
        # one ask reads the same entries again and again (its passages for the ranker and the
        # reader, every check's cited rules): kept for the last question's vectors, by value
        asked = (tuple((v.dtype.str, v.tobytes()) for v in vectors), tuple(mix))
        memo = self._asked  # this thread's own look: another question may replace it meanwhile
        if memo[0] != asked:
            memo = self._asked = (asked, {})
        known = memo[1].get(entry_position)
        if known is None:
            known = memo[1][entry_position] = self._cosines(entry_position, first, count, vectors, mix)
        return known[0], dict(known[1])

    def _cosines(
        self, entry_position: int, first: int, count: int, vectors: list[np.ndarray], mix: list[float]
    ) -> tuple[float, dict[int, float]]:
        stored = self._stored(entry_position, first, count)
        cosines = sum(share * (stored @ vector) for share, vector in zip(mix, vectors, strict=True))
        kinds = self.index.unit_kind[first : first + count]
        numbers = self.index.unit_sentence[first : first + count]
        whole_units = kinds == 0
        whole = float(cosines[whole_units].max()) if whole_units.any() else 0.0
        per_sentence = ~whole_units
        return whole, dict(zip(numbers[per_sentence].tolist(), cosines[per_sentence].tolist(), strict=True))

    def _stored(self, entry_position: int, first: int, count: int) -> np.ndarray:
        """An entry's stored vectors, read back from FAISS once per process: an ask reads the same
        entries' units again and again (its passages, the reader's, every check's cited rules)."""
        stored = self._read.get(entry_position)
        if stored is None:
            stored = self._read[entry_position] = self._faiss.reconstruct_n(first, count)
        return stored
