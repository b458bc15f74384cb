"""The whole-state page read by a player (phone review 3, tasks 5 and 7; #33): the headline verdict comes
first, above the form, once (the drawing below it draws the state, it does not say the verdict again); it
never contradicts the chain and shows no markdown; an example is named in a player's words; a state the
player settled is in the address."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import yaml
from markupsafe import escape

from referee.states.examples import example_states

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
TIRED = CORPUS / "takkure/states/score-a-try-tired.yaml"


def _tired(status: list[str]) -> str:
    document = yaml.safe_load(TIRED.read_text(encoding="utf-8"))
    document.pop("expect")
    document["pieces"]["7"]["status"] = status
    return yaml.safe_dump(document)


def _visible(page: str) -> str:
    """The page's text as a reader sees it: no tags, scripts or the drawing's data."""
    body = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_no_state_page_of_any_example_shows_a_backtick(web) -> None:
    for example in example_states(CORPUS):
        key = f"{example['game']}/{example['name']}"
        page = web.get("/settle/state", params={"example": key})
        assert page.status_code == 200, key
        assert "`" not in _visible(page.text), key


def test_every_example_state_has_a_players_title_not_a_file_name(web) -> None:
    examples = example_states(CORPUS)
    page = web.get("/settle/state", params={"example": "takkure/pass-ahead"}).text
    for example in examples:
        title, name = example["title"], example["name"]
        assert title and title.casefold() != name.replace("-", " ").casefold(), name  # its own, not the fallback
        assert not re.search(r"\b(readme|issue|example)\b|\w-\w+-\w", title, re.I), title  # no developer's label
        assert f">{escape(title)}</option>" in page
        assert "title:" not in example["text"]  # the label of where the player starts, not part of their state


def test_the_headline_comes_before_the_form_once_and_the_chain_after(web) -> None:
    page = web.post("/settle/state", data={"state": TIRED.read_text(encoding="utf-8")}).text
    headline, form, chain = page.index('id="verdict"'), page.index('id="state-form"'), page.index('id="chain"')
    assert headline < form < chain
    assert page.index('class="state-drawing"') > chain  # the drawing after the form, with the chain
    summary = re.search(r'<p class="summary">([^<]+)</p>', page).group(1)
    assert page.count(summary) == 1  # the verdict sentence once
    # what happens next: 4.04/8 follows from two steps (the roll succeeds; a try) and is quoted once
    after = page[page.index("What happens next") :]
    assert after.count('href="/takkure/4.04/8"') == 1
    assert "the roll succeeds; a try" in after


def test_an_extra_fact_the_state_gives_is_named_and_the_headline_says_what_the_rules_rule(web) -> None:
    active = web.post("/settle/state", data={"state": _tired(["active"])}).text
    text = _visible(active)
    assert "the rules say legal: scored" in text and "#7's status: active" in text and "check it yourself" in text
    assert "not settled" not in text and "`" not in text
    grounded = web.post("/settle/state", data={"state": _tired(["grounded"])}).text
    verdict = grounded[grounded.index('id="verdict"') : grounded.index('id="state-form"')]
    assert 'data-verdict="illegal"' in verdict and "not settled" not in _visible(verdict)
    assert "GROUNDED" in _visible(grounded)


def test_a_settled_state_is_in_the_address_and_the_address_shows_it_again(web) -> None:
    edited = _tired(["grounded"])
    posted = web.post(
        "/settle/state", data={"state": edited, "example": "takkure/score-a-try-tired"}, headers={"hx-request": "true"}
    )
    link = posted.headers["hx-push-url"]
    query = parse_qs(urlsplit(link).query)
    assert query["state"] == [edited] and query["example"] == ["takkure/score-a-try-tired"]
    again = web.get(link)
    assert again.status_code == 200 and 'data-verdict="illegal"' in again.text
    assert 'value="takkure/score-a-try-tired" selected' in again.text
    assert f'href="{escape(link)}"' in again.text  # its own link, to send to the table
    too_long = web.post("/settle/state", data={"state": edited + "# " + "a" * 7000}, headers={"hx-request": "true"})
    assert "hx-push-url" not in too_long.headers and "too long for a link" in too_long.text


def _first_example_of_each_game() -> list[dict]:
    firsts: dict[str, dict] = {}
    for example in example_states(CORPUS):
        firsts.setdefault(example["game"], example)
    return list(firsts.values())


def _section(page: str, start: str, end: str) -> str:
    at = page.index(start)
    return page[at : page.index(end, at)]


def test_a_top_level_key_the_game_refuses_is_one_line_and_never_offered_in_the_form(web) -> None:
    """Verdict-read did this for a piece's key (pieces.7.active); a key of the state itself is the same
    class: one line where the headline sits, the form built without it, the text sent kept to correct."""
    for example in _first_example_of_each_game():
        sent = example["text"].rstrip("\n") + "\nweather: sunny\n"
        page = web.post("/settle/state", data={"state": sent}).text
        verdict = _section(page, 'id="verdict"', "</section>")
        errors = re.findall(r'<p class="error"[^>]*>([^<]*)</p>', verdict)
        assert len(errors) == 1 and "no key &#39;weather&#39;" in errors[0], (example["name"], errors)
        assert page.index('id="verdict"') < page.index('id="state-form"'), example["name"]  # above the form
        assert "weather" not in _section(page, 'id="state-form"', "</form>"), example["name"]
        assert "weather: sunny" in _section(page, "<textarea", "</textarea>")


def test_a_players_name_the_game_refuses_under_a_tacocat_hand_is_never_offered(web) -> None:
    document = yaml.safe_load((CORPUS / "tacocat/states/cat-into-the-goal.yaml").read_text(encoding="utf-8"))
    document.pop("expect")
    document["hands"]["Third"] = [2]
    page = web.post("/settle/state", data={"state": yaml.safe_dump(document)}).text
    assert "not &#39;third&#39;" in _section(page, 'id="verdict"', "</section>")
    form = _section(page, 'id="state-form"', "</form>")
    assert "Third" not in form and "third" not in form and "hands" in form  # the rest of the hands still offered


def test_a_fact_the_check_does_not_take_is_one_line_first_and_never_offered(web) -> None:
    for query in ({"p": "3", "bogus": "1"}, {"passer": "10,30", "target": "13,29", "p": "3", "bogus": "1"}):
        page = web.get("/settle/pass", params=query)
        assert page.status_code == 400, query
        verdict = _section(page.text, 'id="verdict"', "</section>")
        errors = re.findall(r'<p class="error"[^>]*>([^<]*)</p>', verdict)
        assert len(errors) == 1 and "no fact &#39;bogus&#39;" in errors[0], (query, verdict)
        assert "To settle it" not in verdict  # the refusal first, not a missing fact's sentence over it
        assert 'name="bogus"' not in _section(page.text, 'id="settle"', "</form>")
    assert web.get("/settle/pass", params={"passer": "10,30", "target": "13,29", "p": "3"}).status_code == 200
