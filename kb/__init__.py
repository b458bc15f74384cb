"""Referee's domain: rule entries, the parser, the SQLite store."""
