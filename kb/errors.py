"""Errors a user can cause (bad input), as opposed to bugs."""


class RefereeError(Exception):
    """A user mistake or a bad input file: the CLI prints it on one line and exits 2."""
