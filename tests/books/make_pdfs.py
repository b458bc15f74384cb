"""Regenerate the test PDFs from their HTML (by hand, after editing one):

    .venv/bin/python tests/books/make_pdfs.py

Two columns (CSS columns), running headers and page numbers (@page margin boxes) and a table,
printed by WeasyPrint, which Referee already depends on for its sheets. harbour-run.html is also
the HTML test book."""

from pathlib import Path

from weasyprint import HTML

HERE = Path(__file__).resolve().parent

for source in (HERE / "harbour-run.html", HERE / "sources" / "nichnyi-rynok.html"):
    HTML(filename=str(source)).write_pdf(HERE / f"{source.stem}.pdf")
