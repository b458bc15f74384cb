"""rugby-world: the book's words its checks cite, each with the entry it is in (verbatim: the build checks)."""

from referee.rules import Quote, Table

PASS_BACKWARDS = Quote(
    "rugby-world/1a/2", "closer to the try line than the passing miniature itself (that is, backwards)"
)
PASS_RANGE = Quote(
    "rugby-world/1a/3",
    "at a distance of up to a maximum of intersections equal to the P value of the passing miniature.",
)
PASS_COUNT = Quote(
    "rugby-world/1a/4",
    "it is advisable to identify all the intersections behind it that can be reached by travelling across the pitch, sideways and along the main direction, for 3 intersections",
)
PASS_TACKLED = Quote(
    "rugby-world/1d/12",
    "The maximum range of the pass is given by the P value of the miniature, but if it is tackled, it will be half of P (always rounded down).",
)
CARDS_RULE = Quote(
    "rugby-world/2g/1",
    "Each team has 4 special cards available, playable during one of its own turns to obtain a benefit at that particular moment.",
)
TACKLE_CARRIER = Quote(
    "rugby-world/1d/1",
    "Each defender may tackle only the opposing ball carrier. Tackling opponents who do not have the ball is a foul (obstruction, see 2f).",
)
TACKLE_DEFENDERS = Quote(
    "rugby-world/1d/3",
    "The Tackle takes place by bringing from one to three defenders to position themselves on one of the 3 points in front of the ball carrier",
)
OBSTRUCTION = Quote(
    "rugby-world/1d/19",
    "a defender may not remain on one of the 3 points in front of any attacker without the ball, unless they are players who remained in those positions from a previous Tackle.",
)
TWO_DEFENDERS = Quote("rugby-world/1d/14", "With 2 defenders tackling, the only options are b) and c).")
THREE_DEFENDERS = Quote(
    "rugby-world/1d/15", "With 3 defenders, the Tackle is such that the only possibility left is option c)."
)
STRENGTH_RULE = Quote(
    "rugby-world/1d/7", "reducing the range of winning die values of the weaker by a number equal to that difference"
)
STRENGTH_BALANCE = Quote(
    "rugby-world/1d/7",
    "At equal strength, a situation of balance, the one declaring the break-through wins with a die from 1 to 6 and loses with a die from 7 to 12.",
)
STRENGTH_EXAMPLE = Quote(
    "rugby-world/1d/7", "compared with the original balance of 1-6 and 7-12, the new situation is 1-4 and 5-12."
)
SPEED_RULE = Quote("rugby-world/1d/10", "the players compare speeds and not strengths (Speed Rule)")
SCRUM_EXAMPLE = Quote(
    "rugby-world/2d/18",
    "if the Scrum pack that has the ball has F = 67 and the other has F = 69, then the first Scrum pack manages to push the second if it rolls and gets from 1 to 4.",
)
HARD_TACKLE = Quote(
    "rugby-world/1d/16",
    "applying the Strength Rule, checks the result (the 1-6 interval always belongs to the declarer).",
)
HARD_WIN_123 = Quote(
    "rugby-world/1d/17",
    "If the defender declaring the Hard Tackle wins with a die of 1, 2 or 3, then it has recovered the ball",
)
HARD_WIN_REST = Quote(
    "rugby-world/1d/17",
    "If the defender wins with the remaining numbers, it occupies only the original position of the ball carrier, pushes the opponent back by one intersection and forces them to ground the ball (option c).",
)
HARD_LOSE_FOUL = Quote(
    "rugby-world/1d/18",
    "If the defender declaring the Hard Tackle loses with 10, 11 and 12, it has committed a foul, penalised with a Penalty kick (see ch. 2f).",
)
HARD_LOSE_REST = Quote(
    "rugby-world/1d/18",
    "If the defender loses with the remaining numbers, it places itself 2 intersections away (where it wishes), losing its token.",
)
FREE_ROWS = Quote(
    "rugby-world/free-move/2",
    "the miniature must be at least 2 intersections closer to its own try line than the ball is.",
)
FREE_THREE = Quote(
    "rugby-world/free-move/4", "No more than 3 of the 4 miniatures that may be moved in a turn may use the free move."
)
FREE_KICK = Quote(
    "rugby-world/free-move/5",
    "After any kick, free moves are immediately frozen and may not be used until the ball is reached by any miniature",
)
FREE_22 = Quote(
    "rugby-world/free-move/6",
    "When the ball carrier enters the opponents' 22-metre area, line included, the free moves of both teams are frozen, until the ball leaves that area again.",
)
KICK_SUCCESS_CAPTION = Quote(
    "rugby-world/2f/10", 'Kick success table (the first row is for kickers "k", the second for non-kickers):'
)
CONVERSION_TABLE = Quote(
    "rugby-world/2f/13",
    "The same table applies to conversion kicks after a try: the teams are not lined up, since it is a die throw.",
)
DROP_TABLE = Quote("rugby-world/2f/14", "may attempt a Drop with the probabilities expressed above.")
CARD_GROUPS = Quote(
    "rugby-world/2g/3",
    "the remaining 3 concern only a particular group of miniatures: a forward (from 1 to 8), a three-quarter (from 11 to 14) or a halfback or fullback (9, 10 and 15).",
)
CARD_NOMINAL = Quote(
    "rugby-world/2g/4",
    "The other 3 are nominal, and must be played only before moving a miniature of the group indicated in the tables below",
)
OBSTRUCTION_SCRUM = Quote(
    "rugby-world/2d/5", "obstruction foul (ch. 1d): Scrum put in by the team that did not commit the obstruction"
)
SCRUM_WHERE = Quote(
    "rugby-world/2d/8",
    "Scrums are formed at the exact point of the infringements, placing the hooker (no. 2) on the said intersection",
)
PENALTY_WHERE = Quote(
    "rugby-world/2f/1",
    "Every infringement of the Rugby World rules is punished with the formation of a Scrum or with a Penalty kick at the exact point of the infringement.",
)
CONVERSION_ROW = Quote(
    "rugby-world/2f/13",
    "If the try was scored by crossing the line more than 2 intersections from the touchlines, then the probability of conversion is that of the first row in the table, otherwise it is the second row.",
)
DROP = Quote(
    "rugby-world/2f/14",
    "any miniature in the opponents' half, with an area around itself free of opponents of 7 intersections by 7 intersections (no opponent may be within three intersections or fewer of the kicker), may attempt a Drop",
)
POINTS = Quote(
    "rugby-world/set-up-and-aim-of-the/5",
    "A try is worth 5 points, followed by a conversion kick (ch. 2f) worth 2 points, for a total of 7 points. A kick between the posts (Drop or Penalty kick, ch. 2f) is worth 3 points.",
)
SEVENTH_TACKLE = Quote(
    "rugby-world/2h/11",
    "At the 7th Tackle, in fact, a Scrum put in by the opponent is whistled and the possession ends.",
)

# The two tables, quoted row by row (tab-separated cells, as printed).
# The two tables, quoted row by row (tab-separated cells, as printed).
KICK_COLUMNS = (
    "Kick type",
    "Kicker (k): die 1-4",
    "Kicker (k): die 5-8",
    "Kicker (k): die 9-12",
    "Non-kicker: die 1-4",
    "Non-kicker: die 5-8",
    "Non-kicker: die 9-12",
)

SUCCESS_COLUMNS = (
    "Probability of success",
    "Within 22 m of the posts, more than 2 intersections from the touchlines",
    "Between 24 m and 40 m, or 2 intersections or fewer from the touchlines",
    "Between 42 m and 50 m",
)


KICK_TABLE = Table(
    "rugby-world/1c/10",
    KICK_COLUMNS,
    [
        (
            "Short range",
            "5 intersections",
            "6 intersections",
            "7 intersections",
            "1 intersection",
            "4 intersections",
            "7 intersections",
        ),
        (
            "Medium range",
            "9 intersections",
            "11 intersections",
            "13 intersections",
            "2 intersections",
            "7 intersections",
            "13 intersections",
        ),
        (
            "Long range",
            "18 intersections",
            "22 intersections",
            "26 intersections",
            "3 intersections",
            "13 intersections",
            "26 intersections",
        ),
    ],
    joiner="\t",
)

SUCCESS_TABLE = Table(
    "rugby-world/2f/10",
    SUCCESS_COLUMNS,
    [('"k"', "2-12", "3-12", "4-12"), ('"non-k"', "4-12", "6-12", "8-12")],
    joiner="\t",
)


# Special cards that change a rule, with the words of the card that do it. Every P card is a
# nominal card of the halves and the fullback; every steal card is a forward's ("Backs (1-8)").
HALVES = "Scrum-Half, Fly-Half, Fullback (9-10-15)"
FORWARDS_HEADING = "Backs (1-8)"
P_CARD = {
    "serge-blanco": Quote("rugby-world/france/3", "increase his P value to 20 intersections"),
    "hugo-porta": Quote("rugby-world/argentina/4", "increase his P value to 20 intersections"),
    "mark-ella": Quote("rugby-world/australia/5", "increase their P value to 20 intersections"),
    "waisale-serevi": Quote("rugby-world/fiji/3", "increase their P value to 20 intersections"),
    "jackie-kyle": Quote("rugby-world/ireland/5", "increase their P value to 20 intersections"),
    "naas-botha": Quote("rugby-world/south-africa/5", "increase their P value to 20 intersections"),
    "stefano-bettarello": Quote("rugby-world/italy/3", "increase their P value to 16 intersections"),
    "tanaka-ginnosuke": Quote("rugby-world/japan/3", "increase their P value to 12 intersections"),
    "chris-tynan": Quote("rugby-world/canada/5", "increase their P value to 12 intersections"),
    "ray-nelson": Quote("rugby-world/usa/3", "increase their P value to 12 intersections"),
    "hans-botzong": Quote("rugby-world/germany/5", "increase their P value to 10 intersections"),
}
P_CARD_GROUP = {name: Quote(card.entry, HALVES) for name, card in P_CARD.items()}  # the card's own heading
BLOCKING_CARD = {
    "haka-ka-mate": Quote(
        "rugby-world/new-zealand/2", "blocks the opponents' defensive free moves for 5 consecutive turns"
    ),
    "cibi": Quote("rugby-world/fiji/2", "blocks the opponents' defensive free moves for 2 turns"),
    "siva-tau": Quote("rugby-world/samoa/2", "blocks the opponents' defensive free moves for 2 turns"),
    "one-ireland": Quote("rugby-world/ireland/2", "blocks the opponents' defensive free moves for 3 turns"),
    "land-of-my-fathers": Quote("rugby-world/wales/2", "blocks the opponents' defensive free moves for 3 turns"),
    "drv": Quote("rugby-world/germany/2", "blocks the opponents' defensive free moves during the following turn"),
    "ragubi-bu": Quote("rugby-world/japan/2", "blocks the opponents' defensive free moves for the following turn"),
    "olympic-games-1924": Quote(
        "rugby-world/usa/2", "blocks the opponents' defensive free moves for the following turn"
    ),
}
STEAL_CARD = {
    "will-mcbride": Quote("rugby-world/ireland/3", "The Back tackles and automatically steals the ball."),
    "colin-meads": Quote("rugby-world/new-zealand/4", "The back tackles and automatically steals the ball."),
    "peter-fatialofa": Quote("rugby-world/samoa/3", "The Back tackles and steals the ball automatically."),
}
STEAL_CARD_GROUP = {name: Quote(card.entry, FORWARDS_HEADING) for name, card in STEAL_CARD.items()}
