"""Retrieval: the offline embedding model, the vector index beside the database, BM25 over FTS5,
the word bridge across languages, and the Searcher that fuses them within or across games."""
