"""Tacocat's rules as checks (the book is in Ukrainian; quotes are verbatim): a round's flow in the book's order
(replacing cards, the duel, play, moving the Tacocat, placing a tile), attacks and the answers to them, the
round's end, the next round's deal, the end of the game; where the book is silent, `unknown` with the sentences
it does give."""

from __future__ import annotations

import itertools

from referee.errors import RefereeError
from referee.rules import Fact, Reading, Verdict, apart, because, check, then

from .quotes import (
    ARROW_FIRST,
    ARROWS,
    ATTACK_ONE,
    ATTACKS_FIRST,
    CAT_MOVES,
    CENTRE,
    CONTENTS,
    CONTINUE,
    CONTINUE_UNTIL,
    COVER,
    DEAL_SEVEN,
    DECK,
    DEFEND,
    DEFEND_ATTACKS_NEXT,
    DISCARD_FACE_UP,
    DISCARD_PLACE,
    DRAW,
    DRAW_AGAIN,
    DUEL_CARDS,
    DUEL_DISCARD,
    DUEL_HIGH,
    DUEL_TIE,
    EACH_CARD,
    HIDE,
    JUMBO_ALL,
    JUMBO_KINDS,
    JUMBO_WIN,
    LOWEST_WINS,
    NOT_LAST,
    ONE_CARD_END,
    REPLACE_FIRST,
    REPLACE_ROUND_ONE,
    REPLACE_SECOND,
    REVEAL,
    ROUND_ORDER,
    SACRIFICE,
    SACRIFICE_AGAIN,
    SEQUENCE,
    SET,
    SEVEN_SPACES,
    SKIP_COVERED,
    TILES,
    TWO_OPTIONS,
    VICTORY,
)

TRACK = {"low": -3, "high": 3}  # the seven spaces, counted from the centre space printed 7; minus is toward me
PHASES = ("replacement", "duel", "play", "move", "tile")  # a round's sequence (п-єса/1)


# ================================================================ a round's order


@check(
    "round-order",
    "Does this come now? A round goes: replacing cards, the duel, play, moving the Tacocat, placing a tile",
    [
        Fact("phase", "choice", "where the round stands", choices=PHASES),
        Fact("wanted", "choice", "the step the player wants to take", choices=PHASES),
    ],
    example={"phase": "play", "wanted": "replacement"},
)
def round_order(f: dict) -> Verdict:
    now, wanted = PHASES.index(f["phase"]), PHASES.index(f["wanted"])
    ok = wanted >= now
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because(ROUND_ORDER, f"{f['wanted']} comes {'at or after' if ok else 'before'} {f['phase']}")],
        summary=f"{'legal' if ok else 'illegal'}: {f['wanted']} "
        + ("may follow" if ok else f"is past: the round is at {f['phase']}"),
    )


# ================================================================ replacing cards


@check(
    "replace-order",
    "Who replaces cards first? The player the arrow on the Tacocat's space points to; of a space with two "
    "arrows the book says no more",
    [
        Fact("arrows", "int", "arrows on the Tacocat's space", low=1, high=2),
        Fact("points_at", "bool", "an arrow points at the player who wants to replace first", False),
    ],
    example={"arrows": 1, "points_at": True},
)
def replace_order(f: dict) -> Verdict:
    if f["arrows"] == 2:
        return Verdict(
            "unknown",
            None,
            [because(ARROWS, "one or two arrows"), because(ARROW_FIRST, "the player the arrow points to")],
            summary="unknown: the book says who replaces first by the arrow, not what two arrows mean",
        )
    if f["points_at"]:
        return Verdict(
            "legal",
            reasons=[because(ARROW_FIRST, "the arrow points at him"), because(REPLACE_FIRST, "as many as he likes")],
            consequences=[then(REPLACE_SECOND, "then the opponent, up to as many")],
            summary="legal: the player the arrow points to replaces first, as many cards as he likes",
        )
    return Verdict(
        "illegal",
        reasons=[because(ARROW_FIRST, "the arrow points at the other player")],
        consequences=[
            then(REPLACE_FIRST, "the arrow's player replaces first, as many as he likes"),
            then(REPLACE_SECOND, "then this player, up to as many"),
        ],
        summary="illegal: the player the arrow points to replaces first",
    )


@check(
    "card-replacement",
    "How many cards may the second player replace? Up to as many as the first; any number in round 1",
    [
        Fact("round", "int", "round number", low=1, high=50),
        Fact("first_replaced", "int", "cards the first player replaced", 0, low=0, high=20),
        Fact("second_wants", "int", "cards the second player wants to replace (not read for 'any')", low=0, high=20),
        Fact("claim", "choice", "a count, or 'any': as many as he likes", "count", choices=("count", "any")),
    ],
    example={"round": 2, "first_replaced": 3, "second_wants": 4},
)
def card_replacement(f: dict) -> Verdict:
    after = [then(ROUND_ORDER, "then the duel")]
    if f["round"] == 1:
        return Verdict(
            "legal",
            reasons=[
                because(REPLACE_ROUND_ONE, "first round: any number"),
                because(REPLACE_SECOND, "the limit of the later rounds does not apply"),
            ],
            consequences=after,
            summary="legal: in the first round both may replace any number",
        )
    reasons = [
        because(ARROW_FIRST, "the player the arrow points to replaces first"),
        because(REPLACE_FIRST, f"the first player replaced {f['first_replaced']}"),
    ]
    if f["claim"] == "any":
        return Verdict(
            "illegal",
            reasons=[
                because(REPLACE_ROUND_ONE, f"any number only in the first round; this is round {f['round']}"),
                *reasons,
                because(REPLACE_SECOND, "the second player up to as many"),
            ],
            summary=f"illegal: round {f['round']} is not the first: the second player replaces up to as many",
        )
    ok = f["second_wants"] <= f["first_replaced"]
    sign = "<=" if ok else ">"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[*reasons, because(REPLACE_SECOND, f"{f['second_wants']} {sign} {f['first_replaced']}")],
        consequences=after if ok else [],
        summary=f"{'legal' if ok else 'illegal'}: {f['second_wants']} cards against the first player's "
        f"{f['first_replaced']}",
    )


# ================================================================ the duel


@check(
    "duel",
    "Who attacks first? The highest duel card; a tie means a new duel",
    [
        Fact("mine", "int", "my duel card", low=1, high=20),
        Fact("theirs", "int", "the opponent's duel card", low=1, high=20),
    ],
    example={"mine": 9, "theirs": 4},
)
def duel(f: dict) -> Verdict:
    if f["mine"] == f["theirs"]:
        return Verdict(
            "value",
            "duel again",
            [because(DUEL_TIE, "a tie: discard and duel again")],
            outcome="draw",
            summary="a tie: both cards discarded, duel again",
        )
    first = "me" if f["mine"] > f["theirs"] else "opponent"
    return Verdict(
        "value",
        first,
        [because(DUEL_HIGH, f"{max(f['mine'], f['theirs'])} is highest")],
        consequences=[
            then(DUEL_DISCARD, "both duel cards are discarded"),
            then(ATTACKS_FIRST, "the duel's winner attacks first"),
        ],
        summary=f"{first} attacks first ({max(f['mine'], f['theirs'])} is highest)",
    )


@check(
    "duel-card",
    "Which card may a player put in the duel? Any one card from the hand; with two cards or fewer left (a duel "
    "tied again and again) the book does not say",
    [Fact("hand", "int", "cards the player holds before this duel", low=1, high=38)],
    example={"hand": 2},
)
def duel_card(f: dict) -> Verdict:
    if f["hand"] <= 2:
        return Verdict(
            "unknown",
            None,
            [
                because(DUEL_TIE, "a tie is dueled again, without limit"),
                because(ONE_CARD_END, "one card each at the round's end"),
                because(CONTINUE, "play goes on until one card each"),
            ],
            summary=f"unknown: a duel from {f['hand']} card(s) leaves at most one, and a tie then none; "
            "the book sets no limit to the duels",
        )
    return Verdict(
        "legal",
        reasons=[because(DUEL_CARDS, "one card from the hand, face down: any card")],
        consequences=[
            then(DUEL_HIGH, "the highest card attacks first"),
            then(DUEL_DISCARD, "both duel cards are discarded"),
        ],
        summary="legal: any one card from the hand goes face down into the duel",
    )


# ================================================================ play


@check(
    "attack-turn",
    "Whose attack is it? The duel's winner first; after a defence the defender; after a sacrifice the same attacker",
    [
        Fact("won_by", "choice", "how the lead was last decided", choices=("duel", "defence", "sacrifice")),
        Fact("has_lead", "bool", "the player who wants to attack holds it"),
    ],
    example={"won_by": "sacrifice", "has_lead": False},
)
def attack_turn(f: dict) -> Verdict:
    why = {
        "duel": because(ATTACKS_FIRST, "the duel's winner attacks first"),
        "defence": because(DEFEND_ATTACKS_NEXT, "the defender attacks next"),
        "sacrifice": because(SACRIFICE_AGAIN, "after a sacrifice the same player attacks again"),
    }[f["won_by"]]
    ok = f["has_lead"]
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[why],
        summary=f"{'legal' if ok else 'illegal'}: the attack is {'his' if ok else 'the other player' + chr(39) + 's'}"
        f" (after the {f['won_by']})",
    )


@check(
    "attack-card",
    "May a single card attack? One card from the hand, face up, while the players hold more than one card each",
    [Fact("cards_in_hand", "int", "cards the attacker holds before the attack", low=0, high=38)],
    example={"cards_in_hand": 1},
)
def attack_card(f: dict) -> Verdict:
    if f["cards_in_hand"] <= 1:
        return Verdict(
            "illegal",
            reasons=[
                because(CONTINUE, "play goes on until both hold one card"),
                because(ONE_CARD_END, "one card each at the round's end"),
            ],
            consequences=[then(REVEAL, "the last cards are shown")],
            summary="illegal: with one card each play is over; the last cards are shown",
        )
    return Verdict(
        "legal",
        reasons=[because(ATTACK_ONE, "one card, face up")],
        consequences=[then(TWO_OPTIONS, "the opponent defends or sacrifices")],
        summary="legal attack with one card; the opponent defends or sacrifices",
    )


@check(
    "jumbo-attack",
    "Is this a jumbo attack? A set (2+ of a rank) or a sequence (3+ consecutive), never with the last card",
    [
        Fact("cards", "ints", "the attacking cards", low=1, high=20),
        Fact("cards_left_after", "int", "cards left in the attacker's hand after the attack", low=0, high=20),
    ],
    example={"cards": [4, 5, 6], "cards_left_after": 2},
)
def jumbo(f: dict) -> Verdict:
    cards = sorted(f["cards"])
    if f["cards_left_after"] < 1:
        return Verdict(
            "illegal",
            reasons=[
                because(NOT_LAST, "the attack would use the last card"),
                because(ONE_CARD_END, "one card each at the round's end"),
                because(CONTINUE, "play goes on until both hold one card"),
            ],
            summary="illegal jumbo attack: it would use the last card",
        )
    after = [
        then(EACH_CARD, "each card is defended separately"),
        then(JUMBO_WIN, "defended against every card: the defender wins and attacks next"),
        then(JUMBO_ALL, "one sacrifice loses the exchange"),
    ]
    if len(cards) >= 2 and len(set(cards)) == 1:
        return Verdict(
            "legal",
            "set",
            [because(SET, f"{len(cards)} cards of rank {cards[0]}"), because(NOT_LAST, "a card is kept")],
            consequences=after,
            summary=f"legal jumbo attack: a set of {len(cards)} {cards[0]}s",
        )
    if len(cards) >= 3 and all(b - a == 1 for a, b in itertools.pairwise(cards)):
        return Verdict(
            "legal",
            "sequence",
            [because(SEQUENCE, f"{len(cards)} in a row"), because(NOT_LAST, "a card is kept")],
            consequences=after,
            summary=f"legal jumbo attack: a sequence {cards[0]}-{cards[-1]}",
        )
    return Verdict(
        "illegal",
        reasons=[
            because(JUMBO_KINDS, "sets and sequences only"),
            because(SET, "not a set"),
            because(SEQUENCE, "not a sequence"),
        ],
        summary=f"illegal jumbo attack: {cards} is neither a set nor a sequence",
    )


@check(
    "defence",
    "Does an answer to an attacking card hold? A card of equal or higher value defends; else the lowest card is "
    "sacrificed; a lowest card that could defend, laid as a sacrifice, the book reads both ways; any other card laid "
    "as a sacrifice is illegal",
    [
        Fact("attack", "int", "the attacking card", low=1, high=20),
        Fact("defence", "int", "the card laid against it", low=1, high=20),
        Fact("lowest", "bool", "the card laid is the defender's lowest", True),
        Fact("declared", "choice", "laid as a defence or as a sacrifice", "defence", choices=("defence", "sacrifice")),
    ],
    example={"attack": 7, "defence": 7},
)
def defence(f: dict) -> Verdict:
    a, d = f["attack"], f["defence"]
    held = Verdict(
        "value",
        "defended",
        [because(DEFEND, f"{d} >= {a}")],
        outcome="held",
        consequences=[then(DEFEND_ATTACKS_NEXT, "the defender attacks next")],
        summary=f"the defence holds ({d} against {a}); the defender attacks next",
    )
    if d >= a and f["declared"] == "defence":
        return held
    if d >= a and not f["lowest"]:
        # settled, not two readings: choosing not to defend, he must lay his lowest card, and this is not it
        return Verdict(
            "illegal",
            reasons=[
                because(SACRIFICE, "not defending (by choice), he must lay his lowest card"),
                because(DEFEND, f"the {d} would defend, but he declared a sacrifice"),
            ],
            summary=f"illegal: the {d}, laid as a sacrifice, is not his lowest card; a sacrifice is the lowest card",
        )
    if d >= a:
        other = Reading(
            "he chose not to defend and laid his lowest card: a sacrifice; the attacker attacks again",
            "value",
            "sacrifice the lowest card",
            [because(SACRIFICE, "not defending: the lowest card"), because(SACRIFICE_AGAIN, "the same attacker")],
        )
        return Verdict(
            "ambiguous",
            None,
            [because(DEFEND, f"{d} >= {a}"), because(SACRIFICE, "laid as a sacrifice")],
            [
                Reading(
                    "any card of equal or greater value laid against the attack defends: the defender attacks next",
                    "value",
                    "defended",
                    [because(DEFEND, f"{d} >= {a}"), because(DEFEND_ATTACKS_NEXT, "the defender attacks next")],
                ),
                other,
            ],
            summary=f"ambiguous: the {d}, laid as a sacrifice, is also a defence against the {a}",
        )
    if not f["lowest"]:
        return Verdict(
            "illegal",
            reasons=[
                because(DEFEND, f"{d} < {a}: no defence"),
                because(SACRIFICE, "not defending, he must lay his lowest card"),
            ],
            summary=f"illegal: the {d} does not defend against the {a}, and a sacrifice is the lowest card",
        )
    return Verdict(
        "value",
        "sacrifice the lowest card",
        [
            because(DEFEND, f"{d} < {a}" if d < a else "laid as a sacrifice"),
            because(SACRIFICE, "the lowest card, face up"),
            because(DEFEND_ATTACKS_NEXT, "only a defence passes the right to attack"),
        ],
        outcome="failed",
        consequences=[then(SACRIFICE_AGAIN, "the same player attacks again")],
        summary=f"the lowest card ({d}) is sacrificed against the {a}; the attacker attacks again"
        if f["declared"] == "sacrifice"
        else f"the defence fails ({d} against {a}); the lowest card is sacrificed",
    )


@check(
    "answer-face",
    "How is an answer to an attack laid? The attack is laid face up; the defence and the sacrifice 'face to the "
    "table' (лицьовою стороною до столу): read literally (face down) or as a slip for face up",
    [Fact("face", "choice", "how the answer was laid", choices=("down", "up"))],
    example={"face": "down"},
)
def answer_face(f: dict) -> Verdict:
    return Verdict(
        "ambiguous",
        None,
        [because(ATTACK_ONE, "the attack: face up"), because(DEFEND, "the defence: 'face to the table'")],
        [
            Reading(
                "literally: the answer lies face down; the attacker cannot check its value during the trick",
                "legal" if f["face"] == "down" else "illegal",
                None,
                [because(DEFEND, "face to the table"), because(SACRIFICE, "the sacrifice too")],
            ),
            Reading(
                "a slip for face up, like the attack: the answer is shown, so its value can be checked",
                "legal" if f["face"] == "up" else "illegal",
                None,
                [because(ATTACK_ONE, "face up"), because(DEFEND, "equal or greater value, to be seen")],
            ),
        ],
        summary=f"ambiguous: an answer laid face {f['face']}; the book's 'face to the table' reads both ways",
    )


@check(
    "jumbo-result",
    "Who wins a jumbo attack's exchange? The defender only if he defended against every card; one sacrifice loses it",
    [
        Fact("cards", "int", "the attacking cards", low=2, high=20),
        Fact("defended", "int", "of them, the cards the defender defended against", low=0, high=20),
    ],
    example={"cards": 2, "defended": 1},
)
def jumbo_result(f: dict) -> Verdict:
    if f["defended"] > f["cards"]:
        raise RefereeError("facts 'cards' and 'defended': no more defences than attacking cards")
    reasons = [because(EACH_CARD, "each card separately")]
    if f["cards"] == 2:
        reasons.append(because(SET, "a set may be two cards: 'all three' reads as every card"))
    elif f["cards"] > 3:
        reasons += [because(SET, "two or more"), because(SEQUENCE, "three or more: 'all three' reads as every card")]
    if f["defended"] == f["cards"]:
        return Verdict(
            "value",
            "defender",
            [*reasons, because(JUMBO_WIN, f"defended against all {f['cards']} cards")],
            outcome="held",
            summary=f"the defender defended against all {f['cards']} cards: he wins and attacks next",
        )
    return Verdict(
        "value",
        "attacker",
        [*reasons, because(JUMBO_ALL, f"{f['cards'] - f['defended']} sacrifice(s)"), because(JUMBO_WIN, "not all")],
        outcome="failed",
        consequences=[then(SACRIFICE_AGAIN, "the attacker attacks again")],
        summary="a sacrifice against one of the cards: the defender loses; the attacker attacks again",
    )


@check(
    "showdown",
    "Does play go on? Attacking and defending continue until both players hold one card; then the last cards are "
    "shown at once",
    [Fact("cards", "int", "cards each player holds", low=0, high=38)],
    example={"cards": 1},
)
def showdown(f: dict) -> Verdict:
    if f["cards"] <= 1:
        return Verdict(
            "value",
            "reveal",
            [because(CONTINUE, "both hold one card")],
            consequences=[then(REVEAL, "both show their last card at once"), then(LOWEST_WINS, "the lowest wins")],
            summary="play stops: both hold one card; the last cards are shown and the lowest wins the round",
        )
    return Verdict(
        "value", "play on", [because(CONTINUE, f"{f['cards']} cards each")], summary=f"play goes on ({f['cards']} each)"
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


# ================================================================ one ruling per question (referee.rules.overlaps)

OVERLAPS = [
    *apart(
        "answer-face",
        ["attack-card", "defence", "tacocat-silent"],
        "how an answer is laid, against whether an attack or a defence holds and what the book leaves unsaid",
    ),
    *apart(
        "attack-card",
        ["duel-card", "jumbo-attack", "showdown"],
        "a single card's attack, against the duel's card, a jumbo attack and play's end at one card each",
    ),
    *apart(
        "duel-card", ["duel", "jumbo-attack", "showdown"], "the duel's card, against its winner, a jumbo and play's end"
    ),
    *apart(
        "jumbo-attack", ["jumbo-result", "showdown"], "whether a jumbo may attack, against its result and play's end"
    ),
    *apart("attack-turn", ["defence"], "whose attack it is next, against whether the defence held"),
    *apart("defence", ["tacocat-silent"], "whether a defence holds, against where a finished trick's cards go"),
    *apart("card-replacement", ["replace-order"], "how many cards may be replaced, against who replaces first"),
    *apart(
        "tacocat-silent",
        ["carry-over", "cat-move", "deal-count"],
        "who shuffles and deals (unsaid), against what carries over, the cat's move and how many cards are dealt",
    ),
    *apart("cat-move", ["carry-over", "deal-count"], "the cat's move, against the next round's deal"),
    *apart("round-winner", ["tile-placement"], "who wins the round, against where the tile goes after it"),
]
