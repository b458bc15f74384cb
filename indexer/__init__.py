"""Search and answering over the knowledge base (`referee.indexer.search`, `referee.indexer.answering`).

The checkout's `indexer/`, imported as `referee.indexer` (pyproject.toml's package-dir; docs/design.md, Layout).
"""
