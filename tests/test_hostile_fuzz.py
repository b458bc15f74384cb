"""The issue's state fuzz kept as a property (issue 27): any value at any key of an example state
settles or is one RefereeError, never another exception, and so is the state drawn."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.states.settle import settle_state_text
from referee.states.svg import render_state_svg

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
EXAMPLES = [
    {k: v for k, v in yaml.safe_load(p.read_text(encoding="utf-8")).items() if k != "expect"}
    for p in sorted(CORPUS.glob("*/states/*.yaml"))
]

HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**400), max_value=10**400),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["#7", "7", "me", "opponent", "attack", "defence", "", "-", "[1, 2]", "no"]),
    st.lists(st.one_of(st.integers(-5, 60), st.floats(-1e6, 1e6), st.text(max_size=3)), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(-5, 60), max_size=3),
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*path, index))


def _replaced(value, path, new):
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    inner = copy
    for step in path[:-1]:
        inner = inner[step]
    inner[path[-1]] = new
    return copy


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_value_anywhere_in_a_state_settles_or_is_one_refusal(checks, state_rules, data) -> None:
    example = data.draw(st.sampled_from(EXAMPLES))
    path = data.draw(st.sampled_from([p for p in _paths(example) if p and p[0] != "game"]))
    state = _replaced(example, path, data.draw(HOSTILE))
    try:
        text = json.dumps(state, ensure_ascii=data.draw(st.booleans()))
    except ValueError:
        return
    try:
        verdict, document = settle_state_text(checks, state_rules, text, "fuzz")
    except RefereeError as exc:
        assert "\n" not in str(exc).strip() and len(str(exc)) < 2000
        return
    render_state_svg(document, verdict)
