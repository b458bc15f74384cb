"""The answer memory: players' questions already answered, each with the book's words that answer it."""
