"""Search and answering over the knowledge base (`referee.indexer.search`, `referee.indexer.answering`)."""
