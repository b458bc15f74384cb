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
        stored = self._faiss.reconstruct_n(first, count)
        cosines = sum(share * (stored @ vector) for share, vector in zip(mix, vectors, strict=True))
        kinds = self.index.unit_kind[first : first + count]
        numbers = self.index.unit_sentence[first : first + count]
        whole = float(max((c for c, k in zip(cosines, kinds, strict=True) if k == 0), default=0.0))
        return whole, {int(n): float(c) for c, n, k in zip(cosines, numbers, kinds, strict=True) if k != 0}
