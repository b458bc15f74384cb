"""The web app in a real browser on a phone: Debian's chromium driven by Playwright, 390 px wide,
the server running in this process over the test knowledge base. Each test is a thing a player
does at the table, and asserts what is on the screen."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pypdfium2
import pytest
from support.served import CHROMIUM, launch_chromium

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
PHONE = {"width": 390, "height": 844}
SHEET_MADE_MS = 400_000  # a sheet laid out on a loaded 2-core machine: a minute or more
FINGER = 44  # px: the smallest target a finger hits (WCAG 2.5.5, Apple's and Google's guidelines)


class ServerLog(logging.Handler):
    """What the server logs while the browser tests run (warnings and worse): read by the last test."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


SERVER_LOG = ServerLog()
LOGGERS = ("", "uvicorn")  # the app's own (referee.web, to the root) and uvicorn's, which stops there


@contextmanager
def served(indexed_db: Path, searcher, learn: bool = False) -> Iterator[str]:
    """The app served over the test knowledge base, what it logs kept in SERVER_LOG."""
    from support.served import ServedApp

    from referee.web.app import create_app
    from referee.web.backend import Settings

    with ServedApp(create_app(Settings(indexed_db, CORPUS, learn=learn), encoder=searcher.encoder)) as url:
        for name in LOGGERS:  # after uvicorn configured its loggers (each server configures them anew)
            logging.getLogger(name).addHandler(SERVER_LOG)
        try:
            yield url
        finally:
            for name in LOGGERS:
                logging.getLogger(name).removeHandler(SERVER_LOG)


@pytest.fixture(scope="module")
def site(indexed_db: Path, searcher):
    with served(indexed_db, searcher) as url:
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


def in_view(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_ask_as_you_type_shows_the_cited_quote_and_remembers_the_game(phone, site: str) -> None:
    phone.goto(site + "/")
    phone.select_option("#game", "takkure")
    phone.locator("#q").press_sequentially(
        "Can I pass to a teammate who is ahead of me?", delay=5
    )  # no Enter: as you type
    quote = phone.locator("#results .answer blockquote").first
    quote.wait_for()
    expected = phone.request.get(site + "/api/ask?game=takkure&q=Can I pass to a teammate who is ahead of me?").json()
    assert quote.inner_text().strip() == expected["answer"][0]["quote"].strip()
    assert expected["answer"][0]["id"] in phone.locator("#results .answer .where").first.inner_text()
    assert "game=takkure" in phone.url  # the address carries the question: a shareable link
    assert no_horizontal_scroll(phone)

    phone.goto(site + "/")  # a new visit: the game picked before is still picked (kept in the browser)
    assert phone.locator("#game").input_value() == "takkure"


def test_picking_a_game_before_typing_says_nothing_and_after_asks_again(phone, site: str) -> None:
    # phone review 5, task 21: choosing a game first flashed "the question is empty"
    phone.goto(site + "/")
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url) if "game=" in request.url else None)
    phone.select_option("#game", "tacocat")
    phone.wait_for_timeout(800)  # htmx asks at once on a trigger: long enough to have seen it
    assert asked == [] and phone.locator("#results .error").count() == 0
    phone.locator("#q").fill("How many cards does each player get?")
    phone.locator("#ask button[type=submit]").click()
    phone.wait_for_url(re.compile(r"game=tacocat"))
    phone.select_option("#game", "takkure")  # a question in the box: the new game answers it
    phone.wait_for_url(re.compile(r"game=takkure"))
    assert phone.locator("#results .error").count() == 0


def test_read_a_table_row_with_its_column_names(phone, site: str) -> None:
    phone.goto(site + "/?game=takkure&q=What is the modifier for a 6 inch pass?")
    row = phone.locator("#results .answer dl.row").first
    row.wait_for()
    names = row.locator("dt").all_inner_texts()
    cells = row.locator("dd").all_inner_texts()
    assert names == ["Distance", "Modifier"] and cells == ['4" to 8"', "0"]  # not "4\" to 8\"0"
    assert "Pass modifiers" in phone.locator("#results .answer .caption").first.inner_text()
    phone.goto(site + "/?game=takkure&q=What do I need to roll to score a try with 2 fatigue tokens?")
    hint = phone.locator("#results .check-hint").inner_text()
    assert "second BaC value" in hint and "bac_try" not in hint  # the fact in words, not its key

    phone.goto(site + "/rugby-world/2f/10")  # a four-column table of sentences: stacked, each cell under its name
    cell = phone.locator("table td").nth(1)
    label = cell.evaluate("td => getComputedStyle(td, '::before').content")
    assert "Within 22 m of the posts" in label
    assert cell.evaluate("td => getComputedStyle(td).overflowWrap") == "normal"  # words are not broken
    assert no_horizontal_scroll(phone)


def test_follow_a_citation_from_a_sheet_to_its_rule(phone, site: str) -> None:
    phone.goto(site + "/sheets/ta-ke")  # the sheet is made by its own process: its progress until then
    sheet = phone.locator("article.sheet")
    sheet.wait_for(timeout=SHEET_MADE_MS)
    assert sheet.locator("h2").count() >= 4
    assert "Most disputed" in sheet.locator("h2").all_inner_texts()
    citation = sheet.locator("sup.n a").nth(min(5, sheet.locator("sup.n a").count() - 1))
    target = citation.get_attribute("href")
    assert target.startswith("/ta-ke/") and target.endswith("?from=sheet")
    citation.scroll_into_view_if_needed()
    scrolled = phone.evaluate("scrollY")
    citation.tap()
    phone.wait_for_url(re.compile(re.escape(target) + "$"))
    assert phone.locator("article.rule .meta .id").first.inner_text() == target.split("?")[0].lstrip("/")
    assert phone.locator("article.rule .verbatim").first.is_visible()
    assert no_horizontal_scroll(phone)
    # phone review 4, task 15: the rule page opened from a sheet links back to it, where the player was
    back = phone.locator("a[data-back]")
    assert back.inner_text().strip() == "‹ Back to the sheet" and in_view(back)
    back.tap()
    phone.wait_for_url(re.compile(r"/sheets/ta-ke$"))
    sheet.wait_for()
    phone.wait_for_function("y => Math.abs(scrollY - y) <= 60", arg=scrolled)
    phone.goto(site + target.split("?")[0])  # the same rule opened any other way: no link to a sheet
    assert phone.locator("a[data-back]").count() == 0


def test_settle_a_pass_by_tapping_two_points_on_the_pitch(phone, site: str) -> None:
    phone.goto(site + "/settle/pass-direction")
    board = phone.locator("[data-board] svg")
    figure = phone.locator("[data-board]")
    low, high, pad = (float(figure.get_attribute(f"data-{k}")) for k in ("low", "high", "pad"))
    x0, y0, side, _ = (float(v) for v in board.get_attribute("viewBox").split())
    assert side < high - low  # opened zoomed to the pieces: a finger's width is a few inches, not 20
    box = board.bounding_box()
    assert box["width"] / side >= 15  # at least 15 px an inch on a phone

    def tap(x: float, y: float) -> None:  # a point of the pitch in the book's inches, y towards the try line
        sx, sy = x - low + pad, high - y + pad
        board.tap(position={"x": (sx - x0) / side * box["width"], "y": (sy - y0) / side * box["height"]})

    def pick(name: str) -> None:
        phone.locator(f'[data-place="{name}"]').tap()

    note = phone.locator("#example-note")
    assert note.is_visible() and note.inner_text().startswith("Example:")  # the ruling is the book's example's
    tap(10, 20)  # the passer (picked when the page opens)
    pick("receiver")
    tap(12, 24)  # the receiver, 4 inches ahead
    phone.locator('#verdict [data-verdict="illegal"]').wait_for()
    assert note.is_hidden()  # the facts are the player's now
    assert phone.locator("#f-passer").input_value() == "10, 20"
    assert phone.locator("#f-receiver").input_value() == "12, 24"
    bar = phone.locator("#verdict-bar")
    assert in_view(bar) and "illegal" in bar.inner_text().lower()  # the verdict stays in view after the tap
    assert "ahead" in phone.locator("#verdict .explanation").first.inner_text()
    assert parse_qs(urlsplit(phone.url).query)["receiver"] == ["12, 24"]  # the settled dispute is a link

    tap(8, 17)  # the receiver, still picked, now behind
    phone.locator('#verdict [data-verdict="legal"]').wait_for()
    assert "legal" in bar.inner_text().lower() and in_view(bar)
    assert "behind" in phone.locator("#verdict .explanation").first.inner_text()
    assert no_horizontal_scroll(phone)


def test_a_missing_fact_is_asked_for_in_a_sentence_and_a_bad_one_is_one_line(phone, site: str) -> None:
    phone.goto(site + "/settle/score-a-try-target?fatigue_tokens=2")
    ask = phone.locator("#verdict .ask-more")
    assert ask.inner_text() == "To settle it, give the carrier's second BaC value."
    assert phone.locator("#verdict .error").count() == 0
    phone.fill("#f-bac_try", "7")
    phone.locator("#f-bac_try").dispatch_event("change")
    phone.locator('#verdict [data-verdict="value"]').wait_for()
    assert phone.locator("#verdict .value").inner_text() == "5"

    phone.fill("#f-bac_try", "99")  # past the book's range: a one-line message, the form kept
    phone.locator("#f-bac_try").dispatch_event("change")
    error = phone.locator("#verdict .error")
    error.wait_for()
    assert "fact 'bac_try'" in error.inner_text() and "\n" not in error.inner_text().strip()
    assert phone.locator("#f-bac_try").input_value() == "99"


def test_settle_a_whole_state_with_the_form(phone, site: str) -> None:
    phone.goto(site + "/settle/state?example=takkure%2Fpass-ahead")
    phone.locator('#verdict [data-verdict="illegal"]').wait_for()
    box = phone.locator("#verdict .verdict").bounding_box()  # after Load, in view without scrolling
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    form = phone.locator("#state-form")
    assert form.locator("fieldset.member").count() >= 2  # a card per piece: nothing to type in YAML
    receiver = form.locator('input[name="ln:pieces/9/at"]')
    assert receiver.input_value() == "3, 2"
    receiver.fill("-3, -2")  # the receiver now stands behind the passer
    form.locator("#action-choice").select_option(label="pass: #7 passes to #9")
    assert form.locator("#action").input_value() == "#7 passes to #9"
    form.locator("button[type=submit]").click()
    phone.locator('#verdict [data-verdict="legal"]').wait_for()
    # the headline is seen without scrolling after Settle (phone review 3, task 5: it was 1,850 px down)
    box = phone.locator("#verdict .verdict").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert "state=" in phone.url  # the address holds the state as settled: a reload shows it again
    steps = phone.locator("#chain .step")
    assert steps.count() >= 3  # direction, target, the roll: the chain
    assert "Can the ball carrier pass to this receiver?" in steps.first.locator("h3").inner_text()  # not its id
    assert phone.locator("#chain .step blockquote, #chain .step dl.row").first.is_visible()
    drawing = phone.locator("#chain .state-drawing img")
    assert drawing.evaluate("img => img.complete && img.naturalWidth > 0")  # the SVG drew
    assert drawing.bounding_box()["width"] <= PHONE["width"]
    assert no_horizontal_scroll(phone)


def test_every_example_state_opens_from_the_picker_and_settles(phone, site: str) -> None:
    phone.goto(site + "/settle/state")
    keys = phone.locator("#example-choice option").evaluate_all("options => options.map((o) => o.value)")
    assert len(keys) >= 40 and any(k.startswith("touchdown-heroes/") for k in keys)
    for key in reversed(keys):  # each one replaces the one before: the page never keeps the last
        phone.select_option("#example-choice", key)
        phone.wait_for_function(
            "key => document.querySelector('#state-text input[name=example]')?.value === key"
            " || document.querySelector('#flash')?.textContent.trim()",
            arg=key,
        )
        assert phone.locator("#flash").inner_text().strip() == "", key
        assert phone.locator("#verdict [data-verdict]").count() == 1, key
        assert phone.locator("#verdict .error").count() == 0, key
        assert parse_qs(urlsplit(phone.url).query)["example"] == [key]
    assert no_horizontal_scroll(phone)


def test_open_a_sheet_on_the_phone_and_print_it(phone, site: str, tmp_path: Path) -> None:
    phone.goto(site + "/sheets")
    phone.locator("li.card", has_text="TA-KE").locator("a", has_text="View").tap()
    phone.wait_for_url(re.compile(r"/sheets/ta-ke$"))
    sheet = phone.locator("article.sheet")
    sheet.wait_for(timeout=SHEET_MADE_MS)
    assert "TA-KE — quick reference" in sheet.locator("h1").inner_text()
    column = sheet.locator(".columns").first.evaluate("c => getComputedStyle(c).columnCount")
    assert column == "auto"  # one column on a phone
    assert no_horizontal_scroll(phone)

    printable = phone.locator("a", has_text="Print").get_attribute("href")
    phone.goto(site + printable)  # the printable page itself reads on a phone too
    assert phone.locator('meta[name="viewport"]').count() == 1
    assert phone.locator(".columns").first.evaluate("c => getComputedStyle(c).columnCount") == "1"
    assert no_horizontal_scroll(phone)
    phone.emulate_media(media="print")
    pdf = tmp_path / "printed.pdf"
    phone.pdf(path=str(pdf), prefer_css_page_size=True)  # what the phone's Print gives
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        assert len(document) == 1
        width, height = document[0].get_size()
        assert abs(width - 595) < 3 and abs(height - 842) < 3  # A4
        text = document[0].get_textpage().get_text_range()
        assert "TA-KE — quick reference" in text and "Most disputed" in text
    finally:
        document.close()
    download = phone.request.get(site + "/sheets/ta-ke.pdf")
    assert download.status == 200 and download.body()[:5] == b"%PDF-"


def test_tap_one_of_the_answers_choices_to_see_it_without_a_request(phone, site: str, monkeypatch) -> None:
    from referee.web import api

    entry = phone.request.get(site + "/api/entry/takkure/2.01/7").json()
    choices = [
        {"question": "What modifier does a long pass get?", "quote": entry["text"], "id": entry["id"],
         "confidence": 0.3, "path": entry.get("path") or []},
        {"question": "Who may catch the ball?", "quote": "A made-up quote for the test.", "id": "takkure/2.01/1",
         "confidence": 0.2, "path": []},
    ]  # fmt: skip
    real = api.ask_json
    monkeypatch.setattr(api, "ask_json", lambda backend, q, game: {**real(backend, q, game), "choices": choices})
    phone.goto(site + "/?game=takkure&q=How+far+can+I+pass%3F")
    buttons = phone.locator("#results [data-choices] a.choice:not([data-choice=first])")
    assert buttons.all_inner_texts() == [c["question"] for c in choices]  # labelled by their question
    for button in buttons.all():
        box = button.bounding_box()
        assert box["height"] >= FINGER and box["width"] >= FINGER
    first = phone.locator("[data-first-answer]")
    assert first.is_visible() and phone.locator(".choices").bounding_box()["y"] > first.bounding_box()["y"]
    asked: list[str] = []
    phone.on("request", lambda request: "/static/" in request.url or asked.append(request.url))
    buttons.nth(0).tap()
    chosen = phone.locator('[data-choice-answer="0"]')
    assert chosen.is_visible() and not first.is_visible()
    # the answer a tap shows is above the buttons, in view and focused (it was under them all)
    assert chosen.bounding_box()["y"] < phone.locator(".choices").bounding_box()["y"]
    phone.wait_for_function("document.activeElement?.dataset.choiceAnswer === '0'")
    phone.wait_for_function(
        "(() => { const r = document.querySelector('[data-choice-answer=\"0\"]').getBoundingClientRect();"
        " return r.top >= -1 && r.top < window.innerHeight; })()"
    )
    assert " ".join(entry["text"].split())[:60] in " ".join(chosen.locator("blockquote").inner_text().split())
    assert asked == []  # shown from the page: no request
    assert parse_qs(urlsplit(phone.url).query)["choice"] == [entry["id"]]  # a link to this answer
    phone.locator("a[data-choice=first]").tap()
    assert first.is_visible() and not chosen.is_visible()
    assert no_horizontal_scroll(phone)


@pytest.fixture(scope="module")
def learning_site(indexed_db: Path, searcher):
    """The app as `referee serve --learn` runs it."""
    with served(indexed_db, searcher, learn=True) as url:
        yield url


def tap_a_choice(phone, url: str) -> tuple[dict, list[str]]:
    """Ask a question whose answer offers choices, tap the first: the choice tapped and the
    requests the tap sent (static files aside)."""
    from support.served import question_with_choices

    ask = phone.request.get
    found = question_with_choices(lambda q, game: ask(url + "/api/ask", params={"q": q, "game": game}).json())
    assert found is not None, "no dev question offers choices: nothing to tap"
    q, game, answer = found
    phone.goto(url + "/?" + urlencode({"q": q, "game": game}))
    sent: list[str] = []
    phone.on("request", lambda request: "/static/" in request.url or sent.append(request.method + " " + request.url))
    phone.locator("#results [data-choices] a.choice:not([data-choice=first])").first.tap()
    assert phone.locator('[data-choice-answer="0"]').is_visible()  # the tap shows that answer, either way
    assert not phone.locator("[data-first-answer]").is_visible()
    return answer["choices"][0], sent


def test_one_tap_on_a_choice_keeps_it_where_the_server_learns(phone, learning_site: str, tmp_path, monkeypatch) -> None:
    from referee.indexer.memory.bank import local_file, read_items

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # the server runs in this process: its data folder
    choice, sent = tap_a_choice(phone, learning_site)
    learned = phone.locator("#learned.learned")
    learned.wait_for()
    assert choice["id"] in learned.inner_text() and "Kept" in learned.inner_text()
    assert sent == [f"POST {learning_site}/learn"]  # one tap, one request
    kept = read_items(local_file())
    assert [(i.entry, i.kind) for i in kept] == [(choice["id"], "answerable")]
    assert phone.locator("#flash").inner_text().strip() == ""
    assert no_horizontal_scroll(phone)


def test_without_learn_a_tap_shows_the_answer_and_keeps_nothing(phone, site: str, tmp_path, monkeypatch) -> None:
    from referee.indexer.memory.bank import local_file

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _, sent = tap_a_choice(phone, site)
    note = phone.locator('[data-learn="off"]')
    assert note.is_visible() and "learns nothing" in note.inner_text()
    assert "only reads" in phone.locator("footer").inner_text()
    assert sent == [] and not local_file().exists()


def test_a_sheet_not_made_yet_shows_its_progress_and_comes_by_itself(phone, site: str) -> None:
    phone.goto(site + "/sheets/touchdown-heroes")  # no other test opened it: not made yet
    progress = phone.locator("[data-sheet-progress]")
    assert progress.is_visible() and "being made" in progress.inner_text()  # at once, never a blank wait
    assert phone.locator('meta[http-equiv="refresh"]').count() == 1
    phone.locator("article.sheet").wait_for(timeout=SHEET_MADE_MS)  # no tap: the page came back by itself
    assert "Touchdown Heroes" in phone.locator("article.sheet h1").inner_text()


def sheet_pages(site: str, request) -> list[str]:
    """Every sheet page the Sheets page links: each game, in its book's language and its translations."""
    found = request.get(site + "/sheets").text()
    return sorted(set(re.findall(r'href="(/sheets/[a-z0-9-]+(?:\?lang=[a-z]{2})?)"', found)))


def test_every_sheet_page_fits_a_phone_and_every_citation_is_a_finger_wide(phone, site: str) -> None:
    """The sheet's page in the app and its printable page (the Print link, GAME.html), every sheet."""
    pages = sheet_pages(site, phone.request)
    assert len(pages) >= 6 and "/sheets/tacocat?lang=en" in pages
    printable = [path.replace("?", ".html?") if "?" in path else path + ".html" for path in pages]
    for path in pages + printable:
        phone.goto(site + path)
        phone.locator("article.sheet" if path in pages else "div.top h1").wait_for(timeout=SHEET_MADE_MS)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (path, width)
        sizes = phone.locator("sup.n a, .sources a").evaluate_all(
            "links => links.map((a) => { const r = a.getBoundingClientRect(); return [a.textContent, r.width, r.height]; })"
        )
        assert sizes, path
        small = [s for s in sizes if s[1] < FINGER or s[2] < FINGER]
        assert not small, (path, small[:5])


def pdf_pages(data: bytes) -> int:
    document = pypdfium2.PdfDocument(data)
    try:
        return len(document)
    finally:
        document.close()


@pytest.mark.slow  # every sheet laid out (WeasyPrint) and printed twice: minutes on a loaded machine
def test_a_sheet_page_printed_has_as_many_pages_as_its_pdf(phone, site: str) -> None:
    """Ctrl+P (or Print) on a sheet's page, or on its printable page, gives the PDF's pages: the sheet
    alone, its own stylesheet (no hyphenation in it: Chromium here has no dictionaries for it)."""
    counts = {}
    for path in sheet_pages(site, phone.request):  # every game, in its book's language and its translations
        phone.emulate_media(media="screen")
        phone.goto(site + path)
        phone.locator("article.sheet").wait_for(timeout=SHEET_MADE_MS)
        phone.emulate_media(media="print")
        assert not phone.locator("header.bar").is_visible() and not phone.locator(".actions").is_visible()
        printed = phone.pdf(prefer_css_page_size=True)
        page, _, query = path.partition("?")
        made = phone.request.get(site + page + ".pdf" + (f"?{query}" if query else ""))
        assert made.status == 200, path
        document = pypdfium2.PdfDocument(printed)
        try:
            width, height = document[0].get_size()
            assert abs(width - 595) < 3 and abs(height - 842) < 3, path  # A4, as the PDF
            text = document[0].get_textpage().get_text_range()
            title = phone.locator("article.sheet h1").inner_text()
            assert title in text and "Download PDF" not in text, path  # the sheet alone, not the app's frame
        finally:
            document.close()
        phone.goto(site + page + ".html" + (f"?{query}" if query else ""))  # the printable page, Print there
        counts[path] = (pdf_pages(printed), pdf_pages(made.body()), pdf_pages(phone.pdf(prefer_css_page_size=True)))
    assert len(counts) >= 6
    differ = {path: pages for path, pages in counts.items() if len(set(pages)) > 1}  # (sheet page, PDF, printable)
    assert not differ, differ


@pytest.mark.parametrize(
    "path", ["/", "/settle", "/settle/state", "/sheets", "/api/docs", "/takkure", "/takkure/2.01/7", "/tacocat"]
)
def test_every_page_fits_a_phone(phone, site: str, path: str) -> None:
    phone.goto(site + path)
    assert no_horizontal_scroll(phone), path


def test_tacocat_contents_read_in_english(phone, site: str) -> None:
    phone.goto(site + "/tacocat")
    headings = phone.locator(".toc li a").all_inner_texts()
    assert any(h.startswith("SETUP") and "НАЛАШТУВАННЯ" in h for h in headings)


# ---------------------------------------------------------------- phone review, round three


def test_the_settle_index_is_a_few_screens_on_a_phone_and_a_search_opens_its_games(phone, site: str) -> None:
    phone.goto(site + "/settle")
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height < 3 * PHONE["height"], height  # it was about 17,000 px: every game's checks open
    groups = phone.locator("details.check-group")
    assert groups.count() >= 4
    groups.first.locator("summary").tap()  # a game opens with a tap
    assert groups.first.locator("li").first.is_visible()
    phone.locator("#filter").fill("scrum")
    rugby = phone.locator('details.check-group[data-game="rugby-world"]')
    assert rugby.get_attribute("open") is not None and rugby.locator("li:not([hidden])").first.is_visible()
    assert no_horizontal_scroll(phone)


def test_every_game_in_the_picker_reads_whole_at_phone_width(phone, site: str) -> None:
    phone.goto(site + "/")
    widths = phone.evaluate(
        """() => { const select = document.querySelector('#game');
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = getComputedStyle(select).font;
        return [select.clientWidth, [...select.options].map((o) => [o.text, ctx.measureText(o.text).width])]; }"""
    )
    box, options = widths
    assert any(text.startswith("Tacocat") for text, _ in options)
    for text, width in options:
        assert width < box - 32, (text, width, box)  # the picker's arrow takes the rest


def test_back_returns_to_the_answer_before_the_next_question(phone, site: str) -> None:
    phone.goto(site + "/?game=takkure&q=How+do+I+score+a+try%3F")
    phone.locator("#results").wait_for()
    first = phone.url
    phone.wait_for_timeout(3200)  # a pause: the next question is a new one, not more typing
    phone.locator("#q").fill("Can I pass forward?")
    phone.locator("#ask button[type=submit]").click()
    phone.wait_for_url(re.compile(r"q=Can"))
    phone.go_back()
    phone.wait_for_url(first)
    phone.wait_for_function("document.querySelector('#q').value.includes('score')")  # the answer's page again
    assert "score" in phone.locator("#results").inner_text().lower()


def test_a_question_every_game_fits_asks_which_game_with_a_button_each(phone, site: str) -> None:
    phone.goto(site + "/?q=How+many+players%3F")
    buttons = phone.locator("#results [data-game-choices] a[data-game-choice]")
    buttons.first.wait_for()
    assert buttons.count() >= 4 and in_view(buttons.first)
    for button in buttons.all():
        box = button.bounding_box()
        assert box["height"] >= FINGER
    game = buttons.nth(1).get_attribute("data-game-choice")
    buttons.nth(1).tap()
    phone.wait_for_url(re.compile(r"game=" + re.escape(game)))
    assert phone.locator("#game").input_value() == game
    assert phone.locator("#results [data-game-choices]").count() == 0  # a game picked is not asked again


def test_the_ask_box_says_when_it_cut_a_paste_and_an_empty_ask_says_what_to_type(phone, site: str) -> None:
    phone.goto(site + "/")
    note, box = phone.locator("#q-full"), phone.locator("#q")
    assert note.is_hidden()
    box.fill("x" * 600)  # a paste longer than the box holds
    assert len(box.input_value()) == 500 and note.is_visible() and "cut" in note.inner_text()
    box.fill("")
    assert note.is_hidden()
    phone.locator("#ask button[type=submit]").click()  # tapping Ask with nothing in the box
    error = phone.locator("#results .error")
    error.wait_for()
    assert "type a question" in error.inner_text()


# ---------------------------------------------------------------- phone review, round five


def test_a_piece_lands_where_a_finger_taps_on_a_whole_pitch_and_the_board_stays_put(phone, site: str) -> None:
    phone.goto(site + "/settle/pass?p=3")  # Rugby World, nothing placed: the whole 85-intersection pitch
    figure, board = phone.locator("[data-board]"), phone.locator("[data-board] svg")
    low, high, pad = (float(figure.get_attribute(f"data-{k}")) for k in ("low", "high", "pad"))
    board.scroll_into_view_if_needed()
    box = board.bounding_box()

    def view() -> tuple[float, float, float]:
        x0, y0, side, _ = (float(v) for v in board.get_attribute("viewBox").split())
        return x0, y0, side

    def tap(x: float, y: float) -> None:  # a point in intersections, y towards the try line
        x0, y0, side = view()
        sx, sy = x - low + pad, high - y + pad
        board.tap(position={"x": (sx - x0) / side * box["width"], "y": (sy - y0) / side * box["height"]})

    assert box["width"] / view()[2] < 16 and figure.locator("[data-zoom-hint]").is_visible()  # too fine to place
    tap(40, 50)  # the first tap zooms to the area, and places nothing
    assert box["width"] / view()[2] >= 20 and phone.locator("#f-passer").input_value() == ""
    assert board.bounding_box() == box and figure.locator("[data-zoom-note]").is_visible()  # the same box
    tap(40.3, 49.8)  # a finger a little off the intersection
    phone.wait_for_function("document.querySelector('#f-passer').value !== ''")
    tap(38.2, 47.3)
    phone.locator("#verdict [data-verdict]").first.wait_for()
    placed = {
        name: [float(v) for v in phone.locator(f"#f-{name}").input_value().split(",")] for name in ("passer", "target")
    }
    assert all(abs(a - b) <= 1 for a, b in zip(placed["passer"], (40, 50), strict=True)), placed
    assert all(abs(a - b) <= 1 for a, b in zip(placed["target"], (38, 47), strict=True)), placed
    assert abs(board.bounding_box()["y"] - box["y"]) <= 2  # the ruling above grew: the board did not move
    assert phone.locator('[data-piece="target"]').get_attribute("visibility") is None  # drawn where it landed
    figure.locator("[data-zoom-out]").tap()
    assert view()[2] > 80 and no_horizontal_scroll(phone)


def test_a_rule_opens_in_its_place_in_the_book_marked_with_its_table_drawn(phone, site: str) -> None:
    phone.goto(site + "/takkure/2.01/7")
    link = phone.locator("a.in-book")
    box = link.bounding_box()
    assert box["height"] >= FINGER and box["width"] >= FINGER
    link.tap()
    phone.wait_for_url(re.compile(r"/takkure/2\.01#takkure/2\.01/7$"))
    entry = phone.locator('[id="takkure/2.01/7"]')
    phone.wait_for_function("document.querySelector(':target') !== null")
    assert phone.evaluate("document.querySelector(':target').id") == "takkure/2.01/7"
    bar = phone.locator("header.bar").bounding_box()
    top = entry.bounding_box()
    assert top["y"] >= bar["y"] + bar["height"] - 1 and top["y"] < PHONE["height"] - 100, (bar, top)  # below the bar
    marked = entry.evaluate("e => [getComputedStyle(e).borderTopWidth, getComputedStyle(e, '::before').content]")
    assert marked == ["2px", '"The rule you opened"'], marked
    other = phone.locator('[id="takkure/2.01/6"]')  # its neighbour ("apply the best modifier"), unmarked
    assert other.evaluate("e => getComputedStyle(e, '::before').content") in ("none", "normal")
    cells = entry.locator("table tbody tr").first.locator("td").all_inner_texts()
    assert len(cells) == 2 and entry.locator("table tbody tr").count() >= 3, cells  # a table, not "4\" to 8\"0"
    opener = entry.locator("a.where").bounding_box()
    assert opener["height"] >= FINGER
    assert no_horizontal_scroll(phone)


def test_a_long_game_name_keeps_its_check_count_beside_it(phone, site: str) -> None:
    phone.goto(site + "/settle")
    for summary in phone.locator("details.check-group > summary").all():
        name, count = summary.locator("h2").bounding_box(), summary.locator(".muted").bounding_box()
        assert count["x"] >= name["x"] + name["width"] - 1, summary.inner_text()  # beside, not under
        assert count["y"] < name["y"] + name["height"], summary.inner_text()
    assert no_horizontal_scroll(phone)


def test_a_sheet_says_in_words_what_did_not_fit(phone, site: str) -> None:
    phone.goto(site + "/sheets/rugby-world")  # Takkure fits whole on three pages since round thirteen
    sheet = phone.locator("article.sheet")
    sheet.wait_for(timeout=SHEET_MADE_MS)
    hidden = sheet.locator(".left-out")  # the library's count, in the sheet's own sources line
    if not hidden.count():
        pytest.skip("this sheet fits whole")
    counted = int(re.search(r"\d+", hidden.text_content()).group(0))
    assert not hidden.is_visible()
    note = phone.locator(".left-out-note").inner_text()
    assert f"leaves out {counted} less needed lines" in note and "here and in the PDF" in note
    assert "did not fit" not in phone.locator("main").inner_text()


def test_a_picked_piece_stays_picked_so_a_second_tap_moves_it_again(phone, site: str) -> None:
    """Phone review 4, task 12: after the target was placed the picker went back to the passer, so a
    second tap meant to nudge the target moved the passer and flipped the verdict."""
    phone.goto(site + "/settle/pass-direction")
    figure, board = phone.locator("[data-board]"), phone.locator("[data-board] svg")
    low, high, pad = (float(figure.get_attribute(f"data-{k}")) for k in ("low", "high", "pad"))
    x0, y0, side, _ = (float(v) for v in board.get_attribute("viewBox").split())
    board.scroll_into_view_if_needed()
    box = board.bounding_box()

    def tap(x: float, y: float) -> None:
        sx, sy = x - low + pad, high - y + pad
        board.tap(position={"x": (sx - x0) / side * box["width"], "y": (sy - y0) / side * box["height"]})

    passer = phone.locator("#f-passer").input_value()
    assert passer  # the example placed both
    target = figure.locator('[data-place="receiver"]')
    target.tap()
    before = phone.locator("#f-receiver").input_value()
    tap(x0 - pad + low + 3, high - (y0 - pad) - 3)  # two places near the view's top-left corner
    phone.wait_for_function("v => document.querySelector('#f-receiver').value !== v", arg=before)
    first = phone.locator("#f-receiver").input_value()
    tap(x0 - pad + low + 5, high - (y0 - pad) - 5)
    phone.wait_for_function("v => document.querySelector('#f-receiver').value !== v", arg=first)
    assert phone.locator("#f-receiver").input_value() != first  # T moved twice
    assert phone.locator("#f-passer").input_value() == passer  # P never moved
    assert target.get_attribute("aria-pressed") == "true"  # and T is still the picked piece


OVERLAPPING_LABELS = """() => {
  // every label drawn on the board and inside its box (a zoomed view clips the rest): pairs that overlap
  const svg = document.querySelector("[data-board] svg"), frame = svg.getBoundingClientRect();
  const boxes = [...svg.querySelectorAll(".ticks text, .direction text")]
    .map((el) => [el.textContent, el.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && r.right > frame.left && r.left < frame.right && r.bottom > frame.top && r.top < frame.bottom);
  const pairs = [];
  boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    const x = Math.min(r.right, q.right) - Math.max(r.left, q.left), y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (x > 0.5 && y > 0.5) pairs.push(`${a} / ${b}`);
  }));
  return [boxes.length, pairs];
}"""


@pytest.mark.parametrize(
    "path", ["/settle/pass", "/settle/pass?p=3", "/settle/pass-direction", "/settle/pass-direction?view=whole"]
)
def test_no_two_labels_on_a_board_overlap(phone, site: str, path: str) -> None:
    """Phone review 4, task 12: the corner labels "23" and "5" overlapped on Rugby World's board at 390 px.
    Measured as drawn by the server, then after a tap zoomed the board (the script redraws the numbers)."""
    phone.goto(site + path)
    figure, board = phone.locator("[data-board]"), phone.locator("[data-board] svg")
    if not figure.count():
        pytest.skip(f"{path} has no board")
    board.scroll_into_view_if_needed()
    count, overlapping = phone.evaluate(OVERLAPPING_LABELS)
    assert count >= 4 and overlapping == [], path
    if figure.locator("[data-zoom-hint]").is_visible():  # too fine for a finger: a tap zooms, numbers redrawn
        box = board.bounding_box()
        board.tap(position={"x": box["width"] * 0.1, "y": box["height"] * 0.9})  # near the corner
        figure.locator("[data-zoom-note]").wait_for()
        count, overlapping = phone.evaluate(OVERLAPPING_LABELS)
        assert count >= 4 and overlapping == [], f"{path}, zoomed by a tap"


def send_state_text(phone, sent: str):
    """Send a state from the YAML box, far down the page: its refusal is one line, shown in view."""
    text = phone.locator("#state")
    text.fill(sent)
    text.scroll_into_view_if_needed()
    assert phone.evaluate("scrollY") > 0  # the player is far down the page, at the text
    phone.locator("#state-text button[type=submit]").tap()
    error = phone.locator("#verdict .error")
    error.wait_for()
    assert "\n" not in error.inner_text().strip()
    phone.wait_for_function(
        "() => { const r = document.querySelector('#verdict .error').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    assert in_view(error)  # seen where the headline sits, without scrolling
    return error


def test_a_state_the_rules_refuse_shows_its_one_line_error_in_view_and_no_picker_for_the_key(phone, site: str) -> None:
    """Phone review 4, task 13: after `active: true` under a piece the page came back scrolled to the
    bottom, the error out of sight, and the form offered an `active` picker the error says does not exist."""
    phone.goto(site + "/settle/state?example=takkure%2Fscore-a-try-tired")
    phone.locator("#verdict [data-verdict]").first.wait_for()
    phone.locator("details.yaml summary").tap()
    text = phone.locator("#state")
    sent = text.input_value().replace("fatigue_inactive: 1}", "fatigue_inactive: 1, active: true}")
    assert "active: true" in sent
    error = send_state_text(phone, sent)
    assert "has no 'active'" in error.inner_text()
    assert phone.locator('#state-form [name*="pieces/7/active"]').count() == 0  # no picker for the refused key
    assert phone.locator('#state-form [name*="pieces/7/fatigue"]').count() >= 1  # the rest of #7 is still offered
    assert "active: true" in text.input_value()  # the text sent is kept to correct


def test_a_key_refused_at_the_states_top_or_in_a_checks_address_is_one_line_in_view_and_never_offered(
    phone, site: str
) -> None:
    """Phone review 4, task 13, for every place a key can be refused, not only a piece's: a state's own
    key (`weather`) and a fact the check does not take (`bogus` in a shared address)."""
    phone.goto(site + "/settle/state?example=takkure%2Fscore-a-try-tired")
    phone.locator("#verdict [data-verdict]").first.wait_for()
    phone.locator("details.yaml summary").tap()
    text = phone.locator("#state")
    error = send_state_text(phone, text.input_value().rstrip() + "\nweather: sunny\n")
    assert "no key 'weather'" in error.inner_text()
    assert phone.locator('#state-form [name*="weather"]').count() == 0  # never offered
    assert phone.locator("#state-form [name]").count() > 3  # the rest of the state still is
    assert "weather: sunny" in text.input_value()  # the text sent is kept to correct

    phone.goto(site + "/settle/pass?p=3&bogus=1")
    error = phone.locator("#verdict .error")
    assert "no fact 'bogus'" in error.inner_text() and in_view(error)
    assert phone.locator('#settle [name="bogus"]').count() == 0 and phone.locator("#needed").count() == 0
    phone.locator("#f-p").fill("4")
    phone.locator("#f-p").dispatch_event("change")  # the form sends only its own fields: the refusal goes
    phone.locator("#needed").wait_for()
    assert "bogus" not in phone.url and phone.locator("#verdict .error").count() == 0


def test_the_server_log_has_no_traceback(site: str) -> None:
    """Last in this file: what every browser test above made the server log."""
    assert all(SERVER_LOG in logging.getLogger(name).handlers for name in LOGGERS)
    tracebacks = [r for r in SERVER_LOG.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not tracebacks, [f"{r.name}: {r.getMessage()}" for r in tracebacks]
