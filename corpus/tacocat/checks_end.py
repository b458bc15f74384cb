"""Tacocat's checks: the round's end, the Tacocat, the next round, and where the book is silent."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Reading, Verdict, because, check, then

from .checks_round import (
    TRACK,
)
from .quotes import (
    CAT_MOVES,
    CENTRE,
    CONTENTS,
    CONTINUE_UNTIL,
    COVER,
    DEAL_SEVEN,
    DECK,
    DEFEND,
    DISCARD_FACE_UP,
    DISCARD_PLACE,
    DRAW,
    DRAW_AGAIN,
    DUEL_DISCARD,
    HIDE,
    LOWEST_WINS,
    ROUND_ORDER,
    SEVEN_SPACES,
    SKIP_COVERED,
    TILES,
    VICTORY,
)

# ================================================================ the round's end, the Tacocat, the next round


@check(
    "round-winner",
    "Who wins the round? The lowest last card; equal ranks are a draw and the cat does not move",
    [
        Fact("mine", "int", "my last card", low=1, high=20),
        Fact("theirs", "int", "the opponent's last card", low=1, high=20),
    ],
    example={"mine": 3, "theirs": 3},
)
def round_winner(f: dict) -> Verdict:
    if f["mine"] == f["theirs"]:
        return Verdict(
            "value",
            "draw",
            [because(DRAW, "equal ranks: the cat stays")],
            outcome="draw",
            consequences=[then(DRAW_AGAIN, "reshuffle and play a new round")],
            summary=f"a draw ({f['mine']} and {f['theirs']}): the cat stays",
        )
    winner = "me" if f["mine"] < f["theirs"] else "opponent"
    return Verdict(
        "value",
        winner,
        [because(LOWEST_WINS, f"{min(f['mine'], f['theirs'])} is lowest")],
        consequences=[then(CAT_MOVES, "the winner moves the cat one space toward themselves")],
        summary=f"{winner} wins the round ({min(f['mine'], f['theirs'])} is lowest)",
    )


@check(
    "cat-move",
    "Where does the cat go? One space toward the round's winner, skipping covered spaces, into the goal at the end",
    [
        Fact(
            "position",
            "int",
            "the cat's space: 0 is the centre space printed 7; -1 to -3 toward my goal, 1 to 3 toward theirs",
            **TRACK,
        ),
        Fact("winner", "choice", "who won the round", choices=("me", "opponent")),
        Fact("covered", "ints", "covered spaces (same numbering)", [], **TRACK),
    ],
    example={"position": 0, "winner": "me", "covered": [-1]},
)
def cat_move(f: dict) -> Verdict:
    if f["position"] in f["covered"]:
        raise RefereeError("facts 'position' and 'covered': the cat cannot stand on a covered space")
    step = -1 if f["winner"] == "me" else 1
    new = f["position"] + step
    reasons = [
        because(SEVEN_SPACES, "seven spaces between the goals"),
        because(CENTRE, "counted from the centre space, printed 7"),
        because(CAT_MOVES, "one space toward the winner"),
    ]
    skipped = 0
    while new in f["covered"]:
        new += step
        skipped += 1
    if skipped:
        reasons.append(because(SKIP_COVERED, f"{skipped} covered space(s) skipped"))
    cover = then(COVER, f"space {f['position']} is covered with a tile")
    if abs(new) > 3 and skipped:
        return Verdict(
            "ambiguous",
            None,
            reasons,
            [
                Reading(
                    "the goal counts as the next free place: the Tacocat skips the covered spaces into the goal",
                    "value",
                    "goal",
                    [because(SKIP_COVERED, "the next free place"), because(VICTORY, f"{f['winner']} wins the game")],
                ),
                Reading(
                    "the skip puts the Tacocat on a free numbered space; none is left toward the goal, so the book "
                    "gives it no destination",
                    "unknown",
                    None,
                    [because(SKIP_COVERED, "the next free space"), because(SEVEN_SPACES, "the numbered spaces")],
                ),
            ],
            consequences=[cover],
            summary=f"ambiguous: every space toward {f['winner']}'s goal is covered: into the goal, or nowhere",
        )
    if abs(new) > 3:
        return Verdict(
            "value",
            "goal",
            [*reasons, because(CONTINUE_UNTIL, "rounds go on until the Tacocat is moved into a goal")],
            outcome="scored",
            consequences=[cover, then(VICTORY, f"the cat is in {f['winner']}'s goal: {f['winner']} wins the game")],
            summary=f"the cat goes into {f['winner']}'s goal: {f['winner']} wins the game",
        )
    return Verdict(
        "value",
        new,
        reasons,
        consequences=[cover, then(CONTINUE_UNTIL, "shuffle the whole deck; the next round")],
        summary=f"the cat moves to space {new}",
    )


@check(
    "tile-placement",
    "Where does a tile go? On the space the Tacocat just left; after a draw the Tacocat did not move",
    [
        Fact("cat_moved", "bool", "the Tacocat moved this round"),
        Fact("space_left", "bool", "the space is the one the Tacocat just left", True),
    ],
    example={"cat_moved": False},
)
def tile_placement(f: dict) -> Verdict:
    reasons = [because(COVER, "the space the Tacocat was just on"), because(TILES, "the spaces it stood on")]
    if not f["cat_moved"]:
        return Verdict(
            "illegal",
            reasons=[because(DRAW, "a draw: the Tacocat does not move"), *reasons],
            consequences=[then(DRAW_AGAIN, "shuffle the whole deck and play a new round")],
            summary="illegal: the Tacocat did not move, so no space was left to cover",
        )
    ok = f["space_left"]
    return Verdict(
        "legal" if ok else "illegal",
        reasons=reasons,
        summary="legal: the tile covers the space the Tacocat left"
        if ok
        else "illegal: the tile covers the space the Tacocat just left, no other",
    )


@check(
    "deal-count",
    "How many cards does each player get? The number printed on the Tacocat's space; the book prints only the "
    "centre's 7",
    [
        Fact("position", "int", "the Tacocat's space (0 is the centre space printed 7)", **TRACK),
        Fact(
            "printed", "int", "the number printed on that space, read off the board (0: not given)", 0, low=0, high=38
        ),
    ],
    example={"position": -1},
)
def deal_count(f: dict) -> Verdict:
    reasons = [because(SEVEN_SPACES, "the number on the space decides the deal")]
    after = [
        then(CONTINUE_UNTIL, "the whole deck shuffled and dealt for each round"),
        then(ROUND_ORDER, "then replacing cards, the duel, play"),
    ]
    if f["position"] == 0:
        return Verdict(
            "value",
            7,
            [*reasons, because(CENTRE, "the centre space is marked 7"), because(DEAL_SEVEN, "seven each")],
            consequences=after,
            summary="7 cards each: the Tacocat is on the centre space, marked 7",
        )
    if f["printed"]:
        return Verdict("value", f["printed"], reasons, consequences=after, summary=f"{f['printed']} cards each")
    return Verdict(
        "value",
        f"the number printed on space {f['position']}",
        [*reasons, because(CENTRE, "the only number the book gives: the centre's 7"), because(DEAL_SEVEN, "at set-up")],
        consequences=after,
        summary=f"the number printed on space {f['position']} (the book gives only the centre's 7; read the board)",
    )


@check(
    "carry-over",
    "Does anything carry into the next round? No: the whole deck is shuffled before the steps repeat",
    [Fact("kept", "int", "cards a player would keep from the last round", low=0, high=38)],
    example={"kept": 1},
)
def carry_over(f: dict) -> Verdict:
    ok = f["kept"] == 0
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because(CONTINUE_UNTIL, "shuffle the whole deck, then repeat the steps")],
        consequences=[then(SEVEN_SPACES, "each is dealt the number on the Tacocat's space")],
        summary="legal: the whole deck is shuffled" if ok else "illegal: the whole deck is shuffled, last cards too",
    )


# ================================================================ where the book is silent


SILENT = ("card-seen", "trick-cards", "dealer", "discard-pile")


@check(
    "tacocat-silent",
    "Situations the book does not settle: a card of a hand seen (it forbids showing one, with no consequence), "
    "where a finished trick's cards go, who shuffles and deals",
    [Fact("about", "choice", "the situation", choices=SILENT)],
    example={"about": "trick-cards"},
)
def tacocat_silent(f: dict) -> Verdict:
    quotes = {
        "card-seen": [because(HIDE, "the opponent must not see them; no consequence is given")],
        "trick-cards": [
            because(DEFEND, "an answer is laid on the table"),
            because(DUEL_DISCARD, "the duel's cards are discarded"),
            because(DISCARD_FACE_UP, "replaced cards go face up on the discard pile"),
            because(DISCARD_PLACE, "a place for the discard pile; of a trick's cards nothing is said"),
        ],
        "discard-pile": [
            because(DISCARD_FACE_UP, "replaced cards go face up on the discard pile"),
            because(DISCARD_PLACE, "a place for the discard pile; whether it may be looked through is not said"),
        ],
        "dealer": [
            because(DEAL_SEVEN, "shuffle and deal: not who"),
            because(CONTINUE_UNTIL, "the whole deck shuffled for each round: not by whom"),
        ],
    }[f["about"]]
    return Verdict("unknown", None, quotes, summary=f"unknown: the book does not settle {f['about'].replace('-', ' ')}")


@check(
    "deck-cards",
    "What is on a card beyond its number? The book's list of the deck breaks off ('Колода з 38 карт містить'): "
    "the cards' texts are on the cards, not in the book",
    [Fact("shows", "choice", "what the card shows", "symbol", choices=("symbol", "text", "rank"))],
    example={"shows": "symbol"},
)
def deck_cards(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [because(DECK, "the deck's list breaks off"), because(CONTENTS, "38 cards")],
        summary=f"unknown: a card's {f['shows']} is not described in the book; its list of the 38 cards breaks off",
    )
