"""Quick-reference sheets: built as data from game.toml's [sheet], rendered as Markdown, HTML and
PDF from the same object, checked for what would make a player distrust them."""
