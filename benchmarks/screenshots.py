"""Screenshots of every page, on a phone (390 x 844) and a laptop (1280 x 800), for docs/screenshots/.

    PYTHONPATH=. .venv/bin/python benchmarks/screenshots.py     (or: make screenshots)

The real app over the default knowledge base, served in this process, in Debian's chromium.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tests/support: the test doubles
OUT = ROOT / "docs" / "screenshots"
PAGES = [
    ("ask", "/?game=takkure&q=Can+I+pass+to+a+teammate+level+with+me%3F"),
    ("ask-table-row", "/?game=takkure&q=What+modifier+does+a+6+inch+pass+get%3F"),
    ("ask-ukrainian", "/?game=tacocat&q=Who+wins+the+round%3F"),
    ("rule", "/takkure/2.01/7"),
    ("rule-wide-table", "/rugby-world/2f/10"),
    ("contents-tacocat", "/tacocat"),
    ("settle", "/settle/pass-direction?passer=0%2C+0&receiver=6%2C+10&scoring_direction=%2By"),
    ("settle-list", "/settle"),
    ("settle-state", "/settle/state?example=takkure%2Fissue-example-pass#verdict"),  # opens on the ruling
    ("settle-state-form", "/settle/state?example=rugby-world%2Fpass-diagonal-p3"),
    ("sheet", "/sheets/takkure"),
    ("sheet-printable", "/sheets/takkure.html"),
    ("api", "/api/docs"),
]
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


def main() -> None:
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from playwright.sync_api import sync_playwright
    from support.served import ServedApp, launch_chromium

    from referee.paths import corpus_dirs, default_db_path
    from referee.web.app import create_app
    from referee.web.backend import Settings

    OUT.mkdir(parents=True, exist_ok=True)
    app = create_app(Settings(default_db_path(), corpus_dirs(), prepare_sheets=True))
    with ServedApp(app) as url, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for device, viewport in SIZES.items():
            for scheme in ("light", "dark"):
                context = browser.new_context(viewport=viewport, color_scheme=scheme)
                page = context.new_page()
                for name, path in PAGES:
                    if scheme == "dark" and name not in ("ask", "settle"):
                        continue  # dark mode shown on two pages is enough to judge it
                    page.goto(url + path, timeout=300_000)  # a sheet is made in seconds the first time
                    if path.startswith("/sheets/") and "." not in path:  # its progress page until it is made
                        page.locator("article.sheet").wait_for(timeout=300_000)
                    page.wait_for_load_state("networkidle")
                    suffix = "" if scheme == "light" else "-dark"
                    target = OUT / f"{name}-{device}{suffix}.png"
                    page.screenshot(path=str(target))
                    print(target.relative_to(ROOT))
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
