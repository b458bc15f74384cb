"""Errors a user can cause (bad input), as opposed to bugs."""


class RefereeError(Exception):
    """A user mistake or a bad input file: the CLI prints it on one line and exits 2."""


class UnknownKey(RefereeError):
    """A key the game's reader refuses (`active` under a Takkure player): where it is in the document
    (`pieces.7`) and the key, so a form built from the refused state can leave the key out."""

    def __init__(self, message: str, path: str, key: str) -> None:
        super().__init__(message)
        self.path = path
        self.key = key
