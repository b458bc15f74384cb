"""Parser tests per book, on real excerpts of the rulebooks."""

from __future__ import annotations

from referee.books.parse import parse_book

TAKKURE_EXCERPT = """RulesPal
Chat
Rulebook
Takkure: A Cyberpunk Rugby Game thumbnail

Table of Contents

  • 02. Pass and Team Play
    • 2.01 Pass
    • 2.02 Ball Reception

02. Pass and Team Play

2.01 Pass

In order for a player to perform a PASS, it must be the ball carrier. Keep in mind that you can't pass the ball to a player ahead of you.

Pass modifiers (distance between passer and receiver):

DistanceModifier
0" to 2"+4
2" to 4"+2
4" to 8"0
+8"-2

Outcomes:

  • If you are successful: The ball reaches the receiving player. Place the ball on the receiver's card.
  • If you miss an unopposed roll: The receiving player makes a BALL RECEPTION roll.

Tackle

You cannot tackle a player on the ground.

2.02 Ball Reception

To calculate the ENDURANCE of a player you must add the values of BDY and PRO. (Source note: the printed rule says "PRO"; the card characteristic is PROTECTION (PRT), which is added to BDY.)

If anything is missing, contact the publisher at [email\xa0protected].

  • Tackle
"""


def test_takkure_noise_toc_and_headings(game) -> None:
    book = parse_book(game("takkure"), TAKKURE_EXCERPT)
    reasons = {d.text.strip(): d.reason for d in book.dropped}
    assert reasons["RulesPal"] == "scraped web page header"
    assert reasons["Takkure: A Cyberpunk Rugby Game thumbnail"] == "scraped web page header"
    assert "e-mail" in reasons["If anything is missing, contact the publisher at [email\xa0protected]."]
    assert reasons["• Tackle"] == "list of headings at the end of the book"
    assert [s.heading for s in book.sections] == [
        "02. Pass and Team Play",
        "2.01 Pass",
        "Tackle",
        "2.02 Ball Reception",
    ]
    assert [s.id for s in book.sections] == ["takkure/02", "takkure/2.01", "takkure/tackle", "takkure/2.02"]
    assert book.sections[1].path == ["02. Pass and Team Play", "2.01 Pass"]
    assert book.sections[2].level == book.sections[1].level  # end-list heading is a sibling


def test_takkure_flattened_table_becomes_rows_and_cells(game) -> None:
    book = parse_book(game("takkure"), TAKKURE_EXCERPT)
    table = next(e for e in book.entries if e.kind == "table")
    assert table.text.startswith("Pass modifiers (distance between passer and receiver):")
    assert table.table == {
        "columns": ["Distance", "Modifier"],
        "rows": [['0" to 2"', "+4"], ['2" to 4"', "+2"], ['4" to 8"', "0"], ['+8"', "-2"]],
    }


def test_takkure_inline_source_note_is_split_off(game) -> None:
    book = parse_book(game("takkure"), TAKKURE_EXCERPT)
    rule = next(e for e in book.entries if e.text.startswith("To calculate the ENDURANCE"))
    note = book.entries[book.entries.index(rule) + 1]
    assert rule.text.endswith("add the values of BDY and PRO.") and rule.kind == "rule"
    assert note.kind == "note" and note.text.startswith("(Source note:") and note.text.endswith(")")


def test_entry_text_is_a_verbatim_slice_of_the_book(game) -> None:
    book = parse_book(game("takkure"), TAKKURE_EXCERPT)
    for entry in book.entries:
        assert TAKKURE_EXCERPT[entry.start : entry.end] == entry.text


TDH_EXCERPT = """Touchdown Heroes Rulebook

Table of Contents

• Game Progress
  • 1. Briefing
    • Tip: which cards should I show during briefing?
• FAQ
  • Skills

Game Progress

1. Briefing

After checking your hand, choose 3 cards from it and pass them to your partner.

Translator's note: the Japanese wording of this step is terse.

Tip: which cards should I show during briefing?

Basically, it is best to show your strongest card (the card with the lowest number).

FAQ

Skills

Q: Can the "Monster" skill be used at kickoff? A: Yes, it can.
"""


def test_touchdown_heroes_tip_faq_and_translator_note(game) -> None:
    book = parse_book(game("touchdown-heroes"), TDH_EXCERPT)
    kinds = {e.text[:20]: e.kind for e in book.entries}
    assert kinds["After checking your "] == "rule"
    assert kinds["Translator's note: t"] == "note"
    assert kinds["Basically, it is bes"] == "tip"
    faq = next(e for e in book.entries if e.kind == "faq")
    assert faq.id == "touchdown-heroes/skills/1" and faq.source == "faq"
    tip_section = next(s for s in book.sections if s.title.startswith("Tip:"))
    assert tip_section.level == 2 and tip_section.parent == "touchdown-heroes/briefing"


TAKE_EXCERPT = """TA-KE
TA-KE Rulebook
Table of Contents
Table of Contents
Contents
- 5 ghost tokens
Step 4: Score
Each player multiplies the number of persons in the audience hall by his personal influence in order to get his influence points for the round.
Example: Number of Geishas in the audience hall = 3. Personal influence of Adrian's Geishas = 5. 3 x 5 = 15 influence points.
"""


def test_ta_ke_short_line_headings_without_blank_lines(game) -> None:
    book = parse_book(game("ta-ke"), TAKE_EXCERPT)
    assert [s.id for s in book.sections] == ["ta-ke/contents", "ta-ke/step-4-score"]
    assert [e.kind for e in book.entries] == ["rule", "rule", "example"]
    assert book.entries[0].text == "5 ghost tokens"
    assert {d.text for d in book.dropped} == {"TA-KE", "TA-KE Rulebook", "Table of Contents"}


RUGBY_EXCERPT = """Rugby World Rulebook

Table of Contents

• Playing the Game
  • 1D) Tackle Move
• Appendix: Special Cards and Scrum Forces Values
  • Samoa

Playing the Game

1D) Tackle Move

Each defender may tackle only the opposing ball carrier. Tackling opponents who do not have the ball is a foul (obstruction, see 2f).

Kick success table (the first row is for kickers "k", the second for non-kickers):

Probability of success\tWithin 22 m\tBetween 24 m and 40 m\tBetween 42 m and 50 m
"k"\t2-12\t3-12\t4-12
"non-k"\t4-12\t6-12\t8-12

Appendix: Special Cards and Scrum Forces Values

Samoa

Scrum pack F = 69

Scotland

Scrum pack F = 68

Murrayfield Team (collective card): This card can only be played in defence.
"""


def test_rugby_world_sections_tables_and_cards(game) -> None:
    book = parse_book(game("rugby-world"), RUGBY_EXCERPT)
    ids = [s.id for s in book.sections]
    assert "rugby-world/1d" in ids and "rugby-world/scotland" in ids
    scotland = next(s for s in book.sections if s.title == "Scotland")
    assert scotland.level == 1 and scotland.parent == "rugby-world/appendix-special-cards-and-scrum-forces"
    table = next(e for e in book.entries if e.kind == "table")
    assert table.table["rows"][1] == ['"non-k"', "4-12", "6-12", "8-12"]
    card = next(e for e in book.entries if e.text.startswith("Murrayfield"))
    assert card.kind == "card" and card.source == "card"
    assert book.entries[0].id == "rugby-world/1d/1"


TACOCAT_EXCERPT = """Зміст
КІЛЬКІСТЬ ГРАВЦІВ: 2 гравці
ЗМІСТ
Дивіться також: Коти в кутку - вчимося грати з Gamerules.comКолода з 38 карт містить
PLAY
Набір - це дві або більше карт одного рангу.
"""


def test_tacocat_uppercase_headings_and_glued_advert(game) -> None:
    book = parse_book(game("tacocat"), TACOCAT_EXCERPT)
    assert [s.heading for s in book.sections] == ["ЗМІСТ", "PLAY"]
    texts = [e.text for e in book.entries]
    assert texts == [
        "КІЛЬКІСТЬ ГРАВЦІВ: 2 гравці",
        "Колода з 38 карт містить",
        "Набір - це дві або більше карт одного рангу.",
    ]
    assert book.entries[0].section_id is None and book.entries[0].id == "tacocat/front/1"
    assert book.entries[2].kind == "definition" and book.entries[2].lang == "uk"
    advert = [d for d in book.dropped if "advert" in d.reason]
    assert advert[0].text == "Дивіться також: Коти в кутку - вчимося грати з Gamerules.com"
