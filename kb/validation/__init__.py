"""Input checked at the edge: text that is valid UTF-8 and bounded, documents read safely.

The bottom layer with `referee.errors`: every other layer reads what a user gave through it."""
