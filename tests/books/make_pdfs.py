"""Regenerate the test PDFs from their HTML (by hand, after editing one):

    .venv/bin/python tests/books/make_pdfs.py

Two columns (CSS columns), running headers and page numbers (@page margin boxes) and a table,
printed by WeasyPrint, which Referee already depends on for its sheets. harbour-run.html is also
the HTML test book. ironvale.pdf is laid out like a real rulebook: a cover page, a running footer
with page numbers, sub-headings in bold or capitals at the body size, a two-column page with
hyphenated words, a ruled table with its caption running over a page break, a rating table, a
credits and licence paragraph and worked examples."""

from pathlib import Path

from weasyprint import HTML

HERE = Path(__file__).resolve().parent

for source in (HERE / "harbour-run.html", HERE / "sources" / "nichnyi-rynok.html", HERE / "sources" / "ironvale.html"):
    HTML(filename=str(source)).write_pdf(HERE / f"{source.stem}.pdf")
