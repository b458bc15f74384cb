"""Reading a book: its game.toml, its text (by format), the parser's entries and sections, the
links between them, typeable ids and aligned translations. Pure functions of the corpus folder."""
