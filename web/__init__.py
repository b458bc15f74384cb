"""Referee in a browser: `referee serve`."""
