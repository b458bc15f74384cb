"""Rugby World's words its checks cite, each with the entry it is in (verbatim: the build checks). Every quote
is whole sentences (or a printed line: a table row, a card's heading); the special cards are data: each
card's printed heading and the sentences of its effect, read by the checks."""

import re

from referee.rules import Quote, Table, Takes

# ---------------------------------------------------------------- the aim, the match, turns and moves

DRAW_TO_START = Quote(
    "rugby-world/set-up-and-aim-of-the/3",
    "To begin the game, the pitch and the ball are decided by a draw: the higher die decides whether to start on defence (kicking the ball) or on attack (receiving it).",
)
POINTS = Quote(
    "rugby-world/set-up-and-aim-of-the/5",
    "A try is worth 5 points, followed by a conversion kick (ch. 2f) worth 2 points, for a total of 7 points. A kick between the posts (Drop or Penalty kick, ch. 2f) is worth 3 points.",
)
HIGHER_SCORE = Quote(
    "rugby-world/set-up-and-aim-of-the/5", "The team with the higher score at the end of the game wins."
)
FOUR_MOVES = Quote("rugby-world/playing-the-game/3", "During each turn up to 4 single moves may be made.")
TURNS_ALTERNATE = Quote(
    "rugby-world/playing-the-game/3",
    "The attacking team and the defending team alternate their turns of play (first the team that made the kick-off, then the other, in a continuous alternation).",
)
DIFFERENT_PLAYERS = Quote(
    "rugby-world/1/5",
    "The 4 moves in each turn must always involve different players. If there is no need, fewer than 4 moves may be made.",
)
TOKEN_PLACED = Quote(
    "rugby-world/vector-movement/6",
    "Once the token is placed on the ground, the movement for that miniature ends and it may no longer be changed.",
)
NO_SHARED_INTERSECTION = Quote(
    "rugby-world/vector-movement/23",
    "A miniature may never occupy the intersection of an opponent (unless making a Hard Tackle) or of a teammate.",
)
MAX_SPEED = Quote(
    "rugby-world/vector-movement/21",
    "The maximum speed reachable by each miniature equals the S value (speed) shown in its characteristics.",
)

# ---------------------------------------------------------------- the pass

PASS_NOT_A_MOVE = Quote(
    "rugby-world/1a/1",
    "The pass of the ball is not considered a move. The ball is passed backwards (see fig. 1), moving it by hand from the miniature carrying the ball to an intersection of the pitch that is:",
)
PASS_BACKWARDS = Quote(
    "rugby-world/1a/2", "closer to the try line than the passing miniature itself (that is, backwards)"
)
PASS_RANGE = Quote(
    "rugby-world/1a/3",
    "at a distance of up to a maximum of intersections equal to the P value of the passing miniature.",
)
PASS_COUNT = Quote(
    "rugby-world/1a/4",
    "Example: if the miniature carrying the ball has P = 3, then to show the points where it may pass the ball, it is advisable to identify all the intersections behind it that can be reached by travelling across the pitch, sideways and along the main direction, for 3 intersections, as in figure 1.",
)
PASS_RECEIVER_MOVES = Quote(
    "rugby-world/1a/5",
    "If a teammate, not yet moved in that turn, is already on the chosen intersection, then not only is the pass completed, but that teammate may also be moved in that turn, advancing with the ball.",
)
PASS_WHEN = Quote(
    "rugby-world/1a/7",
    "The turn ends immediately after the 4th move: this means that passes are allowed only before the 1st move up to after the 3rd.",
)

# ---------------------------------------------------------------- free moves

FREE_ROWS = Quote(
    "rugby-world/free-move/2",
    "The free move allows miniatures to be placed on a row of intersections, parallel to the try lines, that lies behind, in the direction of advance of the pitch, by at least 2 intersections from the one where the ball is: that is, the miniature must be at least 2 intersections closer to its own try line than the ball is.",
)
FREE_TOKEN = Quote(
    "rugby-world/free-move/3",
    "Miniatures, after a free move, do not have a token (and if they had one before, they lose it): in the following turn they must therefore restart with a unit movement.",
)
FREE_THREE = Quote(
    "rugby-world/free-move/4", "No more than 3 of the 4 miniatures that may be moved in a turn may use the free move."
)
FREE_KICK = Quote(
    "rugby-world/free-move/5",
    "After any kick, free moves are immediately frozen and may not be used until the ball is reached by any miniature (free moves may not be made while the ball belongs to nobody).",
)
FREE_22 = Quote(
    "rugby-world/free-move/6",
    "When the ball carrier enters the opponents' 22-metre area, line included, the free moves of both teams are frozen, until the ball leaves that area again.",
)

# ---------------------------------------------------------------- kicks

KICK_LANDING = Quote(
    "rugby-world/1c/6",
    "The first difference between miniatures with kicking qualities and non-kickers is that the former are more precise in measuring the range; another difference is that a kicker decides the exact intersection where the ball lands, while a non-kicker, once the intersection has been declared, leaves the opponent the possibility to move the ball, parallel to the try lines, up to 5 intersections from the chosen intersection, to one side or the other (even kicking it into touch).",
)
KICK_PLACED = Quote(
    "rugby-world/1c/7",
    "After declaring the intention to kick and the type of kick, the die is rolled and then the ball is placed on the pitch, or even off it, at the end of the range along the row of intersections indicated by the range itself. It is also possible to decide to let the ball fall out, for a throw-in, by placing it 1 intersection outside the touchline (see ch. 2c).",
)

# ---------------------------------------------------------------- tackles and the tackled carrier

TACKLE_CARRIER = Quote(
    "rugby-world/1d/1",
    "Each defender may tackle only the opposing ball carrier. Tackling opponents who do not have the ball is a foul (obstruction, see 2f).",
)
TACKLE_DEFENDERS = Quote(
    "rugby-world/1d/3",
    "The Tackle takes place by bringing from one to three defenders to position themselves on one of the 3 points in front of the ball carrier (see figure 9).",
)
TACKLED_OPTIONS = Quote(
    "rugby-world/1d/5",
    "When the turn returns to attack, the tackled ball-carrying miniature must be moved: depending on how many defenders (1, 2 or 3) have tackled it, it has a series of options.",
)
ONE_DEFENDER = Quote("rugby-world/1d/6", "With only 1 defender in front, the tackled attacker may:")
BREAK_DECLARE = Quote(
    "rugby-world/1d/7",
    "a. Break through - declare the intention to break through, and roll the die. The F (strength) values of the 2 players are compared.",
)
STRENGTH_BALANCE = Quote(
    "rugby-world/1d/7",
    "At equal strength, a situation of balance, the one declaring the break-through wins with a die from 1 to 6 and loses with a die from 7 to 12.",
)
STRENGTH_RULE = Quote(
    "rugby-world/1d/7",
    "But if the two do not have the same strength, the difference in F values shifts the balance of the final result, reducing the range of winning die values of the weaker by a number equal to that difference.",
)
STRENGTH_EXAMPLE = Quote(
    "rugby-world/1d/7",
    "For example, if the tackled ball carrier has strength 6 and intends to break through against the defender who tackled him, who has strength 8, the difference of -2 in strength is reflected in the final result in this way: compared with the original balance of 1-6 and 7-12, the new situation is 1-4 and 5-12.",
)
BREAK_WINS = Quote(
    "rugby-world/1d/8",
    "If the attacker wins, and therefore breaks through, it may move into the free spaces available with a unit movement, with the token moved accordingly. If it wins with a 1 or 2, then it ensures that the defender cannot move in the following turn.",
)
BREAK_LOSES = Quote(
    "rugby-world/1d/9",
    "If the attacker loses, it is forced to put the ball on the ground, making it available (see option c), and if it loses with 11 or 12 the ball is taken from it by the defender (it is moved onto the defender).",
)
SPEED_RULE = Quote(
    "rugby-world/1d/10",
    "Evade - declare the intention to evade the Tackle: everything just said for the break-through applies, with the difference that the players compare speeds and not strengths (Speed Rule), and that in case of victory the attacker may immediately move 2 intersections, wherever it wishes.",
)
PASS_TACKLED = Quote(
    "rugby-world/1d/12",
    "The maximum range of the pass is given by the P value of the miniature, but if it is tackled, it will be half of P (always rounded down).",
)
GROUND_THE_BALL = Quote(
    "rugby-world/1d/13",
    "c. Ground the ball - declare the intention to make the ball available, and place it exactly one intersection back (relative to the main axis of the pitch) from the miniature.",
)
GROUNDED_BALL_FREE = Quote(
    "rugby-world/1d/13",
    'From this moment on, the ball is available to anyone able to reach it, except for the tackling defenders and those in "offside" (see ch. 2d).',
)
GROUNDED_ON_TEAMMATE = Quote(
    "rugby-world/1d/13",
    "If a teammate is already on the intersection behind, this teammate must declare whether it picks up the ball or leaves it on the ground under itself.",
)
TWO_DEFENDERS = Quote("rugby-world/1d/14", "With 2 defenders tackling, the only options are b) and c).")
THREE_DEFENDERS = Quote(
    "rugby-world/1d/15", "With 3 defenders, the Tackle is such that the only possibility left is option c)."
)
HARD_TACKLE = Quote(
    "rugby-world/1d/16",
    "The defender declares the intention to make a Hard Tackle, rolls the die and, applying the Strength Rule, checks the result (the 1-6 interval always belongs to the declarer).",
)
HARD_WIN_123 = Quote(
    "rugby-world/1d/17",
    "If the defender declaring the Hard Tackle wins with a die of 1, 2 or 3, then it has recovered the ball, which is placed on it: it therefore occupies the original position of the ball carrier and pushes the opponent back by one intersection.",
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
OBSTRUCTION = Quote(
    "rugby-world/1d/19",
    "Obstruction, as was said, is not allowed: therefore a defender may not remain on one of the 3 points in front of any attacker without the ball, unless they are players who remained in those positions from a previous Tackle.",
)

# ---------------------------------------------------------------- kick-off and restart kicks

KICK_OFF = Quote(
    "rugby-world/2a/1",
    'At the start of the 1st and 2nd halves (see 2h), one of the 2 teams (according to the draw, the 1st half is kicked off by one team and, in the 2nd half, the other team accordingly) kicks from the centre of the pitch, with one of its "k" miniatures placed there, towards the opponents\' half.',
)
KICK_OFF_MOVES = Quote(
    "rugby-world/2a/2",
    "The kick is made (see ch. 1c) and, as soon as the ball is placed on the final intersection, the kicking team has the right to 4 moves (the kick-off does not count as a move).",
)
KICK_OFF_VECTOR = Quote("rugby-world/2a/2", "All moves must be vector moves until any miniature reaches the ball.")
KICK_OFF_RANGES = Quote(
    "rugby-world/2a/4",
    "The kick-off may not kick directly into touch. At the kick-off only short and medium range may be used.",
)
KICK_OFF_AFTER_SCORE = Quote(
    "rugby-world/2a/5",
    "The kick-off is repeated, always from the halfway line, after every try (converted or not) or after every kick (Drop or Penalty kick) successfully scored: the team that conceded the try, the Drop or the Penalty kick must take the kick-off.",
)
RESTART_WHEN = Quote(
    "rugby-world/2a/6",
    "The restart kick, instead, is taken by the defence to resume play after an attacking opponent has kicked, missing, a Drop or a Penalty kick (see ch. 2f), or has sent the ball by a kick over the try line out of the pitch.",
)
RESTART_WHERE = Quote(
    "rugby-world/2a/6",
    'The defence places a "k" miniature with the ball wherever it wishes along its own 22-metre line, and lines up the rest of the team, starting from an intersection behind this one.',
)
RESTART_RANGES = Quote(
    "rugby-world/2a/6",
    "The restart kick may not kick directly into touch. At the restart kick all 3 types of range may be used.",
)

# ---------------------------------------------------------------- offside

OFFSIDE_LINE = Quote(
    "rugby-world/2b/1",
    'In Rugby, all attackers, to be considered "in play", must stand behind that line, and defenders, to be considered "in play", must stand in front of that line. Both must therefore be closer to their own try line than the ball is.',
)
OFFSIDE_PENALISED = Quote(
    "rugby-world/2b/1",
    "Being in offside does not automatically entail a penalty for the miniature. They are penalised, however, with a Scrum put in by the opposing team (ch. 2d), those offside miniatures which:",
)
OFFSIDE_CHASE = Quote(
    "rugby-world/2b/2",
    "move towards the ball after a teammate behind them has kicked the ball (only miniatures that were in play at the moment of the kick may chase and collect a kick).",
)
OFFSIDE_BACK = Quote(
    "rugby-world/2b/2",
    "Such offside miniatures are brought back into play (and so may move with either type of movement) only after the ball has been received by a miniature originally in play, of either team",
)

# ---------------------------------------------------------------- touch

TOUCH_THROW = Quote(
    "rugby-world/2c/4",
    "After the ball has gone into Touch it must be returned to play with a throw by the number 2 miniature. The right to throw the ball belongs to the team that did not send it into Touch, unless the ball was sent into Touch directly from a Penalty kick: in that case the team that took the latter keeps the right to throw.",
)
TOUCH_WHERE_RUN = Quote(
    "rugby-world/2c/6",
    "of the miniature, if its trajectory has crossed exactly one intersection, or of the furthest-back point, if the exit trajectory of the miniature lies between two intersections (fig. 8)",
)
TOUCH_WHERE_KICK = Quote(
    "rugby-world/2c/7",
    "of the ball, that is 1 intersection outside the line, if kicked out by a miniature within its own 22 metres or on its own 22 metres. The throw-in is at the height of the position of the miniature that kicked it out, if the kick took place outside the 22 metres of that miniature (which is why, to clear the ball with a kick from outside the 22 metres, it is better to keep it on the pitch).",
)
TOUCH_CHOICE = Quote(
    "rugby-world/2c/10",
    "The throwing team secretly chooses the miniature of its line that is to receive the throw, and indicates it by selecting on the 12-sided die the face whose number gives the position of that miniature counting from the touchline (from 1 to 5).",
)
TOUCH_GUESS = Quote(
    "rugby-world/2c/11",
    "Touch begins when the defence (the team not throwing) tries to guess this number: if it succeeds, the ball passes directly to the defending miniature, which marks in Touch the chosen one, that is, the one with the same position number. If it does not succeed, the ball is placed on the chosen attacker. The first turn of the touch always belongs to the team that took the ball, and consists of the classic 4 moves.",
)

# ---------------------------------------------------------------- scrums and rucks

SCRUM_OFFSIDE = Quote(
    "rugby-world/2d/4", "offside foul (ch. 2b): Scrum put in by the team that did not commit the offside"
)
OBSTRUCTION_SCRUM = Quote(
    "rugby-world/2d/5", "obstruction foul (ch. 1d): Scrum put in by the team that did not commit the obstruction"
)


def _three_out(facts: dict, verdict: object, reason: object) -> bool:
    """A Scrum's place as the ruling states it: 3 intersections out where the infringement was nearer the
    touchline or the try area, else where it was; never nearer than 3."""
    for line, fact in (("touchline", "from_touchline"), ("try area", "from_try_line")):
        stated = re.search(rf"(\d+) intersections? from the {line}", reason.explanation)  # type: ignore[attr-defined]
        given = facts.get(fact)
        if given is not None and (stated is None or int(stated.group(1)) != max(given, 3)):
            return False
        if stated is not None and int(stated.group(1)) < 3:
            return False
    return True


SCRUM_WHERE = Quote(
    "rugby-world/2d/8",
    "Scrums are formed at the exact point of the infringements, placing the hooker (no. 2) on the said intersection, except within less than 3 intersections of the try area or the touchline. In that case it is formed 3 intersections from the try area or the touchline.",
    takes=Takes("it is formed 3 intersections from the try area or the touchline", 3, _three_out),
)
SCRUM_PUSH = Quote(
    "rugby-world/2d/17",
    "The attacking Scrum pack must begin to push: to do so the die is rolled and the strength rule is applied (already applied in the Break-through and in the Hard Tackle), considering the Scrum packs as a single miniature, whose strength is the sum of the strengths of the 8 miniatures.",
)
SCRUM_APPENDIX = Quote(
    "rugby-world/2d/17",
    "Comparing it with the strength of the opposing Scrum pack, the outcome of the push is known (see the Appendix for the strength values of the Scrum packs of the various national teams).",
)
SCRUM_EXAMPLE = Quote(
    "rugby-world/2d/18",
    "For example, if the Scrum pack that has the ball has F = 67 and the other has F = 69, then the first Scrum pack manages to push the second if it rolls and gets from 1 to 4.",
)
SCRUM_WINS = Quote(
    "rugby-world/2d/18",
    "If the team declaring the push wins, then the packs move (translate forward) by one intersection towards the try line of the losing side.",
)
SCRUM_LOSES = Quote(
    "rugby-world/2d/20",
    "If the team declaring the push loses, it gains no advantage and suffers no harm: nothing happens and the packs remain in balance.",
)
SCRUM_ONE_MOVE = Quote("rugby-world/2d/21", "In the Scrum action, the pack that pushes counts as 1 movement.")
SCRUM_REPLY = Quote("rugby-world/2d/22", "During the defence's turn, the defence must also push its pack, and so on.")
RUCK_FORMS = Quote(
    "rugby-world/2e/1",
    "Following a Tackle, if in that same turn the attack manages to move 1, 2 or 3 teammates, covering only the 3 intersections immediately behind the tackled miniature, then a Ruck is formed, an unordered Scrum, and the tackled miniature must immediately release the ball without it being covered by the eventual teammate taking part in the Ruck behind the miniature.",
)
RUCK_AFTER = Quote(
    "rugby-world/2e/2", "The Ruck moreover, after 3 movements have been completed, allows the attack to:"
)
RUCK_PUSH = Quote(
    "rugby-world/2e/3",
    "advance by moving as a single entity, following the strength rule exactly as in ordered Scrums. If, for example, 3 teammates have supported the tackled miniature with the Ruck, then the strengths of the 4 miniatures are added together and compared with that of the strengths of the tackling miniatures, rolling the die.",
)
RUCK_AUTOMATIC = Quote(
    "rugby-world/2e/3",
    "It is probable that in these situations the difference between the strengths of the Rucks exceeds 6, which means automatic victory or defeat.",
)
RUCK_COMPULSORY = Quote("rugby-world/2e/3", "Moving a Ruck counts as 1 movement, and is a compulsory movement")
RUCK_REORGANISE = Quote(
    "rugby-world/2e/4",
    "move at will, by hand, as many miniatures as one wishes (excluding those taking part in the Ruck and those just moved in the turn) to reorganise the team and restart.",
)
RUCK_REPLY = Quote(
    "rugby-world/2e/7",
    "The defence, in its turn immediately following the attack's Ruck, must respond and move its Ruck, possibly first increasing the Ruck itself.",
)
RUCK_ONCE = Quote(
    "rugby-world/2e/8",
    "In the following turns, reorganisations of the line-ups at will are forbidden (only one per side, therefore).",
)

# ---------------------------------------------------------------- infringements and kicks at goal

PENALTY_WHERE = Quote(
    "rugby-world/2f/1",
    "Every infringement of the Rugby World rules is punished with the formation of a Scrum or with a Penalty kick at the exact point of the infringement.",
)
KICK_SUCCESS_CAPTION = Quote(
    "rugby-world/2f/10", 'Kick success table (the first row is for kickers "k", the second for non-kickers):'
)
KICK_SUCCESS_HEADER = Quote(
    "rugby-world/2f/10",
    "Probability of success\tWithin 22 m of the posts, more than 2 intersections from the touchlines\tBetween 24 m and 40 m, or 2 intersections or fewer from the touchlines\tBetween 42 m and 50 m",
)
PENALTY_CHOICE = Quote(
    "rugby-world/2f/11",
    "For the Penalty kick a kicker is used. The Penalty kick has 2 possibilities: to kick into touch (possession is kept) or to kick between the posts.",
)
PENALTY_AT_POSTS = Quote(
    "rugby-world/2f/12",
    "In the case of a kick at the posts, to score the 3 points, the table below is consulted: according to the distance from the posts, there are different probabilities of success.",
)
CONVERSION_TABLE = Quote(
    "rugby-world/2f/13",
    "The same table applies to conversion kicks after a try: the teams are not lined up, since it is a die throw.",
)
CONVERSION_ROW = Quote(
    "rugby-world/2f/13",
    "If the try was scored by crossing the line more than 2 intersections from the touchlines, then the probability of conversion is that of the first row in the table, otherwise it is the second row.",
)
DROP = Quote(
    "rugby-world/2f/14",
    "The same table also applies to Drops: during an action, any miniature in the opponents' half, with an area around itself free of opponents of 7 intersections by 7 intersections (no opponent may be within three intersections or fewer of the kicker), may attempt a Drop with the probabilities expressed above.",
)

# ---------------------------------------------------------------- special cards: the rules

CARDS_RULE = Quote(
    "rugby-world/2g/1",
    "Each team has 4 special cards available, playable during one of its own turns to obtain a benefit at that particular moment.",
)
CARD_ONCE = Quote("rugby-world/2g/2", "Each card may be played only once in the whole game.")
CARD_OPPONENT_RUNNING = Quote(
    "rugby-world/2g/2",
    "A card may not be played if the effect of a card previously played by the opponent has not yet ended.",
)
CARD_GROUPS = Quote(
    "rugby-world/2g/3",
    "One of these 4 cards is collective, and concerns the whole team; the remaining 3 concern only a particular group of miniatures: a forward (from 1 to 8), a three-quarter (from 11 to 14) or a halfback or fullback (9, 10 and 15).",
)
CARD_COLLECTIVE = Quote(
    "rugby-world/2g/4",
    "The collective card expresses a potential of the team and may be played during the turn regardless of the miniature being moved.",
)
CARD_NOMINAL = Quote(
    "rugby-world/2g/4",
    "The other 3 are nominal, and must be played only before moving a miniature of the group indicated in the tables below, precisely to obtain an advantage on that movement.",
)
CARD_APPENDIX = Quote(
    "rugby-world/2g/5", "See the Appendix for all the meanings of the collective and nominal special cards."
)
CARDS_NOT_EXHAUSTIVE = Quote(
    "rugby-world/appendix-special-cards-and-scrum-forces/1",
    "The names and features reported on the cards are not exhaustive.",
)
BACKS_HEADING = Quote(
    "rugby-world/appendix-special-cards-and-scrum-forces/2",
    'Note on the printed headings: in the English column of the appendix the nominal cards for numbers 1 to 8 are headed "Backs (1-8)". The rulebook (ch. 2G) identifies that group as the forwards (numbers 1 to 8), so the heading means the forward cards.',
)
FOUR_CARDS = Quote(
    "rugby-world/appendix-special-cards-and-scrum-forces/3",
    'Each national team has four special cards: one collective card for the whole team (the "Team" card) and three nominal cards for a single player, as listed in ch. 2G.',
)
PACK_VALUES = Quote(
    "rugby-world/appendix-special-cards-and-scrum-forces/3",
    "The Scrum Forces value (F) of each team's Scrum pack is shown under its name and is used in the Scrum push (ch. 2D).",
)

# ---------------------------------------------------------------- possessions

POSSESSIONS = Quote(
    "rugby-world/2h/1",
    "The match is played according to the rule of possessions: each match consists of 8 possessions.",
)
POSSESSION_STARTS = Quote(
    "rugby-world/2h/2",
    "A possession is the sequence of actions between the moment when one of the 2 teams gains the ball, following:",
)
LOST_SCORE = Quote("rugby-world/2h/7", "for scoring a try or a Drop or a Penalty kick")
LOST_FAILED_KICK = Quote(
    "rugby-world/2h/8", "for a failed Drop or Penalty kick, or going out of the pitch with the ball"
)
LOST_CLEARING = Quote(
    "rugby-world/2h/9", "for a clearing kick made in play, received by the opposing team or sent into Touch"
)
LOST_OFFSIDE = Quote("rugby-world/2h/10", "for an offside foul committed by one of its own miniatures")
SEVENTH_TACKLE = Quote(
    "rugby-world/2h/11",
    "because during the possession the opponent has made 7 Tackles, also on different miniatures. At the 7th Tackle, in fact, a Scrum put in by the opponent is whistled and the possession ends.",
)
NEXT_POSSESSION = Quote(
    "rugby-world/2h/12",
    "Once a possession ends, the match always passes to the next possession, unless the possession was interrupted by:",
)
RECOVERY = Quote(
    "rugby-world/2h/13",
    "a recovery of the ball by the opponent: in this case the Tackles of that possession are reset and it starts again from zero",
)
TOUCH_BEFORE_THIRD = Quote(
    "rugby-world/2h/14",
    "a clearing kick into Touch made before suffering the 3rd Tackle: in this case it is as if the possession had never begun.",
)
SECOND_HALF = Quote(
    "rugby-world/2h/15",
    "The 5th possession always begins automatically with a restart kick by the team that did not take the kick-off in the 1st half: the 2nd half begins.",
)
MATCH_ENDS = Quote("rugby-world/2h/15", "The match ends at the end of the eighth possession.")
WITHIN_SEVENTH = Quote(
    "rugby-world/2h/18",
    "A team that gains a possession must try to turn it into a try or a Drop within the 7th Tackle: the opponents will play to reach this 7th Tackle, because they will have cancelled a possibility for the opponent and will begin one of their own with the Scrum.",
)
THIRD_TACKLE = Quote(
    "rugby-world/2h/19",
    "If the opponent makes the third Tackle, the possession can no longer be cancelled, but must be played out to the end. A ball recovered in play does not cancel the possession, but resets its Tackles.",
)

# ---------------------------------------------------------------- the tables

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

# The Appendix's table of Scrum pack strengths, as printed (it stops at Scotland, whose value and the three
# teams after it are printed only under each team's name: PACK below).
PACK_TABLE = Table(
    "rugby-world/scrum-forces-values/1",
    ("Team", "Scrum pack F"),
    [
        ("Argentina", "68"),
        ("Australia", "69"),
        ("Canada", "67"),
        ("England", "70"),
        ("Fiji", "68"),
        ("France", "70"),
        ("Germany", "67"),
        ("Ireland", "68"),
        ("Italy", "69"),
        ("Japan", "67"),
        ("New Zealand", "70"),
        ("Samoa", "69"),
    ],
    joiner="\t",
)

# The special cards (the Appendix), as data: last, so the game's quotes keep their order.
# isort: off
from .quotes_cards import CARD_HEAD, CARD_EFFECT, PACK  # noqa: E402, F401
# isort: on
