"""The web app in a real browser: Debian's chromium driven by Playwright, the server running in
this process over the test knowledge base. Few tests, each a thing a player does at the table."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from support.served import CHROMIUM, launch_chromium

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(indexed_db: Path, searcher):
    from support.served import ServedApp

    from referee.web.app import create_app
    from referee.web.backend import Settings

    with ServedApp(create_app(Settings(indexed_db, CORPUS), encoder=searcher.encoder)) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.fail("chromium is missing: `make browser` installs it (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = launch_chromium(playwright)
        yield launched
        launched.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)  # a loaded 2-core machine: a query can take seconds
    yield page
    context.close()


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_ask_as_you_type_shows_the_cited_quote_and_remembers_the_game(phone, site: str) -> None:
    phone.goto(site + "/")
    phone.select_option("#game", "takkure")
    phone.locator("#q").press_sequentially("Can I pass to a teammate level with me?", delay=5)  # no Enter: as you type
    quote = phone.locator("#results .answer blockquote").first
    quote.wait_for()
    expected = phone.request.get(site + "/api/ask?game=takkure&q=Can I pass to a teammate level with me?").json()
    assert quote.inner_text().strip() == expected["answer"][0]["quote"].strip()
    assert expected["answer"][0]["id"] in phone.locator("#results .answer .where").first.inner_text()
    assert "game=takkure" in phone.url  # the address carries the question: a shareable link
    assert no_horizontal_scroll(phone)

    phone.goto(site + "/")  # a new visit: the game picked before is still picked (kept in the browser)
    assert phone.locator("#game").input_value() == "takkure"


def test_open_a_rule_from_a_result_and_follow_its_links(phone, site: str) -> None:
    phone.goto(site + "/?game=rugby-world&q=How many points is a try worth?")
    phone.locator("#results a.answer").first.click()
    phone.wait_for_url(re.compile(r"/rugby-world/.+"))
    first_id = phone.locator("article.rule h1 .id").inner_text()
    assert phone.url.endswith(first_id.split("/", 1)[1]) and phone.locator(".verbatim").first.is_visible()
    assert no_horizontal_scroll(phone)

    link = phone.locator("section.links a[href^='/rugby-world/']").first
    target = link.get_attribute("href")
    link.click()
    phone.wait_for_url(re.compile(re.escape(target) + "$"))
    assert phone.locator("h1 .id").first.inner_text() != first_id


def test_settle_a_pass_by_tapping_two_points_on_the_pitch(phone, site: str) -> None:
    phone.goto(site + "/settle/pass-direction")
    board = phone.locator("[data-board] svg")
    box = board.bounding_box()
    figure = phone.locator("[data-board]")
    low, high, pad = (float(figure.get_attribute(f"data-{k}")) for k in ("low", "high", "pad"))
    size = high - low + 2 * pad

    def tap(x: float, y: float) -> None:  # a point of the pitch in the book's inches, y towards the try line
        board.tap(position={"x": (x - low + pad) / size * box["width"], "y": (high - y + pad) / size * box["height"]})

    tap(0, 0)  # the passer
    tap(6, 10)  # the receiver, 10 inches ahead
    phone.locator('#verdict [data-verdict="illegal"]').wait_for()
    assert phone.locator("#f-passer").input_value() == "0, 0"
    assert phone.locator("#f-receiver").input_value() == "6, 10"
    assert "ahead" in phone.locator("#verdict .explanation").first.inner_text()
    assert phone.locator("#verdict blockquote").first.inner_text().strip()  # the rule, quoted
    assert parse_qs(urlsplit(phone.url).query)["receiver"] == ["6, 10"]  # the settled dispute is a link

    tap(0, 0)  # passer again (the taps take turns), then the receiver behind
    tap(-4, -6)
    phone.locator('#verdict [data-verdict="legal"]').wait_for()
    assert "behind" in phone.locator("#verdict .explanation").first.inner_text()
    assert no_horizontal_scroll(phone)


def test_bad_input_shows_a_message(phone, site: str) -> None:
    phone.goto(site + "/settle/pass-direction")
    phone.fill("#f-passer", "here")
    phone.locator("#f-passer").dispatch_event("change")
    error = phone.locator("#verdict .error")
    error.wait_for()
    assert "fact 'passer'" in error.inner_text() and "\n" not in error.inner_text().strip()


def test_settle_a_whole_state_from_an_example_on_a_phone(phone, site: str) -> None:
    phone.goto(site + "/settle/state")
    phone.select_option("#example-choice", "takkure/pass-ahead")  # loads it in place, and settles it
    phone.wait_for_url(re.compile(r"example=takkure%2Fpass-ahead"))
    phone.locator('#verdict [data-verdict="illegal"]').wait_for()
    editor = phone.locator("#state")
    assert "#7 passes to #9" in editor.input_value() and "expect:" not in editor.input_value()

    editor.fill(editor.input_value().replace("at: [3, 2]", "at: [-3, -2]"))  # the receiver now stands behind
    phone.locator("#state-form button[type=submit]").click()
    phone.locator('#verdict [data-verdict="legal"]').wait_for()
    assert phone.locator("#verdict .step").count() >= 3  # direction, target, the roll: the chain
    assert phone.locator("#verdict .step blockquote").first.inner_text().strip()  # the rule, quoted
    drawing = phone.locator("#verdict .state-drawing img")
    assert drawing.evaluate("img => img.complete && img.naturalWidth > 0")  # the SVG drew
    assert drawing.bounding_box()["width"] <= PHONE["width"]
    assert no_horizontal_scroll(phone)

    editor.evaluate("area => { area.value = '#'.repeat(7000); }")  # past the body limit once form-encoded
    phone.locator("#state-form button[type=submit]").click()
    assert "too large" in phone.locator("#flash.error").inner_text()
    assert phone.locator('#verdict [data-verdict="legal"]').is_visible()  # the last ruling stays


def test_open_a_sheet_and_download_its_pdf(phone, site: str) -> None:
    phone.goto(site + "/sheets")
    phone.locator("a", has_text="View").first.click()
    phone.wait_for_url(re.compile(r"/sheets/[\w-]+$"))
    frame = phone.frame_locator("iframe.sheet")
    frame.locator("h1").wait_for(timeout=120_000)  # laying a page out takes seconds
    assert frame.locator("h2").count() >= 2  # the sheet's blocks, each with its heading
    assert no_horizontal_scroll(phone)
    pdf = phone.request.get(site + phone.locator("a", has_text="Download PDF").get_attribute("href"))
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf" and pdf.body()[:5] == b"%PDF-"


@pytest.mark.parametrize(
    "path", ["/", "/settle", "/settle/state", "/sheets", "/api/docs", "/takkure", "/takkure/2.01/7"]
)
def test_every_page_fits_a_phone(phone, site: str, path: str) -> None:
    phone.goto(site + path)
    assert no_horizontal_scroll(phone), path
