"""The reader: a model trained on our own question sets that reads a question with each candidate
passage and decides which answers, whether the book answers at all, and whether a check does."""
