"""Answering: the passage that answers a question verbatim, the check a question states, how sure
the answer is, and when to say the book does not say (`referee.indexer.answering.answer.ask`)."""
