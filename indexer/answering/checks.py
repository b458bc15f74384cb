"""The `referee check` command a question's check is settled by, with the facts read filled in.

Which check answers a question, and with which facts, is the reader's (`referee.indexer.reader
.checking`); this is how the answer spells the command a player can run or complete.
"""

from __future__ import annotations

import shlex
from typing import Any

from referee.rules.checks import Check
from referee.rules.facts import Fact


def command_for(check: Check, facts: dict[str, Any], missing: list[Fact]) -> str:
    parts = ["referee", "check", "--check", check.name]
    for name, value in facts.items():
        parts += ["--fact", f"{name}={_as_fact(value)}"]
    for fact in missing:
        parts += ["--fact", f"{fact.name}=<{fact.help}>"]
    return " ".join(shlex.quote(p) if "<" not in p else f"'{p}'" for p in parts)


def _as_fact(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)
