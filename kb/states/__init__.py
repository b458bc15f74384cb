"""Settling whole game states: a described situation read with the game's geometry, the checks of
its action run in rule order, the documented examples, and a drawing of the state."""
